"""``meneur energy fight attack FILE ...``: one subcommand per fight-file command.

Each subcommand is made from the command's class: ``actor`` and ``target`` are arguments, every other
field an option named as in fight files (``--tokens``, ``--gm-modifier``, ``--area-targets a,b``,
``--to 5,0``), read as its type says (:func:`form`, from ``get_type_hints``, ``get_origin`` and
``get_args``), its help from the reference's table
(:data:`~meneur.systems.energy.combat.reference.FIELD_HELP`). It writes the command in its
fight-file form and hands it to the shared runner, which reads it against the fight (names of
combatants and powers), resolves it, saves the file and prints what happened and who must act next.
No rule is decided here.
"""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Callable
from pathlib import Path
from types import UnionType
from typing import Annotated, Any, Union, get_args, get_origin, get_type_hints

import typer

from meneur.errors import BadInputError
from meneur.i18n import N_, Message, Translator
from meneur.i18n.words import items
from meneur.storage import read_data
from meneur.systems.energy.combat.reference import FIELD_HELP, HELP

DOMAIN = "energy_combat"
KEY = "energy-fight"
_ = Translator(DOMAIN)

ARGUMENTS = {"actor": N_("ACTOR"), "target": N_("TARGET")}
"""The fields given as arguments, and the word that names each in help."""
NAMED = frozenset({"power", "target_power", "lasting"})
"""Fields the CLI passes as typed (a name, or a number): the fight reads them against the state."""


FORMS = ("point", "pairs", "list", "file", "named", "value")
"""How a field is given on the command line, read from its type (:func:`form`): a position
``X,Y``; ``id=tokens`` pairs; a list of names (commas, or the option repeated); a file holding a
mapping (a character); a name or a number (:data:`NAMED`, or a field of either type); a plain value."""


def alternatives(hint: Any) -> tuple[Any, ...]:
    """The types a field may hold, ``None`` left out (``int | None`` is ``(int,)``)."""
    if get_origin(hint) in (Union, UnionType):
        return tuple(a for a in get_args(hint) if a is not type(None))
    return (hint,)


def form(key: str, hint: Any) -> str:
    """The :data:`FORMS` entry of the field ``key`` of type ``hint`` (bounds left out)."""
    kinds = alternatives(hint)
    origin, args = get_origin(kinds[0]), get_args(kinds[0])
    if origin is tuple and args == (float, float):
        return "point"
    if origin is tuple:
        return "pairs" if get_origin(args[0]) is tuple else "list"
    if dict in (origin, kinds[0]):
        return "file"
    if key in NAMED or len(kinds) > 1:
        return "named"
    return "value"


def cli_type(key: str, hint: Any) -> Any:
    """The type Typer reads for the field ``key`` of type ``hint``."""
    shape = form(key, hint)
    if shape in ("pairs", "list"):
        return list[str]
    if shape == "value":
        return alternatives(hint)[0]
    return str


def _split(text: str) -> list[str]:
    return [item.strip() for item in text.split(",") if item.strip()]


def _point(text: str, key: str) -> list[float]:
    parts = _split(text)
    try:
        if len(parts) == 2:
            return [float(parts[0]), float(parts[1])]
    except ValueError:
        pass
    raise BadInputError(
        Message(
            DOMAIN,
            N_("--{option}: a position is X,Y in metres, not {value}."),
            {"option": key.replace("_", "-"), "value": text},
        )
    )


def _joined(values: list[str]) -> dict[str, Any]:
    pairs = [item.partition("=") for item in items(values)]
    return {
        name.strip(): int(count) if count.strip().isdigit() else count.strip() for name, _sep, count in pairs
    }


def _character(value: str) -> dict[str, Any]:
    """A character file on the command line: the fight keeps the character itself."""
    data = read_data(Path(value))
    if not isinstance(data, dict):
        raise BadInputError(
            Message(
                DOMAIN,
                N_("--character: {path} is not a character file (name, rank, attributes, powers...)."),
                {"path": value},
            )
        )
    return data


def wire_value(key: str, hint: Any, value: Any) -> Any:
    """An option's value in the fight-file form, by the :func:`form` of its field."""
    shape = form(key, hint)
    if shape == "pairs":
        return _joined(value)
    if shape == "file":
        return _character(value)
    if shape == "point":
        return _point(value, key)
    if shape == "list":
        return items(value)
    if shape == "named" and isinstance(value, str) and value.strip().isdigit():
        return int(value)
    return value


def _parameter(field: dataclasses.Field[Any], hint: Any) -> inspect.Parameter:
    key = field.name
    required = field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING
    kind = cli_type(key, hint)
    help_text = _(FIELD_HELP.get(key, key))
    default: Any = ... if required else (False if kind is bool and field.default is False else None)
    if key in ARGUMENTS:
        info: Any = typer.Argument(help=help_text, metavar=_(ARGUMENTS[key]), show_default=False)
    elif kind is bool and default is None:
        flag = key.replace("_", "-")
        info = typer.Option(f"--{flag}/--not-{flag}", help=help_text, show_default=False)
    else:
        info = typer.Option(f"--{key.replace('_', '-')}", help=help_text, show_default=False)
    base: Any = kind if required or (kind is bool and default is False) else kind | None
    annotated: Any = Annotated
    annotation = annotated[base, info]
    return inspect.Parameter(
        key, inspect.Parameter.POSITIONAL_OR_KEYWORD, default=default, annotation=annotation
    )


def _command(name: str, kind: type, run: Callable[[Path, Any, bool], None]) -> Callable[..., None]:
    """The CLI function of the fight command ``name``: its signature made from ``kind``'s fields."""
    hints = get_type_hints(kind)
    fields = sorted(dataclasses.fields(kind), key=lambda f: f.name not in ARGUMENTS)

    def command(**values: Any) -> None:
        from meneur.cli.sessions import fail

        file, as_json = values.pop("file"), values.pop("as_json")
        try:
            args = {
                key: wire_value(key, hints[key], value)
                for key, value in values.items()
                if value is not None and value is not False
            }
        except BadInputError as error:  # a position, or a character file, that cannot be read
            fail(error, as_json)
        wire: Any = {name: args} if args else name
        run(file, wire, as_json)

    file = inspect.Parameter(
        "file",
        inspect.Parameter.POSITIONAL_OR_KEYWORD,
        annotation=Annotated[Path, typer.Argument(help=_("The session file."), metavar=_("FILE"))],
    )
    as_json = inspect.Parameter(
        "as_json",
        inspect.Parameter.KEYWORD_ONLY,
        default=False,
        annotation=Annotated[bool, typer.Option("--json", help=_("Print JSON."))],
    )
    parameters = [file, *(_parameter(field, hints[field.name]) for field in fields), as_json]
    command.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    command.__annotations__ = {p.name: p.annotation for p in parameters}
    return command


def register_commands(group: typer.Typer, run: Callable[[Path, Any, bool], None]) -> None:
    """Add one subcommand per fight-file command to ``group``; ``run(file, wire, as_json)`` plays it."""
    from meneur.systems.energy.combat.engine import COMMANDS

    for name, kind in COMMANDS.items():
        group.command(name.replace("_", "-"), help=_(HELP[name]))(_command(name, kind, run))
