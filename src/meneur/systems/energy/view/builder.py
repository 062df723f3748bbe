"""The Energy System character builder and sheet: a form read into a character file, checked by the
same validation as ``meneur energy check`` (:func:`meneur.systems.energy.validation.validate`).

The form's field names are the file's paths (``attributes.energy``, ``powers[1].modifier``), which
are also the ``field`` of each problem the validation reports: a message goes beside its field.
Fields the form does not show (specialties, relations, experience...) travel in a hidden ``rest``
field, so an imported file comes back whole.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from meneur.engine.problems import issue_text
from meneur.errors import MeneurError
from meneur.i18n import N_, Message, translate
from meneur.storage import parse_data
from meneur.systems.energy.files import character_data, character_from_data
from meneur.systems.energy.model import Aptitude, Character, Gender, Maturity, PowerCategory
from meneur.systems.energy.names import (
    APTITUDE_NAMES,
    ATTRIBUTE_NAMES,
    CATEGORY_NAMES,
    EFFECT_NAMES,
    MATURITY_NAMES,
    STATE_NAMES,
)
from meneur.systems.energy.reading import migrate
from meneur.systems.energy.validation import CharacterCheck, validate

SHOWN = ("name", "rank", "pc", "maturity", "gender", "attributes", "powers", "aptitudes", "traits")
POWER_FIELDS = ("name", "category", "modifier", "effect", "details")
GENDER_NONE = N_("none (wording that agrees with anyone)")
GENDER_NAMES = {Gender.FEMININE: N_("feminine"), Gender.MASCULINE: N_("masculine")}
"""The builder's « Genre grammatical » choices: the character file's ``gender``, so that the book's
states agree in messages (« brisée »); none leaves it out."""
BLANK: dict[str, Any] = {
    "name": "",
    "rank": 5,
    "pc": True,
    "maturity": "adult",
    "attributes": {"energy": 3, "recovery": 3, "vigor": 3},
    "powers": [],
    "aptitudes": {},
    "traits": [],
}


def energy_word(msgid: str, lang: str) -> str:
    """A word of the Energy System's catalog (the book's words) in ``lang``."""
    return translate("energy", msgid, lang)


def choices(lang: str) -> dict[str, list[tuple[str, str]]]:
    """The book's words for every list the form offers."""
    return {
        "maturity": [(m.value, energy_word(MATURITY_NAMES[m], lang)) for m in Maturity],
        "gender": [("", translate("web", GENDER_NONE, lang))]
        + [(g.value, translate("web", GENDER_NAMES[g], lang)) for g in Gender],
        "category": [(c.value, energy_word(CATEGORY_NAMES[c], lang)) for c in PowerCategory],
        "effect": [("", "—")] + [(k, energy_word(v, lang)) for k, v in EFFECT_NAMES.items()],
        "aptitude": [(a.value, energy_word(APTITUDE_NAMES[a], lang)) for a in Aptitude],
        "attribute": [(k, energy_word(v, lang)) for k, v in ATTRIBUTE_NAMES.items()],
    }


def _number(text: str) -> Any:
    """A whole number when the text is one, else the text (the model says what is wrong with it)."""
    text = text.strip()
    return int(text) if re.fullmatch(r"[+-]?\d{1,9}", text) else text


def data_of_form(form: dict[str, str]) -> dict[str, Any]:
    """The character file the form describes (rows without a name are left out)."""
    data: dict[str, Any] = {}
    rest = form.get("rest", "").strip()
    if rest:
        found = parse_data(rest, "json", "rest")
        if isinstance(found, dict):
            data.update({k: v for k, v in found.items() if k not in SHOWN})
    data["name"] = form.get("name", "").strip()
    data["rank"] = _number(form.get("rank", ""))
    data["pc"] = form.get("pc") == "on"
    data["maturity"] = form.get("maturity", "adult")
    gender = form.get("gender", "").strip()
    if gender:  # none chosen: the file says nothing, and the messages use the épicène wording
        data["gender"] = gender
    data["attributes"] = {key: _number(form.get(f"attributes.{key}", "")) for key in ATTRIBUTE_NAMES}
    powers = []
    for index in range(_rows(form, "powers")):
        row = {name: form.get(f"powers[{index}].{name}", "") for name in POWER_FIELDS}
        if not row["name"].strip():
            continue
        power: dict[str, Any] = {
            "name": row["name"].strip(),
            "category": row["category"],
            "modifier": _number(row["modifier"] or "0"),
            "details": row["details"],
        }
        if row["effect"]:
            power["effect"] = row["effect"]
        extra = form.get(f"powers[{index}].extra", "")
        if extra:
            kept = parse_data(extra, "json", "powers")
            if isinstance(kept, dict):
                power.update({k: v for k, v in kept.items() if k not in POWER_FIELDS})
        powers.append(power)
    data["powers"] = powers
    data["aptitudes"] = {
        a.value: _number(form[f"aptitudes.{a.value}"])
        for a in Aptitude
        if form.get(f"aptitudes.{a.value}", "").strip() not in ("", "0")
    }
    traits = []
    for index in range(_rows(form, "traits")):
        name = form.get(f"traits[{index}].name", "").strip()
        if name:
            trait: dict[str, Any] = {"name": name, "bonus": _number(form.get(f"traits[{index}].bonus", "1"))}
            aptitudes = form.get(f"traits[{index}].aptitudes", "")
            if aptitudes:
                trait["aptitudes"] = [a.strip() for a in aptitudes.split(",") if a.strip()]
            traits.append(trait)
    data["traits"] = traits
    return data


