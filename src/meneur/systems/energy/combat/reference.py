"""The fight-file reference (``docs/fight-files.md`` in English, ``docs/fight-files.fr.md`` in French),
generated from the command classes.

The pages are made from :data:`~meneur.systems.energy.combat.commands.COMMAND_TYPES` and the combatant
entry model, so it can never drift from what ``engine.load_fight`` accepts; a test compares the committed
pages with :func:`fight_file_reference`. :data:`HELP` and :data:`FIELD_HELP` say what each command
and argument does: the command line shows them too.
"""

from __future__ import annotations

import dataclasses
import inspect

from meneur.i18n import N_, translate
from meneur.systems.energy.combat.commands import COMMAND_TYPES
from meneur.systems.energy.combat.files import CombatantEntry

DOMAIN = "energy_combat"

HELP: dict[str, str] = {
    "start": N_("Start the fight: turn 1, pools at Énergie, initiative fixed."),
    "attack": N_("Attack a target (an offensive action)."),
    "charge": N_("Charge: a free move of up to 20 m, then a contact attack."),
    "defend": N_("Defend against the pending attack."),
    "interpose": N_("Take the pending attack in place of an ally within 5 m."),
    "extended_defense": N_("An extended defence covering allies."),
    "counter": N_("Oppose a counter-power to the pending action."),
    "move": N_("Move up to 20 m (or a small move of 5 m with --small)."),
    "hold": N_("Go on hold."),
    "interrupt": N_("Leave hold and act now."),
    "keep_hold": N_("Stay on hold."),
    "support": N_("Use a support power."),
    "give_energy": N_("Give energy to an ally."),
    "heal": N_("Heal a character."),
    "interact": N_("Act on the scene (a valve, a door, a terrain element)."),
    "maintain": N_("Maintain a lasting effect in the maintenance phase."),
    "stress": N_("Spend a stress box: feat, determination or second wind."),
    "pass": N_("End the current phase (an action phase or the maintenance phase), not the fight."),
    "end": N_("End the fight (not a phase: see pass); mark the wounded and the exhausted."),
    "force_move": N_("Move someone by force (half-success attack, up to 20 m)."),
    "regenerate": N_("Regenerate in the maintenance phase, if the table allows it."),
    "arrive": N_("GM: a new combatant arrives."),
    "leave": N_("GM: a combatant leaves or flees."),
    "adjust": N_("GM: adjust Vigueur, energy, position or a condition, with a reason."),
    "place_terrain": N_("GM: place a hazard or an obstacle that is not a power."),
}
"""What each command does, in the help and in the French fight-file reference."""

FIELD_HELP: dict[str, str] = {
    "actor": N_("Who acts (an id or a name; case and accents do not matter)."),
    "target": N_("The target (an id or a name)."),
    "tokens": N_("Energy tokens spent."),
    "power": N_("The power used (its name or its number); none: half success."),
    "target_power": N_("The target's power aimed at."),
    "area_targets": N_("The other targets of an area attack, separated by commas."),
    "diameter": N_("Diameter of the area, in metres."),
    "gm_modifier": N_("The GM's bonus or malus (at most 2 either way)."),
    "destination": N_("Where the target is sent: X,Y in metres."),
    "to": N_("Where to go: X,Y in metres."),
    "at": N_("Where: X,Y in metres."),
    "exit": N_("The portal's exit: X,Y in metres."),
    "position": N_("Position: X,Y in metres."),
    "carry_legs": N_("Legs of a carry."),
    "keep_invisible": N_("Stay invisible."),
    "joined": N_("Copies joining the attack: id=tokens, separated by commas."),
    "portal": N_("The portal gone through (a terrain element id)."),
    "crossing": N_("Terrain elements crossed, separated by commas."),
    "allies": N_("The allies covered, separated by commas."),
    "carry": N_("Who is carried along, separated by commas."),
    "small": N_("A small move of at most 5 m."),
    "leave_portal": N_("Leave the portal open."),
    "targets": N_("The targets, separated by commas."),
    "terrain_kind": N_("The kind of terrain element made."),
    "also": N_("Other willing allies, separated by commas."),
    "key": N_("What is acted on."),
    "required": N_("Tokens the action needs."),
    "lasting": N_("The lasting effect kept (its id or number)."),
    "use": N_("feat, determination or second_wind."),
    "category": N_("The category a feat counts as."),
    "wounded": N_("Characters marked blessé, separated by commas."),
    "exhausted": N_("Characters marked épuisé, separated by commas."),
    "id": N_("The newcomer's id."),
    "side": N_("heroes or foes."),
    "hero": N_("A hero of the library."),
    "character": N_("A character file (YAML or JSON): the character itself arrives, as the file holds it."),
    "npc": N_("A quick NPC of this rank."),
    "name": N_("The name shown."),
    "pc": N_("A player character."),
    "energy": N_("Energy tokens."),
    "vigor": N_("Vigueur."),
    "fled": N_("Fled rather than left."),
    "reason": N_("Why (shown in the log)."),
    "add_condition": N_("A condition added."),
    "remove_condition": N_("A condition removed."),
    "kind": N_("The kind of element."),
    "rank": N_("Its rank."),
}

