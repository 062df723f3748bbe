"""The odds before rolling of an INS/MV opposed test and of a Carpathes attack on the session pages,
without a browser: each number shown is the rules core's own function (``opposed_winner_odds``,
``wound_odds``) for the same plans and terms, and follows what is chosen beside the button."""

from __future__ import annotations

import html
import json
import re
from fractions import Fraction
from typing import Any

from tests.inprocess import TestClient
from tests.web.test_games import _api, _play, _session


def _form(page: str, kind: str, actor: str, has: str = "") -> str:
    """The first button's form of ``kind`` for ``actor`` (whose command holds ``has``), unescaped."""
    for found in re.finditer(r'<form class="action[^"]*"[^>]*>.*?</form>', page, re.S):
        form = html.unescape(found.group(0))
        if f'data-kind="{kind}"' in form and f'data-actor="{actor}"' in form and has in form:
            return form
    raise AssertionError(f"no {kind} button for {actor}")


def _shown(part: str) -> list[tuple[str, str]]:
    """The outcomes a form (or an odds fragment) shows before rolling: (words, per cent)."""
    return re.findall(r'<span data-outcome="\d+">([^<]*?) ([\d,]+)\u00a0%</span>', part)


def _percent(chance: Fraction) -> str:
    return f"{float(chance) * 100:.2f}".replace(".", ",")  # as a French page writes it


def _command(form: str) -> str:
    found = re.search(r'name="command" value="(\{.*?\})">', form)
    assert found is not None
    return found.group(1)


def _insmv_winners(web: TestClient, session_id: str, a: Any, b: Any) -> dict[str, Fraction]:
    """Who wins the opposed test of Asmo (request ``a``) against Yves (``b``), by the rules core."""
    from meneur.systems.insmv.engine import state_from_json
    from meneur.systems.insmv.odds import opposed_winner_odds
    from meneur.systems.insmv.resolution import plan_test

    state = state_from_json(_api(web, session_id)["state"])
    plan_a = plan_test(a, state.beings["Asmo"].rules)
    plan_b = plan_test(b, state.beings["Yves"].rules)
    return opposed_winner_odds(plan_a, plan_b, state.options)


WINNER_WORDS = {
    "attacker": "Asmo l'emporte",
    "defender": "Yves l'emporte",
    "both_failed": "les deux ratent",
    "tie": "égalité (le maître de jeu décide)",
}


def test_an_opposed_test_shows_who_wins_and_each_sides_column_before_rolling(web: TestClient) -> None:
    """« Le résultat le plus important indique le vainqueur du conflit ... Si le résultat des unités
    est identique, c'est le maître de jeu qui décide » (000_008acb24c72771e3.txt): the chances of
    each are the rules core's for both sides' tests (value 3, moyenne row, no shift)."""
    from meneur.systems.insmv.resolution import TestRequest

    table_id, session_id = _session(web, "insmv")
    form = _form(web.get(f"/t/{table_id}/s/{session_id}").text, "opposed", "Asmo")
    winners = _insmv_winners(
        web, session_id, TestRequest(3, None, 0, 0, None), TestRequest(3, None, 0, 0, None)
    )
    assert _shown(form) == [(WINNER_WORDS[key], _percent(chance)) for key, chance in winners.items()]
    assert sum(winners.values()) == 1
    # each side's place on the table UM, named, and its row and shift to choose
    assert "Attaquant : Asmo" in form and "Défenseur : Yves" in form
    assert form.count("La table UM : colonne 6 (depuis 6, décalage +0)") == 2
    for name in ("difficulty_a", "shift_a", "difficulty_b", "shift_b", "dice"):
        assert f'name="{name}"' in form  # the dice rolled at the table may be entered too


