"""The chronicle's rules in motion: ``decide`` a command into events, ``evolve`` the state by one.

Conventions: pure functions over the immutable :class:`~.state.ChronicleState`; :func:`decide`
first runs the command's predicate (:func:`.limits.check`, the same one ``legal`` uses), then draws
dice from the injected source and writes every die in the events; :func:`evolve` folds one event,
so a session keeps its state and folds only what is new.

Rule text: ``003_87a535c5e428c5d3.txt`` (« La règle du Talisman de Foi », « Recharger le
Talisman », « Coût narratif », « Limites », « Joker du destin », « Initiative et tour de combat »).
"""

from __future__ import annotations

from collections.abc import Iterable

from meneur.dice.source import DiceSource
from meneur.systems.carpathes.attacks import attack_terms
from meneur.systems.carpathes.combat import Wound, attack
from meneur.systems.carpathes.commands import (
    AddCharacter,
    AddNpc,
    BeginConfrontation,
    Command,
    DoPenance,
    EndConfrontation,
    EstablishSacredObject,
    GiveClue,
    GiveMedicalCare,
    InflictWound,
    InvokeTalisman,
    MakeAttack,
    MakeRoll,
    NextRound,
    Recollect,
    RollInitiative,
    StartScene,
    StartSession,
    Teach,
    UseJoker,
)
from meneur.systems.carpathes.events import (
    AttackMade,
    CharacterAdded,
    ClueGiven,
    ConfrontationBegan,
    ConfrontationEnded,
    Event,
    FaithTaught,
    InitiativeEntry,
    InitiativeRolled,
    JokerUsed,
    MedicalCareGiven,
    NpcAdded,
    PenanceDone,
    Recollected,
    RollData,
    Rolled,
    RoundStarted,
    SacredObjectEstablished,
    SceneStarted,
    SessionStarted,
    TalismanCracked,
    TalismanInvoked,
    TalismanRecharged,
    WoundInflicted,
)
from meneur.systems.carpathes.limits import can_recharge, check, combatants
from meneur.systems.carpathes.model import CreatureKind, RollMode
from meneur.systems.carpathes.names import with_known_names
from meneur.systems.carpathes.resolution import mode_from, reroll, roll
from meneur.systems.carpathes.state import (
    ChronicleState,
    Confrontation,
    LastRoll,
    NpcStatus,
    PcStatus,
    Penalty,
)

__all__ = ["ChronicleState", "can_recharge", "decide", "evolve", "roll_mode"]


# ---- decide -----------------------------------------------------------------------------------
def decide(state: ChronicleState, command: Command, source: DiceSource) -> list[Event]:
    """The events a command produces (dice drawn from ``source``).

    Raises:
        Refused: when the rules forbid the command now (naming the rule).
        BadInputError: for unknown names or malformed values.
    """
    command = with_known_names(state, command)
    check(state, command)
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
            return [
                TalismanInvoked(pc=pc, sacred_object=item)
                if sincere
                else TalismanCracked(
                    pc=pc, sacred_object=item, until_penance=state.options.cracked_disadvantage_until_penance
                )
            ]
        case UseJoker(pc=pc):
            last = state.status[pc].last_roll
            assert last is not None  # checked by check_joker
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
        case InflictWound(target=target, wound=wound):
            return [_wound(state, target, wound)]
        case AddNpc(npc=npc):
            return [NpcAdded(npc=npc)]
        case MakeAttack():
            return _attack(state, command, source)
        case GiveMedicalCare(pc=pc):
            return [MedicalCareGiven(pc=pc)]
    raise AssertionError(command)  # pragma: no cover - the match is exhaustive


def _wound(state: ChronicleState, name: str, wound: Wound, count: int = 1) -> WoundInflicted:
    # « Marge 5 à 9 : blessure sérieuse, désavantage à la cible jusqu'à soin médical »
    lasting = wound is Wound.SERIOUS or (
        wound is Wound.CRITICAL and state.options.critical_wound_disadvantage
    )
    return WoundInflicted(pc=name, wound=wound, disadvantage=lasting, count=count)


