"""Home: this device's and the signed-in person's matches, in progress first."""
from __future__ import annotations

from flask import render_template

from ...device import device_id
from ...identity import current_actor
from ...services import matches as service
from ..match_lists import match_summary
from .blueprint import bp


@bp.get("/")
def home():
    matches = service.matches_for(current_actor(), device_id(create=False))
    rows = [match_summary(match) for match in matches]
    return render_template(
        "home.html",
        in_progress=[row for row in rows if not row["finished"]],
        recent=[row for row in rows if row["finished"]],
    )
