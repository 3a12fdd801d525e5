"""A long run of random games of one game, checking the game's promises after every action.

The runner behind every ``soak_<game>.py``: each names its game in a :class:`Soak` (player counts, the
options of game ``i``, the bound on a game's length, its own recount and end checks, what it adds up)
and calls :func:`main`.

Game ``i`` has ``player_counts[i % len(player_counts)]`` players and the seed
``derive_seed(seed, "soak", i)``; its moves come from ``derive_seed(seed, "soak-moves", i)``. After
every action: ``check_invariants()``. After about one action in ``check_every``, for a random seat
``p``: ``copy(perspective=p).view(p) == view(p)`` (and the copy's own invariants), ``copy().view(None)
== view(None)``, and the game's recount. At the end: the game ended within ``max_actions``, no seat is
to act, no action is legal, and the game's own end checks. Games are handed to worker processes in
chunks; they depend only on the seed and their number, so ``--workers`` changes the time taken, never
the games. Exit status 1 if any game fails a check.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import phoenixgames as pg
from phoenixgames.engine import derive_seed

#: Failures printed in full; the rest are only counted.
SHOWN_FAILURES = 10


def no_options(index: int) -> dict[str, Any]:
    """Every game with the default options."""
    return {}


@dataclass(frozen=True)
class Soak:
    """One game's soak: what the runner plays and the game's own checks."""

    game: str
    player_counts: tuple[int, ...]
    #: A game still going after this many actions counts as one that does not end.
    max_actions: int
    #: Games per unit of work handed to a worker process.
    chunk: int
    #: ``--games`` when it is not given.
    default_games: int
    #: The options of game ``i``.
    options: Callable[[int], dict[str, Any]] = no_options
    #: Raise ``AssertionError`` if what the state shows differs from a recount (the occasional check).
    recount: Callable[[pg.GameState], None] | None = None
    #: Raise ``AssertionError`` if the finished game breaks a promise (winners, final scores...).
    check_end: Callable[[pg.GameState], None] | None = None
    #: What to keep of a game that passed every check (its length...), for :attr:`report`.
    summarise: Callable[[pg.GameState, int, int], Any] | None = None
    #: Print the summaries of the games that passed; ``(tally)``.
    report: Callable[[Tally], None] | None = None
    #: Print the report before the line of totals rather than after it.
    report_first: bool = False
    #: On average one action in this many is followed by the copy, view and recount checks.
    check_every: int = 12


@dataclass
class Tally:
    """What a batch of games found."""

    games: int = 0
    actions: int = 0
    checks: int = 0
    failures: list[str] = field(default_factory=list)
    #: What :attr:`Soak.summarise` kept of each game that passed.
    summaries: list[Any] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.actions += other.actions
        self.checks += other.checks
        self.failures.extend(other.failures)
        self.summaries.extend(other.summaries)


def check_now(soak: Soak, state: pg.GameState, seat: int) -> None:
    """The occasional checks: perspective and exact copies keep what they must, the game's recount."""
    guess = state.copy(perspective=seat)
    guess.check_invariants()
    if guess.view(seat) != state.view(seat):
        raise AssertionError(f"copy(perspective={seat}) changed what seat {seat} can see")
    if state.copy().view(None) != state.view(None):
        raise AssertionError("copy() is not exact")
    if soak.recount is not None:
        soak.recount(state)


def check_end(soak: Soak, state: pg.GameState) -> None:
    """What must hold once the game is over."""
    if state.current_player is not None:
        raise AssertionError(f"the game is over but seat {state.current_player} is to act")
    if state.legal_actions():
        raise AssertionError("the game is over but actions are still legal")
    if soak.check_end is not None:
        soak.check_end(state)


def soak_game(soak: Soak, index: int, base_seed: int, tally: Tally) -> None:
    """Play game ``index`` with every check and add what it found to ``tally``."""
    players = soak.player_counts[index % len(soak.player_counts)]
    options = soak.options(index)
    seed = derive_seed(base_seed, "soak", index)
    rng = random.Random(derive_seed(base_seed, "soak-moves", index))
    actions = 0
    try:
        state = pg.new_game(soak.game, players=players, seed=seed, **options)
        state.check_invariants()
        while not state.is_over:
            if actions >= soak.max_actions:
                raise AssertionError(f"the game did not end within {soak.max_actions} actions")
            legal = state.legal_actions()
            if not legal:
                raise AssertionError(f"the game is not over but seat {state.current_player} has no legal action")
            state.apply(rng.choice(legal), player=state.current_player)
            actions += 1
            state.check_invariants()
            if rng.randrange(soak.check_every) == 0:
                check_now(soak, state, rng.randrange(players))
                tally.checks += 1
        check_end(soak, state)
        if soak.summarise is not None:
            tally.summaries.append(soak.summarise(state, players, actions))
    except Exception as exc:  # any failure of the game is reported, not raised
        named = "".join(f"{name}={value}, " for name, value in options.items())
        where = f"game {index} ({players} players, {named}seed {seed}), after action {actions}"
        tally.failures.append(f"{where}: {type(exc).__name__}: {exc}")
    tally.games += 1
    tally.actions += actions


def soak_games(soak: Soak, indices: range, base_seed: int) -> Tally:
    """Play the games numbered ``indices``; the unit of work of one worker process."""
    tally = Tally()
    for index in indices:
        soak_game(soak, index, base_seed, tally)
    return tally


def run(soak: Soak, games: int, workers: int, base_seed: int) -> Tally:
    """Play ``games`` games on ``workers`` processes and add up what they found."""
    chunks = [range(start, min(start + soak.chunk, games)) for start in range(0, games, soak.chunk)]
    total = Tally()
    if workers == 1:
        for chunk in chunks:
            total.add(soak_games(soak, chunk, base_seed))
        return total
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for tally in pool.map(soak_games, [soak] * len(chunks), chunks, [base_seed] * len(chunks)):
            total.add(tally)
    return total


def main(soak: Soak, description: str, argv: list[str] | None = None) -> int:
    """Run the soak and print what it found; 1 if any game failed a check. ``description`` heads ``--help``."""
    parser = argparse.ArgumentParser(description=description.splitlines()[0])
    parser.add_argument(
        "--games", type=int, default=soak.default_games, help=f"how many games to play (default {soak.default_games})"
    )
    parser.add_argument("--workers", type=int, default=1, help="local processes to play on (default 1)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the whole run (default 1)")
    args = parser.parse_args(argv)
    if args.games < 1 or args.workers < 1 or args.seed < 0:
        parser.error("--games and --workers must be 1 or more, --seed 0 or more")
    start = time.perf_counter()
    tally = run(soak, args.games, args.workers, args.seed)
    elapsed = time.perf_counter() - start
    for failure in tally.failures[:SHOWN_FAILURES]:
        print(f"FAIL {failure}")
    if len(tally.failures) > SHOWN_FAILURES:
        print(f"... and {len(tally.failures) - SHOWN_FAILURES} more failures")
    if soak.report is not None and soak.report_first:
        soak.report(tally)
    checks = "view and recount checks" if soak.recount is not None else "copy and view checks"
    print(
        f"games: {tally.games}  actions: {tally.actions}  {checks}: {tally.checks}  "
        f"failures: {len(tally.failures)}  ({elapsed:.1f} s, {args.workers} worker(s), seed {args.seed})"
    )
    if soak.report is not None and not soak.report_first:
        soak.report(tally)
    return 1 if tally.failures else 0
