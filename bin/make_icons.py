"""Writes the PWA icons (static/icons/*.png) with pure Python: a spade on a dark tile.

Run once: .venv/bin/python bin/make_icons.py (its output PNGs are committed).
"""
from __future__ import annotations

import struct
import zlib
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "static" / "icons"
BG = (17, 20, 24)
TILE = (27, 32, 39)
ACCENT = (94, 200, 255)


def png(path: Path, size: int, pixels: list[bytes]) -> None:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    raw = b"".join(b"\x00" + row for row in pixels)
    data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0))
    data += chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
    path.write_bytes(data)


def in_spade(x: float, y: float) -> bool:
    """x, y in [-1, 1], y down. A heart upside down plus a stem."""
    hx, hy = x * 1.3, (y + 0.05) * 1.3  # heart curve, upside down
    if (hx * hx + hy * hy - 1) ** 3 - hx * hx * hy ** 3 <= 0:
        return True
    # the stem: a small triangle under the middle
    if 0.45 <= y <= 1.0:
        half = 0.06 + (y - 0.45) * 0.5
        return abs(x) <= half
    return False


def icon(size: int, *, maskable: bool) -> list[bytes]:
    rows = []
    samples = ((0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75))
    radius = 0.0 if maskable else 0.2
    scale = 0.55 if maskable else 0.72  # maskable keeps the spade inside the 80% safe zone
    for py in range(size):
        row = bytearray()
        for px in range(size):
            r = g = b = a = 0.0
            for sx, sy in samples:
                u = (px + sx) / size * 2 - 1
                v = (py + sy) / size * 2 - 1
                # rounded tile
                cx, cy = max(abs(u) - (1 - radius), 0), max(abs(v) - (1 - radius), 0)
                inside_tile = maskable or cx * cx + cy * cy <= radius * radius
                if not inside_tile:
                    continue
                colour = BG if maskable else TILE
                if in_spade(u / scale, v / scale + 0.12):
                    colour = ACCENT
                r += colour[0]
                g += colour[1]
                b += colour[2]
                a += 255
            n = len(samples)
            if a:
                cover = a / 255
                row += bytes((int(r / cover), int(g / cover), int(b / cover), int(a / n)))
            else:
                row += b"\x00\x00\x00\x00"
        rows.append(bytes(row))
    return rows


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    png(OUT / "icon-192.png", 192, icon(192, maskable=False))
    png(OUT / "icon-512.png", 512, icon(512, maskable=False))
    png(OUT / "maskable-512.png", 512, icon(512, maskable=True))


if __name__ == "__main__":
    main()
