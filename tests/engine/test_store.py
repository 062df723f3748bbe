"""Session files: versioned, replayed on load, migrated, locked against lost updates."""

from __future__ import annotations

import json
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

from meneur.engine import Session, store
from meneur.errors import BadInputError
from tests.engine import tally
from tests.engine.tally import Add


def _saved(path: Path, start: int = 0) -> Session:  # type: ignore[type-arg]
    session = Session.new("tally", {"start": start})
    store.save(path, session)
    return session


def test_save_then_load_gives_the_same_session(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    session = _saved(path, 2)
    with store.transaction(path, "tally") as loaded:
        loaded.do(Add(3))
        loaded.do(Add(4))
        loaded.undo()
    again = store.load(path, "tally")
    assert (again.state, again.version) == (5, 1)
    assert again.redo() is not None and again.state == 9
    assert session.state == 2


def test_yaml_files_for_people_who_edit_by_hand(tmp_path: Path) -> None:
    path = tmp_path / "t.yaml"
    _saved(path, 1)
    assert "meneur: tally" in path.read_text(encoding="utf-8")
    assert store.load(path).state == 1


def test_nothing_is_written_when_the_block_fails(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    _saved(path)
    before = path.read_bytes()
    with pytest.raises(RuntimeError), store.transaction(path, "tally") as session:
        session.do(Add(1))
        raise RuntimeError
    assert path.read_bytes() == before


def test_a_file_of_a_newer_format_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    path.write_text(json.dumps({"meneur": "tally", "format": 99, "setup": {"start": 0}, "log": []}))
    with pytest.raises(BadInputError) as caught:
        store.load(path)
    assert "plus récent" in caught.value.render("fr")


@pytest.mark.parametrize("fields", [{}, {"format": None}, {"format": "1"}, {"format": True}, {"format": 0}])
def test_a_file_that_does_not_say_its_format_is_refused_in_words(
    tmp_path: Path, fields: dict[str, object]
) -> None:
    path = tmp_path / "t.json"
    path.write_text(json.dumps({"meneur": "tally", **fields, "setup": {"start": 0}, "log": []}))
    with pytest.raises(BadInputError) as caught:
        store.load(path)
    shown = {lang: caught.value.render(lang) for lang in ("fr", "en", "pl")}
    assert "ne dit pas dans quel format" in shown["fr"] and "« format »" in shown["fr"]
    assert "does not say which format" in shown["en"]
    assert "nie mówi, w jakim formacie" in shown["pl"]
    assert not any("None" in text or "newer" in text or "récent" in text for text in shown.values())


def test_an_older_file_migrates_on_load(tmp_path: Path) -> None:
    path = tmp_path / "old.json"
    path.write_text(json.dumps({"old_total": 7}))
    assert store.load(path, "tally").state == 7


def test_a_log_edited_by_hand_is_refused_with_the_entry(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    path.write_text(
        json.dumps(
            {
                "meneur": "tally",
                "format": 1,
                "setup": {"start": 0},
                "log": [{"command": "reset", "events": []}, {"command": "reset", "events": [{"boom": {}}]}],
            }
        )
    )
    with pytest.raises(BadInputError) as caught:
        store.load(path)
    assert "l'entrée 2 du journal" in caught.value.render("fr")


def test_a_file_of_another_kind_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    _saved(path)
    with pytest.raises(BadInputError):
        store.load(path, "carpathes")


def _writer(path: str, times: int) -> None:
    tally.register()
    for _ in range(times):
        with store.transaction(path, "tally") as session:
            session.do(Add(1))


@pytest.mark.parametrize("round_number", range(20))
def test_two_concurrent_writers_lose_no_update(tmp_path: Path, round_number: int) -> None:
    path = tmp_path / f"race-{round_number}.json"
    _saved(path)
    context = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(2, mp_context=context) as pool:
        for done in [pool.submit(_writer, str(path), 5) for _ in range(2)]:
            done.result()
    session = store.load(path, "tally")
    assert (session.state, session.version) == (10, 10)


@pytest.mark.parametrize(
    ("lang", "words"), [("fr", "ne dit pas dans quel format"), ("en", "does not say which format")]
)
def test_the_cli_names_a_missing_format_and_changes_nothing(tmp_path: Path, lang: str, words: str) -> None:
    from tests.cli_helpers import run_cli

    path = tmp_path / "table.json"
    assert run_cli(["insmv", "new", str(path)], lang).exit_code == 0
    data = json.loads(path.read_text(encoding="utf-8"))
    del data["format"]
    path.write_text(json.dumps(data), encoding="utf-8")
    before = path.read_bytes()
    result = run_cli(["insmv", "show", str(path)], lang)
    assert result.exit_code == 2
    assert words in " ".join(result.stderr.split()) and "None" not in result.stderr
    assert path.read_bytes() == before
