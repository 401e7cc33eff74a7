"""Splitting cards into groups that each add up to one value.

Cards are reduced to *types*: cards with the same key (the same choice of
values, and for ranking the same suit role and points) are interchangeable, so
the searches run over count vectors, not over subsets, and remember what they
have seen. That keeps a 20-card claim to a few milliseconds.

>>> split_exact([(9,), (6,), (3,), (5,), (4,)], 9)
[[(0, 9)], [(1, 6), (2, 3)], [(3, 5), (4, 4)]]
>>> split_exact([(2,), (3,), (5,), (8,)], 10) is None
True
>>> split_exact([(1, 14), (1, 14), (5,), (8,)], 14)
[[(0, 14)], [(1, 1), (2, 5), (3, 8)]]
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from itertools import combinations, islice, product

__all__ = ["TooComplex", "max_packings", "split_exact"]

# A search that needs more steps than this is refused rather than left to run:
# no real table comes near it, and no request may take more than a second.
STEP_BUDGET = 150_000


class TooComplex(ValueError):
    """The position is far larger than any real game; the search was refused."""


@dataclass(frozen=True, slots=True)
class _Pattern:
    counts: tuple[int, ...]
    # (type, value, how many copies of the type take that value)
    values: tuple[tuple[int, int, int], ...]


class _Budget:
    __slots__ = ("left",)

    def __init__(self) -> None:
        self.left = STEP_BUDGET

    def spend(self, steps: int = 1) -> None:
        self.left -= steps
        if self.left < 0:
            raise TooComplex("this position is too large to search")


def _types(keys: Sequence[Hashable]) -> tuple[list[int], list[list[int]]]:
    index: dict[Hashable, int] = {}
    members: list[list[int]] = []
    of_card: list[int] = []
    for card_index, key in enumerate(keys):
        t = index.get(key)
        if t is None:
            t = index[key] = len(members)
            members.append([])
        members[t].append(card_index)
        of_card.append(t)
    return of_card, members


def _ways(values: tuple[int, ...], k: int) -> list[tuple[int, tuple[int, ...]]]:
    """Sums that k copies of a card with these values can make, with the split."""
    if len(values) == 1:
        return [(k * values[0], (k,))]
    a, b = values
    return [(j * a + (k - j) * b, (j, k - j)) for j in range(k + 1)]


def _patterns(
    type_values: Sequence[tuple[int, ...]], caps: Sequence[int], target: int, budget: _Budget
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
            for total, split in _ways(values, k):
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


def _by_first_type(patterns: list[_Pattern], n: int) -> list[list[_Pattern]]:
    out: list[list[_Pattern]] = [[] for _ in range(n)]
    for p in patterns:
        first = next(i for i, c in enumerate(p.counts) if c)
        out[first].append(p)
    return out


def _fits(p: _Pattern, vec: tuple[int, ...]) -> bool:
    return all(c <= have for c, have in zip(p.counts, vec, strict=True))


def _minus(vec: tuple[int, ...], counts: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(a - b for a, b in zip(vec, counts, strict=True))


def split_exact(
    value_sets: Sequence[tuple[int, ...]], target: int
) -> list[list[tuple[int, int]]] | None:
    """Split every card into groups adding up to ``target``, or ``None``.

    ``value_sets[i]`` are the values card ``i`` may take. A group is a list of
    ``(card index, value used)``.
    """
    if not value_sets:
        return []
    if any(not values for values in value_sets):
        return None
    budget = _Budget()
    of_card, members = _types(value_sets)
    type_values = [value_sets[m[0]] for m in members]
    caps = tuple(len(m) for m in members)
    patterns = _patterns(type_values, caps, target, budget)
    first = _by_first_type(patterns, len(members))
    dead: set[tuple[int, ...]] = set()

    def cover(vec: tuple[int, ...]) -> list[_Pattern] | None:
        budget.spend()
        i = next((i for i, c in enumerate(vec) if c), None)
        if i is None:
            return []
        if vec in dead:
            return None
        for p in first[i]:
            if _fits(p, vec):
                rest = cover(_minus(vec, p.counts))
                if rest is not None:
                    return [p, *rest]
        dead.add(vec)
        return None

    chosen = cover(caps)
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
    del of_card
    return sorted(groups)


def max_packings(
    value_sets: Sequence[tuple[int, ...]], keys: Sequence[Hashable], target: int,
    per_packing: int | None = None, preference: Sequence[float] | None = None,
) -> list[list[int]]:
    """All maximal sets of cards that split into groups of ``target``.

    Cards with equal ``keys`` (and equal value sets) are interchangeable; every
    concrete choice among them is listed, or with ``per_packing`` only that many
    per choice of counts, the cards with the lowest ``preference`` first. Each
    result is a sorted list of card indexes; none is a strict subset of another.
    Cards with no values never take part.

    >>> max_packings([(5,), (5,), (2,)], ["5a", "5b", "2"], 7)
    [[0, 2], [1, 2]]
    >>> max_packings([(13,), (1, 14)], ["K", "A"], 14)
    [[0, 1]]
    """
    budget = _Budget()
    usable = [i for i, values in enumerate(value_sets) if values and min(values) <= target]
    if not usable:
        return []
    of_card, members = _types([(value_sets[i], keys[i]) for i in usable])
    del of_card
    type_values = [value_sets[usable[m[0]]] for m in members]
    caps = tuple(len(m) for m in members)
    patterns = _patterns(type_values, caps, target, budget)
    first = _by_first_type(patterns, len(members))
    memo: dict[tuple[int, ...], list[tuple[int, ...]]] = {}
    zero = tuple(0 for _ in caps)

    def best(vec: tuple[int, ...]) -> list[tuple[int, ...]]:
        budget.spend()
        known = memo.get(vec)
        if known is not None:
            return known
        i = next((i for i, c in enumerate(vec) if c), None)
        if i is None:
            return [zero]
        skip = list(vec)
        skip[i] -= 1
        found = list(best(tuple(skip)))
        for p in first[i]:
            if _fits(p, vec):
                for rest in best(_minus(vec, p.counts)):
                    found.append(tuple(a + b for a, b in zip(rest, p.counts, strict=True)))
        result = _maximal(found, budget)
        memo[vec] = result
        return result

    packings = [vec for vec in best(caps) if any(vec)]
    if preference is not None:
        members = [sorted(m, key=lambda j: preference[usable[j]]) for m in members]
    results: list[list[int]] = []
    for vec in packings:
        choices = [combinations(members[t], k) for t, k in enumerate(vec)]
        for pick in islice(product(*choices), per_packing):
            budget.spend()
            results.append(sorted(usable[j] for chosen in pick for j in chosen))
    return sorted(results)


def _maximal(vectors: list[tuple[int, ...]], budget: _Budget) -> list[tuple[int, ...]]:
    """Drop duplicates and every vector that another one covers."""
    unique = sorted(set(vectors), key=sum, reverse=True)
    kept: list[tuple[int, ...]] = []
    for vec in unique:
        budget.spend(len(kept) + 1)
        if not any(
            vec != other and all(a <= b for a, b in zip(vec, other, strict=True))
            for other in kept
        ):
            kept.append(vec)
    return kept


def some_group(value_sets: Sequence[tuple[int, ...]], target: int) -> list[int] | None:
    """Indexes of one set of cards adding up to ``target``, or None (subset sum).

    >>> some_group([(4,), (9,), (5,)], 9)
    [1]
    >>> some_group([(4,), (3,)], 9) is None
    True
    """
    reach: dict[int, list[int]] = {0: []}
    for i, values in enumerate(value_sets):
        for total, used in list(reach.items()):
            for v in values:
                new = total + v
                if new <= target and new not in reach:
                    reach[new] = [*used, i]
        if target in reach:
            break
    found = reach.get(target)
    if found is None:
        return None
    # prefer a single card that makes the value on its own
    single = next((i for i, vs in enumerate(value_sets) if target in vs), None)
    return [single] if single is not None else found


def greedy_packing(value_sets: Sequence[tuple[int, ...]], target: int) -> list[int]:
    """One legal packing found greedily, for positions too large to enumerate.

    Every group adds up to ``target``; it need not be the largest one.

    >>> greedy_packing([(9,), (5,), (4,), (2,)], 9)
    [0, 1, 2]
    """
    free = list(range(len(value_sets)))
    taken: list[int] = []
    while True:
        group = some_group([value_sets[i] for i in free], target)
        if group is None:
            return sorted(taken)
        chosen = [free[j] for j in group]
        taken.extend(chosen)
        free = [i for i in free if i not in chosen]
