"""Security: headers on every response, the session cookie, trusted hosts and public links,
safe return links, the instance's secret key, and per-client rate limits.

Settings (environment variables, read by :func:`settings`; a config mapping passed to
``create_app`` overrides them): ``SECURE_COOKIES``, ``PUBLIC_URL``, ``TRUSTED_HOSTS``,
``TRUSTED_PROXIES``, ``RATELIMIT_ENABLED``, ``RATELIMIT_STORAGE_URI`` and the four limits
``RATELIMIT_CREATE``, ``RATELIMIT_CHANGES``, ``RATELIMIT_CHECK``, ``RATELIMIT_API``
(README, "Security").
"""

from __future__ import annotations

import contextlib
import math
import os
import re
import secrets
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from flask import Flask, Response, current_app, g, jsonify, request, url_for
from flask_babel import gettext as _
from flask_limiter import ApplicationLimit, Limiter
from flask_limiter.util import get_remote_address
from itsdangerous.encoding import base64_decode, bytes_to_int
from limits import parse_many
from werkzeug.exceptions import SecurityError
from werkzeug.middleware.proxy_fix import ProxyFix

from . import counts
from .sharing import share_base

# -- headers ------------------------------------------------------------------------

# No inline script anywhere, and no inline style either: htmx 4 evaluates code only for
# hx-on, trigger filters and js: values, none of which the templates use, and its one
# style (the request indicator) is a constructed style sheet, which CSP does not govern.
# The icons, the manifest and the service worker (referee/pwa.py) are this site's own.
CONTENT_SECURITY_POLICY = "; ".join((
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
))

HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    # the edit links carry the match's token in the address: never send it on
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",  # frame-ancestors for browsers that predate it
}

# Replaces an app server's banner where the server lets the application name itself
# (gunicorn over HTTP/2 does; over HTTP/1.1 gunicorn always sends its own "gunicorn",
# without a version, and drops this one; Werkzeug's development server sends its own
# "Werkzeug/x Python/y" as well as this one). README, "Security".
SERVER = "kasino-referee"


def _add_headers(response: Response) -> Response:
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    response.headers["Server"] = SERVER
    return response


# -- settings -----------------------------------------------------------------------

# Per client (remote address), generous enough that no real table meets them: a table
# records about ten changes a minute, and the browser suite, playing whole rounds at
# ~160 ms a play from one address, about 150 in its busiest minute.
LIMITS = {
    "create": ("RATELIMIT_CREATE", "30 per minute"),  # POST /matches/new and /matches/import
    "changes": ("RATELIMIT_CHANGES", "240 per minute"),  # POST /match/<token>/...
    "check": ("RATELIMIT_CHECK", "120 per minute"),  # GET /check
    "api": ("RATELIMIT_API", "120 per minute"),  # /api/v1/...
}

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"", "0", "false", "no", "off"}


