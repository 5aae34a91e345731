"""A gzip body from pieces compressed once: any gzip reader gets the text with each request's values in their slots."""
from __future__ import annotations

import gzip
import random
import zlib

import pytest

from scorekeeper.gzip_pieces import MAX_STORED, assemble, pieces


def whole(parts, values) -> bytes:
    return b"".join(values[part] if isinstance(part, int) else part for part in parts)


@pytest.mark.parametrize("seed", range(40))
def test_the_assembled_body_is_the_text_with_its_values(seed):
    rng = random.Random(seed)
    words = [b"<div class=\"round\">", b"Ann", b"\xc3\xa4", b" 12 ", b"\n", b"</td><td>", b"\xd0\x96"]
    parts: list[bytes | int] = []
    for _ in range(rng.randint(0, 8)):
        parts.append(b"".join(rng.choice(words) for _ in range(rng.randint(0, 2000))))
        if rng.random() < 0.7:
            parts.append(rng.randint(0, 2))
    stored = pieces(parts)
    for _request in range(3):
        values = [bytes(rng.randrange(256) for _ in range(rng.randint(0, 120))) for _ in range(3)]
        body = assemble(stored, values)
        assert gzip.decompress(body) == whole(parts, values)
        # One gzip member, nothing after it (the CRC and length of the trailer check out above).
        reader = zlib.decompressobj(16 + zlib.MAX_WBITS)
        assert reader.decompress(body) == whole(parts, values) and reader.eof and not reader.unused_data


def test_a_value_longer_than_a_stored_block_and_a_value_that_repeats_the_text():
    text = b"abcdefgh" * 5000
    parts: list[bytes | int] = [text, 0, text, 1, text]
    values = [bytes(range(256)) * (MAX_STORED // 256 + 3), text[:300]]
    assert gzip.decompress(assemble(pieces(parts), values)) == whole(parts, values)


def test_a_stretch_is_compressed_and_a_slot_takes_a_new_value_each_time():
    text = b"<td>0</td>" * 2000
    stored = pieces([text, 0, text])
    assert len(stored) < len(text) // 10
    assert gzip.decompress(assemble(stored, [b"one"])) != gzip.decompress(assemble(stored, [b"two"]))


def test_anything_else_is_refused():
    with pytest.raises(ValueError):
        assemble(b"X" + pieces([b"text"]), [])
