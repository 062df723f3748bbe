"""The limits of a chronicle: one named predicate per command, used by ``decide`` and ``legal``.

Conventions: :func:`check` raises :class:`~meneur.errors.Refused` with a stable rule key (the rules
say no now) or :class:`~meneur.errors.BadInputError` (a name that does not exist, a malformed
value); ``decide`` calls it before anything happens and ``legal`` calls it on each candidate, so
legality is decided once. Rule text: ``003_87a535c5e428c5d3.txt`` (« La règle du Talisman de
Foi », « Recharger le Talisman », « Coût narratif », « Limites », « Joker du destin »,
« Initiative et tour de combat », « Conseils MJ »).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from meneur.errors import BadInputError, Refused
from meneur.i18n import N_, Message
from meneur.i18n.words import match
from meneur.systems.carpathes.combat import Wound
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
from meneur.systems.carpathes.initiative import Combatant, check_combatants
from meneur.systems.carpathes.model import TIER_LABELS, Faith, Tier
from meneur.systems.carpathes.state import ChronicleState


def refused(rule: str, msgid: str, **params: object) -> Refused:
    """A refusal naming ``rule`` (a stable key) and saying why."""
    return Refused(Message("carpathes", msgid, dict(params)), rule=rule)


def _bad(msgid: str, **params: object) -> BadInputError:
    return BadInputError(Message("carpathes", msgid, dict(params)))


def need_session(state: ChronicleState) -> None:
    """Scenes happen within a session (« séance »)."""
    if state.session == 0:
        raise refused("session.none", N_("No session is in progress: start a session first."))


def need_scene(state: ChronicleState) -> None:
    """Rolls, confrontations and the rest happen within a scene."""
    need_session(state)
    if not state.in_scene:
        raise refused("scene.none", N_("No scene is in progress: start a scene first."))


def _new_name(state: ChronicleState, name: str) -> None:
    if match(name, [*state.characters, *state.npcs]) is not None:  # « ioana » is « Ioana »
        raise _bad(N_("A character named '{name}' already exists; choose another name."), name=name)


def check_add_character(state: ChronicleState, command: AddCharacter) -> None:
    """Each character has a name of their own."""
    _new_name(state, command.character.name)


def check_add_npc(state: ChronicleState, command: AddNpc) -> None:
    """An NPC has a name no PC or NPC has."""
    _new_name(state, command.npc.name)


def check_attack(state: ChronicleState, command: MakeAttack) -> None:
    """« L'attaque se résout en jet opposé : 2D6 + Physique + bonus d'arme contre la Défense de la
    cible »: a PC or NPC of the chronicle attacks another, within a scene."""
    state.being(command.attacker)
    state.being(command.target)
    if command.attacker == command.target:
        raise _bad(N_("{name} cannot attack themselves; name another target."), name=command.attacker)
    need_scene(state)


def check_recollect(state: ChronicleState, command: Recollect) -> None:
    """A PC prays or meditates within a scene."""
    state.pc(command.pc)
    need_scene(state)


def check_penance(state: ChronicleState, command: DoPenance) -> None:
    """« une scène de pénitence sincère »: only a PC whose faith is shaken needs one."""
    state.pc(command.pc)
    need_scene(state)
    if not state.status[command.pc].cracked:
        raise refused(
            "penance.not_cracked", N_("{pc}'s faith is not shaken: no penance is needed."), pc=command.pc
        )


def check_teach(state: ChronicleState, command: Teach) -> None:
    """« sauf si un autre PJ croyant l'instruit en jeu »."""
    pc, teacher = command.pc, command.teacher
    state.pc(pc)
    state.pc(teacher)
    need_scene(state)
    if state.characters[pc].faith is not Faith.ATHEIST:
        raise refused("talisman.teach", N_("{pc} is not a declared atheist."), pc=pc)
    if teacher == pc or state.characters[teacher].faith is not Faith.BELIEVER:
        raise refused("talisman.teach", N_("Only another believing PC can instruct {pc}."), pc=pc)


