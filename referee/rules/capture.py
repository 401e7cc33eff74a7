"""Capture legality (RULES.md §3.1) and the legal captures of a card.

Table items are addressed by index, so identical cards of a two-pack game are
never confused. Every search spends from the request's one :class:`Budget`.

>>> from .variants import get_rules
>>> P = Card.parse
>>> table = [P("9S"), P("6C"), P("3D"), P("5H"), P("4C")]
>>> verdict = check_capture(get_rules("norwegian"), P("9H"), table, [0, 1, 2, 3, 4], Budget())
>>> verdict.legal, verdict.value, verdict.sweep
(True, 9, True)
>>> [g.text for g in verdict.groups]
['9♠', '6♣+3♦', '5♥+4♣']
>>> bad = check_capture(get_rules("norwegian"), P("10D"), [P("10S")], [0], Budget())
>>> bad.legal, str(bad.why)
(False, 'hand_value(card=10♦, hand=16, table=10, items=10♠)')
>>> [str(r) for r in bad.detail]
['sum_not(cards=10♠, total=10, value=16)', 'counts_from_hand(card=10♦, hand=16, table=10)']
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from itertools import chain, product
from typing import Any, NamedTuple

from .cards import Card
from .partition import (
    SMALL_TABLE,
    Budget,
    TooComplex,
    greedy_packing,
    packings,
    some_group,
    split_exact,
)
from .reasons import Reason, Why
from .table import Build, Item, item_cards
from .variants import Rules

__all__ = [
    "MAX_OPTIONS",
    "Capture",
    "Group",
    "can_capture",
    "capture_options",
    "check_capture",
    "rank_key",
]

# The longest list of alternatives a verdict carries (best first).
MAX_OPTIONS = 40


@dataclass(frozen=True, slots=True)
class Group:
    """Table items taken together as one value: one build, or loose cards."""

    items: tuple[Item, ...]
    values: tuple[int, ...]

    def __reduce__(self) -> tuple[type[Group], tuple[Any, ...]]:
        """Pickled as its fields, in order (a round's snapshot holds many)."""
        return Group, (self.items, self.values)

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(card for item in self.items for card in item_cards(item))

    @property
    def text(self) -> str:
        parts = []
        for item, value in zip(self.items, self.values, strict=True):
            if isinstance(item, Build):
                parts.append(item.label)
                continue
            shown = item.symbol
            if value != item.rank:
                shown += f"({value})"
            parts.append(shown)
        return "+".join(parts)


@dataclass(frozen=True, slots=True)
class Capture:
    """The verdict on a claimed capture, with the split that makes it legal: ``why`` the
    rule that decided it, ``detail`` what lies behind it (each value tried)."""

    legal: bool
    why: Reason
    value: int | None = None
    groups: tuple[Group, ...] = ()
    sweep: bool = False
    detail: tuple[Reason, ...] = ()


def _loose(table: Sequence[Item], indexes: Sequence[int]) -> list[tuple[int, Card]]:
    out = []
    for i in indexes:
        item = table[i]
        if isinstance(item, Card):
            out.append((i, item))
    return out


def _split(
    rules: Rules, table: Sequence[Item], take: Sequence[int], value: int, budget: Budget
) -> tuple[Group, ...] | None:
    """Groups of ``value`` covering exactly the taken items, or None."""
    builds: list[Build] = []
    for i in take:
        item = table[i]
        if isinstance(item, Build):
            if item.value != value:
                return None
            builds.append(item)
    loose = _loose(table, take)
    split = split_exact([rules.table_values(card) for _, card in loose], value, budget)
    if split is None:
        return None
    groups = [Group(tuple(loose[j][1] for j, _ in g), tuple(v for _, v in g)) for g in split]
    groups += [Group((build,), (value,)) for build in builds]
    order = {id(item): pos for pos, item in enumerate(table)}
    return tuple(sorted(groups, key=lambda g: order[id(g.items[0])]))


def _sums(values: Sequence[tuple[int, ...]]) -> tuple[int, ...]:
    """Every sum cards of these values make (an ace 1 or 14), or () when one has no value
    or there are too many to list (more than two packs' aces).

    >>> _sums([(1, 14), (11,)]), _sums([(1, 14), (1, 14)]), _sums([(), (3,)])
    ((12, 25), (2, 15, 28), ())
    """
    choices = 1
    for options in values:
        choices *= len(options)
    if not 0 < choices <= 2 ** 8:
        return ()
    return tuple(sorted({sum(choice) for choice in product(*values)}))


def _leftover(
    rules: Rules, table: Sequence[Item], take: Sequence[int], value: int, budget: Budget
) -> tuple[Reason, ...]:
    """Why the taken items do not make ``value``s: the rule, then what is left over at
    best."""
    for i in take:
        item = table[i]
        if isinstance(item, Build) and item.value != value:
            return (Reason.of(Why.BUILD_TAKEN_WHOLE, build=item, value=value),)
    cards = [card for _, card in _loose(table, take)]
    values = [rules.table_values(card) for card in cards]
    best: list[list[int]]
    try:
        best = packings(values, values, value, budget)
    except TooComplex:
        best = [greedy_packing(values, value, budget.fallback())]
    largest = max(best, key=len, default=[])
    covered = set(largest)
    left = [cards[j] for j in range(len(cards)) if j not in covered]
    single = all(len(v) == 1 for v in values)
    total = sum(v[0] for v in values) if single else None
    shown = tuple(cards)
    too_big = [c for c, v in zip(cards, values, strict=True) if min(v, default=0) > value]
    if total is not None and total < value:
        return (Reason.of(Why.SUM_NOT, cards=shown, total=total, value=value),)
    if too_big:
        why = Reason.of(Why.CARD_TOO_BIG, card=too_big[0], value=value)
    elif total is None:
        why = Reason.of(Why.NO_SETS, cards=shown, totals=_sums(values), value=value)
    elif total % value:
        code = Why.SUM_NOT if total < 2 * value else Why.SUM_NOT_MULTIPLE
        why = Reason.of(code, cards=shown, total=total, value=value)
    else:
        why = Reason.of(Why.SPLIT_FAILS, cards=shown, total=total, value=value)
    if too_big:  # the rule itself says what is wrong: nothing more to add
        return (why,)
    if left and covered:
        return why, Reason.of(Why.LEFT_OVER_CARDS, cards=tuple(left))
    if total is not None and total % value:
        return why, Reason.of(Why.LEFT_OVER_SUM, sum=total, total=total % value,
                                   value=value)
    return (why,)


def _left_group(
    rules: Rules, table: Sequence[Item], take: Sequence[int], value: int, budget: Budget
) -> tuple[Item, ...]:
    """A group of ``value`` that the capture leaves on the table, or ().

    RULES.md §7: a Krypkasino capture is maximal when no further group of the same
    value can be taken from what it leaves on the table.
    """
    taken = set(take)
    rest = [i for i in range(len(table)) if i not in taken]
    for i in rest:
        item = table[i]
        if isinstance(item, Build) and item.value == value:
            return (item,)
    loose = _loose(table, rest)
    group = some_group([rules.table_values(card) for _, card in loose], value, budget)
    if group is None:
        return ()
    return tuple(loose[j][1] for j in group)


def check_capture(
    rules: Rules, card: Card, table: Sequence[Item], take: Sequence[int], budget: Budget
) -> Capture:
    """Is taking the items at ``take`` with ``card`` a legal capture? Why (not)?"""
    if not take:
        return Capture(False, Reason.of(Why.EMPTY_CAPTURE))
    take = sorted(set(take))
    sweep = len(take) == len(table)
    note = (found_note,) if (found_note := rules.values_note(card)) else ()
    hand = rules.hand_values(card)
    if not hand:  # a court card in classic Casino pairs one card of its rank
        taken = [table[i] for i in take]
        first = taken[0]
        if len(taken) == 1 and isinstance(first, Card) and first.rank == card.rank:
            group = Group((first,), (0,))
            return Capture(True, Reason.of(Why.PAIRS, card=card, items=(first,)), None,
                           (group,), sweep)
        return Capture(False, Reason.of(Why.COURT_PAIRS_ONLY, card=card), detail=note)
    if rules.clears_table(card) and sweep:
        group = Group(tuple(table), tuple(0 for _ in table))
        return Capture(True, Reason.of(Why.TAKES_TABLE, card=card), card.rank, (group,), True)
    # a court card of classic Casino has no number: only its own rank takes it
    numberless = [c for _, c in _loose(table, take) if not rules.table_values(c)]
    if numberless:
        return Capture(False, Reason.of(Why.NO_NUMBER, card=numberless[0]), detail=note)
    not_maximal: Reason | None = None
    for value in hand:
        groups = _split(rules, table, take, value, budget)
        if groups is None:
            continue
        if rules.reverse:
            left = _left_group(rules, table, take, value, budget)
            if left:
                not_maximal = not_maximal or Reason.of(Why.NOT_MAXIMAL, value=value, items=left)
                continue
        takes = Reason.of(Why.TAKES, card=card, items=tuple(table[i] for i in take))
        return Capture(True, takes, value, groups, sweep, note)
    if not_maximal:
        return Capture(False, not_maximal, detail=note)
    found = [_leftover(rules, table, take, value, budget) for value in hand]
    detail = tuple(chain.from_iterable(found)) + note
    return Capture(False, _lead(rules, card, table, take, hand, found, budget), detail=detail)


class Split(NamedTuple):
    """A legal capture as the referee splits it, to say it: the value each group makes
    (the card's value from the hand) and the groups. None and () for a capture that is not
    legal, or whose split is beyond the budget (then it is said as its items lie)."""

    value: int | None
    groups: tuple[Group, ...]


def capture_split(
    rules: Rules, card: Card, table: Sequence[Item], take: Sequence[int], budget: Budget
) -> Split:
    """How the referee splits a legal capture ("A♥ as 14 takes 8♦+5♦+A♣", "9♣ | 6♥+3♦").

    >>> from .variants import get_rules
    >>> table = [Card.parse(c) for c in ("9C", "6H", "3D", "5S", "4S")]
    >>> split = capture_split(get_rules("swedish"), Card.parse("9H"), table, (0, 1, 2, 3, 4),
    ...                       Budget())
    >>> split.value, [[str(c) for c in g.items] for g in split.groups]
    (9, [['9C'], ['6H', '3D'], ['5S', '4S']])
    >>> capture_split(get_rules("swedish"), Card.parse("AH"), table[:1], (0,), Budget())
    Split(value=None, groups=())
    """
    try:
        found = check_capture(rules, card, table, take, budget)
    except TooComplex:
        return Split(None, ())
    return Split(found.value, found.groups) if found.legal else Split(None, ())


def _lead(
    rules: Rules, card: Card, table: Sequence[Item], take: Sequence[int],
    hand: Sequence[int], found: Sequence[tuple[Reason, ...]], budget: Budget,
) -> Reason:
    """The rule that decided a refused capture: the card's value from the hand, when the
    same capture at its table value would stand; for a card of several values (an ace)
    what the taken cards add up to against all of them; else the reason for the value
    nearest to it."""
    on_table = [v for v in rules.table_values(card) if v not in hand]
    if any(_split(rules, table, take, v, budget) is not None for v in on_table):
        return Reason.of(Why.HAND_VALUE, card=card, hand=tuple(hand), table=tuple(on_table),
                         items=tuple(table[i] for i in take))
    values = [rules.table_values(item) for i in take if isinstance(item := table[i], Card)]
    if len(found) == 1 or any(len(v) != 1 for v in values):
        return found[0][0]
    total = sum(v[0] for v in values)
    loose = tuple(item for i in take if isinstance(item := table[i], Card))
    if len(loose) == len(take) and total < 2 * max(hand):  # one group, of no hand value
        return Reason.of(Why.SUM_NOT_EITHER, cards=loose, total=total, values=tuple(hand))
    return min(zip(hand, found, strict=True), key=lambda entry: abs(total - entry[0]))[1][0]


RankKey = tuple[int, int, int, tuple[int, ...]]


def rank_key(rules: Rules, cards: Sequence[Card]) -> RankKey:
    """Best first (RULES.md §3.1): most cards, then most points for the taker (aces,
    casinos, then spades); in Krypkasino fewest penalty points first; then card order.

    >>> from .variants import get_rules
    >>> P = Card.parse
    >>> rank_key(get_rules("swedish"), [P("2D"), P("10D")]) < rank_key(
    ...     get_rules("swedish"), [P("2D"), P("7C"), P("3S")])  # most cards first
    False
    """
    return _option_key(rules, _table_facts(rules, cards), tuple(range(len(cards))))


def capture_options(
    rules: Rules, card: Card, table: Sequence[Item], budget: Budget
) -> list[tuple[int, ...]]:
    """The legal captures of ``card`` the referee offers (table indexes), best first: the
    maximal ones (none a strict subset of another); in Krypkasino every capture RULES.md
    §7 allows, which may lie within a larger one; and a capture that makes a mulle
    whenever the card has one (in Mulle the identical card alone). At most
    ``MAX_OPTIONS`` are listed. A table too large to search in the budget lists one
    capture found greedily. The request's budget remembers the answer, so a second call
    for the same card and table costs nothing.

    >>> from .variants import get_rules
    >>> table = [Card.parse(c) for c in ("AC", "2D", "5H", "6C", "3S", "7D")]
    >>> capture_options(get_rules("krypkasino"), Card.parse("8H"), table, Budget())
    [(0, 1, 2), (0, 1, 2, 3, 4, 5)]
    """
    key = _search_key(rules, card, table)
    known = budget.known.get(key)
    if known is not None:
        return list(known)
    try:
        found = _options(rules, card, table, budget)
    except TooComplex:  # far beyond a real table: one legal capture, greedily
        found = _greedy_option(rules, card, table, budget.fallback())
    budget.known[key] = tuple(found)
    return found


def _search_key(rules: Rules, card: Card, table: Sequence[Item]) -> Hashable:
    """What a card's captures on a table are remembered by in the request's budget."""
    return rules, card, tuple(table)


def _builds_of(table: Sequence[Item], value: int) -> list[int]:
    """The table indexes of the builds of ``value``: a capture of that value takes them all."""
    return [i for i, item in enumerate(table) if isinstance(item, Build) and item.value == value]


def _greedy_option(
    rules: Rules, card: Card, table: Sequence[Item], budget: Budget
) -> list[tuple[int, ...]]:
    """One legal capture, group by group until no group of the value is left (so that in
    Krypkasino it leaves nothing of its value on the table either)."""
    loose = _loose(table, range(len(table)))
    values = [rules.table_values(c) for _, c in loose]
    for value in rules.hand_values(card):
        builds = _builds_of(table, value)
        option = tuple(sorted(builds + [loose[j][0] for j in greedy_packing(values, value,
                                                                            budget)]))
        if option:
            return [option]
    return []


def _options(
    rules: Rules, card: Card, table: Sequence[Item], budget: Budget
) -> list[tuple[int, ...]]:
    if not table:
        return []
    hand = rules.hand_values(card)
    found: list[tuple[int, ...]] = []
    sources = 0  # how many searches found options (only across them can one contain another)
    if not hand:
        found = [(i,) for i, item in enumerate(table)
                 if isinstance(item, Card) and item.rank == card.rank]
    else:
        loose = _loose(table, range(len(table)))
        values = [rules.table_values(c) for _, c in loose]
        # the better cards first, so a capped list of a large table keeps the best choices
        preference = None
        if len(loose) > SMALL_TABLE:
            preference = [rank_key(rules, [c]) for _, c in loose]
        for value in hand:
            builds = _builds_of(table, value)
            packed = packings(values, values, value, budget, MAX_OPTIONS, preference,
                              complete=rules.reverse)
            before = len(found)
            for packing in packed or [[]]:
                option = tuple(sorted(builds + [loose[j][0] for j in packing]))
                if option:
                    found.append(option)
            sources += len(found) > before
        if rules.clears_table(card):
            found.append(tuple(range(len(table))))
            sources += 1
    mulles = _mulles(rules, card, table, found, budget)
    # a Krypkasino capture that lies within another is as legal as the other (RULES §7)
    contained = sources > 1 and not rules.reverse
    return _best(rules, table, set(found), budget, contained, mulles)


def _mulles(
    rules: Rules, card: Card, table: Sequence[Item], found: list[tuple[int, ...]],
    budget: Budget,
) -> list[tuple[int, ...]]:
    """The captures among ``found`` that make a mulle (RULES.md §6). Where none does, a
    lone identical card the card can take is added to ``found``: in Mulle that is the
    mulle, though a larger capture holds the card."""
    if not rules.variant.has_mulle:
        return []
    budget.spend(len(table))
    twins = {i for i, item in enumerate(table) if card in item_cards(item)}
    if not twins:  # a mulle takes the identical card
        return []
    budget.spend(len(found))
    mulles = [o for o in found if not twins.isdisjoint(o)
              and rules.mulle_value(card, [table[i] for i in o])]
    if mulles:
        return mulles
    hand = set(rules.hand_values(card))
    for i in sorted(twins):
        item = table[i]
        if isinstance(item, Card) and rules.mulle_value(card, [item]) and (
            hand & set(rules.table_values(item))
        ):
            found.append((i,))
            return [(i,)]
    return []


def _best(
    rules: Rules, table: Sequence[Item], options: set[tuple[int, ...]], budget: Budget,
    contained: bool, mulles: Sequence[tuple[int, ...]] = (),
) -> list[tuple[int, ...]]:
    """The first ``MAX_OPTIONS`` options best first, without one that another contains
    (only possible when ``contained``) and, with two packs, each look of cards once. A
    capture that makes a mulle (``mulles``) is never left out: not for lying within
    another, and at the cap the best of them takes the last place.

    Most cards come first (except in Krypkasino), so the options are ranked one size
    at a time, largest first, and the ranking stops once enough are kept.
    """
    if not options:
        return []
    budget.spend(len(options) + len(table))
    facts = _table_facts(rules, table)
    if rules.reverse:
        classes = [list(options)]
    else:
        by_size: dict[int, list[tuple[int, ...]]] = {}
        for option in options:  # by the number of cards (a build is several)
            by_size.setdefault(sum(map(facts[0].__getitem__, option)), []).append(option)
        classes = [by_size[size] for size in sorted(by_size, reverse=True)]
    kept: list[tuple[int, ...]] = []
    kept_sets: list[frozenset[int]] = []
    looks: set[tuple[int, ...]] = set()
    for members in classes:
        budget.spend(len(members) * (len(members[0]) + 1))
        ranked = sorted((_option_key(rules, facts, option, on_table=True), option)
                        for option in members)
        for key, option in ranked:
            if contained and option not in mulles:
                budget.spend(len(kept_sets) + 1)
                chosen = frozenset(option)
                if any(chosen < other for other in kept_sets):
                    continue
                kept_sets.append(chosen)
            if rules.packs > 1:  # twins make captures that look the same
                if key[3] in looks:
                    continue
                looks.add(key[3])
            kept.append(option)
            if len(kept) == MAX_OPTIONS:
                return _with_mulle(rules, facts, kept, mulles)
    return kept


def _with_mulle(
    rules: Rules, facts: _Facts, kept: list[tuple[int, ...]], mulles: Sequence[tuple[int, ...]]
) -> list[tuple[int, ...]]:
    """A capped list with the best mulle capture in it: it takes the last place (it ranks
    after every option kept, or it would be among them)."""
    if mulles and not set(mulles) & set(kept):
        kept[-1] = min(mulles, key=lambda option: _option_key(rules, facts, option,
                                                              on_table=True))
    return kept


_Facts = tuple[list[int], list[int], list[int], list[tuple[int, ...]]]


def _table_facts(rules: Rules, table: Sequence[Item]) -> _Facts:
    """Per table item: cards, points, spades and card orders, for ranking options."""
    cards: list[int] = []
    points: list[int] = []
    spades: list[int] = []
    orders: list[tuple[int, ...]] = []
    for item in table:
        if isinstance(item, Card):
            point, spade, order = rules.card_facts(item)
            cards.append(1)
            points.append(point)
            spades.append(spade)
            orders.append((order,))
            continue
        facts = [rules.card_facts(c) for c in item.cards]
        cards.append(len(facts))
        points.append(sum(f[0] for f in facts))
        spades.append(sum(f[1] for f in facts))
        orders.append(tuple(f[2] for f in facts))
    return cards, points, spades, orders


def _option_key(rules: Rules, facts: _Facts, option: tuple[int, ...],
                on_table: bool = False) -> RankKey:
    """:func:`rank_key` of the cards of the items at ``option``, from their facts.
    ``on_table``: the facts are the whole table's, so an option of every item is a sweep,
    and in Krypkasino its penalty points (RULES §7) are the taker's to bear as well."""
    cards, points, spades, orders = facts
    order = tuple(sorted(chain.from_iterable(map(orders.__getitem__, option))))
    taken = sum(map(cards.__getitem__, option))
    worth = sum(map(points.__getitem__, option))
    if rules.reverse:
        penalties = rules.variant.penalties
        if on_table and penalties is not None and len(option) == len(cards):
            worth += penalties.sweep
        return (worth, -taken, 0, order)
    return (-taken, -worth, -sum(map(spades.__getitem__, option)), order)


def can_capture(rules: Rules, card: Card, table: Sequence[Item], budget: Budget) -> bool:
    """Does ``card`` capture anything at all? (Cheap: one subset sum per value.)"""
    known = budget.known.get(_search_key(rules, card, table))
    if known is not None:  # the captures were searched already in this request
        return bool(known)
    hand = rules.hand_values(card)
    if not hand:
        return any(isinstance(i, Card) and i.rank == card.rank for i in table)
    if rules.clears_table(card) and table:
        return True
    values = [rules.table_values(c) for _, c in _loose(table, range(len(table)))]
    return any(
        any(isinstance(i, Build) and i.value == v for i in table)
        or some_group(values, v, budget) is not None
        for v in hand
    )
