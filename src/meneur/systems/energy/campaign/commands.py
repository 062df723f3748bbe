"""Campaign commands (what the game master asks) and :func:`decide`, which turns one into events.

Conventions: commands are immutable, imperative requests; :func:`decide` is a pure
``(state, command) -> events`` that raises :class:`~meneur.errors.Refused` naming the rule
broken (or :class:`~meneur.errors.BadInputError` for a malformed request) and never changes anything.
The once-per-session, once-per-scene and new-scenario rules of 002_58e889a1abff3456.txt live here.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt

from meneur.errors import BadInputError, Refused
from meneur.i18n import N_, Message
from meneur.i18n.words import fold
from meneur.systems.energy.campaign import events as ev
from meneur.systems.energy.campaign.challenges import (
    Difficulty,
    TermKind,
    challenge,
    character_aptitude_score,
)
from meneur.systems.energy.campaign.experience import (
    AptitudeCriterion,
    Bonus,
    HeroicCriterion,
    gain,
    improvements,
    spend,
)
from meneur.systems.energy.campaign.improvement import Improvement, Target, improved
from meneur.systems.energy.campaign.reputation import ReputationScore, find_relation
from meneur.systems.energy.campaign.resources import purchase_cost
from meneur.systems.energy.campaign.state import CampaignState, Phase
from meneur.systems.energy.campaign.states import is_playable
from meneur.systems.energy.campaign.stress import (
    Relief,
    StressUse,
    check_gm_stress,
    fight_box_overflow,
    require_boxes,
    stress_level,
)
from meneur.systems.energy.model import Aptitude, Character, LivingStandard, PowerCategory, Relation, State
from meneur.systems.energy.names import APTITUDE_NAMES, CATEGORY_CODES, word

DOMAIN = "energy_campaign"


class _Command(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class StartSession(_Command):
    """Start a séance."""

    kind: Literal["start_session"] = "start_session"


class EndSession(_Command):
    """End the séance."""

    kind: Literal["end_session"] = "end_session"


class StartScenario(_Command):
    """Start a new scenario: "Le stress baisse de deux points au début de chaque nouveau scénario"."""

    kind: Literal["start_scenario"] = "start_scenario"


class EndScenario(_Command):
    """End the current scenario."""

    kind: Literal["end_scenario"] = "end_scenario"


class StartScene(_Command):
    """Start a new scene."""

    kind: Literal["start_scene"] = "start_scene"


class AddStress(_Command):
    """The GM gives one or two stress boxes in the current scene."""

    kind: Literal["add_stress"] = "add_stress"
    character: str
    boxes: StrictInt = 1


class RelieveStress(_Command):
    """An exutoire or a convincing scène d'équipe erases one box."""

    kind: Literal["relieve_stress"] = "relieve_stress"
    character: str
    reason: Literal[Relief.OUTLET, Relief.TEAM_SCENE]


class SpendStress(_Command):
    """Check a box for action d'éclat (a power in an extra category), détermination or se dépasser."""

    kind: Literal["spend_stress"] = "spend_stress"
    character: str
    use: StressUse
    power: str | None = None
    category: PowerCategory | None = None
    detail: str = ""


class BringBack(_Command):
    """The team brings a brisé character back."""

    kind: Literal["bring_back"] = "bring_back"
    character: str


class InflictState(_Command):
    """The GM gives épuisé or blessé."""

    kind: Literal["inflict_state"] = "inflict_state"
    character: str
    state: Literal[State.EXHAUSTED, State.WOUNDED]


class RecoverState(_Command):
    """Sleep (épuisé), a healing power or the infirmary (blessé, incapacité)."""

    kind: Literal["recover_state"] = "recover_state"
    character: str
    how: Literal["sleep", "healing_power", "infirmary"]


class AwardExperience(_Command):
    """End-of-session experience for one character."""

    kind: Literal["award_experience"] = "award_experience"
    character: str
    heroic: tuple[HeroicCriterion, ...] = ()
    aptitude: tuple[AptitudeCriterion, ...] = ()
    bonuses: tuple[Bonus, ...] = ()


