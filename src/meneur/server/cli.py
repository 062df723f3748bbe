"""``meneur serve`` and ``meneur table export|import``: the server's commands for the root CLI.

Importing this module imports Typer only; the server's libraries load when a command runs.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any

import typer

from meneur.i18n import Translator

_ = Translator("server")


def _settings(**given: Any) -> Any:
    try:
        from meneur.server.config import Settings
    except ImportError as error:
        typer.echo(
            _(
                "The table server needs the 'server' extra: pip install 'meneur[server]' ({detail}).",
                detail=str(error),
            ),
            err=True,
        )
        raise typer.Exit(2) from None
    from pydantic import ValidationError

    try:
        return Settings(**{key: value for key, value in given.items() if value is not None})
    except ValidationError as error:
        from meneur.engine.problems import explain_lines, issue_lines

        problems = explain_lines(issue_lines([dict(item) for item in error.errors()])).render()
        typer.echo(_("The settings are not valid (MENEUR_* variables or options):"), err=True)
        typer.echo(problems, err=True)
        raise typer.Exit(2) from None


def build_app() -> Any:
    """The app from ``MENEUR_*`` settings (uvicorn's factory, in each worker)."""
    from meneur.server.app import build_app as build

    return build(_settings())


def _announce(url: str, base: str, demo: bool) -> None:
    """Print the operator's one-time GM sign-in link and, with ``demo``, create the demo table (the
    local GM account's) and print its links first; each link with its QR code."""
    import time

    from meneur.server.accounts import local_account, new_sign_in_code
    from meneur.server.store import Store
    from meneur.web.demo import announce, announce_sign_in, create_demo

    store = Store(url)
    try:
        with store.writer() as writer:
            code = new_sign_in_code(writer, time.time())
            account_id = local_account(writer).id
        made = create_demo(store, account_id=account_id) if demo else None
    finally:
        store.close()
    if made is not None:
        announce(made, base, sys.stdout)
    announce_sign_in(code, base, sys.stdout)


def public_base(settings: Any) -> str:
    """The address the printed links and the pages' join links use (see ``Settings.public_url``)."""
    from meneur.web.demo import base_url

    return settings.public_url.rstrip("/") or base_url(settings.host, settings.port)


def build_serve() -> typer.Typer:
    """``meneur serve`` alone (the root builds it when it runs)."""
    app = typer.Typer(add_completion=False, pretty_exceptions_enable=False, rich_markup_mode="rich")
    register(app, table=False)
    return app


def build_table() -> typer.Typer:
    """``meneur table export|import`` (the root builds it when it runs)."""
    app = typer.Typer(
        add_completion=False,
        pretty_exceptions_enable=False,
        rich_markup_mode="rich",
        no_args_is_help=True,
        help=_("Move a table between servers: export and import."),
    )
    register(app, serve=False)
    return app


def _db_option() -> Any:
    return typer.Option(None, "--db", help=_("Database URL (default: a SQLite file in your data folder)."))


def _fail(message: str) -> typer.Exit:
    typer.echo(message, err=True)
    return typer.Exit(2)


def check_server(settings: Any) -> None:
    """Print what keeps the server from running as configured, with the fix, and exit 2; else say
    it is ready and exit 0 (nothing is written)."""
    from meneur.server.check import check_database, check_settings

    problems = check_settings(settings)
    problems += check_database(settings.database_url())
    for problem in problems:
        typer.echo(_("problem: {what}", what=problem.what.render()), err=True)
        typer.echo(_("  fix: {fix}", fix=problem.fix.render()), err=True)
    if problems:
        raise typer.Exit(2)
    typer.echo(_("The settings and the database are ready: meneur serve can start."))


def run_server(settings: Any, demo: bool = False) -> None:
    """Migrate the database, say where it is and where the server listens, then run uvicorn (its
    workers read their settings from the environment)."""
    import os

    import uvicorn

    from meneur.server.db import is_sqlite
    from meneur.server.logs import LOG_CONFIG
    from meneur.server.store import Store

    url = settings.database_url()
    if settings.workers > 1 and is_sqlite(url):
        raise _fail(_("Several workers need PostgreSQL (--db postgresql+psycopg://...)."))
    store = Store(url)
    try:
        store.migrate()
    except Exception as error:
        raise _fail(str(error)) from None
    finally:
        store.close()
    shown = store.engine.url.render_as_string(hide_password=True)
    typer.echo(_("meneur table server: database {url}", url=shown), err=True)
    typer.echo(_("listening on http://{host}:{port}", host=settings.host, port=settings.port), err=True)
    base = public_base(settings)
    if demo or settings.announces_sign_in:
        _announce(url, base, demo)
    os.environ.update({"MENEUR_DB": url, **settings_environment(settings), "MENEUR_PUBLIC_URL": base})
    uvicorn.run(
        "meneur.server.cli:build_app",
        factory=True,
        workers=settings.workers if settings.workers > 1 else None,
        log_config=LOG_CONFIG,
        access_log=settings.access_log,
        **uvicorn_options(settings),
    )


def settings_environment(settings: Any) -> dict[str, str]:
    """The settings a worker process reads again from its environment."""
    return {
        "MENEUR_HOST": settings.host,
        "MENEUR_PORT": str(settings.port),
        "MENEUR_TRUSTED_PROXIES": settings.trusted_proxies,
        "MENEUR_HEADER_TIMEOUT": str(settings.header_timeout),
        "MENEUR_MAX_CONNECTIONS": str(settings.max_connections),
    }


def uvicorn_options(settings: Any) -> dict[str, Any]:
    """How uvicorn listens: no forwarded header believed by uvicorn itself (it believes loopback's
    by default: any local client could pick its address; the app believes the trusted proxies',
    after :class:`meneur.server.logs.RequestIds` has seen who connects), the httptools protocol on
    uvloop's event loop with a deadline for a request's head and a cap on connections
    (:mod:`meneur.server.protocol`), idle connections closed after ``keep_alive`` seconds."""
    return {
        "host": settings.host,
        "port": settings.port,
        "http": "meneur.server.protocol:GuardedProtocol",
        "loop": "auto",  # uvloop where it is installed (the server extra, but for Windows)
        "proxy_headers": False,
        "timeout_keep_alive": settings.keep_alive,
        # uvicorn counts the asking connection too: one more, so that every connection the
        # protocol lets in may be served
        "limit_concurrency": settings.max_connections + 1,
        "ws": "websockets-sansio",
        "ws_per_message_deflate": False,  # small JSON messages: compressing them only costs CPU
    }


def export_to_stdout(settings: Any, table_id: str, until: float | None = None) -> None:
    """Write the table ``table_id`` as JSON on standard output (each session's log cut at
    ``until``, a Unix time, when given)."""
    from meneur.errors import MeneurError
    from meneur.server.store import Store
    from meneur.server.transfer import export_table

    store = Store(settings.database_url())
    try:
        store.migrate()
        with store.reader() as reader:
            data = export_table(reader, table_id, until)
    except MeneurError as error:
        raise _fail(error.render()) from None
    finally:
        store.close()
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=1) + "\n")


