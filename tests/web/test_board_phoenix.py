"""The Phoenix board in a browser: positions of random games at 2 and 4 players (the start, mid-game, the
last round and the end), from the seat to act and from a spectator. Each draws without a page error;
every legal action has a click path (a half on a nest, then a slot) whose keys are on the board, and
clicking them chooses that action; the board draws exactly the halves the view holds, the same for a
spectator as for a seat; every coloured thing carries a letter, number or symbol; and every point and
rule the board shows is the view's (``breakdown``, ``gains``, ``score_values``, ``token_rules``,
``decided_by_tie_breaker``): it computes none of its own."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import phoenixgames as pg
from tests.web.board_checks import assert_fits, last_moves, moves, piece_at

GAME = "phoenix"
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


# Per plumage: each slot's feather points label ([slot, text, kind] or [slot, null, null]) and each mirror
# arc ([pair, state, label], the label written under the plumage, of the arc's state).
DRAWN_POINTS = """() => [...document.querySelectorAll('#board .phx-plumage')].map((board) => ({
  seat: Number(board.dataset.seat),
  slots: [...board.querySelectorAll('.phx-slot-number')].map((number) => {
    const label = number.nextElementSibling;
    const points = label && label.classList.contains('phx-feather-points') ? label : null;
    const kind = points ? [...points.classList].find((c) => c !== 'phx-feather-points').slice(4) : null;
    return [Number(number.textContent), points ? points.textContent : null, kind];
  }),
  mirrors: [...board.querySelectorAll('.phx-mirror')].map((arc) => {
    const words = document.querySelector(
      `#board .phx-mirrors[data-seat="${board.dataset.seat}"] [data-mirror="${arc.dataset.mirror}"]`);
    const status = arc.getAttribute('class').split(' ')[1].slice(11);
    return [arc.dataset.mirror, words.classList.contains(`phx-pair-${status}`) ? status : null, words.textContent];
  }),
}))"""


def expected_points(view: dict[str, Any]) -> list[dict[str, Any]]:
    """What DRAWN_POINTS should find: the view's breakdown, as the board words it."""
    drawn = []
    for breakdown in view["breakdown"]:
        slots = [
            [s["slot"], f"+{s['colours']}", s["feather"]] if s["feather"] else [s["slot"], None, None]
            for s in breakdown["slots"]
        ]
        marks = {"mirror": " ✓ +{points}", "unlike": " ✗ 0", "open": ""}
        mirrors = [
            [f"{a}-{b}", p["status"], f"{a}↔{b}" + marks[p["status"]].format(points=p["points"])]
            for p in breakdown["mirrors"]
            for a, b in [p["slots"]]
        ]
        drawn.append({"seat": breakdown["seat"], "slots": slots, "mirrors": mirrors})
    return drawn


def test_the_feather_points_and_mirror_marks_are_the_views_breakdown(board: Any) -> None:
    seen = set()
    for state in POSITIONS:
        view = state.view(pg.PUBLIC)
        page = board("phoenix", view, [], None)
        drawn = page.evaluate(DRAWN_POINTS)
        assert drawn == expected_points(view)
        seen |= {kind for plumage in drawn for _, _, kind in plumage["slots"]}
        seen |= {status for plumage in drawn for _, status, _ in plumage["mirrors"]}
    assert {"own", "other", "rainbow", "mixed", "open", "mirror", "unlike"} <= seen


def doctored(view: dict[str, Any]) -> dict[str, Any]:
    """``view`` with every figure the board shows from the rules changed to one no rule gives."""
    view = copy.deepcopy(view)
    for breakdown in view["breakdown"]:
        for s in breakdown["slots"]:
            s.update(feather="rainbow", colours=77, free=None)
        for pair in breakdown["mirrors"]:
            pair.update(status="mirror", points=55)
    view["score_values"] = {
        "feathers": {"own": 41, "other": 42, "rainbow": 43, "mixed": 44},
        "symbols": {"flame": 31, "moon": 32, "diamond": 33},
        "mirror": 51,
    }
    view["token_rules"].update(white=[11, 12], black=[19, 18], laid_on_own_nest="green", laid_elsewhere="blue")
    view["decided_by_tie_breaker"] = True
    for action in view.get("gains", {}):
        view["gains"][action] = {"colours": 61, "symbols": 62, "mirrors": 63, "total": 99, "feather": "other"}
    for token in view["tokens"]:
        token["side"] = "black"
    return view


