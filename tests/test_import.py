"""Import a match file as a new match: every variant comes back whole (export, import,
export again: the same bytes), under links of its own; a forged, broken or oversized file
is refused with a message naming the first thing wrong, in the reader's language, and
nothing is written; the largest file the referee takes is imported whole, each event
applied once (and `make bench` times it)."""

from __future__ import annotations

import copy
import io
import json
import random
import re
from html import unescape

import pytest
from pages import match_of, plain, text
from played import long_match_file, play_round, tally_round
from sqlalchemy import select

from referee import create_app, matchfile, service
from referee.extensions import db
from referee.models import Event, Match, PhoneMatch, Player, RoundRow
from referee.rules.round import RoundState
from referee.rules.variants import VARIANTS

NAMES = ("Ann", "Bo", "Cai", "Dag", "Eva", "Fia")
# every variant, with a seating and house rules of its own; to 1000, so that no match ends
ROUND_TRIPS = {
    "swedish": (2, {}),
    "finnish": (3, {}),
    "norwegian": (5, {}),
    "danish": (4, {"partnerships": True}),
    "classic": (2, {"multiple_builds": False}),
    "royal": (3, {"royal_sweeps": True}),
    "overspader": (2, {"tie_carry_over": True}),
    "mulle": (2, {"most_aces": True}),
    "mulle-glimne": (4, {"partnerships": True}),
    "krypkasino": (6, {"partnerships": 3}),
}


def rows() -> dict[str, int]:
    """How many rows each table holds."""
    return {model.__name__: db.session.query(model).count()
            for model in (Match, Player, RoundRow, Event, PhoneMatch)}


def import_file(client, body: bytes | str, name: str = "match.json"):
    data = body.encode() if isinstance(body, str) else body
    return client.post("/matches/import", data={"file": (io.BytesIO(data), name)})


def problem(response) -> str:
    """The message of the refused import."""
    found = re.search(r'<div class="error-summary" role="alert" id="problems">(.*?)</div>',
                      text(response), re.S)
    assert found, plain(response)[:500]
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", found[1]))).strip()


def recorded(app, variant: str, seed: int = 0) -> Match:
    """A match recorded through the service as at a table: a round play by play (with an
    overrule and a play taken back), a round of tallies, another round play by play, and
    a round left open after six plays."""
    players, options = ROUND_TRIPS[variant]
    rng = random.Random(f"{variant}-{seed}")
    with app.test_request_context():
        match = service.create_match(variant, {"target": 1000, **options}, NAMES[:players],
                                     first_dealer=players - 1)
        play_round(match, rng)
        tally_round(match)
        play_round(match, rng, overrule_at=10, undo_at=0)
        play_round(match, rng, plays=6)
    return match


def test_every_variant_is_tried():
    assert set(ROUND_TRIPS) == set(VARIANTS)


@pytest.mark.parametrize("variant", sorted(ROUND_TRIPS))
def test_a_match_comes_back_whole_under_new_links(app, client, variant):
    match = recorded(app, variant)
    old_links = {match.edit_token, match.view_token}
    exported = client.get(f"/match/{match.view_token}/export.json")  # the watching link
    before = rows()
    response = import_file(client, exported.data)
    assert response.status_code == 303, problem(response)
    token = response.headers["Location"].rsplit("/", 1)[-1]
    imported = match_of(token)
    assert imported.id != match.id and not {imported.edit_token, imported.view_token} & old_links
    assert rows()["Match"] == before["Match"] + 1
    assert rows()["Event"] == 2 * before["Event"]
    # the same file again, and the same score sheet: the engine came to the same points
    assert client.get(f"/match/{token}/export.json").data == exported.data
    assert (client.get(f"/match/{token}/export.csv").data
            == client.get(f"/match/{match.edit_token}/export.csv").data)
    # the open round goes on under the new players' link, its state as before
    assert [r.status for r in imported.rounds] == [r.status for r in match.rounds]
    with app.test_request_context():
        old, new = service.game_of(match.rounds[-1]), service.game_of(imported.rounds[-1])
        assert new.state() == old.state() and new.index == 6
    page = client.get(f"/match/{token}/round/4")
    assert page.status_code == 200 and "Undo" in plain(page)


