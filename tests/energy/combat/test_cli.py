"""``meneur energy fight run|legal`` through the real command tree."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli_helpers import run_cli

from .helpers import FIGHTS


def test_run_explains_in_french_and_english() -> None:
    """The log tells the resolution as a game master would, in the book's words and only the parts that
    apply (WINK's defence against the robot, 002_58e889a1abff3456.txt)."""
    fr = run_cli(["energy", "fight", "run", str(FIGHTS / "wink_robot.yaml")], "fr")
    en = run_cli(["energy", "fight", "run", str(FIGHTS / "wink_robot.yaml")], "en")
    assert fr.exit_code == en.exit_code == 0
    assert fr.stdout.splitlines()[1:5] == [
        "Robot Vigilant Corp. attaque WINK avec Rayon d'énergie concentré : 4 jetons = attaque à 4.",
        "WINK place 3 jetons en défense avec Téléportation défensive.",
        "WINK : attaque à 4 contre défense 3 ; l'attaque réussit de 1, un jeton de défense en moins pour "
        "WINK.",
        "WINK perd 1 point de vigueur (vigueur 4/5).",
    ]
    assert "WINK loses 1 point of Vigueur (Vigueur 4/5)." in en.stdout


NOISE = (
    "bonus 0",
    "ajustement 0",
    "0 fois",
    "contre-pouvoir 0",
    "propre 0",
    "avec -",
    "(s)",
    ".0,",
    ".0)",
    "hors de combat",
    "Premier usage de",
    "phase terminé",
)


@pytest.mark.parametrize("name", sorted(p.stem for p in FIGHTS.glob("*.yaml")))
def test_the_log_says_only_what_applies(name: str) -> None:
    """No zero terms, no "jeton(s)", no raw positions, the book's "hors combat" (every fight file)."""
    fr = run_cli(["energy", "fight", "run", str(FIGHTS / f"{name}.yaml")], "fr")
    assert fr.exit_code == 0, fr.stderr
    assert [n for n in NOISE if n in fr.stdout] == []


def test_a_charge_is_named_and_positions_read_as_metres() -> None:
    """ "le personnage obtient un déplacement gratuit de 20 mètres qui doit être suivi immédiatement d'une
    attaque au contact" (002_58e889a1abff3456.txt): KITSUNE's chase."""
    fr = run_cli(["energy", "fight", "run", str(FIGHTS / "kitsune_chase.yaml")], "fr")
    assert "KITSUNE charge : déplacement gratuit jusqu'au point (59, 0)." in fr.stdout
    assert (
        "KITSUNE attaque Fuyard avec Frappes instinctives : 3 jetons + 1 de renforcement = attaque à 4."
        in fr.stdout
    )
    assert "Fuyard perd 3 points de vigueur (vigueur 0/3) : hors combat." in fr.stdout


def test_bad_input_and_illegal_commands_are_numbered_alike(tmp_path: Path) -> None:
    """Both kinds of message name "commande 2" for the second command of the file."""
    head = "combatants: [{id: a, side: heroes, npc: 2}, {id: b, side: foes, npc: 2}]\n"
    illegal, bad = tmp_path / "illegal.yaml", tmp_path / "bad.yaml"
    illegal.write_text(
        head + "commands: [start, {attack: {actor: b, target: a, tokens: 1, power: 0}}]\n", encoding="utf-8"
    )
    bad.write_text(
        head + "commands: [start, {attack: {actor: a, target: b, tokens: 1, power: Foudre}}]\n",
        encoding="utf-8",
    )
    first, second = (run_cli(["energy", "fight", "run", str(p)], "fr") for p in (illegal, bad))
    assert (first.exit_code, second.exit_code) == (1, 2)
    assert first.stderr.count("Commande 2 (attack) : ") == 1
    assert second.stderr.count("Commande 2, argument power : ") == 1


def test_run_json_gives_the_final_state() -> None:
    result = run_cli(["energy", "fight", "run", str(FIGHTS / "wink_robot.yaml"), "--json"], "en")
    data = json.loads(result.stdout)
    assert (data["turn"], data["phase"]) == (1, "action")
    assert data["combatants"]["wink"] == {
        "energy": 1,
        "defense": 2,
        "vigor": 4,
        "conditions": [],
        "out": False,
    }


def test_illegal_command_exits_1_with_the_reason(tmp_path: Path) -> None:
    path = tmp_path / "f.yaml"
    path.write_text(
        "combatants: [{id: a, side: heroes, npc: 2}, {id: b, side: foes, npc: 2}]\n"
        "commands: [start, {attack: {actor: b, target: a, tokens: 1, power: 0}}]\n",
        encoding="utf-8",
    )
    result = run_cli(["energy", "fight", "run", str(path)], "en")
    assert result.exit_code == 1
    assert "Command 2" in result.stderr


def test_unreadable_file_exits_2(tmp_path: Path) -> None:
    result = run_cli(["energy", "fight", "run", str(tmp_path / "missing.yaml")], "en")
    assert result.exit_code == 2


def test_legal_lists_the_actions_at_the_end() -> None:
    result = run_cli(["energy", "fight", "legal", str(FIGHTS / "kitsune_octopus.yaml"), "--json"], "en")
    actions = json.loads(result.stdout)
    kinds = {a["kind"] for a in actions}
    assert {"pass", "move", "end"} <= kinds and "attack" not in kinds  # both agents already attacked
    text = run_cli(["energy", "fight", "legal", str(FIGHTS / "kitsune_octopus.yaml")], "fr")
    assert text.exit_code == 0
    assert "KITSUNE : se déplacer de 20\u00a0m au plus avec Agilité du renard, coûte 1 jeton" in text.stdout
    assert (
        "KITSUNE : détermination : pas de défense en demi-succès ce tour, coûte 1 case de stress"
        in text.stdout
    )
    assert "MJ : terminer le combat, gratuit" in text.stdout


def test_legal_all_lists_refused_actions_with_their_rule() -> None:
    path = str(FIGHTS / "kitsune_octopus.yaml")
    result = run_cli(["energy", "fight", "legal", path, "--all", "--json"], "fr")
    refused = [a for a in json.loads(result.stdout) if not a["legal"]]
    assert any(a["rule"] == "one_attack_per_target" for a in refused)
    assert all(a["reason"] for a in refused)


def test_legal_on_an_ended_fight_says_it_is_over(tmp_path: Path) -> None:
    """After "fin du combat" there is nothing left to do: the text says so; --json gives an empty list."""
    path = tmp_path / "over.yaml"
    path.write_text(
        "combatants: [{id: a, side: heroes, npc: 2}, {id: b, side: foes, npc: 2}]\ncommands: [start, end]\n",
        encoding="utf-8",
    )
    text = run_cli(["energy", "fight", "legal", str(path)], "fr")
    assert (text.exit_code, text.stdout) == (0, "Le combat est terminé : plus aucune action possible.\n")
    assert json.loads(run_cli(["energy", "fight", "legal", str(path), "--json"], "en").stdout) == []


def test_legal_text_shows_costs_and_values_in_words() -> None:
    """ "Un personnage qui s'est mis en attente ..."; stress uses cost "une case de stress", not tokens
    (002_58e889a1abff3456.txt); a value range is said once when both ends agree."""
    text = run_cli(["energy", "fight", "legal", str(FIGHTS / "wink_robot.yaml")], "en").stdout
    assert (
        "Robot Vigilant Corp.: détermination: no defence in half success this turn, costs 1 stress box"
        in text
    )
    text = run_cli(["energy", "fight", "legal", str(FIGHTS / "deja_vu.yaml")], "en").stdout
    assert "Adversaire: attack DÉJÀ-VU with Ranged attack, costs 1 to 4 tokens, worth 1 to 4" in text
    assert "worth 1 to 1" not in text and "0 token(s)" not in text and "()" not in text


def test_the_end_of_the_fight_is_told_and_the_knocked_out_are_back(tmp_path: Path) -> None:
    """ "un personnage peut récupérer tous ses points de vigueur"; épuisé "après qu'un personnage ait été mis
    hors combat mais sans blessures" (002_58e889a1abff3456.txt)."""
    path = tmp_path / "end.yaml"
    path.write_text(
        "combatants: [{id: a, side: heroes, npc: 3}, {id: b, side: foes, npc: 6}]\n"
        "commands: [start, {attack: {actor: b, target: a, tokens: 6, power: 0}}, "
        "{defend: {actor: a}}, {end: {exhausted: [a]}}]\n",
        encoding="utf-8",
    )
    text = run_cli(["energy", "fight", "run", str(path)], "fr").stdout.splitlines()
    assert text[-4:] == [
        "Le combat est terminé ; vigueur récupérée : a +3 (3/3). "
        "Épuisé (malus de 1 à l'énergie jusqu'au repos) : a.",
        "Le combat est fini",
        "a : énergie 3/3, défense 0, vigueur 3/3 [épuisé]",
        "b : énergie 0/6, défense 0, vigueur 6/6",
    ]
    data = json.loads(run_cli(["energy", "fight", "run", str(path), "--json"], "en").stdout)
    assert data["combatants"]["a"] == {"energy": 3, "defense": 0, "vigor": 3, "conditions": [], "out": False}
