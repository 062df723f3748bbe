"""Defects found in the second audit: carrying past the paid legs, raw keys and numbers in messages, fight
files whose command arguments are not a mapping, initiative ties between player characters.

Source: 002_58e889a1abff3456.txt.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from meneur.errors import IllegalActionError
from meneur.systems.energy.combat.commands import (
    Attack,
    Defend,
    EndPhase,
    GiveEnergy,
    Heal,
    Interpose,
    Maintain,
    Move,
    SpendStress,
    StartFight,
    UseSupport,
)
from meneur.systems.energy.combat.events import AttackDeclared, AttackResolved
from meneur.systems.energy.combat.fight import Fight
from meneur.systems.energy.combat.files import load_fight
from meneur.systems.energy.combat.legal import legal_actions
from meneur.systems.energy.combat.options import TableOptions
from meneur.systems.energy.combat.profile import PowerProfile
from meneur.systems.energy.combat.render import explain_all
from meneur.systems.energy.combat.state import FightState, Phase
from tests.cli_helpers import run_cli

from .builders import DEF, MOV, OFF_C, OFF_D, SUP, foe, hero, started
from .helpers import FIGHTS

CARRY = PowerProfile("Attaque en vol", "off_c", effect="carry")


@pytest.mark.parametrize(("destination", "legs", "attack", "landing", "vigor_lost"), [
    ((3.0, 40.0), 2, 4, (3.0, 20.0), 1),   # margin 3 pays one 20 m leg only, the last token drops him
    ((3.0, 40.0), 2, 6, (3.0, 40.0), 1),   # margin 5 pays both legs
    ((3.0, 20.0), None, 4, (3.0, 20.0), 1),  # the book's numbers: 4 against 1, 20 m, 1 Vigueur
    ((3.0, 40.0), 2, 2, (3.0, 0.0), 1),    # margin 1 pays no leg: the target stays and takes 1
])
def test_carrying_flies_only_the_legs_the_margin_pays(destination: tuple[float, float], legs: int | None,
                                                      attack: int, landing: tuple[float, float],
                                                      vigor_lost: int) -> None:
    """"peut utiliser 2 de ses points d'énergie non bloqués pour se déplacer avec sa cible de 20 mètres ...
    puis utilise le dernier point pour lâcher le garde" (ALTAIR, 002_58e889a1abff3456.txt): a target is
    never carried farther than 20 m per 2 tokens past its defence, whatever destination was declared."""
    fight = started(hero(energy=8, vigor=5, powers=(CARRY, DEF, MOV)), foe(energy=3, vigor=3, at=(3.0, 0.0)))
    fight.do(Attack("h", "f", attack, 0, destination=destination, carry_legs=legs))
    fight.do(Defend("f", 1, 1))
    carried = fight.state.get("f")
    assert carried.position == pytest.approx(landing)
    assert 3 - carried.vigor == vigor_lost
    if landing != (3.0, 0.0):
        assert fight.state.get("h").position == pytest.approx(landing)


@pytest.mark.parametrize("command", [GiveEnergy("h", 3, 2, "a"), Heal("h", 3, 2, "a")])
def test_giving_or_healing_with_another_power_names_no_raw_key(command: GiveEnergy | Heal) -> None:
    """"Un pouvoir permettant de donner de l'énergie"; "Les pouvoirs qui rendent des points de vigueur"
    (002_58e889a1abff3456.txt): only such a power gives or heals; the refusal says so in words."""
    fight = started(hero(powers=(OFF_C, DEF, MOV, SUP)), hero("a", at=(1.0, 0.0)), foe())
    before = fight.state
    with pytest.raises(IllegalActionError) as caught:
        fight.do(command)
    assert fight.state == before
    for lang in ("fr", "en"):
        text = caught.value.render(lang)
        assert "Bricolage" in text and "give_energy" not in text and "(heal)" not in text


def test_a_distance_refusal_writes_metres_as_a_reader_does() -> None:
    """"attaqué au contact" (002_58e889a1abff3456.txt): a contact attack beyond reach is refused with
    "5 m", not "5.0 m"."""
    fight = started(hero(), foe(at=(8.0, 0.0)))
    with pytest.raises(IllegalActionError) as caught:
        fight.do(Attack("h", "f", 2, 0))
    assert "5 m" in caught.value.render("fr") and "5.0" not in caught.value.render("fr")


@pytest.mark.parametrize(("body", "fr", "en"), [
    ("combatants: [{id: x, npc: 2, side: heroes}, {id: y, npc: 2, side: foes}]\n"
     "commands: [start, {fly: 3}]",
     "Commande 2 : les arguments de fly forment une table", "Command 2: the arguments of fly are a mapping"),
    ("combatants: [{id: x, npc: 2, side: heroes}, {id: y, npc: 2, side: foes}]\n"
     "commands: [start, {attack: [x, y, 2]}]",
     "les arguments de attack forment une table", "the arguments of attack are a mapping"),
    ("combatants: [{id: x, npc: 3, side: good}]", "doit être l'un de : heroes, foes",
     "must be one of: heroes, foes"),
])
def test_malformed_commands_exit_2_without_a_traceback(tmp_path: Path, body: str, fr: str, en: str) -> None:
    """Bad input gets a clear translated message naming what is wrong, exit status 2, and no English
    words from the libraries in the French message."""
    path = tmp_path / "bad.yaml"
    path.write_text(body + "\n", encoding="utf-8")
    for lang, words in (("fr", fr), ("en", en)):
        result = run_cli(["energy", "fight", "run", str(path)], lang)
        assert result.exit_code == 2 and words in result.stderr, result.stderr
        assert "Traceback" not in result.stderr and (lang == "en" or " or " not in result.stderr)


@pytest.mark.parametrize(("first", "second"), [("a", "b"), ("b", "a")])
def test_tied_player_characters_act_in_the_order_the_players_chose(first: str, second: str) -> None:
    """"En cas d'égalité entre PJ, les joueurs choisissent qui agit en premier. En cas d'égalité avec les
    PNJ, les PJ agissent en premier" (002_58e889a1abff3456.txt): the players' choice is the order of the
    fight file."""
    fight = started(foe("f", energy=5), hero(first, energy=5), hero(second, energy=5, at=(1.0, 0.0)))
    assert fight.state.order == (first, second, "f")


@pytest.mark.parametrize(("states", "energy"), [
    (frozenset(), 6), (frozenset({"exhausted"}), 5), (frozenset({"demoralized"}), 5),
    (frozenset({"exhausted", "demoralized"}), 4)])
def test_exhausted_and_demoralized_each_take_one_energy(states: frozenset[str], energy: int) -> None:
    """"Un personnage épuisé subit un malus de 1 point à sa valeur d'énergie"; démoralisé: "le personnage
    subit en outre un malus de -1 en énergie" (002_58e889a1abff3456.txt)."""
    fight = started(hero(energy=6, states=states), foe(energy=9))
    assert (fight.state.get("h").energy_max, fight.state.get("h").energy) == (energy, energy)


