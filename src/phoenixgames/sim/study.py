"""Studies: the same games played under several settings of a game's options and parameters.

A *setting* gives a value to each varied option or parameter (``{"vp_goal": 28, "preset_cards": True}``);
the rest keep the study's own values (its ``--option``/``--param``, else the printed game's). A *sweep*
plays every combination of the values asked for; a *search* (:mod:`phoenixgames.sim.search`) lets
Optuna choose the settings. Each setting is a tournament of its own (:class:`~.tournament.Tournament`)
whose games ``0 .. n - 1`` are played as a tournament plays them, with the study's seed: every setting
meets the same deals and the same seatings, so settings differ by their setting alone.

The results file holds one JSON line per game, a tournament's line (``tournament``, ``index``, ``seed``,
``seats``, ``scores``, ``winners``, ``length``, ``record`` without its actions, ``truncated``,
``timing``) with the seat that acted first (``first_player``), the game's figures (``metrics``,
:mod:`phoenixgames.sim.metrics`) and which setting it belongs to (``study``: its number and values).
The settings follow one another in the file, each one's games in order, so that a run that was
stopped resumes where it stopped and the same study writes the same lines (timing aside). A study
resumed with more games a setting appends each setting's further games after them: a setting's
games stay in order, whatever lies between them.

``until_width``: a setting stops early, at a multiple of ``check_every`` games, once the 95% interval
of the first player's win share is narrower than the width asked for; the point where it stops
depends only on the games, so a resumed study stops at the same point.
"""

from __future__ import annotations

import itertools
import math
import os
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from ..engine import PhoenixGamesError, derive_seed, get_spec
from ..engine.options import resolve_options
from .backends import backend_session, run_chunks
from .runner import MAX_CHUNK
from .stats import Z95, wilson_interval
from .tournament import BadResultsFile, Tournament, check_results_path, dumps, play_game, read_complete

#: How many games a setting plays between two looks at the width of its interval (``until_width``).
CHECK_EVERY = 100


class BadStudy(PhoenixGamesError, ValueError):
    """A study that cannot run as asked: a name that is neither option nor parameter, a bad value."""


def kind_of(game: str, name: str) -> str:
    """``option`` or ``parameter``: what ``name`` is in ``game``; :class:`BadStudy` if neither."""
    spec = get_spec(game)
    if any(option.name == name for option in spec.options):
        return "option"
    if any(parameter.name == name for parameter in spec.parameters):
        return "parameter"
    known = sorted([o.name for o in spec.options] + [p.name for p in spec.parameters])
    raise BadStudy(
        f"{spec.name} has no option or parameter {name!r} "
        f"({'its options and parameters: ' + ', '.join(known) if known else 'it has neither'})"
    )


def typed_value(game: str, name: str, value: Any) -> Any:
    """``value`` (text such as ``"28"`` or ``"true"``, or a value) as the option or parameter ``name``
    of ``game`` takes it, checked: a bad one raises the game's own one-line error."""
    spec = get_spec(game)
    if kind_of(game, name) == "parameter":
        return next(p for p in spec.parameters if p.name == name).check(value)
    return resolve_options(spec.options, {name: value}, spec.name)[name]


