"""The journal of the evening: the table's rolls, chat messages and sessions' log lines, in the
order they happened, as one member may see them.

The order is the live feed's ``seq`` (every roll, message and command wrote its change in the same
transaction as itself). Each entry is what its own service lets this member see: a change the
member is not in the audience of is skipped (:func:`meneur.server.feed.visible`), and a session's
log lines are the session's own projection for them (:func:`.sessions.session_view`). A command
taken back is not in the journal; one carried out again is, where it happened last.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel
from sqlalchemy import select

from meneur.server import feed
from meneur.server.api.common import ApiError, Caller, table_for
from meneur.server.models import CHANGES
from meneur.server.services import Context
from meneur.server.services import sessions as sessions_service
from meneur.server.services.chat import names

READ = 5000
"""The most recent changes the journal reads."""
KINDS = ("roll", "chat", "command")


class Entry(BaseModel):
    seq: int
    kind: Literal["roll", "chat", "log"]
    who: str | None = None
    """The roller or the author (``None`` for a session's log line)."""
    text: str
    """The message, the roll (``2d6+3 = 9``) or the log line."""
    detail: str = ""
    """A roll's breakdown; a message's audience (``all``, ``gm``, ``member``)."""
    to: str | None = None
    """A whisper's addressee's name."""
    session_id: str | None = None
    at: str | None = None


class Journal(BaseModel):
    entries: list[Entry]
    """Oldest first."""


def journal(ctx: Context, me: Caller, table_id: str, lang: str) -> Journal:
    """The table's journal as ``me`` may see it, oldest first (the latest :data:`READ` changes)."""
    db = ctx.db
    table_for(db, me, table_id)
    rows = list(
        db.execute(
            select(
                CHANGES.c.seq,
                CHANGES.c.kind,
                CHANGES.c.audience,
                CHANGES.c.member_id,
                CHANGES.c.session_id,
                CHANGES.c.payload,
            )
            .where(CHANGES.c.table_id == table_id, CHANGES.c.kind.in_(KINDS))
            .order_by(CHANGES.c.seq.desc())
            .limit(READ)
        ).mappings()
    )
    rows.reverse()
    known = names(db, table_id)
    entries: list[Entry] = []
    seen_messages: set[int] = set()
    commands: dict[tuple[str, int], int] = {}
    for row in rows:
        if not feed.visible(row["audience"], row["member_id"], me.id, me.role):
            continue
        payload: dict[str, Any] = row["payload"]
        if row["kind"] == "roll":
            roll = payload["roll"]
            entries.append(
                Entry(
                    seq=row["seq"],
                    kind="roll",
                    who=known.get(roll["member_id"], "?"),
                    text=f"{roll['expression']} = {roll['total']}",
                    detail=str(roll["breakdown"]),
                    at=roll.get("at"),
                )
            )
        elif row["kind"] == "chat":
            message = payload["message"]
            if message["id"] in seen_messages:
                continue
            seen_messages.add(message["id"])
            entries.append(
                Entry(
                    seq=row["seq"],
                    kind="chat",
                    who=message["author"],
                    text=message["text"],
                    detail=message["to"],
                    to=message.get("addressee"),
                    at=message["at"],
                )
            )
        elif row["session_id"]:
            commands[(row["session_id"], int(payload["version"]))] = row["seq"]
    for session_id in {key[0] for key in commands}:
        try:
            view = sessions_service.session_view(ctx, me, session_id, lang)
        except ApiError:  # gone, or not this member's to see
            continue
        for number, lines in view.lines:
            seq = commands.get((session_id, number))
            if seq is None:
                continue
            entries.extend(Entry(seq=seq, kind="log", text=line, session_id=session_id) for line in lines)
    entries.sort(key=lambda entry: entry.seq)
    return Journal(entries=entries)
