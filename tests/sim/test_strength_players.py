"""Strength pairings at three or more players: one seat against the rest, rotated; the JSON document."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from phoenixgames.sim.strength import (
    pairing_plan,
    play_pairing,
    results_file,
    strength_entry,
    strength_markdown,
    write_strength_json,
)
from phoenixgames.sim.tournament import play_all


def test_the_first_agent_of_a_pairing_sits_in_one_seat_and_moves_one_seat_every_game():
    lines = play_all(pairing_plan("schatz", "greedy", "random", 4, players=3), 6)
    seats = [line["seats"].index("greedy") for line in lines]
    assert [line["seats"].count("greedy") for line in lines] == [1] * 6
    assert sorted(seats) == [0, 0, 1, 1, 2, 2]


def test_a_pairing_at_three_players_counts_the_first_agent_s_share_against_a_fair_third():
    pairing = play_pairing("schatz", "greedy", "random", 6, seed=4, players=3)
    lines = play_all(pairing_plan("schatz", "greedy", "random", 4, players=3), 6)
    wins = sum(1 / len(line["winners"]) for line in lines for s in line["winners"] if line["seats"][s] == "greedy")
    assert pairing.wins == pytest.approx(wins)
    assert pairing.players == 3 and pairing.fair_share == pytest.approx(1 / 3)
    assert pairing.significant == (pairing.ci95[0] > 1 / 3)


def test_the_results_file_of_a_pairing_names_its_players_above_two(tmp_path: Path):
    assert results_file(tmp_path, pairing_plan("schatz", "hard", "medium", 7, players=4)).name == (
        "schatz-4p-seed7-hard-vs-medium.jsonl"
    )
    assert (
        results_file(tmp_path, pairing_plan("schatz", "hard", "medium", 7)).name == "schatz-seed7-hard-vs-medium.jsonl"
    )


def test_the_json_entry_gives_each_agent_s_share_with_its_interval_and_keeps_the_other_tables(tmp_path: Path):
    pairing = play_pairing("schatz", "easy", "random", 6, seed=2, players=3)
    entry = strength_entry(
        "schatz", [pairing], "phoenixgames strength schatz --players 3", {"easy": "easy:mistakes=0.5"}
    )
    first, second = entry["pairings"][0]["shares"]
    assert entry["players"] == 3 and entry["pairings"][0]["command"] == "phoenixgames strength schatz --players 3"
    assert first["agent"] == "easy" and first["spec"] == "easy:mistakes=0.5" and second["agent"] == "random"
    assert first["win_share"] + second["win_share"] == pytest.approx(1)
    assert first["ci95"][0] <= first["win_share"] <= first["ci95"][1]
    assert first["fair_share"] == pytest.approx(1 / 3, abs=1e-4) and entry["pairings"][0]["seats"] == [1, 2]
    path = tmp_path / "strength.json"
    write_strength_json(path, "other", {"kept": True})
    write_strength_json(path, "schatz-3p", entry)
    document = json.loads(path.read_text())
    assert document["tables"]["other"] == {"kept": True}
    assert document["tables"]["schatz-3p"]["pairings"][0]["games"] == 6
    more = play_pairing("schatz", "medium", "easy", 3, seed=2, players=3)
    write_strength_json(path, "schatz-3p", strength_entry("schatz", [more], "second"))
    rows = json.loads(path.read_text())["tables"]["schatz-3p"]["pairings"]
    assert [(row["agents"], row["command"]) for row in rows] == [
        (["easy", "random"], "phoenixgames strength schatz --players 3"),
        (["medium", "easy"], "second"),
    ]


def test_the_markdown_at_four_players_says_what_a_fair_share_is():
    pairing = play_pairing("schatz", "greedy", "random", 4, seed=1, players=4)
    text = strength_markdown("schatz", ["random", "greedy"], [pairing], "x", "schatz, 4 players")
    assert "A fair share is 25.0%" in text and "wholly above a fair share (25.0%)" in text
    assert "| greedy vs random | 4 |" in text


def test_the_strength_command_plays_at_three_players_and_writes_the_json(run, tmp_path: Path):
    args = ("strength", "schatz", "--players", "3", "--games", "6", "--agents", "random,easy,medium")
    result = run(*args, "--pairings", "adjacent", "--seed", "1", "--out", "s.md", "--json", "s.json")
    assert result.exit_code == 0, result.output
    document = json.loads((tmp_path / "s.json").read_text())
    table = document["tables"]["schatz-3p"]
    assert [row["agents"] for row in table["pairings"]] == [["easy", "random"], ["medium", "easy"]]
    assert "--players 3" in table["pairings"][0]["command"] and "--json s.json" in table["pairings"][0]["command"]
    assert "<!-- strength:schatz-adjacent-3p-random,easy,medium -->" in (tmp_path / "s.md").read_text()
    refused = run("strength", "schatz", "--players", "4", "--games", "6", "--agents", "random,greedy")
    assert refused.exit_code == 2 and "a multiple of --players (4)" in refused.output
