"""Carpathes' parts of the shared session page (:class:`meneur.web.games.GamePages`): each player
character's card, the chronicle's facts with the scene's initiative (each combatant's dice and total
as the engine's events hold them, in the order of the round), the buttons' words in the book's
words, and before rolling the tiers of 2D6 + Trait or the wound an attack inflicts, computed by the
rules (:mod:`.tiers`), with what is chosen beside an attack's or the initiative's button
(:mod:`.choices`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from meneur.engine.codec import with_fields
from meneur.i18n import N_, Message, translate
from meneur.server.services.sessions import LogOut
from meneur.systems.carpathes.attacks import attack_terms
from meneur.systems.carpathes.chronicle import roll_bonus, roll_mode
from meneur.systems.carpathes.combat import WOUND_LABELS, Wound
from meneur.systems.carpathes.commands import MakeAttack, MakeRoll, RollInitiative, UseJoker
from meneur.systems.carpathes.limits import check
from meneur.systems.carpathes.model import CREATURE_LABELS, TIER_LABELS, TRAIT_LABELS, CreatureKind, Trait
from meneur.systems.carpathes.view import setup
from meneur.systems.carpathes.view.choices import (
    ATTACK_FLAGS,
    AttackChoices,
    attack_choices,
    attack_with,
    form_of,
    initiative_choices,
    initiative_form,
    initiative_with,
)
from meneur.systems.carpathes.view.tiers import tiers, wounds
from meneur.web.game_choices import text
from meneur.web.game_odds import Odds
from meneur.web.game_parts import Facts, Parts, Rows
from meneur.web.game_words import label
from meneur.web.games import GamePages

COMMAND_WORDS: dict[str, str] = {
    "start_session": N_("start a session"),
    "end_session": N_("end the session"),
    "start_scene": N_("start a scene"),
    "end_scene": N_("end the scene"),
    "begin_confrontation": N_("begin a confrontation"),
    "end_confrontation": N_("end the confrontation"),
    "roll_initiative": N_("roll initiative"),
    "next_round": N_("next round"),
    "give_clue": N_("give a clue"),
    "attack": N_("attack"),
    "inflict_wound": N_("inflict a wound"),
    "give_medical_care": N_("give medical care"),
    "roll": N_("roll"),
    "use_joker": N_("use the Joker du destin"),
    "invoke_talisman": N_("invoke the Talisman de Foi"),
    "add_character": N_("add a character"),
    "add_npc": N_("add a non-player character"),
    "recollect": N_("recollect oneself"),
    "teach": N_("teach"),
    "do_penance": N_("do penance"),
    "establish_sacred_object": N_("establish a sacred object"),
}
"""The buttons' words for the engine's command names (a label, not a rule)."""

PURPOSES = {"protection": N_("protection roll"), "attack": N_("attack roll")}
"""The words of a roll's purpose on its button."""

EXAMPLE: dict[str, Any] = {
    "characters": [
        {"name": "Mihail", "mental": 2, "physical": 1, "social": 1, "sacred_objects": ["croix"]},
        {"name": "Anca", "mental": 1, "physical": 2, "social": 2, "talents": {"escrime": 2}},
    ],
    "npcs": [{"name": "Strigoi", "kind": "vampire", "mental": 2, "physical": 3, "social": 1}],
}
"""A chronicle to start from in the new-session form (:attr:`meneur.engine.plugin.SessionKind.example`)."""

ATTACK = "carpathes/_attack.html"
INITIATIVE = "carpathes/_initiative.html"
"""The templates of what is chosen beside an attack's and the initiative's buttons."""


def book_word(key: str, value: Any, lang: str) -> str | None:
    """A value the catalogs name: a trait, a creature, a wound, a roll's purpose."""
    if key == "trait" and value in set(Trait):
        return translate("carpathes", TRAIT_LABELS[Trait(value)], lang)
    if key == "creature" and value in set(CreatureKind):
        return translate("carpathes", CREATURE_LABELS[CreatureKind(value)], lang)
    if key == "wound" and value in set(Wound):
        return translate("carpathes", WOUND_LABELS[Wound(value)], lang)
    if key == "purpose":
        return translate("web", PURPOSES[value], lang) if value in PURPOSES else ""
    return None


