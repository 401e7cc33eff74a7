"""The pages around a round, at phone size: a new match with its mistakes shown at the
top and the first one focused, and the rule book; and the big screen's heading."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from .conftest import Taps, axe, shot
from .flows import start_match
from .test_browser_languages import BROKEN_WORDS


def test_new_match_mistakes_are_listed_at_the_top_and_the_first_is_focused(phone: Page,
                                                                           taps: Taps):
    phone.goto("/matches/new")
    axe(phone, "new match (phone)")
    shot(phone, "new-match")
    seats = phone.locator(".seat")
    expect(seats.nth(0)).to_be_visible()
    expect(seats.nth(1)).to_be_visible()
    expect(seats.nth(2)).to_be_hidden()  # two players: two names to fill in
    partnering = phone.locator("#partnering")
    expect(partnering).to_be_hidden()  # two players sit alone
    taps.tap(phone.locator('label.pill:has(input[value="4"])'))
    expect(seats.nth(3)).to_be_visible()
    expect(partnering).to_be_visible()  # four may play in pairs, not "(6 players)"
    assert _options_in_sight(phone) == ["", "pairs"]
    taps.tap(phone.locator('label.pill:has(input[value="2"])'))
    taps.tap(phone.get_by_role("button", name="Start the match"))  # no names at all
    problems = phone.locator("#problems")
    expect(problems).to_be_visible()
    expect(phone.locator("#names-0")).to_be_focused()
    expect(problems).to_be_in_viewport()  # the list stays in sight beside the field
    expect(phone.locator("#names-0")).to_be_in_viewport()
    axe(phone, "new match with mistakes (phone)")
    shot(phone, "new-match-mistakes")

    # pairs chosen for four, then three players: the choice goes out of sight, and is
    # not sent unseen (app.js)
    taps.tap(phone.locator('label.pill:has(input[value="4"])'))
    phone.locator("#partnerships").select_option("pairs")
    taps.tap(phone.locator('label.pill:has(input[value="3"])'))
    expect(partnering).to_be_hidden()
    expect(phone.locator("#partnerships")).to_have_value("")
    # sent anyway (as by a phone without the script), it is refused in the engine's
    # words, which start the line with a capital there too
    for i, name in enumerate(("Anna", "Bo", "Cia")):
        phone.locator(f"#names-{i}").fill(name)
    phone.locator("#partnerships").evaluate("select => { select.value = 'pairs'; }")
    taps.tap(phone.get_by_role("button", name="Start the match"))
    refused = problems.get_by_role("link").first
    expect(refused).to_contain_text("artnerships need at least 4 players")
    assert refused.inner_text().startswith("Partnerships need"), refused.inner_text()
    expect(partnering).to_be_visible()  # in sight with its error, to be put right
    phone.goto("/matches/new")
    phone.locator("#variant").select_option("krypkasino")
    taps.tap(phone.locator('label.pill:has(input[value="6"])'))
    assert _options_in_sight(phone) == ["", "pairs", "2"]
    expect(phone.locator(".seats-six")).to_be_visible()
    expect(phone.locator(".seats-four")).to_be_hidden()
    phone.locator("#partnerships").select_option("2")
    # five players cannot sit in sides: the choice goes, and is not sent unseen (app.js)
    taps.tap(phone.locator('label.pill:has(input[value="5"])'))
    expect(partnering).to_be_hidden()
    expect(phone.locator("#partnerships")).to_have_value("")
    # Swedish seats two to four: five and six are not offered, four is
    phone.locator("#variant").select_option("swedish")
    taps.tap(phone.locator('label.pill:has(input[value="4"])'))
    expect(phone.locator('label.pill:has(input[value="6"])')).to_be_hidden()
    expect(phone.locator('label.pill:has(input[value="5"])')).to_be_hidden()
    # Mulle (Kortspelshandboken) seats four only in pairs: pairs is chosen for the table
    phone.locator("#variant").select_option("mulle-glimne")
    assert _options_in_sight(phone) == ["pairs"]
    expect(phone.locator("#partnerships")).to_have_value("pairs")


def _options_in_sight(page: Page) -> list[str]:
    """The partnerships the new-match page offers now (an option hidden by the style sheet
    is not displayed)."""
    return page.locator("#partnerships option").evaluate_all(
        "options => options.filter(o => getComputedStyle(o).display !== 'none')"
        ".map(o => o.value)")


def _rules_in_sight(page: Page) -> list[str]:
    """The house rules in sight on the new-match page, by their ids (``rule-…``)."""
    return [row.get_attribute("id")[len("rule-"):]  # type: ignore[index]
            for row in page.locator("#house-rules .house-rule").all() if row.is_visible()]


def test_the_house_rules_in_sight_are_those_the_variant_takes(phone: Page, taps: Taps):
    """Krypkasino takes no house rule (RULES §7: no building, no sweeps scored, no
    majorities), so the list is not shown; Swedish builds nothing unless a building is
    chosen, so the build rules come with one; only Royal Casino's sweeps are optional.
    A value set for another variant stays in sight, with its error, once refused."""
    phone.goto("/matches/new")
    taps.tap(phone.locator("#house-rules > summary"))
    swedish = _rules_in_sight(phone)
    assert "building" in swedish and "sweep_cancellation" in swedish
    assert "multiple_builds" not in swedish and "royal_sweeps" not in swedish
    phone.locator("#building").select_option("nordic")
    assert {"multiple_builds", "raise_own_build"} <= set(_rules_in_sight(phone))
    phone.locator("#variant").select_option("royal")
    assert "royal_sweeps" in _rules_in_sight(phone)
    # Norwegian building still chosen: Krypkasino is played without building
    phone.locator("#variant").select_option("krypkasino")
    expect(phone.locator("#house-rules")).to_be_hidden()
    shot(phone, "new-match-krypkasino")
    taps.tap(phone.locator('label.pill:has(input[value="3"])'))
    for i, name in enumerate(("Anna", "Bo", "Cia")):
        phone.locator(f"#names-{i}").fill(name)
    taps.tap(phone.get_by_role("button", name="Start the match"))
    expect(phone.locator("#problems")).to_contain_text("“Building” cannot be chosen for Krypkasino")
    expect(phone.locator("#rule-building")).to_be_visible()
    assert _rules_in_sight(phone) == ["building"]
    phone.locator("#building").select_option("")
    taps.tap(phone.get_by_role("button", name="Start the match"))
    expect(phone.locator("#board")).to_be_visible()


def test_the_rule_book_at_phone_size(phone: Page, taps: Taps):
    phone.goto("/rules")
    axe(phone, "rules index (phone)")
    taps.tap(phone.get_by_role("link", name="Norwegian Kasino").first)
    expect(phone.locator("h1")).to_contain_text("Norwegian")
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"the rule page is {width}px wide on a 360px phone"
    axe(phone, "rules: norwegian (phone)")
    shot(phone, "rules-norwegian")


def _tall_enough(page: Page, link) -> None:
    box = link.bounding_box()
    assert box is not None and box["height"] >= 44, f"{link} is {box} at 360px: under 44px"


def test_the_links_a_thumb_taps_between_pages_are_44px_tall(phone: Page, taps: Taps):
    """The rule book's "Check a play" and "← All variants", the scoreboard's link to the
    big screen and a ruling's "Link to this ruling": each a tap target of 44px at least,
    as every button is."""
    phone.goto("/rules")
    _tall_enough(phone, phone.locator("main").get_by_role("link", name="Check a play"))
    taps.tap(phone.get_by_role("link", name="Norwegian Kasino").first)
    expect(phone.locator("h1")).to_contain_text("Norwegian")
    phone.wait_for_load_state()  # measured with its stylesheet, not before
    _tall_enough(phone, phone.get_by_role("link", name="← All variants"))
    start_match(phone, taps, "swedish", ["Anna", "Bo"])
    _tall_enough(phone, phone.get_by_role("link", name="the big screen"))
    phone.goto("/check?variant=swedish&players=2&player=1&table=9C&card=9S&action=capture"
               "&take=0")
    phone.wait_for_load_state()
    _tall_enough(phone, phone.get_by_role("link", name="Link to this ruling"))


def test_the_big_screen_keeps_a_long_variant_name_in_its_column(desktop: Page, taps: Taps):
    """"Mulle (Kortspelshandboken)" on the big screen: its heading wraps within the left
    column instead of running under the round beside it."""
    start_match(desktop, taps, "mulle-glimne", ["Annabella", "Bo"], dealer=2)
    watch = desktop.locator("figure.join-link", has_text="Watch only").locator("a")
    desktop.goto(re.sub(r"^https?://[^/]+", "", watch.inner_text()) + "/tv")
    heading = desktop.locator("#screen h1")
    expect(heading).to_contain_text("Kortspelshandboken")
    spill = heading.evaluate("(h) => h.scrollWidth - h.clientWidth")
    assert spill <= 0, f"the heading runs {spill}px out of its column"
    assert heading.evaluate_all(BROKEN_WORDS) == []  # and no word of it over two lines
    shot(desktop, "tv-long-variant-name")
