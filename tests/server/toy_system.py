"""A small system for the server's tests: fighters hit each other until one falls.

It is registered as ``toy-fight`` by the tests (a table of system ``toy``); it follows the kernel's
protocol exactly (pure ``decide``/``evolve``, dice from the source, ``legal`` from the same checks)
so the server is tested against the engine's shape, not against one game.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from meneur.dice.source import DiceSource
from meneur.engine import registry
from meneur.engine.codec import Codec
from meneur.engine.plugin import Game, SessionKind
from meneur.engine.projection import Projection, Viewer
from meneur.engine.registry import SYSTEMS
from meneur.engine.system import Legal, System
from meneur.errors import BadInputError, Refused
from meneur.i18n import Message


@dataclass(frozen=True)
class Attack:
    actor: str
    target: str


@dataclass(frozen=True)
class Rest:
    pass


@dataclass(frozen=True)
class Hit:
    actor: str
    target: str
    damage: int


@dataclass(frozen=True)
class Rested:
    pass


@dataclass(frozen=True)
class Fighter:
    name: str
    vigueur: int
    npc: bool = False


@dataclass(frozen=True)
class State:
    fighters: tuple[Fighter, ...]
    rounds: int = 0


def start(setup: Any) -> State:
    if not isinstance(setup, dict) or not isinstance(setup.get("fighters"), list) or not setup["fighters"]:
        raise BadInputError(Message("core", "setup: fighters must be a non-empty list"))
    fighters = []
    for item in setup["fighters"]:
        if (
            not isinstance(item, dict)
            or not isinstance(item.get("name"), str)
            or not isinstance(item.get("vigueur"), int)
            or isinstance(item.get("vigueur"), bool)
        ):
            raise BadInputError(Message("core", "setup: each fighter needs a name and a whole vigueur"))
        fighters.append(Fighter(item["name"], item["vigueur"], bool(item.get("npc", False))))
    return State(tuple(fighters))


def _find(state: State, name: str) -> Fighter:
    for fighter in state.fighters:
        if fighter.name == name:
            return fighter
    raise BadInputError(Message("core", "no fighter named {name}", {"name": name}))


def _refusal(state: State, command: Attack) -> Refused | None:
    if _find(state, command.actor).vigueur <= 0:
        return Refused(Message("core", "{name} is out of the fight", {"name": command.actor}), rule="toy.out")
    if _find(state, command.target).vigueur <= 0:
        return Refused(Message("core", "{name} is already down", {"name": command.target}), rule="toy.down")
    return None


def decide(state: State, command: Any, dice: DiceSource) -> list[Any]:
    if isinstance(command, Rest):
        return [Rested()]
    refusal = _refusal(state, command)
    if refusal is not None:
        raise refusal
    return [Hit(command.actor, command.target, dice.roll(6))]


def evolve(state: State, event: Any) -> State:
    if isinstance(event, Rested):
        return replace(state, rounds=state.rounds + 1)
    fighters = tuple(
        replace(f, vigueur=f.vigueur - event.damage) if f.name == event.target else f for f in state.fighters
    )
    return replace(state, fighters=fighters)


def legal(state: State, include_refused: bool) -> list[Legal[Any]]:
    found: list[Legal[Any]] = [Legal(None, "rest", Rest())]
    for actor in state.fighters:
        for target in state.fighters:
            if actor.name == target.name:
                continue
            command = Attack(actor.name, target.name)
            refusal = _refusal(state, command)
            if refusal is None:
                found.append(Legal(actor.name, "attack", command))
            elif include_refused:
                found.append(Legal(actor.name, "attack", command, rule=refusal.rule, reason=refusal.message))
    return found


def state_json(state: State) -> Any:
    return {
        "rounds": state.rounds,
        "fighters": [{"name": f.name, "vigueur": f.vigueur, "npc": f.npc} for f in state.fighters],
    }


def state_from_json(data: Any) -> State:
    return replace(start({"fighters": data["fighters"]}), rounds=data["rounds"])


SYSTEM: System[State, Any, Any] = System(
    key="toy-fight",
    domain="core",
    codec=Codec({"attack": Attack, "rest": Rest}, {"hit": Hit, "rested": Rested}),
    start=start,
    decide=decide,
    evolve=evolve,
    legal=legal,
    state_json=state_json,
    state_from_json=state_from_json,
)


def hide_npc_vigueur(state: Any, viewer: Viewer, options: Any) -> Any:
    """Players see an NPC's Vigueur only if the table shows it (option ``npc_vigueur``)."""
    shown = options.get("npc_vigueur", "hidden")
    if shown == "shown":
        return state
    fighters = [dict(f) if not f["npc"] else {**f, "vigueur": None} for f in state["fighters"]]
    return {**state, "fighters": fighters}


TOY = Game(
    key="toy",
    name="Toy",
    summary=Message("server", "Fighters hit each other until one falls."),
    domain="server",
    kinds=(
        SessionKind(
            key="toy-fight",
            title=Message("server", "Toy fight"),
            rules=__name__,
            projection=f"{__name__}:PROJECTION",
        ),
    ),
    options="meneur.systems.energy.options:ShownOptions",
)
"""The toy game: one kind of session, and one table option (how an NPC's Vigueur shows)."""


PROJECTION = Projection(state=hide_npc_vigueur)
"""Players see the toy's state through :func:`hide_npc_vigueur`."""


def register() -> None:
    registry.register(TOY)
    SYSTEMS["toy-fight"] = __name__
