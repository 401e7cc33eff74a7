"""Home, new match, the scoreboard, tokens, CSRF, the end of a match (rounds as tallies)."""

from __future__ import annotations

import pytest
from pages import (
    SWEDISH_SIDES,
    match_of,
    new_match,
    plain,
    start_round,
    tally_data,
    text,
    version,
)

from referee import create_app
from referee.extensions import db
from referee.models import Match


def test_home_offers_a_match_a_check_and_the_rules(client):
    page = text(client.get("/"))
    assert 'href="/matches/new"' in page and 'href="/check"' in page and 'href="/rules"' in page


def test_home_lists_the_matches_opened_on_this_phone(client):
    token = new_match(client, names=("Åsa", "Björn"))
    page = plain(client.get("/"))
    assert "Åsa – Björn" in page
    assert f"/match/{token}" in text(client.get("/"))


def test_new_match_form_lists_every_variant_with_a_description(client):
    page = text(client.get("/matches/new"))
    for variant in ("swedish", "finnish", "norwegian", "danish", "classic", "royal",
                    "overspader", "mulle", "mulle-glimne", "krypkasino"):
        assert f'value="{variant}"' in page
    assert "5♠ clears the table" in page  # Danish one-liner


def test_new_match_creates_players_in_seats_with_secret_tokens(client):
    token = new_match(client, names=("Aino", "Eero"), variant="finnish")
    match = match_of(token)
    assert match.names == ["Aino", "Eero"] and match.variant == "finnish"
    assert match.first_dealer == 1
    # at least 128 bits of randomness: 24 random bytes, URL-safe
    assert len(match.edit_token) >= 32 and len(match.view_token) >= 32
    assert match.edit_token != match.view_token


def test_new_match_needs_a_name_for_every_seat(client):
    response = client.post("/matches/new", data={"variant": "swedish", "players": "3",
                                                 "first_dealer": "1", "names-0": "Ann",
                                                 "names-1": "Bo", "names-2": "  "})
    assert response.status_code == 422
    assert "Give seat 3 a name" in plain(response)
    assert db.session.query(Match).count() == 0


def test_new_match_refuses_more_players_than_the_variant_allows(client):
    response = client.post("/matches/new", data={
        "variant": "swedish", "players": "5", "first_dealer": "1",
        **{f"names-{i}": f"P{i}" for i in range(5)}})
    assert response.status_code == 422
    assert "2 to 4 players" in plain(response)
    assert db.session.query(Match).count() == 0


def test_new_match_refuses_partnerships_for_three_players(client):
    response = client.post("/matches/new", data={
        "variant": "swedish", "players": "3", "first_dealer": "1", "partnerships": "pairs",
        **{f"names-{i}": f"P{i}" for i in range(3)}})
    assert response.status_code == 422
    assert "partnership" in plain(response)


def test_new_match_refuses_a_house_rule_that_does_not_apply(client):
    response = client.post("/matches/new", data={
        "variant": "swedish", "players": "2", "first_dealer": "1", "royal_sweeps": "on",
        "names-0": "A", "names-1": "B"})
    assert response.status_code == 422
    assert "royal_sweeps only applies to Royal Casino" in plain(response)


def test_new_match_name_too_long_is_refused(client):
    response = client.post("/matches/new", data={
        "variant": "swedish", "players": "2", "first_dealer": "1",
        "names-0": "x" * 41, "names-1": "B"})
    assert response.status_code == 422
    assert db.session.query(Match).count() == 0


def test_names_in_any_script_are_escaped_everywhere(client):
    token = new_match(client, names=("<script>alert(1)</script>", "Тимо 李"))
    page = text(client.get(f"/match/{token}"))
    assert "<script>alert(1)</script>" not in page
    assert "&lt;script&gt;" in page and "Тимо 李" in page


def test_watch_link_shows_the_match_but_offers_no_changes(client):
    token = new_match(client)
    match = match_of(token)
    page = text(client.get(f"/match/{match.view_token}"))
    assert "You are watching" in page
    assert "/rounds" not in page  # no form to start a round


def test_watch_link_cannot_change_the_match(client):
    token = new_match(client)
    match = match_of(token)
    response = client.post(f"/match/{match.view_token}/rounds", data={"mode": "play"})
    assert response.status_code == 403
    assert "watching link" in plain(response)
    assert match_of(token).rounds == []


def test_unknown_token_is_a_clear_404(client):
    response = client.get("/match/not-a-real-token")
    assert response.status_code == 404
    assert "No match has this link" in plain(response)
    assert client.post("/match/nope/rounds", data={"mode": "play"}).status_code == 404


