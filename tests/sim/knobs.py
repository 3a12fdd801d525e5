"""A parameter and a figure added to a game for the tests of studies, whatever the game declares itself.

``knob`` is a parameter the game does not read (its games are those of the printed game), which is
all the plumbing of parameters needs; ``nests_won`` is a figure by seat. Only in this process: the
tests that use it play on one worker.
"""

from __future__ import annotations

import dataclasses

import pytest

from phoenixgames.engine import registry
from phoenixgames.engine.parameters import Parameter

KNOB = Parameter("knob", 3, "a number for the tests", 1, 5, source="assumed")


def add_knob(monkeypatch: pytest.MonkeyPatch, game: str = "schatz") -> None:
    spec = registry.get_spec(game)
    own = spec.metrics

    def metrics(state):
        figures = dict(own(state)) if own is not None else {}
        figures.setdefault("rounds", 3)
        figures["nests_won"] = [float(score > 0) for score in state.scores]
        return figures

    changed = dataclasses.replace(spec, parameters=(*spec.parameters, KNOB), metrics=metrics)
    monkeypatch.setitem(registry._REGISTRY, game, changed)
    monkeypatch.setattr(spec.state_class, "spec", changed)