def test_an_opposed_tests_odds_follow_each_sides_row_and_shift_and_the_test_carries_them(
    web: TestClient,
) -> None:
    """« le maître de jeu ... repère ... la difficulté de l'action entreprise à gauche » for each
    side (000_008acb24c72771e3.txt): a hard row for Asmo and two columns to the left for Yves."""
    from meneur.systems.insmv.resolution import TestRequest
    from meneur.systems.insmv.table_um import Difficulty

    table_id, session_id = _session(web, "insmv")
    form = _form(web.get(f"/t/{table_id}/s/{session_id}").text, "opposed", "Asmo")
    command = _command(form)
    chosen = {"difficulty_a": "difficile", "shift_b": "-2"}
    answer = web.get(
        f"/t/{table_id}/s/{session_id}/odds", params={"command": command, "key": "b-1", **chosen}
    )
    fragment = html.unescape(answer.text)
    hard = TestRequest(3, Difficulty.DIFFICILE, 0, 0, None)
    winners = _insmv_winners(web, session_id, hard, TestRequest(3, None, -2, 0, None))
    assert _shown(fragment) == [(WINNER_WORDS[key], _percent(chance)) for key, chance in winners.items()]
    assert _shown(fragment) != _shown(form)  # the choices changed the odds
    assert 'value="difficile" selected' in fragment and 'name="shift_b" type="number"' in fragment
    assert 'value="-2"' in fragment and 'id="b-1-odds"' in fragment
    # a shift that is no number: said, the choices still open
    bad = html.unescape(
        web.get(
            f"/t/{table_id}/s/{session_id}/odds",
            params={"command": command, "shift_a": "deux", "difficulty_b": "facile"},
        ).text
    )
    assert "nombre entier de colonnes" in bad and 'name="difficulty_a"' in bad
    assert re.search(r'name="difficulty_b".*value="facile" selected', bad, re.S)
    # a shift the engine refuses: its reason, beside the unchanged odds
    far = html.unescape(
        web.get(f"/t/{table_id}/s/{session_id}/odds", params={"command": command, "shift_b": "99"}).text
    )
    assert 'role="alert"' in far and _shown(far) == _shown(form)
    # the opposed test given with the choices: both tests carry them
    _play(web, table_id, session_id, json.loads(command), **chosen, dice="2 3 4 3 4 5")
    events = _api(web, session_id, "/log")["log"][-1]["events"]
    opposed = next(e["opposed_tested"] for e in events if "opposed_tested" in e)
    attacker, defender = opposed["attacker"], opposed["defender"]
    assert (attacker.get("difficulty"), attacker.get("shift", 0)) == ("difficile", 0)
    assert (defender.get("difficulty"), defender.get("shift", 0)) == (None, -2)


def test_a_side_without_the_power_cannot_win_and_a_test_without_it_cannot_succeed(web: TestClient) -> None:
    """A power not possessed has no chance (docs/rulings/insmv.md, « A power not possessed »):
    against it, « Le résultat le plus important indique le vainqueur du conflit »
    (000_008acb24c72771e3.txt) leaves only Asmo, whose test must succeed."""
    from meneur.systems.insmv.engine import state_from_json
    from meneur.systems.insmv.odds import odds_of, opposed_winner_odds
    from meneur.systems.insmv.resolution import TestRequest, plan_test

    table_id, session_id = _session(web, "insmv")
    lacking = {"being": "Yves", "value": 3, "possessed": False}
    opposed = {"opposed": {"attacker": {"being": "Asmo", "value": 3}, "defender": lacking}}
    found = html.unescape(
        web.get(f"/t/{table_id}/s/{session_id}/odds", params={"command": json.dumps(opposed)}).text
    )
    state = state_from_json(_api(web, session_id)["state"])
    plan = plan_test(TestRequest(3, None, 0, 0, None), state.beings["Asmo"].rules)
    asmo = odds_of(plan).success  # Asmo wins when his test succeeds
    assert opposed_winner_odds(plan, None, state.options)["attacker"] == asmo
    assert _shown(found)[0] == (WINNER_WORDS["attacker"], _percent(asmo))
    assert _shown(found)[1] == (WINNER_WORDS["defender"], "0,00")
    alone = html.unescape(
        web.get(f"/t/{table_id}/s/{session_id}/odds", params={"command": json.dumps({"test": lacking})}).text
    )
    assert _shown(alone)[:2] == [("réussite", "0,00"), ("échec", "100,00")]


def _in_scene(web: TestClient) -> tuple[str, str, str]:
    table_id, session_id = _session(web, "carpathes")
    _play(web, table_id, session_id, "start_session")
    return table_id, session_id, _play(web, table_id, session_id, "start_scene")


