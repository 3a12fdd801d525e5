"""A server killed with SIGKILL in the middle of games loses no acknowledged move: started again, it
rebuilds every running table from its seed and moves, and every game plays on to the end."""

from __future__ import annotations

import pytest

import phoenixgames as pg

from .processes import Server, drive

TABLES = [
    ("schatz", ["person", "greedy", "random"]),
    ("phoenix", ["person", "person"]),
    ("schatz", ["person", "person", "easy", "random"]),
    ("phoenix", ["greedy", "random", "random"]),  # bots alone
]


def make_tables(http) -> list[dict]:
    tables = []
    for game, seats in TABLES:
        body = {
            "game": game,
            "players": len(seats),
            "seats": [{"kind": "person"} if s == "person" else {"kind": "bot", "difficulty": s} for s in seats],
        }
        table = http.post("/tables", json=body).json()
        table["tokens"] = {}
        for number, seat in enumerate(seats):
            if seat == "person":
                table["tokens"][number] = http.post(f"/tables/{table['id']}/join", json={"name": f"P{number}"}).json()[
                    "token"
                ]
        tables.append(table)
    return tables


def play_some(server: Server, table: dict, moves: int) -> list[str]:
    """Each person's seat makes ``moves`` moves; the moves the server acknowledged."""
    seats = {number: server.ws(table["id"], token) for number, token in table["tokens"].items()}
    try:
        drive(seats, moves, seconds=30)
    finally:
        for seat in seats.values():
            seat.close()
    return [action for seat in seats.values() for action in seat.accepted]


def finish(server: Server, table: dict) -> dict:
    """Play the table's people to the end; the record."""
    seats = {number: server.ws(table["id"], token) for number, token in table["tokens"].items()}
    if not seats:  # bots alone: watch them
        seats = {-1: server.ws(table["id"])}
    try:
        over = drive(seats)
        assert over is not None
        return over["record"]
    finally:
        for seat in seats.values():
            seat.close()


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_a_server_killed_mid_game_loses_no_acknowledged_move_and_every_game_ends(kind, request, tmp_path):
    database = request.getfixturevalue("sqlite_url" if kind == "sqlite" else "postgres_url")
    server = Server(database, tmp_path).start()
    try:
        with server.http() as http:
            tables = make_tables(http)
        acked = {table["id"]: play_some(server, table, 4) for table in tables}
        server.kill()
        server = Server(database, tmp_path).start()
        with server.http() as http:
            for table in tables:
                after = http.get(f"/tables/{table['id']}").json()
                assert after["status"] in ("running", "over")
                assert after["version"] >= len(acked.get(table["id"], []))
        for table in tables:
            record = finish(server, table)
            game = pg.replay(record)
            assert game.is_over
            assert set(acked[table["id"]]) <= set(record["actions"])
    finally:
        server.stop()
