"""``meneur carpathes roll|odds|defense|attack|initiative|effect``: the stateless commands.

Each reads its options, calls the core and prints the result (JSON with ``--json``); rolls take
``--dice a,b,c`` (the dice rolled at the table) or ``--seed N``.
"""

from collections.abc import Sequence
from typing import Annotated, Any

import typer

from meneur.cli.output import console, guarded, print_json
from meneur.dice.odds import fraction_text
from meneur.dice.source import finish, source_from
from meneur.i18n import N_, Message, Translator
from meneur.i18n.words import items
from meneur.systems.carpathes.catalogue import WeaponKey
from meneur.systems.carpathes.cli.options import (
    ATTACK_OPTIONS,
    advantage_option,
    dice_option,
    disadvantage_option,
    json_option,
    seed_option,
    weapon_option,
)
from meneur.systems.carpathes.cli.words import bad, cancel_note, odds_lines, parse_fighter
from meneur.systems.carpathes.combat import WOUND_LABELS, attack, defense
from meneur.systems.carpathes.initiative import roll_initiative
from meneur.systems.carpathes.model import CreatureKind, TableOptions, Tier, check_range, parse_enum
from meneur.systems.carpathes.odds import tier_odds, total_distribution, wound_odds
from meneur.systems.carpathes.resolution import mode_from, roll
from meneur.systems.carpathes.supernatural import Agent, Target, door_message, effect_of, wreath_stops
from meneur.systems.carpathes.words import key_for, shown

_ = Translator("carpathes")


def show(messages: Sequence[Message]) -> None:
    """Print messages, a line each."""
    out = console()
    for message in messages:
        out.print(message.render(), markup=False)


def _tiers(trait: int, bonus: int, advantage: bool, disadvantage: bool) -> dict[str, str]:
    odds = tier_odds(trait, bonus, mode_from(advantage, disadvantage))
    return {tier.value: fraction_text(odds[tier]) for tier in Tier}


def _trait_help() -> str:
    return _("The trait's value, a number (chronicle roll takes the trait's name instead).")


def _register_roll(app: typer.Typer) -> None:
    @app.command("roll", help=_("Roll 2D6 + Trait (+ talent bonus) and read the tier."))
    @guarded
    def roll_cmd(
        trait: Annotated[int, typer.Option("--trait", help=_trait_help())],
        bonus: Annotated[int, typer.Option("--bonus", help=_("Talent bonus."))] = 0,
        advantage: Annotated[bool, advantage_option()] = False,
        disadvantage: Annotated[bool, disadvantage_option()] = False,
        odds: Annotated[bool, typer.Option("--odds", help=_("Add the exact odds of each tier."))] = False,
        dice: Annotated[str | None, dice_option()] = None,
        seed: Annotated[int | None, seed_option()] = None,
        as_json: Annotated[bool, json_option()] = False,
    ) -> None:
        source = source_from(seed, dice)
        result = roll(source, trait, bonus, mode_from(advantage, disadvantage))
        finish(source)
        lines = [*cancel_note(advantage, disadvantage), *result.explain()]
        data: dict[str, Any] = {**result.to_json(), "explanation": [m.render() for m in lines]}
        if odds:
            data["tiers"] = _tiers(trait, bonus, advantage, disadvantage)
        if as_json:
            print_json(data)
            return
        show(lines)
        if odds:
            show(odds_lines(data["tiers"]))


def _register_odds(app: typer.Typer) -> None:
    @app.command("odds", help=_("Exact odds of each tier and each total."))
    @guarded
    def odds_cmd(
        trait: Annotated[int, typer.Option("--trait", help=_trait_help())],
        bonus: Annotated[int, typer.Option("--bonus", help=_("Talent bonus."))] = 0,
        advantage: Annotated[bool, advantage_option()] = False,
        disadvantage: Annotated[bool, disadvantage_option()] = False,
        as_json: Annotated[bool, json_option()] = False,
    ) -> None:
        mode = mode_from(advantage, disadvantage)
        tiers = _tiers(trait, bonus, advantage, disadvantage)
        totals = {str(t): fraction_text(p) for t, p in sorted(total_distribution(trait, bonus, mode).items())}
        if as_json:
            print_json({"trait": trait, "bonus": bonus, "mode": mode.value, "tiers": tiers, "totals": totals})
            return
        show(odds_lines(tiers))


def _register_defense(app: typer.Typer) -> None:
    @app.command("defense", help=_("Défense = Mental + Physique + Social + equipment."))
    @guarded
    def defense_cmd(
        mental: Annotated[int, typer.Option("--mental", help=_("The Mental trait."))],
        physical: Annotated[int, typer.Option("--physical", help=_("The Physique trait."))],
        social: Annotated[int, typer.Option("--social", help=_("The Social trait."))],
        equipment: Annotated[int, typer.Option("--equipment", help=_("Equipment bonus."))] = 0,
        as_json: Annotated[bool, json_option()] = False,
    ) -> None:
        value = defense(mental, physical, social, equipment)
        if as_json:
            print_json({"defense": value})
        else:
            show([Message("carpathes", N_("Défense: {value}"), {"value": value})])


def _attack_options(damage_step: str, silver_wounds: int) -> TableOptions:
    step = key_for("DamageStep", damage_step, ["margin", "band"])
    if step is None:
        raise bad(
            N_("Unknown damage step '{value}'; choose marge (margin) or tranche (band)."), value=damage_step
        )
    check_range(Message("carpathes", N_("The silver blade's wounds")), silver_wounds, 1, 3)
    return TableOptions(
        damage_step="band" if step == "band" else "margin", silver_wound_multiplier=silver_wounds
    )


