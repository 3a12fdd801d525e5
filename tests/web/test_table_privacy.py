"""Privacy at the table page, for every game: two people at one table, each in a browser of their own
joined through the link to share, each see their own hand and nothing of the other's; a spectator (a
stranger, or a seat's own browser asking to watch) sees no hand and cannot move; a move from a second tab
of the same seat whose connection lags behind is refused as stale, says so, and changes nothing.

What a page holds is checked against the server: a new connection of the seat's own (its token, from the
browser's storage) is told the seat's view, legal actions and every event so far, all the seat may know.
Every state a page received is its seat's (or a spectator's); the view it keeps is the one the server
tells the seat, which is the spectator's but for the seat's own secrets (``secrets.py`` names them per
game). What a page shows is checked word by word: a secret card of another seat may also lie in a nest or
be one the deck may hold, so the words of the other's secrets that a seat has no reason of its own to
show must show as many times on its page as on a spectator's page of the same moment.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import phoenixgames as pg

from ..server.processes import Seat, Server
from . import driving
from .conftest import watch_errors
from .secrets import (
    PERSONAL,
    PRIVATE,
    SPELLED,
    counted,
    distinctive,
    private,
    public_part,
    secret_words,
    unknown,
    words,
)

GAMES = pg.games()

#: Every text a page shows or carries in its elements: each text node (but scripts' and styles'), the
#: attributes that hold words (data-*, aria-*, title, alt, value, placeholder) and what the inputs hold.
PAGE_TEXTS = """() => {
  const texts = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const tag = node.parentElement ? node.parentElement.tagName : "";
    if (tag !== "SCRIPT" && tag !== "STYLE") texts.push(node.nodeValue);
  }
  for (const element of document.body.querySelectorAll("*")) {
    for (const attribute of element.attributes) {
      if (/^(data-|aria-)|^(title|alt|value|placeholder)$/.test(attribute.name)) texts.push(attribute.value);
    }
    if (typeof element.value === "string") texts.push(element.value);
  }
  return texts;
}"""


class Browsers:
    """Browser contexts of their own (each another person, with its own storage), every page's uncaught
    errors and console errors kept: any fails the test."""

    def __init__(self, browser: Any, server: Server) -> None:
        self.browser = browser
        self.base = server.base
        self.contexts: list[Any] = []
        self.errors: list[list[str]] = []
        self.frames: dict[Any, list[str | bytes]] = {}

    def person(self) -> Any:
        context = self.browser.new_context(viewport={"width": 1400, "height": 1000})
        context.set_default_timeout(20_000)
        self.contexts.append(context)
        return context

    def page(self, context: Any) -> Any:
        """A new tab of ``context``; what its WebSockets receive is kept (:meth:`received`)."""
        page = context.new_page()
        self.errors.append(watch_errors(page))
        frames = self.frames[page] = []
        page.on("websocket", lambda socket: socket.on("framereceived", lambda frame: frames.append(frame)))
        return page

    def received(self, page: Any) -> list[dict[str, Any]]:
        """Every message the page's WebSockets received so far."""
        return [json.loads(frame) for frame in self.frames[page]]

    def close(self) -> list[str]:
        for context in self.contexts:
            context.close()
        return [error for errors in self.errors for error in errors]


@pytest.fixture
def browsers(browser: Any, web_server: Server) -> Iterator[Browsers]:
    made = Browsers(browser, web_server)
    yield made
    errors = made.close()
    assert not errors, errors


def two_people(server: Server, game: str) -> str:
    """A table of ``game`` at its smallest player count, two people's seats (0 and 1) and bots in any
    others, the people's never played by a stand-in (no absence is counted: the tests' own connections of
    a seat come and go): its id."""
    bots = [{"kind": "bot", "difficulty": "random"}] * (pg.get_spec(game).min_players - 2)
    return driving.create_table(server.base, game, [{"kind": "person"}] * 2 + bots, absence=None)["id"]


