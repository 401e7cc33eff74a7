"""Known cases from RULES.md sections 2 and 3.1, checked against tests/reference.py."""

from __future__ import annotations

import pytest
from reference import (
    VARIANTS,
    capture_rank_key,
    capture_split,
    hand_values,
    is_legal_capture,
    legal_captures,
    maximal_captures,
    table_values,
)


def legal(variant, played, table, taken_codes):
    """Legality with the taken items given as codes (loose) or build indices."""
    idx = [t if isinstance(t, int) else table.index(t) for t in taken_codes]
    return is_legal_capture(variant, played, table, idx)


def maximal_codes(variant, played, table):
    out = set()
    for cap in maximal_captures(variant, played, table):
        codes = []
        for i in cap:
            item = table[i]
            codes.extend(item["cards"] if isinstance(item, dict) else [item])
        out.add(frozenset(codes))
    return out


def build(cards, value, owner=1):
    return {"cards": list(cards), "value": value, "owner": owner, "locked": False}


@pytest.mark.parametrize(
    "variant, code, hand, table",
    [
        ("swedish", "AS", {1, 14}, {1, 14}),
        ("swedish", "10D", {10}, {10}),
        ("swedish", "2S", {2}, {2}),
        ("swedish", "KH", {13}, {13}),
        ("overspader", "AH", {1, 14}, {1, 14}),
        ("mulle", "AH", {1, 14}, {1, 14}),
        ("finnish", "AH", {14}, {1}),
        ("finnish", "10D", {16}, {10}),
        ("finnish", "2S", {15}, {2}),
        ("finnish", "10H", {10}, {10}),
        ("finnish", "2H", {2}, {2}),
        ("norwegian", "AC", {14}, {1}),
        ("norwegian", "10D", {16}, {10}),
        ("norwegian", "2S", {15}, {2}),
        ("mulle-glimne", "AD", {14}, {1}),
        ("mulle-glimne", "10D", {16}, {10}),
        ("danish", "AS", {1, 14}, {1, 14}),
        ("danish", "10D", {10, 16}, {10, 16}),
        ("danish", "2S", {2, 15}, {2, 15}),
        ("danish", "2C", {2}, {2}),
        ("classic", "AS", {1}, {1}),
        ("classic", "10D", {10}, {10}),
        ("classic", "JD", set(), set()),
        ("classic", "KS", set(), set()),
        ("royal", "AS", {1, 14}, {1, 14}),
        ("royal", "QS", {12}, {12}),
        ("krypkasino", "AS", {14}, {1}),
        ("krypkasino", "10D", {10}, {10}),
        ("krypkasino", "2S", {2}, {2}),
        ("krypkasino", "JC", {11}, {11}),
    ],
)
def test_value_table(variant, code, hand, table):
    assert hand_values(variant, code) == hand
    assert table_values(variant, code) == table


def test_every_variant_has_values():
    for variant in VARIANTS:
        assert hand_values(variant, "7H") == {7}
        assert table_values(variant, "T7H".replace("T", "")) == {7}
        assert hand_values(variant, "TD") == hand_values(variant, "10d")


def test_no_double_counting_2358():
    table = ["2H", "3C", "5D", "8S"]
    assert legal("swedish", "10C", table, ["2H", "3C", "5D"])
    assert legal("swedish", "10C", table, ["2H", "8S"])
    assert not legal("swedish", "10C", table, table)
    assert not legal("swedish", "10C", table, ["3C", "5D"])
    assert maximal_codes("swedish", "10C", table) == {
        frozenset({"2H", "3C", "5D"}),
        frozenset({"2H", "8S"}),
    }


def test_several_groups_at_once():
    table = ["9S", "6C", "3D", "5H", "4C"]
    assert legal("swedish", "9H", table, table)
    v, groups = capture_split("swedish", "9H", table, range(5))
    assert v == 9
    assert sorted(groups) == [(0,), (1, 2), (3, 4)]
    assert not legal("swedish", "9H", table, ["9S", "6C"])
    assert maximal_codes("swedish", "9H", table) == {frozenset(table)}


