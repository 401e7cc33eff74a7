"""The rule book (GET /rules, /rules/<variant>): what the pages say, checked against RULES.md.

The expected numbers are copied from shared/RULES.md, so a page that drifts from
the rule book (or an engine that does) fails here.
"""

from __future__ import annotations

import re
from dataclasses import replace
from html import unescape

import pytest
from conftest import P
from test_pages_match import declared

from referee.rulebook.summary import describe
from referee.rules.cards import pack
from referee.rules.scoring import Category, Tally, score_round
from referee.rules.variants import VARIANTS

# RULES.md: the ten variants
IDS = ["swedish", "finnish", "norwegian", "danish", "classic", "royal", "overspader", "mulle",
       "mulle-glimne", "krypkasino"]


def page(client, path: str, headers=None) -> tuple[int, str]:
    response = client.get(path, headers=headers or {})
    return response.status_code, response.get_data(as_text=True)


def text(html: str) -> str:
    """What a reader sees: inline tags vanish, block tags separate words."""
    html = re.sub(r"</?(?:a|b|em|small|span|strong)\b[^>]*>", "", html)
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html))).strip()


def section(body: str, section_id: str) -> str:
    match = re.search(rf'<section class="panel" id="{section_id}">(.*?)</section>', body, re.S)
    assert match, f"no section {section_id}"
    return text(match[1])


