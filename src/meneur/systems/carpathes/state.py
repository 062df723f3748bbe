"""The state of a chronicle: session, scene, confrontation, initiative and each PC's counters.

Conventions: frozen pydantic models (the state is immutable; :func:`.chronicle.evolve` returns a
new one); :func:`start` builds the first state from the setup's JSON (table options and cast).
Scenes are numbered across the whole chronicle (a new session does not restart the count), so
« once per scene » and « in this scene » never confuse a scene of one session with another's.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, ValidationError

from meneur.engine.model import Frozen as _Frozen
from meneur.engine.problems import explain
from meneur.errors import BadInputError
from meneur.i18n import N_, Message
from meneur.systems.carpathes.combat import Wound
from meneur.systems.carpathes.events import InitiativeEntry, Purpose, RollData
from meneur.systems.carpathes.initiative import Combatant, Initiative, InitiativeRoll
from meneur.systems.carpathes.model import (
    Character,
    CreatureKind,
    Faith,
    Npc,
    TableOptions,
    is_supernatural,
)
from meneur.systems.carpathes.resolution import TraitRoll

Penalty = Literal["none", "pending", "active"]


class LastRoll(_Frozen):
    """A PC's latest roll, the only one a Talisman or a Joker can act on."""

    roll: RollData
    purpose: Purpose
    peril: bool
    scene: int
    confrontation: int | None
    talisman_invoked: bool = False
    talisman_raised: bool = False
    jokered: bool = False

    def trait_roll(self) -> TraitRoll:
        """The roll, raised when a sincere Talisman was invoked on it."""
        return self.roll.to_roll(talisman=self.talisman_raised)


class PcStatus(_Frozen):
    """Per-PC counters of the once-per-scene and once-per-session rules.

    While the Talisman is spent, ``night_since_spent`` and ``recollected_since_spent`` remember the
    two conditions of its recharge (« une nuit s'est écoulée et où le PJ a pu se recueillir »).
    """

    talisman_spent_in: int | None = None
    night_since_spent: bool = False
    recollected_since_spent: bool = False
    taught_by: str | None = None
    cracked: bool = False
    penalty: Penalty = "none"
    joker_used_in: int | None = None
    last_roll: LastRoll | None = None
    wounds: tuple[Wound, ...] = ()
    needs_care: bool = False


class NpcStatus(_Frozen):
    """What the chronicle remembers of an NPC: its wounds (« une blessure sérieuse ... désavantage à
    la cible jusqu'à soin médical » holds for a vampire as for a PC)."""

    wounds: tuple[Wound, ...] = ()
    needs_care: bool = False


class Confrontation(_Frozen):
    """The confrontation in progress."""

    number: int
    creature: CreatureKind
    confirmed: bool

    @property
    def supernatural(self) -> bool:
        """« confrontations surnaturelles avérées »: a supernatural kind, confirmed."""
        return self.confirmed and is_supernatural(self.creature)


