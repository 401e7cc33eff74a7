"""Conditional GETs for the pages phones poll: a page that has not changed since the
phone last saw it answers ``304 Not Modified`` from its version, with one indexed query
and no replay of the round.

A page's entity tag is its version (the round's version, or the match's rounds and
their versions) with everything else the page depends on: the link's kind (edit or
watch), full page or htmx fragment, the language, the address's query and the day (the
page's form token lasts a day). A page with a message waiting (a flash) is always sent
whole. Browsers revalidate by themselves (``Cache-Control: no-cache``), so htmx polls
need nothing special.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Callable
from datetime import date
from typing import Any

from flask import Response, make_response, request, session
from flask_babel import get_locale
from sqlalchemy import BindParameter, Select, bindparam, func, or_, select

from .extensions import db
from .models import Match, RoundRow
from .web import wants_fragment

Version = tuple[Any, ...]


@functools.cache
def _round_query() -> Select:
    token: BindParameter[str] = bindparam("token")
    query = (
        select(RoundRow.id, RoundRow.version, Match.finished, Match.edit_token == token)
        .join(Match, RoundRow.match_id == Match.id)
        .where(or_(Match.edit_token == token, Match.view_token == token),
               RoundRow.number == bindparam("number"))
    )
    return query


@functools.cache
def _match_query() -> Select:
    token: BindParameter[str] = bindparam("token")
    query = (
        select(Match.id, Match.finished, Match.edit_token == token, func.count(RoundRow.id),
               func.coalesce(func.sum(RoundRow.version), 0))
        .outerjoin(RoundRow, RoundRow.match_id == Match.id)
        .where(or_(Match.edit_token == token, Match.view_token == token))
        .group_by(Match.id)
    )
    return query


def round_version(token: str, number: int) -> Version | None:
    """What the round page shows changes only with these (None: no such round)."""
    row = db.session.execute(_round_query(), {"token": token, "number": number}).first()
    return None if row is None else tuple(row)


def match_version(token: str) -> Version | None:
    """What the scoreboard shows changes only with these (None: no such match)."""
    row = db.session.execute(_match_query(), {"token": token}).first()
    return None if row is None else tuple(row)


def entity_tag(version: Version) -> str:
    parts = (*version, wants_fragment(), get_locale(), request.query_string,
             date.today().toordinal())
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:24]


def conditional(version_of: Callable[..., Version | None]) -> Callable[[Any], Any]:
    """Answer 304 when the phone's copy is current; else the view, tagged."""

    def decorate(view: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(view)
        def wrapper(**kwargs: Any) -> Any:
            version = None if "_flashes" in session else version_of(**kwargs)
            if version is None:
                return view(**kwargs)
            tag = entity_tag(version)
            if request.if_none_match.contains_weak(tag):
                return _tagged(Response(status=304), tag)
            response = make_response(view(**kwargs))
            return _tagged(response, tag) if response.status_code == 200 else response

        return wrapper

    return decorate


def _tagged(response: Response, tag: str) -> Response:
    response.set_etag(tag, weak=True)
    response.cache_control.private = True
    response.cache_control.no_cache = True
    response.vary.add("HX-Request")
    return response
