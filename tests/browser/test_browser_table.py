"""The whole table: four phones join a match by its links, each player records their own
plays on their own phone, and every phone shows each play, the undo, the overrule, the
round's points and the confirmation within two seconds, without reloading: the four seat
phones, a phone on the players' link's round page, one on the watching link's round page,
one on the players' scoreboard and the big screen. The delay is measured in the pages
themselves and printed (p95, and each kind of change's worst).

And the copy buttons beside the links to share: on the local network over plain http
(no secure context, so no clipboard API) a tap still puts the link on the clipboard;
with JavaScript off the buttons are not shown at all."""

from __future__ import annotations

import random
import re
import statistics
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import reference
from playwright.sync_api import Browser, BrowserContext, Page, expect
from werkzeug.serving import make_server

from referee import create_app, sharing
from referee.extensions import db

from .conftest import PHONE, TIMEOUT_MS, Taps, report, shot
from .flows import choices, deck_card, lay_table, pick, start_match, start_round

NAMES = ["Anna", "Bengt", "Cecilia", "David"]
LIVE_WITHIN_S = 2.0

# each page notes, in its own clock, when it first shows a round's version or a count of
# confirmed rounds (the pages' clocks are this machine's: performance.timeOrigin + now)
SEEN = """
window.__seen = {};
const note = () => {
  const at = performance.timeOrigin + performance.now();
  for (const [selector, key] of [["#round", "version"], ["#board", "rounds"],
                                 ["#screen", "rounds"]]) {
    const part = document.querySelector(selector);
    if (!part) continue;
    const name = selector + ":" + part.dataset[key];
    if (!(name in window.__seen)) window.__seen[name] = at;
  }
};
new MutationObserver(note).observe(document, {childList: true, subtree: true,
                                              attributes: true});
document.addEventListener("DOMContentLoaded", note);
"""


SEATS = 4  # the seat phones come first among the contexts, then the TV, then the others
WATCHERS = 3  # the players' link's round page, the watching link's, the players' scoreboard


@pytest.fixture
def contexts(browser: Browser, live_server: str) -> Iterator[list[BrowserContext]]:
    """Four phones, a TV and three more phones, each its own browser (cookies, cache),
    the site's own Content-Security-Policy in force (nothing bypassed)."""
    made = []
    for options in ([PHONE] * SEATS + [{"viewport": {"width": 1280, "height": 720}}]
                    + [PHONE] * WATCHERS):
        context = browser.new_context(base_url=live_server, **options)
        context.set_default_timeout(TIMEOUT_MS)
        context.add_init_script(SEEN)
        made.append(context)
    yield made
    for context in made:
        context.close()


def _seen(page: Page, name: str) -> float:
    """When the page first showed ``name``, in seconds of this machine's clock."""
    page.wait_for_function("name => name in window.__seen", arg=name,
                           timeout=int(3 * LIVE_WITHIN_S * 1000))
    return float(page.evaluate("name => window.__seen[name]", name)) / 1000


class Table:
    """The phones that show the round (the four seats, a page each on its seat's link, and
    the round pages of the players' and the watching link) and the big screen."""

    def __init__(self, phones: list[Page], screen: Page) -> None:
        self.phones = phones
        self.screen = screen
        self.delays: list[float] = []
        self.kinds: dict[str, list[float]] = {}

    def version(self, page: Page) -> int:
        return int(page.locator("#round").get_attribute("data-version") or -1)

    def seen(self, kind: str, delay: float) -> None:
        self.delays.append(delay)
        self.kinds.setdefault(kind, []).append(delay)

    def followed(self, actor: Page, kind: str) -> None:
        """The change the actor just made is shown on every other phone: how long after
        the actor's own page showed it."""
        name = f"#round:{self.version(actor)}"
        done = _seen(actor, name)
        for page in self.phones:
            if page is not actor:
                self.seen(kind, _seen(page, name) - done)


def _best_plain_choice(page: Page) -> int:
    """The first capture offered, else the trail (no builds: nobody here plans one)."""
    texts = [t.strip() for t in choices(page).all_inner_texts()]
    for want in (" takes ", "trail "):
        for i, text in enumerate(texts):
            if want in text:
                return i
    return 0


