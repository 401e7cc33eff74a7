"""The referee's rulings in plain words: every engine code has a sentence, and every
sentence fills all its parameters with cards written by suit symbol."""

from __future__ import annotations

import re

import pytest
from conftest import P, play

from referee.rules.notes import Note, Say
from referee.rules.reasons import Reason, Why
from referee.rules.round import RoundState
from referee.rules.table import Build
from referee.rules.turn import Kind
from referee.rules.variants import Building, get_rules
from referee.words import CONSEQUENCES, REASONS, note_text, reason_text, sweep_text

BUILD = Build.of([P("4C"), P("5H")], 9, owner=1)
# example parameters by name, as the engine gives them
EXAMPLE = {
    "card": P("10D"), "cards": (P("3S"), P("5H")), "items": (P("3S"), BUILD),
    "build": BUILD, "value": 7, "total": 8, "sum": 15, "totals": (5, 18), "values": (10, 11),
    "hand": (16,),
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


def test_a_card_too_high_from_the_hand_reads_in_finnish_for_one_item(app):
    """One item or several: the Finnish wording takes either, with no plural for one."""
    from flask_babel import force_locale

    with app.test_request_context(), force_locale("fi"):
        assert reason_text(Reason.of(Why.HAND_VALUE, card=P("10D"), hand=(16,), table=(10,),
                                     items=(P("10S"),))) == (
            "kädestä pelattuna 10♦ on 16, joten sillä ei voi ottaa: 10♠")


def test_the_rule_reads_at_a_glance(app):
    with app.test_request_context():
        assert reason_text(Reason.of(Why.SUM_NOT, cards=(P("3S"), P("5H")), total=8,
                                     value=7)) == "3♠+5♥ = 8, not 7"
        assert reason_text(Reason.of(Why.HAND_VALUE, card=P("10D"), hand=(16,), table=(10,),
                                     items=(P("10S"),))) == (
            "your 10♦ counts 16 from the hand, so it cannot take 10♠")
        assert reason_text(Reason.of(Why.OUT_OF_TURN, turn=1, player=0),
                           names=["Ann", "Bo"]) == "it is Bo's turn, not Ann's"
        assert reason_text(Reason.of(Why.NO_SETS, cards=(P("AS"), P("JH")), totals=(12, 25),
                                     value=13)) == "A♠+J♥ = 12 or 25: not 13, nor sets of 13"
        # cards whose sums are not listed (one without a number) say the rule alone
        assert reason_text(Reason.of(Why.NO_SETS, cards=(P("AS"), P("QH")), totals=(),
                                     value=13)) == "A♠+Q♥ cannot be made into sets of 13"
        assert reason_text(Reason.of(Why.BUILD_TAKEN_WHOLE, build=BUILD, value=7)) == (
            "a build is taken whole, by a card that captures its value: the build of 9 is "
            "not 7")
        # the Danish duty to capture after building says what the card can do, not "can"
        assert reason_text(Reason.of(Why.MUST_CAPTURE_AFTER_BUILD, card=P("8S"))) == (
            "you built last turn, so you must capture now, and 8♠ can capture")
    from flask_babel import force_locale

    with app.test_request_context(), force_locale("da"):
        assert reason_text(Reason.of(Why.MUST_CAPTURE_AFTER_BUILD, card=P("8S"))) == (
            "du byggede sidste tur, så du skal tage nu, og 8♠ kan tage noget")


def test_every_finding_says_what_it_changes(app):
    findings = [Why.UNBACKED_BUILD, Why.UNBACKED_RAISE, Why.UNBACKED_DOUBLE,
                Why.UNBACKED_KEPT, Why.BUILD_LEFT_AFTER_DEAL, Why.CARDS_NEVER_SEEN]
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


# -- every language: the sentence a line of points needs, and the number it counts -------

LANGUAGES = ("en", "nb", "sv", "fi", "da")
# what "most cards", "most spades" and "most aces" are in each language's sentences
MOST = {
    "en": ("most cards", "most spades", "most aces"),
    "nb": ("flest kort", "flest spar", "flest ess"),
    "sv": ("flest kort", "flest spader", "flest ess"),
    "fi": ("eniten kortteja", "eniten patoja", "eniten ässiä"),
    "da": ("flest kort", "flest spar", "flest esser"),
}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("code", ["most", "most_tied", "most_tied_carried"])
def test_most_cards_spades_and_aces_are_three_sentences_in_every_language(app, language,
                                                                          code):
    from flask_babel import force_locale

    from referee.rules.notes import Note, Say
    from referee.words import note_text

    with app.test_request_context(), force_locale(language):
        said = [note_text(Note.of(Say(code), side=0, category=category, counts=(7, 6),
                                  points=2), ["Aino", "Eero"])
                for category in ("cards", "spades", "aces")]
    assert len(set(said)) == 3, said
    for sentence, own in zip(said, MOST[language], strict=True):
        words = sentence.lower()  # a line may start with the category's word, capitalised
        assert own in words, (sentence, own)
        assert [word for word in MOST[language] if word in words] == [own], sentence


# what stands between two sides' counts in each language; more sides' are written as a
# score is, with dashes
VERSUS = {"en": " v ", "nb": " mot ", "sv": " mot ", "fi": " – ", "da": " mod "}


@pytest.mark.parametrize("language", LANGUAGES)
def test_counts_of_more_than_two_sides_are_written_with_dashes(app, language):
    from flask_babel import force_locale

    from referee.rules.notes import Note, Say
    from referee.words import note_text

    sides = ["Aino", "Eero", "Ilona", "Olli", "Ulla"]
    with app.test_request_context(), force_locale(language):
        two = note_text(Note.of(Say.MOST_TIED, category="cards", counts=(7, 6)), sides[:2])
        five = note_text(Note.of(Say.MOST_TIED, category="cards",
                                 counts=(12, 12, 10, 9, 9)), sides)
    assert f"(7{VERSUS[language]}6)" in two, two
    assert "(12\u201312\u201310\u20139\u20139)" in five, five
    assert VERSUS[language] not in five, five  # no "mot" at all


# a count of 1 and of 2 in each language: the words that must agree with the number
MORE_SWEEPS = {
    "en": ("1 sweep is more than", "2 sweeps are more than"),
    "nb": ("1 tabbe er mer enn", "2 tabber er flere enn"),
    "sv": ("1 tabbe är mer än", "2 tabbar är fler än"),
    "fi": ("1 mökki on enemmän", "2 mökkiä on enemmän"),
    "da": ("1 svupper er mere", "2 svuppere er flere"),
}
COUNTS = {
    "tally_aces": ({"whole": 4}, "total", {
        "en": ("1 ace is ticked, not 4", "2 aces are ticked, not 4"),
        "nb": ("1 ess er krysset av, ikke 4", "2 ess er krysset av, ikke 4"),
        "sv": ("1 ess är ikryssat, inte 4", "2 ess är ikryssade, inte 4"),
        "fi": ("1 ässä on rastitettu, ei 4", "2 ässää on rastitettu, ei 4"),
        "da": ("1 es er krydset af, ikke 4", "2 esser er krydset af, ikke 4"),
    }),
    # one pack: the box to tick; two: how many there are
    "tally_casino": ({"category": "big_casino"}, "packs", {
        "en": ("tick it for the side that took it", "there are 2 in play, and each belongs"),
        "nb": ("kryss av for den som tok det", "det er 2 i spill, og hvert kort hører"),
        "sv": ("kryssa för den sida som tog det", "det finns 2 i spel, och vart och ett hör"),
        "fi": ("merkitse se osapuolelle, joka sen otti", "pelissä on 2 kpl, ja jokainen kuuluu"),
        "da": ("sæt kryds ved den part, der tog det", "der er 2 i spil, og hvert hører"),
    }),
    "tally_sweeps": ({"plays": 24, "most": 0}, "count", MORE_SWEEPS),
    "tally_sweeps_sisten": ({"plays": 24, "most": 0}, "count", MORE_SWEEPS),
    "tally_sweeps_last_deal": ({"most": 0}, "count", {
        "en": ("1 sweep cannot count", "2 sweeps cannot count"),
        "nb": ("1 tabbe kan ikke telle", "2 tabber kan ikke telle"),
        "sv": ("1 tabbe kan inte räknas", "2 tabbar kan inte räknas"),
        "fi": ("1 mökki on liikaa", "2 mökkiä on liikaa"),
        "da": ("1 svupper kan ikke tælle", "2 svuppere kan ikke tælle"),
    }),
}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("code", sorted(COUNTS))
def test_a_count_of_one_is_said_in_the_singular(app, language, code):
    from flask_babel import force_locale

    params, counted, words = COUNTS[code]
    with app.test_request_context(), force_locale(language):
        said = [reason_text(Reason.of(Why(code), **params, **{counted: n})) for n in (1, 2)]
    for sentence, wanted in zip(said, words[language], strict=True):
        assert wanted in sentence, (sentence, wanted)


SPADES_EACH = {
    "en": ("Aino has 1 spade: 1 point", "Aino has 2 spades: 2 points"),
    "nb": ("Aino har 1 spar: 1 poeng", "Aino har 2 spar: 2 poeng"),
    "sv": ("Aino har 1 spader: 1 poäng", "Aino har 2 spader: 2 poäng"),
    "fi": ("Aino: 1 pata, 1 piste", "Aino: 2 pataa, 2 pistettä"),
    "da": ("Aino har 1 spar: 1 point", "Aino har 2 spar: 2 point"),
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_one_spade_and_one_point_are_each_in_the_singular(app, language):
    from flask_babel import force_locale

    from referee.rules.notes import Note, Say
    from referee.words import note_text

    with app.test_request_context(), force_locale(language):
        said = tuple(note_text(Note.of(Say.SPADES_EACH, side=0, count=n, points=n), ["Aino"])
                     for n in (1, 2))
    assert said == SPADES_EACH[language]


@pytest.mark.parametrize(("language", "said"), [
    ("en", ("Aino has 15 spades: 14 points (A♠ scores 2, 2♠ scores only as the little "
            "casino)", "Aino & Cia have 3 spades: 4 points (A♠ scores 2)")),
    ("sv", ("Aino har 15 spader: 14 poäng (A♠ ger 2, 2♠ räknas bara som lilla kasino)",
            "Aino & Cia har 3 spader: 4 poäng (A♠ ger 2)")),
    ("fi", ("Aino: 15 pataa, 14 pistettä (A♠ antaa 2, 2♠ lasketaan vain patakakkosena)",
            "Aino & Cia: 3 pataa, 4 pistettä (A♠ antaa 2)")),
])
def test_a_spade_a_point_says_why_the_points_differ_from_the_spades(app, language, said):
    """Kortspelshandboken's Mulle (RULES §6): A♠ scores 2 and 2♠ only as the little
    casino, so 15 spades may score 14; the line says what made the difference."""
    from flask_babel import force_locale

    from referee.rules.notes import Note, Say
    from referee.words import SideName, note_text

    with app.test_request_context(), force_locale(language):
        alone = note_text(Note.of(Say.SPADES_EACH, side=0, count=15, points=14,
                                  aces_of_spades=1, ace_of_spades=2, little=2), ["Aino"])
        pair = note_text(Note.of(Say.SPADES_EACH, side=0, count=3, points=4,
                                 aces_of_spades=1, ace_of_spades=2, little=0),
                         [SideName("Aino & Cia", 2)])
    assert (alone, pair) == said


def test_danish_raises_a_build_as_players_say_it(app):
    # "forhøjer bygningen på 9 til 12", not "bygger bygningen på 9 videre til 12"
    from flask_babel import force_locale

    from referee.words import play_text

    with app.test_request_context(), force_locale("da"):
        said = play_text(play("3S", "build", [0], 12), [BUILD])
    assert said == "3♠ forhøjer bygningen på 9 til 12"


# -- Finnish: a build is never the object of a verb (it would need a case) ----------------

def test_finnish_names_what_is_taken_after_a_colon(app):
    """ "9♥ ottaa 9♠ | 6♣+3♦ | rakennelma 9" puts the build in the nominative where
    "ottaa" wants the accusative: the items come after a colon, which needs no case."""
    from babel.messages.pofile import read_po
    from flask_babel import force_locale

    from referee.catalogues import po_path
    from referee.rules.capture import check_capture
    from referee.rules.partition import Budget
    from referee.rules.variants import get_rules
    from referee.words import play_text, verdict_text

    with po_path("fi").open("rb") as po:
        catalogue = read_po(po)
    # a verb of taking, doubling or raising, then at once something that can be a build
    verb_then_item = re.compile(r"\b(ottaa|otti|tuplaa|tuplasi|korottaa|korotti)\s+"
                                r"%\((items|build|builds|takes)\)s")
    wrong = [m.string for m in catalogue if m.id and isinstance(m.string, str)
             and verb_then_item.search(m.string)]
    assert wrong == []
    table = [P("9S"), P("6C"), P("3D"), BUILD]
    nine = check_capture(get_rules("norwegian"), P("9H"), table, [0, 1, 2, 3], Budget())
    with app.test_request_context(), force_locale("fi"):
        assert verdict_text(nine) == ("9♥ tyhjentää pöydän ja ottaa: 9♠ | 6♣+3♦ | "
                                      "rakennelma 9")
        doubled = play_text(play("9C", "double", [3]), [BUILD])
    assert doubled == "9♣ tuplaa: rakennelma 9"


def test_a_count_of_one_reads_in_the_singular(app):
    with app.test_request_context():
        assert reason_text(Reason.of(Why.TALLY_CASINO, category="big_casino", packs=1)) == (
            # one pack: a box to tick (an English phone review: "there is 1 in play" read
            # as a riddle with no box ticked)
            "the big casino (10♦): tick it for the side that took it")
        assert reason_text(Reason.of(Why.TALLY_ACES, total=1, whole=4)).startswith(
            "1 ace is ticked, not 4")
        assert reason_text(Reason.of(Why.TALLY_SWEEPS_CARDS, count=1, least=2, pile=0)
                           ).startswith("1 sweep needs at least 2 cards")
        assert note_text(Note.of(Say.SPADES_EACH, side=0, count=1, points=1), ["Ann"]) == (
            "Ann has 1 spade: 1 point")
        assert reason_text(Reason.of(Why.TALLY_CASINO, category="big_casino", packs=2)) == (
            "the big casino (10♦): there are 2 in play, and each belongs to exactly one side")


def test_a_line_starts_with_a_capital_unless_with_a_name_as_it_was_written(app):
    with app.test_request_context():
        tied = note_text(Note.of(Say.TIED, score=16), ["eva", "Bo"])
        named = note_text(Note.of(Say.SPADES_EACH, side=0, count=1, points=1), ["eva", "Bo"])
    assert tied == "Tied at 16: another round"
    assert named == "eva has 1 spade: 1 point"


def test_a_win_by_the_cards_left_on_the_table_is_not_said_to_be_mid_round(app):
    # the cards left on the table are taken after the last card is played (RULES §8)
    with app.test_request_context():
        said = note_text(Note.of(Say.IMMEDIATE_LEFTOVER, side=0, score=16, target=16), ["Ann"])
        ended = note_text(Note.of(Say.ENDED_WITH_LEFTOVER), ["Ann"])
    assert "middle of the round" not in said and "after the last play" in said
    assert "middle of the round" not in ended


# a Finnish win in the middle of a round, by the two aces of play 2: named in each
# language as the cards they are, not as "the aces and casinos" (typed from the catalogues)
WON_WITH_ACES = {
    "en": "Ann reaches 16 (target 16) with A♣ and A♠ from play 2 and wins in the middle of "
          "the round; no end-of-round points are added",
    "fi": "Ann yltää 16 pisteeseen (tavoite 16) siirrossa 2 (A♣ ja A♠) ja voittaa kesken "
          "kierroksen; kierroksen loppupisteitä ei lasketa",
    "nb": "Ann når 16 (mål 16) med A♣ og A♠ fra trekk 2, og vinner midt i runden; poengene "
          "for slutten av runden legges ikke til",
    "sv": "Ann når 16 (mål 16) med A♣ och A♠ från drag 2 och vinner mitt i omgången; inga "
          "slutpoäng läggs till",
    "da": "Ann når 16 (mål 16) med A♣ og A♠ fra træk 2 og vinder midt i runden; der lægges "
          "ingen point til ved rundens slutning",
}


@pytest.mark.parametrize("language", sorted(WON_WITH_ACES))
def test_a_mid_round_win_names_the_cards_of_its_play(app, language):
    from flask_babel import force_locale

    rules = get_rules("finnish")
    r = RoundState(rules, players=2, dealer=1, scores=[3, 14])
    r.start([P("KC"), P("AC"), P("3D"), P("7H")])
    r.play(play("5H"))
    r.play(play("AS", "capture", [0, 1]))  # Ann's A♠ (14) takes K♣ + A♣: two aces
    assert r.decided is not None
    with app.test_request_context(), force_locale(language):
        said = note_text(r.decided.explanation[0], ["Bo", "Ann"])
    assert said == WON_WITH_ACES[language]


# the same by the last capture's cards left on the table: A♠ and 10♦ among them
WON_WITH_LEFTOVER = {
    "en": "Ann reaches 16 (target 16) with A♠ and 10♦ among the cards left on the table, "
          "taken after the last play, and wins before the round is added up; no end-of-round "
          "points are added",
    "fi": "Ann yltää 16 pisteeseen (tavoite 16) pöytään jääneillä korteilla, jotka otetaan "
          "viimeisen siirron jälkeen (A♠ ja 10♦), ja voittaa ennen kuin kierroksen pisteet "
          "lasketaan; kierroksen loppupisteitä ei lasketa",
    "nb": "Ann når 16 (mål 16) med A♠ og 10♦ blant kortene som lå igjen på bordet, tatt etter "
          "siste trekk, og vinner før runden telles opp; poengene for slutten av runden "
          "legges ikke til",
    "sv": "Ann når 16 (mål 16) med A♠ och 10♦ bland korten som låg kvar på bordet, tagna "
          "efter sista draget, och vinner innan omgången räknas ihop; inga slutpoäng läggs "
          "till",
    "da": "Ann når 16 (mål 16) med A♠ og 10♦ blandt kortene, der var tilbage på bordet, taget "
          "efter sidste træk, og vinder, før runden tælles op; der lægges ingen point til ved "
          "rundens slutning",
}


@pytest.mark.parametrize("language", sorted(WON_WITH_LEFTOVER))
def test_a_win_by_the_cards_left_on_the_table_names_them(app, language):
    from flask_babel import force_locale

    note = Note.of(Say.IMMEDIATE_LEFTOVER, side=0, score=16, target=16,
                   taken=(P("AS"), P("10D")))
    with app.test_request_context(), force_locale(language):
        assert note_text(note, ["Ann"]) == WON_WITH_LEFTOVER[language]


def test_a_mid_round_win_kept_before_its_cards_were_named_reads_as_it_did(app):
    # a round's points stored before the note named the cards: its words, not an error
    kept = Note.from_json({"code": "immediate_at_play", "side": 0, "score": 16,
                           "target": 16, "play": 3})
    with app.test_request_context():
        said = note_text(kept, ["Ann"])
    assert said == ("Ann reaches 16 (target 16) with the aces and casinos of play 3 and wins "
                    "in the middle of the round; no end-of-round points are added")
    back = Note.from_json({"code": "immediate_at_play", "side": 0, "score": 16, "target": 16,
                           "play": 3, "taken": ["AS", "10D"]})
    assert back.get("taken") == (P("AS"), P("10D"))


def test_a_play_of_the_history_is_worded_in_the_language_of_each_page(app):
    """A recorded play's words are kept once worded, but per language: the same play
    read in turn in each language reads as that language words it afresh."""
    from flask_babel import force_locale

    from referee.rules.capture import Group
    from referee.rules.round import PlayRecord
    from referee.rules.turn import Verdict
    from referee.words import play_text, records_text

    taken = (P("3S"), P("4C"), P("7D"))
    record = PlayRecord(4, 1, 1, play("7H", "capture", (0, 1, 2)),
                        Verdict(True, Reason.of(Why.TAKES), Kind.CAPTURE,
                                groups=(Group(taken[:2], (3, 4)), Group(taken[2:], (7,)))),
                        False, items=taken)
    said = {}
    with app.test_request_context():
        for _ in range(2):
            for language in ("en", "sv", "fi", "nb", "da"):
                with force_locale(language):
                    fresh = play_text(record.play, record.items, Kind.CAPTURE, None,
                                      record.verdict.groups)
                    assert records_text([record], get_rules("norwegian")) == [(record, fresh)]
                    said.setdefault(language, fresh)
    assert said["en"] == "7♥ takes 3♠+4♣ and 7♦" and len(set(said.values())) == 5


@pytest.mark.parametrize(("language", "said"), [
    ("en", ("A♥ doubles A♣ as 1", "A♥ doubles A♣ as 14", "9♣ doubles build of 9")),
    ("nb", ("A♥ dobler A♣ som 1", "A♥ dobler A♣ som 14", "9♣ dobler bygget på 9")),
    ("sv", ("A♥ dubblar A♣ som 1", "A♥ dubblar A♣ som 14", "9♣ dubblar 9-bygge")),
    ("fi", ("A♥ tuplaa: A♣, arvona 1", "A♥ tuplaa: A♣, arvona 14", "9♣ tuplaa: rakennelma 9")),
    ("da", ("A♥ dobler A♣ som 1", "A♥ dobler A♣ som 14", "9♣ dobler bygningen på 9")),
])
def test_a_double_the_cards_allow_two_ways_says_its_value(app, language, said):
    """The two choices of a Danish ace on an ace read apart (DECISIONS.md, a double's
    value); a double onto a build keeps the build's words, its value is the build's."""
    from flask_babel import force_locale

    from referee.words import play_text

    with app.test_request_context(), force_locale(language):
        assert (play_text(play("AH", "double", [0], 1), [P("AC")]),
                play_text(play("AH", "double", [0], 14), [P("AC")]),
                play_text(play("9C", "double", [3], 9), [BUILD])) == said


@pytest.mark.parametrize(("language", "said"), [
    ("en", ("7♥ on 7♣: a multiple build", "9♣ on build of 9: a multiple build of 9")),
    ("nb", ("7♥ på 7♣: et sammensatt bygg", "9♣ på bygget på 9: et sammensatt bygg på 9")),
    ("sv", ("7♥ på 7♣: ett sammansatt bygge", "9♣ på 9-bygge: ett sammansatt 9-bygge")),
    ("fi", ("7♥ + 7♣: moninkertainen rakennelma", "9♣ + rakennelma 9: moninkertainen "
            "rakennelma 9")),
    ("da", ("7♥ på 7♣: en flerdobbelt bygning", "9♣ på bygningen på 9: en flerdobbelt "
            "bygning på 9")),
])
def test_casino_says_a_double_as_a_multiple_build(app, language, said):
    """Seed 004 (pagat's Casino) has multiple builds where the Nordic seeds double: a
    table playing Anglo building reads its words, with the value once it is known."""
    from flask_babel import force_locale

    from referee.words import play_text

    with app.test_request_context(), force_locale(language):
        assert (play_text(play("7H", "double", [0]), [P("7C")], building=Building.ANGLO),
                play_text(play("9C", "double", [3]), [BUILD], Kind.DOUBLE, 9,
                          building=Building.ANGLO)) == said


def test_a_multiple_build_names_its_sets_side_by_side(app):
    """Not "3♦ on 8♣+5♣" (which reads as 13), nor the Danish "builds more on": the sets of
    a Casino multiple build are listed (Norwegian review)."""
    from referee.words import play_text

    with app.test_request_context():
        assert play_text(play("3D", "double", [0, 1]), [P("8C"), P("5C")], Kind.DOUBLE, 8,
                         building=Building.ANGLO) == "3♦ on 8♣ and 5♣: a multiple build of 8"
        assert play_text(play("3S", "double", [0, 3]), [P("6H"), BUILD], Kind.DOUBLE, 9,
                         building=Building.ANGLO) == (
            "3♠ on 6♥ and build of 9: a multiple build of 9")


@pytest.mark.parametrize(("language", "said"), [
    ("en", ("Deal 2: Bo deals 4 cards to each.", "Deal 9: Bo deals 1 card to each.",
            "Deal 9: Bo deals the last cards.")),
    ("nb", ("Utdeling 2: Bo deler ut 4 kort til hver.", "Utdeling 9: Bo deler ut 1 kort til hver.",
            "Utdeling 9: Bo deler ut de siste kortene.")),
    ("sv", ("Giv 2: Bo ger 4 kort var.", "Giv 9: Bo ger 1 kort var.",
            "Giv 9: Bo ger de sista korten.")),
    ("fi", ("Jako 2: Bo jakaa kullekin 4 korttia.", "Jako 9: Bo jakaa kullekin 1 kortin.",
            "Jako 9: Bo jakaa viimeiset kortit.")),
    # a deal is "et giv" in Danish: "1. giv", where "Giv 1" read as an order (phone review)
    ("da", ("2. giv: Bo giver 4 kort til hver.", "9. giv: Bo giver 1 kort til hver.",
            "9. giv: Bo giver de sidste kort.")),
])
def test_the_dealer_is_told_to_deal_again_in_every_language(app, language, said):
    from flask_babel import force_locale

    from referee.words import new_deal_text

    with app.test_request_context(), force_locale(language):
        assert (new_deal_text(2, "Bo", 4), new_deal_text(9, "Bo", 1),
                new_deal_text(9, "Bo", 0)) == said


def test_a_krypkasino_dubbeltabbe_is_announced_by_its_name(app):
    # RULES §7: taking a lone card with its identical twin is a dubbeltabbe, ±10 (not ±5)
    r = RoundState(get_rules("krypkasino"), players=2, dealer=1)
    r.start([P(c) for c in ("2C", "3C", "4C", "KD")])
    r.play(play("9D", "capture", [0, 1, 2]))  # 2+3+4: K♦ stays, alone
    r.play(play("KD", "capture", [0]))  # the twin takes the lone K♦
    with app.test_request_context():
        assert sweep_text(r.sweep_of(r.records[-1]), None) == "a dubbeltabbe!"


# -- a partnership is the subject of a plural verb ----------------------------------------

# every parameter a round's or a match's line may carry, as the engine gives it
NOTE_EXAMPLE = {
    "side": 0, "sides": (0, 1), "category": "spades", "counts": (7, 6), "counted": (1, 0),
    "points": 2, "count": 2, "cards": (P("AS"), P("AH")), "score": 21, "target": 21,
    "play": 3, "text": "as the table ruled", "aces_of_spades": 1, "ace_of_spades": 2,
    "little": 1,
}
PAIR = "Anna & Cia"
# a singular verb just after the side: what a partnership must never be given
SINGULAR_AFTER_SIDE = {
    "en": re.compile(r"Anna & Cia (has|scores|reaches|wins|takes|makes)\b"),
    "fi": re.compile(r"Anna & Cia (saa|otti|teki|voittaa|ottaa|tekee)\b"),
}


@pytest.mark.parametrize("language", sorted(SINGULAR_AFTER_SIDE))
@pytest.mark.parametrize("code", list(Say))
def test_no_line_gives_a_partnership_a_singular_verb(app, language, code):
    """Every line whose subject is a side has its partnership's form: "Anna & Cia score",
    "Anna ja Cia saavat", never "scores" or "saa" (a line added without one fails here)."""
    from flask_babel import force_locale

    from referee.words import SideName

    with app.test_request_context(), force_locale(language):
        said = note_text(Note.of(code, **NOTE_EXAMPLE), [SideName(PAIR, 2), SideName("Bo")])
    assert not SINGULAR_AFTER_SIDE[language].search(said), said


# (code, its parameters; one player's words, a partnership's), typed from the catalogues
AGREEING = [
    (Say.SWEEPS, {"count": 3}, {
        "en": ("Anna scores 3 sweeps: 3 points", "Anna & Cia score 3 sweeps: 3 points"),
        "fi": ("Anna: 3 mökkiä, 3 pistettä", "Anna & Cia: 3 mökkiä, 3 pistettä")}),
    (Say.MOST, {"category": "spades", "counts": (7, 6), "points": 2}, {
        "en": ("Anna has most spades (7 v 6): 2 points",
               "Anna & Cia have most spades (7 v 6): 2 points"),
        "fi": ("Anna: eniten patoja (7 – 6), 2 pistettä",
               "Anna & Cia: eniten patoja (7 – 6), 2 pistettä")}),
    (Say.ACES, {"cards": (P("AS"), P("AH")), "points": 2}, {
        "en": ("Anna took 2 aces (A♠, A♥): 2 points",
               "Anna & Cia took 2 aces (A♠, A♥): 2 points"),
        "fi": ("Anna otti 2 ässää (A♠, A♥): 2 pistettä",
               "Anna & Cia ottivat 2 ässää (A♠, A♥): 2 pistettä")}),
    (Say.COUNTED_OUT, {"score": 21, "target": 21, "category": "aces", "cards": (P("AC"),)}, {
        "en": ("Anna reaches 21 (target 21) first, counting out, with A♣, and wins",
               "Anna & Cia reach 21 (target 21) first, counting out, with A♣, and win"),
        "fi": ("Anna saa järjestyslaskennassa ensimmäisenä 21 pistettä (tavoite 21), kun "
               "lasketaan A♣, ja voittaa",
               "Anna & Cia saavat järjestyslaskennassa ensimmäisinä 21 pistettä (tavoite 21), "
               "kun lasketaan A♣, ja voittavat")}),
    (Say.COUNTED_OUT, {"score": 21, "target": 21, "category": "spades"}, {
        "en": ("Anna reaches 21 (target 21) first, counting out, with spades, and wins",
               "Anna & Cia reach 21 (target 21) first, counting out, with spades, and win"),
        "fi": ("Anna saa järjestyslaskennassa ensimmäisenä 21 pistettä (tavoite 21), kun "
               "lasketaan padat, ja voittaa",
               "Anna & Cia saavat järjestyslaskennassa ensimmäisinä 21 pistettä (tavoite 21), "
               "kun lasketaan padat, ja voittavat")}),
]


@pytest.mark.parametrize("language", ["en", "fi"])
@pytest.mark.parametrize(("code", "params", "words"), AGREEING,
                         ids=[code.value for code, _p, _w in AGREEING])
def test_a_partnership_takes_the_plural_and_a_player_the_singular(app, language, code,
                                                                  params, words):
    from flask_babel import force_locale

    from referee.words import SideName

    with app.test_request_context(), force_locale(language):
        said = tuple(note_text(Note.of(code, side=0, **params), [side, SideName("Bo")])
                     for side in (SideName("Anna"), SideName(PAIR, 2)))
    assert said == words[language]


@pytest.mark.parametrize(("language", "said"), [
    ("en", "5♦ with 3♥ builds more on the build of 8"),
    ("da", "5♦ med 3♥ bygger mere på bygningen på 8"),
    ("sv", "5♦ med 3♥ bygger mer på 8-bygge"),
    ("nb", "5♦ med 3♥ bygger mer på bygget på 8"),
    ("fi", "5♦ + 3♥ rakentaa lisää: rakennelma 8"),
])
def test_building_more_is_said_as_players_say_it(app, language, said):
    """Not "5♦ doubles 3♥+build of 8": the Danish table says "bygge mere" (glossaries)."""
    from flask_babel import force_locale

    from referee.rules.table import Build
    from referee.rules.turn import Action, Play
    from referee.words import play_text

    pile = Build.of((P("6C"), P("2D")), 8, 0)
    with app.test_request_context(), force_locale(language):
        assert play_text(Play(P("5D"), Action.DOUBLE, (0, 1), 8), [P("3H"), pile]) == said


@pytest.mark.parametrize(("language", "said"), [
    ("en", "Eva reaches 12 (target 5) and wins (the only side to reach it)"),
    ("sv", "Eva når 12 (mål 5) och vinner (den enda sidan som når dit)"),
    ("nb", "Eva når 12 (mål 5) og vinner (den eneste som når dit)"),  # one player: no "lag"
    ("da", "Eva når 12 (mål 5) og vinder (den eneste part, der når målet)"),
    ("fi", "Eva saa 12 pistettä (tavoite 5) ja voittaa: kukaan muu ei yltänyt tavoitteeseen"),
])
def test_a_score_past_the_target_is_not_read_as_a_fraction(app, language, said):
    """'Eva reaches 12 of 5' read as twelve out of five: the target is named as one."""
    from flask_babel import force_locale

    from referee.words import SideName

    with app.test_request_context(), force_locale(language):
        line = note_text(Note.of(Say.ONLY_ONE, side=0, score=12, target=5),
                         [SideName("Eva"), SideName("Bo")])
    assert line == said


def test_the_winner_and_the_cards_left_agree_with_a_partnership(app):
    from flask_babel import force_locale

    from referee.words import SideName, leftover_text, winner_text

    pair, alone = SideName(PAIR, 2), SideName("Anna")
    with app.test_request_context():
        assert winner_text(pair) == "Anna & Cia win the match."
        assert winner_text(alone) == "Anna wins the match."
        # a plain name (no count) is one player's
        assert winner_text("Anna") == "Anna wins the match."
    with app.test_request_context(), force_locale("fi"):
        assert winner_text(pair) == "Anna & Cia voittavat pelin."
        assert winner_text(alone) == "Anna voittaa pelin."
        assert leftover_text("3♠ 4♥", pair) == (
            "Pöytään jääneet kortit (3♠ 4♥) saavat viimeisen oton tehneet Anna & Cia.")
        assert leftover_text("3♠ 4♥", alone) == (
            "Pöytään jääneet kortit (3♠ 4♥) saa viimeisen oton tehnyt Anna.")


def test_the_scoreboard_of_a_partnership_match_says_they_score_and_have(client):
    from pages import SWEDISH_SIDES, match_of, new_match, plain, tally_round

    token = new_match(client, names=("Anna", "Bo", "Cia", "Dan"), partnerships="pairs")
    assert tally_round(client, token, SWEDISH_SIDES).status_code == 303
    board = plain(client.get(f"/match/{match_of(token).view_token}"))
    assert "Anna & Cia have most cards (27 v 25): 1 point" in board
    assert "Anna & Cia score 2 sweeps: 2 points" in board
    assert "Anna & Cia has" not in board and "Anna & Cia scores" not in board


# -- two packs: a side may take both casinos of a kind -------------------------------------

@pytest.mark.parametrize(("language", "both"), [
    ("en", "Anna took both big casinos (10♦): 4 points"),
    ("fi", "Anna otti molemmat ruutukympit (10♦): 4 pistettä"),
    ("sv", "Anna tog stora kasino (10♦) två gånger: 4 poäng"),
])
def test_a_side_that_takes_both_big_casinos_is_told_so(app, language, both):
    from conftest import tally
    from flask_babel import force_locale

    from referee.rules.scoring import score_round
    from referee.words import notes_text

    rules = get_rules("mulle")  # two packs; 10♦ 2 each (RULES §5)
    score = score_round(rules, [tally(60, 14, big=2), tally(44, 12, little=2)], [0, 0])
    with app.test_request_context(), force_locale(language):
        said = notes_text(score.explanation, ["Anna", "Bo"])
    assert both in said, said
    assert not any("took the big casino" in line for line in said)


def test_a_side_of_three_is_named_as_a_list_and_knows_its_players(app):
    from referee.words import side_names

    names = ["Anna", "Bo", "Cia", "Dan", "Eva", "Fia"]
    with app.test_request_context():
        three = side_names([[0, 2, 4], [1, 3, 5]], names)
        pairs = side_names([[0, 3], [1, 4], [2, 5]], names)
        alone = side_names([[0], [1]], names)
    assert three == ["Anna, Cia & Eva", "Bo, Dan & Fia"]
    assert pairs == ["Anna & Dan", "Bo & Eva", "Cia & Fia"]
    assert [s.players for s in three + pairs + alone] == [3, 3, 2, 2, 2, 1, 1]


def test_a_krypkasino_sweep_penalty_is_signed_with_a_minus_sign(app):
    # as a round's result kept before its own and the next player's sweeps were told
    # apart still says it: the sum only
    with app.test_request_context():
        said = [note_text(Note.of(Say.PENALTY_SWEEPS, side=0, points=p), ["Bo"])
                for p in (-10, 5)]
    assert said == ["Bo: sweeps \u221210", "Bo: sweeps +5"]


@pytest.mark.parametrize(("language", "own", "charged", "said"), [
    ("en", 5, 0, "Cia: own sweeps +5"),
    ("en", 0, -15, "Cia: the next player's sweeps \u221215"),
    ("en", 15, -5, "Cia: own sweeps +15, the next player's sweeps \u22125: +10 in all"),
    ("en", 5, -5, "Cia: own sweeps +5, the next player's sweeps \u22125: 0 in all"),
    ("sv", 0, -10, "Cia: nästa spelares tabbar \u221210"),
    ("fi", 15, -5, "Cia: omat mökit +15, seuraavan pelaajan mökit \u22125: yhteensä +10"),
    ("nb", 10, 0, "Cia: egne tabber +10"),
    ("da", 5, -10, "Cia: egne svuppere +5, næste spillers svuppere \u221210: \u22125 i alt"),
])
def test_a_krypkasino_sweep_line_tells_a_sides_own_sweeps_from_the_next_players(
        app, language, own, charged, said):
    """RULES §7: a sweep gives the sweeper +5 and the player before them −5, so a side
    that swept nothing can lose points by its sweeps; the line says which are which."""
    from flask_babel import force_locale

    with app.test_request_context(), force_locale(language):
        note = Note.of(Say.PENALTY_SWEEPS, side=2, points=own + charged, own=own,
                       charged=charged)
        assert note_text(note, ["Anna", "Bo", "Cia"]) == said


# -- every score line ends in its points worded, as the most-of lines do -------------------

@pytest.mark.parametrize(("language", "code", "params", "said"), [
    ("en", Say.LAST_CAPTURE, {"points": 1}, "Anna made the last capture: 1 point"),
    ("en", Say.MULLE, {"points": 4}, "Anna made mulle: 4 points"),
    ("sv", Say.MULLE, {"points": 4}, "Anna fick mulle: 4 poäng"),
    ("nb", Say.MULLE, {"points": 2}, "Anna fikk mulle: 2 poeng"),
    ("en", Say.LITTLE_CASINO, {"count": 1, "points": 1},
     "Anna took the little casino (2♠): 1 point"),
    ("da", Say.LAST_CAPTURE, {"points": 1}, "Anna tog sidsten: 1 point"),
    ("fi", Say.SPADES_OVER_SIX, {"count": 9, "points": 6},
     "Anna: patoja 9, joista 3 ei tuota pisteitä: 6 pistettä"),
    ("en", Say.SPADES_OVER_SIX, {"count": 9, "points": 6},
     "Anna has 9 spades, 3 of which score nothing: 6 points"),
    # Finnish sets scores apart with a dash, as its most-of lines do, not an English "v"
    ("fi", Say.HIGHEST, {"score": 17, "counts": (6, 2), "target": 16},
     "Anna voittaa suurimmalla yhteispistemäärällä (17 – 6 – 2), kun jokin osapuoli on "
     "yltänyt tavoitteeseen 16"),
])
def test_a_score_line_words_its_points(app, language, code, params, said):
    from flask_babel import force_locale

    with app.test_request_context(), force_locale(language):
        assert note_text(Note.of(code, side=0, **params), ["Anna", "Bo"]) == said


@pytest.mark.parametrize(("language", "code", "params", "said"), [
    ("en", Say.FEWEST_POINTS, {"side": 2, "score": 20, "target": 50, "sides": (0, 1)},
     "Cia wins with the fewest points (20) once Anna and Bo reached 50"),
    ("sv", Say.FEWEST_POINTS, {"side": 2, "score": 20, "target": 50, "sides": (0,)},
     "Cia vinner med minst poäng (20) när Anna har nått 50"),
    ("fi", Say.FEWEST_TIED, {"score": 51, "target": 50, "sides": (0, 1)},
     "Raja 50 on saavutettu (Anna ja Bo), mutta vähiten pisteitä on tasan (51): "
     "uusi kierros"),
    # a result kept before the sides were named still reads as it did
    ("en", Say.FEWEST_POINTS, {"side": 2, "score": 20, "target": 50},
     "Cia wins with the fewest points (20) once a side reached 50"),
    ("en", Say.FEWEST_TIED, {"score": 51, "target": 50},
     "A side reached 50 but the fewest points are tied (51): another round"),
])
def test_krypkasino_end_names_who_reached_the_target(app, language, code, params, said):
    """The side that reached 50 loses the match it ended (RULES §7): the line says who."""
    from flask_babel import force_locale

    with app.test_request_context(), force_locale(language):
        assert note_text(Note.of(code, **params), ["Anna", "Bo", "Cia"]) == said


# who is ahead, under the scoreboard's totals: a player, a partnership, sides level
STANDINGS = {
    "en": ("Aino leads by 1 point.", "Aino leads by 4 points.",
           "Aino & Cia lead by 4 points.", "Aino and Eero are level."),
    "nb": ("Aino leder med 1 poeng.", "Aino leder med 4 poeng.",
           "Aino & Cia leder med 4 poeng.", "Aino og Eero står likt."),
    "sv": ("Aino leder med 1 poäng.", "Aino leder med 4 poäng.",
           "Aino & Cia leder med 4 poäng.", "Aino och Eero ligger lika."),
    "fi": ("Aino johtaa 1 pisteellä.", "Aino johtaa 4 pisteellä.",
           "Aino & Cia johtavat 4 pisteellä.", "Aino ja Eero ovat tasapisteissä."),
    "da": ("Aino fører med 1 point.", "Aino fører med 4 point.",
           "Aino & Cia fører med 4 point.", "Aino og Eero står lige."),
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_who_leads_is_said_in_every_language(app, language):
    from flask_babel import force_locale

    from referee.rules.scoring import standing
    from referee.words import SideName, standing_text

    with app.test_request_context(), force_locale(language):
        said = (standing_text(standing([5, 4], reverse=False), ["Aino", "Eero"]),
                standing_text(standing([9, 5], reverse=False), ["Aino", "Eero"]),
                # Krypkasino: the fewest penalty points lead
                standing_text(standing([3, 7], reverse=True),
                              [SideName("Aino & Cia", 2), SideName("Eero & Oona", 2)]),
                standing_text(standing([6, 6, 2], reverse=False), ["Aino", "Eero", "Oona"]))
    assert said == STANDINGS[language]


def test_a_locked_builds_refusal_says_locked_once(app):
    """The build names itself locked ("the locked build of 8"): the refusal does not say
    so again (a Norwegian review read "det låste bygget på 8 er låst")."""
    locked = Build.of([P("4C"), P("4H")], 8, owner=0, locked=True)
    with app.test_request_context():
        said = reason_text(Reason.of(Why.LOCKED_BUILD, build=locked))
    assert said == "the locked build of 8 cannot be raised"


@pytest.mark.parametrize(("language", "refusal", "finding"), [
    ("en", "10♣ is the last card of this hand: it must capture the build of 10, as no other "
           "card is left to capture it with",
     "Far still owned a build of 10 after playing 10♣ but played no card that captures 10 "
     "later in the deal"),
    ("da", "10♣ er det sidste kort på hånden: det skal tage bygningen på 10, for der er intet "
           "andet kort tilbage at tage den med",
     "Far ejede stadig en bygning på 10 efter at have spillet 10♣, men spillede senere i "
     "givet intet kort, der tager 10"),
])
def test_a_build_kept_past_the_last_card_is_said_by_the_card_that_kept_it(app, language,
                                                                         refusal, finding):
    """A Danish review read "Far built 10 but played no card that captures 10" of a build
    he had raised and then kept with a trail: the finding names the play that kept it."""
    from flask_babel import force_locale

    from referee.rules.round import Finding
    from referee.words import finding_text

    with app.test_request_context(), force_locale(language):
        assert reason_text(Reason.of(Why.LAST_CARD_KEEPS_BUILD, card=P("10C"),
                                     value=10)) == refusal
        kept = Finding(1, 0, Reason.of(Why.UNBACKED_KEPT, value=10, card=P("10C")))
        assert finding_text(kept, ["Far", "Mor"])[0] == finding


@pytest.mark.parametrize(("language", "names"), [
    ("en", ["ace of spades", "7 of hearts", "10 of diamonds", "king of clubs"]),
    # Finnish names a card in one word, its number a word too (glossary: "seiska ottaa")
    ("fi", ["pataässä", "herttaseiska", "ruutukymppi", "ristikuningas"]),
    ("sv", ["spader ess", "hjärter 7", "ruter 10", "klöver kung"]),
])
def test_a_screen_reader_hears_each_card_as_players_name_it(app, language, names):
    from flask_babel import force_locale

    from referee.rules.cards import Card
    from referee.words import card_name

    with app.test_request_context(), force_locale(language):
        assert [card_name(Card.parse(c)) for c in ("AS", "7H", "10D", "KC")] == names
