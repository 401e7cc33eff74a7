"""How a match ends (RULES.md §7–8): on the engine (``settle``, ``round_and_match``, the
Finnish count in the middle of a round) and on the pages (rounds entered as tallies or
played, the scoreboard's verdict, the rematch that only an ended match offers)."""

from __future__ import annotations

import pytest
from conftest import P, play, tally
from pages import (
    SWEDISH_SIDES,
    lay_table,
    match_of,
    new_match,
    plain,
    post_play,
    start_round,
    tally_data,
    tally_round,
    text,
    version,
)

from referee.rules.cards import pack, parse_cards
from referee.rules.notes import Note, Say
from referee.rules.round import RoundOver, RoundState
from referee.rules.scoring import (
    Category,
    Credit,
    Decided,
    Tally,
    round_and_match,
    score_round,
    settle,
)
from referee.rules.turn import Action, Play
from referee.rules.variants import get_rules

# -- the engine: the target, the tie-breaks, counting out, fewest points ----------------

def _result(rules, a, b, scores):
    result = score_round(rules, [a, b], scores)
    return settle(rules, scores, result, [a.spades, b.spades])


def test_match_most_points_wins_when_both_pass_the_target():
    rules = get_rules("swedish")
    m = _result(rules, tally(27, 7, ["AS"], big=1), tally(25, 6, ["AH", "AD", "AC"], little=1),
                [14, 14])
    # a: cards 1, spades 2, ace 1, big 2 = 6 -> 20; b: aces 3, little 1 = 4 -> 18
    assert m.scores == (20, 18) and m.finished and m.winner == 0


def test_match_tie_on_points_goes_to_most_spades_in_the_round():
    rules = get_rules("swedish")
    # a: most spades 2 + big casino 2 = 4; b: most cards 1 + two aces 2 + little casino 1 = 4
    result = score_round(rules, [tally(25, 7, [], big=1), tally(27, 6, ["AS", "AH"], little=1)],
                         [0, 0])
    assert list(result.totals) == [4, 4]
    assert settle(rules, [14, 15], result, [7, 6]).winner == 1  # 18 v 19
    level = settle(rules, [15, 15], result, [7, 6])  # 19 v 19: spades 7 v 6
    assert level.finished and level.winner == 0
    assert level.explanation == (Note.of(Say.MOST_SPADES, side=0, score=19, count=7),)
    again = settle(rules, [15, 15], result, [6, 6])
    assert not again.finished and again.winner is None
    assert again.explanation == (Note.of(Say.TIED_SPADES, score=19, count=6),)


def test_danish_tie_on_points_means_another_round():
    rules = get_rules("danish")
    result = score_round(rules, [tally(26, 7, [], big=1), tally(26, 6, ["AS", "AH", "AD", "AC"])],
                         [0, 0])
    assert list(result.totals) == [4, 4]
    m = settle(rules, [18, 18], result, [7, 6])
    assert not m.finished and m.winner is None


def test_royal_counts_out_in_order():
    rules = get_rules("royal")
    # b needs 1 point, a needs 3: cards (3 to a) come before aces, so a wins first
    result = score_round(rules, [tally(30, 6, [], big=0, little=0),
                                 tally(22, 7, ["AS", "AH", "AD", "AC"], big=1, little=1)],
                         [18, 20])
    m = settle(rules, [18, 20], result)
    assert m.finished and m.winner == 0
    assert m.explanation[0].code is Say.COUNTED_OUT and m.explanation[0].get("side") == 0
    assert m.explanation[0].get("category") == "cards"  # the cards' 3 points, counted first


