"""The browser board of Schatz des Phönix (``web/js/boards/schatz.js``), drawn in the test harness from
positions of random games at two and six players (and four): it draws without a page error from a
seat's view and from the spectator's, at the start, while cards are laid and drawn, while treasures are
handed out and at the end; every legal action's click path is made of keys on the board, and clicking
it chooses that action; plays, draws and picks all have paths; the spectator's board shows no card of
any hand; every coloured card carries its letter. Also the view's ``round_results`` that the board's
scoring reads: the same distribution, nest by nest, as the game's events told."""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from typing import Any

import pytest

import phoenixgames as pg
from tests.web.board_checks import assert_fits, last_moves, moves, piece_at

GAME = "schatz"

#: What the tests read of a board, in one round trip: its keys, the path of each legal action, the
#: face-up cards it shows of the cards in play now (not the backs, the empty places, the list of what
#: the deck may hold or the tables of past rounds) and its text.
READ = """() => {
  const board = document.getElementById("board");
  return {
    keys: [...board.querySelectorAll("[data-pick]")].map((e) => e.getAttribute("data-pick")),
    paths: window.harness.paths,
    cards: [...board.querySelectorAll(".sz-card[data-card]")]
      .filter((e) => !e.closest(".sz-may-hold, .sz-rounds, .sz-legend"))
      .map((e) => e.getAttribute("data-card")),
    text: board.innerText,
  };
}"""


def _game(players: int, seed: int) -> list[Any]:
    """Four positions of one random game, chosen by its seed: one where a card is to be laid, one where
    one is to be drawn, one where a treasure is to be picked, and the end (seeds 1, 2, 5, 6, 9...) or
    the last position of the third round where a card is laid (the others)."""
    state = pg.new_game(GAME, players=players, seed=seed)
    rng = random.Random(seed)
    by_phase: dict[str, list[Any]] = {"play": [state.copy()], "draw": [], "pick": []}
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
        if not state.is_over:
            by_phase[state.view(pg.PUBLIC)["phase"]].append(state.copy())
    late = state if seed % 4 in (1, 2) else by_phase["play"][-1]
    return [rng.choice(by_phase["play"]), rng.choice(by_phase["draw"]), rng.choice(by_phase["pick"]), late]


#: The games: eight seeds at two and at six players (the most), and one at four.
GAMES = ((2, 1), (6, 2), (2, 3), (6, 4), (2, 5), (6, 6), (2, 7), (6, 8), (4, 9))


@cache
def positions() -> tuple[Any, ...]:
    return tuple(p for players, seed in GAMES for p in _game(players, seed))


def _show(board, state: Any, seat: int | None) -> tuple[dict[str, Any], dict[str, Any], list[str]]:
    """``state`` drawn for ``seat`` (``None``: the spectator): what the board shows, the view, the legal
    actions."""
    view = state.view(pg.PUBLIC if seat is None else seat)
    legal = view.get("legal_actions", [])
    return board(GAME, view, legal, seat).evaluate(READ), view, legal


def _public_cards(view: dict[str, Any]) -> Counter:
    """The cards in play that every one may see: beside the nests and face up."""
    cards = Counter(code for nest in view["nests"] for side in nest["sides"] for code in side)
    if view["face_up"]:
        cards[view["face_up"]] += 1
    return cards


def _natural_path(action: str) -> list[str]:
    words = action.split()
    return {
        "play": lambda: [f"hand:{words[1]}", f"nest:{words[-1].removeprefix('nest')}"],
        "draw": lambda: ["deck"],
        "take": lambda: ["faceup"],
        "pick": lambda: [f"treasure:{words[-1]}"],
    }[words[0]]()


def test_positions_cover_every_phase_at_two_and_six_players():
    phases = {(s.num_players, s.view(pg.PUBLIC)["phase"]) for s in positions()}
    for players in (2, 6):
        assert {(players, phase) for phase in ("play", "draw", "pick", "over")} <= phases


