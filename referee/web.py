"""Helpers shared by the page blueprints: full page or htmx fragment, and tokens."""

from __future__ import annotations

from typing import Any

from flask import Response, abort, current_app, make_response, render_template, request
from flask_babel import gettext as _
from sqlalchemy import or_, select

from .extensions import db
from .models import Match


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


def match_by_token(token: str) -> tuple[Match, bool]:
    """The match a token opens, and whether the token may change it (edit vs watch)."""
    if not token or len(token) > 64:
        abort(404)
    match = db.session.scalars(
        select(Match).where(or_(Match.edit_token == token, Match.view_token == token))
    ).first()
    if match is None:
        abort(404, _("No match has this link. Check the address, or start a new match."))
    return match, token == match.edit_token


def editable_match(token: str) -> Match:
    match, can_edit = match_by_token(token)
    if not can_edit:
        abort(403, _("This is the watching link: it shows the match but cannot change it."))
    return match
