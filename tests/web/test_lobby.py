"""The lobby (``/``) in Chromium against a real server: a game against bots in two clicks, a table set up
in full, the links to share its free seats, the tables listed (open, running, finished) with their Join,
Watch and Record links, and the server's refusals shown in words.

The table page is not under test here: it is replaced by a stand-in, and what is checked is what the
lobby did (the table the server made, the tokens this browser keeps, the address it went to), the
tokens proved over the WebSocket."""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import parse_qs, urlparse

import httpx
import pytest

import phoenixgames as pg
from tests.web.conftest import watch_errors

#: Any address of the table page, which a stand-in answers.
TABLE_PAGE = re.compile(r"/web/table\.html(\?|$)")
STAND_IN = "<!doctype html><meta charset=utf-8><link rel=icon href='data:,'><title>table</title><p>table</p>"


@pytest.fixture
def expected_errors() -> list[str]:
    """What a test expects the browser's console to report (a part of each message): the browser logs
    every request the server refuses, or that fails, as an error."""
    return []


@pytest.fixture
def lobby(context: Any, web_server: Any, expected_errors: list[str]) -> Any:
    """A page showing the lobby, once it has read the games and the tables; it fails the test on any
    page error, and on any console error the test does not expect."""
    page = context.new_page()
    errors = watch_errors(page)
    page.route(TABLE_PAGE, lambda route: route.fulfill(body=STAND_IN, content_type="text/html"))
    page.goto(f"{web_server.base}/")
    page.wait_for_function("document.body?.dataset.ready === 'true'")
    yield page
    unexpected = [error for error in errors if not any(part in error for part in expected_errors)]
    assert not unexpected, unexpected


@pytest.fixture
def api(web_server: Any) -> Any:
    with web_server.http() as client:
        yield client


def address(url: str) -> tuple[str, dict[str, str]]:
    """The path of ``url`` and its query, one value a name."""
    parsed = urlparse(url)
    return parsed.path, {name: values[0] for name, values in parse_qs(parsed.query).items()}


def held(page: Any, table_id: str) -> list[dict[str, Any]]:
    """The seats the page's browser keeps for ``table_id`` (localStorage, as the table page reads it)."""
    text = page.evaluate("id => localStorage.getItem('phoenixgames.seats.' + id)", table_id)
    return json.loads(text) if text else []


def seat_of(web_server: Any, table_id: str, token: str) -> dict[str, Any]:
    """The first state the server sends to ``token``'s WebSocket."""
    seat = web_server.ws(table_id, token)
    try:
        return seat.until(lambda m: m["type"] == "state")
    finally:
        seat.close()


def test_two_clicks_start_a_game_against_bots(lobby, web_server, api):
    card = lobby.locator(".game-card[data-game=schatz]")
    card.locator(".play-bots").click()
    with lobby.expect_navigation():
        card.locator(".start").click()
    path, query = address(lobby.url)
    assert path == "/web/table.html" and set(query) == {"id"}
    table_id = query["id"]
    info = api.get(f"/tables/{table_id}").json()
    assert info["game"] == "schatz" and info["status"] == "running"
    assert info["players"] == 3
    assert [(s["kind"], s["name"], s["taken"]) for s in info["seats"]] == [
        ("person", "Player", True),
        ("bot", "hard", True),
        ("bot", "hard", True),
    ]
    stored = held(lobby, table_id)
    assert [(entry["seat"], entry["name"]) for entry in stored] == [(0, "Player")]
    state = seat_of(web_server, table_id, stored[0]["token"])
    assert state["seat"] == 0 and state["status"] == "running" and state["your_turn"]


def test_each_game_has_a_quick_start_and_its_rules_at_hand(lobby, api):
    for game in pg.games():
        spec = pg.get_spec(game)
        card = lobby.locator(f".game-card[data-game={game}]")
        assert spec.title in card.locator("h3").inner_text()
        assert card.locator(".summary").inner_text() == spec.summary
        rules = card.locator("a.rules").get_attribute("href")
        assert rules == f"/games/{game}/rules" and api.get(rules).status_code == 200
        counts = card.locator(".quick-players option").all_inner_texts()
        assert counts == [str(n) for n in range(spec.min_players, spec.max_players + 1)]
    assert lobby.locator(".quick-start:visible").count() == 0  # nothing to choose before the first click


