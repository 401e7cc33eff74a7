"""The round (RULES.md §4–5, §9) and scoring (§6–7) on the engine; how a match ends (§8)
is in test_match_end.py."""

from __future__ import annotations

import pytest
from conftest import P, play, tally

from referee.rules.cards import pack, parse_cards
from referee.rules.notes import Say
from referee.rules.reasons import Reason, Why
from referee.rules.round import (
    DuplicateCard,
    IllegalPlay,
    RoundOver,
    RoundState,
    SweepNote,
    TableSizeError,
    deal_schedule,
    sides_of,
)
from referee.rules.scoring import Category, Tally, cancel_sweeps, score_round
from referee.rules.turn import Action, Play, Spot, judge
from referee.rules.variants import OptionError, get_rules

# -- deals --------------------------------------------------------------------------

@pytest.mark.parametrize("variant,players,table,deals,last", [
    ("swedish", 2, 4, 6, [4, 4]),
    ("swedish", 3, 4, 4, [4, 4, 4]),
    ("swedish", 4, 4, 3, [4, 4, 4, 4]),
    ("norwegian", 5, 2, 3, [4, 4, 4, 4, 4]),
    ("mulle", 2, 5, 10, [5, 4]),  # 99 = 9 x 10 + 9: left of the dealer gets 5
    ("mulle-glimne", 2, 8, 12, [4, 4]),
    ("krypkasino", 2, 4, 13, [2, 2]),  # 100 = 12 x 8 + 4
    ("krypkasino", 3, 4, 9, [2, 1, 1]),  # 100 = 8 x 12 + 4, dealer seat 2 gets fewer
    ("krypkasino", 5, 4, 5, [4, 4, 4, 4, 4]),  # 100 = 5 x 20
    ("krypkasino", 6, 4, 5, [1, 1, 1, 1, 0, 0]),  # 100 = 4 x 24 + 4, from the dealer's left
])
def test_deal_schedule(variant, players, table, deals, last):
    dealer = players - 1
    size, schedule = deal_schedule(get_rules(variant), players, dealer)
    assert size == table and len(schedule) == deals
    assert schedule[-1] == last
    assert size + sum(map(sum, schedule)) == len(pack(get_rules(variant).packs))


@pytest.mark.parametrize("players", [5, 6])
def test_krypkasino_five_or_six_players_may_each_play_alone(players):
    # RULES §6 names 6 in partnerships; with two packs each may also play alone (DECISIONS)
    r = RoundState(get_rules("krypkasino"), players=players, dealer=players - 1)
    assert r.sides == [[seat] for seat in range(players)]


def test_norwegian_five_players_start_with_a_half_deal_of_two():
    _, schedule = deal_schedule(get_rules("norwegian"), 5, 0)
    assert schedule[0] == [2] * 5


def test_short_final_deal_goes_first_to_the_left_of_the_dealer():
    _, schedule = deal_schedule(get_rules("krypkasino"), 3, 0)
    assert schedule[-1] == [1, 2, 1]  # 4 cards: seats 1, 2, 0, 1


def test_first_play_is_left_of_the_dealer_and_turns_go_clockwise():
    r = RoundState(get_rules("swedish"), players=3, dealer=0)
    r.start(parse_cards(["2C", "3C", "4C", "5C"]))
    assert r.turn == 1
    r.play(play("KD"))
    assert r.turn == 2
    r.play(play("KS"))
    assert r.turn == 0


def test_wrong_turn_is_an_illegal_play():
    r = RoundState(get_rules("swedish"), players=2, dealer=1)
    r.start(parse_cards(["2C", "3C", "4C", "5C"]))
    with pytest.raises(IllegalPlay, match="out_of_turn"):
        r.play(play("KD"), player=1)


def test_a_card_turns_up_only_once():
    r = RoundState(get_rules("swedish"), players=2, dealer=1)
    r.start(parse_cards(["2C", "3C", "4C", "5C"]))
    with pytest.raises(DuplicateCard):
        r.play(play("2C"))
    with pytest.raises(DuplicateCard):
        RoundState(get_rules("swedish"), players=2).start(parse_cards(["2C", "2C", "4C", "5C"]))


