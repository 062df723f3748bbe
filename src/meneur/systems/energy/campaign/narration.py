"""Events and states told in words: what the CLI prints after each command and in the log.

Conventions: every function returns :class:`~meneur.i18n.Message` objects (rendered by the adapter
in the reader's language); nothing here changes anything.
"""

from __future__ import annotations

from meneur.i18n import N_, Message
from meneur.systems.energy.campaign import events as ev
from meneur.systems.energy.campaign.challenges import DIFFICULTY_NAMES, Difficulty, Term, TermKind
from meneur.systems.energy.campaign.reputation import SCORE_NAMES, ReputationScore, relation_band, score_band
from meneur.systems.energy.campaign.resources import STANDARD_NAMES
from meneur.systems.energy.campaign.state import PHASE_NAMES, CampaignState
from meneur.systems.energy.campaign.states import effective_attributes, state_name
from meneur.systems.energy.campaign.stress import USE_NAMES, Relief
from meneur.systems.energy.model import Aptitude, Character, State
from meneur.systems.energy.names import APTITUDE_NAMES, ATTRIBUTE_NAMES
from meneur.systems.energy.names import DOMAIN as CHARACTERS
from meneur.systems.energy.plural import Counted, counted

DOMAIN = "energy_campaign"

RELIEF_NAMES: dict[Relief, str] = {
    Relief.OUTLET: N_("outlet"),
    Relief.TEAM_SCENE: N_("team scene"),
    Relief.NEW_SCENARIO: N_("new scenario"),
}

RECOVERY_NAMES: dict[str, str] = {
    "sleep": N_("sleep"),
    "healing_power": N_("healing power"),
    "infirmary": N_("infirmary and rest"),
}


def _m(msgid: str, **params: object) -> Message:
    return Message(DOMAIN, msgid, dict(params))


def _stress_boxes(count: int) -> Counted:
    return counted(DOMAIN, N_("{count} stress box"), N_("{count} stress boxes"), count)


def _savings_boxes(count: int) -> Counted:
    return counted(DOMAIN, N_("{count} savings box"), N_("{count} savings boxes"), count)


def _debt_boxes(count: int) -> Counted:
    return counted(DOMAIN, N_("{count} debt box"), N_("{count} debt boxes"), count)


def _hero_points(count: int) -> Counted:
    return counted(DOMAIN, N_("{count} hero point"), N_("{count} hero points"), count)


def _aptitude_points(count: int) -> Counted:
    return counted(DOMAIN, N_("{count} aptitude point"), N_("{count} aptitude points"), count)


def _name_boxes(name: str, count: int) -> Message:
    """« KITSUNE : 2 cases » (the boxes a hand-back could not count)."""
    return _m(N_("{name}: {boxes}"), name=name, boxes=_stress_boxes(count))


class Joined(Message):
    """Messages rendered and joined by commas, in the reader's language when shown (a message itself,
    so that a message holding it renders it in the language asked, not the current one)."""

    def __init__(self, parts: tuple[Message, ...]) -> None:
        super().__init__(DOMAIN, "")
        object.__setattr__(self, "parts", parts)

    parts: tuple[Message, ...]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Joined) and other.parts == self.parts

    def __hash__(self) -> int:
        return hash(self.parts)

    def render(self, lang: str | None = None) -> str:
        return ", ".join(part.render(lang) for part in self.parts)

    def __str__(self) -> str:
        return self.render()


def _awarded(event: ev.ExperienceAwarded) -> Message:
    """The experience gained, and the points it became when it reached 10."""
    award = event.award()
    line = _m(
        N_("{name} gains {heroic} and {aptitude}."),
        name=event.character,
        heroic=counted(
            DOMAIN,
            N_("{count} heroic experience point"),
            N_("{count} heroic experience points"),
            award.heroic_xp,
        ),
        aptitude=counted(
            DOMAIN,
            N_("{count} aptitude experience point"),
            N_("{count} aptitude experience points"),
            award.aptitude_xp,
        ),
    )
    if event.hero_points:
        line = _m(
            N_("{line} 10 heroic experience points become {points}."),
            line=line,
            points=_hero_points(event.hero_points),
        )
    if event.aptitude_points:
        line = _m(
            N_("{line} 10 aptitude experience points become {points}."),
            line=line,
            points=_aptitude_points(event.aptitude_points),
        )
    return line


def _improvement(kind: str, key: str, value: int) -> Message:
    """One thing experience bought: "Énergie 6", "Emprise +2", "Athlétisme 3", "a new trait"."""
    if kind == "attribute":
        return _m(N_("{what} {value}"), what=Message(CHARACTERS, ATTRIBUTE_NAMES[key]), value=value)
    if kind == "aptitude":
        return _m(N_("{what} {value}"), what=Message(CHARACTERS, APTITUDE_NAMES[Aptitude(key)]), value=value)
    if kind == "power":
        return _m(N_("power {what} {value:+d}"), what=key, value=value)
    return _m(N_("trait {what} +{value}"), what=key, value=value)


