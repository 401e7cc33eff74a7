"""Capture values (RULES.md §2) and capture legality (§3.1), straight on the engine."""

from __future__ import annotations

import random

import pytest

from referee.rules.capture import MAX_OPTIONS, capture_options, check_capture
from referee.rules.cards import Card, CardError, UnknownRank, UnknownSuit, pack, parse_cards
from referee.rules.partition import (
    STEP_BUDGET,
    Budget,
    TooComplex,
    max_packings,
    packings,
    split_exact,
)
from referee.rules.reasons import Reason, Why
from referee.rules.round import IllegalPlay
from referee.rules.table import Build
from referee.rules.turn import Action, Play, Spot, judge, legal_plays, verify_play
from referee.rules.variants import (
    VARIANTS,
    Building,
    OptionError,
    UnknownVariant,
    get_rules,
    house_rules,
)

P = Card.parse


def cap(variant, card, table, take=None, options=None):
    rules = get_rules(variant, options)
    items = [t if isinstance(t, Build) else P(t) for t in table]
    take = list(range(len(items))) if take is None else take
    return check_capture(rules, P(card), items, take, Budget())


def options(variant, card, table):
    rules = get_rules(variant)
    items = [t if isinstance(t, Build) else P(t) for t in table]
    return [sorted(c.code for i in o for c in (items[i].cards if isinstance(items[i], Build)
                                               else (items[i],))) for o in
            capture_options(rules, P(card), items, Budget())]


# -- notation ---------------------------------------------------------------------

@pytest.mark.parametrize("text", ["10d", "TD", "td", "10♦", "10♦️", "♦10", " 10 D "])
def test_card_notation_is_lenient_on_input_and_canonical_on_output(text):
    assert P(text).code == "10D"


@pytest.mark.parametrize("text,error", [("1D", UnknownRank), ("11D", UnknownRank),
                                        ("10X", UnknownSuit), ("", CardError),
                                        ("KINGOFHEARTS", CardError)])
def test_card_that_does_not_exist_raises_a_card_error(text, error):
    with pytest.raises(error):
        P(text)


def test_two_packs_hold_every_card_twice():
    assert len(pack(2)) == 104 and pack(2).count(P("10D")) == 2


# -- values ------------------------------------------------------------------------

def test_norwegian_big_casino_from_the_hand_is_16_and_cannot_take_a_lone_ten():
    v = cap("norwegian", "10D", ["10S"])
    assert not v.legal and v.why.code is Why.HAND_VALUE and v.why.get("hand") == (16,)
    assert cap("norwegian", "10D", ["10S", "6C"]).legal  # 10 + 6 = 16


def test_norwegian_little_casino_from_the_hand_is_15_and_cannot_take_a_lone_two():
    assert not cap("norwegian", "2S", ["2D"]).legal
    assert cap("norwegian", "2S", ["KD", "2D"]).legal  # 13 + 2 = 15


def test_nordic_ace_from_the_hand_is_14_and_takes_king_and_ace():
    assert not cap("finnish", "AH", ["AS"]).legal
    v = cap("finnish", "AH", ["KS", "AS"])
    assert v.legal and v.value == 14


def test_swedish_ace_may_count_14_on_the_table_too():
    # seed 000 tabbe example 5: A played as 14 takes one table ace as 14 and 1+5+8.
    v = cap("swedish", "AH", ["AS", "AD", "5C", "8C"])
    assert v.legal and v.value == 14 and v.sweep
    assert sorted(len(g.items) for g in v.groups) == [1, 3]


def test_danish_big_casino_counts_10_or_16_everywhere():
    assert cap("danish", "10D", ["10S"]).legal
    assert cap("danish", "10D", ["10S", "6C"]).legal
    assert cap("danish", "6C", ["10D"], options=None).legal is False
    assert cap("danish", "KC", ["10D", "3S"]).legal  # 10 + 3 = 13