def test_two_packs_allow_each_card_twice():
    r = RoundState(get_rules("mulle"), players=2, dealer=1)
    r.start(parse_cards(["2C", "2C", "4C", "5C", "6C"]))
    with pytest.raises(DuplicateCard):
        r.play(play("2C"))


def test_first_table_must_have_the_variant_size():
    with pytest.raises(TableSizeError):
        RoundState(get_rules("swedish"), players=2).start(parse_cards(["2C", "3C"]))


def test_players_outside_the_variant_range_are_refused():
    with pytest.raises(OptionError):
        RoundState(get_rules("swedish"), players=5)


def _whole_round(variant, players=2, captures=None, scores=None, options=None):
    """Every card played in pack order; ``captures`` maps play index -> refs."""
    rules = get_rules(variant, options)
    r = RoundState(rules, players=players, dealer=players - 1, scores=scores)
    cards = pack(rules.packs)
    r.start(cards[: r.table_size])
    for i, card in enumerate(cards[r.table_size:]):
        refs = (captures or {}).get(i)
        r.play(Play(card, Action.CAPTURE if refs is not None else Action.TRAIL,
                    tuple(refs or ())))
    return r


def test_round_ends_after_every_card_and_accounts_for_the_pack():
    r = RoundState(get_rules("swedish"), players=2, dealer=1)
    cards = pack()
    # the pack order: AS..KS, AC..KC, AH..KH, AD..KD; the table gets AS 2S 3S 4S
    r.start(cards[:4])
    r.play(Play(cards[4], Action.CAPTURE, (0, 3)))  # 5♠ takes 4♠+A♠
    assert r.records[0].verdict.legal
    with pytest.raises(IllegalPlay):
        r.play(Play(P("KH"), Action.CAPTURE, (0,)))


def test_leftover_cards_go_to_the_last_capturer_without_a_sweep():
    # seed 000 end example 1: last capture takes 9; the 2 left is inherited: sisten, no tabbe
    r = RoundState(get_rules("swedish"), players=2, dealer=1)
    deck = pack()
    r.start(deck[:4])
    for card in deck[4:-1]:
        r.play(Play(card, Action.TRAIL))
    last = deck[-1]  # KD
    r.play(Play(last, Action.CAPTURE, (r.table.index(P("KS")),)))
    assert r.finished and r.last_capturer == 1
    assert len(r.piles[1]) == 52 and r.piles[0] == []
    assert r.sweeps == [[], []]
    result, _ = r.score()
    assert result.points[1]["last_capture"] == 1 and result.points[1]["sweeps"] == 0


def test_nobody_captured_means_the_leftover_scores_for_nobody():
    r = RoundState(get_rules("swedish"), players=2, dealer=1)
    deck = pack()
    r.start(deck[:4])
    for card in deck[4:]:
        r.play(Play(card, Action.TRAIL))
    assert r.finished and r.piles == [[], []]
    result, _ = r.score()
    assert list(result.totals) == [0, 0]


def test_play_after_the_round_is_refused():
    r = RoundState(get_rules("swedish"), players=2, dealer=1)
    deck = pack()
    r.start(deck[:4])
    for card in deck[4:]:
        r.play(Play(card, Action.TRAIL))
    with pytest.raises(RoundOver):
        r.play(Play(P("AS"), Action.TRAIL))


def test_finnish_sweep_in_the_last_deal_does_not_score():
    # Seed 16 shuffles a pack where greedy play sweeps once early and once in the last deal.
    import random

    from referee.rules.capture import capture_options
    from referee.rules.partition import Budget

    rules = get_rules("finnish")
    deck = pack()
    random.Random(16).shuffle(deck)
    r = RoundState(rules, players=2, dealer=1)
    r.start(deck[:4])
    for card in deck[4:]:
        options = capture_options(rules, card, r.table, Budget())
        full = [o for o in options if len(o) == len(r.table)]
        pick = full[0] if full else (options[0] if options else None)
        r.play(Play(card, Action.CAPTURE, pick) if pick else Play(card, Action.TRAIL))
    sweeps = [s for side in r.sweeps for s in side]
    last = [s for s in sweeps if s.deal == r.deals]
    early = [s for s in sweeps if s.deal < r.deals]
    assert last and early
    assert all(not s.scored and s.note is SweepNote.LAST_DEAL for s in last)
    assert all(s.scored for s in early)


