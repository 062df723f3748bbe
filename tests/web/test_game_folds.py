"""The shared session page keeps a player's turn short: each actor's seldom used commands (the game's
word: Carpathes' rolls in peril, INS/MV's power points spent or recovered by hand) fold away under
one summary that counts them, the refused ones under another; the header's bar names the table and
who the viewer is, and its menu button says whether it is open."""

from __future__ import annotations

import html
import re

from tests.inprocess import TestClient
from tests.web.test_game_initiative import _in_scene
from tests.web.test_games import _session

FOLDED = re.compile(
    r'<details class="more-actions"><summary>Autres actions \((\d+)\)</summary>(.*?)</details>', re.S
)


def _labels(part: str) -> list[str]:
    return re.findall(r'<span class="label">([^<]+)</span>', part)


def test_carpathes_rolls_in_peril_fold_away_and_the_plain_rolls_stay_in_view(web: TestClient) -> None:
    """« en péril direct » is the exception of a scene (the Joker's and the Talisman's rolls)."""
    _table_id, _session_id, page = _in_scene(web)
    page = html.unescape(page)
    folded = FOLDED.findall(page)
    assert folded, "no folded commands"
    count, inside = folded[0]
    assert int(count) == len(_labels(inside)) > 0
    assert all("en péril" in label for label in _labels(inside))
    shown = _labels(FOLDED.sub("", page))
    assert "Jet — Mihail, Mental" in shown
    assert not [label for label in shown if "en péril" in label]


def test_insmv_power_points_by_hand_fold_away(web: TestClient) -> None:
    table_id, session_id = _session(web, "insmv")
    page = html.unescape(web.get(f"/t/{table_id}/s/{session_id}").text)
    inside = "".join(part for _count, part in FOLDED.findall(page))
    assert re.search(r'data-kind="spend"', inside) and re.search(r'data-kind="recover"', inside)
    assert 'data-kind="test"' in FOLDED.sub("", page)


def test_the_header_is_a_bar_naming_the_table_and_the_viewer_with_a_closed_menu(web: TestClient) -> None:
    table_id, session_id = _session(web, "insmv")
    page = html.unescape(web.get(f"/t/{table_id}/s/{session_id}").text)
    bar = page[page.index('<div class="top-bar">') : page.index('<nav class="menu"')]
    assert f'<a class="brand" href="/t/{table_id}">Jeudi</a>' in bar
    assert '<span class="bar-who" id="bar-who">MJ</span>' in bar
    assert 'aria-expanded="false" aria-controls="top-menu">Menu</button>' in bar
    assert 'id="lang-choice"' not in bar  # the language is in the menu
