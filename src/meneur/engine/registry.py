"""The systems the engine knows, by key, loaded only when first asked for.

Each key names the module of a system package that defines ``SYSTEM`` (a
:class:`~meneur.engine.system.System`): ``meneur.systems.<package>.engine``. Nothing is imported
until a session of that kind is made, so a command that needs one system loads only that one.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from meneur.errors import BadInputError
from meneur.i18n import N_, Message

SYSTEMS: dict[str, str] = {
    "energy-fight": "meneur.systems.energy.combat.engine",
    "energy-campaign": "meneur.systems.energy.campaign.engine",
    "insmv": "meneur.systems.insmv.engine",
    "warzone": "meneur.systems.warzone.engine",
    "carpathes": "meneur.systems.carpathes.engine",
}
"""Registry key -> module defining ``SYSTEM``."""


def system(key: str) -> Any:
    """The :class:`~meneur.engine.system.System` registered under ``key``.

    Raises:
        BadInputError: for an unknown key, listing the known ones.
    """
    module = SYSTEMS.get(key)
    if module is None:
        raise BadInputError(
            Message(
                "core",
                N_("Unknown kind of session '{key}'; known: {known}."),
                {"key": key, "known": ", ".join(SYSTEMS)},
            )
        )
    return import_module(module).SYSTEM


def schema_text(key: str) -> str:
    """The text of ``docs/schema/<key>.schema.json``: the JSON Schema of the system's wire form.

    ``scripts/schemas.py`` writes every system's file; a test fails when a file and the code differ.
    """
    import json

    rules = system(key)
    return json.dumps(rules.codec.schema(key), ensure_ascii=False, indent=2, sort_keys=True) + "\n"
