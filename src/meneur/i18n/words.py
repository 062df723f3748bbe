"""Words typed by users, read the same way everywhere.

A game master types the book's French words (« très difficile », « mort-vivant », « Aisé ») or the
glossary's keys (``tres_difficile``, ``undead``, ``well_off``); :func:`fold` reduces both to one form so
that any system can compare them: lower case, no accents, and ``_`` for spaces, dashes and apostrophes.
"""

from __future__ import annotations

import unicodedata


def fold(text: str) -> str:
    """``text`` reduced for comparison: « Avatar d’Archange » and ``avatar_d_archange`` fold alike."""
    decomposed = unicodedata.normalize("NFKD", text.strip().casefold().replace("\u2019", "'"))
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return "_".join(plain.replace("-", " ").replace("'", " ").replace("_", " ").split())
