"""The Energy System's own pages (the plugin's ``pages``): the character builder and sheet
(:mod:`.character_pages`), the encounter's balance and simulation (:mod:`.encounter`), and the GM's
new fight from the table's characters (:mod:`.new_fight`). The web app mounts this router with the
shared pages (:func:`meneur.web.games_pages.mount_games`)."""

from __future__ import annotations

from fastapi import APIRouter

from meneur.systems.energy.view import character_pages, encounter, new_fight

router = APIRouter(include_in_schema=False)
router.include_router(character_pages.router)
router.include_router(encounter.router)
router.include_router(new_fight.router)
