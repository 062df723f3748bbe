"""The chronicle: sessions, scenes, nights and confrontations as an explicit state machine.

Conventions: the state is immutable; :func:`decide` turns ``(state, command)`` into events (dice
from an injected source), :func:`evolve` folds one event into the state, :func:`replay` folds a
log. Undo pops the last command's events (see :class:`Log`). Legality is a query:
:func:`refusal` says why a command would be refused (or ``None``), before anyone tries it.

Scenes are numbered across the whole chronicle (a new session does not restart the count), so
« once per scene » and « in this scene » never confuse a scene of one session with another's.

Rule text: ``003_87a535c5e428c5d3.txt`` (« La règle du Talisman de Foi », « Recharger le
Talisman », « Coût narratif », « Limites », « Joker du destin », « Initiative et tour de combat »,
« Conseils MJ »).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from meneur.dice.source import DiceSource
from meneur.errors import BadInputError, IllegalActionError
from meneur.i18n import N_, Message
from meneur.systems.carpathes.combat import Wound
from meneur.systems.carpathes.events import (
    AddCharacter,
    BeginConfrontation,
    CharacterAdded,
    ClueGiven,
    Command,
    ConfrontationBegan,
    ConfrontationEnded,
    DoPenance,
    EndConfrontation,
    EstablishSacredObject,
    Event,
    FaithTaught,
    GiveClue,
    GiveMedicalCare,
    InflictWound,
    InitiativeEntry,
    InitiativeRolled,
    InvokeTalisman,
    JokerUsed,
    MakeRoll,
    MedicalCareGiven,
    NextRound,
    PenanceDone,
    Purpose,
    Recollect,
    Recollected,
    RollData,
    Rolled,
    RollInitiative,
    RoundStarted,
    SacredObjectEstablished,
    SceneStarted,
    SessionStarted,
    StartScene,
    StartSession,
    TalismanCracked,
    TalismanInvoked,
    TalismanRecharged,
    Teach,
    UseJoker,
    WoundInflicted,
)
from meneur.systems.carpathes.initiative import Combatant, Initiative, InitiativeRoll, check_combatants
from meneur.systems.carpathes.model import (
    TIER_LABELS,
    Character,
    CreatureKind,
    Faith,
    RollMode,
    TableOptions,
    Tier,
    is_supernatural,
)
from meneur.systems.carpathes.resolution import TraitRoll, mode_from, reroll, roll

Penalty = Literal["none", "pending", "active"]


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class LastRoll(_Frozen):
    """A PC's latest roll, the only one a Talisman or a Joker can act on."""

    roll: RollData
    purpose: Purpose
    peril: bool
    scene: int
    confrontation: int | None
    talisman_invoked: bool = False
    talisman_raised: bool = False
    jokered: bool = False

    def trait_roll(self) -> TraitRoll:
        """The roll, raised when a sincere Talisman was invoked on it."""
        return self.roll.to_roll(talisman=self.talisman_raised)


class PcStatus(_Frozen):
    """Per-PC counters of the once-per-scene and once-per-session rules.

    While the Talisman is spent, ``night_since_spent`` and ``recollected_since_spent`` remember the
    two conditions of its recharge (« une nuit s'est écoulée et où le PJ a pu se recueillir »).
    """

    talisman_spent_in: int | None = None
    night_since_spent: bool = False
    recollected_since_spent: bool = False
    taught_by: str | None = None
    cracked: bool = False
    penalty: Penalty = "none"
    joker_used_in: int | None = None
    last_roll: LastRoll | None = None
    wounds: tuple[Wound, ...] = ()
    needs_care: bool = False


class Confrontation(_Frozen):
    """The confrontation in progress."""

    number: int
    creature: CreatureKind
    confirmed: bool

    @property
    def supernatural(self) -> bool:
        """« confrontations surnaturelles avérées »: a supernatural kind, confirmed."""
        return self.confirmed and is_supernatural(self.creature)