def _wounds(web: TestClient, session_id: str, attacker: str, target: str, mode: Any) -> list[tuple[str, str]]:
    """The wound odds of ``attacker`` on ``target`` by the rules core, from the sheets' numbers:
    « 2D6 + Physique + bonus d'arme contre la Défense de la cible (Mental + Physique + Social +
    bonus d'équipement) » (003_87a535c5e428c5d3.txt)."""
    from meneur.i18n import translate
    from meneur.systems.carpathes.combat import WOUND_LABELS, defense
    from meneur.systems.carpathes.odds import wound_odds

    state = _api(web, session_id)["state"]
    beings = {**state["characters"], **state["npcs"]}
    them = beings[target]
    odds = wound_odds(
        beings[attacker]["physical"], 0, defense(them["mental"], them["physical"], them["social"]), mode
    )
    assert sum(odds.values()) == 1
    return [(translate("carpathes", WOUND_LABELS[w], "fr"), _percent(p)) for w, p in odds.items()]


def test_an_attack_shows_each_wounds_chance_before_rolling(web: TestClient) -> None:
    """« Marge 1 à 4 : blessure légère ... 5 à 9 : blessure sérieuse ... 10+ : blessure critique »
    (003_87a535c5e428c5d3.txt): Anca's Physique 2 against the Strigoi's Défense 2 + 3 + 1."""
    from meneur.systems.carpathes.model import RollMode

    table_id, session_id, page = _in_scene(web)
    form = _form(page, "attack", "Anca", '"target": "Strigoi"')
    shown = _shown(form)
    assert shown == _wounds(web, session_id, "Anca", "Strigoi", RollMode.NORMAL)
    assert [word for word, _p in shown] == [
        "aucune blessure",
        "blessure légère",
        "blessure sérieuse",
        "blessure critique",
    ]
    assert abs(sum(float(p.replace(",", ".")) for _w, p in shown) - 100) < 0.02
    assert 'name="dice"' in form
    # « Marge 5 à 9 : blessure sérieuse, désavantage à la cible jusqu'à soin médical »: a wounded
    # Anca attacks with 3D6 keep the 2 worst, and the odds say so
    page = _play(web, table_id, session_id, {"inflict_wound": {"pc": "Anca", "wound": "serious"}})
    wounded = _shown(_form(page, "attack", "Anca", '"target": "Strigoi"'))
    assert wounded == _wounds(web, session_id, "Anca", "Strigoi", RollMode.DISADVANTAGE) != shown
    # the attack given with the dice rolled at the table: 6 + 6 (kept of 6, 6, 6) + 2 - 6 = 8
    command = json.loads(_command(_form(page, "attack", "Anca", '"target": "Strigoi"')))
    _play(web, table_id, session_id, command, dice="6 6 6")
    events = _api(web, session_id, "/log")["log"][-1]["events"]
    assert next(e["wound_inflicted"] for e in events if "wound_inflicted" in e)["wound"] == "serious"


def _attack_odds(web: TestClient, session_id: str, command: Any) -> list[tuple[str, str]]:
    """The wound odds of ``command`` by the rules core: its terms now (« 2D6 + Physique + bonus
    d'arme contre la Défense de la cible », 003_87a535c5e428c5d3.txt) read by ``wound_odds``."""
    from meneur.i18n import translate
    from meneur.systems.carpathes.attacks import attack_terms
    from meneur.systems.carpathes.combat import WOUND_LABELS
    from meneur.systems.carpathes.engine import state_from_json
    from meneur.systems.carpathes.odds import wound_odds

    terms = attack_terms(state_from_json(_api(web, session_id)["state"]), command)
    odds = wound_odds(
        terms.physical, terms.weapon_bonus, terms.defense, terms.mode, terms.steps, terms.step_rule
    )
    return [(translate("carpathes", WOUND_LABELS[w], "fr"), _percent(p)) for w, p in odds.items()]


def _attack_fragment(web: TestClient, where: tuple[str, str], command: str, **chosen: str) -> str:
    table_id, session_id = where
    params = {"command": command, "key": "b-7", "attack_choices": "1", **chosen}
    return html.unescape(web.get(f"/t/{table_id}/s/{session_id}/odds", params=params).text)


