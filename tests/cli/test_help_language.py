"""Typer's and Click's own words (help chrome, usage errors) speak the chosen language.

They are translated by ``meneur.i18n.framework`` from the ``framework`` catalogs.
"""

from __future__ import annotations

import pytest

from tests.cli_helpers import run_cli

CHROME = {
    "fr": ("Utilisation : meneur", "Options", "Afficher ce message et quitter."),
    "en": ("Usage: meneur", "Options", "Show this message and exit."),
    "pl": ("Użycie: meneur", "Opcje", "Pokaż ten komunikat i zakończ."),
}
COMMANDS = {"fr": "Commandes", "en": "Commands", "pl": "Polecenia"}
ARGUMENTS = {"fr": "Arguments", "en": "Arguments", "pl": "Argumenty"}
REQUIRED = {"fr": "[obligatoire]", "en": "[required]", "pl": "[wymagane]"}
GROUP_USAGE = {
    "fr": "[OPTIONS] COMMANDE [ARGUMENTS]...",
    "en": "[OPTIONS] COMMAND [ARGS]...",
    "pl": "[OPCJE] POLECENIE [ARGUMENTY]...",
}
LANGS = list(CHROME)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("group", [[], ["warzone"], ["insmv"], ["carpathes"]])
def test_group_help_shows_translated_chrome(lang: str, group: list[str]) -> None:
    result = run_cli([*group, "--help"], lang)
    assert result.exit_code == 0
    for word in (*CHROME[lang], COMMANDS[lang], GROUP_USAGE[lang]):
        assert word in result.stdout
    if lang != "en":
        assert "Commands" not in result.stdout


@pytest.mark.parametrize("lang", LANGS)
def test_command_help_shows_translated_arguments_and_required(lang: str) -> None:
    result = run_cli(["roll", "--help"], lang)
    assert result.exit_code == 0
    for word in (*CHROME[lang], ARGUMENTS[lang], REQUIRED[lang]):
        assert word in result.stdout


@pytest.mark.parametrize(
    ("lang", "default"), [("fr", "[par défaut : 0]"), ("en", "[default: 0]"), ("pl", "[domyślnie: 0]")]
)
def test_defaults_are_labelled_in_the_language(lang: str, default: str) -> None:
    result = run_cli(["carpathes", "roll", "--help"], lang)
    assert result.exit_code == 0
    assert default in result.stdout


def test_english_words_do_not_leak_into_french_help() -> None:
    out = run_cli(["roll", "--help"], "fr").stdout
    for english in ("Usage:", "Show this message and exit.", "[required]"):
        assert english not in out


def test_no_arguments_prints_the_translated_root_help() -> None:
    result = run_cli([], "fr")
    assert "Utilisation : meneur [OPTIONS] COMMANDE [ARGUMENTS]..." in result.stdout + result.stderr


# (arguments, language, words on stderr): each row is one of Click's or Typer's usage errors.
ERRORS = [
    (
        ["roll", "--bogus", "1d6"],
        "fr",
        ["Option inconnue : --bogus", "Erreur", "Essayez « meneur roll --help » pour de l'aide."],
    ),
    (
        ["roll", "--bogus", "1d6"],
        "en",
        ["No such option: --bogus", "Error", "Try 'meneur roll --help' for help."],
    ),
    (["roll", "--bogus", "1d6"], "pl", ["Nie ma takiej opcji: --bogus", "Błąd"]),
    (["roll", "--sed", "1", "1d6"], "fr", ["Option inconnue : --sed (options possibles : --seed)"]),
    (["roll"], "fr", ["Il manque l'argument « EXPRESSION »."]),
    (["roll"], "pl", ["Brak argumentu 'WYRAŻENIE'."]),
    (["rol"], "fr", ["Commande inconnue : « rol ». Vouliez-vous dire « roll » ?"]),
    (["zzz"], "fr", ["Commande inconnue : « zzz »."]),
    (["roll", "1d6", "extra"], "fr", ["En trop sur la ligne de commande : (extra)"]),
    (
        ["roll", "1d6", "--seed", "abc"],
        "fr",
        ["Valeur invalide pour « --seed » :", "un nombre entier est attendu"],
    ),
    (["roll", "1d6", "--seed"], "fr", ["L'option « --seed » demande une valeur."]),
    (["carpathes", "roll"], "fr", ["Il manque l'option « --trait »."]),
]


@pytest.mark.parametrize(("args", "lang", "words"), ERRORS)
def test_usage_errors_exit_2_with_translated_message_on_stderr(
    args: list[str], lang: str, words: list[str]
) -> None:
    result = run_cli(args, lang)
    assert result.exit_code == 2
    assert result.stdout == ""
    flat = " ".join(result.stderr.replace("│", " ").split())
    for word in words:
        assert " ".join(word.split()) in flat
