"""The table's chat and handouts through the REST API, on a real SQLite file: who may write what,
who reads what (as the other player, the observer and the stranger), and bad input refused with
a translated message and nothing stored. The ruling: docs/rulings/server.md, « The GM reads every
whisper »."""

from __future__ import annotations

import base64
from typing import Any

import pytest

from meneur.errors import BadInputError
from meneur.server.services.images import LARGEST
from tests.inprocess import TestClient
from tests.server.conftest import Table

PNG = b"\x89PNG\r\n\x1a\n" + b"\x00\x00\x00\rIHDR" + b"\x00" * 17
"""The first bytes of a PNG image (its signature and header): what the server checks."""


def _say(
    client: TestClient, table: Table, who: str, text: str, to: str = "all", addressee: str | None = None
) -> Any:
    body: dict[str, Any] = {"text": text, "to": to}
    if addressee is not None:
        body["addressee"] = table.seats[addressee].member_id if addressee in table.seats else addressee
    seat = table.gm if who == "gm" else table.seats[who]
    return client.post(f"/api/v1/tables/{table.id}/chat", json=body, headers=seat.headers)


def _read(client: TestClient, table: Table, who: str) -> list[str]:
    seat = table.gm if who == "gm" else table.seats[who]
    answer = client.get(f"/api/v1/tables/{table.id}/chat", headers=seat.headers)
    assert answer.status_code == 200, answer.text
    return [m["text"] for m in answer.json()["messages"]]


def test_a_whisper_is_read_by_its_author_its_addressee_and_the_gm_only(
    client: TestClient, table: Table
) -> None:
    assert _say(client, table, "gm", "Bonsoir à tous").status_code == 201
    assert _say(client, table, "gm", "Ayla, tu sens une présence", "member", "ayla").status_code == 201
    assert _say(client, table, "ayla", "MJ, je fouille le coffre", "gm").status_code == 201
    assert _say(client, table, "bren", "Ayla, on le trahit ?", "member", "ayla").status_code == 201
    assert _read(client, table, "gm") == [
        "Bonsoir à tous",
        "Ayla, tu sens une présence",
        "MJ, je fouille le coffre",
        "Ayla, on le trahit ?",
    ]
    assert _read(client, table, "ayla") == [
        "Bonsoir à tous",
        "Ayla, tu sens une présence",
        "MJ, je fouille le coffre",
        "Ayla, on le trahit ?",
    ]
    assert _read(client, table, "bren") == ["Bonsoir à tous", "Ayla, on le trahit ?"]
    assert _read(client, table, "olga") == ["Bonsoir à tous"]  # the observer: messages to everyone
    stranger = client.get(f"/api/v1/tables/{table.id}/chat", headers=table.stranger.headers)
    assert stranger.status_code == 404 and "présence" not in stranger.text


def test_an_observer_writes_nothing_and_a_stranger_learns_nothing(client: TestClient, table: Table) -> None:
    olga = _say(client, table, "olga", "Je regarde")
    assert olga.status_code == 403 and olga.json()["error"] == "forbidden"
    stranger = client.post(
        f"/api/v1/tables/{table.id}/chat", json={"text": "Coucou"}, headers=table.stranger.headers
    )
    assert stranger.status_code == 404
    assert _read(client, table, "gm") == []


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"text": "   "}, "Le message est vide"),
        ({"text": ""}, "text"),
        ({"text": "x" * 2001}, "text"),
        ({"text": "Psst", "to": "member"}, "Un murmure a besoin"),
        ({"text": "Psst", "to": "member", "addressee": "nobody"}, "Aucun joueur de cette table"),
        ({"text": "Psst", "to": "everyone"}, "to"),
        ({"text": "Psst", "to": "all", "addressee": "x"}, "Seul un murmure"),
    ],
)
def test_bad_input_is_a_400_in_french_and_stores_nothing(
    client: TestClient, table: Table, body: dict[str, Any], words: str
) -> None:
    answer = client.post(f"/api/v1/tables/{table.id}/chat", json=body, headers=table.ayla.headers)
    assert answer.status_code == 400, answer.text
    assert words in answer.json()["message"]
    assert _read(client, table, "gm") == []


