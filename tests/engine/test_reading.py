"""The one safe loader: caps on size, depth and aliases, UTF-8, no NaN; messages in French."""

from __future__ import annotations

from pathlib import Path

import pytest

from meneur import storage
from meneur.errors import BadInputError


def _refused(path: Path) -> str:
    with pytest.raises(BadInputError) as caught:
        storage.read_data(path)
    return caught.value.render("fr")


def test_yaml_and_json_are_read(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text("a: [1, 2.5, x]\n", encoding="utf-8")
    (tmp_path / "a.json").write_text('{"a": [1, 2.5, "x"]}', encoding="utf-8")
    expected = {"a": [1, 2.5, "x"]}
    assert storage.read_data(tmp_path / "a.yaml") == storage.read_data(tmp_path / "a.json") == expected


def test_a_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    (tmp_path / "bom.yaml").write_bytes("\ufeffnom: Ioana\n".encode())
    assert storage.read_data(tmp_path / "bom.yaml") == {"nom": "Ioana"}


@pytest.mark.parametrize("suffix", ["json", "yaml"])
def test_600_levels_of_nesting_are_refused(tmp_path: Path, suffix: str) -> None:
    path = tmp_path / f"deep.{suffix}"
    path.write_text("[" * 600 + "]" * 600, encoding="utf-8")
    assert "imbriquées sur plus de 48 niveaux" in _refused(path)


def test_text_that_is_not_utf8_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "latin1.yaml"
    path.write_bytes("nom: Héloïse\n".encode("latin-1"))
    assert "n'est pas du texte UTF-8 (octet 7)" in _refused(path)


def test_a_huge_file_is_refused_at_the_cap(tmp_path: Path) -> None:
    path = tmp_path / "big.yaml"
    path.write_bytes(b"#" * (storage.MAX_BYTES + 10))
    assert "dépasse 4 Mio" in _refused(path)


def test_an_endless_file_stops_at_the_cap() -> None:
    assert "dépasse 4 Mio" in _refused(Path("/dev/zero"))


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("n.yaml", "x: .nan\n"),
        ("i.yaml", "x: [-.inf]\n"),
        ("n.json", '{"x": NaN}'),
        ("i.json", '{"x": Infinity}'),
    ],
)
def test_nan_and_infinities_are_refused(tmp_path: Path, name: str, text: str) -> None:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    assert "n'est pas un nombre accepté" in _refused(path)


def test_a_billion_laughs_is_refused(tmp_path: Path) -> None:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 30)}]" for i in range(1, 9)]
    path = tmp_path / "laughs.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert "alias YAML" in _refused(path)


def test_expanded_aliases_are_capped_too(tmp_path: Path) -> None:
    lines = ["a0: &a0 [" + ", ".join(["x"] * 100) + "]"]
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, 5)]
    path = tmp_path / "wide.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert "une fois développé" in _refused(path)


def test_a_syntax_error_gives_line_and_column(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"a": 1,\n "b": }', encoding="utf-8")
    assert "ligne 2, colonne 7" in _refused(path)


def test_a_missing_file_says_so(tmp_path: Path) -> None:
    assert "fichier introuvable" in _refused(tmp_path / "nope.yaml")


@pytest.mark.parametrize("text", ['{"name": "A\\u0000B"}', '{"na\\u0000me": 1}'])
def test_a_nul_character_in_a_text_is_refused(tmp_path: Path, text: str) -> None:
    path = tmp_path / "nul.json"
    path.write_text(text, encoding="utf-8")
    assert "caractère NUL" in _refused(path)