def join_by_link(browsers: Browsers, context: Any, table: str, seat: int, name: str) -> Any:
    """Open the link to share for ``seat`` in ``context``, give a name and join: the page, playing it."""
    page = driving.join_through_page(browsers.page(context), browsers.base, table, seat, name)
    page.wait_for_function("s => document.body?.dataset.seat === String(s)", arg=seat)
    assert "join=" not in page.url
    return page


def wait_at(page: Any, version: int) -> None:
    """Wait until the page shows ``version``."""
    page.wait_for_function("v => document.body?.dataset.version === String(v)", arg=version)


def token_of(page: Any, table: str, seat: int) -> str:
    """The token of ``seat`` that the page's browser keeps."""
    key = driving.SEATS_KEY.format(table=table)
    held = json.loads(page.evaluate("key => localStorage.getItem(key)", key) or "[]")
    tokens = [entry["token"] for entry in held if entry["seat"] == seat]
    assert tokens, f"the browser holds no token of seat {seat}: {held}"
    return tokens[0]


def is_state(message: dict[str, Any]) -> bool:
    return message["type"] == "state"


def told(server: Server, table: str, token: str | None) -> dict[str, Any]:
    """What a new connection of the seat with ``token`` (``None``: a spectator) is told: its first state,
    with every event from the start."""
    seat = server.ws(table, token)
    try:
        return seat.until(is_state, 20)
    finally:
        seat.close()


def told_of(seat: Seat, version: int, turn: bool = False) -> dict[str, Any]:
    """The state of ``version`` that ``seat``'s connection is told (or was already); with ``turn``, the
    first such that says it is the seat's turn."""

    def wanted(message: dict[str, Any]) -> bool:
        return is_state(message) and message["version"] == version and (message["your_turn"] or not turn)

    if seat.latest is not None and wanted(seat.latest):
        return seat.latest
    return seat.until(wanted, 20)


def play(seats: list[Seat], moves: int, choose: random.Random) -> int:
    """Play on for ``moves`` moves, the people's through their seats' own connections (each a random legal
    action), every seat told of each, until a person is to act: the version reached."""
    for seat in seats:
        if seat.latest is None:
            seat.until(is_state, 20)
    version = max(seat.latest["version"] for seat in seats if seat.latest is not None)
    for _ in range(moves):
        states = [told_of(seat, version) for seat in seats]
        for mover, state in zip(seats, states, strict=True):
            if state["your_turn"]:  # else a bot's, which moves by itself
                move = {"type": "move", "version": version, "action": choose.choice(state["legal"])}
                mover.connection.send(json.dumps(move))
                answer = mover.until(lambda m: m["type"] in ("accepted", "refused"), 20)
                assert answer["type"] == "accepted", answer
        version += 1
    while not any([told_of(seat, version)["your_turn"] for seat in seats]):  # a bot's turn: it moves on
        version += 1
    return version


def page_words(page: Any) -> set[str]:
    return words(page.evaluate(PAGE_TEXTS))


def own_words(game: str, told: dict[str, Any]) -> set[str]:
    """The words a seat's page has reasons of its own to show (``told``: what the seat is told): its
    secrets, its legal actions, its events."""
    return secret_words(game, told["view"]) | words(told["legal"]) | words(told["events"])


def hand_picks(page: Any) -> set[str]:
    """The cards the board offers to pick from a hand (the keys ``hand:<card>``)."""
    return set(
        page.eval_on_selector_all('#board [data-pick^="hand:"]', "els => els.map((e) => e.dataset.pick.slice(5))")
    )


