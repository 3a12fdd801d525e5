"""A learning game: at each turn of a person the server sends, unasked, what ``hard`` would play there and
why (an ``advice`` message: the hint's figures and the words of the move), thought on the seat's own copy;
a table that is not one sends none. And what every state message says of the moves: ``final``, the
legal actions that cannot be taken back once made, and ``moves``, those since the seat's own."""

from __future__ import annotations

from phoenixgames.agents import hint
from phoenixgames.server.bots import knowing_only

from .helpers import create, is_state, join, until


def my_turn(message: dict) -> bool:
    return is_state(message) and message["your_turn"]


def is_advice(message: dict) -> bool:
    return message["type"] == "advice"


def test_at_a_learning_table_each_turn_of_a_person_brings_hards_advice_unasked(client):
    table = create(client, seats=("person", "random"), learning=True)
    assert table["learning"]
    _, token = join(client, table["id"])
    with client.websocket_connect(f"/tables/{table['id']}/ws") as ws:
        ws.send_json({"type": "hello", "token": token})
        state = until(ws, my_turn)
        truth = client.app.state.lobby.tables[table["id"]].state
        expected = hint(knowing_only(truth.copy(perspective=0, seed=0), 0), 0).figures()
        advice = until(ws, is_advice)
        assert advice["version"] == state["version"]
        assert {k: advice[k] for k in expected} == expected
        assert advice["action"] in state["legal"] and advice["explanation"].endswith(".")
        for _ in range(2):  # a card laid, a card drawn: a new turn's advice each time
            ws.send_json({"type": "move", "version": state["version"], "action": state["legal"][0]})
            made = state["version"]
            state = until(ws, lambda m, made=made: my_turn(m) and m["version"] > made)
            advice = until(ws, lambda m, now=state["version"]: is_advice(m) and m["version"] == now)
            assert advice["action"] in state["legal"]


def test_a_table_that_is_no_learning_game_gives_advice_only_when_asked(client):
    table = create(client, seats=("person", "random"))
    assert not table["learning"]
    _, token = join(client, table["id"])
    with client.websocket_connect(f"/tables/{table['id']}/ws") as ws:
        ws.send_json({"type": "hello", "token": token})
        until(ws, my_turn)
        ws.send_json({"type": "hint"})
        seen: list[dict] = []
        answer = until(ws, lambda m: m["type"] in ("hint", "refused"), seen)
    assert answer["type"] == "hint" and not any(is_advice(m) for m in seen)


def test_final_names_the_moves_that_cannot_be_taken_back_and_moves_those_since_the_seats_own(client):
    table = create(client, seats=("person", "random", "random"))
    _, token = join(client, table["id"])
    with (
        client.websocket_connect(f"/tables/{table['id']}/ws") as ws,
        client.websocket_connect(f"/tables/{table['id']}/ws") as watcher,
    ):
        ws.send_json({"type": "hello", "token": token})
        watcher.send_json({"type": "hello"})
        play = until(ws, my_turn)
        assert play["final"] == []  # a card laid can be taken back while its player is still to draw
        ws.send_json({"type": "move", "version": play["version"], "action": play["legal"][0]})
        draw = until(ws, lambda m: my_turn(m) and m["version"] == play["version"] + 1)
        assert draw["final"] == draw["legal"]  # a draw shows a card, and ends the turn
        assert draw["moves"] == []  # nothing since the seat's own last move
        ws.send_json({"type": "move", "version": draw["version"], "action": draw["legal"][0]})
        again = until(ws, lambda m: my_turn(m) and m["version"] > draw["version"])
        assert [m["number"] for m in again["moves"]] == list(range(draw["version"] + 1, again["version"]))
        assert {(m["seat"], m["by"]) for m in again["moves"]} == {(1, "bot"), (2, "bot")}
        assert all(m["action"] in ("draw deck",) or m["action"].startswith(("play", "take")) for m in again["moves"])
        seen = until(watcher, lambda m: is_state(m) and m["version"] == again["version"])
        assert [m["number"] for m in seen["moves"]] == list(range(again["version"] - 3, again["version"]))
        assert seen["final"] == [] and not seen["legal"]
