"""GET /api/v1/health: a constant JSON body, touching no database."""
from __future__ import annotations

import json

from flask import Response
from flask.views import MethodView

from ..blueprint import Blueprint
from .schemas import HealthSchema

blp = Blueprint("health", __name__, url_prefix="/health", description="Liveness")

HEALTHY = {"status": "ok"}
# Written once: a constant answer needs no schema pass or JSON encoding per request.
HEALTHY_BODY = json.dumps(HEALTHY, separators=(",", ":")).encode()


@blp.route("")
class Health(MethodView):
    @blp.response(200, HealthSchema)
    def get(self):
        """Always {"status": "ok"}: the process answers (the benchmarks' bare endpoint)."""
        return Response(HEALTHY_BODY, mimetype="application/json")
