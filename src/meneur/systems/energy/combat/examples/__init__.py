"""The rulebook's example fights, shipped with the package (``meneur energy fight example``).

Each ``<name>.yaml`` here is a fight file: one of the combat examples of 002_58e889a1abff3456.txt
(its first comment line quotes the book), or ``demo`` (the fight of ``meneur demo``).
"""

from __future__ import annotations

from importlib.resources import files
from importlib.resources.abc import Traversable

from meneur.errors import BadInputError
from meneur.i18n import N_, Message
from meneur.i18n.words import fold

DOMAIN = "energy_combat"


def _folder() -> Traversable:
    return files(__name__)


def names() -> list[str]:
    """The names of the example fights, sorted."""
    return sorted(
        item.name.removesuffix(".yaml") for item in _folder().iterdir() if item.name.endswith(".yaml")
    )


def find(name: str) -> str:
    """The example ``name`` names (case and accents ignored, ``.yaml`` or not).

    Raises:
        BadInputError: no such example, with the list of known ones.
    """
    for known in names():
        if fold(known) == fold(name.removesuffix(".yaml")):
            return known
    raise BadInputError(
        Message(
            DOMAIN,
            N_("No example fight is called {name}; known: {known}."),
            {"name": name, "known": ", ".join(names())},
        )
    )


def text(name: str) -> str:
    """The fight file ``name`` (see :func:`find`), as shipped."""
    return _folder().joinpath(f"{find(name)}.yaml").read_text(encoding="utf-8")


def summary(name: str) -> str:
    """What the example shows: its first comment line, without the ``#``."""
    for line in text(name).splitlines():
        if line.startswith("#"):
            return line.lstrip("# ").strip()
    return ""
