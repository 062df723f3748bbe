"""The log reads like a game master explaining the resolution in the book's words.

Source: 002_58e889a1abff3456.txt (tactical combat chapter); each case names the rule it tells.
"""

from __future__ import annotations

import pytest

from meneur.systems.energy.combat.commands import (
    Attack,
    Command,
    Counter,
    Defend,
    EndFight,
    EndPhase,
    ExtendedDefense,
    Hold,
    Maintain,
    Move,
    SpendStress,
)
from meneur.systems.energy.combat.fight import Fight
from meneur.systems.energy.combat.profile import PowerProfile
from meneur.systems.energy.combat.render import explain_all
from meneur.systems.energy.combat.render_words import half, point, tokens

from .builders import DEF, MOV, OFF_C, OFF_D, SUP, foe, hero, started

STRONG = PowerProfile("Frappe", "off_c", modifier=1)


def said(fight: Fight, command: Command, lang: str = "fr") -> list[str]:
    """The lines the log prints for ``command``."""
    before = fight.state
    return [m.render(lang) for m in explain_all(before, list(fight.do(command)))]


@pytest.mark.parametrize(
    ("times", "fr", "en"),
    [
        (1, "en demi-succès", "in half success"),
        (2, "en quart de succès", "in quarter success"),
        (3, "divisé par 8", "divided by 8"),
    ],
)
def test_halvings_are_said_in_the_book_s_words(times: int, fr: str, en: str) -> None:
    """ "en demi-succès" (002_58e889a1abff3456.txt), twice: a quarter."""
    assert (half(times).render("fr"), half(times).render("en")) == (fr, en)


@pytest.mark.parametrize(
    ("n", "fr", "en"),
    [(0, "aucun jeton", "no token"), (1, "1 jeton", "1 token"), (3, "3 jetons", "3 tokens")],
)
def test_tokens_take_proper_plurals(n: int, fr: str, en: str) -> None:
    """No "jeton(s)": "1 point d'énergie", "2 points" as the book writes them."""
    assert (tokens(n).render("fr"), tokens(n).render("en")) == (fr, en)


@pytest.mark.parametrize(("at", "text"), [((19.0, 0.0), "(19, 0)"), ((2.5, -1.0), "(2.5, -1)")])
def test_positions_read_as_metres(at: tuple[float, float], text: str) -> None:
    """Positions in metres ("déplacer de 20 mètres"), without a trailing ".0"."""
    assert point(at) == text


def test_the_kitsune_example_reads_like_the_book() -> None:
    """ "elle en engage 2 pour attaquer le premier (qui reçoit son bonus de renforcement de +1) et 2 pour
    attaquer le second (pas de renforcement ...) ... une attaque à 3 d'énergie (2+1), l'autre contre une
    attaque à 2" (002_58e889a1abff3456.txt)."""
    fight = started(
        hero("k", energy=6, powers=(STRONG, DEF)), foe("a", at=(1.0, 0.0)), foe("b", at=(2.0, 0.0))
    )
    first = said(fight, Attack("k", "a", 2, 0))
    assert first[:2] == [
        "K : premier usage du pouvoir Frappe ce tour, renforcement +1.",
        "K attaque A avec Frappe : 2 jetons + 1 de renforcement = attaque à 3.",
    ]
    said(fight, Defend("a"))
    assert said(fight, Attack("k", "b", 2, 0))[0] == "K attaque B avec Frappe : 2 jetons = attaque à 2."


@pytest.mark.parametrize(
    ("command", "line"),
    [
        (
            Attack("h", "f", 4, None),
            "H attaque F sans pouvoir : 4 jetons, en demi-succès (sans pouvoir) = attaque à 2.",
        ),
        (
            Attack("h", "f", 4, 3),
            "H attaque F avec Bricolage : 4 jetons, en demi-succès (pouvoir non offensif) = attaque à 2.",
        ),
        (Attack("h", "f", 4, 0, gm_modifier=1), "H attaque F avec Coup : 4 jetons + 1 du MJ = attaque à 5."),
    ],
)
def test_an_attack_line_shows_only_the_terms_that_apply(command: Attack, line: str) -> None:
    """ "sans avoir de pouvoir correspondant ... en demi-succès"; "tout pouvoir de support utilisé en
    offensif ... en demi-succès"; the GM's bonus "ne peut jamais excéder 2" (002_58e889a1abff3456.txt)."""
    fight = started(hero(), foe(at=(1.0, 0.0)))
    assert said(fight, command)[0] == line


