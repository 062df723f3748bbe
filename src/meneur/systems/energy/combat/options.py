"""Table options of the tactical combat: where game masters could reasonably differ.

The defaults follow ``docs/rulings/energy-combat.md``; a fight file may override them. Each field
carries its words for the table's options page (:class:`meneur.engine.options.OptionText`).
"""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from meneur.engine.options import OptionText
from meneur.i18n import N_, Message

DOMAIN = "energy_combat"


def _msg(text: str) -> Message:
    return Message(DOMAIN, text)


class TableOptions(BaseModel):
    """Choices a table may make differently from the defaults."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    contact_reach: Annotated[
        float,
        OptionText(
            label=_msg(N_("Reach of a contact attack (metres)")),
            decision=_msg(
                N_("An Off-C attack, and the end of a charge, needs its target within this distance.")
            ),
            quote="« il est considéré comme engagé et ne peut agir que sur les personnages se trouvant dans"
            " ses 5 mètres »",
        ),
    ] = Field(
        5.0, gt=0, le=1000, description="Metres within which a contact (Off-C) attack reaches its target."
    )
    area_needs_area_power: Annotated[
        bool,
        OptionText(
            label=_msg(N_("Only powers made with the area flag attack an area")),
            decision=_msg(N_("Otherwise any offensive use may target an area.")),
            quote="« le personnage doit spécifier le diamètre de la zone (maximum 20 mètres de diamètre) et"
            " son attaque est effectuée en demi-succès contre tous les personnages situés dans la zone"
            " d'effet »",
        ),
    ] = Field(False, description="Only powers made with the area flag may attack an area.")
    hold_skips_own_slot: Annotated[
        bool,
        OptionText(
            label=_msg(N_("A character on hold keeps waiting when its slot comes")),
            decision=_msg(N_("Its action phase in the order is skipped; it acts by interrupting.")),
            quote="« Un personnage qui termine le tour de jeu en attente peut, lors de la phase d'entretien"
            " suivante, conserver sa mise en attente »",
        ),
    ] = Field(True, description="A character still on hold when its slot comes keeps waiting.")
    wounded_start_half_vigor: Annotated[
        bool,
        OptionText(
            label=_msg(N_("A wounded character starts a fight with half its Vigueur")),
            decision=_msg(N_("Half its Vigueur, rounded up, until it is healed.")),
            quote="« Un personnage blessé ne peut récupérer que la moitié de sa vigueur (arrondie au"
            " supérieur) jusqu'à ce qu'il soit guéri »",
        ),
    ] = Field(
        True, description="A wounded (blessé) character starts a fight with half its Vigueur, rounded up."
    )
    stunned_may_small_move: Annotated[
        bool,
        OptionText(
            label=_msg(N_("A stunned character may still take the free small move")),
            decision=_msg(
                N_(
                    "By default stunned includes immobilised (the conditions read as a scale); the"
                    " literal reading lets the free 5 m move, which spends no token."
                )
            ),
            quote="« Sonné: ne peut plus dépenser ses points d'énergie autrement qu'en défense » ;"
            " « Immobilisé: ne peut plus se déplacer »",
        ),
    ] = Field(
        False, description="A sonné character may still take the free 5 m small move (it spends no token)."
    )
    regeneration_in_maintenance: Annotated[
        bool,
        OptionText(
            label=_msg(N_("Regeneration in the maintenance phase")),
            decision=_msg(
                N_("A character may heal itself with its healing power in that phase, in half success.")
            ),
            quote="« La régénération peut aussi s'appliquer lors de la phase d'entretien si le MJ l'autorise. »",
        ),
    ] = Field(
        False,
        description="A character may heal itself with its healing power in the maintenance phase "
        '("si le MJ l\'autorise").',
    )
