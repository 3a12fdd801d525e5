"""The screenshots of ``docs/screenshots/``: the lobby, and each game in play in the browser.

``make screenshots`` (or ``python -m tests.web.screenshots [--out DIR]``) starts ``phoenixgames serve``
on a free port with a database of its own, and in Debian's Chromium opens the lobby, then for each game
a table of one person against bots at ``medium``, played by clicks (seeded random legal moves, clicked on
the board as a person would) until the game is well under way, and saves a full-page PNG of each. The
server draws each table's seed, so two runs show different games.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from pathlib import Path

from tests.server.processes import Server
from tests.web.conftest import CHROMIUM, CHROMIUM_FLAGS
from tests.web.driving import bot_table, hold_seats, open_table, play, wait_turn, wait_version

#: For each game: the players at the table, and the person's moves made before the picture.
SCENES = {"schatz": (4, 7), "phoenix": (3, 3), "phoenicia": (3, 12), "syndicate": (3, 14)}
WIDTH = 1400


def take(out: Path) -> list[Path]:
    from playwright.sync_api import sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    written = []
    with tempfile.TemporaryDirectory() as home, sync_playwright() as playwright:
        server = Server(f"sqlite:///{home}/server.sqlite3", Path(home)).start()
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        try:
            page = browser.new_page(viewport={"width": WIDTH, "height": 900})
            page.goto(server.base + "/")
            page.wait_for_selector("button:has-text('Play against bots')")
            written.append(out / "lobby.png")
            page.screenshot(path=written[-1], full_page=True)
            for game, (players, moves) in SCENES.items():
                context = browser.new_context(viewport={"width": WIDTH, "height": 900})
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
                page.wait_for_timeout(500)  # the last drawing frame
                written.append(out / f"{game}.png")
                page.screenshot(path=written[-1], full_page=True)
                context.close()
        finally:
            browser.close()
            server.stop()
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=Path("docs/screenshots"), help="the folder (docs/screenshots)")
    arguments = parser.parse_args()
    for path in take(arguments.out):
        print(f"written: {path}", file=sys.stderr)


if __name__ == "__main__":
    main()
