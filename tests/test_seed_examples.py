"""Every worked example of the seed rule texts, played on the rules engine.

The seeds are in ``../shared/seeds/``: 000 is pagat's *Nordic Casino* (Swedish
Kasino, Överspader, Mulle, Finnish Kasino), 002 a Norwegian rule sheet, 003 the
Danish rules, 004 the Bicycle rules for Anglo-American Casino (and Royal
Casino). Each test is named after its seed and example. The expected verdicts
are reasoned from ``RULES.md`` and the seed text, never read off the engine.

The tests call the engine directly (:func:`referee.rules.turn.judge` for one
play, :class:`referee.rules.round.RoundState` for a round,
:func:`referee.rules.scoring.round_and_match` for hand-counted tallies); the
JSON API has its own contract tests. Table items are named by card code, one
card of a build meaning the build (``tests/engine_calls.py``).

Where a seed leaves suits open, the test picks suits that keep every card
distinct in one pack and says so. Reasons are only checked for mentioning the
thing that mattered (a card, a value), never for exact wording.
"""

from __future__ import annotations

from collections import Counter

import pytest
from engine_calls import build, codes, play, replay, ruled, start, table_refs, take, trail

from referee.rules.cards import Card, parse_cards
from referee.rules.notes import Say
from referee.rules.reasons import Why
from referee.rules.round import IllegalPlay, sides_of, tally_limits
from referee.rules.scoring import Tally, round_and_match, validate_tallies
from referee.rules.table import Build, item_cards
from referee.rules.turn import Action, Kind, Play, Spot, judge
from referee.rules.variants import get_rules

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
P = Card.parse


# -- calling the engine --------------------------------------------------------------


def build_of(cards, value, owner, locked=False):
    """A build lying on the table."""
    return Build.of(parse_cards(cards), value, owner, locked)


def items(table):
    """Table items from card codes and builds."""
    return tuple(entry if isinstance(entry, Build) else P(entry) for entry in table)


def check(
    variant,
    table,
    card,
    action="capture",
    *,
    take=None,
    onto=None,
    value=None,
    hand=None,
    player=0,
    players=2,
    options=None,
):
    """The engine's verdict on one play, with the card's legal captures (best first)."""
    rules = get_rules(variant, options)
    on_table = items(table)
    seats = sides_of(rules, players)
    sides = tuple(next(i for i, side in enumerate(seats) if seat in side)
                  for seat in range(players))
    refs = table_refs(on_table, take if take is not None else onto if onto is not None else ())
    return judge(
        Spot(rules, player, on_table, sides=sides),
        Play(P(card), Action(action), refs, value),
        hand=None if hand is None else parse_cards(hand),
        alternatives=True,
    )


def score(variant, tallies, *, scores=None, players=2, options=None):
    """The round's points and the match after it (a RoundScore and a MatchResult) from
    tallies counted by hand, which must first pass as a possible round."""
    rules = get_rules(variant, options)
    sides = sides_of(rules, players)
    validate_tallies(tallies, rules.packs, tally_limits(rules, players))
    before = scores if scores is not None else [0] * len(sides)
    return round_and_match(rules, tallies, before)


def tally(cards, spades, aces=(), *, big=False, little=False, sweeps=0, last=False):
    return Tally(cards, spades, tuple(parse_cards(aces)), int(big), int(little), sweeps, last)


# -- comparing verdicts and scores ---------------------------------------------------


def as_groups(groups):
    """Groups without promised order: a sorted list of sorted tuples (a multiset)."""
    return sorted(tuple(sorted(group)) for group in groups)


def groups_of(verdict):
    """The verdict's groups as card codes, without promised order."""
    return as_groups(codes(group.cards) for group in verdict.groups)


def alts(verdict, table):
    """The card's legal captures in the order given, each as a sorted tuple of codes."""
    on_table = items(table)
    return [tuple(sorted(c.code for i in option for c in item_cards(on_table[i])))
            for option in verdict.options]


def ordered(*expected):
    return [tuple(sorted(a)) for a in expected]


def says(reason, *needles):
    """Does the sentence name any of the needles? A card code also matches its symbol."""
    text = reason.replace("\ufe0f", "").lower()
    for needle in needles:
        forms = [needle]
        if needle[:-1] in RANKS and needle[-1] in SUIT_SYMBOLS:
            forms.append(needle[:-1] + SUIT_SYMBOLS[needle[-1]])
        if any(form.lower() in text for form in forms):
            return True
    return False


def assert_capture(verdict, value, groups, sweep):
    assert verdict.legal is True, verdict
    assert verdict.value == value, verdict
    assert groups_of(verdict) == as_groups(groups), verdict
    assert verdict.sweep is sweep, verdict


# what a legal play did; a refusal names something else
DONE = {Why.TAKES, Why.PAIRS, Why.TAKES_TABLE, Why.TRAILS, Why.BUILDS, Why.BUILDS_MULTIPLE,
        Why.RAISES, Why.RAISES_TAKES_OVER, Why.DOUBLES, Why.ADDS_SET}


def assert_illegal(verdict):
    assert verdict.legal is False, verdict
    assert verdict.why.code not in DONE, verdict  # the rule that refused it


def assert_points(result, side, total=None, **points):
    """Side ``side``'s points per category (and total) in a RoundScore."""
    for name, expected in points.items():
        assert result.points[side][name] == expected, (name, side, result.points[side])
    if total is not None:
        assert result.totals[side] == total, (side, result.totals)


# -- whole rounds ------------------------------------------------------------------------
# A round is planned as blocks of plays that leave the table as it was: a card is
# trailed and the next player takes it with a card of the same value (``pair``),
# or two cards are trailed and a third takes both (``triple``). Cards that lie on
# the table all round (the base) keep every such capture from being a sweep.


def pair(trailed, taker):
    return [trail(trailed), take(taker, trailed)]


def triple(first, second, taker):
    return [trail(first), trail(second), take(taker, first, second)]


def fill(*ranks):
    """Two pairs per rank: xS taken by xH, xD taken by xC (never an identical card)."""
    plays = []
    for rank in ranks:
        plays += pair(rank + "S", rank + "H") + pair(rank + "D", rank + "C")
    return plays


def assert_full_pack(table, plays, packs=1):
    """Self-check of a plan: every card of the pack(s) is seen exactly once (twice)."""
    seen = Counter(table) + Counter(p.card for p in plays)
    every = Counter({rank + suit: packs for rank in RANKS for suit in "SHDC"})
    assert seen == every, (seen - every, every - seen)


def simulate(table, plays, players, dealer):
    """Piles, sweeps and last capturer that the rules give for a plan without builds.

    Plays alternate clockwise from the seat left of the dealer; a capture moves the
    played card and the taken cards to the player's pile; a capture that empties
    the table is a sweep; at the end the table goes to the last capturer.
    """
    table = list(table)
    piles = [[] for _ in range(players)]
    sweeps = [0] * players
    last = None
    for i, move in enumerate(plays):
        seat = (dealer + 1 + i) % players
        if move.action is Action.TRAIL:
            table.append(move.card)
            continue
        for card in move.names:
            table.remove(card)
        piles[seat] += [move.card, *move.names]
        last = seat
        if not table:
            sweeps[seat] += 1
    if last is not None:
        piles[last] += table
    return piles, sweeps, last


MAJORITY_POINTS = {
    "swedish": {"cards": 1, "spades": 2, "last_capture": 1},
    "norwegian": {"cards": 1, "spades": 1, "last_capture": 1},
    "finnish": {"cards": 1, "spades": 2, "last_capture": 0},
}


def expected_points(variant, piles, sweeps, last):
    """RULES.md §6 for the one-pack Nordic variants, from piles the test worked out."""
    scheme = MAJORITY_POINTS[variant]
    cards = [len(p) for p in piles]
    spades = [sum(c.endswith("S") for c in p) for p in piles]

    def alone_most(counts, i):
        return counts[i] == max(counts) and counts.count(max(counts)) == 1

    out = []
    for i, pile in enumerate(piles):
        out.append(
            {
                "cards": scheme["cards"] if alone_most(cards, i) else 0,
                "spades": scheme["spades"] if alone_most(spades, i) else 0,
                "aces": sum(c.startswith("A") for c in pile),
                "big_casino": 2 if "10D" in pile else 0,
                "little_casino": 1 if "2S" in pile else 0,
                "last_capture": scheme["last_capture"] if last == i else 0,
                "sweeps": sweeps[i],
            }
        )
    return out


def assert_round(rnd, table, plays, players, dealer, variant=None, scored_sweeps=None):
    """A finished, clean round whose piles (and, for a variant, points) match the plan.

    Returns the plan's piles, sweeps and last capturer, and the round's RoundScore.
    """
    assert len(rnd.records) == len(plays)
    assert all(r.verdict.legal for r in rnd.records)
    assert rnd.finished is True
    assert rnd.table == []
    piles, sweeps, last = simulate(table, plays, players, dealer)
    result, _match = rnd.score()
    tallies = rnd.tallies()
    for i in range(players):
        assert Counter(codes(rnd.piles[i])) == Counter(piles[i]), i
        assert len(rnd.sweeps[i]) == sweeps[i], i
        assert tallies[i].cards == len(piles[i]), i
    if variant is not None:
        expected = expected_points(variant, piles, scored_sweeps or sweeps, last)
        for i, points in enumerate(expected):
            assert_points(result, i, total=sum(points.values()), **points)
    return piles, sweeps, last, result


# =============================================================================
# Seed 000: pagat's Nordic Casino (Swedish Kasino), "Permainan" examples
# =============================================================================


def test_seed000_capture_example_1_nine_takes_nine():
    # Table 7, 5, 9, Q; hand 2, 9, 10, K. Suits picked: table 7C 5D 9S QH,
    # hand 2H 9D 10C KS. The 9 takes the 9 (equal capture value).
    table = ["7C", "5D", "9S", "QH"]
    verdict = check("swedish", table, "9D", take=["9S"], hand=["2H", "9D", "10C", "KS"])
    assert_capture(verdict, 9, [["9S"]], sweep=False)
    assert verdict.pending == ()
    # 7+5 is 12, no pair of table cards makes 9: taking the 9 is all a 9 can do.
    assert alts(verdict, table) == ordered(["9S"])
    assert says(ruled(verdict), "9S")


