"""Round pages. Each answer is the round panel; htmx swaps it in place of the old one.

A play is two taps: the card (a GET that keeps the choice in the address), then one of
the plays the referee offers for it (a POST). Every view replays the round once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, cast
from urllib.parse import urlencode

from flask import abort, flash, get_flashed_messages, redirect, request, url_for
from flask_babel import gettext as _
from werkzeug.datastructures import MultiDict

from .. import service
from ..models import MatchData, RoundData
from ..polling import conditional, poll_tag, round_version, round_version_of
from ..rules.capture import Split, capture_split
from ..rules.cards import Card
from ..rules.events import Event as EngineEvent
from ..rules.events import FirstTable, Overruled, Played, Undone
from ..rules.partition import TooComplex
from ..rules.round import RoundError, RoundState, tally_limits
from ..rules.scoring import TallyError
from ..rules.table import Item
from ..rules.turn import Action, Play, Verdict, judge, legal_plays
from ..rules.variants import MulleScoring
from ..web import Access, may_edit, render, round_access, wants_fragment
from ..words import (
    claim_text,
    detail_text,
    error_text,
    finding_text,
    hands_text,
    mulle_text,
    new_deal_text,
    records_text,
    sweep_text,
    taken_back_text,
    verdict_text,
    whereabouts_text,
)
from . import bp
from .forms import (
    OverruleForm,
    PickForm,
    PlayForm,
    TableForm,
    TallyForm,
    VersionForm,
    ace_boxes,
    filled_tally_form,
    tally_form,
)

# How many plays besides the trail are shown for a card before the rest fold away under
# "more": as many as fit a 360×740 screen (static/app.css) with a verdict of three lines,
# under a felt of up to two rows; each row more takes one offer's room. In CSS pixels:
OFFERS_PX = 250  # the room for offers, between the card's row and "more"/"Another claim…"
OFFER_PX = 47  # an offer of one line, with its gap
LINE_PX = 19  # each line more of an offer's words
LINE_CHARS = 27  # the characters of a line of an offer, cards and all
FELT_ROW_PX = 43  # a row of the felt, beyond the second
FELT_SLOTS = 7  # loose cards on a row of the felt
BUILD_SLOTS = 3  # a build's room on the felt, in loose cards
# the latest plays listed on the round page (the whole list on its own page)
HISTORY = 8


def _round(match: MatchData, number: int) -> RoundData:
    rnd = next((r for r in match.rounds if r.number == number), None)
    if rnd is None:
        abort(404, _("This match has no round %(n)d.", n=number))
    return rnd


@bp.get("/match/<token>/round/<int:number>")
@conditional(round_version)
def show(token: str, number: int):
    who = round_access(token, number)
    rnd = _round(who.match, number)
    extra: dict[str, Any] = {}
    flashed = cast(list[str], get_flashed_messages())
    if flashed:
        extra["message"] = flashed[-1]
    if not request.args:  # a plain view (and every poll): nothing picked
        return _panel(who, rnd, **extra)
    pick = PickForm(request.args)
    if not pick.validate():
        if any(pick[name].errors for name in ("card", "add", "table")):
            extra["message"] = _("That card is not in the pack: pick it again.")
        else:  # an address edited by hand (?plays=abc): the round as it is
            extra["message"] = _("This page's address asks for something it does not "
                                 "show: here is the round as it is now.")
        return _panel(who, rnd, 422, **extra)
    if pick.v.data is not None and pick.v.data != rnd.version:  # picked before a change
        extra["message"] = _("The table changed meanwhile. This is the current state: "
                             "pick again.")
        return _panel(who, rnd, **extra)
    return _panel(who, rnd, pick=pick,
                  plays=None if pick.plays.data == "all" else HISTORY, **extra)


@bp.get("/match/<token>/round/<int:number>/"
        "<any(table, play, overrule, undo, confirm, tally, mode):what>")
def reopen(token: str, number: int, what: str):
    """A reloaded or restored form address: back to the round page."""
    return redirect(url_for("rounds.show", token=token, number=number), code=303)


def _panel(who: Access[Any], rnd: RoundData, status: int = 200,
           game: RoundState | None = None, pick: PickForm | None = None,
           plays: int | None = HISTORY, card: Card | None = None, **extra: Any):
    template = "rounds/tally.html" if rnd.tally_only else "rounds/play.html"
    context = panel_context(who, rnd, game, pick, plays, card)
    context.update(extra)
    response = render(template, "panel", status, **context)
    if wants_fragment():  # the address bar says what the panel shows: a reload shows it too
        response.headers["HX-Replace-Url"] = _address(context, plays)
    return response


def _address(context: dict[str, Any], plays: int | None) -> str:
    """The round page's address for what its panel shows: the card picked (with its
    plays), the first table cards chosen so far (either with the round's version, so that
    the address reopened after a change shows no stale pick), every play of the history;
    each written from what was validated and shown, never copied from the request."""
    shown: dict[str, str] = {}
    if context.get("card") is not None:
        shown["card"] = context["card"].code
    if context.get("chosen"):
        shown["table"] = " ".join(card.code for card in context["chosen"])
    if shown:
        shown["v"] = str(context["rnd"].version)
    if plays is None:
        shown["plays"] = "all"
    return f"{context['here']}?{urlencode(shown)}" if shown else context["here"]


def panel_context(who: Access[Any], rnd: RoundData, game: RoundState | None = None,
                  pick: PickForm | None = None, plays: int | None = HISTORY,
                  card: Card | None = None) -> dict[str, Any]:
    """Everything the round panel shows, from one replay of the round (``game`` when the
    request already has it); the history lists the latest ``plays`` (None: all). A card
    picked (``pick``, or ``card`` when a claim of it comes back) shows with its plays."""
    match, token, can_edit = who.match, who.token, who.can_edit
    rules = service.rules_of(match)
    names = match.names
    side_names = service.side_names(match)
    context: dict[str, Any] = {
        "match": match, "rnd": rnd, "token": token, "can_edit": can_edit, "rules": rules,
        "who": who, "seat": who.seat,
        "names": names, "side_names": side_names, "refused": None,
        "message": None, "form_errors": {}, "choices": [], "card": None, "chosen": [],
        "redo": None,
        "live": rnd.open and not match.finished,
        # a confirmed round: the match's last may be reopened (an undo of the confirmation)
        "reopenable": can_edit and not rnd.open and service.reopen_refused(rnd) is None,
        "here": url_for("rounds.show", token=token, number=rnd.number),  # the round's page
    }
    if context["live"]:
        context["poll_tag"] = poll_tag(round_version_of(rnd, who.role, who.seat))
    game = game or service.game_of(rnd)
    context["undoable"] = game.logged > 0 and service.seat_may_undo(game, who.seat)
    # a round may switch to the other way while nothing is in force in it: started the
    # wrong way, or all of it taken back (its log is read only when no play is in force)
    context["switchable"] = (can_edit and rnd.open and game.logged == 0
                             and service.may_switch_mode(rnd))
    result = service.round_result(rnd, game)
    if result is not None:
        score, outcome, tallies = result
        context.update(score=score, outcome=outcome, tallies=tallies)
    if rnd.tally_only:
        limits = tally_limits(rules, len(match.players), rnd.dealer)
        context["ace_boxes"] = ace_boxes(rules.packs, limits.aces_of_spades_only)
        context["sweep_limits"] = limits.sweeps
        context["boxes"] = service.tally_boxes(rules)
        context["tally_order"] = service.tally_order(rules)
        if result is None and can_edit and rnd.open and game.logged == 0:
            back = service.tally_taken_back(rnd)  # "Change the tally": its counts to correct
            if back is not None:
                context["tally_form"] = filled_tally_form(rules.packs, back)
        return context
    going = can_edit and game.started and not game.over and rnd.open
    playing = going and service.seat_may_play(game, who.seat)
    freeze = rules.variant.sweep_freeze
    # a sweep is said where it scores (Krypkasino: where it costs): never in Casino, in
    # Royal Casino with its house rule (RULES §5)
    sweeps_said = "sweeps" in rules.categories
    context.update(
        game=game, table=list(game.table), playing=playing, sweeps_said=sweeps_said,
        your_turn=going and who.seat is not None and playing,
        counters=list(zip(side_names, game.pile_counts(), strict=True)),
        penalties=game.penalties_so_far(), match_now=game.match_now(),
        # a short deal (the last, mostly): how many cards each gets, for the dealer
        hands=hands_text(short, names) if (short := game.short_hands()) else None,
        # the last deal's hands are played out: the dealer deals again; before the first
        # table, the first deal (a Norwegian five's half deal of 2 is worth saying)
        new_deal=(new_deal_text(1, names[rnd.dealer], game.each_of(1)) if not game.started
                  else new_deal_text(game.deal, names[rnd.dealer], each)
                  if (each := game.to_deal()) is not None else None),
        turn_name=names[game.turn] if game.turn is not None else None,
        history=(history := records_text(
            reversed(game.records[-plays:] if plays else game.records), rules)),
        mulles={r.index for r, _text in history if game.mulle_of(r)}
        if rules.variant.mulle is not MulleScoring.NONE else set(),
        findings=[(f, *finding_text(f, names)) for f in game.findings],
        last=game.records[-1] if game.records else None,
        last_sweep=_last_sweep(game, side_names) if sweeps_said else None,
        # Mulle: the mulle the last play made, and the plays of the history that made one
        last_mulle=(mulle_text(points) if game.records
                    and (points := game.mulle_of(game.records[-1])) else None),
        unscored=[_("%(side)s, play %(n)d: %(sweep)s", side=side_names[side],
                    n=w.play + 1, sweep=sweep_text(w, freeze))
                  for side, w in game.unscored_sweeps()],
        leftover=game.leftover, last_capturer=game.last_capturer,
        # the plays that were a dubbeltabbe (Krypkasino), named so in the history
        doubles={s.play for made in game.sweeps for s in made if s.double},
        HISTORY=HISTORY,
    )
    if pick is not None and can_edit and rnd.open and not game.started:
        _pick_table(context, game, pick)
    elif pick is not None and pick.card.data:
        card = pick.card.card
    if card is not None and playing:
        _pick_card(context, game, card)
    return context


def _last_sweep(game: RoundState, side_names: Sequence[str]) -> str | None:
    """What the verdict says of the last play's sweep, if it made one (in Krypkasino,
    whom it costs what)."""
    if not game.records:
        return None
    last = game.records[-1]
    sweep = game.sweep_of(last)
    if sweep is None:
        return None
    return sweep_text(sweep, game.rules.variant.sweep_freeze,
                      game.sweep_penalty(last.player, sweep), side_names)


def _pick_table(context: dict[str, Any], game: RoundState, pick: PickForm) -> None:
    """The first table cards chosen so far; a card tapped more often than the packs hold
    it is refused with a message."""
    cards = pick.table_cards()
    if pick.add.data and cards.count(pick.add.card) > game.rules.packs:
        cards.pop()
        context["message"] = (
            _("%(card)s is already among the table cards.", card=pick.add.card.symbol)
            if game.rules.packs == 1 else
            _("Both %(card)s of the two packs are already among the table cards.",
              card=pick.add.card.symbol))
    context["chosen"] = cards[: game.table_size]


def _pick_card(context: dict[str, Any], game: RoundState, card: Card) -> None:
    """The card about to be played, and what the referee offers it on this table: the
    trail on its own (one tap, always on screen), the rest best first, as many as fit."""
    where = game.whereabouts(card)
    if where is not None and game.seen[card] >= game.rules.packs:
        context["message"] = whereabouts_text(where, context["names"], context["side_names"],
                                              game.rules.packs)
        return
    choices = _choices(game, card)
    context["card"] = card
    context["trail"] = next((c for c in choices if c[0].action is Action.TRAIL), None)
    context["choices"] = [c for c in choices if c[0].action is not Action.TRAIL]
    context["shown"] = shown_choices(game.table, [text for _play, text in context["choices"]])
    if not choices:  # nothing is legal (a build left unbacked earlier, say): why, at once,
        # and the trail for the table to record anyway (a claim refused says its own)
        trail = Play(card, Action.TRAIL)
        verdict = judge(game.spot(), trail, budget=game.budget)
        if not verdict.legal:
            context["refused"] = _refused(context["names"], game, trail, verdict, stuck=True)


def shown_choices(table: Sequence[Item], texts: Sequence[str]) -> int:
    """How many of the offers (``texts``, best first) fit on the screen under this table:
    at least one; the rest fold away under "more"."""
    slots = sum(1 if isinstance(item, Card) else BUILD_SLOTS for item in table)
    rows = -(-slots // FELT_SLOTS)
    room = OFFERS_PX - FELT_ROW_PX * max(0, rows - 2)
    shown = 0
    for text in texts:
        room -= OFFER_PX + LINE_PX * ((len(text) - 1) // LINE_CHARS)
        if room < 0:
            break
        shown += 1
    return max(1, shown)


def _choices(game: RoundState, card: Card) -> list[tuple[Play, str]]:
    """The card's legal plays, best first, each with its words (a capture in the groups
    the referee splits it into, with the value the card takes them as)."""
    plays = legal_plays(game.spot(), card, game.budget)  # within the budget, never raises
    return [(play, _offer_text(game, play, _capture_split(game, play))) for play in plays]


def _offer_text(game: RoundState, play: Play, split: Split) -> str:
    """An offer's words; a capture that makes a mulle says so, with its points."""
    items = [game.table[i] for i in play.refs]
    said = claim_text(play, items, game.rules, value=split.value, groups=split.groups)
    mulle = game.rules.mulle_value(play.card, items) if play.action is Action.CAPTURE else 0
    return f"{said} · {mulle_text(mulle)}" if mulle else said


