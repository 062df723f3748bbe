"""The book's words in ``meneur energy campaign`` and ``challenge``: typed and shown, plurals, bad input
exiting 2, rule ids for programs (French and English)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli_helpers import run_cli


def _campaign(tmp_path: Path) -> Path:
    path = tmp_path / "campaign.json"
    assert run_cli(["energy", "campaign", "new", str(path), "-c", "WINK", "-c", "KITSUNE"]).exit_code == 0
    return path


def _in_a_scene(tmp_path: Path) -> Path:
    path = _campaign(tmp_path)
    for args in (["session", "start"], ["scenario", "start"], ["scene", "start"]):
        assert run_cli(["energy", "campaign", *args, str(path)]).exit_code == 0
    return path


@pytest.mark.parametrize(
    ("lang", "words"), [("fr", "donnez un nombre de 1 à 2"), ("en", "give a number from 1 to 2")]
)
@pytest.mark.parametrize("boxes", ["0", "3"])
def test_stress_boxes_outside_1_or_2_are_bad_input(tmp_path: Path, lang: str, words: str, boxes: str) -> None:
    """002_58e889a1abff3456.txt: "une case de stress [...] jamais plus durant une scène" (two at most)."""
    path = _in_a_scene(tmp_path)
    before = path.read_bytes()
    result = run_cli(["energy", "campaign", "stress", "add", str(path), "KITSUNE", "--boxes", boxes], lang)
    said = " ".join(result.stderr.replace("│", " ").split())
    assert result.exit_code == 2 and words in said and "--boxes" in said and "Traceback" not in said
    assert path.read_bytes() == before


@pytest.mark.parametrize(
    ("lang", "one", "two"),
    [
        ("fr", "WINK coche 1 case de stress.", "KITSUNE coche 2 cases de stress."),
        ("en", "WINK takes 1 stress box.", "KITSUNE takes 2 stress boxes."),
    ],
)
def test_stress_boxes_agree_with_their_number(tmp_path: Path, lang: str, one: str, two: str) -> None:
    path = _in_a_scene(tmp_path)
    assert one in run_cli(["energy", "campaign", "stress", "add", str(path), "WINK"], lang).stdout
    assert (
        two
        in run_cli(["energy", "campaign", "stress", "add", str(path), "KITSUNE", "--boxes", "2"], lang).stdout
    )


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        (
            "fr",
            "KITSUNE a déjà l'état incapacité : une nouvelle blessure ne change rien ; rien n'a été enregistré.",
        ),
        (
            "en",
            "KITSUNE is already incapacitated: being wounded again changes nothing; nothing was recorded.",
        ),
    ],
)
def test_wounded_when_incapacitated_is_refused_and_says_so(tmp_path: Path, lang: str, words: str) -> None:
    """002_58e889a1abff3456.txt: "subit à la place l'état incapacité"; once incapacitated, a third
    blessé changes nothing, so nothing is recorded."""
    path = _campaign(tmp_path)
    for _ in range(2):
        assert run_cli(["energy", "campaign", "state", "add", str(path), "KITSUNE", "blessé"]).exit_code == 0
    before = path.read_bytes()
    result = run_cli(["energy", "campaign", "state", "add", str(path), "KITSUNE", "wounded"], lang)
    assert result.exit_code == 1 and words in result.stderr
    assert path.read_bytes() == before


@pytest.mark.parametrize(
    ("lang", "book_words"),
    [
        ("fr", "Le MJ peut donner au plus 2 cases de stress à WINK"),
        ("en", "The GM may give WINK at most 2 stress boxes"),
    ],
)
def test_refusals_say_the_book_words_and_give_the_rule_id_in_json(
    tmp_path: Path, lang: str, book_words: str
) -> None:
    """002_58e889a1abff3456.txt: "jamais plus durant une scène": the words for the reader, the rule's key
    for programs (``--json``)."""
    path = _in_a_scene(tmp_path)
    run_cli(["energy", "campaign", "stress", "add", str(path), "WINK", "--boxes", "2"])
    result = run_cli(["energy", "campaign", "stress", "add", str(path), "WINK", "--json"], lang)
    assert result.exit_code == 1
    assert book_words in result.stderr
    assert json.loads(result.stdout)["rule"] == "gm_stress_per_scene"


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize(
    ("score", "direction"),
    [
        ("notoriété de super", "monter"),
        ("super_notoriety", "up"),
        ("Notoriete civile", "+"),
        ("moralité", "baisser"),
        ("morality", "-"),
    ],
)
def test_reputation_reads_the_books_words(tmp_path: Path, lang: str, score: str, direction: str) -> None:
    """002_58e889a1abff3456.txt, reputation moves at the end of a session: French words or keys."""
    path = _campaign(tmp_path)
    for args in (["session", "start"], ["session", "end"]):
        assert run_cli(["energy", "campaign", *args, str(path)]).exit_code == 0
    args = ["energy", "campaign", "reputation", str(path), "WINK", score, direction, "--json"]
    result = run_cli(args, lang)
    assert result.exit_code == 0, result.stderr
    ((name, event),) = next(iter(json.loads(result.stdout)["events"])).items()
    assert name == "reputation_changed"
    key = {
        "notoriété de super": "super_notoriety",
        "Notoriete civile": "civil_notoriety",
        "moralité": "morality",
    }.get(score, score)
    assert (event["score"], event["delta"]) == (key, 1 if direction in ("monter", "up", "+") else -1)


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("fr", ["notoriété de super", "notoriété civile", "moralité", "monter", "baisser"]),
        ("en", ["super notoriety", "civil notoriety", "morality", "up", "down"]),
    ],
)
def test_reputation_help_lists_the_words_to_type(lang: str, words: list[str]) -> None:
    help_text = " ".join(
        run_cli(["energy", "campaign", "reputation", "--help"], lang).stdout.replace("│", " ").split()
    )
    for word in words:
        assert word in help_text


@pytest.mark.parametrize(("lang", "words"), [("fr", "(relations : aucune)"), ("en", "(relations: none)")])
def test_nothing_known_is_said_in_words(tmp_path: Path, lang: str, words: str) -> None:
    path = _campaign(tmp_path)
    result = run_cli(["energy", "campaign", "relation", str(path), "WINK", "Bob", "up"], lang)
    assert result.exit_code == 2 and words in result.stderr


@pytest.mark.parametrize(("lang", "label"), [("fr", "adversaire :"), ("en", "opponent:")])
def test_an_unnamed_opponent_is_called_so(lang: str, label: str) -> None:
    """002_58e889a1abff3456.txt: KITSUNE "un score de défi de 5" against a rank 5 opponent at -1 (4)."""
    result = run_cli(
        [
            "energy",
            "challenge",
            "--character",
            "KITSUNE",
            "--power",
            "Agilité du renard",
            "--versus-rank",
            "5",
            "--versus-modifier",
            "-1",
        ],
        lang,
    )
    assert result.exit_code == 0
    assert f"\n{label}\n" in result.stdout and "second" not in result.stdout


@pytest.mark.parametrize(
    ("lang", "command", "words"),
    [
        ("fr", ["stress", "relieve"], ["exutoire", "scène d'équipe", "outlet", "team_scene"]),
        ("fr", ["stress", "spend"], ["action d'éclat", "détermination", "se dépasser", "surpass"]),
        ("fr", ["state", "add"], ["épuisé", "blessé", "exhausted", "wounded"]),
        ("fr", ["state", "recover"], ["sommeil", "pouvoir de soin", "infirmerie", "healing_power"]),
        ("en", ["stress", "relieve"], ["outlet", "team_scene", "exutoire"]),
        ("en", ["state", "recover"], ["sleep", "healing_power", "infirmerie"]),
    ],
)
def test_help_lists_the_words_to_type(lang: str, command: list[str], words: list[str]) -> None:
    help_text = " ".join(
        run_cli(["energy", "campaign", *command, "--help"], lang).stdout.replace("│", " ").split()
    )
    for word in words:
        assert word in help_text


@pytest.mark.parametrize("how", ["infirmerie", "Infirmerie et repos", "infirmary"])
def test_recover_reads_the_short_french_word(tmp_path: Path, how: str) -> None:
    """002_58e889a1abff3456.txt: the infirmary heals blessé; "infirmerie" is enough to type."""
    path = _campaign(tmp_path)
    assert run_cli(["energy", "campaign", "state", "add", str(path), "KITSUNE", "blessé"]).exit_code == 0
    result = run_cli(["energy", "campaign", "state", "recover", str(path), "KITSUNE", how, "--json"])
    assert result.exit_code == 0, result.stderr
    recovered = {"state_recovered": {"character": "KITSUNE", "how": "infirmary"}}
    assert json.loads(result.stdout)["events"] == [recovered]