def test_seed000_capture_example_2_no_capture_only_trail():
    # Table 5, 7, 9, Q; hand 2, 8, 10, K (suits as in example 1, hand 2H 8D 10C KS).
    # None of them captures: 2, 8, 10, 13 are no table value and no sum of 5 7 9 12.
    table = ["5D", "7C", "9S", "QH"]
    hand = ["2H", "8D", "10C", "KS"]
    for card in hand:
        verdict = check("swedish", table, card, "trail", hand=hand)
        assert verdict.legal is True, (card, verdict)
        assert verdict.options == (), (card, verdict)
    # trying to take the 7 with the 8 is no capture
    assert_illegal(check("swedish", table, "8D", take=["7C"], hand=hand))
    # so the card stays and the table holds five cards
    rnd = replay("swedish", table, [trail("8D")])
    assert codes(rnd.table) == ["5D", "7C", "9S", "QH", "8D"]
    assert rnd.turn == 1


def test_seed000_capture_example_3_queen_or_four_takes_ace():
    # Table 2♣ 3♦ 7♦ A♥; hand Q♦ 4♦. Q (12) takes 2+3+7; 4 takes A+3 (1+3).
    table = ["2C", "3D", "7D", "AH"]
    hand = ["QD", "4D"]
    queen = check("swedish", table, "QD", take=["2C", "3D", "7D"], hand=hand)
    assert_capture(queen, 12, [["2C", "3D", "7D"]], sweep=False)
    assert alts(queen, table) == ordered(["2C", "3D", "7D"])
    four = check("swedish", table, "4D", take=["AH", "3D"], hand=hand)
    assert_capture(four, 4, [["AH", "3D"]], sweep=False)
    assert alts(four, table) == ordered(["AH", "3D"])


def test_seed000_capture_example_4_queen_of_spades_takes_three_spades():
    # Table 2♠ 3♠ 7♠ A♣; hand Q♠ 4♦: Q♠ takes 2♠+3♠+7♠ = 12 (the 4 could take A+3).
    table = ["2S", "3S", "7S", "AC"]
    hand = ["QS", "4D"]
    queen = check("swedish", table, "QS", take=["2S", "3S", "7S"], hand=hand)
    assert_capture(queen, 12, [["2S", "3S", "7S"]], sweep=False)
    assert alts(queen, table) == ordered(["2S", "3S", "7S"])
    four = check("swedish", table, "4D", take=["AC", "3S"], hand=hand)
    assert_capture(four, 4, [["AC", "3S"]], sweep=False)


def test_seed000_capture_example_5_nine_takes_whole_table():
    # Table 9♠ 4♦ 3♣ 2♣; 9♦ takes 9♠ and 4+3+2 = 9: the whole table.
    table = ["9S", "4D", "3C", "2C"]
    verdict = check("swedish", table, "9D", take=table, hand=["9D"])
    assert_capture(verdict, 9, [["9S"], ["4D", "3C", "2C"]], sweep=True)
    assert alts(verdict, table) == ordered(table)
    assert says(ruled(verdict), "9S")


def test_seed000_capture_example_6_a_card_counts_once():
    # Table 2, 3, 5, 8 and a 10 (suits picked: 2H 3C 5D 8S, 10C): 2+3+5 or 2+8,
    # never all four (2 would be used twice; 18 is no multiple of 10 anyway).
    table = ["2H", "3C", "5D", "8S"]
    everything = check("swedish", table, "10C", take=table)
    assert_illegal(everything)
    assert says(ruled(everything), "10")
    first = check("swedish", table, "10C", take=["2H", "3C", "5D"])
    assert_capture(first, 10, [["2H", "3C", "5D"]], sweep=False)
    second = check("swedish", table, "10C", take=["2H", "8S"])
    assert_capture(second, 10, [["2H", "8S"]], sweep=False)
    # both are maximal; no point cards in either, so more cards first
    assert alts(first, table) == ordered(["2H", "3C", "5D"], ["2H", "8S"])


def test_seed000_capture_example_7_ace_as_fourteen_takes_ace_four_nine():
    # Table A 4 9 K; hand A K (suits picked: table AC 4D 9H KS, hand AH KD).
    table = ["AC", "4D", "9H", "KS"]
    hand = ["AH", "KD"]
    # the king takes 4+9 and the king, leaving the ace
    king = check("swedish", table, "KD", take=["4D", "9H", "KS"], hand=hand)
    assert_capture(king, 13, [["KS"], ["4D", "9H"]], sweep=False)
    assert alts(king, table) == ordered(["4D", "9H", "KS"])
    # better: the ace as 14 with the table ace as 1 takes 1+4+9 = 14
    ace = check("swedish", table, "AH", take=["AC", "4D", "9H"], hand=hand)
    assert_capture(ace, 14, [["AC", "4D", "9H"]], sweep=False)
    assert says(ruled(ace), "14")
    # the ace's maximal captures: A+4+9 and A+K (both hold one ace; three cards first)
    assert alts(ace, table) == ordered(["AC", "4D", "9H"], ["AC", "KS"])


# -- "Tabbe" examples -----------------------------------------------------------


def test_seed000_tabbe_example_1_nine_takes_three_six_nine():
    # Table 3 6 9, hand 9 (suits picked: 3C 6D 9S, hand 9H): 3+6 and 9, a tabbe.
    table = ["3C", "6D", "9S"]
    verdict = check("swedish", table, "9H", take=table, hand=["9H"])
    assert_capture(verdict, 9, [["9S"], ["3C", "6D"]], sweep=True)
    assert alts(verdict, table) == ordered(table)


def test_seed000_tabbe_example_2_five_takes_last_five():
    # The player before took the 9 with a 9 and left only the 5; your 5 takes it:
    # a tabbe, and the next player can only lay a card on the empty table.
    verdict = check("swedish", ["5C"], "5H", take=["5C"], hand=["5H"])
    assert_capture(verdict, 5, [["5C"]], sweep=True)
    empty = check("swedish", [], "8D", "trail", hand=["8D"])
    assert empty.legal is True, empty
    assert empty.options == ()
    # the same as a replayed opening (dealer 1, so seat 0 plays first); suits picked.
    # 7♣ takes 4♦+3♥ to bring the table down to 9 and 5, as in the example.
    table = ["9S", "5C", "4D", "3H"]
    plays = [take("7C", "4D", "3H"), take("9D", "9S"), take("5H", "5C"), trail("8D")]
    rnd = replay("swedish", table, plays)
    assert [r.player for r in rnd.records] == [0, 1, 0, 1]
    assert [r.sweep for r in rnd.records] == [False, False, True, False]
    assert codes(rnd.table) == ["8D"]
    assert Counter(codes(rnd.piles[0])) == Counter(["7C", "4D", "3H", "5H", "5C"])
    assert Counter(codes(rnd.piles[1])) == Counter(["9D", "9S"])
    assert [len(s) for s in rnd.sweeps] == [1, 0]
    assert rnd.turn == 0
    assert rnd.deal == 1
    assert rnd.finished is False
    assert rnd.scorable is False  # no score before the round is over


def test_seed000_tabbe_example_3():
    # Table A A 2 4 6; hand A K 3 (suits picked: table AS AC 2D 4H 6C, hand AD KH 3S).
    # The ace as 14 with both table aces as 1 takes all: 1+1+2+4+6 = 14.
    table = ["AS", "AC", "2D", "4H", "6C"]
    hand = ["AD", "KH", "3S"]
    ace = check("swedish", table, "AD", take=table, hand=hand)
    assert_capture(ace, 14, [table], sweep=True)
    assert alts(ace, table) == ordered(table)
    assert says(ruled(ace), "14")
    # the king (13) could only take one ace with 2+4+6; equal points and cards, so
    # the one with the spade ace comes first
    king = check("swedish", table, "KH", take=["AS", "2D", "4H", "6C"], hand=hand)
    assert_capture(king, 13, [["AS", "2D", "4H", "6C"]], sweep=False)
    assert alts(king, table) == ordered(["AS", "2D", "4H", "6C"], ["AC", "2D", "4H", "6C"])
    three = check("swedish", table, "3S", take=["AC", "2D"], hand=hand)
    assert_capture(three, 3, [["AC", "2D"]], sweep=False)
    assert alts(three, table) == ordered(["AS", "2D"], ["AC", "2D"])


def test_seed000_tabbe_example_4_ace_or_two_clears_two_aces():
    # Table A♠ A♣; hand A♦ 2♥. Either card clears the table.
    table = ["AS", "AC"]
    hand = ["AD", "2H"]
    ace = check("swedish", table, "AD", take=table, hand=hand)
    assert ace.legal is True, ace
    # ace for ace: each table ace is its own group (as 1, or as 14)
    assert ace.value in (1, 14)
    assert groups_of(ace) == as_groups([["AS"], ["AC"]])
    assert ace.sweep is True
    assert alts(ace, table) == ordered(table)
    two = check("swedish", table, "2H", take=table, hand=hand)
    assert_capture(two, 2, [["AS", "AC"]], sweep=True)
    assert alts(two, table) == ordered(table)


def test_seed000_tabbe_example_5_ace_fourteen_takes_ace_fourteen_and_one_five_eight():
    # Table A♠ A♦ 5♣ 8♣; your ace (suit open: A♥ picked) counts 14, one table ace
    # 14 and the other 1: 14 | 1+5+8. Three aces and a tabbe.
    table = ["AS", "AD", "5C", "8C"]
    verdict = check("swedish", table, "AH", take=table, hand=["AH"])
    assert verdict.legal is True, verdict
    assert verdict.value == 14
    assert groups_of(verdict) in (
        as_groups([["AS"], ["AD", "5C", "8C"]]),
        as_groups([["AD"], ["AS", "5C", "8C"]]),
    )
    assert verdict.sweep is True
    assert alts(verdict, table) == ordered(table)
    assert says(ruled(verdict), "14")