class ChronicleState(_Frozen):
    """Everything the limits need: session, scene, confrontation and each PC's status."""

    options: TableOptions = Field(default_factory=TableOptions)
    characters: dict[str, Character] = Field(default_factory=dict)
    status: dict[str, PcStatus] = Field(default_factory=dict)
    session: int = 0
    scene: int = 0
    in_scene: bool = False
    scene_after_night: bool = False
    round: int = 0
    clues: int = 0
    confrontations: int = 0
    confrontation: Confrontation | None = None
    initiative_scene: int | None = None
    initiative: tuple[InitiativeEntry, ...] = ()

    def pc(self, name: str) -> PcStatus:
        """The status of a PC (raises a clear error for an unknown name)."""
        if name not in self.status:
            raise BadInputError(Message(
                "carpathes", N_("No character named '{name}'; known characters: {known}."),
                {"name": name, "known": ", ".join(self.characters) or Message("carpathes", N_("none"))}))
        return self.status[name]

    def with_pc(self, name: str, **changes: object) -> ChronicleState:
        """A copy with one PC's status changed."""
        status = {**self.status, name: self.status[name].model_copy(update=changes)}
        return self.model_copy(update={"status": status})

    def can_believe(self, name: str) -> bool:
        """A believer, or an atheist « sauf si un autre PJ croyant l'instruit en jeu »."""
        return self.characters[name].faith is Faith.BELIEVER or self.status[name].taught_by is not None

    def has_shaken_faith_disadvantage(self, name: str) -> bool:
        """« ce PJ subit un Désavantage ... sur tout jet de protection ou d'attaque »."""
        return self.pc(name).penalty == "active"

    def is_off_guard(self, name: str) -> bool:
        """« Un PJ pris au dépourvu ... joue en dernier au premier round, sans bonus de talent »:
        caught off guard in this scene's initiative, during its first round."""
        return (self.round == 1 and self.initiative_scene == self.scene
                and any(e.name == name and e.off_guard for e in self.initiative))

    def initiative_order(self) -> Initiative:
        """The scene's initiative as rolled."""
        return Initiative(tuple(InitiativeRoll(Combatant(
            e.name, e.physical, e.is_pc, e.talent_bonus, e.surprise, e.off_guard), e.dice)
            for e in self.initiative))


# ---- legality ---------------------------------------------------------------------------------
def _illegal(rule: str, msgid: str, **params: object) -> IllegalActionError:
    return IllegalActionError(Message("carpathes", msgid, dict(params)), rule=rule)


def _need_session(state: ChronicleState) -> None:
    if state.session == 0:
        raise _illegal("session.none", N_("No session is in progress: start a session first."))


def _need_scene(state: ChronicleState) -> None:
    _need_session(state)
    if not state.in_scene:
        raise _illegal("scene.none", N_("No scene is in progress: start a scene first."))


def _check(state: ChronicleState, command: Command) -> None:
    match command:
        case AddCharacter(character=c):
            if c.name in state.characters:
                raise BadInputError(Message("carpathes", N_(
                    "A character named '{name}' already exists; choose another name."),
                    {"name": c.name}))
        case StartScene():
            _need_session(state)
        case Recollect(pc=pc) | DoPenance(pc=pc):
            state.pc(pc)
            _need_scene(state)
            if isinstance(command, DoPenance) and not state.status[pc].cracked:
                raise _illegal("penance.not_cracked", N_(
                    "{pc}'s faith is not shaken: no penance is needed."), pc=pc)
        case Teach(pc=pc, teacher=teacher):
            state.pc(pc)
            state.pc(teacher)
            _need_scene(state)
            if state.characters[pc].faith is not Faith.ATHEIST:
                raise _illegal("talisman.teach", N_("{pc} is not a declared atheist."), pc=pc)
            if teacher == pc or state.characters[teacher].faith is not Faith.BELIEVER:
                raise _illegal("talisman.teach", N_(
                    "Only another believing PC can instruct {pc}."), pc=pc)
        case BeginConfrontation():
            _need_scene(state)
            if state.confrontation is not None:
                raise _illegal("confrontation.open", N_(
                    "A confrontation is already in progress: end it first."))
        case EndConfrontation():
            if state.confrontation is None:
                raise _illegal("confrontation.none", N_("No confrontation is in progress."))
        case MakeRoll(pc=pc, talent=talent, background=background):
            state.pc(pc)
            state.characters[pc].talent_bonus(talent)
            _need_scene(state)
            if background is not None and not getattr(state.characters[pc], background):
                raise _illegal("advantage.background", N_(
                    "{pc} has no {background} on their sheet: « Avantage ... si métier ou hobby"
                    " est pertinent »."), pc=pc, background=Message(
                        "carpathes", N_("trade") if background == "trade" else N_("hobby")))
        case InvokeTalisman():
            _check_talisman(state, command)
        case UseJoker(pc=pc):
            _check_joker(state, pc)
        case RollInitiative():
            _need_scene(state)
            if state.initiative_scene == state.scene:
                raise _illegal("initiative.once_per_scene", N_(
                    "Initiative was already rolled in this scene: « L'initiative se relance à"
                    " chaque scène, pas à chaque round »."))
            for name in (*command.surprise, *command.off_guard, *command.talents):
                if name not in state.characters and name not in {n.name for n in command.npcs}:
                    raise BadInputError(Message("carpathes", N_(
                        "'{name}' is not a combatant of this initiative."), {"name": name}))
        case NextRound():
            _need_scene(state)
            if state.initiative_scene != state.scene:
                raise _illegal("round.no_initiative", N_(
                    "No initiative has been rolled in this scene: roll it before the rounds."))
        case EstablishSacredObject(pc=pc, sacred_object=item):
            state.pc(pc)
            _check_new_sacred_object(state, pc, item)
        case InflictWound(pc=pc, wound=wound):
            state.pc(pc)
            _need_scene(state)
            if wound is Wound.NONE:
                raise BadInputError(Message("carpathes", N_(
                    "A margin of 0 or less inflicts no wound; give light, serious or critical.")))
        case GiveMedicalCare(pc=pc):
            state.pc(pc)
            _need_scene(state)
            if not state.status[pc].needs_care:
                raise _illegal("care.none", N_(
                    "{pc} has no serious wound awaiting medical care."), pc=pc)
        case GiveClue():
            _need_scene(state)
            limit = state.options.supernatural_clues_per_scene
            if limit is not None and state.clues >= limit:
                raise _illegal("clue.per_scene", N_(
                    "Already {count} supernatural clues in this scene: « Trois indices surnaturels"
                    " par scène, pas plus. Trop de signes saturent la nuit »."), count=state.clues)
        case _:
            pass


