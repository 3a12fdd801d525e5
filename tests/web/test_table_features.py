"""The table page's features, on Schatz des Phönix (short turns: a card laid, a card drawn) against a bot:
a reload comes back to the same position (in every game), people at one screen hand it over between
their turns, a move made with the keyboard alone, undo, a hint in words, the clock, the rules, a refused
move said in words, a dropped connection come back, a board that cannot load leaving the game playable
from the list, the link to share taking its seat, a move out of time made by the stand-in and marked so,
a move that cannot be taken back confirmed first, the log following its newest entry, the page waiting
for a friend to join, and the focus ring."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest

import phoenixgames as pg
from tests.web import driving, layout

GAME = "schatz"
#: A quick bot.
BOT = {"kind": "bot", "difficulty": "random"}
#: A board module that fails as it loads: the page must carry on without it.
BROKEN_BOARD = 'throw new Error("this board is not finished");'


def seat_against_bot(base: str, context: Any, game: str = GAME, **table: Any) -> str:
    """A table (Schatz unless told) of the person Ann (seat 0) against a random bot, held by ``context``:
    its id."""
    info = driving.create_table(base, game, [{"kind": "person"}, {"kind": "bot", "difficulty": "random"}], **table)
    joined = driving.join(base, info["id"], "Ann", 0)
    driving.hold_seats(context, info["id"], [joined])
    return info["id"]


def play_some(page: Any, count: int) -> dict[str, Any]:
    """Make ``count`` actions (the first legal one each time, on the board or from the list); the state
    in which the person is to act next."""
    after = None
    for _ in range(count):
        state = driving.wait_turn(page, after)
        assert state is not None
        driving.play(page, state["legal"][0])
        after = state["version"]
    state = driving.wait_turn(page, after)
    assert state is not None
    return state


def log_texts(page: Any) -> list[str]:
    return page.eval_on_selector_all("#log li", "(items) => items.map((item) => item.textContent)")


def fresh_marks(page: Any) -> list[bool]:
    """For each line of the log, whether it is marked new (since the seat's own last action)."""
    return page.eval_on_selector_all("#log li", "(items) => items.map((item) => item.classList.contains('fresh'))")


def board_html(page: Any) -> str:
    """The board as drawn, without the ids of its pieces: a board keeps those from one drawing to the next
    (so that a piece can be seen to move), and a reload starts them afresh (two alike pieces may swap)."""
    return re.sub(r' data-piece="[^"]*"', "", page.inner_html("#board"))


@pytest.mark.parametrize("game", pg.games())
def test_a_reload_comes_back_to_the_same_position(game: str, page: Any, context: Any, web_server: Any) -> None:
    table = seat_against_bot(web_server.base, context, game)
    driving.open_table(page, web_server.base, table)
    state = play_some(page, 4)  # in Schatz two turns of Ann's: a card laid and one drawn each time
    before = (state["version"], state["view"], board_html(page), log_texts(page))
    assert state["version"] >= 5 and len(before[3]) >= 5
    fresh = fresh_marks(page)
    if game == GAME:
        assert any(fresh)  # the bot's actions since Ann's last are marked new

    page.reload()
    driving.wait_ready(page)
    again = driving.state(page)
    assert (again["version"], again["view"], board_html(page), log_texts(page)) == before
    assert driving.dataset(page)["yourTurn"] == "true"
    assert fresh_marks(page) == fresh  # what is new since Ann's last action is marked as before


def test_people_at_one_screen_hand_it_over(page: Any, context: Any, web_server: Any) -> None:
    base = web_server.base
    info = driving.create_table(base, GAME, [{"kind": "person"}, {"kind": "person"}])
    people = [driving.join(base, info["id"], name, seat) for seat, name in enumerate(("Ann", "Bob"))]
    driving.hold_seats(context, info["id"], people)
    page.goto(driving.table_url(base, info["id"]))
    hands: dict[int, list[str]] = {}
    for turn in range(3):
        page.wait_for_selector("#handover:not([hidden])")
        covered = driving.state(page)
        seat = covered["to_act"]
        name = ("Ann", "Bob")[seat]
        # Under the cover the page holds the public board only: no hand, no legal move, no seat.
        assert covered["seat"] is None and "hand" not in covered["view"] and covered["legal"] == []
        assert driving.dataset(page)["seat"] == ""
        assert page.inner_text("#handover-name") == name
        assert not page.is_visible("#board")
        page.click("#handover-ready")
        page.wait_for_function("(seat) => document.body?.dataset.seat === String(seat)", arg=seat)
        shown = driving.wait_turn(page)
        assert shown is not None and shown["seat"] == seat and page.is_visible("#board")
        hands[seat] = shown["view"]["hand"]
        # Ann lays a card and draws; the next turn is Bob's, behind the cover again.
        while shown is not None and shown["to_act"] == seat and shown["seat"] == seat:
            driving.play(page, shown["legal"][0])
            page.wait_for_function(
                "([v, seat]) => { const d = document.body?.dataset; "
                "return !!d && (d.version !== String(v) || d.seat !== seat); }",
                arg=[shown["version"], str(seat)],
            )
            shown = driving.state(page)
        assert turn < 2 or set(hands) == {0, 1}
    assert hands[0] != hands[1]


def test_a_move_made_with_the_keyboard(page: Any, context: Any, web_server: Any) -> None:
    table = seat_against_bot(web_server.base, context)
    driving.open_table(page, web_server.base, table)
    state = driving.wait_turn(page)
    assert state is not None and state["view"]["phase"] == "play"

    def tab_to_pickable() -> str:
        for _ in range(100):
            page.keyboard.press("Tab")
            key = page.evaluate(
                "() => document.activeElement.closest('#board') && document.activeElement.classList.contains("
                "'pickable') ? document.activeElement.dataset.pick : null"
            )
            if key:
                return key
        raise AssertionError("Tab never reached a highlighted place on the board")

    first = tab_to_pickable()
    page.keyboard.press("Enter")
    assert page.locator("#board .picked").count() == 1
    page.keyboard.press("Escape")  # a half-made pick is cleared
    assert page.locator("#board .picked").count() == 0
    assert tab_to_pickable()
    page.keyboard.press("Enter")
    second = tab_to_pickable()
    assert second != first
    page.keyboard.press("Enter")
    driving.wait_version(page, state["version"])
    made = [a for a in page.evaluate("window.phoenixTable.state.events") if a.get("seat") == 0]
    assert made and made[-1]["kind"] == "play"

    # "/" goes to the notation box, where a move may be typed.
    state = driving.wait_turn(page, state["version"])
    assert state is not None
    page.locator("body").press("/")
    assert page.evaluate("document.activeElement.id") == "notation"
    page.keyboard.type(state["legal"][-1])
    page.keyboard.press("Enter")
    driving.wait_version(page, state["version"])


def test_undo_takes_back_the_last_action(page: Any, context: Any, web_server: Any) -> None:
    table = seat_against_bot(web_server.base, context)
    driving.open_table(page, web_server.base, table)
    state = driving.wait_turn(page)
    assert state is not None and state["view"]["phase"] == "play" and not state["can_undo"]
    assert page.is_disabled("#undo")
    card = state["legal"][0].split()[1]
    log_before = log_texts(page)
    driving.play(page, state["legal"][0])
    laid = driving.wait_turn(page, state["version"])
    assert laid is not None and laid["view"]["phase"] == "draw" and laid["can_undo"]
    assert page.is_enabled("#undo") and len(log_texts(page)) > len(log_before)

    page.locator("body").press("u")
    driving.wait_version(page, laid["version"])
    back = driving.state(page)
    assert back["version"] == state["version"] and back["view"]["phase"] == "play"
    assert card in back["view"]["hand"]
    assert log_texts(page) == log_before  # the undone action's events are gone from the log
    assert page.is_disabled("#undo")


def test_a_hint_names_the_bots_move_and_marks_it(page: Any, context: Any, web_server: Any) -> None:
    table = seat_against_bot(web_server.base, context)
    driving.open_table(page, web_server.base, table)
    state = driving.wait_turn(page)
    assert state is not None
    page.locator("body").press("h")
    page.wait_for_function("document.querySelector('#hint-text').textContent.includes('Hard')", timeout=30_000)
    text = page.inner_text("#hint-text")
    hinted = page.get_attribute("#legal button.hinted", "data-action")
    # The move in the list's words, not in notation, with the searches behind it.
    words = page.inner_text(f'#legal button.hinted[data-action="{hinted}"] .describe').removeprefix("✦ hint: ")
    assert hinted in state["legal"] and text.startswith(f"✦ Hint: {words}.") and hinted not in text
    assert re.search(r"of [\d,]+ searches", text), text
    assert "hint" in page.inner_text("#legal button.hinted")  # in words, not by colour alone
    path = driving.path_of(page, hinted)
    assert path and page.locator("#board .hinted").count() == len(set(path))


def test_the_clock_counts_down(page: Any, context: Any, web_server: Any) -> None:
    table = seat_against_bot(web_server.base, context, clock=90)
    driving.open_table(page, web_server.base, table)
    assert driving.wait_turn(page) is not None
    clock = page.locator("#clock")
    assert clock.is_visible()
    first = clock.inner_text()
    assert re.search(r"1:[0-3]\d left for your move", first), first
    page.wait_for_function("(text) => document.querySelector('#clock').textContent !== text", arg=first)
    assert clock.inner_text() < first  # fewer seconds, in the same format


def test_no_clock_where_the_table_has_none(page: Any, context: Any, web_server: Any) -> None:
    table = seat_against_bot(web_server.base, context)
    driving.open_table(page, web_server.base, table)
    assert not page.is_visible("#clock")


def test_the_rules_are_at_hand(page: Any, context: Any, web_server: Any) -> None:
    table = seat_against_bot(web_server.base, context)
    driving.open_table(page, web_server.base, table)
    href = page.get_attribute("#rules-link", "href")
    assert href == f"/games/{GAME}/rules"
    answer = httpx.get(f"{web_server.base}{href}", timeout=30)
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("text/html")
    page.click("#rules-link")
    assert page.is_visible("#rules")
    frame = page.frame_locator("#rules-frame")
    assert "Sch" in frame.locator("h1").first.inner_text()
    page.click("#rules-close")
    assert not page.is_visible("#rules")


def test_a_refused_move_is_said_in_words(page: Any, context: Any, web_server: Any) -> None:
    table = seat_against_bot(web_server.base, context)
    driving.open_table(page, web_server.base, table)
    state = driving.wait_turn(page)
    assert state is not None
    board = board_html(page)
    page.fill("#notation", "play nothing nowhere")
    page.press("#notation", "Enter")
    page.wait_for_function("document.querySelector('#message').textContent !== ''")
    assert driving.message(page).startswith("That move was not made:")
    assert driving.state(page)["version"] == state["version"] and board_html(page) == board
    assert page.get_attribute("#message", "role") == "alert"
    driving.play(page, state["legal"][0])  # a good move clears the message
    driving.wait_version(page, state["version"])
    assert driving.message(page) == ""


def test_a_dropped_connection_comes_back(page: Any, context: Any, web_server: Any) -> None:
    table = seat_against_bot(web_server.base, context)
    sockets: list[Any] = []

    def through(socket: Any) -> None:
        socket.connect_to_server()
        sockets.append(socket)

    page.route_web_socket(re.compile(r"/tables/[^/]+/ws$"), through)
    driving.open_table(page, web_server.base, table)
    state = play_some(page, 3)
    events = log_texts(page)
    page.evaluate(
        """() => { window.banner = []; new MutationObserver(() => window.banner.push(
             document.querySelector('#connection').hidden ? '' : document.querySelector('#connection').textContent))
           .observe(document.querySelector('#connection'), {attributes: true, childList: true, subtree: true}); }"""
    )
    sockets[0].close(code=1011, reason="gone")
    page.wait_for_function("() => window.banner.some((text) => text.includes('reconnecting'))")
    page.wait_for_function("() => document.body?.dataset.connected === 'true'")
    assert len(sockets) == 2 and page.is_hidden("#connection")
    assert driving.state(page)["version"] == state["version"]
    assert log_texts(page) == events  # only the events since the last state were sent again: none
    driving.play(page, state["legal"][0])
    driving.wait_version(page, state["version"])


def test_a_board_that_cannot_load_leaves_the_list(page: Any, context: Any, web_server: Any) -> None:
    table = seat_against_bot(web_server.base, context)
    page.route(
        f"{web_server.base}/web/js/boards/{GAME}.js",
        lambda route: route.fulfill(body=BROKEN_BOARD, content_type="text/javascript"),
    )
    driving.open_table(page, web_server.base, table)
    state = driving.wait_turn(page)
    assert state is not None
    assert page.is_visible("#board .text-view")
    assert state["view"]["hand"][0] in page.inner_text("#board")  # the view, as text
    assert driving.path_of(page, state["legal"][0]) is None
    assert driving.play(page, state["legal"][0]) == "list"
    driving.wait_version(page, state["version"])


def test_the_link_to_share_takes_the_seat(page: Any, web_server: Any) -> None:
    base = web_server.base
    info = driving.create_table(base, GAME, [{"kind": "bot", "difficulty": "random"}, {"kind": "person"}])
    driving.join_through_page(page, base, info["id"], 1, "Cleo")
    assert "join=" not in page.url  # a reload plays the seat rather than joining again
    held = page.evaluate(f"JSON.parse(localStorage.getItem('phoenixgames.seats.{info['id']}'))")
    assert [(entry["seat"], entry["name"]) for entry in held] == [(1, "Cleo")] and held[0]["token"]
    assert driving.dataset(page)["seat"] == "1" and driving.dataset(page)["status"] == "running"
    assert "Cleo" in page.inner_text("#seats")
    page.reload()
    driving.wait_ready(page)
    assert driving.dataset(page)["seat"] == "1"


def test_a_taken_seat_is_refused_in_words(context: Any, web_server: Any) -> None:
    # Not the `page` fixture: the browser itself reports the refused request (409) on the console.
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    base = web_server.base
    info = driving.create_table(base, GAME, [{"kind": "person"}, {"kind": "person"}])
    driving.join(base, info["id"], "Ann", 0)
    page.goto(driving.table_url(base, info["id"], join=0))
    page.fill("#join-name", "Bob")
    page.click("#join-go")
    page.wait_for_function("document.querySelector('#join-error').textContent !== ''")
    assert page.inner_text("#join-error") == "The seat could not be taken: seat 1 is taken."
    assert page.is_hidden("#table") and not errors


def test_a_move_out_of_time_is_made_by_the_stand_in_and_marked(page: Any, context: Any, web_server: Any) -> None:
    # Ann makes no move: once her clock runs out the stand-in makes that move, which the log marks as a
    # stand-in's, and Ann has the next one.
    info = driving.create_table(web_server.base, GAME, [{"kind": "person"}, BOT], clock=2, stand_in="random")
    driving.hold_seats(context, info["id"], [driving.join(web_server.base, info["id"], "Ann", 0)])
    driving.open_table(page, web_server.base, info["id"])
    page.wait_for_selector("#log .stand-in-mark", timeout=60_000)
    entry = page.locator("#log li:has(.stand-in-mark)").first
    assert entry.inner_text().lower().startswith("stand-in") and "you " in entry.inner_text().lower()
    assert driving.wait_turn(page, 0) is not None  # the next move is Ann's own again


def test_each_new_position_starts_a_new_pick(page: Any, context: Any, web_server: Any) -> None:
    """A move chosen among the choices (a Phoenicia bid: the card clicked, then the amount) leaves no
    click behind: the next position opens with nothing picked, so the card can be clicked again."""
    table = seat_against_bot(web_server.base, context, "phoenicia")
    driving.open_table(page, web_server.base, table)
    after, bids = None, 0
    for _ in range(40):
        state = driving.wait_turn(page, after)
        if state is None:
            break
        assert page.locator("#board .picked").count() == 0, f"a pick is left over at version {state['version']}"
        bid = next((a for a in state["legal"] if a.startswith("bid ")), None)
        if bid is not None and driving.play(page, bid) == "board":
            bids += 1
        elif bid is None:
            driving.play(page, state["legal"][0])
        after = state["version"]
    assert bids >= 2, "too few bids were made to tell"


def test_a_move_that_cannot_be_taken_back_asks_first(page: Any, context: Any, web_server: Any) -> None:
    """In Phoenix a move that passes the turn cannot be taken back (the state's ``final``; a player who
    holds the next token too plays again, and may undo): the page asks before it sends one (the last
    place clicked again, or "Make this move"; "Not yet" forgets it), unless the player turns the question
    off in the settings, which the browser keeps."""
    table = seat_against_bot(web_server.base, context, "phoenix")
    driving.open_table(page, web_server.base, table)
    state = driving.wait_turn(page)
    while state is not None and not state["final"]:  # Ann plays twice running: the first may be undone
        driving.play(page, state["legal"][0])
        state = driving.wait_turn(page, state["version"])
    assert state is not None
    action = next(a for a in state["final"] if driving.path_of(page, a))
    path = driving.path_of(page, action)
    assert path is not None
    for key in path:
        page.click(driving.pick_selector(key))
    assert page.is_visible("#confirm") and "cannot be taken back" in page.inner_text("#confirm")
    page.wait_for_timeout(300)
    assert driving.dataset(page)["version"] == str(state["version"])  # nothing sent yet
    page.click("#confirm-no")
    assert page.is_hidden("#confirm") and page.locator("#board .picked").count() == 0
    for key in path:
        page.click(driving.pick_selector(key))
    page.click(driving.pick_selector(path[-1]))  # the last place again: the move is made
    state = driving.wait_turn(page, state["version"])
    assert state is not None and page.is_hidden("#confirm")

    while state is not None and not state["final"]:
        driving.play(page, state["legal"][0])
        state = driving.wait_turn(page, state["version"])
    assert state is not None
    page.click("#settings summary")
    page.uncheck("#confirm-final")
    page.click("#settings summary")
    action = next(a for a in state["final"] if driving.path_of(page, a))
    for key in driving.path_of(page, action) or []:
        page.click(driving.pick_selector(key))
    driving.wait_version(page, state["version"])
    page.reload()
    driving.wait_ready(page)
    assert not page.is_checked("#confirm-final")


def test_the_log_follows_its_newest_entry_unless_scrolled_up(page: Any, context: Any, web_server: Any) -> None:
    """The log keeps its newest entry in view; scrolled up, it stays where the reader put it and a "New
    moves" button brings it back. Pointing at an entry marks its move on the board."""
    table = seat_against_bot(web_server.base, context)
    driving.open_table(page, web_server.base, table)
    after = None
    fits = "(() => { const log = document.getElementById('log'); return log.scrollHeight <= log.clientHeight; })()"
    while page.evaluate(fits):
        state = driving.wait_turn(page, after)
        assert state is not None
        driving.play(page, state["legal"][0])
        after = state["version"]
        assert layout.check(page).log_in_view
    state = driving.wait_turn(page, after)
    assert state is not None and layout.check(page).log_in_view and page.is_hidden("#log-new")

    page.evaluate("document.getElementById('log').scrollTop = 0")
    page.wait_for_function("document.getElementById('log').scrollTop === 0")
    page.wait_for_timeout(100)  # the scroll event
    driving.play(page, state["legal"][0])
    state = driving.wait_turn(page, state["version"])
    assert state is not None
    assert page.evaluate("document.getElementById('log').scrollTop") == 0  # left where the reader put it
    assert not layout.check(page).log_in_view and page.is_visible("#log-new")
    page.click("#log-new")
    assert layout.check(page).log_in_view and page.is_hidden("#log-new")

    bot_move = page.locator("#log li.shows").last
    assert bot_move.count(), "no entry of the log can show its move"
    bot_move.hover()
    assert page.locator("#board .log-shown").count() > 0
    page.mouse.move(0, 0)
    assert page.locator("#board .log-shown").count() == 0


def test_while_a_friend_has_not_joined_the_page_says_so(page: Any, context: Any, web_server: Any) -> None:
    base = web_server.base
    info = driving.create_table(base, GAME, [{"kind": "person"}, {"kind": "person"}])
    driving.hold_seats(context, info["id"], [driving.join(base, info["id"], "Ann", 0)])
    driving.open_table(page, base, info["id"])
    assert driving.dataset(page)["status"] == "open"
    assert page.inner_text("#turn") == "Waiting for a player to join"
    assert page.inner_text("#move-title") == "Waiting for a player to join"
    assert "your turn" not in page.inner_text("body").lower()


def test_the_focus_ring_is_unlike_the_clickable_outline(page: Any, context: Any, web_server: Any) -> None:
    table = seat_against_bot(web_server.base, context)
    driving.open_table(page, web_server.base, table)
    assert driving.wait_turn(page) is not None
    for _ in range(100):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.matches('#board .pickable')"):
            break
    else:
        raise AssertionError("Tab never reached a highlighted place on the board")
    looks = page.evaluate(
        """() => {
            const look = (e) => { const s = getComputedStyle(e);
                return {style: s.outlineStyle, colour: s.outlineColor, offset: parseFloat(s.outlineOffset)}; };
            const other = [...document.querySelectorAll("#board .pickable")].find((e) => e !== document.activeElement);
            return {focused: look(document.activeElement), clickable: look(other)};
        }"""
    )
    focused, clickable = looks["focused"], looks["clickable"]
    assert clickable["style"] == "dashed" and focused["style"] == "solid", looks
    assert focused["colour"] != clickable["colour"] and focused["offset"] >= 3, looks