def _attack(state: ChronicleState, command: MakeAttack, source: DiceSource) -> list[Event]:
    """« 2D6 + Physique + bonus d'arme contre la Défense de la cible », the wound recorded on the
    target (PC or NPC); the terms are :func:`.attacks.attack_terms`, the odds shown before rolling too."""
    terms = attack_terms(state, command)
    result = attack(
        source,
        terms.physical,
        terms.defense,
        weapon_bonus=terms.weapon_bonus,
        weapon=command.weapon,
        target=terms.target,
        identified=command.identified,
        sleeping=command.sleeping,
        mode=terms.mode,
        options=state.options,
    )
    made = AttackMade(
        attacker=command.attacker,
        target=command.target,
        target_kind=terms.target,
        roll=RollData.from_roll(result.roll),
        weapon=command.weapon,
        weapon_bonus=command.weapon_bonus,
        defense=result.defense,
        steps=result.steps,
        step_rule=state.options.damage_step,
        wounds=result.wounds,
        sleeping=command.sleeping,
        wounded=terms.wounded,
        shaken_faith=terms.shaken,
        modes_cancelled=terms.cancelled,
    )
    if not result.hit:
        return [made]
    return [made, _wound(state, command.target, result.wound, result.wounds)]


def _recharges(state: ChronicleState, names: Iterable[str] | None = None) -> list[Event]:
    return [
        TalismanRecharged(pc=pc)
        for pc in (state.status if names is None else names)
        if can_recharge(state, pc)
    ]


def _conditions(state: ChronicleState, command: MakeRoll) -> tuple[RollMode, bool, bool]:
    """The mode of a roll, whether shaken faith imposes disadvantage, and whether advantage and
    disadvantage cancelled out."""
    shaken = state.has_shaken_faith_disadvantage(command.pc) and command.purpose in ("protection", "attack")
    # « Avantage (3D6 garder les 2 meilleurs) si métier ou hobby est pertinent »
    advantage = command.advantage or command.background is not None
    # « Marge 5 à 9 : blessure sérieuse, désavantage à la cible jusqu'à soin médical »
    disadvantage = command.disadvantage or shaken or state.status[command.pc].needs_care
    mode = mode_from(advantage, disadvantage, state.options)
    return mode, shaken, advantage and disadvantage and mode is RollMode.NORMAL


def roll_mode(state: ChronicleState, command: MakeRoll | UseJoker | MakeAttack) -> RollMode:
    """The mode a roll or a Joker's reroll will use now (how many dice to enter), before rolling.

    Raises:
        Refused: when the command would be refused.
        BadInputError: for unknown names.
    """
    check(state, command)
    if isinstance(command, UseJoker):
        last = state.status[command.pc].last_roll
        assert last is not None  # checked by check_joker
        return last.roll.mode
    if isinstance(command, MakeAttack):
        return attack_terms(state, command).mode
    return _conditions(state, command)[0]


def roll_bonus(state: ChronicleState, command: MakeRoll) -> tuple[int, bool]:
    """The talent bonus a roll gets, and whether the PC is caught off guard and so loses it:
    « Un PJ pris au dépourvu ... joue en dernier au premier round, sans bonus de talent »
    (003_87a535c5e428c5d3.txt). The chronicle and the odds shown before rolling both ask here."""
    off_guard = state.is_off_guard(command.pc) and command.talent is not None
    return (0 if off_guard else state.characters[command.pc].talent_bonus(command.talent)), off_guard


def _roll(state: ChronicleState, command: MakeRoll, source: DiceSource) -> Rolled:
    character = state.characters[command.pc]
    mode, shaken, cancelled = _conditions(state, command)
    bonus, off_guard = roll_bonus(state, command)
    result = roll(source, character.trait(command.trait), bonus, mode)
    return Rolled(
        pc=command.pc,
        roll=RollData.from_roll(result),
        purpose=command.purpose,
        peril=command.peril,
        shaken_faith=shaken,
        off_guard=off_guard,
        modes_cancelled=cancelled,
        wounded=state.status[command.pc].needs_care,
        trait=command.trait,
    )


def _initiative(state: ChronicleState, command: RollInitiative, source: DiceSource) -> InitiativeRolled:
    entries = tuple(
        InitiativeEntry(
            name=c.name,
            physical=c.physical,
            is_pc=c.is_pc,
            talent_bonus=c.talent_bonus,
            surprise=c.surprise,
            off_guard=c.off_guard,
            disadvantage=c.disadvantage,
            dice=tuple(source.roll(6) for _ in range(c.dice_count)),
        )
        for c in combatants(state, command)
    )
    return InitiativeRolled(entries=entries)


