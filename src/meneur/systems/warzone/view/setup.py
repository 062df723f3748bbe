"""The new-session form of a Warzone battle, in the book's words: the table's characters to pick
(the squad), the squad's models and the opponents typed by rows (``model-0-name``,
``model-0-power``..., ``opp-0-name``...), and the table's options for this battle, read into the
setup the advanced import takes (:class:`meneur.systems.warzone.engine.Setup`).

A model is its Moc (« Aby test się powiódł model musi wyrzucić na K20 wynik mniejszy bądź równy
jego zmodyfikowanej Mocy »), its DW (the violence table's « test DW »), its actions, and its powers,
one a line: its name, spell or technique (« Zaklęcie », « Technika »), its difficulty (« Trudność
Mocy ») and, for a spell, its actions (« Akcje »). Each number is checked against the bounds of
the rules' own model (:data:`~meneur.systems.warzone.model.MAX_STAT`...), and a mistake names its
row and field; the engine then checks the whole setup when the battle starts. A row whose name is
empty is left out.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from meneur.errors import BadInputError
from meneur.i18n import N_, Message
from meneur.systems.warzone.model import MAX_ACTIONS, MAX_DIFFICULTY, MAX_STAT, PowerKind, TableOptions

MODEL_ROWS, OPPONENT_ROWS, MAX_ROWS = 3, 2, 40
"""The empty rows the form starts with, and the most it shows."""

NUMBERS = (
    ("power", N_("Power (Moc)"), 0, MAX_STAT, "14"),
    ("leadership", N_("Leadership (DW)"), 0, MAX_STAT, "12"),
    ("actions", N_("Actions"), 0, MAX_ACTIONS, "3"),
)
"""Each number of a model's row: its field, its words, its bounds and the form's first value."""

OPTIONS = "options-shown"
"""The field that says the form carried the table's options (an unticked box sends nothing)."""


def count(form: Mapping[str, str], part: str, more: bool = False) -> int:
    """How many rows of ``part`` (``model`` or ``opp``) the form shows (``more``: one added)."""
    default = MODEL_ROWS if part == "model" else OPPONENT_ROWS
    try:
        found = int(form.get(f"{part}s", "") or default)
    except ValueError:
        found = default
    return max(1, min(MAX_ROWS, found + (1 if more else 0)))


def _where(part: str, row: int, field: str | Message) -> Message:
    msgid = N_("Model row {row}, {field}") if part == "model" else N_("Opponent row {row}, {field}")
    what = field if isinstance(field, Message) else Message("web", field)
    return Message("web", msgid, {"row": row + 1, "field": what})


def _whole(text: str, where: Message, low: int, high: int) -> int:
    try:
        value = int(text.strip())
    except ValueError:
        value = None
    if value is None or not low <= value <= high:
        raise BadInputError(
            Message(
                "web",
                N_("{what}: « {value} » is not a whole number from {low} to {high}."),
                {"what": where, "value": text.strip(), "low": low, "high": high},
            )
        )
    return value


def _power(line: str, where: Message) -> dict[str, Any]:
    """``Bolt, spell, 2, 2`` or ``Shield, technique, 1``: a power in the book's four words."""
    parts = [part.strip() for part in line.split(",")]
    kind = PowerKind._missing_(parts[1]) if len(parts) > 1 else None
    if len(parts) not in (3, 4) or not parts[0] or kind is None:
        raise BadInputError(
            Message(
                "web",
                N_(
                    "{what}: write each power on its line as its name, spell or technique, its difficulty"
                    " and, for a spell, its actions (« {line} »: Bolt, spell, 2, 2 or Shield, technique, 1)."
                ),
                {"what": where, "line": line.strip()},
            )
        )
    found: dict[str, Any] = {
        "name": parts[0],
        "kind": kind.value,
        "difficulty": _whole(parts[2], where, 0, MAX_DIFFICULTY),
    }
    if kind is PowerKind.SPELL:
        if len(parts) != 4:
            raise BadInputError(
                Message(
                    "web",
                    N_("{what}: the spell « {name} » needs its actions (Bolt, spell, 2, 2)."),
                    {"what": where, "name": parts[0]},
                )
            )
        found["actions"] = _whole(parts[3], where, 1, MAX_ACTIONS)
    elif len(parts) == 4:
        raise BadInputError(
            Message(
                "web",
                N_("{what}: the technique « {name} » costs no actions (Shield, technique, 1)."),
                {"what": where, "name": parts[0]},
            )
        )
    return found


def _model(form: Mapping[str, str], part: str, row: int) -> dict[str, Any]:
    def get(key: str) -> str:
        return form.get(f"{part}-{row}-{key}", "").strip()

    found: dict[str, Any] = {"name": get("name")}
    for key, word, low, high, _first in NUMBERS:
        found[key] = _whole(get(key), _where(part, row, word), low, high)
    where = _where(part, row, N_("Powers"))
    found["powers"] = [_power(line, where) for line in get("powers").splitlines() if line.strip()]
    return found


def _picked(form: Mapping[str, str]) -> list[dict[str, Any]]:
    """The table's characters ticked (each checkbox holds its character's file)."""
    found = []
    for key, value in sorted(form.items()):
        if not key.startswith("table-"):
            continue
        try:
            file = json.loads(value)
        except ValueError:
            file = None
        if not isinstance(file, dict):
            raise BadInputError(
                Message("web", N_("A character of the table could not be read; reload the page."))
            )
        found.append(file)
    return found


def options_of(form: Mapping[str, str]) -> dict[str, Any]:
    """The table's options as the form sets them for this battle (each box ticked or not, the
    modifier to get up a whole number); nothing when the form did not carry them."""
    if not form.get(OPTIONS):
        return {}
    found: dict[str, Any] = {}
    for key, field in TableOptions.model_fields.items():
        if field.annotation is bool:
            found[key] = bool(form.get(f"option-{key}"))
        else:
            where = Message("web", N_("Modifier of the leadership test to get up"))
            found[key] = _whole(form.get(f"option-{key}", str(field.default)), where, -20, 20)
    return found


def setup_of(form: Mapping[str, str]) -> dict[str, Any]:
    """The battle's setup from the form's fields: the table's characters ticked, then each model
    row and each opponent row with a name, and the options.

    Raises:
        BadInputError: a number that is not whole or out of the book's bounds, a power written
            otherwise than ``Bolt, spell, 2, 2`` (naming the row and the field), or no model at all.
    """
    figures = _picked(form)
    figures += [
        _model(form, "model", row)
        for row in range(count(form, "model"))
        if form.get(f"model-{row}-name", "").strip()
    ]
    opponents = [
        _model(form, "opp", row)
        for row in range(count(form, "opp"))
        if form.get(f"opp-{row}-name", "").strip()
    ]
    if not figures:
        raise BadInputError(
            Message(
                "web",
                N_("Give at least one model of the squad: tick one of the table's or fill in a row's name."),
            )
        )
    setup: dict[str, Any] = {"figures": figures}
    if opponents:
        setup["opponents"] = opponents
    options = options_of(form)
    if options:
        setup["options"] = options
    return setup
