"""Rounds: play by play (table, plays, undo, overrule, confirm) or tallies only."""

from flask import Blueprint

from ..database import statement_by_statement

bp = Blueprint("rounds", __name__)
bp.before_request(statement_by_statement)

from . import routes  # noqa: E402,F401
