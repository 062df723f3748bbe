"""``meneur energy fight new FILE --campaign CAMPAIGN``: a fight from the command line starts from the
campaign's sheets, as the web table's does ("Un personnage blessé ne peut récupérer que la moitié de sa
vigueur (arrondie au supérieur)"; brisé "ne sera plus jouable", 002_58e889a1abff3456.txt)."""

from __future__ import annotations

import json
from pathlib import Path

from meneur.engine import store
from tests.cli_helpers import run_cli


def _campaign(tmp_path: Path) -> Path:
    path = tmp_path / "campagne.json"
    assert run_cli(["energy", "campaign", "new", str(path), "-c", "WINK", "-c", "KITSUNE"]).exit_code == 0
    assert run_cli(["energy", "campaign", "state", "add", str(path), "WINK", "wounded"]).exit_code == 0
    return path


def test_the_campaigns_wounded_character_starts_the_fight_at_half_vigor(tmp_path: Path) -> None:
    campaign = _campaign(tmp_path)
    fight = tmp_path / "combat.json"
    result = run_cli(["energy", "fight", "new", str(fight), "--campaign", str(campaign), "--foes", "3"])
    assert result.exit_code == 0, result.output
    assert "WINK (d'après la campagne)\u00a0: blessé\u00a0: Vigueur 3 / 5" in result.stderr
    fighters = {c.id: c for c in store.load(fight).state.combatants}
    assert (fighters["wink"].vigor, fighters["wink"].vigor_max) == (3, 3)  # WINK's Vigueur 5, halved up
    assert fighters["kitsune"].vigor == fighters["kitsune"].vigor_max == 4
    assert fighters["npc1"].side == "foes"


def test_a_broken_character_stays_out_and_a_campaign_with_a_fight_file_is_bad_input(tmp_path: Path) -> None:
    campaign = _campaign(tmp_path)
    assert run_cli(["energy", "campaign", "session", "start", str(campaign)]).exit_code == 0
    for _scene in range(6):  # 12 boxes, two a scene: brisé
        assert run_cli(["energy", "campaign", "scene", "start", str(campaign)]).exit_code == 0
        given = ["energy", "campaign", "stress", "add", str(campaign), "KITSUNE", "--boxes", "2"]
        assert run_cli(given).exit_code == 0
    fight = tmp_path / "combat.json"
    result = run_cli(
        ["energy", "fight", "new", str(fight), "--campaign", str(campaign), "--foes", "3", "--json"]
    )
    assert result.exit_code == 0, result.output
    assert "KITSUNE (d'après la campagne)\u00a0: brisé\u00a0: hors jeu" in result.stderr
    assert json.loads(result.stdout)["version"] == 0
    assert {c.id for c in store.load(fight).state.combatants} == {"wink", "npc1"}
    other = tmp_path / "autre.json"
    mixed = run_cli(["energy", "fight", "new", str(other), "--from", str(fight), "--campaign", str(campaign)])
    assert mixed.exit_code == 2 and not other.exists()