def test_a_finished_match_comes_back_finished_with_its_winner(app, client):
    """The confirmation that ends the match, imported, writes the match's end (the plain
    UPDATE of the import's own, not yet committed, match row)."""
    with app.test_request_context():
        match = service.create_match("swedish", {"target": 1}, NAMES[:2], first_dealer=1)
        play_round(match, random.Random("finished"))
    assert match.finished and match.winner_side is not None
    response = import_file(client, client.get(f"/match/{match.view_token}/export.json").data)
    assert response.status_code == 303, problem(response)
    db.session.expire_all()
    imported = match_of(response.headers["Location"].rsplit("/", 1)[-1])
    stored = db.session.execute(select(Match.finished, Match.winner_side)
                                .where(Match.id == imported.id)).one()
    assert tuple(stored) == (True, match.winner_side)


def test_an_imported_match_is_on_this_phones_list_with_its_players_link(app, client):
    match = recorded(app, "swedish")
    response = import_file(client, client.get(f"/match/{match.view_token}/export.json").data)
    token = response.headers["Location"].rsplit("/", 1)[-1]
    home = text(client.get("/"))
    assert f'href="/match/{token}"' in home
    assert "Swedish Kasino: Ann – Bo" in plain(client.get("/"))
    assert "The other phones at the table" in plain(client.get(f"/match/{token}"))


def test_the_import_page_is_reached_from_home_and_the_new_match_page(client):
    for page in ("/", "/matches/new"):
        assert 'href="/matches/import"' in text(client.get(page))
    form = text(client.get("/matches/import"))
    assert 'enctype="multipart/form-data"' in form and 'type="file"' in form


# -- refused ----------------------------------------------------------------------------

SWEDISH_TALLY = [
    {"cards": 27, "spades": 7, "aces": ["AS", "AH"], "big_casino": 1, "little_casino": 0,
     "sweeps": 2, "last_capture": True, "mulle": 0, "double_sweeps": 0},
    {"cards": 25, "spades": 6, "aces": ["AD", "AC"], "big_casino": 0, "little_casino": 1,
     "sweeps": 0, "last_capture": False, "mulle": 0, "double_sweeps": 0},
]


def base() -> dict:
    """A small legal match file written by hand: round 1 of tallies, round 2 (dealt by Ann,
    so Bo plays first) open after a capture, a trail and an overruled claim."""
    return {
        "format": "kasino-referee/match", "version": 1, "variant": "swedish", "options": {},
        "players": ["Ann", "Bo"], "first_dealer": 1,
        "rounds": [
            {"number": 1, "dealer": 1, "mode": "tally", "status": "confirmed", "events": [
                {"kind": "tally", "data": {"tallies": copy.deepcopy(SWEDISH_TALLY)}},
                {"kind": "confirm", "data": {}},
            ]},
            {"number": 2, "dealer": 0, "mode": "play", "status": "open", "events": [
                {"kind": "table", "data": {"cards": ["9S", "6C", "3D", "5H"]}},
                {"kind": "play", "data": {"card": "9H", "action": "capture", "refs": [0]}},
                {"kind": "play", "data": {"card": "2D", "action": "trail", "refs": []}},
                # 7♦ claims 6♣+3♦ (9, not 7): refused by the referee, recorded by the table
                {"kind": "overrule", "data": {"card": "7D", "action": "capture",
                                              "refs": [0, 1], "reason": "house rule"}},
            ]},
        ],
    }


def test_the_hand_written_file_is_legal_and_comes_back_the_same(client):
    response = import_file(client, json.dumps(base()))
    assert response.status_code == 303, problem(response)
    token = response.headers["Location"].rsplit("/", 1)[-1]
    assert json.loads(client.get(f"/match/{token}/export.json").data) == base()


