"""The Energy campaign's parts of the shared session page (:class:`meneur.web.games.GamePages`): each
character's card (stress boxes, states and what they do, experience, reputation, resources, the
challenge score of each aptitude with its best trait), the buttons' words, and beside a button what
the rules compute before it is pressed: a défi's score and verdict (the aptitude and the difficulty
chosen beside it, se dépasser ticked), and what points spent buy and cost.

Every number here is the rules' (:mod:`meneur.systems.energy.campaign`); nothing is decided here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from meneur.engine.codec import with_fields
from meneur.errors import MeneurError
from meneur.i18n import N_, P_, Message, Plural, translate
from meneur.server.services.sessions import LogOut
from meneur.systems.energy.campaign import commands as cmd
from meneur.systems.energy.campaign.challenges import (
    DIFFICULTY_NAMES,
    Difficulty,
    best_trait,
    challenge,
    character_aptitude_score,
)
from meneur.systems.energy.campaign.commands import raised
from meneur.systems.energy.campaign.engine import decide, describe
from meneur.systems.energy.campaign.experience import (
    CRITERION_TEXTS,
    AptitudeCriterion,
    Bonus,
    HeroicCriterion,
    improvements,
    left_over,
    spend,
)
from meneur.systems.energy.campaign.narration import RECOVERY_NAMES, RELIEF_NAMES, state_lines
from meneur.systems.energy.campaign.reputation import SCORE_NAMES, ReputationScore, relation_band, score_band
from meneur.systems.energy.campaign.resources import STANDARD_NAMES, purchase_cost
from meneur.systems.energy.campaign.states import STATE_NAMES, effective_attributes, state_effect
from meneur.systems.energy.campaign.stress import BOXES, USE_NAMES, StressUse, stress_level
from meneur.systems.energy.model import Aptitude, Character, PowerCategory, State
from meneur.systems.energy.names import APTITUDE_NAMES, CATEGORY_CODES, CATEGORY_NAMES
from meneur.systems.energy.names import DOMAIN as CHARACTERS
from meneur.systems.energy.view.campaign_sheet import (
    RelationChoices,
    StepChoices,
    choose_relation,
    choose_step,
    improve_odds,
    relation_odds,
)
from meneur.web.game_choices import text
from meneur.web.game_odds import Odds
from meneur.web.game_parts import Facts, Parts, Rows
from meneur.web.game_view import events

RULES = "energy_campaign"

COMMAND_WORDS: dict[str, str] = {
    "start_session": N_("start a session"),
    "end_session": N_("end the session"),
    "start_scenario": N_("start a scenario"),
    "end_scenario": N_("end the scenario"),
    "start_scene": N_("start a scene"),
    "challenge": N_("challenge"),
    "add_stress": N_("give stress"),
    "relieve_stress": N_("erase a stress box"),
    "spend_stress": N_("check a stress box"),
    "bring_back": N_("bring back to the team"),
    "inflict_state": N_("give the state"),
    "recover_state": N_("recover"),
    "award_experience": N_("award experience"),
    "spend_points": N_("spend points"),
    "raise_aptitude": N_("spend points"),
    "improve": N_("improve the sheet"),
    "add_relation": N_("add a relation"),
    "change_reputation": N_("reputation"),
    "change_relation": N_("relation"),
    "buy": N_("buy a good"),
    "gain_savings": N_("gain savings"),
    "take_debt": N_("borrow"),
    "repay_debt": N_("repay a debt"),
    "set_living_standard": N_("living standard"),
}
"""The buttons' words for the engine's command names (a label, not a rule)."""

CHOICES = "energy/_campaign_choices.html"
"""The template of what is chosen beside a button and what the rules say of it."""


def _points(forms: Plural, count: int) -> Message:
    return Message.counted("web", forms, count)


def _rules(msgid: str, lang: str) -> str:
    return translate(RULES, msgid, lang)


def _aptitude(aptitude: Aptitude, lang: str) -> str:
    return translate(CHARACTERS, APTITUDE_NAMES[aptitude], lang)


def _value_words(key: str, value: Any, lang: str) -> str | None:
    """A field's value in the book's words (``None``: said as it is, or not at all)."""
    names: dict[str, dict[Any, str]] = {
        "use": {u.value: n for u, n in USE_NAMES.items()},
        "reason": {r.value: n for r, n in RELIEF_NAMES.items()},
        "how": dict(RECOVERY_NAMES),
        "state": {s.value: n for s, n in STATE_NAMES.items()},
        "standard": {s.value: n for s, n in STANDARD_NAMES.items()},
        "score": {s.value: n for s, n in SCORE_NAMES.items()},
    }
    if key in names and value in names[key]:
        return _rules(names[key][value], lang)
    if key == "aptitude" and value in Aptitude.__members__.values():
        return _aptitude(Aptitude(value), lang)
    if key in ("delta",) and isinstance(value, int):
        return f"{value:+d}"
    if key in ("boxes", "savings") and isinstance(value, int):
        return Message.counted("web", P_("{count} box", "{count} boxes"), value).render(lang)
    if key in ("character", "relation", "power", "category") and isinstance(value, str):
        return value
    return None


@dataclass
class ChallengeChoices:
    """What a défi's button shows: the aptitudes to pick (with rank and best trait), the difficulties,
    what is chosen, and the rules' score, its terms and the verdict (``lines``)."""

    aptitudes: list[tuple[str, str]]
    difficulties: list[tuple[int, str]]
    aptitude: str
    difficulty: int
    surpass: bool
    lines: list[str] = field(default_factory=list)
    success: bool | None = None

    def __bool__(self) -> bool:
        return True


