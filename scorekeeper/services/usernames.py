"""Usernames compared as people read them: NFKC + casefold, and a look-alike skeleton."""
from __future__ import annotations

import unicodedata

from confusable_homoglyphs.confusables import confusables_data, is_dangerous


def username_key(username: str) -> str:
    """The account a name means: "Ｍax", "MAX" and "max" are one (NFKC, then casefold)."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", username).casefold())


def username_skeleton(username: str) -> str:
    """What the name looks like: every non-ASCII letter that Unicode lists as confusable
    with an ASCII one (Cyrillic а, Greek ο, ...) becomes that ASCII letter, so two names
    with one skeleton cannot be told apart on a screen."""
    folded = []
    for character in username_key(username):
        if not character.isascii():
            look_alikes = sorted(
                glyph["c"] for glyph in confusables_data.get(character, ()) if glyph["c"].isascii()
            )
            if look_alikes:
                character = look_alikes[0]
        folded.append(character)
    return "".join(folded).casefold()


def mixes_look_alike_scripts(username: str) -> bool:
    """Latin letters mixed with look-alikes of another script ("pаypal" with a Cyrillic а)."""
    return bool(is_dangerous(username_key(username)))