def test_royal_counted_out_by_an_ace_names_the_ace_rules_8():
    """Counted out by suit (♠ ♣ ♥ ♦), the ace that reached the target is named: both sides
    stand at 20 of 21 and neither takes cards, spades or the casinos; Bo's A♣ comes
    before Ann's A♥ (Norwegian review: "with aces" did not say why Bo won)."""
    rules = get_rules("royal")
    result = score_round(rules, [tally(26, 6, ["AH"]), tally(26, 6, ["AC"])], [20, 20])
    m = settle(rules, [20, 20], result)
    assert m.finished and m.winner == 1
    note = m.explanation[0]
    assert note.code is Say.COUNTED_OUT and note.get("category") == "aces"
    assert note.get("cards") == (P("AC"),)



    # Anna 48 and Bo 45 before; this round Anna 3 (10♦), Bo 6 (two aces, 2♠ and two
    # spades), Cia 0: Anna 51 and Bo 51 reach 50, Cia (20) wins; at a tie for the fewest
    # the note names the same sides, and another round is played
    rules = get_rules("krypkasino")
    anna = Tally(1, 0, (), 1, 0, 0, False)
    bo = Tally(5, 3, tuple(parse_cards(["AH", "AD"])), 0, 1, 0, False)
    cia = Tally(0, 0, (), 0, 0, 0, False)
    _score, match = round_and_match(rules, [anna, bo, cia], [48, 45, 20])
    assert match.scores == (51, 51, 20) and match.winner == 2
    assert match.explanation == (Note.of(Say.FEWEST_POINTS, side=2, score=20, target=50,
                                         sides=(0, 1)),)
    _score, tied = round_and_match(rules, [anna, bo, cia], [48, 45, 51])
    assert not tied.finished
    assert tied.explanation == (Note.of(Say.FEWEST_TIED, score=51, target=50,
                                        sides=(0, 1, 2)),)


def test_krypkasino_fewest_points_win_once_a_side_reaches_fifty():
    rules = get_rules("krypkasino")
    result = score_round(rules, [Tally.from_pile(pack(2)[:60]), Tally.from_pile(pack(2)[60:])],
                         [30, 10])
    m = settle(rules, [30, 10], result)
    assert m.finished and m.winner == 1


# -- the engine: the Finnish match end (RULES §8) ----------------------------------------

def _finnish(a, b, scores):
    return round_and_match(get_rules("finnish"), [a, b], scores)


def test_finnish_highest_total_wins_not_the_first_to_sixteen_rules_8():
    # a: 9 + aces and casinos 5 = 14, most spades +2 = 16 (first to reach 16 counting out)
    # b: 9 + two aces 2 = 11, most cards +1 = 12, six sweeps +6 = 18: the highest total
    a = tally(25, 8, ["AH", "AD"], big=1, little=1)
    b = tally(27, 5, ["AS", "AC"], sweeps=6)
    _score, match = _finnish(a, b, [9, 9])
    assert match.scores == (16, 18)
    assert match.finished and match.winner == 1 and match.decided is Decided.MOST_POINTS
    assert match.explanation == (
        Note.of(Say.HIGHEST, side=1, score=18, counts=(16,), target=16),)


def test_finnish_tie_for_the_highest_total_is_counted_out_rules_8():
    # both end on 16; counted out from 14 v 11 after the aces and casinos, a reaches 16
    # with most spades before b does with cards and sweeps
    a = tally(25, 8, ["AH", "AD"], big=1, little=1)
    b = tally(27, 5, ["AS", "AC"], sweeps=4)
    _score, match = _finnish(a, b, [9, 9])
    assert match.scores == (16, 16)
    assert match.finished and match.winner == 0 and match.decided is Decided.COUNTED_OUT
    assert match.explanation[0] == Note.of(Say.TIED_COUNT_OUT, sides=(0, 1), score=16,
                                           counts=(14, 11))
    assert match.explanation[1].code is Say.COUNT_OUT_WINS
    assert match.explanation[1].get("category") == "spades"


def test_finnish_tie_reached_in_one_step_means_another_round_rules_8():
    # three players, tallies only: a (13) and b (12) both reach 16 with their aces and
    # casinos, which a tally credits in one step; spades (5, 5, 3) and cards (20, 20, 12)
    # are tied, so a and b end tied at 16, and counting out cannot part them
    rules = get_rules("finnish")
    a = tally(20, 5, ["AH", "AD", "AC"])
    b = tally(20, 5, ["AS"], big=1, little=1)
    c = tally(12, 3)
    _score, match = round_and_match(rules, [a, b, c], [13, 12, 0])
    assert match.scores == (16, 16, 0)
    assert not match.finished and match.decided is Decided.TIED
    # counted out from 16 v 16: the aces and casinos, the first step, brought them there
    assert match.explanation == (
        Note.of(Say.TIED_COUNT_OUT, sides=(0, 1), score=16, counts=(16, 16)),
        Note.of(Say.TOGETHER_IMMEDIATE, target=16),
    )


