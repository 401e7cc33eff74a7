"""The fixed positions the capture-search benchmark runs on (and peers are compared on).

Four table sizes (8, 12, 16, 20 loose cards), 240 positions each from a fixed seed:
half of them a ten played, half an ace; the table cards lean to small ranks (a
card of rank r is drawn with weight 14 - r, so aces and twos are common and kings
rare), as on the tables where the search has the most to do. One pack, Swedish
values (an ace counts 1 or 14, everywhere).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from referee.rules.cards import Card, Suit, pack

SIZES = (8, 12, 16, 20)
PER_SIZE = 240
SEED = 20261201
VARIANT = "swedish"


@dataclass(frozen=True)
class Position:
    played: Card
    table: tuple[Card, ...]


def positions(size: int, count: int = PER_SIZE, seed: int = SEED) -> list[Position]:
    """``count`` positions with ``size`` loose table cards, the same on every run."""
    rng = random.Random(seed * 100 + size)
    out = []
    for i in range(count):
        played = Card(10 if i % 2 == 0 else 1, rng.choice(list(Suit)))
        rest = [c for c in pack() if c != played]
        table: list[Card] = []
        while len(table) < size:
            card = rng.choices(rest, weights=[14 - c.rank for c in rest])[0]
            rest.remove(card)
            table.append(card)
        out.append(Position(played, tuple(table)))
    return out


if __name__ == "__main__":  # a dump for running other programs on the same positions
    import json

    print(json.dumps({
        str(size): [{"played": p.played.code, "table": [c.code for c in p.table]}
                    for p in positions(size)]
        for size in SIZES
    }))
