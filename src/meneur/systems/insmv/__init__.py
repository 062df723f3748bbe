"""The `insmv` game system (see ../shared/rules/README.md)."""
