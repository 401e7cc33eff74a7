"""A round's log as typed events: what the table recorded, in order.

The log is the truth; every state of a round is
:meth:`referee.rules.round.RoundState.replay` of it. Each event is a frozen value
with ``to_json``/``from_json``; :func:`event_from_json` reads a stored one back
(refusing anything malformed with :class:`EventError`). An undo is an event too:
it takes back the last event still in force (:func:`in_force`). A switch of the way the
round is recorded (:class:`Switched`) starts it afresh: nothing before it is in force.

>>> from .cards import Card
>>> event = Played(Play(Card.parse("9H"), Action.CAPTURE, (0,)))
>>> event.kind, event.to_json()
(<EventKind.PLAY: 'play'>, {'card': '9H', 'action': 'capture', 'refs': [0]})
>>> event_from_json("play", event.to_json()) == event
True
>>> [e.kind.value for e in in_force([FirstTable(()), event, Undone(), Confirmed()])]
['table', 'confirm']
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from .cards import Card, CardError, parse_cards
from .scoring import Tally
from .turn import Action, Play

__all__ = [
    "Confirmed",
    "Event",
    "EventError",
    "EventKind",
    "FirstTable",
    "Overruled",
    "Played",
    "RoundMode",
    "Switched",
    "TallyEntered",
    "Undone",
    "event_from_json",
    "in_force",
]


class RoundMode(enum.StrEnum):
    """How a round is recorded: play by play, or only its end-of-round tallies."""

    PLAY = "play"
    TALLY = "tally"

    @property
    def other(self) -> RoundMode:
        """The other way, which a switch goes to.

        >>> RoundMode.PLAY.other, RoundMode.TALLY.other
        (<RoundMode.TALLY: 'tally'>, <RoundMode.PLAY: 'play'>)
        """
        return RoundMode.TALLY if self is RoundMode.PLAY else RoundMode.PLAY


class EventKind(enum.StrEnum):
    TABLE = "table"
    PLAY = "play"
    OVERRULE = "overrule"
    UNDO = "undo"
    TALLY = "tally"
    CONFIRM = "confirm"
    SWITCH = "switch"


class EventError(ValueError):
    """A stored event that cannot be read."""


def _play_json(play: Play) -> dict[str, Any]:
    data: dict[str, Any] = {"card": play.card.code, "action": play.action.value,
                            "refs": list(play.refs)}
    if play.value is not None:
        data["value"] = play.value
    return data


def _play_from(data: Mapping[str, Any]) -> Play:
    value = data.get("value")
    return Play(Card.parse(data["card"]), Action(data["action"]),
                tuple(int(r) for r in data.get("refs", ())),
                None if value is None else int(value))


@dataclass(frozen=True)
class FirstTable:
    """The first table cards, face up."""

    cards: tuple[Card, ...]
    kind: ClassVar[EventKind] = EventKind.TABLE

    def to_json(self) -> dict[str, Any]:
        return {"cards": [c.code for c in self.cards]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> FirstTable:
        return cls(tuple(parse_cards(data["cards"])))


@dataclass(frozen=True)
class Played:
    """A play the referee accepted."""

    play: Play
    kind: ClassVar[EventKind] = EventKind.PLAY

    def to_json(self) -> dict[str, Any]:
        return _play_json(self.play)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Played:
        return cls(_play_from(data))


@dataclass(frozen=True)
class Overruled:
    """A play the referee refused and the table recorded anyway, with its reason."""

    play: Play
    reason: str
    kind: ClassVar[EventKind] = EventKind.OVERRULE

    def to_json(self) -> dict[str, Any]:
        return {**_play_json(self.play), "reason": self.reason}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Overruled:
        return cls(_play_from(data), str(data["reason"]))


@dataclass(frozen=True)
class Undone:
    """Takes back the last event still in force."""

    kind: ClassVar[EventKind] = EventKind.UNDO

    def to_json(self) -> dict[str, Any]:
        return {}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Undone:
        return cls()


@dataclass(frozen=True)
class TallyEntered:
    """A round recorded only by its end-of-round counts, one tally per side."""

    tallies: tuple[Tally, ...]
    kind: ClassVar[EventKind] = EventKind.TALLY

    def to_json(self) -> dict[str, Any]:
        return {"tallies": [t.to_json() for t in self.tallies]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TallyEntered:
        return cls(tuple(Tally.from_json(t) for t in data["tallies"]))


@dataclass(frozen=True)
class Confirmed:
    """The table confirmed the round's points; the round is closed."""

    kind: ClassVar[EventKind] = EventKind.CONFIRM

    def to_json(self) -> dict[str, Any]:
        return {}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Confirmed:
        return cls()


@dataclass(frozen=True)
class Switched:
    """From here on the round is recorded the other way, ``mode``: a phone started it the
    wrong way, or the table gave up recording it play by play and took back all it had
    recorded. Made only while nothing is in force; it starts the round afresh, and an undo
    does not take it back (there is nothing before it to bring back).

    >>> table = FirstTable(tuple(parse_cards(["9S", "6C", "3D", "5H"])))
    >>> switched = Switched(RoundMode.TALLY)
    >>> switched.to_json(), event_from_json("switch", switched.to_json()) == switched
    ({'mode': 'tally'}, True)
    >>> in_force([table, Undone(), switched]), in_force([table, Undone(), switched, Undone()])
    ([], [])
    """

    mode: RoundMode
    kind: ClassVar[EventKind] = EventKind.SWITCH

    def to_json(self) -> dict[str, Any]:
        return {"mode": self.mode.value}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Switched:
        return cls(RoundMode(data["mode"]))


Event = FirstTable | Played | Overruled | Undone | TallyEntered | Confirmed | Switched

_TYPES: dict[EventKind, type[Event]] = {
    t.kind: t
    for t in (FirstTable, Played, Overruled, Undone, TallyEntered, Confirmed, Switched)
}


def event_from_json(kind: str, data: Mapping[str, Any]) -> Event:
    """A stored event read back; anything malformed raises :class:`EventError`."""
    try:
        return _TYPES[EventKind(kind)].from_json(data)
    except (KeyError, TypeError, ValueError, CardError) as error:
        raise EventError(f"a {kind!r} event that cannot be read: {error}") from None


def in_force(events: Sequence[Event]) -> list[Event]:
    """The events an undo has not taken back, in order."""
    return _replayed(events)[0]


def taken_back(events: Sequence[Event]) -> Event | None:
    """The event the log's last undo took back, while nothing has come after that undo.

    >>> first = FirstTable(tuple(parse_cards(["9S", "6C", "3D", "5H"])))
    >>> taken_back([first, Undone()]) == first, taken_back([first]), taken_back([Undone()])
    (True, None, None)
    """
    if not events or not isinstance(events[-1], Undone):
        return None
    return _replayed(events)[1]


def _replayed(events: Sequence[Event]) -> tuple[list[Event], Event | None]:
    """The events in force, and the one the last undo took back (None if it took none)."""
    kept: list[Event] = []
    last: Event | None = None
    for event in events:
        if isinstance(event, Undone):
            last = kept.pop() if kept else None
        elif isinstance(event, Switched):  # afresh: nothing before it stays in force
            kept.clear()
            last = None
        else:
            kept.append(event)
    return kept, last
