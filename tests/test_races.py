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


def test_on_postgresql_a_round_page_runs_statement_by_statement(shared_app):
    """PostgreSQL: a play reads in one statement and writes in one, with no transaction
    around them (autocommit: no BEGIN, no COMMIT), and so does a poll; the scoreboard
    keeps its transaction (and the play no session commit: nothing is left to send). SQLite:
    every change inside its ``BEGIN IMMEDIATE``, committed."""
    from flask_sqlalchemy.session import Session as SessionClass
    from sqlalchemy import event

    app = shared_app
    client = app.test_client()
    with app.app_context():
        token, number = opened(client)
        ver = version(token, number)
        postgres = db.engine.dialect.name == "postgresql"
    seen: list[tuple[str, bool]] = []

    def record(conn, cursor, statement, *args):
        raw = conn.connection.dbapi_connection
        alone = raw.autocommit if postgres else raw.isolation_level is None
        seen.append((statement.split()[0].upper(), alone))

    commits: list[int] = []
    session_commit = SessionClass.commit

    def counted(self, *args, **kwargs):
        commits.append(1)
        return session_commit(self, *args, **kwargs)

    with app.app_context():
        event.listen(db.engine, "before_cursor_execute", record)
    try:
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(SessionClass, "commit", counted)
            assert post_play(client, token, number, "8H", ver=ver, headers=HX).status_code == 200
        played = list(seen)
        seen.clear()
        assert client.get(f"/match/{token}/round/{number}", headers=HX).status_code == 200
        polled = list(seen)
        seen.clear()
        assert client.get(f"/match/{token}").status_code == 200
        board = list(seen)
    finally:
        with app.app_context():
            event.remove(db.engine, "before_cursor_execute", record)
    if postgres:
        assert played == [("SELECT", True), ("WITH", True)]
        assert commits == []  # the statement committed itself: the session has nothing to do
        assert polled and all(alone for _word, alone in polled)
        assert board and not any(alone for _word, alone in board)
    else:
        assert [word for word, _alone in played] == ["SELECT", "SELECT", "UPDATE", "INSERT"]
        assert commits == [1]
        assert not any(alone for _word, alone in played)


def test_a_page_keeps_a_snapshot_only_if_it_can_at_once_on_either_database(shared_app):
    """A round page that finds no snapshot replays the log and keeps one only if the
    round's row is free at once: while another phone's change holds it, the page shows
    the round without waiting, and the next page keeps it. On PostgreSQL, where the page
    has no transaction, the lock timeout is set for that write alone and put back."""
    import time

    from sqlalchemy import event, text

    app = shared_app
    client = app.test_client()
    with app.app_context():
        token, number = opened(client)
        rnd = round_of(token, number)
        round_id = rnd.id
        db.session.execute(text("UPDATE round SET snapshot = NULL"))
        db.session.commit()
        postgres = db.engine.dialect.name == "postgresql"
    seen: list[str] = []
    with app.app_context():
        event.listen(db.engine, "before_cursor_execute",
                     lambda conn, cursor, statement, *args: seen.append(statement))
        # another phone's change under way: the round's row locked (the whole database
        # on SQLite) by a transaction of another connection
        holder = db.engine.connect()
        if postgres:
            holder.exec_driver_sql(f"SELECT id FROM round WHERE id = {round_id} FOR UPDATE")
        else:  # outside a request a transaction begins with BEGIN IMMEDIATE (database.py)
            holder.exec_driver_sql("SELECT 1")
    try:
        started = time.perf_counter()
        page = client.get(f"/match/{token}/round/{number}")
        waited = time.perf_counter() - started
    finally:
        holder.rollback()
        holder.close()
    assert page.status_code == 200 and "Ann to play" in plain(page)
    assert waited < 2
    with app.app_context():
        assert round_of(token, number).snapshot is None
    if postgres:
        settings = [s for s in seen if "lock_timeout" in s]
        assert settings == ["SET lock_timeout = '10ms'", "RESET lock_timeout"]
    assert client.get(f"/match/{token}/round/{number}").status_code == 200
    with app.app_context():
        assert round_of(token, number).snapshot is not None
