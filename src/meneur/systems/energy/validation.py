"""Checking a character against every creation rule at once (a pure query).

``validate(character)`` never raises for a broken rule: it returns a :class:`CharacterCheck`
listing every problem (each with a stable ``rule`` id, the ``field`` concerned and a translatable
message) and the budget summary in both currencies (hero points, aptitude points).
:func:`ensure_valid` raises :class:`InvalidCharacterError` with the same list.

Rule text: ``002_58e889a1abff3456.txt``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from meneur.errors import MeneurError
from meneur.i18n import N_, Message
from meneur.systems.energy import costs
from meneur.systems.energy.model import Character, State
from meneur.systems.energy.names import (
    APTITUDE_NAMES,
    ATTRIBUTE_NAMES,
    DOMAIN,
    FILE_VALUE_NAMES,
    LIVING_STANDARD_NAMES,
    word,
)
from meneur.systems.energy.plural import counted

STRESS_BOXES = 10
NOTORIETY_RANGE = (0, 10)
MORALITY_RANGE = (-10, 10)
RELATION_RANGE = (-10, 10)


class TableOptions(BaseModel):
    """What a game master may change in the creation rules of the table.

    Attributes:
        allow_unspent_points: leftover hero or aptitude points are allowed (default True: the book
            never forbids keeping points, and its own archetype heroes are completed by rules that
            may leave a point or two).
        max_rank: a campaign's rank cap ("limiter les personnages à un ensemble de rangs");
            None (default) means no cap.
        player_margin: the share of the heroes' ranks kept back from the foes in encounter balance
            ("un léger avantage aux joueurs de l'ordre de 20% de rangs"); default 0.2.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    allow_unspent_points: bool = True
    max_rank: int | None = Field(default=None, ge=1)
    player_margin: float = Field(default=0.2, ge=0, lt=1)


@dataclass(frozen=True)
class CostItem:
    """One line of a budget: what was bought (a translatable label) and its cost."""

    label: Message
    cost: int


@dataclass(frozen=True)
class Budget:
    """A budget in one currency, with the lines spent from it."""

    budget: int
    items: tuple[CostItem, ...] = ()
    earned: int = 0
    """The share of ``budget`` earned by experience (the rest comes from the rank or the maturity)."""

    @property
    def spent(self) -> int:
        """Total spent."""
        return sum(item.cost for item in self.items)

    @property
    def left(self) -> int:
        """Points left (negative when over budget)."""
        return self.budget - self.spent

    def to_json(self) -> dict[str, int]:
        """``{"budget": n, "spent": n, "earned": n}`` (``earned``: the budget's share from experience)."""
        return {"budget": self.budget, "spent": self.spent, "earned": self.earned}


@dataclass(frozen=True)
class Problem:
    """One broken rule: its stable id, the file field concerned and an explanation."""

    rule: str
    field: str
    message: Message

    def to_json(self) -> dict[str, str]:
        """``{"rule": id, "field": path, "message": text}`` in the current language."""
        return {"rule": self.rule, "field": self.field, "message": self.message.render()}


@dataclass(frozen=True)
class CharacterCheck:
    """The result of :func:`validate`: every problem and both budgets."""

    problems: tuple[Problem, ...]
    hero_points: Budget
    aptitude_points: Budget

    @property
    def is_valid(self) -> bool:
        """True when no rule is broken."""
        return not self.problems

    @property
    def rules(self) -> frozenset[str]:
        """The ids of the rules broken."""
        return frozenset(problem.rule for problem in self.problems)

    def to_json(self) -> dict[str, Any]:
        """The ``check --json`` document."""
        return {
            "valid": self.is_valid,
            "errors": [problem.to_json() for problem in self.problems],
            "hero_points": self.hero_points.to_json(),
            "aptitude_points": self.aptitude_points.to_json(),
        }


class InvalidCharacterError(MeneurError):
    """A character that breaks creation rules; ``check.problems`` lists all of them."""

    code = "invalid_character"

    def __init__(self, name: str, check: CharacterCheck) -> None:
        # An untranslated template of one line per problem; each line's text is a Message.
        lines = "\n".join(f"- {{p{i}}} [{p.rule}]" for i, p in enumerate(check.problems))
        detail = Message(DOMAIN, lines, {f"p{i}": p.message for i, p in enumerate(check.problems)})
        rules = counted(DOMAIN, N_("{count} rule"), N_("{count} rules"), len(check.problems))
        super().__init__(
            Message(
                DOMAIN,
                N_("{name} breaks {rules}:\n{detail}"),
                {"name": name, "rules": rules, "detail": detail},
            )
        )
        self.check = check

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), **self.check.to_json()}