def _challenge(event: ev.ChallengeMet) -> Message:
    """A défi in full: who, the aptitude, each term of the score, the difficulty and the verdict."""
    terms = Joined(
        tuple(
            _m(N_("{term} {value:+d}"), term=Term(TermKind(kind), value, label).describe(), value=value)
            for kind, label, value in event.terms
        )
    )
    difficulty = Difficulty(event.difficulty)
    verdict = N_("success") if event.success else N_("failure")
    return _m(
        N_("{name}: challenge of {aptitude} ({terms}) = {total} against {difficulty} ({level}): {verdict}."),
        name=event.character,
        aptitude=Message(CHARACTERS, APTITUDE_NAMES[event.aptitude]),
        terms=terms,
        total=event.total,
        difficulty=Message(DOMAIN, DIFFICULTY_NAMES[difficulty]),
        level=int(difficulty),
        verdict=Message(DOMAIN, verdict),
    )


def describe(event: ev.Event) -> Message:
    """One line telling what ``event`` recorded."""
    match event:
        case ev.ChallengeMet():
            return _challenge(event)
        case ev.FightHandedBack(title=title, not_applied=()):
            if title:
                return _m(N_("The fight “{title}” is handed back to the campaign."), title=title)
            return _m(N_("A fight is handed back to the campaign."))
        case ev.FightHandedBack(title=title, not_applied=left):
            back = describe(event.model_copy(update={"not_applied": ()}))
            lost = Joined(tuple(_name_boxes(who, boxes) for who, boxes in left))
            return _m(
                N_("{back} Not counted, a broken character taking no more stress: {lost}."),
                back=back,
                lost=lost,
            )
        case ev.SessionStarted(number=n):
            return _m(N_("Session {number} starts."), number=n)
        case ev.SessionEnded(number=n):
            return _m(
                N_("Session {number} ends: experience, reputation and relations may be settled."), number=n
            )
        case ev.ScenarioStarted(number=n):
            return _m(N_("Scenario {number} starts."), number=n)
        case ev.ScenarioEnded(number=n):
            return _m(N_("Scenario {number} ends: reputation and relations may move."), number=n)
        case ev.SceneStarted(number=n):
            return _m(N_("Scene {number} starts."), number=n)
        case ev.StressAdded(character=who, boxes=boxes):
            return _m(N_("{name} takes {boxes}."), name=who, boxes=_stress_boxes(boxes))
        case ev.StressRelieved(character=who, boxes=boxes, reason=reason):
            return _m(
                N_("{name} erases {boxes} ({reason})."),
                name=who,
                boxes=_stress_boxes(boxes),
                reason=Message(DOMAIN, RELIEF_NAMES[reason]),
            )
        case ev.StressSpent(character=who, use=use, overflow=None):
            return _m(N_("{name} checks a stress box: {use}."), name=who, use=Message(DOMAIN, USE_NAMES[use]))
        case ev.StressSpent(character=who, use=use, overflow=State() as beyond):
            return _m(
                N_("{name}'s gauge was full: the box checked in the fight ({use}) gives the state {state}."),
                name=who,
                use=Message(DOMAIN, USE_NAMES[use]),
                state=state_name(beyond),
            )
        case ev.CharacterReturned(character=who, stress=level):
            return _m(N_("{name} is back with the team, stress at {stress}."), name=who, stress=level)
        case ev.StateInflicted(character=who, state=State.INCAPACITATED):
            return _m(
                N_("{name} is wounded again and gets the state {state} instead."),
                name=who,
                state=state_name(State.INCAPACITATED),
            )
        case ev.StateInflicted(character=who, state=state):
            return _m(N_("{name} gets the state {state}."), name=who, state=state_name(state))
        case ev.StateRecovered(character=who, how=how):
            return _m(N_("{name} recovers ({how})."), name=who, how=Message(DOMAIN, RECOVERY_NAMES[how]))
        case ev.ExperienceAwarded(character=who):
            return _awarded(event)
        case ev.PointsSpent(character=who, hero_points=hero, aptitude_points=apt, bought=bought):
            spent = _m(
                N_("{name} spends {hero} and {aptitude}."),
                name=who,
                hero=_hero_points(hero),
                aptitude=_aptitude_points(apt),
            )
            if not bought:
                return spent
            items = Joined(tuple(_improvement(kind, key, value) for kind, key, value in bought))
            return _m(N_("{spent} Bought: {items}."), spent=spent, items=items)
        case ev.ReputationChanged(character=who, score=score, delta=delta):
            return _m(
                N_("{name}: {score} {delta:+d}."),
                name=who,
                score=Message(DOMAIN, SCORE_NAMES[score]),
                delta=delta,
            )
        case ev.RelationChanged(character=who, relation=relation, delta=delta):
            return _m(
                N_("{name}: relation with {relation} {delta:+d}."), name=who, relation=relation, delta=delta
            )
        case ev.RelationAdded(character=who, relation=relation):
            return _m(
                N_("{name}: new relation with {relation} at {value}."),
                name=who,
                relation=relation.name,
                value=relation.value,
            )
        case ev.Purchased(character=who, standard=standard, cost=cost, item=item) if item:
            return _m(
                N_("{name} buys {item} (a good of standard {standard}) for {cost}."),
                name=who,
                item=item,
                standard=Message(DOMAIN, STANDARD_NAMES[standard]),
                cost=_savings_boxes(cost),
            )
        case ev.Purchased(character=who, standard=standard, cost=cost):
            return _m(
                N_("{name} buys a good of standard {standard} for {cost}."),
                name=who,
                standard=Message(DOMAIN, STANDARD_NAMES[standard]),
                cost=_savings_boxes(cost),
            )
        case ev.SavingsGained(character=who, boxes=boxes):
            return _m(N_("{name} gains {boxes}."), name=who, boxes=_savings_boxes(boxes))
        case ev.DebtTaken(character=who, savings=savings):
            return _m(
                N_("{name} borrows {savings} for {debts}."),
                name=who,
                savings=_savings_boxes(savings),
                debts=_debt_boxes(2 * savings),
            )
        case ev.DebtRepaid(character=who, boxes=boxes):
            return _m(N_("{name} repays {boxes}."), name=who, boxes=_debt_boxes(boxes))
        case ev.LivingStandardChanged(character=who, standard=standard):
            return _m(
                N_("{name} now lives {standard}."),
                name=who,
                standard=Message(DOMAIN, STANDARD_NAMES[standard]),
            )
    raise AssertionError(event)  # pragma: no cover - every event kind is matched above


