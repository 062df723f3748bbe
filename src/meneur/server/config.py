"""The server's settings: command-line options or ``MENEUR_*`` environment variables."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

LOOPBACK = frozenset({"127.0.0.1", "localhost", "::1"})


def default_database_url() -> str:
    """A SQLite file in the user's data directory (created 0700 when missing; tightened to it when
    others could enter it: it is meneur's own folder)."""
    from platformdirs import user_data_dir

    from meneur.server.db import PRIVATE_FOLDER, tighten

    folder = Path(user_data_dir("meneur", appauthor=False))
    folder.mkdir(mode=PRIVATE_FOLDER, parents=True, exist_ok=True)
    tighten(folder, PRIVATE_FOLDER)
    return f"sqlite:///{folder / 'tables.sqlite3'}"


class Settings(BaseSettings):
    """Where the data lives, where to listen, and the instance's secrets."""

    model_config = SettingsConfigDict(env_prefix="MENEUR_", extra="ignore")

    db: str = ""
    """SQLAlchemy URL; empty: a SQLite file in the user's data directory."""
    host: str = "127.0.0.1"
    port: int = 8000
    public_url: str = ""
    """Where players' browsers reach the server (``http://192.168.1.20:8000``): the join links and
    QR codes use it; empty: the address ``meneur serve`` printed (this machine's address on the
    local network when it listens on every interface)."""
    workers: int = 1
    admin_token: str = ""
    """The instance's admin token: creates GM accounts and tables on a public address."""
    join_attempts_per_minute: int = 10
    """Wrong join codes allowed per table, client address and minute (and wrong passwords per GM
    account and address); the right join code is never refused."""
    trusted_proxies: str = ""
    """Addresses or networks (comma-separated: ``10.0.0.1,192.168.0.0/16``) of the reverse proxies
    whose ``X-Forwarded-For``, ``X-Forwarded-Proto`` and ``X-Forwarded-Host`` the server believes;
    empty: none (a client's address is the one that connects, whoever says otherwise)."""
    header_timeout: float = Field(default=10.0, gt=0)
    """Seconds a connection has to send a request's whole head (request line and headers) before
    it is closed: a client sending its headers a byte at a time holds no connection for long."""
    keep_alive: int = Field(default=5, ge=1)
    """Seconds an idle connection is kept open between two requests."""
    max_connections: int = Field(default=1000, ge=1)
    """Connections per worker process at most (WebSockets included): a new one beyond is answered
    503 and closed, as is a request beyond as many running at once."""
    access_log: bool = False
    """Log every HTTP request (uvicorn's access log). Off by default: the server logs what changes a
    table (commands, rolls, members) itself, and a line per request costs each request its write."""
    gc_freeze_every: float = Field(default=2.0, ge=0)
    """Seconds between two freezes of what a worker holds (:mod:`meneur.server.collector`): the
    garbage collector's full collections then walk only what was made since (0: Python's collector
    as it comes)."""
    gc_full_every: float = Field(default=600.0, ge=0)
    """Seconds between two full collections of everything, frozen objects included, which free the
    garbage held in reference cycles (0: never; with ``gc_freeze_every`` 0, unused)."""
    snapshot_every: int = Field(default=100, ge=0)
    """Store a snapshot of a session's state every this many commands (0: never); loading a
    session replays only the commands after its latest snapshot."""
    sessions_in_memory: int = Field(default=2048, ge=1)
    """Game sessions each worker process keeps in memory, the least recently played dropped first
    (a fight of ten commands holds about 25 KiB); a session not in memory is rebuilt from its
    latest snapshot and the commands after it."""

    threads: int = Field(default=0, ge=0)
    """Request threads per worker process (routes and the live feed's database reads share them);
    0: 40 on SQLite, 16 on PostgreSQL."""
    db_pool: int = Field(default=0, ge=0)
    """Database connections per worker process at most; 0: two per request thread and two more
    (a request may hold a read and a write connection; the live feed reads in the event loop)."""
    db_pool_timeout: float = Field(default=30.0, gt=0)
    """Seconds a request waits for a connection before the server answers 503 (a live connection
    closes with code 1013, try again later)."""

    backup_every: int = Field(default=0, ge=0)
    """Seconds between two backups the server writes itself (0: none)."""
    backup_keep: int = Field(default=7, ge=0)
    """Scheduled backups kept: the oldest beyond are removed (0: keep them all)."""
    backup_dir: str = ""
    """The folder of the backups; empty: ``backups`` beside a SQLite file (else in meneur's data
    folder)."""
    metrics: bool = False
    """Serve ``/metrics`` (Prometheus), to the admin token only."""

    def backup_folder(self) -> Path:
        """Where ``meneur backup`` and the schedule write."""
        from meneur.server.backup import default_folder

        return Path(self.backup_dir) if self.backup_dir else default_folder(self.database_url())

    def database_url(self) -> str:
        return self.db or default_database_url()

    def request_threads(self) -> int:
        if self.threads:
            return self.threads
        return 40 if self.database_url().startswith("sqlite") else 16

    def pool(self) -> dict[str, Any]:
        """The connection pool of one worker: SQLAlchemy's ``pool_size``, ``max_overflow``,
        ``pool_timeout``. On PostgreSQL, workers × ``db_pool`` (plus two per worker: one listens for
        the other workers' changes, one reads them) must stay under the server's
        ``max_connections``: 2 workers take 2 × 34 + 4 = 72 by default, within PostgreSQL's default
        of 100."""
        most = self.db_pool or 2 * self.request_threads() + 2
        steady = max(1, most // 2)
        return {"pool_size": steady, "max_overflow": most - steady, "pool_timeout": self.db_pool_timeout}

    def proxies(self) -> list[str]:
        """The trusted proxies, one address or network each."""
        return [part.strip() for part in self.trusted_proxies.split(",") if part.strip()]

    @property
    def announces_sign_in(self) -> bool:
        """Whether ``meneur serve`` prints the operator's GM sign-in link: beyond loopback, where a
        table needs a GM account."""
        return not self.open_creation

    @property
    def open_creation(self) -> bool:
        """Whether anyone may create a table: the server listens on loopback only and trusts no
        proxy (behind a proxy, whoever the proxy serves connects from loopback)."""
        return self.host in LOOPBACK and not self.proxies()
