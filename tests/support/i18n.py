"""A message's wrapping by a translator hook, and the check that every word of a text went
through it."""
from __future__ import annotations

NAMES = ("Ann", "Bob", "Cid", "Dee")


def wrap(message: str) -> str:
    """A fake translation that shows where a message passed through the hook."""
    return f"[[{message}]]"


def outside_translations(text: str) -> str:
    """The characters of `text` outside every [[...]] (which may nest)."""
    depth, kept, index = 0, [], 0
    while index < len(text):
        pair = text[index : index + 2]
        if pair == "[[":
            depth, index = depth + 1, index + 2
        elif pair == "]]" and depth:
            depth, index = depth - 1, index + 2
        else:
            if not depth:
                kept.append(text[index])
            index += 1
    return "".join(kept)


def assert_all_translated(text: str) -> None:
    """Only names, honour codes (J25, AS), numbers and punctuation may be left untranslated."""
    rest = outside_translations(text)
    for name in NAMES:
        rest = rest.replace(name, "")
    assert not any(letter.islower() for letter in rest), (text, rest)
