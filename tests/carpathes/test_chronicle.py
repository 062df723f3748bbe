"""The chronicle state machine: phases, exact undo, replay, bad input never changes state."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meneur.dice.source import RandomSource
from meneur.errors import BadInputError, IllegalActionError, MeneurError
from meneur.systems.carpathes.chronicle import Log, evolve, refusal
from meneur.systems.carpathes.combat import Wound
from meneur.systems.carpathes.events import (
    BeginConfrontation,
    Command,
    DoPenance,
    EndConfrontation,
    EstablishSacredObject,
    GiveClue,
    GiveMedicalCare,
    InflictWound,
    InvokeTalisman,
    MakeRoll,
    NextRound,
    Recollect,
    RollInitiative,
    StartScene,
    StartSession,
    Teach,
    UseJoker,
)
from meneur.systems.carpathes.model import CreatureKind, Trait
from tests.carpathes.helpers import ANCA, MIHAIL, Table, in_scene


@pytest.mark.parametrize("command", [
    StartScene(), MakeRoll(pc="Mihail", trait=Trait.MENTAL), Recollect(pc="Mihail"),
    BeginConfrontation(creature=CreatureKind.VAMPIRE)])
def test_nothing_happens_before_a_session_and_a_scene(command: Command) -> None:
    """Sessions (« séance ») hold scenes; scenes hold rolls and confrontations."""
    table = Table()
    with pytest.raises(IllegalActionError):
        table.do(command, (1, 1))
    assert refusal(table.state, command) is not None


def test_one_confrontation_at_a_time() -> None:
    table = in_scene().confront()
    with pytest.raises(IllegalActionError):
        table.confront()
    table.do(EndConfrontation())
    with pytest.raises(IllegalActionError):
        table.do(EndConfrontation())


@pytest.mark.parametrize("command", [
    MakeRoll(pc="Nosferatu", trait=Trait.MENTAL), Recollect(pc="Nosferatu"),
    MakeRoll(pc="Mihail", trait=Trait.MENTAL, talent="escrime")])
def test_unknown_names_are_bad_input(command: Command) -> None:
    table = in_scene()
    before = table.log
    with pytest.raises(BadInputError):
        table.do(command, (1, 1))
    assert table.log == before


def test_talent_bonus_is_added() -> None:
    table = in_scene().do(MakeRoll(pc="Anca", trait=Trait.PHYSICAL, talent="escrime"), (3, 3))
    last = table.state.status["Anca"].last_roll
    assert last is not None and last.trait_roll().total == 3 + 3 + 2 + 2


def test_undo_restores_the_state_exactly() -> None:
    """Undo pops the last command's events; once-per-scene limits come back."""
    table = in_scene().confront().roll("Mihail", (4, 4))
    before = table.state
    table.do(InvokeTalisman(pc="Mihail", sacred_object="croix d'argent ternie", sincere=False))
    assert table.state.status["Mihail"].cracked
    table.log, undone = table.log.undo()
    assert len(undone) == 1 and table.state == before
    # The once-per-scene Talisman is available again after the undo.
    table.do(InvokeTalisman(pc="Mihail", sacred_object="croix d'argent ternie", sincere=True))


def test_undo_of_an_empty_log() -> None:
    with pytest.raises(IllegalActionError):
        Log().undo()


def test_log_round_trips_through_json() -> None:
    table = in_scene().confront().roll("Mihail", (4, 4)).do(
        InvokeTalisman(pc="Mihail", sacred_object="croix d'argent ternie", sincere=True))
    copy = Log.model_validate_json(table.log.model_dump_json())
    assert copy == table.log and copy.state() == table.state


COMMANDS = st.sampled_from([
    StartSession(), StartScene(), StartScene(after_night=True), Recollect(pc="Mihail"),
    Recollect(pc="Anca"), Teach(pc="Anca", teacher="Mihail"),
    BeginConfrontation(creature=CreatureKind.VAMPIRE), BeginConfrontation(creature=CreatureKind.WOLF),
    EndConfrontation(), MakeRoll(pc="Mihail", trait=Trait.MENTAL, peril=True),
    MakeRoll(pc="Anca", trait=Trait.SOCIAL, purpose="attack"),
    InvokeTalisman(pc="Mihail", sacred_object="croix d'argent ternie", sincere=True),
    InvokeTalisman(pc="Mihail", sacred_object="croix d'argent ternie", sincere=False),
    InvokeTalisman(pc="Anca", sacred_object="croix d'argent ternie", sincere=True),
    UseJoker(pc="Mihail"), DoPenance(pc="Mihail"), RollInitiative(),
    MakeRoll(pc="Mihail", trait=Trait.PHYSICAL, background="trade", purpose="protection"),
    MakeRoll(pc="Anca", trait=Trait.PHYSICAL, background="hobby"), NextRound(), GiveClue(),
    MakeRoll(pc="Anca", trait=Trait.PHYSICAL, talent="escrime", peril=True),
    RollInitiative(off_guard=("Anca",)), InflictWound(pc="Anca", wound=Wound.SERIOUS),
    GiveMedicalCare(pc="Anca"), EstablishSacredObject(pc="Anca", sacred_object="chapelet"),
    InvokeTalisman(pc="Anca", sacred_object="chapelet", sincere=True)])


@given(st.lists(COMMANDS, max_size=30), st.integers(0, 2**16))
def test_any_sequence_keeps_the_invariants(commands: list[Command], seed: int) -> None:
    """Refused commands change nothing; legal ones are foretold by ``refusal``; the Talisman never
    raises anything but a partial success; replay and undo are exact."""
    table = Table(characters=(MIHAIL, ANCA))
    source = RandomSource.from_seed(seed)
    history = [table.log]
    running = table.state
    for command in commands:
        foretold = refusal(table.state, command)
        try:
            table.log, events = table.log.apply(command, source)
        except MeneurError:
            assert foretold is not None
            assert table.log == history[-1]
            continue
        assert foretold is None
        history.append(table.log)
        for event in events:
            running = evolve(running, event)
        state = table.state
        assert running == state  # folding step by step equals replaying the whole log
        for status in state.status.values():
            last = status.last_roll
            if last is not None and last.talisman_raised:
                assert last.roll.to_roll().tier.value == "partial_success"
            assert status.joker_used_in is None or status.joker_used_in <= state.session
            if status.talisman_spent_in is None:
                assert not (status.night_since_spent or status.recollected_since_spent)
        assert state.clues <= 3
    while len(history) > 1:
        table.log, _ = table.log.undo()
        history.pop()
        assert table.log == history[-1]


@pytest.mark.parametrize(("pc", "background", "dice", "legal"), [
    ("Mihail", "trade", (1, 6, 6), True), ("Anca", "trade", (1, 6, 6), False),
    ("Mihail", "hobby", (1, 6, 6), False)])
def test_relevant_trade_or_hobby_gives_advantage(pc: str, background: str,
                                                 dice: tuple[int, ...], legal: bool) -> None:
    """003_87a535c5e428c5d3.txt: « Avantage (3D6 garder les 2 meilleurs) si métier ou hobby est
    pertinent »; a character without one cannot claim it."""
    command = MakeRoll(pc=pc, trait=Trait.MENTAL, background=background)  # type: ignore[arg-type]
    table = in_scene()
    if not legal:
        with pytest.raises(IllegalActionError) as caught:
            table.do(command, dice)
        assert caught.value.rule == "advantage.background"
        return
    last = table.do(command, dice).state.status[pc].last_roll
    assert last is not None and last.trait_roll().kept == (6, 6)
