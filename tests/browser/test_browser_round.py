"""A whole round at the table, tapped in on a phone as players would: two taps a play,
no scrolling, and the points equal to a hand count the test keeps itself."""

from __future__ import annotations

import random
import statistics
import time

import reference
from playwright.sync_api import Page, expect

from .conftest import Taps, axe, no_scroll, report, shot
from .flows import choices, codes_in, deck_card, lay_table, play, start_match, start_round


def _deal(seed: int) -> list[str]:
    deck = list(reference.ONE_PACK)
    random.Random(seed).shuffle(deck)
    return deck


def _hand_count(piles: list[list[str]], sweeps: list[int], last: int) -> list[int]:
    """Swedish points by RULES.md §6, counted from the piles as players count them."""
    points = [0, 0]
    for key, worth in ((len, 1), (lambda p: sum(c.endswith("S") for c in p), 2)):
        a, b = key(piles[0]), key(piles[1])
        if a != b:
            points[0 if a > b else 1] += worth
    for i, pile in enumerate(piles):
        points[i] += sum(c.startswith("A") for c in pile)
        points[i] += 2 * ("10D" in pile) + ("2S" in pile) + sweeps[i]
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
