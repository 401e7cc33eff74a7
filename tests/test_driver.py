"""A round page's two statements on psycopg's own cursor (referee.driver): the same SQL,
parameters and rows as SQLAlchemy's execution gives, its errors as SQLAlchemy's, and
SQLAlchemy's execution wherever a statement is not run statement by statement on
PostgreSQL (SQLite, a transaction)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from pages import HX, opened, post_play, round_of, version
from psycopg.types.json import Json
from sqlalchemy import Connection, CursorResult, event, select, text
from sqlalchemy.dialects.postgresql import psycopg as psycopg_dialect
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.pool import QueuePool

from referee import driver, reads, service
from referee.extensions import db
from referee.models import LinkRole, Match, RoundMode, RoundStatus, lookup_digest


def _executed_by_sqlalchemy():
    """The first word of each statement SQLAlchemy's execution sends until stop()."""
    seen: list[str] = []
    engine = db.engine

    def record(conn, cursor, sql, *args):
        seen.append(sql.split()[0])

    event.listen(engine, "before_cursor_execute", record)
    return seen, lambda: event.remove(engine, "before_cursor_execute", record)


def test_a_statement_compiled_for_psycopg_converts_its_values_with_sqlalchemys_types():
    dialect = psycopg_dialect.dialect()
    read = driver.Compiled.of(reads._LINK_MATCH_PLAYERS_ROUNDS, dialect)
    assert "%(digest)s" in read.sql and "%(number)s" in read.sql
    assert {name for name, _process in read.binds} == {"digest", "number"}
    assert read.parameters({"digest": "ab", "number": 2, "other": 1}) == {
        "digest": "ab", "number": 2}
    with pytest.raises(KeyError):
        read.parameters({"digest": "ab"})
    # the link's role and the round's mode and status are stored as the enums' values
    row = ["t", 1, "seat", 0, False, 7, "swedish", {"a": 1}, 0, False, None, None, None,
           3, 1, 0, "play", "open", 5, None, b"snap", 5, 1]
    converted = read.row(tuple(row))
    assert converted[2] is LinkRole.SEAT
    assert converted[16] is RoundMode.PLAY and converted[17] is RoundStatus.OPEN
    assert converted[7] == {"a": 1} and converted[20] == b"snap"  # as psycopg reads them
    assert converted[:2] == ("t", 1) and converted[-1] == 1
    with pytest.raises(ValueError):  # a row of another statement
        read.row(tuple(row[:-1]))

    write = driver.Compiled.of(service._bump_and_log(("snapshot", "version")), dialect)
    assert write.sql.startswith("WITH bumped AS") and write.columns == ()
    sent = write.parameters({
        "round_id": 3, "at": 4, "new_snapshot": b"x", "new_version": 5, "event_seq": 4,
        "event_kind": "play", "event_data": {"card": "9H", "action": "trail", "refs": []},
        "event_created": datetime(2026, 12, 7, tzinfo=UTC)})
    # SQLAlchemy hands JSON to psycopg wrapped as psycopg's Json, sent as json
    assert isinstance(sent["event_data"], Json)
    assert sent["event_data"].obj == {"card": "9H", "action": "trail", "refs": []}
    assert sent["new_snapshot"] == b"x" and sent["round_id"] == 3
    # a literal's value is SQLAlchemy's to send: such a statement is refused at once
    with pytest.raises(TypeError, match="named parameters"):
        driver.Compiled.of(select(Match.id).where(Match.id == 1), dialect)


def test_a_statement_is_compiled_once_for_each_dialect():
    dialect = psycopg_dialect.dialect()
    first = driver.compiled(reads._LINK_MATCH_PLAYERS_ROUNDS, dialect)
    assert driver.compiled(reads._LINK_MATCH_PLAYERS_ROUNDS, dialect) is first
    assert driver.compiled(reads._EVENTS_OF_ROUND, dialect) is not first


def test_only_a_postgresql_statement_run_on_its_own_goes_to_the_driver(app):
    """On PostgreSQL, statement by statement (a round page's own connection, lent by the
    pool): psycopg's cursor, the rows SQLAlchemy's execution gives for the same
    statement, and no SQLAlchemy execution (its events see nothing). In a transaction, or
    on SQLite: SQLAlchemy's execution, its own result."""
    client = app.test_client()
    token, number = opened(client)
    digest = lookup_digest(token)
    values = {"digest": digest, "number": number}
    postgres = db.engine.dialect.name == "postgresql"
    statement = reads._LINK_MATCH_PLAYERS_ROUNDS if postgres else reads._LINK_MATCH_PLAYERS
    db.session.remove()
    with db.engine.connect() as connection:
        expected = [tuple(row) for row in connection.execute(statement, values).all()]
        seen, stop = _executed_by_sqlalchemy()
        try:
            in_transaction = driver.execute(connection, statement, values)
            assert isinstance(in_transaction, CursorResult) and seen == ["SELECT"]
            assert [tuple(row) for row in in_transaction.all()] == expected
            connection.rollback()
            seen.clear()
            if postgres:
                alone = driver.Direct.lend(db.engine)
                try:
                    result = driver.execute(alone, statement, values)
                finally:
                    alone.give_back()
            else:  # no such connection: SQLAlchemy's execution
                result = driver.execute(connection, statement, values)
        finally:
            stop()
    rows = [tuple(row) for row in result.all()]
    # PostgreSQL: a row for each player and one for the round; SQLite: the players'
    assert len(rows) == (3 if postgres else 2) and rows == expected
    if postgres:
        assert isinstance(result, driver.Result) and seen == []
        assert rows[-1][reads._R + 4] is RoundStatus.OPEN  # a round's row, converted
    else:
        assert isinstance(result, CursorResult) and seen == ["SELECT"]


