"""Rounds: play by play (table, plays, undo, overrule, confirm) or tallies only."""

from flask import Blueprint

bp = Blueprint("rounds", __name__)

from . import routes  # noqa: E402,F401
