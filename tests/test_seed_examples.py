"""Every worked example of the seed rule texts, driven through the JSON API.

The seeds are in ``../shared/seeds/``: 000 is pagat's *Nordic Casino* (Swedish
Kasino, Överspader, Mulle, Finnish Kasino), 002 a Norwegian rule sheet, 003 the
Danish rules, 004 the Bicycle rules for Anglo-American Casino (and Royal
Casino). Each test is named after its seed and example. The expected verdicts
are reasoned from ``RULES.md`` and the seed text, never read off the engine.

Where a seed leaves suits open, the test picks suits that keep every card
distinct in one pack and says so. Reasons are only checked for mentioning the
thing that mattered (a card, a value), never for exact wording.
"""

from __future__ import annotations

from collections import Counter

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


# -- talking to the API ------------------------------------------------------


def check(
    api,
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
    """POST /api/v1/check and return the answer (which must be a 200)."""
    play = {"card": card, "action": action}
    if take is not None:
        play["take"] = list(take)
    if onto is not None:
        play["onto"] = list(onto)
    if value is not None:
        play["value"] = value
    body = {
        "variant": variant,
        "players": players,
        "player": player,
        "table": table,
        "play": play,
    }
    if hand is not None:
        body["hand"] = list(hand)
    if options is not None:
        body["options"] = options
    status, answer = api("/api/v1/check", body)
    assert status == 200, (status, answer)
    return answer


def replay(api, variant, table, plays, *, players=2, dealer=1, scores=None, options=None):
    """POST /api/v1/replay and return the answer (which must be a 200)."""
    n = players if isinstance(players, int) else len(players)
    body = {
        "variant": variant,
        "players": players,
        "dealer": dealer,
        "scores": scores if scores is not None else [0] * n,
        "table": table,
        "plays": plays,
    }
    if options is not None:
        body["options"] = options
    status, answer = api("/api/v1/replay", body)
    assert status == 200, (status, answer)
    return answer


def score(api, variant, *, tallies=None, piles=None, scores=None, players=2, options=None,
          sweeps=None, last_capture=None):
    """POST /api/v1/score and return the answer (which must be a 200)."""
    sides = len(tallies if tallies is not None else piles)
    body = {
        "variant": variant,
        "players": players,
        "scores": scores if scores is not None else [0] * sides,
    }
    if tallies is not None:
        body["tallies"] = tallies
    if piles is not None:
        body["piles"] = piles
        body["sweeps"] = sweeps if sweeps is not None else [0] * sides
        if last_capture is not None:
            body["last_capture"] = last_capture
    if options is not None:
        body["options"] = options
    status, answer = api("/api/v1/score", body)
    assert status == 200, (status, answer)
    return answer


def tally(cards, spades, aces=(), *, big=False, little=False, sweeps=0, last=False):
    return {
        "cards": cards,
        "spades": spades,
        "aces": list(aces),
        "big_casino": big,
        "little_casino": little,
        "sweeps": sweeps,
        "last_capture": last,
    }


# -- comparing answers ---------------------------------------------------------


def as_groups(groups):
    """Groups without promised order: a sorted list of sorted tuples (a multiset)."""
    return sorted(tuple(sorted(group)) for group in groups)


def alts(answer):
    """The alternatives in the order given, each as a sorted tuple."""
    return [tuple(sorted(a)) for a in answer["alternatives"]]


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


def assert_capture(answer, value, groups, sweep):
    assert answer["legal"] is True, answer
    assert answer["value"] == value, answer
    assert as_groups(answer["groups"]) == as_groups(groups), answer
    assert answer["sweep"] is sweep, answer


def assert_illegal(answer):
    assert answer["legal"] is False, answer
    assert isinstance(answer["reason"], str) and answer["reason"], answer


def assert_points(side, total=None, **points):
    for name, expected in points.items():
        assert side["points"][name] == expected, (name, side)
    if total is not None:
        assert side["total"] == total, side


# -- whole rounds for /replay ----------------------------------------------------
# A round is planned as blocks of plays that leave the table as it was: a card is
# trailed and the next player takes it with a card of the same value (``pair``),
# or two cards are trailed and a third takes both (``triple``). Cards that lie on
# the table all round (the base) keep every such capture from being a sweep.


def trail(card):
    return {"card": card, "action": "trail"}


def take(card, *cards):
    return {"card": card, "action": "capture", "take": list(cards)}


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
    seen = Counter(table) + Counter(p["card"] for p in plays)
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
    for i, play in enumerate(plays):
        seat = (dealer + 1 + i) % players
        if play["action"] == "trail":
            table.append(play["card"])
            continue
        for card in play["take"]:
            table.remove(card)
        piles[seat] += [play["card"], *play["take"]]
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


def assert_round(answer, table, plays, players, dealer, variant=None, scored_sweeps=None):
    """A finished, clean round whose piles (and, for a variant, points) match the plan."""
    assert answer["ok"] is True, answer.get("error")
    assert answer["error"] is None
    assert len(answer["plays"]) == len(plays)
    assert all(p["legal"] for p in answer["plays"]), answer["plays"]
    state = answer["state"]
    assert state["finished"] is True
    assert state["table"] == []
    piles, sweeps, last = simulate(table, plays, players, dealer)
    for i in range(players):
        assert Counter(state["sides"][i]["captured"]) == Counter(piles[i]), i
        assert state["sides"][i]["sweeps"] == sweeps[i], i
        assert answer["score"]["sides"][i]["cards"] == len(piles[i]), i
    if variant is not None:
        expected = expected_points(variant, piles, scored_sweeps or sweeps, last)
        for i, points in enumerate(expected):
            assert_points(answer["score"]["sides"][i], total=sum(points.values()), **points)
    return piles, sweeps, last


# =============================================================================
# Seed 000: pagat's Nordic Casino (Swedish Kasino), "Permainan" examples
# =============================================================================


def test_seed000_capture_example_1_nine_takes_nine(api):
    # Table 7, 5, 9, Q; hand 2, 9, 10, K. Suits picked: table 7C 5D 9S QH,
    # hand 2H 9D 10C KS. The 9 takes the 9 (equal capture value).
    table = ["7C", "5D", "9S", "QH"]
    answer = check(api, "swedish", table, "9D", take=["9S"], hand=["2H", "9D", "10C", "KS"])
    assert_capture(answer, 9, [["9S"]], sweep=False)
    assert answer["pending"] == []
    # 7+5 is 12, no pair of table cards makes 9: taking the 9 is all a 9 can do.
    assert alts(answer) == ordered(["9S"])
    assert says(answer["reason"], "9S")


def test_seed000_capture_example_2_no_capture_only_trail(api):
    # Table 5, 7, 9, Q; hand 2, 8, 10, K (suits as in example 1, hand 2H 8D 10C KS).
    # None of them captures: 2, 8, 10, 13 are no table value and no sum of 5 7 9 12.
    table = ["5D", "7C", "9S", "QH"]
    hand = ["2H", "8D", "10C", "KS"]
    for card in hand:
        answer = check(api, "swedish", table, card, "trail", hand=hand)
        assert answer["legal"] is True, (card, answer)
        assert answer["alternatives"] == [], (card, answer)
    # trying to take the 7 with the 8 is no capture
    assert_illegal(check(api, "swedish", table, "8D", take=["7C"], hand=hand))
    # so the card stays and the table holds five cards
    answer = replay(api, "swedish", table, [trail("8D")])
    assert answer["ok"] is True, answer["error"]
    assert answer["state"]["table"] == ["5D", "7C", "9S", "QH", "8D"]
    assert answer["state"]["turn"] == 1


def test_seed000_capture_example_3_queen_or_four_takes_ace(api):
    # Table 2♣ 3♦ 7♦ A♥; hand Q♦ 4♦. Q (12) takes 2+3+7; 4 takes A+3 (1+3).
    table = ["2C", "3D", "7D", "AH"]
    hand = ["QD", "4D"]
    queen = check(api, "swedish", table, "QD", take=["2C", "3D", "7D"], hand=hand)
    assert_capture(queen, 12, [["2C", "3D", "7D"]], sweep=False)
    assert alts(queen) == ordered(["2C", "3D", "7D"])
    four = check(api, "swedish", table, "4D", take=["AH", "3D"], hand=hand)
    assert_capture(four, 4, [["AH", "3D"]], sweep=False)
    assert alts(four) == ordered(["AH", "3D"])


def test_seed000_capture_example_4_queen_of_spades_takes_three_spades(api):
    # Table 2♠ 3♠ 7♠ A♣; hand Q♠ 4♦: Q♠ takes 2♠+3♠+7♠ = 12 (the 4 could take A+3).
    table = ["2S", "3S", "7S", "AC"]
    hand = ["QS", "4D"]
    queen = check(api, "swedish", table, "QS", take=["2S", "3S", "7S"], hand=hand)
    assert_capture(queen, 12, [["2S", "3S", "7S"]], sweep=False)
    assert alts(queen) == ordered(["2S", "3S", "7S"])
    four = check(api, "swedish", table, "4D", take=["AC", "3S"], hand=hand)
    assert_capture(four, 4, [["AC", "3S"]], sweep=False)


def test_seed000_capture_example_5_nine_takes_whole_table(api):
    # Table 9♠ 4♦ 3♣ 2♣; 9♦ takes 9♠ and 4+3+2 = 9: the whole table.
    table = ["9S", "4D", "3C", "2C"]
    answer = check(api, "swedish", table, "9D", take=table, hand=["9D"])
    assert_capture(answer, 9, [["9S"], ["4D", "3C", "2C"]], sweep=True)
    assert alts(answer) == ordered(table)
    assert says(answer["reason"], "9S")


def test_seed000_capture_example_6_a_card_counts_once(api):
    # Table 2, 3, 5, 8 and a 10 (suits picked: 2H 3C 5D 8S, 10C): 2+3+5 or 2+8,
    # never all four (2 would be used twice; 18 is no multiple of 10 anyway).
    table = ["2H", "3C", "5D", "8S"]
    everything = check(api, "swedish", table, "10C", take=table)
    assert_illegal(everything)
    assert says(everything["reason"], "10")
    first = check(api, "swedish", table, "10C", take=["2H", "3C", "5D"])
    assert_capture(first, 10, [["2H", "3C", "5D"]], sweep=False)
    second = check(api, "swedish", table, "10C", take=["2H", "8S"])
    assert_capture(second, 10, [["2H", "8S"]], sweep=False)
    # both are maximal; no point cards in either, so more cards first
    assert alts(first) == ordered(["2H", "3C", "5D"], ["2H", "8S"])


def test_seed000_capture_example_7_ace_as_fourteen_takes_ace_four_nine(api):
    # Table A 4 9 K; hand A K (suits picked: table AC 4D 9H KS, hand AH KD).
    table = ["AC", "4D", "9H", "KS"]
    hand = ["AH", "KD"]
    # the king takes 4+9 and the king, leaving the ace
    king = check(api, "swedish", table, "KD", take=["4D", "9H", "KS"], hand=hand)
    assert_capture(king, 13, [["KS"], ["4D", "9H"]], sweep=False)
    assert alts(king) == ordered(["4D", "9H", "KS"])
    # better: the ace as 14 with the table ace as 1 takes 1+4+9 = 14
    ace = check(api, "swedish", table, "AH", take=["AC", "4D", "9H"], hand=hand)
    assert_capture(ace, 14, [["AC", "4D", "9H"]], sweep=False)
    assert says(ace["reason"], "14")
    # the ace's maximal captures: A+4+9 and A+K (both hold one ace; three cards first)
    assert alts(ace) == ordered(["AC", "4D", "9H"], ["AC", "KS"])


# -- "Tabbe" examples -----------------------------------------------------------


def test_seed000_tabbe_example_1_nine_takes_three_six_nine(api):
    # Table 3 6 9, hand 9 (suits picked: 3C 6D 9S, hand 9H): 3+6 and 9, a tabbe.
    table = ["3C", "6D", "9S"]
    answer = check(api, "swedish", table, "9H", take=table, hand=["9H"])
    assert_capture(answer, 9, [["9S"], ["3C", "6D"]], sweep=True)
    assert alts(answer) == ordered(table)


def test_seed000_tabbe_example_2_five_takes_last_five(api):
    # The player before took the 9 with a 9 and left only the 5; your 5 takes it:
    # a tabbe, and the next player can only lay a card on the empty table.
    answer = check(api, "swedish", ["5C"], "5H", take=["5C"], hand=["5H"])
    assert_capture(answer, 5, [["5C"]], sweep=True)
    empty = check(api, "swedish", [], "8D", "trail", hand=["8D"])
    assert empty["legal"] is True, empty
    assert empty["alternatives"] == []
    # the same as a replayed opening (dealer 1, so seat 0 plays first); suits picked.
    # 7♣ takes 4♦+3♥ to bring the table down to 9 and 5, as in the example.
    table = ["9S", "5C", "4D", "3H"]
    plays = [take("7C", "4D", "3H"), take("9D", "9S"), take("5H", "5C"), trail("8D")]
    answer = replay(api, "swedish", table, plays)
    assert answer["ok"] is True, answer["error"]
    assert [p["player"] for p in answer["plays"]] == [0, 1, 0, 1]
    assert [p["sweep"] for p in answer["plays"]] == [False, False, True, False]
    state = answer["state"]
    assert state["table"] == ["8D"]
    assert Counter(state["sides"][0]["captured"]) == Counter(["7C", "4D", "3H", "5H", "5C"])
    assert Counter(state["sides"][1]["captured"]) == Counter(["9D", "9S"])
    assert [s["sweeps"] for s in state["sides"]] == [1, 0]
    assert state["turn"] == 0
    assert state["deal"] == 1
    assert state["finished"] is False
    assert answer["score"] is None


def test_seed000_tabbe_example_3(api):
    # Table A A 2 4 6; hand A K 3 (suits picked: table AS AC 2D 4H 6C, hand AD KH 3S).
    # The ace as 14 with both table aces as 1 takes all: 1+1+2+4+6 = 14.
    table = ["AS", "AC", "2D", "4H", "6C"]
    hand = ["AD", "KH", "3S"]
    ace = check(api, "swedish", table, "AD", take=table, hand=hand)
    assert_capture(ace, 14, [table], sweep=True)
    assert alts(ace) == ordered(table)
    assert says(ace["reason"], "14")
    # the king (13) could only take one ace with 2+4+6; equal points and cards, so
    # the one with the spade ace comes first
    king = check(api, "swedish", table, "KH", take=["AS", "2D", "4H", "6C"], hand=hand)
    assert_capture(king, 13, [["AS", "2D", "4H", "6C"]], sweep=False)
    assert alts(king) == ordered(["AS", "2D", "4H", "6C"], ["AC", "2D", "4H", "6C"])
    three = check(api, "swedish", table, "3S", take=["AC", "2D"], hand=hand)
    assert_capture(three, 3, [["AC", "2D"]], sweep=False)
    assert alts(three) == ordered(["AS", "2D"], ["AC", "2D"])


def test_seed000_tabbe_example_4_ace_or_two_clears_two_aces(api):
    # Table A♠ A♣; hand A♦ 2♥. Either card clears the table.
    table = ["AS", "AC"]
    hand = ["AD", "2H"]
    ace = check(api, "swedish", table, "AD", take=table, hand=hand)
    assert ace["legal"] is True, ace
    # ace for ace: each table ace is its own group (as 1, or as 14)
    assert ace["value"] in (1, 14)
    assert as_groups(ace["groups"]) == as_groups([["AS"], ["AC"]])
    assert ace["sweep"] is True
    assert alts(ace) == ordered(table)
    two = check(api, "swedish", table, "2H", take=table, hand=hand)
    assert_capture(two, 2, [["AS", "AC"]], sweep=True)
    assert alts(two) == ordered(table)


def test_seed000_tabbe_example_5_ace_fourteen_takes_ace_fourteen_and_one_five_eight(api):
    # Table A♠ A♦ 5♣ 8♣; your ace (suit open: A♥ picked) counts 14, one table ace
    # 14 and the other 1: 14 | 1+5+8. Three aces and a tabbe.
    table = ["AS", "AD", "5C", "8C"]
    answer = check(api, "swedish", table, "AH", take=table, hand=["AH"])
    assert answer["legal"] is True, answer
    assert answer["value"] == 14
    assert as_groups(answer["groups"]) in (
        as_groups([["AS"], ["AD", "5C", "8C"]]),
        as_groups([["AD"], ["AS", "5C", "8C"]]),
    )
    assert answer["sweep"] is True
    assert alts(answer) == ordered(table)
    assert says(answer["reason"], "14")


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


def test_seed000_end_example_1_last_nine_takes_nine_and_sistan(api):
    table, plays = _swedish_round_ending_nine_takes_nine()
    assert_full_pack(table, plays)
    assert len(plays) == 48
    answer = replay(api, "swedish", table, plays)
    piles, sweeps, last = assert_round(answer, table, plays, 2, 1, variant="swedish")
    assert answer["plays"][-1]["player"] == 1  # the dealer plays last
    # the 2 goes with the dealer's pile: last capture, but not a tabbe
    assert answer["plays"][-1]["sweep"] is False
    assert last == 1 and "2H" in piles[1] and sweeps == [0, 0]
    assert "2H" in answer["state"]["sides"][1]["captured"]
    assert_points(answer["score"]["sides"][1], last_capture=1, sweeps=0)
    assert_points(answer["score"]["sides"][0], last_capture=0, sweeps=0)
    # no sweeps and no ties here: the round is worth exactly 11
    assert sum(s["total"] for s in answer["score"]["sides"]) == 11
    assert answer["score"]["scores"] == [s["total"] for s in answer["score"]["sides"]]


def test_seed000_end_example_2_last_capture_inherits(api):
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
    assert check(api, "swedish", table, "3C", "trail")["alternatives"] == []
    assert check(api, "swedish", [*table, "3C"], "AC", "trail")["alternatives"] == []
    answer = replay(api, "swedish", table, plays, players=3, dealer=2)
    piles, sweeps, last = assert_round(answer, table, plays, 3, 2, variant="swedish")
    assert [p["player"] for p in answer["plays"][-3:]] == [0, 1, 2]
    assert [p["sweep"] for p in answer["plays"][-3:]] == [False, False, False]
    assert last == 0 and sweeps == [0, 0, 0]
    assert Counter(piles[0])["AC"] == 1
    captured = Counter(answer["state"]["sides"][0]["captured"])
    for card in ["AC", "2C", "3C", "7D", "8H", "10S", "KD", "KC"]:
        assert captured[card] == 1, card
    assert_points(answer["score"]["sides"][0], last_capture=1, sweeps=0)
    assert_points(answer["score"]["sides"][2], last_capture=0)


# -- "Penghitungan Skor" (Swedish scoring) ----------------------------------------


def test_seed000_scoring_eleven_points_plus_tabbe(api):
    answer = score(
        api,
        "swedish",
        tallies=[
            tally(28, 8, ["AS", "AH", "AD"], big=True, sweeps=1, last=True),
            tally(24, 5, ["AC"], little=True, sweeps=2),
        ],
    )
    one, two = answer["sides"]
    assert_points(one, cards=1, spades=2, aces=3, big_casino=2, little_casino=0,
                  last_capture=1, sweeps=1, total=10)
    assert_points(two, cards=0, spades=0, aces=1, big_casino=0, little_casino=1,
                  last_capture=0, sweeps=2, total=4)
    # 11 points without the tabbar; Swedish sweeps do not cancel
    assert one["sweeps"] == 1 and two["sweeps"] == 2
    assert answer["scores"] == [10, 4]
    assert answer["finished"] is False
    assert answer["winner"] is None


def test_seed000_scoring_ties_give_nobody_the_point(api):
    # three players: 20 v 20 v 12 cards and 5 v 5 v 3 spades, so neither majority scores
    answer = score(
        api,
        "swedish",
        players=3,
        tallies=[
            tally(20, 5, ["AS"], big=True, last=True),
            tally(20, 5, ["AH", "AD"], little=True),
            tally(12, 3, ["AC"]),
        ],
    )
    totals = [s["total"] for s in answer["sides"]]
    for side in answer["sides"]:
        assert_points(side, cards=0, spades=0)
    assert totals == [4, 3, 1]
    assert sum(totals) == 11 - 3


def test_seed000_scoring_both_reach_sixteen_most_points_wins(api):
    answer = score(
        api,
        "swedish",
        scores=[14, 13],
        tallies=[
            tally(27, 5, ["AS", "AH"]),
            tally(25, 8, ["AD", "AC"], big=True, little=True, last=True),
        ],
    )
    assert [s["total"] for s in answer["sides"]] == [3, 8]
    assert answer["scores"] == [17, 21]
    assert answer["finished"] is True
    assert answer["winner"] == 1


def test_seed000_scoring_tie_on_points_most_spades_wins(api):
    # 10 + 6 = 16 and 11 + 5 = 16: a tie, decided by most spades (7 v 6)
    answer = score(
        api,
        "swedish",
        scores=[10, 11],
        tallies=[
            tally(27, 6, ["AS", "AH", "AD"], little=True, last=True),
            tally(25, 7, ["AC"], big=True),
        ],
    )
    assert [s["total"] for s in answer["sides"]] == [6, 5]
    assert answer["scores"] == [16, 16]
    assert answer["finished"] is True
    assert answer["winner"] == 1
    assert any("spade" in line.lower() for line in answer["explanation"]), answer


# -- "Taktik" examples ------------------------------------------------------------


def test_seed000_tactics_example_1_queen_takes_queen_or_nine_takes_three(api):
    # Q♠ 9♣ 7♦ 2♦ on the table; the player holds Q♦ and 9♦.
    table = ["QS", "9C", "7D", "2D"]
    hand = ["QD", "9D"]
    queen = check(api, "swedish", table, "QD", take=["QS"], hand=hand)
    assert_capture(queen, 12, [["QS"]], sweep=False)
    assert alts(queen) == ordered(["QS"])
    nine = check(api, "swedish", table, "9D", take=["9C", "7D", "2D"], hand=hand)
    assert_capture(nine, 9, [["9C"], ["7D", "2D"]], sweep=False)
    assert alts(nine) == ordered(["9C", "7D", "2D"])


def test_seed000_tactics_example_2_nine_takes_two_three_four_or_lillan_takes_two(api):
    # 2♣ 3♠ 4♠ and a king (suit open: K♥ picked); the player holds 2♠ and 9♠.
    table = ["2C", "3S", "4S", "KH"]
    hand = ["2S", "9S"]
    nine = check(api, "swedish", table, "9S", take=["2C", "3S", "4S"], hand=hand)
    assert_capture(nine, 9, [["2C", "3S", "4S"]], sweep=False)
    assert alts(nine) == ordered(["2C", "3S", "4S"])
    # in Swedish rules lillan counts 2 from the hand, so it may take the 2♣
    lillan = check(api, "swedish", table, "2S", take=["2C"], hand=hand)
    assert_capture(lillan, 2, [["2C"]], sweep=False)
    assert alts(lillan) == ordered(["2C"])


def test_seed000_tactics_example_3_trail_ten_then_storan_takes_eight_two_and_ten(api):
    # Three players; the table is 2 5 8 Q (suits picked 2♣ 5♥ 8♦ Q♣). Storan could
    # take 8+2 now; instead the player trails 10♠ and takes 8+2 and 10 next turn.
    table = ["2C", "5H", "8D", "QC"]
    now = check(api, "swedish", table, "10D", take=["8D", "2C"], players=3,
                hand=["10D", "10S"])
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
    answer = replay(api, "swedish", table, plays, players=3, dealer=0)
    assert answer["ok"] is True, answer["error"]
    assert [p["player"] for p in answer["plays"]] == [1, 2, 0, 1, 2, 0]
    assert answer["plays"][-1]["legal"] is True
    assert answer["plays"][-1]["sweep"] is False
    captured = Counter(answer["state"]["sides"][0]["captured"])
    assert captured == Counter(["10D", "8D", "2C", "10S"])
    assert answer["state"]["table"] == ["5H", "QC", "3H", "4C", "JD", "KS"]


def test_seed000_tactics_example_4_queen_takes_five_seven_leaving_queen(api):
    # Table 3 5 7 Q; you hold a queen (suits picked: 3♣ 5♦ 7♠ Q♠, hand Q♥).
    table = ["3C", "5D", "7S", "QS"]
    answer = check(api, "swedish", table, "QH", take=["5D", "7S"], hand=["QH"])
    assert_capture(answer, 12, [["5D", "7S"]], sweep=False)
    # taking less than the maximum is allowed; the maximum is Q and 5+7
    assert alts(answer) == ordered(["QS", "5D", "7S"])
    # left 3 and Q, the next player's 3 is no tabbe; left the 3 alone, it would be
    assert check(api, "swedish", ["3C", "QS"], "3D", take=["3C"])["sweep"] is False
    assert check(api, "swedish", ["3C"], "3D", take=["3C"])["sweep"] is True


# -- Variations: Överspader, Mulle, Finnish Kasino --------------------------------


def test_seed000_overspader_one_point_per_spade_over_six(api):
    answer = score(
        api,
        "overspader",
        scores=[10, 0],
        tallies=[
            tally(30, 10, ["AS", "AH"], big=True),
            tally(22, 3, ["AD", "AC"], little=True, last=True),
        ],
    )
    one, two = answer["sides"]
    # 10 spades: 4 points; 3 spades: nothing
    assert_points(one, cards=1, spades=4, aces=2, big_casino=2, total=9)
    assert_points(two, cards=0, spades=0, aces=2, little_casino=1, last_capture=1, total=4)
    # Överspader plays to 21, so 19 has not won
    assert answer["scores"] == [19, 4]
    assert answer["finished"] is False
    seven = score(api, "overspader", tallies=[tally(27, 7, ["AS"], last=True),
                                              tally(25, 6, ["AH", "AD", "AC"], big=True,
                                                    little=True)])
    assert [s["points"]["spades"] for s in seven["sides"]] == [1, 0]


def test_seed000_different_target_scores(api):
    # "skor target yang berbeda: 11, 21 atau 50 poin". Seat 0: 10 + (1+2+3+2+1) = 19.
    tallies = [
        tally(28, 8, ["AS", "AH", "AD"], big=True, last=True),
        tally(24, 5, ["AC"], little=True),
    ]
    for target, finished in [(11, True), (21, False), (50, False)]:
        answer = score(api, "swedish", scores=[10, 0], tallies=tallies,
                       options={"target": target})
        assert answer["scores"] == [19, 2], target
        assert answer["finished"] is finished, target
        assert answer["winner"] == (0 if finished else None), target


def test_seed000_mulle_identical_card_alone(api):
    # Mulle: two packs. 9♣ on the table taken by the other 9♣ from the hand.
    answer = check(api, "mulle", ["9C", "5H", "KS", "QH", "4D"], "9C", take=["9C"], hand=["9C"])
    assert_capture(answer, 9, [["9C"]], sweep=False)


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


def test_seed000_mulle_scores_five(api):
    table, plays = _mulle_round()
    assert_full_pack(table, plays, packs=2)
    assert len(plays) == 99
    start = replay(api, "mulle", table, [])
    # 104 = 5 + 9 deals of 10 + a last deal of 9 (5 to seat 0, 4 to the dealer)
    assert start["state"]["deals"] == 10
    assert start["state"]["stock"] == 104 - 5 - 10
    answer = replay(api, "mulle", table, plays)
    piles, sweeps, last = assert_round(answer, table, plays, 2, 1)
    one, two = answer["score"]["sides"]
    assert_points(one, mulle=5, cards=0)
    assert_points(two, mulle=0, cards=0)
    # the rest as Swedish Kasino with both packs: 1 for most spades, no most cards,
    # 1 per ace, 2 per 10♦, 1 per 2♠, 1 for the last capture, 5 per mulle
    spades = [sum(c.endswith("S") for c in p) for p in piles]
    assert spades[0] != spades[1]
    for i, side in enumerate(answer["score"]["sides"]):
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
        assert_points(side, total=sum(expected.values()), **expected)
    assert sum(s["total"] for s in answer["score"]["sides"]) == 16 + 5


def test_seed000_mulle_glimne_ace_mulle_and_ten_of_diamonds_mulle(api):
    # Kortspelshandboken: A♥ from the hand (14) takes the other A♥ and a king
    # (1+13); 10♦ (16 from the hand) takes the other 10♦ and a six (10+6).
    table = ["AH", "KC", "10D", "6C", "3S", "3H", "3D", "3C"]
    ace = check(api, "mulle-glimne", table, "AH", take=["AH", "KC"], hand=["AH"])
    assert_capture(ace, 14, [["AH", "KC"]], sweep=False)
    ten = check(api, "mulle-glimne", table, "10D", take=["10D", "6C"], hand=["10D"])
    assert_capture(ten, 16, [["10D", "6C"]], sweep=False)
    six = check(api, "mulle-glimne", ["6H", "5C"], "6H", take=["6H"], hand=["6H"])
    assert_capture(six, 6, [["6H"]], sweep=False)


def test_seed000_mulle_glimne_mulle_scores_the_capture_value(api):
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
    answer = replay(api, "mulle-glimne", table, plays)
    piles, sweeps, _last = assert_round(answer, table, plays, 2, 1)
    one, two = answer["score"]["sides"]
    assert_points(one, mulle=14, last_capture=0)
    assert_points(two, mulle=16, last_capture=0)
    # 10♦ 3 each, 2♠ and A♠ 2 each, every other spade 1, other aces nothing,
    # each tabbe 1: 36 a round besides tabbar and mulles
    for i, side in enumerate(answer["score"]["sides"]):
        worth = sum(
            3 if c == "10D" else 2 if c in ("2S", "AS") else 1 if c.endswith("S") else 0
            for c in piles[i]
        )
        assert side["total"] == worth + sweeps[i] + (14, 16)[i], (i, side)
    assert sum(s["total"] for s in answer["score"]["sides"]) == 36 + 14 + 16


def test_seed000_finnish_values_from_the_hand(api):
    # "As in Finnish Kasino, 10♦ counts 16 in the hand and 10 on the table, 2♠ 15
    # and 2, the ace 14 and 1."
    lone_ten = check(api, "finnish", ["10S"], "10D", take=["10S"])
    assert_illegal(lone_ten)
    assert says(lone_ten["reason"], "16")
    assert_capture(check(api, "finnish", ["10S", "6H"], "10D", take=["10S", "6H"]),
                   16, [["10S", "6H"]], sweep=True)
    assert_capture(check(api, "finnish", ["8C", "7H"], "2S", take=["8C", "7H"]),
                   15, [["8C", "7H"]], sweep=True)
    assert_capture(check(api, "finnish", ["KC", "AH"], "AS", take=["KC", "AH"]),
                   14, [["KC", "AH"]], sweep=True)


def test_seed000_finnish_scoring_ten_points_no_sistan_sweeps_cancel(api):
    answer = score(
        api,
        "finnish",
        tallies=[
            tally(27, 7, ["AS", "AH"], big=True, sweeps=2, last=True),
            tally(25, 6, ["AD", "AC"], little=True, sweeps=1),
        ],
    )
    one, two = answer["sides"]
    # no point for the last capture; 2 v 1 mökkis cancel to 1 v 0
    assert_points(one, cards=1, spades=2, aces=2, big_casino=2, last_capture=0, sweeps=1,
                  total=8)
    assert_points(two, aces=2, little_casino=1, last_capture=0, sweeps=0, total=3)
    assert one["sweeps"] == 1 and two["sweeps"] == 0
    assert (one["total"] - 1) + two["total"] == 10


def test_seed000_finnish_no_sweep_points_once_someone_has_ten(api):
    # seat 0 already has 10 before the round: nobody scores mökkis any more
    answer = score(
        api,
        "finnish",
        scores=[10, 3],
        tallies=[
            tally(25, 6, ["AS"]),
            tally(27, 7, ["AH", "AD", "AC"], big=True, little=True, sweeps=2),
        ],
    )
    one, two = answer["sides"]
    assert_points(one, total=1)
    assert_points(two, sweeps=0, total=9)
    assert two["sweeps"] == 0
    assert answer["scores"] == [11, 12]
    assert answer["finished"] is False


def test_seed000_finnish_aces_and_casinos_count_at_once(api):
    # Seat 1 (9) takes all four aces and both casinos: 7 points the moment they are
    # captured, 16, before seat 0 (15) is credited spades and cards at the end of
    # the round. Seat 1 wins in the middle of the hand (RULES §8), so the end-of-round
    # points (seat 0's cards and spades) are never added.
    answer = score(
        api,
        "finnish",
        scores=[15, 9],
        tallies=[
            tally(30, 8),
            tally(22, 5, ["AS", "AH", "AD", "AC"], big=True, little=True),
        ],
    )
    one, two = answer["sides"]
    assert_points(one, total=0)
    assert_points(two, aces=4, big_casino=2, little_casino=1, total=7)
    assert answer["finished"] is True
    assert answer["winner"] == 1
    assert answer["scores"] == [15, 16]


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
    assert plays[sweep_at]["card"] == "9D"
    return table, plays


def test_seed000_finnish_sweep_in_last_deal_does_not_score(api):
    table, plays = _finnish_round(40)  # plays 40-47 are the sixth and last deal
    assert_full_pack(table, plays)
    answer = replay(api, "finnish", table, plays)
    assert answer["plays"][40]["sweep"] is True
    assert answer["plays"][40]["player"] == 0
    assert_round(answer, table, plays, 2, 1, variant="finnish", scored_sweeps=[0, 0])
    assert answer["state"]["sides"][0]["sweeps"] == 1  # made, but not scored
    assert answer["score"]["sides"][0]["sweeps"] == 0


def test_seed000_finnish_sweep_before_last_deal_scores(api):
    table, plays = _finnish_round(32)  # play 32 opens the fifth deal
    assert_full_pack(table, plays)
    answer = replay(api, "finnish", table, plays)
    assert answer["plays"][32]["sweep"] is True
    assert_round(answer, table, plays, 2, 1, variant="finnish", scored_sweeps=[1, 0])
    assert answer["score"]["sides"][0]["sweeps"] == 1


def test_seed000_dealing_six_four_three_deals(api):
    # 52 = 4 + (2×4)×6 = 4 + (3×4)×4 = 4 + (4×4)×3
    table = ["9S", "6C", "3D", "5H"]
    for players, deals, stock in [(2, 6, 40), (3, 4, 36), (4, 3, 32)]:
        answer = replay(api, "swedish", table, [], players=players, dealer=0)
        state = answer["state"]
        assert answer["ok"] is True
        assert (state["deals"], state["stock"], state["deal"]) == (deals, stock, 1), players
        assert state["turn"] == 1  # left of the dealer
        assert state["last_deal"] is False


# =============================================================================
# Seed 002: the Norwegian rule sheet
# =============================================================================


def test_seed002_diamond_ten_from_hand_is_16(api):
    answer = check(api, "norwegian", ["10S"], "10D", take=["10S"], hand=["10D"])
    assert_illegal(answer)
    assert says(answer["reason"], "16")
    assert answer["alternatives"] == []
    # a ten on the table is caught by another ten, or as part of a sum of 16
    assert_capture(check(api, "norwegian", ["10S"], "10H", take=["10S"]), 10, [["10S"]], True)
    part = check(api, "norwegian", ["10S", "6H"], "10D", take=["10S", "6H"], hand=["10D"])
    assert_capture(part, 16, [["10S", "6H"]], sweep=True)
    assert says(part["reason"], "16")


def test_seed002_spade_two_from_hand_is_15(api):
    answer = check(api, "norwegian", ["2H"], "2S", take=["2H"], hand=["2S"])
    assert_illegal(answer)
    assert says(answer["reason"], "15")
    assert answer["alternatives"] == []
    assert_capture(check(api, "norwegian", ["8C", "7H"], "2S", take=["8C", "7H"]),
                   15, [["8C", "7H"]], sweep=True)


def test_seed002_ace_from_hand_is_14_takes_king_and_ace(api):
    lone = check(api, "norwegian", ["AH"], "AS", take=["AH"], hand=["AS"])
    assert_illegal(lone)
    assert says(lone["reason"], "14")
    answer = check(api, "norwegian", ["KC", "AH"], "AS", take=["KC", "AH"], hand=["AS"])
    assert_capture(answer, 14, [["KC", "AH"]], sweep=True)
    assert alts(answer) == ordered(["KC", "AH"])


def test_seed002_nine_takes_nine_six_three_five_four_at_once(api):
    table = ["9S", "6C", "3D", "5H", "4C"]
    answer = check(api, "norwegian", table, "9H", take=table, hand=["9H"])
    assert_capture(answer, 9, [["9S"], ["6C", "3D"], ["5H", "4C"]], sweep=True)
    assert alts(answer) == ordered(table)
    # nobody must take everything: the 9 alone is a legal capture
    just_nine = check(api, "norwegian", table, "9H", take=["9S"], hand=["9H"])
    assert_capture(just_nine, 9, [["9S"]], sweep=False)
    assert alts(just_nine) == ordered(table)


def test_seed002_passing_is_not_allowed(api):
    # "Å passe er ikke lov": there is no play without a card; a "pass" is refused,
    # as a malformed request (400 naming the field) or as an illegal play.
    status, answer = api("/api/v1/check", {
        "variant": "norwegian", "players": 2, "player": 0, "table": ["9S", "6C"],
        "hand": ["7H"], "play": {"card": "7H", "action": "pass"},
    })
    if status == 400:
        assert "play" in answer["field"], answer
    else:
        assert status == 200 and answer["legal"] is False, (status, answer)


def test_seed002_empty_table_only_trail(api):
    answer = check(api, "norwegian", [], "7H", "trail", hand=["7H", "8C"])
    assert answer["legal"] is True, answer
    assert answer["alternatives"] == []


def test_seed002_build_five_on_four_is_nine(api):
    # "Legger du en 5-er oppå en 4-er, sier du 'bygger 9'" and you must hold a 9.
    answer = check(api, "norwegian", ["4C"], "5H", "build", onto=["4C"], value=9,
                   hand=["5H", "9D"])
    assert answer["legal"] is True, answer
    assert answer["value"] == 9
    assert answer["pending"] == []
    no_nine = check(api, "norwegian", ["4C"], "5H", "build", onto=["4C"], value=9,
                    hand=["5H", "8D"])
    assert_illegal(no_nine)
    assert says(no_nine["reason"], "9")
    # physical play, hand unknown: judged on the table, holding a 9 is pending
    unknown = check(api, "norwegian", ["4C"], "5H", "build", onto=["4C"], value=9)
    assert unknown["legal"] is True, unknown
    assert unknown["value"] == 9
    assert len(unknown["pending"]) == 1 and "9" in unknown["pending"][0]


def test_seed002_build_is_one_card_on_one_table_card(api):
    # "Du legger et kort fra hånden halvveis oppå et kort på bordet"
    answer = check(api, "norwegian", ["4C", "3D"], "5H", "build", onto=["4C", "3D"], value=12,
                   hand=["5H", "QD"])
    assert_illegal(answer)


def test_seed002_build_taken_only_as_a_nine(api):
    build = {"cards": ["5H", "4C"], "value": 9, "owner": 0, "locked": False}
    answer = check(api, "norwegian", [build], "9D", take=["5H"], player=0)
    assert_capture(answer, 9, [["5H", "4C"]], sweep=True)
    # a reference to a card of the build means the whole build: a 5 or a 4 cannot
    assert_illegal(check(api, "norwegian", [build], "5D", take=["5H"], player=1))
    assert_illegal(check(api, "norwegian", [build], "4S", take=["4C"], player=1))


def test_seed002_only_one_build_at_a_time(api):
    build = {"cards": ["4C", "5H"], "value": 9, "owner": 0, "locked": False}
    table = [build, "2D"]
    hand = ["6S", "8C", "9D"]
    assert_illegal(check(api, "norwegian", table, "6S", "build", onto=["2D"], value=8,
                         hand=hand))
    # house rule: several builds, as long as the hand takes them all (8 and 9)
    answer = check(api, "norwegian", table, "6S", "build", onto=["2D"], value=8, hand=hand,
                   options={"multiple_builds": True})
    assert answer["legal"] is True, answer
    assert answer["value"] == 8


def test_seed002_no_adding_to_your_own_build(api):
    build = {"cards": ["4C", "5H"], "value": 9, "owner": 0, "locked": False}
    hand = ["3S", "QC", "9D"]
    assert_illegal(check(api, "norwegian", [build], "3S", "build", onto=["4C"], value=12,
                         hand=hand, player=0))
    # house rule: raising your own build
    answer = check(api, "norwegian", [build], "3S", "build", onto=["4C"], value=12, hand=hand,
                   player=0, options={"raise_own_build": True})
    assert answer["legal"] is True, answer
    assert answer["value"] == 12


def test_seed002_opponent_raises_nine_to_twelve(api):
    # "Bygget ditt på 9 blir et bygg på 12 om noen legger en 3-er oppå, og da må de
    # selv ha en 12-er."
    build = {"cards": ["4C", "5H"], "value": 9, "owner": 0, "locked": False}
    answer = check(api, "norwegian", [build], "3S", "build", onto=["4C"], value=12,
                   hand=["3S", "QC"], player=1)
    assert answer["legal"] is True, answer
    assert answer["value"] == 12
    no_queen = check(api, "norwegian", [build], "3S", "build", onto=["4C"], value=12,
                     hand=["3S", "8D"], player=1)
    assert_illegal(no_queen)
    assert says(no_queen["reason"], "12")


def test_seed002_doubling_a_card_and_a_build(api):
    answer = check(api, "norwegian", ["7C"], "7H", "double", onto=["7C"], hand=["7H", "7S"])
    assert answer["legal"] is True, answer
    assert answer["value"] == 7
    assert_illegal(check(api, "norwegian", ["7C"], "7H", "double", onto=["7C"],
                         hand=["7H", "2D"]))
    # "har du to damer og det ligger et bygg på 12, legger du den ene damen oppå"
    build = {"cards": ["8C", "4D"], "value": 12, "owner": 1, "locked": False}
    queen = check(api, "norwegian", [build], "QH", "double", onto=["8C"], hand=["QH", "QS"],
                  player=0)
    assert queen["legal"] is True, queen
    assert queen["value"] == 12


def test_seed002_doubled_pile_keeps_its_value(api):
    # "Verdien er uendret": a doubled pile is locked and cannot be raised.
    locked = {"cards": ["7C", "7H"], "value": 7, "owner": 0, "locked": True}
    assert_illegal(check(api, "norwegian", [locked], "2D", "build", onto=["7C"], value=9,
                         hand=["2D", "9S"], player=1))
    taken = check(api, "norwegian", [locked], "7D", take=["7H"], player=1)
    assert_capture(taken, 7, [["7C", "7H"]], sweep=True)


def test_seed002_sums_of_fourteen_fifteen_sixteen_go_whole(api):
    # "Ligger det kort på bordet som til sammen blir 14, 15 eller 16, kan
    # motstanderen hente hele haugen med et ess, en ♠2 eller en ♦10."
    assert_capture(check(api, "norwegian", ["9C", "5H"], "AS", take=["9C", "5H"]),
                   14, [["9C", "5H"]], sweep=True)
    assert_capture(check(api, "norwegian", ["8C", "7H"], "2S", take=["8C", "7H"]),
                   15, [["8C", "7H"]], sweep=True)
    assert_capture(check(api, "norwegian", ["9C", "7H"], "10D", take=["9C", "7H"]),
                   16, [["9C", "7H"]], sweep=True)


def test_seed002_plain_ten_answers_big_casino_plain_two_answers_little(api):
    assert_capture(check(api, "norwegian", ["10D", "5C"], "10S", take=["10D"]),
                   10, [["10D"]], sweep=False)
    assert_capture(check(api, "norwegian", ["2S", "5C"], "2H", take=["2S"]),
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


def test_seed002_last_card_clears_table_tabbe_and_sisten(api):
    table, plays = _norwegian_round(take("9D", "9S", "7C", "2H"))
    assert_full_pack(table, plays)
    answer = replay(api, "norwegian", table, plays)
    assert answer["plays"][-1]["sweep"] is True
    assert_round(answer, table, plays, 2, 1, variant="norwegian")
    assert_points(answer["score"]["sides"][1], last_capture=1, sweeps=1)


def test_seed002_inherited_cards_are_sisten_alone(api):
    table, plays = _norwegian_round(take("9D", "9S"))
    assert_full_pack(table, plays)
    answer = replay(api, "norwegian", table, plays)
    assert answer["plays"][-1]["sweep"] is False
    assert_round(answer, table, plays, 2, 1, variant="norwegian")
    assert_points(answer["score"]["sides"][1], last_capture=1, sweeps=0)


def test_seed002_house_rule_sisten_is_also_a_tabbe(api):
    table, plays = _norwegian_round(take("9D", "9S"))
    answer = replay(api, "norwegian", table, plays, options={"sisten_is_sweep": True})
    assert answer["ok"] is True, answer["error"]
    assert_points(answer["score"]["sides"][1], last_capture=1, sweeps=1)
    assert_points(answer["score"]["sides"][0], sweeps=0)


def test_seed002_scoring_ten_points_plus_tabbe(api):
    answer = score(
        api,
        "norwegian",
        tallies=[
            tally(27, 7, ["AS", "AH"], big=True, sweeps=1, last=True),
            tally(25, 6, ["AD", "AC"], little=True, sweeps=2),
        ],
    )
    one, two = answer["sides"]
    assert_points(one, cards=1, spades=1, aces=2, big_casino=2, last_capture=1, sweeps=1,
                  total=8)
    assert_points(two, cards=0, spades=0, aces=2, little_casino=1, sweeps=2, total=5)
    assert (one["total"] - 1) + (two["total"] - 2) == 10


def test_seed002_tie_for_most_cards_gives_nobody_the_point(api):
    # piles: all spades and hearts v all diamonds and clubs, 26 cards each
    spades_hearts = [r + s for s in "SH" for r in RANKS]
    diamonds_clubs = [r + s for s in "DC" for r in RANKS]
    answer = score(api, "norwegian", piles=[spades_hearts, diamonds_clubs], last_capture=0)
    one, two = answer["sides"]
    assert (one["cards"], two["cards"]) == (26, 26)
    assert (one["spades"], two["spades"]) == (13, 0)
    assert_points(one, cards=0, spades=1, aces=2, little_casino=1, big_casino=0,
                  last_capture=1, total=5)
    assert_points(two, cards=0, spades=0, aces=2, big_casino=2, last_capture=0, total=4)


def test_seed002_partners_pool_their_piles(api):
    answer = score(
        api,
        "norwegian",
        players=4,
        options={"partnerships": True},
        tallies=[
            tally(27, 7, ["AS", "AH"], big=True, last=True),
            tally(25, 6, ["AD", "AC"], little=True),
        ],
    )
    assert [s["players"] for s in answer["sides"]] == [[0, 2], [1, 3]]
    assert [s["total"] for s in answer["sides"]] == [7, 3]


def test_seed002_two_pass_sixteen_most_points_then_most_spades(api):
    tallies = [
        tally(27, 7, ["AS", "AH"], big=True, sweeps=1, last=True),
        tally(25, 6, ["AD", "AC"], little=True, sweeps=2),
    ]
    # 12 + 8 = 20 v 13 + 5 = 18: most points
    answer = score(api, "norwegian", scores=[12, 13], tallies=tallies)
    assert answer["scores"] == [20, 18]
    assert answer["finished"] is True
    assert answer["winner"] == 0
    # 12 + 8 = 20 v 15 + 5 = 20: most spades (7 v 6)
    tied = score(api, "norwegian", scores=[12, 15], tallies=tallies)
    assert tied["scores"] == [20, 20]
    assert tied["finished"] is True
    assert tied["winner"] == 0
    assert any("spade" in line.lower() for line in tied["explanation"]), tied


def test_seed002_house_rules_most_aces_and_target_21(api):
    tallies = [
        tally(27, 7, ["AS", "AH", "AD"], big=True, last=True),
        tally(25, 6, ["AC"], little=True),
    ]
    answer = score(api, "norwegian", tallies=tallies, options={"most_aces": True})
    assert [s["points"]["aces"] for s in answer["sides"]] == [1, 0]
    even = score(api, "norwegian", options={"most_aces": True}, tallies=[
        tally(27, 7, ["AS", "AH"], big=True, last=True),
        tally(25, 6, ["AD", "AC"], little=True),
    ])
    assert [s["points"]["aces"] for s in even["sides"]] == [0, 0]
    # one point per ace again: 10 + (1+1+3+2+1) = 18 has won at 16 but not at 21
    at16 = score(api, "norwegian", scores=[10, 10], tallies=tallies)
    assert at16["scores"] == [18, 12] and at16["finished"] is True and at16["winner"] == 0
    at21 = score(api, "norwegian", scores=[10, 10], tallies=tallies, options={"target": 21})
    assert at21["scores"] == [18, 12] and at21["finished"] is False
    assert at21["winner"] is None


def test_seed002_player_left_of_dealer_plays_first(api):
    table = ["9S", "6C", "3D", "5H"]
    answer = replay(api, "norwegian", table, [], dealer=0)
    assert answer["state"]["turn"] == 1
    wrong = replay(api, "norwegian", table, [{"card": "8C", "action": "trail", "player": 0}],
                   dealer=0)
    assert wrong["ok"] is False
    assert wrong["error"]["play"] == 0


def test_seed002_new_hands_but_never_new_table_cards(api):
    table = ["9S", "6C", "3D", "5H"]
    cards = ["2H", "3H", "4H", "7H", "8H", "JH", "QH", "KH"]
    answer = replay(api, "norwegian", table, [trail(c) for c in cards])
    state = answer["state"]
    assert answer["ok"] is True, answer["error"]
    assert state["deal"] == 2
    assert state["stock"] == 32
    assert state["table"] == table + cards


def test_seed002_dealer_announces_sisten_on_last_deal(api):
    table = ["9S", "6C", "3D", "5H"]
    rest = [r + s for s in "SHDC" for r in RANKS if r + s not in table]
    answer = replay(api, "norwegian", table, [trail(c) for c in rest[:40]])
    state = answer["state"]
    assert answer["ok"] is True, answer["error"]
    assert state["deal"] == 6
    assert state["stock"] == 0
    assert state["last_deal"] is True


def test_seed002_five_players_half_deal_first(api):
    # "Med fem spillere legges bare to kort på bordet ... to kort i en halv
    # utdeling først": 52 = 2 + 5×2 + 5×4×2.
    table = ["9S", "6C"]
    start = replay(api, "norwegian", table, [], players=5, dealer=4)
    assert start["ok"] is True
    assert start["state"]["deals"] == 3
    assert start["state"]["stock"] == 40
    assert start["state"]["turn"] == 0
    cards = ["2H", "3H", "4H", "5H", "6H", "7H", "8H", "JH", "QH", "KH"]
    answer = replay(api, "norwegian", table, [trail(c) for c in cards], players=5, dealer=4)
    assert answer["ok"] is True, answer["error"]
    assert answer["state"]["deal"] == 2
    assert answer["state"]["stock"] == 20


def test_seed002_english_form_courts_pair_ace_one_no_casino_values(api):
    # "Utenfor Norden ... et bildekort kan bare tas med et likt bildekort. Ess teller
    # alltid 1, ♦10 og ♠2 er ikke verdt noe ekstra fra hånden."
    queen = check(api, "classic", ["QS", "5C"], "QH", take=["QS"])
    assert queen["legal"] is True, queen
    assert as_groups(queen["groups"]) == as_groups([["QS"]])
    assert queen["sweep"] is False
    assert_illegal(check(api, "classic", ["7C", "5D"], "QH", take=["7C", "5D"]))
    assert_capture(check(api, "classic", ["AH", "5C"], "AS", take=["AH"]), 1, [["AH"]], False)
    assert_illegal(check(api, "classic", ["KC", "AH"], "AS", take=["KC", "AH"]))
    assert_capture(check(api, "classic", ["10S", "5C"], "10D", take=["10S"]), 10, [["10S"]],
                   False)
    assert_capture(check(api, "classic", ["2H", "5C"], "2S", take=["2H"]), 2, [["2H"]], False)


def test_seed002_english_form_scores_eleven_to_21(api):
    answer = score(
        api,
        "classic",
        tallies=[
            tally(30, 5, ["AS", "AH"], big=True),
            tally(22, 8, ["AD", "AC"], little=True),
        ],
    )
    one, two = answer["sides"]
    assert_points(one, cards=3, spades=0, aces=2, big_casino=2, total=7)
    assert_points(two, cards=0, spades=1, aces=2, little_casino=1, total=4)


def test_seed002_krypkasino_capture_is_compulsory(api):
    # "Du er nødt til å ta inn når kortene på bordet tillater det"
    table = ["7C", "5D"]
    assert_illegal(check(api, "krypkasino", table, "7H", "trail", hand=["7H", "2C"]))
    assert_capture(check(api, "krypkasino", table, "7H", take=["7C"], hand=["7H", "2C"]),
                   7, [["7C"]], sweep=False)
    # a 2 captures nothing here, so it may be trailed
    two = check(api, "krypkasino", table, "2C", "trail", hand=["7H", "2C"])
    assert two["legal"] is True, two
    # RULES.md §7 Decision: the capture must be maximal (5+2 would be left)
    assert_illegal(check(api, "krypkasino", [*table, "2H"], "7H", take=["7C"]))


# =============================================================================
# Seed 003: Danish Kasino
# =============================================================================


def test_seed003_combining_nine_takes_three_six_ten_takes_two_four_four(api):
    assert_capture(check(api, "danish", ["3C", "6D"], "9S", take=["3C", "6D"]),
                   9, [["3C", "6D"]], sweep=True)
    assert_capture(check(api, "danish", ["2H", "4C", "4D"], "10C", take=["2H", "4C", "4D"]),
                   10, [["2H", "4C", "4D"]], sweep=True)


def test_seed003_seven_takes_three_four_and_seven(api):
    table = ["3C", "4D", "7H"]
    assert_capture(check(api, "danish", table, "7S", take=table), 7, [["7H"], ["3C", "4D"]],
                   sweep=True)


def test_seed003_two_values_for_ten_of_diamonds_two_of_spades_ace(api):
    # 10♦ is 10 or 16, 2♠ is 2 or 15, an ace 1 or 14
    assert_capture(check(api, "danish", ["10S", "5C"], "10D", take=["10S"]), 10, [["10S"]],
                   False)
    assert_capture(check(api, "danish", ["9C", "7H"], "10D", take=["9C", "7H"]), 16,
                   [["9C", "7H"]], True)
    assert_capture(check(api, "danish", ["2H", "5C"], "2S", take=["2H"]), 2, [["2H"]], False)
    assert_capture(check(api, "danish", ["8C", "7H"], "2S", take=["8C", "7H"]), 15,
                   [["8C", "7H"]], True)
    ace = check(api, "danish", ["AH", "5C"], "AS", take=["AH"])
    assert ace["legal"] is True, ace
    assert ace["value"] in (1, 14)
    assert_capture(check(api, "danish", ["KC", "AH"], "AS", take=["KC", "AH"]), 14,
                   [["KC", "AH"]], True)
    # the two values hold on the table too: 2♠ and A♥ make 16 (15+1 or 2+14)
    assert_capture(check(api, "danish", ["2S", "AH"], "10D", take=["2S", "AH"]), 16,
                   [["2S", "AH"]], True)


def test_seed003_five_of_spades_clears_the_table(api):
    build = {"cards": ["2H", "7C"], "value": 9, "owner": 1, "locked": False}
    table = ["KC", "9D", "3H", build]
    answer = check(api, "danish", table, "5S", take=["KC", "9D", "3H", "2H"], player=0)
    assert answer["legal"] is True, answer
    assert answer["sweep"] is True
    assert says(answer["reason"], "5S")
    # not part of the table: 5♠ is then an ordinary 5
    assert_illegal(check(api, "danish", table, "5S", take=["KC", "9D"], player=0))
    assert_capture(check(api, "danish", ["5H", "KC"], "5S", take=["5H"]), 5, [["5H"]], False)
    # house option off
    assert_illegal(check(api, "danish", table, "5S", take=["KC", "9D", "3H", "2H"], player=0,
                         options={"spade_five_clears": False}))


def test_seed003_build_two_on_seven_is_nine(api):
    answer = check(api, "danish", ["7C"], "2H", "build", onto=["7C"], value=9,
                   hand=["2H", "9S"])
    assert answer["legal"] is True, answer
    assert answer["value"] == 9
    no_nine = check(api, "danish", ["7C"], "2H", "build", onto=["7C"], value=9,
                    hand=["2H", "8S"])
    assert_illegal(no_nine)
    assert says(no_nine["reason"], "9")


def test_seed003_build_further_nine_to_ten_with_ace(api):
    build = {"cards": ["2H", "7C"], "value": 9, "owner": 0, "locked": False}
    opponent = check(api, "danish", [build], "AD", "build", onto=["2H"], value=10,
                     hand=["AD", "10S"], player=1)
    assert opponent["legal"] is True, opponent
    assert opponent["value"] == 10
    # the first builder may build further too
    own = check(api, "danish", [build], "AD", "build", onto=["2H"], value=10,
                hand=["AD", "10S"], player=0)
    assert own["legal"] is True, own
    assert own["value"] == 10
    assert_illegal(check(api, "danish", [build], "AD", "build", onto=["2H"], value=10,
                         hand=["AD", "9S"], player=1))


def test_seed003_build_more_then_no_building_further(api):
    # another nine (6♦ from the hand + 3♠ from the table) laid on the pile of 9
    build = {"cards": ["2H", "7C"], "value": 9, "owner": 0, "locked": False}
    answer = check(api, "danish", [build, "3S"], "6D", "build", onto=["2H", "3S"], value=9,
                   hand=["6D", "9H"], player=1)
    assert answer["legal"] is True, answer
    assert answer["value"] == 9
    # only while the builder can take the pile with the same hand
    assert_illegal(check(api, "danish", [build, "3S"], "6D", "build", onto=["2H", "3S"],
                         value=9, hand=["6D", "8H"], player=1))
    more = {"cards": ["2H", "7C", "6D", "3S"], "value": 9, "owner": 1, "locked": True}
    assert_illegal(check(api, "danish", [more], "AD", "build", onto=["2H"], value=10,
                         hand=["AD", "10S"], player=0))
    assert_capture(check(api, "danish", [more], "9S", take=["2H"], player=0), 9,
                   [["2H", "7C", "6D", "3S"]], sweep=True)


def test_seed003_plus_seven(api):
    answer = check(api, "danish", ["7C"], "7H", "double", onto=["7C"], hand=["7H", "7S"])
    assert answer["legal"] is True, answer
    assert answer["value"] == 7
    assert_illegal(check(api, "danish", ["7C"], "7H", "double", onto=["7C"],
                         hand=["7H", "2D"]))
    plus = {"cards": ["7C", "7H"], "value": 7, "owner": 0, "locked": True}
    # its value cannot change; an opponent takes it only with a 7
    assert_illegal(check(api, "danish", [plus], "2D", "build", onto=["7C"], value=9,
                         hand=["2D", "9S"], player=1))
    assert_capture(check(api, "danish", [plus], "7D", take=["7C"], player=1), 7,
                   [["7C", "7H"]], sweep=True)


DANISH_TABLE = ["7C", "KD", "QS", "4H"]


def test_seed003_must_capture_next_turn(api):
    # dealer seat 1: seat 0 builds 9 (2♥ on 7♣), seat 1 trails, seat 0 must capture
    # with a card that can capture: 7♠ could take 3♦+4♥, so it may not be trailed
    plays = [
        {"card": "2H", "action": "build", "onto": ["7C"], "value": 9},
        trail("3D"),
        trail("7S"),
    ]
    answer = replay(api, "danish", DANISH_TABLE, plays)
    assert answer["ok"] is False
    assert answer["error"]["play"] == 2
    assert [p["legal"] for p in answer["plays"][:2]] == [True, True]
    # capturing something else than the build is enough
    plays[2] = take("3S", "3D")
    fine = replay(api, "danish", DANISH_TABLE, plays)
    assert fine["ok"] is True, fine["error"]
    assert len(fine["state"]["builds"]) == 1
    # a card that can capture nothing (6♣: no 6, no pair making 6) may be trailed
    plays[2] = trail("6C")
    free = replay(api, "danish", DANISH_TABLE, plays)
    assert free["ok"] is True, free["error"]


def test_seed003_no_new_build_while_the_last_is_on_the_table(api):
    plays = [
        {"card": "2H", "action": "build", "onto": ["7C"], "value": 9},
        trail("3D"),
        take("3S", "3D"),
        trail("4D"),
        {"card": "4C", "action": "build", "onto": ["4D"], "value": 8},
    ]
    answer = replay(api, "danish", DANISH_TABLE, plays)
    assert answer["ok"] is False
    assert answer["error"]["play"] == 4


def test_seed003_builder_must_hold_the_nine(api):
    # Seat 0 builds 9 but plays 2♥ 3♠ 6♦ 10♣ in the deal: no card that takes 9.
    # Seat 1 takes the build with 9♦. The retroactive hand check finds it.
    plays = [
        {"card": "2H", "action": "build", "onto": ["7C"], "value": 9},
        trail("3D"),
        take("3S", "3D"),
        trail("5C"),
        trail("6D"),
        trail("8C"),
        trail("10C"),
        take("9D", "2H"),
    ]
    answer = replay(api, "danish", DANISH_TABLE, plays)
    assert answer["ok"] is True, answer["error"]
    assert answer["state"]["deal"] == 2
    found = [v for v in answer["violations"] if v["deal"] == 1 and v["player"] == 0]
    assert found, answer["violations"]
    assert says(found[0]["reason"], "9")
    # the same deal where seat 0 takes its own build with 9♠: nothing to report
    plays[6] = take("9S", "2H")
    plays[7] = trail("10C")
    clean = replay(api, "danish", DANISH_TABLE, plays)
    assert clean["ok"] is True, clean["error"]
    assert clean["violations"] == []


def test_seed003_build_must_be_taken_in_the_same_deal(api):
    # Seat 0 holds a 9 (plays 9♠ on 4♥+5♣) but leaves its build to the end of the
    # deal: the referee must flag it, as an illegal play or as a violation.
    plays = [
        {"card": "2H", "action": "build", "onto": ["7C"], "value": 9},
        trail("3D"),
        take("3S", "3D"),
        trail("5C"),
        trail("6D"),
        trail("8C"),
        take("9S", "4H", "5C"),
        trail("JH"),
    ]
    answer = replay(api, "danish", DANISH_TABLE, plays)
    flagged = [v for v in answer["violations"] if v["deal"] == 1 and v["player"] == 0]
    assert answer["ok"] is False or flagged, answer


def test_seed003_scoring_svupper_cancel_to_21(api):
    tallies = [
        tally(27, 7, ["AS", "AH"], big=True, sweeps=2, last=True),
        tally(25, 6, ["AD", "AC"], little=True, sweeps=1),
    ]
    answer = score(api, "danish", scores=[12, 5], tallies=tallies)
    one, two = answer["sides"]
    assert_points(one, cards=1, spades=2, aces=2, big_casino=2, last_capture=1, sweeps=1,
                  total=9)
    assert_points(two, aces=2, little_casino=1, sweeps=0, total=3)
    assert (one["sweeps"], two["sweeps"]) == (1, 0)
    assert answer["scores"] == [21, 8]
    assert answer["finished"] is True
    assert answer["winner"] == 0
    short = score(api, "danish", scores=[11, 5], tallies=tallies)
    assert short["scores"] == [20, 8]
    assert short["finished"] is False


# =============================================================================
# Seed 004: Bicycle Casino (classic) and Royal Casino
# =============================================================================


def test_seed004_face_cards_pair_only_one_at_a_time(api):
    table = ["KC", "KD", "5H"]
    one = check(api, "classic", table, "KS", take=["KC"])
    assert one["legal"] is True, one
    assert as_groups(one["groups"]) == as_groups([["KC"]])
    assert one["sweep"] is False
    assert sorted(alts(one)) == sorted(ordered(["KC"], ["KD"]))
    assert_illegal(check(api, "classic", table, "KS", take=["KC", "KD"]))
    # a king has no number: it does not take 10+3
    assert_illegal(check(api, "classic", ["10H", "3C"], "KS", take=["10H", "3C"]))


def test_seed004_six_takes_three_sixes_or_two_threes_and_three_twos(api):
    sixes = ["6C", "6D", "6H"]
    assert_capture(check(api, "classic", sixes, "6S", take=sixes), 6,
                   [["6C"], ["6D"], ["6H"]], sweep=True)
    table = ["3C", "3D", "2H", "2D", "2C"]
    answer = check(api, "classic", table, "6S", take=table)
    assert_capture(answer, 6, [["3C", "3D"], ["2H", "2D", "2C"]], sweep=True)
    assert alts(answer) == ordered(table)


def test_seed004_build_example_eight_as_multiple_build(api):
    # "if a player holds an 8 and there are a 3 and a 5 on the table": 8 | 3+5
    answer = check(api, "classic", ["3C", "5D"], "8S", "build", onto=["3C", "5D"], value=8,
                   hand=["8S", "8H"])
    assert answer["legal"] is True, answer
    assert answer["value"] == 8
    assert_illegal(check(api, "classic", ["3C", "5D"], "8S", "build", onto=["3C", "5D"],
                         value=8, hand=["8S", "2D"]))


def test_seed004_build_example_eight_from_ace_seven_or_two_fours(api):
    ace = check(api, "classic", ["7C"], "AD", "build", onto=["7C"], value=8, hand=["AD", "8H"])
    assert ace["legal"] is True, ace
    assert ace["value"] == 8
    fours = check(api, "classic", ["4C"], "4D", "build", onto=["4C"], value=8,
                  hand=["4D", "8H"])
    assert fours["legal"] is True, fours
    assert fours["value"] == 8


def test_seed004_build_example_courts_do_not_build_in_classic(api):
    assert_illegal(check(api, "classic", ["5C"], "7H", "build", onto=["5C"], value=12,
                         hand=["7H", "QD"]))


def test_seed004_build_example_five_raised_to_eight_then_nine(api):
    # "bangunan 5" of 2 and 3; with 3 and 8 you add the 3: "bangunan 8"; another
    # player with A and 9 adds the ace: "bangunan 9"
    five = {"cards": ["2C", "3D"], "value": 5, "owner": 1, "locked": False}
    eight = check(api, "classic", [five], "3H", "build", onto=["2C"], value=8,
                  hand=["3H", "8S"], player=0)
    assert eight["legal"] is True, eight
    assert eight["value"] == 8
    built = {"cards": ["2C", "3D", "3H"], "value": 8, "owner": 0, "locked": False}
    nine = check(api, "classic", [built], "AD", "build", onto=["3H"], value=9,
                 hand=["AD", "9C"], player=1)
    assert nine["legal"] is True, nine
    assert nine["value"] == 9


def test_seed004_build_example_multiple_build_value_cannot_change(api):
    multiple = {"cards": ["8S", "3C", "5D"], "value": 8, "owner": 0, "locked": True}
    assert_illegal(check(api, "classic", [multiple], "AD", "build", onto=["8S"], value=9,
                         hand=["AD", "9C"], player=1))


def test_seed004_build_example_add_hand_and_table_cards_as_a_set(api):
    # holding a card that captures the build (8), add 6 from the hand with 2 from
    # the table: a second set of 8
    build = {"cards": ["5C", "3D"], "value": 8, "owner": 1, "locked": False}
    answer = check(api, "classic", [build, "2D"], "6S", "build", onto=["5C", "2D"], value=8,
                   hand=["6S", "8C"], player=0)
    assert answer["legal"] is True, answer
    assert answer["value"] == 8


def test_seed004_build_captured_only_as_a_unit(api):
    # "Bangunan hanya dapat ditangkap sebagai satu kesatuan dan tidak pernah secara
    # individu": a card of the build names the whole build of 6.
    build = {"cards": ["2C", "4D"], "value": 6, "owner": 1, "locked": False}
    table = [build, "9H"]
    assert_illegal(check(api, "classic", table, "4S", take=["4D"], player=0))
    assert_illegal(check(api, "classic", table, "2S", take=["2C"], player=0))
    assert_capture(check(api, "classic", table, "6C", take=["4D"], player=0), 6,
                   [["2C", "4D"]], sweep=False)


def test_seed004_capture_build_with_matching_loose_cards(api):
    build = {"cards": ["2C", "4D"], "value": 6, "owner": 0, "locked": False}
    table = [build, "6H", "5C", "AD"]
    answer = check(api, "classic", table, "6S", take=["2C", "6H", "5C", "AD"],
                   hand=["6S", "9D"], player=0)
    assert_capture(answer, 6, [["2C", "4D"], ["6H"], ["5C", "AD"]], sweep=True)


def test_seed004_owner_of_a_build_may_not_trail(api):
    build = {"cards": ["2C", "4D"], "value": 6, "owner": 0, "locked": False}
    answer = check(api, "classic", [build, "9H"], "10C", "trail", hand=["6S", "10C"],
                   player=0)
    assert_illegal(answer)
    assert says(answer["reason"], "build", "trail")


def test_seed004_may_not_leave_yourself_without_the_build_card(api):
    build = {"cards": ["2C", "4D"], "value": 6, "owner": 0, "locked": False}
    table = [build, "6H"]
    answer = check(api, "classic", table, "6S", take=["6H"], hand=["6S", "9D"], player=0)
    assert_illegal(answer)
    assert says(answer["reason"], "6")
    keeps = check(api, "classic", table, "6S", take=["6H"], hand=["6S", "6C", "9D"],
                  player=0)
    assert_capture(keeps, 6, [["6H"]], sweep=False)


def test_seed004_may_trail_a_card_that_could_capture(api):
    answer = check(api, "classic", ["9H", "5C"], "9S", "trail", hand=["9S", "3D"])
    assert answer["legal"] is True, answer
    assert alts(answer) == ordered(["9H"])


def test_seed004_scoring_eleven_most_cards_three(api):
    answer = score(
        api,
        "classic",
        scores=[14, 17],
        tallies=[
            tally(30, 5, ["AS", "AH"], big=True, sweeps=1, last=True),
            tally(22, 8, ["AD", "AC"], little=True),
        ],
    )
    one, two = answer["sides"]
    # no sweeps and no last-capture point in classic Casino
    assert_points(one, cards=3, spades=0, aces=2, big_casino=2, last_capture=0, sweeps=0,
                  total=7)
    assert_points(two, cards=0, spades=1, aces=2, little_casino=1, total=4)
    # 21 v 21: a tie at the target, another round is played
    assert answer["scores"] == [21, 21]
    assert answer["finished"] is False
    assert answer["winner"] is None
    tie = score(api, "classic", tallies=[tally(26, 7, ["AS", "AH"]),
                                         tally(26, 6, ["AD", "AC"], big=True, little=True)])
    assert [s["points"]["cards"] for s in tie["sides"]] == [0, 0]


def test_seed004_royal_courts_have_numbers(api):
    assert_capture(check(api, "royal", ["9D", "4H"], "KS", take=["9D", "4H"]), 13,
                   [["9D", "4H"]], sweep=True)
    queen = check(api, "royal", ["5C"], "7H", "build", onto=["5C"], value=12, hand=["7H", "QD"])
    assert queen["legal"] is True, queen
    assert queen["value"] == 12
    # holding an ace to build 14
    ace = check(api, "royal", ["9C"], "5D", "build", onto=["9C"], value=14, hand=["5D", "AH"])
    assert ace["legal"] is True, ace
    assert ace["value"] == 14


def test_seed004_royal_sweeps_option(api):
    tallies = [
        tally(30, 5, ["AS", "AH"], big=True, sweeps=1),
        tally(22, 8, ["AD", "AC"], little=True),
    ]
    plain = score(api, "royal", tallies=tallies)
    assert_points(plain["sides"][0], sweeps=0, total=7)
    with_sweeps = score(api, "royal", tallies=tallies, options={"royal_sweeps": True})
    assert_points(with_sweeps["sides"][0], sweeps=1, total=8)


def test_seed004_royal_count_out_cards_first(api):
    # 20 v 18: seat 1's most cards (3) bring it to 21 before seat 0 is credited
    # spades, casinos and aces, although seat 0's round is worth more.
    answer = score(
        api,
        "royal",
        scores=[20, 18],
        tallies=[
            tally(24, 8, ["AS", "AC"], big=True, little=True),
            tally(28, 5, ["AH", "AD"]),
        ],
    )
    assert [s["total"] for s in answer["sides"]] == [6, 5]
    assert answer["finished"] is True
    assert answer["winner"] == 1


def test_seed004_royal_count_out_spade_ace_before_club_ace(api):
    # 16 v 20, cards tied: spades +1 = 17, 10♦ +2 = 19, 2♠ +1 = 20 for seat 0;
    # then the aces in the order ♠ ♣ ♥ ♦: A♠ brings seat 0 to 21 before A♣ brings
    # seat 1 there, though seat 1 ends with 23.
    answer = score(
        api,
        "royal",
        scores=[16, 20],
        tallies=[
            tally(26, 7, ["AS"], big=True, little=True),
            tally(26, 6, ["AC", "AH", "AD"]),
        ],
    )
    assert [s["total"] for s in answer["sides"]] == [5, 3]
    assert answer["finished"] is True
    assert answer["winner"] == 0
