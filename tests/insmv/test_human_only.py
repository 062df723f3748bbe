"""Powers that affect only human beings (000_008acb24c72771e3.txt, « Note importante »)."""

from __future__ import annotations

import json

import pytest

from meneur.errors import BadInputError
from meneur.systems.insmv.human_only import (
    Body,
    human_only_reason,
    is_affected_by_human_only_power,
    parse_body,
)
from meneur.systems.insmv.model import BeingKind
from tests.cli_helpers import run_cli


@pytest.mark.parametrize(
    ("kind", "body", "affected"),
    [
        (BeingKind.HUMAN, None, True),
        (BeingKind.ANGEL, None, True),
        (BeingKind.DEMON, None, True),
        (BeingKind.SUCCUBUS, None, True),
        (BeingKind.SON_OF_GOD, None, True),
        (BeingKind.OTHER, Body.HUMAN, True),
        (BeingKind.FAMILIAR, Body.HUMAN, True),
        (BeingKind.ARCHANGEL_AVATAR, None, False),
        (BeingKind.DEMON_PRINCE_AVATAR, None, False),
        (BeingKind.DEMON_PRINCE_AVATAR, Body.HUMAN, False),
        (BeingKind.UNDEAD, None, False),
        (BeingKind.UNDEAD, Body.HUMAN, False),
        (BeingKind.INTELLIGENT_WEAPON, None, False),
        (BeingKind.ANIMAL, None, False),
        (BeingKind.FAMILIAR, None, False),
        (BeingKind.FAMILIAR, Body.OBJECT, False),
        (BeingKind.ANGEL, Body.ANIMAL, False),
    ],
)
def test_who_a_human_only_power_affects(kind: BeingKind, body: Body | None, affected: bool) -> None:
    """000_008acb24c72771e3.txt: "on estime qu'il affecte aussi les Anges, les Démons et toutes les
    autres créatures incarnées dans des corps humains (sauf les avatars ...). Les morts vivants, les armes
    intelligentes, les animaux et les familiers incarnés dans des objets ou des animaux ne sont pas
    affectés."
    """
    assert is_affected_by_human_only_power(kind, body) is affected
    reason = human_only_reason(kind, body)
    assert reason.render("en").startswith("Affected" if affected else "Not affected")
    assert reason.render("fr").startswith("Affecté" if affected else "Non affecté")


def test_unknown_body_is_bad_input() -> None:
    with pytest.raises(BadInputError) as caught:
        parse_body("rock")
    assert "rock" in caught.value.render("fr") and "object" in caught.value.render("en")


@pytest.mark.parametrize(
    ("lang", "args", "affected", "word"),
    [
        ("fr", ["--kind", "demon"], True, "Affecté"),
        ("en", ["--kind", "archangel_avatar"], False, "avatars"),
        ("fr", ["--kind", "familiar", "--body", "human"], True, "corps humain"),
        ("en", ["--kind", "undead"], False, "undead"),
    ],
)
def test_affected_command(lang: str, args: list[str], affected: bool, word: str) -> None:
    """000_008acb24c72771e3.txt: "Cette règle s'applique à tous les pouvoirs surnaturels du jeu."."""
    result = run_cli(["insmv", "affected", *args, "--json"], lang)
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["affected"] is affected and word in data["reason"]
    assert word in run_cli(["insmv", "affected", *args], lang).stdout


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_affected_bad_input_exits_2(lang: str) -> None:
    result = run_cli(["insmv", "affected", "--kind", "demon", "--body", "rock"], lang)
    assert result.exit_code == 2 and "rock" in result.stderr and result.stdout == ""