def _rows(form: dict[str, str], list_name: str) -> int:
    found = [int(m.group(1)) for key in form if (m := re.match(rf"{list_name}\[(\d+)\]\.", key))]
    return min(max(found, default=-1) + 1, 60)


@dataclass
class Checked:
    """The form's data, the character when it reads, and the check of every creation rule."""

    data: dict[str, Any]
    character: Character | None = None
    check: CharacterCheck | None = None
    error: str | None = None
    by_field: dict[str, list[str]] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return self.check is not None and self.check.is_valid


def check(data: dict[str, Any], lang: str) -> Checked:
    """Read ``data`` as a character file and check it (the problems by field, in ``lang``)."""
    found = Checked(data)
    try:
        found.character = character_from_data(data, "form")
    except MeneurError as error:
        found.error = labelled_problems(data, lang) or error.render(lang)
        return found
    found.check = validate(found.character)
    for problem in found.check.problems:
        found.by_field.setdefault(problem.field, []).append(problem.message.render(lang))
    return found


FIELD_LABELS = {
    "name": N_("Name"),
    "rank": N_("Rank"),
    "maturity": N_("Maturity"),
    "gender": N_("Grammatical gender"),
    "category": N_("Category"),
    "modifier": N_("Reinforcement (+) or weakening (−)"),
    "effect": N_("Effect in a fight"),
    "details": N_("Details"),
    "bonus": N_("Bonus"),
}
"""The form's labels of the fields a problem may name (the builder's own words, beside each field)."""


def field_label(loc: tuple[int | str, ...], lang: str) -> str:
    """The form's label of the field at pydantic's ``loc`` (``("powers", 0, "name")`` → « Pouvoir 1
    : Nom »), or its path when the form shows no such field."""
    parts = [p for p in loc if not str(p).startswith(("function-", "tagged-union"))]
    head = parts[0] if parts else ""
    if len(parts) == 1 and head in FIELD_LABELS:
        return translate("web", FIELD_LABELS[str(head)], lang)
    if head == "attributes" and len(parts) == 2 and parts[1] in ATTRIBUTE_NAMES:
        return energy_word(ATTRIBUTE_NAMES[str(parts[1])], lang)
    if head == "aptitudes" and len(parts) == 2 and parts[1] in {a.value for a in Aptitude}:
        return energy_word(APTITUDE_NAMES[Aptitude(str(parts[1]))], lang)
    if head in ("powers", "traits") and len(parts) == 3 and isinstance(parts[1], int):
        inner = FIELD_LABELS.get(str(parts[2]))
        what = translate("web", inner, lang) if inner else str(parts[2])
        msgid = N_("Power {n}: {field}") if head == "powers" else N_("Trait {n}: {field}")
        return Message("web", msgid, {"n": parts[1] + 1, "field": what}).render(lang)
    return ".".join(str(p) for p in parts) or "-"


def labelled_problems(data: Any, lang: str) -> str | None:
    """The problems pydantic finds in the form's character, each named by its field's label in the
    form (« Nom : obligatoire : ajoutez-le ») instead of its key; ``None`` when it finds none (the
    file's reader said what is wrong)."""
    if not isinstance(data, dict):
        return None
    try:
        Character.model_validate(migrate(dict(data)))
    except ValidationError as error:
        issues = error.errors(include_url=False)
        lines = [
            Message(
                "web",
                N_("{field}: {problem}"),
                {"field": field_label(i["loc"], lang), "problem": issue_text(i)},
            )
            for i in issues
        ]
        return "\n".join(line.render(lang) for line in lines)
    return None


def form_data(character: Character) -> dict[str, Any]:
    """A character file as the form shows it (every field, the hidden ones in ``rest``)."""
    data: dict[str, Any] = character_data(character)
    return data


def rest_json(data: dict[str, Any]) -> str:
    return json.dumps({k: v for k, v in data.items() if k not in SHOWN}, ensure_ascii=False)


def power_extra(power: dict[str, Any]) -> str:
    return json.dumps({k: v for k, v in power.items() if k not in POWER_FIELDS}, ensure_ascii=False)


def field_id(path: str) -> str:
    """The id of the message placeholder beside the field ``path``."""
    return "err-" + re.sub(r"[^a-z0-9_]+", "-", path.lower()).strip("-")


def placeholders(data: dict[str, Any]) -> list[str]:
    """Every field that has a message placeholder in the form (to clear the ones that are fine)."""
    paths = ["name", "rank", "maturity", "hero_points", "aptitude_points"]
    paths += [f"attributes.{k}" for k in ATTRIBUTE_NAMES]
    powers = data.get("powers") if isinstance(data.get("powers"), list) else []
    for index in range(len(powers or []) + 1):
        paths += [
            f"powers[{index}]",
            *(f"powers[{index}].{f}" for f in ("name", "condition", "effect", "modifier")),
        ]
    paths += [f"aptitudes.{a.value}" for a in Aptitude]
    traits = data.get("traits") if isinstance(data.get("traits"), list) else []
    for index in range(len(traits or []) + 1):
        paths += [f"traits[{index}]", f"traits[{index}].bonus", f"traits[{index}].name"]
    return paths


def states_words(character: Character, lang: str) -> list[str]:
    return [energy_word(STATE_NAMES[s], lang) for s in sorted(character.states)]
