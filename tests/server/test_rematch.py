"""A rematch: once the game is over, a person asks for it and is seated at a new table with the same seats
and bots, the same settings and a new seed; each other person accepts for themselves and takes the same
seat number; a seat not accepted stays free; everyone still at the old table is told of the offer and of
each acceptance."""

from __future__ import annotations

from .helpers import create, join, until


def finished(client) -> tuple[dict, str, str]:
    """A finished table of Ann, Bob and an easy bot (a stand-in played the people, who never came)."""
    table = create(client, seats=("person", "person", "easy"), absence=0, stand_in="random", learning=True)
    _, ann = join(client, table["id"], "Ann")
    _, bob = join(client, table["id"], "Bob")
    with client.websocket_connect(f"/tables/{table['id']}/ws") as watcher:
        watcher.send_json({"type": "hello"})
        until(watcher, lambda m: m["type"] == "over", limit=10_000)
    return table, ann, bob


def is_rematch(message: dict) -> bool:
    return message["type"] == "rematch"


def test_a_rematch_seats_the_same_people_and_bots_at_a_new_table_each_accepting_in_turn(client):
    old, ann, bob = finished(client)
    with client.websocket_connect(f"/tables/{old['id']}/ws") as watcher:
        watcher.send_json({"type": "hello"})
        until(watcher, lambda m: m["type"] == "over")
        asked = client.post(f"/tables/{old['id']}/rematch", json={"token": ann})
        assert asked.status_code == 201, asked.text
        joined = asked.json()
        new = joined["table"]
        assert joined["seat"] == 0 and new["id"] != old["id"] and new["rematch_of"] == old["id"]
        assert [(s["kind"], s["name"]) for s in new["seats"]] == [("person", "Ann"), ("person", None), ("bot", "easy")]
        assert (new["status"], new["learning"], new["absence"], new["stand_in"]) == ("open", True, 0, "random")
        offer = until(watcher, is_rematch)
        assert offer["rematch"] == new["id"] and [s["taken"] for s in offer["seats"]] == [True, False, True]
        assert client.get(f"/tables/{old['id']}").json()["rematch"] == new["id"]

        accepted = client.post(f"/tables/{old['id']}/rematch", json={"token": bob})
        assert accepted.status_code == 201 and accepted.json()["seat"] == 1
        assert accepted.json()["table"]["id"] == new["id"]
        told = until(watcher, lambda m: is_rematch(m) and m["seats"][1]["taken"])
        assert told["seats"][1]["name"] == "Bob"
    again = client.post(f"/tables/{old['id']}/rematch", json={"token": bob})
    assert again.status_code == 409 and again.json()["error"]["code"] == "seat_taken"
    assert client.get(f"/tables/{new['id']}").json()["status"] == "running"
    seeds = [client.app.state.lobby.store.load(t["id"]).seed for t in (old, new)]
    assert seeds[0] != seeds[1]  # a new deal


def test_a_rematch_is_for_a_seat_of_a_finished_table(client):
    old, ann, _ = finished(client)
    assert client.post(f"/tables/{old['id']}/rematch", json={"token": "nobody"}).status_code == 403
    running = create(client, seats=("person", "easy"))
    _, token = join(client, running["id"], "Cy")
    refused = client.post(f"/tables/{running['id']}/rematch", json={"token": token})
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "not_over"
    assert client.post("/tables/nope/rematch", json={"token": ann}).status_code == 404