def test_finnish_sweep_does_not_score_when_a_side_has_ten():
    rules = get_rules("finnish")
    r = RoundState(rules, players=2, dealer=1, scores=[10, 0])
    r.start(parse_cards(["9C", "5C", "3D", "7H"]))
    r.play(play("9D", "capture", [0]))
    r.play(play("5H", "capture", [0]))
    r.play(play("10S", "capture", [0, 1]))  # 3 + 7 = 10 clears the table: seat 0 sweeps
    sweeps = r.sweeps[0]
    assert len(sweeps) == 1 and not sweeps[0].scored


def test_an_odd_number_of_players_in_pairs_is_refused_as_pairs():
    # Krypkasino seats 5 alone, but not in pairs: said of the pairs asked for, not as
    # "5 players cannot sit as 2 sides of equal size"
    with pytest.raises(OptionError) as refused:
        sides_of(get_rules("krypkasino", {"partnerships": True}), 5)
    assert refused.value.why == Reason.of(Why.PAIRS_ODD, players=5)
    assert sides_of(get_rules("krypkasino", {"partnerships": True}), 6) == [[0, 3], [1, 4],
                                                                             [2, 5]]


@pytest.mark.parametrize(("target", "before", "scored"), [
    (21, 10, False), (21, 9, True), (30, 12, False), (8, 7, True),
])
def test_finnish_freeze_is_ten_whatever_the_target(target, before, scored):
    # RULES §5 gives the number, 10, not a share of the target: a target of 21 or 30 still
    # freezes sweeps at 10; below 10 the match ends at its target before any freeze
    rules = get_rules("finnish", {"target": target})
    r = RoundState(rules, players=2, dealer=1, scores=[before, 0])
    r.start(parse_cards(["9C", "5C", "3D", "7H"]))
    r.play(play("9D", "capture", [0]))
    r.play(play("5H", "capture", [0]))
    r.play(play("10S", "capture", [0, 1]))  # 3 + 7 = 10 clears the table: seat 0 sweeps
    assert [s.scored for s in r.sweeps[0]] == [scored]


def test_finnish_immediate_points_of_earlier_captures_count_toward_ten():
    rules = get_rules("finnish")
    r = RoundState(rules, players=2, dealer=1, scores=[8, 0])
    r.start(parse_cards(["KC", "AC", "3D", "7H"]))
    r.play(play("AS", "capture", [0, 1]))  # 13 + 1 = 14: seat 0 takes two aces: 8 + 2 = 10
    r.play(play("10S", "capture", [0, 1]))  # seat 1 clears 3 + 7: a sweep, but 10 reached
    assert r.immediate == [2, 0]
    assert not r.sweeps[1][0].scored


def test_krypkasino_sweep_gives_plus_five_and_minus_five_to_the_player_before():
    rules = get_rules("krypkasino")
    r = RoundState(rules, players=2, dealer=1)
    r.start(parse_cards(["2C", "3C", "4C", "KD"]))
    r.play(play("KS", "capture", [3]))  # compulsory
    r.play(play("9D", "capture", [0, 1, 2]))  # 2+3+4 = 9 clears the table: seat 1 sweeps
    assert r.sweep_points == [-5, 5]


@pytest.mark.parametrize("players", [2, 3])
def test_krypkasino_sweep_on_the_first_play_costs_the_dealer_rules_7(players):
    # RULES §7: "a sweep gives the sweeper +5 and the player before them −5"; before the
    # first player (left of the dealer) in turn order sits the dealer
    rules = get_rules("krypkasino")
    dealer = players - 1
    r = RoundState(rules, players=players, dealer=dealer)
    r.start(parse_cards(["3C", "6D", "4H", "5S"]))
    r.play(play("9H", "capture", [0, 1, 2, 3]))  # 3+6 | 4+5 clears the table: seat 0
    assert r.sweep_points[0] == 5 and r.sweep_points[dealer] == -5
    assert sum(r.sweep_points) == 0
    # a tally of the same sweep charges the same seat
    aces = tuple(parse_cards(["AS", "AH", "AD", "AC"]))
    sweeper = Tally(52, 13, aces, 1, 1, 1, False)  # one pack each way, one sweep
    other = Tally(52, 13, aces, 1, 1, 0, False)
    nothing = Tally(0, 0, (), 0, 0, 0, False)
    score = score_round(rules, [sweeper, other, nothing][:players], [0] * players)
    assert score.points[0][Category.SWEEPS] == 5 and score.points[dealer][Category.SWEEPS] == -5


