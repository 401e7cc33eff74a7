"""Smoke tests of the browser set-up: the home page on a phone, with and without
JavaScript, and the card suits drawn with a real font."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .conftest import axe, no_scroll, report, shot


def test_home_on_a_phone(phone: Page) -> None:
    phone.goto("/")
    brand = phone.get_by_role("link", name="Kasino Referee")
    start = phone.get_by_role("link", name="Start a match")
    expect(brand).to_be_visible()
    expect(start).to_be_visible()
    no_scroll(phone, brand, start)
    axe(phone, "home (phone)")
    shot(phone, "home-phone")


def test_home_without_javascript(nojs: Page) -> None:
    nojs.goto("/")
    expect(nojs.get_by_role("link", name="Kasino Referee")).to_be_visible()
    start = nojs.get_by_role("link", name="Start a match")
    expect(start).to_be_visible()
    no_scroll(nojs, start)
    shot(nojs, "home-nojs")
    start.tap()  # a plain link: it works without JavaScript
    expect(nojs).to_have_url("/matches/new")


# a character no font has: where a suit measures the same, it is drawn as that box too
_SUIT_WIDTHS = """() => {
  const ctx = document.createElement("canvas").getContext("2d");
  ctx.font = "40px " + getComputedStyle(document.body).fontFamily;
  const missing = ctx.measureText("\\u{10FFFD}").width;
  return ["♠", "♥", "♦", "♣"].map(s => [s, ctx.measureText(s).width, missing]);
}"""


def test_card_suits_have_a_font(phone: Page) -> None:
    phone.goto("/")
    phone.evaluate(
        """() => { const p = document.createElement("p"); p.id = "suits";
        p.style.fontSize = "40px"; p.textContent = "♠ ♥ ♦ ♣ A♠ 10♥ K♦ 2♣";
        document.querySelector("main").prepend(p); }"""
    )
    widths = phone.evaluate(_SUIT_WIDTHS)
    tofu = [suit for suit, width, missing in widths if width == missing]
    assert not tofu, f"no font draws {' '.join(tofu)}: install fonts-dejavu-core"
    shot(phone, "suits-phone")
    report("suits drawn with a font: " + " ".join(f"{s} {w:.0f}px" for s, w, _ in widths))
