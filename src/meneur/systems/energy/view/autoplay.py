"""Auto-play of the non-player characters: a task in the server's event loop gives the tactical
AI's commands (:func:`meneur.systems.energy.view.npc.npc_move`) one at a time, with a short pause so the players see
each move, through the same service as the pages' buttons (the engine decides, the live feed tells
every page). It waits while a player's character must act, and switches itself off when the fight is
over or a command is refused (the reason shown on the GM's screen).

The switch is stored with the session (``sessions.autoplay``: on, the GM who switched it, a run
number, why it stopped), so every worker of ``meneur serve --workers N`` shows the same. A worker
whose GM page finds it on without a task of its own runs one too (after a restart, on another
worker); each task reads the stored switch before each move and ends once it was switched off or
again. The version check of each command lets one task play each move: the others are refused with
a 409 and look again. Nothing here decides a rule.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextvars
import logging
import threading
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from sqlalchemy import select
from sqlalchemy.orm import Session as Db

from meneur.errors import MeneurError
from meneur.i18n import N_, Message
from meneur.server import feed
from meneur.server.api.common import ApiError, Caller
from meneur.server.games import live_command
from meneur.server.models import GameSession, Member
from meneur.server.services import Context
from meneur.server.services import sessions as service
from meneur.systems.energy.ai.adapter import over
from meneur.systems.energy.combat.state import Phase
from meneur.systems.energy.view import npc

log = logging.getLogger("meneur.systems.energy.view.autoplay")

_MADE = threading.Lock()
"""Held while the first use makes an app's table of auto-play tasks (pages run in threads)."""

PAUSE = 1.0
"""Seconds between two commands of auto-play, so the players see each move."""


# -- auto-play -------------------------------------------------------------------------------------


@dataclass
class AutoPlay:
    """This process's task playing one fight (the switch itself is stored with the session)."""

    table_id: str
    gm_id: str
    on: bool = False
    waiting: bool = False
    """Whether auto-play looked at the fight since its last change and waits for a player."""
    run: int = 0
    """Which switching-on the running task belongs to (an older task stops without a word)."""
    reason: Message | MeneurError | ApiError | None = None
    task: concurrent.futures.Future[None] | None = field(default=None, repr=False)

    def why(self, lang: str) -> str | None:
        """Why auto-play stopped by itself, in ``lang``."""
        if self.reason is None:
            return None
        if isinstance(self.reason, ApiError):
            return self.reason.message.render(lang)
        return self.reason.render(lang)


def autoplays(app: Any) -> dict[str, AutoPlay]:
    """The auto-play tasks of this server process, by session id (kept in ``app.state.web_autoplay``,
    made on first use: the shared web app knows nothing of auto-play)."""
    with _MADE:
        found: dict[str, AutoPlay] | None = getattr(app.state, "web_autoplay", None)
        if found is None:
            found = app.state.web_autoplay = {}
        return found


def pause(app: Any) -> float:
    """Seconds between two commands of auto-play in ``app``: ``app.state.web_autoplay_pause`` when
    set (a test sets 0), else :data:`PAUSE`."""
    return float(getattr(app.state, "web_autoplay_pause", PAUSE))


def autoplay_of(app: Any, session_id: str) -> AutoPlay | None:
    return autoplays(app).get(session_id)


def stored(db: Db, session_id: str) -> dict[str, Any]:
    """The stored switch of the fight (read afresh: another worker may have changed it)."""
    found = db.scalar(select(GameSession.autoplay).where(GameSession.id == session_id))
    return dict(found) if isinstance(found, dict) else {}


def stopped(switch: dict[str, Any], lang: str) -> str | None:
    """Why auto-play stopped by itself (the stored switch's reason), in ``lang``."""
    reason = switch.get("stopped")
    if not isinstance(reason, dict):
        return None
    message = Message(
        str(reason.get("domain", "web")),
        str(reason.get("msgid", "")),
        dict(reason.get("params") or {}),
        plural=str(reason.get("plural", "")),
        count=int(reason.get("count", 0)),
    )
    return message.render(lang)


def _reason_json(reason: Message | MeneurError | ApiError) -> dict[str, Any]:
    message = reason if isinstance(reason, Message) else reason.message
    params = {
        key: value if isinstance(value, str | int | float | bool) or value is None else _text(value)
        for key, value in message.params.items()
    }
    return {
        "domain": message.domain,
        "msgid": message.msgid,
        "params": params,
        "plural": message.plural,
        "count": message.count,
    }


def _text(value: Any) -> str:
    return value.render() if isinstance(value, Message) else str(value)


