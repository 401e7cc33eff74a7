"""The session cookie read once per process (referee/sessions.py): what Flask's own
reading accepts and refuses, it accepts and refuses, however often the cookie comes."""

from __future__ import annotations

from datetime import timedelta

import pytest
from flask import request, session
from itsdangerous import TimestampSigner

from referee import sessions
from referee.sessions import CheckedOnceSessions


def _signed(app, contents, when=None):
    """A session cookie as this app signs it (at ``when``, seconds since the epoch)."""
    serializer = app.session_interface.get_signing_serializer(app)
    if when is None:
        return serializer.dumps(contents)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(TimestampSigner, "get_timestamp", lambda self: when)
        return serializer.dumps(contents)


def _opened(app, cookie):
    name = app.config["SESSION_COOKIE_NAME"]
    with app.test_request_context(headers={"Cookie": f"{name}={cookie}"}):
        return app.session_interface.open_session(app, _request())


def _request():
    return request._get_current_object()  # type: ignore[attr-defined]


def test_the_app_reads_sessions_with_it(app):
    assert isinstance(app.session_interface, CheckedOnceSessions)


def test_a_signed_cookie_reads_the_same_every_time(app):
    cookie = _signed(app, {"phone": "p1", "recent": [[1, "a"]]})
    for _ in range(3):
        assert dict(_opened(app, cookie)) == {"phone": "p1", "recent": [[1, "a"]]}


def test_each_request_gets_its_own_copy(app):
    cookie = _signed(app, {"recent": [[1, "a"]], "pair": (1, [2])})
    first = _opened(app, cookie)
    first["recent"][0].append("changed")
    first["pair"][1].append(3)
    first["new"] = True
    again = _opened(app, cookie)
    assert dict(again) == {"recent": [[1, "a"]], "pair": (1, [2])}


def test_a_tampered_cookie_reads_as_no_session_every_time(app):
    cookie = _signed(app, {"phone": "p1"})
    _opened(app, cookie)  # the genuine one is remembered
    value, dot, signature = cookie.rpartition(".")
    forged = _signed(app, {"phone": "p2"}).rpartition(".")[0] + dot + signature
    wrong_end = value + dot + ("A" if signature[-1] != "A" else "B") + signature[1:]
    for bad in (forged, wrong_end, "garbage", cookie + "x"):
        for _ in range(2):
            assert dict(_opened(app, bad)) == {}
    assert dict(_opened(app, cookie)) == {"phone": "p1"}


def test_another_key_is_another_site(app):
    cookie = _signed(app, {"phone": "p1"})
    assert dict(_opened(app, cookie)) == {"phone": "p1"}
    app.secret_key = "another key altogether, 32 chars!"
    assert dict(_opened(app, cookie)) == {}


def test_a_cookie_past_the_lifetime_reads_as_none_even_when_remembered(app, monkeypatch):
    app.permanent_session_lifetime = timedelta(seconds=100)
    now = 2_000_000_000
    monkeypatch.setattr(sessions.time, "time", lambda: now)
    cookie = _signed(app, {"phone": "p1"}, when=now - 50)
    assert dict(_opened(app, cookie)) == {"phone": "p1"}  # 50 s old: read, and remembered
    monkeypatch.setattr(sessions.time, "time", lambda: now + 60)  # 110 s old
    assert dict(_opened(app, cookie)) == {}
    future = _signed(app, {"phone": "p2"}, when=now + 1000)
    assert dict(_opened(app, future)) == {}


def test_it_remembers_a_bounded_number_of_cookies(app, monkeypatch):
    monkeypatch.setattr(CheckedOnceSessions, "KEPT", 5)
    cookies = [_signed(app, {"n": n}) for n in range(8)]
    for n, cookie in enumerate(cookies):
        assert dict(_opened(app, cookie)) == {"n": n}
    assert len(app.session_interface._read) == 5
    assert dict(_opened(app, cookies[0])) == {"n": 0}  # forgotten, checked again


@pytest.mark.parametrize("cookie", [None, ""])
def test_no_cookie_is_an_empty_session(app, cookie):
    with app.test_request_context():
        assert dict(app.session_interface.open_session(app, _request())) == {}


def test_a_session_written_by_a_page_is_read_back(app):
    @app.route("/_session_test/<value>")
    def _set(value):
        before = session.get("kept")
        session["kept"] = value
        return str(before)

    client = app.test_client()
    assert client.get("/_session_test/one").get_data(as_text=True) == "None"
    assert client.get("/_session_test/two").get_data(as_text=True) == "one"
    assert client.get("/_session_test/three").get_data(as_text=True) == "two"


def test_without_a_secret_key_there_is_no_session_as_with_flask(app):
    cookie = _signed(app, {"phone": "p1"})
    app.secret_key = None
    assert _opened(app, cookie) is None
