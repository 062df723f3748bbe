"""A table's characters: versioned files checked by the system's rules, owned by a player (or the
GM's, maybe hidden), claimed by a player, read as this viewer may see them."""

from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel
from sqlalchemy import select

from meneur.i18n import N_, Message
from meneur.server import feed
from meneur.server.api.common import (
    ApiError,
    Body,
    Caller,
    Database,
    Me,
    errors,
    forbidden,
    link,
    links,
    not_found,
    table_for,
)
from meneur.server.auth import new_id
from meneur.server.models import Character, CharacterVersion, GameTable, Member

router = APIRouter(prefix="/api/v1", tags=["tables"])


class CharacterIn(Body):
    file: dict[str, Any]
    hidden: bool = False
    owner: str | None = None


class CharacterUpdate(Body):
    file: dict[str, Any]
    hidden: bool | None = None


def character_links() -> dict[str, dict[str, Any]]:
    """What the caller may call next on the character just made."""
    seat = {
        "path__table_id": "$request.path.table_id",
        "path__character_id": "$response.body#/id",
        "header__authorization": "$request.header.authorization",
    }
    return {
        "GetCharacter": link("get", "/tables/{table_id}/characters/{character_id}", **seat),
        "UpdateCharacter": link("put", "/tables/{table_id}/characters/{character_id}", **seat),
        "ClaimCharacter": link("post", "/tables/{table_id}/characters/{character_id}/claim", **seat),
    }


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


def may_see(caller: Caller, character: Character) -> bool:
    return caller.is_gm or not character.hidden or character.owner_id == caller.id


def character_out(character: Character) -> CharacterOut:
    return CharacterOut(
        id=character.id,
        name=character.name,
        owner=character.owner_id,
        hidden=character.hidden,
        version=character.version,
    )


def check_character(system: str, file: dict[str, Any]) -> str:
    """The character's name once the system's rules accept its file.

    Raises:
        BadInputError: the file is not a character file of the system.
        ApiError: 422 listing every rule the character breaks.
    """
    if system == "energy":
        from meneur.systems.energy.files import parse_character
        from meneur.systems.energy.validation import validate

        character = parse_character(json.dumps(file), "file")
        check = validate(character)
        if not check.is_valid:
            raise RulesBrokenError(check.to_json()["errors"])
        return character.name
    name = file.get("name")
    if not isinstance(name, str) or not name.strip():
        raise ApiError(400, "bad_input", Message("server", N_("A character file needs a name.")))
    return name[:200]


class RulesBrokenError(Exception):
    """A character that breaks its system's creation rules (422 with the list)."""

    def __init__(self, problems: list[dict[str, str]]) -> None:
        super().__init__("rules broken")
        self.problems = problems


@router.post(
    "/tables/{table_id}/characters",
    status_code=201,
    response_model=CharacterRef,
    responses={**errors(400, 401, 403, 404, 422), 201: links(**character_links())},
    summary="Add a character file",
)
def add_character(table_id: str, body: CharacterIn, me: Me, request: Request, db: Database) -> CharacterRef:
    table = table_for(db, me, table_id)
    if me.role == "observer" or (not me.is_gm and (body.hidden or body.owner not in (None, me.id))):
        raise forbidden()
    owner = me.id if not me.is_gm else body.owner
    if owner is not None:
        found = db.get(Member, owner)
        if found is None or found.table_id != table_id or found.removed:
            raise ApiError(400, "bad_input", Message("server", N_("The owner is not a member of the table.")))
    name = check_character(table.system, body.file)
    character_id = new_id()
    with request.app.state.store.writer() as writer:
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
    request.app.state.hub.notify(table_id)
    return CharacterRef(id=character_id, version=1)


@router.post(
    "/tables/{table_id}/characters/{character_id}/claim",
    response_model=CharacterRef,
    responses=errors(401, 403, 404, 409),
    summary="Play a character nobody plays yet (a player; not a hidden one)",
)
def claim_character(table_id: str, character_id: str, me: Me, request: Request, db: Database) -> CharacterRef:
    table_for(db, me, table_id)
    if me.role != "player":
        raise forbidden()
    with request.app.state.store.writer() as writer:
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
    request.app.state.hub.notify(table_id)
    return CharacterRef(id=character_id, version=version)


def latest_file(db: Database, character_id: str) -> Any:
    """The character's file as its last version holds it (``None`` when it has none)."""
    return db.scalars(
        select(CharacterVersion.file)
        .where(CharacterVersion.character_id == character_id)
        .order_by(CharacterVersion.version.desc())
    ).first()


def _character(db: Database, me: Caller, table_id: str, character_id: str) -> Character:
    table_for(db, me, table_id)
    character = db.get(Character, character_id)
    if character is None or character.table_id != table_id or not may_see(me, character):
        raise not_found()
    return character


@router.get(
    "/tables/{table_id}/characters/{character_id}",
    response_model=CharacterFile,
    responses=errors(401, 404),
    summary="A character's file and its versions",
)
def get_character(table_id: str, character_id: str, me: Me, db: Database) -> CharacterFile:
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


@router.put(
    "/tables/{table_id}/characters/{character_id}",
    response_model=CharacterRef,
    responses=errors(400, 401, 403, 404, 422),
    summary="Save a new version of a character",
)
def update_character(
    table_id: str, character_id: str, body: CharacterUpdate, me: Me, request: Request, db: Database
) -> CharacterRef:
    character = _character(db, me, table_id, character_id)
    if not me.is_gm and (character.owner_id != me.id or body.hidden is not None):
        raise forbidden()
    table = db.get(GameTable, table_id)
    assert table is not None
    name = check_character(table.system, body.file)
    with request.app.state.store.writer() as writer:
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
    request.app.state.hub.notify(table_id)
    return CharacterRef(id=character_id, version=version)
