"""Playing rounds on the engine the way the rule tests write them: by card code.

The seed examples (``test_seed_examples.py``) and the golden rounds
(``test_golden_rounds.py``) name table items by card code, as a player at the
table would: one card of a build means the whole build. :func:`table_refs`
turns such names into the table indexes the engine takes, against the table as
it lies at that moment; :class:`Move` is a play written that way, and
:func:`start`, :func:`play` and :func:`replay` run a round of them on
:class:`referee.rules.round.RoundState`. Nothing here decides a rule.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from referee.rules.cards import Card, parse_cards
from referee.rules.round import IllegalPlay, PlayRecord, RoundState
from referee.rules.table import Build, Item, item_cards
from referee.rules.turn import Action, Play
from referee.rules.variants import get_rules


def codes(cards: Iterable[Card]) -> list[str]:
    return [card.code for card in cards]


def table_refs(table: Sequence[Item], names: Iterable[str]) -> tuple[int, ...]:
    """Table indexes of the items ``names`` name, in the order named.

    A code names the first loose card of that code not named yet; failing that,
    the build that holds the card (a build named by several of its cards counts
    once). A name that matches nothing is a mistake in the test.
    """
    chosen: list[int] = []
    for name in names:
        card = Card.parse(name)
        loose = [i for i, item in enumerate(table) if item == card and i not in chosen]
        if loose:
            chosen.append(loose[0])
            continue
        builds = [i for i, item in enumerate(table) if isinstance(item, Build) and card in item]
        if not builds:
            shown = " ".join(c.code for item in table for c in item_cards(item))
            raise AssertionError(f"{name} is not on the table (or named twice): {shown}")
        if builds[0] not in chosen:
            chosen.append(builds[0])
    return tuple(chosen)


@dataclass(frozen=True)
class Move:
    """A play as a test writes it: the card, and the table items it uses by card code."""

    card: str
    action: Action
    names: tuple[str, ...] = ()
    value: int | None = None

    def on(self, table: Sequence[Item]) -> Play:
        """The engine's play against ``table``."""
        return Play(Card.parse(self.card), self.action, table_refs(table, self.names),
                    self.value)

    def __str__(self) -> str:
        used = f" {' '.join(self.names)}" if self.names else ""
        value = f" = {self.value}" if self.value is not None else ""
        return f"{self.card} {self.action}{used}{value}"


def trail(card: str) -> Move:
    return Move(card, Action.TRAIL)


def take(card: str, *names: str) -> Move:
    """A capture; ``names`` are the taken items (one card of a build means the build)."""
    return Move(card, Action.CAPTURE, names)


def build(card: str, onto: str, value: int) -> Move:
    """Build on a loose card, or raise / add to the build that ``onto`` belongs to."""
    return Move(card, Action.BUILD, (onto,), value)


def double(card: str, onto: str) -> Move:
    return Move(card, Action.DOUBLE, (onto,))


def start(variant: str, table: Sequence[str], *, players: int = 2, dealer: int = 1,
          scores: Sequence[int] | None = None, options: dict | None = None) -> RoundState:
    """A round with its first table cards down; the first play is by seat dealer + 1."""
    rnd = RoundState(get_rules(variant, options), players, dealer, scores)
    rnd.start(parse_cards(table))
    return rnd


def play(rnd: RoundState, move: Move, player: int | None = None) -> PlayRecord:
    """Apply one move (IllegalPlay, or a RoundError, if the engine refuses it)."""
    return rnd.play(move.on(rnd.table), player)


def replay(variant: str, table: Sequence[str], moves: Iterable[Move], **seating) -> RoundState:
    """A round played move by move (``seating`` as for :func:`start`); every move must be
    legal: a refused one fails the test, naming its number (from 0) and the reason."""
    rnd = start(variant, table, **seating)
    for number, move in enumerate(moves):
        try:
            play(rnd, move)
        except IllegalPlay as illegal:
            raise AssertionError(
                f"play {number} ({move}) was refused: {ruled(illegal.verdict)}"
            ) from illegal
    return rnd


def ruled(verdict) -> str:
    """A ruling as its data: the rule's code and parameters, then the detail (each value
    tried, the card's value rule), for tests that look for a card, a value or a code."""
    return " ".join(str(reason) for reason in (verdict.why, *getattr(verdict, "detail", ())))
