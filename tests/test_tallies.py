"""Rounds recorded as tallies: the round page's tally form and POST /api/v1/score with
tallies or piles. Both refuse counts that cannot be true (RULES §4–6, API.md), with the
message at the field and nothing recorded."""

from __future__ import annotations

import random
import re

import pytest
from conftest import P
from pages import (
    HX,
    SWEDISH_SIDES,
    match_of,
    new_match,
    plain,
    round_of,
    start_round,
    tally_data,
    text,
    version,
)
from played import random_round
from test_api_contract import example_piles

from referee.rules.cards import pack, parse_cards
from referee.rules.reasons import Reason, Why
from referee.rules.round import tally_limits
from referee.rules.scoring import Tally, TallyError, TallyLimits, validate_tallies
from referee.rules.variants import VARIANTS, get_rules

SCORE = "/api/v1/score"
# a card written as a code (10D, 2S, AS) rather than with its suit symbol (10♦, 2♠, A♠)
CODE = re.compile(r"(?<![\w♠♥♦♣])(?:10|[2-9AJQKT])[SHDC]\b")


def _post_tally(client, token, number, sides, **kwargs):
    return client.post(f"/match/{token}/round/{number}/tally",
                       data=tally_data(token, number, sides), **kwargs)


def _tally_page(client, variant="swedish", names=("Ann", "Bo"), **fields):
    token = new_match(client, variant=variant, names=names, **fields)
    return token, start_round(client, token, "tally")


def _field(page: str, fid: str) -> str:
    """The page from the input ``fid`` up to the next input: where its errors stand."""
    start = page.index(f'id="{fid}"')
    end = page.find("<input", start + 1)
    return page[start:end if end != -1 else len(page)]


def plain_text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def _refused(response, token, number) -> str:
    assert response.status_code == 422, plain(response)[:2000]
    assert round_of(token, number).events == []  # nothing recorded
    return text(response)


def _bad(api, body, field):
    status, answer = api(SCORE, body)
    assert status == 400, answer
    assert answer["field"] == field, answer
    assert not CODE.search(answer["error"]), answer["error"]
    return answer["error"]


# a Finnish round of two as API.md's example, with the counts adding up
def _finnish(sweeps=(2, 1), last=(False, False), players=2):
    return {"variant": "finnish", "players": players, "scores": [0, 0], "tallies": [
        {"cards": 27, "spades": 7, "aces": ["AS", "AH"], "big_casino": True,
         "little_casino": False, "sweeps": sweeps[0], "last_capture": last[0]},
        {"cards": 25, "spades": 6, "aces": ["AD", "AC"], "big_casino": False,
         "little_casino": True, "sweeps": sweeps[1], "last_capture": last[1]},
    ]}


def _swedish(sweeps=(2, 0), last=(True, False), **body):
    out = _finnish(sweeps, last)
    out["variant"] = "swedish"
    out.update(body)
    return out


# the most sweeps a side can make: it sweeps at each of its plays, every other player
# trails after each sweep, and it takes every card; the others take none
ALL = {"cards": 52, "spades": 13, "aces": ["AS", "AH", "AD", "AC"], "big_casino": 1,
       "little_casino": 1, "sweeps": 0, "last_capture": True}
NONE = {"cards": 0, "spades": 0, "aces": [], "big_casino": 0, "little_casino": 0, "sweeps": 0,
        "last_capture": False}


def _all_to_one(sweeps, players=2, variant="swedish", **body):
    """A round in which the first side takes every card with ``sweeps`` sweeps; ``sweeps``
    may list the others' too."""
    counts = sweeps if isinstance(sweeps, tuple) else (sweeps,)
    tallies = [dict(ALL if i == 0 else NONE) for i in range(body.pop("sides", players))]
    for tally, count in zip(tallies, counts, strict=False):
        tally["sweeps"] = count
    return {"variant": variant, "players": players, "tallies": tallies, **body}


# -- the tally form on the round page ----------------------------------------------------

def test_tally_round_scores_the_counts(client):
    token = new_match(client)
    number = start_round(client, token, "tally")
    response = client.post(f"/match/{token}/round/{number}/tally",
                           data=tally_data(token, number, SWEDISH_SIDES), follow_redirects=True)
    assert response.status_code == 200
    page = plain(response)
    # 1 cards + 2 spades + 2 aces + 2 big + 1 last + 2 sweeps = 10; 2 aces + 1 little = 3
    assert "round 10 3" in page
    confirm = client.post(f"/match/{token}/round/{number}/confirm",
                          data={"version": version(token, number)})
    assert confirm.status_code == 303
    board = plain(client.get(f"/match/{token}"))
    assert "Ann 10" in board and "Bo 3" in board
    # a round kept by its tallies has no plays to show: its link says what it shows
    assert "The tallies of round 1" in board and "The plays of round" not in board


def test_the_dealers_line_asks_for_the_tallies_only_while_they_are_to_enter(client):
    token = new_match(client)
    number = start_round(client, token, "tally")
    here = f"/match/{token}/round/{number}"
    assert "Bo deals. Count the piles and enter each side's tally." in plain(client.get(here))
    entered = client.post(f"{here}/tally", data=tally_data(token, number, SWEDISH_SIDES),
                          follow_redirects=True)
    assert "Bo deals." in plain(entered) and "Count the piles" not in plain(entered)
    undone = client.post(f"{here}/undo", data={"version": version(token, number)},
                         follow_redirects=True)
    assert "Taken back: the tallies." in plain(undone) and "Count the piles" in plain(undone)
    client.post(f"{here}/tally", data=tally_data(token, number, SWEDISH_SIDES))
    client.post(f"{here}/confirm", data={"version": version(token, number)})
    confirmed = plain(client.get(here))
    assert "Bo dealt." in confirmed and "Count the piles" not in confirmed
    assert "This round is confirmed" in confirmed


