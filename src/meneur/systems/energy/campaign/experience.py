"""Experience (expérience héroïque et d'aptitude): end-of-session awards, conversion, spending.

Conventions: an :class:`Award` remembers which criteria and bonuses it counts; 10 experience
becomes 1 point as soon as it can ("10 points d'expérience héroïques peuvent être convertis en 1
point de héros", 002_58e889a1abff3456.txt); spending points turns a character into an improved one
that must still pass every creation rule with the points it earned. Functions are pure.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from meneur.errors import BadInputError, Refused
from meneur.i18n import N_, Message
from meneur.i18n.words import member
from meneur.systems.energy import costs
from meneur.systems.energy.campaign.options import TableOptions
from meneur.systems.energy.model import Character
from meneur.systems.energy.plural import Counted, counted
from meneur.systems.energy.validation import TableOptions as CreationOptions
from meneur.systems.energy.validation import aptitude_point_budget, ensure_valid, hero_point_budget

DOMAIN = "energy_campaign"
XP_PER_POINT = 10


class HeroicCriterion(StrEnum):
    """The heroic experience table ("Critères | Gain d'expérience"), 1 point each."""

    SURVIVED = "survived"
    SUCCESS = "success"
    HIGH_STAKES = "high_stakes"

    @classmethod
    def _missing_(cls, value: object) -> HeroicCriterion | None:
        return member(cls, value, CRITERION_ALIASES)


class AptitudeCriterion(StrEnum):
    """The aptitude experience table, 1 point each."""

    SURVIVED = "survived"
    USED_APTITUDES = "used_aptitudes"
    LEARNED = "learned"

    @classmethod
    def _missing_(cls, value: object) -> AptitudeCriterion | None:
        return member(cls, value, CRITERION_ALIASES)


class Bonus(StrEnum):
    """Bonus experience: work outside the game (+1 heroic), a complication (+1 aptitude)."""

    OUTSIDE_WORK = "outside_work"
    COMPLICATION = "complication"

    @classmethod
    def _missing_(cls, value: object) -> Bonus | None:
        return member(cls, value, CRITERION_ALIASES)


CRITERION_ALIASES: dict[str, str] = {
    "survecu": "survived",
    "a_survecu": "survived",
    "reussite": "success",
    "jalon": "success",
    "risques": "high_stakes",
    "risques_eleves": "high_stakes",
    "aptitudes": "used_aptitudes",
    "aptitudes_utilisees": "used_aptitudes",
    "appris": "learned",
    "distingue": "learned",
    "effort": "outside_work",
    "hors_partie": "outside_work",
    "effort_hors_partie": "outside_work",
}
"""The book's words a game master types for a criterion (folded, see :func:`meneur.i18n.words.fold`):
"a survécu", "une réussite", "les risques étaient élevés", "a utilisé ses aptitudes", "a appris
quelque chose de nouveau ou s'est distingué", "un effort en dehors de la partie", "complication"."""

CRITERION_WORDS: dict[StrEnum, str] = {
    HeroicCriterion.SURVIVED: N_("survived"),
    HeroicCriterion.SUCCESS: N_("success"),
    HeroicCriterion.HIGH_STAKES: N_("high stakes"),
    AptitudeCriterion.SURVIVED: N_("survived"),
    AptitudeCriterion.USED_APTITUDES: N_("used aptitudes"),
    AptitudeCriterion.LEARNED: N_("learned"),
    Bonus.OUTSIDE_WORK: N_("effort outside the game"),
    Bonus.COMPLICATION: N_("complication"),
}
"""The short words of each criterion, shown in the help and in errors ("survécu", "réussite")."""


CRITERION_TEXTS: dict[str, str] = {
    "heroic.survived": N_("The character took part in the session and survived"),
    "heroic.success": N_("The adventure is a success or an important milestone was passed"),
    "heroic.high_stakes": N_("The risks were high, the opponents very powerful"),
    "aptitude.survived": N_("The character took part in the session and survived"),
    "aptitude.used_aptitudes": N_("The character used their aptitudes to move the adventure on"),
    "aptitude.learned": N_("The character learned something new or stood out"),
    "bonus.outside_work": N_("Work outside the game that made the table's game better"),
    "bonus.complication": N_("One of the character's complications made their life hard"),
}


