"""Commands (imperative) of a Carpathian chronicle: what a game master asks for.

Conventions: frozen pydantic models; the wire name of each is its ``type`` tag (``roll``,
``invoke_talisman``...), which :data:`COMMANDS` maps to its class for the engine's codec. A command
is decided against a state (with a dice source) into events (:mod:`.chronicle`).
"""

from __future__ import annotations

from typing import Literal

from pydantic import AliasChoices, Field

from meneur.systems.carpathes.catalogue import WeaponKey
from meneur.systems.carpathes.combat import Wound
from meneur.systems.carpathes.events import Frozen, NpcEntry, Purpose
from meneur.systems.carpathes.model import BONUS_MAX, BONUS_MIN, Character, CreatureKind, Npc, Trait


class AddCharacter(Frozen):
    type: Literal["add_character"] = "add_character"
    character: Character


class StartSession(Frozen):
    type: Literal["start_session"] = "start_session"


class StartScene(Frozen):
    type: Literal["start_scene"] = "start_scene"
    after_night: bool = False


class Recollect(Frozen):
    type: Literal["recollect"] = "recollect"
    pc: str


class Teach(Frozen):
    type: Literal["teach"] = "teach"
    pc: str
    teacher: str


class BeginConfrontation(Frozen):
    type: Literal["begin_confrontation"] = "begin_confrontation"
    creature: CreatureKind
    confirmed: bool = True


class EndConfrontation(Frozen):
    type: Literal["end_confrontation"] = "end_confrontation"


class MakeRoll(Frozen):
    type: Literal["roll"] = "roll"
    pc: str
    trait: Trait
    talent: str | None = None
    advantage: bool = False
    disadvantage: bool = False
    purpose: Purpose = "action"
    peril: bool = False
    background: Literal["trade", "hobby"] | None = None


class InvokeTalisman(Frozen):
    type: Literal["invoke_talisman"] = "invoke_talisman"
    pc: str
    sacred_object: str
    sincere: bool


class UseJoker(Frozen):
    type: Literal["use_joker"] = "use_joker"
    pc: str


class DoPenance(Frozen):
    type: Literal["do_penance"] = "do_penance"
    pc: str


class RollInitiative(Frozen):
    type: Literal["roll_initiative"] = "roll_initiative"
    npcs: tuple[NpcEntry, ...] = ()
    surprise: tuple[str, ...] = ()
    off_guard: tuple[str, ...] = ()
    talents: dict[str, int] = Field(default_factory=dict)


class NextRound(Frozen):
    type: Literal["next_round"] = "next_round"


class GiveClue(Frozen):
    type: Literal["give_clue"] = "give_clue"
    text: str = ""


class EstablishSacredObject(Frozen):
    type: Literal["establish_sacred_object"] = "establish_sacred_object"
    pc: str
    sacred_object: str


class InflictWound(Frozen):
    """A wound read from an attack's margin, given by the game master (« le MJ tranche selon la
    fiction »): ``target`` names the PC or NPC wounded and is no actor of the command, so a player
    cannot wound their own character (``pc`` is still read, as files wrote it before)."""

    type: Literal["inflict_wound"] = "inflict_wound"
    target: str = Field(validation_alias=AliasChoices("target", "pc"))
    wound: Wound


class AddNpc(Frozen):
    type: Literal["add_npc"] = "add_npc"
    npc: Npc


class MakeAttack(Frozen):
    """« L'attaque se résout en jet opposé : 2D6 + Physique + bonus d'arme contre la Défense de la
    cible »: a PC or an NPC of the chronicle attacks another."""

    type: Literal["attack"] = "attack"
    attacker: str
    target: str
    weapon: WeaponKey = WeaponKey.BARE_HANDS
    weapon_bonus: int = Field(default=0, ge=BONUS_MIN, le=BONUS_MAX)
    identified: bool = False
    sleeping: bool = False
    advantage: bool = False
    disadvantage: bool = False


class GiveMedicalCare(Frozen):
    type: Literal["give_medical_care"] = "give_medical_care"
    pc: str


Command = (
    AddCharacter
    | StartSession
    | StartScene
    | Recollect
    | Teach
    | BeginConfrontation
    | EndConfrontation
    | MakeRoll
    | InvokeTalisman
    | UseJoker
    | DoPenance
    | RollInitiative
    | NextRound
    | GiveClue
    | InflictWound
    | GiveMedicalCare
    | EstablishSacredObject
    | AddNpc
    | MakeAttack
)


COMMANDS: dict[str, type[Frozen]] = {
    cls.model_fields["type"].default: cls
    for cls in (
        AddCharacter,
        StartSession,
        StartScene,
        Recollect,
        Teach,
        BeginConfrontation,
        EndConfrontation,
        MakeRoll,
        InvokeTalisman,
        UseJoker,
        DoPenance,
        RollInitiative,
        NextRound,
        GiveClue,
        EstablishSacredObject,
        InflictWound,
        GiveMedicalCare,
        AddNpc,
        MakeAttack,
    )
}
"""Wire name -> command class."""
