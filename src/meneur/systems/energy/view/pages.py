"""The Energy System's own pages (the plugin's ``pages``): the character builder and sheet
(:mod:`.character_pages`), the encounter's balance and simulation (:mod:`.encounter`), the GM's
new fight from the table's characters (:mod:`.new_fight`), and the fight's own verbs beside the shared
session router's: the GM's forms (``gm``, :mod:`.fight_pages`), the plan's move preview and background
(:mod:`.move_preview`), the suggestion and the auto-play switch
(``suggest``, ``autoplay``, :mod:`.npc_pages`), the GM's new campaign (:mod:`.campaign_pages`) and the
fights it hands back (:mod:`.campaign_fights`).
The web app mounts this router with the shared pages (:func:`meneur.web.plugins.mount_games`)."""

from __future__ import annotations

from fastapi import APIRouter

from meneur.systems.energy.view import (
    campaign_fights,
    campaign_pages,
    character_pages,
    encounter,
    fight_pages,
    move_preview,
    new_fight,
    npc_pages,
)

router = APIRouter(include_in_schema=False)
router.include_router(character_pages.router)
router.include_router(encounter.router)
router.include_router(new_fight.router)
router.include_router(fight_pages.router)
router.include_router(move_preview.router)
router.include_router(npc_pages.router)
router.include_router(campaign_pages.router)
router.include_router(campaign_fights.router)