@dataclass
class Options:
    """A choice beside a button (its form field ``name``, a label id, its options and the one chosen),
    and what the rules say of what is chosen (``lines``)."""

    fields: list[tuple[str, str, list[tuple[str, str]], str]]
    lines: list[str] = field(default_factory=list)

    def __bool__(self) -> bool:
        return True


@dataclass
class Criteria:
    """The experience table's criteria beside the award's button (form field, value, the book's words,
    ticked), and what the rules would log of the award (``lines``)."""

    criteria: list[tuple[str, str, str, bool]]
    lines: list[str] = field(default_factory=list)

    def __bool__(self) -> bool:
        return True


@dataclass
class CostLines:
    """What a button buys and costs, as the rules compute it."""

    lines: list[str]

    def __bool__(self) -> bool:
        return bool(self.lines)


def _challenge(state: Any, command: cmd.Challenge, lang: str) -> Odds:
    """ "Le résultat doit être égal ou supérieur à la difficulté": the score the rules compute
    (:func:`character_aptitude_score`) and their verdict (:func:`challenge`); no die is rolled."""
    character = state.character(command.character)
    aptitudes = []
    for aptitude in Aptitude:
        trait, bonus = best_trait(character, aptitude)
        words = f"{_aptitude(aptitude, lang)} {character.aptitude(aptitude)}"
        if trait:
            words += f" + {trait} {bonus:+d}"
        aptitudes.append((aptitude.value, words))
    difficulties = [
        (int(level), f"{_rules(DIFFICULTY_NAMES[level], lang)} ({int(level)})") for level in Difficulty
    ]
    choices = ChallengeChoices(
        aptitudes, difficulties, command.aptitude.value, command.difficulty, command.surpass
    )
    score = character_aptitude_score(
        character, command.aptitude, trait=command.trait, surpass=command.surpass
    )
    result = challenge(score, Difficulty(command.difficulty))
    choices.lines = [line.render(lang) for line in result.explain()]
    choices.success = result.success
    return Odds(choices=choices, template=CHOICES)


def _spending(state: Any, command: cmd.SpendPoints, lang: str) -> Odds:
    """What the points buy and what they cost, from the rules' :func:`spend`."""
    character = state.character(command.character)
    done = spend(character, command.improved, options=state.options)
    bought = []
    for kind, key, value in improvements(character, done.character):
        if kind == "aptitude":
            aptitude = Aptitude(key)
            bought.append(f"{_aptitude(aptitude, lang)} {character.aptitude(aptitude)} → {value}")
        else:
            bought.append(f"{key} {value}")
    apt_left = left_over(character)[1]
    lines = [
        Message("web", N_("Buys: {what}."), {"what": ", ".join(bought)}).render(lang),
        Message(
            "web",
            N_("Costs {aptitude} and {hero}; unspent before: {have}."),
            {
                "aptitude": _points(
                    P_("{count} aptitude point", "{count} aptitude points"), done.aptitude_points
                ),
                "hero": _points(P_("{count} hero point", "{count} hero points"), done.hero_points),
                "have": _points(
                    P_("{count} aptitude point", "{count} aptitude points"),
                    character.experience.aptitude_points + apt_left,
                ),
            },
        ).render(lang),
    ]
    return Odds(choices=CostLines(lines), template=CHOICES)


