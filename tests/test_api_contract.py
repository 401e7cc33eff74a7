"""The JSON API v1 against its contract, ``shared/API.md`` (and ``shared/RULES.md``).

Every expectation here is read from the two documents, not from the code:

1. malformed input answers 400 with ``{"error": <sentence>, "field": <path>}``;
2. a well-formed but illegal play answers 200 (``legal``/``ok`` false);
3. every documented field of every response, with the documents' own examples;
4. fuzzing: nothing ever answers 500.
"""

from __future__ import annotations

import copy
import json
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

CHECK = "/api/v1/check"
REPLAY = "/api/v1/replay"
SCORE = "/api/v1/score"
POSTS = (CHECK, REPLAY, SCORE)

# API.md "Common request fields" and RULES.md 3.2 (building) and 8 (target).
VARIANTS = {
    "swedish": (16, "none"),
    "finnish": (16, "none"),
    "norwegian": (16, "nordic"),
    "danish": (21, "danish"),
    "classic": (21, "anglo"),
    "royal": (21, "anglo"),
    "overspader": (21, "none"),
    "mulle": (50, "none"),
    "mulle-glimne": (50, "anglo"),
    "krypkasino": (50, "none"),
}

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
PACK = [rank + suit for suit in "SHDC" for rank in RANKS]

POINT_KEYS = ("cards", "spades", "aces", "big_casino", "little_casino", "last_capture",
              "sweeps", "mulle")


@pytest.fixture(autouse=True)
def _crash_is_500(app):
    """Let a crash answer 500 (as in production) instead of raising into the test."""
    app.config["PROPAGATE_EXCEPTIONS"] = False


# ------------------------------------------------------------------ examples of API.md

CHECK_EXAMPLE = {
    "variant": "norwegian",
    "players": 2,
    "player": 0,
    "table": ["9S", "6C", "3D", {"cards": ["5H", "4C"], "value": 9, "owner": 1,
                                 "locked": False}],
    "hand": ["9H", "QS"],
    "play": {"card": "9H", "action": "capture", "take": ["9S", "6C", "3D", "5H"]},
}

CHECK_EXAMPLE_ANSWER = {
    "legal": True,
    "reason": "9♥ takes 9♠ | 6♣+3♦ | build of 9, and clears the table",
    "value": 9,
    "groups": [["9S"], ["6C", "3D"], ["5H", "4C"]],
    "sweep": True,
    "pending": [],
    "alternatives": [["9S", "6C", "3D", "5H", "4C"]],
}

REPLAY_EXAMPLE = {
    "variant": "swedish",
    "players": ["Ann", "Bo"],
    "dealer": 1,
    "scores": [0, 0],
    "table": ["9S", "6C", "3D", "5H"],
    "plays": [
        {"card": "9H", "action": "capture", "take": ["9S"]},
        {"card": "2D", "action": "trail"},
    ],
}

REPLAY_EXAMPLE_ANSWER = {
    "ok": True,
    "error": None,
    "state": {
        "table": ["6C", "3D", "5H", "2D"],
        "builds": [],
        "turn": 0, "deal": 1, "deals": 6, "last_deal": False, "finished": False,
        "stock": 40,
        "sides": [{"players": [0], "captured": ["9S", "9H"], "sweeps": 0},
                  {"players": [1], "captured": [], "sweeps": 0}],
    },
    "plays": [{"player": 0, "legal": True, "sweep": False},
              {"player": 1, "legal": True, "sweep": False}],
    "violations": [],
    "score": None,
}

SCORE_EXAMPLE = {
    "variant": "swedish",
    "players": 2,
    "scores": [0, 0],
    "tallies": [
        {"cards": 27, "spades": 7, "aces": ["AS", "AH"], "big_casino": True,
         "little_casino": False, "sweeps": 2, "last_capture": True},
        {"cards": 25, "spades": 6, "aces": ["AD", "AC"], "big_casino": False,
         "little_casino": True, "sweeps": 0, "last_capture": False},
    ],
}

SCORE_EXAMPLE_ANSWER = {
    "sides": [
        {"players": [0], "cards": 27, "spades": 7, "sweeps": 2,
         "points": {"cards": 1, "spades": 2, "aces": 2, "big_casino": 2, "little_casino": 0,
                    "last_capture": 1, "sweeps": 2, "mulle": 0},
         "total": 10},
        {"players": [1], "cards": 25, "spades": 6, "sweeps": 0,
         "points": {"cards": 0, "spades": 0, "aces": 2, "big_casino": 0, "little_casino": 1,
                    "last_capture": 0, "sweeps": 0, "mulle": 0},
         "total": 3},
    ],
    "scores": [10, 3],
    "finished": False,
    "winner": None,
    "explanation": ["seat 0 has most cards (27 v 25): 1 point",
                    "seat 0 has most spades (7 v 6): 2 points"],
}


def example_piles() -> list[list[str]]:
    """Two piles with exactly the counts of the score example's tallies."""
    side0 = ["AS", "3S", "4S", "5S", "6S", "7S", "8S", "AH", "10D"]
    side1 = ["2S", "9S", "10S", "JS", "QS", "KS", "AD", "AC"]
    rest = [c for c in PACK if c not in side0 + side1]
    side0 += rest[:18]
    side1 += rest[18:]
    assert (len(side0), len(side1)) == (27, 25)
    return [side0, side1]


# A fixed shuffle and a full Swedish round over it: players pair a card with a
# table card of the same rank, except kings in the last deal, which trail (a
# legal choice, RULES 3). The round has a sweep by seat 1, a last capture by
# seat 0 and two kings left on the table for it.
DECK = [
    "2C", "5H", "3H", "KH", "AS", "QH", "AD", "7H", "QD", "KS", "8H", "JS", "5D", "8D", "2D",
    "JD", "3C", "7C", "8S", "4D", "6S", "7S", "QC", "JH", "8C", "4H", "JC", "5S", "4C", "9D",
    "AC", "6H", "QS", "4S", "9H", "6C", "2S", "7D", "6D", "5C", "10D", "9S", "10S", "AH", "3S",
    "KD", "10C", "9C", "3D", "10H", "2H", "KC",
]


def rank(code: str) -> str:
    return code[:-1]


def simulate(count: int) -> dict:
    """The first ``count`` plays of the fixed round, and what RULES.md says results."""
    table = list(DECK[:4])
    plays: list[dict] = []
    piles: list[list[str]] = [[], []]
    sweeps = [0, 0]
    last = None
    for k, card in enumerate(DECK[4:4 + count]):
        seat = k % 2  # dealer 1: seat 0 plays first
        same = [c for c in table if rank(c) == rank(card)]
        if same and not (rank(card) == "K" and k >= 40):
            table.remove(same[0])
            piles[seat] += [card, same[0]]
            last = seat
            plays.append({"card": card, "action": "capture", "take": [same[0]]})
            if not table:
                sweeps[seat] += 1
        else:
            table.append(card)
            plays.append({"card": card, "action": "trail"})
    return {"plays": plays, "table": table, "piles": piles, "sweeps": sweeps, "last": last}


def swedish_points(piles, sweeps, last) -> list[dict]:
    """RULES.md 6, Swedish column."""
    def most(counts, points):
        best = max(counts)
        return [points if c == best and counts.count(best) == 1 else 0 for c in counts]

    cards = most([len(p) for p in piles], 1)
    spades = most([sum(c.endswith("S") for c in p) for p in piles], 2)
    return [
        {
            "cards": cards[i],
            "spades": spades[i],
            "aces": sum(c.startswith("A") for c in pile),
            "big_casino": 2 if "10D" in pile else 0,
            "little_casino": 1 if "2S" in pile else 0,
            "last_capture": 1 if last == i else 0,
            "sweeps": sweeps[i],
            "mulle": 0,
        }
        for i, pile in enumerate(piles)
    ]


def replay_body(count: int, **extra) -> dict:
    body = {"variant": "swedish", "players": 2, "dealer": 1, "scores": [0, 0],
            "table": DECK[:4], "plays": simulate(count)["plays"]}
    body.update(extra)
    return body


# ------------------------------------------------------------------ helpers

