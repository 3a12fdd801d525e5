"""The table's features around the play, in the browser, at 1280x800 and at 390x844: the chat between two
seats and a spectator (a line of HTML shown as text, never run; the chat muted and kept so), a rematch
started and accepted in two browsers, a finished game replayed step by step, a learning game's advice for
a person's turn in the move list's words, and the away choice (a bot after N seconds away: its moves
marked as a stand-in's, and the person coming back told how many it made). Each step waits on its own,
never on a whole game."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.web import driving
from tests.web.conftest import new_context, watch_errors

SIZES = [pytest.param((1280, 800), id="1280x800"), pytest.param((390, 844), id="390x844")]
#: A line that would run a script if it were taken for HTML.
SCRIPT = "<img src=x onerror=\"window.chatRan = true\"> <b>bold</b>"
STEP = 20_000  # milliseconds one step may take (a click answered, a message come)


@pytest.fixture
def people(browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    """``people(n)``: ``n`` pages, each in a browser context of its own (another person), of the test's
    size; none may log an error."""
    width, height = request.node.callspec.params["size"]
    made: list[tuple[Any, Any, list[str]]] = []

    def make(count: int) -> list[Any]:
        pages = []
        for _ in range(count):
            ctx = new_context(browser, width, height)
            page = ctx.new_page()
            made.append((ctx, page, watch_errors(page)))
            pages.append(page)
        return pages

    try:
        yield make
    finally:
        errors = [error for _, _, errors in made for error in errors]
        for ctx, _, _ in made:
            ctx.close()
        assert not errors, errors


def wait_status(base: str, table: str, status: str, seconds: float = 60) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        info = httpx.get(f"{base}/tables/{table}", timeout=30).json()
        if info["status"] == status:
            return info
        time.sleep(0.2)
    raise AssertionError(f"the table did not become {status}")


def texts(page: Any, selector: str) -> list[str]:
    return page.eval_on_selector_all(selector, "(items) => items.map((item) => item.textContent)")


@pytest.mark.parametrize("size", SIZES)
def test_chat_between_two_seats_and_a_spectator_shows_html_as_text(size, people, web_server):
    base = web_server.base
    info = driving.create_table(base, "schatz", [{"kind": "person"}, {"kind": "person"}])
    ann_seat, bob_seat = driving.join(base, info["id"], "Ann", 0), driving.join(base, info["id"], "Bob", 1)
    ann, bob, bea = people(3)
    driving.hold_seats(ann.context, info["id"], [ann_seat])
    driving.hold_seats(bob.context, info["id"], [bob_seat])
    for page in (ann, bob):
        driving.open_table(page, base, info["id"])
    driving.open_table(bea, base, info["id"], watch=True)

    ann.fill("#chat-text", SCRIPT)
    ann.click("#chat-send")
    for page in (ann, bob, bea):
        page.wait_for_selector(".chat-line", timeout=STEP)
        assert texts(page, ".chat-line") == [f"Ann: {SCRIPT}"]
        assert page.locator("#chat img, #chat b").count() == 0
        assert page.evaluate("window.chatRan") is None
    assert bob.locator(".chat-line .chat-said").get_attribute("dir") == "auto"

    assert bea.is_visible("#chat-name") and not ann.is_visible("#chat-name")
    bea.fill("#chat-name", "Bea")
    bea.fill("#chat-text", "nice \u202egame")  # a bidirectional control: taken out by the server
    bea.click("#chat-send")
    ann.wait_for_function("document.querySelectorAll('.chat-line').length === 2", timeout=STEP)
    assert texts(ann, ".chat-line")[1] == "Bea (watching): nice game"

    bob.click("#chat-mute")  # muted, and kept so in this browser
    assert not bob.is_visible("#chat-lines") and bob.is_visible("#chat-muted")
    ann.fill("#chat-text", "are you there?")
    ann.click("#chat-send")
    bob.wait_for_function("document.querySelector('#chat-muted').textContent.includes('1 new line')", timeout=STEP)
    bob.reload()
    driving.wait_ready(bob)
    bob.wait_for_function("document.querySelectorAll('.chat-line').length === 3", timeout=STEP)
    assert not bob.is_visible("#chat-lines") and bob.get_attribute("#chat-mute", "aria-pressed") == "true"


@pytest.mark.parametrize("size", SIZES)
def test_a_rematch_is_started_in_one_browser_and_accepted_in_another(size, people, web_server):
    base = web_server.base
    seats = [{"kind": "person"}, {"kind": "person"}, {"kind": "bot", "difficulty": "random"}]
    # Nobody comes: a stand-in plays both people at once (absence 0) and the game ends.
    info = driving.create_table(base, "schatz", seats, absence=0, stand_in="random")
    ann_seat, bob_seat = driving.join(base, info["id"], "Ann", 0), driving.join(base, info["id"], "Bob", 1)
    wait_status(base, info["id"], "over")
    ann, bob = people(2)
    driving.hold_seats(ann.context, info["id"], [ann_seat])
    driving.hold_seats(bob.context, info["id"], [bob_seat])
    for page in (ann, bob):
        driving.open_table(page, base, info["id"])
        driving.wait_over(page)
        assert page.is_visible("#rematch-go") and page.is_visible("#replay-link")

    ann.click("#rematch-go")
    ann.wait_for_url(lambda url: "/web/table.html?id=" in url and f"id={info['id']}" not in url, timeout=STEP)
    driving.wait_ready(ann)
    new = ann.evaluate("new URLSearchParams(location.search).get('id')")
    assert driving.dataset(ann)["status"] == "open"  # waiting for Bob

    bob.wait_for_selector("#rematch-title", timeout=STEP)
    accepted = bob.eval_on_selector_all("#rematch-seats li", "(items) => items.map((i) => i.dataset.accepted)")
    assert accepted == ["true", "false", "bot"]
    assert bob.get_attribute("#rematch-seats li[data-seat='1'] a.rematch-share", "href").endswith(f"id={new}&join=1")
    bob.click("#rematch-go")
    bob.wait_for_url(f"**/web/table.html?id={new}", timeout=STEP)
    driving.wait_ready(bob)
    table = wait_status(base, new, "running", STEP / 1000)
    assert [s["name"] for s in table["seats"]] == ["Ann", "Bob", "random"] and table["rematch_of"] == info["id"]


@pytest.mark.parametrize("size", SIZES)
def test_a_finished_game_replays_step_by_step_back_and_forth(size, people, web_server):
    base = web_server.base
    info = driving.create_table(base, "schatz", [{"kind": "bot", "difficulty": "random"}] * 2)
    over = wait_status(base, info["id"], "over")
    (page,) = people(1)
    page.goto(f"{base}/")
    page.wait_for_function("document.body?.dataset.ready === 'true'", timeout=STEP)
    page.wait_for_selector(f".table-row[data-table='{info['id']}'] a.replay", state="attached", timeout=STEP)
    page.goto(base + page.get_attribute(f".table-row[data-table='{info['id']}'] a.replay", "href"))

    def at(step: int) -> None:
        page.wait_for_function("(s) => document.body?.dataset.step === String(s)", arg=step, timeout=STEP)

    at(0)
    assert driving.dataset(page)["as"] == "all" and driving.dataset(page)["steps"] == str(over["version"])
    for step in (1, 2, 3):
        page.click("#forward")
        at(step)
    page.click("#back")
    at(2)
    assert page.locator("#log li").count() > 0 and page.locator("#log li.current").count() >= 1
    shown = page.locator("#board *").count()
    assert shown > 0
    page.fill("#step-number", "10")
    page.press("#step-number", "Enter")
    at(10)
    page.select_option("#as", "0")
    page.wait_for_function("document.body?.dataset.as === '0'", timeout=STEP)
    assert "step=10" in page.input_value("#share") and "as=0" in page.input_value("#share")
    page.click("#last")
    at(over["version"])
    page.wait_for_selector("#result:not([hidden])", timeout=STEP)
    assert "winner" in page.inner_text("#result")
    page.keyboard.press("ArrowLeft")
    at(over["version"] - 1)


@pytest.mark.parametrize("size", SIZES)
def test_a_learning_game_explains_hards_move_in_words_at_a_persons_turn(size, people, web_server):
    base = web_server.base
    info = driving.create_table(
        base, "schatz", [{"kind": "person"}, {"kind": "bot", "difficulty": "random"}], learning=True
    )
    joined = driving.join(base, info["id"], "Ann", 0)
    (page,) = people(1)
    driving.hold_seats(page.context, info["id"], [joined])
    driving.open_table(page, base, info["id"])
    for _ in range(2):  # two turns of Ann's: advice each time, for the position shown
        state = driving.wait_turn(page)
        assert state is not None
        page.wait_for_function(
            "document.querySelector('#advice').dataset.version === document.body?.dataset.version", timeout=60_000
        )
        assert page.is_visible("#advice")
        action = page.get_attribute("#advice", "data-action")
        words = page.evaluate(
            "(a) => window.phoenixTable.board.describe(a, window.phoenixTable.state.view)", action
        )
        said = page.inner_text("#advice .advice-move")
        assert said.startswith(f"{words}.") and action not in said and len(said) > len(words) + 10
        assert not page.is_visible("#advice .advice-figures p")  # the figures wait behind a detail
        page.click("#advice .advice-figures summary")
        assert "searches" in page.inner_text("#advice .advice-figures p")
        driving.play(page, state["legal"][0])
        driving.wait_version(page, state["version"])
    assert "learning game" in page.inner_text("#learning-line").lower()


@pytest.mark.parametrize("size", SIZES)
def test_a_bot_after_n_seconds_away_marks_its_moves_and_tells_the_person_back(size, people, web_server):
    base = web_server.base
    (page,) = people(1)
    page.goto(f"{base}/")
    page.wait_for_function("document.body?.dataset.ready === 'true'", timeout=STEP)
    page.select_option("#game", "schatz")
    page.select_option("#players", "2")
    page.select_option(".seat-row[data-seat='1'] .seat-difficulty", "easy")
    page.check("input[name='away'][value='bot']")
    page.fill("#absence", "1")
    page.click("#create-go")
    page.wait_for_selector("#created:not([hidden])", timeout=STEP)
    table = page.get_attribute("#go-seat", "href").split("id=")[1].split("&")[0]
    info = httpx.get(f"{base}/tables/{table}", timeout=30).json()
    assert (info["away"]["policy"], info["absence"]) == ("bot", 1)
    row = f".table-row[data-table='{table}'] .table-facts"
    page.wait_for_selector(row, state="attached", timeout=STEP)
    assert "a bot plays after 1 s away" in page.text_content(row)
    # The person's seat is taken (this browser holds it) but nobody is at the table: a second later the
    # stand-in plays for them.
    deadline = time.monotonic() + 60
    while httpx.get(f"{base}/tables/{table}", timeout=30).json()["version"] < 4 and time.monotonic() < deadline:
        time.sleep(0.2)
    page.click("#go-seat")
    driving.wait_ready(page)
    page.wait_for_selector("#stand-in-notice:not([hidden])", timeout=STEP)
    state = driving.state(page)
    played = [m for m in state["moves"] if m["seat"] == 0 and m["by"] == "stand-in"]
    count = len(played)
    assert count >= 2
    assert page.inner_text("#stand-in-title") == f"A bot played {count} moves for you"
    assert page.locator("#stand-in-moves li").count() == count
    assert page.locator("#log .stand-in-mark").count() >= count
    assert "away 1 second" in page.inner_text("#away-line")
    page.click("#stand-in-ok")
    assert not page.is_visible("#stand-in-notice")
