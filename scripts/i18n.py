"""Keep the gettext catalogs in step with the source (Babel is a development tool only).

    python scripts/i18n.py update [DOMAIN...]  # extract, merge, re-normalise every catalog, compile
    python scripts/i18n.py compile             # rewrite each .mo from its .po
    python scripts/i18n.py check               # list what a required catalog lacks; exit 1 if any
    python scripts/i18n.py fill fr core < translations.json   # set msgstr from {msgid: msgstr}

``update`` is idempotent: run twice, it changes nothing the second time. It writes every catalog in
one normal form (sorted, no source locations, fixed header, each language's Plural-Forms), so a
branch that adds messages merges with a plain re-run of ``update``. English catalogs hold only what
differs from the English source: a message whose ``msgstr`` is empty reads as its ``msgid``;
counted messages (``P_``) get their English forms filled in. French (and Polish for the domains of
``REQUIRED``) must be translated by hand: ``update`` leaves them empty, and ``check`` (and the test
suite) fail until they are filled. In ``fill``, a counted message is keyed by its singular msgid and
its value is the list of forms.
"""

from __future__ import annotations

import io
import json
import re
import sys
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
sys.path.insert(0, str(SRC))

from meneur.i18n import LANGUAGES, LOCALES_DIR  # noqa: E402
from meneur.i18n.domains import DOMAINS, KEYWORDS, PLURAL_FORMS, REQUIRED, domain_of  # noqa: E402

MsgId = str | tuple[str, str]
HEADER_COMMENT = {
    "fr": "# French translations for meneur.",
    "en": "# English translations for meneur (only what differs from the English source).",
    "pl": "# Polish translations for meneur.",
}
WIDTH = 100
FIRST_DATE = datetime(2026, 1, 1, tzinfo=UTC)


CALL = re.compile(r"\b(?:" + "|".join(map(re.escape, KEYWORDS)) + r")\s*\(")
"""A call of a translation keyword, as text: a file without one has no message, and Babel's
tokenizer (most of an extraction's time) need not read it."""


def extract() -> dict[str, set[MsgId]]:
    """Every message of the source by domain; a counted message is a (singular, plural) pair."""
    found: dict[str, set[MsgId]] = {d: set() for d, _ in DOMAINS}
    for path in sorted((SRC / "meneur").rglob("*.py")):
        domain = domain_of(path.relative_to(SRC).as_posix())
        if not CALL.search(path.read_text(encoding="utf-8")):
            continue
        for _lineno, message, _comments, _context in extract_from_file(
            "python", str(path), keywords=KEYWORDS, comment_tags=(), strip_comment_tags=True
        ):
            if isinstance(message, str) and message:
                found[domain].add(message)
            elif isinstance(message, tuple) and all(isinstance(m, str) and m for m in message):
                found[domain].add((message[0], message[1]))
    for path, domain in templates():
        for _lineno, message, _comments, _context in extract_from_file(
            "jinja2.ext:babel_extract",
            str(path),
            keywords=KEYWORDS,
            comment_tags=(),
            strip_comment_tags=True,
            options={"trim_blocks": "true", "lstrip_blocks": "true"},
        ):
            if isinstance(message, str) and message:
                found[domain].add(message)
            elif (
                isinstance(message, tuple)
                and len(message) == 2
                and all(isinstance(m, str) and m for m in message)
            ):
                found[domain].add((message[0], message[1]))
    return found


def templates() -> list[tuple[Path, str]]:
    """The Jinja2 templates of the web pages (``_("...")`` calls), each with its domain."""
    return [
        (path, domain_of(path.relative_to(SRC).as_posix()))
        for path in sorted((SRC / "meneur").rglob("*.html"))
        if "templates" in path.relative_to(SRC).parts
    ]


def po_path(lang: str, domain: str) -> Path:
    return LOCALES_DIR / lang / "LC_MESSAGES" / f"{domain}.po"


def mo_path(lang: str, domain: str) -> Path:
    return po_path(lang, domain).with_suffix(".mo")


def catalog_files() -> list[tuple[str, str]]:
    """Every (language, domain) that has a catalog."""
    return sorted((p.parent.parent.name, p.stem) for p in LOCALES_DIR.glob("*/LC_MESSAGES/*.po"))


def load(lang: str, domain: str) -> Catalog | None:
    path = po_path(lang, domain)
    if not path.exists():
        return None
    with path.open("rb") as handle:
        return read_po(handle, locale=lang)


def blank(lang: str, domain: str, created: Any = None) -> Catalog:
    """An empty catalog with meneur's fixed header and the language's Plural-Forms."""
    catalog = Catalog(
        locale=lang,
        domain=domain,
        project="meneur",
        fuzzy=False,
        header_comment=HEADER_COMMENT[lang],
        creation_date=created or FIRST_DATE,
        revision_date="2026-01-01 00:00+0000",
        last_translator="meneur",
        language_team=lang,
        msgid_bugs_address="",
        copyright_holder="",
    )
    catalog._num_plurals, catalog._plural_expr = PLURAL_FORMS[lang]  # Babel's CLDR rules differ
    return catalog


