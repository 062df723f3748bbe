"""The demo table of ``meneur serve --demo``, and a new table's first session: a game's
:class:`~meneur.engine.plugin.Demo` (its plugin's ``demo`` part), ready to play.

The table, its GM and its session are written as the API writes them (a GM member with a hashed
token, a join code, a session of the engine whose setup is the demo's); the links carry the GM's
token and the join code, shown in the terminal as text and as QR codes (``segno``).
"""

from __future__ import annotations

import socket
import time
from dataclasses import dataclass
from typing import Any, TextIO, cast
from urllib.parse import quote

from meneur.engine import Session
from meneur.engine.plugin import Demo as GameDemo
from meneur.engine.plugin import Game, load
from meneur.engine.registry import games
from meneur.i18n import Translator
from meneur.server import feed
from meneur.server.auth import digest, join_code_digest, new_id, new_join_code, new_token
from meneur.server.models import GameSession, GameTable, Member

_ = Translator("web")


def demo_of(game: Game) -> GameDemo | None:
    """The game's demo (``None``: it has none)."""
    return None if game.demo is None else cast("GameDemo", load(game.demo)())


def demo_game() -> Game:
    """The first listed game that has a demo (``serve --demo``'s)."""
    return next(game for game in games() if game.demo is not None)


def add_fight(writer: Any, table_id: str, demo: GameDemo) -> str:
    """Write a new session of ``demo`` at ``table_id`` (in the writer's transaction); its id."""
    session = Session.new(demo.kind, demo.setup)
    session_id = new_id()
    writer.add(
        GameSession(
            id=session_id,
            table_id=table_id,
            kind=demo.kind,
            created_at=time.time(),
            setup=session.setup,
            controllers={},
            version=0,
            event_count=0,
        )
    )
    writer.flush()
    feed.append(
        writer,
        table_id,
        "session",
        {"session": {"id": session_id, "kind": demo.kind, "version": 0}},
        session_id=session_id,
    )
    return session_id


def add_demo_fight(app: Any, table_id: str, game: Game) -> str | None:
    """The game's demo session at its new table (the home page's "create a table"); its id, or
    ``None`` for a game without a demo."""
    demo = demo_of(game)
    if demo is None:
        return None
    with app.state.store.writer() as writer:
        session_id = add_fight(writer, table_id, demo)
    app.state.hub.notify(table_id)
    return session_id


@dataclass(frozen=True)
class Demo:
    table_id: str
    session_id: str
    gm_token: str
    join_code: str

    def gm_link(self, base: str) -> str:
        return f"{base}/enter/{self.table_id}#{quote(self.gm_token)}"

    def join_link(self, base: str) -> str:
        return f"{base}/join/{self.table_id}?code={quote(self.join_code)}"


def create_demo(store: Any, name: str | None = None, account_id: int | None = None) -> Demo:
    """A new table with a GM and the demo of the first game that has one, named ``name`` (else
    the name the demo gives, in the current language); ``account_id``: the GM account it belongs
    to (the operator's, whose sign-in link ``meneur serve --demo`` prints beside it)."""
    game = demo_game()
    demo = demo_of(game)
    assert demo is not None
    table_id, token, code = new_id(), new_token(), new_join_code()
    title = name if name is not None else demo.table.render()
    with store.writer() as writer:
        writer.add(
            GameTable(
                id=table_id,
                name=title,
                system=game.key,
                options={},
                join_code_hash=join_code_digest(code),
                join_code=code,
                seq=0,
                account_id=account_id,
            )
        )
        writer.flush()
        writer.add(Member(id=new_id(), table_id=table_id, name="MJ", role="gm", token_hash=digest(token)))
        session_id = add_fight(writer, table_id, demo)
    return Demo(table_id, session_id, token, code)


def lan_address() -> str:
    """This machine's address on the local network (no packet is sent), else the loopback."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.254.254.254", 1))
        address: str = probe.getsockname()[0]
        return address
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def base_url(host: str, port: int) -> str:
    """Where a browser reaches the server: the LAN address when it listens on every interface."""
    shown = lan_address() if host in ("0.0.0.0", "::") else host
    if ":" in shown:
        shown = f"[{shown}]"
    return f"http://{shown}:{port}"


def announce(demo: Demo, base: str, out: TextIO) -> None:
    """Print the GM's link and a player's join link, each with its QR code."""
    import segno

    for title, link in (
        (_("Game master's screen (keep this link to yourself):"), demo.gm_link(base)),
        (_("Players: scan to join the table from a phone:"), demo.join_link(base)),
    ):
        out.write(f"\n{title}\n{link}\n")
        segno.make(link, error="l").terminal(out=out, compact=True, border=2)
    out.flush()


def sign_in_link(code: str, base: str) -> str:
    """The operator's one-time GM sign-in link (the code after the ``#``: no log holds it)."""
    return f"{base}/account/code#{quote(code)}"


def announce_sign_in(code: str, base: str, out: TextIO) -> None:
    """Print the operator's one-time GM sign-in link with its QR code, then how to stop."""
    import segno

    title = _("Game master, to create tables: sign in once with this link (it works once, for an hour):")
    link = sign_in_link(code, base)
    out.write(f"\n{title}\n{link}\n")
    segno.make(link, error="l").terminal(out=out, compact=True, border=2)
    out.write("\n" + _("Stop the server with Ctrl-C.") + "\n")
    out.flush()
