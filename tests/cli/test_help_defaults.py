"""Help shows defaults and choices in the interface's language: a glossary key given as an option's
default or among its choices is shown as the book's word (``humain``, ``mains nues``,
``adversaires``), a boolean's default as ``oui``/``non``, never as a flag's name; a choice typed as
the book's word is read as its key. Every command of every system is walked, in French and English.
"""

from __future__ import annotations

import json
import re
import shutil
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import pytest
import typer
from typer.testing import CliRunner

from meneur.i18n import set_language, translate
from meneur.i18n.framework import add_book_words
from meneur.i18n.words import fold
from tests.cli.test_help_fits import ROOTS, commands
from tests.cli_helpers import run_cli

DEFAULT = {"fr": re.compile(r"\[par défaut : (.+?)\]"), "en": re.compile(r"\[default: (.+?)\]")}
BOOLEANS = {"fr": {"oui", "non"}, "en": {"yes", "no"}}


def french_words() -> dict[str, str]:
    """Glossary key -> the book's French word, read from each system's own word tables (not from
    what the help layer was told), where the word differs from the key."""
    from meneur.systems.carpathes.words import FRENCH
    from meneur.systems.energy import names
    from meneur.systems.energy.combat import words
    from meneur.systems.insmv.words import BODY_SHOWN, KIND_SHOWN

    found: dict[str, str] = {key: translate(words.DOMAIN, msgid, "fr") for key, msgid in words.WORDS.items()}
    for table in (names.MATURITY_NAMES, names.LIVING_STANDARD_NAMES, names.APTITUDE_NAMES, names.STATE_NAMES):
        found.update({member.value: translate(names.DOMAIN, msgid, "fr") for member, msgid in table.items()})
    for group, table in FRENCH.items():
        if group != "CombatantFlag":  # typed forms (« blesse »), not words shown
            found.update(table)
    found.update(KIND_SHOWN)
    found.update(BODY_SHOWN)
    return {key: word for key, word in found.items() if fold(word) != fold(key)}


def _flat(text: str) -> str:
    return " ".join(text.replace("│", " ").split())


def shown_defaults(lang: str, root: str) -> list[tuple[list[str], str, set[str]]]:
    """(command path, each default its help shows, the names of its two-way flags without dashes)."""
    found = []
    for path, command in commands(root, lang):
        result = run_cli([*path, "--help"], lang)
        assert result.exit_code == 0, path
        two_way = [param for param in command.params if getattr(param, "secondary_opts", ())]
        flags = {name.lstrip("-") for param in two_way for name in (*param.opts, *param.secondary_opts)}
        for default in DEFAULT[lang].findall(_flat(result.stdout)):
            found.append((path, default, flags))
    return found


@pytest.mark.parametrize("root", ROOTS)
def test_no_glossary_key_is_shown_in_french_where_the_book_has_a_word(root: str) -> None:
    words = french_words()
    for path, default, flags in shown_defaults("fr", root):
        assert default not in words, (path, default, words.get(default))
        assert default not in flags and default not in ("True", "False"), (path, default)


@pytest.mark.parametrize("root", ROOTS)
def test_no_boolean_default_is_a_flag_name_in_english(root: str) -> None:
    for path, default, flags in shown_defaults("en", root):
        assert default not in flags and default not in ("True", "False"), (path, default)


@pytest.mark.parametrize(
    ("lang", "command", "shown"),
    [
        ("fr", ["carpathes", "attack"], {"mains nues", "humain", "marge"}),
        ("en", ["carpathes", "attack"], {"bare_hands", "human", "margin"}),
        ("fr", ["insmv", "odds"], {"humain"}),
        ("en", ["insmv", "odds"], {"human"}),
        ("fr", ["energy", "fight", "auto"], {"adversaires"}),
        ("en", ["energy", "fight", "auto"], {"foes"}),
        ("fr", ["energy", "campaign", "new"], {"oui"}),
        ("en", ["energy", "campaign", "new"], {"yes"}),
    ],
)
def test_defaults_are_the_books_words_of_the_interface_language(
    lang: str, command: list[str], shown: set[str]
) -> None:
    out = _flat(run_cli([*command, "--help"], lang).stdout)
    assert shown <= set(DEFAULT[lang].findall(out)), DEFAULT[lang].findall(out)


@pytest.mark.parametrize(("lang", "typed"), [("fr", "adversaires"), ("en", "adversaires"), ("fr", "foes")])
def test_a_side_typed_as_the_books_word_is_read(tmp_path: Path, lang: str, typed: str) -> None:
    """`--sides adversaires` plays the foes, as `--sides foes` does."""
    from tests.energy.ai.helpers import DEMO

    fight = tmp_path / "demo.yaml"
    shutil.copy(DEMO, fight)
    result = run_cli(["energy", "fight", "auto", str(fight), "--sides", typed, "--seed", "3", "--json"], lang)
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["played"] > 0


class Side(StrEnum):
    HEROES = "heroes"
    FOES = "foes"


def _choice_app() -> typer.Typer:
    """A command with a choice among glossary keys, as a system would write one."""
    from meneur.systems.energy.cli.words import book_word

    add_book_words(book_word)
    app = typer.Typer()

    @app.command()
    def pick(side: Annotated[Side, typer.Option("--side", help="The side.")] = Side.FOES) -> None:
        typer.echo(side.value)

    return app


def _run(app: typer.Typer, args: list[str], lang: str) -> Any:
    set_language(lang)
    try:
        return CliRunner().invoke(app, args, catch_exceptions=False)
    finally:
        set_language("fr")


@pytest.mark.parametrize(
    ("lang", "choices", "default"),
    [("fr", "héros|adversaires", "adversaires"), ("en", "heroes|foes", "foes")],
)
def test_choices_are_shown_as_the_books_words(lang: str, choices: str, default: str) -> None:
    out = _flat(_run(_choice_app(), ["--help"], lang).stdout)
    assert choices in out
    assert default in DEFAULT[lang].findall(out)


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize(
    ("typed", "key"), [("adversaires", "foes"), ("Héros", "heroes"), ("heros", "heroes"), ("foes", "foes")]
)
def test_a_choice_typed_as_the_books_word_is_its_key(lang: str, typed: str, key: str) -> None:
    result = _run(_choice_app(), ["--side", typed], lang)
    assert result.exit_code == 0, result.output
    assert result.stdout.strip() == key


def test_a_choice_that_is_no_word_is_still_refused() -> None:
    assert _run(_choice_app(), ["--side", "tous"], "en").exit_code == 2
