"""The stress gauge (jauge de stress) and the boxes a character checks or erases.

Conventions: the gauge has 10 boxes; beyond them the book counts démoralisé as an 11th and brisé as
a 12th ("il coche l'état démoralisé, puis brisé (l'équivalent de 12 cases)",
002_58e889a1abff3456.txt), so a character's *level* runs 0..12 and relief walks back down it.
Functions are pure and return new characters.
"""

from __future__ import annotations

from enum import StrEnum

from meneur.errors import BadInputError, Refused
from meneur.i18n import N_, Message
from meneur.systems.energy.model import Character, State

DOMAIN = "energy_campaign"

BOXES = 10
""""une jauge de stress comportant 10 cases"."""
MAX_LEVEL = 12
GM_BOXES_PER_SCENE = 2
""""le MJ peut même attribuer deux cases de stress en une fois, mais jamais plus durant une scène"."""


class StressUse(StrEnum):
    """What a checked box buys: action d'éclat, détermination, se dépasser."""

    FEAT = "feat"
    DETERMINATION = "determination"
    SURPASS = "surpass"


USE_NAMES: dict[StressUse, str] = {
    StressUse.FEAT: N_("feat"),
    StressUse.DETERMINATION: N_("determination"),
    StressUse.SURPASS: N_("surpass"),
}

FROM_FIGHT: dict[str, tuple[StressUse, str]] = {
    "feat": (StressUse.FEAT, ""),
    "determination": (StressUse.DETERMINATION, ""),
    "second_wind": (StressUse.DETERMINATION, "second_wind"),
}
"""A box a fight checked (its ``StressSpent`` use) as the campaign's gauge counts it, with its detail: a
second souffle is a détermination ("utilise sa détermination pour obtenir un second souffle",
002_58e889a1abff3456.txt)."""


class Relief(StrEnum):
    """Ways stress goes down: exutoire, scène d'équipe, nouveau scénario."""

    OUTLET = "outlet"
    TEAM_SCENE = "team_scene"
    NEW_SCENARIO = "new_scenario"


def stress_level(character: Character) -> int:
    """The stress level 0..12: the checked boxes, plus one for démoralisé and one for brisé."""
    extra = (State.DEMORALIZED in character.states) + (State.BROKEN in character.states)
    return character.stress + extra


def at_level(character: Character, level: int) -> Character:
    """The character with stress ``level`` (0..12) and the matching mental states.

    "Lorsque le personnage atteint 10 cases de stress, il coche l'état troublé" and "tant qu'il
    n'est pas redescendu en dessous des 10 cases" (002_58e889a1abff3456.txt).
    """
    level = max(0, min(MAX_LEVEL, level))
    mental = {
        State.TROUBLED: level >= BOXES,
        State.DEMORALIZED: level >= BOXES + 1,
        State.BROKEN: level >= BOXES + 2,
    }
    states = {s for s in character.states if s not in mental} | {s for s, on in mental.items() if on}
    return character.model_copy(update={"stress": min(level, BOXES), "states": frozenset(states)})


def require_playable(character: Character) -> None:
    """A brisé character "ne sera plus jouable tant qu'il n'aura pas été ramené" (002_58e889a1abff3456.txt).

    Raises:
        Refused: when the character is brisé.
    """
    if State.BROKEN in character.states:
        raise Refused(
            Message(
                DOMAIN,
                N_("{name} is {gender:broken} and out of play until brought back by the team."),
                {"name": character.name, "gender": character.gender},
            ),
            rule="broken",
        )


def require_boxes(boxes: int) -> None:
    """Stress comes in whole boxes ("une case de stress"): at least one.

    Raises:
        BadInputError: for fewer than one box.
    """
    if boxes < 1:
        raise BadInputError(
            Message(
                DOMAIN, N_("The number of stress boxes must be at least 1, not {boxes}."), {"boxes": boxes}
            )
        )


def take_stress(character: Character, boxes: int = 1) -> Character:
    """Check ``boxes`` stress boxes: troublé at 10, then démoralisé, then brisé.

    "Un personnage troublé qui subit une case de stress subit à la place l'état démoralisé"
    (002_58e889a1abff3456.txt).

    Raises:
        BadInputError: for fewer than one box.
        Refused: when the character is brisé (out of play).
    """
    require_boxes(boxes)
    require_playable(character)
    return at_level(character, stress_level(character) + boxes)


