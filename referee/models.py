"""The database: matches, players, rounds and each round's append-only event log.

The event log is the truth: each row is one of the engine's typed events
(:mod:`referee.rules.events`), read back by :attr:`Event.event`. The state of a
round is always the engine replaying its events (see :mod:`referee.service`);
the round's ``status`` and confirmed ``result`` are kept beside the log for the
scoreboard, and are rebuilt from it and tested equal to it.
"""

from __future__ import annotations

import enum
import hashlib
import hmac
import secrets
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any, Protocol

from sqlalchemy import (
    DDL,
    JSON,
    DateTime,
    Enum,
    ForeignKey,
    Integer,
    LargeBinary,
    String,
    UniqueConstraint,
)
from sqlalchemy.event import listen
from sqlalchemy.orm import Mapped, mapped_column, relationship

from .extensions import Model
from .rules.events import Event as EngineEvent
from .rules.events import EventKind, event_from_json
from .rules.events import RoundMode as RoundMode  # the engine's: a switch is an event
from .rules.scoring import RoundResult


class RoundStatus(enum.StrEnum):
    OPEN = "open"
    CONFIRMED = "confirmed"


def _enum(kind: type[enum.StrEnum]) -> Enum:
    """A string column holding the enum's values (no database enum type)."""
    return Enum(kind, native_enum=False, create_constraint=False, length=10,
                values_callable=lambda members: [m.value for m in members])


def new_token() -> str:
    """A random token of 192 bits, URL-safe."""
    return secrets.token_urlsafe(24)


def token_digest(token: str) -> str:
    """What a link is looked up by: the SHA-256 of its token (hex). An index compares
    digests, so the time a lookup takes tells nothing about the token itself."""
    return hashlib.sha256(token.encode()).hexdigest()


def lookup_digest(token: str) -> str | None:
    """The digest to look a link up by, or None for what cannot be a link."""
    return token_digest(token) if token and len(token) <= 64 else None


def same_token(stored: str, given: str) -> bool:
    """The token found by its digest is the one given, compared in constant time."""
    return hmac.compare_digest(stored.encode(), given.encode())


def _now() -> datetime:
    return datetime.now(UTC)


class LinkRole(enum.StrEnum):
    """What a match's link lets a phone do."""

    EDIT = "edit"  # the players' link: records anything (the clerk)
    SEAT = "seat"  # one player's link: records that player's plays
    WATCH = "watch"  # read only


class PlayerData(Protocol):
    """A player as the service and the pages read one: a :class:`Player`, or a plain read
    of its row (:mod:`referee.reads`)."""

    @property
    def seat(self) -> int: ...

    @property
    def name(self) -> str: ...


class MatchData(Protocol):
    """A match as the service and the pages read one: a :class:`Match` (the ORM's object,
    which the pages that change a match itself use), or a plain read of its rows
    (:class:`referee.reads.MatchRead`, the round pages')."""

    @property
    def id(self) -> int: ...

    @property
    def variant(self) -> str: ...

    @property
    def options(self) -> dict[str, Any]: ...

    @property
    def first_dealer(self) -> int: ...

    @property
    def finished(self) -> bool: ...

    @property
    def winner_side(self) -> int | None: ...

    @property
    def players(self) -> Sequence[PlayerData]: ...

    @property
    def rounds(self) -> Sequence[RoundData]: ...

    @property
    def names(self) -> list[str]: ...


class RoundData(Protocol):
    """A round as the service and the pages read one: a :class:`RoundRow`, or a plain read
    of its row (:class:`referee.reads.RoundRead`)."""

    @property
    def id(self) -> int: ...

    @property
    def number(self) -> int: ...

    @property
    def dealer(self) -> int: ...

    @property
    def mode(self) -> RoundMode: ...

    @property
    def status(self) -> RoundStatus: ...

    @property
    def version(self) -> int: ...

    @property
    def result_json(self) -> dict[str, Any] | None: ...

    @property
    def snapshot(self) -> bytes | None: ...

    @property
    def snapshot_version(self) -> int | None: ...

    @property
    def match(self) -> MatchData: ...

    @property
    def result(self) -> RoundResult | None: ...

    @property
    def tally_only(self) -> bool: ...

    @property
    def open(self) -> bool: ...

    @property
    def log(self) -> list[EngineEvent]: ...


