"""The chat's pages: a whisper reaches its addressee's page and socket and nobody else's (the other
player's, the observer's); a handout with its image is shown to its reader only; bad input is said
in French and changes nothing; the journal merges rolls, messages and the session's log lines."""

from __future__ import annotations

import html
import re
from typing import Any

from tests.inprocess import TestClient
from tests.server.test_chat import PNG
from tests.web.forms import create_table, csrf
from tests.web.test_live import Seats, _message


class Table(Seats):
    """The demo fight's table: the GM, the players Ayla (KITSUNE) and Bren, the observer Olga."""

    def __init__(self, client: TestClient) -> None:
        super().__init__(client)
        self.bren = self._join("Bren", "player")
        self.be(self.gm)

    def chat_socket(self, who: dict[str, str]) -> Any:
        self.be(who)
        return self.client.websocket_connect(f"/t/{self.table_id}/live?page=chat&after={self.seq()}")

    def say(self, who: dict[str, str], text: str, to: str = "all") -> str:
        self.be(who)
        return str(self.post("/chat", {"text": text, "to": to}).text)

    def page(self, who: dict[str, str], path: str = "/chat") -> str:
        self.be(who)
        answer = self.client.get(f"/t/{self.table_id}{path}")
        assert answer.status_code == 200
        return answer.text


def test_a_whisper_from_the_gm_reaches_its_addressee_only(web: TestClient) -> None:
    t = Table(web)
    with t.chat_socket(t.ayla) as ayla, t.chat_socket(t.bren) as bren, t.chat_socket(t.olga) as olga:
        t.say(t.gm, "Ayla, la porte est piégée", t.ids["Ayla"])
        whispered = t.seq()
        t.say(t.gm, "Pause de dix minutes")
        public = t.seq()
        ayla_first = _message(ayla)
        bren_first = _message(bren)
        olga_first = _message(olga)
    assert ayla_first[0] == whispered and "la porte est piégée" in ayla_first[1]
    assert "murmure à Ayla" in ayla_first[1]
    # the first message Bren's and Olga's sockets get is the public one: nothing came for the whisper
    for at, fragment in (bren_first, olga_first):
        assert at == public and "Pause de dix minutes" in fragment and "piégée" not in fragment
    assert "piégée" in t.page(t.ayla) and "piégée" in t.page(t.gm)
    for who in (t.bren, t.olga):
        for path in ("/chat", "/chat/panel", "/chat/list", "/journal"):
            assert "piégée" not in t.page(who, path)


def test_a_player_whispers_to_the_gm_or_another_player_and_the_form_lists_them(web: TestClient) -> None:
    t = Table(web)
    form = t.page(t.bren)
    assert '<option value="gm"' in form and f'<option value="{t.ids["Ayla"]}"' in form
    assert f'<option value="{t.ids["Bren"]}"' not in form  # not to oneself
    t.say(t.bren, "MJ, je vole la clé", "gm")
    t.say(t.bren, "Ayla, couvre-moi", t.ids["Ayla"])
    assert "je vole la clé" in t.page(t.gm) and "je vole la clé" not in t.page(t.ayla)
    assert "couvre-moi" in t.page(t.ayla) and "couvre-moi" in t.page(t.gm)
    assert "couvre-moi" not in t.page(t.olga)
    observer = t.page(t.olga)
    assert 'hx-post="/t/' + t.table_id + '/chat"' not in observer
    assert "Les observateurs lisent les messages à tout le monde" in observer


def test_bad_input_is_said_in_french_and_changes_nothing(web: TestClient) -> None:
    t = Table(web)
    seq = t.seq()
    empty = t.say(t.ayla, "   ")
    assert "Le message est vide\u00a0; écrivez quelque chose" in empty
    unknown = t.say(t.ayla, "Psst", "someone")
    assert (
        "Aucun joueur de cette table n'a l'identifiant someone" in html.unescape(unknown)
        and "Psst" in unknown
    )
    too_long = t.say(t.ayla, "x" * 2001)
    assert 'role="alert"' in too_long
    t.be(t.olga)
    refused = web.post(
        f"/t/{t.table_id}/chat", data={"text": "Je parle"}, headers={"X-CSRF-Token": csrf(web)}
    )
    assert refused.status_code == 200 and "Votre rôle à cette table ne le permet pas" in refused.text
    t.be(t.ayla)
    assert web.post(f"/t/{t.table_id}/chat", data={"text": "Sans jeton"}).status_code == 403
    assert t.seq() == seq
    assert "Aucun message pour l'instant." in html.unescape(t.page(t.gm))


def _handout(t: Table, readers: list[str], image: bytes | None, title: str = "La carte") -> Any:
    t.be(t.gm)
    files = {"image": ("carte.png", image, "image/png")} if image is not None else None
    return t.client.post(
        f"/t/{t.table_id}/handouts",
        data={"title": title, "text": "Le port, la nuit", "readers": readers},
        files=files,
        headers={"X-CSRF-Token": csrf(t.client)},
    )