# a hyphen-minus standing for minus five, where the pages write "−5": not a "-5" inside a
# link's random token (its letters, digits, "-" and "_" run on around it), as the shared
# links on the scoreboard may hold
HYPHEN_FIVE = re.compile(r"(?<![\w/-])-5(?![\w-])")


def test_krypkasino_points_below_nought_have_a_minus_sign_and_the_fewest_win(client):
    token = new_match(client, variant="krypkasino")
    number = start_round(client, token, "tally")
    aces = ["AS", "AC", "AH", "AD"]
    everything = {"cards": 104, "spades": 26, "aces": aces + [a + "2" for a in aces],
                  "big_casino": 2, "little_casino": 2, "sweeps": 1}
    nothing = {"cards": 0, "spades": 0, "aces": [], "big_casino": 0, "little_casino": 0}
    here = f"/match/{token}/round/{number}"
    response = client.post(f"{here}/tally", data=tally_data(token, number, [everything, nothing]),
                           follow_redirects=True)
    assert response.status_code == 200, plain(response)
    # Ann's sweep takes 5 off Bo, the player before her, who took no penalty point
    # 24 spades (the 2♠ counts as the little casino) + 8 aces + 6 + 4 = 42, and the sweep
    assert "round 47 \u22125" in plain(response) and not HYPHEN_FIVE.search(plain(response))
    # the points are penalties, and said so (RULES §7); the spades row leaves out 2♠,
    # which has its own, beside the count of every spade taken
    assert "The round's penalty points" in plain(response)
    assert "spades taken 26 0" in plain(response)
    assert "spades, 2♠ apart 24 0" in plain(response)
    header = text(client.get(f"/match/{token}/export.csv")).splitlines()[0]
    assert "spades, 2♠ apart" in header
    client.post(f"{here}/confirm", data={"version": version(token, number)})
    board = plain(client.get(f"/match/{token}"))
    assert "Ends at 50 points: the fewest points win" in board
    # each round's table says so too (the totals' narrow column keeps "Points", under
    # "Ends at 50 points: the fewest points win")
    assert "Round 1" in board and "Penalty points" in board
    assert "Bo \u22125" in board and not HYPHEN_FIVE.search(board)
    screen = plain(client.get(f"/match/{token}/tv"))
    assert "ends at 50, the fewest win" in screen and "to 50" not in screen


def test_tally_that_does_not_add_up_is_refused(client):
    token = new_match(client)
    number = start_round(client, token, "tally")
    sides = [dict(SWEDISH_SIDES[0], cards=30), SWEDISH_SIDES[1]]
    response = client.post(f"/match/{token}/round/{number}/tally",
                           data=tally_data(token, number, sides), follow_redirects=True)
    assert response.status_code == 422
    assert "the cards add up to 55, not 52" in plain(response)
    assert match_of(token).rounds[0].events == []


@pytest.mark.parametrize(("language", "said"), [
    ("en", "A♠ is ticked 2 times: there are not that many"),
    ("fi", "A♠ on rastitettu 2 kertaa"),  # the page's language, not English
])
def test_tally_with_an_ace_on_two_sides_is_refused(client, language, said):
    client.set_cookie("lang", language)
    token = new_match(client)
    number = start_round(client, token, "tally")
    sides = [SWEDISH_SIDES[0], dict(SWEDISH_SIDES[1], aces=["AD", "AS"])]
    response = client.post(f"/match/{token}/round/{number}/tally",
                           data=tally_data(token, number, sides), follow_redirects=True)
    assert response.status_code == 422
    assert said in plain(response)


def test_a_tally_from_a_stale_page_keeps_the_counts_as_typed(client):
    token, number = _tally_page(client)
    data = tally_data(token, number, [dict(SWEDISH_SIDES[0], cards=29), SWEDISH_SIDES[1]])
    data["version"] = str(int(data["version"]) + 1)  # another phone was quicker
    response = client.post(f"/match/{token}/round/{number}/tally", data=data, headers=HX)
    assert response.status_code == 409
    page = text(response)
    assert "another phone recorded something first" in plain(response)
    assert 'value="29"' in _field(page, "sides-0-cards")  # nothing typed is lost
    assert round_of(token, number).events == []


def test_a_tally_missing_a_side_is_refused_at_its_boxes(client):
    token, number = _tally_page(client)
    response = _post_tally(client, token, number, SWEDISH_SIDES[:1])
    page = _refused(response, token, number)
    assert "field-error" in _field(page, "sides-1-cards")


def test_tally_round_fragment(client):
    token = new_match(client)
    number = start_round(client, token, "tally")
    part = client.get(f"/match/{token}/round/{number}", headers=HX)
    assert "<html" not in text(part) and 'id="round"' in text(part)
    assert "<html" in text(client.get(f"/match/{token}/round/{number}"))


def test_tally_refuses_more_spades_than_cards(client):
    token = new_match(client)
    number = start_round(client, token, "tally")
    # 5 + 47 = 52 cards and 7 + 6 = 13 spades add up, but 7 spades do not fit in 5 cards
    sides = [dict(SWEDISH_SIDES[0], cards=5), dict(SWEDISH_SIDES[1], cards=47)]
    response = client.post(f"/match/{token}/round/{number}/tally",
                           data=tally_data(token, number, sides))
    assert response.status_code == 422
    assert "more spades than cards" in plain(response)


