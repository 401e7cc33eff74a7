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
>>> result = score_round(rules, [a, b], ["seat 0", "seat 1"], [0, 0])
>>> result.totals, result.sweeps
([10, 3], [2, 0])
>>> settle(rules, [0, 0], result).scores
[10, 3]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from .cards import BIG_CASINO, LITTLE_CASINO, Card, Suit
from .variants import MatchEnd, Rules, SpadeScoring

__all__ = [
    "CATEGORIES",
    "Credit",
    "MatchResult",
    "RoundScore",
    "Tally",
    "cancel_sweeps",
    "immediate_points",
    "score_round",
    "settle",
    "validate_tallies",
]

CATEGORIES = (
    "cards", "spades", "aces", "big_casino", "little_casino", "last_capture", "sweeps", "mulle",
)


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
            aces=tuple(sorted((c for c in cards if c.ace), key=_ace_order)),
            big_casino=sum(1 for c in cards if c == BIG_CASINO),
            little_casino=sum(1 for c in cards if c == LITTLE_CASINO),
            sweeps=sweeps,
            last_capture=last_capture,
            mulle=mulle,
            sweep_points=sweep_points,
            double_sweeps=double_sweeps,
        )


def _ace_order(card: Card) -> int:
    return list(Suit).index(card.suit)


@dataclass(frozen=True)
class Credit:
    side: int
    category: str
    points: int


@dataclass(frozen=True)
class RoundScore:
    points: list[dict[str, int]]
    totals: list[int]
    sweeps: list[int]  # the sweeps that scored, after cancellation
    steps: list[list[Credit]]  # in counting-out order
    explanation: list[str]
    carry: dict[str, int] = field(default_factory=dict)


def cancel_sweeps(counts: Sequence[int]) -> list[int]:
    """Finnish cancellation: each side keeps its count less the smallest count.

    >>> cancel_sweeps([3, 1]), cancel_sweeps([2, 1, 1]), cancel_sweeps([2, 1, 0])
    ([2, 0], [1, 0, 0], [2, 1, 0])
    """
    low = min(counts) if counts else 0
    return [c - low for c in counts]


def immediate_points(rules: Rules, cards: Iterable[Card]) -> int:
    """Points credited the moment they are captured (Finnish count-out)."""
    return sum(rules.card_points(c) for c in cards if c.ace or c in (BIG_CASINO, LITTLE_CASINO))


def _most(
    rules: Rules, label: str, counts: Sequence[int], points: int, names: Sequence[str],
    carry: dict[str, int], category: str, noun: str,
) -> tuple[list[Credit], list[str]]:
    """The majority point(s) of a category; a tie gives nobody (or carries over)."""
    if points <= 0:
        return [], []
    pot = points + carry.pop(category, 0)
    best = max(counts)
    leaders = [i for i, c in enumerate(counts) if c == best]
    shown = " v ".join(str(c) for c in counts)
    if len(leaders) > 1:
        if rules.tie_carry_over:
            carry[category] = pot
            return [], [f"most {noun} tied ({shown}): {pot} point{'s' * (pot != 1)} carried over"]
        return [], [f"most {noun} tied ({shown}): nobody scores"]
    side = leaders[0]
    ordered = " v ".join(str(c) for c in [counts[side], *sorted(
        (c for i, c in enumerate(counts) if i != side), reverse=True)])
    return [Credit(side, label, pot)], [
        f"{names[side]} has most {noun} ({ordered}): {pot} point{'s' * (pot != 1)}"
    ]


