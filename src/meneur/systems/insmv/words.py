"""The book's French words a user may type for INS/MV keys (accents, case and spaces optional).

Every key stays accepted; the French words are aliases, listed in help texts and errors.
"""

from __future__ import annotations

from collections.abc import Mapping

from meneur.i18n.words import fold

KIND_WORDS: Mapping[str, str] = {
    "humain": "human",
    "ange": "angel",
    "demon": "demon",
    "avatar_d_archange": "archangel_avatar",
    "avatar_archange": "archangel_avatar",
    "avatar_de_prince_demon": "demon_prince_avatar",
    "avatar_prince_demon": "demon_prince_avatar",
    "mort_vivant": "undead",
    "familier": "familiar",
    "succube": "succubus",
    "fils_de_dieu": "son_of_god",
    "arme_intelligente": "intelligent_weapon",
    "animal": "animal",
    "autre": "other",
}
"""French word (folded) -> kind key."""

KIND_SHOWN: Mapping[str, str] = {
    "human": "humain",
    "angel": "ange",
    "demon": "démon",
    "archangel_avatar": "avatar-archange",
    "demon_prince_avatar": "avatar-prince-démon",
    "undead": "mort-vivant",
    "familiar": "familier",
    "succubus": "succube",
    "son_of_god": "fils-de-dieu",
    "intelligent_weapon": "arme-intelligente",
    "animal": "animal",
    "other": "autre",
}
"""Kind key -> the French word shown in help and errors."""

BODY_WORDS: Mapping[str, str] = {"humain": "human", "cree": "created", "animal": "animal", "objet": "object"}
BODY_SHOWN: Mapping[str, str] = {"human": "humain", "created": "créé", "animal": "animal", "object": "objet"}

SIDE_WORDS: Mapping[str, str] = {
    "attaquant": "attacker",
    "a": "attacker",
    "defenseur": "defender",
    "b": "defender",
}

DIFFICULTY_WORDS: Mapping[str, str] = {
    "easy": "facile",
    "average": "moyenne",
    "medium": "moyenne",
    "hard": "difficile",
    "very_hard": "tres_difficile",
}
"""English word (folded) -> difficulty key (the keys are the book's French words)."""

DIFFICULTY_SHOWN: Mapping[str, str] = {
    "facile": "facile",
    "moyenne": "moyenne",
    "difficile": "difficile",
    "tres_difficile": "« très difficile » (tres_difficile)",
}


def book_word(key: str, lang: str) -> str | None:
    """The book's French word for a kind or body key when help speaks French (``humain`` for
    ``human``); None otherwise: in English the key is the word."""
    if lang != "fr":
        return None
    return KIND_SHOWN.get(key) or BODY_SHOWN.get(key)


def lookup(text: str, words: Mapping[str, str]) -> str:
    """The key for ``text``: a French word of ``words`` or the key itself (folded)."""
    key = fold(text)
    return words.get(key, key)


def choices(shown: Mapping[str, str]) -> str:
    """``mot (key), ...`` for errors: the French word first, the key after."""
    return ", ".join(word if fold(word) == key else f"{word} ({key})" for key, word in shown.items())
