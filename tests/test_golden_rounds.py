"""Golden rounds: one whole, hand-played round per variant, played on the engine.

Every round below is a fixed pack (the dealt order, written out as a literal),
dealt as RULES.md §4 says, and a play list written by hand with every card of
the pack played. The expected outcome of each round (the captured piles, the
sweeps, who captured last, and the points per category of the round's
:class:`referee.rules.scoring.RoundScore`) was worked out by hand from RULES.md;
the reasoning is in the comments next to each play and in the tally under each
round. Nothing here computes a result: the helpers only deal the pack (so that
no play uses a card its player does not hold) and check that the hand-written
expectations are consistent with themselves (the piles partition the pack, the
stated card and spade counts match the piles).

The rounds are played straight on :class:`referee.rules.round.RoundState`
(``tests/engine_calls.py``); the JSON API has its own contract tests. Plays name
the table items by card code, one card of a build meaning the whole build.

Dealing convention (the engine never sees the pack, only the start table and the
plays): the first ``table_cards`` cards of the pack go to the table, then each
deal gives the cards one at a time clockwise, starting with the player left of
the dealer; when the stock cannot give everyone a full hand the rest is dealt
the same way, as evenly as possible (RULES §4). With 2 players and dealer 1,
seat 0 gets the 1st, 3rd, 5th... card of each deal and plays first.

Play numbers in the comments are 0-based indices into ``plays`` (as
``PlayRecord.index``). Notation: ``T:`` is the table after the play (loose cards in
the order they came, builds in brackets with value and owner, ``L`` for
locked); ``s0``/``s1`` are the seats; ``sweep s0#2`` is seat 0's second sweep.

Rounds: swedish, finnish, norwegian, danish, classic, royal, overspader, mulle,
mulle-glimne, krypkasino (2 players each) and a 4-player swedish partnership
round.
"""

from __future__ import annotations

from collections import Counter

import pytest
from engine_calls import build, codes, double, replay, trail
from engine_calls import take as cap

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")


def full_pack(packs: int = 1) -> list[str]:
    return [rank + suit for _ in range(packs) for suit in SUITS for rank in RANKS]


# --- dealing (a helper for the test data, not a referee) ---------------------


def deal(pack: list[str], players: int, table_cards: int, hand_size: int, dealer: int):
    """Split a pack into the start table and, per deal, each seat's hand."""
    table = pack[:table_cards]
    order = [(dealer + 1 + i) % players for i in range(players)]
    deals = []
    pos = table_cards
    while pos < len(pack):
        count = min(hand_size * players, len(pack) - pos)
        hands: list[list[str]] = [[] for _ in range(players)]
        for i in range(count):
            hands[order[i % players]].append(pack[pos + i])
        deals.append(hands)
        pos += count
    return table, deals


def check_plays_follow_the_deal(rnd: dict) -> list[str]:
    """Each play must be a card from the hand of the seat whose turn it is.

    Within a deal the turn goes clockwise from the seat left of the dealer and
    skips a seat whose hand is empty (the short last deal of Mulle). Returns
    the start table.
    """
    players = rnd["players"]
    table, deals = deal(rnd["pack"], players, rnd["table_cards"], rnd["hand_size"], rnd["dealer"])
    plays = iter(enumerate(rnd["plays"]))
    for number, hands in enumerate(deals, start=1):
        hands = [list(h) for h in hands]
        seat = (rnd["dealer"] + 1) % players
        while any(hands):
            if hands[seat]:
                index, play = next(plays)
                assert play.card in hands[seat], (
                    f"play {index} ({play}) is not in seat {seat}'s hand "
                    f"{hands[seat]} in deal {number}"
                )
                hands[seat].remove(play.card)
            seat = (seat + 1) % players
    assert next(plays, None) is None, "more plays than cards dealt"
    return table


def check_expectations_are_consistent(rnd: dict) -> None:
    exp = rnd["expected"]
    piles = [Counter(p) for p in exp["piles"]]
    assert sum(piles, Counter()) == Counter(rnd["pack"]), "expected piles do not partition the pack"
    assert Counter(rnd["pack"]) == Counter(full_pack(rnd["packs"]))
    for side, pile in enumerate(exp["piles"]):
        assert len(pile) == exp["cards"][side], f"side {side}: stated card count"
        spades = sum(1 for c in pile if c.endswith("S"))
        assert spades == exp["spades"][side], f"side {side}: stated spade count"
        points = exp["points"][side]
        assert set(points) == set(POINT_KEYS)
        assert sum(points.values()) == exp["totals"][side], f"side {side}: stated total"


POINT_KEYS = (
    "cards",
    "spades",
    "aces",
    "big_casino",
    "little_casino",
    "last_capture",
    "sweeps",
    "mulle",
)


def pts(
    cards=0, spades=0, aces=0, big_casino=0, little_casino=0, last_capture=0, sweeps=0, mulle=0
):
    return {
        "cards": cards,
        "spades": spades,
        "aces": aces,
        "big_casino": big_casino,
        "little_casino": little_casino,
        "last_capture": last_capture,
        "sweeps": sweeps,
        "mulle": mulle,
    }


ROUNDS: dict[str, dict] = {}

# fmt: off
# =============================================================================
# swedish: A counts 1 or 14 in the hand and on the table, no building.
# Pack: random.Random(1).shuffle of the 52 cards. Dealer 1, seat 0 plays first.
#   table: JC 10S QD 10H
#   deal 1  s0: 3S 7H 10D 4D   s1: KD QS 6S KC
#   deal 2  s0: 5C JH 9C 2C    s1: 3H 8C 9H AC
#   deal 3  s0: KS 7D KH 9D    s1: QC 8H AD JS
#   deal 4  s0: 8D 6H 5H AS    s1: 4S 2H 6C 2D
#   deal 5  s0: 4C 7C AH 3C    s1: 2S 7S QH 5D
#   deal 6  s0: 3D 8S 5S JD    s1: 6D 4H 10C 9S   (last deal)
ROUNDS["swedish"] = {
    "variant": "swedish",
    "players": 2,
    "dealer": 1,
    "packs": 1,
    "table_cards": 4,
    "hand_size": 4,
    "pack": [
        "JC", "10S", "QD", "10H", "3S", "KD", "7H", "QS", "10D", "6S", "4D", "KC", "5C",
        "3H", "JH", "8C", "9C", "9H", "2C", "AC", "KS", "QC", "7D", "8H", "KH", "AD",
        "9D", "JS", "8D", "4S", "6H", "2H", "5H", "6C", "AS", "2D", "4C", "2S", "7C",
        "7S", "AH", "QH", "3C", "5D", "3D", "6D", "8S", "4H", "5S", "10C", "JD", "9S",
    ],
    "plays": [
        # deal 1, start T: JC 10S QD 10H
        cap("10D", "10S", "10H"),  # 0 s0: 10 | 10                 T: JC QD
        cap("QS", "QD"),  # 1 s1                                   T: JC
        trail("4D"),  # 2 s0                                       T: JC 4D
        trail("KC"),  # 3 s1                                       T: JC 4D KC
        trail("3S"),  # 4 s0                                       T: JC 4D KC 3S
        cap("KD", "KC"),  # 5 s1                                   T: JC 4D 3S
        cap("7H", "4D", "3S"),  # 6 s0: 4+3                        T: JC
        trail("6S"),  # 7 s1                                       T: JC 6S
        # deal 2
        trail("5C"),  # 8 s0                                       T: JC 6S 5C
        trail("3H"),  # 9 s1                                       T: JC 6S 5C 3H
        cap("JH", "JC", "6S", "5C"),  # 10 s0: 11 | 6+5            T: 3H
        trail("AC"),  # 11 s1                                      T: 3H AC
        trail("2C"),  # 12 s0                                      T: 3H AC 2C
        trail("8C"),  # 13 s1                                      T: 3H AC 2C 8C
        cap("9C", "8C", "AC"),  # 14 s0: 8+1                       T: 3H 2C
        trail("9H"),  # 15 s1                                      T: 3H 2C 9H
        # deal 3
        cap("9D", "9H"),  # 16 s0                                  T: 3H 2C
        trail("AD"),  # 17 s1                                      T: 3H 2C AD
        trail("7D"),  # 18 s0                                      T: 3H 2C AD 7D
        cap("8H", "7D", "AD"),  # 19 s1: 7+1                       T: 3H 2C
        trail("KH"),  # 20 s0                                      T: 3H 2C KH
        trail("JS"),  # 21 s1                                      T: 3H 2C KH JS
        cap("KS", "KH"),  # 22 s0                                  T: 3H 2C JS
        trail("QC"),  # 23 s1                                      T: 3H 2C JS QC
        # deal 4
        cap("AS", "JS", "3H", "QC", "2C"),  # 24 s0: A as 14: 11+3 | 12+2, sweep s0#1  T: -
        trail("2H"),  # 25 s1                                      T: 2H
        trail("5H"),  # 26 s0                                      T: 2H 5H
        trail("6C"),  # 27 s1                                      T: 2H 5H 6C
        cap("8D", "6C", "2H"),  # 28 s0: 6+2                       T: 5H
        trail("2D"),  # 29 s1                                      T: 5H 2D
        trail("6H"),  # 30 s0                                      T: 5H 2D 6H
        trail("4S"),  # 31 s1                                      T: 5H 2D 6H 4S
        # deal 5
        cap("7C", "5H", "2D"),  # 32 s0: 5+2                       T: 6H 4S
        trail("5D"),  # 33 s1                                      T: 6H 4S 5D
        trail("3C"),  # 34 s0                                      T: 6H 4S 5D 3C
        cap("7S", "4S", "3C"),  # 35 s1: 4+3                       T: 6H 5D
        trail("AH"),  # 36 s0                                      T: 6H 5D AH
        cap("QH", "6H", "5D", "AH"),  # 37 s1: 6+5+1, sweep s1#1   T: -
        trail("4C"),  # 38 s0                                      T: 4C
        trail("2S"),  # 39 s1                                      T: 4C 2S
        # deal 6 (last)
        trail("3D"),  # 40 s0                                      T: 4C 2S 3D
        cap("9S", "4C", "2S", "3D"),  # 41 s1: 4+2+3, sweep s1#2   T: -
        trail("8S"),  # 42 s0                                      T: 8S
        trail("4H"),  # 43 s1                                      T: 8S 4H
        trail("JD"),  # 44 s0                                      T: 8S 4H JD
        trail("6D"),  # 45 s1                                      T: 8S 4H JD 6D
        trail("5S"),  # 46 s0                                      T: 8S 4H JD 6D 5S
        cap("10C", "4H", "6D"),  # 47 s1: 4+6, last capture        T: 8S JD 5S -> s1
    ],
    # Piles, capture by capture:
    #   s0: 10D 10S 10H | 7H 4D 3S | JH JC 6S 5C | 9C 8C AC | 9D 9H | KS KH |
    #       AS JS 3H QC 2C | 8D 6C 2H | 7C 5H 2D                 = 3+3+4+3+2+2+5+3+3 = 28
    #   s1: QS QD | KD KC | 8H 7D AD | 7S 4S 3C | QH 6H 5D AH | 9S 4C 2S 3D |
    #       10C 4H 6D + leftover 8S JD 5S                         = 2+2+3+3+4+4+6 = 24
    # Spades: s0 AS 3S 6S 10S JS KS = 6; s1 2S 4S 5S 7S 8S 9S QS = 7.
    # Aces: s0 AC AS; s1 AD AH.  10D s0.  2S s1.  Last capture s1.
    # Sweeps: s0 1 (play 24), s1 2 (plays 37, 41).
    # Tally (swedish: cards 1, spades 2, aces 1 each, 10D 2, 2S 1, last 1, sweeps 1):
    #   s0: cards 28 v 24 -> 1; spades 6 v 7 -> 0; aces 2; 10D 2; sweeps 1      = 6
    #   s1: spades 7 v 6 -> 2; aces 2; 2S 1; last capture 1; sweeps 2           = 8
    #   check: 6 + 8 = 14 = 11 + 3 sweeps.
    "expected": {
        "side_players": [[0], [1]],
        "piles": [
            ["10D", "10S", "10H", "7H", "4D", "3S", "JH", "JC", "6S", "5C", "9C", "8C", "AC",
             "9D", "9H", "KS", "KH", "AS", "JS", "3H", "QC", "2C", "8D", "6C", "2H", "7C",
             "5H", "2D"],
            ["QS", "QD", "KD", "KC", "8H", "7D", "AD", "7S", "4S", "3C", "QH", "6H", "5D",
             "AH", "9S", "4C", "2S", "3D", "10C", "4H", "6D", "8S", "JD", "5S"],
        ],
        "cards": [28, 24],
        "spades": [6, 7],
        "sweeps": [1, 2],
        "sweep_plays": [24, 37, 41],
        "points": [
            pts(cards=1, aces=2, big_casino=2, sweeps=1),
            pts(spades=2, aces=2, little_casino=1, last_capture=1, sweeps=2),
        ],
        "totals": [6, 8],
    },
}


