"""The check page (GET /check): a whole position in the query string, the ruling in large type.

Expected rulings are reasoned from shared/RULES.md, not read back from the engine.
"""

from __future__ import annotations

import re
from html import unescape
from urllib.parse import parse_qs, urlsplit

import pytest
from pages import HX

# RULES.md §3.1: "a 9 takes 9, 6+3 and 5+4 in one move"
NINES = [("variant", "norwegian"), ("table", "9S"), ("table", "6C"), ("table", "3D"),
         ("table", "5H"), ("table", "4C"), ("card", "9H"), ("action", "capture")]


def get(client, params, headers=None):
    response = client.get("/check", query_string=params, headers=headers or {})
    return response, response.get_data(as_text=True)


def varies_on_htmx(response) -> bool:
    return "HX-Request" in [v.strip() for v in response.headers.get("Vary", "").split(",")]


def text(html: str) -> str:
    """What a reader sees: inline tags vanish, block tags separate words."""
    html = re.sub(r"</?(?:a|b|em|small|span|strong)\b[^>]*>", "", html)
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html))).strip()


def verdict(body: str) -> tuple[str, str] | None:
    """(legal|illegal, the verdict's text), or None when the page gives no ruling."""
    match = re.search(r'<div class="verdict (legal|illegal)"[^>]*>(.*?)</div>', body, re.S)
    return (match[1], text(match[2])) if match else None


def field_errors(body: str, name: str) -> list[str]:
    """The error messages shown inside the field's own block (up to the next field)."""
    start = body.index(f'id="f-{name}"')
    end = body.find('id="f-', start + 1)
    block = body[start:end if end != -1 else len(body)]
    return [text(e) for e in re.findall(r'<p class="field-error"[^>]*>(.*?)</p>', block, re.S)]


def all_field_errors(body: str) -> list[str]:
    return [text(e) for e in re.findall(r'<p class="field-error"[^>]*>(.*?)</p>', body, re.S)]


def alternatives(body: str) -> list[dict[str, list[str]]]:
    block = re.search(r'<ul class="plain alternatives">(.*?)</ul>', body, re.S)
    if block is None:
        return []
    hrefs = re.findall(r'<a href="([^"]+)"', block[1])
    return [parse_qs(urlsplit(unescape(h)).query) for h in hrefs]


# -- the empty form -----------------------------------------------------------------

def test_without_a_position_the_page_is_a_form(client):
    response, body = get(client, {})
    assert response.status_code == 200
    assert "<html" in body
    form = re.search(r"<form[^>]*>", body, re.S)[0]
    assert 'method="get"' in form
    assert 'hx-get="/check' in form
    assert 'hx-target="this"' in form
    assert 'hx-swap="outerHTML"' in form
    assert 'hx-push-url="true"' in form
    # pickers: the table is many cards, the card played is one
    assert len(re.findall(r'type="checkbox" name="table"', body)) == 52
    assert len(re.findall(r'type="radio" name="card"', body)) == 52
    # the variant an English phone starts from, Swedish, has no building (below)
    assert actions(body) == ["capture", "trail"]
    assert '<select id="variant" name="variant">' in body
    assert verdict(body) is None
    assert "pick the card played" in prompt(body)
    assert varies_on_htmx(response)


def actions(body: str) -> list[str]:
    """The actions offered for the card played."""
    return [re.search(r'value="(\w+)"', box)[1]
            for box in re.findall(r'<input[^>]*name="action"[^>]*>', body)]


