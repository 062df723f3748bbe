"""A table's characters: versioned files checked by the table's game (its plugin's
:attr:`~meneur.engine.plugin.Game.characters`), owned by a player (or the GM's, maybe hidden),
claimed by a player, read as the caller may see them.

The REST routes (:mod:`meneur.server.api.characters`) and the pages (the table's character page,
a game's new fight) call these functions; each takes the :class:`~meneur.server.services.Context`
and the caller.
"""

from __future__ import annotations

from typing import Any, cast

from pydantic import BaseModel
from sqlalchemy import select
from sqlalchemy.orm import Session as Db

from meneur.engine.plugin import Characters, SheetCheck, load
from meneur.engine.registry import games
from meneur.i18n import N_, Message
from meneur.server import feed
from meneur.server.api.common import ApiError, Body, Caller, forbidden, not_found, table_for
from meneur.server.auth import new_id
from meneur.server.models import Character, CharacterVersion, GameTable, Member
from meneur.server.services import Context


class CharacterIn(Body):
    file: dict[str, Any]
    hidden: bool = False
    owner: str | None = None


class CharacterUpdate(Body):
    file: dict[str, Any]
    hidden: bool | None = None


class CharacterRef(BaseModel):
    id: str
    version: int


class CharacterOut(BaseModel):
    id: str
    name: str
    owner: str | None
    hidden: bool
    version: int


class CharacterFile(CharacterOut):
    file: Any
    history: list[int]


class RulesBrokenError(Exception):
    """A character that breaks its system's creation rules (422 with the list)."""

    def __init__(self, problems: list[dict[str, str]]) -> None:
        super().__init__("rules broken")
        self.problems = problems


def may_see(caller: Caller, character: Character) -> bool:
    """Whether ``caller`` may see ``character`` (a hidden one: the GM and its owner only)."""
    return caller.is_gm or not character.hidden or character.owner_id == caller.id


def character_out(character: Character) -> CharacterOut:
    """What a member who may see the character reads of it (its file aside)."""
    return CharacterOut(
        id=character.id,
        name=character.name,
        owner=character.owner_id,
        hidden=character.hidden,
        version=character.version,
    )


def characters_of(system: str) -> Characters | None:
    """The character files of the game ``system`` (``None``: it checks none, or no game lists
    this system: a test's bare system)."""
    found = next((listed for listed in games() if listed.key == system), None)
    part = None if found is None else found.characters
    return None if part is None else cast("Characters", load(part))


def builder_of(system: str) -> str | None:
    """The path of the character builder of the game ``system`` (``None``: it has none)."""
    found = characters_of(system)
    return None if found is None else found.builder


def check_character(system: str, file: dict[str, Any]) -> str:
    """The character's name once the game's rules accept its file.

    Raises:
        BadInputError: the file is not a character file of the game.
        ApiError: 400, a game that checks no file and a file without a name.
        RulesBrokenError: every rule the character breaks.
    """
    rules = characters_of(system)
    if rules is not None:
        found: SheetCheck = rules.check(file)
        if not found.is_valid:
            raise RulesBrokenError(list(found.problems))
        return found.name
    name = file.get("name")
    if not isinstance(name, str) or not name.strip():
        raise ApiError(400, "bad_input", Message("server", N_("A character file needs a name.")))
    return name[:200]


def add_character(services: Context, me: Caller, table_id: str, body: CharacterIn) -> CharacterRef:
    """A new character at the table, checked by its game (a player's own; the GM's maybe hidden or
    given to a player).

    Raises:
        ApiError: not a member (404), an observer or a player asking for more than its own (403),
            an owner who is not a member (400).
        RulesBrokenError: see :func:`check_character`.
    """
    table = table_for(services.db, me, table_id)
    if me.role == "observer" or (not me.is_gm and (body.hidden or body.owner not in (None, me.id))):
        raise forbidden()
    owner = me.id if not me.is_gm else body.owner
    if owner is not None:
        found = services.db.get(Member, owner)
        if found is None or found.table_id != table_id or found.removed:
            raise ApiError(400, "bad_input", Message("server", N_("The owner is not a member of the table.")))
    name = check_character(table.system, body.file)
    character_id = new_id()
    with services.store.writer() as writer:
        writer.add(
            Character(
                id=character_id, table_id=table_id, owner_id=owner, name=name, hidden=body.hidden, version=1
            )
        )
        writer.flush()
        writer.add(CharacterVersion(character_id=character_id, version=1, file=body.file))
        feed.append(
            writer,
            table_id,
            "character",
            {"character": {"id": character_id, "name": name, "owner": owner, "version": 1}},
            audience="gm" if body.hidden else "table",
        )
    services.hub.notify(table_id)
    return CharacterRef(id=character_id, version=1)


