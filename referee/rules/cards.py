"""Cards and their notation.

A card is a frozen value: a rank from 1 (ace) to 13 (king) and a suit. Input is
lenient, output canonical:

>>> Card.parse("td")
Card.parse('10D')
>>> str(Card.parse("♠️a"))
'AS'
>>> Card.parse("10♦").symbol
'10♦'
>>> sorted(parse_cards(["KD", "2H", "2S"]))
[Card.parse('2S'), Card.parse('2H'), Card.parse('KD')]
>>> Card.parse("1X")
Traceback (most recent call last):
...
referee.rules.cards.UnknownSuit: '1X' has no suit: a card ends in S, H, D or C (or ♠ ♥ ♦ ♣)
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import total_ordering

__all__ = [
    "BIG_CASINO",
    "FIVE_OF_SPADES",
    "LITTLE_CASINO",
    "RANKS",
    "Card",
    "CardError",
    "Suit",
    "UnknownRank",
    "UnknownSuit",
    "pack",
    "parse_cards",
]


class CardError(ValueError):
    """A card code that names no card."""


class UnknownRank(CardError):
    """The rank part of a card code is not A 2-10 J Q K (or T)."""


class UnknownSuit(CardError):
    """The suit part of a card code is not S H D C or a suit symbol."""


class Suit(enum.Enum):
    """The four suits, in the order the Royal count-out credits aces."""

    SPADES = "S"
    CLUBS = "C"
    HEARTS = "H"
    DIAMONDS = "D"

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Suit):
            return NotImplemented
        return _SUIT_ORDER[self] < _SUIT_ORDER[other]

    @property
    def order(self) -> int:
        """0 for spades to 3 for diamonds."""
        return _SUIT_ORDER[self]

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def noun(self) -> str:
        return self.name.lower()


_SUIT_ORDER = {suit: i for i, suit in enumerate(Suit)}
_SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.CLUBS: "♣", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦"}
_SUIT_INPUT = {
    "S": Suit.SPADES, "H": Suit.HEARTS, "D": Suit.DIAMONDS, "C": Suit.CLUBS,
    "♠": Suit.SPADES, "♥": Suit.HEARTS, "♦": Suit.DIAMONDS, "♣": Suit.CLUBS,
    "♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS,
}
RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_RANK_INPUT = {name: i + 1 for i, name in enumerate(RANKS)} | {"T": 10}
_RANK_NAMES = {
    1: "ace", 11: "jack", 12: "queen", 13: "king",
}
# Characters players paste that carry no meaning: the emoji variation selectors
# and spaces.
_IGNORED = {"\ufe0f", "\ufe0e", " ", "\u00a0"}


@total_ordering
@dataclass(frozen=True, slots=True)
class Card:
    """One card. ``rank`` is 1 (ace) to 13 (king). Cards sort by rank, then suit."""

    rank: int
    suit: Suit
    # the card's place in card order, from 0 (A♠) to 51 (K♦): its hash and sort key
    order: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.rank, int) or not 1 <= self.rank <= 13:
            raise UnknownRank(f"rank {self.rank!r} is not between 1 (ace) and 13 (king)")
        object.__setattr__(self, "order", (self.rank - 1) * 4 + _SUIT_ORDER[self.suit])

    def __hash__(self) -> int:
        return self.order

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self.order == other.order
        return NotImplemented

    def __lt__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self.order < other.order
        return NotImplemented

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card code leniently: ``10d``, ``TD``, ``♦10``, ``10♦️``."""
        if not isinstance(text, str):
            raise CardError(f"{text!r} is not a card code")
        raw = "".join(ch for ch in text if ch not in _IGNORED).upper()
        if not raw:
            raise CardError("an empty text is not a card")
        if len(raw) > 4:
            raise CardError(f"{text!r} is not a card code: write rank then suit, like 10D or AS")
        if raw[-1] in _SUIT_INPUT:
            rank_part, suit = raw[:-1], _SUIT_INPUT[raw[-1]]
        elif raw[0] in _SUIT_INPUT and raw[0] not in "SHDC":
            rank_part, suit = raw[1:], _SUIT_INPUT[raw[0]]
        else:
            raise UnknownSuit(
                f"{text!r} has no suit: a card ends in S, H, D or C (or ♠ ♥ ♦ ♣)"
            )
        rank = _RANK_INPUT.get(rank_part)
        if rank is None:
            raise UnknownRank(
                f"{text!r} has no rank: the ranks are A 2 3 4 5 6 7 8 9 10 J Q K (T for 10)"
            )
        return cls(rank, suit)

    @property
    def code(self) -> str:
        """Canonical code, e.g. ``10D``."""
        return RANKS[self.rank - 1] + self.suit.value

    @property
    def symbol(self) -> str:
        """Code with a suit symbol, e.g. ``10♦``, for sentences."""
        return RANKS[self.rank - 1] + self.suit.symbol

    @property
    def rank_name(self) -> str:
        return RANKS[self.rank - 1]

    @property
    def spade(self) -> bool:
        return self.suit is Suit.SPADES

    @property
    def ace(self) -> bool:
        return self.rank == 1

    @property
    def court(self) -> bool:
        return self.rank > 10

    @property
    def name(self) -> str:
        """Long English name, e.g. ``ten of diamonds``."""
        word = _RANK_NAMES.get(self.rank, str(self.rank))
        return f"{word} of {self.suit.noun}"

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card.parse({self.code!r})"

    def __reduce__(self) -> tuple[Callable[[int], Card], tuple[int]]:
        """Pickled as its place in card order (a round's snapshot holds hundreds).

        >>> import pickle
        >>> pickle.loads(pickle.dumps(Card.parse("10D"))) == Card.parse("10D")
        True
        """
        return card_in_order, (self.order,)


BIG_CASINO = Card(10, Suit.DIAMONDS)
LITTLE_CASINO = Card(2, Suit.SPADES)
FIVE_OF_SPADES = Card(5, Suit.SPADES)


def pack(packs: int = 1) -> list[Card]:
    """Every card of ``packs`` 52-card packs, in a fixed order.

    >>> len(pack()), len(pack(2)), pack()[0]
    (52, 104, Card.parse('AS'))
    """
    return list(_ONE_PACK) * packs


_ONE_PACK = tuple(Card(rank, suit) for suit in Suit for rank in range(1, 14))
_IN_ORDER = tuple(sorted(_ONE_PACK, key=lambda card: card.order))


def card_in_order(order: int) -> Card:
    """The card at ``order`` in card order (A♠ 0 ... K♦ 51)."""
    return _IN_ORDER[order]


def parse_cards(codes: Iterable[str]) -> list[Card]:
    """Parse several codes; the first bad one raises."""
    return [Card.parse(code) for code in codes]
