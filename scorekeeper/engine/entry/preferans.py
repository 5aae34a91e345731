"""Preferans on the pages: its adapter (a hand entered by chips as the table says it: the declarer or all pass, the contract, each defender's whist, pass or half, the tricks of a hand played) and its refusals in a player's words."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..core.base import Game, Table
from ..core.fields import is_int_within
from ..core.i18n import N_, _
from ..games.preferans import Preferans
from ..games.preferans.scoring import defenders_of, players_of
from ..games.preferans.values import (
    ALL_PASS,
    CONTRACT_NAMES,
    GAME_LEVELS,
    HALF,
    HALF_LEVELS,
    LEVELS,
    MISERE,
    PASS,
    STRAIN_SIGNS,
    STRAINS,
    TRICKS,
    WHIST,
)
from . import register_adapter
from .adapter import Blanks, still_to_enter
from .form_fields import MISSING, FormError, form_text, whole_number
from .game_words import REFUSAL_WORDS
from .preferans_sheet import PreferansSheet
from .round_form import Values, text_of
from .template_words import said

#: the defenders' words as their chips say them at the table
WORD_CHIPS = {
    # TRANSLATORS: a Preferans defender's chip (Russian Вист)
    WHIST: N_("Whist"),
    PASS: N_("Pass"),
    # TRANSLATORS: a Preferans second defender's chip, half a whist (Russian полвиста)
    HALF: N_("Half"),
}
#: the form's fields from top to bottom (templates/games/preferans.html), as a player taps them
FORM_ORDER = ("declarer", "level", "suit", "whist", "tricks")


class PreferansAdapter(PreferansSheet):
    game_id = Preferans.id
    template = "games/preferans.html"
    # The rules-page paragraph of each of the engine's own refusal codes (the "why?" link).
    refusal_anchors = {
        "contract": "rule-contract",
        "field_not_applicable": "rule-contract",
        "declarer_missing": "rule-declarer",
        "declarer_sits_out": "rule-declarer",
        "whist_missing": "rule-whist",
        "whist_not_defender": "rule-whist",
        "half_whist": "rule-half-whist",
        "half_whist_off": "option-half_whist",
        "tricks_missing": "rule-tricks",
        "tricks_not_played": "rule-tricks",
        "tricks_sits_out": "rule-tricks",
    }
    default_seats = 3

    # ---- the round form: chips as the table says a hand

    @staticmethod
    def playing(table: Table, hints: Mapping[str, Any]) -> list[int]:
        """The three who play the hand, from the first hand (the dealer sits out at four)."""
        return list(hints.get("players") or players_of(table, hints.get("dealer", table.dealer(1))))

    def entry(self, table: Table, hints: Mapping[str, Any], number: int) -> dict[str, Any]:
        playing = self.playing(table, hints)
        seats = range(table.n)
        return {
            "who": self.who_line(table, hints, number),
            "playing": playing,
            # At four the dealer sits out: never offered as declarer (nor asked for tricks).
            "declarer_options": [(str(seat), table.name(seat)) for seat in playing] + [(ALL_PASS, _(CONTRACT_NAMES[ALL_PASS]))],
            "level_options": [(str(level), str(level)) for level in LEVELS] + [(MISERE, _(CONTRACT_NAMES[MISERE]))],
            "suit_options": [(strain, _(STRAIN_SIGNS[strain])) for strain in STRAINS],
            "word_options": [(word, _(WORD_CHIPS[word])) for word in (WHIST, PASS)],
            "half": _(WORD_CHIPS[HALF]) if table.options["half_whist"] else None,
            "declared": " ".join(f"declarer={seat}" for seat in seats),
            "games": " ".join(f"level={level}" for level in LEVELS),
            # A player's words are asked when another declared; whose is the "half" (the second
            # defender's) depends on who sits out, so the phone moves it on offline (entry_words).
            "defends_when": {seat: " ".join(f"declarer={other}" for other in seats if other != seat) for seat in seats},
            "half_when": self.half_when(table, playing),
            "played_when": self.played_when(table),
            "tricks_total": TRICKS,
        }

    @staticmethod
    def half_when(table: Table, playing: Sequence[int]) -> dict[int, str]:
        """Per seat, when its "half" chip is offered: it is the second defender of a 6 or a 7."""
        when: dict[int, list[str]] = {seat: [] for seat in range(table.n)}
        for declarer in playing:
            second = defenders_of(playing, declarer)[1]
            when[second] += [f"declarer={declarer}&level={level}" for level in HALF_LEVELS]
        return {seat: " ".join(alternatives) for seat, alternatives in when.items()}

    @staticmethod
    def played_when(table: Table) -> str:
        """When the tricks are asked: an all-pass, a misère, or a game someone whisted."""
        whisted = [
            f"declarer={declarer}&whist_{seat}={WHIST}"
            for declarer in range(table.n)
            for seat in range(table.n)
            if seat != declarer
        ]
        return " ".join([f"declarer={ALL_PASS}", f"level={MISERE}", *whisted])

    @staticmethod
    def who_line(table: Table, hints: Mapping[str, Any], number: int) -> str:
        """The line above the form: the hand, who deals (and sits out at four) and what an
        all-pass would count now ("Hand 3: Bob deals · an all-pass now × 2")."""
        dealer = table.name(hints.get("dealer", 0))
        if hints.get("sits_out") is not None:
            parts = [said("Hand %(number)s: %(name)s deals and sits out", number=number, name=dealer)]
        else:
            parts = [said("Hand %(number)s: %(name)s deals", number=number, name=dealer)]
        factor = hints.get("all_pass_multiplier") or 1
        if factor > 1:
            parts.append(said("an all-pass now × %(factor)s", factor=factor))
        return " · ".join(parts)

    def round_input(self, form: Values, table: Table, hints: Mapping[str, Any]) -> dict[str, Any]:
        playing = self.playing(table, hints)
        declarer = form_text(form, "declarer")
        if not declarer:
            raise FormError(still_to_enter([_("declarer or all pass")]), "declarer", code=MISSING)
        data: dict[str, Any] = {}
        missing: list[str | Blanks] = []
        if declarer == ALL_PASS:
            data["contract"] = ALL_PASS
            missing = self.tricks_into(form, table, playing, data)
            if missing:
                raise FormError(still_to_enter(missing), missing_field(form, playing), code=MISSING)
            return data
        seat = whole_number(declarer, _("declarer"), "declarer")
        level, suit = form_text(form, "level"), form_text(form, "suit")
        if level == MISERE:
            data["contract"] = MISERE
        elif level and suit:
            data["contract"] = f"{level}{suit}"
        else:
            missing.append(_("suit") if level else _("contract"))
        data["declarer"] = seat
        played = level == MISERE
        if level and level != MISERE and seat in playing:
            whist: list[str | None] = [None] * table.n
            blank = []
            for defender in defenders_of(playing, seat):
                whist[defender] = form_text(form, f"whist_{defender}") or None
                if whist[defender] is None:
                    blank.append(table.name(defender))
            if blank:
                missing.append(Blanks(N_("whist or pass of {name}"), blank, _("whist or pass"), 2))
            data["whist"] = whist
            played = WHIST in whist
        if played:
            missing += self.tricks_into(form, table, playing, data)
        if missing:
            raise FormError(still_to_enter(missing), missing_field(form, playing, seat), code=MISSING)
        return data

    @staticmethod
    def tricks_into(form: Values, table: Table, playing: Sequence[int], data: dict[str, Any]) -> list[str | Blanks]:
        """The tricks of the three who played into `data`; those still blank, as still_to_enter says them."""
        blank = [table.name(seat) for seat in playing if not form_text(form, f"tricks_{seat}")]
        if blank:
            return [Blanks(N_("tricks of {name}"), blank, _("tricks"), len(playing))]
        data["tricks"] = [
            whole_number(form_text(form, f"tricks_{seat}"), _("tricks of {name}", name=table.name(seat)), f"tricks.{seat}")
            if seat in playing else None
            for seat in range(table.n)
        ]
        return []

    def form_values(self, raw: Mapping[str, Any], table: Table, hints: Mapping[str, Any]) -> dict[str, str]:
        """The chips that post back `raw` (to prefill the edit of a recorded hand), in the
        form's order: the defenders' words first defender first (a "half" is the second's)."""
        values: dict[str, str] = {}
        contract = raw.get("contract")
        if contract == ALL_PASS:
            values["declarer"] = ALL_PASS
        elif raw.get("declarer") is not None:
            values["declarer"] = text_of(raw["declarer"])
        if contract == MISERE:
            values["level"] = MISERE
        elif isinstance(contract, str) and contract in GAME_LEVELS:
            values["level"] = str(GAME_LEVELS[contract])
            values["suit"] = contract[len(values["level"]):]
        given = raw.get("whist")
        words: list[Any] = given if isinstance(given, list) else []
        declarer, playing = raw.get("declarer"), self.playing(table, hints)
        order = defenders_of(playing, declarer) if declarer in playing else range(len(words))
        for seat in order:
            if seat < len(words) and words[seat] is not None:
                values[f"whist_{seat}"] = text_of(words[seat])
        for seat, count in enumerate(raw.get("tricks") or []):
            if count is not None:
                values[f"tricks_{seat}"] = text_of(count)
        return values

    # ---- what the page says around the form

    def next_info(self, table: Table, hints: Mapping[str, Any]) -> str:
        return self.who_line(table, hints, hints.get("round") or 1)

    def entry_words(self, table: Table, entry: Mapping[str, Any]) -> dict[str, Any]:
        # At four who sits out changes from hand to hand: the declarer's chips, the seats asked,
        # and whose "half" it is (the second defender's).
        words = self.seat_out_words(table, entry, ("declarer",))
        words["shown_when"] = {f"half-{seat}": when for seat, when in entry["half_when"].items()}
        return words


register_adapter(PreferansAdapter)


def missing_field(form: Values, playing: Sequence[int], declarer: int | None = None) -> str:
    """The field a "still to enter" goes to: the first of the form's still blank, top to bottom."""
    if not form_text(form, "level") and declarer is not None:
        return "level"
    if not form_text(form, "suit") and form_text(form, "level") not in ("", MISERE) and declarer is not None:
        return "suit"
    if declarer is not None and declarer in playing:
        for seat in defenders_of(playing, declarer):
            if form_text(form, "level") != MISERE and not form_text(form, f"whist_{seat}"):
                return f"whist.{seat}"
    blank = [seat for seat in playing if not form_text(form, f"tricks_{seat}")]
    return f"tricks.{blank[0]}" if blank else "tricks"


@REFUSAL_WORDS.of(Preferans)
def preferans_refusal_words(game: Game, table: Table, code: str, field: str | None, message: str) -> str | None:
    # The engine's messages name fields and values as the API spells them ("contract must be
    # 6S to 10NT", "whist of Bob must be null", "tricks does not apply"); a screen says them in words.
    seat = seat_of(table, field)
    if code == "contract":
        return _("{what}: not one of the values offered here", what=_("contract"))
    if code == "field_not_applicable" and field in FIELD_WORDS:
        return _("this hand has no {what}: leave it empty", what=_(FIELD_WORDS[field]))
    if code == "whist_not_defender" and seat is not None:
        return _("{player} does not defend this hand: only the two defenders say whist or pass", player=table.name(seat))
    if code == "choice" and seat is not None and message.endswith("None"):
        return _("Still to enter: {what}", what=_("whist or pass of {name}", name=table.name(seat)))
    if code == "tricks_not_played":
        return _("nobody whisted: the game is not played, leave the tricks empty")
    if code == "tricks_sits_out" and seat is not None:
        return _("{player} deals and sits out: leave their tricks empty", player=table.name(seat))
    return None


def seat_of(table: Table, field: str | None) -> int | None:
    """The seat a refused field is of ("whist.2", "tricks.0"), if it names one."""
    last = (field or "").rsplit(".", 1)[-1]
    return int(last) if last.isdigit() and is_int_within(int(last), 0, table.n - 1) else None


#: the fields a hand may not have, in words
FIELD_WORDS = {"declarer": N_("declarer"), "whist": N_("whist or pass")}
