"""French, English and Polish for the words that Typer and its vendored Click print themselves.

Why this module exists: the help "chrome" ("Usage:", the "Options"/"Commands" panels, "[required]")
and the usage errors ("No such option: --x") come from Typer 0.29.2, not from meneur. Its vendored
Click (``typer._click``) builds those sentences as plain English f-strings, with no gettext hook,
and ``typer.rich_utils`` reads its panel titles and labels from module constants translated once,
at import, by the stdlib ``gettext``. No supported setting chooses their language, so
:func:`install` adapts the three places where they reach the screen:

* ``Context.formatter_class`` (Click's extension point for help formatting): a formatter whose
  usage line starts with the translated "Usage: ".
* ``rich_utils.rich_format_help``, ``rich_format_error`` and ``rich_abort_error`` (looked up by
  Typer at call time): wrappers that first set ``rich_utils``' string constants and the
  "Show this message and exit." help of the ``--help`` option in the current language.
* Placeholders: an option's value is named by a word of the current language (``NOMBRE``,
  ``TEXTE``, ``FICHIER``) instead of Typer's ``<int range>``, ``<list[str]>`` or ``<bool>``; a flag
  shows none, and a number's bounds are written in words beside its description (``[de 1 à 6]``).
* Defaults and choices: a glossary key shown as an option's default or among its choices is shown
  as the book's word in the current language (``adulte``, ``adversaires``), as each system declares
  with :func:`add_book_words`; a choice typed as that word is read as its key; a boolean's default
  reads ``oui`` or ``non``.
* Layout: option names and placeholders never wrap; only descriptions do, so no name is cut at 80
  columns. An option's names share one column, its negative form (``--no-x``) on a line below, so
  two long names never squeeze the description out.
* Error messages: the English text that Click built is matched against :data:`ERRORS`, the exact
  shapes of the vendored sources, and re-built from the translated template with the same values.
  Text that matches no shape is shown unchanged, so an upgrade of Typer can only leave a sentence
  in English, never garble it. Typer is pinned; ``tests/i18n/test_framework.py`` and
  ``tests/cli/test_help_language.py`` check the shapes against messages the real library builds.

Everything is translated at the moment it is shown, in the language current then
(:func:`meneur.i18n.get_language`), so one installation serves every language. The message ids are
Typer's and Click's own English words, kept in the ``framework`` domain.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import re
import string
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, wraps
from types import ModuleType
from typing import Any, get_args

from typer._click.core import Context
from typer._click.formatting import HelpFormatter
from typer.core import TyperArgument, TyperOption, _get_default_string

from meneur.i18n import LANGUAGES, N_, Translator, get_language, translate
from meneur.i18n.numbers import decimal
from meneur.i18n.words import fold
from meneur.streams import quiet_closed_readers

_ = Translator("framework")

USAGE = N_("Usage: ")
OPTIONS_METAVAR = N_("[OPTIONS]")  # typer/core.py: the default options_metavar
SUBCOMMAND_METAVAR = N_("COMMAND [ARGS]...")  # typer/core.py: TyperGroup's subcommand_metavar
HELP_OPTION = N_("Show this message and exit.")
QUOTED = N_("'{text}'")  # a name or value Click quotes: « --seed » in French

# The words that name an option's value in help, by Python type or Typer path kind.
PLACEHOLDERS: dict[str, str] = {
    "int": N_("NUMBER"),
    "float": N_("NUMBER"),
    "str": N_("TEXT"),
    "file": N_("FILE"),
    "path": N_("FILE"),
    "dir": N_("FOLDER"),
}
TEXT_PLACEHOLDER = PLACEHOLDERS["str"]
YES = N_("yes")  # a boolean option's default, e.g. [par défaut : oui]
NO = N_("no")
RANGE_BOTH = N_("[from {min} to {max}]")
RANGE_MIN = N_("[at least {min}]")
RANGE_MAX = N_("[at most {max}]")

# rich_utils constant -> its message id, spelled exactly as typer/rich_utils.py spells it.
RICH_CONSTANTS: dict[str, str] = {
    "DEPRECATED_STRING": N_("(deprecated) "),
    "DEFAULT_STRING": N_("[default: {}]"),
    "ENVVAR_STRING": N_("[env var: {}]"),
    "REQUIRED_LONG_STRING": N_("[required]"),
    "ARGUMENTS_PANEL_TITLE": N_("Arguments"),
    "OPTIONS_PANEL_TITLE": N_("Options"),
    "COMMANDS_PANEL_TITLE": N_("Commands"),
    "ERRORS_PANEL_TITLE": N_("Error"),
    "ABORTED_TEXT": N_("Aborted."),
    "RICH_HELP": N_("Try [blue]'{command_path} {help_option}'[/] for help."),
}

# The sentences of Click's and Typer's usage errors, as the vendored sources build them, most
# specific first: the first shape that matches the whole message wins. A field named ``message``
# holds another sentence and is translated in turn; every other field is copied as it is.
ERRORS: tuple[str, ...] = (
    N_("No such command {name}. Did you mean {suggestions}?"),
    N_("No such command {name!r}."),
    N_("Missing command."),
    N_("{message} (Possible options: {options})"),
    N_("No such option: {name}"),
    N_("Got unexpected extra argument(s) ({args})"),
    N_("Missing argument {name}. {message}"),
    N_("Missing argument {name}."),
    N_("Missing option {name}. {message}"),
    N_("Missing option {name}."),
    N_("Missing parameter {name}."),
    N_("Choose from:{choices}"),
    N_("Option {name} requires an argument."),
    N_("Option {name} requires {count} arguments."),
    N_("Option {name} does not take a value."),
    N_("Argument {name} takes {count} values."),
    N_("Invalid value for {hint}: {message}"),
    N_("Invalid value: {message}"),
    N_("Value error, {message}"),
    N_("{value} is not one of {choices}."),
    N_("Value {value} is not a valid {label}."),
    N_("Value must be an iterable."),
    N_("file {name} does not exist."),
    N_("dir {name} does not exist."),
    N_("path {name} does not exist."),
    N_("file {name} is a directory."),
    N_("path {name} is a directory."),
    N_("dir {name} is a file."),
    N_("path {name} is a file."),
    N_("Input should be a valid integer, unable to parse string as an integer"),
    N_("Input should be a valid integer, got a number with a fractional part"),
    N_("Input should be a valid number, unable to parse string as a number"),
    N_("Input should be a valid boolean, unable to interpret input"),
    N_("Input should be {choices} or {last}"),
    N_("Input should be {expected}"),
)


@dataclass(frozen=True)
class _Shape:
    """One error template: its message id and the pattern that recognises its English text."""

    msgid: str
    pattern: re.Pattern[str]


def _pieces(template: str) -> list[tuple[str, str | None]]:
    """The template as (literal text, field name or None) pairs; conversions such as !r dropped."""
    return [(literal, name) for literal, name, _spec, _conv in string.Formatter().parse(template)]


def _pattern(template: str) -> re.Pattern[str]:
    parts = [re.escape(literal) + (f"(?P<{name}>.+?)" if name else "") for literal, name in _pieces(template)]
    return re.compile("".join(parts), re.DOTALL)


@cache
def _shapes() -> tuple[_Shape, ...]:
    return tuple(_Shape(msgid, _pattern(msgid)) for msgid in ERRORS)


def _fill(template: str, values: Mapping[str, str]) -> str:
    """Put already-formatted texts in the fields of ``template`` (no conversion is re-applied)."""
    return "".join(literal + (values[name] if name else "") for literal, name in _pieces(template))


_CLICK_QUOTES = re.compile(r"'([^']*)'")


def _requoted(value: str) -> str:
    """A value Click wrote with its names in straight quotes, quoted the current language's way."""
    return _CLICK_QUOTES.sub(lambda quoted: _(QUOTED, text=quoted.group(1)), value)


