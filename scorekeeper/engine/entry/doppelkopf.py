"""Doppelkopf on the pages: its adapter (a hand entered by chips: the game, the Re pair or the soloist, Re's card points, the calls, no trick and the special points) and its refusals in a player's words."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.base import Game, Table
from ..core.i18n import N_, _
from ..games.doppelkopf import Doppelkopf
from ..games.doppelkopf.values import (
    CALL_NAMES,
    CARD_POINTS,
    DOPPELKOPF_TRICK,
    FOX,
    GAME_NAMES,
    GAMES,
    KARLCHEN,
    KONTRA,
    KONTRA_CALLS,
    MARRIAGE_SOLO,
    NORMAL,
    PARTIES,
    PARTY_GAMES,
    PARTY_NAMES,
    RE,
    RE_CALLS,
    SILENT_SOLO,
)
from . import register_adapter
from .adapter import SUIT_SIGNS, Blanks, listed, still_to_enter
from .doppelkopf_list import DoppelkopfList
from .form_fields import MISSING, FormError, form_text, int_or_none, whole_number
from .game_words import REFUSAL_WORDS
from .round_form import Values, text_of
from .template_words import said, said_n

#: a checked toggle (a Re player) as the form posts it
YES = "1"
#: the games as their chips say them, short so that all eleven take two rows at 360 px (a suit
#: solo by its sign among the other solos; the list and the bar say the whole name)
GAME_CHIPS = {
    **GAME_NAMES,
    NORMAL: N_("Normal"),
    # TRANSLATORS: the chip of a Doppelkopf queens solo (German Damen, Russian дамы)
    "queens": N_("Queens"),
    # TRANSLATORS: the chip of a Doppelkopf jacks solo (German Buben, Russian валеты)
    "jacks": N_("Jacks"),
    **SUIT_SIGNS,
    # TRANSLATORS: the chip of a Doppelkopf silent solo (German Still, Russian тихое)
    SILENT_SOLO: N_("Silent"),
    # TRANSLATORS: the chip of a Doppelkopf marriage without a partner (German Hochzeit allein)
    MARRIAGE_SOLO: N_("Marriage alone"),
}
#: the engine's counts of each party's special points, by the form's field (party 0 Re, 1 Kontra)
COUNTS = {FOX: "foxes", DOPPELKOPF_TRICK: "doppelkopfs"}


class DoppelkopfAdapter(DoppelkopfList):
    game_id = Doppelkopf.id
    template = "games/doppelkopf.html"
    # The rules-page paragraph of each of the engine's own refusal codes (the "why?" link).
    refusal_anchors = {
        "field_not_applicable": "rule-parties",
        "soloist_missing": "rule-parties",
        "seat_sits_out": "players",
        "forced_solo": "rule-forced-solo",
        "re_missing": "rule-parties",
        "re_seats": "rule-parties",
        "re_twice": "rule-parties",
        "no_trick_points": "rule-no-trick",
        "solo_special_points": "rule-special",
        "special_points_off": "rule-special",
        "foxes_count": "rule-special",
        "foxes_points": "rule-special",
        "doppelkopfs_points": "rule-special",
        "karlchen_points": "rule-special",
    }
    default_seats = 4

    # ---- the round form: chips as a Doppelkopf list keeper writes a hand

    def entry(self, table: Table, hints: Mapping[str, Any], number: int) -> dict[str, Any]:
        playing = list(hints.get("players") or range(table.n))
        kinds = table.options["special_points"]
        return {
            "who": self.who_line(table, hints, number),
            "playing": playing,
            "game_options": [(game, _(GAME_CHIPS[game])) for game in GAMES],
            "party_games": " ".join(f"game={game}" for game in PARTY_GAMES),
            "solo_games": " ".join(f"game={game}" for game in GAMES if game not in PARTY_GAMES),
            "re_calls": call_options(RE, RE_CALLS),
            "kontra_calls": call_options(KONTRA, KONTRA_CALLS),
            "parties": [(party, _(PARTY_NAMES[party])) for party in PARTIES],
            "foxes": FOX in kinds,
            "doppelkopfs": DOPPELKOPF_TRICK in kinds,
            "karlchen": KARLCHEN in kinds,
            "total": CARD_POINTS,
        }

    @staticmethod
    def who_line(table: Table, hints: Mapping[str, Any], number: int) -> str:
        """The line above the form: the hand, who deals (and sits out at five), who must play
        or still owes a compulsory solo, and Bock ("Hand 3: Bob deals · deal 2 of 24 · solo owed: Ann, Cid · Bock × 2")."""
        dealer = table.name(hints.get("dealer", 0))
        if hints.get("sits_out") is not None:
            parts = [said("Hand %(number)s: %(name)s deals and sits out", number=number, name=dealer)]
        else:
            parts = [said("Hand %(number)s: %(name)s deals", number=number, name=dealer)]
        # Where the list stands: a compulsory solo re-dealt is a hand but not a deal of the list.
        if table.options.get("max_deals") is not None:
            parts.append(said("deal %(deal)s of %(deals)s", deal=hints.get("deal", number), deals=table.options["max_deals"]))
        forced = hints.get("forced_solo")
        owing = [seat for seat, count in enumerate(hints.get("compulsory_owed") or []) if count]
        if forced is not None:
            parts.append(said("%(name)s must play a compulsory solo now", name=table.name(forced)))
        elif owing and len(owing) == table.n:
            parts.append(said("everyone owes a compulsory solo"))
        elif owing:
            parts.append(said("compulsory solo owed: %(names)s", names=listed([table.name(seat) for seat in owing])))
        bock = hints.get("bock") or 1
        if bock > 1:
            parts.append(said_n("Bock × %(factor)s (%(num)s hand)", "Bock × %(factor)s (%(num)s hands)",
                                hints.get("bock_hands") or 0, factor=bock))
        return " · ".join(parts)

    def default_values(self, table: Table, hints: Mapping[str, Any]) -> dict[str, str]:
        # A normal game without calls or special points is chosen beforehand: the usual hand
        # costs no tap there. A forced solo's soloist is known: only its game is asked.
        values = {"re_call": "", "kontra_call": "", "no_trick": "", "karlchen": ""}
        forced = hints.get("forced_solo")
        if forced is None:
            values["game"] = "normal"
        else:
            values["soloist"] = str(forced)
        for field in COUNTS.values():
            values[f"{field}_0"] = values[f"{field}_1"] = "0"
        return values

    def draft(self, form: Values, table: Table, hints: Mapping[str, Any]) -> Any:
        # The card points so far (no trick is offered only when they allow it) and the rest as
        # the engine reads it, for the special points' chips it greys.
        try:
            data = self.round_input(form, table, hints)
        except FormError:
            data = {}
        return {**data, "re_points": int_or_none(form.get("re_points"))}

    def round_input(self, form: Values, table: Table, hints: Mapping[str, Any]) -> dict[str, Any]:
        game = form_text(form, "game")
        if not game:
            raise FormError(still_to_enter([_("game")]), "game", code=MISSING)
        data: dict[str, Any] = {"game": game}
        missing: list[str | Blanks] = []
        playing = list(hints.get("players") or range(table.n))
        if game in PARTY_GAMES:
            # Every seat ticked is sent (a third one too: the engine says it is two players).
            re = [seat for seat in range(table.n) if form_text(form, f"re_{seat}") == YES and seat in playing]
            if len(re) < 2:
                missing.append(_("the Re pair") if not re else _("the second Re player"))
            else:
                data["re"] = re
        else:
            soloist = form_text(form, "soloist")
            if soloist:
                data["soloist"] = whole_number(soloist, _("soloist"), "soloist")
            else:
                missing.append(_("soloist"))
        points = form_text(form, "re_points")
        if points:
            data["re_points"] = whole_number(points, _("card points of Re"), "re_points")
        else:
            missing.append(_("card points of Re"))
        if missing:
            # The field marked is the first still blank, as the form asks them.
            seats = "re" if game in PARTY_GAMES else "soloist"
            raise FormError(still_to_enter(missing), seats if seats not in data else "re_points", code=MISSING)
        for name in ("re_call", "kontra_call", "no_trick"):
            if form_text(form, name):
                data[name] = form_text(form, name)
        if game in PARTY_GAMES:
            self.special_points(form, table, data)
        return data

    @staticmethod
    def special_points(form: Values, table: Table, data: dict[str, Any]) -> None:
        """The special points of a normal game or a marriage into `data`: only the kinds the
        table plays, and only when some were scored (none is the engine's default)."""
        kinds = table.options["special_points"]
        for kind, field in COUNTS.items():
            if kind not in kinds:
                continue
            counts = [form_text(form, f"{field}_{index}") or "0" for index in range(2)]
            pair = [whole_number(text, _(FIELD_WORDS[field]), f"{field}.{index}") for index, text in enumerate(counts)]
            if any(pair):
                data[field] = pair
        if KARLCHEN in kinds and form_text(form, "karlchen"):
            data["karlchen"] = form_text(form, "karlchen")

    def form_values(self, raw: Mapping[str, Any], table: Table, hints: Mapping[str, Any]) -> dict[str, str]:
        """The chips and fields that post back `raw` (to prefill the edit of a recorded hand)."""
        values = self.default_values(table, hints)
        values.pop("soloist", None)
        for name in ("game", "soloist", "re_points", "re_call", "kontra_call", "no_trick", "karlchen"):
            if raw.get(name) is not None:
                values[name] = text_of(raw[name])
        for seat in raw.get("re") or []:
            values[f"re_{seat}"] = YES
        for field in COUNTS.values():
            for index, count in enumerate(raw.get(field) or []):
                values[f"{field}_{index}"] = text_of(count or 0)
        return values

    # ---- what the page says around the form

    def preview_notes(self, table: Table, entry: Mapping[str, Any], values: Values) -> list[str]:
        # Kontra's card points follow from Re's: said as soon as Re's are typed.
        points = int_or_none(values.get("re_points"))
        if points is None or not 0 <= points <= CARD_POINTS:
            return []
        return [_("Kontra has {points} card points", points=CARD_POINTS - points)]

    def next_info(self, table: Table, hints: Mapping[str, Any]) -> str:
        return self.who_line(table, hints, hints.get("round") or 1)

    def entry_words(self, table: Table, entry: Mapping[str, Any]) -> dict[str, Any]:
        # At five the dealer sits out: their Re and soloist chips are hidden from hand to hand.
        return self.seat_out_words(table, entry)


register_adapter(DoppelkopfAdapter)

#: the special points' counts in words, as a refusal of an unreadable count names them
FIELD_WORDS = {"foxes": N_("foxes"), "doppelkopfs": N_("Doppelkopfs")}


def call_options(party: str, levels: Mapping[str | None, int]) -> list[tuple[str, str]]:
    """A party's calls as chips: none (chosen beforehand), "Re" or "Kontra", "no 90", ..., "black"."""
    return [("", _("no call"))] + [
        (code, _(CALL_NAMES.get(level) or PARTY_NAMES[party])) for code, level in levels.items() if code
    ]


@REFUSAL_WORDS.of(Doppelkopf)
def doppelkopf_refusal_words(game: Game, table: Table, code: str, field: str | None, message: str) -> str | None:
    # The engine's messages name fields and values as the API spells them ("no_trick re",
    # "re must be a list", "foxes must be left out"); a screen says them in words.
    if code == "field_not_applicable":
        return _("a solo has a soloist, a normal game or a marriage a Re pair: choose the game again")
    if code == "re_seats":
        return _("the Re party is two players: tick two")
    if code == "no_trick_points" and field == "no_trick":
        return _("a party took no trick only when the other has all 240 card points")
    if code == "solo_special_points":
        return _("no special points in a solo: leave them at 0")
    if code == "special_points_off" and field in ("foxes", "doppelkopfs", "karlchen"):
        return _("this table does not play {what} (a house rule)", what=_(SPECIAL_WORDS[field]))
    if code == "choice" and field in ("game", "re_call", "kontra_call", "no_trick", "karlchen"):
        return _("{what}: not one of the values offered here", what=_(CHOICE_WORDS[field]))
    if code == "type" and field in ("re", "foxes", "doppelkopfs"):
        return _("{what}: not one of the values offered here", what=_(CHOICE_WORDS[field]))
    return None


SPECIAL_WORDS = {"foxes": N_("foxes caught"), "doppelkopfs": N_("Doppelkopfs"), "karlchen": N_("Karlchen")}
CHOICE_WORDS = {
    "game": N_("game"),
    "re_call": N_("Re's call"),
    "kontra_call": N_("Kontra's call"),
    "no_trick": N_("no trick"),
    "karlchen": N_("Karlchen"),
    "re": N_("the Re pair"),
    "foxes": N_("foxes"),
    "doppelkopfs": N_("Doppelkopfs"),
}
