"""French typography on the rendered pages, not only in the catalogs (docs/CONTRIBUTING.md,
"Translations"): a name given to a message elides the « de » or « que » before it (« la réaction
d'Agent Octopus 1 »), counted words agree (no « 1 jetons », no « (s) »), a non-breaking space comes
before « : ; ! ? », and the French pages write one apostrophe, the books' straight one. The pages
are those of a whole demo fight (the GM's and a player's, after an attack the GM must react to) and
each game's table page."""

from __future__ import annotations

import html
import json
import re

import pytest

from meneur.engine.registry import games
from tests.inprocess import TestClient
from tests.web.forms import create_table, csrf, join

VOWEL = "AEIOUÀÂÉÈÊËÎÏÔÖÛÜaeiouàâéèêëîïôöûü"
PATTERNS = {
    "not elided": re.compile(rf"\b(?:[Dd]e|[Qq]ue) [{VOWEL}][a-zà-ü]"),
    "plural in brackets": re.compile(r"\((?:s|e|es|x)\)"),
    "a count that does not agree": re.compile(r"(?<![\d,.])[01] (?:jetons|points|cases|règles)\b"),
    "no non-breaking space": re.compile(r"(?<=[\w»)\]]) ?[;!?:](?=\s)"),
    "a second apostrophe": re.compile("\u2019"),
}
ENGLISH = {
    "plural in brackets": PATTERNS["plural in brackets"],
    "a count that does not agree": re.compile(r"(?<![\d,.])1 (?:tokens|points|boxes|rules)\b"),
}


def _text(page: str) -> str:
    """What a reader sees: the page without its scripts, styles and tags (attributes' text kept:
    ``title`` and ``aria-label`` are read too). A book's words quoted in a ``blockquote`` keep the
    book's own typography: they are left out."""
    page = re.sub(r"<(script|style|blockquote)\b.*?</\1>", " ", page, flags=re.S)
    said = " ".join(re.findall(r'(?:title|aria-label|placeholder)="([^"]*)"', page))
    return html.unescape(re.sub(r"<[^>]+>", "\n", page) + "\n" + said)


def _mistakes(text: str, patterns: dict[str, re.Pattern[str]]) -> list[tuple[str, str]]:
    found = []
    for line in text.splitlines():
        for name, pattern in patterns.items():
            if pattern.search(line):
                found.append((name, line.strip()))
    return found


def _fight(client: TestClient) -> tuple[str, str, dict[str, str], dict[str, str]]:
    """An Energy table's demo fight started, KITSUNE (played by Ayla) having attacked the nearest
    agent: the GM must now place the agent's defence. The GM's and the player's cookies."""
    made = create_table(client, "Mardi", "energy")
    table_id = str(made.headers["location"]).rsplit("/", 1)[-1]
    session_id = re.search(rf"/t/{table_id}/s/([0-9a-f]+)", client.get(f"/t/{table_id}").text)
    assert session_id is not None
    sid = session_id.group(1)
    gm = dict(client.cookies)
    code = client.post(f"/t/{table_id}/join-code", data={}, headers={"X-CSRF-Token": csrf(client)})
    found = re.search(r'class="code">([^<]+)<', code.text)
    assert found is not None
    client.cookies.clear()
    join(client, table_id, found.group(1), "Ayla")
    player = dict(client.cookies)
    client.post(
        f"/t/{table_id}/s/{sid}/claim", data={"actor": "kitsune"}, headers={"X-CSRF-Token": csrf(client)}
    )
    client.cookies.clear()
    client.cookies.update(gm)
    client.post(
        f"/t/{table_id}/s/{sid}/do",
        data={"command": '"start"', "version": "0"},
        headers={"X-CSRF-Token": csrf(client)},
    )
    client.cookies.clear()
    client.cookies.update(player)
    raw = client.get(f"/t/{table_id}/s/{sid}", headers={"HX-Request": "true"}).text
    commands = [json.loads(html.unescape(c)) for c in re.findall(r'name="command" value="([^"]+)"', raw)]
    attack = next(c for c in commands if isinstance(c, dict) and "attack" in c)
    done = client.post(
        f"/t/{table_id}/s/{sid}/do",
        headers={"X-CSRF-Token": csrf(client)},
        data={"command": json.dumps(attack), "version": "1", "tokens": "3"},
    )
    assert done.status_code == 200, done.text
    return table_id, sid, gm, player


def _as(client: TestClient, cookies: dict[str, str], url: str, lang: str = "fr") -> str:
    client.cookies.clear()
    client.cookies.update(cookies)
    answer = client.get(url, headers={"Accept-Language": lang})
    assert answer.status_code == 200, (url, answer.text[:300])
    return answer.text


def test_the_fight_pages_elide_agree_and_space_as_french_does(web: TestClient) -> None:
    table_id, sid, gm, player = _fight(web)
    pages = {
        "GM's fight": _as(web, gm, f"/t/{table_id}/s/{sid}"),
        "player's fight": _as(web, player, f"/t/{table_id}/s/{sid}"),
        "GM's table": _as(web, gm, f"/t/{table_id}"),
        "player's table": _as(web, player, f"/t/{table_id}"),
        "options": _as(web, gm, f"/t/{table_id}/options"),
    }
    assert "Agent Octopus 1" in _text(pages["GM's fight"])
    wrong = {name: _mistakes(_text(page), PATTERNS) for name, page in pages.items()}
    assert {name: found for name, found in wrong.items() if found} == {}


def test_the_english_fight_pages_count_without_brackets(web: TestClient) -> None:
    table_id, sid, gm, player = _fight(web)
    web.post("/language", data={"lang": "en", "next": "/"})
    for cookies in (gm, player):
        page = _text(_as(web, cookies, f"/t/{table_id}/s/{sid}", "en"))
        assert _mistakes(page, ENGLISH) == []


@pytest.mark.parametrize("system", [game.key for game in games()])
def test_every_games_table_and_home_pages_follow_french_typography(web: TestClient, system: str) -> None:
    home = _text(web.get("/").text)
    made = create_table(web, "Samedi", system)
    assert made.status_code == 303
    table = _text(web.get(str(made.headers["location"])).text)
    assert _mistakes(home, PATTERNS) == [] and _mistakes(table, PATTERNS) == []


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("la réaction de Agent Octopus 1", True),
        ("Ce que Ioana peut faire", True),
        ("1 jetons engagés", True),
        ("3 jeton(s)", True),
        ("PNJ: désactivé", True),
        ("l\u2019ennemi", True),
        ("la réaction d'Agent Octopus 1 · 2 jetons · PNJ\u00a0: désactivé · de A à Z · 21:30", False),
    ],
)
def test_the_page_patterns_find_what_they_look_for(text: str, found: bool) -> None:
    """The checks above are not vacuous: each finds a known mistake and passes good French."""
    assert bool(_mistakes(text, PATTERNS)) is found
