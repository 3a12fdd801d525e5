"""The screenshots of ``docs/screenshots/``: the lobby, and each game in play in the browser, in a
laptop's window (1280x800) and a phone's (390x844).

``make screenshots`` (or ``python -m tests.web.screenshots [--out DIR]``) starts ``phoenixgames serve``
on a free port with a database of its own, and in Debian's Chromium opens the lobby, then for each game
and each window a table of one person against bots at ``medium``, played by clicks (seeded random legal
moves, clicked on the board as a person would) until the game is well under way, and saves what the
window shows (``<game>-1280x800.png``, ``<game>-390x844.png``): the bots' last moves marked, the log at
its newest entry, on a phone the bar at the foot of the screen. Then a learning game's advice at the
person's turn (``learning-1280x800.png``) and a finished game of bots replayed to its middle
(``replay-1280x800.png``). The server draws each table's seed, so two runs show different games.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

from tests.server.processes import Server
from tests.web.conftest import CHROMIUM, CHROMIUM_FLAGS, new_context
from tests.web.driving import bot_table, create_table, hold_seats, join, open_table, play, wait_turn, wait_version

#: For each game: the players at the table, and the person's moves made before the picture.
SCENES = {"schatz": (4, 7), "phoenix": (3, 3), "phoenicia": (3, 12), "syndicate": (3, 14)}
#: The windows: a laptop's and a phone's.
SIZES = ((1280, 800), (390, 844))


def take(out: Path) -> list[Path]:
    from playwright.sync_api import sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    written = []
    with tempfile.TemporaryDirectory() as home, sync_playwright() as playwright:
        server = Server(f"sqlite:///{home}/server.sqlite3", Path(home)).start()
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            page.goto(server.base + "/")
            page.wait_for_selector("button:has-text('Play against bots')")
            written.append(out / "lobby.png")
            page.screenshot(path=written[-1], full_page=True)
            for game, (players, moves) in SCENES.items():
                for width, height in SIZES:
                    context = new_context(browser, width, height)
                    joined = bot_table(server.base, game, players, name="Ann", difficulty="medium")
                    hold_seats(context, joined["table"]["id"], [joined])
                    page = open_table(context.new_page(), server.base, joined["table"]["id"])
                    choose = random.Random(game)
                    for _ in range(moves):
                        state = wait_turn(page, timeout=60_000)
                        if state is None:
                            break
                        play(page, choose.choice(state["legal"]))
                        wait_version(page, state["version"])
                    wait_turn(page, timeout=60_000)
                    page.evaluate("window.scrollTo(0, 0)")
                    page.wait_for_timeout(500)  # the last drawing frame
                    written.append(out / f"{game}-{width}x{height}.png")
                    page.screenshot(path=written[-1])
                    context.close()
            written.append(learning(browser, server.base, out))
            written.append(replay(browser, server.base, out))
        finally:
            browser.close()
            server.stop()
    return written


def learning(browser: Any, base: str, out: Path) -> Path:
    """A learning game of Schatz des Phönix: the advice for the person's turn, its figures opened."""
    context = new_context(browser, 1280, 800)
    info = create_table(base, "schatz", [{"kind": "person"}, {"kind": "bot", "difficulty": "medium"}], learning=True)
    hold_seats(context, info["id"], [join(base, info["id"], "Ann", 0)])
    page = open_table(context.new_page(), base, info["id"])
    choose = random.Random("learning")
    for _ in range(3):
        state = wait_turn(page, timeout=60_000)
        if state is None:
            break
        play(page, choose.choice(state["legal"]))
        wait_version(page, state["version"])
    wait_turn(page, timeout=60_000)
    page.wait_for_function(
        "document.querySelector('#advice').dataset.version === document.body?.dataset.version", timeout=120_000
    )
    page.click("#advice .advice-figures summary")
    page.locator("#advice").scroll_into_view_if_needed()
    page.wait_for_timeout(300)
    path = out / "learning-1280x800.png"
    page.screenshot(path=path)
    context.close()
    return path


def replay(browser: Any, base: str, out: Path) -> Path:
    """A finished game of Phoenix between bots, replayed to its middle with every card open."""
    info = create_table(base, "phoenix", [{"kind": "bot", "difficulty": "medium"}] * 3)
    deadline = time.monotonic() + 300
    while (table := httpx.get(f"{base}/tables/{info['id']}", timeout=30).json())["status"] != "over":
        if time.monotonic() > deadline:
            raise RuntimeError("the bots' game did not end")
        time.sleep(0.5)
    context = new_context(browser, 1280, 800)
    page = context.new_page()
    page.goto(f"{base}/web/replay.html?id={info['id']}&step={table['version'] // 2}")
    page.wait_for_function("document.body?.dataset.ready === 'true'", timeout=60_000)
    page.wait_for_timeout(500)
    path = out / "replay-1280x800.png"
    page.screenshot(path=path)
    context.close()
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=Path("docs/screenshots"), help="the folder (docs/screenshots)")
    arguments = parser.parse_args()
    for path in take(arguments.out):
        print(f"written: {path}", file=sys.stderr)


if __name__ == "__main__":
    main()
