"""``meneur serve --check``: what stands between the settings and a server that runs, with the fix.

Each check reads and never writes: the database is reached, its migrations are compared with this
version's head (a database behind is migrated by ``meneur serve``; one ahead needs a newer meneur),
the server's key material is looked for (the forms' key in ``server_secrets``; the admin token on
an address beyond loopback), and the settings that name addresses or folders are read as the server
would read them.
"""

from __future__ import annotations

import ipaddress
import os
from dataclasses import dataclass
from typing import Any

from meneur.i18n import N_, Message


@dataclass(frozen=True)
class Problem:
    """Something that keeps the server from running as configured, and how to fix it."""

    what: Message
    fix: Message


def _problem(what: str, fix: str, **params: Any) -> Problem:
    return Problem(Message("server", what, params), Message("server", fix, params))


MIN_ADMIN_TOKEN = 16
"""Characters an admin token has at least (it opens table creation and the operator's pages)."""


def check_settings(settings: Any) -> list[Problem]:
    """The problems of the settings themselves (no database is reached)."""
    from meneur.server.config import LOOPBACK
    from meneur.server.db import is_sqlite

    found: list[Problem] = []
    url = settings.database_url()
    if settings.workers > 1 and is_sqlite(url):
        found.append(
            _problem(
                N_("{workers} workers are set, on SQLite."),
                N_("Use one worker, or PostgreSQL (--db postgresql+psycopg://...)."),
                workers=settings.workers,
            )
        )
    if settings.host in LOOPBACK and settings.proxies() and not settings.admin_token:
        found.append(
            _problem(
                N_("The server trusts proxies, whose clients may be anyone, without an admin token."),
                N_("Set MENEUR_ADMIN_TOKEN to a long random secret (openssl rand -hex 32)."),
            )
        )
    elif not settings.open_creation and not settings.admin_token:
        found.append(
            _problem(
                N_("The server listens on {host}, beyond loopback, without an admin token."),
                N_("Set MENEUR_ADMIN_TOKEN to a long random secret (openssl rand -hex 32)."),
                host=settings.host,
            )
        )
    elif settings.admin_token and len(settings.admin_token) < MIN_ADMIN_TOKEN:
        found.append(
            _problem(
                N_("The admin token has fewer than {count} characters."),
                N_("Set MENEUR_ADMIN_TOKEN to a long random secret (openssl rand -hex 32)."),
                count=MIN_ADMIN_TOKEN,
            )
        )
    for proxy in settings.proxies():
        try:
            ipaddress.ip_network(proxy, strict=False)
        except ValueError:
            found.append(
                _problem(
                    N_("The trusted proxy {proxy} is no address or network."),
                    N_(
                        "Give MENEUR_TRUSTED_PROXIES addresses or networks, comma-separated (10.0.0.1,192.168.0.0/16)."
                    ),
                    proxy=proxy,
                )
            )
    if settings.backup_every:
        folder = settings.backup_folder()
        parent = next((p for p in (folder, *folder.parents) if p.exists()), None)
        if parent is None or not os.access(parent, os.W_OK | os.X_OK):
            found.append(
                _problem(
                    N_("Scheduled backups cannot be written to {folder}."),
                    N_("Set MENEUR_BACKUP_DIR to a folder the server may write."),
                    folder=str(folder),
                )
            )
    return found


def check_database(url: str) -> list[Problem]:
    """The problems of the database: reached, at this version's migrations, holding its key."""
    from sqlalchemy import create_engine, select
    from sqlalchemy.engine import make_url
    from sqlalchemy.pool import NullPool

    from meneur.server.csrf import KEY_NAME
    from meneur.server.db import current_revision, head_revision, is_sqlite, sqlite_path
    from meneur.server.models import ServerSecret

    shown = make_url(url).render_as_string(hide_password=True)
    path = sqlite_path(url) if is_sqlite(url) else None
    if path is not None and not path.exists():
        return [
            _problem(
                N_("The database {url} does not exist yet."),
                N_("Run meneur serve once without --check: it creates and migrates it."),
                url=shown,
            )
        ]
    engine = create_engine(url, poolclass=NullPool)
    try:
        current = current_revision(engine)
        head = head_revision()
        if current != head:
            return [_revision_problem(current, head, shown)]
        with engine.connect() as connection:
            key = connection.scalar(select(ServerSecret.value).where(ServerSecret.name == KEY_NAME))
    except Exception as error:  # the driver's own error, whatever it is: the database is not reached
        return [
            _problem(
                N_("The database {url} does not answer: {detail}"),
                N_("Check the URL (MENEUR_DB or --db), that the database server runs, and its credentials."),
                url=shown,
                detail=f"{type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}",
            )
        ]
    finally:
        engine.dispose()
    if key is None:
        return [
            _problem(
                N_("The database holds no key for the forms' tokens."),
                N_("Run meneur serve once without --check: it makes the key at start."),
            )
        ]
    return []


def _revision_problem(current: str | None, head: str, shown: str) -> Problem:
    from meneur.server.db import migration_scripts

    script = migration_scripts()
    try:
        known = current is None or script.get_revision(current) is not None
    except Exception:
        known = False
    if not known:
        return _problem(
            N_("The database {url} was written by a newer version of meneur (migration {revision})."),
            N_("Upgrade meneur on this host."),
            url=shown,
            revision=current,
        )
    return _problem(
        N_("The database {url} is at migration {revision}, not {head}."),
        N_("Run meneur serve once without --check: it migrates the database at start."),
        url=shown,
        revision=current or "-",
        head=head,
    )
