"""Tournaments: many games between agents, each finished game appended to a results file.

The results file is JSON Lines: one line per finished game, written in game order, each carrying
the tournament it belongs to, so that an interrupted run resumes where it stopped (``resume=True``)
and the finished file is the same, byte for byte but for the ``timing`` field, as one written
straight through. A line holds:

- ``tournament``: game, players, options, the agent specs and the run's seed (the same on every line);
- ``index``: the game's number, from 0; ``seed``: the game's own seed;
- ``seats``: the agent spec of each seat; ``scores``, ``winners``, ``length`` (actions taken);
- ``record``: the game's record (``phoenixgames.replay`` rebuilds it);
- ``truncated``: whether a safety cap on the game's length (a game option) ended it, not its rules;
- ``timing``: wall seconds of the game and, per seat, decisions made and seconds spent choosing.

Everything but ``timing`` depends only on the tournament and the game's index, never on the backend,
the number of workers or when the run was interrupted: :func:`comparable` drops ``timing`` so that
two files can be compared.

Seats: with no more agents than seats, seat ``s`` of game ``i`` is played by
``agents[(s + i) % len(agents)]``. With more agents than seats, the games cycle through every group
of ``players`` agents (``itertools.combinations``), each group playing ``players`` games in a row
with its members rotated through every seat. Either way, over a full cycle every agent sits in every
seat equally often.
"""

from __future__ import annotations

import itertools
import json
import math
import os
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..agents import make_agent
from ..engine import PhoenixGamesError, start_game
from .backends import run_chunks
from .match import agent_seed, choose_action
from .metrics import LeadTracker, game_metrics
from .runner import check_run, game_seed

#: The field of a results line that measures time: it differs from run to run, all else must not.
TIMING = "timing"


class BadResultsFile(PhoenixGamesError, ValueError):
    """A results file that cannot be read, or that belongs to another tournament."""


@dataclass(frozen=True)
class Tournament:
    """What defines a tournament's games: the same tournament plays the same games, everywhere."""

    game: str
    players: int
    agents: tuple[str, ...]
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    #: The game's parameters changed from the printed game (checked: only the values that differ).
    params: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def checked(
        cls,
        game: str,
        players: int,
        agents: Sequence[str] | str,
        seed: int,
        options: dict[str, Any] | None = None,
        params: dict[str, Any] | None = None,
    ) -> Tournament:
        """A tournament from raw arguments, checked (bad ones raise the errors of ``check_run``)."""
        specs = check_run(game, players, 1, agents, seed, options, params=params)
        changed = start_game(game, players, 0, options, params).params
        return cls(game, players, tuple(specs), seed, dict(options or {}), changed)

    def identity(self) -> dict[str, Any]:
        """The tournament as stored on every line of its results file (``params`` only when some
        differ from the printed game, so a tournament of the printed game writes what it always did)."""
        identity = {
            "game": self.game,
            "players": self.players,
            "options": dict(self.options),
            "agents": list(self.agents),
            "seed": self.seed,
        }
        if self.params:
            identity["params"] = dict(self.params)
        return identity

    def seating(self, index: int) -> list[str]:
        """The agent spec of each seat in game ``index`` (see the module's docstring)."""
        return tournament_seating(self.agents, self.players, index)


