"""Check a deployment through its proxy (docs/deploy.md): ``python scripts/deploy_smoke.py URL ADMIN_TOKEN``.

Through the proxy at URL (https, a self-signed certificate accepted): the database is ready; the
admin token creates a table; a player joins; the seat's cookie comes back ``Secure`` (the proxy said
HTTPS and the hosts trust it); the table's WebSocket, opened with the browser's ``Origin``, passes
the same-origin check and receives a roll given over REST on a new connection (another host, with
a round-robin proxy). Prints each step; exits 1 at the first that fails. Only the server extra's
libraries and the standard library.
"""

from __future__ import annotations

import json
import ssl
import sys
import urllib.error
import urllib.request
from typing import Any

from websockets.sync.client import connect
from websockets.typing import Origin

INSECURE = ssl.create_default_context()
INSECURE.check_hostname = False
INSECURE.verify_mode = ssl.CERT_NONE  # the loopback run's self-signed certificate


def call(url: str, method: str = "GET", body: Any = None, token: str = "") -> tuple[int, Any, Any]:
    """One request on a connection of its own: the status, the JSON answer and the headers."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, context=INSECURE, timeout=10) as answer:
            return answer.status, json.loads(answer.read() or b"null"), answer.headers
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null"), error.headers


def step(ok: bool, what: str) -> None:
    print(("ok    " if ok else "FAILED ") + what)
    if not ok:
        sys.exit(1)


def main(base: str, admin: str) -> None:
    status, body, _ = call(base + "/readyz")
    step(status == 200 and body == {"status": "ready"}, f"GET /readyz: {status} {body}")
    status, _, _ = call(base + "/api/v1/tables", "POST", {"name": "Smoke", "system": "energy"})
    step(status == 401, f"a table without the admin token or an account is refused: {status}")
    status, table, _ = call(base + "/api/v1/tables", "POST", {"name": "Smoke", "system": "energy"}, admin)
    step(status == 201, f"POST /api/v1/tables with the admin token: {status}")
    api = f"{base}/api/v1/tables/{table['id']}"
    status, seat, _ = call(api + "/join", "POST", {"join_code": table["join_code"], "name": "Ayla"})
    step(status == 200, f"a player joins: {status}")
    status, _, headers = call(api + "/cookie", "POST", {}, seat["token"])
    cookie = headers.get("set-cookie", "")
    step(status == 200 and "secure" in cookie.lower(), f"the seat's cookie is Secure: {cookie[:60]}...")
    status, state, _ = call(api, token=table["gm_token"])
    step(status == 200, f"GET the table as its GM: seq {state.get('seq')}")
    live = base.replace("https://", "wss://", 1) + f"/api/v1/tables/{table['id']}/live"
    address = f"{live}?token={seat['token']}&after={state['seq']}"
    with connect(address, ssl=INSECURE, origin=Origin(base), open_timeout=10) as socket:
        step(True, "the WebSocket upgrade passes the proxy and the same-origin check")
        status, roll, _ = call(api + "/rolls", "POST", {"expression": "2d6"}, table["gm_token"])
        step(
            status == 201 or status == 200, f"the GM rolls 2d6 over REST: {status}, total {roll.get('total')}"
        )
        message = json.loads(socket.recv(timeout=10))
        step(
            message.get("kind") == "roll",
            f"the socket receives it: seq {message.get('seq')}, {message.get('kind')}",
        )
    print("the deployment answers through its proxy")


if __name__ == "__main__":
    main(sys.argv[1].rstrip("/"), sys.argv[2])