def is_sentence(text) -> bool:
    """A message for a person: words, not a code, a repr or a traceback."""
    return (
        isinstance(text, str)
        and len(text.split()) >= 3
        and "Traceback" not in text
        and not text.lstrip().startswith("<")
    )


def assert_bad(status, answer, field):
    """400 with a sentence and the field path (a str, or a set of acceptable paths)."""
    assert status == 400, (status, answer)
    assert isinstance(answer, dict), answer
    assert is_sentence(answer.get("error")), answer
    accepted = {field} if isinstance(field, str) else set(field)
    assert answer.get("field") in accepted, (answer, accepted)


def sides_of(answer):
    return [s["players"] for s in answer["state"]["sides"]]


def with_(body: dict, **changes) -> dict:
    out = copy.deepcopy(body)
    out.update(changes)
    return out


def check_body(**changes) -> dict:
    """A well-formed check that is legal in every variant: K♦ trails."""
    body = {"variant": "swedish", "players": 2, "player": 0,
            "table": ["2H", "3C", "4D", "5S"], "play": {"card": "KD", "action": "trail"}}
    body.update(changes)
    return body


# ------------------------------------------------------------------ 1. 400 answers

COMMON_400 = [
    # unknown variant, missing variant, wrong type
    ({"variant": "texas"}, "variant"),
    ({"variant": 5}, "variant"),
    ({"variant": None}, "variant"),
    # unknown option, option of the wrong type, options not an object
    ({"options": {"colour": 1}}, "options.colour"),
    ({"options": {"target": "21"}}, "options.target"),
    ({"options": {"target": True}}, "options.target"),
    ({"options": {"sweep_cancellation": "yes"}}, "options.sweep_cancellation"),
    ({"options": {"building": "tower"}}, "options.building"),
    ({"options": ["target"]}, "options"),
    # options that make no sense for the variant
    ({"options": {"royal_sweeps": True}}, "options.royal_sweeps"),
    ({"variant": "krypkasino", "options": {"building": "nordic"}}, "options.building"),
    # players out of range for the variant, wrong types
    ({"players": 5}, "players"),
    ({"players": 1}, "players"),
    ({"players": ["A", "B", "C", "D", "E"]}, "players"),
    ({"variant": "norwegian", "players": 6}, "players"),
    ({"variant": "krypkasino", "players": 7}, "players"),
    ({"players": "two"}, "players"),
    ({"players": 2.0}, "players"),
    ({"players": True}, "players"),
    # a name must be readable, and each player's own (sentences name them)
    ({"players": ["A\u0000", "B"]}, "players[0]"),
    ({"players": ["A", "\ud800"]}, "players[1]"),
    ({"players": ["Anna\u202e", "Bo"]}, "players[0]"),  # would turn every line around
    ({"players": ["Anna", "\u200b\u200b"]}, "players[1]"),  # nothing to see
    ({"players": ["Ann", " ann"]}, "players[1]"),
    # unknown top-level key
    ({"colour": "red"}, "colour"),
]


def _base(path: str) -> dict:
    if path == CHECK:
        return check_body()
    if path == REPLAY:
        return {"variant": "swedish", "table": ["9S", "6C", "3D", "5H"], "plays": []}
    return copy.deepcopy(SCORE_EXAMPLE)


@pytest.mark.parametrize("path", POSTS)
@pytest.mark.parametrize(("changes", "field"), COMMON_400,
                         ids=[json.dumps(c) for c, _ in COMMON_400])
def test_common_fields_400(api, path, changes, field):
    body = with_(_base(path), **changes)
    if path == SCORE and body.get("variant") == "krypkasino":
        body["tallies"] = _kryp_tallies()
    assert_bad(*api(path, body), field)


def _kryp_tallies() -> list[dict]:
    """Two-pack tallies that add up (Krypkasino has no casinos to own: still one each)."""
    return [
        {"cards": 60, "spades": 14, "aces": ["AS", "AH", "AD", "AC"], "big_casino": 1,
         "little_casino": 1},
        {"cards": 44, "spades": 12, "aces": ["AS", "AH", "AD", "AC"], "big_casino": 1,
         "little_casino": 1},
    ]


@pytest.mark.parametrize(("variant", "players"), [
    ("swedish", 2), ("swedish", 3), ("swedish", 4), ("norwegian", 5), ("krypkasino", 6),
    ("krypkasino", 2), ("swedish", ["Ann", "Bo", "Cy"]),
])
def test_player_counts_in_range(api, variant, players):
    status, answer = api(CHECK, check_body(variant=variant, players=players))
    assert status == 200, answer


BUILD = {"cards": ["5H", "4C"], "value": 9, "owner": 1, "locked": False}

CHECK_400 = [
    # seat out of range
    (check_body(player=2), "player"),
    (check_body(player=-1), "player"),
    (check_body(player="0"), "player"),
    (with_(CHECK_EXAMPLE, table=["9S", "6C", "3D", dict(BUILD, owner=2)]), "table[3].owner"),
    # unknown card codes
    (check_body(table=["2H", "3C", "1X", "5S"]), "table[2]"),
    (check_body(table=["2H", "3C", 4, "5S"]), "table[2]"),
    (check_body(hand=["ZZ", "KD"]), "hand[0]"),
    (check_body(play={"card": "11H", "action": "trail"}), "play.card"),
    (check_body(play={"card": 9, "action": "trail"}), "play.card"),
    (with_(CHECK_EXAMPLE, play={"card": "9H", "action": "capture", "take": ["9S", "QX"]}),
     "play.take[1]"),
    (with_(CHECK_EXAMPLE, table=["9S", "6C", "3D", dict(BUILD, cards=["5H", "4Y"])]),
     "table[3].cards[1]"),
    # a build whose cards cannot make its value (5 + 4 is no 10; a Norwegian ace is 1)
    (with_(CHECK_EXAMPLE, table=["9S", "6C", "3D", dict(BUILD, value=10)]), "table[3].value"),
    (with_(CHECK_EXAMPLE, table=["9S", "6C", "3D", dict(BUILD, cards=["AH", "AC"], value=16)]),
     "table[3].value"),
    # duplicate cards in a one-pack game
    (check_body(table=["2H", "3C", "2H", "5S"]), "table[2]"),
    (check_body(table=["2H", "3C", "4D", "5S"], play={"card": "3C", "action": "trail"}),
     "play.card"),
    (check_body(table=["2H", "3C", "4D", "5S"], hand=["4D", "KD"]), "hand[0]"),
    (with_(CHECK_EXAMPLE, table=["9S", "6C", "3D", dict(BUILD, cards=["5H", "6C"])]),
     "table[3].cards[1]"),
    # three copies in a two-pack game
    (check_body(variant="krypkasino", table=["9S", "9S", "9S", "6C"]), "table[2]"),
    (check_body(variant="mulle", table=["9S", "6C", "9S", "3D", "9S"]), "table[4]"),
    (check_body(variant="mulle", table=["9S", "9S"], play={"card": "9S", "action": "trail"}),
     "play.card"),
    # references to table items that are not there
    (with_(CHECK_EXAMPLE, play={"card": "9H", "action": "capture", "take": ["9C"]}),
     "play.take[0]"),
    (with_(CHECK_EXAMPLE, play={"card": "9H", "action": "capture", "take": [0, 7]}),
     "play.take[1]"),
    (with_(CHECK_EXAMPLE, play={"card": "9H", "action": "capture", "take": [0, -1]}),
     "play.take[1]"),
    (with_(CHECK_EXAMPLE, play={"card": "9H", "action": "capture", "take": ["9S", "9S"]}),
     "play.take[1]"),
    (with_(CHECK_EXAMPLE, play={"card": "9H", "action": "capture", "take": [0, 0]}),
     "play.take[1]"),
    (with_(CHECK_EXAMPLE, play={"card": "9H", "action": "capture", "take": [0, "9S"]}),
     "play.take[1]"),
    (check_body(variant="norwegian", play={"card": "4C", "action": "build", "onto": ["5H"],
                                           "value": 9}), "play.onto[0]"),
    # wrong JSON types
    (check_body(table="2H 3C"), "table"),
    (check_body(table={"0": "2H"}), "table"),
    (check_body(hand="KD"), "hand"),
    (check_body(play="KD"), "play"),
    (check_body(play=["KD", "trail"]), "play"),
    (check_body(play={"card": "KD", "action": "steal"}), "play.action"),
    (check_body(play={"card": "KD", "action": 1}), "play.action"),
    (with_(CHECK_EXAMPLE, play={"card": "9H", "action": "capture", "take": "9S"}),
     "play.take"),
    (with_(CHECK_EXAMPLE, play={"card": "9H", "action": "capture", "take": [True]}),
     "play.take[0]"),
    (with_(CHECK_EXAMPLE, table=["9S", "6C", "3D", dict(BUILD, value="9")]), "table[3].value"),
    (with_(CHECK_EXAMPLE, table=["9S", "6C", "3D", dict(BUILD, locked="no")]),
     "table[3].locked"),
    (with_(CHECK_EXAMPLE, table=["9S", "6C", "3D", dict(BUILD, cards="5H 4C")]),
     "table[3].cards"),
    (check_body(variant="norwegian", table=["5H"],
                play={"card": "4C", "action": "build", "onto": ["5H"], "value": "9"}),
     "play.value"),
    # unknown keys inside objects
    (check_body(play={"card": "KD", "action": "trail", "colour": 1}), "play.colour"),
    (with_(CHECK_EXAMPLE, table=["9S", "6C", "3D", dict(BUILD, colour=1)]), "table[3].colour"),
]


