"""Which source files feed which translation domain, and which languages each domain needs.

A file belongs to the first domain whose pattern matches its path (relative to ``src/``).
Every file of a domain must translate with that domain (``Translator("<domain>")``,
``Message("<domain>", ...)``); the catalog test checks it.
"""

from __future__ import annotations

from fnmatch import fnmatch

# (domain, glob patterns), first match wins.
DOMAINS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("energy_campaign", ("meneur/systems/energy/campaign/*", "meneur/systems/energy/cli/campaign.py")),
    ("energy_combat", ("meneur/systems/energy/combat/*", "meneur/systems/energy/cli/fight.py")),
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

KEYWORDS = {"_": None, "N_": None}


def domain_of(relative_path: str) -> str:
    """The domain of a source file, given its path relative to ``src/`` with ``/`` separators."""
    for domain, patterns in DOMAINS:
        if any(fnmatch(relative_path, pattern) for pattern in patterns):
            return domain
    raise LookupError(relative_path)
