"""The campaign's messages in the book's words, agreeing with the character: a score is named as the
book names it (« notoriété de super », never ``super_notoriety``); « brisé » agrees with a heroine
(002_58e889a1abff3456.txt: "Le personnage est brisé [...] ne sera plus jouable"), and reads for anyone
when the file gives no gender; relations and criteria are typed as the book writes them."""

from __future__ import annotations

from pathlib import Path

import pytest

from meneur.errors import MeneurError, Refused
from meneur.i18n import Message
from meneur.systems.energy import library_hero
from meneur.systems.energy.campaign import reputation, states, stress
from meneur.systems.energy.campaign.experience import AptitudeCriterion, Bonus, HeroicCriterion
from meneur.systems.energy.campaign.reputation import ReputationScore
from meneur.systems.energy.campaign.state import ONLY_IN_PHASE, Phase
from meneur.systems.energy.model import Character, Gender, Relation, State
from meneur.systems.energy.validation import validate
from tests.cli_helpers import run_cli


def _refusal(error: pytest.ExceptionInfo[MeneurError], lang: str = "fr") -> str:
    return error.value.message.render(lang)


def test_a_score_off_its_scale_is_named_by_the_book() -> None:
    """ "une échelle de magnitude 10": notoriety 0..10, said « notoriété de super »."""
    with pytest.raises(Refused) as caught:
        reputation.change_reputation(library_hero("WINK"), ReputationScore.SUPER_NOTORIETY, -1)
    text = _refusal(caught)
    assert "notoriété de super" in text and "super_notoriety" not in text
    assert "vaudrait" not in text and "-1" in text and "de 0 à 10" in text


def test_a_relation_off_its_scale_is_named_as_a_relation() -> None:
    hero = reputation.add_relation(library_hero("WINK"), Relation(name="Hélène", value=10))
    with pytest.raises(Refused) as caught:
        reputation.change_relation(hero, "Hélène", 1)
    assert "la relation avec Hélène" in _refusal(caught)


@pytest.mark.parametrize(
    ("update", "book", "key"),
    [
        ({"savings": -1}, "économies", "savings"),
        ({"experience": {"heroic_xp": -2}}, "expérience héroïque", "heroic_xp"),
    ],
)
def test_file_values_are_said_in_the_book_words_after_their_path(
    update: dict[str, object], book: str, key: str
) -> None:
    data = library_hero("WINK").model_dump()
    data.update(update)
    problems = validate(Character.model_validate(data)).problems
    texts = [p.message.render("fr") for p in problems]
    assert any(book in text for text in texts), texts
    assert all(text.count(key) <= 1 for text in texts), texts  # the path only, not the sentence


@pytest.mark.parametrize(
    ("gender", "expected"),
    [
        (Gender.FEMININE, "WINK est brisée et"),
        (Gender.MASCULINE, "WINK est brisé et"),
        (None, "WINK subit l'état brisé et"),
    ],
)
def test_broken_agrees_with_the_character(gender: Gender | None, expected: str) -> None:
    hero = library_hero("WINK").model_copy(update={"gender": gender, "states": frozenset({State.BROKEN})})
    with pytest.raises(Refused) as caught:
        stress.require_playable(hero)
    assert _refusal(caught).startswith(expected)
    assert _refusal(caught, "en").startswith("WINK is broken and")


@pytest.mark.parametrize(
    ("gender", "expected"),
    [
        (Gender.FEMININE, "n'est pas épuisée"),
        (Gender.MASCULINE, "n'est pas épuisé."),
        (None, "n'a pas l'état épuisé"),
    ],
)
def test_not_exhausted_agrees_with_the_character(gender: Gender | None, expected: str) -> None:
    with pytest.raises(Refused) as caught:
        states.sleep(library_hero("WINK").model_copy(update={"gender": gender}))
    assert expected in _refusal(caught)


@pytest.mark.parametrize("typed", ["helene", "HÉLÈNE", " Hélène "])
def test_a_relation_is_found_without_regard_to_case_or_accents(typed: str) -> None:
    hero = reputation.add_relation(library_hero("WINK"), Relation(name="Hélène", value=2))
    assert reputation.change_relation(hero, typed, 1).relations[0].value == 3


def test_a_relation_named_again_with_other_accents_is_the_same_relation() -> None:
    hero = reputation.add_relation(library_hero("WINK"), Relation(name="Hélène", value=2))
    with pytest.raises(MeneurError):
        reputation.add_relation(hero, Relation(name="helene", value=1))


@pytest.mark.parametrize(
    ("kind", "typed", "key"),
    [
        (HeroicCriterion, "a survécu", HeroicCriterion.SURVIVED),
        (HeroicCriterion, "Réussite", HeroicCriterion.SUCCESS),
        (HeroicCriterion, "risques élevés", HeroicCriterion.HIGH_STAKES),
        (AptitudeCriterion, "aptitudes utilisées", AptitudeCriterion.USED_APTITUDES),
        (AptitudeCriterion, "appris", AptitudeCriterion.LEARNED),
        (Bonus, "effort hors partie", Bonus.OUTSIDE_WORK),
        (Bonus, "complication", Bonus.COMPLICATION),
        (Bonus, "outside_work", Bonus.OUTSIDE_WORK),
    ],
)
def test_criteria_read_the_book_words(kind: type, typed: str, key: object) -> None:
    """The tables "Critères | Gain d'expérience" and the bonus experience, in the book's words."""
    assert kind(typed) is key


def test_xp_award_takes_the_french_words(tmp_path: Path) -> None:
    path = tmp_path / "campagne.json"
    assert run_cli(["energy", "campaign", "new", str(path), "-c", "WINK"]).exit_code == 0
    for args in (["session", "start", str(path)], ["session", "end", str(path)]):
        assert run_cli(["energy", "campaign", *args]).exit_code == 0
    award = ["xp", "award", str(path), "WINK", "--heroic", "survécu,réussite", "--aptitude", "appris"]
    result = run_cli(["energy", "campaign", *award, "--bonus", "complication", "--json"])
    assert result.exit_code == 0, result.stderr
    shown = run_cli(["energy", "campaign", "show", str(path), "--json"]).stdout
    assert '"heroic_xp": 2' in shown and '"aptitude_xp": 2' in shown


def test_a_phase_refusal_elides_que() -> None:
    """« n'est possible qu'entre deux séances », never « que entre »."""
    text = Message("energy_campaign", ONLY_IN_PHASE[Phase.IDLE], {"action": "X", "actual": "Y"}).render("fr")
    assert "qu'entre deux séances" in text


@pytest.mark.parametrize(
    ("msgid", "params", "expected"),
    [
        (
            "{name} is {gender:brisé} and cannot fight.",
            {"name": "WINK", "gender": None},
            "WINK subit l'état brisé et ne peut pas combattre.",
        ),
        ("now {condition}", {"condition": "sonné"}, "condition sonné ajoutée"),
        ("no longer {condition}", {"condition": "sonné"}, "condition sonné retirée"),
    ],
)
def test_fight_messages_without_a_gender_agree_with_anyone(
    msgid: str, params: dict[str, str | None], expected: str
) -> None:
    """A combatant carries no gender yet: the fight's French says the state so that it agrees with
    a heroine as well as a hero (« WINK est brisé » was wrong for her)."""
    assert Message("energy_combat", msgid, params).render("fr") == expected
