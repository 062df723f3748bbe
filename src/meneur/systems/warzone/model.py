"""Models (figures), their supernatural powers and the table options of the `warzone` system.

Rule text: ``001_0209eda46e4737a1.txt`` (Polish). Everything here is an immutable pydantic model;
identifiers follow the glossary (``power`` for Moc, ``difficulty`` for Trudność, ``actions`` for Akcje).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

from pydantic import Field, model_validator

from meneur.engine.model import Frozen as Frozen
from meneur.engine.options import OptionText
from meneur.i18n import N_, Message
from meneur.i18n.words import match, member

MAX_STAT = 30
"""Largest Moc or leadership (DW) value accepted; a d20 roll-under never needs more."""
MAX_DIFFICULTY = 20
MAX_ACTIONS = 10


class ModelProblemError(ValueError):
    """A problem of a model file found by a validator, told in the reader's language.

    :func:`meneur.engine.problems.explain` shows ``message`` after the field's path.
    """

    def __init__(self, msgid: str, **params: object) -> None:
        self.message = Message("warzone", msgid, dict(params))
        super().__init__(msgid)


class PowerKind(StrEnum):
    """``Rodzaj``: "Zaklęcie" (spell) or "Technika" (technique), 001_0209eda46e4737a1.txt."""

    SPELL = "spell"
    TECHNIQUE = "technique"

    @classmethod
    def _missing_(cls, value: object) -> PowerKind | None:
        return member(cls, value, POWER_KIND_WORDS)


class TargetKind(StrEnum):
    """``Cel``: "Punkt" (a point in range) or "Model" (a model in range)."""

    POINT = "point"
    MODEL = "model"

    @classmethod
    def _missing_(cls, value: object) -> TargetKind | None:
        return member(cls, value, TARGET_WORDS)


POWER_KIND_WORDS = {"sort": "spell", "zaklecie": "spell", "technika": "technique"}
"""The book's Polish words and the French ones (folded) -> power kind key."""
TARGET_WORDS = {"modele": "model", "punkt": "point", "cel": "model"}
"""The book's Polish words and the French ones (folded) -> target kind key."""
SELF_WORDS = ("self", "soi", "soi_meme", "siebie")
"""Words a user may type for the model itself as a target."""


KIND_NAMES = {PowerKind.SPELL: N_("spell"), PowerKind.TECHNIQUE: N_("technique")}
TARGET_NAMES = {TargetKind.POINT: N_("point"), TargetKind.MODEL: N_("model")}


class PowerRange(Frozen):
    """``Zasięg``: the parts of a range, combinable ("w wielu przypadkach Zasięg będzie określony
    przy pomocy kilku z powyższych możliwości", 001_0209eda46e4737a1.txt).

    Attributes:
        personal: "Osobisty", only the user itself.
        touch: "Dotyk", the user and/or a model in base contact.
        template: "Wzornik", the name of the template used (e.g. "small blast"), or None.
        command_range: "Zasięg Dowodzenia", every model within the user's command range.
        inches: "Mierzony", the greatest distance in inches, or None.
        line_of_sight: "Pole Widzenia", the target must be in the user's line of sight.
    """

    personal: bool = False
    touch: bool = False
    template: str | None = None
    command_range: bool = False
    inches: int | None = Field(default=None, ge=1, le=200)
    line_of_sight: bool = False

    @model_validator(mode="after")
    def _at_least_one_part(self) -> PowerRange:
        if not (
            self.personal
            or self.touch
            or self.template
            or self.command_range
            or self.inches is not None
            or self.line_of_sight
        ):
            raise ModelProblemError(
                N_(
                    "a range needs at least one part (personal, touch, template,"
                    " command_range, inches or line_of_sight)"
                )
            )
        return self


