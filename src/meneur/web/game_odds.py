"""The odds before rolling of a session's commands that roll: what a button shows, as its game's
parts (:meth:`meneur.web.game_parts.GameParts.odds`, asked by :func:`meneur.web.game_parts.odds`)
computed them with the game's own rules, and what may still be chosen beside the button, shown by
the game's own templates.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Odds:
    """What a button shows before rolling: each outcome's chance in per cent (``outcomes``), the
    engine's word on what was chosen (``error``), and the game's own part: ``choices`` (what may
    still be chosen beside the button, and what the rules say of it), shown by the game's
    ``template`` before the odds, and its ``details`` template after them (a table the odds come
    from)."""

    outcomes: list[tuple[str, float]] = field(default_factory=list)
    error: str | None = None
    choices: Any = None
    template: str | None = None
    details: str | None = None

    @property
    def shown(self) -> bool:
        """Whether the button shows anything before rolling (odds, or choices to make)."""
        return bool(self.outcomes) or bool(self.choices)