def score_round(
    rules: Rules,
    tallies: Sequence[Tally],
    names: Sequence[str],
    scores_before: Sequence[int],
    carry: dict[str, int] | None = None,
    immediate_steps: Sequence[list[Credit]] | None = None,
) -> RoundScore:
    """Points of a round per side and category, in counting-out order.

    ``immediate_steps`` are the Finnish aces and casinos in the order they were
    captured, when the play is known; otherwise they form one step.
    """
    v = rules.variant
    carry = dict(carry or {})
    n = len(tallies)
    explanation: list[str] = []
    steps: list[list[Credit]] = []

    def add(step: list[Credit], lines: list[str]) -> None:
        if step:
            steps.append(step)
        explanation.extend(lines)

    # sweeps: Finnish freeze on match points before the round, then cancellation
    raw = [t.sweeps for t in tallies]
    if v.finnish_sweeps and any(s >= 10 for s in scores_before) and any(raw):
        explanation.append("a side had 10 or more points before the round: sweeps do not score")
        raw = [0] * n
    if not (rules.sweeps_score or v.reverse):
        raw = [0] * n  # sweeps never score in this variant
    counted = cancel_sweeps(raw) if rules.sweep_cancellation and n > 1 else list(raw)
    if counted != raw:
        explanation.append(
            f"sweeps {' v '.join(map(str, raw))} cancel to {' v '.join(map(str, counted))}"
        )

    cards_step, cards_lines = _most(
        rules, "cards", [t.cards for t in tallies], v.most_cards, names, carry, "cards", "cards"
    )
    spade_step: list[Credit] = []
    spade_lines: list[str] = []
    if v.reverse:
        spade_step = [
            Credit(i, "spades", t.spades - t.little_casino)
            for i, t in enumerate(tallies) if t.spades - t.little_casino
        ]
    elif v.spade_scoring is SpadeScoring.MAJORITY:
        spade_step, spade_lines = _most(
            rules, "spades", [t.spades for t in tallies], v.most_spades, names, carry,
            "spades", "spades",
        )
    elif v.spade_scoring is SpadeScoring.OVER_SIX:
        for i, t in enumerate(tallies):
            if t.spades > 6:
                spade_step.append(Credit(i, "spades", t.spades - 6))
                spade_lines.append(f"{names[i]} has {t.spades} spades: {t.spades - 6} over six")
    else:  # each spade; A♠ 2; 2♠ scores as little casino
        for i, t in enumerate(tallies):
            aces_of_spades = sum(1 for c in t.aces if c.spade)
            pts = t.spades - t.little_casino + aces_of_spades
            if pts:
                spade_step.append(Credit(i, "spades", pts))
                spade_lines.append(f"{names[i]} has {t.spades} spades: {pts} points")

    ace_steps: list[list[Credit]] = []
    ace_lines: list[str] = []
    if v.reverse:
        for i, t in enumerate(tallies):
            if t.aces:
                ace_steps.append([Credit(i, "aces", len(t.aces))])
    elif rules.most_aces:
        step, ace_lines = _most(
            rules, "aces", [len(t.aces) for t in tallies], 1, names, carry, "aces", "aces"
        )
        ace_steps.append(step)
    elif v.ace:
        by_suit = sorted(
            ((c, i) for i, t in enumerate(tallies) for c in t.aces),
            key=lambda ci: _ace_order(ci[0]),
        )
        for _card, i in by_suit:
            ace_steps.append([Credit(i, "aces", v.ace)])
        for i, t in enumerate(tallies):
            if t.aces:
                ace_lines.append(
                    f"{names[i]} took {len(t.aces)} ace{'s' * (len(t.aces) != 1)} "
                    f"({', '.join(c.code for c in t.aces)}): {len(t.aces) * v.ace}"
                )
    big_points = 3 if v.reverse else v.big_casino
    little_points = 2 if v.reverse else v.little_casino
    big_step = [Credit(i, "big_casino", t.big_casino * big_points)
                for i, t in enumerate(tallies) if t.big_casino and big_points]
    little_step = [Credit(i, "little_casino", t.little_casino * little_points)
                   for i, t in enumerate(tallies) if t.little_casino and little_points]
    casino_lines = [
        f"{names[c.side]} took the big casino (10♦): {c.points}" for c in big_step
    ] + [f"{names[c.side]} took the little casino (2♠): {c.points}" for c in little_step]
    last_step = [
        Credit(i, "last_capture", v.last_capture)
        for i, t in enumerate(tallies) if t.last_capture and v.last_capture
    ]
    last_lines = [f"{names[c.side]} made the last capture: {c.points}" for c in last_step]
    sweep_step: list[Credit] = []
    sweep_lines: list[str] = []
    if v.reverse:
        sweep_step = _kryp_sweeps(tallies)
        sweep_lines = [f"{names[c.side]}: sweeps {c.points:+d}" for c in sweep_step]
    elif rules.sweeps_score:
        sweep_step = [Credit(i, "sweeps", c) for i, c in enumerate(counted) if c]
        sweep_lines = [
            f"{names[c.side]} scores {c.points} sweep{'s' * (c.points != 1)}" for c in sweep_step
        ]
    mulle_step = [Credit(i, "mulle", t.mulle) for i, t in enumerate(tallies) if t.mulle]
    mulle_lines = [f"{names[c.side]} made mulle: {c.points}" for c in mulle_step]

    if v.match_end is MatchEnd.COUNT_OUT_ROYAL:
        order = [
            (cards_step, cards_lines), (spade_step, spade_lines), (big_step, []),
            (little_step, casino_lines),
        ]
        for step, lines in order:
            add(step, lines)
        for step in ace_steps:
            add(step, [])
        explanation.extend(ace_lines)
        add(sweep_step, sweep_lines)
    elif v.match_end is MatchEnd.COUNT_OUT_FINNISH:
        if immediate_steps is None:
            immediate = [c for step in ace_steps for c in step] + big_step + little_step
            add(immediate, [])
        else:
            for step in immediate_steps:
                add(list(step), [])
            if rules.most_aces:  # the aces were not credited one by one
                for step in ace_steps:
                    add(step, [])
        explanation.extend(ace_lines + casino_lines)
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

    points = [dict.fromkeys(CATEGORIES, 0) for _ in range(n)]
    for step in steps:
        for credit in step:
            points[credit.side][credit.category] += credit.points
    totals = [sum(p.values()) for p in points]
    return RoundScore(points, totals, counted, steps, explanation, carry)


