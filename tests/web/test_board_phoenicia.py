"""Phoenicia's board in the browser: drawn from positions of random games at 2 and 5 players (the start,
along the game, near the end, the end), from the seat to act and from the spectator; every legal action's
click path on the board and clicked in the page; no hidden card on a page that may not show it; every
coloured thing with a letter or symbol beside its colour."""

from __future__ import annotations

import json
import random
from collections import defaultdict
from typing import Any

import pytest

import phoenixgames as pg
from tests.web.board_checks import assert_fits, last_moves, moves, piece_at

GAME = "phoenicia"

#: The kinds of action (the first word of the notation) clicked on the board; ``end`` is chosen from the
#: list only.
ON_BOARD = {"auction", "bid", "pass", "train", "employ", "shift", "tool", "vp", "convert"}
#: The kinds random play reaches in the positions below (the City Centre's ``vp`` may not come up).
MUST_SEE = ON_BOARD - {"vp"} | {"end"}


def _game(players: int, seed: int) -> list[Any]:
    """Positions of one random game: the start, four along it, the last decisions and the end."""
    state = pg.new_game(GAME, players=players, seed=seed)
    chooser = random.Random(seed)
    actions = []
    while not state.is_over:
        action = chooser.choice(state.legal_actions())
        actions.append(action)
        state.apply(action)
    wanted = {0, len(actions) - 1, len(actions) - 3, *(len(actions) * k // 5 for k in range(1, 5))}
    replay = pg.new_game(GAME, players=players, seed=seed)
    positions = []
    for at, action in enumerate(actions):
        if at in wanted:
            positions.append(replay.copy())
        replay.apply(action)
    positions.append(replay)
    return positions


@pytest.fixture(scope="module")
def positions() -> list[Any]:
    return [state for players, seed in ((2, 1), (2, 2), (5, 4), (5, 5)) for state in _game(players, seed)]


def _json(value: Any) -> Any:
    return json.loads(json.dumps(value))


def _show_seat(board: Any, state: Any) -> tuple[Any, dict[str, Any], list[str], int]:
    """The board as the seat to act sees it (seat 0 once the game is over), with its legal actions."""
    seat = 0 if state.is_over else state.current_player
    view = _json(state.view(seat))
    legal = [] if state.is_over else [str(a) for a in state.legal_actions()]
    return board(GAME, view, legal, seat), view, legal, seat


_MISSING_KEYS = """() => {
  const missing = [];
  for (const [action, path] of Object.entries(window.harness.paths)) {
    for (const key of path || []) {
      const found = document.querySelectorAll(`#board [data-pick="${CSS.escape(key)}"]`).length;
      if (found !== 1) missing.push([action, key, found]);
    }
  }
  return missing;
}"""


def test_every_legal_action_on_the_board_has_its_path_there_and_the_list_only_ends_the_turn(board, positions):
    kinds_seen: dict[str, int] = defaultdict(int)
    with_path: dict[str, int] = defaultdict(int)
    for state in positions:
        page, _, legal, _ = _show_seat(board, state)
        assert page.locator("#board .ph-settlement").count() == state.num_players
        assert page.evaluate(_MISSING_KEYS) == []
        paths = page.evaluate("window.harness.paths")
        for action in legal:
            kind = action.split()[0]
            kinds_seen[kind] += 1
            with_path[kind] += paths[action] is not None
    assert set(kinds_seen) >= MUST_SEE, kinds_seen
    for kind, count in kinds_seen.items():
        assert with_path[kind] == (count if kind in ON_BOARD else 0), (kind, count, with_path[kind])


def _click_path(page: Any, path: list[str]) -> None:
    for key in path:
        page.click(f'#board [data-pick="{key}"]')


def test_clicking_a_path_chooses_its_action_or_offers_it_among_the_choices(board, positions):
    per_kind: dict[str, int] = defaultdict(int)
    chooser = random.Random(7)
    clicked = 0
    for state in positions:
        if state.is_over:
            continue
        page, _, legal, _ = _show_seat(board, state)
        paths = page.evaluate("window.harness.paths")
        sample = [a for a in legal if paths[a] and per_kind[a.split()[0]] < 4]
        for action in chooser.sample(sample, min(2, len(sample))):
            per_kind[action.split()[0]] += 1
            before = len(page.evaluate("window.harness.chosen"))
            _click_path(page, paths[action])
            chosen = page.evaluate("window.harness.chosen")
            candidates = page.evaluate("window.harness.candidates")
            shared = [a for a in legal if paths[a] == paths[action]]
            if len(shared) == 1:
                assert chosen[before:] == [action], (action, paths[action], chosen[before:], candidates)
            else:
                assert chosen[before:] == [] and action in candidates and set(candidates) == set(shared)
                page.keyboard.press("Escape")
            clicked += 1
    assert {"auction", "bid", "train", "employ", "shift", "tool", "convert"} <= set(per_kind), per_kind
    assert clicked >= 20


def test_a_bid_is_the_auctioned_card_then_an_amount_among_the_choices(board, positions):
    for state in positions:
        view = state.view(pg.PUBLIC)
        bids = [str(a) for a in state.legal_actions() if str(a).startswith("bid ")]
        if len(bids) < 2:
            continue
        page, *_ = _show_seat(board, state)
        page.click('#board [data-pick="auction-card"]')
        assert sorted(page.evaluate("window.harness.candidates")) == sorted(bids)
        assert page.locator("#board .ph-auction").inner_text().count(view["auction"]["card"]) >= 1
        page.keyboard.press("Escape")
        return
    pytest.fail("no auction in the positions")


def _face_up(page: Any) -> dict[int, list[str]]:
    """The production cards drawn face up in each settlement, by seat."""
    found = page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('#board .ph-settlement')].map((el) =>
            [el.dataset.seat, [...el.querySelectorAll('[data-hand-card]')].map((c) => c.dataset.handCard)]))"""
    )
    return {int(seat): sorted(cards) for seat, cards in found.items()}


def test_no_page_shows_a_production_card_its_view_does_not_hold(board, positions):
    for at, state in enumerate(positions):
        public = _json(state.view(pg.PUBLIC))
        presets = {seat: ["P5"] * s["presets_in_hand"] for seat, s in enumerate(public["settlements"])}
        page = board(GAME, public, [], None)
        shown = _face_up(page)
        if state.is_over:
            assert shown == {seat: sorted(hand) for seat, hand in enumerate(public["hands"])}
            continue
        assert shown == presets, "the spectator sees a production card in hand"
        down = page.locator("#board .ph-prod-card.ph-face-down").count()
        assert down == sum(s["cards_in_hand"] - s["presets_in_hand"] for s in public["settlements"])
        for seat in range(state.num_players) if at % 3 == 1 else ():
            view = _json(state.view(seat))
            page = board(GAME, view, [], seat)
            assert _face_up(page) == {**presets, seat: sorted(view["hand"])}


_COLOURS = "[...document.querySelectorAll('#board [data-colour]')].map((e) => e.dataset.colour)"


def test_every_coloured_thing_carries_a_number_a_name_or_a_symbol(board, positions):
    for state in (positions[5], positions[-1]):
        page, *_ = _show_seat(board, state)
        blank = page.evaluate(
            """() => [...document.querySelectorAll('#board [data-colour]')]
                 .filter((el) => !el.textContent.trim()).map((el) => el.outerHTML.slice(0, 80))"""
        )
        assert blank == []
        colours = set(page.evaluate(_COLOURS))
        assert {f"seat-{seat}" for seat in range(state.num_players)} <= colours
        assert {"hunting", "farming", "mining", "clothmaking"} <= colours


def test_every_action_is_described_in_words_and_the_board_names_its_parts(board, positions):
    for state in positions[::3]:
        if state.is_over:
            continue
        page, view, legal, seat = _show_seat(board, state)
        texts = page.evaluate(
            "([legal, view]) => legal.map((a) => window.harness.module.describe(a, view))", [legal, view]
        )
        for action, text in zip(legal, texts, strict=True):
            assert text != action and text[0].isupper() and "undefined" not in text and "?" not in text, (action, text)
        assert page.locator("#board .ph-status").inner_text().startswith(("You:", "Your turn"))
        board_text = page.locator("#board").inner_text()
        for words in ("your settlement", "For auction", "Victory points", "Production deck", "Training ground"):
            assert words in board_text, words


def test_the_end_shows_the_winner_and_the_scoring_broken_down(board, positions):
    ends = [state for state in positions if state.is_over]
    assert len(ends) == 4
    for state in ends:
        view = _json(state.view(pg.PUBLIC))
        page = board(GAME, view, [], None)
        assert "Game over" in page.locator("#board .ph-status").inner_text()
        winners = page.locator("#board .ph-tag.ph-winner").count()
        assert winners == len(view["winners"]) >= 1
        rows = page.evaluate(
            """(view) => {
                 const el = window.harness.module.scoring(view, {seat: null, names: null});
                 return [...el.querySelectorAll('tbody tr')].map((tr) => tr.querySelector('.ph-total').textContent);
               }""",
            view,
        )
        assert rows == [str(s["vp"]) for s in view["settlements"]]


def test_the_sources_of_a_view_add_up_to_each_settlements_vp_and_production(positions):
    for state in positions:
        view = state.view(pg.PUBLIC)
        for settlement, sources in zip(view["settlements"], view["sources"], strict=True):
            activities = sources["activities"].values()
            cards = sources["development_cards"].values()
            vp = sum(a["vp"] for a in activities) + sum(c["vp"] for c in cards) + sources["city_centre_vp"]
            production = sum(a["production"] for a in activities) + sum(c["production"] for c in cards)
            assert (vp, production) == (settlement["vp"], settlement["production"])
            copies = {name: c["copies"] for name, c in sources["development_cards"].items()}
            assert copies == settlement["development_cards"]


def test_the_last_move_of_every_kind_shows_on_the_board(board):
    """lastMove names the card up for auction, the mover's bid (or pass) in the auction, the worker
    trained, employed or shifted (on the tile it went to), the tool disk bought, the VP and the disks
    counters: from the mover's view, another seat's and the spectator's. Ending a turn leaves no mark,
    nor a bid or a pass that ended the auction (the card bought shows in the winner's settlement)."""
    sample = list(moves(GAME, 3, 52, every=15))
    found = last_moves(board, GAME, iter(sample), leave_no_mark={"end", "bid", "pass"})
    assert ON_BOARD - {"vp"} <= set(found), set(found)
    for kind, played in found.items():
        for action, seat, _, answers, view in played:
            words = action.split()
            keys = [answer["key"] for answer in answers]
            if kind == "auction":
                assert keys == ["auction-card"], (action, keys)
            elif kind in ("bid", "pass"):  # in the auction, while it lasts
                assert keys == ([f"bid:{seat}"] if view.get("auction") else []), (action, keys)
            elif kind in ("train", "employ", "shift", "tool"):
                [answer] = answers
                where = None if kind == "train" else words[-1]  # the tile a worker or disk went to
                assert answer["seat"] == seat and answer["inside"] == ([where] if where else []), (action, answer)
                assert ("ph-tool" if kind == "tool" else "ph-worker") in answer["classes"], (action, answer)
            elif kind in ("vp", "convert"):
                assert keys == [f"count:{'vp' if kind == 'vp' else 'disks'}{seat}"], (action, keys)


def test_a_worker_employed_keeps_its_piece_id_from_the_training_ground_to_the_tile(board):
    state = pg.new_game(GAME, players=2, seed=53)
    rng = random.Random(53)
    while not any(str(a).startswith("employ ") for a in state.legal_actions()):
        state.apply(rng.choice(state.legal_actions()))
    seat = state.current_player
    action = next(str(a) for a in state.legal_actions() if str(a).startswith("employ "))
    activity = action.split()[1]
    page = board(GAME, _json(state.view(seat)), [], seat)
    before = piece_at(page, f'[data-seat="{seat}"] [data-pick="trained"] .ph-worker')
    state.apply(action)
    page = board(GAME, _json(state.view(seat)), [], seat)
    assert before and piece_at(page, f'[data-seat="{seat}"] [data-activity="{activity}"] .ph-worker') == before


def test_the_board_fits_a_phone_and_a_wide_window(board, positions):
    """Five players along the game (from the seat to act and the spectator) and the end: at 390 px, at
    a table page's 880 and at 1280, no control overlaps another or lies outside the page, no text under
    11 px."""
    five = [state for state in positions if state.num_players == 5]
    along, end = five[3], five[-1]
    seat = along.current_player
    legal = [str(a) for a in along.legal_actions()]
    assert_fits(board, GAME, [(along.view(seat), legal, seat), (along.view(pg.PUBLIC), [], None), (end.view(0), [], 0)])
