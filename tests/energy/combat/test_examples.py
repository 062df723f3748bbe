"""Every combat example of the rulebook with numbers, replayed from its fight file.

Source: 002_58e889a1abff3456.txt (tactical combat chapter and the power-archetype chapter).
"""

from __future__ import annotations

from meneur.systems.energy.combat.events import (
    AttackDeclared,
    AttackResolved,
    CopyCreated,
    DefensePlaced,
    EnergyGiven,
    InteractionProgressed,
    LastingMaintained,
    Moved,
    MoveFailed,
    SupportUsed,
    TerrainCreated,
    TerrainWeakened,
    TurnStarted,
    VigorLost,
    VigorRestored,
)
from meneur.systems.energy.combat.state import Phase

from .helpers import of_type, play


def test_kitsune_against_two_octopus_agents() -> None:
    """ "elle en engage 2 pour attaquer le premier (qui reçoit son bonus de renforcement de +1) et 2 pour
    attaquer le second (pas de renforcement ...) l'un devra se défendre contre une attaque à 3 d'énergie
    (2+1), l'autre contre une attaque à 2" (002_58e889a1abff3456.txt)."""
    fight = play("kitsune_octopus")
    declared = of_type(fight.events(), AttackDeclared)
    assert [d.pending.effective for d in declared] == [3, 2]
    assert [d.bonus for d in declared] == [1, 0]
    assert fight.state.get("kitsune").energy == 6 - 2 - 2


def test_wink_against_the_robot() -> None:
    """ "engageant 4 points d'énergie ... ne mettre que 3 points ... perdant 1 point de vigueur au passage
    (4 de l'attaque - 3 de sa défense) ... sa défense (qui est maintenant de 2) ... il lui reste un point
    d'énergie de réserve" (002_58e889a1abff3456.txt)."""
    fight = play("wink_robot")
    wink = fight.state.get("wink")
    assert of_type(fight.events(), VigorLost)[0].amount == 1
    assert (wink.vigor, wink.defense, wink.energy) == (5 - 1, 2, 1)


def test_kitsune_chase_and_charge() -> None:
    """ "elle dépense 2 points d'énergie pour effectuer deux mouvements de 20 mètres ... Elle utilise ensuite
    3 points d'énergie pour attaquer en charge ... son troisième mouvement est offert par sa charge"
    (002_58e889a1abff3456.txt)."""
    fight = play("kitsune_chase")
    moves = of_type(fight.events(), Moved)
    assert [m.paid for m in moves] == [1, 1, 0]
    assert moves[-1].charge
    assert fight.state.get("kitsune").energy == 6 - 2 - 3
    assert of_type(fight.events(), AttackDeclared)[0].pending.effective == 3 + 1


def test_brandon_wall_of_fire() -> None:
    """ "engage 4 points d'énergie. Son mur de feu apparaît, et il est de rang 4. Toute personne qui
    tenterait de le traverser subirait une attaque de feu de 4 points d'énergie. Pour l'éteindre, il
    faudrait qu'un autre personnage engage 4 points d'énergie avec un pouvoir comme une attaque de froid"
    (002_58e889a1abff3456.txt)."""
    fight = play("brandon_wall")
    assert of_type(fight.events(), TerrainCreated)[0].element.rank == 4
    hazard = [d for d in of_type(fight.events(), AttackDeclared) if d.pending.terrain]
    assert hazard[0].pending.effective == 4
    assert fight.state.get("thug").vigor == 5 - 4
    put_out = of_type(fight.events(), TerrainWeakened)[-1]
    assert (put_out.paid, put_out.value, put_out.rank) == (4, 4, 0)
    assert fight.state.terrain == ()