class SpendPoints(_Command):
    """Spend unspent points: ``improved`` is the character as the player wants it."""

    kind: Literal["spend_points"] = "spend_points"
    character: str
    improved: Character


class RaiseAptitude(_Command):
    """Spend points for one rank more in an aptitude: "10 points d'expérience d'aptitude peuvent être
    convertis en 1 point d'aptitude qui pourra être dépensé pour augmenter le score d'une aptitude";
    the same purchase as :class:`SpendPoints` of the character with that rank more."""

    kind: Literal["raise_aptitude"] = "raise_aptitude"
    character: str
    aptitude: Aptitude


class Improve(_Command):
    """Spend points on one step beside an aptitude's rank (:mod:`.improvement`): an attribute, a
    power's reinforcement or a trait's bonus +1, a new power or a new trait ("augmenter leurs
    attributs, acheter des pouvoirs ou améliorer [...] leurs traits"); the same purchase as
    :class:`SpendPoints` of the character with that step taken."""

    kind: Literal["improve"] = "improve"
    character: str
    target: Target
    key: Annotated[str, Field(max_length=80)] = ""
    category: PowerCategory | None = None
    aptitude: Aptitude | None = None

    def improvement(self) -> Improvement:
        """The step this command buys."""
        return Improvement(target=self.target, key=self.key, category=self.category, aptitude=self.aptitude)


class ChangeReputation(_Command):
    """Move a reputation score by one point at the end of a session or scenario."""

    kind: Literal["change_reputation"] = "change_reputation"
    character: str
    score: ReputationScore
    delta: StrictInt


class ChangeRelation(_Command):
    """Move a relation by one point at the end of a session or scenario."""

    kind: Literal["change_relation"] = "change_relation"
    character: str
    relation: str
    delta: StrictInt


class AddRelation(_Command):
    """Write a new relation (``gm_reserved`` for the GM's three slots): "Le joueur est libre d'ajouter
    les relations qu'il souhaite [...] mais les trois dernières cases de relations sont réservées au
    MJ"."""

    kind: Literal["add_relation"] = "add_relation"
    character: str
    relation: Annotated[str, Field(max_length=80)]
    value: StrictInt = 0
    gm_reserved: bool = False


class Buy(_Command):
    """Buy a good that needs living standard ``standard``."""

    kind: Literal["buy"] = "buy"
    character: str
    standard: LivingStandard
    item: str = ""


class GainSavings(_Command):
    """Add savings boxes."""

    kind: Literal["gain_savings"] = "gain_savings"
    character: str
    boxes: StrictInt


class TakeDebt(_Command):
    """Borrow savings boxes (two debt boxes each)."""

    kind: Literal["take_debt"] = "take_debt"
    character: str
    savings: StrictInt


class RepayDebt(_Command):
    """Repay debt boxes with savings boxes."""

    kind: Literal["repay_debt"] = "repay_debt"
    character: str
    boxes: StrictInt


class SetLivingStandard(_Command):
    """The GM changes a living standard."""

    kind: Literal["set_living_standard"] = "set_living_standard"
    character: str
    standard: LivingStandard


class Challenge(_Command):
    """A défi of a character against a difficulty: "un test d'aptitude se fait en additionnant une
    aptitude et un trait applicable" (the best applicable trait unless one is named), ``surpass``
    checking a stress box for "2 rangs" more."""

    kind: Literal["challenge"] = "challenge"
    character: str
    aptitude: Aptitude
    difficulty: Annotated[StrictInt, Field(ge=1, le=10)] = Difficulty.PROFESSIONAL.value
    trait: str | None = None
    surpass: bool = False