def test_four_phones_each_record_their_own_plays_and_all_follow_within_two_seconds(
        contexts: list[BrowserContext]):
    taps = Taps()
    pages = [context.new_page() for context in contexts]
    clerk, screen = pages[0], pages[SEATS]
    clerk_round, watch_round, scoreboard = pages[SEATS + 1:]
    # the first phone starts the match (its players' link) and hands out the seats
    board = start_match(clerk, taps, "swedish", NAMES, dealer=4)  # David deals
    seat_links = [clerk.locator("a", has_text=f"Play as {name} on this phone")
                  .get_attribute("href") for name in NAMES]
    watch = clerk.locator("figure.join-link", has_text="Watch only").locator("a").inner_text()
    assert board.endswith(clerk.url.rsplit("/", 1)[-1])
    # each phone opens its own seat (as if it scanned its code); the TV the watching link
    for page, link in zip(pages[:4], seat_links, strict=True):
        page.goto(link or "")
        expect(page.locator("p.you")).to_contain_text("This phone plays as")
    screen.goto(re.sub(r"^https?://[^/]+", "", watch) + "/tv")
    shot(pages[1], "table-seat-scoreboard")

    # David's phone starts the round and lays the first table; everyone sees it
    david = pages[3]
    start_round(david, taps)
    deck = list(reference.ONE_PACK)
    random.Random(11).shuffle(deck)
    for page in pages[:3]:
        expect(page.locator("a", has_text="Continue round 1")).to_be_visible(
            timeout=int(LIVE_WITHIN_S * 1000) + 1000)
        page.locator("a", has_text="Continue round 1").click()
    expect(screen.locator("#screen")).to_contain_text("Round 1")
    # three more phones follow the round: the players' link's round page (it records
    # anything), the watching link's round page and the players' scoreboard
    watching = re.sub(r"^https?://[^/]+", "", watch)
    clerk_round.goto(board + "/round/1")
    watch_round.goto(watching + "/round/1")
    scoreboard.goto(board)
    for page in (clerk_round, watch_round):
        expect(page.locator("#round")).to_be_visible()
    expect(scoreboard.locator("#board")).to_have_attribute("data-rounds", "0")
    lay_table(david, taps, deck[:4])
    table = Table([*pages[:SEATS], clerk_round, watch_round], screen)
    table.followed(david, "first table")
    for page in pages[:3]:
        expect(page.locator(".turn")).to_contain_text("Your turn" if page is pages[0]
                                                      else "Anna to play")

    rest = deck[4:]
    hands: list[list[str]] = [[], [], [], []]
    seat, plays = 0, 0
    undone = overruled = False
    while rest or any(hands):
        if not any(hands):
            hands = [rest[i * 4:(i + 1) * 4] for i in range(4)]
            rest = rest[16:]
        page = pages[seat]
        expect(page.locator(".turn")).to_contain_text(f"Your turn, {NAMES[seat]}")
        for other in pages[:4]:  # nobody else is offered the pack
            if other is not page:
                expect(deck_card(other, "card", "AS")).to_have_count(0)
        card = hands[seat][0]
        pick(page, taps, card)
        if plays == 5 and not overruled and _overrule(page, taps, card):
            overruled = True
            table.followed(page, "overrule")
        else:
            before = table.version(page)
            taps.tap(choices(page).nth(_best_plain_choice(page)))
            expect(page.locator("#round")).not_to_have_attribute("data-version", str(before))
            table.followed(page, "play")
            if plays == 3 and not undone:  # a slip: taken back on the same phone, played again
                taps.tap(page.get_by_role("button", name=re.compile("Undo")))
                expect(page.locator(".turn")).to_contain_text(f"Your turn, {NAMES[seat]}")
                table.followed(page, "undo")
                undone = True
                continue
        hands[seat].pop(0)
        seat, plays = (seat + 1) % 4, plays + 1

    # the round's points on every phone and the TV; confirmed from Cecilia's phone
    for page in table.phones:
        expect(page.locator("#round")).to_contain_text("The round is over")
    expect(screen.locator("#screen")).to_contain_text("The round is over")
    shot(pages[2], "table-round-over")
    cecilia = pages[2]
    taps.tap(cecilia.get_by_role("button", name=re.compile("Confirm")))
    expect(cecilia.locator("#board")).to_have_attribute("data-rounds", "1")
    done = _seen(cecilia, "#board:1")
    # the confirmation reaches every other page: the round pages say so (a version of the
    # round none of them has shown yet), the scoreboard and the big screen count the round
    confirming = [page for page in table.phones if page is not cecilia]
    for page in confirming:
        expect(page.locator("#round")).to_contain_text("This round is confirmed")
    confirmed = {table.version(page) for page in confirming}
    assert len(confirmed) == 1, confirmed  # one version, the confirmed round's
    version = confirmed.pop()
    for page in confirming:
        table.seen("confirmation", _seen(page, f"#round:{version}") - done)
    table.seen("confirmation (scoreboard)", _seen(scoreboard, "#board:1") - done)
    table.seen("confirmation (big screen)", _seen(screen, "#screen:1") - done)
    for page in (pages[0], pages[1], pages[3]):  # on to the scoreboard, with the round
        page.locator("a", has_text="This round is confirmed").click()
        expect(page.locator("#board")).to_have_attribute("data-rounds", "1")
    shot(screen, "table-big-screen")
    # the line of whose turn (here: who deals) is read from across the room: no smaller
    # than the players' names in the standings
    turn, name = (screen.locator(f".screen {part}").first.evaluate(
        "(e) => parseFloat(getComputedStyle(e).fontSize)") for part in (".turn", ".who"))
    assert turn >= name, f"the turn line is {turn}px, the names {name}px"
    shot(scoreboard, "table-scoreboard")

    delays = sorted(table.delays)
    p95 = delays[max(0, round(0.95 * len(delays)) - 1)]
    kinds = ", ".join(f"{kind} {max(values):.2f} s max" for kind, values in table.kinds.items())
    report(f"four phones at one table, and the players' and the watching link's round pages, "
           f"a scoreboard and the big screen: {plays} plays, an undo and an overrule, each "
           f"seen on the {len(table.phones) - 1} other round pages, and the confirmation on "
           f"every page: delay p95 {p95:.2f} s, median {statistics.median(delays):.2f} s, "
           f"max {delays[-1]:.2f} s over {len(delays)} sightings ({kinds})")
    assert undone and overruled and plays == 48
    assert len(table.kinds["confirmation"]) == len(table.phones) - 1
    assert p95 < LIVE_WITHIN_S, delays[-10:]
    assert max(max(table.kinds[kind]) for kind in table.kinds
               if kind.startswith("confirmation")) < LIVE_WITHIN_S, table.kinds