def test_an_attacks_weapon_bonus_and_advantage_are_chosen_beside_it_and_the_attack_carries_them(
    web: TestClient,
) -> None:
    """« 2D6 + Physique + bonus d'arme contre la Défense de la cible », « Une attaque avec +1 dégât
    (sabre de cavalerie ...) ajoute 1 cran au résultat avant lecture de la marge », « Avantage
    (3D6 garder les 2 meilleurs) » (003_87a535c5e428c5d3.txt): Anca's cavalry sabre, bonus +1,
    with advantage against the Strigoi."""
    from meneur.systems.carpathes.catalogue import WeaponKey
    from meneur.systems.carpathes.commands import MakeAttack

    table_id, session_id, page = _in_scene(web)
    form = _form(page, "attack", "Anca", '"target": "Strigoi"')
    for name in ("weapon", "weapon_bonus", "identified", "sleeping", "advantage", "disadvantage"):
        assert f'name="{name}"' in form
    assert 'value="bare_hands" selected' in form and "sabre de cavalerie" in form
    command = _command(form)
    chosen = {"weapon": "cavalry_sabre", "weapon_bonus": "1", "advantage": "1"}
    fragment = _attack_fragment(web, (table_id, session_id), command, **chosen)
    sabre = MakeAttack(
        attacker="Anca", target="Strigoi", weapon=WeaponKey.CAVALRY_SABRE, weapon_bonus=1, advantage=True
    )
    assert _shown(fragment) == _attack_odds(web, session_id, sabre) != _shown(form)
    assert _shown(form) == _attack_odds(web, session_id, MakeAttack(attacker="Anca", target="Strigoi"))
    assert 'value="cavalry_sabre" selected' in fragment and 'name="weapon_bonus"' in fragment
    assert re.search(r'name="advantage" value="1" checked', fragment)
    assert not re.search(r'name="disadvantage" value="1" checked', fragment)
    assert "+1 cran de dégât grâce à l'arme : sabre de cavalerie." in fragment
    # the attack given with the choices (and the dice rolled at the table): the command and the log
    page = _play(web, table_id, session_id, json.loads(command), attack_choices="1", dice="2 5 4", **chosen)
    entry = _api(web, session_id, "/log")["log"][-1]
    assert entry["command"] == {
        "attack": {
            "attacker": "Anca",
            "target": "Strigoi",
            "weapon": "cavalry_sabre",
            "weapon_bonus": 1,
            "advantage": True,
        }
    }
    made = next(e["attack_made"] for e in entry["events"] if "attack_made" in e)
    assert (made["weapon"], made["weapon_bonus"], made["steps"], made["roll"]["dice"]) == (
        "cavalry_sabre",
        1,
        1,
        [2, 5, 4],
    )
    assert "Anca attaque Strigoi (sabre de cavalerie) : 2D6 + Physique + bonus d&#39;arme" in page


def test_an_attack_unchecked_beside_its_button_drops_the_flag_and_a_bad_bonus_is_said(
    web: TestClient,
) -> None:
    """The attack's flags are what the form shows: unchecked, the command has none; a weapon bonus
    out of the table's range (« bonus d'arme », -10 to +10) or no number is said beside the choices,
    which stay as made, over the entry's own odds."""
    table_id, session_id, page = _in_scene(web)
    command = _command(_form(page, "attack", "Anca", '"target": "Strigoi"'))
    flagged = json.loads(command)
    flagged["attack"]["disadvantage"] = True  # a command that says it: the form's boxes decide
    _play(web, table_id, session_id, flagged, attack_choices="1", dice="3 3")
    assert _api(web, session_id, "/log")["log"][-1]["command"] == json.loads(command)
    far = _attack_fragment(web, (table_id, session_id), command, weapon="silver_blade", weapon_bonus="11")
    assert 'role="alert"' in far and 'value="11"' in far and 'value="silver_blade" selected' in far
    assert _shown(far) == _shown(_form(page, "attack", "Anca", '"target": "Strigoi"'))
    words = _attack_fragment(web, (table_id, session_id), command, weapon_bonus="deux", sleeping="1")
    assert "Donnez un bonus d'arme entier." in words
    assert re.search(r'name="sleeping" value="1" checked', words)


