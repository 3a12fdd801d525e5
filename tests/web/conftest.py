"""Fixtures of the browser tests: a real ``phoenixgames serve`` on a free port of the loopback, Debian's
Chromium driven by Playwright, and a harness that draws one board from a view.

The browser is ``/usr/bin/chromium`` (``apt-get install -y chromium``; ``playwright install`` cannot
download browsers here). Where it or Playwright is missing the tests skip, saying why, unless
``PHOENIXGAMES_REQUIRE_BROWSER`` is set (as ``.ci/run`` sets it): then they fail.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server.processes import ONE_ADDRESS, Server

CHROMIUM = os.environ.get("PHOENIXGAMES_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]
HARNESS = Path(__file__).with_name("harness.html")


def _unavailable(reason: str) -> None:
    if os.environ.get("PHOENIXGAMES_REQUIRE_BROWSER"):
        pytest.fail(f"the browser tests cannot run: {reason}")
    pytest.skip(f"the browser tests need {reason}")


@pytest.fixture(scope="session")
def web_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server for the worker's browser tests (each test makes tables of its own), on SQLite."""
    home = tmp_path_factory.mktemp("web-server")
    # Every client is a test on 127.0.0.1; a test's slow bot thinks three times hard's budget.
    server = Server(f"sqlite:///{home / 'server.sqlite3'}", home, **ONE_ADDRESS, max_bot_seconds=4.0).start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("Playwright for Python (pip install playwright)")
    if not (os.path.exists(CHROMIUM) or shutil.which(CHROMIUM)):
        _unavailable(f"Chromium at {CHROMIUM} (apt-get install -y chromium)")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS, headless=True)
        try:
            yield chromium
        finally:
            chromium.close()


def new_context(browser: Any, width: int = 1400, height: int = 1000, **settings: Any) -> Any:
    """A browser context of its own (its own storage: another person) of that window's size, asking for
    reduced motion (the board's changes are not animated), whose table pages show the bots' moves at once
    (``pace=0``) unless ``settings`` say otherwise (``driving.keep_settings``)."""
    from tests.web.driving import keep_settings

    ctx = browser.new_context(viewport={"width": width, "height": height}, reduced_motion="reduce")
    ctx.set_default_timeout(20_000)
    keep_settings(ctx, **{"pace": 0, **settings})
    return ctx


@pytest.fixture
def context(browser: Any) -> Iterator[Any]:
    """A browser context of its own (``new_context``) with a page's errors kept."""
    ctx = new_context(browser)
    try:
        yield ctx
    finally:
        ctx.close()


#: Chromium logs every answer of 4xx as a console error; these are refusals a page asks for and shows
#: (a taken seat, a bad token, a table not over yet). A missing file (404) is still an error.
REFUSALS = re.compile(r"Failed to load resource: the server responded with a status of (400|403|409|422)\b")


def watch_errors(page: Any) -> list[str]:
    """The uncaught errors and console errors of ``page`` (refusals it asked for aside), as they come."""
    errors: list[str] = []

    def console(message: Any) -> None:
        if message.type == "error" and not REFUSALS.search(message.text):
            errors.append(f"console: {message.text}")

    page.on("pageerror", lambda exc: errors.append(f"page error: {exc}"))
    page.on("console", console)
    return errors


@pytest.fixture
def page(context: Any) -> Iterator[Any]:
    page = context.new_page()
    errors = watch_errors(page)
    yield page
    assert not errors, errors


@pytest.fixture
def board(page: Any, web_server: Server):
    """``board(game, view, legal=[], seat=None)``: ``page`` showing one board drawn from ``view`` by the
    game's board module, its legal actions offered through the picker; ``window.harness.chosen`` lists
    the actions chosen by clicks. The harness page is served from the server's origin, so that the
    board's modules load as they do on a table."""
    url = f"{web_server.base}/web/__harness.html"
    page.route(url, lambda route: route.fulfill(body=HARNESS.read_text(encoding="utf-8"), content_type="text/html"))
    loaded = False

    def show(game: str, view: dict[str, Any], legal: list[str] | None = None, seat: int | None = None) -> Any:
        nonlocal loaded
        if not loaded:
            page.goto(url)
            page.wait_for_function("window.harness !== undefined")
            loaded = True
        page.evaluate(
            "([game, view, legal, seat]) => window.harness.show(game, view, legal, seat)",
            [game, json.loads(json.dumps(view)), legal or [], seat],
        )
        return page

    return show
