"""Play over the WebSocket: views, legal actions and events for each seat, refusals that say why, undo,
the end and its record; nothing before the end carries the seed or what another seat may not see."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

import phoenixgames as pg
from phoenixgames.cli import app as cli

from .helpers import create, is_state, join, play_to_the_end, until


def hello(ws, token=None, since=0):
    ws.send_json({"type": "hello", "token": token, "since": since})
    return until(ws, is_state)


def test_a_whole_game_against_a_bot_ends_with_the_record_that_replay_reads(make_client, database, tmp_path):
    client = make_client(database)
    table = create(client, seats=("person", "easy"))
    seat, token = join(client, table["id"])
    seen: list[dict] = []
    with (
        client.websocket_connect(f"/tables/{table['id']}/ws") as ws,
        client.websocket_connect(f"/tables/{table['id']}/ws") as watcher,
    ):
        first = hello(ws, token)
        assert first["seat"] == seat and first["view"]["viewer"] == seat and first["status"] == "running"
        public = hello(watcher)
        assert public["seat"] is None and public["view"]["viewer"] == "public" and public["legal"] == []
        over = play_to_the_end(ws, seen)
        watched: list[dict] = []
        until(watcher, lambda m: m["type"] == "over", watched)
    seed = over["record"]["seed"]
    before = [json.dumps(m) for m in seen + watched if m["type"] != "over"]
    assert all('"seed"' not in m and str(seed) not in m for m in before)
    assert all(m["view"]["viewer"] == "public" for m in watched if m["type"] == "state")
    assert over["record"]["actions"] and over["winners"]
    record = client.get(f"/tables/{table['id']}/record")
    assert record.status_code == 200 and "attachment" in record.headers["content-disposition"]
    assert record.json() == over["record"] and pg.replay(record.json()).is_over
    (tmp_path / "game.json").write_text(record.text, encoding="utf-8")
    done = CliRunner().invoke(cli, ["replay", str(tmp_path / "game.json")])
    assert done.exit_code == 0, done.output
    events = [e for m in seen if m["type"] == "state" for e in m["events"]]
    assert [e["action"] for e in events] == sorted(e["action"] for e in events)  # each event sent once, in order
    assert client.get(f"/tables/{table['id']}").json()["status"] == "over"


def test_a_move_of_another_seat_reaches_this_one_with_its_events(client):
    table = create(client, seats=("person", "person"))
    _, ann = join(client, table["id"], "Ann")
    _, bob = join(client, table["id"], "Bob")
    with (
        client.websocket_connect(f"/tables/{table['id']}/ws") as a,
        client.websocket_connect(f"/tables/{table['id']}/ws") as b,
    ):
        first = hello(a, ann)
        hello(b, bob)
        assert first["your_turn"] and first["legal"]
        a.send_json({"type": "move", "version": 0, "action": first["legal"][0]})
        state_b = until(b, lambda m: is_state(m) and m["version"] == 1)
        assert state_b["events"][0]["action"] == 0
        assert state_b["legal"] == [] and not state_b["your_turn"]


def refusal(ws, message: dict) -> dict:
    ws.send_json(message)
    return until(ws, lambda m: m["type"] in ("refused", "error"))


def test_stale_illegal_malformed_and_out_of_turn_moves_are_refused_and_change_nothing(client):
    table = create(client, seats=("person", "person"))
    _, ann = join(client, table["id"], "Ann")
    _, bob = join(client, table["id"], "Bob")
    with (
        client.websocket_connect(f"/tables/{table['id']}/ws") as a,
        client.websocket_connect(f"/tables/{table['id']}/ws") as b,
        client.websocket_connect(f"/tables/{table['id']}/ws") as watcher,
    ):
        state = hello(a, ann)
        hello(b, bob)
        hello(watcher)
        legal = state["legal"]
        assert refusal(a, {"type": "move", "version": 3, "action": legal[0]})["code"] == "stale"
        assert refusal(a, {"type": "move", "version": 0, "action": "zzz"})["code"] == "malformed"
        assert refusal(a, {"type": "move", "version": 0, "action": "take B5"})["code"] == "illegal"
        out_of_turn = refusal(b, {"type": "move", "version": 0, "action": legal[0]})
        assert out_of_turn["code"] == "not_your_turn" and "seat 0" in out_of_turn["message"]
        assert refusal(watcher, {"type": "move", "version": 0, "action": legal[0]})["code"] == "spectator"
        assert refusal(a, {"type": "undo", "version": 0})["code"] == "cannot_undo"
        a.send_json({"type": "move", "version": 0, "action": legal[0]})
        assert until(a, lambda m: m["type"] == "accepted") == {
            "type": "accepted",
            "request": "move",
            "version": 1,
            "action": legal[0],
        }
        assert refusal(a, {"type": "move", "version": 0, "action": legal[1]})["code"] == "stale"
    assert client.get(f"/tables/{table['id']}").json()["version"] == 1


@pytest.mark.parametrize(
    "message, code",
    [
        ("not json", "bad_json"),
        ('{"type": "dance"}', "bad_message"),
        ('{"type": "move", "version": "0", "action": "draw deck"}', "bad_message"),
        ('{"type": "move", "version": true, "action": "draw deck"}', "bad_message"),
        ('{"type": "move", "version": 0, "action": "draw deck", "extra": 1}', "bad_message"),
        ('{"type": "hello"}', "bad_message"),
        ('{"type": "ping", "pad": "' + "x" * 5000 + '"}', "too_big"),
    ],
)
def test_a_message_the_server_cannot_take_is_answered_with_a_typed_error(client, message, code):
    table = create(client, seats=("person", "easy"))
    _, token = join(client, table["id"])
    with client.websocket_connect(f"/tables/{table['id']}/ws") as ws:
        hello(ws, token)
        ws.send_text(message)
        answer = until(ws, lambda m: m["type"] == "error")
        assert answer["code"] == code and answer["message"]
        ws.send_json({"type": "ping"})
        assert until(ws, lambda m: m["type"] in ("pong", "error"))["type"] == "pong"  # still open


def test_a_connection_must_say_hello_with_a_token_of_this_table_first(client):
    table = create(client, seats=("person", "easy"))
    other = create(client, seats=("person", "easy"))
    _, token = join(client, other["id"])
    with client.websocket_connect(f"/tables/{table['id']}/ws") as ws:
        ws.send_json({"type": "hello", "token": token})
        assert ws.receive_json()["code"] == "bad_token"
    with client.websocket_connect(f"/tables/{table['id']}/ws") as ws:
        ws.send_json({"type": "ping"})
        assert ws.receive_json()["code"] == "hello_first"
    with client.websocket_connect("/tables/nosuchtable/ws") as ws:
        assert ws.receive_json()["code"] == "no_table"


def test_a_flood_of_messages_is_refused_then_the_connection_closed(client):
    table = create(client, seats=("person", "easy"))
    _, token = join(client, table["id"])
    with client.websocket_connect(f"/tables/{table['id']}/ws") as ws:
        hello(ws, token)
        for _ in range(200):
            ws.send_json({"type": "ping"})
        codes = []
        for _ in range(300):
            message = ws.receive_json()
            if message["type"] == "error":
                codes.append(message["code"])
                if len(codes) == 3:
                    break
        assert codes == ["flood"] * 3


def test_a_seat_takes_back_its_own_last_action_where_the_game_allows(client):
    table = create(client, seats=("person", "person"))
    _, ann = join(client, table["id"], "Ann")
    _, bob = join(client, table["id"], "Bob")
    with (
        client.websocket_connect(f"/tables/{table['id']}/ws") as a,
        client.websocket_connect(f"/tables/{table['id']}/ws") as b,
    ):
        state = hello(a, ann)
        hello(b, bob)
        laid = state["legal"][0]
        assert laid.startswith("play")
        a.send_json({"type": "move", "version": 0, "action": laid})
        after = until(a, lambda m: is_state(m) and m["version"] == 1)
        assert after["your_turn"] and after["can_undo"]  # a card laid before the draw
        assert refusal(b, {"type": "undo", "version": 1})["code"] == "cannot_undo"
        a.send_json({"type": "undo", "version": 1})
        back = until(a, lambda m: is_state(m) and m["version"] == 0)
        assert back["version"] == 0 and back["legal"] == state["legal"] and back["view"] == state["view"]
        assert until(a, lambda m: m["type"] == "accepted")["action"] == laid
        assert until(b, lambda m: is_state(m) and m["version"] == 0)["events"] == []
        a.send_json({"type": "move", "version": 0, "action": laid})
        until(a, lambda m: is_state(m) and m["version"] == 1)
        a.send_json({"type": "move", "version": 1, "action": "draw deck"})
        until(a, lambda m: is_state(m) and m["version"] == 2)
        assert refusal(a, {"type": "undo", "version": 2})["code"] == "cannot_undo"  # a draw is never taken back


def test_every_state_message_is_the_protocols_state_field_for_field(make_client, database):
    """The server builds its state messages by hand (they go to every connection after every move): each
    one sent is a ``StateMessage`` of the protocol, with no field more or less, and reads back the same."""
    from phoenixgames.server.protocol import StateMessage

    client = make_client(database)
    table = create(client, game="phoenicia", seats=("person", "easy", "easy"))
    seat, token = join(client, table["id"])
    seen: list[dict] = []
    with (
        client.websocket_connect(f"/tables/{table['id']}/ws") as ws,
        client.websocket_connect(f"/tables/{table['id']}/ws") as watcher,
    ):
        hello(ws, token)
        hello(watcher)
        for _ in range(6):
            state = until(ws, my_turn(seat), seen)
            ws.send_json({"type": "move", "version": state["version"], "action": state["legal"][0]})
        until(watcher, is_state, seen)
    states = [m for m in seen if m["type"] == "state"]
    assert len(states) >= 6 and any(m["final"] for m in states) and any(m["moves"] for m in states)
    for message in states:
        assert StateMessage.model_validate(message).model_dump(mode="json") == message


def my_turn(seat):
    return lambda m: m["type"] == "state" and m["seat"] == seat and m["your_turn"]
