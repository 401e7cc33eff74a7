"""The reader's language: the switch on every page (remembered in a cookie), else the
browser's Accept-Language, else English; the JSON API follows Accept-Language only. The
catalogues hold exactly the strings of the code."""

from __future__ import annotations

import re

import pytest
from pages import text

from referee import catalogues
from referee.extensions import LANGUAGES


def _lang(response) -> str:
    return re.search(r'<html lang="([a-z]+)"', text(response)).group(1)


@pytest.mark.parametrize(("header", "expected"), [
    ("fi-FI,fi;q=0.9,en;q=0.5", "fi"), ("nb", "nb"), ("sv-SE", "sv"), ("da", "da"),
    ("de-DE,fr;q=0.8", "en"), ("", "en"), ("en-GB", "en"),
])
def test_the_page_follows_accept_language(client, header, expected):
    assert _lang(client.get("/", headers={"Accept-Language": header})) == expected


def test_the_switch_is_on_every_page_and_remembered(client):
    page = text(client.get("/rules", headers={"Accept-Language": "sv"}))
    for code in LANGUAGES:
        assert f'href="/language/{code}?next=/rules"' in page
    switched = client.get("/language/fi?next=/rules")
    assert switched.status_code == 303 and switched.headers["Location"] == "/rules"
    cookie = switched.headers["Set-Cookie"]
    assert cookie.startswith("lang=fi;") and "SameSite=Lax" in cookie and "HttpOnly" in cookie
    # the choice wins over the browser's language, on every page from now on
    assert _lang(client.get("/", headers={"Accept-Language": "sv"})) == "fi"
    assert _lang(client.get("/matches/new")) == "fi"


def test_an_unknown_language_or_a_foreign_address_changes_nothing(client):
    unknown = client.get("/language/xx?next=/rules")
    assert unknown.status_code == 303 and "Set-Cookie" not in unknown.headers
    for address in ("https://evil.example/", "//evil.example/", "javascript:alert(1)"):
        away = client.get("/language/da", query_string={"next": address})
        assert away.status_code == 303 and away.headers["Location"] == "/"


def test_the_api_follows_accept_language_only(client):
    client.get("/language/fi")
    answer = client.post("/api/v1/check", json={"variant": "nope"},
                         headers={"Accept-Language": "en"})
    assert answer.status_code == 400
    assert answer.headers.get("Content-Language", "en") == "en"
    assert _lang(client.get("/")) == "fi"  # the pages keep the choice


def test_the_catalogues_hold_exactly_the_strings_of_the_code():
    """A string added to the code without `make messages` fails here."""
    wanted = {message.id for message in catalogues.extract() if message.id}
    for language in LANGUAGES:
        held = {message.id for message in catalogues.read(language) if message.id}
        assert held == wanted, (language, sorted(map(str, wanted ^ held))[:5])


def test_english_is_the_source_text():
    for message in catalogues.read("en"):
        if message.id:
            assert message.string == message.id


@pytest.mark.parametrize(("language", "zone", "started", "opened"), [
    ("en", None, "Dec 1, 2026", "12/1/26, 11:30\u202fPM"),  # English: UTC unless the phone says
    ("fi", None, "2.12.2026", "2.12.2026 1.30"),  # Helsinki, already the next day
    ("sv", None, "2 dec. 2026", "2026-12-02 00:30"),
    ("nb", None, "2. des. 2026", "02.12.2026, 00:30"),
    ("da", None, "2. dec. 2026", "02.12.2026 00.30"),
    ("en", "America/New_York", "Dec 1, 2026", "12/1/26, 6:30\u202fPM"),  # the phone's own zone
    ("fi", "Not/A_Zone", "2.12.2026", "2.12.2026 1.30"),  # a made-up zone is ignored
])
def test_dates_and_times_follow_the_locale_and_the_phones_time_zone(
        client, language, zone, started, opened):
    from datetime import UTC, datetime

    from pages import match_of, new_match

    from referee.extensions import db
    from referee.models import PhoneMatch

    token = new_match(client)
    client.get(f"/match/{token}")  # now on this phone's list
    when = datetime(2026, 12, 1, 23, 30, tzinfo=UTC)
    match_of(token).created = when
    for kept in db.session.scalars(db.select(PhoneMatch)):
        kept.opened_at = when
    db.session.commit()
    client.set_cookie("lang", language)
    if zone:
        client.set_cookie("tz", zone)
    assert started in text(client.get(f"/match/{token}"))
    assert opened in text(client.get("/"))


NON_ENGLISH = [language for language in LANGUAGES if language != "en"]


@pytest.mark.parametrize("language", NON_ENGLISH)
def test_no_english_is_left_on_any_page(client, language):
    """Every page a player meets, in each language: not one English word of the source
    text (see tests/leftover_english.py), in the text, the closed parts or the labels
    for screen readers."""
    from leftover_english import english_in, html_words
    from pages import opened, post_play

    from referee.rules.variants import VARIANTS

    client.set_cookie("lang", language)
    names = ["Aino", "Eero"]
    token, number = opened(client, names=tuple(names))
    refused = post_play(client, token, number, "9H", "capture", [1])  # 9♥ and a lone 6♣
    assert refused.status_code == 422
    pages = {
        "home": client.get("/"), "new match": client.get("/matches/new"),
        "a new match refused": client.post("/matches/new", data={"variant": "mulle",
                                                                  "players": "3"}),
        "check": client.get("/check"),
        "a check ruled": client.get("/check", query_string={
            "variant": "norwegian", "table": "10S 2C", "card": "10D", "action": "capture",
            "take": "0"}),
        "rules": client.get("/rules"),
        "a refused claim": refused,
        "a card that has turned up": post_play(client, token, number, "9S", "trail"),
        "a table item that is not there": post_play(client, token, number, "9H", "capture",
                                                    [9]),
        "the scoreboard": client.get(f"/match/{token}"),
        "the big screen": client.get(f"/match/{token}/tv"),
        "import": client.get("/matches/import"), "offline": client.get("/offline"),
        "not found": client.get("/match/nothing-here"),
    }
    tallied = new_match_with_tally(client, names)
    pages["a tally"] = client.get(tallied)
    for variant in VARIANTS:
        pages[f"the rules of {variant}"] = client.get(f"/rules/{variant}")
    for where, response in pages.items():
        body = text(response)
        assert f'<html lang="{language}">' in body, where
        assert english_in(html_words(body), language, names) == [], where
    # and the check finds English where there is some: the same page in English
    client.set_cookie("lang", "en")
    assert len(english_in(html_words(text(client.get("/rules/swedish"))), language)) > 20


def new_match_with_tally(client, names) -> str:
    """A tally-only round's page: the address."""
    from pages import new_match, start_round

    token = new_match(client, names=tuple(names))
    number = start_round(client, token, "tally")
    return f"/match/{token}/round/{number}"


def test_wtforms_messages_follow_the_language_and_are_read_once():
    """WTForms' own messages come in the request's language, from one catalogue per
    language kept for the process (not read from disk for every form)."""
    from flask import request

    from referee import create_app

    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    required = "This field is required."
    seen = {}
    for language in ("fi", "fi", "sv", "en"):  # each request with an app context of its own
        with app.test_request_context("/", headers={"Accept-Language": language}):
            catalogue = request.wtforms_translations
            assert seen.setdefault(language, catalogue) is catalogue
    assert seen["fi"].gettext(required) == "Pakollinen."
    assert seen["sv"].gettext(required) == "Det här fältet är obligatoriskt."
    assert seen["en"].gettext(required) == required