def test_the_casinos_are_ticked_with_one_pack_and_counted_with_two(client):
    """One 10♦ and one 2♠ in a pack: a side ticks them, as it ticks its aces (a box asking
    "how many" of a card there is one of puzzled two phone reviewers); with two packs
    (Mulle) each is a count from 0 to 2. A tick is one card: 2 points for 10♦, 1 for 2♠."""
    token, number = _tally_page(client, "swedish")
    page = text(client.get(f"/match/{token}/round/{number}"))
    for key in ("big_casino", "little_casino"):
        box = re.search(rf'<input type="checkbox" id="sides-0-{key}"[^>]*>', page)[0]
        assert 'name="sides-0-' + key + '" value="1"' in box and "checked" not in box
    assert "how many" not in plain_text(page)
    assert "10♦ (big casino)" in plain_text(page) and "2♠ (little casino)" in plain_text(page)
    # ticked: the box sends 1; unticked it sends nothing, which counts 0
    sides = [dict(SWEDISH_SIDES[0]), dict(SWEDISH_SIDES[1])]
    del sides[0]["little_casino"], sides[1]["big_casino"]
    response = client.post(f"/match/{token}/round/{number}/tally", follow_redirects=True,
                           data=tally_data(token, number, sides))
    assert response.status_code == 200, plain(response)
    # Ann: cards 1 + spades 2 + aces 2 + 10♦ 2 + last 1 + sweeps 2 = 10; Bo: 2 + 2♠ 1 = 3
    assert "round 10 3" in plain(response)
    mulle, mulle_round = _tally_page(client, "mulle")
    two = text(client.get(f"/match/{mulle}/round/{mulle_round}"))
    assert re.search(r'<input type="number" id="sides-0-big_casino"[^>]*max="2"', two)
    assert "10♦ (big casino): how many" in plain_text(two)


def test_mulle_tally_counts_mulles_five_each(client):
    token = new_match(client, variant="mulle")
    number = start_round(client, token, "tally")
    aces = ["AS", "AC", "AH", "AD"]
    sides = [
        {"cards": 60, "spades": 14, "aces": [*aces, "AS2"], "big_casino": 2,
         "little_casino": 2, "mulle": 2, "last_capture": True},
        {"cards": 44, "spades": 12, "aces": ["AC2", "AH2", "AD2"], "big_casino": 0,
         "little_casino": 0, "mulle": 0},
    ]
    response = client.post(f"/match/{token}/round/{number}/tally", follow_redirects=True,
                           data=tally_data(token, number, sides))
    assert response.status_code == 200, plain(response)
    # side 0: spades 1 + aces 5 + 10♦ 2x2 + 2♠ 1x2 + last 1 + mulle 2x5 = 23
    assert "round 23 3" in plain(response)


def _boxes(page: str, side: int) -> dict[str, object]:
    """What side ``side``'s boxes of a tally form hold, as a phone shows them."""
    numbers = dict(re.findall(rf'name="sides-{side}-(\w+)"[^>]*?value="([^"]*)"', page))
    for key in ("big_casino", "little_casino"):  # one pack: a box ticked or not
        box = re.search(rf'<input type="checkbox" id="sides-{side}-{key}"[^>]*>', page)
        if box:
            numbers[key] = "1" if " checked" in box[0] else "0"
    ticked = re.findall(rf'name="sides-{side}-aces" value="(\w+)" checked', page)
    last = f'name="sides-{side}-last_capture" value="y" checked' in page
    return {**numbers, "aces": ticked, "last_capture": last}


@pytest.mark.parametrize(("variant", "sides"), [
    ("swedish", SWEDISH_SIDES),
    ("mulle", [{"cards": 60, "spades": 14, "aces": ["AS", "AC", "AH", "AD", "AS2"],
                "big_casino": 2, "little_casino": 2, "mulle": 2, "last_capture": True},
               {"cards": 44, "spades": 12, "aces": ["AC2", "AH2", "AD2"], "big_casino": 0,
                "little_casino": 0, "mulle": 0}]),
])
def test_changing_the_tally_keeps_its_counts_to_correct(client, variant, sides):
    """"Change the tally" takes it back with every box as it was sent (two packs' aces,
    the mulles counted as typed), so one count is corrected, not all retyped; a tally
    typed afresh (nothing taken back) starts empty."""
    token, number = _tally_page(client, variant)
    fresh = text(client.get(f"/match/{token}/round/{number}"))
    assert _boxes(fresh, 0)["aces"] == [] and 'name="sides-0-cards" min="0"' in fresh
    assert re.search(r'name="sides-0-cards"[^>]*value=""', fresh)
    assert _post_tally(client, token, number, sides).status_code == 303
    back = client.post(f"/match/{token}/round/{number}/undo", headers=HX,
                       data={"version": version(token, number)})
    assert back.status_code == 200
    for page in (text(back), text(client.get(f"/match/{token}/round/{number}"))):
        for i, side in enumerate(sides):
            shown = _boxes(page, i)
            # the same aces (a second pack's ace may stand in the first pack's box)
            assert sorted(a[:2] for a in shown["aces"]) == sorted(a[:2] for a in side["aces"])
            assert len(set(shown["aces"])) == len(side["aces"])
            assert shown["last_capture"] is bool(side.get("last_capture"))
            for key, value in side.items():
                if key not in ("aces", "last_capture"):
                    assert shown[key] == str(value), (i, key)
    # corrected and sent again: the round takes it (one count changed)
    fixed = [dict(sides[0], cards=sides[0]["cards"] - 1), dict(sides[1],
                                                                cards=sides[1]["cards"] + 1)]
    assert _post_tally(client, token, number, fixed).status_code == 303


