"""The builder's « Genre grammatical »: the character file's ``gender`` (issue 18, « Names and words »:
« Characters may carry a grammatical gender (the file's `gender`, the builder's field; épicène wording
when absent) »)."""

from __future__ import annotations

import yaml

from tests.inprocess import TestClient

FORM = {
    "name": "WINK",
    "rank": "5",
    "pc": "on",
    "maturity": "adult",
    "attributes.energy": "3",
    "attributes.recovery": "3",
    "attributes.vigor": "3",
}


def exported(web: TestClient, **fields: str) -> dict[str, object]:
    response = web.post("/builder/export", data={**FORM, **fields})
    assert response.status_code == 200, response.text
    data: dict[str, object] = yaml.safe_load(response.text)
    return data


def test_the_builder_offers_the_grammatical_gender_in_french(web: TestClient) -> None:
    page = web.get("/builder").text
    assert "Genre grammatical" in page
    assert '<option value="feminine" >féminin</option>' in page
    assert '<option value="" selected>aucun (tournures épicènes)</option>' in page


def test_the_built_file_carries_the_chosen_gender(web: TestClient) -> None:
    """Féminin writes ``gender: feminine``; none leaves the key out (the épicène wording)."""
    assert exported(web, gender="feminine")["gender"] == "feminine"
    assert exported(web, gender="masculine")["gender"] == "masculine"
    assert "gender" not in exported(web, gender="")
    assert "gender" not in exported(web)


def test_an_imported_file_keeps_its_gender_selected(web: TestClient) -> None:
    text = yaml.safe_dump({**exported(web, gender="feminine")}, allow_unicode=True)
    page = web.post("/builder", data={"action": "import", "file": text}).text
    assert '<option value="feminine" selected>féminin</option>' in page


def test_an_unknown_gender_is_refused_naming_the_field(web: TestClient) -> None:
    """Bad input is a 400 with a message, never a 5xx, and no file is written."""
    response = web.post("/builder/export", data={**FORM, "gender": "neutre"})
    assert response.status_code == 400
    assert "gender" in response.text