HEADER = """# Fight files

A fight file (YAML or JSON) describes an Energy System fight for `meneur energy fight run FILE`
(play it, explaining every resolution) and `meneur energy fight legal FILE` (what may be done after
its last command). The rulebook's combat examples ship with meneur: `meneur energy fight example`
lists them and `meneur energy fight example NAME` writes one. A fight can also be set up with
`meneur energy fight new FILE --hero KITSUNE --npc 3` and played one command at a time
(`meneur energy fight attack FILE kitsune npc1 --tokens 2`), each command below being a subcommand
with the same arguments as options. French version: `docs/fight-files.fr.md`.

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

HEADER_FR = """# Fichiers de combat

Un fichier de combat (YAML ou JSON) décrit un combat de l'Energy System pour
`meneur energy fight run FICHIER` (le jouer en expliquant chaque résolution) et
`meneur energy fight legal FICHIER` (ce qui peut se faire après sa dernière commande). Les exemples de
combat du livre sont livrés avec meneur : `meneur energy fight example` les liste et
`meneur energy fight example NOM` en écrit un. Un combat peut aussi se préparer avec
`meneur energy fight new FICHIER --hero KITSUNE --npc 3` et se jouer commande par commande
(`meneur energy fight attack FICHIER kitsune npc1 --tokens 2`) : chaque commande ci-dessous est une
sous-commande dont les arguments sont des options du même nom. Version anglaise : `docs/fight-files.md`.

```yaml
combatants:
  - {id: kitsune, hero: KITSUNE, side: heroes, position: [0, 0]}
  - {id: agent1, npc: 3, name: Agent Octopus 1, side: foes, position: [2, 0]}
commands:
  - start
  - attack: {actor: kitsune, target: agent1, tokens: 2, power: Frappes instinctives}
  - defend: {actor: agent1, tokens: 1, power: Défense}
```

Les clés restent celles du fichier (en anglais). Une commande sans argument s'écrit par son seul nom
(`start`, `end`). `power` nomme un des pouvoirs de l'acteur (par son nom, sans égard à la casse ni
aux accents, ou par son rang dans la liste du personnage, à partir de 0) ; sans `power`, l'action se
fait sans pouvoir adapté, en demi-réussite. Les combattants se nomment par leur id ou leur nom
(`KITSUNE` trouve `kitsune`). Les positions sont `[x, y]` en mètres. `options` contient les options de
table (voir `docs/rulings/energy-combat.md`).

