"""Importing a pasted file in the Energy builder: an empty box or a file refused keeps the character
the form holds, and says why (issue 20: « importing an empty box in the builder throws the character
away »)."""

from __future__ import annotations

import html
from pathlib import Path

from tests.inprocess import TestClient

HEROES = Path(__file__).resolve().parents[2] / "src/meneur/systems/energy/catalogue/heroes"
FORM = {
    "name": "WINK",
    "rank": "5",
    "pc": "on",
    "maturity": "adult",
    "attributes.energy": "3",
    "attributes.recovery": "3",
    "attributes.vigor": "3",
}


def test_an_empty_box_is_refused_and_the_character_stays(web: TestClient) -> None:
    answer = web.post("/builder", data={**FORM, "action": "import", "file": "  \n"})
    assert answer.status_code == 400
    page = html.unescape(answer.text)
    assert "Collez d'abord un fichier de personnage dans la case" in page
    assert 'id="f-name" name="name" value="WINK"' in page


def test_a_file_refused_keeps_the_character(web: TestClient) -> None:
    answer = web.post("/builder", data={**FORM, "action": "import", "file": "name: [unclosed"})
    assert answer.status_code == 400
    assert 'id="f-name" name="name" value="WINK"' in answer.text


def test_a_good_file_replaces_the_character(web: TestClient) -> None:
    file = (HEROES / "kitsune.yaml").read_text(encoding="utf-8")
    answer = web.post("/builder", data={**FORM, "action": "import", "file": file})
    assert answer.status_code == 200 and 'name="name" value="KITSUNE"' in answer.text


def test_the_box_and_its_button_belong_to_the_characters_form(web: TestClient) -> None:
    page = web.get("/builder").text
    assert '<textarea id="file" name="file" rows="3" form="character">' in page
    assert '<button type="submit" form="character" name="action" value="import">' in page
