"""Challenges (défis): a score against a difficulty, or against another character's score.

Conventions: a :class:`ChallengeScore` keeps every term that made it (aptitude, trait, rank,
reinforcement, weakening, people carried along, se dépasser, state malus), so a renderer can
explain it; results are immutable. Rules from 002_58e889a1abff3456.txt, chapter on défis.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum, StrEnum

from meneur.errors import BadInputError
from meneur.i18n import N_, Message
from meneur.i18n.words import fold
from meneur.systems.energy.campaign.states import aptitude_malus, state_name
from meneur.systems.energy.campaign.stress import StressUse, check_can_spend, require_playable
from meneur.systems.energy.model import Aptitude, Character, State
from meneur.systems.energy.names import APTITUDE_NAMES, word

DOMAIN = "energy_campaign"
SURPASS_BONUS = 2
""""ce qui lui permet d'ajouter 2 rangs à son niveau d'aptitude"."""


class Difficulty(IntEnum):
    """The difficulty table, "Amateur 1" to "Impossible 10"."""

    AMATEUR = 1
    BEGINNER = 2
    PROFESSIONAL = 3
    EXPERT = 4
    MASTER = 5
    HEROIC = 6
    FANTASTIC = 7
    EXTRAORDINARY = 8
    INCREDIBLE = 9
    IMPOSSIBLE = 10


DIFFICULTY_NAMES: dict[Difficulty, str] = {
    Difficulty.AMATEUR: N_("Amateur"),
    Difficulty.BEGINNER: N_("Beginner"),
    Difficulty.PROFESSIONAL: N_("Professional"),
    Difficulty.EXPERT: N_("Expert"),
    Difficulty.MASTER: N_("Master"),
    Difficulty.HEROIC: N_("Heroic"),
    Difficulty.FANTASTIC: N_("Fantastic"),
    Difficulty.EXTRAORDINARY: N_("Extraordinary"),
    Difficulty.INCREDIBLE: N_("Incredible"),
    Difficulty.IMPOSSIBLE: N_("Impossible"),
}

_FRENCH = (
    "amateur",
    "debutant",
    "professionnel",
    "expert",
    "maitre",
    "heroique",
    "fantastique",
    "extraordinaire",
    "incroyable",
    "impossible",
)


def _difficulty_list() -> Message:
    """ "Amateur (1), Débutant (2) ..." in the reader's language (a template of placeholders only)."""
    template = ", ".join(f"{{d{level.value}}} ({level.value})" for level in Difficulty)
    names = {f"d{level.value}": Message(DOMAIN, DIFFICULTY_NAMES[level]) for level in Difficulty}
    return Message(DOMAIN, template, names)


def parse_difficulty(text: str) -> Difficulty:
    """Read a difficulty: a number 1-10, an English key (``expert``) or the book's word (``maître``).

    Raises:
        BadInputError: for anything else, listing what is accepted.
    """
    folded = fold(text)
    if folded.isdecimal() and 1 <= int(folded) <= 10:
        return Difficulty(int(folded))
    for level in Difficulty:
        if folded in (level.name.lower(), _FRENCH[level - 1]):
            return level
    raise BadInputError(
        Message(
            DOMAIN,
            N_("Unknown difficulty {value!r}: give a number from 1 to 10 or one of {names}."),
            {"value": text, "names": _difficulty_list()},
        )
    )


class TermKind(StrEnum):
    """What a term of a challenge score stands for."""

    APTITUDE = "aptitude"
    TRAIT = "trait"
    RANK = "rank"
    REINFORCEMENT = "reinforcement"
    WEAKENING = "weakening"
    CARRIED = "carried"
    SURPASS = "surpass"
    STATE = "state"


TERM_NAMES: dict[TermKind, str] = {
    TermKind.APTITUDE: N_("aptitude {label}"),
    TermKind.TRAIT: N_("trait {label}"),
    TermKind.RANK: N_("rank (power {label})"),
    TermKind.REINFORCEMENT: N_("reinforcement"),
    TermKind.WEAKENING: N_("weakening"),
    TermKind.CARRIED: N_("people carried along ({label})"),
    TermKind.SURPASS: N_("surpass (one stress box)"),
    TermKind.STATE: N_("state {label}"),
}


