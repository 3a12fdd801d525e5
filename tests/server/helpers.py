"""Small clients of the server for the tests: tables made over HTTP, seats played over WebSockets."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def create(client: Any, game: str = "schatz", seats: tuple[str, ...] = ("person", "easy"), **extra: Any) -> dict:
    """A new table; each seat is ``person`` or a bot's difficulty or spec."""
    body = {
        "game": game,
        "players": len(seats),
        "seats": [{"kind": "person"} if s == "person" else {"kind": "bot", "difficulty": s} for s in seats],
        **extra,
    }
    answer = client.post("/tables", json=body)
    assert answer.status_code == 201, answer.text
    return answer.json()


def join(client: Any, table_id: str, name: str = "Ann", seat: int | None = None) -> tuple[int, str]:
    answer = client.post(f"/tables/{table_id}/join", json={"name": name, "seat": seat})
    assert answer.status_code == 201, answer.text
    return answer.json()["seat"], answer.json()["token"]


def until(ws: Any, wanted: Callable[..., bool], seen: list[dict] | None = None, limit: int = 2000) -> dict:
    """Read messages from ``ws`` until one is ``wanted`` (each read is kept in ``seen``)."""
    for _ in range(limit):
        message = ws.receive_json()
        if seen is not None:
            seen.append(message)
        if wanted(message):
            return message
    raise AssertionError(f"no wanted message in {limit}")


def is_state(message: dict) -> bool:
    return message["type"] == "state"


def my_turn_or_over(message: dict) -> bool:
    return message["type"] == "state" and (message["your_turn"] or message["status"] == "over")


def play_to_the_end(ws: Any, seen: list[dict] | None = None, choose: Callable[[dict], str] | None = None) -> dict:
    """Play the seat of ``ws`` (already said hello) until the game is over; the ``over`` message."""
    while True:
        state = until(ws, my_turn_or_over, seen)
        if state["status"] == "over":
            return until(ws, lambda m: m["type"] == "over", seen)
        action = choose(state) if choose else state["legal"][0]
        ws.send_json({"type": "move", "version": state["version"], "action": action})
