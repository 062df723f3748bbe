"""Commands (imperative) and events (past tense) of a Carpathian chronicle: sessions, scenes,
nights, confrontations, rolls, the Talisman de Foi and the Joker du destin.

Conventions: all are frozen pydantic models with a ``type`` tag so the event log can be saved as
JSON and replayed; a command is decided against a state (with a dice source) into events, an event
is folded into the state (see :mod:`meneur.systems.carpathes.chronicle`).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from meneur.systems.carpathes.combat import Wound
from meneur.systems.carpathes.model import Character, CreatureKind, RollMode, Trait
from meneur.systems.carpathes.resolution import TraitRoll, keep_two


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


PURPOSES = ("action", "protection", "attack")
Purpose = Literal["action", "protection", "attack"]


class RollData(_Frozen):
    """A trait roll as stored in the log: parameters and the physical dice."""

    trait: int
    bonus: int
    mode: RollMode
    dice: tuple[int, ...]

    @classmethod
    def from_roll(cls, roll: TraitRoll) -> RollData:
        """Store a :class:`TraitRoll`."""
        return cls(trait=roll.trait, bonus=roll.bonus, mode=roll.mode, dice=roll.dice)

    def to_roll(self, talisman: bool = False) -> TraitRoll:
        """Rebuild the :class:`TraitRoll`."""
        kept, dropped = keep_two(self.dice, self.mode)
        return TraitRoll(self.trait, self.bonus, self.mode, self.dice, kept, dropped, talisman)


class NpcEntry(_Frozen):
    """A non-player combatant for the initiative."""

    name: str = Field(min_length=1)
    physical: int = Field(ge=0, le=10)
    talent_bonus: int = Field(default=0, ge=-10, le=10)


# ---- commands ---------------------------------------------------------------------------------
class AddCharacter(_Frozen):
    type: Literal["add_character"] = "add_character"
    character: Character


class StartSession(_Frozen):
    type: Literal["start_session"] = "start_session"


class StartScene(_Frozen):
    type: Literal["start_scene"] = "start_scene"
    after_night: bool = False


class Recollect(_Frozen):
    type: Literal["recollect"] = "recollect"
    pc: str


class Teach(_Frozen):
    type: Literal["teach"] = "teach"
    pc: str
    teacher: str


class BeginConfrontation(_Frozen):
    type: Literal["begin_confrontation"] = "begin_confrontation"
    creature: CreatureKind
    confirmed: bool = True


class EndConfrontation(_Frozen):
    type: Literal["end_confrontation"] = "end_confrontation"


class MakeRoll(_Frozen):
    type: Literal["roll"] = "roll"
    pc: str
    trait: Trait
    talent: str | None = None
    advantage: bool = False
    disadvantage: bool = False
    purpose: Purpose = "action"
    peril: bool = False
    background: Literal["trade", "hobby"] | None = None


class InvokeTalisman(_Frozen):
    type: Literal["invoke_talisman"] = "invoke_talisman"
    pc: str
    sacred_object: str
    sincere: bool


class UseJoker(_Frozen):
    type: Literal["use_joker"] = "use_joker"
    pc: str


class DoPenance(_Frozen):
    type: Literal["do_penance"] = "do_penance"
    pc: str


class RollInitiative(_Frozen):
    type: Literal["roll_initiative"] = "roll_initiative"
    npcs: tuple[NpcEntry, ...] = ()
    surprise: tuple[str, ...] = ()
    off_guard: tuple[str, ...] = ()
    talents: dict[str, int] = Field(default_factory=dict)


class NextRound(_Frozen):
    type: Literal["next_round"] = "next_round"


class GiveClue(_Frozen):
    type: Literal["give_clue"] = "give_clue"
    text: str = ""


class EstablishSacredObject(_Frozen):
    type: Literal["establish_sacred_object"] = "establish_sacred_object"
    pc: str
    sacred_object: str


class InflictWound(_Frozen):
    type: Literal["inflict_wound"] = "inflict_wound"
    pc: str
    wound: Wound


class GiveMedicalCare(_Frozen):
    type: Literal["give_medical_care"] = "give_medical_care"
    pc: str


Command = (AddCharacter | StartSession | StartScene | Recollect | Teach | BeginConfrontation
           | EndConfrontation | MakeRoll | InvokeTalisman | UseJoker | DoPenance | RollInitiative
           | NextRound | GiveClue | InflictWound | GiveMedicalCare | EstablishSacredObject)


# ---- events -----------------------------------------------------------------------------------
class CharacterAdded(_Frozen):
    type: Literal["character_added"] = "character_added"
    character: Character


class SessionStarted(_Frozen):
    type: Literal["session_started"] = "session_started"


class SceneStarted(_Frozen):
    type: Literal["scene_started"] = "scene_started"
    after_night: bool


class Recollected(_Frozen):
    type: Literal["recollected"] = "recollected"
    pc: str


class TalismanRecharged(_Frozen):
    type: Literal["talisman_recharged"] = "talisman_recharged"
    pc: str


class FaithTaught(_Frozen):
    type: Literal["faith_taught"] = "faith_taught"
    pc: str
    teacher: str


class ConfrontationBegan(_Frozen):
    type: Literal["confrontation_began"] = "confrontation_began"
    creature: CreatureKind
    confirmed: bool


class ConfrontationEnded(_Frozen):
    type: Literal["confrontation_ended"] = "confrontation_ended"


class Rolled(_Frozen):
    type: Literal["rolled"] = "rolled"
    pc: str
    roll: RollData
    purpose: Purpose
    peril: bool
    shaken_faith: bool = False
    modes_cancelled: bool = False
    off_guard: bool = False
    wounded: bool = False
    trait: Trait | None = None


class TalismanInvoked(_Frozen):
    type: Literal["talisman_invoked"] = "talisman_invoked"
    pc: str
    sacred_object: str


class TalismanCracked(_Frozen):
    type: Literal["talisman_cracked"] = "talisman_cracked"
    pc: str
    sacred_object: str
    until_penance: bool = False


class JokerUsed(_Frozen):
    type: Literal["joker_used"] = "joker_used"
    pc: str
    roll: RollData


class PenanceDone(_Frozen):
    type: Literal["penance_done"] = "penance_done"
    pc: str


class InitiativeEntry(_Frozen):
    name: str
    physical: int
    is_pc: bool
    talent_bonus: int
    surprise: bool
    off_guard: bool
    dice: tuple[int, int]


class InitiativeRolled(_Frozen):
    type: Literal["initiative_rolled"] = "initiative_rolled"
    entries: tuple[InitiativeEntry, ...]


class RoundStarted(_Frozen):
    type: Literal["round_started"] = "round_started"


class ClueGiven(_Frozen):
    type: Literal["clue_given"] = "clue_given"
    text: str = ""


class WoundInflicted(_Frozen):
    type: Literal["wound_inflicted"] = "wound_inflicted"
    pc: str
    wound: Wound
    disadvantage: bool = False


class SacredObjectEstablished(_Frozen):
    type: Literal["sacred_object_established"] = "sacred_object_established"
    pc: str
    sacred_object: str


class MedicalCareGiven(_Frozen):
    type: Literal["medical_care_given"] = "medical_care_given"
    pc: str


Event = Annotated[
    CharacterAdded | SessionStarted | SceneStarted | Recollected | TalismanRecharged | FaithTaught
    | ConfrontationBegan | ConfrontationEnded | Rolled | TalismanInvoked | TalismanCracked
    | JokerUsed | PenanceDone | InitiativeRolled | RoundStarted | ClueGiven | WoundInflicted
    | MedicalCareGiven | SacredObjectEstablished,
    Field(discriminator="type")]
