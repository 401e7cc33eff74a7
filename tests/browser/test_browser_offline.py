"""Installable and offline (issue 9 §4): the manifest and its icons, the service worker,
the offline page for a navigation, and a play tapped without a connection that is kept
on the page and recorded when tapped again."""

from __future__ import annotations

import json
import re
import struct
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import PHONE, TIMEOUT_MS, Taps, axe, shot
from .flows import best, lay_table, pick, start_match, start_round

NO_CONNECTION = ("No connection: nothing was recorded. Your play is kept here; tap it "
                 "again when you are back.")
OFFLINE_PAGE = "The referee needs the connection to the host; nothing you entered is lost."


@pytest.fixture
def installed(browser: Browser, live_server: str) -> Iterator[Page]:
    """A phone whose context lets the service worker run (Playwright's option)."""
    context = browser.new_context(base_url=live_server, bypass_csp=True,
                                  service_workers="allow", **PHONE)
    context.set_default_timeout(TIMEOUT_MS)
    try:
        yield context.new_page()
    finally:
        context.close()


def _plays_recorded(page: Page, url: str) -> int:
    """How many plays the server has for the round, read from a fresh copy of its page
    (the context's own cookies, not the page on the screen)."""
    html = page.request.get(url).text()
    found = re.search(r"<summary>(\d+) plays?</summary>", html)
    return int(found.group(1)) if found else 0


def test_a_play_tapped_without_a_connection_is_kept_and_recorded_when_tapped_again(
        phone: Page, taps: Taps) -> None:
    start_match(phone, taps, "swedish", ["Anna", "Bengt"], dealer=2)
    start_round(phone, taps)
    lay_table(phone, taps, ["9S", "6C", "3D", "5H"])
    url = phone.url
    pick(phone, taps, "9H")
    button = best(phone)
    words = button.inner_text().strip()
    verdict = phone.locator("#verdict").inner_text()
    notice = phone.locator("#connection")
    expect(notice).to_be_empty()

    phone.context.set_offline(True)
    taps.tap(button)
    expect(notice).to_have_text(NO_CONNECTION)
    # the round's refresh fails too while offline: the play's notice stays as it was
    phone.wait_for_event("requestfailed", lambda request: request.method == "GET")
    expect(notice).to_have_text(NO_CONNECTION)
    expect(notice).to_have_attribute("role", "status")
    expect(best(phone)).to_have_text(words)  # the same play, on the same page
    expect(phone.locator("#verdict")).to_have_text(verdict)
    expect(phone.locator(".chosen-card")).to_be_visible()
    shot(phone, "offline-play-kept")
    axe(phone, "round: a play without a connection (phone)")

    phone.context.set_offline(False)
    assert _plays_recorded(phone, url) == 0, "the play tapped offline was recorded"
    taps.tap(best(phone))
    expect(phone.locator("#verdict")).to_contain_text("Anna: " + words)
    expect(notice).to_be_empty()
    assert _plays_recorded(phone, url) == 1