def import_from_file(settings: Any, path: str) -> None:
    """Read the table exported in ``path`` as a new table and print its id, GM token and join code."""
    from meneur.errors import MeneurError
    from meneur.server.store import Store
    from meneur.server.transfer import import_table
    from meneur.storage import read_data

    store = Store(settings.database_url())
    try:
        store.migrate()
        data = read_data(path)
        with store.writer() as writer:
            created = import_table(writer, data, settings.snapshot_every)
    except MeneurError as error:
        raise _fail(error.render()) from None
    finally:
        store.close()
    typer.echo(json.dumps(created))


def build_backup() -> typer.Typer:
    """``meneur backup`` alone (the root builds it when it runs)."""
    app = typer.Typer(add_completion=False, pretty_exceptions_enable=False, rich_markup_mode="rich")
    app.command("backup", help=_("Write a consistent copy of the whole database (the server may run)."))(
        _backup_command()
    )
    return app


def build_restore() -> typer.Typer:
    """``meneur restore`` alone (the root builds it when it runs)."""
    app = typer.Typer(add_completion=False, pretty_exceptions_enable=False, rich_markup_mode="rich")
    app.command(
        "restore", help=_("Bring a backup back into an empty database; every session is replayed first.")
    )(_restore_command())
    return app


def backup_to(settings: Any, to: str | None) -> None:
    """Write a backup of the settings' database to ``to`` (default: a new file in the backup
    folder) and print its path."""
    from pathlib import Path

    from meneur.server.backup import backup, backup_name
    from meneur.server.db import sqlite_path
    from meneur.server.store import Store

    url = settings.database_url()
    path = sqlite_path(url) if url.startswith("sqlite") else None
    if path is not None and not path.exists():
        raise _fail(_("No database at {path}: nothing to back up.", path=str(path)))
    store = Store(url, pool={"pool_size": 1, "max_overflow": 1})
    try:
        target = Path(to) if to else settings.backup_folder() / backup_name(store.engine)
        written = backup(store.engine, target)
    except OSError as error:
        raise _fail(_("The backup could not be written: {detail}", detail=str(error))) from None
    finally:
        store.close()
    typer.echo(str(written))