class FightBox(BaseModel):
    """One stress box a character checked in a fight, and what for (a second souffle is a
    détermination: "utilise sa détermination pour obtenir un second souffle")."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    character: str
    use: StressUse
    detail: str = ""


class HandBackFight(_Command):
    """A fight started from the campaign hands its outcome back, in one step: the state blessé for
    the knocked-out characters the GM chooses ("Un personnage qui a été mis hors combat durant une
    scène peut subir le statut blessé à la fin du combat (à la discrétion du MJ)",
    002_58e889a1abff3456.txt), the stress boxes checked in the fight, and any experience awarded
    with it (the end-of-session rules of :class:`AwardExperience`). Once per fight."""

    kind: Literal["hand_back_fight"] = "hand_back_fight"
    fight: Annotated[str, Field(min_length=1, max_length=64)]
    title: Annotated[str, Field(max_length=200)] = ""
    knocked_out: tuple[str, ...] = ()
    wounded: tuple[str, ...] = ()
    stress: tuple[FightBox, ...] = ()
    experience: tuple[AwardExperience, ...] = ()


GM_COMMANDS = frozenset(
    {
        "start_session",
        "end_session",
        "start_scenario",
        "end_scenario",
        "start_scene",
        "add_stress",
        "bring_back",
        "inflict_state",
        "recover_state",
        "award_experience",
        "change_reputation",
        "change_relation",
        "gain_savings",
        "set_living_standard",
        "hand_back_fight",
    }
)
"""The commands the book gives the game master: "Le MJ peut distribuer une case de stress", the
states he inflicts, the experience "à la fin de chaque séance", "le MJ peut faire varier" reputation
and relations, the living standard he sets (002_58e889a1abff3456.txt). A player gives the others for
their own character: a défi, a relief, a stress box spent, points spent, a purchase, a debt, and a
relation added outside the GM's slots ("Le joueur est libre d'ajouter les relations qu'il souhaite");
:func:`is_gm_command` says it of one command."""


def is_gm_command(command: object) -> bool:
    """Whether the book gives ``command`` to the game master (:data:`GM_COMMANDS`, and a relation
    written in one of the three slots "réservées au MJ")."""
    if isinstance(command, AddRelation):
        return command.gm_reserved
    return getattr(command, "kind", None) in GM_COMMANDS


Command = Annotated[
    StartSession
    | EndSession
    | StartScenario
    | EndScenario
    | StartScene
    | AddStress
    | RelieveStress
    | SpendStress
    | BringBack
    | InflictState
    | RecoverState
    | AwardExperience
    | SpendPoints
    | ChangeReputation
    | ChangeRelation
    | AddRelation
    | Buy
    | GainSavings
    | TakeDebt
    | RepayDebt
    | SetLivingStandard
    | Challenge
    | RaiseAptitude
    | Improve
    | HandBackFight,
    Field(discriminator="kind"),
]


def _illegal(rule: str, msgid: str, **params: object) -> Refused:
    return Refused(Message(DOMAIN, msgid, dict(params)), rule=rule)


def decide(state: CampaignState, command: Command) -> list[ev.Event]:
    """The events ``command`` produces in ``state``.

    Raises:
        Refused: the rules forbid it now (the error names the rule).
        BadInputError: the command names an unknown character, relation or power, or a bad number.
    """
    match command:
        case StartSession():
            state.require_phase(Phase.IDLE, N_("Starting a session"))
            return [ev.SessionStarted(number=state.session + 1)]
        case EndSession():
            state.require_phase(Phase.SESSION, N_("Ending a session"))
            return [ev.SessionEnded(number=state.session)]
        case StartScenario():
            return _start_scenario(state)
        case EndScenario():
            state.require_phase(Phase.SESSION, N_("Ending a scenario"))
            if not state.scenario_open:
                raise _illegal("scenario", N_("No scenario is under way."))
            return [ev.ScenarioEnded(number=state.scenario)]
        case StartScene():
            state.require_phase(Phase.SESSION, N_("Starting a scene"))
            return [ev.SceneStarted(number=state.scene + 1)]
        case HandBackFight():
            return _hand_back(state, command)
        case _:
            return _decide_for_character(state, command)


def _start_scenario(state: CampaignState) -> list[ev.Event]:
    """ "Le stress baisse de deux points au début de chaque nouveau scénario": once per scenario.

    A scenario under way must end first, or every restart would erase two more boxes.
    """
    state.require_phase(Phase.SESSION, N_("Starting a scenario"))
    if state.scenario_open:
        raise _illegal(
            "scenario",
            N_("Scenario {number} is still under way: end it before starting a new one."),
            number=state.scenario,
        )
    events: list[ev.Event] = [ev.ScenarioStarted(number=state.scenario + 1)]
    relief = state.options.scenario_relief
    for name, character in state.characters.items():
        erased = min(relief, stress_level(character))
        if erased and State.BROKEN not in character.states:
            events.append(ev.StressRelieved(character=name, boxes=erased, reason=Relief.NEW_SCENARIO))
    return events


def _decide_for_character(state: CampaignState, command: Command) -> list[ev.Event]:
    name = state.key(getattr(command, "character"))  # noqa: B009 - every remaining command has one
    character = state.characters[name]
    match command:
        case AddStress(boxes=boxes):
            return _add_stress(state, character, boxes)
        case RelieveStress(reason=reason):
            return _relieve(state, name, reason)
        case SpendStress():
            return _spend_stress(state, character, command)
        case BringBack():
            return [ev.CharacterReturned(character=name, stress=state.options.broken_return_stress)]
        case InflictState(state=inflicted):
            if inflicted is State.WOUNDED and State.INCAPACITATED in character.states:
                raise _illegal(
                    "incapacitated",
                    N_(
                        "{name} is already incapacitated: being wounded again changes nothing; nothing was "
                        "recorded."
                    ),
                    name=name,
                )
            return [ev.StateInflicted(character=name, state=_inflicted(character, inflicted))]
        case RecoverState(how=how):
            return [ev.StateRecovered(character=name, how=how)]
        case AwardExperience():
            return _award(state, name, command)
        case SpendPoints() | RaiseAptitude() | Improve():
            done = spend(character, _improved(character, command), options=state.options)
            return [
                ev.PointsSpent(
                    character=name,
                    hero_points=done.hero_points,
                    aptitude_points=done.aptitude_points,
                    after=done.character,
                    bought=improvements(character, done.character),
                )
            ]
        case ChangeReputation(score=score, delta=delta):
            _review(state, name, score.value)
            return [ev.ReputationChanged(character=name, score=score, delta=delta)]
        case ChangeRelation(relation=relation, delta=delta):
            exact = character.relations[find_relation(character, relation)].name
            _review(state, name, f"relation:{exact.casefold()}")
            return [ev.RelationChanged(character=name, relation=exact, delta=delta)]
        case AddRelation(relation=relation, value=value, gm_reserved=reserved):
            if not relation.strip():
                raise BadInputError(Message(DOMAIN, N_("A relation needs a name.")))
            return [
                ev.RelationAdded(
                    character=name,
                    relation=Relation(name=relation.strip(), value=value, gm_reserved=reserved),
                )
            ]
        case Buy(standard=standard, item=item):
            return [
                ev.Purchased(
                    character=name,
                    standard=standard,
                    item=item,
                    cost=purchase_cost(character.living_standard, standard),
                )
            ]
        case GainSavings(boxes=boxes):
            return [ev.SavingsGained(character=name, boxes=boxes)]
        case TakeDebt(savings=savings):
            return [ev.DebtTaken(character=name, savings=savings)]
        case RepayDebt(boxes=boxes):
            return [ev.DebtRepaid(character=name, boxes=boxes)]
        case SetLivingStandard(standard=standard):
            return [ev.LivingStandardChanged(character=name, standard=standard)]
        case Challenge():
            return _challenge(state, character, command)
    raise AssertionError(command)  # pragma: no cover - every command kind is matched above


def _improved(character: Character, command: SpendPoints | RaiseAptitude | Improve) -> Character:
    """The character as the command wants it: the sheet given, one aptitude rank more, or one step."""
    match command:
        case SpendPoints(improved=wanted):
            return wanted
        case RaiseAptitude(aptitude=aptitude):
            return raised(character, aptitude)
        case Improve():
            return improved(character, command.improvement())
    raise AssertionError(command)  # pragma: no cover


def raised(character: Character, aptitude: Aptitude) -> Character:
    """``character`` with one rank more in ``aptitude`` (ranks go "de 0 à 5").

    Raises:
        Refused: the aptitude is at 5 already.
    """
    rank = character.aptitude(aptitude)
    if rank >= 5:
        raise _illegal(
            "aptitude_max",
            N_("{name} already has {aptitude} at 5, the highest rank."),
            name=character.name,
            aptitude=word(APTITUDE_NAMES[aptitude]),
        )
    return character.model_copy(update={"aptitudes": {**character.aptitudes, aptitude: rank + 1}})


def _challenge(state: CampaignState, character: Character, command: Challenge) -> list[ev.Event]:
    """A défi during a session, scored by :func:`~.challenges.character_aptitude_score` and judged by
    :func:`~.challenges.challenge`; se dépasser first checks its stress box."""
    state.require_phase(Phase.SESSION, N_("A challenge"))
    score = character_aptitude_score(
        character, command.aptitude, trait=command.trait, surpass=command.surpass
    )
    result = challenge(score, Difficulty(command.difficulty))
    trait = next((t.label for t in score.terms if t.kind is TermKind.TRAIT), "")
    events: list[ev.Event] = []
    if command.surpass:
        events.append(ev.StressSpent(character=character.name, use=StressUse.SURPASS))
    events.append(
        ev.ChallengeMet(
            character=character.name,
            aptitude=command.aptitude,
            trait=trait,
            difficulty=command.difficulty,
            total=score.total,
            success=result.success,
            terms=tuple((t.kind.value, t.label, t.value) for t in score.terms),
        )
    )
    return events


def _inflicted(character: Character, state: State) -> State:
    """The state actually taken: "Un personnage blessé qui subit une nouvelle fois le statut blessé subit
    à la place l'état incapacité" (002_58e889a1abff3456.txt)."""
    if state is State.WOUNDED and character.states & {State.WOUNDED, State.INCAPACITATED}:
        return State.INCAPACITATED
    return state


