"""The database: matches, players, rounds and each round's append-only event log.

The event log is the truth: each row is one of the engine's typed events
(:mod:`referee.rules.events`), read back by :attr:`Event.event`. The state of a
round is always the engine replaying its events (see :mod:`referee.service`);
the round's ``status`` and confirmed ``result`` are kept beside the log for the
scoreboard, and are rebuilt from it and tested equal to it.
"""

from __future__ import annotations

import enum
import secrets
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    DateTime,
    Enum,
    ForeignKey,
    Integer,
    LargeBinary,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from .extensions import Model
from .rules.events import Event as EngineEvent
from .rules.events import EventKind, event_from_json
from .rules.scoring import RoundResult


class RoundMode(enum.StrEnum):
    """How a round is recorded: play by play, or only its end-of-round tallies."""

    PLAY = "play"
    TALLY = "tally"


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


def _now() -> datetime:
    return datetime.now(UTC)


class Match(Model):
    __tablename__ = "match"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    edit_token: Mapped[str] = mapped_column(String(64), unique=True, default=new_token)
    view_token: Mapped[str] = mapped_column(String(64), unique=True, default=new_token)
    variant: Mapped[str] = mapped_column(String(20))
    options: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    first_dealer: Mapped[int] = mapped_column(Integer, default=0)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    finished: Mapped[bool] = mapped_column(default=False)
    winner_side: Mapped[int | None] = mapped_column(Integer, nullable=True)
    result_note: Mapped[str | None] = mapped_column(Text, nullable=True)
    rematch_of_id: Mapped[int | None] = mapped_column(ForeignKey("match.id"), nullable=True)

    players: Mapped[list[Player]] = relationship(
        back_populates="match", order_by="Player.seat", cascade="all, delete-orphan"
    )
    rounds: Mapped[list[RoundRow]] = relationship(
        back_populates="match", order_by="RoundRow.number", cascade="all, delete-orphan"
    )

    @property
    def names(self) -> list[str]:
        return [p.name for p in self.players]

    def __repr__(self) -> str:
        return f"<Match {self.id} {self.variant}>"


class Player(Model):
    __tablename__ = "player"
    __table_args__ = (UniqueConstraint("match_id", "seat"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("match.id", ondelete="CASCADE"))
    seat: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(40))

    match: Mapped[Match] = relationship(back_populates="players")


class RoundRow(Model):
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
    def result(self) -> RoundResult | None:
        return None if self.result_json is None else RoundResult.from_json(self.result_json)

    @property
    def tally_only(self) -> bool:
        return self.mode is RoundMode.TALLY

    @property
    def open(self) -> bool:
        return self.status is RoundStatus.OPEN

    @property
    def log(self) -> list[EngineEvent]:
        """The round's events as the engine's typed values, in order."""
        return [event.event for event in self.events]


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

    @classmethod
    def of(cls, round_id: int, seq: int, event: EngineEvent) -> Event:
        return cls(round_id=round_id, seq=seq, kind=event.kind, data=event.to_json())

    @property
    def event(self) -> EngineEvent:
        return event_from_json(self.kind, self.data)


class PhoneMatch(Model):
    """A match opened on one phone, for that phone's list on the home page.

    The phone is known only by an opaque random id in its session cookie (43 characters,
    :func:`secrets.token_urlsafe` of 32 bytes): the cookie never carries a match's link.
    A match opened with both its links is listed twice, once for each.
    """

    __tablename__ = "phone_match"
    __table_args__ = (UniqueConstraint("phone_id", "match_id", "editing"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    phone_id: Mapped[str] = mapped_column(String(43), index=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("match.id", ondelete="CASCADE"))
    # opened with the players' link (else with the watching link)
    editing: Mapped[bool] = mapped_column(default=False)
    label: Mapped[str] = mapped_column(String(80))
    opened_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)

    match: Mapped[Match] = relationship()
