"""The database: matches, players, rounds and each round's append-only event log.

The event log is the truth. The state of a round is always the engine replaying
its events (see :mod:`referee.service`); nothing derived is stored, except the
result a table confirmed at the end of a round.
"""

from __future__ import annotations

import secrets
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, DateTime, ForeignKey, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from .extensions import db


def new_token() -> str:
    """A random token of 192 bits, URL-safe."""
    return secrets.token_urlsafe(24)


def _now() -> datetime:
    return datetime.now(UTC)


class Match(db.Model):
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
    rounds: Mapped[list[Round]] = relationship(
        back_populates="match", order_by="Round.number", cascade="all, delete-orphan"
    )

    @property
    def names(self) -> list[str]:
        return [p.name for p in self.players]

    def __repr__(self) -> str:
        return f"<Match {self.id} {self.variant}>"


class Player(db.Model):
    __tablename__ = "player"
    __table_args__ = (UniqueConstraint("match_id", "seat"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("match.id", ondelete="CASCADE"))
    seat: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(40))

    match: Mapped[Match] = relationship(back_populates="players")


class Round(db.Model):
    __tablename__ = "round"
    __table_args__ = (UniqueConstraint("match_id", "number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("match.id", ondelete="CASCADE"))
    number: Mapped[int] = mapped_column(Integer)  # from 1
    dealer: Mapped[int] = mapped_column(Integer)
    mode: Mapped[str] = mapped_column(String(10))  # "play" or "tally"
    status: Mapped[str] = mapped_column(String(10), default="open")  # open, confirmed
    # optimistic concurrency: every change to the event log bumps it
    version: Mapped[int] = mapped_column(Integer, default=0)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    # the confirmed result: per-side points by category, totals, explanation
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)

    match: Mapped[Match] = relationship(back_populates="rounds")
    events: Mapped[list[Event]] = relationship(
        back_populates="round", order_by="Event.seq", cascade="all, delete-orphan"
    )


class Event(db.Model):
    """One entry of a round's log: the first table, a play, or a tally."""

    __tablename__ = "event"
    __table_args__ = (UniqueConstraint("round_id", "seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    round_id: Mapped[int] = mapped_column(ForeignKey("round.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)  # from 0, no gaps
    kind: Mapped[str] = mapped_column(String(10))  # table, play, tally
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    reason: Mapped[str | None] = mapped_column(Text, nullable=True)  # an overrule's reason
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)

    round: Mapped[Round] = relationship(back_populates="events")