def restore_from(settings: Any, path: str, force: bool) -> None:
    """Restore the backup ``path`` into the settings' database (see :func:`meneur.server.backup.restore`)."""
    from pathlib import Path

    from meneur.errors import MeneurError
    from meneur.server.backup import restore
    from meneur.server.store import Store

    store = Store(settings.database_url(), pool={"pool_size": 1, "max_overflow": 1})
    try:
        done = restore(Path(path), store.engine, force=force, keep_in=settings.backup_folder())
    except MeneurError as error:
        raise _fail(error.render()) from None
    finally:
        store.close()
    if done["replaced"]:
        typer.echo(_("The database it replaces was saved in {path}.", path=done["replaced"]), err=True)
    typer.echo(
        _(
            "Restored: {tables} tables, {sessions} sessions replayed.",
            tables=done["tables"],
            sessions=done["sessions"],
        )
    )


def _backup_command() -> Callable[..., None]:
    def backup_command(
        to: str = typer.Option(
            None,
            "--to",
            help=_("The file to write (default: a new file in the backup folder)."),
            metavar=_("FILE"),
        ),
        db: str = _db_option(),
    ) -> None:
        """Write a consistent copy of the whole database (the server may run)."""
        backup_to(_settings(db=db), to)

    return backup_command


def _restore_command() -> Callable[..., None]:
    def restore_command(
        path: str = typer.Argument(..., help=_("The file written by 'meneur backup'."), metavar=_("FILE")),
        force: bool = typer.Option(
            False, "--force", help=_("Replace a database that holds data (it is backed up first).")
        ),
        db: str = _db_option(),
    ) -> None:
        """Bring a backup back; every session is replayed first, and a backup that does not replay
        changes nothing. Stop the server first."""
        restore_from(_settings(db=db), path, force)

    return restore_command


def _serve_command() -> Callable[..., None]:
    def serve_command(
        db: str = _db_option(),
        host: str = typer.Option(None, "--host", help=_("Address to listen on (default 127.0.0.1).")),
        port: int = typer.Option(None, "--port", help=_("Port to listen on (default 8000).")),
        workers: int = typer.Option(None, "--workers", help=_("Worker processes (PostgreSQL only).")),
        access_log: bool = typer.Option(
            None, "--access-log/--no-access-log", help=_("Log every HTTP request (default: off).")
        ),
        demo: bool = typer.Option(
            False,
            "--demo",
            help=_(
                "Create a demo table (the book's heroes against Octopus agents) and print its links "
                "and QR codes; listens on the local network unless --host says."
            ),
        ),
        check: bool = typer.Option(
            False,
            "--check",
            help=_(
                "Check the settings and the database (reached, migrated, its key present) and exit: "
                "0 when ready, 2 with what is wrong and how to fix it."
            ),
        ),
    ) -> None:
        """Run the table server (REST and WebSocket API)."""
        if demo and host is None:
            host = "0.0.0.0"
        settings = _settings(db=db, host=host, port=port, workers=workers, access_log=access_log)
        if check:
            check_server(settings)
            return
        run_server(settings, demo=demo)

    return serve_command


def _export_command() -> Callable[..., None]:
    def export_table(
        table_id: str = typer.Argument(..., help=_("The table's id."), metavar="ID"),
        db: str = _db_option(),
        until: str = typer.Option(
            "",
            "--until",
            help=_("Cut every session's log at this ISO time (2026-12-01T21:30: the server's local time)."),
            metavar=_("TIME"),
        ),
    ) -> None:
        """Write a table (members without secrets, characters, sessions, rolls) as JSON."""
        export_to_stdout(_settings(db=db), table_id, iso_moment(until) if until else None)

    return export_table


def iso_moment(text: str) -> float:
    """An ISO time as a Unix time (the server's local time when it names no offset)."""
    from datetime import datetime

    try:
        found = datetime.fromisoformat(text)
    except ValueError:
        raise _fail(
            _("'{text}' is not an ISO time: write it as 2026-12-01T21:30 or 2026-12-01T21:30+01:00.").format(
                text=text
            )
        ) from None
    return (found if found.tzinfo is not None else found.astimezone()).timestamp()


def _import_command() -> Callable[..., None]:
    def import_table(
        path: str = typer.Argument(
            ..., help=_("The file written by 'meneur table export'."), metavar=_("FILE")
        ),
        db: str = _db_option(),
    ) -> None:
        """Read a table exported as JSON; every session is replayed first."""
        import_from_file(_settings(db=db), path)

    return import_table


def register(app: typer.Typer, serve: bool = True, table: bool = True) -> None:
    """Add ``serve`` and the ``table`` commands to ``app`` (help in the current language)."""
    if serve:
        app.command("serve", help=_("Run the table server (REST and WebSocket API)."))(_serve_command())
    if table:
        app.command("export", help=_("Write a table as JSON on standard output."))(_export_command())
        app.command("import", help=_("Read a table exported as JSON; every session is replayed first."))(
            _import_command()
        )