# =============================================================================
# finnish: from the hand A 14, 10D 16, 2S 15; on the table A 1, 10D 10, 2S 2.
# No building, no point for the last capture, sweeps cancel, sweeps made in the
# last deal do not score.
# Pack: random.Random(2).shuffle. Dealer 1, seat 0 plays first.
#   table: 3H 4D 10S 9H
#   deal 1  s0: 5S KC 10H 9S   s1: 7S AD QH 9D
#   deal 2  s0: JD 2C 7C 8H    s1: 6H 5D 8S 6D
#   deal 3  s0: JC 8C 3C QS    s1: 6C KS 2H AS
#   deal 4  s0: AC 8D 10D 10C  s1: 2S 5H 3D 7D
#   deal 5  s0: KH 9C 3S AH    s1: 2D QD 5C KD
#   deal 6  s0: 4H 4C JH 6S    s1: 7H JS QC 4S   (last deal)
ROUNDS["finnish"] = {
    "variant": "finnish",
    "players": 2,
    "dealer": 1,
    "packs": 1,
    "table_cards": 4,
    "hand_size": 4,
    "pack": [
        "3H", "4D", "10S", "9H", "5S", "7S", "KC", "AD", "10H", "QH", "9S", "9D", "JD",
        "6H", "2C", "5D", "7C", "8S", "8H", "6D", "JC", "6C", "8C", "KS", "3C", "2H",
        "QS", "AS", "AC", "2S", "8D", "5H", "10D", "3D", "10C", "7D", "KH", "2D", "9C",
        "QD", "3S", "5C", "AH", "KD", "4H", "7H", "4C", "JS", "JH", "QC", "6S", "4S",
    ],
    "plays": [
        # deal 1, start T: 3H 4D 10S 9H
        cap("KC", "9H", "4D", "10S", "3H"),  # 0 s0: 9+4 | 10+3, sweep s0#1   T: -
        trail("7S"),  # 1 s1                                       T: 7S
        trail("5S"),  # 2 s0                                       T: 7S 5S
        cap("QH", "7S", "5S"),  # 3 s1: 7+5, sweep s1#1            T: -
        trail("9S"),  # 4 s0                                       T: 9S
        trail("AD"),  # 5 s1 (AD lies as a 1)                      T: 9S AD
        cap("10H", "9S", "AD"),  # 6 s0: 9+1, sweep s0#2           T: -
        trail("9D"),  # 7 s1                                       T: 9D
        # deal 2
        trail("2C"),  # 8 s0                                       T: 9D 2C
        trail("6H"),  # 9 s1                                       T: 9D 2C 6H
        cap("8H", "2C", "6H"),  # 10 s0: 2+6                       T: 9D
        trail("5D"),  # 11 s1                                      T: 9D 5D
        trail("7C"),  # 12 s0                                      T: 9D 5D 7C
        trail("8S"),  # 13 s1                                      T: 9D 5D 7C 8S
        trail("JD"),  # 14 s0                                      T: 9D 5D 7C 8S JD
        trail("6D"),  # 15 s1                                      T: 9D 5D 7C 8S JD 6D
        # deal 3
        cap("JC", "JD", "6D", "5D"),  # 16 s0: 11 | 6+5            T: 9D 7C 8S
        trail("2H"),  # 17 s1                                      T: 9D 7C 8S 2H
        cap("8C", "8S"),  # 18 s0                                  T: 9D 7C 2H
        trail("6C"),  # 19 s1                                      T: 9D 7C 2H 6C
        trail("3C"),  # 20 s0                                      T: 9D 7C 2H 6C 3C
        cap("AS", "9D", "3C", "2H"),  # 21 s1: A from hand 14 = 9+3+2   T: 7C 6C
        trail("QS"),  # 22 s0                                      T: 7C 6C QS
        cap("KS", "7C", "6C"),  # 23 s1: 7+6                       T: QS
        # deal 4
        trail("10C"),  # 24 s0                                     T: QS 10C
        trail("3D"),  # 25 s1                                      T: QS 10C 3D
        trail("8D"),  # 26 s0                                      T: QS 10C 3D 8D
        cap("2S", "QS", "3D"),  # 27 s1: 2S from hand 15 = 12+3    T: 10C 8D
        trail("AC"),  # 28 s0                                      T: 10C 8D AC
        trail("5H"),  # 29 s1                                      T: 10C 8D AC 5H
        cap("10D", "10C", "5H", "AC"),  # 30 s0: 10D from hand 16 = 10+5+1   T: 8D
        trail("7D"),  # 31 s1                                      T: 8D 7D
        # deal 5
        trail("3S"),  # 32 s0                                      T: 8D 7D 3S
        trail("2D"),  # 33 s1                                      T: 8D 7D 3S 2D
        cap("9C", "7D", "2D"),  # 34 s0: 7+2                       T: 8D 3S
        trail("5C"),  # 35 s1                                      T: 8D 3S 5C
        cap("KH", "8D", "5C"),  # 36 s0: 8+5                       T: 3S
        trail("QD"),  # 37 s1                                      T: 3S QD
        trail("AH"),  # 38 s0                                      T: 3S QD AH
        cap("KD", "QD", "AH"),  # 39 s1: 12+1                      T: 3S
        # deal 6 (last deal: its sweeps do not score)
        trail("4H"),  # 40 s0                                      T: 3S 4H
        cap("7H", "3S", "4H"),  # 41 s1: 3+4, sweep s1#2 (last deal)   T: -
        trail("4C"),  # 42 s0                                      T: 4C
        trail("QC"),  # 43 s1                                      T: 4C QC
        trail("JH"),  # 44 s0                                      T: 4C QC JH
        cap("4S", "4C"),  # 45 s1                                  T: QC JH
        trail("6S"),  # 46 s0                                      T: QC JH 6S
        cap("JS", "JH"),  # 47 s1: last capture                    T: QC 6S -> s1
    ],
    # Piles:
    #   s0: KC 9H 4D 10S 3H | 10H 9S AD | 8H 2C 6H | JC JD 6D 5D | 8C 8S |
    #       10D 10C 5H AC | 9C 7D 2D | KH 8D 5C                  = 5+3+3+4+2+4+3+3 = 27
    #   s1: QH 7S 5S | AS 9D 3C 2H | KS 7C 6C | 2S QS 3D | KD QD AH | 7H 3S 4H |
    #       4S 4C | JS JH + leftover QC 6S                        = 3+4+3+3+3+3+2+4 = 25
    # Spades: s0 8S 9S 10S = 3; s1 AS 2S 3S 4S 5S 6S 7S JS QS KS = 10.
    # Aces: s0 AD AC; s1 AS AH.  10D s0.  2S s1.  Last capture s1 (no point in finnish).
    # Sweeps made: s0 2 (plays 0, 6), s1 2 (plays 3, 41). Play 41 is in the last
    # deal and does not score, so 2 v 1 score, and cancellation turns one down on
    # each side: 1 v 0. (Scores are 0-0 and no side gets near 10 points in the
    # round, so the 10-point freeze never applies.)
    # Tally (finnish: cards 1, spades 2, aces 1 each, 10D 2, 2S 1, sweeps 1):
    #   s0: cards 27 v 25 -> 1; spades 3 v 10 -> 0; aces 2; 10D 2; sweeps 1       = 6
    #   s1: spades 2; aces 2; 2S 1; sweeps 0                                      = 5
    #   check: 6 + 5 = 11 = 10 + 1 scoring sweep.
    "expected": {
        "side_players": [[0], [1]],
        "piles": [
            ["KC", "9H", "4D", "10S", "3H", "10H", "9S", "AD", "8H", "2C", "6H", "JC", "JD",
             "6D", "5D", "8C", "8S", "10D", "10C", "5H", "AC", "9C", "7D", "2D", "KH", "8D",
             "5C"],
            ["QH", "7S", "5S", "AS", "9D", "3C", "2H", "KS", "7C", "6C", "2S", "QS", "3D",
             "KD", "QD", "AH", "7H", "3S", "4H", "4S", "4C", "JS", "JH", "QC", "6S"],
        ],
        "cards": [27, 25],
        "spades": [3, 10],
        "sweeps": [2, 2],
        "scored_sweeps": [1, 0],
        "sweep_plays": [0, 3, 6, 41],
        "points": [
            pts(cards=1, aces=2, big_casino=2, sweeps=1),
            pts(spades=2, aces=2, little_casino=1),
        ],
        "totals": [6, 5],
    },
}


# =============================================================================
# norwegian: values as finnish (A 14/1, 10D 16/10, 2S 15/2), nordic building:
# a build is the played card on one loose card; an opponent may raise an
# unlocked build by one card; a double lays a card on an equal item (locked).
# The pack was stacked by hand (hands chosen so that a build, a raise and a
# double happen with the builder holding the capturing card, and a builder
# trails on the turn after building, which nordic rules allow); it is a plain
# permutation of the 52 cards. Dealer 1, seat 0 plays first.
#   table: 3D 8C KH 5S
#   deal 1  s0: 6H 8D 4H 9D    s1: 4C KS 7C JD
#   deal 2  s0: 7H 7S 3C QD    s1: 2D KC 9S 5H
#   deal 3  s0: 6C 10D 8S 4D   s1: 10S AC AD JH
#   deal 4  s0: 2S 9C 5C 8H    s1: 3H 2C KD JS
#   deal 5  s0: 3S 9H AS 5D    s1: 6D AH 2H 10C
#   deal 6  s0: 7D 6S 10H QC   s1: 4S QS QH JC   (last deal)
ROUNDS["norwegian"] = {
    "variant": "norwegian",
    "players": 2,
    "dealer": 1,
    "packs": 1,
    "table_cards": 4,
    "hand_size": 4,
    "pack": [
        "3D", "8C", "KH", "5S", "6H", "4C", "8D", "KS", "4H", "7C", "9D", "JD", "7H",
        "2D", "7S", "KC", "3C", "9S", "QD", "5H", "6C", "10S", "10D", "AC", "8S", "AD",
        "4D", "JH", "2S", "3H", "9C", "2C", "5C", "KD", "8H", "JS", "3S", "6D", "9H",
        "AH", "AS", "2H", "5D", "10C", "7D", "4S", "6S", "QS", "10H", "QH", "QC", "JC",
    ],
    "plays": [
        # deal 1, start T: 3D 8C KH 5S
        build("6H", "3D", 9),  # 0 s0 builds 3+6 = 9, holds 9D     T: 8C KH 5S [3D 6H =9 s0]
        build("4C", "3D", 13),  # 1 s1 raises to 13, holds KS      T: 8C KH 5S [3D 6H 4C =13 s1]
        cap("8D", "8C"),  # 2 s0                                   T: KH 5S [13 s1]
        cap("KS", "3D", "KH"),  # 3 s1: build 13 | KH 13           T: 5S
        trail("4H"),  # 4 s0                                       T: 5S 4H
        trail("7C"),  # 5 s1                                       T: 5S 4H 7C
        cap("9D", "5S", "4H"),  # 6 s0: 5+4 (9D backs the 9 built at play 0)   T: 7C
        trail("JD"),  # 7 s1                                       T: 7C JD
        # deal 2
        double("7H", "7C"),  # 8 s0 doubles 7C, holds 7S           T: JD [7C 7H =7 L s0]
        trail("2D"),  # 9 s1                                       T: JD [7 L s0] 2D
        cap("7S", "7C"),  # 10 s0 takes its double                 T: JD 2D
        cap("KC", "JD", "2D"),  # 11 s1: 11+2, sweep s1#1          T: -
        trail("3C"),  # 12 s0                                      T: 3C
        trail("9S"),  # 13 s1                                      T: 3C 9S
        cap("QD", "3C", "9S"),  # 14 s0: 3+9, sweep s0#1           T: -
        trail("5H"),  # 15 s1                                      T: 5H
        # deal 3
        trail("6C"),  # 16 s0                                      T: 5H 6C
        trail("10S"),  # 17 s1                                     T: 5H 6C 10S
        cap("10D", "10S", "6C"),  # 18 s0: 10D from hand 16 = 10+6  T: 5H
        trail("AC"),  # 19 s1 (AC lies as a 1)                     T: 5H AC
        trail("8S"),  # 20 s0                                      T: 5H AC 8S
        cap("AD", "5H", "8S", "AC"),  # 21 s1: A from hand 14 = 5+8+1, sweep s1#2   T: -
        trail("4D"),  # 22 s0                                      T: 4D
        trail("JH"),  # 23 s1                                      T: 4D JH
        # deal 4
        cap("2S", "JH", "4D"),  # 24 s0: 2S from hand 15 = 11+4, sweep s0#2   T: -
        trail("3H"),  # 25 s1                                      T: 3H
        trail("9C"),  # 26 s0                                      T: 3H 9C
        trail("2C"),  # 27 s1                                      T: 3H 9C 2C
        build("5C", "3H", 8),  # 28 s0 builds 3+5 = 8, holds 8H    T: 9C 2C [3H 5C =8 s0]
        trail("KD"),  # 29 s1                                      T: 9C 2C [8 s0] KD
        cap("8H", "3H"),  # 30 s0 takes its build                  T: 9C 2C KD
        cap("JS", "9C", "2C"),  # 31 s1: 9+2                       T: KD
        # deal 5
        trail("3S"),  # 32 s0                                      T: KD 3S
        trail("6D"),  # 33 s1                                      T: KD 3S 6D
        cap("9H", "3S", "6D"),  # 34 s0: 3+6                       T: KD
        trail("AH"),  # 35 s1                                      T: KD AH
        cap("AS", "KD", "AH"),  # 36 s0: A from hand 14 = 13+1, sweep s0#3   T: -
        trail("2H"),  # 37 s1                                      T: 2H
        trail("5D"),  # 38 s0                                      T: 2H 5D
        trail("10C"),  # 39 s1                                     T: 2H 5D 10C
        # deal 6 (last)
        cap("7D", "2H", "5D"),  # 40 s0: 2+5                       T: 10C
        trail("4S"),  # 41 s1                                      T: 10C 4S
        build("6S", "4S", 10),  # 42 s0 builds 4+6 = 10, holds 10H  T: 10C [4S 6S =10 s0]
        trail("QS"),  # 43 s1                                      T: 10C [10 s0] QS
        # 44 s0 trails although it built last turn: nordic building has no
        # must-capture-next-turn rule (that is danish, RULES §3.2)
        trail("QC"),  # 44 s0                                      T: 10C [10 s0] QS QC
        trail("JC"),  # 45 s1                                      T: 10C [10 s0] QS QC JC
        cap("10H", "4S", "10C"),  # 46 s0: build 10 | 10C          T: QS QC JC
        cap("QH", "QS", "QC"),  # 47 s1: 12 | 12, the last capture  T: JC -> s1
    ],
    # Piles:
    #   s0: 8D 8C | 9D 5S 4H | 7S 7C 7H | QD 3C 9S | 10D 10S 6C | 2S JH 4D |
    #       8H 3H 5C | 9H 3S 6D | AS KD AH | 7D 2H 5D | 10H 4S 6S 10C
    #                                              = 2+3+3+3+3+3+3+3+3+3+4 = 33
    #   s1: KS 3D 6H 4C KH | KC JD 2D | AD 5H 8S AC | JS 9C 2C | QH QS QC +
    #       leftover JC                            = 5+3+4+3+3+1 = 19
    # Spades: s0 A 2 3 4 5 6 7 9 10 = 9; s1 8S JS QS KS = 4.
    # Aces: s0 AS AH; s1 AD AC.  10D s0.  2S s0.  Last capture s1 (play 47).
    # Sweeps: s0 3 (plays 14, 24, 36), s1 2 (plays 11, 21); no cancellation.
    # Every build was backed by a card its owner played in the same deal
    # (9 by 9D, 13 by KS, the double 7 by 7S, 8 by 8H, 10 by 10H): no violations.
    # Tally (norwegian: cards 1, spades 1, aces 1 each, 10D 2, 2S 1, last 1, sweeps 1):
    #   s0: cards 33 v 19 -> 1; spades 9 v 4 -> 1; aces 2; 10D 2; 2S 1; sweeps 3 = 10
    #   s1: aces 2; last capture 1; sweeps 2                                     = 5
    #   check: 10 + 5 = 15 = 10 + 5 sweeps.
    "expected": {
        "side_players": [[0], [1]],
        "piles": [
            ["8D", "8C", "9D", "5S", "4H", "7S", "7C", "7H", "QD", "3C", "9S", "10D", "10S",
             "6C", "2S", "JH", "4D", "8H", "3H", "5C", "9H", "3S", "6D", "AS", "KD", "AH",
             "7D", "2H", "5D", "10H", "4S", "6S", "10C"],
            ["KS", "3D", "6H", "4C", "KH", "KC", "JD", "2D", "AD", "5H", "8S", "AC", "JS",
             "9C", "2C", "QH", "QS", "QC", "JC"],
        ],
        "cards": [33, 19],
        "spades": [9, 4],
        "sweeps": [3, 2],
        "scored_sweeps": [3, 2],
        "sweep_plays": [11, 14, 21, 24, 36],
        "points": [
            pts(cards=1, spades=1, aces=2, big_casino=2, little_casino=1, sweeps=3),
            pts(aces=2, last_capture=1, sweeps=2),
        ],
        "totals": [10, 5],
    },
}