def check_begin(state: ChronicleState, command: BeginConfrontation) -> None:
    """One confrontation at a time, within a scene."""
    need_scene(state)
    if state.confrontation is not None:
        raise refused("confrontation.open", N_("A confrontation is already in progress: end it first."))


def check_end(state: ChronicleState, command: EndConfrontation) -> None:
    """Only a confrontation in progress can end."""
    if state.confrontation is None:
        raise refused("confrontation.none", N_("No confrontation is in progress."))


def check_roll(state: ChronicleState, command: MakeRoll) -> None:
    """« Avantage ... si métier ou hobby est pertinent »: only one the sheet has."""
    pc, background = command.pc, command.background
    state.pc(pc)
    state.characters[pc].talent_bonus(command.talent)
    need_scene(state)
    if background is not None and not getattr(state.characters[pc], background):
        raise refused(
            "advantage.background",
            N_("{pc} has no {background} on their sheet: « Avantage ... si métier ou hobby est pertinent »."),
            pc=pc,
            background=Message("carpathes", N_("trade") if background == "trade" else N_("hobby")),
        )


def check_initiative(state: ChronicleState, command: RollInitiative) -> None:
    """« L'initiative se relance à chaque scène, pas à chaque round »."""
    need_scene(state)
    if state.initiative_scene == state.scene:
        raise refused(
            "initiative.once_per_scene",
            N_(
                "Initiative was already rolled in this scene: « L'initiative se relance à"
                " chaque scène, pas à chaque round »."
            ),
        )
    for name in (*command.surprise, *command.off_guard, *command.talents):
        if name not in state.characters and name not in {n.name for n in command.npcs}:
            raise _bad(N_("'{name}' is not a combatant of this initiative."), name=name)
    for npc in command.npcs:
        if npc.name in state.characters:
            raise _bad(N_("'{name}' is a PC: every PC already rolls initiative."), name=npc.name)
        if npc.physical is None and npc.name not in state.npcs:
            raise _bad(
                N_("No NPC named '{name}' in the chronicle: give its Physique (NAME:PHYSIQUE)."),
                name=npc.name,
            )
    check_combatants(combatants(state, command))


def combatants(state: ChronicleState, command: RollInitiative) -> list[Combatant]:
    """Every PC, then the NPCs, with their surprise, off-guard and talent bonus; a PC's talent bonus
    is its sheet's initiative talent unless the command gives one; an NPC of the chronicle brings its
    Physique and bonus. A serious wound awaiting care gives disadvantage (« désavantage à la cible
    jusqu'à soin médical »), initiative included."""
    found = [
        Combatant(
            c.name,
            c.physical,
            True,
            command.talents.get(c.name, c.initiative_bonus),
            c.name in command.surprise,
            c.name in command.off_guard,
            state.wounded(c.name),
        )
        for c in state.characters.values()
    ]
    for n in command.npcs:
        sheet = state.npcs.get(n.name)
        physical = n.physical if n.physical is not None else sheet.physical if sheet else 0
        bonus = n.talent_bonus or command.talents.get(n.name, sheet.initiative_bonus if sheet else 0)
        found.append(
            Combatant(
                n.name,
                physical,
                False,
                bonus,
                n.name in command.surprise,
                n.name in command.off_guard,
                state.wounded(n.name),
            )
        )
    return found


def check_round(state: ChronicleState, command: NextRound) -> None:
    """Rounds follow the scene's initiative."""
    need_scene(state)
    if state.initiative_scene != state.scene:
        raise refused(
            "round.no_initiative",
            N_("No initiative has been rolled in this scene: roll it before the rounds."),
        )


