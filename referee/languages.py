"""The reader's language: the one chosen on a page (kept in a cookie), else the best of
the browser's ``Accept-Language``, else English. The JSON API follows
``Accept-Language`` only (it is stateless: API.md, "Language and codes").

Norwegian asked for as ``no`` (the language) or ``nn`` (nynorsk) is read in bokmål, the
only Norwegian there is. An answer worded in the reader's language says so to caches:
``Vary: Accept-Language``, and ``Cookie`` too for a page (the cookie can choose)."""

from __future__ import annotations

from functools import cache
from typing import Any
from zoneinfo import available_timezones

from babel.support import NullTranslations
from flask import Blueprint, g, has_app_context, redirect, request
from flask_babel import get_locale, get_translations, refresh
from werkzeug.datastructures import LanguageAccept
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
    g.worded = False


# -- the words of the request's language -------------------------------------------------

_CATALOGUE = "referee_catalogue"  # in g: (the locale, its catalogue)


def catalogue() -> NullTranslations:
    """The catalogue of the request's language, Flask-Babel's, kept in ``g`` beside the
    locale it is for (so ``force_locale`` and :func:`_fresh`'s ``refresh`` are followed).
    Flask-Babel looks it up anew for every string (its context, its domain, the locale's
    name: about 18 µs a string, against 8), and a round's panel words a dozen outside its
    template's own (the words, the macros it imports)."""
    if not has_app_context():
        return get_translations()
    locale = get_locale()
    kept = g.get(_CATALOGUE)
    if kept is not None and kept[0] is locale:
        return kept[1]
    translations = get_translations()
    setattr(g, _CATALOGUE, (locale, translations))
    return translations


def gettext(string: str, /, **variables: Any) -> str:
    """Flask-Babel's ``gettext``, from :func:`catalogue`."""
    worded = catalogue().ugettext(string)
    return worded % variables if variables else worded


def ngettext(singular: str, plural: str, num: int, /, **variables: Any) -> str:
    """Flask-Babel's ``ngettext`` (``num`` is a parameter too), from :func:`catalogue`."""
    variables.setdefault("num", num)
    return catalogue().ungettext(singular, plural, num) % variables


def npgettext(context: str, singular: str, plural: str, num: int, /,
              **variables: Any) -> str:
    """Flask-Babel's ``npgettext``, from :func:`catalogue`."""
    variables.setdefault("num", num)
    return catalogue().unpgettext(context, singular, plural, num) % variables


# languages asked for by another name: Norwegian in general, and nynorsk, read in bokmål
ALIASES = {"no": "nb", "nn": "nb"}


def _api() -> bool:
    return request.path.startswith("/api/")


def locale() -> str:
    """The language of this request's answer (and, for :func:`_vary`, a note that the
    answer follows the request's language)."""
    g.worded = True
    if not _api():
        chosen = request.cookies.get(COOKIE)
        if chosen in LANGUAGES:
            return chosen
    return accepted(request.accept_languages) or "en"


def accepted(languages: LanguageAccept) -> str | None:
    """The best of our languages among those a browser accepts, reading ``no`` and
    ``nn`` (with or without a region) as ``nb``."""
    named = []
    for value, quality in languages:
        primary = value.replace("_", "-").split("-", 1)[0].lower()
        named.append((ALIASES.get(primary, value), quality))
    return LanguageAccept(named).best_match(LANGUAGES)


@bp.after_app_request
def _vary(response: Response) -> Response:
    """An answer in the request's language varies with Accept-Language, and a page's
    with the cookie that can choose it; so does a page's 304 (its 200 would have)."""
    page = not _api() and request.endpoint not in (None, "static")
    if g.get("worded") or (page and response.status_code == 304):
        response.vary.add("Accept-Language")
        if not _api():
            response.vary.add("Cookie")
    return response


# where the phone does not say (app.js keeps its time zone in a cookie), the capital's
ZONES = {"nb": "Europe/Oslo", "sv": "Europe/Stockholm", "fi": "Europe/Helsinki",
         "da": "Europe/Copenhagen", "en": "UTC"}
ZONE_COOKIE = "tz"

# the Kasino a phone's language plays unless a match or a question says otherwise: its
# country's (English, a visitor at a Nordic table: Swedish, the plainest rules)
HOME_VARIANTS = {"nb": "norwegian", "sv": "swedish", "fi": "finnish", "da": "danish",
                 "en": "swedish"}


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


def home_variant() -> str:
    """The variant a new match and a new question start from: the page's language's."""
    return HOME_VARIANTS.get(locale(), "swedish")


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
