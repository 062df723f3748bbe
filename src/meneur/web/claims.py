"""Who plays which actor of a session: a player claims one nobody plays, the GM releases or hands
it to another player. The one place that writes a session's ``controllers`` from the web; every
change is a feed change, so every screen of the table follows at once."""

from __future__ import annotations

from collections.abc import Collection

from fastapi import Request

from meneur.i18n import N_, Message
from meneur.server import feed
from meneur.server.api.common import Caller
from meneur.server.models import GameSession


def assign(
    request: Request, table_id: str, session_id: str, actor: str, member_id: str | None, force: bool = False
) -> bool:
    """Give ``actor`` to the member ``member_id`` (``None``: nobody plays it any more).

    A claim of an actor another member already plays is refused (``False``, nothing written) unless
    ``force`` (the GM hands it over).
    """
    with request.app.state.store.writer() as writer:
        row = writer.get(GameSession, session_id, with_for_update=True)
        assert row is not None
        if not force and member_id is not None and row.controllers.get(actor, member_id) != member_id:
            return False  # another player was quicker
        controllers = {k: v for k, v in row.controllers.items() if k != actor}
        if member_id is not None:
            controllers[actor] = member_id
        row.controllers = controllers
        feed.append(
            writer,
            table_id,
            "session",
            {"session": {"id": session_id, "kind": row.kind, "version": row.version}},
            session_id=session_id,
        )
    request.app.state.hub.notify(table_id)
    return True


def claim(
    request: Request, table_id: str, session_id: str, actor: str, me: Caller, free: Collection[str], lang: str
) -> str | None:
    """A player takes ``actor``, one of the ``free`` actors nobody plays yet; why not, in ``lang``,
    or ``None`` when it is theirs now."""
    if me.role == "player" and actor in free and assign(request, table_id, session_id, actor, me.id):
        return None
    return Message("web", N_("This character is already played, or is not a player character.")).render(lang)
