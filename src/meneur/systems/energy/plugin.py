"""The Energy System as the registry lists it: its two kinds of session and its adapters."""

from __future__ import annotations

from meneur.engine.plugin import Game, SessionKind, TableLink, TourStep
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
            options="meneur.systems.energy.combat.options:TableOptions",
            projection="meneur.systems.energy.view.projection:PROJECTION",
            is_over="meneur.systems.energy.combat.state:is_over",
            sheet="meneur.systems.energy.view.fight_sheet:SHEETS",
        ),
        SessionKind(
            key="energy-campaign",
            title=Message(DOMAIN, N_("Campaign")),
            rules="meneur.systems.energy.campaign.engine",
            options="meneur.systems.energy.campaign.options:TableOptions",
            projection="meneur.systems.energy.view.campaign_projection:PROJECTION",
            view="meneur.systems.energy.view.campaign_pages:PAGES",
        ),
    ),
    options="meneur.systems.energy.options:TableOptions",
    cli="meneur.systems.energy.cli:build_app",
    home_links=(
        TableLink("/builder", Message(DOMAIN, N_("Energy System character builder")), gm_only=False),
        TableLink("/encounter", Message(DOMAIN, N_("Energy System encounter builder")), gm_only=False),
    ),
    new_table_note=Message(
        DOMAIN,
        N_("An Energy System table starts with a demo fight: KITSUNE and WINK against two Octopus agents."),
    ),
    table_links=(
        TableLink("/t/{table}/new-fight", Message(DOMAIN, N_("Start a fight")), name="new-fight-link"),
        TableLink(
            "/t/{table}/new-campaign", Message(DOMAIN, N_("Start a campaign")), name="new-campaign-link"
        ),
    ),
    pages="meneur.systems.energy.view.pages:router",
    templates="meneur.systems.energy.view",
    cli_names=("es",),
    quick={"check": "meneur.systems.energy.check_line:check"},
    characters="meneur.systems.energy.sheets:SHEETS",
    demo="meneur.systems.energy.demo:demo",
    view="meneur.systems.energy.view.fight_pages:PAGES",
    extra={"session_row": "energy/_campaign_row.html", "session_after": "energy/_campaign_after.html"},
    tour=(
        TourStep(Message(DOMAIN, N_("Energy System: the rulebook's heroes")), ("energy", "library")),
        TourStep(
            Message(DOMAIN, N_("Energy System: WINK against every creation rule")),
            ("energy", "check", "WINK"),
        ),
        TourStep(
            Message(DOMAIN, N_("Energy System: a fight, every token explained")),
            ("energy", "fight", "run"),
            resource="meneur.systems.energy:combat/examples/demo.yaml",
        ),
    ),
)
