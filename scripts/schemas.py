"""Write ``docs/schema/<key>.schema.json`` for every registered system whose module imports.

    python scripts/schemas.py          # write the files
    python scripts/schemas.py --check  # exit 1 when a file differs from the code

The schema of a system's commands and events comes from its codec (``SYSTEM.codec.schema(key)``);
``tests/docs/test_schemas.py`` fails when a file and the code differ.
"""

from __future__ import annotations

import json
import sys
from importlib import import_module
from pathlib import Path

from meneur.engine.registry import SYSTEMS

FOLDER = Path(__file__).resolve().parents[1] / "docs" / "schema"


def schemas() -> dict[str, str]:
    """``key -> text`` of the schema of every system whose module imports."""
    found = {}
    for key, module in SYSTEMS.items():
        try:
            system = import_module(module).SYSTEM
        except ImportError:
            continue
        found[key] = json.dumps(system.codec.schema(key), ensure_ascii=False, indent=2, sort_keys=True) + "\n"
    return found


def main(check: bool) -> int:
    stale = []
    for key, text in schemas().items():
        path = FOLDER / f"{key}.schema.json"
        if check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(path.name)
        else:
            path.write_text(text, encoding="utf-8")
    for name in stale:
        print(f"{name} differs from the code: run python scripts/schemas.py", file=sys.stderr)
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main("--check" in sys.argv[1:]))