def _problem(rule_id: str, path: str, msgid: str, /, **params: Any) -> Problem:
    return Problem(rule_id, path, Message(DOMAIN, msgid, params))


def hero_point_budget(character: Character, earned: int = 0) -> Budget:
    """Hero points: the rank's budget (plus points earned by experience) and what was bought."""
    budget = (costs.hero_point_budget(character.rank) if character.rank >= 1 else 0) + earned
    attributes = character.attributes
    items = [
        CostItem(word(ATTRIBUTE_NAMES[key]), getattr(attributes, key) * unit)
        for key, unit in costs.ATTRIBUTE_COSTS.items()
    ]
    items += [
        CostItem(Message(DOMAIN, "{name}", {"name": p.name}), costs.power_cost(p)) for p in character.powers
    ]
    return Budget(budget, tuple(items), earned)


def aptitude_point_budget(character: Character, earned: int = 0) -> Budget:
    """Aptitude points: the maturity's budget (plus earned points) and what was bought."""
    budget = costs.MATURITY_BUDGETS[character.maturity] + earned
    items = [
        CostItem(word(APTITUDE_NAMES[a]), costs.aptitude_rank_cost(r)) for a, r in character.aptitudes.items()
    ]
    items += [
        CostItem(Message(DOMAIN, "{name}", {"name": t.name}), costs.trait_cost(t.bonus))
        for t in character.traits
    ]
    items.append(
        CostItem(
            word(LIVING_STANDARD_NAMES[character.living_standard]),
            costs.living_standard_cost(character.living_standard),
        )
    )
    return Budget(budget, tuple(items), earned)


def validate(
    character: Character,
    *,
    earned_hero_points: int = 0,
    earned_aptitude_points: int = 0,
    options: TableOptions | None = None,
) -> CharacterCheck:
    """Check ``character`` against every creation rule and sum up both budgets.

    Args:
        character: the character to check.
        earned_hero_points: hero points gained by experience and spent on the character on top of
            its rank's creation budget ("10 points d'expérience héroïques peuvent être convertis en
            1 point de héros"), in addition to those its file records
            (``experience.spent_hero_points``).
        earned_aptitude_points: aptitude points gained by experience on top of the maturity budget,
            in addition to ``experience.spent_aptitude_points``.
        options: the table's options (defaults: :class:`TableOptions`).

    Returns:
        Every problem found (none when valid) and both budgets.
    """
    options = options or TableOptions()
    recorded = character.experience
    heroes = hero_point_budget(character, earned_hero_points + recorded.spent_hero_points)
    aptitudes = aptitude_point_budget(character, earned_aptitude_points + recorded.spent_aptitude_points)
    problems = (
        *_identity(character, options),
        *_attributes(character),
        *_powers(character),
        *_budget(heroes, "hero_points", options),
        *_rank_matches(character, heroes),
        *_aptitudes(character),
        *_budget(aptitudes, "aptitude_points", options),
        *_campaign_values(character),
    )
    return CharacterCheck(tuple(problems), heroes, aptitudes)


def ensure_valid(character: Character, **kwargs: Any) -> Character:
    """Return ``character`` when :func:`validate` finds nothing, else raise.

    Raises:
        InvalidCharacterError: listing every problem.
    """
    check = validate(character, **kwargs)
    if not check.is_valid:
        raise InvalidCharacterError(character.name, check)
    return character


def _identity(character: Character, options: TableOptions) -> Iterator[Problem]:
    if not character.name.strip():
        yield _problem("name.empty", "name", N_("name: the character has no name; give it one."))
    if character.rank < 1:
        yield _problem(
            "rank.minimum",
            "rank",
            N_('rank: {rank} is not a rank; ranks start at 1 ("Rang | Pts de héros" table).'),
            rank=character.rank,
        )
    if options.max_rank is not None and character.rank > options.max_rank:
        yield _problem(
            "rank.cap",
            "rank",
            N_("rank: {rank} is above this campaign's cap of {cap}."),
            rank=character.rank,
            cap=options.max_rank,
        )


