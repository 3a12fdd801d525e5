"""A long run of random Schatz des Phönix games, checking the game's promises after every action.

Games cycle through 2 to 6 players. After every action: ``check_invariants()`` (components are
conserved). Now and then: ``copy(perspective=p).view(p) == view(p)`` for a random seat ``p`` (and the
copy's own invariants),
``copy().view(None) == view(None)``, and each score equals a recount of the treasure tokens in
``view(None)["treasures"]``. At the end: the game is over within a bound on its length, no action is
legal, the winners are the seats with the best score. Exit status 1 if any game fails a check.

    .venv/bin/python benchmarks/soak_schatz.py --games 10000
    .venv/bin/python benchmarks/soak_schatz.py --games 10000 --workers 2
"""

from __future__ import annotations

import sys

import phoenixgames as pg
from soak import Soak, main


def token_value(token: str) -> int:
    """A treasure token's value from its notation: ``"6"`` is 6, ``"L10"`` (a large ten) is 10."""
    return int(token[1:]) if token.startswith("L") else int(token)


def recount(state: pg.GameState) -> list[int]:
    """Each seat's score counted again from the tokens it took, as the referee's view lists them."""
    return [sum(token_value(t) for t in taken) for taken in state.view(None)["treasures"]]


def check_recount(state: pg.GameState) -> None:
    if recount(state) != state.scores:
        raise AssertionError(f"scores {state.scores} differ from the recount {recount(state)}")


def check_end(state: pg.GameState) -> None:
    """The winners are the seats with the best score; the final scores recount."""
    scores = state.scores
    best = max(scores)
    if state.winners != [seat for seat, score in enumerate(scores) if score == best]:
        raise AssertionError(f"winners {state.winners} do not match scores {scores}")
    if recount(state) != scores:
        raise AssertionError(f"final scores {scores} differ from the recount {recount(state)}")


SOAK = Soak(
    game="schatz",
    player_counts=(2, 3, 4, 5, 6),
    max_actions=2000,
    chunk=250,
    default_games=10000,
    recount=check_recount,
    check_end=check_end,
)


if __name__ == "__main__":
    sys.exit(main(SOAK, __doc__))
