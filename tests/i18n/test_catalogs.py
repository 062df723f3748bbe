"""Every user-facing string is translated: each required catalog holds each message."""

from __future__ import annotations

import importlib.util
import re
import string
from functools import cache
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from meneur.i18n import LOCALES_DIR, P_, Message, Translator, resolve_language, set_language, translate
from meneur.i18n.domains import PLURAL_FORMS, REQUIRED, domain_of

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src"
SOURCES = sorted((SRC / "meneur").rglob("*.py"))
_spec = importlib.util.spec_from_file_location("i18n_script", ROOT / "scripts" / "i18n.py")
assert _spec is not None and _spec.loader is not None
SCRIPT = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(SCRIPT)

MsgId = str | tuple[str, str]

pytestmark = pytest.mark.xdist_group("catalogs")
"""One worker runs this file: the sources' messages are extracted once per run, not once per worker."""


@cache
def messages() -> dict[str, set[MsgId]]:
    """Each domain's messages, from the sources and the web pages' templates, as
    ``scripts/i18n.py update`` extracts them (once, when a test first asks: the tests are collected
    without it)."""
    found: dict[str, set[MsgId]] = SCRIPT.extract()
    return found


CATALOGS = [(domain, lang) for domain, langs in REQUIRED.items() for lang in langs]
"""Each domain with each language it must be translated into."""
PO_FILES = sorted(LOCALES_DIR.glob("*/LC_MESSAGES/*.po"))


@cache
def po(lang: str, domain: str) -> Catalog:
    with (LOCALES_DIR / lang / "LC_MESSAGES" / f"{domain}.po").open("rb") as handle:
        return read_po(handle, locale=lang)


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def _sorted(found: set[MsgId]) -> list[MsgId]:
    return sorted(found, key=lambda m: m if isinstance(m, str) else m[0])


@pytest.mark.parametrize(("domain", "lang"), CATALOGS)
def test_every_message_is_translated(domain: str, lang: str) -> None:
    """French and Polish translate everything; English only what differs, and every plural form.
    Every message of the domain is checked and every problem listed."""
    problems = [
        problem for msgid in _sorted(messages()[domain]) for problem in _problems(domain, lang, msgid)
    ]
    assert not problems, "\n".join(problems)


def test_an_untranslated_message_is_a_problem_named_with_its_catalog() -> None:
    assert _problems("core", "fr", "No such message, ever") == [
        "fr/LC_MESSAGES/core.po misses 'No such message, ever': run scripts/i18n.py update"
    ]
    assert _problems("core", "fr", ("One missing thing", "{n} missing things")) != []


def _problems(domain: str, lang: str, msgid: MsgId) -> list[str]:
    """What is wrong with ``msgid``'s entry in the ``lang`` catalog of ``domain`` (nothing: it is
    translated as it must be)."""
    key = msgid if isinstance(msgid, str) else msgid[0]
    entry = po(lang, domain).get(key)
    if entry is None:
        return [f"{lang}/LC_MESSAGES/{domain}.po misses {key!r}: run scripts/i18n.py update"]
    if isinstance(msgid, tuple):
        forms = entry.string if isinstance(entry.string, tuple | list) else (entry.string,)
        if not entry.pluralizable:
            return [f"{lang}/{domain}: {key!r} must be a plural entry (run update)"]
        if len(forms) != PLURAL_FORMS[lang][0] or not all(forms):
            return [f"plural forms missing in {lang}/{domain}: {key!r}"]
        wanted = _fields(msgid[0]) | _fields(msgid[1])
        return [f"placeholders in {lang}/{domain}: {form!r}" for form in forms if _fields(form) != wanted]
    translated = entry.string
    if not isinstance(translated, str):
        return [f"{lang}/{domain}: {msgid!r} is a plural entry of a singular message (run update)"]
    if lang == "en" and not translated:
        return []  # English reads the source itself
    if not translated:
        return [f"{lang}/LC_MESSAGES/{domain}.po does not translate {msgid!r}"]
    if translated == msgid and lang == "en":
        return [f"en/{domain}.po repeats its source: run update"]
    if _fields(translated) != _fields(msgid):
        return [f"placeholders differ in {lang}/{domain}: {msgid!r}"]
    return []


@pytest.mark.parametrize("path", PO_FILES, ids=lambda p: "/".join(p.parts[-3:]))
def test_each_compiled_catalog_matches_its_po(path: Path) -> None:
    """The .mo read at run time is what ``scripts/i18n.py compile`` makes of the .po beside it."""
    lang, domain = path.parent.parent.name, path.stem
    mo = path.with_suffix(".mo")
    assert mo.exists(), f"{mo.name} missing: run scripts/i18n.py compile"
    assert mo.read_bytes() == SCRIPT.compiled(lang, domain), f"{lang}/{mo.name} is stale: run compile"