def test_every_position_is_drawn_for_a_seat_and_a_spectator_with_every_path_on_it(board):
    """Each position from the view of the seat to act, of another seat and of the spectator: its keys,
    the natural path of every legal action on them, the cards the viewer may see and no other."""
    with_path: Counter[str] = Counter()
    for number, state in enumerate(positions()):
        acting = state.current_player if state.current_player is not None else 0
        hands = [state.view(seat)["hand"] for seat in range(state.num_players)]
        another = [(acting + 1) % state.num_players] if number % 3 == 0 else []
        for seat in [acting, *another, None]:
            shown, view, legal = _show(board, state, seat)
            keys, text, cards = shown["keys"], shown["text"], Counter(shown["cards"])
            assert len(keys) == len(set(keys)), f"keys on the board twice: {sorted(keys)}"
            for action in legal:
                path = shown["paths"][action]
                assert path == _natural_path(action), action
                assert all(key in keys for key in path), f"{action}: {path} not all on the board"
                with_path[action.split()[0]] += 1
            known = [Counter(k) for k in view["known_cards"]]
            if seat is None:  # no hand: only the cards all saw taken face up
                assert cards == _public_cards(view) + sum(known, Counter())
                hidden = sum((Counter(hand) - known[s] for s, hand in enumerate(hands)), Counter())
                assert not (cards - _public_cards(view) - sum(known, Counter())) & hidden
                assert not any(key.startswith("hand:") for key in keys) and "Your hand" not in text
                assert "Watching" in text
            else:
                others = sum((k for s, k in enumerate(known) if s != seat), Counter())
                assert cards == _public_cards(view) + Counter(view["hand"]) + others
                assert f"You are Seat {seat + 1}" in text and "(you)" in text
                assert f"Your hand: {len(view['hand'])} card" in text
            assert f"Deck: {view['deck_size']} card" in text
            if view["phase"] != "over":
                assert f"Round {view['round']} of 3" in text
                assert "Nest 1" in text and "Nest 3 · big nest" in text and "▶" in text
    # every kind of action that has a place on the board was offered its path, many times
    assert all(with_path[kind] >= 5 for kind in ("play", "draw", "take", "pick")), with_path


def _sample(legal: list[str], rng: random.Random) -> list[str]:
    """One action of each kind."""
    by_kind: dict[str, list[str]] = {}
    for action in legal:
        by_kind.setdefault(action.split()[0], []).append(action)
    return [rng.choice(actions) for actions in by_kind.values()]


def test_clicking_a_path_on_the_board_chooses_its_action(board):
    rng = random.Random(7)
    clicked: Counter[str] = Counter()
    for state in positions()[::3]:
        seat = state.current_player
        if seat is None:
            continue
        view = state.view(seat)
        for action in _sample(view["legal_actions"], rng):
            page = board(GAME, view, view["legal_actions"], seat)
            for key in _natural_path(action):
                assert page.locator(f'#board [data-pick="{key}"].pickable').count() == 1, (action, key)
                page.click(f'#board [data-pick="{key}"]')
            chosen = page.evaluate("() => window.harness.chosen.splice(0)")
            candidates = page.evaluate("() => window.harness.candidates")
            assert chosen == [action] or action in candidates, (action, chosen, candidates)
            clicked[action.split()[0]] += 1
    assert all(clicked[kind] >= 2 for kind in ("play", "draw", "take", "pick")), clicked


