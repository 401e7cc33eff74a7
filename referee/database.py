"""The database under several app servers: when a transaction takes SQLite's write lock,
how long it waits for it, and what a request that still cannot get it is told.

SQLite has one writer at a time. Every transaction that writes begins with ``BEGIN
IMMEDIATE``: it takes the write lock before its first write, waiting for it up to
``SQLITE_BUSY_TIMEOUT`` seconds (5), and never as a deferred transaction that reads and
then finds the lock taken (SQLite then fails it at once, without waiting). In a request
the reads before the first write take no lock (WAL: readers never wait for the writer)
and sqlite3 emits the ``BEGIN IMMEDIATE`` as the first INSERT, UPDATE or DELETE runs;
what those reads saw is guarded as on PostgreSQL, by the conditional UPDATE of the
round's version (``referee.service``). Outside a request (``flask db upgrade``, scripts)
every transaction begins with ``BEGIN IMMEDIATE``, so a migration's DDL is one
transaction too: SQLAlchemy's documented recipe for pysqlite.

Measured with gunicorn (README, "Serving"): taking the lock at a change's first read
instead, or at every transaction, lowered the throughput and raised the writes' waits.

A request that still cannot have the lock, a PostgreSQL lock or serialization failure,
or a pool with no free connection answers 503 with ``Retry-After``, "The referee is busy:
try again", after rolling its transaction back (nothing of that change is written).
Other database errors are not caught here.

On PostgreSQL each statement of a round page is its own transaction (autocommit: one
round trip for a read, one for a change), and psycopg's cursors describe a result's
columns only when something reads them (:class:`Description`).

An in-memory database (tests) has a single shared connection and nobody to wait for:
it keeps sqlite3's default transactions.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, overload

import psycopg
from flask import Flask, Response, current_app, has_request_context, jsonify, request
from flask_babel import gettext as _
from psycopg.pq import ExecStatus
from sqlalchemy import event, text
from sqlalchemy.engine import URL, Connection, Dialect, Engine
from sqlalchemy.exc import OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from sqlalchemy.pool import ConnectionPoolEntry

from . import driver
from .driver import autocommits
from .extensions import db
from .web import render

# PostgreSQL's SQLSTATEs that mean "busy, try again": serialization failure, deadlock,
# lock not available (lock_timeout), statement timeout, too many connections
POSTGRES_BUSY = frozenset({"40001", "40P01", "55P03", "57014", "53300"})
SQLITE_BUSY = frozenset({sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED})


# settings in seconds: the environment's value, else the default (an app's config wins)
SETTINGS = {
    "SQLITE_BUSY_TIMEOUT": 5.0,  # how long a writer waits for SQLite's write lock
    "DATABASE_CONNECT_TIMEOUT": 5.0,  # how long connecting to PostgreSQL may take
    "DATABASE_RETRY_AFTER": 2.0,  # the busy answer's Retry-After
}


def settings(environ: Mapping[str, str] | None = None) -> dict[str, float]:
    """The database settings from the environment; a malformed one stops the app."""
    env = os.environ if environ is None else environ
    values = {}
    for name, default in SETTINGS.items():
        raw = env.get(name, "").strip()
        try:
            value = float(raw) if raw else default
        except ValueError:
            value = -1.0
        if not 0 < value < 3600:
            raise ValueError(f"{name} must be a number of seconds above 0, not {raw!r}")
        values[name] = value
    return values


def init_app(app: Flask) -> None:
    """Set the defaults, hook the engine's connections and register the 503 handler."""
    for name, value in settings().items():
        app.config.setdefault(name, value)
    with app.app_context():
        engine = db.engine
    if engine.dialect.name == "sqlite":
        if is_file_database(engine.url):
            _sqlite_transactions(engine, float(app.config["SQLITE_BUSY_TIMEOUT"]))
    elif engine.dialect.name == "postgresql":
        # libpq counts whole seconds (at least 2)
        timeout = max(2, round(float(app.config["DATABASE_CONNECT_TIMEOUT"])))
        _connect_default(engine, "connect_timeout", timeout)
        event.listen(engine, "connect", _describe_lazily)
        _reads_end_with_commit(app, engine)

    app.teardown_request(_give_back)
    app.register_error_handler(OperationalError, _operational_error)
    app.register_error_handler(PoolTimeout, _pool_timeout)


def is_file_database(url: URL) -> bool:
    """A SQLite database kept in a file (several connections), not in memory."""
    return url.database not in (None, "", ":memory:") and url.query.get("mode") != "memory"


def _connect_default(engine: Engine, name: str, value: object) -> None:
    """Pass ``name=value`` to the driver's connect() unless the URL already sets it."""

    def do_connect(dialect: Dialect, record: ConnectionPoolEntry, cargs: Any,
                   cparams: dict[str, Any]) -> None:
        cparams.setdefault(name, value)

    event.listen(engine, "do_connect", do_connect)


# -- SQLite: the write lock ---------------------------------------------------------------


