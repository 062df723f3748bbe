"""Policies play only what the engine accepts, the same way for the same seed, and say why."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from meneur.i18n import Message
from meneur.systems.energy.ai import (
    Choice,
    Heuristic,
    RandomPolicy,
    adapter,
    explain,
    make_policy,
    next_move,
    play,
)
from meneur.systems.energy.ai.adapter import Decision, decisions
from meneur.systems.energy.combat import Fight, LegalAction, legal_actions
from meneur.systems.energy.combat.commands import Attack, Defend, EndPhase, Move
from meneur.systems.energy.combat.engine import load_fight
from meneur.systems.energy.combat.state import FightState

from ..combat.helpers import FIGHTS
from .helpers import fight

HEROES = ("KITSUNE", "WINK", "ALTAIR", "LEGION", "SOLARIS", "NEXUS")


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    heroes=st.lists(st.sampled_from(HEROES), min_size=1, max_size=3, unique=True),
    foes=st.lists(st.integers(1, 7), min_size=1, max_size=3),
    gap=st.floats(2.0, 30.0),
    policy=st.sampled_from(("random", "heuristic")),
    seed=st.integers(0, 10_000),
)
def test_every_command_played_is_accepted_by_the_engine(
    heroes: list[str], foes: list[int], gap: float, policy: str, seed: int
) -> None:
    """Every command of a played fight goes through the engine's ``decide`` (the log replays), and
    the fight ends (002_58e889a1abff3456.txt: "Fin du combat")."""
    start = fight(tuple(heroes), tuple(foes), gap)
    chosen = make_policy(policy)
    result = play(start, {"heroes": chosen, "foes": chosen}, seed, max_turns=4)
    replayed = Fight(start)
    for command in result.commands:
        replayed.do(command)  # raises Refused on an illegal command
    assert replayed.state.phase == "ended"


def test_actions_are_instances_of_legal_templates() -> None:
    """What the heuristic suggests is one of the query's actions with a token count within that action's
    ``cost_min``..``cost_max`` (every other field as in the template, a move's destination aside)."""
    state = fight(("KITSUNE", "WINK"), (4, 3), gap=3.0)
    rng = random.Random(1)
    policies = {"heroes": Heuristic(), "foes": Heuristic()}
    game = Fight(state)
    checked = 0
    for _ in range(80):
        move = next_move(game.state, policies, rng)
        if move is None:
            break
        if move.side is not None:
            matches = [a for a in legal_actions(game.state) if _instance_of(move.command, a)]
            assert matches, move.command
            checked += 1
        game.do(move.command)
    assert checked > 20


def _instance_of(command: object, action: LegalAction) -> bool:
    """Whether ``command`` is the template of ``action`` with a token count in its range (and, for a
    move, any destination)."""
    template = action.command
    if type(command) is not type(template):
        return False
    ignored = {"tokens", "to"} if isinstance(template, Move) else {"tokens"}
    same = all(
        getattr(command, f.name) == getattr(template, f.name)
        for f in dataclasses.fields(template)
        if f.name not in ignored
    )
    tokens = getattr(command, "tokens", None)
    return same and (tokens is None or action.cost_min <= tokens <= action.cost_max)


def test_same_seed_same_fight() -> None:
    """Random choices come only from the seed."""
    start = fight(("KITSUNE", "WINK", "ALTAIR"), (5, 4, 3))
    policies = {"heroes": RandomPolicy(), "foes": Heuristic()}
    one = play(start, policies, 7)
    two = play(start, policies, 7)
    other = play(start, policies, 8)
    assert one.commands == two.commands
    assert one.commands != other.commands


def test_heuristic_defends_with_the_least_tokens_that_stop_the_attack() -> None:
    """Defence tokens stop the attack when the attack is not above the defence ("Si la défense est
    égale ou supérieure à l'énergie de l'attaque, alors l'attaque échoue", 002_58e889a1abff3456.txt):
    the heuristic asks the engine how many are enough and places no more."""
    state = fight(("KITSUNE",), (5,), gap=3.0)
    game = Fight(state)
    game.do(next_move(game.state, {}, random.Random(0)).command)  # start (the fight itself)
    if game.state.acting == "h0":
        game.do(EndPhase("h0"))
    game.do(Attack("f0", "h0", 2, 0))
    (decision,) = decisions(game.state)
    assert decision.kind == "reaction"
    move = next_move(game.state, {"heroes": Heuristic()}, random.Random(0))
    assert move is not None and isinstance(move.command, Defend)
    tokens = move.command.tokens
    after = Fight(game.state)
    after.do(move.command)
    assert after.state.get("h0").vigor == game.state.get("h0").vigor  # stopped
    if tokens:
        fewer = Fight(game.state)
        fewer.do(Defend("h0", tokens - 1, move.command.power))
        assert fewer.state.get("h0").vigor < game.state.get("h0").vigor  # one less is not enough


def test_explanations_in_french_and_english() -> None:
    """The suggestion says who attacks whom, the target's Vigueur and its defence."""
    game = Fight(fight(("KITSUNE",), (4,), gap=3.0))
    game.do(next_move(game.state, {}, random.Random(0)).command)  # start (the fight itself)
    if game.state.acting == "h0":
        game.do(EndPhase("h0"))
    move = next_move(game.state, {"foes": Heuristic()}, random.Random(0))
    assert move is not None and isinstance(move.command, Attack)
    assert move.suggestion is not None
    text = move.suggestion.best.explanation
    fr, en = text.render("fr"), text.render("en")
    assert fr.startswith("Agent 1 attaque KITSUNE : ") and "de vigueur restant" in fr
    assert en.startswith("Agent 1 attacks KITSUNE: ") and "Vigueur point" in en


def test_a_choice_is_worded_when_first_read() -> None:
    """A policy weighs many commands and shows a few: a choice given ``why`` makes its words the
    first time they are read, once, and they are the words an eager choice has."""
    head, reason = explain.m(explain.READY), explain.m(explain.NOTHING_WORTH)
    made: list[int] = []

    def why() -> tuple[Message, tuple[Message, ...]]:
        made.append(1)
        return head, (reason,)

    lazy = Choice(EndPhase("h0"), 0.0, why=why)
    assert made == []
    assert lazy == Choice(EndPhase("h0"), 0.0, head, (reason,))
    assert lazy.explanation.render("en") == explain.sentence(head, (reason,)).render("en")
    assert (lazy.head, lazy.reasons) == (head, (reason,))
    assert made == [1]


def test_heuristic_beats_random_in_mirrored_fights() -> None:
    """Each side played by each policy on the same seeds: the heuristic wins most fights."""
    start = fight(("KITSUNE", "WINK"), (5, 5))
    wins = 0
    for seed in range(4):
        first = play(start, {"heroes": Heuristic(), "foes": RandomPolicy()}, seed)
        second = play(start, {"heroes": RandomPolicy(), "foes": Heuristic()}, seed)
        wins += (first.winner == "heroes") + (second.winner == "foes")
    assert wins >= 7


def test_decisions_offer_exactly_the_legal_actions_of_the_side() -> None:
    """The options a decision checks lazily, kind by kind, are the legality query's own actions for
    that side (the query and the AI never disagree), through a whole played fight."""
    state = fight(("KITSUNE", "LEGION"), (5, 4), gap=3.0)
    policies = {"heroes": Heuristic(), "foes": Heuristic()}
    game = Fight(state)
    rng = random.Random(4)
    seen = set()
    for _ in range(120):
        move = next_move(game.state, policies, rng)
        if move is None:
            break
        found = decisions(game.state)
        legal = legal_actions(game.state)
        for decision in found:
            seen.add(decision.kind)
            assert set(decision.options) <= set(legal)
            kinds = {a.kind for a in decision.options}
            assert decision.of(*kinds) == decision.options
        last = found[-1] if found else None
        if last is not None and last.kind == "action":
            own = {a for a in legal if a.actor == last.actor and a.kind not in ("interrupt", "counter")}
            assert own <= set(last.options)
        if last is not None and last.kind == "reaction":
            assert {a for a in legal if a.kind == "defend"} <= set(last.options)
        game.do(move.command)
    assert {"action", "reaction"} <= seen


ASKED = (
    ("attack", "support", "extended_defense", "pass"),
    ("charge",),
    ("move", "small_move"),
    ("hold",),
    ("defend",),
    ("interpose", "extended_defense", "counter"),
    ("stress",),
    ("keep_hold", "maintain", "regenerate"),
)
"""Sets of kinds asked of a decision in turn, as the heuristic asks them (and a few more)."""


def _of_the_decision(state: FightState, decision: Decision, action: LegalAction) -> bool:
    """Whether the legality query's ``action`` belongs to ``decision`` (the reference, written from
    what each kind of decision offers)."""
    actor = getattr(action.command, "actor", None)
    if action.kind == "end" or not isinstance(actor, str):
        return False
    who = state.get(actor)
    if decision.kind == "action":
        mine = actor == decision.actor or who.controlled_by == decision.actor
        return mine and action.kind not in ("interrupt", "counter")
    if decision.kind == "reaction":
        return (
            who.side == decision.side
            and action.kind != "interrupt"
            and not (action.kind == "stress" and who.out)
        )
    return who.side == decision.side


def assert_asked_kind_by_kind(state: FightState) -> None:
    """Each decision, asked for a few kinds at a time before anything else, offers the legality query's
    actions of those kinds that are the decision's, in the query's order."""
    legal = legal_actions(state)
    for decision in adapter._decisions(state):  # made afresh: nothing asked of them yet
        if decision.kind == "interrupt":
            continue
        for kinds in ASKED:
            expected = tuple(a for a in legal if a.kind in kinds and _of_the_decision(state, decision, a))
            assert decision.of(*kinds) == expected, (decision, kinds)


@pytest.mark.parametrize("path", sorted(FIGHTS.glob("*.yaml")), ids=lambda p: Path(p).stem)
def test_a_decision_asked_kind_by_kind_in_the_book_fights(path: Path) -> None:
    """At every step of the book's fights (002_58e889a1abff3456.txt; ÉCHO controls others in some)."""
    initial_state, commands = load_fight(path)
    game = Fight(initial_state)
    assert_asked_kind_by_kind(game.state)
    for command in commands:
        game.do(command)
        assert_asked_kind_by_kind(game.state)


@pytest.mark.parametrize("heroes", [("KITSUNE", "LEGION"), ("ECHO", "NEXUS", "SUTURE")])
def test_a_decision_asked_kind_by_kind_along_a_played_fight(heroes: tuple[str, ...]) -> None:
    """Along a whole fight the heuristic plays."""
    game = Fight(fight(heroes, (5, 4, 3), gap=3.0))
    policies = {"heroes": Heuristic(), "foes": Heuristic()}
    rng = random.Random(7)
    for _ in range(150):
        move = next_move(game.state, policies, rng)
        if move is None:
            break
        assert_asked_kind_by_kind(game.state)
        game.do(move.command)
