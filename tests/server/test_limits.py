"""Bounded work per client: bots within the cap the operator sets and within a deadline, hints one at a
time per seat and a rate per table, bodies of a few kilobytes without NaN, refusals that never echo the
input, and rates per address (tables, joins, messages over every connection of one address)."""

from __future__ import annotations

import json
import time

import pytest
from starlette.websockets import WebSocketDisconnect

from .conftest import roomy_settings
from .helpers import create, is_state, join, until

PERSON = {"kind": "person"}


def new_table(client, *seats, **extra):
    body = {"game": "schatz", "players": len(seats), "seats": list(seats), **extra}
    return client.post("/tables", json=body)


# ------------------------------------------------------------------------------ bots within the cap
@pytest.mark.parametrize(
    "where",
    [
        {"seats": [PERSON, {"kind": "bot", "difficulty": "ismcts:iterations=100000000"}]},
        {"seats": [PERSON, {"kind": "bot", "difficulty": "ismcts:seconds=30"}]},
        {"seats": [PERSON, {"kind": "bot", "difficulty": "expert"}]},
        {"seats": [PERSON, {"kind": "bot", "difficulty": "ismcts:iterations=500,workers=4"}]},
        {"seats": [PERSON, PERSON], "stand_in": "ismcts:iterations=100000000"},
    ],
)
def test_a_bot_or_stand_in_asking_more_thinking_than_the_server_allows_is_refused(client, where):
    answer = client.post("/tables", json={"game": "schatz", "players": 2, **where})
    assert answer.status_code == 400, answer.text
    assert answer.json()["error"]["code"] == "bad_bot"
    assert client.get("/tables").json()["tables"] == []  # nothing was made


def test_the_operator_may_allow_more_thinking_and_the_levels_within_it_are_taken(make_client, sqlite_url):
    client = make_client(sqlite_url, settings=roomy_settings(max_bot_seconds=4.0))
    assert new_table(client, PERSON, {"kind": "bot", "difficulty": "expert"}).status_code == 400  # 4 processes
    assert new_table(client, PERSON, {"kind": "bot", "difficulty": "ismcts:iterations=4000"}).status_code == 201
    assert new_table(client, PERSON, {"kind": "bot", "difficulty": "ismcts:iterations=4001"}).status_code == 400


def test_a_bot_past_its_deadline_is_stopped_and_the_level_below_moves_for_it(make_client, sqlite_url):
    # A search of a second a move with a deadline of a twentieth of it: the level below (medium) moves.
    client = make_client(sqlite_url, settings=roomy_settings(bot_deadline=0.05))
    lobby = client.app.state.lobby
    table = create(client, seats=("hard", "person"))  # the bot's seat acts first
    _, token = join(client, table["id"])
    with client.websocket_connect(f"/tables/{table['id']}/ws") as ws:
        ws.send_json({"type": "hello", "token": token})
        state = until(ws, lambda m: is_state(m) and m["your_turn"])
    assert state["version"] >= 1  # the bot's seat has moved
    assert lobby.metrics.bot_timeouts >= 1  # hard's move was given up, and the table went on


# ------------------------------------------------------------------------------ hints
def test_a_seat_has_one_hint_at_a_time_however_many_connections_it_opens(client):
    table = create(client, seats=("person", "random"))
    _, token = join(client, table["id"])
    url = f"/tables/{table['id']}/ws"
    with client.websocket_connect(url) as first, client.websocket_connect(url) as second:
        for ws in (first, second):
            ws.send_json({"type": "hello", "token": token})
            until(ws, lambda m: is_state(m) and m["your_turn"])
        first.send_json({"type": "hint"})
        second.send_json({"type": "hint"})
        answers = [until(ws, lambda m: m["type"] in ("hint", "refused")) for ws in (first, second)]
    kinds = sorted(a["type"] if a["type"] == "hint" else a["code"] for a in answers)
    assert kinds == ["busy", "hint"], answers