def test_a_variant_without_building_is_asked_nothing_of_builds(client):
    """Swedish has no building (RULES §3.2): no builds on the table, no build value, no
    build, raise or double, and the take list says only "What it takes"; Norwegian has them
    all, and only Danish asks whether the player built last turn."""
    _r, swedish = get(client, {"variant": "swedish"})
    assert actions(swedish) == ["capture", "trail"]
    assert 'id="f-builds"' not in swedish and 'id="f-value"' not in swedish
    assert "What it takes</legend>" in swedish and "built last turn" not in swedish
    _r, norwegian = get(client, {"variant": "norwegian"})
    assert actions(norwegian) == ["capture", "build", "double", "trail"]
    assert 'id="f-builds"' in norwegian and 'id="f-value"' in norwegian
    assert "What it takes or goes onto</legend>" in norwegian
    assert "built last turn" not in norwegian
    _r, danish = get(client, {"variant": "danish"})
    assert "built last turn" in danish
    # a link that says something of builds anyway shows it, to be read or put right
    _r, claimed = get(client, {"variant": "swedish", "builds": "5H+4C=9@2", "card": "9S",
                               "action": "build", "take": [0], "value": 9})
    assert 'id="f-builds"' in claimed and 'id="f-value"' in claimed
    assert "build" in actions(claimed)


def prompt(body: str) -> str:
    """What the ruling's place says while the claim is not complete ("" once ruled)."""
    match = re.search(r'<p class="next">(.*?)</p>', body, re.S)
    return text(match[1]) if match else ""


def take_boxes(body: str) -> list[tuple[str, str, bool]]:
    """The table items to tick: (the box's id, its value, ticked)."""
    block = body[body.index('id="f-take"'):body.index('id="f-hand"')]
    return [(box_id, value, "checked" in rest)
            for box_id, value, rest in re.findall(
                r'<input type="checkbox" id="([^"]+)" name="take" value="(\d+)"([^>]*)>', block)]


# -- the claim first, the ruling after ---------------------------------------------------

def test_the_table_items_to_tick_come_before_any_ruling(client):
    # the table laid out, nothing else chosen: the items are listed, no ruling yet
    response, body = get(client, [("variant", "norwegian"), ("table", "9S"), ("table", "6C"),
                                  ("builds", "5H+4C=9@2")])
    assert response.status_code == 200
    assert take_boxes(body) == [("take-9S", "0", False), ("take-6C", "1", False),
                                ("take-5H+4C=9@2", "2", False)]
    assert verdict(body) is None and all_field_errors(body) == []
    assert "pick the card played" in prompt(body)


@pytest.mark.parametrize(("claim", "asked"), [
    ({}, "pick the card played"),
    ({"card": "9H"}, "Say what 9♥ does"),
    ({"card": "9H", "action": "capture"}, "Tick what 9♥ takes"),
    ({"card": "9H", "action": "build", "value": 9}, "Tick what 9♥ takes"),
    ({"card": "9H", "action": "double"}, "Tick what 9♥ takes"),
])
def test_no_ruling_until_the_claim_is_complete(client, claim, asked):
    response, body = get(client, {"variant": "norwegian", "table": ["9S", "6C", "3D"], **claim})
    assert response.status_code == 200  # not an error: the claim is not finished
    assert verdict(body) is None
    assert "Illegal" not in text(body)
    assert asked in prompt(body)
    assert "Link to this ruling" not in body
    assert [box_id for box_id, _value, _ticked in take_boxes(body)] == \
        ["take-9S", "take-6C", "take-3D"]


def test_the_prompt_links_to_the_part_still_to_choose(client):
    _response, body = get(client, {"variant": "norwegian", "table": "9S", "card": "9H",
                                   "action": "capture"})
    assert re.search(r'<p class="next"><a href="#f-take">', body)
    assert 'id="f-take"' in body


def test_a_trail_needs_nothing_to_take(client):
    _response, body = get(client, {"variant": "norwegian", "table": "9S", "card": "5H",
                                   "action": "trail"})
    assert verdict(body)[0] == "legal"
    assert prompt(body) == ""


def test_a_draft_while_laying_out_gets_no_ruling(client):
    # the page asks again after each change (draft=y): the items follow, the ruling waits
    params = [*NINES, ("take", 0), ("draft", "y")]
    response, body = get(client, params, HX)
    assert response.status_code == 200
    assert body.strip().startswith('<form id="checker"')
    assert verdict(body) is None
    assert "Press Check for the ruling" in prompt(body)
    # the same position checked for real is ruled
    assert verdict(get(client, params[:-1])[1])[0] == "legal"