def _attributes(character: Character) -> Iterator[Problem]:
    """ "Un attribut ne peut jamais être inférieur à 1"; "La récupération ne peut pas être
    supérieure à l'énergie" (002_58e889a1abff3456.txt)."""
    attributes = character.attributes
    for key in costs.ATTRIBUTE_COSTS:
        value = getattr(attributes, key)
        if value < 1:
            yield _problem(
                "attribute.minimum",
                f"attributes.{key}",
                N_(
                    "attributes.{key}: {attribute} is {value}; an attribute can never be "
                    "below 1, raise it to at least 1."
                ),
                key=key,
                attribute=word(ATTRIBUTE_NAMES[key]),
                value=value,
            )
    if attributes.recovery > attributes.energy:
        yield _problem(
            "attribute.recovery_above_energy",
            "attributes.recovery",
            N_(
                "attributes.recovery: Recovery ({recovery}) is above Energy ({energy}); "
                "recovery can never be higher than energy."
            ),
            recovery=attributes.recovery,
            energy=attributes.energy,
        )


def _powers(character: Character) -> Iterator[Problem]:
    for index, power in enumerate(character.powers):
        field = f"powers[{index}]"
        if not power.name.strip():
            yield _problem(
                "power.name_empty",
                f"{field}.name",
                N_("{field}.name: a power needs a name agreed with the GM."),
                field=field,
            )
        if power.effect == "condition" and power.condition is None:
            yield _problem(
                "power.condition_missing",
                f"{field}.condition",
                N_(
                    '{field}.condition: the power "{name}" inflicts a condition but does '
                    "not say which one (blinded, entangled, controlled, immobilized, stunned)."
                ),
                field=field,
                name=power.name,
            )
        if power.condition is not None and power.effect != "condition":
            yield _problem(
                "power.condition_without_effect",
                f"{field}.effect",
                N_(
                    '{field}.effect: the power "{name}" names a condition, so its effect must be "condition".'
                ),
                field=field,
                name=power.name,
            )


def _budget(budget: Budget, currency: str, options: TableOptions) -> Iterator[Problem]:
    if budget.left < 0:
        msgid = (
            N_(
                "hero_points: {spent} hero points spent for a budget of {budget} "
                "({over} too many); remove attributes or powers."
            )
            if currency == "hero_points"
            else N_(
                "aptitude_points: {spent} aptitude points spent for a budget of {budget} "
                "({over} too many); lower aptitudes, traits or the living standard."
            )
        )
        yield _problem(
            f"{currency}.over_budget",
            currency,
            msgid,
            spent=budget.spent,
            budget=budget.budget,
            over=-budget.left,
        )
    elif budget.left > 0 and not options.allow_unspent_points:
        msgid = (
            N_("hero_points: {left} hero points left unspent; this table requires spending them all.")
            if currency == "hero_points"
            else N_(
                "aptitude_points: {left} aptitude points left unspent; this table requires spending them all."
            )
        )
        yield _problem(f"{currency}.unspent", currency, msgid, left=budget.left)


def _rank_matches(character: Character, heroes: Budget) -> Iterator[Problem]:
    """The rank is the highest whose budget the hero points spent reach ("Le rang ... détermine le
    budget en points de héros"; docs/rulings/energy-campaign.md, "Rank after spending hero points"):
    69 points spent is rank 9, whatever the file says."""
    reached = costs.rank_for_hero_points(heroes.spent)
    if reached > character.rank and heroes.left >= 0:  # over budget: that problem says it already
        yield _problem(
            "rank_mismatch",
            "rank",
            N_(
                "rank: {spent} hero points spent is rank {reached}, not rank {rank} (the rank follows the "
                "points spent, earned ones included)."
            ),
            spent=heroes.spent,
            reached=reached,
            rank=character.rank,
        )


def _aptitudes(character: Character) -> Iterator[Problem]:
    """Aptitude ranks 1 to 5 ("Rang | Coût | Description": 1 Amateur ... 5 Maître); traits +1 or more."""
    for aptitude, rank in character.aptitudes.items():
        if not 1 <= rank <= costs.MAX_APTITUDE_RANK:
            yield _problem(
                "aptitude.rank_range",
                f"aptitudes.{aptitude.value}",
                N_(
                    "aptitudes.{key}: {aptitude} {rank} is not an aptitude rank; ranks go "
                    "from 1 (Amateur) to 5 (Master), leave out an aptitude you do not have."
                ),
                key=aptitude.value,
                aptitude=word(APTITUDE_NAMES[aptitude]),
                rank=rank,
            )
    for index, trait in enumerate(character.traits):
        if trait.bonus < 1:
            yield _problem(
                "trait.bonus_minimum",
                f"traits[{index}].bonus",
                N_(
                    'traits[{index}].bonus: the trait "{name}" has a bonus of {bonus}; a '
                    "trait is bought at +1 or more (1 aptitude point per +1)."
                ),
                index=index,
                name=trait.name,
                bonus=trait.bonus,
            )


