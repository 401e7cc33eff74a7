"""The same flows with JavaScript off: every form posts and the answer redirects back to
the round page (post/redirect/get), the card choices are plain GET forms, and the
disclosures are native <details>; a Norwegian build, the new match's mistakes and the
dispute checker too. axe-core needs JavaScript, so these pages get
screenshots only (their markup is the one the phone tests check with axe)."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from .conftest import Taps, no_scroll, report, shot
from .flows import (
    best,
    choices,
    deck_card,
    fill_tally,
    last_verdict,
    lay_table,
    pick,
    play,
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
    expect(nojs.locator(".notice")).to_have_text("Taken back: Bengt, 9♣ takes K♥.")
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


def test_a_norwegian_build_without_javascript(nojs: Page, taps: Taps) -> None:
    start_match(nojs, taps, "norwegian", ["Anna", "Bengt"], dealer=2)
    start_round(nojs, taps)
    lay_table(nojs, taps, ["4C", "9S", "5D", "KH"])
    said = play(nojs, taps, "3H", "3♥ on 4♣: a build of 7")  # a GET, then a POST
    expect(nojs).to_have_url(ROUND_URL)  # redirected back to the round page
    verdict = nojs.locator("#verdict")
    expect(verdict).to_contain_text(f"Anna: {said} — legal")
    build = nojs.locator("#felt .tile", has_text="build of 7")
    expect(build).to_contain_text("Anna")
    expect(build).to_contain_text(symbol("3H"))
    no_scroll(nojs, nojs.locator(".turn"), nojs.locator("#felt"), verdict,
              deck_card(nojs, "card", "KD"))
    # the hand check under "why?", a native disclosure that opens without JavaScript
    taps.tap(verdict.locator("details.why > summary"))
    expect(verdict.locator(".pending")).to_have_text(
        "Anna must hold a card that takes 7: checked at the end of the deal.")
    shot(nojs, "nojs-norwegian-build")


def test_new_match_mistakes_without_javascript(nojs: Page, taps: Taps) -> None:
    nojs.goto("/matches/new")
    taps.tap(nojs.get_by_role("button", name="Start the match"))  # no names at all
    problems = nojs.locator("#problems")
    expect(problems).to_contain_text("Give seat 1 a name")
    expect(problems).to_contain_text("Give seat 2 a name")
    expect(nojs.locator("#names-0")).to_be_focused()  # autofocus: no script needed
    expect(problems).to_be_in_viewport()
    shot(nojs, "nojs-new-match-mistakes")
    taps.tap(problems.get_by_role("link", name="Give seat 2 a name"))  # to its field
    expect(nojs).to_have_url(re.compile(r"#names-1$"))
    nojs.locator("#names-0").fill("Anna")
    nojs.locator("#names-1").fill("Bengt")
    taps.tap(nojs.locator('label.dealer[for="first_dealer-1"]'))
    taps.tap(nojs.get_by_role("button", name="Start the match"))
    expect(nojs).to_have_url(BOARD_URL)
    expect(nojs.get_by_role("button", name="Play by play")).to_be_visible()


def test_the_dispute_checker_without_javascript(nojs: Page, taps: Taps) -> None:
    nojs.goto("/check")  # Norwegian, two players
    for code in ("3S", "5C", "8D"):
        taps.tap(nojs.locator(f'#f-table label:has(input[value="{code}"])'))
    taps.tap(nojs.locator('#f-card label:has(input[value="8H"])'))
    taps.tap(nojs.locator("#f-action label", has_text="capture"))
    # without a script the items to tick come with the next answer: the claim first
    taps.tap(nojs.get_by_role("button", name="Check", exact=True))
    expect(nojs.locator("#verdict .next")).to_contain_text("Tick what 8♥ takes")
    expect(nojs.locator("#verdict .verdict")).to_have_count(0)  # no ruling yet
    items = nojs.locator("#f-take label")
    expect(items).to_have_count(3)
    for code in ("3S", "5C", "8D"):
        taps.tap(items.filter(has_text=symbol(code)))
    taps.tap(nojs.get_by_role("button", name="Check", exact=True))
    ruling = nojs.locator("#verdict .verdict")
    expect(ruling).to_contain_text("Legal")  # 8 | 3+5
    expect(nojs).to_have_url(re.compile(r"/check\?.*take="))  # the position in the address
    link = nojs.locator("#verdict .share a")
    href = link.get_attribute("href")
    assert href is not None and "take=" in href, href
    shot(nojs, "nojs-check-legal")
    # the shared link, opened without a script, gives the same ruling
    said = ruling.inner_text()
    nojs.goto(href)
    expect(nojs.locator("#verdict .verdict")).to_have_text(said, use_inner_text=True)
