"""Helpers shared by the page blueprints: full page or htmx fragment, and tokens."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from flask import Response, abort, current_app, make_response, render_template, request
from flask_babel import gettext as _
from sqlalchemy import bindparam, inspect, select
from sqlalchemy.orm import joinedload
from sqlalchemy.orm.attributes import set_committed_value

from .extensions import db, statements_are_round_trips
from .models import Link, LinkRole, Match, RoundRow, lookup_digest, same_token
from .reads import LinkRead, MatchRead, read_link


def wants_fragment() -> bool:
    """An htmx request for a part of the page; boosted and history requests get a page."""
    headers = request.headers
    return (
        headers.get("HX-Request") == "true"
        and headers.get("HX-Boosted") != "true"
        and headers.get("HX-History-Restore-Request") != "true"
        and headers.get("HX-Request-Type", "partial") != "full"
    )


def render(template: str, block: str | None = None, status: int = 200, **context: Any) -> Response:
    """Render ``template`` whole, or only its ``block`` for an htmx request.

    One template serves both, so a fragment is never a copy of the page.
    """
    if block is not None and wants_fragment():
        env = current_app.jinja_env
        tpl = env.get_template(template)
        ctx = tpl.new_context(_template_context(context))
        body = "".join(tpl.blocks[block](ctx))
    else:
        body = render_template(template, **context)
    response = make_response(body, status)
    response.vary.add("HX-Request")
    return response


def _template_context(context: dict[str, Any]) -> dict[str, Any]:
    merged = dict(context)
    current_app.update_template_context(merged)
    return merged


M = TypeVar("M", Match, MatchRead)


@dataclass(frozen=True)
class Access(Generic[M]):
    """What the link a phone opened a match with lets it do; the match as the ORM's
    object (:func:`access`: the pages that change the match itself) or as a plain read
    (:func:`round_access`: the round pages)."""

    match: M
    role: LinkRole
    seat: int | None  # the player a seat's link plays for
    token: str
    link_id: int  # the link opened

    @property
    def can_edit(self) -> bool:
        """It may change the match (the players' link, or a seat's link for its seat)."""
        return self.role is not LinkRole.WATCH

    @property
    def clerk(self) -> bool:
        """The players' link: records anything, hands out and replaces the seats' links."""
        return self.role is LinkRole.EDIT


def find_link(token: str) -> Link | None:
    """The link with this token, by an indexed lookup of its digest and a comparison of
    the token in constant time."""
    digest = lookup_digest(token)
    if digest is None:
        return None
    # one statement for all it reads on PostgreSQL (1.05–1.1 ms instead of 1.15–1.4 ms
    # for a 2-player match, whatever its rounds); SQLite, in this process, reads the
    # rounds apart: its joined rows (players × rounds) cost more than a second statement
    # once a match has a few rounds (404 against 357 µs at 8 rounds, 549 against 375 µs
    # with 4 players)
    if statements_are_round_trips():
        link = db.session.scalars(_LINK_WITH_ROUNDS, {"digest": digest}).unique().first()
    else:
        link = db.session.scalars(_LINK_WITH_MATCH, {"digest": digest}).first()
    if link is None or not same_token(link.token, token):
        return None
    match = link.match
    if "rounds" in inspect(match).unloaded:
        rounds = db.session.scalars(_ROUNDS_OF_MATCH, {"match_id": match.id}).all()
        set_committed_value(match, "rounds", list(rounds))
    return link


# the link with its match and the match's players in one query, and the match's rounds
# in one more (or all in one: find_link): every page of a match reads all of them. Built
# once, with its digest as a parameter, so a request neither builds the statement again
# nor works out its cache key
_LINK_WITH_MATCH = select(Link).where(Link.digest == bindparam("digest")).options(
    joinedload(Link.match).joinedload(Match.players),
)
_LINK_WITH_ROUNDS = _LINK_WITH_MATCH.options(joinedload(Link.match).joinedload(Match.rounds))
_ROUNDS_OF_MATCH = select(RoundRow).where(RoundRow.match_id == bindparam("match_id")).order_by(
    RoundRow.number)


def access(token: str) -> Access[Match]:
    """What a token opens, or the error page saying why it opens nothing."""
    link = _usable(find_link(token))
    return Access(link.match, link.role, link.seat, token, link.id)


def round_access(token: str, number: int) -> Access[MatchRead]:
    """:func:`access` for the page of round ``number``: the match, its players and rounds
    as a plain read (:mod:`referee.reads`), the snapshot of that round alone."""
    digest = lookup_digest(token)
    link = _usable(read_link(digest, token, number) if digest is not None else None)
    return Access(link.match, link.role, link.seat, token, link.id)


L = TypeVar("L", Link, LinkRead)


def _usable(link: L | None) -> L:
    """The link found, else the error page saying why it opens nothing."""
    if link is None:
        abort(404, _("No match has this link. Check the address, or start a new match."))
    if link.revoked:
        abort(410, _("This seat's link was replaced on the players' phone: ask there for "
                     "the new one."))
    return link


def clerk_access(token: str) -> Access[Match]:
    """The players' link, else an error page (a seat's phone or a watching phone)."""
    found = access(token)
    if not found.clerk:
        abort(403, _("Only the players' link can do this."))
    return found


def may_edit(found: Access[M]) -> Access[M]:
    """A link that may change the match, else an error page."""
    if not found.can_edit:
        abort(403, _("This is the watching link: it shows the match but cannot change it."))
    return found


def editing_access(token: str) -> Access[Match]:
    """:func:`access` of a link that may change the match, else an error page."""
    return may_edit(access(token))
