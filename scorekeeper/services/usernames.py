"""Usernames compared as people read them: NFKC + casefold, and a look-alike skeleton."""
from __future__ import annotations

import unicodedata

from confusable_homoglyphs.confusables import confusables_data, is_dangerous


def username_key(username: str) -> str:
    """The account a name means: "Ｍax", "MAX" and "max" are one (NFKC, then casefold)."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", username).casefold())


# Look-alikes within ASCII itself, which Unicode's confusables (above) leave to a font:
# applied to the casefolded name, longest first. A capital I is folded to l before the
# casefold (which would make it an i). A small explicit list: the pairs that pass for one
# another in the usual phone fonts, not every confusable of UTS #39.
ASCII_LOOK_ALIKES = (("rn", "m"), ("vv", "w"), ("cl", "d"), ("1", "l"), ("|", "l"), ("0", "o"))


def username_skeleton(username: str) -> str:
    """What the name looks like: every non-ASCII letter that Unicode lists as confusable
    with an ASCII one (Cyrillic а, Greek ο, ...) becomes that ASCII letter, and ASCII
    look-alikes become one letter (I, l and 1 are l; 0 is o; rn is m), so two names with
    one skeleton cannot be told apart on a screen ("wiII" is "will", "b0b" is "bob")."""
    folded = []
    for character in username_key(unicodedata.normalize("NFKC", username).replace("I", "l")):
        if not character.isascii():
            look_alikes = sorted(
                glyph["c"] for glyph in confusables_data.get(character, ()) if glyph["c"].isascii()
            )
            if look_alikes:
                character = look_alikes[0]
        folded.append(character)
    skeleton = "".join(folded).replace("I", "l").casefold()
    for look_alike, letter in ASCII_LOOK_ALIKES:
        skeleton = skeleton.replace(look_alike, letter)
    return skeleton


def mixes_look_alike_scripts(username: str) -> bool:
    """Latin letters mixed with look-alikes of another script ("pаypal" with a Cyrillic а)."""
    return bool(is_dangerous(username_key(username)))