# =============================================================================
# danish: A {1,14}, 10D {10,16}, 2S {2,15} both in the hand and on the table;
# danish building (a builder must capture on their next turn, builds are taken
# in the same deal); 5S may take the whole table (a sweep); sweeps cancel.
# Pack stacked by hand (a permutation of the 52 cards). Dealer 1, seat 0 first.
#   table: 4C 9H QD 2H
#   deal 1  s0: 3S QC 7D KH    s1: 2D 9C 6H JC
#   deal 2  s0: JD JH 4H 9D    s1: 8D 10C 5H 3D
#   deal 3  s0: KC 6D 8H AH    s1: 7C 5S 6C 10S
#   deal 4  s0: 6S 10D JS AC   s1: 2C 9S 4D QH
#   deal 5  s0: KS 3H 8S QS    s1: 7H 7S 2S AD
#   deal 6  s0: KD 5D 10H AS   s1: 3C 4S 8C 5C   (last deal)
ROUNDS["danish"] = {
    "variant": "danish",
    "players": 2,
    "dealer": 1,
    "packs": 1,
    "table_cards": 4,
    "hand_size": 4,
    "pack": [
        "4C", "9H", "QD", "2H", "3S", "2D", "QC", "9C", "7D", "6H", "KH", "JC", "JD",
        "8D", "JH", "10C", "4H", "5H", "9D", "3D", "KC", "7C", "6D", "5S", "8H", "6C",
        "AH", "10S", "6S", "2C", "10D", "9S", "JS", "4D", "AC", "QH", "KS", "7H", "3H",
        "7S", "8S", "2S", "QS", "AD", "KD", "3C", "5D", "4S", "10H", "8C", "AS", "5C",
    ],
    "plays": [
        # deal 1, start T: 4C 9H QD 2H
        build("3S", "4C", 7),  # 0 s0 builds 4+3 = 7, holds 7D     T: 9H QD 2H [4C 3S =7 s0]
        build("2D", "4C", 9),  # 1 s1 raises to 9, holds 9C       T: 9H QD 2H [4C 3S 2D =9 s1]
        cap("QC", "QD"),  # 2 s0 (built last turn: must capture)   T: 9H 2H [9 s1]
        cap("9C", "4C", "9H"),  # 3 s1 (raised last turn): build 9 | 9H   T: 2H
        trail("7D"),  # 4 s0 (7D backs the 7 built at play 0)      T: 2H 7D
        trail("6H"),  # 5 s1                                       T: 2H 7D 6H
        cap("KH", "7D", "6H"),  # 6 s0: 7+6                        T: 2H
        trail("JC"),  # 7 s1                                       T: 2H JC
        # deal 2
        double("JD", "JC"),  # 8 s0 doubles the J, holds JH        T: 2H [JC JD =11 L s0]
        trail("8D"),  # 9 s1                                       T: 2H [11 L s0] 8D
        cap("JH", "JC"),  # 10 s0 takes its double                 T: 2H 8D
        cap("10C", "8D", "2H"),  # 11 s1: 8+2, sweep s1#1          T: -
        trail("4H"),  # 12 s0                                      T: 4H
        trail("5H"),  # 13 s1                                      T: 4H 5H
        cap("9D", "4H", "5H"),  # 14 s0: 4+5, sweep s0#1           T: -
        trail("3D"),  # 15 s1                                      T: 3D
        # deal 3
        trail("KC"),  # 16 s0                                      T: 3D KC
        trail("7C"),  # 17 s1                                      T: 3D KC 7C
        trail("6D"),  # 18 s0                                      T: 3D KC 7C 6D
        cap("5S", "3D", "KC", "7C", "6D"),  # 19 s1: 5S takes the whole table, sweep s1#2   T: -
        trail("8H"),  # 20 s0                                      T: 8H
        trail("6C"),  # 21 s1                                      T: 8H 6C
        cap("AH", "8H", "6C"),  # 22 s0: A as 14 = 8+6, sweep s0#2  T: -
        trail("10S"),  # 23 s1                                     T: 10S
        # deal 4
        trail("6S"),  # 24 s0                                      T: 10S 6S
        trail("2C"),  # 25 s1                                      T: 10S 6S 2C
        cap("10D", "10S", "6S"),  # 26 s0: 10D as 16 = 10+6        T: 2C
        trail("9S"),  # 27 s1                                      T: 2C 9S
        cap("JS", "9S", "2C"),  # 28 s0: 9+2, sweep s0#3           T: -
        trail("4D"),  # 29 s1                                      T: 4D
        trail("AC"),  # 30 s0                                      T: 4D AC
        trail("QH"),  # 31 s1                                      T: 4D AC QH
        # deal 5
        cap("KS", "QH", "AC"),  # 32 s0: 12 + A as 1               T: 4D
        trail("7H"),  # 33 s1                                      T: 4D 7H
        trail("3H"),  # 34 s0                                      T: 4D 7H 3H
        cap("7S", "4D", "3H"),  # 35 s1: 4+3                       T: 7H
        trail("8S"),  # 36 s0                                      T: 7H 8S
        cap("2S", "7H", "8S"),  # 37 s1: 2S as 15 = 7+8, sweep s1#3   T: -
        trail("QS"),  # 38 s0                                      T: QS
        trail("AD"),  # 39 s1                                      T: QS AD
        # deal 6 (last)
        cap("KD", "QS", "AD"),  # 40 s0: 12 + A as 1, sweep s0#4   T: -
        trail("3C"),  # 41 s1                                      T: 3C
        trail("5D"),  # 42 s0                                      T: 3C 5D
        trail("4S"),  # 43 s1                                      T: 3C 5D 4S
        trail("10H"),  # 44 s0                                     T: 3C 5D 4S 10H
        cap("8C", "3C", "5D"),  # 45 s1: 3+5                       T: 4S 10H
        cap("AS", "4S", "10H"),  # 46 s0: A as 14 = 4+10, sweep s0#5, last capture   T: -
        trail("5C"),  # 47 s1: the last card                       T: 5C -> s0
    ],
    # Piles:
    #   s0: QC QD | KH 7D 6H | JH JC JD | 9D 4H 5H | AH 8H 6C | 10D 10S 6S |
    #       JS 9S 2C | KS QH AC | KD QS AD | AS 4S 10H + leftover 5C
    #                                              = 2+3+3+3+3+3+3+3+3+3+1 = 30
    #   s1: 9C 4C 3S 2D 9H | 10C 8D 2H | 5S 3D KC 7C 6D | 7S 4D 3H | 2S 7H 8S |
    #       8C 3C 5D                                = 5+3+5+3+3+3 = 22
    # Spades: s0 AS 4S 6S 9S 10S JS QS KS = 8; s1 2S 3S 5S 7S 8S = 5.
    # Aces: s0 all four.  10D s0.  2S s1.  Last capture s0 (play 46); the 5C
    # trailed by the last card is inherited, not a sweep.
    # Sweeps made: s0 5 (plays 14, 22, 28, 40, 46), s1 3 (plays 11, 19, 37);
    # danish cancels by default: 5 v 3 -> 2 v 0.
    # Tally (danish: cards 1, spades 2, aces 1 each, 10D 2, 2S 1, last 1, sweeps 1):
    #   s0: cards 30 v 22 -> 1; spades 8 v 5 -> 2; aces 4; 10D 2; last 1; sweeps 2 = 12
    #   s1: 2S 1                                                                 = 1
    #   check: 12 + 1 = 13 = 11 + 2 sweeps.
    "expected": {
        "side_players": [[0], [1]],
        "piles": [
            ["QC", "QD", "KH", "7D", "6H", "JH", "JC", "JD", "9D", "4H", "5H", "AH", "8H",
             "6C", "10D", "10S", "6S", "JS", "9S", "2C", "KS", "QH", "AC", "KD", "QS", "AD",
             "AS", "4S", "10H", "5C"],
            ["9C", "4C", "3S", "2D", "9H", "10C", "8D", "2H", "5S", "3D", "KC", "7C", "6D",
             "7S", "4D", "3H", "2S", "7H", "8S", "8C", "3C", "5D"],
        ],
        "cards": [30, 22],
        "spades": [8, 5],
        "sweeps": [5, 3],
        "scored_sweeps": [2, 0],
        "sweep_plays": [11, 14, 19, 22, 28, 37, 40, 46],
        "points": [
            pts(cards=1, spades=2, aces=4, big_casino=2, last_capture=1, sweeps=2),
            pts(little_casino=1),
        ],
        "totals": [12, 1],
    },
}


# =============================================================================
# classic: A counts 1, J Q K only pair one card of their rank; anglo building
# with number cards. No points for sweeps or the last capture (the leftover
# cards still go to the last capturer).
# Pack: random.Random(4).shuffle. Dealer 1, seat 0 plays first.
#   table: QD 10H AC 9H
#   deal 1  s0: 4H 3D 4C 8S    s1: KC QC 5C AH
#   deal 2  s0: JD 2C JS 7D    s1: KD KS 3S 2D
#   deal 3  s0: 7C 4D 10C 8H   s1: 6C QH 3C AD
#   deal 4  s0: AS 9S QS JH    s1: 6D JC 5H 9D
#   deal 5  s0: 8D 4S 10D 2S   s1: 2H 6H 9C 5S
#   deal 6  s0: 6S 5D 8C 7H    s1: 10S KH 7S 3H   (last deal)
ROUNDS["classic"] = {
    "variant": "classic",
    "players": 2,
    "dealer": 1,
    "packs": 1,
    "table_cards": 4,
    "hand_size": 4,
    "pack": [
        "QD", "10H", "AC", "9H", "4H", "KC", "3D", "QC", "4C", "5C", "8S", "AH", "JD",
        "KD", "2C", "KS", "JS", "3S", "7D", "2D", "7C", "6C", "4D", "QH", "10C", "3C",
        "8H", "AD", "AS", "6D", "9S", "JC", "QS", "5H", "JH", "9D", "8D", "2H", "4S",
        "6H", "10D", "9C", "2S", "5S", "6S", "10S", "5D", "KH", "8C", "7S", "7H", "3H",
    ],
    "plays": [
        # deal 1, start T: QD 10H AC 9H
        build("3D", "AC", 4),  # 0 s0 builds 1+3 = 4, holds 4H 4C  T: QD 10H 9H [AC 3D =4 s0]
        build("AH", "AC", 5),  # 1 s1 increases to 5, holds 5C     T: QD 10H 9H [AC 3D AH =5 s1]
        trail("4C"),  # 2 s0 (no build of its own now)             T: QD 10H 9H [5 s1] 4C
        cap("5C", "AC"),  # 3 s1 may not trail: takes its build    T: QD 10H 9H 4C
        cap("4H", "4C"),  # 4 s0                                   T: QD 10H 9H
        cap("QC", "QD"),  # 5 s1: queen pairs queen                T: 10H 9H
        trail("8S"),  # 6 s0                                       T: 10H 9H 8S
        trail("KC"),  # 7 s1                                       T: 10H 9H 8S KC
        # deal 2
        trail("7D"),  # 8 s0                                       T: 10H 9H 8S KC 7D
        cap("KD", "KC"),  # 9 s1                                   T: 10H 9H 8S 7D
        trail("2C"),  # 10 s0                                      T: 10H 9H 8S 7D 2C
        cap("2D", "2C"),  # 11 s1                                  T: 10H 9H 8S 7D
        trail("JD"),  # 12 s0                                      T: 10H 9H 8S 7D JD
        trail("KS"),  # 13 s1                                      T: 10H 9H 8S 7D JD KS
        cap("JS", "JD"),  # 14 s0                                  T: 10H 9H 8S 7D KS
        trail("3S"),  # 15 s1                                      T: 10H 9H 8S 7D KS 3S
        # deal 3
        cap("10C", "10H", "7D", "3S"),  # 16 s0: 10 | 7+3          T: 9H 8S KS
        trail("QH"),  # 17 s1                                      T: 9H 8S KS QH
        cap("8H", "8S"),  # 18 s0                                  T: 9H KS QH
        trail("6C"),  # 19 s1                                      T: 9H KS QH 6C
        trail("4D"),  # 20 s0                                      T: 9H KS QH 6C 4D
        trail("3C"),  # 21 s1                                      T: 9H KS QH 6C 4D 3C
        cap("7C", "4D", "3C"),  # 22 s0: 4+3                       T: 9H KS QH 6C
        trail("AD"),  # 23 s1                                      T: 9H KS QH 6C AD
        # deal 4
        cap("QS", "QH"),  # 24 s0                                  T: 9H KS 6C AD
        cap("9D", "9H"),  # 25 s1                                  T: KS 6C AD
        trail("JH"),  # 26 s0                                      T: KS 6C AD JH
        cap("JC", "JH"),  # 27 s1                                  T: KS 6C AD
        trail("AS"),  # 28 s0                                      T: KS 6C AD AS
        cap("6D", "6C"),  # 29 s1                                  T: KS AD AS
        trail("9S"),  # 30 s0                                      T: KS AD AS 9S
        trail("5H"),  # 31 s1                                      T: KS AD AS 9S 5H
        # deal 5
        cap("10D", "9S", "AD"),  # 32 s0: 9+1                      T: KS AS 5H
        cap("6H", "5H", "AS"),  # 33 s1: 5+1                       T: KS
        trail("2S"),  # 34 s0                                      T: KS 2S
        cap("2H", "2S"),  # 35 s1                                  T: KS
        trail("4S"),  # 36 s0                                      T: KS 4S
        build("5S", "4S", 9),  # 37 s1 builds 4+5 = 9, holds 9C    T: KS [4S 5S =9 s1]
        trail("8D"),  # 38 s0                                      T: KS [9 s1] 8D
        cap("9C", "4S"),  # 39 s1 may not trail: takes its build   T: KS 8D
        # deal 6 (last)
        cap("8C", "8D"),  # 40 s0                                  T: KS
        cap("KH", "KS"),  # 41 s1: clears the table (a sweep, worth nothing in classic)  T: -
        trail("5D"),  # 42 s0                                      T: 5D
        trail("3H"),  # 43 s1                                      T: 5D 3H
        trail("6S"),  # 44 s0                                      T: 5D 3H 6S
        build("7S", "3H", 10),  # 45 s1 builds 3+7 = 10, holds 10S  T: 5D 6S [3H 7S =10 s1]
        trail("7H"),  # 46 s0                                      T: 5D 6S [10 s1] 7H
        cap("10S", "3H"),  # 47 s1 takes its build: last capture   T: 5D 6S 7H -> s1
    ],
    # Piles:
    #   s0: 4H 4C | JS JD | 10C 10H 7D 3S | 8H 8S | 7C 4D 3C | QS QH | 10D 9S AD |
    #       8C 8D                                   = 2+2+4+2+3+2+3+2 = 20
    #   s1: 5C AC 3D AH | QC QD | KD KC | 2D 2C | 9D 9H | JC JH | 6D 6C | 6H 5H AS |
    #       2H 2S | 9C 4S 5S | KH KS | 10S 3H 7S + leftover 5D 6S 7H
    #                                               = 4+2+2+2+2+2+2+3+2+3+2+6 = 32
    # Spades: s0 3S 8S 9S JS QS = 5; s1 AS 2S 4S 5S 6S 7S 10S KS = 8.
    # Aces: s0 AD; s1 AC AH AS.  10D s0.  2S s1.  Last capture s1 (no point).
    # Sweeps made: s1 1 (play 41); classic never scores sweeps.
    # Tally (classic: cards 3, spades 1, aces 1 each, 10D 2, 2S 1):
    #   s0: cards 20 v 32 -> 0; spades 5 v 8 -> 0; aces 1; 10D 2              = 3
    #   s1: cards 3; spades 1; aces 3; 2S 1                                    = 8
    #   check: 3 + 8 = 11.
    "expected": {
        "side_players": [[0], [1]],
        "piles": [
            ["4H", "4C", "JS", "JD", "10C", "10H", "7D", "3S", "8H", "8S", "7C", "4D", "3C",
             "QS", "QH", "10D", "9S", "AD", "8C", "8D"],
            ["5C", "AC", "3D", "AH", "QC", "QD", "KD", "KC", "2D", "2C", "9D", "9H", "JC",
             "JH", "6D", "6C", "6H", "5H", "AS", "2H", "2S", "9C", "4S", "5S", "KH", "KS",
             "10S", "3H", "7S", "5D", "6S", "7H"],
        ],
        "cards": [20, 32],
        "spades": [5, 8],
        "sweeps": [0, 1],
        "scored_sweeps": [0, 0],
        "sweep_plays": [41],
        "points": [
            pts(aces=1, big_casino=2),
            pts(cards=3, spades=1, aces=3, little_casino=1),
        ],
        "totals": [3, 8],
    },
}


