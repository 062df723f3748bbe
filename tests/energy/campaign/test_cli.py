"""The ``meneur energy challenge`` and ``meneur energy campaign ...`` commands (real command tree)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from meneur.systems.energy import dump_character, library_hero
from meneur.systems.energy.model import Attributes, Experience
from tests.cli_helpers import run_cli


def test_challenge_with_numbers_wink_and_the_tree() -> None:
    """002_58e889a1abff3456.txt: "un total de 4" against "cette difficulté à 4": WINK avoids the accident."""
    result = run_cli(
        ["energy", "challenge", "--aptitude-rank", "3", "--trait", "1", "--difficulty", "4", "--json"]
    )
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert (data["score"]["total"], data["difficulty"], data["success"]) == (4, 4, True)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_challenge_wink_teleports_past_the_tree(lang: str) -> None:
    """002_58e889a1abff3456.txt: "son rang de puissance de 5, augmenté à 6 grâce à son renforcement de +1,
    on retranche 1 point car elle téléporte quelqu'un d'autre avec elle (sa moto), ce qui donne 5 !"."""
    args = ["--rank", "5", "--modifier", "1", "--carried", "1", "--difficulty", "expert"]
    data = json.loads(run_cli(["energy", "challenge", *args, "--json"], lang).stdout)
    assert [(t["kind"], t["value"]) for t in data["score"]["terms"]] == [
        ("rank", 5),
        ("reinforcement", 1),
        ("carried", -1),
    ]
    assert (data["score"]["total"], data["success"]) == (5, True)
    text = run_cli(["energy", "challenge", *args], lang).stdout
    expected = {
        "fr": ["renforcement : +1", "personnes emportées (1) : -1", "Réussite : 5 ≥ 4."],
        "en": ["reinforcement: +1", "people carried along (1): -1", "Success: 5 ≥ 4."],
    }[lang]
    assert all(line in text for line in expected), text


def test_challenge_text_in_french_and_english() -> None:
    """The verdict is shown in the reader's language."""
    fr = run_cli(["energy", "challenge", "--aptitude-rank", "3", "--difficulty", "expert"])
    en = run_cli(["energy", "challenge", "--aptitude-rank", "3", "--difficulty", "expert"], lang="en")
    assert fr.exit_code == en.exit_code == 0
    assert "Échec : 3 < 4." in fr.stdout
    assert "Failure: 3 < 4." in en.stdout


def test_challenge_opposed_kitsune_and_mecanus() -> None:
    """002_58e889a1abff3456.txt: KITSUNE "un score de défi de 5", MECANUS "un score de défi de 4"."""
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
            "--json",
        ]
    )
    data = json.loads(result.stdout)
    assert (data["first"]["total"], data["second"]["total"], data["outcome"]) == (5, 4, "first")


def test_challenge_surpass_and_character_aptitude() -> None:
    """002_58e889a1abff3456.txt: "un bonus de +2 lors d'un défi"; WINK's vehicles 3 + moto trait."""
    result = run_cli(
        [
            "energy",
            "challenge",
            "--character",
            "WINK",
            "--aptitude",
            "vehicles",
            "--surpass",
            "--difficulty",
            "impossible",
            "--json",
        ]
    )
    data = json.loads(result.stdout)
    assert data["score"]["total"] == 3 + 2 + 2 and data["success"] is False


@pytest.mark.parametrize(
    "args",
    [
        ["--aptitude-rank", "3"],
        ["--aptitude-rank", "3", "--difficulty", "facile"],
        ["--aptitude-rank", "9", "--difficulty", "3"],
        ["--character", "WINK", "--difficulty", "3"],
        ["--character", "WINK", "--aptitude", "cooking", "--difficulty", "3"],
        ["--difficulty", "3"],
    ],
)
def test_challenge_bad_input_exits_2(args: list[str]) -> None:
    """Bad input gets a clear message and exit status 2."""
    result = run_cli(["energy", "challenge", *args])
    assert result.exit_code == 2
    assert "Erreur" in result.stderr


def _campaign(tmp_path: Path) -> Path:
    path = tmp_path / "campagne.json"
    assert run_cli(["energy", "campaign", "new", str(path), "-c", "WINK", "-c", "KITSUNE"]).exit_code == 0
    return path


