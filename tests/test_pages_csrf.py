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


def test_a_round_change_needs_the_token_though_its_form_does_not_check_it_again():
    """The round's forms leave the token to the app-wide check (``VersionForm``): a play
    or a first table without it is refused and nothing is recorded; with htmx's header
    it goes through."""
    import re

    from referee.models import RoundRow

    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    with app.app_context():
        db.create_all()
        client = app.test_client()
        page = text(client.get("/matches/new"))
        token = re.search(r'"X-CSRFToken": "([^"]+)"', page).group(1)
        made = client.post("/matches/new", headers={"X-CSRFToken": token},
                           data={"variant": "swedish", "players": "2", "first_dealer": "1",
                                 "names-0": "A", "names-1": "B"})
        link = made.headers["Location"].rsplit("/", 1)[-1]
        assert client.post(f"/match/{link}/rounds", headers={"X-CSRFToken": token},
                           data={"mode": "play"}).status_code == 303
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