def test_finnish_tie_reached_together_at_the_sweeps_step_means_another_round_rules_8():
    # three players (so both keep their sweeps: 5, 4, 0 cancel to themselves), 8, 8 and 0
    # before the round. a: three aces, 11; b: A♠, 10♦ and 2♠, 12. c has most spades and
    # most cards. Both end on 16, tied: counted out, the spades and the cards go to c,
    # and the sweeps (5 and 4, the last step) bring a and b to 16 together
    rules = get_rules("finnish")
    a = tally(14, 4, ["AH", "AD", "AC"], sweeps=5)
    b = tally(14, 3, ["AS"], big=1, little=1, sweeps=4)
    c = tally(24, 6)
    _score, match = round_and_match(rules, [a, b, c], [8, 8, 0])
    assert match.scores == (16, 16, 3)
    assert not match.finished and match.winner is None and match.decided is Decided.TIED
    assert match.explanation == (
        Note.of(Say.TIED_COUNT_OUT, sides=(0, 1), score=16, counts=(11, 12)),
        Note.of(Say.TOGETHER, category="sweeps", target=16),
    )


# with the most_aces house rule the aces score one point for most of them at the end of the
# round: only 10♦ and 2♠ are credited as they are captured (RULES §6, §8). Scores 15 v 12:
# a has three aces (most aces); b has A♠, 10♦, 2♠, most cards and most spades
MOST_ACES_A = tally(20, 5, ["AH", "AD", "AC"])
MOST_ACES_B = tally(32, 8, ["AS"], big=1, little=1)


def test_finnish_most_aces_point_is_not_an_immediate_point_rules_8():
    # b's 10♦ and 2♠ bring b to 15 during play; at the end a has 15 + 1 = 16 and b
    # 15 + most cards 1 + most spades 2 = 18: the highest total wins
    rules = get_rules("finnish", {"most_aces": True})
    _score, match = round_and_match(rules, [MOST_ACES_A, MOST_ACES_B], [15, 12])
    assert match.scores == (16, 18)
    assert match.finished and match.winner == 1 and match.decided is Decided.MOST_POINTS
    assert match.explanation == (
        Note.of(Say.HIGHEST, side=1, score=18, counts=(16,), target=16),)


def test_finnish_most_aces_point_is_not_immediate_in_a_played_round_either_rules_8():
    # the same round played: the casinos were credited capture by capture, the aces not
    rules = get_rules("finnish", {"most_aces": True})
    during_play = [[Credit(1, Category.BIG_CASINO, 2)], [Credit(1, Category.LITTLE_CASINO, 1)]]
    score, match = round_and_match(rules, [MOST_ACES_A, MOST_ACES_B], [15, 12], None,
                                   during_play)
    assert score.immediate == 2 and match.scores == (16, 18) and match.winner == 1
    assert match.decided is Decided.MOST_POINTS


def test_finnish_after_a_tie_at_sixteen_the_first_ace_or_casino_ends_the_match_rules_8():
    # a round ended 17 v 17, tied for the highest total: another round. There the sides
    # have 16 or more from the start, so the first ace or casino, credited the moment it is
    # captured, leaves its side with 16 or more and alone in the lead: the match ends there
    rules = get_rules("finnish")
    r = RoundState(rules, players=2, dealer=1, scores=[17, 17])
    r.start(parse_cards(["KC", "AC", "3D", "7H"]))
    r.play(play("5H"))  # seat 0 trails
    r.play(play("AS", "capture", [0, 1]))  # seat 1: A♠ (14) takes K♣ + A♣, two aces
    score, match = r.score()
    assert match.decided is Decided.IMMEDIATE and match.winner == 1
    assert match.scores == (17, 19) and list(score.totals) == [0, 2]
    assert match.explanation == (
        Note.of(Say.IMMEDIATE_AT_PLAY, side=1, score=19, target=16, play=2,
                taken=tuple(parse_cards(["AC", "AS"]))),)


def test_finnish_after_a_tie_a_tally_ends_as_play_would_rules_8():
    # the same after a tie entered as tallies: only seat 0 took aces and casinos, so its
    # first one ended the match whatever the order of the captures; seat 1's 17 from
    # before the round is no immediate point and ends nothing (the sweeps are frozen)
    rules = get_rules("finnish")
    a = tally(20, 5, ["AS", "AH", "AD", "AC"], big=1, little=1)
    b = tally(32, 8, sweeps=3)
    score, match = round_and_match(rules, [a, b], [17, 17])
    assert match.decided is Decided.IMMEDIATE and match.winner == 0
    assert match.scores == (24, 17) and list(score.totals) == [7, 0]