def test_a_table_gets_so_many_hints_a_minute(make_client, sqlite_url):
    client = make_client(sqlite_url, settings=roomy_settings(hint_burst=2, hints_per_minute=0.5))
    table = create(client, seats=("person", "random"))
    _, token = join(client, table["id"])
    with client.websocket_connect(f"/tables/{table['id']}/ws") as ws:
        ws.send_json({"type": "hello", "token": token})
        until(ws, lambda m: is_state(m) and m["your_turn"])
        answers = []
        for _ in range(3):
            ws.send_json({"type": "hint"})
            answers.append(until(ws, lambda m: m["type"] in ("hint", "refused")))
    assert [a["type"] for a in answers] == ["hint", "hint", "refused"]
    assert answers[2]["code"] == "busy" and "again in" in answers[2]["message"]


# ------------------------------------------------------------------------------ bodies
def test_a_body_over_the_limit_is_refused_before_it_is_read(client):
    huge = b'{"game": "schatz", "players": 2, "options": {' + b", ".join(b'"k%d": 1' % i for i in range(1_500_000))
    huge += b"}, " + b'"seats": []}'
    assert len(huge) > 20_000_000
    started = time.monotonic()
    answer = client.post("/tables", content=huge, headers={"content-type": "application/json"})
    assert answer.status_code == 413 and answer.json()["error"]["code"] == "too_big"
    assert len(answer.content) < 200
    # Without a length announced (sent in pieces), the same.
    pieces = (huge[i : i + 65536] for i in range(0, 1_000_000, 65536))
    answer = client.post("/tables", content=pieces, headers={"content-type": "application/json"})
    assert answer.status_code == 413
    assert time.monotonic() - started < 60  # not a timing test: a body parsed whole took far longer
    assert client.get("/tables").json()["tables"] == []


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_nan_and_infinity_are_refused_with_a_422_on_every_route_that_takes_a_body(client, constant):
    table = create(client, seats=("person", "person"))
    bodies = {
        "/tables": f'{{"game": "schatz", "players": 2, "seats": [{{"kind": "person"}}, {{"kind": "person"}}], '
        f'"clock": {constant}}}',
        f"/tables/{table['id']}/join": f'{{"name": "Ann", "seat": {constant}}}',
        f"/tables/{table['id']}/leave": f'{{"token": {constant}}}',
    }
    for path, body in bodies.items():
        answer = client.post(path, content=body, headers={"content-type": "application/json"})
        assert answer.status_code == 422, (path, answer.text)
        assert answer.json()["detail"][0]["type"] == "json_invalid"
    options = f'{{"game": "schatz", "players": 2, "seats": [{{"kind": "person"}}], "options": {{"x": {constant}}}}}'
    assert client.post("/tables", content=options, headers={"content-type": "application/json"}).status_code == 422


def test_a_refusal_never_carries_the_input_back(client):
    secret = "s3cr3t-" + "x" * 3000
    answer = client.post(
        "/tables", json={"game": "schatz", "players": 2, "seats": [PERSON, PERSON], "stand_in": secret}
    )
    assert answer.status_code == 422
    assert "s3cr3t" not in answer.text and len(answer.text) < 1000
    answer = client.post("/tables", json={"game": "schatz", "players": secret, "seats": []})
    assert answer.status_code == 422 and "s3cr3t" not in answer.text


# ------------------------------------------------------------------------------ rates of one address
def test_tables_and_joins_from_one_address_are_limited_with_a_429_and_retry_after(make_client, sqlite_url):
    client = make_client(sqlite_url, settings=roomy_settings(tables_burst=3, joins_burst=2, tables_per_minute=1))
    made = [new_table(client, PERSON, PERSON, PERSON) for _ in range(4)]
    assert [a.status_code for a in made] == [201, 201, 201, 429]
    assert int(made[3].headers["Retry-After"]) >= 1 and made[3].json()["error"]["code"] == "too_many"
    table_id = made[0].json()["id"]
    joins = [client.post(f"/tables/{table_id}/join", json={"name": f"P{n}"}) for n in range(3)]
    assert [a.status_code for a in joins] == [201, 201, 429]
    assert 'phoenixgames_limited_total{kind="tables"} 1' in client.get("/metrics").text


def test_the_lobby_lists_no_unlisted_table_but_its_link_reaches_it(client):
    public = new_table(client, PERSON, PERSON).json()
    friends = new_table(client, PERSON, PERSON, listed=False).json()
    assert friends["listed"] is False
    assert [t["id"] for t in client.get("/tables").json()["tables"]] == [public["id"]]
    assert client.get(f"/tables/{friends['id']}").json()["id"] == friends["id"]
    assert client.post(f"/tables/{friends['id']}/join", json={"name": "Ann"}).status_code == 201