def split_setting(game: str, values: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """A setting's values parted into (options, parameters)."""
    options = {k: v for k, v in values.items() if kind_of(game, k) == "option"}
    params = {k: v for k, v in values.items() if kind_of(game, k) == "parameter"}
    return options, params


@dataclass(frozen=True)
class Study:
    """What every setting of a study shares: the game, players, agents, seed and fixed values."""

    game: str
    players: int
    agents: tuple[str, ...]
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    params: dict[str, Any] = field(default_factory=dict)

    def tournament(self, values: dict[str, Any], seed: int | None = None) -> Tournament:
        """The tournament of the setting ``values`` (with another ``seed``: fresh games of it)."""
        options, params = split_setting(self.game, values)
        return Tournament.checked(
            self.game,
            self.players,
            self.agents,
            self.seed if seed is None else seed,
            {**self.options, **options},
            {**self.params, **params},
        )

    def fresh_seed(self, what: str) -> int:
        """A seed for games other than the study's own (the search's best setting played again)."""
        return derive_seed(self.seed, "study", what) % (2**63)


def sweep_settings(game: str, vary: Sequence[tuple[str, Sequence[Any]]]) -> list[dict[str, Any]]:
    """Every combination of the values of ``vary`` (name, values), checked and typed, the first name
    varying slowest; one setting with nothing varied when ``vary`` is empty."""
    names = [name for name, _values in vary]
    if len(set(names)) != len(names):
        raise BadStudy("each option or parameter may be varied once: give all its values after one --vary")
    typed = []
    for name, values in vary:
        if not values:
            raise BadStudy(f"--vary {name} gives no values: write {name}=A,B,C")
        typed.append([typed_value(game, name, value) for value in values])
    return [dict(zip(names, combination, strict=True)) for combination in itertools.product(*typed)]


def first_share_width(lines: Sequence[dict[str, Any]]) -> float:
    """The width of the 95% interval of the win share of the seat that acted first, over ``lines``."""
    wins = 0.0
    for line in lines:
        if line["first_player"] in line["winners"]:
            wins += 1 / len(line["winners"])
    low, high = wilson_interval(wins, len(lines))
    return high - low


def games_for_width(share: float, width: float) -> int:
    """How many games it takes for the 95% interval of a win share near ``share`` to be ``width`` wide."""
    share = min(max(share, 0.01), 0.99)
    return math.ceil((2 * Z95) ** 2 * share * (1 - share) / (width * width))


@dataclass
class Setting:
    """One setting of a study while it is played: its number, values, tournament and games so far."""

    number: int
    values: dict[str, Any]
    plan: Tournament
    lines: list[dict[str, Any]] = field(default_factory=list)
    stopped_early: bool = False
    #: What the setting is in its study, when its values alone do not say (a search's trial).
    note: str = ""

    def label(self) -> str:
        label = ", ".join(f"{k}={typed_text(v)}" for k, v in self.values.items()) or "as set"
        return f"{label} ({self.note})" if self.note else label


def typed_text(value: Any) -> str:
    """A value as it is typed after ``--vary name=`` or ``--param name=``: ``true``, ``none``, ``28``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return "none" if value is None else str(value)


def study_line(line: dict[str, Any], setting: Setting) -> dict[str, Any]:
    """A tournament's line made a study's: its setting named, the record without its actions."""
    record = {k: v for k, v in line["record"].items() if k != "actions"}
    return {**line, "record": record, "study": {"setting": setting.number, "values": setting.values}}


def _play_measured(plans: tuple[Tournament, ...], chunk: range) -> list[dict[str, Any]]:
    """The unit of work of a worker: games of one setting, numbered ``chunk.start % ...`` (see
    :func:`_chunks`), with their figures."""
    setting, start = divmod(chunk.start, _SPAN)
    plan = plans[setting]
    return [{**play_game(plan, index, measure=True), "_setting": setting} for index in range(start, start + len(chunk))]


#: Games of setting ``s`` are numbered ``s * _SPAN + index`` in the chunks handed to the workers, so that
#: one pool of workers plays several settings at once.
_SPAN = 1 << 40


def _chunks(setting: int, start: int, stop: int, workers: int) -> list[range]:
    size = max(1, min(MAX_CHUNK, math.ceil((stop - start) / (workers * 8))))
    base = setting * _SPAN
    return [range(base + i, base + min(i + size, stop)) for i in range(start, stop, size)]


def study_line_trouble(line: dict[str, Any]) -> str | None:
    """What is wrong with what a study adds to a tournament's line, in words; ``None`` if nothing is."""
    players = len(line["seats"])
    first = line.get("first_player")
    if not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < players:
        return "its first_player must be a seat number"
    metrics = line.get("metrics")
    if not isinstance(metrics, dict):
        return "its metrics are not a JSON object"
    for name, value in metrics.items():
        values = value if isinstance(value, list) else [value]
        if not all(isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v) for v in values):
            return f"its figure {name!r} is not a number or a list of numbers"
    if not isinstance(line["study"].get("values"), dict):
        return "its setting's values are not a JSON object"
    return None


