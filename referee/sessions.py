"""The phone's session: Flask's signed cookie, its signature checked once per process.

A phone sends the same session cookie with every play and every poll (it holds the
phone's form token and its id, which seldom change), and reading it, the signature
checked and the JSON read back, was a twentieth of a play's work. Here each cookie is
remembered by its exact text, with what it held and when it was signed, once its
signature has been checked: only a cookie this site signed (with this key) is ever
remembered, so a cookie that is not exactly one of those is checked in full, as Flask
does. Its age is checked against the session's lifetime on every request, as Flask's
own check would, and each request gets its own copy of what it held.

This keeps nothing that belongs to a match or a phone (a cookie's contents are in the
cookie the phone sends): any number of processes can serve the same phones.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from typing import Any

from flask import Flask, Request
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface
from itsdangerous import BadSignature


def _copy(value: Any) -> Any:
    """A copy of what a session cookie held (JSON's dicts and lists, and Flask's tagged
    tuples), sharing only what cannot change."""
    if isinstance(value, dict):
        return {key: _copy(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_copy(item) for item in value]
    if isinstance(value, tuple):
        return tuple(_copy(item) for item in value)
    return value


class CheckedOnceSessions(SecureCookieSessionInterface):
    """Flask's cookie sessions, each cookie's signature checked once (module docstring).
    Writing a session is Flask's own."""

    KEPT = 1024  # cookies remembered, the least recently seen forgotten first

    def __init__(self) -> None:
        self._read: OrderedDict[tuple[Any, ...], tuple[Any, int]] = OrderedDict()
        self._lock = threading.Lock()

    def open_session(self, app: Flask, request: Request) -> SecureCookieSession | None:
        cookie = request.cookies.get(self.get_cookie_name(app))
        if not cookie:
            return super().open_session(app, request)
        key = (app.secret_key, tuple(app.config["SECRET_KEY_FALLBACKS"] or ()), cookie)
        with self._lock:
            read = self._read.get(key)
            if read is not None:
                self._read.move_to_end(key)
        if read is None:
            serializer = self.get_signing_serializer(app)
            if serializer is None:  # no secret key: no session, as Flask's own
                return None
            try:
                data, signed = serializer.loads(cookie, return_timestamp=True)
            except BadSignature:
                return self.session_class()
            read = (data, int(signed.timestamp()))
            with self._lock:
                self._read[key] = read
                while len(self._read) > self.KEPT:
                    self._read.popitem(last=False)
        data, signed = read
        # itsdangerous's own test: older than the lifetime, or signed in the future
        age = int(time.time()) - signed
        if age > app.permanent_session_lifetime.total_seconds() or age < 0:
            return self.session_class()
        return self.session_class(_copy(data))