def test_a_whisper_to_an_observer_a_removed_member_or_oneself_is_refused(
    client: TestClient, table: Table
) -> None:
    assert _say(client, table, "ayla", "Psst", "member", "olga").status_code == 400
    assert _say(client, table, "ayla", "Psst", "member", "rémi").status_code == 400
    assert _say(client, table, "ayla", "Psst", "member", "ayla").status_code == 400
    other_table_gm = _say(client, table, "ayla", "Psst", "member", "stranger")
    assert other_table_gm.status_code == 400 and table.stranger.member_id in other_table_gm.json()["message"]
    assert _read(client, table, "gm") == []


def test_the_chat_answers_in_english_to_an_english_speaker(client: TestClient, table: Table) -> None:
    answer = client.post(
        f"/api/v1/tables/{table.id}/chat",
        json={"text": " "},
        headers={**table.ayla.headers, "Accept-Language": "en"},
    )
    assert answer.status_code == 400 and answer.json()["message"].startswith("The message is empty")


def test_the_chat_pages_back_through_older_messages(client: TestClient, table: Table) -> None:
    for n in range(7):
        assert _say(client, table, "gm", f"m{n}").status_code == 201
    url = f"/api/v1/tables/{table.id}/chat"
    first = client.get(url, params={"limit": 3}, headers=table.bren.headers).json()
    assert [m["text"] for m in first["messages"]] == ["m4", "m5", "m6"]
    older = client.get(url, params={"limit": 3, "before": first["before"]}, headers=table.bren.headers).json()
    assert [m["text"] for m in older["messages"]] == ["m1", "m2", "m3"]


def _show(client: TestClient, table: Table, who: str = "gm", **body: Any) -> Any:
    seat = table.gm if who == "gm" else table.seats[who]
    return client.post(f"/api/v1/tables/{table.id}/handouts", json=body, headers=seat.headers)


def _handouts(client: TestClient, table: Table, who: str) -> list[dict[str, Any]]:
    seat = table.gm if who == "gm" else table.seats[who]
    answer = client.get(f"/api/v1/tables/{table.id}/handouts", headers=seat.headers)
    assert answer.status_code == 200
    handouts: list[dict[str, Any]] = answer.json()["handouts"]
    return handouts


def test_a_handout_with_an_image_is_seen_by_its_reader_and_the_gm_only(
    client: TestClient, table: Table
) -> None:
    shown = _show(
        client,
        table,
        title="La carte du port",
        text="Trouvée sur le cadavre",
        image=base64.b64encode(PNG).decode(),
        readers=[table.bren.member_id],
    )
    assert shown.status_code == 201, shown.text
    image = shown.json()["image"]
    assert [h["title"] for h in _handouts(client, table, "bren")] == ["La carte du port"]
    assert _handouts(client, table, "bren")[0]["readers"] == [table.bren.member_id]
    assert _handouts(client, table, "gm")[0]["reader_names"] == ["Bren"]
    assert _handouts(client, table, "ayla") == [] and _handouts(client, table, "olga") == []
    got = client.get(image, headers=table.bren.headers)
    assert got.status_code == 200 and got.content == PNG and got.headers["content-type"] == "image/png"
    assert got.headers["x-content-type-options"] == "nosniff"
    assert client.get(image, headers=table.gm.headers).content == PNG
    for who in ("ayla", "olga", "stranger"):
        refused = client.get(image, headers=table.seats[who].headers)
        assert refused.status_code == 404 and refused.content != PNG


