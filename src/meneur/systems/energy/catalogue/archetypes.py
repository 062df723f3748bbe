"""The power archetypes of the last chapter ("plusieurs archétypes de pouvoirs parmi les plus
courants", 002_58e889a1abff3456.txt) as browsable data.

Each archetype lists the categories the book gives it, the combat effect kinds its powers use
(``Power.effect``) and its example hero from the library. Names and summaries are translated.
"""

from __future__ import annotations

from dataclasses import dataclass

from meneur.errors import BadInputError
from meneur.i18n import LANGUAGES, N_, Message
from meneur.systems.energy.catalogue import name_key
from meneur.systems.energy.model import PowerCategory
from meneur.systems.energy.names import DOMAIN

C = PowerCategory


@dataclass(frozen=True)
class Archetype:
    """One power archetype: its key, translated name and summary, categories, effects and hero."""

    key: str
    name: str
    summary: str
    categories: tuple[PowerCategory, ...]
    effects: tuple[str, ...]
    hero: str | None

    @property
    def title(self) -> Message:
        """The archetype's name in the reader's language."""
        return Message(DOMAIN, self.name)

    @property
    def description(self) -> Message:
        """The archetype's summary in the reader's language."""
        return Message(DOMAIN, self.summary)


ARCHETYPES: tuple[Archetype, ...] = (
    Archetype(
        "super_strength",
        N_("Super strength"),
        N_("Physical might far beyond one's build: devastating blows, raw toughness, lifting wreckage."),
        (C.OFF_C, C.DEF, C.SUP),
        ("damage", "interact"),
        "TREMBLOR",
    ),
    Archetype(
        "super_speed",
        N_("Super speed"),
        N_("Moving and striking faster than the eye; initiative still comes from Energy, not speed."),
        (C.OFF_C, C.MOV, C.DEF),
        ("damage",),
        "VECTOR",
    ),
    Archetype(
        "flight",
        N_("Flight"),
        N_("Height and position: out of reach of ground fighters, carrying allies or a foe into the air."),
        (C.MOV, C.OFF_C),
        ("carry", "damage"),
        "ALTAIR",
    ),
    Archetype(
        "teleportation",
        N_("Teleportation"),
        N_("Appear anywhere: strikes from every angle, reflex dodges, long jumps, objects sent elsewhere."),
        (C.OFF_C, C.DEF, C.MOV, C.SUP),
        ("damage", "steal", "portal"),
        "FOLD",
    ),
    Archetype(
        "elemental",
        N_("Elemental powers"),
        N_("Fire, ice, lightning, wind, water or earth thrown, worn as a shield or shaping the scene."),
        (C.OFF_D, C.OFF_C, C.DEF, C.SUP),
        ("damage", "terrain"),
        "TEMPÊTE D’ACIER",
    ),
    Archetype(
        "telepathy",
        N_("Telepathy"),
        N_("Mind attacks, mental shields, links between allies and reading or steering minds."),
        (C.OFF_D, C.DEF, C.SUP),
        ("damage", "control"),
        "MIROIR",
    ),
    Archetype(
        "telekinesis",
        N_("Telekinesis"),
        N_("Moving, seizing and throwing things and people at a distance; barriers that deflect blows."),
        (C.OFF_D, C.OFF_C, C.DEF, C.SUP),
        ("damage", "condition", "forced_move", "terrain"),
        "AXIOME",
    ),
    Archetype(
        "healing",
        N_("Regeneration and healing"),
        N_("Giving back Vigor to oneself or allies, always at half success; flesh that closes on impact."),
        (C.SUP, C.DEF),
        ("heal",),
        "SUTURE",
    ),
    Archetype(
        "invisibility",
        N_("Invisibility"),
        N_("Hard to target rather than untouchable: reflex vanishing, infiltration, strikes from nowhere."),
        (C.DEF, C.SUP, C.OFF_C),
        ("invisibility", "damage"),
        "SPECTRE",
    ),
    Archetype(
        "armor",
        N_("Armor"),
        N_("Exoskeletons, stone skin or force fields that soak up blows, sometimes boosting strength."),
        (C.DEF, C.OFF_C),
        ("damage",),
        "BULWARK",
    ),
    Archetype(
        "mind_control",
        N_("Mind control"),
        N_("Forcing a foe to act against its will, or subtler suggestions and confusion."),
        (C.OFF_D, C.SUP),
        ("control",),
        "ÉCHO",
    ),
    Archetype(
        "duplication",
        N_("Duplication"),
        N_("Copies of oneself that attack, protect or help, each limited to the power that made it."),
        (C.SUP, C.OFF_D, C.OFF_C, C.DEF),
        ("duplicates",),
        "LEGION",
    ),
    Archetype(
        "matter_control",
        N_("Matter control"),
        N_("Metal, stone or debris thrown, wrapped around a foe, raised as walls; depends on the scene."),
        (C.OFF_D, C.OFF_C, C.DEF, C.SUP),
        ("damage", "terrain"),
        "FORGE",
    ),
    Archetype(
        "super_senses",
        N_("Super senses"),
        N_(
            "Heat vision, keen hearing, tracking smell, radar: mostly outside fights, better "
            "bought as traits."
        ),
        (),
        (),
        None,
    ),
    Archetype(
        "shapeshifting",
        N_("Shapeshifting"),
        N_("Changing face, body or form to use its abilities: blades, claws, rubber skin."),
        (C.SUP, C.OFF_C, C.DEF),
        ("damage",),
        "KALÉIDOSCOPE",
    ),
    Archetype(
        "portals",
        N_("Portals"),
        N_("Lasting openings anyone may cross while they are maintained; personal jumps through them."),
        (C.SUP, C.MOV),
        ("portal",),
        "NEXUS",
    ),
    Archetype(
        "time",
        N_("Time manipulation"),
        N_("Speeding allies, slowing foes and reading attacks early, with measured effects."),
        (C.SUP, C.DEF, C.OFF_D),
        ("give_energy", "terrain", "slow", "condition"),
        "HORLOGE",
    ),
    Archetype(
        "power_absorption",
        N_("Power absorption"),
        N_("Taking a target's power for the turn, absorbing attacks, or drawing energy to share."),
        (C.DEF, C.OFF_C, C.OFF_D, C.SUP),
        ("steal", "give_energy", "heal"),
        "SOLARIS",
    ),
    Archetype(
        "technology",
        N_("Technology and gadgets"),
        N_("Weapons, armor, thrusters and drones: technology can mimic almost any power."),
        (C.OFF_D, C.OFF_C, C.DEF, C.MOV, C.SUP),
        ("damage", "condition", "give_energy"),
        "ARCHITECT",
    ),
    Archetype(
        "magic",
        N_("Magic"),
        N_("Spells that strike what weapons cannot, wards, arcane travel and summonings."),
        (C.OFF_D, C.DEF, C.MOV, C.SUP),
        ("damage",),
        "GRIMOIRE",
    ),
    Archetype(
        "precognition",
        N_("Precognition and probability"),
        N_("Seeing attacks coming, bending the odds of the scene, imposing bad luck on a foe."),
        (C.DEF, C.SUP, C.OFF_D),
        ("luck", "interact", "give_energy"),
        "DÉJÀ-VU",
    ),
)


def archetype(name: str) -> Archetype:
    """The archetype whose key or name in any language matches ``name`` (loosely).

    Raises:
        BadInputError: for an unknown archetype, listing the keys.
    """
    wanted = name_key(name)
    for item in ARCHETYPES:
        names = {item.key, item.name, *(item.title.render(lang) for lang in LANGUAGES)}
        if wanted in {name_key(n) for n in names}:
            return item
    raise BadInputError(
        Message(
            DOMAIN,
            N_("{name}: no such power archetype; known: {known}."),
            {"name": name, "known": ", ".join(a.key for a in ARCHETYPES)},
        )
    )
