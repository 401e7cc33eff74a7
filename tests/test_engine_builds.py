"""Builds, raises and doubles in the three building modes (RULES.md §3.2), and the
turn rules that go with them. Each expected verdict is reasoned from the rule named."""

from __future__ import annotations

import pytest

from referee.rules.cards import Card, parse_cards
from referee.rules.reasons import Reason, Why
from referee.rules.round import IllegalPlay, RoundState
from referee.rules.table import Build
from referee.rules.turn import Action, Play, Spot, judge, legal_plays
from referee.rules.variants import get_rules

P = Card.parse


def spot(variant, table, player=0, options=None, **kw):
    items = tuple(
        item if isinstance(item, Build) else P(item) for item in table
    )
    return Spot(get_rules(variant, options), player, items, **kw)


def build(cards, value, owner, locked=False):
    return Build(tuple(parse_cards(cards)), value, owner, locked)


def play(card, action, refs=(), value=None):
    return Play(P(card), Action(action), tuple(refs), value)


# -- nordic (seed 002) ------------------------------------------------------------

def test_nordic_build_lays_the_card_on_exactly_one_loose_card():
    v = judge(spot("norwegian", ["4C", "KD"]), play("5H", "build", [0], 9))
    assert v.legal and v.kind == "build" and v.value == 9
    assert v.table[-1] == build(["4C", "5H"], 9, 0)
    two = judge(spot("norwegian", ["4C", "2D", "KD"]), play("3H", "build", [0, 1], 9))
    assert not two.legal and two.why.code is Why.ONE_LOOSE_CARD


def test_nordic_build_value_must_be_the_sum():
    v = judge(spot("norwegian", ["4C"]), play("5H", "build", [0], 10))
    assert not v.legal and v.why.code is Why.BUILD_SUM and v.why.get("values") == (9,)


def test_nordic_build_uses_table_values_so_an_ace_counts_one():
    # Norwegian: the ace played onto the table becomes a table card worth 1: 1 + 5 = 6.
    v = judge(spot("norwegian", ["5C"]), play("AH", "build", [0], 6))
    assert v.legal and v.value == 6


def test_nordic_one_build_at_a_time():
    s = spot("norwegian", ["4C", build(["2D", "5S"], 7, 0)])
    v = judge(s, play("5H", "build", [0], 9))
    assert not v.legal and v.why.code is Why.ONE_BUILD_AT_A_TIME


def test_nordic_a_double_is_backed_by_a_card_of_its_value_from_the_hand_rules_3_2():
    # "who must hold another card of that value": a value from the hand, as every build
    # must be capturable by a card its owner holds; the Norwegian 10♦ counts 16 there, so
    # it does not back a doubled 10 (and would not take it)
    s = spot("norwegian", ["10H"])
    v = judge(s, play("10S", "double", [0]), hand=parse_cards(["10S", "10D"]))
    assert not v.legal and v.why == Reason.of(Why.MUST_HOLD, value=10)
    assert judge(s, play("10S", "double", [0]), hand=parse_cards(["10S", "10C"])).legal


def test_nordic_multiple_builds_house_rule_allows_a_second_build():
    s = spot("norwegian", ["4C", build(["2D", "5S"], 7, 0)], options={"multiple_builds": True})
    assert judge(s, play("5H", "build", [0], 9)).legal


def test_nordic_may_not_raise_own_build():
    s = spot("norwegian", [build(["4C", "5H"], 9, 0)])
    v = judge(s, play("3S", "build", [0], 12))
    assert not v.legal and v.why.code is Why.NOT_OWN_BUILD


def test_nordic_owner_may_double_their_own_build_rules_3_2():
    # RULES.md §3.2 nordic: "Anyone may double"; seed 002: "Dobling er noe annet" (doubling
    # is something else than laying more cards on your own build, which is refused above)
    s = spot("norwegian", [build(["4C", "5H"], 9, 0)])
    v = judge(s, play("9H", "double", [0]), hand=parse_cards(["9H", "9C"]))
    assert v.legal and v.kind == "double"
    assert v.table == (build(["4C", "5H", "9H"], 9, 0, locked=True),)
    # the doubler must still hold another card of the value
    short = judge(s, play("9H", "double", [0]), hand=parse_cards(["9H", "3C"]))
    assert not short.legal and short.why == Reason.of(Why.MUST_HOLD, value=9)