class Power(Frozen):
    """One supernatural power as described in an army list ("Opis Mocy").

    Attributes:
        name: "Nazwa", the main reference of the power.
        kind: "Rodzaj", spell or technique.
        range: "Zasięg".
        target: "Cel", point or model.
        difficulty: "Trudność Mocy", subtracted from the user's Moc in the power test.
        actions: "Akcje", the actions a spell costs; techniques have none ("opis tych mocy nie będzie
            zawierał punktu Akcje").
        effect: "Efekt", the description of what the power does.
        absolute_success_effect: what the description adds on an Absolute Success ("Część Mocy może
            mieć dodatkowe efekty przy Absolutnym Sukcesie – będą one podane w opisie Mocy").
        bought: whether the model bought the power ("Model musi wykupić możliwość wykorzystania").
        close_combat: True when the description allows the power in close combat although it is
            neither a technique nor a touch power ("O ile nie jest napisane inaczej").
        outside_field_of_fire: True when the description lets the power reach models outside the
            user's field of fire ("Jeżeli nie jest napisane inaczej").
    """

    name: str = Field(min_length=1)
    kind: PowerKind
    range: PowerRange = PowerRange(personal=True)
    target: TargetKind = TargetKind.MODEL
    difficulty: int = Field(default=0, ge=0, le=MAX_DIFFICULTY)
    actions: int | None = Field(default=None, ge=1, le=MAX_ACTIONS)
    effect: str = ""
    absolute_success_effect: str = ""
    bought: bool = True
    close_combat: bool = False
    outside_field_of_fire: bool = False

    @model_validator(mode="after")
    def _actions_match_kind(self) -> Power:
        if self.kind is PowerKind.SPELL and self.actions is None:
            raise ModelProblemError(
                N_("spell '{name}' needs its actions (Akcje), at least 1"), name=self.name
            )
        if self.kind is PowerKind.TECHNIQUE and self.actions is not None:
            raise ModelProblemError(
                N_("technique '{name}' costs no actions (no Akcje): remove 'actions'"), name=self.name
            )
        return self

    @property
    def action_cost(self) -> int:
        """Actions a successful use costs before an absolute success (0 for a technique)."""
        return self.actions or 0

    @property
    def usable_in_close_combat(self) -> bool:
        """ "w Walce Wręcz można używać tylko Technik lub Mocy z zasięgiem – dotyk"."""
        return self.kind is PowerKind.TECHNIQUE or self.range.touch or self.close_combat


class Figure(Frozen):
    """A Model on the table ("Model", 001_0209eda46e4737a1.txt) as far as powers are concerned.

    Attributes:
        name: how the table calls the model.
        power: its Moc value.
        leadership: its Dowodzenie (DW), used by the violence table.
        actions: the actions it has in each activation.
        has_power_ability: "Używać Mocy mogą tylko modele z odpowiednią zdolnością".
        panicked: "Mocy nie mogą używać modele Spanikowane".
        powers: the powers of its army list; ``bought`` says which ones it may use.
    """

    name: str = Field(min_length=1)
    power: int = Field(ge=0, le=MAX_STAT)
    leadership: int = Field(ge=0, le=MAX_STAT)
    actions: int = Field(default=3, ge=0, le=MAX_ACTIONS)
    has_power_ability: bool = True
    panicked: bool = False
    powers: tuple[Power, ...] = ()

    @model_validator(mode="after")
    def _unique_names(self) -> Figure:
        names = [p.name for p in self.powers]
        doubles = sorted({n for n in names if names.count(n) > 1})
        if doubles:
            raise ModelProblemError(
                N_("power names must be unique; repeated: {names}"), names=", ".join(doubles)
            )
        return self

    def find_power(self, name: str) -> Power | None:
        """The power called ``name`` (without regard to case and accents), or None."""
        found = match(name, [power.name for power in self.powers])
        return next((power for power in self.powers if power.name == found), None)