class StudyFile:
    """A study's results file: the games found in it (grouped by setting), and new ones appended."""

    def __init__(self, path: str | os.PathLike[str], resume: bool) -> None:
        self.path = Path(path)
        check_results_path(self.path, resume)
        self.found: dict[int, list[dict[str, Any]]] = {}
        if self.path.exists() and self.path.stat().st_size > 0:
            lines, good = read_complete(self.path)
            for number, line in enumerate(lines, 1):
                study = line.get("study")
                if not isinstance(study, dict) or not isinstance(study.get("setting"), int):
                    raise BadResultsFile(f"line {number} of {self.path} is not a study's game (it names no setting)")
                trouble = study_line_trouble(line)
                if trouble:
                    raise BadResultsFile(f"line {number} of {self.path} is damaged: {trouble}")
                self.found.setdefault(study["setting"], []).append(line)
            if good < self.path.stat().st_size:
                with self.path.open("r+b") as handle:  # drop the cut-short last line
                    handle.truncate(good)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._handle: TextIO = self.path.open("a", encoding="utf-8")

    @property
    def resumed(self) -> int:
        """How many games were found already played."""
        return sum(len(lines) for lines in self.found.values())

    def take(self, setting: Setting) -> None:
        """Give ``setting`` the games the file holds for it (checked to be its games, in order)."""
        lines = self.found.get(setting.number, [])
        for number, line in enumerate(lines):
            if line["tournament"] != setting.plan.identity() or line["study"].get("values") != setting.values:
                raise BadResultsFile(
                    f"{self.path} holds games of another study at setting {setting.number + 1} "
                    f"({line['study'].get('values')}), not of this one ({setting.values})"
                )
            if line["index"] != number:
                raise BadResultsFile(
                    f"{self.path}: game {line['index']} of setting {setting.number + 1} is out of order"
                )
        setting.lines = list(lines)

    def write(self, line: dict[str, Any]) -> None:
        self._handle.write(dumps(line))

    def flush(self) -> None:
        self._handle.flush()

    def close(self) -> None:
        self._handle.close()


Progress = Callable[[Setting, dict[str, Any] | None], None]


def play_settings(
    settings: Sequence[Setting],
    games: int,
    file: StudyFile | None,
    *,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    until_width: float | None = None,
    check_every: int = CHECK_EVERY,
    progress: Progress | None = None,
) -> None:
    """Play each setting's games up to ``games`` (fewer with ``until_width``), appending each to
    ``file`` in the file's order; ``progress(setting, line)`` is called for each game as it finishes
    (``line`` ``None`` once for each setting when it starts, with the games it already has)."""
    for setting in settings:
        if file is not None:
            file.take(setting)
        if progress is not None:
            progress(setting, None)
    if until_width is None:
        # nothing to decide between batches: every setting at once, on one set of workers
        wanted = [(s, t) for s in settings if (t := _next_target(s, games, None, check_every)) is not None]
        if wanted:
            _play_batch(wanted, file, workers, backend, address, progress)
        return
    for setting in settings:  # a setting at a time, batch by batch: it stops at the first narrow enough look
        while (target := _next_target(setting, games, until_width, check_every)) is not None:
            _play_batch([(setting, target)], file, workers, backend, address, progress)


