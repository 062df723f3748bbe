"""``meneur carpathes ...`` in French and English: JSON keys, exit statuses, the state file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from meneur.dice.odds import fraction_text
from meneur.systems.carpathes.model import RollMode, Tier
from meneur.systems.carpathes.odds import tier_odds
from tests.cli_helpers import run_cli

LANGS = ["fr", "en"]


def run_json(args: list[str], lang: str = "fr") -> dict[str, object]:
    result = run_cli(["carpathes", *args, "--json"], lang)
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert isinstance(data, dict)
    return data


@pytest.mark.parametrize(
    ("lang", "args", "total", "tier"),
    [
        ("fr", ["--trait", "2", "--dice", "4,4"], 10, "partial_success"),
        ("en", ["--trait", "2", "--dice", "4,4"], 10, "partial_success"),
        ("fr", ["--trait", "2", "--bonus", "1", "--dice", "4,4"], 11, "success"),
        ("en", ["--trait", "3", "--advantage", "--dice", "6,1,6"], 15, "critical_success"),
        ("fr", ["--trait", "3", "--disadvantage", "--dice", "6,1,6"], 10, "partial_success"),
        ("en", ["--trait", "0", "--dice", "1,2"], 3, "critical_failure"),
    ],
)
def test_roll_prints_total_and_tier(lang: str, args: list[str], total: int, tier: str) -> None:
    """Issue interface: ``meneur carpathes roll --trait T [--bonus B] [--advantage|--disadvantage]
    [--dice …] --json`` printing ``total`` and ``tier``."""
    data = run_json(["roll", *args], lang)
    assert (data["total"], data["tier"]) == (total, tier)


@pytest.mark.parametrize(
    ("flags", "mode"),
    [
        ([], RollMode.NORMAL),
        (["--advantage"], RollMode.ADVANTAGE),
        (["--disadvantage"], RollMode.DISADVANTAGE),
    ],
)
def test_roll_with_odds_prints_every_tier_as_a_fraction(flags: list[str], mode: RollMode) -> None:
    data = run_json(["roll", "--trait", "2", "--bonus", "1", "--odds", "--seed", "3", *flags])
    expected = tier_odds(2, 1, mode)
    assert data["tiers"] == {t.value: fraction_text(expected[t]) for t in Tier}


def test_odds_command() -> None:
    data = run_json(["odds", "--trait", "2"])
    assert data["tiers"] == {
        "critical_failure": "1/12",
        "failure": "1/3",
        "partial_success": "11/36",
        "success": "5/18",
        "critical_success": "0",
    }
    totals = data["totals"]
    assert isinstance(totals, dict) and totals["9"] == "1/6"


def test_seeded_rolls_repeat() -> None:
    first = run_json(["roll", "--trait", "2", "--seed", "42"])
    assert first == run_json(["roll", "--trait", "2", "--seed", "42"])


@pytest.mark.parametrize(
    ("lang", "args", "needle"),
    [
        ("en", ["roll", "--trait", "2", "--dice", "4"], "die #2 (a d6) is missing"),
        ("fr", ["roll", "--trait", "2", "--dice", "4,4,4"], "3 dés ont été saisis"),
        ("en", ["roll", "--trait", "2", "--dice", "4,9"], "impossible on a d6"),
        ("fr", ["roll", "--trait", "12", "--dice", "4,4"], "Le trait vaut 12 ; donnez un nombre entier"),
        (
            "en",
            ["roll", "--trait", "12", "--dice", "4,4"],
            "The trait is 12; give a whole number from 0 to 10",
        ),
        ("en", ["odds", "--trait", "-1"], "from 0 to 10"),
        (
            "fr",
            ["attack", "--physical", "2", "--defense", "5", "--weapon", "bazooka", "--dice", "1,1"],
            "Valeur inconnue pour arme : « bazooka »",
        ),
        (
            "en",
            ["attack", "--physical", "2", "--defense", "5", "--weapon", "bazooka", "--dice", "1,1"],
            "Unknown weapon 'bazooka'",
        ),
        ("fr", ["initiative", "--fighter", "Anca", "--dice", "1,1"], "NOM:PHYSIQUE"),
    ],
)
def test_bad_input_exits_2_with_a_clear_message(lang: str, args: list[str], needle: str) -> None:
    result = run_cli(["carpathes", *args, "--json"], lang)
    assert result.exit_code == 2
    assert needle in result.stderr
    assert json.loads(result.stdout)["error"] in ("bad_input", "entered_dice")  # --json: JSON on stdout too


def test_messages_are_translated() -> None:
    french = run_cli(["carpathes", "roll", "--trait", "2", "--dice", "4,4"], "fr")
    english = run_cli(["carpathes", "roll", "--trait", "2", "--dice", "4,4"], "en")
    assert "succès partiel" in french.stdout
    assert "partial success" in english.stdout
    odds_fr = run_cli(["carpathes", "odds", "--trait", "2"], "fr")
    odds_en = run_cli(["carpathes", "odds", "--trait", "2"], "en")
    assert "succès complet : 5/18" in odds_fr.stdout
    assert "Odds of full success: 5/18" in odds_en.stdout
    bad_fr = run_cli(["carpathes", "roll", "--trait", "12"], "fr")
    bad_en = run_cli(["carpathes", "roll", "--trait", "12"], "en")
    assert bad_fr.stderr != bad_en.stderr


@pytest.mark.parametrize("lang", ["en"])
def test_attack_defense_initiative_effect(lang: str) -> None:
    assert run_json(
        ["defense", "--mental", "2", "--physical", "3", "--social", "1", "--equipment", "1"], lang
    ) == {"defense": 7}
    data = run_json(
        [
            "attack",
            "--physical",
            "2",
            "--defense",
            "6",
            "--weapon",
            "ash_stake",
            "--target",
            "vampire",
            "--identified",
            "--dice",
            "4,4",
        ],
        lang,
    )
    assert (data["margin"], data["wound"], data["target_disadvantage"]) == (5, "serious", True)
    data = run_json(
        ["initiative", "--fighter", "Mihail:1:pc", "--fighter", "Strigoi:1", "--dice", "3,3,4,2"], lang
    )
    order = data["order"]
    assert isinstance(order, list) and [e["name"] for e in order] == ["Mihail", "Strigoi"]
    assert run_json(["effect", "--agent", "holy_water_thrown", "--target", "vampire"], lang) == {
        "effect": "burns",
        "automatic_damage": 1,
    }


def chronicle(path: Path, *args: str, lang: str = "fr") -> dict[str, object]:
    return run_json(["chronicle", args[0], str(path), *args[1:]], lang)


@pytest.mark.parametrize("lang", ["fr"])
def test_father_mihail_through_the_cli(tmp_path: Path, lang: str) -> None:
    """003_87a535c5e428c5d3.txt, « Exemple en jeu »: the 10 becomes a full success; said
    ironically it stays a partial success and the cross cracks."""
    path = tmp_path / "chronique.json"
    chronicle(path, "new", lang=lang)
    chronicle(
        path,
        "add-pc",
        "--name",
        "Mihail",
        "--mental",
        "2",
        "--physical",
        "1",
        "--social",
        "1",
        "--sacred-object",
        "croix d'argent",
        lang=lang,
    )
    for step in (["session"], ["scene"], ["confront", "--creature", "vampire"]):
        chronicle(path, *step, lang=lang)
    data = chronicle(path, "roll", "--pc", "Mihail", "--trait", "mental", "--dice", "4,4", lang=lang)
    assert data["events"][0]["rolled"]["roll"]["dice"] == [4, 4]  # type: ignore[index]
    data = chronicle(path, "talisman", "--pc", "Mihail", "--object", "croix d'argent", "--sincere", lang=lang)
    mihail = data["summary"]["characters"]["Mihail"]  # type: ignore[index]
    assert (mihail["last_roll"]["total"], mihail["last_roll"]["tier"]) == (10, "success")
    chronicle(path, "undo", lang=lang)
    data = chronicle(
        path, "talisman", "--pc", "Mihail", "--object", "croix d'argent", "--insincere", lang=lang
    )
    mihail = data["summary"]["characters"]["Mihail"]  # type: ignore[index]
    assert mihail["last_roll"]["tier"] == "partial_success" and mihail["cracked"] is True
    again = run_cli(
        [
            "carpathes",
            "chronicle",
            "talisman",
            str(path),
            "--pc",
            "Mihail",
            "--object",
            "croix d'argent",
            "--sincere",
        ],
        lang,
    )
    assert again.exit_code == 1 and again.stderr
    legal = chronicle(path, "legal", "--all", lang=lang)["legal"]
    talismans = [e for e in legal if e["kind"] == "invoke_talisman"]  # type: ignore[attr-defined]
    assert talismans and all(e["rule"] == "talisman.cracked" for e in talismans)


def test_bad_input_leaves_the_state_file_unchanged(tmp_path: Path) -> None:
    path = tmp_path / "c.json"
    chronicle(path, "new")
    chronicle(path, "add-pc", "--name", "Mihail", "--mental", "2", "--physical", "1", "--social", "1")
    chronicle(path, "session")
    chronicle(path, "scene")
    before = path.read_bytes()
    for args in (
        ["roll", str(path), "--pc", "Mihail", "--trait", "mental", "--dice", "4,4,4"],
        ["roll", str(path), "--pc", "Mihail", "--trait", "courage", "--dice", "4,4"],
        ["roll", str(path), "--pc", "Dracula", "--trait", "mental", "--dice", "4,4"],
        ["add-pc", str(path), "--name", "X", "--mental", "12", "--physical", "1", "--social", "1"],
        ["joker", str(path), "--pc", "Mihail", "--dice", "1,1"],
    ):
        result = run_cli(["carpathes", "chronicle", *args], "en")
        assert result.exit_code in (1, 2), result.stdout
        assert path.read_bytes() == before
    assert run_cli(["carpathes", "chronicle", "show", str(tmp_path / "missing.json")]).exit_code == 2
    (tmp_path / "junk.json").write_text("{not json")
    assert run_cli(["carpathes", "chronicle", "show", str(tmp_path / "junk.json")]).exit_code == 2
    assert run_cli(["carpathes", "chronicle", "new", str(path)]).exit_code == 2
    bad_pc = run_cli(
        [
            "carpathes",
            "chronicle",
            "add-pc",
            str(path),
            "--name",
            "X",
            "--mental",
            "1",
            "--physical",
            "11",
            "--social",
            "1",
        ],
        "fr",
    )
    assert bad_pc.exit_code == 2 and "Physique vaut 11" in bad_pc.stderr


@pytest.mark.parametrize("lang", LANGS)
def test_human_output_of_the_chronicle(tmp_path: Path, lang: str) -> None:
    path = tmp_path / "c.json"
    for args in (
        ["new"],
        ["add-pc", "--name", "Mihail", "--mental", "2", "--physical", "1", "--social", "1"],
        ["session"],
        ["scene", "--after-night"],
        ["initiative", "--npc", "Strigoi:2", "--surprise", "Strigoi", "--dice", "1,1,6,6"],
        ["roll", "--pc", "Mihail", "--trait", "physique", "--peril", "--dice", "1,1"],
        ["joker", "--pc", "Mihail", "--dice", "6,6"],
        ["show"],
    ):
        result = run_cli(["carpathes", "chronicle", args[0], str(path), *args[1:]], lang)
        assert result.exit_code == 0, result.stderr
        assert result.stdout.strip()
    shown = run_json(["chronicle", "show", str(path)], lang)
    mihail = shown["summary"]["characters"]["Mihail"]  # type: ignore[index]
    assert mihail["joker_available"] is False and mihail["last_roll"]["total"] == 13


@pytest.mark.parametrize(
    ("lang", "args", "needle"),
    [
        (
            "fr",
            [
                "add-pc",
                "--name",
                "X",
                "--mental",
                "1",
                "--physical",
                "1",
                "--social",
                "1",
                "--talent",
                "escrime=20",
            ],
            "Le bonus du talent « escrime » vaut 20 ; donnez un nombre",
        ),
        (
            "en",
            [
                "add-pc",
                "--name",
                "X",
                "--mental",
                "1",
                "--physical",
                "1",
                "--social",
                "1",
                "--talent",
                "escrime=20",
            ],
            "The bonus of talent 'escrime' is 20; give a whole number",
        ),
        (
            "fr",
            ["add-pc", "--name", " ", "--mental", "1", "--physical", "1", "--social", "1"],
            "Le nom du personnage est vide",
        ),
        (
            "en",
            [
                "add-pc",
                "--name",
                "X",
                "--mental",
                "1",
                "--physical",
                "1",
                "--social",
                "1",
                "--talent",
                "escrime=1",
                "--talent",
                "escrime=2",
            ],
            "Talent 'escrime' is given twice",
        ),
        (
            "fr",
            ["initiative", "--npc", "Strigoi:2:pc", "--dice", "1,1,1,1"],
            "Le PNJ « Strigoi:2:pc » doit s'écrire NOM:PHYSIQUE[:talent=N]",
        ),
        (
            "en",
            ["initiative", "--npc", "Strigoi:12", "--dice", "1,1,1,1"],
            "Physique is 12; give a whole number from 0 to 10",
        ),
    ],
)
def test_chronicle_bad_input_is_translated_and_changes_nothing(
    tmp_path: Path, lang: str, args: list[str], needle: str
) -> None:
    """Bad input: a clear message in the user's language, exit 2, the file untouched."""
    path = tmp_path / "c.json"
    chronicle(path, "new")
    chronicle(path, "add-pc", "--name", "Mihail", "--mental", "2", "--physical", "1", "--social", "1")
    for step in (["session"], ["scene"]):
        chronicle(path, *step)
    before = path.read_bytes()
    result = run_cli(["carpathes", "chronicle", args[0], str(path), *args[1:]], lang)
    assert result.exit_code == 2, result.stdout
    assert needle in result.stderr
    assert "Invalid values" not in result.stderr and path.read_bytes() == before


