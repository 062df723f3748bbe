"""The Energy System as the registry lists it: its two kinds of session and its adapters."""

from __future__ import annotations

from meneur.engine.plugin import Game, SessionKind
from meneur.i18n import N_, Message

DOMAIN = "energy"

PLUGIN = Game(
    key="energy",
    name="Energy System",
    summary=Message(DOMAIN, N_("Energy System: characters, campaign, fights.")),
    domain=DOMAIN,
    kinds=(
        SessionKind(
            key="energy-fight",
            title=Message(DOMAIN, N_("Fight")),
            rules="meneur.systems.energy.combat.engine",
            projection="meneur.systems.energy.view.projection:PROJECTION",
        ),
        SessionKind(
            key="energy-campaign",
            title=Message(DOMAIN, N_("Campaign")),
            rules="meneur.systems.energy.campaign.engine",
        ),
    ),
    cli="meneur.systems.energy.cli:build_app",
    cli_names=("es",),
    view="meneur.web.fight_routes:PAGES",
)
