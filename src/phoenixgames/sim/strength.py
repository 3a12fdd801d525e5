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
from .tournament import Tournament, play_all

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
    seconds: float

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


def play_pairing(
    game: str,
    first: str,
    second: str,
    games: int,
    seed: int,
    workers: int = 1,
    options: dict[str, Any] | None = None,
    progress: Callable[[dict[str, Any]], None] | None = None,
) -> Pairing:
    """Play ``first`` against ``second`` in ``games`` two-player games, seats swapped every game."""
    plan = Tournament.checked(game, 2, [first, second], seed, options)
    started = time.perf_counter()
    lines = play_all(plan, games, workers=workers, progress=progress)
    wins = 0.0
    for line in lines:
        shares = win_shares(as_match_result(line))
        wins += sum(share for seat, share in enumerate(shares) if line["seats"][seat] == plan.agents[0])
    return Pairing(plan.agents[0], plan.agents[1], games, wins, time.perf_counter() - started)


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
) -> list[Pairing]:
    """The pairings of ``agents``, each later agent as the first of its pair (the stronger, as listed):
    ``all`` pairs, or only the ``adjacent`` ones (each agent against the one listed before it)."""
    if pairings not in PAIRINGS:
        raise ValueError(f"pairings must be one of {', '.join(PAIRINGS)}, not {pairings!r}")
    pairs = itertools.combinations(agents, 2) if pairings == "all" else itertools.pairwise(agents)
    played = []
    for weaker, stronger in pairs:
        if on_pairing is not None:
            on_pairing(stronger, weaker)
        played.append(play_pairing(game, stronger, weaker, games, seed, workers, options, progress))
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
        "| pairing | games | wins of the first | win rate | 95% interval | wholly above 50% | time |",
        "|---|---:|---:|---:|---|:---:|---:|",
    ]
    for p in pairings:
        low, high = p.ci95
        lines.append(
            f"| {p.first} vs {p.second} | {p.games} | {p.wins:g} | {100 * p.win_rate:.1f}% | "
            f"{100 * low:.1f}% to {100 * high:.1f}% | {'yes' if p.significant else 'no'} | {p.seconds:.0f} s |"
        )
    return "\n".join(lines) + "\n"


HEADER = """# Strength of the agents

Each table below is made by `phoenixgames strength GAME`, which plays every pairing of the agents in
two-player games with the seats swapped every game (so each agent starts half of them) and writes the
game's section here, leaving the other games' sections as they are. Run it again when a game or an
agent changes, or for a new game.
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
    "strength_markdown",
    "strength_table",
    "write_strength_doc",
]
