"""Home, the new-match form, the scoreboard and its watching link. How a match ends is in
test_match_end.py; htmx fragments, error pages and CSRF have files of their own."""

from __future__ import annotations

from pages import match_of, new_match, plain, text

from referee.extensions import db
from referee.models import Match

# -- home ------------------------------------------------------------------------------

def test_home_offers_a_match_a_check_and_the_rules(client):
    page = text(client.get("/"))
    assert 'href="/matches/new"' in page and 'href="/check"' in page and 'href="/rules"' in page


def test_home_lists_the_matches_opened_on_this_phone(client):
    token = new_match(client, names=("Åsa", "Björn"))
    page = plain(client.get("/"))
    assert "Åsa – Björn" in page
    assert f"/match/{token}" in text(client.get("/"))


def test_a_watched_match_is_listed_on_this_phone(client):
    token = new_match(client)
    view = match_of(token).view_token
    client.get(f"/match/{view}")
    assert f"/match/{view}" in text(client.get("/"))
    assert "watching" in plain(client.get("/"))


# -- a new match -----------------------------------------------------------------------

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


def test_new_match_mulle_glimne_needs_two_players_or_four_in_partnerships_rules_6(client):
    # RULES §6: Mulle (Kortspelshandboken) is played by 2, or by 4 in two partnerships
    for players, partnerships in ((3, ""), (4, "")):
        response = client.post("/matches/new", data={
            "variant": "mulle-glimne", "players": str(players), "first_dealer": "1",
            "partnerships": partnerships, **{f"names-{i}": f"P{i}" for i in range(players)}})
        assert response.status_code == 422, players
        body = text(response)
        # the error stands at the players field, before the first name
        field = body[body.index('id="players"'):body.index('id="names-0"')]
        assert "2 players, or 4 in two partnerships" in field, players
        assert db.session.query(Match).count() == 0
    token = new_match(client, variant="mulle-glimne", names=("A", "B", "C", "D"),
                      partnerships="pairs")
    match = match_of(token)
    assert match.variant == "mulle-glimne" and match.names == ["A", "B", "C", "D"]


def test_new_match_refuses_a_house_rule_that_does_not_apply(client):
    response = client.post("/matches/new", data={
        "variant": "swedish", "players": "2", "first_dealer": "1", "royal_sweeps": "on",
        "names-0": "A", "names-1": "B"})
    assert response.status_code == 422
    assert "royal_sweeps only applies to Royal Casino" in plain(response)


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


# -- the scoreboard and its watching link ----------------------------------------------

def test_scoreboard_shows_whose_deal_it_is(client):
    token = new_match(client, names=("Ann", "Bo"))  # Bo (seat 2) deals first
    assert "Bo deals." in plain(client.get(f"/match/{token}"))


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


def test_watchers_scoreboard_follows_the_match(client):
    token = new_match(client)
    view = match_of(token).view_token
    body = text(client.get(f"/match/{view}"))
    assert 'hx-trigger="every 10s"' in body
    assert 'hx-trigger' not in text(client.get(f"/match/{token}"))