def check_establish(state: ChronicleState, command: EstablishSacredObject) -> None:
    """« Un PJ ne peut pas inventer en cours de scène qu'il portait une relique »: an object is
    established in the fiction outside a confrontation, never to save a roll already made."""
    pc, item = command.pc, command.sacred_object
    state.pc(pc)
    if not item.strip():
        raise _bad(N_("The sacred object has no name; name it, e.g. « médaillon béni »."))
    if state.characters[pc].has_sacred_object(item):
        raise _bad(N_("'{item}' is already established as sacred for {pc}."), item=item, pc=pc)
    if state.confrontation is not None:
        raise refused(
            "talisman.established_object",
            N_(
                "A sacred object cannot be established during a confrontation: a PC cannot invent"
                " mid-scene that they carried a relic."
            ),
        )


def check_wound(state: ChronicleState, command: InflictWound) -> None:
    """A wound is read from a margin of at least 1; PCs and NPCs of the chronicle keep theirs."""
    state.being(command.target)
    need_scene(state)
    if command.wound is Wound.NONE:
        raise _bad(N_("A margin of 0 or less inflicts no wound; give light, serious or critical."))


def check_care(state: ChronicleState, command: GiveMedicalCare) -> None:
    """« désavantage à la cible jusqu'à soin médical »: care for a wound awaiting it."""
    state.being(command.pc)
    need_scene(state)
    if not state.wounded(command.pc):
        raise refused("care.none", N_("{pc} has no serious wound awaiting medical care."), pc=command.pc)


def check_clue(state: ChronicleState, command: GiveClue) -> None:
    """« Trois indices surnaturels par scène, pas plus »."""
    need_scene(state)
    limit = state.options.supernatural_clues_per_scene
    if limit is not None and state.clues >= limit:
        raise refused(
            "clue.per_scene",
            N_(
                "Already {count} supernatural clues in this scene: « Trois indices surnaturels"
                " par scène, pas plus. Trop de signes saturent la nuit »."
            ),
            count=state.clues,
        )


def talisman_charged(state: ChronicleState, pc: str) -> Refused | None:
    """Why ``pc`` cannot invoke the Talisman at all now (faith, crack, recharge), or ``None``."""
    status = state.status[pc]
    if not state.can_believe(pc):
        return refused(
            "talisman.atheist",
            N_(
                "{pc} is a declared atheist and cannot invoke the Talisman unless a believing PC"
                " instructs them in play."
            ),
            pc=pc,
        )
    if status.cracked:
        return refused(
            "talisman.cracked",
            N_("{pc}'s sacred object is cracked: only a scene of sincere penance restores the faith."),
            pc=pc,
        )
    if status.talisman_spent_in is not None:
        return refused(
            "talisman.recharge",
            N_(
                "{pc}'s Talisman is spent: it recharges in a new scene once a night has passed and the"
                " PC has been able to pray or meditate."
            ),
            pc=pc,
        )
    return None


def check_talisman(state: ChronicleState, command: InvokeTalisman) -> None:
    """« La règle du Talisman de Foi »: once, on a partial success in a confirmed supernatural
    confrontation, with an object established as sacred, never with the Joker."""
    pc = command.pc
    status = state.pc(pc)
    need_scene(state)
    spent = talisman_charged(state, pc)
    if spent is not None:
        raise spent
    if state.confrontation is None or not state.confrontation.supernatural:
        raise refused(
            "talisman.supernatural_only",
            N_(
                "The Talisman applies only to confirmed supernatural confrontations (vampire, undead,"
                " possessed, Carpathian creature)."
            ),
        )
    if not command.sacred_object.strip():
        raise _bad(N_("The sacred object has no name; name it, e.g. « médaillon béni »."))
    if state.options.require_established_object and not state.characters[pc].has_sacred_object(
        command.sacred_object
    ):
        raise refused(
            "talisman.established_object",
            N_(
                "'{item}' was never established as sacred in the fiction: a PC cannot invent a relic"
                " mid-scene."
            ),
            item=command.sacred_object,
        )
    last = status.last_roll
    if last is None or last.scene != state.scene or last.confrontation != state.confrontation.number:
        raise refused(
            "talisman.partial_success",
            N_("{pc} has no roll in this confrontation for the Talisman to act on."),
            pc=pc,
        )
    if last.jokered:
        raise refused(
            "talisman.not_with_joker",
            N_("The Joker was already used on this action: the Joker and the Talisman do not combine."),
        )
    if last.talisman_invoked or last.roll.to_roll().tier is not Tier.PARTIAL_SUCCESS:
        raise refused(
            "talisman.partial_success",
            N_("The Talisman turns a partial success (9-10) into a full success; this roll is a {tier}."),
            tier=Message("carpathes", TIER_LABELS[last.roll.to_roll().tier]),
        )


