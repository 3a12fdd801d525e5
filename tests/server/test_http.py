"""The lobby over HTTP: tables made, listed, joined and left; every refusal a typed error."""

from __future__ import annotations

from phoenixgames.agents import OFFERED_LEVELS, level_spec

from .helpers import create, join, until


def test_a_table_of_people_is_open_until_every_persons_seat_is_taken(client):
    table = create(client, seats=("person", "person", "easy"))
    assert table["status"] == "open" and [s["taken"] for s in table["seats"]] == [False, False, True]
    assert table["seats"][2]["name"] == "easy"
    listed = client.get("/tables").json()["tables"]
    assert [t["id"] for t in listed] == [table["id"]]
    seat, token = join(client, table["id"], "Ann")
    assert seat == 0 and len(token) >= 40
    seat, _ = join(client, table["id"], "Bob")
    assert seat == 1
    after = client.get(f"/tables/{table['id']}").json()
    assert after["status"] == "running" and [s["name"] for s in after["seats"]] == ["Ann", "Bob", "easy"]
    assert "token" not in str(after) and token not in client.get("/tables").text
    full = client.post(f"/tables/{table['id']}/join", json={"name": "Cy"})
    assert full.status_code == 409 and full.json()["error"]["code"] == "no_seat"


def test_leaving_before_the_start_frees_the_seat_and_voids_the_token(client):
    table = create(client, seats=("person", "person"))
    _, token = join(client, table["id"], "Ann", seat=1)
    taken = client.post(f"/tables/{table['id']}/join", json={"name": "Bob", "seat": 1})
    assert taken.status_code == 409 and taken.json()["error"]["code"] == "seat_taken"
    left = client.post(f"/tables/{table['id']}/leave", json={"token": token})
    assert left.status_code == 200 and not left.json()["seats"][1]["taken"]
    again = client.post(f"/tables/{table['id']}/leave", json={"token": token})
    assert again.status_code == 403 and again.json()["error"]["code"] == "bad_token"


def test_a_bot_seat_is_offered_the_difficulty_levels_by_name_and_hard_where_none_is_named(client):
    seats = [{"kind": "person"}] + [{"kind": "bot", "difficulty": level} for level in OFFERED_LEVELS]
    seats += [{"kind": "bot"}]
    answer = client.post("/tables", json={"game": "schatz", "players": 5, "seats": seats})  # open: no bot moves
    assert answer.status_code == 201, answer.text
    table = answer.json()
    assert [s["name"] for s in table["seats"]] == [None, *OFFERED_LEVELS, "hard"] and table["stand_in"] == "hard"


def test_bad_tables_are_refused_with_the_reason(client):
    def refused(body: dict, status: int = 400) -> dict:
        answer = client.post("/tables", json=body)
        assert answer.status_code == status, answer.text
        return answer.json()

    person = {"kind": "person"}
    assert refused({"game": "chess", "players": 2, "seats": [person, person]})["error"]["code"] == "bad_game"
    assert "seats" in refused({"game": "schatz", "players": 3, "seats": [person, person]})["error"]["message"]
    for players in (1, 9):  # no game takes them: the schema says so
        assert "players" in str(refused({"game": "schatz", "players": players, "seats": [person] * players}, 422))
    bad_bot = {"game": "schatz", "players": 2, "seats": [person, {"kind": "bot", "difficulty": "genius"}]}
    assert refused(bad_bot)["error"]["code"] == "bad_bot"
    human = {"game": "schatz", "players": 2, "seats": [person, {"kind": "bot", "difficulty": "human"}]}
    assert refused(human)["error"]["code"] == "bad_bot"
    option = {"game": "schatz", "players": 2, "seats": [person, person], "options": {"wild_colour": "pink"}}
    assert "wild_colour" in refused(option)["error"]["message"]
    refused({"game": "schatz", "players": 2, "seats": [person, person], "seed": 7}, 422)  # the server draws seeds
    assert client.get("/tables/nope").status_code == 404
    assert client.get("/tables/" + "x" * 40).status_code == 422
    assert client.get("/tables?status=lost").status_code == 422


def test_the_record_is_refused_until_the_game_is_over(client):
    table = create(client, seats=("person", "easy"))
    answer = client.get(f"/tables/{table['id']}/record")
    assert answer.status_code == 409 and answer.json()["error"]["code"] == "not_over"


def test_the_games_the_lobby_page_and_the_openapi_description(client):
    games = client.get("/games").json()
    assert {g["name"] for g in games["games"]} == {"phoenicia", "phoenix", "schatz", "syndicate"}
    assert games["difficulties"] == ["easy", "medium", "hard"] and games["default_difficulty"] == "hard"
    phoenix = next(g for g in games["games"] if g["name"] == "phoenix")
    assert phoenix["difficulties"] == {level: level_spec(level, "phoenix") for level in ("easy", "medium", "hard")}
    assert "phoenixgames" in client.get("/").text
    schema = client.get("/openapi.json").json()
    assert {"CreateTable", "TableInfo", "Joined", "ErrorBody"} <= set(schema["components"]["schemas"])
    assert "/tables/{table_id}/join" in schema["paths"]


def test_a_method_a_path_does_not_take_is_answered_with_every_method_it_does(client):
    answer = client.options("/tables")
    assert answer.status_code == 405 and answer.headers["allow"] == "GET, POST"
    assert client.put("/tables/abc/join").headers["allow"] == "POST"


def test_the_rules_page_of_no_game_is_a_json_refusal_as_described(client):
    answer = client.get("/games/chess/rules")
    assert answer.status_code == 404 and answer.headers["content-type"].startswith("application/json")
    described = client.get("/openapi.json").json()["paths"]["/games/{game}/rules"]["get"]["responses"]["404"]
    assert list(described["content"]) == ["application/json"]


def test_health_says_the_database_and_the_bots_answer_and_metrics_count_moves_and_refusals(client):
    health = client.get("/health")
    assert health.status_code == 200 and health.json() == {"status": "ok", "database": "ok", "bots": "ok", "tables": 0}
    table = create(client, seats=("person", "person"))
    _, token = join(client, table["id"], "Ann")
    join(client, table["id"], "Bob")
    with client.websocket_connect(f"/tables/{table['id']}/ws") as ws:
        ws.send_json({"type": "hello", "token": token})
        state = ws.receive_json()
        ws.send_json({"type": "move", "version": state["version"], "action": state["legal"][0]})
        ws.send_json({"type": "move", "version": 0, "action": state["legal"][0]})  # stale now
        seen: list[dict] = []
        until(ws, lambda m: m["type"] == "refused", seen)
    assert [m["type"] for m in seen if m["type"] in ("accepted", "refused")] == ["accepted", "refused"]
    metrics = client.get("/metrics")
    assert metrics.headers["content-type"].startswith("text/plain")
    assert 'phoenixgames_moves_total{by="person"} 1' in metrics.text
    assert 'phoenixgames_refusals_total{code="stale"} 1' in metrics.text
    assert 'phoenixgames_tables{status="running"} 1' in metrics.text


def test_health_fails_when_the_database_does_not_answer(client):
    from sqlalchemy import create_engine

    store = client.app.state.lobby.store
    working, store.engine = store.engine, create_engine("sqlite:////nonexistent/folder/server.sqlite3")
    try:
        answer = client.get("/health")
    finally:
        store.engine = working
    assert answer.status_code == 503 and answer.json()["database"] == "failing"
