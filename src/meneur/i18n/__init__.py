"""Translation of every user-facing string.

Conventions:
    * Message ids are English source strings with named ``{placeholders}``.
    * Catalogs are gettext ``.po`` files under ``meneur/i18n/locales/<lang>/LC_MESSAGES/<domain>.po``,
      compiled to the ``.mo`` files beside them (``scripts/i18n.py compile``), which the standard
      library's :mod:`gettext` reads at run time,
      one domain per area of the code (``core``, ``insmv``, ``warzone``, ``carpathes``,
      ``energy``, ``energy_campaign``, ``energy_combat``), so each area keeps its own catalog;
      ``framework`` holds the words Typer and Click print themselves (see :mod:`.framework`).
    * French is the default language; English is complete (its catalogs hold only what differs from
      the English source, and the forms of counted messages); Polish exists where a system's book
      is Polish (``warzone``) and around it (``core``, ``framework``), and falls back to English
      elsewhere.
    * The current language lives in a context variable set once by an adapter (the CLI, later the
      web server per request). The cores never choose a language: they raise errors and return
      results holding :class:`Message` objects, which render in whatever language is current.

Use ``_ = Translator(<domain>)`` in a module, then ``_("Success")`` for immediate translation,
``N_("...")`` to mark a string translated later, and ``Message(domain, N_("..."), params)``
for a deferred message with parameters. A counted message marks its two English forms with
``P_("{count} die", "{count} dice")``: ``_(P_(...), count=n)`` or ``Message.counted(domain, P_(...), n)``
choose the form by the language's plural rule (French: 0 and 1 singular; Polish: three forms).

Agreement with a character's grammatical gender: a message whose words agree with a character takes
a ``gender`` parameter (``"masculine"``, ``"feminine"`` or ``None`` when the character's file does not
say) and writes the choice in its text as ``{gender:MASCULINE|FEMININE|EPICENE}``:
``"{name} {gender:est brisé|est brisée|subit l'état brisé}."``. The third form is worded so that it
agrees with anyone (no « brisé·e »); a text with one form (English: ``{gender:broken}``) reads the
same for everyone. The parameter stays a plain string, so a message kept as JSON keeps its gender.
"""

from __future__ import annotations

import gettext
import os
import string
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

LANGUAGES: tuple[str, ...] = ("fr", "en", "pl")
DEFAULT_LANGUAGE = "fr"
LOCALES_DIR = Path(__file__).parent / "locales"

_FALLBACKS: dict[str, tuple[str, ...]] = {"fr": ("fr",), "en": ("en",), "pl": ("pl", "en")}
_current: ContextVar[str] = ContextVar("meneur_language", default=DEFAULT_LANGUAGE)


class UnknownLanguageError(ValueError):
    """Raised for a language code that meneur does not speak."""


def normalize_language(code: str) -> str:
    """Return the two-letter language meneur speaks for a code such as ``fr_FR.UTF-8``.

    Raises:
        UnknownLanguageError: when the language is not one of :data:`LANGUAGES`.
    """
    short = code.strip().replace("-", "_").split(".")[0].split("_")[0].lower()
    if short not in LANGUAGES:
        raise UnknownLanguageError(code)
    return short


def resolve_language(option: str | None = None, environ: dict[str, str] | None = None) -> str:
    """Choose the language: the ``--lang`` option, then ``MENEUR_LANG``, then the locale, then French.

    An unknown ``--lang`` raises; an unusable environment variable or locale is skipped.
    """
    if option:
        return normalize_language(option)
    env = os.environ if environ is None else environ
    # The locale is read from the environment as POSIX defines it; the "C"/"POSIX" locale
    # states no language preference (Python would alias it to en_US), so it leads to French.
    candidates = [env.get(name, "") for name in ("MENEUR_LANG", "LC_ALL", "LC_MESSAGES", "LANG")]
    for candidate in candidates:
        if candidate and candidate.split(".")[0] not in ("C", "POSIX"):
            try:
                return normalize_language(candidate)
            except UnknownLanguageError:
                continue
    return DEFAULT_LANGUAGE


