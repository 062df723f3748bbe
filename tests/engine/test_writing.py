"""Atomic writes that behave like an editor's save: permissions kept, links followed, read-only refused."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from meneur.errors import BadInputError
from meneur.storage import write_text_atomically


def test_the_file_keeps_its_permissions(tmp_path: Path) -> None:
    path = tmp_path / "sheet.yaml"
    path.write_text("old", encoding="utf-8")
    path.chmod(0o664)
    write_text_atomically(path, "new")
    assert (path.read_text(encoding="utf-8"), stat.S_IMODE(path.stat().st_mode)) == ("new", 0o664)


def test_a_new_file_follows_the_umask(tmp_path: Path) -> None:
    old = os.umask(0o027)
    try:
        write_text_atomically(tmp_path / "new.yaml", "x")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "new.yaml").stat().st_mode) == 0o640


def test_a_read_only_file_is_refused_and_left_as_it_was(tmp_path: Path) -> None:
    path = tmp_path / "locked.yaml"
    path.write_text("keep", encoding="utf-8")
    path.chmod(0o444)
    with pytest.raises(BadInputError) as caught:
        write_text_atomically(path, "lost")
    assert "lecture seule" in caught.value.render("fr")
    assert path.read_text(encoding="utf-8") == "keep"


def test_a_symbolic_link_is_written_through(tmp_path: Path) -> None:
    target = tmp_path / "real.yaml"
    target.write_text("old", encoding="utf-8")
    link = tmp_path / "link.yaml"
    link.symlink_to(target)
    write_text_atomically(link, "new")
    assert link.is_symlink() and target.read_text(encoding="utf-8") == "new"


def test_an_unwritable_folder_leaves_nothing_behind(tmp_path: Path) -> None:
    with pytest.raises(BadInputError):
        write_text_atomically(tmp_path / "missing" / "x.yaml", "x")
    assert list(tmp_path.iterdir()) == []
