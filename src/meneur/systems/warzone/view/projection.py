"""A Warzone battle as a player or an observer sees it: its :data:`PROJECTION`.

The squad's sheets lie open on the table. The opponents are the game master's: a player sees each
opponent's state as the table sees its model (its turn, its actions left, its wounds, knocked down
or panicked), never its sheet (its Moc, its DW, its powers: « Model musi wykupić możliwość
wykorzystania danej Mocy (warunki wykupienia dostępu do Mocy są opisane w liście armii) », the
opponent's army list is the GM's). What the game master gives whatever model it names
(:data:`meneur.systems.warzone.squad.GM_COMMANDS`: whether a model is « Spanikowany ») is refused
to a player before anything is decided. This only hides and refuses: no rule is decided here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meneur.engine.projection import Projection, Viewer
from meneur.errors import Refused
from meneur.i18n import N_, Message
from meneur.systems.warzone.squad import GM_COMMANDS

HIDDEN_SHEET = {"power": 0, "leadership": 0, "actions": 0, "powers": []}
"""What stands for an opponent's sheet on a player's screen (its name stays)."""


def _hidden(model: Any) -> Any:
    if not isinstance(model, dict) or not isinstance(model.get("figure"), dict):
        return model
    figure = model["figure"]
    return {**model, "figure": {"name": figure.get("name", ""), **HIDDEN_SHEET}}


def state(data: Any, viewer: Viewer, options: Mapping[str, Any]) -> Any:
    """The state's JSON with every opponent's sheet hidden (its state kept)."""
    if not isinstance(data, dict) or not isinstance(data.get("models"), dict):
        return data
    opponents = set(data.get("opponents") or ())
    models = {name: _hidden(m) if name in opponents else m for name, m in data["models"].items()}
    return {**data, "models": models}


def engine(found: Any, viewer: Viewer, options: Mapping[str, Any]) -> Any:
    """The engine's state with every opponent's sheet hidden."""
    opponents = getattr(found, "opponents", ())
    if not opponents:
        return found
    models = dict(found.models)
    for name in opponents:
        figure = models[name].figure
        sheet = figure.model_copy(update={**HIDDEN_SHEET, "powers": ()})
        models[name] = models[name].model_copy(update={"figure": sheet})
    return found.model_copy(update={"models": models})


def read_command(session: Any, wire: Any, viewer: Viewer, options: Mapping[str, Any]) -> Any:
    """A player's command read by the engine, refused when the rules give it to the game master.

    Raises:
        Refused: a command of the game master's (« panique »), whatever model it names.
        BadInputError: the command is malformed or names nothing real.
    """
    codec = session.system.codec
    typed = codec.command_from_json(wire)
    if codec.command_name(typed) in GM_COMMANDS:
        raise Refused(
            Message("web", N_("Only the game master says whether a model is panicked.")),
            rule="gm_command",
        )
    return typed


PROJECTION = Projection(state=state, engine=engine, reader=read_command)
"""What the server applies for a viewer who is not the GM (:attr:`meneur.engine.plugin.SessionKind.projection`)."""
