"""The round on a phone: starting it, the first table, plays and verdicts, overrule and
undo, the card picker, the watching phone, the end of a deal and of the round."""

from __future__ import annotations

import random
import re

import pytest
from pages import (
    HX,
    SWEDISH_SIDES,
    lay_table,
    match_of,
    new_match,
    opened,
    plain,
    plain_of,
    post_play,
    round_of,
    start_round,
    tally_data,
    text,
    version,
)

from referee import service
from referee.extensions import db
from referee.models import Event
from referee.rules.cards import Card, pack
from referee.rules.events import EventKind, Overruled, Played, in_force
from referee.rules.table import Build
from referee.rules.turn import Action, Play, legal_plays

# -- starting a round ------------------------------------------------------------------

def test_starting_a_round_needs_a_known_mode(client):
    token = new_match(client)
    for data in ({}, {"mode": "poker"}):
        response = client.post(f"/match/{token}/rounds", data=data)
        assert response.status_code == 400
        assert "play by play or tally only" in plain(response)
    assert match_of(token).rounds == []


# -- the first table -------------------------------------------------------------------

def test_round_page_asks_for_the_first_table_cards(client):
    token = new_match(client)
    number = start_round(client, token)
    page = plain(client.get(f"/match/{token}/round/{number}"))
    assert "Bo deals. The first table: 0 of 4 cards" in page
    assert "Tap the cards on the table." in page


def test_first_table_cards_are_tapped_one_at_a_time(client):
    token = new_match(client)
    number = start_round(client, token)
    here = f"/match/{token}/round/{number}"
    body = text(client.get(here, query_string={"table": "9S 6C", "add": "3D"}))
    assert "The first table: 3 of 4 cards" in plain_of(body)
    assert 'name="table" value="9S 6C 3D"' in body
    # a chosen card taps away again
    body = text(client.get(here, query_string={"table": "9S 6C 3D", "drop": "1"}))
    assert 'name="table" value="9S 3D"' in body
    # nothing is written until the table is confirmed
    assert round_of(token, number).events == []


def test_a_first_table_card_tapped_twice_is_refused_with_one_pack(client):
    token = new_match(client)
    number = start_round(client, token)
    body = text(client.get(f"/match/{token}/round/{number}",
                           query_string={"table": "9S 6C", "add": "9S"}))
    assert "9♠ is already among the table cards." in plain_of(body)
    assert 'name="table" value="9S 6C"' in body


def test_first_table_of_the_wrong_size_is_refused(client):
    token = new_match(client)
    number = start_round(client, token)
    response = lay_table(client, token, number, ["9S", "6C"])
    assert response.status_code == 422
    assert "starts with 4 cards on the table, not 2" in plain(response)
    assert round_of(token, number).events == []
    # the two cards stay picked: the next tap adds the third to them
    assert "The first table: 2 of 4 cards" in plain(response)
    assert 'name="table" value="9S 6C"' in text(response)


def test_first_table_card_that_does_not_exist_is_refused(client):
    token = new_match(client)
    number = start_round(client, token)
    response = lay_table(client, token, number, ["9S", "6C", "3D", "1X"])
    assert response.status_code == 422
    assert round_of(token, number).events == []


def test_two_packs_a_card_can_lie_twice_on_the_first_table(client):
    token = new_match(client, variant="mulle")
    number = start_round(client, token)
    here = f"/match/{token}/round/{number}"
    body = text(client.get(here, query_string={"table": "7H 2C 3D 9S", "add": "7H"}))
    assert 'name="table" value="7H 2C 3D 9S 7H"' in body
    response = lay_table(client, token, number, ["7H", "2C", "3D", "9S", "7H"])
    assert response.status_code == 200
    assert round_of(token, number).events[0].data["cards"] == ["7H", "2C", "3D", "9S", "7H"]


def test_two_packs_a_third_copy_on_the_first_table_says_both_are_there(client):
    # a Mulle phone review: "9♥ is already among the table cards" when the second 9♥ had
    # just been taken; the third is refused for there being two
    token = new_match(client, variant="mulle")
    number = start_round(client, token)
    body = text(client.get(f"/match/{token}/round/{number}",
                           query_string={"table": "9H 2C 9H", "add": "9H"}))
    assert "Both 9♥ of the two packs are already among the table cards." in plain_of(body)
    assert 'name="table" value="9H 2C 9H"' in body


def test_a_card_code_that_is_not_in_the_pack_is_refused_on_the_page(client):
    token = new_match(client)
    number = start_round(client, token)
    response = client.get(f"/match/{token}/round/{number}", query_string={"add": "1X"})
    assert response.status_code == 422
    assert "That card is not in the pack" in plain(response)


@pytest.mark.parametrize("query", [{"plays": "abc"}, {"v": "-1"}, {"drop": "x"}])
def test_an_address_edited_by_hand_is_told_apart_from_a_card_not_in_the_pack(client, query):
    """Nothing about a card was asked: the page says the address asks for something it
    does not show, and shows the round as it is (the same page as without the query)."""
    token, number = opened(client)
    response = client.get(f"/match/{token}/round/{number}", query_string=query)
    assert response.status_code == 422
    page = plain(response)
    assert "That card is not in the pack" not in page
    assert ("This page's address asks for something it does not show: here is the round as "
            "it is now.") in page
    shown = page.replace("This page's address asks for something it does not show: here is "
                         "the round as it is now.", "")
    assert shown.split() == plain(client.get(f"/match/{token}/round/{number}")).split()


# -- plays and verdicts ----------------------------------------------------------------

def test_status_shows_whose_turn_and_the_deal(client):
    token, number = opened(client)  # Bo deals, so Ann plays first
    page = plain(client.get(f"/match/{token}/round/{number}"))
    assert "Ann to play" in page and "deal 1/6" in page


def test_legal_play_is_recorded_and_swaps_in_as_a_fragment(client):
    token, number = opened(client)
    response = post_play(client, token, number, "9H", "capture", refs=[0], headers=HX)
    assert response.status_code == 200
    body = text(response)
    assert "<html" not in body and 'id="round"' in body
    assert "Ann: 9♥ takes 9♠ — legal" in plain(response)
    assert "Bo to play" in plain(response)
    assert [e.kind for e in round_of(token, number).events] == ["table", "play"]


def test_the_verdict_stays_with_its_play_and_player(client):
    token, number = opened(client)
    post_play(client, token, number, "9H", "capture", refs=[0])
    page = plain(client.get(f"/match/{token}/round/{number}"))
    assert "Ann: 9♥ takes 9♠ — legal" in page and "Bo to play" in page
    response = post_play(client, token, number, "KD", "trail")
    assert "Bo: trail K♦ — legal" in plain(response)
    assert "Ann: 9♥ takes 9♠ — legal" not in plain(response).split("Ann to play")[0]


def test_same_play_without_javascript_gets_the_whole_page(client):
    token, number = opened(client)
    response = post_play(client, token, number, "9H", "capture", refs=[0])
    assert response.status_code == 200 and "<html" in text(response)


def test_a_plain_form_post_is_redirected_so_a_reload_sends_nothing_again(client):
    token, number = opened(client)
    response = client.post(f"/match/{token}/round/{number}/play", data={
        "card": "9H", "action": "capture", "refs": ["0"], "version": version(token, number)})
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"/match/{token}/round/{number}")
    page = plain(client.get(response.headers["Location"]))
    assert "Ann: 9♥ takes 9♠ — legal" in page  # the verdict is the play's, not a flash
    assert len(round_of(token, number).events) == 2  # the reload sent nothing


def test_a_form_address_opened_by_get_goes_back_to_the_round(client):
    token, number = opened(client)
    for what in ("play", "overrule", "undo", "table", "confirm", "tally"):
        response = client.get(f"/match/{token}/round/{number}/{what}")
        assert response.status_code == 303
        assert response.headers["Location"].endswith(f"/round/{number}")