def test_nordic_owner_may_double_their_locked_build_again_rules_3_2():
    s = spot("norwegian", [build(["9S", "9D"], 9, 0, locked=True)])
    v = judge(s, play("9H", "double", [0]), hand=parse_cards(["9H", "9C"]))
    assert v.legal and v.table == (build(["9S", "9D", "9H"], 9, 0, locked=True),)


def test_nordic_raise_own_build_house_rule():
    s = spot("norwegian", [build(["4C", "5H"], 9, 0)], options={"raise_own_build": True})
    assert judge(s, play("3S", "build", [0], 12)).legal


def test_nordic_opponent_raise_makes_the_build_theirs():
    # seed 002: "Bygget ditt på 9 blir et bygg på 12 om noen legger en 3-er oppå"
    s = spot("norwegian", [build(["4C", "5H"], 9, 1)], player=0)
    v = judge(s, play("3S", "build", [0], 12))
    assert v.legal and v.kind == "raise"
    assert v.table == (build(["4C", "5H", "3S"], 12, 0),)
    assert v.pending == (12,)


def test_nordic_double_makes_a_locked_build_owned_by_the_doubler():
    # seed 002: two queens, a build of 12 on the table: lay one queen on it.
    s = spot("norwegian", [build(["7C", "5H"], 12, 1)])
    v = judge(s, play("QH", "double", [0]))
    assert v.legal and v.kind == "double"
    assert v.table == (build(["7C", "5H", "QH"], 12, 0, locked=True),)
    assert v.pending == (12,)


def test_nordic_double_on_a_loose_card_of_the_same_value():
    v = judge(spot("norwegian", ["7C"]), play("7H", "double", [0]))
    assert v.legal and v.table == (build(["7C", "7H"], 7, 0, locked=True),)


def test_locked_build_cannot_be_raised():
    s = spot("norwegian", [build(["7C", "7H"], 7, 1, locked=True)])
    v = judge(s, play("2S", "build", [0], 9))
    assert not v.legal and v.why.code is Why.LOCKED_BUILD


def test_build_needs_a_card_that_captures_it_from_the_hand_when_known():
    s = spot("norwegian", ["4C"])
    v = judge(s, play("5H", "build", [0], 9), hand=parse_cards(["5H", "2C", "KD"]))
    assert not v.legal and v.why == Reason.of(Why.MUST_HOLD, value=9)
    ok = judge(s, play("5H", "build", [0], 9), hand=parse_cards(["5H", "9D"]))
    assert ok.legal and ok.pending == ()


def test_build_no_card_in_the_pack_can_capture_is_illegal_at_once():
    # Norwegian: nothing counts 1 from the hand (aces are 14), so a build of 1 ... cannot
    # exist; a build of 16 needs 10♦, which is already in the build.
    v = judge(spot("norwegian", ["6C"]), play("10D", "build", [0], 16))
    assert not v.legal and v.why == Reason.of(Why.NO_CARD_CAPTURES, value=16)


# -- danish (seed 003) ---------------------------------------------------------------

def test_danish_original_builder_may_raise_own_build():
    s = spot("danish", [build(["2C", "7H"], 9, 0)])
    v = judge(s, play("AS", "build", [0], 10))
    assert v.legal and v.kind == "raise" and v.value == 10


def test_danish_a_player_who_took_a_build_over_may_raise_it_again():
    # the owner is "the last player who built on it" (RULES §3.2): seat 0 raised seat 1's 9
    # to 10 and owns the 10, which they may raise in turn (DECISIONS: the original builder)
    r = RoundState(get_rules("danish"), players=2, dealer=0)
    r.start(parse_cards(["7H", "KD", "8D", "JD"]))
    r.play(play("2C", "build", [0], 9))  # seat 1 builds 9
    r.play(play("AS", "build", [3], 10))  # seat 0 raises it to 10: theirs now
    assert r.table[-1].owner == 0
    r.play(play("3C", "trail"))  # seat 1
    assert r.table[4] == r.table[-1] and r.can_play(play("2H", "build", [4], 12))  # own 10 to 12