@pytest.mark.parametrize(
    ("lang", "note"),
    [
        ("fr", "L'avantage et le désavantage s'annulent : 2D6 simples."),
        ("en", "Advantage and disadvantage cancel out: plain 2D6."),
    ],
)
def test_advantage_and_disadvantage_cancel_and_say_so(lang: str, note: str) -> None:
    """Ruling « Advantage and disadvantage together » (table option
    advantage_cancels_disadvantage)."""
    data = run_json(["roll", "--trait", "2", "--advantage", "--disadvantage", "--dice", "3,3"], lang)
    assert (data["mode"], data["total"], data["explanation"][0]) == (  # type: ignore[index]
        "normal",
        8,
        note,
    )


@pytest.mark.parametrize("lang", LANGS)
def test_stake_through_the_cli(lang: str) -> None:
    """« Sur succès complet en plein cœur d'un vampire endormi, le cloue définitivement »."""
    data = run_json(
        [
            "attack",
            "--physical",
            "2",
            "--defense",
            "6",
            "--weapon",
            "ash_stake",
            "--target",
            "vampire",
            "--identified",
            "--sleeping",
            "--dice",
            "5,4",
        ],
        lang,
    )
    assert (data["total"], data["tier"], data["pinned"], data["margin"]) == (11, "success", True, 6)