def test_illegal_play_shows_why_and_the_legal_alternatives(client):
    token, number = opened(client)
    # 9♥ on 6♣+5♥ = 11: not 9; the 9 could take 9♠ and 6♣+3♦
    response = post_play(client, token, number, "9H", "capture", refs=[1, 3], headers=HX)
    assert response.status_code == 422
    page = plain(response)
    assert "Ann: 9♥ takes 6♣+5♥ — not allowed" in page
    assert "6♣+5♥ = 11, not 9" in page  # the rule first, in plain words
    assert "why?" in page  # the engine's detail folded away
    assert "9♥ takes 9♠ and 6♣+3♦" in page  # the best alternative, in its groups
    assert round_of(token, number).events[-1].kind == "table"  # nothing recorded


def test_alternative_is_a_one_tap_legal_play(client):
    token, number = opened(client)
    response = post_play(client, token, number, "9H", "capture", refs=[1, 3], headers=HX)
    # the first choice posts the best capture: 9♠ | 6♣+3♦ (indexes 0, 1, 2)
    body = text(response)
    first = body.split('class="choice"')[0].rsplit("<form", 1)[1]
    assert re.findall(r'name="refs" value="(\d+)"', first) == ["0", "1", "2"]
    taken = post_play(client, token, number, "9H", "capture", refs=[0, 1, 2], headers=HX)
    assert taken.status_code == 200 and "— legal" in plain(taken)


def test_trail_ignores_ticked_table_cards(client):
    token, number = opened(client)
    response = post_play(client, token, number, "KD", "trail", refs=[0, 1], headers=HX)
    assert response.status_code == 200 and "Ann: trail K♦ — legal" in plain(response)


def test_card_that_captures_nothing_is_offered_only_the_trail(client):
    token, number = opened(client)
    response = post_play(client, token, number, "KD", "capture", refs=[0], headers=HX)
    assert response.status_code == 422
    body = text(response)
    assert "9♠ alone counts more than" not in plain(response)
    assert _choices(body) == ["trail K♦"]


def test_card_already_seen_is_refused_at_the_card(client):
    token, number = opened(client)
    response = post_play(client, token, number, "9S", "trail")
    assert response.status_code == 422
    assert "9♠ has already turned up (on the first table)" in plain(response)
    assert len(round_of(token, number).events) == 1


def test_card_that_does_not_exist_is_refused(client):
    token, number = opened(client)
    response = post_play(client, token, number, "ZZ", "trail")
    assert response.status_code == 422
    assert len(round_of(token, number).events) == 1


def test_table_reference_that_is_not_there_is_refused(client):
    token, number = opened(client)
    response = post_play(client, token, number, "9H", "capture", refs=[7])
    assert response.status_code == 422
    assert "no table item 7" in plain(response)


@pytest.mark.parametrize("action", ["capture", "build", "double"])
def test_a_claim_with_nothing_ticked_is_a_form_to_complete_not_a_verdict(client, action):
    token, number = opened(client, variant="norwegian")
    response = post_play(client, token, number, "9H", action, value=9, headers=HX)
    assert response.status_code == 422
    page = plain(response)
    # the claim first, the verdict after: a prompt at the boxes, no ruling, no overrule;
    # a capture takes, a build or a double goes onto
    prompt = "takes" if action == "capture" else "goes onto"
    assert f"Tick what 9♥ {prompt}." in page
    assert "not allowed" not in page and "at least one" not in page
    assert "The table overrules the referee" not in page
    body = text(response)
    assert '<details class="claim" open>' in body  # the boxes to tick, open
    assert "trail 9♥" in _chosen_row(body)  # the card stays picked, its plays offered
    assert len(round_of(token, number).events) == 1  # nothing recorded


def test_an_overrule_of_an_empty_claim_is_a_form_to_complete_too(client):
    token, number = opened(client)
    response = post_play(client, token, number, "9H", "capture", overrule="house rule")
    assert response.status_code == 422
    assert "Tick what 9♥ takes." in plain(response)
    assert len(round_of(token, number).events) == 1


@pytest.mark.parametrize(("variant", "hint"), [
    ("norwegian", "Tick what 9♥ takes or goes on, then say what it does."),
    ("krypkasino", "Tick what 9♥ takes, then say what it does."),
])
def test_the_claims_hint_speaks_of_going_onto_only_where_the_variant_builds(
        client, variant, hint):
    """Krypkasino has no building (RULES §7): nothing goes onto anything."""
    token, number = opened(client, variant=variant)
    page = plain(client.get(f"/match/{token}/round/{number}?card=9H"))
    assert hint in page


@pytest.mark.parametrize("path", ["play", "overrule", "table"])
def test_a_play_sent_to_a_round_kept_by_tallies_says_so(client, path):
    token = new_match(client)
    number = start_round(client, token, "tally")
    data = {"version": version(token, number), "card": "9H", "action": "trail",
            "reason": "house rule", "table": "9S 6C 3D 5H"}
    response = client.post(f"/match/{token}/round/{number}/{path}", data=data, headers=HX)
    assert response.status_code == 409
    page = plain(response)
    assert "This round is counted by tallies: enter each side's counts." in page
    assert "first table" not in page  # not the engine's word for a round not begun
    assert "Count the points" in page  # the tally form, as before
    assert round_of(token, number).events == []


def test_a_tally_sent_to_a_round_played_play_by_play_says_so(client):
    token, number = opened(client)
    response = client.post(f"/match/{token}/round/{number}/tally",
                           data=tally_data(token, number, SWEDISH_SIDES), headers=HX)
    assert response.status_code == 409
    assert "This round is recorded play by play." in plain(response)
    assert len(round_of(token, number).events) == 1


def test_a_round_started_the_wrong_way_switches_while_nothing_is_recorded(client):
    """A tap on "Play by play" meant for "Only the tallies" (or the other way round): while
    nothing is recorded the round switches, and every phone showing it follows (its
    version moves on); the switch is the log's event."""
    token = new_match(client)
    number = start_round(client, token, "play")
    assert "Only the tallies instead" in plain(client.get(f"/match/{token}/round/{number}"))
    response = client.post(f"/match/{token}/round/{number}/mode", data={"version": 0},
                           headers=HX)
    assert response.status_code == 200
    page = plain(response)
    assert "This round is counted by its tallies." in page and "Count the points" in page
    assert "Play by play instead" in page  # and back again, still nothing recorded
    switched = round_of(token, number)
    assert switched.tally_only and switched.version == 1
    assert [(e.kind, e.data) for e in switched.events] == [(EventKind.SWITCH, {"mode": "tally"})]
    assert client.post(f"/match/{token}/round/{number}/tally",
                       data=tally_data(token, number, SWEDISH_SIDES)).status_code == 303
    assert len(round_of(token, number).events) == 2
    # the other way, from a plain form (no htmx): back to the round page
    token = new_match(client)
    number = start_round(client, token, "tally")
    response = client.post(f"/match/{token}/round/{number}/mode", data={"version": 0})
    assert response.status_code == 303
    page = plain(client.get(response.headers["Location"]))
    assert "This round is recorded play by play." in page and "These are on the table" in page
    assert not round_of(token, number).tally_only


def test_a_round_taken_back_to_nothing_switches_to_the_tallies_and_back(client):
    """The table records a few plays, gives up, and takes them all back: with nothing in
    force the round switches to its tallies; the plays stay in the log, taken back, and
    count for nothing. A tally taken back lets it switch back to play by play, afresh."""
    token, number = opened(client)  # the first table laid: version 1
    first = post_play(client, token, number, "2S", headers=HX)
    assert first.status_code == 200
    assert "Only the tallies instead" not in plain(first)
    for at in (2, 3):  # the play, then the first table cards
        taken = client.post(f"/match/{token}/round/{number}/undo", data={"version": at},
                            headers=HX)
        assert taken.status_code == 200
    assert "Only the tallies instead" in plain(taken)
    switched = client.post(f"/match/{token}/round/{number}/mode", data={"version": 4},
                           headers=HX)
    assert switched.status_code == 200 and "Count the points" in plain(switched)
    rnd = round_of(token, number)
    assert rnd.tally_only and rnd.version == 5
    assert [e.kind for e in rnd.events] == [EventKind.TABLE, EventKind.PLAY, EventKind.UNDO,
                                            EventKind.UNDO, EventKind.SWITCH]
    # nothing of the plays taken back is counted: the tallies alone make the round
    assert client.post(f"/match/{token}/round/{number}/tally",
                       data=tally_data(token, number, SWEDISH_SIDES)).status_code == 303
    assert service.round_result(round_of(token, number)) is not None
    assert "Play by play instead" not in plain(client.get(f"/match/{token}/round/{number}"))
    # the tally taken back: play by play again, from the first table cards
    assert client.post(f"/match/{token}/round/{number}/undo", data={"version": 6},
                       headers=HX).status_code == 200
    back = client.post(f"/match/{token}/round/{number}/mode", data={"version": 7}, headers=HX)
    assert back.status_code == 200 and "These are on the table" in plain(back)
    assert lay_table(client, token, number, ["2H", "5C", "9D", "KS"]).status_code == 200
    game = service.game_of(round_of(token, number))
    assert game.started and game.logged == 1 and not game.records
    # an undo has nothing before the switch to take back
    assert client.post(f"/match/{token}/round/{number}/undo", data={"version": 9},
                       headers=HX).status_code == 200
    nothing = client.post(f"/match/{token}/round/{number}/undo", data={"version": 10},
                          headers=HX)
    assert nothing.status_code == 409 and "nothing to undo" in plain(nothing)