def test_danish_build_more_adds_a_set_and_locks():
    # "membangun lebih banyak": 5 from the hand with a 4 from the table onto a build of 9.
    s = spot("danish", [build(["2C", "7H"], 9, 1), "4D"])
    v = judge(s, play("5S", "double", [0, 1]))
    assert v.legal and v.value == 9
    assert v.table[-1].locked and v.table[-1].owner == 0
    assert sorted(c.code for c in v.table[-1].cards) == ["2C", "4D", "5S", "7H"]


def test_danish_plus_seven_locks_the_pile():
    v = judge(spot("danish", ["7D"]), play("7C", "double", [0]))
    assert v.legal and v.table[-1].locked and v.value == 7


def test_danish_builder_must_capture_on_the_next_turn():
    s = spot("danish", ["KD", build(["2C", "7H"], 9, 0)], must_capture=True)
    assert not judge(s, play("9S", "trail")).legal  # 9♠ could take the build
    assert not judge(s, play("KS", "build", [1], 22)).legal
    assert judge(s, play("KS", "capture", [0])).legal


def test_danish_five_of_spades_takes_the_whole_table():
    v = judge(spot("danish", ["KD", "3C", build(["2C", "7H"], 9, 1)]),
              play("5S", "capture", [0, 1, 2]))
    assert v.legal and v.sweep and v.why.code is Why.TAKES_TABLE


def test_danish_five_of_spades_option_off_is_an_ordinary_five():
    s = spot("danish", ["KD", "3C"], options={"spade_five_clears": False})
    assert not judge(s, play("5S", "capture", [0, 1])).legal


def test_danish_build_left_at_the_end_of_a_deal_is_reported_once():
    # seed 003: "bangunan harus diambil dalam 'Tangan' yang sama"; the build was also left
    # without a card to capture it: one finding, the hand check's, not two for one build
    r = RoundState(get_rules("danish"), players=2, dealer=1)
    r.start(parse_cards(["4C", "KD", "QD", "JD"]))
    # seat 0 holds 5H KS 9S 3C, seat 1 holds 6H 7H 8H 10H
    r.play(play("5H", "build", [0], 9))  # 9 on the table, owned by seat 0
    r.play(play("6H", "trail"))
    r.play(play("KS", "capture", [0]))  # the builder captures something, as required
    r.play(play("7H", "trail"))
    r.play(play("9S", "trail"))  # gives up the only 9 and leaves the build
    r.play(play("8H", "trail"))
    r.play(play("3C", "trail"))
    r.play(play("10H", "trail"))
    assert [(f.deal, f.player, f.why) for f in r.findings] == [
        (1, 0, Reason.of(Why.UNBACKED_KEPT, value=9, card=P("9S")))]


def test_danish_build_left_by_an_overruled_last_card_is_reported_as_left():
    # the table overrules the referee at the last card: the 9 that would capture the build
    # is trailed, and the build is left on the table, not captured in the deal it was made
    r = RoundState(get_rules("danish"), players=2, dealer=1)
    r.start(parse_cards(["4C", "KD", "QD", "JD"]))
    for code, action, refs, value in (("5H", "build", [0], 9), ("6H", "trail", [], None),
                                      ("KS", "capture", [0], None), ("7H", "trail", [], None),
                                      ("3C", "trail", [], None), ("8H", "trail", [], None)):
        r.play(play(code, action, refs, value))
    r.overrule(play("9S", "trail"), "we play on")
    r.play(play("10H", "trail"))
    assert [(f.player, f.why) for f in r.findings] == [(0, Reason.of(
        Why.BUILD_LEFT_AFTER_DEAL, build=build(["4C", "5H"], 9, 0)))]


