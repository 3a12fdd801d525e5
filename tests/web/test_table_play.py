"""Whole games played through the table page by clicks, at the size of a laptop's window (1280x800) and of
a phone's (390x844): one person against bots at each game's smallest player count, every action clicked
on the board (its path) or, where it has no place there, on its button beside the prompt, until the
end-of-game panel shows the scores, which must be the server's.

After every position the page shows (``layout.watch``: measured in the page as each is shown, so that no
bot's move goes by unchecked): no two controls overlap or cover each other, no control lies outside the
page, no text of the board is under 11 px, the log is in sight at its newest entry, and the move that led
to it, if a bot's, is marked on the board with the bot's name. At the end the game-over panel is in view.
The bots' moves are shown at once here (the "at once" setting); ``test_the_bots_moves_are_shown_one_by_one``
checks the pace. Each wait has a time limit per move, not per game, so a loaded machine is no failure.

The bots are ``medium`` (the game's heuristic: as quick to decide as ``random``, and it plays to win,
which ends the race games, Phoenicia and the Syndicate, in half the actions random play takes). The
person picks a seeded random legal action; in the Syndicate, whose games last hundreds of actions, it
picks the kinds of action that bring the end nearer first (gambling cycles the contract deck, whose
second reshuffle ends the game; looting and collecting spend one action where others spend several)
and never an exchange of resources, which only lengthens a turn.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from typing import Any

import httpx
import pytest

import phoenixgames as pg
from tests.web import driving, layout
from tests.web.conftest import new_context, watch_errors

#: The kinds of action (a notation's first word) picked first where legal, by game; None: any.
SOONER: dict[str, tuple[str, ...]] = {"syndicate": ("gamble", "keep", "loot", "collect")}
#: The kinds never picked where anything else is legal.
NEVER: dict[str, tuple[str, ...]] = {"syndicate": ("exchange",)}
#: The windows a game is played in: a laptop's and a phone's.
SIZES = {"1280x800": (1280, 800), "390x844": (390, 844)}
#: How long the page may take to answer one move (the bots' replies included), far beyond what it needs.
MOVE_MS = 90_000


def choose(game: str, legal: list[str], rng: random.Random) -> str:
    allowed = [a for a in legal if a.split()[0] not in NEVER.get(game, ())] or legal
    for kind in SOONER.get(game, ()):
        wanted = [a for a in allowed if a.split()[0] == kind]
        if wanted:
            return rng.choice(wanted)
    return rng.choice(allowed)


def check_shown(game: str, size: str, shown: list[layout.Shown], names: list[str]) -> int:
    """Every position in ``shown`` laid out right, and each bot's move marked on the board with the bot's
    name where the board shows it; the number of bots' moves checked."""
    bots = 0
    for entry in shown:
        where = f"{game} at {size}, version {entry.version}"
        assert not entry.layout.problems(), f"{where}: " + "; ".join(entry.layout.problems())
        if entry.seat is None or entry.by == "person":
            continue
        bots += 1
        turn = [mark for mark in entry.marked if mark["seat"] == entry.seat]
        assert any(mark["number"] == entry.version - 1 for mark in turn), f"{where}: the bot's move is not marked"
        if any(mark["keys"] for mark in turn):
            assert names[entry.seat] in " · ".join(entry.tags), f"{where}: no name beside {turn}: {entry.tags}"
    return bots


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", pg.games())
def test_a_whole_game_played_by_clicks(game: str, size: str, browser: Any, web_server: Any) -> None:
    base = web_server.base
    players = pg.get_spec(game).min_players
    started = time.monotonic()
    context = new_context(browser, *SIZES[size])
    layout.watch(context)
    page = context.new_page()
    errors = watch_errors(page)
    try:
        joined = driving.bot_table(base, game, players, difficulty="medium")
        table = joined["table"]["id"]
        driving.hold_seats(context, table, [joined])
        driving.open_table(page, base, table)
        names = ["Ann"] + [f"Bot {seat + 1} (medium)" for seat in range(1, players)]
        rng = random.Random(f"{game} by clicks")
        ways: Counter[str] = Counter()
        marked = 0
        after = None
        while (state := driving.wait_turn(page, after, timeout=MOVE_MS)) is not None:
            assert state["seat"] == 0 and state["your_turn"] and state["legal"], state
            marked += check_shown(game, size, layout.shown(page), names)
            ways[driving.play(page, choose(game, state["legal"], rng))] += 1
            after = state["version"]
        driving.wait_over(page, timeout=MOVE_MS)
        marked += check_shown(game, size, layout.shown(page), names)
        seconds = time.monotonic() - started

        over = page.evaluate("window.phoenixTable.over")
        record = httpx.get(f"{base}/tables/{table}/record", timeout=30).json()
        # The seed is 63 bits, which a JavaScript number rounds: the rest of the record must be the same.
        assert {**record, "seed": None} == {**over["record"], "seed": None}
        final = pg.replay(record)
        assert final.is_over
        shown = sorted(driving.scores(page), key=lambda row: row["seat"])
        assert [row["seat"] for row in shown] == list(range(players))
        assert [row["score"] for row in shown] == over["scores"] == list(final.scores)
        assert [row["seat"] for row in shown if row["winner"]] == sorted(over["winners"]) == sorted(final.winners)
        assert all("★" in page.inner_text(f'#scores [data-seat="{seat}"]') for seat in over["winners"])
        # One name a seat: the scores, the players' list and the log say the same.
        assert [row["name"] for row in shown] == names
        assert page.eval_on_selector_all("#seats .name", "(all) => all.map((e) => e.textContent)") == names
        assert names[1] in page.inner_text("#log")
        # The end of the game in view, below the bar at the top.
        assert page.evaluate(
            """() => {
                const over = document.getElementById("over").getBoundingClientRect();
                const top = document.querySelector(".topbar").getBoundingClientRect();
                return over.top >= top.bottom - 2 && over.top < window.innerHeight / 2;
            }"""
        ), f"{game} at {size}: the end of the game is not brought into view"
        mine = sum(ways.values())
        assert len(record["actions"]) > mine
        assert ways["board"] > 0, f"{game}: no action was made on the board ({ways})"
        assert ways["list"] == 0, f"{game}: an action had neither a place on the board nor a button ({ways})"
        assert marked > 0
        assert page.get_attribute("#record-link", "href") == f"/tables/{table}/record"
        assert driving.dataset(page)["status"] == "over"
        assert not errors, errors
        print(
            f"\n{game} at {size}: {mine} actions of the person ({dict(ways)}), {len(record['actions'])} in all,"
            f" {marked} bots' moves checked, {seconds:.1f} s"
        )
    finally:
        context.close()


