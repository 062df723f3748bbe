"""Warzone's supernatural powers as the registry lists them: a kind of session and its adapters."""

from __future__ import annotations

from meneur.engine.plugin import Game, SessionKind, TableLink, TourStep
from meneur.i18n import N_, Message

DOMAIN = "warzone"

PLUGIN = Game(
    key="warzone",
    name="Warzone",
    summary=Message(DOMAIN, N_("Warzone supernatural powers: power tests, techniques, violence table.")),
    domain=DOMAIN,
    kinds=(
        SessionKind(
            key="warzone",
            title=Message(DOMAIN, N_("Battle")),
            rules="meneur.systems.warzone.engine",
            projection="meneur.systems.warzone.view.projection:PROJECTION",
            options="meneur.systems.warzone.model:TableOptions",
            example="meneur.systems.warzone.view.session:EXAMPLE",
        ),
    ),
    options="meneur.systems.warzone.model:TableOptions",
    cli="meneur.systems.warzone.cli:build_app",
    home_links=(TableLink("/warzone", Message(DOMAIN, N_("Warzone: a power test")), gm_only=False),),
    pages="meneur.systems.warzone.view.pages:router",
    templates="meneur.systems.warzone.view",
    view="meneur.systems.warzone.view.session:PAGES",
    extra={"session_row": "warzone/_model.html", "session_after": "warzone/_violence.html"},
    tour=(
        TourStep(
            Message(DOMAIN, N_("Warzone: casting a power with the d20")),
            ("warzone", "cast", "--power", "14", "--difficulty", "2", "--seed", "5"),
        ),
    ),
)
