"""A hint over the WebSocket: what the ``hard`` bot would play for the seat to act, thought in the bot pool
on the seat's own perspective copy, so that it is the same whatever the cards the seat cannot see; and
the refusals (a spectator, a game not running, another seat's turn, a hint already being thought)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from starlette.testclient import WebSocketTestSession

from phoenixgames.agents import hint
from phoenixgames.engine import start_game
from phoenixgames.server.bots import advise, knowing_only, seat_copy_json

from .helpers import create, is_state, join, until


def my_turn(message: dict) -> bool:
    return is_state(message) and message["your_turn"]


def is_hint(message: dict) -> bool:
    return message["type"] in ("hint", "refused") and message.get("request", "hint") == "hint"


@contextmanager
def seated_at_my_turn(client) -> Iterator[tuple[dict, WebSocketTestSession, dict]]:
    """A table of a person (seat 0) against a random bot, the person connected: the table, its
    WebSocket and the first state in which the person is to act."""
    table = create(client, seats=("person", "random"))
    _, token = join(client, table["id"])
    with client.websocket_connect(f"/tables/{table['id']}/ws") as ws:
        ws.send_json({"type": "hello", "token": token})
        yield table, ws, until(ws, my_turn)


def test_a_hint_is_hards_move_on_the_seats_own_copy(client):
    with seated_at_my_turn(client) as (table, ws, state):
        truth = client.app.state.lobby.tables[table["id"]].state
        ws.send_json({"type": "hint"})
        answer = until(ws, is_hint)
    assert answer["type"] == "hint", answer
    assert answer["version"] == state["version"] == len(truth.history)
    assert answer["action"] in state["legal"]
    # hard's search on the seat's perspective copy, re-dealt from what the seat knows
    expected = hint(knowing_only(truth.copy(perspective=0, seed=0), 0), 0)
    assert (answer["action"], answer["text"]) == (str(expected.action), expected.sentence)
    assert answer["text"].startswith(f"Hard's move: {answer['action']}")


def test_a_hint_that_comes_after_the_position_changed_carries_its_own_version(client):
    with seated_at_my_turn(client) as (_, ws, state):
        ws.send_json({"type": "hint"})
        ws.send_json({"type": "move", "version": state["version"], "action": state["legal"][0]})
        seen: list[dict] = []
        answer = until(ws, is_hint, seen)
    assert answer["type"] == "hint" and answer["version"] == state["version"]
    accepted = [m for m in seen if m["type"] == "accepted"]
    assert accepted and accepted[0]["version"] == state["version"] + 1


def refusal(ws) -> dict:
    ws.send_json({"type": "hint"})
    answer = until(ws, is_hint)
    assert answer["type"] == "refused", answer
    return answer


def test_a_hint_is_refused_to_a_spectator_before_the_start_and_out_of_turn(client):
    table = create(client, seats=("person", "person"))
    _, first = join(client, table["id"], "Ann")
    with (
        client.websocket_connect(f"/tables/{table['id']}/ws") as ann,
        client.websocket_connect(f"/tables/{table['id']}/ws") as watcher,
    ):
        ann.send_json({"type": "hello", "token": first})
        until(ann, is_state)
        assert refusal(ann)["code"] == "not_running"
        watcher.send_json({"type": "hello"})
        until(watcher, is_state)
        _, second = join(client, table["id"], "Bob")
        state = until(ann, lambda m: is_state(m) and m["status"] == "running")
        assert refusal(watcher)["code"] == "spectator"
        with client.websocket_connect(f"/tables/{table['id']}/ws") as bob:
            bob.send_json({"type": "hello", "token": second})
            until(bob, is_state)
            assert state["to_act"] == 0
            answer = refusal(bob)
            assert answer["code"] == "not_your_turn" and answer["request"] == "hint"
            assert answer["version"] == state["version"] and answer["message"]


def test_one_hint_at_a_time_per_connection(client):
    with seated_at_my_turn(client) as (_, ws, state):
        ws.send_json({"type": "hint"})
        ws.send_json({"type": "hint"})
        first, second = until(ws, is_hint), until(ws, is_hint)
        assert first["type"] == "refused" and first["code"] == "busy"
        assert second["type"] == "hint" and second["version"] == state["version"]
        ws.send_json({"type": "hint"})  # once it has come, the seat may ask again
        assert until(ws, is_hint) == second


def test_a_hint_message_takes_no_fields(client):
    with seated_at_my_turn(client) as (_, ws, _):
        ws.send_json({"type": "hint", "seat": 1})
        answer = until(ws, lambda m: m["type"] in ("error", "hint", "refused"))
    assert answer["type"] == "error" and answer["code"] == "bad_message"


@pytest.mark.parametrize("game", ["schatz", "syndicate"])
def test_the_hint_is_the_same_whatever_the_other_seats_hold_unseen(game):
    truth = start_game(game, 3, 4242)
    seat = truth.current_player
    # two games that differ only in what the seat to act cannot see: the others' hidden cards, the deck
    one, two = truth.copy(perspective=seat, seed=1), truth.copy(perspective=seat, seed=2)
    assert one.view(seat) == two.view(seat)
    assert any(one.view(other) != two.view(other) for other in range(3) if other != seat)
    # the same search on the two games as they stand tells them apart (so the check below can fail)...
    assert hint(one, seat).sentence != hint(two, seat).sentence
    # ... but a hint is thought from what the seat knows alone
    assert advise(seat_copy_json(one, seat), seat) == advise(seat_copy_json(two, seat), seat)
    assert json.loads(knowing_only(one, seat).to_json()) == json.loads(knowing_only(two, seat).to_json())


def test_a_hint_sends_its_figures_apart_and_cites_the_searches_it_made(client):
    from phoenixgames.agents import make_agent
    from phoenixgames.agents.levels import level_spec
    from phoenixgames.engine import derive_seed

    with seated_at_my_turn(client) as (table, ws, state):
        truth = client.app.state.lobby.tables[table["id"]].state
        ws.send_json({"type": "hint"})
        answer = until(ws, is_hint)
    assert answer["type"] == "hint"
    # the search the hint made, made again: its iterations are the searches the hint cites
    copy = knowing_only(truth.copy(perspective=0, seed=0), 0)
    agent = make_agent(level_spec("hard", "schatz"), seed=0)
    agent.rng.seed(derive_seed(0, "hint", 0, len(copy.history)))
    assert str(agent.choose(copy.copy(perspective=0, seed=0))) == answer["action"]
    made = agent.last_iterations
    assert made == sum(child.visits for child in agent.last_root.children.values())
    assert answer["searches"] == made and f"of {made:,} searches" in answer["text"]
    assert 0 < answer["visit_share"] <= 1 and 0 <= answer["win_share"] <= 1 and answer["fair_share"] == 0.5
    runner_ups = answer["runner_ups"]
    assert 1 <= len(runner_ups) <= 3 and all(r["action"] in state["legal"] for r in runner_ups)
    assert answer["action"] not in [r["action"] for r in runner_ups]
    assert [r["visit_share"] for r in runner_ups] == sorted((r["visit_share"] for r in runner_ups), reverse=True)
    assert answer["explanation"] and "seed" not in answer["explanation"]