class _Players(Protocol):
    @property
    def players(self) -> Sequence[PlayerData]: ...


class MatchFacts:
    """What a match's rows tell beyond their columns, for either way of reading them."""

    @property
    def names(self: _Players) -> list[str]:
        return [p.name for p in self.players]


class _Columns(Protocol):
    @property
    def mode(self) -> RoundMode: ...

    @property
    def status(self) -> RoundStatus: ...

    @property
    def result_json(self) -> dict[str, Any] | None: ...


class RoundFacts:
    """What a round's row tells beyond its columns, for either way of reading it."""

    @property
    def result(self: _Columns) -> RoundResult | None:
        """The confirmed result, read from ``result_json`` once per value it holds (the
        scoreboard and every later round of a match read each earlier round's)."""
        stored = self.result_json
        if stored is None:
            return None
        read = self.__dict__.get("_result_read")
        if read is None or read[0] is not stored:
            read = (stored, RoundResult.from_json(stored))
            self.__dict__["_result_read"] = read
        return read[1]

    @property
    def tally_only(self: _Columns) -> bool:
        return self.mode is RoundMode.TALLY

    @property
    def open(self: _Columns) -> bool:
        return self.status is RoundStatus.OPEN


class Match(MatchFacts, Model):
    __tablename__ = "match"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    variant: Mapped[str] = mapped_column(String(20))
    options: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    first_dealer: Mapped[int] = mapped_column(Integer, default=0)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    finished: Mapped[bool] = mapped_column(default=False)
    winner_side: Mapped[int | None] = mapped_column(Integer, nullable=True)
    # the match this one replays; a match has one rematch at most, which every phone of
    # the table reaches (two phones tapping "Rematch" at once land in the same match)
    rematch_of_id: Mapped[int | None] = mapped_column(ForeignKey("match.id"), nullable=True,
                                                      unique=True, index=True)

    players: Mapped[list[Player]] = relationship(
        back_populates="match", order_by="Player.seat", cascade="all, delete-orphan"
    )
    rounds: Mapped[list[RoundRow]] = relationship(
        back_populates="match", order_by="RoundRow.number", cascade="all, delete-orphan"
    )
    links: Mapped[list[Link]] = relationship(
        back_populates="match", order_by="Link.id", cascade="all, delete-orphan"
    )

    def link(self, role: LinkRole, seat: int | None = None) -> Link:
        """The match's link in force for ``role`` (and ``seat``)."""
        return next(link for link in self.links
                    if link.role is role and link.seat == seat and not link.revoked)

    @property
    def edit_token(self) -> str:
        return self.link(LinkRole.EDIT).token

    @property
    def view_token(self) -> str:
        return self.link(LinkRole.WATCH).token

    def seat_token(self, seat: int) -> str:
        return self.link(LinkRole.SEAT, seat).token

    def __repr__(self) -> str:
        return f"<Match {self.id} {self.variant}>"


class Link(Model):
    """A secret address of a match: the players' link, one per seat, and the watching link.

    A seat's link can be replaced (the old one is then kept, revoked, so that a phone
    still holding it is told what happened).
    """

    __tablename__ = "link"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("match.id", ondelete="CASCADE"), index=True)
    role: Mapped[LinkRole] = mapped_column(_enum(LinkRole))
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    token: Mapped[str] = mapped_column(String(64))
    digest: Mapped[str] = mapped_column(String(64), unique=True)
    revoked: Mapped[bool] = mapped_column(default=False)

    match: Mapped[Match] = relationship(back_populates="links")

    @classmethod
    def new(cls, role: LinkRole, seat: int | None = None, token: str | None = None) -> Link:
        token = token or new_token()
        return cls(role=role, seat=seat, token=token, digest=token_digest(token))