def set_language(lang: str) -> None:
    """Make ``lang`` the current language of this context."""
    _current.set(normalize_language(lang))


def get_language() -> str:
    """Return the current language code."""
    return _current.get()


def mo_path(domain: str, lang: str) -> Path:
    """Where the compiled catalog of ``domain`` in ``lang`` lives (next to its ``.po``)."""
    return LOCALES_DIR / lang / "LC_MESSAGES" / f"{domain}.mo"


@cache
def translations(domain: str, lang: str) -> gettext.NullTranslations:
    """The compiled catalogs of ``domain`` for ``lang``, chained with its fallback languages.

    A message missing from every catalog (or left empty in it) reads as its English source.
    """
    found: gettext.NullTranslations | None = None
    for code in _FALLBACKS[lang]:
        path = mo_path(domain, code)
        if not path.exists():
            continue
        with path.open("rb") as handle:
            one = gettext.GNUTranslations(handle)
        if found is None:
            found = one
        else:
            found.add_fallback(one)
    return found if found is not None else gettext.NullTranslations()


def translate(domain: str, msgid: str, lang: str | None = None) -> str:
    """Translate ``msgid`` of ``domain`` into ``lang`` (the current language by default)."""
    return translations(domain, lang or get_language()).gettext(msgid)


def translate_plural(domain: str, singular: str, plural: str, count: int, lang: str | None = None) -> str:
    """The form of a counted message that ``count`` takes in ``lang`` (by the catalog's Plural-Forms).

    The sign does not choose the form: ``-1`` reads like ``1``.
    """
    return translations(domain, lang or get_language()).ngettext(singular, plural, abs(count))


def N_(msgid: str) -> str:  # noqa: N802 - the gettext convention
    """Mark a string for extraction without translating it now."""
    return msgid


class Plural(NamedTuple):
    """The two English forms of a counted message, as marked by :func:`P_`."""

    singular: str
    plural: str


def P_(singular: str, plural: str) -> Plural:  # noqa: N802 - the gettext convention
    """Mark a counted message (singular and plural English forms) for extraction.

    ``_(P_("{count} rule", "{count} rules"), count=n)`` translates at once;
    ``Message.counted(domain, P_(...), n)`` later. Each language's catalog holds as many forms as its
    Plural-Forms header says (two in English and French, three in Polish).
    """
    return Plural(singular, plural)


GENDER = "gender"
"""The parameter a message names a character's grammatical gender with (see the module's docstring)."""
_GENDER_FORMS = {"masculine": 0, "feminine": 1}


@dataclass(frozen=True)
class Agreement:
    """A grammatical gender as it formats: ``format(Agreement("feminine"), "brisé|brisée|...")`` is
    ``brisée``; with no gender (``None``) the third, épicène form; a one-form text for everyone."""

    gender: str | None

    def __format__(self, spec: str) -> str:
        forms = spec.split("|")
        if len(forms) == 1:
            return forms[0]
        return forms[min(_GENDER_FORMS.get(str(self.gender), 2), len(forms) - 1)]


DECIMAL_MARKS: dict[str, str] = {"fr": ",", "en": ".", "pl": ","}
"""The decimal mark of each language, as the Unicode CLDR writes it (``3,5`` in French)."""


@dataclass(frozen=True)
class LocalDecimal:
    """A decimal number as it formats in a language: ``format(LocalDecimal(3.5, ","), ".1f")`` is ``3,5``."""

    value: float
    mark: str

    def __format__(self, spec: str) -> str:
        return format(self.value, spec).replace(".", self.mark)

    def __str__(self) -> str:
        return format(self)


ELIDING = ("de", "que", "ne", "jusque", "lorsque", "puisque")
"""French words that elide before a vowel (« d'Agent », « qu'Ioana »), also before a name given to a
message: « la réaction de {name} » reads « la réaction d'Agent Octopus 1 »."""
_ELISION_VOWELS = frozenset("aeiouàâäéèêëîïôöûüAEIOUÀÂÄÉÈÊËÎÏÔÖÛÜ")
APOSTROPHE = "'"
"""The one apostrophe of the French texts, the books' own (``scripts/i18n.py update`` writes it)."""


