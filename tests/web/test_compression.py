"""The static files go gzip-compressed to a client that accepts it, and as they are to one that does
not (the first load's budget on a phone, issue 21's « Budgets »: ``benchmarks/first_load.py``); a
page, a fragment or an API answer never goes compressed: it carries the browser's CSRF token beside
what other members wrote, which compressed sizes would give away (BREACH, ``meneur.server.app``)."""

from __future__ import annotations

import gzip

import pytest

from meneur import __version__
from tests.inprocess import TestClient

ADDRESSES = (f"/static/meneur.css?v={__version__}", f"/static/meneur.js?v={__version__}")


@pytest.mark.parametrize("address", ADDRESSES)
def test_a_client_that_accepts_gzip_gets_it(web: TestClient, address: str) -> None:
    plain = web.get(address, headers={"Accept-Encoding": "identity"})
    packed = web.get(address, headers={"Accept-Encoding": "gzip"})
    assert plain.status_code == packed.status_code == 200
    assert "content-encoding" not in plain.headers
    assert packed.headers["content-encoding"] == "gzip"
    assert "Accept-Encoding" in packed.headers["vary"]
    assert len(packed.read()) == len(plain.content)  # decoded by the client: the same length


def test_a_static_file_compressed_keeps_a_weak_tag_that_still_answers_not_modified(web: TestClient) -> None:
    address = f"/static/meneur.css?v={__version__}"
    plain = web.get(address, headers={"Accept-Encoding": "identity"})
    packed = web.get(address, headers={"Accept-Encoding": "gzip"})
    assert packed.headers["etag"] == "W/" + plain.headers["etag"]
    again = web.get(address, headers={"Accept-Encoding": "gzip", "If-None-Match": packed.headers["etag"]})
    assert again.status_code == 304


def test_the_bytes_on_the_wire_are_gzip(web: TestClient) -> None:
    address = f"/static/meneur.js?v={__version__}"
    with web.stream("GET", address, headers={"Accept-Encoding": "gzip"}) as answer:
        wire = b"".join(answer.iter_raw())
    plain = web.get(address, headers={"Accept-Encoding": "identity"}).content
    assert gzip.decompress(wire) == plain and len(wire) < len(plain) / 2


@pytest.mark.parametrize("address", ["/", "/join/nothing", "/openapi.json"])
def test_a_page_or_an_answer_is_never_compressed(web: TestClient, address: str) -> None:
    answer = web.get(address, headers={"Accept-Encoding": "gzip, deflate, br"})
    assert "content-encoding" not in answer.headers
    assert len(answer.content) > 200  # long enough that compression would have applied