def _png_size(data: bytes) -> tuple[int, int]:
    """Width and height from a PNG's header (its signature, then the IHDR chunk)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", data[:8]
    length, kind, width, height = struct.unpack(">I4sII", data[8:24])
    assert kind == b"IHDR" and length == 13
    return width, height


def test_the_manifest_and_its_icons(installed: Page) -> None:
    page = installed
    page.goto("/")
    href = page.locator('link[rel="manifest"]').get_attribute("href")
    assert href
    answer = page.request.get(href)
    assert answer.ok and answer.headers["content-type"].startswith("application/manifest+json")
    manifest = json.loads(answer.text())
    assert manifest["name"] == "Kasino Referee" and manifest["short_name"]
    assert (manifest["start_url"], manifest["display"]) == ("/", "standalone")
    assert manifest["theme_color"] == page.locator('meta[name="theme-color"]').get_attribute(
        "content")
    sizes = set()
    for icon in manifest["icons"]:
        got = page.request.get(icon["src"])
        assert got.ok and got.headers["content-type"].split(";")[0] == icon["type"], icon
        if icon["type"] == "image/png":
            width, height = _png_size(got.body())
            assert f"{width}x{height}" == icon["sizes"], icon
            sizes.add((width, icon["purpose"]))
        else:
            assert got.text().startswith("<svg"), icon
    assert {(192, "any"), (512, "any"), (512, "maskable")} <= sizes
    for rel in ("icon", "apple-touch-icon"):
        for link in page.locator(f'link[rel="{rel}"]').all():
            assert page.request.get(link.get_attribute("href") or "").ok, rel


def test_the_service_worker_keeps_static_files_and_shows_the_offline_page(
        installed: Page, live_server: str) -> None:
    page = installed
    page.goto("/rules")
    scope = page.evaluate("navigator.serviceWorker.ready.then((r) => r.scope)")
    assert scope == live_server + "/"
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    kept = page.evaluate("""async () => {
      const names = await caches.keys();
      const urls = [];
      for (const name of names) {
        for (const request of await (await caches.open(name)).keys()) {
          urls.push([name, request.method, new URL(request.url).pathname]);
        }
      }
      return urls;
    }""")
    assert len({name for name, _method, _path in kept}) == 1, kept
    paths = {path for _name, method, path in kept if method == "GET"}
    assert len(paths) == len(kept), kept  # GETs only
    assert {"/static/app.css", "/static/app.js", "/static/vendor/htmx.min.js", "/offline",
            "/icons/icon-192.png"} <= paths
    assert all(p.startswith(("/static/", "/icons/")) or p == "/offline" for p in paths), paths

    page.context.set_offline(True)
    page.goto("/rules/swedish")  # never visited: only the worker can answer
    expect(page.locator("h1")).to_have_text("No connection")
    expect(page.locator("main")).to_contain_text(OFFLINE_PAGE)
    # its style sheet came from the worker's cache: the header is on the felt
    assert page.locator("header.top").evaluate(
        "(e) => getComputedStyle(e).backgroundColor") == "rgb(20, 83, 45)"
    shot(page, "offline-page")
    axe(page, "offline page (phone)")
    page.context.set_offline(False)
    page.reload()
    expect(page.locator("h1")).not_to_have_text("No connection")


def test_a_plain_form_sent_without_a_connection_shows_the_offline_page_and_back_keeps_it(
        installed: Page, taps: Taps) -> None:
    """Back from the offline page is a history traversal: Chromium asks the worker for
    the page with cache mode "force-cache", so the worker's fetch answers from the
    browser's own HTTP cache, as a browser without a worker would; the browser puts back
    what was typed in, and static/app.js what it does not (the names: autocomplete=off)."""
    page = installed
    page.goto("/")  # the session cookie first: the page below is kept for it (Vary: Cookie)
    page.goto("/matches/new")
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    page.locator("#names-0").fill("Anna")
    page.locator("#names-1").fill("Bengt")
    page.locator("#variant").select_option("finnish")
    page.context.set_offline(True)
    taps.tap(page.get_by_role("button", name="Start the match"))
    expect(page.locator("main")).to_contain_text(OFFLINE_PAGE)
    taps.tap(page.get_by_role("button", name="Back to the page"))
    expect(page.locator("#names-0")).to_have_value("Anna")
    expect(page.locator("#names-1")).to_have_value("Bengt")
    expect(page.locator("#variant")).to_have_value("finnish")
    page.context.set_offline(False)
    taps.tap(page.get_by_role("button", name="Start the match"))
    expect(page.get_by_role("button", name="Play by play")).to_be_visible()


def test_a_new_worker_deletes_the_caches_of_older_versions(installed: Page) -> None:
    """An older deploy's cache (another hash) goes when a new worker activates; a cache
    of another name is not the worker's to delete."""
    page = installed
    page.goto("/")
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    names = page.evaluate("""async () => {
      await (await caches.open("kasino-referee-0123456789abcdef")).put("/static/app.css",
        new Response("/* an older deploy */"));
      await (await caches.open("someone-else")).put("/x", new Response("x"));
      // another address of the same worker stands for a deploy: a new worker installs
      const fresh = await navigator.serviceWorker.register("/sw.js?deploy=2");
      const worker = fresh.installing || fresh.waiting || fresh.active;
      if (worker.state !== "activated") {
        await new Promise((done) => worker.addEventListener("statechange",
          () => { if (worker.state === "activated") done(); }));
      }
      return caches.keys();
    }""")
    assert "kasino-referee-0123456789abcdef" not in names and "someone-else" in names
    assert len([n for n in names if n.startswith("kasino-referee-")]) == 1, names