def _check_new_sacred_object(state: ChronicleState, pc: str, item: str) -> None:
    """« Un PJ ne peut pas inventer en cours de scène qu'il portait une relique »: an object is
    established in the fiction outside a confrontation, never to save a roll already made."""
    if not item.strip():
        raise BadInputError(Message("carpathes", N_(
            "The sacred object has no name; name it, e.g. « médaillon béni ».")))
    if state.characters[pc].has_sacred_object(item):
        raise BadInputError(Message("carpathes", N_(
            "'{item}' is already established as sacred for {pc}."), {"item": item, "pc": pc}))
    if state.confrontation is not None:
        raise _illegal("talisman.established_object", N_(
            "A sacred object cannot be established during a confrontation: a PC cannot invent"
            " mid-scene that they carried a relic."))


def _check_talisman(state: ChronicleState, command: InvokeTalisman) -> None:
    pc = command.pc
    status = state.pc(pc)
    _need_scene(state)
    if not state.can_believe(pc):
        raise _illegal("talisman.atheist", N_(
            "{pc} is a declared atheist and cannot invoke the Talisman unless a believing PC"
            " instructs them in play."), pc=pc)
    if status.cracked:
        raise _illegal("talisman.cracked", N_(
            "{pc}'s sacred object is cracked: only a scene of sincere penance restores the faith."),
            pc=pc)
    if status.talisman_spent_in is not None:
        raise _illegal("talisman.recharge", N_(
            "{pc}'s Talisman is spent: it recharges in a new scene once a night has passed and the"
            " PC has been able to pray or meditate."), pc=pc)
    if state.confrontation is None or not state.confrontation.supernatural:
        raise _illegal("talisman.supernatural_only", N_(
            "The Talisman applies only to confirmed supernatural confrontations (vampire, undead,"
            " possessed, Carpathian creature)."))
    if state.options.require_established_object and not state.characters[pc].has_sacred_object(
            command.sacred_object):
        raise _illegal("talisman.established_object", N_(
            "'{item}' was never established as sacred in the fiction: a PC cannot invent a relic"
            " mid-scene."), item=command.sacred_object)
    last = status.last_roll
    if last is None or last.scene != state.scene or last.confrontation != state.confrontation.number:
        raise _illegal("talisman.partial_success", N_(
            "{pc} has no roll in this confrontation for the Talisman to act on."), pc=pc)
    if last.jokered:
        raise _illegal("talisman.not_with_joker", N_(
            "The Joker was already used on this action: the Joker and the Talisman do not combine."))
    if last.talisman_invoked or last.roll.to_roll().tier is not Tier.PARTIAL_SUCCESS:
        raise _illegal("talisman.partial_success", N_(
            "The Talisman turns a partial success (9-10) into a full success; this roll is a"
            " {tier}."), tier=Message("carpathes", TIER_LABELS[last.roll.to_roll().tier]))


