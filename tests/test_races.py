"""Two phones at once: threads on two clients of one app, on one SQLite file (or the
database TEST_DATABASE_URL names), and a page left open on a second phone. Exactly one
change wins; the other phone is told what happened."""

from __future__ import annotations

import os
import threading

import pytest
from pages import HX, match_of, new_match, opened, plain, post_play, round_of, version

from referee import create_app
from referee.extensions import db


@pytest.fixture
def shared_app(tmp_path):
    """One app on a database file (or TEST_DATABASE_URL) that every phone's thread shares."""
    app = create_app({"TESTING": True, "WTF_CSRF_ENABLED": False,
                      "SQLALCHEMY_DATABASE_URI": os.environ.get("TEST_DATABASE_URL")
                      or f"sqlite:///{tmp_path / 'phones.sqlite'}"})
    with app.app_context():
        db.create_all()
    yield app
    with app.app_context():
        db.session.remove()
        db.drop_all()
        db.engine.dispose()


def test_two_phones_starting_a_round_at_once_get_the_same_round(shared_app):
    app = shared_app
    with app.app_context():
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


def test_two_phones_sending_the_same_turn_at_once_record_exactly_one(shared_app):
    app = shared_app
    with app.app_context():
        client = app.test_client()
        token, number = opened(client)
        old = version(token, number)
    statuses = []
    barrier = threading.Barrier(2)

    def phone(card):
        with app.app_context():
            c = app.test_client()
            barrier.wait()
            r = c.post(f"/match/{token}/round/{number}/play",
                       data={"card": card, "action": "trail", "version": old})
            statuses.append(r.status_code)

    threads = [threading.Thread(target=phone, args=(card,)) for card in ("KD", "QD")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(statuses) == [303, 409]  # the winner is sent on to the round page
    with app.app_context():
        rnd = round_of(token, number)
        assert [e.kind for e in rnd.events] == ["table", "play"]
        assert rnd.version == old + 1


def test_stale_page_on_a_second_phone_is_told_the_table_changed(client):
    token, number = opened(client)
    old = version(token, number)
    first = post_play(client, token, number, "9H", "capture", refs=[0], ver=old)
    assert first.status_code == 200
    second = post_play(client, token, number, "KD", "trail", ver=old, headers=HX)
    assert second.status_code == 409
    assert "The table changed" in plain(second)
    assert "Bo to play" in plain(second)  # the current state
    assert len(round_of(token, number).events) == 2
