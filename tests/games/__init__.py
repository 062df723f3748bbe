"""Test-only games: each is a whole meneur game in one package, registered by a fixture."""
