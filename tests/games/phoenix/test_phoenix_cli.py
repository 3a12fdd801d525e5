"""The command line for Phoenix: list, rules, play, simulate and replay."""

from __future__ import annotations

import json
from pathlib import Path

from phoenixgames.games.rules_pages import rules_text

SMALL = ["simulate", "phoenix", "--players", "4", "--games", "8", "--seed", "1"]


def test_list_shows_phoenix_with_its_player_counts_and_option(run):
    result = run("list")
    assert result.exit_code == 0, result.output
    assert "phoenix" in result.output and "Phoenix" in result.output
    assert "2-4" in result.output and "token_elsewhere=white" in result.output


def test_rules_prints_the_phoenix_rules_page(run):
    assert rules_text("phoenix") is not None
    result = run("rules", "phoenix")
    assert result.exit_code == 0, result.output
    assert "Phoenix: the rules as implemented" in result.output
    assert "Open question 7" in result.output


def test_bots_play_a_game_to_the_end_and_the_summary_shows_each_scoring_phase(run):
    result = run("play", "phoenix", "--seats", "greedy,random,random", "--seed", "3")
    assert result.exit_code == 0, result.output
    assert "Seat 2 (random) plays: take" in result.output
    for words in ("1. Colours", "2. Symbols", "3. Mirrors", "Own-colour", "Final scores", "after round 16"):
        assert words in result.output
    assert "Traceback" not in result.output


def test_a_person_who_always_answers_1_plays_a_two_player_game_to_the_end_and_bad_answers_are_refused(run):
    answers = "xyz\ntake lower Q centre slot1\n" + "1\n" * 40
    result = run("play", "phoenix", "--players", "2", "--seed", "5", input=answers)
    assert result.exit_code == 0, result.output
    assert "cannot read 'xyz'" in result.output
    assert "'q' is not a feather half" in result.output
    assert "mirrors" in result.output and "Turn order" in result.output
    assert "wins with" in result.output or "share the victory" in result.output


def test_simulate_json_is_the_same_every_time(run):
    first = run(*SMALL, "--json")
    second = run(*SMALL, "--json")
    assert first.exit_code == 0, first.output
    assert first.stdout == second.stdout
    data = json.loads(first.stdout)
    assert data["games"] == 8 and data["players"] == 4 and data["options"] == {"token_elsewhere": "white"}


def test_simulate_shows_a_progress_bar_and_takes_the_option(run):
    result = run(*SMALL, "--option", "token_elsewhere=unchanged")
    assert result.exit_code == 0, result.output
    assert "8/8" in result.stderr
    assert "token_elsewhere=unchanged" in result.stdout


def test_replay_shows_a_saved_game_action_by_action(run, tmp_path: Path):
    played = run("play", "phoenix", "--seats", "greedy,greedy", "--seed", "8", "--save", "g.json")
    assert played.exit_code == 0, played.output
    result = run("replay", "g.json", "--as", "1")
    assert result.exit_code == 0, result.output
    assert "you are seat 1" in result.output and "take " in result.output
    assert "1. Colours" in result.output
