"""The table options of every system: each one agrees with the option its engine reads (default,
bounds, choices), the GM sets them through the API, they reach the sessions started afterwards, and
the engines then play by them; a table created or imported with a wrong option is refused."""

from __future__ import annotations

import importlib
import json
from typing import Any

import pytest
from pydantic import BaseModel, ValidationError

from meneur.engine import registry
from meneur.server.table_options import NO_LIMIT, TableOption, options_of
from tests.inprocess import TestClient
from tests.server.conftest import Table, new_table

ENGINE_OPTIONS = {
    "energy-fight": "meneur.systems.energy.combat.options",
    "energy-campaign": "meneur.systems.energy.campaign.options",
    "insmv": "meneur.systems.insmv.model",
    "warzone": "meneur.systems.warzone.model",
    "carpathes": "meneur.systems.carpathes.model",
}
"""Where each session kind's engine declares the options it reads (a class ``*Options``)."""


def _model(kind: str) -> type[BaseModel]:
    module = importlib.import_module(ENGINE_OPTIONS[kind])
    found = [
        value
        for name, value in vars(module).items()
        if name.endswith("Options") and isinstance(value, type) and issubclass(value, BaseModel)
    ]
    assert len(found) == 1, found
    return found[0]


def _accepts(model: type[BaseModel], key: str, value: Any) -> bool:
    try:
        model.model_validate({key: value})
    except ValidationError:
        return False
    return True


ENGINE_READ = [
    pytest.param(option, id=f"{game.key}:{option.key}")
    for game in registry.games()
    if game.key != "toy"
    for option in options_of(game.key)
    if option.session_kind is not None
]


@pytest.mark.parametrize("option", ENGINE_READ)
def test_each_option_is_the_one_its_engine_reads(option: TableOption) -> None:
    assert option.session_kind is not None
    model = _model(option.session_kind)
    assert option.key in model.model_fields
    field = model.model_fields[option.key]
    assert field.default == (None if option.default == NO_LIMIT else option.default)
    if option.form == "choice":
        assert all(_accepts(model, option.key, key) for key, _word in option.choices)
        assert not _accepts(model, option.key, "no such choice")
    if option.form == "integer":
        assert _accepts(model, option.key, int(option.minimum))
        assert _accepts(model, option.key, int(option.maximum))
        assert not _accepts(model, option.key, int(option.minimum) - 1)
        # the engine bounds it as the page does, or not at all (the page then sets a sane most)
        engine_most = [bound.le for bound in field.metadata if hasattr(bound, "le")]
        assert engine_most in ([], [option.maximum])
        assert _accepts(model, option.key, None) is option.unlimited


def _put(client: TestClient, table: Table, options: Any) -> Any:
    headers = {**table.gm.headers, "Accept-Language": "en"}
    return client.put(f"/api/v1/tables/{table.id}/options", json={"options": options}, headers=headers)


def _start(client: TestClient, table: Table, kind: str, setup: Any) -> str:
    answer = client.post(
        f"/api/v1/tables/{table.id}/sessions", json={"kind": kind, "setup": setup}, headers=table.gm.headers
    )
    assert answer.status_code == 201, answer.text
    return str(answer.json()["id"])


def _command(client: TestClient, table: Table, sid: str, command: Any, dice: Any = None) -> Any:
    version = client.get(f"/api/v1/sessions/{sid}", headers=table.gm.headers).json()["version"]
    body: dict[str, Any] = {"command": command, "version": version}
    if dice is not None:
        body["dice"] = dice
    return client.post(f"/api/v1/sessions/{sid}/commands", json=body, headers=table.gm.headers)


def test_carpathes_clues_without_a_limit_reach_the_chronicle(client: TestClient) -> None:
    """003_87a535c5e428c5d3.txt « Trois indices surnaturels par scène, pas plus »: the chronicle
    refuses a fourth clue, unless the table set no limit (docs/rulings/carpathes.md)."""
    table = new_table(client, system="carpathes")

    def clues_given(sid: str) -> list[int]:
        for command in ("start_session", "start_scene"):
            assert _command(client, table, sid, command).status_code == 200
        return [
            _command(client, table, sid, {"give_clue": {"text": f"indice {n}"}}).status_code for n in range(4)
        ]

    assert clues_given(_start(client, table, "carpathes", {})) == [200, 200, 200, 422]
    assert _put(client, table, {"supernatural_clues_per_scene": NO_LIMIT}).status_code == 200
    stored = client.get(f"/api/v1/tables/{table.id}", headers=table.gm.headers).json()["options"]
    assert stored == {"supernatural_clues_per_scene": NO_LIMIT}
    unlimited = _start(client, table, "carpathes", {})
    state = client.get(f"/api/v1/sessions/{unlimited}", headers=table.gm.headers).json()["state"]
    assert state["options"]["supernatural_clues_per_scene"] is None
    assert clues_given(unlimited) == [200, 200, 200, 200]