def test_the_off_d_malus_against_the_engager_is_named() -> None:
    """ "il subira un malus de 1 point d'énergie s'il veut se servir de son pouvoir pour attaquer le
    personnage qui l'a engagé" (002_58e889a1abff3456.txt)."""
    fight = started(hero("a", energy=6), foe("b", energy=4, at=(2.0, 0.0)))
    said(fight, Attack("a", "b", 1, 0))
    said(fight, Defend("b"))
    said(fight, EndPhase())
    assert said(fight, Attack("b", "a", 3, 0))[0] == (
        "B attaque A avec Tir : 3 jetons − 1 (Off-D contre qui l'engage) = attaque à 2."
    )


def test_a_defence_without_a_defensive_power_says_half_success_and_the_token_lost() -> None:
    """ "comptent en demi-succès"; "après chaque attaque subie, un des points d'énergie engagés en défense
    est supprimé" (002_58e889a1abff3456.txt)."""
    fight = started(hero(), foe(at=(1.0, 0.0)))
    said(fight, Attack("h", "f", 3, 0))
    assert said(fight, Defend("f", 4)) == [
        "F place 4 jetons en défense sans pouvoir ; la défense compte en demi-succès.",
        "F : attaque à 3 contre défense 2 ; l'attaque réussit de 1, un jeton de défense en moins pour F.",
        "F perd 1 point de vigueur (vigueur 3/4).",
    ]


def test_no_token_lost_is_said_when_there_was_no_defence() -> None:
    """The token removed after an attack exists only if a defence was placed (002_58e889a1abff3456.txt)."""
    fight = started(hero(), foe(at=(1.0, 0.0)))
    said(fight, Attack("h", "f", 2, 0))
    assert said(fight, Defend("f"))[:2] == [
        "F ne place aucun jeton en défense.",
        "F : attaque à 2 contre défense 0 ; l'attaque réussit de 2.",
    ]


def test_determination_is_said_instead_of_a_halving() -> None:
    """ "Détermination : ... ne subit pas le demi-succès" for its defence (002_58e889a1abff3456.txt)."""
    fight = started(hero(), foe(at=(1.0, 0.0)))
    said(fight, EndPhase())
    assert said(fight, SpendStress("h", "determination")) == [
        "H coche une case de stress : détermination, pas de défense en demi-succès ce tour."
    ]
    said(fight, Attack("f", "h", 3, 0))
    assert said(fight, Defend("h", 4, 0))[0] == (
        "H place 4 jetons en défense avec Coup ; détermination : pas de demi-succès."
    )


def test_an_action_d_eclat_names_the_power_and_the_category() -> None:
    """ "cocher une case de stress pour utiliser un de ses pouvoirs comme s'il faisait partie d'une
    catégorie supplémentaire durant un tour" (002_58e889a1abff3456.txt)."""
    fight = started(hero(), foe(at=(1.0, 0.0)))
    assert said(fight, SpendStress("h", "feat", 0, "mov")) == [
        "H coche une case de stress : action d'éclat, Coup compte aussi comme Mov ce tour."
    ]
    assert said(fight, SpendStress("h", "feat", 0, "def"), "en") == [
        "H checks a stress box: action d'éclat, Coup also counts as Def this turn."
    ]


