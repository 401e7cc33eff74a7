"""Security (issue 8 §3): headers on every response, the session cookie without links,
trusted hosts and public links, safe reload links, the instance's secret key, per-client
rate limits, and JSON for every error of the API."""

from __future__ import annotations

import io
import json
import random
import re
import stat
import threading
import time
from pathlib import Path

import pytest
from pages import (
    HX,
    SWEDISH_SIDES,
    match_of,
    new_match,
    opened,
    plain,
    round_of,
    start_round,
    tally_data,
    text,
)
from pages import post_play as play_page
from sqlalchemy import event

from referee import create_app
from referee.counts import LocalCounts
from referee.extensions import db
from referee.models import Event, LinkRole, Match, PhoneMatch
from referee.rules.capture import capture_options
from referee.rules.cards import pack
from referee.rules.partition import Budget
from referee.rules.round import RoundState
from referee.rules.turn import Action, Play
from referee.rules.variants import get_rules
from referee.security import instance_secret_key, same_origin_path

TEMPLATES = Path(__file__).parent.parent / "templates"


def make_app(**config):
    """An app of its own (its own database and rate-limit counters), for settings the
    shared fixture does not have."""
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://",
                      "WTF_CSRF_ENABLED": False, **config})
    with app.app_context():
        db.create_all()
    return app


@pytest.fixture
def limited():
    """An app with the rate limits on, at their defaults unless a test lowers one."""
    app = make_app(RATELIMIT_ENABLED=True)
    with app.app_context():
        yield app


# -- 1. headers -----------------------------------------------------------------------

CSP_DIRECTIVES = {
    "default-src": "'self'", "script-src": "'self'", "style-src": "'self'",
    "frame-ancestors": "'none'", "base-uri": "'self'", "form-action": "'self'",
    "img-src": "'self'", "manifest-src": "'self'", "worker-src": "'self'",
}


def _csp(response) -> dict[str, str]:
    policy = response.headers["Content-Security-Policy"]
    return {d.split()[0]: " ".join(d.split()[1:]) for d in policy.split(";") if d.strip()}


@pytest.mark.parametrize("path", ["/", "/matches/new", "/static/app.css", "/variants.css",
                                  "/api/v1/variants", "/match/nope", "/api/v1/nothing",
                                  "/sw.js", "/manifest.webmanifest", "/offline",
                                  "/icons/icon.svg"])
def test_every_response_has_the_security_headers(client, path):
    response = client.get(path)
    csp = _csp(response)
    for directive, value in CSP_DIRECTIVES.items():
        assert csp[directive] == value, (directive, csp)
    assert "'unsafe-inline'" not in response.headers["Content-Security-Policy"]
    assert "'unsafe-eval'" not in response.headers["Content-Security-Policy"]
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Referrer-Policy"] == "no-referrer"
    assert response.headers["X-Frame-Options"] == "DENY"
    assert response.headers["Server"] == "kasino-referee"


def _pages(client) -> dict[str, str]:
    """Every kind of page the app serves, as a phone sees it."""
    token, number = opened(client)
    view = match_of(token).view_token
    tally_token = new_match(client)
    tally_number = start_round(client, tally_token, "tally")
    check = "/check?variant=swedish&table=9S&table=6C&table=3D&card=9H&action=capture&take=0"
    paths = {
        "home": "/", "new": "/matches/new", "board": f"/match/{token}",
        "watching": f"/match/{view}", "round": f"/match/{token}/round/{number}",
        "picked": f"/match/{token}/round/{number}?card=9H",
        "tally": f"/match/{tally_token}/round/{tally_number}", "check": "/check",
        "ruling": check, "rules": "/rules", "variant": "/rules/swedish",
        "missing": "/match/nope", "offline": "/offline",
    }
    pages = {name: text(client.get(path)) for name, path in paths.items()}
    pages["refused"] = text(client.post("/matches/new", data={"variant": "swedish"}))
    pages["refusal"] = text(play_page(client, token, number, "9H", "capture", refs=[0]))
    assert 'class="chosen-card' in pages["picked"] and "Link to this ruling" in pages["ruling"]
    return pages