def character_rows(state: Any, lang: str) -> Rows:
    """Each player character with the numbers the chronicle keeps for it."""
    turn = state.turn()
    found = []
    for name, character in state.characters.items():
        status = state.status[name]
        last = None
        if status.last_roll is not None:
            rolled = status.last_roll.trait_roll()
            last = {
                "dice": " + ".join(str(d) for d in rolled.kept),
                "trait": rolled.trait,
                "bonus": rolled.bonus,
                "total": rolled.total,
                "tier": translate("carpathes", TIER_LABELS[rolled.final_tier], lang),
            }
        found.append(
            {
                "name": name,
                "traits": {
                    "mental": character.mental,
                    "physical": character.physical,
                    "social": character.social,
                },
                "talents": dict(character.talents),
                "defense": character.defense,
                "wounds": [translate("carpathes", WOUND_LABELS[w], lang) for w in status.wounds],
                "needs_care": status.needs_care,
                "talisman_spent": status.talisman_spent_in is not None,
                "joker_used": status.joker_used_in is not None,
                "cracked": status.cracked,
                "last_roll": last,
                "turn": name == turn,
            }
        )
    return found


def npc_rows(state: Any, lang: str) -> Rows:
    """Each NPC or creature of the chronicle with its state: what it is, its traits and Défense,
    its wounds (« Marge 5 à 9 : blessure sérieuse, désavantage à la cible jusqu'à soin médical »),
    and whether it is its turn. Its card says no one plays it (``played``: false)."""
    turn = state.turn()
    found = []
    for name, npc in state.npcs.items():
        status = state.npc_status[name]
        found.append(
            {
                "name": name,
                "npc": True,
                "played": False,
                "kind": translate("carpathes", CREATURE_LABELS[npc.kind], lang),
                "traits": {"mental": npc.mental, "physical": npc.physical, "social": npc.social},
                "defense": npc.defense,
                "wounds": [translate("carpathes", WOUND_LABELS[w], lang) for w in status.wounds],
                "needs_care": status.needs_care,
                "turn": name == turn,
            }
        )
    return found


def whose_turn(state: Any, lang: str) -> str:
    """« Le plus haut agit en premier, puis on descend »: whose turn it is, or that the round is
    over, or a dash before the scene's initiative."""
    if state.initiative_scene != state.scene or not state.initiative or state.round < 1:
        return "—"
    turn = state.turn()
    if turn is None:
        return translate("web", N_("Everyone has acted: the GM starts the next round."), lang)
    return Message("web", N_("{name}'s turn"), {"name": turn}).render(lang)


def initiative(state: Any, lang: str) -> list[str]:
    """The scene's initiative in this round's order, one line per combatant with its dice (the two
    kept; the three rolled under disadvantage) and total, as the engine's event holds them and in
    its words (« chaque combattant lance 2D6 + Physique. Le plus haut agit en premier »); nothing
    before it is rolled in this scene (« L'initiative se relance à chaque scène »)."""
    if state.initiative_scene != state.scene or not state.initiative:
        return []
    return [line.render(lang) for line in state.initiative_order().explain(max(state.round, 1))]


def facts(state: Any, lang: str) -> list[tuple[str, str | list[str]]]:
    """The chronicle's session, scene and round, and the scene's initiative."""
    return [
        (translate("web", N_("Session"), lang), str(state.session)),
        (translate("web", N_("Scene"), lang), str(state.scene)),
        (translate("web", N_("Round"), lang), str(state.round)),
        (translate("web", N_("Whose turn"), lang), whose_turn(state, lang)),
        (translate("web", N_("Initiative"), lang), initiative(state, lang) or "—"),
    ]


