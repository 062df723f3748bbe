"""Pig as the registry lists it: its one kind of session, its table options and its command line."""

from __future__ import annotations

from meneur.engine.plugin import Game, SessionKind
from meneur.i18n import N_, Message

DOMAIN = "pig"

PLUGIN = Game(
    key="pig",
    name="Pig",
    summary=Message(DOMAIN, N_("Pig: a one-die push-your-luck game (a test-only game).")),
    domain=DOMAIN,
    kinds=(
        SessionKind(
            key="pig",
            title=Message(DOMAIN, N_("Game")),
            rules="tests.games.pig.engine",
            options="tests.games.pig.model:TableOptions",
        ),
    ),
    options="tests.games.pig.model:TableOptions",
    cli="tests.games.pig.cli:build_app",
    view="tests.games.pig.view.pages:PAGES",
    templates="tests.games.pig.view",
)