def _raise(state: Any, command: cmd.RaiseAptitude, lang: str) -> Odds:
    """Each aptitude below 5 with what one rank more costs (the rules' :func:`spend`), and the chosen
    one's purchase in full."""
    character = state.character(command.character)
    options = []
    for aptitude in Aptitude:
        rank = character.aptitude(aptitude)
        if rank >= 5:
            continue
        try:
            cost = spend(character, raised(character, aptitude), options=state.options).aptitude_points
            price = _points(P_("{count} aptitude point", "{count} aptitude points"), cost).render(lang)
        except MeneurError:
            price = translate("web", N_("not enough points"), lang)
        options.append((aptitude.value, f"{_aptitude(aptitude, lang)} {rank} → {rank + 1} ({price})"))
    found = _spending(
        state,
        cmd.SpendPoints(character=command.character, improved=raised(character, command.aptitude)),
        lang,
    )
    lines = found.choices.lines if isinstance(found.choices, CostLines) else []
    label = translate("web", N_("Aptitude"), lang)
    return Odds(
        choices=Options([("aptitude", label, options, command.aptitude.value)], lines), template=CHOICES
    )


def _award(state: Any, command: cmd.AwardExperience, lang: str) -> Odds:
    """The book's criteria, 1 point each ("Critères | Gain d'expérience"), and the award's line as the
    rules would log it (its points converted at 10)."""
    ticked: dict[str, set[str]] = {
        "heroic": {c.value for c in command.heroic},
        "aptitude": {c.value for c in command.aptitude},
        "bonus": {c.value for c in command.bonuses},
    }
    kinds: tuple[tuple[str, type[StrEnum]], ...] = (
        ("heroic", HeroicCriterion),
        ("aptitude", AptitudeCriterion),
        ("bonus", Bonus),
    )
    criteria = [
        (
            group,
            value.value,
            _rules(CRITERION_TEXTS[f"{group}.{value.value}"], lang),
            value.value in ticked[group],
        )
        for group, kind in kinds
        for value in kind
    ]
    try:
        lines = [describe(state, event).render(lang) for event in decide(state, command)]
    except MeneurError as error:  # nothing ticked: the rules say what to do
        lines = [error.render(lang)]
    return Odds(choices=Criteria(criteria, lines), template=CHOICES)


def _feat(state: Any, command: cmd.SpendStress, lang: str) -> Odds:
    """An action d'éclat: the power used and the extra category it acts in for the turn."""
    character = state.character(command.character)
    powers = [(p.name, f"{p.name} ({CATEGORY_CODES[p.category]})") for p in character.powers]
    categories = [(c.value, translate(CHARACTERS, CATEGORY_NAMES[c], lang)) for c in PowerCategory]
    fields = [
        ("power", translate("web", N_("Power"), lang), powers, command.power or ""),
        (
            "category",
            translate("web", N_("Extra category for the turn"), lang),
            categories,
            command.category or "",
        ),
    ]
    return Odds(choices=Options(fields), template=CHOICES)


def _purchase(state: Any, command: cmd.Buy, lang: str) -> Odds:
    character = state.character(command.character)
    cost = purchase_cost(character.living_standard, command.standard)
    line = Message(
        "web",
        N_("Costs {cost}; savings now: {savings}."),
        {
            "cost": _points(P_("{count} savings box", "{count} savings boxes"), cost),
            "savings": _points(P_("{count} savings box", "{count} savings boxes"), character.savings),
        },
    ).render(lang)
    return Odds(choices=CostLines([line]), template=CHOICES)


def _states(character: Character, lang: str) -> list[tuple[str, str]]:
    return [
        (_rules(STATE_NAMES[s], lang), state_effect(s).render(lang))
        for s in sorted(character.states, key=list(State).index)
    ]


