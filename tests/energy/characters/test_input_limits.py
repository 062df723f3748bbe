"""Bad input to the Energy commands: refused at once with exit status 2, a message in the reader's
language, no traceback, nothing written (nested files, non-UTF-8, huge files, booleans read as
numbers, numbers out of range, NaN)."""

from __future__ import annotations

from pathlib import Path

import pytest

from meneur.systems.energy import dump_character, library_hero
from tests.cli_helpers import run_cli

WORDS = {
    "deep": {"fr": "imbriquées sur plus de", "en": "nested more than"},
    "utf8": {"fr": "pas du texte UTF-8", "en": "not UTF-8"},
    "big": {"fr": "4 Mio", "en": "4 MiB"},
    "whole": {"fr": "nombre entier", "en": "whole number"},
    "range": {"fr": "de 1 à 100", "en": "from 1 to 100"},
}


def _said(result_text: str) -> str:
    return " ".join(result_text.replace("│", " ").split())


def _refused(args: list[str], lang: str, words: str) -> None:
    result = run_cli(args, lang)
    said = _said(result.stderr)
    assert result.exit_code == 2, said
    assert words in said and "Traceback" not in said


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("suffix", [".yaml", ".json"])
def test_a_file_nested_600_deep_is_refused(tmp_path: Path, lang: str, suffix: str) -> None:
    path = tmp_path / f"deep{suffix}"
    path.write_text("[" * 600 + "]" * 600, encoding="utf-8")
    _refused(["energy", "check", str(path)], lang, WORDS["deep"][lang])
    _refused(["energy", "campaign", "show", str(path)], lang, WORDS["deep"][lang])


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_campaign_file_that_is_not_utf8_is_refused_and_kept(tmp_path: Path, lang: str) -> None:
    path = tmp_path / "campagne.json"
    path.write_bytes(b'{"schema_version": 1, "characters": [{"name": "\xe9"}]}')
    _refused(["energy", "campaign", "show", str(path)], lang, WORDS["utf8"][lang])
    _refused(["energy", "campaign", "session", "start", str(path)], lang, WORDS["utf8"][lang])
    assert path.read_bytes().endswith(b'"\xe9"}]}')


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_50_mb_character_file_is_refused_at_once(tmp_path: Path, lang: str) -> None:
    path = tmp_path / "big.yaml"
    with path.open("wb") as stream:
        stream.truncate(50 * 1024 * 1024)
    _refused(["energy", "check", str(path)], lang, WORDS["big"][lang])


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_boolean_is_never_read_as_a_rank(tmp_path: Path, lang: str) -> None:
    """``rank: true`` is not rank 1; a campaign is not created from it."""
    path = tmp_path / "wink.yaml"
    path.write_text(dump_character(library_hero("WINK")).replace("rank: 5", "rank: true"), encoding="utf-8")
    _refused(["energy", "check", str(path)], lang, WORDS["whole"][lang])
    campaign = tmp_path / "c.json"
    _refused(["energy", "campaign", "new", str(campaign), "-c", str(path)], lang, WORDS["whole"][lang])
    assert not campaign.exists()


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize(
    "args",
    [
        ["energy", "npc", "--rank", "100000000"],
        ["energy", "npc", "--rank", "0"],
        ["energy", "challenge", "--rank", "101", "--difficulty", "4"],
        ["energy", "campaign", "new", "{file}", "-c", "WINK", "--max-rank", "0"],
    ],
)
def test_ranks_are_checked_at_the_edge_with_the_range(tmp_path: Path, lang: str, args: list[str]) -> None:
    """The book's ranks run from 1 ("| 1 | 9 | Civils |") with "11+" open; meneur takes 1 to 100
    (docs/rulings/energy-characters.md, "The highest rank")."""
    target = tmp_path / "c.json"
    _refused([a.format(file=target) for a in args], lang, WORDS["range"][lang])
    assert not target.exists()


@pytest.mark.parametrize("margin", ["nan", "inf", "-inf"])
def test_nan_and_infinity_are_refused(margin: str) -> None:
    """A margin of NaN would pass every comparison; it is refused like any number outside 0..1."""
    result = run_cli(["energy", "balance", "--heroes", "5,5", "--foes", "5", "--margin", margin])
    assert result.exit_code == 2 and "Traceback" not in result.stderr


def test_balance_ranks_are_checked(tmp_path: Path) -> None:
    _refused(["energy", "balance", "--heroes", "5,100000000", "--foes", "5"], "en", "from 1 to 100")


def test_a_stress_box_count_outside_the_range_writes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "c.json"
    assert run_cli(["energy", "campaign", "new", str(path), "-c", "WINK"]).exit_code == 0
    before = path.read_bytes()
    _refused(["energy", "campaign", "savings", str(path), "WINK", "99999999"], "en", "from 1 to 1000")
    assert path.read_bytes() == before
