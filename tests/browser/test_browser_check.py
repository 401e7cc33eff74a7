"""The dispute checker on a phone: lay out a table, pick the card and the claim, read the
ruling; the shared link opens the same ruling on another page."""

from __future__ import annotations

from playwright.sync_api import Locator, Page, expect

from .conftest import Taps, axe, shot
from .flows import symbol

NAMES = {"3S": "three of spades", "5C": "five of clubs", "8D": "eight of diamonds",
         "10H": "ten of hearts", "10D": "ten of diamonds"}


def _card(page: Page, field: str, code: str) -> Locator:
    """A card of a picker (``table``, ``card``): its tile, tapped to tick it."""
    return page.locator(f'#f-{field} label:has(input[value="{code}"])')


def _ruling(page: Page) -> Locator:
    return page.locator("#verdict .verdict")


def test_check_a_claim_and_share_the_ruling(phone: Page, taps: Taps) -> None:
    phone.goto("/check")
    expect(phone.get_by_role("heading", name="Check a play")).to_be_visible()
    # "Whose turn (seat)" runs to two lines on a phone; its box stays level with the other's
    tops = [phone.locator(box).bounding_box()["y"] for box in ("#players", "#player")]
    assert abs(tops[0] - tops[1]) <= 1, tops
    axe(phone, "check: empty (phone)")
    shot(phone, "check-empty")
    phone.locator("#variant").select_option("norwegian")
    # the table: 3♠ 5♣ 8♦ 10♥; the card: 10♦, which counts 16 from the hand in Norwegian
    table = ["3S", "5C", "8D", "10H"]
    for code in table:
        tile = _card(phone, "table", code)
        taps.tap(tile)
        expect(tile.locator("input")).to_be_checked()
    # every change redraws the items to tick: the four cards, in the order laid out
    items = phone.locator("#f-take label")
    expect(items).to_have_count(4)
    taps.tap(_card(phone, "card", "10D"))
    taps.tap(phone.locator("#f-action label", has_text="capture"))
    expect(phone.locator("#verdict .next")).to_contain_text("Tick what")
    # the claim players argue about: 10♦ takes the lone 10♥
    taps.tap(items.filter(has_text=symbol("10H")))
    expect(phone.locator("#verdict .next")).to_contain_text("Press Check")
    expect(_ruling(phone)).to_have_count(0)  # no ruling until Check
    axe(phone, "check: a claim laid out, no ruling yet (phone)")
    taps.tap(phone.get_by_role("button", name="Check", exact=True))
    ruling = _ruling(phone)
    expect(ruling).to_contain_text("Illegal")
    expect(ruling).to_contain_text("16")  # 10♦ counts 16 from the hand
    # the legal capture that card does have: 3♠+5♣+8♦ = 16
    legal = phone.locator("#verdict .alternatives li")
    expect(legal).to_have_count(1)
    for code in ("3S", "5C", "8D"):
        expect(legal).to_contain_text(symbol(code))
    expect(legal).not_to_contain_text(symbol("10H"))
    said = ruling.inner_text()
    axe(phone, "check: an illegal claim ruled (phone)")
    shot(phone, "check-illegal")

    link = phone.locator("#verdict .share a")
    href = link.get_attribute("href")
    assert href is not None and href.endswith("#verdict"), href
    expect(phone.locator("#verdict .share input")).to_have_value(href)
    assert "take=" in phone.url and phone.url.endswith("#verdict"), phone.url

    # a friend opens the link: the same position, the same ruling
    friend = phone.context.new_page()
    friend.goto(href)
    expect(_ruling(friend)).to_have_text(said, use_inner_text=True)  # as shown
    for code in table:
        expect(_card(friend, "table", code).locator("input")).to_be_checked()
    expect(_card(friend, "card", "10D").locator("input")).to_be_checked()
    expect(friend.locator("#f-take label", has_text=symbol("10H")).locator("input")
           ).to_be_checked()
    expect(friend.locator("#variant")).to_have_value("norwegian")
    axe(friend, "check: the shared link opened (phone)")
    shot(friend, "check-shared")

    # one tap on the legal capture offered: now the claim is legal
    taps.tap(legal.get_by_role("link"))
    expect(ruling).to_contain_text("Legal")
    expect(ruling).not_to_contain_text("Illegal")
    expect(phone.locator("#verdict .groups")).to_contain_text(symbol("8D"))
    axe(phone, "check: the legal capture (phone)")
    shot(phone, "check-legal")
