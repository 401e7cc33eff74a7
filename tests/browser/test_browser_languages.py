"""Five languages at phone size: in each, a round page with a verdict, a refused claim,
the end of a round and a rule page, a screenshot of each, ``<html lang>`` checked. A
Finnish phone plays a whole Finnish round and a Danish phone settles a dispute; on every
page they see, no English word is left (RULES.md §2, §5, §6 for the round itself).

Every step here finds what it taps by the form's data (a card's code, a play's action and
table items), never by its English words, so the same steps serve every language."""

from __future__ import annotations

import pytest
from leftover_english import english_in
from playwright.sync_api import Locator, Page, expect

from referee.languages import LANGUAGES
from referee.rules.variants import VARIANTS

from .conftest import Taps, axe, no_scroll, report, shot
from .flows import deck_card, fill_tally, symbol
from .test_browser_finnish import NAMES as FINNISH_NAMES
from .test_browser_finnish import PLAYS as FINNISH_PLAYS
from .test_browser_finnish import TABLE as FINNISH_TABLE

# the variant each language's table plays in this test, and its players
TABLES = {"en": ("classic", ["Alice", "Bob"]), "nb": ("norwegian", ["Kari", "Ola"]),
          "sv": ("swedish", ["Anna", "Bengt"]), "fi": ("finnish", ["Aino", "Eero"]),
          "da": ("danish", ["Mette", "Lars"])}


def no_english(page: Page, language: str, names: list[str], where: str) -> None:
    """No English word on the page: its text, hidden parts included (a closed "why?"), and
    the words of its attributes (labels for screen readers, titles, placeholders)."""
    __tracebackhide__ = True
    text = page.evaluate("""() => [document.title, document.body.textContent,
        ...[...document.querySelectorAll('[aria-label],[title],[placeholder],[alt]')].map(
            (e) => ['aria-label', 'title', 'placeholder', 'alt'].map(
                (a) => e.getAttribute(a) || '').join(' '))].join(' ')""")
    found = english_in(text, language, names)
    assert not found, f"English left on {where} ({language}): {found}"


def start(page: Page, taps: Taps, language: str, variant: str, names: list[str],
          dealer: int = 2) -> None:
    """Choose the language on the home page's switch, then start a match."""
    page.goto("/")
    taps.tap(page.locator(f'footer.langs a[hreflang="{language}"]'))
    expect(page.locator("html")).to_have_attribute("lang", language)
    page.goto("/matches/new")
    expect(page.locator("html")).to_have_attribute("lang", language)
    page.locator("#variant").select_option(variant)
    taps.tap(page.locator(f'label.pill:has(input[value="{len(names)}"])'))
    for i, name in enumerate(names):
        page.locator(f"#names-{i}").fill(name)
    taps.tap(page.locator(f'label.dealer[for="first_dealer-{dealer - 1}"]'))
    taps.tap(page.locator("#new-match .actions button[type=submit]"))
    expect(page.locator('button[name="mode"][value="play"]')).to_be_visible()


def lay_table(page: Page, taps: Taps, cards: list[str]) -> None:
    taps.tap(page.locator('button[name="mode"][value="play"]'))
    for code in cards:
        taps.tap(deck_card(page, "add", code))
        expect(page.locator(".felt.chosen")).to_contain_text(symbol(code))
    taps.tap(page.locator('form[action$="/table"] button[type=submit]'))
    expect(page.locator(".turn")).to_be_visible()


def _offered(page: Page, action: str, refs: list[int]) -> Locator:
    """The one-tap play of the picked card with this action onto these table items."""
    forms = page.locator("#round .choices form:has(button.choice)")
    index = forms.evaluate_all(
        """(forms, [action, refs]) => forms.findIndex((f) =>
            f.querySelector('input[name=action]').value === action &&
            JSON.stringify([...f.querySelectorAll('input[name=refs]')].map(
                (i) => +i.value).sort((a, b) => a - b)) === JSON.stringify(refs))""",
        [action, sorted(refs)])
    assert index >= 0, f"{action} {refs} is not offered"
    return forms.nth(index).locator("button.choice")


def play(page: Page, taps: Taps, card: str, action: str, refs: list[int]) -> None:
    """Two taps: the card, then the offered play (opening "more" when it is folded)."""
    taps.tap(deck_card(page, "card", card))
    expect(page.locator(".chosen-card")).to_contain_text(symbol(card))
    button = _offered(page, action, refs)
    if button.is_visible():
        no_scroll(page, button)  # the second tap on screen, whatever the language's words
    else:
        taps.tap(page.locator("#round .choices > details.more > summary"))
    before = page.locator("#verdict").text_content() or ""
    taps.tap(button)
    expect(page.locator("#verdict")).not_to_have_text(before)