def _row(character: Character, lang: str) -> dict[str, Any]:
    level = stress_level(character)
    xp = character.experience
    hero_left, apt_left = left_over(character)
    attributes = effective_attributes(character)
    skills = []
    for aptitude in Aptitude:
        rank = character.aptitude(aptitude)
        if not rank:
            continue
        trait, bonus = best_trait(character, aptitude)
        try:
            total: int | None = character_aptitude_score(character, aptitude).total
        except MeneurError:  # brisé: out of play, no score
            total = None
        skills.append(
            {"name": _aptitude(aptitude, lang), "rank": rank, "trait": trait, "bonus": bonus, "score": total}
        )
    rep = character.reputation
    reputation = [
        (
            _rules(SCORE_NAMES[score], lang),
            getattr(rep, score.value),
            score_band(score, getattr(rep, score.value)).render(lang),
        )
        for score in ReputationScore
    ]
    return {
        "name": character.name,
        "rank": character.rank,
        "stress": character.stress,
        "level": level,
        "boxes": [n < character.stress for n in range(BOXES)],
        "states": _states(character, lang),
        "energy": attributes.energy,
        "recovery": attributes.recovery,
        "vigor": attributes.vigor,
        "heroic_xp": xp.heroic_xp,
        "aptitude_xp": xp.aptitude_xp,
        "unspent": Message(
            "web",
            N_("unspent: {hero}, {aptitude}"),
            {
                "hero": _points(
                    P_("{count} hero point", "{count} hero points"), xp.heroic_points + hero_left
                ),
                "aptitude": _points(
                    P_("{count} aptitude point", "{count} aptitude points"), xp.aptitude_points + apt_left
                ),
            },
        ).render(lang),
        "purse": Message(
            "web",
            N_("savings: {savings}; debts: {debts}"),
            {
                "savings": _points(P_("{count} savings box", "{count} savings boxes"), character.savings),
                "debts": _points(P_("{count} debt box", "{count} debt boxes"), character.debts),
            },
        ).render(lang),
        "standard": _rules(STANDARD_NAMES[character.living_standard], lang),
        "savings": character.savings,
        "debts": character.debts,
        "reputation": reputation,
        "relations": [
            (r.name, r.value, relation_band(r.value).render(lang), r.gm_reserved) for r in character.relations
        ],
        "skills": skills,
        "powers": [f"{p.name} ({CATEGORY_CODES[p.category]}) {p.modifier:+d}" for p in character.powers],
        "traits": [f"{t.name} {t.bonus:+d}" for t in character.traits],
    }


STRESS_CHECKED = P_("{name}: {count} stress box checked", "{name}: {count} stress boxes checked")
NOT_COUNTED = P_(
    "{name}: {count} of them not counted (broken: no more stress)",
    "{name}: {count} of them not counted (broken: no more stress)",
)


def _handed_back(log: LogOut, lang: str) -> Facts:
    """What each fight handed back, as the campaign's log tells it (:mod:`.campaign_fights`): who was
    wounded and the stress boxes each character checked in it."""
    facts: Facts = []
    wounded = _rules(STATE_NAMES[State.WOUNDED], lang)
    for back in events(log, "fight_handed_back"):
        lines = [
            Message("web", N_("{name}: {state}"), {"name": name, "state": wounded}).render(lang)
            for name in back.get("wounded", ())
        ]
        lines += [
            Message.counted("web", STRESS_CHECKED, boxes, name=name).render(lang)
            for name, boxes in back.get("stress", ())
        ]
        lines += [
            Message.counted("web", NOT_COUNTED, boxes, name=name).render(lang)
            for name, boxes in back.get("not_applied", ())
        ]
        heading = Message("web", N_("Handed back from the fight “{title}”"), {"title": back.get("title", "")})
        facts.append((heading.render(lang), lines or [translate("web", N_("Nothing to record."), lang)]))
    return facts