@pytest.mark.parametrize("variant", ["danish", "norwegian"])
def test_the_last_card_that_can_capture_its_owners_build_must_capture_it_rules_3_2(variant):
    # A Danish phone review: Far raised a build to 10 holding 10♣ and played it last as a
    # trail; the hand is known then (nothing after it), and the build can only be backed
    # by that card: every play but capturing the build is refused at once.
    r = RoundState(get_rules(variant), players=2, dealer=1)
    r.start(parse_cards(["4C", "KD", "8D", "JD"]))
    # seat 0 holds 6D 9C QC 10C; seat 1 holds 2H 3H 5H 7S
    r.play(play("6D", "build", [0], 10))  # 6 on 4: a build of 10 owned by seat 0
    r.play(play("2H", "trail"))
    r.play(play("QC", "trail"))  # Q takes nothing here: a Danish builder may trail it
    r.play(play("3H", "trail"))
    r.play(play("9C", "trail"))
    r.play(play("5H", "trail"))
    assert r.spot().last_card
    with pytest.raises(IllegalPlay) as refused:
        r.play(play("10C", "trail"))
    assert refused.value.verdict.why == Reason.of(Why.LAST_CARD_KEEPS_BUILD, card=P("10C"),
                                                  value=10)
    assert len(r.records) == 6  # nothing recorded
    build_at = next(i for i, item in enumerate(r.table) if isinstance(item, Build))
    offered = legal_plays(r.spot(), P("10C"))  # the captures that take the build, only
    assert offered and all(p.action is Action.CAPTURE and build_at in p.refs for p in offered)
    # a capture of other cards alone is refused as the trail was
    with pytest.raises(IllegalPlay) as elsewhere:
        r.play(play("10C", "capture", [i for i, item in enumerate(r.table)
                                       if item in (P("8D"), P("2H"))]))
    assert elsewhere.value.verdict.why.code is Why.LAST_CARD_KEEPS_BUILD
    assert r.play(play("10C", "capture", [build_at])).verdict.legal
    assert r.findings == []


def test_the_last_card_that_cannot_capture_the_build_is_not_refused():
    # the build was left unbacked earlier (the 10 trailed): no play saves it now, so the
    # last card is played as claimed and the end of the deal reports the trail that left it
    r = RoundState(get_rules("norwegian"), players=2, dealer=1)
    r.start(parse_cards(["4C", "KD", "8D", "JD"]))
    for code, action, refs, value in (("6D", "build", [0], 10), ("2H", "trail", [], None),
                                      ("10C", "trail", [], None), ("3H", "trail", [], None),
                                      ("9C", "trail", [], None), ("5H", "trail", [], None)):
        r.play(play(code, action, refs, value))
    assert r.play(play("QC", "trail")).verdict.legal
    r.play(play("7S", "trail"))
    assert [f.why for f in r.findings] == [Reason.of(Why.UNBACKED_KEPT, value=10, card=P("10C"))]


# -- anglo (seed 004, pagat) ------------------------------------------------------------

def test_anglo_multiple_build_is_locked():
    # seed 004: holding an 8 with 3 and 5 on the table: 8 onto 3+5 makes a double build of 8.
    v = judge(spot("classic", ["3C", "5D"]), play("8H", "build", [0, 1], 8))
    assert v.legal and v.table[-1].locked and v.value == 8


def test_anglo_single_build_of_several_table_cards():
    v = judge(spot("classic", ["2C", "4D"]), play("3H", "build", [0, 1], 9))
    assert v.legal and not v.table[-1].locked


def test_anglo_a_player_may_own_several_builds_rules_3_2():
    # RULES §3.2 gives "at most one build at a time" to nordic (and danish) alone; pagat's
    # Casino (seed 004) lets a player keep several: Anglo takes several unless the table
    # says otherwise (multiple_builds off)
    s = spot("classic", ["4C", build(["2C", "4D"], 6, 0)])
    assert judge(s, play("5H", "build", [0], 9)).legal
    one = spot("classic", ["4C", build(["2C", "4D"], 6, 0)], options={"multiple_builds": False})
    v = judge(one, play("5H", "build", [0], 9))
    assert not v.legal and v.why.code is Why.ONE_BUILD_AT_A_TIME


@pytest.mark.parametrize(("variant", "offered"), [
    ("danish", True), ("classic", True), ("norwegian", False)])
def test_building_more_with_one_loose_card_is_offered_where_the_mode_takes_it(variant,
                                                                               offered):
    # RULES §3.2: Danish "bygge mere" and an Anglo set added (table cards only as extra
    # sets) lay 2♦+6♣ on a build of 8; Nordic doubling lays one card on one item
    s = spot(variant, ["6C", build(["5H", "3S"], 8, 1), "KD"])
    more = Play(P("2D"), Action.DOUBLE, (0, 1), 8)
    assert (more in legal_plays(s, P("2D"))) is offered
    assert judge(s, more).legal is offered


