"""Experience, 002_58e889a1abff3456.txt, chapter on expérience."""

from __future__ import annotations

import pytest

from meneur.errors import BadInputError, Refused
from meneur.systems.energy import library_hero
from meneur.systems.energy.campaign.experience import (
    AptitudeCriterion,
    Award,
    Bonus,
    HeroicCriterion,
    gain,
    spend,
)
from meneur.systems.energy.campaign.options import TableOptions
from meneur.systems.energy.model import Aptitude, Attributes, Experience, Power, PowerCategory
from meneur.systems.energy.validation import InvalidCharacterError

ALL_HEROIC = frozenset(HeroicCriterion)
ALL_APTITUDE = frozenset(AptitudeCriterion)


@pytest.mark.parametrize(
    ("heroic", "aptitude", "bonuses", "expected"),
    [
        (frozenset({HeroicCriterion.SURVIVED}), frozenset({AptitudeCriterion.SURVIVED}), frozenset(), (1, 1)),
        (ALL_HEROIC, ALL_APTITUDE, frozenset(), (3, 3)),
        (ALL_HEROIC, ALL_APTITUDE, frozenset(Bonus), (4, 4)),
        (frozenset({HeroicCriterion.SURVIVED}), frozenset(), frozenset({Bonus.COMPLICATION}), (1, 1)),
    ],
)
def test_criteria_tables_and_bonuses(
    heroic: frozenset[HeroicCriterion],
    aptitude: frozenset[AptitudeCriterion],
    bonuses: frozenset[Bonus],
    expected: tuple[int, int],
) -> None:
    """002_58e889a1abff3456.txt: "les personnages gagnent entre 1 et 3 points d'expérience héroïques" (one
    per criterion), "le PJ du joueur gagne 1 point d'expérience héroïque" for work outside the game, "le PJ
    gagne 1 point d'expérience d'aptitude" for a complication."""
    award = Award(heroic, aptitude, bonuses)
    assert (award.heroic_xp, award.aptitude_xp) == expected
    assert len(award.reasons()) == len(heroic) + len(aptitude) + len(bonuses)


def test_ten_experience_make_one_point() -> None:
    """002_58e889a1abff3456.txt: "10 points d'expérience héroïques peuvent être convertis en 1 point de
    héros"; "10 points d'expérience d'aptitude peuvent être convertis en 1 point d'aptitude"."""
    hero = library_hero("WINK").model_copy(update={"experience": Experience(heroic_xp=8, aptitude_xp=9)})
    result = gain(hero, Award(ALL_HEROIC, frozenset({AptitudeCriterion.SURVIVED})))
    assert (result.hero_points, result.aptitude_points) == (1, 1)
    assert result.character.experience == Experience(
        heroic_xp=1, aptitude_xp=0, heroic_points=1, aptitude_points=1
    )


def test_aptitude_points_earned_are_capped_at_24() -> None:
    """002_58e889a1abff3456.txt: "| XP d'aptitude | 10 XP d'aptitude donnent 1 point d'aptitude | 24 points
    d'aptitudes |"."""
    hero = library_hero("WINK").model_copy(update={"experience": Experience(aptitude_xp=9)})
    capped = gain(hero, Award(aptitude=ALL_APTITUDE), aptitude_points_earned=24)
    assert capped.aptitude_points == 0 and capped.character.experience.aptitude_xp == 12
    last = gain(hero, Award(aptitude=ALL_APTITUDE), aptitude_points_earned=23)
    assert last.aptitude_points == 1
    wider = gain(
        hero,
        Award(aptitude=ALL_APTITUDE),
        aptitude_points_earned=24,
        options=TableOptions(max_earned_aptitude_points=30),
    )
    assert wider.aptitude_points == 1


def _with_points(hero_points: int, aptitude_points: int = 0):  # type: ignore[no-untyped-def]
    return library_hero("WINK").model_copy(
        update={"experience": Experience(heroic_points=hero_points, aptitude_points=aptitude_points)}
    )


def test_spending_hero_points_on_an_attribute() -> None:
    """002_58e889a1abff3456.txt: a hero point "peut être utilisé comme indiqué au chapitre les bases d'un
    personnage": Vigueur costs 1."""
    wink = _with_points(2)
    better = wink.model_copy(update={"attributes": Attributes(energy=5, recovery=4, vigor=6)})
    done = spend(wink, better)
    assert (done.hero_points, done.character.experience.heroic_points, done.character.rank) == (1, 1, 5)


