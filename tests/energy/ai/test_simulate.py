"""The simulator: seeded per fight, the same on any executor, and in line with the book's guideline."""

from __future__ import annotations

import json

import pytest

from meneur.systems.energy import balance, library_hero, quick_npc
from meneur.systems.energy.ai.executor import run
from meneur.systems.energy.ai.simulate import Encounter, initial, summarize, wilson
from tests.cli_helpers import run_cli

HEROES = tuple(library_hero(n) for n in ("KITSUNE", "WINK", "ALTAIR", "LEGION"))


def encounter(*ranks: int, policy: str = "heuristic", max_turns: int = 30) -> Encounter:
    return Encounter(
        HEROES, tuple(quick_npc(r, f"Agent {i + 1}") for i, r in enumerate(ranks)), policy, max_turns
    )


def test_wilson_interval() -> None:
    """The Wilson score interval: known values, and never outside 0..1."""
    low, high = wilson(7, 10)
    assert round(low, 3) == 0.397 and round(high, 3) == 0.892
    assert wilson(0, 20)[0] == 0.0 and wilson(20, 20)[1] == 1.0


def test_initiative_ties_alternate_with_the_listing_order() -> None:
    """Ties of initiative go by file order ("PCs before NPCs, file order"): fights alternate which side
    is listed first."""
    sim = encounter(5, 5)
    assert initial(sim, 0, seed=1).combatants[0].side == "heroes"
    assert initial(sim, 1, seed=1).combatants[0].side == "foes"


@pytest.mark.parametrize(("ranks", "heroes_win"), [((5,), True), ((8, 8, 8, 8, 8), False)])
def test_guideline_and_simulation_agree_on_clear_cases(ranks: tuple[int, ...], heroes_win: bool) -> None:
    """ "Si votre groupe compte 4 héros de rang 5, alors vous avez jusqu'à 20 rangs à répartir pour les
    adversaires" (002_58e889a1abff3456.txt): one rank-5 foe is well within, 40 ranks far beyond; the
    simulated heroes win the first and lose the second."""
    verdict = balance([5, 5, 5, 5], list(ranks)).verdict
    summary = summarize(encounter(*ranks), run(encounter(*ranks), 16, seed=3))
    low, high = summary.ci95
    if heroes_win:
        assert verdict == "advised" and low > 0.5
    else:
        assert verdict == "above" and high < 0.5


def test_mirror_match_interval_contains_one_half() -> None:
    """Identical teams on both sides, ties alternated: neither side is favoured among the fights that
    have a winner (the listed-first side wins ties of initiative, "file order")."""
    team = tuple(quick_npc(r, f"Fighter {i + 1}") for i, r in enumerate((5, 4, 3)))
    mirror = Encounter(team, team, "heuristic", max_turns=12)
    summary = summarize(mirror, run(mirror, 48, seed=11))
    low, high = wilson(summary.hero_wins, summary.fights - summary.draws)
    assert low <= 0.5 <= high


def test_same_seed_same_result_on_any_number_of_workers() -> None:
    """Fights are seeded one by one: in-process and on two worker processes give the same outcomes."""
    sim = encounter(5, 5, 5, policy="random", max_turns=3)
    assert run(sim, 12, seed=5) == run(sim, 12, seed=5, workers=2)
    assert run(sim, 12, seed=5) != run(sim, 12, seed=6)


def test_same_seed_same_result_on_dask() -> None:
    """A Dask cluster plays the same fights as worker processes."""
    distributed = pytest.importorskip("distributed")
    sim = encounter(5, 5, 5, policy="random", max_turns=3)
    # ":0": any free port (with None the dashboard still takes 8787, and warns when it is busy)
    with distributed.LocalCluster(n_workers=1, processes=False, dashboard_address=":0") as cluster:
        on_dask = run(sim, 12, seed=5, scheduler=cluster.scheduler_address)
    assert on_dask == run(sim, 12, seed=5, workers=2)


def test_balance_simulate_json() -> None:
    """``energy balance --simulate N --json``: the book's verdict beside the simulation."""
    result = run_cli(
        [
            "energy",
            "balance",
            "--heroes",
            "KITSUNE,WINK,ALTAIR,LEGION",
            "--foes",
            "5",
            "--simulate",
            "8",
            "--json",
        ],
        "fr",
    )
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["verdict"] == "advised"
    simulation = data["simulation"]
    assert simulation["fights"] == 8 and 0 <= simulation["hero_win_rate"] <= 1
    assert simulation["ci95"][0] <= simulation["hero_win_rate"] <= simulation["ci95"][1]
    assert set(simulation["knockout_rate"]) == {"h1", "h2", "h3", "h4"}
    assert simulation["mean_turns"] > 0


def test_balance_target_search() -> None:
    """``--target 0.7 --foes-count 2`` lists the closest encounters with their intervals."""
    result = run_cli(
        [
            "energy",
            "balance",
            "--heroes",
            "5,5",
            "--target",
            "0.7",
            "--foes-count",
            "2",
            "--simulate",
            "3",
            "--json",
        ],
        "en",
    )
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert 1 <= len(data["candidates"]) <= 3
    assert all(len(c["foes"]) == 2 for c in data["candidates"])
    text = run_cli(  # the words of the same search's answer (a smaller one: one foe, two fights each)
        ["energy", "balance", "--heroes", "5,5", "--target", "0.7", "--foes-count", "1", "--simulate", "2"],
        "en",
    )
    assert "Foes " in text.stdout
