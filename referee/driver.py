"""A round page's two statements on PostgreSQL sent on psycopg's own cursor.

A play on PostgreSQL makes two statements (the read of the link, its match and rounds:
:mod:`referee.reads`; the write of the round's version, its snapshot and the event:
:func:`referee.service._append`), each its own transaction (statement by statement:
:func:`referee.database.statement_by_statement`). SQLAlchemy's execution of a statement
it has compiled before (its execution context, its result's metadata, its events) cost
about as much of the app's work as the driver's own: 3.6 % of a play's instructions
together (README, "Performance").

:func:`execute` sends such a statement as SQLAlchemy would, on the same connection: the
SQL that SQLAlchemy compiles for the dialect (once per statement), each parameter and each
column converted by the SQLAlchemy type's own processors (an enum from its stored
value, JSON),
a psycopg error raised as SQLAlchemy's (an :class:`~sqlalchemy.exc.OperationalError`
stays "busy, try again": :mod:`referee.database`) and a broken connection invalidated, as
SQLAlchemy does. Only where nothing else needs SQLAlchemy's execution: a round page's
own connection on PostgreSQL (:class:`Direct`), which commits each statement as it runs
(no transaction whose writes the app tracks); anywhere else (SQLite, the session's
connection of any other page or of a test holding a transaction) the statement goes
through SQLAlchemy's ``execute``.

A round page on PostgreSQL has no session either: its statements go on a connection of its
own, psycopg's, lent by the engine's pool for the request
(:func:`referee.database.statement_by_statement`) and given back at its end. SQLAlchemy's
session, its transaction and its ``Connection`` cost a play a few per cent of its work
(README, "Performance") for nothing a round page used; a page that needs the ORM has
the session as before (it opens a connection of its own when first asked).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

import psycopg
from flask import g, has_app_context
from sqlalchemy import Connection
from sqlalchemy.engine import Dialect, Engine
from sqlalchemy.exc import DBAPIError
from sqlalchemy.pool import PoolProxiedConnection
from sqlalchemy.sql import Insert, Select, TextClause, Update
from sqlalchemy.sql.compiler import SQLCompiler
from sqlalchemy.sql.selectable import CompoundSelect

from .extensions import db

Processor = Callable[[Any], Any] | None
Statement = Select[Any] | CompoundSelect | Insert | Update | TextClause  # what is sent this way


class Rows(Protocol):
    """What the callers read of a result: its rows, and how many it changed."""

    @property
    def rowcount(self) -> int: ...

    def all(self) -> Any: ...


@dataclass(frozen=True, slots=True)
class Compiled:
    """A statement as the driver takes it: its SQL with named parameters, the processor
    of each parameter and of each column of its rows (None: the value as it comes)."""

    sql: str
    binds: tuple[tuple[str, Processor], ...]
    columns: tuple[Processor, ...]

    @classmethod
    def of(cls, statement: Statement, dialect: Dialect) -> Compiled:
        compiled = statement.compile(dialect=dialect)
        if not isinstance(compiled, SQLCompiler) or dialect.paramstyle != "pyformat":
            raise TypeError("a statement compiled for a pyformat dialect (psycopg's)")
        fixed = [name for name, bind in compiled.binds.items() if not bind.required]
        if fixed:  # a literal's value would have to be sent as SQLAlchemy keeps it
            raise TypeError(f"a statement whose values are all named parameters, not {fixed}")
        binds = tuple((name, bind.type.dialect_impl(dialect).bind_processor(dialect))
                      for name, bind in compiled.binds.items())
        columns: tuple[Processor, ...] = ()
        if isinstance(statement, Select | CompoundSelect):
            # a column's type code is not known before it runs; none of these needs it
            columns = tuple(column.type.dialect_impl(dialect).result_processor(dialect, None)
                            for column in statement.selected_columns)
        return cls(compiled.string, binds, columns)

    def parameters(self, values: Mapping[str, Any]) -> dict[str, Any]:
        """The values of the statement's parameters as sent (a missing one: KeyError)."""
        return {name: values[name] if process is None else process(values[name])
                for name, process in self.binds}

    def row(self, row: tuple[Any, ...]) -> tuple[Any, ...]:
        return tuple(value if process is None or value is None else process(value)
                     for process, value in zip(self.columns, row, strict=True))


