"""Driving the table page (``/web/table.html``) from the browser tests, through its documented names.

Tables are made over HTTP (``create_table``, ``join``); a browser context is given the seats it holds
(``hold_seats``: the page's localStorage, as the lobby leaves it) and opens the page (``open_table``).
Then ``wait_turn`` waits until the seat shown is to act (or the game is over), ``play`` makes an action
the way a person does (its path clicked on the board, its button beside the prompt, or its button in the
list; then "Make this move" where the page asks to confirm it), and ``scores`` reads the final scores off
the end-of-game panel. ``keep_settings`` gives a context's pages the table settings a player would choose
(the tests' contexts show the bots' moves at once unless told).

The page keeps ``document.body.dataset`` (``status``, ``version``, ``seat``, ``yourTurn``, ``ready``) and
``window.phoenixTable`` (``state``, ``send``, ``pathOf``) for these helpers.
"""

from __future__ import annotations

import json
from typing import Any

import httpx

#: The localStorage key under which the page keeps the seats a browser holds at a table.
SEATS_KEY = "phoenixgames.seats.{table}"
#: The localStorage key of the table settings a browser keeps: {"pace": ms a bot's move, "confirm": bool}.
SETTINGS_KEY = "phoenixgames.settings"


def create_table(
    base: str,
    game: str,
    seats: list[dict[str, Any]],
    *,
    options: dict[str, Any] | None = None,
    clock: float | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """A new table (``POST /tables``) of ``seats`` (``{"kind": "person"}``, ``{"kind": "bot",
    "difficulty": "random"}``): its ``TableInfo``."""
    body = {"game": game, "players": len(seats), "options": options or {}, "seats": seats, "clock": clock, **extra}
    answer = httpx.post(f"{base}/tables", json=body, timeout=30)
    assert answer.status_code == 201, answer.text
    return answer.json()


def join(base: str, table: str, name: str, seat: int | None = None) -> dict[str, Any]:
    """Take a seat (``POST /tables/{id}/join``): ``{"seat", "token", "table"}``."""
    body: dict[str, Any] = {"name": name} if seat is None else {"name": name, "seat": seat}
    answer = httpx.post(f"{base}/tables/{table}/join", json=body, timeout=30)
    assert answer.status_code == 201, answer.text
    return answer.json()


def bot_table(base: str, game: str, players: int, name: str = "Ann", difficulty: str = "random") -> dict[str, Any]:
    """A table of one person (seat 0, joined as ``name``) and ``players - 1`` bots: the ``join`` answer."""
    seats = [{"kind": "person"}] + [{"kind": "bot", "difficulty": difficulty}] * (players - 1)
    table = create_table(base, game, seats)
    return join(base, table["id"], name, 0)


def hold_seats(context: Any, table: str, joined: list[dict[str, Any]]) -> None:
    """Make every page of ``context`` hold the seats of ``joined`` (``join`` answers) at ``table``, as the
    lobby leaves them in localStorage (added to those held already, as each page of it loads)."""
    seats = [{"seat": j["seat"], "token": j["token"], "name": _name(j)} for j in joined]
    key, value = json.dumps(SEATS_KEY.format(table=table)), json.dumps(seats)
    context.add_init_script(
        f"""(() => {{
            const held = JSON.parse(localStorage.getItem({key}) || "[]");
            for (const seat of {value}) if (!held.some((h) => h.seat === seat.seat)) held.push(seat);
            localStorage.setItem({key}, JSON.stringify(held));
        }})();"""
    )


def keep_settings(context: Any, **settings: Any) -> None:
    """Make every page of ``context`` start with these table settings (``pace=0``: the bots' moves at
    once; ``confirm=False``: no confirmation of a move that cannot be taken back), as a player's browser
    keeps them."""
    key, value = json.dumps(SETTINGS_KEY), json.dumps(settings)
    context.add_init_script(
        f"""(() => {{
            try {{
                const kept = JSON.parse(localStorage.getItem({key}) || "{{}}");
                localStorage.setItem({key}, JSON.stringify(Object.assign(kept, {value})));
            }} catch (error) {{}}
        }})();"""
    )


def _name(joined: dict[str, Any]) -> str:
    seat = joined["seat"]
    return joined.get("table", {}).get("seats", [{}] * (seat + 1))[seat].get("name") or f"Seat {seat + 1}"


def table_url(base: str, table: str, *, join: int | str | None = None, watch: bool = False) -> str:
    url = f"{base}/web/table.html?id={table}"
    if join is not None:
        url += f"&join={join}"
    if watch:
        url += "&watch=1"
    return url


def open_table(page: Any, base: str, table: str, *, watch: bool = False) -> Any:
    """Open the table's page and wait until its first state is drawn."""
    page.goto(table_url(base, table, watch=watch))
    wait_ready(page)
    return page


def join_through_page(page: Any, base: str, table: str, seat: int | str, name: str) -> Any:
    """Open the link to share for ``seat`` (a number or ``"any"``), give ``name`` and join; wait until
    the page shows the table."""
    page.goto(table_url(base, table, join=seat))
    page.fill("#join-name", name)
    page.click("#join-go")
    wait_ready(page)
    return page


def wait_ready(page: Any, timeout: float = 20_000) -> None:
    page.wait_for_function("document.body?.dataset.ready === 'true'", timeout=timeout)


def state(page: Any) -> dict[str, Any]:
    """The last state message the page drew (``window.phoenixTable.state``)."""
    return page.evaluate("window.phoenixTable.state")


def dataset(page: Any) -> dict[str, str]:
    return page.evaluate("Object.assign({}, document.body.dataset)")


def wait_turn(page: Any, after: int | None = None, timeout: float = 90_000) -> dict[str, Any] | None:
    """Wait until the seat shown is to act (at a version other than ``after``: the version a move was
    made at) or the game is over; the state then, or ``None`` once the game is over."""
    page.wait_for_function(
        """(after) => {
            const d = document.body?.dataset;
            if (!d) return false;
            if (d.status === "over") return true;
            return d.ready === "true" && d.yourTurn === "true" && (after === null || d.version !== String(after));
        }""",
        arg=after,
        timeout=timeout,
    )
    if dataset(page)["status"] == "over":
        return None
    return state(page)


def path_of(page: Any, action: str) -> list[str] | None:
    """The board keys the page clicks for ``action`` (``window.phoenixTable.pathOf``), or ``None``."""
    return page.evaluate("(action) => window.phoenixTable.pathOf(action)", action)


def pick_selector(key: str) -> str:
    return f"#board [data-pick={json.dumps(key)}]"


def action_selector(where: str, action: str) -> str:
    return f"{where} button[data-action={json.dumps(action)}]"


def play(page: Any, action: str) -> str:
    """Make ``action`` as a person does: click its path on the board (then, where several actions share
    the path, its button among the choices), or its button beside the prompt (a move with no place on the
    board, or a lone one), or its button in the list of every move (opened first where it is folded away,
    on a narrow screen); then, where the page asks, confirm it. Says which way it went: ``"board"``,
    ``"button"`` or ``"list"``."""
    path = path_of(page, action)
    if path:
        for key in path:
            page.click(pick_selector(key))
        choice = page.locator(action_selector("#choices", action) + ":not(.lone)")
        if choice.count():
            choice.click()
        way = "board"
    elif page.locator(action_selector("#choices", action)).is_visible():
        page.click(action_selector("#choices", action))
        way = "button"
    else:
        if not page.is_visible("#legal"):
            page.click("#more-toggle")
        page.click(action_selector("#legal", action))
        way = "list"
    if page.is_visible("#confirm"):
        page.click("#confirm-yes")
    return way


def wait_version(page: Any, version: int, timeout: float = 90_000) -> None:
    """Wait until the page shows a version other than ``version`` (a move landed) or the game is over."""
    page.wait_for_function(
        "(v) => { const d = document.body?.dataset; return !!d && (d.version !== String(v) || d.status === 'over'); }",
        arg=version,
        timeout=timeout,
    )


def wait_over(page: Any, timeout: float = 30_000) -> None:
    page.wait_for_selector("#over:not([hidden]) #scores", timeout=timeout)


def scores(page: Any) -> list[dict[str, Any]]:
    """The rows of the end-of-game panel: ``{"seat", "name", "score", "winner"}`` each, by seat."""
    return page.evaluate(
        """() => [...document.querySelectorAll("#scores [data-seat]")].map((row) => ({
            seat: Number(row.dataset.seat),
            name: row.querySelector(".name").textContent,
            score: Number(row.dataset.score),
            winner: row.dataset.winner === "true",
        }))"""
    )


def message(page: Any) -> str:
    """The text of ``#message`` (the last refusal or error, in words)."""
    return page.inner_text("#message")
