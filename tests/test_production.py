"""A real server and database: SQLite's write lock under concurrent writers (a change
that cannot get it answers 503 with Retry-After and writes nothing), GET /healthz, and
the production server (``make serve``: gunicorn with ``gunicorn.conf.py``), two of which
share one database."""

from __future__ import annotations

import http.client
import os
import re
import runpy
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlencode

import pytest
from flask import template_rendered
from pages import HX, opened, plain, round_of, version
from sqlalchemy import event, select, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import OperationalError

from referee import create_app
from referee.database import is_busy, is_file_database, settings
from referee.extensions import db
from referee.models import Match

ROOT = Path(__file__).resolve().parents[1]
TEST_DATABASE_URL = os.environ.get("TEST_DATABASE_URL", "")
ON_POSTGRES = TEST_DATABASE_URL.startswith("postgresql")
BUSY = "The referee is busy: try again"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def file_app(path: Path, **config):
    """An app on a SQLite file, as served (several connections), CSRF off for brevity."""
    app = create_app({"TESTING": True, "WTF_CSRF_ENABLED": False,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}", **config})
    with app.app_context():
        db.create_all()
    return app


@pytest.fixture
def sqlite_path(tmp_path) -> Path:
    return tmp_path / "referee.sqlite"


@pytest.fixture
def impatient(sqlite_path):
    """An app whose writers wait only 50 ms for SQLite's write lock."""
    return file_app(sqlite_path, SQLITE_BUSY_TIMEOUT=0.05)


@contextmanager
def write_lock(path: Path):
    """Another program holding the database's write lock (BEGIN IMMEDIATE) meanwhile."""
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        yield other
    finally:
        other.execute("ROLLBACK")
        other.close()


def a_round(app):
    """A match with its first table laid: (client, token, number, version)."""
    client = app.test_client()
    with app.app_context():  # the session (and any lock it took) ends with the context
        token, number = opened(client)
        return client, token, number, version(token, number)


def log_of(app, token, number):
    with app.app_context():
        rnd = round_of(token, number)
        return rnd.version, [e.kind for e in rnd.events]


def play(client, token, number, ver, card="KD", **kwargs):
    return client.post(f"/match/{token}/round/{number}/play",
                       data={"card": card, "action": "trail", "version": ver}, **kwargs)


# -- SQLite under concurrent writers ------------------------------------------------------


def test_a_change_that_cannot_get_the_write_lock_answers_503_and_writes_nothing(
        impatient, sqlite_path):
    app = impatient
    client, token, number, old = a_round(app)
    before = log_of(app, token, number)
    with write_lock(sqlite_path):
        started = time.perf_counter()
        fragment = play(client, token, number, old, headers=HX)
        waited = time.perf_counter() - started
        page = play(client, token, number, old)
        undo = client.post(f"/match/{token}/round/{number}/undo", data={"version": old})
        # reads take no lock: the round is still shown, and so is the health check
        shown = client.get(f"/match/{token}/round/{number}")
        health = client.get("/healthz")
    for response in (fragment, page, undo):
        assert response.status_code == 503
        assert response.headers["Retry-After"] == "2"
        assert response.headers["Cache-Control"] == "no-store"
        assert BUSY in plain(response)
        assert "it was not recorded" in plain(response)
    assert waited < 2  # the configured 50 ms, not the default 5 s
    assert shown.status_code == 200 and health.status_code == 200
    assert log_of(app, token, number) == before  # nothing half-written
    # once the lock is free the same play is recorded
    assert play(client, token, number, old, headers=HX).status_code == 200
    assert log_of(app, token, number) == (old + 1, ["table", "play"])


def test_a_page_never_waits_for_the_lock_to_keep_its_snapshot(sqlite_path):
    """A page whose round has no snapshot replays the log and keeps one, but only if it
    can at once: while another writer holds the lock it shows the round without waiting
    (the busy timeout is 5 s), and the next page keeps it."""
    app = file_app(sqlite_path)
    client, token, number, _version = a_round(app)

    def drop_snapshot():
        with app.app_context():
            db.session.execute(text("UPDATE round SET snapshot = NULL"))
            db.session.commit()

    def kept():
        with app.app_context():
            return round_of(token, number).snapshot is not None

    drop_snapshot()
    with write_lock(sqlite_path):
        started = time.perf_counter()
        page = client.get(f"/match/{token}/round/{number}")
        waited = time.perf_counter() - started
    assert page.status_code == 200 and "Ann to play" in plain(page)
    assert waited < 2  # not the 5 s a change would wait
    assert not kept()
    with app.app_context():  # the connection waits as long as before for later writes
        timeout = db.session.connection().exec_driver_sql("PRAGMA busy_timeout").scalar()
        assert timeout == 5000
    assert client.get(f"/match/{token}/round/{number}").status_code == 200
    assert kept()


def test_a_writer_waits_for_the_lock_and_then_records(sqlite_path):
    """Within the busy timeout (5 s by default) a change waits for another writer."""
    app = file_app(sqlite_path)
    client, token, number, old = a_round(app)
    locked = threading.Event()

    def other_writer():  # holds the write lock for 0.3 s
        with write_lock(sqlite_path):
            locked.set()
            time.sleep(0.3)

    holder = threading.Thread(target=other_writer)
    holder.start()
    locked.wait()
    started = time.perf_counter()
    response = play(client, token, number, old, headers=HX)
    waited = time.perf_counter() - started
    holder.join()
    assert response.status_code == 200
    assert 0.2 < waited < 4
    assert log_of(app, token, number) == (old + 1, ["table", "play"])


def test_the_busy_timeout_comes_from_the_config_or_the_environment(
        sqlite_path, tmp_path, monkeypatch):
    apps = [(file_app(sqlite_path), 5000),
            (file_app(tmp_path / "b.sqlite", SQLITE_BUSY_TIMEOUT=0.25), 250)]
    monkeypatch.setenv("SQLITE_BUSY_TIMEOUT", "1.5")
    apps.append((file_app(tmp_path / "c.sqlite"), 1500))
    for app, milliseconds in apps:
        with app.app_context(), db.engine.connect() as connection:
            assert connection.execute(text("PRAGMA busy_timeout")).scalar() == milliseconds


def test_a_malformed_database_setting_stops_the_app_with_the_reason(monkeypatch):
    assert settings({"DATABASE_RETRY_AFTER": " 10 "})["DATABASE_RETRY_AFTER"] == 10
    assert settings({}) == {"SQLITE_BUSY_TIMEOUT": 5, "DATABASE_CONNECT_TIMEOUT": 5,
                            "DATABASE_RETRY_AFTER": 2}
    for value in ("soon", "0", "-1", "nan", "inf"):
        with pytest.raises(ValueError, match="must be a number of seconds above 0"):
            settings({"SQLITE_BUSY_TIMEOUT": value})
    monkeypatch.setenv("DATABASE_CONNECT_TIMEOUT", "never")
    with pytest.raises(ValueError, match="DATABASE_CONNECT_TIMEOUT must be"):
        create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://"})


def test_a_change_takes_the_lock_at_its_first_write_and_a_page_takes_none(impatient):
    """BEGIN IMMEDIATE right before the first INSERT/UPDATE of a change (never a deferred
    transaction that finds the lock taken halfway), none for a page that only reads, and
    at once outside a request (a migration's DDL is one transaction)."""
    app = impatient
    client, token, number, old = a_round(app)
    statements: list[str] = []
    with app.app_context():
        event.listen(db.engine, "connect",
                     lambda dbapi, _record: dbapi.set_trace_callback(statements.append))
        db.engine.dispose()  # new connections, traced
    assert play(client, token, number, old, headers=HX).status_code == 200
    words = [s.split()[0].upper() for s in statements]
    assert words.count("BEGIN") == 1 and words.count("COMMIT") == 1
    begin = words.index("BEGIN")
    assert statements[begin] == "BEGIN IMMEDIATE"
    assert set(words[:begin]) == {"SELECT"}  # reads before it, outside any transaction
    assert words[begin + 1] in ("UPDATE", "INSERT")
    assert "BEGIN" not in words[words.index("COMMIT"):]  # the page after it only reads

    statements.clear()
    assert client.get(f"/match/{token}/round/{number}").status_code == 200
    assert {s.split()[0].upper() for s in statements} == {"SELECT"}

    statements.clear()
    with app.app_context():
        db.session.execute(select(Match.id)).all()
    assert statements[0] == "BEGIN IMMEDIATE"


def test_many_phones_writing_at_once_never_fail(sqlite_path):
    """Eight tables recording plays at the same moment, four times over, on one SQLite
    file: every change is recorded (the writers queue for the lock), none answers 5xx."""
    app = file_app(sqlite_path)
    tables = [a_round(app) for _ in range(8)]
    barrier = threading.Barrier(len(tables))
    statuses: list[int] = []

    def phone(client, token, number, ver):
        with app.app_context():
            for card in ("KD", "QD", "JD", "10D"):
                barrier.wait()
                response = play(client, token, number, ver, card=card, headers=HX)
                statuses.append(response.status_code)
                ver += 1

    threads = [threading.Thread(target=phone, args=table) for table in tables]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert statuses == [200] * 32
    for _client, token, number, ver in tables:
        assert log_of(app, token, number) == (ver + 4, ["table"] + ["play"] * 4)


def test_busy_under_the_api_answers_json_in_the_api_error_shape(sqlite_path):
    app = file_app(sqlite_path, SQLITE_BUSY_TIMEOUT=0.05)

    @app.post("/api/v1/test-write")
    def write():  # a JSON endpoint that writes (the API itself changes nothing)
        db.session.add(Match(variant="swedish", options={}))
        db.session.commit()
        return {"ok": True}

    client = app.test_client()
    with write_lock(sqlite_path):
        response = client.post("/api/v1/test-write", json={})
    assert response.status_code == 503
    assert response.headers["Retry-After"] == "2"
    body = response.get_json()
    assert set(body) == {"error", "field"} and body["field"] is None
    assert body["error"].startswith(BUSY)
    with app.app_context():
        assert db.session.scalar(select(Match.id)) is None
    assert client.post("/api/v1/test-write", json={}).get_json() == {"ok": True}


def test_a_pool_without_a_free_connection_answers_503(sqlite_path):
    app = file_app(sqlite_path, SQLALCHEMY_ENGINE_OPTIONS={
        "pool_size": 1, "max_overflow": 0, "pool_timeout": 0.1})
    client, token, number, _old = a_round(app)
    with app.app_context(), db.engine.connect():  # the only connection, held
        response = client.get(f"/match/{token}/round/{number}", headers=HX)
    assert response.status_code == 503
    assert response.headers["Retry-After"] == "2"
    assert BUSY in plain(response)


def test_other_database_errors_are_not_swallowed():
    """Only "busy" is answered with 503: a missing table is a real fault and propagates."""
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    with pytest.raises(OperationalError, match="no such table"):
        app.test_client().get("/match/" + "x" * 32)


def test_busy_means_locked_or_overloaded_and_nothing_else(sqlite_path):
    path = str(sqlite_path)
    sqlite3.connect(path).execute("CREATE TABLE t (x)")
    with write_lock(sqlite_path):
        waiting = sqlite3.connect(path, timeout=0)
        with pytest.raises(sqlite3.OperationalError) as locked:
            waiting.execute("INSERT INTO t VALUES (1)")
        waiting.close()
    with pytest.raises(sqlite3.OperationalError) as missing:
        sqlite3.connect(path).execute("SELECT * FROM nowhere")

    class PostgresError(Exception):
        def __init__(self, sqlstate: str) -> None:
            super().__init__(sqlstate)
            self.sqlstate = sqlstate

    def wrapped(error: Exception) -> OperationalError:
        return OperationalError("SELECT 1", {}, error)

    assert is_busy(wrapped(locked.value))
    assert not is_busy(wrapped(missing.value))
    for sqlstate in ("40001", "40P01", "55P03", "57014", "53300"):
        assert is_busy(wrapped(PostgresError(sqlstate)))
    for sqlstate in ("08006", "42P01", "28P01"):  # connection lost, no table, password
        assert not is_busy(wrapped(PostgresError(sqlstate)))


def test_only_a_database_file_gets_the_lock_handling():
    assert is_file_database(make_url("sqlite:////srv/referee.sqlite"))
    assert not is_file_database(make_url("sqlite://"))
    assert not is_file_database(make_url("sqlite:///:memory:"))
    assert not is_file_database(make_url("sqlite:///file:x?mode=memory&uri=true"))


class _Connecting(Exception):
    """Raised in place of connecting, once the driver's parameters are seen."""


def test_postgresql_connections_give_up_after_the_connect_timeout():
    app = create_app({"TESTING": True,
                      "SQLALCHEMY_DATABASE_URI": "postgresql+psycopg://nobody@127.0.0.1:1/x"})
    seen: dict[str, object] = {}

    def record(dialect, entry, cargs, cparams):
        seen.update(cparams)
        raise _Connecting

    with app.app_context():
        event.listen(db.engine, "do_connect", record)  # after the app's own
        with pytest.raises(_Connecting):
            db.engine.connect()
        db.engine.dispose()
    assert seen["connect_timeout"] == 5


# -- /healthz ---------------------------------------------------------------------------


def test_healthz_answers_ok_from_one_cheap_query_without_session_or_template(app):
    rendered: list[object] = []
    statements: list[str] = []
    template_rendered.connect(lambda *a, **k: rendered.append(a), app, weak=False)
    event.listen(db.engine, "before_cursor_execute",
                 lambda conn, cursor, statement, *rest: statements.append(statement))
    client = app.test_client()
    for method in (client.get, client.head):
        response = method("/healthz")
        assert response.status_code == 200
        assert response.headers["Cache-Control"] == "no-store"
        assert "Set-Cookie" not in response.headers
    assert response.mimetype == "application/json"
    assert client.get("/healthz").get_json() == {"status": "ok"}
    assert statements == ["SELECT 1"] * 3
    assert rendered == []


@pytest.mark.parametrize("database", ["sqlite", "postgresql"] if ON_POSTGRES else ["sqlite"])
def test_healthz_answers_503_when_the_database_cannot_be_reached(database, tmp_path):
    if database == "sqlite":
        url = f"sqlite:///{tmp_path}/no/such/folder/referee.sqlite"
    else:  # the test server's address with a port where nothing listens
        url = make_url(TEST_DATABASE_URL).set(host="127.0.0.1", port=free_port())
        url = url.render_as_string(hide_password=False)
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": url})
    started = time.perf_counter()
    response = app.test_client().get("/healthz")
    assert time.perf_counter() - started < 3
    assert response.status_code == 503
    assert response.get_json() == {"status": "unavailable", "database": "unreachable"}
    assert response.headers["Cache-Control"] == "no-store"


def test_healthz_is_exempt_from_csrf_and_only_reads():
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://",
                      "WTF_CSRF_ENABLED": True})
    client = app.test_client()
    assert client.get("/healthz").status_code == 200
    assert client.post("/healthz").status_code == 405  # not 400 for a missing CSRF token