def test_silver_against_a_vampire_says_how_many_wounds_a_hit_counts(web: TestClient) -> None:
    """« Argent : blesse les loups-garous, marque les vampires ... Une lame d'argent vaut deux lames
    d'acier face aux créatures » (003_87a535c5e428c5d3.txt), as many wounds as the table option
    ``silver_wound_multiplier`` says (3 here): said beside the button, and the hit counts so."""
    from meneur.web.games import example

    table_id, session_id = _session(
        web, "carpathes", {**example("carpathes"), "options": {"silver_wound_multiplier": 3}}
    )
    _play(web, table_id, session_id, "start_session")
    page = _play(web, table_id, session_id, "start_scene")
    command = _command(_form(page, "attack", "Anca", '"target": "Strigoi"'))
    silver = _attack_fragment(web, (table_id, session_id), command, weapon="silver_blade")
    said = "Argent contre une créature : un coup qui touche compte pour 3 blessures."
    assert said in silver
    assert said not in _attack_fragment(web, (table_id, session_id), command, weapon="steel_blade")
    human = _command(_form(page, "attack", "Anca", '"target": "Mihail"'))
    assert "Argent contre" not in _attack_fragment(web, (table_id, session_id), human, weapon="silver_blade")
    _play(
        web, table_id, session_id, json.loads(command), attack_choices="1", weapon="silver_blade", dice="6 6"
    )
    events = _api(web, session_id, "/log")["log"][-1]["events"]
    assert next(e["wound_inflicted"] for e in events if "wound_inflicted" in e)["count"] == 3


def test_a_knocked_down_models_test_to_get_up_shows_the_cores_odds(web: TestClient) -> None:
    """« 18-19 Model zostaje Przewrócony ... lub Model obudzi się sam zdając test DW z modyfikatorem
    -4 (test wykonywany jest na początku każdej kolejnej tury) » (001_0209eda46e4737a1.txt): the
    Mystic's Dowodzenie 12 with the table's modifier (-2 here), by ``leadership_odds``."""
    from meneur.systems.warzone.leadership import threshold
    from meneur.systems.warzone.odds import leadership_odds
    from meneur.web.games import example

    setup = {**example("warzone"), "options": {"wake_up_modifier": -2}}
    table_id, session_id = _session(web, "warzone", setup)
    for command in ("activate", "declare"):
        _play(web, table_id, session_id, {command: {}})
    _play(web, table_id, session_id, {"spell": {"name": "Bolt"}}, dice="20 18")  # violence 18: knocked down
    page = _play(web, table_id, session_id, "end_turn")
    form = _form(page, "wake", "Mystic")
    up = leadership_odds(threshold(12, -2))
    assert up == Fraction(10, 20)
    assert _shown(form) == [("se relève", _percent(up)), ("reste renversé", _percent(1 - up))]
    assert 'name="dice"' in form
    _play(web, table_id, session_id, json.loads(_command(form)), dice="10")
    events = _api(web, session_id, "/log")["log"][-1]["events"]
    tested = next(e["leadership_tested"] for e in events if "leadership_tested" in e)
    assert (tested["threshold"], tested["success"]) == (10, True)


WEAK_MYSTIC = {
    "figures": [
        {
            "name": "Mystic",
            "power": 3,
            "leadership": 12,
            "actions": 3,
            "powers": [
                {"name": "Bolt", "kind": "spell", "difficulty": 5, "actions": 1},
                {"name": "Shield", "kind": "technique", "difficulty": 2},
                {"name": "Haste", "kind": "technique", "difficulty": 1},
            ],
        }
    ]
}
"""A model whose Moc less the difficulty falls below 1 (Bolt: 3 - 5 = -2; Shield, tested first:
3 - 2 - 2 = -1): the table option ``natural_one_always_succeeds`` decides what a natural 1 is."""


def _engine_outcomes(session: Any, command: Any) -> list[float]:
    """Each outcome's chance in per cent of the power test ``command`` makes now, by the engine
    itself: every face of the d20 given to ``decide`` (then 1s for the violence table and a
    leadership test), the outcome read from its ``power_tested`` event."""
    from meneur.dice import EnteredSource
    from meneur.systems.warzone import events as e
    from meneur.systems.warzone.odds import OUTCOMES

    counts = dict.fromkeys(OUTCOMES, 0)
    for roll in range(1, 21):
        events = session.system.decide(session.state, command, EnteredSource([roll, 1, 1]))
        tested = next(event for event in events if isinstance(event, e.PowerTested))
        if tested.critical is not None:
            counts[tested.critical.value] += 1
        else:
            counts["success" if tested.success else "failure"] += 1
    return [counts[key] / 20 * 100 for key in OUTCOMES]


