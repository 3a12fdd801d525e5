"""The picking order at each nest comes in the view once every card is down (``rankings[nest]``), as
the rules work it out, so that a board shows it without working it out again (SCH-31 to SCH-33)."""

from __future__ import annotations

import random

import phoenixgames as pg


def test_sch31_sch32_the_view_ranks_each_nest_best_combo_first_ties_to_the_seat_first_from_the_start_player():
    checked = 0
    for players, seed in ((2, 1), (4, 2), (6, 3)):
        state = pg.new_game("schatz", players=players, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            view = state.view(pg.PUBLIC)
            if view["phase"] == "pick":
                start = view["start_player"]
                for nest, ranking in zip(view["nests"], view["rankings"], strict=True):
                    combos = nest["combos"]
                    expected = sorted(range(players), key=lambda s: (-combos[s], (s - start) % players))
                    assert ranking == expected
                ranking = view["rankings"][view["picking"]["nest"] - 1]
                order = view["picking"]["order"]  # the seats still to pick are the next ones in that order
                assert any(ranking[k : k + len(order)] == order for k in range(players)), (ranking, order)
                checked += 1
            else:
                assert view["rankings"] is None  # the cards are not all down: nobody picks yet
            state.apply(rng.choice(state.legal_actions()))
    assert checked > 10
