"""Fight files read the same in every language and refuse bad input with exit 2; the legality query's words.

Source: 002_58e889a1abff3456.txt (tactical combat chapter, powers and archetypes chapter); readings
in docs/rulings/energy-combat.md.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from meneur.errors import BadInputError, Refused
from meneur.systems.energy.combat.commands import (
    Attack,
    Defend,
    EndPhase,
    UseSupport,
)
from meneur.systems.energy.combat.engine import read_command
from meneur.systems.energy.combat.fight import Fight
from meneur.systems.energy.combat.legal import legal_actions, with_tokens
from meneur.systems.energy.combat.profile import PowerProfile
from tests.cli_helpers import run_cli

from .builders import DEF, OFF_D, foe, hero, started
from .helpers import FIGHTS


@pytest.mark.parametrize("name", sorted(p.stem for p in FIGHTS.glob("*.yaml")))
def test_a_fight_file_plays_the_same_in_french_and_english(name: str) -> None:
    """Fight files name quick NPCs' powers in the book's words ("Défense"); ``--lang en`` must play the
    same file to the same state."""
    path = str(FIGHTS / f"{name}.yaml")
    fr = run_cli(["energy", "fight", "run", path, "--json"], "fr")
    en = run_cli(["energy", "fight", "run", path, "--json"], "en")
    assert fr.exit_code == en.exit_code == 0, fr.stderr + en.stderr
    assert json.loads(fr.stdout) == json.loads(en.stdout)


@pytest.mark.parametrize(
    ("body", "fr", "en"),
    [
        (
            "combatants: [{id: x, npc: 3, side: good}]",
            "doit être l'un de : heroes, foes",
            "must be one of: heroes, foes",
        ),
        ("combatants: [{id: x, npc: 3, side: good}]", "combatants.0.side", "combatants.0.side"),
        (
            "combatants: [{id: x, npc: 2, side: heroes}]\noptions: {contact_reach: 0}",
            "doit être supérieur à",
            "must be more than",
        ),
        (
            "combatants: [{npc: 3, side: heroes}]",
            "combatants.0.id : obligatoire",
            "combatants.0.id: required",
        ),
        ("combatants: [{id: x, npc: 0, side: heroes}]", "au moins 1", "at least 1"),
        (
            "combatants: [{id: x, npc: 2, side: heroes}, {id: y, npc: 2, side: foes}]\n"
            "commands: [start, {attack: {actor: x, target: y, tokens: two}}]",
            "Commande 2, attack.tokens : doit être un nombre entier",
            "Command 2, attack.tokens: must be a whole number",
        ),
        (
            "combatants: [{id: x, npc: 2, side: heroes}, {id: y, npc: 2, side: foes}]\n"
            "commands: [start, {move: {actor: x, to: [1, 1], small: 'no'}}]",
            "Commande 2, move.small : doit être vrai ou faux",
            "Command 2, move.small: must be true or false",
        ),
        (
            "combatants: [{id: x, npc: 2, side: heroes}]\ncommands: [start, {attack: {actor: x, target: [}}",
            "YAML invalide (ligne 2",
            "not valid YAML (line 2",
        ),
        (
            "combatants: [{id: x, npc: 2, side: heroes}]\ncommands: [start, {attack: {actor: x}}]",
            "Commande 2, attack.target : obligatoire",
            "Command 2, attack.target: required",
        ),
        (
            "combatants: [{id: x, npc: 2, side: heroes}]\n"
            "commands: [start, {attack: {actor: x, target: x, tokens: 1, joined: [x]}}]",
            "{id de la copie: jetons}",
            "{copy id: tokens}",
        ),
    ],
)
def test_bad_fight_files_exit_2_with_a_translated_reason(tmp_path: Path, body: str, fr: str, en: str) -> None:
    """Bad input gets a clear translated message naming what is wrong, and exit status 2 (no traceback)."""
    path = tmp_path / "bad.yaml"
    path.write_text(body + "\n", encoding="utf-8")
    for lang, words in (("fr", fr), ("en", en)):
        result = run_cli(["energy", "fight", "run", str(path)], lang)
        assert result.exit_code == 2 and words in result.stderr, result.stderr
        assert "Traceback" not in result.stderr


@pytest.mark.parametrize(
    ("body", "fr", "en"),
    [
        (
            "combatants: [{id: x, npc: 2, side: heroes}, {id: y, npc: 2, side: foes}]\n"
            "commands: [start, {fly: 3}]",
            "Commande 2 : les arguments de fly forment une table",
            "Command 2: the arguments of fly are a mapping",
        ),
        (
            "combatants: [{id: x, npc: 2, side: heroes}, {id: y, npc: 2, side: foes}]\n"
            "commands: [start, {attack: [x, y, 2]}]",
            "les arguments d'attack forment une table",
            "the arguments of attack are a mapping",
        ),
        (
            "combatants: [{id: x, npc: 3, side: good}]",
            "doit être l'un de : heroes, foes",
            "must be one of: heroes, foes",
        ),
    ],
)
def test_malformed_commands_exit_2_without_a_traceback(tmp_path: Path, body: str, fr: str, en: str) -> None:
    """Bad input gets a clear translated message naming what is wrong, exit status 2, and no English
    words from the libraries in the French message."""
    path = tmp_path / "bad.yaml"
    path.write_text(body + "\n", encoding="utf-8")
    for lang, words in (("fr", fr), ("en", en)):
        result = run_cli(["energy", "fight", "run", str(path)], lang)
        assert result.exit_code == 2 and words in result.stderr, result.stderr
        assert "Traceback" not in result.stderr and (lang == "en" or " or " not in result.stderr)


@pytest.mark.parametrize(("lang", "words"), [("fr", "fichier introuvable"), ("en", "no such file")])
def test_a_missing_fight_file_exits_2_in_the_users_language(tmp_path: Path, lang: str, words: str) -> None:
    """An unreadable file exits 2 (issue: "an unreadable file exits 2"), with the reason translated rather
    than the operating system's English words."""
    result = run_cli(["energy", "fight", "run", str(tmp_path / "none.yaml")], lang)
    assert result.exit_code == 2 and words in result.stderr, result.stderr
    assert "No such file or directory" not in result.stderr


