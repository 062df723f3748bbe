"""The API's roll answer carries the roll's labels (``2d6[poison]``, ``1d8+3[fire]``, as avrae players
write them; docs/dice.md): one object per labelled part, in the answer and in the page of rolls."""

from __future__ import annotations

from tests.inprocess import TestClient
from tests.server.conftest import Table, join, new_table


def _energy_table(client: TestClient) -> Table:
    table = new_table(client, system="energy")
    join(client, table, "Ayla")
    return table


def test_a_labelled_roll_answers_its_labels(client: TestClient) -> None:
    table = _energy_table(client)
    answer = client.post(
        f"/api/v1/tables/{table.id}/rolls",
        json={"expression": "1d8+3[fire]+2d6[poison]", "dice": [4, 5, 1]},
        headers=table.ayla.headers,
    )
    assert answer.status_code == 201, answer.text
    body = answer.json()
    assert body["total"] == 13
    assert body["labels"] == [
        {"labels": ["fire"], "breakdown": "3", "total": 3},
        {"labels": ["poison"], "breakdown": "2d6 (5, 1)", "total": 6},
    ]
    listed = client.get(f"/api/v1/tables/{table.id}/rolls", headers=table.gm.headers).json()["rolls"]
    assert listed[-1]["labels"] == body["labels"]


def test_a_roll_without_labels_answers_an_empty_list(client: TestClient) -> None:
    table = _energy_table(client)
    answer = client.post(
        f"/api/v1/tables/{table.id}/rolls",
        json={"expression": "2d6", "dice": [2, 5]},
        headers=table.gm.headers,
    )
    assert answer.status_code == 201 and answer.json()["labels"] == []


def test_the_openapi_document_describes_the_labels(client: TestClient) -> None:
    schemas = client.get("/openapi.json").json()["components"]["schemas"]
    assert "labels" in schemas["RollOut"]["properties"]
    assert set(schemas["RollLabel"]["properties"]) == {"labels", "breakdown", "total"}
