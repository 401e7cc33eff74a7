"""Matches: start one, the scoreboard, the next round, rematch."""

from flask import Blueprint

bp = Blueprint("matches", __name__)

from . import routes, style  # noqa: E402,F401
