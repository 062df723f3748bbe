"""The Energy System: characters, challenges, campaign and tactical combat."""