def test_nordic_big_casino_and_little_casino_from_hand():
    for variant in ("norwegian", "finnish"):
        assert not legal(variant, "10D", ["10S"], ["10S"])
        assert legal(variant, "10D", ["10S", "6C"], ["10S", "6C"])
        assert legal(variant, "10D", ["KS", "3C"], ["KS", "3C"])
        assert not legal(variant, "2S", ["2H"], ["2H"])
        assert legal(variant, "2S", ["KH", "2H"], ["KH", "2H"])
        # on the table 2♠ is a 2 and 10♦ is a 10
        assert legal(variant, "2H", ["2S"], ["2S"])
        assert legal(variant, "10S", ["10D"], ["10D"])
        assert legal(variant, "10S", ["AD", "9C"], ["AD", "9C"])


def test_nordic_ace():
    for variant in ("norwegian", "finnish", "mulle-glimne", "krypkasino"):
        assert not legal(variant, "AS", ["AH"], ["AH"])
        assert legal(variant, "AS", ["KH", "AH"], ["KH", "AH"])
        assert legal(variant, "AS", ["9H", "5C"], ["9H", "5C"])
        assert not legal(variant, "AS", ["AH", "AC"], ["AH", "AC"])
        # a table ace is a 1
        assert legal(variant, "5S", ["AH", "4C"], ["AH", "4C"])
        assert not legal(variant, "AS", ["AH", "KC"], ["AH"])


def test_swedish_ace_both_ways():
    table = ["AH", "AC", "5D", "8S"]
    assert legal("swedish", "AS", table, table)
    v, groups = capture_split("swedish", "AS", table, range(4))
    assert v == 14
    assert sorted(groups) == [(0,), (1, 2, 3)] or sorted(groups) == [(0, 2, 3), (1,)]
    assert legal("swedish", "AS", ["AH"], ["AH"])
    assert legal("swedish", "AS", ["AH", "AC"], ["AH", "AC"])  # 1 | 1 or 14 | 14
    assert legal("swedish", "AS", ["KH", "AH"], ["KH", "AH"])  # 13+1 = 14
    assert legal("swedish", "5S", ["AH", "4C"], ["AH", "4C"])
    assert not legal("swedish", "AS", ["2H", "9C", "5D"], ["2H", "9C", "5D"])


def test_swedish_one_value_for_all_groups():
    # 9+5 = 14 and 1: as 14 the lone A counts 14 too, so it is legal;
    # 2 | 9+5 is not (2 is neither 1 nor 14).
    assert legal("swedish", "AS", ["AH", "9C", "5D"], ["AH", "9C", "5D"])
    assert not legal("swedish", "AS", ["3H", "9C", "5D"], ["3H", "9C", "5D"])
    # royal treats aces as swedish does
    assert legal("royal", "AS", ["AH", "9C", "5D"], ["AH", "9C", "5D"])


def test_danish_dual_values():
    assert legal("danish", "10D", ["10S"], ["10S"])
    assert legal("danish", "10D", ["10S", "6C"], ["10S", "6C"])
    assert legal("danish", "10D", ["10S", "6C", "KH", "3C"], ["10S", "6C", "KH", "3C"])
    assert not legal("danish", "10D", ["10S", "9C", "7H"], ["10S", "9C", "7H"])  # 10 | 16
    assert legal("danish", "2S", ["2H"], ["2H"])
    assert legal("danish", "2S", ["KH", "2H"], ["KH", "2H"])
    assert legal("danish", "AS", ["AH"], ["AH"])
    assert legal("danish", "AS", ["KH", "AH"], ["KH", "AH"])
    # on the table: 2♠ may be 15, 10♦ may be 16
    assert legal("danish", "KS", ["2S", "JH"], ["2S", "JH"])  # 2+11
    assert not legal("danish", "KS", ["2S", "AH"], ["2S", "AH"])  # 2|15 + 1|14
    assert legal("danish", "10S", ["10D"], ["10D"])
    assert legal("danish", "10C", ["2S", "8H"], ["2S", "8H"])
    assert legal("danish", "6C", ["AH", "5H"], ["AH", "5H"])
    assert legal("danish", "2S", ["AH", "AC"], ["AH", "AC"])  # 1+1 = 2 or 14+1 = 15
    assert legal("danish", "10D", ["2S", "AH"], ["2S", "AH"])  # 15+1 = 16


