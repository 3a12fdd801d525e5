"""``phoenixgames params``, ``--param`` on the commands that make games, and ``phoenixgames study``."""

from __future__ import annotations

import json
from pathlib import Path

import pandas
import pytest

from phoenixgames.engine import get_spec
from phoenixgames.sim.tournament import read_results

from ..sim.knobs import add_knob


def test_params_lists_each_parameter_with_its_default_range_and_source(run, monkeypatch):
    add_knob(monkeypatch)
    result = run("params", "schatz")
    assert result.exit_code == 0, result.output
    assert "knob" in result.output and "1..5" in result.output and "assumed" in result.output
    listed = json.loads(run("params", "Schatz", "--json").stdout)
    assert listed[-1] == {
        "name": "knob",
        "default": 3,
        "type": "int",
        "minimum": 1,
        "maximum": 5,
        "source": "assumed",
        "help": "a number for the tests",
    }


def test_params_says_plainly_when_a_game_has_none(run, monkeypatch):
    import dataclasses

    from phoenixgames.engine import registry

    spec = get_spec("phoenix")
    monkeypatch.setitem(registry._REGISTRY, "phoenix", dataclasses.replace(spec, parameters=()))
    result = run("params", "phoenix")
    assert result.exit_code == 0
    assert "has no parameters" in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--param", "knob=9"], "parameter 'knob' takes a whole number from 1 to 5, not 9"),
        (["--param", "nothing=1"], "schatz has no parameter 'nothing'"),
        (["--param", "knob"], "--param takes name=value"),
        (["-P", "knob=2", "-P", "knob=4"], "--param knob is given twice"),
    ],
)
@pytest.mark.parametrize("command", ["simulate", "tournament", "strength", "study"])
def test_a_bad_param_is_one_line_naming_it_and_its_range(run, monkeypatch, command, args, message):
    add_knob(monkeypatch)
    extra = ["--out", "x.jsonl"] if command == "tournament" else []
    result = run(command, "schatz", "--games", "2", "--seed", "1", *extra, *args)
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and message in lines[0], result.output
    assert "Traceback" not in result.output


def test_simulate_and_tournament_play_with_the_params_given_and_say_so(run, monkeypatch, tmp_path: Path):
    add_knob(monkeypatch)
    result = run("simulate", "schatz", "-p", "2", "--games", "2", "--seed", "1", "--param", "knob=5")
    assert result.exit_code == 0, result.output
    assert "parameters changed: knob=5" in result.output
    result = run("simulate", "schatz", "-p", "2", "--games", "2", "--seed", "1", "--param", "knob=5", "--json")
    assert json.loads(result.stdout)["params"] == {"knob": 5}
    result = run("tournament", "schatz", "-p", "2", "--games", "2", "--seed", "1", "-P", "knob=2", "--out", "t.jsonl")
    assert result.exit_code == 0, result.output
    lines = read_results(tmp_path / "t.jsonl")
    assert lines[0]["tournament"]["params"] == {"knob": 2} and lines[0]["record"]["params"] == {"knob": 2}
    assert run("report", "t.jsonl", "--out", "rep").exit_code == 0
    report = json.loads((tmp_path / "rep" / "report.json").read_text())
    assert report["params"]["knob"] == 2 and report["param_defaults"]["knob"] == 3
    assert report["params_changed"] == {"knob": 2}
    assert "knob" in (tmp_path / "rep" / "report.html").read_text()


def test_the_report_names_options_with_their_types_and_defaults(run, tmp_path: Path):
    args = ["tournament", "phoenicia", "-p", "3", "--games", "3", "--seed", "1", "--agents", "greedy"]
    assert run(*args, "--option", "preset_cards=true", "--out", "t.jsonl").exit_code == 0
    assert run("report", "t.jsonl", "--out", "rep").exit_code == 0
    report = json.loads((tmp_path / "rep" / "report.json").read_text())
    assert report["options"]["preset_cards"] is True
    assert report["option_defaults"]["preset_cards"] is False
    assert report["options_changed"] == {"preset_cards": True}
    assert "round_cap" in report["options"]  # defaults included
    assert [p["position"] for p in report["turn_positions"]] == [1, 2, 3]
    page = (tmp_path / "rep" / "report.html").read_text()
    assert "preset_cards" in page and "Turn positions" in page and "%" in page


