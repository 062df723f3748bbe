"""The server's settings: command-line options or ``MENEUR_*`` environment variables."""

from __future__ import annotations

from pathlib import Path

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

LOOPBACK = frozenset({"127.0.0.1", "localhost", "::1"})


def default_database_url() -> str:
    """A SQLite file in the user's data directory (created when missing)."""
    from platformdirs import user_data_dir

    folder = Path(user_data_dir("meneur", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'tables.sqlite3'}"


class Settings(BaseSettings):
    """Where the data lives, where to listen, and the instance's secrets."""

    model_config = SettingsConfigDict(env_prefix="MENEUR_", extra="ignore")

    db: str = ""
    """SQLAlchemy URL; empty: a SQLite file in the user's data directory."""
    host: str = "127.0.0.1"
    port: int = 8000
    workers: int = 1
    admin_token: str = ""
    """The instance's admin token: creates GM accounts and tables on a public address."""
    join_attempts_per_minute: int = 10
    """Failed join attempts allowed per client address and minute."""
    snapshot_every: int = Field(default=100, ge=0)
    """Store a snapshot of a session's state every this many commands (0: never); loading a
    session replays only the commands after its latest snapshot."""

    def database_url(self) -> str:
        return self.db or default_database_url()

    @property
    def open_creation(self) -> bool:
        """Whether anyone may create a table (the server listens on loopback only)."""
        return self.host in LOOPBACK
