"""Skat on the pages: its refusals in a player's words (its round form is the generic one so far)."""
from __future__ import annotations

from ..core.base import Game, Table
from ..core.i18n import N_, _
from ..games import skat as rules
from .game_words import REFUSAL_WORDS


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