def _capture_split(game: RoundState, play: Play) -> Split:
    """How the referee splits a capture; nothing for any other play, or a split beyond
    the request's budget (the items are then worded as they lie)."""
    if play.action is not Action.CAPTURE:
        return Split(None, ())
    return capture_split(game.rules, play.card, game.table, play.refs, game.budget)


def _stale(who: Access[Any], rnd: RoundData, **kept: Any):
    return _panel(who, rnd, 409, message=_(
        "The table changed: another phone recorded something first. This is the current "
        "state; nothing of yours was recorded."), **kept)


def _attempt(who: Access[Any], rnd: RoundData, change: Callable[[], Any],
             done: Callable[[Any], Any], tally: TallyForm | None = None,
             pick: PickForm | None = None, again: tuple[int, EngineEvent] | None = None,
             done_again: Callable[[], Any] | None = None):
    """Run a change to the round: the one place a stale page, a closed round, a round
    kept the other way (play by play, or by tallies), another seat's play, a tally that
    cannot be or a position the engine refuses outright turns into the current panel and
    a message (a tally's at its box, with the counts as typed; the first table's cards
    still picked). ``again``: the version the change was sent from and the event it
    makes; a stale page whose one change since is that event was a second tap, answered
    by ``done_again`` (else as done, with the round as it is)."""
    kept: dict[str, Any] = {"tally_form": tally} if tally is not None else {}
    if pick is not None:
        kept["pick"] = pick
    try:
        changed = change()
    except service.StaleRound:
        if again is not None and service.repeats(rnd, *again):
            return done_again() if done_again is not None else _done(who, rnd)
        return _stale(who, rnd, **kept)
    except (service.RoundClosed, service.WrongMode) as closed:
        return _panel(who, rnd, 409, message=str(closed), **kept)
    except service.OtherSeat as other:
        return _panel(who, rnd, 403, message=str(other), **kept)
    except TallyError as error:
        errors: dict[str, list[str]] = {}
        for problem in (error, *error.also):  # every count that cannot be, each at its box
            placed = (tally.place_error(problem.field, error_text(problem)) if tally is not None
                      else {"tally": [error_text(problem)]})
            for key, messages in placed.items():
                errors.setdefault(key, []).extend(messages)
        return _panel(who, rnd, 422, form_errors=errors, **kept)
    except RoundError as error:
        return _panel(who, rnd, 422, message=error_text(error), **kept)
    except TooComplex:
        return _panel(who, rnd, 422, message=_(
            "This position is far larger than any real game."), **kept)
    return done(changed)


