"""The referee's rulings in plain words: every engine code has a sentence, and every
sentence fills all its parameters with cards written by suit symbol."""

from __future__ import annotations

import re

import pytest
from conftest import P

from referee.rules.notes import Note, Say
from referee.rules.reasons import Reason, Why
from referee.rules.table import Build
from referee.words import CONSEQUENCES, REASONS, note_text, reason_text

BUILD = Build.of([P("4C"), P("5H")], 9, owner=1)
# example parameters by name, as the engine gives them
EXAMPLE = {
    "card": P("10D"), "cards": (P("3S"), P("5H")), "items": (P("3S"), BUILD),
    "build": BUILD, "value": 7, "total": 8, "values": (10, 11), "hand": (16,),
    "table": (10,), "turn": 1, "player": 0, "builds": (BUILD,), "variant": "mulle",
    "players": 3, "size": 4, "given": 5, "low": 2, "high": 2, "paired": (4,), "sides": 2,
    "category": "big_casino", "whole": 52, "count": 2, "plays": 24, "most": 24, "packs": 1,
    "least": 4, "pile": 3, "points": 15,
}
PARAM = re.compile(r"%\((\w+)\)s")


@pytest.mark.parametrize("code", list(Why))
def test_every_code_has_a_sentence_with_every_parameter_filled(app, code):
    with app.test_request_context():
        template = str(REASONS[code])
        params = {name: EXAMPLE[name] for name in PARAM.findall(template)}
        words = reason_text(Reason.of(code, **params), names=["Ann", "Bo"])
    assert "%(" not in words and words.strip()
    assert "10D" not in words and "3S" not in words  # cards by symbol, never by code


def test_the_rule_reads_at_a_glance(app):
    with app.test_request_context():
        assert reason_text(Reason.of(Why.SUM_NOT, cards=(P("3S"), P("5H")), total=8,
                                     value=7)) == "3♠+5♥ = 8, not 7"
        assert reason_text(Reason.of(Why.HAND_VALUE, card=P("10D"), hand=(16,), table=(10,),
                                     items=(P("10S"),))) == (
            "your 10♦ counts 16 from the hand, so it cannot take 10♠")
        assert reason_text(Reason.of(Why.OUT_OF_TURN, turn=1, player=0),
                           names=["Ann", "Bo"]) == "it is Bo's turn, not Ann's"
        assert reason_text(Reason.of(Why.BUILD_TAKEN_WHOLE, build=BUILD, value=7)) == (
            "a build is taken whole, by a card that captures its value: the build of 9 is "
            "not 7")


def test_every_finding_says_what_it_changes(app):
    findings = [Why.UNBACKED_BUILD, Why.UNBACKED_RAISE, Why.UNBACKED_DOUBLE,
                Why.BUILD_LEFT_AFTER_DEAL, Why.CARDS_NEVER_SEEN]
    with app.test_request_context():
        assert all("undo" in str(CONSEQUENCES[code]) for code in findings)


def test_every_refusal_of_the_engine_carries_its_code():
    from itertools import combinations

    from referee.rules.turn import Action, Play, Spot, judge
    from referee.rules.variants import VARIANTS, get_rules

    table = (P("3S"), P("5C"), P("10D"), Build.of([P("4C"), P("5H")], 9, owner=1), P("KH"))
    refs = [c for n in range(3) for c in combinations(range(len(table)), n)]
    refused = 0
    for variant in VARIANTS:
        spot = Spot(get_rules(variant), 0, table, sides=(0, 1, 0, 1), must_capture=True)
        for card in ("2S", "7H", "9D", "10S", "AH", "KD"):
            for action in Action:
                for ref in refs:
                    for value in (None, 9, 12):
                        verdict = judge(spot, Play(P(card), action, ref, value))
                        if not verdict.legal:
                            refused += 1
                            assert verdict.why is not None, (variant, card, action, ref)
    assert refused > 1000


def test_a_refusal_leads_with_the_value_nearest_to_the_claim(app):
    from referee.rules.capture import check_capture
    from referee.rules.partition import Budget
    from referee.rules.variants import get_rules

    swedish = get_rules("swedish")  # an ace counts 1 or 14
    with app.test_request_context():
        for table, lead in (([P("QH")], "Q♥ = 12, not 1 or 14"),
                            ([P("8C"), P("3C")], "8♣+3♣ = 11, not 1 or 14"),
                            ([P("KC"), P("QD"), P("5S")], "K♣+Q♦+5♠ = 30: not 14, nor sets "
                                                          "of 14")):
            found = check_capture(swedish, P("AS"), table, range(len(table)), Budget())
            assert reason_text(found.why) == lead