@pytest.mark.parametrize(("body", "field"), CHECK_400, ids=[f for _, f in CHECK_400])
def test_check_400(api, body, field):
    assert_bad(*api(CHECK, body), field)


def test_check_judges_a_claim_on_a_table_too_large_to_list_every_capture(api):
    # API.md: "A well-formed but illegal play is not an error": nor is a legal one on a
    # table of 28 cards in 14 pairs that each add up to 10 (reached by 24 trails). 10♥
    # takes it all (every pair is a 10); the referee cannot list every other capture of
    # 10♥ in a request's budget, so it offers one found greedily, and still judges the claim
    table = ["9D", "2C", "2H", "7H", "9C", "AS", "9S", "7C", "7D", "3H", "7S", "6H", "AD",
             "AH", "3C", "AC", "8D", "3D", "8H", "4H", "8S", "3S", "2S", "9H", "8C", "4S",
             "2D", "6D"]
    status, answer = api(CHECK, {"variant": "swedish", "table": table, "play": {
        "card": "10H", "action": "capture", "take": list(range(28))}})
    assert status == 200, answer
    assert answer["legal"] is True and answer["sweep"] is True
    assert len(answer["groups"]) == 14 and len(answer["alternatives"]) >= 1


def test_check_hand_without_the_card_played_is_400(api):
    # API.md: "hand: ... the player's whole hand including the card played".
    body = with_(CHECK_EXAMPLE, hand=["QS", "2C"])
    assert_bad(*api(CHECK, body), {"hand", "play.card"})


def test_a_build_that_cannot_make_its_value_is_refused_with_its_sums(api):
    status, answer = api(CHECK, with_(CHECK_EXAMPLE, table=["9S", "6C", "3D",
                                                             dict(BUILD, value=10)]))
    assert status == 400 and answer["field"] == "table[3].value"
    assert answer["error"] == "5H+4C cannot be a build of 10; they add up to 9"
    locked = with_(CHECK_EXAMPLE, table=["9S", "6C", "3D", dict(
        BUILD, cards=["5H", "4C", "9D"], locked=True)])
    assert api(CHECK, locked)[0] == 200  # two sets of 9: a locked pile


def test_a_repeated_name_is_named_as_the_first_player_wrote_it(api):
    """As the new-match page says it: "two players are called Anna", not "anna "."""
    status, answer = api("/api/v1/score", {"variant": "swedish",
                                           "players": ["Bo", "Anna", "anna "],
                                           "piles": [[], [], []]})
    assert status == 400 and answer["field"] == "players[2]"
    assert answer["error"] == "two players are called Anna: give each their own name"


def test_two_packs_allow_two_copies(api):
    for variant in ("krypkasino", "mulle"):
        table = ["9S", "9S", "6C", "3D"] + (["2H"] if variant == "mulle" else [])
        status, answer = api(CHECK, check_body(variant=variant, table=table,
                                               hand=["KD", "KD"]))
        assert status == 200, answer


REPLAY_400 = [
    # the first table has the wrong size for the variant and players
    (with_(REPLAY_EXAMPLE, table=["9S", "6C", "3D"]), "table"),
    (with_(REPLAY_EXAMPLE, table=["9S", "6C", "3D", "5H", "2C"]), "table"),
    (with_(REPLAY_EXAMPLE, variant="norwegian", players=5, scores=[0] * 5,
           table=["9S", "6C", "3D", "5H"]), "table"),
    (with_(REPLAY_EXAMPLE, table=["9S", "6C", "XD", "5H"]), "table[2]"),
    (with_(REPLAY_EXAMPLE, table=["9S", "6C", "9S", "5H"]), "table[2]"),
    (with_(REPLAY_EXAMPLE, table="9S 6C 3D 5H"), "table"),
    # unknown card at plays[3]
    (with_(REPLAY_EXAMPLE, plays=[*REPLAY_EXAMPLE["plays"], {"card": "KC", "action": "trail"},
                                 {"card": "XX", "action": "trail"}]), "plays[3].card"),
    # a card already played earlier, or lying on the first table
    (with_(REPLAY_EXAMPLE, plays=[*REPLAY_EXAMPLE["plays"], {"card": "9H", "action": "trail"}]),
     "plays[2].card"),
    (with_(REPLAY_EXAMPLE, plays=[{"card": "6C", "action": "trail"}]), "plays[0].card"),
    (with_(REPLAY_EXAMPLE, plays=[*REPLAY_EXAMPLE["plays"], {"card": "9S", "action": "trail"}]),
     "plays[2].card"),
    # a reference to a table item that is not there (9S was taken by play 0)
    (with_(REPLAY_EXAMPLE, plays=[REPLAY_EXAMPLE["plays"][0],
                                  {"card": "9D", "action": "capture", "take": ["9S"]}]),
     "plays[1].take[0]"),
    (with_(REPLAY_EXAMPLE, plays=[{"card": "9H", "action": "capture", "take": [4]}]),
     "plays[0].take[0]"),
    # wrong types and values
    (with_(REPLAY_EXAMPLE, dealer=2), "dealer"),
    (with_(REPLAY_EXAMPLE, dealer="1"), "dealer"),
    (with_(REPLAY_EXAMPLE, scores=[0]), "scores"),
    (with_(REPLAY_EXAMPLE, scores=[0, 0, 0]), "scores"),
    (with_(REPLAY_EXAMPLE, scores="0 0"), "scores"),
    (with_(REPLAY_EXAMPLE, scores=[0, "3"]), "scores[1]"),
    (with_(REPLAY_EXAMPLE, plays={"card": "9H"}), "plays"),
    (with_(REPLAY_EXAMPLE, plays=["9H"]), "plays[0]"),
    (with_(REPLAY_EXAMPLE, plays=[{"card": "9H", "action": "hop"}]), "plays[0].action"),
    (with_(REPLAY_EXAMPLE, plays=[{"card": "9H", "action": "trail", "x": 1}]), "plays[0].x"),
    (with_(REPLAY_EXAMPLE, players=["Ann", 7]), "players[1]"),
]


@pytest.mark.parametrize(("body", "field"), REPLAY_400,
                         ids=[f"{i}-{f}" for i, (_, f) in enumerate(REPLAY_400)])
def test_replay_400(api, body, field):
    assert_bad(*api(REPLAY, body), field)


def test_replay_play_after_the_round_is_over_is_400(api):
    body = replay_body(48)
    status, answer = api(REPLAY, body)
    assert status == 200 and answer["state"]["finished"], answer
    body["plays"].append({"card": "KC", "action": "trail"})
    status, answer = api(REPLAY, body)
    assert status == 400, answer
    assert is_sentence(answer["error"])
    assert answer["field"] in ("plays[48]", "plays[48].card"), answer