def _kryp_sweeps(tallies: Sequence[Tally]) -> list[Credit]:
    """+5 to the sweeper and −5 to the player before (±10 for a dubbeltabbe)."""
    n = len(tallies)
    out = [0] * n
    for i, t in enumerate(tallies):
        if t.sweep_points is not None:
            out[i] += t.sweep_points
            continue
        single = t.sweeps - t.double_sweeps
        out[i] += 5 * single + 10 * t.double_sweeps
        if n > 1:
            out[(i - 1) % n] -= 5 * single + 10 * t.double_sweeps
    return [Credit(i, "sweeps", p) for i, p in enumerate(out) if p]


@dataclass(frozen=True)
class MatchResult:
    scores: list[int]
    finished: bool
    winner: int | None
    explanation: list[str]


def settle(
    rules: Rules,
    scores_before: Sequence[int],
    result: RoundScore,
    names: Sequence[str] | None = None,
    spades: Sequence[int] | None = None,
) -> MatchResult:
    """Match scores after the round and, if the match is over, its winner."""
    names = list(names or [f"side {i}" for i in range(len(scores_before))])
    scores = list(scores_before)
    target = rules.target
    end = rules.variant.match_end
    final = [s + t for s, t in zip(scores_before, result.totals, strict=True)]
    if end in (MatchEnd.COUNT_OUT_FINNISH, MatchEnd.COUNT_OUT_ROYAL):
        # credited step by step; the first side to reach the target wins, and the
        # rest of the round is still written on the score sheet
        for step in result.steps:
            for credit in step:
                scores[credit.side] += credit.points
            reached = [i for i, s in enumerate(scores) if s >= target]
            if reached:
                return _decide(rules, scores, reached, names, spades, counted_out=True,
                               final=final)
        return MatchResult(final, False, None, [])
    scores = final
    if end is MatchEnd.FEWEST_POINTS:
        if max(scores) < target:
            return MatchResult(scores, False, None, [])
        low = min(scores)
        leaders = [i for i, s in enumerate(scores) if s == low]
        if len(leaders) == 1:
            return MatchResult(scores, True, leaders[0], [
                f"{names[leaders[0]]} wins with the fewest points ({low}) once a side reached "
                f"{target}"
            ])
        return MatchResult(scores, False, None, [
            f"a side reached {target} but the fewest points are tied ({low}): another round"
        ])
    reached = [i for i, s in enumerate(scores) if s >= target]
    if not reached:
        return MatchResult(scores, False, None, [])
    return _decide(rules, scores, reached, names, spades, counted_out=False, final=scores)


