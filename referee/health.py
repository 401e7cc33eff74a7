"""``GET /healthz`` for a load balancer or a process supervisor: one ``SELECT 1`` on a
connection of the pool, no session cookie, no template.

200 ``{"status": "ok"}``; 503 ``{"status": "unavailable", "database": "unreachable"}`` when
the database cannot be reached (within ``DATABASE_CONNECT_TIMEOUT`` on PostgreSQL).
"""

from __future__ import annotations

from flask import Blueprint, Flask, Response, current_app, jsonify
from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError

from .extensions import csrf, db

bp = Blueprint("health", __name__)


@bp.get("/healthz")
def healthz() -> tuple[Response, int]:
    try:
        with db.engine.connect() as connection:
            connection.execute(text("SELECT 1"))
    except SQLAlchemyError as error:
        current_app.logger.warning("healthz: the database cannot be reached: %s", error)
        answer = jsonify({"status": "unavailable", "database": "unreachable"})
        status = 503
    else:
        answer = jsonify({"status": "ok"})
        status = 200
    answer.headers["Cache-Control"] = "no-store"
    return answer, status


def register(app: Flask) -> None:
    """Serve /healthz; a GET changes nothing, so it is exempt from CSRF as well."""
    csrf.exempt(bp)
    app.register_blueprint(bp)