def test_no_page_has_inline_script_or_style(client):
    for name, body in _pages(client).items():
        scripts = re.findall(r"<script\b[^>]*>", body)
        assert all(" src=" in tag for tag in scripts), (name, scripts)
        assert not re.search(r"<script\b[^>]*>\s*[^<\s]", body), name  # nothing inside
        assert not re.search(r"<[^>]+\son[a-z]+\s*=", body), name  # no onclick= etc.
        assert "<style" not in body and not re.search(r"<[^>]+\sstyle\s*=", body), name
        assert "javascript:" not in body, name


def test_no_template_asks_htmx_to_evaluate_code():
    """htmx 4 builds functions (which a CSP without 'unsafe-eval' refuses) only for hx-on,
    a trigger's [filter] and js:/javascript: values: no template uses them."""
    for path in TEMPLATES.rglob("*.html"):
        source = path.read_text()
        assert "hx-on" not in source, path
        assert not re.search(r"""hx-[a-z:-]+=["']\s*(js|javascript):""", source), path
        for trigger in re.findall(r'hx-trigger="([^"]*)"', source):
            assert "[" not in trigger, (path, trigger)


def test_the_progress_bars_need_no_style_attribute(client):
    token = new_match(client)
    number = start_round(client, token, "tally")
    client.post(f"/match/{token}/round/{number}/tally",
                data=tally_data(token, number, SWEDISH_SIDES))
    client.post(f"/match/{token}/round/{number}/confirm",
                data={"version": round_of(token, number).version})
    body = text(client.get(f"/match/{token}"))
    widths = [int(w) for w in re.findall(r'<svg class="bar"[^>]*><rect width="(\d+)"', body)]
    totals = [int(t) for t in re.findall(r"<td><strong>(\d+)</strong></td>", body)]
    assert len(widths) == 2 and any(widths)
    target = 16  # Swedish Kasino is played to 16 points
    assert widths == [min(100, round(100 * t / target)) for t in totals]


# -- 2. the session cookie ------------------------------------------------------------

def _session(app, client) -> dict:
    cookie = client.get_cookie("session")
    assert cookie is not None
    return app.session_interface.get_signing_serializer(app).loads(cookie.value)


def test_the_session_cookie_carries_no_link(app, client):
    token = new_match(client)
    match = match_of(token)
    client.get(f"/match/{match.view_token}")
    data = _session(app, client)
    decoded = json.dumps(data)
    assert match.edit_token not in decoded and match.view_token not in decoded
    assert set(data) <= {"phone", "csrf_token", "_flashes"}, data
    assert re.fullmatch(r"[A-Za-z0-9_-]{43}", data["phone"])
    # ... and the home page still lists both links, newest first, from the server
    home = text(client.get("/"))
    assert home.index(f"/match/{match.view_token}") < home.index(f"/match/{token}")
    rows = db.session.query(PhoneMatch).filter_by(phone_id=data["phone"]).all()
    assert sorted(row.link.role for row in rows) == [LinkRole.EDIT, LinkRole.WATCH]


def test_each_phone_sees_only_its_own_matches(app):
    ann, bo = app.test_client(), app.test_client()
    mine = new_match(ann)
    theirs = new_match(bo, names=("Cy", "Di"))
    assert f"/match/{mine}" in text(ann.get("/")) and f"/match/{theirs}" not in text(ann.get("/"))
    assert f"/match/{theirs}" in text(bo.get("/")) and f"/match/{mine}" not in text(bo.get("/"))
    # a visitor who opened nothing gets no cookie and an empty list
    visitor = app.test_client()
    assert "None yet" in plain(visitor.get("/"))
    assert visitor.get_cookie("session") is None


def test_reopening_a_match_moves_it_to_the_top_once(app, client):
    first = new_match(client)
    second = new_match(client, names=("Cy", "Di"))
    client.get(f"/match/{first}")
    client.get(f"/match/{first}")
    home = text(client.get("/"))
    assert home.count(f"/match/{first}") == 1
    assert home.index(f"/match/{first}") < home.index(f"/match/{second}")


