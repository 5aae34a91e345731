"""The REST API (/api/v1): one flask-smorest blueprint per resource.

Views call the service layer and return; a refusal (ServiceError) is turned into the
JSON error body by the one handler in scorekeeper/errors.py.
"""
from __future__ import annotations

from ..extensions import api, csrf
from .game_words import as_registered_now


def register_api() -> None:
    from .accounts.resources import blp as accounts
    from .biddings.resources import blp as biddings
    from .games.resources import blp as games
    from .health.resources import blp as health
    from .leagues.resources import blp as leagues
    from .matches.resources import blp as matches
    from .players.resources import blp as players
    from .rounds.resources import blp as rounds
    from .sharing.resources import blp as sharing

    for blueprint in (games, matches, rounds, biddings, players, leagues, sharing, accounts, health):
        api.register_blueprint(blueprint, url_prefix=f"/api/v1{blueprint.url_prefix or ''}")
        csrf.exempt(blueprint)
    api.rewrite_document = as_registered_now
