"""Two server processes on one PostgreSQL serve the same table: a move made through one reaches the
clients of the other (LISTEN/NOTIFY), the table's bot is driven by one of them, and when that one dies
the other takes the table over."""

from __future__ import annotations

import phoenixgames as pg

from .processes import Server, drive


def test_two_processes_serve_one_table_and_one_takes_over_when_the_other_dies(postgres_url, tmp_path):
    first = Server(postgres_url, tmp_path).start()
    second = Server(postgres_url, tmp_path).start()
    try:
        with first.http() as http:
            body = {
                "game": "schatz",
                "players": 3,
                "seats": [{"kind": "person"}, {"kind": "person"}, {"kind": "bot", "difficulty": "easy"}],
            }
            table = http.post("/tables", json=body).json()
            ann = http.post(f"/tables/{table['id']}/join", json={"name": "Ann"}).json()["token"]
        with second.http() as http:
            joined = http.post(f"/tables/{table['id']}/join", json={"name": "Bob"})
            assert joined.status_code == 201, joined.text  # a table made by the other process
            bob = joined.json()["token"]
            assert [t["id"] for t in http.get("/tables").json()["tables"]] == [table["id"]]
        a, b = first.ws(table["id"], ann), second.ws(table["id"], bob)
        watcher = second.ws(table["id"])
        # Ann's first move, made through the first process, reaches Bob and the watcher on the second.
        state = a.turn()
        assert a.move(state)["type"] == "accepted"
        assert b.until(lambda m: m["type"] == "state" and m["version"] == 1, 10)["events"]
        assert watcher.until(lambda m: m["type"] == "state" and m["version"] == 1, 10)["view"]["viewer"] == "public"
        drive({0: a, 1: b}, moves=4, seconds=30)
        first.kill()  # whichever drove the bot, the second process plays on alone
        a.close()
        a = second.ws(table["id"], ann)
        over = drive({0: a, 1: b})
        assert over is not None and pg.replay(over["record"]).is_over
        assert watcher.until(lambda m: m["type"] == "over", 30)["record"] == over["record"]
        for seat in (a, b, watcher):
            seat.close()
    finally:
        first.stop()
        second.stop()
