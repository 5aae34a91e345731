"""The table-side pages' one blueprint, in a module of its own so the page modules import it without importing their package."""
from __future__ import annotations

from flask import Blueprint

bp = Blueprint("pages", __name__)