def test_a_counter_power_says_what_it_takes() -> None:
    """ "les points d'énergie investis ... seraient directement retranchés des points investis par
    l'attaquant" (002_58e889a1abff3456.txt)."""
    fight = started(
        hero("w", energy=6), hero("c", energy=5, at=(1.0, 0.0)), foe("f", energy=4, at=(3.0, 0.0))
    )
    said(fight, Hold("w"))
    said(fight, EndPhase())
    said(fight, Attack("f", "c", 4, 0))
    assert said(fight, Counter("w", 2, 3)) == [
        "W sort de l'attente et oppose Bricolage (contre-pouvoir, 2 jetons) : l'attaque perd 2."
    ]
    assert said(fight, Defend("c"))[1] == (
        "C : attaque à 4 − 2 (contre-pouvoir) = 2 contre défense 0 ; l'attaque réussit de 2."
    )


def test_an_extended_defence_says_what_it_covers_and_costs() -> None:
    """ "doit dépenser 1 point d'énergie par allié supplémentaire ... ne compte pas dans les points
    d'énergie engagés pour la défense" (002_58e889a1abff3456.txt)."""
    fight = started(hero("p", energy=6), hero("t", energy=5, at=(2.0, 0.0)), foe("f", at=(4.0, 0.0)))
    assert said(fight, ExtendedDefense("p", 2, ("t",), 1)) == [
        "P place 2 jetons en défense étendue couvrant T (paie 3, dont 1 jeton par allié couvert)."
    ]


@pytest.mark.parametrize(
    ("command", "line"),
    [
        (
            Move("h", (0.0, 4.0), small=True),
            "H fait un petit déplacement (gratuit, 5\u00a0m au plus) jusqu'au point (0, 4).",
        ),
        (Move("h", (0.0, 20.0), 2), "H se déplace jusqu'au point (0, 20) pour 1 jeton."),
    ],
)
def test_moves_are_named(command: Move, line: str) -> None:
    """ "un petit déplacement de 5 mètres maximum. Cela ne lui coûte pas de point d'énergie"; "un coût de 1
    point d'énergie par mouvement" (002_58e889a1abff3456.txt)."""
    fight = started(hero(powers=(OFF_C, DEF, MOV, SUP)), foe(at=(30.0, 0.0)))
    assert said(fight, command) == [line]


def test_the_end_of_the_fight_says_who_got_back_what_and_who_is_hurt() -> None:
    """ "récupérer tous ses points de vigueur (sauf s'il a été blessé)"; "ne peut récupérer que la moitié
    de sa vigueur (arrondie au supérieur)" (002_58e889a1abff3456.txt): Vigueur 5 gives 3."""
    fight = started(hero(energy=6, vigor=5), foe(energy=9, vigor=9, powers=(OFF_D, DEF)))
    said(fight, Attack("f", "h", 9, 0))
    said(fight, Defend("h"))
    assert said(fight, EndFight(wounded=("h",))) == [
        "Le combat est terminé ; vigueur récupérée : H +3 (3/5). "
        "Blessé (moitié de la vigueur jusqu'à guérison) : H."
    ]
    assert not fight.state.get("h").out


def test_the_knocked_out_line_uses_the_book_s_words() -> None:
    """ "Un personnage se retrouvant à zéro point de vigueur ... est mis hors combat"
    (002_58e889a1abff3456.txt)."""
    fight = started(hero(), foe(at=(1.0, 0.0), vigor=2))
    said(fight, Attack("h", "f", 4, 0))
    assert said(fight, Defend("f"))[-1] == "F perd 2 points de vigueur (vigueur 0/2) : hors combat."


def test_maintaining_a_condition_is_told_as_a_new_attack() -> None:
    """ "La condition peut être maintenue via une dépense suffisante de points d'énergie durant la phase
    d'entretien, et le défenseur peut de nouveau investir ses points en défense"
    (002_58e889a1abff3456.txt)."""
    grip = PowerProfile("Prise", "off_d", effect="condition", condition="immobilized")
    fight = started(hero(powers=(grip, DEF)), foe(energy=4))
    said(fight, Attack("h", "f", 3, 0))
    said(fight, Defend("f"))
    said(fight, EndPhase())
    said(fight, EndPhase())
    assert said(fight, Maintain("h", 0, 2)) == [
        "H entretient Prise sur F par une nouvelle attaque.",
        "H attaque F avec Prise : 2 jetons = attaque à 2.",
    ]