def _store(app: Any, session_id: str, change: Any, announce: bool = True) -> dict[str, Any] | None:
    """Change the stored switch with ``change(switch) -> switch or None`` (``None``: leave it) in one
    write; with ``announce``, a change of the live feed so every page (every GM tab, every worker)
    shows it. The switch as stored after, or ``None`` when the fight is gone or nothing changed."""
    with app.state.store.writer() as writer:
        row = writer.get(GameSession, session_id, with_for_update=True)
        if row is None:
            return None
        switch = change(dict(row.autoplay or {}))
        if switch is None:
            return None
        row.autoplay = switch
        table_id = row.table_id
        if announce:
            feed.append(
                writer,
                table_id,
                "session",
                {"session": {"id": session_id, "kind": row.kind, "version": row.version}},
                session_id=session_id,
            )
    if announce:
        app.state.hub.notify(table_id)
    return dict(switch)


def _start(app: Any, session_id: str, found: AutoPlay) -> None:
    if found.task is not None:
        found.task.cancel()  # cancels the task in the event loop
        found.task = None
    if found.on:
        loop = app.state.hub.loop
        assert loop is not None, "the server's event loop runs once the app has started"
        # in an empty context: the task must not carry the calling request's read session (a write
        # of the task would end that read while the request still uses it, in another thread)
        found.task = contextvars.Context().run(
            asyncio.run_coroutine_threadsafe, _run(app, session_id, found, found.run), loop
        )


def switch(app: Any, me: Caller, session_id: str, on: bool) -> None:
    """Switch auto-play of the fight on (as GM ``me``) or off; every GM tab of every worker sees it."""
    switched = _store(
        app,
        session_id,
        lambda old: {"on": on, "gm": me.id, "run": int(old.get("run", 0)) + 1, "stopped": None},
    )
    if switched is None:
        return
    found = autoplays(app).get(session_id)
    if found is None:
        found = autoplays(app)[session_id] = AutoPlay(me.table_id, me.id)
    found.gm_id, found.on, found.reason, found.run = me.id, on, None, switched["run"]
    _start(app, session_id, found)


def adopt(app: Any, table_id: str, session_id: str, switch: dict[str, Any]) -> None:
    """Run the stored switch in this process when it is on and no task of this process runs it (a
    restarted server, another worker): each command's version check lets only one worker play each
    move, the others are refused (409) and look again."""
    if not switch.get("on") or app.state.hub.loop is None:
        return
    found = autoplays(app).get(session_id)
    run = int(switch.get("run", 0))
    if found is not None and found.run == run and found.task is not None and not found.task.done():
        return
    found = autoplays(app)[session_id] = AutoPlay(table_id, str(switch.get("gm", "")), on=True, run=run)
    _start(app, session_id, found)


def halt(app: Any, session_id: str) -> None:
    """Switch auto-play off (before an undo, which it would otherwise play again)."""

    def off(old: dict[str, Any]) -> dict[str, Any] | None:
        if not old.get("on"):
            return None
        return {**old, "on": False, "run": int(old.get("run", 0)) + 1, "stopped": None}

    with app.state.store.reader() as db:
        on = bool(stored(db, session_id).get("on"))
    if on:  # no write (no lock) for the undo of a fight nobody auto-plays
        _store(app, session_id, off, announce=False)  # the undo that follows tells every page
    found = autoplays(app).get(session_id)
    if found is not None and found.on:
        found.on, found.reason, found.run = False, None, found.run + 1
        if found.task is not None:
            found.task.cancel()
            found.task = None


def _stop(
    app: Any, session_id: str, found: AutoPlay, run: int, reason: Message | MeneurError | ApiError
) -> None:
    if found.run != run:  # switched again meanwhile
        return

    def stop(old: dict[str, Any]) -> dict[str, Any] | None:
        if int(old.get("run", 0)) != run:  # switched again meanwhile, maybe by another worker
            return None
        return {**old, "on": False, "stopped": _reason_json(reason)}

    _store(app, session_id, stop)  # stored first: a page that sees this task off sees why
    found.on, found.reason = False, reason


class _Step(NamedTuple):
    kind: str
    """``played``, ``wait`` (a player must act), ``again`` (another command came first), ``stop``
    or ``quit`` (switched off or again, maybe by another worker: this task ends without a word)."""
    reason: Message | MeneurError | ApiError | None = None


def _context(app: Any, db: Db) -> Context:
    """The service layer's :class:`Context` of this server, with this thread's database session."""
    state = app.state
    return Context(
        db=db, store=state.store, games=state.games, hub=state.hub, settings=state.settings, state=state
    )