#: The pace of the pacing test, in ms a bot's move: slow enough that the server is sure to be ahead.
SLOW_PACE = 4000


def test_the_bots_moves_are_shown_one_by_one(browser: Any, web_server: Any) -> None:
    """At a pace chosen in the settings, the bots' moves come one after the other, each at least that long
    after the one before, while the server has recorded them all at once; the board's changes are
    animated (this context does not ask for reduced motion); "Show all moves now" shows the rest at once
    and gives the person the turn; a reload shows the position as it is."""
    base = web_server.base
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.set_default_timeout(20_000)
    driving.keep_settings(context, pace=SLOW_PACE, confirm=False)
    context.add_init_script(
        """document.addEventListener("table:shown", (event) => {
            const board = document.getElementById("board");
            const shown = (window.__shown = window.__shown || []);
            // A second state of one version (a player arriving, say) redraws the page: no new position.
            if (shown.length && shown[shown.length - 1].version === event.detail.version) return;
            shown.push({
                version: event.detail.version,
                at: performance.now(),
                moving: document.getAnimations().filter((a) => board.contains(a.effect.target)).length,
            });
        });"""
    )
    page = context.new_page()
    errors = watch_errors(page)
    try:
        joined = driving.bot_table(base, "schatz", 3, difficulty="medium")
        table = joined["table"]["id"]
        driving.hold_seats(context, table, [joined])
        driving.open_table(page, base, table)
        assert page.input_value("#pace") == "1500"  # the slowest offered, the nearest to the pace kept
        state = driving.wait_turn(page)
        assert state is not None
        driving.play(page, state["legal"][0])  # a card laid
        state = driving.wait_turn(page, state["version"])
        assert state is not None
        driving.play(page, "draw deck")  # the turn ends: two bots play two actions each
        mine = state["version"] + 1
        page.wait_for_function("(v) => document.body?.dataset.version === String(v)", arg=mine, timeout=MOVE_MS)

        # The server records the bots' moves at once; the page holds them back, one every SLOW_PACE ms.
        deadline = time.monotonic() + MOVE_MS / 1000
        while httpx.get(f"{base}/tables/{table}", timeout=30).json()["version"] < mine + 4:
            assert time.monotonic() < deadline, "the bots did not move"
            time.sleep(0.1)
        assert int(driving.dataset(page)["version"]) < mine + 4
        assert page.is_visible("#skip") and driving.dataset(page)["yourTurn"] == "false"
        page.wait_for_function("(v) => Number(document.body?.dataset.version) > v", arg=mine, timeout=MOVE_MS)
        page.click("#skip")
        state = driving.wait_turn(page, mine, timeout=MOVE_MS)
        assert state is not None and state["version"] >= mine + 4 and not page.is_visible("#skip")

        shown = page.evaluate("window.__shown")
        versions = [entry["version"] for entry in shown]
        at = {entry["version"]: entry["at"] for entry in shown}
        assert versions == sorted(versions) and len(set(versions)) == len(versions), versions
        # The first bot's move came SLOW_PACE after the person's draw; the rest at once, once skipped.
        assert at[mine + 1] - at[mine] >= SLOW_PACE - 50, shown
        assert any(entry["moving"] for entry in shown if entry["version"] > mine), "nothing on the board moved"

        page.reload()
        driving.wait_ready(page)
        assert driving.state(page)["version"] == state["version"]
        assert not page.is_visible("#skip")
        assert not errors, errors
    finally:
        context.close()
