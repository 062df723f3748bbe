"""``meneur energy`` character commands: check, sheet, new, npc, balance, library, archetypes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from meneur.systems.energy.catalogue import library_hero, library_names
from meneur.systems.energy.files import load_character, save_character
from meneur.systems.energy.validation import validate
from tests.cli_helpers import run_cli


def _write(tmp_path: Path, text: str, name: str = "hero.yaml") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_check_valid_file(tmp_path: Path) -> None:
    """002_58e889a1abff3456.txt: WINK's 39 hero points and 24 aptitude points; exit status 0."""
    path = tmp_path / "wink.yaml"
    save_character(library_hero("WINK"), path)
    result = run_cli(["energy", "check", str(path)])
    assert result.exit_code == 0, result.stderr
    assert "WINK respecte toutes les règles de création." in result.stdout
    assert "Points de héros : 39 dépensés sur 39 (0 restant)" in result.stdout


def test_check_json_of_a_broken_character(tmp_path: Path) -> None:
    """002_58e889a1abff3456.txt: "La récupération ne peut pas être supérieure à l'énergie"; exit 1 and the
    JSON document with every error and both budgets."""
    broken = library_hero("KITSUNE").model_copy(
        update={"attributes": library_hero("KITSUNE").attributes.model_copy(update={"energy": 3, "vigor": 0})}
    )
    path = tmp_path / "kitsune.json"
    save_character(broken, path)
    result = run_cli(["energy", "check", str(path), "--json"], lang="en")
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data["valid"] is False
    assert {e["rule"] for e in data["errors"]} == {"attribute.minimum", "attribute.recovery_above_energy"}
    assert all(set(e) >= {"rule", "message"} for e in data["errors"])
    assert data["hero_points"] == {"budget": 39, "spent": 6 + 12 + 0 + 11, "earned": 0}
    assert data["aptitude_points"] == {"budget": 18, "spent": 18, "earned": 0}


@pytest.mark.parametrize(
    "text", ["name: [oops", "just text", "name: X\nrank: 5\nattributes: {energy: 1}\npowers: []"]
)
def test_check_unreadable_file_exits_2(tmp_path: Path, text: str) -> None:
    """Malformed files: exit status 2 and a message on standard error."""
    result = run_cli(["energy", "check", _write(tmp_path, text)])
    assert result.exit_code == 2
    assert "Erreur" in result.stderr


def test_check_missing_file_exits_2(tmp_path: Path) -> None:
    """A file that does not exist: exit status 2."""
    assert run_cli(["energy", "check", str(tmp_path / "none.yaml")]).exit_code == 2


def test_check_accepts_library_names() -> None:
    """A built-in hero's name may stand for a file."""
    assert run_cli(["energy", "check", "Déjà-vu"]).exit_code == 0


def test_sheet_shows_the_books_words() -> None:
    """The sheet shows the book's French words: Énergie, Récupération, Vigueur, Bagou, Filouterie."""
    result = run_cli(["energy", "sheet", "KITSUNE"])
    assert result.exit_code == 0
    for words in (
        "KITSUNE",
        "rang 5",
        "Énergie",
        "Récupération",
        "Vigueur",
        "Frappes instinctives",
        "Off-C",
        "+1",
        "Bagou",
        "Filouterie",
        "Sens améliorés",
        "Précaire",
        "Points d'aptitudes : 18 dépensés sur 18",
    ):
        assert words in result.stdout, words


KITSUNE_ANSWERS = [
    "KITSUNE",
    "5",
    "adolescent",
    "99",
    "6",
    "4",
    "4",  # 99 is refused, then Énergie 6
    "Frappes instinctives",
    "off_c",
    "1",
    "Coups portés à l'instinct",  # details, written down
    "Esquive instinctive",
    "def",
    "0",
    "",
    "Agilité du renard",
    "mov",
    "0",
    "",
    "3",
    "2",
    "3",
    "3",
    "0",
    "0",
    "0",
    "0",
    "0",
    "1",
    "0",
    "3",
    "Sens améliorés (odorat et toucher)",
    "2",
    "vigilance",
    "Environnement urbain",
    "1",
    "Filouterie; bogus",
    "Filouterie; Athlétisme",  # bogus is refused
    "",
    "Allure de mutante; Sensible à la frénésie",
    "",
    "",  # no specialty, no particularity
]


