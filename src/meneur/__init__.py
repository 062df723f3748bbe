"""meneur: a rules engine and game-master companion for tabletop role-playing games."""

__version__ = "0.1.0"