def test_the_page_asks_for_a_draft_after_every_change(client):
    _response, body = get(client, {})
    draft = re.search(r'<span hidden [^>]*hx-vals=\'\{"draft": "y"\}\'[^>]*>', body)
    assert draft, "no draft request in the page"
    for attribute in ('hx-get="/check"', 'hx-trigger="change from:#checker"',
                      'hx-include="#checker"', 'hx-target="#checker"', 'hx-swap="outerMorph"',
                      'hx-sync="#checker:replace"'):
        assert attribute in draft[0], attribute
    assert "hx-push-url" not in draft[0]  # a draft is no step in the history
    assert '<form id="checker"' in body and 'id="check-button"' in body


def test_a_tick_stays_with_its_item_when_the_table_changes(client):
    # 9S 6C 3D were shown and all ticked; then 8S was laid (it comes first) and 3D taken away
    params = [("variant", "norwegian"), ("table", "8S"), ("table", "9S"), ("table", "6C"),
              ("card", "9H"), ("action", "capture"), ("shown", "9S 6C 3D"),
              ("take", 0), ("take", 1), ("take", 2)]
    _response, body = get(client, params)
    assert take_boxes(body) == [("take-8S", "0", False), ("take-9S", "1", True),
                                ("take-6C", "2", True)]
    kind, said = verdict(body)
    assert kind == "illegal"  # 9♠ and 6♣ alone: 6 cannot be made into 9s
    assert "9♠" in said and "6♣" in said and "3♦" not in said
    # the link to the ruling names the items where they are now, and no list of boxes
    share = unescape(re.search(r'<a href="([^"]+)">Link to this ruling</a>', body)[1])
    query = parse_qs(urlsplit(share).query)
    assert query["take"] == ["1", "2"] and "shown" not in query and "draft" not in query


def test_second_copies_are_told_apart_in_the_list(client):
    # Mulle: two packs, so two 5♥ can lie on the table (RULES.md §1)
    params = {"variant": "mulle", "table": ["5H", "5H", "7C"], "shown": "5H 5H~2 7C",
              "card": "5D", "action": "capture", "take": [1]}
    _response, body = get(client, params)
    assert take_boxes(body) == [("take-5H", "0", False), ("take-5H~2", "1", True),
                                ("take-7C", "2", False)]
    assert verdict(body)[0] == "legal"


@pytest.mark.parametrize(("shown", "ruled"), [
    ("", True),             # no list: the ticks count as given (9♠)
    ("x " * 3000, True),    # far too long to be a table: ignored
    ("9S 9S 9S", True),     # the ticked item is found
    ("zz", False),          # the ticked item is gone from the table: its tick too
])
def test_an_odd_list_of_shown_items_is_never_an_error(client, shown, ruled):
    response, body = get(client, [*NINES, ("take", 0), ("shown", shown)])
    assert response.status_code == 200
    assert all_field_errors(body) == []
    if ruled:
        assert verdict(body)[0] == "legal" and "9♥ takes 9♠" in verdict(body)[1]
    else:
        assert verdict(body) is None and "Tick what 9♥ takes" in prompt(body)


def test_variant_only_is_not_an_error(client):
    response, body = get(client, {"variant": "danish", "players": 3})
    assert response.status_code == 200
    assert verdict(body) is None
    assert all_field_errors(body) == []
    assert '<option selected value="danish">' in body


# -- rulings ------------------------------------------------------------------------

def test_a_legal_capture_with_its_split_and_sweep(client):
    response, body = get(client, [*NINES, *(("take", i) for i in range(5))])
    assert response.status_code == 200
    kind, said = verdict(body)
    assert kind == "legal"
    assert "Legal" in said
    assert "9♥ takes 9♠ | 6♣+3♦ | 5♥+4♣, and clears the table" in said
    assert "Taken as:" in text(body)
    assert "Sweep:" in text(body)
    assert "It scores 1." in text(body)  # Norwegian sweeps score 1 (RULES.md §6)
    # the whole take is the only maximal capture: marked as this play
    alts = alternatives(body)
    assert len(alts) == 1 and alts[0]["take"] == ["0", "1", "2", "3", "4"]
    assert "(this play)" in body