def test_replay_seat_that_does_not_exist(api):
    """A play's player outside the seats: malformed (400) or, read literally, a play by
    someone whose turn it is not (200, illegal). Either way never 500."""
    plays = [dict(REPLAY_EXAMPLE["plays"][0], player=5)]
    status, answer = api(REPLAY, with_(REPLAY_EXAMPLE, plays=plays))
    if status == 400:
        assert_bad(status, answer, "plays[0].player")
    else:
        assert status == 200 and answer["ok"] is False and answer["error"]["play"] == 0


TALLY_SUM = {"tallies"}


def _tallies(**per_side) -> dict:
    """The score example with tallies[i][key] replaced: per_side = {"key": (v0, v1)}."""
    body = copy.deepcopy(SCORE_EXAMPLE)
    for key, values in per_side.items():
        for tally, value in zip(body["tallies"], values, strict=True):
            tally[key] = value
    return body


def _either(key: str) -> set[str]:
    return {"tallies", f"tallies[0].{key}", f"tallies[1].{key}"}


def _piles(**changes) -> dict:
    body = {"variant": "swedish", "players": 2, "scores": [0, 0], "piles": example_piles(),
            "sweeps": [2, 0], "last_capture": 0}
    body.update(changes)
    return body


def _piles_with(i: int, j: int, code: str) -> list[list[str]]:
    piles = example_piles()
    piles[i][j] = code
    return piles


SCORE_400 = [
    # cards not adding up to the pack, spades not 13
    (_tallies(cards=(28, 25)), _either("cards")),
    (_tallies(cards=(26, 25)), _either("cards")),
    (_tallies(spades=(8, 6)), _either("spades")),
    (_tallies(spades=(7, 5)), _either("spades")),
    # an ace on two sides, an ace on no side, a card that is not an ace
    (_tallies(aces=(["AS", "AH"], ["AD", "AC", "AS"])), "tallies[1].aces[2]"),
    (_tallies(aces=(["AS", "AH"], ["AD"])), _either("aces")),
    (_tallies(aces=(["AS", "AH"], ["XD", "AC"])), "tallies[1].aces[0]"),
    (_tallies(aces=(["AS", "AH"], ["AD", "AX"])), "tallies[1].aces[1]"),
    (_tallies(aces=(["AS", "AH"], ["AD", "KC"])), "tallies[1].aces[1]"),
    # 10D on no side, on both; 2S on both
    (_tallies(big_casino=(False, False)), _either("big_casino")),
    (_tallies(big_casino=(True, True)), _either("big_casino")),
    (_tallies(little_casino=(True, True)), _either("little_casino")),
    # two sides with the last capture
    (_tallies(last_capture=(True, True)), _either("last_capture")),
    # negative counts
    (_tallies(cards=(-1, 25)), "tallies[0].cards"),
    (_tallies(spades=(7, -1)), "tallies[1].spades"),
    (_tallies(sweeps=(2, -1)), "tallies[1].sweeps"),
    # wrong types
    (_tallies(cards=("27", 25)), "tallies[0].cards"),
    (_tallies(last_capture=(True, "no")), "tallies[1].last_capture"),
    (_tallies(aces=(["AS", "AH"], "AD AC")), "tallies[1].aces"),
    (with_(SCORE_EXAMPLE, tallies="27 25"), "tallies"),
    (with_(SCORE_EXAMPLE, tallies=[SCORE_EXAMPLE["tallies"][0], 25]), "tallies[1]"),
    (with_(SCORE_EXAMPLE, tallies=SCORE_EXAMPLE["tallies"][:1]), "tallies"),
    (with_(SCORE_EXAMPLE, scores=[0]), "scores"),
    (with_(SCORE_EXAMPLE, scores=[0, None]), "scores[1]"),
    (_tallies(colour=(1, 1)), "tallies[0].colour"),
    # piles: missing cards, unknown card, a card on both sides, wrong shapes
    (_piles(piles=[example_piles()[0][:-1], example_piles()[1]]), {"piles", "piles[0]"}),
    (_piles(piles=[example_piles()[0], []]), {"piles", "piles[1]"}),
    (_piles(piles=_piles_with(0, 3, "4Z")), "piles[0][3]"),
    (_piles(piles=_piles_with(1, 7, "AS")), "piles[1][7]"),
    (_piles(piles=_piles_with(1, 0, 17)), "piles[1][0]"),
    (_piles(piles="AS 2S"), "piles"),
    (_piles(piles=[*example_piles(), []]), "piles"),
    (_piles(piles=[example_piles()[0], "2S"]), "piles[1]"),
    (_piles(sweeps=[-1, 0]), "sweeps[0]"),
    (_piles(sweeps=[1]), "sweeps"),
    (_piles(sweeps=[1, "2"]), "sweeps[1]"),
    (_piles(last_capture=2), "last_capture"),
    (_piles(last_capture=-1), "last_capture"),
    (_piles(last_capture="0"), "last_capture"),
    # two packs: 104 cards, 26 spades
    (with_(SCORE_EXAMPLE, variant="mulle"), _either("cards") | _either("spades")),
]


@pytest.mark.parametrize(("body", "field"), SCORE_400,
                         ids=[f"{i}" for i in range(len(SCORE_400))])
def test_score_400(api, body, field):
    assert_bad(*api(SCORE, body), field)


def test_two_pack_tallies_add_up_to_104(api):
    status, answer = api(SCORE, {"variant": "mulle", "players": 2, "tallies": [
        {"cards": 60, "spades": 14, "aces": ["AS", "AH", "AD", "AC"], "big_casino": 1,
         "little_casino": 1, "last_capture": True},
        {"cards": 44, "spades": 12, "aces": ["AS", "AH", "AD", "AC"], "big_casino": 1,
         "little_casino": 1},
    ]})
    assert status == 200, answer
    assert [s["cards"] for s in answer["sides"]] == [60, 44]


@pytest.mark.parametrize("path", POSTS)
@pytest.mark.parametrize(("data", "content_type"), [
    ("not json", "text/plain"),
    ("not json", "application/json"),
    ('{"variant": "swedish",', "application/json"),
    ("", "application/json"),
    ("", "text/plain"),
    (None, None),
    ("[1, 2]", "application/json"),
    ('"swedish"', "application/json"),
    ("null", "application/json"),
    ("42", "application/json"),
    (b"\xff\xfe{}", "application/json"),
])
def test_not_a_json_object_is_400(client, path, data, content_type):
    kwargs = {} if data is None else {"data": data, "content_type": content_type}
    response = client.post(path, **kwargs)
    assert response.status_code == 400, response.data[:300]
    answer = response.get_json(silent=True)
    assert isinstance(answer, dict), response.data[:300]
    assert is_sentence(answer.get("error")), answer
    assert isinstance(answer.get("field"), str), answer


@pytest.mark.parametrize("path", POSTS)
def test_a_body_that_is_not_json_is_told_so(client, path):
    for data in ("not json", '{"variant": "swedish",', b"\xff\xfe{}",
                 '{"players": ' + "9" * 5000 + "}"):
        response = client.post(path, data=data, content_type="application/json")
        assert response.status_code == 400
        assert response.get_json() == {
            "error": "the body is not readable JSON: send one JSON object", "field": "body"}
    for data in ("", "[1, 2]", "null", "42"):  # JSON, or nothing, but no object
        response = client.post(path, data=data, content_type="application/json")
        assert response.get_json()["error"] == "the body must be a JSON object", data


@pytest.mark.parametrize("path", POSTS)
def test_array_body_is_400(api, path):
    status, answer = api(path, [_base(path)])
    assert status == 400 and is_sentence(answer["error"]) and isinstance(answer["field"], str)


@pytest.mark.parametrize("path", POSTS)
def test_deeply_nested_json_is_400(client, path):
    """Valid JSON nested deeper than the parser's recursion limit: 400, never 500."""
    response = client.post(path, data="[" * 50_000 + "]" * 50_000,
                           content_type="application/json")
    assert response.status_code == 400, (response.status_code, response.data[:200])


