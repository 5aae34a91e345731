"""Scorekeeper: scorekeeping companion for physical card games.

`create_app` is imported lazily so that `scorekeeper.engine.games` (pure rules) can be used
without loading Flask.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from flask import Flask


def create_app(config: Any = None) -> Flask:
    """Build the Flask app (see scorekeeper.app.create_app)."""
    from .app import create_app as build

    return build(config)