def test_finnish_count_out_can_end_the_match_mid_round():
    rules = get_rules("finnish")
    r = RoundState(rules, players=2, dealer=1, scores=[15, 3])
    r.start(parse_cards(["KC", "AC", "3D", "7H"]))
    r.play(play("AS", "capture", [0, 1]))  # two aces: 17
    assert r.decided is not None and r.decided.winner == 0 and r.decided.finished
    with pytest.raises(RoundOver):
        r.play(play("2D"))


def test_finnish_immediate_points_end_the_match_mid_round_without_the_rest_rules_8():
    rules = get_rules("finnish")
    r = RoundState(rules, players=2, dealer=1, scores=[14, 3])
    r.start(parse_cards(["KC", "AC", "3D", "7H"]))
    r.play(play("AS", "capture", [0, 1]))  # two aces: 16, in the middle of the round
    score, match = r.score()
    assert match.finished and match.winner == 0 and match.decided is Decided.IMMEDIATE
    assert match.scores == (16, 3) and list(score.totals) == [2, 0]
    assert match.explanation == (
        Note.of(Say.IMMEDIATE_AT_PLAY, side=0, score=16, target=16, play=1,
                taken=tuple(parse_cards(["AC", "AS"]))),)


def test_finnish_last_capture_reaching_sixteen_ends_before_the_count_rules_8():
    # every card is trailed but A♠, which seat 1 plays last to take K♣+A♥ (13 + 1): the
    # two aces bring seat 1 from 14 to 16 at that moment, before the end-of-round count
    rules = get_rules("finnish")
    r = RoundState(rules, players=2, dealer=1, scores=[3, 14])
    table = parse_cards(["2C", "3C", "4C", "5C"])
    r.start(table)
    last = P("AS")
    for card in pack():
        if card not in table and card != last:
            r.play(Play(card, Action.TRAIL))
    r.play(Play(last, Action.CAPTURE, (r.table.index(P("KC")), r.table.index(P("AH")))))
    assert r.finished
    score, match = r.score()
    assert match.decided is Decided.IMMEDIATE and match.winner == 1
    assert match.scores == (3, 16) and list(score.totals) == [0, 2]


def test_finnish_leftover_aces_end_the_match_after_the_last_play_rules_8():
    # seat 1 takes 2♣ with 2♦ and is the last to capture; every other card is trailed, the
    # aces and casinos too, so they come to seat 1 with the cards left on the table once
    # the last card is down: 14 + 4 aces + 10♦ 2 + 2♠ 1 = 21, before the round is added up
    rules = get_rules("finnish")
    r = RoundState(rules, players=2, dealer=1, scores=[3, 14])
    table = parse_cards(["2C", "3C", "4C", "5C"])
    r.start(table)
    r.play(Play(P("KH"), Action.TRAIL))
    r.play(Play(P("2D"), Action.CAPTURE, (0,)))
    for card in pack():
        if card not in (*table, P("KH"), P("2D")):
            r.play(Play(card, Action.TRAIL))
    score, match = r.score()
    assert match.decided is Decided.IMMEDIATE and match.winner == 1
    (note,) = match.explanation
    assert note.code is Say.IMMEDIATE_LEFTOVER
    assert (note.get("side"), note.get("score"), note.get("target")) == (1, 21, 16)
    # the line names what scored among the cards left: the four aces and both casinos
    taken = note.get("taken")
    assert isinstance(taken, tuple) and len(taken) == 6
    assert set(taken) == set(parse_cards(["AS", "AH", "AD", "AC", "10D", "2S"]))
    assert score.explanation == (Note.of(Say.ENDED_WITH_LEFTOVER),)


# -- the pages: rounds entered as tallies or played, the scoreboard, the rematch ------------

# five points each, cards tied at 26: Ann aces 2 + big casino 2 + last capture 1, Bo most
# spades 2 (7 v 6) + aces 2 + little casino 1
FIVE_ALL = [
    {"cards": 26, "spades": 6, "aces": ["AS", "AH"], "big_casino": 1, "little_casino": 0,
     "last_capture": True},
    {"cards": 26, "spades": 7, "aces": ["AD", "AC"], "big_casino": 0, "little_casino": 1},
]


def test_match_ends_when_a_side_reaches_the_target(client):
    token = new_match(client, target=10)
    tally_round(client, token, SWEDISH_SIDES)
    match = match_of(token)
    assert match.finished and match.winner_side == 0
    page = plain(client.get(f"/match/{token}"))
    assert "Ann wins the match." in page
    assert "Rematch" in page