def test_reopening_the_newest_match_writes_nothing(app, client):
    """A reload, or a watcher's poll every few seconds, takes no write lock."""
    token = new_match(client)
    view = match_of(token).view_token
    client.get(f"/match/{view}")
    writes: list[str] = []

    def record(conn, cursor, statement, *args):
        if statement.lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE")):
            writes.append(statement)

    event.listen(db.engine, "before_cursor_execute", record)
    try:
        for _ in range(3):
            assert client.get(f"/match/{view}", headers=HX).status_code == 200
        assert writes == []
        client.get(f"/match/{token}")  # another entry comes first: that is written
        assert any("phone_match" in w for w in writes)
    finally:
        event.remove(db.engine, "before_cursor_execute", record)


def test_the_phone_keeps_its_twelve_newest_matches(app, client):
    tokens = [new_match(client, names=(f"A{i}", f"B{i}")) for i in range(14)]
    home = text(client.get("/"))
    listed = re.findall(r'href="/match/([^"]+)"', home)
    assert listed == tokens[::-1][:12]
    phone = _session(app, client)["phone"]
    assert db.session.query(PhoneMatch).filter_by(phone_id=phone).count() == 12


def test_a_list_kept_in_the_cookie_by_the_old_version_moves_to_the_server(app, client):
    older = new_match(app.test_client())
    newer = new_match(app.test_client(), names=("Cy", "Di"))
    with client.session_transaction() as session:
        session["recent"] = [[newer, "Newer match"], [older, "Older match"],
                             ["no-such-token", "Gone"], "not an entry"]
    home = text(client.get("/"))
    # the labels are worded from the matches now, not taken from the old cookie
    newer_label, older_label = "Swedish Kasino: Cy – Di", "Swedish Kasino: Ann – Bo"
    assert home.index(newer_label) < home.index(older_label) and "Gone" not in home
    assert "Newer match" not in home
    assert "recent" not in _session(app, client)
    assert newer_label in text(client.get("/"))  # still listed, from the server


def test_session_cookie_is_lax_and_httponly_and_secure_when_asked(monkeypatch):
    client = make_app().test_client()
    new_match(client)
    cookie = client.get_cookie("session")
    assert cookie.http_only and cookie.same_site == "Lax" and not cookie.secure
    monkeypatch.setenv("SECURE_COOKIES", "1")
    secure = make_app()
    assert secure.config["SESSION_COOKIE_SECURE"] is True
    response = secure.test_client().post(
        "/matches/new", base_url="https://localhost",
        data={"variant": "swedish", "players": "2", "first_dealer": "1",
              "names-0": "Ann", "names-1": "Bo"})
    assert response.status_code == 303
    set_cookie = response.headers["Set-Cookie"]
    assert "Secure" in set_cookie and "HttpOnly" in set_cookie and "SameSite=Lax" in set_cookie
    monkeypatch.setenv("SECURE_COOKIES", "maybe")
    with pytest.raises(ValueError, match="SECURE_COOKIES"):
        make_app()


def test_the_session_cookie_is_secure_by_default_on_an_https_public_url(monkeypatch):
    """Served over HTTPS (PUBLIC_URL says so), the cookie is Secure unless SECURE_COOKIES=0
    says otherwise; over plain http it is not."""
    monkeypatch.setenv("PUBLIC_URL", "https://kasino.example.org")
    assert make_app().config["SESSION_COOKIE_SECURE"] is True
    monkeypatch.setenv("SECURE_COOKIES", "0")
    assert make_app().config["SESSION_COOKIE_SECURE"] is False
    monkeypatch.delenv("SECURE_COOKIES")
    monkeypatch.setenv("PUBLIC_URL", "http://kasino.lan:8000")
    assert make_app().config["SESSION_COOKIE_SECURE"] is False


def test_a_form_over_https_needs_no_referer(monkeypatch):
    """Browsers send no Referer (Referrer-Policy), so an HTTPS form stands on its CSRF
    token alone."""
    app = make_app(WTF_CSRF_ENABLED=True)
    client = app.test_client()
    form = text(client.get("/matches/new", base_url="https://localhost"))
    csrf = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', form)[1]
    data = {"csrf_token": csrf, "variant": "swedish", "players": "2", "first_dealer": "1",
            "names-0": "Ann", "names-1": "Bo"}
    response = client.post("/matches/new", base_url="https://localhost", data=data)
    assert response.status_code == 303, plain(response)[:300]
    forged = client.post("/matches/new", base_url="https://localhost",
                         data={**data, "csrf_token": "forged"})
    assert forged.status_code == 400
    with app.app_context():
        assert db.session.query(Match).count() == 1


