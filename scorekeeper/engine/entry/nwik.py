"""Nwik on the pages: the Bidder's style and stake chips, Pass and VIP, tricks, targets, the usage grid and bidder stats."""
from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

from ..core.base import CLUBS, DIAMONDS, HEARTS, SPADES, SUIT_NAMES, Game, MatchState, Table
from ..core.i18n import N_, _, _n
from ..games import nwik as rules
from . import register_adapter
from .adapter import SUIT_SIGNS, Blanks, GameAdapter, seat_counts, still_to_enter, tricks_so_far
from .form_fields import MISSING, FormError, form_text, int_or_none, optional_int
from .game_words import REFUSAL_WORDS
from .round_form import Values
from .template_words import said

SPADES_TRUMPS = 1  # the style whose trumps are always spades
#: the form's field for VIP's trump (optional, any suit); style 2's (one of three) is "trump"
VIP_TRUMP = "vip_trump"


def style_words(style: int) -> str:
    return f"{style} · {_(rules.STYLE_NAMES[style])}"


class NwikAdapter(GameAdapter):
    game_id = rules.Nwik.id
    template = "games/nwik.html"
    default_seats = 3
    # The rules-page paragraph of each of the engine's own refusal codes (the "why?" link).
    refusal_anchors = {
        "style_used": "rule-once",
        "stake_used": "rule-once",
        "acting_style_missing": "rule-pass",
        "acting_style_pass": "rule-pass",
        "acting_style_used": "rule-pass",
        "acting_style_without_pass": "rule-pass",
        "trump_missing": "rule-styles",
        "trump_refused": "rule-styles",
        "trump_spades": "rule-styles",
        "vip_card_missing": "rule-vip",
        "vip_card_refused": "rule-vip",
    }

    def entry(self, table: Table, hints: Mapping[str, Any], number: int) -> dict[str, Any]:
        # Every style and stake: the used ones are greyed with the reason (the chips say which).
        styles = list(rules.STYLE_NAMES)
        acting_styles = list(rules.ACTING_STYLES)
        return {
            "bidder": hints.get("bidder"),
            "bidder_name": table.name(hints.get("bidder", 0)),
            "acting_name": table.name(hints.get("acting_bidder_if_pass", 0)),
            "tricks_total": rules.TRICKS_PER_ROUND[table.n],
            "style_options": [(style, style_words(style)) for style in styles],
            "stake_options": [(stake, str(stake)) for stake in rules.STAKES],
            "acting_options": [(style, style_words(style)) for style in acting_styles],
            "vip_options": [(1, _("1st card · stake ×1")), (2, _("2nd card · stake ×2")), (3, _("3rd card · stake ×3"))],
            # Style 2's trump and VIP's are two questions: style 2 offers only its three suits
            # (Spades is style 1), VIP any of the four, or none recorded (it is optional).
            "trump_options": [(suit, _(SUIT_NAMES[suit])) for suit in rules.TRUMP_CHOICES[2]],
            "vip_trump_options": [
                *((suit, _(SUIT_NAMES[suit])) for suit in (HEARTS, DIAMONDS, CLUBS, SPADES)),
                ("", _("not recorded")),
            ],
        }

    def round_input(self, form: Values, table: Table, hints: Mapping[str, Any]) -> dict[str, Any]:
        data, missing = self.choices(form)
        # All that is still blank, named at once: the bar says what the round still needs.
        blank = [name for seat, name in enumerate(table.players) if not form_text(form, f"tricks_{seat}")]
        if blank:
            missing.append(Blanks(N_("tricks of {name}"), blank, _("tricks"), table.n))
        if missing:
            raise FormError(still_to_enter(missing), "style", code=MISSING)
        data["tricks"] = seat_counts(form, "tricks", table, "tricks", N_("tricks of {name}"), _("tricks"))
        return data

    def bidding_input(self, form: Values, table: Table, hints: Mapping[str, Any]) -> dict[str, Any]:
        data, missing = self.choices(form)
        if missing:
            raise FormError(still_to_enter(missing), "style", code=MISSING)
        return data

    def choices(self, form: Values) -> tuple[dict[str, Any], list[str | Blanks]]:
        """The Bidder's choices as the engine takes them, and the names of those still blank."""
        # Only the fields the chosen style asks for: a hidden chip left checked from an
        # earlier choice (Pass, then another style) must not be sent.
        data: dict[str, Any] = {}
        style = optional_int(form, "style", _("style"), "style")
        stake = optional_int(form, "stake", _("stake"), "stake")
        acting = optional_int(form, "acting_style", _("acting style"), "acting_style")
        if style is None and acting is not None:
            # JS off, the acting style's chips are shown beside the style's: one alone says the Pass.
            style = rules.PASS
        if style is not None:  # left out when not chosen: the engine names the missing field
            data["style"] = style
        if stake is not None:
            data["stake"] = stake
        effective = style
        if style == rules.PASS:
            if acting is not None:
                data["acting_style"] = acting
            effective = acting
        if effective == rules.VIP:
            vip_card = optional_int(form, "vip_card", _("VIP card"), "vip_card")
            if vip_card is not None:
                data["vip_card"] = vip_card
        if effective in rules.TRUMP_CHOICES:
            # Each style's trump has its field: one chosen for the other style and left
            # hidden when the style changed is not sent.
            trump = form_text(form, VIP_TRUMP if effective == rules.VIP else "trump")
            if trump:
                data["trump"] = trump
        return data, [words for key, words in self.missing_choices(style, effective) if data.get(key) is None]

    def form_values(self, raw: Mapping[str, Any], table: Table, hints: Mapping[str, Any]) -> dict[str, str]:
        """As the base class, VIP's trump in its own field (the form asks it apart from style 2's)."""
        values = super().form_values(raw, table, hints)
        effective = raw.get("acting_style") if raw.get("style") == rules.PASS else raw.get("style")
        if effective == rules.VIP and "trump" in values:
            values[VIP_TRUMP] = values.pop("trump")
        return values

    @staticmethod
    def missing_choices(style: int | None, effective: int | None) -> list[tuple[str, str]]:
        """The choices the round needs as chosen so far: (form field, its name in words)."""
        needed = [("style", _("style")), ("stake", _("stake"))]
        if style == rules.PASS:
            needed.append(("acting_style", _("acting style")))
        if effective == rules.VIP:
            needed.append(("vip_card", _("VIP card")))
        if effective in rules.TRUMP_REQUIRED:
            needed.append(("trump", _("trump")))  # style 2's, required (VIP's may stay unrecorded)
        return needed

    # A paper score sheet names the round's bidder and writes down the bid.
    sheet_lead_head = N_("Bidder")
    sheet_play_head = N_("Bid")

    def sheet_lead(self, table: Table, raw: Mapping[str, Any], number: int, dealer: int) -> int:
        bidder, acting = self.game.roles(table, number)  # type: ignore[attr-defined]
        return acting if raw.get("style") == rules.PASS else bidder

    def sheet_passer(self, table: Table, raw: Mapping[str, Any], number: int) -> int | None:
        return self.game.roles(table, number)[0] if raw.get("style") == rules.PASS else None  # type: ignore[attr-defined]

    def sheet_play(self, table: Table, raw: Mapping[str, Any], number: int) -> tuple[str, str]:
        """The style as its suit's sign where it has one ("♥ ×4"), else its name, and the
        multiplier the score used; in words: played_for."""
        style = raw.get("acting_style") if raw.get("style") == rules.PASS else raw.get("style")
        words = self.played_for(raw)
        if words is None or not isinstance(style, int):
            return "", ""
        trump = raw.get("trump")
        if style == SPADES_TRUMPS:
            name = SUIT_SIGNS[SPADES]
        elif style in rules.TRUMP_CHOICES and style != rules.VIP and isinstance(trump, str) and trump in SUIT_SIGNS:
            name = SUIT_SIGNS[trump]
        else:
            name = _(rules.STYLE_NAMES[style])
        stake, card = raw.get("stake"), raw.get("vip_card")
        times = stake * card if style == rules.VIP and isinstance(stake, int) and isinstance(card, int) else stake
        # The multiplier never on a line of its own in the narrow column.
        return _("{style} ×{stake}", style=name, stake=times).replace(" ×", "\u00a0×"), words

    def sheet_cells(self, table: Table, raw: Mapping[str, Any], number: int) -> list[str]:
        bidder, acting = self.game.roles(table, number)  # type: ignore[attr-defined]
        tricks = raw.get("tricks") or [0] * table.n
        cells = [_n("{n} trick", "{n} tricks", took) for took in tricks]
        style = raw.get("style")
        if style == rules.PASS:
            cells[bidder] = _("{bid} · {made}", bid=_("Pass"), made=cells[bidder])
            bidder = acting
        bid = self.played_for(raw)
        if bid is not None:
            cells[bidder] = _("{bid} · {made}", bid=bid, made=cells[bidder])
        return cells

    @staticmethod
    def played_for(raw: Mapping[str, Any], *, worded: bool = False) -> str | None:
        """What the (Acting) Bidder plays for, as the score counts it: the style (the suit
        chosen for style 2) and the multiplier, for VIP the stake times the card accepted.
        `worded`: the multiplier called the stake (the play view's sentence; the scoresheet's
        narrow cells keep the bare "×4")."""
        style = raw.get("acting_style") if raw.get("style") == rules.PASS else raw.get("style")
        if not (isinstance(style, int) and style in rules.STYLE_NAMES):
            return None
        name = _(rules.STYLE_NAMES[style])
        trump, stake, card = raw.get("trump"), raw.get("stake"), raw.get("vip_card")
        if style in rules.TRUMP_CHOICES and style != rules.VIP and isinstance(trump, str) and trump in SUIT_NAMES:
            name = _("{suit} trumps", suit=_(SUIT_NAMES[trump]))  # the suit chosen, not the three it could be
        if style == rules.VIP and isinstance(stake, int) and isinstance(card, int):
            # The multiplier the score used: the stake times the turned card accepted.
            if worded:
                return _("{style}, stake ×{stake} ({base} × card {card})", style=name, stake=stake * card, base=stake, card=card)
            return _("{style} ×{stake} (stake {base} × card {card})", style=name, stake=stake * card, base=stake, card=card)
        if worded:
            return _("{style}, stake ×{stake}", style=name, stake=stake)
        return _("{style} ×{stake}", style=name, stake=stake)

    def play_lines(self, table: Table, raw: Mapping[str, Any], play: Mapping[str, Any]) -> list[str]:
        details = play.get("details") or {}
        bidder, acting = details.get("bidder", 0), details.get("acting_bidder", 0)
        bid = self.played_for(raw, worded=True) or ""
        trump = raw.get("trump")
        if raw.get("style") == rules.VIP or raw.get("acting_style") == rules.VIP:
            # VIP's trump is the turned card's suit: said when it was recorded.
            if isinstance(trump, str) and trump in SUIT_NAMES:
                bid = _("{bid}, {trump}", bid=bid, trump=_("{suit} trumps", suit=_(SUIT_NAMES[trump])))
        if raw.get("style") == rules.PASS:
            return [_("{bidder} passes; {acting} plays as Acting Bidder: {bid}", bidder=table.name(bidder), acting=table.name(acting), bid=bid)]
        return [_("{bidder} plays {bid}", bidder=table.name(bidder), bid=bid)]

    def next_info(self, table: Table, hints: Mapping[str, Any]) -> str:
        return _(
            "Round {number}: {dealer} deals, {bidder} bids",
            number=hints.get("round"),
            dealer=table.name(hints.get("dealer", 0)),
            bidder=table.name(hints.get("bidder", 0)),
        )

    def preview_notes(self, table: Table, entry: Mapping[str, Any], values: Values) -> list[str]:
        notes = tricks_so_far(table, entry, values)
        style = int_or_none(values.get("style"))
        if style is None and int_or_none(values.get("acting_style")) is not None:
            style = rules.PASS  # as the form reader: the acting style says the Pass
        acting = entry["bidder"]
        effective = style
        if style == rules.PASS:
            acting = entry["hints"].get("acting_bidder_if_pass", acting)
            effective = int_or_none(values.get("acting_style"))
        no_tricks = effective == rules.NO_TRICKS
        targets = (rules.NO_TRICKS_TARGETS if no_tricks else rules.TARGETS)[table.n]
        parts = []
        for seat in range(table.n):
            role = (seat - acting) % table.n
            parts.append(f"{table.name(seat)} ({_(rules.ROLE_NAMES[table.n][role])}) {targets[role]}")
        if no_tricks:
            notes.append(_("No Tricks targets: {targets}", targets=", ".join(parts)))
        else:
            notes.append(_("Target tricks: {targets}", targets=", ".join(parts)))
        return notes

    def progress_cells(self, table: Table, state: MatchState) -> list[list[dict[str, Any]]] | None:
        """The usage grid (templates/games/nwik.html) per seat, for the phone offline: styles then stakes, with their titles."""
        data = self.progress(table, state)
        if not data:
            return None
        rows = []
        for row in data["rows"]:
            cells = []
            for style, used in row["styles"]:
                name = data["style_names"][style]
                message = "style %(number)s: %(name)s used" if used else "style %(number)s: %(name)s free"
                cells.append({"text": str(style), "used": used, "title": said(message, number=style, name=name)})
            for stake, used in row["stakes"]:
                message = "stake %(number)s used" if used else "stake %(number)s free"
                cells.append({"text": str(stake), "used": used, "title": said(message, number=stake)})
            rows.append(cells)
        return rows

    def progress(self, table: Table, state: MatchState) -> Any:
        """Who has used which style and stake as Bidder."""
        rows = [
            {
                "name": table.name(entry["seat"]),
                "styles": [(style, style in entry["styles_used"]) for style in rules.STYLE_NAMES],
                "stakes": [(stake, stake in entry["stakes_used"]) for stake in rules.STAKES],
            }
            for entry in state.details.get("usage", [])
        ]
        return {"rows": rows, "style_names": self.style_names()} if rows else None

    @staticmethod
    def style_names() -> dict[int, str]:
        return {style: _(name) for style, name in rules.STYLE_NAMES.items()}

    def league_stats(self, stats: Mapping[str, Any], names: Any) -> Any:
        grids = [self.grid(stats, "by_style", names), self.grid(stats, "by_stake", names)]
        if not any(grids):
            return None
        return {"by_style": grids[0], "by_stake": grids[1], "style_names": self.style_names()}

    @staticmethod
    def grid(stats: Mapping[str, Any], dimension: str, names: Any) -> dict[str, Any] | None:
        """Points as Bidder per player, by style or by stake: a compact grid."""
        keys = sorted({int(key) for entry in stats.values() for key in entry[dimension]})
        if not keys:
            return None
        return {
            "keys": keys,
            "rows": [
                (names(player_id), [entry[dimension].get(str(key)) for key in keys])
                for player_id, entry in sorted(stats.items(), key=lambda item: names(item[0]))
            ],
        }

    def player_stats(self, stats: Any) -> Any:
        return {**stats, "style_names": self.style_names()} if stats else None

    def entry_words(self, table: Table, entry: Mapping[str, Any]) -> dict[str, Any]:
        words = super().entry_words(table, entry)
        dealer, bidder, acting = entry["dealer_name"], entry["bidder_name"], entry["acting_name"]
        words["who"] = said("%(dealer)s deals · <b>%(bidder)s</b> is Bidder", dealer=escape(dealer), bidder=escape(bidder))
        words["legends"] = {
            "style": said("%(name)s's style", name=bidder),
            "stake": said("%(name)s's stake", name=bidder),
            "acting_style": said("%(bidder)s passes: %(acting)s's style as Acting Bidder", bidder=bidder, acting=acting),
        }
        words["choices"] = {
            name: [[str(value), label] for value, label in entry[key]]
            for name, key in (("style", "style_options"), ("stake", "stake_options"), ("acting_style", "acting_options"))
        }
        return words


register_adapter(NwikAdapter)


@REFUSAL_WORDS.of(rules.Nwik)
def nwik_refusal_words(game: Game, table: Table, code: str, field: str | None, message: str) -> str | None:
    # The engine's messages name the fields and suits as JSON spells them (for API clients too).
    if code == "trump_spades":
        return _(
            "{spades} trumps is style 1: for style 2 choose {suits}",
            spades=_(SUIT_NAMES[SPADES]),
            suits=", ".join(_(SUIT_NAMES[suit]) for suit in rules.TRUMP_CHOICES[2]),
        )
    if code == "acting_style_without_pass":
        return _("a style as Acting Bidder is only chosen when the Bidder passes")
    if code == "vip_card_refused":
        return _("the VIP card is only chosen for style 5 (VIP)")
    if code == "trump_refused":
        return _("this style has no trump to choose")
    return None