def translate_error(text: str) -> str:
    """The current language's version of an English Click/Typer error message.

    Args:
        text: the message as Click formatted it, e.g. ``"No such option: --x"``.

    Returns:
        The translated message, or ``text`` itself when it has none of the known shapes.
    """
    for shape in _shapes():
        found = shape.pattern.fullmatch(text)
        if found:
            values = {name: _requoted(value) for name, value in found.groupdict().items()}
            if "message" in values:
                values["message"] = translate_error(found.group("message"))
            return _fill(_(shape.msgid), values)
    return text


def _set_rich_constants() -> None:
    quiet_closed_readers()  # Typer prints help and errors on consoles of its own
    rich_utils = sys.modules[RICH_UTILS]
    for name, msgid in RICH_CONSTANTS.items():
        setattr(rich_utils, name, _(msgid))


def _translated_help_option(command: Any, ctx: Any) -> None:
    option = command.get_help_option(ctx)
    if option is not None:
        option.help = _(HELP_OPTION)


def _before(func: Callable[..., Any], prepare: Callable[..., None]) -> Callable[..., Any]:
    @wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        prepare(*args, **kwargs)
        return func(*args, **kwargs)

    return wrapper


def _prepare_help(*, obj: Any, ctx: Any, **_rest: Any) -> None:
    _set_rich_constants()
    _translated_help_option(obj, ctx)