# =============================================================================
# royal: A 1 or 14 in the hand and on the table, J Q K are 11 12 13; anglo
# building (court values too). Sweeps score only with the royal_sweeps option
# (not set here); no last-capture point.
# Pack: random.Random(5).shuffle. Dealer 1, seat 0 plays first.
#   table: QS 6H 10S KD
#   deal 1  s0: 5C JC QC 10C   s1: 2D JD KC KH
#   deal 2  s0: 2C 3D 5H 2H    s1: 7D 6D 9H 8H
#   deal 3  s0: 7H 3S KS 6S    s1: 5S AD 9D 9S
#   deal 4  s0: AH QD 10D QH   s1: 7C AS 7S 4C
#   deal 5  s0: 5D 8S 4S 3H    s1: JH JS 8C 4D
#   deal 6  s0: 2S 3C 10H 4H   s1: 8D 6C 9C AC   (last deal)
ROUNDS["royal"] = {
    "variant": "royal",
    "players": 2,
    "dealer": 1,
    "packs": 1,
    "table_cards": 4,
    "hand_size": 4,
    "pack": [
        "QS", "6H", "10S", "KD", "5C", "2D", "JC", "JD", "QC", "KC", "10C", "KH", "2C",
        "7D", "3D", "6D", "5H", "9H", "2H", "8H", "7H", "5S", "3S", "AD", "KS", "9D",
        "6S", "9S", "AH", "7C", "QD", "AS", "10D", "7S", "QH", "4C", "5D", "JH", "8S",
        "JS", "4S", "8C", "3H", "4D", "2S", "8D", "3C", "6C", "10H", "9C", "4H", "AC",
    ],
    "plays": [
        # deal 1, start T: QS 6H 10S KD
        build("5C", "6H", 11),  # 0 s0 builds 6+5 = 11, holds JC   T: QS 10S KD [6H 5C =11 s0]
        build("2D", "6H", 13),  # 1 s1 increases to 13, holds KC KH  T: QS 10S KD [6H 5C 2D =13 s1]
        cap("QC", "QS"),  # 2 s0                                   T: 10S KD [13 s1]
        cap("KC", "6H", "KD"),  # 3 s1 may not trail: build 13 | KD   T: 10S
        cap("10C", "10S"),  # 4 s0: clears the table (no sweep points in royal)   T: -
        trail("JD"),  # 5 s1                                       T: JD
        cap("JC", "JD"),  # 6 s0: clears the table again           T: -
        trail("KH"),  # 7 s1                                       T: KH
        # deal 2
        trail("3D"),  # 8 s0                                       T: KH 3D
        build("6D", "3D", 9),  # 9 s1 builds 3+6 = 9, holds 9H     T: KH [3D 6D =9 s1]
        trail("2C"),  # 10 s0                                      T: KH [9 s1] 2C
        cap("9H", "3D"),  # 11 s1 may not trail: takes its build   T: KH 2C
        cap("2H", "2C"),  # 12 s0                                  T: KH
        trail("7D"),  # 13 s1                                      T: KH 7D
        trail("5H"),  # 14 s0                                      T: KH 7D 5H
        trail("8H"),  # 15 s1                                      T: KH 7D 5H 8H
        # deal 3
        cap("KS", "KH", "8H", "5H"),  # 16 s0: 13 | 8+5            T: 7D
        trail("5S"),  # 17 s1                                      T: 7D 5S
        trail("6S"),  # 18 s0                                      T: 7D 5S 6S
        trail("AD"),  # 19 s1                                      T: 7D 5S 6S AD
        cap("7H", "7D", "6S", "AD"),  # 20 s0: 7 | 6 + A as 1      T: 5S
        trail("9D"),  # 21 s1                                      T: 5S 9D
        trail("3S"),  # 22 s0                                      T: 5S 9D 3S
        cap("9S", "9D"),  # 23 s1                                  T: 5S 3S
        # deal 4
        trail("QD"),  # 24 s0                                      T: 5S 3S QD
        build("4C", "3S", 7),  # 25 s1 builds 3+4 = 7, holds 7C 7S  T: 5S QD [3S 4C =7 s1]
        cap("QH", "QD"),  # 26 s0                                  T: 5S [7 s1]
        cap("7C", "3S"),  # 27 s1 may not trail: takes its build   T: 5S
        trail("10D"),  # 28 s0                                     T: 5S 10D
        trail("7S"),  # 29 s1                                      T: 5S 10D 7S
        trail("AH"),  # 30 s0                                      T: 5S 10D 7S AH
        cap("AS", "AH"),  # 31 s1: ace takes ace                   T: 5S 10D 7S
        # deal 5
        trail("3H"),  # 32 s0                                      T: 5S 10D 7S 3H
        cap("8C", "5S", "3H"),  # 33 s1: 5+3                       T: 10D 7S
        trail("4S"),  # 34 s0                                      T: 10D 7S 4S
        cap("JH", "7S", "4S"),  # 35 s1: 7+4                       T: 10D
        trail("5D"),  # 36 s0                                      T: 10D 5D
        trail("4D"),  # 37 s1                                      T: 10D 5D 4D
        trail("8S"),  # 38 s0                                      T: 10D 5D 4D 8S
        trail("JS"),  # 39 s1                                      T: 10D 5D 4D 8S JS
        # deal 6 (last)
        cap("10H", "10D"),  # 40 s0                                T: 5D 4D 8S JS
        cap("9C", "5D", "4D"),  # 41 s1: 5+4                       T: 8S JS
        trail("3C"),  # 42 s0                                      T: 8S JS 3C
        cap("AC", "JS", "3C"),  # 43 s1: A as 14 = 11+3            T: 8S
        trail("4H"),  # 44 s0                                      T: 8S 4H
        cap("8D", "8S"),  # 45 s1                                  T: 4H
        trail("2S"),  # 46 s0                                      T: 4H 2S
        cap("6C", "4H", "2S"),  # 47 s1: 4+2, clears the table, last capture   T: -
    ],
    # Piles:
    #   s0: QC QS | 10C 10S | JC JD | 2H 2C | KS KH 8H 5H | 7H 7D 6S AD | QH QD |
    #       10H 10D                                 = 2+2+2+2+4+4+2+2 = 20
    #   s1: KC 6H 5C 2D KD | 9H 3D 6D | 9S 9D | 7C 3S 4C | AS AH | 8C 5S 3H |
    #       JH 7S 4S | 9C 5D 4D | AC JS 3C | 8D 8S | 6C 4H 2S
    #                                               = 5+3+2+3+2+3+3+3+3+2+3 = 32
    # Spades: s0 6S 10S QS KS = 4; s1 AS 2S 3S 4S 5S 7S 8S 9S JS = 9.
    # Aces: s0 AD; s1 AH AS AC.  10D s0.  2S s1.
    # Table cleared: s0 2 (plays 4, 6), s1 1 (play 47); no sweep points without
    # the royal_sweeps option, so the scored count is 0 v 0.
    # Tally (royal: cards 3, spades 1, aces 1 each, 10D 2, 2S 1):
    #   s0: cards 20 v 32 -> 0; spades 4 v 9 -> 0; aces 1; 10D 2              = 3
    #   s1: cards 3; spades 1; aces 3; 2S 1                                    = 8
    #   check: 3 + 8 = 11.
    "expected": {
        "side_players": [[0], [1]],
        "piles": [
            ["QC", "QS", "10C", "10S", "JC", "JD", "2H", "2C", "KS", "KH", "8H", "5H", "7H",
             "7D", "6S", "AD", "QH", "QD", "10H", "10D"],
            ["KC", "6H", "5C", "2D", "KD", "9H", "3D", "6D", "9S", "9D", "7C", "3S", "4C",
             "AS", "AH", "8C", "5S", "3H", "JH", "7S", "4S", "9C", "5D", "4D", "AC", "JS",
             "3C", "8D", "8S", "6C", "4H", "2S"],
        ],
        "cards": [20, 32],
        "spades": [4, 9],
        "sweeps": [2, 1],
        "scored_sweeps": [0, 0],
        "sweep_plays": [4, 6, 47],
        "points": [
            pts(aces=1, big_casino=2),
            pts(cards=3, spades=1, aces=3, little_casino=1),
        ],
        "totals": [3, 8],
    },
}


# =============================================================================
# overspader: swedish values (A 1 or 14), no building; 1 point per spade over 6.
# Pack: random.Random(6).shuffle. Dealer 1, seat 0 plays first.
#   table: 2D 5C 5S AC
#   deal 1  s0: KD 10H 7D JC   s1: 2C 3D 8S QH
#   deal 2  s0: 3H 7C 6C 4S    s1: KC 6H 8D 2H
#   deal 3  s0: 9S QS JS 8C    s1: 4D 9D AH 3C
#   deal 4  s0: 7H 9H 10D AD   s1: KH 9C 7S KS
#   deal 5  s0: 10C 2S JH QD   s1: 5H 8H 5D 4C
#   deal 6  s0: 10S 3S 6D JD   s1: AS 4H 6S QC   (last deal)
ROUNDS["overspader"] = {
    "variant": "overspader",
    "players": 2,
    "dealer": 1,
    "packs": 1,
    "table_cards": 4,
    "hand_size": 4,
    "pack": [
        "2D", "5C", "5S", "AC", "KD", "2C", "10H", "3D", "7D", "8S", "JC", "QH", "3H",
        "KC", "7C", "6H", "6C", "8D", "4S", "2H", "9S", "4D", "QS", "9D", "JS", "AH",
        "8C", "3C", "7H", "KH", "9H", "9C", "10D", "7S", "AD", "KS", "10C", "5H", "2S",
        "8H", "JH", "5D", "QD", "4C", "10S", "AS", "3S", "4H", "6D", "6S", "JD", "QC",
    ],
    "plays": [
        # deal 1, start T: 2D 5C 5S AC
        cap("KD", "5C", "5S", "2D", "AC"),  # 0 s0: 5+5+2+1 = 13, sweep s0#1   T: -
        trail("3D"),  # 1 s1                                       T: 3D
        trail("7D"),  # 2 s0                                       T: 3D 7D
        trail("2C"),  # 3 s1                                       T: 3D 7D 2C
        cap("10H", "3D", "7D"),  # 4 s0: 3+7                       T: 2C
        trail("8S"),  # 5 s1                                       T: 2C 8S
        trail("JC"),  # 6 s0                                       T: 2C 8S JC
        trail("QH"),  # 7 s1                                       T: 2C 8S JC QH
        # deal 2
        trail("3H"),  # 8 s0                                       T: 2C 8S JC QH 3H
        cap("KC", "JC", "2C"),  # 9 s1: 11+2                       T: 8S QH 3H
        trail("4S"),  # 10 s0                                      T: 8S QH 3H 4S
        cap("8D", "8S"),  # 11 s1                                  T: QH 3H 4S
        cap("7C", "3H", "4S"),  # 12 s0: 3+4                       T: QH
        trail("6H"),  # 13 s1                                      T: QH 6H
        cap("6C", "6H"),  # 14 s0                                  T: QH
        trail("2H"),  # 15 s1                                      T: QH 2H
        # deal 3
        cap("QS", "QH"),  # 16 s0                                  T: 2H
        trail("3C"),  # 17 s1                                      T: 2H 3C
        trail("8C"),  # 18 s0                                      T: 2H 3C 8C
        trail("4D"),  # 19 s1                                      T: 2H 3C 8C 4D
        cap("JS", "8C", "3C"),  # 20 s0: 8+3                       T: 2H 4D
        trail("9D"),  # 21 s1                                      T: 2H 4D 9D
        cap("9S", "9D"),  # 22 s0                                  T: 2H 4D
        trail("AH"),  # 23 s1                                      T: 2H 4D AH
        # deal 4
        cap("7H", "2H", "4D", "AH"),  # 24 s0: 2+4 + A as 1, sweep s0#2   T: -
        trail("7S"),  # 25 s1                                      T: 7S
        trail("AD"),  # 26 s0                                      T: 7S AD
        trail("KH"),  # 27 s1                                      T: 7S AD KH
        trail("9H"),  # 28 s0                                      T: 7S AD KH 9H
        cap("KS", "KH"),  # 29 s1                                  T: 7S AD 9H
        cap("10D", "9H", "AD"),  # 30 s0: 9 + A as 1               T: 7S
        trail("9C"),  # 31 s1                                      T: 7S 9C
        # deal 5
        trail("2S"),  # 32 s0                                      T: 7S 9C 2S
        trail("5H"),  # 33 s1                                      T: 7S 9C 2S 5H
        cap("QD", "7S", "5H"),  # 34 s0: 7+5                       T: 9C 2S
        trail("8H"),  # 35 s1                                      T: 9C 2S 8H
        cap("JH", "9C", "2S"),  # 36 s0: 9+2                       T: 8H
        trail("4C"),  # 37 s1                                      T: 8H 4C
        trail("10C"),  # 38 s0                                     T: 8H 4C 10C
        trail("5D"),  # 39 s1                                      T: 8H 4C 10C 5D
        # deal 6 (last)
        cap("10S", "10C"),  # 40 s0                                T: 8H 4C 5D
        cap("QC", "8H", "4C"),  # 41 s1: 8+4                       T: 5D
        trail("3S"),  # 42 s0                                      T: 5D 3S
        trail("4H"),  # 43 s1                                      T: 5D 3S 4H
        trail("JD"),  # 44 s0                                      T: 5D 3S 4H JD
        cap("AS", "JD", "3S"),  # 45 s1: A as 14 = 11+3            T: 5D 4H
        trail("6D"),  # 46 s0                                      T: 5D 4H 6D
        cap("6S", "6D"),  # 47 s1: last capture                    T: 5D 4H -> s1
    ],
    # Piles:
    #   s0: KD 5C 5S 2D AC | 10H 3D 7D | 7C 3H 4S | 6C 6H | QS QH | JS 8C 3C |
    #       9S 9D | 7H 2H 4D AH | 10D 9H AD | QD 7S 5H | JH 9C 2S | 10S 10C
    #                                          = 5+3+3+2+2+3+2+4+3+3+3+2 = 35
    #   s1: KC JC 2C | 8D 8S | KS KH | QC 8H 4C | AS JD 3S | 6S 6D + leftover 5D 4H
    #                                          = 3+2+2+3+3+4 = 17
    # Spades: s0 2S 4S 5S 7S 9S 10S JS QS = 8; s1 AS 3S 6S 8S KS = 5.
    # Aces: s0 AC AH AD; s1 AS.  10D s0.  2S s0.  Last capture s1 (play 47).
    # Sweeps: s0 2 (plays 0, 24).
    # Tally (overspader: cards 1, 1 per spade over 6, aces 1 each, 10D 2, 2S 1,
    # last 1, sweeps 1):
    #   s0: cards 35 v 17 -> 1; spades 8 -> 8 - 6 = 2; aces 3; 10D 2; 2S 1; sweeps 2 = 11
    #   s1: spades 5 -> 0; aces 1; last capture 1                                    = 2
    "expected": {
        "side_players": [[0], [1]],
        "piles": [
            ["KD", "5C", "5S", "2D", "AC", "10H", "3D", "7D", "7C", "3H", "4S", "6C", "6H",
             "QS", "QH", "JS", "8C", "3C", "9S", "9D", "7H", "2H", "4D", "AH", "10D", "9H",
             "AD", "QD", "7S", "5H", "JH", "9C", "2S", "10S", "10C"],
            ["KC", "JC", "2C", "8D", "8S", "KS", "KH", "QC", "8H", "4C", "AS", "JD", "3S",
             "6S", "6D", "5D", "4H"],
        ],
        "cards": [35, 17],
        "spades": [8, 5],
        "sweeps": [2, 0],
        "scored_sweeps": [2, 0],
        "sweep_plays": [0, 24],
        "points": [
            pts(cards=1, spades=2, aces=3, big_casino=2, little_casino=1, sweeps=2),
            pts(aces=1, last_capture=1),
        ],
        "totals": [11, 2],
    },
}


