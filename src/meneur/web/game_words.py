"""The words of the session pages' buttons: the command's name and its fields in the book's words
(« dépenser des points de pouvoir — Yves », « jet — Mihail, Mental, protection, en péril »). A label,
never a rule: the command itself is the legal entry's, in a hidden field.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meneur.i18n import N_, Message, translate

COMMAND_WORDS: dict[str, str] = {
    # INS/MV
    "add_being": N_("add a being"),
    "spend": N_("spend power points"),
    "recover": N_("recover power points"),
    "test": N_("test"),
    "power": N_("use a power"),
    "opposed": N_("opposed test"),
    # Carpathes
    "start_session": N_("start a session"),
    "end_session": N_("end the session"),
    "start_scene": N_("start a scene"),
    "end_scene": N_("end the scene"),
    "begin_confrontation": N_("begin a confrontation"),
    "end_confrontation": N_("end the confrontation"),
    "roll_initiative": N_("roll initiative"),
    "next_round": N_("next round"),
    "give_clue": N_("give a clue"),
    "attack": N_("attack"),
    "inflict_wound": N_("inflict a wound"),
    "give_medical_care": N_("give medical care"),
    "roll": N_("roll"),
    "use_joker": N_("use the Joker du destin"),
    "invoke_talisman": N_("invoke the Talisman de Foi"),
    "add_character": N_("add a character"),
    "add_npc": N_("add a non-player character"),
    "recollect": N_("recollect oneself"),
    "teach": N_("teach"),
    "do_penance": N_("do penance"),
    "establish_sacred_object": N_("establish a sacred object"),
}
"""The pages' words for the engines' command names (a label, not a rule)."""

FIELD_WORDS: dict[str, str] = {
    "value": N_("value {value}"),
    "voluntary": N_("voluntary shift {value}"),
    "shift": N_("shift {value}"),
    "days": N_("{value} days"),
    "target": N_("on {value}"),
    "teacher": N_("taught by {value}"),
    "difficulty": N_("difficulty {value}"),
}
"""How a field is said beside its value; a field not named here shows its value alone."""

FLAGS: dict[tuple[str, bool], str] = {
    ("peril", True): N_("in peril"),
    ("concentrate", True): N_("concentrating"),
    ("panicked", True): N_("panicked"),
    ("panicked", False): N_("no longer panicked"),
    ("confirmed", False): N_("not confirmed"),
    ("after_night", True): N_("after a night"),
    ("sincere", True): N_("sincere"),
    ("sincere", False): N_("not sincere"),
}
"""The words of a yes-or-no field (a field whose value is not listed here is not shown)."""

ACTORS = frozenset({"being", "model", "pc", "attacker"})
"""Fields naming who acts: said first."""

HIDDEN = frozenset({"cost"})
"""Fields the button does not name: the amount is chosen beside it."""


def _book_word(key: str, value: Any, lang: str) -> str | None:
    """A value the systems' catalogs name: a Carpathes trait, purpose, creature or wound."""
    from meneur.systems.carpathes.combat import WOUND_LABELS, Wound
    from meneur.systems.carpathes.model import CREATURE_LABELS, TRAIT_LABELS, CreatureKind, Trait

    purposes = {"protection": N_("protection roll"), "attack": N_("attack roll")}
    if key == "trait" and value in set(Trait):
        return translate("carpathes", TRAIT_LABELS[Trait(value)], lang)
    if key == "creature" and value in set(CreatureKind):
        return translate("carpathes", CREATURE_LABELS[CreatureKind(value)], lang)
    if key == "wound" and value in set(Wound):
        return translate("carpathes", WOUND_LABELS[Wound(value)], lang)
    if key == "purpose":
        return translate("web", purposes[value], lang) if value in purposes else ""
    return None


def _field(key: str, value: Any, lang: str) -> str:
    if isinstance(value, bool):
        word = FLAGS.get((key, value))
        return translate("web", word, lang) if word else ""
    if isinstance(value, dict):  # an INS/MV opposed test's side: the being and its value
        inner = [_field(k, v, lang) for k, v in value.items() if k not in HIDDEN]
        return " ".join(part for part in inner if part)
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value)
    book = _book_word(key, value, lang)
    if book is not None:
        return book
    if key in FIELD_WORDS:
        return Message("web", FIELD_WORDS[key], {"value": value}).render(lang)
    return str(value)


def label(kind: str, fields: Any, lang: str, words: Mapping[str, str]) -> str:
    """The button's words for a legal entry: the command (in its game's ``words``), then what it is
    given."""
    word = translate("web", words[kind], lang) if kind in words else kind
    if not isinstance(fields, dict):
        return word
    if kind == "opposed":
        sides = [_field(side, fields.get(side), lang) for side in ("attacker", "defender")]
        return f"{word} — " + Message("web", N_("{a} against {b}"), {"a": sides[0], "b": sides[1]}).render(
            lang
        )
    first = sorted(fields, key=lambda key: key not in ACTORS)  # who acts, then what with
    shown = [_field(key, fields[key], lang) for key in first if key not in HIDDEN]
    shown = [part for part in shown if part]
    return f"{word} — {', '.join(shown)}" if shown else word
