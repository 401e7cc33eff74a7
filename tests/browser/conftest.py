"""End-to-end tests in headless Chromium: Debian's ``/usr/bin/chromium`` driven by
Playwright, against the app served on 127.0.0.1, with axe-core from ``node_modules``.

Fixtures:

- ``live_server`` (session): the app on a SQLite file, CSRF on, served in a thread;
  its base URL. Every context below has it as ``base_url``, so ``page.goto("/")`` works.
- ``browser`` (session): the Chromium browser. Missing Chromium fails, never skips.
- ``phone``: a page at 360×740, mobile, touch, scale 2. ``desktop``: 1280×800.
  ``nojs``: ``phone`` with JavaScript off. Each has its own context, closed after the test.
- ``taps``: a fresh :class:`Taps`.

Helpers, imported by the tests (``from .conftest import axe, no_scroll, report, shot``):
``axe(page, name)``, ``shot(page, name)``, ``no_scroll(page, *locators)``,
``report(line)`` and the class ``Taps``. The axe summary and the report lines are
printed at the end of the run and written to ``tests/browser/output/``.
"""

from __future__ import annotations

import os
import threading
import weakref
from collections import Counter
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any, TypedDict

import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, Playwright, sync_playwright
from werkzeug.serving import make_server

from referee import create_app
from referee.extensions import db

ROOT = Path(__file__).resolve().parents[2]
OUTPUT = Path(__file__).resolve().parent / "output"
CHROMIUM = "/usr/bin/chromium"
AXE_JS = ROOT / "node_modules" / "axe-core" / "axe.min.js"

CHROMIUM_MISSING = (
    f"headless Chromium is missing ({CHROMIUM}): install Debian's package `chromium` "
    "(as root: apt-get install --no-install-recommends chromium fonts-dejavu-core), "
    "or run `make test` as root, which installs it"
)
# without the background-networking flags Chromium hangs on a closed network
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE: dict[str, Any] = {
    "viewport": {"width": 360, "height": 740},
    "is_mobile": True,
    "has_touch": True,
    "device_scale_factor": 2,
}
DESKTOP: dict[str, Any] = {"viewport": {"width": 1280, "height": 800}}
TIMEOUT_MS = 10_000  # a step that takes longer is a failure, not a 30 s wait
SERIOUS = ("critical", "serious")
IMPACTS = ("critical", "serious", "moderate", "minor")

_axe_lines: list[str] = []
_report_lines: list[str] = []
_touch_contexts: weakref.WeakSet[BrowserContext] = weakref.WeakSet()


# -- the server and the browser -------------------------------------------------------


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app on a fresh SQLite file (or on ``TEST_DATABASE_URL``'s database, emptied
    at the end, as .ci/run does on PostgreSQL), CSRF checked and rate limits on as in
    production, served by werkzeug in a daemon thread on a free port of 127.0.0.1; yields
    its base URL (no slash)."""
    path = tmp_path_factory.mktemp("live") / "referee.sqlite"
    url = os.environ.get("TEST_DATABASE_URL") or f"sqlite:///{path}"
    app = create_app(
        {
            "TESTING": True,
            "SQLALCHEMY_DATABASE_URI": url,
            "WTF_CSRF_ENABLED": True,  # a real browser sends the token
            # the rate limits at their defaults, which the suite must never meet
            "RATELIMIT_ENABLED": True,
        }
    )
    with app.app_context():
        db.create_all()
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, name="live-server", daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(timeout=5)
    with app.app_context():
        if not url.startswith("sqlite"):
            db.drop_all()
        db.engine.dispose()


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    """Playwright's driver, started once for the session."""
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    """Headless Chromium from Debian, launched once; fails (never skips) when missing."""
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(CHROMIUM_MISSING, pytrace=False)
    chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    yield chromium
    chromium.close()


def _page(browser: Browser, base_url: str, **options: Any) -> Iterator[Page]:
    """A page in a new context (CSP bypassed, so axe-core can be injected), closed after.
    The service worker is left out: its tests (test_browser_offline.py) install it in a
    context of their own, and with it a page here would take it on part-way through a test
    (it claims the open pages when it activates), a navigation then waiting on it."""
    options.setdefault("service_workers", "block")
    context = browser.new_context(base_url=base_url, bypass_csp=True, **options)
    context.set_default_timeout(TIMEOUT_MS)
    if options.get("has_touch"):
        _touch_contexts.add(context)
    try:
        yield context.new_page()
    finally:
        context.close()


@pytest.fixture
def phone(browser: Browser, live_server: str) -> Iterator[Page]:
    """A phone: 360×740 CSS pixels, mobile, touch, device scale 2."""
    yield from _page(browser, live_server, **PHONE)


@pytest.fixture
def desktop(browser: Browser, live_server: str) -> Iterator[Page]:
    """A desktop window of 1280×800, mouse only."""
    yield from _page(browser, live_server, **DESKTOP)


