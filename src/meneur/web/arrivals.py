"""A character of the table arrives in a fight under way (the GM's « un nouveau combattant arrive »):
the engine's ``arrive`` command carries the character itself (its latest file, so the fight replays
without the table), and the player who owns it plays it from then on: the server stores the link
in the session's ``controllers`` with the command, from the stored character's owner."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session as Db

from meneur.i18n import N_, Message
from meneur.i18n.words import fold
from meneur.server.models import Character, Member
from meneur.server.services.characters import latest_file


@dataclass(frozen=True)
class Arrival:
    """The ``arrive`` command's fields for a character of the table, and who will play it."""

    fields: dict[str, Any]
    player: str | None


def offered(
    db: Db, table_id: str, state: Any, lang: str, members: Mapping[str, Member] | None = None
) -> list[tuple[str, str]]:
    """The table's characters that may arrive (none of the fight's ids is theirs): (id, label);
    ``members``: the table's members by id, when the caller read them already."""
    if members is None:
        members = {m.id: m for m in db.scalars(select(Member).where(Member.table_id == table_id))}
    found = []
    for row in db.scalars(select(Character).where(Character.table_id == table_id).order_by(Character.name)):
        if state.has(fold(row.name)):
            continue
        owner = members.get(row.owner_id or "")
        if owner is not None and owner.role == "player" and not owner.removed:
            who = Message("web", N_("{name}, played by {player}"), {"name": row.name, "player": owner.name})
        else:
            who = Message("web", N_("{name}, the game master's"), {"name": row.name})
        found.append((row.id, who.render(lang)))
    return found


def arrival(db: Db, table_id: str, character_id: str, side: str, wanted_id: str) -> Arrival | None:
    """The arrival of the table's character ``character_id`` on ``side`` (under ``wanted_id``, by
    default its folded name); ``None`` when the table has no such character with a file."""
    row = db.get(Character, character_id)
    data = latest_file(db, character_id) if row is not None and row.table_id == table_id else None
    if row is None or not isinstance(data, dict):
        return None
    owner = db.get(Member, row.owner_id) if row.owner_id else None
    player = owner.id if owner is not None and owner.role == "player" and not owner.removed else None
    fields = {"id": wanted_id or fold(row.name), "side": side, "character": data}
    return Arrival(fields, player)