def test_a_card_clicked_first_offers_only_the_nests_it_can_go_to(board):
    state = next(s for s in positions() if s.num_players == 2 and s.view(pg.PUBLIC)["phase"] == "play")
    seat = state.current_player
    view = state.view(seat)
    page = board(GAME, view, view["legal_actions"], seat)
    card = view["hand"][0]
    page.click(f'#board [data-pick="hand:{card}"]')
    pickable = page.evaluate(
        "() => [...document.querySelectorAll('#board .pickable')].map((e) => e.getAttribute('data-pick'))"
    )
    nests = sorted(f"nest:{a.split()[-1].removeprefix('nest')}" for a in view["legal_actions"] if f"play {card} " in a)
    assert sorted(key for key in pickable if key.startswith("nest:")) == nests
    assert page.evaluate("() => window.harness.chosen") == []
    prompt = page.evaluate("(view) => window.harness.module.prompt(['hand:' + view.hand[0]], [], view)", view)
    assert "nest" in prompt


def test_every_coloured_thing_carries_a_letter_or_a_number(board):
    state = positions()[len(positions()) // 2]
    page = board(GAME, state.view(state.current_player), [], state.current_player)
    faces = page.evaluate(
        """() => [...document.querySelectorAll('#board .sz-card[data-card]')].map((e) => ({
          code: e.getAttribute('data-card'), text: e.textContent.replace(/\\s+/g, ''),
          colour: getComputedStyle(e).backgroundColor}))"""
    )
    assert len(faces) >= 5
    for face in faces:
        letter, value = face["code"][0], face["code"][1:].replace("x", "×")
        assert face["text"] == letter + value, face
    colours = {face["code"][0]: face["colour"] for face in faces}
    assert len(set(colours.values())) == len(colours)  # the colours differ, and each has its letter too
    tokens = page.evaluate("() => [...document.querySelectorAll('#board .sz-token')].map((e) => e.innerText.trim())")
    assert tokens and all(text.replace("\n", "").removesuffix("L").isdigit() for text in tokens), tokens
    marks = page.evaluate(READ)["text"]
    assert "★" in marks and "▶" in marks


def test_every_action_is_described_in_words(board):
    page = board(GAME, positions()[0].view(pg.PUBLIC), [], None)  # loads the board's module
    kinds: Counter[str] = Counter()
    for state in positions():
        seat = state.current_player
        if seat is None:
            continue
        view = state.view(seat)
        legal = view["legal_actions"]
        described = page.evaluate(
            "([legal, view]) => legal.map((a) => window.harness.module.describe(a, view))", [legal, view]
        )
        for action, text in zip(legal, described, strict=True):
            kind = action.split()[0]
            assert (
                text != action
                and {"play": "beside nest", "draw": "deck", "take": "face-up", "pick": "Pick"}[kind] in text
            )
            kinds[kind] += 1
    assert set(kinds) == {"play", "draw", "take", "pick"}


@pytest.mark.parametrize("players", [2, 6])
def test_the_end_shows_the_final_scoring_round_by_round(board, players):
    state = next(s for s in reversed(positions()) if s.num_players == players and s.is_over)
    view = state.view(pg.PUBLIC)
    page = board(GAME, view, [], None)
    rows = page.evaluate(
        """() => [...document.querySelectorAll('#board .sz-scoring tbody tr')].map((row) =>
          row.querySelector('.sz-total').innerText)"""
    )
    assert [int(text.split()[0]) for text in rows] == view["scores"]
    assert sum("winner" in text for text in rows) == len(view["winners"])
    assert page.locator("#board table.sz-results").count() == 3
    assert "Game over" in page.evaluate(READ)["text"]
    scoring = page.evaluate("(view) => window.harness.module.scoring(view, {seat: null, names: null}).innerText", view)
    assert "Round 3" in scoring and "Final scoring" in scoring


def test_the_round_results_of_the_view_are_those_the_events_told():
    for players, seed in ((2, 11), (3, 12), (5, 13), (6, 14)):
        state = pg.new_game(GAME, players=players, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            view = state.view(pg.PUBLIC)
            assert len(view["round_results"]) == (3 if state.is_over else view["round"] - 1)
        events = state.events(pg.PUBLIC)
        results = state.view(pg.PUBLIC)["round_results"]
        assert len(results) == 3
        told = [(e["nest"], e["combos"], e["order"]) for e in events if e["kind"] == "combos"]
        assert [(n["nest"], n["combos"], n["order"]) for r in results for n in r["nests"]] == told
        taken = [(e["nest"], e["seat"], e["token"]) for e in events if e["kind"] in ("pick", "given")]
        mine = [
            (n["nest"], s, n["tokens"][s]) for r in results for n in r["nests"] for s in n["order"] if n["tokens"][s]
        ]
        assert mine == taken
        assert [sum(len(r["treasures"][s]) for r in results) for s in range(players)] == [
            len(t) for t in state.view(pg.PUBLIC)["treasures"]
        ]


def test_the_last_move_of_every_kind_shows_on_the_board(board):
    """lastMove finds the card laid (beside the nest, on the mover's side) or taken face up (in the
    mover's hand or among the cards all saw them take), the treasure picked (among the mover's), the
    deck drawn from, from the mover's view, another seat's and the spectator's."""
    sample = [m for players, seed in ((2, 21), (5, 22)) for m in moves(GAME, players, seed, every=7)]
    found = last_moves(board, GAME, iter(sample), leave_no_mark=set())
    assert set(found) == {"play", "draw", "take", "pick"}
    for action, seat, _, answers, _ in found["play"]:
        card, nest = action.split()[1], action.split()[2].removeprefix("nest")
        [answer] = answers
        if answer["key"].startswith("card:"):  # still beside the nest (the round may have ended since)
            assert answer["data"]["card"] == card and answer["inside"] == [nest] and answer["seat"] == seat
    for action, seat, _, answers, _ in found["take"] + found["pick"]:
        [answer] = answers
        if action.startswith("take") and answer["key"] != "faceup":
            assert answer["data"]["card"] == action.split()[1]
            assert answer["seat"] == seat  # in the mover's hand, or among their cards all saw taken
        if action.startswith("pick"):
            assert answer["seat"] == seat and "sz-token" in answer["classes"]
    assert all(answers == [{**answers[0], "key": "deck"}] for _, _, _, answers, _ in found["draw"])


def test_a_card_laid_from_the_hand_keeps_its_piece_id_beside_the_nest(board):
    state = next(s for s in positions() if s.num_players == 2 and s.view(pg.PUBLIC)["phase"] == "play")
    seat = state.current_player
    action = next(a for a in state.legal_actions() if str(a).startswith("play "))
    card, nest = str(action).split()[1], str(action).split()[2].removeprefix("nest")
    page = board(GAME, state.view(seat), [], seat)
    before = piece_at(page, f'[data-pick="hand:{card}"] .sz-card')
    after_state = state.copy()
    after_state.apply(action)
    page = board(GAME, after_state.view(seat), [], seat)
    side = f'[data-pick="nest:{nest}"] .sz-side[data-seat="{seat}"] .sz-card[data-card="{card}"]'
    assert before and piece_at(page, side) == before
    deck = page.evaluate("() => document.querySelector('#board [data-piece=\"count:deck\"]').dataset.count")
    assert deck == str(after_state.view(seat)["deck_size"])


def test_the_board_fits_a_phone_and_a_wide_window(board):
    """Six players in play (from the seat to act and the spectator) and the end: at 390 px, at a table
    page's 880 and at 1280, no control overlaps another or lies outside the page, no text under 11 px."""
    six = [s for s in positions() if s.num_players == 6]
    play = next(s for s in six if s.view(pg.PUBLIC)["phase"] == "play")
    pick = next(s for s in six if s.view(pg.PUBLIC)["phase"] == "pick")
    end = next(s for s in six if s.is_over)
    seat = play.current_player
    assert_fits(
        board,
        GAME,
        [
            (play.view(seat), play.view(seat)["legal_actions"], seat),
            (pick.view(pg.PUBLIC), [], None),
            (end.view(0), [], 0),
        ],
    )
