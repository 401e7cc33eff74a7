"""The rules pages: every variant described from the engine's own data.

Nothing here states a rule the engine does not hold; the words that explain the
engine's values (the building modes, how a match ends, the decisions of
RULES.md) are data in :mod:`.texts`, keyed by the engine's enums.
"""

from flask import Blueprint

bp = Blueprint("rulebook", __name__)

from . import routes  # noqa: E402,F401
