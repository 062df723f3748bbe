"""INS/MV's adapters for the web pages."""