# -- "Akhir Permainan" examples -------------------------------------------------


def _swedish_round_ending_nine_takes_nine():
    """Two players, dealer seat 1: the dealer's last card 9♦ takes 9♠; 2♥ is left over.

    9♠ and 2♥ lie on the table all round; every other card is trailed and taken
    back in pairs and triples, so no capture before the last is a sweep.
    """
    table = ["9S", "2H", "4C", "4D"]
    plays = [
        take("4H", "4C"),
        take("4S", "4D"),
        *pair("9C", "9H"),
        *triple("2S", "2D", "2C"),
        *fill("A", "3", "5", "6", "7", "8", "10", "J", "Q", "K"),
        take("9D", "9S"),
    ]
    return table, plays


def test_seed000_end_example_1_last_nine_takes_nine_and_sistan():
    table, plays = _swedish_round_ending_nine_takes_nine()
    assert_full_pack(table, plays)
    assert len(plays) == 48
    rnd = replay("swedish", table, plays)
    piles, sweeps, last, result = assert_round(rnd, table, plays, 2, 1, variant="swedish")
    assert rnd.records[-1].player == 1  # the dealer plays last
    # the 2 goes with the dealer's pile: last capture, but not a tabbe
    assert rnd.records[-1].sweep is False
    assert last == 1 and "2H" in piles[1] and sweeps == [0, 0]
    assert "2H" in codes(rnd.piles[1])
    assert rnd.last_capturer == 1
    assert_points(result, 1, last_capture=1, sweeps=0)
    assert_points(result, 0, last_capture=0, sweeps=0)
    # no sweeps and no ties here: the round is worth exactly 11
    assert sum(result.totals) == 11
    _result, match = rnd.score()
    assert match.scores == result.totals


def test_seed000_end_example_2_last_capture_inherits():
    # Three players, dealer seat 2. Table 2 7 8 10 K, one card each left: seat 0's
    # K takes the K; seat 1's 3 and the dealer's A take nothing and are trailed.
    # Seat 0 made the last capture and collects A 2 3 7 8 10 and the sistan point.
    # Suits picked: table 2♣ 7♦ 8♥ 10♠, K♣ trailed earlier, K♦ 3♣ A♣ in the hands.
    table = ["2C", "7D", "8H", "10S"]
    plays = [
        *triple("AS", "AH", "AD"),
        *triple("2S", "2H", "2D"),
        *triple("3S", "3H", "3D"),
        *triple("7S", "7H", "7C"),
        *triple("8S", "8D", "8C"),
        *triple("10H", "10D", "10C"),
        *pair("KH", "KS"),
        *fill("4", "5", "6", "9", "J", "Q"),
        trail("KC"),
        take("KD", "KC"),
        trail("3C"),
        trail("AC"),
    ]
    assert_full_pack(table, plays)
    assert len(plays) == 48
    # before the last three plays: neither the 3 nor the ace captures anything
    assert check("swedish", table, "3C", "trail").options == ()
    assert check("swedish", [*table, "3C"], "AC", "trail").options == ()
    rnd = replay("swedish", table, plays, players=3, dealer=2)
    piles, sweeps, last, result = assert_round(rnd, table, plays, 3, 2, variant="swedish")
    assert [r.player for r in rnd.records[-3:]] == [0, 1, 2]
    assert [r.sweep for r in rnd.records[-3:]] == [False, False, False]
    assert last == 0 and sweeps == [0, 0, 0]
    assert rnd.last_capturer == 0
    assert Counter(piles[0])["AC"] == 1
    captured = Counter(codes(rnd.piles[0]))
    for card in ["AC", "2C", "3C", "7D", "8H", "10S", "KD", "KC"]:
        assert captured[card] == 1, card
    assert_points(result, 0, last_capture=1, sweeps=0)
    assert_points(result, 2, last_capture=0)


# -- "Penghitungan Skor" (Swedish scoring) ----------------------------------------


def test_seed000_scoring_eleven_points_plus_tabbe():
    result, match = score(
        "swedish",
        [
            tally(28, 8, ["AS", "AH", "AD"], big=True, sweeps=1, last=True),
            tally(24, 5, ["AC"], little=True, sweeps=2),
        ],
    )
    assert_points(result, 0, cards=1, spades=2, aces=3, big_casino=2, little_casino=0,
                  last_capture=1, sweeps=1, total=10)
    assert_points(result, 1, cards=0, spades=0, aces=1, big_casino=0, little_casino=1,
                  last_capture=0, sweeps=2, total=4)
    # 11 points without the tabbar; Swedish sweeps do not cancel
    assert result.sweeps == (1, 2)
    assert match.scores == (10, 4)
    assert match.finished is False
    assert match.winner is None


def test_seed000_scoring_ties_give_nobody_the_point():
    # three players: 20 v 20 v 12 cards and 5 v 5 v 3 spades, so neither majority scores
    result, _match = score(
        "swedish",
        [
            tally(20, 5, ["AS"], big=True, last=True),
            tally(20, 5, ["AH", "AD"], little=True),
            tally(12, 3, ["AC"]),
        ],
        players=3,
    )
    for side in range(3):
        assert_points(result, side, cards=0, spades=0)
    assert result.totals == (4, 3, 1)
    assert sum(result.totals) == 11 - 3


def test_seed000_scoring_both_reach_sixteen_most_points_wins():
    result, match = score(
        "swedish",
        [
            tally(27, 5, ["AS", "AH"]),
            tally(25, 8, ["AD", "AC"], big=True, little=True, last=True),
        ],
        scores=[14, 13],
    )
    assert result.totals == (3, 8)
    assert match.scores == (17, 21)
    assert match.finished is True
    assert match.winner == 1


def test_seed000_scoring_tie_on_points_most_spades_wins():
    # 10 + 6 = 16 and 11 + 5 = 16: a tie, decided by most spades (7 v 6)
    result, match = score(
        "swedish",
        [
            tally(27, 6, ["AS", "AH", "AD"], little=True, last=True),
            tally(25, 7, ["AC"], big=True),
        ],
        scores=[10, 11],
    )
    assert result.totals == (6, 5)
    assert match.scores == (16, 16)
    assert match.finished is True
    assert match.winner == 1
    assert any(note.code is Say.MOST_SPADES for note in match.explanation), match


# -- "Taktik" examples ------------------------------------------------------------


def test_seed000_tactics_example_1_queen_takes_queen_or_nine_takes_three():
    # Q♠ 9♣ 7♦ 2♦ on the table; the player holds Q♦ and 9♦.
    table = ["QS", "9C", "7D", "2D"]
    hand = ["QD", "9D"]
    queen = check("swedish", table, "QD", take=["QS"], hand=hand)
    assert_capture(queen, 12, [["QS"]], sweep=False)
    assert alts(queen, table) == ordered(["QS"])
    nine = check("swedish", table, "9D", take=["9C", "7D", "2D"], hand=hand)
    assert_capture(nine, 9, [["9C"], ["7D", "2D"]], sweep=False)
    assert alts(nine, table) == ordered(["9C", "7D", "2D"])


def test_seed000_tactics_example_2_nine_takes_two_three_four_or_lillan_takes_two():
    # 2♣ 3♠ 4♠ and a king (suit open: K♥ picked); the player holds 2♠ and 9♠.
    table = ["2C", "3S", "4S", "KH"]
    hand = ["2S", "9S"]
    nine = check("swedish", table, "9S", take=["2C", "3S", "4S"], hand=hand)
    assert_capture(nine, 9, [["2C", "3S", "4S"]], sweep=False)
    assert alts(nine, table) == ordered(["2C", "3S", "4S"])
    # in Swedish rules lillan counts 2 from the hand, so it may take the 2♣
    lillan = check("swedish", table, "2S", take=["2C"], hand=hand)
    assert_capture(lillan, 2, [["2C"]], sweep=False)
    assert alts(lillan, table) == ordered(["2C"])


def test_seed000_tactics_example_3_trail_ten_then_storan_takes_eight_two_and_ten():
    # Three players; the table is 2 5 8 Q (suits picked 2♣ 5♥ 8♦ Q♣). Storan could
    # take 8+2 now; instead the player trails 10♠ and takes 8+2 and 10 next turn.
    table = ["2C", "5H", "8D", "QC"]
    now = check("swedish", table, "10D", take=["8D", "2C"], players=3, hand=["10D", "10S"])
    assert_capture(now, 10, [["8D", "2C"]], sweep=False)
    # dealer seat 0: seats 1 and 2 play first and take nothing, then our seat 0
    plays = [
        trail("3H"),
        trail("4C"),
        trail("10S"),
        trail("JD"),
        trail("KS"),
        take("10D", "8D", "2C", "10S"),
    ]
    rnd = replay("swedish", table, plays, players=3, dealer=0)
    assert [r.player for r in rnd.records] == [1, 2, 0, 1, 2, 0]
    assert rnd.records[-1].verdict.legal is True
    assert rnd.records[-1].sweep is False
    assert Counter(codes(rnd.piles[0])) == Counter(["10D", "8D", "2C", "10S"])
    assert codes(rnd.table) == ["5H", "QC", "3H", "4C", "JD", "KS"]


def test_seed000_tactics_example_4_queen_takes_five_seven_leaving_queen():
    # Table 3 5 7 Q; you hold a queen (suits picked: 3♣ 5♦ 7♠ Q♠, hand Q♥).
    table = ["3C", "5D", "7S", "QS"]
    verdict = check("swedish", table, "QH", take=["5D", "7S"], hand=["QH"])
    assert_capture(verdict, 12, [["5D", "7S"]], sweep=False)
    # taking less than the maximum is allowed; the maximum is Q and 5+7
    assert alts(verdict, table) == ordered(["QS", "5D", "7S"])
    # left 3 and Q, the next player's 3 is no tabbe; left the 3 alone, it would be
    assert check("swedish", ["3C", "QS"], "3D", take=["3C"]).sweep is False
    assert check("swedish", ["3C"], "3D", take=["3C"]).sweep is True