def test_anglo_owner_may_not_trail():
    s = spot("classic", ["KD", build(["2C", "4D"], 6, 0)])
    v = judge(s, play("3H", "trail"))
    assert not v.legal and v.why.code is Why.OWNER_MAY_NOT_TRAIL


def test_anglo_any_player_may_increase_a_single_build():
    # seed 004: build of 5 (2+3); a 3 makes it 8; then an ace makes it 9.
    s = spot("classic", [build(["2C", "3D"], 5, 1)])
    v = judge(s, play("3H", "build", [0], 8))
    assert v.legal and v.table == (build(["2C", "3D", "3H"], 8, 0),)


@pytest.mark.parametrize(("variant", "said", "unbacked"), [
    ("classic", Why.BUILDS_MULTIPLE, Why.UNBACKED_BUILD),
    ("norwegian", Why.DOUBLES, Why.UNBACKED_DOUBLE)])
def test_a_card_on_an_item_of_its_value_is_a_multiple_build_in_casino(variant, said,
                                                                       unbacked):
    # seed 004 (pagat's Casino) calls 7 laid on 7 a multiple build, and the Nordic seeds a
    # double: the same locked build, said as each table says it, and so is the hand check
    r = RoundState(get_rules(variant), players=2, dealer=1)
    r.start(parse_cards(["7C", "KD", "8D", "JD"]))
    # seat 0 holds 7H KS 2C 3C (no other 7); seat 1 holds 7S 10H 6H 9S
    made = r.play(play("7H", "double", [0]))
    assert made.verdict.why == Reason.of(said, card=P("7H"), items=(P("7C"),), value=7)
    assert r.table[-1] == build(["7C", "7H"], 7, 0, locked=True)
    r.play(play("7S", "capture", [3]))  # seat 1 takes it
    for code in ("KS", "10H", "2C", "6H", "3C", "9S"):
        r.play(play(code, "capture", [0]) if code == "KS" else play(code, "trail"))
    assert [(f.player, f.why) for f in r.findings] == [(0, Reason.of(unbacked, value=7))]


@pytest.mark.parametrize(("variant", "one_card", "keeps"), [
    ("classic", Why.RAISE_ONE_CARD_MULTIPLE, Why.MULTIPLE_KEEPS_VALUE),
    ("norwegian", Why.RAISE_ONE_CARD, Why.DOUBLE_KEEPS_VALUE)])
def test_a_refusal_names_the_multiple_build_in_casino(variant, one_card, keeps):
    # a raise with a table card besides, and a set claimed at another value: the reason
    # names what to do as the table says it, a multiple build in Casino (seed 004)
    s = spot(variant, [build(["2C", "4D"], 6, 1), "6C"])
    assert judge(s, play("6H", "build", [0, 1], 12)).why == Reason.of(one_card)
    assert judge(s, play("6H", "double", [0], 7)).why == Reason.of(keeps, total=6, value=7)


def test_classic_court_cards_cannot_build():
    v = judge(spot("classic", ["QD"]), play("QH", "double", [0]))
    assert not v.legal and v.why.code is Why.COURT_NOT_BUILT


def test_royal_court_cards_build():
    v = judge(spot("royal", ["2D"]), play("JH", "build", [0], 13))
    assert v.legal and v.value == 13


def test_anglo_may_not_leave_yourself_without_a_card_for_your_build():
    s = spot("classic", ["2D", build(["2C", "4D"], 6, 0)])
    v = judge(s, play("6H", "capture", [0]), hand=parse_cards(["6H", "3C"]))
    assert not v.legal


def test_building_is_not_played_in_swedish():
    v = judge(spot("swedish", ["4C"]), play("5H", "build", [0], 9))
    assert not v.legal and v.why.code is Why.NO_BUILDING


