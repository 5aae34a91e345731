"""Skat on the pages: its adapter (the rule each refusal breaks) and its refusals in a player's words."""
from __future__ import annotations

from ..core.base import Game, Table
from ..core.i18n import N_, _
from ..games import skat as rules
from . import register_adapter
from .adapter import GameAdapter
from .game_words import REFUSAL_WORDS


class SkatAdapter(GameAdapter):
    game_id = rules.Skat.id
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


register_adapter(SkatAdapter)


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