def test_a_round_with_something_recorded_keeps_its_way(client):
    token, number = opened(client)  # the first table laid: version 1
    assert "Only the tallies instead" not in plain(client.get(f"/match/{token}/round/{number}"))
    response = client.post(f"/match/{token}/round/{number}/mode", data={"version": 1},
                           headers=HX)
    assert response.status_code == 409
    assert "Something is recorded in this round: take it back with Undo first" in plain(response)
    assert not round_of(token, number).tally_only and len(round_of(token, number).events) == 1
    # a page from before another phone's change: nothing changes either
    token = new_match(client)
    number = start_round(client, token, "play")
    lay = lay_table(client, token, number, ["2H", "5C", "9D", "KS"])
    assert lay.status_code == 200
    stale = client.post(f"/match/{token}/round/{number}/mode", data={"version": 0}, headers=HX)
    assert stale.status_code == 409 and "another phone recorded something first" in plain(stale)
    assert not round_of(token, number).tally_only
    # the watching link cannot
    token = new_match(client)
    number = start_round(client, token, "play")
    watch = match_of(token).view_token
    assert client.post(f"/match/{watch}/round/{number}/mode",
                       data={"version": 0}).status_code == 403
    assert not round_of(token, number).tally_only


# -- the panel on a phone: what it offers, what stays across a change ---------------------

def _eight_cards(client) -> tuple[str, int]:
    """A Swedish table of eight loose cards on which K♣ has ten captures."""
    token, number = opened(client, table=("4D", "4C", "4H", "3C"))
    for card in ("KH", "AD", "6C", "2C"):
        assert post_play(client, token, number, card).status_code == 200
    return token, number


def test_on_a_big_table_the_trail_stays_one_tap_and_the_offers_fit_the_screen(client):
    token, number = _eight_cards(client)
    body = text(client.get(f"/match/{token}/round/{number}", query_string={"card": "KC"}))
    offered = _choices(body)
    assert offered[0] == "trail K♣" and "trail K♣" in _chosen_row(body)
    shown = body[:body.index('<details class="more">')]
    assert len(_choices(shown)) == 1 + 5  # the trail and the five best captures
    assert len(offered) == 1 + 10 and "5 more" in plain_of(body)
    assert all(t.startswith("K♣ takes") for t in offered[1:])
    assert "Another claim…" in plain_of(body)


def test_every_change_morphs_the_panel_and_its_live_regions_are_always_there(client):
    token, number = opened(client)
    body = text(client.get(f"/match/{token}/round/{number}", query_string={"card": "9H"}))
    swaps = re.findall(r'hx-swap="([^"]+)"', body)
    assert swaps and set(swaps) == {"outerMorph"}  # the poll, the card picks, the plays
    # a poll is dropped while a change is under way, so it never swaps over its answer
    syncs = re.findall(r'hx-sync="([^"]+)"', body)
    assert syncs[0] == "this:drop" and set(syncs[1:]) == {"#round:replace"}
    assert len(syncs) == len(swaps)
    # empty or not, the regions a screen reader listens to stand in every answer
    assert '<p id="notice" class="notice" role="status"></p>' in body
    assert re.search(r'<div id="verdict" aria-live="polite" aria-atomic="true">', body)
    assert re.search(r'<p id="turn" class="turn" role="status">\s*<strong>Ann to play', body)
    tally = new_match(client)
    tally_round = start_round(client, tally, "tally")
    page = text(client.get(f"/match/{tally}/round/{tally_round}"))
    assert set(re.findall(r'hx-swap="([^"]+)"', page)) == {"outerMorph"}
    assert '<p id="notice" class="notice" role="status"></p>' in page


def test_a_short_last_deal_tells_the_dealer_how_many_cards_each_gets(client):
    # Krypkasino, three players, Bo deals: 104 − 4 on the table = 8 deals of 12 and 4
    # cards over, dealt one by one from the dealer's left (RULES §4): Cy 2, Ann 1, Bo 1
    token = new_match(client, variant="krypkasino", names=("Ann", "Bo", "Cy"))
    number = start_round(client, token)
    deck = [c.code for c in pack(2)]
    random.Random(3).shuffle(deck)
    lay_table(client, token, number, deck[:4])
    here = f"/match/{token}/round/{number}"
    assert 'id="hands"' not in text(client.get(here))  # a full deal: four cards each
    for code in deck[4:]:
        game = service.game_of(round_of(token, number))
        if game.last_deal:
            break
        best = legal_plays(game.spot(), Card.parse(code), game.budget)[0]
        response = post_play(client, token, number, code, best.action.value, refs=best.refs)
        assert response.status_code == 200, plain(response)[:500]
    page = plain(client.get(here))
    assert ("Deal 9: Bo deals the last cards. Cy to play last deal this deal: Cy 2 cards, "
            "Ann 1 card, Bo 1 card") in page


def test_when_the_hands_are_played_out_the_table_is_told_to_deal_again(client):
    """Swedish, two players, Bo deals: after the eight cards of deal 1 the round page and
    the big screen say that Bo deals 4 cards each (RULES §4: 52 = 4 + 6 × 8); the first
    play of deal 2 takes the line away."""
    token, number = opened(client)  # 9♠ 6♣ 3♦ 5♥ on the table, Ann plays first
    here = f"/match/{token}/round/{number}"
    for code in ("KS", "KH", "QS", "QH", "JS", "JH", "10S"):
        assert post_play(client, token, number, code, "trail").status_code == 200
        assert 'id="new-deal"' not in text(client.get(here))
    post_play(client, token, number, "10H", "trail")  # Bo's fourth card: deal 1 is over
    said = "Deal 2: Bo deals 4 cards to each. Ann to play"  # dealing comes first
    assert said in plain(client.get(here))
    assert "Deal 2: Bo deals 4 cards to each." in plain(client.get(f"/match/{token}/tv"))
    post_play(client, token, number, "8S", "trail")
    assert "deals 4 cards" not in plain(client.get(here))


def test_the_first_deal_is_told_with_the_first_table_a_norwegian_fives_half_deal(client):
    """Before the first table the dealer is told the first deal too: four cards each for
    two players, and two each for five Norwegian players, whose first deal is a half deal
    (RULES §4: 52 = 2 + 10 + 40). Once the table is laid the line goes."""
    token = new_match(client)  # Bo deals
    here = f"/match/{token}/round/{start_round(client, token)}"
    assert "Deal 1: Bo deals 4 cards to each." in plain(client.get(here))
    five = new_match(client, variant="norwegian", names=("Ann", "Bo", "Cy", "Di", "Ed"))
    number = start_round(client, five)
    page = plain(client.get(f"/match/{five}/round/{number}"))
    assert "The first table: 0 of 2 cards Deal 1: Bo deals 2 cards to each." in page
    lay_table(client, five, number, ["9S", "6C"])
    assert "Deal 1:" not in plain(client.get(f"/match/{five}/round/{number}"))