class CampaignParts(Parts):
    """The Energy campaign's parts of a session page (a :class:`meneur.web.game_parts.GameParts`)."""

    words = COMMAND_WORDS

    def actors(self, state: Any) -> list[str]:
        """The characters: each one a player may take."""
        return list(state.characters)

    def label(self, kind: str, fields: Any, lang: str) -> str:
        """The command, whose it is, and what it is given, in the book's words."""
        word = translate("web", COMMAND_WORDS[kind], lang) if kind in COMMAND_WORDS else kind
        if not isinstance(fields, dict):
            return word
        if kind == "add_relation" and fields.get("gm_reserved"):
            word = translate("web", N_("add a relation in a GM's slot"), lang)
        hidden = (
            {"improved", "aptitude", "power", "category"}
            if kind in ("raise_aptitude", "spend_stress")
            else {"improved"}
        )
        if kind in ("improve", "add_relation"):  # what is bought or written is chosen beside the button
            hidden = set(fields) - {"character"}
        shown = [_value_words(key, value, lang) for key, value in fields.items() if key not in hidden]
        if kind == "award_experience":
            shown = [_value_words("character", fields.get("character"), lang)]
        if kind == "challenge":
            shown = [_value_words("character", fields.get("character"), lang)]
        parts = [part for part in shown if part]
        return f"{word} — {', '.join(parts)}" if parts else word

    def rows(self, state: Any, log: LogOut, lang: str) -> tuple[Rows, Facts]:
        """Each character's card, and where the campaign stands (with the last défi)."""
        rows = [_row(character, lang) for character in state.characters.values()]
        facts: Facts = [
            (
                translate("web", N_("Where the campaign stands"), lang),
                [m.render(lang) for m in state_lines(state)],
            )
        ]
        facts += _handed_back(log, lang)
        met = events(log, "challenge_met")
        if met:
            last = met[-1]
            verdict = _rules(N_("success") if last.get("success") else N_("failure"), lang)
            words = Message(
                "web",
                N_("{name}: {total} against {difficulty}, {verdict}"),
                {
                    "name": last.get("character", ""),
                    "total": last.get("total", 0),
                    "difficulty": last.get("difficulty", 0),
                    "verdict": verdict,
                },
            )
            facts.append((translate("web", N_("Last challenge"), lang), words.render(lang)))
        return rows, facts

    def odds(self, state: Any, command: Any, lang: str) -> Odds:
        """A défi's score and verdict; what points or a purchase cost."""
        if isinstance(command, cmd.Challenge):
            return _challenge(state, command, lang)
        if isinstance(command, cmd.SpendPoints):
            return _spending(state, command, lang)
        if isinstance(command, cmd.Buy):
            return _purchase(state, command, lang)
        if isinstance(command, cmd.AwardExperience):
            return _award(state, command, lang)
        if isinstance(command, cmd.RaiseAptitude):
            return _raise(state, command, lang)
        if isinstance(command, cmd.Improve):
            return improve_odds(state, command, lang)
        if isinstance(command, cmd.AddRelation):
            return relation_odds(state, command, lang)
        if isinstance(command, cmd.SpendStress) and command.use is StressUse.FEAT:
            return _feat(state, command, lang)
        return Odds()

    def choose(self, wire: Any, data: Any) -> Any:
        """A défi with the aptitude, the difficulty and se dépasser chosen beside its button.

        Raises:
            ValueError: a difficulty that is not a whole number.
        """

        def change(name: str, fields: dict[str, Any]) -> dict[str, Any]:
            fields = dict(fields)
            if name == "award_experience" and text(data, "chosen") and hasattr(data, "getlist"):
                for group, key in (("heroic", "heroic"), ("aptitude", "aptitude"), ("bonus", "bonuses")):
                    fields[key] = [v for v in data.getlist(group) if isinstance(v, str)]
            if name == "raise_aptitude" and text(data, "aptitude"):
                fields["aptitude"] = text(data, "aptitude")
            if name == "improve":
                return choose_step(fields, data)
            if name == "add_relation":
                return choose_relation(fields, data)
            if name == "spend_stress" and fields.get("use") == StressUse.FEAT.value:
                for key in ("power", "category"):
                    if text(data, key):
                        fields[key] = text(data, key)
            if name != "challenge":
                return fields
            if text(data, "aptitude"):
                fields["aptitude"] = text(data, "aptitude")
            if text(data, "difficulty").strip():
                fields["difficulty"] = int(text(data, "difficulty"))
            if text(data, "chosen"):  # the form holds the choices: an unticked box is no
                fields["surpass"] = text(data, "surpass") == "1"
            return fields

        return with_fields(wire, change)

    def not_whole(self, wire: Any, lang: str) -> str:
        """The difficulty is a number from 1 to 10 (a relation's value, from -10 to 10)."""
        if isinstance(wire, dict) and "add_relation" in wire:
            return translate("web", N_("Give the relation's value as a whole number from -10 to 10."), lang)
        return translate("web", N_("Give the difficulty as a whole number from 1 to 10."), lang)

    def settle(self, state: Any, data: Any, found: Odds, again: Callable[[], Odds]) -> Odds:
        """Refused choices: the défi's own score, with the choices still as made beside the reason (an
        improvement's odds keep its step picked themselves)."""
        if found.error is None or isinstance(found.choices, StepChoices):
            return found
        kept = again()
        choices = kept.choices
        if isinstance(choices, ChallengeChoices):
            choices = replace(
                choices,
                aptitude=text(data, "aptitude") or choices.aptitude,
                surpass=text(data, "surpass") == "1",
            )
        if isinstance(choices, RelationChoices):
            value = text(data, "value")
            choices = replace(
                choices,
                name=text(data, "relation"),
                value=int(value) if value.lstrip("-").isdigit() else choices.value,
            )
        return replace(kept, error=found.error, choices=choices)


PARTS = CampaignParts()
"""The campaign's parts (the view adapter is :data:`meneur.systems.energy.view.campaign_pages.PAGES`)."""
