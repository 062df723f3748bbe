"""What a campaign's sheet brings to a fight started from it: the Vigueur and the Énergie its states
leave, the stress boxes already checked, and the states that change nothing in a fight.

Conventions: pure queries over an immutable :class:`~meneur.systems.energy.model.Character` (the
campaign's current sheet); the numbers come from the states' own rules (:mod:`.states`), the ones the
combat engine starts a fighter with, so the new-fight page says what the fight will do. Rules from
002_58e889a1abff3456.txt: "Un personnage blessé ne peut récupérer que la moitié de sa vigueur (arrondie
au supérieur)", "le personnage subit en outre un malus de -1 en énergie", troublé's "malus de -1 à
toutes ses aptitudes" (a fight uses no aptitude), and brisé "ne sera plus jouable".
"""

from __future__ import annotations

from dataclasses import dataclass

from meneur.i18n import N_, Message
from meneur.systems.energy.campaign.states import (
    aptitude_malus,
    energy_after_states,
    is_playable,
    state_name,
    vigor_after_states,
)
from meneur.systems.energy.campaign.stress import BOXES
from meneur.systems.energy.model import Character, State

DOMAIN = "energy_campaign"

ENERGY_STATES = (State.EXHAUSTED, State.DEMORALIZED, State.BROKEN)
"""The states that take Énergie: épuisé ("malus de 1 point à sa valeur d'énergie") and démoralisé
("-1 en énergie"), which brisé keeps."""


@dataclass(frozen=True)
class FightStart:
    """A campaign character as a fight starts with them (:func:`fight_start`).

    Attributes:
        character: the campaign's sheet.
        vigor, vigor_full: the Vigueur the fight starts with, and the sheet's.
        energy, energy_full: the Énergie the fight starts with, and the sheet's.
        stress: the boxes already checked (the fight may check the others).
        may_fight: False for a brisé character.
    """

    character: Character
    vigor: int
    vigor_full: int
    energy: int
    energy_full: int
    stress: int
    may_fight: bool

    def explain(self) -> list[Message]:
        """What comes from the campaign, one line each (« blessé : Vigueur 5 / 10 »)."""
        states = self.character.states
        lines: list[Message] = []
        if not self.may_fight:
            lines.append(
                Message(
                    DOMAIN,
                    N_("{state}: out of play, cannot fight until the team brings them back."),
                    {"state": state_name(State.BROKEN)},
                )
            )
        hurt = [s for s in (State.INCAPACITATED, State.WOUNDED) if s in states]
        if hurt:
            lines.append(
                Message(
                    DOMAIN,
                    N_("{state}: Vigor {now} / {full}"),
                    {"state": state_name(hurt[0]), "now": self.vigor, "full": self.vigor_full},
                )
            )
        tired = [s for s in ENERGY_STATES if s in states]
        if tired and self.energy < self.energy_full:
            lines.append(self._energy(tired))
        malus = aptitude_malus(self.character)
        if malus and self.may_fight:
            mental = State.DEMORALIZED if State.DEMORALIZED in states else State.TROUBLED
            lines.append(
                Message(
                    DOMAIN,
                    N_("{state}: {malus} to every aptitude, which a fight does not use."),
                    {"state": state_name(mental), "malus": malus},
                )
            )
        if self.stress:
            lines.append(
                Message(DOMAIN, N_("stress {stress}/10"), {"stress": self.stress}),
            )
        return lines

    def _energy(self, tired: list[State]) -> Message:
        values = {"now": self.energy, "full": self.energy_full}
        if len(tired) == 1:
            return Message(
                DOMAIN, N_("{state}: Energy {now} / {full}"), {"state": state_name(tired[0]), **values}
            )
        first, second = (state_name(s) for s in tired[:2])
        return Message(
            DOMAIN,
            N_("{first} and {second}: Energy {now} / {full}"),
            {"first": first, "second": second, **values},
        )


def fight_start(character: Character, half_when_wounded: bool = True) -> FightStart:
    """How a fight started from the campaign starts with ``character``'s current sheet.

    Args:
        character: the campaign's sheet of the character.
        half_when_wounded: the table option ``wounded_start_half_vigor`` (the fight's too).
    """
    states = frozenset(str(s) for s in character.states)
    full = character.attributes.vigor
    vigor = vigor_after_states(full, states) if half_when_wounded else full
    return FightStart(
        character=character,
        vigor=vigor,
        vigor_full=full,
        energy=energy_after_states(character.attributes.energy, states),
        energy_full=character.attributes.energy,
        stress=min(character.stress, BOXES),
        may_fight=is_playable(character),
    )


__all__ = ["FightStart", "fight_start"]