def _sweep_notes(score):
    """The Krypkasino sweep lines of a round's score: (side, own, charged, points)."""
    said = [dict(n.params) for n in score.explanation if n.code is Say.PENALTY_SWEEPS]
    return [(p["side"], p["own"], p["charged"], p["points"]) for p in said]


def test_krypkasino_sweep_lines_tell_a_sides_own_sweeps_from_the_next_players():
    # three players tallied: Anna one sweep and one dubbeltabbe (+5 +10), Bo one sweep
    # (+5), Cia none. Before Anna sits Cia, before Bo Anna (RULES §7: −5, −10 to the
    # player before): Anna +15 −5, Bo +5, Cia −15 though she swept nothing
    rules = get_rules("krypkasino")
    anna = Tally(40, 10, (), 1, 1, 2, False, double_sweeps=1)
    bo = Tally(40, 10, (), 1, 1, 1, False)
    cia = Tally(24, 6, (), 0, 0, 0, False)
    score = score_round(rules, [anna, bo, cia], [0, 0, 0])
    assert _sweep_notes(score) == [(0, 15, -5, 10), (1, 5, 0, 5), (2, 0, -15, -15)]
    assert [score.points[i][Category.SWEEPS] for i in range(3)] == [10, 5, -15]


def test_krypkasino_sweep_lines_of_a_round_played_tell_the_same_apart():
    # seat 1 (Bo) sweeps on the first play: +5 to him, −5 to the dealer before him (seat
    # 0, Anna); Cia trails 7♠ on the empty table and Anna takes it alone with the other
    # pack's 7♠, a dubbeltabbe: +10 to Anna, −10 to Cia before her
    rules = get_rules("krypkasino")
    r = RoundState(rules, players=3, dealer=0)
    r.start(parse_cards(["2C", "3D", "4H", "5C"]))
    r.play(play("AH", "capture", [0, 1, 2, 3]))  # 14 = 2+3+4+5: Bo sweeps
    r.play(play("7S", "trail"))  # Cia: the table is empty
    r.play(play("7S", "capture", [0]))  # Anna: the twin
    assert r.sweep_points == [5, 5, -10]
    score = score_round(rules, r.tallies(), [0, 0, 0])
    assert _sweep_notes(score) == [(0, 10, -5, 5), (1, 5, 0, 5), (2, 0, -10, -10)]


def test_krypkasino_dubbeltabbe_is_ten():
    rules = get_rules("krypkasino")
    r = RoundState(rules, players=2, dealer=1)
    r.start(parse_cards(["2C", "3C", "4C", "KD"]))
    r.play(play("9D", "capture", [0, 1, 2]))  # leaves KD alone
    r.play(play("KD", "capture", [0]))  # the identical twin takes the lone card
    assert r.sweep_points == [-10, 10]


def test_mulle_is_the_identical_card_taken_alone():
    rules = get_rules("mulle")
    r = RoundState(rules, players=2, dealer=1)
    r.start(parse_cards(["9C", "2C", "3C", "4C", "KD"]))
    r.play(play("9C", "capture", [0]))
    assert r.mulle == [5, 0]
    r.play(play("9D", "capture", [0, 1, 2]))  # 2+3+4: not a mulle
    assert r.mulle == [5, 0]


def test_mulle_glimne_scores_the_hand_value_with_other_cards():
    rules = get_rules("mulle-glimne")
    r = RoundState(rules, players=2, dealer=1)
    r.start(parse_cards(["AH", "KC", "2C", "3C", "4C", "5C", "6C", "7C"]))
    r.play(play("AH", "capture", [0, 1]))  # ace-mulle: A♥ (14) takes A♥ (1) + K (13)
    assert r.mulle == [14, 0]


