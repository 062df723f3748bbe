"""docs/fight-files.md is generated from the command classes and kept in step with them."""

from __future__ import annotations

from pathlib import Path

from meneur.systems.energy.combat.commands import COMMAND_TYPES
from meneur.systems.energy.combat.reference import fight_file_reference

PAGE = Path(__file__).resolve().parents[3] / "docs" / "fight-files.md"


def test_the_published_reference_is_the_generated_one() -> None:
    """Regenerate with: python -c 'from meneur.systems.energy.combat.reference import ...'."""
    assert PAGE.read_text(encoding="utf-8") == fight_file_reference()


def test_every_command_name_is_documented() -> None:
    page = fight_file_reference()
    for name in COMMAND_TYPES:
        assert f"`{name}`" in page
