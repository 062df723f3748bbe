"""« La règle du Talisman de Foi », « Recharger le Talisman », « Coût narratif », « Limites »
(003_87a535c5e428c5d3.txt) as a state machine."""

from __future__ import annotations

import pytest

from meneur.errors import BadInputError, Refused
from meneur.systems.carpathes.commands import (
    BeginConfrontation,
    DoPenance,
    EndConfrontation,
    EstablishSacredObject,
    InvokeTalisman,
    Recollect,
    StartSession,
    Teach,
)
from meneur.systems.carpathes.model import CreatureKind, TableOptions, Tier, Trait
from meneur.systems.carpathes.narration import narrate
from tests.carpathes.helpers import Table, in_scene, refusal

CROSS = "croix d'argent ternie"


def sincere(pc: str = "Mihail", item: str = CROSS) -> InvokeTalisman:
    return InvokeTalisman(pc=pc, sacred_object=item, sincere=True)


def ironic(pc: str = "Mihail", item: str = CROSS) -> InvokeTalisman:
    return InvokeTalisman(pc=pc, sacred_object=item, sincere=False)


def refused(
    table: Table, command: InvokeTalisman | DoPenance | Teach | EstablishSacredObject, rule: str
) -> None:
    before = table.log
    with pytest.raises(Refused) as caught:
        table.do(command)
    assert caught.value.rule == rule
    assert table.log == before
    assert refusal(table.state, command) is not None


def mihail_faces_the_vampire() -> Table:
    # « Il jette 2D6+Mental ... et obtient 10 »: Mental 2, dice 4 and 4.
    return in_scene().confront(CreatureKind.VAMPIRE).roll("Mihail", (4, 4))


def test_father_mihail_sincere_word_turns_his_10_into_a_full_success() -> None:
    """003_87a535c5e428c5d3.txt, « Exemple en jeu »: « obtient 10, succès partiel » ... « Le 10
    devient succès complet ... Mihail garde sa foi, et la croix garde sa lumière »."""
    table = mihail_faces_the_vampire()
    last = table.state.status["Mihail"].last_roll
    assert last is not None
    assert (last.trait_roll().total, last.trait_roll().final_tier) == (10, Tier.PARTIAL_SUCCESS)
    table.do(sincere())
    status = table.state.status["Mihail"]
    assert status.last_roll is not None
    result = status.last_roll.trait_roll()
    assert (result.total, result.tier, result.final_tier) == (10, Tier.PARTIAL_SUCCESS, Tier.SUCCESS)
    assert not status.cracked and status.penalty == "none"


def test_father_mihail_ironic_phrase_leaves_a_partial_success_and_cracks_the_cross() -> None:
    """003_87a535c5e428c5d3.txt: « d'un ton ironique ... le 10 serait resté un succès partiel, et
    la croix se serait fissurée pour la prochaine fois »."""
    table = mihail_faces_the_vampire().do(ironic())
    status = table.state.status["Mihail"]
    assert status.last_roll is not None
    assert status.last_roll.trait_roll().final_tier is Tier.PARTIAL_SUCCESS
    assert status.cracked and status.penalty == "pending"


def test_no_extra_roll() -> None:
    """« Pas de jet supplémentaire »: the Talisman consumes no dice (entered dice would be left)."""
    table = mihail_faces_the_vampire()
    with pytest.raises(BadInputError):
        table.do(sincere(), dice=(6,))


def test_once_per_scene() -> None:
    """« Une fois par scène, un PJ peut invoquer un Talisman de Foi »."""
    table = mihail_faces_the_vampire().do(sincere()).roll("Mihail", (5, 3))
    refused(table, sincere(), "talisman.recharge")


@pytest.mark.parametrize(
    ("creature", "legal"),
    [
        (CreatureKind.VAMPIRE, True),
        (CreatureKind.UNDEAD, True),
        (CreatureKind.POSSESSED, True),
        (CreatureKind.CARPATHIAN_CREATURE, True),
        (CreatureKind.WOLF, False),
        (CreatureKind.HUMAN, False),
    ],
)
def test_only_confirmed_supernatural_confrontations(creature: CreatureKind, legal: bool) -> None:
    """« Limites »: « ne s'applique qu'aux confrontations surnaturelles avérées (vampire,
    mort-vivant, possédé, créature carpatique) », « pas en chasse aux loups réels »."""
    table = in_scene().confront(creature).roll("Mihail", (4, 4))
    if legal:
        table.do(sincere())
    else:
        refused(table, sincere(), "talisman.supernatural_only")


def test_not_outside_a_confrontation_nor_when_unconfirmed() -> None:
    """« confrontations surnaturelles avérées »: a suspected creature is not enough."""
    table = in_scene().roll("Mihail", (4, 4))
    refused(table, sincere(), "talisman.supernatural_only")
    table.do(BeginConfrontation(creature=CreatureKind.VAMPIRE, confirmed=False))
    table.roll("Mihail", (4, 4))
    refused(table, sincere(), "talisman.supernatural_only")


