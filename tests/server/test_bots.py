"""Bots in seats, the turn clock and absent players: a bot plays a bot's seat as ``simulate`` would, the
stand-in plays a move whose clock ran out, and plays for a player away longer than the table allows until
they are back (``test_away.py`` has the rest of what a table does about the away)."""

from __future__ import annotations

import time

from phoenixgames.sim import play_match

from .helpers import create, is_state, join, until


def watch_to_the_end(client, table_id: str) -> dict:
    with client.websocket_connect(f"/tables/{table_id}/ws") as ws:
        ws.send_json({"type": "hello"})
        return until(ws, lambda m: m["type"] == "over", limit=5000)


def test_a_table_of_bots_plays_the_game_simulate_plays_with_the_same_seats(make_client, sqlite_url):
    client = make_client(sqlite_url, seed_source=lambda: 77)
    table = create(client, game="phoenix", seats=("easy", "random", "greedy"))
    assert table["status"] == "running"
    over = watch_to_the_end(client, table["id"])
    expected = play_match("phoenix", ["easy", "random", "greedy"], seed=77)
    record = dict(over["record"])
    assert record.pop("by") == ["bot"] * len(expected.record["actions"])
    assert record == expected.record and over["scores"] == expected.scores


def test_a_move_whose_clock_runs_out_is_made_by_the_stand_in_and_the_player_plays_the_next(client):
    table = create(client, seats=("person", "person"), clock=0.4, stand_in="easy")
    _, ann = join(client, table["id"], "Ann")
    _, bob = join(client, table["id"], "Bob")
    with (
        client.websocket_connect(f"/tables/{table['id']}/ws") as a,
        client.websocket_connect(f"/tables/{table['id']}/ws") as b,
    ):
        a.send_json({"type": "hello", "token": ann})
        b.send_json({"type": "hello", "token": bob})
        first = until(a, is_state)
        assert first["clock"]["per_move"] == 0.4 and 0 < first["clock"]["remaining"] <= 0.4
        started = time.monotonic()
        # Ann does not move: the stand-in plays her moves as their time runs out (a card, then the draw).
        on_bobs_turn = until(b, lambda m: is_state(m) and m["your_turn"])
        assert time.monotonic() - started >= 0.3
        assert on_bobs_turn["version"] == 2 and not on_bobs_turn["seats"][0]["stand_in"]
        assert [(m["seat"], m["by"]) for m in on_bobs_turn["moves"]] == [(0, "stand-in"), (0, "stand-in")]
        b.send_json({"type": "move", "version": 2, "action": on_bobs_turn["legal"][0]})
        b.send_json({"type": "move", "version": 3, "action": "draw deck"})
        mine = until(a, lambda m: is_state(m) and m["your_turn"] and m["version"] == 4)
        a.send_json({"type": "move", "version": 4, "action": mine["legal"][0]})
        assert until(a, lambda m: m["type"] in ("accepted", "refused"))["type"] == "accepted"


def test_a_player_away_longer_than_the_table_allows_is_played_by_a_bot_until_back(client):
    table = create(client, seats=("person", "easy"), absence=0.3, stand_in="easy")
    _, ann = join(client, table["id"], "Ann")  # and never connects
    with client.websocket_connect(f"/tables/{table['id']}/ws") as watcher:
        watcher.send_json({"type": "hello"})
        state = until(watcher, lambda m: is_state(m) and m["version"] >= 4)
        assert not state["seats"][0]["present"] and state["seats"][0]["stand_in"]
    with client.websocket_connect(f"/tables/{table['id']}/ws") as a:
        a.send_json({"type": "hello", "token": ann})
        back = until(a, lambda m: is_state(m) and m["your_turn"] and m["seats"][0]["present"])
        version = back["version"]
        time.sleep(0.6)  # present now: the bot waits for her, however long she thinks
        a.send_json({"type": "move", "version": version, "action": back["legal"][0]})
        assert until(a, lambda m: m["type"] in ("accepted", "refused"))["type"] == "accepted"
