"""The reader's language: the switch on every page (remembered in a cookie), else the
browser's Accept-Language, else English; the JSON API follows Accept-Language only. The
catalogues hold exactly the strings of the code."""

from __future__ import annotations

import io
import json
import re

import pytest
from pages import text

from referee import catalogues
from referee.extensions import LANGUAGES
from referee.rules.events import EventKind
from referee.rules.variants import OPTION_NAMES


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


# the home page's list: the day as the scoreboard words it (never 12/1/26, which half of
# Europe reads as the 12th of January), then the time
@pytest.mark.parametrize(("language", "zone", "started", "opened"), [
    ("en", None, "Dec 1, 2026", "Dec 1, 2026 11:30\u202fPM"),  # English: UTC unless the phone says
    ("fi", None, "2.12.2026", "2.12.2026 1.30"),  # Helsinki, already the next day
    ("sv", None, "2 dec. 2026", "2 dec. 2026 00:30"),
    ("nb", None, "2. des. 2026", "2. des. 2026 00:30"),
    ("da", None, "2. dec. 2026", "2. dec. 2026 00.30"),
    ("en", "America/New_York", "Dec 1, 2026", "Dec 1, 2026 6:30\u202fPM"),  # the phone's own zone
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
    for refusal, file in REFUSED_FILES.items():
        pages[f"an import refused: {refusal}"] = _import(client, file)
    for where, response in pages.items():
        body = text(response)
        assert f'<html lang="{language}">' in body, where
        assert english_in(html_words(body), language, [*names, *FILE_WORDS]) == [], where
    # and the check finds English where there is some: the same page in English
    client.set_cookie("lang", "en")
    assert len(english_in(html_words(text(client.get("/rules/swedish"))), language)) > 20


def _file(**changes) -> str:
    """A match file of two players, Aino and Eero, with one open round: the first table
    and a play, ``changes`` made to the match or (``card``) to the play."""
    card = changes.pop("card", "9H")
    return json.dumps({
        "format": "kasino-referee/match", "version": 1, "variant": "swedish",
        "options": {}, "players": ["Aino", "Eero"], "first_dealer": 1,
        "rounds": [{"number": 1, "dealer": 1, "mode": "play", "status": "open", "events": [
            {"kind": "table", "data": {"cards": ["9S", "6C", "3D", "5H"]}},
            {"kind": "play", "data": {"card": card, "action": "capture", "refs": [0]}},
        ]}], **changes})


REFUSED_FILES = {
    "broken JSON": '{"format": "kasino-referee/match", "players": ["Aino',
    "a card that is no card": _file(card="9X"),
    "a card of no rank": _file(card="1H"),
    "not a house rule": _file(options={"xyzzy": True}),
    "a house rule the variant refuses": _file(options={"royal_sweeps": True}),
    "partners without four players": _file(options={"partnerships": True}),
    "too many players": _file(players=["Aino", "Eero", "Ilse", "Oona", "Ulla"]),
}
# what a refused file is quoted by: the file format's own names and values (the kind of
# an event is named as the file names it, to be found there)
FILE_WORDS = [*OPTION_NAMES, *(kind.value for kind in EventKind), "true", "false", "xyzzy"]


def _import(client, body: str):
    return client.post("/matches/import",
                       data={"file": (io.BytesIO(body.encode()), "match.json")})


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


def test_the_words_kept_for_a_request_follow_the_language_in_force():
    """The catalogue a request keeps (``languages.catalogue``: the words in Python, and
    the macros a template imports) is the one of the language in force: within one
    request under ``force_locale``, and for requests that share one app context."""
    from flask_babel import force_locale

    from referee import create_app, languages
    from referee.rules.round import PileCount

    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    # a macro of an imported template (no render context), and the piles' counts, worded
    # once per language and counts (templating.pile_counts)
    imported = app.jinja_env.from_string(
        '{% from "rounds/_common.html" import pile_points %}{{ pile_counts(c, False) }}'
        '{{ pile_points([7], none, 0) }}')
    pile = PileCount(cards=1, spades=2, sweeps=0, points=())

    def said() -> tuple[str, str, str]:
        shown = " ".join(re.sub(r"<[^>]+>", " ", imported.render(c=pile)).split())
        cards = languages.ngettext("%(num)d card", "%(num)d cards", 3)
        return languages.gettext("Undo"), cards, shown

    with app.test_request_context("/", headers={"Accept-Language": "fi"}):
        finnish = ("Peru", "3 korttia",
                   "1 kortti, 2 pataa tämän kierroksen miinuspisteet: 7")
        assert said() == finnish
        with force_locale("sv"):
            assert said() == ("Ångra", "3 kort", "1 kort, 2 spader straffpoäng denna omgång: 7")
        assert said() == finnish
    with app.app_context():  # a script's or a test's context, shared by two requests
        for language, undo in (("fi", "Peru"), ("sv", "Ångra"), ("en", "Undo")):
            with app.test_request_context("/", headers={"Accept-Language": language}):
                app.preprocess_request()  # the request chooses its language anew
                assert languages.gettext("Undo") == undo


# -- the home page's list, the error pages, the API's seats and headers -------------------

def test_the_home_list_is_worded_in_the_language_read_now(client):
    """A match opened in English is listed in Finnish once the phone reads Finnish: the
    label is worded when the list is shown, not kept from the day it was opened."""
    from leftover_english import english_in, html_words
    from pages import match_of, new_match

    client.set_cookie("lang", "en")
    token = new_match(client, names=("Aino", "Eero"))
    client.get(f"/match/{match_of(token).view_token}")
    english = text(client.get("/"))
    assert "Swedish Kasino: Aino – Eero" in english
    assert "Swedish Kasino, watching: Aino – Eero" in english
    client.set_cookie("lang", "fi")
    home = text(client.get("/"))
    listed = home[home.index('<section class="panel" id="phone-matches"'):]
    assert "Ruotsalainen kasino: Aino – Eero" in listed
    assert "Ruotsalainen kasino, katselu: Aino – Eero" in listed
    assert english_in(html_words(listed), "fi", ["Aino", "Eero"]) == []


@pytest.mark.parametrize(("language", "variant"), [
    ("nb", "norwegian"), ("sv", "swedish"), ("fi", "finnish"), ("da", "danish"),
    ("en", "swedish"),
])
def test_a_new_match_and_a_question_start_from_the_languages_kasino(client, language,
                                                                    variant):
    """A Finnish phone opens a new match and "Check a play" on Finnish Kasino, a Danish
    one on Danish; English (a visitor at a Nordic table) on Swedish, as both pages did."""
    client.set_cookie("lang", language)
    for page in ("/matches/new", "/check"):
        body = text(client.get(page))
        assert f'<option selected value="{variant}">' in body, page
        others = [v for v in ("norwegian", "swedish", "finnish", "danish") if v != variant]
        assert not any(f'<option selected value="{v}">' in body for v in others), page
    client.set_cookie("lang", "fi")
    asked = text(client.get("/check", query_string={"variant": "danish", "table": "5H"}))
    assert '<option selected value="danish">' in asked  # a question says its own


WERKZEUG = ("The requested URL was not found on the server",
            "The method is not allowed for the requested URL")


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_page_not_there_or_a_method_not_taken_is_said_in_the_language(client, language):
    from leftover_english import english_in, html_words

    client.set_cookie("lang", language)
    answers = {"not there": client.get("/no/such/page"), "not taken": client.post("/rules"),
               "the check page not taken": client.delete("/check")}
    assert answers["not there"].status_code == 404
    assert answers["not taken"].status_code == 405
    assert answers["not taken"].headers["Allow"]
    for where, answer in answers.items():
        body = text(answer)
        assert not any(words in body for words in WERKZEUG), where
        assert f'<html lang="{language}">' in body, where
        if language != "en":
            assert english_in(html_words(body), language) == [], where
    # and the same in English says it in English, with no Werkzeug words
    if language == "en":
        assert "There is nothing at this address" in text(answers["not there"])


def test_the_api_still_answers_its_errors_as_json(client):
    for answer in (client.get("/api/v1/nothing", headers={"Accept-Language": "fi"}),
                   client.get("/api/v1/check", headers={"Accept-Language": "fi"})):
        assert answer.status_code in (404, 405) and answer.is_json
        assert set(answer.get_json()) == {"error", "field"}


SEATED = {"variant": "swedish", "players": 2, "tallies": [
    {"cards": 27, "spades": 7, "aces": ["AS", "AH"], "big_casino": True,
     "little_casino": False, "sweeps": 2, "last_capture": True},
    {"cards": 25, "spades": 6, "aces": ["AD", "AC"], "big_casino": False,
     "little_casino": True, "sweeps": 0, "last_capture": False}]}


@pytest.mark.parametrize(("language", "seat"), [("en", "seat 0"), ("nb", "plass 0"),
                                                ("sv", "plats 0"), ("fi", "paikka 0"),
                                                ("da", "plads 0")])
def test_the_api_words_unnamed_seats_in_the_language(client, language, seat):
    answer = client.post("/api/v1/score", json=SEATED, headers={"Accept-Language": language})
    lines = answer.get_json()["explanation"]
    assert lines[0].startswith(seat), lines
    if language != "en":
        assert not any("seat" in line for line in lines), lines


def test_a_play_out_of_turn_between_unnamed_seats_is_a_ruling_not_an_error(client):
    """The players given as a count: the refusal names the seats in the language."""
    body = {"variant": "swedish", "players": 2, "dealer": 1,
            "table": ["9S", "6C", "3D", "5H"],
            "plays": [{"card": "9H", "action": "capture", "take": ["9S"], "player": 1}]}
    english = client.post("/api/v1/replay", json=body)
    assert english.status_code == 200
    assert english.get_json()["error"]["reason"] == "it is seat 0's turn, not seat 1's"
    finnish = client.post("/api/v1/replay", json=body, headers={"Accept-Language": "fi"})
    assert finnish.get_json()["error"]["reason"] == "vuorossa on paikka 0, ei paikka 1"
    assert finnish.get_json()["error"]["code"] == "out_of_turn"


@pytest.mark.parametrize("header", ["no", "nn", "no-NO", "nn-NO,en;q=0.5", "nb-NO"])
def test_norwegian_by_any_name_is_read_in_bokmal(client, header):
    assert _lang(client.get("/", headers={"Accept-Language": header})) == "nb"
    answer = client.post("/api/v1/score", json=SEATED, headers={"Accept-Language": header})
    assert answer.get_json()["explanation"][0].startswith("plass 0 har flest kort")


def test_an_answer_in_the_requests_language_says_what_it_varies_with(client):
    from pages import new_match

    page = client.get("/rules")
    assert {"Accept-Language", "Cookie"} <= set(page.headers["Vary"].split(", "))
    token = new_match(client)
    board = client.get(f"/match/{token}", headers={"HX-Request": "true"})
    unchanged = client.get(f"/match/{token}", headers={"HX-Request": "true",
                                                       "HX-PTag": board.headers["HX-PTag"]})
    assert unchanged.status_code == 304
    assert {"Accept-Language", "Cookie"} <= set(unchanged.headers["Vary"].split(", "))
    api = client.post("/api/v1/score", json=SEATED, headers={"Accept-Language": "fi"})
    assert "Accept-Language" in api.headers["Vary"]
    assert "Cookie" not in api.headers["Vary"]  # the API follows the header only
    # what is the same in every language says nothing of it
    assert "Accept-Language" not in client.get("/static/app.css").headers.get("Vary", "")
    assert "Accept-Language" not in client.get("/healthz").headers.get("Vary", "")


@pytest.mark.parametrize(("language", "one", "two"), [
    ("en", "To 1 point", "To 2 points"), ("fi", "Tavoite 1 piste", "Tavoite 2 pistettä"),
    ("sv", "Till 1 poäng", "Till 2 poäng"), ("nb", "Til 1 poeng", "Til 2 poeng"),
    ("da", "Til 1 point", "Til 2 point")])
def test_a_target_of_one_point_is_said_in_the_singular(client, language, one, two):
    from pages import new_match, plain

    client.set_cookie("lang", language)
    for target, words in ((1, one), (2, two)):
        token = new_match(client, target=target)
        assert words in plain(client.get(f"/match/{token}"))
