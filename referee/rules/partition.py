"""Splitting cards into groups that each add up to one value.

Every search here spends steps from one :class:`Budget`, and every loop is
charged, so a request that runs several searches (one per hand value, the claim,
the alternatives, Krypkasino's maximality) is bounded as a whole: when the
budget runs out the search raises :class:`TooComplex` instead of running on.

Two ways to enumerate the maximal packings of a table:

* when at most :data:`SMALL_TABLE` cards can take part in a group, the table is
  solved directly on bit masks: the subsets adding up to the value come from two
  halves of the table (meet in the middle), then the unions of disjoint subsets
  are one bitmap over all subsets of those cards (see :func:`_unions`);
* a large table is reduced to *types*: cards with the same key (the same choice
  of values, and for ranking the same suit role and points) are interchangeable,
  so the search runs over count vectors, not over subsets, and remembers what it
  has seen. That keeps a 20-card table to a few milliseconds.

>>> split_exact([(9,), (6,), (3,), (5,), (4,)], 9, Budget())
[[(0, 9)], [(1, 6), (2, 3)], [(3, 5), (4, 4)]]
>>> split_exact([(2,), (3,), (5,), (8,)], 10, Budget()) is None
True
>>> split_exact([(1, 14), (1, 14), (5,), (8,)], 14, Budget())
[[(0, 14)], [(1, 1), (2, 5), (3, 8)]]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from functools import lru_cache, reduce
from itertools import combinations, islice, product
from operator import or_
from typing import Any

__all__ = [
    "RESERVE",
    "SMALL_TABLE",
    "STEP_BUDGET",
    "Budget",
    "TooComplex",
    "greedy_packing",
    "max_packings",
    "packings",
    "some_group",
    "split_exact",
]

# The steps one request may spend on searching. A step is a small, bounded piece of
# work (a node of a search, one comparison of a loop), so the whole budget costs well
# under 100 ms of CPU; no real table comes near it.
STEP_BUDGET = 70_000

# What is kept back for the greedy answer after a search ran out of steps.
RESERVE = 10_000

# Up to this many loose cards the packings are found on bitmaps over all subsets.
SMALL_TABLE = 20

ValueSets = Sequence[tuple[int, ...]]


class TooComplex(ValueError):
    """The position is far larger than any real game; the search was refused."""


class Budget:
    """The search steps left to one request; :meth:`spend` raises when they run out.

    It also keeps what the request's searches found (``known``: a card's legal
    captures on a table), so that a request never searches for the same thing twice.

    >>> b = Budget(3)
    >>> b.spend(2); b.left
    1
    >>> b.spend(2)
    Traceback (most recent call last):
    ...
    referee.rules.partition.TooComplex: this position is too large to search
    """

    __slots__ = ("_fallback", "known", "left", "reserve")

    def __init__(self, steps: int = STEP_BUDGET, reserve: int = RESERVE) -> None:
        self.left = steps
        self.reserve = reserve
        self._fallback: Budget | None = None
        self.known: dict[Hashable, tuple[tuple[int, ...], ...]] = {}

    def spend(self, steps: int = 1) -> None:
        self.left -= steps
        if self.left < 0:
            raise TooComplex("this position is too large to search")

    def fallback(self) -> Budget:
        """The reserve, for the cheap answers after a search ran out: one budget of it per
        request, shared by every such answer, so the request stays bounded.

        >>> b = Budget(10, 5)
        >>> b.fallback().spend(4); b.fallback().left
        1
        """
        if self._fallback is None:
            self._fallback = Budget(self.reserve, 0)
            self.reserve = 0
        return self._fallback


# -- small tables: bit masks ------------------------------------------------------

def _half(
    cards: Sequence[tuple[int, tuple[int, ...]]], target: int, budget: Budget
) -> list[tuple[int, int]]:
    """(mask, sum) of every subset of ``cards`` with a choice of values, sum <= target."""
    entries = [(0, 0)]
    for bit, values in cards:
        budget.spend(len(entries))
        entries += [
            (mask | bit, total + v)
            for mask, total in entries for v in values if total + v <= target
        ]
    return entries


def _groups(value_sets: ValueSets, target: int, budget: Budget) -> list[int]:
    """The masks of every set of cards that adds up to ``target`` (meet in the middle)."""
    cards = [(1 << i, values) for i, values in enumerate(value_sets)]
    middle = len(cards) // 2
    left = _half(cards[:middle], target, budget)
    right: dict[int, list[int]] = {}
    for mask, total in _half(cards[middle:], target, budget):
        right.setdefault(total, []).append(mask)
    found: set[int] = set()
    for mask, total in left:
        partners = right.get(target - total)
        if partners:
            budget.spend(len(partners))
            found.update(mask | other for other in partners)
    found.discard(0)
    return sorted(found)


@lru_cache(maxsize=SMALL_TABLE + 1)
def _clears(n: int) -> tuple[int, ...]:
    """For each of ``n`` cards, the subsets that leave it out, as a bitmap over subsets
    (bit ``m`` is set when subset ``m`` does not hold the card)."""
    size = 1 << n
    out = []
    for bit in range(n):
        pattern, length = (1 << (1 << bit)) - 1, 1 << (bit + 1)
        while length < size:  # repeat the block of ones and zeros by doubling
            pattern |= pattern << length
            length *= 2
        out.append(pattern)
    return tuple(out)


def _packable(groups: Sequence[int], n: int, budget: Budget) -> int:
    """The unions of disjoint groups of ``n`` cards, as one bitmap over all 2**n subsets
    (bit ``m`` is set when subset ``m`` splits into groups): adding the groups one by one,
    like a subset-sum table. Each step is one operation on a 2**n-bit integer."""
    clear = _clears(n)
    packable = 1  # the empty set
    for group in groups:  # in increasing order, so the bitmap grows only as it must
        budget.spend((group.bit_count() + 2) * (1 + packable.bit_length() // 65_536))
        apart = packable  # the packable subsets that share no card with the group
        for bit in _BYTE_BITS[group] if group < 256 else _bits(group):
            apart &= clear[bit]
        packable |= apart << group
    return packable


def _below(masks: int, n: int, budget: Budget) -> int:
    """The subsets of the subsets in ``masks`` (a bitmap over the subsets of ``n`` cards):
    one card at a time, a subset holding it passes the mark to the subset without it."""
    clear = _clears(n)
    budget.spend((1 + (1 << n) // 65_536) * 3 * n)
    for bit in range(n):
        masks |= (masks >> (1 << bit)) & clear[bit]
    return masks


def _unions(groups: Sequence[int], n: int, budget: Budget) -> list[int]:
    """The maximal unions of disjoint groups of ``n`` cards, as bit masks: the packable
    subsets (:func:`_packable`) that no other packable subset contains."""
    if not groups:
        return []
    clear = _clears(n)
    packable = _packable(groups, n, budget)
    covered = _below(packable, n, budget)  # subsets with a packable superset (or packable)
    budget.spend((1 + (1 << n) // 65_536) * 3 * n)
    strictly = 0
    for bit in range(n):
        strictly |= (covered >> (1 << bit)) & clear[bit]
    maximal = packable & ~strictly & ~1
    budget.spend(maximal.bit_count())
    return _bits(maximal)


def _complete(groups: Sequence[int], n: int, budget: Budget) -> list[int]:
    """The unions of disjoint groups of ``n`` cards that leave no group whole among the
    other cards (RULES.md §7), as bit masks: the packable subsets that meet every group.

    A subset leaves a group whole exactly when it lies within the group's complement, so
    the subsets of those complements (:func:`_below`) are the ones to leave out.
    """
    if not groups:
        return []
    full = (1 << n) - 1
    packable = _packable(groups, n, budget)
    budget.spend(len(groups))
    outside = 0
    for group in groups:
        outside |= 1 << (full ^ group)
    complete = packable & ~_below(outside, n, budget) & ~1
    budget.spend(complete.bit_count())
    return _bits(complete)


_BYTE_BITS = tuple(tuple(b for b in range(8) if m >> b & 1) for m in range(256))


def _bits(mask: int) -> list[int]:
    """The positions of the set bits of ``mask``, lowest first."""
    if mask.bit_length() <= 64:
        out: list[int] = []
        base = 0
        while mask:
            byte = mask & 255
            if byte:
                out += [base + b for b in _BYTE_BITS[byte]]
            mask >>= 8
            base += 8
        return out
    digits = bin(mask)[:1:-1]  # lowest bit first
    out = []
    at = digits.find("1")
    while at >= 0:
        out.append(at)
        at = digits.find("1", at + 1)
    return out


def packings(
    value_sets: ValueSets, keys: Sequence[Hashable], target: int, budget: Budget,
    per_packing: int | None = None, preference: Sequence[Any] | None = None,
    complete: bool = False,
) -> list[list[int]]:
    """All maximal sets of cards that split into groups of ``target``, as sorted indexes;
    with ``complete`` instead every such set that leaves no group of ``target`` among the
    other cards (RULES.md §7: Krypkasino's captures), contained in a larger one or not.

    Small tables are solved directly, large ones over interchangeable types (see
    :func:`max_packings`, which also explains ``keys``, ``per_packing`` and
    ``preference``). Cards with no values never take part.

    >>> packings([(5,), (5,), (2,)], ["5a", "5b", "2"], 7, Budget())
    [[0, 2], [1, 2]]
    >>> packings([(2,), (3,), (5,), (8,)], [2, 3, 5, 8], 10, Budget())
    [[0, 1, 2], [0, 3]]
    >>> table = [(1,), (2,), (5,), (6,), (3,), (7,)]  # RULES.md §7: an 8 on A 2 5 6 3 7
    >>> packings(table, range(6), 8, Budget(), complete=True)  # A+2+5, or all
    [[0, 1, 2], [0, 1, 2, 3, 4, 5]]
    """
    usable = [i for i, values in enumerate(value_sets) if values and min(values) <= target]
    if len(usable) <= 2 * SMALL_TABLE:
        groups = _groups([value_sets[i] for i in usable], target, budget)
        # only the cards that are in some group take part; those in the most groups get
        # the lowest bits, so that most groups are added while the bitmap is still small
        members = _bits(reduce(or_, groups, 0))
        if len(members) <= SMALL_TABLE:
            if len(members) > 14:
                budget.spend(len(groups) * 4)
                bits = [_bits(group) for group in groups]
                uses = Counter(bit for group in bits for bit in group)
                members.sort(key=lambda bit: -uses[bit])
                place = {bit: k for k, bit in enumerate(members)}
                groups = sorted(sum(1 << place[bit] for bit in group) for group in bits)
            elif len(members) < len(usable):
                place = {bit: k for k, bit in enumerate(members)}
                groups = [sum(1 << place[bit] for bit in _bits(group)) for group in groups]
            masks = (_complete if complete else _unions)(groups, len(members), budget)
            return sorted(sorted(usable[members[bit]] for bit in _bits(mask)) for mask in masks)
    return max_packings(value_sets, keys, target, budget, per_packing, preference, complete)


# -- large tables: count vectors over interchangeable cards -----------------------

@dataclass(frozen=True, slots=True)
class _Pattern:
    counts: tuple[int, ...]
    # (type, value, how many copies of the type take that value)
    values: tuple[tuple[int, int, int], ...]


def _types(keys: Sequence[Hashable]) -> list[list[int]]:
    index: dict[Hashable, int] = {}
    members: list[list[int]] = []
    for card_index, key in enumerate(keys):
        t = index.get(key)
        if t is None:
            t = index[key] = len(members)
            members.append([])
        members[t].append(card_index)
    return members


def _ways(values: tuple[int, ...], k: int) -> list[tuple[int, tuple[int, ...]]]:
    """Sums that k copies of a card with these values can make, with the split."""
    if len(values) == 1:
        return [(k * values[0], (k,))]
    a, b = values
    return [(j * a + (k - j) * b, (j, k - j)) for j in range(k + 1)]


def _patterns(
    type_values: Sequence[tuple[int, ...]], caps: Sequence[int], target: int, budget: Budget
) -> list[_Pattern]:
    """Every multiset of types (with a choice of values) adding up to ``target``."""
    n = len(type_values)
    found: dict[tuple[int, ...], tuple[tuple[int, int, int], ...]] = {}
    counts = [0] * n
    chosen: list[tuple[int, int, int]] = []

    def walk(t: int, left: int) -> None:
        budget.spend()
        if left == 0:
            key = tuple(counts)
            if any(key) and key not in found:
                found[key] = tuple(chosen)
            return
        if t == n:
            return
        walk(t + 1, left)
        values = type_values[t]
        for k in range(1, caps[t] + 1):
            if k * min(values) > left:
                break
            ways = _ways(values, k)
            budget.spend(len(ways))
            for total, split in ways:
                if total > left:
                    continue
                counts[t] = k
                added = [(t, v, c) for v, c in zip(values, split, strict=True) if c]
                chosen.extend(added)
                walk(t + 1, left - total)
                del chosen[len(chosen) - len(added):]
                counts[t] = 0

    walk(0, target)
    return [_Pattern(c, v) for c, v in found.items()]


class _Vectors:
    """Count vectors packed into one integer, a few bits per type, so that adding,
    taking away and comparing a whole vector is one integer operation.

    Each type gets a digit of ``width`` bits whose top bit is a guard: a vector ``p``
    fits into ``v`` (every count of ``p`` at most that of ``v``) exactly when taking
    ``p`` from ``v`` with every guard bit set leaves every guard bit set.
    """

    def __init__(self, caps: Sequence[int]) -> None:
        self.width = max(caps, default=1).bit_length() + 1
        self.n = len(caps)
        self.guard = sum(1 << (self.width * t + self.width - 1) for t in range(self.n))

    def pack(self, counts: Sequence[int]) -> int:
        return sum(c << (self.width * t) for t, c in enumerate(counts))

    def unpack(self, vec: int) -> list[int]:
        mask = (1 << self.width) - 1
        return [(vec >> (self.width * t)) & mask for t in range(self.n)]

    def fits(self, small: int, big: int) -> bool:
        return ((big | self.guard) - small) & self.guard == self.guard

    def first(self, vec: int) -> int:
        """The first type the vector holds a card of."""
        return ((vec & -vec).bit_length() - 1) // self.width


def _by_first_type(
    patterns: list[_Pattern], vectors: _Vectors
) -> list[list[tuple[int, int, _Pattern]]]:
    """Per type, the patterns whose first card is of that type: (vector, size, pattern)."""
    out: list[list[tuple[int, int, _Pattern]]] = [[] for _ in range(vectors.n)]
    for p in patterns:
        vec = vectors.pack(p.counts)
        out[vectors.first(vec)].append((vec, sum(p.counts), p))
    return out


def split_exact(
    value_sets: ValueSets, target: int, budget: Budget
) -> list[list[tuple[int, int]]] | None:
    """Split every card into groups adding up to ``target``, or ``None``.

    ``value_sets[i]`` are the values card ``i`` may take. A group is a list of
    ``(card index, value used)``.
    """
    if not value_sets:
        return []
    if any(not values for values in value_sets):
        return None
    members = _types(value_sets)
    type_values = [value_sets[m[0]] for m in members]
    caps = tuple(len(m) for m in members)
    vectors = _Vectors(caps)
    first = _by_first_type(_patterns(type_values, caps, target, budget), vectors)
    dead: set[int] = set()

    def cover(vec: int) -> list[_Pattern] | None:
        if not vec:
            return []
        if vec in dead:
            return None
        options = first[vectors.first(vec)]
        budget.spend(1 + len(options))
        for pattern, _size, p in options:
            if vectors.fits(pattern, vec):
                rest = cover(vec - pattern)
                if rest is not None:
                    return [p, *rest]
        dead.add(vec)
        return None

    chosen = cover(vectors.pack(caps))
    if chosen is None:
        return None
    # hand out concrete cards to the groups, type by type, in table order
    pools = [list(m) for m in members]
    groups: list[list[tuple[int, int]]] = []
    for p in chosen:
        group = []
        for t, value, count in p.values:
            for _ in range(count):
                group.append((pools[t].pop(0), value))
        groups.append(sorted(group))
    return sorted(groups)


def max_packings(
    value_sets: ValueSets, keys: Sequence[Hashable], target: int, budget: Budget,
    per_packing: int | None = None, preference: Sequence[Any] | None = None,
    complete: bool = False,
) -> list[list[int]]:
    """All maximal sets of cards that split into groups of ``target`` (count vectors);
    with ``complete`` every such set that leaves no group of ``target`` among the rest.

    Cards with equal ``keys`` (and equal value sets) are interchangeable; every
    concrete choice among them is listed, or with ``per_packing`` only that many
    per choice of counts, the cards with the lowest ``preference`` first. Each
    result is a sorted list of card indexes; without ``complete`` none is a strict
    subset of another. Cards with no values never take part.

    >>> max_packings([(5,), (5,), (2,)], ["5a", "5b", "2"], 7, Budget())
    [[0, 2], [1, 2]]
    >>> max_packings([(13,), (1, 14)], ["K", "A"], 14, Budget())
    [[0, 1]]
    >>> max_packings([(1,), (2,), (5,), (6,), (3,), (7,)], range(6), 8, Budget(),
    ...              complete=True)
    [[0, 1, 2], [0, 1, 2, 3, 4, 5]]
    """
    usable = [i for i, values in enumerate(value_sets) if values and min(values) <= target]
    if not usable:
        return []
    members = _types([(value_sets[i], keys[i]) for i in usable])
    type_values = [value_sets[usable[m[0]]] for m in members]
    caps = tuple(len(m) for m in members)
    vectors = _Vectors(caps)
    first = _by_first_type(_patterns(type_values, caps, target, budget), vectors)
    if complete:
        found = _complete_vectors(first, vectors, caps, budget)
    else:
        found = [vec for size, vec in _maximal_vectors(first, vectors, caps, budget) if size]
    if preference is not None:
        members = [sorted(m, key=lambda j: preference[usable[j]]) for m in members]
    results: list[list[int]] = []
    for counts in map(vectors.unpack, found):
        choices = [combinations(members[t], k) for t, k in enumerate(counts)]
        for pick in islice(product(*choices), per_packing):
            budget.spend(1 + sum(counts) // 8)
            results.append(sorted(usable[j] for chosen in pick for j in chosen))
    return sorted(results)


_ByFirst = list[list[tuple[int, int, _Pattern]]]


def _maximal_vectors(
    first: _ByFirst, vectors: _Vectors, caps: Sequence[int], budget: Budget
) -> list[tuple[int, int]]:
    """The maximal packings of all the cards, each as (size, vector)."""
    units = [1 << (vectors.width * t) for t in range(len(caps))]
    # the maximal packings of the cards a vector holds
    memo: dict[int, list[tuple[int, int]]] = {}

    def best(vec: int) -> list[tuple[int, int]]:
        known = memo.get(vec)
        if known is not None:
            return known
        if not vec:
            return [(0, 0)]
        i = vectors.first(vec)
        found = list(best(vec - units[i]))  # the first card left out
        budget.spend(5 + len(found) // 2 + len(first[i]))
        for pattern, size, _p in first[i]:
            if vectors.fits(pattern, vec):
                rests = best(vec - pattern)
                budget.spend(len(rests))
                found += [(rest_size + size, rest + pattern) for rest_size, rest in rests]
        result = _maximal(found, vectors, budget)
        memo[vec] = result
        return result

    return best(vectors.pack(caps))


def _complete_vectors(
    first: _ByFirst, vectors: _Vectors, caps: Sequence[int], budget: Budget
) -> list[int]:
    """The packings of the cards that leave no pattern among the rest (RULES.md §7): every
    union of patterns, built up from nothing a pattern at a time, that no further pattern
    fits beside."""
    whole = vectors.pack(caps)
    patterns = [pattern for options in first for pattern, _size, _p in options]
    seen = {0}
    todo = [0]
    found: list[int] = []
    while todo:
        vec = todo.pop()
        rest = whole - vec
        budget.spend(1 + len(patterns))
        grows = False
        for pattern in patterns:
            if vectors.fits(pattern, rest):
                grows = True
                if (bigger := vec + pattern) not in seen:
                    seen.add(bigger)
                    todo.append(bigger)
        if not grows and vec:
            found.append(vec)
    return found


def _maximal(
    found: list[tuple[int, int]], vectors: _Vectors, budget: Budget
) -> list[tuple[int, int]]:
    """Drop duplicates and every vector that another one covers."""
    budget.spend(len(found))
    kept: list[tuple[int, int]] = []
    for size, vec in sorted(set(found), reverse=True):
        budget.spend(len(kept) + 1)
        if not any(other != vec and vectors.fits(vec, other) for _size, other in kept):
            kept.append((size, vec))
    return kept


# -- one group, cheaply ------------------------------------------------------------

def some_group(value_sets: ValueSets, target: int, budget: Budget) -> list[int] | None:
    """Indexes of one set of cards adding up to ``target``, or None (subset sum).

    >>> some_group([(4,), (9,), (5,)], 9, Budget())
    [1]
    >>> some_group([(4,), (3,)], 9, Budget()) is None
    True
    """
    single = next((i for i, vs in enumerate(value_sets) if target in vs), None)
    if single is not None:  # a single card that makes the value on its own
        return [single]
    reach: dict[int, list[int]] = {0: []}
    for i, values in enumerate(value_sets):
        budget.spend(len(reach) * len(values))
        for total, used in list(reach.items()):
            for v in values:
                new = total + v
                if new <= target and new not in reach:
                    reach[new] = [*used, i]
        if target in reach:
            return reach[target]
    return None


def greedy_packing(value_sets: ValueSets, target: int, budget: Budget) -> list[int]:
    """One legal packing found greedily, for positions too large to enumerate.

    Every group adds up to ``target``; it need not be the largest one.

    >>> greedy_packing([(9,), (5,), (4,), (2,)], 9, Budget())
    [0, 1, 2]
    """
    free = list(range(len(value_sets)))
    taken: list[int] = []
    while True:
        group = some_group([value_sets[i] for i in free], target, budget)
        if group is None:
            return sorted(taken)
        chosen = [free[j] for j in group]
        taken.extend(chosen)
        free = [i for i in free if i not in chosen]
