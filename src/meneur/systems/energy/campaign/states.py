"""States (états) and what they do to a character: pure queries and transitions.

Conventions: characters are immutable; every function returns a new character or a value.
Rules quoted from 002_58e889a1abff3456.txt ("Les états sont des statuts attribués aux personnages").
"""

from __future__ import annotations

from collections.abc import Collection

from meneur.errors import Refused
from meneur.i18n import N_, Message
from meneur.systems.energy.model import Attributes, Character, State

DOMAIN = "energy_campaign"

STATE_NAMES: dict[State, str] = {
    State.EXHAUSTED: N_("exhausted"),
    State.WOUNDED: N_("wounded"),
    State.INCAPACITATED: N_("incapacitated"),
    State.TROUBLED: N_("troubled"),
    State.DEMORALIZED: N_("demoralized"),
    State.BROKEN: N_("broken"),
}
"""Each state's name as the book writes it (translated)."""


STATE_EFFECTS: dict[State, str] = {
    State.EXHAUSTED: N_("-1 Energy until a night's sleep."),
    State.WOUNDED: N_("Gets back only half of their Vigor (rounded up); wounded again: incapacitated."),
    State.INCAPACITATED: N_("Too badly wounded to really go on with the adventure: infirmary and rest."),
    State.TROUBLED: N_("-1 to every aptitude while stress stays at 10 boxes."),
    State.DEMORALIZED: N_("-2 to every aptitude and -1 Energy."),
    State.BROKEN: N_("Out of play until the team brings them back."),
}
"""What each state does, in the book's words: épuisé "malus de 1 point" in Énergie; blessé "ne peut
récupérer que la moitié de sa vigueur"; incapacité "trop gravement blessé pour continuer réellement
l'aventure"; troublé "malus de -1 à toutes ses aptitudes"; démoralisé "le malus d'aptitude atteint
-2" and "-1 en énergie"; brisé "ne sera plus jouable tant qu'il n'aura pas été ramené"
(002_58e889a1abff3456.txt)."""


def state_effect(state: State) -> Message:
    """What ``state`` does to the character, rendered later."""
    return Message(DOMAIN, STATE_EFFECTS[state])


def state_name(state: State) -> Message:
    """The book's word for ``state``, rendered later."""
    return Message(DOMAIN, STATE_NAMES[state])


def aptitude_malus(character: Character) -> int:
    """The aptitude malus of the mental states (a negative number or 0).

    "malus de -1 à toutes ses aptitudes" when troublé; "le malus d'aptitude atteint -2" when
    démoralisé (002_58e889a1abff3456.txt).
    """
    if State.DEMORALIZED in character.states or State.BROKEN in character.states:
        return -2
    if State.TROUBLED in character.states:
        return -1
    return 0


HURT: frozenset[str] = frozenset({State.WOUNDED, State.INCAPACITATED})
"""The states that halve the Vigueur a character gets back (blessé, and incapacité, worse still)."""


def energy_malus_of(states: Collection[str]) -> int:
    """The energy malus of épuisé ("malus de 1 point") and démoralisé ("-1 en énergie"), a negative
    number or 0; brisé comes after démoralisé and keeps its malus. ``states`` are state keys."""
    return -(State.EXHAUSTED in states) - (State.DEMORALIZED in states or State.BROKEN in states)


def energy_after_states(energy: int, states: Collection[str]) -> int:
    """Énergie after states, never below 1 ("Un attribut ne peut jamais être inférieur à 1")."""
    return max(1, energy + energy_malus_of(states))


