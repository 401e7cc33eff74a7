"""Installable (issue 9 §4): the web app manifest, the icons, the service worker and the
page it shows when a navigation finds no connection.

The service worker (``templates/sw.js``, served as ``/sw.js`` so that its scope is the
whole site) keeps only the static files, the icons and the offline page, under a cache
named after a hash of them all: a deploy that changes any of them changes the worker,
which replaces the old cache. Match pages, API answers and POSTs are never kept.
"""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from pathlib import Path

from flask import (
    Blueprint,
    Flask,
    Response,
    abort,
    current_app,
    make_response,
    render_template,
    request,
    url_for,
)
from flask_babel import get_locale
from flask_babel import gettext as _

from . import icons

bp = Blueprint("pwa", __name__)

CACHE_PREFIX = "kasino-referee-"


def _conditional(response: Response, max_age: int = 0) -> Response:
    """An ETag, and a cache lifetime (0: the browser asks again each time, a 304 if the
    same)."""
    if max_age:
        response.cache_control.public = True
        response.cache_control.max_age = max_age
    else:
        response.cache_control.no_cache = True
    response.add_etag()
    response.make_conditional(request)  # in place: a 304 without a body if unchanged
    return response


@bp.get("/manifest.webmanifest")
def manifest() -> Response:
    pictures = [{"src": url_for("pwa.icon", name="icon.svg"), "sizes": "any",
                 "type": "image/svg+xml", "purpose": "any"}]
    for name, (kind, size) in icons.FILES.items():
        if size is not None and name.startswith(("icon-", "maskable-")):
            pictures.append({"src": url_for("pwa.icon", name=name), "sizes": f"{size}x{size}",
                             "type": "image/png", "purpose": kind})
    body = {
        "id": url_for("main.home"),
        "name": _("Kasino Referee"),
        "short_name": _("Kasino"),
        "description": _("Referee and score keeper for Kasino, played with real cards."),
        "lang": str(get_locale()),
        "start_url": url_for("main.home"),
        "scope": url_for("main.home"),
        "display": "standalone",
        "theme_color": icons.FELT,
        "background_color": icons.PAPER,
        "icons": pictures,
    }
    response = make_response(json.dumps(body, ensure_ascii=False, indent=1))
    response.mimetype = "application/manifest+json"
    response.vary.add("Accept-Language")
    return _conditional(response)


@bp.get("/icons/<name>")
def icon(name: str) -> Response:
    found = icons.file(name)
    if found is None:
        abort(404)
    data, mimetype = found
    response = make_response(data)
    response.mimetype = mimetype
    return _conditional(response, max_age=24 * 3600)


@bp.get("/offline")
def offline() -> str:
    """What a navigation shows when the host cannot be reached (the worker keeps it)."""
    return render_template("offline.html", offline=True)


def _static_files() -> list[tuple[str, Path]]:
    """The files of ``static/`` (htmx under ``vendor/`` included): name and path."""
    static = Path(current_app.static_folder or "static")
    return sorted((p.relative_to(static).as_posix(), p) for p in static.rglob("*")
                  if p.is_file() and not p.name.startswith("."))


def _precache() -> list[str]:
    """Every address the worker keeps: the static files, the icons, the offline page."""
    return ([url_for("static", filename=name) for name, _path in _static_files()]
            + [url_for("pwa.icon", name=name) for name in icons.FILES]
            + [url_for("pwa.offline")])


@lru_cache(maxsize=8)
def _static_digest(stamps: tuple[tuple[str, str, int, int], ...]) -> str:
    """A hash of the static files in ``stamps`` (name, path, mtime, size) by their names
    and contents, so that every server with the same files gives the same; read again only
    when one of them changed."""
    digest = hashlib.sha256()
    for name, path, _mtime, _size in stamps:
        digest.update(name.encode() + b"\0" + Path(path).read_bytes())
    return digest.hexdigest()


def cache_version() -> str:
    """The name of the worker's cache: a hash of everything it keeps, as served now."""
    stamps = tuple((name, str(p), p.stat().st_mtime_ns, p.stat().st_size)
                   for name, p in _static_files())
    digest = hashlib.sha256(_static_digest(stamps).encode())
    for name in icons.FILES:
        digest.update(name.encode() + (icons.file(name) or (b"", ""))[0])
    digest.update(offline().encode())
    return CACHE_PREFIX + digest.hexdigest()[:16]


@bp.get("/sw.js")
def service_worker() -> Response:
    response = make_response(render_template(
        "sw.js", cache=cache_version(), prefix=CACHE_PREFIX, precache=_precache(),
        offline=url_for("pwa.offline")))
    response.mimetype = "text/javascript"
    response.vary.add("Accept-Language")  # the offline page it keeps is in the phone's language
    return _conditional(response)


def register(app: Flask) -> None:
    app.register_blueprint(bp)
    app.jinja_env.globals["THEME_COLOUR"] = icons.FELT
