"""The rules engine: exactly what the phone loads (Pyodide) to score a round offline.

- `core`: what every game shares (tables, match state, options, fields, bidding, refusals,
  the translation hook).
- `games`: one module per game, found by id in the registry (`games.get_game`).
- `entry`: each game's round entry (reading its form, its chips and the words around
  them), the same code the pages use.
- `phone`: the entry points the phone's worker calls.

It imports nothing of Flask, SQLAlchemy or marshmallow and nothing else of the package
(the import-linter contract in pyproject.toml), so the server and the phone run the very
same rules.
"""