def _changing(token: str, number: int) -> tuple[Access[Any], RoundData]:
    who = may_edit(round_access(token, number))
    return who, _round(who.match, number)


@bp.post("/match/<token>/round/<int:number>/table")
def table(token: str, number: int):
    who, rnd = _changing(token, number)
    form = TableForm()
    if not form.validate():
        return _panel(who, rnd, 422, form_errors=form.errors)
    # refused (too few cards, say), the cards stay picked: one to put right, not all again
    picked = PickForm(formdata=MultiDict({"table": form.table.data}))  # codes checked above
    return _attempt(who, rnd,
                    lambda: service.record_table(rnd, form.version.data, form.cards()),
                    lambda game: _done(who, rnd, game), pick=picked,
                    again=(form.version.data, FirstTable(tuple(form.cards()))))


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
    who, rnd = _changing(token, number)
    form = OverruleForm() if overrule else PlayForm()
    if not form.validate():  # a claim still to complete keeps its card and its plays
        card = form.card.card if not form.card.errors and form.card.data else None
        return _panel(who, rnd, 422, form_errors=form.errors, card=card)
    reason = (form.reason.data or "").strip() if isinstance(form, OverruleForm) else ""
    claimed = _play_from(form)
    version = form.version.data
    seat = who.seat

    def change() -> service.Outcome | RoundState:
        if overrule and reason:
            return service.record_overrule(rnd, version, claimed, reason, seat)
        if overrule:
            return service.judge_play(rnd, claimed, seat)
        return service.record_play(rnd, version, claimed, seat)

    def done(changed: service.Outcome | RoundState):
        if isinstance(changed, RoundState):  # the verdict shows the table's reason
            return _done(who, rnd, changed)
        if changed.recorded:
            return _done(who, rnd, changed.game)
        errors = {"reason": [_("Say why the table overrules the referee.")]} if overrule else {}
        return _refusal(who, rnd, changed.game, claimed, changed.verdict, errors)

    event = Overruled(claimed, reason) if overrule else Played(claimed)
    return _attempt(who, rnd, change, done, again=(version, event))


