"""What the review of the pages asked for: each behaviour a player relies on at the table."""

from __future__ import annotations

import os
import threading

from pages import (
    lay_table,
    match_of,
    new_match,
    plain,
    post_play,
    round_of,
    start_round,
    tally_data,
    text,
)
from pages import version as version_of

from referee import create_app
from referee.extensions import db

HX = {"HX-Request": "true"}


def _round(client, variant="swedish", table=("9S", "6C", "3D", "5H")):
    token = new_match(client, variant=variant)
    number = start_round(client, token)
    assert lay_table(client, token, number, table).status_code == 200
    return token, number


def test_a_plain_form_post_is_redirected_so_a_reload_sends_nothing_again(client):
    token, number = _round(client)
    response = client.post(f"/match/{token}/round/{number}/play", data={
        "card": "9H", "action": "capture", "refs": ["0"], "version": version_of(token, number)})
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"/match/{token}/round/{number}")
    page = plain(client.get(response.headers["Location"]))
    assert "Legal" in page and "9♥ takes 9♠" in page  # the verdict travels in a flash
    assert "Legal" not in plain(client.get(response.headers["Location"]))  # only once


def test_a_form_address_opened_by_get_goes_back_to_the_round(client):
    token, number = _round(client)
    for what in ("play", "overrule", "undo", "table", "confirm", "tally"):
        response = client.get(f"/match/{token}/round/{number}/{what}")
        assert response.status_code == 303
        assert response.headers["Location"].endswith(f"/round/{number}")


def test_overrule_says_it_was_recorded_as_the_table_ruled(client):
    token, number = _round(client)
    response = post_play(client, token, number, "9H", "capture", refs=[1, 3],
                         overrule="we always play it so", headers=HX)
    assert response.status_code == 200
    page = plain(response)
    assert "Recorded as the table ruled: we always play it so" in page
    assert "Not allowed" not in page


def test_overrule_without_a_reason_keeps_the_overrule_form(client):
    token, number = _round(client)
    response = post_play(client, token, number, "9H", "capture", refs=[1, 3], overrule=" ",
                         headers=HX)
    assert response.status_code == 422
    body = text(response)
    assert "Say why the table overrules" in plain(response)
    assert "/overrule" in body and "<details open>" in body


def test_trail_ignores_ticked_table_cards(client):
    token, number = _round(client)
    response = post_play(client, token, number, "KD", "trail", refs=[0, 1], headers=HX)
    assert response.status_code == 200 and "Legal" in plain(response)


def test_card_that_captures_nothing_is_told_to_trail(client):
    token, number = _round(client)
    response = post_play(client, token, number, "KD", "capture", refs=[0], headers=HX)
    assert response.status_code == 422
    assert "captures nothing here: trail it" in plain(response)


def test_two_packs_a_card_can_lie_twice_on_the_first_table(client):
    token = new_match(client, variant="mulle")
    number = start_round(client, token)
    response = client.post(f"/match/{token}/round/{number}/table", follow_redirects=True,
                           data={"table": ["7H", "2C", "3D", "9S"], "twins": "7H",
                                 "version": version_of(token, number)})
    assert response.status_code == 200
    assert round_of(token, number).events[0].data["cards"] == ["7H", "2C", "3D", "9S", "7H"]


def test_second_copy_field_only_with_two_packs(client):
    one = new_match(client)
    body = text(client.get(f"/match/{one}/round/{start_round(client, one)}"))
    assert 'name="twins"' not in body
    two = new_match(client, variant="krypkasino")
    body = text(client.get(f"/match/{two}/round/{start_round(client, two)}"))
    assert 'name="twins"' in body


def test_house_rule_error_opens_the_house_rules(client):
    response = client.post("/matches/new", data={
        "variant": "swedish", "players": "2", "first_dealer": "1", "raise_own_build": "on",
        "names-0": "A", "names-1": "B"})
    assert response.status_code == 422
    body = text(response)
    assert "<details open>" in body
    # the error stands at its own field
    own = body.index('id="raise_own_build"')
    assert "played without building" in body[own:own + 800]


def test_watchers_scoreboard_follows_the_match(client):
    token = new_match(client)
    view = match_of(token).view_token
    body = text(client.get(f"/match/{view}"))
    assert 'hx-trigger="every 10s"' in body
    assert 'hx-trigger' not in text(client.get(f"/match/{token}"))


def test_a_watched_match_is_listed_on_this_phone(client):
    token = new_match(client)
    view = match_of(token).view_token
    client.get(f"/match/{view}")
    assert f"/match/{view}" in text(client.get("/"))
    assert "watching" in plain(client.get("/"))


def test_scoreboard_says_when_a_tie_at_the_target_means_another_round(client):
    token = new_match(client, variant="danish", target=5)
    number = start_round(client, token, "tally")
    sides = [
        {"cards": 26, "spades": 6, "aces": ["AS", "AH"], "big_casino": 1, "little_casino": 0,
         "last_capture": True},
        {"cards": 26, "spades": 7, "aces": ["AD", "AC"], "big_casino": 0, "little_casino": 1},
    ]
    client.post(f"/match/{token}/round/{number}/tally", data=tally_data(token, number, sides))
    client.post(f"/match/{token}/round/{number}/confirm",
                data={"version": version_of(token, number)})
    board = text(client.get(f"/match/{token}"))
    assert 'class="verdict stale"' in board and "another round" in board
    assert f"/round/{number}" in board  # the round's plays stay reachable


def test_error_inside_an_htmx_swap_offers_to_reload(client):
    response = client.get("/match/nope", headers={**HX, "HX-Current-URL": "http://x/match/a"})
    assert "Reload the page" in plain(response)


def test_two_phones_starting_a_round_at_once_get_the_same_round(tmp_path):
    app = create_app({"TESTING": True, "WTF_CSRF_ENABLED": False,
                      "SQLALCHEMY_DATABASE_URI": os.environ.get("TEST_DATABASE_URL")
                      or f"sqlite:///{tmp_path / 'start.sqlite'}"})
    with app.app_context():
        db.create_all()
        token = new_match(app.test_client())
    barrier = threading.Barrier(4)
    answers = []

    def phone():
        with app.app_context():
            client = app.test_client()
            barrier.wait()
            answers.append(client.post(f"/match/{token}/rounds", data={"mode": "play"}))

    threads = [threading.Thread(target=phone) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert [a.status_code for a in answers] == [303] * 4
    assert {a.headers["Location"] for a in answers} == {f"/match/{token}/round/1"}
    with app.app_context():
        assert len(match_of(token).rounds) == 1
        db.session.remove()
        db.drop_all()


def test_starting_a_round_needs_a_known_mode(client):
    token = new_match(client)
    for data in ({}, {"mode": "poker"}):
        response = client.post(f"/match/{token}/rounds", data=data)
        assert response.status_code == 400
        assert "play by play or tally only" in plain(response)
    assert match_of(token).rounds == []
