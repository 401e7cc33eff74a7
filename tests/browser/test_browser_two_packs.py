"""A two-pack variant (Mulle) on a phone: the picker works as with one pack. A card may lie
twice on the first table, a card is played in two taps, and only when both copies have
turned up is it refused with where they went."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from .conftest import Taps, axe, no_scroll, report, shot
from .flows import deck_card, pick, play, start_match, start_round, symbol

# the first table of Mulle with two players: five cards, 7♥ twice (two packs)
TABLE = ["7H", "7H", "9S", "3D", "5C"]


def test_one_play_in_mulle_two_packs(phone: Page, taps: Taps) -> None:
    start_match(phone, taps, "mulle", ["Anna", "Bengt"], dealer=2)
    start_round(phone, taps)
    heading = phone.get_by_role("heading", name=re.compile("The first table"))
    expect(heading).to_contain_text(f"0 of {len(TABLE)} cards")
    chosen = phone.locator(".felt.chosen")
    for n, code in enumerate(TABLE, start=1):
        taps.tap(deck_card(phone, "add", code))
        expect(heading).to_contain_text(f"{n} of {len(TABLE)} cards")
    expect(chosen.locator("button")).to_have_count(len(TABLE))
    expect(chosen.locator("button", has_text=symbol("7H"))).to_have_count(2)
    taps.tap(phone.get_by_role("button", name="These are on the table"))
    expect(phone.locator(".turn")).to_contain_text("Anna to play")
    felt = phone.locator("#felt")
    expect(felt.locator(".tile")).to_have_count(len(TABLE))
    # both 7♥ are on the table: the card is refused, saying where they are
    taps.tap(deck_card(phone, "card", "7H"))
    expect(phone.locator("#notice")).to_contain_text(
        "Both 7♥ of the two packs have turned up; the last: 7♥ is one of the first table")
    expect(phone.locator(".chosen-card")).to_have_count(0)  # the pack again
    # the second 9♠ takes its twin (a mulle): two taps, the second on screen
    taps.reset()
    words = play(phone, taps, "9S", "9♠ takes 9♠")
    assert taps.count == 2
    verdict = phone.locator("#verdict")
    # the offer says the mulle, and so does the verdict, after the ruling
    assert words == "9♠ takes 9♠ · a mulle: 5 points", words
    expect(verdict).to_contain_text("Anna: 9♠ takes 9♠ — legal · a mulle: 5 points")
    expect(felt.locator(".tile")).to_have_count(len(TABLE) - 1)
    no_scroll(phone, phone.locator(".turn"), felt, verdict, deck_card(phone, "card", "AS"),
              deck_card(phone, "card", "KD"))
    axe(phone, "mulle: a play with two packs (phone)")
    shot(phone, "mulle-play")
    # now both 9♠ have turned up: Bengt's phone cannot play one
    taps.tap(deck_card(phone, "card", "9S"))
    expect(phone.locator("#notice")).to_contain_text(
        "Both 9♠ of the two packs have turned up; the last: Anna played 9♠ (play 1) and it "
        "is in Anna's pile: it cannot be played again.")
    pick(phone, taps, "5H")  # any other card is offered its plays as before
    expect(phone.locator("#choices")).to_contain_text("trail 5♥")
    report("mulle (two packs): a card twice on the first table, a play in 2 taps, a card "
           "refused once both copies have turned up")


# each ace box's place on the page: [its value, left, top], rounded
ACE_PLACES = """(boxes) => boxes.map((box) => {
  const r = box.getBoundingClientRect();
  return [box.value, Math.round(r.left), Math.round(r.top)];
})"""


def test_a_two_pack_tally_sets_each_aces_boxes_one_above_the_other(phone: Page,
                                                                   taps: Taps) -> None:
    """Krypkasino's tally at 360 px: a row of four aces a pack, so that a player with one
    A♠ sees the two A♠ boxes in one column (they wrapped three by three before)."""
    start_match(phone, taps, "krypkasino", ["Anna", "Bo", "Cia"], dealer=1)
    taps.tap(phone.locator('button[name="mode"][value="tally"]'))
    boxes = phone.locator('input[name="sides-0-aces"]')
    expect(boxes).to_have_count(8)
    places = {value: (left, top) for value, left, top in boxes.evaluate_all(ACE_PLACES)}
    for suit in "SCHD":
        first, second = places[f"A{suit}"], places[f"A{suit}2"]
        assert first[0] == second[0] and second[1] > first[1], (suit, places)
    assert len({top for _left, top in places.values()}) == 2  # a pack a row
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    shot(phone, "tally-two-packs-aces")