def test_a_round_switched_once_all_was_taken_back_comes_back_the_same(client):
    """Round 2 started play by play, its plays all taken back, then switched to its tallies:
    the file's mode is the round's way now, and its switch says it started the other way."""
    doc = base()
    doc["rounds"][1] = {"number": 2, "dealer": 0, "mode": "tally", "status": "open",
                        "events": [
        {"kind": "table", "data": {"cards": ["9S", "6C", "3D", "5H"]}},
        {"kind": "play", "data": {"card": "9H", "action": "capture", "refs": [0]}},
        {"kind": "undo", "data": {}},
        {"kind": "undo", "data": {}},
        {"kind": "switch", "data": {"mode": "tally"}},
        {"kind": "tally", "data": {"tallies": copy.deepcopy(SWEDISH_TALLY)}},
    ]}
    response = import_file(client, json.dumps(doc))
    assert response.status_code == 303, problem(response)
    token = response.headers["Location"].rsplit("/", 1)[-1]
    assert json.loads(client.get(f"/match/{token}/export.json").data) == doc
    assert match_of(token).rounds[1].tally_only
    assert "Change the tally" in plain(client.get(f"/match/{token}/round/2"))


def event(doc, number, index):
    return doc["rounds"][number - 1]["events"][index - 1]


def as_play(doc):
    """The overruled claim of round 2 sent as a play the referee accepted."""
    claim = event(doc, 2, 4)
    claim["kind"] = "play"
    del claim["data"]["reason"]


def setting(path, value):
    """A change that sets the value at ``path`` (keys and indexes) in the document."""
    def change(doc):
        *parents, last = path
        for key in parents:
            doc = doc[key]
        doc[last] = value
    return change


def dropping(path):
    def change(doc):
        *parents, last = path
        for key in parents:
            doc = doc[key]
        del doc[last]
    return change


def appending(number, entry):
    def change(doc):
        doc["rounds"][number - 1]["events"].append(entry)
    return change


