"""CSRF: every change needs the form's token, or htmx's X-CSRFToken header."""

from __future__ import annotations

from pages import plain, text

from referee import create_app
from referee.extensions import db
from referee.models import Match


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


def _round_started_with_htmx_token(client) -> tuple[str, str]:
    """A new match with its first round started, every change sent with the token of the
    page htmx sends in its header: (that token, the match's link)."""
    import re

    page = text(client.get("/matches/new"))
    token = re.search(r'"X-CSRFToken": "([^"]+)"', page).group(1)
    made = client.post("/matches/new", headers={"X-CSRFToken": token},
                       data={"variant": "swedish", "players": "2", "first_dealer": "1",
                             "names-0": "A", "names-1": "B"})
    link = made.headers["Location"].rsplit("/", 1)[-1]
    assert client.post(f"/match/{link}/rounds", headers={"X-CSRFToken": token},
                       data={"mode": "play"}).status_code == 303
    return token, link


def test_a_round_change_needs_the_token_though_its_form_does_not_check_it_again():
    """The round's forms leave the token to the app-wide check (``VersionForm``): a play
    or a first table without it is refused and nothing is recorded; with htmx's header
    it goes through."""

    from referee.models import RoundRow

    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    with app.app_context():
        db.create_all()
        client = app.test_client()
        token, link = _round_started_with_htmx_token(client)
        table = {"version": "0", "table": "9S 6C 3D 5H"}
        for refused in ({}, {"X-CSRFToken": "not-the-token"}):
            response = client.post(f"/match/{link}/round/1/table",
                                   headers={"HX-Request": "true", **refused}, data=table)
            assert response.status_code == 400
            assert db.session.scalars(db.select(RoundRow)).one().version == 0
            db.session.remove()
        response = client.post(f"/match/{link}/round/1/table",
                               headers={"HX-Request": "true", "X-CSRFToken": token}, data=table)
        assert response.status_code == 200
        assert db.session.scalars(db.select(RoundRow)).one().version == 1
        trailed = client.post(f"/match/{link}/round/1/play", headers={"HX-Request": "true"},
                              data={"version": "1", "card": "2H", "action": "trail"})
        assert trailed.status_code == 400
        db.session.remove()
        assert db.session.scalars(db.select(RoundRow)).one().version == 1
        db.session.remove()
        db.drop_all()


def _token_signed(app, client, ago: float) -> str:
    """A form token of the client's session, signed ``ago`` seconds ago."""
    import time
    from unittest import mock

    from flask_wtf.csrf import generate_csrf

    cookie = client.get_cookie("session").value
    with app.test_request_context(headers={"Cookie": f"session={cookie}"}), \
            mock.patch("itsdangerous.timed.time.time", return_value=time.time() - ago):
        return generate_csrf()


def test_a_change_answers_with_the_token_it_came_with_while_that_is_young():
    """The round's panel after a play carries the token the play was accepted with (no
    new signing), unless that token has lived half its time limit: then a new one; the
    phone's next change goes through either way."""
    import re

    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    with app.app_context():
        db.create_all()
    # no app context held across the requests: each has its own ``g``, as in a server
    client = app.test_client()
    token, link = _round_started_with_htmx_token(client)
    here = f"/match/{link}/round/1"
    hx = {"HX-Request": "true"}
    assert client.post(f"{here}/table", headers={**hx, "X-CSRFToken": token},
                       data={"version": 0, "table": "9S 6C 3D 5H"}).status_code == 200
    limit = app.config["WTF_CSRF_TIME_LIMIT"]
    plays = iter(["2C", "4D", "7S", "8H"])
    for version, (ago, kept) in enumerate([(0, True), (limit / 2 - 60, True),
                                           (limit / 2 + 60, False)], start=1):
        sent = _token_signed(app, client, ago) if ago else token
        panel = text(client.post(f"{here}/play", headers=hx, data={
            "csrf_token": sent, "version": version, "card": next(plays), "action": "trail"}))
        shown = set(re.findall(r'name="csrf_token" value="([^"]+)"', panel))
        assert len(shown) == 1, panel
        assert (shown == {sent}) is kept
        token = shown.pop()  # good for the next change
    assert client.post(f"{here}/play", headers=hx, data={
        "csrf_token": token, "version": 4, "card": next(plays),
        "action": "trail"}).status_code == 200
    with app.app_context():
        db.session.remove()
        db.drop_all()