class CarpathesParts(Parts):
    """Carpathes' parts of a session page (a :class:`meneur.web.game_parts.GameParts`)."""

    rolling = frozenset({"roll_initiative"})
    words = COMMAND_WORDS
    setup_template: str | None = "carpathes/_setup.html"

    def setup_of(self, form: Mapping[str, str], lang: str) -> Any:
        """The chronicle's setup from the new-session form (:mod:`.setup`)."""
        return setup.setup_of(form)

    def actors(self, state: Any) -> list[str]:
        """The player characters (the non-player characters stay the GM's)."""
        return list(state.characters)

    def is_rare(self, kind: str, fields: Any) -> bool:
        """A roll in peril (protection or attack) is the scene's exception: folded away."""
        return kind == "roll" and isinstance(fields, dict) and bool(fields.get("peril"))

    def label(self, kind: str, fields: Any, lang: str) -> str:
        """The command and what it is given, in the book's words."""
        return label(kind, fields, lang, self.words, book_word)

    def rows(self, state: Any, log: LogOut, lang: str) -> tuple[Rows, Facts]:
        """Each player character's card, each NPC's or creature's, and the chronicle's session,
        scene, round, whose turn it is and the initiative."""
        return [*character_rows(state, lang), *npc_rows(state, lang)], facts(state, lang)

    def odds(self, state: Any, command: Any, lang: str) -> Odds:
        """The tiers of a roll, the wound of an attack, the initiative's choices (no odds: it gives
        an order)."""
        if isinstance(command, MakeAttack):  # refused now: no odds, the engine says why
            check(state, command)
            terms = attack_terms(state, command)
            choices = attack_choices(command, terms, lang)
            return Odds(wounds(terms, lang), choices=choices, template=ATTACK)
        if isinstance(command, RollInitiative):  # refused now: the engine says why beside the choices
            check(state, command)
            return Odds(choices=initiative_choices(state, form_of(state, command)), template=INITIATIVE)
        if isinstance(command, UseJoker):  # the Joker du destin rolls the last roll again
            last = state.status[command.pc].last_roll
            if last is None:
                return Odds()
            return Odds(tiers(last.roll.trait, last.roll.bonus, roll_mode(state, command), lang))
        if not isinstance(command, MakeRoll):
            return Odds()
        bonus, _off_guard = roll_bonus(state, command)
        trait = state.characters[command.pc].trait(command.trait)
        return Odds(tiers(trait, bonus, roll_mode(state, command), lang))

    def choose(self, wire: Any, data: Any) -> Any:
        """The attack with its weapon, bonus and flags; the initiative with its combatants."""
        attack, initiative = bool(text(data, "attack_choices")), bool(text(data, "initiative_choices"))
        if isinstance(wire, str) and wire == "roll_initiative" and initiative:
            wire = {wire: {}}  # the bare name: the choices become its fields

        def change(name: str, fields: dict[str, Any]) -> dict[str, Any]:
            if name == "attack" and attack:
                flags = {flag for flag in ATTACK_FLAGS if text(data, flag)}
                fields = attack_with(fields, text(data, "weapon"), text(data, "weapon_bonus"), flags)
            if name == "roll_initiative" and initiative:
                fields = initiative_with(fields, initiative_form(data))
            return fields

        return with_fields(wire, change)

    def not_whole(self, wire: Any, lang: str) -> str:
        """A weapon bonus, a Physique or a talent bonus that is not a whole number."""
        if "attack" in wire:
            return translate("web", N_("Give a whole weapon bonus."), lang)
        if "roll_initiative" in wire:
            return translate("web", N_("Give a whole Physique and whole talent bonuses."), lang)
        return super().not_whole(wire, lang)

    def settle(self, state: Any, data: Any, found: Odds, again: Callable[[], Odds]) -> Odds:
        """The initiative's choices as made, beside the engine's word on them; refused attack
        choices, the attack's own odds with the choices still as made beside the reason."""
        if text(data, "initiative_choices"):
            return replace(
                found, choices=initiative_choices(state, initiative_form(data)), template=INITIATIVE
            )
        if found.error is None:
            return found
        kept = again()
        attack = kept.choices
        if isinstance(attack, AttackChoices) and text(data, "attack_choices"):
            flags = {name: bool(text(data, name)) for name in ATTACK_FLAGS}
            weapon, bonus = text(data, "weapon"), text(data, "weapon_bonus")
            attack = replace(attack, weapon=weapon, bonus=bonus, flags=flags, notes=[], open=True)
        return replace(kept, error=found.error, choices=attack)


PARTS = CarpathesParts()
PAGES = GamePages(PARTS)
"""Carpathes' view adapter (:attr:`meneur.engine.plugin.Game.view`)."""
