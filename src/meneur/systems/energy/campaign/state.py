"""The state of a campaign: its characters, where play stands, and what was used up.

Conventions: the state is immutable and is only ever built by folding events over the initial
characters (:mod:`.events`); nothing else changes it. ``scene == 0`` means no scene has started in
the current session.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict

from meneur.errors import BadInputError, Refused
from meneur.i18n import N_, Message
from meneur.i18n.words import fold
from meneur.systems.energy.campaign.options import TableOptions
from meneur.systems.energy.model import Character

DOMAIN = "energy_campaign"


class Phase(StrEnum):
    """Whether a session (séance) is being played."""

    IDLE = "idle"
    SESSION = "session"


PHASE_NAMES: dict[Phase, str] = {
    Phase.IDLE: N_("between sessions"),
    Phase.SESSION: N_("during a session"),
}
ONLY_IN_PHASE: dict[Phase, str] = {
    Phase.IDLE: N_("{action} is only possible between sessions, but the campaign is {actual}."),
    Phase.SESSION: N_("{action} is only possible during a session, but the campaign is {actual}."),
}
"""One sentence per phase, so that French elides where it must (« n'est possible qu'entre deux séances »)."""


class CampaignState(BaseModel):
    """Everything the rules need to know about a campaign now.

    Attributes:
        characters: the characters by name, as they are now.
        phase: between sessions or in a session.
        session, scenario, scene: numbers of the current (or last) session, scenario and scene.
        scenario_open: a scenario has started and not ended.
        review_open: the end of a session or scenario, when reputation and relations may move.
        reviewed: ``"name|score"`` keys already moved in this review.
        outlet_used, team_scene_used: characters relieved that way this session.
        gm_stress: GM stress boxes given to each character in the current scene.
        awarded: characters given their experience for the last session.
        aptitude_points_earned: aptitude points converted from experience so far, per character.
        raised: characters brought from incapacité to blessé by a power in this scenario.
        fights: the fights (their session ids) already handed back to the campaign.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    options: TableOptions = TableOptions()
    characters: dict[str, Character]
    phase: Phase = Phase.IDLE
    session: int = 0
    scenario: int = 0
    scene: int = 0
    scenario_open: bool = False
    review_open: bool = False
    reviewed: frozenset[str] = frozenset()
    outlet_used: frozenset[str] = frozenset()
    team_scene_used: frozenset[str] = frozenset()
    gm_stress: dict[str, int] = {}
    awarded: frozenset[str] = frozenset()
    aptitude_points_earned: dict[str, int] = {}
    raised: frozenset[str] = frozenset()
    fights: frozenset[str] = frozenset()

    def character(self, name: str) -> Character:
        """The character called ``name`` (case and accents ignored: ``echo`` is ÉCHO).

        Raises:
            BadInputError: for an unknown name, listing the campaign's characters.
        """
        return self.characters[self.key(name)]

    def key(self, name: str) -> str:
        """The exact name under which ``name`` is kept.

        Raises:
            BadInputError: for an unknown name, listing the campaign's characters.
        """
        for key in self.characters:
            if fold(key) == fold(name):
                return key
        raise BadInputError(
            Message(
                DOMAIN,
                N_("No character {name!r} in this campaign (characters: {known})."),
                {"name": name, "known": ", ".join(self.characters) or Message(DOMAIN, N_("none"))},
            )
        )

    def with_character(self, character: Character) -> CampaignState:
        """The state with ``character`` replacing the one of the same name."""
        return self.model_copy(update={"characters": {**self.characters, character.name: character}})

    def require_phase(self, expected: Phase, action: str) -> None:
        """Refuse an action outside its phase, naming the expected and the actual phase.

        Raises:
            Refused: when the phase differs.
        """
        if self.phase is not expected:
            raise Refused(
                Message(
                    DOMAIN,
                    ONLY_IN_PHASE[expected],
                    {"action": Message(DOMAIN, action), "actual": Message(DOMAIN, PHASE_NAMES[self.phase])},
                ),
                rule="phase",
            )