def _wake_up_outcomes(session: Any, command: Any) -> list[float]:
    """The chance in per cent that a knocked-down model gets up, and stays down, by the engine."""
    from meneur.dice import EnteredSource
    from meneur.systems.warzone import events as e

    up = 0
    for roll in range(1, 21):
        events = session.system.decide(session.state, command, EnteredSource([roll]))
        up += next(event for event in events if isinstance(event, e.LeadershipTested)).success
    return [up / 20 * 100, (20 - up) / 20 * 100]


def _every_warzone_option() -> list[dict[str, Any]]:
    """Every combination of the Warzone table options: each yes/no option both ways, and the
    wake-up modifier at its bounds, the book's -4 and 0."""
    from itertools import product

    from meneur.systems.warzone.model import TableOptions

    flags = [name for name, f in TableOptions.model_fields.items() if f.annotation in (bool, "bool")]
    numbers = {"wake_up_modifier": (-20, -4, 0, 20)}
    assert set(flags) | set(numbers) == set(TableOptions.model_fields)  # a new option is covered too
    found = []
    for values in product((False, True), repeat=len(flags)):
        for modifier in numbers["wake_up_modifier"]:
            found.append({**dict(zip(flags, values, strict=True)), "wake_up_modifier": modifier})
    return found


def test_the_warzone_odds_shown_equal_the_engines_under_every_table_option() -> None:
    """The odds a Warzone button shows (:func:`meneur.web.game_parts.odds`, what the page renders)
    are the engine's own, whatever the table's options say: a spell and a technique whose modified
    Moc is below 1, and a knocked-down model's test to get up, for every option combination."""
    from meneur.dice import EnteredSource
    from meneur.engine import Session
    from meneur.systems.warzone import commands as c
    from meneur.web.game_parts import odds

    tests = [(("Shield",), c.TestTechnique(model="Mystic")), ((), c.CastSpell(name="Bolt", model="Mystic"))]
    for options in _every_warzone_option():
        for declared, command in tests:
            session: Any = Session.new("warzone", {**WEAK_MYSTIC, "options": options})
            session.do(c.StartActivation(model="Mystic"))
            session.do(c.DeclareTechniques(names=declared, model="Mystic"))
            shown = [chance for _words, chance in odds("warzone", session.state, command, "fr").outcomes]
            assert shown == _engine_outcomes(session, command), (options, command)
        knocked: Any = Session.new("warzone", {**WEAK_MYSTIC, "options": options})
        knocked.do(c.StartActivation(model="Mystic"))
        knocked.do(c.DeclareTechniques(model="Mystic"))
        knocked.do(c.CastSpell(name="Bolt", model="Mystic"), EnteredSource([20, 18]))  # knocked down
        if not options["knocked_down_ends_activation"]:  # the model may go on: its activation ends
            knocked.do(c.EndActivation(model="Mystic"))
        knocked.do(c.EndTurn())
        wake = c.TestWakeUp(model="Mystic")
        shown = [chance for _words, chance in odds("warzone", knocked.state, wake, "fr").outcomes]
        assert shown == _wake_up_outcomes(knocked, wake), options


def test_a_natural_one_shows_no_absolute_success_where_the_table_says_it_does_not_succeed(
    web: TestClient,
) -> None:
    """« un 1 naturel réussit toujours » off (``natural_one_always_succeeds``), a spell whose Moc
    less its difficulty is below 1 (3 - 5) shows 0 % of absolute success beside its button, as the
    engine rolls it; on, the natural 1's 5 %."""
    for always, shown in ((False, "0,00"), (True, "5,00")):
        setup = {**WEAK_MYSTIC, "options": {"natural_one_always_succeeds": always}}
        table_id, session_id = _session(web, "warzone", setup)
        for command in ("activate", "declare"):
            _play(web, table_id, session_id, {command: {}})
        page = web.get(f"/t/{table_id}/s/{session_id}").text
        outcomes = dict(_shown(_form(page, "spell", "Mystic", "Bolt")))
        assert outcomes["Succès absolu"] == shown, outcomes
