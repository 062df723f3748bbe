"""The one translator of validation errors into the user's language.

pydantic explains a bad field in English (``Field required``, ``Input should be a valid integer``);
users read French by default. :func:`explain` turns every problem of a ``ValidationError`` into a
:class:`~meneur.i18n.Message` naming the field (``combatants.2.vigor``) and saying what to write
instead, and gathers them into one :class:`~meneur.errors.BadInputError`. Every file reader and
every option validated by a model goes through it, so no library English reaches a user.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from meneur.errors import BadInputError
from meneur.i18n import N_, Message

if TYPE_CHECKING:
    from pydantic import ValidationError

MAX_SHOWN = 8
"""Problems listed in one message; the rest are counted."""

_TEXTS: dict[str, str] = {
    "missing": N_("required: add it"),
    "extra_forbidden": N_("unknown field: remove it or check its spelling"),
    "unexpected_keyword_argument": N_("unknown field: remove it or check its spelling"),
    "missing_argument": N_("required: add it"),
    "json_invalid": N_("is not valid JSON"),
    "int_from_float": N_("must be a whole number"),
    "int_type": N_("must be a whole number"),
    "int_parsing": N_("must be a whole number"),
    "float_type": N_("must be a number"),
    "float_parsing": N_("must be a number"),
    "finite_number": N_("must be a finite number (not NaN or infinity)"),
    "bool_type": N_("must be true or false"),
    "bool_parsing": N_("must be true or false"),
    "string_type": N_("must be text"),
    "string_too_short": N_("must not be empty"),
    "string_too_long": N_("must be at most {max_length} characters long"),
    "too_short": N_("has too few items"),
    "too_long": N_("has too many items (at most {max_length})"),
    "greater_than_equal": N_("must be at least {ge}"),
    "greater_than": N_("must be more than {gt}"),
    "less_than_equal": N_("must be at most {le}"),
    "less_than": N_("must be less than {lt}"),
    "literal_error": N_("must be one of: {expected}"),
    "enum": N_("must be one of: {expected}"),
    "list_type": N_("must be a list"),
    "tuple_type": N_("must be a list"),
    "set_type": N_("must be a list"),
    "dict_type": N_("must be a mapping (name: value)"),
    "model_type": N_("must be a mapping (name: value)"),
    "model_attributes_type": N_("must be a mapping (name: value)"),
    "dataclass_type": N_("must be a mapping (name: value)"),
    "dataclass_exact_type": N_("must be a mapping (name: value)"),
    "union_tag_invalid": N_("has an unknown kind: use one of {expected_tags}"),
    "union_tag_not_found": N_("must say its kind ({discriminator})"),
    "none_required": N_("must be left empty"),
    "recursion_loop": N_("refers to itself"),
}


def _field(loc: tuple[int | str, ...], where: str) -> str:
    parts = [str(part) for part in loc if not str(part).startswith(("function-", "tagged-union"))]
    return ".".join(p for p in (where, *parts) if p) or "-"


def issue_text(issue: Mapping[str, Any]) -> Message:
    """What is wrong with one problem pydantic listed, without the field's name."""
    kind = issue["type"]
    context: dict[str, Any] = dict(issue.get("ctx") or {})
    msgid = _TEXTS.get(kind)
    if msgid is None and kind == "value_error" and isinstance(context.get("error"), Exception):
        error = context["error"]
        message = getattr(error, "message", None)
        if isinstance(message, Message):
            return message
    if msgid is None:
        return Message("core", N_("is not valid here"))
    params = {name: str(value) for name, value in context.items() if isinstance(value, str | int | float)}
    if "expected" in params:
        params["expected"] = params["expected"].replace("'", "").replace(" or ", ", ")
    return Message("core", msgid, params)


def problem_lines(error: ValidationError, where: str = "") -> list[Message]:
    """One message per problem: ``field: what is wrong and what to do``."""
    return issue_lines(error.errors(include_url=False), where)


def issue_lines(issues: Sequence[Mapping[str, Any]], where: str = "") -> list[Message]:
    """One message per problem pydantic listed (a ``ValidationError``'s, or a web framework's that
    validated a request with pydantic): ``field: what is wrong and what to do``."""
    lines = []
    for issue in issues[:MAX_SHOWN]:
        lines.append(
            Message(
                "core",
                N_("{field}: {problem}"),
                {"field": _field(issue["loc"], where), "problem": issue_text(issue)},
            )
        )
    extra = len(issues) - MAX_SHOWN
    if extra > 0:
        lines.append(Message("core", N_("... and {count} more problems."), {"count": extra}))
    return lines


class _Lines(Message):
    """Several messages shown as one, a line each."""

    def render(self, lang: str | None = None) -> str:
        return "\n".join(line.render(lang) for line in self.params["lines"])


def explain(error: ValidationError, where: str = "") -> BadInputError:
    """A :class:`BadInputError` listing every problem of ``error`` in the user's language.

    Args:
        error: what pydantic found.
        where: the file or command the data came from, prefixed to each field's path.
    """
    return explain_lines(problem_lines(error, where))


def explain_lines(lines: list[Message]) -> BadInputError:
    """A :class:`BadInputError` of the problems ``lines``, a line each."""
    if len(lines) == 1:
        return BadInputError(lines[0])
    return BadInputError(_Lines("core", "", {"lines": lines}))