def test_a_server_full_of_tables_takes_no_more(make_client, sqlite_url):
    client = make_client(sqlite_url, settings=roomy_settings(max_open_tables=2))
    assert [new_table(client, PERSON, PERSON).status_code for _ in range(3)] == [201, 201, 503]
    bots = new_table(client, {"kind": "bot", "difficulty": "random"}, {"kind": "bot", "difficulty": "random"})
    assert bots.status_code == 503 and bots.json()["error"]["code"] == "full"


def test_a_flood_from_many_connections_of_one_address_is_bounded_for_the_address(make_client, sqlite_url):
    burst, rate = 60, 2.0
    client = make_client(sqlite_url, settings=roomy_settings(messages_burst=burst, messages_per_second=rate))
    table = create(client, seats=("person", "person"))
    url = f"/tables/{table['id']}/ws"
    answered = flood = 0
    started = time.monotonic()
    for _ in range(10):  # one connection after another, as a client reconnecting after each close
        with client.websocket_connect(url) as ws:
            ws.send_json({"type": "hello"})
            until(ws, is_state)
            for _ in range(30):
                ws.send_text(json.dumps({"type": "ping"}))
            try:
                for _ in range(30):
                    message = ws.receive_json()
                    answered += message["type"] == "pong"
                    flood += message.get("code") == "flood"
            except WebSocketDisconnect:
                pass
    elapsed = time.monotonic() - started
    # Each connection alone would have had its own 40 (300 pongs in all); the address has one budget.
    assert answered <= burst + rate * elapsed + 10 and flood > 0, (answered, flood, elapsed)


def test_a_table_made_under_a_higher_cap_is_played_within_the_new_one_after_a_restart(make_client, sqlite_url):
    from phoenixgames.engine import start_game
    from phoenixgames.server.bots import think

    before = make_client(sqlite_url, settings=roomy_settings(max_bot_seconds=4.0))
    table = create(before, seats=("person", "ismcts:iterations=4000"))
    before.__exit__(None, None, None)
    after = make_client(sqlite_url)  # the default cap: one second of hard's search
    _, token = join(after, table["id"])
    with after.websocket_connect(f"/tables/{table['id']}/ws") as ws:
        ws.send_json({"type": "hello", "token": token})
        state = until(ws, lambda m: is_state(m) and m["your_turn"])
        while state["to_act"] == 0:
            ws.send_json({"type": "move", "version": state["version"], "action": state["legal"][0]})
            state = until(ws, lambda m: is_state(m) and (m["to_act"] != 0 or m["your_turn"]) and m["version"] > 0)
        mine = state["version"]
        until(ws, lambda m: is_state(m) and m["your_turn"])
    truth = after.app.state.lobby.tables[table["id"]].state
    game = start_game("schatz", 2, truth.seed, dict(truth.options))
    for action in truth.record["actions"][:mine]:
        game.apply(action)
    assert truth.record["actions"][mine] == think(game.to_json(), "medium", 1)  # the level below played


def test_a_settings_file_sets_the_limits_and_a_bad_one_is_refused_in_one_line(tmp_path):
    import subprocess

    from phoenixgames.server.settings import BadSettings, Settings

    from .processes import PROGRAM

    good = tmp_path / "good.toml"
    good.write_text("max_bot_seconds = 2\ntables_burst = 3\nproxy_headers = true\n")
    settings = Settings.from_file(good)
    assert (settings.max_bot_seconds, settings.tables_burst, settings.proxy_headers) == (2.0, 3, True)
    assert settings.header_seconds == Settings().header_seconds  # the others keep their defaults
    for text, words in [
        ("nope = 1", "no setting 'nope'"),
        ('tables_burst = "x"', "takes a whole number"),
        ("bot_deadline = 0", "above 0"),
    ]:
        bad = tmp_path / "bad.toml"
        bad.write_text(text)
        with pytest.raises(BadSettings, match=words):
            Settings.from_file(bad)
    run = subprocess.run([*PROGRAM, "serve", "--config", str(bad)], capture_output=True, text=True, timeout=60)
    assert run.returncode == 2 and run.stderr.count("\n") == 1 and "Traceback" not in run.stderr