def test_table_longer_than_the_pack_is_400(api):
    assert_bad(*api(CHECK, check_body(table=[*PACK, "AS"])), {"table", "table[52]"})
    two = PACK + PACK + ["AS"]
    assert_bad(*api(CHECK, check_body(variant="krypkasino", table=two)),
               {"table", "table[104]"})


def test_plays_longer_than_a_round_is_400(api):
    plays = simulate(48)["plays"] + [{"card": "KC", "action": "trail"}] * 20
    status, answer = api(REPLAY, replay_body(48, plays=plays))
    assert status == 400, answer
    assert is_sentence(answer["error"])
    assert answer["field"] == "plays" or answer["field"].startswith("plays[48]"), answer


@pytest.mark.parametrize("path", POSTS)
def test_300_kb_body_is_400(client, path):
    for body in (with_(_base(path), table=["9S"] * 60_000),
                 with_(_base(path), variant="x" * 300_000)):
        data = json.dumps(body)
        assert len(data) > 300_000
        response = client.post(path, data=data, content_type="application/json")
        assert response.status_code == 400, (response.status_code, response.data[:200])
        answer = response.get_json()
        assert is_sentence(answer["error"]) and isinstance(answer["field"], str)


# ------------------------------------------------------------------ 2. illegal is 200

def test_check_illegal_capture_is_200(api):
    body = with_(CHECK_EXAMPLE, play={"card": "9H", "action": "capture", "take": ["9S", "6C"]})
    status, answer = api(CHECK, body)
    assert status == 200, answer
    assert answer["legal"] is False
    assert is_sentence(answer["reason"])
    assert answer["alternatives"] == [["9S", "6C", "3D", "5H", "4C"]]


def test_check_nordic_big_casino_cannot_take_a_lone_ten(api):
    # RULES 2: in Norwegian rules 10D from the hand is a 16 and cannot take a lone 10.
    body = {"variant": "norwegian", "table": ["10H", "2C"],
            "play": {"card": "10D", "action": "capture", "take": ["10H"]}}
    status, answer = api(CHECK, body)
    assert status == 200, answer
    assert answer["legal"] is False and is_sentence(answer["reason"])
    assert answer["reason_code"] == "hand_value"
    assert answer["alternatives"] == []


def test_check_krypkasino_may_not_trail_a_card_that_captures(api):
    # RULES 7: capture is compulsory.
    body = {"variant": "krypkasino", "table": ["9S", "4C", "KH", "2D"],
            "play": {"card": "9D", "action": "trail"}}
    status, answer = api(CHECK, body)
    assert status == 200, answer
    assert answer["legal"] is False and is_sentence(answer["reason"])
    assert answer["reason_code"] == "capture_compulsory"
    assert answer["alternatives"] == [["9S"]]


def test_replay_illegal_play_is_200_with_the_state_before_it(api):
    plays = [REPLAY_EXAMPLE["plays"][0], {"card": "2D", "action": "capture", "take": ["6C"]},
             {"card": "KC", "action": "trail"}]
    status, answer = api(REPLAY, with_(REPLAY_EXAMPLE, plays=plays))
    assert status == 200, answer
    assert answer["ok"] is False
    assert answer["error"]["play"] == 1 and is_sentence(answer["error"]["reason"])
    assert set(answer["error"]) == {"play", "reason", "code"}
    assert answer["error"]["code"] == "card_too_big"  # 2♦ takes a lone 6♣
    _, before = api(REPLAY, with_(REPLAY_EXAMPLE, plays=plays[:1]))
    assert answer["state"] == before["state"]
    assert answer["state"]["table"] == ["6C", "3D", "5H"]
    assert answer["state"]["turn"] == 1
    assert answer["plays"][0] == {**answer["plays"][0], "player": 0, "legal": True,
                                  "sweep": False}
    assert all(p["legal"] is False for p in answer["plays"][1:])
    assert answer["score"] is None


def test_replay_play_by_the_wrong_seat_is_200_illegal(api):
    plays = [dict(REPLAY_EXAMPLE["plays"][0], player=1)]  # dealer 1: seat 0 plays first
    status, answer = api(REPLAY, with_(REPLAY_EXAMPLE, plays=plays))
    assert status == 200, answer
    assert answer["ok"] is False
    assert answer["error"]["play"] == 0 and is_sentence(answer["error"]["reason"])
    assert answer["error"]["code"] == "out_of_turn"
    assert answer["state"]["table"] == REPLAY_EXAMPLE["table"]
    assert answer["state"]["turn"] == 0
    assert [s["captured"] for s in answer["state"]["sides"]] == [[], []]


def test_replay_play_by_the_right_seat_is_legal(api):
    plays = [dict(p, player=seat) for seat, p in enumerate(REPLAY_EXAMPLE["plays"])]
    status, answer = api(REPLAY, with_(REPLAY_EXAMPLE, plays=plays))
    assert status == 200 and answer["ok"] is True, answer


# ------------------------------------------------------------------ 3. the responses

def test_variants(api):
    status, answer = api("/api/v1/variants", method="GET")
    assert status == 200
    listed = {v["id"]: v for v in answer["variants"]}
    assert set(listed) == set(VARIANTS)
    assert len(answer["variants"]) == len(VARIANTS)
    for vid, (target, building) in VARIANTS.items():
        v = listed[vid]
        assert isinstance(v["name"], str) and v["name"].strip(), v
        assert v["target"] == target, v
        assert v["building"] == building, v


def test_check_example(api):
    status, answer = api(CHECK, CHECK_EXAMPLE)
    assert status == 200, answer
    assert {k: answer[k] for k in CHECK_EXAMPLE_ANSWER} == CHECK_EXAMPLE_ANSWER


def test_check_example_with_references_by_index(api):
    body = with_(CHECK_EXAMPLE, play={"card": "9H", "action": "capture", "take": [0, 1, 2, 3]})
    status, answer = api(CHECK, body)
    assert status == 200, answer
    assert {k: answer[k] for k in CHECK_EXAMPLE_ANSWER} == CHECK_EXAMPLE_ANSWER


def test_check_without_hand_is_judged_on_the_table(api):
    body = {k: v for k, v in CHECK_EXAMPLE.items() if k != "hand"}
    status, answer = api(CHECK, body)
    assert status == 200, answer
    assert answer["legal"] is True and answer["pending"] == []


def test_check_answers_canonical_codes(api):
    body = {"variant": "swedish", "table": ["4h", "6♣", "ts", "k♥️"],
            "play": {"card": "T♦", "action": "capture", "take": ["4H", "6c"]}}
    status, answer = api(CHECK, body)
    assert status == 200, answer
    assert answer["legal"] is True
    assert answer["value"] == 10
    assert answer["groups"] == [["4H", "6C"]]
    assert answer["sweep"] is False
    assert answer["pending"] == []
    # each alternative maximal: 10D takes 4+6 and the 10 at once
    assert answer["alternatives"] == [["4H", "6C", "10S"]]


def test_check_alternatives_empty_when_the_card_captures_nothing(api):
    body = {"variant": "swedish", "table": ["2H", "3C"], "play": {"card": "KD", "action": "trail"}}
    status, answer = api(CHECK, body)
    assert status == 200, answer
    assert answer["legal"] is True
    assert answer["alternatives"] == []
    assert answer["sweep"] is False


def test_check_sweep_flag(api):
    body = {"variant": "swedish", "table": ["9S", "2H"],
            "play": {"card": "9H", "action": "capture", "take": ["9S"]}}
    status, answer = api(CHECK, body)
    assert status == 200 and answer["legal"] is True and answer["sweep"] is False
    body["play"]["take"] = ["9S", "2H"]  # 9 + 2 is not 9
    status, answer = api(CHECK, body)
    assert status == 200 and answer["legal"] is False


def test_check_build_pending_without_hand(api):
    body = {"variant": "norwegian", "table": ["5H", "KC"],
            "play": {"card": "4C", "action": "build", "onto": ["5H"], "value": 9}}
    status, answer = api(CHECK, body)
    assert status == 200, answer
    assert answer["legal"] is True
    assert answer["value"] == 9
    assert answer["pending"] == ["holds 9"]
    assert answer["sweep"] is False