def test_a_number_card_taking_a_court_card_is_told_it_has_no_number():
    # seed 004: a court card has no number in Casino, so 10♣ cannot take 2♦+K♠ whatever
    # the sum; the reason names the king, not the groups of 10 (Norwegian review)
    v = cap("classic", "10C", ["2D", "KS"])
    assert not v.legal and v.why == Reason.of(Why.NO_NUMBER, card=P("KS"))
    assert cap("royal", "KC", ["2D", "JS"]).legal  # Royal Casino's courts count 11 to 13


def test_classic_court_cards_pair_one_card_of_their_rank():
    assert cap("classic", "QH", ["QS"]).legal
    assert not cap("classic", "QH", ["QS", "QD"]).legal
    assert not cap("classic", "KH", ["10S", "3D"]).legal
    assert options("classic", "QH", ["QS", "QD", "5C"]) == [["QD"], ["QS"]] or options(
        "classic", "QH", ["QS", "QD", "5C"]) == [["QS"], ["QD"]]


def test_royal_courts_have_numbers():
    assert cap("royal", "KH", ["10S", "3D"]).legal


# -- splitting ------------------------------------------------------------------------

def test_a_card_cannot_be_counted_twice():
    # table 2 3 5 8 and a 10: 2+3+5 or 2+8, never all four
    assert cap("swedish", "10H", ["2C", "3C", "5C", "8C"], [0, 1, 2]).legal
    assert cap("swedish", "10H", ["2C", "3C", "5C", "8C"], [0, 3]).legal
    bad = cap("swedish", "10H", ["2C", "3C", "5C", "8C"])
    assert not bad.legal and bad.why.get("total") == 18
    assert options("swedish", "10H", ["2C", "3C", "5C", "8C"]) == [
        ["2C", "3C", "5C"], ["2C", "8C"]]


def test_several_groups_at_once():
    v = cap("norwegian", "9H", ["9S", "6C", "3D", "5H", "4C"])
    assert v.legal and v.sweep and len(v.groups) == 3


def test_a_build_is_never_split_or_summed():
    b = Build(tuple(parse_cards(["5H", "4C"])), 9, 1)
    assert cap("norwegian", "9H", [b]).legal
    assert not cap("norwegian", "5D", [b, "9C"], [0]).legal
    assert not cap("norwegian", "KD", ["4D", b]).legal  # 4 + build of 9 is not 13


def test_illegal_capture_explains_what_is_left_over():
    v = cap("swedish", "9H", ["6C", "4D", "2H"])
    assert not v.legal
    # 6+4+2 = 12 cannot be split into 9s: 3 is left over (RULES.md 3.1)
    assert v.why == Reason.of(Why.SUM_NOT, cards=(P("6C"), P("4D"), P("2H")), total=12, value=9)
    assert Reason.of(Why.LEFT_OVER_SUM, sum=12, total=3, value=9) in v.detail


def test_capture_taking_nothing_is_not_a_capture():
    assert not cap("swedish", "9H", ["9C"], []).legal


def test_alternatives_are_maximal_and_best_first():
    # 7 on 5H 5S 2C: take 5♠+2♣ (a spade) before 5♥+2♣
    assert options("swedish", "7D", ["5H", "5S", "2C"]) == [["2C", "5S"], ["2C", "5H"]]
    # point value first: 5+3+A (an ace, 1 point) before 5+2+2 (none); both share the 5
    assert options("swedish", "9S", ["5C", "3H", "AH", "2D", "2H"]) == [
        ["3H", "5C", "AH"], ["2D", "2H", "5C"]]


def test_krypkasino_capture_must_be_complete():
    assert not cap("krypkasino", "9H", ["9C", "4D", "5S"], [0]).legal
    assert cap("krypkasino", "9H", ["9C", "4D", "5S"]).legal


# -- variants and options ---------------------------------------------------------------

def test_unknown_variant_and_option_are_refused():
    with pytest.raises(UnknownVariant):
        get_rules("poker")
    with pytest.raises(OptionError):
        get_rules("swedish", {"target": "many"})
    with pytest.raises(OptionError):
        get_rules("krypkasino", {"building": "nordic"})
    with pytest.raises(OptionError):
        get_rules("swedish", {"royal_sweeps": True})


