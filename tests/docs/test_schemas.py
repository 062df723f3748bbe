"""``docs/schema/<key>.schema.json`` is the code's: generated from each system's codec."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "schemas.py"
spec = importlib.util.spec_from_file_location("schemas", SCRIPT)
assert spec is not None and spec.loader is not None
schemas = importlib.util.module_from_spec(spec)
spec.loader.exec_module(schemas)


@pytest.mark.parametrize("key", ["insmv", "warzone"])
def test_the_schema_file_is_the_code_s(key: str) -> None:
    text = schemas.schemas()[key]
    path = schemas.FOLDER / f"{key}.schema.json"
    assert path.exists() and path.read_text(encoding="utf-8") == text, "run python scripts/schemas.py"


@pytest.mark.parametrize(("key", "command"), [("insmv", "spend"), ("warzone", "spell")])
def test_the_schema_names_every_command(key: str, command: str) -> None:
    data = json.loads((schemas.FOLDER / f"{key}.schema.json").read_text(encoding="utf-8"))
    names = [next(iter(option.get("properties", {})), None) or option["anyOf"][0]["const"]
             for option in data["$defs"]["commands"]["oneOf"]]
    assert command in names