def joker_charged(state: ChronicleState, pc: str) -> Refused | None:
    """Why ``pc``'s Joker du destin is not available this session, or ``None``."""
    if state.status[pc].joker_used_in == state.session:
        return refused(
            "joker.once_per_session",
            N_("{pc} already used the Joker du destin this session; it recharges next session."),
            pc=pc,
        )
    return None


def check_joker(state: ChronicleState, command: UseJoker) -> None:
    """« Joker du destin »: once per session, a full reroll of a roll in direct peril, the second
    result kept, never with the Talisman."""
    pc = command.pc
    status = state.pc(pc)
    need_scene(state)
    spent = joker_charged(state, pc)
    if spent is not None:
        raise spent
    last = status.last_roll
    if last is None or last.scene != state.scene:
        raise refused("joker.no_roll", N_("{pc} has no roll in this scene to reroll."), pc=pc)
    if not last.peril:
        raise refused(
            "joker.peril", N_("The Joker rerolls only a roll that puts the character in direct peril.")
        )
    if last.jokered:
        raise refused(
            "joker.keep_second", N_("This roll was already rerolled: the second result must be kept.")
        )
    if last.talisman_invoked:
        raise refused(
            "joker.not_with_talisman",
            N_("The Talisman was already invoked on this action: the Joker and the Talisman do not combine."),
        )


def _no_limit(state: ChronicleState, command: Any) -> None:
    """A new session may start at any time."""


def _scene(state: ChronicleState, command: StartScene) -> None:
    need_session(state)


CHECKS: dict[type, Callable[[ChronicleState, Any], None]] = {
    AddCharacter: check_add_character,
    AddNpc: check_add_npc,
    MakeAttack: check_attack,
    StartSession: _no_limit,
    StartScene: _scene,
    Recollect: check_recollect,
    Teach: check_teach,
    BeginConfrontation: check_begin,
    EndConfrontation: check_end,
    MakeRoll: check_roll,
    InvokeTalisman: check_talisman,
    UseJoker: check_joker,
    DoPenance: check_penance,
    RollInitiative: check_initiative,
    NextRound: check_round,
    GiveClue: check_clue,
    EstablishSacredObject: check_establish,
    InflictWound: check_wound,
    GiveMedicalCare: check_care,
}
"""Command class -> the predicate that refuses it (raises) or lets it through."""


def check(state: ChronicleState, command: Command) -> None:
    """Raise when ``command`` may not be carried out now; return when it may.

    Raises:
        Refused: the rules forbid it now (naming the rule).
        BadInputError: it names something that does not exist or is malformed.
    """
    CHECKS[type(command)](state, command)


def can_recharge(state: ChronicleState, pc: str) -> bool:
    """« La capacité se recharge à chaque nouvelle scène où une nuit s'est écoulée et où le PJ a pu
    se recueillir : prière du soir ... Elle ne se recharge pas dans la même scène »: spent in an
    earlier scene, a night since then, and a recollection since then (before or after the night)."""
    status = state.status[pc]
    return (
        status.talisman_spent_in is not None
        and status.talisman_spent_in < state.scene
        and status.night_since_spent
        and status.recollected_since_spent
    )
