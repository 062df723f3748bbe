"""``meneur energy campaign hand-back CAMPAIGN FIGHT``: the command line hands an ended fight's file
back to its campaign with the web's one command: blessé for a knocked-out character ("Un personnage
qui a été mis hors combat durant une scène peut subir le statut blessé à la fin du combat (à la
discrétion du MJ)", 002_58e889a1abff3456.txt), the stress boxes checked in the fight, once, undone
whole."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from meneur.engine import store
from tests.cli_helpers import run_cli


def _fight(tmp_path: Path, end: str = '{"end": {"wounded": ["wink"]}}') -> tuple[Path, Path]:
    """The campaign (WINK, KITSUNE) and a fight from it: KITSUNE checks a détermination box, the GM
    knocks WINK out, and the fight ends with WINK marked blessé."""
    campaign = tmp_path / "campagne.json"
    assert run_cli(["energy", "campaign", "new", str(campaign), "-c", "WINK", "-c", "KITSUNE"]).exit_code == 0
    fight = tmp_path / "pont.json"
    made = run_cli(["energy", "fight", "new", str(fight), "--campaign", str(campaign), "--foes", "3"])
    assert made.exit_code == 0, made.output
    for command in (
        '"start"',
        '{"stress": {"actor": "kitsune", "use": "determination"}}',
        '{"adjust": {"target": "wink", "reason": "a fall", "vigor": 0}}',
        end,
    ):
        done = run_cli(["energy", "fight", "do", str(fight), command])
        assert done.exit_code == 0, done.output
    return campaign, fight


def test_an_ended_fight_hands_back_its_wounded_and_its_stress_once(tmp_path: Path) -> None:
    campaign, fight = _fight(tmp_path)
    result = run_cli(["energy", "campaign", "hand-back", str(campaign), str(fight)])
    assert result.exit_code == 0, result.output
    assert "WINK subit l'état blessé." in result.output, result.output
    state = store.load(campaign).state
    assert state.characters["WINK"].states == {"wounded"}
    assert state.characters["KITSUNE"].stress == 1
    (known,) = state.fights
    assert known.startswith("file-")
    copy = tmp_path / "copie.json"
    shutil.copy(fight, copy)  # the same fight, elsewhere: still the same fight
    again = run_cli(["energy", "campaign", "hand-back", str(campaign), str(copy), "--json"])
    assert again.exit_code == 1 and json.loads(again.stdout)["rule"] == "hand_back", again.output
    assert run_cli(["energy", "campaign", "undo", str(campaign)]).exit_code == 0
    back = store.load(campaign).state
    assert not back.characters["WINK"].states and back.characters["KITSUNE"].stress == 0 and not back.fights


def test_the_gm_chooses_the_wounded_and_a_fight_under_way_is_refused(tmp_path: Path) -> None:
    """``--wounded ''``: nobody wounded though the fight's end marked WINK; KITSUNE, never knocked out,
    cannot be (rule ``wounded``); a fight not ended is not handed back."""
    campaign, fight = _fight(tmp_path)
    refused = run_cli(["energy", "campaign", "hand-back", str(campaign), str(fight), "--wounded", "kitsune"])
    assert refused.exit_code == 1 and "Pas de mise hors combat pour KITSUNE" in refused.output, refused.output
    assert not store.load(campaign).state.fights
    done = run_cli(["energy", "campaign", "hand-back", str(campaign), str(fight), "--wounded", ""])
    assert done.exit_code == 0, done.output
    assert not store.load(campaign).state.characters["WINK"].states
    (tmp_path / "b").mkdir()
    other, under_way = _fight(tmp_path / "b", end='"pass"')
    early = run_cli(["energy", "campaign", "hand-back", str(other), str(under_way)])
    assert early.exit_code == 1 and "pas encore terminé" in early.output, early.output