# -- 3. hosts and public links ---------------------------------------------------------

def test_an_untrusted_host_is_a_clear_400():
    app = make_app(TRUSTED_HOSTS=["kasino.example.org"])
    client = app.test_client()
    assert client.get("/", base_url="http://kasino.example.org").status_code == 200
    for method, path in (("GET", "/"), ("GET", "/match/nope"), ("POST", "/matches/new"),
                         ("GET", "/nowhere")):
        response = client.open(path, method=method, base_url="http://evil.example")
        assert response.status_code == 400, (method, path)
        assert "not one of the trusted hosts" in text(response)
        assert "evil.example" not in text(response)
    api = client.post("/api/v1/check", json={}, base_url="http://evil.example")
    assert api.status_code == 400 and "trusted hosts" in api.get_json()["error"]
    with app.app_context():
        assert db.session.query(Match).count() == 0


def test_trusted_hosts_come_from_the_environment(monkeypatch):
    assert make_app().config["TRUSTED_HOSTS"] is None  # make run: any host
    monkeypatch.setenv("TRUSTED_HOSTS", "kasino.example.org, .example.net ,")
    app = make_app()
    assert app.config["TRUSTED_HOSTS"] == ["kasino.example.org", ".example.net"]
    client = app.test_client()
    assert client.get("/", base_url="http://www.example.net").status_code == 200
    assert client.get("/", base_url="http://example.org").status_code == 400


def test_share_links_use_public_url_when_set():
    """Links to share are on PUBLIC_URL whatever host the request names (a proxy may
    pass its own upstream name); without TRUSTED_HOSTS only PUBLIC_URL's host and the
    machine's own names are answered."""
    app = make_app(PUBLIC_URL="https://kasino.example.org/")
    assert app.config["TRUSTED_HOSTS"] == ["kasino.example.org", "localhost", "127.0.0.1",
                                           "[::1]"]
    client = app.test_client()
    token = new_match(client)
    with app.app_context():
        view = match_of(token).view_token
    board = text(client.get(f"/match/{token}", base_url="http://127.0.0.1:8000"))
    assert f'href="https://kasino.example.org/match/{token}"' in board
    assert f'href="https://kasino.example.org/match/{view}"' in board
    assert "127.0.0.1" not in board
    ruling = text(client.get("/check?variant=swedish&table=9S&card=9H&action=capture&take=0",
                             base_url="http://localhost:8000"))
    assert 'value="https://kasino.example.org/check?' in ruling and "localhost" not in ruling
    refused = client.get(f"/match/{token}", base_url="http://evil.example")
    assert refused.status_code == 400 and "evil.example" not in text(refused)
    assert client.get("/", base_url="https://kasino.example.org").status_code == 200


def test_trusted_hosts_beside_public_url_are_as_given():
    app = make_app(PUBLIC_URL="https://kasino.example.org", TRUSTED_HOSTS=[".example.net"])
    assert app.config["TRUSTED_HOSTS"] == [".example.net"]
    client = app.test_client()
    assert client.get("/", base_url="http://www.example.net").status_code == 200
    assert client.get("/", base_url="http://kasino.example.org").status_code == 400


def test_share_links_without_public_url_are_on_the_request_host(client):
    token = new_match(client)
    board = text(client.get(f"/match/{token}"))
    assert f'href="http://localhost/match/{token}"' in board


@pytest.mark.parametrize("bad", ["kasino.example.org", "ftp://kasino.example.org",
                                 "https://kasino.example.org/app", "https://u@kasino.example.org",
                                 "https://kasino.example.org?x=1"])
def test_a_malformed_public_url_is_refused_at_start(bad):
    with pytest.raises(ValueError, match="PUBLIC_URL"):
        make_app(PUBLIC_URL=bad)


# -- 4. the reload link after a failed swap ---------------------------------------------

