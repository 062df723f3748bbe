"""The fight-file reference (``docs/fight-files.md``), generated from the command classes.

The page is made from :data:`~meneur.systems.energy.combat.commands.COMMAND_TYPES` and the combatant
entry model, so it can never drift from what ``load_fight`` accepts; a test compares the committed
page with :func:`fight_file_reference`.
"""

from __future__ import annotations

import dataclasses
import inspect

from meneur.systems.energy.combat.commands import COMMAND_TYPES
from meneur.systems.energy.combat.files import CombatantEntry

HEADER = """# Fight files

A fight file (YAML or JSON) describes an Energy System fight for `meneur energy fight run FILE`
(play it, explaining every resolution) and `meneur energy fight legal FILE` (what may be done after
its last command). Examples: `tests/energy/combat/fights/` (every combat example of the rulebook) and
`src/meneur/systems/energy/combat/examples/demo.yaml`.

```yaml
combatants:
  - {id: kitsune, hero: KITSUNE, side: heroes, position: [0, 0]}
  - {id: agent1, npc: 3, name: Agent Octopus 1, side: foes, position: [2, 0]}
commands:
  - start
  - attack: {actor: kitsune, target: agent1, tokens: 2, power: Frappes instinctives}
  - defend: {actor: agent1, tokens: 1, power: Défense}
```

A command with no argument is written as its bare name (`start`, `end`). `power` names one of the
actor's powers (by name, or by its position in the character's list, from 0); leaving it out means
acting without a matching power, at half success. Positions are `[x, y]` in metres. `options` holds
the table options (see `docs/rulings/energy-combat.md`).

This page is generated from the code (`meneur.systems.energy.combat.reference`); do not edit it by
hand.
"""


POWER_FIELDS = frozenset({"power", "target_power"})


def _type_name(annotation: object, name: str = "") -> str:
    """A reader's name for a field's type (optional fields say so in the default column)."""
    if name in POWER_FIELDS:
        return "power name or index"
    if name == "joined":
        return "mapping {copy id: tokens}"
    plain = isinstance(annotation, str) or hasattr(annotation, "__args__")
    text = str(annotation if plain else getattr(annotation, "__name__", annotation))
    text = text.replace("typing.", "").replace("meneur.systems.energy.model.", "").replace(" | None", "")
    text = text.replace("tuple[float, float]", "[x, y]").replace("Point", "[x, y]")
    text = text.replace("tuple[str, ...]", "list of ids").replace("tuple[Power, ...]", "list of powers")
    return text.replace("|", "or")


def _default(value: object) -> str:
    if value is None:
        return "none (optional)"
    return f"`{value!r}`".replace("|", "or")


def _combatants() -> list[str]:
    lines = ["## Combatants", "", "| key | type | default |", "|---|---|---|"]
    for name, field in CombatantEntry.model_fields.items():
        default = "required" if field.is_required() else _default(field.default)
        kind = "heroes or foes" if name == "side" else _type_name(field.annotation, name)
        lines.append(f"| `{name}` | {kind} | {default} |")
    lines += ["", "Exactly one of `hero` (a built-in hero, `meneur energy library`), `file` (a character "
              "file, relative to the fight file) or `npc` (a quick NPC of that rank) gives the character.",
              ""]
    return lines


def _commands() -> list[str]:
    lines = ["## Commands", ""]
    names: dict[type, list[str]] = {}
    for key, kind in COMMAND_TYPES.items():
        names.setdefault(kind, []).append(key)
    for kind, keys in names.items():
        doc = inspect.getdoc(kind) or ""
        title = " / ".join(f"`{k}`" for k in keys)
        lines += [f"### {title}", "", doc.split("\n\n")[0].replace("\n", " "), ""]
        fields = dataclasses.fields(kind)
        if fields:
            lines += ["| argument | type | default |", "|---|---|---|"]
            for field in fields:
                if field.default is not dataclasses.MISSING:
                    default = _default(field.default)
                elif field.default_factory is not dataclasses.MISSING:
                    default = _default(field.default_factory())
                else:
                    default = "required"
                lines.append(f"| `{field.name}` | {_type_name(field.type, field.name)} | {default} |")
            lines.append("")
    return lines


def fight_file_reference() -> str:
    """The whole Markdown page."""
    return "\n".join([HEADER, *_combatants(), *_commands()]).rstrip() + "\n"
