"""Write the JSON Schema of every registered system's commands and events into ``docs/schema/``.

    python scripts/schemas.py          # write docs/schema/<key>.schema.json for each system
    python scripts/schemas.py check    # exit 1 when a written schema differs from the code

Each schema comes from the system's codec (``SYSTEM.codec.schema(key)``); a system whose engine
module does not exist yet is skipped. ``tests/docs/test_schemas.py`` fails when a file and the code
differ.
"""

from __future__ import annotations

import json
import sys
from importlib import import_module
from importlib.util import find_spec
from pathlib import Path

from meneur.engine.registry import SYSTEMS

ROOT = Path(__file__).resolve().parent.parent
SCHEMA_DIR = ROOT / "docs" / "schema"


def _exists(module: str) -> bool:
    try:
        return find_spec(module) is not None
    except ModuleNotFoundError:  # a parent package that does not exist yet
        return False


def available() -> list[str]:
    """The keys of the registered systems whose engine module exists."""
    return [key for key, module in SYSTEMS.items() if _exists(module)]


def schema_text(key: str) -> str:
    """The text of ``docs/schema/<key>.schema.json`` as the code gives it."""
    system = import_module(SYSTEMS[key]).SYSTEM
    return json.dumps(system.codec.schema(key), ensure_ascii=False, indent=2, sort_keys=True) + "\n"


def schema_path(key: str) -> Path:
    """Where the schema of ``key`` is written."""
    return SCHEMA_DIR / f"{key}.schema.json"


def main(argv: list[str]) -> int:
    stale = []
    for key in available():
        path, text = schema_path(key), schema_text(key)
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if current == text:
            continue
        if argv[:1] == ["check"]:
            stale.append(str(path.relative_to(ROOT)))
        else:
            path.write_text(text, encoding="utf-8")
            print(f"written: {path.relative_to(ROOT)}")
    for name in stale:
        print(f"differs from the code: {name} (run python scripts/schemas.py)")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