def test_a_smaller_capture_is_legal_and_the_bigger_one_is_one_tap_away(client):
    response, body = get(client, [*NINES, ("take", 0)])
    assert response.status_code == 200
    kind, said = verdict(body)
    assert kind == "legal"
    assert "9♥ takes 9♠" in said
    assert "Sweep:" not in text(body)
    (alt,) = alternatives(body)
    assert alt["take"] == ["0", "1", "2", "3", "4"]
    assert alt["action"] == ["capture"] and alt["card"] == ["9H"]
    assert alt["table"] == ["9S", "6C", "3D", "5H", "4C"]
    assert alt["variant"] == ["norwegian"]
    # the alternative is a /check URL with the same position: following it gives its ruling
    href = unescape(re.search(r'<ul class="plain alternatives">.*?<a href="([^"]+)"',
                              body, re.S)[1])
    assert href.startswith("/check?")
    followed = client.get(href).get_data(as_text=True)
    assert verdict(followed)[0] == "legal"
    assert "clears the table" in verdict(followed)[1]


def test_each_legal_capture_is_said_in_its_groups(client):
    """A capture listed as an alternative reads as the referee splits it, as "Taken as:"
    does: 9♣ | 6♥+3♦ | 5♠+4♠ is three nines, never one sum of 27 (RULES §3.1)."""
    _r, body = get(client, {"variant": "swedish", "table": ["9C", "6H", "3D", "5S", "4S"],
                            "card": "9H", "action": "capture", "take": [0]})
    block = re.search(r'<ul class="plain alternatives">(.*?)</ul>', body, re.S)[1]
    assert text(block).split("(")[0].strip() == "9♣ | 6♥+3♦ | 5♠+4♠"


def test_the_swedish_ace_counts_14_on_the_table_too(client):
    # RULES.md §2: A played as 14 takes one table ace as 14 and 1+5+8 with the other ace
    params = [("variant", "swedish"), ("table", "AD"), ("table", "AC"), ("table", "5S"),
              ("table", "8H"), ("card", "AH"), ("action", "capture")]
    _response, body = get(client, params + [("take", i) for i in range(4)])
    kind, said = verdict(body)
    assert kind == "legal"
    assert "value 14" in said


def test_norwegian_big_casino_cannot_take_a_lone_ten(client):
    # RULES.md §2: in Norwegian rules 10♦ from the hand is a 16 and cannot take a lone 10
    params = {"variant": "norwegian", "table": "10S", "card": "10D", "action": "capture",
              "take": 0}
    response, body = get(client, params)
    assert response.status_code == 200  # an illegal play is a ruling, not an error
    kind, said = verdict(body)
    assert kind == "illegal"
    assert "Illegal" in said
    assert "16" in said
    assert all_field_errors(body) == []
    assert "captures nothing on this table" in text(body)
    assert "Link to this ruling" in body


def test_in_swedish_the_big_casino_does_take_a_lone_ten(client):
    params = {"variant": "swedish", "table": "10S", "card": "10D", "action": "capture",
              "take": 0}
    _response, body = get(client, params)
    assert verdict(body)[0] == "legal"


def test_krypkasino_capture_is_compulsory(client):
    # RULES.md §7: a card that can capture must; only a card that captures nothing may trail
    params = {"variant": "krypkasino", "table": "5S", "card": "5H", "action": "trail"}
    _response, body = get(client, params)
    kind, said = verdict(body)
    assert kind == "illegal"
    assert "compulsory" in said
    (alt,) = alternatives(body)
    assert alt["take"] == ["0"] and alt["action"] == ["capture"]


