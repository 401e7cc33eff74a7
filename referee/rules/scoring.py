"""End-of-round points (RULES.md §5–7) and the match (§8).

A round's points come out as ordered *steps* of credits, in the order a
counting-out variant credits them; a variant that does not count out simply
adds them all up.

>>> from .variants import get_rules
>>> from .cards import parse_cards
>>> rules = get_rules("swedish")
>>> a = Tally(cards=27, spades=7, aces=tuple(parse_cards(["AS", "AH"])), big_casino=1,
...           little_casino=0, sweeps=2, last_capture=True)
>>> b = Tally(cards=25, spades=6, aces=tuple(parse_cards(["AD", "AC"])), big_casino=0,
...           little_casino=1, sweeps=0, last_capture=False)
>>> result = score_round(rules, [a, b], [0, 0])
>>> result.totals, result.sweeps
((10, 3), (2, 0))
>>> settle(rules, [0, 0], result).scores
(10, 3)
>>> [note.code.value for note in result.explanation]
['most', 'most', 'aces', 'aces', 'big_casino', 'little_casino', 'last_capture', 'sweeps']
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .cards import BIG_CASINO, LITTLE_CASINO, Card, parse_cards
from .notes import Note, Say
from .reasons import Reason, Why
from .variants import MatchEnd, Rules, SpadeScoring

__all__ = [
    "Category",
    "Credit",
    "Decided",
    "MatchResult",
    "RoundResult",
    "RoundScore",
    "Tally",
    "TallyError",
    "TallyLimits",
    "cancel_sweeps",
    "immediate_credits",
    "round_and_match",
    "score_round",
    "settle",
    "tally_problems",
    "validate_tallies",
]


class Category(enum.StrEnum):
    """A line of the score sheet, in score-sheet order."""

    CARDS = "cards"
    SPADES = "spades"
    ACES = "aces"
    BIG_CASINO = "big_casino"
    LITTLE_CASINO = "little_casino"
    LAST_CAPTURE = "last_capture"
    SWEEPS = "sweeps"
    MULLE = "mulle"


@dataclass(frozen=True)
class Tally:
    """What one side brought home from a round."""

    cards: int
    spades: int
    aces: tuple[Card, ...]
    big_casino: int
    little_casino: int
    sweeps: int  # sweeps that may score (restrictions applied, not cancellation)
    last_capture: bool
    mulle: int = 0  # mulle points, already valued
    sweep_points: int | None = None  # Krypkasino: ±5/±10 per sweep, when play showed who
    double_sweeps: int = 0  # Krypkasino dubbeltabbe (among ``sweeps``)

    @classmethod
    def from_pile(
        cls, pile: Iterable[Card], sweeps: int = 0, last_capture: bool = False, mulle: int = 0,
        sweep_points: int | None = None, double_sweeps: int = 0,
    ) -> Tally:
        cards = list(pile)
        return cls(
            cards=len(cards),
            spades=sum(1 for c in cards if c.spade),
            aces=tuple(sorted((c for c in cards if c.ace), key=lambda c: c.suit.order)),
            big_casino=sum(1 for c in cards if c == BIG_CASINO),
            little_casino=sum(1 for c in cards if c == LITTLE_CASINO),
            sweeps=sweeps,
            last_capture=last_capture,
            mulle=mulle,
            sweep_points=sweep_points,
            double_sweeps=double_sweeps,
        )

    def to_json(self) -> dict[str, Any]:
        return {"cards": self.cards, "spades": self.spades, "aces": [c.code for c in self.aces],
                "big_casino": self.big_casino, "little_casino": self.little_casino,
                "sweeps": self.sweeps, "last_capture": self.last_capture, "mulle": self.mulle,
                "double_sweeps": self.double_sweeps}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Tally:
        return cls(int(data["cards"]), int(data["spades"]), tuple(parse_cards(data["aces"])),
                   int(data["big_casino"]), int(data["little_casino"]), int(data["sweeps"]),
                   bool(data["last_capture"]), int(data.get("mulle", 0)),
                   double_sweeps=int(data.get("double_sweeps", 0)))


@dataclass(frozen=True)
class Credit:
    side: int
    category: Category
    points: int
    card: Card | None = None  # an ace credited on its own (counted out by suit)


Points = Mapping[Category, int]


@dataclass(frozen=True)
class RoundScore:
    points: tuple[Points, ...]  # per side, every category
    totals: tuple[int, ...]
    sweeps: tuple[int, ...]  # the sweeps that scored, after cancellation
    steps: tuple[tuple[Credit, ...], ...]  # in counting-out order
    explanation: tuple[Note, ...]
    carry: Mapping[str, int] = field(default_factory=dict)
    immediate: int = 0  # how many of the first steps are points credited during play

    @classmethod
    def of(cls, n: int, steps: Sequence[Sequence[Credit]], sweeps: Sequence[int],
           explanation: Sequence[Note], carry: Mapping[str, int], immediate: int = 0,
           ) -> RoundScore:
        points = [dict.fromkeys(Category, 0) for _ in range(n)]
        for step in steps:
            for credit in step:
                points[credit.side][credit.category] += credit.points
        return cls(tuple(points), tuple(sum(p.values()) for p in points), tuple(sweeps),
                   tuple(tuple(step) for step in steps), tuple(explanation), dict(carry),
                   immediate)

    def during_play(self) -> RoundScore:
        """Only the points credited during play (the match ended in the middle)."""
        return RoundScore.of(len(self.totals), self.steps[:self.immediate],
                             [0] * len(self.totals),
                             [Note.of(Say.ENDED_MID_ROUND)], self.carry,
                             self.immediate)


def cancel_sweeps(counts: Sequence[int]) -> list[int]:
    """Finnish cancellation: each side keeps its count less the smallest count.

    >>> cancel_sweeps([3, 1]), cancel_sweeps([2, 1, 1]), cancel_sweeps([2, 1, 0])
    ([2, 0], [1, 0, 0], [2, 1, 0])
    """
    low = min(counts) if counts else 0
    return [c - low for c in counts]


def sweeps_left(rules: Rules, counts: Sequence[int]) -> list[int]:
    """Each side's sweeps once they cancel each other, where the rules say they do.

    >>> from .variants import get_rules
    >>> sweeps_left(get_rules("finnish"), [3, 1]), sweeps_left(get_rules("swedish"), [3, 1])
    ([2, 0], [3, 1])
    """
    return cancel_sweeps(counts) if rules.sweep_cancellation and len(counts) > 1 else list(
        counts)


def immediate_credits(rules: Rules, side: int, cards: Iterable[Card]) -> list[Credit]:
    """The aces and casinos among ``cards``, credited the moment they are captured."""
    out = []
    for card in cards:
        points = rules.immediate_points(card)
        if points:
            category = Category.ACES if card.ace else (
                Category.BIG_CASINO if card == BIG_CASINO else Category.LITTLE_CASINO
            )
            out.append(Credit(side, category, points))
    return out


def carried(rules: Rules) -> frozenset[Category]:
    """The categories whose points a tie carries over to the next round: the majorities
    these rules score (most cards, most spades, most aces), with the house rule
    ``tie_carry_over``; none without it.

    >>> from .variants import get_rules
    >>> sorted(carried(get_rules("swedish", {"tie_carry_over": True})))
    [<Category.CARDS: 'cards'>, <Category.SPADES: 'spades'>]
    >>> carried(get_rules("swedish"))
    frozenset()
    """
    if not rules.tie_carry_over:
        return frozenset()
    v = rules.variant
    majorities = {Category.CARDS: v.most_cards > 0,
                  Category.SPADES: (v.penalties is None and v.most_spades > 0
                                    and v.spade_scoring is SpadeScoring.MAJORITY),
                  Category.ACES: v.penalties is None and rules.most_aces}
    return frozenset(category for category, scored in majorities.items() if scored)


def _most(
    rules: Rules, counts: Sequence[int], points: int, carry: dict[str, int],
    category: Category,
) -> tuple[list[Credit], list[Note]]:
    """The majority point(s) of a category; a tie gives nobody (or carries over)."""
    if points <= 0:
        return [], []
    pot = points + carry.pop(category.value, 0)
    best = max(counts)
    leaders = [i for i, c in enumerate(counts) if c == best]
    if len(leaders) > 1:
        if rules.tie_carry_over:
            carry[category.value] = pot
            return [], [Note.of(Say.MOST_TIED_CARRIED, category=category.value,
                                counts=tuple(counts), points=pot)]
        return [], [Note.of(Say.MOST_TIED, category=category.value, counts=tuple(counts))]
    side = leaders[0]
    ordered = (counts[side], *sorted((c for i, c in enumerate(counts) if i != side),
                                     reverse=True))
    return [Credit(side, category, pot)], [
        Note.of(Say.MOST, side=side, category=category.value, counts=ordered, points=pot)]


def score_round(
    rules: Rules,
    tallies: Sequence[Tally],
    scores_before: Sequence[int],
    carry: Mapping[str, int] | None = None,
    immediate_steps: Sequence[Sequence[Credit]] | None = None,
) -> RoundScore:
    """Points of a round per side and category, in counting-out order.

    ``immediate_steps`` are the aces and casinos credited during play, in the order
    they were captured, when the play is known; otherwise they form one step.
    """
    v = rules.variant
    pending = dict(carry or {})
    n = len(tallies)
    explanation: list[Note] = []
    steps: list[list[Credit]] = []

    def add(step: list[Credit], lines: list[Note]) -> None:
        if step:
            steps.append(step)
        explanation.extend(lines)

    # sweeps: the freeze on match points before the round, then cancellation
    raw = [t.sweeps for t in tallies]
    freeze = v.sweep_freeze
    if freeze is not None and any(s >= freeze for s in scores_before) and any(raw):
        explanation.append(Note.of(Say.SWEEPS_FROZEN, points=freeze))
        raw = [0] * n
    if not (rules.sweeps_score or v.reverse):
        raw = [0] * n  # sweeps never score in this variant
    counted = sweeps_left(rules, raw)
    if counted != raw:
        explanation.append(Note.of(Say.SWEEPS_CANCEL, counts=tuple(raw),
                                   counted=tuple(counted)))

    cards_step, cards_lines = _most(
        rules, [t.cards for t in tallies], v.most_cards, pending, Category.CARDS)
    spade_step, spade_lines = _spades(rules, tallies, pending)
    ace_steps, ace_lines = _aces(rules, tallies, pending)
    big_step, little_step, casino_lines = _casinos(rules, tallies)
    last_step = [
        Credit(i, Category.LAST_CAPTURE, v.last_capture)
        for i, t in enumerate(tallies) if t.last_capture and v.last_capture
    ]
    last_lines = [Note.of(Say.LAST_CAPTURE, side=c.side, points=c.points) for c in last_step]
    sweep_step: list[Credit] = []
    sweep_lines: list[Note] = []
    if v.penalties is not None:
        parts = _penalty_sweeps(rules, tallies)
        sweep_step = [Credit(i, Category.SWEEPS, own + charged)
                      for i, (own, charged) in enumerate(parts) if own + charged]
        # a line for every side a sweep touched, even where its own and the next
        # player's came to nothing in all
        sweep_lines = [Note.of(Say.PENALTY_SWEEPS, side=i, points=own + charged, own=own,
                               charged=charged)
                       for i, (own, charged) in enumerate(parts) if own or charged]
    elif rules.sweeps_score:
        sweep_step = [Credit(i, Category.SWEEPS, c) for i, c in enumerate(counted) if c]
        sweep_lines = [Note.of(Say.SWEEPS, side=c.side, count=c.points) for c in sweep_step]
    mulle_step = [Credit(i, Category.MULLE, t.mulle) for i, t in enumerate(tallies) if t.mulle]
    mulle_lines = [Note.of(Say.MULLE, side=c.side, points=c.points) for c in mulle_step]

    immediate = 0
    if v.match_end is MatchEnd.COUNT_OUT:  # in the order the variant counts out
        counted_out = {
            "cards": ([cards_step], cards_lines), "spades": ([spade_step], spade_lines),
            "big_casino": ([big_step], []), "little_casino": ([little_step], casino_lines),
            "aces": (ace_steps, ace_lines), "sweeps": ([sweep_step], sweep_lines)}
        for category in rules.categories:
            category_steps, lines = counted_out[category]
            for step in category_steps:
                add(step, [])
            explanation.extend(lines)
    elif v.match_end is MatchEnd.HIGHEST_THEN_COUNT_OUT:
        # the aces and casinos are credited as they are captured; with the most_aces house
        # rule the aces score one majority point at the end of the round instead, counted
        # out first (where the aces stand in the order), never among the immediate points
        by_ace = [] if rules.most_aces else [c for step in ace_steps for c in step]
        if immediate_steps is None:
            add(by_ace + big_step + little_step, [])
        else:
            for credits in immediate_steps:
                add(list(credits), [])
        immediate = len(steps)
        explanation.extend(ace_lines + casino_lines)
        if rules.most_aces:
            for step in ace_steps:
                add(step, [])
        add(spade_step, spade_lines)
        add(cards_step, cards_lines)
        add(sweep_step, sweep_lines)
    else:
        add(cards_step, cards_lines)
        add(spade_step, spade_lines)
        for step in ace_steps:
            add(step, [])
        explanation.extend(ace_lines)
        add(big_step + little_step, casino_lines)
        add(last_step, last_lines)
        add(sweep_step, sweep_lines)
        add(mulle_step, mulle_lines)
    return RoundScore.of(n, steps, counted, explanation, pending, immediate)


def _spades(
    rules: Rules, tallies: Sequence[Tally], carry: dict[str, int]
) -> tuple[list[Credit], list[Note]]:
    v = rules.variant
    step: list[Credit] = []
    lines: list[Note] = []
    if v.penalties is not None:  # every spade but 2♠, which costs as the little casino
        p = v.penalties
        step = [Credit(i, Category.SPADES, p.spade * (t.spades - t.little_casino))
                for i, t in enumerate(tallies) if t.spades - t.little_casino]
    elif v.spade_scoring is SpadeScoring.MAJORITY:
        step, lines = _most(rules, [t.spades for t in tallies], v.most_spades, carry,
                            Category.SPADES)
    elif v.spade_scoring is SpadeScoring.OVER_SIX:
        for i, t in enumerate(tallies):
            if t.spades > v.spades_over:
                pts = v.most_spades * (t.spades - v.spades_over)
                step.append(Credit(i, Category.SPADES, pts))
                lines.append(Note.of(Say.SPADES_OVER_SIX, side=i, count=t.spades,
                                     points=pts, over=v.spades_over))
    else:  # each spade, and A♠ its own; 2♠ scores only as the little casino
        for i, t in enumerate(tallies):
            aces_of_spades = sum(1 for c in t.aces if c.spade)
            others = t.spades - t.little_casino - aces_of_spades
            pts = v.spade_each * others + v.ace_of_spades * aces_of_spades
            if pts:
                step.append(Credit(i, Category.SPADES, pts))
                # what makes the points differ from the count, said beside it
                lines.append(Note.of(Say.SPADES_EACH, side=i, count=t.spades, points=pts,
                                     aces_of_spades=aces_of_spades,
                                     ace_of_spades=v.ace_of_spades, little=t.little_casino))
    return step, lines


def _aces(
    rules: Rules, tallies: Sequence[Tally], carry: dict[str, int]
) -> tuple[list[list[Credit]], list[Note]]:
    v = rules.variant
    steps: list[list[Credit]] = []
    lines: list[Note] = []
    if v.penalties is not None:
        for i, t in enumerate(tallies):
            if t.aces:
                steps.append([Credit(i, Category.ACES, v.penalties.ace * len(t.aces))])
    elif rules.most_aces:
        step, lines = _most(rules, [len(t.aces) for t in tallies], 1, carry, Category.ACES)
        steps.append(step)
    elif v.ace:
        by_suit = sorted(((c, i) for i, t in enumerate(tallies) for c in t.aces),
                         key=lambda ci: ci[0].suit.order)
        for card, i in by_suit:
            steps.append([Credit(i, Category.ACES, v.ace, card)])
        for i, t in enumerate(tallies):
            if t.aces:
                lines.append(Note.of(Say.ACES, side=i, cards=tuple(t.aces),
                                     points=len(t.aces) * v.ace))
    return steps, lines


def _casinos(
    rules: Rules, tallies: Sequence[Tally]
) -> tuple[list[Credit], list[Credit], list[Note]]:
    v = rules.variant
    big = v.penalties.big_casino if v.penalties is not None else v.big_casino
    little = v.penalties.little_casino if v.penalties is not None else v.little_casino
    big_step = [Credit(i, Category.BIG_CASINO, t.big_casino * big)
                for i, t in enumerate(tallies) if t.big_casino and big]
    little_step = [Credit(i, Category.LITTLE_CASINO, t.little_casino * little)
                   for i, t in enumerate(tallies) if t.little_casino and little]
    # (with two packs a side may take both of a kind: ``count``)
    lines = [Note.of(Say.BIG_CASINO, side=c.side, count=tallies[c.side].big_casino,
                     points=c.points) for c in big_step] + [
        Note.of(Say.LITTLE_CASINO, side=c.side, count=tallies[c.side].little_casino,
                points=c.points) for c in little_step]
    return big_step, little_step, lines


def _penalty_sweeps(rules: Rules, tallies: Sequence[Tally]) -> list[tuple[int, int]]:
    """Krypkasino: +5 to the sweeper and −5 to the player before (±10 for a dubbeltabbe):
    the side of the seat to the sweeper's right, as in play (RULES §7). Each side's
    points for its own sweeps and, charged to it, for the sweeps of the player after it.

    >>> from .variants import get_rules
    >>> anna, bo = Tally.from_pile([], sweeps=2, double_sweeps=1), Tally.from_pile([])
    >>> _penalty_sweeps(get_rules("krypkasino"), [anna, bo])
    [(15, 0), (0, -15)]
    """
    penalties = rules.variant.penalties
    if penalties is None:
        return []
    n = len(tallies)
    own = [penalties.sweep * (t.sweeps - t.double_sweeps)
           + penalties.twin_sweep * t.double_sweeps for t in tallies]
    charged = [0] * n
    for i, t in enumerate(tallies):
        if t.sweep_points is not None:  # play showed who was before each sweep
            charged[i] += t.sweep_points - own[i]
        elif n > 1:
            charged[(i - 1) % n] -= own[i]
    return list(zip(own, charged, strict=True))


def round_and_match(
    rules: Rules, tallies: Sequence[Tally], scores_before: Sequence[int],
    carry: Mapping[str, int] | None = None,
    immediate_steps: Sequence[Sequence[Credit]] | None = None,
) -> tuple[RoundScore, MatchResult]:
    """The round's points and the match after it. A match decided in the middle of the
    round by the points credited during play keeps only those points."""
    score = score_round(rules, tallies, scores_before, carry, immediate_steps)
    match = settle(rules, scores_before, score, [t.spades for t in tallies])
    if match.decided is Decided.IMMEDIATE:
        score = score.during_play()
    return score, match


@dataclass(frozen=True)
class Standing:
    """Who is ahead in the match: ``ahead`` the sides with the best score (more than one:
    level at the top), ``by`` the points between them and the best of the rest (0 when
    no other side is behind). The best score is the highest, or with ``reverse`` rules
    (Krypkasino's penalty points) the lowest.

    >>> standing([12, 8, 15], reverse=False)
    Standing(ahead=(2,), by=3)
    >>> standing([12, 8, 15], reverse=True)
    Standing(ahead=(1,), by=4)
    >>> standing([9, 9, 4], reverse=False)
    Standing(ahead=(0, 1), by=5)
    >>> standing([0, 0], reverse=False)
    Standing(ahead=(0, 1), by=0)
    """

    ahead: tuple[int, ...]
    by: int

    @property
    def level(self) -> bool:
        return len(self.ahead) > 1


def standing(scores: Sequence[int], reverse: bool) -> Standing:
    """The sides ahead on ``scores`` (the match's totals, a side each), and by how much."""
    if not scores:
        raise ValueError("a match has at least two sides")
    best = min(scores) if reverse else max(scores)
    ahead = tuple(i for i, score in enumerate(scores) if score == best)
    rest = [score for score in scores if score != best]
    behind = (min(rest) if reverse else max(rest)) if rest else best
    return Standing(ahead, abs(best - behind))


class Decided(enum.StrEnum):
    """How the match was decided (or why it goes on)."""

    NOT_YET = "not yet"
    ONLY_ONE = "the only side to reach the target"
    MOST_POINTS = "most points"
    MOST_SPADES = "most spades in the round"
    COUNTED_OUT = "counted out"
    IMMEDIATE = "immediate points, mid-round"
    FEWEST_POINTS = "fewest points"
    TIED = "tied: another round"


@dataclass(frozen=True)
class MatchResult:
    scores: tuple[int, ...]
    finished: bool
    winner: int | None
    explanation: tuple[Note, ...]
    decided: Decided = Decided.NOT_YET


def settle(
    rules: Rules,
    scores_before: Sequence[int],
    result: RoundScore,
    spades: Sequence[int] | None = None,
) -> MatchResult:
    """Match scores after the round and, if the match is over, its winner."""
    target = rules.target
    end = rules.variant.match_end
    final = tuple(s + t for s, t in zip(scores_before, result.totals, strict=True))
    if end is MatchEnd.HIGHEST_THEN_COUNT_OUT:
        return _highest_then_count_out(rules, scores_before, result, final)
    if end is MatchEnd.COUNT_OUT:
        # credited step by step; the first side to reach the target wins, and the
        # rest of the round is still written on the score sheet
        scores = list(scores_before)
        for step in result.steps:
            for credit in step:
                scores[credit.side] += credit.points
            reached = [i for i, s in enumerate(scores) if s >= target]
            if len(reached) == 1:
                i = reached[0]
                return MatchResult(final, True, i, (
                    Note.of(Say.COUNTED_OUT, side=i, score=scores[i], target=target,
                            category=step[0].category.value,
                            **({"cards": (card,)} if (card := step[0].card) else {})),),
                    Decided.COUNTED_OUT)
            if reached:
                return _most_points(rules, scores, reached, None, final)
        return MatchResult(final, False, None, ())
    reached = [i for i, s in enumerate(final) if s >= target]
    if not reached:
        return MatchResult(final, False, None, ())
    if end is MatchEnd.FEWEST_POINTS:
        low = min(final)
        leaders = [i for i, s in enumerate(final) if s == low]
        # the notes name who reached the target: the sides that ended the match
        ended = tuple(reached)
        if len(leaders) == 1:
            return MatchResult(final, True, leaders[0], (
                Note.of(Say.FEWEST_POINTS, side=leaders[0], score=low, target=target,
                        sides=ended),), Decided.FEWEST_POINTS)
        return MatchResult(final, False, None, (
            Note.of(Say.FEWEST_TIED, score=low, target=target, sides=ended),), Decided.TIED)
    if len(reached) == 1:
        i = reached[0]
        return MatchResult(final, True, i, (
            Note.of(Say.ONLY_ONE, side=i, score=final[i], target=target),), Decided.ONLY_ONE)
    by_spades = spades if end is MatchEnd.MOST_POINTS_THEN_SPADES else None
    return _most_points(rules, final, reached, by_spades, final)


def _most_points(
    rules: Rules, scores: Sequence[int], reached: list[int],
    spades: Sequence[int] | None, final: tuple[int, ...],
) -> MatchResult:
    """Several sides reached the target: most points, then (if given) most spades."""
    target = rules.target
    best = max(scores[i] for i in reached)
    leaders = [i for i in reached if scores[i] == best]
    if len(leaders) == 1:
        return MatchResult(final, True, leaders[0], (
            Note.of(Say.MOST_POINTS, side=leaders[0], score=best, target=target),),
            Decided.MOST_POINTS)
    if spades is not None:
        most = max(spades[i] for i in leaders)
        top = [i for i in leaders if spades[i] == most]
        if len(top) == 1:
            return MatchResult(final, True, top[0], (
                Note.of(Say.MOST_SPADES, side=top[0], score=best, count=most),),
                Decided.MOST_SPADES)
        return MatchResult(final, False, None, (
            Note.of(Say.TIED_SPADES, score=best, count=most),), Decided.TIED)
    return MatchResult(final, False, None, (Note.of(Say.TIED, score=best),), Decided.TIED)


def _highest_then_count_out(
    rules: Rules, scores_before: Sequence[int], result: RoundScore, final: tuple[int, ...],
) -> MatchResult:
    """Finnish (RULES.md §8): the aces and casinos credited during play end the match the
    moment one side reaches the target; otherwise, once a side has the target, the
    highest total wins, and only a tie for it is counted out (spades, cards, sweeps)."""
    target = rules.target
    scores = list(scores_before)
    credited: set[int] = set()  # only immediate points end the match, as in play
    for step in result.steps[:result.immediate]:
        for credit in step:
            scores[credit.side] += credit.points
            credited.add(credit.side)
        reached = [i for i in sorted(credited) if scores[i] >= target]
        if len(reached) == 1:  # (in a tally the captures' order is unknown: not several)
            i = reached[0]
            return MatchResult(tuple(scores), True, i, (
                Note.of(Say.IMMEDIATE, side=i, score=scores[i], target=target),),
                Decided.IMMEDIATE)
    if max(final) < target:
        return MatchResult(final, False, None, ())
    best = max(final)
    leaders = [i for i, s in enumerate(final) if s == best]
    if len(leaders) == 1:
        i = leaders[0]
        others = tuple(s for j, s in enumerate(final) if j != i)
        return MatchResult(final, True, i, (
            Note.of(Say.HIGHEST, side=i, score=best, counts=others, target=target),),
            Decided.MOST_POINTS)
    lines = [Note.of(Say.TIED_COUNT_OUT, sides=tuple(leaders), score=best,
                     counts=tuple(scores[i] for i in leaders))]
    if len([i for i in leaders if scores[i] >= target]) > 1:
        lines.append(Note.of(Say.TOGETHER_IMMEDIATE, target=target))
        return MatchResult(final, False, None, tuple(lines), Decided.TIED)
    for step in result.steps[result.immediate:]:
        for credit in step:
            scores[credit.side] += credit.points
        category = step[0].category.value
        reached = [i for i in leaders if scores[i] >= target]
        if len(reached) == 1:
            i = reached[0]
            lines.append(Note.of(Say.COUNT_OUT_WINS, side=i, score=scores[i], target=target,
                                 category=category))
            return MatchResult(final, True, i, tuple(lines), Decided.COUNTED_OUT)
        if reached:
            lines.append(Note.of(Say.TOGETHER, category=category, target=target))
            return MatchResult(final, False, None, tuple(lines), Decided.TIED)
    lines.append(Note.of(Say.ANOTHER_ROUND))
    return MatchResult(final, False, None, tuple(lines), Decided.TIED)


@dataclass(frozen=True)
class RoundResult:
    """A confirmed round, as written on the score sheet."""

    points: tuple[Points, ...]  # per side and category
    totals: tuple[int, ...]
    explanation: tuple[Note, ...]  # the round's points
    match_note: tuple[Note, ...]  # what the round did to the match
    carry: Mapping[str, int]
    scores: tuple[int, ...]  # the match after the round

    @classmethod
    def of(cls, score: RoundScore, match: MatchResult) -> RoundResult:
        return cls(score.points, score.totals, score.explanation, match.explanation,
                   dict(score.carry), match.scores)

    def to_json(self) -> dict[str, Any]:
        return {
            "points": [{c.value: p[c] for c in Category} for p in self.points],
            "totals": list(self.totals),
            "explanation": [note.to_json() for note in self.explanation],
            "match_note": [note.to_json() for note in self.match_note],
            "carry": dict(self.carry), "scores": list(self.scores),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> RoundResult:
        return cls(
            tuple({c: int(p.get(c.value, 0)) for c in Category} for p in data["points"]),
            tuple(data["totals"]),
            tuple(Note.from_json(line) for line in data.get("explanation", ())),
            tuple(Note.from_json(line) for line in data.get("match_note", ())),
            dict(data.get("carry", {})),
            tuple(data.get("scores", ())),
        )


class TallyError(ValueError):
    """End-of-round counts that cannot be true; ``field`` says where (``tallies`` for the
    counts together, ``tallies[i].key`` for one side's count)."""

    def __init__(self, message: str, field: str, why: Reason) -> None:
        super().__init__(message)
        self.field = field
        self.why = why
        self.also: tuple[TallyError, ...] = ()  # the counts' other problems, if any


@dataclass(frozen=True)
class TallyLimits:
    """What the seating and the variant allow a tally (from the deal schedule, see
    :func:`referee.rules.round.tally_limits`)."""

    plays: tuple[int, ...]  # the cards each side's players play in the round
    # where sweeps made in the last deal do not score (Finnish, RULES §5): the cards each
    # side plays in the last deal; the sweeps a tally gives are the ones before it
    last_deal: tuple[int, ...] | None = None
    last_capture_scores: bool = False  # then exactly one side made the last capture
    sisten_is_sweep: bool = False  # the last capture counts as one more sweep
    # the plays of the whole round in which a sweep counts (Finnish: those before the last
    # deal); None: the round's sweeps together are not bounded
    counted_plays: int | None = None
    # what a mulle of each card of the pack scores, highest first (none: no mulles), and
    # the step mulle points come in (Mulle: 5 each; None: any sum of those values)
    mulle_values: tuple[int, ...] = ()
    mulle_step: int | None = None
    # the aces score only as spades (Mulle (Kortspelshandboken), RULES §6: A♠ 2, other
    # aces nothing): a tally places the A♠ alone, the other aces need not be given
    aces_of_spades_only: bool = False

    @property
    def sweeps(self) -> tuple[int, ...]:
        """The most sweeps each side can give."""
        if self.last_deal is not None:
            return tuple(p - last for p, last in zip(self.plays, self.last_deal, strict=True))
        return tuple(p + self.sisten_is_sweep for p in self.plays)

    @property
    def sweeps_together(self) -> int | None:
        """The most sweeps all sides can give together: after a sweep the next player must
        trail (RULES §5), so no two plays in a row sweep and at most every other play does;
        with ``sisten_is_sweep`` the last capture may add one.

        >>> TallyLimits((24, 24), counted_plays=48).sweeps_together
        24
        >>> TallyLimits((24, 24), sisten_is_sweep=True, counted_plays=48).sweeps_together
        25
        """
        plays = self.counted_plays
        if plays is None:
            return None
        return plays // 2 + 1 if self.sisten_is_sweep else (plays + 1) // 2


def _cards_for_sweeps(sweeps: int, sisten: bool) -> int:
    """The fewest cards a side's pile holds after ``sweeps`` sweeps: each takes at least one
    table card with the card played. With the last capture counted as a sweep (``sisten``),
    that one brings at least one card left on the table, beside an earlier capture."""
    return 2 * sweeps - (sisten and sweeps >= 2)


def _most_mulle(values: Sequence[int], cards: int) -> int:
    """The most mulle points a pile of ``cards`` can hold: each mulle takes a card and its
    identical twin, and each card of the pack makes at most one mulle (there are two of
    it), worth ``values`` (one per card, highest first)."""
    return sum(values[: cards // 2])


def validate_tallies(
    tallies: Sequence[Tally], packs: int, limits: TallyLimits | None = None
) -> None:
    """The counts must add up to the pack: cards, spades, each ace, 10♦ and 2♠ once (twice
    with two packs); they must fit each side's pile (two cards at least for each sweep and
    each mulle, and for the last capture); and with the seating's ``limits`` a side makes
    at most one sweep per card its players play, the sides together at most every other
    play's, the last capture is marked where it scores, and mulle points are what mulles
    can score.

    >>> from .cards import parse_cards
    >>> a = Tally(26, 7, tuple(parse_cards(["AS", "AH"])), 1, 0, 30, True)
    >>> b = Tally(26, 6, tuple(parse_cards(["AD", "AC"])), 0, 1, 1, False)
    >>> validate_tallies([a, b], 1, TallyLimits((24, 24)))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    referee.rules.scoring.TallyError: 30 sweeps are more than this side can make: ... at most 24
    """
    problems = tally_problems(tallies, packs, limits)
    if problems:
        first, *others = problems
        first.also = tuple(others)
        raise first


def tally_problems(
    tallies: Sequence[Tally], packs: int, limits: TallyLimits | None = None
) -> list[TallyError]:
    """Every way the counts cannot be true (see :func:`validate_tallies`), in the order a
    table checks them, so that a phone can say them all at once. A negative count or a
    card that is no ace is said alone: the sums of such counts say nothing more.

    >>> from .cards import parse_cards
    >>> a = Tally(30, 8, tuple(parse_cards(["AS", "AH"])), 1, 0, 0, True)
    >>> b = Tally(30, 8, tuple(parse_cards(["AH", "AC"])), 1, 1, 0, True)
    >>> [p.why.code.value for p in tally_problems([a, b], 1)]
    ['tally_cards', 'tally_spades', 'tally_ace_twice', 'tally_casino', 'tally_last_twice']
    """
    return list(_problems(tallies, packs, limits))


def _problems(
    tallies: Sequence[Tally], packs: int, limits: TallyLimits | None
) -> Iterator[TallyError]:
    whole = 52 * packs
    names = (("cards", "cards"), ("spades", "spades"), ("big_casino", "10♦"),
             ("little_casino", "2♠"), ("sweeps", "sweeps"), ("double_sweeps", "dubbeltabbe"),
             ("mulle", "mulle points"))
    malformed = False  # a negative count, a card that is no ace: said alone
    for i, t in enumerate(tallies):
        for key, noun in names:
            if getattr(t, key) < 0:
                malformed = True
                yield TallyError(f"the {noun} cannot be fewer than 0", f"tallies[{i}].{key}",
                                 Reason.of(Why.TALLY_NEGATIVE, category=key))
        for j, card in enumerate(t.aces):
            if not card.ace:
                malformed = True
                yield TallyError(f"{card.symbol} is not an ace", f"tallies[{i}].aces[{j}]",
                                 Reason.of(Why.TALLY_NOT_ACE, card=card))
    if malformed:
        return
    cards = sum(t.cards for t in tallies)
    if cards != whole:
        yield TallyError(f"the cards add up to {cards}, not {whole}", "tallies",
                         Reason.of(Why.TALLY_CARDS, total=cards, whole=whole))
    spades = sum(t.spades for t in tallies)
    if spades != 13 * packs:
        yield TallyError(f"the spades add up to {spades}, not {13 * packs}", "tallies",
                         Reason.of(Why.TALLY_SPADES, total=spades, whole=13 * packs))
    twice = False
    for card, count in Counter(c for t in tallies for c in t.aces).items():
        if count > packs:
            twice = True
            yield TallyError(
                f"{card.symbol} appears {'twice' if count == 2 else f'{count} times'}; "
                + ("each ace belongs to exactly one side" if packs == 1 else
                   "two packs hold two of each ace"), "tallies",
                Reason.of(Why.TALLY_ACE_TWICE, card=card, count=count),
            )
    spades_only = limits is not None and limits.aces_of_spades_only
    aces = sum(1 for t in tallies for c in t.aces if c.spade or not spades_only)
    placed = packs if spades_only else 4 * packs
    if aces != placed and not twice:
        yield TallyError(f"{aces} aces are listed, not {placed}; every ace belongs to one "
                         "side", "tallies", Reason.of(Why.TALLY_ACES, total=aces, whole=placed))
    for key, name, count in (
        ("big_casino", "big casino (10♦)", sum(t.big_casino for t in tallies)),
        ("little_casino", "little casino (2♠)", sum(t.little_casino for t in tallies)),
    ):
        if count != packs:
            yield TallyError(f"the {name} must belong to exactly "
                             f"{'one side' if packs == 1 else 'two sides, or one side twice'}",
                             "tallies", Reason.of(Why.TALLY_CASINO, category=key, packs=packs))
    last = sum(1 for t in tallies if t.last_capture)
    if last > 1:
        yield TallyError("only one side can have the last capture", "tallies",
                         Reason.of(Why.TALLY_LAST_TWICE))
    if last == 0 and limits is not None and limits.last_capture_scores:
        yield TallyError(f"all {whole} cards were taken, so one side made the last capture: "
                         "mark which", "tallies", Reason.of(Why.TALLY_LAST_MISSING, whole=whole))
    for i, t in enumerate(tallies):
        if t.double_sweeps > t.sweeps:
            yield TallyError("a dubbeltabbe is one of the side's sweeps: no more of them than "
                             "sweeps", f"tallies[{i}].double_sweeps",
                             Reason.of(Why.TALLY_DOUBLE_SWEEPS))
        if t.spades > t.cards:
            yield TallyError("a side cannot have more spades than cards", f"tallies[{i}].spades",
                             Reason.of(Why.TALLY_SPADES_OVER_CARDS))
        least = len(t.aces) + t.big_casino + t.little_casino
        if least > t.cards:
            yield TallyError("a side has fewer cards than its aces and casinos",
                             f"tallies[{i}].cards", Reason.of(Why.TALLY_CARDS_UNDER))
        spade_cards = sum(1 for c in t.aces if c.spade) + t.little_casino
        if spade_cards > t.spades:
            yield TallyError("a side's spades must count its A♠ and 2♠", f"tallies[{i}].spades",
                             Reason.of(Why.TALLY_SPADES_UNDER))
        if limits is not None:
            yield from _sweeps_played(i, t, limits)
        yield from _fits_the_pile(i, t, limits)
    if limits is not None:
        yield from _sweeps_together(tallies, limits)


def _sweeps_together(tallies: Sequence[Tally], limits: TallyLimits) -> Iterator[TallyError]:
    """The sides together sweep at most every other play (and one more with
    ``sisten_is_sweep``)."""
    most, plays = limits.sweeps_together, limits.counted_plays
    count = sum(t.sweeps for t in tallies)
    if most is None or plays is None or count <= most:
        return
    extra = ", and the last capture may count as one more" if limits.sisten_is_sweep else ""
    yield TallyError(
        f"{count} sweeps in all are more than a round allows: after a sweep the next player "
        f"must trail, so of the {plays} plays whose sweeps count at most every other one "
        f"sweeps{extra}: at most {most}", "tallies",
        Reason.of(Why.TALLY_SWEEPS_TOGETHER_SISTEN if extra else Why.TALLY_SWEEPS_TOGETHER,
                  count=count, plays=plays, most=most))


def _sweeps_played(i: int, t: Tally, limits: TallyLimits) -> Iterator[TallyError]:
    """A side sweeps at most once per card its players play (RULES §5: in Finnish only
    the cards before the last deal count)."""
    plays = limits.plays[i]
    if limits.last_deal is not None:
        before = limits.sweeps[i]
        if t.sweeps > before:
            yield TallyError(
                f"{t.sweeps} sweeps cannot count: sweeps made in the last deal do not "
                f"score and are left out, and this side's players play {before} cards "
                f"before it, so at most {before} sweeps", f"tallies[{i}].sweeps",
                Reason.of(Why.TALLY_SWEEPS_LAST_DEAL, count=t.sweeps, most=before))
        return
    extra = ""
    if limits.sisten_is_sweep and t.last_capture:
        extra = ", and the last capture counts as one more"
    most = plays + (1 if extra else 0)
    if t.sweeps > most:
        yield TallyError(
            f"{t.sweeps} sweeps are more than this side can make: its players play {plays} "
            f"cards in the round, each sweeps at most once{extra}, so at most {most}",
            f"tallies[{i}].sweeps",
            Reason.of(Why.TALLY_SWEEPS_SISTEN if extra else Why.TALLY_SWEEPS,
                      count=t.sweeps, plays=plays, most=most))


def _fits_the_pile(i: int, t: Tally, limits: TallyLimits | None) -> Iterator[TallyError]:
    """What a side's pile must hold for its sweeps, its last capture and its mulles: a
    capture takes at least one table card with the card played."""
    sisten = t.last_capture and (limits is None or limits.sisten_is_sweep)
    least = _cards_for_sweeps(t.sweeps, sisten)
    if t.cards < least:
        yield TallyError(
            f"{t.sweeps} sweeps need at least {least} cards in the side's pile (each takes a "
            f"table card with the card played), and it has {t.cards}", f"tallies[{i}].sweeps",
            Reason.of(Why.TALLY_SWEEPS_CARDS, count=t.sweeps, least=least, pile=t.cards))
    if t.last_capture and t.cards < 2:
        yield TallyError(
            f"a side with {t.cards} cards cannot have made the last capture: a capture takes "
            "at least one table card with the card played", f"tallies[{i}].last_capture",
            Reason.of(Why.TALLY_LAST_NO_CARDS, pile=t.cards))
    if limits is None or not t.mulle or not limits.mulle_values:
        return
    field = f"tallies[{i}].mulle"
    step = limits.mulle_step
    if step and t.mulle % step:
        yield TallyError(f"{t.mulle} mulle points cannot be: each mulle scores {step}", field,
                         Reason.of(Why.TALLY_MULLE_STEP, points=t.mulle, value=step))
    most = _most_mulle(limits.mulle_values, t.cards)
    if t.mulle > most:
        yield TallyError(
            f"{t.mulle} mulle points are more than a pile of {t.cards} cards can hold: each "
            f"mulle takes a card and its identical twin, so at most {most}", field,
            Reason.of(Why.TALLY_MULLE_VALUE, points=t.mulle, pile=t.cards, most=most))
