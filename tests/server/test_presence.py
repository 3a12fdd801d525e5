"""Presence that is true: a seat is present while some server process holds its connection (a lease in
the database), across processes and after a crash. A player who moves a connection from one process
to another stays present; a player who never comes back after a server was killed is absent once the
lease lapses, and the table's absence rule plays on."""

from __future__ import annotations

import time

from .processes import Server

#: Leases short enough for a test.
QUICK = {"heartbeat_seconds": 0.3, "lease_seconds": 1.5}


def two_people(server: Server, absence: float) -> tuple[str, str, str]:
    with server.http() as http:
        body = {
            "game": "schatz",
            "players": 2,
            "seats": [{"kind": "person"}, {"kind": "person"}],
            "absence": absence,
            "stand_in": "random",
        }
        table = http.post("/tables", json=body).json()
        ann = http.post(f"/tables/{table['id']}/join", json={"name": "Ann"}).json()["token"]
        bob = http.post(f"/tables/{table['id']}/join", json={"name": "Bob"}).json()["token"]
    return table["id"], ann, bob


def seats_of(server: Server, table_id: str) -> tuple[int, list[dict]]:
    with server.http() as http:
        table = http.get(f"/tables/{table_id}").json()
    return table["version"], table["seats"]


def test_a_seat_that_reconnects_to_another_process_as_its_old_socket_closes_stays_present(postgres_url, tmp_path):
    first = Server(postgres_url, tmp_path, **QUICK).start()
    second = Server(postgres_url, tmp_path, **QUICK).start()
    try:
        table_id, ann, bob = two_people(first, absence=0.5)
        bob_ws = first.ws(table_id, bob)
        old = first.ws(table_id, ann)
        assert old.turn()["your_turn"]  # Ann (seat 0) is to act
        new = second.ws(table_id, ann)
        new.turn()
        old.close()  # the old socket closes after the new one opened
        time.sleep(3)  # six absences' worth: a stand-in would have moved for Ann by now
        version, seats = seats_of(second, table_id)
        assert version == 0 and seats[0]["present"] and not seats[0]["stand_in"]
        assert seats_of(first, table_id)[1][0]["present"]
        assert new.latest is not None
        assert new.move(new.latest)["type"] == "accepted"  # and Ann plays on
        for ws in (new, bob_ws):
            ws.close()
    finally:
        first.stop()
        second.stop()


def test_a_player_who_never_returns_after_a_kill_is_absent_once_the_lease_lapses(postgres_url, tmp_path):
    server = Server(postgres_url, tmp_path, **QUICK).start()
    try:
        table_id, ann, bob = two_people(server, absence=0.5)
        ann_ws, bob_ws = server.ws(table_id, ann), server.ws(table_id, bob)
        ann_ws.turn()
        assert seats_of(server, table_id)[1][0]["present"]
        server.kill()
        ann_ws.close()
        bob_ws.close()
        server = Server(postgres_url, tmp_path, **QUICK).start()
        bob_ws = server.ws(table_id, bob)  # Bob comes back, Ann never does
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            version, seats = seats_of(server, table_id)
            if version > 0:
                break
            time.sleep(0.2)
        assert version > 0 and not seats[0]["present"]  # the stand-in played for Ann
        assert seats[1]["present"]
        bob_ws.close()
    finally:
        server.stop()