class TableOptions(Frozen):
    """Choices where game masters could read 001_0209eda46e4737a1.txt differently (docs/rulings/warzone.md).

    Attributes:
        natural_one_always_succeeds: a natural 1 is an absolute success even when the modified Moc is
            below 1 (default True: "Absolutny Sukces" is a critical roll, like the natural 20).
        failed_technique_wastes_action: a failed technique wastes one action (default False:
            techniques "nie wymaga zużycia akcji").
        violence_penalties_stack: two "1-10" results in one activation give -6 (default True).
        knocked_down_ends_activation: a model knocked down by the violence table stops its
            activation at once (default True: it "nie może być Zaktywowany").
        leadership_uses_test_difficulty: the "20" leadership test subtracts the difficulty as tested
            (with the +2/+4 of the technique order) instead of the power's printed difficulty
            (default False).
        wake_up_modifier: the modifier of the leadership test made to get up (default -4, the text's).
        friendly_targets_follow_priority: the target priority rules also bind powers aimed at
            friendly models (default False: "W wypadku Mocy rzucanych na Modele przeciwnika").
    """

    natural_one_always_succeeds: Annotated[
        bool,
        OptionText(
            label=Message("warzone", N_("A natural 1 is always an Absolute Success")),
            decision=Message(
                "warzone",
                N_(
                    "Even when the modified Power is below 1, like the natural 20's failure; otherwise a"
                    " 1 is an Absolute Success only when it would succeed anyway."
                ),
            ),
            quote="Model, który w teście na użycie Mocy uzyskał Absolutny Sukces zużywa jedną akcję mniej",
            quote_lang="pl",
        ),
    ] = True
    failed_technique_wastes_action: Annotated[
        bool,
        OptionText(
            label=Message("warzone", N_("A failed technique wastes one action")),
            decision=Message(
                "warzone", N_("By default only a failed spell wastes an action: a technique needs none.")
            ),
            quote="Jeżeli rzut się nie powiedzie zmarnowana zostaje tylko jedna akcja ; Technika « nie"
            " wymaga zużycia akcji »",
            quote_lang="pl",
        ),
    ] = False
    violence_penalties_stack: Annotated[
        bool,
        OptionText(
            label=Message("warzone", N_("Two 1-10 results of the violence table in one activation add up")),
            decision=Message(
                "warzone",
                N_(
                    "Each one gives -3 to Power until the activation ends (-6 for two); otherwise -3 at most."
                ),
            ),
            quote="przy każdym następnym teście mocy w tej aktywacji należy uwzględnić karny modyfikator -3 do Mocy",
            quote_lang="pl",
        ),
    ] = True
    knocked_down_ends_activation: Annotated[
        bool,
        OptionText(
            label=Message("warzone", N_("A model knocked down stops its activation at once")),
            decision=Message("warzone", N_("A model that cannot be activated does not go on acting.")),
            quote="18-19 Model zostaje Przewrócony. Nie może też być Zaktywowany dopóki ...",
            quote_lang="pl",
        ),
    ] = True
    leadership_uses_test_difficulty: Annotated[
        bool,
        OptionText(
            label=Message("warzone", N_("The « 20 » leadership test uses the difficulty as tested")),
            decision=Message(
                "warzone",
                N_(
                    "With the +2/+4 of the technique's place in the order; by default the power's printed difficulty."
                ),
            ),
            quote="20 Model musi wykonać test DW pomniejszonego o Stopień Trudności nieudanej Mocy",
            quote_lang="pl",
        ),
    ] = False
    wake_up_modifier: Annotated[
        int,
        OptionText(
            label=Message("warzone", N_("Modifier of the leadership test to get up")),
            decision=Message("warzone", N_("The text's -4; a table may make waking up easier or harder.")),
            quote="lub Model obudzi się sam zdając test DW z modyfikatorem -4",
            quote_lang="pl",
        ),
    ] = Field(default=-4, ge=-20, le=20)
    friendly_targets_follow_priority: Annotated[
        bool,
        OptionText(
            label=Message("warzone", N_("Target priority also binds powers aimed at friendly models")),
            decision=Message(
                "warzone", N_("By default it binds only powers aimed at the opponent's models.")
            ),
            quote="W wypadku Mocy rzucanych na Modele przeciwnika należy przestrzegać zasad Priorytetu Celu",
            quote_lang="pl",
        ),
    ] = False
