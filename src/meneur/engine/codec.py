"""The JSON wire form of commands and events, derived from their classes.

Conventions:
    * A command or an event is ``{"name": {field: value, ...}}``, or the bare ``"name"`` when it has
      no field to say (``"start"``): the form fight files already use. Fields left at their default
      are not written.
    * One :class:`Codec` per system, built from ``name -> class`` maps of its command and event
      classes (frozen dataclasses, pydantic models or named tuples; a named tuple is written as the
      mapping of its fields, its parts likewise, by :func:`plain`). Validation goes through pydantic, and every
      problem becomes a :class:`~meneur.errors.BadInputError` in the user's language
      (:mod:`meneur.engine.problems`), naming where it is (``commands.3.attack.tokens``).
    * :meth:`Codec.schema` gives the JSON Schema of both forms; ``docs/schema/<key>.schema.json`` is
      generated from it and a test fails when the two differ.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import fields, is_dataclass
from enum import Enum
from functools import cached_property
from typing import Any, Generic, TypeVar

from pydantic import ConfigDict, TypeAdapter, ValidationError, with_config

from meneur.engine.problems import explain
from meneur.errors import BadInputError
from meneur.i18n import N_, Message

C = TypeVar("C")
E = TypeVar("E")
LARGEST = 2**63 - 1
"""The largest whole number a command or an event may hold (what a database column holds); a
larger one, like NaN or an infinity, is bad input, never an overflow deep in the engine."""


def with_fields(wire: Any, change: Callable[[str, dict[str, Any]], dict[str, Any]]) -> Any:
    """The wire form ``wire`` with its fields as ``change(name, a copy of the fields)`` gives them
    (what a page chose beside a legal entry's button); a bare name or anything that is not one
    command's wire form is given back as it is, for the codec to judge when it reads it."""
    if not isinstance(wire, dict) or len(wire) != 1:
        return wire
    name, fields = next(iter(wire.items()))
    if not isinstance(fields, dict):
        return wire
    return {name: change(name, dict(fields))}


def too_large(value: Any) -> tuple[tuple[str, ...], int] | None:
    """Where in ``value`` (a JSON value) a whole number is larger than :data:`LARGEST` either way,
    and its number of digits; ``None`` when there is none."""
    if isinstance(value, int) and not isinstance(value, bool):
        return ((), len(str(abs(value)))) if abs(value) > LARGEST else None
    items = (
        value.items()
        if isinstance(value, dict)
        else enumerate(value)
        if isinstance(value, list | tuple)
        else ()
    )
    for key, item in items:
        found = too_large(item)
        if found is not None:
            return ((str(key), *found[0]), found[1])
    return None


def is_named_tuple(cls: type) -> bool:
    """Whether ``cls`` is a named tuple class (``typing.NamedTuple``)."""
    return issubclass(cls, tuple) and hasattr(cls, "_fields")


def plain(value: Any) -> Any:
    """``value`` as a plain JSON value: named tuples and dataclasses as mappings of every field,
    pydantic models as they dump, tuples and lists as lists, sets as lists sorted (so the form is
    stable), enums by their value."""
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        return {name: plain(item) for name, item in zip(value._fields, value, strict=True)}
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in fields(value)}
    if hasattr(value, "model_dump") and not isinstance(value, type):
        return value.model_dump(mode="json")
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, frozenset | set):
        return sorted((plain(item) for item in value), key=repr)
    if isinstance(value, tuple | list):
        return [plain(item) for item in value]
    return value


def _said_fields(item: Any) -> dict[str, Any]:
    """The fields of a named tuple that differ from their defaults, each as :func:`plain` writes it."""
    defaults: dict[str, Any] = type(item)._field_defaults
    return {
        name: plain(value)
        for name, value in zip(item._fields, item, strict=True)
        if name not in defaults or defaults[name] != value
    }


def _schema_generator() -> type:
    """pydantic's JSON Schema generator, with named tuples as the mappings the wire form writes
    (pydantic reads both a mapping and a list)."""
    from pydantic.json_schema import GenerateJsonSchema, JsonSchemaValue
    from pydantic_core import core_schema

    class ByName(GenerateJsonSchema):
        def arguments_schema(self, schema: core_schema.ArgumentsSchema) -> JsonSchemaValue:
            return self.kw_arguments_schema(schema["arguments_schema"], None)

    return ByName