@pytest.mark.parametrize(
    ("lang", "texts"),
    [
        (
            "fr",
            [
                "Pris au dépourvu : sans bonus de talent au premier round.",
                "Déjà 3 indices surnaturels dans cette scène",
                "✗ L'initiative a déjà",
            ],
        ),
        (
            "en",
            [
                "Caught off guard: no talent bonus in the first round.",
                "Already 3 supernatural clues in this scene",
                "✗ Initiative was already",
            ],
        ),
    ],
)
def test_rounds_clues_and_legality_through_the_cli(tmp_path: Path, lang: str, texts: list[str]) -> None:
    """« sans bonus de talent » in the first round, « Trois indices surnaturels par scène, pas
    plus », and the legality query."""
    path = tmp_path / "c.json"
    chronicle(path, "new", lang=lang)
    chronicle(
        path,
        "add-pc",
        "--name",
        "Mihail",
        "--mental",
        "2",
        "--physical",
        "1",
        "--social",
        "1",
        "--talent",
        "lecture=2",
        lang=lang,
    )
    for step in (
        ["session"],
        ["scene"],
        ["initiative", "--npc", "Strigoi:2", "--off-guard", "Mihail", "--dice", "1,1,6,6"],
    ):
        chronicle(path, *step, lang=lang)
    out: list[str] = []
    for args in (
        ["roll", "--pc", "Mihail", "--trait", "mental", "--talent", "lecture", "--dice", "4,4"],
        ["round"],
        ["clue", "--text", "une dent de loup sonne"],
        ["clue"],
        ["clue"],
        ["clue"],
        ["legal", "--all"],
    ):
        result = run_cli(["carpathes", "chronicle", args[0], str(path), *args[1:]], lang)
        out.append(result.stdout + result.stderr)
    joined = "\n".join(out)
    for text in texts:
        assert text in joined
    state = run_json(["chronicle", "show", str(path)], lang)
    summary = state["summary"]
    assert (summary["round"], summary["supernatural_clues"]) == (2, 3)  # type: ignore[index]


