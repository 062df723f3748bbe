"""``meneur carpathes ...``: a thin Typer group over the `carpathes` core.

Every roll takes ``--dice a,b,c`` (the physical dice, in order) or ``--seed N``; every command takes
``--json``. The chronicle commands read and write a small JSON state file atomically.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path
from typing import Annotated, Any, Literal, cast

import typer
from pydantic import ValidationError

from meneur.cli.output import console, guarded, print_json
from meneur.dice.odds import fraction_text
from meneur.dice.source import DiceSource, EnteredDiceError, finish, source_from
from meneur.errors import BadInputError
from meneur.i18n import N_, Message, Translator
from meneur.i18n.numbers import chance_text, percent
from meneur.systems.carpathes import chronicle, store
from meneur.systems.carpathes.catalogue import WeaponKey
from meneur.systems.carpathes.combat import WOUND_LABELS, Wound, attack, defense
from meneur.systems.carpathes.events import (
    PURPOSES,
    AddCharacter,
    BeginConfrontation,
    Command,
    DoPenance,
    EndConfrontation,
    EstablishSacredObject,
    GiveClue,
    GiveMedicalCare,
    InflictWound,
    InvokeTalisman,
    MakeRoll,
    NextRound,
    NpcEntry,
    Purpose,
    Recollect,
    RollInitiative,
    StartScene,
    StartSession,
    Teach,
    UseJoker,
)
from meneur.systems.carpathes.initiative import Combatant, roll_initiative
from meneur.systems.carpathes.model import (
    BONUS_MAX,
    BONUS_MIN,
    TIER_LABELS,
    TRAIT_MAX,
    TRAIT_MIN,
    Character,
    CreatureKind,
    Faith,
    RollMode,
    TableOptions,
    Tier,
    Trait,
    check_range,
    parse_enum,
)
from meneur.systems.carpathes.narration import narrate
from meneur.systems.carpathes.odds import (
    tier_odds,
    total_distribution,
    wound_odds,
)
from meneur.systems.carpathes.resolution import dice_count, mode_from, roll
from meneur.systems.carpathes.supernatural import Agent, Target, effect_of
from meneur.systems.carpathes.words import key_for, shown

_ = Translator("carpathes")


def _show(messages: Sequence[Message]) -> None:
    out = console()
    for message in messages:
        out.print(message.render(), markup=False)


def _source(seed: int | None, dice: str | None) -> DiceSource:
    return source_from(seed, dice)


def _tiers_json(trait: int, bonus: int, advantage: bool, disadvantage: bool) -> dict[str, str]:
    odds = tier_odds(trait, bonus, mode_from(advantage, disadvantage))
    return {tier.value: fraction_text(odds[tier]) for tier in Tier}


def _cancel_note(advantage: bool, disadvantage: bool) -> list[Message]:
    """Say so when advantage and disadvantage both apply and cancel out."""
    if advantage and disadvantage and mode_from(True, True) is RollMode.NORMAL:
        return [Message("carpathes", N_("Advantage and disadvantage cancel out: plain 2D6."))]
    return []


def _bad(msgid: str, **params: object) -> BadInputError:
    return BadInputError(Message("carpathes", msgid, dict(params)))


def _validation(error: ValidationError) -> BadInputError:
    problems = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in error.errors())
    return _bad(N_("Invalid values: {problems}."), problems=problems)


def _parse_fighter(spec: str) -> Combatant:
    """``NAME:PHYSIQUE[:pc][:surprise][:off_guard][:talent=N]``."""
    parts = spec.split(":")
    if len(parts) < 2 or not parts[0] or not parts[1].lstrip("-").isdigit():
        raise _bad(N_("Combatant '{spec}' should read NAME:PHYSIQUE[:pj][:surprise][:depourvu]"
                      "[:talent=N]."), spec=spec)
    flags, talent = set(), 0
    for flag in parts[2:]:
        if flag.startswith("talent=") and flag[7:].lstrip("-").isdigit():
            talent = int(flag[7:])
        elif (key := key_for("CombatantFlag", flag, ["pc", "surprise", "off_guard"])) is not None:
            flags.add(key)
        else:
            raise _bad(N_("Unknown combatant flag '{flag}'; use pj (pc), surprise, depourvu (off_guard)"
                          " or talent=N."), flag=flag)
    return Combatant(parts[0], int(parts[1]), "pc" in flags, talent, "surprise" in flags,
                     "off_guard" in flags)


def _parse_npc(spec: str) -> NpcEntry:
    """``NAME:PHYSIQUE[:talent=N]``: surprise and off-guard have their own options."""
    fighter = _parse_fighter(spec)
    if fighter.is_pc or fighter.surprise or fighter.off_guard:
        raise _bad(N_("NPC '{spec}' should read NAME:PHYSIQUE[:talent=N]; use --surprise NAME or"
                      " --off-guard NAME for the first round."), spec=spec)
    check_range(Message("carpathes", N_("Physique")), fighter.physical, TRAIT_MIN, TRAIT_MAX)
    check_range(Message("carpathes", N_("The talent bonus")), fighter.talent_bonus, BONUS_MIN,
                BONUS_MAX)
    return NpcEntry(name=fighter.name, physical=fighter.physical,
                    talent_bonus=fighter.talent_bonus)


def _parse_talents(specs: Sequence[str]) -> dict[str, int]:
    talents: dict[str, int] = {}
    for spec in specs:
        name, sep, value = spec.partition("=")
        name = name.strip()
        if not sep or not name or not value.strip().lstrip("-").isdigit():
            raise _bad(N_("Talent '{spec}' should read NAME=BONUS, e.g. escrime=2."), spec=spec)
        if name in talents:
            raise _bad(N_("Talent '{name}' is given twice; give each talent once."), name=name)
        check_range(Message("carpathes", N_("The bonus of talent '{name}'"), {"name": name}),
                    int(value), BONUS_MIN, BONUS_MAX)
        talents[name] = int(value)
    return talents


def _summary(state: chronicle.ChronicleState) -> dict[str, Any]:
    fight = state.confrontation
    return {
        "session": state.session, "scene": state.scene, "in_scene": state.in_scene,
        "after_night": state.scene_after_night, "round": state.round,
        "supernatural_clues": state.clues,
        "confrontation": None if fight is None else {
            "creature": fight.creature.value, "supernatural": fight.supernatural},
        "characters": {name: {
            "talisman_available": status.talisman_spent_in is None and not status.cracked
            and state.can_believe(name),
            "talisman_spent_in_scene": status.talisman_spent_in,
            "night_since_spent": status.night_since_spent,
            "recollected_since_spent": status.recollected_since_spent,
            "cracked": status.cracked, "shaken_faith": status.penalty,
            "wounds": [w.value for w in status.wounds], "needs_medical_care": status.needs_care,
            "joker_available": status.joker_used_in != state.session,
            "last_roll": None if status.last_roll is None else
            status.last_roll.trait_roll().to_json()} for name, status in state.status.items()},
    }


MODE_LABELS: dict[RollMode, str] = {
    RollMode.NORMAL: N_("plain 2D6"),
    RollMode.ADVANTAGE: N_("advantage, 3D6 keep the 2 best"),
    RollMode.DISADVANTAGE: N_("disadvantage, 3D6 keep the 2 worst"),
}


def _apply(log: chronicle.Log, command: Command, source: DiceSource) -> chronicle.Log:
    """Apply a command; entered dice that do not fit a roll are told how many the roll uses."""
    try:
        new_log, _events = log.apply(command, source)
        finish(source)
    except EnteredDiceError as error:
        if not isinstance(command, MakeRoll | UseJoker):
            raise
        mode = chronicle.roll_mode(log.state(), command)
        raise EnteredDiceError(Message("carpathes", N_(
            "{error} This roll uses {count} dice ({mode})."), {
                "error": error.message, "count": dice_count(mode),
                "mode": Message("carpathes", MODE_LABELS[mode])})) from None
    return new_log


def _run(path: Path, command: Command, as_json: bool, seed: int | None = None,
         dice: str | None = None) -> None:
    log = store.load(path)
    source = _source(seed, dice)
    new_log = _apply(log, command, source)
    events = new_log.batches[-1]
    store.save(path, new_log)
    state = new_log.state()
    if as_json:
        print_json({"events": [e.model_dump(mode="json") for e in events],
                    "state": _summary(state)})
    else:
        _show([line for event in events for line in narrate(event)])


def build_app() -> typer.Typer:
    """Build the ``carpathes`` command group in the current language."""
    app = typer.Typer(no_args_is_help=True, help=_("The Carpathian horror game: 2D6 + Trait."))
    state_app = typer.Typer(no_args_is_help=True, help=_(
        "The chronicle: sessions, scenes, nights, Talisman de Foi and Joker du destin, kept in a"
        " JSON file."))
    app.add_typer(state_app, name="chronicle")

    dice_help = _("The physical dice, in order, e.g. 3,5,1.")
    seed_help = _("Seed of the random dice.")
    json_help = _("Print JSON.")
    pc_help = _("The PC's name, as given to add-pc --name.")
    trait_value_help = _("The trait's value, a number (chronicle roll takes the trait's name instead).")

    @app.command("roll", help=_("Roll 2D6 + Trait (+ talent bonus) and read the tier."))
    @guarded
    def roll_cmd(
        trait: int = typer.Option(..., "--trait", help=trait_value_help),
        bonus: int = typer.Option(0, "--bonus", help=_("Talent bonus.")),
        advantage: bool = typer.Option(False, "--advantage", help=_("3D6 keep the 2 best.")),
        disadvantage: bool = typer.Option(False, "--disadvantage",
                                          help=_("3D6 keep the 2 worst.")),
        odds: bool = typer.Option(False, "--odds", help=_("Add the exact odds of each tier.")),
        dice: str = typer.Option(None, "--dice", help=dice_help),
        seed: int = typer.Option(None, "--seed", help=seed_help),
        as_json: bool = typer.Option(False, "--json", help=json_help),
    ) -> None:
        source = _source(seed, dice)
        result = roll(source, trait, bonus, mode_from(advantage, disadvantage))
        finish(source)
        lines = [*_cancel_note(advantage, disadvantage), *result.explain()]
        data: dict[str, Any] = {**result.to_json(), "explanation": [m.render() for m in lines]}
        if odds:
            data["tiers"] = _tiers_json(trait, bonus, advantage, disadvantage)
        if as_json:
            print_json(data)
            return
        _show(lines)
        if odds:
            _show(_odds_lines(data["tiers"]))

    @app.command("odds", help=_("Exact odds of each tier and each total."))
    @guarded
    def odds_cmd(
        trait: int = typer.Option(..., "--trait", help=trait_value_help),
        bonus: int = typer.Option(0, "--bonus", help=_("Talent bonus.")),
        advantage: bool = typer.Option(False, "--advantage", help=_("3D6 keep the 2 best.")),
        disadvantage: bool = typer.Option(False, "--disadvantage",
                                          help=_("3D6 keep the 2 worst.")),
        as_json: bool = typer.Option(False, "--json", help=json_help),
    ) -> None:
        mode = mode_from(advantage, disadvantage)
        tiers = _tiers_json(trait, bonus, advantage, disadvantage)
        totals = {str(t): fraction_text(p) for t, p in
                  sorted(total_distribution(trait, bonus, mode).items())}
        if as_json:
            print_json({"trait": trait, "bonus": bonus, "mode": mode.value, "tiers": tiers,
                        "totals": totals})
            return
        _show(_odds_lines(tiers))

    @app.command("defense", help=_("Défense = Mental + Physique + Social + equipment."))
    @guarded
    def defense_cmd(
        mental: int = typer.Option(..., "--mental", help=_("The Mental trait.")),
        physical: int = typer.Option(..., "--physical", help=_("The Physique trait.")),
        social: int = typer.Option(..., "--social", help=_("The Social trait.")),
        equipment: int = typer.Option(0, "--equipment", help=_("Equipment bonus.")),
        as_json: bool = typer.Option(False, "--json", help=json_help),
    ) -> None:
        value = defense(mental, physical, social, equipment)
        if as_json:
            print_json({"defense": value})
        else:
            _show([Message("carpathes", N_("Défense: {value}"), {"value": value})])

    @app.command("attack", help=_("2D6 + Physique + weapon bonus against the target's Défense."))
    @guarded
    def attack_cmd(
        physical: int = typer.Option(..., "--physical", help=_("Attacker's Physique.")),
        target_defense: int = typer.Option(..., "--defense", help=_("Target's Défense.")),
        weapon_bonus: int = typer.Option(0, "--weapon-bonus", help=_("Weapon bonus to attack.")),
        weapon: str = typer.Option("bare_hands", "--weapon", help=_(
            "The weapon: {choices}.", choices=shown("WeaponKey", [k.value for k in WeaponKey]))),
        target: str = typer.Option("human", "--target", help=_(
            "Kind of target: {choices}.", choices=shown("CreatureKind", [k.value for k in CreatureKind]))),
        identified: bool = typer.Option(False, "--identified", help=_(
            "The target is identified as undead.")),
        sleeping: bool = typer.Option(False, "--sleeping", help=_(
            "The target sleeps (ash stake in the heart of a sleeping vampire).")),
        damage_step: str = typer.Option("margin", "--damage-step", help=_(
            "Table option: a +1 damage weapon adds to the margin (marge) or a wound band (tranche).")),
        silver_wounds: int = typer.Option(2, "--silver-wounds", help=_(
            "Table option: wounds a silver blade's hit counts against a creature (1 to 3).")),
        advantage: bool = typer.Option(False, "--advantage", help=_("3D6 keep the 2 best.")),
        disadvantage: bool = typer.Option(False, "--disadvantage",
                                          help=_("3D6 keep the 2 worst.")),
        odds: bool = typer.Option(False, "--odds", help=_("Add the exact odds of each wound.")),
        dice: str = typer.Option(None, "--dice", help=dice_help),
        seed: int = typer.Option(None, "--seed", help=seed_help),
        as_json: bool = typer.Option(False, "--json", help=json_help),
    ) -> None:
        step = key_for("DamageStep", damage_step, ["margin", "band"])
        if step is None:
            raise _bad(N_("Unknown damage step '{value}'; choose marge (margin) or tranche (band)."),
                       value=damage_step)
        check_range(Message("carpathes", N_("The silver blade's wounds")), silver_wounds, 1, 3)
        options = TableOptions(damage_step="band" if step == "band" else "margin",
                               silver_wound_multiplier=silver_wounds)
        arm = parse_enum(WeaponKey, weapon, _("weapon"))
        kind = parse_enum(CreatureKind, target, _("target"))
        source = _source(seed, dice)
        result = attack(source, physical, target_defense, weapon_bonus=weapon_bonus, weapon=arm,
                        target=kind, identified=identified, sleeping=sleeping,
                        mode=mode_from(advantage, disadvantage), options=options)
        finish(source)
        lines = [*_cancel_note(advantage, disadvantage), *result.explain()]
        data: dict[str, Any] = {**result.to_json(), "explanation": [m.render() for m in lines]}
        if odds:
            chances = wound_odds(physical, weapon_bonus, target_defense, result.roll.mode,
                                 result.steps, options.damage_step)
            data["wound_odds"] = {w.value: fraction_text(p) for w, p in chances.items()}
        if as_json:
            print_json(data)
            return
        _show(lines)
        if odds:
            _show([Message("carpathes", N_("Odds of {tier}: {chance}"), {
                "tier": Message("carpathes", WOUND_LABELS[Wound(key)]), "chance": plain_chance(chance)})
                for key, chance in data["wound_odds"].items()])

    @app.command("initiative", help=_("Roll 2D6 + Physique for each combatant and order them."))
    @guarded
    def initiative_cmd(
        fighters: Annotated[list[str], typer.Option("--fighter", help=_(
            "NAME:PHYSIQUE[:pj][:surprise][:depourvu][:talent=N], once per combatant (pj: a PC;"
            " depourvu: caught off guard; the keys pc and off_guard work too)."))],
        round_number: int = typer.Option(1, "--round", min=1, help=_("Round to order.")),
        dice: str = typer.Option(None, "--dice", help=dice_help),
        seed: int = typer.Option(None, "--seed", help=seed_help),
        as_json: bool = typer.Option(False, "--json", help=json_help),
    ) -> None:
        combatants = [_parse_fighter(f) for f in fighters]
        source = _source(seed, dice)
        result = roll_initiative(source, combatants)
        finish(source)
        if as_json:
            print_json({"round": round_number, "order": result.to_json(round_number)})
        else:
            _show(result.explain(round_number))

    @app.command("effect", help=_("What holy water, daylight, silver, garlic or rowan does."))
    @guarded
    def effect_cmd(
        agent: str = typer.Option(..., "--agent", help=_(
            "What acts: {choices}.", choices=shown("Agent", [a.value for a in Agent]))),
        target: str = typer.Option(..., "--target", help=_(
            "What it acts on: {choices}.", choices=shown("Target", [t.value for t in Target]))),
        as_json: bool = typer.Option(False, "--json", help=json_help),
    ) -> None:
        result = effect_of(parse_enum(Agent, agent, _("agent")),
                           parse_enum(Target, target, _("target")))
        if as_json:
            print_json(result.to_json())
        else:
            _show(result.explain())

    file_arg = typer.Argument(..., help=_("The chronicle's JSON file."))

    @state_app.command("new", help=_("Create an empty chronicle file."))
    @guarded
    def new_cmd(
        path: Path = file_arg,
        until_penance: bool = typer.Option(False, "--until-penance", help=_(
            "Table option: shaken faith gives disadvantage in every supernatural confrontation"
            " until penance, not only the next one (also --cracked-until-penance).")),
        until_penance_long: bool = typer.Option(False, "--cracked-until-penance", hidden=True),
        any_object: bool = typer.Option(False, "--any-object", help=_(
            "Table option: accept a Talisman object never established as sacred (also"
            " --allow-unestablished-objects).")),
        any_object_long: bool = typer.Option(False, "--allow-unestablished-objects", hidden=True),
        disadvantage_wins: bool = typer.Option(False, "--disadvantage-wins", help=_(
            "Table option: when advantage and disadvantage both apply, disadvantage wins instead of"
            " cancelling out.")),
        critical_no_disadvantage: bool = typer.Option(False, "--serious-only", help=_(
            "Table option: only a serious wound gives disadvantage until medical care, not a critical"
            " one (also --critical-wound-no-disadvantage).")),
        critical_long: bool = typer.Option(False, "--critical-wound-no-disadvantage", hidden=True),
        clues: int = typer.Option(3, "--clues-per-scene", help=_(
            "Table option: the most supernatural clues in a scene (0: no limit).")),
        force: bool = typer.Option(False, "--force", help=_("Overwrite an existing file.")),
        as_json: bool = typer.Option(False, "--json", help=json_help),
    ) -> None:
        if path.exists() and not force:
            raise _bad(N_("{path} already exists; use --force to overwrite it."), path=str(path))
        check_range(Message("carpathes", N_("The number of clues per scene")), clues, 0, 99)
        options = TableOptions(cracked_disadvantage_until_penance=until_penance or until_penance_long,
                               require_established_object=not (any_object or any_object_long),
                               supernatural_clues_per_scene=clues or None,
                               advantage_cancels_disadvantage=not disadvantage_wins,
                               critical_wound_disadvantage=not (critical_no_disadvantage or critical_long))
        store.save(path, chronicle.Log(options=options))
        if as_json:
            print_json({"created": str(path), "options": options.model_dump(mode="json")})
        else:
            _show([Message("carpathes", N_("Chronicle created: {path}"), {"path": str(path)})])

    @state_app.command("add-pc", help=_("Add a player character."))
    @guarded
    def add_pc_cmd(
        path: Path = file_arg,
        name: str = typer.Option(..., "--name", help=_("The PC's name (used by --pc afterwards).")),
        mental: int = typer.Option(..., "--mental", help=_("The Mental trait.")),
        physical: int = typer.Option(..., "--physical", help=_("The Physique trait.")),
        social: int = typer.Option(..., "--social", help=_("The Social trait.")),
        talents: Annotated[list[str] | None, typer.Option(
            "--talent", help=_("NAME=BONUS, repeatable."))] = None,
        trade: str = typer.Option("", "--trade", help=_("Trade (métier).")),
        hobby: str = typer.Option("", "--hobby", help=_("Hobby.")),
        atheist: bool = typer.Option(False, "--atheist", help=_("Declared atheist at creation.")),
        objects: Annotated[list[str] | None, typer.Option("--sacred-object", help=_(
            "A sacred object established in the fiction, repeatable."))] = None,
        equipment: int = typer.Option(0, "--equipment", help=_("Equipment bonus to Défense.")),
        as_json: bool = typer.Option(False, "--json", help=json_help),
    ) -> None:
        if not name.strip():
            raise _bad(N_("The character's name is empty; give a name with --name."))
        for label, value in ((N_("Mental"), mental), (N_("Physique"), physical),
                             (N_("Social"), social)):
            check_range(Message("carpathes", label), value, TRAIT_MIN, TRAIT_MAX)
        check_range(Message("carpathes", N_("The equipment bonus")), equipment, 0, BONUS_MAX)
        try:
            character = Character(name=name, mental=mental, physical=physical, social=social,
                                  talents=_parse_talents(talents or []), trade=trade, hobby=hobby,
                                  faith=Faith.ATHEIST if atheist else Faith.BELIEVER,
                                  sacred_objects=tuple(objects or []), equipment_bonus=equipment)
        except ValidationError as error:
            raise _validation(error) from None
        _run(path, AddCharacter(character=character), as_json)

    @state_app.command("session", help=_("Start a new session (recharges every Joker)."))
    @guarded
    def session_cmd(path: Path = file_arg,
                    as_json: bool = typer.Option(False, "--json", help=json_help)) -> None:
        _run(path, StartSession(), as_json)

    @state_app.command("scene", help=_("Start a new scene."))
    @guarded
    def scene_cmd(path: Path = file_arg,
                  after_night: bool = typer.Option(False, "--after-night", help=_(
                      "A night has passed since the previous scene.")),
                  as_json: bool = typer.Option(False, "--json", help=json_help)) -> None:
        _run(path, StartScene(after_night=after_night), as_json)

    @state_app.command("recollect", help=_("A PC prays or meditates (may recharge the Talisman)."))
    @guarded
    def recollect_cmd(path: Path = file_arg, pc: str = typer.Option(..., "--pc", help=pc_help),
                      as_json: bool = typer.Option(False, "--json", help=json_help)) -> None:
        _run(path, Recollect(pc=pc), as_json)

    @state_app.command("teach", help=_("A believing PC instructs an atheist PC in play."))
    @guarded
    def teach_cmd(path: Path = file_arg, pc: str = typer.Option(..., "--pc", help=pc_help),
                  teacher: str = typer.Option(..., "--teacher"),
                  as_json: bool = typer.Option(False, "--json", help=json_help)) -> None:
        _run(path, Teach(pc=pc, teacher=teacher), as_json)

    @state_app.command("confront", help=_("Begin a confrontation with a creature."))
    @guarded
    def confront_cmd(path: Path = file_arg,
                     creature: str = typer.Option(..., "--creature", help=_(
                         "The creature: {choices}.",
                         choices=shown("CreatureKind", [k.value for k in CreatureKind]))),
                     unconfirmed: bool = typer.Option(False, "--unconfirmed", help=_(
                         "The supernatural is only suspected, not confirmed.")),
                     as_json: bool = typer.Option(False, "--json", help=json_help)) -> None:
        kind = parse_enum(CreatureKind, creature, _("creature"))
        _run(path, BeginConfrontation(creature=kind, confirmed=not unconfirmed), as_json)

    @state_app.command("end-confrontation", help=_("End the confrontation in progress."))
    @guarded
    def end_cmd(path: Path = file_arg,
                as_json: bool = typer.Option(False, "--json", help=json_help)) -> None:
        _run(path, EndConfrontation(), as_json)

    @state_app.command("roll", help=_("A PC rolls 2D6 + Trait."))
    @guarded
    def state_roll_cmd(
        path: Path = file_arg,
        pc: str = typer.Option(..., "--pc", help=pc_help),
        trait: str = typer.Option(..., "--trait", help=_(
            "The trait's name: mental, physique or social (the PC's value is used).")),
        talent: str = typer.Option(None, "--talent", help=_("A talent of the PC.")),
        advantage: bool = typer.Option(False, "--advantage", help=_("3D6 keep the 2 best.")),
        disadvantage: bool = typer.Option(False, "--disadvantage",
                                          help=_("3D6 keep the 2 worst.")),
        purpose: str = typer.Option("action", "--purpose", help=_("action, protection or attaque (attack).")),
        peril: bool = typer.Option(False, "--peril", help=_("The roll puts the PC in direct peril.")),
        trade: bool = typer.Option(False, "--trade", help=_(
            "The PC's trade is relevant: advantage.")),
        hobby: bool = typer.Option(False, "--hobby", help=_(
            "The PC's hobby is relevant: advantage.")),
        dice: str = typer.Option(None, "--dice", help=dice_help),
        seed: int = typer.Option(None, "--seed", help=seed_help),
        as_json: bool = typer.Option(False, "--json", help=json_help),
    ) -> None:
        key = parse_enum(Trait, trait, _("trait"))
        aim = key_for("Purpose", purpose, list(PURPOSES))
        if aim is None:
            raise _bad(N_("Unknown purpose '{value}'; choose action, protection or attaque (attack)."),
                       value=purpose)
        background: Literal["trade", "hobby"] | None = (
            "trade" if trade else "hobby" if hobby else None)
        command = MakeRoll(pc=pc, trait=key, talent=talent, advantage=advantage,
                           disadvantage=disadvantage, purpose=cast(Purpose, aim), peril=peril,
                           background=background)
        _run(path, command, as_json, seed, dice)

    @state_app.command("talisman", help=_("Invoke the Talisman de Foi on the PC's last roll."))
    @guarded
    def talisman_cmd(
        path: Path = file_arg,
        pc: str = typer.Option(..., "--pc", help=pc_help),
        sacred_object: str = typer.Option(..., "--object", help=_("The sacred object presented.")),
        sincere: bool = typer.Option(..., "--sincere/--insincere", help=_(
            "The GM's judgement of the word of faith.")),
        as_json: bool = typer.Option(False, "--json", help=json_help),
    ) -> None:
        _run(path, InvokeTalisman(pc=pc, sacred_object=sacred_object, sincere=sincere), as_json)

    @state_app.command("joker", help=_("Play the Joker du destin: reroll the PC's last roll."))
    @guarded
    def joker_cmd(path: Path = file_arg, pc: str = typer.Option(..., "--pc", help=pc_help),
                  dice: str = typer.Option(None, "--dice", help=dice_help),
                  seed: int = typer.Option(None, "--seed", help=seed_help),
                  as_json: bool = typer.Option(False, "--json", help=json_help)) -> None:
        _run(path, UseJoker(pc=pc), as_json, seed, dice)

    @state_app.command("penance", help=_("A scene of sincere penance restores shaken faith."))
    @guarded
    def penance_cmd(path: Path = file_arg, pc: str = typer.Option(..., "--pc", help=pc_help),
                    as_json: bool = typer.Option(False, "--json", help=json_help)) -> None:
        _run(path, DoPenance(pc=pc), as_json)

    @state_app.command("initiative", help=_("Roll the scene's initiative for every PC and NPC."))
    @guarded
    def state_initiative_cmd(
        path: Path = file_arg,
        npcs: Annotated[list[str] | None, typer.Option(
            "--npc", help=_("NAME:PHYSIQUE[:talent=N], repeatable."))] = None,
        surprise: Annotated[list[str] | None, typer.Option("--surprise", help=_(
            "Name of a combatant who whispered a surprise attack."))] = None,
        off_guard: Annotated[list[str] | None, typer.Option("--off-guard", help=_(
            "Name of a combatant caught off guard."))] = None,
        dice: str = typer.Option(None, "--dice", help=dice_help),
        seed: int = typer.Option(None, "--seed", help=seed_help),
        as_json: bool = typer.Option(False, "--json", help=json_help),
    ) -> None:
        entries = [_parse_npc(spec) for spec in npcs or []]
        command = RollInitiative(npcs=tuple(entries), surprise=tuple(surprise or []),
                                 off_guard=tuple(off_guard or []))
        _run(path, command, as_json, seed, dice)
        if not as_json:
            _show(store.load(path).state().initiative_order().explain())

    @state_app.command("round", help=_("Start the next round of the scene's combat."))
    @guarded
    def round_cmd(path: Path = file_arg,
                  as_json: bool = typer.Option(False, "--json", help=json_help)) -> None:
        _run(path, NextRound(), as_json)
        if not as_json:
            state = store.load(path).state()
            _show(state.initiative_order().explain(state.round))

    @state_app.command("clue", help=_(
        "Give a supernatural clue (« Trois indices surnaturels par scène, pas plus »)."))
    @guarded
    def clue_cmd(path: Path = file_arg,
                 text: str = typer.Option("", "--text", help=_("What the players notice.")),
                 as_json: bool = typer.Option(False, "--json", help=json_help)) -> None:
        _run(path, GiveClue(text=text), as_json)

    @state_app.command("establish", help=_(
        "Establish an object as sacred in the fiction for a PC (outside a confrontation)."))
    @guarded
    def establish_cmd(path: Path = file_arg, pc: str = typer.Option(..., "--pc", help=pc_help),
                      sacred_object: str = typer.Option(..., "--object", help=_(
                          "The sacred object presented.")),
                      as_json: bool = typer.Option(False, "--json", help=json_help)) -> None:
        _run(path, EstablishSacredObject(pc=pc, sacred_object=sacred_object), as_json)

    @state_app.command("wound", help=_("A PC suffers a wound (read from an attack's margin)."))
    @guarded
    def wound_cmd(path: Path = file_arg, pc: str = typer.Option(..., "--pc", help=pc_help),
                  wound: str = typer.Option(..., "--wound", help=_(
                      "légère (light), sérieuse (serious) or critique (critical).")),
                  as_json: bool = typer.Option(False, "--json", help=json_help)) -> None:
        _run(path, InflictWound(pc=pc, wound=parse_enum(Wound, wound, _("wound"))), as_json)

    @state_app.command("care", help=_(
        "Medical care: a serious wound no longer gives disadvantage."))
    @guarded
    def care_cmd(path: Path = file_arg, pc: str = typer.Option(..., "--pc", help=pc_help),
                 as_json: bool = typer.Option(False, "--json", help=json_help)) -> None:
        _run(path, GiveMedicalCare(pc=pc), as_json)

    @state_app.command("undo", help=_("Undo the last command."))
    @guarded
    def undo_cmd(path: Path = file_arg,
                 as_json: bool = typer.Option(False, "--json", help=json_help)) -> None:
        log, undone = store.load(path).undo()
        store.save(path, log)
        if as_json:
            print_json({"undone": [e.model_dump(mode="json") for e in undone],
                        "state": _summary(log.state())})
        else:
            _show([Message("carpathes", N_("Undone: 1 event.") if len(undone) == 1 else
                           N_("Undone: {count} events."), {"count": len(undone)})])

    @state_app.command("show", help=_("Show the chronicle's state."))
    @guarded
    def show_cmd(path: Path = file_arg,
                 as_json: bool = typer.Option(False, "--json", help=json_help)) -> None:
        state = store.load(path).state()
        summary = _summary(state)
        if as_json:
            print_json(summary)
            return
        _show([Message("carpathes", N_("Session {session}, scene {scene}."),
                       {"session": state.session, "scene": state.scene})
               if state.in_scene else Message("carpathes", N_(
                   "Session {session}, between scenes (last scene: {scene})."),
                   {"session": state.session, "scene": state.scene})])
        for name, info in summary["characters"].items():
            _show([Message("carpathes", N_(
                "{name}: Talisman {talisman}, Joker {joker}, cracked object {cracked}, shaken"
                " faith {shaken}."),
                {"name": name, "talisman": _yes(info["talisman_available"]),
                 "joker": _yes(info["joker_available"]), "cracked": _yes(info["cracked"]),
                 "shaken": Message("carpathes", SHAKEN_LABELS[info["shaken_faith"]])})])

    @state_app.command("legal", help=_("What a PC may do now, and why not."))
    @guarded
    def legal_cmd(path: Path = file_arg, pc: str = typer.Option(..., "--pc", help=pc_help),
                  sacred_object: str = typer.Option("", "--object", help=_(
                      "The sacred object to check for the Talisman.")),
                  as_json: bool = typer.Option(False, "--json", help=json_help)) -> None:
        state = store.load(path).state()
        state.pc(pc)
        item = sacred_object or next(iter(state.characters[pc].sacred_objects), "")
        checks: dict[str, Command] = {
            "talisman": InvokeTalisman(pc=pc, sacred_object=item, sincere=True),
            "joker": UseJoker(pc=pc), "penance": DoPenance(pc=pc),
            "recollect": Recollect(pc=pc), "care": GiveMedicalCare(pc=pc),
            "initiative": RollInitiative(), "round": NextRound(), "clue": GiveClue()}
        verdicts = {key: chronicle.refusal(state, command) for key, command in checks.items()}
        if as_json:
            print_json({key: {"legal": why is None, "reason": None if why is None else why.render()}
                        for key, why in verdicts.items()})
            return
        _show([Message("carpathes", N_("{action}: allowed"), {"action": _action(key)})
               if why is None else Message("carpathes", N_("{action}: refused. {reason}"),
                                           {"action": _action(key), "reason": why})
               for key, why in verdicts.items()])

    return app


SHAKEN_LABELS = {"none": N_("no"),
                 "pending": N_("disadvantage in the next supernatural confrontation"),
                 "active": N_("disadvantage in this confrontation")}
ACTION_LABELS = {"talisman": N_("Talisman de Foi"), "joker": N_("Joker du destin"),
                 "penance": N_("Penance"), "recollect": N_("Recollection"),
                 "initiative": N_("Initiative"), "care": N_("Medical care"),
                 "round": N_("Next round"), "clue": N_("Supernatural clue")}


def plain_chance(chance: str) -> str:
    """A ``"n/d"`` chance for text: ``0`` and ``1`` plainly, with its percentage (2 decimals)."""
    numerator, _sep, denominator = chance.partition("/")
    value = Fraction(int(numerator), int(denominator or 1))
    return _("{chance} ({percent})", chance=chance_text(value), percent=percent(value))


def _odds_lines(tiers: dict[str, str]) -> list[Message]:
    return [Message("carpathes", N_("Odds of {tier}: {chance}"),
                    {"tier": Message("carpathes", TIER_LABELS[Tier(key)]), "chance": plain_chance(chance)})
            for key, chance in tiers.items()]


def _action(key: str) -> Message:
    return Message("carpathes", ACTION_LABELS[key])


def _yes(value: bool) -> Message:
    return Message("carpathes", N_("yes") if value else N_("no"))
