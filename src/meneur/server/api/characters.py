"""The REST routes of a table's characters: each reads its input, calls the service
(:mod:`meneur.server.services.characters`) and answers its JSON."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from meneur.server.api.common import Me, errors, link, links
from meneur.server.services import Services
from meneur.server.services import characters as service
from meneur.server.services.characters import (
    CharacterFile,
    CharacterIn,
    CharacterRef,
    CharacterUpdate,
)

router = APIRouter(prefix="/api/v1", tags=["tables"])


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


@router.post(
    "/tables/{table_id}/characters",
    status_code=201,
    response_model=CharacterRef,
    responses={**errors(400, 401, 403, 404, 422), 201: links(**character_links())},
    summary="Add a character file",
)
def add_character(table_id: str, body: CharacterIn, me: Me, services: Services) -> CharacterRef:
    return service.add_character(services, me, table_id, body)


@router.post(
    "/tables/{table_id}/characters/{character_id}/claim",
    response_model=CharacterRef,
    responses=errors(401, 403, 404, 409),
    summary="Play a character nobody plays yet (a player; not a hidden one)",
)
def claim_character(table_id: str, character_id: str, me: Me, services: Services) -> CharacterRef:
    return service.claim_character(services, me, table_id, character_id)


@router.get(
    "/tables/{table_id}/characters/{character_id}",
    response_model=CharacterFile,
    responses=errors(401, 404),
    summary="A character's file and its versions",
)
def get_character(table_id: str, character_id: str, me: Me, services: Services) -> CharacterFile:
    return service.get_character(services, me, table_id, character_id)


@router.put(
    "/tables/{table_id}/characters/{character_id}",
    response_model=CharacterRef,
    responses=errors(400, 401, 403, 404, 422),
    summary="Save a new version of a character",
)
def update_character(
    table_id: str, character_id: str, body: CharacterUpdate, me: Me, services: Services
) -> CharacterRef:
    return service.update_character(services, me, table_id, character_id, body)