def _print_attack(
    result: Any, lines: list[Message], odds: bool, as_json: bool, options: TableOptions
) -> None:
    data: dict[str, Any] = {**result.to_json(), "explanation": [m.render() for m in lines]}
    if odds:
        chances = wound_odds(
            result.roll.trait,
            result.weapon_bonus,
            result.defense,
            result.roll.mode,
            result.steps,
            options.damage_step,
        )
        data["wound_odds"] = {w.value: fraction_text(p) for w, p in chances.items()}
    if as_json:
        print_json(data)
        return
    show(lines)
    if odds:
        show(odds_lines(data["wound_odds"], {w.value: label for w, label in WOUND_LABELS.items()}))


def _register_attack(app: typer.Typer) -> None:
    kinds = shown("CreatureKind", [k.value for k in CreatureKind])
    a = ATTACK_OPTIONS

    @app.command("attack", help=_("2D6 + Physique + weapon bonus against the target's Défense."))
    @guarded
    def attack_cmd(
        physical: Annotated[int, typer.Option("--physical", help=_("Attacker's Physique."))],
        target_defense: Annotated[int, typer.Option("--defense", help=_("Target's Défense."))],
        weapon_bonus: Annotated[int, a("weapon_bonus")] = 0,
        weapon: Annotated[str, weapon_option()] = "bare_hands",
        target: Annotated[
            str, typer.Option("--target", help=_("Kind of target: {choices}.", choices=kinds))
        ] = "human",
        identified: Annotated[bool, a("identified")] = False,
        sleeping: Annotated[bool, a("sleeping")] = False,
        damage_step: Annotated[str, a("damage_step")] = "margin",
        silver_wounds: Annotated[int, a("silver_wounds")] = 2,
        advantage: Annotated[bool, advantage_option()] = False,
        disadvantage: Annotated[bool, disadvantage_option()] = False,
        odds: Annotated[bool, typer.Option("--odds", help=_("Add the exact odds of each wound."))] = False,
        dice: Annotated[str | None, dice_option()] = None,
        seed: Annotated[int | None, seed_option()] = None,
        as_json: Annotated[bool, json_option()] = False,
    ) -> None:
        options = _attack_options(damage_step, silver_wounds)
        arm = parse_enum(WeaponKey, weapon, _("weapon"))
        kind = parse_enum(CreatureKind, target, _("target"))
        source = source_from(seed, dice)
        result = attack(
            source,
            physical,
            target_defense,
            weapon_bonus=weapon_bonus,
            weapon=arm,
            target=kind,
            identified=identified,
            sleeping=sleeping,
            mode=mode_from(advantage, disadvantage),
            options=options,
        )
        finish(source)
        _print_attack(
            result, [*cancel_note(advantage, disadvantage), *result.explain()], odds, as_json, options
        )


def _register_initiative(app: typer.Typer) -> None:
    @app.command("initiative", help=_("Roll 2D6 + Physique for each combatant and order them."))
    @guarded
    def initiative_cmd(
        fighters: Annotated[
            list[str],
            typer.Option(
                "--fighter",
                help=_(
                    "The combatants, NAME:PHYSIQUE[:pj][:surprise][:depourvu][:blesse][:talent=N], separated"
                    " by commas (pj: a PC; depourvu: caught off guard; blesse: seriously wounded, at"
                    " disadvantage; the keys pc, off_guard and wounded work too)."
                ),
            ),
        ],
        round_number: Annotated[
            int, typer.Option("--round", min=1, max=10_000, help=_("Round to order."))
        ] = 1,
        dice: Annotated[str | None, dice_option()] = None,
        seed: Annotated[int | None, seed_option()] = None,
        as_json: Annotated[bool, json_option()] = False,
    ) -> None:
        combatants = [parse_fighter(f) for f in items(fighters)]
        source = source_from(seed, dice)
        result = roll_initiative(source, combatants)
        finish(source)
        if as_json:
            print_json({"round": round_number, "order": result.to_json(round_number)})
        else:
            show(result.explain(round_number))


def _register_effect(app: typer.Typer) -> None:
    agents = shown("Agent", [a.value for a in Agent])
    targets = shown("Target", [t.value for t in Target])

    @app.command("effect", help=_("What holy water, daylight, silver, garlic or rowan does."))
    @guarded
    def effect_cmd(
        agent: Annotated[str, typer.Option("--agent", help=_("What acts: {choices}.", choices=agents))],
        target: Annotated[
            str, typer.Option("--target", help=_("What it acts on: {choices}.", choices=targets))
        ],
        door: Annotated[
            bool,
            typer.Option(
                "--door-wreath", help=_("A wreath of braids hangs on the bedroom door: may the target enter?")
            ),
        ] = False,
        as_json: Annotated[bool, json_option()] = False,
    ) -> None:
        what, acting = parse_enum(Target, target, _("target")), parse_enum(Agent, agent, _("agent"))
        result = effect_of(acting, what)
        lines, data = result.explain(), result.to_json()
        if door:
            enters = not wreath_stops(acting, what)
            data["can_enter"] = enters
            lines.append(door_message(enters))
        if as_json:
            print_json(data)
        else:
            show(lines)


def register(app: typer.Typer) -> None:
    """Add the stateless commands to the ``carpathes`` group."""
    for add in (
        _register_roll,
        _register_odds,
        _register_defense,
        _register_attack,
        _register_initiative,
        _register_effect,
    ):
        add(app)
