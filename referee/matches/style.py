"""The new-match page's style sheet, made from the variants' data: the chosen variant's
description, and only the house rules and seatings it takes, shown by CSS ``:has()`` with
no script (the Content-Security-Policy allows no inline style)."""

from __future__ import annotations

from flask import make_response, request

from ..rules.round import seatings, sides_of
from ..rules.variants import HOUSE_FLAGS, VARIANTS, Building, OptionError, house_rules
from . import bp
from .forms import MAX_SEATS, MIN_SEATS, PARTNERSHIPS, names_other_count


@bp.get("/variants.css")
def variants_css():
    """The new-match page's rules that show the chosen variant's description beneath the
    list, only the house rules it takes with the building chosen, and only the seatings
    it takes with the number of players chosen."""
    shown = ",\n".join(f'{_CHOSEN.format(v=v)} #about-{v}' for v in VARIANTS)
    response = make_response(shown + " { display: block; }\n" + _house_rules_css()
                             + _partnerships_css())
    response.mimetype = "text/css"
    response.cache_control.public = True
    response.cache_control.max_age = 3600
    response.add_etag()
    return response.make_conditional(request)


_CHOSEN = '#new-match:has(#variant option[value="{v}"]:checked)'
# the new-match page's choices of building: the variant's own ("") or one named
_BUILDINGS: tuple[tuple[str, Building | None], ...] = (
    ("", None), *((b.value, b) for b in Building))


def _house_rules_css() -> str:
    """Hide each house rule the chosen variant does not take, with the building chosen
    (the engine's ``house_rules``), and the whole list where it takes none; a rule with an
    error stays in sight (a value set before another variant was chosen)."""
    hidden = []
    for v in VARIANTS:
        own = house_rules(v)
        if not own:
            hidden.append(f"{_CHOSEN.format(v=v)} #house-rules")
        if "building" not in own:
            hidden.append(f"{_CHOSEN.format(v=v)} #rule-building")
        for value, building in _BUILDINGS:
            taken = house_rules(v, building)
            hidden += [f'{_CHOSEN.format(v=v)}:has(#building option[value="{value}"]:checked)'
                       f" #rule-{name}" for name in HOUSE_FLAGS if name not in taken]
    return (",\n".join(hidden) + " { display: none; }\n"
            "#new-match .house-rule.invalid, #house-rules.invalid "
            "{ display: block !important; }\n")


def _partnerships_css() -> str:
    """Hide each number of players the chosen variant does not seat (but the one chosen),
    each partnership it refuses for the number chosen (the engine's ``sides_of``) or
    whose words name another number of players, "everyone for themselves" where only
    partnerships seat them (app.js then picks the first choice in sight), and the whole
    choice where none but that is left; a choice with an error stays in sight (made
    before the number of players was changed)."""
    hidden = []
    for v, variant in VARIANTS.items():
        seated = seatings(v)
        hidden += [f'{_CHOSEN.format(v=v)} #players label.pill:not(:has(:checked))'
                   f':has(input[value="{count}"])'
                   for count in range(MIN_SEATS, MAX_SEATS + 1) if count not in seated.counts]
        for count in range(MIN_SEATS, MAX_SEATS + 1):
            chosen = f'{_CHOSEN.format(v=v)}:has(#players input[value="{count}"]:checked)'
            if count in seated.counts and count not in seated.alone:
                hidden.append(f'{chosen} #partnerships option[value=""]')
            refused = []
            for value, (partnership, _named) in PARTNERSHIPS.items():
                try:
                    sides_of(variant.rules({"partnerships": partnership}), count)
                except OptionError:
                    refused.append(value)
                else:
                    if names_other_count(value, count) is not None:  # "of three" for four
                        refused.append(value)
            if len(refused) == len(PARTNERSHIPS):
                hidden.append(f"{chosen} #partnering")
            else:
                hidden += [f'{chosen} #partnerships option[value="{value}"]'
                           for value in refused]
    return (",\n".join(hidden) + " { display: none; }\n"
            "#new-match .partnering.invalid { display: block !important; }\n")