def _overrule(page: Page, taps: Taps, card: str) -> bool:
    """Claim the card takes a loose card of another rank; the referee refuses; the table
    overrules it with a reason. False when the table has no such card."""
    rank = card[:-1]
    felt = page.locator("#round .claim .table-items label")
    taps.tap(page.locator("#round details.claim > summary"))
    for i in range(felt.count()):
        label = felt.nth(i)
        words = label.inner_text()
        if "(" in words or words.strip().startswith(rank):  # a build, or the same rank
            continue
        taps.tap(label)
        before = page.locator("#verdict").text_content() or ""
        taps.tap(page.get_by_role("button", name="Takes", exact=True))
        expect(page.locator("#verdict")).not_to_have_text(before)
        expect(page.locator("#verdict")).to_contain_text("not allowed")
        taps.tap(page.locator("#round details.overrule > summary"))
        page.locator("#reason").fill("house rule at this table")
        version = page.locator("#round").get_attribute("data-version")
        taps.tap(page.get_by_role("button", name="Record it anyway"))
        expect(page.locator("#round")).not_to_have_attribute("data-version", version or "")
        expect(page.locator("#verdict")).to_contain_text("recorded as the table ruled")
        return True
    taps.tap(page.get_by_role("button", name="Another card"))
    pick(page, taps, card)
    return False



def test_a_hidden_page_stops_asking_and_asks_at_once_when_shown(
        contexts: list[BrowserContext]):
    """While the page is hidden (another app, a locked phone) no poll goes out; when it
    shows again one goes out at once, and then one a second."""
    taps = Taps()
    page = contexts[0].new_page()
    board = start_match(page, taps, "swedish", NAMES[:2])
    polls: list[float] = []
    page.on("request", lambda request: polls.append(time.perf_counter())
            if request.headers.get("hx-request") and request.url == board else None)
    page.wait_for_timeout(2500)
    assert len(polls) >= 2  # in view: every second
    page.evaluate("""() => {
        Object.defineProperty(document, "hidden", {configurable: true, get: () => true});
        document.dispatchEvent(new Event("visibilitychange"));
    }""")
    page.wait_for_timeout(300)
    hidden_from = len(polls)
    page.wait_for_timeout(3000)
    assert len(polls) == hidden_from  # nothing while hidden
    shown = time.perf_counter()
    page.evaluate("""() => {
        Object.defineProperty(document, "hidden", {configurable: true, get: () => false});
        document.dispatchEvent(new Event("visibilitychange"));
    }""")
    page.wait_for_timeout(400)
    assert len(polls) > hidden_from
    after = polls[hidden_from] - shown
    assert after < 0.3
    report(f"a hidden page: {hidden_from} polls in 2.5 s in view, none in 3 s hidden, the "
           f"next {1000 * after:.0f} ms after it shows again")


def test_a_page_does_not_ask_for_itself_while_someone_types_in_it(
        contexts: list[BrowserContext]):
    """A tally being typed in is never swapped away by a poll: an unchanged page is always
    answered 304 (never the page again), none goes out while a field of the live part has
    the focus, and they resume when it is left."""
    taps = Taps()
    page = contexts[0].new_page()
    start_match(page, taps, "swedish", NAMES[:2])
    start_round(page, taps, tally=True)
    here = page.url
    polls: list[float] = []
    page.on("request", lambda request: polls.append(time.perf_counter())
            if request.headers.get("hx-request") and request.url == here else None)
    answers: list[int] = []
    page.on("response", lambda response: answers.append(response.status)
            if response.request.headers.get("hx-request") and response.url == here else None)
    page.wait_for_timeout(2500)
    assert len(answers) >= 2 and set(answers) == {304}  # nothing changed: nothing sent
    polls.clear()
    page.locator("#sides-0-cards").fill("27")  # the field keeps the focus
    page.wait_for_timeout(2500)
    assert polls == []
    page.locator("#sides-0-cards").blur()
    page.wait_for_timeout(2500)
    assert len(polls) >= 1
    expect(page.locator("#sides-0-cards")).to_have_value("27")


