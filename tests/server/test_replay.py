"""A game replayed step by step from its record (``GET /tables/{id}/replay?step=N&as=...``): each step is
the true game's view at that step for the audience asked (a seat, the public, or every card once it is
over), with the events up to it and every move so far; a running game replays only as the public saw it."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

import phoenixgames as pg
from phoenixgames.engine import start_game

from .helpers import create, join, until


def finished_table(make_client, sqlite_url, game: str) -> tuple[TestClient, dict, dict]:
    client = make_client(sqlite_url, seed_source=lambda: 4242)
    table = create(client, game=game, seats=("random",) * pg.get_spec(game).min_players)
    with client.websocket_connect(f"/tables/{table['id']}/ws") as ws:
        ws.send_json({"type": "hello"})
        over = until(ws, lambda m: m["type"] == "over", limit=20_000)
    return client, table, over


@pytest.mark.parametrize("game", ["schatz", "phoenicia"])
def test_each_step_is_the_game_as_its_audience_saw_it_then(make_client, sqlite_url, game):
    client, table, over = finished_table(make_client, sqlite_url, game)
    record = over["record"]
    steps = len(record["actions"])
    for step in (0, 1, steps // 2, steps // 2 + 1, steps - 1, steps, steps // 2):  # forward, and back
        truth = start_game(record["game"], record["players"], record["seed"], record["options"])
        for notation in record["actions"][:step]:
            truth.apply(notation)
        for audience, who in (("0", 0), ("1", 1), ("public", pg.PUBLIC), ("all", None)):
            answer = client.get(f"/tables/{table['id']}/replay", params={"step": step, "as": audience})
            assert answer.status_code == 200, answer.text
            shown = answer.json()
            assert (shown["step"], shown["steps"], shown["to_act"]) == (step, steps, truth.current_player)
            assert shown["view"] == pg.load_game(truth.to_json()).view(who) == truth.view(who)
            told = pg.PUBLIC if who is None else who
            events = [{k: v for k, v in e.items() if k != "by"} for e in shown["events"]]
            assert events == truth.events(told, 0)
            assert [m["number"] for m in shown["moves"]] == list(range(step))
            assert all(m["by"] == "bot" for m in shown["moves"])
        if step == steps:
            assert shown["scores"] == over["scores"] and shown["winners"] == over["winners"]


def test_a_running_game_replays_only_in_public_and_a_bad_step_or_audience_is_refused(client):
    table = create(client, seats=("person", "random"))
    _, token = join(client, table["id"], "Ann")
    with client.websocket_connect(f"/tables/{table['id']}/ws") as ws:
        ws.send_json({"type": "hello", "token": token})
        state = until(ws, lambda m: m["type"] == "state" and m["your_turn"])
        ws.send_json({"type": "move", "version": state["version"], "action": state["legal"][0]})
        until(ws, lambda m: m["type"] == "accepted")
    url = f"/tables/{table['id']}/replay"
    public = client.get(url, params={"step": 1, "as": "public"})
    assert public.status_code == 200 and "hand" not in public.json()["view"]
    for audience in ("0", "1", "all"):
        hidden = client.get(url, params={"step": 1, "as": audience})
        assert hidden.status_code == 409 and hidden.json()["error"]["code"] == "not_over"
    assert client.get(url, params={"step": 99, "as": "public"}).status_code == 400
    assert client.get(url, params={"step": 0, "as": "7"}).status_code == 400
    assert client.get(url, params={"step": 0, "as": "nobody"}).status_code == 400
    assert client.get("/tables/nothing/replay").status_code == 404
