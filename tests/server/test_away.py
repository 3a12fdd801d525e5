"""What a table does when a person is away or slow, chosen by its creator and said in the open: by default
it waits (nobody plays for a person, however long they are away: five minutes of a clock the test moves
are not enough for anything to happen); with ``absence`` the stand-in plays for a player away that long,
and every move it makes says so (the events, the state's ``moves``, the record), so that the player
coming back is told."""

from __future__ import annotations

import time

import pytest

from phoenixgames.server.away import ManualClock

from .helpers import create, is_state, join, until

FIVE_MINUTES = 300.0


def version_of(client, table_id: str) -> int:
    return client.get(f"/tables/{table_id}").json()["version"]


def settle(client, table_id: str, seconds: float = 2.0) -> int:
    """The table's version once it has not changed for ``seconds`` (what the bots had to play, played)."""
    last, since = version_of(client, table_id), time.monotonic()
    while time.monotonic() - since < seconds:
        time.sleep(0.1)
        now = version_of(client, table_id)
        if now != last:
            last, since = now, time.monotonic()
    return last


@pytest.mark.parametrize("absence", [None, 60.0])
def test_a_table_that_waits_leaves_an_away_seat_untouched_and_one_with_an_absence_has_it_played(
    make_client, sqlite_url, absence
):
    clock = ManualClock()
    client = make_client(sqlite_url, clock=clock)
    extra = {} if absence is None else {"absence": absence}
    table = create(client, seats=("person", "easy"), stand_in="easy", **extra)
    assert table["away"]["policy"] == ("wait" if absence is None else "bot")
    join(client, table["id"], "Ann")  # and she never connects: away from the start
    assert settle(client, table["id"], 0.5) == 0  # seat 0 is to act: nothing is played for her yet
    clock.advance(FIVE_MINUTES)
    if absence is None:
        assert settle(client, table["id"]) == 0
        seat = client.get(f"/tables/{table['id']}").json()["seats"][0]
        assert not seat["present"] and not seat["stand_in"]
    else:
        with client.websocket_connect(f"/tables/{table['id']}/ws") as watcher:
            watcher.send_json({"type": "hello"})
            state = until(watcher, lambda m: is_state(m) and m["version"] >= 2)
        assert state["seats"][0]["stand_in"]
        assert [(m["seat"], m["by"]) for m in state["moves"][:2]] == [(0, "stand-in"), (0, "stand-in")]


def test_what_the_stand_in_played_is_marked_in_the_events_the_moves_and_the_record(make_client, sqlite_url):
    clock = ManualClock()
    client = make_client(sqlite_url, clock=clock)
    table = create(client, seats=("person", "easy"), absence=60.0, stand_in="easy")
    _, ann = join(client, table["id"], "Ann")
    with client.websocket_connect(f"/tables/{table['id']}/ws") as ws:
        ws.send_json({"type": "hello", "token": ann})
        state = until(ws, lambda m: is_state(m) and m["your_turn"])
        ws.send_json({"type": "move", "version": state["version"], "action": state["legal"][0]})
        until(ws, lambda m: m["type"] == "accepted")
    # Ann has gone (her one connection closed) with her turn half made: a minute later the stand-in plays on.
    deadline = time.monotonic() + 30
    while client.get(f"/tables/{table['id']}").json()["seats"][0]["present"]:  # her going is counted first
        assert time.monotonic() < deadline
        time.sleep(0.05)
    clock.advance(61)
    with client.websocket_connect(f"/tables/{table['id']}/ws") as watcher:
        watcher.send_json({"type": "hello"})
        seen: list[dict] = []
        over = until(watcher, lambda m: m["type"] == "over", seen, limit=10_000)
    by = over["record"]["by"]
    assert len(by) == len(over["record"]["actions"]) and by[0] == "person"
    assert set(by[1:]) == {"stand-in", "bot"}
    download = client.get(f"/tables/{table['id']}/record").json()
    assert download == over["record"]
    stand_in_events = [e for m in seen if is_state(m) for e in m["events"] if e["by"] == "stand-in"]
    assert stand_in_events and all(by[e["action"]] == "stand-in" for e in stand_in_events)
    # Coming back, Ann is shown every move since her own: the stand-in's for her among them, in full.
    with client.websocket_connect(f"/tables/{table['id']}/ws") as ws:
        ws.send_json({"type": "hello", "token": ann})
        back = until(ws, is_state)
    played = [m for m in back["moves"] if m["seat"] == 0 and m["by"] == "stand-in"]
    assert played and len(back["moves"]) == min(50, len(by) - 1)
    assert all(m["action"] == over["record"]["actions"][m["number"]] for m in played)


def test_the_choice_is_said_in_words_and_old_requests_keep_their_meaning(client):
    waits = create(client, seats=("person", "easy"))
    assert waits["absence"] is None and waits["clock"] is None
    assert waits["away"] == {
        "policy": "wait",
        "text": "The table waits for every player: nobody plays for anyone who is away or slow.",
    }
    away = create(client, seats=("person", "easy"), absence=120)  # what every table did before
    assert away["away"]["policy"] == "bot" and away["absence"] == 120
    assert away["away"]["text"] == "A hard bot plays for a player away 2 minutes or more, until they come back."
    clocked = create(client, seats=("person", "person"), clock=45, stand_in="easy")
    assert clocked["away"]["policy"] == "clock"
    assert clocked["away"]["text"] == "45 seconds a move: when a move's time runs out, an easy bot plays that move."
    bots = create(client, seats=("easy", "easy"))
    assert bots["away"]["text"].startswith("Bots only")
    listed = {t["id"]: t for t in client.get("/tables").json()["tables"]}
    assert listed[away["id"]]["away"] == away["away"]
