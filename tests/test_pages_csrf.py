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