@pytest.mark.parametrize(
    ("dice", "tier"),
    [
        ((1, 2), Tier.CRITICAL_FAILURE),
        ((3, 3), Tier.FAILURE),
        ((5, 4), Tier.SUCCESS),
    ],
)
def test_only_a_partial_success_is_transformed(dice: tuple[int, int], tier: Tier) -> None:
    """« il transforme un succès partiel (résultat 9-10 sur 2D6+Trait) en succès complet »."""
    table = in_scene().confront().roll("Mihail", dice)
    refused(table, sincere(), "talisman.partial_success")
    assert table.state.status["Mihail"].talisman_spent_in is None


def test_the_object_must_be_established_in_the_fiction() -> None:
    """« Le MJ peut refuser le Talisman si l'objet n'a jamais été établi comme sacré »."""
    table = mihail_faces_the_vampire()
    refused(table, sincere(item="relique inventée"), "talisman.established_object")


def test_table_option_accepts_an_unestablished_object() -> None:
    """Ruling « Objet sacré non établi » (table option require_established_object)."""
    table = in_scene(TableOptions(require_established_object=False)).confront()
    table.roll("Mihail", (4, 4)).do(sincere(item="relique inventée"))
    assert table.state.status["Mihail"].talisman_spent_in == 1


def test_a_declared_atheist_cannot_unless_a_believer_teaches_them() -> None:
    """« Un PJ ... athée déclaré au moment de la création ne peut pas activer la règle, sauf si un
    autre PJ croyant l'instruit en jeu »."""
    table = in_scene(TableOptions(require_established_object=False)).confront()
    table.roll("Anca", (4, 3), Trait.SOCIAL)
    refused(table, sincere("Anca", "chapelet"), "talisman.atheist")
    table.do(Teach(pc="Anca", teacher="Mihail")).do(sincere("Anca", "chapelet"))
    assert table.state.status["Anca"].last_roll is not None
    assert table.state.status["Anca"].last_roll.trait_roll().final_tier is Tier.SUCCESS


@pytest.mark.parametrize(("pc", "teacher"), [("Mihail", "Anca"), ("Anca", "Anca")])
def test_only_another_believer_can_teach_an_atheist(pc: str, teacher: str) -> None:
    refused(in_scene(), Teach(pc=pc, teacher=teacher), "talisman.teach")


def recharge_table(night: bool) -> Table:
    table = mihail_faces_the_vampire().do(sincere())
    table.do(EndConfrontation()).scene(after_night=night)
    return table


def test_recharges_in_a_new_scene_after_a_night_and_recollection() -> None:
    """« Recharger le Talisman »: « à chaque nouvelle scène où une nuit s'est écoulée et où le PJ a
    pu se recueillir : prière du soir ... »."""
    table = recharge_table(night=True)
    table.confront().roll("Mihail", (4, 4))
    refused(table, sincere(), "talisman.recharge")  # not before the recollection
    table.do(Recollect(pc="Mihail")).do(sincere())


def test_no_recharge_without_a_night() -> None:
    """« Recharger le Talisman »: a new scene without a night does not recharge."""
    table = recharge_table(night=False).do(Recollect(pc="Mihail")).confront().roll("Mihail", (4, 4))
    refused(table, sincere(), "talisman.recharge")


def test_no_recharge_in_the_same_scene() -> None:
    """« Elle ne se recharge pas dans la même scène, même si plusieurs heures de jeu passent »."""
    table = Table().do(StartSession()).scene(after_night=True).confront().roll("Mihail", (4, 4)).do(sincere())
    table.do(Recollect(pc="Mihail")).roll("Mihail", (4, 4))
    refused(table, sincere(), "talisman.recharge")


def test_cracked_object_gives_disadvantage_in_the_next_supernatural_confrontation() -> None:
    """« Coût narratif »: « Pour la prochaine confrontation surnaturelle, ce PJ subit un Désavantage
    (3D6 garder les 2 pires) sur tout jet de protection ou d'attaque contre la créature »."""
    table = mihail_faces_the_vampire().do(ironic()).do(EndConfrontation())
    table.confront(CreatureKind.WOLF).roll("Mihail", (6, 6), purpose="attack")  # real wolves: no
    table.do(EndConfrontation()).confront(CreatureKind.UNDEAD)
    table.roll("Mihail", (6, 1, 6), Trait.PHYSICAL, purpose="protection")
    last = table.state.status["Mihail"].last_roll
    assert last is not None
    assert (last.trait_roll().kept, last.trait_roll().dropped) == ((6, 1), (6,))
    table.roll("Mihail", (6, 6), purpose="action")  # neither protection nor attack
    table.do(EndConfrontation()).confront(CreatureKind.VAMPIRE)
    table.roll("Mihail", (6, 6), purpose="attack")  # only the next confrontation: 2 dice again
    assert table.state.status["Mihail"].penalty == "none"
    assert table.state.status["Mihail"].cracked


