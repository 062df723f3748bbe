"""The web table: server-rendered pages (Jinja2, htmx) over the table server's services.

:func:`mount` adds the pages and the static files to the server's FastAPI app. The pages hold no
rule: every button comes from the legal-action query, every number from the engine's state, every
refusal from the engine's message (see ``docs/web.md``).
"""

from __future__ import annotations

from typing import Any


async def _answer(request: Any, error: Any) -> Any:
    """The page a shared check raised (:class:`meneur.web.pages.PageAnswer`) answers the request."""
    return error.response


def mount(app: Any) -> None:
    """Add the pages (``/``, ``/join``, ``/t/...``, ``/account/...``) and ``/static`` to ``app``."""
    from fastapi.staticfiles import StaticFiles

    from meneur.server.including import include
    from meneur.web import (
        account,
        admin,
        chat,
        games,
        home,
        install,
        live,
        options_pages,
        routes,
        sessions,
        sheets,
        tables,
    )
    from meneur.web.pages import STATIC, PageAnswer
    from meneur.web.plugins import mount_games

    app.add_exception_handler(PageAnswer, _answer)
    app.state.web_fragments = live.Fragments()
    include(app, sessions.router)  # every game's session pages: page, do, undo, redo, claim
    include(app, sheets.router)  # a character's sheet, from any page of a session
    include(app, games.router)
    include(app, routes.router)
    include(app, install.router)  # the manifest, the service worker, the offline page
    include(app, chat.router)
    include(app, home.router)
    include(app, account.router)
    include(app, tables.router)
    mount_games(app)  # each game's own pages (its plugin's ``pages``)
    include(app, options_pages.router)
    include(app, live.router)
    include(app, admin.router)
    app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")
