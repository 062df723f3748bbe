"""The `carpathes` game system (see ../shared/rules/README.md)."""
