"""Strength tables: every agent against every other, two players, seats swapped in turn.

Each pairing plays ``games`` two-player games (an even number: each agent starts half of them) and
gives the first agent's win rate with its 95% Wilson interval. A drawn game (a shared victory) counts
half a win to each. :func:`write_strength_doc` keeps one section per game in ``docs/strength.md``,
so the table of a game can be made again, or added for a new game, without touching the others.
"""

from __future__ import annotations

import itertools
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .analysis import as_match_result
from .stats import wilson_interval, win_shares
from .tournament import TIMING, Tournament, play_all, run_tournament

#: Which pairings a table plays: every one, or each agent against the one listed before it.
PAIRINGS = ("all", "adjacent")

#: The agents of the default table: the two simple ones and ISMCTS at two budgets.
DEFAULT_AGENTS = ("random", "greedy", "ismcts:iterations=200", "ismcts:iterations=1000")


@dataclass(frozen=True)
class Pairing:
    """How ``first`` did against ``second`` over ``games`` games."""

    first: str
    second: str
    games: int
    wins: float  # first's wins, a shared victory counting half
    seconds: float  # wall time of the run that wrote the table
    play_seconds: float = 0.0  # the games' own times added up (one core's work), resumed games included
    resumed: int = 0  # games found already played in the results file

    @property
    def win_rate(self) -> float:
        return self.wins / self.games

    @property
    def ci95(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games)

    @property
    def significant(self) -> bool:
        """Whether the interval of ``first``'s win rate lies wholly above one half."""
        return self.ci95[0] > 0.5


def results_file(directory: str | Path, plan: Tournament) -> Path:
    """Where ``--results DIR`` keeps the games of a pairing: one tournament results file per pairing,
    named by the game, the seed, the options and the two agents."""
    parts = [plan.game, f"seed{plan.seed}"]
    parts += [_slug(f"{key}={value}") for key, value in sorted(plan.options.items())]
    parts += [_slug(plan.agents[0]), "vs", _slug(plan.agents[1])]
    return Path(directory) / ("-".join(parts) + ".jsonl")


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9=._]+", "_", text)


def play_pairing(
    game: str,
    first: str,
    second: str,
    games: int,
    seed: int,
    workers: int = 1,
    options: dict[str, Any] | None = None,
    progress: Callable[[dict[str, Any]], None] | None = None,
    results: str | Path | None = None,
    on_resume: Callable[[int], None] | None = None,
) -> Pairing:
    """Play ``first`` against ``second`` in ``games`` two-player games, seats swapped every game.

    The pairing is the tournament of the two agents (in that order) at two players with ``seed``: the
    games are those of ``phoenixgames tournament GAME --players 2 --agents FIRST,SECOND --seed S``.
    With ``results`` (a folder) each finished game is appended to the pairing's results file there
    (:func:`results_file`), and the games already in it are kept, not played again
    (``on_resume(count)`` is told how many): a long run that is stopped loses nothing when started again.
    """
    plan = Tournament.checked(game, 2, [first, second], seed, options)
    started = time.perf_counter()
    found = [0]
    if results is None:
        lines = play_all(plan, games, workers=workers, progress=progress)
    else:

        def resumed(count: int) -> None:
            found[0] = count
            if on_resume is not None:
                on_resume(count)

        out = results_file(results, plan)
        lines = run_tournament(plan, games, out, resume=True, workers=workers, progress=progress, on_resume=resumed)
    wins = 0.0
    for line in lines:
        shares = win_shares(as_match_result(line))
        wins += sum(share for seat, share in enumerate(shares) if line["seats"][seat] == plan.agents[0])
    play_seconds = sum(line[TIMING]["seconds"] for line in lines)
    return Pairing(
        plan.agents[0], plan.agents[1], games, wins, time.perf_counter() - started, play_seconds, min(found[0], games)
    )


