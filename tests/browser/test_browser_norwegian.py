"""A Norwegian deal tapped in on a phone: a build, the opponent's raise, a double, and a
build its owner never backs, which the referee finds at the end of the deal
(RULES.md §3.2, nordic building, and the retroactive hand check)."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from .conftest import Taps, axe, no_scroll, report, shot
from .flows import (
    deck_card,
    last_verdict,
    lay_table,
    play,
    start_match,
    start_round,
    symbol,
)

# Two players, Bengt deals, so Anna plays first. Norwegian with two players: four table
# cards, four cards each per deal (RULES.md §4), so the first deal is eight plays.
TABLE = ["4C", "9S", "5D", "KH"]
# Anna holds 3♥ 5♣ 7♦ 5♠; Bengt holds 2♣ 9♣ 3♦ Q♣. Each play: seat, card, the offered
# play's words, and the table after it as the felt shows it (builds by their cards).
DEAL_1 = [
    # Anna builds 7 (3♥ on 4♣): she must hold a 7 (she plays 7♦ later: backed)
    (0, "3H", "3♥ on 4♣: a build of 7"),
    # Bengt raises her build with 2♣ to 9: now his, and he must hold a 9 (9♣: backed)
    (1, "2C", "2♣ raises the build of 7 to 9"),
    # Anna doubles 5♦ with 5♣: a locked build of 5, hers; she must hold a 5 (5♠: backed)
    (0, "5C", "5♣ doubles 5♦"),
    # Bengt takes his build of 9 and the loose 9♠ with 9♣ (9 | 9)
    (1, "9C", "9♣ takes"),
    # Anna trails 7♦ (the 7 that backed her first build)
    (0, "7D", "trail 7♦"),
    # Bengt builds 10 (3♦ on 7♦): he must hold a 10 ...
    (1, "3D", "3♦ on 7♦: a build of 10"),
    # Anna takes her locked build of 5 with 5♠
    (0, "5S", "5♠ takes"),
    # ... but his last card is Q♣, trailed: no 10 came, the build of 10 was not backed
    (1, "QC", "trail Q♣"),
]
NAMES = ("Anna", "Bengt")


def test_a_norwegian_deal_with_a_raise_a_double_and_an_unbacked_build(phone: Page,
                                                                        taps: Taps) -> None:
    start_match(phone, taps, "norwegian", list(NAMES), dealer=2)
    start_round(phone, taps)
    lay_table(phone, taps, TABLE)
    axe(phone, "norwegian: first play (phone)")

    felt = phone.locator(".felt")
    verdict = phone.locator("#verdict")
    for n, (seat, card, words) in enumerate(DEAL_1, start=1):
        expect(phone.locator(".turn")).to_contain_text(f"{NAMES[seat]} to play")
        said = play(phone, taps, card, words)
        assert said.startswith(words), said
        expect(verdict).to_contain_text(f"{NAMES[seat]}: {said} — legal")
        # after every play, builds and all: the turn, the table, the verdict and the whole
        # pack on the screen, nothing scrolled
        no_scroll(phone, phone.locator(".turn"), felt, verdict, deck_card(phone, "card", "AS"),
                  deck_card(phone, "card", "KD"))
        if n == 1:
            # the build's owner and value on the felt; the hand check under "why?"
            expect(felt.locator(".tile", has_text="build of 7")).to_contain_text("Anna")
            pending = verdict.locator(".pending")
            expect(pending).to_be_hidden()
            shot(phone, "norwegian-build")
            taps.tap(verdict.locator("details.why > summary"))
            expect(pending).to_have_text(
                "Anna must hold a card that takes 7: checked at the end of the deal.")
            axe(phone, "norwegian: a build, the hand check pending (phone)")
            shot(phone, "norwegian-build-why")
        elif n == 2:
            raised = felt.locator(".tile", has_text="build of 9")
            expect(raised).to_contain_text("Bengt")
            expect(raised).to_contain_text(symbol("2C"))
            expect(felt).not_to_contain_text("build of 7")
            expect(verdict).to_contain_text("Bengt must hold a card that takes 9")
            shot(phone, "norwegian-raise")
        elif n == 3:
            locked = felt.locator(".tile", has_text="locked build of 5")
            expect(locked).to_contain_text("Anna")
            expect(locked).to_contain_text(symbol("5C"))
            expect(locked).to_contain_text(symbol("5D"))
            expect(verdict).to_contain_text("Anna must hold a card that takes 5")
            axe(phone, "norwegian: a locked build after a double (phone)")
            shot(phone, "norwegian-double")
        elif n == 4:
            # 9♣ took the build of 9 (3♥ 4♣ 2♣) and 9♠: only the locked 5 and K♥ remain
            expect(felt.locator(".tile")).to_have_count(2)
            expect(phone.locator(".pile", has_text="Bengt")).to_contain_text("5 cards")
        elif n == 6:
            expect(felt.locator(".tile", has_text="build of 10")).to_contain_text("Bengt")
            expect(verdict).to_contain_text("Bengt must hold a card that takes 10")
        elif n == 7:
            expect(phone.locator(".pile", has_text="Anna")).to_contain_text("3 cards")
    # the deal is over: deal 2 starts, and the hand check has found the build of 10
    expect(phone.locator(".round-head .deal")).to_have_text("deal 2/6")
    expect(phone.locator(".turn")).to_contain_text("Anna to play")
    findings = phone.locator("section.findings")
    expect(findings.get_by_role("heading", name="Found at the end of a deal")).to_be_visible()
    found = findings.locator("li")
    expect(found).to_have_count(1)  # the 7, the 9 and the double's 5 were all backed
    text = found.inner_text()
    assert re.search(r"Deal 1:.*Bengt.*\b10\b", text), text
    assert "Anna" not in text, text
    consequence = found.locator(".hint")
    expect(consequence).to_contain_text("not allowed")
    expect(consequence).to_contain_text("did not hold a card to take it")
    expect(consequence).to_contain_text("undoes back")
    # the unbacked build still lies on the table as played, beside K♥ and Q♣
    expect(felt.locator(".tile", has_text="build of 10")).to_be_visible()
    expect(felt).to_contain_text(symbol("KH"))
    expect(felt).to_contain_text(symbol("QC"))
    assert "trail Q♣" in last_verdict(phone)
    # the finding is announced with the play that ended the deal, on screen at once
    at_once = verdict.locator(".finding")
    expect(at_once).to_contain_text("End of deal 1: Bengt built 10 but played no card")
    # in a colour of its own, apart from the legal play's green
    colour = "(e) => getComputedStyle(e).backgroundColor"
    own = at_once.evaluate(colour)
    assert own not in ("rgba(0, 0, 0, 0)", verdict.locator(".verdict").evaluate(colour)), own
    expect(verdict).not_to_contain_text("must hold a card")  # checked: no longer pending
    no_scroll(phone, at_once, deck_card(phone, "card", "KD"))
    report(f"norwegian deal: {len(DEAL_1)} plays, each leaving the turn, the table (builds "
           "and all), the verdict and the whole pack on screen without scrolling; the "
           "end-of-deal finding is shown in the verdict of the play that ended the deal")
    findings.scroll_into_view_if_needed()
    axe(phone, "norwegian: a finding at the end of the deal (phone)")
    shot(phone, "norwegian-finding")