# =============================================================================
# mulle: two packs, swedish values (A 1 or 14), no building, 5 to the table and
# 5 each; 104 - 5 = 99 = 9 deals of 10 and a short last deal of 9 (seat 0 gets
# 5, the dealer 4, so seat 0 plays the last card). A mulle is taking the
# identical card and nothing else.
# Pack: random.Random(11).shuffle of two packs. Dealer 1, seat 0 plays first.
#   table: 8D 9H AS 3C 2H
#   deal 1   s0: 9C KD 4S QS 2D    s1: 2C 6H JS 3S 3D
#   deal 2   s0: 9D 10S JS 9H JC   s1: 7H 2C 10H AC 10D
#   deal 3   s0: 3S 7S QD 5H AH    s1: 8C 10H 3H 8D 10S
#   deal 4   s0: 6C QC 2D 7S 8H    s1: 5C KC 4C JD 6D
#   deal 5   s0: 9D 2H KH 7C 2S    s1: 7D 10C 4H 7D 10D
#   deal 6   s0: AD 7C 5D AS QD    s1: 5H KS 4C 6D 4D
#   deal 7   s0: KH 3C 4S 6C 8S    s1: 5S 10C 5D 5S 9S
#   deal 8   s0: 3H 8H JD QH 4D    s1: 2S AC QC 6S 4H
#   deal 9   s0: QS KD KS AD 9S    s1: 6H JC 5C 3D 8C
#   deal 10  s0: JH JH KC 9C 6S    s1: QH AH 8S 7H   (last deal)
ROUNDS["mulle"] = {
    "variant": "mulle",
    "players": 2,
    "dealer": 1,
    "packs": 2,
    "table_cards": 5,
    "hand_size": 5,
    "pack": [
        "8D", "9H", "AS", "3C", "2H", "9C", "2C", "KD", "6H", "4S", "JS", "QS", "3S",
        "2D", "3D", "9D", "7H", "10S", "2C", "JS", "10H", "9H", "AC", "JC", "10D", "3S",
        "8C", "7S", "10H", "QD", "3H", "5H", "8D", "AH", "10S", "6C", "5C", "QC", "KC",
        "2D", "4C", "7S", "JD", "8H", "6D", "9D", "7D", "2H", "10C", "KH", "4H", "7C",
        "7D", "2S", "10D", "AD", "5H", "7C", "KS", "5D", "4C", "AS", "6D", "QD", "4D",
        "KH", "5S", "3C", "10C", "4S", "5D", "6C", "5S", "8S", "9S", "3H", "2S", "8H",
        "AC", "JD", "QC", "QH", "6S", "4D", "4H", "QS", "6H", "KD", "JC", "KS", "5C",
        "AD", "3D", "9S", "8C", "JH", "QH", "JH", "AH", "KC", "8S", "9C", "7H", "6S",
    ],
    "plays": [
        # deal 1, start T: 8D 9H AS 3C 2H
        cap("KD", "8D", "3C", "2H"),  # 0 s0: 8+3+2                T: 9H AS
        trail("2C"),  # 1 s1                                       T: 9H AS 2C
        cap("9C", "9H"),  # 2 s0                                   T: AS 2C
        cap("3D", "AS", "2C"),  # 3 s1: 1+2, sweep s1#1            T: -
        trail("4S"),  # 4 s0                                       T: 4S
        trail("6H"),  # 5 s1                                       T: 4S 6H
        trail("2D"),  # 6 s0                                       T: 4S 6H 2D
        trail("3S"),  # 7 s1                                       T: 4S 6H 2D 3S
        cap("QS", "4S", "6H", "2D"),  # 8 s0: 4+6+2                T: 3S
        trail("JS"),  # 9 s1                                       T: 3S JS
        # deal 2
        cap("JS", "JS"),  # 10 s0: JS takes the other JS alone: mulle s0#1   T: 3S
        trail("7H"),  # 11 s1                                      T: 3S 7H
        cap("10S", "3S", "7H"),  # 12 s0: 3+7, sweep s0#1          T: -
        trail("2C"),  # 13 s1                                      T: 2C
        trail("9D"),  # 14 s0                                      T: 2C 9D
        trail("AC"),  # 15 s1                                      T: 2C 9D AC
        cap("JC", "2C", "9D"),  # 16 s0: 2+9                       T: AC
        trail("10H"),  # 17 s1                                     T: AC 10H
        trail("9H"),  # 18 s0                                      T: AC 10H 9H
        cap("10D", "10H", "9H", "AC"),  # 19 s1: 10 | 9 + A as 1, sweep s1#2   T: -
        # deal 3
        trail("3S"),  # 20 s0                                      T: 3S
        trail("3H"),  # 21 s1                                      T: 3S 3H
        trail("5H"),  # 22 s0                                      T: 3S 3H 5H
        cap("8C", "3S", "5H"),  # 23 s1: 3+5                       T: 3H
        trail("7S"),  # 24 s0                                      T: 3H 7S
        cap("10H", "3H", "7S"),  # 25 s1: 3+7, sweep s1#3          T: -
        trail("AH"),  # 26 s0                                      T: AH
        trail("8D"),  # 27 s1                                      T: AH 8D
        trail("QD"),  # 28 s0                                      T: AH 8D QD
        trail("10S"),  # 29 s1                                     T: AH 8D QD 10S
        # deal 4
        cap("QC", "QD"),  # 30 s0                                  T: AH 8D 10S
        trail("4C"),  # 31 s1                                      T: AH 8D 10S 4C
        cap("8H", "8D"),  # 32 s0                                  T: AH 10S 4C
        cap("5C", "4C", "AH"),  # 33 s1: 4 + A as 1                T: 10S
        trail("7S"),  # 34 s0                                      T: 10S 7S
        trail("6D"),  # 35 s1                                      T: 10S 7S 6D
        cap("6C", "6D"),  # 36 s0                                  T: 10S 7S
        trail("JD"),  # 37 s1                                      T: 10S 7S JD
        trail("2D"),  # 38 s0                                      T: 10S 7S JD 2D
        cap("KC", "JD", "2D"),  # 39 s1: 11+2                      T: 10S 7S
        # deal 5
        cap("7C", "7S"),  # 40 s0                                  T: 10S
        trail("4H"),  # 41 s1                                      T: 10S 4H
        trail("2H"),  # 42 s0                                      T: 10S 4H 2H
        cap("10D", "10S"),  # 43 s1                                T: 4H 2H
        cap("2S", "2H"),  # 44 s0                                  T: 4H
        trail("7D"),  # 45 s1                                      T: 4H 7D
        trail("9D"),  # 46 s0                                      T: 4H 7D 9D
        cap("7D", "7D"),  # 47 s1: 7D takes the other 7D alone: mulle s1#1   T: 4H 9D
        cap("KH", "4H", "9D"),  # 48 s0: 4+9, sweep s0#2           T: -
        trail("10C"),  # 49 s1                                     T: 10C
        # deal 6
        trail("5D"),  # 50 s0                                      T: 10C 5D
        trail("4D"),  # 51 s1                                      T: 10C 5D 4D
        cap("AS", "10C", "4D"),  # 52 s0: A as 14 = 10+4           T: 5D
        cap("5H", "5D"),  # 53 s1: sweep s1#4 (not a mulle: 5H v 5D)   T: -
        trail("7C"),  # 54 s0                                      T: 7C
        trail("4C"),  # 55 s1                                      T: 7C 4C
        trail("AD"),  # 56 s0                                      T: 7C 4C AD
        trail("6D"),  # 57 s1                                      T: 7C 4C AD 6D
        cap("QD", "7C", "4C", "AD"),  # 58 s0: 7+4 + A as 1        T: 6D
        trail("KS"),  # 59 s1                                      T: 6D KS
        # deal 7
        cap("KH", "KS"),  # 60 s0                                  T: 6D
        trail("5S"),  # 61 s1                                      T: 6D 5S
        trail("3C"),  # 62 s0                                      T: 6D 5S 3C
        cap("9S", "6D", "3C"),  # 63 s1: 6+3                       T: 5S
        trail("4S"),  # 64 s0                                      T: 5S 4S
        cap("5S", "5S"),  # 65 s1: 5S takes the other 5S alone: mulle s1#2   T: 4S
        trail("6C"),  # 66 s0                                      T: 4S 6C
        cap("10C", "4S", "6C"),  # 67 s1: 4+6, sweep s1#5          T: -
        trail("8S"),  # 68 s0                                      T: 8S
        trail("5D"),  # 69 s1                                      T: 8S 5D
        # deal 8
        cap("8H", "8S"),  # 70 s0                                  T: 5D
        trail("2S"),  # 71 s1                                      T: 5D 2S
        trail("3H"),  # 72 s0                                      T: 5D 2S 3H
        trail("4H"),  # 73 s1                                      T: 5D 2S 3H 4H
        cap("QH", "5D", "3H", "4H"),  # 74 s0: 5+3+4               T: 2S
        trail("6S"),  # 75 s1                                      T: 2S 6S
        trail("4D"),  # 76 s0                                      T: 2S 6S 4D
        trail("AC"),  # 77 s1                                      T: 2S 6S 4D AC
        cap("JD", "6S", "4D", "AC"),  # 78 s0: 6+4 + A as 1        T: 2S
        trail("QC"),  # 79 s1                                      T: 2S QC
        # deal 9
        cap("QS", "QC"),  # 80 s0                                  T: 2S
        trail("3D"),  # 81 s1                                      T: 2S 3D
        trail("9S"),  # 82 s0                                      T: 2S 3D 9S
        cap("5C", "2S", "3D"),  # 83 s1: 2+3                       T: 9S
        trail("AD"),  # 84 s0                                      T: 9S AD
        trail("6H"),  # 85 s1                                      T: 9S AD 6H
        trail("KD"),  # 86 s0                                      T: 9S AD 6H KD
        trail("8C"),  # 87 s1                                      T: 9S AD 6H KD 8C
        cap("KS", "KD"),  # 88 s0                                  T: 9S AD 6H 8C
        trail("JC"),  # 89 s1                                      T: 9S AD 6H 8C JC
        # deal 10 (last: s0 5 cards, s1 4)
        cap("JH", "JC"),  # 90 s0                                  T: 9S AD 6H 8C
        cap("AH", "8C", "6H"),  # 91 s1: A as 14 = 8+6             T: 9S AD
        cap("9C", "9S"),  # 92 s0                                  T: AD
        trail("7H"),  # 93 s1                                      T: AD 7H
        trail("6S"),  # 94 s0                                      T: AD 7H 6S
        cap("8S", "7H", "AD"),  # 95 s1: 7 + A as 1, last capture  T: 6S
        trail("JH"),  # 96 s0                                      T: 6S JH
        trail("QH"),  # 97 s1                                      T: 6S JH QH
        trail("KC"),  # 98 s0: the last card                       T: 6S JH QH KC -> s1
    ],
    # Piles:
    #   s0: KD 8D 3C 2H | 9C 9H | QS 4S 6H 2D | JS JS | 10S 3S 7H | JC 2C 9D | QC QD |
    #       8H 8D | 6C 6D | 7C 7S | 2S 2H | KH 4H 9D | AS 10C 4D | QD 7C 4C AD | KH KS |
    #       8H 8S | QH 5D 3H 4H | JD 6S 4D AC | QS QC | KS KD | JH JC | 9C 9S
    #       = 4+2+4+2+3+3+2+2+2+2+2+3+3+4+2+2+4+4+2+2+2+2 = 58
    #   s1: 3D AS 2C | 10D 10H 9H AC | 8C 3S 5H | 10H 3H 7S | 5C 4C AH | KC JD 2D |
    #       10D 10S | 7D 7D | 5H 5D | 9S 6D 3C | 5S 5S | 10C 4S 6C | 5C 2S 3D |
    #       AH 8C 6H | 8S 7H AD + leftover 6S JH QH KC
    #       = 3+4+3+3+3+3+2+2+2+3+2+3+3+3+3+4 = 46        (58 + 46 = 104)
    # Spades (26): s0 AS 2S 3S 4S 6S 7S 8S 9S 10S JS JS QS QS KS KS = 15;
    #              s1 AS 2S 3S 4S 5S 5S 6S 7S 8S 9S 10S = 11.
    # Aces (8): s0 AS AD AC = 3; s1 AS AC AH AH AD = 5.
    # 10D: both in s1's pile (plays 19, 43).  2S: one each (plays 44, 83).
    # Last capture s1 (play 95).  Sweeps: s0 2 (12, 48), s1 5 (3, 19, 25, 53, 67).
    # Mulles: s0 1 (play 10), s1 2 (plays 47, 65).
    # Tally (mulle: most spades 1, aces 1 each, 10D 2 each, 2S 1 each, last 1,
    # sweeps 1, mulle 5 each; no point for cards):
    #   s0: spades 15 v 11 -> 1; aces 3; 2S 1; sweeps 2; mulle 5                = 12
    #   s1: aces 5; 10D 2 x 2 = 4; 2S 1; last 1; sweeps 5; mulle 2 x 5 = 10      = 26
    "expected": {
        "side_players": [[0], [1]],
        "piles": [
            ["KD", "8D", "3C", "2H", "9C", "9H", "QS", "4S", "6H", "2D", "JS", "JS", "10S",
             "3S", "7H", "JC", "2C", "9D", "QC", "QD", "8H", "8D", "6C", "6D", "7C", "7S",
             "2S", "2H", "KH", "4H", "9D", "AS", "10C", "4D", "QD", "7C", "4C", "AD", "KH",
             "KS", "8H", "8S", "QH", "5D", "3H", "4H", "JD", "6S", "4D", "AC", "QS", "QC",
             "KS", "KD", "JH", "JC", "9C", "9S"],
            ["3D", "AS", "2C", "10D", "10H", "9H", "AC", "8C", "3S", "5H", "10H", "3H", "7S",
             "5C", "4C", "AH", "KC", "JD", "2D", "10D", "10S", "7D", "7D", "5H", "5D", "9S",
             "6D", "3C", "5S", "5S", "10C", "4S", "6C", "5C", "2S", "3D", "AH", "8C", "6H",
             "8S", "7H", "AD", "6S", "JH", "QH", "KC"],
        ],
        "cards": [58, 46],
        "spades": [15, 11],
        "sweeps": [2, 5],
        "scored_sweeps": [2, 5],
        "sweep_plays": [3, 12, 19, 25, 48, 53, 67],
        "points": [
            pts(spades=1, aces=3, little_casino=1, sweeps=2, mulle=5),
            pts(aces=5, big_casino=4, little_casino=1, last_capture=1, sweeps=5, mulle=10),
        ],
        "totals": [12, 26],
    },
}