# -- the production server --------------------------------------------------------------


def gunicorn_settings(monkeypatch, **env) -> dict[str, object]:
    for name in ("HOST", "PORT", "WEB_CONCURRENCY", "SHARE_ON_LAN"):
        monkeypatch.setenv(name, "")  # undone after the test, whatever the settings set
        monkeypatch.delenv(name)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return runpy.run_path(str(ROOT / "gunicorn.conf.py"))


def test_gunicorn_binds_to_loopback_with_workers_sized_to_the_machine(monkeypatch):
    settings = gunicorn_settings(monkeypatch)
    assert settings["bind"] == ["127.0.0.1:8000"]
    assert settings["workers"] == 2 * len(os.sched_getaffinity(0)) + 1
    assert settings["worker_class"] == "sync"
    assert settings["wsgi_app"] == "referee:create_app()"
    assert settings["preload_app"] is False  # no connection is shared across a fork
    settings = gunicorn_settings(monkeypatch, HOST="0.0.0.0", PORT="8080", WEB_CONCURRENCY="3")
    assert settings["bind"] == ["0.0.0.0:8080"] and settings["workers"] == 3


def test_gunicorn_workers_set_their_app_aside_from_the_garbage_collector(monkeypatch):
    """Once a worker has made its app (gunicorn's post_worker_init hook), what it holds
    is frozen: the collector's passes no longer go through it."""
    import gc

    from gunicorn.config import KNOWN_SETTINGS

    settings = gunicorn_settings(monkeypatch)
    assert "post_worker_init" in {s.name for s in KNOWN_SETTINGS}
    create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    assert gc.get_freeze_count() == 0
    try:
        settings["post_worker_init"](object())  # type: ignore[operator]
        assert gc.get_freeze_count() > 10_000  # the app's objects, and the suite's
    finally:
        gc.unfreeze()