def _sqlite_transactions(engine: Engine, busy_timeout: float) -> None:
    """Every writing transaction begins with BEGIN IMMEDIATE: in a request, emitted by
    sqlite3 before the first INSERT, UPDATE or DELETE; outside one, at once (SQLAlchemy's
    recipe: ``isolation_level = None`` and our own BEGIN in the "begin" event)."""
    _connect_default(engine, "timeout", busy_timeout)
    legacy = getattr(sqlite3, "LEGACY_TRANSACTION_CONTROL", None)  # Python 3.12+

    def connect(dbapi: sqlite3.Connection, record: ConnectionPoolEntry) -> None:
        if legacy is not None:  # isolation_level decides (the default until Python 3.16)
            dbapi.autocommit = legacy  # type: ignore[attr-defined,unused-ignore]

    def begin(connection: Connection) -> None:
        dbapi = connection.connection.dbapi_connection
        assert isinstance(dbapi, sqlite3.Connection)
        if has_request_context():
            if dbapi.isolation_level != "IMMEDIATE":
                dbapi.isolation_level = "IMMEDIATE"
        else:
            if dbapi.isolation_level is not None:
                dbapi.isolation_level = None  # sqlite3 emits no BEGIN of its own
            connection.exec_driver_sql("BEGIN IMMEDIATE")

    event.listen(engine, "connect", connect)
    event.listen(engine, "begin", begin)


# -- PostgreSQL: a result's columns described when asked for ------------------------------


@dataclass(frozen=True, slots=True)
class _Result:
    """What psycopg's :class:`~psycopg.Column` reads of a cursor to describe a column of
    its result, kept as they were when the result came: the cursor runs on."""

    pgresult: Any
    _encoding: str
    adapters: Any


class Description(Sequence[psycopg.Column]):
    """A result's columns (DB-API's ``cursor.description``), each made when first read.

    SQLAlchemy asks every cursor for its description, to tell a statement that returns
    rows from one that does not; then, for a statement it has run before, it reads no
    column of it (it keeps what it learnt the first time). psycopg makes every column at
    once, a third of reading a round page's link (23 columns), work thrown away."""

    __slots__ = ("_columns", "_result")

    def __init__(self, result: _Result, count: int) -> None:
        self._result = result
        self._columns: list[psycopg.Column | None] = [None] * count

    def __len__(self) -> int:
        return len(self._columns)

    @overload
    def __getitem__(self, index: int) -> psycopg.Column: ...
    @overload
    def __getitem__(self, index: slice) -> list[psycopg.Column]: ...
    def __getitem__(self, index: int | slice) -> psycopg.Column | list[psycopg.Column]:
        if isinstance(index, slice):
            return [self[i] for i in range(len(self._columns))[index]]
        index = range(len(self._columns))[index]  # from the end when negative; IndexError
        column = self._columns[index]
        if column is None:
            column = self._columns[index] = psycopg.Column(self._result, index)  # type: ignore[arg-type]
        return column

    def __repr__(self) -> str:
        return repr(list(self))


# the results that have columns even when they have none (psycopg: "SELECT ;")
_ROWS = frozenset(status for name in ("TUPLES_OK", "SINGLE_TUPLE", "TUPLES_CHUNK")
                  if (status := getattr(ExecStatus, name, None)) is not None)


class DescribedLazily(psycopg.Cursor[Any]):
    """psycopg's cursor, its description a :class:`Description` (None, as psycopg's,
    for a result without columns)."""

    @property
    def description(self) -> Description | None:  # type: ignore[override]
        result = self.pgresult
        if not result or not (result.nfields or result.status in _ROWS):
            return None
        return Description(_Result(result, self._encoding, self.adapters), result.nfields)


def _describe_lazily(dbapi: Any, record: ConnectionPoolEntry) -> None:
    dbapi.cursor_factory = DescribedLazily


# -- PostgreSQL: the round pages without a transaction -------------------------------------


def statement_by_statement() -> None:
    """On PostgreSQL, a round page's request runs each statement on its own (autocommit):
    it reads, then writes a change as one statement (the round's conditional UPDATE, the
    INSERT of its event and, when the round ends the match, the match's UPDATE:
    :func:`referee.service._append`), which PostgreSQL applies whole or not at all, so
    no transaction around them is needed, and without one a play makes two round trips
    to the server instead of four (no BEGIN, no COMMIT) and a poll one instead of three.
    Called before the request's first statement (the round pages' ``before_request``):
    the request has a connection of its own out of the engine's pool
    (:class:`referee.driver.Direct`, :func:`referee.driver.connection`) without
    SQLAlchemy's session, and gives it back at its end (:func:`_give_back`); a session
    already in a transaction, as in tests that hold one, keeps it. Nothing on SQLite,
    whose writes take the lock with ``BEGIN IMMEDIATE`` (above)."""
    engine = db.engine
    if engine.dialect.name != "postgresql":
        return
    if db.session.registry.has() and db.session().in_transaction():
        return
    driver.hold(driver.Direct.lend(engine))


