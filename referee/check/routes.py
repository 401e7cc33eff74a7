"""GET /check: the position in the query string, the engine's ruling on the page.

The view stays thin: the form parses, :func:`referee.rules.turn.judge` rules, the
template shows. Bad input answers 422 with the message at its field. There is a ruling
only for a whole claim (the card, what it does, what it takes unless it trails) and not
for a draft: the page asks for one while the position is being laid out, to list the
table items to tick.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import request, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from ..rules.capture import Group, capture_split
from ..rules.partition import Budget, TooComplex
from ..rules.table import Item
from ..rules.turn import Verdict, judge
from ..security import public_url
from ..web import render
from . import bp
from .forms import CheckForm

KINDS = {
    "capture": _l("Capture"),
    "build": _l("Build"),
    "raise": _l("Raise"),
    "double": _l("Double"),
    "trail": _l("Trail"),
}


@dataclass(frozen=True)
class Alternative:
    items: tuple[Item, ...]
    groups: tuple[Group, ...]  # as the referee splits it; () if beyond the budget
    href: str
    current: bool


@bp.get("/check")
def check():
    budget = Budget()  # the request's one search budget: the builds' sums, then the play
    form = CheckForm(formdata=request.args or None, meta={"csrf": False}, budget=budget)
    verdict: Verdict | None = None
    status = 200
    if request.args:
        try:
            if not form.validate():
                status = 422
            elif form.position is not None and form.position.play is not None \
                    and not form.draft.data:
                position = form.position
                verdict = judge(position.spot, position.play, position.hand, budget,
                                alternatives=True)
        except TooComplex:
            form.table.errors.append(_("This position is far larger than any real game."))
            status = 422
    return render(
        "check.html", "checker", status,
        form=form, verdict=verdict, position=form.position, kinds=KINDS,
        items=form.items(), alternatives=_alternatives(form, verdict),
        share_url=_url(form, external=True) + "#verdict" if verdict is not None else None,
    )


def _url(form: CheckForm, external: bool = False, **changes) -> str:
    base = public_url("check.check") if external else url_for("check.check")
    return f"{base}?{form.query(**changes)}"


def _alternatives(form: CheckForm, verdict: Verdict | None) -> list[Alternative]:
    """The card's legal captures as one-tap links, each the same position with that take,
    said in its groups."""
    if verdict is None or form.position is None:
        return []
    position = form.position
    table = position.table
    play = position.play
    current = tuple(sorted(play.refs)) if play and play.action.value == "capture" else None
    return [
        Alternative(
            items=tuple(table[i] for i in option),
            groups=capture_split(position.rules, play.card, table, option, form.budget).groups
            if play else (),
            href=_url(form, action="capture", take=list(option), value=None) + "#verdict",
            current=tuple(sorted(option)) == current,
        )
        for option in verdict.options
    ]