def test_pointless_attack_options_are_bad_input() -> None:
    """Options that make no sense for an attack are refused, never ignored."""
    fight = started(hero("h", energy=9, powers=(OFF_D,)), foe(energy=2, at=(3.0, 0.0)))
    with pytest.raises(BadInputError):
        fight.do(Attack("h", "f", 2, 0, target_power=0))
    with pytest.raises(BadInputError):
        fight.do(Attack("h", "f", 2, 0, portal="h-t1"))


def test_legal_actions_offer_joined_and_portal_attacks() -> None:
    """ "leurs points d'énergie doivent être additionnés" (copies); "des attaques peuvent transiter"
    (portals) (002_58e889a1abff3456.txt): the query offers both; a joined attack costs the pools of all
    the copies in it."""
    copying = PowerProfile("Copie agressive", "off_c", effect="duplicates")
    portal = PowerProfile("Portails", "sup", effect="portal")
    fight = started(hero(energy=9, powers=(copying, portal, DEF)), foe(energy=4, at=(40.0, 0.0)))
    fight.do(UseSupport("h", 1, 1, at=(1.0, 0.0), exit=(38.0, 0.0)))
    fight.do(UseSupport("h", 0, 3, at=(39.0, 0.0)))
    fight.do(UseSupport("h", 0, 2, at=(39.0, 1.0)))
    fight.do(EndPhase())
    attacks = [a for a in legal_actions(fight.state) if a.kind == "attack"]
    joined = [a for a in attacks if isinstance(a.command, Attack) and a.command.joined]
    assert [(a.actor, a.command.joined, a.cost_min, a.cost_max) for a in joined] == [  # type: ignore[union-attr]
        ("h#2", (("h#1", 1),), 2, 2 + 1)
    ]
    through = [
        a
        for a in legal_actions(fight.state, include_refused=True)
        if isinstance(a.command, Attack) and a.command.portal == "h-t1"
    ]
    assert through and through[0].rule == "contact_reach"  # the far end (1, 0) is 39 m from the foe
    whole = with_tokens(joined[0].command, 2)
    assert isinstance(whole, Attack) and (whole.tokens, whole.joined) == (2, (("h#1", 1),))
    fight.do(whole)
    assert fight.state.pending is not None and fight.state.pending.tokens == 3


def test_legal_text_names_powers_and_explains_refusals() -> None:
    """A UI greys a button with its reason: ``fight legal --all`` names the power and the rule broken."""
    path = str(FIGHTS / "kitsune_octopus.yaml")
    fr = run_cli(["energy", "fight", "legal", path, "--all"], "fr")
    en = run_cli(["energy", "fight", "legal", path, "--all"], "en")
    assert fr.exit_code == en.exit_code == 0
    assert "Frappes instinctives" in fr.stdout and "power=0" not in fr.stdout
    assert (
        "KITSUNE : attaquer Agent Octopus 2 avec Frappes instinctives, refusé : KITSUNE a déjà attaqué"
    ) in fr.stdout
    assert "KITSUNE: attack Agent Octopus 2 with Frappes instinctives, refused: " in en.stdout
    assert "one_attack_per_target" not in fr.stdout + en.stdout  # rule keys stay in --json
    assert "(s)" not in fr.stdout + en.stdout and "()" not in en.stdout
    assert "coûte" in fr.stdout and "costs" in en.stdout


