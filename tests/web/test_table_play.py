"""Whole games played through the table page by clicks: one person against bots at each game's smallest
player count, every action clicked on the board (its path) or, where it has no place there, its button
in the list, until the end-of-game panel shows the scores, which must be the server's.

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
from tests.web import driving

#: The kinds of action (a notation's first word) picked first where legal, by game; None: any.
SOONER: dict[str, tuple[str, ...]] = {"syndicate": ("gamble", "keep", "loot", "collect")}
#: The kinds never picked where anything else is legal.
NEVER: dict[str, tuple[str, ...]] = {"syndicate": ("exchange",)}
#: How long one game may take through the page, far beyond what it needs (a hung page fails fast).
GAME_SECONDS = 300


def choose(game: str, legal: list[str], rng: random.Random) -> str:
    allowed = [a for a in legal if a.split()[0] not in NEVER.get(game, ())] or legal
    for kind in SOONER.get(game, ()):
        wanted = [a for a in allowed if a.split()[0] == kind]
        if wanted:
            return rng.choice(wanted)
    return rng.choice(allowed)


@pytest.mark.parametrize("game", pg.games())
def test_a_whole_game_played_by_clicks(game: str, page: Any, context: Any, web_server: Any) -> None:
    base = web_server.base
    players = pg.get_spec(game).min_players
    started = time.monotonic()
    joined = driving.bot_table(base, game, players, difficulty="medium")
    table = joined["table"]["id"]
    driving.hold_seats(context, table, [joined])
    driving.open_table(page, base, table)
    rng = random.Random(f"{game} by clicks")
    ways: Counter[str] = Counter()
    after = None
    while (state := driving.wait_turn(page, after)) is not None:
        assert time.monotonic() - started < GAME_SECONDS, f"{game}: still playing after {sum(ways.values())} actions"
        assert state["seat"] == 0 and state["your_turn"] and state["legal"], state
        ways[driving.play(page, choose(game, state["legal"], rng))] += 1
        after = state["version"]
    driving.wait_over(page)
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
    assert shown[0]["name"] == "Ann"
    mine = sum(ways.values())
    assert len(record["actions"]) > mine
    assert ways["board"] > 0, f"{game}: no action was made on the board ({ways})"
    assert page.get_attribute("#record-link", "href") == f"/tables/{table}/record"
    assert driving.dataset(page)["status"] == "over"
    print(f"\n{game}: {mine} actions of the person ({dict(ways)}), {len(record['actions'])} in all, {seconds:.1f} s")