def test_a_play_on_postgresql_sends_its_two_statements_to_the_driver(app):
    client = app.test_client()
    token, number = opened(client)
    at = version(token, number)
    db.session.remove()
    seen, stop = _executed_by_sqlalchemy()
    try:
        assert post_play(client, token, number, "8H", ver=at, headers=HX).status_code == 200
    finally:
        stop()
    assert version(token, number) == at + 1
    if db.engine.dialect.name == "postgresql":
        assert seen == []
    else:
        assert seen == ["SELECT", "SELECT", "UPDATE", "INSERT"]


def test_a_round_page_on_postgresql_has_a_connection_of_its_own_given_back_after(app):
    """PostgreSQL: every statement of a round page (a play, a stale play, a poll, a page of
    no such match) goes on a connection out of the pool without SQLAlchemy's session
    (driver.Direct), each committed as it runs, and the connection is back in the pool
    after the answer, in a transaction's mode again. SQLite, or a session already in a
    transaction (a test's): the session's connection."""
    client = app.test_client()
    token, number = opened(client)
    at = version(token, number)
    db.session.remove()
    postgres = db.engine.dialect.name == "postgresql"
    pool = db.engine.pool

    def checked_out() -> int:  # SQLite in memory: one connection for all (StaticPool)
        return pool.checkedout() if isinstance(pool, QueuePool) else 0

    lent = checked_out()
    used: list[tuple[type, object, bool | None]] = []
    execute = driver.execute

    def recorded(connection, statement, values):
        raw = connection.raw if isinstance(connection, driver.Direct) else None
        used.append((type(connection), raw, None if raw is None else raw.autocommit))
        return execute(connection, statement, values)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(driver, "execute", recorded)
        assert post_play(client, token, number, "8H", ver=at, headers=HX).status_code == 200
        assert db.session.registry.has() is not postgres  # no session was made
        assert checked_out() == lent
        answers = [
            post_play(client, token, number, "9H", ver=at, headers=HX).status_code,
            client.get(f"/match/{token}/round/{number}", headers=HX).status_code,
            client.get(f"/match/{'x' * 32}/round/{number}", headers=HX).status_code,
        ]
        assert answers == [409, 200, 404]
        assert checked_out() == lent
        kinds = {kind for kind, _raw, _alone in used}
        if postgres:
            assert kinds == {driver.Direct}
            assert all(alone for _kind, _raw, alone in used)
            assert not any(raw.autocommit or raw.closed for _kind, raw, _alone in used)
        else:
            assert kinds == {Connection}
        # a test's transaction is kept: the page runs in it, on the session's connection
        used.clear()
        db.session.execute(text("SELECT 1"))
        assert post_play(client, token, number, "9H", ver=at + 1, headers=HX).status_code == 200
        assert {kind for kind, _raw, _alone in used} == {Connection}
    assert version(token, number) == at + 2


def test_a_drivers_error_is_sqlalchemys_and_a_broken_connection_is_dropped(app):
    """A statement the database refuses raises SQLAlchemy's error of the same kind (an
    IntegrityError here, an OperationalError for a lost connection, which the busy answer
    knows); a connection lost meanwhile is invalidated, not given back to the pool."""
    client = app.test_client()
    token, number = opened(client)
    at = version(token, number)
    round_id = round_of(token, number).id
    db.session.remove()
    postgres = db.engine.dialect.name == "postgresql"
    created = datetime.now(UTC)
    data = {"card": "9H", "action": "trail", "refs": []}
    if postgres:
        statement = service._bump_and_log(("version",))
        values = {"round_id": round_id, "at": at, "new_version": at, "event_seq": 0,
                  "event_kind": "play", "event_data": data, "event_created": created}
    else:  # SQLite's own INSERT of an event
        statement = service._INSERT_EVENT
        values = {"round_id": round_id, "seq": 0, "kind": "play", "data": data,
                  "created": created}
    if not postgres:
        with db.engine.connect() as connection, pytest.raises(IntegrityError):
            driver.execute(connection, statement, values)  # the log already has an event 0
        return
    lent = db.engine.pool.checkedout()
    alone = driver.Direct.lend(db.engine)
    with pytest.raises(IntegrityError):  # the log already has an event 0
        driver.execute(alone, statement, values)
    assert alone.pooled.is_valid
    pid = alone.raw.execute("SELECT pg_backend_pid()").fetchone()[0]
    with db.engine.connect() as other:
        other.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})
        other.commit()
    with pytest.raises(OperationalError):
        driver.execute(alone, reads._LINK_MATCH_PLAYERS_ROUNDS, {"digest": "x", "number": 1})
    assert not alone.pooled.is_valid  # invalidated, then given back without an error
    alone.give_back()
    assert db.engine.pool.checkedout() == lent
