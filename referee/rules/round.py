"""A round as a state machine, replayed from its typed events.

:class:`RoundState` follows turns and deals, refuses a card that has already
turned up, judges each play (:meth:`~RoundState.verify_play` raises,
:meth:`~RoundState.can_play` answers a bool, :meth:`~RoundState.play` applies and
returns a frozen :class:`PlayRecord`), records sweeps (with the Finnish
restrictions), the last capture, mulles and Krypkasino's sweep penalties, runs
the retroactive hand check at the end of every deal and accounts for the whole
pack at the end. :meth:`~RoundState.replay` rebuilds it from the log
(:mod:`referee.rules.events`) without searching for alternatives: an overruled
play is applied as the table ruled, without judging it again.

>>> from .variants import get_rules
>>> from .cards import parse_cards
>>> r = RoundState(get_rules("swedish"), players=2, dealer=1)
>>> r.start(parse_cards(["9S", "6C", "3D", "5H"]))
>>> r.turn, r.deal, r.deals, r.stock
(0, 1, 6, 40)
>>> record = r.play(Play(Card.parse("9H"), Action.CAPTURE, (0,)))
>>> record.player, [c.code for c in r.piles[0]], r.turn
(0, ['9S', '9H'], 1)
>>> r.play(Play(Card.parse("9H"), Action.TRAIL))
Traceback (most recent call last):
...
referee.rules.round.DuplicateCard: 9♥ has already turned up (played in play 1)
"""

from __future__ import annotations

import enum
import pickle
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import overload

from .cards import Card, pack
from .events import (
    Confirmed,
    Event,
    FirstTable,
    Overruled,
    Played,
    Switched,
    TallyEntered,
    Undone,
    in_force,
)
from .notes import Note, Say
from .partition import Budget, TooComplex
from .reasons import Reason, Why
from .scoring import (
    Credit,
    Decided,
    MatchResult,
    RoundScore,
    Tally,
    TallyLimits,
    immediate_credits,
    round_and_match,
    sweeps_left,
)
from .table import Build, Item, item_cards
from .turn import Action, IllegalPlay, Kind, Play, Spot, Verdict, judge, verify_play
from .variants import MatchEnd, MulleScoring, OptionError, Rules, get_rules, get_variant

__all__ = [
    "DuplicateCard",
    "Finding",
    "IllegalPlay",
    "PileCount",
    "PlayRecord",
    "RoundError",
    "RoundOver",
    "RoundState",
    "Sweep",
    "SweepNote",
    "Whereabouts",
    "deal_schedule",
    "seat_sides",
    "sides_of",
    "tally_limits",
]


class RoundError(ValueError):
    """A round event that cannot be applied at all; ``why`` says it as data where a
    player can meet it (the web layer words it)."""

    def __init__(self, message: str, why: Reason | None = None) -> None:
        super().__init__(message)
        self.why = why


class DuplicateCard(RoundError):
    """A card that has already turned up (as often as the packs hold it)."""


class RoundOver(RoundError):
    """A play after the last card, or after the match was decided."""


class TableSizeError(RoundError):
    """The first table does not have as many cards as the variant deals."""


class SweepNote(enum.StrEnum):
    """Why a sweep is special: it does not score (Finnish), or it is the last capture."""

    NONE = ""
    LAST_DEAL = "last_deal"  # made in the last deal (Finnish): does not score
    FROZEN = "frozen"  # a side already had the freeze points (Finnish): does not score
    SISTEN = "sisten"  # the last capture counted as a sweep (house rule)


@dataclass(frozen=True)
class Sweep:
    play: int
    deal: int
    scored: bool
    note: SweepNote = SweepNote.NONE
    double: bool = False  # Krypkasino dubbeltabbe


@dataclass(frozen=True)
class SweepPenalty:
    """Krypkasino: the penalty points a sweep gives the sweeper's side, and takes off the
    side of the player before (``charged``; None when that is the sweeper's own)."""

    points: int
    side: int
    charged: int | None


@dataclass(frozen=True)
class Finding:
    """A retroactive finding: what could only be checked at the end of a deal."""

    deal: int
    player: int
    why: Reason


@dataclass(frozen=True)
class PlayRecord:
    index: int  # from 0
    player: int
    deal: int
    play: Play
    verdict: Verdict
    sweep: bool
    overruled: str | None = None  # the table's reason, when it overruled the referee
    items: tuple[Item, ...] = ()  # the table items it took or went onto

    @property
    def refused_now(self) -> bool:
        """Recorded as legal, but refused by the rules as the engine now applies them."""
        return self.overruled is None and not self.verdict.legal