def _check_joker(state: ChronicleState, pc: str) -> None:
    status = state.pc(pc)
    _need_scene(state)
    if status.joker_used_in == state.session:
        raise _illegal("joker.once_per_session", N_(
            "{pc} already used the Joker du destin this session; it recharges next session."), pc=pc)
    last = status.last_roll
    if last is None or last.scene != state.scene:
        raise _illegal("joker.no_roll", N_("{pc} has no roll in this scene to reroll."), pc=pc)
    if not last.peril:
        raise _illegal("joker.peril", N_(
            "The Joker rerolls only a roll that puts the character in direct peril."))
    if last.jokered:
        raise _illegal("joker.keep_second", N_(
            "This roll was already rerolled: the second result must be kept."))
    if last.talisman_invoked:
        raise _illegal("joker.not_with_talisman", N_(
            "The Talisman was already invoked on this action: the Joker and the Talisman do not"
            " combine."))


def refusal(state: ChronicleState, command: Command) -> Message | None:
    """Why ``command`` would be refused now, or ``None`` when it is legal."""
    try:
        _check(state, command)
    except (IllegalActionError, BadInputError) as error:
        return error.message
    return None


# ---- decide -----------------------------------------------------------------------------------
def decide(state: ChronicleState, command: Command, source: DiceSource) -> list[Event]:
    """The events a command produces (dice drawn from ``source``).

    Raises:
        IllegalActionError: when the rules forbid the command now (naming the rule).
        BadInputError: for unknown names or malformed values.
    """
    _check(state, command)
    match command:
        case AddCharacter(character=c):
            return [CharacterAdded(character=c)]
        case StartSession():
            return [SessionStarted()]
        case StartScene(after_night=night):
            started = SceneStarted(after_night=night)
            return [started, *_recharges(evolve(state, started))]
        case Recollect(pc=pc):
            recollected = Recollected(pc=pc)
            return [recollected, *_recharges(evolve(state, recollected), (pc,))]
        case Teach(pc=pc, teacher=teacher):
            return [FaithTaught(pc=pc, teacher=teacher)]
        case BeginConfrontation(creature=creature, confirmed=confirmed):
            return [ConfrontationBegan(creature=creature, confirmed=confirmed)]
        case EndConfrontation():
            return [ConfrontationEnded()]
        case MakeRoll():
            return [_roll(state, command, source)]
        case InvokeTalisman(pc=pc, sacred_object=item, sincere=sincere):
            return [TalismanInvoked(pc=pc, sacred_object=item) if sincere
                    else TalismanCracked(
                        pc=pc, sacred_object=item,
                        until_penance=state.options.cracked_disadvantage_until_penance)]
        case UseJoker(pc=pc):
            last = state.status[pc].last_roll
            assert last is not None  # checked by _check_joker
            return [JokerUsed(pc=pc, roll=RollData.from_roll(reroll(last.roll.to_roll(), source)))]
        case DoPenance(pc=pc):
            return [PenanceDone(pc=pc)]
        case RollInitiative():
            return [_initiative(state, command, source)]
        case NextRound():
            return [RoundStarted()]
        case GiveClue(text=text):
            return [ClueGiven(text=text)]
        case EstablishSacredObject(pc=pc, sacred_object=item):
            return [SacredObjectEstablished(pc=pc, sacred_object=item.strip())]
        case InflictWound(pc=pc, wound=wound):
            # « Marge 5 à 9 : blessure sérieuse, désavantage à la cible jusqu'à soin médical »
            lasting = wound is Wound.SERIOUS or (
                wound is Wound.CRITICAL and state.options.critical_wound_disadvantage)
            return [WoundInflicted(pc=pc, wound=wound, disadvantage=lasting)]
        case GiveMedicalCare(pc=pc):
            return [MedicalCareGiven(pc=pc)]
    raise AssertionError(command)  # pragma: no cover - the match is exhaustive


def can_recharge(state: ChronicleState, pc: str) -> bool:
    """« La capacité se recharge à chaque nouvelle scène où une nuit s'est écoulée et où le PJ a pu
    se recueillir : prière du soir ... Elle ne se recharge pas dans la même scène »: spent in an
    earlier scene, a night since then, and a recollection since then (before or after the night)."""
    status = state.status[pc]
    return (status.talisman_spent_in is not None and status.talisman_spent_in < state.scene
            and status.night_since_spent and status.recollected_since_spent)