@pytest.mark.parametrize("variant", ["norwegian", "danish", "classic"])
def test_retroactive_hand_check_reports_a_build_not_backed(variant):
    r = RoundState(get_rules(variant), players=2, dealer=1)
    r.start(parse_cards(["4C", "KD", "8D", "JD"]))
    # seat 0 holds 5H KS 2C 3C (no 9); seat 1 holds AH 10H 6H 7S
    r.play(play("5H", "build", [0], 9))  # seat 0 builds 9 without a 9
    r.play(play("AH", "build", [3], 10))  # seat 1 raises it to 10 (ace counts 1)
    r.play(play("KS", "capture", [0]))  # K takes K
    r.play(play("10H", "capture", [2]))  # seat 1 takes its build of 10
    r.play(play("2C", "trail"))
    r.play(play("6H", "trail"))
    r.play(play("3C", "trail"))
    r.play(play("7S", "trail"))
    assert [(f.deal, f.player) for f in r.findings] == [(1, 0)]
    assert r.findings[0].why == Reason.of(Why.UNBACKED_BUILD, value=9)


@pytest.mark.parametrize("variant", ["norwegian", "danish", "classic"])
def test_a_build_with_the_last_card_of_the_hand_is_refused_at_once_rules_3_2(variant):
    # Four cards each: a player's fourth play of the deal empties the hand, so the hand is
    # known (nothing), and the check is immediate: no card is left to back the build.
    r = RoundState(get_rules(variant), players=2, dealer=1)
    r.start(parse_cards(["4C", "KD", "8D", "JD"]))
    for code in ("2C", "6H", "3C", "7S", "9C", "9H"):  # three cards each, trailed
        r.play(play(code, "trail"))
    assert r.spot().last_card  # seat 0's fourth card
    with pytest.raises(IllegalPlay) as refused:
        r.play(play("5H", "build", [0], 9))
    assert refused.value.verdict.why == Reason.of(Why.LAST_CARD_BUILD, card=P("5H"), value=9)
    assert len(r.records) == 6  # nothing recorded
    # the card is offered to capture or trail, never to build (legal_plays)
    offered = legal_plays(r.spot(), P("5H"))
    assert offered and all(p.action in (Action.CAPTURE, Action.TRAIL) for p in offered)
    # the same build with a card still to come is legal, its backing checked at the deal's
    # end (pending), as before
    early = RoundState(get_rules(variant), players=2, dealer=1)
    early.start(parse_cards(["4C", "KD", "8D", "JD"]))
    assert not early.spot().last_card
    assert early.play(play("5H", "build", [0], 9)).verdict.pending == (9,)


@pytest.mark.parametrize("variant", ["norwegian", "classic"])
def test_must_capture_after_building_is_danish_only(variant):
    options = {"multiple_builds": True} if variant == "norwegian" else None
    r = RoundState(get_rules(variant, options), players=2, dealer=1)
    r.start(parse_cards(["3D", "KD", "8D", "JD"]))
    r.play(play("4H", "build", [0], 7))  # seat 0 builds 7
    r.play(play("6H", "trail"))
    # seat 0 builds again instead of capturing: fine outside Danish rules
    record = r.play(play("AC", "build", [1], 9))  # A + 8 = 9
    assert record.verdict.legal


def test_two_packs_the_other_copy_backs_a_build():
    # Mulle (Kortspelshandboken): 10♦ on 6♣ builds 16; the second 10♦ is still out.
    v = judge(spot("mulle-glimne", ["6C", "3D"]), play("10D", "build", [0], 16))
    assert v.legal and v.pending == (16,)


def test_danish_double_needs_a_pile_or_a_single_card():
    assert not judge(spot("danish", ["3S", "4C", "KD"]), play("7D", "double", [0, 1])).legal
    assert judge(spot("danish", ["7S", "KD"]), play("7D", "double", [0])).legal


def test_build_value_must_be_said_when_the_cards_allow_two():
    v = judge(spot("danish", ["2D"]), play("AD", "build", [0]))
    assert not v.legal and v.why == Reason.of(Why.SAY_BUILD_VALUE, values=(3, 16))