def test_tie_on_points_past_the_target_goes_to_most_spades_in_the_round(client):
    token = new_match(client, target=5)
    # Ann: aces 2 + big 2 + last 1 = 5; Bo: spades 2 + aces 2 + little 1 = 5: tie at 5, and
    # Bo has more spades in the round (7 v 6): Bo wins on the spades tie-break.
    tally_round(client, token, FIVE_ALL)
    match = match_of(token)
    assert match.finished and match.winner_side == 1
    assert "most spades" in plain(client.get(f"/match/{token}"))


def test_level_on_points_and_spades_plays_on(client):
    token = new_match(client, target=5, variant="danish")
    # Danish: Ann aces 2 + big 2 + last 1 = 5, Bo spades 2 + aces 2 + little 1 = 5: tied,
    # and Danish has no spades tie-break: another round.
    tally_round(client, token, FIVE_ALL)
    match = match_of(token)
    assert not match.finished
    assert "another round" in plain(client.get(f"/match/{token}"))


def test_scoreboard_says_when_a_tie_at_the_target_means_another_round(client):
    token = new_match(client, variant="danish", target=5)
    number = start_round(client, token, "tally")
    client.post(f"/match/{token}/round/{number}/tally", data=tally_data(token, number, FIVE_ALL))
    client.post(f"/match/{token}/round/{number}/confirm",
                data={"version": version(token, number)})
    board = text(client.get(f"/match/{token}"))
    assert 'class="verdict stale"' in board and "another round" in board
    assert f"/round/{number}" in board  # the round's plays stay reachable


def test_royal_counts_out_cards_before_aces(client):
    # Royal: cards 3 are credited before the aces. Ann needs 3 (18 -> 21) and gets most
    # cards; Bo would reach 21 with the aces, but the count stops when Ann gets there.
    token = new_match(client, variant="royal", target=3)
    sides = [
        {"cards": 30, "spades": 6, "aces": [], "big_casino": 0, "little_casino": 0},
        {"cards": 22, "spades": 7, "aces": ["AS", "AC", "AH", "AD"], "big_casino": 1,
         "little_casino": 1},
    ]
    tally_round(client, token, sides)
    match = match_of(token)
    assert match.finished and match.winner_side == 0
    page = plain(client.get(f"/match/{token}"))
    assert "counting out" in page and "3 (target 3)" in page


def test_krypkasino_fewest_points_win_once_a_side_reaches_the_target(client):
    token = new_match(client, variant="krypkasino", target=20)
    aces = ["AS", "AC", "AH", "AD"]
    sides = [
        # 10♦ x2 = 6, 2♠ x2 = 4, aces: AS AS (2 each) AC AC = 6 ... spades 20 - 2 = 18
        {"cards": 60, "spades": 20, "aces": aces[:2] + [a + "2" for a in aces[:2]],
         "big_casino": 2, "little_casino": 2},
        {"cards": 44, "spades": 6, "aces": aces[2:] + [a + "2" for a in aces[2:]],
         "big_casino": 0, "little_casino": 0},
    ]
    # side 0: 6 + 4 + 4 aces + (20 - 2) spades = 32; side 1: 4 aces + 6 spades = 10
    tally_round(client, token, sides)
    match = match_of(token)
    assert match.finished and match.winner_side == 1
    # the winner, and who ended the match by reaching the target
    assert ("Bo wins with the fewest points (10) once Ann reached 20"
            in plain(client.get(f"/match/{token}")))


def test_finnish_count_out_mid_round_ends_the_match_on_the_page(client):
    token = new_match(client, variant="finnish", target=2)
    number = start_round(client, token)
    lay_table(client, token, number, ["KC", "AC", "3D", "7H"])
    # Bo deals, Ann plays first: A♠ as 14 takes K♣ + A♣ (13 + 1): two aces, 2 points
    response = post_play(client, token, number, "AS", "capture", refs=[0, 1])
    assert response.status_code == 200
    page = plain(response)
    # the turn line says who won, not only that the match is decided
    assert "Ann wins the match. The match was decided during this round." in page
    assert 'name="action" value="capture"' not in text(response)  # no more plays
    confirm = client.post(f"/match/{token}/round/{number}/confirm",
                          data={"version": version(token, number)})
    assert confirm.status_code == 303
    match = match_of(token)
    assert match.finished and match.winner_side == 0
    assert "in the middle of the round" in plain(client.get(f"/match/{token}"))


