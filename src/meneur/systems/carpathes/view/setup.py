"""The new-session form of a Carpathian chronicle, in the book's words: the table's characters to
pick, player characters and NPCs or creatures typed by rows (``pc-0-name``, ``pc-0-mental``...,
``npc-0-kind``...), read into the setup the YAML import takes (:class:`meneur.systems.carpathes.state.Setup`).

Each number is checked against the bounds of the rules' own model (« 2D6 + Trait concerné (Mental,
Physique ou Social) »: :data:`~meneur.systems.carpathes.model.TRAIT_MIN` to ``TRAIT_MAX``), and a
mistake names its row and field; the engine then checks the whole setup when the session starts.
A row whose name is empty is left out.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from meneur.errors import BadInputError
from meneur.i18n import N_, Message
from meneur.systems.carpathes.model import (
    BONUS_MAX,
    BONUS_MIN,
    TRAIT_MAX,
    TRAIT_MIN,
    CreatureKind,
    Faith,
    check_range,
)

PC_ROWS, NPC_ROWS, MAX_ROWS = 3, 2, 40
"""The empty rows the form starts with, and the most it shows."""

TRAITS = (("mental", N_("Mental")), ("physical", N_("Physique")), ("social", N_("Social")))
"""The three traits, as the form names them (the ``carpathes`` catalog's words)."""


@dataclass(frozen=True)
class SetupForm:
    """How many rows of PCs and of NPCs the form shows."""

    pcs: int
    npcs: int


def _count(form: Mapping[str, str], name: str, default: int, more: bool = False) -> int:
    try:
        found = int(form.get(name, "") or default)
    except ValueError:
        found = default
    return max(1, min(MAX_ROWS, found + (1 if more else 0)))


def setup_form(form: Mapping[str, str], more: str = "") -> SetupForm:
    """The rows the form shows for ``form`` as sent (``more``: ``pc`` or ``npc``, a row added)."""
    return SetupForm(
        pcs=_count(form, "pcs", PC_ROWS, more == "pc"), npcs=_count(form, "npcs", NPC_ROWS, more == "npc")
    )


def _where(part: str, row: int, field: str) -> Message:
    msgid = N_("PC row {row}, {field}") if part == "pc" else N_("NPC row {row}, {field}")
    return Message("web", msgid, {"row": row + 1, "field": Message("web", field)})


def _number(form: Mapping[str, str], part: str, row: int, key: str, word: str, low: int, high: int) -> int:
    text = form.get(f"{part}-{row}-{key}", "").strip()
    where = _where(part, row, word)
    try:
        value = int(text)
    except ValueError:
        raise BadInputError(
            Message(
                "web",
                N_("{what}: « {value} » is not a whole number; give a whole number from {low} to {high}."),
                {"what": where, "value": text, "low": low, "high": high},
            )
        ) from None
    return check_range(where, value, low, high)


def _items(text: str) -> list[str]:
    return [item.strip() for item in text.split(",") if item.strip()]


def _talents(specs: list[str], where: Message) -> dict[str, int]:
    """``escrime=2, latin=1``: each talent once, each bonus a whole number in the book's bounds."""
    found: dict[str, int] = {}
    for spec in specs:
        name, sep, value = (part.strip() for part in spec.partition("="))
        try:
            bonus = int(value) if sep and name else None
        except ValueError:
            bonus = None
        if bonus is None or name in found:
            raise BadInputError(
                Message(
                    "web",
                    N_(
                        "{what}: write each talent once, as its name, = and its bonus (« {spec} »: escrime=2)."
                    ),
                    {"what": where, "spec": spec},
                )
            )
        found[name] = check_range(where, bonus, BONUS_MIN, BONUS_MAX)
    return found


def _pc(form: Mapping[str, str], row: int) -> dict[str, Any]:
    def get(key: str) -> str:
        return form.get(f"pc-{row}-{key}", "").strip()

    found: dict[str, Any] = {"name": get("name")}
    for key, word in TRAITS:
        found[key] = _number(form, "pc", row, key, word, TRAIT_MIN, TRAIT_MAX)
    talents = _talents(_items(get("talents")), _where("pc", row, N_("Talents")))
    found.update(
        talents=talents, sacred_objects=_items(get("sacred")), trade=get("trade"), hobby=get("hobby")
    )
    found["faith"] = Faith.ATHEIST.value if get("faith") == Faith.ATHEIST.value else Faith.BELIEVER.value
    return found


def _npc(form: Mapping[str, str], row: int) -> dict[str, Any]:
    kind = form.get(f"npc-{row}-kind", "").strip() or CreatureKind.HUMAN.value
    if kind not in {k.value for k in CreatureKind}:
        raise BadInputError(
            Message(
                "web",
                N_("{what}: choose what it is in the list."),
                {"what": _where("npc", row, N_("What it is"))},
            )
        )
    found: dict[str, Any] = {"name": form.get(f"npc-{row}-name", "").strip(), "kind": kind}
    for key, word in TRAITS:
        found[key] = _number(form, "npc", row, key, word, TRAIT_MIN, TRAIT_MAX)
    if form.get(f"npc-{row}-equipment", "").strip():
        found["equipment_bonus"] = _number(form, "npc", row, "equipment", N_("Equipment bonus"), 0, BONUS_MAX)
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


def setup_of(form: Mapping[str, str]) -> dict[str, Any]:
    """The chronicle's setup from the form's fields: the table's characters ticked, then each PC
    row and each NPC row with a name.

    Raises:
        BadInputError: a number that is not whole or out of the book's bounds, a talent written
            otherwise than ``escrime=2`` (naming the row and the field), or nobody at all.
    """
    shown = setup_form(form)
    characters = _picked(form)
    characters += [_pc(form, row) for row in range(shown.pcs) if form.get(f"pc-{row}-name", "").strip()]
    npcs = [_npc(form, row) for row in range(shown.npcs) if form.get(f"npc-{row}-name", "").strip()]
    if not characters:
        raise BadInputError(
            Message(
                "web",
                N_("Give at least one player character: tick one of the table's or fill in a PC row's name."),
            )
        )
    setup: dict[str, Any] = {"characters": characters}
    if npcs:
        setup["npcs"] = npcs
    return setup