def test_the_house_rules_each_variant_takes():
    # Krypkasino: no building, no sweeps scored, no majorities (RULES §7): none at all
    assert house_rules("krypkasino") == ()
    assert all(house_rules("krypkasino", b) == () for b in Building)
    # Finnish sweeps always cancel (RULES §5): that is not the table's to change
    assert "sweep_cancellation" not in house_rules("finnish")
    # Royal Casino's sweeps are its option alone (RULES §6)
    assert [v for v in VARIANTS if "royal_sweeps" in house_rules(v)] == ["royal"]
    # a variant without building takes the build rules only with a building chosen
    assert "multiple_builds" not in house_rules("swedish")
    assert "multiple_builds" in house_rules("swedish", Building.NORDIC)
    assert "multiple_builds" not in house_rules("norwegian", Building.NONE)
    # Mulle (Kortspelshandboken) scores no ace but A♠ as a spade (RULES §6)
    assert "most_aces" not in house_rules("mulle-glimne")


def test_house_rule_switches_building_mode():
    rules = get_rules("swedish", {"building": "nordic"})
    assert rules.building.value == "nordic"


# -- the solver -----------------------------------------------------------------------

def test_split_exact_handles_dual_values_per_card():
    assert split_exact([(1, 14), (13,)], 14, Budget()) == [[(0, 1), (1, 13)]]


def test_solver_refuses_absurd_positions_instead_of_running_forever():
    values = [(1, 14)] * 60 + [(2, 15)] * 40
    with pytest.raises(TooComplex):
        max_packings(values, [str(i) for i in range(100)], 16, Budget())
    assert STEP_BUDGET > 10_000


def test_krypkasino_compulsion_is_the_played_cards_not_the_hands_rules_7():
    # "a card that can capture must ... Only a card that captures nothing may trail": the
    # rule is read of the card played, so a player holding 8♥ (2+6) may still trail a 3♣,
    # which takes nothing here; the 8♥ itself may not be trailed
    s = Spot(get_rules("krypkasino"), 0, tuple(parse_cards(["2D", "6C"])))
    hand = parse_cards(["3C", "8H"])
    assert judge(s, Play(P("3C"), Action.TRAIL), hand=hand).legal
    refused = judge(s, Play(P("8H"), Action.TRAIL), hand=hand)
    assert not refused.legal and refused.why.code is Why.CAPTURE_COMPULSORY


def test_krypkasino_maximal_capture_leaves_no_group_of_its_value_rules_7():
    # RULES §7's worked example: an 8 on A 2 5 6 3 7. A+2+5 is legal (6, 3 and 7 make no
    # 8) although A+7, 2+6 and 3+5 would take everything; 3+5 is not (A+7 would remain).
    table = ["AC", "2D", "5H", "6C", "3D", "7S"]
    assert cap("krypkasino", "8H", table, [0, 1, 2]).legal
    assert cap("krypkasino", "8H", table).legal
    refused = cap("krypkasino", "8H", table, [2, 4])
    assert not refused.legal
    assert refused.why.code is Why.NOT_MAXIMAL and refused.why.get("value") == 8
    assert refused.why.get("items") in ((P("AC"), P("7S")), (P("2D"), P("6C")))


def test_explanation_names_a_card_too_big_for_the_value():
    v = cap("swedish", "5S", ["9D", "KH"], [0])
    assert not v.legal and v.why == Reason.of(Why.CARD_TOO_BIG, card=P("9D"), value=5)


def test_sisten_is_sweep_does_not_apply_where_it_cannot_score():
    with pytest.raises(OptionError):
        get_rules("finnish", {"sisten_is_sweep": True})
    with pytest.raises(OptionError):
        get_rules("krypkasino", {"sweep_cancellation": True})


def test_sisten_is_sweep_is_a_house_rule_wherever_last_deal_sweeps_score():
    # RULES §5 names it for Norwegian; the other variants may agree on it (DECISIONS)
    for variant in ("norwegian", "swedish", "danish", "overspader", "mulle"):
        assert get_rules(variant, {"sisten_is_sweep": True}).sisten_is_sweep
        assert not get_rules(variant).sisten_is_sweep