def test_danish_five_of_spades_takes_the_whole_table(client):
    # RULES.md §3.2 danish: 5♠ may capture the whole table; that counts as a sweep
    params = [("variant", "danish"), ("table", "9S"), ("table", "3D"), ("table", "KC"),
              ("card", "5S"), ("action", "capture"), ("take", 0), ("take", 1), ("take", 2)]
    _response, body = get(client, params)
    assert verdict(body)[0] == "legal"
    assert "Sweep:" in text(body)


def test_a_build_without_the_hand_is_pending(client):
    # Norwegian: 5♥ on 4♣ builds 9; whether the builder holds a 9 is not known yet
    params = {"variant": "norwegian", "table": ["4C", "KD"], "card": "5H", "action": "build",
              "take": 0, "value": 9}
    response, body = get(client, params)
    assert response.status_code == 200
    kind, said = verdict(body)
    assert kind == "legal"
    assert "build of 9" in said
    assert "You must hold a 9" in body


def test_a_build_with_the_hand_is_decided_now(client):
    base = {"variant": "norwegian", "table": ["4C", "KD"], "card": "5H", "action": "build",
            "take": 0, "value": 9}
    _response, body = get(client, {**base, "hand": ["5H", "2C"]})
    kind, said = verdict(body)
    assert kind == "illegal"
    assert "captures 9" in said
    _response, body = get(client, {**base, "hand": ["9S"]})  # the card played may be left out
    assert verdict(body)[0] == "legal"
    assert "You must hold" not in body


def test_a_raise_of_a_typed_build(client):
    # Norwegian raise: an opponent adds one card from the hand; the build becomes theirs
    params = {"variant": "norwegian", "builds": "5H+4C=9@2", "card": "2D", "action": "build",
              "take": 0, "value": 11}
    _response, body = get(client, params)
    kind, said = verdict(body)
    assert kind == "legal"
    assert "raises the build of 9 to 11" in said
    # and the owner may not raise their own build
    _response, body = get(client, {**params, "player": 2})
    assert verdict(body)[0] == "illegal"


def test_the_link_to_this_ruling_carries_the_whole_position(client):
    params = {"variant": "norwegian", "players": 3, "player": 2, "table": ["4C", "KD"],
              "builds": "6S+2H=8@3", "card": "5H", "action": "build", "take": 0, "value": 9}
    _response, body = get(client, params)
    share = unescape(re.search(r'<a href="([^"]+)">Link to this ruling</a>', body)[1])
    assert share.startswith("http://localhost/check?")
    assert urlsplit(share).fragment == "verdict"  # the friend lands on the ruling
    query = parse_qs(urlsplit(share).query)
    assert query["variant"] == ["norwegian"]
    assert query["players"] == ["3"] and query["player"] == ["2"]
    assert query["table"] == ["4C", "KD"]
    assert query["builds"] == ["6S+2H=8@3"]
    assert query["card"] == ["5H"] and query["action"] == ["build"]
    assert query["take"] == ["0"] and query["value"] == ["9"]
    again = client.get(share).get_data(as_text=True)
    assert verdict(again) == verdict(body)


def test_a_two_pack_game_allows_a_twin(client):
    # Mulle uses two packs: every card exists twice (RULES.md §1)
    params = {"variant": "mulle", "table": ["5H", "5H"], "card": "9C", "action": "trail"}
    response, body = get(client, params)
    assert response.status_code == 200
    assert verdict(body)[0] == "legal"
    params = {"variant": "mulle", "table": "5H", "card": "5H", "action": "capture", "take": 0}
    response, body = get(client, params)
    assert verdict(body)[0] == "legal"


# -- bad input: a message at the field, no ruling, never a 500 ----------------------------

