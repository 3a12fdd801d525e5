"""Checks the board tests share: where a move shows (a board's ``lastMove``), and the pieces' ids
(``data-piece``) and counters (``data-count``) a board draws for the table to animate.

``last_moves`` plays a random game and, after a sample of its moves (the first few of each kind, then
every ``every``-th), draws the board for the mover, another seat or the spectator in turn and asks
``lastMove(action, seat, view)`` where the move shows: each key it gives must be on the board (a
``data-pick`` or a ``data-piece``), and it may give none only for the kinds of action that leave no mark.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import phoenixgames as pg
from tests.web.layout import assert_layout

#: What lastMove gives, and for each key what it names on the board: how many elements carry it, and of
#: the first its classes and data attributes (data-card, data-half...), the seat of the area it is in and
#: the places it lies in (a slot, a nest, a tile, an activity).
FIND = """([action, seat, view]) => {
  const board = document.getElementById("board");
  const keys = window.harness.module.lastMove(action, seat, view);
  return keys.map((key) => {
    const value = CSS.escape(key);
    const found = board.querySelectorAll(`[data-pick="${value}"], [data-piece="${value}"]`);
    const first = found[0];
    const area = first && first.closest("[data-seat]");
    return {key, count: found.length, classes: first ? String(first.getAttribute("class") || "") : "",
            data: first ? Object.assign({}, first.dataset) : {}, seat: area ? Number(area.dataset.seat) : null,
            inside: first ? [...board.querySelectorAll("[data-slot], [data-nest], [data-tile], [data-activity]")]
              .filter((e) => e.contains(first))
              .map((e) => e.dataset.slot || e.dataset.nest || e.dataset.tile || e.dataset.activity) : []};
  });
}"""

#: Every piece and counter of the board drawn: its id, its data-count (or null), its text.
PIECES = """() => [...document.querySelectorAll("#board [data-piece]")].map((e) =>
  [e.dataset.piece, e.dataset.count === undefined ? null : e.dataset.count, e.textContent.trim()])"""


def _json(value: Any) -> Any:
    return json.loads(json.dumps(value))


def moves(game: str, players: int, seed: int, every: int) -> Iterator[tuple[Any, str, int]]:
    """(the state after the move, the move's notation, its seat) for a sample of a random game's moves:
    the first three of each kind and every ``every``-th."""
    state = pg.new_game(game, players=players, seed=seed)
    rng = random.Random(seed)
    kinds: Counter[str] = Counter()
    at = 0
    while not state.is_over:
        seat = state.current_player
        action = str(rng.choice(state.legal_actions()))
        state.apply(action)
        kind = action.split()[0]
        kinds[kind] += 1
        at += 1
        if kinds[kind] <= 3 or at % every == 0:
            yield state.copy(), action, seat


def last_moves(board: Any, game: str, sample: Iterator[tuple[Any, str, int]], leave_no_mark: set[str]) -> dict:
    """Draws each position of ``sample`` and checks where its move shows; gives, by kind of action, the
    moves with their seat, the viewer, the answers found (``FIND``'s) and the view drawn, for the
    caller's checks of what they name."""
    found: dict[str, list[tuple[str, int, int | None, list[dict[str, Any]], dict[str, Any]]]] = {}
    for number, (state, action, seat) in enumerate(sample):
        players = state.num_players
        viewer = [seat, (seat + 1) % players, None][number % 3]
        view = _json(state.view(pg.PUBLIC if viewer is None else viewer))
        legal = [] if viewer is None or state.is_over else view.get("legal_actions", [])
        page = board(game, view, legal, viewer)
        public = state.public_record()["actions"][-1]  # others see the move as the public record tells it
        told = action if viewer == seat else public
        answers = page.evaluate(FIND, [told, seat, view])
        kind = action.split()[0]
        assert all(answer["count"] >= 1 for answer in answers), (action, viewer, answers)
        assert answers or kind in leave_no_mark, f"{action!r} of seat {seat} shows nowhere ({viewer=})"
        pieces = page.evaluate(PIECES)
        ids = [piece for piece, _, _ in pieces]
        assert len(ids) == len(set(ids)), [i for i, n in Counter(ids).items() if n > 1]
        for piece, count, text in pieces:
            assert count is None or (count.lstrip("-").isdigit() and text == count), (piece, count, text)
        found.setdefault(kind, []).append((action, seat, viewer, answers, view))
    return found


def piece_at(page: Any, selector: str) -> str | None:
    """The data-piece of the last element ``selector`` finds on the board, or None."""
    return page.evaluate(
        """(selector) => { const all = document.querySelectorAll(selector);
                          return all.length ? all[all.length - 1].dataset.piece || null : null; }""",
        f"#board {selector}",
    )


#: The sizes a board is checked at: a phone, the board of a table page at 1280x800 (beside the side
#: column), and a whole wide window.
SIZES = ((390, 844), (880, 800), (1280, 800))


def assert_fits(board: Any, game: str, shown: list[tuple[dict[str, Any], list[str], int | None]]) -> None:
    """Each (view, legal actions, seat) drawn in the harness at every size of ``SIZES``: no two controls
    overlap, none lies outside the page (which does not scroll sideways), no text of the board is under
    11 px (tests/web/layout.py)."""
    for view, legal, seat in shown:
        page = board(game, _json(view), legal, seat)
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            assert_layout(page, log=False, where=f"{game} seen by {seat}, phase {view.get('phase')}")
        page.set_viewport_size({"width": 1400, "height": 1000})
