"""Shared fixtures in the style of the Flask tutorial: ``app`` and ``client``; and the
engine tests' shorthand for a card, a play and a tally (``from conftest import ...``)."""

from __future__ import annotations

import os
import weakref

import pytest

from referee import create_app
from referee.extensions import db
from referee.rules.cards import Card, parse_cards
from referee.rules.scoring import Tally
from referee.rules.turn import Action, Play

P = Card.parse


def play(card, action="trail", refs=(), value=None):
    return Play(P(card), Action(action), tuple(refs), value)


def tally(cards, spades, aces=(), big=0, little=0, sweeps=0, last=False, mulle=0):
    return Tally(cards, spades, tuple(parse_cards(aces)), big, little, sweeps, last, mulle)


@pytest.fixture(autouse=True)
def _dispose_engines():
    """After each test, close the connections of every app it made (``create_app`` in a
    test or a fixture), so that a run on PostgreSQL never holds more than a few of the
    server's 100. The ``app`` fixture also disposes of its own; this catches the rest."""
    engines = db._app_engines  # Flask-SQLAlchemy: app -> its engines (weak keys)
    before = weakref.WeakSet(engines.keys())
    yield
    for made in [a for a in list(engines.keys()) if a not in before]:
        for engine in engines[made].values():
            engine.dispose()


@pytest.fixture
def app():
    app = create_app(
        {
            "TESTING": True,
            # TEST_DATABASE_URL runs the suite on another database (PostgreSQL)
            "SQLALCHEMY_DATABASE_URI": os.environ.get("TEST_DATABASE_URL", "sqlite://"),
            "WTF_CSRF_ENABLED": False,
        }
    )
    with app.app_context():
        db.create_all()
        yield app
        db.session.remove()
        db.drop_all()
        db.engine.dispose()  # close its connections (PostgreSQL allows 100 in all)


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def api(client):
    """POST a JSON body to an API path and return (status, json)."""

    def call(path: str, body=None, method: str = "POST"):
        response = client.get(path) if method == "GET" else client.post(path, json=body)
        return response.status_code, response.get_json()

    return call
