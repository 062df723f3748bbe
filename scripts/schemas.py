"""Write docs/schema/<key>.schema.json for every system the engine knows (the wire form's JSON Schema),
and docs/schema/energy-character.schema.json (the character file's).

    .venv/bin/python scripts/schemas.py

``tests/docs/test_schemas.py`` fails when a published schema and the code differ.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from meneur.engine.registry import SYSTEMS, schema_text  # noqa: E402
from meneur.systems.energy.files import json_schema_text  # noqa: E402


def main() -> None:
    for key in SYSTEMS:
        path = ROOT / "docs" / "schema" / f"{key}.schema.json"
        path.write_text(schema_text(key), encoding="utf-8")
        print(path.relative_to(ROOT))
    path = ROOT / "docs" / "schema" / "energy-character.schema.json"
    path.write_text(json_schema_text(), encoding="utf-8")
    print(path.relative_to(ROOT))


if __name__ == "__main__":
    main()
