"""A game's table options, read from its pydantic model: one field, one option.

A game's options model (:attr:`meneur.engine.plugin.Game.options`) is the model its engines read
from a setup's ``options``; the adapters (the options page, the API) show and check each field as
its model declares it:

- the **value's form** from the field's type: ``bool``, ``int`` (a whole number), ``float`` (a
  number), ``Literal[...]`` (a choice among its values); ``X | None`` is an option that may set no
  limit (:data:`NO_LIMIT`, the engine reads ``None``);
- its **default** from the field's default;
- its **bounds** from ``Field(ge=..., gt=..., le=..., lt=...)``: a whole number is at least its
  minimum, a number greater than it; both are at most their maximum (a bounded option must give
  both bounds, so the page can say them);
- its **words** (its name, the ruling's decision, the book's words it reads, the words of its
  choices) from one :class:`OptionText` in the field's ``Annotated`` metadata, kept beside the
  rule in the system package::

      contact_reach: Annotated[float, OptionText(label=..., decision=..., quote="« ... »")] = Field(
          5.0, gt=0, le=1000
      )

Which session kind's engine reads an option is the kind whose own model
(:attr:`meneur.engine.plugin.SessionKind.options`) has the field; an option that no kind reads is
read by the game's projection (how a session shows to its viewers) and says so with
``OptionText(projection=True)``.
"""

from __future__ import annotations

import math
import types
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Annotated, Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel
from pydantic.fields import FieldInfo

from meneur.i18n import Message

NO_LIMIT = "none"
"""The value of an option that may set no limit, when it sets none (the engine reads ``None``)."""

Form = Literal["choice", "bool", "number", "integer"]


@dataclass(frozen=True, slots=True)
class OptionText:
    """The words of one table option, kept with its field (``Annotated[type, OptionText(...)]``)."""

    label: Message
    """Its name on the options page."""
    decision: Message
    """The ruling's decision (``docs/rulings/``), in the user's language."""
    quote: str
    """The book's (or the table server issue's) words the ruling reads, as written."""
    quote_lang: str = "fr"
    """The language the quoted words are written in."""
    choices: tuple[tuple[str, Message], ...] = ()
    """The words of each value of a ``Literal`` option, in the order the page lists them."""
    projection: bool = False
    """Read by the game's projection (how its sessions show), not by an engine from a setup."""


@dataclass(frozen=True, slots=True)
class TableOption:
    """One option of a table, as its model declares it (see the module docstring)."""

    key: str
    form: Form
    default: Any
    """Its default as the table stores it (:data:`NO_LIMIT` for ``None``)."""
    label: Message
    decision: Message
    quote: str
    choices: tuple[tuple[str, Message], ...] = ()
    session_kind: str | None = None
    """The kind of session whose engine reads the option from its setup (``None``: the projection)."""
    maximum: float = math.inf
    minimum: float = -math.inf
    """A whole number is at least this; a number is greater than it."""
    unlimited: bool = False
    """A whole number that may also be :data:`NO_LIMIT`: no limit (the engine reads ``None``)."""
    quote_lang: str = "fr"


def table_options(
    model: type[BaseModel], kinds: Iterable[tuple[str, type[BaseModel]]] = ()
) -> tuple[TableOption, ...]:
    """Every option of ``model``, in the order of its fields.

    Args:
        model: the game's options model.
        kinds: each session kind's key and the options model its engine reads.

    Raises:
        TypeError: for a field without its :class:`OptionText`, of a form no page can show, or
            read by no engine and not marked as read by the projection.
    """
    readers = tuple(kinds)
    return tuple(_option(model, key, field, readers) for key, field in model.model_fields.items())


def _option(
    model: type[BaseModel], key: str, field: FieldInfo, readers: tuple[tuple[str, type[BaseModel]], ...]
) -> TableOption:
    text = next((part for part in field.metadata if isinstance(part, OptionText)), None)
    if text is None:
        raise TypeError(f"{model.__name__}.{key} has no OptionText (its words on the options page)")
    reader = next((kind for kind, read in readers if key in read.model_fields), None)
    if reader is None and not text.projection:
        raise TypeError(f"{model.__name__}.{key} is read by no session kind nor marked projection=True")
    form, unlimited, values = _form(field.annotation)
    if form == "choice" and {value for value, _word in text.choices} != set(values):
        raise TypeError(f"{model.__name__}.{key}: OptionText.choices must name each of {values}")
    least, most = _bounds(field, form)
    default = NO_LIMIT if field.default is None else field.default
    return TableOption(
        key=key,
        form=form,
        default=default,
        label=text.label,
        decision=text.decision,
        quote=text.quote,
        choices=text.choices,
        session_kind=reader,
        maximum=most,
        minimum=least,
        unlimited=unlimited,
        quote_lang=text.quote_lang,
    )


def _form(annotation: Any) -> tuple[Form, bool, tuple[Any, ...]]:
    """The option's form, whether it may be ``None`` (no limit), and a choice's values."""
    unlimited = False
    if get_origin(annotation) in (Union, types.UnionType):
        parts = [part for part in get_args(annotation) if part is not type(None)]
        unlimited = len(parts) < len(get_args(annotation))
        if len(parts) != 1:
            raise TypeError(f"a table option is one type (or it and None), not {annotation}")
        annotation = parts[0]
    while get_origin(annotation) is Annotated:
        annotation = get_args(annotation)[0]
    if get_origin(annotation) is Literal:
        return "choice", unlimited, get_args(annotation)
    forms: dict[Any, Form] = {bool: "bool", int: "integer", float: "number"}
    if annotation not in forms:
        raise TypeError(f"a table option is a bool, an int, a float or a Literal, not {annotation}")
    return forms[annotation], unlimited, ()


def _bounds(field: FieldInfo, form: Form) -> tuple[float, float]:
    """The least and the most of a number or a whole number (see :class:`TableOption`)."""
    if form not in ("number", "integer"):
        return -math.inf, math.inf
    found = {
        name: getattr(part, name)
        for part in field.metadata
        for name in ("ge", "gt", "le", "lt")
        if hasattr(part, name)
    }
    step = 1 if form == "integer" else 0
    least = found["ge"] if "ge" in found else found["gt"] + step if "gt" in found else None
    if form == "number" and "ge" in found:
        raise TypeError("a number option is bounded below with gt (the page says « greater than »)")
    most = found["le"] if "le" in found else found["lt"] - step if "lt" in found and step else None
    if least is None or most is None:
        raise TypeError("a number or whole-number option gives both its bounds (Field(ge/gt=..., le=...))")
    return float(least), float(most)