@pytest.mark.parametrize("path", PO_FILES, ids=lambda p: "/".join(p.parts[-3:]))
def test_catalogs_declare_their_language_plural_rule(path: Path) -> None:
    lang = path.parent.parent.name
    count, expression = PLURAL_FORMS[lang]
    catalog = po(lang, path.stem)
    assert (catalog.num_plurals, catalog.plural_expr) == (count, expression)
    text = path.read_text(encoding="utf-8")
    assert not re.search(r"^#:", text, re.MULTILINE), "source locations make catalogs churn"


@pytest.mark.parametrize("path", PO_FILES, ids=lambda p: "/".join(p.parts[-3:]))
def test_catalogs_are_in_normal_form(path: Path) -> None:
    """Catalogs are as ``update`` writes them, so that merging branches only needs a re-run of it."""
    lang, domain = path.parent.parent.name, path.stem
    normal = SCRIPT.normal(lang, domain, messages()[domain], po(lang, domain))
    import io

    from babel.messages.pofile import write_po

    buffer = io.BytesIO()
    write_po(
        buffer,
        normal,
        width=SCRIPT.WIDTH,
        no_location=True,
        omit_header=False,
        sort_output=True,
        ignore_obsolete=True,
    )
    assert buffer.getvalue() == path.read_bytes(), f"run scripts/i18n.py update {domain}"


@pytest.mark.parametrize(
    ("lang", "forms"),
    [
        ("fr", {0: 0, 1: 0, 2: 1, 5: 1, 100: 1}),
        ("en", {0: 1, 1: 0, 2: 1, 5: 1}),
        ("pl", {0: 2, 1: 0, 2: 1, 4: 1, 5: 2, 12: 2, 22: 1, 25: 2, 102: 1, 112: 2}),
    ],
)
def test_plural_rules_choose_the_language_form(lang: str, forms: dict[int, int]) -> None:
    from meneur.i18n import translations

    plural = translations("core", lang).plural  # type: ignore[attr-defined]
    assert {n: plural(n) for n in forms} == forms


def test_the_suite_sees_messages() -> None:
    assert sum(len(m) for m in messages().values()) > 10


def test_each_file_translates_with_its_own_domain() -> None:
    """A ``Translator`` or ``Message`` names its own file's domain (every file is read; each one that
    does not is listed)."""
    wrong = []
    for path in SOURCES:
        domain = domain_of(path.relative_to(SRC).as_posix())
        used = set(re.findall(r'(?:Translator|Message)\(\s*"([a-z_]+)"', path.read_text(encoding="utf-8")))
        if not used <= {domain}:
            wrong.append(f"{path.relative_to(SRC)} belongs to domain {domain!r} but uses {sorted(used)}")
    assert not wrong, "\n".join(wrong)
    assert len(SOURCES) > 100


def test_catalogs_exist_for_every_required_language() -> None:
    for domain, langs in REQUIRED.items():
        if messages()[domain]:
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
    msgid = sorted(m for m in messages()["insmv"] if isinstance(m, str))[0]
    assert "pl" not in REQUIRED["insmv"]
    assert translate("insmv", msgid, "pl") == translate("insmv", msgid, "en")


@pytest.mark.parametrize("domain", ["warzone", "core", "framework"])
def test_polish_is_required_around_warzone(domain: str) -> None:
    assert REQUIRED[domain] == ("fr", "en", "pl")
    assert messages()[domain]


def test_core_speaks_polish() -> None:
    assert Message("core", "Error: {message}", {"message": "x"}).render("pl") == "Błąd: x"


def test_message_renders_in_each_language() -> None:
    message = Message("core", "Error: {message}", {"message": "x"})
    assert message.render("en") == "Error: x"
    assert message.render("fr") != message.render("en")


@pytest.mark.parametrize(
    ("lang", "count", "text"),
    [
        ("fr", 0, "0 résultat très improbable"),
        ("fr", 1, "1 résultat très improbable"),
        ("fr", 2, "2 résultats très improbables"),
        ("en", 0, "0 very unlikely results"),
        ("en", 1, "1 very unlikely result "),
        ("en", 3, "3 very unlikely results"),
        ("pl", 1, "Nie pokazano 1 bardzo mało prawdopodobnego wyniku"),
        ("pl", 3, "Nie pokazano 3 bardzo mało prawdopodobnych wyników"),
    ],
)
def test_counted_messages_take_the_language_plural(lang: str, count: int, text: str) -> None:
    forms = P_(
        "{count} very unlikely result (less than 0.1% on each side) is not shown.",
        "{count} very unlikely results (less than 0.1% on each side) are not shown.",
    )
    assert Message.counted("core", forms, count).render(lang).startswith(text)
    set_language(lang)
    assert Translator("core")(forms, count=count).startswith(text)
    assert Translator("core")(forms, count=-count).startswith(text.replace(str(count), str(-count), 1))