def test_two_readers_each_see_only_themselves_among_the_readers(client: TestClient, table: Table) -> None:
    ids = [table.ayla.member_id, table.bren.member_id]
    assert _show(client, table, title="Lettre", text="Cher ami…", readers=ids).status_code == 201
    assert _handouts(client, table, "ayla")[0]["readers"] == [table.ayla.member_id]
    assert _handouts(client, table, "bren")[0]["reader_names"] == ["Bren"]
    assert sorted(_handouts(client, table, "gm")[0]["readers"]) == sorted(ids)


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"title": "   ", "text": "x"}, "besoin d'un titre"),
        ({"title": "Vide"}, "Le document est vide"),
        ({"title": "Rien", "text": "x", "readers_": []}, "au moins un joueur"),
        ({"title": "Qui", "text": "x", "readers": ["nobody"]}, "Aucun joueur de cette table"),
        (
            {"title": "Faux", "image": base64.b64encode(b"GIF00a not an image").decode()},
            "n'est pas une image",
        ),
        ({"title": "Texte", "image": base64.b64encode(b"%PDF-1.7").decode()}, "n'est pas une image"),
        ({"title": "Base", "image": "!!!"}, "image"),
        ({"title": "Base", "image": "QUJ"}, "base64"),
        (
            {"title": "Gros", "image": base64.b64encode(b"\x89PNG\r\n\x1a\n" + bytes(LARGEST)).decode()},
            "image",
        ),
    ],
)
def test_a_bad_handout_is_a_400_in_french_and_stores_nothing(
    client: TestClient, table: Table, body: dict[str, Any], words: str
) -> None:
    sent = dict(body)
    sent["readers"] = sent.pop("readers_", sent.get("readers", [table.ayla.member_id]))
    answer = _show(client, table, **sent)
    assert answer.status_code == 400, answer.text
    assert words in answer.json()["message"]
    assert _handouts(client, table, "gm") == []


def test_an_image_just_over_the_cap_is_refused_and_one_at_it_is_kept(
    client: TestClient, table: Table
) -> None:
    over = b"\x89PNG\r\n\x1a\n" + bytes(LARGEST - 7)
    refused = _show(
        client, table, title="Trop", image=base64.b64encode(over).decode(), readers=[table.ayla.member_id]
    )
    assert refused.status_code == 400 and "2\u00a0Mio" in refused.json()["message"]
    at_cap = over[:-1]
    kept = _show(
        client, table, title="Juste", image=base64.b64encode(at_cap).decode(), readers=[table.ayla.member_id]
    )
    assert kept.status_code == 201
    assert client.get(kept.json()["image"], headers=table.ayla.headers).content == at_cap


def test_only_the_gm_shows_a_handout(client: TestClient, table: Table) -> None:
    for who in ("ayla", "olga"):
        answer = _show(client, table, who, title="Moi", text="x", readers=[table.bren.member_id])
        assert answer.status_code == 403
    assert _show(client, table, "stranger", title="Moi", text="x", readers=[]).status_code == 404
    assert _handouts(client, table, "gm") == [] and _handouts(client, table, "bren") == []


def test_the_live_feed_brings_a_whisper_to_its_readers_only(client: TestClient, table: Table) -> None:
    """The API's socket: a whisper from Bren to Ayla reaches Ayla, Bren and the GM; never Olga."""
    before = client.get(f"/api/v1/tables/{table.id}", headers=table.gm.headers).json()["seq"]
    assert _say(client, table, "bren", "Le code est 4-7-1", "member", "ayla").status_code == 201
    assert _say(client, table, "gm", "Fin du murmure").status_code == 201
    for who, sees in (("gm", True), ("ayla", True), ("bren", True), ("olga", False)):
        seat = table.gm if who == "gm" else table.seats[who]
        url = f"/api/v1/tables/{table.id}/live?after={before}&token={seat.token}"
        with client.websocket_connect(url) as socket:
            frames = []
            while True:
                frame = socket.receive_json()
                frames.append(frame)
                if frame.get("kind") == "chat" and frame["message"]["text"] == "Fin du murmure":
                    break
        texts = [f["message"]["text"] for f in frames if f.get("kind") == "chat"]
        assert texts == (["Le code est 4-7-1", "Fin du murmure"] if sees else ["Fin du murmure"])
        assert sees or "4-7-1" not in repr(frames)


