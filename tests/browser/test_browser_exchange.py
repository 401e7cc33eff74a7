"""Take the match with you, on a phone: download the match file from the watching link,
import it from the home page as a new match, and see a broken file refused."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from .conftest import Taps, axe, shot
from .flows import fill_tally, start_match, start_round


def test_a_match_file_is_downloaded_and_imported_as_a_new_match(phone: Page, taps: Taps,
                                                                 tmp_path: Path) -> None:
    board = start_match(phone, taps, "swedish", ["Åsa", "Björn"])
    start_round(phone, taps, tally=True)
    fill_tally(phone, taps, 0, 27, 7, "SH", big_casino=1, sweeps=2, last_capture=True)
    fill_tally(phone, taps, 1, 25, 6, "DC", little_casino=1)
    taps.tap(phone.get_by_role("button", name="Count the points"))
    taps.tap(phone.get_by_role("button", name="Confirm into the match"))
    expect(phone.get_by_role("heading", name="Rounds")).to_be_visible()
    watch = phone.locator("figure.join-link", has_text="Watch only").locator("a").inner_text()
    phone.goto(watch)
    section = phone.locator("section.take-away")
    expect(section).to_contain_text("Take the match with you")
    axe(phone, "match page with its downloads (phone)")
    with phone.expect_download() as download:
        section.get_by_role("link", name="The whole match (JSON)").click()
    saved = tmp_path / download.value.suggested_filename
    download.value.save_as(saved)
    assert saved.name.startswith("kasino-swedish-") and saved.suffix == ".json"

    phone.goto("/")
    taps.tap(phone.get_by_role("link", name="Import a match saved on another phone"))
    expect(phone.get_by_role("heading", name="Import a match")).to_be_visible()
    axe(phone, "import (phone)")
    phone.locator("#file").set_input_files(saved)
    taps.tap(phone.get_by_role("button", name="Import the match"))
    expect(phone.get_by_role("heading", name="Rounds")).to_be_visible()
    assert phone.url not in (board, watch)
    expect(phone.locator(".score.totals")).to_contain_text("Åsa")
    expect(phone.locator(".score.totals")).to_contain_text("10")  # Åsa's round, as before
    expect(phone.get_by_role("button", name="Play by play")).to_be_visible()  # it goes on
    shot(phone, "imported-phone")


def test_a_broken_file_is_refused_with_its_reason(phone: Page, taps: Taps,
                                                  tmp_path: Path) -> None:
    broken = tmp_path / "match.json"
    broken.write_text('{"format": "kasino-referee/match", "version": 1, "vari')
    phone.goto("/matches/import")
    phone.locator("#file").set_input_files(broken)
    taps.tap(phone.get_by_role("button", name="Import the match"))
    alert = phone.locator("#problems")
    expect(alert).to_contain_text("Nothing was imported")
    expect(alert).to_contain_text("The file is not valid JSON: it goes wrong at line 1, column")
    axe(phone, "import refused (phone)")
    shot(phone, "import-refused-phone")
