"""The Energy System's demo: the book's heroes against Octopus agents, ready to fight (the plugin's
``demo`` part, for ``meneur serve --demo`` and a new Energy table)."""

from __future__ import annotations

from importlib import resources
from typing import Any

from meneur.engine.plugin import Demo
from meneur.i18n import N_, Message
from meneur.storage import parse_data

DOMAIN = "energy"


def demo_setup() -> dict[str, Any]:
    """The combatants of the engine's demo fight (``combat/examples/demo.yaml``), nothing played."""
    text = (resources.files("meneur.systems.energy.combat") / "examples" / "demo.yaml").read_text("utf-8")
    data = parse_data(text, "yaml", "demo.yaml")
    assert isinstance(data, dict)
    return {key: value for key, value in data.items() if key != "commands"}


def demo() -> Demo:
    """The demo fight and its table's name."""
    return Demo(
        kind="energy-fight",
        setup=demo_setup(),
        table=Message(DOMAIN, N_("Demo: KITSUNE and WINK against the Octopus agents")),
    )
