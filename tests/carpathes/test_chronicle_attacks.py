"""The chronicle's attacks, NPCs, wounds and initiative (003_87a535c5e428c5d3.txt, « Combat :
attaque, défense, dégâts » and « Initiative et tour de combat »)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from meneur.errors import BadInputError
from meneur.systems.carpathes.catalogue import WeaponKey
from meneur.systems.carpathes.commands import (
    AddCharacter,
    AddNpc,
    EndConfrontation,
    GiveMedicalCare,
    InflictWound,
    InvokeTalisman,
    MakeAttack,
    NextRound,
    RollInitiative,
    StartScene,
    StartSession,
)
from meneur.systems.carpathes.events import AttackMade, NpcEntry, WoundInflicted
from meneur.systems.carpathes.model import Character, CreatureKind, Npc, TableOptions
from meneur.systems.carpathes.narration import status_lines
from tests.carpathes.helpers import MIHAIL, Table, in_scene
from tests.cli_helpers import run_cli

VAMPIRE = Npc(name="Strigoi", kind=CreatureKind.VAMPIRE, mental=2, physical=3, social=1)


def with_vampire(options: TableOptions | None = None) -> Table:
    return in_scene(options).do(AddNpc(npc=VAMPIRE))


def test_an_attack_meets_the_targets_defense_and_the_wound_is_recorded_on_the_npc() -> None:
    # « L'attaque se résout en jet opposé : 2D6 + Physique + bonus d'arme contre la Défense de la
    # cible (Mental + Physique + Social + bonus d'équipement) » ; « Marge 5 à 9 : blessure sérieuse »
    table = with_vampire()
    before = len(table.log)
    table.do(
        MakeAttack(attacker="Anca", target="Strigoi", weapon=WeaponKey.CAVALRY_SABRE, weapon_bonus=1), [6, 5]
    )
    made, wound = table.log[before:]
    assert isinstance(made, AttackMade) and isinstance(wound, WoundInflicted)
    # 6 + 5 + Physique 2 + bonus 1 = 14 against Défense 2 + 3 + 1 = 6: margin 8, +1 cran (sabre) = 9
    assert (made.attack().total, made.defense, made.attack().margin) == (14, 6, 9)
    assert (wound.pc, wound.wound.value, wound.disadvantage) == ("Strigoi", "serious", True)
    assert table.state.npc_status["Strigoi"].needs_care


def test_a_vampires_serious_wound_is_remembered_on_its_later_rolls_and_initiative() -> None:
    # « Marge 5 à 9 : blessure sérieuse, désavantage à la cible jusqu'à soin médical »
    table = with_vampire()
    table.do(InflictWound(pc="Strigoi", wound="serious"))
    before = len(table.log)
    table.do(MakeAttack(attacker="Strigoi", target="Mihail"), [6, 6, 1])
    made = table.log[before]
    assert made.wounded and made.roll.mode.value == "disadvantage"
    # kept 6 and 1 (the 2 worst of 6, 6, 1): 7 + Physique 3 = 10 against Mihail's Défense 4: margin 6
    assert (made.attack().total, made.defense, made.attack().raw_margin) == (10, 4, 6)
    assert table.state.status["Mihail"].needs_care
    table.do(RollInitiative(npcs=(NpcEntry(name="Strigoi"),)), [3, 3, 3, 3, 2, 6, 2, 5])
    entries = {e.name: e for e in table.state.initiative}
    # Mihail (now seriously wounded) and the vampire both roll 3D6 keep the 2 worst
    assert entries["Mihail"].disadvantage and entries["Strigoi"].disadvantage
    assert not entries["Anca"].disadvantage
    order = {r.combatant.name: r for r in table.state.initiative_order().rolls}
    assert (order["Mihail"].kept, order["Mihail"].total) == ((3, 3), 3 + 3 + 1)
    assert (order["Strigoi"].kept, order["Strigoi"].total) == ((2, 5), 2 + 5 + 3)


def test_a_serious_wound_puts_initiative_at_disadvantage_until_care() -> None:
    # « Marge 5 à 9 : blessure sérieuse, désavantage à la cible jusqu'à soin médical » : every roll,
    # initiative included (« chaque combattant lance 2D6 + Physique »)
    table = in_scene().do(InflictWound(pc="Anca", wound="serious"))
    table.do(RollInitiative(), [4, 4, 6, 2, 5])  # Mihail 4+4, Anca 6, 2, 5 keep 2 and 5
    anca = next(r for r in table.state.initiative_order().rolls if r.combatant.name == "Anca")
    assert (anca.dice, anca.kept, anca.total) == ((6, 2, 5), (2, 5), 9)
    table.do(GiveMedicalCare(pc="Anca")).do(StartScene()).do(RollInitiative(), [4, 4, 6, 2])
    assert not any(e.disadvantage for e in table.state.initiative)


def test_a_pc_talent_for_initiative_adds_its_bonus_but_not_when_caught_off_guard() -> None:
    # « chaque combattant lance 2D6 + Physique » ; « pris au dépourvu ... sans bonus de talent »
    hunter = Character(
        name="Vlad", mental=1, physical=2, social=1, talents={"réflexes": 2}, initiative_talent="réflexes"
    )
    table = Table(characters=(hunter,)).do(StartSession()).do(StartScene())
    table.do(RollInitiative(off_guard=("Vlad",)), [3, 4])
    roll = table.state.initiative_order().rolls[0]
    assert (roll.total, roll.round_total(1), roll.round_total(2)) == (11, 9, 11)
    table.do(NextRound())
    assert table.state.initiative_order().to_json(2)[0]["round_total"] == 11


def test_an_initiative_talent_must_be_one_of_the_sheets_talents() -> None:
    with pytest.raises(ValueError):
        Character(name="Vlad", mental=1, physical=2, social=1, initiative_talent="réflexes")


def test_shaken_faith_puts_attacks_against_the_creature_at_disadvantage() -> None:
    # « Pour la prochaine confrontation surnaturelle, ce PJ subit un Désavantage ... sur tout jet de
    # protection ou d'attaque contre la créature »
    table = with_vampire().do(AddNpc(npc=Npc(name="Cocher", mental=1, physical=1, social=1)))
    table.confront().roll("Mihail", [4, 4])  # 4 + 4 + Mental 2 = 10: partial success
    table.do(InvokeTalisman(pc="Mihail", sacred_object="croix d'argent ternie", sincere=False))
    table.do(EndConfrontation()).confront()
    before = len(table.log)
    table.do(MakeAttack(attacker="Mihail", target="Strigoi"), [1, 6, 6])
    assert table.log[before].shaken_faith and table.log[before].roll.mode.value == "disadvantage"
    before = len(table.log)
    table.do(MakeAttack(attacker="Mihail", target="Cocher"), [1, 6])
    assert not table.log[before].shaken_faith  # the coachman is no creature


def test_an_attack_roll_says_how_many_dice_it_needs() -> None:
    table = with_vampire().do(InflictWound(pc="Mihail", wound="serious"))
    offered = [e for e in table.session.legal() if e.kind == "attack" and e.actor == "Mihail"]
    assert offered and all(e.details == {"mode": "disadvantage", "dice": 3} for e in offered)


def test_an_attack_names_real_beings_and_not_itself() -> None:
    table = with_vampire()
    with pytest.raises(BadInputError):
        table.do(MakeAttack(attacker="Mihail", target="Nosferatu"), [1, 1])
    with pytest.raises(BadInputError):
        table.do(MakeAttack(attacker="Mihail", target="Mihail"), [1, 1])
    with pytest.raises(BadInputError):
        table.do(AddCharacter(character=MIHAIL.model_copy(update={"name": "Strigoi"})))


def test_show_prints_traits_and_defense() -> None:
    # « la Défense de la cible (Mental + Physique + Social + bonus d'équipement) »
    lines = [m.render("en") for m in status_lines(with_vampire().state)]
    assert "Mihail: Mental 2, Physique 1, Social 1; Défense 4." in lines
    assert "Strigoi (vampire): Mental 2, Physique 3, Social 1; Défense 6." in lines


def call(path: Path, verb: str, *args: str, lang: str = "fr", code: int = 0) -> Any:
    result = run_cli(["carpathes", "chronicle", verb, str(path), *args, "--json"], lang)
    assert result.exit_code == code, result.stdout + result.stderr
    return json.loads(result.stdout)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_chronicle_cli_adds_npcs_attacks_and_shows_the_sheets(tmp_path: Path, lang: str) -> None:
    path = tmp_path / "c.json"
    call(path, "new", lang=lang)
    call(
        path,
        "add-pc",
        "--name",
        "Anca",
        "--mental",
        "1",
        "--physical",
        "2",
        "--social",
        "2",
        "--talent",
        "escrime=2",
        "--initiative-talent",
        "escrime",
        lang=lang,
    )
    call(
        path,
        "add-npc",
        "--name",
        "Strigoi",
        "--kind",
        "vampire",
        "--mental",
        "2",
        "--physical",
        "3",
        "--social",
        "1",
        lang=lang,
    )
    call(path, "session", lang=lang)
    call(path, "scene", lang=lang)
    attacked = call(
        path,
        "attack",
        "--attacker",
        "Anca",
        "--target",
        "Strigoi",
        "--weapon",
        "sabre de cavalerie",
        "--weapon-bonus",
        "1",
        "--dice",
        "6,5",
        lang=lang,
    )
    assert attacked["summary"]["npcs"]["Strigoi"]["wounds"] == ["serious"]
    call(
        path, "attack", "--attacker", "Strigoi", "--target", "Anca", "--dice", "6,6", lang=lang, code=2
    )  # the wounded vampire rolls three dice
    call(path, "initiative", "--npc", "Strigoi", "--dice", "3,3,1,2,6", lang=lang)
    shown = run_cli(["carpathes", "chronicle", "show", str(path)], lang)
    sheet = {
        "fr": "Anca : Mental 1, Physique 2, Social 2 ; Défense 5.",
        "en": "Anca: Mental 1, Physique 2, Social 2; Défense 5.",
    }[lang]
    assert sheet in shown.stdout
    assert "Défense 6" in shown.stdout
    summary = call(path, "show", lang=lang)["summary"]
    assert summary["characters"]["Anca"]["defense"] == 5


@pytest.mark.parametrize(
    ("agent", "target", "enters"),
    [("ail", "vampire", False), ("sorbier", "jeune vampire", False), ("ail", "loup-garou", True)],
)
def test_the_garlic_wreath_on_the_door_is_checked_from_the_cli(agent: str, target: str, enters: bool) -> None:
    # « Une couronne de tresses suspendue à la porte d'une chambre suffit à les empêcher d'entrer »
    result = run_cli(
        ["carpathes", "effect", "--agent", agent, "--target", target, "--door-wreath", "--json"], "fr"
    )
    assert result.exit_code == 0, result.stdout
    assert json.loads(result.stdout)["can_enter"] is enters
    words = run_cli(["carpathes", "effect", "--agent", agent, "--target", target, "--door-wreath"], "fr")
    assert ("empêcher d'entrer" in words.stdout) is not enters


def test_the_door_wreath_is_of_garlic_or_rowan() -> None:
    result = run_cli(
        ["carpathes", "effect", "--agent", "argent", "--target", "vampire", "--door-wreath"], "en"
    )
    assert result.exit_code == 2


def test_a_wounded_fighter_rolls_initiative_at_disadvantage_from_the_cli() -> None:
    result = run_cli(
        ["carpathes", "initiative", "--fighter", "Anca:2:pj:blesse", "--dice", "6,1,2", "--json"], "fr"
    )
    assert result.exit_code == 0, result.stdout
    assert json.loads(result.stdout)["order"][0]["total"] == 1 + 2 + 2
