"""docs/fight-files.md (English) and docs/fight-files.fr.md (French) are generated from the command
classes and kept in step with them."""

from __future__ import annotations

from pathlib import Path

import pytest

from meneur.systems.energy.combat.commands import COMMAND_TYPES
from meneur.systems.energy.combat.reference import fight_file_reference
from tests.cli_helpers import run_cli

DOCS = Path(__file__).resolve().parents[3] / "docs"
PAGES = {"en": DOCS / "fight-files.md", "fr": DOCS / "fight-files.fr.md"}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_published_reference_is_the_generated_one(lang: str) -> None:
    """Regenerate with: python -c 'from meneur.systems.energy.combat.reference import ...'."""
    assert PAGES[lang].read_text(encoding="utf-8") == fight_file_reference(lang)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_command_name_is_documented(lang: str) -> None:
    page = fight_file_reference(lang)
    for name in COMMAND_TYPES:
        assert f"`{name}`" in page


def test_the_french_page_speaks_french() -> None:
    page = fight_file_reference("fr")
    assert "## Commandes" in page and "obligatoire" in page and "Attaquer une cible" in page


@pytest.mark.parametrize(("lang", "title"), [("en", "# Fight files"), ("fr", "# Fichiers de combat")])
def test_fight_reference_prints_the_page_in_the_interface_language(lang: str, title: str) -> None:
    assert run_cli(["energy", "fight", "reference"], lang).stdout.startswith(title)