@pytest.mark.parametrize(
    ("lang", "needle"),
    [
        ("fr", "Ce jet utilise 3 dés (désavantage, 3D6 garder les 2 pires)."),
        ("en", "This roll uses 3 dice (disadvantage, 3D6 keep the 2 worst)."),
    ],
)
def test_shaken_faith_roll_says_how_many_dice_to_enter(tmp_path: Path, lang: str, needle: str) -> None:
    """« Coût narratif »: « Pour la prochaine confrontation surnaturelle, ce PJ subit un
    Désavantage (3D6 garder les 2 pires) sur tout jet de protection ou d'attaque »: two entered
    dice are refused with the number the roll needs, and nothing changes."""
    path = tmp_path / "c.json"
    chronicle(path, "new", lang=lang)
    chronicle(
        path,
        "add-pc",
        "--name",
        "Mihail",
        "--mental",
        "2",
        "--physical",
        "1",
        "--social",
        "1",
        "--sacred-object",
        "croix",
        lang=lang,
    )
    for step in (
        ["session"],
        ["scene"],
        ["confront", "--creature", "vampire"],
        ["roll", "--pc", "Mihail", "--trait", "mental", "--dice", "4,4"],
        ["talisman", "--pc", "Mihail", "--object", "croix", "--insincere"],
        ["end-confrontation"],
        ["confront", "--creature", "undead"],
    ):
        chronicle(path, *step, lang=lang)
    before = path.read_bytes()
    result = run_cli(
        [
            "carpathes",
            "chronicle",
            "roll",
            str(path),
            "--pc",
            "Mihail",
            "--trait",
            "physical",
            "--purpose",
            "attack",
            "--dice",
            "6,6",
        ],
        lang,
    )
    assert result.exit_code == 2 and needle in result.stderr and path.read_bytes() == before
    data = chronicle(
        path,
        "roll",
        "--pc",
        "Mihail",
        "--trait",
        "physical",
        "--purpose",
        "protection",
        "--dice",
        "6,6,1",
        lang=lang,
    )
    last = data["summary"]["characters"]["Mihail"]["last_roll"]  # type: ignore[index]
    assert (last["kept"], last["total"]) == ([6, 1], 8)


