"""Studies: sweeps of options and parameters, searches, resuming, and the tables and report they write."""

from __future__ import annotations

import json

import pandas
import pytest

from phoenixgames.sim.figures import setting_figures
from phoenixgames.sim.metrics import LeadTracker, margin_of
from phoenixgames.sim.search import Objective, Range, run_search
from phoenixgames.sim.study import BadStudy, Study, StudyFile, games_for_width, run_sweep, sweep_settings
from phoenixgames.sim.study_report import study_data, write_study_report
from phoenixgames.sim.tournament import BadResultsFile, comparable, read_results

from .knobs import add_knob

VARY = [("wild_colour", ["any", "none"]), ("knob", ["1", "5"])]


@pytest.fixture
def study(monkeypatch) -> Study:
    add_knob(monkeypatch)
    return Study("schatz", 2, ("greedy", "random"), seed=3)


def test_a_sweep_plays_every_combination_and_each_game_carries_its_setting_and_figures(study, tmp_path):
    settings = run_sweep(study, VARY, 4, tmp_path / "r.jsonl")
    assert [s.values for s in settings] == [
        {"wild_colour": "any", "knob": 1},
        {"wild_colour": "any", "knob": 5},
        {"wild_colour": "none", "knob": 1},
        {"wild_colour": "none", "knob": 5},
    ]
    lines = read_results(tmp_path / "r.jsonl")
    assert len(lines) == 16
    assert [line["study"]["setting"] for line in lines] == [0] * 4 + [1] * 4 + [2] * 4 + [3] * 4
    line = lines[4]
    assert line["tournament"]["options"] == {"wild_colour": "any"}
    assert line["tournament"]["params"] == {"knob": 5}
    assert line["record"]["params"] == {"knob": 5} and "actions" not in line["record"]
    metrics = line["metrics"]
    assert sum(metrics["win_share"]) == pytest.approx(1)
    assert metrics["decisions"] == line["length"] and metrics["rounds"] == 3
    assert len(metrics["nests_won"]) == 2
    assert lines[0]["tournament"]["params"] == {"knob": 1}  # not the printed 3, so it is named
    # every setting meets the same deals
    assert [line["seed"] for line in lines[:4]] == [line["seed"] for line in lines[4:8]]


def test_the_printed_value_of_a_parameter_is_not_written_as_a_change(study, tmp_path):
    settings = run_sweep(study, [("knob", ["3"])], 2, tmp_path / "r.jsonl")
    assert "params" not in settings[0].plan.identity()


def test_a_stopped_sweep_resumes_and_writes_the_same_lines(study, tmp_path):
    whole = tmp_path / "whole.jsonl"
    run_sweep(study, VARY, 3, whole)
    part = tmp_path / "part.jsonl"
    lines = whole.read_bytes().splitlines(keepends=True)
    part.write_bytes(b"".join(lines[:7]) + lines[7][:40])  # killed while writing game 8
    found: list[int] = []
    run_sweep(study, VARY, 3, part, resume=True, on_resume=found.append)
    assert found == [7]
    assert [comparable(x) for x in read_results(part)] == [comparable(x) for x in read_results(whole)]


def test_a_results_file_of_another_study_is_refused(study, tmp_path):
    out = tmp_path / "r.jsonl"
    run_sweep(study, VARY, 2, out)
    with pytest.raises(BadResultsFile, match="another study"):
        run_sweep(study, [("wild_colour", ["none"])], 2, out, resume=True)
    with pytest.raises(BadResultsFile, match="--resume"):
        run_sweep(study, VARY, 2, out)


def test_a_setting_stops_early_once_its_interval_is_narrow_enough(study, tmp_path):
    settings = run_sweep(study, [("knob", ["2"])], 12, tmp_path / "r.jsonl", until_width=0.99, check_every=4)
    assert len(settings[0].lines) == 4 and settings[0].stopped_early
    again = run_sweep(study, [("knob", ["2"])], 12, tmp_path / "r.jsonl", until_width=0.99, check_every=4, resume=True)
    assert len(again[0].lines) == 4


def test_bad_names_and_values_are_refused_in_one_line(study):
    with pytest.raises(BadStudy, match="schatz has no option or parameter 'vp_goal'"):
        sweep_settings("schatz", [("vp_goal", [28])])
    with pytest.raises(Exception, match="parameter 'knob' takes a whole number from 1 to 5, not 9"):
        sweep_settings("schatz", [("knob", ["9"])])