def test_danish_spade_five_clears():
    table = ["KH", "9C", build(["4D", "3H"], 7), "2C"]
    assert legal("danish", "5S", table, [0, 1, 2, 3])
    assert not legal("danish", "5S", table, [0, 1])
    assert maximal_captures("danish", "5S", table) == [frozenset(range(4))]
    assert not is_legal_capture("danish", "5S", table, range(4), five_clears=False)
    assert not legal("danish", "5H", table, [0, 1, 2, 3])
    assert not legal("swedish", "5S", ["KH", "9C", "2C"], [0, 1, 2])


def test_builds_are_groups_on_their_own():
    nine = build(["5H", "4C"], 9)
    table = ["9S", "6C", "3D", nine]
    assert legal("norwegian", "9H", table, [0, 1, 2, 3])
    assert legal("norwegian", "9H", table, [3])
    # a build is never part of a sum
    assert not legal("norwegian", "QH", ["3D", nine], [0, 1])
    # nor split
    assert not legal("norwegian", "5S", [nine], [0])
    assert not legal("norwegian", "4S", [nine], [0])
    # build of 14 captured by an ace in norwegian (14 from the hand)
    fourteen = build(["9D", "5C"], 14)
    assert legal("norwegian", "AH", [fourteen], [0])
    assert not legal("norwegian", "AH", [build(["AD", "3C"], 4)], [0])


def test_classic_court_cards():
    table = ["KH", "KD", "QS", "2C", "JH"]
    assert legal("classic", "KS", table, ["KH"])
    assert legal("classic", "KS", table, ["KD"])
    assert not legal("classic", "KS", table, ["KH", "KD"])
    assert not legal("classic", "KS", table, ["KH", "2C"])
    assert not legal("classic", "KS", table, ["QS"])
    assert maximal_codes("classic", "KS", table) == {frozenset({"KH"}), frozenset({"KD"})}
    # court cards on the table have no number
    assert not legal("classic", "2S", ["2C", "JH"], ["JH"])
    assert maximal_codes("classic", "2S", ["2C", "JH", "AC", "AD"]) == {
        frozenset({"2C", "AC", "AD"})
    }
    assert legal("classic", "AS", ["AH"], ["AH"])
    assert not legal("classic", "AS", ["KH", "AH"], ["KH", "AH"])


def test_empty_capture_is_not_legal():
    assert not is_legal_capture("swedish", "9H", ["9S"], [])
    assert not is_legal_capture("swedish", "9H", ["9S"], [0, 0])


def test_maximal_captures_are_not_strict_subsets():
    table = ["9S", "6C", "3D", "5H", "4C", "2D", "7H", "AC"]
    legal_ = legal_captures("swedish", "9H", table)
    maximal = maximal_captures("swedish", "9H", table)
    assert set(maximal) <= set(legal_)
    for cap in legal_:
        assert any(cap <= m for m in maximal)
    for a in maximal:
        for b in maximal:
            assert not a < b


def test_rank_key():
    # RULES 3.1: most cards, then most points (aces, casinos), then spades
    assert capture_rank_key("swedish", ["AS", "10D"]) == (2, 3, 1)
    assert capture_rank_key("swedish", ["2S", "3S", "4S"]) == (3, 1, 3)
    assert capture_rank_key("mulle-glimne", ["AS", "10D", "2S"]) == (3, 7, 2)
    assert capture_rank_key("mulle-glimne", ["AH", "5S", "4S"]) == (3, 2, 2)
    assert capture_rank_key("classic", ["AH", "10D", "2S", "3S"]) == (4, 4, 2)
    # Krypkasino: fewest penalty points first, a sweep's +5 among them (section 7)
    assert capture_rank_key("krypkasino", ["AH", "2D", "5C"]) == (-1, 3, 0)
    assert capture_rank_key("krypkasino", ["AH", "2D", "5C", "6H", "3C", "7D"],
                            sweep=True) == (-6, 6, 0)
    # Krypkasino: fewest penalty points first (10♦ 3, 2♠ 2, A♠ 2, other spades 1)
    assert capture_rank_key("krypkasino", ["AS", "10D", "2S", "3S"]) == (-8, 4, 0)
    assert capture_rank_key("krypkasino", ["4H", "3C"]) == (0, 2, 0)