def test_the_full_form_makes_the_table_it_says(lobby, web_server, api):
    lobby.fill("#your-name", "Ann")
    lobby.select_option("#game", "schatz")
    lobby.select_option("#players", "4")
    rows = lobby.locator("#seat-list .seat-row")
    assert rows.count() == 4
    rows.nth(1).locator(".seat-difficulty").select_option("easy")
    rows.nth(2).locator(".seat-kind").select_option("person")
    rows.nth(3).locator(".seat-difficulty").select_option("medium")
    assert "sensible casual player" in rows.nth(3).locator(".seat-difficulty").get_attribute("title")
    lobby.select_option("#option-wild_colour", "none")
    lobby.check("input[name='away'][value='clock']")
    lobby.fill("#clock", "45")
    lobby.check("#learning")
    lobby.click("#create-go")
    lobby.wait_for_selector("#created", state="visible")
    _, query = address(lobby.locator("#go-seat").get_attribute("href"))
    table_id = query["id"]
    info = api.get(f"/tables/{table_id}").json()
    assert (info["game"], info["players"], info["options"], info["clock"], info["status"]) == (
        "schatz",
        4,
        {"wild_colour": "none"},
        45.0,
        "open",
    )
    assert (info["away"]["policy"], info["absence"], info["learning"]) == ("clock", None, True)
    row = lobby.locator(f".table-row[data-table='{table_id}'] .table-facts")
    row.wait_for(state="attached")
    assert "45 s a move" in row.inner_text() and "learning game" in row.inner_text()
    assert [(s["kind"], s["name"], s["taken"]) for s in info["seats"]] == [
        ("person", "Ann", True),
        ("bot", "easy", True),
        ("person", None, False),
        ("bot", "medium", True),
    ]
    stored = held(lobby, table_id)
    assert [(entry["seat"], entry["name"]) for entry in stored] == [(0, "Ann")]
    assert seat_of(web_server, table_id, stored[0]["token"])["seat"] == 0
    assert lobby.locator("#go-seat").inner_text() == "Go to your seat"
    with lobby.expect_navigation():
        lobby.click("#go-seat")
    assert address(lobby.url) == ("/web/table.html", {"id": table_id})


def test_the_share_links_join_the_right_seats(lobby, context, web_server, api):
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    lobby.fill("#your-name", "Ann")
    lobby.select_option("#game", "phoenix")
    lobby.select_option("#players", "3")
    for row in range(1, 3):
        lobby.locator("#seat-list .seat-row").nth(row).locator(".seat-kind").select_option("person")
    lobby.click("#create-go")
    lobby.wait_for_selector("#created", state="visible")
    links = lobby.locator("#share-links li[data-seat]")
    assert links.count() == 2
    table_id = address(lobby.locator("#go-seat").get_attribute("href"))[1]["id"]
    for number, seat in ((0, 1), (1, 2)):
        link = links.nth(number)
        shared = link.locator("input.share").input_value()
        path, query = address(shared)
        assert shared.startswith(web_server.base)
        assert path == "/web/table.html" and query == {"id": table_id, "join": str(seat)}
        link.locator("button.copy").click()
        assert lobby.evaluate("navigator.clipboard.readText()") == shared
        joined = api.post(f"/tables/{table_id}/join", json={"name": f"Guest {seat}", "seat": int(query["join"])})
        assert joined.status_code == 201 and joined.json()["seat"] == seat
    info = api.get(f"/tables/{table_id}").json()
    assert [s["name"] for s in info["seats"]] == ["Ann", "Guest 1", "Guest 2"]
    assert info["status"] == "running"


def test_people_at_one_screen_all_take_their_seats_here(lobby, web_server, api):
    lobby.select_option("#game", "schatz")
    lobby.select_option("#players", "3")
    lobby.check("#hotseat")
    rows = lobby.locator("#seat-list .seat-row")
    rows.nth(1).locator(".seat-kind").select_option("person")
    rows.nth(0).locator(".seat-name").fill("Ann")
    rows.nth(1).locator(".seat-name").fill("Bob")
    lobby.click("#create-go")
    lobby.wait_for_selector("#created", state="visible")
    table_id = address(lobby.locator("#go-seat").get_attribute("href"))[1]["id"]
    info = api.get(f"/tables/{table_id}").json()
    assert info["status"] == "running"
    assert [(s["kind"], s["name"]) for s in info["seats"]] == [("person", "Ann"), ("person", "Bob"), ("bot", "hard")]
    stored = held(lobby, table_id)
    assert [(entry["seat"], entry["name"]) for entry in stored] == [(0, "Ann"), (1, "Bob")]
    assert [seat_of(web_server, table_id, entry["token"])["seat"] for entry in stored] == [0, 1]
    assert lobby.locator("#share-links li[data-seat]").count() == 0
    assert lobby.locator("#go-seat").inner_text() == "Go to the table"


