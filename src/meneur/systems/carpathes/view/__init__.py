"""Carpathes' adapters for the web pages."""
