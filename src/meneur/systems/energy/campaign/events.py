"""Campaign events (what happened) and how each changes the state.

Conventions: events are immutable, past-tense facts stored in the campaign file; :func:`apply` is a
pure ``(state, event) -> state`` and the only way a state changes. The rules were checked when the
command was decided, but :func:`apply` still calls the same pure rule functions, so replaying a log
gives exactly the same state.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from meneur.systems.energy.campaign import reputation, resources, states, stress
from meneur.systems.energy.campaign.experience import AptitudeCriterion, Award, Bonus, HeroicCriterion, gain
from meneur.systems.energy.campaign.reputation import ReputationScore
from meneur.systems.energy.campaign.state import CampaignState, Phase
from meneur.systems.energy.campaign.stress import Relief, StressUse
from meneur.systems.energy.model import Aptitude, Character, LivingStandard, PowerCategory, Relation, State


class _Event(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class SessionStarted(_Event):
    """A séance began."""

    kind: Literal["session_started"] = "session_started"
    number: int


class SessionEnded(_Event):
    """A séance ended: experience, reputation and relations may now be settled."""

    kind: Literal["session_ended"] = "session_ended"
    number: int


class ScenarioStarted(_Event):
    """A new scenario began (stress relief follows as separate events)."""

    kind: Literal["scenario_started"] = "scenario_started"
    number: int


class ScenarioEnded(_Event):
    """A scenario ended: reputation and relations may move."""

    kind: Literal["scenario_ended"] = "scenario_ended"
    number: int


class SceneStarted(_Event):
    """A new scene began."""

    kind: Literal["scene_started"] = "scene_started"
    number: int


class StressAdded(_Event):
    """The GM gave stress boxes."""

    kind: Literal["stress_added"] = "stress_added"
    character: str
    boxes: int


class StressRelieved(_Event):
    """Stress boxes were erased (exutoire, scène d'équipe, new scenario)."""

    kind: Literal["stress_relieved"] = "stress_relieved"
    character: str
    boxes: int
    reason: Relief


class StressSpent(_Event):
    """A box was checked for action d'éclat, détermination or se dépasser."""

    kind: Literal["stress_spent"] = "stress_spent"
    character: str
    use: StressUse
    power: str | None = None
    category: PowerCategory | None = None
    detail: str = ""
    overflow: State | None = None
    """A box a fight checked, handed back with the gauge full: the state it gave beyond the tenth box
    (démoralisé, then brisé: :func:`~.stress.fight_box_overflow`); ``None``: a box of the gauge."""


class CharacterReturned(_Event):
    """A brisé character was brought back by the team."""

    kind: Literal["character_returned"] = "character_returned"
    character: str
    stress: int


class StateInflicted(_Event):
    """The GM gave épuisé or blessé; ``state`` is incapacité when a blessé character was wounded again."""

    kind: Literal["state_inflicted"] = "state_inflicted"
    character: str
    state: State


class StateRecovered(_Event):
    """Sleep, a healing power or the infirmary cured a state."""

    kind: Literal["state_recovered"] = "state_recovered"
    character: str
    how: Literal["sleep", "healing_power", "infirmary"]


class ExperienceAwarded(_Event):
    """End-of-session experience, with the criteria and bonuses that earned it."""

    kind: Literal["experience_awarded"] = "experience_awarded"
    character: str
    heroic: tuple[HeroicCriterion, ...] = ()
    aptitude: tuple[AptitudeCriterion, ...] = ()
    bonuses: tuple[Bonus, ...] = ()
    hero_points: int = 0
    """Hero points the experience became ("10 points d'expérience héroïques peuvent être convertis en 1
    point de héros"), told in the log; the state is computed again from the award."""
    aptitude_points: int = 0
    """Aptitude points the aptitude experience became."""

    def award(self) -> Award:
        """The award this event records."""
        return Award(frozenset(self.heroic), frozenset(self.aptitude), frozenset(self.bonuses))


class PointsSpent(_Event):
    """Hero or aptitude points were spent; ``after`` is the improved character."""

    kind: Literal["points_spent"] = "points_spent"
    character: str
    hero_points: int
    aptitude_points: int
    after: Character
    bought: tuple[tuple[str, str, int], ...] = ()
    """What the points bought, told in the log: ``(kind, key, new value)`` with kind ``attribute``,
    ``aptitude``, ``power`` or ``trait`` (see :func:`~.experience.improvements`)."""


class ReputationChanged(_Event):
    """A reputation score moved by one point."""

    kind: Literal["reputation_changed"] = "reputation_changed"
    character: str
    score: ReputationScore
    delta: int


class RelationChanged(_Event):
    """A relation moved by one point."""

    kind: Literal["relation_changed"] = "relation_changed"
    character: str
    relation: str
    delta: int


class RelationAdded(_Event):
    """A new relation was written on the sheet."""

    kind: Literal["relation_added"] = "relation_added"
    character: str
    relation: Relation


class Purchased(_Event):
    """A good above the character's living standard was bought with savings boxes."""

    kind: Literal["purchased"] = "purchased"
    character: str
    standard: LivingStandard
    cost: int
    item: str = ""


class SavingsGained(_Event):
    """Savings boxes were gained."""

    kind: Literal["savings_gained"] = "savings_gained"
    character: str
    boxes: int


class DebtTaken(_Event):
    """Savings boxes were borrowed for twice as many debt boxes."""

    kind: Literal["debt_taken"] = "debt_taken"
    character: str
    savings: int


class DebtRepaid(_Event):
    """Debt boxes were repaid with savings boxes."""

    kind: Literal["debt_repaid"] = "debt_repaid"
    character: str
    boxes: int


class LivingStandardChanged(_Event):
    """The GM changed a character's living standard."""

    kind: Literal["living_standard_changed"] = "living_standard_changed"
    character: str
    standard: LivingStandard


class ChallengeMet(_Event):
    """A défi against a difficulty: the score, its terms and the verdict ("le résultat doit être égal
    ou supérieur à la difficulté"); it changes nothing but the log (a stress box checked to se
    dépasser is its own :class:`StressSpent` before it)."""

    kind: Literal["challenge_met"] = "challenge_met"
    character: str
    aptitude: Aptitude
    trait: str = ""
    difficulty: int
    total: int
    success: bool
    terms: tuple[tuple[str, str, int], ...] = ()
    """Each term of the score: its kind, its label and its value (:class:`~.challenges.Term`)."""


class FightHandedBack(_Event):
    """A fight started from the campaign handed its outcome back (once per fight): who was knocked
    out, who the GM wounded and the stress boxes each character checked in it. The states, boxes and
    experience themselves follow as their own events."""

    kind: Literal["fight_handed_back"] = "fight_handed_back"
    fight: str
    """The fight's session id."""
    title: str = ""
    knocked_out: tuple[str, ...] = ()
    wounded: tuple[str, ...] = ()
    stress: tuple[tuple[str, int], ...] = ()
    """Each character's stress boxes checked in the fight (none: not listed)."""
    not_applied: tuple[tuple[str, int], ...] = ()
    """The boxes of ``stress`` the campaign could not count: a brisé character takes no more stress."""


Event = Annotated[
    SessionStarted
    | SessionEnded
    | ScenarioStarted
    | ScenarioEnded
    | SceneStarted
    | StressAdded
    | StressRelieved
    | StressSpent
    | CharacterReturned
    | StateInflicted
    | StateRecovered
    | ExperienceAwarded
    | PointsSpent
    | ReputationChanged
    | RelationChanged
    | RelationAdded
    | Purchased
    | SavingsGained
    | DebtTaken
    | DebtRepaid
    | LivingStandardChanged
    | ChallengeMet
    | FightHandedBack,
    Field(discriminator="kind"),
]


def apply(state: CampaignState, event: Event) -> CampaignState:
    """Fold one event into the state (pure)."""
    match event:
        case SessionStarted(number=number):
            return state.model_copy(
                update={
                    "phase": Phase.SESSION,
                    "session": number,
                    "scene": 0,
                    "review_open": False,
                    "reviewed": frozenset(),
                    "outlet_used": frozenset(),
                    "team_scene_used": frozenset(),
                    "gm_stress": {},
                }
            )
        case SessionEnded():
            return state.model_copy(
                update={
                    "phase": Phase.IDLE,
                    "review_open": True,
                    "reviewed": _same_review(state),
                    "awarded": frozenset(),
                    "gm_stress": {},
                    "scene": 0,
                }
            )
        case ScenarioStarted(number=number):
            return state.model_copy(
                update={
                    "scenario": number,
                    "scenario_open": True,
                    "raised": frozenset(),
                    "review_open": False,
                    "reviewed": frozenset(),
                }
            )
        case ScenarioEnded():
            return state.model_copy(
                update={"scenario_open": False, "review_open": True, "reviewed": _same_review(state)}
            )
        case SceneStarted(number=number):
            return state.model_copy(
                update={"scene": number, "gm_stress": {}, "review_open": False, "reviewed": frozenset()}
            )
        case FightHandedBack(fight=fight):
            return state.model_copy(update={"fights": state.fights | {fight}})
        case _:
            return _apply_to_character(state, event)


def _same_review(state: CampaignState) -> frozenset[str]:
    """Scores already moved when an end follows another end with nothing started between them.

    A scenario and the session that end together are one "fin d'une séance ou d'un scénario": each score
    moves "de 1 point" there, not once per end (002_58e889a1abff3456.txt).
    """
    return state.reviewed if state.review_open else frozenset()


def _apply_to_character(state: CampaignState, event: Event) -> CampaignState:
    name: str = getattr(event, "character")  # noqa: B009 - every remaining event has one
    character = state.characters[name]
    match event:
        case ChallengeMet():
            return state
        case StressAdded(boxes=boxes):
            given = {**state.gm_stress, name: state.gm_stress.get(name, 0) + boxes}
            return state.with_character(stress.take_stress(character, boxes)).model_copy(
                update={"gm_stress": given}
            )
        case StressRelieved(boxes=boxes, reason=reason):
            state = state.with_character(stress.relieve_stress(character, boxes))
            if reason is Relief.OUTLET:
                return state.model_copy(update={"outlet_used": state.outlet_used | {name}})
            if reason is Relief.TEAM_SCENE:
                return state.model_copy(update={"team_scene_used": state.team_scene_used | {name}})
            return state
        case StressSpent(use=use, overflow=None):
            return state.with_character(stress.spend_box(character, use))
        case StressSpent():
            return state.with_character(stress.take_fight_box(character))
        case CharacterReturned(stress=level):
            return state.with_character(stress.bring_back(character, level))
        case StateInflicted(state=inflicted):
            hurt = inflicted in (State.WOUNDED, State.INCAPACITATED)
            changed = states.wound(character) if hurt else states.exhaust(character)
            return state.with_character(changed)
        case StateRecovered(how=how):
            return _recover(state, character, how)
        case ExperienceAwarded():
            earned = state.aptitude_points_earned.get(name, 0)
            result = gain(character, event.award(), aptitude_points_earned=earned, options=state.options)
            return state.with_character(result.character).model_copy(
                update={
                    "awarded": state.awarded | {name},
                    "aptitude_points_earned": {
                        **state.aptitude_points_earned,
                        name: earned + result.aptitude_points,
                    },
                }
            )
        case PointsSpent(after=after):
            return state.with_character(after)
        case ReputationChanged(score=score, delta=delta):
            state = state.with_character(reputation.change_reputation(character, score, delta))
            return state.model_copy(update={"reviewed": state.reviewed | {f"{name}|{score.value}"}})
        case RelationChanged(relation=relation, delta=delta):
            state = state.with_character(reputation.change_relation(character, relation, delta))
            return state.model_copy(
                update={"reviewed": state.reviewed | {f"{name}|relation:{relation.casefold()}"}}
            )
        case RelationAdded(relation=relation):
            return state.with_character(reputation.add_relation(character, relation))
        case Purchased(standard=standard):
            return state.with_character(resources.buy(character, standard))
        case SavingsGained(boxes=boxes):
            return state.with_character(resources.gain_savings(character, boxes))
        case DebtTaken(savings=savings):
            return state.with_character(resources.take_debt(character, savings))
        case DebtRepaid(boxes=boxes):
            return state.with_character(resources.repay(character, boxes))
        case LivingStandardChanged(standard=standard):
            return state.with_character(resources.set_living_standard(character, standard))
    raise AssertionError(event)  # pragma: no cover - every event kind is matched above


def _recover(state: CampaignState, character: Character, how: str) -> CampaignState:
    if how == "sleep":
        return state.with_character(states.sleep(character))
    if how == "infirmary":
        return state.with_character(states.infirmary(character))
    raised = character.name in state.raised
    healed = states.heal_with_power(character, raised_this_scenario=raised)
    state = state.with_character(healed)
    if State.INCAPACITATED in character.states:
        return state.model_copy(update={"raised": state.raised | {character.name}})
    return state