def test_krypkasino_tally_scores_a_dubbeltabbe_ten(client):
    token = new_match(client, variant="krypkasino")
    number = start_round(client, token, "tally")
    aces = ["AS", "AC", "AH", "AD"]
    sides = [
        {"cards": 52, "spades": 13, "aces": aces, "big_casino": 1, "little_casino": 1,
         "sweeps": 1, "double_sweeps": 1},
        {"cards": 52, "spades": 13, "aces": [a + "2" for a in aces], "big_casino": 1,
         "little_casino": 1},
    ]
    response = client.post(f"/match/{token}/round/{number}/tally", follow_redirects=True,
                           data=tally_data(token, number, sides))
    assert response.status_code == 200, plain(response)
    # penalties 21 each; the dubbeltabbe +10 to seat 0 and -10 to the player before (seat 1)
    assert "round 31 11" in plain(response)
    bad = [dict(sides[0], sweeps=0, double_sweeps=1), sides[1]]
    token2 = new_match(client, variant="krypkasino")
    number2 = start_round(client, token2, "tally")
    response = client.post(f"/match/{token2}/round/{number2}/tally",
                           data=tally_data(token2, number2, bad))
    assert response.status_code == 422 and "dubbeltabbe" in plain(response)


# -- 1. sweeps: at most one per card the side's players play ------------------------------

ACES = tuple(parse_cards(["AS", "AH", "AD", "AC"]))


def test_validate_tallies_limits_sweeps_to_the_cards_played():
    # a side that sweeps at every one of its plays takes every card (the other must trail
    # after each sweep): 26 sweeps fit 52 cards, but two players play 24 cards each
    a = Tally(52, 13, ACES, 1, 1, 26, True)
    b = Tally(0, 0, (), 0, 0, 0, False)
    validate_tallies([a, b], 1)  # the seating unknown: the sweeps are limited by the pile
    with pytest.raises(TallyError) as refused:
        validate_tallies([a, b], 1, TallyLimits((24, 24)))
    assert refused.value.field == "tallies[0].sweeps"
    assert "play 24 cards in the round" in str(refused.value)
    validate_tallies([Tally(52, 13, ACES, 1, 1, 24, True), b], 1, TallyLimits((24, 24)))


def test_validate_tallies_finnish_counts_the_sweeps_before_the_last_deal():
    a = Tally(50, 13, ACES, 1, 1, 20, False)
    validate_tallies([a, Tally(2, 0, (), 0, 0, 0, False)], 1,
                     TallyLimits((24, 24), last_deal=(4, 4)))
    with pytest.raises(TallyError) as refused:
        validate_tallies([Tally(50, 13, ACES, 1, 1, 0, False),
                          Tally(2, 0, (), 0, 0, 21, False)], 1,
                         TallyLimits((24, 24), last_deal=(4, 4)))
    assert refused.value.field == "tallies[1].sweeps"
    assert "last deal do not score" in str(refused.value) and "at most 20" in str(refused.value)


def test_validate_tallies_sisten_is_one_more_sweep_for_the_last_capture():
    # 24 sweeps and the last capture as one more: 48 cards and the one left on the table
    a = Tally(50, 13, ACES, 1, 1, 25, True)
    b = Tally(2, 0, (), 0, 0, 0, False)
    validate_tallies([a, b], 1, TallyLimits((24, 24), sisten_is_sweep=True))
    with pytest.raises(TallyError):
        validate_tallies([a, b], 1, TallyLimits((24, 24)))
    with pytest.raises(TallyError):
        validate_tallies([Tally(50, 13, ACES, 1, 1, 25, False),
                          Tally(2, 0, (), 0, 0, 0, True)], 1,
                         TallyLimits((24, 24), sisten_is_sweep=True))


def test_page_says_every_count_that_cannot_be_at_once(client):
    # a table that got several counts wrong hears of them all in one answer, each at its
    # place: the cards (60, not 52) and the spades (14, not 13) for the whole tally, and
    # 30 sweeps at the first side's box (two players play 24 cards each)
    token, number = _tally_page(client)
    sides = [dict(SWEDISH_SIDES[0], cards=35, spades=8, sweeps=30), SWEDISH_SIDES[1]]
    page = _refused(_post_tally(client, token, number, sides), token, number)
    said = plain_text(page)
    assert "the cards add up to 60, not 52" in said
    assert "the spades add up to 14, not 13" in said
    assert "at most 24" in _field(page, "sides-0-sweeps")


def test_page_refuses_more_sweeps_than_cards_played(client):
    token, number = _tally_page(client)
    # two players, 4 on the table, 6 deals of 4: each plays 24 cards
    page = _refused(_post_tally(client, token, number,
                                [dict(SWEDISH_SIDES[0], sweeps=30), SWEDISH_SIDES[1]]),
                    token, number)
    assert "at most 24" in _field(page, "sides-0-sweeps")
    ok = _post_tally(client, token, number, [dict(ALL, sweeps=24), NONE], follow_redirects=True)
    assert ok.status_code == 200, plain(ok)


def test_api_refuses_thirty_finnish_sweeps_against_one(api):
    error = _bad(api, _finnish(sweeps=(30, 1)), "tallies[0].sweeps")
    assert "last deal" in error


def test_api_sweeps_limited_by_the_seating(api):
    _bad(api, _swedish(sweeps=(25, 0)), "tallies[0].sweeps")
    status, answer = api(SCORE, _all_to_one(24))
    assert status == 200, answer
    # three players: 4 on the table, 4 deals of 4 each, 16 cards each
    _bad(api, _all_to_one((16, 0, 17), players=3), "tallies[2].sweeps")
    status, answer = api(SCORE, _all_to_one(16, players=3))
    assert status == 200, answer


def test_api_partnership_sweeps_count_both_partners_cards(api):
    # 2 v 2: 12 cards each, 24 a side, and one side may sweep at each of its plays
    body = _all_to_one(24, players=4, sides=2, options={"partnerships": True})
    status, answer = api(SCORE, body)
    assert status == 200, answer
    _bad(api, _all_to_one(25, players=4, sides=2, options={"partnerships": True}),
         "tallies[0].sweeps")


