"""GM tools: quick creation and encounter balance (002_58e889a1abff3456.txt, "outils du MJ")."""

from __future__ import annotations

import pytest

from meneur.errors import BadInputError
from meneur.systems.energy import costs
from meneur.systems.energy.encounter import Verdict, balance
from meneur.systems.energy.model import PowerCategory
from meneur.systems.energy.quick import quick_npc
from meneur.systems.energy.validation import validate


@pytest.mark.parametrize("rank", range(1, 13))
def test_quick_npc(rank: int) -> None:
    """002_58e889a1abff3456.txt: "Les attributs du personnage sont égaux à son rang de puissance", "autant
    de pouvoirs que la moitié de son rang de puissance (arrondi au supérieur)", "Si le rang de puissance
    est pair, attribuer un renforcement +1 à un pouvoir"; the result spends exactly the rank's budget."""
    npc = quick_npc(rank)
    a = npc.attributes
    assert a.energy == a.recovery == a.vigor == rank
    assert len(npc.powers) == -(-rank // 2)
    assert sorted(p.modifier for p in npc.powers)[-1] == (1 if rank % 2 == 0 else 0)
    assert sum(p.modifier for p in npc.powers) == (1 if rank % 2 == 0 else 0)
    assert not npc.pc
    check = validate(npc)
    assert check.is_valid
    assert check.hero_points.spent == check.hero_points.budget == costs.hero_point_budget(rank)


def test_quick_npc_names() -> None:
    """The NPC's default name is in the reader's language; a given name is kept."""
    assert quick_npc(3).name == "PNJ de rang 3"
    assert quick_npc(3, "Sbire").name == "Sbire"


@pytest.mark.parametrize("rank", [0, -2])
def test_quick_npc_refuses_a_rank_below_one(rank: int) -> None:
    """002_58e889a1abff3456.txt: ranks start at "1 | 9 | Civils"."""
    with pytest.raises(BadInputError):
        quick_npc(rank)


def test_quick_npc_refuses_the_wrong_number_of_powers() -> None:
    """002_58e889a1abff3456.txt: BRANDON at rank 6 "posséderait trois pouvoirs", not two."""
    with pytest.raises(BadInputError):
        quick_npc(6, "BRANDON", [("Projectiles de feu", PowerCategory.OFF_D)])


def test_balance_four_rank_5_heroes() -> None:
    """002_58e889a1abff3456.txt: "Si votre groupe compte 4 héros de rang 5, alors vous avez jusqu'à 20 rangs
    à répartir pour les adversaires. Vous pouvez donner un léger avantage aux joueurs de l'ordre de 20%"."""
    result = balance([5, 5, 5, 5], [4, 4, 2, 2, 2, 2])
    assert (result.heroes_total, result.foes_total, result.advised_foes) == (20, 16, 16)
    assert result.verdict is Verdict.ADVISED


@pytest.mark.parametrize(
    ("foes", "total", "verdict"),
    [
        ([8, 6, 6], 20, Verdict.NO_MARGIN),
        ([8, 6, 6, 1], 21, Verdict.ABOVE),
        ([6, 4, 2, 2, 2], 16, Verdict.ADVISED),
        ([4, 4, 4, 4, 1], 17, Verdict.NO_MARGIN),
    ],
)
def test_balance_verdicts(foes: list[int], total: int, verdict: Verdict) -> None:
    """002_58e889a1abff3456.txt: "jusqu'à 20 rangs" is the ceiling; "de l'ordre de 20%" the margin."""
    result = balance([5, 5, 5, 5], foes)
    assert result.foes_total == total
    assert result.verdict is verdict
    assert result.to_json()["verdict"] == verdict.value


def test_balance_advises_against_too_few_foes() -> None:
    """002_58e889a1abff3456.txt: "Evitez les combats contre un nombre trop restreint d'adversaires ...
    entourez le par exemple de quelques gros bras de rang 4 et sbires de rang 2"."""
    lone = balance([5, 5, 5, 5], [16])
    assert lone.few_foes
    assert "gros bras de rang 4" in lone.explain()[1].render("fr")
    assert not balance([5, 5], [4, 2, 2]).few_foes


def test_balance_margin_is_adjustable() -> None:
    """002_58e889a1abff3456.txt: "adapter suivant la capacité des joueurs" (the margin is an option)."""
    assert balance([5, 5, 5, 5], [8, 6, 6], player_margin=0).verdict is Verdict.ADVISED


@pytest.mark.parametrize(("heroes", "foes", "margin"), [([], [5], 0.2), ([5], [0], 0.2), ([5], [5], 1.5)])
def test_balance_bad_input(heroes: list[int], foes: list[int], margin: float) -> None:
    """Empty sides, ranks below 1 and margins outside 0..1 are bad input."""
    with pytest.raises(BadInputError):
        balance(heroes, foes, margin)