BARE_TERM_NAMES: dict[TermKind, str] = {
    TermKind.APTITUDE: N_("aptitude"),
    TermKind.TRAIT: N_("trait"),
    TermKind.RANK: N_("rank"),
    TermKind.REINFORCEMENT: N_("reinforcement"),
    TermKind.WEAKENING: N_("weakening"),
    TermKind.CARRIED: N_("people carried along"),
    TermKind.SURPASS: N_("surpass (one stress box)"),
    TermKind.STATE: N_("state"),
}


@dataclass(frozen=True)
class Term:
    """One term of a challenge score: its kind, a label (aptitude, trait or power name) and value."""

    kind: TermKind
    value: int
    label: str = ""

    def describe(self) -> Message:
        """The term in words, e.g. "trait Spécialisation moto"."""
        label: str | Message = self.label
        if self.kind is TermKind.STATE and self.label in State.__members__.values():
            label = state_name(State(self.label))
        elif self.kind is TermKind.APTITUDE and self.label in Aptitude.__members__.values():
            label = word(APTITUDE_NAMES[Aptitude(self.label)])
        if not self.label:
            return Message(DOMAIN, BARE_TERM_NAMES[self.kind])
        return Message(DOMAIN, TERM_NAMES[self.kind], {"label": label})

    def to_json(self) -> dict[str, object]:
        """``{"kind", "label", "value"}``."""
        return {"kind": self.kind.value, "label": self.label, "value": self.value}


@dataclass(frozen=True)
class ChallengeScore:
    """A challenge score ("score de défi") with the terms it is made of."""

    terms: tuple[Term, ...]
    who: str = ""

    @property
    def total(self) -> int:
        """The sum of the terms."""
        return sum(term.value for term in self.terms)

    @property
    def surpassed(self) -> bool:
        """Whether a stress box was checked to se dépasser."""
        return any(term.kind is TermKind.SURPASS for term in self.terms)

    def explain(self) -> list[Message]:
        """One message per term, then the total."""
        lines = [
            Message(DOMAIN, N_("{term}: {value:+d}"), {"term": t.describe(), "value": t.value})
            for t in self.terms
        ]
        return [*lines, Message(DOMAIN, N_("challenge score: {total}"), {"total": self.total})]

    def to_json(self) -> dict[str, object]:
        """``{"who", "total", "terms"}``."""
        return {"who": self.who, "total": self.total, "terms": [t.to_json() for t in self.terms]}


@dataclass(frozen=True)
class ChallengeResult:
    """A challenge against a difficulty: "le résultat doit être égal ou supérieur à la difficulté"."""

    score: ChallengeScore
    difficulty: Difficulty

    @property
    def success(self) -> bool:
        """Won when the score is equal to or above the difficulty."""
        return self.score.total >= self.difficulty

    @property
    def margin(self) -> int:
        """Score minus difficulty."""
        return self.score.total - self.difficulty

    def explain(self) -> list[Message]:
        """The terms, the difficulty and the verdict."""
        verdict = (
            N_("Success: {total} ≥ {difficulty}.") if self.success else N_("Failure: {total} < {difficulty}.")
        )
        level = Message(
            DOMAIN,
            N_("difficulty: {name} ({value})"),
            {"name": Message(DOMAIN, DIFFICULTY_NAMES[self.difficulty]), "value": int(self.difficulty)},
        )
        return [
            *self.score.explain(),
            level,
            Message(DOMAIN, verdict, {"total": self.score.total, "difficulty": int(self.difficulty)}),
        ]

    def to_json(self) -> dict[str, object]:
        """A JSON-ready result."""
        return {
            "score": self.score.to_json(),
            "difficulty": int(self.difficulty),
            "difficulty_name": self.difficulty.name.lower(),
            "success": self.success,
            "margin": self.margin,
        }


class OpposedOutcome(StrEnum):
    """Outcome of a défi opposé."""

    FIRST = "first"
    SECOND = "second"
    STATUS_QUO = "status_quo"