def _add_stress(state: CampaignState, character: Character, boxes: int) -> list[ev.Event]:
    """ "Le MJ peut distribuer une case de stress [...] durant une scène"; at most two per scene."""
    require_boxes(boxes)
    state.require_phase(Phase.SESSION, N_("Giving stress"))
    if state.scene == 0:
        raise _illegal("scene", N_("The GM gives stress during a scene: start a scene first."))
    check_gm_stress(character, state.gm_stress.get(character.name, 0), boxes)
    return [ev.StressAdded(character=character.name, boxes=boxes)]


def _relieve(state: CampaignState, name: str, reason: Relief) -> list[ev.Event]:
    """Outlet and team support, each "qu'une seule fois par séance" (002_58e889a1abff3456.txt)."""
    state.require_phase(Phase.SESSION, N_("Relieving stress"))
    used = state.outlet_used if reason is Relief.OUTLET else state.team_scene_used
    if name in used:
        msgid = (
            N_("{name} already used an outlet this session (once per session).")
            if reason is Relief.OUTLET
            else N_("{name} already had the team's support this session (once per session).")
        )
        raise _illegal(reason.value, msgid, name=name)
    if stress_level(state.characters[name]) == 0:
        raise _illegal(
            "no_stress",
            N_("{name} has no stress box to erase; the once-per-session relief is kept for later."),
            name=name,
        )
    return [ev.StressRelieved(character=name, boxes=1, reason=reason)]


