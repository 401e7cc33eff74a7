"""Take the match with you: the score sheet (CSV) and the match file (JSON), from either
of the match's links. Importing a file is in test_import.py; the file's format is
docs/EXPORT.md."""

from __future__ import annotations

import csv
import io
import json

from pages import (
    SWEDISH_SIDES,
    lay_table,
    match_of,
    new_match,
    plain,
    post_play,
    start_round,
    tally_round,
    text,
)
from pages import version as round_version


def tally(client, token, sides):
    response = tally_round(client, token, sides)
    assert response.status_code == 303, plain(response)


ROUND_TWO = [
    {"cards": 20, "spades": 5, "aces": ["AD"], "big_casino": 0, "little_casino": 1,
     "sweeps": 1, "last_capture": False},
    {"cards": 32, "spades": 8, "aces": ["AS", "AH", "AC"], "big_casino": 1, "little_casino": 0,
     "sweeps": 0, "last_capture": True},
]


def rows(response) -> list[list[str]]:
    return list(csv.reader(io.StringIO(response.get_data(as_text=True))))


def test_the_score_sheet_has_a_row_per_confirmed_round_and_side(client):
    token = new_match(client)  # Ann and Bo; Bo deals first
    tally(client, token, SWEDISH_SIDES)
    tally(client, token, ROUND_TWO)
    start_round(client, token)  # an open round has no points yet: no row
    response = client.get(f"/match/{token}/export.csv")
    assert response.status_code == 200
    assert response.mimetype == "text/csv"
    # Swedish points (RULES.md §6): most cards 1, most spades 2, each ace 1, 10♦ 2, 2♠ 1,
    # the last capture 1, each sweep 1. Round 1: Ann 27 cards, 7 spades, A♠ A♥, 10♦, two
    # sweeps and the last capture; Bo A♦ A♣ and 2♠. Round 2: Ann 20 cards, 5 spades, A♦, 2♠
    # and a sweep; Bo 32 cards, 8 spades, A♠ A♥ A♣, 10♦ and the last capture.
    assert rows(response) == [
        ["round", "dealer", "side", "most cards", "most spades", "aces", "10♦ (big casino)",
         "2♠ (little casino)", "last capture", "sweeps", "round total", "match total"],
        ["1", "Bo", "Ann", "1", "2", "2", "2", "0", "1", "2", "10", "10"],
        ["1", "Bo", "Bo", "0", "0", "2", "0", "1", "0", "0", "3", "3"],
        ["2", "Ann", "Ann", "0", "0", "1", "0", "1", "0", "1", "3", "13"],
        ["2", "Ann", "Bo", "1", "2", "3", "2", "0", "1", "0", "9", "12"],
    ]


def test_the_score_sheet_has_the_variants_categories_and_the_sides_of_partners(client):
    token = new_match(client, variant="finnish", names=("Aino", "Eero", "Kaisa", "Lauri"),
                      partnerships="pairs")
    tally(client, token, [
        {"cards": 30, "spades": 8, "aces": ["AS", "AH", "AD", "AC"], "big_casino": 1,
         "little_casino": 1, "sweeps": 0},
        {"cards": 22, "spades": 5, "aces": [], "big_casino": 0, "little_casino": 0,
         "sweeps": 0},
    ])
    header, *body = rows(client.get(f"/match/{token}/export.csv"))
    # Finnish scores no last capture (RULES.md §6): no column for it
    assert header == ["round", "dealer", "side", "most cards", "most spades", "aces",
                      "10♦ (big casino)", "2♠ (little casino)", "sweeps", "round total",
                      "match total"]
    # Aino and Kaisa sit opposite: one side; 1 + 2 + 4 + 2 + 1 = 10
    assert body == [["1", "Eero", "Aino & Kaisa", "1", "2", "4", "2", "1", "0", "10", "10"],
                    ["1", "Eero", "Eero & Lauri", "0", "0", "0", "0", "0", "0", "0", "0"]]