def tournament_seating(agents: Sequence[str], players: int, index: int) -> list[str]:
    """The agent of each seat of game ``index``; balanced over seats (see the module's docstring)."""
    if len(agents) <= players:
        return [agents[(seat + index) % len(agents)] for seat in range(players)]
    groups = math.comb(len(agents), players)
    group = _nth_combination(len(agents), players, (index // players) % groups)
    shift = index % players
    return [agents[group[(seat + shift) % players]] for seat in range(players)]


def _nth_combination(n: int, k: int, number: int) -> tuple[int, ...]:
    """The ``number``-th ``k``-subset of ``range(n)`` in ``itertools.combinations`` order."""
    return next(itertools.islice(itertools.combinations(range(n), k), number, None))


def play_game(tournament: Tournament, index: int, *, measure: bool = False) -> dict[str, Any]:
    """Play game ``index`` of ``tournament`` and return its results line (as a dict). With ``measure``
    the line also holds the seat that acted first (``first_player``) and the game's figures
    (``metrics``, :mod:`phoenixgames.sim.metrics`), as a study's lines do."""
    started = time.perf_counter()
    seed = game_seed(tournament.seed, index)
    seats = tournament.seating(index)
    state = start_game(tournament.game, tournament.players, seed, tournament.options, tournament.params or None)
    agents = [make_agent(spec, agent_seed(seed, seat)) for seat, spec in enumerate(seats)]
    thinking = [0.0] * tournament.players
    decisions = [0] * tournament.players
    clock = time.perf_counter
    first_player = state.current_player
    lead = LeadTracker() if measure else None
    last_seat = first_player
    while not state.is_over:
        seat = state.current_player
        if seat is None:
            break
        if lead is not None and seat != last_seat:  # the turn passed: where does the lead stand?
            lead.see(state.scores)
            last_seat = seat
        before = clock()
        action = choose_action(agents[seat], state, seat)
        thinking[seat] += clock() - before
        decisions[seat] += 1
        state.apply(action, player=seat)
    line = {
        "tournament": tournament.identity(),
        "index": index,
        "seed": seed,
        "seats": seats,
        "scores": state.scores,
        "winners": state.winners,
        "length": len(state.history),
        "record": state.record,
        "truncated": state.truncated,
    }
    if lead is not None:
        lead.see(state.scores)
        line["first_player"] = 0 if first_player is None else first_player
        line["metrics"] = game_metrics(state, lead.changes)
    line[TIMING] = {
        "seconds": round(clock() - started, 6),
        "decisions": decisions,
        "decision_seconds": [round(t, 6) for t in thinking],
    }
    return line


def play_games(tournament: Tournament, indices: range) -> list[dict[str, Any]]:
    """Play the games numbered ``indices``: the unit of work of a worker."""
    return [play_game(tournament, index) for index in indices]


def comparable(line: dict[str, Any]) -> dict[str, Any]:
    """A results line without its ``timing``: what must be the same on every backend and every run."""
    return {key: value for key, value in line.items() if key != TIMING}


def dumps(line: dict[str, Any]) -> str:
    """One results line as text (sorted keys, no spaces), with its newline."""
    return json.dumps(line, sort_keys=True, separators=(",", ":")) + "\n"


def read_results(path: str | os.PathLike[str]) -> list[dict[str, Any]]:
    """The games of a results file, in order. An unfinished last line (a run killed while writing it)
    is left out; any other line that is not a game raises :class:`BadResultsFile`."""
    return read_complete(Path(path))[0]


def read_complete(path: Path) -> tuple[list[dict[str, Any]], int]:
    """The games of ``path`` and the length in bytes of its complete lines (an unfinished last line, cut
    short by a run that was killed, is neither: a resumed run drops it and plays its game again)."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise BadResultsFile(f"cannot read {path}: {exc.strerror or exc}") from None
    lines: list[dict[str, Any]] = []
    good = 0
    for number, raw in enumerate(data.splitlines(keepends=True), 1):
        try:
            line = json.loads(raw)
        except (ValueError, RecursionError):  # not JSON, not UTF-8, a huge number, nested too deep
            line = None
        complete = raw.endswith(b"\n")
        if not isinstance(line, dict) or not complete:
            if good + len(raw) == len(data) and not complete:
                break  # the last line was cut short: the game will be played again
            if not raw.strip():
                good += len(raw)
                continue
            raise BadResultsFile(f"line {number} of {path} is not a game's results")
        for key in ("tournament", "index", "seats", "scores", "winners", "length"):
            if key not in line:
                raise BadResultsFile(f"line {number} of {path} has no {key!r}: it is not a tournament's results")
        trouble = line_trouble(line)
        if trouble:
            raise BadResultsFile(f"line {number} of {path} is damaged: {trouble}")
        lines.append(line)
        good += len(raw)
    return lines, good


def _whole(value: object, smallest: int = 0) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= smallest


def _texts(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


def _numbers(value: object) -> bool:
    return isinstance(value, list) and all(
        isinstance(item, int | float) and not isinstance(item, bool) and math.isfinite(item) for item in value
    )


def line_trouble(line: dict[str, Any]) -> str | None:
    """What is wrong with the types of a results line, in words; ``None`` if nothing is."""
    identity = line["tournament"]
    if not isinstance(identity, dict):
        return "its tournament is not a JSON object"
    if not isinstance(identity.get("game"), str) or not _whole(identity.get("players"), 1):
        return "its tournament names no game or player count"
    if not _texts(identity.get("agents")) or not _whole(identity.get("seed")):
        return "its tournament's agents or seed are wrong"
    if not isinstance(identity.get("options", {}), dict):
        return "its tournament's options are not a JSON object"
    if not isinstance(identity.get("params", {}), dict):
        return "its tournament's parameters are not a JSON object"
    players = identity["players"]
    if not _whole(line["index"]) or not _whole(line.get("seed", 0)) or not _whole(line["length"]):
        return "its index, seed and length must be whole numbers 0 or more"
    if not _texts(line["seats"]) or len(line["seats"]) != players:
        return f"its seats must be {players} agent names"
    if not _numbers(line["scores"]) or len(line["scores"]) != players:
        return f"its scores must be {players} numbers"
    winners = line["winners"]
    if not isinstance(winners, list) or not all(_whole(w) and w < players for w in winners):
        return "its winners must be seat numbers"
    if not isinstance(line.get("record", {}), dict) or not isinstance(line.get("truncated", False), bool):
        return "its record or its truncated flag is of the wrong type"
    timing = line.get(TIMING, {})
    if not isinstance(timing, dict):
        return "its timing is not a JSON object"
    seconds = timing.get("seconds", 0.0)
    if (
        not _numbers([seconds])
        or not _numbers(timing.get("decisions", []))
        or not _numbers(timing.get("decision_seconds", []))
    ):
        return "its timing holds something other than numbers"
    if any(len(timing.get(key, [0] * players)) != players for key in ("decisions", "decision_seconds")):
        return f"its timing must give {players} numbers per seat"
    return None


def _chunks(start: int, stop: int) -> list[range]:
    """One game a unit of work: each game reaches the results file as soon as it is finished, so a run
    that is stopped (Ctrl-C, a crash) loses no finished game. It costs no measurable time: 3,000
    random two-player games of Schatz on two workers took as long as in units of eight."""
    return [range(index, index + 1) for index in range(start, stop)]


def check_results_path(path: Path, resume: bool) -> None:
    """Refuse, before any game is played, a results file that is a folder, or that already holds games
    when the run is not to resume them."""
    if path.is_dir():
        raise BadResultsFile(f"{path} is a folder: name the results file, like {path / 'results.jsonl'}")
    if not resume and path.exists() and path.stat().st_size > 0:
        raise BadResultsFile(f"{path} already holds results: add --resume to continue it, or choose another file")


def run_tournament(
    tournament: Tournament,
    games: int,
    out: str | os.PathLike[str],
    *,
    resume: bool = False,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    progress: Callable[[dict[str, Any]], None] | None = None,
    on_resume: Callable[[int], None] | None = None,
) -> list[dict[str, Any]]:
    """Play games ``0 .. games - 1`` of ``tournament``, appending each to ``out``; return all lines.

    With ``resume=True`` the games already in ``out`` are kept (they must belong to this tournament)
    and only the missing ones are played; ``on_resume(count)`` is told how many were found. Without
    it, ``out`` must not hold games yet. ``backend`` is ``local`` (``workers`` processes; 1 plays in
    this process) or ``ray`` (a Ray cluster at ``address``, or a local one started with ``workers``
    CPUs). ``progress(line)`` is called for each game as it finishes, in this process.
    """
    path = Path(out)
    if not isinstance(games, int) or isinstance(games, bool) or games < 1:
        raise BadResultsFile(f"the number of games must be a whole number 1 or more, not {games!r}")
    check_results_path(path, resume)
    done: list[dict[str, Any]] = []
    if path.exists() and path.stat().st_size > 0:
        if not resume:
            raise BadResultsFile(f"{path} already holds results: add --resume to continue it, or choose another file")
        done, good = read_complete(path)
        for number, line in enumerate(done):
            if line["tournament"] != tournament.identity():
                raise BadResultsFile(
                    f"{path} holds games of another tournament ({_describe(line['tournament'])}), "
                    f"not of this one ({_describe(tournament.identity())})"
                )
            if line["index"] != number:
                raise BadResultsFile(f"line {number + 1} of {path} holds game {line['index']}, not game {number}")
        if good < path.stat().st_size:
            with path.open("r+b") as handle:  # drop the cut-short line
                handle.truncate(good)
    if on_resume is not None:
        on_resume(len(done))
    if len(done) >= games:
        return done[:games]
    path.parent.mkdir(parents=True, exist_ok=True)
    waiting: dict[int, dict[str, Any]] = {}
    next_index = len(done)
    with path.open("a", encoding="utf-8") as handle:
        for lines in _results(tournament, len(done), games, workers, backend, address):
            for line in lines:
                waiting[line["index"]] = line
                if progress is not None:
                    progress(line)
            while next_index in waiting:  # keep the file in game order whatever order games finish in
                line = waiting.pop(next_index)
                handle.write(dumps(line))
                done.append(line)
                next_index += 1
            handle.flush()
    return done


def play_all(
    tournament: Tournament,
    games: int,
    *,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    progress: Callable[[dict[str, Any]], None] | None = None,
) -> list[dict[str, Any]]:
    """Play games ``0 .. games - 1`` of ``tournament`` and return their lines in game order, no file."""
    found: dict[int, dict[str, Any]] = {}
    for lines in _results(tournament, 0, games, workers, backend, address):
        for line in lines:
            found[line["index"]] = line
            if progress is not None:
                progress(line)
    return [found[index] for index in range(games)]


def _results(
    tournament: Tournament, start: int, stop: int, workers: int, backend: str, address: str | None
) -> Iterator[list[dict[str, Any]]]:
    chunks = _chunks(start, stop)
    return run_chunks(play_games, tournament, chunks, workers=workers, backend=backend, address=address)


def _describe(identity: dict[str, Any]) -> str:
    params = identity.get("params") or {}
    changed = ", parameters " + ",".join(f"{k}={v}" for k, v in sorted(params.items())) if params else ""
    return (
        f"{identity.get('players')}-player {identity.get('game')}, agents {','.join(identity.get('agents') or [])}, "
        f"seed {identity.get('seed')}{changed}"
    )


__all__ = [
    "TIMING",
    "BadResultsFile",
    "Tournament",
    "comparable",
    "dumps",
    "play_all",
    "play_game",
    "play_games",
    "read_complete",
    "read_results",
    "run_tournament",
    "tournament_seating",
]
