"""The options a table has: what each means (the ruling's words), its values, its default, and who
reads it.

An option is either read by the server when it shows a session (``npc_vigueur``: how an Energy
NPC's Vigueur shows to players, see :mod:`meneur.server.energy_view`), or read by the engine from a
session's setup: the server puts the table's value into the setup's ``options`` of every session of
that kind started afterwards (a setup that sets the option keeps its own; a running session keeps
the options it started with, so its log replays the same). Options are stored in the table's
``options`` (absent: the default). Nothing here decides a rule: the choices are the rulings'
(``docs/rulings/server.md``, ``docs/rulings/energy-combat.md``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from meneur.i18n import N_, Message

DOMAIN = "server"


@dataclass(frozen=True)
class TableOption:
    """One option: its key, the form of its value, its default, its name and the ruling's words."""

    key: str
    form: Literal["choice", "bool", "number"]
    default: Any
    label: Message
    decision: Message
    """The ruling's decision, in the user's language."""
    quote: str
    """The book's (or the table server issue's) words the ruling reads, as written."""
    choices: tuple[tuple[str, Message], ...] = ()
    session_kind: str | None = None
    """The kind of session whose engine reads the option from its setup (``None``: the server)."""
    maximum: float = 1000.0


def _msg(text: str) -> Message:
    return Message(DOMAIN, text)


OPTIONS: dict[str, tuple[TableOption, ...]] = {
    "energy": (
        TableOption(
            "npc_vigueur",
            "choice",
            "hidden",
            _msg(N_("An NPC's Vigueur, as players see it")),
            _msg(
                N_(
                    "Hidden: players do not see an NPC's Vigueur, only whether it falls. Bar: a gauge in"
                    " tenths, never empty while the NPC stands. Shown: the numbers."
                )
            ),
            "« hidden NPC stats (per table option: an Energy NPC's Vigueur hidden, shown as a bar, or shown) »",
            choices=(
                ("hidden", _msg(N_("hidden"))),
                ("bar", _msg(N_("a bar"))),
                ("shown", _msg(N_("shown"))),
            ),
        ),
        TableOption(
            "contact_reach",
            "number",
            5.0,
            _msg(N_("Reach of a contact attack (metres)")),
            _msg(N_("An Off-C attack, and the end of a charge, needs its target within this distance.")),
            "« il est considéré comme engagé et ne peut agir que sur les personnages se trouvant dans"
            " ses 5 mètres »",
            session_kind="energy-fight",
        ),
        TableOption(
            "hold_skips_own_slot",
            "bool",
            True,
            _msg(N_("A character on hold keeps waiting when its slot comes")),
            _msg(N_("Its action phase in the order is skipped; it acts by interrupting.")),
            "« Un personnage qui termine le tour de jeu en attente peut, lors de la phase d'entretien"
            " suivante, conserver sa mise en attente »",
            session_kind="energy-fight",
        ),
        TableOption(
            "area_needs_area_power",
            "bool",
            False,
            _msg(N_("Only powers made with the area flag attack an area")),
            _msg(N_("Otherwise any offensive use may target an area.")),
            "« le personnage doit spécifier le diamètre de la zone (maximum 20 mètres de diamètre) et"
            " son attaque est effectuée en demi-succès contre tous les personnages situés dans la zone"
            " d'effet »",
            session_kind="energy-fight",
        ),
        TableOption(
            "wounded_start_half_vigor",
            "bool",
            True,
            _msg(N_("A wounded character starts a fight with half its Vigueur")),
            _msg(N_("Half its Vigueur, rounded up, until it is healed.")),
            "« Un personnage blessé ne peut récupérer que la moitié de sa vigueur (arrondie au"
            " supérieur) jusqu'à ce qu'il soit guéri »",
            session_kind="energy-fight",
        ),
        TableOption(
            "stunned_may_small_move",
            "bool",
            False,
            _msg(N_("A stunned character may still take the free small move")),
            _msg(
                N_(
                    "By default stunned includes immobilised (the conditions read as a scale); the"
                    " literal reading lets the free 5 m move, which spends no token."
                )
            ),
            "« Sonné: ne peut plus dépenser ses points d'énergie autrement qu'en défense » ;"
            " « Immobilisé: ne peut plus se déplacer »",
            session_kind="energy-fight",
        ),
        TableOption(
            "regeneration_in_maintenance",
            "bool",
            False,
            _msg(N_("Regeneration in the maintenance phase")),
            _msg(N_("A character may heal itself with its healing power in that phase, in half success.")),
            "« La régénération peut aussi s'appliquer lors de la phase d'entretien si le MJ l'autorise. »",
            session_kind="energy-fight",
        ),
    ),
}


def options_of(system: str) -> tuple[TableOption, ...]:
    """The options a table of ``system`` has (none for a system without any here)."""
    return OPTIONS.get(system, ())


def current(system: str, stored: Mapping[str, Any]) -> dict[str, Any]:
    """Every option of the table with its value now (the default where none is stored)."""
    return {option.key: stored.get(option.key, option.default) for option in options_of(system)}


def check(option: TableOption, value: Any) -> tuple[Any, Message | None]:
    """``value`` as the option stores it, or why it is not one of its values."""
    if option.form == "choice":
        keys = [key for key, _word in option.choices]
        if value in keys:
            return value, None
        return None, Message(DOMAIN, N_("Choose one of: {known}."), {"known": ", ".join(keys)})
    if option.form == "bool":
        if isinstance(value, bool):
            return value, None
        return None, Message(DOMAIN, N_("Give true or false."))
    number = isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)
    if number and 0 < value <= option.maximum:
        return float(value), None
    return None, Message(
        DOMAIN, N_("Give a number greater than 0 and at most {most}."), {"most": f"{option.maximum:g}"}
    )


def checked(system: str, values: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, Message]]:
    """The values that are options of ``system`` and valid (``None``: back to the default), and the
    problem of each one that is not, by key."""
    known = {option.key: option for option in options_of(system)}
    found: dict[str, Any] = {}
    problems: dict[str, Message] = {}
    for key, value in values.items():
        option = known.get(key)
        if option is None:
            problems[key] = Message(
                DOMAIN,
                N_("A table of {system} has no option '{key}'; it has: {known}."),
                {"system": system, "key": key, "known": ", ".join(known) or "-"},
            )
            continue
        if value is None:
            found[key] = None
            continue
        value, problem = check(option, value)
        if problem is None:
            found[key] = value
        else:
            problems[key] = problem
    return found, problems


def merged(stored: Mapping[str, Any], changes: Mapping[str, Any]) -> dict[str, Any]:
    """The table's stored options after ``changes`` (a ``None`` removes the option: its default)."""
    found = dict(stored)
    for key, value in changes.items():
        if value is None:
            found.pop(key, None)
        else:
            found[key] = value
    return found


def setup_with(system: str, kind: str, stored: Mapping[str, Any], setup: Any) -> Any:
    """``setup`` of a new session of ``kind`` with the table's options its engine reads (the ones
    the setup sets itself are kept)."""
    read = {
        option.key: stored[option.key]
        for option in options_of(system)
        if option.session_kind == kind and option.key in stored
    }
    if not read or not isinstance(setup, dict):
        return setup
    own = setup.get("options")
    if own is not None and not isinstance(own, dict):
        return setup  # the engine says what is wrong with it
    return {**setup, "options": {**read, **(own or {})}}