class _Family:
    """One family of classes (the commands, or the events) with their wire names."""

    def __init__(self, what: str, classes: Mapping[str, type]) -> None:
        self.what = what
        self.classes = dict(classes)
        self.names = {cls: name for name, cls in self.classes.items()}
        self._adapters: dict[type, Any] = {}

    def adapter(self, cls: type) -> Any:
        found = self._adapters.get(cls)
        if found is None:
            if is_dataclass(cls) and not hasattr(cls, "__pydantic_config__"):
                with_config(ConfigDict(extra="forbid", allow_inf_nan=False))(cls)
            found = self._adapters[cls] = TypeAdapter(cls)
        return found

    def name_of(self, item: object) -> str:
        try:
            return self.names[type(item)]
        except KeyError:
            raise TypeError(f"{type(item).__name__} is not one of the {self.what}") from None

    def encode(self, item: object) -> Any:
        name = self.name_of(item)
        if is_named_tuple(type(item)):
            said = _said_fields(item)
            return {name: said} if said else name
        data = self.adapter(type(item)).dump_python(item, mode="json", exclude_defaults=True)
        if isinstance(data, dict):
            data.pop("type", None)  # a pydantic tag repeats the name
        return {name: data} if data else name

    def decode(self, data: Any, where: str) -> Any:
        name, fields = self._split(data, where)
        cls = self.classes[name]
        huge = too_large(fields)
        if huge is not None:
            path, digits = huge
            field = ".".join((f"{where}.{name}" if where else name, *path))
            raise BadInputError(
                Message(
                    "core",
                    N_("{field}: a number of {digits} digits is too large; write at most {most}."),
                    {"field": field, "digits": digits, "most": LARGEST},
                )
            )
        try:
            # Strict JSON validation: true is not 1, "3" is not 3, but a list is a tuple.
            return self.adapter(cls).validate_json(json.dumps(fields, allow_nan=False), strict=True)
        except ValueError as error:
            if not isinstance(error, ValidationError):
                raise BadInputError(
                    Message(
                        "core",
                        N_(
                            "{where}: NaN and infinities are not numbers meneur accepts (write a finite number)."
                        ),
                        {"where": where or name},
                    )
                ) from None
            raise explain(error, f"{where}.{name}" if where else name) from None

    def _split(self, data: Any, where: str) -> tuple[str, dict[str, Any]]:
        fields: Any
        if isinstance(data, str):
            name, fields = data, {}
        elif isinstance(data, dict) and len(data) == 1:
            name, fields = next(iter(data.items()))
            fields = {} if fields is None else fields
        else:
            raise self._unknown(repr(data)[:60], where)
        if name not in self.classes:
            raise self._unknown(str(name), where)
        if not isinstance(fields, dict):
            raise BadInputError(
                Message(
                    "core",
                    N_("{where}: the fields of '{name}' must be a mapping (name: value)."),
                    {"where": where or name, "name": name},
                )
            )
        return name, fields

    def _unknown(self, text: str, where: str) -> BadInputError:
        return BadInputError(
            Message(
                "core",
                N_("{where}: '{text}' is not a known command or event; known: {known}."),
                {"where": where or "-", "text": text, "known": ", ".join(sorted(self.classes))},
            )
        )

    def schema(self) -> dict[str, Any]:
        variants = []
        by_name = _schema_generator() if any(map(is_named_tuple, self.classes.values())) else None
        for name, cls in sorted(self.classes.items()):
            adapter = self.adapter(cls)
            body = (
                adapter.json_schema(mode="validation", schema_generator=by_name)
                if by_name is not None and is_named_tuple(cls)
                else adapter.json_schema(mode="validation")
            )
            body.get("properties", {}).pop("type", None)
            required = [f for f in body.get("required", []) if f != "type"]
            if required:
                body["required"] = required
            else:
                body.pop("required", None)
            option: dict[str, Any] = {
                "type": "object",
                "properties": {name: body},
                "required": [name],
                "additionalProperties": False,
            }
            variants.append(option if required else {"anyOf": [{"const": name}, option]})
        return {"oneOf": variants}


class Codec(Generic[C, E]):
    """Commands and events of one system to and from their JSON wire form."""

    def __init__(self, commands: Mapping[str, type], events: Mapping[str, type]) -> None:
        self._commands = _Family("commands", commands)
        self._events = _Family("events", events)

    @property
    def command_names(self) -> tuple[str, ...]:
        """The wire names of the commands, in declaration order."""
        return tuple(self._commands.classes)

    def command_name(self, command: C) -> str:
        """The wire name of ``command``."""
        return self._commands.name_of(command)

    def event_name(self, event: E) -> str:
        """The wire name of ``event``."""
        return self._events.name_of(event)

    def command_to_json(self, command: C) -> Any:
        """The wire form of ``command``."""
        return self._commands.encode(command)

    def event_to_json(self, event: E) -> Any:
        """The wire form of ``event``."""
        return self._events.encode(event)

    def command_from_json(self, data: Any, where: str = "") -> C:
        """Read a command; ``where`` says where it was found, for the message.

        Raises:
            BadInputError: naming the command, the field and what to fix.
        """
        command: C = self._commands.decode(data, where)
        return command

    def event_from_json(self, data: Any, where: str = "") -> E:
        """Read an event (a stored log); raises :class:`BadInputError` like :meth:`command_from_json`."""
        event: E = self._events.decode(data, where)
        return event

    @cached_property
    def _schema(self) -> dict[str, Any]:
        return {"commands": self._commands.schema(), "events": self._events.schema()}

    def schema(self, key: str) -> dict[str, Any]:
        """The JSON Schema of this system's commands and events."""
        return {
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "title": f"meneur {key}: commands and events",
            "$defs": self._schema,
        }
