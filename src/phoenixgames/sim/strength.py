"""Strength tables: every agent against every other, at any number of players, seats rotated.

A pairing of ``first`` against ``second`` at ``players`` seats puts ``first`` in one seat and
``second`` in all the others, and moves ``first`` one seat on every game, so over ``games`` games (a
multiple of ``players``) it sits in every seat equally often. It gives ``first``'s win share (the
victories it won, a victory shared by k counting 1/k) with its 95% Wilson interval, against its fair
share ``1 / players``; with two players this is the seats swapped every game and a fair share of one
half. :func:`write_strength_doc` keeps one section per table in ``docs/strength.md``, and
:func:`write_strength_json` one entry per table in ``docs/strength.json``, so a table can be made
again, or added for a new game, without touching the others.
"""

from __future__ import annotations

import itertools
import json
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
    """How ``first``, in one seat, did against ``second`` in the others, over ``games`` games."""

    first: str
    second: str
    games: int
    wins: float  # first's wins, a victory shared by k counting 1/k
    seconds: float  # wall time of the run that wrote the table
    play_seconds: float = 0.0  # the games' own times added up (one core's work), resumed games included
    resumed: int = 0  # games found already played in the results file
    players: int = 2
    #: Seconds ``first`` spent a decision, over the decisions it took (0 when it was not timed).
    move_seconds: float = 0.0

    @property
    def win_rate(self) -> float:
        """``first``'s win share: the victories it won, over the games."""
        return self.wins / self.games

    @property
    def fair_share(self) -> float:
        """The win share of one seat among equals: ``1 / players``."""
        return 1 / self.players

    @property
    def ci95(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games)

    @property
    def significant(self) -> bool:
        """Whether the interval of ``first``'s win share lies wholly above its fair share."""
        return self.ci95[0] > self.fair_share


def results_file(directory: str | Path, plan: Tournament) -> Path:
    """Where ``--results DIR`` keeps the games of a pairing: one tournament results file per pairing,
    named by the game, the number of players (above two), the seed, the options and the two agents."""
    parts = [plan.game] + ([f"{plan.players}p"] if plan.players != 2 else []) + [f"seed{plan.seed}"]
    parts += [_slug(f"{key}={value}") for key, value in sorted(plan.options.items())]
    parts += [_slug(f"{key}={value}") for key, value in sorted(plan.params.items())]
    parts += [_slug(plan.agents[0]), "vs", _slug(plan.agents[1])]
    return Path(directory) / ("-".join(parts) + ".jsonl")


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9=._]+", "_", text)