def test_a_defence_after_interposing_without_a_power_says_how_to_defend() -> None:
    """"Cela doit être réalisé avec un pouvoir qui le permette (ou sans pouvoir et en demi-succès)"
    (002_58e889a1abff3456.txt): after interposing without a power, a defence with a power is refused with
    a message that says to defend without one (no "-" standing for the missing power)."""
    fight = started(foe("f", energy=9), hero("a", energy=6, at=(3.0, 0.0)),
                    hero("b", energy=6, at=(4.0, 0.0)))
    fight.do(Attack("f", "a", 4, 0))
    fight.do(Interpose("b"))
    before = fight.state
    with pytest.raises(IllegalActionError) as caught:
        fight.do(Defend("b", 4, 1))
    assert fight.state == before and caught.value.rule == "interpose"
    assert "-" not in caught.value.render("en").split(":")[0]
    assert "without a power" in caught.value.render("en") and "sans pouvoir" in caught.value.render("fr")
    fight.do(Defend("b", 4))
    assert fight.state.get("b").vigor == 5 - (4 - 2)


@pytest.mark.parametrize(("lang", "words"), [("fr", "fichier introuvable"), ("en", "no such file")])
def test_a_missing_fight_file_exits_2_in_the_users_language(tmp_path: Path, lang: str, words: str) -> None:
    """An unreadable file exits 2 (issue: "an unreadable file exits 2"), with the reason translated rather
    than the operating system's English words."""
    result = run_cli(["energy", "fight", "run", str(tmp_path / "none.yaml")], lang)
    assert result.exit_code == 2 and words in result.stderr, result.stderr
    assert "No such file or directory" not in result.stderr


@pytest.mark.parametrize(("condition", "option", "allowed"), [
    ("stunned", False, False), ("stunned", True, True),
    ("controlled", True, False), ("immobilized", True, False)])
def test_a_stunned_small_move_is_a_table_option(condition: str, option: bool, allowed: bool) -> None:
    """"Sonné: ne peut plus dépenser ses points d'énergie autrement qu'en défense"; "Immobilisé: ne peut
    plus se déplacer" (002_58e889a1abff3456.txt): by default sonné forbids even the free small move; the
    table option ``stunned_may_small_move`` allows it (it spends no token); contrôlé and immobilisé never
    do. The legality query offers the small move exactly when it is accepted."""

    dazing = PowerProfile("Onde", "off_d", effect="condition", condition=condition)
    state = FightState((foe("f", energy=9, powers=(dazing, DEF)), hero("h", energy=6)),
                       options=TableOptions(stunned_may_small_move=option))
    fight = Fight(state)
    fight.do(StartFight())
    fight.do(Attack("f", "h", 3, 0))
    fight.do(Defend("h"))
    fight.do(EndPhase())
    assert condition in fight.state.get("h").conditions
    offered = [a for a in legal_actions(fight.state) if a.kind == "small_move" and a.actor == "h"]
    assert bool(offered) is allowed
    before = fight.state
    small = Move("h", (2.0, 0.0), small=True)
    if allowed:
        fight.do(small)
        assert fight.state.get("h").position == (2.0, 0.0) and fight.state.get("h").energy == 6
    else:
        with pytest.raises(IllegalActionError):
            fight.do(small)
        assert fight.state == before