def _prepare_error(error: Any) -> None:
    _set_rich_constants()
    if type(error).__name__ == "NoArgsIsHelpError":  # its "message" is the help page itself
        return
    text = translate_error(error.format_message())
    error.format_message = lambda: text


def _prepare_abort() -> None:
    _set_rich_constants()


BookWord = Callable[[str, str], "str | None"]
"""A system's book words: ``(key, language) -> the word`` in that language, or None when it has none."""

_BOOK_WORDS: list[BookWord] = []


def add_book_words(lookup: BookWord) -> None:
    """Let help show ``lookup``'s words for glossary keys given as defaults or choices.

    Each system's command group calls it when it is built, with the words its catalogs already
    hold (the same word for a key across systems: the glossary's keys are the project's); adding
    the same lookup again changes nothing.
    """
    if lookup not in _BOOK_WORDS:
        _BOOK_WORDS.append(lookup)


def book_word(key: str, lang: str | None = None) -> str:
    """The book's word for ``key`` in ``lang`` (the current language by default); ``key`` itself
    when no system has a word for it."""
    for lookup in _BOOK_WORDS:
        word = lookup(key, lang or get_language())
        if word:
            return word
    return key


def shown_value(value: Any) -> str:
    """A default or a choice as help shows it: a boolean as ``oui``/``non``, an enum member or a
    glossary key as the book's word, anything else as it is typed."""
    if isinstance(value, bool):
        return _(YES if value else NO)
    return book_word(str(getattr(value, "value", value)))


def _typed_choice(param: Any, value: Any) -> Any:
    """``value`` with each book's word of a choice (in any language) replaced by that choice's key."""
    described = param.type_descriptor
    if not described.is_choice or not described.choices:
        return value
    if isinstance(value, (list, tuple)):
        return type(value)(_typed_choice(param, one) for one in value)
    if not isinstance(value, str):
        return value

    keys = [str(getattr(choice, "value", choice)) for choice in described.choices]
    if value in keys:
        return value
    typed = fold(value)
    for key in keys:
        if typed in {fold(key), *(fold(book_word(key, lang)) for lang in LANGUAGES)}:
            return key
    return value


def _reading_words(process_value: Callable[..., Any]) -> Callable[..., Any]:
    """Typer's ``process_value``, reading a choice typed as the book's word as its key."""

    @wraps(process_value)
    def wrapper(self: Any, ctx: Any, value: Any) -> Any:
        return process_value(self, ctx, _typed_choice(self, value))

    return wrapper


def default_text(param: Any, *, ctx: Any, show_default_is_str: bool, default_value: Any) -> str:
    """What ``[default: …]`` shows for ``param``: Typer's text, with booleans as words (``oui``,
    ``non``) instead of a flag's name and glossary keys as the book's words (``adversaires``)."""
    if show_default_is_str or callable(default_value):
        return _get_default_string(
            param, ctx=ctx, show_default_is_str=show_default_is_str, default_value=default_value
        )
    if isinstance(default_value, (list, tuple)):
        parts = [
            default_text(param, ctx=ctx, show_default_is_str=False, default_value=one)
            for one in default_value
        ]
        return ", ".join(part for part in parts if part)
    if getattr(param, "is_bool_flag", False):
        if param.secondary_opts:
            return shown_value(bool(param.default))
        return shown_value(True) if default_value else ""
    return shown_value(default_value)