def test_check_build_with_hand_holding_the_value(api):
    body = {"variant": "norwegian", "table": ["5H", "KC"], "hand": ["4C", "9D", "2C"],
            "play": {"card": "4C", "action": "build", "onto": [0], "value": 9}}
    status, answer = api(CHECK, body)
    assert status == 200, answer
    assert answer["legal"] is True
    assert answer["value"] == 9
    assert answer["pending"] == []


def test_check_build_with_hand_lacking_the_value(api):
    body = {"variant": "norwegian", "table": ["5H", "KC"], "hand": ["4C", "QD", "2C"],
            "play": {"card": "4C", "action": "build", "onto": ["5H"], "value": 9}}
    status, answer = api(CHECK, body)
    assert status == 200, answer
    assert answer["legal"] is False and is_sentence(answer["reason"])
    assert answer["reason_code"] == "must_hold"
    assert answer["pending"] == []


def test_check_response_types(api):
    status, answer = api(CHECK, CHECK_EXAMPLE)
    assert status == 200
    assert isinstance(answer["legal"], bool)
    assert isinstance(answer["reason"], str) and answer["reason_code"] == "takes"
    assert isinstance(answer["value"], int)
    assert all(isinstance(c, str) for g in answer["groups"] for c in g)
    assert isinstance(answer["sweep"], bool)
    assert isinstance(answer["pending"], list)
    assert all(isinstance(c, str) for a in answer["alternatives"] for c in a)


def test_replay_example(api):
    status, answer = api(REPLAY, REPLAY_EXAMPLE)
    assert status == 200, answer
    expected = copy.deepcopy(REPLAY_EXAMPLE_ANSWER)
    # the piles as API.md writes them: the cards taken, then the card that took them
    assert answer["ok"] is True and answer["error"] is None
    assert {k: answer["state"][k] for k in expected["state"]} == expected["state"]
    assert [{k: p[k] for k in ("player", "legal", "sweep")} for p in answer["plays"]] == \
        expected["plays"]
    assert answer["violations"] == [] and answer["score"] is None


def test_replay_first_seat_is_left_of_the_dealer(api):
    body = {"variant": "swedish", "players": 3, "dealer": 0, "table": ["9S", "6C", "3D", "5H"],
            "plays": [{"card": "KC", "action": "trail", "player": 1}]}
    status, answer = api(REPLAY, body)
    assert status == 200 and answer["ok"] is True, answer
    assert answer["plays"][0]["player"] == 1
    assert answer["state"]["turn"] == 2
    assert answer["state"]["deals"] == 4  # 48 cards, 12 a deal
    assert answer["state"]["stock"] == 52 - 4 - 12
    assert sides_of(answer) == [[0], [1], [2]]


def test_replay_norwegian_five_players(api):
    # RULES 4: 52 = 2 on the table + a half deal of 2 each + 4 each twice.
    body = {"variant": "norwegian", "players": 5, "dealer": 4, "table": ["9S", "6C"],
            "plays": []}
    status, answer = api(REPLAY, body)
    assert status == 200 and answer["ok"] is True, answer
    state = answer["state"]
    assert (state["deal"], state["deals"], state["stock"], state["turn"]) == (1, 3, 40, 0)
    assert state["last_deal"] is False and state["finished"] is False
    assert sides_of(answer) == [[0], [1], [2], [3], [4]]


def test_replay_krypkasino_six_players(api):
    body = {"variant": "krypkasino", "players": 6, "table": ["9S", "6C", "9S", "KD"],
            "plays": []}
    status, answer = api(REPLAY, body)
    assert status == 200 and answer["ok"] is True, answer
    assert answer["state"]["stock"] == 104 - 4 - 24


def test_replay_partnerships(api):
    body = {"variant": "swedish", "players": 4, "options": {"partnerships": True},
            "scores": [0, 0], "table": ["9S", "6C", "3D", "5H"], "plays": []}
    status, answer = api(REPLAY, body)
    assert status == 200 and answer["ok"] is True, answer
    assert sides_of(answer) == [[0, 2], [1, 3]]


@pytest.mark.parametrize("count", [0, 1, 7, 8, 9, 20, 39, 40, 41, 47])
def test_replay_state_through_the_round(api, count):
    sim = simulate(count)
    status, answer = api(REPLAY, replay_body(count))
    assert status == 200, answer
    assert answer["ok"] is True and answer["error"] is None, answer
    state = answer["state"]
    deal = count // 8 + 1  # 2 players x 4 cards a deal
    assert state["table"] == sim["table"]
    assert state["builds"] == []
    assert state["turn"] == count % 2
    assert state["deal"] == deal
    assert state["deals"] == 6
    assert state["last_deal"] is (deal == 6)
    assert state["finished"] is False
    assert state["stock"] == 52 - 4 - 8 * deal
    assert [Counter(s["captured"]) for s in state["sides"]] == [Counter(p) for p in sim["piles"]]
    assert [s["sweeps"] for s in state["sides"]] == sim["sweeps"]
    assert [s["players"] for s in state["sides"]] == [[0], [1]]
    assert len(answer["plays"]) == count
    for k, (record, play) in enumerate(zip(answer["plays"], sim["plays"], strict=True)):
        assert record["player"] == k % 2
        assert record["legal"] is True
        assert isinstance(record["sweep"], bool)
        assert play  # the simulation's play was accepted
    assert answer["violations"] == []
    assert answer["score"] is None


def test_replay_counts_the_last_capture_as_a_sweep_when_the_house_rule_says_so(api):
    """With ``sisten_is_sweep`` (RULES §5, the house option "the last capture always
    counts as a sweep too") the sweep it gives is among ``state.sides[i].sweeps``: it is a
    sweep the side has, and the score counts it (DECISIONS, "The round")."""
    sim = simulate(48)
    assert sim["last"] == 0 and sim["sweeps"] == [0, 1] and len(sim["table"]) == 2
    plain = api(REPLAY, replay_body(48))[1]
    status, answer = api(REPLAY, replay_body(48, options={"sisten_is_sweep": True}))
    assert status == 200 and answer["ok"] is True, answer
    assert [s["sweeps"] for s in plain["state"]["sides"]] == [0, 1]
    assert [s["sweeps"] for s in answer["state"]["sides"]] == [1, 1]
    assert sum(p["sweep"] for p in answer["plays"]) == 1  # no play of it cleared the table
    # the last capture's point, and its sweep's: one point more for side 0 than without
    totals = [[s["total"] for s in a["score"]["sides"]] for a in (plain, answer)]
    assert totals[1] == [totals[0][0] + 1, totals[0][1]]


def test_replay_whole_round_scores_like_score(api):
    sim = simulate(48)
    assert sim["last"] == 0 and sim["sweeps"] == [0, 1] and len(sim["table"]) == 2
    piles = [list(p) for p in sim["piles"]]
    piles[sim["last"]] += sim["table"]  # RULES 4: leftovers go to the last capturer
    assert sum(map(len, piles)) == 52
    status, answer = api(REPLAY, replay_body(48))
    assert status == 200 and answer["ok"] is True, answer
    state = answer["state"]
    assert state["finished"] is True
    assert state["stock"] == 0 and state["last_deal"] is True and state["deal"] == 6
    assert sum(p["sweep"] for p in answer["plays"]) == 1
    score = answer["score"]
    assert score is not None
    points = swedish_points(piles, sim["sweeps"], sim["last"])
    assert [s["points"] for s in score["sides"]] == points
    assert [s["total"] for s in score["sides"]] == [sum(p.values()) for p in points]
    assert [s["cards"] for s in score["sides"]] == [len(p) for p in piles]
    assert [s["spades"] for s in score["sides"]] == [sum(c.endswith("S") for c in p)
                                                    for p in piles]
    assert score["scores"] == [sum(p.values()) for p in points]
    # "in the same form as /api/v1/score returns"
    status, direct = api(SCORE, {"variant": "swedish", "players": 2, "scores": [0, 0],
                                 "piles": piles, "sweeps": sim["sweeps"],
                                 "last_capture": sim["last"]})
    assert status == 200, direct
    assert set(direct) <= set(score)
    for key in ("sides", "scores", "finished", "winner"):
        assert score[key] == direct[key], key


