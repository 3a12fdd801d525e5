"""A long run of random Phoenix games, checking the game's promises after every action.

Games cycle through 2 to 4 players, and through both values of the ``token_elsewhere`` option. After
every action: ``check_invariants()`` (no feather half or token appears or vanishes). Now and then:
``copy(perspective=p).view(p) == view(p)`` for a random seat ``p`` (and the copy's own invariants),
``copy().view(None) == view(None)``, and each score equals a recount of the plumages in
``view(None)["phoenixes"]``. At the end: the game is over within a bound on its length, no action is
legal, every plumage is complete, the winners are the seats with the best score and tie-break. Exit
status 1 if any game fails a check.

    .venv/bin/python benchmarks/soak_phoenix.py --games 10000
    .venv/bin/python benchmarks/soak_phoenix.py --games 10000 --workers 2
"""

from __future__ import annotations

import sys
from typing import Any

import phoenixgames as pg
from soak import Soak, main

PLAYER_COUNTS = (2, 3, 4)
#: Both readings of a black token laid on another nest, in turn (every player count gets both).
TOKEN_ELSEWHERE = ("white", "unchanged")

LETTER_COLOURS = {"R": "red", "Y": "yellow", "B": "blue", "K": "black", "*": "rainbow"}
SYMBOL_POINTS = {"f": 3, "m": 2, "d": 1}


def options(index: int) -> dict[str, Any]:
    return {"token_elsewhere": TOKEN_ELSEWHERE[index // len(PLAYER_COUNTS) % len(TOKEN_ELSEWHERE)]}


def recount_plumage(phoenix: dict, mirror_pairs: list[list[int]]) -> tuple[int, int]:
    """A plumage's points and tie-breaker count, counted again from its half codes in a view with the
    rulebook's numbers: feathers 12 (rainbow), 4 (own colour), 2 (other colour), 0 (mixed); flames 3,
    moons 2, diamonds 1; 5 for each facing pair of complete feathers with the same colours."""
    total = sum(SYMBOL_POINTS.get(code[1:], 0) for code in phoenix["lower"] + phoenix["upper"] if code)
    own = 0
    patterns = []
    for low, up in zip(phoenix["lower"], phoenix["upper"], strict=True):
        if low is None or up is None:
            patterns.append(None)
            continue
        a, b = LETTER_COLOURS[low[0]], LETTER_COLOURS[up[0]]
        patterns.append((a, b))
        if a == b == "rainbow":
            total += 12
        elif a == b or "rainbow" in (a, b):
            colour = b if a == "rainbow" else a
            total += 4 if colour == phoenix["colour"] else 2
            own += colour == phoenix["colour"]
    for a, b in mirror_pairs:
        if patterns[a - 1] is not None and patterns[a - 1] == patterns[b - 1]:
            total += 5
    return total, own


def recount(state: pg.GameState) -> list[int]:
    """Each seat's score counted again from the plumages in ``view(None)``."""
    view = state.view(None)
    return [recount_plumage(p, view["mirror_pairs"])[0] for p in view["phoenixes"]]


def check_recount(state: pg.GameState) -> None:
    if recount(state) != state.scores:
        raise AssertionError(f"scores {state.scores} differ from the recount {recount(state)}")


def check_end(state: pg.GameState) -> None:
    """The winners have the best score and tie-break; every plumage is complete; the scores recount."""
    scores = state.scores
    view = state.view(None)
    ranks = [recount_plumage(p, view["mirror_pairs"]) for p in view["phoenixes"]]
    best = max(ranks)
    if state.winners != [seat for seat, rank in enumerate(ranks) if rank == best]:
        raise AssertionError(f"winners {state.winners} do not match scores and tie-breaks {ranks}")
    if any(None in p["lower"] + p["upper"] for p in view["phoenixes"]):
        raise AssertionError("a plumage is not complete at the end")
    if recount(state) != scores:
        raise AssertionError(f"final scores {scores} differ from the recount {recount(state)}")


SOAK = Soak(
    game="phoenix",
    player_counts=PLAYER_COUNTS,
    max_actions=100,
    chunk=250,
    default_games=10000,
    options=options,
    recount=check_recount,
    check_end=check_end,
)


if __name__ == "__main__":
    sys.exit(main(SOAK, __doc__))
