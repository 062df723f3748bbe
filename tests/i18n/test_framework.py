"""``meneur.i18n.framework``: Click's and Typer's English sentences re-built in the current language."""

from __future__ import annotations

import string

import pytest
from typer import rich_utils
from typer._click.exceptions import BadParameter, MissingParameter, NoSuchOption, UsageError

from meneur.i18n import set_language, translate
from meneur.i18n.framework import ERRORS, RICH_CONSTANTS, install, translate_error, translate_usage


def _sample(template: str) -> tuple[str, dict[str, str]]:
    """The template filled with distinct values that match no shape, and those values."""
    values: dict[str, str] = {}
    out = []
    for literal, name, _spec, _conv in string.Formatter().parse(template):
        out.append(literal)
        if name:
            values[name] = f"<{name}-{len(values)}>"
            out.append(values[name])
    return "".join(out), values


def _expected(msgid: str, lang: str, values: dict[str, str]) -> str:
    pieces = string.Formatter().parse(translate("framework", msgid, lang))
    return "".join(literal + (values[name] if name else "") for literal, name, _s, _c in pieces)


@pytest.mark.parametrize("lang", ["fr", "en", "pl"])
@pytest.mark.parametrize("msgid", ERRORS)
def test_each_shape_is_recognised_and_not_shadowed(msgid: str, lang: str) -> None:
    english, values = _sample(msgid)
    set_language(lang)
    assert translate_error(english) == _expected(msgid, lang, values)


def test_nested_messages_are_translated_too() -> None:
    english = (
        "Invalid value for '--seed': Input should be a valid integer, unable to parse string as an integer"
    )
    assert translate_error(english) == (
        "Valeur invalide pour « --seed » : un nombre entier est attendu, ce texte n'en est pas un"
    )


def test_other_fields_are_copied_even_when_they_look_like_a_sentence() -> None:
    assert translate_error("No such option: Missing command.") == "Option inconnue : Missing command."


@pytest.mark.parametrize("text", ["", "Something Click never says.", "Missing command"])
def test_unknown_text_is_left_unchanged(text: str) -> None:
    assert translate_error(text) == text


# Each exception built the way the vendored Click builds it: its own English must have a shape.
REAL = [
    (NoSuchOption("--x"), "Option inconnue : --x"),
    (NoSuchOption("--sed", possibilities=["--seed"]), "Option inconnue : --sed (options possibles : --seed)"),
    (MissingParameter(param_hint="'file'", param_type="argument"), "Il manque l'argument « file »."),
    (MissingParameter(param_hint="'--trait'", param_type="option"), "Il manque l'option « --trait »."),
    (
        BadParameter("Value must be an iterable.", param_hint="'--n'"),
        "Valeur invalide pour « --n » : La valeur doit être une liste.",
    ),
    (
        BadParameter("Value error, 'x' is not one of 'a', 'b'."),
        "Valeur invalide : « x » n'est pas l'un des choix « a », « b ».",
    ),
    (UsageError("Got unexpected extra argument(s) (a b)"), "En trop sur la ligne de commande : (a b)"),
]


@pytest.mark.parametrize(("error", "french"), REAL)
def test_real_click_messages_are_translated(error: UsageError, french: str) -> None:
    assert translate_error(error.format_message()) == french


@pytest.mark.parametrize(
    ("lang", "args", "expected"),
    [
        ("fr", "[OPTIONS] COMMAND [ARGS]...", "[OPTIONS] COMMANDE [ARGUMENTS]..."),
        ("pl", "[OPTIONS] {expression}", "[OPCJE] {expression}"),
        ("en", "[OPTIONS] COMMAND [ARGS]...", "[OPTIONS] COMMAND [ARGS]..."),
        ("fr", "{state}", "{state}"),
    ],
)
def test_usage_placeholders(lang: str, args: str, expected: str) -> None:
    set_language(lang)
    assert translate_usage(args) == expected


def test_every_rich_constant_exists_in_typer() -> None:
    install()
    for name in RICH_CONSTANTS:
        assert isinstance(getattr(rich_utils, name), str)


def test_install_twice_wraps_once() -> None:
    install()
    first = rich_utils.rich_format_help
    install()
    assert rich_utils.rich_format_help is first