@pytest.fixture
def nojs(browser: Browser, live_server: str) -> Iterator[Page]:
    """The phone with JavaScript off (forms post and redirect; no htmx, no axe)."""
    yield from _page(browser, live_server, java_script_enabled=False, **PHONE)


# -- helpers --------------------------------------------------------------------------


class Taps:
    """Counts the taps a task takes: ``tap(locator)`` taps on a touch context (the
    ``phone`` and ``nojs`` fixtures) and clicks elsewhere, and counts one either way."""

    def __init__(self) -> None:
        self.count = 0

    def tap(self, locator: Locator) -> None:
        if locator.page.context in _touch_contexts:
            locator.tap()
        else:
            locator.click()
        self.count += 1

    def reset(self) -> int:
        """Start counting again from 0; returns the count so far."""
        count, self.count = self.count, 0
        return count


@pytest.fixture
def taps() -> Taps:
    """A fresh tap counter."""
    return Taps()


class Violation(TypedDict):
    id: str
    impact: str
    help: str
    targets: list[str]  # one CSS selector per element, in page order


@cache
def _axe_source() -> str:
    if not AXE_JS.exists():
        pytest.fail(
            f"{AXE_JS.relative_to(ROOT)} is missing: run `npm ci` (or `make test`)",
            pytrace=False,
        )
    return AXE_JS.read_text(encoding="utf-8")


_AXE_RUN = """async () => {
  const result = await axe.run(document, {resultTypes: ["violations"]});
  return result.violations.map(v => ({
    id: v.id, impact: v.impact || "minor", help: v.help,
    targets: v.nodes.map(n => n.target.flat(Infinity).join(" ")),
  }));
}"""


def axe(page: Page, name: str) -> list[Violation]:
    """Run axe-core on the page as it stands; fail the test on every serious or critical
    violation, add a line for ``name`` to the axe report, and return all violations."""
    __tracebackhide__ = True
    page.add_script_tag(content=_axe_source())
    if not page.evaluate("typeof window.axe === 'object'"):
        pytest.fail(f"axe on {name}: axe-core needs JavaScript; check the page on `phone`")
    violations: list[Violation] = page.evaluate(_AXE_RUN)
    counts = Counter(v["impact"] for v in violations)
    summary = ", ".join(f"{impact} {counts[impact]}" for impact in IMPACTS)
    _axe_lines.append(f"{name}: {len(violations)} violations ({summary})")
    serious = [v for v in violations if v["impact"] in SERIOUS]
    if serious:
        lines = []
        for v in serious:
            more = len(v["targets"]) - 3
            where = ", ".join(v["targets"][:3]) + (f" and {more} more" if more > 0 else "")
            lines.append(f"  {v['id']} ({v['impact']}): {v['help']}; at {where}")
        pytest.fail(f"axe on {name}: {len(serious)} serious or critical\n" + "\n".join(lines))
    return violations


def shot(page: Page, name: str) -> Path:
    """A full-page screenshot to ``tests/browser/output/screenshots/<name>.png``."""
    path = OUTPUT / "screenshots" / f"{name}.png"
    page.screenshot(path=path, full_page=True)
    return path


def no_scroll(page: Page, *locators: Locator) -> None:
    """Assert that the page is not scrolled and each locator is wholly in the viewport
    (to half a pixel), so it can be seen and tapped without scrolling."""
    __tracebackhide__ = True
    scroll_y = page.evaluate("window.scrollY")
    assert scroll_y == 0, f"the page is scrolled down by {scroll_y}px"
    size = page.viewport_size
    assert size is not None
    width, height = size["width"], size["height"]
    for locator in locators:
        box = locator.bounding_box()
        assert box is not None, f"{locator} is not visible"
        x, y, w, h = box["x"], box["y"], box["width"], box["height"]
        inside = x >= -0.5 and y >= -0.5 and x + w <= width + 0.5 and y + h <= height + 0.5
        assert inside, (
            f"{locator} is not wholly in the {width}×{height} viewport: "
            f"box x={x:.0f} y={y:.0f} width={w:.0f} height={h:.0f} "
            f"(right {x + w:.0f}, bottom {y + h:.0f})"
        )


def report(line: str) -> None:
    """Add a line (a figure, e.g. "taps per play: median 2, max 3") to the report printed
    at the end of the run and written to ``tests/browser/output/report.txt``."""
    _report_lines.append(line)


# -- the report at the end of the run -------------------------------------------------

_SECTIONS = (("axe-core", "axe.txt", _axe_lines), ("browser report", "report.txt", _report_lines))


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    for _title, filename, lines in _SECTIONS:
        if lines:
            OUTPUT.mkdir(parents=True, exist_ok=True)
            (OUTPUT / filename).write_text("\n".join(lines) + "\n", encoding="utf-8")


def pytest_terminal_summary(
    terminalreporter: pytest.TerminalReporter, exitstatus: int, config: pytest.Config
) -> None:
    for title, filename, lines in _SECTIONS:
        if lines:
            terminalreporter.write_sep("-", f"{title} (tests/browser/output/{filename})")
            for line in lines:
                terminalreporter.write_line(line)