R2 = ("rounds", 1)
E = (*R2, "events")
FORGED = {
    "a play the referee refuses": (as_play, "round 2, event 4 (play): “7♦ takes 6♣+3♦” by Bo "
                                   "is not legal: 6♣+3♦ = 9, not 7"),
    "an unknown kind of event": (setting((*E, 1, "kind"), "steal"),
                                 "round 2, event 2: a round recorded play by play has events "
                                 "of the kinds table, play, overrule, undo, confirm, switch, "
                                 'not "steal".'),
    "a play in a round of tallies": (
        appending(1, {"kind": "play", "data": {"card": "9H", "action": "trail", "refs": []}}),
        "round 1, event 3: a round of tallies only has events of the kinds tally, undo, "
        'confirm, switch, not "play".'),
    "a switch with plays in force": (
        lambda doc: (appending(2, {"kind": "switch", "data": {"mode": "tally"}})(doc),
                     setting((*R2, "mode"), "tally")(doc)),
        "round 2, event 5 (switch): Something is recorded in this round: take it back with "
        "Undo first, then switch."),
    "a switch to the way the round is recorded": (
        setting(("rounds", 0, "events"), [{"kind": "switch", "data": {"mode": "tally"}}] * 2),
        "round 1, event 1 (switch): a switch goes to the other way, and the round is recorded "
        "“tally” already."),
    "a switch to no way there is": (
        setting(("rounds", 0, "events", 0), {"kind": "switch", "data": {"mode": "cards"}}),
        'round 1, event 1 (switch): “mode” is play or tally, not "cards".'),
    "the wrong dealer": (setting((*R2, "dealer"), 1), "round 2: the dealer is 0 (Ann), not 1."),
    "a first dealer who is not at the table": (
        setting(("first_dealer",), 2), "“first_dealer” must be a seat from 0 to 1."),
    "a card that is no card": (setting((*E, 1, "data", "card"), "9X"),
                               'round 2, event 2 (play): "9X" has no suit: a card ends in S, H, '
                               "D or C (or ♠ ♥ ♦ ♣)."),
    "a card of no rank": (setting((*E, 1, "data", "card"), "1H"),
                          'round 2, event 2 (play): "1H" has no rank: the ranks are A 2 3 4 5 '
                          "6 7 8 9 10 J Q K (T for 10)."),
    "a card code far too long": (setting((*E, 1, "data", "card"), "10 of hearts"),
                                 'round 2, event 2 (play): "10 of hearts" is not a card code: '
                                 "write the rank then the suit, like 10D or AS."),
    "a first table card that is no card": (setting((*E, 0, "data", "cards", 2), "3X"),
                                           'round 2, event 1 (table): "3X" has no suit'),
    "a first table card that is a number": (setting((*E, 0, "data", "cards", 2), 3),
                                            "round 2, event 1 (table): cards[2] is 3, which is "
                                            "not a card code."),
    "an ace of a tally that is no card": (
        setting(("rounds", 0, "events", 0, "data", "tallies", 1, "aces", 0), "AX"),
        'round 1, event 1 (tally): "AX" has no suit'),
    "the aces of a tally as one text": (
        setting(("rounds", 0, "events", 0, "data", "tallies", 1, "aces"), "AD AC"),
        'round 1, event 1 (tally): tallies[1].aces is "AD AC", which is not a list of cards.'),
    "an action that is none": (setting((*E, 1, "data", "action"), "steal"),
                               'round 2, event 2 (play): “action” is capture, build, double or '
                               'trail, not "steal".'),
    "a count written as a word": (setting(("rounds", 0, "events", 0, "data", "tallies", 0,
                                           "cards"), "many"),
                                  "round 1, event 1 (tally): a value of its data is not as the "
                                  "referee writes it (numbers as numbers, yes and no as true and "
                                  "false)."),
    "a card written otherwise": (setting((*E, 1, "data", "card"), "9h"),
                                 'round 2, event 2 (play): card is "9h", where the referee '
                                 'writes "9H".'),
    "a card that turned up before": (setting((*E, 2, "data", "card"), "9S"),
                                     "round 2, event 3 (play): 9♠ has already turned up (on "
                                     "the first table)"),
    "a table card that is not there": (setting((*E, 1, "data", "refs"), [7]),
                                       "round 2, event 2 (play): there is no table item 7"),
    "a reference as text": (setting((*E, 1, "data", "refs"), ["0"]),
                            'round 2, event 2 (play): refs[0] is "0", where the referee '
                            "writes 0."),
    "references that are not a list": (setting((*E, 1, "data", "refs"), 0),
                                       "round 2, event 2 (play): “refs” is 0, which is not of "
                                       "its type."),
    "a yes written as a number": (setting(("rounds", 0, "events", 0, "data", "tallies", 0,
                                           "last_capture"), 1),
                                  "round 1, event 1 (tally): tallies[0].last_capture is 1, "
                                  "where the referee writes true."),
    "a tally that does not add up": (setting(("rounds", 0, "events", 0, "data", "tallies", 0,
                                              "cards"), 28),
                                     "round 1, event 1 (tally): the cards add up to 53, not 52"),
    "a tally of what the variant does not count": (
        setting(("rounds", 0, "events", 0, "data", "tallies", 1, "mulle"), 5),
        "round 1, event 1 (tally): the tally of Bo gives mulle 5, where Swedish Kasino "
        "records 0"),
    "a round confirmed before it is over": (
        lambda doc: (appending(2, {"kind": "confirm", "data": {}})(doc),
                     setting((*R2, "status"), "confirmed")(doc)),
        "round 2, event 5 (confirm): The round is not over yet."),
    "a round said to be confirmed": (setting((*R2, "status"), "confirmed"),
                                     "round 2: the file says it is confirmed, but its events "
                                     "do not confirm it."),
    # (an undo after it reopens the round: tests/test_reopen.py)
    "an event after the confirmation": (appending(1, {"kind": "confirm", "data": {}}),
                                        "round 1, event 3 (confirm): This round is closed"),
    "a round after an open one": (setting(("rounds", 0, "status"), "open"),
                                  "round 1 is still open, so no round can follow it."),
    "rounds out of order": (setting((*R2, "number"), 3),
                            "round 2 is numbered 3: the rounds are numbered 1, 2, 3 … in order."),
    "a round without its mode": (dropping((*R2, "mode")), "round 2 has no “mode”."),
    "an empty reason": (setting((*E, 3, "data", "reason"), ""),
                        "round 2, event 4 (overrule): the table's reason is 1 to 200 "
                        "characters."),
    "the match's links": (setting(("edit_token",), "abc"),
                          'The file has "edit_token", which a match file does not have there.'),
    "an unknown variant": (setting(("variant",), "casino-royale"),
                           '"casino-royale" is not a variant; the variants are swedish, '),
    "an unknown house rule": (setting(("options",), {"colour": True}),
                              'The match cannot be played so: "colour" is not a house rule; '
                              "the house rules are building, most_aces, "),
    "a house rule the variant refuses": (setting(("options",), {"royal_sweeps": True}),
                                         "The match cannot be played so: the house rule "
                                         "“royal_sweeps” cannot be true in Swedish Kasino."),
    "a house rule of the wrong type": (setting(("options",), {"target": "21"}),
                                       "The match cannot be played so: the house rule “target” "
                                       'cannot be "21" in Swedish Kasino.'),
    "partners without four players": (setting(("options",), {"partnerships": True}),
                                      "The match cannot be played so: partnerships need at "
                                      "least 4 players, not 2."),
    "too many players": (setting(("players",), list(NAMES[:5])),
                         "The match cannot be played so: Swedish Kasino is played by 2 to 4 "
                         "players."),
    "a name of spaces": (setting(("players",), ["Ann", "  "]),
                         "“players” must list the players' names in seat order"),
    "a name with a control character": (setting(("players",), ["Ann", "B\u0000o"]),
                                        "The name of player 2 holds control characters"),
    "a name that turns the text around": (setting(("players",), ["Ann", "Bo\u202e"]),
                                          "The name of player 2 holds control characters "
                                          "or marks that turn the text around."),
    "a name of no width": (setting(("players",), ["Ann", "\u200b"]),
                           "The name of player 2 shows nothing: no letter, digit or sign."),
    "two players of one name": (setting(("players",), ["Alva", "alva"]),
                                "Two players are called Alva: each needs a name of their "
                                "own."),
    "one name twice, a zero-width space apart": (
        setting(("players",), ["Anna", "Ann\u200ba"]),
        "Two players are called Anna: each needs a name of their own."),
    "a version as text": (setting(("version",), "1"),
                          'This match file is of version "1"; this referee reads version 1.'),
    "another kind of file": (setting(("format",), "something/else"),
                             "This is not a match file of Kasino Referee"),
}