def test_a_name_a_spreadsheet_would_run_as_a_formula_is_written_as_text(client):
    token = new_match(client, names=("=1+1", "@Bo"))
    tally(client, token, SWEDISH_SIDES)
    body = rows(client.get(f"/match/{token}/export.csv"))[1:]
    assert [row[2] for row in body] == ["'=1+1", "'@Bo"]
    assert body[0][1] == "'@Bo"  # the dealer too


def played_round(client, token):
    """Round 1 recorded play by play: a capture, a trail taken back, an overruled claim."""
    number = start_round(client, token)
    assert lay_table(client, token, number, ["9S", "6C", "3D", "5H"]).status_code == 200
    post_play(client, token, number, "9H", "capture", refs=[0])  # Ann
    post_play(client, token, number, "2D")  # Bo trails
    assert client.post(f"/match/{token}/round/{number}/undo",
                       data={"version": round_version(token, number)}).status_code == 303
    # Bo claims 7♦ takes 6♣+3♦ (9, not 7); the table records it anyway
    post_play(client, token, number, "7D", "capture", refs=[0, 1], overrule="house rule")
    return number


def test_the_match_file_holds_the_whole_log_as_the_engine_writes_it(client):
    token = new_match(client, target=21)
    played_round(client, token)
    response = client.get(f"/match/{token}/export.json")
    assert response.status_code == 200 and response.mimetype == "application/json"
    assert json.loads(response.get_data(as_text=True)) == {
        "format": "kasino-referee/match", "version": 1, "variant": "swedish",
        "options": {"target": 21}, "players": ["Ann", "Bo"], "first_dealer": 1,
        "rounds": [{"number": 1, "dealer": 1, "mode": "play", "status": "open", "events": [
            {"kind": "table", "data": {"cards": ["9S", "6C", "3D", "5H"]}},
            {"kind": "play", "data": {"card": "9H", "action": "capture", "refs": [0]}},
            {"kind": "play", "data": {"card": "2D", "action": "trail", "refs": []}},
            {"kind": "undo", "data": {}},
            {"kind": "overrule", "data": {"card": "7D", "action": "capture", "refs": [0, 1],
                                          "reason": "house rule"}},
        ]}],
    }
    # one event a line, so the file reads (and compares) event by event
    lines = response.get_data(as_text=True).splitlines()
    assert '        {"kind": "undo", "data": {}},' in lines


def test_the_files_never_hold_the_links_of_the_match(client):
    token = new_match(client)
    played_round(client, token)
    tally_token = new_match(client)
    tally(client, tally_token, SWEDISH_SIDES)
    for match_token in (token, tally_token):
        match = match_of(match_token)
        for link in (match.edit_token, match.view_token):
            for kind in ("csv", "json"):
                body = client.get(f"/match/{link}/export.{kind}").get_data(as_text=True)
                assert match.edit_token not in body and match.view_token not in body


def test_the_watching_link_exports_the_same_files(client):
    token = new_match(client)
    tally(client, token, SWEDISH_SIDES)
    view = match_of(token).view_token
    for kind in ("csv", "json"):
        edit, watch = (client.get(f"/match/{link}/export.{kind}") for link in (token, view))
        assert watch.status_code == 200 and watch.data == edit.data


def test_the_files_are_downloads_named_after_the_variant_and_the_day(client):
    token = new_match(client, variant="mulle")
    created = match_of(token).created
    for kind in ("csv", "json"):
        response = client.get(f"/match/{token}/export.{kind}")
        assert response.headers["Content-Disposition"] == (
            f"attachment; filename=kasino-mulle-{created:%Y-%m-%d-%H%M}.{kind}")
        assert response.headers["Cache-Control"] == "no-store"


def test_an_unknown_link_exports_nothing(client):
    for kind in ("csv", "json"):
        response = client.get(f"/match/nope/export.{kind}")
        assert response.status_code == 404
        assert "No match has this link" in plain(response)


def test_the_match_page_offers_both_files_on_either_link(client):
    token = new_match(client)
    view = match_of(token).view_token
    for link in (token, view):
        page = text(client.get(f"/match/{link}"))
        assert "Take the match with you" in page
        assert f'href="/match/{link}/export.csv" download' in page
        assert f'href="/match/{link}/export.json" download' in page
