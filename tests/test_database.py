"""The database: migrations match the models, SQLite runs with foreign keys and WAL, and
the app factory writes nothing to disk in tests."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from flask_migrate import downgrade, stamp, upgrade
from sqlalchemy import text
from sqlalchemy.exc import IntegrityError

from referee import create_app, service
from referee.extensions import db
from referee.models import Match, PhoneMatch, token_digest
from referee.rules.cards import Card
from referee.rules.events import EventKind, Overruled
from referee.rules.notes import Note, Say
from referee.rules.turn import Action, Play


def test_migrations_build_exactly_the_models(tmp_path):
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path}/m.db"})
    with app.app_context():
        upgrade()
        with db.engine.connect() as connection:
            diff = compare_metadata(MigrationContext.configure(connection), db.metadata)
        assert diff == []


def test_sqlite_has_foreign_keys_on_and_wal_journaling(tmp_path):
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path}/p.db"})
    with app.app_context(), db.engine.connect() as connection:
        assert connection.execute(text("PRAGMA foreign_keys")).scalar() == 1
        assert connection.execute(text("PRAGMA journal_mode")).scalar() == "wal"


def test_testing_config_writes_nothing_to_disk(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    probe = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    instance = Path(probe.instance_path)
    before = sorted(instance.iterdir()) if instance.exists() else []
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    with app.app_context():
        db.create_all()
    after = sorted(instance.iterdir()) if instance.exists() else []
    assert after == before and list(tmp_path.iterdir()) == []
    assert app.config["SECRET_KEY"]


def test_database_url_from_the_environment_selects_the_database(monkeypatch, tmp_path):
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path}/env.db")
    app = create_app({"TESTING": True})
    assert app.config["SQLALCHEMY_DATABASE_URI"] == f"sqlite:///{tmp_path}/env.db"


def _old_database(tmp_path):
    return create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path}/o.db",
                       "WTF_CSRF_ENABLED": False})


def _old_match(connection, edit: str, view: str, dealer: int) -> None:
    """Match 1 (Swedish, Ann and Bo) as stored before links had a table of their own."""
    connection.execute(text(
        "INSERT INTO match (id, edit_token, view_token, variant, options, first_dealer,"
        " created, finished) VALUES (1, :edit, :view, 'swedish', '{}', :dealer,"
        " '2026-11-29 10:00:00', 0)"), {"edit": edit, "view": view, "dealer": dealer})
    for seat, name in enumerate(("Ann", "Bo")):
        connection.execute(text(
            "INSERT INTO player (match_id, seat, name) VALUES (1, :seat, :name)"),
            {"seat": seat, "name": name})


def test_rows_stored_before_typed_events_still_load(tmp_path):
    """An overrule (a play with a reason column), a confirmed round without a confirm event
    and a result whose explanation repeats the match note: after the migration the round
    replays, reads as typed events and shows its result."""
    app = _old_database(tmp_path)
    with app.app_context():
        upgrade(revision="a0e15c5809f8")
        with db.engine.begin() as connection:
            _old_match(connection, "edit", "view", dealer=1)
            result = {"points": [{"cards": 1}, {"cards": 0}], "totals": [7, 4],
                      "sweeps": [0, 0], "spades": [7, 6], "cards": [27, 25],
                      "explanation": ["Ann has most cards (27 v 25): 1 point", "note"],
                      "match_note": ["note"], "carry": {}, "scores": [7, 4]}
            connection.execute(text(
                "INSERT INTO round (id, match_id, number, dealer, mode, status, version,"
                " created, result) VALUES (1, 1, 1, 1, 'tally', 'confirmed', 2,"
                " '2026-11-29 10:00:00', :result)"), {"result": json.dumps(result)})
            connection.execute(text(
                "INSERT INTO round (id, match_id, number, dealer, mode, status, version,"
                " created) VALUES (2, 1, 2, 0, 'play', 'open', 3, '2026-11-29 11:00:00')"))
            events = [
                (1, 0, "tally", {"tallies": []}, None),
                (2, 0, "table", {"cards": ["9S", "6C", "3D", "5H"]}, None),
                (2, 1, "play", {"card": "9H", "action": "capture", "refs": [0]}, None),
                (2, 2, "play", {"card": "KD", "action": "capture", "refs": [0, 1]},
                 "near enough"),
            ]
            for round_id, seq, kind, data, reason in events:
                connection.execute(text(
                    "INSERT INTO event (round_id, seq, kind, data, reason, created) VALUES"
                    " (:r, :s, :k, :d, :reason, '2026-11-29 10:00:00')"),
                    {"r": round_id, "s": seq, "k": kind, "d": json.dumps(data),
                     "reason": reason})
        upgrade()
        first, second = db.session.get(Match, 1).rounds
        assert [e.kind for e in first.events] == [EventKind.TALLY, EventKind.CONFIRM]
        assert first.result is not None and first.result.totals == (7, 4)
        # lines stored as English sentences are kept as they were, as text notes
        assert first.result.explanation == (
            Note.of(Say.TEXT, text="Ann has most cards (27 v 25): 1 point"),)
        assert first.result.match_note == (Note.of(Say.TEXT, text="note"),)
        assert second.log[-1] == Overruled(
            Play(Card.parse("KD"), Action.CAPTURE, (0, 1)), "near enough")
        game = service.game_of(second)
        assert [r.overruled for r in game.records] == [None, "near enough"]
        # the pile: the card taken, then the card that took it (API.md's replay example)
        assert game.turn == 1 and [c.code for c in game.piles[1]] == ["9S", "9H"]
    client = app.test_client()
    board = client.get("/match/view")
    assert board.status_code == 200
    assert "Ann has most cards (27 v 25): 1 point" in board.get_data(as_text=True)
    assert client.get("/match/view/round/2").status_code == 200


def test_links_and_phone_lists_stored_before_links_still_work(tmp_path):
    """A match's two links, kept on the match row before, become links (the same tokens,
    looked up by digest); every seat gets a link of its own; a phone's list keeps pointing
    at the link it opened."""
    app = _old_database(tmp_path)
    with app.app_context():
        upgrade(revision="e5f6a7b8c9d0")
        with db.engine.begin() as connection:
            _old_match(connection, "edit-link", "view-link", dealer=0)
            connection.execute(text(
                "INSERT INTO round (id, match_id, number, dealer, mode, status, version,"
                " created) VALUES (1, 1, 1, 0, 'play', 'open', 0, '2026-11-29 11:00:00')"))
            for row, editing in ((1, True), (2, False)):
                connection.execute(text(
                    "INSERT INTO phone_match (id, phone_id, match_id, editing, label,"
                    " opened_at) VALUES (:id, :phone, 1, :editing, 'Swedish', "
                    "'2026-11-29 10:00:00')"),
                    {"id": row, "phone": "p" * 43, "editing": editing})
        upgrade()
        match = db.session.get(Match, 1)
        assert (match.edit_token, match.view_token) == ("edit-link", "view-link")
        seats = {match.seat_token(0), match.seat_token(1)}
        assert len(seats) == 2 and not seats & {"edit-link", "view-link"}
        assert [r.number for r in match.rounds] == [1]  # nothing lost copying the table
        rows = db.session.query(PhoneMatch).order_by(PhoneMatch.id).all()
        assert [row.link.token for row in rows] == ["edit-link", "view-link"]
    client = app.test_client()
    assert client.get("/match/edit-link/round/1").status_code == 200
    assert client.get(f"/match/{seats.pop()}").status_code == 200


def test_a_rounds_result_is_read_from_what_it_stores_now(app):
    """A confirmed round's result is read once per stored value, and read again when
    another value is stored."""
    from referee.models import RoundRow
    from referee.rules.scoring import RoundResult

    with app.app_context():
        row = RoundRow(number=1, dealer=0)
        assert row.result is None
        first = {"points": [], "totals": [3, 1], "explanation": [], "match": [],
                 "carry": {}, "scores": [3, 1]}
        row.result_json = first
        read = row.result
        assert read == RoundResult.from_json(first) and read.totals == (3, 1)
        assert row.result is read  # the same value, not read again
        row.result_json = {**first, "totals": [0, 4], "scores": [0, 4]}
        assert row.result.totals == (0, 4)
        row.result_json = None
        assert row.result is None


def test_phone_lists_stored_with_labels_are_worded_in_the_language_of_today(tmp_path):
    """A phone's list kept its labels as sentences in the language of the day the match
    was opened; after the migration the column is gone and the home page words each
    label in the language the phone reads now. Downgrading gives the column back."""
    app = _old_database(tmp_path)
    phone = "p" * 43
    with app.app_context():
        upgrade(revision="a7b8c9d0e1f2")
        with db.engine.begin() as connection:
            connection.execute(text(
                "INSERT INTO match (id, variant, options, first_dealer, created, finished)"
                " VALUES (1, 'swedish', '{}', 0, '2026-11-29 10:00:00', 0)"))
            for seat, name in enumerate(("Ann", "Bo")):
                connection.execute(text(
                    "INSERT INTO player (match_id, seat, name) VALUES (1, :seat, :name)"),
                    {"seat": seat, "name": name})
            connection.execute(text(
                "INSERT INTO link (id, match_id, role, seat, token, digest, revoked) VALUES"
                " (7, 1, 'watch', NULL, 'view-link', :digest, 0)"),
                {"digest": token_digest("view-link")})
            connection.execute(text(
                "INSERT INTO phone_match (id, phone_id, link_id, label, opened_at) VALUES"
                " (1, :phone, 7, 'Swedish Kasino, watching: Ann – Bo',"
                " '2026-11-29 10:00:00')"), {"phone": phone})
        upgrade()
        with db.engine.connect() as connection:
            columns = {row[1] for row in connection.execute(
                text("PRAGMA table_info(phone_match)"))}
        assert columns == {"id", "phone_id", "link_id", "opened_at"}
    client = app.test_client()
    with client.session_transaction() as session:
        session["phone"] = phone
    client.set_cookie("lang", "fi")
    home = client.get("/").get_data(as_text=True)
    assert "Ruotsalainen kasino, katselu: Ann – Bo" in home
    assert "Swedish" not in home and "watching" not in home
    with app.app_context():
        from flask_migrate import downgrade
        downgrade(revision="a7b8c9d0e1f2")
        with db.engine.connect() as connection:
            assert connection.execute(text(
                "SELECT label FROM phone_match")).scalar_one() == "swedish"
        upgrade()


def test_a_match_with_several_rematches_keeps_its_first_as_the_rematch(tmp_path):
    """Before one rematch per match, two phones could each start one: the migration keeps
    the first as the match's rematch and leaves the others as matches of their own, so
    the unique index can be made; the database then refuses a second rematch."""
    app = _old_database(tmp_path)
    with app.app_context():
        upgrade(revision="c9d0e1f2a3b4")
        with db.engine.begin() as connection:
            for match, of in ((1, None), (2, 1), (3, 1), (4, None), (5, 4)):
                connection.execute(text(
                    "INSERT INTO match (id, variant, options, first_dealer, created, finished,"
                    " rematch_of_id) VALUES (:id, 'swedish', '{}', 0, '2026-12-01 10:00:00',"
                    " 0, :of)"), {"id": match, "of": of})
        upgrade()
        with db.engine.connect() as connection:
            kept = dict(connection.execute(text("SELECT id, rematch_of_id FROM match")).all())
        assert kept == {1: None, 2: 1, 3: None, 4: None, 5: 4}
        with pytest.raises(IntegrityError), db.engine.begin() as connection:
            connection.execute(text("UPDATE match SET rematch_of_id = 1 WHERE id = 3"))


def _snapshot_compression() -> str | None:
    """How PostgreSQL compresses the snapshot column: 'l' lz4, 'p' pglz, '' its default."""
    with db.engine.connect() as connection:
        return connection.execute(text(
            "SELECT attcompression FROM pg_attribute"
            " WHERE attrelid = 'round'::regclass AND attname = 'snapshot'")).scalar()


def test_postgresql_compresses_snapshots_with_lz4_where_it_has_it(app):
    """A snapshot (about 10 kB by a round's end, written at every play) is compressed with
    lz4 on PostgreSQL, by the tables the models make and by the migration; SQLite, which
    compresses nothing, is asked for nothing (it would refuse the statement)."""
    if db.engine.dialect.name != "postgresql":
        with db.engine.connect() as connection:
            created = connection.execute(text(
                "SELECT sql FROM sqlite_master WHERE name = 'round'")).scalar()
        assert "snapshot BLOB" in created and "COMPRESSION" not in created.upper()
        return
    with db.engine.connect() as connection:
        has_lz4 = connection.execute(text(
            "SELECT 'lz4' = ANY(enumvals) FROM pg_settings"
            " WHERE name = 'default_toast_compression'")).scalar()
    lz4 = "l" if has_lz4 else ""
    assert _snapshot_compression() == lz4
    try:
        stamp(revision="head")  # the tables the models made are the head's
        downgrade(revision="b8c9d0e1f2a3")
        assert _snapshot_compression() == ("p" if has_lz4 else "")
        upgrade()
        assert _snapshot_compression() == lz4
    finally:
        with db.engine.begin() as connection:
            connection.execute(text("DROP TABLE IF EXISTS alembic_version"))


class _FakeResult:
    """What psycopg's Column reads of a result, counting the columns read."""

    def __init__(self, names: list[str]) -> None:
        self.names = names
        self.read: list[int] = []
        self.nfields = len(names)

    def fname(self, index: int) -> bytes:
        self.read.append(index)
        return self.names[index].encode()

    def ftype(self, index: int) -> int:
        return 25  # text

    def fmod(self, index: int) -> int:
        return -1

    def fsize(self, index: int) -> int:
        return -1


def test_a_results_columns_are_described_only_when_read():
    import psycopg

    from referee.database import Description, _Result

    fake = _FakeResult(["link", "role", "seat"])
    described = Description(_Result(fake, "utf-8", psycopg.adapters), 3)
    assert len(described) == 3 and fake.read == []  # nothing made until read
    assert described[1].name == "role" and fake.read == [1]
    assert described[1] is described[1] and fake.read == [1]  # made once
    assert described[-1].name == "seat" and [c.name for c in described[0:2]] == ["link", "role"]
    assert described[0].type_code == 25
    try:
        described[3]
    except IndexError:
        pass
    else:
        raise AssertionError("a column past the end")
    eager = [psycopg.Column(_Result(_FakeResult(["link", "role", "seat"]), "utf-8",
                                    psycopg.adapters), i) for i in range(3)]
    # as psycopg describes them: name, type, sizes...
    assert [tuple(c) for c in described] == [tuple(c) for c in eager]
    assert [c.name for c in described] == ["link", "role", "seat"]


def test_postgresql_cursors_describe_what_they_ran_when_asked_later(app):
    """On PostgreSQL every cursor of the engine describes its result lazily, and a
    description read after the cursor ran on is still the first result's; SQLite's
    cursors are sqlite3's own."""
    with db.engine.connect() as connection:
        cursor = connection.connection.dbapi_connection.cursor()
        if db.engine.dialect.name != "postgresql":
            import sqlite3

            assert isinstance(cursor, sqlite3.Cursor)
            return
        from referee.database import DescribedLazily, Description

        assert isinstance(cursor, DescribedLazily)
        cursor.execute("SELECT 1 AS first, 'x'::text AS second")
        described = cursor.description
        cursor.execute("SELECT 2.5 AS other")
        assert isinstance(described, Description)
        assert [(c.name, c.type_code) for c in described] == [("first", 23), ("second", 25)]
        assert [c.name for c in cursor.description] == ["other"]
        cursor.execute("SET lock_timeout = '1s'")
        assert cursor.description is None
        cursor.execute("SELECT")  # rows without columns: described, as psycopg's are
        assert cursor.description is not None and len(cursor.description) == 0
        cursor.execute("RESET lock_timeout")


def test_a_request_that_only_read_ends_with_commit_and_one_that_wrote_commits_nothing(
        tmp_path):
    """A page's request that only read ends its transaction with COMMIT on PostgreSQL, so
    the statements psycopg prepared on the connection stay prepared (a ROLLBACK makes it
    forget them all: the round page's read would be planned again, about 1 ms each time);
    one that wrote and did not commit is rolled back as before, on both databases."""
    import os

    from sqlalchemy import func, select

    url = os.environ.get("TEST_DATABASE_URL") or f"sqlite:///{tmp_path}/r.db"
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": url})

    @app.get("/test/read")
    def read() -> str:
        return str(db.session.execute(select(func.count(Match.id))).scalar())

    @app.get("/test/write")
    def write() -> str:  # writes and never commits
        db.session.add(Match(variant="swedish", options={}, first_dealer=0))
        db.session.flush()
        return str(db.session.execute(select(func.count(Match.id))).scalar())

    with app.app_context():
        db.create_all()
    try:
        client = app.test_client()
        assert client.get("/test/write").text == "1"  # written within the request...
        for _ in range(8):  # psycopg prepares a statement at its sixth run on a connection
            assert client.get("/test/read").text == "0"  # ...and never committed
        with app.app_context(), db.engine.connect() as connection:
            if db.engine.dialect.name == "postgresql":  # the pool's one connection
                prepared = connection.execute(text(
                    "SELECT statement FROM pg_prepared_statements")).scalars().all()
                assert any("count(match.id)" in statement for statement in prepared)
            assert connection.execute(text("SELECT count(*) FROM match")).scalar() == 0
    finally:
        with app.app_context():
            db.drop_all()
            db.engine.dispose()