# -- the order of the alternatives (RULES §3.1) -------------------------------------

def test_alternatives_most_cards_first_then_points_rules_3_1():
    # Q♠ (12) on 2♦ 7♣ K♠ 10♦ 3♠: 2♦+7♣+3♠ takes three cards, 2♦+10♦ two cards worth 2
    # points; most cards come first, points only break a tie in cards
    assert options("swedish", "QS", ["2D", "7C", "KS", "10D", "3S"]) == [
        ["2D", "3S", "7C"], ["10D", "2D"],
    ]


def test_alternatives_in_krypkasino_fewest_penalty_points_first_rules_3_1():
    # A♠ counts 14 from the hand: 6♠+8♥ costs 1 penalty point, 2♠+8♥+4♥ costs 2
    assert options("krypkasino", "AS", ["2S", "7C", "6S", "8H", "4H"]) == [
        ["6S", "8H"], ["2S", "4H", "8H"],
    ]


def test_alternatives_in_krypkasino_count_a_sweeps_penalty_rules_3_1_and_7():
    """RULES §7: a sweep gives the sweeper +5. Taking the whole table costs its cards'
    penalty points and those 5: the 8♥ on A♥ 2♦ 5♣ 6♥ 3♣ 7♦ costs 1 (A♥) for A+2+5, and
    1 + 5 for the whole table, so A+2+5 comes first though the sweep takes more cards."""
    assert options("krypkasino", "8H", ["AH", "2D", "5C", "6H", "3C", "7D"]) == [
        ["2D", "5C", "AH"], ["2D", "3C", "5C", "6H", "7D", "AH"],
    ]


def test_alternatives_count_the_cards_of_a_build():
    # a build of two aces is one item but two cards (and two points): it ranks as two
    # cards, ahead of 7♠+8♠ which has no points
    table = [Build((P("AS"), P("AH")), 2, 1), Build((P("6S"), P("2H")), 8, 1),
             "3S", "4S", "5S", "7S", "8S", "9S"]
    found = options("danish", "2S", table)
    assert found.index(["AH", "AS"]) < found.index(["7S", "8S"])


def test_one_budget_serves_every_search_of_a_request():
    rules = get_rules("swedish")
    table = [P(c) for c in ("AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S")]
    budget = Budget()
    capture_options(rules, P("10D"), table, budget)
    after_options = budget.left
    check_capture(rules, P("10D"), table, [0, 8], budget)
    assert budget.left < after_options < STEP_BUDGET
    with pytest.raises(TooComplex):  # a budget already spent refuses the next search
        check_capture(rules, P("10D"), table, list(range(9)), Budget(10, 0))


def test_krypkasino_alternatives_are_every_capture_rules_7_allows():
    # RULES §7: an 8 on A♣ 2♦ 5♥ 6♣ 3♠ 7♦. A+2+5 leaves 6, 3 and 7, which make no 8: it is
    # legal, though A+7, 2+6 and 3+5 would take the whole table. Both are offered, the
    # fewer penalty points first (§3.1): A+2+5 costs 1 (A♣), the whole table 2 (A♣, 3♠)
    table = ["AC", "2D", "5H", "6C", "3S", "7D"]
    assert cap("krypkasino", "8H", table, [0, 1, 2]).legal
    assert options("krypkasino", "8H", table) == [
        ["2D", "5H", "AC"], ["2D", "3S", "5H", "6C", "7D", "AC"]]
    # 3+5 leaves A+7: not legal, and not offered
    assert not cap("krypkasino", "8H", table, [2, 4]).legal


def test_krypkasino_one_tap_choices_are_every_capture_rules_7_allows():
    rules = get_rules("krypkasino")
    table = tuple(parse_cards(["AC", "2D", "5H", "6C", "3S", "7D"]))
    plays = legal_plays(Spot(rules, 0, table), P("8H"))
    assert [p.refs for p in plays] == [(0, 1, 2), (0, 1, 2, 3, 4, 5)]
    assert all(judge(Spot(rules, 0, table), p).legal for p in plays)