# -- Variations: Överspader, Mulle, Finnish Kasino --------------------------------


def test_seed000_overspader_one_point_per_spade_over_six():
    result, match = score(
        "overspader",
        [
            tally(30, 10, ["AS", "AH"], big=True),
            tally(22, 3, ["AD", "AC"], little=True, last=True),
        ],
        scores=[10, 0],
    )
    # 10 spades: 4 points; 3 spades: nothing
    assert_points(result, 0, cards=1, spades=4, aces=2, big_casino=2, total=9)
    assert_points(result, 1, cards=0, spades=0, aces=2, little_casino=1, last_capture=1,
                  total=4)
    # Överspader plays to 21, so 19 has not won
    assert match.scores == (19, 4)
    assert match.finished is False
    seven, _match = score("overspader", [tally(27, 7, ["AS"], last=True),
                                         tally(25, 6, ["AH", "AD", "AC"], big=True,
                                               little=True)])
    assert [points["spades"] for points in seven.points] == [1, 0]


def test_seed000_different_target_scores():
    # "skor target yang berbeda: 11, 21 atau 50 poin". Seat 0: 10 + (1+2+3+2+1) = 19.
    tallies = [
        tally(28, 8, ["AS", "AH", "AD"], big=True, last=True),
        tally(24, 5, ["AC"], little=True),
    ]
    for target, finished in [(11, True), (21, False), (50, False)]:
        _result, match = score("swedish", tallies, scores=[10, 0], options={"target": target})
        assert match.scores == (19, 2), target
        assert match.finished is finished, target
        assert match.winner == (0 if finished else None), target


def test_seed000_mulle_identical_card_alone():
    # Mulle: two packs. 9♣ on the table taken by the other 9♣ from the hand.
    verdict = check("mulle", ["9C", "5H", "KS", "QH", "4D"], "9C", take=["9C"], hand=["9C"])
    assert_capture(verdict, 9, [["9C"]], sweep=False)


def _mulle_round():
    """Mulle, two players, dealer seat 1: 5 table cards, 5 each, the last deal 5 and 4.

    Seat 0's third play, 9♣ taking the 9♣ from the table and nothing else, is the
    only mulle: every other capture takes a card of another suit.
    """
    table = ["KS", "QH", "9C", "4C", "4D"]
    plays = [
        take("4H", "4C"),
        take("4S", "4D"),
        take("9C", "9C"),
        *pair("4S", "4H"),
        *pair("4D", "4C"),
        *triple("9S", "9H", "9D"),
        *triple("9S", "9H", "9D"),
        *pair("KS", "KH"),
        *pair("KD", "KC"),
        *triple("KH", "KD", "KC"),
        *pair("QS", "QH"),
        *pair("QD", "QC"),
        *triple("QS", "QD", "QC"),
        *fill("A", "2", "3", "5", "6", "7", "8", "10", "J"),
        *fill("A", "2", "3", "5", "6", "7", "8", "10", "J"),
    ]
    return table, plays


def test_seed000_mulle_scores_five():
    table, plays = _mulle_round()
    assert_full_pack(table, plays, packs=2)
    assert len(plays) == 99
    begun = start("mulle", table)
    # 104 = 5 + 9 deals of 10 + a last deal of 9 (5 to seat 0, 4 to the dealer)
    assert begun.deals == 10
    assert begun.stock == 104 - 5 - 10
    rnd = replay("mulle", table, plays)
    piles, sweeps, last, result = assert_round(rnd, table, plays, 2, 1)
    assert_points(result, 0, mulle=5, cards=0)
    assert_points(result, 1, mulle=0, cards=0)
    # the rest as Swedish Kasino with both packs: 1 for most spades, no most cards,
    # 1 per ace, 2 per 10♦, 1 per 2♠, 1 for the last capture, 5 per mulle
    spades = [sum(c.endswith("S") for c in p) for p in piles]
    assert spades[0] != spades[1]
    for i in range(2):
        pile = Counter(piles[i])
        expected = {
            "cards": 0,
            "spades": 1 if spades[i] == max(spades) else 0,
            "aces": sum(n for c, n in pile.items() if c.startswith("A")),
            "big_casino": 2 * pile["10D"],
            "little_casino": pile["2S"],
            "last_capture": 1 if last == i else 0,
            "sweeps": sweeps[i],
            "mulle": 5 if i == 0 else 0,
        }
        assert_points(result, i, total=sum(expected.values()), **expected)
    assert sum(result.totals) == 16 + 5


def test_seed000_mulle_glimne_ace_mulle_and_ten_of_diamonds_mulle():
    # Kortspelshandboken: A♥ from the hand (14) takes the other A♥ and a king
    # (1+13); 10♦ (16 from the hand) takes the other 10♦ and a six (10+6).
    table = ["AH", "KC", "10D", "6C", "3S", "3H", "3D", "3C"]
    ace = check("mulle-glimne", table, "AH", take=["AH", "KC"], hand=["AH"])
    assert_capture(ace, 14, [["AH", "KC"]], sweep=False)
    ten = check("mulle-glimne", table, "10D", take=["10D", "6C"], hand=["10D"])
    assert_capture(ten, 16, [["10D", "6C"]], sweep=False)
    six = check("mulle-glimne", ["6H", "5C"], "6H", take=["6H"], hand=["6H"])
    assert_capture(six, 6, [["6H"]], sweep=False)


def test_seed000_mulle_glimne_mulle_scores_the_capture_value():
    # A round (two players, dealer seat 1, 8 on the table, 4 each): seat 0 opens
    # with the ace-mulle (14 points), seat 1 answers with the 10♦ mulle (16).
    # No other capture takes an identical card.
    table = ["AH", "KC", "10D", "6C", "3S", "3H", "3D", "3C"]
    plays = [
        take("AH", "AH", "KC"),
        take("10D", "10D", "6C"),
        *triple("AS", "KS", "AD"),
        *triple("AS", "KH", "AC"),
        *triple("AD", "KH", "AC"),
        *pair("KS", "KD"),
        *pair("KD", "KC"),
        *triple("10S", "10H", "10C"),
        *triple("10S", "10H", "10C"),
        *pair("6S", "6H"),
        *pair("6D", "6C"),
        *triple("6S", "6D", "6H"),
        *pair("3S", "3H"),
        *pair("3D", "3C"),
        *pair("2S", "2H"),
        *pair("2S", "2H"),
        *pair("2D", "2C"),
        *pair("2D", "2C"),
        *fill("4", "5", "7", "8", "9", "J", "Q"),
        *fill("4", "5", "7", "8", "9", "J", "Q"),
    ]
    assert_full_pack(table, plays, packs=2)
    assert len(plays) == 96
    rnd = replay("mulle-glimne", table, plays)
    piles, sweeps, _last, result = assert_round(rnd, table, plays, 2, 1)
    assert_points(result, 0, mulle=14, last_capture=0)
    assert_points(result, 1, mulle=16, last_capture=0)
    # 10♦ 3 each, 2♠ and A♠ 2 each, every other spade 1, other aces nothing,
    # each tabbe 1: 36 a round besides tabbar and mulles
    for i in range(2):
        worth = sum(
            3 if c == "10D" else 2 if c in ("2S", "AS") else 1 if c.endswith("S") else 0
            for c in piles[i]
        )
        assert result.totals[i] == worth + sweeps[i] + (14, 16)[i], (i, result.totals)
    assert sum(result.totals) == 36 + 14 + 16


def test_seed000_finnish_values_from_the_hand():
    # "As in Finnish Kasino, 10♦ counts 16 in the hand and 10 on the table, 2♠ 15
    # and 2, the ace 14 and 1."
    lone_ten = check("finnish", ["10S"], "10D", take=["10S"])
    assert_illegal(lone_ten)
    assert says(ruled(lone_ten), "16")
    assert_capture(check("finnish", ["10S", "6H"], "10D", take=["10S", "6H"]),
                   16, [["10S", "6H"]], sweep=True)
    assert_capture(check("finnish", ["8C", "7H"], "2S", take=["8C", "7H"]),
                   15, [["8C", "7H"]], sweep=True)
    assert_capture(check("finnish", ["KC", "AH"], "AS", take=["KC", "AH"]),
                   14, [["KC", "AH"]], sweep=True)


def test_seed000_finnish_scoring_ten_points_no_sistan_sweeps_cancel():
    result, _match = score(
        "finnish",
        [
            tally(27, 7, ["AS", "AH"], big=True, sweeps=2, last=True),
            tally(25, 6, ["AD", "AC"], little=True, sweeps=1),
        ],
    )
    # no point for the last capture; 2 v 1 mökkis cancel to 1 v 0
    assert_points(result, 0, cards=1, spades=2, aces=2, big_casino=2, last_capture=0,
                  sweeps=1, total=8)
    assert_points(result, 1, aces=2, little_casino=1, last_capture=0, sweeps=0, total=3)
    assert result.sweeps == (1, 0)
    assert (result.totals[0] - 1) + result.totals[1] == 10


def test_seed000_finnish_no_sweep_points_once_someone_has_ten():
    # seat 0 already has 10 before the round: nobody scores mökkis any more
    result, match = score(
        "finnish",
        [
            tally(25, 6, ["AS"]),
            tally(27, 7, ["AH", "AD", "AC"], big=True, little=True, sweeps=2),
        ],
        scores=[10, 3],
    )
    assert_points(result, 0, total=1)
    assert_points(result, 1, sweeps=0, total=9)
    assert result.sweeps[1] == 0
    assert match.scores == (11, 12)
    assert match.finished is False


def test_seed000_finnish_aces_and_casinos_count_at_once():
    # Seat 1 (9) takes all four aces and both casinos: 7 points the moment they are
    # captured, 16, before seat 0 (15) is credited spades and cards at the end of
    # the round. Seat 1 wins in the middle of the hand (RULES §8), so the end-of-round
    # points (seat 0's cards and spades) are never added.
    result, match = score(
        "finnish",
        [
            tally(30, 8),
            tally(22, 5, ["AS", "AH", "AD", "AC"], big=True, little=True),
        ],
        scores=[15, 9],
    )
    assert_points(result, 0, total=0)
    assert_points(result, 1, aces=4, big_casino=2, little_casino=1, total=7)
    assert match.finished is True
    assert match.winner == 1
    assert match.scores == (15, 16)


