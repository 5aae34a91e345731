"""A gzip body compressed once with slots for per-request values: the values go in as stored deflate blocks, so no request compresses anything.

A stored page is the same for every reader of its kind but for a few short values (a
CSRF token, a form key, a name). Compressing the filled-in page for every request cost
more than the rest of the request (brotli, 0.6 ms for a 23 KB page, 13 ms for 240 KB).
Here each stretch of text between two slots is compressed once with a full flush after
it: the compressor starts afresh, so the next stretch refers back to nothing (in
particular not to the slot's bytes, which differ per request), and the output ends on a
byte boundary where a stored block (the value, uncompressed) can follow. The gzip
trailer's CRC-32 of the whole is put together from each stretch's CRC and its "shift"
(CRC-32 is affine in its starting value: crc32(s, c) = crc32(s, 0) ^ M(c), M linear and
kept as its 32 columns), so a request touches only the values' bytes.

`pieces` makes the stored form; `assemble` the gzip body of one request. Pure: no Flask.
"""
from __future__ import annotations

import struct
import zlib
from collections.abc import Sequence

# gzip header: magic, deflate, no flags, no time, no extra flags, unknown OS (as Python's gzip with mtime 0 writes 255)
HEADER = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff"
# An empty final block (fixed Huffman codes, the end-of-block code alone).
FINAL = b"\x03\x00"
STRETCH = b"S"
SLOT = b"V"
_STRETCH_HEAD = struct.Struct("<III")  # deflate bytes, raw length, crc32 from 0
_COLUMNS = struct.Struct("<32I")
_SLOT = struct.Struct("<B")
_TRAILER = struct.Struct("<II")
MAX_STORED = 0xFFFF


def pieces(parts: Sequence[bytes | int], level: int = 6) -> bytes:
    """The stored form of a body: `parts` are its stretches of text (bytes) and, between
    them, the numbers of the slots whose values each request puts in."""
    out = bytearray()
    for part in parts:
        if isinstance(part, int):
            out += SLOT + _SLOT.pack(part)
            continue
        if not part:
            continue
        compressor = zlib.compressobj(level, zlib.DEFLATED, -zlib.MAX_WBITS)
        deflated = compressor.compress(part) + compressor.flush(zlib.Z_FULL_FLUSH)
        base = zlib.crc32(part)
        columns = [zlib.crc32(part, 1 << bit) ^ base for bit in range(32)]
        out += STRETCH + _STRETCH_HEAD.pack(len(deflated), len(part), base) + _COLUMNS.pack(*columns) + deflated
    return bytes(out)


def _shifted(columns: tuple[int, ...], crc: int) -> int:
    """M(crc): the XOR of the columns of M for the bits set in crc."""
    out = 0
    for column in columns:
        if not crc:
            break
        if crc & 1:
            out ^= column
        crc >>= 1
    return out


def _stored(value: bytes) -> list[bytes]:
    """`value` as non-final stored deflate blocks (each starts on a byte boundary)."""
    blocks = []
    for start in range(0, len(value), MAX_STORED):
        chunk = value[start : start + MAX_STORED]
        blocks += [b"\x00", struct.pack("<HH", len(chunk), len(chunk) ^ 0xFFFF), chunk]
    return blocks


def assemble(stored: bytes, values: Sequence[bytes]) -> bytes:
    """The gzip body: the stored stretches with values[n] in slot n."""
    out: list[bytes | memoryview] = [HEADER]
    crc = size = 0
    at, end = 0, len(stored)
    view = memoryview(stored)
    while at < end:
        kind = stored[at : at + 1]
        at += 1
        if kind == SLOT:
            (slot,) = _SLOT.unpack_from(stored, at)
            at += _SLOT.size
            value = values[slot]
            out += _stored(value)
            crc = zlib.crc32(value, crc)
            size += len(value)
        elif kind == STRETCH:
            length, raw_length, base = _STRETCH_HEAD.unpack_from(stored, at)
            at += _STRETCH_HEAD.size
            columns = _COLUMNS.unpack_from(stored, at)
            at += _COLUMNS.size
            out.append(view[at : at + length])
            at += length
            crc = base ^ _shifted(columns, crc)
            size += raw_length
        else:
            raise ValueError(f"not a stored gzip body (at byte {at - 1})")
    out += [FINAL, _TRAILER.pack(crc, size & 0xFFFFFFFF)]
    return b"".join(out)