def _recharges(state: ChronicleState, names: Iterable[str] | None = None) -> list[Event]:
    return [TalismanRecharged(pc=pc) for pc in (state.status if names is None else names)
            if can_recharge(state, pc)]


def _conditions(state: ChronicleState, command: MakeRoll) -> tuple[RollMode, bool, bool]:
    """The mode of a roll, whether shaken faith imposes disadvantage, and whether advantage and
    disadvantage cancelled out."""
    shaken = (state.has_shaken_faith_disadvantage(command.pc)
              and command.purpose in ("protection", "attack"))
    # « Avantage (3D6 garder les 2 meilleurs) si métier ou hobby est pertinent »
    advantage = command.advantage or command.background is not None
    # « Marge 5 à 9 : blessure sérieuse, désavantage à la cible jusqu'à soin médical »
    disadvantage = command.disadvantage or shaken or state.status[command.pc].needs_care
    mode = mode_from(advantage, disadvantage, state.options)
    return mode, shaken, advantage and disadvantage and mode is RollMode.NORMAL


def roll_mode(state: ChronicleState, command: MakeRoll | UseJoker) -> RollMode:
    """The mode a roll or a Joker's reroll will use now (how many dice to enter), before rolling.

    Raises:
        IllegalActionError: when the command would be refused.
        BadInputError: for unknown names.
    """
    _check(state, command)
    if isinstance(command, UseJoker):
        last = state.status[command.pc].last_roll
        assert last is not None  # checked by _check_joker
        return last.roll.mode
    return _conditions(state, command)[0]


def _roll(state: ChronicleState, command: MakeRoll, source: DiceSource) -> Rolled:
    character = state.characters[command.pc]
    mode, shaken, cancelled = _conditions(state, command)
    # « Un PJ pris au dépourvu ... joue en dernier au premier round, sans bonus de talent »
    off_guard = state.is_off_guard(command.pc) and command.talent is not None
    bonus = 0 if off_guard else character.talent_bonus(command.talent)
    result = roll(source, character.trait(command.trait), bonus, mode)
    return Rolled(pc=command.pc, roll=RollData.from_roll(result), purpose=command.purpose,
                  peril=command.peril, shaken_faith=shaken, off_guard=off_guard,
                  modes_cancelled=cancelled, wounded=state.status[command.pc].needs_care,
                  trait=command.trait)


def _initiative(state: ChronicleState, command: RollInitiative,
                source: DiceSource) -> InitiativeRolled:
    combatants = [Combatant(c.name, c.physical, True, command.talents.get(c.name, 0),
                            c.name in command.surprise, c.name in command.off_guard)
                  for c in state.characters.values()]
    combatants += [Combatant(n.name, n.physical, False, n.talent_bonus or command.talents.get(
        n.name, 0), n.name in command.surprise, n.name in command.off_guard) for n in command.npcs]
    check_combatants(combatants)
    entries = tuple(InitiativeEntry(name=c.name, physical=c.physical, is_pc=c.is_pc,
                                    talent_bonus=c.talent_bonus, surprise=c.surprise,
                                    off_guard=c.off_guard, dice=(source.roll(6), source.roll(6)))
                    for c in combatants)
    return InitiativeRolled(entries=entries)


