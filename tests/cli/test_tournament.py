"""``phoenixgames tournament``, ``report`` and ``strength`` from the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from phoenixgames.sim.tournament import comparable, read_results


def test_a_tournament_writes_one_line_per_game_and_prints_the_standings(run, tmp_path: Path):
    result = run(
        "tournament",
        "schatz",
        "--players",
        "3",
        "--agents",
        "greedy,random,ismcts:iterations=5,c=0.5",
        "--games",
        "6",
        "--seed",
        "2",
        "--out",
        "r.jsonl",
    )
    assert result.exit_code == 0, result.output
    lines = read_results(tmp_path / "r.jsonl")
    assert len(lines) == 6
    assert lines[0]["tournament"]["agents"] == ["greedy", "random", "ismcts:iterations=5,c=0.5"]
    assert "6 games, 3 players" in result.output and "results: r.jsonl" in result.output


def test_resume_adds_only_the_missing_games(run, tmp_path: Path):
    args = ["tournament", "schatz", "--players", "2", "--agents", "greedy,random", "--seed", "4"]
    assert run(*args, "--games", "3", "--out", "a.jsonl").exit_code == 0
    result = run(*args, "--games", "7", "--out", "a.jsonl", "--resume")
    assert result.exit_code == 0, result.output
    assert "resuming: 3 games already in a.jsonl" in result.output
    assert run(*args, "--games", "7", "--out", "b.jsonl").exit_code == 0
    resumed = [comparable(line) for line in read_results(tmp_path / "a.jsonl")]
    assert resumed == [comparable(line) for line in read_results(tmp_path / "b.jsonl")]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--agents", "greedy,wizard"], "unknown agent 'wizard': choose from greedy, ismcts, random"),
        (["--agents", "ismcts:budget=3"], "its settings are iterations, seconds, c, rollout, depth, bias"),
        (["--backend", "cloud"], "unknown backend 'cloud': choose from local, ray"),
        (["--address", "1.2.3.4:6379"], "use it with --backend ray"),
        (["--games", "0"], "--games must be 1 or more"),
    ],
)
def test_bad_arguments_give_one_line_and_exit_code_2(run, args, message):
    result = run("tournament", "schatz", "--out", "r.jsonl", *args)
    assert result.exit_code == 2
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("Error: ") and message in lines[0], result.output


def test_an_existing_results_file_is_not_overwritten(run, tmp_path: Path):
    args = ["tournament", "schatz", "--players", "2", "--games", "2", "--out", "r.jsonl"]
    assert run(*args).exit_code == 0
    result = run(*args)
    assert result.exit_code == 2 and "add --resume" in result.output
    assert len(read_results(tmp_path / "r.jsonl")) == 2


def test_report_writes_the_page_its_plots_and_its_numbers(run, tmp_path: Path):
    assert run("tournament", "schatz", "--players", "2", "--games", "4", "--out", "r.jsonl").exit_code == 0
    result = run("report", "r.jsonl", "--out", "rep")
    assert result.exit_code == 0, result.output
    data = json.loads((tmp_path / "rep" / "report.json").read_text())
    assert data["games"] == 4
    assert (tmp_path / "rep" / "report.html").is_file()
    assert len(list((tmp_path / "rep").glob("*.png"))) == 4


def test_report_of_a_missing_file_is_one_line(run):
    result = run("report", "nothing.jsonl")
    assert result.exit_code == 2
    assert "cannot read nothing.jsonl" in result.output


def test_strength_writes_its_table_and_keeps_the_other_games(run, tmp_path: Path):
    doc = tmp_path / "strength.md"
    doc.write_text("# Strength\n\n<!-- strength:other -->\nkept\n<!-- /strength:other -->\n")
    result = run("strength", "schatz", "--games", "4", "--agents", "random,greedy", "--out", str(doc))
    assert result.exit_code == 0, result.output
    text = doc.read_text()
    assert "kept" in text
    assert "phoenixgames strength schatz --games 4 --agents random,greedy" in text
    assert "| greedy vs random | 4 |" in text
    again = run("strength", "schatz", "--games", "2", "--agents", "random,greedy", "--out", str(doc))
    assert again.exit_code == 0
    assert doc.read_text().count("<!-- strength:schatz -->") == 1


def test_strength_with_out_and_json_makes_the_ladder_s_summary_again_from_the_json(run, tmp_path: Path):
    doc, data = tmp_path / "strength.md", tmp_path / "strength.json"
    doc.write_text("# Strength\n\n<!-- ladder-summary -->\nold\n<!-- /ladder-summary -->\n")
    ladder = ("--agents", "random,easy", "--pairings", "adjacent", "--players", "3", "--games", "6")
    result = run("strength", "schatz", *ladder, "--out", str(doc), "--json", str(data))
    assert result.exit_code == 0, result.output
    assert f"written: the ladder's summary in {doc}" in result.output
    share = json.loads(data.read_text())["tables"]["schatz-3p"]["pairings"][0]["shares"][0]["win_share"]
    summary = doc.read_text().split("<!-- ladder-summary -->")[1]
    assert "old" not in summary
    assert f"| schatz | 3 | 33.3% | {share:.1%} (" in summary


def test_strength_refuses_an_odd_number_of_games(run):
    result = run("strength", "schatz", "--games", "5")
    assert result.exit_code == 2 and "--games must be even" in result.output


def test_strength_without_out_prints_and_writes_nothing(run, tmp_path: Path):
    result = run("strength", "schatz", "--games", "2", "--agents", "random,greedy", "--seed", "1")
    assert result.exit_code == 0, result.output
    assert "| greedy vs random | 2 |" in result.output
    assert list(tmp_path.iterdir()) == []


def test_a_run_without_a_seed_draws_one_and_says_how_to_repeat_it(run, tmp_path: Path):
    result = run("tournament", "schatz", "--players", "2", "--games", "2", "--out", "r.jsonl")
    assert result.exit_code == 0, result.output
    seed = read_results(tmp_path / "r.jsonl")[0]["tournament"]["seed"]
    assert seed >= 2**20  # drawn from the system, not a small default anyone could guess
    assert f"seed {seed} (drawn at random: add --seed {seed} to play the same games again)" in result.stderr
    again = run("tournament", "schatz", "--players", "2", "--games", "4", "--out", "r.jsonl", "--resume")
    assert again.exit_code == 0, again.output
    assert "resuming: 2 games" in again.output and "drawn at random" not in again.stderr
    assert {line["tournament"]["seed"] for line in read_results(tmp_path / "r.jsonl")} == {seed}


@pytest.mark.parametrize(
    "change, trouble",
    [
        ({"scores": ["a", "b"]}, "its scores must be 2 numbers"),
        ({"winners": [7]}, "its winners must be seat numbers"),
        ({"index": "0"}, "its index, seed and length must be whole numbers"),
        ({"seats": "greedy"}, "its seats must be 2 agent names"),
        ({"tournament": []}, "its tournament is not a JSON object"),
        ({"timing": {"seconds": "slow"}}, "its timing holds something other than numbers"),
        ({"truncated": "no"}, "its record or its truncated flag is of the wrong type"),
    ],
    ids=str,
)
def test_report_and_resume_refuse_lines_of_the_right_keys_and_wrong_types(run, tmp_path: Path, change, trouble):
    args = ["tournament", "schatz", "--players", "2", "--games", "2", "--seed", "1", "--out", "r.jsonl"]
    assert run(*args).exit_code == 0
    path = tmp_path / "r.jsonl"
    lines = path.read_text().splitlines()
    lines[1] = json.dumps({**json.loads(lines[1]), **change})
    path.write_text("\n".join(lines) + "\n")
    for result in (run("report", "r.jsonl"), run(*args, "--resume")):
        assert result.exit_code == 2
        assert f"line 2 of r.jsonl is damaged: {trouble}" in result.stderr
        assert "Traceback" not in result.output