@dataclass(frozen=True)
class OpposedResult:
    """A défi opposé: "le plus élevé l'emporte. En cas d'égalité, c'est un statut quo"."""

    first: ChallengeScore
    second: ChallengeScore

    @property
    def outcome(self) -> OpposedOutcome:
        """Who wins, or status quo on a tie."""
        if self.first.total == self.second.total:
            return OpposedOutcome.STATUS_QUO
        return OpposedOutcome.FIRST if self.first.total > self.second.total else OpposedOutcome.SECOND

    def explain(self) -> list[Message]:
        """Both scores and the verdict."""
        lines: list[Message] = []
        for score, fallback in ((self.first, N_("first")), (self.second, N_("opponent"))):
            who = score.who or Message(DOMAIN, fallback)
            lines.append(Message(DOMAIN, N_("{who}:"), {"who": who}))
            lines.extend(score.explain())
        if self.outcome is OpposedOutcome.STATUS_QUO:
            lines.append(Message(DOMAIN, N_("Tie at {total}: status quo."), {"total": self.first.total}))
        else:
            win, lose = (
                (self.first, self.second)
                if self.outcome is OpposedOutcome.FIRST
                else (self.second, self.first)
            )
            name = win.who or Message(DOMAIN, N_("first") if win is self.first else N_("opponent"))
            lines.append(
                Message(
                    DOMAIN,
                    N_("{who} wins, {high} against {low}."),
                    {"who": name, "high": win.total, "low": lose.total},
                )
            )
        return lines

    def to_json(self) -> dict[str, object]:
        """A JSON-ready result."""
        return {"first": self.first.to_json(), "second": self.second.to_json(), "outcome": self.outcome.value}


def _extras(surpass: bool, malus: int, malus_label: str) -> list[Term]:
    terms = [Term(TermKind.SURPASS, SURPASS_BONUS)] if surpass else []
    if malus:
        terms.append(Term(TermKind.STATE, malus, malus_label))
    return terms


def aptitude_score(
    aptitude_rank: int,
    trait_bonus: int = 0,
    *,
    surpass: bool = False,
    malus: int = 0,
    aptitude: str = "",
    trait: str = "",
    malus_label: str = "",
    who: str = "",
) -> ChallengeScore:
    """ "Un test d'aptitude se fait en additionnant une aptitude et un trait applicable".

    Args:
        aptitude_rank: the rank 0-5 in the aptitude.
        trait_bonus: the applicable trait's bonus (a particularity may count against: negative).
        surpass: a stress box checked for +2 (se dépasser).
        malus: the state malus (0, -1 troublé, -2 démoralisé).
        aptitude: label of the aptitude; trait: label of the trait; malus_label: the state's name.
        who: whose score it is.

    Raises:
        BadInputError: for an aptitude rank outside 0-5.
    """
    if not 0 <= aptitude_rank <= 5:
        raise BadInputError(
            Message(DOMAIN, N_("An aptitude rank goes from 0 to 5, not {value}."), {"value": aptitude_rank})
        )
    terms = [Term(TermKind.APTITUDE, aptitude_rank, aptitude)]
    if trait_bonus:
        terms.append(Term(TermKind.TRAIT, trait_bonus, trait))
    return ChallengeScore((*terms, *_extras(surpass, malus, malus_label)), who)


def power_score(
    rank: int,
    modifier: int = 0,
    *,
    carried: int = 0,
    surpass: bool = False,
    malus: int = 0,
    power: str = "",
    malus_label: str = "",
    who: str = "",
) -> ChallengeScore:
    """A power used instead of an aptitude.

    "On considère alors le rang de puissance du personnage en tant que rang d'aptitude, auquel on
    ajoute ou retranche les éventuels renforcements ou affaiblissements de son pouvoir"; one less per
    other person carried along ("on retranche 1 point car elle téléporte quelqu'un d'autre avec elle")
    (002_58e889a1abff3456.txt).

    Raises:
        BadInputError: for a rank below 1 or a negative number of people carried.
    """
    if rank < 1:
        raise BadInputError(Message(DOMAIN, N_("A rank is at least 1, not {value}."), {"value": rank}))
    if carried < 0:
        raise BadInputError(
            Message(
                DOMAIN,
                N_("The number of people carried along cannot be negative ({value})."),
                {"value": carried},
            )
        )
    terms = [Term(TermKind.RANK, rank, power)]
    if modifier > 0:
        terms.append(Term(TermKind.REINFORCEMENT, modifier))
    elif modifier < 0:
        terms.append(Term(TermKind.WEAKENING, modifier))
    if carried:
        terms.append(Term(TermKind.CARRIED, -carried, str(carried)))
    return ChallengeScore((*terms, *_extras(surpass, malus, malus_label)), who)