def test_gunicorn_refuses_a_malformed_port_or_worker_count(monkeypatch):
    for env in ({"PORT": "http"}, {"PORT": "0"}, {"WEB_CONCURRENCY": "-2"}):
        with pytest.raises(SystemExit, match="must be a whole number of at least 1"):
            gunicorn_settings(monkeypatch, **env)


class Phone:
    """A browser's cookie and CSRF token, sent to whichever server it is given."""

    def __init__(self) -> None:
        self.cookie = ""
        self.csrf = ""

    def call(self, port: int, method: str, path: str, data: dict[str, str] | None = None):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
        headers = {"Cookie": self.cookie} if self.cookie else {}
        body = None
        if data is not None:
            body = urlencode(data)
            headers.update({"Content-Type": "application/x-www-form-urlencoded",
                            "X-CSRFToken": self.csrf})
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        page = response.read().decode()
        connection.close()
        if cookie := response.getheader("Set-Cookie"):
            self.cookie = cookie.split(";")[0]
        if token := re.search(r'"X-CSRFToken": "([^"]+)"', page):
            self.csrf = token.group(1)
        return response.status, response.getheader("Location") or "", page


@contextmanager
def serving(command: list[str], env: dict[str, str], port: int):
    """A server process (group) until its /healthz answers; stopped with SIGTERM after."""
    process = subprocess.Popen(command, cwd=ROOT, env={**os.environ, **env},
                               start_new_session=True, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                status, _location, _page = Phone().call(port, "GET", "/healthz")
                if status == 200:
                    break
            except OSError:
                pass
            if process.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"the server did not start: {process.stderr.read().decode()}")
            time.sleep(0.1)
        yield process
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=30)
        process.stderr.close()