def _spend_stress(state: CampaignState, character: Character, command: SpendStress) -> list[ev.Event]:
    """Action d'éclat needs one of the character's powers and a category it does not already have."""
    state.require_phase(Phase.SESSION, N_("Spending a stress box"))
    power, category = command.power, command.category
    if command.use is StressUse.FEAT:
        if power is None or category is None:
            raise BadInputError(
                Message(
                    DOMAIN, N_("A feat names the power used and the extra category it acts in for the turn.")
                )
            )
        found = [p for p in character.powers if fold(p.name) == fold(power)]
        if not found:
            raise BadInputError(
                Message(
                    DOMAIN,
                    N_("{name} has no power {power!r} (powers: {known})."),
                    {
                        "name": character.name,
                        "power": power,
                        "known": ", ".join(p.name for p in character.powers) or Message(DOMAIN, N_("none")),
                    },
                )
            )
        if found[0].category is category:
            raise _illegal(
                "feat",
                N_(
                    'A feat uses a power "as if it belonged to an extra category": '
                    "{power} is already {category}."
                ),
                power=found[0].name,
                category=CATEGORY_CODES[category],
            )
        power = found[0].name
    return [
        ev.StressSpent(
            character=character.name, use=command.use, power=power, category=category, detail=command.detail
        )
    ]