@pytest.mark.parametrize("sent", [
    "javascript:alert(1)", "JavaScript:alert(1)", "//evil.example", "//evil.example/match/a",
    "https://evil.example/x", "http://evil.example/match/a", "/\\evil.example",
    "/\t/evil.example", "http://localhost//evil.example", "data:text/html,x", "match/a",
    "https://localhost/match/a",  # the test client's scheme is http
])
def test_a_foreign_current_url_is_never_a_link(client, sent):
    response = client.get("/match/nope", headers={**HX, "HX-Current-URL": sent})
    assert response.status_code == 404
    assert "Reload the page" not in plain(response)
    assert "evil" not in text(response) and "javascript" not in text(response).lower()


@pytest.mark.parametrize(("sent", "link"), [
    ("/match/a?card=9H", "/match/a?card=9H"),
    ("http://localhost/match/a?card=9H#x", "/match/a?card=9H"),
    ("http://localhost", "/"),
])
def test_a_current_url_on_this_site_is_the_reload_link(client, sent, link):
    response = client.get("/match/nope", headers={**HX, "HX-Current-URL": sent})
    assert f'href="{link}"' in text(response)


def test_same_origin_path_keeps_only_this_sites_paths(app):
    with app.test_request_context("/", base_url="https://kasino.example.org:8443"):
        assert same_origin_path("https://kasino.example.org:8443/rules?x=1") == "/rules?x=1"
        assert same_origin_path("https://kasino.example.org/rules") is None  # other port
        assert same_origin_path("http://kasino.example.org:8443/rules") is None  # scheme
        assert same_origin_path("/rules") == "/rules"
        assert same_origin_path(None) is None and same_origin_path("") is None
        assert same_origin_path("/" + "x" * 3000) is None
    public = make_app(PUBLIC_URL="https://kasino.example.org",
                      TRUSTED_HOSTS=["kasino.example.org", "10.0.0.5"])
    with public.test_request_context("/", base_url="http://10.0.0.5:8000"):  # behind a proxy
        assert same_origin_path("https://kasino.example.org/rules?x=1") == "/rules?x=1"
        assert same_origin_path("http://10.0.0.5:8000/rules") == "/rules"
        assert same_origin_path("https://kasino.example.org.evil.example/rules") is None


# -- 5. the secret key ----------------------------------------------------------------