@pytest.mark.parametrize("name", sorted(FORGED))
def test_a_forged_file_is_refused_naming_the_first_bad_thing(client, name):
    change, message = FORGED[name]
    doc = base()
    change(doc)
    before = rows()
    response = import_file(client, json.dumps(doc))
    assert response.status_code == 422
    assert problem(response).startswith("Nothing was imported: " + message)
    assert rows() == before


def test_a_refused_play_is_named_though_the_match_was_written_first(client):
    """The engine refuses the play after the match, its players and round 1 were sent to
    the database: all of it is rolled back."""
    doc = base()
    as_play(doc)
    response = import_file(client, json.dumps(doc))
    assert "round 2, event 4 (play)" in problem(response)
    assert rows() == {"Match": 0, "Player": 0, "RoundRow": 0, "Event": 0, "PhoneMatch": 0}
    # and the same file as the table recorded it is taken in whole
    assert import_file(client, json.dumps(base())).status_code == 303
    assert rows()["Event"] == 6


BROKEN = {
    "cut short": (json.dumps(base())[:300], "The file is not valid JSON: it goes wrong at line "
                  "1, column "),
    "not text": (b"\xff\xfe\x00\x01 not a match", "The file is not text"),
    "a key twice": ('{"format": "kasino-referee/match", "format": "x"}',
                    'The file names "format" twice in one object.'),
    "not a number": ('{"version": NaN}', "The file holds NaN, which is not a number."),
    "nested too deep": ("[" * 200_000 + "]" * 200_000, "The file is not JSON that a match "
                        "file can be."),
    "a list": ("[]", "The file must be a JSON object."),
    "empty": ("", "The file is not valid JSON: it goes wrong at line 1, column 1."),
    "a comma missing": ('{\n  "format": "kasino-referee/match"\n  "version": 1\n}',
                        "The file is not valid JSON: it goes wrong at line 3, column 3."),
}


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_a_broken_file_is_refused_with_a_clear_message(client, name):
    body, message = BROKEN[name]
    response = import_file(client, body)
    assert response.status_code == 422
    assert problem(response).startswith("Nothing was imported: " + message)
    assert set(rows().values()) == {0}


