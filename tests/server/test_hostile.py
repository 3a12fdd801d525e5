"""Hostile clients: every message a client should not send is refused with a clear code and message, the
game is left as it was (its version and every view), and the connection is closed where it must be (a
bad token, a flood, a frame too big to read). test_play.py has the ordinary refusals of play."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from phoenixgames.server import protocol as p
from phoenixgames.server.app import BURST

from .conftest import free_port
from .helpers import create, is_state, join, until


def hello(ws: Any, token: str | None = None) -> dict:
    ws.send_json({"type": "hello", "token": token, "since": 0})
    return until(ws, is_state)


def answer(ws: Any) -> dict:
    """The next refusal or error."""
    return until(ws, lambda m: m["type"] in ("refused", "error"))


def closed_with(ws: Any) -> int:
    """Read until the server closes ``ws``; the close code."""
    with pytest.raises(WebSocketDisconnect) as closed:
        for _ in range(20_000):
            ws.receive_json()
    return closed.value.code


def snapshot(client: Any, table_id: str, tokens: list[str]) -> tuple[int, list[dict], dict]:
    """The table's version, each seat's view and the public view, read over fresh connections."""
    version = client.get(f"/tables/{table_id}").json()["version"]
    views = []
    for token in tokens:
        with client.websocket_connect(f"/tables/{table_id}/ws") as ws:
            views.append(hello(ws, token)["view"])
    with client.websocket_connect(f"/tables/{table_id}/ws") as ws:
        public = hello(ws)
    assert public["view"]["viewer"] == "public"
    return version, views, public["view"]


@pytest.fixture
def table(client) -> tuple[str, str, str]:
    """A running table of two people: its id, Ann's token (seat 0, to act) and Bob's (seat 1)."""
    made = create(client, seats=("person", "person"))
    _, ann = join(client, made["id"], "Ann")
    _, bob = join(client, made["id"], "Bob")
    return made["id"], ann, bob


# ------------------------------------------------------------------------------ seats and tokens
def test_a_move_naming_another_seat_is_refused_and_a_seat_moves_only_itself(client, table):
    table_id, ann, bob = table
    before = snapshot(client, table_id, [ann, bob])
    with client.websocket_connect(f"/tables/{table_id}/ws") as b:
        state = hello(b, bob)
        assert not state["your_turn"] and state["legal"] == []
        for extra in ({"seat": 0}, {"player": 0}, {"as": 0}):
            b.send_json({"type": "move", "version": 0, "action": "draw deck", **extra})
            refused = answer(b)
            assert refused["code"] == "bad_message" and list(extra)[0] in refused["message"]
        b.send_json({"type": "move", "version": 0, "action": "draw deck"})  # seat 0 is to act
        refused = answer(b)
        assert refused["code"] == "not_your_turn" and "seat 0" in refused["message"]
        b.send_json({"type": "undo", "version": 0})
        assert answer(b)["code"] == "cannot_undo"
    assert snapshot(client, table_id, [ann, bob]) == before


@pytest.mark.parametrize(
    "token, code, close",
    [
        ("another table's", "bad_token", 4403),
        ("x" * 43, "bad_token", 4403),
        ("", "bad_token", 4403),
        ("x" * 201, "bad_message", 4400),
        (12345, "bad_message", 4400),
    ],
)
def test_a_wrong_token_is_refused_and_the_connection_closed(client, table, token, code, close):
    table_id, ann, bob = table
    if token == "another table's":
        other = create(client, seats=("person", "easy"))
        _, token = join(client, other["id"])
    before = snapshot(client, table_id, [ann, bob])
    with client.websocket_connect(f"/tables/{table_id}/ws") as ws:
        ws.send_text(json.dumps({"type": "hello", "token": token}))
        refused = ws.receive_json()
        assert refused["type"] == "error" and refused["code"] == code and refused["message"]
        assert closed_with(ws) == close
    assert snapshot(client, table_id, [ann, bob]) == before


def test_a_token_left_behind_before_the_start_holds_no_seat(client):
    made = create(client, seats=("person", "person"))
    _, token = join(client, made["id"], "Ann")
    assert client.post(f"/tables/{made['id']}/leave", json={"token": token}).status_code == 200
    with client.websocket_connect(f"/tables/{made['id']}/ws") as ws:
        ws.send_json({"type": "hello", "token": token})
        assert ws.receive_json()["code"] == "bad_token"
        assert closed_with(ws) == 4403


def test_a_hello_without_a_token_watches_and_a_spectator_can_neither_move_nor_undo(client, table):
    table_id, ann, bob = table
    before = snapshot(client, table_id, [ann, bob])
    with client.websocket_connect(f"/tables/{table_id}/ws") as ws:
        watching = hello(ws)
        assert watching["seat"] is None and watching["legal"] == [] and not watching["your_turn"]
        assert watching["view"] == before[2]
        ws.send_json({"type": "move", "version": 0, "action": "draw deck"})
        assert answer(ws)["code"] == "spectator"
        ws.send_json({"type": "undo", "version": 0})
        assert answer(ws)["code"] == "spectator"
        ws.send_json({"type": "take_back"})
        refused = answer(ws)
        assert refused["code"] == "spectator" and refused["message"]
    assert snapshot(client, table_id, [ann, bob]) == before


@pytest.mark.parametrize(
    "message",
    [
        {"type": "hello", "seat": 0},
        {"type": "hello", "token": None, "seat": 1},
        {"type": "hello", "viewer": 0},
        {"type": "hello", "perspective": 1},
        {"type": "view", "seat": 0},
        {"type": "state", "seat": 1},
    ],
)
def test_a_spectator_asking_for_a_seats_view_is_refused_and_sees_nothing(client, table, message):
    table_id, ann, bob = table
    before = snapshot(client, table_id, [ann, bob])
    with client.websocket_connect(f"/tables/{table_id}/ws") as ws:
        ws.send_json(message)
        refused = ws.receive_json()
        assert refused["type"] == "error" and refused["code"] == "bad_message" and refused["message"]
        assert closed_with(ws) == 4400  # a first message that is no good hello closes the connection
    with client.websocket_connect(f"/tables/{table_id}/ws") as ws:
        hello(ws)
        ws.send_json({**message, "type": "hello"} if message["type"] == "hello" else message)
        refused = answer(ws)
        assert refused["code"] == "bad_message"
        ws.send_json({"type": "ping"})
        seen: list[dict] = []
        until(ws, lambda m: m["type"] == "pong", seen)
        assert all(m["view"]["viewer"] == "public" for m in seen if m["type"] == "state")
    assert snapshot(client, table_id, [ann, bob]) == before


# ------------------------------------------------------------------------------ malformed frames
def deep(depth: int) -> str:
    return '{"type": "ping", "x": ' + "[" * depth + "]" * depth + "}"


@pytest.mark.parametrize(
    "frame, code",
    [
        (deep(1500), "bad_json"),  # deeper than the parser goes, within the size of a message
        (deep(3000), "too_big"),  # over a message's bytes, within a frame's
        ('{"type": "move", "version": 0, "action": "\\ud800"}', "bad_message"),  # a lone surrogate
        ('{"type": "move", "version": 0, "action": "draw deck"}' * 2, "bad_json"),
        ("[]", "bad_message"),
        ("null", "bad_message"),
        ('{"type": "move", "version": 1e400, "action": "draw deck"}', "bad_message"),
        ('{"type": "move", "version": 99999999999999999999999, "action": "draw deck"}', "stale"),
        ('{"type": "move", "version": -1, "action": "draw deck"}', "bad_message"),
        (b"\xff\xfe\x00{not utf-8", "bad_message"),
        (b'{"type": "ping"}', "bad_message"),  # a binary frame, even of JSON
    ],
)
def test_a_malformed_frame_is_refused_and_the_connection_stays_open(client, table, frame, code):
    table_id, ann, bob = table
    before = snapshot(client, table_id, [ann, bob])
    with client.websocket_connect(f"/tables/{table_id}/ws") as ws:
        hello(ws, ann)
        if isinstance(frame, bytes):
            ws.send_bytes(frame)
        else:
            ws.send_text(frame)
        refused = answer(ws)
        assert refused["code"] == code and refused["message"]
        ws.send_json({"type": "ping"})
        assert until(ws, lambda m: m["type"] in ("pong", "error"))["type"] == "pong"
    assert snapshot(client, table_id, [ann, bob]) == before


@pytest.mark.parametrize("binary", [False, True])
def test_a_ten_megabyte_frame_closes_the_connection(client, table, binary):
    table_id, ann, bob = table
    before = snapshot(client, table_id, [ann, bob])
    frame = '{"type": "move", "version": 0, "action": "' + "x" * 10_000_000 + '"}'
    with client.websocket_connect(f"/tables/{table_id}/ws") as ws:
        hello(ws, ann)
        if binary:
            ws.send_bytes(frame.encode())
        else:
            ws.send_text(frame)
        refused = answer(ws)
        assert refused["code"] == "too_big" and str(p.MAX_FRAME_BYTES) in refused["message"]
        assert closed_with(ws) == 1009
    assert snapshot(client, table_id, [ann, bob]) == before


def test_ten_thousand_messages_in_a_burst_close_the_connection_and_change_nothing(client, table):
    table_id, ann, bob = table
    before = snapshot(client, table_id, [ann, bob])
    started = time.monotonic()
    with client.websocket_connect(f"/tables/{table_id}/ws") as ws:
        hello(ws, bob)  # not to act: every move of the burst is refused
        for _ in range(10_000):
            ws.send_json({"type": "move", "version": 0, "action": "draw deck"})
        codes = []
        with pytest.raises(WebSocketDisconnect) as closed:
            for _ in range(20_000):
                message = ws.receive_json()
                if message["type"] in ("refused", "error"):
                    codes.append(message["code"])
        assert closed.value.code == 1008
    assert set(codes[:BURST]) == {"not_your_turn"}
    assert codes[-3:] == ["flood"] * 3 and len(codes) < 100  # the rest of the burst is never read
    assert time.monotonic() - started < 30
    assert snapshot(client, table_id, [ann, bob]) == before
    with client.websocket_connect(f"/tables/{table_id}/ws") as ws:  # the seat plays on
        first = hello(ws, ann)
        ws.send_json({"type": "move", "version": 0, "action": first["legal"][0]})
        assert until(ws, lambda m: m["type"] in ("accepted", "refused"))["type"] == "accepted"


# ------------------------------------------------------------------------------ over the wire
@pytest.fixture
def served(pool, sqlite_url) -> Iterator[str]:
    """The app under uvicorn on a free port of the loopback, configured as ``phoenixgames serve`` runs it;
    its address."""
    import uvicorn

    from phoenixgames.server.app import create_app, uvicorn_config

    from .conftest import next_seed

    port = free_port()
    server = uvicorn.Server(uvicorn_config(create_app(sqlite_url, pool=pool, seed_source=next_seed), "127.0.0.1", port))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started and thread.is_alive() and time.monotonic() < deadline:
        time.sleep(0.02)
    assert server.started, "the server did not start"
    try:
        yield f"127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(30)


def test_over_the_wire_a_huge_frame_and_a_text_frame_that_is_not_utf8_close_the_connection(served):
    import httpx
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    with httpx.Client(base_url=f"http://{served}") as http:
        made = http.post("/tables", json={"game": "schatz", "players": 2, "seats": [{"kind": "person"}] * 2}).json()
        ann = http.post(f"/tables/{made['id']}/join", json={"name": "Ann"}).json()["token"]
        http.post(f"/tables/{made['id']}/join", json={"name": "Bob"})

        def hello_over(ws: Any) -> None:
            ws.send(json.dumps({"type": "hello", "token": ann}))
            assert json.loads(ws.recv(10))["type"] == "state"

        address = f"ws://{served}/tables/{made['id']}/ws"
        for frame, text in ((b"x" * 10_000_000, False), (b'{"type": "ping", "x": "\xff\xfe"}', True)):
            with connect(address, max_size=None, open_timeout=10) as ws:
                hello_over(ws)
                with pytest.raises(ConnectionClosed) as closed:
                    ws.send(frame, text=text)
                    for _ in range(10):
                        ws.recv(10)
                if text:
                    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1007
                else:
                    # The server closes with 1009 while the 10 MB are still on their way: the close frame
                    # arrives first, or the connection is cut under the sender before it can be read.
                    assert closed.value.rcvd is None or closed.value.rcvd.code == 1009
        assert http.get(f"/tables/{made['id']}").json()["version"] == 0
        with connect(address, open_timeout=10) as ws:  # the server is still serving
            hello_over(ws)
            ws.send(json.dumps({"type": "ping"}))
            while (message := json.loads(ws.recv(10)))["type"] != "pong":
                assert message["type"] == "state"
