"""A model's turn as the rules remember it: where it stands (:class:`Phase`) and everything else the
rules need (:class:`TurnState`). The commands are judged in :mod:`.legality` and carried out in
:mod:`.activation`."""

from __future__ import annotations

from enum import StrEnum

from meneur.i18n import N_
from meneur.systems.warzone.model import Figure, Frozen, TableOptions

D = "warzone"


class Phase(StrEnum):
    """Where the model stands in the turn."""

    READY = "ready"
    DECLARING = "declaring"
    TECHNIQUES = "techniques"
    ACTING = "acting"
    WAKING = "waking"


PHASE_NAMES = {
    Phase.READY: N_("waiting for its activation"),
    Phase.DECLARING: N_("activated, choosing its techniques"),
    Phase.TECHNIQUES: N_("testing its declared techniques"),
    Phase.ACTING: N_("using its actions"),
    Phase.WAKING: N_("knocked down, leadership test to get up due"),
}
ACTIVE = (Phase.DECLARING, Phase.TECHNIQUES, Phase.ACTING)


class TurnState(Frozen):
    """Everything the rules need to remember about one model during play.

    Attributes:
        figure: the model and its powers.
        options: the table options.
        turn: the turn number, from 1.
        phase: where the model stands.
        activated: whether it was already activated this turn.
        actions_left: actions remaining in the current activation.
        declared: this activation's techniques, in order.
        techniques_tested: how many of them were tested.
        penalty: the violence table's penalty to Moc for the rest of this activation.
        cannot_concentrate: "nie może się koncentrować w tej Turze".
        knocked_down: "Przewrócony".
        panicked: "Spanikowany".
        wounds: wounds suffered through the violence table.
    """

    figure: Figure
    options: TableOptions = TableOptions()
    turn: int = 1
    phase: Phase = Phase.READY
    activated: bool = False
    actions_left: int = 0
    declared: tuple[str, ...] = ()
    techniques_tested: int = 0
    penalty: int = 0
    cannot_concentrate: bool = False
    knocked_down: bool = False
    panicked: bool = False
    wounds: int = 0

    @property
    def next_technique(self) -> str | None:
        """The declared technique whose test comes next, if any."""
        if self.phase is Phase.TECHNIQUES and self.techniques_tested < len(self.declared):
            return self.declared[self.techniques_tested]
        return None


def initial_state(figure: Figure, options: TableOptions | None = None) -> TurnState:
    """The state before the first activation of turn 1."""
    return TurnState(figure=figure, options=options or TableOptions(), panicked=figure.panicked)