def test_new_builds_kitsune_with_piped_answers(tmp_path: Path) -> None:
    """002_58e889a1abff3456.txt: KITSUNE's creation, "28 points de héros dans les attributs", "Les 11
    points de héros restants", "18 points d'aptitudes ... 15 dans les aptitudes ... les 3 points
    restants"; the budget is shown as it goes down."""
    out = tmp_path / "kitsune.yaml"
    result = run_cli(["energy", "new", "--output", str(out)], input="\n".join(KITSUNE_ANSWERS) + "\n")
    assert result.exit_code == 0, result.stdout
    assert "Invalide" in result.stdout
    for left in (
        "Points de héros restants : 11",
        "Points de héros restants : 6",
        "Points d'aptitudes restants : 18",
        "Points d'aptitudes restants : 3",
    ):
        assert left in result.stdout, left
    made = load_character(out)
    book = library_hero("KITSUNE")
    assert made.attributes == book.attributes
    assert [(p.name, p.category, p.modifier) for p in made.powers] == [
        (p.name, p.category, p.modifier) for p in book.powers
    ]
    assert made.aptitudes == book.aptitudes
    assert [(t.name, t.bonus, t.aptitudes) for t in made.traits] == [
        (t.name, t.bonus, t.aptitudes) for t in book.traits
    ]
    assert made.complications == book.complications
    assert validate(made).is_valid


def test_new_refuses_to_overwrite(tmp_path: Path) -> None:
    """Bad input never loses data: an existing file is kept unless --force is given."""
    out = Path(_write(tmp_path, "keep me"))
    result = run_cli(["energy", "new", "--output", str(out)], input="")
    assert result.exit_code == 2
    assert out.read_text(encoding="utf-8") == "keep me"


@pytest.mark.parametrize("rank", [1, 2, 5, 6, 11, 12])
def test_npc_prints_a_file_check_accepts(tmp_path: Path, rank: int) -> None:
    """002_58e889a1abff3456.txt, "Pour créer rapidement un personnage": the printed NPC passes check."""
    result = run_cli(["energy", "npc", "--rank", str(rank), "--name", "Sbire"])
    assert result.exit_code == 0
    path = _write(tmp_path, result.stdout)
    assert run_cli(["energy", "check", path]).exit_code == 0
    assert load_character(path).attributes.vigor == rank


def test_npc_bad_rank_exits_2() -> None:
    """A rank below 1 is bad input."""
    assert run_cli(["energy", "npc", "--rank", "0"]).exit_code == 2


def test_balance_command() -> None:
    """002_58e889a1abff3456.txt: "4 héros de rang 5, alors vous avez jusqu'à 20 rangs"."""
    result = run_cli(["energy", "balance", "--heroes", "5,5,5,5", "--foes", "8,6,6"])
    assert result.exit_code == 0
    assert "Héros : 5 + 5 + 5 + 5 = 20" in result.stdout
    assert "Serré" in result.stdout and "16" in result.stdout


def test_balance_with_files_and_library_names(tmp_path: Path) -> None:
    """Sides may name character files and library heroes; their ranks are summed."""
    path = tmp_path / "fold.yaml"
    save_character(library_hero("FOLD"), path)
    result = run_cli(
        ["energy", "balance", "--heroes", f"WINK,kitsune,{path}", "--foes", "4,4,2,2,2", "--json"]
    )
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert (data["heroes_total"], data["foes_total"], data["verdict"]) == (18, 14, "advised")


@pytest.mark.parametrize(
    ("lang", "words"), [("fr", "« zorro » n'est ni un rang"), ("en", "'zorro' is neither a rank")]
)
def test_balance_bad_item_exits_2(lang: str, words: str) -> None:
    """An item that is neither a rank, a file nor a hero is bad input naming the option and the item."""
    result = run_cli(["energy", "balance", "--heroes", "5,zorro", "--foes", "4"], lang=lang)
    assert result.exit_code == 2
    assert "--heroes" in result.stderr and words in result.stderr


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        (
            "fr",
            [
                "Effet",
                "Condition",
                "(immobilisé)",
                "Don d'énergie",
                "Complété par les règles (non donné par le livre) : rang, attributs, maturité",
            ],
        ),
        (
            "en",
            [
                "Effect",
                "Condition",
                "(immobilized)",
                "Energy given",
                "Completed by the rules (not given by the book): rank, attributes, maturity",
            ],
        ),
    ],
)
def test_sheet_explains_effects_and_inferred_fields(lang: str, words: list[str]) -> None:
    """ARCHITECT's "Lance-filins tactiques (Off-C)" to "immobiliser un garde" (002_58e889a1abff3456.txt):
    the sheet names each power's combat effect and the fields completed by the rules, in the reader's
    language."""
    result = run_cli(["energy", "sheet", "ARCHITECT"], lang=lang)
    assert result.exit_code == 0
    flat = " ".join(result.stdout.split())
    for word in words:
        assert " ".join(word.split()) in flat, word