def check_seat_page(
    game: str,
    page: Any,
    received: list[dict[str, Any]],
    seat: int,
    mine: dict[str, Any],
    public: dict[str, Any],
    other: Any,
) -> None:
    """``page`` plays ``seat`` and holds what the seat may know and no more: every state it received was
    the seat's; its view is the one the server tells the seat (``mine``), which is the spectator's
    (``public``) but for the seat's own secrets; none of the other seat's secrets unknown to this one
    (``other``: the other seat's view) is in the page's state; its own hand and other secrets show, and
    only cards of its hand are offered as the hand's."""
    for message in filter(is_state, received):
        assert message["seat"] == seat and message["view"]["viewer"] == seat, f"seat {seat}'s page was sent {message}"
    state = driving.state(page)
    assert driving.dataset(page)["seat"] == str(seat)
    assert state["seat"] == seat and state["version"] == mine["version"]
    assert state["view"] == mine["view"], f"seat {seat}'s page shows a view that is not the seat's"
    extra = set(mine["view"]) - set(public["view"])
    assert extra <= set(PRIVATE[game]) | set(PERSONAL), f"seat {seat}'s view has keys no list of secrets names"
    assert public_part(game, mine["view"]) == public_part(game, public["view"])
    hidden = unknown(game, other, mine)
    leaked = words(state) & hidden
    assert not leaked, f"seat {seat}'s page keeps {sorted(leaked)}, the other seat's secrets"
    shown = page_words(page)
    hand = mine["view"].get("hand", [])
    own = words(hand) | distinctive(secret_words(game, mine["view"]))
    assert own <= shown, f"seat {seat}'s page does not show its own secrets: {sorted(own - shown)} missing"
    assert hand_picks(page) <= set(hand), f"seat {seat}'s page offers {hand_picks(page) - set(hand)} from its hand"


def check_spectator_page(
    game: str, page: Any, received: list[dict[str, Any]], public: dict[str, Any], views: list[dict[str, Any]]
) -> None:
    """``page`` watches: every state it received was a spectator's; it holds the spectator's view
    (``public``: what a spectator is told, every event included) and none of any seat's secrets
    (``views``: each seat's view), and offers nothing to click or choose."""
    for message in filter(is_state, received):
        assert message["seat"] is None and message["legal"] == [], f"the spectator's page was sent {message}"
        assert message["view"]["viewer"] == pg.PUBLIC and not private(game, message["view"]), message
    state = driving.state(page)
    assert driving.dataset(page)["seat"] == ""
    assert state["seat"] is None and state["version"] == public["version"]
    assert state["view"] == public["view"]
    hidden = set().union(*(unknown(game, view, public) for view in views))
    leaked = words(state) & hidden
    assert not leaked, f"the spectator's page keeps {sorted(leaked)}, a seat's secrets"
    leaked = page_words(page) & distinctive(hidden)
    assert not leaked, f"the spectator's page shows {sorted(leaked)}, a seat's secrets"
    assert not hand_picks(page)
    assert page.locator(".pickable").count() == 0
    assert page.locator("#legal button[data-action], #choices button[data-action]").count() == 0
    assert driving.dataset(page)["yourTurn"] != "true"


def settled(page: Any) -> int:
    """The version the page shows once a person is to act there (seat 0 or 1) or the game is over: no bot
    moves on from it."""
    page.wait_for_function(
        "() => { const s = window.phoenixTable.state; return s && (s.status === 'over' || s.to_act < 2); }"
    )
    return int(driving.dataset(page)["version"])


def wait_for_mover(pages: list[Any], seconds: float = 20) -> int:
    """The index of the page whose turn it is, once one's is."""
    for _ in range(int(seconds / 0.025)):
        for index, page in enumerate(pages):
            if driving.dataset(page)["yourTurn"] == "true":
                return index
        pages[0].wait_for_timeout(25)
    raise AssertionError("nobody's turn on any page")


def first_of(page: Any, messages: Callable[..., list[dict[str, Any]]], kind: str, seconds: float = 20) -> dict:
    """The first message of type ``kind`` among ``messages()``, once there is one (``page`` turns the event
    loop meanwhile, so that Playwright's handlers run)."""
    for _ in range(int(seconds / 0.025)):
        found = [message for message in messages() if message["type"] == kind]
        if found:
            return found[0]
        page.wait_for_timeout(25)
    raise AssertionError(f"no {kind} message came: {messages()}")


