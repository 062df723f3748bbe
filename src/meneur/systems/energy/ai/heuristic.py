"""The heuristic policy: plays like a sensible game master, from the legality query and the engine.

* Actions: focus on the weakest reachable foe, with the power worth most (a matching power rather
  than half success, its reinforcement on the first use); keep defence tokens against the attackers
  still to act this turn; area attacks on groups; heal or give energy to an ally in need; charge or
  move toward a foe out of reach; go on hold when no attack is worth its tokens and foes are still
  to act, then interrupt or counter.
* Reactions: the least defence tokens that stop the attack (found by asking the engine), or fewer
  when stopping it costs more than the Vigueur it saves; when the target would be knocked out, an
  ally interposes, extends its defence or counters if the engine says that saves it.

No rule is written here: values come from :meth:`LegalAction.effective` and outcomes from ``decide``.
"""

from __future__ import annotations

import random
from functools import partial
from math import hypot

from meneur.i18n import Message
from meneur.systems.energy.ai import explain
from meneur.systems.energy.ai.adapter import (
    Decision,
    LegalAction,
    decisions,
    enemies_of,
    instance,
    interrupt_of,
    move_to,
    outcome,
    try_events,
)
from meneur.systems.energy.ai.policy import Choice, Suggestion, rank
from meneur.systems.energy.combat.commands import (
    Attack,
    Charge,
    Command,
    Defend,
    ExtendedDefense,
    UseSupport,
)
from meneur.systems.energy.combat.events import AttackDeclared, AttackResolved
from meneur.systems.energy.combat.profile import Combatant
from meneur.systems.energy.combat.state import FightState

VIGOR = 3.0
"""Worth of a Vigueur point in tokens: Vigueur does not come back during a fight, tokens do."""
KNOCKOUT = 8.0
"""Extra worth of knocking a character out (it stops acting)."""
DRAIN = 0.5
"""Worth of a defence token the attack forces the target to spend."""
SPEND = 0.35
KEEP_WORTH = 0.0
"""Cost of each token of the defence reserve an attack spends (foes are still to act this turn)."""
SHARE = 0.5
"""The reserve: this share of the strongest later attacker's pool."""
STRESS = 4.0
"""Cost of a stress box checked in a fight (boxes are few, and stress lasts beyond the fight)."""
"""Cost of a token spent in an action (it recovers, but no longer defends this turn)."""

ACTION_KINDS = ("attack", "support", "extended_defense", "pass")
"""The kinds of actions the heuristic weighs first (charges, moves and holds are asked about after)."""


def threats(state: FightState, who: Combatant) -> list[Combatant]:
    """Foes still to act this turn (after the current action phase), standing."""
    found = []
    for i in state.order[state.active + 1 :] if state.active < len(state.order) else ():
        if state.has(i):
            other = state.get(i)
            if not other.out and other.side != who.side:
                found.append(other)
    return found


def reserve(state: FightState, who: Combatant, share: float = 0.5) -> int:
    """Tokens to keep for defence: a share of the strongest later attacker's pool, less what is placed."""
    later = threats(state, who)
    if not later:
        return 0
    return max(0, round(max(c.energy for c in later) * share + 0.01) - who.defense)


def pool_worth(who: Combatant) -> int:
    """What a character's pool is worth in defence: all of it with a Def power, half without."""
    return who.energy if who.has_category("def") else who.energy // 2


def guard(target: Combatant, state: FightState | None = None) -> int:
    """What the target can likely oppose: its placed defence and its pool (halved without a Def
    power), and, in ``state``, the help of its best-stocked standing ally (an extended defence or an
    interposition: an attack sized for the target alone is stopped by the two of them).

    The answers for the last state asked about are kept: an attack is weighed at several token
    counts against the same targets."""
    if state is None:
        return target.defense + pool_worth(target)
    last, known, helps = _GUARDS[0]
    if last is not state:
        known, helps = {}, {}
        _GUARDS[0] = (state, known, helps)
    found = known.get(target.id)
    if found is not None and found[0] is target:
        return found[1]
    best = helps.get(target.side)
    if best is None:
        best = helps[target.side] = _best_helpers(state, target.side)
    help_worth = next((worth for id, worth in best if id != target.id), 0)
    value = target.defense + pool_worth(target) + help_worth
    known[target.id] = (target, value)
    return value