def test_wink_and_the_sniper() -> None:
    """ "Elle engage donc 4 points d'énergie, qui comptent pour deux points réels ... lui aussi doit donc
    se défendre en demi-succès et le pauvre n'a pas 4 points d'énergie disponibles"
    (002_58e889a1abff3456.txt)."""
    fight = play("wink_sniper")
    declared = of_type(fight.events(), AttackDeclared)[0]
    assert (declared.pending.tokens, declared.pending.effective, declared.halving) == (4, 2, 1)
    resolved = of_type(fight.events(), AttackResolved)[0]
    assert (resolved.defense, resolved.success) == (3 // 2, True)
    sniper = fight.state.get("sniper")
    assert 0 in sniper.lost_powers
    assert fight.state.get("wink").borrowed[0].name == "Fusil de précision"


def test_kitsune_valve() -> None:
    """ "il lui faut un total de 4 points d'énergie pour actionner complètement la vanne. Elle décide de
    n'en engager que 2 ce tour ci ... Elle terminera d'actionner la vanne avec les 2 points qui manquent
    le tour prochain" (002_58e889a1abff3456.txt)."""
    fight = play("kitsune_valve")
    progress = of_type(fight.events(), InteractionProgressed)
    assert [(p.total, p.required) for p in progress] == [(2, 4), (4, 4)]
    assert fight.state.turn == 2


def test_wink_hold_and_rescue() -> None:
    """ "Elle dépense donc 1 point d'énergie pour se mettre en attente ... 1 point d'énergie pour son premier
    déplacement, 1 point d'énergie pour son second déplacement, et 1 point de plus pour emporter quelqu'un
    d'autre avec elle" (002_58e889a1abff3456.txt)."""
    fight = play("wink_hold")
    assert [m.paid for m in of_type(fight.events(), Moved)] == [1, 2]
    assert fight.state.get("wink").energy == 5 - 1 - 1 - 1 - 1
    assert fight.state.get("mate").position == fight.state.get("wink").position == (0.0, 5.0)
    assert fight.state.acting == "mate"


def test_tremblor() -> None:
    """ "il engage 3 points d'énergie sur son Off-C +1 ... soit 4 points d'énergie effectifs — le robot engage
    2 en défense, encaisse 2 dégâts de vigueur ... dépense ensuite 2 points d'énergie sur son pouvoir de
    Sup" (002_58e889a1abff3456.txt)."""
    fight = play("tremblor")
    assert of_type(fight.events(), AttackDeclared)[0].pending.effective == 4
    assert of_type(fight.events(), VigorLost)[0].amount == 2
    assert fight.state.get("tremblor").energy == 6 - 3 - 2


def test_vector() -> None:
    """ "elle commence avec 5 points d'énergie ... se déplacer deux fois (2 points dépensés, récupère 1 grâce
    au renforcement lors du premier mouvement, coût net 1) ... Off-C pour 2 points). Total dépensé : 3
    points. Il lui reste 2 points" (002_58e889a1abff3456.txt)."""
    fight = play("vector")
    assert sum(m.paid for m in of_type(fight.events(), Moved)) == 1
    assert fight.state.get("vector").energy == 2


def test_altair() -> None:
    """ "vole jusqu'au niveau de la mezzanine (1 point ...) ... engage 4 points d'énergie. Comme le garde n'a
    qu'1 point de défense à opposer, ALTAIR réussit avec 3 points d'énergie : peut utiliser 2 ... pour se
    déplacer avec sa cible de 20 mètres ... lâcher le garde ... pour 1 point de vigueur"
    (002_58e889a1abff3456.txt)."""
    fight = play("altair")
    assert of_type(fight.events(), AttackResolved)[0].margin == 3
    assert of_type(fight.events(), VigorLost)[0].amount == 1
    assert fight.state.get("guard").position == (25.0, 20.0)
    assert fight.state.get("altair").energy == 5 - 1 - 4


def test_fold() -> None:
    """ "elle engage 4 points sur son Off-C +1 (soit 5 effectifs) ... Le colosse engage 4 en défense — il
    encaisse 1 dégât. Fold utilise ensuite son (Sup) (2 points, demi-succès offensif, 1 effectif)"
    (002_58e889a1abff3456.txt)."""
    fight = play("fold")
    declared = of_type(fight.events(), AttackDeclared)
    assert [d.pending.effective for d in declared] == [5, 1]
    assert of_type(fight.events(), VigorLost)[0].amount == 1
    assert 0 in fight.state.get("henchman").lost_powers


def test_tempete_d_acier() -> None:
    """ "elle engage 3 points sur son (Sup) pour créer un champ de vents violents de rang 3 ... obligerait un
    adversaire à dépenser 4 points pour traverser ... Foudre +1 ... (3 points = 4 effectifs)"
    (002_58e889a1abff3456.txt)."""
    fight = play("tempete")
    assert of_type(fight.events(), TerrainCreated)[0].element.rank == 3
    assert of_type(fight.events(), AttackDeclared)[0].pending.effective == 4
    assert of_type(fight.events(), Moved)[-1].paid == 4


def test_miroir() -> None:
    """ "lien télépathique avec ses deux alliés (2 points dépensés, renforcement rend 1 ...) ... 2 points sur
    son Attaque mentale ... Le garde, sans défense mentale, doit se défendre en demi-succès"
    (002_58e889a1abff3456.txt)."""
    fight = play("miroir")
    assert of_type(fight.events(), SupportUsed)[0].paid == 2 - 1
    assert of_type(fight.events(), DefensePlaced)[0].level == 1
    assert fight.state.get("miroir").energy == 6 - 1 - 2


def test_axiome() -> None:
    """ "elle engage 3 points sur son (Sup) pour maintenir une porte blindée fermée (rang 3) ... 2 points sur
    son Off-D +1 (soit 3 effectifs)" (002_58e889a1abff3456.txt)."""
    fight = play("axiome")
    assert of_type(fight.events(), TerrainCreated)[0].element.rank == 3
    assert of_type(fight.events(), AttackDeclared)[0].pending.effective == 3


def test_suture() -> None:
    """ "Suture engage 4 points en (Sup) pour soigner un allié gravement secoué : demi-succès, soit 2 points
    de vigueur récupérés. Il lui reste 2 points" (002_58e889a1abff3456.txt)."""
    fight = play("suture")
    assert of_type(fight.events(), VigorRestored)[0].amount == 2
    assert fight.state.get("suture").energy == 2


def test_legion() -> None:
    """ "il dépense 3 points sur son (Def) +1 (soit 4 effectifs) pour créer une copie de rang 4 ... une autre
    copie avec 2 points" (002_58e889a1abff3456.txt)."""
    fight = play("legion")
    copies = [c.copy for c in of_type(fight.events(), CopyCreated)]
    assert [(c.energy, c.vigor) for c in copies] == [(4, 4), (2, 2)]


def test_a_copy_losing_vigor_costs_the_original() -> None:
    """ "Lorsqu'une copie perd un point de vigueur, l'original perd lui aussi un point de vigueur"
    (002_58e889a1abff3456.txt)."""
    from meneur.systems.energy.combat.effects.damage import lose_vigor

    fight = play("legion")
    lost = lose_vigor(fight.state, "legion#1", 2)
    assert [(e.target, e.amount) for e in lost] == [("legion#1", 2), ("legion", 2)]


def test_kaleidoscope() -> None:
    """ "il engage 3 points sur son Off-C ... Son (Def) absorbe en parallèle 2 points d'une attaque entrante"
    (002_58e889a1abff3456.txt)."""
    fight = play("kaleidoscope")
    resolved = of_type(fight.events(), AttackResolved)
    assert resolved[0].own_defense == 2
    assert of_type(fight.events(), AttackDeclared)[1].pending.tokens == 3


def test_nexus() -> None:
    """ "il ouvre un portail de rang 1 gratuitement (grâce au renforcement) ... Ses deux coéquipiers passent
    à travers ... maintient le portail lors de la phase d'entretien (1 point offert par le renforcement)"
    (002_58e889a1abff3456.txt)."""
    fight = play("nexus")
    assert of_type(fight.events(), TerrainCreated)[0].paid == 0
    assert [m.paid for m in of_type(fight.events(), Moved)] == [1, 1]
    assert of_type(fight.events(), LastingMaintained)[0].paid == 0
    assert fight.state.terrain_element("nexus-t1") is not None
    assert fight.state.phase is Phase.ACTION


def test_horloge() -> None:
    """ "au tour suivant, il ne récupère que la moitié de son attribut de récupération. Elle engage 2 points
    sur son (Sup) pour accélérer un allié en demi-succès (1 point d'énergie bonus pour l'allié). Il lui
    reste 1 point" (002_58e889a1abff3456.txt)."""
    fight = play("horloge")
    assert of_type(fight.events(), EnergyGiven)[0].amount == 1
    turn = of_type(fight.events(), TurnStarted)[0]
    assert dict(turn.gains)["enemy"] == 5 // 2
    first_turn = fight.entries()[4].before  # before HORLOGE passes
    assert first_turn.get("horloge").energy == 1


def test_solaris() -> None:
    """ "Il engage 3 points d'énergie, ce que le robot ne peut pas contrer, il lui dérobe donc son pouvoir.
    Il utilise ensuite 2 points d'énergie pour utiliser ce pouvoir d'enchevêtrement"
    (002_58e889a1abff3456.txt)."""
    fight = play("solaris")
    declared = of_type(fight.events(), AttackDeclared)
    assert [d.pending.effective for d in declared] == [4, 2]
    assert "immobilized" in fight.state.get("henchman").conditions
    assert fight.state.get("solaris").energy == 6 - 3 - 2


def test_architect() -> None:
    """ "elle engage 2 points sur son (Sup) ... un de ses alliés obtient un avantage de 1 point d'énergie
    (demi-succès). Elle engage ensuite 2 points sur son Off-C pour immobiliser un garde"
    (002_58e889a1abff3456.txt)."""
    fight = play("architect")
    assert of_type(fight.events(), EnergyGiven)[0].amount == 1
    assert "immobilized" in fight.state.get("guard").conditions


def test_architect_armor() -> None:
    """ "Son armure (Def) +1 absorbe 4 points effectifs d'une attaque" (002_58e889a1abff3456.txt)."""
    fight = play("architect_armor")
    resolved = of_type(fight.events(), AttackResolved)[0]
    assert (resolved.attack, resolved.defense, resolved.success) == (4, 4, False)


def test_grimoire() -> None:
    """ "elle engage 3 points sur sa Malédiction (Off-D) +1 (soit 4 effectifs) ... se défend en demi-succès"
    (002_58e889a1abff3456.txt)."""
    fight = play("grimoire")
    assert of_type(fight.events(), AttackDeclared)[0].pending.effective == 4
    assert of_type(fight.events(), AttackResolved)[0].defense == 4 // 2


def test_spectre() -> None:
    """ "active sa Présence fantôme (Sup) pour un point d'énergie ... engage ensuite 3 points sur sa Frappe
    de l'ombre (Off-C) — elle restera invisible si elle dépense 1 point supplémentaire"
    (002_58e889a1abff3456.txt)."""
    fight = play("spectre")
    assert fight.state.get("spectre").invisible
    assert fight.state.get("spectre").energy == 6 - 1 - 3 - 1
    assert of_type(fight.events(), AttackResolved)[0].defense == 4 // 2


def test_bulwark_stops_an_attack_of_4() -> None:
    """ "engage 5 points d'énergie sur sa défense (+1 de renforcement = 6 effectifs). Une attaque de 4
    ricoche totalement sur son armure" (002_58e889a1abff3456.txt)."""
    resolved = of_type(play("bulwark_4").events(), AttackResolved)[0]
    assert (resolved.attack, resolved.defense, resolved.success) == (4, 6, False)


def test_bulwark_takes_1_from_an_attack_of_7() -> None:
    """ "Une attaque de 7 le touche pour 1 seul point de vigueur" (002_58e889a1abff3456.txt)."""
    fight = play("bulwark_7")
    assert of_type(fight.events(), VigorLost)[0].amount == 1


def test_echo() -> None:
    """ "elle dépense 2 points sur son Emprise (Off-D) +1 (soit 3 effectifs) ... il engage 4 points (valant 2).
    L'Emprise d'ÉCHO passe" (002_58e889a1abff3456.txt)."""
    fight = play("echo")
    resolved = of_type(fight.events(), AttackResolved)[0]
    assert (resolved.attack, resolved.defense, resolved.success) == (3, 2, True)
    assert fight.state.get("cyborg").controlled_by == "echo"


def test_echo_plays_the_cyborg_with_her_own_tokens() -> None:
    """ "elle peut utiliser le reste de ses points d'énergie pour jouer le cyborg, qui se retourne contre
    son propre camp" (002_58e889a1abff3456.txt)."""
    fight = play("echo")
    assert fight.state.get("echo").energy == 5 - 2 - 3
    assert fight.state.get("cyborg").energy == 9 - 4
    assert fight.state.get("ally").out


def test_deja_vu() -> None:
    """ "elle dépense 2 points sur son Off-D pour forcer un adversaire à rater son prochain déplacement"
    (002_58e889a1abff3456.txt)."""
    fight = play("deja_vu")
    assert of_type(fight.events(), MoveFailed)
    assert fight.state.get("foe").position == (20.0, 0.0)


def test_forge() -> None:
    """ "ériger une barrière métallique de rang 3 ... (3 points nécessaires pour la détruire ou la franchir).
    Il engage ensuite 2 points sur son Off-D" (002_58e889a1abff3456.txt)."""
    fight = play("forge")
    assert of_type(fight.events(), TerrainCreated)[0].element.rank == 3
    assert of_type(fight.events(), Moved)[-1].paid == 3 + 1
