"""INS/MV's new-session form: the beings of the table in the book's words, a row each (its name,
its kind of being, its Volonté, its power points, its characteristics, talents and powers), and the
table's characters to bring. The fields are read into the setup the YAML import takes
(``{"beings": [...]}``); each being is checked by the rules' own model
(:class:`meneur.systems.insmv.model.Being`), and a problem names its row and its field.

Fields: ``being-<i>-name``, ``-kind``, ``-will``, ``-pp_max``, ``-pp``, ``-characteristics``
(« Force 2, Agilité 3 »), ``-talents`` (« Discussion (Présence -1) 4; Acrobatie (Agilité -2) »: the
malus between the parentheses, the value after them when the talent is possessed), ``-powers``
(« Charme 3 »); ``rows`` the number of rows shown; ``character-<id>`` a table's character brought,
its value the character's file (a being's sheet) as JSON.
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from meneur.engine.problems import issue_text
from meneur.errors import BadInputError
from meneur.i18n import N_, Message
from meneur.systems.insmv.catalogue import rules_for
from meneur.systems.insmv.model import MAX_NUMBER, Being, BeingKind

D = "web"

ROWS = 4
"""Empty rows the form starts with (« ajouter une ligne » adds one)."""
MAX_ROWS = 40
"""The most rows one form holds."""

FIELDS = ("name", "kind", "will", "pp_max", "pp", "characteristics", "talents", "powers")
"""The fields of a row, in the order they are shown."""

LABELS: Mapping[str, str] = {
    "name": N_("Name"),
    "kind": N_("Kind of being"),
    "will": N_("Volonté"),
    "pp_max": N_("Power points (maximum)"),
    "pp": N_("Power points left"),
    "characteristics": N_("Characteristics"),
    "talents": N_("Talents"),
    "powers": N_("Powers"),
    "rules": N_("Kind of being"),
    "power_points": N_("Power points left"),
}
"""The book's word for each field of a row (and for the model's field it fills)."""

_NUMBERED = re.compile(r"^(?P<name>[^\d()]*[^\d\s()])\s+(?P<value>\d+)$")
_TALENT = re.compile(
    r"^(?P<name>[^()]*[^\s()])\s*\((?P<characteristic>[^()]*[^\s()])\s*[-−–]\s*(?P<malus>\d+)\)\s*(?P<value>\d+)?$"
)


@dataclass(frozen=True)
class Row:
    """One row of the form as shown: its index and its fields' values (as sent back)."""

    index: int
    values: Mapping[str, str]


def row_count(form: Mapping[str, str]) -> int:
    """How many rows the form shows: as many as it was sent with (``rows``), at least :data:`ROWS`."""
    try:
        asked = int(form.get("rows", "") or ROWS)
    except ValueError:
        asked = ROWS
    return max(ROWS, min(asked, MAX_ROWS))


def rows_of(form: Mapping[str, str], count: int | None = None) -> list[Row]:
    """The rows to show, with the values the form was sent with."""
    shown = row_count(form) if count is None else count
    return [
        Row(i, {name: form.get(f"being-{i}-{name}", "") for name in FIELDS})
        for i in range(min(shown, MAX_ROWS))
    ]


def _problem(row: int, name: str, field: str, text: Message) -> BadInputError:
    return BadInputError(
        Message(
            D,
            N_("Row {row} ({name}), {field}: {problem}"),
            {"row": row + 1, "name": name or "—", "field": Message(D, LABELS[field]), "problem": text},
        )
    )


def _pairs(row: int, name: str, field: str, text: str) -> dict[str, int]:
    """« Force 2, Agilité 3 »: each name with its value."""
    found: dict[str, int] = {}
    for part in re.split(r"[,;\n]", text):
        part = part.strip()
        if not part:
            continue
        match = _NUMBERED.match(part)
        if match is None:
            raise _problem(
                row,
                name,
                field,
                Message(
                    D,
                    N_("« {part} » is not a name and its value: write them as « Force 2, Agilité 3 »."),
                    {"part": part},
                ),
            )
        found[match["name"].strip()] = int(match["value"])
    return found


def _talents(row: int, name: str, text: str) -> list[dict[str, Any]]:
    """« Discussion (Présence -1) 4; Acrobatie (Agilité -2) »: each talent, its characteristic and
    its malus, with its value when possessed (« le malus signalé entre parenthèses après chaque
    talent », 000_008acb24c72771e3.txt)."""
    found: list[dict[str, Any]] = []
    for part in re.split(r"[;\n]", text):
        part = part.strip()
        if not part:
            continue
        match = _TALENT.match(part)
        if match is None:
            raise _problem(
                row,
                name,
                "talents",
                Message(
                    D,
                    N_(
                        "« {part} » is not a talent: write « Discussion (Présence -1) 4 » (its"
                        " characteristic and malus, then its value if possessed), talents separated"
                        " by « ; »."
                    ),
                    {"part": part},
                ),
            )
        talent: dict[str, Any] = {
            "name": match["name"].strip(),
            "characteristic": match["characteristic"].strip(),
            "malus": int(match["malus"]),
        }
        if match["value"]:
            talent["value"] = int(match["value"])
        found.append(talent)
    return found