def claim_character(services: Context, me: Caller, table_id: str, character_id: str) -> CharacterRef:
    """The player ``me`` plays a character nobody plays yet (never a hidden one).

    Raises:
        ApiError: not a player (403), no such visible character (404), already played (409).
    """
    table_for(services.db, me, table_id)
    if me.role != "player":
        raise forbidden()
    with services.store.writer() as writer:
        row = writer.get(Character, character_id, with_for_update=True)
        if row is None or row.table_id != table_id or row.hidden:
            raise not_found()
        if row.owner_id is not None:
            raise ApiError(
                409, "conflict", Message("server", N_("Another player already plays this character."))
            )
        row.owner_id = me.id
        feed.append(
            writer,
            table_id,
            "character",
            {"character": {"id": row.id, "name": row.name, "owner": me.id, "version": row.version}},
        )
        version = row.version
    services.hub.notify(table_id)
    return CharacterRef(id=character_id, version=version)


def latest_file(db: Db, character_id: str) -> Any:
    """The character's file as its last version holds it (``None`` when it has none)."""
    return db.scalars(
        select(CharacterVersion.file)
        .where(CharacterVersion.character_id == character_id)
        .order_by(CharacterVersion.version.desc())
    ).first()


def _character(db: Db, me: Caller, table_id: str, character_id: str) -> Character:
    table_for(db, me, table_id)
    character = db.get(Character, character_id)
    if character is None or character.table_id != table_id or not may_see(me, character):
        raise not_found()
    return character


def get_character(services: Context, me: Caller, table_id: str, character_id: str) -> CharacterFile:
    """A character's last file and its versions, when ``me`` may see it.

    Raises:
        ApiError: 404, no such character the caller may see.
    """
    db = services.db
    character = _character(db, me, table_id, character_id)
    versions = list(
        db.scalars(
            select(CharacterVersion)
            .where(CharacterVersion.character_id == character_id)
            .order_by(CharacterVersion.version)
        )
    )
    return CharacterFile(
        **character_out(character).model_dump(),
        file=versions[-1].file,
        history=[v.version for v in versions],
    )


def table_files(services: Context, me: Caller, table_id: str) -> list[CharacterFile]:
    """Every character of the table with its last file, for the GM starting a session from them.

    Raises:
        ApiError: not a member (404), not the GM (403).
    """
    table_for(services.db, me, table_id)
    if not me.is_gm:
        raise forbidden()
    rows = services.db.scalars(
        select(Character).where(Character.table_id == table_id).order_by(Character.name)
    )
    return [get_character(services, me, table_id, row.id) for row in rows]


def update_character(
    services: Context, me: Caller, table_id: str, character_id: str, body: CharacterUpdate
) -> CharacterRef:
    """A new version of a character (its owner's, or the GM's, who alone may hide it).

    Raises:
        ApiError: 404, no such character the caller may see; 403, another member's.
        RulesBrokenError: see :func:`check_character`.
    """
    character = _character(services.db, me, table_id, character_id)
    if not me.is_gm and (character.owner_id != me.id or body.hidden is not None):
        raise forbidden()
    table = services.db.get(GameTable, table_id)
    assert table is not None
    name = check_character(table.system, body.file)
    with services.store.writer() as writer:
        row = writer.get(Character, character_id)
        assert row is not None
        row.version += 1
        row.name = name
        if body.hidden is not None:
            row.hidden = body.hidden
        writer.add(CharacterVersion(character_id=character_id, version=row.version, file=body.file))
        feed.append(
            writer,
            table_id,
            "character",
            {"character": {"id": character_id, "name": name, "owner": row.owner_id, "version": row.version}},
            audience="gm" if row.hidden else "table",
        )
        version = row.version
    services.hub.notify(table_id)
    return CharacterRef(id=character_id, version=version)