# -- the copy buttons ------------------------------------------------------------------------

# where the machine has no address in a local network: the page is told it is not in a
# secure context and has no clipboard API, as it is over plain http on a LAN address
NO_SECURE_CONTEXT = """
Object.defineProperty(window, "isSecureContext", {get: () => false});
Object.defineProperty(Navigator.prototype, "clipboard", {get: () => undefined});
"""
COPIED = "The link is copied: paste it in a message."
SELECTED = "The link is selected: copy it with your phone’s Copy."


@pytest.fixture(scope="module")
def lan_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """The app served as ``make run HOST=0.0.0.0`` serves it, reached on this machine's
    address in the local network over plain http, which a browser does not count as a
    secure context; its base URL and how the page is reached. (A machine with no such
    address serves on 127.0.0.1, and its pages are told what a LAN address would tell
    them.)"""
    path = Path(tmp_path_factory.mktemp("lan")) / "referee.sqlite"
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}",
                      "WTF_CSRF_ENABLED": True, "SHARE_ON_LAN": True})
    with app.app_context():
        db.create_all()
    address = sharing.lan_address()
    server = make_server(address or "127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, name="lan-server", daemon=True)
    thread.start()
    yield (f"http://{address or '127.0.0.1'}:{server.server_port}",
           f"the LAN address {address}" if address else "127.0.0.1, told it is not secure")
    server.shutdown()
    thread.join(timeout=5)
    with app.app_context():
        db.engine.dispose()


def _lan_phone(browser: Browser, lan_server: tuple[str, str], script: str = "") -> Page:
    base, how = lan_server
    context = browser.new_context(base_url=base, **PHONE)
    context.set_default_timeout(TIMEOUT_MS)
    if how.startswith("127."):
        context.add_init_script(NO_SECURE_CONTEXT)
    if script:
        context.add_init_script(script)
    return context.new_page()


def test_on_the_local_network_the_copy_button_puts_the_link_on_the_clipboard(
        browser: Browser, lan_server: tuple[str, str], live_server: str):
    """Over plain http on a LAN address navigator.clipboard is undefined: the link is
    selected and copied as a selection, and the phone says it is copied."""
    page = _lan_phone(browser, lan_server)
    start_match(page, Taps(), "swedish", NAMES[:2])
    assert page.evaluate("[window.isSecureContext, typeof navigator.clipboard]") == [
        False, "undefined"]
    figure = page.locator("figure.join-link", has_text="Watch only")
    link = figure.locator("a.link").inner_text()
    assert link.startswith(lan_server[0] if "LAN" in lan_server[1] else "http://")
    button = figure.locator("button[data-copy]")
    expect(button).to_be_visible()
    button.tap()
    expect(figure.locator(".copy-status")).to_have_text(COPIED)
    expect(button).to_have_text("Copied")
    # the clipboard, read from a page in a secure context (this machine itself)
    reader = browser.new_context(base_url=live_server,
                                 permissions=["clipboard-read", "clipboard-write"])
    try:
        here = reader.new_page()
        here.goto("/offline")
        assert here.evaluate("navigator.clipboard.readText()") == link
    finally:
        reader.close()
        page.context.close()
    report(f"copy button on plain http ({lan_server[1]}): the link lands on the clipboard")


def test_where_the_browser_refuses_to_copy_the_link_is_left_selected(
        browser: Browser, lan_server: tuple[str, str]):
    page = _lan_phone(browser, lan_server, "document.execCommand = () => false;")
    start_match(page, Taps(), "swedish", NAMES[:2])
    figure = page.locator("figure.join-link", has_text="Players' link")
    figure.locator("button[data-copy]").tap()
    expect(figure.locator(".copy-status")).to_have_text(SELECTED)
    assert page.evaluate("window.getSelection().toString()") == (
        figure.locator("a.link").inner_text())
    page.context.close()


def test_without_javascript_no_copy_button_shows(nojs: Page):
    """The buttons wait hidden for app.js: a style of the site's own never shows them."""
    start_match(nojs, Taps(), "swedish", NAMES[:2])
    buttons = nojs.locator("button[data-copy]")
    assert buttons.count() == 4  # the players' link, the watching link, each seat's link
    for i in range(buttons.count()):
        expect(buttons.nth(i)).to_be_hidden()
