"""A study's search: Optuna (TPE) looks for the setting of some options and parameters that best meets
an objective, each trial a batch of games (a setting of :mod:`phoenixgames.sim.study`).

Objectives, as written after ``--search``:

- ``minimise seat_advantage``: bring every turn position's win share close to a fair share (what is
  minimised is the distance from it of the position farthest from it);
  ``minimise first_player_advantage``: the same for the seat that acts first alone (``maximise
  first_player_advantage`` favours it);
- ``target rounds=12`` (any figure, ``decisions=150``): bring a figure's mean closest to a value;
- ``maximise win_share:greedy`` / ``minimise win_share:greedy``: an agent's share of the victories;
- ``minimise margin`` (any figure a game reports): a figure's mean.

Every trial plays the same games (the study's seed), so trials differ by their setting alone; the best
trial's setting is then played again with fresh seeds, and its figures there, with their intervals,
say how sure the search is (the best of many noisy trials looks better than it is).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine import get_spec
from .backends import backend_session
from .figures import setting_figures
from .study import BadStudy, Progress, Setting, Study, StudyFile, kind_of, play_settings, typed_value

_OBJECTIVE = re.compile(
    r"^\s*(?P<direction>minimi[sz]e|maximi[sz]e|target)\s+(?P<figure>[a-z_][a-z0-9_]*(?::[a-z0-9_.:=,]+)?)"
    r"(?:\s*=\s*(?P<target>-?\d+(?:\.\d+)?))?\s*$"
)


def best_number(trial: int) -> int:
    """The setting number, in the results file, of trial ``trial``'s setting played again as the best
    (trials are numbered from 0, these from -1 down): apart from the trials, and one for each trial,
    so that a search resumed with more trials, whose best may be another, finds all it played."""
    return -1 - trial


class SearchUnavailable(BadStudy):
    """A search that cannot run here: Optuna is not installed."""


@dataclass(frozen=True)
class Objective:
    """What a search looks for: a direction and a figure (and a target value for ``target``)."""

    direction: str  # minimise, maximise or target
    figure: str
    target: float | None = None

    @classmethod
    def parse(cls, text: str) -> Objective:
        match = _OBJECTIVE.match(text.lower())
        if match is None:
            raise BadStudy(
                f"--search takes an objective like 'minimise seat_advantage', 'target rounds=12' or "
                f"'maximise win_share:greedy', not {text!r}"
            )
        direction = match["direction"].replace("z", "s")
        target = match["target"]
        if (direction == "target") != (target is not None):
            raise BadStudy(f"write a target as 'target FIGURE=VALUE' (like target rounds=12), not {text!r}")
        return cls(direction, match["figure"], float(target) if target is not None else None)

    def __str__(self) -> str:
        if self.direction == "target":
            return f"target {self.figure}={self.target:g}"
        return f"{self.direction} {self.figure}"

    def figure_of(self, figures: dict[str, Any]) -> tuple[float, list[float]]:
        """The figure's value and 95% interval in the figures of a setting."""
        if self.figure in ("seat_advantage", "first_player_advantage"):
            advantage = figures[self.figure]
            return advantage["value"], advantage["ci95"]
        if self.figure.startswith("win_share:"):
            agent = self.figure.partition(":")[2]
            share = figures["agents"].get(agent)
            if share is None:
                raise BadStudy(f"the objective's agent {agent!r} does not play in this study")
            return share["share"], share["ci95"]
        found = figures["figures"].get(self.figure)
        if found is None:
            known = ", ".join(["seat_advantage", "first_player_advantage", "win_share:AGENT", *figures["figures"]])
            raise BadStudy(f"the games report no figure {self.figure!r} (figures: {known})")
        return found["mean"], found["ci95"]

    def shown(self, value: float, interval: list[float]) -> str:
        """The figure and its interval as a reader takes them: an advantage in percentage points, a win
        share as a percentage, any other figure as a number."""
        low, high = interval
        if self.figure in ("seat_advantage", "first_player_advantage"):
            return f"{100 * value:+.1f} points (95% interval {100 * low:+.1f} to {100 * high:+.1f})"
        if self.figure.startswith("win_share:"):
            return f"{100 * value:.1f}% (95% interval {100 * low:.1f}-{100 * high:.1f}%)"
        return f"{value:.4g} (95% interval {low:.4g} to {high:.4g})"

    def score(self, figures: dict[str, Any]) -> float:
        """What the search minimises."""
        value, _interval = self.figure_of(figures)
        if self.direction == "target":
            return abs(value - (self.target or 0.0))
        if self.figure in ("seat_advantage", "first_player_advantage") and self.direction == "minimise":
            return abs(value)
        return value if self.direction == "minimise" else -value