def test_make_serve_upgrades_the_database_then_serves_with_gunicorn(tmp_path):
    port = free_port()
    env = {"DATABASE_URL": f"sqlite:///{tmp_path}/served.sqlite", "PORT": str(port),
           "SECRET_KEY": "make-serve-test", "WEB_CONCURRENCY": "2"}
    with serving(["make", "--no-print-directory", "serve"], env, port) as server:
        phone = Phone()
        assert phone.call(port, "GET", "/")[0] == 200  # the tables are there
        status, location, _page = phone.call(port, "POST", "/matches/new", {
            "variant": "swedish", "players": "2", "names-0": "Ann", "names-1": "Bo",
            "first_dealer": "1"})
        assert status == 303 and "/match/" in location
        workers = subprocess.run(["pgrep", "-P", str(server.pid), "-f", "gunicorn"],
                                 capture_output=True, text=True).stdout.split()
        assert workers  # make's child is the gunicorn master


def test_two_servers_share_one_database_and_nothing_lives_in_a_process(tmp_path):
    """Two gunicorn servers (two workers each) on one database (TEST_DATABASE_URL, or a
    SQLite file): a phone's cookie and form token from one are good on the other, and
    what one records the other shows."""
    url = TEST_DATABASE_URL or f"sqlite:///{tmp_path}/shared.sqlite"
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": url})
    with app.app_context():
        db.create_all()
    ports = free_port(), free_port()
    command = [sys.executable, "-m", "gunicorn", "-c", "gunicorn.conf.py"]
    env = {"DATABASE_URL": url, "SECRET_KEY": "shared-by-both", "WEB_CONCURRENCY": "2"}
    try:
        with serving(command, {**env, "PORT": str(ports[0])}, ports[0]), \
                serving(command, {**env, "PORT": str(ports[1])}, ports[1]):
            a, b = ports
            phone = Phone()
            assert phone.call(a, "GET", "/matches/new")[0] == 200
            status, location, _ = phone.call(b, "POST", "/matches/new", {
                "variant": "swedish", "players": "2", "names-0": "Ann", "names-1": "Bo",
                "first_dealer": "1"})
            assert status == 303, "the form from server a is good on server b"
            match = location.split("/match/", 1)[1]
            status, location, _ = phone.call(a, "POST", f"/match/{match}/rounds",
                                             {"mode": "play"})
            assert status == 303
            path = location[location.index("/match/"):]
            status, _, _ = phone.call(b, "POST", f"{path}/table",
                                      {"table": "9S 6C 3D 5H", "version": "0"})
            assert status == 303
            status, _, page = phone.call(a, "GET", path)
            assert status == 200 and "Bo to play 9 ♠ 6 ♣ 3 ♦ 5 ♥" in plain_text(page)
    finally:
        with app.app_context():
            db.session.remove()
            db.drop_all()
            db.engine.dispose()


def plain_text(page: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", page).split())
