"""What a chronicle says: each event as translatable messages, and the state in short.

:func:`narrate` gives an event's lines, :func:`describe` the log line the engine shows,
:func:`summary` the state as JSON-ready keys (with the Talisman's and the Joker's availability read
from the limits), :func:`status_lines` the same in words. Adapters render them.
"""

from __future__ import annotations

from typing import Any

from meneur.i18n import N_, Message
from meneur.systems.carpathes.catalogue import WEAPONS
from meneur.systems.carpathes.combat import WOUND_LABELS, Wound
from meneur.systems.carpathes.events import (
    AttackMade,
    CharacterAdded,
    ClueGiven,
    ConfrontationBegan,
    ConfrontationEnded,
    Event,
    FaithTaught,
    InitiativeRolled,
    JokerUsed,
    MedicalCareGiven,
    NpcAdded,
    PenanceDone,
    Recollected,
    Rolled,
    RoundStarted,
    SacredObjectEstablished,
    SceneStarted,
    SessionStarted,
    TalismanCracked,
    TalismanInvoked,
    TalismanRecharged,
    WoundInflicted,
)
from meneur.systems.carpathes.initiative import Combatant, Initiative, InitiativeRoll
from meneur.systems.carpathes.limits import joker_charged, talisman_charged
from meneur.systems.carpathes.model import (
    CREATURE_LABELS,
    TIER_LABELS,
    TRAIT_LABELS,
    Character,
    Npc,
    Tier,
    is_supernatural,
)
from meneur.systems.carpathes.state import ChronicleState


def _m(msgid: str, **params: object) -> Message:
    return Message("carpathes", msgid, dict(params))


def narrate(event: Event) -> list[Message]:
    """The event in words; rolls add their explanation."""
    match event:
        case CharacterAdded(character=c):
            return [_m(N_("{name} joins the chronicle."), name=c.name)]
        case SessionStarted():
            return [_m(N_("A new session begins: every Joker du destin is available again."))]
        case SceneStarted(after_night=night):
            return [
                _m(
                    N_("A new scene begins after a night.")
                    if night
                    else N_("A new scene begins (no night has passed).")
                )
            ]
        case Recollected(pc=pc):
            return [_m(N_("{pc} prays or meditates."), pc=pc)]
        case TalismanRecharged(pc=pc):
            return [_m(N_("{pc}'s Talisman de Foi is recharged."), pc=pc)]
        case FaithTaught(pc=pc, teacher=teacher):
            return [
                _m(
                    N_("{teacher} instructs {pc} in the faith: {pc} may now invoke the Talisman."),
                    pc=pc,
                    teacher=teacher,
                )
            ]
        case ConfrontationBegan(creature=creature, confirmed=confirmed):
            key = (
                N_("A confirmed supernatural confrontation begins ({creature}).")
                if confirmed and is_supernatural(creature)
                else N_("A confrontation begins ({creature}): not a confirmed supernatural one.")
            )
            return [_m(key, creature=Message("carpathes", CREATURE_LABELS[creature]))]
        case ConfrontationEnded():
            return [_m(N_("The confrontation ends."))]
        case Rolled():
            return _rolled(event)
        case TalismanInvoked(pc=pc, sacred_object=item):
            return [
                _m(
                    N_(
                        "{pc} presents '{item}' and speaks a sincere word of faith: the partial"
                        " success becomes a full success."
                    ),
                    pc=pc,
                    item=item,
                )
            ]
        case TalismanCracked(pc=pc, sacred_object=item, until_penance=until_penance):
            cost = (
                N_(
                    "{pc} will be at disadvantage on protection and attack rolls in every"
                    " supernatural confrontation until a scene of sincere penance."
                )
                if until_penance
                else N_(
                    "{pc} will be at disadvantage on protection and attack rolls in the next"
                    " supernatural confrontation."
                )
            )
            return [
                _m(
                    N_("The GM judges the invocation hollow: the roll stays a {tier} and '{item}' cracks."),
                    item=item,
                    tier=Message("carpathes", TIER_LABELS[Tier.PARTIAL_SUCCESS]),
                ),
                _m(cost, pc=pc),
            ]
        case JokerUsed(pc=pc, roll=data):
            return [
                _m(N_("{pc} plays the Joker du destin: a full reroll, the second result is kept."), pc=pc),
                *data.to_roll().explain(),
            ]
        case PenanceDone(pc=pc):
            return [_m(N_("A scene of sincere penance restores {pc}'s faith."), pc=pc)]
        case InitiativeRolled():
            return [_m(N_("Initiative is rolled for the scene."))]
        case RoundStarted():
            return [
                _m(
                    N_(
                        "A new round begins: the order of the scene's initiative, without the"
                        " first round's surprise and off-guard effects."
                    )
                )
            ]
        case WoundInflicted(pc=pc, wound=wound, disadvantage=lasting):
            lines = [
                _m(N_("{pc} suffers a {wound}."), pc=pc, wound=Message("carpathes", WOUND_LABELS[wound]))
            ]
            if wound is Wound.CRITICAL:
                lines.append(
                    _m(
                        N_(
                            "{pc} may lose the use of an arm, an eye, a foot: the GM decides"
                            " from the fiction."
                        ),
                        pc=pc,
                    )
                )
            if lasting:
                lines.append(_m(N_("{pc} is at disadvantage until medical care."), pc=pc))
            return lines
        case SacredObjectEstablished(pc=pc, sacred_object=item):
            return [_m(N_("'{item}' is established as sacred in the fiction for {pc}."), pc=pc, item=item)]
        case MedicalCareGiven(pc=pc):
            return [_m(N_("{pc} receives medical care: the wound no longer gives disadvantage."), pc=pc)]
        case NpcAdded() | AttackMade():
            return _combat(event)
        case ClueGiven(text=text):
            return [
                _m(N_("Supernatural clue: {text}"), text=text)
                if text
                else _m(N_("A supernatural clue is given."))
            ]
    raise AssertionError(event)  # pragma: no cover