def test_api_sisten_is_sweep_allows_one_more_to_the_last_capture(api):
    # 24 sweeps, one at each play, and the last capture takes the last trailed card
    body = _all_to_one(25, variant="norwegian", options={"sisten_is_sweep": True})
    status, answer = api(SCORE, body)
    assert status == 200, answer
    body["tallies"][1]["sweeps"] = 25
    _bad(api, body, "tallies[1].sweeps")


def test_api_piles_refuse_more_sweeps_than_cards_played(api):
    body = {"variant": "swedish", "players": 2, "piles": example_piles(), "sweeps": [2, 30],
            "last_capture": 0}
    _bad(api, body, "sweeps[1]")


def test_api_piles_refuse_more_sweeps_together_than_every_other_play(api):
    codes = [card.code for card in pack()]
    body = {"variant": "swedish", "players": 2, "piles": [codes[:26], codes[26:]],
            "sweeps": [13, 13], "last_capture": 0}
    assert "after a sweep the next player must trail" in _bad(api, body, "sweeps")
    body["sweeps"] = [13, 11]
    status, answer = api(SCORE, body)
    assert status == 200, answer


def test_the_spades_box_says_the_ace_and_the_two_are_counted_in_it(client):
    # a side's spades are all its spades (RULES §6 most spades; §7 every spade); a
    # player holding A♠ asked whether it counts among them twice over
    token, number = _tally_page(client, "krypkasino")
    page = text(client.get(f"/match/{token}/round/{number}"))
    assert '<label for="sides-0-spades">Spades, A♠ and 2♠ among them</label>' in page


def test_finnish_form_leaves_out_the_last_deal_and_refuses_more(client):
    token, number = _tally_page(client, "finnish")
    page = text(client.get(f"/match/{token}/round/{number}"))
    assert "sweeps in the last deal do not score: leave them out" in plain(
        client.get(f"/match/{token}/round/{number}"))
    # 24 cards each, the last 4 in the last deal: at most 20 sweeps count
    assert 'id="sides-0-sweeps" name="sides-0-sweeps" min="0" max="20"' in page
    sides = [dict(SWEDISH_SIDES[0], sweeps=21, last_capture=False), SWEDISH_SIDES[1]]
    page = _refused(_post_tally(client, token, number, sides), token, number)
    assert "last deal do not score" in _field(page, "sides-0-sweeps")
    # twenty sweeps, one at each play before the last deal, which the other side ends with
    # a capture of two
    sides = [dict(ALL, cards=50, sweeps=20, last_capture=False),
             dict(NONE, cards=2, last_capture=True)]
    assert _post_tally(client, token, number, sides).status_code in (200, 303)


def test_mulle_dealer_plays_a_card_less_in_the_last_deal(client):
    token, number = _tally_page(client, "mulle")  # Bo (seat 2) deals
    page = text(client.get(f"/match/{token}/round/{number}"))
    # 104 - 5 on the table = 99: 9 deals of 5 each, then 5 to Ann and 4 to Bo
    assert 'name="sides-0-sweeps" min="0" max="50"' in page
    assert 'name="sides-1-sweeps" min="0" max="49"' in page


# -- 2. the last capture -------------------------------------------------------------------

def test_page_needs_the_last_capture_where_it_scores(client):
    token, number = _tally_page(client)
    sides = [dict(SWEDISH_SIDES[0], last_capture=False), SWEDISH_SIDES[1]]
    page = _refused(_post_tally(client, token, number, sides), token, number)
    assert "one side made the last capture" in plain_text(page)


def test_api_needs_the_last_capture_where_it_scores(api):
    error = _bad(api, _swedish(last=(False, False)), "tallies")
    assert "last capture" in error
    status, answer = api(SCORE, _finnish(last=(False, False)))  # it scores nothing there
    assert status == 200, answer
    body = {"variant": "swedish", "players": 2, "piles": example_piles(), "sweeps": [2, 0]}
    _bad(api, body, "last_capture")


@pytest.mark.parametrize("variant", ["finnish", "classic", "royal", "mulle-glimne",
                                     "krypkasino"])
def test_no_last_capture_box_where_it_scores_nothing(client, variant):
    token, number = _tally_page(client, variant)
    response = client.get(f"/match/{token}/round/{number}")
    assert "last_capture" not in text(response)
    assert "last capture" not in plain(response)


@pytest.mark.parametrize("variant", ["swedish", "norwegian", "danish", "overspader", "mulle"])
def test_last_capture_box_where_it_scores(client, variant):
    token, number = _tally_page(client, variant)
    assert 'name="sides-1-last_capture"' in text(client.get(f"/match/{token}/round/{number}"))


@pytest.mark.parametrize(("variant", "first"), [
    ("royal", "sides-0-big_casino"),  # counted out before the aces (RULES §8)
    ("swedish", "sides-0-aces"), ("finnish", "sides-0-aces"), ("krypkasino", "sides-0-aces")])
def test_the_tally_asks_for_the_aces_and_the_casinos_in_the_order_they_score(client, variant,
                                                                             first):
    token, number = _tally_page(client, variant)
    page = text(client.get(f"/match/{token}/round/{number}"))
    aces, casino = page.index('name="sides-0-aces"'), page.index('name="sides-0-big_casino"')
    assert (aces < casino) == (first == "sides-0-aces")
    assert page.index('name="sides-0-spades"') < min(aces, casino)


# -- 3. limits follow the pack ------------------------------------------------------------