@dataclass(frozen=True, slots=True)
class Result:
    """A statement's rows (converted) and its row count."""

    rows: list[tuple[Any, ...]]
    rowcount: int

    def all(self) -> list[tuple[Any, ...]]:
        return self.rows


_COMPILED: dict[tuple[int, str], tuple[Statement, Compiled]] = {}


def compiled(statement: Statement, dialect: Dialect) -> Compiled:
    """The statement compiled for the dialect, once (the statements are built once too;
    the statement is kept beside it, so its id is never another's)."""
    key = (id(statement), dialect.name)
    kept = _COMPILED.get(key)
    if kept is None or kept[0] is not statement:
        kept = _COMPILED[key] = (statement, Compiled.of(statement, dialect))
    return kept[1]


@dataclass(frozen=True, slots=True)
class Direct:
    """A round page's connection on PostgreSQL: psycopg's, out of the engine's pool for
    one request, each statement committed as it runs (autocommit). SQLAlchemy neither
    begins nor tracks anything on it: :func:`execute` sends its statements."""

    pooled: PoolProxiedConnection
    dialect: Dialect

    @classmethod
    def lend(cls, engine: Engine) -> Direct:
        """A connection out of the engine's pool, set to commit each statement as it runs
        (it is idle as the pool lends it: nothing is sent)."""
        direct = cls(engine.raw_connection(), engine.dialect)
        try:
            direct.raw.autocommit = True
        except BaseException:
            direct.pooled.close()
            raise
        return direct

    def give_back(self) -> None:
        """Back to the pool as the pool lends them, in a transaction's mode again; one
        lost meanwhile is never lent again."""
        pooled = self.pooled
        try:
            if pooled.is_valid:  # not invalidated by a statement that found it lost
                self.raw.autocommit = False
        except psycopg.Error as error:  # lost since
            pooled.invalidate(error)
        finally:
            pooled.close()

    @property
    def raw(self) -> psycopg.Connection[Any]:
        raw = self.pooled.driver_connection
        if not isinstance(raw, psycopg.Connection):
            raise TypeError("a direct connection is psycopg's")
        return raw


Connected = Connection | Direct  # what the statements of a page are sent on
_DIRECT = "referee_direct"  # in g: the request's Direct, while it has one


def connection() -> Connected:
    """The connection a page's statements go on: the round page's own on PostgreSQL
    (:class:`Direct`), else the session's."""
    direct = g.get(_DIRECT) if has_app_context() else None
    return direct if direct is not None else db.session.connection()


def hold(direct: Direct | None) -> None:
    """Keep ``direct`` as the request's connection (None: no longer any); the one held
    before goes back to the pool."""
    held: Direct | None = g.pop(_DIRECT, None)
    if held is not None:
        held.give_back()
    if direct is not None:
        setattr(g, _DIRECT, direct)


def autocommits(connection: Connected) -> bool:
    """The connection runs statement by statement (a round page's own on PostgreSQL:
    :func:`referee.database.statement_by_statement`): each is committed as it runs, and
    the session's commit has nothing left to send."""
    return isinstance(connection, Direct)


def execute(connection: Connected, statement: Statement, values: Mapping[str, Any]) -> Rows:
    """Run the statement on the connection: on psycopg's cursor for a round page's own
    connection (:class:`Direct`), else through SQLAlchemy."""
    if not isinstance(connection, Direct):
        return connection.execute(statement, dict(values))
    raw = connection.raw
    sent = compiled(statement, connection.dialect)
    parameters = sent.parameters(values)
    try:
        with raw.cursor() as cursor:
            cursor.execute(sent.sql, parameters)
            rows = cursor.fetchall() if sent.columns else []
            count = cursor.rowcount
    except psycopg.Error as error:
        if raw.broken:
            connection.pooled.invalidate(error)
        raise DBAPIError.instance(sent.sql, parameters, error, psycopg.Error,
                                  connection_invalidated=raw.broken,
                                  dialect=connection.dialect) from error
    if any(sent.columns):
        rows = [sent.row(row) for row in rows]
    return Result(rows, count)
