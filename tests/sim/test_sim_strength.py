"""Strength pairings: the games they play, and a stopped run resumed from its results files."""

from __future__ import annotations

from pathlib import Path

import pytest

from phoenixgames.sim.strength import play_pairing, results_file, strength_markdown, strength_table
from phoenixgames.sim.tournament import BadResultsFile, Tournament, comparable, play_all, read_results


def test_a_pairing_plays_the_games_of_the_two_player_tournament_of_its_agents():
    pairing = play_pairing("schatz", "greedy", "random", 6, seed=4)
    lines = play_all(Tournament.checked("schatz", 2, ["greedy", "random"], 4), 6)
    wins = sum(
        1 / len(line["winners"]) for line in lines for seat in line["winners"] if line["seats"][seat] == "greedy"
    )
    assert pairing.wins == pytest.approx(wins)
    assert [line["seats"] for line in lines[:2]] == [["greedy", "random"], ["random", "greedy"]]
    assert pairing.play_seconds > 0
    assert pairing.resumed == 0


def test_the_results_file_is_named_by_game_seed_options_and_agents(tmp_path: Path):
    plan = Tournament.checked("schatz", 2, ["ismcts:iterations=5,c=0.5", "greedy"], 7)
    assert results_file(tmp_path, plan).name == "schatz-seed7-ismcts_iterations=5_c=0.5-vs-greedy.jsonl"


def test_a_stopped_pairing_resumes_from_its_results_file_and_ends_as_a_straight_run(tmp_path: Path):
    straight = play_pairing("schatz", "greedy", "random", 8, seed=3, results=tmp_path / "straight")
    path = results_file(tmp_path / "straight", Tournament.checked("schatz", 2, ["greedy", "random"], 3))
    whole = path.read_text().splitlines(keepends=True)
    assert len(whole) == 8
    stopped = tmp_path / "stopped"
    cut = results_file(stopped, Tournament.checked("schatz", 2, ["greedy", "random"], 3))
    cut.parent.mkdir()
    cut.write_text("".join(whole[:3]) + whole[3][:25])  # three games and a line cut short
    told: list[int] = []
    resumed = play_pairing("schatz", "greedy", "random", 8, seed=3, results=stopped, on_resume=told.append)
    assert told == [3] and resumed.resumed == 3
    assert resumed.wins == straight.wins
    assert [comparable(line) for line in read_results(cut)] == [comparable(line) for line in read_results(path)]
    again = play_pairing("schatz", "greedy", "random", 8, seed=3, results=stopped)
    assert again.resumed == 8 and again.wins == straight.wins


def test_a_results_file_of_another_pairing_is_refused_and_left_as_it_was(tmp_path: Path):
    play_pairing("schatz", "greedy", "random", 2, seed=3, results=tmp_path)
    made = results_file(tmp_path, Tournament.checked("schatz", 2, ["greedy", "random"], 3))
    other = results_file(tmp_path, Tournament.checked("schatz", 2, ["greedy", "random"], 9))
    other.write_bytes(made.read_bytes())
    before = other.read_bytes()
    with pytest.raises(BadResultsFile, match="another tournament"):
        play_pairing("schatz", "greedy", "random", 4, seed=9, results=tmp_path)
    assert other.read_bytes() == before


def test_the_table_says_which_games_were_resumed(tmp_path: Path):
    play_pairing("schatz", "greedy", "random", 2, seed=5, results=tmp_path)
    played = strength_table("schatz", ["random", "greedy"], 4, 5, results=tmp_path)
    text = strength_markdown("schatz", ["random", "greedy"], played, "phoenixgames strength schatz")
    assert played[0].resumed == 2
    assert "2 of greedy vs random" in text
    fresh = strength_markdown("schatz", ["random", "greedy"], strength_table("schatz", ["random", "greedy"], 4, 5), "x")
    assert "found already played" not in fresh


def test_the_strength_command_resumes_with_results(run, tmp_path: Path):
    doc = tmp_path / "strength.md"
    args = ("strength", "schatz", "--games", "4", "--agents", "random,greedy", "--seed", "1", "--out", str(doc))
    first = run(*args, "--results", "kept")
    assert first.exit_code == 0, first.output
    assert len(list((tmp_path / "kept").glob("*.jsonl"))) == 1
    table = doc.read_text()
    assert "--results kept" in table and "found already played" not in table
    second = run(*args, "--results", "kept")
    assert second.exit_code == 0, second.output
    assert "4 of greedy vs random" in doc.read_text()
    row = [line for line in doc.read_text().splitlines() if line.startswith("| greedy vs random |")]
    assert (
        row
        and row[0].split("|")[2:5]
        == [line for line in table.splitlines() if line.startswith("| greedy vs random |")][0].split("|")[2:5]
    )


def test_the_strength_command_refuses_a_results_file_of_another_run(run, tmp_path: Path):
    doc = tmp_path / "strength.md"
    args = ("strength", "schatz", "--games", "2", "--agents", "random,greedy", "--out", str(doc), "--results", "r")
    first = run(*args, "--seed", "1")
    assert first.exit_code == 0, first.output
    made = next((tmp_path / "r").glob("*.jsonl"))
    made.rename(made.with_name(made.name.replace("seed1", "seed2")))
    again = run(*args, "--seed", "2")
    assert again.exit_code == 2
    assert "another tournament" in again.output
