"""The book's French words for ``meneur insmv``: kinds, bodies, rows and sides typed, said plainly."""

from __future__ import annotations

import json

import pytest

from meneur.systems.insmv.catalogue import parse_kind
from meneur.systems.insmv.human_only import parse_body
from meneur.systems.insmv.model import BeingKind
from meneur.systems.insmv.table_um import Difficulty
from tests.cli_helpers import run_cli

LANGS = ["fr", "en"]


@pytest.mark.parametrize(
    ("typed", "kind"),
    [
        ("ange", BeingKind.ANGEL),
        ("Démon", BeingKind.DEMON),
        ("demon", BeingKind.DEMON),
        ("humain", BeingKind.HUMAN),
        ("mort-vivant", BeingKind.UNDEAD),
        ("avatar-archange", BeingKind.ARCHANGEL_AVATAR),
        ("avatar-prince-démon", BeingKind.DEMON_PRINCE_AVATAR),
        ("succube", BeingKind.SUCCUBUS),
        ("angel", BeingKind.ANGEL),
        ("archangel_avatar", BeingKind.ARCHANGEL_AVATAR),
    ],
)
def test_kinds_accept_the_books_french_words_and_the_keys(typed: str, kind: BeingKind) -> None:
    """Kinds named in 000_008acb24c72771e3.txt ("Un Ange ou un Démon"): French words or keys."""
    assert parse_kind(typed) is kind


@pytest.mark.parametrize(
    ("typed", "key"), [("objet", "object"), ("créé", "created"), ("humain", "human"), ("object", "object")]
)
def test_bodies_accept_french_words(typed: str, key: str) -> None:
    """Bodies: French words or keys."""
    assert parse_body(typed).value == key


@pytest.mark.parametrize(
    ("typed", "row"),
    [
        ("très difficile", Difficulty.TRES_DIFFICILE),
        ("Très-Difficile", Difficulty.TRES_DIFFICILE),
        ("tres_difficile", Difficulty.TRES_DIFFICILE),
        ("Facile", Difficulty.FACILE),
    ],
)
def test_difficulty_words(typed: str, row: Difficulty) -> None:
    """Rows of the table UM, accents and case optional."""
    assert Difficulty.parse(typed) is row


@pytest.mark.parametrize(("lang", "expected"), [("fr", "très difficile"), ("en", "très difficile")])
def test_unknown_difficulty_lists_french_words(lang: str, expected: str) -> None:
    result = run_cli(["insmv", "test", "--value", "3", "--difficulty", "impossible"], lang)
    assert result.exit_code == 2 and expected in result.stderr and "tres_difficile" not in result.stdout


@pytest.mark.parametrize("lang", LANGS)
def test_unknown_kind_lists_french_words_first(lang: str) -> None:
    result = run_cli(["insmv", "affected", "--kind", "elfe"], lang)
    assert result.exit_code == 2
    assert "ange (angel)" in result.stderr and "mort-vivant (undead)" in result.stderr


@pytest.mark.parametrize("lang", LANGS)
def test_affected_accepts_ange(lang: str) -> None:
    result = run_cli(["insmv", "affected", "--kind", "ange", "--body", "objet", "--json"], lang)
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["kind"] == "angel"


@pytest.mark.parametrize(("lang", "line"), [("fr", "tapez --kind ange"), ("en", "type --kind ange")])
def test_kinds_shows_the_words_to_type(lang: str, line: str) -> None:
    result = run_cli(["insmv", "kinds"], lang)
    assert result.exit_code == 0 and line in result.stdout
    assert result.stdout.splitlines()[0][0].isupper()


@pytest.mark.parametrize(
    ("lang", "line"), [("fr", "Les deux ratent : 0 (0,00\u00a0%)"), ("en", "Both fail: 0 (0.00%)")]
)
def test_zero_odds_print_as_zero_in_text(lang: str, line: str) -> None:
    result = run_cli(["insmv", "opposed", "--value-a", "6", "--value-b", "1", "--odds"], lang)
    assert result.exit_code == 0 and line in result.stdout and "0/1" not in result.stdout
    data = json.loads(
        run_cli(["insmv", "opposed", "--value-a", "6", "--value-b", "1", "--odds", "--json"], lang).stdout
    )
    assert data["winners"]["both_failed"] == "0"


@pytest.mark.parametrize(("lang", "word"), [("fr", "attaquant"), ("en", "défenseur"), ("en", "attacker")])
def test_tie_winner_in_french(lang: str, word: str) -> None:
    result = run_cli(
        [
            "insmv",
            "opposed",
            "--value-a",
            "3",
            "--value-b",
            "3",
            "--dice",
            "1,1,3,1,1,3",
            "--tie-winner",
            word,
            "--raw-units",
            "--json",
        ],
        lang,
    )
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["gm_decision"] in ("attacker", "defender")


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("fr", "Au-delà de la première colonne : échec automatique"),
        ("en", "Shifted beyond the first column: automatic failure"),
    ],
)
def test_automatic_failure_is_said_plainly(lang: str, expected: str) -> None:
    """Ruling "111 and 666" (docs/rulings/insmv.md): flagged even on automatic results."""
    result = run_cli(["insmv", "test", "--value", "2", "--shift", "-20", "--dice", "1,1,1"], lang)
    assert result.exit_code == 0
    assert expected in result.stdout and "-17" not in result.stdout and "−20" in result.stdout
    assert "111" in result.stdout


@pytest.mark.parametrize("flag", ["--raw-units", "--compare-units-without-shift"])
def test_units_without_shift_short_and_long_names(flag: str) -> None:
    """Ruling "Units compared in opposed tests include the voluntary-shift bonus" (docs/rulings/insmv.md).

    A (an Angel): value 6, 2 columns shifted voluntarily, d666 113: units 3 + 2 = 5, or 3 bare;
    B: d666 114, units 4. Without the shift bonus B's 4 beats A's 3. Both option names work.
    """
    args = [
        "insmv",
        "opposed",
        "--value-a",
        "6",
        "--voluntary-a",
        "2",
        "--kind-a",
        "ange",
        "--value-b",
        "6",
        "--dice",
        "1,1,3,1,1,4",
        "--json",
    ]
    with_shift = json.loads(run_cli(args, "en").stdout)
    bare = json.loads(run_cli([*args, flag], "en").stdout)
    assert (with_shift["winner"], bare["winner"]) == ("attacker", "defender")
