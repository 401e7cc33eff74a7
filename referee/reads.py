"""The round pages' reads: a link, its match with its players and rounds, and a round's
log, read with plain statements into small values rather than the ORM's objects.

Every request of a round page (a play, a poll that finds the round changed) reads all of
these, and the ORM's loading of them cost about twice the statements themselves. What is
read here is what the service needs of a match and a round (:class:`~referee.models.
MatchData`, :class:`~referee.models.RoundData`); the pages that change a match itself (a
new round, a seat's new link, a rematch) read the ORM's objects (:func:`referee.web.access`).

The statements are built once, with the link's digest and the match as parameters. On
SQLite (in this process) the link, its match and its players are one statement and the
rounds a second; on PostgreSQL, where each statement is a round trip, everything is one
(a row for each player, then one for each round). Only the round the page is about is
read with its snapshot.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import (
    ColumnElement,
    Row,
    bindparam,
    case,
    cast,
    column,
    literal_column,
    null,
    select,
    union_all,
)

from . import driver
from .extensions import statements_are_round_trips
from .models import (
    Event,
    Link,
    LinkRole,
    Match,
    MatchFacts,
    Player,
    RoundFacts,
    RoundMode,
    RoundRow,
    RoundStatus,
    same_token,
)
from .rules.events import Event as EngineEvent
from .rules.events import event_from_json

_LINK = Link.__table__
_MATCH = Match.__table__
_PLAYER = Player.__table__
_ROUND = RoundRow.__table__
_EVENT = Event.__table__


@dataclass(eq=False)
class PlayerRead:
    seat: int
    name: str


@dataclass(eq=False)
class MatchRead(MatchFacts):
    """A match's row with its players and rounds, as a round page reads them."""

    id: int
    variant: str
    options: dict[str, Any]
    first_dealer: int
    finished: bool
    winner_side: int | None
    players: list[PlayerRead] = field(default_factory=list)
    rounds: list[RoundRead] = field(default_factory=list)


@dataclass(eq=False)
class RoundRead(RoundFacts):
    """A round's row, as a round page reads it; its log is read when first asked for.
    The service keeps it as written, as it keeps the ORM's copy (``service._written``)."""

    match: MatchRead
    id: int
    number: int
    dealer: int
    mode: RoundMode
    status: RoundStatus
    version: int
    result_json: dict[str, Any] | None
    snapshot: bytes | None
    snapshot_version: int | None
    _log: list[EngineEvent] | None = field(default=None, repr=False)

    @property
    def log(self) -> list[EngineEvent]:
        """The round's events as the engine's typed values, in order."""
        if self._log is None:
            rows = driver.execute(driver.connection(), _EVENTS_OF_ROUND, {"round_id": self.id})
            self._log = [event_from_json(kind, data) for kind, data in rows.all()]
        return self._log

    def forget_log(self) -> None:
        """An event was added: the log is read again if asked for."""
        self._log = None


@dataclass(frozen=True)
class LinkRead:
    """A link found by its digest, with the match it opens."""

    id: int
    role: LinkRole
    seat: int | None
    revoked: bool
    match: MatchRead


_MATCH_COLUMNS = (_MATCH.c.id, _MATCH.c.variant, _MATCH.c.options, _MATCH.c.first_dealer,
                  _MATCH.c.finished, _MATCH.c.winner_side)
_LINK_COLUMNS = (_LINK.c.token, _LINK.c.id, _LINK.c.role, _LINK.c.seat, _LINK.c.revoked)
_PLAYER_COLUMNS = (_PLAYER.c.seat.label("p_seat"), _PLAYER.c.name.label("p_name"))
# a round's snapshot is read only for the round the page is about (``number``): the
# others' would only be carried to be thrown away (a past round's, or a match of many)
_ASKED = _ROUND.c.number == bindparam("number")
_ROUND_COLUMNS = (_ROUND.c.id, _ROUND.c.number, _ROUND.c.dealer, _ROUND.c.mode, _ROUND.c.status,
                  _ROUND.c.version, _ROUND.c.result,
                  case((_ASKED, _ROUND.c.snapshot), else_=None).label("snapshot"),
                  case((_ASKED, _ROUND.c.snapshot_version), else_=None).label("snapshot_version"))