def test_a_legal_ruling_says_what_the_play_did_with_its_detail(app):
    from referee.rules.capture import check_capture
    from referee.rules.partition import Budget
    from referee.rules.variants import get_rules
    from referee.words import detail_text, ruling_text, verdict_text

    nine = check_capture(get_rules("norwegian"), P("9H"), [P("9S"), P("6C"), P("3D")],
                         [0, 1, 2], Budget())
    ace = check_capture(get_rules("norwegian"), P("AH"), [P("7S"), P("7C"), P("2D")],
                        [0, 1], Budget())
    refused = check_capture(get_rules("norwegian"), P("10D"), [P("10S")], [0], Budget())
    with app.test_request_context():
        assert verdict_text(nine) == "9♥ takes 9♠ | 6♣+3♦, and clears the table"
        assert detail_text(nine) == ""
        assert verdict_text(ace) == "A♥ takes 7♠+7♣"
        assert detail_text(ace) == "from the hand A♥ counts 14, on the table 1"
        assert ruling_text(refused) == (
            "your 10♦ counts 16 from the hand, so it cannot take 10♠ (10♠ = 10, not 16; "
            "from the hand 10♦ counts 16, on the table 10)")


def test_every_code_is_documented():
    # docs/CODES.md is the list API.md points to: every code the API can give is in it.
    from pathlib import Path

    from referee.rules.notes import Say

    documented = set(re.findall(r"^\| `(\w+)` \|", (Path(__file__).parents[1] / "docs" /
                                                   "CODES.md").read_text(), re.MULTILINE))
    assert {code.value for code in Why} <= documented
    assert {code.value for code in Say} <= documented


def test_every_source_of_every_variant_is_worded():
    from referee.rules.variants import VARIANTS
    from referee.words import SOURCES

    assert all(v.sources for v in VARIANTS.values())
    assert {s for v in VARIANTS.values() for s in v.sources} <= set(SOURCES)


def test_a_card_too_big_is_said_once(app):
    # A♠ (1 or 14) cannot take 9♦: as 1, 9♦ alone counts more, said once in the detail
    from referee.rules.capture import check_capture
    from referee.rules.partition import Budget
    from referee.rules.variants import get_rules
    from referee.words import ruling_text

    refused = check_capture(get_rules("danish"), P("AS"), [P("9D"), P("KH")], [0], Budget())
    with app.test_request_context():
        said = ruling_text(refused)
    assert said.count("9♦ alone counts more than") == 1, said


def test_a_count_of_one_reads_in_the_singular(app):
    with app.test_request_context():
        assert reason_text(Reason.of(Why.TALLY_CASINO, category="big_casino", packs=1)) == (
            "the big casino (10♦): there is 1 in play, and it belongs to exactly one side")
        assert reason_text(Reason.of(Why.TALLY_ACES, total=1, whole=4)).startswith(
            "1 ace is ticked, not 4")
        assert reason_text(Reason.of(Why.TALLY_SWEEPS_CARDS, count=1, least=2, pile=0)
                           ).startswith("1 sweep needs at least 2 cards")
        assert note_text(Note.of(Say.SPADES_EACH, side=0, count=1, points=1), ["Ann"]) == (
            "Ann has 1 spade: 1")
        assert reason_text(Reason.of(Why.TALLY_CASINO, category="big_casino", packs=2)) == (
            "the big casino (10♦): there are 2 in play, and each belongs to exactly one side")


def test_a_win_by_the_cards_left_on_the_table_is_not_said_to_be_mid_round(app):
    # the cards left on the table are taken after the last card is played (RULES §8)
    with app.test_request_context():
        said = note_text(Note.of(Say.IMMEDIATE_LEFTOVER, side=0, score=16, target=16), ["Ann"])
        ended = note_text(Note.of(Say.ENDED_WITH_LEFTOVER), ["Ann"])
    assert "middle of the round" not in said and "after the last play" in said
    assert "middle of the round" not in ended