def test_where_the_last_cards_went_stands_where_they_lay(client):
    token = new_match(client)
    number = start_round(client, token)
    deck = [c.code for c in pack()]
    random.Random(7).shuffle(deck)  # a pack whose last capture leaves cards on the table
    lay_table(client, token, number, deck[:4])
    for code in deck[4:]:  # each player takes what the referee offers first
        game = service.game_of(round_of(token, number))
        best = legal_plays(game.spot(), Card.parse(code), game.budget)[0]
        response = post_play(client, token, number, code, best.action.value, refs=best.refs)
        assert response.status_code == 200, plain(response)[:500]
    game = service.game_of(round_of(token, number))
    assert game.finished and game.leftover and not game.table
    body = text(response)
    felt = plain_of(body[body.index('id="felt"'):body.index('id="round"') + len(body)])
    felt = felt[:felt.index("The round's points")]
    assert "The cards left on the table (" in felt and "who made the last capture" in felt
    assert "The table is empty." not in plain_of(body)


def test_a_refused_claim_with_an_ace_shows_every_sum_it_makes(client):
    token, number = opened(client, table=("AS", "JH", "QD", "3C"))
    refused = post_play(client, token, number, "KC", "capture", refs=[0, 1], headers=HX)
    assert refused.status_code == 422
    assert "A♠+J♥ = 12 or 25: not 13, nor sets of 13" in plain(refused)
    # the claim the referee offers instead, one tap away
    assert "K♣ takes A♠+Q♦" in plain(refused)


# -- overrule and undo -----------------------------------------------------------------

def test_overrule_needs_a_reason(client):
    token, number = opened(client)
    response = post_play(client, token, number, "9H", "capture", refs=[1, 3], overrule="  ")
    assert response.status_code == 422
    assert "Say why the table overrules" in plain(response)
    assert len(round_of(token, number).events) == 1


def test_overrule_without_a_reason_keeps_the_overrule_form(client):
    token, number = opened(client)
    response = post_play(client, token, number, "9H", "capture", refs=[1, 3], overrule=" ",
                         headers=HX)
    assert response.status_code == 422
    body = text(response)
    assert "Say why the table overrules" in plain(response)
    assert "/overrule" in body and '<details class="overrule" open>' in body


def test_overrule_records_the_play_with_its_reason(client):
    token, number = opened(client)
    response = post_play(client, token, number, "9H", "capture", refs=[1, 3],
                         overrule="house rule: near enough")
    assert response.status_code == 200
    event = round_of(token, number).events[-1]
    assert event.kind is EventKind.OVERRULE
    assert event.event == Overruled(Play(Card.parse("9H"), Action.CAPTURE, (1, 3)),
                                    "house rule: near enough")
    page = plain(client.get(f"/match/{token}/round/{number}"))
    assert "Overruled by the table: house rule: near enough" in page


def test_overrule_says_it_was_recorded_as_the_table_ruled(client):
    token, number = opened(client)
    response = post_play(client, token, number, "9H", "capture", refs=[1, 3],
                         overrule="we always play it so", headers=HX)
    assert response.status_code == 200
    page = plain(response)
    assert "Ann: 9♥ takes 6♣+5♥ — recorded as the table ruled" in page
    assert "The table's reason: we always play it so" in page
    assert "Not allowed" not in page


def test_undo_takes_back_the_last_play(client):
    token, number = opened(client)
    post_play(client, token, number, "9H", "capture", refs=[0])
    response = client.post(f"/match/{token}/round/{number}/undo",
                           data={"version": version(token, number)}, follow_redirects=True)
    assert response.status_code == 200
    rnd = round_of(token, number)
    assert [e.kind for e in rnd.events] == [EventKind.TABLE, EventKind.PLAY, EventKind.UNDO]
    assert [e.kind for e in in_force(rnd.log)] == [EventKind.TABLE]
    assert "Ann to play" in plain(response)
    assert "Taken back: Ann, 9♥ takes 9♠." in plain(response)  # the notice names the play


def _redo_form(body: str) -> tuple[str, dict[str, object]]:
    """The address and fields of the panel's one-tap redo, as the phone would post them."""
    form = re.search(r'<form method="post" action="([^"]+)" class="one" id="redo".*?</form>',
                     body, re.S)
    assert form is not None, "no redo offered"
    fields: dict[str, object] = {}
    for name, value in re.findall(r'name="(\w+)" value="([^"]*)"', form.group(0)):
        if name == "refs":
            fields.setdefault("refs", []).append(value)  # type: ignore[union-attr]
        elif name != "csrf_token":
            fields[name] = value
    return form.group(1), fields


def test_a_play_taken_back_is_offered_again_at_one_tap(client):
    """A finger slipped on Undo: the answer offers the play again beside the notice, and
    one tap records it, judged again, as it was. Nothing is offered after the first table
    cards are taken back, nor on the next page."""
    token, number = opened(client)
    post_play(client, token, number, "9H", "capture", refs=[0], headers=HX)
    before = plain(client.get(f"/match/{token}/round/{number}"))
    undone = client.post(f"/match/{token}/round/{number}/undo",
                         data={"version": version(token, number)}, headers=HX)
    assert undone.status_code == 200
    page = plain(undone)
    assert "Taken back: Ann, 9♥ takes 9♠." in page and "Redo: 9♥ takes 9♠" in page
    url, redo = _redo_form(text(undone))
    # the play as it was, sent to /play from the version after the undo
    assert url == f"/match/{token}/round/{number}/play" and version(token, number) == 3
    assert redo == {"version": "3", "card": "9H", "action": "capture", "refs": ["0"]}
    assert "Redo" not in plain(client.get(f"/match/{token}/round/{number}"))  # once only
    again = client.post(url, data=redo, headers=HX)
    assert again.status_code == 200 and "Redo" not in plain(again)
    # the round as it was before the undo, word for word
    assert plain(client.get(f"/match/{token}/round/{number}")) == before
    assert [e.kind for e in in_force(round_of(token, number).log)] == [
        EventKind.TABLE, EventKind.PLAY]
    first = client.post(f"/match/{token}/round/{number}/undo",
                        data={"version": version(token, number)}, headers=HX)
    table_back = client.post(f"/match/{token}/round/{number}/undo",
                             data={"version": version(token, number)}, headers=HX)
    assert "Redo: 9♥ takes 9♠" in plain(first)
    assert "Taken back: the first table cards." in plain(table_back)
    assert 'id="redo"' not in text(table_back)


def test_an_overruled_play_taken_back_is_offered_again_with_the_tables_reason(client):
    """An overruled play taken back by mistake comes back at one tap too: recorded again
    as the table ruled, with its reason, without typing it again."""
    token, number = opened(client)
    post_play(client, token, number, "9H", "capture", refs=[1, 3],
              overrule="we always play it so", headers=HX)
    before = plain(client.get(f"/match/{token}/round/{number}"))
    undone = client.post(f"/match/{token}/round/{number}/undo",
                         data={"version": version(token, number)}, headers=HX)
    assert "Taken back: Ann, 9♥ takes 6♣+5♥." in plain(undone)
    assert "Redo: 9♥ takes 6♣+5♥" in plain(undone)
    url, redo = _redo_form(text(undone))
    assert url == f"/match/{token}/round/{number}/overrule"
    assert redo == {"version": "3", "reason": "we always play it so", "card": "9H",
                    "action": "capture", "refs": ["1", "3"]}
    again = client.post(url, data=redo, headers=HX)
    assert again.status_code == 200
    assert "The table's reason: we always play it so" in plain(again)
    assert plain(client.get(f"/match/{token}/round/{number}")) == before


def test_undo_goes_back_as_far_as_the_start_of_the_round(client):
    token, number = opened(client)
    first = client.post(f"/match/{token}/round/{number}/undo",
                        data={"version": version(token, number)}, follow_redirects=True)
    assert in_force(round_of(token, number).log) == []
    assert "Taken back: the first table cards." in plain(first)
    response = client.post(f"/match/{token}/round/{number}/undo",
                           data={"version": version(token, number)}, follow_redirects=True)
    assert response.status_code == 409 and "nothing to undo" in plain(response)


# -- the card picker and the live counters ---------------------------------------------

def _disabled(body: str) -> set[str]:
    return set(re.findall(r'name="card" value="([^"]+)" disabled', body))