# ---- evolve -----------------------------------------------------------------------------------
def evolve(state: ChronicleState, event: Event) -> ChronicleState:
    """Fold one event into the state (pure)."""
    match event:
        case CharacterAdded(character=c):
            return state.model_copy(update={
                "characters": {**state.characters, c.name: c},
                "status": {**state.status, c.name: PcStatus()}})
        case SessionStarted():
            return state.model_copy(update={"session": state.session + 1, "in_scene": False,
                                            "confrontation": None, "round": 0})
        case SceneStarted(after_night=night):
            state = state.model_copy(update={
                "scene": state.scene + 1, "in_scene": True, "scene_after_night": night,
                "confrontation": None, "round": 0, "clues": 0})
            return _mark_spent(state, state.status, "night_since_spent") if night else state
        case Recollected(pc=pc):
            return _mark_spent(state, (pc,), "recollected_since_spent")
        case TalismanRecharged(pc=pc):
            return state.with_pc(pc, talisman_spent_in=None, night_since_spent=False,
                                 recollected_since_spent=False)
        case FaithTaught(pc=pc, teacher=teacher):
            return state.with_pc(pc, taught_by=teacher)
        case ConfrontationBegan(creature=creature, confirmed=confirmed):
            return _begin(state, creature, confirmed)
        case ConfrontationEnded():
            return _end(state)
        case Rolled(pc=pc, roll=data, purpose=purpose, peril=peril):
            number = state.confrontation.number if state.confrontation else None
            return state.with_pc(pc, last_roll=LastRoll(
                roll=data, purpose=purpose, peril=peril, scene=state.scene, confrontation=number))
        case TalismanInvoked(pc=pc) | TalismanCracked(pc=pc):
            cracked = isinstance(event, TalismanCracked)
            last = state.status[pc].last_roll
            assert last is not None
            state = state.with_pc(pc, talisman_spent_in=state.scene, night_since_spent=False,
                                  recollected_since_spent=False, last_roll=last.model_copy(
                update={"talisman_invoked": True, "talisman_raised": not cracked}))
            return state.with_pc(pc, cracked=True, penalty="pending") if cracked else state
        case JokerUsed(pc=pc, roll=data):
            last = state.status[pc].last_roll
            assert last is not None
            return state.with_pc(pc, joker_used_in=state.session,
                                 last_roll=last.model_copy(update={"roll": data, "jokered": True}))
        case PenanceDone(pc=pc):
            return state.with_pc(pc, cracked=False, penalty="none")
        case InitiativeRolled(entries=entries):
            return state.model_copy(update={"initiative_scene": state.scene,
                                            "initiative": entries, "round": 1})
        case RoundStarted():
            return state.model_copy(update={"round": state.round + 1})
        case ClueGiven():
            return state.model_copy(update={"clues": state.clues + 1})
        case WoundInflicted(pc=pc, wound=wound, disadvantage=lasting):
            status = state.status[pc]
            return state.with_pc(pc, wounds=(*status.wounds, wound),
                                 needs_care=status.needs_care or lasting)
        case MedicalCareGiven(pc=pc):
            return state.with_pc(pc, needs_care=False)
        case SacredObjectEstablished(pc=pc, sacred_object=item):
            character = state.characters[pc]
            character = character.model_copy(
                update={"sacred_objects": (*character.sacred_objects, item)})
            return state.model_copy(update={"characters": {**state.characters, pc: character}})
    raise AssertionError(event)  # pragma: no cover


def _mark_spent(state: ChronicleState, names: Iterable[str], flag: str) -> ChronicleState:
    """Record one recharge condition for every named PC whose Talisman is spent."""
    for name in names:
        if state.status[name].talisman_spent_in is not None:
            state = state.with_pc(name, **{flag: True})
    return state


def _begin(state: ChronicleState, creature: CreatureKind, confirmed: bool) -> ChronicleState:
    fight = Confrontation(number=state.confrontations + 1, creature=creature, confirmed=confirmed)
    state = state.model_copy(update={"confrontations": fight.number, "confrontation": fight})
    if fight.supernatural:
        for name, status in state.status.items():
            if status.penalty == "pending":
                state = state.with_pc(name, penalty="active")
    return state


def _end(state: ChronicleState) -> ChronicleState:
    after: Penalty = "pending" if state.options.cracked_disadvantage_until_penance else "none"
    for name, status in state.status.items():
        if status.penalty == "active":
            state = state.with_pc(name, penalty=after)
    return state.model_copy(update={"confrontation": None})


def replay(events: Iterable[Event], options: TableOptions | None = None) -> ChronicleState:
    """Fold a log of events from an empty chronicle."""
    state = ChronicleState(options=options or TableOptions())
    for event in events:
        state = evolve(state, event)
    return state


class Log(_Frozen):
    """The truth of a chronicle: its options and each command's events, oldest first."""

    options: TableOptions = Field(default_factory=TableOptions)
    batches: tuple[tuple[Event, ...], ...] = ()

    def state(self) -> ChronicleState:
        """The state, folded from the log."""
        return replay((e for batch in self.batches for e in batch), self.options)

    def apply(self, command: Command, source: DiceSource) -> tuple[Log, list[Event]]:
        """Decide ``command`` and append its events as one undoable batch."""
        events = decide(self.state(), command, source)
        return self.model_copy(update={"batches": (*self.batches, tuple(events))}), events

    def undo(self) -> tuple[Log, Sequence[Event]]:
        """Pop the last command's events.

        Raises:
            IllegalActionError: when there is nothing to undo.
        """
        if not self.batches:
            raise _illegal("undo.empty", N_("Nothing to undo."))
        return self.model_copy(update={"batches": self.batches[:-1]}), self.batches[-1]