def strength_table(
    game: str,
    agents: Sequence[str],
    games: int,
    seed: int,
    workers: int = 1,
    options: dict[str, Any] | None = None,
    progress: Callable[[dict[str, Any]], None] | None = None,
    on_pairing: Callable[[str, str], None] | None = None,
    pairings: str = "all",
    results: str | Path | None = None,
    on_resume: Callable[[int], None] | None = None,
) -> list[Pairing]:
    """The pairings of ``agents``, each later agent as the first of its pair (the stronger, as listed):
    ``all`` pairs, or only the ``adjacent`` ones (each agent against the one listed before it).
    ``results``: a folder keeping each pairing's games, so that a stopped run resumes (:func:`play_pairing`)."""
    if pairings not in PAIRINGS:
        raise ValueError(f"pairings must be one of {', '.join(PAIRINGS)}, not {pairings!r}")
    pairs = itertools.combinations(agents, 2) if pairings == "all" else itertools.pairwise(agents)
    played = []
    for weaker, stronger in pairs:
        if on_pairing is not None:
            on_pairing(stronger, weaker)
        played.append(play_pairing(game, stronger, weaker, games, seed, workers, options, progress, results, on_resume))
    return played


def _cell(pairing: Pairing, flip: bool) -> str:
    rate, (low, high) = pairing.win_rate, pairing.ci95
    if flip:
        rate, low, high = 1 - rate, 1 - high, 1 - low
    return f"{100 * rate:.1f}% ({100 * low:.1f}-{100 * high:.1f})"


def strength_markdown(
    game: str, agents: Sequence[str], pairings: Sequence[Pairing], command: str, title: str | None = None
) -> str:
    """The section of ``docs/strength.md`` for ``game``."""
    by_pair = {(p.first, p.second): p for p in pairings}
    lines = [
        f"## {title or game}",
        "",
        f"Command: `{command}`",
        "",
        "Win rate of the row's agent against the column's, two players, seats swapped every game, with the "
        "95% Wilson interval; a shared victory counts half.",
        "",
        "| agent | " + " | ".join(f"vs {a}" for a in agents) + " |",
        "|---|" + "---:|" * len(agents),
    ]
    for row in agents:
        cells = []
        for column in agents:
            if row == column:
                cells.append("-")
            elif (row, column) in by_pair:
                cells.append(_cell(by_pair[(row, column)], flip=False))
            elif (column, row) in by_pair:
                cells.append(_cell(by_pair[(column, row)], flip=True))
            else:
                cells.append("")
        lines.append(f"| {row} | " + " | ".join(cells) + " |")
    lines += [
        "",
        "| pairing | games | wins of the first | win rate | 95% interval | wholly above 50% | time | play time |",
        "|---|---:|---:|---:|---|:---:|---:|---:|",
    ]
    for p in pairings:
        low, high = p.ci95
        lines.append(
            f"| {p.first} vs {p.second} | {p.games} | {p.wins:g} | {100 * p.win_rate:.1f}% | "
            f"{100 * low:.1f}% to {100 * high:.1f}% | {'yes' if p.significant else 'no'} | {p.seconds:.0f} s | "
            f"{p.play_seconds:.0f} s |"
        )
    lines += [
        "",
        "Time: the wall time of the command that wrote this table. Play time: the games' own times added up, "
        "what one core spent playing them.",
    ]
    resumed = [p for p in pairings if p.resumed]
    if resumed:
        lines.append(
            "Games found already played in the results files (`--results`: an earlier, stopped run, or a "
            "tournament of the same agents and seed), counted in the play time but not in the time: "
            + ", ".join(f"{p.resumed} of {p.first} vs {p.second}" for p in resumed)
            + "."
        )
    return "\n".join(lines) + "\n"


HEADER = """# Strength of the agents

Each table below is made by `phoenixgames strength GAME --out FILE`, which plays every pairing of the
agents in two-player games with the seats swapped every game (so each agent starts half of them) and
puts the game's section here, leaving the other games' sections as they are. Run it again when a game
or an agent changes, or for a new game.
"""


def write_strength_doc(path: str | Path, game: str, section: str) -> None:
    """Put ``section`` into the strength document at ``path`` in place of the old one with the same key
    (``game``, or ``game-adjacent`` for a table of adjacent pairings)."""
    path = Path(path)
    text = path.read_text(encoding="utf-8") if path.exists() else HEADER
    start, end = f"<!-- strength:{game} -->", f"<!-- /strength:{game} -->"
    block = f"{start}\n{section}{end}\n"
    pattern = re.compile(re.escape(start) + r".*?" + re.escape(end) + r"\n?", re.DOTALL)
    found = pattern.search(text)
    text = pattern.sub(lambda _match: block, text) if found else text.rstrip("\n") + "\n\n" + block
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


__all__ = [
    "DEFAULT_AGENTS",
    "PAIRINGS",
    "Pairing",
    "play_pairing",
    "results_file",
    "strength_markdown",
    "strength_table",
    "write_strength_doc",
]
