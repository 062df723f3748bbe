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

    from meneur.web import (
        account,
        admin,
        autoplay,
        characters,
        fight_routes,
        games,
        home,
        live,
        new_fight,
        npc_pages,
        options_pages,
        routes,
        simulation,
        tables,
        tools,
    )
    from meneur.web.pages import STATIC, PageAnswer

    app.add_exception_handler(PageAnswer, _answer)
    app.state.web_autoplay = {}
    app.state.web_autoplay_pause = autoplay.PAUSE
    app.state.web_fragments = live.Fragments()
    app.state.web_simulations = simulation.Simulations()
    app.router.lifespan_context = simulation.with_shutdown(
        app.router.lifespan_context, app.state.web_simulations
    )
    app.include_router(games.router)  # before the fight's routes: it answers the other kinds' pages
    app.include_router(routes.router)
    app.include_router(home.router)
    app.include_router(account.router)
    app.include_router(tables.router)
    app.include_router(fight_routes.router)
    app.include_router(characters.router)
    app.include_router(tools.router)
    app.include_router(new_fight.router)
    app.include_router(npc_pages.router)
    app.include_router(options_pages.router)
    app.include_router(live.router)
    app.include_router(admin.router)
    app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")