GM_RELATIONS = 3
""""les trois dernières cases de relations sont réservées au MJ" (002_58e889a1abff3456.txt)."""
MENTAL_LADDER = (State.TROUBLED, State.DEMORALIZED, State.BROKEN)
"""troublé at 10 boxes, then démoralisé, then brisé ("l'équivalent de 12 cases"): each one is checked
on top of the one before."""


def _states(character: Character) -> Iterator[Problem]:
    """States that cannot hold together (docs/rulings/energy-characters.md, "States that contradict
    each other"): blessé and incapacité ("subit à la place l'état incapacité"); a step of the stress
    ladder without the one before it (troublé and brisé without démoralisé); a mental state without
    the 10 boxes it needs, or 10 boxes without troublé ("Lorsque le personnage atteint 10 cases de
    stress, il coche l'état troublé")."""
    states = character.states
    if State.WOUNDED in states and State.INCAPACITATED in states:
        yield _problem(
            "states.contradiction",
            "states",
            N_(
                'states: blessé and incapacité together; "un personnage blessé qui subit une nouvelle fois le '
                "statut blessé subit à la place l'état incapacité\": keep incapacité only."
            ),
        )
    held = [state in states for state in MENTAL_LADDER]
    if any(later and not earlier for earlier, later in pairwise(held)):
        yield _problem(
            "states.contradiction",
            "states",
            N_(
                "states: troublé, démoralisé and brisé are checked one after the other; a step is missing "
                "(brisé is troublé and démoralisé too)."
            ),
        )
    if any(held) and character.stress != STRESS_BOXES:
        yield _problem(
            "states.stress",
            "stress",
            N_(
                'stress: {stress} boxes with troublé, démoralisé or brisé, which come at 10 boxes ("un '
                'personnage ayant accumulé 10 points de stress est troublé").'
            ),
            stress=character.stress,
        )
    elif character.stress == STRESS_BOXES and not any(held):
        yield _problem(
            "states.stress",
            "states",
            N_(
                'states: 10 stress boxes without troublé ("Lorsque le personnage atteint 10 cases de stress, il '
                "coche l'état troublé\")."
            ),
        )


def _campaign_values(character: Character) -> Iterator[Problem]:
    """Ranges of the values kept in the file: stress gauge, resources, reputation, relations."""
    if not 0 <= character.stress <= STRESS_BOXES:
        yield _problem(
            "stress.range",
            "stress",
            N_("stress: {value} boxes; the stress gauge has 0 to 10 boxes."),
            value=character.stress,
        )
    for key in ("savings", "debts"):
        if getattr(character, key) < 0:
            yield _problem(
                "resources.negative",
                key,
                N_("{key}: {what} at {value}; savings and debts never go below 0."),
                key=key,
                what=word(FILE_VALUE_NAMES[key]),
                value=getattr(character, key),
            )
    reputation = character.reputation
    for key, (low, high) in (
        ("super_notoriety", NOTORIETY_RANGE),
        ("civil_notoriety", NOTORIETY_RANGE),
        ("morality", MORALITY_RANGE),
    ):
        value = getattr(reputation, key)
        if not low <= value <= high:
            yield _problem(
                "reputation.range",
                f"reputation.{key}",
                N_("reputation.{key}: {what} is {value}, outside its scale from {low} to {high}."),
                key=key,
                what=word(FILE_VALUE_NAMES[key]),
                value=value,
                low=low,
                high=high,
            )
    for index, relation in enumerate(character.relations):
        if not RELATION_RANGE[0] <= relation.value <= RELATION_RANGE[1]:
            yield _problem(
                "relation.range",
                f"relations[{index}].value",
                N_("relations[{index}].value: {name} is at {value}; relations go from -10 to 10."),
                index=index,
                name=relation.name,
                value=relation.value,
            )
    yield from _states(character)
    reserved = [r.name for r in character.relations if r.gm_reserved]
    if len(reserved) > GM_RELATIONS:
        yield _problem(
            "relations.gm_reserved",
            "relations",
            N_(
                'relations: {count} relations kept by the GM ({names}); "les trois dernières '
                'cases de relations sont réservées au MJ": 3 at most.'
            ),
            count=len(reserved),
            names=", ".join(reserved),
        )
    experience = character.experience
    for key in (
        "heroic_xp",
        "aptitude_xp",
        "heroic_points",
        "aptitude_points",
        "spent_hero_points",
        "spent_aptitude_points",
    ):
        if getattr(experience, key) < 0:
            yield _problem(
                "experience.negative",
                f"experience.{key}",
                N_("experience.{key}: {what} is {value}; it never goes below 0."),
                key=key,
                what=word(FILE_VALUE_NAMES[key]),
                value=getattr(experience, key),
            )
