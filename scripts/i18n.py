"""Keep the gettext catalogs in step with the source.

    python scripts/i18n.py update [DOMAIN...]  # add new messages to the catalogs, drop vanished ones
    python scripts/i18n.py check    # list messages that a required catalog does not translate
    python scripts/i18n.py fill fr core < translations.json   # set msgstr from {msgid: msgstr}

English catalogs are filled with the English message ids (the source strings are English);
French (and Polish for warzone) must be translated by hand: ``update`` leaves them empty and
``check`` (and the test suite) fail until they are filled.
"""

from __future__ import annotations

import sys
from collections import defaultdict
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
sys.path.insert(0, str(SRC))

from meneur.i18n import LANGUAGES, LOCALES_DIR  # noqa: E402
from meneur.i18n.domains import DOMAINS, KEYWORDS, REQUIRED, domain_of  # noqa: E402


def extract() -> dict[str, dict[str, list[tuple[str, int]]]]:
    """Every message of the source, grouped by domain: ``{domain: {msgid: [(file, line)]}}``."""
    found: dict[str, dict[str, list[tuple[str, int]]]] = {d: defaultdict(list) for d, _ in DOMAINS}
    for path in sorted((SRC / "meneur").rglob("*.py")):
        relative = path.relative_to(SRC).as_posix()
        domain = domain_of(relative)
        for lineno, message, _comments, _context in extract_from_file(
            "python", str(path), keywords=KEYWORDS, comment_tags=(), strip_comment_tags=True
        ):
            if isinstance(message, str) and message:
                found[domain][message].append((relative, lineno))
    return found


def po_path(lang: str, domain: str) -> Path:
    return LOCALES_DIR / lang / "LC_MESSAGES" / f"{domain}.po"


def load(lang: str, domain: str) -> Catalog:
    path = po_path(lang, domain)
    if path.exists():
        with path.open("rb") as handle:
            return read_po(handle, locale=lang)
    return Catalog(locale=lang, domain=domain, project="meneur", fuzzy=False)


def update(domains: list[str]) -> None:
    for domain, messages in extract().items():
        if domains and domain not in domains:
            continue
        for lang in LANGUAGES:
            if lang not in REQUIRED[domain] and not po_path(lang, domain).exists():
                continue
            old = load(lang, domain)
            new = Catalog(locale=lang, domain=domain, project="meneur", fuzzy=False)
            for msgid, locations in sorted(messages.items()):
                previous = old.get(msgid)
                string = previous.string if previous is not None else ""
                if lang == "en" and not string:
                    string = msgid
                new.add(msgid, string, locations=locations)
            path = po_path(lang, domain)
            path.parent.mkdir(parents=True, exist_ok=True)
            with path.open("wb") as handle:
                write_po(handle, new, width=100, omit_header=False, sort_output=True)


def missing() -> list[str]:
    problems = []
    for domain, messages in extract().items():
        for lang in REQUIRED[domain]:
            catalog = load(lang, domain)
            for msgid in sorted(messages):
                entry = catalog.get(msgid)
                if entry is None or not entry.string:
                    problems.append(f"{lang}/{domain}.po: {msgid!r}")
    return problems


def fill(lang: str, domain: str, translations: dict[str, str]) -> None:
    catalog = load(lang, domain)
    unknown = [msgid for msgid in translations if catalog.get(msgid) is None]
    if unknown:
        sys.exit(f"not in {lang}/{domain}.po (run update first): {unknown}")
    for msgid, string in translations.items():
        catalog[msgid].string = string
    with po_path(lang, domain).open("wb") as handle:
        write_po(handle, catalog, width=100, omit_header=False, sort_output=True)


if __name__ == "__main__":
    command = sys.argv[1] if len(sys.argv) > 1 else "check"
    if command == "fill":
        import json

        fill(sys.argv[2], sys.argv[3], json.load(sys.stdin))
        sys.exit(0)
    if command == "update":
        update(sys.argv[2:])
    problems = missing()
    for problem in problems:
        print("untranslated:", problem)
    sys.exit(1 if problems and command == "check" else 0)
