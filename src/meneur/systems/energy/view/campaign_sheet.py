"""Beside the campaign's buttons that change a sheet: what experience buys beyond an aptitude (each
step of :func:`~meneur.systems.energy.campaign.improvement.offers` with the price the rules' ``spend``
gives it, a new power's name and category, a new trait's name and aptitude) and a new relation (its
name, its value with the book's words for it).

Every cost and every refusal here is the rules' (:mod:`meneur.systems.energy.campaign`); nothing is
computed or decided here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from meneur.errors import MeneurError, Refused
from meneur.i18n import N_, P_, Message, translate
from meneur.systems.energy.campaign import commands as cmd
from meneur.systems.energy.campaign.experience import Spending, left_over
from meneur.systems.energy.campaign.improvement import (
    NEW,
    STAND_IN,
    Improvement,
    Target,
    offers,
    price,
    step_words,
)
from meneur.systems.energy.campaign.reputation import GM_RELATION_SLOTS, relation_band
from meneur.systems.energy.model import Aptitude, Character, PowerCategory
from meneur.systems.energy.names import APTITUDE_NAMES, CATEGORY_CODES, CATEGORY_NAMES
from meneur.systems.energy.names import DOMAIN as CHARACTERS
from meneur.web.game_choices import text
from meneur.web.game_odds import Odds

CHOICES = "energy/_campaign_choices.html"

HERO = P_("{count} hero point", "{count} hero points")
APTITUDE = P_("{count} aptitude point", "{count} aptitude points")


def _count(forms: Any, count: int, lang: str) -> str:
    return Message.counted("web", forms, count).render(lang)


@dataclass
class StepChoices:
    """What an improvement's button shows: the steps to pick (``value``, words with the rules' price),
    the one chosen, a new power's or trait's name, category and aptitude, and what the rules say of
    the chosen step (``lines``)."""

    steps: list[tuple[str, str]]
    step: str
    name: str
    categories: list[tuple[str, str]]
    category: str
    helped: list[tuple[str, str]]
    """The aptitudes a new trait may help (the template tells these choices by their names)."""
    helps: str
    lines: list[str] = field(default_factory=list)

    @property
    def new(self) -> str:
        """The target chosen when it is a new power or trait (else empty)."""
        return self.step if self.step in NEW else ""

    def __bool__(self) -> bool:
        return True


@dataclass
class RelationChoices:
    """What a new relation's button shows: its name, its value from -10 to 10, and the book's words
    for that value (``lines``)."""

    name: str
    values: list[tuple[int, str]]
    value: int
    lines: list[str] = field(default_factory=list)

    def __bool__(self) -> bool:
        return True


def step_value(step: Improvement) -> str:
    """The form's value of a step: ``attribute:energy``, ``power:Combat téléporté``, ``new_power``."""
    return step.target.value if step.target in NEW else f"{step.target.value}:{step.key}"


def _now_and_after(character: Character, step: Improvement, lang: str) -> str:
    """« Énergie 5 → 6 », « Combat téléporté +0 → +1 », « un nouveau pouvoir »."""
    match step.target:
        case Target.ATTRIBUTE:
            what = step_words(step)
            name = what.render(lang) if isinstance(what, Message) else what
            value = getattr(character.attributes, step.key)
            return f"{name} {value} → {value + 1}"
        case Target.POWER:
            modifier = next(p.modifier for p in character.powers if p.name == step.key)
            return f"{step.key} {modifier:+d} → {modifier + 1:+d}"
        case Target.TRAIT:
            bonus = next(t.bonus for t in character.traits if t.name == step.key)
            return f"{step.key} {bonus:+d} → {bonus + 1:+d}"
        case Target.NEW_POWER:
            return translate("web", N_("a new power"), lang)
        case Target.NEW_TRAIT:
            return translate("web", N_("a new trait at +1"), lang)
    raise AssertionError(step)  # pragma: no cover


def _cost(done: Spending, lang: str) -> str:
    """« 2 points de héros », « 1 point d'aptitude », or both."""
    parts = [_count(HERO, done.hero_points, lang)] if done.hero_points else []
    parts += [_count(APTITUDE, done.aptitude_points, lang)] if done.aptitude_points else []
    return (
        Message("web", N_("{first} and {second}"), {"first": parts[0], "second": parts[1]}).render(lang)
        if len(parts) == 2
        else (parts[0] if parts else _count(HERO, 0, lang))
    )