BAD = [
    pytest.param({"table": ["5H", "5H"], "card": "9C", "action": "trail"}, "table",
                 "5♥ is already on the table", id="table card twice in one pack"),
    pytest.param({"table": ["5H", "9C"], "card": "5H", "action": "trail"}, "card",
                 "5♥ is already on the table", id="played card on the table"),
    pytest.param({"builds": "5H+ZZ=9@1", "card": "9C", "action": "trail"}, "builds",
                 "“ZZ” is not a card", id="unknown card in builds"),
    pytest.param({"table": "4C", "card": "5H", "action": "capture", "take": 3}, "take",
                 "not on the table", id="take not on the table"),
    pytest.param({"variant": "poker", "card": "5H", "action": "trail"}, "variant",
                 "“poker” is not a variant", id="bad variant"),
    pytest.param({"table": "1X", "card": "5H", "action": "trail"}, "table",
                 "“1X” is not a card", id="unknown card on the table"),
    pytest.param({"card": "QQ", "action": "trail"}, "card", "“QQ” is not a card",
                 id="unknown card played"),
    pytest.param({"variant": "norwegian", "table": "4C", "builds": "4C+5H=9@2",
                  "card": "9C", "action": "trail"}, "builds", "4♣ is already on the table",
                 id="build card also loose"),
    pytest.param({"builds": "5H+4C=9@3", "card": "9C", "action": "trail"}, "builds",
                 "seat 3", id="build owner not at the table"),
    pytest.param({"builds": "5H+4C=9", "card": "9C", "action": "trail"}, "builds",
                 "say whose build it is", id="build without owner"),
    pytest.param({"variant": "norwegian", "builds": "5H+4C=10@2", "card": "10S",
                  "action": "capture", "take": 0}, "builds",
                  "Build 1: 5♥+4♣ cannot be a build of 10; they add up to 9.",
                 id="build that does not add up to its value"),
    pytest.param({"variant": "norwegian", "builds": "AH+AC=16@2", "card": "9C",
                  "action": "trail"}, "builds", "cannot be a build of 16; they add up to 2.",
                 id="two aces are no build of 16 (an ace counts 1 on the table)"),
    pytest.param({"variant": "classic", "builds": "KH+QC=12@1", "card": "9C",
                  "action": "trail"}, "builds", "Build 1: K♥+Q♣ cannot be a build of 12.",
                 id="classic court cards build nothing"),
    pytest.param({"variant": "norwegian", "builds": "5H+4C=9@5", "card": "9C",
                  "action": "trail"}, "builds", "belongs to seat 5, but there are 2 players",
                 id="build owner beyond the players, said against the players"),
    pytest.param({"variant": "swedish", "builds": "5H+4C=9@1", "card": "9C",
                  "action": "trail"}, "builds", "without building", id="build in swedish"),
    pytest.param({"variant": "swedish", "players": 5}, "players", "2 to 4 players",
                 id="too many players for swedish"),
    pytest.param({"variant": "mulle-glimne", "players": 3, "card": "9C", "action": "trail"},
                 "players", "2 players, or 4 in two partnerships",
                 id="three at Mulle (Kortspelshandboken), RULES §6"),
    pytest.param({"variant": "mulle-glimne", "players": 5}, "players",
                 "2 players, or 4 in two partnerships",
                 id="five at Mulle (Kortspelshandboken), not '2 to 4'"),
    pytest.param({"player": 3, "card": "9C", "action": "trail"}, "player",
                 "seat from 1 to 2", id="seat beyond the players"),
    pytest.param({"variant": "mulle", "table": ["5H", "5H", "5H"]}, "table",
                 "two packs have only two", id="three copies in two packs"),
    pytest.param({"card": "9C", "action": "steal"}, "action", "capture, build, double or trail",
                 id="unknown action"),
    pytest.param({"card": "9C", "action": "build", "take": 0, "table": "4C", "value": "nine"},
                 "value", "as a number", id="build value not a number"),
    pytest.param({"hand": ["5H", "KS"], "table": "KS", "card": "9C", "action": "trail"},
                 "hand", "K♠ is already on the table", id="hand card on the table"),
]


