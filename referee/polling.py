"""Conditional GETs for the pages phones poll: a page that has not changed since the
phone last saw it answers ``304 Not Modified`` from its version, with one indexed query
and no replay of the round.

A page's entity tag is its version (the round's version, or the match's rounds and
their versions) with everything else the page depends on: the link's kind (edit or
watch), full page or htmx fragment, the language, the address's query and the day (the
page's form token lasts a day). A page with a message waiting (a flash) is always sent
whole. The page carries the tag of its plain fragment (``data-ptag``); its poll sends it in
``HX-PTag`` (``static/app.js``) and htmx swaps nothing on a 304. A client may send the tag as
``If-None-Match`` instead.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Callable
from datetime import date
from typing import Any

from flask import Response, make_response, request, session
from flask_babel import get_locale
from sqlalchemy import Select, bindparam, case, func, select

from . import driver
from .models import (
    Link,
    LinkRole,
    Match,
    RoundData,
    RoundRow,
    RoundStatus,
    lookup_digest,
    same_token,
)
from .web import wants_fragment

Version = tuple[Any, ...]


@functools.cache
def _round_query() -> Select:
    query = (
        select(Link.token, RoundRow.id, RoundRow.version, Match.finished, Link.role,
               Link.seat)
        .join(Match, Link.match_id == Match.id)
        .join(RoundRow, RoundRow.match_id == Match.id)
        .where(Link.digest == bindparam("digest"), Link.revoked.is_(False),
               RoundRow.number == bindparam("number"))
    )
    return query


@functools.cache
def _match_query(plays: bool = False) -> Select:
    """The scoreboard's version: the rounds started and confirmed (and with ``plays``,
    every change to a round: the sum of their versions)."""
    # the newest link: a seat's link replaced changes what the players' scoreboard shows
    newest = (select(func.max(Link.id)).where(Link.match_id == Match.id)
              .correlate(Match).scalar_subquery())
    columns = [Link.token, Match.id, Match.finished, Link.role, Link.seat, newest,
               func.count(RoundRow.id),
               func.count(case((RoundRow.status == RoundStatus.CONFIRMED, 1)))]
    if plays:
        columns.append(func.coalesce(func.sum(RoundRow.version), 0))
    query = (
        select(*columns)
        .join(Match, Link.match_id == Match.id)
        .outerjoin(RoundRow, RoundRow.match_id == Match.id)
        .where(Link.digest == bindparam("digest"), Link.revoked.is_(False))
        .group_by(Link.id, Match.id)
    )
    return query


def _version(query: Select, token: str, **params: Any) -> Version | None:
    """The row a link's digest finds, if its token is the one asked for (compared in
    constant time); without the token itself."""
    digest = lookup_digest(token)
    if digest is None:
        return None
    rows = driver.execute(driver.connection(), query, {"digest": digest, **params}).all()
    row = rows[0] if rows else None
    return tuple(row[1:]) if row is not None and same_token(row[0], token) else None


def round_version(token: str, number: int) -> Version | None:
    """What the round page shows changes only with these (None: no such round)."""
    return _version(_round_query(), token, number=number)


def round_version_of(rnd: RoundData, role: LinkRole, seat: int | None) -> Version:
    """:func:`round_version` of a round already at hand, without asking the database: the
    same values, in the same order, as the query's."""
    return (rnd.id, rnd.version, rnd.match.finished, role, seat)


def screen_version(token: str) -> Version | None:
    """What the big screen shows (the scoreboard and the round in play) changes only with
    these: the scoreboard's, and every change to a round."""
    return _version(_match_query(plays=True), token)


def match_version(token: str) -> Version | None:
    """What the scoreboard shows changes only with these (None: no such match): the
    rounds started and confirmed, not each play."""
    return _version(_match_query(), token)


def entity_tag(version: Version, fragment: bool | None = None,
               query: bytes | None = None) -> str:
    """The page's tag: its version and everything else it depends on (by default, as
    this request asks for it)."""
    parts = (*version, wants_fragment() if fragment is None else fragment, get_locale(),
             request.query_string if query is None else query, date.today().toordinal())
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:24]


def poll_tag(version: Version | None) -> str | None:
    """The tag of the plain fragment a page polls for (the page's ``data-ptag``)."""
    return None if version is None else entity_tag(version, fragment=True, query=b"")


def conditional(version_of: Callable[..., Version | None]) -> Callable[[Any], Any]:
    """Answer 304 when the phone's copy is current (its ``If-None-Match``, or the polling
    tag htmx sends as ``HX-PTag``); else the view, tagged."""

    def decorate(view: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(view)
        def wrapper(**kwargs: Any) -> Any:
            version = None if "_flashes" in session else version_of(**kwargs)
            if version is None:
                return view(**kwargs)
            tag = entity_tag(version)
            if (request.if_none_match.contains_weak(tag)
                    or request.headers.get(PTAG) == tag):
                return _tagged(Response(status=304), tag)
            response = make_response(view(**kwargs))
            return _tagged(response, tag) if response.status_code == 200 else response

        return wrapper

    return decorate


PTAG = "HX-PTag"


def _tagged(response: Response, tag: str) -> Response:
    """The tag as an ETag (a client's If-None-Match) and, for htmx, as HX-PTag. Nothing is
    kept by the browser (``no-store``): Chromium answers a poll's 304 with whatever page it
    keeps for the address, the whole page included, which htmx would then swap in."""
    response.set_etag(tag, weak=True)
    response.cache_control.private = True
    response.cache_control.no_store = True
    response.vary.add("HX-Request")
    if wants_fragment():
        response.headers[PTAG] = tag
    return response
