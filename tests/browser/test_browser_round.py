"""A whole round at the table, tapped in on a phone as players would: two taps a play,
no scrolling, and the points equal to a hand count the test keeps itself."""

from __future__ import annotations

import random
import statistics
import time
from itertools import pairwise

import reference
from playwright.sync_api import Page, expect

from .conftest import Taps, axe, no_scroll, report, shot
from .flows import (
    best,
    choices,
    codes_in,
    deck_card,
    lay_table,
    pick,
    pile_points,
    play,
    second_tap,
    start_match,
    start_round,
    symbol,
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
        words = play(phone, taps, card)  # the second tap's button checked on screen first
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
    # where the cards left went stands where they lay, and the table is not "empty"
    expect(phone.locator("#felt .leftover")).to_contain_text("who made the last capture")
    expect(phone.locator("#felt")).not_to_contain_text("The table is empty.")

    taps.tap(phone.get_by_role("button", name="Confirm into the match"))
    expect(phone.locator("body")).to_contain_text(str(max(expected)))
    median = statistics.median(per_play)
    report(f"swedish round: {len(per_play)} plays; taps per play median {median:g}, "
           f"max {max(per_play)}; first table {table_taps} taps for 4 cards; "
           f"scroll per play 0 px, the second tap's button on screen before each of the "
           f"{len(per_play)} taps; time per play median "
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
    # "Takes" with nothing ticked: the claim is not complete, so a prompt and no verdict
    taps.tap(claim.get_by_role("button", name="Takes"))
    expect(claim.locator(".field-error")).to_have_text("Tick what 7♥ takes.")
    expect(claim).to_have_attribute("open", "")
    expect(verdict).to_be_empty()
    expect(phone.locator("details.overrule")).to_have_count(0)
    expect(claim.locator(".field-error")).to_be_in_viewport()
    taps.tap(claim.locator("label", has_text="3♠"))
    taps.tap(claim.locator("label", has_text="5♣"))
    taps.tap(claim.get_by_role("button", name="Takes"))
    expect(verdict).to_contain_text("Anna: 7♥ takes 3♠+5♣ — not allowed")
    expect(verdict.locator(".rule")).to_have_text("3♠+5♣ = 8, not 7")
    expect(verdict).to_have_attribute("aria-live", "polite")
    axe(phone, "round: a refused claim (phone)")
    shot(phone, "round-refused-claim")
    # the referee offers what 7♥ can do instead: 3♠+4♥ first; one tap records it
    expect(best(phone)).to_have_text("7♥ takes 3♠+4♥")
    taps.tap(best(phone))
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
    taken = ("Anna, trail 9♠", "Bengt, 6♦ takes 5♣", "Anna, 7♥ takes 3♠+4♥")
    for before, what in zip(("Bengt: 6♦ takes 5♣", "Anna: 7♥ takes 3♠+4♥", ""), taken,
                            strict=True):
        taps.tap(undo)  # the notice names the play taken back
        expect(phone.locator(".notice")).to_have_text(f"Taken back: {what}.")
        if before:
            expect(verdict).to_contain_text(before)
    expect(phone.locator(".turn")).to_contain_text("Anna to play")
    expect(phone.locator(".felt")).to_contain_text("3♠")
    # a card that has already turned up is refused with where it went
    taps.tap(deck_card(phone, "card", "KD"))
    expect(phone.locator(".notice")).to_have_text(
        "K♦ is one of the first table cards and still lies on the table: it cannot be played.")
    axe(phone, "round: after undo (phone)")


def test_a_round_by_keyboard_alone_the_focus_goes_on_from_each_change(desktop: Page,
                                                                        taps: Taps):
    start_match(desktop, taps, "swedish", ["Anna", "Bengt"], dealer=2)
    start_round(desktop, taps)
    keys = desktop.keyboard
    # the first table: the card pressed keeps the focus, so the next is a key or two away
    for code in ("3S", "5C", "4H"):
        deck_card(desktop, "add", code).focus()
        keys.press("Enter")
        expect(desktop.locator(".felt.chosen")).to_contain_text(symbol(code))
        expect(deck_card(desktop, "add", code)).to_be_focused()
    deck_card(desktop, "add", "KD").focus()
    keys.press("Enter")  # the fourth card: the pack folds, "These are on the table" is next
    lay = desktop.get_by_role("button", name="These are on the table")
    expect(lay).to_be_focused()
    keys.press("Enter")
    expect(desktop.locator(".turn")).to_contain_text("Anna to play")
    expect(deck_card(desktop, "card", "AS")).to_be_focused()  # the pack, from its first card

    # a card: the best play has the focus; a play: the pack again, from its first card
    deck_card(desktop, "card", "7H").focus()
    keys.press("Enter")
    expect(best(desktop)).to_have_text("7♥ takes 3♠+4♥")
    expect(best(desktop)).to_be_focused()
    keys.press("Enter")
    expect(desktop.locator("#verdict")).to_contain_text("Anna: 7♥ takes 3♠+4♥ — legal")
    expect(deck_card(desktop, "card", "AS")).to_be_focused()
    keys.press("Tab")  # on through the pack, not lost to the page's foot
    expect(deck_card(desktop, "card", "2S")).to_be_focused()

    # "Another card": back to the pack, from its first card
    deck_card(desktop, "card", "9D").focus()
    keys.press("Enter")
    another = desktop.get_by_role("button", name="Another card")
    expect(another).to_be_visible()
    another.focus()
    keys.press("Enter")
    expect(desktop.locator(".chosen-card")).to_have_count(0)
    expect(deck_card(desktop, "card", "AS")).to_be_focused()

    # a trail from the keyboard, then undo twice: the Undo button keeps the focus
    deck_card(desktop, "card", "9D").focus()
    keys.press("Enter")
    trail = desktop.get_by_role("button", name="trail 9♦")
    trail.focus()
    keys.press("Enter")
    expect(desktop.locator("#verdict")).to_contain_text("Bengt: trail 9♦ — legal")
    undo = desktop.get_by_role("button", name="Undo")
    undo.focus()
    for before, what in (("Anna: 7♥ takes 3♠+4♥", "Bengt, trail 9♦"),
                         ("", "Anna, 7♥ takes 3♠+4♥")):
        keys.press("Enter")
        expect(desktop.locator("#notice")).to_have_text(f"Taken back: {what}.")
        if before:
            expect(desktop.locator("#verdict")).to_contain_text(before)
        expect(undo).to_be_focused()
    axe(desktop, "round: a play (desktop)")
    shot(desktop, "round-desktop")


def test_the_live_regions_stay_the_same_elements_through_every_change(phone: Page,
                                                                      taps: Taps):
    start_match(phone, taps, "swedish", ["Anna", "Bengt"], dealer=2)
    start_round(phone, taps)
    lay_table(phone, taps, ["3S", "5C", "4H", "KD"])
    watcher = phone.context.new_page()  # a second phone, following by its polls
    watcher.goto(phone.url)
    regions = ("verdict", "notice", "turn")
    mark = """(ids) => ids.forEach((id) => { document.getElementById(id).krMark = id; })"""
    marked = """(ids) => ids.filter((id) => document.getElementById(id).krMark === id)"""
    for page in (phone, watcher):
        page.evaluate(mark, list(regions))
    play(phone, taps, "7H")  # a card picked, then its play: two swaps of the panel
    expect(phone.locator("#verdict")).to_contain_text("Anna: 7♥ takes 3♠+4♥ — legal")
    taps.tap(phone.get_by_role("button", name="Undo"))  # and a notice
    expect(phone.locator("#notice")).to_have_text("Taken back: Anna, 7♥ takes 3♠+4♥.")
    assert phone.evaluate(marked, list(regions)) == list(regions)
    expect(watcher.locator("#notice")).to_be_empty()
    expect(watcher.locator("#turn")).to_contain_text("Anna to play")
    words = play(phone, taps, "9S")  # the watcher's panel swaps by its poll
    expect(watcher.locator("#verdict")).to_contain_text(f"Anna: {words} — legal")
    assert watcher.evaluate(marked, list(regions)) == list(regions)
    for page in (phone, watcher):
        expect(page.locator("#verdict")).to_have_attribute("aria-live", "polite")
        expect(page.locator("#notice")).to_have_attribute("role", "status")
        expect(page.locator("#turn")).to_have_attribute("role", "status")
    watcher.close()
    report("live regions: #verdict, #notice and #turn are the same elements after every "
           "swap, on the phone that plays and on one that follows by its polls")


# a Swedish table of eight loose cards on which K♣ has ten captures
EIGHT = (["4D", "4C", "4H", "3C"], ["KH", "AD", "6C", "2C"], "KC")


def test_on_a_table_of_eight_the_trail_is_one_tap_and_the_panel_stays_in_view(
        phone: Page, taps: Taps):
    start_match(phone, taps, "swedish", ["Anna", "Bengt"], dealer=2)
    start_round(phone, taps)
    first, trails, card = EIGHT
    lay_table(phone, taps, first)
    for code in trails:
        play(phone, taps, code, "trail")
    expect(phone.locator("#felt .tile")).to_have_count(8)
    pick(phone, taps, card)
    expect(choices(phone).filter(has_text="K♣ takes")).to_have_count(10)
    trail = choices(phone).filter(has_text="trail K♣")
    # everything the second tap needs is on the screen: the trail, the best capture, the
    # captures that fit, "more" and another claim (a tap would scroll there silently)
    no_scroll(phone, trail, best(phone), phone.locator("#choices details.more > summary"),
              phone.locator("#choices details.claim > summary"), phone.locator("#felt"))
    axe(phone, "round: a card with ten captures on a table of eight (phone)")
    shot(phone, "round-eight-cards")
    taps.reset()
    second_tap(phone, taps, trail)
    expect(phone.locator("#verdict")).to_contain_text("Anna: trail K♣ — legal")
    assert taps.count == 1
    no_scroll(phone, phone.locator(".turn"), phone.locator("#felt"), phone.locator("#verdict"),
              deck_card(phone, "card", "KD"))
    # a capture folded under "more" takes a scroll to reach; after it the panel is shown
    # from the top again, not left scrolled away
    undo = phone.get_by_role("button", name="Undo")
    taps.tap(undo)
    pick(phone, taps, card)
    taps.tap(phone.locator("#choices details.more > summary"))
    last = phone.locator("#choices details.more button.choice").last
    words = last.inner_text().strip()
    taps.tap(last)  # Playwright scrolls to it, as a thumb would
    expect(phone.locator("#verdict")).to_contain_text(f"Anna: {words} — legal")
    no_scroll(phone, phone.locator(".turn"), phone.locator("#felt"), phone.locator("#verdict"))
    report("table of eight: K♣ with ten captures shows the trail, five captures, \"5 more\" "
           "and another claim on one screen; the trail in one tap; after a capture from "
           "\"more\" the page is back at the top")


def test_what_players_type_wraps_on_a_phone_however_long(phone: Page, taps: Taps):
    """A name of 40 letters owning a build, and a reason of one 120-letter word: both wrap
    within the 360px phone, which never scrolls sideways."""
    long_name = "Maximilian Alexander von Kasinohausen XV"
    start_match(phone, taps, "norwegian", [long_name, "Bo"], dealer=2)
    start_round(phone, taps)
    lay_table(phone, taps, ["3S", "5C", "4H", "KD"])
    verdict = phone.locator("#verdict")
    # the long name builds 7 on 5♣ with 2♦: the build's tile names its owner
    pick(phone, taps, "2D")
    claim = phone.locator("details.claim")
    taps.tap(claim.locator("summary"))
    taps.tap(claim.locator("label", has_text="5♣"))
    claim.locator("#value").fill("7")
    taps.tap(claim.get_by_role("button", name="Builds / raises"))
    expect(verdict).to_contain_text(f"{long_name}: 2♦ on 5♣: a build of 7 — legal")
    expect(phone.locator("#felt .tile.build .owner")).to_have_text(long_name)
    # Bo's claim is refused, and the table overrules with a reason of one long word
    pick(phone, taps, "6D")
    taps.tap(phone.locator("details.claim summary"))
    taps.tap(phone.locator("details.claim label", has_text="3♠"))
    taps.tap(phone.locator("details.claim").get_by_role("button", name="Takes"))
    overrule = phone.locator("details.overrule")
    taps.tap(overrule.locator("summary"))
    word = "x" * 120
    overrule.locator("#reason").fill(word)
    taps.tap(overrule.get_by_role("button", name="Record it anyway"))
    expect(verdict.locator(".rule")).to_have_text(f"The table's reason: {word}")
    shot(phone, "round-long-words")
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"the round is {width}px wide on a 360px phone"
    for part in ("#verdict", "#felt .tile.build"):
        spill = phone.locator(part).first.evaluate("(e) => e.scrollWidth - e.clientWidth")
        assert spill <= 0, f"{part} runs {spill}px out of its box"
    # the piles, side by side in narrow boxes, wrap between their counts, never inside one
    counts = phone.locator(".pile .count")
    expect(counts).to_have_count(6)
    for n, count in enumerate(counts.all()):
        lines = count.evaluate("(e) => e.getClientRects().length")
        assert lines == 1, f"{count.inner_text()!r} is on {lines} lines"
        # the comma between two counts ends the first, so no line of a pile starts with one
        assert count.inner_text().endswith(",") is (n % 3 != 2), count.inner_text()


# the bottoms of the lines of the verdict's sentence ("why?" stands on its last line)
LINE_BOTTOMS = """(verdict) => {
  const range = document.createRange();
  range.selectNodeContents(verdict.querySelector("p.said"));
  const rects = [...range.getClientRects()];
  const lines = new Map();
  for (const r of rects.filter((r) => r.height > 0)) {
    const key = Math.round(r.bottom);
    lines.set(key, Math.min(lines.get(key) ?? Infinity, r.bottom));
  }
  return [...lines.values()].sort((a, b) => a - b);
}"""


def test_a_verdict_over_lines_keeps_its_spacing_beside_why(phone: Page, taps: Taps):
    """The "why?" beside a verdict is a 44px tap target: it must not push its line away
    from the line above (the lines of the sentence keep one spacing)."""
    start_match(phone, taps, "danish", ["Annabella", "Bo"], dealer=2)
    start_round(phone, taps)
    lay_table(phone, taps, ["KC", "10C", "7D", "9H"])
    play(phone, taps, "5S", "5♠ takes")
    verdict = phone.locator("#verdict")
    expect(verdict).to_contain_text("a sweep")
    expect(verdict.locator("details.why")).to_be_visible()
    bottoms = verdict.evaluate(LINE_BOTTOMS)
    assert len(bottoms) >= 2, f"the verdict is on one line: {bottoms}"
    gaps = [round(b - a, 1) for a, b in pairwise(bottoms)]
    assert max(gaps) - min(gaps) <= 3, f"the lines' spacings differ: {gaps}"
    shot(phone, "verdict-lines-why")


def test_a_play_double_tapped_is_recorded_once_without_a_false_alarm(phone: Page, taps: Taps):
    """Two quick taps on an offered play: the page drops the first answer for the second,
    which finds the play already made from its page, and says nothing of another phone."""
    start_match(phone, taps, "swedish", ["Anna", "Bengt"], dealer=2)
    start_round(phone, taps)
    lay_table(phone, taps, ["3S", "5C", "4H", "KD"])
    pick(phone, taps, "JH")
    best(phone).dblclick()
    verdict = phone.locator("#verdict")
    expect(verdict).to_contain_text("Anna: trail J♥ — legal")
    expect(phone.locator(".turn")).to_contain_text("Bengt to play")
    expect(phone.locator(".notice")).not_to_contain_text("The table changed")
    expect(phone.locator("details.history summary")).to_have_text("1 play")


def test_a_reload_keeps_the_card_picked_and_a_play_clears_it(phone: Page, taps: Taps):
    """A phone that reloads (or that the browser wakes from a locked screen) shows the
    first table cards tapped so far, and the card picked with its plays; once the card is
    played, the address is the round's own again."""
    start_match(phone, taps, "swedish", ["Anna", "Bengt"], dealer=2)
    start_round(phone, taps)
    round_url = phone.url
    for code in ("9S", "6C"):
        taps.tap(deck_card(phone, "add", code))
    expect(phone).to_have_url(f"{round_url}?table=9S+6C&v=0")
    phone.reload()
    expect(phone.locator(".felt.chosen")).to_contain_text(symbol("6C"))
    lay_table(phone, taps, ["3D", "5H"])
    expect(phone).to_have_url(round_url)
    pick(phone, taps, "9H")
    expect(phone).to_have_url(f"{round_url}?card=9H&v=1")
    phone.reload()
    expect(phone.locator(".chosen-card")).to_contain_text(symbol("9H"))
    second_tap(phone, taps, best(phone))
    expect(phone.locator("#verdict")).to_contain_text("Anna: 9♥ takes")
    expect(phone).to_have_url(round_url)
    # a language switched after swaps comes back to the round as it is now, the card
    # picked since with it, and no word of a changed table
    pick(phone, taps, "KD")
    taps.tap(phone.locator('footer.langs a[hreflang="sv"]'))
    expect(phone.locator("html")).to_have_attribute("lang", "sv")
    expect(phone).to_have_url(f"{round_url}?card=KD&v=2")
    expect(phone.locator(".chosen-card")).to_contain_text(symbol("KD"))
    expect(phone.locator("#notice")).to_have_text("")