def _option(state: Any, character: Character, step: Improvement, lang: str) -> tuple[str, str]:
    try:
        said = _cost(price(character, step, options=state.options), lang)
    except Refused as error:
        said = translate(
            "web", N_("not enough points") if error.rule == "spend_points" else N_("not possible"), lang
        )
    except MeneurError:
        said = translate("web", N_("not possible"), lang)
    return step_value(step), f"{_now_and_after(character, step, lang)} ({said})"


def _unspent(character: Character, lang: str) -> str:
    hero, apt = left_over(character)
    xp = character.experience
    return Message(
        "web",
        N_("{hero} and {aptitude}"),
        {
            "hero": _count(HERO, xp.heroic_points + hero, lang),
            "aptitude": _count(APTITUDE, xp.aptitude_points + apt, lang),
        },
    ).render(lang)


def improve_odds(state: Any, command: cmd.Improve, lang: str) -> Odds:
    """Each step with its price (the rules' :func:`~.improvement.price`), and the chosen one: what it
    buys, what it costs and the points left after it, or why the rules refuse it (not enough points,
    a rank above the cap, a sheet that breaks a creation rule) in ``error``, the step still picked."""
    character = state.character(command.character)
    step = command.improvement()
    if step.target in NEW:  # just picked: the category or aptitude the sheet's offer starts from
        offer = next(s for s in offers(character) if s.target is step.target)
        step = step.model_copy(
            update={"category": step.category or offer.category, "aptitude": step.aptitude or offer.aptitude}
        )
    steps = [_option(state, character, s, lang) for s in offers(character)]
    choices = StepChoices(
        steps=steps,
        step=step_value(step),
        name=step.key if step.target in NEW and not step.key.startswith(STAND_IN) else "",
        categories=[
            (c.value, f"{translate(CHARACTERS, CATEGORY_NAMES[c], lang)} ({CATEGORY_CODES[c]})")
            for c in PowerCategory
        ],
        category=(step.category or PowerCategory.OFF_C).value,
        helped=[(a.value, translate(CHARACTERS, APTITUDE_NAMES[a], lang)) for a in Aptitude],
        helps=(step.aptitude or next(iter(Aptitude))).value,
    )
    try:
        done = price(character, step, options=state.options)
    except MeneurError as error:  # the step as picked, beside the rules' reason
        return Odds(choices=choices, template=CHOICES, error=error.render(lang))
    choices.lines = [
        Message("web", N_("Buys: {what}."), {"what": _now_and_after(character, step, lang)}).render(lang),
        Message(
            "web",
            N_("Costs {cost}; left after: {left}."),
            {"cost": _cost(done, lang), "left": _unspent(done.character, lang)},
        ).render(lang),
    ]
    return Odds(choices=choices, template=CHOICES)


def relation_odds(state: Any, command: cmd.AddRelation, lang: str) -> Odds:
    """The new relation's name and value, the book's words for the value ("Relation | Effet"), and,
    in one of the GM's slots, how many of the three are taken."""
    character = state.character(command.character)
    value = command.value if -10 <= command.value <= 10 else 0
    lines = [relation_band(value).render(lang)]
    if command.gm_reserved:
        taken = sum(r.gm_reserved for r in character.relations)
        lines.append(
            Message(
                "web",
                N_("The GM's slots taken: {taken} of {slots}."),
                {"taken": taken, "slots": GM_RELATION_SLOTS},
            ).render(lang)
        )
    values = [(n, f"{n:+d}" if n else "0") for n in range(-10, 11)]
    name = "" if command.relation.startswith(STAND_IN) else command.relation
    return Odds(choices=RelationChoices(name, values, value, lines), template=CHOICES)


def choose_step(fields: dict[str, Any], data: Any) -> dict[str, Any]:
    """An improvement's fields from the form: the step picked, and for a new power or trait its
    name, category or aptitude."""
    picked = text(data, "step")
    if not picked:
        return fields
    target, _, key = picked.partition(":")
    fields = {**fields, "target": target, "category": None, "aptitude": None}
    if target == Target.NEW_POWER.value:
        fields.update(key=text(data, "name"), category=text(data, "category") or None)
    elif target == Target.NEW_TRAIT.value:
        fields.update(key=text(data, "name"), aptitude=text(data, "trait_aptitude") or None)
    else:
        fields["key"] = key
    return fields


def choose_relation(fields: dict[str, Any], data: Any) -> dict[str, Any]:
    """A new relation's name and value from the form (the GM's slot is the button's, never the form's).

    Raises:
        ValueError: a value that is not a whole number.
    """
    if not text(data, "chosen"):
        return fields
    fields = {**fields, "relation": text(data, "relation")}
    if text(data, "value").strip():
        fields["value"] = int(text(data, "value"))
    return fields