# ---- evolve -----------------------------------------------------------------------------------
def evolve(state: ChronicleState, event: Event) -> ChronicleState:
    """Fold one event into the state (pure)."""
    match event:
        case CharacterAdded(character=c):
            return state.model_copy(
                update={
                    "characters": {**state.characters, c.name: c},
                    "status": {**state.status, c.name: PcStatus()},
                }
            )
        case SessionStarted():
            # A confrontation a new session closes ends as ``end-confrontation`` ends it (shaken faith).
            return _end(state).model_copy(
                update={"session": state.session + 1, "in_scene": False, "round": 0}
            )
        case SceneStarted(after_night=night):
            state = _end(state).model_copy(
                update={
                    "scene": state.scene + 1,
                    "in_scene": True,
                    "scene_after_night": night,
                    "confrontation": None,
                    "round": 0,
                    "acted": (),
                    "clues": 0,
                }
            )
            return _mark_spent(state, state.status, "night_since_spent") if night else state
        case Recollected(pc=pc):
            return _mark_spent(state, (pc,), "recollected_since_spent")
        case TalismanRecharged(pc=pc):
            return state.with_pc(
                pc, talisman_spent_in=None, night_since_spent=False, recollected_since_spent=False
            )
        case FaithTaught(pc=pc, teacher=teacher):
            return state.with_pc(pc, taught_by=teacher)
        case ConfrontationBegan(creature=creature, confirmed=confirmed):
            return _begin(state, creature, confirmed)
        case ConfrontationEnded():
            return _end(state)
        case Rolled(pc=pc, roll=data, purpose=purpose, peril=peril):
            number = state.confrontation.number if state.confrontation else None
            if purpose != "protection":  # a protection roll answers; it is nobody's turn
                state = _acted(state, pc)
            return state.with_pc(
                pc,
                last_roll=LastRoll(
                    roll=data, purpose=purpose, peril=peril, scene=state.scene, confrontation=number
                ),
            )
        case TalismanInvoked(pc=pc) | TalismanCracked(pc=pc):
            cracked = isinstance(event, TalismanCracked)
            last = state.status[pc].last_roll
            assert last is not None
            state = state.with_pc(
                pc,
                talisman_spent_in=state.scene,
                night_since_spent=False,
                recollected_since_spent=False,
                last_roll=last.model_copy(update={"talisman_invoked": True, "talisman_raised": not cracked}),
            )
            return state.with_pc(pc, cracked=True, penalty="pending") if cracked else state
        case JokerUsed(pc=pc, roll=data):
            last = state.status[pc].last_roll
            assert last is not None
            return state.with_pc(
                pc,
                joker_used_in=state.session,
                last_roll=last.model_copy(update={"roll": data, "jokered": True}),
            )
        case PenanceDone(pc=pc):
            return state.with_pc(pc, cracked=False, penalty="none")
        case InitiativeRolled(entries=entries):
            return state.model_copy(
                update={"initiative_scene": state.scene, "initiative": entries, "round": 1, "acted": ()}
            )
        case RoundStarted():
            return state.model_copy(update={"round": state.round + 1, "acted": ()})
        case ClueGiven():
            return state.model_copy(update={"clues": state.clues + 1})
        case WoundInflicted() | MedicalCareGiven():
            return _wounds(state, event)
        case NpcAdded(npc=npc):
            return state.model_copy(
                update={
                    "npcs": {**state.npcs, npc.name: npc},
                    "npc_status": {**state.npc_status, npc.name: NpcStatus()},
                }
            )
        case AttackMade(attacker=attacker):
            return _acted(state, attacker)
        case SacredObjectEstablished(pc=pc, sacred_object=item):
            character = state.characters[pc]
            character = character.model_copy(update={"sacred_objects": (*character.sacred_objects, item)})
            return state.model_copy(update={"characters": {**state.characters, pc: character}})
    raise AssertionError(event)  # pragma: no cover


def _acted(state: ChronicleState, name: str) -> ChronicleState:
    """``name`` has acted in this round of the scene's initiative (nothing outside a round)."""
    in_round = state.initiative_scene == state.scene and state.round >= 1 and state.in_scene
    if not in_round or name in state.acted or all(e.name != name for e in state.initiative):
        return state
    return state.model_copy(update={"acted": (*state.acted, name)})


def _wounds(state: ChronicleState, event: WoundInflicted | MedicalCareGiven) -> ChronicleState:
    """Record a wound (``count`` times: silver) or medical care on a PC or an NPC."""
    name = event.pc
    status: PcStatus | NpcStatus = state.npc_status[name] if name in state.npc_status else state.status[name]
    if isinstance(event, MedicalCareGiven):
        changes: dict[str, object] = {"needs_care": False}
    else:
        changes = {
            "wounds": (*status.wounds, *(event.wound,) * event.count),
            "needs_care": status.needs_care or event.disadvantage,
        }
    return state.with_npc(name, **changes) if name in state.npc_status else state.with_pc(name, **changes)


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