def _number(row: int, name: str, field: str, text: str) -> int | None:
    text = text.strip()
    if not text:
        return None
    try:
        return int(text)
    except ValueError:
        raise _problem(
            row, name, field, Message(D, N_("« {value} » is not a whole number."), {"value": text})
        ) from None


def _being(row: int, values: Mapping[str, str]) -> dict[str, Any] | None:
    """One row read into a being's data (``None`` for an empty row), checked by the model."""
    name = values.get("name", "").strip()
    filled = [field for field in FIELDS if field not in ("kind",) and values.get(field, "").strip()]
    if not filled:
        return None
    if not name:
        raise _problem(row, name, "name", Message(D, N_("a being needs a name: write it, or empty the row.")))
    try:
        kind = BeingKind(values.get("kind", "") or BeingKind.HUMAN.value)
    except ValueError:
        raise _problem(row, name, "kind", Message(D, N_("choose a kind of being in the list."))) from None
    will = _number(row, name, "will", values.get("will", ""))
    if will is None:
        raise _problem(
            row,
            name,
            "will",
            Message(
                D,
                N_(
                    "write the being's Volonté (0 to {most}).",
                ),
                {"most": MAX_NUMBER},
            ),
        )
    maximum = _number(row, name, "pp_max", values.get("pp_max", ""))
    left = _number(row, name, "pp", values.get("pp", ""))
    rules = rules_for(kind).model_dump()
    if maximum is not None:
        rules["power_point_modifier"] = maximum - will
    data: dict[str, Any] = {
        "name": name,
        "kind": kind.value,
        "will": will,
        "rules": rules,
        "characteristics": _pairs(row, name, "characteristics", values.get("characteristics", "")),
        "talents": _talents(row, name, values.get("talents", "")),
        "powers": _pairs(row, name, "powers", values.get("powers", "")),
    }
    if left is not None:
        data["power_points"] = left
    _check(row, name, data)
    return data


def _check(row: int, name: str, data: dict[str, Any]) -> None:
    """The being as the rules' model reads it; its first problem names the row's field."""
    try:
        Being.model_validate(data)
    except ValidationError as error:
        issue = error.errors()[0]
        loc = [str(part) for part in issue["loc"]]
        field = "pp_max" if loc[:2] == ["rules", "power_point_modifier"] else loc[0]
        problem = issue_text(issue)
        if field == "pp_max":
            problem = Message(
                D,
                N_("the maximum minus the Volonté must lie between −{most} and {most}."),
                {"most": MAX_NUMBER},
            )
        raise _problem(row, name, field if field in LABELS else "name", problem) from None


def _character(key: str, text: str) -> dict[str, Any]:
    """A table's character brought (``{"name": ..., "file": ...}``): its file read as a being's
    sheet, named as the table names the character when the sheet names nobody."""
    try:
        sent = json.loads(text)
    except ValueError:
        sent = None
    name = str(sent.get("name") or key) if isinstance(sent, dict) else key
    data = sent.get("file") if isinstance(sent, dict) else None
    if not isinstance(data, dict):
        raise BadInputError(
            Message(
                D, N_("The character {name} has no being's sheet: import it below instead."), {"name": name}
            )
        )
    data = {"name": name, **data}
    if "rules" not in data and isinstance(data.get("kind"), str):
        with contextlib.suppress(ValueError):
            data = {**data, "rules": rules_for(BeingKind(data["kind"])).model_dump()}
    try:
        Being.model_validate(data)
    except ValidationError as error:
        raise BadInputError(
            Message(
                D,
                N_("The character {name}'s sheet is not a being's: {problem}"),
                {"name": name, "problem": issue_text(error.errors()[0])},
            )
        ) from None
    return data


def setup_of(form: Mapping[str, str]) -> dict[str, Any]:
    """The setup the form's fields describe: the table's characters brought, then each row's being.

    Raises:
        BadInputError: a field that is wrong, naming its row and how to write it.
    """
    beings: list[dict[str, Any]] = []
    for key, value in form.items():
        if key.startswith("character-") and value.strip():
            beings.append(_character(key.removeprefix("character-"), value))
    for row in rows_of(form, MAX_ROWS):
        found = _being(row.index, row.values)
        if found is not None:
            beings.append(found)
    if not beings:
        raise BadInputError(
            Message(D, N_("Nobody at the table yet: fill in a row for each being, or bring a character."))
        )
    return {"beings": beings}