# -- scoring -------------------------------------------------------------------------

def test_cancellation_keeps_each_count_less_the_smallest():
    assert cancel_sweeps([3, 1]) == [2, 0]
    assert cancel_sweeps([2, 1, 1]) == [1, 0, 0]
    assert cancel_sweeps([2, 1, 0]) == [2, 1, 0]


def test_finnish_sweeps_always_cancel_danish_by_default_rules_5():
    # RULES §5: cancellation "(finnish; danish by default; option elsewhere)"
    assert get_rules("finnish").sweep_cancellation
    assert get_rules("finnish", {"sweep_cancellation": True}).sweep_cancellation
    with pytest.raises(OptionError) as refused:
        get_rules("finnish", {"sweep_cancellation": False})
    assert refused.value.option == "sweep_cancellation"
    assert get_rules("danish").sweep_cancellation
    assert not get_rules("danish", {"sweep_cancellation": False}).sweep_cancellation
    assert get_rules("swedish", {"sweep_cancellation": True}).sweep_cancellation


def test_tied_majorities_give_nobody_the_point():
    rules = get_rules("swedish")
    a = tally(26, 7, ["AS", "AH"], big=1)
    b = tally(26, 6, ["AD", "AC"], little=1, last=True)
    result = score_round(rules, [a, b], [0, 0])
    assert list(result.totals) == [2 + 2 + 2, 2 + 1 + 1]  # spades 2, aces 2, big 2 / aces, 2S, last
    assert result.points[0]["cards"] == 0 and result.points[1]["cards"] == 0


def test_tie_carry_over_gives_the_next_winner_the_tied_point():
    rules = get_rules("swedish", {"tie_carry_over": True})
    a = tally(26, 7, ["AS", "AH"], big=1)
    b = tally(26, 6, ["AD", "AC"], little=1, last=True)
    first = score_round(rules, [a, b], [0, 0])
    assert first.carry == {"cards": 1}
    c = tally(27, 7, ["AS", "AH"], big=1)
    d = tally(25, 6, ["AD", "AC"], little=1)
    second = score_round(rules, [c, d], [0, 0], first.carry)
    assert second.points[0]["cards"] == 2


def test_overspader_scores_each_spade_over_six():
    rules = get_rules("overspader")
    result = score_round(rules, [tally(30, 10, ["AS"], big=1), tally(22, 3, ["AH", "AD", "AC"],
                                                                     little=1)], [0, 0])
    assert result.points[0]["spades"] == 4 and result.points[1]["spades"] == 0


def test_mulle_glimne_spades_one_each_ace_of_spades_two():
    rules = get_rules("mulle-glimne")
    pile = [c for c in pack(2) if c.spade]  # all 26 spades
    other = [c for c in pack(2) if not c.spade]
    result = score_round(rules, [Tally.from_pile(pile), Tally.from_pile(other)], [0, 0])
    # spades: 26 - 2 (2♠ score as little casino) + 2 (A♠ worth 2) = 26; 2♠ 2 each
    assert result.points[0]["spades"] == 26 and result.points[0]["little_casino"] == 4
    assert result.points[1]["big_casino"] == 6 and result.points[1]["aces"] == 0
    # the spades' line carries what makes 26 spades worth 26 points: two A♠ scoring 2,
    # two 2♠ scoring only as the little casino
    said = [dict(n.params) for n in result.explanation if n.code is Say.SPADES_EACH]
    assert said == [dict(side=0, count=26, points=26, aces_of_spades=2, ace_of_spades=2,
                    little=2)]


def test_krypkasino_penalties_add_up_to_42():
    rules = get_rules("krypkasino")
    result = score_round(rules, [Tally.from_pile(pack(2)), Tally.from_pile([])], [0, 0])
    assert list(result.totals) == [42, 0]


def test_most_aces_house_rule():
    rules = get_rules("swedish", {"most_aces": True})
    result = score_round(rules, [tally(27, 7, ["AS", "AH", "AD"], big=1),
                                 tally(25, 6, ["AC"], little=1)], [0, 0])
    assert result.points[0]["aces"] == 1 and result.points[1]["aces"] == 0