# =============================================================================
# mulle-glimne: two packs, 8 to the table, 4 each (104 - 8 = 96 = 12 deals of
# 8); values as finnish (A 14/1, 10D 16/10, 2S 15/2); anglo building (courts
# too). Scoring: 10D 3 each, 2S 2 each, A of spades 2 each, every other spade
# (not the 2S, which scores as little casino) 1; sweeps 1; a mulle (the played
# card takes its identical twin, alone or with other cards) scores the played
# card's hand value. No points for cards, aces or the last capture.
# Pack: random.Random(21).shuffle of two packs. Dealer 1, seat 0 plays first.
#   table: 2C 7H 4S 7C 7S 9D 7D 8S
#   deal 1   s0: 8C KC 7C 8C   s1: JC 6C 8H 6C
#   deal 2   s0: 4H JS 3C 8D   s1: 5H KD 9C 10H
#   deal 3   s0: 3D QD AC JS   s1: 6S 7D 10C 2C
#   deal 4   s0: 3D 6D 9D KC   s1: 3C AD 5C QC
#   deal 5   s0: QH KH 8S QD   s1: 10C 10D 8D 4C
#   deal 6   s0: 9H KS QH AD   s1: AH JC AC 2D
#   deal 7   s0: KD JH 10S KH  s1: 2H 4H 6D 5C
#   deal 8   s0: 8H 6H QS 3S   s1: 7S 3H 7H 10D
#   deal 9   s0: 2H 5H 5S AS   s1: QS 4C 5S 4S
#   deal 10  s0: 6S 4D 9S 10H  s1: 5D 6H 3S 9C
#   deal 11  s0: 2S 5D KS AH   s1: AS 3H JH 9S
#   deal 12  s0: 2D JD QC 2S   s1: 10S 4D JD 9H   (last deal)
ROUNDS["mulle-glimne"] = {
    "variant": "mulle-glimne",
    "players": 2,
    "dealer": 1,
    "packs": 2,
    "table_cards": 8,
    "hand_size": 4,
    "pack": [
        "2C", "7H", "4S", "7C", "7S", "9D", "7D", "8S", "8C", "JC", "KC", "6C", "7C",
        "8H", "8C", "6C", "4H", "5H", "JS", "KD", "3C", "9C", "8D", "10H", "3D", "6S",
        "QD", "7D", "AC", "10C", "JS", "2C", "3D", "3C", "6D", "AD", "9D", "5C", "KC",
        "QC", "QH", "10C", "KH", "10D", "8S", "8D", "QD", "4C", "9H", "AH", "KS", "JC",
        "QH", "AC", "AD", "2D", "KD", "2H", "JH", "4H", "10S", "6D", "KH", "5C", "8H",
        "7S", "6H", "3H", "QS", "7H", "3S", "10D", "2H", "QS", "5H", "4C", "5S", "5S",
        "AS", "4S", "6S", "5D", "4D", "6H", "9S", "3S", "10H", "9C", "2S", "AS", "5D",
        "3H", "KS", "JH", "AH", "9S", "2D", "10S", "JD", "4D", "QC", "JD", "2S", "9H",
    ],
    "plays": [
        # deal 1, start T: 2C 7H 4S 7C 7S 9D 7D 8S
        # 0 s0: four 7s, one of them its twin 7C: mulle 7               T: 2C 4S 9D 8S
        cap("7C", "7C", "7H", "7S", "7D"),
        cap("6C", "4S", "2C"),  # 1 s1: 4+2                        T: 9D 8S
        cap("8C", "8S"),  # 2 s0                                   T: 9D
        trail("8H"),  # 3 s1                                       T: 9D 8H
        cap("8C", "8H"),  # 4 s0 (the other 8C)                    T: 9D
        trail("6C"),  # 5 s1                                       T: 9D 6C
        trail("KC"),  # 6 s0                                       T: 9D 6C KC
        trail("JC"),  # 7 s1                                       T: 9D 6C KC JC
        # deal 2
        cap("JS", "JC"),  # 8 s0                                   T: 9D 6C KC
        cap("KD", "KC"),  # 9 s1                                   T: 9D 6C
        trail("4H"),  # 10 s0                                      T: 9D 6C 4H
        build("5H", "4H", 9),  # 11 s1 builds 4+5 = 9, holds 9C    T: 9D 6C [4H 5H =9 s1]
        trail("3C"),  # 12 s0                                      T: 9D 6C [9 s1] 3C
        cap("9C", "4H", "9D", "6C", "3C"),  # 13 s1: build 9 | 9D | 6+3, sweep s1#1   T: -
        trail("8D"),  # 14 s0                                      T: 8D
        trail("10H"),  # 15 s1                                     T: 8D 10H
        # deal 3
        trail("3D"),  # 16 s0                                      T: 8D 10H 3D
        build("2C", "8D", 10),  # 17 s1 builds 8+2 = 10, holds 10C  T: 10H 3D [8D 2C =10 s1]
        # 18 s0 adds the A (1): 11, holds JS                        T: 10H 3D [8D 2C AC =11 s0]
        build("AC", "8D", 11),
        cap("10C", "10H"),  # 19 s1                                T: 3D [11 s0]
        cap("JS", "8D"),  # 20 s0 may not trail: takes its build   T: 3D
        trail("6S"),  # 21 s1                                      T: 3D 6S
        trail("QD"),  # 22 s0                                      T: 3D 6S QD
        trail("7D"),  # 23 s1                                      T: 3D 6S QD 7D
        # deal 4
        cap("9D", "3D", "6S"),  # 24 s0: 3+6                       T: QD 7D
        cap("QC", "QD"),  # 25 s1                                  T: 7D
        build("6D", "7D", 13),  # 26 s0 builds 7+6 = 13, holds KC  T: [7D 6D =13 s0]
        trail("3C"),  # 27 s1                                      T: [13 s0] 3C
        cap("KC", "7D"),  # 28 s0 may not trail: takes its build   T: 3C
        trail("5C"),  # 29 s1                                      T: 3C 5C
        cap("3D", "3C"),  # 30 s0                                  T: 5C
        trail("AD"),  # 31 s1 (lies as a 1)                        T: 5C AD
        # deal 5
        trail("8S"),  # 32 s0                                      T: 5C AD 8S
        trail("4C"),  # 33 s1                                      T: 5C AD 8S 4C
        cap("QH", "8S", "4C"),  # 34 s0: 8+4                       T: 5C AD
        trail("8D"),  # 35 s1                                      T: 5C AD 8D
        cap("KH", "5C", "8D"),  # 36 s0: 5+8                       T: AD
        trail("10C"),  # 37 s1                                     T: AD 10C
        trail("QD"),  # 38 s0                                      T: AD 10C QD
        trail("10D"),  # 39 s1 (16 from the hand takes nothing)    T: AD 10C QD 10D
        # deal 6
        trail("KS"),  # 40 s0                                      T: AD 10C QD 10D KS
        trail("2D"),  # 41 s1                                      T: AD 10C QD 10D KS 2D
        # 42 s0: A from the hand 14 = 1+13 | 12+2, with its twin AD: mulle 14   T: 10C 10D
        cap("AD", "AD", "KS", "QD", "2D"),
        trail("AC"),  # 43 s1                                      T: 10C 10D AC
        trail("9H"),  # 44 s0                                      T: 10C 10D AC 9H
        cap("JC", "10D", "AC"),  # 45 s1: 10+1                     T: 10C 9H
        trail("QH"),  # 46 s0                                      T: 10C 9H QH
        trail("AH"),  # 47 s1                                      T: 10C 9H QH AH
        # deal 7
        cap("KD", "QH", "AH"),  # 48 s0: 12+1                      T: 10C 9H
        trail("2H"),  # 49 s1                                      T: 10C 9H 2H
        cap("JH", "9H", "2H"),  # 50 s0: 9+2                       T: 10C
        trail("4H"),  # 51 s1                                      T: 10C 4H
        cap("10S", "10C"),  # 52 s0                                T: 4H
        trail("5C"),  # 53 s1                                      T: 4H 5C
        trail("KH"),  # 54 s0                                      T: 4H 5C KH
        trail("6D"),  # 55 s1                                      T: 4H 5C KH 6D
        # deal 8
        cap("6H", "6D"),  # 56 s0                                  T: 4H 5C KH
        trail("3H"),  # 57 s1                                      T: 4H 5C KH 3H
        cap("8H", "5C", "3H"),  # 58 s0: 5+3                       T: 4H KH
        trail("7S"),  # 59 s1                                      T: 4H KH 7S
        trail("3S"),  # 60 s0                                      T: 4H KH 7S 3S
        cap("7H", "7S", "4H", "3S"),  # 61 s1: 7 | 4+3             T: KH
        trail("QS"),  # 62 s0                                      T: KH QS
        trail("10D"),  # 63 s1                                     T: KH QS 10D
        # deal 9
        trail("2H"),  # 64 s0                                      T: KH QS 10D 2H
        cap("QS", "QS", "10D", "2H"),  # 65 s1: 12 | 10+2, takes its twin QS: mulle 12   T: KH
        trail("5H"),  # 66 s0                                      T: KH 5H
        trail("4S"),  # 67 s1                                      T: KH 5H 4S
        trail("5S"),  # 68 s0                                      T: KH 5H 4S 5S
        cap("5S", "5S", "5H"),  # 69 s1: 5 | 5, takes its twin 5S: mulle 5   T: KH 4S
        trail("AS"),  # 70 s0                                      T: KH 4S AS
        cap("4C", "4S"),  # 71 s1                                  T: KH AS
        # deal 10
        trail("4D"),  # 72 s0                                      T: KH AS 4D
        cap("5D", "4D", "AS"),  # 73 s1: 4+1                       T: KH
        trail("6S"),  # 74 s0                                      T: KH 6S
        trail("3S"),  # 75 s1                                      T: KH 6S 3S
        cap("9S", "6S", "3S"),  # 76 s0: 6+3                       T: KH
        trail("6H"),  # 77 s1                                      T: KH 6H
        trail("10H"),  # 78 s0                                     T: KH 6H 10H
        trail("9C"),  # 79 s1                                      T: KH 6H 10H 9C
        # deal 11
        cap("2S", "6H", "9C"),  # 80 s0: 2S from hand 15 = 6+9     T: KH 10H
        trail("3H"),  # 81 s1                                      T: KH 10H 3H
        cap("KS", "KH", "10H", "3H"),  # 82 s0: 13 | 10+3, sweep s0#1   T: -
        trail("AS"),  # 83 s1                                      T: AS
        trail("5D"),  # 84 s0                                      T: AS 5D
        trail("9S"),  # 85 s1                                      T: AS 5D 9S
        cap("AH", "5D", "9S"),  # 86 s0: A from hand 14 = 5+9      T: AS
        trail("JH"),  # 87 s1                                      T: AS JH
        # deal 12 (last)
        cap("QC", "AS", "JH"),  # 88 s0: 1+11, sweep s0#2          T: -
        trail("4D"),  # 89 s1                                      T: 4D
        trail("2D"),  # 90 s0                                      T: 4D 2D
        trail("9H"),  # 91 s1                                      T: 4D 2D 9H
        cap("2S", "4D", "2D", "9H"),  # 92 s0: 2S from hand 15 = 4+2+9, sweep s0#3   T: -
        trail("10S"),  # 93 s1                                     T: 10S
        trail("JD"),  # 94 s0                                      T: 10S JD
        # 95 s1: its twin JD, mulle 11; the last capture; the 10S is inherited, so no sweep
        cap("JD", "JD"),  # T: 10S -> s1
    ],
    # Piles:
    #   s0: 7C 7C 7H 7S 7D | 8C 8S | 8C 8H | JS JC | JS 8D 2C AC | 9D 3D 6S | KC 7D 6D |
    #       3D 3C | QH 8S 4C | KH 5C 8D | AD AD KS QD 2D | KD QH AH | JH 9H 2H |
    #       10S 10C | 6H 6D | 8H 5C 3H | 9S 6S 3S | 2S 6H 9C | KS KH 10H 3H | AH 5D 9S |
    #       QC AS JH | 2S 4D 2D 9H
    #       = 5+2+2+2+4+3+3+2+3+3+5+3+3+2+2+3+3+3+4+3+3+4 = 67
    #   s1: 6C 4S 2C | KD KC | 9C 4H 5H 9D 6C 3C | 10C 10H | QC QD | JC 10D AC |
    #       7H 7S 4H 3S | QS QS 10D 2H | 5S 5S 5H | 4C 4S | 5D 4D AS | JD JD + leftover 10S
    #       = 3+2+6+2+2+3+4+4+3+2+3+3 = 37                    (67 + 37 = 104)
    # Spades: s0 AS 2S 2S 3S 6S 6S 7S 8S 8S 9S 9S 10S JS JS KS KS = 16;
    #         s1 AS 3S 4S 4S 5S 5S 7S 10S QS QS = 10.
    # Spade points: s0 AS 2 + 13 other spades (16 less AS and the two 2S) = 15;
    #               s1 AS 2 + 9 others = 11.                  (15 + 11 = 26)
    # 2S: both s0 -> 2 x 2 = 4.  10D: both s1 (plays 45, 65) -> 2 x 3 = 6.
    # Sweeps: s0 3 (plays 82, 88, 92), s1 1 (play 13).
    # Mulles: s0 7C (play 0) 7 + AD (play 42) 14 = 21;
    #         s1 QS (play 65) 12 + 5S (play 69) 5 + JD (play 95) 11 = 28.
    # Tally:
    #   s0: spades 15; 2S 4; sweeps 3; mulle 21                                 = 43
    #   s1: spades 11; 10D 6; sweeps 1; mulle 28                                = 46
    "expected": {
        "side_players": [[0], [1]],
        "piles": [
            ["7C", "7C", "7H", "7S", "7D", "8C", "8S", "8C", "8H", "JS", "JC", "JS", "8D",
             "2C", "AC", "9D", "3D", "6S", "KC", "7D", "6D", "3D", "3C", "QH", "8S", "4C",
             "KH", "5C", "8D", "AD", "AD", "KS", "QD", "2D", "KD", "QH", "AH", "JH", "9H",
             "2H", "10S", "10C", "6H", "6D", "8H", "5C", "3H", "9S", "6S", "3S", "2S", "6H",
             "9C", "KS", "KH", "10H", "3H", "AH", "5D", "9S", "QC", "AS", "JH", "2S", "4D",
             "2D", "9H"],
            ["6C", "4S", "2C", "KD", "KC", "9C", "4H", "5H", "9D", "6C", "3C", "10C", "10H",
             "QC", "QD", "JC", "10D", "AC", "7H", "7S", "4H", "3S", "QS", "QS", "10D", "2H",
             "5S", "5S", "5H", "4C", "4S", "5D", "4D", "AS", "JD", "JD", "10S"],
        ],
        "cards": [67, 37],
        "spades": [16, 10],
        "sweeps": [3, 1],
        "scored_sweeps": [3, 1],
        "sweep_plays": [13, 82, 88, 92],
        "points": [
            pts(spades=15, little_casino=4, sweeps=3, mulle=21),
            pts(spades=11, big_casino=6, sweeps=1, mulle=28),
        ],
        "totals": [43, 46],
    },
}


