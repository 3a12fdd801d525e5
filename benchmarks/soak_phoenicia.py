"""A long run of random Phoenicia games, checking the game's promises after every action.

Games cycle through 2 to 5 players, and through the options (game ``i`` has the preset cards when
``i // 4`` is odd and the first-game auction rule when ``i // 8`` is odd). After every action:
``check_invariants()`` (components conserved; production, VP and storehouses equal their recount;
wealth changes only by production, payments and the limits). Now and then, for a random seat ``p``:
``copy(perspective=p).view(p) == view(p)`` (and the copy's own invariants), ``copy().view(None) ==
view(None)``, and production and VP recounted from the referee view's tiles and cards. At the end: the
game ended within a bound on its length (there is no round cap), no action is legal, the winners are
among the best scores.
It prints the games, actions, checks, failures and the distribution of game lengths (rounds and
actions). Exit status 1 if any game fails a check.

    .venv/bin/python benchmarks/soak_phoenicia.py --games 2000
    .venv/bin/python benchmarks/soak_phoenicia.py --games 2000 --workers 2
"""

from __future__ import annotations

import statistics
import sys
from typing import Any

import phoenixgames as pg
from phoenixgames.games.phoenicia.components import ACTIVITY_BY_NAME, CARD_BY_NAME
from soak import Soak, Tally, main

SIDES = ("basic", "improved", "advanced")


def options(index: int) -> dict[str, Any]:
    return {"preset_cards": bool(index // 4 % 2), "first_game_auctions": bool(index // 8 % 2)}


def recount(view: dict) -> list[tuple[int, int]]:
    """(production, VP) of every settlement, recounted from the referee view's tiles and cards."""
    totals = []
    for s in view["settlements"]:
        production, vp = 0, s["bought_vp"]
        for tile in s["tiles"]:
            activity = ACTIVITY_BY_NAME[tile["activity"]]
            odd, even = activity.production[min(SIDES.index(tile["side"]), len(activity.production) - 1)]
            production += sum(odd if k % 2 else even for k in range(1, tile["workers"] + 1))
            vp += activity.vp * tile["workers"]
        for name, count in s["development_cards"].items():
            production += CARD_BY_NAME[name].production * count
            vp += CARD_BY_NAME[name].vp * count
        totals.append((production, vp))
    return totals


def check_recount(state: pg.GameState) -> None:
    view = state.view(None)
    shown = [(s["production"], s["vp"]) for s in view["settlements"]]
    if recount(view) != shown:
        raise AssertionError(f"production and VP {shown} differ from the recount {recount(view)}")


def check_end(state: pg.GameState) -> None:
    best = max(state.scores)
    if not state.winners or any(state.scores[w] != best for w in state.winners):
        raise AssertionError(f"winners {state.winners} do not have the best score {state.scores}")


def summarise(state: pg.GameState, players: int, actions: int) -> tuple[int, int, int, bool]:
    """(players, rounds, actions, ended by VP) of a finished game (with no round cap, a game that does
    not end by 32 VP ends because no player could reach 32 any more)."""
    view = state.view(None)
    if state.truncated:
        raise AssertionError("a game with no round cap was truncated")
    return players, view["round"], actions, max(state.scores) >= view["victory_points_to_win"]


def report(tally: Tally) -> None:
    """The distribution of game lengths, by player count."""
    by_vp = sum(ended_by_vp for *_, ended_by_vp in tally.summaries)
    for players in sorted({p for p, *_ in tally.summaries}):
        lengths = sorted(a for p, _, a, _ in tally.summaries if p == players)
        rounds = sorted(r for p, r, _, _ in tally.summaries if p == players)
        print(
            f"  {players} players: {len(lengths)} games; actions median {statistics.median(lengths):.0f} "
            f"(min {lengths[0]}, 90th percentile {lengths[int(0.9 * (len(lengths) - 1))]}, max {lengths[-1]}); "
            f"rounds median {statistics.median(rounds):.0f} (min {rounds[0]}, max {rounds[-1]})"
        )
    print(f"  ended by 32 VP: {by_vp} of {tally.games}; because no player could reach 32: {tally.games - by_vp}")


SOAK = Soak(
    game="phoenicia",
    player_counts=(2, 3, 4, 5),
    max_actions=5000,
    chunk=100,
    default_games=2000,
    options=options,
    recount=check_recount,
    check_end=check_end,
    summarise=summarise,
    report=report,
)


if __name__ == "__main__":
    sys.exit(main(SOAK, __doc__))