@pytest.mark.parametrize(("variant", "builds", "card"), [
    ("norwegian", "4C+5H+9D=9@2!", "9S"),  # two sets of 9: a locked pile
    ("danish", "AH+AC=15@2", "2S"),  # 14 + 1; 2♠ counts 15 from the hand
    ("classic", "3C+5D=8@2", "8H"),
])
def test_a_build_that_adds_up_is_judged(client, variant, builds, card):
    response, body = get(client, {"variant": variant, "builds": builds, "card": card,
                                  "action": "capture", "take": 0})
    assert response.status_code == 200, field_errors(body, "builds")
    assert verdict(body)[0] == "legal"


@pytest.mark.parametrize(("params", "field", "message"), BAD)
def test_bad_input_is_shown_at_its_field(client, params, field, message):
    response, body = get(client, params)
    assert response.status_code in (400, 422)
    errors = field_errors(body, field)
    assert any(message in error for error in errors), errors
    assert verdict(body) is None
    assert "Link to this ruling" not in body
    assert "see the marked fields" in body


@pytest.mark.parametrize(("params", "field", "message"), BAD[:5])
def test_bad_input_in_a_fragment(client, params, field, message):
    response, body = get(client, params, HX)
    assert response.status_code == 422
    assert "<html" not in body
    assert any(message in error for error in field_errors(body, field))


def test_bad_input_keeps_the_rest_of_the_position(client):
    params = {"variant": "norwegian", "table": ["4C", "ZZ"], "card": "5H", "action": "build"}
    _response, body = get(client, params)
    assert re.search(r'<input type="checkbox" name="table" value="4C"[^>]*checked', body)
    assert re.search(r'<input type="radio" name="card" value="5H"[^>]*checked', body)
    assert re.search(r'<input[^>]*checked[^>]*value="build"|<input[^>]*value="build"[^>]*checked',
                     body)


# -- htmx -----------------------------------------------------------------------------

def test_htmx_gets_only_the_form_fragment(client):
    response, body = get(client, [*NINES, ("take", 0)], HX)
    assert response.status_code == 200
    assert "<html" not in body
    assert "<header" not in body
    assert body.strip().startswith('<form id="checker"')
    assert body.strip().endswith("</form>")
    assert verdict(body)[0] == "legal"
    assert varies_on_htmx(response)


def test_a_boosted_request_gets_the_whole_page(client):
    response, body = get(client, [*NINES, ("take", 0)], {**HX, "HX-Boosted": "true"})
    assert response.status_code == 200
    assert "<html" in body
    assert verdict(body)[0] == "legal"
    assert varies_on_htmx(response)


def test_the_plain_page_varies_on_htmx_too(client):
    response, body = get(client, [*NINES, ("take", 0)])
    assert "<html" in body
    assert varies_on_htmx(response)


def test_nothing_answers_500(client):
    junk = ["", "x", "-1", "0", "999999999999", "5H+4C=9@1!", "♠️A", "10♦", "%", "@@", "=",
            "norwegian", "capture"]
    names = ["variant", "players", "player", "table", "builds", "card", "action", "take",
             "value", "hand", "last_card", "built_last_turn"]
    for name in names:
        for value in junk:
            response = client.get("/check", query_string={"card": "9C", "action": "trail",
                                                           name: value})
            assert response.status_code in (200, 422), (name, value)


def test_casino_checks_a_multiple_build_where_the_nordic_games_double(client):
    """Seed 004 (pagat's Casino): 7♦ on 7♣ is a multiple build, and the check page says
    so in the action's choice and the verdict; Norwegian keeps its double."""
    params = [("variant", "classic"), ("table", "7C"), ("table", "KD"), ("card", "7D"),
              ("action", "double"), ("take", "0")]
    response, page = get(client, params)
    assert response.status_code == 200, text(page)[:600]
    said = text(page)
    assert "multiple build" in said and "double" not in said.lower(), said
    assert "Multiple build · value 7" in said
    _r, norwegian = get(client, [("variant", "norwegian"), *params[1:]])
    assert "Double · value 7" in text(norwegian)
