"""Match pages. Views stay thin: forms in, service and engine calls, a template out."""

from __future__ import annotations

from flask import abort, flash, get_flashed_messages, redirect, url_for
from flask_babel import gettext as _

from .. import service
from ..main import forget_link, remember
from ..models import LinkRole, Match, RoundMode
from ..polling import conditional, match_version, poll_tag, screen_version
from ..rounds.routes import panel_context
from ..rules.round import sides_of
from ..rules.scoring import standing
from ..rules.variants import VARIANTS
from ..web import Access, access, clerk_access, editing_access, render
from . import bp
from .forms import HOUSE_RULES, NewMatchForm, SeatLinkForm, StartRoundForm


@bp.route("/matches/new", methods=["GET", "POST"])
def new():
    form = NewMatchForm()
    if form.validate_on_submit():
        match = service.create_match(form.variant.data, form.options(), form.seated_names(),
                                     form.first_dealer.data - 1)
        remember(match.link(LinkRole.EDIT).id)
        return redirect(url_for("matches.show", token=match.edit_token), code=303)
    status = 422 if form.is_submitted() else 200
    return render("matches/new.html", "form", status, form=form, variants=VARIANTS,
                  house_rules=HOUSE_RULES)


@bp.get("/match/<token>")
@conditional(match_version)
def show(token: str):
    who = access(token)
    remember(who.link_id)
    flashed = get_flashed_messages()
    return render("matches/show.html", "board", **board(who),
                  message=str(flashed[-1]) if flashed else None,
                  rematch=_rematch_url(who) if who.match.finished else None)


def board(who: Access[Match]) -> dict:
    match, can_edit, token = who.match, who.can_edit, who.token
    rules = service.rules_of(match)
    sides = sides_of(rules, len(match.players))
    names = service.side_names(match)
    rounds = service.confirmed(match)
    totals = service.scores_before(match, len(match.rounds) + 1)
    open_round = service.current_round(match)
    next_number = len(match.rounds) + 1
    last = match.rounds[-1] if match.rounds else None
    # the last round, confirmed, may be reopened to put a mistake right
    reopen = (last if can_edit and last is not None and open_round is None
              and service.reopen_refused(last) is None else None)
    return {
        "match": match,
        "rules": rules,
        "variant": rules.variant,
        "sides": sides,
        "side_names": names,
        "rounds": rounds,
        "totals": totals,
        "open_round": open_round,
        "reopen": reopen,
        "next_dealer": match.players[service.dealer_of(match, next_number)].name,
        "can_edit": can_edit,
        "token": token,
        "who": who,
        "poll_tag": None if match.finished else poll_tag(match_version(token)),
        "progress": [min(100, max(0, round(100 * t / rules.target))) for t in totals],
        # who is ahead, once a round has counted and while the match goes on
        "standing": standing(totals, rules.reverse) if rounds and not match.finished else None,
    }


def _rematch_url(who: Access[Match]) -> str | None:
    """The rematch of a finished match, once started, at the link of the same role (the
    players', the seat's, the watching link): every phone of the table finds it."""
    rematch = service.rematch_of(who.match)
    if rematch is None:
        return None
    if who.role is LinkRole.SEAT and who.seat is not None:
        token = rematch.seat_token(who.seat)
    else:
        token = rematch.edit_token if who.clerk else rematch.view_token
    return url_for("matches.show", token=token)


@bp.post("/match/<token>/rounds")
def start_round(token: str):
    match = editing_access(token).match
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
    match = clerk_access(token).match
    if not match.finished:
        abort(409, _("The match is still being played."))
    new_match = service.rematch(match)  # the table's rematch, if a phone started it first
    remember(new_match.link(LinkRole.EDIT).id)
    return redirect(url_for("matches.show", token=new_match.edit_token), code=303)


@bp.post("/match/<token>/seat/<int:seat>/link")
def new_seat_link(token: str, seat: int):
    """Replace a seat's link (from the players' link): the old one stops working."""
    match = clerk_access(token).match
    if not SeatLinkForm().validate() or not 0 <= seat < len(match.players):
        abort(400, _("There is no such seat in this match."))
    service.replace_seat_link(match, seat)
    flash(_("%(name)s has a new link; the old one no longer works.",
            name=match.players[seat].name))
    return redirect(url_for("matches.show", token=token, _anchor="seats"), code=303)


@bp.post("/match/<token>/leave")
def leave(token: str):
    """This phone stops playing for its seat: it keeps watching, and the seat's link
    leaves this phone's list."""
    who = access(token)
    if who.role is not LinkRole.SEAT or not SeatLinkForm().validate():
        abort(400, _("This phone is not playing for a seat of this match."))
    forget_link(who.link_id)
    return redirect(url_for("matches.show", token=who.match.view_token), code=303)


@bp.get("/match/<token>/tv")
@conditional(screen_version)
def screen(token: str):
    """The big screen (a TV or a laptop): the scoreboard and the round in play, in large
    type, read-only whatever link opened it, live."""
    who = access(token)
    watching = Access(who.match, LinkRole.WATCH, None, token, who.link_id)
    context = board(watching)
    rnd = context["open_round"]
    context["live_round"] = (panel_context(watching, rnd)
                             if rnd is not None and not rnd.tally_only else None)
    context["poll_tag"] = None if who.match.finished else poll_tag(screen_version(token))
    return render("matches/tv.html", "screen", **context)
