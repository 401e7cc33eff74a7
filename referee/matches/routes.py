"""Match pages. Views stay thin: forms in, service and engine calls, a template out."""

from __future__ import annotations

from flask import abort, redirect, url_for
from flask_babel import gettext as _

from .. import service
from ..main import remember
from ..models import RoundMode
from ..polling import conditional, match_version
from ..rules.round import sides_of
from ..rules.variants import VARIANTS
from ..web import editable_match, match_by_token, render
from . import bp
from .forms import HOUSE_RULES, NewMatchForm, StartRoundForm

LABEL_LENGTH = 80  # what main.remember keeps of a label


@bp.route("/matches/new", methods=["GET", "POST"])
def new():
    form = NewMatchForm()
    if form.validate_on_submit():
        match = service.create_match(form.variant.data, form.options(), form.seated_names(),
                                     form.first_dealer.data - 1)
        remember(match.edit_token, match_label(match))
        return redirect(url_for("matches.show", token=match.edit_token), code=303)
    status = 422 if form.is_submitted() else 200
    return render("matches/new.html", "form", status, form=form, variants=VARIANTS,
                  house_rules=HOUSE_RULES)


def match_label(match, watching: bool = False) -> str:
    """The match as the home page lists it: the variant (and whether only watched) first,
    then the names, so that a label cut short on a phone keeps what tells matches apart.

    The phone keeps at most LABEL_LENGTH characters of it: long names are shortened here,
    with "…".
    """
    variant = VARIANTS[match.variant].name
    label = _("%(variant)s, watching: %(names)s") if watching else _("%(variant)s: %(names)s")
    names = " – ".join(match.names)
    room = LABEL_LENGTH - len(label % {"variant": variant, "names": ""})
    if len(names) > room:
        names = names[:room - 1].rstrip(" –") + "…"
    return label % {"variant": variant, "names": names}


@bp.get("/match/<token>")
@conditional(match_version)
def show(token: str):
    match, can_edit = match_by_token(token)
    remember(token, match_label(match, watching=not can_edit))
    return render("matches/show.html", "board", **board(match, can_edit, token))


def board(match, can_edit: bool, token: str) -> dict:
    rules = service.rules_of(match)
    sides = sides_of(rules, len(match.players))
    names = service.side_names(match)
    rounds = service.confirmed(match)
    totals = service.scores_before(match, len(match.rounds) + 1)
    open_round = service.current_round(match)
    next_number = len(match.rounds) + 1
    return {
        "match": match,
        "rules": rules,
        "variant": rules.variant,
        "sides": sides,
        "side_names": names,
        "rounds": rounds,
        "totals": totals,
        "open_round": open_round,
        "next_dealer": match.players[service.dealer_of(match, next_number)].name,
        "can_edit": can_edit,
        "token": token,
        "progress": [min(100, max(0, round(100 * t / rules.target))) for t in totals],
    }


@bp.post("/match/<token>/rounds")
def start_round(token: str):
    match = editable_match(token)
    form = StartRoundForm()
    if not form.validate():
        abort(400, _("Choose play by play or tally only."))
    try:
        rnd = service.start_round(match, RoundMode(form.mode.data))
    except service.RoundClosed:
        abort(409, _("The match is over; start a rematch instead."))
    return redirect(url_for("rounds.show", token=token, number=rnd.number), code=303)


@bp.post("/match/<token>/rematch")
def rematch(token: str):
    match = editable_match(token)
    if not match.finished:
        abort(409, _("The match is still being played."))
    new_match = service.rematch(match)
    remember(new_match.edit_token, match_label(new_match))
    return redirect(url_for("matches.show", token=new_match.edit_token), code=303)
