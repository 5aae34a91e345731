"""The API document's descriptions that list the games, written from the registry as it is when the document is served."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..engine.games import Game, all_games, game_ids


def bidding_fields(game: Game) -> str:
    """A game's bidding fields for the docs: "style, stake (and as the round needs them: trump)"."""
    needed = ", ".join(game.bidding_required)
    return f"{needed} (and as the round needs them: {', '.join(game.bidding_optional)})" if game.bidding_optional else needed


def game_id_words() -> str:
    return f"the game's id: one of {', '.join(game_ids())} (GET /api/v1/games)"


def round_input_words() -> str:
    return (
        f"The round input of the match's game ({', '.join(game_ids())}), as the game's rules describe it: "
        "every field the round needs, checked by the game's engine. Unknown fields are refused."
    )


def bidding_input_words() -> str:
    return (
        "The bidding half of the next round of the match's game: the round input's fields said "
        "before the hand is played. "
        + "; ".join(f"{game.id}: {bidding_fields(game)}" for game in all_games() if game.has_bidding)
        + ". "
        + ", ".join(game.id for game in all_games() if not game.has_bidding)
        + " have no bidding (422). The hand's part is then posted to POST /matches/{id}/rounds "
        "with the rest of the round's fields, which completes the round; a field given in both must "
        "agree. Unknown fields are refused."
    )


# The schemas and operations carry these words as the registry stood when this module was
# imported (flask-smorest writes a description into its document once, when the blueprint
# is registered); a game registered later (a test's copy of a game, a game module loaded
# after start-up) would be missing from them. `as_registered_now` finds them by that text.
GAME_ID_WORDS, ROUND_INPUT_WORDS, BIDDING_INPUT_WORDS = (
    game_id_words(), round_input_words(), bidding_input_words()
)
AT_IMPORT: dict[str, Callable[[], str]] = {
    GAME_ID_WORDS: game_id_words, ROUND_INPUT_WORDS: round_input_words, BIDDING_INPUT_WORDS: bidding_input_words
}


def as_registered_now(document: Any) -> Any:
    """The OpenAPI document (a copy) with every description that lists the games written
    again from the registry as it is now."""
    if isinstance(document, dict):
        return {key: as_registered_now(value) for key, value in document.items()}
    if isinstance(document, list):
        return [as_registered_now(value) for value in document]
    if isinstance(document, str) and document in AT_IMPORT:
        return AT_IMPORT[document]()
    return document
