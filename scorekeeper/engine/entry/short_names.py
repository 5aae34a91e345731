"""Players' and sides' names cut short for the score sheet's narrow columns, one short form a
name wherever the sheet shows it (the server's sheet, web/pages/sheet_rows.py, and the rounds a
phone draws offline, engine/phone.py)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.i18n import _

# How Table.side_name joins a team's players.
TEAM_JOIN = " & "


def short_names(names: list[str], letters: int) -> list[str]:
    """Each name cut to `letters` characters, a cut one ending in "." ("Konst."), lengthened
    while two of them read alike ("Ann" and "Anna" stay whole; "Maxim." and "Maxin.")."""
    shown = []
    for index, name in enumerate(names):
        others = [other for position, other in enumerate(names) if position != index]
        keep = letters
        while len(name) > keep and any(cut(other, keep) == cut(name, keep) for other in others):
            keep += 1
        shown.append(cut(name, keep))
    return shown


def cut(name: str, letters: int) -> str:
    """A name of at most `letters` characters; a team's ("Alexander & Dmitri", as
    Table.side_name joins them) each of its players' names cut alike ("Alex. & Dmit.")."""
    players = [player.strip() for player in name.split(TEAM_JOIN)]
    if len(players) > 1:
        return TEAM_JOIN.join(cut(player, max(4, letters // 2 + 1)) for player in players)
    return players[0] if len(players[0]) <= letters else players[0][: max(1, letters - 1)].rstrip() + "."


# The letters of a name a column head keeps, by how many sides share the sheet's width, and
# with a play column beside them (it takes some 5.2rem, 2.4rem when the sheet is `narrow`):
# each fits its head at 360 px without an ellipsis (tests/browser/test_labels_fit.py).
SIDE_LETTERS = {2: 24, 3: 8, 4: 7, 5: 4, 6: 4}
SIDE_LETTERS_BESIDE_PLAY = {2: 24, 3: 5, 4: 5, 5: 4, 6: 4}
# The letters the lead column keeps of a player's name.
LEAD_LETTERS = 5


def head_letters(sides: int, beside_play: bool) -> int:
    return (SIDE_LETTERS_BESIDE_PLAY if beside_play else SIDE_LETTERS).get(sides, 4)


def player_short_names(table, beside_play: bool) -> list[str]:
    """Each player's one short form on the sheet: in the lead column and, where every side is
    one player, in the column heads too ("Ale." in both, never "Ale." over "Alex.")."""
    letters = LEAD_LETTERS
    if all(len(side) == 1 for side in table.sides):
        letters = min(letters, head_letters(len(table.sides), beside_play))
    return short_names(list(table.players), letters)


def side_short_names(table, beside_play: bool) -> list[str]:
    """The column heads' short names: the players' own (player_short_names) where every side
    is one player, else the teams' names each cut to what its head holds."""
    if all(len(side) == 1 for side in table.sides):
        shorts = player_short_names(table, beside_play)
        return [shorts[side[0]] for side in table.sides]
    names = [table.side_name(index) for index in range(len(table.sides))]
    return short_names(names, head_letters(len(table.sides), beside_play))


def sheet_lead(adapter, table, raw: Mapping[str, Any], number: int, dealer: int) -> dict[str, Any]:
    """Who led a round as the sheet's lead column says it (templates/_sheet.html): the
    player's whole and short name and, where someone passed the round on to them (Nwik's
    Pass, which a paper pad writes down: it uses up the passer's Pass), the passer's short
    name and the Pass in words ("Anna passed to Ben"); None without a Pass. A round nobody
    led (all passed, at Skat) has a dash, "nobody" in words."""
    lead = adapter.sheet_lead(table, raw, number, dealer)
    passer = adapter.sheet_passer(table, raw, number)
    shorts = player_short_names(table, adapter.sheet_play_head is not None)
    if lead is None:
        return {"lead": _("nobody"), "lead_short": "–", "passer": None, "passed": None}
    cell: dict[str, Any] = {"lead": table.name(lead), "lead_short": shorts[lead], "passer": None, "passed": None}
    if passer is not None:
        cell["passer"] = shorts[passer]
        cell["passed"] = _("{passer} passed to {bidder}", passer=table.name(passer), bidder=table.name(lead))
    return cell
