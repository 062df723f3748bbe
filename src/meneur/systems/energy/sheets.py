"""The Energy System's character files as a table keeps them: read, then checked by the creation
rules (the same as ``meneur energy check``); the plugin's ``characters`` part."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from meneur.engine.plugin import SheetCheck


@dataclass(frozen=True, slots=True)
class EnergySheets:
    """The :class:`~meneur.engine.plugin.Characters` of the Energy System."""

    builder: str | None = "/builder"
    """The character builder page (the game's pages)."""

    def check(self, file: dict[str, Any]) -> SheetCheck:
        """The character's name and every creation rule it breaks.

        Raises:
            BadInputError: the file is not an Energy System character file.
        """
        from meneur.systems.energy.files import parse_character
        from meneur.systems.energy.validation import validate

        character = parse_character(json.dumps(file), "file")
        found = validate(character)
        return SheetCheck(character.name, tuple(problem.to_json() for problem in found.problems))


SHEETS = EnergySheets()
"""The plugin's part."""
