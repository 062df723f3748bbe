"""The défi as a campaign command, the points spent one aptitude rank at a time that ``legal`` offers,
the commands the book gives the GM, and what each state does (002_58e889a1abff3456.txt)."""

from __future__ import annotations

from typing import Any

import pytest

from meneur.engine import Session
from meneur.errors import Refused
from meneur.systems.energy import library_hero
from meneur.systems.energy.campaign import commands as cmd
from meneur.systems.energy.campaign.engine import SYSTEM, setup_json
from meneur.systems.energy.campaign.experience import spend
from meneur.systems.energy.campaign.options import TableOptions
from meneur.systems.energy.campaign.states import state_effect
from meneur.systems.energy.model import Aptitude, State

WINK = library_hero("WINK")


def _campaign(*characters: Any) -> Session[Any, Any, Any]:
    return Session.new("energy-campaign", setup_json(list(characters or (WINK,)), TableOptions()))


def _in_a_scene(*characters: Any) -> Session[Any, Any, Any]:
    session = _campaign(*characters)
    session.do(cmd.StartSession())
    session.do(cmd.StartScene())
    return session


def test_a_challenge_adds_the_aptitude_and_the_best_trait_against_the_difficulty() -> None:
    """ "Un test d'aptitude se fait en additionnant une aptitude et un trait applicable" and "le résultat
    doit être égal ou supérieur à la difficulté": WINK's Véhicules 3 and Spécialisation moto +2 make 5,
    enough for Maître (5), not for Héroïque (6); the log tells every term."""
    session = _in_a_scene()
    met = session.do(cmd.Challenge(character="WINK", aptitude=Aptitude.VEHICLES, difficulty=5))
    assert [e.kind for e in met] == ["challenge_met"]
    assert met[0].total == 5 and met[0].success and met[0].trait == "Spécialisation moto"
    failed = session.do(cmd.Challenge(character="wink", aptitude=Aptitude.VEHICLES, difficulty=6))
    assert not failed[0].success and failed[0].total == 5
    line = SYSTEM.describe(session.state, failed[0]).render("fr")
    assert line == (
        "WINK\u00a0: défi de Véhicules (aptitude Véhicules +3, trait Spécialisation moto +2) = 5 contre "
        "Héroïque (6)\u00a0: échec."
    )
    assert session.state.characters["WINK"] == WINK  # a défi changes nothing of the sheet


def test_surpassing_oneself_checks_a_stress_box_for_two_ranks() -> None:
    """ "ce qui lui permet d'ajouter 2 rangs à son niveau d'aptitude": the box is checked first, then
    the défi scores 2 more; undo takes both back."""
    session = _in_a_scene()
    before = session.state
    events = session.do(
        cmd.Challenge(character="WINK", aptitude=Aptitude.VEHICLES, difficulty=7, surpass=True)
    )
    assert [e.kind for e in events] == ["stress_spent", "challenge_met"]
    assert events[1].total == 7 and events[1].success
    assert session.state.characters["WINK"].stress == 1
    session.undo()
    assert session.state == before


def test_a_challenge_is_taken_during_a_session_and_not_by_a_broken_character() -> None:
    """A défi is played during a séance; a brisé character "ne sera plus jouable tant qu'il n'aura pas
    été ramené"; a troublé one has "malus de -1 à toutes ses aptitudes"."""
    session = _campaign()
    with pytest.raises(Refused) as refused:
        session.do(cmd.Challenge(character="WINK", aptitude=Aptitude.VEHICLES))
    assert refused.value.rule == "phase"
    troubled = WINK.model_copy(update={"stress": 10, "states": frozenset({State.TROUBLED})})
    session = _in_a_scene(troubled)
    met = session.do(cmd.Challenge(character="WINK", aptitude=Aptitude.VEHICLES, difficulty=4))
    assert met[-1].total == 4 and ("state", "troubled", -1) in met[-1].terms
    broken = WINK.model_copy(
        update={"stress": 10, "states": frozenset({State.TROUBLED, State.DEMORALIZED, State.BROKEN})}
    )
    session = _in_a_scene(broken)
    with pytest.raises(Refused) as refused:
        session.do(cmd.Challenge(character="WINK", aptitude=Aptitude.VEHICLES))
    assert refused.value.rule == "broken"


def test_legal_offers_one_aptitude_rank_more_at_the_cost_spend_computes() -> None:
    """Aptitude points are spent "pour augmenter le score d'une aptitude ou d'un trait": one rank more
    costs what :func:`spend` says of the character with that rank ("Rang | Coût": 3 | 3, 4 | 4: one
    point from 3 to 4), offered while the character has points, refused at rank 5."""
    assert not [e for e in _campaign().legal() if e.kind == "raise_aptitude"]  # no point to spend
    rich = WINK.model_copy(update={"experience": WINK.experience.model_copy(update={"aptitude_points": 2})})
    session = _campaign(rich)
    offered = [e.command for e in session.legal() if e.kind == "raise_aptitude"]
    assert offered == [cmd.RaiseAptitude(character="WINK", aptitude=Aptitude.VEHICLES)]  # the best score
    better = rich.model_copy(update={"aptitudes": {**rich.aptitudes, Aptitude.VEHICLES: 4}})
    assert spend(rich, better).aptitude_points == 1
    events = session.do(offered[0])
    assert events[0].aptitude_points == 1 and events[0].after.aptitude(Aptitude.VEHICLES) == 4
    assert session.state.characters["WINK"].experience.aptitude_points == 1
    top = rich.model_copy(update={"aptitudes": {**rich.aptitudes, Aptitude.ART: 5}})
    with pytest.raises(Refused) as refused:
        cmd.raised(top, Aptitude.ART)  # "Rang 0 à 5": nothing above
    assert refused.value.rule == "aptitude_max"


def test_the_commands_the_book_gives_the_gm_are_marked_in_legal() -> None:
    """ "Le MJ peut distribuer une case de stress", the states, experience, reputation: the GM's;
    a défi, a relief or a box spent are the character's."""
    entries = _in_a_scene().legal(include_refused=True)
    by = {e.kind: e.details.get("by") for e in entries}
    assert by["add_stress"] == "gm" and by["inflict_state"] == "gm" and by["award_experience"] == "gm"
    assert by["start_scene"] == "gm" and by["change_reputation"] == "gm"
    assert by["challenge"] is None and by["spend_stress"] is None and by["relieve_stress"] is None
    assert by["buy"] is None and by["take_debt"] is None


def test_each_state_says_what_it_does() -> None:
    """Troublé: "malus de -1 à toutes ses aptitudes"; blessé: "ne peut récupérer que la moitié de sa
    vigueur"; brisé: "ne sera plus jouable"."""
    assert (
        "-1" in state_effect(State.TROUBLED).render("fr")
        and "aptitudes" in state_effect(State.TROUBLED).render()
    )
    assert "moitié de sa Vigueur" in state_effect(State.WOUNDED).render("fr")
    assert state_effect(State.BROKEN).render("fr") == "Hors jeu jusqu'au retour dans l'équipe."
    assert all(state_effect(s).render("en") for s in State)
