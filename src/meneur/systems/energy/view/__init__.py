"""The Energy System's adapters for the web pages."""