def _choices(body: str) -> list[str]:
    """The one-tap plays the page offers, in order (the trail first, beside the card)."""
    return re.findall(r'<button type="submit" class="choice[^"]*"[^>]*>([^<]+)</button>', body)


def _chosen_row(body: str) -> str:
    """The row of the card picked: the card, its trail and "Another card"."""
    return body[body.index('class="chosen-card"'):body.index("Another card")]


def _cards_offered(body: str) -> set[str]:
    return set(re.findall(r'name="card" value="([^"]+)" class="tile"', body))


def test_the_picker_never_shows_which_cards_are_still_unseen(client):
    token = new_match(client)
    number = start_round(client, token)
    lay_table(client, token, number, ["9S", "6C", "3D", "5H"])
    post_play(client, token, number, "9H", "capture", refs=[0])
    body = text(client.get(f"/match/{token}/round/{number}"))
    assert _cards_offered(body) == {c.code for c in pack()}
    assert "disabled" not in body


def test_a_card_that_has_turned_up_is_refused_with_where_it_went(client):
    token = new_match(client)
    number = start_round(client, token)
    lay_table(client, token, number, ["9S", "6C", "3D", "5H"])
    post_play(client, token, number, "9H", "capture", refs=[0])
    here = f"/match/{token}/round/{number}"
    page = plain(client.get(here, query_string={"card": "9S"}))
    assert "9♠ was on the first table and it is in Ann's pile" in page
    page = plain(client.get(here, query_string={"card": "9H"}))
    assert "Ann played 9♥ (play 1) and it is in Ann's pile" in page
    page = plain(client.get(here, query_string={"card": "6C"}))
    assert ("6♣ is one of the first table cards and still lies on the table: it cannot be "
            "played.") in page
    assert "Another card" not in page and "The card Bo plays" in page  # the pack again


def test_a_picked_card_is_offered_its_legal_plays_best_first(client):
    token, number = opened(client, variant="norwegian", table=("3S", "4C", "7D", "KD"))
    body = text(client.get(f"/match/{token}/round/{number}", query_string={"card": "7H"}))
    assert _choices(body) == ["trail 7♥", "7♥ takes 3♠+4♣ and 7♦", "7♥ on 3♠: a build of 10",
                              "7♥ on 4♣: a build of 11", "7♥ on 7♦: a build of 14",
                              "7♥ doubles 7♦"]
    assert "trail 7♥" in _chosen_row(body)  # the trail stands beside the card, one tap
    # the best play has the focus (and is where the keyboard goes on from)
    assert re.search(r'data-next autofocus>7♥ takes 3♠\+4♣ and 7♦<', body)
    assert "Ann plays" in plain_of(body)


def test_casino_says_multiple_build_where_the_nordic_games_say_double(client):
    """Seed 004 (pagat's Casino): a card laid on a card or build of its value makes a
    multiple build; English Casino players do not say "doubles". The offer, the claim's
    button, the verdict and the history say it so."""
    token, number = opened(client, variant="classic", table=("3S", "4C", "7D", "KD"))
    here = f"/match/{token}/round/{number}"
    body = text(client.get(here, query_string={"card": "7H"}))
    assert "7♥ on 7♦: a multiple build" in _choices(body)
    assert not any("doubles" in choice for choice in _choices(body))
    assert 'value="double" class="secondary">Multiple build</button>' in body
    page = plain(post_play(client, token, number, "7H", "double", refs=[2]))
    assert "Ann: 7♥ on 7♦: a multiple build of 7 — legal" in page  # the verdict
    assert page.count("Ann: 7♥ on 7♦: a multiple build of 7") == 2  # and the history
    assert "doubles" not in page
    nordic, round_no = opened(client, variant="norwegian", table=("3S", "4C", "7D", "KD"))
    body = text(client.get(f"/match/{nordic}/round/{round_no}", query_string={"card": "7H"}))
    assert "7♥ doubles 7♦" in _choices(body)
    assert 'value="double" class="secondary">Doubles</button>' in body


def test_casino_offers_builds_onto_several_loose_cards_in_one_tap(client):
    """Casino builds with several loose cards (seed 004: A♥ on 2♣+3♦ makes 6; 3♦ on 8♣
    and 5♣ a multiple build of 8, the sets 3♦+5♣ and 8♣): offered as one tap after the
    builds onto one card, said set by set where they are sets (not "a build of 8" on
    8♣+5♣, which reads as 13), and recorded as offered. The Nordic games build with one
    loose card and offer none."""
    token, number = opened(client, variant="classic", table=("8C", "5C", "2H", "KD"))
    here = f"/match/{token}/round/{number}"
    choices = _choices(text(client.get(here, query_string={"card": "3D"})))
    assert choices == ["trail 3♦", "3♦ on 5♣: a build of 8", "3♦ on 2♥: a build of 5",
                       "3♦+5♣ and 8♣: a multiple build of 8",
                       "3♦+2♥ and 5♣: a multiple build of 5",
                       "3♦ on 5♣+2♥: a build of 10"]
    page = plain(post_play(client, token, number, "3D", "build", refs=[0, 1], value=8))
    assert page.count("Ann: 3♦+5♣ and 8♣: a multiple build of 8") == 2  # verdict, history
    assert "locked build of 8" in page
    page = plain(client.post(f"{here}/undo", data={"version": version(token, number)},
                             headers=HX))
    assert "Taken back: Ann, 3♦+5♣ and 8♣: a multiple build of 8." in page
    nordic, round_no = opened(client, variant="norwegian", table=("8C", "5C", "2H", "KD"))
    choices = _choices(text(client.get(f"/match/{nordic}/round/{round_no}",
                                       query_string={"card": "3D"})))
    assert not any("+" in choice or " and " in choice for choice in choices), choices


def test_two_builds_pending_need_a_card_each(client):
    """Casino lets a player own several builds (seed 004): each must be backed, so the
    hand check asks for a card for each, not for one of them (Norwegian review)."""
    token, number = opened(client, variant="classic", table=("2C", "4D", "KD", "JD"))
    post_play(client, token, number, "4H", "build", refs=[0], value=6)
    post_play(client, token, number, "9S")
    page = plain(post_play(client, token, number, "3H", "build", refs=[0], value=7))
    assert ("Ann must hold cards that take 6 and 7, one for each build: checked at the end "
            "of the deal.") in page
    assert "6 or 7" not in page


def test_finnish_piles_say_what_is_left_of_sweeps_that_cancel(client):
    """Finnish sweeps cancel each other (RULES §5): a pile says so during the round, not
    only in the round's points (Finnish review)."""
    token, number = opened(client, variant="finnish", table=("2C", "3D", "4H", "9S"))
    post_play(client, token, number, "9H", "capture", refs=[0, 1, 2, 3])  # Ann's sweep
    page = plain(client.get(f"/match/{token}/round/{number}"))
    assert "1 sweep" in page and "once they cancel" not in page
    post_play(client, token, number, "5D")
    post_play(client, token, number, "6C")
    page = plain(post_play(client, token, number, "JD", "capture", refs=[0, 1]))  # Bo's
    assert page.count("1 sweep (0 once they cancel)") == 2, page
    swedish, round_no = opened(client, table=("2C", "3D", "4H", "9S"))  # no cancelling
    post_play(client, swedish, round_no, "9H", "capture", refs=[0, 1, 2, 3])
    post_play(client, swedish, round_no, "5D")
    post_play(client, swedish, round_no, "6C")
    page = plain(post_play(client, swedish, round_no, "JD", "capture", refs=[0, 1]))
    assert "once they cancel" not in page


