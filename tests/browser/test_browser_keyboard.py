"""The pages around a round by keyboard alone, on a desktop: a new match (its mistakes,
then the names and the dealer) and the dispute checker. Each step asserts where the
focus is, so a page that redraws itself never drops the keyboard at the top or the foot.
(The round page's own keyboard test is in test_browser_round.py.)"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .conftest import axe, shot


def test_a_new_match_by_keyboard_alone(desktop: Page) -> None:
    desktop.goto("/matches/new")
    keys = desktop.keyboard
    first = desktop.locator("#names-0")
    first.focus()
    keys.press("Enter")  # no names at all: the mistakes at the top, the first field focused
    expect(desktop.locator("#problems")).to_be_visible()
    expect(first).to_be_focused()
    keys.type("Anna")
    keys.press("Tab")  # the radio beside the name, named by it
    dealer = desktop.get_by_role("radio", name="Anna deals first")
    expect(dealer).to_be_focused()
    expect(dealer).to_be_checked()
    keys.press("Tab")  # one stop for the dealer radios, then the next name
    expect(desktop.locator("#names-1")).to_be_focused()
    keys.type("Bengt")
    keys.press("Shift+Tab")
    expect(dealer).to_be_focused()
    keys.press("ArrowDown")  # the arrows move the dealer to the next name
    bengt = desktop.get_by_role("radio", name="Bengt deals first")
    expect(bengt).to_be_focused()
    expect(bengt).to_be_checked()
    keys.press("Shift+Tab")  # back to the name beside it
    expect(desktop.locator("#names-1")).to_be_focused()
    keys.press("Enter")  # a form's text field sends it
    expect(desktop.get_by_role("button", name="Play by play")).to_be_visible()
    expect(desktop.locator("body")).to_contain_text("Bengt")
    axe(desktop, "scoreboard after a new match by keyboard (desktop)")


def _box(page: Page, field: str, code: str):
    """A card's box in a picker of the check page (``table``, ``card``)."""
    return page.locator(f'#f-{field} input[value="{code}"]')


def test_the_dispute_checker_by_keyboard_alone(desktop: Page) -> None:
    desktop.goto("/check")  # Norwegian, two players, seat 1 to play
    keys = desktop.keyboard
    # each box ticked with the space bar keeps the focus while the page redraws the items
    for code in ("3S", "5C"):
        _box(desktop, "table", code).focus()
        keys.press("Space")
        expect(_box(desktop, "table", code)).to_be_checked()
    expect(desktop.locator("#f-take label")).to_have_count(2)
    expect(_box(desktop, "table", "5C")).to_be_focused()
    _box(desktop, "card", "8D").focus()
    keys.press("Space")
    expect(_box(desktop, "card", "8D")).to_be_checked()
    capture = desktop.locator('#f-action input[value="capture"]')
    capture.focus()
    keys.press("Space")
    expect(desktop.locator("#verdict .next")).to_contain_text("Tick what 8♦ takes")
    expect(capture).to_be_focused()
    for item in desktop.locator('#f-take input[name="take"]').all():
        item.focus()
        keys.press("Space")
        expect(item).to_be_checked()
    expect(desktop.locator("#verdict .next")).to_contain_text("Press Check")
    check = desktop.locator("#check-button")
    check.focus()
    keys.press("Enter")
    ruling = desktop.locator("#verdict .verdict")
    expect(ruling).to_contain_text("Legal")  # 3♠+5♣ = 8
    expect(check).to_be_focused()  # the form redrawn with its ruling keeps the focus
    keys.press("Tab")
    expect(desktop.get_by_role("link", name="Start again")).to_be_focused()
    axe(desktop, "check: a ruling by keyboard (desktop)")
    shot(desktop, "check-keyboard")