def _next_target(setting: Setting, games: int, until_width: float | None, check_every: int) -> int | None:
    """How many games ``setting`` should have after its next batch; ``None`` when it is done."""
    have = len(setting.lines)
    looks = until_width is not None and have and (have % check_every == 0 or have >= games)
    if looks and first_share_width(setting.lines) < (until_width or 0.0):
        setting.stopped_early = have < games
        return None
    if have >= games:
        return None
    if until_width is None:
        return games
    return min(games, (have // check_every + 1) * check_every)


def _play_batch(
    wanted: Sequence[tuple[Setting, int]],
    file: StudyFile | None,
    workers: int,
    backend: str,
    address: str | None,
    progress: Progress | None,
) -> None:
    by_number = {setting.number: setting for setting, _target in wanted}
    plans = tuple(setting.plan for setting, _target in wanted)
    slots = {setting.number: slot for slot, (setting, _target) in enumerate(wanted)}
    chunks = [
        chunk
        for setting, target in wanted
        for chunk in _chunks(slots[setting.number], len(setting.lines), target, workers)
    ]
    numbers = [setting.number for setting, _target in wanted]
    waiting: dict[tuple[int, int], dict[str, Any]] = {}
    cursor = 0  # the settings are written to the file in order: the one at ``numbers[cursor]`` now
    for lines in _run(plans, chunks, workers, backend, address):
        for line in lines:
            setting = by_number[numbers[line.pop("_setting")]]
            line = study_line(line, setting)
            waiting[(setting.number, line["index"])] = line
            if progress is not None:
                progress(setting, line)
        while cursor < len(wanted):
            setting, target = wanted[cursor]
            while (setting.number, len(setting.lines)) in waiting:
                line = waiting.pop((setting.number, len(setting.lines)))
                if file is not None:
                    file.write(line)
                setting.lines.append(line)
            if len(setting.lines) < target:
                break
            cursor += 1
        if file is not None:
            file.flush()


def _run(
    plans: tuple[Tournament, ...], chunks: list[range], workers: int, backend: str, address: str | None
) -> Iterator[list[dict[str, Any]]]:
    if backend == "local" and workers == 1:
        return (_play_measured(plans, chunk) for chunk in chunks)
    return run_chunks(_play_measured, plans, chunks, workers=workers, backend=backend, address=address)


def run_sweep(
    study: Study,
    vary: Sequence[tuple[str, Sequence[Any]]],
    games: int,
    out: str | os.PathLike[str] | None,
    *,
    resume: bool = False,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    until_width: float | None = None,
    check_every: int = CHECK_EVERY,
    progress: Progress | None = None,
    on_resume: Callable[[int], None] | None = None,
) -> list[Setting]:
    """Play every combination of ``vary`` (:func:`sweep_settings`), ``games`` games each (fewer with
    ``until_width``), appending each game to ``out`` (resumed with ``resume``); return the settings
    with their games."""
    if not isinstance(games, int) or isinstance(games, bool) or games < 1:
        raise BadStudy(f"the number of games must be a whole number 1 or more, not {games!r}")
    if until_width is not None and not 0 < until_width < 1:
        raise BadStudy(f"--until-width is the width of an interval of a share: above 0 and below 1, not {until_width}")
    settings = [
        Setting(number, values, study.tournament(values))
        for number, values in enumerate(sweep_settings(study.game, vary))
    ]
    file = StudyFile(out, resume) if out is not None else None
    try:
        if file is not None:
            unknown = [key for key in file.found if key >= len(settings)]
            if unknown:
                raise BadResultsFile(
                    f"{file.path} holds games of another study: it has a setting {unknown[0] + 1}, this one has not"
                )
            if on_resume is not None:
                on_resume(file.resumed)
        with backend_session(backend, workers, address):  # one set of workers for every batch
            play_settings(
                settings,
                games,
                file,
                workers=workers,
                backend=backend,
                address=address,
                until_width=until_width,
                check_every=check_every,
                progress=progress,
            )
    finally:
        if file is not None:
            file.close()
    return settings


__all__ = [
    "CHECK_EVERY",
    "BadStudy",
    "Setting",
    "Study",
    "StudyFile",
    "first_share_width",
    "games_for_width",
    "kind_of",
    "play_settings",
    "run_sweep",
    "split_setting",
    "study_line",
    "study_line_trouble",
    "sweep_settings",
    "typed_text",
    "typed_value",
]
