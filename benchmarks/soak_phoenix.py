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

import argparse
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

import phoenixgames as pg
from phoenixgames.engine import derive_seed

GAME = "phoenix"
PLAYER_COUNTS = (2, 3, 4)
#: Both readings of a black token laid on another nest, in turn (every player count gets both).
TOKEN_ELSEWHERE = ("white", "unchanged")
#: A game still going after this many actions counts as one that does not end.
MAX_ACTIONS = 100
#: On average one action in this many is followed by the copy, view and recount checks.
CHECK_EVERY = 12
#: Games per unit of work handed to a worker process.
CHUNK = 250
#: Failures printed in full; the rest are only counted.
SHOWN_FAILURES = 10


@dataclass
class Tally:
    """What a batch of games found."""

    games: int = 0
    actions: int = 0
    checks: int = 0
    failures: list[str] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.actions += other.actions
        self.checks += other.checks
        self.failures.extend(other.failures)


LETTER_COLOURS = {"R": "red", "Y": "yellow", "B": "blue", "K": "black", "*": "rainbow"}
SYMBOL_POINTS = {"f": 3, "m": 2, "d": 1}


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


def check_now(state: pg.GameState, seat: int) -> None:
    """The occasional checks: perspective and exact copies keep what they must, scores recount."""
    guess = state.copy(perspective=seat)
    guess.check_invariants()
    if guess.view(seat) != state.view(seat):
        raise AssertionError(f"copy(perspective={seat}) changed what seat {seat} can see")
    if state.copy().view(None) != state.view(None):
        raise AssertionError("copy() is not exact")
    if recount(state) != state.scores:
        raise AssertionError(f"scores {state.scores} differ from the recount {recount(state)}")


def check_end(state: pg.GameState) -> None:
    """What must hold once the game is over."""
    if state.current_player is not None:
        raise AssertionError(f"the game is over but seat {state.current_player} is to act")
    if state.legal_actions():
        raise AssertionError("the game is over but actions are still legal")
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


def soak_game(index: int, base_seed: int) -> tuple[int, int, str | None]:
    """Play game ``index`` with every check; return its actions, checks made and a failure or ``None``."""
    players = PLAYER_COUNTS[index % len(PLAYER_COUNTS)]
    token_elsewhere = TOKEN_ELSEWHERE[index // len(PLAYER_COUNTS) % len(TOKEN_ELSEWHERE)]
    seed = derive_seed(base_seed, "soak", index)
    rng = random.Random(derive_seed(base_seed, "soak-moves", index))
    actions = checks = 0
    try:
        state = pg.new_game(GAME, players=players, seed=seed, token_elsewhere=token_elsewhere)
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
        where = (
            f"game {index} ({players} players, token_elsewhere={token_elsewhere}, seed {seed}), after action {actions}"
        )
        return actions, checks, f"{where}: {type(exc).__name__}: {exc}"
    return actions, checks, None


def soak_games(indices: range, base_seed: int) -> Tally:
    """Play the games numbered ``indices``; the unit of work of one worker process."""
    tally = Tally()
    for index in indices:
        actions, checks, failure = soak_game(index, base_seed)
        tally.games += 1
        tally.actions += actions
        tally.checks += checks
        if failure is not None:
            tally.failures.append(failure)
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


def main(argv: list[str] | None = None) -> int:
    """Run the soak and print what it found; 1 if any game failed a check."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10000, help="how many games to play (default 10000)")
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
    return 1 if tally.failures else 0


if __name__ == "__main__":
    sys.exit(main())