def settings(environ: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The security settings from the environment, as app config."""
    env = os.environ if environ is None else environ
    secure = env.get("SECURE_COOKIES", "").strip().lower()
    if secure not in _TRUE | _FALSE:
        raise ValueError(f"SECURE_COOKIES must be 1 or 0, not {secure!r}")
    public = env.get("PUBLIC_URL", "").strip() or None
    hosts = [h.strip() for h in env.get("TRUSTED_HOSTS", "").split(",") if h.strip()]
    proxies = env.get("TRUSTED_PROXIES", "").strip() or "0"
    if not proxies.isdigit() or int(proxies) > 5:
        raise ValueError(f"TRUSTED_PROXIES must be the number of reverse proxies in front "
                         f"of the app (0 to 5), not {proxies!r}")
    config: dict[str, Any] = {
        "SESSION_COOKIE_SAMESITE": "Lax",
        "SESSION_COOKIE_HTTPONLY": True,
        # unset: Secure when the site is served over HTTPS (PUBLIC_URL says so)
        "SESSION_COOKIE_SECURE": (secure in _TRUE if secure else
                                  bool(public and public.lower().startswith("https://"))),
        # The Referer is never sent (Referrer-Policy above), so Flask-WTF's check that an
        # HTTPS form came with one would refuse every form; the CSRF token and the Lax
        # session cookie stand without it.
        "WTF_CSRF_SSL_STRICT": False,
        "PUBLIC_URL": public,
        # make run HOST=0.0.0.0: links to join carry this machine's address in the network
        "SHARE_ON_LAN": env.get("SHARE_ON_LAN", "").strip().lower() in _TRUE,
        # None: any host (make run serves 127.0.0.1 only); unset beside PUBLIC_URL, its
        # host and this machine's own names (see _check_settings)
        "TRUSTED_HOSTS": hosts or None,
        # the reverse proxies in front whose X-Forwarded-For and -Proto are believed
        "TRUSTED_PROXIES": int(proxies),
        # unset: each process counts in its own memory (referee.counts: no timer thread)
        "RATELIMIT_STORAGE_URI": env.get("RATELIMIT_STORAGE_URI", "").strip() or counts.URI,
    }
    for key, default in LIMITS.values():
        config[key] = env.get(key, "").strip() or default
    enabled = env.get("RATELIMIT_ENABLED", "").strip().lower()
    if enabled:  # unset: on, except in an app made for tests (see _init_limiter)
        if enabled not in _TRUE | _FALSE:
            raise ValueError(f"RATELIMIT_ENABLED must be 1 or 0, not {enabled!r}")
        config["RATELIMIT_ENABLED"] = enabled in _TRUE
    return config


# the names a health check or a process supervisor on the machine itself may use
LOCAL_HOSTS = ("localhost", "127.0.0.1", "[::1]")


def _check_settings(config: dict[str, Any]) -> None:
    """Refuse a malformed setting when the app starts, never in a request; with
    ``PUBLIC_URL`` and no ``TRUSTED_HOSTS``, trust only its host and the machine's own
    names, so that no link is ever built on a Host header sent from elsewhere."""
    public = config.get("PUBLIC_URL")
    if public:
        parts = urlsplit(public)
        if (parts.scheme not in ("http", "https") or not parts.hostname or parts.username
                or parts.path not in ("", "/") or parts.query or parts.fragment):
            raise ValueError(f"PUBLIC_URL must be a scheme and host such as "
                             f"https://kasino.example.org, not {public!r}")
        if not config.get("TRUSTED_HOSTS"):
            config["TRUSTED_HOSTS"] = [parts.hostname, *LOCAL_HOSTS]
    for key, _default in LIMITS.values():
        try:
            if not parse_many(str(config[key])):
                raise ValueError(config[key])
        except ValueError:
            raise ValueError(f"{key} must be a limit such as '120 per minute', "
                             f"not {config[key]!r}") from None


# -- links --------------------------------------------------------------------------

def public_url(endpoint: str, **values: Any) -> str:
    """An absolute link to share: on ``PUBLIC_URL`` when it is set, else on this machine's
    address in the local network for a page opened on the host of a server on every
    interface (:func:`referee.sharing.share_base`), else on the request's host (which
    ``TRUSTED_HOSTS`` vouches for when it is set)."""
    base = current_app.config.get("PUBLIC_URL") or share_base()
    if base:
        return base.rstrip("/") + url_for(endpoint, **values)
    return url_for(endpoint, _external=True, **values)


_UNSAFE = re.compile(r"[\x00-\x20\x7f\\]")  # browsers drop tabs and newlines, read \ as /


def same_origin_path(value: str | None) -> str | None:
    """``value`` (e.g. htmx's ``HX-Current-URL``) as a path on this site, or None.

    Only a path starting with one "/" is kept, or a full URL on this request's own scheme
    and host (or on ``PUBLIC_URL``'s), reduced to its path and query; anything else could
    lead off the site or run script, and is dropped.
    """
    if not value or len(value) > 2048 or _UNSAFE.search(value):
        return None
    if value.startswith("/"):
        return None if value.startswith("//") else value
    parts = urlsplit(value)
    origins = {(request.scheme, request.host.lower())}
    public = current_app.config.get("PUBLIC_URL")
    if public:
        origins.add((urlsplit(public).scheme, urlsplit(public).netloc.lower()))
    if (parts.scheme.lower(), parts.netloc.lower()) not in origins:
        return None
    path = parts.path or "/"
    if path.startswith("//"):
        return None
    return path + ("?" + parts.query if parts.query else "")


def _untrusted_host(error: SecurityError) -> Response:
    message = _("This site is not served at the address in the request (its Host is not "
                "one of the trusted hosts). Nothing was changed.")
    if request.path.startswith("/api/"):
        response = jsonify({"error": message, "field": "Host"})
    else:  # no page: a page's links would be built on that same untrusted host
        response = current_app.response_class(message + "\n", mimetype="text/plain")
    response.status_code = 400
    return response


# -- the secret key -----------------------------------------------------------------

def instance_secret_key(path: Path) -> str:
    """The key kept in ``path``, made on first use: readable by its owner only (0600),
    written whole before it appears, and the same for every process that asks at once
    (the first to create it wins; the others read the winner's)."""
    try:
        return _read_key(path)
    except FileNotFoundError:
        pass
    path.parent.mkdir(parents=True, exist_ok=True)
    draft = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}")
    fd = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "w") as handle:
            handle.write(secrets.token_hex(32))
            handle.flush()
            os.fsync(handle.fileno())
        # atomic, and refused if another process got there first (then its key stands)
        with contextlib.suppress(FileExistsError):
            os.link(draft, path)
    finally:
        os.unlink(draft)
    _sync_directory(path.parent)
    return _read_key(path)


def _read_key(path: Path) -> str:
    if path.stat().st_mode & 0o077:  # a key kept before keys were made owner-only
        with contextlib.suppress(PermissionError):  # another user's: read it as it is
            path.chmod(0o600)
    key = path.read_text().strip()
    if not key:
        raise RuntimeError(f"{path} is empty: delete it, or set SECRET_KEY")
    return key


def _sync_directory(directory: Path) -> None:
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


# -- rate limits --------------------------------------------------------------------

def limit_group() -> str | None:
    """Which of the limits the current request counts against, if any."""
    rule = request.url_rule
    if rule is None:
        return None
    if request.blueprint == "api":
        return "api"
    if request.endpoint == "check.check":
        return "check"
    if request.method == "POST":
        if request.endpoint in ("matches.new", "exchange.import_match"):
            return "create"
        if rule.rule.startswith("/match/<") or request.endpoint == "main.forget":
            return "changes"
    return None


def _limit(app: Flask) -> ApplicationLimit:
    """One application limit for every group: the group of the request names its count
    (the scope) and its setting (read at each request: a test may lower it). A request
    that counts against no group never reaches it (the limiter's request filter)."""
    def provider() -> str:
        group = limit_group()
        return str(app.config[LIMITS[group][0]]) if group else ""

    def scope(_endpoint: str) -> str:
        return limit_group() or "none"

    def message() -> str:  # made once the limit is broken, so the wait is known
        return _("Too many requests from this address: at most %(limit)s. Try again in "
                 "%(n)d seconds; nothing was changed.", limit=provider(), n=retry_after() or 1)

    return ApplicationLimit(limit_provider=provider, scope=scope, error_message=message)


def retry_after() -> int | None:
    """Seconds until the limit this request broke lets it through, if it broke one."""
    limiter: Limiter | None = current_app.extensions.get("referee_limiter")
    current = limiter.current_limit if limiter else None
    if current is None or not current.breached:
        return None
    return max(1, math.ceil(current.window[0] - time.time()))


def _add_retry_after(response: Response) -> Response:
    if response.status_code == 429:
        seconds = retry_after()
        if seconds is not None:
            response.headers["Retry-After"] = str(seconds)
    return response


def _init_limiter(app: Flask) -> None:
    # Each app has its own limiter: its counters (in memory unless RATELIMIT_STORAGE_URI
    # names a shared store) are never those of another app, a test's for instance.
    # On unless turned off; an app made for tests (TESTING) has them only when asked for,
    # as the suite's fuzzing sends hundreds of requests a minute from one address.
    app.config.setdefault("RATELIMIT_ENABLED", not app.testing)
    app.config.setdefault("RATELIMIT_SWALLOW_ERRORS", True)  # a store down never answers 500
    app.config.setdefault("RATELIMIT_IN_MEMORY_FALLBACK_ENABLED", True)
    limiter = Limiter(get_remote_address, application_limits=[_limit(app)])
    # pages, polls and the health check count against nothing: they pass untouched
    limiter.request_filter(lambda: limit_group() is None)
    limiter.init_app(app)
    app.extensions["referee_limiter"] = limiter


# -- the form token of a change's answer ----------------------------------------------

def _accepted_token() -> str | None:
    """The form token a change just came with, once Flask-WTF has accepted it, read where
    it reads it (the form's field, then htmx's headers); None when none was accepted."""
    if not g.get("csrf_valid"):
        return None
    config = current_app.config
    field = config["WTF_CSRF_FIELD_NAME"]
    token: str | None = request.form.get(field) or next(
        (found for key in request.form if key.endswith(field) and (found := request.form[key])),
        None)  # a form with a prefix names it {prefix}-csrf_token
    if not token:
        token = next((sent for name in config["WTF_CSRF_HEADERS"]
                      if (sent := request.headers.get(name))), None)
    return token or None


def _token_age(token: str) -> float | None:
    """Seconds since the token was signed, from the time it carries (itsdangerous's
    timestamped form: value.time.signature); None if it carries none."""
    parts = token.rsplit(".", 2)
    if len(parts) != 3:
        return None
    try:
        signed = bytes_to_int(base64_decode(parts[1]))
    except (ValueError, TypeError):
        return None
    return time.time() - signed


def _reuse_accepted_token() -> None:
    """A change's answer (the round's panel, with its forms) carries the token the change
    was accepted with, rather than a token signed anew, while that token has more than
    half its time to live: signing one was a twentieth of a play's work. Flask-WTF keeps
    the request's token in ``g`` under the field's name, where ``csrf_token()`` reads it."""
    token = _accepted_token()
    if token is None:
        return
    limit = current_app.config["WTF_CSRF_TIME_LIMIT"]  # None: tokens never expire
    age = _token_age(token)
    if age is not None and age >= 0 and (limit is None or age < limit / 2):
        setattr(g, current_app.config["WTF_CSRF_FIELD_NAME"], token)


# -- wiring -------------------------------------------------------------------------

def init(app: Flask) -> None:
    """Check the settings (``create_app`` loads :func:`settings` before its overrides),
    then add the headers, limits and error answers to ``app``."""
    _check_settings(app.config)
    proxies = int(app.config.get("TRUSTED_PROXIES") or 0)
    if proxies:  # the client's address and scheme as the proxies in front saw them
        app.wsgi_app = ProxyFix(app.wsgi_app,  # type: ignore[method-assign]
                                x_for=proxies, x_proto=proxies)
    app.before_request(_reuse_accepted_token)  # after CSRFProtect's check (create_app)
    app.after_request(_add_headers)
    app.after_request(_add_retry_after)
    app.register_error_handler(SecurityError, _untrusted_host)
    app.jinja_env.globals["public_url"] = public_url
    _init_limiter(app)