def test_a_capture_says_the_value_a_card_takes_as_when_it_is_not_its_number(client):
    """RULES §2: a Swedish ace counts 1 or 14; a Norwegian 10♦ counts 16 from the hand. An
    offer says which ("A♥ as 14 takes 8♦+5♦+A♣"), and so does the play once recorded; a 9
    taking nines says nothing more."""
    token, number = opened(client, table=("8D", "5D", "AC", "9S"))
    here = f"/match/{token}/round/{number}"
    offered = _choices(text(client.get(here, query_string={"card": "AH"})))
    # 8+5+1 as one fourteen; 5+9 and the table's ace as 14 (RULES §2: in Swedish it may)
    assert offered == ["trail A♥", "A♥ as 14 takes 5♦+9♠ and A♣", "A♥ as 14 takes 8♦+5♦+A♣"]
    assert _choices(text(client.get(here, query_string={"card": "9H"}))) == [
        "trail 9♥", "9♥ takes 8♦+A♣ and 9♠"]  # a 9 as 9: nothing more said
    post_play(client, token, number, "AH", "capture", refs=[0, 1, 2])
    assert "Ann: A♥ as 14 takes 8♦+5♦+A♣" in plain(client.get(f"{here}?plays=all"))
    nor, nor_number = opened(client, variant="norwegian", table=("10S", "6C", "3D", "5H"))
    offered = _choices(text(client.get(f"/match/{nor}/round/{nor_number}",
                                       query_string={"card": "10D"})))
    assert "10♦ as 16 takes 10♠+6♣" in offered


def test_with_two_packs_a_card_is_refused_only_when_both_copies_are_out(client):
    token = new_match(client, variant="mulle")
    number = start_round(client, token)
    lay_table(client, token, number, ["9S", "6C", "3D", "5H", "2D"])
    post_play(client, token, number, "9S", "capture", refs=[0])  # a mulle: the twin
    here = f"/match/{token}/round/{number}"
    assert "has turned up" not in plain(client.get(here, query_string={"card": "6C"}))
    assert _choices(text(client.get(here, query_string={"card": "9S"}))) == []
    assert _choices(text(client.get(here, query_string={"card": "6C"})))[0] == "trail 6♣"
    # both copies said to be out, then where the last went
    assert ("Both 9♠ of the two packs have turned up; the last: Ann played 9♠ (play 1) and "
            "it is in Ann's pile: it cannot be played again."
            in plain(client.get(here, query_string={"card": "9S"})))


def test_picker_shows_suits_by_symbol_and_colour(client):
    token = new_match(client)
    number = start_round(client, token)
    body = text(client.get(f"/match/{token}/round/{number}"))
    assert '<span class="c red">10<b>♦</b></span>' in body
    assert '<span class="c black">A<b>♠</b></span>' in body
    assert '<span class="sr">, 10 of diamonds</span>' in body


def test_live_counters_per_side(client):
    token = new_match(client)
    number = start_round(client, token)
    lay_table(client, token, number, ["9S", "6C", "3D", "AH"])
    response = post_play(client, token, number, "4C", "capture", refs=[2, 3])  # 3 + A
    page = plain(response)
    assert "Ann 3 cards, 0 spades, 0 sweeps" in page  # Bo deals, Ann plays first
    assert "A♥" in page


# -- the watching phone ----------------------------------------------------------------

def test_watching_phone_sees_the_round_and_polls_while_it_is_live(client):
    token, number = opened(client)
    view = match_of(token).view_token
    page = text(client.get(f"/match/{view}/round/{number}"))
    assert 'hx-trigger="every 1s, kr-wake"' in page
    assert "/play" not in page  # no play form
    ver = version(token, number)
    assert post_play(client, view, number, "9H", "capture", refs=[0], ver=ver).status_code == 403


# -- the end of a deal and of the round ------------------------------------------------

def test_end_of_deal_findings_are_shown(client):
    token, number = opened(client, variant="norwegian", table=("4C", "KD", "8D", "JD"))
    plays = [("5H", "build", [0], 9), ("AH", "build", [3], 10), ("KS", "capture", [0], None),
             ("10H", "capture", [2], None), ("2C", "trail", [], None),
             ("6H", "trail", [], None), ("3C", "trail", [], None), ("7S", "trail", [], None)]
    for card, action, refs, value in plays:
        response = post_play(client, token, number, card, action, refs=refs, value=value)
        assert response.status_code == 200, plain(response)
    page = plain(response)
    assert "Found at the end of a deal" in page
    assert ("Deal 1: Ann built 9 but played no card that captures 9 later in the deal. "
            "The build was not allowed") in page


def test_whole_round_through_the_pages_then_confirm(client):
    token = new_match(client, names=("Ann", "Bo"))
    number = start_round(client, token)
    deck = pack()
    lay_table(client, token, number, [c.code for c in deck[:4]])
    for card in deck[4:]:
        response = post_play(client, token, number, card.code, "trail")
        assert response.status_code == 200, plain(response)[:500]
    # every card trailed: nobody captured, no points; the round can be confirmed
    page = plain(response)
    assert "The round is over." in page and "The round's points" in page
    confirm = client.post(f"/match/{token}/round/{number}/confirm",
                          data={"version": version(token, number)})
    assert confirm.status_code == 303
    assert round_of(token, number).status == "confirmed"
    # a confirmed round takes no more plays
    late = post_play(client, token, number, "AS", "trail")
    assert late.status_code in (409, 422)


def test_a_krypkasino_sweep_says_whom_it_costs_what(client):
    # Ann (after the dealer Bo) takes the whole table: 5 penalty points to her, 5 off Bo
    token, number = opened(client, variant="krypkasino", table=("2C", "3D", "4H", "5C"))
    swept = post_play(client, token, number, "AH", "capture", refs=[0, 1, 2, 3], headers=HX)
    assert swept.status_code == 200
    page = plain(swept)
    assert "a sweep: +5 penalty points for Ann, \u22125 for Bo" in page
    assert "a sweep!" not in page  # no good news here


def test_a_krypkasino_dubbeltabbe_is_named_so_in_the_plays(client):
    # Ann sweeps (a sweep), Bo trails 7♠ on the empty table and Ann takes it alone with
    # the other pack's 7♠: a dubbeltabbe (RULES §7), ±10 where a sweep is ±5
    token, number = opened(client, variant="krypkasino", table=("2C", "3D", "4H", "5C"))
    for card, action, refs in (("AH", "capture", [0, 1, 2, 3]), ("7S", "trail", []),
                               ("7S", "capture", [0])):
        response = post_play(client, token, number, card, action, refs=refs, headers=HX)
        assert response.status_code == 200, plain(response)[:300]
    history = plain(client.get(f"/match/{token}/round/{number}?plays=all"))
    assert "Ann: 7♠ takes 7♠ · dubbeltabbe" in history
    assert "Ann: A♥ as 14 takes 2♣+3♦+4♥+5♣ · sweep" in history  # the ace as 14
    # the piles' penalty points so far: Ann A♥ 1, two 7♠ 2, the sweep +5 and the
    # dubbeltabbe +10 = 18; Bo, before each of them, −5 and −10
    assert "penalty points this round: 18" in history
    assert "penalty points this round: \u221215" in history
    # the big screen shows them beside each pile too
    screen = plain(client.get(f"/match/{token}/tv"))
    assert "penalty points this round: 18" in screen
    assert "penalty points this round: \u221215" in screen


def test_a_finnish_pile_shows_its_sides_match_points_now(client):
    """Finnish credits aces and casinos the moment they are taken (RULES §8): each pile says
    its side's match points as they stand, on the round page and the big screen; a
    variant that adds everything up at the end says nothing of the kind."""
    token, number = opened(client, variant="finnish", table=("AS", "6C", "3D", "5H"))
    page = plain(client.get(f"/match/{token}/round/{number}"))
    assert page.count("match points now: 0") == 2
    # Ann, first after the dealer, takes A♠ + 6♣ with 7♦ (7): an ace, a point at once
    taken = post_play(client, token, number, "7D", "capture", refs=[0, 1], headers=HX)
    assert taken.status_code == 200, plain(taken)[:300]
    piles = re.findall(r"(Ann|Bo) \d+ cards?.*?match points now: (\d+)", plain(taken))
    assert sorted(piles) == [("Ann", "1"), ("Bo", "0")]
    assert "match points now: 1" in plain(client.get(f"/match/{token}/tv"))
    token, number = opened(client)  # Swedish: the points come at the end of the round
    assert "match points now" not in plain(client.get(f"/match/{token}/round/{number}"))


def test_the_big_screen_names_a_builds_owner_within_its_tile(client):
    token, number = opened(client, variant="norwegian", table=("4C", "KD", "8D", "JD"))
    post_play(client, token, number, "5H", "build", refs=[0], value=9, headers=HX)
    screen = text(client.get(f"/match/{token}/tv"))
    assert re.search(r'<span class="build">(?:(?!</span>\s*</span>).)*build of 9</em>'
                     r' <strong class="owner">Ann</strong></span>', screen, re.S), screen


