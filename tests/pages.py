"""Helpers for page tests: start a match, open a round, post a play, as a phone would."""

from __future__ import annotations

import html
import re
from collections.abc import Callable

import psycopg
from sqlalchemy import event, select

from referee.extensions import db
from referee.models import Link, Match, RoundRow, token_digest

HX = {"HX-Request": "true"}  # the header of a request htmx sends to swap a part of the page


def driver_statements() -> tuple[list[tuple[str, bool]], Callable[[], None]]:
    """Every statement the database's driver is given from now until the returned stop()
    is called, with whether it runs on its own (no transaction around it): as SQLAlchemy
    sends it on SQLite; as psycopg's cursor is given it on PostgreSQL, where a round
    page's statements go to the cursor without SQLAlchemy's execution (referee.driver)."""
    seen: list[tuple[str, bool]] = []
    if db.engine.dialect.name == "postgresql":
        execute = psycopg.Cursor.execute

        def executed(cursor, query, *args, **kwargs):
            seen.append((str(query), cursor.connection.autocommit))
            return execute(cursor, query, *args, **kwargs)

        psycopg.Cursor.execute = executed  # type: ignore[method-assign]
        return seen, lambda: setattr(psycopg.Cursor, "execute", execute)
    engine = db.engine

    def record(conn, cursor, statement, *args):
        seen.append((statement, conn.connection.dbapi_connection.isolation_level is None))

    event.listen(engine, "before_cursor_execute", record)
    return seen, lambda: event.remove(engine, "before_cursor_execute", record)


def new_match(client, variant="swedish", names=("Ann", "Bo"), **fields):
    data = {"variant": variant, "players": str(len(names)), "first_dealer": "2"}
    for i, name in enumerate(names):
        data[f"names-{i}"] = name
    data.update({k: str(v) for k, v in fields.items()})
    response = client.post("/matches/new", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)[:2000]
    token = response.headers["Location"].rsplit("/", 1)[-1]
    return token


def match_of(token) -> Match:
    """The match a link opens (any of its links)."""
    return db.session.scalars(
        select(Match).join(Link).where(Link.digest == token_digest(token))).one()


def start_round(client, token, mode="play"):
    response = client.post(f"/match/{token}/rounds", data={"mode": mode})
    assert response.status_code == 303
    number = int(response.headers["Location"].rsplit("/", 1)[-1])
    return number


def round_of(token, number) -> RoundRow:
    db.session.expire_all()
    match = match_of(token)
    return next(r for r in match.rounds if r.number == number)


def version(token, number) -> int:
    return round_of(token, number).version


def lay_table(client, token, number, cards):
    return client.post(f"/match/{token}/round/{number}/table",
                       data={"table": " ".join(cards), "version": version(token, number)},
                       follow_redirects=True)


def post_play(client, token, number, card, action="trail", refs=(), value=None,
              ver=None, headers=None, overrule=None):
    data = {"card": card, "action": action, "refs": [str(r) for r in refs],
            "version": version(token, number) if ver is None else ver}
    if value is not None:
        data["value"] = str(value)
    path = "overrule" if overrule is not None else "play"
    if overrule is not None:
        data["reason"] = overrule
    return client.post(f"/match/{token}/round/{number}/{path}", data=data,
                       headers=headers or {}, follow_redirects=True)


def opened(client, variant="swedish", names=("Ann", "Bo"), table=("9S", "6C", "3D", "5H")):
    """A new match with its first round started and the first table cards laid."""
    token = new_match(client, variant=variant, names=names)
    number = start_round(client, token)
    response = lay_table(client, token, number, table)
    assert response.status_code == 200, plain(response)
    return token, number


def text(response) -> str:
    return response.get_data(as_text=True)


def plain(response) -> str:
    """The page's text without tags, whitespace folded."""
    return plain_of(text(response))


def plain_of(body: str) -> str:
    """HTML as the words a reader sees, whitespace folded."""
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body)))


# -- tallies ----------------------------------------------------------------------------

def tally_data(token, number, sides):
    """The tally form as a phone posts it: ``sides`` is one dict of counts per side."""
    data = {"version": version(token, number)}
    for i, side in enumerate(sides):
        for key, value in side.items():
            if key == "aces":
                data[f"sides-{i}-aces"] = value
            elif key == "last_capture":
                if value:
                    data[f"sides-{i}-last_capture"] = "y"
            else:
                data[f"sides-{i}-{key}"] = str(value)
    return data


def tally_round(client, token, sides):
    """A round of tallies only: started, its counts sent (``sides`` as for
    :func:`tally_data`), then confirmed; the confirmation's answer."""
    number = start_round(client, token, "tally")
    response = client.post(f"/match/{token}/round/{number}/tally",
                           data=tally_data(token, number, sides))
    assert response.status_code == 303, plain(response)
    return client.post(f"/match/{token}/round/{number}/confirm",
                       data={"version": version(token, number)})


SWEDISH_SIDES = [
    {"cards": 27, "spades": 7, "aces": ["AS", "AH"], "big_casino": 1, "little_casino": 0,
     "sweeps": 2, "last_capture": True},
    {"cards": 25, "spades": 6, "aces": ["AD", "AC"], "big_casino": 0, "little_casino": 1,
     "sweeps": 0, "last_capture": False},
]
