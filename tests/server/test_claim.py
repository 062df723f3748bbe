"""A player plays a character of the table that nobody plays yet (the GM's pregenerated one); a
hidden NPC is never offered, the GM and observers do not claim, the first player keeps it."""

from __future__ import annotations

from tests.inprocess import TestClient
from tests.server.conftest import Table, join


def _character(client: TestClient, table: Table, name: str, hidden: bool = False) -> str:
    answer = client.post(
        f"/api/v1/tables/{table.id}/characters",
        json={"file": {"name": name}, "hidden": hidden},
        headers=table.gm.headers,
    )
    assert answer.status_code == 201, answer.text
    character_id: str = answer.json()["id"]
    return character_id


def test_a_player_claims_a_free_character_and_keeps_it(client: TestClient, table: Table) -> None:
    pregen = _character(client, table, "Ilona")
    npc = _character(client, table, "Le comte", hidden=True)
    ayla, bren = table.seats["ayla"], table.seats["bren"]
    url = f"/api/v1/tables/{table.id}/characters"
    for who in ("gm", "olga"):  # the GM gives characters with ``owner``; an observer plays none
        seat = table.gm if who == "gm" else table.seats[who]
        assert client.post(f"{url}/{pregen}/claim", headers=seat.headers).status_code == 403
    assert client.post(f"{url}/{npc}/claim", headers=ayla.headers).status_code == 404
    stranger = table.seats["stranger"]
    assert client.post(f"{url}/{pregen}/claim", headers=stranger.headers).status_code == 404
    claimed = client.post(f"{url}/{pregen}/claim", headers=ayla.headers)
    assert claimed.status_code == 200 and claimed.json() == {"id": pregen, "version": 1}
    late = client.post(f"{url}/{pregen}/claim", headers=bren.headers)
    assert late.status_code == 409 and late.json()["error"] == "conflict"
    owner = client.get(f"{url}/{pregen}", headers=table.gm.headers).json()["owner"]
    assert owner == ayla.member_id
    hidden = client.get(f"{url}/{npc}", headers=table.gm.headers).json()
    assert hidden["owner"] is None and hidden["hidden"]
    newcomer = join(client, table, "Chloé")
    assert client.post(f"{url}/{npc}/claim", headers=newcomer.headers).status_code == 404


def test_a_character_given_to_someone_not_at_the_table_is_bad_input(client: TestClient, table: Table) -> None:
    """The table exists, only the body is wrong: a 400 naming the owner, nothing stored (a 404 said the
    table was missing)."""
    url = f"/api/v1/tables/{table.id}/characters"
    before = client.get(url, headers=table.gm.headers).json()
    for owner in ("0.1.0", table.seats["stranger"].member_id):
        answer = client.post(url, json={"file": {"name": "Ilona"}, "owner": owner}, headers=table.gm.headers)
        assert answer.status_code == 400, answer.text
        assert answer.json()["message"] == "Le propriétaire n'est pas membre de la table."
    assert client.get(url, headers=table.gm.headers).json() == before
