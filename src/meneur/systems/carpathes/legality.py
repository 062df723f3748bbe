"""What may be done now in a chronicle: the candidates, judged by the predicates ``decide`` uses.

Each candidate command is passed to :func:`.limits.check`: accepted, it is a legal entry; refused,
it is listed (on request) with the rule and the reason; a candidate that names nothing real is not
listed. Candidates that need words only the table can give (a new character, a newly established
sacred object) are not offered. A roll's entry says how many dice to enter (its ``mode`` and
``dice``); a PC's entries say whether the Talisman and the Joker are charged.
"""

from __future__ import annotations

from collections.abc import Iterator

from meneur.engine.system import Legal
from meneur.errors import BadInputError, Refused
from meneur.systems.carpathes.chronicle import roll_mode
from meneur.systems.carpathes.combat import Wound
from meneur.systems.carpathes.commands import (
    BeginConfrontation,
    Command,
    DoPenance,
    EndConfrontation,
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
from meneur.systems.carpathes.events import PURPOSES
from meneur.systems.carpathes.limits import check
from meneur.systems.carpathes.model import CreatureKind, Faith, Trait, is_supernatural
from meneur.systems.carpathes.resolution import dice_count
from meneur.systems.carpathes.state import ChronicleState


def _targets(state: ChronicleState, attacker: str) -> list[str]:
    """Whom ``attacker`` may attack, its foes first (a PC's are the NPCs, an NPC's the PCs), then
    the others but itself."""
    pcs, npcs = list(state.characters), list(state.npcs)
    foes, others = (npcs, pcs) if attacker in state.characters else (pcs, npcs)
    return [name for name in (*foes, *others) if name != attacker]


def _table_candidates(state: ChronicleState) -> Iterator[tuple[str | None, Command]]:
    yield None, StartSession()
    yield None, StartScene()
    yield None, StartScene(after_night=True)
    for kind in CreatureKind:
        yield None, BeginConfrontation(creature=kind)
        if is_supernatural(kind):
            yield None, BeginConfrontation(creature=kind, confirmed=False)
    yield None, EndConfrontation()
    yield None, RollInitiative()
    yield None, NextRound()
    yield None, GiveClue()
    for attacker in [*state.characters, *state.npcs]:
        for target in _targets(state, attacker):
            yield attacker, MakeAttack(attacker=attacker, target=target)
    for name in [*state.characters, *state.npcs]:  # a wound is the GM's, a PC's too
        for wound in (Wound.LIGHT, Wound.SERIOUS, Wound.CRITICAL):
            yield None, InflictWound(target=name, wound=wound)
    for npc in state.npcs:
        yield None, GiveMedicalCare(pc=npc)


def _pc_candidates(state: ChronicleState, pc: str) -> Iterator[Command]:
    for trait in Trait:
        for purpose in PURPOSES:
            yield MakeRoll(pc=pc, trait=trait, purpose=purpose, peril=purpose != "action")
    yield UseJoker(pc=pc)
    for item in state.characters[pc].sacred_objects or ("",):
        yield InvokeTalisman(pc=pc, sacred_object=item, sincere=True)
        yield InvokeTalisman(pc=pc, sacred_object=item, sincere=False)
    yield Recollect(pc=pc)
    yield DoPenance(pc=pc)
    if state.characters[pc].faith is Faith.ATHEIST:
        for teacher in state.characters:
            if teacher != pc:
                yield Teach(pc=pc, teacher=teacher)
    yield GiveMedicalCare(pc=pc)


def candidates(state: ChronicleState) -> Iterator[tuple[str | None, Command]]:
    """Every command worth asking about now, with who acts (``None``: the game master)."""
    yield from _table_candidates(state)
    for pc in state.characters:
        for command in _pc_candidates(state, pc):
            yield pc, command


def _details(state: ChronicleState, command: Command) -> dict[str, object]:
    if isinstance(command, MakeRoll | UseJoker | MakeAttack):
        mode = roll_mode(state, command)
        return {"mode": mode.value, "dice": dice_count(mode)}
    return {}


def legal(state: ChronicleState, include_refused: bool = False) -> list[Legal[Command]]:
    """The commands that may be given now (and, if asked, those refused, with rule and reason)."""
    entries: list[Legal[Command]] = []
    for actor, command in candidates(state):
        kind = str(type(command).model_fields["type"].default)
        try:
            check(state, command)
        except Refused as error:
            if include_refused:
                entries.append(Legal(actor, kind, command, rule=error.rule, reason=error.message))
            continue
        except BadInputError:
            continue
        entries.append(Legal(actor, kind, command, details=_details(state, command)))
    return entries
