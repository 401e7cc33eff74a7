"""What a player does in the browser, step by step: start a match, open a round, tap the
first table, play a card. Every tap goes through :class:`Taps`, so tests count them."""

from __future__ import annotations

import re

from playwright.sync_api import Locator, Page, expect

from .conftest import Taps, no_scroll

SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
CODES = {symbol: letter for letter, symbol in SUITS.items()}


def symbol(code: str) -> str:
    """``"10D"`` as a player writes it: ``"10♦"``."""
    return code[:-1] + SUITS[code[-1]]


def codes_in(text: str) -> list[str]:
    """The cards a sentence names by symbol, as codes, in order."""
    return [rank + CODES[suit] for rank, suit in re.findall(r"(10|[2-9AJQK])([♠♥♦♣])", text)]


def start_match(page: Page, taps: Taps, variant: str, names: list[str], dealer: int = 1,
                target: int | None = None) -> str:
    """Fill in the new-match page and start; returns the scoreboard's address."""
    page.goto("/matches/new")
    page.locator("#variant").select_option(variant)
    taps.tap(page.locator(f'label.pill:has(input[value="{len(names)}"])'))
    for i, name in enumerate(names):
        page.locator(f"#names-{i}").fill(name)
    taps.tap(page.locator(f'label.dealer[for="first_dealer-{dealer - 1}"]'))
    if target is not None:
        page.locator("#target").fill(str(target))
    taps.tap(page.get_by_role("button", name="Start the match"))
    expect(page.get_by_role("button", name="Play by play")).to_be_visible()
    return page.url


def start_round(page: Page, taps: Taps, tally: bool = False) -> None:
    """From the scoreboard: a new round, play by play or only the tallies."""
    taps.tap(page.get_by_role("button", name="Only the tallies" if tally else "Play by play"))
    expect(page.locator("#round")).to_be_visible()


def deck_card(page: Page, name: str, code: str) -> Locator:
    """A card of the pack on the round page: ``name`` is "add" (first table) or "card"."""
    return page.locator(f'.deck button[name="{name}"][value="{code}"]')


def lay_table(page: Page, taps: Taps, cards: list[str]) -> None:
    """Tap the first table cards one by one, then confirm them."""
    for code in cards:
        taps.tap(deck_card(page, "add", code))
        expect(page.locator(".felt.chosen")).to_contain_text(symbol(code))
    taps.tap(page.get_by_role("button", name="These are on the table"))
    expect(page.locator(".turn")).to_contain_text("to play")


def choices(page: Page) -> Locator:
    """The one-tap plays offered for the picked card, in page order: the trail (beside the
    card, when the card may trail) first, then the others best first."""
    return page.locator("#round button.choice")


def best(page: Page) -> Locator:
    """The best play offered for the picked card (a capture before a build, the trail only
    when there is nothing else)."""
    return page.locator("#choices button.choice[data-next]")


def pick(page: Page, taps: Taps, code: str) -> None:
    """Tap a card of the pack: the referee offers what it can do."""
    taps.tap(deck_card(page, "card", code))
    expect(page.locator(".chosen-card")).to_contain_text(symbol(code))


def second_tap(page: Page, taps: Taps, button: Locator) -> str:
    """Tap an offered play, checking first that it stands wholly on the screen without
    scrolling (a tap scrolls to its button silently); waits for the verdict of the play
    and returns the play's words."""
    __tracebackhide__ = True
    no_scroll(page, button)
    words = button.inner_text().strip()
    before = page.locator("#verdict").text_content() or ""
    taps.tap(button)
    expect(page.locator("#verdict")).not_to_have_text(before)
    return words


def play(page: Page, taps: Taps, code: str, choice: str | None = None) -> str:
    """Play a card in two taps, both on screen: the card, then the offered play (the best
    one, or the first whose words start with ``choice``). Returns the words of the play."""
    pick(page, taps, code)
    button = (best(page) if choice is None else
              choices(page).filter(has_text=re.compile("^" + re.escape(choice))).first)
    return second_tap(page, taps, button)


def last_verdict(page: Page) -> str:
    return page.locator("#verdict").inner_text().strip()


def take(page: Page, taps: Taps, code: str, taken: list[str]) -> str:
    """Play a card that captures exactly ``taken`` (codes, any order): the card, then the
    offered capture of those cards, in two taps when it is among the plays shown (opening
    "more" when it is folded away, and then it may need scrolling). Returns the words of
    the play chosen."""
    pick(page, taps, code)
    want = sorted(taken)
    # "A♥ takes …", or "A♥ as 14 takes …" where the card takes as other than its number
    offered = choices(page).filter(
        has_text=re.compile("^" + re.escape(symbol(code)) + r"( as \d+)? takes"))
    button = next((b for b in offered.all() if sorted(codes_in(b.inner_text())[1:]) == want),
                  None)
    assert button is not None, (f"{symbol(code)} taking {' '.join(map(symbol, want))} is not "
                                f"offered: {offered.all_inner_texts()}")
    if button.is_visible():
        return second_tap(page, taps, button)
    taps.tap(page.locator("#round .choices > details.more > summary"))
    words = button.inner_text().strip()
    before = page.locator("#verdict").text_content() or ""
    taps.tap(button)
    expect(page.locator("#verdict")).not_to_have_text(before)
    return words


def fill_tally(page: Page, taps: Taps, side: int, cards: int, spades: int,
               aces: str = "", big_casino: int = 0, little_casino: int = 0, sweeps: int = 0,
               last_capture: bool = False) -> None:
    """Fill one side's counts on a tally-only round: ``aces`` as suit letters ("SH")."""
    page.locator(f"#sides-{side}-cards").fill(str(cards))
    page.locator(f"#sides-{side}-spades").fill(str(spades))
    for suit in aces:
        box = page.locator(f'input[name="sides-{side}-aces"][value="A{suit}"]')
        taps.tap(page.locator("label", has=box))
        expect(box).to_be_checked()
    for key, count in (("big_casino", big_casino), ("little_casino", little_casino)):
        box = page.locator(f"#sides-{side}-{key}")
        if box.get_attribute("type") == "checkbox":  # one pack: ticked, not counted
            if count:
                taps.tap(page.locator("label", has=box))
                expect(box).to_be_checked()
        else:
            box.fill(str(count))
    if page.locator(f"#sides-{side}-sweeps").count():
        page.locator(f"#sides-{side}-sweeps").fill(str(sweeps))
    if last_capture:
        box = page.locator(f'input[name="sides-{side}-last_capture"]')
        taps.tap(page.locator("label", has=box))
        expect(box).to_be_checked()


def pile_points(piles: list[list[str]]) -> list[int]:
    """What two piles are worth in Swedish and Finnish (RULES.md §6), counted as players
    count them: most cards 1, most spades 2 (a tie: nobody), each ace 1, 10♦ 2, 2♠ 1.
    Sweeps and the last capture are the variant's, added by the caller."""
    points = [0, 0]
    for count, worth in ((len, 1), (lambda p: sum(c.endswith("S") for c in p), 2)):
        a, b = count(piles[0]), count(piles[1])
        if a != b:
            points[0 if a > b else 1] += worth
    for side, pile in enumerate(piles):
        points[side] += sum(c.startswith("A") for c in pile)
        points[side] += 2 * ("10D" in pile) + ("2S" in pile)
    return points