def _finnish_round(sweep_at):
    """Finnish, two players, dealer seat 1: seat 0's 9♦ takes 9♠ | 7♣+2♥ at ``sweep_at``.

    Until then 9♠ 7♣ 2♥ lie on the table; the sweep empties it, seat 1 must trail
    Q♥, which then lies there to the end. Aces are taken with kings (1+13 = 14),
    the 10♦ by a ten, the 2♠ by a two, as Finnish values require.
    """
    table = ["9S", "7C", "2H", "5C"]
    before = [
        take("5H", "5C"),
        *pair("5S", "5D"),
        *triple("AS", "KS", "AH"),
        *triple("AD", "KD", "AC"),
        *pair("KH", "KC"),
        *pair("10D", "10H"),
        *pair("10S", "10C"),
        *triple("7S", "7H", "7D"),
        *pair("9H", "9C"),
    ]
    filler = fill("3", "4", "6", "8", "J")
    late = [*triple("QS", "QD", "QC"), *triple("2S", "2D", "2C")]
    split = sweep_at - len(before)
    plays = [
        *before,
        *filler[:split],
        take("9D", "9S", "7C", "2H"),
        trail("QH"),
        *late,
        *filler[split:],
    ]
    assert plays[sweep_at].card == "9D"
    return table, plays


def test_seed000_finnish_sweep_in_last_deal_does_not_score():
    table, plays = _finnish_round(40)  # plays 40-47 are the sixth and last deal
    assert_full_pack(table, plays)
    rnd = replay("finnish", table, plays)
    assert rnd.records[40].sweep is True
    assert rnd.records[40].player == 0
    _piles, _sweeps, _last, result = assert_round(rnd, table, plays, 2, 1, variant="finnish",
                                                  scored_sweeps=[0, 0])
    assert len(rnd.sweeps[0]) == 1  # made, but not scored
    assert rnd.sweeps[0][0].scored is False
    assert result.sweeps[0] == 0


def test_seed000_finnish_sweep_before_last_deal_scores():
    table, plays = _finnish_round(32)  # play 32 opens the fifth deal
    assert_full_pack(table, plays)
    rnd = replay("finnish", table, plays)
    assert rnd.records[32].sweep is True
    _piles, _sweeps, _last, result = assert_round(rnd, table, plays, 2, 1, variant="finnish",
                                                  scored_sweeps=[1, 0])
    assert result.sweeps[0] == 1


def test_seed000_dealing_six_four_three_deals():
    # 52 = 4 + (2×4)×6 = 4 + (3×4)×4 = 4 + (4×4)×3
    table = ["9S", "6C", "3D", "5H"]
    for players, deals, stock in [(2, 6, 40), (3, 4, 36), (4, 3, 32)]:
        rnd = start("swedish", table, players=players, dealer=0)
        assert (rnd.deals, rnd.stock, rnd.deal) == (deals, stock, 1), players
        assert rnd.turn == 1  # left of the dealer
        assert rnd.last_deal is False


# =============================================================================
# Seed 002: the Norwegian rule sheet
# =============================================================================


def test_seed002_diamond_ten_from_hand_is_16():
    verdict = check("norwegian", ["10S"], "10D", take=["10S"], hand=["10D"])
    assert_illegal(verdict)
    assert says(ruled(verdict), "16")
    assert verdict.options == ()
    # a ten on the table is caught by another ten, or as part of a sum of 16
    assert_capture(check("norwegian", ["10S"], "10H", take=["10S"]), 10, [["10S"]], True)
    part = check("norwegian", ["10S", "6H"], "10D", take=["10S", "6H"], hand=["10D"])
    assert_capture(part, 16, [["10S", "6H"]], sweep=True)
    assert says(ruled(part), "16")


def test_seed002_spade_two_from_hand_is_15():
    verdict = check("norwegian", ["2H"], "2S", take=["2H"], hand=["2S"])
    assert_illegal(verdict)
    assert says(ruled(verdict), "15")
    assert verdict.options == ()
    assert_capture(check("norwegian", ["8C", "7H"], "2S", take=["8C", "7H"]),
                   15, [["8C", "7H"]], sweep=True)


def test_seed002_ace_from_hand_is_14_takes_king_and_ace():
    lone = check("norwegian", ["AH"], "AS", take=["AH"], hand=["AS"])
    assert_illegal(lone)
    assert says(ruled(lone), "14")
    verdict = check("norwegian", ["KC", "AH"], "AS", take=["KC", "AH"], hand=["AS"])
    assert_capture(verdict, 14, [["KC", "AH"]], sweep=True)
    assert alts(verdict, ["KC", "AH"]) == ordered(["KC", "AH"])


def test_seed002_nine_takes_nine_six_three_five_four_at_once():
    table = ["9S", "6C", "3D", "5H", "4C"]
    verdict = check("norwegian", table, "9H", take=table, hand=["9H"])
    assert_capture(verdict, 9, [["9S"], ["6C", "3D"], ["5H", "4C"]], sweep=True)
    assert alts(verdict, table) == ordered(table)
    # nobody must take everything: the 9 alone is a legal capture
    just_nine = check("norwegian", table, "9H", take=["9S"], hand=["9H"])
    assert_capture(just_nine, 9, [["9S"]], sweep=False)
    assert alts(just_nine, table) == ordered(table)


def test_seed002_passing_is_not_allowed():
    # "Å passe er ikke lov": there is no play without a card. A play is a card with
    # one of four actions, and "pass" is none of them.
    assert {action.value for action in Action} == {"capture", "build", "double", "trail"}
    with pytest.raises(ValueError):
        Action("pass")


def test_seed002_empty_table_only_trail():
    verdict = check("norwegian", [], "7H", "trail", hand=["7H", "8C"])
    assert verdict.legal is True, verdict
    assert verdict.options == ()


def test_seed002_build_five_on_four_is_nine():
    # "Legger du en 5-er oppå en 4-er, sier du 'bygger 9'" and you must hold a 9.
    verdict = check("norwegian", ["4C"], "5H", "build", onto=["4C"], value=9,
                    hand=["5H", "9D"])
    assert verdict.legal is True, verdict
    assert verdict.value == 9
    assert verdict.pending == ()
    no_nine = check("norwegian", ["4C"], "5H", "build", onto=["4C"], value=9,
                    hand=["5H", "8D"])
    assert_illegal(no_nine)
    assert says(ruled(no_nine), "9")
    # physical play, hand unknown: judged on the table, holding a 9 is pending
    unknown = check("norwegian", ["4C"], "5H", "build", onto=["4C"], value=9)
    assert unknown.legal is True, unknown
    assert unknown.value == 9
    assert unknown.pending == (9,)


def test_seed002_build_is_one_card_on_one_table_card():
    # "Du legger et kort fra hånden halvveis oppå et kort på bordet"
    verdict = check("norwegian", ["4C", "3D"], "5H", "build", onto=["4C", "3D"], value=12,
                    hand=["5H", "QD"])
    assert_illegal(verdict)


def test_seed002_build_taken_only_as_a_nine():
    nine = build_of(["5H", "4C"], 9, owner=0)
    verdict = check("norwegian", [nine], "9D", take=["5H"], player=0)
    assert_capture(verdict, 9, [["5H", "4C"]], sweep=True)
    # a reference to a card of the build means the whole build: a 5 or a 4 cannot
    assert_illegal(check("norwegian", [nine], "5D", take=["5H"], player=1))
    assert_illegal(check("norwegian", [nine], "4S", take=["4C"], player=1))


def test_seed002_only_one_build_at_a_time():
    nine = build_of(["4C", "5H"], 9, owner=0)
    table = [nine, "2D"]
    hand = ["6S", "8C", "9D"]
    assert_illegal(check("norwegian", table, "6S", "build", onto=["2D"], value=8, hand=hand))
    # house rule: several builds, as long as the hand takes them all (8 and 9)
    verdict = check("norwegian", table, "6S", "build", onto=["2D"], value=8, hand=hand,
                    options={"multiple_builds": True})
    assert verdict.legal is True, verdict
    assert verdict.value == 8


def test_seed002_no_adding_to_your_own_build():
    nine = build_of(["4C", "5H"], 9, owner=0)
    hand = ["3S", "QC", "9D"]
    assert_illegal(check("norwegian", [nine], "3S", "build", onto=["4C"], value=12,
                         hand=hand, player=0))
    # house rule: raising your own build
    verdict = check("norwegian", [nine], "3S", "build", onto=["4C"], value=12, hand=hand,
                    player=0, options={"raise_own_build": True})
    assert verdict.legal is True, verdict
    assert verdict.value == 12


def test_seed002_opponent_raises_nine_to_twelve():
    # "Bygget ditt på 9 blir et bygg på 12 om noen legger en 3-er oppå, og da må de
    # selv ha en 12-er."
    nine = build_of(["4C", "5H"], 9, owner=0)
    verdict = check("norwegian", [nine], "3S", "build", onto=["4C"], value=12,
                    hand=["3S", "QC"], player=1)
    assert verdict.legal is True, verdict
    assert verdict.value == 12
    no_queen = check("norwegian", [nine], "3S", "build", onto=["4C"], value=12,
                     hand=["3S", "8D"], player=1)
    assert_illegal(no_queen)
    assert says(ruled(no_queen), "12")


def test_seed002_doubling_a_card_and_a_build():
    verdict = check("norwegian", ["7C"], "7H", "double", onto=["7C"], hand=["7H", "7S"])
    assert verdict.legal is True, verdict
    assert verdict.value == 7
    assert_illegal(check("norwegian", ["7C"], "7H", "double", onto=["7C"],
                         hand=["7H", "2D"]))
    # "har du to damer og det ligger et bygg på 12, legger du den ene damen oppå"
    twelve = build_of(["8C", "4D"], 12, owner=1)
    queen = check("norwegian", [twelve], "QH", "double", onto=["8C"], hand=["QH", "QS"],
                  player=0)
    assert queen.legal is True, queen
    assert queen.value == 12


