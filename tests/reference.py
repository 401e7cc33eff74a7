"""An independent brute-force reference for capture legality.

Written from RULES.md section 2 (capture values) and section 3.1 (capture
legality) only, without looking at ``referee/``.  It is deliberately slow and
simple: it enumerates every way of splitting the claimed items into groups and
every subset of the table.  Fine for tables of up to about nine items.

Table items are card codes (``"10D"``) for loose cards and dicts
``{"cards": [...], "value": v, ...}`` for builds.  Captures are given and
returned as sets of indices into the table list.

Krypkasino's maximal capture (section 7) is :func:`is_legal_kryp_capture`; the
captures the referee must offer as alternatives, :func:`offered_captures`.
Not modelled: every rule about building. The Danish 5♠ rule (5♠ may take the whole
table) is modelled and on by default for ``danish``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
COURTS = ("J", "Q", "K")
ONE_PACK = tuple(rank + suit for suit in SUITS for rank in RANKS)

VARIANTS = (
    "swedish",
    "finnish",
    "norwegian",
    "danish",
    "classic",
    "royal",
    "overspader",
    "mulle",
    "mulle-glimne",
    "krypkasino",
)
TWO_PACK_VARIANTS = frozenset({"mulle", "krypkasino"})

# Rows of the table in RULES.md section 2.
_ROW = {
    "swedish": "swedish",
    "overspader": "swedish",
    "mulle": "swedish",
    "finnish": "nordic",
    "norwegian": "nordic",
    "mulle-glimne": "nordic",
    "danish": "danish",
    "classic": "classic",
    "royal": "royal",
    "krypkasino": "kryp",
}

# row -> (ace hand, ace table, 10D hand, 10D table, 2S hand, 2S table, courts numbered)
_VALUES = {
    "swedish": ({1, 14}, {1, 14}, {10}, {10}, {2}, {2}, True),
    "nordic": ({14}, {1}, {16}, {10}, {15}, {2}, True),
    "danish": ({1, 14}, {1, 14}, {10, 16}, {10, 16}, {2, 15}, {2, 15}, True),
    "classic": ({1}, {1}, {10}, {10}, {2}, {2}, False),
    "royal": ({1, 14}, {1, 14}, {10}, {10}, {2}, {2}, True),
    "kryp": ({14}, {1}, {10}, {10}, {2}, {2}, True),
}


def pack(variant: str) -> list[str]:
    """The pack of the variant: 52 cards, or every card twice."""
    return list(ONE_PACK) * (2 if variant in TWO_PACK_VARIANTS else 1)


def canonical(code: str) -> str:
    code = code.strip().upper()
    rank, suit = code[:-1], code[-1]
    if rank == "T":
        rank = "10"
    if rank not in RANKS or suit not in SUITS:
        raise ValueError(f"not a card: {code!r}")
    return rank + suit


def rank_of(code: str) -> str:
    return canonical(code)[:-1]


def suit_of(code: str) -> str:
    return canonical(code)[-1]


def _values(variant: str, code: str, on_table: bool) -> frozenset[int]:
    if variant not in _ROW:
        raise ValueError(f"unknown variant {variant!r}")
    code = canonical(code)
    rank = code[:-1]
    ace_h, ace_t, bc_h, bc_t, lc_h, lc_t, courts = _VALUES[_ROW[variant]]
    if rank == "A":
        return frozenset(ace_t if on_table else ace_h)
    if code == "10D":
        return frozenset(bc_t if on_table else bc_h)
    if code == "2S":
        return frozenset(lc_t if on_table else lc_h)
    if rank in COURTS:
        return frozenset({11 + COURTS.index(rank)}) if courts else frozenset()
    return frozenset({int(rank)})


def hand_values(variant: str, code: str) -> frozenset[int]:
    """Values of ``code`` as the card played (empty: a classic court card)."""
    return _values(variant, code, on_table=False)


def table_values(variant: str, code: str) -> frozenset[int]:
    """Values of ``code`` lying on the table (empty: a classic court card)."""
    return _values(variant, code, on_table=True)


def is_build(item) -> bool:
    return isinstance(item, dict)


def item_cards(item) -> list[str]:
    """The cards of a table item (a build's cards, or the loose card)."""
    if is_build(item):
        return [canonical(c) for c in item["cards"]]
    return [canonical(item)]


def loose_sums(variant: str, codes: Iterable[str], limit: int | None = None) -> set[int]:
    """Every total reachable by choosing a table value for each card."""
    sums = {0}
    for code in codes:
        sums = {s + t for s in sums for t in table_values(variant, code)}
        if limit is not None:
            sums = {s for s in sums if s <= limit}
    return sums


def _block_ok(variant: str, table_items: Sequence, block: Sequence[int], v: int) -> bool:
    items = [table_items[i] for i in block]
    if any(is_build(item) for item in items):
        # A build is a group on its own, never split, never part of a sum.
        return len(items) == 1 and items[0]["value"] == v
    return v in loose_sums(variant, items, limit=v)


class _Splitter:
    """Finds a split of a set of indices into groups of value ``v`` (memoized)."""

    def __init__(self, variant: str, table_items: Sequence, v: int):
        self.variant = variant
        self.items = table_items
        self.v = v
        self.memo: dict[frozenset[int], tuple[tuple[int, ...], ...] | None] = {}
        self.block_memo: dict[tuple[int, ...], bool] = {}

    def block_ok(self, block: tuple[int, ...]) -> bool:
        if block not in self.block_memo:
            self.block_memo[block] = _block_ok(self.variant, self.items, block, self.v)
        return self.block_memo[block]

    def split(self, idxs: frozenset[int]) -> tuple[tuple[int, ...], ...] | None:
        """One split of ``idxs`` into valid groups, or None.  () for the empty set."""
        if not idxs:
            return ()
        if idxs in self.memo:
            return self.memo[idxs]
        first = min(idxs)
        rest = sorted(idxs - {first})
        found = None
        # Enumerate every group containing ``first`` (every set partition is
        # reached this way) and recurse on what is left.
        for size in range(len(rest) + 1):
            for others in combinations(rest, size):
                block = (first, *others)
                if not self.block_ok(block):
                    continue
                remainder = self.split(idxs - set(block))
                if remainder is not None:
                    found = (block, *remainder)
                    break
            if found is not None:
                break
        self.memo[idxs] = found
        return found


def spade_five_clears(variant: str, played_code: str, option: bool | None = None) -> bool:
    """Danish option (on by default): 5♠ may capture the whole table."""
    if option is None:
        option = variant == "danish"
    return bool(option) and variant == "danish" and canonical(played_code) == "5S"


def _check_indices(table_items: Sequence, taken: Iterable[int]) -> list[int] | None:
    taken = list(taken)
    if len(set(taken)) != len(taken):
        return None
    if any(not isinstance(i, int) or i < 0 or i >= len(table_items) for i in taken):
        raise IndexError(f"bad table index in {taken!r}")
    return taken


def capture_split(
    variant: str,
    played_code: str,
    table_items: Sequence,
    taken_items: Iterable[int],
    *,
    five_clears: bool | None = None,
):
    """How the capture is legal: ``(v, groups)`` with groups as index tuples, or None.

    For the Danish 5♠ taking the whole table (when no ordinary split exists)
    the answer is ``("clear", (all indices,))``.  For a classic court card
    ``v`` is the rank letter.
    """
    taken = _check_indices(table_items, taken_items)
    if not taken:
        return None
    played_code = canonical(played_code)
    values = hand_values(variant, played_code)
    if not values:
        # classic court card: exactly one loose table card of the same rank.
        if len(taken) == 1:
            item = table_items[taken[0]]
            if not is_build(item) and rank_of(item) == rank_of(played_code):
                return rank_of(played_code), ((taken[0],),)
        return None
    idxs = frozenset(taken)
    for v in sorted(values):
        groups = _Splitter(variant, table_items, v).split(idxs)
        if groups is not None:
            return v, groups
    if spade_five_clears(variant, played_code, five_clears) and len(idxs) == len(table_items):
        return "clear", (tuple(sorted(idxs)),)
    return None


def is_legal_capture(
    variant: str,
    played_code: str,
    table_items: Sequence,
    taken_items: Iterable[int],
    *,
    five_clears: bool | None = None,
) -> bool:
    """True iff taking the items at indices ``taken_items`` with ``played_code`` is legal."""
    return (
        capture_split(variant, played_code, table_items, taken_items, five_clears=five_clears)
        is not None
    )


def is_legal_kryp_capture(played_code: str, table_items: Sequence,
                          taken_items: Iterable[int]) -> bool:
    """Krypkasino (section 7): a legal capture after which no further group of the same
    value can be taken from what the capture leaves on the table."""
    taken = _check_indices(table_items, taken_items)
    if not taken:
        return False
    idxs = frozenset(taken)
    rest = [i for i in range(len(table_items)) if i not in idxs]
    for v in sorted(hand_values("krypkasino", played_code)):
        splitter = _Splitter("krypkasino", table_items, v)
        if splitter.split(idxs) is None:
            continue
        left = any(
            splitter.split(frozenset(s)) is not None
            for size in range(1, len(rest) + 1) for s in combinations(rest, size)
        )
        if not left:
            return True
    return False


def legal_captures(
    variant: str,
    played_code: str,
    table_items: Sequence,
    *,
    five_clears: bool | None = None,
) -> list[frozenset[int]]:
    """Every legal capture (a set of table indices), by brute force over subsets."""
    key = (variant, canonical(played_code), _freeze(table_items), five_clears)
    if key not in _LEGAL_CACHE:
        if len(_LEGAL_CACHE) > 4096:
            _LEGAL_CACHE.clear()
        _LEGAL_CACHE[key] = _legal_captures(variant, played_code, table_items, five_clears)
    return list(_LEGAL_CACHE[key])


_LEGAL_CACHE: dict = {}


def _freeze(table_items: Sequence) -> tuple:
    return tuple(
        ("build", tuple(item_cards(item)), item["value"]) if is_build(item) else canonical(item)
        for item in table_items
    )


def _legal_captures(variant, played_code, table_items, five_clears) -> list[frozenset[int]]:
    n = len(table_items)
    played_code = canonical(played_code)
    values = hand_values(variant, played_code)
    result: set[frozenset[int]] = set()
    if not values:
        for i, item in enumerate(table_items):
            if not is_build(item) and rank_of(item) == rank_of(played_code):
                result.add(frozenset({i}))
    else:
        splitters = [_Splitter(variant, table_items, v) for v in sorted(values)]
        for size in range(1, n + 1):
            for subset in combinations(range(n), size):
                s = frozenset(subset)
                if any(sp.split(s) is not None for sp in splitters):
                    result.add(s)
    if n and spade_five_clears(variant, played_code, five_clears):
        result.add(frozenset(range(n)))
    return sorted(result, key=lambda s: (len(s), sorted(s)))


def maximal_captures(
    variant: str,
    played_code: str,
    table_items: Sequence,
    *,
    five_clears: bool | None = None,
) -> list[frozenset[int]]:
    """The legal captures that are not a strict subset of another legal capture."""
    legal = legal_captures(variant, played_code, table_items, five_clears=five_clears)
    return [s for s in legal if not any(s < other for other in legal)]


def kryp_captures(played_code: str, table_items: Sequence) -> list[frozenset[int]]:
    """Every capture section 7 allows in Krypkasino: each legal capture that leaves no
    further group of its value on the table, whether or not a larger capture holds it."""
    return [s for s in legal_captures("krypkasino", played_code, table_items)
            if is_legal_kryp_capture(played_code, table_items, s)]


def mulle_capture(variant: str, played_code: str, table_items: Sequence) -> frozenset[int] | None:
    """Mulle (section 6): the identical card (same rank and suit) taken alone, if it lies
    on the table and the played card can take it."""
    if variant != "mulle":
        return None
    played = canonical(played_code)
    for i, item in enumerate(table_items):
        if not is_build(item) and canonical(item) == played and is_legal_capture(
            variant, played, table_items, [i]
        ):
            return frozenset({i})
    return None


def offered_captures(variant: str, played_code: str, table_items: Sequence,
                     ) -> list[frozenset[int]]:
    """The captures the referee must offer as alternatives: in Krypkasino every capture
    section 7 allows; elsewhere the maximal ones, and in Mulle the mulle too."""
    if variant == "krypkasino":
        return kryp_captures(played_code, table_items)
    out = maximal_captures(variant, played_code, table_items)
    mulle = mulle_capture(variant, played_code, table_items)
    if mulle is not None and mulle not in out:
        out.append(mulle)
    return out


# --- what captured cards are worth (RULES.md section 6), for "best first" ---


def card_points(variant: str, code: str) -> int:
    """Points the card itself scores in the variant: aces, 10♦, 2♠ (section 6).

    In mulle-glimne aces score nothing, 10♦ 3, and spades score one by one:
    1 each, 2♠ and A♠ 2 each (2♠'s 2 points are its little-casino points).
    """
    code = canonical(code)
    if variant == "krypkasino":
        raise ValueError("krypkasino counts penalty points")
    if variant == "mulle-glimne":
        if code == "10D":
            return 3
        if code in ("2S", "AS"):
            return 2
        return 1 if suit_of(code) == "S" else 0
    if code == "10D":
        return 2
    if code == "2S":
        return 1
    if rank_of(code) == "A":
        return 1
    return 0


def kryp_penalty(code: str) -> int:
    """Krypkasino penalty points (section 7): 10♦ 3, 2♠ 2, every ace 1 and every other
    spade 1 (A♠ 2)."""
    code = canonical(code)
    if code == "10D":
        return 3
    if code == "2S":
        return 2
    return (rank_of(code) == "A") + (suit_of(code) == "S")


KRYP_SWEEP = 5  # section 7: a sweep gives the sweeper +5


def capture_rank_key(variant: str, cards: Iterable[str],
                     sweep: bool = False) -> tuple[int, int, int]:
    """Best first (section 3.1), larger is better: (cards, points, spades); in
    Krypkasino (fewest penalty points, cards), a ``sweep`` (the capture empties the
    table) bearing its +5 too."""
    cards = [canonical(c) for c in cards]
    if variant == "krypkasino":
        cost = sum(kryp_penalty(c) for c in cards) + (KRYP_SWEEP if sweep else 0)
        return (-cost, len(cards), 0)
    return (
        len(cards),
        sum(card_points(variant, c) for c in cards),
        sum(1 for c in cards if suit_of(c) == "S"),
    )
