"""The study report page: what it folds away, what it leaves out of its plots, and how it lays out numbers."""

from __future__ import annotations

import re
from typing import Any

from phoenixgames.sim.study_report import _panels, _setup_table, _winning_table, constant_figures


def _setup() -> dict[str, dict[str, Any]]:
    return {
        "options": {"wild_colour": "any", "preset": True, "mode": "long"},
        "option_defaults": {"wild_colour": "any", "preset": False, "mode": "long"},
        "params": {"knob": 3, "goal": 28, "pool": 12},
        "param_defaults": {"knob": 3, "goal": 28, "pool": 10},
    }


def test_the_played_with_table_shows_the_varied_and_changed_and_folds_the_defaults_away():
    page = _setup_table(_setup(), {"knob"})
    table, folded = page.split("<details>")
    assert "<summary>3 more at their printed values</summary>" in folded
    for name in ("knob", "preset", "pool"):
        assert f"<td>{name}</td>" in table and f"<td>{name}</td>" not in folded
    for name in ("wild_colour", "mode", "goal"):
        assert f"<td>{name}</td>" in folded and f"<td>{name}</td>" not in table
    assert "varied (see the settings)" in table and "<b>12</b>" in table
    assert re.search(r"<td>goal</td><td>28</td><td>28</td>", folded)  # still named with its value and default


def test_a_game_played_as_printed_folds_everything_and_says_so():
    setup = _setup()
    setup["options"] = dict(setup["option_defaults"])
    setup["params"] = dict(setup["param_defaults"])
    page = _setup_table(setup, set())
    assert "Every option and parameter at its printed value." in page
    assert "<summary>6 more at their printed values</summary>" in page


def _row(setting: int, **means: float) -> dict[str, Any]:
    figures = {name: {"mean": mean, "ci95": [mean - 0.1, mean + 0.1]} for name, mean in means.items()}
    return {"setting": setting, "values": {"knob": setting}, "figures": {"figures": figures}}


def test_a_figure_the_same_in_every_setting_is_named_with_its_value_and_not_plotted():
    rows = [_row(1, rounds=9.0, share_of_bank=1 / 3), _row(2, rounds=11.0, share_of_bank=1 / 3)]
    assert constant_figures(rows) == {"share_of_bank": round(1 / 3, 9)}
    assert _panels(rows) == ["first player's win share", "rounds"]
    assert constant_figures(rows[:1]) == {}  # one setting: nothing to compare, everything plotted
    assert "share_of_bank" in _panels(rows[:1])


def test_what_goes_with_winning_leaves_out_the_score_and_gives_means_to_two_places():
    def seat(r: float, winners: float, others: float) -> dict[str, object]:
        return {
            "mean": others,
            "ci95": [0, 1],
            "correlation_with_winning": r,
            "mean_of_winners": winners,
            "mean_of_others": others,
        }

    figures = {"score": seat(0.9, 30, 12.5), "vp_cards": seat(0.7, 25.8, 14.7455)}
    page = _winning_table({"settings": [{"label": "as set", "figures": {"figures": figures}}]})
    assert "<td>score</td>" not in page
    assert "<td>vp_cards</td><td>+0.700</td><td>25.80</td><td>14.75</td>" in page
