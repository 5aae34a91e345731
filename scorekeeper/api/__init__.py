"""The REST API (/api/v1): one flask-smorest blueprint per resource."""
from __future__ import annotations

from typing import NoReturn

from flask_smorest import abort

from ..extensions import api, csrf
from ..services import ServiceError


def abort_for(error: ServiceError) -> NoReturn:
    """Turn a service refusal into the API's JSON error (status, message, code, field)."""
    extra = {"error": error.code}
    if error.field is not None:
        extra["errors"] = {error.field: [error.message]}
    if error.round_number is not None:
        extra["round"] = error.round_number
    abort(error.status, message=error.message, **extra)


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
