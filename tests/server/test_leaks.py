"""Nothing leaks: whole games of every game played through the server, a person's seat driven by the test
and a bot in the other, every message to the seat and to a spectator kept. Until the end no message
carries the seed, the full state or another seat's view: every view a seat gets is the true game's
``view(seat)`` at that version (a spectator's ``view(PUBLIC)``), every list of events the true game's
``events(seat, since)`` for the versions it covers (each with who made its move), every move listed in
``moves`` the seat's own in full and another's as ``public_record()`` has it, ``final`` among the legal
actions, and no card another seat holds unseen appears in a seat's messages."""

from __future__ import annotations

import json
import random
import re
import secrets
from typing import Any

import pytest

import phoenixgames as pg
from phoenixgames.engine import start_game
from phoenixgames.server import app as server_app

from .helpers import create, is_state, join, until

#: A key no message may carry before the end, as it appears in the message's JSON.
SECRET_KEY = re.compile(r'(?<!\\)"(seed|rng|state)":')


def words(value: Any) -> set[str]:
    """Every word of every text in ``value`` (keys left out): card names, actions' parts."""
    texts, stack = [], [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str):
            texts.append(item)
    return set(" ".join(texts).replace(",", " ").replace(">", " ").split())


def plain(value: Any) -> Any:
    """``value`` as it travels: through JSON."""
    return json.loads(json.dumps(value))


def play(client: Any, game: str, seed: int) -> tuple[list[dict], list[dict], dict]:
    """A whole game of ``game`` at its smallest player count: seat 0 a person playing at random (seeded),
    seat 1 a random bot; every message to the seat and to a spectator, and the ``over`` message."""
    players = pg.get_spec(game).min_players
    table = create(client, game=game, seats=("person", *["random"] * (players - 1)))
    _, token = join(client, table["id"])
    choose = random.Random(seed)
    mine: list[dict] = []
    watched: list[dict] = []
    with (
        client.websocket_connect(f"/tables/{table['id']}/ws") as watcher,
        client.websocket_connect(f"/tables/{table['id']}/ws") as ws,
    ):
        watcher.send_json({"type": "hello"})
        ws.send_json({"type": "hello", "token": token})
        while True:
            state = until(ws, lambda m: is_state(m) and (m["your_turn"] or m["status"] == "over"), mine)
            if state["status"] == "over":
                over = until(ws, lambda m: m["type"] == "over", mine)
                break
            ws.send_json({"type": "move", "version": state["version"], "action": choose.choice(state["legal"])})
        until(watcher, lambda m: m["type"] == "over", watched, limit=10_000)
    return mine, watched, over


def check(messages: list[dict], who: int | str, truth: list[pg.GameState], seed: int) -> int:
    """Check every message one connection received against the true game; the number of views checked."""
    since = 0
    checked = 0
    seats = range(len(truth[0].scores))
    unseen: dict[int, set[str]] = {}  # by version: what the other seats see that this one has not seen
    told: set[str] = set()  # the words of every event this connection was sent so far
    for message in messages:
        if message["type"] == "over":
            continue
        text = json.dumps(message)
        assert str(seed) not in text and hex(seed)[2:] not in text, f"the seed in {message['type']}"
        assert not SECRET_KEY.search(text), f"{SECRET_KEY.findall(text)} in {message['type']}"
        if message["type"] != "state":
            continue
        version = message["version"]
        state = truth[version]
        assert message["seat"] == (None if who == pg.PUBLIC else who)
        assert message["view"] == plain(state.view(who)), f"the view at version {version}"
        events = [{k: v for k, v in event.items() if k != "by"} for event in message["events"]]
        assert events == plain(state.events(who, since=since)), f"the events {since} to {version}"
        assert all(event["by"] in ("person", "bot") for event in message["events"])
        told |= words(events)
        public = state.public_record()["actions"]
        full = state.record["actions"]
        for move in message["moves"]:
            assert move["seat"] == truth[move["number"]].current_player
            expected = full[move["number"]] if move["seat"] == who else public[move["number"]]
            assert move["action"] == expected, f"move {move['number']} as seat {who} may know it"
            assert move["by"] == ("person" if move["seat"] == 0 else "bot")
        assert [m["number"] for m in message["moves"]] == sorted(m["number"] for m in message["moves"])
        assert set(message["final"]) <= set(message["legal"])
        if who != pg.PUBLIC:
            assert message["legal"] == ([str(a) for a in state.legal_actions()] if message["your_turn"] else [])
            if version not in unseen:
                others = set().union(*(words(state.view(other)) for other in seats if other != who))
                known = words(state.view(who)) | told | words(state.view(pg.PUBLIC)) | words(public)
                unseen[version] = others - known
            leaked = words(message) & unseen[version]
            assert not leaked, f"{sorted(leaked)}, which another seat holds unseen, in seat {who}'s message"
        since = version
        checked += 1
    return checked


@pytest.mark.parametrize("game", pg.games())
def test_a_whole_game_tells_each_seat_and_spectator_only_what_it_may_see(make_client, sqlite_url, game, monkeypatch):
    monkeypatch.setattr(server_app, "RATE", 1e6)  # the test moves faster than anyone's fingers
    seed = secrets.randbits(63) | 1 << 62  # nineteen digits: no number of the game spells them by chance
    client = make_client(sqlite_url, seed_source=lambda: seed)
    mine, watched, over = play(client, game, seed)
    record = over["record"]
    assert record["seed"] == seed and pg.replay(record).is_over
    truth = [start_game(record["game"], record["players"], seed, record["options"])]
    truth[0].events(pg.PUBLIC)  # the log starts here, and every copy carries it on
    for notation in record["actions"]:
        after = truth[-1].copy()
        after.apply(notation)
        truth.append(after)
    assert check(mine, 0, truth, seed) >= len(record["actions"]) // record["players"]
    assert check(watched, pg.PUBLIC, truth, seed) >= 1
    assert watched[-1]["type"] == "over" and watched[-1]["record"] == record