@pytest.mark.parametrize("game", GAMES)
def test_two_people_at_one_table_each_see_their_own_hand_and_none_of_the_other(browsers, web_server, game):
    """What each page shows of the other seat's secrets is compared with a spectator's page of the same
    moment, word by word: a word of the other's secrets that the seat has no reason of its own to show
    (not in its hand, its legal actions or its events) shows exactly as many times on the seat's page as
    on the spectator's, where it can only be public (the same card in a nest, a card the deck may hold)."""
    table = two_people(web_server, game)
    pages = [join_by_link(browsers, browsers.person(), table, seat, name) for seat, name in enumerate(("Ann", "Bob"))]
    watcher = driving.open_table(browsers.page(browsers.person()), web_server.base, table)
    for page in pages:
        page.wait_for_function("document.body?.dataset.status === 'running'")
    choose = random.Random(f"privacy {game}")
    made = [0, 0]
    apart = 0  # the checks at which the two seats' secrets differed: a page showing the other's view fails
    compared = 0  # the words of a seat's secrets counted on the other's page
    for _ in range(24):
        mover = wait_for_mover(pages)
        version = int(driving.dataset(pages[mover])["version"])
        for page in (*pages, watcher):
            wait_at(page, version)
        seen = [told(web_server, table, token_of(page, table, seat)) for seat, page in enumerate(pages)]
        public = told(web_server, table, None)
        for seat, page in enumerate(pages):
            check_seat_page(game, page, browsers.received(page), seat, seen[seat], public, seen[1 - seat]["view"])
        check_spectator_page(game, watcher, browsers.received(watcher), public, [s["view"] for s in seen])
        apart += private(game, seen[0]["view"]) != private(game, seen[1]["view"])
        watched = counted(watcher.evaluate(PAGE_TEXTS))
        for seat, page in enumerate(pages):
            shown = counted(page.evaluate(PAGE_TEXTS))
            for word in distinctive(secret_words(game, seen[1 - seat]["view"])) - own_words(game, seen[seat]):
                assert shown[word] == watched[word], (
                    f"{word}, a secret of seat {1 - seat}, shows {shown[word]} times on seat {seat}'s page "
                    f"and {watched[word]} times on a spectator's"
                )
                compared += 1
        if min(made) >= 2:
            break
        driving.play(pages[mover], choose.choice(driving.state(pages[mover])["legal"]))
        wait_at(pages[mover], version + 1)
        made[mover] += 1
    assert min(made) >= 2, f"moves made by each person: {made}"
    assert bool(apart) == bool(PRIVATE[game]), f"the seats' secrets differed at {apart} checks"
    assert bool(compared) == (game in SPELLED), f"{compared} words of secrets counted on the pages"


@pytest.mark.parametrize("game", GAMES)
def test_a_spectator_sees_no_hand_and_cannot_move(browsers, web_server, game):
    table = two_people(web_server, game)
    joined = [driving.join(web_server.base, table, name, seat) for seat, name in enumerate(("Ann", "Bob"))]
    seats = [web_server.ws(table, j["token"]) for j in joined]
    try:
        choose = random.Random(f"spectator {game}")
        version = play(seats, 3, choose)
        stranger = driving.open_table(browsers.page(browsers.person()), web_server.base, table)
        anns = browsers.person()  # Ann's own browser, holding her seat, asks only to watch
        driving.hold_seats(anns, table, joined[:1])
        watching = driving.open_table(browsers.page(anns), web_server.base, table, watch=True)
        for _ in range(2):
            public = told(web_server, table, None)
            views = [told(web_server, table, j["token"])["view"] for j in joined]
            for page in (stranger, watching):
                wait_at(page, version)
                check_spectator_page(game, page, browsers.received(page), public, views)
            version = play(seats, 2, choose)  # and the pages follow the game as it goes on
        # a move sent from a spectator's page, as the seat to act could make it now, is refused
        legal = next(seat.latest["legal"] for seat in seats if seat.latest["your_turn"])
        for page in (stranger, watching):
            page.evaluate(
                "move => window.phoenixTable.send(move)", {"type": "move", "version": version, "action": legal[0]}
            )
            refused = first_of(page, lambda page=page: browsers.received(page), "refused")
            assert refused["code"] == "spectator", refused
        with web_server.http() as http:
            assert http.get(f"/tables/{table}").json()["version"] == version
        assert all(private(game, view) for view in views) == bool(PRIVATE[game]), views  # there was a hand to hide
    finally:
        for seat in seats:
            seat.close()