def test_seed002_doubled_pile_keeps_its_value():
    # "Verdien er uendret": a doubled pile is locked and cannot be raised.
    locked = build_of(["7C", "7H"], 7, owner=0, locked=True)
    assert_illegal(check("norwegian", [locked], "2D", "build", onto=["7C"], value=9,
                         hand=["2D", "9S"], player=1))
    taken = check("norwegian", [locked], "7D", take=["7H"], player=1)
    assert_capture(taken, 7, [["7C", "7H"]], sweep=True)


def test_seed002_sums_of_fourteen_fifteen_sixteen_go_whole():
    # "Ligger det kort på bordet som til sammen blir 14, 15 eller 16, kan
    # motstanderen hente hele haugen med et ess, en ♠2 eller en ♦10."
    assert_capture(check("norwegian", ["9C", "5H"], "AS", take=["9C", "5H"]),
                   14, [["9C", "5H"]], sweep=True)
    assert_capture(check("norwegian", ["8C", "7H"], "2S", take=["8C", "7H"]),
                   15, [["8C", "7H"]], sweep=True)
    assert_capture(check("norwegian", ["9C", "7H"], "10D", take=["9C", "7H"]),
                   16, [["9C", "7H"]], sweep=True)


def test_seed002_plain_ten_answers_big_casino_plain_two_answers_little():
    assert_capture(check("norwegian", ["10D", "5C"], "10S", take=["10D"]),
                   10, [["10D"]], sweep=False)
    assert_capture(check("norwegian", ["2S", "5C"], "2H", take=["2S"]),
                   2, [["2S"]], sweep=False)


def _norwegian_round(last_play):
    """Norwegian, two players, dealer seat 1; 9♠ 7♣ 2♥ lie on the table all round."""
    table = ["9S", "7C", "2H", "5C"]
    plays = [
        take("5H", "5C"),
        *pair("5S", "5D"),
        *triple("AS", "KS", "AH"),
        *triple("AD", "KD", "AC"),
        *pair("KH", "KC"),
        *pair("10D", "10H"),
        *pair("10S", "10C"),
        *triple("2S", "2D", "2C"),
        *triple("7S", "7H", "7D"),
        *pair("9H", "9C"),
        *fill("3", "4", "6", "8", "J", "Q"),
        last_play,
    ]
    return table, plays


def test_seed002_last_card_clears_table_tabbe_and_sisten():
    table, plays = _norwegian_round(take("9D", "9S", "7C", "2H"))
    assert_full_pack(table, plays)
    rnd = replay("norwegian", table, plays)
    assert rnd.records[-1].sweep is True
    *_plan, result = assert_round(rnd, table, plays, 2, 1, variant="norwegian")
    assert_points(result, 1, last_capture=1, sweeps=1)


def test_seed002_inherited_cards_are_sisten_alone():
    table, plays = _norwegian_round(take("9D", "9S"))
    assert_full_pack(table, plays)
    rnd = replay("norwegian", table, plays)
    assert rnd.records[-1].sweep is False
    *_plan, result = assert_round(rnd, table, plays, 2, 1, variant="norwegian")
    assert_points(result, 1, last_capture=1, sweeps=0)


def test_seed002_house_rule_sisten_is_also_a_tabbe():
    table, plays = _norwegian_round(take("9D", "9S"))
    rnd = replay("norwegian", table, plays, options={"sisten_is_sweep": True})
    result, _match = rnd.score()
    assert_points(result, 1, last_capture=1, sweeps=1)
    assert_points(result, 0, sweeps=0)


def test_seed002_scoring_ten_points_plus_tabbe():
    result, _match = score(
        "norwegian",
        [
            tally(27, 7, ["AS", "AH"], big=True, sweeps=1, last=True),
            tally(25, 6, ["AD", "AC"], little=True, sweeps=2),
        ],
    )
    assert_points(result, 0, cards=1, spades=1, aces=2, big_casino=2, last_capture=1,
                  sweeps=1, total=8)
    assert_points(result, 1, cards=0, spades=0, aces=2, little_casino=1, sweeps=2, total=5)
    assert (result.totals[0] - 1) + (result.totals[1] - 2) == 10


def test_seed002_tie_for_most_cards_gives_nobody_the_point():
    # piles: all spades and hearts v all diamonds and clubs, 26 cards each
    spades_hearts = [r + s for s in "SH" for r in RANKS]
    diamonds_clubs = [r + s for s in "DC" for r in RANKS]
    tallies = [Tally.from_pile(parse_cards(pile), sweeps=0, last_capture=i == 0)
               for i, pile in enumerate([spades_hearts, diamonds_clubs])]
    assert (tallies[0].cards, tallies[1].cards) == (26, 26)
    assert (tallies[0].spades, tallies[1].spades) == (13, 0)
    result, _match = score("norwegian", tallies)
    assert_points(result, 0, cards=0, spades=1, aces=2, little_casino=1, big_casino=0,
                  last_capture=1, total=5)
    assert_points(result, 1, cards=0, spades=0, aces=2, big_casino=2, last_capture=0, total=4)


def test_seed002_partners_pool_their_piles():
    partnerships = {"partnerships": True}
    assert sides_of(get_rules("norwegian", partnerships), 4) == [[0, 2], [1, 3]]
    result, _match = score(
        "norwegian",
        [
            tally(27, 7, ["AS", "AH"], big=True, last=True),
            tally(25, 6, ["AD", "AC"], little=True),
        ],
        players=4,
        options=partnerships,
    )
    assert result.totals == (7, 3)


def test_seed002_two_pass_sixteen_most_points_then_most_spades():
    tallies = [
        tally(27, 7, ["AS", "AH"], big=True, sweeps=1, last=True),
        tally(25, 6, ["AD", "AC"], little=True, sweeps=2),
    ]
    # 12 + 8 = 20 v 13 + 5 = 18: most points
    _result, match = score("norwegian", tallies, scores=[12, 13])
    assert match.scores == (20, 18)
    assert match.finished is True
    assert match.winner == 0
    # 12 + 8 = 20 v 15 + 5 = 20: most spades (7 v 6)
    _result, tied = score("norwegian", tallies, scores=[12, 15])
    assert tied.scores == (20, 20)
    assert tied.finished is True
    assert tied.winner == 0
    assert any(note.code in (Say.MOST_SPADES, Say.TIED_SPADES) for note in tied.explanation), tied


def test_seed002_house_rules_most_aces_and_target_21():
    tallies = [
        tally(27, 7, ["AS", "AH", "AD"], big=True, last=True),
        tally(25, 6, ["AC"], little=True),
    ]
    result, _match = score("norwegian", tallies, options={"most_aces": True})
    assert [points["aces"] for points in result.points] == [1, 0]
    even, _match = score("norwegian", [
        tally(27, 7, ["AS", "AH"], big=True, last=True),
        tally(25, 6, ["AD", "AC"], little=True),
    ], options={"most_aces": True})
    assert [points["aces"] for points in even.points] == [0, 0]
    # one point per ace again: 10 + (1+1+3+2+1) = 18 has won at 16 but not at 21
    _result, at16 = score("norwegian", tallies, scores=[10, 10])
    assert at16.scores == (18, 12) and at16.finished is True and at16.winner == 0
    _result, at21 = score("norwegian", tallies, scores=[10, 10], options={"target": 21})
    assert at21.scores == (18, 12) and at21.finished is False
    assert at21.winner is None


def test_seed002_player_left_of_dealer_plays_first():
    table = ["9S", "6C", "3D", "5H"]
    rnd = start("norwegian", table, dealer=0)
    assert rnd.turn == 1
    with pytest.raises(IllegalPlay) as wrong:
        rnd.play(Play(P("8C"), Action.TRAIL), player=0)
    assert wrong.value.verdict.kind is Kind.TURN
    assert rnd.records == [] and rnd.turn == 1  # nothing was played


def test_seed002_new_hands_but_never_new_table_cards():
    table = ["9S", "6C", "3D", "5H"]
    cards = ["2H", "3H", "4H", "7H", "8H", "JH", "QH", "KH"]
    rnd = replay("norwegian", table, [trail(c) for c in cards])
    assert rnd.deal == 2
    assert rnd.stock == 32
    assert codes(rnd.table) == table + cards


def test_seed002_dealer_announces_sisten_on_last_deal():
    table = ["9S", "6C", "3D", "5H"]
    rest = [r + s for s in "SHDC" for r in RANKS if r + s not in table]
    rnd = replay("norwegian", table, [trail(c) for c in rest[:40]])
    assert rnd.deal == 6
    assert rnd.stock == 0
    assert rnd.last_deal is True


def test_seed002_five_players_half_deal_first():
    # "Med fem spillere legges bare to kort på bordet ... to kort i en halv
    # utdeling først": 52 = 2 + 5×2 + 5×4×2.
    table = ["9S", "6C"]
    begun = start("norwegian", table, players=5, dealer=4)
    assert begun.deals == 3
    assert begun.stock == 40
    assert begun.turn == 0
    cards = ["2H", "3H", "4H", "5H", "6H", "7H", "8H", "JH", "QH", "KH"]
    rnd = replay("norwegian", table, [trail(c) for c in cards], players=5, dealer=4)
    assert rnd.deal == 2
    assert rnd.stock == 20


def test_seed002_english_form_courts_pair_ace_one_no_casino_values():
    # "Utenfor Norden ... et bildekort kan bare tas med et likt bildekort. Ess teller
    # alltid 1, ♦10 og ♠2 er ikke verdt noe ekstra fra hånden."
    queen = check("classic", ["QS", "5C"], "QH", take=["QS"])
    assert queen.legal is True, queen
    assert groups_of(queen) == as_groups([["QS"]])
    assert queen.sweep is False
    assert_illegal(check("classic", ["7C", "5D"], "QH", take=["7C", "5D"]))
    assert_capture(check("classic", ["AH", "5C"], "AS", take=["AH"]), 1, [["AH"]], False)
    assert_illegal(check("classic", ["KC", "AH"], "AS", take=["KC", "AH"]))
    assert_capture(check("classic", ["10S", "5C"], "10D", take=["10S"]), 10, [["10S"]],
                   False)
    assert_capture(check("classic", ["2H", "5C"], "2S", take=["2H"]), 2, [["2H"]], False)


