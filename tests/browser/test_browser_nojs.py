"""The same flows with JavaScript off: every form posts and the answer redirects back to
the round page (post/redirect/get), the card choices are plain GET forms, and the
disclosures are native <details>. axe-core needs JavaScript, so these pages get
screenshots only (their markup is the one the phone tests check with axe)."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from .conftest import Taps, no_scroll, report, shot
from .flows import (
    best,
    choices,
    fill_tally,
    last_verdict,
    lay_table,
    pick,
    start_match,
    start_round,
    symbol,
)

ROUND_URL = re.compile(r"/match/[^/?#]+/round/1$")  # the round page: no form address, no query
BOARD_URL = re.compile(r"/match/[^/?#]+$")


def test_a_round_without_javascript(nojs: Page, taps: Taps) -> None:
    start_match(nojs, taps, "swedish", ["Anna", "Bengt"], dealer=2)
    expect(nojs).to_have_url(BOARD_URL)
    shot(nojs, "nojs-scoreboard")
    start_round(nojs, taps)
    expect(nojs).to_have_url(ROUND_URL)

    # the first table: each tap a GET of the round page with the cards so far
    lay_table(nojs, taps, ["3S", "5C", "8D", "KH"])
    expect(nojs).to_have_url(ROUND_URL)
    expect(nojs.locator(".felt .tile")).to_have_count(4)
    shot(nojs, "nojs-first-play")

    # a play in two taps: the card (GET), then the offered capture (POST, redirect)
    pick(nojs, taps, "8H")
    expect(nojs).to_have_url(re.compile(r"card=8H"))
    capture = best(nojs)  # the best capture: all three cards, 8 | 3+5
    for code in ("8D", "3S", "5C"):
        expect(capture).to_contain_text(symbol(code))
    words = capture.inner_text().strip()
    taps.tap(capture)
    expect(nojs).to_have_url(ROUND_URL)
    expect(nojs.locator("#verdict")).to_contain_text(f"Anna: {words} — legal")
    expect(nojs.locator(".felt .tile")).to_have_count(1)  # K♥ is left
    expect(nojs.locator(".turn")).to_contain_text("Bengt to play")

    # another claim, refused: 9♣ takes K♥ (13, not 9); the <details> opens without JS
    pick(nojs, taps, "9C")
    claim = nojs.locator("details.claim")
    taps.tap(claim.locator("summary"))
    expect(claim).to_have_attribute("open", "")
    taps.tap(claim.locator("label", has_text=symbol("KH")))
    taps.tap(claim.get_by_role("button", name="Takes"))
    verdict = nojs.locator("#verdict")
    expect(verdict).to_contain_text("Bengt: 9♣ takes K♥ — not allowed")
    expect(verdict.locator(".rule")).to_contain_text(re.compile(r"K♥.*\b9\b"))
    # nothing was recorded, so this answer stays at the form's address (422, no redirect);
    # the card's legal plays are offered again, and the table's overrule
    expect(nojs).to_have_url(re.compile(r"/round/1/play$"))
    expect(choices(nojs)).to_have_text(["trail 9♣"])
    expect(nojs.locator(".felt .tile")).to_have_count(1)
    shot(nojs, "nojs-refused-claim")

    # the table overrules the referee, with a reason: recorded, and back to the round page
    overrule = nojs.locator("details.overrule")
    taps.tap(overrule.locator("summary"))
    expect(overrule).to_have_attribute("open", "")
    reason = "our house rule: a king takes a nine"
    nojs.get_by_label("Why the table records 9♣ takes K♥ anyway").fill(reason)
    taps.tap(overrule.get_by_role("button", name="Record it anyway"))
    expect(nojs).to_have_url(ROUND_URL)
    expect(verdict).to_contain_text("Bengt: 9♣ takes K♥ — recorded as the table ruled")
    expect(verdict).to_contain_text(f"The table's reason: {reason}")
    expect(nojs.locator(".felt")).to_contain_text("The table is empty.")
    expect(nojs.locator(".turn")).to_contain_text("Anna to play")
    shot(nojs, "nojs-overruled")

    # undo takes the overruled play back
    taps.tap(nojs.get_by_role("button", name="Undo"))
    expect(nojs).to_have_url(ROUND_URL)
    expect(nojs.locator(".notice")).to_contain_text("taken back")
    expect(nojs.locator(".turn")).to_contain_text("Bengt to play")
    expect(nojs.locator(".felt")).to_contain_text(symbol("KH"))
    assert last_verdict(nojs).startswith(f"Anna: {words}")
    no_scroll(nojs, nojs.locator(".turn"), nojs.locator(".felt"))
    shot(nojs, "nojs-undone")
    # a reload of the round page sends nothing again: the same state
    nojs.reload()
    expect(nojs.locator(".turn")).to_contain_text("Bengt to play")
    expect(nojs.locator("details.history summary")).to_have_text("1 play")
    report(f"no JavaScript: start, first table, a play, a refused claim, an overrule and "
           f"an undo in {taps.count} taps")


def test_a_tally_without_javascript(nojs: Page, taps: Taps) -> None:
    start_match(nojs, taps, "swedish", ["Anna", "Bengt"], dealer=1)
    start_round(nojs, taps, tally=True)
    expect(nojs).to_have_url(ROUND_URL)
    # Anna most cards and spades, A♠, 2♠, last capture; Bengt three aces and 10♦
    fill_tally(nojs, taps, 0, cards=29, spades=9, aces="S", little_casino=1,
               last_capture=True)
    fill_tally(nojs, taps, 1, cards=23, spades=4, aces="CHD", big_casino=1)
    shot(nojs, "nojs-tally-form")
    taps.tap(nojs.get_by_role("button", name="Count the points"))
    expect(nojs).to_have_url(ROUND_URL)
    totals = nojs.locator("table.score tr", has_text="round").locator("th")
    # by hand (Swedish): Anna 1 + 2 + 1 + 1 + 1 = 6; Bengt 3 + 2 = 5
    expect(totals).to_have_text(["round", "6", "5"])
    shot(nojs, "nojs-tally-points")
    taps.tap(nojs.get_by_role("button", name="Confirm into the match"))
    expect(nojs).to_have_url(BOARD_URL)
    expect(nojs.locator("table.totals tbody tr").nth(0)).to_contain_text("6")
    expect(nojs.locator("table.totals tbody tr").nth(1)).to_contain_text("5")