def test_csrf_token_is_required_for_every_change():
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    with app.app_context():
        db.create_all()
        client = app.test_client()
        response = client.post("/matches/new", data={"variant": "swedish", "players": "2",
                                                      "first_dealer": "1", "names-0": "A",
                                                      "names-1": "B"})
        assert response.status_code == 400
        assert "expired" in plain(response) or "CSRF" in plain(response)
        assert db.session.query(Match).count() == 0
        db.session.remove()
        db.drop_all()


def test_csrf_header_from_htmx_is_accepted():
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    with app.app_context():
        db.create_all()
        client = app.test_client()
        page = text(client.get("/matches/new"))
        import re
        token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page) or \
            re.search(r'id="csrf_token" name="csrf_token" type="hidden" value="([^"]+)"', page)
        assert token
        response = client.post("/matches/new", headers={"X-CSRFToken": token.group(1)},
                               data={"variant": "swedish", "players": "2",
                                     "first_dealer": "1", "names-0": "A", "names-1": "B"})
        assert response.status_code == 303
        db.session.remove()
        db.drop_all()


def test_scoreboard_shows_whose_deal_it_is(client):
    token = new_match(client, names=("Ann", "Bo"))  # Bo (seat 2) deals first
    assert "Bo deals." in plain(client.get(f"/match/{token}"))


# -- match ends, rounds entered as tallies ---------------------------------------------

def _tally_round(client, token, sides):
    number = start_round(client, token, "tally")
    client.post(f"/match/{token}/round/{number}/tally", data=tally_data(token, number, sides),
                follow_redirects=True)
    return client.post(f"/match/{token}/round/{number}/confirm",
                       data={"version": version(token, number)})


def test_match_ends_when_a_side_reaches_the_target(client):
    token = new_match(client, target=10)
    _tally_round(client, token, SWEDISH_SIDES)
    match = match_of(token)
    assert match.finished and match.winner_side == 0
    page = plain(client.get(f"/match/{token}"))
    assert "Ann wins the match." in page
    assert "Rematch" in page


def test_tie_on_points_past_the_target_goes_to_most_spades_in_the_round(client):
    token = new_match(client, target=5)
    # both sides 6 spades and 26 cards (ties: nobody); Ann: 10♦ 2 + A 1 + last 1 + ... = 4?
    sides = [
        {"cards": 26, "spades": 6, "aces": ["AS", "AH"], "big_casino": 1, "little_casino": 0,
         "last_capture": True},
        {"cards": 26, "spades": 7, "aces": ["AD", "AC"], "big_casino": 0, "little_casino": 1},
    ]
    # Ann: aces 2 + big 2 + last 1 = 5; Bo: spades 2 + aces 2 + little 1 = 5: tie at 5, and
    # Bo has more spades in the round (7 v 6): Bo wins on the spades tie-break.
    _tally_round(client, token, sides)
    match = match_of(token)
    assert match.finished and match.winner_side == 1
    assert "most spades" in match.result_note


def test_level_on_points_and_spades_plays_on(client):
    token = new_match(client, target=5, variant="danish")
    sides = [
        {"cards": 26, "spades": 6, "aces": ["AS", "AH"], "big_casino": 1, "little_casino": 0,
         "last_capture": True},
        {"cards": 26, "spades": 7, "aces": ["AD", "AC"], "big_casino": 0, "little_casino": 1},
    ]
    # Danish: Ann aces 2 + big 2 + last 1 = 5, Bo spades 2 + aces 2 + little 1 = 5: tied,
    # and Danish has no spades tie-break: another round.
    _tally_round(client, token, sides)
    match = match_of(token)
    assert not match.finished
    assert "another round" in plain(client.get(f"/match/{token}"))


def test_rematch_keeps_the_players_and_passes_the_deal(client):
    token = new_match(client, target=10)
    _tally_round(client, token, SWEDISH_SIDES)
    response = client.post(f"/match/{token}/rematch")
    assert response.status_code == 303
    new_token = response.headers["Location"].rsplit("/", 1)[-1]
    old, new = match_of(token), match_of(new_token)
    assert new.names == old.names and new.variant == old.variant
    assert new.first_dealer == (old.first_dealer + 1) % 2 and not new.finished


def test_rematch_of_a_running_match_is_refused(client):
    token = new_match(client)
    assert client.post(f"/match/{token}/rematch").status_code == 409


@pytest.mark.parametrize("path", ["/", "/matches/new"])
def test_pages_answer_fragments_only_for_htmx(client, path):
    full = client.get(path)
    assert "<html" in text(full)
    assert "HX-Request" in full.headers["Vary"]
