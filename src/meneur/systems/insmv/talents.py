"""Testing a talent, possessed or not.

"Si un personnage tente une action qui nécessite un talent qu'il ne possède pas, il utilise sa
caractéristique associée, mais (1) décalée d'un nombre de colonnes égal au malus [...] et (2)
toujours en rapport avec la ligne « très difficile »." (000_008acb24c72771e3.txt).
"""

from __future__ import annotations

from meneur.systems.insmv.model import Talent
from meneur.systems.insmv.resolution import TestRequest
from meneur.systems.insmv.table_um import Difficulty


def talent_request(
    talent: Talent,
    characteristic: int,
    difficulty: Difficulty | None = None,
    gm_shift: int = 0,
    voluntary_shift: int = 0,
) -> TestRequest:
    """The test of ``talent``: its own value, or ``characteristic`` with its malus when untrained."""
    if talent.value is not None:
        return TestRequest(talent.value, difficulty, gm_shift, voluntary_shift)
    return TestRequest(characteristic, difficulty, gm_shift, voluntary_shift, untrained_malus=talent.malus)
