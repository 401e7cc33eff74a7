"""A round as a state machine, replayed from its events.

The events are the first table cards and then every play. :class:`Round`
follows turns and deals, refuses a card that has already turned up, judges each
play with :func:`~referee.rules.turn.judge`, records sweeps (with the Finnish
restrictions), the last capture, mulles and Krypkasino's sweep penalties, runs
the retroactive hand check at the end of every deal and accounts for the whole
pack at the end.

>>> from .variants import get_rules
>>> from .cards import parse_cards
>>> r = Round(get_rules("swedish"), players=2, dealer=1)
>>> r.start(parse_cards(["9S", "6C", "3D", "5H"]))
>>> r.turn, r.deal, r.deals, r.stock
(0, 1, 6, 40)
>>> record = r.play(Play(Card.parse("9H"), Action.CAPTURE, (0,)))
>>> record.player, [c.code for c in r.piles[0]], r.turn
(0, ['9H', '9S'], 1)
>>> r.play(Play(Card.parse("9H"), Action.TRAIL))
Traceback (most recent call last):
...
referee.rules.round.DuplicateCard: 9♥ has already turned up (played in play 1)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from .cards import Card, pack
from .scoring import (
    CATEGORIES,
    Credit,
    MatchResult,
    RoundScore,
    Tally,
    immediate_points,
    score_round,
    settle,
)
from .table import Build, Item, item_cards
from .turn import Action, Play, Spot, Verdict, judge
from .variants import Building, MatchEnd, MulleScoring, OptionError, Rules

__all__ = [
    "DuplicateCard",
    "Finding",
    "PlayRecord",
    "Round",
    "RoundError",
    "RoundOver",
    "Sweep",
    "deal_schedule",
    "sides_of",
]


class RoundError(ValueError):
    """A round event that cannot be applied at all."""


class DuplicateCard(RoundError):
    """A card that has already turned up (as often as the packs hold it)."""


class RoundOver(RoundError):
    """A play after the last card, or after the match was decided."""


class TableSizeError(RoundError):
    """The first table does not have as many cards as the variant deals."""


@dataclass(frozen=True)
class Sweep:
    play: int
    deal: int
    scored: bool
    note: str = ""
    double: bool = False  # Krypkasino dubbeltabbe


@dataclass(frozen=True)
class Finding:
    """A retroactive finding: what could only be checked at the end of a deal."""

    deal: int
    player: int
    reason: str


@dataclass(frozen=True)
class PlayRecord:
    index: int  # from 0
    player: int
    deal: int
    play: Play
    verdict: Verdict
    sweep: bool
    overruled: str | None = None


@dataclass
class _Obligation:
    player: int
    value: int
    index: int
    text: str


def sides_of(rules: Rules, players: int) -> list[list[int]]:
    """Seats of each side: one per player, or partners opposite each other.

    >>> from .variants import get_rules
    >>> sides_of(get_rules("swedish", {"partnerships": True}), 4)
    [[0, 2], [1, 3]]
    >>> sides_of(get_rules("krypkasino", {"partnerships": 3}), 6)
    [[0, 3], [1, 4], [2, 5]]
    """
    v = rules.variant
    if not isinstance(players, int) or not v.min_players <= players <= v.max_players:
        raise OptionError(
            f"{v.name} is played by {v.min_players} to {v.max_players} players", "players"
        )
    wanted = rules.partnerships
    if wanted is False:
        return [[seat] for seat in range(players)]
    count = players // 2 if wanted is True else wanted
    if players < 4:
        raise OptionError(
            f"partnerships need at least 4 players, not {players}", "partnerships"
        )
    if players % count or players // count < 2:
        raise OptionError(
            f"{players} players cannot sit as {count} sides of equal size", "partnerships"
        )
    return [list(range(side, players, count)) for side in range(count)]


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
    if v.id == "norwegian" and players == 5:
        table = 2
        deals.append([2] * players)
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


@dataclass
class Round:
    rules: Rules
    players: int
    dealer: int = 0
    scores: Sequence[int] | None = None  # match scores before the round, per side
    names: Sequence[str] | None = None
    # state, derived by replaying events
    table: list[Item] = field(default_factory=list, init=False)
    records: list[PlayRecord] = field(default_factory=list, init=False)
    findings: list[Finding] = field(default_factory=list, init=False)
    started: bool = field(default=False, init=False)

    def __post_init__(self) -> None:
        self.sides = sides_of(self.rules, self.players)
        if isinstance(self.dealer, bool) or not isinstance(self.dealer, int) or not (
            0 <= self.dealer < self.players
        ):
            raise OptionError(f"dealer must be a seat from 0 to {self.players - 1}", "dealer")
        self.side_of = {seat: i for i, side in enumerate(self.sides) for seat in side}
        self.scores_before = list(self.scores) if self.scores is not None else [0] * len(
            self.sides
        )
        if len(self.scores_before) != len(self.sides):
            raise OptionError(f"scores must list one number per side ({len(self.sides)})",
                              "scores")
        self.table_size, self.schedule = deal_schedule(self.rules, self.players, self.dealer)
        self.turns: list[tuple[int, int]] = [
            (d, seat) for d, sizes in enumerate(self.schedule)
            for seat in _turn_order(sizes, self.dealer)
        ]
        self.seen: Counter[Card] = Counter()
        self.where: dict[Card, str] = {}
        self.piles: list[list[Card]] = [[] for _ in self.sides]
        self.sweeps: list[list[Sweep]] = [[] for _ in self.sides]
        self.sweep_points = [0] * len(self.sides)
        self.mulle = [0] * len(self.sides)
        self.immediate = [0] * len(self.sides)
        self.immediate_steps: list[list[Credit]] = []
        self.last_capturer: int | None = None
        self.obligations: list[_Obligation] = []
        self.must_capture: set[int] = set()
        self.decided: MatchResult | None = None

    # -- events ---------------------------------------------------------------
    def start(self, table: Sequence[Card]) -> None:
        """The first table cards, face up."""
        if self.started:
            raise RoundError("the first table cards are already down")
        if len(table) != self.table_size:
            raise TableSizeError(
                f"{self.rules.variant.name} with {self.players} players starts with "
                f"{self.table_size} cards on the table, not {len(table)}"
            )
        for card in table:
            self._see(card, "on the first table")
        self.table = list(table)
        self.started = True

    def _see(self, card: Card, where: str) -> None:
        if self.seen[card] >= self.rules.packs:
            raise DuplicateCard(f"{card.symbol} has already turned up ({self.where[card]})")
        self.seen[card] += 1
        self.where[card] = where

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

    def unseen(self) -> Counter[Card]:
        out = Counter(pack(self.rules.packs))
        out.subtract(self.seen)
        return +out

    def spot(self, player: int | None = None) -> Spot:
        seat = self.turn if player is None else player
        if seat is None:
            raise RoundOver("the round is over")
        return Spot(
            self.rules, self.players, seat, tuple(self.table),
            must_capture=seat in self.must_capture and any(
                b.owner == seat for b in self.builds
            ),
            unseen=self.unseen(),
        )

    def check(self, play: Play, player: int | None = None,
              hand: Sequence[Card] | None = None) -> Verdict:
        """Judge a play by the player to move without applying it."""
        self._can_play(play, player)
        return judge(self.spot(), play, hand)

    def can_play(self, play: Play, player: int | None = None) -> bool:
        """Would :meth:`play` accept this play? (Never raises.)

        >>> from .variants import get_rules
        >>> from .cards import parse_cards
        >>> r = Round(get_rules("swedish"), players=2, dealer=1)
        >>> r.start(parse_cards(["9S", "6C", "3D", "5H"]))
        >>> r.can_play(Play(Card.parse("9H"), Action.CAPTURE, (0,)))
        True
        >>> r.can_play(Play(Card.parse("9S"), Action.TRAIL))  # on the table already
        False
        """
        try:
            self._can_play(play, player)
        except RoundError:
            return False
        return self.wrong_turn(player) is None and judge(
            self.spot(), play, alternatives=False).legal

    def _can_play(self, play: Play, player: int | None) -> None:
        if not self.started:
            raise RoundError("lay out the first table cards before the first play")
        if self.decided is not None:
            raise RoundOver("the match was decided during this round; no more plays")
        if self.finished:
            raise RoundOver("the round is over: every card has been played")
        if self.seen[play.card] >= self.rules.packs:
            raise DuplicateCard(
                f"{play.card.symbol} has already turned up ({self.where[play.card]})"
            )
        for ref in play.refs:
            if not 0 <= ref < len(self.table):
                raise RoundError(f"there is no table item {ref}")

    def wrong_turn(self, player: int | None) -> Verdict | None:
        if player is not None and player != self.turn:
            return Verdict(False, f"it is seat {self.turn}'s turn, not seat {player}'s", "turn")
        return None

    def play(self, play: Play, player: int | None = None, overrule: str | None = None,
             hand: Sequence[Card] | None = None) -> PlayRecord:
        """Apply a play. Illegal plays raise :class:`IllegalPlay` unless overruled."""
        self._can_play(play, player)
        wrong = self.wrong_turn(player)
        if wrong is not None:
            raise IllegalPlay(wrong)
        spot = self.spot()
        verdict = judge(spot, play, hand, alternatives=False)
        if not verdict.legal:
            verdict = judge(spot, play, hand)  # with the legal alternatives, to show them
            if overrule is None:
                raise IllegalPlay(verdict)
            verdict = _forced(spot, play, verdict)
        return self._apply(spot, play, verdict, overrule)

    def _apply(self, spot: Spot, play: Play, verdict: Verdict,
               overrule: str | None) -> PlayRecord:
        seat = spot.player
        side = self.side_of[seat]
        deal = self.deal
        index = self.index
        self._see(play.card, f"played in play {index + 1}")
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
            self._mulle(side, play.card, verdict.taken[1:], before, play)
            credits = self._immediate_credits(side, verdict.taken)
            if credits:
                self.immediate[side] += sum(c.points for c in credits)
                self.immediate_steps.append(credits)
        # obligations of a builder
        if verdict.kind in ("build", "raise", "double") and self.rules.building is Building.DANISH:
            self.must_capture.add(seat)
        else:
            self.must_capture.discard(seat)
        verb = {"build": "built", "raise": "raised a build to", "double": "doubled"}.get(
            verdict.kind, "kept a build of"
        )
        for value in verdict.pending:
            self.obligations.append(_Obligation(seat, value, index, f"{verb} {value}"))
        record = PlayRecord(index, seat, deal, play, verdict, sweep, overrule)
        self.records.append(record)
        self._finnish_count_out(side)
        if self.finished or self.deal != deal:
            self._end_of_deal(deal)
        if self.finished:
            self._end_of_round()
        return record

    def _immediate_credits(self, side: int, cards: Sequence[Card]) -> list[Credit]:
        out = []
        for c in cards:
            points = immediate_points(self.rules, [c])
            if points:
                category = "aces" if c.ace else (
                    "big_casino" if c.rank == 10 else "little_casino"
                )
                out.append(Credit(side, category, points))
        return out

    def _sweep(self, seat: int, side: int, index: int, deal: int, card: Card,
               before: list[Item]) -> None:
        rules = self.rules
        if rules.reverse:
            double = len(before) == 1 and before[0] == card
            points = 10 if double else 5
            self.sweep_points[side] += points
            previous = self.records[-1].player if self.records else None
            if previous is not None and self.side_of[previous] != side:
                self.sweep_points[self.side_of[previous]] -= points
            self.sweeps[side].append(Sweep(index, deal, True, "", double))
            return
        scored, note = True, ""
        if rules.variant.finnish_sweeps:
            if self.last_deal:
                scored, note = False, "made in the last deal"
            else:
                points = [s + i for s, i in zip(self.scores_before, self.immediate, strict=True)]
                if max(points) >= 10:
                    scored, note = False, "a side already had 10 or more points"
        self.sweeps[side].append(Sweep(index, deal, scored, note))

    def _mulle(self, side: int, card: Card, captured: Sequence[Card], before: list[Item],
               play: Play) -> None:
        scheme = self.rules.variant.mulle
        if scheme is MulleScoring.FIVE:
            if len(play.refs) == 1 and before[play.refs[0]] == card:
                self.mulle[side] += 5
        elif scheme is MulleScoring.CAPTURE_VALUE and card in captured:
            self.mulle[side] += max(self.rules.hand_values(card))

    def _finnish_count_out(self, side: int) -> None:
        if self.rules.variant.match_end is not MatchEnd.COUNT_OUT_FINNISH:
            return
        score = self.scores_before[side] + self.immediate[side]
        if score >= self.rules.target and not self.finished:
            names = self.side_names()
            self.decided = MatchResult(
                [s + i for s, i in zip(self.scores_before, self.immediate, strict=True)],
                True, side,
                [f"{names[side]} reaches {score} of {self.rules.target} in play "
                 f"{self.index} and wins (counting out, mid-round)"],
            )

    def _end_of_deal(self, deal: int) -> None:
        """The retroactive hand check: every build owner held a card that captures it."""
        played = [r for r in self.records if r.deal == deal]
        failed: set[tuple[int, int]] = set()
        for ob in self.obligations:
            key = (ob.player, ob.value)
            if key in failed:
                continue
            later = [r.play.card for r in played if r.player == ob.player and r.index > ob.index]
            if not any(ob.value in self.rules.hand_values(c) for c in later):
                failed.add(key)
                self.findings.append(Finding(
                    deal, ob.player,
                    f"{ob.text} but played no card that captures {ob.value} later in this deal",
                ))
        self.obligations = []
        if self.rules.building is Building.DANISH:
            for build in self.builds:
                self.findings.append(Finding(
                    deal, build.owner,
                    f"the {build.label} was not captured in the deal it was built "
                    "(Danish rules)",
                ))

    def _end_of_round(self) -> None:
        if self.last_capturer is not None:
            side = self.side_of[self.last_capturer]
            leftover = [c for item in self.table for c in item_cards(item)]
            self.piles[side].extend(leftover)
            last = self.records[-1]
            if self.rules.sisten_is_sweep and not (
                last.sweep and last.player == self.last_capturer
            ):
                self.sweeps[side].append(Sweep(last.index, self.deal, True, "sisten"))
            if leftover:
                credits = self._immediate_credits(side, leftover)
                if credits:
                    self.immediate_steps.append(credits)
            self.table = []
        missing = self.unseen()
        if missing:
            self.findings.append(Finding(
                self.deal, self.dealer,
                f"{sum(missing.values())} cards never turned up: "
                + " ".join(c.code for c in sorted(missing)),
            ))

    # -- results --------------------------------------------------------------
    def side_names(self) -> list[str]:
        out = []
        for side in self.sides:
            if self.names:
                out.append(" & ".join(self.names[s] for s in side))
            else:
                out.append(
                    f"seat {side[0]}" if len(side) == 1 else "seats " + "+".join(map(str, side))
                )
        return out

    def tallies(self) -> list[Tally]:
        return [
            Tally.from_pile(
                self.piles[i],
                sweeps=sum(1 for s in self.sweeps[i] if s.scored),
                last_capture=self.last_capturer is not None
                and self.side_of[self.last_capturer] == i,
                mulle=self.mulle[i],
                sweep_points=self.sweep_points[i] if self.rules.reverse else None,
            )
            for i in range(len(self.sides))
        ]

    def score(self, carry: dict[str, int] | None = None) -> tuple[RoundScore, MatchResult]:
        """The round's points and the match after it.

        When a Finnish match was decided in the middle of the round, only the
        points credited until then count.
        """
        if self.decided is not None:
            points = [dict.fromkeys(CATEGORIES, 0) for _ in self.sides]
            for step in self.immediate_steps:
                for credit in step:
                    points[credit.side][credit.category] += credit.points
            result = RoundScore(
                points, [sum(p.values()) for p in points], [0] * len(self.sides),
                [list(step) for step in self.immediate_steps],
                ["the match ended in the middle of the round"], dict(carry or {}),
            )
            return result, self.decided
        tallies = self.tallies()
        names = self.side_names()
        result = score_round(
            self.rules, tallies, names, self.scores_before, carry, self.immediate_steps
        )
        match = settle(self.rules, self.scores_before, result, names,
                       [t.spades for t in tallies])
        return result, match


class IllegalPlay(RoundError):
    """A play the rules do not allow; ``verdict`` says why."""

    def __init__(self, verdict: Verdict) -> None:
        super().__init__(verdict.reason)
        self.verdict = verdict


def _forced(spot: Spot, play: Play, verdict: Verdict) -> Verdict:
    """The effect of an illegal play that the table overruled into the record."""
    table = spot.table
    refs = set(play.refs)
    rest = tuple(item for i, item in enumerate(table) if i not in refs)
    reason = f"overruled: {verdict.reason}"
    if play.action is Action.CAPTURE and refs:
        taken = (play.card, *(c for i in sorted(refs) for c in item_cards(table[i])))
        return Verdict(False, reason, "capture", table=rest, taken=taken,
                       sweep=not rest, options=verdict.options)
    if play.action in (Action.BUILD, Action.DOUBLE) and refs:
        cards = [c for i in sorted(refs) for c in item_cards(table[i])] + [play.card]
        value = play.value or sum(min(spot.rules.table_values(c) or (0,)) for c in cards)
        build = Build.of(cards, value, spot.player, locked=play.action is Action.DOUBLE)
        return Verdict(False, reason, play.action.value, value, table=(*rest, build),
                       options=verdict.options)
    return Verdict(False, reason, "trail", table=(*table, play.card), options=verdict.options)
