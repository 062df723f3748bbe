"""Help that fits: at 80 columns every option name is whole, and values are named by words of the
interface's language (``NOMBRE``, ``TEXTE``, ``FICHIER``), never by Typer's ``<int range> [x>=0]``,
``<list[str]>``, ``<bool>`` or ``<str>``. Every command of every group is walked, in French and
English.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
import typer
from typer._click.core import Context

from meneur.cli.app import LazyGroup, build_app
from meneur.cli.app import commands as root_commands
from meneur.i18n import set_language
from tests.cli_helpers import run_cli

ROOTS = [entry.name for entry in root_commands() if not entry.hidden]
TYPER_PLACEHOLDERS = re.compile(r"<(int|float|str|bool|path|file|dir|list)|range>|x>=|x<=|<=x|\{[A-Z]+\}")
WORDS = {"fr": {"NOMBRE", "TEXTE", "FICHIER"}, "en": {"NUMBER", "TEXT", "FILE"}}
BOX = "│╭╮╰╯─"


def _tree(command: Any, path: list[str]) -> Iterator[tuple[list[str], Any]]:
    """``command`` and every visible command under it, lazy groups (Energy's campaign, fight) included."""
    yield path, command
    if not hasattr(command, "list_commands"):
        return
    ctx = Context(command)
    for name in sorted(command.list_commands(ctx)):
        sub = command.get_command(ctx, name)
        if sub is not None and not sub.hidden:
            yield from _tree(sub, [*path, name])


def commands(root: str, lang: str = "fr") -> list[tuple[list[str], Any]]:
    """Every command under ``root``, built in ``lang`` (its help texts in that language)."""
    set_language(lang)
    try:
        group = typer.main.get_command(build_app())
        assert isinstance(group, LazyGroup)
        return list(_tree(group.command_for(root), [root]))
    finally:
        set_language("fr")


def _tokens(text: str) -> set[str]:
    return set(re.split(rf"[\s{BOX},().]+", text))


@pytest.fixture(autouse=True)
def _eighty_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("TERMINAL_WIDTH", "80")


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("root", ROOTS)
def test_every_help_fits_80_columns_with_whole_names_and_word_placeholders(root: str, lang: str) -> None:
    seen_words: set[str] = set()
    for path, command in commands(root, lang):
        result = run_cli([*path, "--help"], lang)
        assert result.exit_code == 0, path
        out = result.stdout
        assert max(len(line) for line in out.splitlines()) <= 80, path
        tokens = _tokens(out)
        for param in command.params:
            if getattr(param, "hidden", False):
                continue
            for name in (*param.opts, *param.secondary_opts):
                if name.startswith("-"):
                    assert name in tokens, (path, name)  # whole, never cut nor wrapped
            if getattr(param, "help", None):  # every description keeps room beside the names
                assert param.help.split()[0] in out, (path, param.name)
            if param.param_type_name == "argument":
                assert param.display_name_raw.isupper(), (path, param.name)  # a word, not `name`
        assert not TYPER_PLACEHOLDERS.search(out), (path, TYPER_PLACEHOLDERS.search(out))
        assert "--install-completion" not in out, path
        seen_words |= tokens & WORDS[lang]
    if root not in ("demo",):
        assert seen_words, root


def test_bounds_are_written_in_words() -> None:
    out = run_cli(["carpathes", "initiative", "--help"], "fr").stdout
    assert "[de 1 à 10000]" in " ".join(out.replace("│", " ").split()).replace("\u202f", "")
    out = run_cli(["carpathes", "initiative", "--help"], "en").stdout
    assert "[from 1 to 10000]" in " ".join(out.replace("│", " ").split()).replace(",", "")


@pytest.mark.parametrize(("lang", "word"), [("fr", "NOMBRE"), ("en", "NUMBER"), ("pl", "LICZBA")])
def test_placeholders_are_words_of_the_interface_language(lang: str, word: str) -> None:
    out = run_cli(["warzone", "cast", "--help"], lang).stdout
    assert word in out
    assert "<int" not in out and "<bool>" not in out


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_flag_shows_no_placeholder(lang: str) -> None:
    out = run_cli(["insmv", "test", "--help"], lang).stdout
    line = next(line for line in out.splitlines() if "--json" in line)
    assert line.split("--json")[1].split()[0] in ("Afficher", "Print")