_M = len(_LINK_COLUMNS)  # where the match's columns start in a row
_P = _M + len(_MATCH_COLUMNS)  # the player's
_R = _P + len(_PLAYER_COLUMNS)  # the round's


def _none(columns: tuple[ColumnElement[Any], ...]) -> list[ColumnElement[Any]]:
    """NULLs in the place (and of the types) of ``columns``, named as in a round's row
    (the names a union's rows are ordered by are those of its first part)."""
    return [cast(null(), column.type).label(f"r_{column.name}") for column in columns]


# SQLite: the link, its match and players; then the rounds
_LINK_MATCH_PLAYERS = (
    select(*_LINK_COLUMNS, *_MATCH_COLUMNS, *_PLAYER_COLUMNS)
    .join(_MATCH, _MATCH.c.id == _LINK.c.match_id)
    .join(_PLAYER, _PLAYER.c.match_id == _MATCH.c.id)
    .where(_LINK.c.digest == bindparam("digest"))
    .order_by(_PLAYER.c.seat)
)
_ROUNDS_OF_MATCH = select(*_ROUND_COLUMNS).where(
    _ROUND.c.match_id == bindparam("match_id")).order_by(_ROUND.c.number)
# PostgreSQL: all of it in one, a row for each player, then one for each round (not a row
# for each player and round: each round, its snapshot with it, would come once a player)
_PLAYERS_PART = _LINK_MATCH_PLAYERS.order_by(None).add_columns(
    *_none(_ROUND_COLUMNS), literal_column("0").label("part"))
_ROUNDS_PART = (
    select(*_LINK_COLUMNS, *_none(_MATCH_COLUMNS), *_none(_PLAYER_COLUMNS), *_ROUND_COLUMNS,
           literal_column("1"))
    .join(_ROUND, _ROUND.c.match_id == _LINK.c.match_id)
    .where(_LINK.c.digest == bindparam("digest"))
)
_LINK_MATCH_PLAYERS_ROUNDS = union_all(_PLAYERS_PART, _ROUNDS_PART).order_by(
    column("part"), column("p_seat"), column("r_number"))
_EVENTS_OF_ROUND = select(_EVENT.c.kind, _EVENT.c.data).where(
    _EVENT.c.round_id == bindparam("round_id")).order_by(_EVENT.c.seq)


def read_link(digest: str, token: str, number: int | None = None) -> LinkRead | None:
    """The link whose digest this is, if its token is ``token`` (compared in constant
    time), with its match, the match's players and its rounds (the snapshot only of
    round ``number``: the round the page is about)."""
    connection = driver.connection()
    joined = statements_are_round_trips()
    rows = driver.execute(
        connection, _LINK_MATCH_PLAYERS_ROUNDS if joined else _LINK_MATCH_PLAYERS,
        {"digest": digest, "number": number} if joined else {"digest": digest},
    ).all()
    if not rows or not same_token(rows[0][0], token):
        return None
    first = rows[0]
    match = MatchRead(*first[_M:_P])
    for row in rows:
        if row[_P] is not None:
            match.players.append(PlayerRead(row[_P], row[_P + 1]))
        elif joined:
            match.rounds.append(_round(match, row[_R:-1]))
    if not joined:
        rounds = driver.execute(connection, _ROUNDS_OF_MATCH,
                                {"match_id": match.id, "number": number})
        match.rounds.extend(_round(match, row) for row in rounds.all())
    return LinkRead(first[1], first[2], first[3], first[4], match)


def _round(match: MatchRead, columns: Row[Any] | tuple[Any, ...]) -> RoundRead:
    return RoundRead(match, *columns)