@pytest.mark.parametrize(("lang", "words"), [("fr", "attaque A et B avec"), ("en", "attacks A and B with")])
def test_an_area_attack_names_its_targets_as_a_sentence(lang: str, words: str) -> None:
    """"son attaque est effectuée en demi-succès contre tous les personnages situés dans la zone d'effet"
    (002_58e889a1abff3456.txt): the log names the targets "A et B", and the halving of the area."""

    fight = started(hero(energy=8, powers=(OFF_D, DEF)),
                    foe("a", at=(20.0, 0.0)), foe("b", at=(24.0, 0.0)))
    before = fight.state
    lines = [m.render(lang) for m in explain_all(before, list(fight.do(
        Attack("h", "a", 6, 0, area_targets=("b",), diameter=5.0))))]
    assert any(words in line and "= " in line and line.endswith("3.") for line in lines), lines


def test_the_maintenance_phase_takes_the_first_use_of_the_new_turn() -> None:
    """Reading 2 of the issue ("the maintenance phase belongs to the new turn"); "La condition peut être
    maintenue via une dépense suffisante de points d'énergie durant la phase d'entretien"
    (002_58e889a1abff3456.txt): a condition maintained with a +1 power gets the +1, and the same power
    used again in the action phase of that turn does not."""

    glue = PowerProfile("Glu", "off_d", modifier=1, effect="condition", condition="immobilized")
    fight = started(hero("h", energy=9, recovery=9, powers=(glue, DEF)), foe("f", at=(10.0, 0.0)),
                    foe("g", at=(12.0, 0.0)))
    fight.do(Attack("h", "f", 2, 0))
    fight.do(Defend("f"))
    for _ in range(3):
        fight.do(EndPhase())
    assert fight.state.phase is Phase.MAINTENANCE and fight.state.turn == 2
    maintained = [e for e in fight.do(Maintain("h", 0, 2)) if isinstance(e, AttackDeclared)]
    assert maintained[0].pending.effective == 3
    fight.do(Defend("f"))
    fight.do(EndPhase())
    again = [e for e in fight.do(Attack("h", "g", 2, 0)) if isinstance(e, AttackDeclared)]
    assert again[0].pending.effective == 2


@pytest.mark.parametrize("use", ["determination", "feat"])
def test_a_copy_checks_no_stress_box(use: str) -> None:
    """LEGION's copies are "physiquement réelles mais émotionnellement vides" (002_58e889a1abff3456.txt):
    a copy cannot check a stress box (only its original can), and the query does not offer it."""

    aggressive = PowerProfile("Copie agressive", "off_c", effect="duplicates")
    fight = started(hero(energy=9, powers=(aggressive, DEF)), foe(energy=4, at=(4.0, 0.0)))
    fight.do(UseSupport("h", 0, 3, at=(3.0, 0.0)))
    fight.do(EndPhase())
    assert fight.state.acting == "h#1"
    assert not [a for a in legal_actions(fight.state) if a.kind == "stress" and a.actor == "h#1"]
    before = fight.state
    with pytest.raises(IllegalActionError) as caught:
        fight.do(SpendStress("h#1", use, 0 if use == "feat" else None, "mov" if use == "feat" else None))
    assert caught.value.rule == "stress" and fight.state == before
    assert "copie" in caught.value.render("fr")


@pytest.mark.parametrize(("power", "determined", "defense"), [
    (1, False, 2),      # Défense against an invisible attacker: half of 4
    (None, False, 1),   # no power as well: quarter of 4
    (None, True, 4),    # détermination lifts both halvings
])
def test_determination_lifts_every_halving_of_the_defence(power: int | None, determined: bool,
                                                          defense: int) -> None:
    """"ignorer le malus de demi-succès lors de ses défenses durant un tour" (détermination,
    002_58e889a1abff3456.txt), here against SPECTRE invisible ("elle devient alors totalement invisible")."""

    initial, commands = load_fight(FIGHTS / "spectre.yaml")
    fight = Fight(initial)
    for command in commands[:2]:
        fight.do(command)
    assert isinstance(commands[1], UseSupport)
    if determined:
        fight.do(SpendStress("foe", "determination"))
    fight.do(commands[2])
    resolved = [e for e in fight.do(Defend("foe", 4, power)) if isinstance(e, AttackResolved)]
    assert resolved[0].defense == defense
