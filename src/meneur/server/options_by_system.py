"""Every option a table of each system has: its key, the form of its value, its default, its name, the
ruling's decision and the words it reads (``docs/rulings/``). What they mean for a table, and how they
are checked and handed to the engines: :mod:`meneur.server.table_options`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from meneur.i18n import N_, Message

DOMAIN = "server"


@dataclass(frozen=True)
class TableOption:
    """One option: its key, the form of its value, its default, its name and the ruling's words."""

    key: str
    form: Literal["choice", "bool", "number", "integer"]
    default: Any
    label: Message
    decision: Message
    """The ruling's decision, in the user's language."""
    quote: str
    """The book's (or the table server issue's) words the ruling reads, as written."""
    choices: tuple[tuple[str, Message], ...] = ()
    session_kind: str | None = None
    """The kind of session whose engine reads the option from its setup (``None``: the server)."""
    maximum: float = 1000.0
    minimum: float = 0.0
    """An ``integer`` is at least this; a ``number`` is greater than it."""
    unlimited: bool = False
    """An ``integer`` that may also be ``"none"``: no limit (the engine reads ``null``)."""
    quote_lang: str = "fr"
    """The language the quoted words are written in."""


def _msg(text: str) -> Message:
    return Message(DOMAIN, text)


OPTIONS: dict[str, tuple[TableOption, ...]] = {
    "energy": (
        TableOption(
            "npc_vigueur",
            "choice",
            "hidden",
            _msg(N_("An NPC's Vigueur, as players see it")),
            _msg(
                N_(
                    "Hidden: players do not see an NPC's Vigueur, only whether it falls. Bar: a gauge in"
                    " tenths, never empty while the NPC stands. Shown: the numbers."
                )
            ),
            "« hidden NPC stats (per table option: an Energy NPC's Vigueur hidden, shown as a bar, or shown) »",
            quote_lang="en",
            choices=(
                ("hidden", _msg(N_("hidden"))),
                ("bar", _msg(N_("a bar"))),
                ("shown", _msg(N_("shown"))),
            ),
        ),
        TableOption(
            "contact_reach",
            "number",
            5.0,
            _msg(N_("Reach of a contact attack (metres)")),
            _msg(N_("An Off-C attack, and the end of a charge, needs its target within this distance.")),
            "« il est considéré comme engagé et ne peut agir que sur les personnages se trouvant dans"
            " ses 5 mètres »",
            session_kind="energy-fight",
        ),
        TableOption(
            "hold_skips_own_slot",
            "bool",
            True,
            _msg(N_("A character on hold keeps waiting when its slot comes")),
            _msg(N_("Its action phase in the order is skipped; it acts by interrupting.")),
            "« Un personnage qui termine le tour de jeu en attente peut, lors de la phase d'entretien"
            " suivante, conserver sa mise en attente »",
            session_kind="energy-fight",
        ),
        TableOption(
            "area_needs_area_power",
            "bool",
            False,
            _msg(N_("Only powers made with the area flag attack an area")),
            _msg(N_("Otherwise any offensive use may target an area.")),
            "« le personnage doit spécifier le diamètre de la zone (maximum 20 mètres de diamètre) et"
            " son attaque est effectuée en demi-succès contre tous les personnages situés dans la zone"
            " d'effet »",
            session_kind="energy-fight",
        ),
        TableOption(
            "wounded_start_half_vigor",
            "bool",
            True,
            _msg(N_("A wounded character starts a fight with half its Vigueur")),
            _msg(N_("Half its Vigueur, rounded up, until it is healed.")),
            "« Un personnage blessé ne peut récupérer que la moitié de sa vigueur (arrondie au"
            " supérieur) jusqu'à ce qu'il soit guéri »",
            session_kind="energy-fight",
        ),
        TableOption(
            "stunned_may_small_move",
            "bool",
            False,
            _msg(N_("A stunned character may still take the free small move")),
            _msg(
                N_(
                    "By default stunned includes immobilised (the conditions read as a scale); the"
                    " literal reading lets the free 5 m move, which spends no token."
                )
            ),
            "« Sonné: ne peut plus dépenser ses points d'énergie autrement qu'en défense » ;"
            " « Immobilisé: ne peut plus se déplacer »",
            session_kind="energy-fight",
        ),
        TableOption(
            "regeneration_in_maintenance",
            "bool",
            False,
            _msg(N_("Regeneration in the maintenance phase")),
            _msg(N_("A character may heal itself with its healing power in that phase, in half success.")),
            "« La régénération peut aussi s'appliquer lors de la phase d'entretien si le MJ l'autorise. »",
            session_kind="energy-fight",
        ),
        TableOption(
            "state_malus_on_powers",
            "bool",
            True,
            _msg(N_("The troublé and démoralisé maluses also lower a power in a challenge")),
            _msg(N_("The power's rank stands as an aptitude rank, so the state's malus applies to it.")),
            "« On considère alors le rang de puissance du personnage en tant que rang d'aptitude […] Il"
            " subit un malus de -1 à toutes ses aptitudes »",
            session_kind="energy-campaign",
        ),
        TableOption(
            "broken_return_stress",
            "integer",
            0,
            _msg(N_("Stress boxes of a character back from brisé")),
            _msg(N_("The gauge's minimum is 0: the character comes back with no stress.")),
            "« Lorsqu'il reviendra, ses cases de stress seront de nouveau à leur minimum. »",
            session_kind="energy-campaign",
            minimum=0,
            maximum=9,
        ),
        TableOption(
            "scenario_relief",
            "integer",
            2,
            _msg(N_("Stress boxes erased at the start of each scenario")),
            _msg(N_("Every scenario start erases them for each character who is not brisé, never below 0.")),
            "« Le stress baisse de deux points au début de chaque nouveau scénario. »",
            session_kind="energy-campaign",
            minimum=0,
            maximum=10,
        ),
        TableOption(
            "max_earned_aptitude_points",
            "integer",
            24,
            _msg(N_("Aptitude points a character may earn by experience over the campaign")),
            _msg(N_("Beyond it, aptitude experience is kept but no longer converts.")),
            "« 10 XP d'aptitude donnent 1 point d'aptitude | 24 points d'aptitudes »",
            session_kind="energy-campaign",
            minimum=0,
            maximum=999,
        ),
        TableOption(
            "max_rank",
            "integer",
            "none",
            _msg(N_("Highest rank heroes may reach with hero points")),
            _msg(N_("A spending of hero points that would pass it is refused; by default there is none.")),
            "« empêchant alors de dépenser des points de héros s'ils permettent d'atteindre le rang 7. »",
            session_kind="energy-campaign",
            minimum=1,
            maximum=100,
            unlimited=True,
        ),
    ),
    "insmv": (
        TableOption(
            "opposed_units_include_voluntary_shift",
            "bool",
            True,
            _msg(N_("An opposed test compares the units with the voluntary shift")),
            _msg(
                N_(
                    "The columns shifted on purpose add to a success's units before the two sides are"
                    " compared; otherwise the units die alone is compared."
                )
            ),
            "« le nombre de colonnes décalées vers la gauche est ajouté au résultat des unités du d666"
            " en cas de jet réussi »",
            session_kind="insmv",
        ),
        TableOption(
            "spend_power_points_on_failure",
            "bool",
            True,
            _msg(N_("A failed power test still spends its power points")),
            _msg(N_("The points are the fuel of the attempt; otherwise a failed test spends nothing.")),
            "« chaque être surnaturel possède un nombre de Points de Pouvoir (PP) qu'il utilise comme"
            " “carburant” pour ses pouvoirs »",
            session_kind="insmv",
        ),
    ),
    "warzone": (
        TableOption(
            "natural_one_always_succeeds",
            "bool",
            True,
            _msg(N_("A natural 1 is always an Absolute Success")),
            _msg(
                N_(
                    "Even when the modified Power is below 1, like the natural 20's failure; otherwise"
                    " a 1 is an Absolute Success only when it would succeed anyway."
                )
            ),
            "Model, który w teście na użycie Mocy uzyskał Absolutny Sukces zużywa jedną akcję mniej",
            session_kind="warzone",
            quote_lang="pl",
        ),
        TableOption(
            "failed_technique_wastes_action",
            "bool",
            False,
            _msg(N_("A failed technique wastes one action")),
            _msg(N_("By default only a failed spell wastes an action: a technique needs none.")),
            "Jeżeli rzut się nie powiedzie zmarnowana zostaje tylko jedna akcja ; Technika « nie wymaga"
            " zużycia akcji »",
            session_kind="warzone",
            quote_lang="pl",
        ),
        TableOption(
            "violence_penalties_stack",
            "bool",
            True,
            _msg(N_("Two 1-10 results of the violence table in one activation add up")),
            _msg(
                N_("Each one gives -3 to Power until the activation ends (-6 for two); otherwise -3 at most.")
            ),
            "przy każdym następnym teście mocy w tej aktywacji należy uwzględnić karny modyfikator -3 do"
            " Mocy",
            session_kind="warzone",
            quote_lang="pl",
        ),
        TableOption(
            "knocked_down_ends_activation",
            "bool",
            True,
            _msg(N_("A model knocked down stops its activation at once")),
            _msg(N_("A model that cannot be activated does not go on acting.")),
            "18-19 Model zostaje Przewrócony. Nie może też być Zaktywowany dopóki ...",
            session_kind="warzone",
            quote_lang="pl",
        ),
        TableOption(
            "wake_up_modifier",
            "integer",
            -4,
            _msg(N_("Modifier of the leadership test to get up")),
            _msg(N_("The text's -4; a table may make waking up easier or harder.")),
            "lub Model obudzi się sam zdając test DW z modyfikatorem -4",
            session_kind="warzone",
            quote_lang="pl",
            minimum=-20,
            maximum=20,
        ),
        TableOption(
            "leadership_uses_test_difficulty",
            "bool",
            False,
            _msg(N_("The « 20 » leadership test uses the difficulty as tested")),
            _msg(
                N_(
                    "With the +2/+4 of the technique's place in the order; by default the power's"
                    " printed difficulty."
                )
            ),
            "20 Model musi wykonać test DW pomniejszonego o Stopień Trudności nieudanej Mocy",
            session_kind="warzone",
            quote_lang="pl",
        ),
        TableOption(
            "friendly_targets_follow_priority",
            "bool",
            False,
            _msg(N_("Target priority also binds powers aimed at friendly models")),
            _msg(N_("By default it binds only powers aimed at the opponent's models.")),
            "W wypadku Mocy rzucanych na Modele przeciwnika należy przestrzegać zasad Priorytetu Celu",
            session_kind="warzone",
            quote_lang="pl",
        ),
    ),
    "carpathes": (
        TableOption(
            "advantage_cancels_disadvantage",
            "bool",
            True,
            _msg(N_("Advantage and disadvantage together cancel out")),
            _msg(N_("The roll is a plain 2D6; otherwise the disadvantage wins.")),
            "« Avantage (3D6 garder les 2 meilleurs) si métier ou hobby est pertinent. Désavantage (3D6"
            " garder les 2 pires) si la situation handicape »",
            session_kind="carpathes",
        ),
        TableOption(
            "cracked_disadvantage_until_penance",
            "bool",
            False,
            _msg(N_("Shaken faith gives disadvantage until the penance")),
            _msg(
                N_(
                    "In every supernatural confrontation until the penance scene; by default in the"
                    " next confrontation only."
                )
            ),
            "« Pour la prochaine confrontation surnaturelle, ce PJ subit un Désavantage (3D6 garder les"
            " 2 pires) sur tout jet de protection ou d'attaque contre la créature. »",
            session_kind="carpathes",
        ),
        TableOption(
            "require_established_object",
            "bool",
            True,
            _msg(N_("The Talisman needs an object established as sacred")),
            _msg(N_("An object never established as sacred in the fiction is refused.")),
            "« Le MJ peut refuser le Talisman si l'objet n'a jamais été établi comme sacré dans la"
            " fiction. »",
            session_kind="carpathes",
        ),
        TableOption(
            "damage_step",
            "choice",
            "margin",
            _msg(N_("A +1 damage weapon")),
            _msg(
                N_(
                    "Adds 1 to the margin before the wound is read (a margin of 0 becomes a light"
                    " wound), or raises a hit's wound one band."
                )
            ),
            "« Une attaque avec +1 dégât … ajoute 1 cran au résultat avant lecture de la marge. »",
            choices=(
                ("margin", _msg(N_("+1 to the margin"))),
                ("band", _msg(N_("one band higher"))),
            ),
            session_kind="carpathes",
        ),
        TableOption(
            "silver_wound_multiplier",
            "integer",
            2,
            _msg(N_("Wounds of a silver blade's hit on a creature")),
            _msg(N_("A hit with silver on a supernatural creature counts as this many wounds of its tier.")),
            "« Une lame d'argent vaut deux lames d'acier face aux créatures. »",
            session_kind="carpathes",
            minimum=1,
            maximum=3,
        ),
        TableOption(
            "critical_wound_disadvantage",
            "bool",
            True,
            _msg(N_("A critical wound gives disadvantage until medical care")),
            _msg(N_("Like a serious wound; otherwise only a serious wound does, as the letter of the text.")),
            "« Marge 5 à 9 : blessure sérieuse, désavantage à la cible jusqu'à soin médical. »",
            session_kind="carpathes",
        ),
        TableOption(
            "supernatural_clues_per_scene",
            "integer",
            3,
            _msg(N_("Supernatural clues in a scene, at most")),
            _msg(N_("A further clue in the scene is refused; without a limit, none is.")),
            "« Trois indices surnaturels par scène, pas plus. Trop de signes saturent la nuit. »",
            session_kind="carpathes",
            minimum=1,
            maximum=99,
            unlimited=True,
        ),
    ),
}
