"""Matches and rounds over the event log: the only place that writes events.

Every change to a round runs through :func:`_append` or :func:`undo`, which bump
the round's version with a conditional UPDATE: of two phones sending the same
turn, exactly one wins and the other gets :class:`StaleRound`.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import json
from collections.abc import Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from flask import current_app
from flask_babel import gettext as _
from sqlalchemy import Insert, Update, bindparam, insert, select, update
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm.attributes import set_committed_value

from . import driver, matchfile
from . import rules as rules_package
from .database import without_waiting
from .driver import autocommits
from .extensions import Model, db, statements_are_round_trips
from .matchfile import DocumentError, MatchDocument, RoundDocument
from .models import (
    Event,
    Link,
    LinkRole,
    Match,
    MatchData,
    Player,
    RoundData,
    RoundMode,
    RoundRow,
    RoundStatus,
)
from .reads import RoundRead
from .rules.cards import Card
from .rules.events import (
    Confirmed,
    FirstTable,
    Overruled,
    Played,
    Switched,
    TallyEntered,
    Undone,
    event_from_json,
    in_force,
    taken_back,
)
from .rules.events import Event as EngineEvent
from .rules.partition import TooComplex
from .rules.round import PlayRecord, RoundError, RoundState, sides_of, tally_limits
from .rules.scoring import (
    MatchResult,
    RoundResult,
    RoundScore,
    Tally,
    TallyError,
    validate_tallies,
)
from .rules.turn import IllegalPlay, Play, Verdict
from .rules.variants import MulleScoring, OptionError, Rules, get_rules
from .words import SideName, claim_text, error_text, verdict_text
from .words import side_names as names_of_sides


class StaleRound(Exception):
    """The round changed since the page was loaded (another phone was quicker)."""


class RoundClosed(Exception):
    """The round is confirmed, or the match is over: nothing more is recorded."""


class OtherSeat(Exception):
    """A seat's phone tried to record, or take back, another player's play."""


class WrongMode(Exception):
    """A play sent to a round counted by tallies, or a tally to a round played play by play."""


def _check_mode(rnd: RoundData, mode: RoundMode) -> None:
    """The round is recorded the way the change needs (play by play, or by tallies)."""
    if rnd.mode is mode:
        return
    if rnd.tally_only:
        raise WrongMode(_("This round is counted by tallies: enter each side's counts."))
    raise WrongMode(_("This round is recorded play by play."))


def seat_may_play(game: RoundState, seat: int | None) -> bool:
    """A seat's phone records its own player's plays only (None: the players' link)."""
    return seat is None or game.turn == seat


def seat_may_undo(game: RoundState, seat: int | None) -> bool:
    """A seat's phone takes back its own player's last play only, or the first table
    before anyone has played (None: the players' link, which takes back anything)."""
    return seat is None or not game.records or game.records[-1].player == seat


def _check_seat(rnd: RoundData, game: RoundState, seat: int | None) -> None:
    if not seat_may_play(game, seat):
        names = rnd.match.names
        turn = names[game.turn] if game.turn is not None else "—"
        raise OtherSeat(_("Not this phone's turn: %(turn)s plays now, and this phone "
                          "records only the plays of %(seat)s.",
                          turn=turn, seat=names[seat] if seat is not None else "—"))


@dataclass
class _Import:
    """An import under way (:func:`import_match`): every change is sent to the database
    (flushed) but not committed, as the whole import is one transaction; each round's state
    after its latest event is kept here (round id: version, state) instead of a snapshot
    frozen and thawed each time, and its log grows here, written in one INSERT at the end."""

    states: dict[int, tuple[int, RoundState]] = field(default_factory=dict)
    logs: dict[int, list[EngineEvent]] = field(default_factory=dict)


_IMPORTING: ContextVar[_Import | None] = ContextVar("importing", default=None)


def log_of(rnd: RoundData) -> list[EngineEvent]:
    """The round's log: as stored, or within an import as it has grown so far."""
    importing = _IMPORTING.get()
    if importing is not None:
        return importing.logs.setdefault(rnd.id, [])
    return rnd.log


def _commit() -> None:
    """Commit a change, or within :func:`import_match` only send it."""
    if _IMPORTING.get() is not None:
        db.session.flush()
    else:
        db.session.commit()


def rules_of(match: MatchData) -> Rules:
    return get_rules(match.variant, match.options)


def side_names(match: MatchData) -> list[SideName]:
    """The match's sides by their players' names (a partnership's sentences agree with it)."""
    return names_of_sides(sides_of(rules_of(match), len(match.players)), match.names)


def create_match(variant: str, options: dict[str, Any], names: Sequence[str],
                 first_dealer: int = 0, rematch_of: Match | None = None) -> Match:
    rules = get_rules(variant, options)
    sides_of(rules, len(names))  # raises OptionError for impossible seatings
    match = Match(variant=variant, options=dict(options), first_dealer=first_dealer,
                  rematch_of_id=rematch_of.id if rematch_of else None)
    match.players = [Player(seat=i, name=name) for i, name in enumerate(names)]
    match.links = [Link.new(LinkRole.EDIT), Link.new(LinkRole.WATCH),
                   *(Link.new(LinkRole.SEAT, seat) for seat in range(len(names)))]
    db.session.add(match)
    _commit()
    return match


def replace_seat_link(match: Match, seat: int) -> Link:
    """A new link for a seat; the old one stops working (a phone holding it is told so)."""
    if not 0 <= seat < len(match.players):
        raise ValueError(seat)
    match.link(LinkRole.SEAT, seat).revoked = True
    fresh = Link.new(LinkRole.SEAT, seat)
    match.links.append(fresh)
    db.session.commit()
    return fresh


def rematch_of(match: Match) -> Match | None:
    """The rematch of ``match``, once a phone has started it."""
    return db.session.scalar(select(Match).where(Match.rematch_of_id == match.id))


def rematch(match: Match) -> Match:
    """The same table again, the deal passing on as if the match went on: one rematch per
    match, so a second phone tapping "Rematch", even at the same moment, gets the first's."""
    existing = rematch_of(match)
    if existing is not None:
        return existing
    dealer = (match.first_dealer + len(match.rounds)) % len(match.players)
    try:
        return create_match(match.variant, match.options, match.names, dealer, match)
    except IntegrityError:  # another phone's rematch came first
        db.session.rollback()
        existing = rematch_of(match)
        if existing is None:
            raise
        return existing


def dealer_of(match: MatchData, number: int) -> int:
    return (match.first_dealer + number - 1) % len(match.players)


def confirmed(match: MatchData) -> list[RoundData]:
    return [r for r in match.rounds if r.status is RoundStatus.CONFIRMED]


def _results_before(match: MatchData, number: int) -> list[RoundResult]:
    return [result for r in confirmed(match)
            if r.number < number and (result := r.result) is not None]


def scores_before(match: MatchData, number: int) -> list[int]:
    sides = len(sides_of(rules_of(match), len(match.players)))
    scores = [0] * sides
    for result in _results_before(match, number):
        scores = [a + b for a, b in zip(scores, result.totals, strict=True)]
    return scores


def carry_before(match: MatchData, number: int) -> dict[str, int]:
    earlier = _results_before(match, number)
    return dict(earlier[-1].carry) if earlier else {}


def current_round(match: Match) -> RoundRow | None:
    return next((r for r in match.rounds if r.status is RoundStatus.OPEN), None)


def start_round(match: Match, mode: RoundMode) -> RoundRow:
    """The open round, or a new one. Two phones starting one at once get the same round."""
    if match.finished:
        raise RoundClosed(_("The match is over."))
    open_round = current_round(match)
    if open_round is not None:
        return open_round
    number = len(match.rounds) + 1
    rnd = RoundRow(match=match, number=number, dealer=dealer_of(match, number), mode=mode)
    db.session.add(rnd)
    try:
        _commit()
    except IntegrityError:  # another phone created round `number` first
        db.session.rollback()
        db.session.refresh(match)
        existing = next((r for r in match.rounds if r.number == number), None)
        if existing is None:
            raise
        return existing
    return rnd


# -- replay -------------------------------------------------------------------------

@functools.cache
def engine_stamp() -> str:
    """Names the engine's code: a snapshot made by other code is never thawed."""
    digest = hashlib.sha256()
    for path in sorted(Path(rules_package.__file__).parent.glob("*.py")):
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def _snapshot_key() -> bytes:
    """The key that seals snapshots: this site's secret key, for this use only."""
    return _sealing_key(str(current_app.config["SECRET_KEY"]))


@functools.lru_cache(maxsize=8)
def _sealing_key(secret: str) -> bytes:
    """Worked out once per secret key (a play thaws and freezes a snapshot)."""
    return hmac.new(secret.encode(), b"kasino-referee round snapshot", hashlib.sha256).digest()


def freeze(game: RoundState) -> bytes:
    """The round's state as a snapshot, sealed with the site's key: only this site's own
    snapshots are ever thawed (a row written by anyone else is read as no snapshot)."""
    blob = game.freeze(engine_stamp())
    return hmac.digest(_snapshot_key(), blob, "sha256") + blob


def thaw(snapshot: bytes, rules: Rules) -> RoundState | None:
    """The state a sealed snapshot holds, or None (not sealed by this site, or by other
    engine code): then the log is replayed."""
    seal, blob = snapshot[:_SEAL], snapshot[_SEAL:]
    expected = hmac.digest(_snapshot_key(), blob, "sha256")
    if len(snapshot) <= _SEAL or not hmac.compare_digest(seal, expected):
        return None
    return RoundState.thaw(blob, engine_stamp(), rules)


_SEAL = hashlib.sha256().digest_size


def game_of(rnd: RoundData) -> RoundState:
    """The round's state (once per request): its snapshot at the round's version, or
    else the engine replaying its events."""
    importing = _IMPORTING.get()
    kept = importing.states.get(rnd.id) if importing is not None else None
    if kept is not None and kept[0] == rnd.version:
        return kept[1]
    match = rnd.match
    rules = rules_of(match)
    if rnd.snapshot_version == rnd.version and rnd.snapshot is not None:
        game = thaw(rnd.snapshot, rules)
        if game is not None:
            return game
    game = replay(rnd)
    _keep(rnd, game)
    return game


def replay(rnd: RoundData, log: Sequence[EngineEvent] | None = None) -> RoundState:
    """The round's state from its whole log (what every snapshot must equal)."""
    match = rnd.match
    return RoundState.replay(rules_of(match), len(match.players), rnd.dealer,
                             scores_before(match, rnd.number), match.names,
                             log_of(rnd) if log is None else log)


def _keep(rnd: RoundData, game: RoundState) -> None:
    """Store a replayed open round as its snapshot, if the round is still at the version
    replayed; a reader that cannot write it at once (the database busy) leaves it for the
    next.
    An import keeps none: its rounds are read again once it is committed."""
    if not rnd.open or _IMPORTING.get() is not None:
        return
    snapshot = freeze(game)
    connection = driver.connection()
    try:
        with without_waiting(connection):  # a page never waits for the lock to write a cache
            kept = _update_round(connection, rnd, rnd.version, snapshot=snapshot,
                                 snapshot_version=rnd.version)
        if not autocommits(connection):
            db.session.commit()
    except OperationalError:
        db.session.rollback()
        return
    if kept.rowcount == 1:
        _written(rnd, {"snapshot": snapshot, "snapshot_version": rnd.version}, logged=False)


def _update_round(connection: driver.Connected, rnd: RoundData, at: int, /,
                  **values: Any) -> driver.Rows:
    """Set ``values`` on the round if it is still at version ``at`` (the caller reads the
    rowcount). The ORM's copy is left alone: the callers set what was written. Sent on
    the page's ``connection`` (:func:`referee.driver.connection`: a round page's own on
    PostgreSQL, else the session's, in its transaction), not through the session's own
    execute, which would look for ORM work in a plain statement."""
    return driver.execute(
        connection, _round_update(tuple(sorted(values))),
        {"round_id": rnd.id, "at": at, **{f"new_{k}": v for k, v in values.items()}})


@functools.cache
def _round_update(columns: tuple[str, ...]) -> Update:
    """The conditional UPDATE of these columns, built once with parameters for the round,
    its version and the new values: a play neither builds it again nor works out its
    cache key. A plain UPDATE of the table, not the ORM's (which would look for copies of
    the row to change)."""
    by_name = RoundRow.__mapper__.columns  # by attribute (``result_json`` is "result")
    return (
        update(RoundRow.metadata.tables["round"])
        .where(by_name.id == bindparam("round_id"), by_name.version == bindparam("at"))
        .values({by_name[name]: bindparam(f"new_{name}") for name in columns})
    )


# a plain INSERT into the log's table (not the ORM's bulk insert of Event objects)
_INSERT_EVENT = insert(Event.metadata.tables["event"])


@functools.cache
def _bump_and_log(columns: tuple[str, ...], ends_match: bool = False) -> Insert:
    """The conditional UPDATE of these columns and the INSERT of the event, as one
    statement (PostgreSQL: the UPDATE in a WITH, the INSERT taking the round's id from
    what it changed): it inserts one row if the round was still at its version, none
    if another phone was first. One round trip instead of two. With ``ends_match``, the
    match's UPDATE too (:data:`_FINISH`), made only if the round's was."""
    events = Event.metadata.tables["event"]
    by_name = RoundRow.__mapper__.columns
    bumped = _round_update(columns).returning(by_name.id, by_name.match_id).cte("bumped")
    fields = ("seq", "kind", "data", "created")  # a column default is not applied here
    statement = insert(events).from_select(
        ["round_id", *fields],
        select(bumped.c.id, *(bindparam(f"event_{name}", type_=events.c[name].type)
                              for name in fields)),
    ).execution_options(preserve_rowcount=True)  # an INSERT's count is not kept otherwise
    if ends_match:
        match = Match.__mapper__.columns
        statement = statement.add_cte(update(Match.metadata.tables["match"]).where(
            match.id == select(bumped.c.match_id).scalar_subquery()).values(
            finished=bindparam("finished"), winner_side=bindparam("winner")).cte("finished"))
    return statement


@dataclass(frozen=True)
class MatchOver:
    """A change that ends the match (the confirmation of its last round): won by side
    ``winner`` (None: nobody). With ``finished`` False it goes on again instead: its last
    round reopened (:func:`undo` of the confirmation)."""

    winner: int | None
    finished: bool = True


@dataclass(frozen=True)
class Outcome:
    """What a recorded (or refused) play comes to, and the round after it (replayed once
    for the whole request)."""

    recorded: bool
    verdict: Verdict
    game: RoundState


def _one_or_stale(written: driver.Rows) -> None:
    """The conditional write moved the round on (one row), or StaleRound.

    The conditional UPDATE is the lock: of two phones at the same version, one wins.
    """
    if written.rowcount != 1:
        db.session.rollback()
        raise StaleRound()


def _open(rnd: RoundData) -> None:
    if not rnd.open or rnd.match.finished:
        raise RoundClosed(_("This round is closed: it is confirmed, or the match is over."))


def _append(rnd: RoundData, version: int, event: EngineEvent, game: RoundState | None = None,
            over: MatchOver | None = None, reopening: bool = False, **values: Any) -> None:
    """Add one event if the round is still at ``version``; else StaleRound. ``game`` is
    the round with the event applied: kept as the snapshot of the new version (without
    it the next reader replays the log). ``over``: the change ends the match, written
    with it (one statement on PostgreSQL, one transaction on SQLite). ``reopening``: the
    change takes back the confirmation of a closed round (:func:`undo`)."""
    if not reopening:
        _open(rnd)
    importing = _IMPORTING.get()
    if importing is not None:
        if not isinstance(rnd, RoundRow):
            raise TypeError("an import records into the rounds it creates, the ORM's")
        _append_imported(rnd, version, event, game, importing, values)
        if over is not None:
            _finish(rnd.match, over)
        return
    snapshot = freeze(game) if game is not None else None
    changed = {"version": version + 1, "snapshot": snapshot,
               "snapshot_version": version + 1, **values}
    # every change is one event and one version: the event's number is the version it
    # changed (the log's unique (round, seq) guards it)
    row = Event.row(rnd.id, version, event)
    connection = driver.connection()
    if statements_are_round_trips():  # all in one
        ended = {"winner": over.winner, "finished": over.finished} if over is not None else {}
        _one_or_stale(driver.execute(connection, _bump_and_log(tuple(sorted(changed)),
                                                               bool(ended)), {
            "round_id": rnd.id, "at": version,
            **{f"new_{k}": v for k, v in changed.items()},
            **{f"event_{k}": v for k, v in row.items() if k != "round_id"},
            "event_created": datetime.now(UTC), **ended}))
    else:
        _one_or_stale(_update_round(connection, rnd, version, **changed))
        driver.execute(connection, _INSERT_EVENT, row)
        if over is not None:
            driver.execute(connection, _FINISH, {"match_id": rnd.match.id,
                                                 "winner": over.winner,
                                                 "finished": over.finished})
    _settled(connection, rnd, changed, logged=True)
    if over is not None:
        _finished(rnd.match, over)


def _settled(connection: driver.Connected, rnd: RoundData, values: dict[str, Any],
             logged: bool) -> None:
    """A change written on ``connection``: committed (unless PostgreSQL applied its
    statement whole already, statement by statement), and the round in memory as written
    (:func:`_written`)."""
    if not autocommits(connection):
        _commit()
    _written(rnd, values, logged)


def _written(rnd: RoundData, values: dict[str, Any], logged: bool) -> None:
    """The round in memory as written, without reading it back: what the UPDATE set, and
    (``logged``: an event was added) its log read again only if someone asks."""
    _kept(rnd, values)
    if not logged:
        return
    if isinstance(rnd, RoundRead):
        rnd.forget_log()
    else:
        db.session.expire(rnd, ["events"])


def _kept(row: MatchData | RoundData, values: dict[str, Any]) -> None:
    """A match or round in memory as a plain statement wrote ``values`` into its row: the
    ORM's object with them as loaded (nothing for it to write again), a plain read with
    them set."""
    orm = isinstance(row, Model)
    for key, value in values.items():
        if orm:
            set_committed_value(row, key, value)
        else:
            setattr(row, key, value)


def _append_imported(rnd: RoundRow, version: int, event: EngineEvent, game: RoundState | None,
                     importing: _Import, values: dict[str, Any]) -> None:
    """:func:`_append` within an import: the round is this transaction's alone (no other
    phone can see it before the commit), so it takes no lock; its version moves on and
    its log grows in memory, written with the rest of the match at the end, and the state
    after the event is kept in memory."""
    check_version(rnd, version)
    rnd.version = version + 1
    for key, value in values.items():
        setattr(rnd, key, value)
    log_of(rnd).append(event)
    if game is None:
        importing.states.pop(rnd.id, None)
    else:
        importing.states[rnd.id] = (version + 1, game)


def check_version(rnd: RoundData, version: int) -> None:
    if rnd.version != version:
        raise StaleRound()


def repeats(rnd: RoundData, version: int, event: EngineEvent) -> bool:
    """Whether a change sent from ``version``, now stale, is the very change the round
    made from it: the round is one change further on, by this event. A play tapped twice
    before the first answer came (the page drops that answer and waits for the second), or
    one undo from two phones: done once, as asked, not "another phone was first"."""
    if rnd.version != version + 1:
        return False
    logged = driver.execute(driver.connection(), _LOGGED,
                            {"round_id": rnd.id, "seq": version}).all()
    return bool(logged) and event_from_json(*logged[0]) == event


# the event a change made from a version (the log's unique (round, seq) finds it)
_LOGGED = select(Event.kind, Event.data).where(Event.round_id == bindparam("round_id"),
                                               Event.seq == bindparam("seq"))


def record_table(rnd: RoundData, version: int, cards: Sequence[Card]) -> RoundState:
    """Lay out the first table; the round after it."""
    _check_mode(rnd, RoundMode.PLAY)
    check_version(rnd, version)
    game = game_of(rnd)
    game.start(cards)  # raises for a wrong size or a duplicate
    _append(rnd, version, FirstTable(tuple(cards)), game)
    return game


def judge_play(rnd: RoundData, play: Play, seat: int | None = None) -> Outcome:
    """The referee's verdict on a play in the round as it stands, recording nothing."""
    _check_mode(rnd, RoundMode.PLAY)
    game = game_of(rnd)
    _check_seat(rnd, game, seat)
    try:
        return Outcome(False, game.verify_play(play), game)
    except IllegalPlay as illegal:
        return Outcome(False, illegal.verdict, game)


def record_play(rnd: RoundData, version: int, play: Play, seat: int | None = None) -> Outcome:
    """Judge the play once; record it if legal (and, from a seat's phone, that seat's
    turn). Engine errors propagate."""
    _check_mode(rnd, RoundMode.PLAY)
    check_version(rnd, version)
    game = game_of(rnd)
    _check_seat(rnd, game, seat)
    try:
        record = game.play(play)
    except IllegalPlay as illegal:
        return Outcome(False, illegal.verdict, game)
    _append(rnd, version, Played(play), game)
    return Outcome(True, record.verdict, game)


def record_overrule(rnd: RoundData, version: int, play: Play, reason: str,
                    seat: int | None = None) -> RoundState:
    """Record a play as the table ruled it, against the referee. Engine errors propagate
    (a card already seen, a table item that is not there)."""
    _check_mode(rnd, RoundMode.PLAY)
    check_version(rnd, version)
    game = game_of(rnd)
    _check_seat(rnd, game, seat)
    game.overrule(play, reason)
    _append(rnd, version, Overruled(play, reason), game)
    return game


@dataclass(frozen=True)
class TakenBack:
    """What an undo took back: the event, and the play's record when it was a play."""

    event: EngineEvent
    record: PlayRecord | None


def undo(rnd: RoundData, version: int, seat: int | None = None) -> TakenBack:
    """Take back the last event, as far back as the round's start (from a seat's phone,
    only that seat's own last play); what it was. The confirmation of the match's last
    round is taken back too (:func:`_reopen`)."""
    log = log_of(rnd)
    kept = in_force(log)
    if kept and isinstance(kept[-1], Confirmed):
        return _reopen(rnd, version, log, kept[-1])
    _open(rnd)
    check_version(rnd, version)
    if not kept:
        raise RoundClosed(_("There is nothing to undo: the round has just begun."))
    game = game_of(rnd)
    if seat is not None and not seat_may_undo(game, seat):
        names = rnd.match.names
        raise OtherSeat(_("The last play is by %(name)s: only their phone or the players' "
                          "link can take it back.", name=names[game.records[-1].player]))
    played = isinstance(kept[-1], Played | Overruled) and game.records
    taken = TakenBack(kept[-1], game.records[-1] if played else None)
    _append(rnd, version, Undone(), replay(rnd, [*log, Undone()]))
    return taken


def reopen_refused(rnd: RoundData) -> str | None:
    """Why the round's confirmation cannot be taken back (None: it can). Only the match's
    last round, while no rematch has started: the table's next round, or the next match,
    has been played from its result."""
    if rnd.open:
        return _("This round is not confirmed: there is nothing to reopen.")
    if rnd.number != len(rnd.match.rounds):
        return _("Only the last round can be reopened: round %(n)d has started since.",
                 n=len(rnd.match.rounds))
    if driver.execute(driver.connection(), _REMATCH, {"match_id": rnd.match.id}).all():
        return _("The rematch has started: this match's rounds stay as they are.")
    return None


_REMATCH = select(Match.id).where(Match.rematch_of_id == bindparam("match_id"))


def _reopen(rnd: RoundData, version: int, log: Sequence[EngineEvent],
            confirmation: EngineEvent) -> TakenBack:
    """:func:`undo` of the confirmation of the match's last round (``log`` its events, as
    the undo read them): the round is open again, out of the match's totals until it is
    confirmed again, and a match it ended goes on."""
    check_version(rnd, version)
    refused = reopen_refused(rnd)
    if refused is not None:
        raise RoundClosed(refused)
    _append(rnd, version, Undone(), replay(rnd, [*log, Undone()]),
            over=MatchOver(None, finished=False) if rnd.match.finished else None,
            reopening=True, status=RoundStatus.OPEN, result_json=None)
    return TakenBack(confirmation, None)


def may_switch_mode(rnd: RoundData) -> bool:
    """Nothing is in force in the round: nothing has been recorded in it yet, or all of
    it has been taken back."""
    return rnd.version == 0 or not in_force(log_of(rnd))


def switch_mode(rnd: RoundData, version: int) -> RoundMode:
    """Record the round the other way (play by play, or by its tallies) while nothing is
    in force in it: a phone started it the wrong way, or the table gave up recording it
    play by play and took it all back. The switch is an event of the log
    (:class:`~referee.rules.events.Switched`), which starts the round afresh; the new
    way."""
    _open(rnd)
    check_version(rnd, version)
    if not may_switch_mode(rnd):
        raise RoundClosed(_("Something is recorded in this round: take it back with Undo "
                            "first, then switch."))
    mode = rnd.mode.other
    _append(rnd, version, Switched(mode), mode=mode)
    return mode


# -- results --------------------------------------------------------------------------

def round_result(
    rnd: RoundData, game: RoundState | None = None
) -> tuple[RoundScore, MatchResult, list[Tally]] | None:
    """The points of a round that is over (or decided, or tallied), else None.

    ``game`` is the round already replayed, when the caller has it.
    """
    game = game or game_of(rnd)
    if not game.scorable:
        return None
    score, outcome = game.score(carry_before(rnd.match, rnd.number))
    return score, outcome, game.tallies()


def tally_boxes(rules: Rules) -> dict[str, bool]:
    """The counts a tally takes beyond cards, spades, aces and casinos: only what the
    variant scores (a dubbeltabbe only in Krypkasino)."""
    scored = rules.categories
    return {"sweeps": "sweeps" in scored, "double_sweeps": rules.reverse,
            "mulle": "mulle" in scored, "last_capture": "last_capture" in scored}


def tally_order(rules: Rules) -> tuple[str, str]:
    """The order in which a tally form asks for the aces and the casinos: the order the
    variant scores them in (Royal Casino counts the casinos before the aces: RULES §8)."""
    scored = rules.categories
    if ("aces" in scored and "big_casino" in scored
            and scored.index("big_casino") < scored.index("aces")):
        return ("casinos", "aces")
    return ("aces", "casinos")


@dataclass(frozen=True)
class SideCounts:
    """One side's counts as a tally form gives them (mulle: how many, or the points in
    Kortspelshandboken's Mulle)."""

    cards: int
    spades: int
    aces: tuple[Card, ...] = ()
    big_casino: int = 0
    little_casino: int = 0
    sweeps: int = 0
    last_capture: bool = False
    mulle: int = 0
    double_sweeps: int = 0


def _mulle_points(rules: Rules) -> int:
    """What one mulle of a tally form is worth (Kortspelshandboken's Mulle: the form gives
    the points themselves)."""
    return rules.variant.mulle_points if rules.variant.mulle is MulleScoring.FIVE else 1


def tallies_of(match: MatchData, rnd: RoundData, counts: Sequence[SideCounts]) -> list[Tally]:
    """The tallies of a round from each side's counts, checked against the seating
    (:class:`TallyError` names the count that cannot be). A count the variant does not
    score counts for nothing."""
    rules = rules_of(match)
    shown = tally_boxes(rules)
    per_mulle = _mulle_points(rules)
    tallies = [
        Tally(c.cards, c.spades, c.aces, c.big_casino, c.little_casino,
              c.sweeps if shown["sweeps"] else 0,
              shown["last_capture"] and c.last_capture,
              per_mulle * c.mulle if shown["mulle"] else 0,
              double_sweeps=c.double_sweeps if shown["double_sweeps"] else 0)
        for c in counts
    ]
    validate_tallies(tallies, rules.packs, tally_limits(rules, len(match.players), rnd.dealer))
    return tallies


def tally_taken_back(rnd: RoundData) -> list[SideCounts] | None:
    """The counts of the tally just taken back ("Change the tally"), to correct rather
    than type again; None unless the round's last event took a tally back."""
    undone = taken_back(log_of(rnd))
    if not isinstance(undone, TallyEntered):
        return None
    per_mulle = _mulle_points(rules_of(rnd.match))
    return [SideCounts(t.cards, t.spades, t.aces, t.big_casino, t.little_casino, t.sweeps,
                       t.last_capture, t.mulle // per_mulle, t.double_sweeps)
            for t in undone.tallies]


def record_tally(rnd: RoundData, version: int, counts: Sequence[SideCounts]) -> None:
    """Record the tallies of a round counted at the end, not played here; a count that
    cannot be raises :class:`TallyError`."""
    _check_mode(rnd, RoundMode.TALLY)
    check_version(rnd, version)
    if in_force(log_of(rnd)):
        raise RoundClosed(_("The tally is already entered; take it back to change it."))
    tallies = tallies_of(rnd.match, rnd, counts)
    _append(rnd, version, TallyEntered(tuple(tallies)))


def confirm(rnd: RoundData, version: int) -> MatchResult:
    """Write the round's result into the match; the match may end here."""
    check_version(rnd, version)
    found = round_result(rnd)
    if found is None:
        raise RoundClosed(_("The round is not over yet."))
    score, outcome, _tallies = found
    result = RoundResult.of(score, outcome)
    _append(rnd, version, Confirmed(),
            over=MatchOver(outcome.winner) if outcome.finished else None,
            status=RoundStatus.CONFIRMED, result_json=result.to_json())
    if isinstance(rnd, RoundRow) and _IMPORTING.get() is None:
        db.session.refresh(rnd)
    return outcome


# the match's end (or, its last round reopened, its going on again), a plain UPDATE of its
# row (not the ORM's, which would look for copies)
_FINISH = update(Match.metadata.tables["match"]).where(
    Match.__mapper__.columns.id == bindparam("match_id")).values(
    finished=bindparam("finished"), winner_side=bindparam("winner"))


def _finish(match: MatchData, over: MatchOver) -> None:
    """The match is over, won by side ``over.winner`` (None: nobody), or goes on again:
    written, and kept so in memory."""
    driver.execute(driver.connection(), _FINISH, {"match_id": match.id, "winner": over.winner,
                                                  "finished": over.finished})
    _finished(match, over)


def _finished(match: MatchData, over: MatchOver) -> None:
    """The match in memory as :data:`_FINISH` wrote it."""
    _kept(match, {"finished": over.finished, "winner_side": over.winner})


# -- a match from a file ---------------------------------------------------------------

def import_match(document: MatchDocument) -> Match:
    """A new match (with links of its own) from a match file: created, and every event of
    every round recorded through the functions above as if at the table, so the engine
    judges each play again. One transaction: the whole match, or (a
    :class:`~referee.matchfile.DocumentError` naming the first event refused) nothing."""
    importing = _Import()
    marker = _IMPORTING.set(importing)
    try:
        match = create_match(document.variant, dict(document.options), document.players,
                             document.first_dealer)
        for rnd in document.rounds:
            _import_round(match, rnd)
        rows = [Event.row(round_id, seq, event)
                for round_id, log in importing.logs.items() for seq, event in enumerate(log)]
        if rows:
            db.session.execute(insert(Event), rows)
        db.session.commit()
    except BaseException:
        db.session.rollback()
        raise
    finally:
        _IMPORTING.reset(marker)
    return match


def _import_round(match: Match, doc: RoundDocument) -> None:
    place = matchfile.where(doc.number)
    try:
        rnd = start_round(match, doc.first_mode)
    except RoundClosed as closed:
        raise DocumentError(f"{place}: {closed}") from None
    if rnd.dealer != doc.dealer:
        raise DocumentError(_("%(where)s: the dealer is %(seat)d (%(name)s), not %(given)d.",
                              where=place, seat=rnd.dealer, name=match.names[rnd.dealer],
                              given=doc.dealer))
    for index, event in enumerate(doc.events, start=1):
        try:
            problem = _import_event(match, rnd, event)
        except (RoundClosed, WrongMode, RoundError, TallyError, OptionError) as error:
            problem = error_text(error)
        except TooComplex:
            problem = _("this position is far larger than any real game")
        if problem is not None:
            raise DocumentError(f"{matchfile.where(doc.number, index, event.kind)}: {problem}")
    if rnd.status is not doc.status:
        if doc.status is RoundStatus.CONFIRMED:
            raise DocumentError(_("%(where)s: the file says it is confirmed, but its events "
                                  "do not confirm it.", where=place))
        raise DocumentError(_("%(where)s: the file says it is open, but its events confirm "
                              "it.", where=place))


def _import_event(match: Match, rnd: RoundRow, event: EngineEvent) -> str | None:
    """Record one event of a file in the round; what is wrong with it, if the referee
    refuses it."""
    version = rnd.version
    if isinstance(event, FirstTable):
        record_table(rnd, version, event.cards)
    elif isinstance(event, Played):
        outcome = record_play(rnd, version, event.play)
        if not outcome.recorded:
            return _refused(match, event.play, outcome)
    elif isinstance(event, Overruled):
        record_overrule(rnd, version, event.play, event.reason)
    elif isinstance(event, Undone):
        undo(rnd, version)
    elif isinstance(event, TallyEntered):
        return _import_tally(match, rnd, event.tallies)
    elif isinstance(event, Switched):  # to the other way (the file's switches are read so)
        switch_mode(rnd, version)
    else:
        confirm(rnd, version)
    return None


def _refused(match: Match, play: Play, outcome: Outcome) -> str:
    """A play the referee refuses, in the words of the round page: the play, its player
    and the rule that decided it."""
    game, verdict = outcome.game, outcome.verdict
    assert game.turn is not None  # a play is judged only while the round goes on
    claimed = claim_text(play, [game.table[i] for i in play.refs], game.rules)
    rule = verdict_text(verdict, match.names)
    return _("“%(play)s” by %(name)s is not legal: %(rule)s", play=claimed,
             name=match.names[game.turn], rule=rule)


def _import_tally(match: Match, rnd: RoundRow, tallies: Sequence[Tally]) -> str | None:
    """Record a tally as the tally form would; what differs, if the variant would record
    other counts than the file gives (a count it does not keep, a mulle not in fives)."""
    per_mulle = _mulle_points(rules_of(match))
    counts = [SideCounts(t.cards, t.spades, t.aces, t.big_casino, t.little_casino, t.sweeps,
                         t.last_capture, t.mulle // per_mulle, t.double_sweeps)
              for t in tallies]
    names = side_names(match)
    if len(counts) != len(names):
        return _("the tally gives %(given)d sides, and this match has %(n)d",
                 given=len(counts), n=len(names))
    recorded = tallies_of(match, rnd, counts)
    for name, given, kept in zip(names, tallies, recorded, strict=True):
        for key, value in given.to_json().items():
            if kept.to_json()[key] != value:
                return _("the tally of %(side)s gives %(key)s %(given)s, where %(variant)s "
                         "records %(kept)s", side=name, key=key, given=json.dumps(value),
                         variant=rules_of(match).variant.name,
                         kept=json.dumps(kept.to_json()[key]))
    record_tally(rnd, rnd.version, counts)
    return None