@dataclass(frozen=True)
class Award:
    """One character's end-of-session experience, with what earned it."""

    heroic: frozenset[HeroicCriterion] = frozenset()
    aptitude: frozenset[AptitudeCriterion] = frozenset()
    bonuses: frozenset[Bonus] = frozenset()

    @property
    def heroic_xp(self) -> int:
        """1 per heroic criterion met, +1 for work outside the game."""
        return len(self.heroic) + (Bonus.OUTSIDE_WORK in self.bonuses)

    @property
    def aptitude_xp(self) -> int:
        """1 per aptitude criterion met, +1 (at most one per session) for a complication."""
        return len(self.aptitude) + (Bonus.COMPLICATION in self.bonuses)

    def reasons(self) -> list[Message]:
        """One message per criterion or bonus counted."""
        keys = (
            [f"heroic.{c.value}" for c in sorted(self.heroic)]
            + [f"aptitude.{c.value}" for c in sorted(self.aptitude)]
            + [f"bonus.{b.value}" for b in sorted(self.bonuses)]
        )
        return [Message(DOMAIN, CRITERION_TEXTS[key]) for key in keys]


@dataclass(frozen=True)
class Gain:
    """What an award did to a character: experience added and points converted."""

    character: Character
    hero_points: int
    aptitude_points: int


def _convert(xp: int, room: int | None) -> tuple[int, int]:
    points = xp // XP_PER_POINT if room is None else min(xp // XP_PER_POINT, room)
    return points, xp - points * XP_PER_POINT


def gain(
    character: Character,
    award: Award,
    *,
    aptitude_points_earned: int = 0,
    options: TableOptions | None = None,
) -> Gain:
    """Add an award's experience and convert each 10 into a point.

    Aptitude points stop converting once ``options.max_earned_aptitude_points`` have been earned
    ("XP d'aptitude | 10 XP d'aptitude donnent 1 point d'aptitude | 24 points d'aptitudes");
    the experience then stays banked.
    """
    options = options or TableOptions()
    old = character.experience
    hero, heroic_xp = _convert(old.heroic_xp + award.heroic_xp, None)
    room = max(0, options.max_earned_aptitude_points - aptitude_points_earned)
    apt, aptitude_xp = _convert(old.aptitude_xp + award.aptitude_xp, room)
    experience = old.model_copy(
        update={
            "heroic_xp": heroic_xp,
            "aptitude_xp": aptitude_xp,
            "heroic_points": old.heroic_points + hero,
            "aptitude_points": old.aptitude_points + apt,
        }
    )
    return Gain(character.model_copy(update={"experience": experience}), hero, apt)


IMPROVABLE = ("rank", "attributes", "powers", "aptitudes", "traits")
"""What points buy: attributes and powers (hero points), aptitudes and traits (aptitude points)."""


@dataclass(frozen=True)
class Spending:
    """Points spent to improve a character, and the character that results."""

    character: Character
    hero_points: int
    aptitude_points: int


def spend(character: Character, improved: Character, *, options: TableOptions | None = None) -> Spending:
    """Spend unspent points to turn ``character`` into ``improved`` (only the improvable fields count).

    Points left over in the budgets (:func:`left_over`) are spent first, then earned points: ÉCHO,
    1 hero point left at creation and 1 earned, buys a 2-point improvement.

    Hero points buy attributes and powers "comme indiqué au chapitre les bases d'un personnage";
    aptitude points "augmenter le score d'une aptitude ou d'un trait". The rank follows the hero points
    spent and may not pass the campaign's cap ("empêchant alors de dépenser des points de héros s'ils
    permettent d'atteindre le rang 7"). The result must pass every creation rule
    (002_58e889a1abff3456.txt).

    Raises:
        Refused: for spending more points than are unspent, taking something back, or a
            rank above the cap.
        InvalidCharacterError: when the improved character breaks a creation rule.
    """
    options = options or TableOptions()
    candidate = character.model_copy(update={key: getattr(improved, key) for key in IMPROVABLE})
    if all(getattr(candidate, key) == getattr(character, key) for key in IMPROVABLE if key != "rank"):
        raise BadInputError(
            Message(
                DOMAIN,
                N_("The improved {name} is the same as now: nothing to spend points on."),
                {"name": character.name},
            )
        )
    _check_nothing_taken_back(character, candidate)
    old_hero, new_hero = hero_point_budget(character).spent, hero_point_budget(candidate).spent
    old_apt, new_apt = aptitude_point_budget(character).spent, aptitude_point_budget(candidate).spent
    hero, apt = new_hero - old_hero, new_apt - old_apt
    hero_left, apt_left = left_over(character)
    _check_spend(character, hero, character.experience.heroic_points + hero_left, "hero_points")
    _check_spend(character, apt, character.experience.aptitude_points + apt_left, "aptitude_points")
    rank = max(character.rank, costs.rank_for_hero_points(new_hero))
    if options.max_rank is not None and rank > options.max_rank:
        raise Refused(
            Message(
                DOMAIN,
                N_(
                    "Spending these hero points would take {name} to rank {rank}, above this "
                    "campaign's cap of rank {cap}."
                ),
                {"name": character.name, "rank": rank, "cap": options.max_rank},
            ),
            rule="rank_cap",
        )
    experience = character.experience.model_copy(
        update={
            "heroic_points": character.experience.heroic_points - max(0, hero - hero_left),
            "aptitude_points": character.experience.aptitude_points - max(0, apt - apt_left),
            "spent_hero_points": max(0, new_hero - costs.hero_point_budget(rank)),
            "spent_aptitude_points": max(0, new_apt - costs.MATURITY_BUDGETS[character.maturity]),
        }
    )
    result = candidate.model_copy(update={"rank": rank, "experience": experience})
    ensure_valid(result, options=CreationOptions(max_rank=options.max_rank))
    return Spending(result, hero, apt)