def test_seed002_english_form_scores_eleven_to_21():
    result, _match = score(
        "classic",
        [
            tally(30, 5, ["AS", "AH"], big=True),
            tally(22, 8, ["AD", "AC"], little=True),
        ],
    )
    assert_points(result, 0, cards=3, spades=0, aces=2, big_casino=2, total=7)
    assert_points(result, 1, cards=0, spades=1, aces=2, little_casino=1, total=4)


def test_seed002_krypkasino_capture_is_compulsory():
    # "Du er nødt til å ta inn når kortene på bordet tillater det"
    table = ["7C", "5D"]
    assert_illegal(check("krypkasino", table, "7H", "trail", hand=["7H", "2C"]))
    assert_capture(check("krypkasino", table, "7H", take=["7C"], hand=["7H", "2C"]),
                   7, [["7C"]], sweep=False)
    # a 2 captures nothing here, so it may be trailed
    two = check("krypkasino", table, "2C", "trail", hand=["7H", "2C"])
    assert two.legal is True, two
    # RULES.md §7 Decision: the capture must be maximal (5+2 would be left)
    assert_illegal(check("krypkasino", [*table, "2H"], "7H", take=["7C"]))


# =============================================================================
# Seed 003: Danish Kasino
# =============================================================================


def test_seed003_combining_nine_takes_three_six_ten_takes_two_four_four():
    assert_capture(check("danish", ["3C", "6D"], "9S", take=["3C", "6D"]),
                   9, [["3C", "6D"]], sweep=True)
    assert_capture(check("danish", ["2H", "4C", "4D"], "10C", take=["2H", "4C", "4D"]),
                   10, [["2H", "4C", "4D"]], sweep=True)


def test_seed003_seven_takes_three_four_and_seven():
    table = ["3C", "4D", "7H"]
    assert_capture(check("danish", table, "7S", take=table), 7, [["7H"], ["3C", "4D"]],
                   sweep=True)


def test_seed003_two_values_for_ten_of_diamonds_two_of_spades_ace():
    # 10♦ is 10 or 16, 2♠ is 2 or 15, an ace 1 or 14
    assert_capture(check("danish", ["10S", "5C"], "10D", take=["10S"]), 10, [["10S"]],
                   False)
    assert_capture(check("danish", ["9C", "7H"], "10D", take=["9C", "7H"]), 16,
                   [["9C", "7H"]], True)
    assert_capture(check("danish", ["2H", "5C"], "2S", take=["2H"]), 2, [["2H"]], False)
    assert_capture(check("danish", ["8C", "7H"], "2S", take=["8C", "7H"]), 15,
                   [["8C", "7H"]], True)
    ace = check("danish", ["AH", "5C"], "AS", take=["AH"])
    assert ace.legal is True, ace
    assert ace.value in (1, 14)
    assert_capture(check("danish", ["KC", "AH"], "AS", take=["KC", "AH"]), 14,
                   [["KC", "AH"]], True)
    # the two values hold on the table too: 2♠ and A♥ make 16 (15+1 or 2+14)
    assert_capture(check("danish", ["2S", "AH"], "10D", take=["2S", "AH"]), 16,
                   [["2S", "AH"]], True)


def test_seed003_five_of_spades_clears_the_table():
    nine = build_of(["2H", "7C"], 9, owner=1)
    table = ["KC", "9D", "3H", nine]
    verdict = check("danish", table, "5S", take=["KC", "9D", "3H", "2H"], player=0)
    assert verdict.legal is True, verdict
    assert verdict.sweep is True
    assert says(ruled(verdict), "5S")
    # not part of the table: 5♠ is then an ordinary 5
    assert_illegal(check("danish", table, "5S", take=["KC", "9D"], player=0))
    assert_capture(check("danish", ["5H", "KC"], "5S", take=["5H"]), 5, [["5H"]], False)
    # house option off
    assert_illegal(check("danish", table, "5S", take=["KC", "9D", "3H", "2H"], player=0,
                         options={"spade_five_clears": False}))


def test_seed003_build_two_on_seven_is_nine():
    verdict = check("danish", ["7C"], "2H", "build", onto=["7C"], value=9, hand=["2H", "9S"])
    assert verdict.legal is True, verdict
    assert verdict.value == 9
    no_nine = check("danish", ["7C"], "2H", "build", onto=["7C"], value=9, hand=["2H", "8S"])
    assert_illegal(no_nine)
    assert says(ruled(no_nine), "9")


def test_seed003_build_further_nine_to_ten_with_ace():
    nine = build_of(["2H", "7C"], 9, owner=0)
    opponent = check("danish", [nine], "AD", "build", onto=["2H"], value=10,
                     hand=["AD", "10S"], player=1)
    assert opponent.legal is True, opponent
    assert opponent.value == 10
    # the first builder may build further too
    own = check("danish", [nine], "AD", "build", onto=["2H"], value=10, hand=["AD", "10S"],
                player=0)
    assert own.legal is True, own
    assert own.value == 10
    assert_illegal(check("danish", [nine], "AD", "build", onto=["2H"], value=10,
                         hand=["AD", "9S"], player=1))


def test_seed003_build_more_then_no_building_further():
    # another nine (6♦ from the hand + 3♠ from the table) laid on the pile of 9
    nine = build_of(["2H", "7C"], 9, owner=0)
    verdict = check("danish", [nine, "3S"], "6D", "build", onto=["2H", "3S"], value=9,
                    hand=["6D", "9H"], player=1)
    assert verdict.legal is True, verdict
    assert verdict.value == 9
    # only while the builder can take the pile with the same hand
    assert_illegal(check("danish", [nine, "3S"], "6D", "build", onto=["2H", "3S"], value=9,
                         hand=["6D", "8H"], player=1))
    more = build_of(["2H", "7C", "6D", "3S"], 9, owner=1, locked=True)
    assert_illegal(check("danish", [more], "AD", "build", onto=["2H"], value=10,
                         hand=["AD", "10S"], player=0))
    assert_capture(check("danish", [more], "9S", take=["2H"], player=0), 9,
                   [["2H", "7C", "6D", "3S"]], sweep=True)


def test_seed003_plus_seven():
    verdict = check("danish", ["7C"], "7H", "double", onto=["7C"], hand=["7H", "7S"])
    assert verdict.legal is True, verdict
    assert verdict.value == 7
    assert_illegal(check("danish", ["7C"], "7H", "double", onto=["7C"], hand=["7H", "2D"]))
    plus = build_of(["7C", "7H"], 7, owner=0, locked=True)
    # its value cannot change; an opponent takes it only with a 7
    assert_illegal(check("danish", [plus], "2D", "build", onto=["7C"], value=9,
                         hand=["2D", "9S"], player=1))
    assert_capture(check("danish", [plus], "7D", take=["7C"], player=1), 7,
                   [["7C", "7H"]], sweep=True)


DANISH_TABLE = ["7C", "KD", "QS", "4H"]


def test_seed003_must_capture_next_turn():
    # dealer seat 1: seat 0 builds 9 (2♥ on 7♣), seat 1 trails, seat 0 must capture
    # with a card that can capture: 7♠ could take 3♦+4♥, so it may not be trailed
    opening = [build("2H", "7C", 9), trail("3D")]
    rnd = replay("danish", DANISH_TABLE, opening)
    assert [r.verdict.legal for r in rnd.records] == [True, True]
    with pytest.raises(IllegalPlay):
        play(rnd, trail("7S"))
    # capturing something else than the build is enough
    fine = replay("danish", DANISH_TABLE, [*opening, take("3S", "3D")])
    assert len(fine.builds) == 1
    # a card that can capture nothing (6♣: no 6, no pair making 6) may be trailed
    replay("danish", DANISH_TABLE, [*opening, trail("6C")])


def test_seed003_no_new_build_while_the_last_is_on_the_table():
    plays = [
        build("2H", "7C", 9),
        trail("3D"),
        take("3S", "3D"),
        trail("4D"),
    ]
    rnd = replay("danish", DANISH_TABLE, plays)
    with pytest.raises(IllegalPlay):  # play 4
        play(rnd, build("4C", "4D", 8))


def test_seed003_builder_must_hold_the_nine():
    # Seat 0 builds 9 but plays 2♥ 3♠ 6♦ 10♣ in the deal: no card that takes 9.
    # Seat 1 takes the build with 9♦. The retroactive hand check finds it.
    plays = [
        build("2H", "7C", 9),
        trail("3D"),
        take("3S", "3D"),
        trail("5C"),
        trail("6D"),
        trail("8C"),
        trail("10C"),
        take("9D", "2H"),
    ]
    rnd = replay("danish", DANISH_TABLE, plays)
    assert rnd.deal == 2
    found = [f for f in rnd.findings if f.deal == 1 and f.player == 0]
    assert found, rnd.findings
    assert says(ruled(found[0]), "9")
    # the same deal where seat 0 takes its own build with 9♠: nothing to report
    plays[6] = take("9S", "2H")
    plays[7] = trail("10C")
    clean = replay("danish", DANISH_TABLE, plays)
    assert clean.findings == []


def test_seed003_build_must_be_taken_in_the_same_deal():
    # Seat 0 holds a 9 (plays 9♠ on 4♥+5♣) but leaves its build to the end of the
    # deal: the referee must flag it, as an illegal play or as a finding.
    plays = [
        build("2H", "7C", 9),
        trail("3D"),
        take("3S", "3D"),
        trail("5C"),
        trail("6D"),
        trail("8C"),
        take("9S", "4H", "5C"),
        trail("JH"),
    ]
    rnd = start("danish", DANISH_TABLE)
    refused = False
    for move in plays:
        try:
            play(rnd, move)
        except IllegalPlay:
            refused = True
            break
    flagged = [f for f in rnd.findings if f.deal == 1 and f.player == 0]
    assert refused or flagged, rnd.findings


