"""Warzone powers as the engine drives them: a squad's turns, each model's activations and powers.

The setup is ``{"figures": [{...}, ...], "options": {...}}`` (the models with their powers, and the
table options). Files of one model keep loading: a format 1 session file's setup ``{"figure": {...}}``
is a squad of that model (its events, without a model's name, are that model's), and state files
written before the engine (``{"figure", "options", "log": [[event, ...], ...]}``) are migrated on load
by :func:`migrate`.
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError, model_validator

from meneur.engine.codec import Codec
from meneur.engine.problems import explain
from meneur.engine.system import System
from meneur.i18n import N_, Message
from meneur.systems.warzone import commands as c
from meneur.systems.warzone import events as e
from meneur.systems.warzone.commands import Command as Command
from meneur.systems.warzone.events import Event as Event
from meneur.systems.warzone.model import Figure, Frozen, ModelProblemError, PowerKind, TableOptions
from meneur.systems.warzone.narration import describe as describe_event
from meneur.systems.warzone.squad import SquadState, decide, evolve, legal, squad_state

FORMAT = 2
"""2: a squad of models (``figures``); 1: one model (``figure``), still read."""

CODEC: Codec[c.Command, e.Event] = Codec(
    {
        "activate": c.StartActivation,
        "declare": c.DeclareTechniques,
        "technique": c.TestTechnique,
        "spell": c.CastSpell,
        "act": c.SpendAction,
        "end_activation": c.EndActivation,
        "end_turn": c.EndTurn,
        "wake": c.TestWakeUp,
        "help_up": c.HelpUp,
        "panic": c.SetPanicked,
    },
    {
        "activation_started": e.ActivationStarted,
        "techniques_declared": e.TechniquesDeclared,
        "power_tested": e.PowerTested,
        "violence_rolled": e.ViolenceRolled,
        "leadership_tested": e.LeadershipTested,
        "wound_suffered": e.WoundSuffered,
        "action_spent": e.ActionSpent,
        "activation_ended": e.ActivationEnded,
        "turn_ended": e.TurnEnded,
        "woke_up": e.WokeUp,
        "wake_up_failed": e.WakeUpFailed,
        "panic_changed": e.PanicChanged,
    },
)


class Setup(Frozen):
    """What a game starts with: the squad's models (with their powers), the opponents' models (the
    other side, which the game master plays: their Moc, DW, actions and powers) and the table
    options; ``figure`` is the one model of a format 1 file."""

    figures: tuple[Figure, ...] = ()
    figure: Figure | None = None
    opponents: tuple[Figure, ...] = ()
    options: TableOptions = TableOptions()

    @model_validator(mode="after")
    def _one_squad(self) -> Setup:
        if (self.figure is None) == (not self.figures):
            raise ModelProblemError(N_("give the squad's models in 'figures' (a list of at least one)"))
        return self

    @property
    def squad(self) -> tuple[Figure, ...]:
        """The models, in order."""
        return self.figures or ((self.figure,) if self.figure is not None else ())


def start(setup: Any) -> SquadState:
    """The squad before the first activation of turn 1.

    Raises:
        BadInputError: naming every field of the setup that is wrong, or two models named alike.
    """
    try:
        read = Setup.model_validate(setup)
    except ValidationError as error:
        raise explain(error, "setup") from None
    return squad_state(read.squad, read.options, read.opponents)


def state_from_json(data: Any) -> SquadState:
    """A state from its snapshot."""
    try:
        return SquadState.model_validate(data)
    except ValidationError as error:
        raise explain(error, "state") from None


def describe(state: SquadState, event: e.Event) -> Message:
    """The log's line for one event, naming the model it happened to (who rolled, what for, the
    dice against the threshold, the outcome and what it costs or does)."""
    line = describe_event(event)
    name = getattr(event, "model", None)
    if isinstance(event, Frozen) and not isinstance(event, e.TurnEnded):
        return Message(D, N_("{model}: {line}"), {"model": name or state.first, "line": line})
    return line


def _old_command(first: dict[str, Any]) -> Any:
    """The command that gave a batch of events, read from its first event (``None``: unknown)."""
    kind = first.get("type")
    if kind == "power_tested":
        return (
            "technique"
            if first.get("kind") == PowerKind.TECHNIQUE
            else {"spell": {"name": first.get("name")}}
        )
    simple = {
        "activation_started": "activate",
        "turn_ended": "end_turn",
        "leadership_tested": "wake",
        "activation_ended": "end_activation",
        "woke_up": "help_up",
    }
    if kind == "techniques_declared":
        return {"declare": {"names": first.get("names", [])}}
    if kind == "action_spent":
        return {"act": {"concentrate": bool(first.get("concentrate"))}}
    if kind == "panic_changed":
        return {"panic": {"panicked": bool(first.get("panicked"))}}
    return simple.get(str(kind))


def migrate(data: Any) -> Any:
    """A session file from a state file written before the engine (``figure``, ``options``, ``log``)."""
    if not isinstance(data, dict) or "meneur" in data or "figure" not in data:
        return data
    batches = data.get("log", [])
    log = []
    for batch in batches if isinstance(batches, list) else []:
        events = [e for e in batch if isinstance(e, dict)] if isinstance(batch, list) else []
        wire = [{str(event.get("type")): {k: v for k, v in event.items() if k != "type"}} for event in events]
        log.append({"command": _old_command(events[0]) if events else None, "events": wire})
    setup = {"figure": data["figure"], "options": data.get("options") or {}}
    return {"meneur": "warzone", "format": FORMAT, "setup": setup, "log": log, "undone": []}


D = "warzone"

SYSTEM: System[SquadState, c.Command, e.Event] = System(
    key="warzone",
    domain="warzone",
    codec=CODEC,
    start=start,
    decide=decide,
    evolve=evolve,
    legal=legal,
    state_json=lambda state: state.model_dump(mode="json"),
    state_from_json=state_from_json,
    format=FORMAT,
    describe=describe,
    rolled=e.rolled,
    migrate=migrate,
)