def test_one_pack_limits_in_the_messages(client):
    token, number = _tally_page(client)
    sides = [dict(SWEDISH_SIDES[0], cards=60, spades=20, big_casino=2), SWEDISH_SIDES[1]]
    page = _refused(_post_tally(client, token, number, sides), token, number)
    assert "Write a whole number from 0 to 52." in _field(page, "sides-0-cards")
    assert "Write a whole number from 0 to 13." in _field(page, "sides-0-spades")
    assert "Write a whole number from 0 to 1." in _field(page, "sides-0-big_casino")
    assert "104" not in plain_text(page) and "26" not in plain_text(page)


@pytest.mark.parametrize(("written", "box"), [("abc", "cards"), ("", "cards"), ("-1", "spades"),
                                              ("2.5", "sweeps"), ("x", "big_casino")])
def test_a_count_that_is_not_a_whole_number_in_range_gets_one_sentence(client, written, box):
    """Not a number, nothing where a number must be, or a number out of range: one
    sentence at the box, in the app's words, never the form library's two."""
    token, number = _tally_page(client)
    sides = [dict(SWEDISH_SIDES[0], **{box: written}), SWEDISH_SIDES[1]]
    page = _refused(_post_tally(client, token, number, sides), token, number)
    most = {"cards": 52, "spades": 13, "sweeps": 52, "big_casino": 1}[box]
    errors = re.findall(r'<p class="field-error"[^>]*>([^<]*)</p>', _field(page, f"sides-0-{box}"))
    assert errors == [f"Write a whole number from 0 to {most}."]


def test_two_pack_limits_in_the_messages_and_inputs(client):
    token, number = _tally_page(client, "mulle")
    page = text(client.get(f"/match/{token}/round/{number}"))
    for fid, most in (("cards", 104), ("spades", 26), ("big_casino", 2), ("little_casino", 2)):
        assert f'id="sides-0-{fid}" name="sides-0-{fid}" min="0" max="{most}"' in page
    sides = [{"cards": 110, "spades": 30, "aces": [], "big_casino": 3}, {"cards": 0, "spades": 0}]
    page = _refused(_post_tally(client, token, number, sides), token, number)
    assert "Write a whole number from 0 to 104." in _field(page, "sides-0-cards")
    assert "Write a whole number from 0 to 26." in _field(page, "sides-0-spades")
    assert "Write a whole number from 0 to 2." in _field(page, "sides-0-big_casino")


def test_one_pack_inputs(client):
    token, number = _tally_page(client)
    page = text(client.get(f"/match/{token}/round/{number}"))
    for fid, most in (("cards", 52), ("spades", 13)):
        assert f'id="sides-0-{fid}" name="sides-0-{fid}" min="0" max="{most}"' in page
    for fid in ("big_casino", "little_casino"):  # one of each: a box to tick
        assert f'type="checkbox" id="sides-0-{fid}" name="sides-0-{fid}" value="1"' in page


# -- 4. cards in messages are written with suit symbols -----------------------------------

def test_api_tally_messages_write_cards_with_symbols(api):
    body = _swedish()
    body["tallies"][1]["aces"] = ["AD", "AC", "AS"]
    assert "A♠ appears twice" in _bad(api, body, "tallies[1].aces[2]")
    body["tallies"][1]["aces"] = ["AD", "KC"]
    assert "K♣ is not an ace" in _bad(api, body, "tallies[1].aces[1]")
    piles = example_piles()
    piles[0].remove("10D")
    error = _bad(api, {"variant": "swedish", "piles": piles, "last_capture": 0}, "piles")
    assert "10♦" in error
    piles = example_piles()
    piles[1][7] = "AS"
    assert "A♠ appears twice" in _bad(api, {"variant": "swedish", "piles": piles,
                                           "last_capture": 0}, "piles[1][7]")


@pytest.mark.parametrize("changes", [
    {"big_casino": (False, False)}, {"big_casino": (True, True)},
    {"little_casino": (True, True)}, {"aces": (["AS", "AH"], ["AD"])},
    {"aces": (["AS", "AH", "AD"], ["AD", "AC"])}, {"spades": (0, 13)},
    {"cards": (2, 50)}, {"last_capture": (True, True)},
])
def test_every_tally_refusal_writes_cards_with_symbols(api, changes):
    body = _swedish()
    for key, values in changes.items():
        for tally, value in zip(body["tallies"], values, strict=True):
            tally[key] = value
    status, answer = api(SCORE, body)
    assert status == 400, answer
    assert not CODE.search(answer["error"]), answer["error"]


def test_two_pack_ace_messages(api):
    aces = ["AS", "AH", "AD", "AC"]
    body = {"variant": "mulle", "players": 2, "tallies": [
        {"cards": 60, "spades": 14, "aces": [*aces, "AS"], "big_casino": 1, "little_casino": 1,
         "last_capture": True},
        {"cards": 44, "spades": 12, "aces": ["AS", "AH", "AD"], "big_casino": 1,
         "little_casino": 1},
    ]}
    error = _bad(api, body, "tallies[1].aces[0]")
    assert "A♠ appears 3 times" in error and "two packs have two" in error


# -- 5. bad input: a message, nothing recorded, never 500 -------------------------------------

@pytest.mark.parametrize("side", [
    {"cards": "x"}, {"cards": -1}, {"cards": 10**12}, {"sweeps": -3}, {"sweeps": 10**9},
    {"aces": ["ZZ", "AS2", "AS3"]}, {"mulle": 3}, {"double_sweeps": 99},
])
def test_page_bad_tally_input_is_422_never_500(client, side):
    token, number = _tally_page(client)
    response = _post_tally(client, token, number, [dict(SWEDISH_SIDES[0], **side),
                                                   SWEDISH_SIDES[1]])
    assert response.status_code in (200, 303, 422)  # ignored fields may pass
    if response.status_code == 422:
        assert 'class="field-error"' in text(response)
        assert round_of(token, number).events == []