def pairing_plan(
    game: str,
    first: str,
    second: str,
    seed: int,
    options: dict[str, Any] | None = None,
    players: int = 2,
    params: dict[str, Any] | None = None,
) -> Tournament:
    """The tournament a pairing plays: ``first`` in one seat, ``second`` in the other ``players - 1``,
    ``first`` moving one seat on every game (``tournament --players N --agents FIRST,SECOND,SECOND,...``)."""
    return Tournament.checked(game, players, [first] + [second] * (players - 1), seed, options, params)


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
    players: int = 2,
    params: dict[str, Any] | None = None,
) -> Pairing:
    """Play ``first``, in one seat, against ``second``, in the others, over ``games`` games of ``players``.

    The pairing is the tournament :func:`pairing_plan` (``first`` moves one seat on every game; at two
    players the seats are swapped): at two players its games are those of ``phoenixgames tournament
    GAME --players 2 --agents FIRST,SECOND --seed S``. With ``results`` (a folder) each finished game is
    appended to the pairing's results file there (:func:`results_file`), and the games already in it
    are kept, not played again (``on_resume(count)`` is told how many): a long run that is stopped
    loses nothing when started again.
    """
    plan = pairing_plan(game, first, second, seed, options, players, params)
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
    decisions = 0
    thinking = 0.0
    for line in lines:
        shares = win_shares(as_match_result(line))
        wins += sum(share for seat, share in enumerate(shares) if line["seats"][seat] == plan.agents[0])
        timing = line[TIMING]
        for seat, spec in enumerate(line["seats"]):
            if spec == plan.agents[0]:
                decisions += timing["decisions"][seat]
                thinking += timing["decision_seconds"][seat]
    play_seconds = sum(line[TIMING]["seconds"] for line in lines)
    return Pairing(
        plan.agents[0],
        plan.agents[1],
        games,
        wins,
        time.perf_counter() - started,
        play_seconds,
        min(found[0], games),
        players,
        thinking / decisions if decisions else 0.0,
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
    players: int = 2,
    extra: Sequence[tuple[str, str]] = (),
    params: dict[str, Any] | None = None,
) -> list[Pairing]:
    """The pairings of ``agents``, each later agent as the first of its pair (the stronger, as listed):
    ``all`` pairs, or only the ``adjacent`` ones (each agent against the one listed before it), then
    the ``extra`` pairs (first, second) asked for besides. ``players``: the seats of each game (the
    first agent in one, the second in the rest). ``results``: a folder keeping each pairing's games,
    so that a stopped run resumes (:func:`play_pairing`)."""
    if pairings not in PAIRINGS:
        raise ValueError(f"pairings must be one of {', '.join(PAIRINGS)}, not {pairings!r}")
    pairs = itertools.combinations(agents, 2) if pairings == "all" else itertools.pairwise(agents)
    wanted = [(stronger, weaker) for weaker, stronger in pairs]
    wanted += [pair for pair in extra if pair not in wanted]
    played = []
    for stronger, weaker in wanted:
        if on_pairing is not None:
            on_pairing(stronger, weaker)
        played.append(
            play_pairing(
                game, stronger, weaker, games, seed, workers, options, progress, results, on_resume, players, params
            )
        )
    return played


def _cell(pairing: Pairing, flip: bool) -> str:
    rate, (low, high) = pairing.win_rate, pairing.ci95
    if flip:
        rate, low, high = 1 - rate, 1 - high, 1 - low
    return f"{100 * rate:.1f}% ({100 * low:.1f}-{100 * high:.1f})"


def _how_read(players: int) -> str:
    if players == 2:
        return (
            "Win rate of the row's agent against the column's, two players, seats swapped every game, with the "
            "95% Wilson interval; a shared victory counts half."
        )
    return (
        f"Win share of the row's agent, in one seat of {players}, against the column's in the other {players - 1}, "
        f"the row's agent moving one seat on every game (so it sits in each seat equally often), with the 95% "
        f"Wilson interval; a victory shared by k counts 1/k. A fair share is {100 / players:.1f}%."
    )


