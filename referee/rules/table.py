"""What lies on the table: loose cards and builds.

>>> b = Build.of([Card.parse("5H"), Card.parse("4C")], value=9, owner=1)
>>> b, b.label
(Build(cards=(Card.parse('5H'), Card.parse('4C')), value=9, owner=1, locked=False), 'build of 9')
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .cards import Card

__all__ = ["Build", "Item", "item_cards"]


@dataclass(frozen=True, slots=True)
class Build:
    """A pile with a declared value, an owner (a seat) and a locked flag."""

    cards: tuple[Card, ...]
    value: int
    owner: int
    locked: bool = False

    def __reduce__(self) -> tuple[type[Build], tuple[Any, ...]]:
        """Pickled as its fields, in order (a round's snapshot holds many)."""
        return Build, (self.cards, self.value, self.owner, self.locked)

    @classmethod
    def of(cls, cards: Iterable[Card], value: int, owner: int, locked: bool = False) -> Build:
        return cls(tuple(cards), value, owner, locked)

    @property
    def label(self) -> str:
        return f"{'locked ' if self.locked else ''}build of {self.value}"

    def __contains__(self, card: object) -> bool:
        return card in self.cards


Item = Card | Build


def item_cards(item: Item) -> tuple[Card, ...]:
    return item.cards if isinstance(item, Build) else (item,)
