"""Skat on the pages: its adapter (a deal entered by chips as a club list keeper writes it:
declarer or all passed, game, matadors, hand and ouvert, the bid, the card points) and its
refusals in a player's words."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.base import Game, Table
from ..core.fields import is_int_within
from ..core.i18n import N_, _
from ..games import skat as rules
from ..games.skat.values import (
    ANNOUNCE_NAMES,
    ANNOUNCEMENTS,
    BID_VALUES,
    GAME_NAMES,
    GAMES,
    GRAND,
    NULL,
    NULL_NAMES,
    NULL_VALUES,
    SUIT_GAMES,
)
from . import register_adapter
from .adapter import Blanks, still_to_enter
from .form_fields import MISSING, FormError, form_text, int_or_none, whole_number
from .game_words import REFUSAL_WORDS
from .round_form import MORE, Values, text_of
from .skat_list import SkatList
from .template_words import said, said_n

#: the declarer chip that says nobody declared: all passed
PASSED = "pass"
#: a checked toggle (hand, ouvert, schwarz, without, won) as the form posts it
YES = "1"
#: the bids offered as chips, in order: every value up to 60; a higher one is typed ("61+")
BID_CHIPS = tuple(value for value in BID_VALUES if value <= 60)
#: the games whose outcome follows from the card points (matadors, points, schwarz asked)
SCORED = (*SUIT_GAMES, GRAND)
#: the form's fields of a declared game from top to bottom (templates/games/skat.html)
FORM_ORDER = ["declarer", "game", "hand", "ouvert", "announce", "without", "matadors", "bid", f"bid_{MORE}", "points",
              "schwarz", "won"]


class SkatAdapter(SkatList):
    game_id = rules.Skat.id
    template = "games/skat.html"
    # The rules-page paragraph of each of the engine's own refusal codes (the "why?" link).
    refusal_anchors = {
        "declarer_sits_out": "rule-declarer",
        "bid_missing": "rule-bid",
        "bid_value": "rule-bid",
        "null_below_bid": "rule-null",
        "game_missing": "recording",
        "field_not_applicable": "rule-game-fields",
        "bool_type": "recording",
        "won_follows": "recording",
        "won_missing": "recording",
        "matadors_missing": "rule-game-fields",
        "matadors_range": "rule-game-fields",
        "points_missing": "rule-game-fields",
        "points_impossible": "rule-game-fields",
        "ouvert_without_hand": "rule-hand",
        "announce_without_hand": "rule-hand",
        "ouvert_schneider": "rule-hand",
        "schwarz_points": "rule-schwarz",
        "ramsch_off": "option-ramsch",
        "ramsch_missing": "rule-ramsch",
        "ramsch_dealer": "rule-ramsch",
        "ramsch_points_missing": "rule-ramsch",
        "ramsch_sum": "rule-ramsch",
        "no_trick_count": "rule-ramsch",
        "no_trick_repeated": "rule-ramsch",
        "no_trick_sits_out": "rule-ramsch",
        "no_trick_points": "rule-ramsch",
    }
    default_seats = 3

    # ---- the round form: chips as a club list keeper writes a deal

    def entry(self, table: Table, hints: Mapping[str, Any], number: int) -> dict[str, Any]:
        active = hints.get("active") or list(range(table.n))
        sits_out = hints.get("sits_out")
        return {
            "who": self.who_line(table, hints, number),
            # At four the dealer sits out: never offered as declarer (nor asked Ramsch points).
            "declarer_options": [(str(seat), table.name(seat)) for seat in active] + [(PASSED, _("All passed"))],
            "playing": list(active),
            "sits_out": sits_out,
            "game_options": [(game, _(GAME_NAMES[game])) for game in GAMES],
            "announce_options": [("", _("not announced"))] + [(code, _(ANNOUNCE_NAMES[code])) for code in ANNOUNCEMENTS],
            "bid_chips": list(BID_CHIPS),
            "ramsch": bool(table.options["ramsch"]),
            "suit_games": " ".join(f"game={game}" for game in SUIT_GAMES),
            "scored_games": " ".join(f"game={game}" for game in SCORED),
            "declared": " ".join(f"declarer={seat}" for seat in range(table.n)),
        }

    @staticmethod
    def who_line(table: Table, hints: Mapping[str, Any], number: int) -> str:
        """The line above the form, in the template's words: who deals (and sits out at four),
        and whether the deal is a Bock deal ("Deal 2: Bob deals and sits out · Bock deal (4 owed)")."""
        dealer = table.name(hints.get("dealer", 0))
        if hints.get("sits_out") is not None:
            parts = [said("Deal %(number)s: %(name)s deals and sits out", number=number, name=dealer)]
        else:
            parts = [said("Deal %(number)s: %(name)s deals", number=number, name=dealer)]
        if hints.get("bock"):
            parts.append(said_n("Bock deal (%(num)s owed)", "Bock deal (%(num)s owed)", hints.get("bock_pending") or 0))
        return " · ".join(parts)

    def default_values(self, table: Table, hints: Mapping[str, Any]) -> dict[str, str]:
        # "With" matadors and nothing announced are chosen beforehand: the usual game costs no tap there.
        return {"without": "0", "announce": ""}

    def draft(self, form: Values, table: Table, hints: Mapping[str, Any]) -> Any:
        # The game, hand and ouvert so far (a null game's value greys the bids above it),
        # and the Ramsch points typed (the last one follows).
        game = form_text(form, "game")
        return {
            "game": game if game in GAMES else None,
            "hand": form_text(form, "hand") == YES,
            "ouvert": form_text(form, "ouvert") == YES,
            "ramsch": [int_or_none(form.get(f"ramsch_{seat}")) for seat in range(table.n)],
        }

    def round_input(self, form: Values, table: Table, hints: Mapping[str, Any]) -> dict[str, Any]:
        declarer = form_text(form, "declarer")
        if not declarer:
            raise FormError(still_to_enter([_("declarer")]), "declarer", code=MISSING)
        if declarer == PASSED:
            # All passed (the rules read a null declarer so, never a missing one).
            return self.passed_input(form, table, hints)
        data: dict[str, Any] = {"declarer": whole_number(declarer, _("declarer"), "declarer")}
        game = form_text(form, "game")
        missing: list[str | Blanks] = [] if game else [_("game")]
        if game:
            data["game"] = game
        bid = form_text(form, "bid")
        if bid == MORE:
            bid = form_text(form, f"bid_{MORE}")
        counted(data, missing, "bid", bid, _("bid"))
        # A toggle left off is the engine's default: said only when on (with/without and hand
        # of a suit game or a grand, which every such game is, are always said).
        for name in ("hand", "ouvert"):
            if form_text(form, name) == YES or (name == "hand" and game in SCORED):
                data[name] = form_text(form, name) == YES
        if game == NULL:
            won = form_text(form, "won")
            if won:
                data["won"] = won == YES
            else:
                missing.append(_("won or lost"))
        elif game in SCORED:
            missing += self.scored_fields(form, data)
        if missing:
            raise FormError(self.worth(data) + still_to_enter(missing), "game" if not game else "bid", code=MISSING)
        return data

    @staticmethod
    def scored_fields(form: Values, data: dict[str, Any]) -> list[str | Blanks]:
        """A suit game's or a grand's fields into `data`; the names of those still blank.
        Only what the form asks is sent: an announcement left chosen once hand is untoggled is not."""
        missing: list[str | Blanks] = []
        counted(data, missing, "matadors", form_text(form, "matadors"), _("matadors"))
        data["without"] = form_text(form, "without") == YES
        announce = form_text(form, "announce")
        if announce and data.get("hand"):
            data["announce"] = announce
        counted(data, missing, "points", form_text(form, "points"), _("card points"))
        if form_text(form, "schwarz") == YES:
            data["schwarz"] = True
        return missing

    @staticmethod
    def worth(data: Mapping[str, Any]) -> str:
        """A null game's value, said before the rest is entered ("Null hand is worth 35. ")."""
        if data.get("game") != NULL:
            return ""
        key = (data.get("hand") is True, data.get("ouvert") is True)
        return _("{game} is worth {value}.", game=_(NULL_NAMES[key]), value=NULL_VALUES[key]) + " "

    def passed_input(self, form: Values, table: Table, hints: Mapping[str, Any]) -> dict[str, Any]:
        data: dict[str, Any] = {"declarer": None}
        if not table.options["ramsch"]:
            return data
        playing = hints.get("active") or list(range(table.n))
        blank = [seat for seat in playing if not form_text(form, f"ramsch_{seat}")]
        if blank:
            names = Blanks(N_("Ramsch points of {name}"), [table.name(seat) for seat in blank], _("Ramsch points"), len(playing))
            raise FormError(still_to_enter([names]), f"ramsch.{blank[0]}", code=MISSING)
        data["ramsch"] = [
            whole_number(form_text(form, f"ramsch_{seat}"), _("Ramsch points of {name}", name=table.name(seat)), f"ramsch.{seat}")
            if seat in playing else None
            for seat in range(table.n)
        ]
        no_trick = [seat for seat in playing if form_text(form, f"no_trick_{seat}") == YES]
        if no_trick:
            data["no_trick"] = no_trick
        return data

    def form_values(self, raw: Mapping[str, Any], table: Table, hints: Mapping[str, Any]) -> dict[str, str]:
        """The chips and fields that post back `raw` (to prefill the edit of a recorded deal)."""
        values = self.default_values(table, hints)
        declarer = raw.get("declarer")
        if declarer is None:
            for seat, points in enumerate(raw.get("ramsch") or []):
                if points is not None:
                    values[f"ramsch_{seat}"] = text_of(points)
            for seat in raw.get("no_trick") or []:
                values[f"no_trick_{seat}"] = YES
            return {"declarer": PASSED, **values}  # the chip that opens the Ramsch first
        values["declarer"] = text_of(declarer)
        for name in ("game", "matadors", "points", "announce"):
            if raw.get(name) is not None:
                values[name] = text_of(raw[name])
        bid = raw.get("bid")
        if is_int_within(bid, BID_CHIPS[-1] + 1):
            values["bid"], values[f"bid_{MORE}"] = MORE, str(bid)
        elif bid is not None:
            values["bid"] = text_of(bid)
        for name in ("hand", "ouvert", "schwarz"):
            if raw.get(name):
                values[name] = YES
        values["without"] = YES if raw.get("without") else "0"
        if raw.get("won") is not None:
            values["won"] = YES if raw["won"] else "0"
        # In the form's order, top to bottom, as a player taps them: a chip shown only once
        # the game is chosen ("without") comes after the game.
        return {name: values[name] for name in sorted(values, key=FORM_ORDER.index)}

    # ---- what the page says around the form

    def next_info(self, table: Table, hints: Mapping[str, Any]) -> str:
        return self.who_line(table, hints, hints.get("round") or 1)

    def entry_words(self, table: Table, entry: Mapping[str, Any]) -> dict[str, Any]:
        # The declarer's chips and the Ramsch's seats: at four, who sits out changes from deal to deal.
        return self.seat_out_words(table, entry, ("declarer",))