def _score_shape(answer):
    assert set(answer) >= {"sides", "scores", "finished", "winner", "explanation"}
    for side in answer["sides"]:
        assert set(side) >= {"players", "cards", "spades", "sweeps", "points", "total"}
        assert set(side["points"]) >= set(POINT_KEYS)
        assert side["total"] == sum(side["points"][k] for k in POINT_KEYS)
    assert all(isinstance(line, str) for line in answer["explanation"])


def test_score_example(api):
    status, answer = api(SCORE, SCORE_EXAMPLE)
    assert status == 200, answer
    _score_shape(answer)
    for key in ("sides", "scores", "finished", "winner"):
        assert answer[key] == SCORE_EXAMPLE_ANSWER[key], key
    for line in SCORE_EXAMPLE_ANSWER["explanation"]:
        assert line in answer["explanation"]
    # API.md, "Language and codes": each line's stable code beside it
    assert answer["explanation_codes"] == [
        "most", "most", "aces", "aces", "big_casino", "little_casino", "last_capture", "sweeps"]
    assert len(answer["explanation_codes"]) == len(answer["explanation"])


def test_score_carries_tied_points_only_with_the_house_rule(api):
    """RULES §6: tied majorities give nobody the point; with the house option the tied
    points carry over to the next round's winner of it. Without it there is nothing to
    carry in, and only a majority the variant scores can be carried."""
    carrying = with_(SCORE_EXAMPLE, options={"tie_carry_over": True}, carry={"cards": 2})
    status, answer = api(SCORE, carrying)
    assert status == 200, answer
    # most cards in Swedish is 1 point, and the 2 carried in go with it to seat 0 (27 v 25)
    assert answer["sides"][0]["points"]["cards"] == 3
    assert "seat 0 has most cards (27 v 25): 3 points" in answer["explanation"]
    assert answer["scores"] == [12, 3]
    assert_bad(*api(SCORE, with_(SCORE_EXAMPLE, carry={"cards": 1000})), "carry")
    assert_bad(*api(SCORE, with_(SCORE_EXAMPLE, options={"tie_carry_over": True},
                                 carry={"aces": 5})), "carry.aces")  # one point an ace
    assert_bad(*api(REPLAY, {"variant": "swedish", "table": ["9S", "6C", "3D", "5H"],
                             "plays": [], "carry": {"spades": 2}}), "carry")


def test_score_refuses_a_dubbeltabbe_outside_krypkasino(api):
    body = copy.deepcopy(SCORE_EXAMPLE)
    body["tallies"][0]["double_sweeps"] = 1
    assert_bad(*api(SCORE, body), "tallies[0].double_sweeps")
    body["tallies"][0]["double_sweeps"] = 0  # none is none, in any variant
    assert api(SCORE, body)[0] == 200


def test_score_explanation_follows_accept_language(client):
    english = client.post(SCORE, json=SCORE_EXAMPLE).get_json()
    finnish = client.post(SCORE, json=SCORE_EXAMPLE,
                          headers={"Accept-Language": "fi"}).get_json()
    unknown = client.post(SCORE, json=SCORE_EXAMPLE,
                          headers={"Accept-Language": "de"}).get_json()
    assert finnish["explanation_codes"] == english["explanation_codes"]
    assert unknown["explanation"] == english["explanation"]
    assert finnish["explanation"] != english["explanation"]
    assert {key: finnish[key] for key in ("sides", "scores", "winner")} == \
        {key: english[key] for key in ("sides", "scores", "winner")}


def test_score_example_from_piles(api):
    status, answer = api(SCORE, _piles())
    assert status == 200, answer
    _score_shape(answer)
    for key in ("sides", "scores", "finished", "winner"):
        assert answer[key] == SCORE_EXAMPLE_ANSWER[key], key


FINNISH = {"variant": "finnish", "players": ["Aino", "Eero"], "scores": [6, 8],
           "sweeps": [2, 1], "last_capture": 0}


def test_score_finnish_sweeps_cancel(api):
    status, answer = api(SCORE, dict(FINNISH, piles=example_piles()))
    assert status == 200, answer
    _score_shape(answer)
    # API.md: "With the first one, Finnish rules, sweeps: [2, 1] would cancel to 1 v 0."
    assert [s["sweeps"] for s in answer["sides"]] == [1, 0]
    # RULES 6, Finnish column: no last-capture point; one point per sweep that scored.
    assert [s["points"] for s in answer["sides"]] == [
        {"cards": 1, "spades": 2, "aces": 2, "big_casino": 2, "little_casino": 0,
         "last_capture": 0, "sweeps": 1, "mulle": 0},
        {"cards": 0, "spades": 0, "aces": 2, "big_casino": 0, "little_casino": 1,
         "last_capture": 0, "sweeps": 0, "mulle": 0},
    ]
    assert [s["total"] for s in answer["sides"]] == [8, 3]
    assert answer["scores"] == [14, 11]
    assert answer["finished"] is False and answer["winner"] is None


def test_score_finnish_sweeps_cancel_with_tallies(api):
    body = with_(SCORE_EXAMPLE, variant="finnish", scores=[6, 8])
    body["tallies"][1]["sweeps"] = 1
    status, answer = api(SCORE, body)
    assert status == 200, answer
    assert [s["sweeps"] for s in answer["sides"]] == [1, 0]


def test_score_finnish_freeze_at_ten(api):
    # API.md: "the Finnish freeze when a side already had 10 or more points before the round".
    status, answer = api(SCORE, dict(FINNISH, piles=example_piles(), scores=[10, 0]))
    assert status == 200, answer
    assert [s["sweeps"] for s in answer["sides"]] == [0, 0]
    assert [s["points"]["sweeps"] for s in answer["sides"]] == [0, 0]


def test_score_match_decided(api):
    status, answer = api(SCORE, with_(SCORE_EXAMPLE, scores=[14, 0]))
    assert status == 200, answer
    assert answer["scores"] == [24, 3]
    assert answer["finished"] is True and answer["winner"] == 0


def test_score_tie_break_named(api):
    # RULES 8, swedish: most points, then most spades in that round (7 v 6).
    status, answer = api(SCORE, with_(SCORE_EXAMPLE, scores=[6, 13]))
    assert status == 200, answer
    assert answer["scores"] == [16, 16]
    assert answer["finished"] is True and answer["winner"] == 0
    assert any("spade" in line.lower() for line in answer["explanation"][2:]), answer


def test_errors_are_json(client):
    response = client.post(CHECK, json={"variant": "texas"})
    assert response.status_code == 400 and response.is_json


# ------------------------------------------------------------------ 4. fuzzing

FUZZ = settings(max_examples=200, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow])

DOMAIN = st.sampled_from([
    "9S", "10D", "td", "AS", "2S", "KC", "XX", "", "capture", "build", "double", "trail",
    "swedish", "krypkasino", "mulle", "norwegian", "classic",
]) | st.integers(-3, 60)

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12) | DOMAIN,
    lambda children: st.lists(children, max_size=6)
    | st.dictionaries(st.text(max_size=8) | st.sampled_from(["card", "value", "cards"]),
                      children, max_size=5),
    max_leaves=20,
)

KEYS = {
    CHECK: ["variant", "options", "players", "player", "table", "hand", "play"],
    REPLAY: ["variant", "options", "players", "dealer", "scores", "table", "plays"],
    SCORE: ["variant", "options", "players", "scores", "piles", "sweeps", "last_capture",
            "tallies"],
}

VALID = {
    CHECK: [
        CHECK_EXAMPLE,
        {"variant": "norwegian", "table": ["5H", "KC"], "hand": ["4C", "9D"],
         "play": {"card": "4C", "action": "build", "onto": ["5H"], "value": 9}},
        check_body(variant="krypkasino", table=["9S", "9S", "6C", "3D"]),
    ],
    REPLAY: [REPLAY_EXAMPLE, replay_body(20)],
    SCORE: [SCORE_EXAMPLE, dict(FINNISH, piles=example_piles())],
}


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for key, child in value.items():
            yield from _paths(child, (*prefix, key))
    elif isinstance(value, list):
        for i, child in enumerate(value):
            yield from _paths(child, (*prefix, i))