def test_seed003_scoring_svupper_cancel_to_21():
    tallies = [
        tally(27, 7, ["AS", "AH"], big=True, sweeps=2, last=True),
        tally(25, 6, ["AD", "AC"], little=True, sweeps=1),
    ]
    result, match = score("danish", tallies, scores=[12, 5])
    assert_points(result, 0, cards=1, spades=2, aces=2, big_casino=2, last_capture=1,
                  sweeps=1, total=9)
    assert_points(result, 1, aces=2, little_casino=1, sweeps=0, total=3)
    assert result.sweeps == (1, 0)
    assert match.scores == (21, 8)
    assert match.finished is True
    assert match.winner == 0
    _result, short = score("danish", tallies, scores=[11, 5])
    assert short.scores == (20, 8)
    assert short.finished is False


# =============================================================================
# Seed 004: Bicycle Casino (classic) and Royal Casino
# =============================================================================


def test_seed004_face_cards_pair_only_one_at_a_time():
    table = ["KC", "KD", "5H"]
    one = check("classic", table, "KS", take=["KC"])
    assert one.legal is True, one
    assert groups_of(one) == as_groups([["KC"]])
    assert one.sweep is False
    assert sorted(alts(one, table)) == sorted(ordered(["KC"], ["KD"]))
    assert_illegal(check("classic", table, "KS", take=["KC", "KD"]))
    # a king has no number: it does not take 10+3
    assert_illegal(check("classic", ["10H", "3C"], "KS", take=["10H", "3C"]))


def test_seed004_six_takes_three_sixes_or_two_threes_and_three_twos():
    sixes = ["6C", "6D", "6H"]
    assert_capture(check("classic", sixes, "6S", take=sixes), 6,
                   [["6C"], ["6D"], ["6H"]], sweep=True)
    table = ["3C", "3D", "2H", "2D", "2C"]
    verdict = check("classic", table, "6S", take=table)
    assert_capture(verdict, 6, [["3C", "3D"], ["2H", "2D", "2C"]], sweep=True)
    assert alts(verdict, table) == ordered(table)


def test_seed004_build_example_eight_as_multiple_build():
    # "if a player holds an 8 and there are a 3 and a 5 on the table": 8 | 3+5
    verdict = check("classic", ["3C", "5D"], "8S", "build", onto=["3C", "5D"], value=8,
                    hand=["8S", "8H"])
    assert verdict.legal is True, verdict
    assert verdict.value == 8
    assert_illegal(check("classic", ["3C", "5D"], "8S", "build", onto=["3C", "5D"], value=8,
                         hand=["8S", "2D"]))


def test_seed004_build_example_eight_from_ace_seven_or_two_fours():
    ace = check("classic", ["7C"], "AD", "build", onto=["7C"], value=8, hand=["AD", "8H"])
    assert ace.legal is True, ace
    assert ace.value == 8
    fours = check("classic", ["4C"], "4D", "build", onto=["4C"], value=8, hand=["4D", "8H"])
    assert fours.legal is True, fours
    assert fours.value == 8


def test_seed004_build_example_courts_do_not_build_in_classic():
    assert_illegal(check("classic", ["5C"], "7H", "build", onto=["5C"], value=12,
                         hand=["7H", "QD"]))


def test_seed004_build_example_five_raised_to_eight_then_nine():
    # "bangunan 5" of 2 and 3; with 3 and 8 you add the 3: "bangunan 8"; another
    # player with A and 9 adds the ace: "bangunan 9"
    five = build_of(["2C", "3D"], 5, owner=1)
    eight = check("classic", [five], "3H", "build", onto=["2C"], value=8, hand=["3H", "8S"],
                  player=0)
    assert eight.legal is True, eight
    assert eight.value == 8
    built = build_of(["2C", "3D", "3H"], 8, owner=0)
    nine = check("classic", [built], "AD", "build", onto=["3H"], value=9, hand=["AD", "9C"],
                 player=1)
    assert nine.legal is True, nine
    assert nine.value == 9


def test_seed004_build_example_multiple_build_value_cannot_change():
    multiple = build_of(["8S", "3C", "5D"], 8, owner=0, locked=True)
    assert_illegal(check("classic", [multiple], "AD", "build", onto=["8S"], value=9,
                         hand=["AD", "9C"], player=1))


def test_seed004_build_example_add_hand_and_table_cards_as_a_set():
    # holding a card that captures the build (8), add 6 from the hand with 2 from
    # the table: a second set of 8
    eight = build_of(["5C", "3D"], 8, owner=1)
    verdict = check("classic", [eight, "2D"], "6S", "build", onto=["5C", "2D"], value=8,
                    hand=["6S", "8C"], player=0)
    assert verdict.legal is True, verdict
    assert verdict.value == 8


def test_seed004_build_captured_only_as_a_unit():
    # "Bangunan hanya dapat ditangkap sebagai satu kesatuan dan tidak pernah secara
    # individu": a card of the build names the whole build of 6.
    six = build_of(["2C", "4D"], 6, owner=1)
    table = [six, "9H"]
    assert_illegal(check("classic", table, "4S", take=["4D"], player=0))
    assert_illegal(check("classic", table, "2S", take=["2C"], player=0))
    assert_capture(check("classic", table, "6C", take=["4D"], player=0), 6,
                   [["2C", "4D"]], sweep=False)


def test_seed004_capture_build_with_matching_loose_cards():
    six = build_of(["2C", "4D"], 6, owner=0)
    table = [six, "6H", "5C", "AD"]
    verdict = check("classic", table, "6S", take=["2C", "6H", "5C", "AD"], hand=["6S", "9D"],
                    player=0)
    assert_capture(verdict, 6, [["2C", "4D"], ["6H"], ["5C", "AD"]], sweep=True)


def test_seed004_owner_of_a_build_may_not_trail():
    six = build_of(["2C", "4D"], 6, owner=0)
    verdict = check("classic", [six, "9H"], "10C", "trail", hand=["6S", "10C"], player=0)
    assert_illegal(verdict)
    assert says(ruled(verdict), "build", "trail")


def test_seed004_may_not_leave_yourself_without_the_build_card():
    six = build_of(["2C", "4D"], 6, owner=0)
    table = [six, "6H"]
    verdict = check("classic", table, "6S", take=["6H"], hand=["6S", "9D"], player=0)
    assert_illegal(verdict)
    assert says(ruled(verdict), "6")
    keeps = check("classic", table, "6S", take=["6H"], hand=["6S", "6C", "9D"], player=0)
    assert_capture(keeps, 6, [["6H"]], sweep=False)


def test_seed004_may_trail_a_card_that_could_capture():
    table = ["9H", "5C"]
    verdict = check("classic", table, "9S", "trail", hand=["9S", "3D"])
    assert verdict.legal is True, verdict
    assert alts(verdict, table) == ordered(["9H"])


def test_seed004_scoring_eleven_most_cards_three():
    result, match = score(
        "classic",
        [
            tally(30, 5, ["AS", "AH"], big=True, sweeps=1, last=True),
            tally(22, 8, ["AD", "AC"], little=True),
        ],
        scores=[14, 17],
    )
    # no sweeps and no last-capture point in classic Casino
    assert_points(result, 0, cards=3, spades=0, aces=2, big_casino=2, last_capture=0,
                  sweeps=0, total=7)
    assert_points(result, 1, cards=0, spades=1, aces=2, little_casino=1, total=4)
    # 21 v 21: a tie at the target, another round is played
    assert match.scores == (21, 21)
    assert match.finished is False
    assert match.winner is None
    tie, _match = score("classic", [tally(26, 7, ["AS", "AH"]),
                                    tally(26, 6, ["AD", "AC"], big=True, little=True)])
    assert [points["cards"] for points in tie.points] == [0, 0]


def test_seed004_royal_courts_have_numbers():
    assert_capture(check("royal", ["9D", "4H"], "KS", take=["9D", "4H"]), 13,
                   [["9D", "4H"]], sweep=True)
    queen = check("royal", ["5C"], "7H", "build", onto=["5C"], value=12, hand=["7H", "QD"])
    assert queen.legal is True, queen
    assert queen.value == 12
    # holding an ace to build 14
    ace = check("royal", ["9C"], "5D", "build", onto=["9C"], value=14, hand=["5D", "AH"])
    assert ace.legal is True, ace
    assert ace.value == 14


def test_seed004_royal_sweeps_option():
    tallies = [
        tally(30, 5, ["AS", "AH"], big=True, sweeps=1),
        tally(22, 8, ["AD", "AC"], little=True),
    ]
    plain, _match = score("royal", tallies)
    assert_points(plain, 0, sweeps=0, total=7)
    with_sweeps, _match = score("royal", tallies, options={"royal_sweeps": True})
    assert_points(with_sweeps, 0, sweeps=1, total=8)


def test_seed004_royal_count_out_cards_first():
    # 20 v 18: seat 1's most cards (3) bring it to 21 before seat 0 is credited
    # spades, casinos and aces, although seat 0's round is worth more.
    result, match = score(
        "royal",
        [
            tally(24, 8, ["AS", "AC"], big=True, little=True),
            tally(28, 5, ["AH", "AD"]),
        ],
        scores=[20, 18],
    )
    assert result.totals == (6, 5)
    assert match.finished is True
    assert match.winner == 1


def test_seed004_royal_count_out_spade_ace_before_club_ace():
    # 16 v 20, cards tied: spades +1 = 17, 10♦ +2 = 19, 2♠ +1 = 20 for seat 0;
    # then the aces in the order ♠ ♣ ♥ ♦: A♠ brings seat 0 to 21 before A♣ brings
    # seat 1 there, though seat 1 ends with 23.
    result, match = score(
        "royal",
        [
            tally(26, 7, ["AS"], big=True, little=True),
            tally(26, 6, ["AC", "AH", "AD"]),
        ],
        scores=[16, 20],
    )
    assert result.totals == (5, 3)
    assert match.finished is True
    assert match.winner == 0
