"""Fragments of every match page, the card picker, and the match endings of every kind."""

from __future__ import annotations

import re

from pages import (
    lay_table,
    match_of,
    new_match,
    plain,
    post_play,
    start_round,
    tally_data,
    text,
    version,
)

HX = {"HX-Request": "true"}


# -- fragments ---------------------------------------------------------------------------

def test_scoreboard_fragment_for_htmx_and_page_without(client):
    token = new_match(client)
    full = client.get(f"/match/{token}")
    part = client.get(f"/match/{token}", headers=HX)
    assert "<html" in text(full) and "<html" not in text(part)
    assert 'id="board"' in text(part)
    assert "HX-Request" in part.headers["Vary"]


def test_new_match_errors_come_back_as_the_form_fragment(client):
    response = client.post("/matches/new", headers=HX, data={
        "variant": "swedish", "players": "2", "first_dealer": "1", "names-0": "A"})
    assert response.status_code == 422
    body = text(response)
    assert "<html" not in body and 'id="new-match"' in body
    assert "Give seat 2 a name" in plain(response)


def test_error_pages_are_fragments_for_htmx_too(client):
    response = client.get("/match/nope", headers=HX)
    assert response.status_code == 404
    assert "<html" not in text(response) and "No match has this link" in plain(response)


# -- the card picker -----------------------------------------------------------------------

def _disabled(body: str) -> set[str]:
    return set(re.findall(r'name="card" value="([^"]+)" disabled', body))


def test_cards_already_in_play_are_disabled_in_the_picker(client):
    token = new_match(client)
    number = start_round(client, token)
    lay_table(client, token, number, ["9S", "6C", "3D", "5H"])
    assert _disabled(text(client.get(f"/match/{token}/round/{number}"))) == {
        "9S", "6C", "3D", "5H"}
    post_play(client, token, number, "9H", "capture", refs=[0])
    assert _disabled(text(client.get(f"/match/{token}/round/{number}"))) == {
        "9S", "6C", "3D", "5H", "9H"}


def test_with_two_packs_a_card_is_disabled_only_when_both_copies_are_out(client):
    token = new_match(client, variant="mulle")
    number = start_round(client, token)
    lay_table(client, token, number, ["9S", "6C", "3D", "5H", "2D"])
    post_play(client, token, number, "9S", "capture", refs=[0])  # a mulle: the twin
    assert "9S" in _disabled(text(client.get(f"/match/{token}/round/{number}")))
    assert "6C" not in _disabled(text(client.get(f"/match/{token}/round/{number}")))


def test_picker_shows_suits_by_symbol_and_colour(client):
    token = new_match(client)
    number = start_round(client, token)
    body = text(client.get(f"/match/{token}/round/{number}"))
    assert '<span class="c red">10<b>♦</b></span>' in body
    assert '<span class="c black">A<b>♠</b></span>' in body
    assert 'aria-label="10 of diamonds"' in body


def test_live_counters_per_side(client):
    token = new_match(client)
    number = start_round(client, token)
    lay_table(client, token, number, ["9S", "6C", "3D", "AH"])
    response = post_play(client, token, number, "4C", "capture", refs=[2, 3])  # 3 + A
    page = plain(response)
    assert "Ann 3 cards · 0 spades · 0 sweeps" in page  # Bo deals, Ann plays first
    assert "A♥" in page


# -- match endings ------------------------------------------------------------------------

def _tally_round(client, token, sides):
    number = start_round(client, token, "tally")
    response = client.post(f"/match/{token}/round/{number}/tally",
                           data=tally_data(token, number, sides), follow_redirects=True)
    assert response.status_code == 200, plain(response)
    return client.post(f"/match/{token}/round/{number}/confirm",
                       data={"version": version(token, number)})


def test_royal_counts_out_cards_before_aces(client):
    # Royal: cards 3 are credited before the aces. Ann needs 3 (18 -> 21) and gets most
    # cards; Bo would reach 21 with the aces, but the count stops when Ann gets there.
    token = new_match(client, variant="royal", target=3)
    sides = [
        {"cards": 30, "spades": 6, "aces": [], "big_casino": 0, "little_casino": 0},
        {"cards": 22, "spades": 7, "aces": ["AS", "AC", "AH", "AD"], "big_casino": 1,
         "little_casino": 1},
    ]
    _tally_round(client, token, sides)
    match = match_of(token)
    assert match.finished and match.winner_side == 0
    assert "counting out" in match.result_note and "3 of 3" in match.result_note


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
    _tally_round(client, token, sides)
    match = match_of(token)
    assert match.finished and match.winner_side == 1
    assert "fewest points" in match.result_note


def test_finnish_count_out_mid_round_ends_the_match_on_the_page(client):
    token = new_match(client, variant="finnish", target=2)
    number = start_round(client, token)
    lay_table(client, token, number, ["KC", "AC", "3D", "7H"])
    # Bo deals, Ann plays first: A♠ as 14 takes K♣ + A♣ (13 + 1): two aces, 2 points
    response = post_play(client, token, number, "AS", "capture", refs=[0, 1])
    assert response.status_code == 200
    page = plain(response)
    assert "The match was decided during this round." in page
    assert 'name="action" value="capture"' not in text(response)  # no more plays
    confirm = client.post(f"/match/{token}/round/{number}/confirm",
                          data={"version": version(token, number)})
    assert confirm.status_code == 303
    match = match_of(token)
    assert match.finished and match.winner_side == 0
    assert "in the middle of the round" in match.result_note
