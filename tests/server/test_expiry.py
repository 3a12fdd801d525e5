"""Tables that end: a table nobody joined and a game abandoned are removed after the times the operator
sets, a finished game is kept with its record; a restart rebuilds only the running games (a table not
started is read when someone asks for it)."""

from __future__ import annotations

import time

from phoenixgames.server.expiry import expire

from .conftest import roomy_settings
from .helpers import create, join


def watch_to_the_end(client, table_id: str) -> None:
    with client.websocket_connect(f"/tables/{table_id}/ws") as ws:
        ws.send_json({"type": "hello"})
        for _ in range(5000):
            if ws.receive_json()["type"] == "over":
                return
    raise AssertionError("the game did not end")


def test_unstarted_and_abandoned_tables_expire_and_a_finished_game_is_kept(make_client, sqlite_url):
    settings = roomy_settings(open_expiry_seconds=0.2, abandoned_expiry_seconds=0.2)
    client = make_client(sqlite_url, settings=settings)
    lobby = client.app.state.lobby
    waiting = create(client, seats=("person", "person"))
    abandoned = create(client, seats=("person", "person"))
    join(client, abandoned["id"], "Ann")
    join(client, abandoned["id"], "Bob")
    finished = create(client, seats=("random", "random"))
    watch_to_the_end(client, finished["id"])
    fresh_before = time.time()
    time.sleep(0.3)
    fresh = create(client, seats=("person", "person"))  # made just now: not expired
    assert fresh["created_at"] >= fresh_before
    gone = client.portal.call(expire, lobby)
    assert sorted(gone) == sorted([waiting["id"], abandoned["id"]])
    for table in (waiting, abandoned):
        assert client.get(f"/tables/{table['id']}").status_code == 404
        assert table["id"] not in lobby.tables
    assert client.get(f"/tables/{finished['id']}/record").status_code == 200
    assert client.get(f"/tables/{fresh['id']}").status_code == 200
    assert "phoenixgames_tables_expired_total 2" in client.get("/metrics").text


def test_a_game_someone_is_connected_to_is_not_abandoned(make_client, sqlite_url):
    client = make_client(sqlite_url, settings=roomy_settings(abandoned_expiry_seconds=0.1))
    table = create(client, seats=("person", "person"))
    _, ann = join(client, table["id"], "Ann")
    join(client, table["id"], "Bob")
    with client.websocket_connect(f"/tables/{table['id']}/ws") as ws:
        ws.send_json({"type": "hello", "token": ann})
        ws.receive_json()
        time.sleep(0.2)
        assert client.portal.call(expire, client.app.state.lobby) == []


def test_a_restart_rebuilds_only_the_running_games(make_client, sqlite_url):
    first = make_client(sqlite_url)
    waiting = [create(first, seats=("person", "person")) for _ in range(3)]
    running = create(first, seats=("person", "random"))
    join(first, running["id"])
    finished = create(first, seats=("random", "random"))
    watch_to_the_end(first, finished["id"])
    first.__exit__(None, None, None)
    again = make_client(sqlite_url)
    assert set(again.app.state.lobby.tables) == {running["id"]}
    seat, _ = join(again, waiting[0]["id"])  # read when asked for
    assert seat == 0 and waiting[0]["id"] in again.app.state.lobby.tables
