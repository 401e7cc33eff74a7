"""Capture legality (RULES.md §3.1) and the legal captures of a card.

Table items are addressed by index, so identical cards of a two-pack game are
never confused.

>>> from .variants import get_rules
>>> P = Card.parse
>>> table = [P("9S"), P("6C"), P("3D"), P("5H"), P("4C")]
>>> verdict = check_capture(get_rules("norwegian"), P("9H"), table, [0, 1, 2, 3, 4])
>>> verdict.legal, verdict.value, verdict.sweep
(True, 9, True)
>>> verdict.reason
'9♥ takes 9♠ | 6♣+3♦ | 5♥+4♣, and clears the table'
>>> bad = check_capture(get_rules("norwegian"), P("10D"), [P("10S")], [0])
>>> bad.legal, bad.reason
(False, '10♠ = 10, less than 16; from the hand 10♦ counts 16 (on the table 10)')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

from .cards import FIVE_OF_SPADES, Card
from .partition import TooComplex, greedy_packing, max_packings, some_group, split_exact
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

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(card for item in self.items for card in item_cards(item))

    @property
    def text(self) -> str:
        if len(self.items) == 1 and isinstance(self.items[0], Build):
            return self.items[0].label
        parts = []
        for item, value in zip(self.items, self.values, strict=True):
            shown = cast(Card, item).symbol
            if value != cast(Card, item).rank:
                shown += f"({value})"
            parts.append(shown)
        return "+".join(parts)


@dataclass(frozen=True, slots=True)
class Capture:
    """The verdict on a claimed capture, with the split that makes it legal."""

    legal: bool
    reason: str
    value: int | None = None
    groups: tuple[Group, ...] = ()
    sweep: bool = False


def _loose_values(rules: Rules, table: Sequence[Item], indexes: Sequence[int]):
    return [rules.table_values(table[i]) for i in indexes]  # type: ignore[arg-type]


def _split(
    rules: Rules, table: Sequence[Item], take: Sequence[int], value: int
) -> tuple[Group, ...] | None:
    """Groups of ``value`` covering exactly the taken items, or None."""
    builds = [i for i in take if isinstance(table[i], Build)]
    loose = [i for i in take if not isinstance(table[i], Build)]
    if any(table[i].value != value for i in builds):  # type: ignore[union-attr]
        return None
    split = split_exact(_loose_values(rules, table, loose), value)
    if split is None:
        return None
    groups = [Group(tuple(table[loose[j]] for j, _ in g), tuple(v for _, v in g)) for g in split]
    groups += [Group((table[i],), (value,)) for i in builds]
    order = {id(item): pos for pos, item in enumerate(table)}
    return tuple(sorted(groups, key=lambda g: order[id(g.items[0])]))


def _leftover_text(rules: Rules, table: Sequence[Item], take: Sequence[int], value: int) -> str:
    """Why the taken items do not make ``value``s: what is left over at best."""
    wrong = [table[i] for i in take if isinstance(table[i], Build) and table[i].value != value]
    if wrong:
        build = cast(Build, wrong[0])
        return f"a {build.label} can only be taken whole, by a card that captures {build.value}"
    loose = [i for i in take if not isinstance(table[i], Build)]
    cards = [table[i] for i in loose]
    values = _loose_values(rules, table, loose)
    try:
        best = max_packings(values, values, value)
    except TooComplex:
        best = [greedy_packing(values, value)]
    covered = set(max(best, key=len)) if best else set()
    left = [cards[j] for j in range(len(cards)) if j not in covered]
    names = "+".join(card.symbol for card in cards)  # type: ignore[union-attr]
    single = all(len(v) == 1 for v in values)
    total = sum(v[0] for v in values) if single else None
    if total is not None and total < value:
        return f"{names} = {total}, less than {value}"
    head = (
        f"{names} = {total} cannot be split into {value}s"
        if total is not None
        else f"{names} cannot be made into {value}s"
    )
    too_big = [c for c, v in zip(cards, values, strict=True) if min(v, default=0) > value]
    if too_big:
        card = too_big[0]
        return head + f"; {card.symbol} alone counts more than {value}"  # type: ignore[union-attr]
    if left and covered:
        return head + f"; {'+'.join(c.symbol for c in left)} would be left over"  # type: ignore[union-attr]
    if total is not None and total % value:
        return head + f"; {total % value} is left over"
    return head


def _takes_text(card: Card, groups: Sequence[Group], sweep: bool) -> str:
    text = f"{card.symbol} takes " + " | ".join(g.text for g in groups)
    return text + (", and clears the table" if sweep else "")


def check_capture(rules: Rules, card: Card, table: Sequence[Item], take: Sequence[int]) -> Capture:
    """Is taking the items at ``take`` with ``card`` a legal capture? Why (not)?"""
    if not take:
        return Capture(False, "a capture must take at least one card; to take nothing, trail")
    take = sorted(set(take))
    sweep = len(take) == len(table)
    note = rules.values_note(card)
    hand = rules.hand_values(card)
    if not hand:  # a court card in classic Casino pairs one card of its rank
        taken = [table[i] for i in take]
        if len(taken) == 1 and isinstance(taken[0], Card) and taken[0].rank == card.rank:
            group = Group((taken[0],), (0,))
            return Capture(True, f"{card.symbol} pairs {taken[0].symbol}", None, (group,), sweep)
        return Capture(
            False,
            f"in {rules.variant.name} a court card takes exactly one card of its own rank "
            f"({card.rank_name}), nothing else",
        )
    if rules.spade_five_clears and card == FIVE_OF_SPADES and sweep:
        group = Group(tuple(table), tuple(0 for _ in table))
        return Capture(True, "5♠ takes the whole table (the Danish 5♠ rule)", 5, (group,), True)
    for value in hand:
        groups = _split(rules, table, take, value)
        if groups is not None:
            reason = _takes_text(card, groups, sweep)
            if note:
                reason += f" ({note})"
            if rules.reverse:
                more = _more_to_take(rules, table, take, value)
                if more:
                    return Capture(
                        False,
                        f"in Krypkasino a capture must be maximal: as {value} the card must "
                        f"also take {more}",
                    )
            return Capture(True, reason, value, groups, sweep)
    reasons = [_leftover_text(rules, table, take, value) for value in hand]
    reason = reasons[0] if len(reasons) == 1 else " and ".join(
        f"as {value}: {text}" for value, text in zip(hand, reasons, strict=True)
    )
    if note:
        reason += f"; {note}"
    return Capture(False, reason)


def _more_to_take(rules: Rules, table: Sequence[Item], take: Sequence[int], value: int) -> str:
    """What a larger legal capture of the same value adds to ``take`` (text), or ''.

    A capture is maximal when no legal capture of the same value strictly contains it.
    """
    for i, item in enumerate(table):
        if isinstance(item, Build) and item.value == value and i not in take:
            return item.label
    loose = [i for i in range(len(table)) if not isinstance(table[i], Build)]
    claimed = {j for j, i in enumerate(loose) if i in take}
    values = _loose_values(rules, table, loose)
    try:
        packings = max_packings(values, values, value)
    except TooComplex:  # beyond any real table: at least no group may be left
        rest = [j for j in range(len(loose)) if j not in claimed]
        group = some_group([values[j] for j in rest], value)
        packings = [sorted(claimed | {rest[g] for g in group})] if group else []
    for packing in packings:
        if claimed < set(packing):
            extra = [table[loose[j]] for j in packing if j not in claimed]
            return "+".join(card.symbol for card in extra)  # type: ignore[union-attr]
    return ""


def rank_key(rules: Rules, cards: Sequence[Card]) -> tuple[int, int, int]:
    """Best first: most point value, then most cards, then most spades."""
    return (
        -sum(rules.card_points(c) for c in cards),
        -len(cards),
        -sum(1 for c in cards if c.spade),
    )


def capture_options(rules: Rules, card: Card, table: Sequence[Item]) -> list[tuple[int, ...]]:
    """The maximal legal captures of ``card`` (table indexes), best first.

    No option is a strict subset of another; at most ``MAX_OPTIONS`` are listed.
    """
    hand = rules.hand_values(card)
    found: set[tuple[int, ...]] = set()
    if not table:
        return []
    if not hand:
        found = {
            (i,) for i, item in enumerate(table)
            if isinstance(item, Card) and item.rank == card.rank
        }
    else:
        loose = [i for i, item in enumerate(table) if not isinstance(item, Build)]
        values = _loose_values(rules, table, loose)
        # the better cards first, so a capped list keeps the best choices
        preference = [rank_key(rules, [table[i]]) for i in loose]  # type: ignore[list-item]
        for value in hand:
            builds = [
                i for i, item in enumerate(table) if isinstance(item, Build) and item.value == value
            ]
            try:
                packings = max_packings(values, values, value, MAX_OPTIONS,
                                        preference) or [[]]
            except TooComplex:  # far beyond a real table: one legal capture, greedily
                packings = [greedy_packing(values, value)]
            for packing in packings:
                option = tuple(sorted(builds + [loose[j] for j in packing]))
                if option:
                    found.add(option)
        if rules.spade_five_clears and card == FIVE_OF_SPADES:
            found.add(tuple(range(len(table))))
    maximal = _drop_contained(found)

    def key(option: tuple[int, ...]):
        cards = [c for i in option for c in item_cards(table[i])]
        return (*rank_key(rules, cards), option)

    ranked = sorted(maximal, key=key)
    # with two packs, twins make captures that look the same: list each look once
    seen: set[tuple[str, ...]] = set()
    unique = []
    for option in ranked:
        look = tuple(sorted(c.code for i in option for c in item_cards(table[i])))
        if look not in seen:
            seen.add(look)
            unique.append(option)
    return unique[:MAX_OPTIONS]


def _drop_contained(options: set[tuple[int, ...]]) -> list[tuple[int, ...]]:
    """Keep the options that no larger option contains."""
    by_size = sorted(options, key=len, reverse=True)
    kept: list[frozenset[int]] = []
    out = []
    for option in by_size:
        s = frozenset(option)
        if not any(s < t for t in kept if len(t) > len(s)):
            kept.append(s)
            out.append(option)
    return out


def can_capture(rules: Rules, card: Card, table: Sequence[Item]) -> bool:
    """Does ``card`` capture anything at all? (Cheap: one subset sum per value.)"""
    hand = rules.hand_values(card)
    if not hand:
        return any(isinstance(i, Card) and i.rank == card.rank for i in table)
    if rules.spade_five_clears and card == FIVE_OF_SPADES and table:
        return True
    loose = [i for i, item in enumerate(table) if not isinstance(item, Build)]
    values = _loose_values(rules, table, loose)
    return any(
        any(isinstance(i, Build) and i.value == v for i in table)
        or some_group(values, v) is not None
        for v in hand
    )