# =============================================================================
# krypkasino: two packs, 4 to the table, 4 each: 100 = 12 deals of 8 and a
# last deal of 4 (2 each). Values: A 14 from the hand, 1 on the table; J Q K
# 11 12 13; no building. Capture is compulsory and maximal: a played card that
# can capture must, and no further group of its value may remain. Only a card
# that captures nothing trails. Every trail below is commented with the reason
# it takes nothing ("no 9": no card or sum of cards on the table makes 9), and
# every capture with why nothing of that value is left.
# Penalty points: 10D 3, 2S 2, each ace 1, each other spade 1 (so A of spades
# 2: 1 as an ace, 1 as a spade); a sweep +5 for the sweeper and -5 for the
# player before them. Leftover cards go to the last capturer.
# Pack: random.Random(31).shuffle of two packs. Dealer 1, seat 0 plays first.
#   table: 10C 6C QS 3D
#   deal 1   s0: AC 8S JD 10H  s1: 9H 5D QH JD
#   deal 2   s0: 9D AS 7S 7D   s1: 6D JC QD 10C
#   deal 3   s0: 7H 3S JS 7S   s1: 8D 4S 6H JS
#   deal 4   s0: 2H 8H 8H QD   s1: 4D KD 10D 2C
#   deal 5   s0: 4H 5D 9H JH   s1: AD 4C KS AH
#   deal 6   s0: 7C 3C 8D 6C   s1: 5S 3D 9C KC
#   deal 7   s0: QH QC AH 10H  s1: 5H 10S 9S KH
#   deal 8   s0: KS 10S 2S 7H  s1: 4S 9D 2D 6D
#   deal 9   s0: 8C 4C KH KC   s1: 9C 2D 5C 3S
#   deal 10  s0: 3H JH AS 6S   s1: QS AD 3H 3C
#   deal 11  s0: 2C 8S 5S 5C   s1: KD 7D 8C AC
#   deal 12  s0: 4D JC 6S 6H   s1: 4H 5H 10D QC
#   deal 13  s0: 7C 9S         s1: 2H 2S   (last deal)
ROUNDS["krypkasino"] = {
    "variant": "krypkasino",
    "players": 2,
    "dealer": 1,
    "packs": 2,
    "table_cards": 4,
    "hand_size": 4,
    "pack": [
        "10C", "6C", "QS", "3D", "AC", "9H", "8S", "5D", "JD", "QH", "10H", "JD", "9D",
        "6D", "AS", "JC", "7S", "QD", "7D", "10C", "7H", "8D", "3S", "4S", "JS", "6H",
        "7S", "JS", "2H", "4D", "8H", "KD", "8H", "10D", "QD", "2C", "4H", "AD", "5D",
        "4C", "9H", "KS", "JH", "AH", "7C", "5S", "3C", "3D", "8D", "9C", "6C", "KC",
        "QH", "5H", "QC", "10S", "AH", "9S", "10H", "KH", "KS", "4S", "10S", "9D", "2S",
        "2D", "7H", "6D", "8C", "9C", "4C", "2D", "KH", "5C", "KC", "3S", "3H", "QS",
        "JH", "AD", "AS", "3H", "6S", "3C", "2C", "KD", "8S", "7D", "5S", "8C", "5C",
        "AC", "4D", "4H", "JC", "5H", "6S", "10D", "6H", "QC", "7C", "2H", "9S", "2S",
    ],
    "plays": [
        # deal 1, start T: 10C 6C QS 3D
        trail("AC"),  # 0 s0: 14 from the hand; no 14                 T: 10C 6C QS 3D AC
        trail("5D"),  # 1 s1: no 5 (3+1 = 4)                          T: 10C 6C QS 3D AC 5D
        cap("8S", "3D", "5D"),  # 2 s0: 3+5; no other 8 (6+1 = 7)     T: 10C 6C QS AC
        trail("9H"),  # 3 s1: no 9                                    T: 10C 6C QS AC 9H
        cap("10H", "10C", "9H", "AC"),  # 4 s0: 10 | 9+1; no 10 left  T: 6C QS
        trail("JD"),  # 5 s1: no 11                                   T: 6C QS JD
        cap("JD", "JD"),  # 6 s0: 11 (not lone: no dubbeltabbe)       T: 6C QS
        cap("QH", "QS"),  # 7 s1                                      T: 6C
        # deal 2
        trail("7S"),  # 8 s0: no 7                                    T: 6C 7S
        trail("JC"),  # 9 s1: no 11                                   T: 6C 7S JC
        trail("9D"),  # 10 s0: no 9                                   T: 6C 7S JC 9D
        cap("6D", "6C"),  # 11 s1; no other 6                         T: 7S JC 9D
        trail("AS"),  # 12 s0: 14 from the hand; no 14                T: 7S JC 9D AS
        cap("QD", "JC", "AS"),  # 13 s1: 11+1; no other 12            T: 7S 9D
        cap("7D", "7S"),  # 14 s0                                     T: 9D
        trail("10C"),  # 15 s1: no 10                                 T: 9D 10C
        # deal 3
        trail("3S"),  # 16 s0: no 3                                   T: 9D 10C 3S
        trail("4S"),  # 17 s1: no 4                                   T: 9D 10C 3S 4S
        trail("JS"),  # 18 s0: no 11 (3+4 = 7)                        T: 9D 10C 3S 4S JS
        trail("8D"),  # 19 s1: no 8                                   T: 9D 10C 3S 4S JS 8D
        cap("7H", "3S", "4S"),  # 20 s0: 3+4; no other 7              T: 9D 10C JS 8D
        trail("6H"),  # 21 s1: no 6                                   T: 9D 10C JS 8D 6H
        trail("7S"),  # 22 s0: no 7                                   T: 9D 10C JS 8D 6H 7S
        cap("JS", "JS"),  # 23 s1: 11 (not lone); no other 11         T: 9D 10C 8D 6H 7S
        # deal 4
        trail("2H"),  # 24 s0: no 2                                   T: 9D 10C 8D 6H 7S 2H
        cap("KD", "6H", "7S"),  # 25 s1: 6+7, the only 13             T: 9D 10C 8D 2H
        cap("QD", "10C", "2H"),  # 26 s0: 10+2; no other 12           T: 9D 8D
        trail("4D"),  # 27 s1: no 4                                   T: 9D 8D 4D
        cap("8H", "8D"),  # 28 s0; no other 8                         T: 9D 4D
        trail("2C"),  # 29 s1: no 2                                   T: 9D 4D 2C
        trail("8H"),  # 30 s0: no 8 (4+2 = 6)                         T: 9D 4D 2C 8H
        cap("10D", "8H", "2C"),  # 31 s1: 8+2; no other 10            T: 9D 4D
        # deal 5
        trail("5D"),  # 32 s0: no 5                                   T: 9D 4D 5D
        cap("AD", "9D", "5D"),  # 33 s1: A 14 = 9+5                   T: 4D
        trail("JH"),  # 34 s0: no 11                                  T: 4D JH
        trail("AH"),  # 35 s1: no 14 (4+11 = 15)                      T: 4D JH AH
        cap("4H", "4D"),  # 36 s0; no other 4                         T: JH AH
        trail("4C"),  # 37 s1: no 4                                   T: JH AH 4C
        trail("9H"),  # 38 s0: no 9 (1+4 = 5)                         T: JH AH 4C 9H
        cap("KS", "9H", "4C"),  # 39 s1: 9+4, the only 13             T: JH AH
        # deal 6
        trail("3C"),  # 40 s0: no 3                                   T: JH AH 3C
        trail("5S"),  # 41 s1: no 5 (1+3 = 4)                         T: JH AH 3C 5S
        trail("7C"),  # 42 s0: no 7 (1+5 = 6, 3+5 = 8)                T: JH AH 3C 5S 7C
        cap("KC", "AH", "5S", "7C"),  # 43 s1: 1+5+7, the only 13     T: JH 3C
        trail("6C"),  # 44 s0: no 6                                   T: JH 3C 6C
        cap("9C", "3C", "6C"),  # 45 s1: 3+6                          T: JH
        trail("8D"),  # 46 s0: no 8                                   T: JH 8D
        trail("3D"),  # 47 s1: no 3                                   T: JH 8D 3D
        # deal 7
        trail("QH"),  # 48 s0: no 12 (8+3 = 11)                       T: JH 8D 3D QH
        trail("5H"),  # 49 s1: no 5                                   T: JH 8D 3D QH 5H
        trail("10H"),  # 50 s0: no 10                                 T: JH 8D 3D QH 5H 10H
        cap("KH", "8D", "5H", "10H", "3D"),  # 51 s1: 8+5 | 10+3; JH QH make no 13   T: JH QH
        trail("AH"),  # 52 s0: no 14                                  T: JH QH AH
        trail("9S"),  # 53 s1: no 9                                   T: JH QH AH 9S
        cap("QC", "QH", "JH", "AH"),  # 54 s0: 12 | 11+1              T: 9S
        trail("10S"),  # 55 s1: no 10                                 T: 9S 10S
        # deal 8
        trail("2S"),  # 56 s0: no 2                                   T: 9S 10S 2S
        trail("4S"),  # 57 s1: no 4                                   T: 9S 10S 2S 4S
        cap("KS", "9S", "4S"),  # 58 s0: 9+4; 10+2 is not 13          T: 10S 2S
        trail("6D"),  # 59 s1: no 6                                   T: 10S 2S 6D
        trail("7H"),  # 60 s0: no 7                                   T: 10S 2S 6D 7H
        cap("9D", "2S", "7H"),  # 61 s1: 2+7                          T: 10S 6D
        cap("10S", "10S"),  # 62 s0: 10 (6D lies beside it: not lone)  T: 6D
        trail("2D"),  # 63 s1: no 2                                   T: 6D 2D
        # deal 9
        cap("8C", "6D", "2D"),  # 64 s0: 6+2, sweep s0#1 (+5 s0, -5 s1)   T: -
        trail("5C"),  # 65 s1                                         T: 5C
        trail("4C"),  # 66 s0: no 4                                   T: 5C 4C
        trail("3S"),  # 67 s1: no 3                                   T: 5C 4C 3S
        trail("KH"),  # 68 s0: no 13 (5+4+3 = 12)                     T: 5C 4C 3S KH
        cap("9C", "5C", "4C"),  # 69 s1: 5+4                          T: 3S KH
        cap("KC", "KH"),  # 70 s0                                     T: 3S
        trail("2D"),  # 71 s1: no 2                                   T: 3S 2D
        # deal 10
        trail("6S"),  # 72 s0: no 6 (3+2 = 5)                         T: 3S 2D 6S
        trail("QS"),  # 73 s1: no 12 (3+2+6 = 11)                     T: 3S 2D 6S QS
        cap("JH", "3S", "2D", "6S"),  # 74 s0: 3+2+6                  T: QS
        trail("AD"),  # 75 s1: no 14                                  T: QS AD
        trail("3H"),  # 76 s0: no 3                                   T: QS AD 3H
        cap("3C", "3H"),  # 77 s1                                     T: QS AD
        trail("AS"),  # 78 s0: no 14 (12+1 = 13)                      T: QS AD AS
        trail("3H"),  # 79 s1: no 3 (1+1 = 2)                         T: QS AD AS 3H
        # deal 11
        trail("8S"),  # 80 s0: no 8 (1+1+3 = 5)                       T: QS AD AS 3H 8S
        trail("7D"),  # 81 s1: no 7                                   T: QS AD AS 3H 8S 7D
        cap("5S", "AD", "AS", "3H"),  # 82 s0: 1+1+3; no other 5      T: QS 8S 7D
        trail("AC"),  # 83 s1: no 14                                  T: QS 8S 7D AC
        trail("2C"),  # 84 s0: no 2                                   T: QS 8S 7D AC 2C
        cap("KD", "QS", "AC"),  # 85 s1: 12+1; 8 7 2 make no 13       T: 8S 7D 2C
        trail("5C"),  # 86 s0: no 5                                   T: 8S 7D 2C 5C
        cap("8C", "8S"),  # 87 s1; 7 2 5 make no 8                    T: 7D 2C 5C
        # deal 12
        trail("4D"),  # 88 s0: no 4                                   T: 7D 2C 5C 4D
        trail("10D"),  # 89 s1: no 10 among 7 2 5 4                   T: 7D 2C 5C 4D 10D
        cap("JC", "2C", "5C", "4D"),  # 90 s0: 2+5+4; 7+10 is not 11  T: 7D 10D
        trail("4H"),  # 91 s1: no 4                                   T: 7D 10D 4H
        trail("6S"),  # 92 s0: no 6                                   T: 7D 10D 4H 6S
        trail("5H"),  # 93 s1: no 5                                   T: 7D 10D 4H 6S 5H
        cap("6H", "6S"),  # 94 s0; no other 6                         T: 7D 10D 4H 5H
        cap("QC", "7D", "5H"),  # 95 s1: 7+5                          T: 10D 4H
        # deal 13 (last)
        trail("9S"),  # 96 s0: no 9                                   T: 10D 4H 9S
        trail("2H"),  # 97 s1: no 2                                   T: 10D 4H 9S 2H
        trail("7C"),  # 98 s0: no 7                                   T: 10D 4H 9S 2H 7C
        cap("2S", "2H"),  # 99 s1: last capture                       T: 10D 4H 9S 7C -> s1
    ],
    # Piles:
    #   s0: 8S 3D 5D | 10H 10C 9H AC | JD JD | 7D 7S | 7H 3S 4S | QD 10C 2H | 8H 8D |
    #       4H 4D | QC QH JH AH | KS 9S 4S | 10S 10S | 8C 6D 2D | KC KH | JH 3S 2D 6S |
    #       5S AD AS 3H | JC 2C 5C 4D | 6H 6S
    #       = 3+4+2+2+3+3+2+2+4+3+2+3+2+4+4+4+2 = 49
    #   s1: QH QS | 6D 6C | QD JC AS | JS JS | KD 6H 7S | 10D 8H 2C | AD 9D 5D |
    #       KS 9H 4C | KC AH 5S 7C | 9C 3C 6C | KH 8D 5H 10H 3D | 9D 2S 7H |
    #       9C 5C 4C | 3C 3H | KD QS AC | 8C 8S | QC 7D 5H | 2S 2H + leftover 10D 4H 9S 7C
    #       = 2+2+3+2+3+3+3+3+4+3+5+3+3+2+3+2+3+6 = 55          (49 + 55 = 104)
    # Spades: s0 AS 3S 3S 4S 4S 5S 6S 6S 7S 8S 9S 10S 10S KS = 14;
    #         s1 AS 2S 2S 5S 7S 8S 9S JS JS QS QS KS = 12.
    # Penalty tally (the spades line counts every spade but the 2S, A of spades
    # included; the aces line every ace, so an A of spades costs 2 in all):
    #   s0: spades 14; aces AC AH AD AS = 4; sweep +5                          = 23
    #   s1: spades 12 - 2 (the two 2S) = 10; aces AS AD AH AC = 4;
    #       10D both (plays 31, 99) 2 x 3 = 6; 2S both (plays 61, 99) 2 x 2 = 4;
    #       seat 0's sweep -5                                                  = 19
    #   check: 23 + 19 = 42 = 24 + 8 + 6 + 4, and the sweep is +5 - 5.
    "expected": {
        "side_players": [[0], [1]],
        "piles": [
            ["8S", "3D", "5D", "10H", "10C", "9H", "AC", "JD", "JD", "7D", "7S", "7H", "3S",
             "4S", "QD", "10C", "2H", "8H", "8D", "4H", "4D", "QC", "QH", "JH", "AH", "KS",
             "9S", "4S", "10S", "10S", "8C", "6D", "2D", "KC", "KH", "JH", "3S", "2D", "6S",
             "5S", "AD", "AS", "3H", "JC", "2C", "5C", "4D", "6H", "6S"],
            ["QH", "QS", "6D", "6C", "QD", "JC", "AS", "JS", "JS", "KD", "6H", "7S", "10D",
             "8H", "2C", "AD", "9D", "5D", "KS", "9H", "4C", "KC", "AH", "5S", "7C", "9C",
             "3C", "6C", "KH", "8D", "5H", "10H", "3D", "9D", "2S", "7H", "9C", "5C", "4C",
             "3C", "3H", "KD", "QS", "AC", "8C", "8S", "QC", "7D", "5H", "2S", "2H", "10D",
             "4H", "9S", "7C"],
        ],
        "cards": [49, 55],
        "spades": [14, 12],
        "sweeps": [1, 0],
        "sweep_plays": [64],
        "points": [
            pts(spades=14, aces=4, sweeps=5),
            pts(spades=10, aces=4, big_casino=6, little_casino=4, sweeps=-5),
        ],
        "totals": [23, 19],
    },
}