def row(body: str, row_id: str) -> list[str]:
    """The cells of a table row, as text."""
    match = re.search(rf'<tr id="{row_id}"[^>]*>(.*?)</tr>', body, re.S)
    assert match, f"no row {row_id}"
    return [text(cell) for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", match[1], re.S)]


# -- the index --------------------------------------------------------------------

def test_the_index_lists_all_ten_variants(client):
    status, body = page(client, "/rules")
    assert status == 200
    assert sorted(VARIANTS) == sorted(IDS)
    for variant_id in IDS:
        variant = VARIANTS[variant_id]
        assert f'href="/rules/{variant_id}"' in body
        item = re.search(rf'<li id="variant-{variant_id}">(.*?)</li>', body, re.S)[1]
        assert variant.name in unescape(item)
        assert variant.description in unescape(item)
    assert len(re.findall(r'<li id="variant-', body)) == 10


def test_each_index_entry_is_one_link_with_its_description(client):
    _status, body = page(client, "/rules")
    for variant_id in IDS:
        item = re.search(rf'<li id="variant-{variant_id}">(.*?)</li>', body, re.S)[1]
        link = re.search(r'<a href="/rules/[^"]+">(.*?)</a>', item, re.S)[1]
        assert VARIANTS[variant_id].description in unescape(link)
    css = client.get("/static/app.css").get_data(as_text=True)
    assert declared(css, "ul.rulebook-index a")["display"] == "block"


def test_the_index_as_a_fragment(client):
    status, body = page(client, "/rules", {"HX-Request": "true"})
    assert status == 200
    assert "<html" not in body
    assert 'href="/rules/krypkasino"' in body


@pytest.mark.parametrize("variant_id", IDS)
def test_every_variant_page_answers(client, variant_id):
    status, body = page(client, f"/rules/{variant_id}")
    assert status == 200
    assert f"<h1>{VARIANTS[variant_id].name}</h1>" in body
    for part in ("overview", "deal", "values", "building", "match", "house-rules", "decisions"):
        assert f'id="{part}"' in body


def test_an_unknown_variant_is_a_404(client):
    status, body = page(client, "/rules/poker")
    assert status == 404
    said = text(body)
    assert "There is no variant called “poker”" in said
    assert "norwegian" in said and "krypkasino" in said


# -- capture values: RULES.md §2 -------------------------------------------------------

# variant: (A hand, A table, 10♦ hand, 10♦ table, 2♠ hand, 2♠ table)
VALUES = {
    "swedish": ("1 or 14", "1 or 14", "10", "10", "2", "2"),
    "overspader": ("1 or 14", "1 or 14", "10", "10", "2", "2"),
    "mulle": ("1 or 14", "1 or 14", "10", "10", "2", "2"),
    "finnish": ("14", "1", "16", "10", "15", "2"),
    "norwegian": ("14", "1", "16", "10", "15", "2"),
    "mulle-glimne": ("14", "1", "16", "10", "15", "2"),
    "danish": ("1 or 14", "1 or 14", "10 or 16", "10 or 16", "2 or 15", "2 or 15"),
    "classic": ("1", "1", "10", "10", "2", "2"),
    "royal": ("1 or 14", "1 or 14", "10", "10", "2", "2"),
    "krypkasino": ("14", "1", "10", "10", "2", "2"),
}


@pytest.mark.parametrize("variant_id", IDS)
def test_capture_values_as_in_the_rule_book(client, variant_id):
    _status, body = page(client, f"/rules/{variant_id}")
    a_hand, a_table, big_hand, big_table, little_hand, little_table = VALUES[variant_id]
    assert row(body, "value-A")[1:] == [a_hand, a_table]
    assert row(body, "value-10D")[1:] == [big_hand, big_table]
    assert row(body, "value-2S")[1:] == [little_hand, little_table]
    courts = [row(body, f"value-{rank}")[1:] for rank in "JQK"]
    if variant_id == "classic":  # courts only pair: said once, across both columns
        assert courts == [["no number: it only pairs a card of its own rank"]] * 3
        assert re.search(r'<tr id="value-J">.*?<td class="words" colspan="2">', body, re.S)
    else:
        assert courts == [["11", "11"], ["12", "12"], ["13", "13"]]


def test_norwegian_big_casino_is_16_from_the_hand_and_10_on_the_table(client):
    _status, body = page(client, "/rules/norwegian")
    cells = row(body, "value-10D")
    assert cells == ["10♦", "16", "10"]


# -- the deal: RULES.md §4 --------------------------------------------------------------

def test_default_deals(client):
    _status, body = page(client, "/rules/swedish")
    assert row(body, "deal-2") == ["2", "4", "6 deals of 4 cards each"]
    assert row(body, "deal-3") == ["3", "4", "4 deals of 4 cards each"]
    assert row(body, "deal-4") == ["4", "4", "3 deals of 4 cards each"]
    assert 'id="deal-5"' not in body


def test_norwegian_five_players_start_with_a_half_deal(client):
    # 52 = 2 on the table + 10 (a half deal of 2 each) + 40 (two deals of 4 each)
    _status, body = page(client, "/rules/norwegian")
    players, table, deals = row(body, "deal-5")
    assert (players, table) == ("5", "2")
    assert deals == "1 deal of 2 cards each; then 2 deals of 4 cards each"


def test_mulle_deals_five_and_the_dealer_may_get_fewer(client):
    # 104 - 5 on the table = 99 = 9 deals of 5 each to two players, then 5 and 4
    _status, body = page(client, "/rules/mulle")
    _players, table, deals = row(body, "deal-2")
    assert table == "5"
    assert deals.startswith("9 deals of 5 cards each; then 1 deal of 5, 4 cards")


def test_mulle_glimne_starts_with_eight_on_the_table(client):
    _status, body = page(client, "/rules/mulle-glimne")
    assert row(body, "deal-2")[1] == "8"
    assert "2 packs" in section(body, "overview")


# -- building: RULES.md §3.2 --------------------------------------------------------------

@pytest.mark.parametrize(("variant_id", "mode"), [
    ("swedish", "no building"), ("finnish", "no building"), ("overspader", "no building"),
    ("mulle", "no building"), ("krypkasino", "no building"),
    ("norwegian", "Norwegian building"), ("danish", "Danish building"),
    ("classic", "Anglo-American building"), ("royal", "Anglo-American building"),
    ("mulle-glimne", "Anglo-American building"),
])
def test_building_modes(client, variant_id, mode):
    _status, body = page(client, f"/rules/{variant_id}")
    assert section(body, "building").startswith(f"Building: {mode}")


def test_swedish_says_there_is_no_building(client):
    _status, body = page(client, "/rules/swedish")
    said = section(body, "building")
    assert "There is no building and no doubling" in said
    assert "own several builds" not in said


def test_norwegian_building_in_plain_words(client):
    _status, body = page(client, "/rules/norwegian")
    said = section(body, "building")
    assert "exactly one loose table card" in said
    assert "only one build at a time" in said
    assert "may not raise their own build, but may double it" in said
    assert "locked build cannot be raised" in said
    assert "must hold another card that captures it" in said


def test_danish_builders_may_raise_their_own_and_must_capture_next(client):
    _status, body = page(client, "/rules/danish")
    said = section(body, "building")
    assert "may raise their own build" in said
    assert "must capture something on their next turn" in said


def test_classic_courts_do_not_build(client):
    _status, body = page(client, "/rules/classic")
    said = section(body, "building")
    assert "Court cards have no number and cannot be built" in said
    assert "several builds at once" in said
    royal = section(page(client, "/rules/royal")[1], "building")
    assert "Court cards" not in royal


# -- points: RULES.md §6 ---------------------------------------------------------------------

# variant: most cards, each ace, big casino, little casino, last capture, each sweep
POINTS = {
    "swedish": ("1", "1", "2", "1", "1", "1"),
    "finnish": ("1", "1", "2", "1", "not scored", "1"),
    "norwegian": ("1", "1", "2", "1", "1", "1"),
    "danish": ("1", "1", "2", "1", "1", "1"),
    "classic": ("3", "1", "2", "1", "not scored", "not scored"),
    "royal": ("3", "1", "2", "1", "not scored", "not scored"),
    "overspader": ("1", "1", "2", "1", "1", "1"),
    "mulle": ("not scored", "1", "2 each", "1 each", "1", "1"),
    "mulle-glimne": ("not scored", "not scored", "3 each", "2 each", "not scored", "1"),
}


@pytest.mark.parametrize("variant_id", list(POINTS))
def test_points_as_in_the_rule_book(client, variant_id):
    _status, body = page(client, f"/rules/{variant_id}")
    cells = [row(body, f"points-{key}")[1] for key in
             ("most_cards", "ace", "big_casino", "little_casino", "last_capture", "sweep")]
    assert tuple(cells) == POINTS[variant_id]


@pytest.mark.parametrize(("variant_id", "spades"), [
    ("swedish", "2 for most spades"), ("finnish", "2 for most spades"),
    ("norwegian", "1 for most spades"), ("danish", "2 for most spades"),
    ("classic", "1 for most spades"), ("overspader", "1 for each spade over 6"),
    ("mulle", "1 for most spades"),
    ("mulle-glimne", "1 for each spade, 2 for A♠ (2♠ scores as little casino)"),
])
def test_spades(client, variant_id, spades):
    _status, body = page(client, f"/rules/{variant_id}")
    assert row(body, "points-spades")[1] == spades


@pytest.mark.parametrize(("variant_id", "worth"), [
    ("swedish", "Without sweeps a round is worth 11 points."),
    ("danish", "Without sweeps a round is worth 11 points."),
    ("finnish", "Without sweeps a round is worth 10 points."),
    ("norwegian", "Without sweeps a round is worth 10 points."),
    ("classic", "A round is worth 11 points."),
    ("royal", "A round is worth 11 points."),
    ("overspader", "Without sweeps a round is worth 9 points, plus 1 for each spade over 6"),
])
def test_what_a_round_is_worth(client, variant_id, worth):
    _status, body = page(client, f"/rules/{variant_id}")
    assert worth in section(body, "points")


def test_mulle_scores_a_lone_identical_card_5(client):
    _status, body = page(client, "/rules/mulle")
    assert row(body, "points-mulle")[1].startswith("5 for each mulle")
    glimne = row(page(client, "/rules/mulle-glimne")[1], "points-mulle")[1]
    assert "14 for an ace, 16 for 10♦" in glimne


# -- sweeps: RULES.md §5 ----------------------------------------------------------------------

def test_finnish_sweeps(client):
    _status, body = page(client, "/rules/finnish")
    said = section(body, "sweeps")
    assert "Sweeps made in the last deal do not score." in said
    assert "10 or more match points" in said
    assert "Sweeps cancel" in said


def test_only_finnish_restricts_sweeps(client):
    for variant_id in ("swedish", "norwegian", "danish", "mulle"):
        said = section(page(client, f"/rules/{variant_id}")[1], "sweeps")
        assert "last deal" not in said


def test_danish_cancels_sweeps_and_has_the_five_of_spades_rule(client):
    _status, body = page(client, "/rules/danish")
    said = section(body, "sweeps")
    assert "Sweeps cancel" in said
    assert "5♠ may capture the whole table" in said
    norwegian = section(page(client, "/rules/norwegian")[1], "sweeps")
    assert "There is no 5♠ rule" in norwegian
    assert "Sweeps do not cancel" in norwegian


def test_sweeps_do_not_score_in_classic_and_only_by_house_rule_in_royal(client):
    assert "Sweeps do not score in" in section(page(client, "/rules/classic")[1], "sweeps")
    royal = page(client, "/rules/royal")[1]
    assert "unless the table plays the house rule" in section(royal, "sweeps")
    assert 'id="house-royal_sweeps"' in royal


# -- Krypkasino: RULES.md §7 ------------------------------------------------------------------

def test_krypkasino_penalties(client):
    _status, body = page(client, "/rules/krypkasino")
    said = section(body, "krypkasino")
    assert "42 penalty points in every round." in said
    assert "Capture is compulsory" in said
    # RULES §7 "the player before them", on the first play the dealer (DECISIONS.md)
    assert ("takes 5 from the player before them (the dealer, when the sweep is the round's "
            "first play)") in said.replace("&#39;", "'")
    assert row(body, "penalty-big_casino")[1] == "3"
    assert row(body, "penalty-little_casino")[1] == "2"
    assert row(body, "penalty-ace_of_spades")[1] == "2"
    assert row(body, "penalty-ace")[1] == "1"
    assert row(body, "penalty-spade")[1] == "1"
    assert 'id="points"' not in body  # no points to win, only penalties
    assert "2 to 6" in section(body, "overview")
    assert "2 packs" in section(body, "overview")


def test_krypkasino_match_and_decisions(client):
    _status, body = page(client, "/rules/krypkasino")
    assert "The target is 50 points." in section(body, "match")
    assert "fewest points wins" in section(body, "match")
    decisions = section(body, "decisions")
    assert "must be maximal" in decisions
    assert "reaches 50 penalty points" in decisions
    # the engine plays another round when the fewest points are tied
    assert "If the fewest points are tied, another round is played." in section(body, "match")


# -- the match: RULES.md §8 --------------------------------------------------------------------

@pytest.mark.parametrize(("variant_id", "target", "how"), [
    ("swedish", 16, "the most spades in that round"),
    ("norwegian", 16, "the most spades in that round"),
    ("overspader", 21, "the most spades in that round"),
    ("finnish", 16, "the highest total wins"),
    ("danish", 21, "another round is played"),
    ("classic", 21, "another round is played"),
    ("royal", 21, "most cards, most spades, 10♦, 2♠, the aces (♠ ♣ ♥ ♦), then sweeps"),
    ("mulle", 50, "another round is played"),
    ("mulle-glimne", 50, "another round is played"),
])
def test_targets_and_match_end(client, variant_id, target, how):
    _status, body = page(client, f"/rules/{variant_id}")
    said = section(body, "match")
    assert f"The target is {target} points." in said
    assert how in said


def test_finnish_counts_out_with_aces_and_casinos_at_once(client):
    said = section(page(client, "/rules/finnish")[1], "match")
    assert "credited the moment they are captured" in said
    assert "then most cards, then sweeps" in said


# -- house rules and decisions ------------------------------------------------------------------

def test_house_rules_follow_the_engine(client):
    norwegian = page(client, "/rules/norwegian")[1]
    assert "usually 16" in section(norwegian, "house-rules")
    assert 'id="house-multiple_builds"' in norwegian
    swedish = page(client, "/rules/swedish")[1]
    assert 'id="house-multiple_builds"' not in swedish  # nothing to build
    assert 'id="house-royal_sweeps"' not in swedish
    # RULES §5: cancellation is Finnish's rule (no house rule turns it off), Danish's default
    finnish = page(client, "/rules/finnish")[1]
    assert 'id="house-sweep_cancellation"' not in finnish
    assert "Sweeps cancel:" in section(finnish, "sweeps")
    danish = section(page(client, "/rules/danish")[1], "house-rules")
    assert "Sweeps cancel each other: on unless the table agrees otherwise" in danish
    kryp = page(client, "/rules/krypkasino")[1]
    assert "6 players as 3 sides of 2" in section(kryp, "house-rules")
    assert 'id="house-building"' not in kryp


def test_every_variant_lists_the_leftover_decision(client):
    for variant_id in IDS:
        said = section(page(client, f"/rules/{variant_id}")[1], "decisions")
        assert "If nobody captured in the whole round" in said


def test_finnish_decisions(client):
    said = section(page(client, "/rules/finnish")[1], "decisions")
    assert "10 or more match points (10 itself counts)" in said
    assert "taken by the sweeping move itself do not count" in said
    assert "Only a tie for the highest total is counted out" in said
    assert "sweeps come last, after most spades and most cards" in said
    assert "3 v 1 becomes 2 v 0" in said


def test_mulle_decides_the_target(client):
    for variant_id in ("mulle", "mulle-glimne"):
        said = section(page(client, f"/rules/{variant_id}")[1], "decisions")
        assert "The match is played to 50 points." in said
    assert "played to 50" not in section(page(client, "/rules/swedish")[1], "decisions")


def test_a_variant_page_as_a_fragment(client):
    status, body = page(client, "/rules/danish", {"HX-Request": "true"})
    assert status == 200
    assert "<html" not in body
    assert body.strip().startswith('<article class="rulebook" id="rulebook-danish">')
    assert row(body, "value-10D")[1:] == ["10 or 16", "10 or 16"]


def test_every_engine_mode_has_words():
    # a new building mode or match end in the engine must be described before it is shown
    from referee.rulebook.texts import BUILDING_NAMES, BUILDING_SUMMARIES, MATCH_END_SUMMARIES
    from referee.rules.variants import Building, MatchEnd

    assert set(BUILDING_SUMMARIES) == set(BUILDING_NAMES) == set(Building)
    assert set(MATCH_END_SUMMARIES) == set(MatchEnd)


# -- the blueprint ---------------------------------------------------------------------------

def test_the_blueprint_is_called_rulebook(app):
    from flask import url_for

    assert "rulebook" in app.blueprints and "rules" not in app.blueprints
    with app.test_request_context():
        assert url_for("rulebook.index") == "/rules"
        assert url_for("rulebook.variant", variant="mulle") == "/rules/mulle"
    assert app.jinja_env.get_template("rulebook/variant.html")
    assert app.jinja_env.get_template("rulebook/index.html")


def test_the_pages_link_to_the_rulebook(client):
    assert 'href="/rules"' in page(client, "/")[1]
    assert 'href="/rules"' in page(client, "/rules/danish")[1]


# -- Finnish: RULES.md §8, the highest total; Royal keeps counting out ----------------------

OLD_COUNT_OUT = ("count out to 16", "(counting out)", "Counting out: points are credited",
                 "sweeps are credited last", "before spades")


def test_finnish_wins_on_the_highest_total_and_counts_out_only_a_tie(client):
    body = page(client, "/rules/finnish")[1]
    said = section(body, "match")
    assert "credited the moment they are captured" in said
    assert "wins at once, in the middle of the round" in said
    assert "no end-of-round points are added" in said
    assert "if any side has 16 or more, the highest total wins" in said
    assert "Only a tie for the highest total is counted out" in said
    assert ("the aces and casinos (already credited), then most spades, then most cards, then "
            "sweeps") in said
    assert "first of the tied sides to reach 16" in said
    assert "brings them there together, another round" in said
    assert "with the immediate points" in said
    for old in OLD_COUNT_OUT:
        assert old not in text(body), old
    index = page(client, "/rules")[1]
    finnish = text(re.search(r'<li id="variant-finnish">(.*?)</li>', index, re.S)[1])
    assert "count out" not in finnish.lower()


def test_royal_still_counts_out(client):
    said = section(page(client, "/rules/royal")[1], "match")
    assert "Counting out: points are credited in a fixed order" in said
    assert "highest total" not in said


# -- turns and the deal: RULES.md §4 ------------------------------------------------------------

def _short_last_deals(variant_id):
    from referee.rules.round import deal_schedule

    rules = VARIANTS[variant_id].rules()
    v = rules.variant
    out = {}
    for players in range(v.min_players, v.max_players + 1):
        _table, deals = deal_schedule(rules, players, players - 1)
        if len(set(deals[-1])) > 1:
            out[players] = deals[-1]
    return out


@pytest.mark.parametrize("variant_id", IDS)
def test_who_plays_last_agrees_with_the_deal_table(client, variant_id):
    said = section(page(client, f"/rules/{variant_id}")[1], "overview")
    assert "The player left of the dealer plays first" in said
    if _short_last_deals(variant_id):
        assert "dealer plays last in every deal" not in said
        assert "except in a short last deal" in said
    else:
        assert "dealer plays last in every deal" in said


def test_mulle_and_krypkasino_have_short_last_deals():
    assert set(_short_last_deals("mulle")) == {2, 4}
    assert set(_short_last_deals("krypkasino")) == {3, 6}
    assert not _short_last_deals("swedish") and not _short_last_deals("norwegian")


@pytest.mark.parametrize("variant_id", ["mulle", "krypkasino"])
def test_the_last_card_of_a_short_deal_as_the_engine_plays_it(client, variant_id):
    from referee.rules.round import _turn_order

    said = section(page(client, f"/rules/{variant_id}")[1], "deal")
    for players, sizes in _short_last_deals(variant_id).items():
        dealer = players - 1  # seat 0 is left of the dealer
        last = _turn_order(sizes, dealer)[-1]
        who = ("the player left of the dealer" if last == 0
               else "the player on the dealer's right" if last == players - 2
               else f"the player {last + 1} places left of the dealer")
        assert (f"With {players} players the last deal is short: "
                f"{', '.join(map(str, sizes))} cards from the dealer's left. "
                f"The dealer gets {sizes[dealer]}, and {who} plays the last card.") in said


def test_the_mulle_page_does_not_say_the_dealer_always_plays_last(client):
    said = text(page(client, "/rules/mulle")[1])
    assert "dealer plays last in every deal" not in said
    assert "The dealer gets 4, and the player left of the dealer plays the last card." in said


# -- capturing: RULES.md §3, §3.1, §7 -------------------------------------------------------------

@pytest.mark.parametrize("variant_id", IDS)
def test_every_variant_explains_capturing(client, variant_id):
    rules = VARIANTS[variant_id].rules()
    said = section(page(client, f"/rules/{variant_id}")[1], "capture")
    assert said.startswith("Capturing")
    assert "one or more groups of table cards, each adding up to the card's value" in said
    assert "a 9 takes 9, 6+3 and 5+4 in one move" in said
    assert "A card counts only once" in said and "never all four" in said
    assert "A capture that leaves the table empty is a sweep." in said
    if rules.builds:
        assert "A build is taken whole" in said and "never split and never part of a sum" in said
    else:
        assert "build" not in said
    if rules.reverse:
        assert "Capturing is compulsory" in said
        assert "Capturing is optional" not in said
    else:
        assert "Capturing is optional: a player may trail a card that could capture" in said
        assert "compulsory" not in said


@pytest.mark.parametrize("variant_id", IDS)
def test_capture_value_examples_follow_the_engine(client, variant_id):
    from referee.rules.capture import check_capture
    from referee.rules.cards import Card, parse_cards
    from referee.rules.partition import Budget

    rules = VARIANTS[variant_id].rules()
    said = section(page(client, f"/rules/{variant_id}")[1], "capture")

    def legal(card, table):
        cards = parse_cards(table.split())
        return check_capture(rules, Card.parse(card), cards, range(len(cards)), Budget()).legal

    # RULES.md §2: in Norwegian/Finnish 10♦ from the hand counts 16 and cannot take a lone 10
    assert ("10♦ cannot take a lone 10" in said) == (not legal("10D", "10S"))
    assert ("2♠ cannot take a lone 2" in said) == (not legal("2S", "2H"))
    assert ("an ace cannot take a lone ace" in said) == (not legal("AH", "AS"))
    if "an ace cannot take a lone ace" in said:
        assert "it takes K+A (13+1)" in said and legal("AH", "KC AS")
    assert ("an ace played as 14 takes a table ace as 14" in said) == legal("AH", "AS AC 5D 8C")
    assert ("A court card (J, Q, K) has no number" in said) == (variant_id == "classic")


def test_norwegian_capture_values(client):
    said = section(page(client, "/rules/norwegian")[1], "capture")
    assert "From the hand 10♦ counts 16, on the table 10: so 10♦ cannot take a lone 10" in said
    swedish = section(page(client, "/rules/swedish")[1], "capture")
    assert "lone" not in swedish


def test_krypkasino_capture_must_leave_no_group_of_the_same_value(client):
    from referee.rules.capture import check_capture
    from referee.rules.cards import Card, parse_cards
    from referee.rules.partition import Budget

    body = page(client, "/rules/krypkasino")[1]
    said = section(body, "capture")
    assert "must leave no further group of the same value on the table" in said
    assert "With an 8 on a table of A 2 5 6 3 7, taking A+2+5 is legal" in said
    assert "taking 3+5 is not, because A+7 would remain" in said
    assert "Only a card that can capture nothing may be trailed." in said
    assert "no larger legal capture" not in text(body)
    # the example, as the engine judges it
    rules = VARIANTS["krypkasino"].rules()
    table = parse_cards(["AC", "2C", "5C", "6C", "3C", "7C"])
    eight = Card.parse("8H")
    assert check_capture(rules, eight, table, [0, 1, 2], Budget()).legal
    assert not check_capture(rules, eight, table, [4, 2], Budget()).legal


# -- building: RULES.md §3.2 ---------------------------------------------------------------------

def test_norwegian_builds_with_table_values_and_no_partner_raises(client):
    said = section(page(client, "/rules/norwegian")[1], "building")
    assert "A♠ played on 8♣ builds 9, because on the table an ace counts 1" in said
    assert "only an opponent may raise a build, never the partner of its owner" in said
    assert "the partner may double it" in said
    assert "A locked build cannot be raised, but it may be doubled again." in said
    assert "A player may not raise their own build, but may double it" in said


def test_danish_builds_raises_and_the_duty_to_capture(client):
    said = section(page(client, "/rules/danish")[1], "building")
    assert "A♠ played on 8♣ builds 9" in said
    assert "never the partner of its owner" in said
    assert "A player may raise their own build" in said
    assert "Whoever builds, raises or doubles must capture something on their next turn" in said
    assert "if the card they play can capture anything" in said
    assert "a card that can capture nothing may be trailed or built with" in said
    assert "whether or not their build is still on the table" in said
    assert "may be doubled or built more again" in said


def test_anglo_partners_may_raise(client):
    from referee.rules.variants import Building

    assert Building.ANGLO.partner_may_raise and not Building.NORDIC.partner_may_raise
    for variant_id in ("classic", "royal", "mulle-glimne"):
        said = section(page(client, f"/rules/{variant_id}")[1], "building")
        assert "the owner's partner may add to the build like anyone else" in said
        assert "never the partner" not in said


# -- points --------------------------------------------------------------------------------------

def test_overspader_counts_the_spades_over_six_in_what_a_round_is_worth(client):
    variant = VARIANTS["overspader"]
    said = section(page(client, "/rules/overspader")[1], "points")
    assert f"a round is worth {variant.round_total} points, plus 1 for each spade over 6" in said
    assert f"up to {13 - 6} more" in said


@pytest.mark.parametrize(("changes", "spades", "more"), [
    ({"most_spades": 2}, "2 for each spade over 6", 14),  # RULES §6 gives 1; a house variant
    ({"spades_over": 5}, "1 for each spade over 5", 8),
])
def test_the_page_and_the_engine_count_the_spades_over_the_same_way(app, changes, spades,
                                                                   more):
    # the rule page says what the variant's data says, and the engine scores just that:
    # the side with all 13 spades gets the "up to ... more" the page promises
    rules = replace(VARIANTS["overspader"], **changes).rules()
    with app.test_request_context():
        described = describe(rules)
    assert next(r.text for r in described.points if r.key == "spades") == spades
    assert f"{spades} that a side takes: up to {more} more" in " ".join(described.points_notes)
    every_spade = [c for c in pack() if c.spade]
    result = score_round(rules, [Tally.from_pile(every_spade),
                                 Tally.from_pile(c for c in pack() if not c.spade)], [0, 0])
    assert result.points[0][Category.SPADES] == more


def test_the_page_and_the_engine_value_mulle_spades_the_same_way(app):
    rules = replace(VARIANTS["mulle-glimne"], spade_each=2, ace_of_spades=3).rules()
    with app.test_request_context():
        described = describe(rules)
    assert next(r.text for r in described.points if r.key == "spades") == (
        "2 for each spade, 3 for A♠ (2♠ scores as little casino)")
    spades = [c for c in pack(2) if c.spade]  # 2 × (A♠, 2♠ and 11 others)
    result = score_round(rules, [Tally.from_pile(spades),
                                 Tally.from_pile(c for c in pack(2) if not c.spade)], [0, 0])
    assert result.points[0][Category.SPADES] == 2 * 3 + 22 * 2
    assert rules.card_points(P("AS")) == 3 and rules.card_points(P("3S")) == 2


def test_only_mulle_variants_list_mulles(client):
    assert 'id="points-mulle"' not in page(client, "/rules/swedish")[1]
    assert 'id="points-mulle"' in page(client, "/rules/mulle")[1]


# -- the end of the round: RULES.md §4 -----------------------------------------------------------

@pytest.mark.parametrize("variant_id", IDS)
def test_every_variant_says_who_takes_the_cards_left_on_the_table(client, variant_id):
    v = VARIANTS[variant_id]
    said = section(page(client, f"/rules/{variant_id}")[1], "end-of-round")
    assert "every card still on the table goes to the player who captured last" in said
    assert "If nobody captured in the whole round, the cards left on the table score for nobody" \
        in said
    if v.last_capture:
        assert f"That is the last capture: it scores {v.last_capture} point" in said
    elif not v.reverse:
        assert "scores no point of its own" in said


def test_classic_and_royal_leftover_cards(client):
    for variant_id in ("classic", "royal"):
        said = section(page(client, f"/rules/{variant_id}")[1], "end-of-round")
        assert "goes to the player who captured last" in said
        assert "no point for the last capture" in said


# -- players -------------------------------------------------------------------------------------

def test_mulle_glimne_is_two_players_or_four_in_partnerships(client):
    body = page(client, "/rules/mulle-glimne")[1]
    assert "2, or 4 in two partnerships" in section(body, "overview")
    assert 'id="deal-3"' not in body and 'id="deal-4"' in body
    assert 'id="house-partnerships"' not in body


# -- finding one's way on a long page ----------------------------------------------

def contents(body: str) -> list[tuple[str, str]]:
    """The contents at the top of a variant's page: (the id linked to, the link's text)."""
    nav = re.search(r'<nav class="toc"[^>]*>(.*?)</nav>', body, re.S)
    assert nav, "no contents"
    return [(target, text(name)) for target, name in
            re.findall(r'<a href="#([^"]+)">(.*?)</a>', nav[1], re.S)]


@pytest.mark.parametrize("variant_id", IDS)
def test_the_contents_link_to_every_section_in_order(client, variant_id):
    _status, body = page(client, f"/rules/{variant_id}")
    links = [target for target, _name in contents(body)]
    sections = re.findall(r'<section class="panel" id="([^"]+)">', body)
    assert links == sections  # every section, in the order of the page, and nothing else
    for target in links:
        assert body.count(f'id="{target}"') == 1, target
    # the contents come first, right under the variant's name and description
    assert body.index('class="toc"') < body.index('<section class="panel"')


def test_the_contents_name_the_sections_shortly(client):
    _status, body = page(client, "/rules/krypkasino")
    names = dict(contents(body))
    assert names["krypkasino"] == "Penalties" and names["house-rules"] == "House rules"
    assert "points" not in names and "sweeps" not in names  # Krypkasino has penalties instead
    _status, body = page(client, "/rules/norwegian")
    assert [target for target, _name in contents(body)][:5] == \
        ["overview", "deal", "values", "capture", "building"]
    assert section(body, "building").startswith("Building: ")


def test_the_contents_links_are_large_enough_to_tap(client):
    css = client.get("/static/app.css").get_data(as_text=True)
    assert declared(css, ".toc a")["min-height"] == "44px"


def test_the_facts_column_leaves_room_for_the_answers(client):
    # at 360px "Cards per player per deal" no longer squeezes "1 pack of 52 cards" into a
    # word a line: the names' column is at most half the width
    css = client.get("/static/app.css").get_data(as_text=True)
    columns = declared(css, ".facts")["grid-template-columns"]
    first = re.match(r"minmax\(0, (\d+)%\) 1fr$", columns)
    assert first and int(first[1]) <= 50, columns


def test_royal_casinos_points_are_listed_in_the_count_out_order(client):
    """RULES §8: Royal Casino counts out cards, spades, 10♦, 2♠, aces, sweeps; its rule
    page lists the points in that order (Norwegian review), Casino in the sheet's."""
    order = ("points-most_cards", "points-spades", "points-big_casino",
             "points-little_casino", "points-ace", "points-sweep")
    _status, royal = page(client, "/rules/royal")
    at = [royal.index(f'id="{key}"') for key in order]
    assert at == sorted(at)
    _status, classic = page(client, "/rules/classic")
    assert classic.index('id="points-ace"') < classic.index('id="points-big_casino"')
