"""The reader's language: the one chosen on a page (kept in a cookie), else the best of
the browser's ``Accept-Language``, else English. The JSON API follows
``Accept-Language`` only (it is stateless: API.md, "Language and codes")."""

from __future__ import annotations

from functools import cache
from zoneinfo import available_timezones

from flask import Blueprint, redirect, request
from flask_babel import refresh
from werkzeug.wrappers import Response

from .extensions import LANGUAGES
from .security import same_origin_path

COOKIE = "lang"
YEAR = 365 * 24 * 3600
# each language named in itself, for the switch on every page
NAMES = {"en": "English", "nb": "Norsk", "sv": "Svenska", "fi": "Suomi", "da": "Dansk"}

bp = Blueprint("languages", __name__)


@bp.before_app_request
def _fresh() -> None:
    """Each request chooses its language anew (Flask-Babel keeps the choice in the
    application context, which a test or a script may share between requests)."""
    refresh()


def locale() -> str:
    """The language of this request's answer."""
    if not request.path.startswith("/api/"):
        chosen = request.cookies.get(COOKIE)
        if chosen in LANGUAGES:
            return chosen
    return request.accept_languages.best_match(LANGUAGES) or "en"


# where the phone does not say (app.js keeps its time zone in a cookie), the capital's
ZONES = {"nb": "Europe/Oslo", "sv": "Europe/Stockholm", "fi": "Europe/Helsinki",
         "da": "Europe/Copenhagen", "en": "UTC"}
ZONE_COOKIE = "tz"


@cache
def _zones() -> frozenset[str]:
    return frozenset(available_timezones())


def timezone() -> str:
    """The time zone dates and times are shown in: the phone's own, else the language's
    capital's."""
    zone = request.cookies.get(ZONE_COOKIE, "")
    if 0 < len(zone) <= 64 and zone in _zones():
        return zone
    return ZONES.get(locale(), "UTC")


def here() -> str:
    """This page's address, to come back to after switching (without htmx's query)."""
    return request.full_path.rstrip("?")


@bp.get("/language/<code>")
def switch(code: str) -> Response:
    """Read the site in ``code`` from now on (a cookie for a year), back on the page the
    switch was pressed on; an unknown language changes nothing."""
    back = same_origin_path(request.args.get("next")) or "/"
    response = redirect(back, code=303)
    if code in LANGUAGES:
        response.set_cookie(COOKIE, code, max_age=YEAR, samesite="Lax",
                            secure=request.is_secure, httponly=True)
    return response