# =============================================================================
# swedish, 4 players in partnerships: seats 0 and 2 against seats 1 and 3,
# piles pooled. 52 = 4 + 3 deals of 16. Dealer 3, so seat 0 plays first and
# the turn goes 0 1 2 3.
# Pack: random.Random(7).shuffle.
#   table: 5H AC 6D JS
#   deal 1  s0: 2C 2H KD QH   s1: QS QC 6C 4D   s2: AS 4H 8D 10H   s3: 7H 9S 7C KS
#   deal 2  s0: 9H JC 6H 4C   s1: 5C KC 10D 3H  s2: 5D 8S 2S 8C    s3: 3D 10C JD AD
#   deal 3  s0: 2D 7D 7S 3C   s1: 6S 9C 9D KH   s2: 3S QD 5S 10S   s3: AH JH 4S 8H
ROUNDS["swedish-partnership"] = {
    "variant": "swedish",
    "players": 4,
    "sides": 2,
    "options": {"partnerships": True},
    "dealer": 3,
    "packs": 1,
    "table_cards": 4,
    "hand_size": 4,
    "pack": [
        "5H", "AC", "6D", "JS", "2C", "QS", "AS", "7H", "2H", "QC", "4H", "9S", "KD",
        "6C", "8D", "7C", "QH", "4D", "10H", "KS", "9H", "5C", "5D", "3D", "JC", "KC",
        "8S", "10C", "6H", "10D", "2S", "JD", "4C", "3H", "8C", "AD", "2D", "6S", "3S",
        "AH", "7D", "9C", "QD", "JH", "7S", "9D", "5S", "4S", "3C", "KH", "10S", "8H",
    ],
    "plays": [
        # deal 1, start T: 5H AC 6D JS
        cap("QH", "JS", "AC"),  # 0 s0: 11 + A as 1                T: 5H 6D
        cap("6C", "6D"),  # 1 s1                                   T: 5H
        trail("4H"),  # 2 s2                                       T: 5H 4H
        cap("9S", "5H", "4H"),  # 3 s3: 5+4, sweep side 1 #1       T: -
        trail("2C"),  # 4 s0                                       T: 2C
        trail("4D"),  # 5 s1                                       T: 2C 4D
        trail("8D"),  # 6 s2                                       T: 2C 4D 8D
        trail("7C"),  # 7 s3                                       T: 2C 4D 8D 7C
        cap("KD", "2C", "4D", "7C"),  # 8 s0: 2+4+7                T: 8D
        trail("QS"),  # 9 s1                                       T: 8D QS
        trail("10H"),  # 10 s2                                     T: 8D QS 10H
        trail("7H"),  # 11 s3                                      T: 8D QS 10H 7H
        trail("2H"),  # 12 s0                                      T: 8D QS 10H 7H 2H
        cap("QC", "QS", "10H", "2H"),  # 13 s1: 12 | 10+2          T: 8D 7H
        trail("AS"),  # 14 s2                                      T: 8D 7H AS
        trail("KS"),  # 15 s3                                      T: 8D 7H AS KS
        # deal 2
        cap("9H", "8D", "AS"),  # 16 s0: 8 + A as 1                T: 7H KS
        cap("KC", "KS"),  # 17 s1                                  T: 7H
        trail("2S"),  # 18 s2                                      T: 7H 2S
        trail("3D"),  # 19 s3                                      T: 7H 2S 3D
        trail("4C"),  # 20 s0                                      T: 7H 2S 3D 4C
        cap("10D", "7H", "3D"),  # 21 s1: 7+3                      T: 2S 4C
        trail("5D"),  # 22 s2                                      T: 2S 4C 5D
        cap("JD", "2S", "4C", "5D"),  # 23 s3: 2+4+5, sweep side 1 #2   T: -
        trail("6H"),  # 24 s0                                      T: 6H
        trail("3H"),  # 25 s1                                      T: 6H 3H
        trail("8S"),  # 26 s2                                      T: 6H 3H 8S
        cap("AD", "6H", "8S"),  # 27 s3: A as 14 = 6+8             T: 3H
        trail("JC"),  # 28 s0                                      T: 3H JC
        trail("5C"),  # 29 s1                                      T: 3H JC 5C
        cap("8C", "3H", "5C"),  # 30 s2: 3+5                       T: JC
        trail("10C"),  # 31 s3                                     T: JC 10C
        # deal 3 (last)
        trail("2D"),  # 32 s0                                      T: JC 10C 2D
        cap("KH", "JC", "2D"),  # 33 s1: 11+2                      T: 10C
        cap("10S", "10C"),  # 34 s2: sweep side 0 #1               T: -
        trail("4S"),  # 35 s3                                      T: 4S
        trail("3C"),  # 36 s0                                      T: 4S 3C
        trail("6S"),  # 37 s1                                      T: 4S 3C 6S
        trail("5S"),  # 38 s2                                      T: 4S 3C 6S 5S
        cap("AH", "3C", "5S", "6S"),  # 39 s3: A as 14 = 3+5+6     T: 4S
        trail("7D"),  # 40 s0                                      T: 4S 7D
        trail("9C"),  # 41 s1                                      T: 4S 7D 9C
        trail("3S"),  # 42 s2                                      T: 4S 7D 9C 3S
        cap("JH", "4S", "7D"),  # 43 s3: 4+7                       T: 9C 3S
        trail("7S"),  # 44 s0                                      T: 9C 3S 7S
        cap("9D", "9C"),  # 45 s1: the last capture                T: 3S 7S
        trail("QD"),  # 46 s2                                      T: 3S 7S QD
        trail("8H"),  # 47 s3: the last card                       T: 3S 7S QD 8H -> side 1
    ],
    # Piles:
    #   side 0 (seats 0, 2): QH JS AC | KD 2C 4D 7C | 9H 8D AS | 8C 3H 5C | 10S 10C
    #       = 3+4+3+3+2 = 15
    #   side 1 (seats 1, 3): 6C 6D | 9S 5H 4H | QC QS 10H 2H | KC KS | 10D 7H 3D |
    #       JD 2S 4C 5D | AD 6H 8S | KH JC 2D | AH 3C 5S 6S | JH 4S 7D | 9D 9C +
    #       leftover 3S 7S QD 8H        = 2+3+4+2+3+4+3+3+4+3+2+4 = 37
    # Spades: side 0 AS 10S JS = 3; side 1 2S 3S 4S 5S 6S 7S 8S 9S QS KS = 10.
    # Aces: side 0 AC AS; side 1 AD AH.  10D and 2S side 1.  Last capture side 1.
    # Sweeps: side 0 1 (play 34), side 1 2 (plays 3, 23).
    # Tally (swedish):
    #   side 0: cards 15 v 37 -> 0; spades 0; aces 2; sweeps 1                   = 3
    #   side 1: cards 1; spades 10 v 3 -> 2; aces 2; 10D 2; 2S 1; last 1; sweeps 2 = 11
    #   check: 3 + 11 = 14 = 11 + 3 sweeps.
    "expected": {
        "side_players": [[0, 2], [1, 3]],
        "piles": [
            ["QH", "JS", "AC", "KD", "2C", "4D", "7C", "9H", "8D", "AS", "8C", "3H", "5C",
             "10S", "10C"],
            ["6C", "6D", "9S", "5H", "4H", "QC", "QS", "10H", "2H", "KC", "KS", "10D", "7H",
             "3D", "JD", "2S", "4C", "5D", "AD", "6H", "8S", "KH", "JC", "2D", "AH", "3C",
             "5S", "6S", "JH", "4S", "7D", "9D", "9C", "3S", "7S", "QD", "8H"],
        ],
        "cards": [15, 37],
        "spades": [3, 10],
        "sweeps": [1, 2],
        "scored_sweeps": [1, 2],
        "sweep_plays": [3, 23, 34],
        "points": [
            pts(aces=2, sweeps=1),
            pts(cards=1, spades=2, aces=2, big_casino=2, little_casino=1, last_capture=1,
                sweeps=2),
        ],
        "totals": [3, 11],
    },
}
# fmt: on


# --- the test ----------------------------------------------------------------


@pytest.mark.parametrize("name", list(ROUNDS))
def test_golden_round(name):
    rnd = ROUNDS[name]
    table = check_plays_follow_the_deal(rnd)
    check_expectations_are_consistent(rnd)
    exp = rnd["expected"]

    # every play must be legal: a refused one fails here, naming its number and reason
    state = replay(
        rnd["variant"],
        table,
        rnd["plays"],
        players=rnd["players"],
        dealer=rnd["dealer"],
        scores=rnd.get("scores", [0] * rnd.get("sides", rnd["players"])),
        options=rnd.get("options"),
    )
    assert len(state.records) == len(rnd["plays"])
    assert state.findings == []
    assert state.finished is True
    assert state.table == []
    assert state.builds == []

    assert len(state.sides) == len(exp["piles"])
    for i, side in enumerate(state.sides):
        assert side == exp["side_players"][i]
        got, want = Counter(codes(state.piles[i])), Counter(exp["piles"][i])
        assert got == want, (
            f"side {i} pile: missing {sorted((want - got).elements())}, "
            f"extra {sorted((got - want).elements())}"
        )
    assert [len(s) for s in state.sweeps] == exp["sweeps"]

    sweep_plays = [r.index for r in state.records if r.sweep]
    assert sweep_plays == exp["sweep_plays"]

    assert state.scorable
    result, _match = state.score()
    tallies = state.tallies()
    for i in range(len(state.sides)):
        assert tallies[i].cards == exp["cards"][i]
        assert tallies[i].spades == exp["spades"][i]
        assert dict(result.points[i]) == exp["points"][i], f"side {i} points"
        assert result.totals[i] == exp["totals"][i], f"side {i} total"
    if "scored_sweeps" in exp:
        # RoundScore.sweeps is the count that scored (after cancellation and
        # restrictions); sweeps never score in classic, nor in royal without the
        # royal_sweeps option.
        assert list(result.sweeps) == exp["scored_sweeps"]
