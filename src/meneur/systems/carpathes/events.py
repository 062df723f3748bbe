"""Events (past tense) of a Carpathian chronicle: sessions, scenes, nights, confrontations,
rolls, the Talisman de Foi and the Joker du destin.

Conventions: frozen pydantic models; the wire name of each is its ``type`` tag, which
:data:`EVENTS` maps to its class for the engine's codec. Every die rolled is written in an event,
so folding the log (:func:`meneur.systems.carpathes.chronicle.evolve`) needs no dice.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from meneur.engine.model import Frozen as Frozen
from meneur.systems.carpathes.catalogue import WeaponKey
from meneur.systems.carpathes.combat import Attack, Wound
from meneur.systems.carpathes.model import Character, CreatureKind, Npc, RollMode, Trait
from meneur.systems.carpathes.resolution import TraitRoll, keep_two

PURPOSES = ("action", "protection", "attack")
Purpose = Literal["action", "protection", "attack"]


class RollData(Frozen):
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


class NpcEntry(Frozen):
    """A non-player combatant for the initiative; ``physical`` left out: the chronicle's NPC of that
    name (its Physique, initiative bonus and wounds)."""

    name: str = Field(min_length=1)
    physical: int | None = Field(default=None, ge=0, le=10)
    talent_bonus: int = Field(default=0, ge=-10, le=10)


class CharacterAdded(Frozen):
    type: Literal["character_added"] = "character_added"
    character: Character


class SessionStarted(Frozen):
    type: Literal["session_started"] = "session_started"


class SceneStarted(Frozen):
    type: Literal["scene_started"] = "scene_started"
    after_night: bool


class Recollected(Frozen):
    type: Literal["recollected"] = "recollected"
    pc: str


class TalismanRecharged(Frozen):
    type: Literal["talisman_recharged"] = "talisman_recharged"
    pc: str


class FaithTaught(Frozen):
    type: Literal["faith_taught"] = "faith_taught"
    pc: str
    teacher: str


class ConfrontationBegan(Frozen):
    type: Literal["confrontation_began"] = "confrontation_began"
    creature: CreatureKind
    confirmed: bool


class ConfrontationEnded(Frozen):
    type: Literal["confrontation_ended"] = "confrontation_ended"


class Rolled(Frozen):
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


class TalismanInvoked(Frozen):
    type: Literal["talisman_invoked"] = "talisman_invoked"
    pc: str
    sacred_object: str


class TalismanCracked(Frozen):
    type: Literal["talisman_cracked"] = "talisman_cracked"
    pc: str
    sacred_object: str
    until_penance: bool = False


class JokerUsed(Frozen):
    type: Literal["joker_used"] = "joker_used"
    pc: str
    roll: RollData


class PenanceDone(Frozen):
    type: Literal["penance_done"] = "penance_done"
    pc: str


class InitiativeEntry(Frozen):
    name: str
    physical: int
    is_pc: bool
    talent_bonus: int
    surprise: bool
    off_guard: bool
    dice: tuple[int, ...]
    disadvantage: bool = False
    first_round: int | None = None
    """The first round's total as a player is told it when its reason is the GM's (« Une attaque
    par surprise déclarée à voix basse »): the projection sets it and clears ``surprise``; the
    engine never does."""


class InitiativeRolled(Frozen):
    type: Literal["initiative_rolled"] = "initiative_rolled"
    entries: tuple[InitiativeEntry, ...]


class RoundStarted(Frozen):
    type: Literal["round_started"] = "round_started"


class ClueGiven(Frozen):
    type: Literal["clue_given"] = "clue_given"
    text: str = ""


class NpcAdded(Frozen):
    type: Literal["npc_added"] = "npc_added"
    npc: Npc


class AttackMade(Frozen):
    """« 2D6 + Physique + bonus d'arme contre la Défense de la cible », as rolled."""

    type: Literal["attack_made"] = "attack_made"
    attacker: str
    target: str
    target_kind: CreatureKind
    roll: RollData
    weapon: WeaponKey
    weapon_bonus: int
    defense: int
    steps: int
    step_rule: Literal["margin", "band"]
    wounds: int
    sleeping: bool = False
    wounded: bool = False
    shaken_faith: bool = False
    modes_cancelled: bool = False

    def attack(self) -> Attack:
        """The resolved attack (margin, wound, flags) the event records."""
        return Attack(
            roll=self.roll.to_roll(),
            weapon_bonus=self.weapon_bonus,
            defense=self.defense,
            weapon=self.weapon,
            target=self.target_kind,
            steps=self.steps,
            step_rule=self.step_rule,
            wounds=self.wounds,
            sleeping=self.sleeping,
        )


class WoundInflicted(Frozen):
    """A wound recorded on a PC or, for ``pc`` naming one, an NPC of the chronicle."""

    type: Literal["wound_inflicted"] = "wound_inflicted"
    pc: str
    wound: Wound
    disadvantage: bool = False
    count: int = 1


class SacredObjectEstablished(Frozen):
    type: Literal["sacred_object_established"] = "sacred_object_established"
    pc: str
    sacred_object: str


class MedicalCareGiven(Frozen):
    type: Literal["medical_care_given"] = "medical_care_given"
    pc: str


Event = Annotated[
    CharacterAdded
    | SessionStarted
    | SceneStarted
    | Recollected
    | TalismanRecharged
    | FaithTaught
    | ConfrontationBegan
    | ConfrontationEnded
    | Rolled
    | TalismanInvoked
    | TalismanCracked
    | JokerUsed
    | PenanceDone
    | InitiativeRolled
    | RoundStarted
    | ClueGiven
    | WoundInflicted
    | MedicalCareGiven
    | SacredObjectEstablished
    | NpcAdded
    | AttackMade,
    Field(discriminator="type"),
]


EVENTS: dict[str, type[Frozen]] = {
    cls.model_fields["type"].default: cls
    for cls in (
        CharacterAdded,
        SessionStarted,
        SceneStarted,
        Recollected,
        TalismanRecharged,
        FaithTaught,
        ConfrontationBegan,
        ConfrontationEnded,
        Rolled,
        TalismanInvoked,
        TalismanCracked,
        JokerUsed,
        PenanceDone,
        InitiativeRolled,
        RoundStarted,
        ClueGiven,
        WoundInflicted,
        MedicalCareGiven,
        SacredObjectEstablished,
        NpcAdded,
        AttackMade,
    )
}
"""Wire name -> event class."""


def rolled(event: Event) -> bool:
    """Whether ``event`` rolled the dice: a trait roll (with an attack's or the Joker's) or the
    initiative."""
    return isinstance(getattr(event, "roll", None), RollData) or isinstance(event, InitiativeRolled)