def vigor_after_states(vigor: int, states: Collection[str]) -> int:
    """The Vigueur a character gets back: "Un personnage blessé ne peut récupérer que la moitié de sa
    vigueur (arrondie au supérieur)" (002_58e889a1abff3456.txt); an incapacitated one is no better off."""
    return -(-vigor // 2) if HURT & frozenset(states) else vigor


def energy_malus(character: Character) -> int:
    """The energy malus of ``character``'s states (see :func:`energy_malus_of`)."""
    return energy_malus_of(character.states)


def recoverable_vigor(character: Character) -> int:
    """The vigor ``character`` gets back after a fight (see :func:`vigor_after_states`)."""
    return vigor_after_states(character.attributes.vigor, character.states)


def effective_attributes(character: Character) -> Attributes:
    """The attributes after states: what the combat engine should start a fight with.

    Energy loses 1 for épuisé and 1 for démoralisé, never below 1 ("Un attribut ne peut jamais
    être inférieur à 1"); récupération never exceeds the energy left; vigor is what a blessé
    character can recover (half, rounded up). All from 002_58e889a1abff3456.txt.
    """
    energy = energy_after_states(character.attributes.energy, character.states)
    recovery = min(character.attributes.recovery, energy)
    return Attributes(energy=energy, recovery=recovery, vigor=recoverable_vigor(character))


def is_wounded(character: Character) -> bool:
    """Whether the character is blessé or incapacité."""
    return bool(character.states & {State.WOUNDED, State.INCAPACITATED})


def is_playable(character: Character) -> bool:
    """False for a brisé character: "le personnage ne sera plus jouable tant qu'il n'aura pas été ramené"."""
    return State.BROKEN not in character.states


def can_continue_adventure(character: Character) -> bool:
    """False when incapacité ("trop gravement blessé pour continuer réellement l'aventure") or brisé."""
    return is_playable(character) and State.INCAPACITATED not in character.states


def exhaust(character: Character) -> Character:
    """Give the état épuisé ("après qu'un personnage ait été mis hors combat mais sans blessures")."""
    return character.model_copy(update={"states": character.states | {State.EXHAUSTED}})


def sleep(character: Character) -> Character:
    """Remove épuisé: "tant qu'il ne se sera pas reposé (au moins 7h de sommeil)"."""
    if State.EXHAUSTED not in character.states:
        raise Refused(
            Message(
                DOMAIN,
                N_("{name} is not {gender:exhausted}."),
                {"name": character.name, "gender": character.gender},
            ),
            rule="exhausted",
        )
    return character.model_copy(update={"states": character.states - {State.EXHAUSTED}})


def wound(character: Character) -> Character:
    """Give the état blessé; a blessé character "subit à la place l'état incapacité".

    An incapacitated character stays incapacitated (002_58e889a1abff3456.txt).
    """
    states = character.states
    if State.WOUNDED in states or State.INCAPACITATED in states:
        states = (states - {State.WOUNDED}) | {State.INCAPACITATED}
    else:
        states = states | {State.WOUNDED}
    return character.model_copy(update={"states": states})


def heal_with_power(character: Character, *, raised_this_scenario: bool = False) -> Character:
    """A healing power: blessé becomes unhurt, incapacité becomes blessé.

    "Un pouvoir de soin peut ramener un personnage incapacité au statut de personnage blessé, mais
    il ne pourra pas le ramener indemne le temps d'un scénario" (002_58e889a1abff3456.txt).

    Raises:
        Refused: when the character is not hurt, or was raised from incapacité by a
            power during this scenario and so cannot be healed further by a power.
    """
    if State.INCAPACITATED in character.states:
        states = (character.states - {State.INCAPACITATED}) | {State.WOUNDED}
        return character.model_copy(update={"states": states})
    if State.WOUNDED not in character.states:
        raise Refused(
            Message(
                DOMAIN,
                N_("{name} is not {gender:wounded}."),
                {"name": character.name, "gender": character.gender},
            ),
            rule="wounded",
        )
    if raised_this_scenario:
        raise Refused(
            Message(
                DOMAIN,
                N_(
                    "A healing power cannot make {name} unhurt again during this scenario: "
                    "only the infirmary and rest can."
                ),
                {"name": character.name},
            ),
            rule="incapacitated",
        )
    return character.model_copy(update={"states": character.states - {State.WOUNDED}})


def infirmary(character: Character) -> Character:
    """ "un passage à l'infirmerie suivi d'une période de repos": blessé and incapacité are healed."""
    if not is_wounded(character):
        raise Refused(
            Message(
                DOMAIN,
                N_("{name} is not {gender:wounded}."),
                {"name": character.name, "gender": character.gender},
            ),
            rule="wounded",
        )
    return character.model_copy(update={"states": character.states - {State.WOUNDED, State.INCAPACITATED}})