def _combat(event: NpcAdded | AttackMade) -> list[Message]:
    if isinstance(event, AttackMade):
        return _attacked(event)
    npc = event.npc
    return [
        _m(
            N_("{name} ({kind}) joins the chronicle as an NPC: Défense {defense}."),
            name=npc.name,
            kind=Message("carpathes", CREATURE_LABELS[npc.kind]),
            defense=npc.defense,
        )
    ]


def _attacked(event: AttackMade) -> list[Message]:
    lines = [
        _m(
            N_("{attacker} attacks {target} ({weapon}): 2D6 + Physique + weapon bonus against the Défense."),
            attacker=event.attacker,
            target=event.target,
            weapon=Message("carpathes", WEAPONS[event.weapon].label),
        )
    ]
    if event.shaken_faith:
        lines.append(_m(N_("Shaken faith: disadvantage against the creature.")))
    if event.wounded:
        lines.append(_m(N_("Wounded: disadvantage until medical care.")))
    if event.modes_cancelled:
        lines.append(_m(N_("Advantage and disadvantage cancel out: plain 2D6.")))
    return lines + event.attack().explain(consequences=False)


def _rolled(event: Rolled) -> list[Message]:
    lines = [
        _m(N_("{pc} rolls."), pc=event.pc)
        if event.trait is None
        else _m(
            N_("{pc} rolls 2D6 + {trait}."),
            pc=event.pc,
            trait=Message("carpathes", TRAIT_LABELS[event.trait]),
        )
    ]
    if event.shaken_faith:
        lines.append(_m(N_("Shaken faith: disadvantage against the creature.")))
    if event.modes_cancelled:
        lines.append(_m(N_("Advantage and disadvantage cancel out: plain 2D6.")))
    if event.wounded:
        lines.append(_m(N_("Wounded: disadvantage until medical care.")))
    if event.off_guard:
        lines.append(_m(N_("Caught off guard: no talent bonus in the first round.")))
    return lines + event.roll.to_roll().explain()


class Lines(Message):
    """Several messages shown as one, a line each."""

    def render(self, lang: str | None = None) -> str:
        return "\n".join(line.render(lang) for line in self.params["lines"])


class Listed(Message):
    """Several messages shown as one, separated by commas."""

    def render(self, lang: str | None = None) -> str:
        return ", ".join(item.render(lang) for item in self.params["items"])


def describe(state: ChronicleState, event: Event) -> Message | None:
    """The log's line for ``event`` (several lines for a roll, as one message)."""
    lines = narrate(event)
    if isinstance(event, InitiativeRolled):
        lines = [*lines, *initiative_of(event).explain()]
    return lines[0] if len(lines) == 1 else Lines("carpathes", "", {"lines": lines})


def initiative_of(event: InitiativeRolled) -> Initiative:
    """The initiative an event rolled, in its first round's order."""
    return Initiative(
        tuple(
            InitiativeRoll(
                Combatant(
                    e.name,
                    e.physical,
                    e.is_pc,
                    e.talent_bonus,
                    e.surprise,
                    e.off_guard,
                    e.disadvantage,
                    e.first_round,
                ),
                e.dice,
            )
            for e in event.entries
        )
    )


def talisman_available(state: ChronicleState, pc: str) -> bool:
    """Whether ``pc``'s Talisman de Foi is charged (faith, no crack, not spent)."""
    return talisman_charged(state, pc) is None


