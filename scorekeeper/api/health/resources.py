"""GET /api/v1/health: a constant JSON body, touching no database."""
from __future__ import annotations

from flask.views import MethodView

from ..blueprint import Blueprint
from .schemas import HealthSchema

blp = Blueprint("health", __name__, url_prefix="/health", description="Liveness")

HEALTHY = {"status": "ok"}


@blp.route("")
class Health(MethodView):
    @blp.response(200, HealthSchema)
    def get(self):
        """Always {"status": "ok"}: the process answers (the benchmarks' bare endpoint)."""
        return HEALTHY
