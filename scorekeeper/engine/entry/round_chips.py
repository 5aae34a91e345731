"""The chips of the round being entered: the engine's number inputs of the round as the form has them so far, each offered as a row of chips (or a number field)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.base import (
    MatchState,
    RoundError,
    RuleError,
    Table,
)
from .form_fields import MISSING, FormError
from .round_form import FEW_PAST_USUAL, RoundForm, Values, usual_of

#: A number input with more values than this is a number field, not a grid of chips
#: (two digits are quicker than finding 55 among 56 chips).
CHIP_LIMIT = 18
# The engine's codes of a bid not entered yet: while the live check waits for it, no refusal.
BLANK_CODES = frozenset({MISSING, "bid_missing"})


class RoundChips(RoundForm):
    """The chips of a game's round form (GameAdapter's part)."""

    # ---- chips: the engine's number inputs of the round being entered

    def chip_name(self, path: str) -> str:
        """The form field of an engine input path: "tricks.0" -> "tricks_0", "sides.0.cards" -> "sides_cards_0"."""
        parts = path.split(".")
        if len(parts) == 3:
            return f"{parts[0]}_{parts[2]}_{parts[1]}"
        return "_".join(parts)

    def draft(self, form: Values, table: Table, hints: Mapping[str, Any]) -> Any:
        """The round entered so far as the engine's input (for chips that depend on it); None while unreadable."""
        try:
            return self.round_input(form, table, hints)
        except FormError:
            return None

    def bidding_refusal(self, table: Table, state: MatchState, form: Values) -> RuleError | None:
        """The engine's refusal of the bids entered so far, as "Save the bids" would meet it
        (the live check says it while the tricks are still blank); None while a bid is still
        blank, when the bids are fine, or for a game without bidding. The server's preview
        and the phone's engine (engine/phone.py) both ask here."""
        if not self.game.has_bidding or state.finished:
            return None
        hints = state.next or {}
        try:
            self.game.validate_bidding(table, state, self.bidding_input(form, table, hints))
        except FormError:
            # Some bids still blank: a bid entered that the others' bids already refuse (the
            # engine greys it among the chips, with its reason) is said now.
            for item in self.game.number_inputs(table, state, self.bids_draft(form, table, hints)):
                entered = form.get(self.chip_name(item.field))
                for refused in item.unavailable:
                    if entered and str(refused.value) == str(entered):
                        return RoundError(refused.reason, field=item.field, code=refused.code)
            return None
        except RuleError as error:
            return None if error.code in BLANK_CODES else error
        return None

    def bids_draft(self, form: Values, table: Table, hints: Mapping[str, Any]) -> Any:
        """The bids entered so far as the engine's draft, some still blank (for the live
        check of a bid the others' bids refuse); the chips' draft unless a game says more."""
        return self.draft(form, table, hints)

    def chips(self, table: Table, state: MatchState, form: Values, hints: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
        """Each number input of the round as the page draws it, by form field: its values,
        the greyed ones with the engine's reason, the words (nil) and whether chips fit."""
        found: dict[str, dict[str, Any]] = {}
        fields = self.fields(table, hints)
        for item in self.game.number_inputs(table, state, self.draft(form, table, hints)):
            chip = found[self.chip_name(item.field)] = {
                "min": item.minimum,
                "max": item.maximum,
                "unavailable": {str(refused.value): refused.reason for refused in item.unavailable},
                "words": [(word.value, word.label) for word in item.words],
                "implied": item.implied,
                "as_chips": item.maximum - item.minimum < CHIP_LIMIT,
            }
            # A wide count most rounds leave at its usual value: the few counts near it are
            # chips, "more" opens a number field for the rare larger one (count_input's more_after).
            usual = usual_of(fields, item.field)
            if usual is not None and item.maximum > usual + FEW_PAST_USUAL:
                chip.update(as_chips=True, more_after=usual + FEW_PAST_USUAL)
        return found
