"""What an attack of the chronicle is made of now, before the dice: « L'attaque se résout en jet
opposé : 2D6 + Physique + bonus d'arme contre la Défense de la cible » (``003_87a535c5e428c5d3.txt``,
« Combat : attaque, défense, dégâts »).

The chronicle rolls the attack from these terms and the pages show its odds before rolling from the
same ones (:func:`meneur.systems.carpathes.odds.wound_odds`): one home for the attacker's Physique,
the target's Défense, the weapon's damage steps and the roll's mode.
"""

from __future__ import annotations

from dataclasses import dataclass

from meneur.i18n import N_, Message
from meneur.systems.carpathes.catalogue import WEAPONS, Weapon
from meneur.systems.carpathes.combat import damage_steps, wounds_per_hit
from meneur.systems.carpathes.commands import MakeAttack
from meneur.systems.carpathes.model import CreatureKind, RollMode, is_supernatural
from meneur.systems.carpathes.resolution import mode_from
from meneur.systems.carpathes.state import ChronicleState

D = "carpathes"


@dataclass(frozen=True)
class AttackTerms:
    """The terms of an attack now: ``physical`` (the attacker's Physique), ``weapon_bonus``,
    ``defense`` (the target's Défense), ``mode`` (2D6, or 3D6 keep 2), ``steps`` (the weapon's
    « +1 dégât ») read by ``step_rule``, ``wounds`` (how many wounds of its tier a hit counts:
    silver against a creature); and why the mode is what it is (``shaken``: shaken faith
    against a supernatural target, ``wounded``: a wound awaiting care, ``cancelled``: advantage and
    disadvantage cancelled out)."""

    physical: int
    weapon_bonus: int
    defense: int
    target: CreatureKind
    mode: RollMode
    steps: int
    step_rule: str
    wounds: int
    shaken: bool
    wounded: bool
    cancelled: bool

    def explain(self, weapon: Weapon) -> list[Message]:
        """What the terms say before the dice, beyond the odds: the steps of ``weapon`` (the
        attack's), the wounds a silver hit counts (« Une lame d'argent vaut deux lames d'acier face
        aux créatures »), a disadvantage imposed or cancelled out."""
        lines = []
        if self.steps:
            steps = (
                N_("+1 damage step from the {weapon}.")
                if self.steps == 1
                else N_("+{steps} damage steps from the {weapon}.")
            )
            lines.append(Message(D, steps, {"steps": self.steps, "weapon": Message(D, weapon.label)}))
        if self.wounds > 1:
            lines.append(
                Message(
                    D,
                    N_("Silver against a creature: a hit counts as {wounds} wounds."),
                    {"wounds": self.wounds},
                )
            )
        if self.shaken:
            lines.append(Message(D, N_("Shaken faith: disadvantage against the creature.")))
        if self.wounded:
            lines.append(Message(D, N_("Wounded: disadvantage until medical care.")))
        if self.cancelled:
            lines.append(Message(D, N_("Advantage and disadvantage cancel out: plain 2D6.")))
        return lines


def attack_terms(state: ChronicleState, command: MakeAttack) -> AttackTerms:
    """The terms of ``command`` in ``state`` (its names as the chronicle knows them; not checked:
    :func:`meneur.systems.carpathes.limits.check` says whether the attack may be made).

    Shaken faith counts « sur tout jet ... d'attaque contre la créature »: a PC attacking a
    supernatural NPC during the confrontation where the disadvantage is active; « Marge 5 à 9 :
    blessure sérieuse, désavantage à la cible jusqu'à soin médical » for a wounded attacker.
    """
    target = state.kind_of(command.target)
    shaken = (
        command.attacker in state.status
        and state.has_shaken_faith_disadvantage(command.attacker)
        and is_supernatural(target)
    )
    wounded = state.wounded(command.attacker)
    disadvantage = command.disadvantage or shaken or wounded
    mode = mode_from(command.advantage, disadvantage, state.options)
    return AttackTerms(
        physical=state.being(command.attacker).physical,
        weapon_bonus=command.weapon_bonus,
        defense=state.being(command.target).defense,
        target=target,
        mode=mode,
        steps=damage_steps(WEAPONS[command.weapon], target, command.identified),
        step_rule=state.options.damage_step,
        wounds=wounds_per_hit(WEAPONS[command.weapon], target, state.options),
        shaken=shaken,
        wounded=wounded,
        cancelled=command.advantage and disadvantage and mode is RollMode.NORMAL,
    )
