"""Round pages. Each answer is the round panel; htmx swaps it in place of the old one."""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any, cast

from flask import abort, flash, get_flashed_messages, redirect, url_for
from flask_babel import gettext as _

from .. import service
from ..models import Match, RoundRow
from ..rules.cards import BIG_CASINO, LITTLE_CASINO
from ..rules.partition import TooComplex
from ..rules.round import RoundError, tally_limits
from ..rules.scoring import Tally, TallyError, validate_tallies
from ..rules.turn import Action, Play, Verdict
from ..rules.variants import MulleScoring, Rules
from ..web import editable_match, match_by_token, render, wants_fragment
from . import bp
from .forms import (
    PlayForm,
    TableForm,
    TallyForm,
    VersionForm,
    ace_boxes,
    aces_of,
    tally_form,
)


def _round(match: Match, number: int) -> RoundRow:
    rnd = next((r for r in match.rounds if r.number == number), None)
    if rnd is None:
        abort(404, _("This match has no round %(n)d.", n=number))
    return rnd


@bp.get("/match/<token>/round/<int:number>")
def show(token: str, number: int):
    match, can_edit = match_by_token(token)
    rnd = _round(match, number)
    extra: dict[str, Any] = {}
    flashed = cast(list[tuple[str, str]], get_flashed_messages(with_categories=True))
    for category, item in flashed:
        if category == "verdict":
            extra["verdict"] = SimpleNamespace(**json.loads(item))
        elif category == "message":
            extra["message"] = item
    return _panel(match, rnd, token, can_edit, **extra)


@bp.get("/match/<token>/round/<int:number>/<any(table, play, overrule, undo, confirm, tally):what>")
def reopen(token: str, number: int, what: str):
    """A reloaded or restored form address: back to the round page."""
    return redirect(url_for("rounds.show", token=token, number=number), code=303)


def _panel(match: Match, rnd: RoundRow, token: str, can_edit: bool, status: int = 200,
           **extra: Any):
    template = "rounds/tally.html" if rnd.tally_only else "rounds/play.html"
    context = panel_context(match, rnd, token, can_edit)
    context.update(extra)
    return render(template, "panel", status, **context)


def panel_context(match: Match, rnd: RoundRow, token: str, can_edit: bool) -> dict[str, Any]:
    rules = service.rules_of(match)
    names = match.names
    context: dict[str, Any] = {
        "match": match, "rnd": rnd, "token": token, "can_edit": can_edit, "rules": rules,
        "names": names, "side_names": service.side_names(match), "verdict": None,
        "message": None, "form_errors": {}, "chosen": {},
        "live": rnd.open and not match.finished,
    }
    game = service.game_of(rnd)
    context["undoable"] = game.logged > 0
    result = service.round_result(rnd, game)
    if result is not None:
        score, outcome, tallies = result
        context.update(score=score, outcome=outcome, tallies=tallies)
    if rnd.tally_only:
        context["ace_boxes"] = ace_boxes(rules.packs)
        context["sweep_limits"] = tally_limits(rules, len(match.players), rnd.dealer).sweeps
        context["boxes"] = tally_boxes(rules)
        return context
    table = list(game.table)
    out = [code for code, n in Counter(c.code for c in game.seen.elements()).items()
           if n >= rules.packs]
    counters = []
    for i, pile in enumerate(game.piles):
        counters.append({
            "name": context["side_names"][i],
            "cards": len(pile),
            "spades": sum(1 for c in pile if c.spade),
            "sweeps": len(game.sweeps[i]),
            "points": [c for c in pile if c.ace or c in (BIG_CASINO, LITTLE_CASINO)],
        })
    context.update(
        game=game, table=table, out=out, counters=counters,
        turn_name=names[game.turn] if game.turn is not None else None,
        history=list(reversed(game.records)),
        findings=game.findings,
    )
    return context


def _stale(match: Match, rnd: RoundRow, token: str):
    return _panel(match, rnd, token, True, 409, message=_(
        "The table changed: another phone recorded something first. This is the current "
        "state; nothing of yours was recorded."))


