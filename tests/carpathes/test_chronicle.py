"""The chronicle as a state machine: sessions hold scenes, scenes hold rolls; undo is exact; bad
input never changes state."""

from __future__ import annotations

from pathlib import Path

import pytest

from meneur.engine import Session, store
from meneur.errors import BadInputError, Refused
from meneur.systems.carpathes.commands import (
    BeginConfrontation,
    Command,
    EndConfrontation,
    InvokeTalisman,
    MakeRoll,
    Recollect,
    StartScene,
)
from meneur.systems.carpathes.model import CreatureKind, Trait
from tests.carpathes.helpers import Table, in_scene, refusal


@pytest.mark.parametrize(
    "command",
    [
        StartScene(),
        MakeRoll(pc="Mihail", trait=Trait.MENTAL),
        Recollect(pc="Mihail"),
        BeginConfrontation(creature=CreatureKind.VAMPIRE),
    ],
)
def test_nothing_happens_before_a_session_and_a_scene(command: Command) -> None:
    """Sessions (« séance ») hold scenes; scenes hold rolls and confrontations."""
    table = Table()
    with pytest.raises(Refused):
        table.do(command, (1, 1))
    assert refusal(table.state, command) is not None


def test_one_confrontation_at_a_time() -> None:
    table = in_scene().confront()
    with pytest.raises(Refused):
        table.confront()
    table.do(EndConfrontation())
    with pytest.raises(Refused):
        table.do(EndConfrontation())


@pytest.mark.parametrize(
    "command",
    [
        MakeRoll(pc="Nosferatu", trait=Trait.MENTAL),
        Recollect(pc="Nosferatu"),
        MakeRoll(pc="Mihail", trait=Trait.MENTAL, talent="escrime"),
    ],
)
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
    """Undo takes back the last command's events; once-per-scene limits come back."""
    table = in_scene().confront().roll("Mihail", (4, 4))
    before = table.state
    table.do(InvokeTalisman(pc="Mihail", sacred_object="croix d'argent ternie", sincere=False))
    assert table.state.status["Mihail"].cracked
    change = table.session.undo()
    assert change is not None and len(change.events) == 1 and table.state == before
    # The once-per-scene Talisman is available again after the undo.
    table.do(InvokeTalisman(pc="Mihail", sacred_object="croix d'argent ternie", sincere=True))


def test_undo_of_an_empty_log() -> None:
    assert Session.new("carpathes", None).undo() is None


def test_a_saved_chronicle_loads_to_the_state_it_reached(tmp_path: Path) -> None:
    """The file keeps the log; loading it folds the events into the state the commands reached."""
    table = (
        in_scene()
        .confront()
        .roll("Mihail", (4, 4))
        .do(InvokeTalisman(pc="Mihail", sacred_object="croix d'argent ternie", sincere=True))
    )
    path = tmp_path / "c.json"
    store.save(path, table.session)
    assert store.load(path, "carpathes").state == table.state


@pytest.mark.parametrize(
    ("pc", "background", "dice", "legal"),
    [
        ("Mihail", "trade", (1, 6, 6), True),
        ("Anca", "trade", (1, 6, 6), False),
        ("Mihail", "hobby", (1, 6, 6), False),
    ],
)
def test_relevant_trade_or_hobby_gives_advantage(
    pc: str, background: str, dice: tuple[int, ...], legal: bool
) -> None:
    """003_87a535c5e428c5d3.txt: « Avantage (3D6 garder les 2 meilleurs) si métier ou hobby est
    pertinent »; a character without one cannot claim it."""
    command = MakeRoll(pc=pc, trait=Trait.MENTAL, background=background)  # type: ignore[arg-type]
    table = in_scene()
    if not legal:
        with pytest.raises(Refused) as caught:
            table.do(command, dice)
        assert caught.value.rule == "advantage.background"
        return
    last = table.do(command, dice).state.status[pc].last_roll
    assert last is not None and last.trait_roll().kept == (6, 6)
