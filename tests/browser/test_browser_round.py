"""A whole round at the table, tapped in on a phone as players would: two taps a play,
no scrolling, and the points equal to a hand count the test keeps itself."""

from __future__ import annotations

import random
import statistics
import time

import reference
from playwright.sync_api import Page, expect

from .conftest import Taps, axe, no_scroll, report, shot
from .flows import (
    choices,
    codes_in,
    deck_card,
    lay_table,
    pick,
    pile_points,
    play,
    start_match,
    start_round,
)


def _deal(seed: int) -> list[str]:
    deck = list(reference.ONE_PACK)
    random.Random(seed).shuffle(deck)
    return deck


def _hand_count(piles: list[list[str]], sweeps: list[int], last: int) -> list[int]:
    """Swedish points by RULES.md §6: the piles' points, a sweep 1, the last capture 1."""
    points = [p + s for p, s in zip(pile_points(piles), sweeps, strict=True)]
    points[last] += 1
    return points


def _screen_ready(page: Page) -> None:
    """Everything for the next play is on the screen without scrolling."""
    no_scroll(page, page.locator(".turn"), page.locator(".felt"),
              page.locator("#verdict"), deck_card(page, "card", "AS"),
              deck_card(page, "card", "KD"))


def test_a_whole_swedish_round_two_taps_a_play_without_scrolling(phone: Page, taps: Taps):
    deck = _deal(7)
    start_match(phone, taps, "swedish", ["Anna", "Bengt"], dealer=2)
    start_round(phone, taps)
    axe(phone, "round: first table (phone)")
    shot(phone, "round-first-table")
    taps.reset()
    lay_table(phone, taps, deck[:4])
    table_taps = taps.reset()
    _screen_ready(phone)
    axe(phone, "round: a play (phone)")

    table = list(deck[:4])
    hands = [[], []]
    piles: list[list[str]] = [[], []]
    sweeps = [0, 0]
    last = -1
    rest = deck[4:]
    per_play: list[int] = []
    seconds: list[float] = []
    seat = 0  # Bengt deals, so Anna (seat 0) plays first
    while rest or any(hands):
        if not any(hands):  # a new deal: four cards each
            hands = [rest[:4], rest[4:8]]
            rest = rest[8:]
        hand = hands[seat]
        # a player who can capture does; the referee's first offer is the best capture
        card = next((c for c in hand if reference.legal_captures("swedish", c, table)),
                    hand[0])
        hand.remove(card)
        started = time.perf_counter()
        words = play(phone, taps, card)
        seconds.append(time.perf_counter() - started)
        per_play.append(taps.reset())
        taken = codes_in(words)[1:]
        if taken:
            at = [table.index(c) for c in taken]
            assert reference.is_legal_capture("swedish", card, table, at), words
            most = max(len(o) for o in reference.legal_captures("swedish", card, table))
            assert len(taken) == most, f"{words}: a capture of {most} cards was offered later"
            table = [c for c in table if c not in taken]
            piles[seat] += [card, *taken]
            last = seat
            sweeps[seat] += not table
        else:
            assert words == f"trail {card[:-1]}{'♠♥♦♣'['SHDC'.index(card[-1])]}"
            table.append(card)
        verdict = phone.locator("#verdict")
        expect(verdict).to_contain_text(("Anna", "Bengt")[seat] + ": " + words)
        if rest or any(hands):
            _screen_ready(phone)
        if len(per_play) == 20:
            shot(phone, "round-mid-play")
        seat = 1 - seat
    piles[last] += table  # the last capture takes what is left
    shot(phone, "round-over")
    axe(phone, "round: the round's points (phone)")
    expected = _hand_count(piles, sweeps, last)
    totals = phone.locator("table.score tr", has_text="round").locator("th")
    assert [int(t) for t in totals.all_inner_texts()[1:]] == expected
    expect(phone.locator(".leftover")).to_contain_text("who made the last capture")

    taps.tap(phone.get_by_role("button", name="Confirm into the match"))
    expect(phone.locator("body")).to_contain_text(str(max(expected)))
    median = statistics.median(per_play)
    report(f"swedish round: {len(per_play)} plays; taps per play median {median:g}, "
           f"max {max(per_play)}; first table {table_taps} taps for 4 cards; "
           f"scroll per play 0 px; time per play median "
           f"{statistics.median(seconds) * 1000:.0f} ms, max {max(seconds) * 1000:.0f} ms")
    assert len(per_play) == 48 and max(per_play) == 2
    assert choices(phone).count() == 0


