"""The one base class of every frozen model users write in files (characters, beings, options...).

Frozen (a model never changes: a new one is made), unknown fields refused (a typo is an error, not
silently dropped), and no NaN or infinity in any float (a distance of NaN would pass every check).
Booleans are never read as numbers: ``rank: true`` is refused by the integer fields.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Strict

Int = Annotated[int, Strict()]
"""A whole number that refuses ``true`` and ``"3"`` (files and options give real numbers)."""


class Frozen(BaseModel):
    """Base of the models read from users' files."""

    model_config = ConfigDict(frozen=True, extra="forbid", allow_inf_nan=False)