@pytest.mark.parametrize("tally", [
    {"sweeps": 10**9}, {"sweeps": 53}, {"double_sweeps": 3, "sweeps": 2}, {"sweeps": 1.5},
    {"cards": 10**20}, {"aces": ["AS", "AS2"]}, {"last_capture": None},
])
def test_api_bad_tally_input_is_400_never_500(api, tally):
    body = _swedish()
    body["tallies"][0].update(tally)
    status, answer = api(SCORE, body)
    assert status == 400, answer
    assert isinstance(answer.get("field"), str) and answer["field"].startswith("tallies")




def test_boxes_the_variant_does_not_show_count_for_nothing(client):
    token, number = _tally_page(client)
    # Swedish has no mulle and no dubbeltabbe: a posted value scores nothing
    sides = [dict(SWEDISH_SIDES[0], mulle=3, double_sweeps=1), SWEDISH_SIDES[1]]
    response = _post_tally(client, token, number, sides, follow_redirects=True)
    assert response.status_code == 200, plain(response)
    assert "round 10 3" in plain(response)


# -- 6. what a real table can produce (RULES §4-7) ------------------------------------------

def _accepted(tallies, rules, players=2, dealer=None):
    validate_tallies(tallies, rules.packs, tally_limits(rules, players, dealer))


def _refused_by(tallies, rules, players=2, dealer=None):
    with pytest.raises(TallyError) as refused:
        _accepted(tallies, rules, players, dealer)
    return refused.value


def test_the_sides_together_sweep_at_most_every_other_play_rules_5():
    # after a sweep the next player must trail: of 48 plays at most 24 sweep, though each
    # side alone could make 24 and 13 sweeps fit each side's 26 cards
    rules = get_rules("swedish")
    a = Tally(26, 7, tuple(parse_cards(["AS", "AH"])), 1, 0, 13, True)
    b = Tally(26, 6, tuple(parse_cards(["AD", "AC"])), 0, 1, 13, False)
    refused = _refused_by([a, b], rules)
    assert refused.field == "tallies"
    assert refused.why == Reason.of(Why.TALLY_SWEEPS_TOGETHER, count=26, plays=48, most=24)
    _accepted([a, Tally(26, 6, b.aces, 0, 1, 11, False)], rules)
    # Finnish: only the 40 plays before the last deal count, so at most 20
    finnish = get_rules("finnish")
    c = Tally(26, 7, a.aces, 1, 0, 11, False)
    d = Tally(26, 6, b.aces, 0, 1, 10, False)
    assert _refused_by([c, d], finnish).why == Reason.of(
        Why.TALLY_SWEEPS_TOGETHER, count=21, plays=40, most=20)
    # the last capture as a sweep may add one: 48 plays, 25 sweeps
    sisten = get_rules("norwegian", {"sisten_is_sweep": True})
    e = Tally(52, 13, ACES, 1, 1, 25, True)
    _accepted([e, Tally(0, 0, (), 0, 0, 0, False)], sisten)
    assert _refused_by([Tally(40, 13, ACES, 1, 1, 20, True), Tally(12, 0, (), 0, 0, 6, False)],
                       sisten).why.code is Why.TALLY_SWEEPS_TOGETHER_SISTEN


def test_api_refuses_more_sweeps_together_than_every_other_play(api):
    body = _swedish(sweeps=(13, 13))
    for tally, cards, spades in zip(body["tallies"], (26, 26), (7, 6), strict=True):
        tally.update(cards=cards, spades=spades)
    error = _bad(api, body, "tallies")
    assert "after a sweep the next player must trail" in error


def test_each_sweep_takes_a_table_card_with_the_card_played_rules_5():
    # two sweeps put at least four cards in the side's pile
    rules = get_rules("swedish")
    a = Tally(49, 13, ACES, 1, 1, 0, True)
    b = Tally(3, 0, (), 0, 0, 2, False)
    refused = _refused_by([a, b], rules)
    assert refused.field == "tallies[1].sweeps"
    assert refused.why == Reason.of(Why.TALLY_SWEEPS_CARDS, count=2, least=4, pile=3)
    _accepted([Tally(48, 13, ACES, 1, 1, 0, True), Tally(4, 0, (), 0, 0, 2, False)], rules)
    # the last capture counted as a sweep brings at least the card left on the table, beside
    # an earlier capture: 25 sweeps so need at least 49 cards
    sisten = get_rules("swedish", {"sisten_is_sweep": True})
    _accepted([Tally(49, 13, ACES, 1, 1, 25, True), Tally(3, 0, (), 0, 0, 0, False)], sisten)
    assert _refused_by([Tally(48, 13, ACES, 1, 1, 25, True), Tally(4, 0, (), 0, 0, 0, False)],
                       sisten).why == Reason.of(Why.TALLY_SWEEPS_CARDS, count=25, least=49,
                                                pile=48)


def test_a_side_without_cards_made_no_last_capture_rules_4():
    rules = get_rules("swedish")
    a = Tally(52, 13, ACES, 1, 1, 0, False)
    b = Tally(0, 0, (), 0, 0, 0, True)
    refused = _refused_by([a, b], rules)
    assert refused.field == "tallies[1].last_capture"
    assert refused.why == Reason.of(Why.TALLY_LAST_NO_CARDS, pile=0)


def test_krypkasino_sweeps_need_cards_in_the_pile_rules_7():
    rules = get_rules("krypkasino")
    aces = tuple(parse_cards(["AS", "AH", "AD", "AC"]))
    a = Tally(104, 26, aces + aces, 2, 2, 0, False)
    b = Tally(0, 0, (), 0, 0, 1, False, double_sweeps=1)
    refused = _refused_by([a, b], rules)
    assert refused.field == "tallies[1].sweeps"
    assert refused.why == Reason.of(Why.TALLY_SWEEPS_CARDS, count=1, least=2, pile=0)
    _accepted([Tally(102, 26, aces + aces, 2, 2, 0, False),
               Tally(2, 0, (), 0, 0, 1, False, double_sweeps=1)], rules)


