"""Take the match with you: its score sheet (CSV) and its whole log (JSON) to download, and
a match file imported as a new match."""

from flask import Blueprint

bp = Blueprint("exchange", __name__)

from . import routes  # noqa: E402,F401