def test_the_chat_and_handouts_go_with_the_table_in_its_export_and_come_back_on_import(
    client: TestClient, table: Table
) -> None:
    import json

    from meneur.server.store import Store
    from meneur.server.transfer import export_table, import_table

    assert _say(client, table, "bren", "Ayla, on le trahit ?", "member", "ayla").status_code == 201
    assert _say(client, table, "gm", "Bonsoir").status_code == 201
    image = base64.b64encode(PNG).decode()
    shown = _show(client, table, title="Carte", image=image, readers=[table.bren.member_id])
    assert shown.status_code == 201
    store: Store = client.app.state.store  # type: ignore[attr-defined]
    with store.reader() as db:
        exported = json.loads(json.dumps(export_table(db, table.id)))
    assert [m["to"] for m in exported["chat"]] == ["member", "all"]
    assert exported["handouts"][0]["readers"] == [table.bren.member_id]
    assert base64.b64decode(exported["images"][0]["data"]) == PNG
    with store.writer() as db:
        created = import_table(db, exported)
    gm = {"Authorization": f"Bearer {created['gm_token']}"}
    chat = client.get(f"/api/v1/tables/{created['id']}/chat", headers=gm).json()["messages"]
    assert [(m["author"], m["to"], m["addressee"], m["text"]) for m in chat] == [
        ("Bren", "member", "Ayla", "Ayla, on le trahit ?"),
        ("GM", "all", None, "Bonsoir"),
    ]
    handouts = client.get(f"/api/v1/tables/{created['id']}/handouts", headers=gm).json()["handouts"]
    assert [(h["title"], h["reader_names"]) for h in handouts] == [("Carte", ["Bren"])]
    assert handouts[0]["image_id"] != shown.json()["image_id"]  # the copy's own image
    assert client.get(handouts[0]["image"], headers=gm).content == PNG
    exported["images"][0]["data"] = base64.b64encode(b"not an image").decode()
    with pytest.raises(BadInputError, match="n'est pas une image"), store.writer() as db:
        import_table(db, exported)


def test_the_journal_merges_what_each_member_may_see_in_order(client: TestClient, table: Table) -> None:
    from tests.server.conftest import start_fight

    assert _say(client, table, "gm", "On commence").status_code == 201
    sid = start_fight(client, table)
    done = client.post(
        f"/api/v1/sessions/{sid}/commands",
        json={"command": {"attack": {"actor": "Ayla", "target": "Ghoul"}}, "version": 0},
        headers=table.gm.headers,
    )
    assert done.status_code == 200, done.text
    rolled = client.post(
        f"/api/v1/tables/{table.id}/rolls",
        json={"expression": "1d20", "visibility": "self", "dice": [12]},
        headers=table.bren.headers,
    )
    assert rolled.status_code == 201
    assert _say(client, table, "bren", "Ayla, garde ça pour toi", "member", "ayla").status_code == 201

    def journal(who: str) -> list[tuple[str, str]]:
        seat = table.gm if who == "gm" else table.seats[who]
        answer = client.get(f"/api/v1/tables/{table.id}/journal", headers=seat.headers)
        assert answer.status_code == 200, answer.text
        return [(e["kind"], e["text"]) for e in answer.json()["entries"]]

    bren = journal("bren")  # the toy game writes no log line (the web's test reads Energy's)
    assert bren == [("chat", "On commence"), ("roll", "1d20 = 12"), ("chat", "Ayla, garde ça pour toi")]
    ayla = journal("ayla")
    assert ("chat", "Ayla, garde ça pour toi") in ayla and all(kind != "roll" for kind, _t in ayla)
    gm = journal("gm")
    assert ("chat", "Ayla, garde ça pour toi") in gm and all(kind != "roll" for kind, _t in gm)
    olga = journal("olga")
    assert olga == [("chat", "On commence")]
    assert client.get(f"/api/v1/tables/{table.id}/journal", headers=table.stranger.headers).status_code == 404