def play_one(app: Any, session_id: str, found: AutoPlay) -> _Step:
    """Give the next command of a non-player character, if one must act (called in a thread)."""
    # this thread's own request reader: the command's write ends this read, not the one of the request
    # that switched auto-play on (whose context the task was copied from, and which another thread uses)
    db: Db = app.state.store.request_reader()
    try:
        switched = stored(db, session_id)
        if not switched.get("on") or switched.get("run") != found.run:
            return _Step("quit")
        row = db.get(GameSession, session_id)
        member = db.get(Member, str(switched.get("gm", "")))
        if row is None or member is None or member.role != "gm":
            return _Step(
                "stop", Message("web", N_("Auto-play stopped: the fight or its game master is gone."))
            )
        games = app.state.games
        with games.lock(session_id):  # loading may take the session on with another worker's commands
            session = games.load(db, row)
            state, version = session.state, row.version
        if state.phase is Phase.ENDED:
            return _Step("stop", Message("web", N_("Auto-play stopped: the fight is over.")))
        if state.phase is not Phase.SETUP and over(state):
            return _Step(
                "stop",
                Message(
                    "web", N_("Auto-play stopped: one side is all out of the fight; end it when you wish.")
                ),
            )
        move = npc.npc_move(state, npc.player_actors(db, row))
        if move is None:
            return _Step("wait")
        wire = session.system.codec.command_to_json(move.command)
        me = Caller(member.id, member.table_id, member.role, member.name)
        if not found.on:  # switched off meanwhile
            return _Step("wait")
        try:
            service.do(_context(app, db), me, session_id, service.CommandIn(command=wire, version=version))
        except ApiError as error:
            if error.status_code == 409:  # someone (another worker) played first: look again
                return _Step("again")
            return _Step("stop", error)
        except MeneurError as error:
            return _Step("stop", error)
        return _Step("played")
    finally:
        db.close()


def pass_forced(app: Any, session_id: str) -> bool:
    """Take the one step the fight leaves when no one has a choice (a maintenance phase in which nobody
    may keep a hold, maintain or regenerate: :func:`~meneur.systems.energy.combat.forced.forced_step`),
    as a game master of the table, through the same service as the buttons: an entry of the log, which
    undo takes back. Whether a step was taken (a command that came first wins: nothing is taken)."""
    from meneur.systems.energy.combat.forced import forced_step

    db: Db = app.state.store.request_reader()
    try:
        head = db.execute(
            select(GameSession.table_id, GameSession.version).where(GameSession.id == session_id)
        ).one_or_none()
        if head is None:
            return False
        table_id, version = str(head[0]), int(head[1])
        games = app.state.games
        with games.lock(session_id):  # the session in memory, else as stored (its whole row read)
            session = games.cached(session_id, version, live_command(db, session_id, version))
            if session is None:
                row = db.get(GameSession, session_id)
                if row is None:
                    return False
                session, version = games.load(db, row), row.version
            step = forced_step(session.state)
        if step is None:  # the usual case: no statement more
            return False
        gm = db.scalars(
            select(Member).where(Member.table_id == table_id, Member.role == "gm").order_by(Member.id)
        ).first()
        if gm is None:
            return False
        wire = session.system.codec.command_to_json(step)
        me = Caller(gm.id, gm.table_id, gm.role, gm.name)
        try:
            service.do(_context(app, db), me, session_id, service.CommandIn(command=wire, version=version))
        except (ApiError, MeneurError):  # another command came first: it is the fight's now
            return False
        return True
    finally:
        db.close()


async def _run(app: Any, session_id: str, found: AutoPlay, run: int) -> None:
    """Play while non-player characters must act; wait for the table's next change otherwise."""
    hub = app.state.hub
    changed = hub.subscribe(found.table_id)
    try:
        while found.on and found.run == run:
            changed.clear()
            found.waiting = False
            try:
                step = await asyncio.to_thread(play_one, app, session_id, found)
            except Exception:  # auto-play stops, the server goes on
                log.exception("auto-play failed", extra={"session": session_id})
                step = _Step(
                    "stop",
                    Message("web", N_("Auto-play stopped by an unexpected error (see the server's log).")),
                )
            if not found.on or found.run != run:
                return
            if step.kind == "quit":
                found.on = False
                return
            if step.kind == "stop":
                assert step.reason is not None
                await asyncio.to_thread(_stop, app, session_id, found, run, step.reason)
                return
            if step.kind == "played":
                await asyncio.sleep(pause(app))
            elif step.kind == "wait":
                found.waiting = True
                await changed.wait()
    finally:
        hub.unsubscribe(found.table_id, changed)