def test_a_file_over_the_limit_is_refused_before_it_is_read(client):
    just_over = b" " * matchfile.MAX_BYTES + json.dumps(base()).encode()
    response = import_file(client, just_over)
    assert response.status_code == 422
    assert "The file is larger than 1024 KB" in plain(response)
    # far over: the request itself is refused before its form is read, with the same words
    response = import_file(client, b" " * (2 * matchfile.MAX_BYTES))
    assert response.status_code == 413
    assert problem(response) == ("Nothing was imported: The file is larger than 1024 KB: a "
                                 "match file of this referee is never that large. Nothing was "
                                 "imported.")
    assert set(rows().values()) == {0}


def test_no_file_is_a_message_at_the_field(client):
    response = client.post("/matches/import", data={})
    assert response.status_code == 422
    assert "Choose the .json file of a match" in plain(response)


def tally_rounds(count: int, events: int) -> dict:
    doc = base()
    doc["rounds"] = [{"number": n, "dealer": n % 2, "mode": "tally", "status": "confirmed",
                      "events": [{"kind": "undo", "data": {}}] * events}
                     for n in range(1, count + 1)]
    return doc


@pytest.mark.parametrize(("doc", "message"), [
    (tally_rounds(matchfile.MAX_ROUNDS + 1, 1),
     "The file holds 51 rounds; a match file holds at most 50."),
    (tally_rounds(1, matchfile.MAX_ROUND_EVENTS + 1),
     "round 1 holds 401 events; a round holds at most 400."),
    (tally_rounds(6, matchfile.MAX_ROUND_EVENTS),
     "The file holds more than 2000 events; a match file holds at most 2000."),
], ids=["rounds", "events of a round", "events"])
def test_a_file_beyond_the_bounds_is_refused(client, doc, message):
    response = import_file(client, json.dumps(doc))
    assert response.status_code == 422
    assert problem(response) == "Nothing was imported: " + message
    assert set(rows().values()) == {0}


