"""What experience buys beside an aptitude, one step at a time (``improve``), and the relations a
player writes (002_58e889a1abff3456.txt: "dépenser pour augmenter leurs attributs, acheter des
pouvoirs ou améliorer leurs aptitudes et leurs traits"; "Le joueur est libre d'ajouter les relations
qu'il souhaite [...] mais les trois dernières cases de relations sont réservées au MJ")."""

from __future__ import annotations

from typing import Any

import pytest

from meneur.engine import Session
from meneur.errors import BadInputError, MeneurError, Refused
from meneur.systems.energy import library_hero
from meneur.systems.energy.campaign import commands as cmd
from meneur.systems.energy.campaign.engine import setup_json
from meneur.systems.energy.campaign.improvement import (
    Improvement,
    Target,
    first_affordable,
    improved,
    offers,
    price,
)
from meneur.systems.energy.campaign.options import TableOptions
from meneur.systems.energy.model import Aptitude, Character, PowerCategory, Relation
from meneur.systems.energy.validation import InvalidCharacterError

WINK = library_hero("WINK")


def _with(hero: int = 0, aptitude: int = 0, character: Character = WINK) -> Character:
    xp = character.experience.model_copy(update={"heroic_points": hero, "aptitude_points": aptitude})
    return character.model_copy(update={"experience": xp})


def _campaign(character: Character, options: TableOptions | None = None) -> Session[Any, Any, Any]:
    return Session.new("energy-campaign", setup_json([character], options or TableOptions()))


@pytest.mark.parametrize(
    ("step", "hero", "aptitude"),
    [
        # "Énergie | 2", "Récupération | 3", "Vigueur | 1" per point
        (Improvement(target=Target.ATTRIBUTE, key="energy"), 2, 0),
        (Improvement(target=Target.ATTRIBUTE, key="recovery"), 3, 0),
        (Improvement(target=Target.ATTRIBUTE, key="vigor"), 1, 0),
        # "Frappes instinctives (Off-C) +1 [...] (coût 5)": a reinforcement of +1 costs 2 more than the base 3
        (Improvement(target=Target.POWER, key="Combat téléporté"), 2, 0),
        # "leur coût de base est toujours 3 points de héros"
        (Improvement(target=Target.NEW_POWER, key="Éclair", category=PowerCategory.OFF_D), 3, 0),
        # "Un trait coûte 1 point d'aptitude par bonus de +1"
        (Improvement(target=Target.TRAIT, key="Spécialisation moto"), 0, 1),
        (Improvement(target=Target.NEW_TRAIT, key="Mécanique", aptitude=Aptitude.VEHICLES), 0, 1),
    ],
)
def test_each_step_costs_what_the_creation_chapter_says(step: Improvement, hero: int, aptitude: int) -> None:
    session = _campaign(_with(hero=3, aptitude=1))
    events = session.do(cmd.Improve(character="WINK", **step.model_dump()))
    assert [e.kind for e in events] == ["points_spent"]
    assert (events[0].hero_points, events[0].aptitude_points) == (hero, aptitude)
    assert price(_with(hero=3, aptitude=1), step).hero_points == hero  # the page's price is the same
    xp = session.state.characters["WINK"].experience
    assert (xp.heroic_points, xp.aptitude_points) == (3 - hero, 1 - aptitude)
    session.undo()  # undone exactly
    assert session.state.characters["WINK"] == _with(hero=3, aptitude=1)


def test_a_new_power_and_a_new_trait_are_on_the_sheet_after() -> None:
    """A new power at its base (modifier 0) in its category; a new trait at +1 for the aptitude named."""
    wink = _with(hero=3, aptitude=1)
    power = improved(wink, Improvement(target=Target.NEW_POWER, key="Éclair", category=PowerCategory.OFF_D))
    assert power.powers[-1].name == "Éclair" and power.powers[-1].category is PowerCategory.OFF_D
    assert power.powers[-1].modifier == 0
    trait = improved(wink, Improvement(target=Target.NEW_TRAIT, key="Mécanique", aptitude=Aptitude.VEHICLES))
    assert (trait.traits[-1].bonus, trait.traits[-1].aptitudes) == (1, (Aptitude.VEHICLES,))


def test_a_refused_step_says_why_and_records_nothing() -> None:
    """Not enough points (rule ``spend_points``); Récupération above Énergie ("La récupération ne peut pas
    être supérieure à l'énergie"); a new power without a name; one already on the sheet."""
    session = _campaign(_with(hero=2))
    version = session.version
    with pytest.raises(Refused) as poor:
        session.do(cmd.Improve(character="WINK", target=Target.ATTRIBUTE, key="recovery"))  # costs 3
    assert poor.value.rule == "spend_points"
    level = WINK.model_copy(
        update={"attributes": WINK.attributes.model_copy(update={"recovery": 5}), "rank": 6}
    )
    with pytest.raises(InvalidCharacterError):
        price(_with(hero=5, character=level), Improvement(target=Target.ATTRIBUTE, key="recovery"))
    with pytest.raises(Refused) as nameless:
        session.do(cmd.Improve(character="WINK", target=Target.NEW_POWER, category=PowerCategory.MOV))
    assert nameless.value.rule == "improvement_name"
    with pytest.raises(BadInputError):
        session.do(
            cmd.Improve(character="WINK", target=Target.NEW_POWER, key="téléportation", category="mov")
        )
    with pytest.raises(BadInputError):
        session.do(cmd.Improve(character="WINK", target=Target.POWER, key="Vol"))
    assert session.version == version and session.state.characters["WINK"] == _with(hero=2)


