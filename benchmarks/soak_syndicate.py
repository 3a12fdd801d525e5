"""A long run of random Phoenix Syndicate games, checking the game's promises after every action.

Games cycle through 2 to 5 players. After every action: ``check_invariants()`` (contracts, resources
and credits conserved). Now and then: ``copy(perspective=p).view(p) == view(p)`` for a random seat
``p`` (and the copy's own invariants), ``copy().view(None) == view(None)``. At the end: the game is
over within a bound on its length, every hand was cashed in, all seats had as many turns, no action
is legal, each score equals a recount from the referee's view (credits plus colour, variety and guild
awards), and the winners are the seats with the best score and tie-break. It prints the distribution
of game lengths. Exit status 1 if any game fails a check.

    .venv/bin/python benchmarks/soak_syndicate.py --games 2000
    .venv/bin/python benchmarks/soak_syndicate.py --games 2000 --workers 2
"""

from __future__ import annotations

import statistics
import sys

import phoenixgames as pg
from phoenixgames.games.syndicate.components import COLOURS, CONTRACT_BY_CODE, TILE_BY_CODE
from phoenixgames.games.syndicate.scoring import final_awards
from soak import Soak, Tally, main

PLAYER_COUNTS = (2, 3, 4, 5)


def recount(state: pg.GameState) -> list[int]:
    """Each seat's final score counted again from the referee's view: its credits, and the colour,
    variety and guild awards worked out from the face-up contracts, agents and guilds shown there."""
    view = state.view(None)
    n = view["players"]
    cashed = [[CONTRACT_BY_CODE[c.lower()].id for c in seat["cashed"]] for seat in view["seats"]]
    owned = [0] * n
    for cell in view["galaxy"]:
        for seat in cell["agents"]:
            owned[seat] |= 1 << TILE_BY_CODE[cell["tile"].lower()].id
    guilds = [sum(1 << COLOURS.index(g) for g in seat["guilds"]) for seat in view["seats"]]
    awards = final_awards(cashed, owned, guilds)
    return [view["seats"][s]["credits"] + sum(awards[s].values()) for s in range(n)]


def planets_held(state: pg.GameState) -> list[int]:
    """The tie-break: agents on planets, counted from the referee's view."""
    counts = [0] * state.num_players
    for cell in state.view(None)["galaxy"]:
        if cell["kind"] != "asteroid":
            for seat in cell["agents"]:
                counts[seat] += 1
    return counts


def check_end(state: pg.GameState) -> None:
    """Every hand cashed in, equal turns, winners by score then planets, the final scores recount."""
    scores = state.scores
    view = state.view(None)
    if any(view["hands"]):
        raise AssertionError("a hand was not cashed in at the end")
    if view["turns"] % state.num_players:
        raise AssertionError(f"{view['turns']} turns: the players did not have equal turns")
    keys = list(zip(scores, planets_held(state), strict=True))
    if state.winners != [seat for seat, key in enumerate(keys) if key == max(keys)]:
        raise AssertionError(f"winners {state.winners} do not match scores {scores} and tie-breaks")
    if recount(state) != scores:
        raise AssertionError(f"final scores {scores} differ from the recount {recount(state)}")


def summarise(state: pg.GameState, players: int, actions: int) -> tuple[int, int, int]:
    """(players, turns, actions) of a finished game."""
    return players, state.view(None)["turns"], actions


def print_lengths(tally: Tally) -> None:
    """Game lengths by player count: turns (all seats together) and actions, min / median / max."""
    for players in PLAYER_COUNTS:
        rows = [(turns, actions) for p, turns, actions in tally.summaries if p == players]
        if not rows:
            continue
        turns = sorted(t for t, _ in rows)
        actions = sorted(a for _, a in rows)
        print(
            f"{players} players: {len(rows)} games; turns min {turns[0]} median {statistics.median(turns):g} "
            f"max {turns[-1]}; actions min {actions[0]} median {statistics.median(actions):g} max {actions[-1]}"
        )


SOAK = Soak(
    game="syndicate",
    player_counts=PLAYER_COUNTS,
    max_actions=6000,
    chunk=50,
    default_games=2000,
    check_end=check_end,
    summarise=summarise,
    report=print_lengths,
    report_first=True,
)


if __name__ == "__main__":
    sys.exit(main(SOAK, __doc__))
