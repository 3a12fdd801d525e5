"""The Phoenix board in a browser: positions of random games at 2 and 4 players (the start, mid-game, the
last round and the end), from the seat to act and from a spectator. Each draws without a page error;
every legal action has a click path (a half on a nest, then a slot) whose keys are on the board, and
clicking them chooses that action; the board draws exactly the halves the view holds, the same for a
spectator as for a seat; every coloured thing carries a letter, number or symbol; and the board's
feather-by-feather points add up to the view's score."""

from __future__ import annotations

import json
import random
from typing import Any

import phoenixgames as pg

SEEDS = (1, 2, 3)
PLAYERS = (2, 4)


def turns_in_game(players: int) -> int:
    rounds = 8 if players == 2 else 16
    return rounds * 4  # 4 tokens in play at 2 and at 4 players


def position(players: int, seed: int, turns: int) -> Any:
    """The state after ``turns`` random turns of the game of ``seed`` (or at its end)."""
    state = pg.new_game("phoenix", players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(turns):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def positions() -> list[Any]:
    found = []
    for players in PLAYERS:
        total = turns_in_game(players)
        for seed in SEEDS:
            for turns in (0, total // 2, total - 3, total):
                found.append(position(players, seed, turns))
    return found


POSITIONS = positions()


def seat_view(state: Any) -> tuple[dict[str, Any], int]:
    """The view of the seat to act (seat 0 once the game is over) and that seat."""
    seat = 0 if state.is_over else state.current_player
    return state.view(seat), seat


def show_seat(board: Any, state: Any) -> Any:
    view, seat = seat_view(state)
    return board("phoenix", view, view.get("legal_actions", []), seat)


# In one round trip: each key of a legal action's path that is not exactly one [data-pick] element of
# the board (or the action, where it has no path), every key, every path, and the marks of the areas.
SUMMARY = """() => {
  const board = document.getElementById('board');
  const problems = [];
  for (const [action, path] of Object.entries(window.harness.paths)) {
    if (!path) { problems.push([action, null]); continue; }
    for (const key of path) {
      const found = board.querySelectorAll(`[data-pick="${CSS.escape(key)}"]`).length;
      if (found !== 1) problems.push([action, key, found]);
    }
  }
  const seats = (selector) => [...board.querySelectorAll(selector)].map((e) => Number(e.dataset.seat));
  return {
    problems,
    keys: [...board.querySelectorAll('[data-pick]')].map((e) => e.dataset.pick),
    paths: window.harness.paths,
    status: board.querySelector('.phx-status').textContent,
    acting: seats('.phx-player.phx-acting'),
    mine: seats('.phx-player.phx-mine'),
    winners: seats('.phx-player.phx-winner'),
    scoringRows: seats('.phx-scoring tr[data-seat]'),
  };
}"""

# Every half the board draws, where it lies: [nest or seat, position, code], sorted.
DRAWN_HALVES = """() => [...document.querySelectorAll('#board .phx-half')].map((half) => {
  const nest = half.closest('[data-nest]');
  const board = half.closest('.phx-plumage');
  const where = nest ? nest.dataset.nest : `seat${board.dataset.seat}`;
  return [where, half.dataset.position, half.dataset.half];
}).map((x) => JSON.stringify(x)).sort()"""


def view_halves(view: dict[str, Any]) -> list[str]:
    """What DRAWN_HALVES should find for ``view``: every half on a nest or a plumage."""
    halves = []
    for nest in view["nests"]:
        for position in ("lower", "upper"):
            halves += [json.dumps([nest["nest"], position, code], separators=(",", ":")) for code in nest[position]]
    for phoenix in view["phoenixes"]:
        for position in ("lower", "upper"):
            where = f"seat{phoenix['seat']}"
            halves += [json.dumps([where, position, code], separators=(",", ":")) for code in phoenix[position] if code]
    return sorted(halves)


def test_every_position_draws_with_every_path_on_the_board(board: Any) -> None:
    seen_lower = seen_upper = 0
    for state in POSITIONS:
        page = show_seat(board, state)
        view, seat = seat_view(state)
        legal = view.get("legal_actions", [])
        drawn = page.evaluate(SUMMARY)
        assert drawn["problems"] == [], (state.is_over, legal[:3])
        assert len(drawn["keys"]) == len(set(drawn["keys"])), "board keys must be unique"
        # Every turn is a take, and every take has its path: a half on a nest, then a slot.
        for action in legal:
            _, position, code, nest, slot = action.split()
            assert drawn["paths"][action] == [f"{nest}:{position}:{code}", f"slot:{slot[4:]}"]
        seen_lower += sum(" lower " in a for a in legal)
        seen_upper += sum(" upper " in a for a in legal)
        assert drawn["mine"] == [seat]
        if state.is_over:
            assert drawn["status"].startswith("After round") and "Game over" in drawn["status"]
            assert drawn["scoringRows"] == list(range(view["players"]))
            assert drawn["winners"] == view["winners"]
            assert drawn["acting"] == []
        else:
            assert drawn["status"].startswith(f"Round {view['round']} of")
            assert drawn["acting"] == [view["current_player"]]
            assert legal
    assert seen_lower and seen_upper


def test_clicking_a_path_chooses_its_action(board: Any) -> None:
    rng = random.Random(7)
    clicked = 0
    for state in POSITIONS:
        if state.is_over:
            continue
        page = show_seat(board, state)
        legal = state.view(state.current_player)["legal_actions"]
        paths = page.evaluate("window.harness.paths")
        for action in rng.sample(legal, 1):
            first, second = paths[action]
            page.evaluate("window.harness.chosen = []")
            page.click(f'[data-pick="{first}"]')
            assert action in page.evaluate("window.harness.candidates")
            assert page.locator(f'[data-pick="{first}"]').get_attribute("class").split().count("picked") == 1
            # Only the slots this half may go into are offered.
            offered = page.evaluate(
                "[...document.querySelectorAll('#board .pickable')].map((e) => e.dataset.pick).sort()"
            )
            expected = sorted({paths[a][1] for a in legal if paths[a][0] == first})
            assert offered == expected
            page.click(f'[data-pick="{second}"]')
            assert page.evaluate("window.harness.chosen") == [action]
            clicked += 1
    assert clicked >= 10


def test_spectator_sees_the_same_halves_as_every_seat_and_no_more(board: Any) -> None:
    """Phoenix hides nothing but the order of the bags, which no view holds: every board, a spectator's
    or a seat's, draws exactly the halves of the view (nests and plumages) and the bags as counts."""
    for state in POSITIONS[::3]:
        public = state.view(pg.PUBLIC)
        page = board("phoenix", public, [], None)
        drawn = page.evaluate(DRAWN_HALVES)
        assert drawn == view_halves(public)
        assert page.locator("#board .pickable").count() == 0
        assert page.locator("#board .phx-mine").count() == 0
        assert "Watching" in page.locator("#board .phx-status").inner_text()
        for seat in range(state.num_players):
            view = state.view(seat)
            page = board("phoenix", view, view.get("legal_actions", []), seat)
            assert page.evaluate(DRAWN_HALVES) == drawn


def test_coloured_things_carry_a_letter_number_or_symbol(board: Any) -> None:
    for state in (POSITIONS[1], POSITIONS[-2]):
        page = show_seat(board, state)
        problems = page.evaluate(
            """() => {
              const problems = [];
              for (const half of document.querySelectorAll('#board .phx-half')) {
                const code = half.dataset.half;
                const letter = half.querySelector('.phx-letter');
                if (!letter || letter.textContent !== code[0]) problems.push(['letter', code]);
                if ((code.length > 1) !== (half.querySelector('.phx-symbol') !== null)) problems.push(['symbol', code]);
              }
              for (const badge of document.querySelectorAll('#board .phx-badge, #board .phx-chip')) {
                if (!badge.textContent.trim()) problems.push(['badge', badge.className]);
              }
              for (const token of document.querySelectorAll('#board .phx-token')) {
                if (token.querySelector('text').textContent !== token.dataset.token) problems.push(['token']);
              }
              for (const bird of document.querySelectorAll('#board .phx-bird')) {
                if (!/^[RYBK]$/.test(bird.querySelector('.phx-letter').textContent)) problems.push(['bird']);
              }
              return problems;
            }"""
        )
        assert problems == []
        assert page.locator("#board .phx-half").count() > 10
        assert page.locator("#board .phx-bird").count() == state.num_players


def test_feather_points_add_up_to_the_view_score(board: Any) -> None:
    """The board's own scoring (points.js: the feather labels, the mirror arcs, describe's gains) agrees
    with the game's, phase by phase, for every plumage of every position."""
    page = board("phoenix", POSITIONS[0].view(pg.PUBLIC), [], None)
    for state in POSITIONS:
        view = state.view(pg.PUBLIC)
        scores = page.evaluate(
            """async (view) => {
              const { plumageScore } = await import('/web/js/boards/phoenix/points.js');
              return view.phoenixes.map((phoenix) => plumageScore(phoenix, view.mirror_pairs));
            }""",
            view,
        )
        for phoenix, score in zip(view["phoenixes"], scores, strict=True):
            expected = {k: phoenix["score"][k] for k in ("colours", "symbols", "mirrors", "own_colour_feathers")}
            assert score == expected


def test_describe_prompt_and_scoring(board: Any) -> None:
    state = POSITIONS[1]
    page = show_seat(board, state)
    view, seat = seat_view(state)
    words = page.evaluate(
        "(view) => view.legal_actions.map((a) => window.harness.module.describe(a, view))",
        view,
    )
    for action, text in zip(view["legal_actions"], words, strict=True):
        slot = action.split()[-1][4:]
        assert text.startswith("Take the ") and f"into slot {slot}: +" in text, text
    first = page.evaluate("window.harness.paths")[view["legal_actions"][0]][0]
    page.click(f'[data-pick="{first}"]')
    candidates = page.evaluate("window.harness.candidates")
    text = page.evaluate(
        "([prefix, candidates, view]) => window.harness.module.prompt(prefix, candidates, view)",
        [[first], candidates, view],
    )
    assert text.startswith("Now click the slot") and all(a.split()[-1][4:] in text for a in candidates)

    over = POSITIONS[-1]
    final = over.view(pg.PUBLIC)
    page = board("phoenix", final, [], None)
    rows = page.evaluate(
        """(view) => {
          const table = window.harness.module.scoring(view, { seat: null, names: null });
          return [...table.querySelectorAll('tr[data-seat]')].map((row) =>
            [...row.children].map((cell) => cell.textContent.trim()));
        }""",
        final,
    )
    assert len(rows) == final["players"]
    for phoenix, row in zip(final["phoenixes"], rows, strict=True):
        score = phoenix["score"]
        assert row[2:] == [str(score[k]) for k in ("colours", "symbols", "mirrors", "total", "own_colour_feathers")]
        assert row[0].startswith("★") == (phoenix["seat"] in final["winners"])