def test_the_games_a_width_needs_follow_the_binomial_interval():
    assert games_for_width(0.5, 0.1) == 385
    assert games_for_width(1 / 3, 0.05) < games_for_width(0.5, 0.05)


def test_the_lead_changes_when_another_seat_alone_leads():
    lead = LeadTracker()
    for scores in ([0, 0], [1, 0], [1, 1], [1, 2], [3, 2], [3, 3]):
        lead.see(scores)
    assert lead.changes == 2
    assert margin_of([10, 7, 9], [0]) == 1 and margin_of([5, 5], [0, 1]) == 0


def test_a_search_is_the_same_from_the_same_seed_and_plays_its_best_again_on_fresh_seeds(study, tmp_path):
    objective = Objective.parse("minimise seat_advantage")
    ranges = [Range.parse("schatz", "knob=1..5"), Range.parse("schatz", "wild_colour=any,none")]
    first = run_search(study, objective, ranges, 3, 4, StudyFile(tmp_path / "a.jsonl", False))
    second = run_search(study, objective, ranges, 3, 4, None)
    assert [t[0].values for t in first.trials] == [t[0].values for t in second.trials]
    assert first.best is not None and first.confirm is not None
    assert first.confirm.values == first.best.values
    assert first.confirm.plan.seed != study.seed
    data = first.to_dict()
    assert data["objective"] == "minimise seat_advantage" and len(data["trials"]) == 3
    low, high = data["confirmed"]["ci95"]
    assert low <= data["confirmed"]["figure"] <= high


@pytest.mark.parametrize(
    ("text", "message"),
    [("minimise", "--search takes an objective"), ("target rounds", "target FIGURE=VALUE")],
)
def test_a_bad_objective_is_refused(text, message):
    with pytest.raises(BadStudy, match=message):
        Objective.parse(text)


def test_objectives_read_their_figures(study, tmp_path):
    settings = run_sweep(study, [], 6, None)
    figures = setting_figures(settings[0].lines)
    assert Objective.parse("target rounds=5").score(figures) == pytest.approx(2)
    share = figures["agents"]["greedy"]["share"]
    assert Objective.parse("maximise win_share:greedy").score(figures) == pytest.approx(-share)
    farthest = max(abs(p["advantage"]) for p in figures["turn_positions"])
    assert Objective.parse("minimise seat_advantage").score(figures) == pytest.approx(farthest)
    first = figures["turn_positions"][0]["advantage"]
    assert Objective.parse("minimize first_player_advantage").score(figures) == pytest.approx(abs(first))
    with pytest.raises(BadStudy, match="no figure 'nothing'"):
        Objective.parse("minimise nothing").score(figures)


def test_the_report_writes_tables_that_read_back_and_names_what_was_played(study, tmp_path):
    settings = run_sweep(study, VARY, 3, tmp_path / "r.jsonl")
    data = study_data(study, settings, ["wild_colour", "knob"])
    paths = write_study_report(data, settings, tmp_path / "report")
    games = pandas.read_csv(paths["csv"])
    parquet = pandas.read_parquet(paths["parquet"])
    assert len(games) == len(parquet) == 12
    assert list(games["knob"]) == [1, 1, 1, 5, 5, 5] * 2
    assert list(parquet["wild_colour"]) == ["any"] * 6 + ["none"] * 6
    assert {"decisions", "lead_changes", "margin", "nests_won_seat1", "win_share_seat2"} <= set(parquet.columns)
    assert parquet["decisions"].tolist() == games["decisions"].tolist()
    assert len(pandas.read_csv(paths["settings"])) == 4
    page = paths["html"].read_text()
    assert page.count('src="data:image/png;base64,') == 2  # one a varied name, inline
    assert "Schatz des Phönix" in page and "knob" in page and "wild_colour" in page
    assert "the first player to act wins" in page
    saved = json.loads(paths["json"].read_text())
    assert saved["setup"]["param_defaults"]["knob"] == 3
    assert saved["setup"]["options"]["wild_colour"] == "any"
    assert saved["settings"][1]["params"]["knob"] == 5
    assert saved["settings"][1]["figures"]["turn_positions"][0]["position"] == 1


def test_a_sweep_on_two_workers_writes_the_lines_of_one(tmp_path):
    plain = Study("schatz", 2, ("greedy", "random"), seed=5)
    vary = [("wild_colour", ["any", "none"])]
    run_sweep(plain, vary, 4, tmp_path / "one.jsonl")
    run_sweep(plain, vary, 4, tmp_path / "two.jsonl", workers=2)
    one, two = read_results(tmp_path / "one.jsonl"), read_results(tmp_path / "two.jsonl")
    assert [comparable(x) for x in one] == [comparable(x) for x in two]