def strength_markdown(
    game: str, agents: Sequence[str], pairings: Sequence[Pairing], command: str, title: str | None = None
) -> str:
    """The section of ``docs/strength.md`` for ``game`` (at the pairings' number of players)."""
    players = pairings[0].players if pairings else 2
    by_pair = {(p.first, p.second): p for p in pairings}
    lines = [
        f"## {title or game}",
        "",
        f"Command: `{command}`",
        "",
        _how_read(players),
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
            elif (column, row) in by_pair and players == 2:
                cells.append(_cell(by_pair[(column, row)], flip=True))
            else:
                cells.append("")
        lines.append(f"| {row} | " + " | ".join(cells) + " |")
    above = "50%" if players == 2 else f"a fair share ({100 / players:.1f}%)"
    lines += [
        "",
        f"| pairing | games | wins of the first | win rate | 95% interval | wholly above {above} | "
        "time | play time | s a move (first) |",
        "|---|---:|---:|---:|---|:---:|---:|---:|---:|",
    ]
    for p in pairings:
        low, high = p.ci95
        lines.append(
            f"| {p.first} vs {p.second} | {p.games} | {p.wins:g} | {100 * p.win_rate:.1f}% | "
            f"{100 * low:.1f}% to {100 * high:.1f}% | {'yes' if p.significant else 'no'} | {p.seconds:.0f} s | "
            f"{p.play_seconds:.0f} s | {p.move_seconds:.3f} |"
        )
    lines += [
        "",
        "Time: the wall time of the command that wrote this table. Play time: the games' own times added up, "
        "what one core spent playing them. S a move: the first agent's mean thinking time a decision.",
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


def strength_entry(
    game: str, pairings: Sequence[Pairing], command: str, specs: dict[str, str] | None = None
) -> dict[str, Any]:
    """The entry of ``docs/strength.json`` for one table: the game, the number of players and, for each
    pairing, its agents, the command that played it, its games and each agent's win share with its 95%
    interval.

    ``specs`` maps an agent's name to what it stands for in this game (a difficulty level to its
    settings), written beside the name.
    """
    players = pairings[0].players if pairings else 2
    specs = specs or {}
    rows = []
    for p in pairings:
        low, high = p.ci95
        rows.append(
            {
                "agents": [p.first, p.second],
                "command": command,
                "seats": [1, p.players - 1],
                "games": p.games,
                "shares": [
                    {
                        "agent": p.first,
                        "spec": specs.get(p.first, p.first),
                        "win_share": round(p.win_rate, 4),
                        "ci95": [round(low, 4), round(high, 4)],
                        "fair_share": round(p.fair_share, 4),
                    },
                    {
                        "agent": p.second,
                        "spec": specs.get(p.second, p.second),
                        "win_share": round(1 - p.win_rate, 4),
                        "ci95": [round(1 - high, 4), round(1 - low, 4)],
                        "fair_share": round(1 - p.fair_share, 4),
                    },
                ],
                "above_fair_share": p.significant,
                "seconds_a_move": round(p.move_seconds, 4),
                "play_seconds": round(p.play_seconds),
            }
        )
    return {"game": game, "players": players, "pairings": rows}


def write_strength_json(path: str | Path, key: str, entry: dict[str, Any]) -> None:
    """Put ``entry`` (:func:`strength_entry`) into the JSON document at ``path`` under ``key`` (a game and
    its number of players, like ``schatz-4p``): its pairings take the place of the pairings of the same
    two agents there, the others stay, as do the other entries."""
    path = Path(path)
    document: dict[str, Any] = {"about": JSON_ABOUT, "tables": {}}
    if path.exists():
        try:
            document = json.loads(path.read_text(encoding="utf-8"))
        except json.JSONDecodeError as exc:
            raise ValueError(
                f"{path} is not a JSON document ({exc.msg}, line {exc.lineno}): mend or remove it"
            ) from None
    document.setdefault("about", JSON_ABOUT)
    tables = document.setdefault("tables", {})
    old = tables.get(key)
    if isinstance(old, dict) and isinstance(old.get("pairings"), list) and "pairings" in entry:
        new = {tuple(row["agents"]): row for row in entry["pairings"]}
        kept = [row for row in old["pairings"] if tuple(row.get("agents", ())) not in new]
        entry = {**entry, "pairings": kept + list(new.values())}
        entry.pop("command", None)
    tables[key] = entry
    document["tables"] = dict(sorted(tables.items()))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")


JSON_ABOUT = (
    "Strength tables (phoenixgames strength GAME --players N --json FILE), one entry a game and number of "
    "players, each pairing with the command that played it. In each pairing the first agent sits in one "
    "seat and the second in the others, the first moving one seat on every game; win_share is an agent's "
    "share of the victories (a victory shared by k counting 1/k), ci95 its 95% Wilson interval, fair_share "
    "what its seats would win among equals."
)


HEADER = """# Strength of the agents

Each table below is made by `phoenixgames strength GAME --players N --out FILE`, which plays every
pairing of the agents, the first agent of a pairing in one seat and the second in the others, the
first moving one seat on every game (so it sits in each seat equally often), and puts the table's
section here, leaving the other sections as they are. Run it again when a game or an agent changes,
or for a new game.
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
    "pairing_plan",
    "play_pairing",
    "results_file",
    "strength_entry",
    "strength_markdown",
    "strength_table",
    "write_strength_doc",
    "write_strength_json",
]