def _refusal(who: Access[Any], rnd: RoundData, game: RoundState, claimed: Play,
             verdict: Verdict, errors: dict[str, list[str]]):
    """A claim the referee refuses (or an overrule without its reason): the verdict with
    its rule, what the card can do instead, and the table's overrule."""
    refused = _refused(who.match.names, game, claimed, verdict)
    return _panel(who, rnd, 422, game, refused=refused, form_errors=errors, card=claimed.card)


def _refused(names: Sequence[str], game: RoundState, claimed: Play, verdict: Verdict,
             stuck: bool = False) -> dict[str, Any]:
    """A refusal as the verdict shows it, with the play the table may record anyway.
    ``stuck``: the card has no legal play at all, and this is the trail's refusal."""
    items = [game.table[i] for i in claimed.refs if i < len(game.table)]
    return {
        "play": claimed,
        "text": claim_text(claimed, items, game.rules),
        "legal": verdict.legal,
        "lead": verdict_text(verdict, names),
        "detail": detail_text(verdict, names),
        "stuck": stuck,
    }


def _done(who: Access[Any], rnd: RoundData, game: RoundState | None = None,
          message: str | None = None, redo: Redo | None = None):
    """A change went through: htmx gets the new panel; a plain form is redirected to the
    round page (so a reload does not send it again), a message carried in a flash.
    ``redo``: a play just taken back, offered again at one tap beside the message."""
    if wants_fragment():
        return _panel(who, rnd, game=game, message=message, redo=redo)
    if message:
        flash(message)
    return redirect(url_for("rounds.show", token=who.token, number=rnd.number), code=303)