def test_the_danish_five_of_spades_taking_the_table_says_why(client):
    """RULES §3.2 (Danish, on by default): 5♠ may capture the whole table, whatever lies on
    it, and that is a sweep. "How can a 5 take 30?": the verdict's "why?" says."""
    token, number = opened(client, variant="danish", table=("KC", "10C", "7D", "9H"))
    swept = post_play(client, token, number, "5S", "capture", refs=[0, 1, 2, 3], headers=HX)
    assert swept.status_code == 200
    page = plain(swept)
    assert "Ann: 5♠ takes K♣+10♣+7♦+9♥ — legal · a sweep!" in page
    assert ("why? 5♠ takes the whole table (whatever lies on it, by this table's rules, and "
            "that is a sweep; played otherwise 5♠ is an ordinary card)") in page


def test_a_danish_ace_on_an_ace_is_offered_as_a_double_of_one_and_of_fourteen(client):
    """RULES §2: a Danish ace is 1 or 14, in the hand and on the table, so A♥ on A♣ is a
    set either way; the choices say each value, and the one tapped is the pile's."""
    token, number = opened(client, variant="danish", table=("AC", "KD", "7S", "9H"))
    body = text(client.get(f"/match/{token}/round/{number}", query_string={"card": "AH"}))
    page = plain_of(body)
    assert "A♥ doubles A♣ as 1" in page and "A♥ doubles A♣ as 14" in page
    forms = re.findall(r"<form[^>]*>(?:(?!</form>).)*A♥ doubles A♣ as 14(?:(?!</form>).)*</form>",
                       body, re.S)
    assert len(forms) == 1
    assert re.findall(r'name="(action|value)" value="(\w+)"', forms[0]) == [
        ("action", "double"), ("value", "14")]
    doubled = post_play(client, token, number, "AH", "double", refs=[0], value=14,
                        headers=HX)
    assert doubled.status_code == 200
    assert "Ann: A♥ doubles A♣ as 14 — legal" in plain(doubled)
    assert "Ann must hold a card that takes 14" in plain(doubled)  # the pile's value


def test_building_more_on_a_danish_pile_is_one_tap(client):
    """RULES §3.2 (Danish): a second set of a pile's value laid on it ("bygge mere") locks
    it. With a build of 8 and a loose 3♥, a 5♦ is offered the set 5♦+3♥ on the pile at one
    tap, said as players say it, not as "doubles 3♥+build of 8"."""
    token, number = opened(client, variant="danish", table=("6C", "3H", "KD", "9S"))
    built = post_play(client, token, number, "2D", "build", refs=[0], value=8, headers=HX)
    assert "Ann: 2♦ on 6♣: a build of 8 — legal" in plain(built)
    body = text(client.get(f"/match/{token}/round/{number}", query_string={"card": "5D"}))
    offer = "5♦ with 3♥ builds more on the build of 8"
    forms = re.findall(rf"<form[^>]*>(?:(?!</form>).)*{offer}(?:(?!</form>).)*</form>", body,
                       re.S)
    assert len(forms) == 1, plain_of(body)
    refs = [int(r) for r in re.findall(r'name="refs" value="(\d+)"', forms[0])]
    assert re.findall(r'name="action" value="(\w+)"', forms[0]) == ["double"]
    more = post_play(client, token, number, "5D", "double", refs=refs, value=8, headers=HX)
    assert f"Bo: {offer} — legal" in plain(more)
    assert "locked build of 8" in plain(more)
    pile = [i for i in service.game_of(round_of(token, number)).table if isinstance(i, Build)]
    assert len(pile) == 1 and pile[0].locked and pile[0].value == 8
    assert sorted(c.code for c in pile[0].cards) == ["2D", "3H", "5D", "6C"]


def test_a_sweep_elsewhere_is_still_good_news(client):
    token, number = opened(client, table=("2C", "3D", "4H", "5C"))
    swept = post_play(client, token, number, "AH", "capture", refs=[0, 1, 2, 3], headers=HX)
    assert swept.status_code == 200 and "a sweep!" in plain(swept)


def test_a_play_refused_by_todays_rules_still_loads(client):
    # a Krypkasino trail of a card that can capture, stored as accepted (as an older
    # engine might have): the round still replays, and the history says so
    token, number = opened(client, variant="krypkasino", table=("9S", "6C", "3D", "5H"))
    rnd = round_of(token, number)
    trail = Played(Play(Card.parse("9H"), Action.TRAIL))
    db.session.add(Event(**Event.row(rnd.id, len(rnd.events), trail)))
    rnd.version += 1
    db.session.commit()
    game = service.game_of(round_of(token, number))
    assert game.records[0].refused_now and game.turn == 1
    page = plain(client.get(f"/match/{token}/round/{number}"))
    assert "the rules as the referee applies them now would refuse it" in page


# -- one replay of the log per request -------------------------------------------------

def test_a_round_is_replayed_only_when_its_snapshot_is_missing(client, monkeypatch):
    from referee.rules.round import RoundState

    token, number = opened(client)
    post_play(client, token, number, "9H", "capture", refs=[0])
    replays = []
    real = RoundState.replay.__func__

    def counted(cls, *args, **kwargs):
        replays.append(1)
        return real(cls, *args, **kwargs)

    monkeypatch.setattr(RoundState, "replay", classmethod(counted))
    here = f"/match/{token}/round/{number}"
    # (request, replays): each change keeps the new state as the round's snapshot, so
    # neither the change nor the next view replays the log; an undo replays it once
    requests = [
        (lambda: client.get(here), 0),
        (lambda: client.get(here, query_string={"card": "5C"}), 0),
        (lambda: post_play(client, token, number, "KD", "capture", refs=[0], headers=HX), 0),
        (lambda: post_play(client, token, number, "KD", "trail", headers=HX), 0),
        (lambda: post_play(client, token, number, "8C", "capture", refs=[0], overrule="ok",
                           headers=HX), 0),
        (lambda: client.post(f"{here}/undo", data={"version": version(token, number)},
                             headers=HX), 1),
        (lambda: client.get(here), 0),
    ]
    for request, expected in requests:
        replays.clear()
        assert request().status_code in (200, 422)
        assert len(replays) == expected
    # a round without its snapshot (an older database, another engine) is replayed once,
    # and the replay kept for the next reader
    rnd = round_of(token, number)
    rnd.snapshot = None
    db.session.commit()
    for expected in (1, 0):
        replays.clear()
        assert client.get(here).status_code == 200
        assert len(replays) == expected


def test_undo_is_offered_at_once_after_the_first_table(client):
    token = new_match(client)
    number = start_round(client, token)
    response = client.post(f"/match/{token}/round/{number}/table", headers=HX,
                           data={"table": "9S 6C 3D 5H", "version": version(token, number)})
    assert response.status_code == 200 and "Undo" in plain(response)


def test_the_round_page_lists_the_latest_plays_and_links_to_all(client):
    token = new_match(client)
    number = start_round(client, token)
    cards = [c.code for c in pack()]
    lay_table(client, token, number, cards[:4])
    for code in cards[4:16]:  # twelve trails
        post_play(client, token, number, code, "trail")
    here = f"/match/{token}/round/{number}"
    body = text(client.get(here))
    listed = re.findall(r"<li><strong>(?:Ann|Bo):</strong> trail ([^<]+?)</?", body)
    assert len(listed) == 8 and listed[0].startswith(Card.parse(cards[15]).symbol)  # latest
    assert "All 12 plays" in plain_of(body) and "?plays=all" in body
    every = text(client.get(here, query_string={"plays": "all"}))
    assert len(re.findall(r"<li><strong>(?:Ann|Bo):</strong> trail ", every)) == 12
    assert client.get(here, query_string={"plays": "some"}).status_code == 422


# -- where the panel's forms post ------------------------------------------------------

POSTED = re.compile(r'<form method="post" action="([^"]+)"[^>]*?(?: hx-post="([^"]+)")?[^>]*>')


def _posted(body: str) -> set[str]:
    found = POSTED.findall(body)
    assert all(hx in ("", action) for action, hx in found)  # htmx posts where the form does
    return {action for action, _hx in found}