def test_insmv_failed_power_test_spends_nothing_once_the_gm_says_so(client: TestClient) -> None:
    """000_008acb24c72771e3.txt « qu'il utilise comme “carburant” pour ses pouvoirs »: by default the
    PP are spent whatever the result; the table may choose that a failure spends nothing."""
    table = new_table(client, system="insmv")
    being = {"name": "Yves", "kind": "angel", "will": 4, "rules": {"max_voluntary_shift": 5}}
    for spend_on_failure, left in ((None, 3), (False, None)):  # None: never spent, at its most (4)
        if spend_on_failure is not None:
            assert _put(client, table, {"spend_power_points_on_failure": False}).status_code == 200
        sid = _start(client, table, "insmv", {"beings": [being]})
        # value 1 on the « normal » row: a 666 fails whatever the column
        failed = _command(client, table, sid, {"test": {"being": "Yves", "value": 1, "cost": 1}}, [6, 6, 6])
        assert failed.status_code == 200, failed.text
        assert '"success": false' in json.dumps(failed.json()["events"])
        state = client.get(f"/api/v1/sessions/{sid}", headers=table.gm.headers).json()["state"]
        assert state["beings"]["Yves"]["power_points"] == left


def test_wrong_values_are_refused_with_the_bounds_and_nothing_is_stored(client: TestClient) -> None:
    table = new_table(client, system="warzone")
    for wrong, words in (
        ({"wake_up_modifier": -21}, "-20"),
        ({"wake_up_modifier": 2.5}, "whole number"),
        ({"wake_up_modifier": True}, "whole number"),
        ({"wake_up_modifier": NO_LIMIT}, "whole number"),  # only an unlimited option takes it
        ({"natural_one_always_succeeds": 1}, "true or false"),
    ):
        answer = _put(client, table, wrong)
        assert answer.status_code == 400, wrong
        assert words in answer.json()["message"], answer.json()
    assert client.get(f"/api/v1/tables/{table.id}", headers=table.gm.headers).json()["options"] == {}
    assert _put(client, table, {"wake_up_modifier": -2}).status_code == 200
    carpathes = new_table(client, system="carpathes")
    answer = _put(client, carpathes, {"silver_wound_multiplier": 4})
    assert answer.status_code == 400 and "1" in answer.json()["message"] and "3" in answer.json()["message"]


def test_a_table_created_or_imported_with_a_wrong_option_is_refused(client: TestClient) -> None:
    wrong = client.post(
        "/api/v1/tables", json={"name": "T", "system": "energy", "options": {"npc_vigueur": 3}}
    )
    assert wrong.status_code == 400 and "npc_vigueur" in wrong.json()["message"]
    unknown = client.post("/api/v1/tables", json={"name": "T", "system": "insmv", "options": {"vigueur": 1}})
    assert unknown.status_code == 400 and "vigueur" in unknown.json()["message"]
    good = client.post(
        "/api/v1/tables", json={"name": "T", "system": "carpathes", "options": {"damage_step": "band"}}
    )
    assert good.status_code == 201
    headers = {"Authorization": f"Bearer {good.json()['gm_token']}"}
    assert client.get(f"/api/v1/tables/{good.json()['id']}", headers=headers).json()["options"] == {
        "damage_step": "band"
    }


def test_import_refuses_a_table_file_whose_option_is_wrong(tmp_path: Any) -> None:
    from meneur.errors import BadInputError
    from meneur.server.store import Store
    from meneur.server.transfer import FORMAT, import_table

    store = Store(f"sqlite:///{tmp_path / 'meneur.db'}")
    store.migrate()
    document = {
        "meneur": "table",
        "format": FORMAT,
        "table": {"name": "T", "system": "carpathes", "options": {"silver_wound_multiplier": 9}},
        "members": [],
        "characters": [],
        "sessions": [],
        "rolls": [],
    }
    with pytest.raises(BadInputError) as refused, store.writer() as writer:
        import_table(writer, json.loads(json.dumps(document)))
    assert "silver_wound_multiplier" in refused.value.message.render("en")
    store.close()