# -- Mulle (Kortspelshandboken) seats (RULES §6) -------------------------------------

@pytest.mark.parametrize(("players", "options"), [(2, None), (4, {"partnerships": True})])
def test_mulle_glimne_two_players_or_four_in_partnerships_rules_6(players, options):
    r = RoundState(get_rules("mulle-glimne", options), players=players)
    assert len(r.sides) == 2


@pytest.mark.parametrize(("players", "options"), [(3, None), (4, None),
                                                   (3, {"partnerships": True}), (1, None),
                                                   (5, None), (6, {"partnerships": True})])
def test_mulle_glimne_other_seatings_are_refused_rules_6(players, options):
    with pytest.raises(OptionError) as refused:
        RoundState(get_rules("mulle-glimne", options), players=players)
    assert "2 players, or 4 in two partnerships" in str(refused.value)


def test_rules_made_once_are_the_same_rules_and_refusals_stay_refusals():
    """A variant's rules with the same house rules are one value (made once); a value the
    house rule does not take is refused every time, even where it equals one it takes
    (True == 1 in Python)."""
    from referee.rules.variants import get_variant

    swedish = get_variant("swedish")
    assert swedish.rules({"target": 1}) is swedish.rules({"target": 1})
    assert swedish.rules({"target": 1}).target == 1
    for _ in range(2):
        with pytest.raises(OptionError, match="target"):
            swedish.rules({"target": True})
        with pytest.raises(OptionError):
            swedish.rules({"target": [16]})
    assert swedish.rules({"most_aces": True}).most_aces
    with pytest.raises(OptionError, match="most_aces"):
        swedish.rules({"most_aces": 1})


# -- house rules and seats where RULES.md leaves the choice to the table ------------------

def test_the_five_of_spades_rule_is_a_house_rule_beyond_danish_not_in_krypkasino():
    """RULES §3.2 gives the 5♠ rule to Danish ("option on by default"); as with the
    building modes, which house rules may switch, a table of another variant may agree on
    it. Krypkasino, where a sweep costs points, refuses it."""
    table = (P("KC"), P("3D"))
    sweep = Play(P("5S"), Action.CAPTURE, (0, 1))
    assert not judge(Spot(get_rules("swedish"), 0, table), sweep).legal
    agreed = judge(Spot(get_rules("swedish", {"spade_five_clears": True}), 0, table), sweep)
    assert agreed.legal
    assert not judge(Spot(get_rules("danish", {"spade_five_clears": False}), 0, table),
                     sweep).legal
    with pytest.raises(OptionError, match="5♠"):
        get_rules("krypkasino", {"spade_five_clears": True})


@pytest.mark.parametrize("target", [1, 7, 11, 16, 21, 50, 1000])
def test_a_target_is_any_whole_number_of_points_from_1_to_1000_rules_6(target):
    """RULES §6: "House options: ... target 11/21/50", read as examples: the Finnish and
    Norwegian 16 (§8) is none of them, and a short game at the cabin may play to 7."""
    assert get_rules("swedish", {"target": target}).target == target


@pytest.mark.parametrize("target", [0, -16, 1001, 16.5, "21", True])
def test_a_target_that_is_not_a_whole_number_from_1_to_1000_is_refused_rules_6(target):
    with pytest.raises(OptionError, match="target"):
        get_rules("swedish", {"target": target})


def test_four_players_play_alone_unless_the_table_pairs_them_rules_6():
    """RULES §6 describes a partnership of 4 as 2 v 2, partners opposite; seed 002: "fire
    kan spille to mot to" (four *can* play two against two). So four may also each play
    for themselves, the default; Mulle (Kortspelshandboken) only in pairs (§6)."""
    assert sides_of(get_rules("swedish"), 4) == [[0], [1], [2], [3]]
    assert sides_of(get_rules("swedish", {"partnerships": True}), 4) == [[0, 2], [1, 3]]
    with pytest.raises(OptionError):
        sides_of(get_rules("mulle-glimne"), 4)