def _give_back(error: BaseException | None = None) -> None:
    """At the end of every request: the round page's own connection back to the pool."""
    driver.hold(None)


@contextmanager
def without_waiting(connection: driver.Connected) -> Iterator[None]:
    """A write on ``connection`` only worth making at once (a cache): within this block a locked
    database fails it straight away (an :class:`OperationalError` that :func:`is_busy`
    knows) instead of waiting for the lock. SQLite: no busy wait on this connection
    meanwhile; PostgreSQL: a lock timeout of 10 ms for the transaction (without one: for the
    block)."""
    dialect = connection.dialect.name
    if dialect == "sqlite" and isinstance(connection, Connection):
        # on the driver's connection, whatever becomes of the session's
        raw = connection.connection.dbapi_connection
        assert isinstance(raw, sqlite3.Connection)
        waited = raw.execute("PRAGMA busy_timeout").fetchone()
        raw.execute("PRAGMA busy_timeout = 0")
        try:
            yield
        finally:
            raw.execute(f"PRAGMA busy_timeout = {int(waited[0]) if waited else 0}")
    elif autocommits(connection):
        # no transaction to SET LOCAL in: for this connection, then back
        driver.execute(connection, _LOCK_TIMEOUT, {})
        try:
            yield
        finally:
            driver.execute(connection, _LOCK_TIMEOUT_RESET, {})
    else:
        if dialect == "postgresql":
            driver.execute(connection, _LOCK_TIMEOUT_LOCAL, {})
        yield


_LOCK_TIMEOUT = text("SET lock_timeout = '10ms'")
_LOCK_TIMEOUT_RESET = text("RESET lock_timeout")
_LOCK_TIMEOUT_LOCAL = text("SET LOCAL lock_timeout = '10ms'")


# -- PostgreSQL: a request that only read ends its transaction with COMMIT -----------------


_WROTE = "referee.wrote"  # in a connection's info: its transaction ran more than SELECTs


def _reads_end_with_commit(app: Flask, engine: Engine) -> None:
    """A request whose transaction only read ends it with COMMIT, not the session's
    ROLLBACK: the same for the database (nothing was written), but psycopg forgets every
    statement it prepared on a connection at each ROLLBACK, and the next requests on it
    parse and plan their statements again, five times each before psycopg prepares them
    once more (the round page's read alone takes PostgreSQL about 1 ms to plan). Every
    page but a round page reads in a transaction (a round page runs statement by
    statement: :func:`statement_by_statement`). A transaction that ran anything but a
    SELECT is left to the session's ROLLBACK, as before: nothing it did is committed.
    Registered after Flask-SQLAlchemy's teardown, so it runs before it."""
    event.listen(engine, "begin", _begun)
    event.listen(engine, "before_cursor_execute", _note_writes)
    app.teardown_appcontext(_commit_reads)


def _begun(connection: Connection) -> None:
    connection.info.pop(_WROTE, None)


def _note_writes(connection: Connection, cursor: Any, statement: str, parameters: Any,
                 context: Any, executemany: bool) -> None:
    if not statement.startswith("SELECT"):
        connection.info[_WROTE] = True


def _commit_reads(error: BaseException | None) -> None:
    if error is not None or not db.session.registry.has():
        return
    session = db.session()
    transaction = session.get_transaction()
    if transaction is None or not transaction.is_active:
        return
    connection = session.connection()
    raw = connection.connection.dbapi_connection
    if (connection.info.get(_WROTE) or not isinstance(raw, psycopg.Connection)
            or raw.info.transaction_status != psycopg.pq.TransactionStatus.INTRANS):
        return
    raw.commit()  # the session's ROLLBACK then finds no transaction and sends nothing


# -- busy: 503 ----------------------------------------------------------------------------


def is_busy(error: OperationalError) -> bool:
    """The database is locked or overloaded (try again), as opposed to any other failure."""
    original = error.orig
    code = getattr(original, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in SQLITE_BUSY
    return getattr(original, "sqlstate", None) in POSTGRES_BUSY


def _operational_error(error: OperationalError) -> Response:
    if not is_busy(error):
        raise error  # any other database failure is not ours to hide
    return busy()


def _pool_timeout(error: PoolTimeout) -> Response:
    return busy()


def busy() -> Response:
    """503 with Retry-After: JSON in the API's error shape under /api/, else a page."""
    db.session.rollback()  # nothing half-written stays
    if request.path.startswith("/api/"):
        response = jsonify({"error": _("The referee is busy: try again in a moment; "
                                       "nothing was changed."), "field": None})
        response.status_code = 503
    else:
        response = render("error.html", "content", 503,
                          title=_("The referee is busy: try again"), message=_(
                              "Many changes arrived at once and this one could not wait "
                              "any longer for its turn: it was not recorded. Send it again "
                              "in a moment."))
    retry_after = max(1, round(float(current_app.config["DATABASE_RETRY_AFTER"])))
    response.headers["Retry-After"] = str(retry_after)
    response.headers["Cache-Control"] = "no-store"
    return response
