"""Translation of every user-facing string.

Conventions:
    * Message ids are English source strings with named ``{placeholders}``.
    * Catalogs are gettext ``.po`` files under ``meneur/i18n/locales/<lang>/LC_MESSAGES/<domain>.po``,
      one domain per area of the code (``core``, ``insmv``, ``warzone``, ``carpathes``,
      ``energy``, ``energy_campaign``, ``energy_combat``), so each area keeps its own catalog;
      ``framework`` holds the words Typer and Click print themselves (see :mod:`.framework`).
    * French is the default language; English is complete; Polish exists where a system's book
      is Polish (``warzone``) and around it (``core``, ``framework``), and falls back to English
      elsewhere.
    * The current language lives in a context variable set once by an adapter (the CLI, later the
      web server per request). The cores never choose a language: they raise errors and return
      results holding :class:`Message` objects, which render in whatever language is current.

Use ``_ = Translator(<domain>)`` in a module, then ``_("Success")`` for immediate translation,
``N_("...")`` to mark a string translated later, and ``Message(domain, N_("..."), params)``
for a deferred message with parameters.
"""

from __future__ import annotations

import os
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from babel.messages.pofile import read_po

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


@cache
def catalog(domain: str, lang: str) -> dict[str, str]:
    """Load one domain's catalog for one language as a ``msgid -> msgstr`` map (empty if absent)."""
    path = LOCALES_DIR / lang / "LC_MESSAGES" / f"{domain}.po"
    if not path.exists():
        return {}
    with path.open("rb") as handle:
        po = read_po(handle, locale=lang)
    return {str(m.id): str(m.string) for m in po if m.id and isinstance(m.string, str) and m.string}


def translate(domain: str, msgid: str, lang: str | None = None) -> str:
    """Translate ``msgid`` of ``domain`` into ``lang`` (the current language by default)."""
    for code in _FALLBACKS[lang or get_language()]:
        found = catalog(domain, code).get(msgid)
        if found:
            return found
    return msgid


def N_(msgid: str) -> str:  # noqa: N802 - the gettext convention
    """Mark a string for extraction without translating it now."""
    return msgid


class Translator:
    """A domain's ``_`` function: ``_("Hello {name}", name="Wink")`` translates then formats."""

    def __init__(self, domain: str) -> None:
        self.domain = domain

    def __call__(self, msgid: str, /, **params: Any) -> str:
        text = translate(self.domain, msgid)
        return text.format(**params) if params else text



@dataclass(frozen=True)
class Message:
    """A translatable message kept untranslated until it is shown.

    Cores put these in results and errors; adapters render them in the reader's language.
    """

    domain: str
    msgid: str
    params: dict[str, Any] = field(default_factory=dict)

    def render(self, lang: str | None = None) -> str:
        """Translate and format the message in ``lang`` (the current language by default)."""
        text = translate(self.domain, self.msgid, lang)
        params = {k: v.render(lang) if isinstance(v, Message) else v for k, v in self.params.items()}
        return text.format(**params) if params else text

    def __str__(self) -> str:
        return self.render()
