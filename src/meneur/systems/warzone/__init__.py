"""The `warzone` game system (see ../shared/rules/README.md)."""