def make(api: Any, game: str, seats: list[str], names: tuple[str, ...] = ()) -> str:
    """A table made over HTTP (``person`` or a bot's difficulty a seat), joined by ``names``."""
    body = {
        "game": game,
        "players": len(seats),
        "seats": [{"kind": "person"} if s == "person" else {"kind": "bot", "difficulty": s} for s in seats],
    }
    made = api.post("/tables", json=body)
    assert made.status_code == 201, made.text
    for name in names:
        assert api.post(f"/tables/{made.json()['id']}/join", json={"name": name}).status_code == 201
    return made.json()["id"]


def test_the_list_shows_the_tables_with_their_seats_and_links(lobby, api):
    waiting = make(api, "schatz", ["person", "person", "easy"], ("Cleo",))
    running = make(api, "phoenix", ["person", "person"], ("Dan", "Eve"))
    row = lobby.locator(f"#table-list li[data-table='{waiting}']")
    row.wait_for(timeout=15_000)  # the list reads the tables again every few seconds
    assert row.get_attribute("data-status") == "open"
    chips = row.locator(".seat-chip").all_inner_texts()
    assert chips[0].startswith("1") and "Cleo" in chips[0]
    assert "free" in chips[1] and "bot (easy)" in chips[2]
    join = row.locator("a.join-link")
    assert join.count() == 1 and address(join.get_attribute("href")) == (
        "/web/table.html",
        {"id": waiting, "join": "1"},
    )
    other = lobby.locator(f"#table-list li[data-table='{running}']")
    other.wait_for()
    assert other.get_attribute("data-status") == "running" and "Running" in other.text_content()
    assert other.locator("a.join-link").count() == 0
    with lobby.expect_navigation():
        other.locator("a.watch").click()
    assert address(lobby.url) == ("/web/table.html", {"id": running, "watch": "1"})
    assert held(lobby, running) == []  # this browser holds no seat there: the table page watches


def test_a_finished_table_is_listed_with_its_record_and_replay(lobby, api):
    done = make(api, "schatz", ["random", "random"])
    row = lobby.locator(f"#finished-list li[data-table='{done}']")
    row.wait_for(timeout=15_000)
    assert row.get_attribute("data-status") == "over" and "Finished" in row.text_content()
    assert address(row.locator("a.replay").get_attribute("href")) == ("/web/replay.html", {"id": done})
    record = row.locator("a.record").get_attribute("href")
    assert record == f"/tables/{done}/record"
    answer = api.get(record)
    assert answer.status_code == 200 and pg.replay(answer.json()).is_over
    assert address(row.locator("a.watch").get_attribute("href")) == ("/web/table.html", {"id": done, "watch": "1"})


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("#option-round_cap", "-5", "option 'round_cap' takes a number of rounds, or 0 for none, not -5"),
        ("#clock", "0", "clock: Input should be greater than 0"),
        ("#absence", "-1", "absence: Input should be greater than or equal to 0"),
    ],
)
def test_a_refusal_of_the_server_is_shown_in_its_words(lobby, api, expected_errors, field, value, message):
    expected_errors.append("Failed to load resource: the server responded with a status of 4")
    before = len(api.get("/tables", params={"status": "open,running,over"}).json()["tables"])
    lobby.select_option("#game", "phoenicia")
    away = {"#clock": "clock", "#absence": "bot"}.get(field)
    if away:
        lobby.check(f"input[name='away'][value='{away}']")
    lobby.fill(field, value)
    lobby.click("#create-go")
    error = lobby.locator("#create-error")
    error.wait_for(state="visible")
    assert message in error.inner_text()
    assert error.get_attribute("role") == "alert"
    assert lobby.locator("#created").is_hidden()
    assert len(api.get("/tables", params={"status": "open,running,over"}).json()["tables"]) == before


def test_the_quick_start_says_what_went_wrong_when_the_server_is_gone(lobby, web_server, expected_errors):
    expected_errors.append("net::ERR_FAILED")
    lobby.route("**/tables", lambda route: route.abort())
    card = lobby.locator(".game-card[data-game=phoenix]")
    card.locator(".play-bots").click()
    card.locator(".start").click()
    error = lobby.locator("#quick-error")
    error.wait_for(state="visible")
    assert "Phoenix could not be started: The server cannot be reached" in error.inner_text()
    assert urlparse(lobby.url).path == "/"
    with httpx.Client(base_url=web_server.base) as client:
        assert client.get("/games").status_code == 200  # only this page was cut off