def placeholder(param: Any, ctx: Any = None) -> str | None:
    """The word that names ``param``'s value in help, in the current language (None for a flag).

    An explicit ``metavar`` wins (an argument shows it as its name already, so no second word); a
    list shows its element's word followed by ``,...``: its values are separated by commas.
    """
    del ctx
    if param.metavar is not None:
        return None if isinstance(param, TyperArgument) else str(param.metavar)
    if getattr(param, "is_flag", False):
        return None
    described = param.type_descriptor
    if described.is_choice:
        label = "|".join(shown_value(choice) for choice in described.choices or ())
    elif described.is_path:
        label = _(PLACEHOLDERS.get(described.path_type, PLACEHOLDERS["path"]))
    else:
        annotation = described.annotation
        if described.is_list and get_args(annotation):
            annotation = get_args(annotation)[0]
        name = getattr(annotation, "__name__", "")
        label = _(PLACEHOLDERS.get(name, TEXT_PLACEHOLDER))
    return label + ",..." if described.is_list else label


def _number(value: float) -> str:
    return decimal(value, "0.###")


def bounds(param: Any) -> str | None:
    """A number option's bounds in words (``[de 1 à 6]``), or None when it has none."""
    low, high = getattr(param, "min", None), getattr(param, "max", None)
    if low is not None and high is not None:
        return _(RANGE_BOTH, min=_number(low), max=_number(high))
    if low is not None:
        return _(RANGE_MIN, min=_number(low))
    if high is not None:
        return _(RANGE_MAX, max=_number(high))
    return None


def _usage_name(argument: Any) -> str:
    """An argument in the usage line as Click writes it: ``FICHIER`` when required, ``[FICHIER]``
    when not (Typer's ``{FICHIER}`` reads as a set to be typed literally)."""
    name = str(argument.display_name_raw)
    name = name if argument.required else f"[{name}]"
    return name + "..." if argument.nargs != 1 else name


def _no_range(_param: Any) -> None:
    return None  # the bounds are written in words beside the description instead


def _with_bounds(func: Callable[..., Any]) -> Callable[..., Any]:
    """``rich_utils._get_parameter_help`` with the bounds in words after the description."""

    @wraps(func)
    def wrapper(*, param: Any, **kwargs: Any) -> Any:
        columns = func(param=param, **kwargs)
        words = bounds(param)
        if words is not None:
            from rich.text import Text  # Rich loads with the first help page, not with this module

            columns.renderables.insert(1 if getattr(param, "help", None) else 0, Text(words, style="dim"))
        return columns

    return wrapper


OPTION_CELLS = 6
"""Typer's cells of an option's row (after the required mark): long names, short names, negative
long names, negative short names, placeholder, description."""


def _names_cell(cells: Sequence[Any]) -> Any:
    """An option's names in one cell: ``--character -c``, then its negative form (``--no-x``) on a
    line of its own, so that two long names do not sit side by side and squeeze the description."""
    from rich.text import Text  # as above: Rich loads with the first help page

    texts = [cell if isinstance(cell, Text) else Text(str(cell)) for cell in cells]
    lines = [Text(" ").join(text for text in pair if text.plain) for pair in (texts[:2], texts[2:])]
    return Text("\n").join(line for line in lines if line.plain)


def _merged_names(renderables: tuple[Any, ...]) -> tuple[Any, ...]:
    """An options panel's row with the names in one column (a commands panel's row unchanged)."""
    if len(renderables) not in (OPTION_CELLS, OPTION_CELLS + 1):
        return renderables
    required, names, rest = renderables[:-OPTION_CELLS], renderables[-OPTION_CELLS:-2], renderables[-2:]
    return (*required, _names_cell(names), *rest)