def test_a_double_the_cards_allow_two_ways_is_offered_as_each_and_unsaid_takes_the_lower():
    # RULES §2: a Danish (and Royal) ace is 1 or 14 in the hand and on the table; §3.2: a
    # double lays a card on one "of the same value", so A♥ on A♣ is a set of 1 and of 14.
    for variant in ("danish", "royal"):
        doubles = [(p.refs, p.value) for p in legal_plays(spot(variant, ["AC"]), P("AH"))
                   if p.action is Action.DOUBLE]
        assert doubles == [((0,), 1), ((0,), 14)], variant
    fourteen = judge(spot("danish", ["AC", "KD"]), play("AH", "double", [0], 14))
    assert fourteen.legal and fourteen.value == 14
    assert fourteen.table[-1] == build(["AC", "AH"], 14, 0, locked=True)
    unsaid = judge(spot("danish", ["AC", "KD"]), play("AH", "double", [0]))
    assert unsaid.legal and unsaid.value == 1  # DECISIONS.md: the lower, as before
    # a set one way only is offered once, its value unsaid (Norwegian 7 on 7)
    sevens = [p for p in legal_plays(spot("norwegian", ["7C"]), P("7H"))
              if p.action is Action.DOUBLE]
    assert [(p.refs, p.value) for p in sevens] == [((0,), None)]


def test_a_double_is_refused_while_the_doubler_owns_another_build_rules_3_2():
    # RULES §3.2 nordic: "Anyone may double" and "a player may own at most one build at a
    # time": a double makes a build the doubler owns, so with one of theirs already on
    # the table it would be two (unless the multiple-builds house rule is on).
    table = ["7C", build(["4C", "5H"], 9, 0)]
    v = judge(spot("norwegian", table), play("7H", "double", [0]))
    assert not v.legal and v.why.code is Why.ONE_BUILD_AT_A_TIME
    assert judge(spot("norwegian", table, options={"multiple_builds": True}),
                 play("7H", "double", [0])).legal
    # doubling the build they own keeps it one build
    assert judge(spot("norwegian", table), play("9S", "double", [1])).legal


# -- who may raise a partner's build (RULES §3.2 nordic, seed 002) -------------------

def test_nordic_partner_may_not_raise_a_build_but_may_double_it_rules_3_2():
    # four players in two partnerships: seats 0 and 2 against 1 and 3; seat 0's build
    sides = (0, 1, 0, 1)
    table = [build(["5H", "4C"], 9, 0)]
    partner = spot("norwegian", table, player=2, options={"partnerships": True}, sides=sides)
    refused = judge(partner, play("3S", "build", [0], 12))
    assert not refused.legal and refused.why.code is Why.PARTNER_MAY_NOT_RAISE
    assert judge(partner, play("9S", "double", [0])).legal
    opponent = spot("norwegian", table, player=1, options={"partnerships": True}, sides=sides)
    assert judge(opponent, play("3S", "build", [0], 12)).legal


def test_nordic_partner_raise_refused_in_a_partnership_round():
    r = RoundState(get_rules("norwegian", {"partnerships": True}), players=4, dealer=3)
    r.start(parse_cards(["4C", "KD", "8D", "JD"]))
    r.play(play("5H", "build", [0], 9))  # seat 0 builds 9
    r.play(play("2C", "trail"))  # seat 1
    with pytest.raises(IllegalPlay) as refused:
        r.play(play("3S", "build", [4], 12))  # seat 2, seat 0's partner, may not raise
    assert refused.value.verdict.why.code is Why.PARTNER_MAY_NOT_RAISE
    assert r.can_play(play("9S", "double", [4]))  # but may double it


def test_nordic_owner_doubles_their_own_build_in_a_round_rules_3_2():
    r = RoundState(get_rules("norwegian"), players=2, dealer=1)
    r.start(parse_cards(["4C", "KD", "8D", "JD"]))
    r.play(play("5H", "build", [0], 9))  # seat 0 builds 9
    r.play(play("2C", "trail"))  # seat 1
    assert not r.can_play(play("3S", "build", [4], 12))  # seat 0 may not raise it
    record = r.play(play("9S", "double", [4]))  # but may double it ("Anyone may double")
    assert record.verdict.legal and r.table[-1] == build(["4C", "5H", "9S"], 9, 0, locked=True)


@pytest.mark.parametrize("variant", ["danish"])
def test_danish_partner_may_not_raise_either_rules_3_2(variant):
    table = [build(["5H", "4C"], 9, 0)]
    partner = spot(variant, table, player=2, options={"partnerships": True}, sides=(0, 1, 0, 1))
    assert not judge(partner, play("3S", "build", [0], 12)).legal


