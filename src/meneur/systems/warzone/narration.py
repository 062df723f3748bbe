"""Events told in the reader's language: one :class:`Message` per event."""

from __future__ import annotations

from meneur.i18n import N_, Message
from meneur.systems.warzone import events as e
from meneur.systems.warzone.catalogue import VIOLENCE_TABLE
from meneur.systems.warzone.leadership import LeadershipReason
from meneur.systems.warzone.model import Figure, PowerKind
from meneur.systems.warzone.power_test import CRITICAL_NAMES, Critical

D = "warzone"
ENDINGS = {
    "declared": N_("The activation ends."),
    "violence": N_("The activation ends at once (violence table)."),
    "knocked_down": N_("The activation ends: the model is knocked down."),
}


def _tested(event: e.PowerTested) -> Message:
    critical = (
        Message(D, CRITICAL_NAMES[event.critical])
        if event.critical
        else Message(D, N_("Success") if event.success else N_("Failure"))
    )
    msgid = (
        N_("Spell '{name}': d20 rolled {roll} against {threshold}: {outcome}; actions spent: {spent}.")
        if event.kind is PowerKind.SPELL
        else N_(
            "Technique '{name}': d20 rolled {roll} against {threshold}: {outcome}; actions spent: {spent}."
        )
    )
    return Message(
        D,
        msgid,
        {
            "name": event.name,
            "roll": event.roll,
            "threshold": str(event.threshold).replace("-", "\u2212"),
            "outcome": critical,
            "spent": event.actions_spent,
        },
    )


def _violence(event: e.ViolenceRolled) -> Message:
    row = next(r for r in VIOLENCE_TABLE if r.effect is event.effect)
    return Message(
        D,
        N_("Violence table: d20 rolled {roll}: {effect}"),
        {"roll": event.roll, "effect": Message(D, row.text)},
    )


def describe(event: e.Event) -> Message:
    """One sentence telling what happened."""
    match event:
        case e.ActivationStarted(actions=actions):
            return Message(D, N_("The model is activated with {actions} actions."), {"actions": actions})
        case e.TechniquesDeclared(names=names):
            if not names:
                return Message(D, N_("No technique declared."))
            return Message(D, N_("Techniques declared, in order: {names}."), {"names": ", ".join(names)})
        case e.PowerTested():
            return _tested(event)
        case e.ViolenceRolled():
            return _violence(event)
        case e.LeadershipTested(reason=reason, roll=roll, threshold=threshold, success=success):
            why = N_("to get up") if reason is LeadershipReason.WAKE_UP else N_("after the violence table")
            return Message(
                D,
                N_("Leadership test {why}: d20 rolled {roll} against {threshold}: {outcome}."),
                {
                    "why": Message(D, why),
                    "roll": roll,
                    "threshold": threshold,
                    "outcome": Message(D, N_("passed") if success else N_("failed")),
                },
            )
        case e.WoundSuffered():
            return Message(D, N_("The model suffers one wound."))
        case e.ActionSpent(concentrate=concentrate):
            return Message(
                D, N_("One action spent concentrating.") if concentrate else N_("One action spent.")
            )
        case e.ActivationEnded(reason=reason):
            return Message(D, ENDINGS[reason])
        case e.TurnEnded():
            return Message(D, N_("The turn ends; a new turn begins."))
        case e.WokeUp(how=how):
            return Message(
                D,
                N_("The model gets up by itself.")
                if how == "leadership"
                else N_("A friendly model in contact helps the model up."),
            )
        case e.WakeUpFailed():
            return Message(D, N_("The model stays knocked down this turn."))
        case e.PanicChanged(panicked=panicked):
            return Message(
                D, N_("The model is panicked.") if panicked else N_("The model is no longer panicked.")
            )
    raise TypeError(event)


def effect_lines(figure: Figure, event: e.Event) -> list[Message]:
    """What a power that took effect does, from its description.

    "Jeżeli test się uda Model poświęca podaną ilość akcji a moc odnosi efekt"; on an Absolute Success
    "Część Mocy może mieć dodatkowe efekty ... będą one podane w opisie Mocy" (001_0209eda46e4737a1.txt).
    A failed power has no effect, so nothing is told.
    """
    if not isinstance(event, e.PowerTested) or not event.success:
        return []
    power = figure.find_power(event.name)
    if power is None:
        return []
    lines: list[Message] = []
    if power.effect:
        lines.append(
            Message(D, N_("Effect of '{name}': {effect}"), {"name": power.name, "effect": power.effect})
        )
    if event.critical is Critical.ABSOLUTE_SUCCESS and power.absolute_success_effect:
        lines.append(
            Message(
                D,
                N_("Absolute Success of '{name}': {effect}"),
                {"name": power.name, "effect": power.absolute_success_effect},
            )
        )
    return lines