def test_the_campaign_rank_cap_refuses_a_step() -> None:
    """ "empêchant alors de dépenser des points de héros s'ils permettent d'atteindre le rang 7": WINK
    (rank 5, 39 points spent) with 9 hero points reaches rank 6 (47) by three Énergie (6) and a new
    power (3): the power is refused, the Énergie bought before it kept."""
    session = _campaign(_with(hero=9), TableOptions(max_rank=5))
    for key in ("energy", "energy", "energy"):
        session.do(cmd.Improve(character="WINK", target=Target.ATTRIBUTE, key=key))
    with pytest.raises(Refused) as capped:
        session.do(cmd.Improve(character="WINK", target=Target.NEW_POWER, key="Éclair", category="off_d"))
    assert capped.value.rule == "rank_cap"


def test_legal_offers_the_first_step_the_points_buy_and_every_step_is_listed() -> None:
    """No point, no step; with 1 hero point, Vigueur (1 point) is the first one bought; the offers are
    the three attributes, each power, each trait, a new power and a new trait."""
    assert not [e for e in _campaign(WINK).legal() if e.kind == "improve"]
    offered = [e.command for e in _campaign(_with(hero=1)).legal() if e.kind == "improve"]
    assert offered == [cmd.Improve(character="WINK", target=Target.ATTRIBUTE, key="vigor")]
    kinds = [step.target for step in offers(WINK)]
    assert kinds == [Target.ATTRIBUTE] * 3 + [Target.POWER] * 4 + [Target.TRAIT] * 2 + [
        Target.NEW_POWER,
        Target.NEW_TRAIT,
    ]
    only_traits = first_affordable(_with(aptitude=1))
    assert only_traits == Improvement(target=Target.TRAIT, key="Spécialisation moto")


def test_a_relation_outside_the_gms_slots_is_the_players_and_a_fourth_gm_slot_is_refused() -> None:
    """The player writes the relations they wish; the last three slots are the GM's: ``legal`` lists
    both, the GM's marked, and refuses a fourth GM relation (rule ``gm_relations``)."""
    assert not cmd.is_gm_command(cmd.AddRelation(character="WINK", relation="Hélène", value=3))
    assert cmd.is_gm_command(cmd.AddRelation(character="WINK", relation="Hélène", gm_reserved=True))
    assert cmd.is_gm_command(cmd.ChangeRelation(character="WINK", relation="Hélène", delta=1))
    session = _campaign(WINK)
    entries = [e for e in session.legal(include_refused=True) if e.kind == "add_relation"]
    assert [(e.command.gm_reserved, e.details.get("by"), e.rule) for e in entries] == [
        (False, None, None),
        (True, "gm", None),
    ]
    session.do(entries[0].command)  # a legal entry is given as it is: its stand-in name, then the next
    assert [e.command.relation for e in session.legal() if e.kind == "add_relation"] == ["… 2", "… 2"]
    taken = tuple(Relation(name=f"Ennemi {n}", value=-3, gm_reserved=True) for n in range(3))
    full = _campaign(WINK.model_copy(update={"relations": taken}))
    refused = [e for e in full.legal(include_refused=True) if e.kind == "add_relation"]
    assert [e.rule for e in refused] == [None, "gm_relations"]
    with pytest.raises(MeneurError):
        full.do(cmd.AddRelation(character="WINK", relation="Ennemi 4", gm_reserved=True))


def test_the_command_line_improves_one_step_in_the_books_words(tmp_path: Any) -> None:
    """``xp improve``: « énergie » for an attribute, a new power with its category's code (Off-D), a
    trait by its name; nothing named, or two things, is bad input and records nothing."""
    from meneur.engine import store
    from meneur.systems.energy import dump_character
    from tests.cli_helpers import run_cli

    sheet = tmp_path / "wink.yaml"
    sheet.write_text(dump_character(_with(hero=5, aptitude=1)), encoding="utf-8")
    path = tmp_path / "campagne.json"
    assert run_cli(["energy", "campaign", "new", str(path), "-c", str(sheet)]).exit_code == 0
    xp = ["energy", "campaign", "xp", "improve", str(path), "WINK"]
    done = run_cli([*xp, "--attribute", "énergie"])
    assert done.exit_code == 0 and "WINK dépense 2 points de héros" in done.output, done.output
    assert run_cli([*xp, "--new-power", "Éclair", "--category", "Off-D"]).exit_code == 0
    assert run_cli([*xp, "--trait", "spécialisation moto"]).exit_code == 0
    wink = store.load(path).state.characters["WINK"]
    assert wink.attributes.energy == 6 and wink.powers[-1].category is PowerCategory.OFF_D
    assert next(t.bonus for t in wink.traits if t.name == "Spécialisation moto") == 3
    version = store.load(path).version
    assert run_cli(xp).exit_code == 2
    assert run_cli([*xp, "--attribute", "vigor", "--trait", "x"]).exit_code == 2
    poor = run_cli([*xp, "--attribute", "recovery"])  # 3 points, none left
    assert poor.exit_code == 1 and "n'en a que 0" in poor.output, poor.output
    assert store.load(path).version == version