@dataclass(frozen=True)
class Range:
    """The values a search may give one option or parameter: whole numbers ``low..high``, or a list."""

    name: str
    low: int | None = None
    high: int | None = None
    choices: tuple[Any, ...] = ()

    @classmethod
    def parse(cls, game: str, text: str) -> Range:
        name, sep, values = text.partition("=")
        name = name.strip().lower()
        if not sep or not name or not values.strip():
            raise BadStudy(f"--range takes name=LOW..HIGH or name=A,B,C (like vp_goal=24..40), not {text!r}")
        kind_of(game, name)
        low, dots, high = values.partition("..")
        if dots:
            try:
                lo, hi = int(low), int(high)
            except ValueError:
                raise BadStudy(f"--range {name}: LOW..HIGH must be whole numbers, not {values!r}") from None
            if lo > hi:
                raise BadStudy(f"--range {name}: {lo} is above {hi}")
            typed_value(game, name, lo), typed_value(game, name, hi)  # both ends must be allowed
            return cls(name, lo, hi)
        choices = tuple(typed_value(game, name, value.strip()) for value in values.split(","))
        return cls(name, choices=choices)

    def suggest(self, trial: Any) -> Any:
        if self.choices:
            return trial.suggest_categorical(self.name, list(self.choices))
        return trial.suggest_int(self.name, self.low, self.high)


@dataclass
class SearchResult:
    """The trials of a search, its best setting and that setting played again with fresh seeds."""

    objective: Objective
    trials: list[tuple[Setting, dict[str, Any], float]] = field(default_factory=list)  # setting, figures, score
    best: Setting | None = None
    confirm: Setting | None = None
    confirm_figures: dict[str, Any] | None = None

    def to_dict(self) -> dict[str, Any]:
        best = min(self.trials, key=lambda trial: trial[2]) if self.trials else None
        data: dict[str, Any] = {
            "objective": str(self.objective),
            "trials": [
                {"trial": s.number + 1, "values": s.values, "score": score, "figure": self.objective.figure_of(f)[0]}
                for s, f, score in self.trials
            ],
        }
        if best is not None:
            data["best"] = {"trial": best[0].number + 1, "values": best[0].values, "score": best[2]}
        if self.confirm_figures is not None:
            value, interval = self.objective.figure_of(self.confirm_figures)
            data["confirmed"] = {"games": self.confirm_figures["games"], "figure": value, "ci95": interval}
        return data


def optuna_module() -> Any:
    try:
        import optuna
    except ImportError:
        raise SearchUnavailable(
            "the search needs Optuna: pip install 'phoenixgames[study]' (make test installs it)"
        ) from None
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    return optuna


def run_search(
    study: Study,
    objective: Objective,
    ranges: Sequence[Range],
    trials: int,
    games: int,
    file: StudyFile | None,
    *,
    confirm_games: int | None = None,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    progress: Progress | None = None,
    on_trial: Callable[[Setting, dict[str, Any], float], None] | None = None,
) -> SearchResult:
    """``trials`` trials of ``games`` games each, their settings chosen by Optuna's TPE sampler (seeded by
    the study's seed, so the same search tries the same settings), then the best setting played again
    in ``confirm_games`` games (``games`` by default) with fresh seeds."""
    if not ranges:
        raise BadStudy("a search needs at least one --range to search")
    if trials < 1:
        raise BadStudy(f"--trials must be 1 or more, not {trials}")
    get_spec(study.game)
    optuna = optuna_module()
    sampler = optuna.samplers.TPESampler(seed=study.seed % (2**32))
    search = optuna.create_study(direction="minimize", sampler=sampler)
    result = SearchResult(objective)
    seen: dict[tuple[tuple[str, Any], ...], tuple[Setting, dict[str, Any], float]] = {}
    with backend_session(backend, workers, address):  # one set of workers for every trial
        for number in range(trials):
            trial = search.ask()
            values = {r.name: typed_value(study.game, r.name, r.suggest(trial)) for r in ranges}
            key = tuple(sorted(values.items()))
            if key in seen:  # the same games again would give the same figures: no need to play them
                earlier, figures, score = seen[key]
                setting = Setting(number, values, earlier.plan, list(earlier.lines), note=f"trial {number + 1}")
            else:
                setting = Setting(number, values, study.tournament(values), note=f"trial {number + 1}")
                play_settings(
                    [setting], games, file, workers=workers, backend=backend, address=address, progress=progress
                )
                figures = setting_figures(setting.lines)
                score = objective.score(figures)
                seen[key] = (setting, figures, score)
            search.tell(trial, score)
            result.trials.append((setting, figures, score))
            if on_trial is not None:
                on_trial(setting, figures, score)
        best, _figures, _score = min(result.trials, key=lambda trial: trial[2])
        fresh = study.tournament(best.values, seed=study.fresh_seed("best"))
        note = "the best trial played again with fresh seeds"
        confirm = Setting(best_number(best.number), best.values, fresh, note=note)
        play_settings(
            [confirm],
            confirm_games or games,
            file,
            workers=workers,
            backend=backend,
            address=address,
            progress=progress,
        )
    result.best = best
    result.confirm = confirm
    result.confirm_figures = setting_figures(confirm.lines)
    return result


__all__ = ["Objective", "Range", "SearchResult", "SearchUnavailable", "best_number", "optuna_module", "run_search"]
