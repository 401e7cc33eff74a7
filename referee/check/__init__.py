"""The dispute tool: is this play legal? A whole position in one shareable GET URL."""

from flask import Blueprint

bp = Blueprint("check", __name__)

from . import routes  # noqa: E402,F401