class Player(Model):
    __tablename__ = "player"
    __table_args__ = (UniqueConstraint("match_id", "seat"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("match.id", ondelete="CASCADE"))
    seat: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(40))

    match: Mapped[Match] = relationship(back_populates="players")


class RoundRow(RoundFacts, Model):
    """A round of a match; its events are the truth of what happened in it."""

    __tablename__ = "round"
    __table_args__ = (UniqueConstraint("match_id", "number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("match.id", ondelete="CASCADE"))
    number: Mapped[int] = mapped_column(Integer)  # from 1
    dealer: Mapped[int] = mapped_column(Integer)
    mode: Mapped[RoundMode] = mapped_column(_enum(RoundMode))
    status: Mapped[RoundStatus] = mapped_column(_enum(RoundStatus), default=RoundStatus.OPEN)
    # optimistic concurrency: every change to the event log bumps it
    version: Mapped[int] = mapped_column(Integer, default=0)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    # the confirmed result (RoundResult.to_json): points by side and category, totals ...
    result_json: Mapped[dict[str, Any] | None] = mapped_column("result", JSON, nullable=True)
    # the replayed state at ``snapshot_version`` (see service.game_of): a cache of the log,
    # rebuilt from it whenever missing or stale; only an open round keeps one
    snapshot: Mapped[bytes | None] = mapped_column(LargeBinary, nullable=True)
    snapshot_version: Mapped[int | None] = mapped_column(Integer, nullable=True)

    match: Mapped[Match] = relationship(back_populates="rounds")
    events: Mapped[list[Event]] = relationship(
        back_populates="round", order_by="Event.seq", cascade="all, delete-orphan"
    )

    @property
    def log(self) -> list[EngineEvent]:
        """The round's events as the engine's typed values, in order."""
        return [event.event for event in self.events]


# PostgreSQL compresses a round's snapshot (about 10 kB by a round's end, written at every
# play) with lz4 rather than its default pglz, a sixth of the database's work of a play
# (README, "Performance"); a server without lz4 keeps its default. The migration
# c9d0e1f2a3b4 sets the same on a database made before.
SNAPSHOT_COMPRESSION = DDL(
    "DO $$ BEGIN ALTER TABLE round ALTER COLUMN snapshot SET COMPRESSION lz4; "
    "EXCEPTION WHEN feature_not_supported OR syntax_error THEN NULL; END $$")
listen(RoundRow.__table__, "after_create",
       SNAPSHOT_COMPRESSION.execute_if(dialect="postgresql"))


class Event(Model):
    """One entry of a round's log: the first table, a play, an overrule, an undo, a tally
    or the confirmation."""

    __tablename__ = "event"
    __table_args__ = (UniqueConstraint("round_id", "seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    round_id: Mapped[int] = mapped_column(ForeignKey("round.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)  # from 0, no gaps
    kind: Mapped[EventKind] = mapped_column(_enum(EventKind))
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)

    round: Mapped[RoundRow] = relationship(back_populates="events")

    @staticmethod
    def row(round_id: int, seq: int, event: EngineEvent) -> dict[str, Any]:
        """The columns of the event ``seq`` of a round (for a plain INSERT)."""
        return {"round_id": round_id, "seq": seq, "kind": event.kind, "data": event.to_json()}

    @property
    def event(self) -> EngineEvent:
        return event_from_json(self.kind, self.data)


class PhoneMatch(Model):
    """A match opened on one phone, for that phone's list on the home page.

    The phone is known only by an opaque random id in its session cookie (43 characters,
    :func:`secrets.token_urlsafe` of 32 bytes): the cookie never carries a match's link.
    A match opened with several of its links is listed once for each.
    """

    __tablename__ = "phone_match"
    __table_args__ = (UniqueConstraint("phone_id", "link_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    phone_id: Mapped[str] = mapped_column(String(43), index=True)
    link_id: Mapped[int] = mapped_column(ForeignKey("link.id", ondelete="CASCADE"))
    opened_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)

    link: Mapped[Link] = relationship()