def claim(page: Page, taps: Taps, card: str, refs: list[int]) -> None:
    """Another claim: the card takes these table items, whatever the referee offers."""
    taps.tap(deck_card(page, "card", card))
    expect(page.locator(".chosen-card")).to_contain_text(symbol(card))
    taps.tap(page.locator("#round details.claim > summary"))
    for i in refs:
        box = page.locator(f'#round details.claim input[name="refs"][value="{i}"]')
        taps.tap(page.locator(f'#round details.claim label:has(input[name="refs"][value="{i}"])'))
        expect(box).to_be_checked()
    taps.tap(page.locator('#round details.claim button[name="action"][value="capture"]'))
    expect(page.locator("#verdict .verdict.illegal")).to_be_visible()


# the words of these cells that the browser broke inside (a word over two lines), and the
# cells whose words run out of them
BROKEN_WORDS = """(cells) => cells.flatMap((cell) => {
  const broken = [];
  const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const word of node.data.matchAll(/\\S+/g)) {
      const range = document.createRange();
      range.setStart(node, word.index);
      range.setEnd(node, word.index + word[0].length);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0);
      if (rects.length && rects.at(-1).top - rects[0].top > rects[0].height / 2) {
        broken.push(word[0]);
      }
    }
  }
  if (cell.scrollWidth > cell.clientWidth + 1) broken.push(`${cell.textContent.trim()} (overflow)`);
  return broken;
})"""


def no_word_broken(page: Page, where: str) -> None:
    """Every category of the scoreboard's round tables breaks between words only."""
    __tracebackhide__ = True
    for summary in page.locator("details.round > summary").all():
        summary.click()
    cells = page.locator("table.per-side td:first-child, table.per-side th:first-child")
    assert cells.count() > 5
    broken = cells.evaluate_all(BROKEN_WORDS)
    assert broken == [], f"words broken on {where}: {broken}"


# the text of every placeholder that does not fit its field, at its own font
CUT_PLACEHOLDERS = """(fields) => fields.filter((field) => {
  const style = getComputedStyle(field);
  const canvas = document.createElement("canvas").getContext("2d");
  canvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  const room = field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  return field.type !== "hidden" && canvas.measureText(field.placeholder).width > room;
}).map((field) => `${field.id}: ${field.placeholder}`)"""


def placeholders_fit(page: Page, where: str) -> None:
    __tracebackhide__ = True
    fields = page.locator("input[placeholder]")
    assert fields.count() > 0
    cut = fields.evaluate_all(CUT_PLACEHOLDERS)
    assert cut == [], f"placeholders cut off on {where}: {cut}"


def rule_page(page: Page, language: str, variant: str, names: list[str]) -> None:
    page.goto(f"/rules/{variant}")
    expect(page.locator("html")).to_have_attribute("lang", language)
    shot(page, f"lang-{language}-rules")
    if language != "en":
        no_english(page, language, names, f"the rules of {variant}")


@pytest.mark.parametrize("language", list(TABLES))
def test_a_round_a_verdict_the_points_and_the_rules_in_each_language(
        phone: Page, taps: Taps, language: str) -> None:
    variant, names = TABLES[language]
    start(phone, taps, language, variant, names)
    # the end of a round: a tally-only round's points, explained line by line
    taps.tap(phone.locator('button[name="mode"][value="tally"]'))
    expect(phone.locator("#sides-0-cards")).to_be_visible()
    marked = phone.locator('input[name="sides-0-last_capture"]').count() > 0
    fill_tally(phone, taps, 0, cards=27, spades=7, aces="SH", big_casino=1, last_capture=marked)
    fill_tally(phone, taps, 1, cards=25, spades=6, aces="DC", little_casino=1)
    taps.tap(phone.locator("#round form .actions button[type=submit]").last)
    expect(phone.locator("table.score")).to_be_visible()
    shot(phone, f"lang-{language}-points")
    if language != "en":
        no_english(phone, language, names, "the round's points")
    taps.tap(phone.locator('form[action$="/confirm"] button[type=submit]'))
    expect(phone.locator("#board")).to_have_attribute("data-rounds", "1")
    no_word_broken(phone, f"the scoreboard's round table ({language})")
    shot(phone, f"lang-{language}-scoreboard")
    # a round page with a verdict, and a claim the referee refuses
    lay_table(phone, taps, ["2H", "3C", "4D", "5S"])
    play(phone, taps, "9H", "capture", [2, 3])  # 9♥ takes 4♦+5♠
    shot(phone, f"lang-{language}-round")
    claim(phone, taps, "8C", [0])  # 8♣ cannot take a lone 2♥
    expect(phone.locator("#verdict .rule")).to_contain_text("2♥")
    shot(phone, f"lang-{language}-verdict")
    if language != "en":
        no_english(phone, language, names, "the round page with a refused claim")
    rule_page(phone, language, variant, names)
    # a variant with building, whose builds and build value have placeholders to fit (a
    # language's own variant may have none: Swedish and Finnish do not build)
    phone.goto("/check?variant=norwegian")
    placeholders_fit(phone, f"the check page ({language})")


