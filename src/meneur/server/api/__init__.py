"""The REST routes, one module per resource; :mod:`.common` holds the shared dependencies."""
