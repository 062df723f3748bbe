"""Write the table's app icons (``src/meneur/web/static/icons/``): a die's five face, drawn here.

Pure Python (``zlib`` and ``struct``): no image library. The ``maskable`` icons keep the die inside
the safe circle (the inner 80 %) that a phone's launcher may crop to. Run it again after changing a
colour; the PNG files are committed.

    python scripts/icons.py
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

ICONS = Path(__file__).resolve().parent.parent / "src" / "meneur" / "web" / "static" / "icons"
BACKGROUND = (0x2B, 0x26, 0x22)  # the pages' header
FACE = (0xFB, 0xFA, 0xF7)  # the pages' paper
PIP = (0x8A, 0x2B, 0x06)  # the pages' accent


def _png(size: int, pixels: list[bytes]) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    raw = b"".join(b"\x00" + row for row in pixels)
    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def die(size: int, maskable: bool) -> bytes:
    """A rounded die face showing five pips on the header's colour."""
    inset = 0.22 if maskable else 0.08  # a maskable icon keeps the die within the safe circle
    low, high = size * inset, size * (1 - inset)
    radius = (high - low) * 0.18
    pip = (high - low) * 0.09
    span = high - low
    pips = [
        (low + span * x, low + span * y)
        for x, y in ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73))
    ]
    rows = []
    for j in range(size):
        y = j + 0.5
        row = bytearray()
        for i in range(size):
            x = i + 0.5
            colour = BACKGROUND
            dx = max(low + radius - x, 0.0, x - (high - radius))
            dy = max(low + radius - y, 0.0, y - (high - radius))
            if low <= x <= high and low <= y <= high and dx * dx + dy * dy <= radius * radius:
                colour = FACE
                if any((x - px) ** 2 + (y - py) ** 2 <= pip * pip for px, py in pips):
                    colour = PIP
            row += bytes(colour)
        rows.append(bytes(row))
    return _png(size, rows)


def main() -> None:
    ICONS.mkdir(parents=True, exist_ok=True)
    for size in (192, 512):
        (ICONS / f"icon-{size}.png").write_bytes(die(size, maskable=False))
        (ICONS / f"maskable-{size}.png").write_bytes(die(size, maskable=True))


if __name__ == "__main__":
    main()