@bp.post("/match/<token>/round/<int:number>/table")
def table(token: str, number: int):
    match = editable_match(token)
    rnd = _round(match, number)
    form = TableForm()
    if not form.validate():
        return _panel(match, rnd, token, True, 422, form_errors=form.errors)
    try:
        cards = form.cards()
        service.record_table(rnd, form.version.data, cards)
    except service.StaleRound:
        return _stale(match, rnd, token)
    except service.RoundClosed as closed:
        return _panel(match, rnd, token, True, 409, message=str(closed))
    except (ValueError, RoundError) as error:
        return _panel(match, rnd, token, True, 422, form_errors={"table": [str(error)]},
                      chosen={"table": form.table.data or []})
    return _done(match, rnd, token)


def _play_from(form: PlayForm) -> Play:
    action = Action(form.action.data)
    refs = () if action is Action.TRAIL else tuple(form.refs.data or ())  # a trail takes nothing
    value = form.value.data if action in (Action.BUILD, Action.DOUBLE) else None
    return Play(form.card.card, action, refs, value)


@bp.post("/match/<token>/round/<int:number>/play")
def play(token: str, number: int):
    return _record(token, number, overrule=False)


@bp.post("/match/<token>/round/<int:number>/overrule")
def overrule(token: str, number: int):
    return _record(token, number, overrule=True)


def _record(token: str, number: int, overrule: bool):
    match = editable_match(token)
    rnd = _round(match, number)
    form = PlayForm()
    chosen = {"card": form.card.data, "refs": form.refs.data or [], "value": form.value.data}
    if not form.validate():
        return _panel(match, rnd, token, True, 422, form_errors=form.errors, chosen=chosen)
    reason = (form.reason.data or "").strip() or None
    play = _play_from(form)
    try:
        if overrule and not reason:
            verdict = service.judge_play(rnd, play)
            return _panel(match, rnd, token, True, 422, chosen=chosen, verdict=verdict,
                          refused=_refused(form, verdict),
                          form_errors={"reason": [_("Say why the table overrules the referee.")]})
        if overrule and reason:
            service.record_overrule(rnd, form.version.data, play, reason)
            return _done(match, rnd, token, message=_(
                "Recorded as the table ruled: %(reason)s", reason=reason))
        outcome = service.record_play(rnd, form.version.data, play)
    except service.StaleRound:
        return _stale(match, rnd, token)
    except service.RoundClosed as closed:
        return _panel(match, rnd, token, True, 409, message=str(closed))
    except (RoundError, TooComplex) as error:
        message = (str(error) if isinstance(error, RoundError)
                   else _("This position is far larger than any real game."))
        return _panel(match, rnd, token, True, 422, form_errors={"card": [message]},
                      chosen=chosen)
    if not outcome.recorded:
        return _panel(match, rnd, token, True, 422, verdict=outcome.verdict,
                      refused=_refused(form, outcome.verdict), chosen=chosen)
    return _done(match, rnd, token, verdict=outcome.verdict)


def _done(match: Match, rnd: RoundRow, token: str, verdict: Verdict | None = None,
          message: str | None = None):
    """A change went through: htmx gets the new panel; a plain form is redirected to the
    round page (so a reload does not send it again), the verdict carried in a flash."""
    if wants_fragment():
        return _panel(match, rnd, token, True, verdict=verdict, message=message)
    if verdict is not None:
        flash(json.dumps({"legal": verdict.legal, "reason": verdict.reason,
                          "sweep": verdict.sweep, "pending": list(verdict.pending)}), "verdict")
    if message:
        flash(message, "message")
    return redirect(url_for("rounds.show", token=token, number=rnd.number), code=303)


def _refused(form: PlayForm, verdict: Verdict) -> dict[str, Any]:
    """The refused play, so the table can overrule it or pick an alternative."""
    return {"card": form.card.data, "action": form.action.data, "refs": form.refs.data or [],
            "value": form.value.data, "options": [list(o) for o in verdict.options]}