def _versioned(token: str, number: int, change: Callable[[Access[Any], RoundData, int], Any],
               done: Callable[[Access[Any], RoundData, Any], Any],
               event: EngineEvent | None = None, message: str | None = None):
    """A change that the round's version is all the form of (``done`` also gets what the
    change returned). ``event``: what the change logs, so a second tap of it is answered
    as done, with ``message``."""
    who, rnd = _changing(token, number)
    form = VersionForm()
    if not form.validate():
        return _panel(who, rnd, 422, form_errors=form.errors)
    return _attempt(who, rnd, lambda: change(who, rnd, form.version.data),
                    lambda changed: done(who, rnd, changed),
                    again=(form.version.data, event) if event is not None else None,
                    done_again=lambda: _done(who, rnd, message=message))


@bp.post("/match/<token>/round/<int:number>/undo")
def undo(token: str, number: int):
    return _versioned(token, number,
                      lambda who, rnd, version: service.undo(rnd, version, who.seat),
                      lambda who, rnd, taken: _done(who, rnd, message=taken_back_text(
                          taken.event, taken.record, who.match.names,
                          service.rules_of(who.match)), redo=_redo(taken, who)),
                      Undone(), taken_back_text(Undone(), None, ()))


@dataclass(frozen=True)
class Redo:
    """A play an undo just took back, offered again: its words, and the table's reason
    when the table had overruled the referee for it."""

    play: Play
    text: str
    reason: str | None = None