def character_lines(character: Character) -> list[Message]:
    """A character's campaign values: stress, states, attributes, experience, resources, reputation."""
    states = ", ".join(f"{{s{i}}}" for i in range(len(character.states))) or N_("none")
    state_words = {f"s{i}": state_name(s) for i, s in enumerate(sorted(character.states))}
    attributes = effective_attributes(character)
    xp = character.experience
    rep = character.reputation
    lines = [
        _m(N_("{name} (rank {rank})"), name=character.name, rank=character.rank),
        _m(
            N_("stress {stress}/10, states: {states}"),
            stress=character.stress,
            states=Message(DOMAIN, states, state_words),
        ),
        _m(
            N_("effective attributes: Energy {energy}, Recovery {recovery}, Vigor {vigor}"),
            energy=attributes.energy,
            recovery=attributes.recovery,
            vigor=attributes.vigor,
        ),
        _m(
            N_("experience: heroic {heroic_xp} xp, aptitude {aptitude_xp} xp; unspent: {hero}, {aptitude}"),
            heroic_xp=xp.heroic_xp,
            aptitude_xp=xp.aptitude_xp,
            hero=_hero_points(xp.heroic_points),
            aptitude=_aptitude_points(xp.aptitude_points),
        ),
        _m(
            N_("living standard {standard}, savings {savings}, debts {debts}"),
            standard=Message(DOMAIN, STANDARD_NAMES[character.living_standard]),
            savings=character.savings,
            debts=character.debts,
        ),
    ]
    for key, value in (
        ("super_notoriety", rep.super_notoriety),
        ("civil_notoriety", rep.civil_notoriety),
        ("morality", rep.morality),
    ):
        score = ReputationScore(key)
        lines.append(
            _m(
                N_("{score} {value}: {text}"),
                score=Message(DOMAIN, SCORE_NAMES[score]),
                value=value,
                text=score_band(score, value),
            )
        )
    for relation in character.relations:
        msgid = (
            N_("relation with {relation} {value} (one of the GM's slots): {text}")
            if relation.gm_reserved
            else N_("relation with {relation} {value}: {text}")
        )
        lines.append(
            _m(
                msgid,
                relation=relation.name,
                value=relation.value,
                text=relation_band(relation.value),
            )
        )
    return lines


def state_lines(state: CampaignState) -> list[Message]:
    """Where the campaign stands: phase, session, scenario, scene."""
    return [
        _m(
            N_("Campaign {phase}: session {session}, scenario {scenario}, scene {scene}."),
            phase=Message(DOMAIN, PHASE_NAMES[state.phase]),
            session=state.session,
            scenario=state.scenario,
            scene=state.scene,
        ),
        _options_line(state),
    ]


def _options_line(state: CampaignState) -> Message:
    """The table options in force (docs/rulings/energy-campaign.md)."""
    options = state.options
    return _m(
        N_(
            "Table options: rank cap {cap}; new scenario -{relief} stress; back from broken at {back} "
            "stress; at most {points} aptitude points from experience; state malus on powers: {malus}."
        ),
        cap=options.max_rank if options.max_rank is not None else Message(DOMAIN, N_("none")),
        relief=options.scenario_relief,
        back=options.broken_return_stress,
        points=options.max_earned_aptitude_points,
        malus=Message(DOMAIN, N_("yes") if options.state_malus_on_powers else N_("no")),
    )