class ChronicleState(_Frozen):
    """Everything the limits need: session, scene, confrontation and each PC's status."""

    options: TableOptions = Field(default_factory=TableOptions)
    characters: dict[str, Character] = Field(default_factory=dict)
    status: dict[str, PcStatus] = Field(default_factory=dict)
    session: int = 0
    scene: int = 0
    in_scene: bool = False
    scene_after_night: bool = False
    round: int = 0
    clues: int = 0
    confrontations: int = 0
    confrontation: Confrontation | None = None
    initiative_scene: int | None = None
    initiative: tuple[InitiativeEntry, ...] = ()
    npcs: dict[str, Npc] = Field(default_factory=dict)
    npc_status: dict[str, NpcStatus] = Field(default_factory=dict)
    acted: tuple[str, ...] = ()
    """Who has acted in this round (an attack made, a PC's action or attack roll): « Le plus haut
    agit en premier, puis on descend », so the next one down is whose turn it is."""

    def being(self, name: str) -> Character | Npc:
        """The PC or NPC named ``name`` (raises a clear error for an unknown name)."""
        if name in self.npcs:
            return self.npcs[name]
        if name not in self.characters:
            raise BadInputError(
                Message(
                    "carpathes",
                    N_("No PC or NPC named '{name}'; known: {known}."),
                    {
                        "name": name,
                        "known": ", ".join([*self.characters, *self.npcs])
                        or Message("carpathes", N_("none")),
                    },
                )
            )
        return self.characters[name]

    def kind_of(self, name: str) -> CreatureKind:
        """What a PC or NPC is for the supernatural rules (PCs are human)."""
        return self.npcs[name].kind if name in self.npcs else CreatureKind.HUMAN

    def wounded(self, name: str) -> bool:
        """Whether a PC or NPC has a wound awaiting medical care (« désavantage ... jusqu'à soin
        médical »)."""
        if name in self.npc_status:
            return self.npc_status[name].needs_care
        return name in self.status and self.status[name].needs_care

    def with_npc(self, name: str, **changes: object) -> ChronicleState:
        """A copy with one NPC's status changed."""
        status = {**self.npc_status, name: self.npc_status[name].model_copy(update=changes)}
        return self.model_copy(update={"npc_status": status})

    def pc(self, name: str) -> PcStatus:
        """The status of a PC (raises a clear error for an unknown name)."""
        if name not in self.status:
            raise BadInputError(
                Message(
                    "carpathes",
                    N_("No character named '{name}'; known characters: {known}."),
                    {"name": name, "known": ", ".join(self.characters) or Message("carpathes", N_("none"))},
                )
            )
        return self.status[name]

    def with_pc(self, name: str, **changes: object) -> ChronicleState:
        """A copy with one PC's status changed."""
        status = {**self.status, name: self.status[name].model_copy(update=changes)}
        return self.model_copy(update={"status": status})

    def can_believe(self, name: str) -> bool:
        """A believer, or an atheist « sauf si un autre PJ croyant l'instruit en jeu »."""
        return self.characters[name].faith is Faith.BELIEVER or self.status[name].taught_by is not None

    def has_shaken_faith_disadvantage(self, name: str) -> bool:
        """« ce PJ subit un Désavantage ... sur tout jet de protection ou d'attaque »."""
        return self.pc(name).penalty == "active"

    def is_off_guard(self, name: str) -> bool:
        """« Un PJ pris au dépourvu ... joue en dernier au premier round, sans bonus de talent »:
        caught off guard in this scene's initiative, during its first round."""
        return (
            self.round == 1
            and self.initiative_scene == self.scene
            and any(e.name == name and e.off_guard for e in self.initiative)
        )

    def turn(self) -> str | None:
        """Whose turn it is in this round: the first of the round's order who has not acted yet
        (« Le plus haut agit en premier, puis on descend »); ``None`` before the scene's initiative
        is rolled and once everyone has acted (the next round is the GM's)."""
        if self.initiative_scene != self.scene or not self.initiative or self.round < 1:
            return None
        order = self.initiative_order().order(self.round)
        return next((r.combatant.name for r in order if r.combatant.name not in self.acted), None)

    def initiative_order(self) -> Initiative:
        """The scene's initiative as rolled."""
        return Initiative(
            tuple(
                InitiativeRoll(
                    Combatant(
                        e.name,
                        e.physical,
                        e.is_pc,
                        e.talent_bonus,
                        e.surprise,
                        e.off_guard,
                        e.disadvantage,
                        e.first_round,
                    ),
                    e.dice,
                )
                for e in self.initiative
            )
        )


class Setup(_Frozen):
    """What a chronicle starts from: the table options and the cast (both optional)."""

    options: TableOptions = Field(default_factory=TableOptions)
    characters: tuple[Character, ...] = ()
    npcs: tuple[Npc, ...] = ()


def start(setup: Any) -> ChronicleState:
    """The first state of a chronicle from its setup's JSON (``None``: default options, no cast).

    Raises:
        BadInputError: the setup is malformed or names two characters alike.
    """
    try:
        read = Setup.model_validate({} if setup is None else setup)
    except ValidationError as error:
        raise explain(error, "setup") from None
    names = [c.name for c in read.characters]
    npcs = [n.name for n in read.npcs]
    for name in [*names, *npcs]:
        if [*names, *npcs].count(name) > 1:
            raise BadInputError(
                Message(
                    "carpathes",
                    N_("A character named '{name}' already exists; choose another name."),
                    {"name": name},
                )
            )
    return ChronicleState(
        options=read.options,
        characters={c.name: c for c in read.characters},
        status={name: PcStatus() for name in names},
        npcs={n.name: n for n in read.npcs},
        npc_status={name: NpcStatus() for name in npcs},
    )