@pytest.mark.parametrize(
    ("lang", "texts"),
    [
        (
            "fr",
            [
                "Mihail subit une blessure sérieuse.",
                "Blessé : désavantage jusqu'à soin médical.",
                "Mihail reçoit un soin médical",
            ],
        ),
        (
            "en",
            [
                "Mihail suffers a serious wound.",
                "Wounded: disadvantage until medical care.",
                "Mihail receives medical care",
            ],
        ),
    ],
)
def test_wound_and_care_through_the_cli(tmp_path: Path, lang: str, texts: list[str]) -> None:
    """« blessure sérieuse, désavantage à la cible jusqu'à soin médical »."""
    path = tmp_path / "c.json"
    out = []
    for args in (
        ["new"],
        ["add-pc", "--name", "Mihail", "--mental", "2", "--physical", "1", "--social", "1"],
        ["session"],
        ["scene"],
        ["wound", "--pc", "Mihail", "--wound", "serious"],
        ["roll", "--pc", "Mihail", "--trait", "physical", "--dice", "6,6,1"],
        ["care", "--pc", "Mihail"],
        ["roll", "--pc", "Mihail", "--trait", "physical", "--dice", "6,6"],
    ):
        result = run_cli(["carpathes", "chronicle", args[0], str(path), *args[1:]], lang)
        assert result.exit_code == 0, result.stderr
        out.append(result.stdout)
    for text in texts:
        assert text in "\n".join(out)
    bad = run_cli(
        ["carpathes", "chronicle", "wound", str(path), "--pc", "Mihail", "--wound", "scratch"], lang
    )
    assert bad.exit_code == 2 and "scratch" in bad.stderr


@pytest.mark.parametrize(
    ("lang", "line"),
    [("fr", "Probabilité — blessure sérieuse : 5/12"), ("en", "Odds of serious wound: 5/12")],
)
def test_attack_odds(lang: str, line: str) -> None:
    """Exact odds of each wound, « Marge 5 à 9 : blessure sérieuse » with the sabre's cran."""
    args = [
        "attack",
        "--physical",
        "2",
        "--defense",
        "6",
        "--weapon",
        "cavalry_sabre",
        "--odds",
        "--dice",
        "4,4",
    ]
    data = run_json(args, lang)
    assert data["wound_odds"] == {"none": "1/12", "light": "1/2", "serious": "5/12", "critical": "0"}
    assert line in run_cli(["carpathes", *args], lang).stdout


def test_table_options_of_a_new_chronicle(tmp_path: Path) -> None:
    """Table options of docs/rulings/carpathes.md, chosen when the chronicle is created."""
    path = tmp_path / "c.json"
    data = chronicle(
        path,
        "new",
        "--disadvantage-wins",
        "--critical-wound-no-disadvantage",
        "--clues-per-scene",
        "0",
        "--cracked-until-penance",
        "--allow-unestablished-objects",
    )
    assert data["summary"]["options"] == {  # type: ignore[index]
        "advantage_cancels_disadvantage": False,
        "cracked_disadvantage_until_penance": True,
        "require_established_object": False,
        "damage_step": "margin",
        "silver_wound_multiplier": 2,
        "critical_wound_disadvantage": False,
        "supernatural_clues_per_scene": None,
    }