def test_the_board_shows_what_the_view_says_and_works_out_nothing(board: Any) -> None:
    """Drawn from a view whose figures no rule gives, the board shows those figures: it has none of its
    own to fall back on."""
    state = POSITIONS[1]
    view, seat = seat_view(state)
    page = board("phoenix", view, view["legal_actions"], seat)
    assert page.locator("#board .phx-slot .phx-empty.shape").count() > 0  # the free places of the seat to act
    fake = doctored(view)
    page = board("phoenix", fake, fake["legal_actions"], seat)
    assert page.evaluate(DRAWN_POINTS) == expected_points(fake)
    legend = page.locator("#board .phx-legend").inner_text()
    for figure in ("colour 41", "another colour 42", "rainbow 43", "two colours 44", "flame 31", "moon 32"):
        assert figure in legend
    assert "diamond 33" in legend and "same colours: +51" in legend
    assert "white side 11–12" in legend and "black side 18–19" in legend
    assert "turns green, elsewhere blue" in legend
    assert "stays blue" in page.locator("#board [data-nest='centre']").inner_text()
    assert page.locator("#board .phx-turn .phx-chip-black").count() == len(fake["turn_order"])
    assert page.locator("#board .phx-slot .phx-empty.shape").count() == 0  # no slot has a free place
    words = page.evaluate("(view) => view.legal_actions.map((a) => window.harness.module.describe(a, view))", fake)
    assert len(words) == len(fake["legal_actions"])
    assert all(": +99 (symbol 62, feather of another colour 61, mirror 63)" in text for text in words), words
    over = POSITIONS[-1].view(pg.PUBLIC)
    page = board("phoenix", doctored(over), [], None)
    assert "(tie broken by the most feathers" in page.locator("#board .phx-status").inner_text()


def test_the_option_token_elsewhere_unchanged_is_told(board: Any) -> None:
    state = pg.new_game("phoenix", players=3, seed=2, token_elsewhere="unchanged")
    page = board("phoenix", state.view(pg.PUBLIC), [], None)
    legend = page.locator("#board .phx-legend").inner_text()
    assert "white side 1–3" in legend and "black side 6–8" in legend
    assert "turns black, elsewhere it keeps its side" in legend
    assert "a token laid here keeps its side" in page.locator("#board [data-nest='centre']").inner_text()
    default = pg.new_game("phoenix", players=4, seed=2)
    page = board("phoenix", default.view(pg.PUBLIC), [], None)
    assert "turns black, elsewhere white" in page.locator("#board .phx-legend").inner_text()
    assert "a token laid here stays white" in page.locator("#board [data-nest='centre']").inner_text()


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
        assert text.startswith("Take the ") and f"into slot {slot}: +{view['gains'][action]['total']}" in text, text
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


def test_the_last_move_shows_where_its_half_lies_on_the_movers_phoenix(board: Any) -> None:
    """lastMove of a take names the half it took, in the slot of the mover's phoenix, from the mover's
    view, another seat's and the spectator's."""
    sample = [m for players, seed in ((2, 31), (4, 32)) for m in moves(GAME, players, seed, every=5)]
    found = last_moves(board, GAME, iter(sample), leave_no_mark=set())
    assert set(found) == {"take"} and len(found["take"]) >= 20
    for action, seat, _, answers, _ in found["take"]:
        half, code, _, slot = action.split()[1:]
        [answer] = answers
        assert (answer["data"]["half"], answer["data"]["position"]) == (code, half), answer
        assert answer["seat"] == seat and answer["inside"] == [slot.removeprefix("slot")], answer


def test_a_half_taken_keeps_its_piece_id_from_the_nest_to_the_phoenix(board: Any) -> None:
    state = position(3, 41, 4)
    seat = state.current_player
    action = str(state.legal_actions()[0])
    half, code, nest, slot = action.split()[1:]
    page = board(GAME, state.view(seat), [], seat)
    before = piece_at(page, f'[data-nest="{nest}"] .phx-half[data-half="{code}"][data-position="{half}"]')
    state.apply(action)
    page = board(GAME, state.view(seat), [], seat)
    after = piece_at(
        page, f'.phx-plumage[data-seat="{seat}"] [data-slot="{slot[4:]}"] .phx-half[data-position="{half}"]'
    )
    assert before and after == before


def test_the_board_fits_a_phone_and_a_wide_window(board: Any) -> None:
    """Four players half-way (from the seat to act and the spectator) and the end: at 390 px, at a
    table page's 880 and at 1280, no control overlaps another or lies outside the page, no text under
    11 px."""
    middle = position(4, 1, turns_in_game(4) // 2)
    seat = middle.current_player
    end = position(2, 2, turns_in_game(2))
    shown = [(middle.view(seat), middle.view(seat)["legal_actions"], seat), (middle.view(pg.PUBLIC), [], None)]
    assert_fits(board, GAME, [*shown, (end.view(1), [], 1)])