register_adapter(SkatAdapter)


def counted(data: dict[str, Any], missing: list[str | Blanks], name: str, text: str, what: str) -> None:
    """A whole number of the deal into `data`, or its name (`what`) among those still blank."""
    if text:
        data[name] = whole_number(text, what, name)
    else:
        missing.append(what)


@REFUSAL_WORDS.of(rules.Skat)
def skat_refusal_words(game: Game, table: Table, code: str, field: str | None, message: str) -> str | None:
    # The engine's messages name fields and values as the API spells them ("true or false",
    # "null", "no_trick"); a screen says them in words. The pages word the rest (what is
    # still to enter, a value no chip offers) from the fields' labels.
    labels = {item.name: item.label for item in game.input_fields(table, {})}
    labels["no_trick"] = N_("players without a trick")
    what = _(labels[field]) if field in labels else None
    if code == "bool_type" and what:
        return _("{what}: not one of the values offered here", what=what)
    if code == "field_not_applicable" and what:
        return _("{what} does not apply to this deal: leave it empty", what=what)
    if code == "won_follows":
        return _("a suit game or a grand is won or lost by its card points: leave won or lost empty")
    if code == "ramsch_off":
        return _("this table plays no Ramsch (a house rule): when all pass, nobody scores")
    if code == "ouvert_schneider":
        return _("an ouvert game counts as schwarz announced: it cannot announce schneider alone")
    if code == "ramsch_dealer" and field and field.rsplit(".", 1)[-1].isdigit():
        seat = int(field.rsplit(".", 1)[-1])
        if seat < table.n:
            return _("{player} deals and sits out: leave their Ramsch points empty", player=table.name(seat))
    if field and field.startswith("no_trick") and code in ("type", "range"):
        return _("{what}: not one of the values offered here", what=_(labels["no_trick"]))
    return None
