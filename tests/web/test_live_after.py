"""The pages' live socket takes the same ``after`` as the JSON feed: one beyond any seq closes it
with the documented code (4400) and a reason, as ``/api/v1/tables/{id}/live`` does."""

from __future__ import annotations

import pytest
from starlette.websockets import WebSocketDisconnect

from meneur.server.resume import CLOSE_BAD_REQUEST
from tests.inprocess import TestClient
from tests.web.test_live import Seats


def test_a_page_socket_after_no_seq_reaches_is_closed_with_the_documented_code(web: TestClient) -> None:
    seats = Seats(web)
    seats.be(seats.ayla)
    with (
        pytest.raises(WebSocketDisconnect) as closed,
        web.websocket_connect(f"/t/{seats.table_id}/live?page=rolls&after={2**63}") as socket,
    ):
        socket.receive_text()
    assert closed.value.code == CLOSE_BAD_REQUEST and "after" in closed.value.reason