def improvements(old: Character, new: Character) -> tuple[tuple[str, str, int], ...]:
    """What ``new`` has more of than ``old``: ``(kind, key, new value)`` for each attribute, aptitude,
    power (its modifier) and trait (its bonus) raised or bought."""
    found: list[tuple[str, str, int]] = [
        ("attribute", key, getattr(new.attributes, key))
        for key in ("energy", "recovery", "vigor")
        if getattr(new.attributes, key) > getattr(old.attributes, key)
    ]
    found += [("aptitude", a.value, r) for a, r in new.aptitudes.items() if r > old.aptitude(a)]
    powers = {p.name: p.modifier for p in old.powers}
    found += [
        ("power", p.name, p.modifier)
        for p in new.powers
        if p.name not in powers or p.modifier > powers[p.name]
    ]
    traits = {t.name: t.bonus for t in old.traits}
    found += [("trait", t.name, t.bonus) for t in new.traits if t.bonus > traits.get(t.name, 0)]
    return tuple(found)


def left_over(character: Character) -> tuple[int, int]:
    """The hero and aptitude points left unspent in ``character``'s budgets (creation points kept, see
    the ruling "Unspent points"): spent first, before earned points, when the character improves."""
    recorded = character.experience
    heroes = hero_point_budget(character, recorded.spent_hero_points)
    aptitudes = aptitude_point_budget(character, recorded.spent_aptitude_points)
    return max(0, heroes.left), max(0, aptitudes.left)


def _taken_back(old: Character, new: Character) -> list[str]:
    """What ``new`` has less of than ``old``: attributes, aptitudes, traits, powers and their modifiers."""
    lost = [
        key
        for key in ("energy", "recovery", "vigor")
        if getattr(new.attributes, key) < getattr(old.attributes, key)
    ]
    lost += [a.value for a, r in old.aptitudes.items() if new.aptitude(a) < r]
    traits = {t.name: t.bonus for t in new.traits}
    lost += [t.name for t in old.traits if traits.get(t.name, 0) < t.bonus]
    powers = {p.name: p.modifier for p in new.powers}
    lost += [p.name for p in old.powers if p.name not in powers or powers[p.name] < p.modifier]
    return lost


def _check_nothing_taken_back(old: Character, new: Character) -> None:
    """ "dépenser pour augmenter leurs attributs, acheter des pouvoirs ou améliorer leurs aptitudes et leurs
    traits": experience only adds; nothing bought is sold back."""
    lost = _taken_back(old, new)
    if lost:
        raise Refused(
            Message(
                DOMAIN,
                N_("Spending experience only improves {name}; these would be lowered or removed: {items}."),
                {"name": old.name, "items": ", ".join(lost)},
            ),
            rule="spend_refund",
        )


CURRENCIES: dict[str, tuple[str, str]] = {
    "hero_points": (N_("{count} hero point"), N_("{count} hero points")),
    "aptitude_points": (N_("{count} aptitude point"), N_("{count} aptitude points")),
}
"""The points spent, in words ("2 points de héros"), never the file's key."""


def _points(currency: str, count: int) -> Counted:
    one, many = CURRENCIES[currency]
    return counted(DOMAIN, one, many, count)


def _check_spend(character: Character, spent: int, available: int, currency: str) -> None:
    if spent < 0:
        raise Refused(
            Message(
                DOMAIN,
                N_("{name} would get {points} back: points spent cannot be taken back."),
                {"name": character.name, "points": _points(currency, -spent)},
            ),
            rule="spend_refund",
        )
    if spent > available:
        raise Refused(
            Message(
                DOMAIN,
                N_("{name} would spend {points} but has only {available} to spend."),
                {"name": character.name, "points": _points(currency, spent), "available": available},
            ),
            rule="spend_points",
        )


def parse_criteria(values: list[str], kind: type[StrEnum]) -> frozenset[StrEnum]:
    """Read criteria keys typed by a user.

    Raises:
        BadInputError: for an unknown key, listing the known ones.
    """
    known = [member.value for member in kind]
    unknown = [v for v in values if v not in known]
    if unknown:
        raise BadInputError(
            Message(
                DOMAIN,
                N_("Unknown criterion {value!r}: expected one of {known}."),
                {"value": unknown[0], "known": ", ".join(known)},
            )
        )
    return frozenset(kind(v) for v in values)