def _state_malus(character: Character) -> tuple[int, str]:
    malus = aptitude_malus(character)
    label = State.DEMORALIZED.value if malus <= -2 else State.TROUBLED.value if malus else ""
    return malus, label


def best_trait(character: Character, aptitude: Aptitude) -> tuple[str, int]:
    """The applicable trait with the highest bonus (name, bonus), or ("", 0) when none applies."""
    applicable = [t for t in character.traits if aptitude in t.aptitudes]
    if not applicable:
        return "", 0
    best = max(applicable, key=lambda t: t.bonus)
    return best.name, best.bonus


def character_aptitude_score(
    character: Character, aptitude: Aptitude, *, trait: str | None = None, surpass: bool = False
) -> ChallengeScore:
    """A character's aptitude score, with its best applicable trait (or the named one) and state malus.

    Raises:
        BadInputError: for a trait the character does not have.
        Refused: for a brisé character, or se dépasser by an NPC or with a full gauge.
    """
    require_playable(character)
    if trait is None:
        trait_name, bonus = best_trait(character, aptitude)
    else:
        found = [t for t in character.traits if fold(t.name) == fold(trait)]
        if not found:
            known = ", ".join(t.name for t in character.traits) or Message(DOMAIN, N_("none"))
            raise BadInputError(
                Message(
                    DOMAIN,
                    N_("{name} has no trait {trait!r} (traits: {known})."),
                    {"name": character.name, "trait": trait, "known": known},
                )
            )
        trait_name, bonus = found[0].name, found[0].bonus
    if surpass:
        check_can_spend(character, StressUse.SURPASS)
    malus, label = _state_malus(character)
    return aptitude_score(
        character.aptitude(aptitude),
        bonus,
        surpass=surpass,
        malus=malus,
        aptitude=aptitude.value,
        trait=trait_name,
        malus_label=label,
        who=character.name,
    )


def character_power_score(
    character: Character, power: str, *, carried: int = 0, surpass: bool = False, malus_on_powers: bool = True
) -> ChallengeScore:
    """A character's score with one of its powers ("un défi sur leur pouvoir de déplacement").

    Raises:
        BadInputError: for a power the character does not have.
        Refused: for a brisé character, or se dépasser by an NPC or with a full gauge.
    """
    require_playable(character)
    found = [p for p in character.powers if fold(p.name) == fold(power)]
    if not found:
        known = ", ".join(p.name for p in character.powers) or Message(DOMAIN, N_("none"))
        raise BadInputError(
            Message(
                DOMAIN,
                N_("{name} has no power {power!r} (powers: {known})."),
                {"name": character.name, "power": power, "known": known},
            )
        )
    if surpass:
        check_can_spend(character, StressUse.SURPASS)
    malus, label = _state_malus(character) if malus_on_powers else (0, "")
    return power_score(
        character.rank,
        found[0].modifier,
        carried=carried,
        surpass=surpass,
        malus=malus,
        power=found[0].name,
        malus_label=label,
        who=character.name,
    )


def challenge(score: ChallengeScore, difficulty: Difficulty) -> ChallengeResult:
    """Resolve a challenge against the environment."""
    return ChallengeResult(score, difficulty)


def opposed(first: ChallengeScore, second: ChallengeScore) -> OpposedResult:
    """Resolve a défi opposé between two scores."""
    return OpposedResult(first, second)
