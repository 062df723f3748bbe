"""Every ruling quotes the text it reads, states the decision and whether the GM can change it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[2] / "docs"
RULES = (
    "000_008acb24c72771e3.txt",
    "001_0209eda46e4737a1.txt",
    "002_58e889a1abff3456.txt",
    "003_87a535c5e428c5d3.txt",
)


def _rulings() -> list[tuple[str, str, str]]:
    found = []
    for path in sorted((DOCS / "rulings").glob("*.md")):
        for section in re.split(r"^### ", path.read_text(encoding="utf-8"), flags=re.M)[1:]:
            title, _, body = section.partition("\n")
            found.append((path.name, title.strip(), body))
    return found


RULINGS = _rulings()


def test_the_index_links_every_rulings_file() -> None:
    index = (DOCS / "rulings.md").read_text(encoding="utf-8")
    for path in (DOCS / "rulings").glob("*.md"):
        assert f"rulings/{path.name}" in index


@pytest.mark.parametrize(("file", "title", "body"), RULINGS, ids=[f"{f}:{t}" for f, t, _ in RULINGS])
def test_each_ruling_has_quote_decision_and_table_option(file: str, title: str, body: str) -> None:
    assert re.search(r"^> ", body, flags=re.M), f"{file}: '{title}' quotes nothing"
    assert re.search(r"^Decision\b[^\n]*:", body, flags=re.M), f"{file}: '{title}' states no decision"
    assert re.search(r"Table option: (yes|no)", body), f"{file}: '{title}' says no table option yes/no"
    quote = "\n".join(line for line in body.splitlines() if line.startswith("> "))
    elsewhere = "issue" in quote or "data/README" in quote or "no text" in quote
    assert elsewhere or any(name in body for name in RULES), f"{file}: '{title}' names no source"