def test_cracked_faith_refuses_the_talisman_until_penance() -> None:
    """« seule une scène de pénitence sincère (confession à un prêtre, pèlerinage à pied, pardon
    offert à un ennemi) la restaure »."""
    table = mihail_faces_the_vampire().do(ironic()).do(EndConfrontation())
    table.scene(after_night=True).do(Recollect(pc="Mihail")).confront().roll("Mihail", (4, 4))
    refused(table, sincere(), "talisman.cracked")
    table.do(DoPenance(pc="Mihail"))
    assert not table.state.status["Mihail"].cracked
    table.do(sincere())


def test_penance_clears_a_pending_disadvantage() -> None:
    table = mihail_faces_the_vampire().do(ironic()).do(EndConfrontation()).do(DoPenance(pc="Mihail"))
    table.confront().roll("Mihail", (6, 6), purpose="attack")
    assert table.state.status["Mihail"].penalty == "none"


def test_penance_needs_shaken_faith() -> None:
    refused(in_scene(), DoPenance(pc="Mihail"), "penance.not_cracked")


def test_table_option_disadvantage_until_penance() -> None:
    """Ruling « Durée du désavantage » (table option cracked_disadvantage_until_penance)."""
    table = in_scene(TableOptions(cracked_disadvantage_until_penance=True)).confront()
    table.roll("Mihail", (4, 4)).do(ironic()).do(EndConfrontation())
    for _ in range(2):
        table.confront().roll("Mihail", (6, 6, 1), purpose="attack").do(EndConfrontation())
        assert table.state.status["Mihail"].last_roll is not None
        assert table.state.status["Mihail"].last_roll.trait_roll().kept == (6, 1)
    table.do(DoPenance(pc="Mihail")).confront().roll("Mihail", (6, 6), purpose="attack")


def test_an_object_established_in_the_fiction_between_confrontations() -> None:
    """« Le MJ peut refuser le Talisman si l'objet n'a jamais été établi comme sacré dans la
    fiction. Un PJ ne peut pas inventer en cours de scène qu'il portait une relique »: the GM
    establishes it outside a confrontation, never to save a roll already made."""
    table = mihail_faces_the_vampire()
    refused(
        table,
        EstablishSacredObject(pc="Mihail", sacred_object="médaillon béni"),
        "talisman.established_object",
    )
    refused(table, sincere(item="médaillon béni"), "talisman.established_object")
    table.do(EndConfrontation()).do(EstablishSacredObject(pc="Mihail", sacred_object="médaillon béni"))
    table.confront().roll("Mihail", (4, 4)).do(sincere(item="Médaillon béni"))
    assert table.state.characters["Mihail"].sacred_objects == (CROSS, "médaillon béni")


@pytest.mark.parametrize("item", [" ", CROSS])
def test_establishing_needs_a_new_named_object(item: str) -> None:
    table = in_scene()
    before = table.log
    with pytest.raises(BadInputError):
        table.do(EstablishSacredObject(pc="Mihail", sacred_object=item))
    assert table.log == before


@pytest.mark.parametrize(
    ("until_penance", "lang", "expected"),
    [
        (
            False,
            "fr",
            [
                "Le MJ juge l'invocation creuse : le jet reste un succès partiel et « croix"
                " d'argent ternie » se fissure.",
                "Pour la prochaine confrontation surnaturelle, Mihail subira un désavantage sur"
                " tout jet de protection ou d'attaque.",
            ],
        ),
        (
            True,
            "en",
            [
                "The GM judges the invocation hollow: the roll stays a partial success and"
                " 'croix d'argent ternie' cracks.",
                "Mihail will be at disadvantage on protection and attack rolls in every"
                " supernatural confrontation until a scene of sincere penance.",
            ],
        ),
    ],
)
def test_the_ironic_phrase_explains_its_cost(until_penance: bool, lang: str, expected: list[str]) -> None:
    """003_87a535c5e428c5d3.txt: « le MJ aurait jugé l'invocation creuse, le 10 serait resté un
    succès partiel, et la croix se serait fissurée pour la prochaine fois »."""
    options = TableOptions(cracked_disadvantage_until_penance=until_penance)
    table = in_scene(options).confront().roll("Mihail", (4, 4)).do(ironic())
    event = table.session.events()[-1]
    assert [m.render(lang) for m in narrate(event)] == expected


@pytest.mark.parametrize("closing", ["scene", "session"])
def test_shaken_faith_ends_with_its_confrontation_when_a_scene_or_session_closes_it(closing: str) -> None:
    """« Pour la prochaine confrontation surnaturelle, ce PJ subit un Désavantage »
    (003_87a535c5e428c5d3.txt): a new scene or session that closes that confrontation ends the
    disadvantage as ``end-confrontation`` does; protection rolls outside it and later confrontations
    roll 2 dice again."""
    table = mihail_faces_the_vampire().do(ironic()).do(EndConfrontation())
    table.confront(CreatureKind.UNDEAD)
    assert table.state.status["Mihail"].penalty == "active"
    if closing == "session":
        table.do(StartSession())
    table.scene()
    assert table.state.status["Mihail"].penalty == "none"
    table.roll("Mihail", (6, 6), Trait.PHYSICAL, purpose="protection")
    table.confront(CreatureKind.VAMPIRE).roll("Mihail", (6, 6), purpose="attack")
    assert table.state.status["Mihail"].penalty == "none"
