"""Warzone's adapters for the web pages."""