Cette page est générée à partir du code (`meneur.systems.energy.combat.reference`) ; ne pas la
modifier à la main.
"""

FRENCH_TYPES = (
    ("power name or index", "nom ou numéro de pouvoir"),
    ("mapping {copy id: tokens}", "table {id de copie: jetons}"),
    ("list of ids", "liste d'ids"),
    ("list of powers", "liste de pouvoirs"),
    ("a character file's fields", "les champs d'une fiche de personnage"),
    ("heroes or foes", "heroes ou foes"),
    ("Attributes", "attributs"),
    ("str", "texte"),
    ("int", "entier"),
    ("float", "nombre"),
    ("bool", "booléen"),
    (" or ", " ou "),
)
WORDS = {
    "en": {
        "combatants": "## Combatants",
        "commands": "## Commands",
        "key": "key",
        "argument": "argument",
        "type": "type",
        "default": "default",
        "meaning": "meaning",
        "required": "required",
        "optional": "none (optional)",
        "exactly": "Exactly one of `hero` (a built-in hero, `meneur energy library`), `file` (a "
        "character file, relative to the fight file), `character` (the character itself, as its "
        "file holds it: a fight at a table's server reads no file) or `npc` (a quick NPC of that "
        "rank) gives the character.",
    },
    "fr": {
        "combatants": "## Combattants",
        "commands": "## Commandes",
        "key": "clé",
        "argument": "argument",
        "type": "type",
        "default": "défaut",
        "meaning": "rôle",
        "required": "obligatoire",
        "optional": "aucun (facultatif)",
        "exactly": "Un seul de `hero` (un héros de la bibliothèque, `meneur energy library`), `file` "
        "(un fichier de personnage, relatif au fichier de combat), `character` (le personnage "
        "lui-même, tel que sa fiche le contient : un combat sur le serveur d'une table ne lit aucun "
        "fichier) ou `npc` (un PNJ rapide de ce rang) donne le personnage.",
    },
}


POWER_FIELDS = frozenset({"power", "target_power"})
BOUNDED_TYPES = (
    ("Annotated[str, Field(max_length=MAX_NAME)]", "str"),
    ("Names", "tuple[str, ...]"),
    ("Name", "str"),
    ("Place", "Point"),
    ("LastingId", "str"),
    ("Text", "str"),
    ("TerrainRank", "int"),
    ("Rank", "int"),
    ("Amount", "int"),
)
"""The bounded types of the commands (:mod:`.bounds`) by the plain type the page names (the bounds
are in ``docs/rulings/energy-combat.md``)."""


def _type_name(annotation: object, name: str = "", lang: str = "en") -> str:
    """A reader's name for a field's type (optional fields say so in the default column)."""
    text = _english_type(annotation, name)
    if lang == "fr":
        for english, french in FRENCH_TYPES:
            text = text.replace(english, french)
    return text


def _english_type(annotation: object, name: str) -> str:
    if name in POWER_FIELDS:
        return "power name or index"
    if name == "joined":
        return "mapping {copy id: tokens}"
    if name == "character":
        return "a character file's fields"
    plain = isinstance(annotation, str) or hasattr(annotation, "__args__")
    text = str(annotation if plain else getattr(annotation, "__name__", annotation))
    for alias, plain_name in BOUNDED_TYPES:
        text = text.replace(alias, plain_name)
    text = text.replace("typing.", "").replace("meneur.systems.energy.model.", "").replace(" | None", "")
    text = text.replace("tuple[float, float]", "[x, y]").replace("Point", "[x, y]")
    text = text.replace("tuple[str, ...]", "list of ids").replace("tuple[Power, ...]", "list of powers")
    return text.replace("|", "or")


def _default(value: object, lang: str = "en") -> str:
    if value is None:
        return WORDS[lang]["optional"]
    return f"`{value!r}`".replace("|", "or")


def _meaning(name: str, lang: str) -> str:
    return translate(DOMAIN, FIELD_HELP[name], lang).replace("|", "/") if name in FIELD_HELP else ""


def _combatants(lang: str) -> list[str]:
    words = WORDS[lang]
    head = f"| {words['key']} | {words['type']} | {words['default']} |"
    lines = [words["combatants"], "", head, "|---|---|---|"]
    for name, field in CombatantEntry.model_fields.items():
        default = words["required"] if field.is_required() else _default(field.default, lang)
        kind = _type_name("heroes or foes" if name == "side" else field.annotation, name, lang)
        lines.append(f"| `{name}` | {kind} | {default} |")
    lines += ["", words["exactly"], ""]
    return lines


def _description(kind: type, keys: list[str], lang: str) -> str:
    if lang == "en":
        return (inspect.getdoc(kind) or "").split("\n\n")[0].replace("\n", " ")
    return translate(DOMAIN, HELP[keys[0]], lang)


def _commands(lang: str) -> list[str]:
    words = WORDS[lang]
    lines = [words["commands"], ""]
    names: dict[type, list[str]] = {}
    for key, kind in COMMAND_TYPES.items():
        names.setdefault(kind, []).append(key)
    for kind, keys in names.items():
        title = " / ".join(f"`{k}`" for k in keys)
        lines += [f"### {title}", "", _description(kind, keys, lang), ""]
        fields = dataclasses.fields(kind)
        if fields:
            lines += [
                f"| {words['argument']} | {words['type']} | {words['default']} | {words['meaning']} |",
                "|---|---|---|---|",
            ]
            for field in fields:
                if field.default is not dataclasses.MISSING:
                    default = _default(field.default, lang)
                elif field.default_factory is not dataclasses.MISSING:
                    default = _default(field.default_factory(), lang)
                else:
                    default = words["required"]
                kind_name = _type_name(field.type, field.name, lang)
                lines.append(f"| `{field.name}` | {kind_name} | {default} | {_meaning(field.name, lang)} |")
            lines.append("")
    return lines


def fight_file_reference(lang: str = "en") -> str:
    """The whole Markdown page, in English (``en``) or French (``fr``)."""
    header = HEADER if lang == "en" else HEADER_FR
    return "\n".join([header, *_combatants(lang), *_commands(lang)]).rstrip() + "\n"
