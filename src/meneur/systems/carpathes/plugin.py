"""The Carpathian horror game as the registry lists it: its chronicle and its adapters."""

from __future__ import annotations

from meneur.engine.plugin import Game, SessionKind, TableLink, TourStep
from meneur.i18n import N_, Message

DOMAIN = "carpathes"

PLUGIN = Game(
    key="carpathes",
    name="Carpathes",
    summary=Message(DOMAIN, N_("The Carpathian horror game: 2D6 + Trait.")),
    domain=DOMAIN,
    kinds=(
        SessionKind(
            key="carpathes",
            title=Message(DOMAIN, N_("Chronicle")),
            rules="meneur.systems.carpathes.engine",
            projection="meneur.systems.carpathes.view.projection:PROJECTION",
            options="meneur.systems.carpathes.model:TableOptions",
            example="meneur.systems.carpathes.view.session:EXAMPLE",
        ),
    ),
    options="meneur.systems.carpathes.model:TableOptions",
    cli="meneur.systems.carpathes.cli:build_app",
    home_links=(TableLink("/carpathes", Message(DOMAIN, N_("Carpathes: 2D6 + Trait")), gm_only=False),),
    pages="meneur.systems.carpathes.view.pages:router",
    templates="meneur.systems.carpathes.view",
    view="meneur.systems.carpathes.view.session:PAGES",
    extra={"session_row": "carpathes/_character.html"},
    tour=(
        TourStep(
            Message(DOMAIN, N_("Carpathes: 2D6 + Trait with advantage, and the odds of each tier")),
            ("carpathes", "roll", "--trait", "2", "--advantage", "--seed", "3", "--odds"),
        ),
    ),
)