@st.composite
def mutated(draw, path):
    body = copy.deepcopy(draw(st.sampled_from(VALID[path])))
    for _ in range(draw(st.integers(1, 3))):
        where = draw(st.sampled_from(list(_paths(body))))
        if not where:
            continue
        parent = body
        for step in where[:-1]:
            parent = parent[step]
        last = where[-1]
        op = draw(st.sampled_from(["replace", "replace", "delete", "add", "duplicate"]))
        if op == "replace":
            parent[last] = draw(JSON)
        elif op == "delete":
            del parent[last]
        elif op == "add" and isinstance(parent, dict):
            parent[draw(st.sampled_from(KEYS[path]) | st.text(max_size=6))] = draw(JSON)
        elif op == "add":
            parent.insert(last, draw(JSON))
        elif isinstance(parent, list):
            parent.insert(last, copy.deepcopy(parent[last]))
    return body


def _never_500(api, path, body):
    status, answer = api(path, body)
    assert status in (200, 400), (status, answer, body)
    assert isinstance(answer, dict)
    if status == 400:
        assert isinstance(answer.get("error"), str) and isinstance(answer.get("field"), str)


@pytest.mark.parametrize("path", POSTS)
@FUZZ
@given(body=JSON)
def test_fuzz_any_json_value(api, path, body):
    _never_500(api, path, body)


@pytest.mark.parametrize("path", POSTS)
@FUZZ
@given(data=st.data())
def test_fuzz_objects_with_the_right_keys(api, path, data):
    body = data.draw(st.dictionaries(st.sampled_from(KEYS[path]), JSON, max_size=7))
    _never_500(api, path, body)


@pytest.mark.parametrize("path", POSTS)
@FUZZ
@given(data=st.data())
def test_fuzz_mutated_valid_bodies(api, path, data):
    _never_500(api, path, data.draw(mutated(path)))


@pytest.mark.parametrize("players", [1, 3, 4, 5])
def test_mulle_glimne_refuses_other_seatings_rules_6(api, players):
    status, answer = api(CHECK, check_body(variant="mulle-glimne", players=players))
    assert status == 400 and answer["field"] == "players"
    assert "2 players, or 4 in two partnerships" in answer["error"]
    status, answer = api(CHECK, check_body(variant="mulle-glimne", players=4,
                                           options={"partnerships": True}))
    assert status == 200, answer


# ------------------------------------------------- "Language and codes": every sentence

UNBACKED = {"variant": "norwegian", "players": ["Ann", "Bo"], "dealer": 1,
            "table": ["4C", "KD", "2H", "7S"],
            "plays": [{"card": "5H", "action": "build", "onto": ["4C"], "value": 9},
                      {"card": "3D", "action": "trail"},
                      {"card": "2C", "action": "capture", "take": ["2H"]},
                      {"card": "8C", "action": "trail"},
                      {"card": "7D", "action": "capture", "take": ["7S"]},
                      {"card": "6H", "action": "trail"},
                      {"card": "KH", "action": "capture", "take": ["KD"]},
                      {"card": "JC", "action": "trail"}]}


def test_replay_violation_has_its_code_and_follows_accept_language(client):
    # Ann built 9 and played no 9 in the rest of the deal (RULES §3.2): found at its end.
    english = client.post(REPLAY, json=UNBACKED).get_json()
    swedish = client.post(REPLAY, json=UNBACKED, headers={"Accept-Language": "sv"}).get_json()
    assert english["ok"] and swedish["ok"]
    assert [(v["deal"], v["player"], v["code"]) for v in english["violations"]] == \
        [(1, 0, "unbacked_build")]
    assert [v["code"] for v in swedish["violations"]] == ["unbacked_build"]
    said, sagt = english["violations"][0]["reason"], swedish["violations"][0]["reason"]
    assert is_sentence(said) and is_sentence(sagt) and said != sagt
    assert "Ann" in said and "Ann" in sagt and "9" in sagt
    # each play's ruling, worded and coded: the build, then a trail
    assert [p["reason_code"] for p in english["plays"][:2]] == ["builds", "trails"]
    assert english["plays"][0]["reason"] != swedish["plays"][0]["reason"]


def test_check_reason_follows_accept_language_and_keeps_its_code(client):
    body = {"variant": "norwegian", "table": ["10H", "2C"],
            "play": {"card": "10D", "action": "capture", "take": ["10H"]}}
    answers = {lang: client.post(CHECK, json=body, headers={"Accept-Language": lang}).get_json()
               for lang in ("en", "nb", "sv", "fi", "da", "de")}
    assert {a["reason_code"] for a in answers.values()} == {"hand_value"}
    reasons = {lang: a["reason"] for lang, a in answers.items()}
    assert reasons["de"] == reasons["en"]  # unknown: English
    assert len({reasons[lang] for lang in ("en", "nb", "sv", "fi", "da")}) == 5
    assert all("10♦" in r and "16" in r for r in reasons.values())
    assert {k: v for k, v in answers["fi"].items() if k != "reason"} == \
        {k: v for k, v in answers["en"].items() if k != "reason"}


def test_replay_after_the_match_is_decided_has_a_code(client):
    # Finnish: a side at 15 takes an ace (A♥ as 14 takes 7+7) and reaches 16 mid-round
    # (RULES §8); the next play is refused with the match decided.
    body = {"variant": "finnish", "players": ["Aino", "Eero"], "dealer": 1, "scores": [15, 0],
            "table": ["7S", "7C", "9D", "QH"],
            "plays": [{"card": "AH", "action": "capture", "take": ["7S", "7C"]},
                      {"card": "3D", "action": "trail"}]}
    answer = client.post(REPLAY, json=body, headers={"Accept-Language": "fi"}).get_json()
    assert answer["ok"] is False and answer["error"]["play"] == 1
    assert answer["error"]["code"] == "match_decided"
    english = client.post(REPLAY, json=body).get_json()
    assert is_sentence(answer["error"]["reason"])
    assert answer["error"]["reason"] != english["error"]["reason"]


def test_variants_list_the_player_counts_each_seats(api):
    """RULES §6: Mulle (Kortspelshandboken) is for 2 players, or 4 in two partnerships,
    so the listing does not offer 3; a 4-player Swedish game may be each for themselves
    or 2 v 2; Krypkasino seats 2 to 6 (DECISIONS.md)."""
    status, answer = api("/api/v1/variants", method="GET")
    assert status == 200
    players = {v["id"]: v["players"] for v in answer["variants"]}
    assert players["mulle-glimne"] == {"min": 2, "max": 4, "counts": [2, 4], "alone": [2],
                                       "paired": [4]}
    assert players["swedish"] == {"min": 2, "max": 4, "counts": [2, 3, 4], "alone": [2, 3, 4],
                                  "paired": [4]}
    assert players["norwegian"]["counts"] == [2, 3, 4, 5]
    # six in partnerships of two: three pairs (RULES §6)
    assert (players["krypkasino"]["counts"], players["krypkasino"]["paired"]) == (
        [2, 3, 4, 5, 6], [4, 6])
    # what the listing offers, the API takes, and what it leaves out, it refuses: each
    # for themselves (``alone``) and in partnerships of two (``paired``)
    for vid, seats in players.items():
        for count in range(seats["min"], seats["max"] + 1):
            for paired, offered in ((False, seats["alone"]), (True, seats["paired"])):
                status, answer = api(CHECK, {
                    "variant": vid, "players": count, "table": ["5H"],
                    "options": {"partnerships": paired},
                    "play": {"card": "5S", "action": "trail"}})
                if count in offered:
                    assert status == 200, (vid, count, paired, answer)
                else:  # a pairing the count could take otherwise is the option's fault
                    field = ("options.partnerships" if paired and count in seats["counts"]
                             else "players")
                    assert status == 400 and answer["field"] == field, (
                        vid, count, paired, answer)
    status, answer = api(CHECK, {"variant": "mulle-glimne", "players": 4, "table": ["5H"],
                                 "options": {"partnerships": True},
                                 "play": {"card": "5S", "action": "trail"}})
    assert status == 200, answer
