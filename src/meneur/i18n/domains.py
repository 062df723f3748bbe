"""Which source files feed which translation domain, and which languages each domain needs.

A file belongs to the first domain whose pattern matches its path (relative to ``src/``).
Every file of a domain must translate with that domain (``Translator("<domain>")``,
``Message("<domain>", ...)``); the catalog test checks it.
"""

from __future__ import annotations

from fnmatch import fnmatch

# (domain, glob patterns), first match wins.
DOMAINS: tuple[tuple[str, tuple[str, ...]], ...] = (
    # A game's pages (``systems/<game>/view/``) speak the pages' words: their templates extend the
    # shared ones, whose ``_`` is the web domain's.
    ("web", ("meneur/web/*", "meneur/systems/*/view/*")),
    (
        "energy_campaign",
        (
            "meneur/systems/energy/campaign/*",
            "meneur/systems/energy/cli/campaign*.py",
            "meneur/systems/energy/cli/challenge.py",
            "meneur/systems/energy/cli/words.py",
        ),
    ),
    (
        "energy_ai",
        (
            "meneur/systems/energy/ai/*",
            "meneur/systems/energy/cli/ai.py",
            "meneur/systems/energy/cli/ai_balance.py",
        ),
    ),
    (
        "energy_combat",
        (
            "meneur/systems/energy/combat/*",
            "meneur/systems/energy/cli/fight*.py",
        ),
    ),
    ("energy", ("meneur/systems/energy/*",)),
    ("insmv", ("meneur/systems/insmv/*",)),
    ("warzone", ("meneur/systems/warzone/*",)),
    ("carpathes", ("meneur/systems/carpathes/*",)),
    ("framework", ("meneur/i18n/framework.py",)),
    ("server", ("meneur/server/*",)),
    ("core", ("meneur/*",)),
)

# Languages whose catalog must hold every message of the domain.
# Polish is needed by Warzone (a Polish book) and by everything a Warzone player sees around it:
# the core (dice, errors, root help) and the words of Typer and Click (``framework``).
POLISH = ("warzone", "core", "framework")
REQUIRED: dict[str, tuple[str, ...]] = {
    domain: ("fr", "en", "pl") if domain in POLISH else ("fr", "en") for domain, _ in DOMAINS
}

# Extraction keywords: ``_`` and ``N_`` take one message id, ``P_`` a counted message's two forms.
KEYWORDS: dict[str, tuple[int, ...] | None] = {"_": None, "N_": None, "P_": (1, 2)}

# Each language's gettext plural rule: (number of forms, C expression of ``n`` giving the form).
# French puts 0 and 1 in the singular; Polish has one, few (2-4, 22-24...) and many.
PLURAL_FORMS: dict[str, tuple[int, str]] = {
    "fr": (2, "(n > 1)"),
    "en": (2, "(n != 1)"),
    "pl": (3, "(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)"),
}


def domain_of(relative_path: str) -> str:
    """The domain of a source file, given its path relative to ``src/`` with ``/`` separators."""
    for domain, patterns in DOMAINS:
        if any(fnmatch(relative_path, pattern) for pattern in patterns):
            return domain
    raise LookupError(relative_path)