def _elide(before: str, value: str) -> str:
    """``before`` with its last word elided when it is one of :data:`ELIDING`, ends with a space and
    ``value`` (a name, a word) starts with a vowel: ``"réaction de "`` and ``"Agent"`` give
    ``"réaction d'"``. A single letter or an acronym (« de A », « de YAML ») and a number keep it."""
    if not before.endswith(" ") or not value or value[0] not in _ELISION_VOWELS:
        return before
    if len(value) == 1 or value[1].isupper() or not value[1].isalpha():
        return before
    head, _space, word = before[:-1].rpartition(" ")
    if word.lower() not in ELIDING:
        return before
    return f"{head}{' ' if head else ''}{word[:-1]}{APOSTROPHE}"


def _elided_format(text: str, params: dict[str, Any]) -> str:
    """``text.format(**params)`` with :func:`_elide` applied where a literal meets a value."""
    out: list[str] = []
    for literal, name, spec, conversion in string.Formatter().parse(text):
        out.append(literal)
        if name is None:
            continue
        field = "{" + name + ("!" + conversion if conversion else "") + (":" + spec if spec else "") + "}"
        value = field.format(**params)
        out = [_elide("".join(out), value), value]
    return "".join(out)


def format_text(text: str, params: dict[str, Any], lang: str | None = None) -> str:
    """``text.format(**params)`` in ``lang``: the ``gender`` parameter read as an :class:`Agreement`,
    every decimal number written with the language's mark (``{mean:.1f}`` is ``3,5`` in French), and
    in French a « de » or « que » before a value elided (:func:`_elide`)."""
    lang = lang or get_language()
    mark = DECIMAL_MARKS[lang]
    params = {
        key: LocalDecimal(value, mark) if isinstance(value, float) and mark != "." else value
        for key, value in params.items()
    }
    if GENDER in params and not isinstance(params[GENDER], Agreement):
        params[GENDER] = Agreement(params[GENDER])
    return _elided_format(text, params) if lang == "fr" else text.format(**params)


class Translator:
    """A domain's ``_`` function: ``_("Hello {name}", name="Wink")`` translates then formats.

    ``_(P_("{count} die", "{count} dice"), count=n)`` picks the form that ``count`` takes.
    """

    def __init__(self, domain: str) -> None:
        self.domain = domain

    def __call__(self, msgid: str | Plural, /, **params: Any) -> str:
        if isinstance(msgid, Plural):
            text = translate_plural(self.domain, msgid.singular, msgid.plural, params["count"])
        else:
            text = translate(self.domain, msgid)
        return format_text(text, params) if params else text


@dataclass(frozen=True)
class Message:
    """A translatable message kept untranslated until it is shown.

    Cores put these in results and errors; adapters render them in the reader's language. A counted
    message has a ``plural`` form and a ``count`` (also given to the text as ``{count}``): build it
    with :meth:`counted`.
    """

    domain: str
    msgid: str
    params: dict[str, Any] = field(default_factory=dict)
    plural: str = field(default="", kw_only=True)
    count: int = field(default=0, kw_only=True)

    @classmethod
    def counted(cls, domain: str, forms: Plural, count: int, /, **params: Any) -> Message:
        """A counted message: ``Message.counted("core", P_("{count} die", "{count} dice"), n)``."""
        return cls(domain, forms.singular, {**params, "count": count}, plural=forms.plural, count=count)

    def render(self, lang: str | None = None) -> str:
        """Translate and format the message in ``lang`` (the current language by default)."""
        if self.plural:
            text = translate_plural(self.domain, self.msgid, self.plural, self.count, lang)
        else:
            text = translate(self.domain, self.msgid, lang)
        params = {k: v.render(lang) if isinstance(v, Message) else v for k, v in self.params.items()}
        return format_text(text, params, lang) if params else text

    def __str__(self) -> str:
        return self.render()