def test_sheet_shows_what_a_trait_applies_to() -> None:
    """002_58e889a1abff3456.txt: "Spécialisation moto rang 2" is shown with the aptitude it helps."""
    result = run_cli(["energy", "sheet", "WINK"])
    assert "Spécialisation moto +2 (Véhicules)" in " ".join(result.stdout.split())


def test_new_speaks_the_readers_language(tmp_path: Path) -> None:
    """The builder offers the book's words (Adolescent, Adulte, Vétéran), refusing others by listing them."""
    unused = tmp_path / "unused.yaml"
    result = run_cli(["energy", "new", "--output", str(unused)], input="Zed\n5\nbogus\n")
    assert "Maturité (Adolescent, Adulte, Vétéran) [Adulte]" in result.stdout
    assert "choisissez parmi Adolescent, Adulte, Vétéran" in result.stdout
    assert not unused.exists()


def test_library_lists_and_prints_heroes(tmp_path: Path) -> None:
    """``library`` lists every hero; ``library NAME`` prints a file ``check`` accepts."""
    listing = run_cli(["energy", "library"])
    assert listing.exit_code == 0
    assert all(name in listing.stdout for name in library_names())
    printed = run_cli(["energy", "library", "tempete d'acier"])
    assert printed.exit_code == 0
    path = _write(tmp_path, printed.stdout)
    assert load_character(path) == library_hero("TEMPÊTE D’ACIER")
    assert run_cli(["energy", "check", path]).exit_code == 0
    assert run_cli(["energy", "library", "nobody"]).exit_code == 2


def test_archetypes_command() -> None:
    """The power archetypes of the last chapter, listed and one by one."""
    listing = run_cli(["energy", "archetypes"])
    assert listing.exit_code == 0
    assert "Télékinésie" in listing.stdout and "AXIOME" in listing.stdout
    one = run_cli(["energy", "archetypes", "portails"], lang="en")
    assert one.exit_code == 0
    assert "Portals" in one.stdout and "NEXUS" in one.stdout and "Sup, Mov" in one.stdout
    assert run_cli(["energy", "archetypes", "cooking"]).exit_code == 2


def test_check_reads_standard_input() -> None:
    """``check -`` reads the character file from standard input (``npc | check -``)."""
    printed = run_cli(["energy", "npc", "--rank", "4"]).stdout
    result = run_cli(["energy", "check", "-", "--json"], input=printed)
    assert result.exit_code == 0
    assert json.loads(result.stdout)["hero_points"] == {"budget": 32, "spent": 32, "earned": 0}


def test_english_check_output() -> None:
    """The same check in English."""
    result = run_cli(["energy", "check", "BRANDON"], lang="en")
    assert result.exit_code == 0
    assert "Hero points: 47 spent of 47 (0 left)" in result.stdout


def test_check_counts_points_earned_by_experience(tmp_path: Path) -> None:
    """002_58e889a1abff3456.txt: "10 points d'expérience héroïques peuvent être convertis en 1 point de
    héros": KITSUNE with one more Vigueur (40 of 39) passes once that earned point is given."""
    kitsune = library_hero("KITSUNE")
    tougher = kitsune.model_copy(update={"attributes": kitsune.attributes.model_copy(update={"vigor": 5})})
    path = tmp_path / "kitsune.yaml"
    save_character(tougher, path)
    assert run_cli(["energy", "check", str(path)]).exit_code == 1
    result = run_cli(["energy", "check", str(path), "--earned-hero-points", "1", "--json"])
    assert result.exit_code == 0
    assert json.loads(result.stdout)["hero_points"] == {"budget": 40, "spent": 40, "earned": 1}
    assert run_cli(["energy", "check", str(path), "--earned-hero-points", "-1"]).exit_code == 2


def test_sheet_shows_brackets_typed_by_users_as_they_are(tmp_path: Path) -> None:
    """Names and powers are user text: brackets in them are shown, never read as terminal styles."""
    path = tmp_path / "odd.yaml"
    path.write_text(
        'name: "Bad [red]Name"\nrank: 1\nattributes: {energy: 1, recovery: 1, vigor: 1}\n'
        'powers: [{name: "Rayon [b]", category: off_c}]\nliving_standard: precarious\n',
        encoding="utf-8",
    )
    result = run_cli(["energy", "sheet", str(path)], "fr")
    assert result.exit_code == 0
    assert "Bad [red]Name" in result.stdout
    assert "Rayon [b]" in result.stdout