def test_legal_reactions_show_what_the_tokens_are_worth() -> None:
    """A button shows its value: a Def +1 adds 1 on its first use ("5 points ... +1 de renforcement = 6
    effectifs", BULWARK); an extended defence's extra token per ally "ne compte pas dans les points
    d'énergie engagés pour la défense"; without an opposable power the defence counts at half
    (002_58e889a1abff3456.txt)."""
    shield = PowerProfile("Armure", "def", modifier=1)
    fight = started(
        foe("f", energy=9, at=(8.0, 0.0)),
        hero("a", energy=6, powers=(shield,)),
        hero("b", energy=5, powers=(DEF,), at=(3.0, 0.0)),
    )
    fight.do(Attack("f", "a", 4, 0))
    worth = {
        (x.kind, x.actor, getattr(x.command, "power", None)): (
            x.cost_min,
            x.cost_max,
            x.effective(x.cost_min),
            x.effective(x.cost_max),
        )
        for x in legal_actions(fight.state)
    }
    assert worth[("defend", "a", 0)] == (0, 6, 0, 7)
    assert worth[("defend", "a", None)] == (0, 6, 0, 3)
    assert worth[("extended_defense", "b", 0)] == (2, 5, 1, 4)


STEAL = PowerProfile("Absorption solaire", "off_d", effect="steal")
NET = PowerProfile("Enchevêtrement", "off_d", effect="condition", condition="immobilized")


def after_theft() -> Fight:
    """SOLARIS-like: ``h`` took ``f``'s Enchevêtrement; ``g`` stands by."""
    fight = started(
        hero("h", energy=9, powers=(STEAL, DEF)),
        foe("f", energy=4, powers=(NET, DEF), at=(10.0, 0.0)),
        foe("g", energy=2, at=(0.0, 10.0)),
    )
    fight.do(Attack("h", "f", 3, 0, target_power=0))
    fight.do(Defend("f"))
    return fight


def test_a_stolen_power_is_named_by_its_name() -> None:
    """« priver la cible de son pouvoir et de le mettre à disposition du personnage jusqu'à la fin du
    tour » (002_58e889a1abff3456.txt): the thief names the power it took by its name (case and accents
    folded), as any other power."""
    fight = after_theft()
    command = read_command(
        fight.state, {"attack": {"actor": "h", "target": "g", "tokens": 2, "power": "ENCHEVETREMENT"}}
    )
    assert isinstance(command, Attack) and command.power == 2
    fight.do(command)
    fight.do(Defend("g"))
    assert "immobilized" in fight.state.get("g").conditions


def test_refusals_name_a_power_by_its_name() -> None:
    """« priver la cible de son pouvoir » (002_58e889a1abff3456.txt): the robbed character is told which
    power it lost, by name, not by a number."""
    fight = after_theft()
    fight.do(EndPhase())
    assert fight.state.acting == "f"
    command = read_command(
        fight.state, {"attack": {"actor": "f", "target": "h", "tokens": 2, "power": "Enchevêtrement"}}
    )
    with pytest.raises(Refused) as caught:
        fight.do(command)
    for lang in ("fr", "en"):
        text = caught.value.render(lang)
        assert "Enchevêtrement" in text and "0" not in text
    with pytest.raises(Refused) as unknown:
        fight.do(Attack("f", "h", 2, 7))
    listed = unknown.value.render("en")  # no such power: its number, and the powers it can use
    assert "7" in listed and "Esquive" in listed and "Enchevêtrement" not in listed


def test_the_entangled_refusal_says_support_stays_possible() -> None:
    """« Empêtré: ne peut plus se déplacer ni attaquer » (002_58e889a1abff3456.txt): the refusal of an
    attack says what is still possible, defence and support, not « only defence »."""
    web = PowerProfile("Toile", "off_d", effect="condition", condition="entangled")
    fight = started(hero(powers=(web, DEF)), foe(powers=(OFF_D, DEF, PowerProfile("Soin", "sup"))))
    fight.do(Attack("h", "f", 3, 0))
    fight.do(Defend("f"))
    fight.do(EndPhase())
    with pytest.raises(Refused) as caught:
        fight.do(Attack("f", "h", 1, 0))
    assert "support" in caught.value.render("en") and "support" in caught.value.render("fr")
    fight.do(UseSupport("f", 2, 1))
