"""INS/MV as the registry lists it: its kind of session and its adapters."""

from __future__ import annotations

from meneur.engine.plugin import Game, SessionKind, TableLink, TourStep
from meneur.i18n import N_, Message

DOMAIN = "insmv"

PLUGIN = Game(
    key="insmv",
    name="INS/MV",
    summary=Message(DOMAIN, N_("INS/MV: the table UM, the d666 and power points.")),
    domain=DOMAIN,
    kinds=(
        SessionKind(
            key="insmv",
            title=Message(DOMAIN, N_("Game")),
            rules="meneur.systems.insmv.engine",
            options="meneur.systems.insmv.model:TableOptions",
            projection="meneur.systems.insmv.view.projection:PROJECTION",
            example="meneur.systems.insmv.view.session:EXAMPLE",
        ),
    ),
    options="meneur.systems.insmv.model:TableOptions",
    cli="meneur.systems.insmv.cli:build_app",
    home_links=(TableLink("/insmv", Message(DOMAIN, N_("INS/MV: a test on the table UM")), gm_only=False),),
    pages="meneur.systems.insmv.view.pages:router",
    templates="meneur.systems.insmv.view",
    view="meneur.systems.insmv.view.session:PAGES",
    extra={"session_row": "insmv/_being.html"},
    tour=(
        TourStep(
            Message(DOMAIN, N_("INS/MV: a test on the table UM")),
            (
                "insmv",
                "test",
                "--value",
                "4",
                "--difficulty",
                "difficile",
                "--shift",
                "-1",
                "--dice",
                "2,3,5",
            ),
        ),
    ),
)