def test_a_session_from_the_terminal(tmp_path: Path) -> None:
    """Sessions, scenes and stress: "jamais plus durant une scène" (002_58e889a1abff3456.txt) exits 1 and
    writes nothing; undo pops the last command."""
    path = _campaign(tmp_path)
    for args in (["session", "start"], ["scenario", "start"], ["scene", "start"]):
        assert run_cli(["energy", "campaign", *args, str(path)]).exit_code == 0
    assert run_cli(["energy", "campaign", "stress", "add", str(path), "WINK", "--boxes", "2"]).exit_code == 0
    before = path.read_bytes()
    refused = run_cli(["energy", "campaign", "stress", "add", str(path), "WINK", "--json"])
    assert refused.exit_code == 1 and json.loads(refused.stdout)["rule"] == "gm_stress_per_scene"
    assert path.read_bytes() == before
    shown = json.loads(run_cli(["energy", "campaign", "show", str(path), "--json"]).stdout)
    assert shown["state"]["characters"]["WINK"]["stress"] == 2 and shown["state"]["phase"] == "session"
    assert shown["legal_flow"] == ["start_scene", "end_scenario", "end_session"]
    assert run_cli(["energy", "campaign", "undo", str(path)]).exit_code == 0
    shown = json.loads(run_cli(["energy", "campaign", "show", str(path), "--json"]).stdout)
    assert shown["state"]["characters"]["WINK"]["stress"] == 0
    log = json.loads(run_cli(["energy", "campaign", "log", str(path), "--json"]).stdout)["log"]
    assert [entry["command"] for entry in log] == ["start_session", "start_scenario", "start_scene"]


def test_relief_spend_and_states(tmp_path: Path) -> None:
    """Outlet once per session; action d'éclat names a power; blessé twice is incapacité."""
    path = _campaign(tmp_path)
    for args in (
        ["session", "start", str(path)],
        ["scene", "start", str(path)],
        ["stress", "add", str(path), "KITSUNE", "--boxes", "2"],
        ["stress", "relieve", str(path), "KITSUNE", "outlet"],
        ["stress", "spend", str(path), "WINK", "feat", "--power", "Téléportation", "--category", "off_c"],
        ["state", "add", str(path), "WINK", "wounded"],
        ["state", "add", str(path), "WINK", "wounded"],
    ):
        result = run_cli(["energy", "campaign", *args])
        assert result.exit_code == 0, result.stderr
    again = run_cli(["energy", "campaign", "stress", "relieve", str(path), "KITSUNE", "outlet"])
    assert again.exit_code == 1
    shown = json.loads(run_cli(["energy", "campaign", "show", str(path), "--json"]).stdout)
    assert shown["state"]["characters"]["KITSUNE"]["stress"] == 1
    assert shown["state"]["characters"]["WINK"]["states"] == ["incapacitated"]
    assert shown["effective_attributes"]["WINK"] == {"energy": 5, "recovery": 4, "vigor": 3}
    text = run_cli(["energy", "campaign", "show", str(path)]).stdout
    assert "incapacité" in text and "Possible maintenant : scenario start, scene start, session end." in text


def test_experience_reputation_and_purchases(tmp_path: Path) -> None:
    """End of session: experience, reputation by 1; précaire to aisé "doit dépenser 7 cases d'économies"."""
    path = _campaign(tmp_path)
    for args in (
        ["session", "start", str(path)],
        ["session", "end", str(path)],
        [
            "xp",
            "award",
            str(path),
            "WINK",
            "--heroic",
            "survived",
            "--aptitude",
            "learned",
            "--bonus",
            "outside_work",
        ],
        ["reputation", str(path), "WINK", "super_notoriety", "up"],
        ["relation", str(path), "WINK", "Famille", "--new", "-4", "--gm"],
        ["relation", str(path), "WINK", "famille", "down"],
        ["debt", str(path), "WINK", "4"],
        ["savings", str(path), "WINK", "3"],
        ["buy", str(path), "WINK", "well_off"],
        ["repay", str(path), "WINK", "0"],
    ):
        result = run_cli(["energy", "campaign", *args])
        assert result.exit_code == (2 if args[-1] == "0" else 0), (args, result.stderr)
    shown = json.loads(run_cli(["energy", "campaign", "show", str(path), "--json"]).stdout)
    wink = shown["state"]["characters"]["WINK"]
    assert wink["experience"]["heroic_xp"] == 2 and wink["experience"]["aptitude_xp"] == 1
    assert wink["reputation"]["super_notoriety"] == 1
    assert wink["relations"] == [{"name": "Famille", "value": -5, "gm_reserved": True}]
    assert (wink["savings"], wink["debts"]) == (0, 8)
    twice = run_cli(["energy", "campaign", "reputation", str(path), "WINK", "super_notoriety", "up"])
    assert twice.exit_code == 1
    exported = run_cli(["energy", "campaign", "export", str(path), "wink"])
    assert exported.exit_code == 0 and "debts: 8" in exported.stdout
    sheet = tmp_path / "wink-now.yaml"
    sheet.write_text(exported.stdout, encoding="utf-8")
    assert run_cli(["energy", "check", str(sheet)]).exit_code == 0


