"""French messages read as French: « » quotes, no English left over, no Python internals; the help
describes commands with infinitives. The catalogs are scanned, then real errors are provoked."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import typer
from babel.messages.pofile import read_po

from meneur.cli.app import LazyGroup, build_app
from meneur.cli.app import commands as root_commands
from meneur.i18n import LOCALES_DIR, set_language
from meneur.i18n.domains import DOMAINS
from tests.cli_helpers import run_cli

DOMAIN_NAMES = [domain for domain, _patterns in DOMAINS]
# A quotation in straight quotes: « 'combatants' » after a space, a bracket or a colon.
STRAIGHT_QUOTES = re.compile(r"(?:^|[\s(:])'[^'\s][^']*'")
INTERNALS = (
    "Errno",
    "KeyError",
    "ValueError",
    "Traceback",
    "Expecting value",
    "Field required",
    "Input should",
    "None",
    "True",
    "False",
    "NoneType",
)
# Shell commands written as the shell wants them.
QUOTES_ALLOWED = ("pip install 'meneur[distributed]'", "pip install 'meneur[server]'")


def _french(domain: str) -> list[tuple[str, str]]:
    with (LOCALES_DIR / "fr" / "LC_MESSAGES" / f"{domain}.po").open("rb") as handle:
        catalog = read_po(handle)
    pairs = []
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        pairs += [(ids[0], text) for text in strings]
    return pairs


@pytest.mark.parametrize("domain", DOMAIN_NAMES)
def test_french_catalogs_quote_with_guillemets(domain: str) -> None:
    wrong = [
        text
        for _id, text in _french(domain)
        if STRAIGHT_QUOTES.search(text.replace("[blue]", " "))
        and not any(allowed in text for allowed in QUOTES_ALLOWED)
    ]
    assert wrong == []


@pytest.mark.parametrize("domain", DOMAIN_NAMES)
def test_french_catalogs_hold_no_python_internals(domain: str) -> None:
    wrong = [
        text
        for msgid, text in _french(domain)
        if any(word in text and word not in msgid for word in INTERNALS)
        or any(re.search(rf"\b{word}\b", text) for word in ("None", "True", "False", "Errno"))
    ]
    assert wrong == []


@pytest.mark.parametrize("domain", DOMAIN_NAMES)
def test_french_catalogs_leave_no_english_sentence(domain: str) -> None:
    """A French text equal to its English source is English left over, unless it has no sentence
    (placeholders, keys, numbers)."""
    wrong = [
        text
        for msgid, text in _french(domain)
        if text == msgid and len(re.findall(r"\b[a-z]{3,}\b", re.sub(r"\{[^}]*\}", "", text))) >= 3
    ]
    assert wrong == []


def _leaves(command: object, path: list[str]) -> list[tuple[list[str], object]]:
    found = []
    for name, sub in sorted(getattr(command, "commands", {}).items()):
        if sub.hidden:
            continue
        found += _leaves(sub, [*path, name]) if getattr(sub, "commands", None) else [([*path, name], sub)]
    return found


# Words a French description may start with although they are no infinitive.
NOT_VERBS = {"3D6"}


def test_french_help_describes_each_command_with_an_infinitive() -> None:
    set_language("fr")
    try:
        group = typer.main.get_command(build_app())
        assert isinstance(group, LazyGroup)
        leaves: list[tuple[list[str], object]] = []
        for entry in root_commands():
            if not entry.hidden:
                root = group.command_for(entry.name)
                alone = [([entry.name], root)]
                leaves += _leaves(root, [entry.name]) if getattr(root, "commands", None) else alone
        first = {" ".join(path): (getattr(command, "help", "") or "").split()[0] for path, command in leaves}
    finally:
        set_language("fr")
    wrong = {
        path: word
        for path, word in first.items()
        if not re.fullmatch(r"[A-ZÉ][a-zéèêàç]+(er|ir|re),?", word) and word not in NOT_VERBS
    }
    assert wrong == {}


# A file that is a folder, a file that is not JSON, a file with a field missing: each system says so
# in French, with no English and no Python internals.
@pytest.mark.parametrize(
    ("verb", "extra"),
    [
        (["insmv", "show"], []),
        (["warzone", "show"], []),
        (["carpathes", "chronicle", "show"], []),
        (["insmv", "test"], ["--value", "3", "--being", "x"]),
    ],
)
@pytest.mark.parametrize("content", [None, "{bad", "[1, 2]", '{"meneur": 1}'])
def test_file_errors_in_french_hold_no_internals(
    tmp_path: Path, verb: list[str], extra: list[str], content: str | None
) -> None:
    path = tmp_path / "file.json"
    if content is None:
        path.mkdir()
    else:
        path.write_text(content)
    result = run_cli([*verb, str(path), *extra], "fr")
    assert result.exit_code == 2, result.stderr
    for word in (*INTERNALS, "Error:", "Invalid", "[Errno"):
        assert word not in result.stderr, (word, result.stderr)