def _decide(
    rules: Rules, scores: list[int], reached: list[int], names: Sequence[str],
    spades: Sequence[int] | None, *, counted_out: bool, final: list[int],
) -> MatchResult:
    target = rules.target
    if len(reached) == 1:
        i = reached[0]
        how = "counting out" if counted_out else "the only side to reach it"
        return MatchResult(final, True, i, [
            f"{names[i]} reaches {scores[i]} of {target} and wins ({how})"
        ])
    best = max(scores[i] for i in reached)
    leaders = [i for i in reached if scores[i] == best]
    if len(leaders) == 1:
        return MatchResult(final, True, leaders[0], [
            f"{names[leaders[0]]} wins with most points ({best}) of the sides past {target}"
        ])
    if rules.variant.match_end is MatchEnd.MOST_POINTS_THEN_SPADES and spades is not None:
        most = max(spades[i] for i in leaders)
        top = [i for i in leaders if spades[i] == most]
        if len(top) == 1:
            return MatchResult(final, True, top[0], [
                f"tied at {best}: {names[top[0]]} wins with most spades in the round ({most})"
            ])
        return MatchResult(final, False, None, [
            f"tied at {best} with {most} spades each: another round"
        ])
    return MatchResult(final, False, None, [f"tied at {best}: another round"])


class TallyError(ValueError):
    """End-of-round counts that cannot be true; ``field`` says where."""

    def __init__(self, message: str, field: str) -> None:
        super().__init__(message)
        self.field = field


def validate_tallies(tallies: Sequence[Tally], packs: int) -> None:
    """The counts must add up to the pack: cards, spades, each ace, 10♦ and 2♠ once."""
    cards = sum(t.cards for t in tallies)
    if cards != 52 * packs:
        raise TallyError(f"the cards add up to {cards}, not {52 * packs}", "tallies")
    spades = sum(t.spades for t in tallies)
    if spades != 13 * packs:
        raise TallyError(f"the spades add up to {spades}, not {13 * packs}", "tallies")
    for card, count in Counter(c for t in tallies for c in t.aces).items():
        if count > packs:
            raise TallyError(
                f"{card.code} appears {'twice' if packs == 1 else f'{count} times'}; "
                "each ace belongs to exactly one side", "tallies",
            )
    aces = sum(len(t.aces) for t in tallies)
    if aces != 4 * packs:
        raise TallyError(f"{aces} aces are listed; every ace belongs to one side", "tallies")
    for name, count in (("big casino (10D)", sum(t.big_casino for t in tallies)),
                        ("little casino (2S)", sum(t.little_casino for t in tallies))):
        if count != packs:
            raise TallyError(f"the {name} must belong to exactly "
                           f"{'one side' if packs == 1 else 'two sides, or one side twice'}",
                           "tallies")
    if sum(1 for t in tallies if t.last_capture) > 1:
        raise TallyError("only one side can have the last capture", "tallies")
    for i, t in enumerate(tallies):
        if t.double_sweeps > t.sweeps:
            raise TallyError("a dubbeltabbe is one of the side's sweeps: no more of them than "
                             "sweeps", f"tallies[{i}].double_sweeps")
        if t.spades > t.cards:
            raise TallyError("a side cannot have more spades than cards", f"tallies[{i}].spades")
        least = len(t.aces) + t.big_casino + t.little_casino
        if least > t.cards:
            raise TallyError("a side has fewer cards than its aces and casinos",
                           f"tallies[{i}].cards")
        spade_cards = sum(1 for c in t.aces if c.spade) + t.little_casino
        if spade_cards > t.spades:
            raise TallyError("a side's spades must count its A♠ and 2♠", f"tallies[{i}].spades")
