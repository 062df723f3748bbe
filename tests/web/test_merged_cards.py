"""A card of several variants of one command (``web/game_view.merged``): its list says what sets
each variant apart, and what all of them say first (who acts) is said once, in the card's words."""

from __future__ import annotations

from meneur.web.game_view import Button, merged


def _button(actor: str | None, label: str, number: int) -> Button:
    return Button(
        actor=actor,
        kind="declare",
        label=label,
        wire=f'{{"declare": {{"n": {number}}}}}',
        cost_min=0,
        cost_max=0,
        amount_field=None,
        reason=None,
        key=f"b-{number}",
    )


def test_the_actor_every_variant_names_first_is_said_once_in_the_card() -> None:
    tails = ["Kira, Shield", "Kira, Haste", "Kira, Shield, Haste"]
    (card,) = merged(
        [_button("Kira", f"Déclarer des techniques — {tail}", n) for n, tail in enumerate(tails)]
    )
    assert card.label == "Déclarer des techniques — Kira"
    assert [text for _, text in card.options] == ["Shield", "Haste", "Shield, Haste"]
    assert [wire for wire, _ in card.options] == [f'{{"declare": {{"n": {n}}}}}' for n in range(3)]


def test_variants_of_different_actors_keep_their_names() -> None:
    """The GM's card of the same command for several characters: each one's name is what sets it
    apart."""
    tails = ["Ayla, Shield", "Bren, Shield", "Cyd, Haste"]
    (card,) = merged([_button(None, f"Déclarer — {tail}", n) for n, tail in enumerate(tails)])
    assert card.label == "Déclarer"
    assert [text for _, text in card.options] == tails


def test_a_variant_that_says_only_the_actor_keeps_the_list_whole() -> None:
    tails = ["Kira", "Kira, Shield", "Kira, Haste"]
    (card,) = merged([_button("Kira", f"Déclarer — {tail}", n) for n, tail in enumerate(tails)])
    assert card.label == "Déclarer"
    assert [text for _, text in card.options] == tails


def test_a_warzone_declaration_card_lists_the_techniques_alone_and_names_none() -> None:
    """« at most three, maybe none » (warzone/commands.py, DeclareTechniques): the variant of no
    technique says « aucune technique », and Mystic is named once, in the card's words."""
    from meneur.systems.warzone.view.session import WarzoneParts

    parts = WarzoneParts()
    chosen = ([], ["Shield"], ["Shield", "Haste"])
    labels = [parts.label("declare", {"names": names, "model": "Mystic"}, "fr") for names in chosen]
    (card,) = merged([_button("Mystic", label, n) for n, label in enumerate(labels)])
    assert card.label == "déclarer des techniques — Mystic"
    assert [text for _, text in card.options] == ["aucune technique", "Shield", "Shield, Haste"]