class Records(Sequence[PlayRecord]):
    """The round's plays so far, in order: a list whose snapshot is made and read in
    parts of ``Records.CHUNK`` records. A part once full never changes, so it is pickled
    once and kept as bytes (a play pickles only the latest part again, not the whole
    history), and a thawed round reads back only the parts of the records it is asked
    for (a page shows the latest few). Equal when their records are.

    >>> from .cards import Card
    >>> from .turn import Action, Kind
    >>> records = Records()
    >>> for i in range(Records.CHUNK + 1):
    ...     records.append(PlayRecord(i, i % 2, 1, Play(Card.parse("9H"), Action.TRAIL),
    ...                               Verdict(True, Reason.of(Why.TRAILS), Kind.TRAIL), False))
    >>> back = pickle.loads(pickle.dumps(records))
    >>> back == records, len(back), back[-1].index, back[2:4] == list(records)[2:4], back == []
    (True, 9, 8, True, False)
    >>> again = pickle.loads(pickle.dumps(back))
    >>> again.append(replace(records[0], index=9))
    >>> [r.index for r in pickle.loads(pickle.dumps(again))]
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
    """

    __slots__ = ("_kept", "_records")

    CHUNK = 8

    def __init__(self, kept: Sequence[bytes] = (), count: int = 0) -> None:
        self._kept: list[bytes | None] = list(kept)  # each part pickled, or None: not yet
        self._records: list[PlayRecord | None] = [None] * count  # None: not read back yet

    def append(self, record: PlayRecord) -> None:
        part, place = divmod(len(self._records), self.CHUNK)
        if place:  # the latest part changes: read it back whole, to be pickled again
            self._read(len(self._records) - 1)
            self._kept[part] = None
        else:
            self._kept.append(None)
        self._records.append(record)

    def __len__(self) -> int:
        return len(self._records)

    @overload
    def __getitem__(self, index: int) -> PlayRecord: ...
    @overload
    def __getitem__(self, index: slice) -> list[PlayRecord]: ...
    def __getitem__(self, index: int | slice) -> PlayRecord | list[PlayRecord]:
        if isinstance(index, slice):
            return [self._read(i) for i in range(*index.indices(len(self._records)))]
        if index < 0:
            index += len(self._records)
        if not 0 <= index < len(self._records):
            raise IndexError(index)
        return self._read(index)

    def _read(self, index: int) -> PlayRecord:
        record = self._records[index]
        if record is None:
            part = index // self.CHUNK
            blob = self._kept[part]
            if blob is None:  # a record is unread only while its part's bytes are kept
                raise LookupError(f"play {index + 1} is neither read nor kept")
            read: list[PlayRecord] = pickle.loads(blob)
            self._records[self._span(part)] = read
            record = read[index % self.CHUNK]
        return record

    def _span(self, part: int) -> slice:
        """Where the records of a part lie."""
        return slice(part * self.CHUNK, (part + 1) * self.CHUNK)

    def __iter__(self) -> Iterator[PlayRecord]:
        return (self._read(i) for i in range(len(self._records)))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Records | list):
            return len(self) == len(other) and all(
                a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    def __repr__(self) -> str:
        return f"Records({list(self)!r})"

    def __reduce__(self) -> tuple[type[Records], tuple[list[bytes | None], int]]:
        """Pickled as its parts' bytes (made here for the parts new or changed since)."""
        for part, blob in enumerate(self._kept):
            if blob is None:
                self._kept[part] = pickle.dumps(self._records[self._span(part)],
                                                protocol=pickle.HIGHEST_PROTOCOL)
        return Records, (self._kept, len(self._records))


@dataclass(frozen=True)
class PileCount:
    """What a side has taken so far: the counts a table keeps an eye on."""

    cards: int
    spades: int
    sweeps: int  # sweeps that score
    points: tuple[Card, ...]  # the cards worth points in this variant
    unscored: int = 0  # sweeps that do not score (Finnish: the last deal, the freeze)
    mulle: int = 0  # the points of the mulles taken (Mulle)
    # the sweeps left once the sides' sweeps cancel each other (Finnish), where that is
    # fewer than ``sweeps``; None where nothing cancels
    cancelled_to: int | None = None


@dataclass(frozen=True)
class Whereabouts:
    """A card that has turned up: the play that showed it (None: the first table), and
    where it is now (on the table, or in a side's pile)."""

    card: Card
    play: PlayRecord | None
    on_table: bool
    side: int | None


@dataclass(frozen=True)
class _Obligation:
    player: int
    value: int
    index: int
    kind: Kind


def sides_of(rules: Rules, players: int) -> list[list[int]]:
    """Seats of each side: one per player, or partners opposite each other.

    >>> from .variants import get_rules
    >>> sides_of(get_rules("swedish", {"partnerships": True}), 4)
    [[0, 2], [1, 3]]
    >>> sides_of(get_rules("krypkasino", {"partnerships": 3}), 6)
    [[0, 3], [1, 4], [2, 5]]
    >>> sides_of(get_rules("mulle-glimne"), 3)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    referee.rules.variants.OptionError: Mulle (...) is played by 2 players, or 4 in two ...
    >>> sides_of(get_rules("mulle-glimne", {"partnerships": True}), 5)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    referee.rules.variants.OptionError: Mulle (...) is played by 2 players, or 4 in two ...
    """
    v = rules.variant
    alone = v.most_players_alone
    seated = not isinstance(players, bool) and isinstance(players, int)
    if alone is not None and seated and (
        not v.min_players <= players <= v.max_players
        or (players > alone and (rules.partnerships not in (True, 2) or players % 2))
    ):
        solo = f"{v.min_players}" if alone == v.min_players else f"{v.min_players} to {alone}"
        pairs = range(max(alone + 1, 4), v.max_players + 1, 2)
        paired = " or ".join(map(str, pairs))
        raise OptionError(
            f"{v.name} is played by {solo} players, or {paired} in two partnerships",
            "players", Reason.of(Why.SEATS_ALONE_OR_PAIRED, variant=v.id, low=v.min_players,
                                 high=alone, paired=tuple(pairs)),
        )
    if not seated or not v.min_players <= players <= v.max_players:
        raise OptionError(
            f"{v.name} is played by {v.min_players} to {v.max_players} players", "players",
            Reason.of(Why.SEATS_RANGE, variant=v.id, low=v.min_players, high=v.max_players),
        )
    wanted = rules.partnerships
    if wanted is False:
        return [[seat] for seat in range(players)]
    count = players // 2 if wanted is True else wanted
    if players < 4:
        raise OptionError(
            f"partnerships need at least 4 players, not {players}", "partnerships",
            Reason.of(Why.PARTNERS_NEED_FOUR, players=players),
        )
    if wanted is True and players % 2:
        raise OptionError(
            f"{players} players cannot all sit in pairs: one would be left over",
            "partnerships", Reason.of(Why.PAIRS_ODD, players=players),
        )
    if players % count or players // count < 2:
        raise OptionError(
            f"{players} players cannot sit as {count} sides of equal size", "partnerships",
            Reason.of(Why.SIDES_UNEQUAL, players=players, sides=count),
        )
    return [list(range(side, players, count)) for side in range(count)]


@dataclass(frozen=True)
class Seatings:
    """How many players a variant seats: every count it takes (``counts``), those at
    which each may play for themselves (``alone``; the others only in partnerships), and
    those it takes in partnerships of two (``paired``: ``{"partnerships": true}``)."""

    counts: tuple[int, ...]
    alone: tuple[int, ...]
    paired: tuple[int, ...]


@lru_cache(maxsize=32)  # one a variant
def seatings(variant_id: str) -> Seatings:
    """The player counts :func:`sides_of` accepts for a variant, with or without
    partnerships (of two sides, or of three where a variant seats six).

    >>> seatings("swedish")
    Seatings(counts=(2, 3, 4), alone=(2, 3, 4), paired=(4,))
    >>> seatings("mulle-glimne")
    Seatings(counts=(2, 4), alone=(2,), paired=(4,))
    """
    v = get_variant(variant_id)
    ways = [get_rules(v.id, {"partnerships": p}) for p in (False, True, 3)]
    fits: dict[bool | int, list[int]] = {rules.partnerships: [] for rules in ways}
    for players in range(v.min_players, v.max_players + 1):
        for rules in ways:
            try:
                sides_of(rules, players)
            except OptionError:
                continue
            fits[rules.partnerships].append(players)
    counts = sorted({n for seated in fits.values() for n in seated})
    return Seatings(tuple(counts), tuple(fits[False]), tuple(fits[True]))


def seat_sides(sides: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """The side of each seat.

    >>> seat_sides([[0, 2], [1, 3]])
    (0, 1, 0, 1)
    """
    out = {seat: i for i, side in enumerate(sides) for seat in side}
    return tuple(out[seat] for seat in range(len(out)))


def deal_schedule(rules: Rules, players: int, dealer: int) -> tuple[int, list[list[int]]]:
    """Cards on the table at the start, and each deal's hand size per seat.

    >>> from .variants import get_rules
    >>> table, deals = deal_schedule(get_rules("norwegian"), 5, 0)
    >>> table, [d for d in deals]
    (2, [[2, 2, 2, 2, 2], [4, 4, 4, 4, 4], [4, 4, 4, 4, 4]])
    >>> table, deals = deal_schedule(get_rules("mulle"), 2, 1)
    >>> len(deals), deals[-1]
    (10, [5, 4])
    """
    v = rules.variant
    total = 52 * v.packs
    table = v.table_cards
    deals: list[list[int]] = []
    half = v.half_deal
    if half is not None and players == half.players:
        table = half.table
        deals.append([half.hand] * players)
    left = total - table - sum(map(sum, deals))
    full = players * v.hand_size
    while left >= full:
        deals.append([v.hand_size] * players)
        left -= full
    if left:
        sizes = [left // players] * players
        for k in range(left % players):
            sizes[(dealer + 1 + k) % players] += 1
        deals.append(sizes)
    return table, deals


def tally_limits(rules: Rules, players: int, dealer: int | None = None) -> TallyLimits:
    """What the seating allows a tally of the round: the cards each side's players play
    and, where sweeps in the last deal do not score, the cards of the last deal. Without
    the dealer (who may get a card less in a short last deal), each side may have played
    the most it could, whoever dealt.

    >>> from .variants import get_rules
    >>> limits = tally_limits(get_rules("mulle"), 2, dealer=1)
    >>> limits.plays, limits.sweeps, limits.last_capture_scores, limits.sweeps_together
    ((50, 49), (50, 49), True, 50)
    >>> tally_limits(get_rules("finnish"), 2).sweeps
    (20, 20)
    """
    v = rules.variant
    sides = sides_of(rules, players)
    plays = [0] * len(sides)
    last = [0] * len(sides)
    for seat in range(players) if dealer is None else (dealer,):
        _table, deals = deal_schedule(rules, players, seat)
        for i, side in enumerate(sides):
            plays[i] = max(plays[i], sum(deal[s] for deal in deals for s in side))
            last[i] = max(last[i], sum(deals[-1][s] for s in side))
    # the whole round's plays, and its last deal's, are the same whoever deals
    counted = sum(map(sum, deals)) - (0 if v.last_deal_sweeps_score else sum(deals[-1]))
    mulles = sorted((rules.mulle_value(c, (c,)) for c in pack()), reverse=True)
    return TallyLimits(
        tuple(plays), None if v.last_deal_sweeps_score else tuple(last),
        v.last_capture > 0, rules.sisten_is_sweep, counted,
        tuple(mulles) if v.has_mulle else (),
        v.mulle_points if v.mulle is MulleScoring.FIVE else None,
        aces_of_spades_only="aces" not in rules.categories,
    )


def _turn_order(sizes: Sequence[int], dealer: int) -> list[int]:
    n = len(sizes)
    left = list(sizes)
    order: list[int] = []
    while any(left):
        for k in range(n):
            seat = (dealer + 1 + k) % n
            if left[seat]:
                order.append(seat)
                left[seat] -= 1
    return order


class RoundState:
    """The state of one round: the table, the piles, the turn, and what was found."""

    def __init__(
        self, rules: Rules, players: int, dealer: int = 0, scores: Sequence[int] | None = None,
        names: Sequence[str] | None = None, budget: Budget | None = None,
    ) -> None:
        self.rules = rules
        self.players = players
        self.sides = sides_of(rules, players)
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not (
            0 <= dealer < players
        ):
            raise OptionError(f"dealer must be a seat from 0 to {players - 1}", "dealer")
        self.dealer = dealer
        self.names = list(names) if names else None
        self.budget = budget or Budget()
        self.side_of = seat_sides(self.sides)
        self.scores_before = list(scores) if scores is not None else [0] * len(self.sides)
        if len(self.scores_before) != len(self.sides):
            raise OptionError(f"scores must list one number per side ({len(self.sides)})",
                              "scores")
        self.table_size, self.schedule = deal_schedule(rules, players, dealer)
        self.turns: list[tuple[int, int]] = [
            (d, seat) for d, sizes in enumerate(self.schedule)
            for seat in _turn_order(sizes, dealer)
        ]
        self.table: list[Item] = []
        self.records = Records()
        self.findings: list[Finding] = []
        self.started = False
        self.seen: Counter[Card] = Counter()
        self.turned_up: dict[Card, int | None] = {}  # the play that showed it (None: table)
        self.piles: list[list[Card]] = [[] for _ in self.sides]
        self.sweeps: list[list[Sweep]] = [[] for _ in self.sides]
        self.sweep_points = [0] * len(self.sides)
        self.mulle = [0] * len(self.sides)
        self.immediate = [0] * len(self.sides)
        self.immediate_steps: list[list[Credit]] = []
        self.last_capturer: int | None = None
        self.leftover: tuple[Card, ...] = ()  # the cards left at the end, to the last capturer
        self.obligations: list[_Obligation] = []
        self.must_capture: set[int] = set()
        self.decided: MatchResult | None = None
        self.tally: tuple[Tally, ...] | None = None
        self.confirmed = False
        self.logged = 0  # events in force: each first table and play counts as it is applied

    # -- the log ---------------------------------------------------------------
    @classmethod
    def replay(
        cls, rules: Rules, players: int, dealer: int, scores: Sequence[int] | None,
        names: Sequence[str] | None, events: Sequence[Event], budget: Budget | None = None,
    ) -> RoundState:
        """The round as its log leaves it (undone events taken back)."""
        state = cls(rules, players, dealer, scores, names, budget)
        kept = in_force(events)
        for event in kept:
            state.apply(event)
        state.logged = len(kept)
        return state

    # -- snapshots --------------------------------------------------------------
    def freeze(self, stamp: str) -> bytes:
        """The state as bytes, to be kept beside the log and thawed instead of replaying
        it. ``stamp`` names the engine that made it: a snapshot of another engine is
        never thawed (its rulings may differ).

        >>> from .variants import get_rules
        >>> from .cards import parse_cards
        >>> r = RoundState(get_rules("swedish"), players=2, dealer=1)
        >>> r.start(parse_cards(["9S", "6C", "3D", "5H"]))
        >>> _ = r.play(Play(Card.parse("9H"), Action.CAPTURE, (0,)))
        >>> back = RoundState.thaw(r.freeze("e1"), "e1", get_rules("swedish"))
        >>> back.state() == r.state(), back.turn, RoundState.thaw(r.freeze("e1"), "e2", r.rules)
        (True, 1, None)
        """
        return pickle.dumps((stamp, self.state()), protocol=pickle.HIGHEST_PROTOCOL)

    @classmethod
    def thaw(cls, blob: bytes, stamp: str, rules: Rules,
             budget: Budget | None = None) -> RoundState | None:
        """A state frozen by the engine ``stamp`` names, or None (another engine, or
        bytes that are not a snapshot): then the log is replayed instead."""
        try:
            made_by, fields = pickle.loads(blob)  # only the app writes snapshots
        except Exception:  # a damaged snapshot is only a missing cache
            return None
        if made_by != stamp or not isinstance(fields, dict):
            return None
        state = cls.__new__(cls)
        state.__dict__.update(fields)
        state.rules = rules
        state.budget = budget or Budget()
        return state

    def state(self) -> dict[str, object]:
        """Everything the round knows, without the rules and the search budget (which
        the app supplies): two states with equal ``state()`` are the same round."""
        return {k: v for k, v in vars(self).items() if k not in ("rules", "budget")}

    def apply(self, event: Event) -> None:
        """Apply one stored event. A recorded play is trusted: if the rules as the engine
        applies them now refuse it, or it cannot be judged in the budget, it is applied
        as it was recorded (and the record says so)."""
        if isinstance(event, FirstTable):
            self.start(event.cards)
        elif isinstance(event, Played):
            self._can_play(event.play)
            spot = self.spot()
            try:
                verdict = judge(spot, event.play, budget=self.budget)
            except TooComplex:
                verdict = Verdict(False, Reason.of(Why.TOO_COMPLEX), Kind(event.play.action.value))
            if not verdict.legal:
                verdict = _as_claimed(spot, event.play, verdict)
            self._apply(spot, event.play, verdict, None)
        elif isinstance(event, Overruled):
            self.overrule(event.play, event.reason)
        elif isinstance(event, TallyEntered):
            self.tally = event.tallies
        elif isinstance(event, Confirmed):
            self.confirmed = True
        elif isinstance(event, Undone):
            raise RoundError("an undo takes back an event; replay the log to apply it")
        elif isinstance(event, Switched):
            raise RoundError("a switch starts the round afresh; replay the log to apply it")

    # -- events ---------------------------------------------------------------
    def start(self, table: Sequence[Card]) -> None:
        """The first table cards, face up."""
        if self.started:
            raise RoundError("the first table cards are already down",
                             Reason.of(Why.TABLE_DOWN))
        if len(table) != self.table_size:
            raise TableSizeError(
                f"{self.rules.variant.name} with {self.players} players starts with "
                f"{self.table_size} cards on the table, not {len(table)}",
                Reason.of(Why.TABLE_SIZE, variant=self.rules.variant.id, players=self.players,
                          size=self.table_size, given=len(table)),
            )
        for card in table:
            self._see(card, None)
        self.table = list(table)
        self.started = True
        self.logged += 1

    def _see(self, card: Card, play: int | None) -> None:
        self._unseen(card)
        self.seen[card] += 1
        self.turned_up[card] = play

    def _unseen(self, card: Card) -> None:
        """Refuse a card that has turned up as often as the packs hold it."""
        if self.seen[card] >= self.rules.packs:
            play = self.turned_up[card]
            where = "on the first table" if play is None else f"played in play {play + 1}"
            raise DuplicateCard(f"{card.symbol} has already turned up ({where})",
                                Reason.of(Why.ON_FIRST_TABLE, card=card) if play is None
                                else Reason.of(Why.TURNED_UP, card=card, value=play + 1))

    def whereabouts(self, card: Card) -> Whereabouts | None:
        """Where a card that has turned up came from and where it is now (None if it has
        not turned up). With two packs: its last copy.

        >>> from .variants import get_rules
        >>> from .cards import parse_cards
        >>> r = RoundState(get_rules("swedish"), players=2, dealer=1)
        >>> r.start(parse_cards(["9S", "6C", "3D", "5H"]))
        >>> _ = r.play(Play(Card.parse("9H"), Action.CAPTURE, (0,)))
        >>> w = r.whereabouts(Card.parse("9S"))
        >>> w.play is None, w.on_table, w.side
        (True, False, 0)
        >>> r.whereabouts(Card.parse("6C")).on_table, r.whereabouts(Card.parse("2C"))
        (True, None)
        """
        if not self.seen[card]:
            return None
        index = self.turned_up[card]
        record = None if index is None else self.records[index]
        on_table = any(card in item_cards(item) for item in self.table)
        side = next((i for i, pile in enumerate(self.piles) if card in pile), None)
        return Whereabouts(card, record, on_table, None if on_table else side)

    # -- position -------------------------------------------------------------
    @property
    def index(self) -> int:
        return len(self.records)

    @property
    def finished(self) -> bool:
        return self.started and self.index >= len(self.turns)

    @property
    def turn(self) -> int | None:
        return None if self.finished else self.turns[self.index][1]

    @property
    def deals(self) -> int:
        return len(self.schedule)

    @property
    def deal(self) -> int:
        """The deal in progress, from 1 (the last one once the round is over)."""
        if self.finished:
            return self.deals
        return self.turns[self.index][0] + 1

    @property
    def last_deal(self) -> bool:
        return self.deal == self.deals

    def to_deal(self) -> int | None:
        """How many cards the dealer now deals each player, when every hand of the deal
        before has been played and the next deal is to be dealt (0: a short deal, its
        hands not all of one size: :meth:`short_hands`); None otherwise, the first deal
        (dealt with the first table) included.

        >>> from .variants import get_rules
        >>> from .cards import parse_cards
        >>> from .turn import Action, Play
        >>> r = RoundState(get_rules("swedish"), players=2, dealer=1)
        >>> r.start(parse_cards(["2C", "3D", "4H", "5C"]))
        >>> r.to_deal() is None
        True
        >>> for code in ["KS", "KH", "QS", "QH", "JS", "JH", "9S", "9H"]:  # the 8 cards of deal 1
        ...     _ = r.play(Play(parse_cards([code])[0], Action.TRAIL))
        >>> r.deal, r.to_deal()
        (2, 4)
        """
        if not self.started or self.finished or self.index == 0:
            return None
        deal, _seat = self.turns[self.index]
        if self.turns[self.index - 1][0] == deal:
            return None
        return self.each_of(deal + 1)

    def each_of(self, deal: int) -> int:
        """How many cards each player is dealt in ``deal`` (from 1); 0 when the hands are
        not all of one size (a short deal: :meth:`short_hands`).

        >>> from .variants import get_rules
        >>> r = RoundState(get_rules("norwegian"), players=5, dealer=0)
        >>> r.each_of(1), r.each_of(2)  # the half deal of five, then 4 each (RULES §4)
        (2, 4)
        """
        sizes = self.schedule[deal - 1]
        return sizes[0] if len(set(sizes)) == 1 else 0

    def short_hands(self) -> list[tuple[int, int]] | None:
        """The hands of the deal in progress when they are not all of one size (the stock
        ran short: the rest dealt as evenly as it goes from the dealer's left, RULES §4):
        each seat's cards in the order dealt; None for an even deal, or no deal in
        progress.

        >>> from .variants import get_rules
        >>> from .cards import parse_cards
        >>> r = RoundState(get_rules("krypkasino"), players=3, dealer=0)
        >>> r.start(parse_cards(["2C", "3D", "4H", "5C"]))
        >>> r.short_hands() is None, r.deals, r.schedule[-1]
        (True, 9, [1, 2, 1])
        """
        if not self.started or self.finished:
            return None
        sizes = self.schedule[self.deal - 1]
        if len(set(sizes)) == 1:
            return None
        order = ((self.dealer + 1 + k) % self.players for k in range(self.players))
        return [(seat, sizes[seat]) for seat in order]

    @property
    def stock(self) -> int:
        dealt = self.table_size + sum(sum(s) for s in self.schedule[: self.deal])
        return 52 * self.rules.packs - dealt

    @property
    def loose(self) -> list[Card]:
        return [item for item in self.table if isinstance(item, Card)]

    @property
    def builds(self) -> list[Build]:
        return [item for item in self.table if isinstance(item, Build)]

    @property
    def over(self) -> bool:
        """Nothing more is played: every card is down, or the match was decided."""
        return self.finished or self.decided is not None

    def unseen(self) -> Counter[Card]:
        out = Counter(pack(self.rules.packs))
        out.subtract(self.seen)
        return +out

    def spot(self) -> Spot:
        """The position the player to move is in."""
        seat = self.turn
        if seat is None:
            raise RoundOver("the round is over", Reason.of(Why.ROUND_OVER))
        return Spot(
            self.rules, seat, tuple(self.table),
            sides=self.side_of,
            must_capture=seat in self.must_capture,
            seen=self.seen,
            last_card=self.rules.builds and self._last_card(),
        )

    def _last_card(self) -> bool:
        """Is the card to play now its player's last of the deal? Every card dealt is
        played in the deal, so the turns still to come say how many each hand holds.

        >>> from .variants import get_rules
        >>> from .cards import parse_cards
        >>> r = RoundState(get_rules("norwegian"), players=2, dealer=1)
        >>> r.start(parse_cards(["2C", "3D", "4H", "5C"]))
        >>> for code in ["KS", "KH", "QS", "QH", "JS", "JH"]:  # 3 cards each of deal 1
        ...     _ = r.play(Play(parse_cards([code])[0], Action.TRAIL))
        >>> r.turn, r._last_card(), r.spot().last_card
        (0, True, True)
        """
        deal, seat = self.turns[self.index]
        return (deal, seat) not in self.turns[self.index + 1:]

    def _can_play(self, play: Play, player: int | None = None) -> None:
        """Refuse what cannot be applied at all (a :class:`RoundError`), or a play out of
        turn (:class:`IllegalPlay`)."""
        if not self.started:
            raise RoundError("lay out the first table cards before the first play",
                             Reason.of(Why.TABLE_FIRST))
        if self.decided is not None:
            raise RoundOver("the match was decided during this round; no more plays",
                            Reason.of(Why.MATCH_DECIDED))
        if self.finished:
            raise RoundOver("the round is over: every card has been played",
                            Reason.of(Why.ROUND_OVER))
        self._unseen(play.card)
        for ref in play.refs:
            if not 0 <= ref < len(self.table):
                raise RoundError(f"there is no table item {ref}",
                                 Reason.of(Why.NO_TABLE_ITEM, value=ref))
        if player is not None and player != self.turn:
            raise IllegalPlay(Verdict(
                False, Reason.of(Why.OUT_OF_TURN, turn=self.turn or 0, player=player), Kind.TURN))

    def verify_play(self, play: Play, player: int | None = None,
                    hand: Sequence[Card] | None = None) -> Verdict:
        """The verdict on a play by the player to move, without applying it: legal, or
        :class:`IllegalPlay` (with the card's legal captures), or a :class:`RoundError`."""
        self._can_play(play, player)
        return verify_play(self.spot(), play, hand, self.budget)

    def can_play(self, play: Play, player: int | None = None,
                 hand: Sequence[Card] | None = None) -> bool:
        """Would :meth:`play` accept this play? (Never raises.)

        >>> from .variants import get_rules
        >>> from .cards import parse_cards
        >>> r = RoundState(get_rules("swedish"), players=2, dealer=1)
        >>> r.start(parse_cards(["9S", "6C", "3D", "5H"]))
        >>> r.can_play(Play(Card.parse("9H"), Action.CAPTURE, (0,)))
        True
        >>> r.can_play(Play(Card.parse("9S"), Action.TRAIL))  # on the table already
        False
        """
        try:
            self._can_play(play, player)
            return judge(self.spot(), play, hand, self.budget).legal
        except (RoundError, IllegalPlay, TooComplex):
            return False

    def play(self, play: Play, player: int | None = None,
             hand: Sequence[Card] | None = None) -> PlayRecord:
        """Judge the play once and apply it. An illegal play raises :class:`IllegalPlay`,
        whose verdict lists the card's legal captures."""
        self._can_play(play, player)
        spot = self.spot()
        return self._apply(spot, play, verify_play(spot, play, hand, self.budget), None)

    def overrule(self, play: Play, reason: str) -> PlayRecord:
        """Apply a play the table recorded against the referee, as claimed (not judged)."""
        self._can_play(play)
        spot = self.spot()
        claimed = Verdict(False, Reason.of(Why.AS_CLAIMED), Kind(play.action.value))
        return self._apply(spot, play, _as_claimed(spot, play, claimed), reason)

    def _apply(self, spot: Spot, play: Play, verdict: Verdict,
               overrule: str | None) -> PlayRecord:
        seat = spot.player
        side = self.side_of[seat]
        deal = self.deal
        index = self.index
        self._see(play.card, index)
        before = list(self.table)
        # loose cards first, in the order they came, then the builds
        self.table = [i for i in verdict.table if isinstance(i, Card)] + [
            i for i in verdict.table if isinstance(i, Build)
        ]
        sweep = False
        if verdict.taken:
            self.piles[side].extend(verdict.taken)
            self.last_capturer = seat
            sweep = not self.table
            if sweep:
                self._sweep(seat, side, index, deal, play.card, before)
            self.mulle[side] += self.rules.mulle_value(play.card, [before[i] for i in play.refs])
            self._credit(side, verdict.taken)
        # the Danish builder's duty on the next turn
        if verdict.kind.builds and self.rules.building.must_capture_next:
            self.must_capture.add(seat)
        else:
            self.must_capture.discard(seat)
        for value in verdict.pending:
            self.obligations.append(_Obligation(seat, value, index, verdict.kind))
        self.logged += 1
        # the record keeps the ruling, not the table it left (the round's own) nor the
        # captures offered for a refusal: a snapshot holds every record of the round
        kept = replace(verdict, table=(), options=()) if verdict.table or verdict.options \
            else verdict
        record = PlayRecord(index, seat, deal, play, kept, sweep, overrule,
                            tuple(before[i] for i in play.refs))
        self.records.append(record)
        if self.finished or self.deal != deal:
            self._end_of_deal(deal)
        if self.finished:
            self._end_of_round()
        return record

    def _credit(self, side: int, cards: Sequence[Card]) -> None:
        """Points credited as they are captured; with them a match can end mid-round."""
        if self.rules.variant.match_end is not MatchEnd.HIGHEST_THEN_COUNT_OUT or self.decided:
            return
        credits = immediate_credits(self.rules, side, cards)
        if not credits:
            return
        self.immediate[side] += sum(c.points for c in credits)
        self.immediate_steps.append(credits)
        score = self.scores_before[side] + self.immediate[side]
        if score >= self.rules.target and self.decided is None:
            taken = tuple(c for c in cards if self.rules.immediate_points(c))
            note = (Note.of(Say.IMMEDIATE_LEFTOVER, side=side, score=score,
                            target=self.rules.target, taken=taken) if self.finished else
                    Note.of(Say.IMMEDIATE_AT_PLAY, side=side, score=score,
                            target=self.rules.target, play=self.index + 1, taken=taken))
            self.decided = MatchResult(self._standing(), True, side, (note,),
                                       Decided.IMMEDIATE)

    def _sweep(self, seat: int, side: int, index: int, deal: int, card: Card,
               before: list[Item]) -> None:
        rules = self.rules
        penalties = rules.variant.penalties
        if penalties is not None:
            sweep = Sweep(index, deal, True, SweepNote.NONE,
                          double=len(before) == 1 and before[0] == card)
            penalty = self.sweep_penalty(seat, sweep)
            if penalty is not None:
                self.sweep_points[side] += penalty.points
                if penalty.charged is not None:
                    self.sweep_points[penalty.charged] -= penalty.points
            self.sweeps[side].append(sweep)
            return
        scored, note = True, SweepNote.NONE
        freeze = rules.variant.sweep_freeze
        if not rules.variant.last_deal_sweeps_score and self.last_deal:
            scored, note = False, SweepNote.LAST_DEAL
        elif freeze is not None and max(self._standing()) >= freeze:
            scored, note = False, SweepNote.FROZEN
        self.sweeps[side].append(Sweep(index, deal, scored, note))

    def _end_of_deal(self, deal: int) -> None:
        """The retroactive hand check: every build owner held a card that captures it."""
        played: list[PlayRecord] = []
        for record in reversed(self.records):  # the deal's plays are the latest ones
            if record.deal != deal:
                break
            played.append(record)
        failed: set[tuple[int, int]] = set()
        codes = {Kind.BUILD: Why.UNBACKED_BUILD, Kind.RAISE: Why.UNBACKED_RAISE,
                 Kind.DOUBLE: Why.UNBACKED_BUILD if self.rules.building.builds_in_sets
                 else Why.UNBACKED_DOUBLE}  # Anglo: a multiple build is a build
        for ob in self.obligations:
            key = (ob.player, ob.value)
            if key in failed:
                continue
            later = [r.play.card for r in played if r.player == ob.player and r.index > ob.index]
            if not any(ob.value in self.rules.hand_values(c) for c in later):
                failed.add(key)
                code = codes.get(ob.kind)
                # a capture or trail that left the player's build owned: said by its card
                why = Reason.of(code, value=ob.value) if code is not None else Reason.of(
                    Why.UNBACKED_KEPT, value=ob.value, card=self.records[ob.index].play.card)
                self.findings.append(Finding(deal, ob.player, why))
        self.obligations = []
        if self.rules.building.captured_within_the_deal:
            # a build its owner could not back is reported once, as not backed
            for build in self.builds:
                if (build.owner, build.value) not in failed:
                    self.findings.append(Finding(
                        deal, build.owner, Reason.of(Why.BUILD_LEFT_AFTER_DEAL, build=build)))

    def _end_of_round(self) -> None:
        if self.last_capturer is not None:
            side = self.side_of[self.last_capturer]
            leftover = [c for item in self.table for c in item_cards(item)]
            self.leftover = tuple(leftover)
            self.piles[side].extend(leftover)
            last = self.records[-1]
            if self.rules.sisten_is_sweep and not (
                last.sweep and last.player == self.last_capturer
            ):
                self.sweeps[side].append(Sweep(last.index, self.deal, True, SweepNote.SISTEN))
            self.table = []
            self._credit(side, leftover)
        missing = self.unseen()
        if missing:
            self.findings.append(Finding(
                self.deal, self.dealer,
                Reason.of(Why.CARDS_NEVER_SEEN, cards=tuple(sorted(missing.elements())))))

    def unscored_sweeps(self) -> list[tuple[int, Sweep]]:
        """The sweeps that do not score (Finnish), with their sides, in the order played:
        read from the sweeps alone, without the records."""
        return sorted(((side, s) for side, made in enumerate(self.sweeps)
                       for s in made if not s.scored), key=lambda found: found[1].play)

    def sweep_of(self, record: PlayRecord) -> Sweep | None:
        """The sweep a play made, if it made one."""
        side = self.side_of[record.player]
        return next((s for s in self.sweeps[side] if s.play == record.index), None)

    def sweep_penalty(self, seat: int, sweep: Sweep) -> SweepPenalty | None:
        """Krypkasino: what a sweep by ``seat`` gives its side, and takes off the side of
        the player before the sweeper in seating order (RULES §7: on the first play of
        the round the dealer, as the tally reckons it too); None in a variant without
        penalty points.

        >>> from .variants import get_rules
        >>> from .cards import parse_cards
        >>> r = RoundState(get_rules("krypkasino"), players=3, dealer=0)
        >>> r.start(parse_cards(["2C", "3D", "4H", "5C"]))
        >>> record = r.play(Play(Card.parse("AH"), Action.CAPTURE, (0, 1, 2, 3)))
        >>> sweep = r.sweep_of(record)
        >>> r.sweep_penalty(record.player, sweep), r.sweep_points
        (SweepPenalty(points=5, side=1, charged=0), [-5, 5, 0])
        >>> r.sweep_penalty(0, Sweep(0, 1, True, double=True))
        SweepPenalty(points=10, side=0, charged=2)
        """
        penalties = self.rules.variant.penalties
        if penalties is None:
            return None
        points = penalties.twin_sweep if sweep.double else penalties.sweep
        side, charged = self.side_of[seat], self.side_of[(seat - 1) % self.players]
        return SweepPenalty(points, side, charged if charged != side else None)

    def match_now(self) -> tuple[int, ...] | None:
        """Finnish: each side's match points as they stand now, its points before the round
        and the aces and casinos credited the moment it took them (RULES §8), the points
        a side must bring to the target in the middle of the round; None in a variant that
        credits nothing before the round is added up.

        >>> from .variants import get_rules
        >>> from .cards import parse_cards
        >>> r = RoundState(get_rules("finnish"), players=2, dealer=1, scores=[3, 14])
        >>> r.start(parse_cards(["AS", "6C", "3D", "5H"]))
        >>> _ = r.play(Play(Card.parse("7D"), Action.CAPTURE, (0, 1)))  # A♠ + 6♣: an ace
        >>> r.match_now(), RoundState(get_rules("swedish"), players=2, dealer=1).match_now()
        ((4, 14), None)
        """
        if self.rules.variant.match_end is not MatchEnd.HIGHEST_THEN_COUNT_OUT:
            return None
        return self._standing()

    def _standing(self) -> tuple[int, ...]:
        """Each side's points before the round and those credited in it so far."""
        return tuple(s + i for s, i in zip(self.scores_before, self.immediate, strict=True))

    def penalties_so_far(self) -> tuple[int, ...] | None:
        """Krypkasino: each side's penalty points so far, its pile's cards and its sweeps
        (RULES §7): the round's points if nothing more came to it; None in a variant whose
        points are not all counted card by card.

        >>> from .variants import get_rules
        >>> from .cards import parse_cards
        >>> r = RoundState(get_rules("krypkasino"), players=2, dealer=1)
        >>> r.start(parse_cards(["2S", "3D", "4H", "KC"]))
        >>> _ = r.play(Play(Card.parse("KS"), Action.CAPTURE, (3,)))  # K♠ takes K♣: 1
        >>> _ = r.play(Play(Card.parse("9D"), Action.CAPTURE, (0, 1, 2)))  # 2♠ 2, a sweep 5
        >>> r.penalties_so_far()
        (-4, 7)
        """
        if not self.rules.reverse:
            return None
        points = self.rules.card_points
        return tuple(sum(points(c) for c in pile) + self.sweep_points[i]
                     for i, pile in enumerate(self.piles))

    def pile_counts(self) -> list[PileCount]:
        """Each side's pile so far.

        >>> from .variants import get_rules
        >>> from .cards import parse_cards
        >>> r = RoundState(get_rules("swedish"), players=2, dealer=1)
        >>> r.start(parse_cards(["AS", "6C", "3D", "5H"]))
        >>> _ = r.play(Play(Card.parse("AH"), Action.CAPTURE, (0,)))
        >>> r.pile_counts()[0]  # doctest: +NORMALIZE_WHITESPACE
        PileCount(cards=2, spades=1, sweeps=0, points=(Card.parse('AS'), Card.parse('AH')),
                  unscored=0, mulle=0, cancelled_to=None)

        Where sweeps cancel each other (Finnish), each pile says what is left of its own:

        >>> f = RoundState(get_rules("finnish"), players=2, dealer=1)
        >>> f.start(parse_cards(["2C", "3D", "4H", "9S"]))
        >>> _ = f.play(Play(Card.parse("9H"), Action.CAPTURE, (0, 1, 2, 3)))  # a mökki
        >>> [(c.sweeps, c.cancelled_to) for c in f.pile_counts()]
        [(1, None), (0, None)]
        >>> _ = f.play(Play(Card.parse("5D"), Action.TRAIL))
        >>> _ = f.play(Play(Card.parse("6C"), Action.TRAIL))
        >>> _ = f.play(Play(Card.parse("JD"), Action.CAPTURE, (0, 1)))  # 5+6: a mökki each
        >>> [(c.sweeps, c.cancelled_to) for c in f.pile_counts()]
        [(1, 0), (1, 0)]
        """
        scored = [sum(1 for s in self.sweeps[i] if s.scored) for i in range(len(self.piles))]
        left = sweeps_left(self.rules, scored)
        return [
            PileCount(len(pile), sum(1 for c in pile if c.spade), scored[i],
                      tuple(sorted(c for c in pile if self.rules.card_points(c))),
                      sum(1 for s in self.sweeps[i] if not s.scored), self.mulle[i],
                      left[i] if left[i] != scored[i] else None)
            for i, pile in enumerate(self.piles)
        ]

    def mulle_of(self, record: PlayRecord) -> int:
        """The points of the mulle a play made (0: none), as the pile was credited them.

        >>> from .variants import get_rules
        >>> from .cards import parse_cards
        >>> r = RoundState(get_rules("mulle"), players=2, dealer=1)
        >>> r.start(parse_cards(["7H", "6C", "3D", "5H", "2S"]))
        >>> r.mulle_of(r.play(Play(Card.parse("7H"), Action.CAPTURE, (0,))))
        5
        >>> r.mulle_of(r.play(Play(Card.parse("9S"), Action.CAPTURE, (0, 1))))  # 6+3
        0
        """
        if not record.verdict.taken:
            return 0
        return self.rules.mulle_value(record.play.card, record.items)

    # -- results --------------------------------------------------------------
    def tallies(self) -> list[Tally]:
        if self.tally is not None:
            return list(self.tally)
        return [
            Tally.from_pile(
                self.piles[i],
                sweeps=sum(1 for s in self.sweeps[i] if s.scored),
                last_capture=self.last_capturer is not None
                and self.side_of[self.last_capturer] == i,
                mulle=self.mulle[i],
                sweep_points=self.sweep_points[i] if self.rules.reverse else None,
                double_sweeps=sum(1 for s in self.sweeps[i] if s.double),
            )
            for i in range(len(self.sides))
        ]

    @property
    def scorable(self) -> bool:
        """Are the round's points known: every card played, the match decided, or the
        tallies entered?"""
        return self.tally is not None or (self.started and self.over)

    def score(self, carry: Mapping[str, int] | None = None) -> tuple[RoundScore, MatchResult]:
        """The round's points and the match after it.

        When the match was decided in the middle of the round, only the points
        credited until then count.
        """
        if self.decided is not None:
            by_leftover = any(n.code is Say.IMMEDIATE_LEFTOVER for n in self.decided.explanation)
            ended = Note.of(Say.ENDED_WITH_LEFTOVER if by_leftover else Say.ENDED_MID_ROUND)
            score = RoundScore.of(len(self.sides), self.immediate_steps, [0] * len(self.sides),
                                  [ended], carry or {}, len(self.immediate_steps))
            return score, self.decided
        steps = None if self.tally is not None else self.immediate_steps
        return round_and_match(self.rules, self.tallies(), self.scores_before, carry, steps)


def _as_claimed(spot: Spot, play: Play, judged: Verdict) -> Verdict:
    """The effect of a play applied as the table claimed it, not as the referee judged
    (``judged`` keeps the referee's ruling)."""
    why, kind, detail = judged.why, judged.kind, judged.detail
    table = spot.table
    refs = set(play.refs)
    rest = tuple(item for i, item in enumerate(table) if i not in refs)
    if play.action is Action.CAPTURE and refs:
        taken = (play.card, *(c for i in sorted(refs) for c in item_cards(table[i])))
        return Verdict(False, why, kind, table=rest, taken=taken, sweep=not rest, detail=detail)
    if play.action in (Action.BUILD, Action.DOUBLE) and refs:
        cards = [c for i in sorted(refs) for c in item_cards(table[i])] + [play.card]
        value = play.value or sum(min(spot.rules.table_values(c) or (0,)) for c in cards)
        build = Build.of(cards, value, spot.player, locked=play.action is Action.DOUBLE)
        return Verdict(False, why, kind, value, table=(*rest, build), detail=detail)
    return Verdict(False, why, Kind.TRAIL, table=(*table, play.card), detail=detail)