def relieve_stress(character: Character, boxes: int = 1) -> Character:
    """Erase ``boxes`` boxes (never below 0); a démoralisé character first goes back to troublé.

    Raises:
        BadInputError: for fewer than one box.
        Refused: when the character is brisé: only coming back resets the gauge.
    """
    require_boxes(boxes)
    require_playable(character)
    return at_level(character, stress_level(character) - boxes)


def check_gm_stress(character: Character, given_this_scene: int, boxes: int) -> None:
    """Refuse more than two GM boxes in one scene ("jamais plus durant une scène").

    Raises:
        Refused: when ``given_this_scene + boxes`` exceeds two.
    """
    require_boxes(boxes)
    if given_this_scene + boxes > GM_BOXES_PER_SCENE:
        raise Refused(
            Message(
                DOMAIN,
                N_(
                    "The GM may give {name} at most {limit} stress boxes in one scene "
                    "({given} already given in this scene)."
                ),
                {"name": character.name, "limit": GM_BOXES_PER_SCENE, "given": given_this_scene},
            ),
            rule="gm_stress_per_scene",
        )


def check_can_spend(character: Character, use: StressUse) -> None:
    """Whether ``character`` may check a box for ``use`` now (legality as a query; raises when not).

    "il peut cocher une case de stress pour obtenir l'un des avantages ci-dessous"; se dépasser is
    for "Les personnages joueurs" (002_58e889a1abff3456.txt). A full gauge has no box left to check.

    Raises:
        Refused: brisé, gauge full, or an NPC trying to se dépasser.
    """
    require_playable(character)
    if use is StressUse.SURPASS and not character.pc:
        raise Refused(
            Message(
                DOMAIN,
                N_("Only player characters may surpass themselves ({name} is an NPC)."),
                {"name": character.name},
            ),
            rule="surpass",
        )
    if character.stress >= BOXES:
        raise Refused(
            Message(DOMAIN, N_("{name} has no empty stress box left to check."), {"name": character.name}),
            rule="stress_full",
        )


def spend_box(character: Character, use: StressUse) -> Character:
    """Check a box for action d'éclat, détermination or se dépasser (see :func:`check_can_spend`).

    Raises:
        Refused: brisé, gauge full, or an NPC trying to se dépasser.
    """
    check_can_spend(character, use)
    return at_level(character, stress_level(character) + 1)


def fight_box_overflow(character: Character) -> State | None:
    """Where a box a fight already checked takes the campaign's gauge: nowhere new while the gauge has
    an empty box (``None``); beyond the tenth, "S'il doit subir davantage de stress (ce qui l'amènerait
    à 11 cases), il coche l'état démoralisé, puis brisé" (002_58e889a1abff3456.txt): the state it gives.
    """
    if character.stress < BOXES:
        return None
    after = at_level(character, stress_level(character) + 1)  # the levels' states: one rule, :func:`at_level`
    gained = [s for s in (State.BROKEN, State.DEMORALIZED) if s in after.states and s not in character.states]
    return gained[0] if gained else None


def take_fight_box(character: Character) -> Character:
    """Count a box a fight checked (its advantage already taken there) on the campaign's gauge: a box
    like any other, and beyond the tenth démoralisé, then brisé (:func:`fight_box_overflow`).

    Raises:
        Refused: when the character is brisé (a brisé character takes no more stress).
    """
    require_playable(character)
    return at_level(character, stress_level(character) + 1)


def bring_back(character: Character, minimum: int = 0) -> Character:
    """A brisé character brought back by the team: "ses cases de stress seront de nouveau à leur minimum".

    Raises:
        Refused: when the character is not brisé.
    """
    if State.BROKEN not in character.states:
        raise Refused(
            Message(
                DOMAIN,
                N_("{name} is not {gender:broken}."),
                {"name": character.name, "gender": character.gender},
            ),
            rule="broken",
        )
    return at_level(character, minimum)
