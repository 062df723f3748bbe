"""Where a live connection resumes: the ``after`` parameter both live feeds take (the JSON feed,
``/api/v1/tables/{id}/live``, and the pages', ``/t/{id}/live``).

``after`` is the last ``seq`` the client saw: a whole number from 0 (a negative one reads as 0) to
:data:`LARGEST_SEQ`, the largest a database column holds. A larger one is no seq a table will ever
reach: the socket is accepted and closed at once with :data:`CLOSE_BAD_REQUEST` and a reason in the
client's language, before anything is read.
"""

from __future__ import annotations

from fastapi import WebSocket

from meneur.i18n import N_, Message
from meneur.server.api.common import accept_language

LARGEST_SEQ = 2**63 - 1
CLOSE_BAD_REQUEST = 4400
"""A parameter of the connection is wrong (``after`` beyond any ``seq``): the close reason says which."""


def is_resumable(after: int) -> bool:
    """Whether ``after`` is a seq a table can reach (or below 0, read as 0)."""
    return after <= LARGEST_SEQ


async def refuse(websocket: WebSocket) -> None:
    """Accept then close the socket with :data:`CLOSE_BAD_REQUEST`, saying what ``after`` may be."""
    lang = accept_language(websocket.headers.get("accept-language", ""))
    reason = Message("server", N_("after: give a seq from 0 to {most}."), {"most": LARGEST_SEQ})
    await websocket.accept()
    await websocket.close(code=CLOSE_BAD_REQUEST, reason=reason.render(lang))
