"""The score sheet as CSV: one row per confirmed round and side."""

from __future__ import annotations

import csv
import io

from flask_babel import gettext as _

from .. import service
from ..models import Match
from ..rules.scoring import Category
from ..templating import category_label

# a cell a spreadsheet would read as a formula (OWASP's CSV injection)
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def score_sheet(match: Match) -> str:
    """Round, dealer, side, the points of each category the variant scores, the round's
    total and the match's after it; names that would start a formula begin with '."""
    rules = service.rules_of(match)
    categories = rules.categories
    sides = service.side_names(match)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow([_("round"), _("dealer"), _("side"),
                     *(category_label(rules, c) for c in categories),
                     _("round total"), _("match total")])
    for rnd in service.confirmed(match):
        result = rnd.result
        assert result is not None  # a confirmed round has its result
        dealer = _cell(match.players[rnd.dealer].name)
        for i, side in enumerate(sides):
            writer.writerow([rnd.number, dealer, _cell(side),
                             *(result.points[i][Category(c)] for c in categories),
                             result.totals[i], result.scores[i]])
    return out.getvalue()


def _cell(text: str) -> str:
    return "'" + text if text.startswith(FORMULA_STARTS) else text