def test_spending_points_from_a_file(tmp_path: Path) -> None:
    """Spending re-validates the character: "10 XP héroïques donnent 1 point de héro" then Vigueur costs 1."""
    wink = library_hero("WINK").model_copy(update={"experience": Experience(heroic_points=1)})
    start = tmp_path / "wink.yaml"
    start.write_text(dump_character(wink), encoding="utf-8")
    better = tmp_path / "wink2.yaml"
    better.write_text(
        dump_character(wink.model_copy(update={"attributes": Attributes(energy=5, recovery=4, vigor=6)})),
        encoding="utf-8",
    )
    path = tmp_path / "c.yaml"
    assert run_cli(["energy", "campaign", "new", str(path), "-c", str(start)]).exit_code == 0
    result = run_cli(["energy", "campaign", "xp", "spend", str(path), "WINK", str(better), "--json"])
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["events"][0]["points_spent"]["hero_points"] == 1
    again = run_cli(["energy", "campaign", "xp", "spend", str(path), "WINK", str(better)])
    assert again.exit_code == 2  # the same character again: nothing to spend on


@pytest.mark.parametrize(
    "args",
    [
        ["stress", "add", "{path}", "Nobody"],
        ["stress", "relieve", "{path}", "WINK", "nap"],
        ["buy", "{path}", "WINK", "palace"],
        ["reputation", "{path}", "WINK", "fame", "up"],
        ["relation", "{path}", "WINK", "Père", "up", "--gm"],
        ["relation", "{path}", "WINK", "Père"],
        ["relation", "{path}", "WINK", "Père", "--new", "11"],
        ["stress", "add", "{path}", "WINK", "--boxes", "0"],
        ["xp", "award", "{path}", "WINK", "--heroic", "won"],
        ["show", "{missing}"],
    ],
)
def test_campaign_bad_input_exits_2_and_writes_nothing(tmp_path: Path, args: list[str]) -> None:
    """Bad input: exit 2, a message naming what is wrong, the file untouched."""
    path = _campaign(tmp_path)
    before = path.read_bytes()
    argv = [a.format(path=path, missing=tmp_path / "none.json") for a in args]
    result = run_cli(["energy", "campaign", *argv])
    assert result.exit_code == 2, result.stderr
    assert path.read_bytes() == before


def test_new_refuses_to_overwrite(tmp_path: Path) -> None:
    """A campaign file is never overwritten by mistake."""
    path = _campaign(tmp_path)
    assert run_cli(["energy", "campaign", "new", str(path), "-c", "WINK"]).exit_code == 2
    assert run_cli(["energy", "campaign", "new", str(path), "-c", "WINK", "--force"]).exit_code == 0


def test_undo_with_an_empty_log_exits_1(tmp_path: Path) -> None:
    """Nothing to undo is a refusal, not bad input."""
    assert run_cli(["energy", "campaign", "undo", str(_campaign(tmp_path))]).exit_code == 1


def test_challenge_in_a_campaign_uses_states_and_records_the_box(tmp_path: Path) -> None:
    """002_58e889a1abff3456.txt: troublé "malus de -1 à toutes ses aptitudes"; se dépasser checks "une case
    de stress", recorded in the campaign's log."""
    troubled = library_hero("WINK").model_copy(update={"stress": 9})
    sheet = tmp_path / "wink.yaml"
    sheet.write_text(dump_character(troubled), encoding="utf-8")
    path = tmp_path / "c.json"
    assert run_cli(["energy", "campaign", "new", str(path), "-c", str(sheet)]).exit_code == 0
    args = [
        "energy",
        "challenge",
        "--campaign",
        str(path),
        "--character",
        "WINK",
        "--aptitude",
        "vehicles",
        "--difficulty",
        "expert",
        "--json",
    ]
    outside = run_cli([*args, "--surpass"])
    assert outside.exit_code == 1 and json.loads(outside.stdout)["rule"] == "phase"
    assert run_cli(["energy", "campaign", "session", "start", str(path)]).exit_code == 0
    surpassed = json.loads(run_cli([*args, "--surpass"]).stdout)
    assert surpassed["score"]["total"] == 3 + 2 + 2
    after = json.loads(run_cli(args).stdout)
    assert after["score"]["total"] == 3 + 2 - 1
    log = json.loads(run_cli(["energy", "campaign", "log", str(path), "--json"]).stdout)["log"]
    assert log[-1]["events"][0] == {"stress_spent": {"character": "WINK", "use": "surpass"}}