def _names_table(table_class: type[Any]) -> type[Any]:
    """Rich's table whose every column but the last never wraps: names whole, descriptions wrapped."""

    class NamesTable(table_class):  # type: ignore[misc]
        def add_row(self, *renderables: Any, **kwargs: Any) -> None:
            super().add_row(*_merged_names(renderables), **kwargs)
            for column in self.columns[:-1]:
                column.no_wrap = True

    return NamesTable


def _without_emoji(make: Callable[..., Any]) -> Callable[..., Any]:
    """Typer's help and error console, showing ``:vampire:`` as typed instead of a picture."""

    @wraps(make)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        console = make(*args, **kwargs)
        console._emoji = False  # Rich reads this attribute when it renders text
        return console

    return wrapper


def translate_usage(args: str) -> str:
    """The usage line's arguments with Typer's default placeholders in the current language.

    Args:
        args: what follows the program name, e.g. ``"[OPTIONS] COMMAND [ARGS]..."``.
    """
    if args.startswith(OPTIONS_METAVAR):
        args = _(OPTIONS_METAVAR) + args.removeprefix(OPTIONS_METAVAR)
    if args.endswith(SUBCOMMAND_METAVAR):
        args = args.removesuffix(SUBCOMMAND_METAVAR) + _(SUBCOMMAND_METAVAR)
    return args


class TranslatedHelpFormatter(HelpFormatter):
    """Click's help formatter with the usage line's own words in the current language."""

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        super().write_usage(prog, translate_usage(args), _(USAGE) if prefix is None else prefix)


RICH_UTILS = "typer.rich_utils"
_installed: list[bool] = []


def _adapt_rich_utils(rich_utils: Any) -> None:
    """Translate what ``typer.rich_utils`` shows (done once, when the module is first imported)."""
    # Typer styles the usage prefix by matching its English spelling; match every language's.
    prefixes = [rf"(?P<usage>{re.escape(translate('framework', USAGE, lang))})" for lang in LANGUAGES]
    rich_utils.OptionHighlighter.highlights = [*rich_utils.OptionHighlighter.highlights, *prefixes]
    rich_utils.Table = _names_table(rich_utils.Table)
    rich_utils._get_rich_console = _without_emoji(rich_utils._get_rich_console)
    rich_utils._get_parameter_help = _with_bounds(rich_utils._get_parameter_help)
    rich_utils.rich_format_help = _before(rich_utils.rich_format_help, _prepare_help)
    rich_utils.rich_format_error = _before(rich_utils.rich_format_error, _prepare_error)
    rich_utils.rich_abort_error = _before(rich_utils.rich_abort_error, _prepare_abort)


class _AdaptOnImport(importlib.abc.MetaPathFinder):
    """Adapts ``typer.rich_utils`` right after it is imported: Typer imports it (and Rich) only to
    show help or an error, so a command that shows neither, like ``meneur --version``, skips Rich."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname != RICH_UTILS:
            return None
        sys.meta_path.remove(self)
        spec = importlib.util.find_spec(fullname)
        if spec is None or spec.loader is None:
            return spec
        loader = spec.loader
        run = loader.exec_module

        def exec_module(module: ModuleType) -> None:
            run(module)
            _adapt_rich_utils(module)

        loader.exec_module = exec_module  # type: ignore[method-assign]
        return spec


def install() -> None:
    """Make Typer and Click speak the current language; calling it again changes nothing.

    Call it before a command tree is first run (``meneur.cli.main`` and the CLI test helper do).
    """
    if _installed:
        return
    _installed.append(True)
    Context.formatter_class = TranslatedHelpFormatter
    for parameter_class in (TyperOption, TyperArgument):
        parameter_class.display_type_rich = placeholder  # type: ignore[method-assign, assignment]
        parameter_class._get_number_range_help_str = _no_range  # type: ignore[method-assign, assignment]
        parameter_class._get_default_string = default_text  # type: ignore[method-assign, assignment]
        parameter_class.process_value = _reading_words(parameter_class.process_value)  # type: ignore[method-assign]
    TyperArgument._usage_display_name = _usage_name  # type: ignore[method-assign, assignment]
    if RICH_UTILS in sys.modules:
        _adapt_rich_utils(sys.modules[RICH_UTILS])
    else:
        sys.meta_path.insert(0, _AdaptOnImport())