def _best_helpers(state: FightState, side: str) -> list[tuple[str, int]]:
    """The two standing characters of ``side`` who can help a target most (what their pool is worth
    in defence, less the token an interposition or an extended defence costs), best first."""
    worths = [(c.id, max(0, pool_worth(c) - 1)) for c in state.combatants if c.side == side and not c.out]
    return sorted(worths, key=lambda w: -w[1])[:2]


_GUARDS: list[
    tuple[FightState | None, dict[str, tuple[Combatant, int]], dict[str, list[tuple[str, int]]]]
] = [(None, {}, {})]


def spends(action: LegalAction, low: int, top: int, needed: int) -> list[int]:
    """The token counts an attack is weighed at: ``low`` (keeping the reserve), everything (``top``),
    and the fewest whose value reaches ``needed`` (what knocks the target out): a strong character
    does not have to throw its whole pool to win the exchange, nor keep so much it never attacks."""
    counts = {max(action.cost_min, min(top, low)), top}
    for spend in range(max(1, action.cost_min), top + 1):
        if action.effective(spend) >= needed:
            counts.add(spend)
            break
    return sorted(counts)


def resolution(state: FightState, command: Command) -> AttackResolved | None:
    """The engine's resolution of a defence (or None when refused or not resolved now)."""
    events = try_events(state, command)
    if events is None:
        return None
    for event in events:
        if isinstance(event, AttackResolved):
            return event
    return None


def undominated(options: tuple[LegalAction, ...]) -> list[LegalAction]:
    """The defence options that no other option beats at every token count (by the engine's effective
    values: a defence without a power, at half, beside a defensive power is not even tried)."""

    rows = [a.effectives() for a in options]  # effective(n), n from cost_min to cost_max

    def beats(i: int, j: int) -> bool:
        a, b = options[i], options[j]
        if a.cost_min > b.cost_min or a.cost_max < b.cost_max:
            return False
        start = b.cost_min - a.cost_min
        return all(x >= y for x, y in zip(rows[i][start:], rows[j], strict=False))

    kept: list[LegalAction] = []
    for i, b in enumerate(options):
        if not any(beats(j, i) and (not beats(i, j) or j < i) for j in range(len(options)) if j != i):
            kept.append(b)
    return kept


def declared(state: FightState, command: Command) -> int | None:
    """The value of an attack as the engine declares it (None when refused)."""
    for event in try_events(state, command) or ():
        if isinstance(event, AttackDeclared):
            return event.pending.effective
    return None


def _needs_support(state: FightState, who: Combatant, command: UseSupport) -> bool:
    """Whether a support heals or gives energy to one ally that lacks it (at most half left)."""
    kind = who.power(command.power).kind
    if kind not in ("heal", "give_energy") or len(command.targets) != 1 or not state.has(command.targets[0]):
        return False
    ally = state.get(command.targets[0])
    if kind == "heal":
        return ally.vigor < ally.vigor_max and ally.vigor * 2 <= ally.vigor_max
    return ally.energy < ally.energy_max and ally.energy * 2 <= ally.energy_max


def _badly_hurt(ally: Combatant) -> bool:
    """An ally worth covering with an extended defence: a third of its Vigueur left or less."""
    return ally.vigor * 3 <= ally.vigor_max


def _nearest_foe(state: FightState, who: Combatant) -> tuple[Combatant, float] | None:
    """The nearest standing foe and how far it is (None without one)."""
    foes = enemies_of(state, who.side)
    if not foes:
        return None
    x, y = who.position
    nearest = min(foes, key=lambda c: hypot(c.position[0] - x, c.position[1] - y))
    return nearest, hypot(nearest.position[0] - x, nearest.position[1] - y)


def _out_of_reach(state: FightState, who: Combatant) -> bool:
    """Whether every standing foe is out of contact reach (what a move toward one is for)."""
    found = _nearest_foe(state, who)
    return found is not None and found[1] > state.options.contact_reach


def said(state: FightState, command: Command, score: float, reason: str) -> Choice:
    """A choice explained by its head and one reason of :mod:`explain` (made when first read)."""
    return Choice(command, score, why=lambda: (explain.head(state, command), (explain.m(reason),)))


