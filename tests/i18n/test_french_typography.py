"""French typography in every French catalog (docs/CONTRIBUTING.md, "Translations"): « que » and « de »
elide before a vowel (« qu'entre », « d'Agent »), plurals are counted messages, never « (s) », and a
non-breaking space (U+00A0) comes before « : ; ! ? ». A message agreeing with a character's gender
gives its three forms (masculine, feminine, épicène)."""

from __future__ import annotations

import re
import string

import pytest
from babel.messages.pofile import read_po

from meneur.i18n import LOCALES_DIR
from meneur.i18n.domains import DOMAINS

DOMAIN_NAMES = [domain for domain, _patterns in DOMAINS]
VOWELS = "aeiouyàâäéèêëîïôöûüAEIOUYÀÂÉÈÊËÎÏÔÖÛÜ"
# A word that starts with a vowel and is not a letter or an acronym (« de A », « de YAML » are right).
VOWEL_WORD = rf"[{VOWELS}](?![A-Z\s,.)])"
NOT_ELIDED = re.compile(rf"\b(?:[Qq]ue|[Dd]e) (?={VOWEL_WORD})")
PLURAL_IN_BRACKETS = re.compile(r"\((?:s|e|es|x)\)")
# A mark that ends a word or a closing bracket/quote, with a plain space or none before it.
NO_NBSP = re.compile(r"(?<=[\w»)\]}'\"%.…])[ ]?(?:[;!?](?=[\s»)\"'.,]|$)|:(?=\s|$))|^ ?[;:!?](?=\s)")
PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def _french(domain: str) -> list[str]:
    with (LOCALES_DIR / "fr" / "LC_MESSAGES" / f"{domain}.po").open("rb") as handle:
        catalog = read_po(handle)
    texts: list[str] = []
    for message in list(catalog)[1:]:
        texts += list(message.string) if isinstance(message.string, tuple) else [message.string]
    return texts


def _outside_placeholders(text: str) -> str:
    return PLACEHOLDER.sub(lambda m: "X" if m.group(0) != "{}" else "", text)


@pytest.mark.parametrize("domain", DOMAIN_NAMES)
def test_que_and_de_elide_before_a_vowel(domain: str) -> None:
    assert [t for t in _french(domain) if NOT_ELIDED.search(_outside_placeholders(t))] == []


@pytest.mark.parametrize("domain", DOMAIN_NAMES)
def test_no_plural_in_brackets(domain: str) -> None:
    assert [t for t in _french(domain) if PLURAL_IN_BRACKETS.search(t)] == []


@pytest.mark.parametrize("domain", DOMAIN_NAMES)
def test_a_non_breaking_space_before_colon_semicolon_and_marks(domain: str) -> None:
    assert [t for t in _french(domain) if NO_NBSP.search(_outside_placeholders(t))] == []


SPACED_PERCENT = re.compile(r"[\w}] %")


@pytest.mark.parametrize("domain", DOMAIN_NAMES)
def test_a_non_breaking_space_before_the_percent_sign(domain: str) -> None:
    """« 77,78 % » never breaks between the number and its sign."""
    assert [t for t in _french(domain) if SPACED_PERCENT.search(t)] == []


SPACED_METRES = re.compile(r"[\d}] m\b")


@pytest.mark.parametrize("domain", DOMAIN_NAMES)
def test_a_non_breaking_space_between_a_distance_and_its_metres(domain: str) -> None:
    """« 20 m » never breaks between the number and its unit (an action's label wraps on a phone)."""
    assert [t for t in _french(domain) if SPACED_METRES.search(t)] == []


@pytest.mark.parametrize("domain", DOMAIN_NAMES)
def test_gendered_words_give_three_forms(domain: str) -> None:
    """``{gender:masculin|féminin|épicène}`` (meneur.i18n): a text without the épicène form would
    agree wrongly with a character whose file gives no gender."""
    wrong = [
        text
        for text in _french(domain)
        for _lit, field, spec, _conv in string.Formatter().parse(text)
        if field == "gender" and spec is not None and spec.count("|") != 2
    ]
    assert wrong == []


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Possible que entre deux séances.", True),
        ("Le pouvoir de Agent.", True),
        ("3 jeton(s)", True),
        ("Total : 3", True),
        ("Total: 3", True),
        ("; la suite d'une phrase", True),
        ("Le d666 de A, puis « JSON au lieu de YAML ».", False),
        ("Total\u00a0: {value:+d} et NOM:PHYSIQUE", False),
    ],
)
def test_the_patterns_find_what_they_look_for(text: str, found: bool) -> None:
    """The checks above are not vacuous: each pattern finds a known mistake and passes good French."""
    plain = _outside_placeholders(text)
    hits = NOT_ELIDED.search(plain) or PLURAL_IN_BRACKETS.search(plain) or NO_NBSP.search(plain)
    assert bool(hits) is found