def _redo(taken: service.TakenBack, who: Access[Any]) -> Redo | None:
    """A finger that slipped on Undo records the play again at one tap, as a new play: a
    play judged again, an overruled one recorded again with the table's reason. Not the
    first table cards or the tallies."""
    if taken.record is None:
        return None
    text = records_text([taken.record], service.rules_of(who.match))[0][1]
    if isinstance(taken.event, Played):
        return Redo(taken.event.play, text)
    if isinstance(taken.event, Overruled):
        return Redo(taken.event.play, text, taken.event.reason)
    return None


@bp.post("/match/<token>/round/<int:number>/mode")
def mode(token: str, number: int):
    """A round with nothing in force (started the wrong way, or all of it taken back):
    the other way."""
    return _versioned(token, number,
                      lambda _who, rnd, version: service.switch_mode(rnd, version),
                      lambda who, rnd, _mode: _done(who, rnd, message=(
                          _("This round is counted by its tallies.") if rnd.tally_only else
                          _("This round is recorded play by play."))))


@bp.post("/match/<token>/round/<int:number>/confirm")
def confirm(token: str, number: int):
    return _versioned(token, number, lambda _who, rnd, version: service.confirm(rnd, version),
                      lambda _who, _rnd, _result: redirect(
        url_for("matches.show", token=token), code=303))


@bp.post("/match/<token>/round/<int:number>/tally")
def tally(token: str, number: int):
    who, rnd = _changing(token, number)
    form = tally_form(service.rules_of(who.match).packs)(
        side_count=len(service.side_names(who.match)))
    if not form.validate():
        return _panel(who, rnd, 422, form_errors=form.errors, tally_form=form)
    return _attempt(who, rnd, lambda: service.record_tally(rnd, form.version.data, form.counts()),
                    lambda _changed: _done(who, rnd), tally=form)
