"""Every user-facing string is translated: each required catalog holds each message."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file

from meneur.i18n import LOCALES_DIR, Message, catalog, resolve_language, translate
from meneur.i18n.domains import DOMAINS, KEYWORDS, REQUIRED, domain_of

SRC = Path(__file__).resolve().parents[2] / "src"
SOURCES = sorted((SRC / "meneur").rglob("*.py"))


def _messages() -> dict[str, set[str]]:
    found: dict[str, set[str]] = {domain: set() for domain, _ in DOMAINS}
    for path in SOURCES:
        domain = domain_of(path.relative_to(SRC).as_posix())
        for _line, message, _c, _ctx in extract_from_file("python", str(path), keywords=KEYWORDS):
            if isinstance(message, str) and message:
                found[domain].add(message)
    return found


MESSAGES = _messages()
CASES = [(d, lang, m) for d, ms in MESSAGES.items() for lang in REQUIRED[d] for m in sorted(ms)]


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize(("domain", "lang", "msgid"), CASES)
def test_every_message_is_translated(domain: str, lang: str, msgid: str) -> None:
    translated = catalog(domain, lang).get(msgid)
    assert translated, f"{lang}/LC_MESSAGES/{domain}.po misses {msgid!r}: run scripts/i18n.py update"
    assert _fields(translated) == _fields(msgid), f"placeholders differ in {lang}/{domain}: {msgid!r}"


def test_the_suite_sees_messages() -> None:
    assert sum(len(m) for m in MESSAGES.values()) > 10


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.relative_to(SRC).as_posix())
def test_each_file_translates_with_its_own_domain(path: Path) -> None:
    domain = domain_of(path.relative_to(SRC).as_posix())
    text = path.read_text(encoding="utf-8")
    used = set(re.findall(r'(?:Translator|Message)\(\s*"([a-z_]+)"', text))
    assert used <= {domain}, f"{path.name} belongs to domain {domain!r} but uses {used}"


def test_catalogs_exist_for_every_required_language() -> None:
    for domain, langs in REQUIRED.items():
        if MESSAGES[domain]:
            for lang in langs:
                assert (LOCALES_DIR / lang / "LC_MESSAGES" / f"{domain}.po").exists()


def test_language_resolution_order() -> None:
    env = {"MENEUR_LANG": "en", "LANG": "fr_FR.UTF-8"}
    assert resolve_language("fr", env) == "fr"
    assert resolve_language(None, env) == "en"
    assert resolve_language(None, {"LANG": "en_GB.UTF-8"}) == "en"
    assert resolve_language(None, {"LANG": "C"}) == "fr"
    assert resolve_language(None, {"LANG": "C.UTF-8"}) == "fr"
    assert resolve_language(None, {"LC_ALL": "en_US.UTF-8", "LANG": "fr_FR.UTF-8"}) == "en"
    assert resolve_language(None, {"LANG": "de_DE.UTF-8"}) == "fr"


def test_polish_falls_back_to_english() -> None:
    msgid = sorted(MESSAGES["insmv"])[0]
    assert "pl" not in REQUIRED["insmv"]
    assert translate("insmv", msgid, "pl") == translate("insmv", msgid, "en")


@pytest.mark.parametrize("domain", ["warzone", "core", "framework"])
def test_polish_is_required_around_warzone(domain: str) -> None:
    assert REQUIRED[domain] == ("fr", "en", "pl")
    assert MESSAGES[domain]


def test_core_speaks_polish() -> None:
    assert Message("core", "Error: {message}", {"message": "x"}).render("pl") == "Błąd: x"


def test_message_renders_in_each_language() -> None:
    message = Message("core", "Error: {message}", {"message": "x"})
    assert message.render("en") == "Error: x"
    assert message.render("fr") != message.render("en")