def _award(state: CampaignState, name: str, command: AwardExperience) -> list[ev.Event]:
    """ "A la fin de chaque séance": once per character, after a session ends."""
    state.require_phase(Phase.IDLE, N_("Awarding experience"))
    if state.session == 0:
        raise _illegal(
            "experience", N_("Experience is awarded at the end of a session; no session was played.")
        )
    if not (command.heroic or command.aptitude or command.bonuses):
        raise BadInputError(
            Message(
                DOMAIN,
                N_(
                    "Name at least one criterion or bonus earned by {name} "
                    "(--heroic, --aptitude or --bonus); a character who earned nothing needs no award."
                ),
                {"name": name},
            )
        )
    if name in state.awarded:
        raise _illegal(
            "experience",
            N_("{name} already received experience for session {session}."),
            name=name,
            session=state.session,
        )
    event = ev.ExperienceAwarded(
        character=name,
        heroic=tuple(sorted(set(command.heroic))),
        aptitude=tuple(sorted(set(command.aptitude))),
        bonuses=tuple(sorted(set(command.bonuses))),
    )
    earned = state.aptitude_points_earned.get(name, 0)
    result = gain(state.characters[name], event.award(), aptitude_points_earned=earned, options=state.options)
    converted = {"hero_points": result.hero_points, "aptitude_points": result.aptitude_points}
    return [event.model_copy(update=converted)]


def _review(state: CampaignState, name: str, score: str) -> None:
    """ "A la fin d'une séance ou d'un scénario, le MJ peut faire varier [...] de 1 point"."""
    if not state.review_open:
        raise _illegal(
            "review",
            N_("Reputation and relations change only at the end of a session or a scenario (end one first)."),
        )
    if f"{name}|{score}" in state.reviewed:
        raise _illegal(
            "review",
            N_("That score of {name} already moved by 1 point at this end of session or scenario."),
            name=name,
        )


def _hand_back(state: CampaignState, command: HandBackFight) -> list[ev.Event]:
    """The events of a fight handed back, each decided on the state the previous ones left (so a
    state, a box or an award is refused as it would be on its own, and nothing is kept)."""
    if command.fight in state.fights:
        raise _illegal(
            "hand_back", N_("This fight was already handed back to the campaign; nothing was recorded.")
        )
    out = tuple(dict.fromkeys(state.key(name) for name in command.knocked_out))
    wounded = tuple(dict.fromkeys(state.key(name) for name in command.wounded))
    for name in wounded:
        if name not in out:
            raise _illegal(
                "wounded",
                N_(
                    "{name} was not knocked out in this fight: only a character knocked out may be "
                    "wounded at its end."
                ),
                name=name,
            )
    counts: dict[str, int] = {}
    for box in command.stress:
        key = state.key(box.character)
        counts[key] = counts.get(key, 0) + 1
    first = ev.FightHandedBack(
        fight=command.fight,
        title=command.title,
        knocked_out=out,
        wounded=wounded,
        stress=tuple(counts.items()),
    )
    events: list[ev.Event] = [first]
    now = ev.apply(state, first)
    steps: list[Command] = [InflictState(character=name, state=State.WOUNDED) for name in wounded]
    for step in steps:
        for event in decide(now, step):
            now = ev.apply(now, event)
            events.append(event)
    not_applied: dict[str, int] = {}
    for box in command.stress:
        name = state.key(box.character)
        if not is_playable(now.characters[name]):  # brisé: "ne sera plus jouable", no more stress
            not_applied[name] = not_applied.get(name, 0) + 1
            continue
        beyond = fight_box_overflow(now.characters[name])
        spent = ev.StressSpent(character=name, use=box.use, detail=box.detail, overflow=beyond)
        now = ev.apply(now, spent)
        events.append(spent)
    if not_applied:
        events[0] = first.model_copy(update={"not_applied": tuple(not_applied.items())})
    for award in command.experience:
        for event in decide(now, award):
            now = ev.apply(now, event)
            events.append(event)
    return events
