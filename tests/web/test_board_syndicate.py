"""The Syndicate's board in a browser, from seat and spectator views of random games at 2 and 5 players:
drawn without a page error at the set-up, in every phase of a turn, near the end and at the end; every
legal action's click path is on the board and clicking it chooses that action; every kind of action with
a place on the board has a path; the spectator's board shows no hidden contract; every coloured thing
carries a letter or number; every action is said in words; the final scoring adds up to the scores; the
game's figures (costs, bribes, the scoring) are the view's, shown as it gives them."""

from __future__ import annotations

import copy
import json
import random
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

import phoenixgames as pg
from phoenixgames.games.syndicate.components import COLOURS, LETTERS
from tests.web.board_checks import assert_fits, last_moves, moves, piece_at

GAME = "syndicate"
PLAYER_COUNTS = (2, 5)
SEEDS = range(3)
#: The kinds of action (by their first word) that have a natural place on the board; the actions that
#: have none are chosen from the list.
KINDS_WITH_PATHS = {"place", "keep", "loot", "to", "collect", "expand", "gamble", "scheme", "contract", "connect"}
KINDS_WITH_PATHS |= {"join", "cash", "bribe", "pay", "exchange"}
LISTED_ONLY = {"stop", "join none"}


@dataclass(frozen=True)
class Position:
    name: str
    view: dict[str, Any]  # the seat to act's view (seat 0's at the end)
    public: dict[str, Any]
    views: tuple[dict[str, Any], ...]  # every seat's
    legal: tuple[str, ...]
    seat: int


def position(name: str, state: pg.GameState, *, every_view: bool = True) -> Position:
    """``state`` as the seat to act sees it; ``every_view``: with the public and every seat's view."""
    seat = 0 if state.is_over else state.current_player
    legal = () if state.is_over else tuple(str(a) for a in state.legal_actions())
    if not every_view:
        view = state.view(seat)
        return Position(name, view, {}, (view,), legal, seat)
    views = tuple(state.view(i) for i in range(len(state.scores)))
    return Position(name, views[seat], state.view(pg.PUBLIC), views, legal, seat)


@cache
def games() -> tuple[tuple[str, tuple[pg.GameState, ...]], ...]:
    """Whole random games, every state of each."""
    played = []
    for players in PLAYER_COUNTS:
        for seed in SEEDS:
            state = pg.new_game(GAME, players=players, seed=seed)
            choose = random.Random(seed)
            states = [state.copy()]
            while not state.is_over:
                state.apply(choose.choice(state.legal_actions()))
                states.append(state.copy())
            played.append((f"{players}p seed {seed}", tuple(states)))
    return tuple(played)


def situation(state: pg.GameState) -> tuple[Any, ...]:
    """What a position asks of its seat: the phase, whether an exchange is open, and in the bribe's
    phase whether the first resource (onto a slot) is still to pay."""
    legal = state.legal_actions()
    first = str(legal[0]).split()[0] if legal else None
    return (len(state.scores), state.phase, state.exchanging, first if first in ("bribe", "pay") else None)


@cache
def covering() -> tuple[Position, ...]:
    """A position of every situation met at each player count (the start and the end among them), and
    one near the end of each player count's first game."""
    seen: set[tuple[Any, ...]] = set()
    found = []
    for name, states in games():
        for at, state in enumerate(states):
            key = situation(state)
            if key not in seen or (name.endswith("seed 0") and at == len(states) - 3):
                seen.add(key)
                found.append(position(f"{name} action {at}", state))
    return tuple(found)


@cache
def many() -> tuple[Position, ...]:
    """Positions all through the games, for what needs no drawing (paths, sentences)."""
    return tuple(
        position(f"{name} action {at}", state, every_view=False)
        for name, states in games()
        for at, state in enumerate(states)
        if at % 30 == 0 and not state.is_over
    )