def test_four_finnish_sides_break_no_word_on_the_scoreboard(phone: Page, taps: Taps) -> None:
    """Four sides leave the category column the least room of a table of up to four:
    "(patakakkonen)" and "(ruutukymppi)" stay whole."""
    names = ["Aino", "Eero", "Ilmari", "Oona"]
    start(phone, taps, "fi", "finnish", names)
    taps.tap(phone.locator('button[name="mode"][value="tally"]'))
    for i, side in enumerate([dict(cards=14, spades=4, aces="HD", big_casino=1),
                              dict(cards=13, spades=3, aces="S", little_casino=1, sweeps=1),
                              dict(cards=13, spades=3, aces="C"), dict(cards=12, spades=3)]):
        fill_tally(phone, taps, i, **side)
    taps.tap(phone.locator("#round form .actions button[type=submit]").last)
    taps.tap(phone.locator('form[action$="/confirm"] button[type=submit]'))
    expect(phone.locator("#board")).to_have_attribute("data-rounds", "1")
    no_word_broken(phone, "the scoreboard of four Finnish sides")
    shot(phone, "lang-fi-scoreboard-four-sides")


def test_a_finnish_phone_plays_a_whole_round_in_finnish(phone: Page, taps: Taps) -> None:
    names = list(FINNISH_NAMES)
    start(phone, taps, "fi", "finnish", names)
    no_english(phone, "fi", names, "the scoreboard")
    lay_table(phone, taps, FINNISH_TABLE)
    table = list(FINNISH_TABLE)
    for n, (card, taken) in enumerate(FINNISH_PLAYS, start=1):
        if taken:
            codes = taken.split()
            play(phone, taps, card, "capture", [table.index(c) for c in codes])
            table = [c for c in table if c not in codes]
        else:
            play(phone, taps, card, "trail", [])
            table.append(card)
        if n == 5:  # Anna sweeps: the verdict and its sweep
            shot(phone, "lang-fi-round")
            no_english(phone, "fi", names, "a sweep's verdict")
        if n == 42:  # a sweep in the last deal, which does not score
            no_english(phone, "fi", names, "a sweep in the last deal")
    expect(phone.locator("table.score")).to_be_visible()
    shot(phone, "lang-fi-round-over")
    no_english(phone, "fi", names, "the round's points and their explanation")
    axe(phone, "finnish in Finnish: the round's points (phone)")
    taps.tap(phone.locator('form[action$="/confirm"] button[type=submit]'))
    expect(phone.locator("table.totals")).to_be_visible()
    no_english(phone, "fi", names, "the scoreboard after the round")
    rule_page(phone, "fi", "finnish", names)
    report(f"finnish phone in Finnish: {len(FINNISH_PLAYS)} plays, no English on any page")


def test_a_danish_phone_settles_a_dispute_in_danish(phone: Page, taps: Taps) -> None:
    variant, names = TABLES["da"]
    start(phone, taps, "da", variant, names)
    lay_table(phone, taps, ["10S", "2C", "7H", "KD"])
    # Mette claims her 8♥ takes 2♣+7♥, which make 9 (RULES §3.1)
    claim(phone, taps, "8H", [1, 2])
    verdict = phone.locator("#verdict").inner_text()
    assert "2♣+7♥ = 9" in verdict and "8" in verdict
    shot(phone, "lang-da-verdict")
    no_english(phone, "da", names, "the refused claim")
    # the table insists: recorded anyway, with its reason
    taps.tap(phone.locator("#round details.overrule > summary"))
    phone.locator("#reason").fill("Vi spiller med husregel")
    taps.tap(phone.locator("#round details.overrule button[type=submit]"))
    expect(phone.locator("#verdict .verdict.overruled")).to_be_visible()
    shot(phone, "lang-da-overruled")
    no_english(phone, "da", [*names, "Vi spiller med husregel"], "the overruled play")
    rule_page(phone, "da", variant, names)


def test_every_rule_page_fits_the_phone_in_every_language(phone: Page, taps: Taps) -> None:
    """No rule page scrolls sideways on the phone, whichever language words it (long
    Finnish words in the card values' table once did)."""
    size = phone.viewport_size
    assert size is not None
    wide = []
    for language in LANGUAGES:
        phone.goto("/")
        taps.tap(phone.locator(f'footer.langs a[hreflang="{language}"]'))
        expect(phone.locator("html")).to_have_attribute("lang", language)
        for variant in VARIANTS:
            phone.goto(f"/rules/{variant}")
            width = phone.evaluate("document.documentElement.scrollWidth")
            if width > size["width"]:
                wide.append(f"{language} /rules/{variant}: {width}px")
    assert wide == [], f"wider than the {size['width']}px phone: {wide}"
