"""A table's chat: its seats and its spectators (who give a name) write short lines, which go to everyone at
the table as text, cleaned of control and bidirectional characters, kept with the table (a new server on
the same database still has them), at most a few at once per connection, and shown by the seat's name."""

from __future__ import annotations

import pytest

from phoenixgames.server.chat import CHAT_BURST, MAX_CHAT, ChatRefused, clean_line

from .helpers import create, is_state, join, until

SCRIPT = '<img src=x onerror="alert(1)">'


def is_chat(message: dict) -> bool:
    return message["type"] == "chat" or (message["type"] == "refused" and message["request"] == "chat")


def say(ws, text: str, **extra) -> dict:
    """Say ``text`` on ``ws``: the refusal, or the chat message bringing it back (others' lines skipped)."""
    ws.send_json({"type": "chat", "text": text, **extra})
    try:
        words = clean_line(text).split()[-1:]
    except ChatRefused:
        words = ["(refused)"]
    return until(
        ws,
        lambda m: m["type"] == "refused"
        or (m["type"] == "chat" and any(line["text"].split()[-1:] == words for line in m["lines"])),
    )


def two_people(client) -> tuple[dict, str, str]:
    table = create(client, seats=("person", "person"))
    _, ann = join(client, table["id"], "Ann")
    _, bob = join(client, table["id"], "Bob")
    return table, ann, bob


def test_a_line_goes_to_every_seat_and_spectator_as_written_and_by_the_seats_name(client):
    table, ann, bob = two_people(client)
    url = f"/tables/{table['id']}/ws"
    with client.websocket_connect(url) as a, client.websocket_connect(url) as b, client.websocket_connect(url) as w:
        a.send_json({"type": "hello", "token": ann})
        b.send_json({"type": "hello", "token": bob})
        w.send_json({"type": "hello"})
        for ws in (a, b, w):
            until(ws, is_state)
        said = say(a, f"  hello {SCRIPT}\n\u202eevil\u2066  ")
        assert said["type"] == "chat"
        line = said["lines"][0]
        assert (line["seat"], line["name"], line["text"]) == (0, "Ann", f"hello {SCRIPT} evil")
        assert until(b, is_chat)["lines"] == [line] and until(w, is_chat)["lines"] == [line]
        refused = say(w, "who am I?")
        assert refused["type"] == "refused" and refused["code"] == "bad_name"
        watched = say(w, "nice move", name="Bea")["lines"][0]
        assert (watched["seat"], watched["name"], watched["number"]) == (None, "Bea", 2)
        bobs = say(b, "thanks", name="Ann")["lines"][0]  # a seat is shown by its own name, whatever it gives
        assert (bobs["seat"], bobs["name"]) == (1, "Bob")


def test_a_line_too_long_empty_or_too_fast_is_refused_and_nothing_is_kept(client):
    table, ann, _ = two_people(client)
    with client.websocket_connect(f"/tables/{table['id']}/ws") as a:
        a.send_json({"type": "hello", "token": ann})
        until(a, is_state)
        assert say(a, "x" * (MAX_CHAT + 1))["code"] == "bad_text"
        assert say(a, " \u200f\u202a\t ")["code"] == "bad_text"
        answers = [say(a, f"line {n}") for n in range(CHAT_BURST + 1)]
        assert [m["type"] for m in answers] == ["chat"] * CHAT_BURST + ["refused"]
        assert answers[-1]["code"] == "too_fast"
        assert [m["lines"][0]["number"] for m in answers[:-1]] == list(range(1, CHAT_BURST + 1))


@pytest.mark.parametrize("text, kept", [("a\u200bb\u2067c\u0007", "abc"), ("👩\u200d👩\u200d👧", "👩\u200d👩\u200d👧")])
def test_formatting_characters_go_but_an_emoji_keeps_its_joiner(text, kept):
    assert clean_line(text) == kept


def test_the_chat_is_kept_with_the_table_and_its_recent_lines_come_on_connecting(make_client, database):
    client = make_client(database)
    table, ann, bob = two_people(client)
    with client.websocket_connect(f"/tables/{table['id']}/ws") as a:
        a.send_json({"type": "hello", "token": ann})
        until(a, is_state)
        say(a, "first")
        say(a, "second")
    client.__exit__(None, None, None)  # the server stops; another starts on the same database
    again = make_client(database)
    with again.websocket_connect(f"/tables/{table['id']}/ws") as b:
        b.send_json({"type": "hello", "token": bob})
        until(b, is_state)
        history = until(b, is_chat)
    assert [(line["name"], line["text"]) for line in history["lines"]] == [("Ann", "first"), ("Ann", "second")]