def forms(message: Message | None, count: int) -> list[str]:
    """A message's translations as a list of ``count`` forms (empty strings where missing)."""
    if message is None:
        return [""] * count
    found = list(message.string) if isinstance(message.string, tuple | list) else [message.string] * count
    return (found + [""] * count)[:count]


def normal(lang: str, domain: str, messages: Iterable[MsgId], old: Catalog | None) -> Catalog:
    """The catalog of ``messages`` in ``lang``, keeping the translations ``old`` already has."""
    new = blank(lang, domain, old.creation_date if old is not None else None)
    count = PLURAL_FORMS[lang][0]
    for msgid in sorted(messages, key=lambda m: m if isinstance(m, str) else m[0]):
        key = msgid if isinstance(msgid, str) else msgid[0]
        previous = old.get(key) if old is not None else None
        if isinstance(msgid, tuple):
            strings = forms(previous, count)
            if lang == "en" and not any(strings):
                strings = list(msgid)
            new.add(msgid, tuple(strings))
        else:
            string = previous.string if previous is not None and isinstance(previous.string, str) else ""
            if lang == "en" and string == msgid:
                string = ""  # English reads the source itself
            new.add(msgid, string)
    return new


def typographic(lang: str, catalog: Catalog) -> None:
    """French catalogs write one apostrophe, the books' own straight one (« l'ennemi »): the rule texts,
    the catalogues' names and what players type use it, so a page never mixes two."""
    if lang != "fr":
        return
    for message in list(catalog)[1:]:
        if isinstance(message.string, tuple | list):
            message.string = tuple(text.replace("\u2019", "'") for text in message.string)
        elif message.string:
            message.string = message.string.replace("\u2019", "'")


def save(lang: str, domain: str, catalog: Catalog) -> None:
    typographic(lang, catalog)
    path = po_path(lang, domain)
    path.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    write_po(
        buffer,
        catalog,
        width=WIDTH,
        no_location=True,
        omit_header=False,
        sort_output=True,
        ignore_obsolete=True,
    )
    if not path.exists() or path.read_bytes() != buffer.getvalue():
        path.write_bytes(buffer.getvalue())


def compiled(lang: str, domain: str) -> bytes:
    """The ``.mo`` bytes of a ``.po`` file: untranslated entries left out (they read as the source)."""
    catalog = load(lang, domain)
    assert catalog is not None, po_path(lang, domain)
    for message in list(catalog)[1:]:
        strings = message.string if isinstance(message.string, tuple | list) else (message.string,)
        if not all(strings):
            catalog.delete(message.id)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    return buffer.getvalue()


def compile_all() -> None:
    for lang, domain in catalog_files():
        data = compiled(lang, domain)
        path = mo_path(lang, domain)
        if not path.exists() or path.read_bytes() != data:
            path.write_bytes(data)


def update(domains: list[str]) -> None:
    for domain, messages in extract().items():
        if domains and domain not in domains:
            continue
        for lang in LANGUAGES:
            if lang not in REQUIRED[domain] and not po_path(lang, domain).exists():
                continue
            save(lang, domain, normal(lang, domain, messages, load(lang, domain)))
    compile_all()


def missing() -> list[str]:
    problems = []
    for domain, messages in extract().items():
        for lang in REQUIRED[domain]:
            catalog = load(lang, domain)
            for msgid in sorted(messages, key=str):
                key = msgid if isinstance(msgid, str) else msgid[0]
                entry = catalog.get(key) if catalog is not None else None
                if entry is None:
                    problems.append(f"{lang}/{domain}.po: {msgid!r} (run update)")
                elif lang != "en" and not all(forms(entry, PLURAL_FORMS[lang][0])):
                    problems.append(f"{lang}/{domain}.po: {msgid!r}")
    return problems


def fill(lang: str, domain: str, translations: dict[str, Any]) -> None:
    catalog = load(lang, domain)
    if catalog is None:
        sys.exit(f"no {lang}/{domain}.po (run update first)")
    unknown = [msgid for msgid in translations if catalog.get(msgid) is None]
    if unknown:
        sys.exit(f"not in {lang}/{domain}.po (run update first): {unknown}")
    for msgid, string in translations.items():
        catalog[msgid].string = tuple(string) if isinstance(string, list) else string
    save(lang, domain, catalog)
    compile_all()


if __name__ == "__main__":
    command = sys.argv[1] if len(sys.argv) > 1 else "check"
    if command == "fill":
        fill(sys.argv[2], sys.argv[3], json.load(sys.stdin))
        sys.exit(0)
    if command == "compile":
        compile_all()
        sys.exit(0)
    if command == "update":
        update(sys.argv[2:])
    elif command != "check":
        sys.exit(__doc__)
    problems = missing()
    for problem in problems:
        print("untranslated:", problem)
    sys.exit(1 if problems and command == "check" else 0)