def test_every_situation_draws_with_every_path_on_the_board(board):
    for i, pos in enumerate(covering()):
        if i % 4 == 0 or pos.view["phase"] in ("place first agent", "over"):  # a spectator's board too
            page = board(GAME, pos.public, [], None)
            assert page.locator("#board .syn-seat").count() == pos.view["players"], pos.name
            assert page.locator("#board .syn-seat.mine, #board [data-pick^='card:']").count() == 0, pos.name
        page = board(GAME, pos.view, list(pos.legal), pos.seat)
        keys = page.evaluate("[...document.querySelectorAll('#board [data-pick]')].map(e => e.dataset.pick)")
        assert len(keys) == len(set(keys)), f"{pos.name}: a key twice on the board"
        for action, path in page.evaluate("window.harness.paths").items():
            missing = [key for key in path or [] if key not in keys]
            assert not missing, f"{pos.name}: {action!r} needs {missing}, not on the board"
        assert page.locator("#board svg .syn-tile").count() == 27, pos.name
        assert page.locator("#board .syn-seat").count() == pos.view["players"], pos.name
        assert page.locator("#board .syn-seat.mine").count() == 1, pos.name
        assert page.locator("#board .syn-final").count() == (pos.view["phase"] == "over"), pos.name


def paths_and_words(page: Any, positions: tuple[Position, ...]) -> list[list[list[Any]]]:
    """For each position, each legal action's [path, describe()], computed in the page."""
    return page.evaluate(
        """(items) => JSON.parse(items).map(([view, legal]) =>
             legal.map(a => [window.harness.module.path(a, view), window.harness.module.describe(a, view)]))""",
        json.dumps([[pos.view, pos.legal] for pos in positions]),
    )


def test_every_kind_of_action_with_a_place_on_the_board_has_a_path_and_every_action_a_sentence(board):
    page = board(GAME, covering()[0].view, [], None)
    positions = covering() + many()
    seen: set[str] = set()
    for pos, answers in zip(positions, paths_and_words(page, positions), strict=True):
        for action, (path, text) in zip(pos.legal, answers, strict=True):
            assert isinstance(text, str) and text and text != action, f"{pos.name}: {action!r} said as {text!r}"
            if action in LISTED_ONLY:
                assert path is None, f"{pos.name}: {action!r} has no place on the board"
                continue
            kind = action.split(" ")[0]
            assert kind in KINDS_WITH_PATHS, f"{pos.name}: an action of an unknown kind: {action!r}"
            assert path, f"{pos.name}: no path for {action!r}"
            seen.add(kind)
    assert seen == KINDS_WITH_PATHS, KINDS_WITH_PATHS - seen


def kind(action: str) -> str:
    """An action's kind: its first word; the opening of an exchange and an exchange are two kinds."""
    return action.split(" ")[0] + ("+" if action.startswith("exchange ") else "")


def to_try(legal: tuple[str, ...], tried: set[str], choose: random.Random) -> list[str]:
    """An action of each kind not tried yet (at most three), or else one action."""
    by_kind: dict[str, list[str]] = {}
    for action in legal:
        by_kind.setdefault(kind(action), []).append(action)
    fresh = [k for k in by_kind if k not in tried]
    kinds = fresh[:3] or [choose.choice(sorted(by_kind))]
    return [choose.choice(by_kind[k]) for k in kinds]


def test_clicking_a_path_on_the_board_chooses_its_action(board):
    choose = random.Random(5)
    tried: set[str] = set()
    for pos in covering():
        if not pos.legal:
            continue
        page = board(GAME, pos.view, list(pos.legal), pos.seat)
        paths = page.evaluate("window.harness.paths")
        for action in to_try(pos.legal, tried, choose):
            path = paths[action]
            if not path:
                continue
            before = len(page.evaluate("window.harness.chosen"))
            for key in path:
                page.click(f'#board [data-pick="{key}"]')
            chosen = page.evaluate("window.harness.chosen")[before:]
            sharing = [other for other, p in paths.items() if p == path]
            if len(sharing) == 1:
                assert chosen == [action], f"{pos.name}: clicked {path} for {action!r}, chose {chosen}"
            else:  # Gamble's two options share the card: offered as choices
                assert chosen == [] and action in page.evaluate("window.harness.candidates"), pos.name
                page.keyboard.press("Escape")
            tried.add(kind(action))
    assert {k.rstrip("+") for k in tried} == KINDS_WITH_PATHS, KINDS_WITH_PATHS - tried