def test_mulle_the_lone_identical_card_is_offered_beside_the_larger_capture_rules_6():
    # RULES §6: a mulle is the identical card taken alone (5 points). 7♥ on 7♥ 3♣ 4♣ may
    # take all three, or the 7♥ alone for the mulle; most cards first (§3.1)
    assert options("mulle", "7H", ["7H", "3C", "4C"]) == [["3C", "4C", "7H"], ["7H"]]
    # with an ace of two values: A♥ alone (as 1 or 14) is the mulle, A♥+K♣ the larger one
    assert options("mulle", "AH", ["AH", "KC"]) == [["AH", "KC"], ["AH"]]


def test_mulle_is_offered_even_when_the_list_is_full_rules_6():
    # 144 captures of eleven cards (which two of four 6s with the aces, and so on), all
    # holding 7♥: the mulle, one card, ranks last and still has its place
    table = ["7H", "AC", "AD", "6C", "6D", "6S", "6H", "2C", "2D", "5C", "5D", "5S", "5H",
             "3C", "4C", "4D", "4S", "4H"]
    found = options("mulle", "7H", table)
    assert len(found) == MAX_OPTIONS and found[-1] == ["7H"]
    assert all(len(option) == 11 for option in found[:-1])


def _norwegian_king_position():
    """K♦ on 28 loose cards of 7 or less and two builds: a search far beyond the budget."""
    loose = [c for c in pack() if c.rank <= 7][:28]
    rest = [c for c in pack() if c.rank > 7 and c != P("KD")]
    table = (*loose, Build(tuple(rest[:2]), 13, 0), Build(tuple(rest[2:4]), 9, 0))
    return Spot(get_rules("norwegian"), 1, table)


def test_a_spent_budget_still_offers_the_capture_found_and_what_it_can_judge():
    spot = _norwegian_king_position()
    budget = Budget()
    plays = legal_plays(spot, P("KD"), budget)
    assert budget.left < 0  # the search for the captures ran out
    assert plays[0].action is Action.CAPTURE
    assert Play(P("KD"), Action.TRAIL) in plays
    for offered in plays:  # never a play the referee then refuses
        assert judge(spot, offered).legal, offered


def test_a_krypkasino_card_that_can_capture_is_never_offered_the_trail():
    rules = get_rules("krypkasino")
    table = tuple(pack(2)[:90])
    spot = Spot(rules, 0, table)
    plays = legal_plays(spot, P("AH"), Budget())
    assert plays and all(p.action is Action.CAPTURE for p in plays)
    assert all(judge(spot, p).legal for p in plays)
    assert not judge(spot, Play(P("AH"), Action.TRAIL)).legal


def test_a_refused_play_and_the_choices_after_it_search_once():
    # the round page judges a refused claim, then offers the card's plays: one search
    rules = get_rules("swedish")
    table = tuple(parse_cards(["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S"]))
    spot = Spot(rules, 0, table)
    budget = Budget()
    with pytest.raises(IllegalPlay) as refused:
        verify_play(spot, Play(P("10D"), Action.CAPTURE, (0,)), None, budget)
    left = budget.left
    plays = legal_plays(spot, P("10D"), budget)
    assert left - budget.left < 100  # only the trail judged, no second search
    assert [p.refs for p in plays if p.action is Action.CAPTURE] == list(
        refused.value.verdict.options)



def test_the_two_searches_find_the_same_krypkasino_captures_rules_7():
    # a small table is searched on bitmaps, a large one over count vectors (cards of one
    # value interchangeable): on the same small tables both find the same captures, each
    # of which leaves no 8 on the table
    rng = random.Random(7)
    for _ in range(200):
        values = [(rng.randint(1, 8),) for _ in range(rng.randint(1, 10))]
        by_bitmaps = packings(values, range(len(values)), 8, Budget(), complete=True)
        by_counts = max_packings(values, values, 8, Budget(), complete=True)
        assert by_bitmaps == by_counts, values
        for found in by_bitmaps:
            rest = [values[i] for i in range(len(values)) if i not in found]
            assert split_exact([values[i] for i in found], 8, Budget()) is not None
            assert not packings(rest, range(len(rest)), 8, Budget())