def test_a_handout_with_an_image_is_shown_to_its_reader_only(web: TestClient) -> None:
    t = Table(web)
    with t.chat_socket(t.bren) as bren, t.chat_socket(t.ayla) as ayla:
        shown = _handout(t, [t.ids["Bren"]], PNG)
        assert shown.status_code == 200 and "Montré à\u00a0: Bren" in shown.text
        at = t.seq()
        t.say(t.gm, "Et voilà")
        bren_first = _message(bren)
        ayla_first = _message(ayla)
    assert bren_first[0] == at and "La carte" in bren_first[1]
    assert "La carte" not in ayla_first[1] and "Et voilà" in ayla_first[1]
    page = t.page(t.bren, "")  # the table page: the panel loads itself
    assert f"/t/{t.table_id}/chat/panel" in page
    panel = t.page(t.bren, "/chat/panel")
    image = re.search(rf'src="(/t/{t.table_id}/images/[0-9a-f]+)"', panel)
    assert image is not None and "Montré à" not in panel  # a player is not told who else got it
    t.be(t.bren)
    got = web.get(image.group(1))
    assert got.status_code == 200 and got.content == PNG and got.headers["content-type"] == "image/png"
    for who in (t.ayla, t.olga):
        assert "La carte" not in t.page(who, "/chat/panel")
        t.be(who)
        assert web.get(image.group(1)).status_code == 404
    web.cookies.clear()
    assert web.get(image.group(1)).status_code == 401


def test_a_bad_handout_is_said_in_french_and_stores_nothing(web: TestClient) -> None:
    t = Table(web)
    seq = t.seq()
    not_image = _handout(t, [t.ids["Bren"]], b"<svg onload=alert(1)>")
    assert "Ce fichier n'est pas une image PNG, JPEG, WebP ou GIF" in html.unescape(not_image.text)
    assert 'value="La carte"' in not_image.text  # the form keeps what the GM typed
    nobody = _handout(t, [], None)
    assert "Choisissez au moins un joueur" in nobody.text
    big = _handout(t, [t.ids["Bren"]], PNG + bytes(2 * 1024 * 1024))
    assert "L'image dépasse 2\u00a0Mio" in html.unescape(big.text)
    t.be(t.bren)
    player = web.post(
        f"/t/{t.table_id}/handouts",
        data={"title": "Moi", "text": "x", "readers": [t.ids["Ayla"]]},
        headers={"X-CSRF-Token": csrf(web)},
    )
    assert player.status_code == 200 and "Votre rôle à cette table ne le permet pas" in player.text
    assert t.seq() == seq
    assert "Aucun document montré pour l'instant." in html.unescape(t.page(t.gm, "/chat/panel"))


def test_the_journal_merges_rolls_messages_and_log_lines_per_viewer(web: TestClient) -> None:
    t = Table(web)
    t.say(t.gm, "On commence")
    t.be(t.gm)
    t.do("start", 0)
    t.post("/rolls", {"expression": "1d20", "visibility": "blind", "dice": "17"})
    t.say(t.gm, "Bren, rien à signaler", t.ids["Bren"])
    t.be(t.ayla)
    t.post("/rolls", {"expression": "2d6", "visibility": "public", "dice": "3 4"})
    gm = t.page(t.gm, "/journal")
    order = [gm.index(words) for words in ("On commence", "1d20 = 17", "rien à signaler", "2d6 = 7")]
    assert order == sorted(order)
    assert gm.count('class="entry log"') >= 1  # the fight's start, in the engine's words
    ayla = t.page(t.ayla, "/journal")
    assert "On commence" in ayla and "2d6 = 7" in ayla and 'class="entry log"' in ayla
    assert "1d20" not in ayla and "rien à signaler" not in ayla
    assert "rien à signaler" in t.page(t.bren, "/journal")


def test_every_session_page_links_the_chat(web: TestClient) -> None:
    t = Table(web)
    fight = t.page(t.ayla, f"/s/{t.session_id}")
    assert f'class="chat-link" href="/t/{t.table_id}/chat"' in fight
    assert "chat-link" not in t.page(t.ayla, "/rolls")


def test_a_message_is_text_never_markup_and_a_stranger_sees_no_chat(web: TestClient) -> None:
    t = Table(web)
    t.say(t.ayla, "<script>alert('x')</script> & <b>gras</b>")
    shown = t.page(t.gm)
    assert "&lt;script&gt;alert(" in shown and "<b>gras</b>" not in shown
    t.be(t.gm)
    other = create_table(web, "Jeudi", "energy")
    assert other.status_code == 303
    stranger = dict(web.cookies)  # the GM of another table only
    t.be({name: value for name, value in stranger.items() if t.table_id not in name})
    for path in ("/chat", "/chat/panel", "/chat/list", "/journal"):
        answer = web.get(f"/t/{t.table_id}{path}")
        assert answer.status_code == 401 and "alert" not in answer.text
