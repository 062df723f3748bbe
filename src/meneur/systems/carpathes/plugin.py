"""The Carpathian horror game as the registry lists it: its chronicle and its adapters."""

from __future__ import annotations

from meneur.engine.plugin import Game, SessionKind
from meneur.i18n import N_, Message

DOMAIN = "carpathes"

PLUGIN = Game(
    key="carpathes",
    name="Carpathes",
    summary=Message(DOMAIN, N_("The Carpathian horror game: 2D6 + Trait.")),
    domain=DOMAIN,
    kinds=(
        SessionKind(
            key="carpathes", title=Message(DOMAIN, N_("Chronicle")), rules="meneur.systems.carpathes.engine"
        ),
    ),
    cli="meneur.systems.carpathes.cli:build_app",
    view="meneur.web.games:PAGES",
    extra={"session_row": "_carpathes_character.html"},
)
