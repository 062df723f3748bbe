"""``docs/schema/<key>.schema.json`` says what the code reads: regenerate with scripts/schemas.py."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "schemas.py"


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("schemas_script", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


SCHEMAS = _script()


@pytest.mark.parametrize("key", SCHEMAS.available())
def test_the_written_schema_is_the_codes(key: str) -> None:
    path = SCHEMAS.schema_path(key)
    assert path.exists(), f"{path.name} is missing: run python scripts/schemas.py"
    assert path.read_text(encoding="utf-8") == SCHEMAS.schema_text(key), (
        f"{path.name} differs from the code: run python scripts/schemas.py")


def test_the_chronicle_schema_names_its_commands_and_events() -> None:
    assert "carpathes" in SCHEMAS.available()
    text = SCHEMAS.schema_text("carpathes")
    for name in ('"roll"', '"invoke_talisman"', '"use_joker"', '"rolled"', '"talisman_cracked"'):
        assert name in text
