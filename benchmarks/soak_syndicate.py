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

import argparse
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

import phoenixgames as pg
from phoenixgames.engine import derive_seed
from phoenixgames.games.syndicate.components import COLOURS, CONTRACT_BY_CODE, TILE_BY_CODE
from phoenixgames.games.syndicate.scoring import final_awards

GAME = "syndicate"
PLAYER_COUNTS = (2, 3, 4, 5)
#: A game still going after this many actions counts as one that does not end.
MAX_ACTIONS = 6000
#: On average one action in this many is followed by the copy, view and recount checks.
CHECK_EVERY = 12
#: Games per unit of work handed to a worker process.
CHUNK = 50
#: Failures printed in full; the rest are only counted.
SHOWN_FAILURES = 10


@dataclass
class Tally:
    """What a batch of games found."""

    games: int = 0
    actions: int = 0
    checks: int = 0
    failures: list[str] = field(default_factory=list)
    #: (players, turns, actions) of every game that ended
    lengths: list[tuple[int, int, int]] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.actions += other.actions
        self.checks += other.checks
        self.failures.extend(other.failures)
        self.lengths.extend(other.lengths)


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


def check_now(state: pg.GameState, seat: int) -> None:
    """The occasional checks: perspective and exact copies keep what they must."""
    guess = state.copy(perspective=seat)
    guess.check_invariants()
    if guess.view(seat) != state.view(seat):
        raise AssertionError(f"copy(perspective={seat}) changed what seat {seat} can see")
    if state.copy().view(None) != state.view(None):
        raise AssertionError("copy() is not exact")


def check_end(state: pg.GameState) -> None:
    """What must hold once the game is over."""
    if state.current_player is not None:
        raise AssertionError(f"the game is over but seat {state.current_player} is to act")
    if state.legal_actions():
        raise AssertionError("the game is over but actions are still legal")
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


def soak_game(index: int, base_seed: int) -> tuple[int, int, int, str | None]:
    """Play game ``index`` with every check; return its actions, turns, checks made and a failure or ``None``."""
    players = PLAYER_COUNTS[index % len(PLAYER_COUNTS)]
    seed = derive_seed(base_seed, "soak", index)
    rng = random.Random(derive_seed(base_seed, "soak-moves", index))
    actions = checks = 0
    try:
        state = pg.new_game(GAME, players=players, seed=seed)
        state.check_invariants()
        while not state.is_over:
            if actions >= MAX_ACTIONS:
                raise AssertionError(f"the game did not end within {MAX_ACTIONS} actions")
            legal = state.legal_actions()
            if not legal:
                raise AssertionError(f"the game is not over but seat {state.current_player} has no legal action")
            state.apply(rng.choice(legal), player=state.current_player)
            actions += 1
            state.check_invariants()
            if rng.randrange(CHECK_EVERY) == 0:
                check_now(state, rng.randrange(players))
                checks += 1
        check_end(state)
    except Exception as exc:  # any failure of the game is reported, not raised
        where = f"game {index} ({players} players, seed {seed}), after action {actions}"
        return actions, 0, checks, f"{where}: {type(exc).__name__}: {exc}"
    return actions, state.view(None)["turns"], checks, None


def soak_games(indices: range, base_seed: int) -> Tally:
    """Play the games numbered ``indices``; the unit of work of one worker process."""
    tally = Tally()
    for index in indices:
        actions, turns, checks, failure = soak_game(index, base_seed)
        tally.games += 1
        tally.actions += actions
        tally.checks += checks
        if failure is not None:
            tally.failures.append(failure)
        else:
            tally.lengths.append((PLAYER_COUNTS[index % len(PLAYER_COUNTS)], turns, actions))
    return tally


def run(games: int, workers: int, base_seed: int) -> Tally:
    """Play ``games`` games on ``workers`` processes and add up what they found."""
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


def print_lengths(lengths: list[tuple[int, int, int]]) -> None:
    """Game lengths by player count: turns (all seats together) and actions, min / median / max."""
    for players in PLAYER_COUNTS:
        rows = [(turns, actions) for p, turns, actions in lengths if p == players]
        if not rows:
            continue
        turns = sorted(t for t, _ in rows)
        actions = sorted(a for _, a in rows)
        print(
            f"{players} players: {len(rows)} games; turns min {turns[0]} median {statistics.median(turns):g} "
            f"max {turns[-1]}; actions min {actions[0]} median {statistics.median(actions):g} max {actions[-1]}"
        )


def main(argv: list[str] | None = None) -> int:
    """Run the soak and print what it found; 1 if any game failed a check."""
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
    print_lengths(tally.lengths)
    print(
        f"games: {tally.games}  actions: {tally.actions}  copy and view checks: {tally.checks}  "
        f"failures: {len(tally.failures)}  ({elapsed:.1f} s, {args.workers} worker(s), seed {args.seed})"
    )
    return 1 if tally.failures else 0


if __name__ == "__main__":
    sys.exit(main())