def hidden_contracts(views: tuple[dict[str, Any], ...]) -> set[str]:
    """The contracts some seat sees that a spectator must not: hands (but those all saw taken), offers,
    Gamble's draw, the discards only that seat saw."""
    hidden: set[str] = set()
    for view in views:
        me = view["seats"][view["viewer"]]
        hidden |= set(view.get("hand", [])) - set(me["known_in_hand"])
        hidden |= set(view.get("offer", [])) | set(view.get("drawn", [])) | set(view.get("my_discards", []))
    return hidden


#: Every text and attribute value on the board.
BOARD_TEXT = """() => {
  const root = document.getElementById("board");
  const values = [...root.querySelectorAll("*")].flatMap(e => [...e.attributes].map(a => a.value));
  return root.textContent + " " + values.join(" ");
}"""


def test_the_spectators_board_shows_no_hidden_contract(board):
    checked = 0
    for pos in covering()[::3]:
        hidden = hidden_contracts(pos.views)
        if not hidden:
            continue
        page = board(GAME, pos.public, [], None)
        text = page.evaluate(BOARD_TEXT)
        assert not {code for code in hidden if code in text}, pos.name
        assert "Your hand" not in text and page.locator("#board .syn-seat.mine").count() == 0, pos.name
        own = hidden_contracts((pos.view,))
        if own:  # the seat's own board does show them: the check above can fail
            board(GAME, pos.view, [], pos.seat)
            text = page.evaluate(BOARD_TEXT)
            assert all(code in text for code in own), pos.name
            checked += 1
    assert checked >= 5


#: Whatever is coloured on the board, and whether it carries its letter (a resource), its ✶ (a deep
#: space gap) or its number (a seat).
COLOUR_MARKS = """() => {
  const root = document.getElementById("board");
  const wrong = [];
  const letter = (e) => { const m = /res-([RYGBP])/.exec(e.getAttribute("class")); return m && m[1]; };
  const seat = (e) => Number(/seat-(\\d)/.exec(e.getAttribute("class"))[1]);
  const label = (e) => e.nextElementSibling && e.nextElementSibling.textContent;
  const check = (selector, ok) => {
    for (const e of root.querySelectorAll(selector)) if (!ok(e)) wrong.push(e.outerHTML.slice(0, 100));
  };
  check(".syn-cube", (e) => e.textContent === letter(e));
  check("circle.syn-chip", (e) => label(e) === letter(e));
  check("circle.syn-gap-mark", (e) => label(e) === "✶");
  check("circle.syn-agent", (e) => label(e) === String(seat(e) + 1));
  check(".syn-pawn", (e) => e.textContent === String(seat(e) + 1));
  check(".syn-contract, .syn-contract-chip, .syn-guild", (e) => e.querySelector(".syn-cube") !== null);
  const count = (selector) => root.querySelectorAll(selector).length;
  return {wrong, cubes: count(".syn-cube"), chips: count("circle.syn-chip"), gaps: count("circle.syn-gap-mark"),
          agents: count("circle.syn-agent"), pawns: count(".syn-pawn")};
}"""


