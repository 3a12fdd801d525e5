"""A long run of random Phoenicia games, checking the game's promises after every action.

Games cycle through 2 to 5 players, and through the options (game ``i`` has the preset cards when
``i // 4`` is odd and the first-game auction rule when ``i // 8`` is odd). After every action:
``check_invariants()`` (components conserved; production, VP and storehouses equal their recount;
wealth changes only by production, payments and the limits). Now and then, for a random seat ``p``:
``copy(perspective=p).view(p) == view(p)`` (and the copy's own invariants), ``copy().view(None) ==
view(None)``, and production and VP recounted from the referee view's tiles and cards. At the end: the
game ended within a bound on its length, no action is legal, the winners are among the best scores.
It prints the games, actions, checks, failures and the distribution of game lengths (rounds and
actions). Exit status 1 if any game fails a check.

    .venv/bin/python benchmarks/soak_phoenicia.py --games 2000
    .venv/bin/python benchmarks/soak_phoenicia.py --games 2000 --workers 2
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

import phoenixgames as pg
from phoenixgames.engine import derive_seed
from phoenixgames.games.phoenicia.components import ACTIVITY_BY_NAME, CARD_BY_NAME

GAME = "phoenicia"
PLAYER_COUNTS = (2, 3, 4, 5)
#: A game still going after this many actions counts as one that does not end.
MAX_ACTIONS = 5000
#: On average one action in this many is followed by the copy, view and recount checks.
CHECK_EVERY = 12
#: Games per unit of work handed to a worker process.
CHUNK = 100
#: Failures printed in full; the rest are only counted.
SHOWN_FAILURES = 10
SIDES = ("basic", "improved", "advanced")


@dataclass
class Tally:
    """What a batch of games found."""

    games: int = 0
    actions: int = 0
    checks: int = 0
    failures: list[str] = field(default_factory=list)
    rounds: Counter = field(default_factory=Counter)  # (players, rounds) -> games
    lengths: dict[int, list[int]] = field(default_factory=dict)  # players -> actions of each game
    by_vp: int = 0  # games ended by 32 VP (the others by the round limit)

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.actions += other.actions
        self.checks += other.checks
        self.failures.extend(other.failures)
        self.rounds.update(other.rounds)
        for players, lengths in other.lengths.items():
            self.lengths.setdefault(players, []).extend(lengths)
        self.by_vp += other.by_vp


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


def check_now(state: pg.GameState, seat: int) -> None:
    guess = state.copy(perspective=seat)
    guess.check_invariants()
    if guess.view(seat) != state.view(seat):
        raise AssertionError(f"copy(perspective={seat}) changed what seat {seat} can see")
    view = state.view(None)
    if state.copy().view(None) != view:
        raise AssertionError("copy() is not exact")
    shown = [(s["production"], s["vp"]) for s in view["settlements"]]
    if recount(view) != shown:
        raise AssertionError(f"production and VP {shown} differ from the recount {recount(view)}")


def check_end(state: pg.GameState) -> None:
    if state.current_player is not None or state.legal_actions():
        raise AssertionError("the game is over but a seat is still to act")
    best = max(state.scores)
    if not state.winners or any(state.scores[w] != best for w in state.winners):
        raise AssertionError(f"winners {state.winners} do not have the best score {state.scores}")


def soak_game(index: int, base_seed: int, tally: Tally) -> None:
    players = PLAYER_COUNTS[index % len(PLAYER_COUNTS)]
    seed = derive_seed(base_seed, "soak", index)
    options = {"preset_cards": bool(index // 4 % 2), "first_game_auctions": bool(index // 8 % 2)}
    rng = random.Random(derive_seed(base_seed, "soak-moves", index))
    actions = 0
    try:
        state = pg.new_game(GAME, players=players, seed=seed, **options)
        state.check_invariants()
        while not state.is_over:
            if actions >= MAX_ACTIONS:
                raise AssertionError(f"the game did not end within {MAX_ACTIONS} actions")
            state.apply(rng.choice(state.legal_actions()), player=state.current_player)
            actions += 1
            state.check_invariants()
            if rng.randrange(CHECK_EVERY) == 0:
                check_now(state, rng.randrange(players))
                tally.checks += 1
        check_end(state)
        view = state.view(None)
        tally.rounds[players, view["round"]] += 1
        tally.lengths.setdefault(players, []).append(actions)
        tally.by_vp += max(state.scores) >= view["victory_points_to_win"]
    except Exception as exc:  # any failure of the game is reported, not raised
        where = f"game {index} ({players} players, seed {seed}, {options}), after action {actions}"
        tally.failures.append(f"{where}: {type(exc).__name__}: {exc}")
    tally.games += 1
    tally.actions += actions


def soak_games(indices: range, base_seed: int) -> Tally:
    tally = Tally()
    for index in indices:
        soak_game(index, base_seed, tally)
    return tally


def run(games: int, workers: int, base_seed: int) -> Tally:
    chunks = [range(start, min(start + CHUNK, games)) for start in range(0, games, CHUNK)]
    total = Tally()
    if workers == 1:
        for chunk in chunks:
            total.add(soak_games(chunk, base_seed))
        return total
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for tally in pool.map(soak_games, chunks, [base_seed] * len(chunks)):
            total.add(tally)
    return total


def report(tally: Tally) -> None:
    """The distribution of game lengths, by player count."""
    for players in sorted(tally.lengths):
        lengths = sorted(tally.lengths[players])
        rounds = sorted(r for (p, r), n in tally.rounds.items() if p == players for _ in range(n))
        print(
            f"  {players} players: {len(lengths)} games; actions median {statistics.median(lengths):.0f} "
            f"(min {lengths[0]}, 90th percentile {lengths[int(0.9 * (len(lengths) - 1))]}, max {lengths[-1]}); "
            f"rounds median {statistics.median(rounds):.0f} (min {rounds[0]}, max {rounds[-1]})"
        )
    print(f"  ended by 32 VP: {tally.by_vp} of {tally.games}; by the round limit: {tally.games - tally.by_vp}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="how many games to play (default 2000)")
    parser.add_argument("--workers", type=int, default=1, help="local processes to play on (default 1)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the whole run (default 1)")
    args = parser.parse_args(argv)
    if args.games < 1 or args.workers < 1 or args.seed < 0:
        parser.error("--games and --workers must be 1 or more, --seed 0 or more")
    start = time.perf_counter()
    tally = run(args.games, args.workers, args.seed)
    elapsed = time.perf_counter() - start
    for failure in tally.failures[:SHOWN_FAILURES]:
        print(f"FAIL {failure}")
    if len(tally.failures) > SHOWN_FAILURES:
        print(f"... and {len(tally.failures) - SHOWN_FAILURES} more failures")
    print(
        f"games: {tally.games}  actions: {tally.actions}  view and recount checks: {tally.checks}  "
        f"failures: {len(tally.failures)}  ({elapsed:.1f} s, {args.workers} worker(s), seed {args.seed})"
    )
    report(tally)
    return 1 if tally.failures else 0


if __name__ == "__main__":
    sys.exit(main())