@pytest.mark.parametrize(
    ("args", "flag"),
    [
        (["--character", "WINK", "--aptitude", "vehicles", "--trait", "1", "--difficulty", "4"], "--trait"),
        (["--character", "WINK", "--power", "Téléportation", "--rank", "5", "--difficulty", "4"], "--rank"),
        (["--aptitude-rank", "3", "--carried", "1", "--difficulty", "4"], "--carried"),
        (["--aptitude-rank", "3", "--difficulty", "4", "--versus-rank", "3"], "--difficulty"),
        (["--aptitude-rank", "3", "--rank", "5", "--difficulty", "4"], "--rank"),
        (["--rank", "5", "--trait", "1", "--difficulty", "4"], "--trait"),
        (["--aptitude", "vehicles", "--aptitude-rank", "3", "--difficulty", "4"], "--aptitude"),
    ],
)
def test_challenge_refuses_options_it_would_ignore(args: list[str], flag: str) -> None:
    """An option that would silently be ignored is bad input naming it (exit 2), in French and English."""
    for lang in ("fr", "en"):
        result = run_cli(["energy", "challenge", *args], lang)
        assert result.exit_code == 2, result.stdout
        assert flag in result.stderr


@pytest.mark.parametrize("aptitude", ["vehicles", "véhicules", "Vehicules", "Vehicles"])
def test_challenge_reads_the_books_aptitude_names(aptitude: str) -> None:
    """The UI takes the book's words: "un rang de 3 en aptitude véhicules" (002_58e889a1abff3456.txt)."""
    result = run_cli(
        ["energy", "challenge", "--character", "WINK", "--aptitude", aptitude, "--difficulty", "4"]
    )
    assert result.exit_code == 0, result.stderr
    assert "aptitude Véhicules : +3" in result.stdout


@pytest.mark.parametrize(
    ("args", "lang", "expected"),
    [
        (["buy", "{path}", "WINK", "aisé"], "fr", "pour 7 cases d'économies"),
        (["state", "add", "{path}", "WINK", "blessé"], "fr", "WINK subit l'état blessé."),
        (["reputation", "{path}", "WINK", "moralité", "up"], "fr", "(terminez-en un d'abord)."),
        (["stress", "spend", "{path}", "WINK", "se dépasser"], "en", "surpass"),
        (["stress", "relieve", "{path}", "WINK", "exutoire"], "fr", "aucune case de stress à effacer"),
    ],
)
def test_campaign_commands_read_the_books_words(
    tmp_path: Path, args: list[str], lang: str, expected: str
) -> None:
    """Keys or the book's French words: "aisé", "blessé", "moralité", "se dépasser", "exutoire"."""
    path = _campaign(tmp_path)
    for prep in (["session", "start"], ["scenario", "start"], ["scene", "start"]):
        run_cli(["energy", "campaign", *prep, str(path)])
    run_cli(["energy", "campaign", "debt", str(path), "WINK", "7"])
    result = run_cli(["energy", "campaign", *[a.format(path=path) for a in args]], lang)
    assert result.exit_code in (0, 1), result.stderr
    assert expected in result.stdout + result.stderr


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_unknown_words_are_named_in_the_readers_language(tmp_path: Path, lang: str) -> None:
    """Bad input names what was expected, keys and the book's words, in the chosen language."""
    path = _campaign(tmp_path)
    result = run_cli(["energy", "campaign", "buy", str(path), "WINK", "palace"], lang)
    assert result.exit_code == 2
    wanted = {
        "fr": "Valeur inconnue pour niveau de vie : « palace »",
        "en": "Unknown living standard 'palace'",
    }[lang]
    assert wanted in result.stderr and "well_off" in result.stderr
    assert ("well_off (aisé)" if lang == "fr" else "well_off (well-off)") in result.stderr


def test_wounded_again_is_told_as_incapacitated(tmp_path: Path) -> None:
    """002_58e889a1abff3456.txt: "Un personnage blessé qui subit une nouvelle fois le statut blessé subit à
    la place l'état incapacité"; the output says so."""
    path = _campaign(tmp_path)
    run_cli(["energy", "campaign", "state", "add", str(path), "KITSUNE", "wounded"])
    french = run_cli(["energy", "campaign", "state", "add", str(path), "KITSUNE", "wounded"])
    assert "KITSUNE, déjà dans l'état blessé, subit à la place l'état incapacité." in french.stdout
    log = run_cli(["energy", "campaign", "log", str(path)], "en")
    assert "KITSUNE is wounded again and gets the state incapacitated instead." in log.stdout