def test_every_form_of_the_panel_posts_to_its_own_change(app, client):
    """The panel's change forms name their addresses from the round's own (``here``):
    each is the address Flask gives the change, for the first table (and the switch to
    tallies while nothing is recorded), a picked card's plays, its claim, the overrule
    and undo."""
    token = new_match(client)
    number = start_round(client, token)
    with app.test_request_context():
        from flask import url_for
        url = {what: url_for(f"rounds.{what}", token=token, number=number)
               for what in ("table", "play", "overrule", "undo", "mode")}
    here = f"/match/{token}/round/{number}"
    assert _posted(text(client.get(here, query_string={"table": "9S 6C 3D 5H"}))) == \
        {url["table"], url["mode"]}
    assert lay_table(client, token, number, ("9S", "6C", "3D", "5H")).status_code == 200
    picked = text(client.get(here, query_string={"card": "9H"}))
    assert _posted(picked) == {url["play"], url["undo"]}
    assert 'id="claim"' in picked and 'id="trail"' in picked
    refused = text(post_play(client, token, number, "9H", "capture", refs=[1], headers=HX))
    assert 'id="overrule"' in refused
    assert _posted(refused) == {url["play"], url["undo"], url["overrule"]}


def test_the_address_bar_keeps_what_the_panel_shows_for_a_reload(client):
    """A swapped panel tells htmx its address (HX-Replace-Url): a card picked, the first
    table cards chosen so far, written from what was shown; after a play, the plain round
    page. A phone that reloads (or that the browser wakes) shows the same panel."""
    token = new_match(client)
    number = start_round(client, token)
    here = f"/match/{token}/round/{number}"
    chosen = client.get(here, query_string={"table": "9s 6C 3D", "drop": "0", "add": "5h"},
                        headers=HX)
    assert chosen.headers["HX-Replace-Url"] == f"{here}?table=6C+3D+5H&v=0"
    hostile = client.get(here, query_string={"card": "9H\r\nX: y"}, headers=HX)
    assert hostile.status_code == 422 and hostile.headers["HX-Replace-Url"] == here
    lay_table(client, token, number, ["9S", "6C", "3D", "5H"])
    picked = client.get(here, query_string={"card": "9h"}, headers=HX)
    assert picked.headers["HX-Replace-Url"] == f"{here}?card=9H&v=1"
    reloaded = plain(client.get(picked.headers["HX-Replace-Url"]))  # the page, as reloaded
    assert "9♥ takes 9♠ and 6♣+3♦" in reloaded and "Another card" in reloaded, reloaded
    played = post_play(client, token, number, "9H", "capture", refs=[0], headers=HX)
    assert played.status_code == 200 and played.headers["HX-Replace-Url"] == here
    # a whole page needs no header: the browser's address is already the page's
    assert "HX-Replace-Url" not in client.get(here, query_string={"card": "QS"}).headers


def test_an_address_kept_from_before_a_change_picks_nothing(client):
    """A tab reopened at "?card=5H&v=1" after Bo has played (or a tap on a page that had
    not yet heard of it) must not offer 5♥ to the player whose turn it is now: the panel
    shows the round as it is, nothing picked, and says why."""
    token, number = opened(client)
    here = f"/match/{token}/round/{number}"
    kept = client.get(here, query_string={"card": "5D", "v": "1"}, headers=HX)
    assert "5♦ takes 5♥" in plain(kept), plain(kept)
    post_play(client, token, number, "KH")  # Ann trails; Bo is to play
    stale = client.get(kept.headers["HX-Replace-Url"], headers=HX)
    page = plain(stale)
    assert stale.status_code == 200 and "Bo to play" in page
    assert "The table changed meanwhile. This is the current state: pick again." in page
    assert "5♦ takes 5♥" not in page and "Another card" not in page, page
    assert stale.headers["HX-Replace-Url"] == here
    assert post_play(client, token, number, "5D").status_code == 200  # picked anew, it plays


def test_a_card_with_no_legal_play_says_why_at_once_and_may_be_recorded_anyway(client):
    """An English phone review: the owner of a build left without a card to capture it
    (Casino: the owner may not trail) tapped a court card that can do nothing, and saw no
    offer and no reason until a claim was typed. Now the reason shows at once, with the
    trail for the table to record anyway."""
    token, number = opened(client, variant="classic", table=("4C", "KD", "8D", "JD"))
    post_play(client, token, number, "6S", "build", refs=[0], value=10)  # Ann's 10
    post_play(client, token, number, "2H")  # Bo trails
    body = plain(client.get(f"/match/{token}/round/{number}", query_string={"card": "QH"}))
    assert "Ann: Q♥ has no legal play on this table." in body
    assert "on this table. you own the build of 10, so you may not trail" in body  # (CSS caps)
    assert "The table overrules the referee" in body
    recorded = post_play(client, token, number, "QH", overrule="we play on")
    assert recorded.status_code == 200
    assert round_of(token, number).events[-1].kind == "overrule"


@pytest.mark.parametrize(("variant", "options", "said"), [
    ("classic", {}, False), ("royal", {}, False), ("royal", {"royal_sweeps": "on"}, True),
    ("swedish", {}, True)])
def test_a_sweep_is_announced_only_where_sweeps_score_rules_5(client, variant, options, said):
    """RULES §5: a sweep never scores in Casino, and in Royal Casino only with its house
    rule. An English phone review read "a sweep!" after a Casino capture that cleared the
    table, and "2 sweeps" in the piles."""
    token = new_match(client, variant=variant, **options)
    number = start_round(client, token)
    lay_table(client, token, number, ["9S", "6C", "3D", "9D"])
    post_play(client, token, number, "9C", "capture", refs=[0, 1, 2, 3])  # 9 | 6+3 | 9
    page = plain(client.get(f"/match/{token}/round/{number}"))
    assert ("a sweep!" in page) is said  # the verdict
    assert ("· sweep" in page) is said  # the history
    assert ("0 sweeps" in page) is said  # the piles


@pytest.mark.parametrize(("variant", "table", "claim", "said"), [
    # Mulle: the twin taken alone, 5 points (RULES §6)
    ("mulle", ["7H", "6C", "3D", "5H", "2D"], ("7H", [0]), "a mulle: 5 points"),
    # Kortspelshandboken: the twin among others, the card's hand value (A♥ 14)
    ("mulle-glimne", ["AH", "KC", "6C", "3D", "5H", "2D", "4S", "9C"], ("AH", [0, 1]),
     "a mulle: 14 points"),
])
def test_a_mulle_is_announced_with_its_points_in_the_verdict_the_history_and_the_pile(
        client, variant, table, claim, said):
    """A Mulle phone review: a mulle was never said while playing, only in the round's
    points at the end, though a sweep is announced at once."""
    token = new_match(client, variant=variant)
    number = start_round(client, token)
    lay_table(client, token, number, table)
    card, refs = claim
    post_play(client, token, number, card, "capture", refs=refs)
    page = plain(client.get(f"/match/{token}/round/{number}"))
    assert f"— legal · {said}" in page
    assert "· mulle" in page.split("plays", 1)[1]  # the history marks the play
    points = said.split(": ")[1].split()[0]
    assert f"{points} mulle points" in page  # Ann's pile
    # the next play, a trail, says nothing of a mulle
    post_play(client, token, number, "9D")
    after = plain(client.get(f"/match/{token}/round/{number}"))
    assert "Bo: trail 9♦ — legal" in after and "a mulle" not in after


def test_an_offered_capture_that_makes_a_mulle_says_so(client):
    """Mulle: 7♥ may take 7♥, 5♥+2♦ (no mulle: more than the twin) or the twin alone, a
    mulle worth 5; the offers tell them apart (a Mulle phone review)."""
    token = new_match(client, variant="mulle")
    number = start_round(client, token)
    lay_table(client, token, number, ["7H", "5H", "2D", "KC", "9S"])
    offers = _choices(text(client.get(f"/match/{token}/round/{number}",
                                      query_string={"card": "7H"})))
    assert "7♥ takes 7♥ · a mulle: 5 points" in offers
    assert "7♥ takes 7♥ and 5♥+2♦" in offers
