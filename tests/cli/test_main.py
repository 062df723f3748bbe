"""The ``meneur`` entry point: language choice before the command tree is built."""

from __future__ import annotations

import pytest

from meneur.cli.main import language_from_argv, main, without_lang


def run_main(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as stop:
        main(args)
    out, err = capsys.readouterr()
    code = stop.value.code
    return (code if isinstance(code, int) else 0), out, err


@pytest.mark.parametrize(
    ("args", "lang", "rest"),
    [
        (["--lang", "en", "roll", "1d6"], "en", ["roll", "1d6"]),
        (["roll", "1d6", "--lang", "en"], "en", ["roll", "1d6"]),
        (["--lang=pl", "warzone"], "pl", ["warzone"]),
        (["roll", "1d6"], None, ["roll", "1d6"]),
    ],
)
def test_lang_is_found_and_removed_anywhere(args: list[str], lang: str | None, rest: list[str]) -> None:
    assert language_from_argv(args) == lang
    assert without_lang(args) == rest


def test_lang_after_the_command_changes_the_language(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_main(["roll", "2d6", "--dice", "3,4", "--lang", "en"], capsys)
    assert code == 0
    assert "Total: 7" in out


def test_french_is_the_default(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("MENEUR_LANG", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    code, out, _ = run_main(["roll", "2d6", "--dice", "3,4"], capsys)
    assert code == 0
    assert "Total : 7" in out


def test_environment_variable_chooses_english(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MENEUR_LANG", "en")
    code, out, _ = run_main(["roll", "2d6", "--dice", "3,4"], capsys)
    assert code == 0
    assert "Total: 7" in out


def test_unknown_language_is_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_main(["--lang", "de", "roll", "1d6"], capsys)
    assert code == 2
    assert "de" in err


def test_bad_expression_exits_2_with_the_message_on_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_main(["--lang", "en", "roll", "4d6kx3"], capsys)
    assert code == 2
    assert out == ""
    assert "^" in err


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("fr", ["Utilisation : meneur roll", "Option inconnue : --bogus"]),
        ("pl", ["Użycie: meneur roll", "Nie ma takiej opcji: --bogus"]),
        ("en", ["Usage: meneur roll", "No such option: --bogus"]),
    ],
)
def test_click_usage_error_speaks_the_chosen_language(
    lang: str, words: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run_main(["--lang", lang, "roll", "--bogus", "1d6"], capsys)
    assert code == 2
    assert out == ""
    for word in words:
        assert word in err


def test_root_help_speaks_polish(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_main(["--lang", "pl", "--help"], capsys)
    assert code == 0
    assert "Pokaż ten komunikat i zakończ." in out
    assert "Polecenia" in out


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_version_answers_without_a_command(capsys: pytest.CaptureFixture[str], lang: str) -> None:
    from meneur import __version__

    code, out, _ = run_main(["--lang", lang, "--version"], capsys)
    assert code == 0
    assert out.strip() == f"meneur {__version__}"