def test_every_coloured_thing_carries_a_letter_or_number(board):
    ends = [pos for pos in covering() if pos.view["phase"] == "over"][:2]
    for pos in [covering()[0], covering()[len(covering()) // 3], *ends]:
        page = board(GAME, pos.view, list(pos.legal), pos.seat)
        marks = page.evaluate(COLOUR_MARKS)
        assert marks["wrong"] == [], (pos.name, marks["wrong"][:3])
        assert marks["cubes"] > 20 and marks["chips"] > 60 and marks["gaps"] > 10, (pos.name, marks)
        assert marks["pawns"] >= pos.view["players"], (pos.name, marks)
    assert marks["agents"] > 0


def test_the_final_scoring_is_broken_down_and_adds_up(board):
    page = board(GAME, covering()[0].view, [], None)
    ends = [position(name, states[-1]) for name, states in games()]
    for pos in ends:
        for view in (pos.view, pos.public):
            totals = page.evaluate(
                """(view) => [...window.harness.module.scoring(view, {}).querySelectorAll('.syn-total')]
                              .map(e => Number(e.dataset.total))""",
                view,
            )
            assert totals == view["scores"], pos.name
    board(GAME, ends[0].public, [], None)
    text = page.evaluate("document.querySelector('#board .syn-status').textContent")
    assert "Game over" in text and ("wins" in text or "share" in text)
    assert page.locator("#board .syn-final tbody tr").count() == ends[0].view["players"]


def test_a_connections_sentence_says_the_cost_the_view_gives(board):
    """A connection's cost, said beside it, is the view's (``connect_costs``): changed there, it is said
    changed, so the board works out no link's cost of its own."""
    page = board(GAME, covering()[0].view, [], None)
    positions = tuple(pos for pos in covering() + many() if any(a.startswith("connect ") for a in pos.legal))
    said = 0
    for pos, answers in zip(positions, paths_and_words(page, positions), strict=True):
        for action, (_, text) in zip(pos.legal, answers, strict=True):
            if action.startswith("connect "):
                cost = pos.view["connect_costs"][action]["cost"]
                assert f"costs {resource_text(cost)}" in text, (pos.name, action, text)
                said += 1
    assert said >= 10
    pos = positions[0]
    action = next(a for a in pos.legal if a.startswith("connect "))
    view = copy.deepcopy(pos.view)
    view["connect_costs"][action] = {"cost": only(R=9), "gaps": 2}
    [[(_, text)]] = paths_and_words(page, (replace(pos, view=view, legal=(action,)),))
    assert text.endswith(": costs 9R (deep space)"), text


def resource_text(resources: dict[str, int]) -> str:
    """Resources as the board writes them: "2R 1B"."""
    return " ".join(f"{resources[letter]}{letter}" for letter in LETTERS if resources[letter])


def only(**counts: int) -> dict[str, int]:
    """Resources as a view holds them, by letter: ``only(R=9)``, none of the other colours."""
    return {letter: counts.get(letter, 0) for letter in LETTERS}


def test_the_board_shows_the_games_figures_as_the_view_gives_them(board):
    """The scoring, the guilds' costs, the bribes, what cashing in and acquiring bring (on a tile and
    for the seat to act), the last reshuffle: each changed in the view, the board shows it changed."""
    end = position("end", games()[0][1][-1])
    view = copy.deepcopy(end.view)
    view["scoring"][0]["total"] = 987
    view["scoring"][0]["guilds"] = {"green": 42}
    view["scoring_awards"]["variety_first"] = 8
    view["guild_costs"]["blue"] = 17
    view["last_reshuffle"] = 7
    view["bribes"][0]["expand"] = 6
    view["acquire"]["P1"] = {"alone": only(P=6), "shared": only(P=5)}
    page = board(GAME, view, [], 0)
    text = page.evaluate(BOARD_TEXT)
    assert page.locator('#board .syn-total[data-seat="0"]').get_attribute("data-total") == "987"
    assert "987" in page.locator("#board .syn-final").inner_text()
    for shown in ("G42", "most colours +8", "cost 17B", "of 7 times"):
        assert shown in text, shown
    title = page.locator('#board [data-tile="P1"] > title').text_content()
    assert "Acquire: 6 purple (5 purple if another player has an agent there)" in title, title
    assert "Bribe: 6" in page.locator('#board .syn-seat.mine [data-card="expand"]').get_attribute("title")

    states = games()[0][1]
    mid = next(
        position("mid", state, every_view=False)
        for state in states
        if any(str(a).startswith("collect ") for a in state.legal_actions())
        and state.view(state.current_player)["hand"]
    )
    view = copy.deepcopy(mid.view)
    view["cash_in"] = [{"face_up": True, "credits": 8}] * 4
    action = next(a for a in mid.legal if a.startswith("collect "))
    view["acquire_now"][action.split()[1]] = only(B=7)
    page = board(GAME, view, list(mid.legal), mid.seat)
    values = page.locator("#board .syn-seat.mine .syn-contract-value").all_inner_texts()
    assert values and all("+8 credits" in value for value in values), values
    [[(_, text)]] = paths_and_words(page, (replace(mid, view=view, legal=(action,)),))
    assert text.endswith("(7 blue)"), text


def test_the_last_move_of_every_kind_shows_on_the_board(board):
    """lastMove names the mover's action card, the tiles, slot and guild the move was made at, the agent
    it placed, the resources it paid or took, from the mover's view, another seat's and the spectator's.
    Stopping, joining no guild and opening an exchange leave no mark; a contract cashed in and
    discarded neither."""
    sample = list(moves(GAME, 3, 62, every=60))
    found = last_moves(board, GAME, iter(sample), leave_no_mark={"stop", "join", "exchange", "cash"})
    assert set(found) >= KINDS_WITH_PATHS, KINDS_WITH_PATHS - set(found)
    for kind, played in found.items():
        for action, seat, _, answers, _ in played:
            assert [a["key"] for a in answers] == expected_marks(action, seat, answers), action
            for agent in (a for a in answers if a["key"].startswith("agent:")):
                tile = action.split()[1].split(">")[-1]  # where it was placed: the tile, or the one connected to
                assert agent["key"].startswith(f"agent:{seat}#") and agent["inside"] == [tile], agent
            if kind == "place":
                assert any(a["key"].startswith("agent:") for a in answers), action


def expected_marks(action: str, seat: int, answers: list[dict[str, Any]]) -> list[str]:
    """The keys a move of ``seat`` should be shown at; where it placed an agent or which contract it
    cashed in, as found (``answers``) and checked by the caller."""
    words = action.split()
    kind = words[0]
    card = f"card:{seat}:{'loot' if kind == 'to' else kind}"
    found = [a["key"] for a in answers if a["key"].startswith(("agent:", "contract:"))]
    if kind in ("place", "to"):
        return [f"tile:{words[1]}", *found]
    if kind in ("loot", "collect", "expand"):
        return [card, f"tile:{words[-1]}"]
    if kind == "gamble":
        return [card]
    if kind == "contract":
        return [card, f"slot:{words[1].removeprefix('slot')}"]
    if kind == "scheme":
        return [card, *found, f"tile:{words[2]}"]
    if kind == "connect":
        return [*(f"tile:{tile}" for tile in words[1].split(">")), *found]
    if kind == "keep":
        return [f"count:hand{seat}"]
    if kind == "join":
        return [] if words[1] == "none" else [f"guild:{words[1]}"]
    if kind == "cash":
        return found
    resource = {colour: f"count:res{seat}:{letter}" for colour, letter in zip(COLOURS, LETTERS, strict=True)}
    if kind == "bribe":
        return [resource[words[1]], f"slot:{words[2].removeprefix('slot')}"]
    if kind == "pay":
        return [resource[words[1]]]
    if kind == "exchange":
        return [resource[words[3]]] if len(words) == 4 else []
    return []


def test_a_contract_claimed_keeps_its_piece_id_from_the_slot_to_the_hand(board):
    states = games()[0][1]
    state = next(s for s in states[:-1] if any(str(a).startswith("contract ") for a in s.legal_actions())).copy()
    seat = state.current_player
    action = next(str(a) for a in state.legal_actions() if str(a).startswith("contract "))
    slot = action.split()[1].removeprefix("slot")
    page = board(GAME, state.view(seat), [], seat)
    code = page.get_attribute(f'#board [data-slot="{slot}"] .syn-contract', "data-contract")
    before = piece_at(page, f'[data-slot="{slot}"] .syn-contract')
    state.apply(action)
    page = board(GAME, state.view(seat), [], seat)
    assert before and piece_at(page, f'.syn-seat.mine [data-contract="{code}"]') == before


def test_the_board_fits_a_phone_and_a_wide_window(board):
    """Five players in the set-up, along the game (from the seat to act and the spectator) and at the
    end: at 390 px, at a table page's 880 and at 1280, no control overlaps another or lies outside the
    page (the galaxy scrolls sideways on a phone), no text under 11 px."""
    states = next(states for name, states in games() if name.startswith("5p"))
    along = states[len(states) // 2]
    shown = [position("start", states[0]), position("along", along), position("end", states[-1])]
    assert_fits(board, GAME, [(pos.view, list(pos.legal), pos.seat) for pos in shown] + [(shown[1].public, [], None)])