def test_the_secret_key_file_is_owner_only(tmp_path):
    path = tmp_path / "instance" / "secret_key"
    key = instance_secret_key(path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert path.read_text() == key and re.fullmatch(r"[0-9a-f]{64}", key)
    assert instance_secret_key(path) == key  # kept
    assert sorted(p.name for p in path.parent.iterdir()) == ["secret_key"]


def test_a_key_file_kept_before_is_made_owner_only(tmp_path):
    path = tmp_path / "secret_key"
    path.write_text("an-older-key\n")
    path.chmod(0o644)
    assert instance_secret_key(path) == "an-older-key"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_concurrent_creators_end_with_one_key(tmp_path):
    for attempt in range(20):
        path = tmp_path / str(attempt) / "secret_key"
        start = threading.Barrier(6)
        keys: list[str] = []

        def create(path=path, start=start, keys=keys):
            start.wait()
            keys.append(instance_secret_key(path))

        threads = [threading.Thread(target=create) for _ in range(6)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert len(keys) == 6 and set(keys) == {path.read_text()}
        assert [p.name for p in path.parent.iterdir()] == ["secret_key"]


# -- 6. rate limits -------------------------------------------------------------------

def _engine_plays(seed: int = 8) -> tuple[list[str], list[Play]]:
    """A whole Swedish round (first table, then 48 plays) the engine accepts: the largest
    capture of each card, else a trail; the test's driver, not what is checked."""
    rules = get_rules("swedish")
    deck = pack(rules.packs)
    random.Random(seed).shuffle(deck)
    state = RoundState(rules, 2, 1)
    state.start(deck[:4])
    plays = []
    for card in deck[4:]:
        options = capture_options(rules, card, state.table, Budget())
        play = Play(card, Action.CAPTURE, options[0]) if options else Play(card, Action.TRAIL)
        assert state.can_play(play)
        state.play(play)
        plays.append(play)
    assert state.finished
    return [c.code for c in deck[:4]], plays


def test_behind_trusted_proxies_the_limits_count_the_forwarded_client(monkeypatch):
    """TRUSTED_PROXIES=1: the address the proxy forwards is the client (each phone counts
    on its own); without it every request counts as the proxy's own address."""
    def refused_after_a_burst(app, forwarded_for):
        app.config["RATELIMIT_CREATE"] = "2 per minute"
        client = app.test_client()
        statuses = [client.post("/matches/new", data={"players": "2"},
                                headers={"X-Forwarded-For": who}).status_code
                    for who in forwarded_for]
        return statuses.count(429)

    phones = ["192.0.2.1", "192.0.2.1", "192.0.2.2", "192.0.2.2", "192.0.2.3"]
    monkeypatch.setenv("TRUSTED_PROXIES", "1")
    behind = make_app(RATELIMIT_ENABLED=True)
    assert refused_after_a_burst(behind, phones) == 0  # two each: within the limit
    monkeypatch.delenv("TRUSTED_PROXIES")
    alone = make_app(RATELIMIT_ENABLED=True)
    assert refused_after_a_burst(alone, phones) == 3  # one address: the proxy's
    for bad in ("x", "-1", "9"):
        monkeypatch.setenv("TRUSTED_PROXIES", bad)
        with pytest.raises(ValueError, match="TRUSTED_PROXIES"):
            make_app()


def test_forgetting_a_match_on_this_phone_counts_as_a_change(limited):
    limited.config["RATELIMIT_CHANGES"] = "2 per minute"
    client = limited.test_client()
    statuses = [client.post("/phone/forget", data={"entry": "1"}).status_code
                for _ in range(3)]
    assert statuses[-1] == 429 and 429 not in statuses[:2]


def test_a_fast_round_meets_no_limit(limited):
    client = limited.test_client()
    table, plays = _engine_plays()
    assert len(plays) == 48
    token = new_match(client)
    number = start_round(client, token)
    response = client.post(f"/match/{token}/round/{number}/table",
                           data={"table": " ".join(table), "version": 0}, headers=HX)
    assert response.status_code == 200
    for version, play in enumerate(plays, start=1):
        data = {"card": play.card.code, "action": play.action.value,
                "refs": [str(r) for r in play.refs], "version": version}
        response = client.post(f"/match/{token}/round/{number}/play", data=data, headers=HX)
        assert response.status_code == 200, (version, plain(response)[:300])
    assert len(round_of(token, number).events) == 49


def _change(client, token, number):
    return client.post(f"/match/{token}/round/{number}/undo",
                       data={"version": round_of(token, number).version}, headers=HX)


def test_a_burst_of_changes_meets_the_limit_with_a_clear_429(limited):
    limited.config["RATELIMIT_CHANGES"] = "5 per minute"
    client = limited.test_client()
    token, number = opened(client)  # two changes: the round and its first table
    play_page(client, token, number, "9H", "capture", refs=[0])
    play_page(client, token, number, "2C")
    assert _change(client, token, number).status_code == 200  # the fifth
    events = db.session.query(Event).count()
    refused = _change(client, token, number)
    assert refused.status_code == 429
    assert 1 <= int(refused.headers["Retry-After"]) <= 60
    said = plain(refused)
    assert "Too many requests" in said and "5 per minute" in said
    assert "nothing was changed" in said
    assert db.session.query(Event).count() == events
    # reading the round is never limited; another address is counted on its own
    assert client.get(f"/match/{token}/round/{number}").status_code == 200
    elsewhere = limited.test_client().post(f"/match/{token}/round/{number}/undo", headers=HX,
                           environ_base={"REMOTE_ADDR": "10.0.0.2"},
                           data={"version": round_of(token, number).version})
    assert elsewhere.status_code == 200


def test_creating_matches_is_limited_and_creates_nothing_beyond(limited):
    limited.config["RATELIMIT_CREATE"] = "2 per minute"
    client = limited.test_client()
    new_match(client)
    new_match(client)
    refused = client.post("/matches/new", data={
        "variant": "swedish", "players": "2", "first_dealer": "1", "names-0": "A",
        "names-1": "B"})
    assert refused.status_code == 429 and "Retry-After" in refused.headers
    assert db.session.query(Match).count() == 2
    assert client.get("/matches/new").status_code == 200  # the form itself is not limited


def test_importing_a_match_counts_as_creating_one(limited):
    limited.config["RATELIMIT_CREATE"] = "2 per minute"
    client = limited.test_client()
    new_match(client)
    empty = json.dumps({"format": "kasino-referee/match", "version": 1, "variant": "swedish",
                        "options": {}, "players": ["A", "B"], "first_dealer": 0,
                        "rounds": []}).encode()

    def send():
        return client.post("/matches/import", data={"file": (io.BytesIO(empty), "m.json")})

    assert send().status_code == 303
    refused = send()
    assert refused.status_code == 429 and "Too many requests" in plain(refused)
    assert db.session.query(Match).count() == 2
    assert client.get("/matches/import").status_code == 200


def test_the_check_page_is_limited(limited):
    limited.config["RATELIMIT_CHECK"] = "3 per minute"
    client = limited.test_client()
    for _ in range(3):
        assert client.get("/check").status_code == 200
    refused = client.get("/check?variant=swedish", headers=HX)
    assert refused.status_code == 429 and "Too many requests" in plain(refused)
    assert "<html" not in text(refused)  # a fragment for htmx, like every error
    assert client.get("/rules").status_code == 200


def test_the_api_is_limited_with_a_json_429(limited):
    limited.config["RATELIMIT_API"] = "3 per minute"
    client = limited.test_client()
    for _ in range(3):
        assert client.get("/api/v1/variants").status_code == 200
    refused = client.post("/api/v1/check", json={"variant": "swedish"})
    assert refused.status_code == 429 and refused.is_json
    body = refused.get_json()
    assert set(body) == {"error", "field"} and "Too many requests" in body["error"]
    assert int(refused.headers["Retry-After"]) >= 1
    assert client.get("/check").status_code == 200  # the pages count apart


def test_each_group_counts_apart_and_reading_counts_nowhere(limited):
    """With every limit at one a minute: one change, one new match, one check and one
    API call each pass, the second of each is refused, and reading pages never counts."""
    for key in ("RATELIMIT_CREATE", "RATELIMIT_CHANGES", "RATELIMIT_CHECK", "RATELIMIT_API"):
        limited.config[key] = "1 per minute"
    client = limited.test_client()
    token = new_match(client)  # the one new match
    for _ in range(3):
        for path in ("/", f"/match/{token}", "/rules", "/matches/new", "/healthz"):
            assert client.get(path).status_code == 200, path
    assert client.post("/matches/new", data={"players": "2"}).status_code == 429
    start = client.post(f"/match/{token}/rounds", data={"mode": "play"})
    assert start.status_code == 303  # the one change
    assert client.post(f"/match/{token}/rounds", data={"mode": "play"}).status_code == 429
    assert client.get("/check").status_code == 200
    assert client.get("/check").status_code == 429
    assert client.get("/api/v1/variants").status_code == 200
    assert client.get("/api/v1/variants").status_code == 429


def test_each_app_counts_on_its_own():
    first, second = (make_app(RATELIMIT_ENABLED=True, RATELIMIT_API="2 per minute")
                     for _ in range(2))
    for _ in range(2):
        assert first.test_client().get("/api/v1/variants").status_code == 200
    assert first.test_client().get("/api/v1/variants").status_code == 429
    assert second.test_client().get("/api/v1/variants").status_code == 200


def test_limits_are_on_by_default_and_off_only_for_test_apps(monkeypatch):
    production = create_app({"SQLALCHEMY_DATABASE_URI": "sqlite://", "SECRET_KEY": "k"})
    assert production.config["RATELIMIT_ENABLED"] is True
    assert production.config["RATELIMIT_CHANGES"] == "240 per minute"
    assert make_app().config["RATELIMIT_ENABLED"] is False
    monkeypatch.setenv("RATELIMIT_ENABLED", "1")
    monkeypatch.setenv("RATELIMIT_CHANGES", "200 per minute")
    app = make_app()
    assert app.config["RATELIMIT_ENABLED"] is True
    assert app.config["RATELIMIT_CHANGES"] == "200 per minute"


def test_a_malformed_limit_is_refused_at_start():
    with pytest.raises(ValueError, match="RATELIMIT_API"):
        make_app(RATELIMIT_API="lots")


def test_a_rate_limit_store_that_is_down_never_answers_500():
    app = make_app(RATELIMIT_ENABLED=True, RATELIMIT_API="2 per minute",
                   RATELIMIT_STORAGE_URI="redis://127.0.0.1:9/0")
    client = app.test_client()
    statuses = [client.get("/api/v1/variants").status_code for _ in range(3)]
    assert statuses == [200, 200, 429]  # counted in memory meanwhile


def test_the_limits_count_in_this_process_without_a_thread(limited, monkeypatch):
    """The default store counts in memory and never starts a thread: the ``limits``
    package's own in-memory store started a timer thread at nearly every count."""
    assert limited.config["RATELIMIT_STORAGE_URI"] == "local://"
    started: list[threading.Thread] = []
    monkeypatch.setattr(threading.Thread, "start", lambda thread: started.append(thread))
    limited.config["RATELIMIT_API"] = "3 per minute"
    client = limited.test_client()
    statuses = []
    for _ in range(4):
        statuses.append(client.get("/api/v1/variants").status_code)
        time.sleep(0.015)  # longer than the timer of the package's store
    assert statuses == [200, 200, 200, 429] and started == []
    assert isinstance(limited.extensions["referee_limiter"].storage, LocalCounts)


def test_the_local_counts_keep_fixed_windows_and_sweep_what_ran_out():
    now = [1000.0]

    class Clocked(LocalCounts):
        clock = staticmethod(lambda: now[0])

    counts = Clocked()
    assert [counts.incr("a", 60) for _ in range(3)] == [1, 2, 3]
    assert counts.incr("b", 10, amount=2) == 2
    assert (counts.get("a"), counts.get("b"), counts.get("c")) == (3, 2, 0)
    assert counts.get_expiry("a") == 1060.0 and counts.get_expiry("c") == 1000.0
    now[0] = 1030.0  # b's window is over, a's is not
    assert (counts.get("a"), counts.get("b")) == (3, 0)
    assert counts.incr("b", 10) == 1 and counts.get_expiry("b") == 1040.0  # a new window
    assert len(counts) == 2
    now[0] = 1059.0  # b ran out and is kept until the sweep, a minute after the last
    assert counts.incr("c", 60) == 1 and len(counts) == 3
    now[0] = 1061.0  # a ran out too; this count sweeps both
    assert counts.incr("c", 60) == 2 and len(counts) == 1
    counts.clear("c")
    assert counts.get("c") == 0 and counts.check()
    counts.incr("d", 60)
    assert counts.reset() == 1 and len(counts) == 0


def test_the_package_store_may_still_be_named(monkeypatch):
    monkeypatch.setenv("RATELIMIT_STORAGE_URI", "memory://")
    app = make_app(RATELIMIT_ENABLED=True, RATELIMIT_API="1 per minute")
    client = app.test_client()
    assert [client.get("/api/v1/variants").status_code for _ in range(2)] == [200, 429]


# -- 7. the API answers JSON for every error -------------------------------------------

def test_an_unknown_api_path_is_a_json_404(client):
    response = client.get("/api/v1/nothing")
    assert response.status_code == 404 and response.is_json
    body = response.get_json()
    assert set(body) == {"error", "field"}
    assert "/api/v1/nothing" in body["error"] and "POST /api/v1/check" in body["error"]
    assert client.get("/nothing").mimetype == "text/html"  # a page stays a page


@pytest.mark.parametrize(("method", "path", "allowed"), [
    ("GET", "/api/v1/check", "POST"), ("GET", "/api/v1/replay", "POST"),
    ("PUT", "/api/v1/score", "POST"), ("POST", "/api/v1/variants", "GET"),
])
def test_a_wrong_method_on_the_api_is_a_json_405(client, method, path, allowed):
    response = client.open(path, method=method)
    assert response.status_code == 405 and response.is_json
    body = response.get_json()
    assert set(body) == {"error", "field"}
    assert body["error"] == f"{method} is not allowed on {path}; use {allowed}"
    assert allowed in response.headers["Allow"]


@pytest.mark.parametrize(("path", "allowed"), [("/api/v1/check", "POST"),
                                               ("/api/v1/variants", "GET")])
def test_options_on_the_api_says_what_is_allowed_and_has_no_body(client, path, allowed):
    response = client.open(path, method="OPTIONS")
    assert response.status_code == 204 and response.data == b""
    assert "Content-Type" not in response.headers  # no empty page typed as HTML
    assert allowed in response.headers["Allow"]

