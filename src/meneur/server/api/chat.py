"""The table's chat (messages to everyone, whispers), its handouts and the images kept with it.

A whisper is read by its author, its addressee and the GM, by nobody else; a handout by the GM
and the players it is shown to; an image by those its handouts are shown to.
"""

from __future__ import annotations

import base64
import binascii
from typing import Annotated

from fastapi import APIRouter, Path, Query, Request
from fastapi.responses import Response
from pydantic import Field

from meneur.errors import BadInputError
from meneur.i18n import N_, Message
from meneur.server.api.common import Body, Me, Text, errors, request_language
from meneur.server.services import Services
from meneur.server.services import chat as service
from meneur.server.services import handouts as handout_service
from meneur.server.services import images as image_service
from meneur.server.services import journal as journal_service
from meneur.server.services.chat import LARGEST_ID, MOST, PAGE, MessageIn, MessageList, MessageOut
from meneur.server.services.handouts import (
    READERS_MOST,
    TEXT_LONGEST,
    TITLE_LONGEST,
    HandoutList,
    HandoutOut,
    New,
)
from meneur.server.services.journal import Journal

__all__ = ["HandoutIn", "MessageIn", "MessageList", "MessageOut", "router"]

router = APIRouter(prefix="/api/v1", tags=["chat"])
ENCODED_LONGEST = (image_service.LARGEST + 2) // 3 * 4
"""The longest base64 text of an image within the cap."""


class HandoutIn(Body):
    title: Annotated[Text, Field(min_length=1, max_length=TITLE_LONGEST)]
    text: Annotated[Text, Field(max_length=TEXT_LONGEST)] = ""
    image: Annotated[str, Field(max_length=ENCODED_LONGEST + 1, pattern="^[A-Za-z0-9+/=]*$")] | None = None
    """The image's bytes in base64: PNG, JPEG, WebP or GIF, at most 2 MiB."""
    readers: Annotated[
        list[Annotated[str, Field(min_length=1, max_length=32)]], Field(max_length=READERS_MOST)
    ]
    """The member ids of the players it is shown to."""


@router.post(
    "/tables/{table_id}/chat",
    status_code=201,
    response_model=MessageOut,
    responses=errors(400, 401, 403, 404),
    summary="Write to the table's chat (to everyone, to the GM, or to one player)",
)
def post_message(table_id: str, body: MessageIn, me: Me, ctx: Services) -> MessageOut:
    return service.post(ctx, me, table_id, body)


Limit = Annotated[int, Query(ge=1, le=MOST, description=f"Messages in the page (1 to {MOST}).")]
Before = Annotated[
    int | None,
    Query(
        ge=1, le=LARGEST_ID, description="Only messages older than this one (the previous page's `before`)."
    ),
]


@router.get(
    "/tables/{table_id}/chat",
    response_model=MessageList,
    responses=errors(400, 401, 404),
    summary="The chat's messages this member may read, newest page first",
)
def list_messages(
    table_id: str, me: Me, ctx: Services, limit: Limit = PAGE, before: Before = None
) -> MessageList:
    """The ``limit`` latest messages this member may read (older than ``before``, if given), oldest
    first, with the cursor of the page before them."""
    return service.page(ctx, me, table_id, limit, before)


def _image(encoded: str | None) -> bytes | None:
    if encoded is None or encoded == "":
        return None
    try:
        return base64.b64decode(encoded, validate=True)
    except (binascii.Error, ValueError):
        raise BadInputError(
            Message("server", N_("The image is not valid base64; send the file's bytes in base64."))
        ) from None


@router.post(
    "/tables/{table_id}/handouts",
    status_code=201,
    response_model=HandoutOut,
    responses=errors(400, 401, 403, 404),
    summary="Show a handout (a text and/or an image) to chosen players (the GM)",
)
def create_handout(table_id: str, body: HandoutIn, me: Me, ctx: Services) -> HandoutOut:
    new = New(title=body.title, text=body.text, image=_image(body.image), readers=body.readers)
    return handout_service.create(ctx, me, table_id, new)


@router.get(
    "/tables/{table_id}/handouts",
    response_model=HandoutList,
    responses=errors(401, 404),
    summary="The handouts this member may see, newest first",
)
def list_handouts(table_id: str, me: Me, ctx: Services) -> HandoutList:
    return handout_service.listed(ctx, me, table_id)


ImageId = Annotated[str, Path(min_length=1, max_length=32)]


@router.get(
    "/tables/{table_id}/images/{image_id}",
    response_class=Response,
    responses={
        200: {
            "content": {t: {"schema": {"type": "string", "format": "binary"}} for t in image_service.TYPES}
        },
        **errors(400, 401, 404),
    },
    summary="An image kept with the table, for a member it is shown to",
)
def get_image(table_id: str, image_id: ImageId, me: Me, ctx: Services) -> Response:
    media_type, data = image_service.fetch(ctx, me, table_id, image_id)
    return Response(
        data,
        media_type=media_type,
        headers={
            "Cache-Control": "private, max-age=3600",
            "X-Content-Type-Options": "nosniff",
            "Content-Security-Policy": "default-src 'none'",
        },
    )


@router.get(
    "/tables/{table_id}/journal",
    response_model=Journal,
    responses=errors(401, 404),
    summary="The evening's journal: rolls, messages and the sessions' log lines, in order",
)
def get_journal(table_id: str, request: Request, me: Me, ctx: Services) -> Journal:
    """What this member may see of the table's rolls, chat and sessions' log lines (in their
    language), oldest first, in the order they came."""
    return journal_service.journal(ctx, me, table_id, request_language(request))