def test_listed_aces_must_be_aces():
    refused = _refused_by([Tally(26, 7, tuple(parse_cards(["AS", "KC"])), 1, 0, 0, True),
                           Tally(26, 6, tuple(parse_cards(["AD", "AC"])), 0, 1, 0, False)],
                          get_rules("swedish"))
    assert refused.field == "tallies[0].aces[1]"
    assert refused.why == Reason.of(Why.TALLY_NOT_ACE, card=P("KC"))


def _mulle_tallies(mulle, cards=4):
    aces = tuple(parse_cards(["AS", "AH", "AD", "AC"]))
    return [Tally(104 - cards, 26, aces + aces, 2, 2, 0, True),
            Tally(cards, 0, (), 0, 0, 0, False, mulle)]


def test_mulle_points_are_what_the_mulles_can_score_rules_6():
    # Mulle: 5 for each mulle, and each takes a card and its identical twin
    mulle = get_rules("mulle")
    _accepted(_mulle_tallies(10), mulle)
    assert _refused_by(_mulle_tallies(7), mulle).why == Reason.of(
        Why.TALLY_MULLE_STEP, points=7, value=5)
    refused = _refused_by(_mulle_tallies(15), mulle)
    assert refused.field == "tallies[1].mulle"
    assert refused.why == Reason.of(Why.TALLY_MULLE_VALUE, points=15, pile=4, most=10)
    # Kortspelshandboken: the card's value from the hand, at most 10♦'s 16 and 2♠'s 15 with
    # four cards
    glimne = get_rules("mulle-glimne")
    _accepted(_mulle_tallies(31), glimne)
    assert _refused_by(_mulle_tallies(32), glimne).why == Reason.of(
        Why.TALLY_MULLE_VALUE, points=32, pile=4, most=31)


def test_kortspelshandboken_places_the_aces_of_spades_alone_rules_6():
    """RULES §6: in Mulle (Kortspelshandboken) A♠ scores 2 as a spade and the other aces
    nothing, so a tally gives the two A♠ and need not give the rest (a Mulle phone review
    had to tick all eight aces); the other aces, if given, still are each in one pile."""
    glimne = get_rules("mulle-glimne")
    spades = tuple(parse_cards(["AS", "AS"]))
    only = [Tally(100, 26, spades, 2, 2, 0, True), Tally(4, 0, (), 0, 0, 0, False, 0)]
    _accepted(only, glimne)
    _accepted(_mulle_tallies(0), glimne)  # every ace given, as before
    none = [Tally(100, 26, (), 2, 2, 0, True), Tally(4, 0, (), 0, 0, 0, False, 0)]
    assert _refused_by(none, glimne).why == Reason.of(Why.TALLY_ACES, total=0, whole=2)
    # plain Mulle scores each ace: all eight, as ever
    assert _refused_by(only, get_rules("mulle")).why == Reason.of(
        Why.TALLY_ACES, total=2, whole=8)


def test_the_kortspelshandboken_tally_asks_only_for_the_aces_of_spades(client):
    token = new_match(client, variant="mulle-glimne")
    number = start_round(client, token, "tally")
    body = text(client.get(f"/match/{token}/round/{number}"))
    assert re.findall(r'name="sides-0-aces" value="(\w+)"', body) == ["AS", "AS2"]
    token = new_match(client, variant="mulle")
    number = start_round(client, token, "tally")
    body = text(client.get(f"/match/{token}/round/{number}"))
    assert len(re.findall(r'name="sides-0-aces" value="(\w+)"', body)) == 8


@pytest.mark.parametrize(("variant", "options"), [
    *((variant, None) for variant in sorted(VARIANTS)),
    ("swedish", {"sisten_is_sweep": True}), ("norwegian", {"sisten_is_sweep": True}),
    ("danish", {"sisten_is_sweep": True}),
])
def test_the_tallies_of_rounds_played_out_are_always_accepted(variant, options):
    # whatever a real table produces passes: the counts of random rounds of legal plays
    rng = random.Random(f"tallies-{variant}-{options}")
    for _ in range(8):
        r = random_round(variant, rng, options)
        assert r.finished and r.last_capturer is not None  # (the round is tallied whole)
        _accepted(r.tallies(), r.rules, r.players, r.dealer)


def test_royal_casino_points_read_in_the_order_the_match_is_counted_out(client):
    """RULES §8: Royal Casino counts out cards, spades, 10♦, 2♠, aces, sweeps; its table of
    points has its rows in that order, and the win names the points that reached the
    target first (here the cards: Ann needs 3, Bo 1, and the cards come first)."""
    token, number = _tally_page(client, "royal", target=3)
    sides = [dict(SWEDISH_SIDES[0], sweeps=0, last_capture=False),
             dict(SWEDISH_SIDES[1], sweeps=0)]
    page = plain(_post_tally(client, token, number, sides, follow_redirects=True))
    rows = ["most cards", "most spades", "10♦ (big casino)", "2♠ (little casino)", "aces"]
    at = [page.index(f" {row} ") for row in rows]
    assert at == sorted(at), page
    assert ("Ann reaches 3 (target 3) first, counting out, with cards, and wins" in page)
    client.post(f"/match/{token}/round/{number}/confirm",
                data={"version": version(token, number)})
    board = plain(client.get(f"/match/{token}"))
    assert "Ann reaches 3 (target 3) first, counting out, with cards, and wins" in board
    at = [board.index(f" {row} ") for row in rows]  # the round's table on the scoreboard
    assert at == sorted(at), board