def test_new_sets_the_table_options(tmp_path: Path) -> None:
    """Table options from docs/rulings/energy-campaign.md are set when the campaign is created."""
    path = tmp_path / "c.json"
    args = ["--scenario-relief", "1", "--broken-return-stress", "3", "--max-earned-aptitude-points", "30"]
    created = run_cli(
        ["energy", "campaign", "new", str(path), "-c", "WINK", *args, "--no-state-malus-on-powers"]
    )
    assert created.exit_code == 0, created.stderr
    shown = json.loads(run_cli(["energy", "campaign", "show", str(path), "--json"]).stdout)
    options = shown["state"]["options"]
    assert options == {
        "max_rank": None,
        "max_earned_aptitude_points": 30,
        "state_malus_on_powers": False,
        "broken_return_stress": 3,
        "scenario_relief": 1,
    }


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["--max-rank", "0"], "--max-rank"),
        (["--scenario-relief", "11"], "--scenario-relief"),
        (["--broken-return-stress", "10"], "--broken-return-stress"),
        (["--max-earned-aptitude-points", "-1"], "--max-earned-aptitude-points"),
        (["--max-rank", "4"], "--max-rank"),
    ],
)
def test_new_refuses_bad_options_and_writes_nothing(tmp_path: Path, args: list[str], named: str) -> None:
    """Bad table options (or WINK, rank 5, in a campaign capped at rank 4: "limiter les personnages à un
    ensemble de rangs", 002_58e889a1abff3456.txt) are bad input: exit 2, no file."""
    path = tmp_path / "c.json"
    result = run_cli(["energy", "campaign", "new", str(path), "-c", "WINK", *args])
    assert result.exit_code == 2 and named in result.stderr
    assert not path.exists()


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_new_refuses_a_character_that_breaks_a_creation_rule(tmp_path: Path, lang: str) -> None:
    """A campaign starts from valid characters: a WINK with 47 hero points of 39 is refused (exit 1)."""
    attributes = Attributes(energy=5, recovery=4, vigor=13)
    forged = library_hero("WINK").model_copy(update={"attributes": attributes})
    source = tmp_path / "forged.yaml"
    source.write_text(dump_character(forged), encoding="utf-8")
    path = tmp_path / "campaign.json"
    result = run_cli(["energy", "campaign", "new", str(path), "-c", str(source)], lang)
    assert result.exit_code == 1
    assert "47" in result.stderr
    assert not path.exists()


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_session_verbs_in_both_languages(tmp_path: Path, lang: str) -> None:
    """legal, undo, redo, log and show on a campaign file, in words and in JSON; an empty undo or redo is
    a refusal (exit 1) that writes nothing."""
    path = _campaign(tmp_path)
    before = path.read_bytes()
    for verb in ("undo", "redo"):
        empty = run_cli(["energy", "campaign", verb, str(path), "--json"], lang)
        assert empty.exit_code == 1 and json.loads(empty.stdout)["rule"] == f"nothing_to_{verb}"
    assert path.read_bytes() == before
    legal = json.loads(run_cli(["energy", "campaign", "legal", str(path), "--json"], lang).stdout)
    assert [entry["command"] for entry in legal["legal"] if entry["actor"] is None] == ["start_session"]
    refused = json.loads(run_cli(["energy", "campaign", "legal", str(path), "--all", "--json"], lang).stdout)
    assert {entry.get("rule") for entry in refused["legal"]} >= {None, "phase"}
    assert run_cli(["energy", "campaign", "session", "start", str(path)], lang).exit_code == 0
    words = {
        "fr": ("Début de la séance 1.", "Annulé", "Refait"),
        "en": ("Session 1 starts.", "Undone", "Redone"),
    }
    started, undone, redone = words[lang]
    assert started in run_cli(["energy", "campaign", "log", str(path)], lang).stdout
    assert undone in run_cli(["energy", "campaign", "undo", str(path)], lang).stdout
    assert redone in run_cli(["energy", "campaign", "redo", str(path)], lang).stdout
    log = json.loads(run_cli(["energy", "campaign", "log", str(path), "--json"], lang).stdout)
    assert log["version"] == 1 and log["log"][0]["events"] == [{"session_started": {"number": 1}}]
    shown = json.loads(run_cli(["energy", "campaign", "show", str(path), "--json"], lang).stdout)
    assert shown["kind"] == "energy-campaign" and shown["state"]["phase"] == "session"
