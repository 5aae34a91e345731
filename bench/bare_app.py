"""The benchmarks' ceiling: a bare Flask app with one route returning a small JSON body, served by the same gunicorn configuration as the app (`bench.bare_app:app`)."""
from __future__ import annotations

from flask import Flask

app = Flask(__name__)
BODY = {"status": "ok"}


@app.get("/")
def bare():
    """As small as the app's health answer, without its request hooks, extensions or blueprints."""
    return BODY