def test_the_largest_file_is_imported_with_each_event_applied_once(client, monkeypatch):
    """The largest file the referee takes (its speed is a line of ``make bench``): every
    event is applied once, to the round's state kept in memory; a round's log is never
    replayed (its state begins empty) and no snapshot is frozen or thawed on the way."""
    doc = long_match_file(matchfile.MAX_EVENTS // 50)
    assert sum(len(r["events"]) for r in doc["rounds"]) == matchfile.MAX_EVENTS
    body = json.dumps(doc, indent=1).encode()
    assert len(body) < matchfile.MAX_BYTES
    replayed: list[int] = []
    applied = {"start": 0, "play": 0, "overrule": 0, "freeze": 0, "thaw": 0}
    replay = RoundState.replay.__func__

    def counted_replay(cls, *args, **kwargs):
        replayed.append(len(args[5] if len(args) > 5 else kwargs["events"]))
        return replay(cls, *args, **kwargs)

    monkeypatch.setattr(RoundState, "replay", classmethod(counted_replay))
    for name in applied:
        original = getattr(RoundState, name)

        def counted(*args, _original=original, _name=name, **kwargs):
            applied[_name] += 1
            return _original(*args, **kwargs)

        monkeypatch.setattr(RoundState, name, counted)
    response = import_file(client, body)
    assert response.status_code == 303, problem(response)
    assert replayed == [0] * len(doc["rounds"])  # each round's state made once, empty
    # each round's first table once, and every play (or overrule) judged and applied once
    overrules = sum(e["kind"] == "overrule" for r in doc["rounds"] for e in r["events"])
    plays = matchfile.MAX_EVENTS - 2 * len(doc["rounds"]) - overrules
    assert applied == {"start": len(doc["rounds"]), "play": plays, "overrule": overrules,
                       "freeze": 0, "thaw": 0}
    token = response.headers["Location"].rsplit("/", 1)[-1]
    assert json.loads(client.get(f"/match/{token}/export.json").data) == doc


MUTANTS = (-1, 0, 1, 7, 16, 10**6, "", "9H", "AS", "capture", "build", None, True, 1.5, [],
           [0], {}, {"kind": "undo", "data": {}})


def mutate(doc, rng: random.Random) -> None:
    """One random change: a value replaced, a key dropped, or an event removed, repeated or
    moved."""
    # the logs still there: an earlier change may have dropped one, or a round, or made
    # them something else
    rounds = doc.get("rounds") if isinstance(doc, dict) else None
    events = [r["events"] for r in rounds or () if isinstance(r, dict)
              and isinstance(r.get("events"), list) and r["events"]] \
        if isinstance(rounds, list) else []
    choice = rng.random()
    if choice < 0.3 and events:
        log = rng.choice(events)
        i, j = rng.randrange(len(log)), rng.randrange(len(log))
        if choice < 0.1:
            del log[i]
        elif choice < 0.2:
            log.insert(j, copy.deepcopy(log[i]))
        else:
            log[i], log[j] = log[j], log[i]
        return
    places = []

    def walk(node):
        items = node.items() if isinstance(node, dict) else enumerate(node)
        for key, value in items:
            places.append((node, key))
            if isinstance(value, dict | list):
                walk(value)

    walk(doc)
    node, key = rng.choice(places)
    if isinstance(node, dict) and rng.random() < 0.2:
        del node[key]
    else:
        node[key] = copy.deepcopy(rng.choice(MUTANTS))


def test_any_change_to_a_file_is_imported_or_refused_never_an_error(app, client):
    files = [client.get(f"/match/{recorded(app, variant).view_token}/export.json").data
             for variant in ("norwegian", "danish", "krypkasino", "mulle-glimne")]
    rng = random.Random(9)
    outcomes = {303: 0, 422: 0}
    for n in range(240):
        doc = json.loads(files[n % len(files)])
        for _ in range(rng.randint(1, 3)):
            mutate(doc, rng)
        before = rows()["Match"]
        response = import_file(client, json.dumps(doc))
        outcomes[response.status_code] += 1  # anything else is a KeyError here
        assert rows()["Match"] == before + (response.status_code == 303)
    assert outcomes[422] > 150 and outcomes[303] > 0


def test_the_form_needs_its_csrf_token():
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    with app.app_context():
        db.create_all()
        response = import_file(app.test_client(), json.dumps(base()))
        assert response.status_code == 400 and "expired" in plain(response)
        assert db.session.query(Match).count() == 0
        db.session.remove()
        db.drop_all()


@pytest.mark.parametrize("language", ["nb", "sv", "fi", "da"])
@pytest.mark.parametrize("body", ['{"format": "kasino', '{"a": 1 "b": 2}', "", "[1,]"],
                         ids=["cut short", "a comma missing", "empty", "a comma too many"])
def test_broken_json_is_said_in_the_readers_language_with_where(client, language, body):
    """Python's own message for broken JSON is English ("Unterminated string starting
    at"): the refusal says where, in the page's language, and never quotes it."""
    try:
        json.loads(body)
    except json.JSONDecodeError as error:
        python, line, column = error.msg, error.lineno, error.colno
    client.set_cookie("lang", language)
    said = problem(import_file(client, body))
    assert python not in said and "Expecting" not in said
    assert re.search(rf"\b{line}\b.*\b{column}\b", said), said
    assert "JSON" in said and set(rows().values()) == {0}