def test_rematch_keeps_the_players_and_passes_the_deal(client):
    token = new_match(client, target=10)
    tally_round(client, token, SWEDISH_SIDES)
    response = client.post(f"/match/{token}/rematch")
    assert response.status_code == 303
    new_token = response.headers["Location"].rsplit("/", 1)[-1]
    old, new = match_of(token), match_of(new_token)
    assert new.names == old.names and new.variant == old.variant
    assert new.first_dealer == (old.first_dealer + 1) % 2 and not new.finished


def test_the_table_has_one_rematch_and_every_phone_is_led_to_it(client):
    """Two phones tapping "Rematch" land in the same match, and the finished scoreboard
    leads each phone there at the link of its own kind (the players', its seat's, the
    watching link), instead of offering another rematch."""
    token = new_match(client, target=10)
    tally_round(client, token, SWEDISH_SIDES)
    first = client.post(f"/match/{token}/rematch")
    second = client.post(f"/match/{token}/rematch")
    assert first.status_code == second.status_code == 303
    assert first.headers["Location"] == second.headers["Location"]
    old = match_of(token)
    rematch = match_of(first.headers["Location"].rsplit("/", 1)[-1])
    assert rematch.rematch_of_id == old.id and rematch.id != old.id
    links = {token: rematch.edit_token, old.view_token: rematch.view_token,
             old.seat_token(1): rematch.seat_token(1)}
    for link, led_to in links.items():
        page = text(client.get(f"/match/{link}"))
        assert f'href="/match/{led_to}">To the rematch</a>' in page
        assert "/rematch" not in page  # no second rematch offered
    # a match without a rematch yet offers it to the players' link only
    other = new_match(client, target=10)
    tally_round(client, other, SWEDISH_SIDES)
    assert "To the rematch" not in plain(client.get(f"/match/{other}"))
    assert f"/match/{other}/rematch" in text(client.get(f"/match/{other}"))


def test_two_rematches_at_the_same_moment_make_one(app, monkeypatch):
    """The second of two phones that both found no rematch and both made one: the database
    refuses the second (one rematch per match), and that phone gets the first's."""
    from referee import service
    from referee.extensions import db
    from referee.models import Match

    with app.app_context():
        match = service.create_match("swedish", {}, ["Ann", "Bo"])
        first = service.rematch(match)
        looked = []
        real = service.rematch_of

        def not_yet(of):  # the second phone looked before the first phone's commit
            looked.append(of.id)
            return None if len(looked) == 1 else real(of)

        monkeypatch.setattr(service, "rematch_of", not_yet)
        second = service.rematch(db.session.get(Match, match.id))
        assert second.id == first.id and looked == [match.id, match.id]
        assert db.session.query(Match).filter_by(rematch_of_id=match.id).count() == 1


def test_rematch_of_a_running_match_is_refused(client):
    token = new_match(client)
    assert client.post(f"/match/{token}/rematch").status_code == 409


# -- Royal with the most-aces house rule: the one point counted out where the aces stand --

@pytest.mark.parametrize(("second", "winner"), [
    # side 1 takes 2♠, counted out before the aces (RULES §8: ... 10♦, 2♠, aces ..., sweeps)
    (tally(13, 1, [], little=1), 1),
    # side 1 sweeps once (the sweeps option), counted out after the aces
    (tally(13, 1, [], sweeps=1), 0),
])
def test_royal_most_aces_point_is_counted_out_where_the_aces_stand_rules_8(second, winner):
    """RULES §6 gives "1 point for most aces instead of 1 per ace" as a house option and
    §8 Royal's count-out order "cards, spades, 10♦, 2♠, aces ♠ ♣ ♥ ♦, sweeps": the one
    point for most aces takes the aces' place. Sides 0 and 1 stand at 20 of 21, side 2
    takes most cards, most spades and 10♦ (and 2♠ when side 1 does not)."""
    rules = get_rules("royal", {"most_aces": True, "royal_sweeps": True})
    first = tally(13, 1, ["AS", "AC", "AH"])
    third = tally(26, 11, ["AD"], big=1, little=1 - second.little_casino)
    result = _result3(rules, [first, second, third], [20, 20, 0])
    assert result.finished and result.winner == winner
    # both reach 21: the order alone decides
    assert result.scores[:2] == (21, 21)


def _result3(rules, tallies, scores):
    result = score_round(rules, tallies, scores)
    return settle(rules, scores, result, [t.spades for t in tallies])
