"""Shared fixtures in the style of the Flask tutorial: ``app`` and ``client``."""

from __future__ import annotations

import os

import pytest

from referee import create_app
from referee.extensions import db


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