def test_a_refused_claim_its_reason_an_alternative_an_overrule_and_undo(phone: Page,
                                                                        taps: Taps):
    start_match(phone, taps, "swedish", ["Anna", "Bengt"], dealer=2)
    start_round(phone, taps)
    lay_table(phone, taps, ["3S", "5C", "4H", "KD"])
    verdict = phone.locator("#verdict")
    # Anna claims that her 7♥ takes 3♠+5♣: 8, not 7
    pick(phone, taps, "7H")
    claim = phone.locator("details.claim")
    taps.tap(claim.locator("summary"))
    taps.tap(claim.locator("label", has_text="3♠"))
    taps.tap(claim.locator("label", has_text="5♣"))
    taps.tap(claim.get_by_role("button", name="Takes"))
    expect(verdict).to_contain_text("Anna: 7♥ takes 3♠+5♣ — not allowed")
    expect(verdict.locator(".rule")).to_have_text("3♠+5♣ = 8, not 7")
    expect(verdict).to_have_attribute("aria-live", "polite")
    axe(phone, "round: a refused claim (phone)")
    shot(phone, "round-refused-claim")
    # the referee offers what 7♥ can do instead: 3♠+4♥ first; one tap records it
    expect(choices(phone).first).to_have_text("7♥ takes 3♠+4♥")
    taps.tap(choices(phone).first)
    expect(verdict).to_contain_text("Anna: 7♥ takes 3♠+4♥ — legal")
    expect(phone.locator(".felt")).not_to_contain_text("3♠")
    # Bengt's claim is refused too, and the table overrules the referee with a reason
    pick(phone, taps, "6D")
    taps.tap(phone.locator("details.claim summary"))
    taps.tap(phone.locator("details.claim label", has_text="5♣"))
    taps.tap(phone.locator("details.claim").get_by_role("button", name="Takes"))
    expect(verdict).to_contain_text("Bengt: 6♦ takes 5♣ — not allowed")
    overrule = phone.locator("details.overrule")
    taps.tap(overrule.locator("summary"))
    overrule.get_by_label("Why the table records 6♦ takes 5♣ anyway").fill("house rule")
    taps.tap(overrule.get_by_role("button", name="Record it anyway"))
    expect(verdict.locator(".rule")).to_have_text("The table's reason: house rule")
    expect(verdict).to_contain_text("Bengt: 6♦ takes 5♣ — recorded as the table ruled")
    shot(phone, "round-overruled")
    play(phone, taps, "9S")  # Anna trails
    expect(verdict).to_contain_text("Anna: trail 9♠ — legal")
    # undo across several plays: the trail, the overrule, the capture
    undo = phone.get_by_role("button", name="Undo")
    for before in ("Bengt: 6♦ takes 5♣", "Anna: 7♥ takes 3♠+4♥", ""):
        taps.tap(undo)
        expect(phone.locator(".notice")).to_have_text("The last entry was taken back.")
        if before:
            expect(verdict).to_contain_text(before)
    expect(phone.locator(".turn")).to_contain_text("Anna to play")
    expect(phone.locator(".felt")).to_contain_text("3♠")
    # a card that has already turned up is refused with where it went
    taps.tap(deck_card(phone, "card", "KD"))
    expect(phone.locator(".notice")).to_contain_text(
        "K♦ was on the first table and it is on the table")
    axe(phone, "round: after undo (phone)")


def test_a_play_by_keyboard_alone(desktop: Page, taps: Taps):
    start_match(desktop, taps, "swedish", ["Anna", "Bengt"], dealer=2)
    start_round(desktop, taps)
    lay_table(desktop, taps, ["3S", "5C", "4H", "KD"])
    deck_card(desktop, "card", "7H").focus()
    desktop.keyboard.press("Enter")
    first = choices(desktop).first
    expect(first).to_be_focused()  # the best play is one key away
    expect(first).to_have_text("7♥ takes 3♠+4♥")
    desktop.keyboard.press("Enter")
    expect(desktop.locator("#verdict")).to_contain_text("Anna: 7♥ takes 3♠+4♥ — legal")
    desktop.keyboard.press("Tab")  # the keyboard goes on from where it was, not lost
    focused = desktop.evaluate("document.activeElement.closest('#round') !== null")
    assert focused, desktop.evaluate("document.activeElement.outerHTML")
    axe(desktop, "round: a play (desktop)")
    shot(desktop, "round-desktop")