def test_anglo_partner_may_increase_a_build():
    table = [build(["5H", "4C"], 9, 0)]
    partner = spot("classic", table, player=2, options={"partnerships": True},
                   sides=(0, 1, 0, 1))
    assert judge(partner, play("AS", "build", [0], 10)).legal


# -- the Danish builder's duty on the next turn (RULES §3.2 danish, seed 003) ---------

def _danish_round():
    r = RoundState(get_rules("danish"), players=2, dealer=1)
    r.start(parse_cards(["7C", "KD", "QS", "4H"]))
    r.play(play("2H", "build", [0], 9))  # seat 0 builds 9: 2♥ on 7♣
    return r


def test_danish_duty_holds_after_the_build_is_taken_rules_3_2():
    r = _danish_round()
    r.play(play("9S", "capture", [3]))  # seat 1 takes the build of 9
    # seat 0's 4♣ could take 4♥: the duty holds although the build is gone
    with pytest.raises(IllegalPlay):
        r.play(play("4C", "trail"))
    assert r.can_play(play("4C", "capture", [2]))


def test_danish_duty_holds_only_when_the_card_can_capture_rules_3_2():
    r = _danish_round()
    r.play(play("3D", "trail"))  # seat 1
    # 6♣ captures nothing here (no 6, no two cards making 6): it may be trailed
    assert r.can_play(play("6C", "trail"))
    # and a card that captures nothing may raise the own build (Danish allows it)
    assert r.can_play(play("AC", "build", [4], 10))  # loose cards first, then the build
    # 7♠ could take 3♦+4♥: it must capture
    assert not r.can_play(play("7S", "trail"))
    assert not r.can_play(play("7S", "build", [4], 16))


def test_builds_onto_several_loose_cards_are_offered_a_dozen_at_most():
    """A table of twelve low cards makes hundreds of builds onto two or three of them: the
    offers keep the first twelve (onto two cards before three), each legal, the trail
    last; the rest are judged when claimed."""
    from referee.rules.turn import SEVERAL_OFFERED

    rules = get_rules("classic")
    table = tuple(parse_cards(["AC", "AD", "AH", "2C", "2D", "2H", "3C", "3D", "3H", "4C",
                               "4D", "4H"]))
    offered = legal_plays(Spot(rules, 0, table), Card.parse("AS"))
    several = [p for p in offered if p.action is Action.BUILD and len(p.refs) > 1]
    assert len(several) == SEVERAL_OFFERED == 12
    assert all(len(p.refs) == 2 for p in several)  # pairs come first
    assert all(judge(Spot(rules, 0, table), p).legal for p in several)
    assert offered[-1].action is Action.TRAIL
    assert offered.index(several[0]) > max(i for i, p in enumerate(offered) if len(p.refs) == 1
                                           and p.action is not Action.CAPTURE)


def test_a_multiple_build_of_loose_cards_names_its_sets_card_first(app):
    """3♦ on 8♣ and 5♣ for 8 is two sets, 3♦+5♣ and 8♣ (seed 004): the ruling carries them
    (items in set order, how many each set holds) and says them set by set, never
    "3♦ on 8♣+5♣", which reads as 13."""
    from referee.words import verdict_text

    spot = Spot(get_rules("classic"), 0, tuple(parse_cards(["8C", "5C", "2H"])))
    verdict = judge(spot, Play(Card.parse("3D"), Action.BUILD, (0, 1), 8))
    assert verdict.legal and verdict.why == Reason.of(
        Why.BUILDS_MULTIPLE, card=Card.parse("3D"), items=tuple(parse_cards(["5C", "8C"])),
        value=8, sets=(1, 1))
    royal = Spot(get_rules("royal"), 0, tuple(parse_cards(["2C", "3D", "4H", "6S"])))
    with app.test_request_context():
        assert verdict_text(verdict) == "3♦+5♣ and 8♣: a multiple build of 8, locked"
        said = [verdict_text(judge(royal, Play(Card.parse("AH"), Action.BUILD, refs, value)))
                for refs, value in (((0, 1, 2), 5), ((0, 1, 3), 6))]
    assert said == ["A♥+4♥ and 2♣+3♦: a multiple build of 5, locked",
                    "A♥+2♣+3♦ and 6♠: a multiple build of 6, locked"]