class Lag:
    """A slow connection under one page: while holding, the server's messages to the page's WebSocket are
    held back, and once let go they all arrive, in order; the page's own messages go straight through."""

    def __init__(self, page: Any, table: str) -> None:
        self.holding = False
        self.held: list[str | bytes] = []
        self.socket: Any = None
        page.route_web_socket(lambda url: url.endswith(f"/tables/{table}/ws"), self._connect)

    def _connect(self, socket: Any) -> None:
        server = socket.connect_to_server()
        socket.on_message(server.send)
        server.on_message(self._from_server)
        self.socket = socket

    def _from_server(self, message: str | bytes) -> None:
        if self.holding:
            self.held.append(message)
        else:
            self.socket.send(message)

    def hold(self) -> None:
        self.holding = True

    def held_messages(self) -> list[dict[str, Any]]:
        return [json.loads(message) for message in self.held]

    def release(self) -> None:
        while self.held:  # sending lets more come in: they queue behind
            self.socket.send(self.held.pop(0))
        self.holding = False


@pytest.mark.parametrize("game", GAMES)
def test_a_stale_move_from_a_second_tab_is_refused_with_a_message(browsers, web_server, game):
    table = two_people(web_server, game)
    bob = web_server.ws(table, driving.join(web_server.base, table, "Bob", 1)["token"])
    try:
        ann = browsers.person()
        first = join_by_link(browsers, ann, table, 0, "Ann")
        second = browsers.page(ann)  # another tab of the same browser: the same seat, from its storage
        lag = Lag(second, table)
        driving.open_table(second, web_server.base, table)
        assert driving.dataset(second)["seat"] == "0"
        first.wait_for_function("document.body?.dataset.status === 'running'")
        while True:  # Bob (and any bot) moves until it is Ann's turn
            version = settled(first)
            if driving.dataset(first)["yourTurn"] == "true":
                break
            assert bob.move(told_of(bob, version, turn=True))["type"] == "accepted"
            driving.wait_version(first, version)
        wait_at(second, version)
        second.wait_for_function("document.body?.dataset.yourTurn === 'true'")
        choose = random.Random(f"stale {game}")
        legal = driving.state(first)["legal"]
        made = choose.choice(legal)
        lag.hold()
        driving.play(first, made)
        driving.wait_version(first, version)
        assert driving.dataset(second)["version"] == str(version)  # the second tab has not heard of it yet
        driving.play(second, choose.choice([action for action in legal if action != made] or legal))
        refused = first_of(second, lag.held_messages, "refused")
        assert refused["request"] == "move" and refused["code"] == "stale", refused
        lag.release()
        now = settled(first)
        wait_at(second, now)
        second.wait_for_function(
            "text => document.querySelector('#message').textContent.includes(text)", arg=refused["message"]
        )
        assert second.locator("#message").is_visible()
        # nothing changed: no move of the second tab landed, the table is where the first tab's move
        # brought it, and both tabs show it
        assert not [message for message in browsers.received(second) if message["type"] == "accepted"]
        with web_server.http() as http:
            assert http.get(f"/tables/{table}").json()["version"] == now > version
        assert driving.state(first)["view"] == driving.state(second)["view"]
    finally:
        bob.close()
