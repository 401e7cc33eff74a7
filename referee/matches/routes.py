"""Match pages. Views stay thin: forms in, service and engine calls, a template out."""

from __future__ import annotations

from flask import abort, redirect, url_for
from flask_babel import gettext as _

from .. import service
from ..main import remember
from ..models import RoundMode
from ..rules.round import sides_of
from ..rules.variants import VARIANTS, OptionError
from ..web import editable_match, match_by_token, render
from . import bp
from .forms import HOUSE_RULES, NewMatchForm, StartRoundForm


@bp.route("/matches/new", methods=["GET", "POST"])
def new():
    form = NewMatchForm()
    if form.validate_on_submit():
        match = _create(form)
        if match is not None:
            remember(match.edit_token, _label(match))
            return redirect(url_for("matches.show", token=match.edit_token), code=303)
    status = 422 if form.is_submitted() else 200
    return render("matches/new.html", "form", status, form=form, variants=VARIANTS,
                  house_rules=HOUSE_RULES)


def _create(form: NewMatchForm):
    variant = VARIANTS[form.variant.data]
    count = form.players.data
    if not variant.min_players <= count <= variant.max_players:
        form.players.errors.append(
            _("%(name)s is played by %(low)d to %(high)d players", name=variant.name,
              low=variant.min_players, high=variant.max_players))
        return None
    names = form.seated_names()
    missing = [i for i, name in enumerate(names) if not name]
    for i in missing:
        form.names.entries[i].errors = [_("Give seat %(n)d a name (1 to 40 characters)",
                                          n=i + 1)]
    if missing:
        return None
    if form.first_dealer.data > count:
        form.first_dealer.errors.append(_("Choose a seat from 1 to %(n)d", n=count))
        return None
    options = form.options()
    try:
        sides_of(variant.rules(options), count)
    except OptionError as error:
        field = getattr(form, error.option or "", None) or form.variant
        if error.option == "players":
            field = form.players
        field.errors = [*field.errors, str(error)]
        return None
    return service.create_match(variant.id, options, names, form.first_dealer.data - 1)


def _label(match) -> str:
    return f"{' – '.join(match.names)} ({VARIANTS[match.variant].name})"


@bp.get("/match/<token>")
def show(token: str):
    match, can_edit = match_by_token(token)
    label = _label(match) if can_edit else _("%(match)s, watching", match=_label(match))
    remember(token, label)
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
    remember(new_match.edit_token, _label(new_match))
    return redirect(url_for("matches.show", token=new_match.edit_token), code=303)
