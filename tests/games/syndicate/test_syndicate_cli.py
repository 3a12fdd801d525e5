"""The command line for The Phoenix Syndicate: list, rules, play, simulate, replay; and the rendering."""

from __future__ import annotations

import json
import random

import pytest
from rich.console import Console

import phoenixgames as pg
from phoenixgames.games.syndicate.render import render_view

from .helpers import new_state, play_random


def test_list_and_rules_show_the_syndicate(run):
    listed = run("list")
    assert listed.exit_code == 0 and "syndicate" in listed.output and "2-5" in listed.output
    rules = run("rules", "syndicate")
    assert rules.exit_code == 0 and "Phoenix Syndicate" in rules.output and "open questions" in rules.output


def test_bots_play_a_game_to_the_end(run):
    result = run("play", "syndicate", "--seats", "greedy,random,greedy", "--seed", "6")
    assert result.exit_code == 0, result.output
    assert "Seat 2 (random) plays:" in result.output and "Final scores" in result.output
    assert "Traceback" not in result.output


def test_a_person_answering_1_plays_to_the_end(run):
    result = run("play", "syndicate", "--seats", "human,greedy", "--seed", "8", input="1\n" * 3000)
    assert result.exit_code == 0, result.output
    assert "Final scores" in result.output


def test_simulate_prints_the_same_json_every_time(run):
    args = ("simulate", "syndicate", "--games", "6", "--players", "3", "--seed", "2", "--json")
    first, second = run(*args), run(*args)
    assert first.exit_code == 0, first.output
    assert first.stdout == second.stdout and json.loads(first.stdout)["games"] == 6


def test_replay_shows_a_saved_game(run, tmp_path):
    state = play_random(new_state(2, 14), random.Random(14), until=lambda s: len(s.history) >= 40)
    (tmp_path / "g.json").write_text(json.dumps(state.record), encoding="utf-8")
    result = run("replay", "g.json", "--as", "2")
    assert result.exit_code == 0, result.output
    assert str(state.history[-1]) in result.output and "The Phoenix Syndicate" in result.output
    hidden = set(state.view(None)["hands"][0]) - set(state.view(1)["seats"][0]["known_in_hand"])
    assert hidden and not any(code in result.output for code in hidden)


@pytest.mark.parametrize("players", [2, 5])
def test_the_rendering_fits_80_columns_and_shows_the_galaxy(players):
    state = play_random(new_state(players, 13), random.Random(13), until=lambda s: len(s.history) >= 120)
    console = Console(width=80, record=True, color_system=None)
    console.print(render_view(state.view(0)))
    text = console.export_text()
    lines = text.splitlines()
    assert max(len(line) for line in lines) <= 80
    galaxy = state.view(0)["galaxy"]
    for cell in galaxy:
        assert cell["tile"] in text
    assert "slot1:" in text and "Your hand" in text and "**" in text
    console.print(render_view(state.view(None)))
    over = play_random(state, random.Random(1))
    console.print(render_view(over.view(None)))
    assert "Game over" in console.export_text()
    assert pg.replay(over.record).scores == over.scores