def test_a_tournament_report_refuses_the_mixed_settings_of_a_study(study, tmp_path):
    from phoenixgames.sim.analysis import analyse
    from phoenixgames.sim.runner import BadSimulation

    run_sweep(study, [("knob", ["1", "2"])], 2, tmp_path / "r.jsonl")
    with pytest.raises(BadSimulation, match="more than one tournament"):
        analyse(read_results(tmp_path / "r.jsonl"))


def test_a_damaged_figure_in_a_study_file_is_refused_with_its_line(study, tmp_path):
    out = tmp_path / "r.jsonl"
    run_sweep(study, [("knob", ["2"])], 2, out)
    lines = out.read_text().splitlines()
    damaged = json.loads(lines[1])
    damaged["metrics"]["margin"] = "wide"
    out.write_text(lines[0] + "\n" + json.dumps(damaged) + "\n")
    with pytest.raises(BadResultsFile, match="line 2 .* is damaged: its figure 'margin' is not a number"):
        run_sweep(study, [("knob", ["2"])], 2, out, resume=True)


def test_the_sentences_name_the_first_player_and_any_other_position_that_stands_out():
    from phoenixgames.sim.study_report import sentences

    def position(number, share, low, high):
        return {"position": number, "share": share, "ci95": [low, high], "significant": low > 1 / 3 or high < 1 / 3}

    row = {
        "players": 3,
        "label": "preset_cards=true",
        "values": {"preset_cards": True},
        "figures": {
            "games": 2000,
            "fair_share": 1 / 3,
            "turn_positions": [
                position(1, 0.38, 0.35, 0.41),
                position(2, 0.33, 0.31, 0.35),
                position(3, 0.29, 0.27, 0.31),
            ],
        },
    }
    (said,) = sentences([row], ["preset_cards"])
    assert said == (
        "At 3 players with preset_cards=true, the first player to act wins 38.0% (35.0-41.0%) of 2,000 games, "
        "above a fair 33.3%; the third to act wins 29.0% (27.0-31.0%), below it."
    )


def test_a_study_resumed_with_more_games_plays_each_setting_on_to_them(study, tmp_path):
    out = tmp_path / "r.jsonl"
    run_sweep(study, VARY, 2, out)
    settings = run_sweep(study, VARY, 4, out, resume=True)
    fresh = run_sweep(study, VARY, 4, tmp_path / "fresh.jsonl")
    assert [[comparable(x) for x in s.lines] for s in settings] == [[comparable(x) for x in s.lines] for s in fresh]
    again = run_sweep(study, VARY, 4, out, resume=True)  # the file reads back, each setting's games in order
    assert [len(s.lines) for s in again] == [4, 4, 4, 4]


def test_a_search_resumed_with_more_trials_keeps_the_trials_it_played(study, tmp_path):
    objective = Objective.parse("minimise seat_advantage")
    ranges = [Range.parse("schatz", "knob=1..5")]
    out = tmp_path / "s.jsonl"
    file = StudyFile(out, False)
    run_search(study, objective, ranges, 2, 3, file)
    file.close()
    played = len(read_results(out))
    file = StudyFile(out, True)
    assert file.resumed == played
    longer = run_search(study, objective, ranges, 3, 3, file)
    file.close()
    shorter = run_search(study, objective, ranges, 3, 3, None)
    assert [t[0].values for t in longer.trials] == [t[0].values for t in shorter.trials]
    assert longer.confirm is not None and shorter.confirm is not None
    assert [comparable(x) for x in longer.confirm.lines] == [comparable(x) for x in shorter.confirm.lines]


def test_a_search_on_two_workers_tries_and_finds_what_it_does_on_one():
    plain = Study("schatz", 2, ("greedy", "random"), seed=5)
    objective = Objective.parse("minimise seat_advantage")
    ranges = [Range.parse("schatz", "wild_colour=any,none")]
    one = run_search(plain, objective, ranges, 3, 4, None)
    two = run_search(plain, objective, ranges, 3, 4, None, workers=2)
    assert [(t[0].values, t[2]) for t in one.trials] == [(t[0].values, t[2]) for t in two.trials]
    assert one.confirm is not None and two.confirm is not None
    assert [comparable(x) for x in one.confirm.lines] == [comparable(x) for x in two.confirm.lines]