def _defence_why(
    state: FightState,
    action: LegalAction,
    command: Command,
    spend: int,
    resolved: AttackResolved,
    falls: bool,
) -> tuple[Message, tuple[Message, ...]]:
    """The words of a defence weighed by :meth:`Heuristic.defences`."""
    damage = resolved.margin if resolved.success else 0
    reasons: list[Message] = [explain.engaged(spend, resolved.defense)]
    if not resolved.success:
        reasons.append(explain.m(explain.BLOCKS, attack=max(0, resolved.attack - resolved.countered)))
    elif spend == 0:
        reasons.append(explain.m(explain.HOPELESS) if falls else explain.loses(damage))
    else:
        reasons.append(explain.loses(damage))
    if action.halving and spend:
        reasons.append(explain.m(explain.HALF))
    return explain.head(state, command), tuple(reasons)


class Heuristic:
    """The heuristic policy (see the module's description)."""

    name = "heuristic"

    def __init__(self, alternatives: int = 2, keep_worth: float = KEEP_WORTH, share: float = SHARE) -> None:
        self.alternatives = alternatives
        self.keep_worth = keep_worth
        self.share = share

    def choose(self, state: FightState, decision: Decision, rng: random.Random) -> Suggestion | None:
        """The best scored command of the decision (None declines an optional one)."""
        if decision.kind == "reaction":
            return rank(self.reactions(state, decision), self.alternatives)
        if decision.kind == "interrupt":
            return self.interrupt(state, decision)
        if decision.kind == "maintenance":
            return None
        return rank(self.actions(state, decision), self.alternatives)

    # Actions -------------------------------------------------------------------------------------

    def actions(self, state: FightState, decision: Decision) -> list[Choice]:
        """Every considered action of the acting character, scored."""
        assert decision.actor is not None
        who = state.get(decision.actor)
        keep = min(who.energy, reserve(state, who, self.share))
        later = len(threats(state, who))
        choices: list[Choice] = []
        passing: Choice | None = None
        options = decision.of(*ACTION_KINDS, where=lambda c: self.weighed(state, who, c, later))
        # A charge on a foe already within reach of the same attack only costs more: not even asked.
        reachable = {
            (a.command.target, a.command.power)
            for a in options
            if isinstance(a.command, Attack) and not a.command.area_targets
        }
        charges = decision.of(
            "charge", where=lambda c: (getattr(c, "target", None), getattr(c, "power", None)) not in reachable
        )
        for action in (*options, *charges):
            command = action.command
            if action.actor != who.id and action.kind not in ("attack", "charge"):
                continue
            if action.kind in ("attack", "charge"):
                choices += self.attacks(state, who, action, keep, later)
            elif action.kind == "support" and isinstance(command, UseSupport):
                choices += self.support(state, who, action)
            elif action.kind == "extended_defense" and later:
                choices += self.extended(state, who, action)
            elif action.kind == "pass":
                passing = said(state, command, 0.0, explain.NOTHING_WORTH)
        best = max((c.score for c in choices), default=0.0)
        if best <= 0.5:  # moves and holds are asked about only when nothing better is found
            mine = lambda c: getattr(c, "actor", None) == who.id  # noqa: E731
            if _out_of_reach(state, who):  # else approach() has no move to weigh: none is checked
                choices += self.approach(state, who, list(decision.of("move", "small_move", where=mine)))
            for hold in decision.of("hold", where=mine) if later and who.energy >= 3 and best <= 0.0 else ():
                choices.append(said(state, hold.command, 0.3, explain.READY))
        if passing is not None:
            choices.append(passing)
        return choices

    @staticmethod
    def weighed(state: FightState, who: Combatant, command: Command, later: int) -> bool:
        """Whether :meth:`actions` would weigh ``command`` if the engine accepts it, judged on the
        command and the state alone (the others are not even checked): a puppet's attacks only, a
        support that heals or gives energy to one ally in need, an extended defence covering a badly
        hurt ally while foes are still to act."""
        if isinstance(command, Attack | Charge):
            return True
        if getattr(command, "actor", None) != who.id:
            return False
        if isinstance(command, UseSupport):
            return _needs_support(state, who, command)
        if isinstance(command, ExtendedDefense):
            return bool(later) and any(_badly_hurt(state.get(a)) for a in command.allies if state.has(a))
        return True

    def attacks(
        self, state: FightState, who: Combatant, action: LegalAction, keep: int, later: int
    ) -> list[Choice]:
        """An attack or a charge at two token counts: keeping the reserve, and everything. An attack
        joined by fellow copies (LEGION) or through a portal is valued by the engine itself."""
        command = action.command
        assert isinstance(command, Attack | Charge)
        targets = [command.target, *(command.area_targets if isinstance(command, Attack) else ())]
        fellows = sum(t for _, t in command.joined) if isinstance(command, Attack) else 0
        special = isinstance(command, Attack) and (fellows or command.portal is not None)
        top = action.cost_max - fellows
        out = []
        main = state.get(command.target)
        needed = guard(main, state) + main.vigor if not special else top + 1
        for spend in spends(action, who.energy - keep, top, needed):
            concrete = instance(action, spend)
            value = declared(state, concrete) if special else action.effective(spend)
            if value is None:
                continue
            score = -SPEND * (spend + fellows) - self.keep_worth * max(0, keep - who.energy + spend)
            falls: list[bool] = []  # whether the main target is knocked out, each time it is named
            for id in targets:
                target = state.get(id)
                opposed = guard(target, state)
                damage = max(0, min(value - opposed, target.vigor))
                score += VIGOR * damage + DRAIN * min(value, opposed)
                score += 0.15 * (target.vigor_max - target.vigor)  # focus fire
                if damage >= target.vigor:
                    score += KNOCKOUT
                if id == command.target:
                    falls.append(damage >= target.vigor)
            if isinstance(command, Charge):
                score -= 0.2
            why = partial(self._attack_why, state, who, action, concrete, spend, value, falls, keep, later)
            out.append(Choice(concrete, score, why=why))
        return out

    @staticmethod
    def _attack_why(
        state: FightState,
        who: Combatant,
        action: LegalAction,
        concrete: Command,
        spend: int,
        value: int,
        falls: list[bool],
        keep: int,
        later: int,
    ) -> tuple[Message, tuple[Message, ...]]:
        """The words of an attack weighed by :meth:`attacks`."""
        command = action.command
        assert isinstance(command, Attack | Charge)
        fellows = sum(t for _, t in command.joined) if isinstance(command, Attack) else 0
        target = state.get(command.target)
        reasons: list[Message] = []
        for fell in falls:
            reasons += [explain.vigor_left(target.vigor), explain.defence_placed(target.defense)]
            if fell:
                reasons.append(explain.m(explain.KNOCKOUT))
        if action.halving:
            reasons.append(explain.m(explain.HALF))
        if fellows:
            reasons.append(explain.m(explain.TOGETHER, count=1 + len(command.joined)))  # type: ignore[union-attr]
        reasons.append(explain.engaged(spend, value))
        if spend < action.cost_max - fellows and keep:
            reasons.append(explain.kept(who.energy - spend, later))
        return explain.head(state, concrete), tuple(reasons)

    def support(self, state: FightState, who: Combatant, action: LegalAction) -> list[Choice]:
        """Healing a hurt ally, giving energy to an ally short of it."""
        command = action.command
        assert isinstance(command, UseSupport)
        if not _needs_support(state, who, command):
            return []
        kind = who.power(command.power).kind
        ally = state.get(command.targets[0])
        missing = ally.vigor_max - ally.vigor if kind == "heal" else ally.energy_max - ally.energy
        worth = VIGOR if kind == "heal" else 0.8
        spend = action.cost_min
        while spend < action.cost_max and action.effective(spend) < missing:
            spend += 1
        score = worth * min(missing, action.effective(spend)) - SPEND * spend
        concrete = instance(action, spend)
        why = lambda: (  # noqa: E731
            explain.head(state, concrete),
            (explain.m(explain.SAVES), explain.vigor_left(ally.vigor)),
        )
        return [Choice(concrete, score, why=why)]

    def extended(self, state: FightState, who: Combatant, action: LegalAction) -> list[Choice]:
        """An extended defence when a covered ally is badly hurt."""
        command = action.command
        allies = [state.get(a) for a in getattr(command, "allies", ())]
        weak = [a for a in allies if _badly_hurt(a)]
        if not weak:
            return []
        score = 1.0 * len(weak) - SPEND * action.cost_min
        return [said(state, command, score, explain.SAVES)]

    def approach(self, state: FightState, who: Combatant, moves: list[LegalAction]) -> list[Choice]:
        """A move toward the nearest foe when none is within reach."""
        found = _nearest_foe(state, who)
        if found is None or not moves:
            return []
        nearest, gap = found
        if gap <= state.options.contact_reach:
            return []
        move = min(moves, key=lambda a: (a.cost_min, a.kind != "move"))
        command = move_to(move, nearest.position)
        if outcome(state, command) is None:
            return []
        return [said(state, command, 0.2 - SPEND * move.cost_min, explain.OUT_OF_REACH)]

    def interrupt(self, state: FightState, decision: Decision) -> Suggestion | None:
        """A holder with tokens interrupts the foe about to act."""
        for action in decision.options:
            command = interrupt_of(action)
            holder = state.get(command.actor)
            if holder.energy >= 2:
                return Suggestion(
                    Choice(command, 1.0, explain.head(state, command), (explain.m(explain.READY),))
                )
        return None

    # Reactions -----------------------------------------------------------------------------------

    def reactions(self, state: FightState, decision: Decision, rescue: bool = True) -> list[Choice]:
        """The target's defences, scored; rescues by allies when the best defence leaves it out."""
        pending = state.pending
        assert pending is not None
        target = state.get(pending.target)
        weight = 1.0 if pending.target in state.order[state.active + 1 :] else 0.5
        choices = [
            c
            for action in undominated(decision.of("defend"))
            for c in self.defences(state, target, action, weight)
        ]
        if rescue and choices and max(c.score for c in choices) <= -KNOCKOUT:
            choices += self.rescues(state, decision, target)
        halved = all(a.halving for a in decision.of("defend"))
        if rescue and halved and choices and max(c.score for c in choices) < -STRESS:
            choices += self.determination(state, decision)
        return choices

    def determination(self, state: FightState, decision: Decision) -> list[Choice]:
        """Checking a stress box for determination ("ignorer le malus de demi-succès lors de ses
        défenses durant un tour") when every defence is halved and the engine says the best defence
        then saves enough."""
        out = []
        for action in decision.of("stress", where=lambda c: getattr(c, "use", None) == "determination"):
            command = action.command
            after = outcome(state, command)
            if after is None or after.pending is None:
                continue
            best = rank(self.reactions(after, decisions(after)[0], rescue=False), 0)
            if best is not None:
                then = best.best
                why = lambda c=command, t=then: (  # noqa: E731
                    explain.head(state, c),
                    (explain.m(explain.DETERMINED), *t.reasons),
                )
                out.append(Choice(command, then.score - STRESS, why=why))
        return out

    def defences(
        self, state: FightState, target: Combatant, action: LegalAction, weight: float
    ) -> list[Choice]:
        """One defence option: the least tokens that stop the attack, else all or nothing."""
        template = action.command
        assert isinstance(template, Defend)
        low, high = action.cost_min, action.cost_max
        last = resolution(state, instance(action, high))
        if last is None:
            return []
        out = []
        if not last.success:
            while low < high:  # the least tokens that stop it (the margin falls as tokens rise)
                middle = (low + high) // 2
                found = resolution(state, instance(action, middle))
                if found is not None and not found.success:
                    high = middle
                else:
                    low = middle + 1
            out.append((high, resolution(state, instance(action, high))))
        else:
            out.append((high, last))
        if action.cost_min != out[0][0]:
            out.append((action.cost_min, resolution(state, instance(action, action.cost_min))))
        choices = []
        for spend, resolved in out:
            if resolved is None:
                continue
            damage = resolved.margin if resolved.success else 0
            falls = resolved.success and damage >= target.vigor
            score = -VIGOR * min(damage, target.vigor) - weight * spend - (KNOCKOUT if falls else 0.0)
            if falls:
                score -= 0.5 * spend  # tokens spent for nothing
            command = instance(action, spend)
            why = partial(_defence_why, state, action, command, spend, resolved, falls)
            choices.append(Choice(command, score, why=why))
        return choices

    def rescues(self, state: FightState, decision: Decision, target: Combatant) -> list[Choice]:
        """Interposing, an extended defence or a counter, when the engine says the target then holds."""
        out = []
        for action in decision.of("interpose", "extended_defense", "counter"):
            for spend in sorted({action.cost_min, action.cost_max}):
                command = instance(action, spend)
                after = outcome(state, command)
                if after is None or after.pending is None:
                    continue
                follow = decisions(after)[0]
                best = rank(self.reactions(after, follow, rescue=False), 0)
                if best is None:
                    continue
                score = best.best.score - 0.5 * spend
                why = lambda c=command: (  # noqa: E731
                    explain.head(state, c),
                    (explain.m(explain.WOULD_FALL, target=target.name),),
                )
                out.append(Choice(command, score, why=why))
        return out