def joker_available(state: ChronicleState, pc: str) -> bool:
    """Whether ``pc``'s Joker du destin is still available this session."""
    return joker_charged(state, pc) is None


def summary(state: ChronicleState) -> dict[str, Any]:
    """The state in short, JSON-ready: session, scene, confrontation, each PC's counters."""
    fight = state.confrontation
    return {
        "options": state.options.model_dump(mode="json"),
        "session": state.session,
        "scene": state.scene,
        "in_scene": state.in_scene,
        "after_night": state.scene_after_night,
        "round": state.round,
        "supernatural_clues": state.clues,
        "confrontation": None
        if fight is None
        else {"creature": fight.creature.value, "supernatural": fight.supernatural},
        "characters": {
            name: {
                **_sheet(state.characters[name]),
                "initiative_talent": state.characters[name].initiative_talent,
                "talisman_available": talisman_available(state, name),
                "talisman_spent_in_scene": status.talisman_spent_in,
                "night_since_spent": status.night_since_spent,
                "recollected_since_spent": status.recollected_since_spent,
                "cracked": status.cracked,
                "shaken_faith": status.penalty,
                "wounds": [w.value for w in status.wounds],
                "needs_medical_care": status.needs_care,
                "joker_available": joker_available(state, name),
                "last_roll": None if status.last_roll is None else status.last_roll.trait_roll().to_json(),
            }
            for name, status in state.status.items()
        },
        "npcs": {
            name: {
                **_sheet(npc),
                "kind": npc.kind.value,
                "wounds": [w.value for w in state.npc_status[name].wounds],
                "needs_medical_care": state.npc_status[name].needs_care,
            }
            for name, npc in state.npcs.items()
        },
    }


def _sheet(being: Character | Npc) -> dict[str, int]:
    return {
        "mental": being.mental,
        "physical": being.physical,
        "social": being.social,
        "equipment_bonus": being.equipment_bonus,
        "defense": being.defense,
    }


SHAKEN_LABELS = {
    "none": N_("no"),
    "pending": N_("disadvantage in the next supernatural confrontation"),
    "active": N_("disadvantage in this confrontation"),
}


def _yes(value: bool) -> Message:
    return _m(N_("yes") if value else N_("no"))


def status_lines(state: ChronicleState) -> list[Message]:
    """Where the chronicle stands, and each PC's Talisman, Joker and faith, in words."""
    params = {"session": state.session, "scene": state.scene}
    lines = [
        _m(N_("Session {session}, scene {scene}."), **params)
        if state.in_scene
        else _m(N_("Session {session}, between scenes (last scene: {scene})."), **params)
    ]
    for name, status in state.status.items():
        lines.append(_traits(state.characters[name]))
        lines.append(
            _m(
                N_(
                    "{name}: Talisman {talisman}, Joker {joker}, cracked object {cracked}, shaken"
                    " faith {shaken}."
                ),
                name=name,
                talisman=_yes(talisman_available(state, name)),
                joker=_yes(joker_available(state, name)),
                cracked=_yes(status.cracked),
                shaken=_m(SHAKEN_LABELS[status.penalty]),
            )
        )
        lines.extend(_wound_line(name, status.wounds, status.needs_care))
    for name, npc in state.npcs.items():
        lines.append(_traits(npc))
        lines.extend(_wound_line(name, state.npc_status[name].wounds, state.npc_status[name].needs_care))
    return lines


def _traits(being: Character | Npc) -> Message:
    """« Mental, Physique ou Social » and « la Défense » of a PC or NPC."""
    params = {
        "name": being.name,
        "mental": being.mental,
        "physical": being.physical,
        "social": being.social,
        "defense": being.defense,
    }
    if isinstance(being, Npc):
        return _m(
            N_("{name} ({kind}): Mental {mental}, Physique {physical}, Social {social}; Défense {defense}."),
            kind=Message("carpathes", CREATURE_LABELS[being.kind]),
            **params,
        )
    return _m(
        N_("{name}: Mental {mental}, Physique {physical}, Social {social}; Défense {defense}."), **params
    )


def _wound_line(name: str, wounds: tuple[Wound, ...], needs_care: bool) -> list[Message]:
    if not wounds:
        return []
    words = Listed("carpathes", "", {"items": [Message("carpathes", WOUND_LABELS[w]) for w in wounds]})
    if needs_care:
        return [
            _m(N_("{name}'s wounds: {wounds}; at disadvantage until medical care."), name=name, wounds=words)
        ]
    return [_m(N_("{name}'s wounds: {wounds}."), name=name, wounds=words)]