def test_a_study_sweep_writes_its_report_and_resumes(run, monkeypatch, tmp_path: Path):
    add_knob(monkeypatch)
    args = ["study", "schatz", "-p", "2", "--games", "3", "--seed", "2", "--agents", "greedy,random"]
    args += ["--vary", "knob=1,5", "--vary", "wild_colour=any,none", "--out", "s"]
    result = run(*args)
    assert result.exit_code == 0, result.output
    assert "first player to act wins" in result.output
    assert (tmp_path / "s" / "study.html").is_file()
    assert len(pandas.read_parquet(tmp_path / "s" / "games.parquet")) == 12
    again = run(*args)
    assert again.exit_code == 2 and "--resume" in again.output
    resumed = run(*args, "--resume")
    assert resumed.exit_code == 0 and "resuming: 12 games already in" in resumed.output
    assert len(read_results(tmp_path / "s" / "results.jsonl")) == 12


def test_a_study_search_and_the_balance(run, monkeypatch, tmp_path: Path):
    add_knob(monkeypatch)
    result = run(
        "study", "schatz", "-p", "2", "--games", "3", "--seed", "2", "--search", "minimise seat_advantage",
        "--range", "knob=1..5", "--trials", "2", "--out", "s",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "Best for 'minimise seat_advantage'" in result.output and "fresh seeds" in result.output
    data = json.loads((tmp_path / "s" / "study.json").read_text())
    assert len(data["search"]["trials"]) == 2
    result = run("study", "phoenix", "--balance", "--games", "2", "--seed", "1", "--out", "b")
    assert result.exit_code == 0, result.output
    data = json.loads((tmp_path / "b" / "study.json").read_text())
    assert [row["players"] for row in data["settings"]] == list(get_spec("phoenix").player_counts)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--vary", "nothing=1,2"], "schatz has no option or parameter 'nothing'"),
        (["--vary", "knob=1", "--search", "minimise margin", "--range", "knob=1..2"], "give one of"),
        (["--search", "minimise margin"], "needs at least one --range"),
        (["--search", "lower margin", "--range", "knob=1..2"], "--search takes an objective"),
        (["--until-width", "2"], "--until-width must lie between 0 and 1"),
        (["--range", "knob=1..2"], "give --search too"),
        (["--search", "minimise margin", "--range", "knob=1..2", "--until-width", "0.1"], "not a search's trials"),
    ],
)
def test_a_bad_study_is_one_line(run, monkeypatch, args, message):
    add_knob(monkeypatch)
    result = run("study", "schatz", "--games", "2", "--seed", "1", *args)
    assert result.exit_code == 2, result.output
    assert message in result.output and len(result.output.strip().splitlines()) == 1, result.output


def test_play_and_replay_say_which_parameters_were_changed(run, monkeypatch, tmp_path: Path):
    add_knob(monkeypatch)
    result = run("play", "schatz", "--agents", "greedy,greedy", "--seed", "1", "-P", "knob=2", "--save", "g.json")
    assert result.exit_code == 0, result.output
    assert "parameters changed: knob=2" in result.output
    assert "--param knob=2 deals this game again" in " ".join(result.output.split())
    saved = json.loads((tmp_path / "g.json").read_text())
    assert "knob" in json.dumps(saved)
    replayed = run("replay", "g.json")
    assert replayed.exit_code == 0, replayed.output
    assert "Parameters changed from the printed game: knob=2" in replayed.output
    refused = run("play", "--load", "g.json", "--param", "knob=4")
    assert refused.exit_code == 2 and "--param" in refused.output