def test_spending_aptitude_points_on_an_aptitude() -> None:
    """002_58e889a1abff3456.txt: "1 point d'aptitude qui pourra être dépensé pour augmenter le score d'une
    aptitude ou d'un trait"."""
    wink = _with_points(0, 2)
    better = wink.model_copy(update={"aptitudes": {**wink.aptitudes, Aptitude.VEHICLES: 4}})
    done = spend(wink, better)
    assert (done.aptitude_points, done.character.aptitude(Aptitude.VEHICLES)) == (1, 4)


def test_spending_more_than_unspent_or_taking_back_is_refused() -> None:
    """Points are spent from the unspent ones only (002_58e889a1abff3456.txt, expérience)."""
    wink = _with_points(1)
    with pytest.raises(Refused) as error:
        spend(wink, wink.model_copy(update={"attributes": Attributes(energy=6, recovery=4, vigor=5)}))
    assert error.value.rule == "spend_points"
    with pytest.raises(Refused) as error:
        spend(wink, wink.model_copy(update={"attributes": Attributes(energy=5, recovery=4, vigor=4)}))
    assert error.value.rule == "spend_refund"
    swap = wink.model_copy(update={"attributes": Attributes(energy=6, recovery=4, vigor=3)})
    with pytest.raises(Refused) as error:
        spend(_with_points(0), swap)
    assert error.value.rule == "spend_refund" and "vigor" in error.value.render("en")
    with pytest.raises(BadInputError):
        spend(wink, wink)


def test_spending_re_validates_the_character() -> None:
    """002_58e889a1abff3456.txt: aptitude ranks go to "| 5 | 5 | Maître |", after spending too."""
    wink = _with_points(0, 3)
    with pytest.raises(InvalidCharacterError) as error:
        spend(wink, wink.model_copy(update={"aptitudes": {**wink.aptitudes, Aptitude.VEHICLES: 6}}))
    assert error.value.check.rules == {"aptitude.rank_range"}


def test_the_campaign_rank_cap() -> None:
    """002_58e889a1abff3456.txt: "accepter des personnages de rang 5 ou 6 uniquement, empêchant alors de
    dépenser des points de héros s'ils permettent d'atteindre le rang 7"."""
    wink = _with_points(20)
    six = wink.model_copy(
        update={
            "powers": (
                *wink.powers,
                Power(name="Blink", category=PowerCategory.MOV),
                Power(name="Flash", category=PowerCategory.SUP, modifier=1),
            )
        }
    )
    assert spend(wink, six, options=TableOptions(max_rank=6)).character.rank == 6
    seven = six.model_copy(update={"attributes": Attributes(energy=6, recovery=5, vigor=7)})
    with pytest.raises(Refused) as error:
        spend(wink, seven, options=TableOptions(max_rank=6))
    assert error.value.rule == "rank_cap"
    assert spend(wink, seven).character.rank == 7


def test_an_improved_character_still_validates_from_its_file_alone() -> None:
    """002_58e889a1abff3456.txt: points won by experience are spent "comme indiqué au chapitre les bases
    d'un personnage"; the file records the points spent beyond the rank's budget, so `check` accepts the
    improved hero without being told, and refuses the same sheet without that record."""
    from meneur.systems.energy.files import dump_character, parse_character
    from meneur.systems.energy.validation import validate

    wink = _with_points(2, 1)
    better = wink.model_copy(
        update={
            "attributes": Attributes(energy=5, recovery=4, vigor=7),
            "aptitudes": {**wink.aptitudes, Aptitude.VEHICLES: 4},
        }
    )
    done = spend(wink, better).character
    assert (done.experience.spent_hero_points, done.experience.spent_aptitude_points) == (2, 1)
    reloaded = parse_character(dump_character(done), "wink.yaml")
    assert validate(reloaded).is_valid
    forged = reloaded.model_copy(update={"experience": Experience()})
    assert {p.rule for p in validate(forged).problems} == {
        "hero_points.over_budget",
        "aptitude_points.over_budget",
    }


def test_new_experience_keeps_the_record_of_points_spent() -> None:
    """Winning experience after spending points must not forget what was spent."""
    wink = _with_points(1)
    done = spend(wink, wink.model_copy(update={"attributes": Attributes(energy=5, recovery=4, vigor=6)}))
    again = gain(done.character, Award(heroic=ALL_HEROIC)).character
    assert again.experience.spent_hero_points == 1
    assert again.experience.heroic_xp == 3
