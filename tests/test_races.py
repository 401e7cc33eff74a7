"""Two phones at once: threads on two clients of one app, on one SQLite file (or the
database TEST_DATABASE_URL names), and a page left open on a second phone. Exactly one
change wins; the other phone is told what happened."""

from __future__ import annotations

import os
import threading

import pytest
from pages import (
    HX,
    driver_statements,
    match_of,
    new_match,
    opened,
    plain,
    post_play,
    round_of,
    start_round,
    version,
)

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


def test_a_play_tapped_twice_is_recorded_once_and_answered_as_recorded(client):
    """The second tap of a play leaves before the first's answer comes back (the page
    drops that answer for the second's): it finds the round one change on, by this very
    play, and is answered as done, not with "another phone was first"."""
    token, number = opened(client)
    old = version(token, number)
    first = post_play(client, token, number, "9H", "capture", refs=[0], ver=old, headers=HX)
    again = post_play(client, token, number, "9H", "capture", refs=[0], ver=old, headers=HX)
    assert first.status_code == again.status_code == 200
    page = plain(again)
    assert "The table changed" not in page and "nothing of yours was recorded" not in page
    assert "Ann: 9♥ takes 9♠ — legal" in page and "Bo to play" in page
    assert [e.kind for e in round_of(token, number).events] == ["table", "play"]
    # without the page's script: sent on to the round page, as the first was
    plain_form = post_play(client, token, number, "9H", "capture", refs=[0], ver=old)
    assert [r.status_code for r in (*plain_form.history, plain_form)] == [303, 200]
    # a different play from the same stale page is still told the table changed
    other = post_play(client, token, number, "KD", "trail", ver=old, headers=HX)
    assert other.status_code == 409 and "The table changed" in plain(other)
    # and so is the same play once the round has moved on further
    assert post_play(client, token, number, "KD", "trail", ver=old + 1).status_code == 200
    late = post_play(client, token, number, "9H", "capture", refs=[0], ver=old, headers=HX)
    assert late.status_code == 409 and "The table changed" in plain(late)
    assert [e.kind for e in round_of(token, number).events] == ["table", "play", "play"]


def test_an_undo_tapped_twice_takes_back_one_entry(client):
    token, number = opened(client)
    old = version(token, number)
    assert post_play(client, token, number, "KD", "trail", ver=old).status_code == 200
    assert post_play(client, token, number, "QD", "trail", ver=old + 1).status_code == 200
    undo = {"version": old + 2}
    first = client.post(f"/match/{token}/round/{number}/undo", data=undo, headers=HX)
    again = client.post(f"/match/{token}/round/{number}/undo", data=undo, headers=HX)
    assert first.status_code == again.status_code == 200
    assert "Taken back: Bo, trail Q♦." in plain(first)
    assert "The last entry was taken back." in plain(again)
    assert "The table changed" not in plain(again)
    assert "Bo to play" in plain(again)  # only Bo's trail was taken back
    assert [e.kind for e in round_of(token, number).events] == [
        "table", "play", "play", "undo"]


def test_an_overrule_or_a_first_table_sent_twice_is_recorded_once(client):
    token, number = opened(client)
    old = version(token, number)
    # 6♦ takes 5♥: refused, and recorded as the table rules
    overrule = {"card": "6D", "action": "capture", "refs": [3], "reason": "house rule",
                "version": old}
    sent = [client.post(f"/match/{token}/round/{number}/overrule", data=overrule, headers=HX)
            for _ in range(2)]
    assert [r.status_code for r in sent] == [200, 200]
    assert "The table's reason: house rule" in plain(sent[1])
    assert "The table changed" not in plain(sent[1])
    assert [e.kind for e in round_of(token, number).events] == ["table", "overrule"]
    # another reason from the same stale page is another change: the table changed
    overrule.update(reason="another")
    other = client.post(f"/match/{token}/round/{number}/overrule", data=overrule, headers=HX)
    assert other.status_code == 409
    # the first table, sent twice
    token = new_match(client)
    number = start_round(client, token, "play")
    table = {"table": "2H 5C 9D KS", "version": 0}
    sent = [client.post(f"/match/{token}/round/{number}/table", data=table, headers=HX)
            for _ in range(2)]
    assert [r.status_code for r in sent] == [200, 200]
    assert [e.kind for e in round_of(token, number).events] == ["table"]


def test_on_postgresql_a_round_page_runs_statement_by_statement(shared_app):
    """PostgreSQL: a play reads in one statement and writes in one, with no transaction
    around them (autocommit: no BEGIN, no COMMIT), and so does a poll; the scoreboard
    keeps its transaction (and the play no session commit: nothing is left to send). SQLite:
    every change inside its ``BEGIN IMMEDIATE``, committed. Each statement is seen where
    the driver is given it (a play's two go to psycopg's cursor directly: referee.driver)."""
    from flask_sqlalchemy.session import Session as SessionClass

    app = shared_app
    client = app.test_client()
    with app.app_context():
        token, number = opened(client)
        ver = version(token, number)
        postgres = db.engine.dialect.name == "postgresql"
    commits: list[int] = []
    session_commit = SessionClass.commit

    def counted(self, *args, **kwargs):
        commits.append(1)
        return session_commit(self, *args, **kwargs)

    def words(sent: list[tuple[str, bool]]) -> list[tuple[str, bool]]:
        return [(sql.split()[0].upper(), alone) for sql, alone in sent]

    with app.app_context():
        sent, stop = driver_statements()
    try:
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(SessionClass, "commit", counted)
            assert post_play(client, token, number, "8H", ver=ver, headers=HX).status_code == 200
        played = words(sent)
        sent.clear()
        assert client.get(f"/match/{token}/round/{number}", headers=HX).status_code == 200
        polled = words(sent)
        sent.clear()
        assert client.get(f"/match/{token}").status_code == 200
        board = words(sent)
    finally:
        with app.app_context():
            stop()
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

    from sqlalchemy import text

    app = shared_app
    client = app.test_client()
    with app.app_context():
        token, number = opened(client)
        rnd = round_of(token, number)
        round_id = rnd.id
        db.session.execute(text("UPDATE round SET snapshot = NULL"))
        db.session.commit()
        postgres = db.engine.dialect.name == "postgresql"
    with app.app_context():
        sent, stop = driver_statements()  # where the driver is given them
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
        with app.app_context():
            stop()
    assert page.status_code == 200 and "Ann to play" in plain(page)
    assert waited < 2
    with app.app_context():
        assert round_of(token, number).snapshot is None
    if postgres:
        settings = [sql for sql, _alone in sent if "lock_timeout" in sql]
        assert settings == ["SET lock_timeout = '10ms'", "RESET lock_timeout"]
    assert client.get(f"/match/{token}/round/{number}").status_code == 200
    with app.app_context():
        assert round_of(token, number).snapshot is not None