def _attempt(match: Match, rnd: RoundRow, token: str, change: Callable[[], object],
             done: Callable[[], Any]):
    """Run a change to the round; a stale page or a closed round gets the current panel."""
    try:
        change()
    except service.StaleRound:
        return _stale(match, rnd, token)
    except service.RoundClosed as closed:
        return _panel(match, rnd, token, True, 409, message=str(closed))
    return done()


def _versioned(token: str, number: int, change, done):
    match = editable_match(token)
    rnd = _round(match, number)
    form = VersionForm()
    if not form.validate():
        return _panel(match, rnd, token, True, 422, form_errors=form.errors)
    return _attempt(match, rnd, token, lambda: change(rnd, form.version.data),
                    lambda: done(match, rnd))


@bp.post("/match/<token>/round/<int:number>/undo")
def undo(token: str, number: int):
    return _versioned(token, number, service.undo, lambda match, rnd: _done(
        match, rnd, token, message=_("The last entry was taken back.")))


@bp.post("/match/<token>/round/<int:number>/confirm")
def confirm(token: str, number: int):
    return _versioned(token, number, service.confirm, lambda match, rnd: redirect(
        url_for("matches.show", token=token), code=303))


def tally_boxes(rules: Rules) -> dict[str, bool]:
    """The boxes of the tally form beyond cards, spades, aces and casinos: only what the
    variant scores (a dubbeltabbe only in Krypkasino)."""
    scored = rules.categories
    return {"sweeps": "sweeps" in scored, "double_sweeps": rules.reverse,
            "mulle": "mulle" in scored, "last_capture": "last_capture" in scored}


def _tally_field_error(form: TallyForm, error: TallyError) -> dict[str, list[str]]:
    """Put the engine's refusal at its field: one side's count, or the whole tally."""
    found = re.fullmatch(r"tallies\[(\d+)\]\.(\w+)", error.field)
    if found:
        side = form.sides.entries[int(found.group(1))].form
        field = side._fields.get(found.group(2))
        if field is not None:
            field.errors = [*field.errors, str(error)]
            return {}
    return {"tally": [str(error)]}


@bp.post("/match/<token>/round/<int:number>/tally")
def tally(token: str, number: int):
    match = editable_match(token)
    rnd = _round(match, number)
    if not rnd.tally_only:
        abort(409, _("This round is recorded play by play."))
    rules = service.rules_of(match)
    sides = len(service.side_names(match))
    form = tally_form(rules.packs)()
    while len(form.sides.entries) < sides:
        form.sides.append_entry()
    if not form.validate():
        return _panel(match, rnd, token, True, 422, form_errors=form.errors, tally_form=form)
    entries = form.sides.entries[:sides]
    per_mulle = rules.variant.mulle_points if rules.variant.mulle is MulleScoring.FIVE else 1
    limits = tally_limits(rules, len(match.players), rnd.dealer)
    # a box the page does not show (the variant does not score it) counts for nothing
    shown = tally_boxes(rules)
    tallies = [
        Tally(e.cards.data, e.spades.data, tuple(aces_of(e.aces.data or [])),
              e.big_casino.data or 0, e.little_casino.data or 0,
              (e.sweeps.data or 0) if shown["sweeps"] else 0,
              shown["last_capture"] and bool(e.last_capture.data),
              per_mulle * (e.mulle.data or 0) if shown["mulle"] else 0,
              double_sweeps=(e.double_sweeps.data or 0) if shown["double_sweeps"] else 0)
        for e in (entry.form for entry in entries)
    ]
    try:
        validate_tallies(tallies, rules.packs, limits)
    except TallyError as error:
        return _panel(match, rnd, token, True, 422, tally_form=form,
                      form_errors=_tally_field_error(form, error))
    return _attempt(match, rnd, token,
                    lambda: service.record_tally(rnd, form.version.data, tallies),
                    lambda: _done(match, rnd, token))
