"""One vocabulary across the commands: the same flag for the same thing, the same defaults, ``-h``, names
in any case, and one line for every refusal."""

from __future__ import annotations

import json
import re
import socket
from pathlib import Path
from typing import cast

import pytest
import typer
from typer.core import TyperGroup

import phoenixgames as pg
from phoenixgames.cli import app
from phoenixgames.cli.arguments import DEFAULT_GAMES, DEFAULT_PLAYERS
from phoenixgames.cli.files import write_save
from phoenixgames.sim import play_match
from phoenixgames.sim.tournament import Tournament, run_tournament

COMMANDS = cast(TyperGroup, typer.main.get_command(app))  # the application is a group of commands
#: The short flags and what each stands for, in every command that takes it.
SHORT = {
    "-a": "--agents",
    "-g": "--games",
    "-h": "--help",
    "-o": "--option",
    "-O": "--out",
    "-p": "--players",
    "-s": "--seed",
    "-w": "--workers",
}


def _one_error_line(result) -> str:
    """The refusal of a command: exit status 2, nothing on standard output, one line on standard error."""
    assert result.exit_code == 2, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.stderr
    assert "Traceback" not in result.output and "╭" not in result.stderr
    return lines[0]


@pytest.mark.parametrize("name", sorted(COMMANDS.commands))
def test_a_short_flag_means_the_same_in_every_command(name):
    for param in COMMANDS.commands[name].params:
        flags = [*param.opts, *param.secondary_opts]
        for flag in flags:
            if flag in SHORT:
                assert SHORT[flag] in flags, f"{name}: {flag} is {flags}, not {SHORT[flag]}"


@pytest.mark.parametrize("name", sorted(COMMANDS.commands))
def test_h_is_help_and_the_usage_names_arguments_one_way(run, name):
    result = run(name, "-h")
    assert result.exit_code == 0, result.output
    usage = next(line for line in result.output.splitlines() if "Usage:" in line)
    assert "{" not in usage, usage
    assert re.fullmatch(r"\s*Usage: phoenixgames \S+ \[OPTIONS\]( \[?[A-Z]+\]?)*\s*", usage), usage


def test_play_takes_its_agents_by_the_flag_simulate_does_and_seats_as_well(run):
    for flag in ("--agents", "-a", "--seats"):
        result = run("play", "schatz", flag, "greedy,random", "-s", "9")
        assert result.exit_code == 0, result.output
        assert "Seats: 1 greedy, 2 random" in result.output


def test_players_and_games_default_alike_where_they_mean_the_same():
    defaults = {}
    for name in ("simulate", "tournament"):
        params = {param.name: param.default for param in COMMANDS.commands[name].params}
        defaults[name] = (params["players"], params["games"])
    assert defaults["simulate"] == defaults["tournament"] == (None, str(DEFAULT_GAMES))
    assert DEFAULT_PLAYERS == 4


def test_play_help_names_the_hard_bot_and_every_key(run):
    text = " ".join(run("play", "--help").output.split())
    assert "hard" in text and "ISMCTS" not in text
    for key in ("? lists", "h says what hard would play", "b draws the board", "u takes back", "q or Ctrl-C"):
        assert key in text, key


@pytest.mark.parametrize("args", [["rules", "Schatz"], ["simulate", "SCHATZ", "-p", "2", "-g", "2", "-s", "1"]])
def test_game_names_are_read_in_any_case(run, args):
    result = run(*args)
    assert result.exit_code == 0, result.output
    assert "Schatz des Phönix" in result.output


def test_play_reads_a_game_name_in_any_case(run):
    result = run("play", "Phoenix", "--agents", "random,random", "--seed", "2")
    assert result.exit_code == 0, result.output
    assert "Phoenix · 2 players" in result.output


def test_list_shows_options_as_they_are_typed(run):
    text = run("list").output
    assert "preset_cards=false" in text and "preset_cards=False" not in text


@pytest.mark.parametrize(
    "command",
    [
        ["play", "schatz"],
        ["simulate", "schatz", "-g", "2"],
        ["tournament", "schatz", "-g", "2", "--out", "r.jsonl"],
        ["strength", "schatz", "-g", "2"],
    ],
)
def test_an_option_given_twice_is_refused(run, command):
    line = _one_error_line(run(*command, "-o", "wild_colour=none", "--option", "wild_colour=any", input="q\n"))
    assert "--option wild_colour is given twice (wild_colour=none and wild_colour=any): give it once" in line


def test_an_option_of_the_wrong_type_says_what_it_takes(run):
    line = _one_error_line(run("simulate", "phoenicia", "-o", "round_cap=soon", "-g", "2"))
    assert "option 'round_cap' takes a whole number, not 'soon'" in line


def test_report_of_a_save_says_what_the_file_is_and_what_to_do(run, tmp_path: Path):
    game = pg.replay(play_match("schatz", ["greedy", "greedy"], seed=1).record)
    write_save(tmp_path / "save.json", game, ["greedy", "greedy"])
    line = _one_error_line(run("report", "save.json"))
    assert "save.json holds one game" in line and "'phoenixgames replay save.json' shows it" in line


def test_a_results_file_given_to_play_or_replay_says_what_it_is_and_what_to_do(run, tmp_path: Path):
    run_tournament(Tournament.checked("schatz", 2, "greedy,random", 1), 2, tmp_path / "results.jsonl")
    for command in (["play", "--load", "results.jsonl"], ["replay", "results.jsonl"]):
        line = _one_error_line(run(*command))
        assert "results.jsonl is a tournament's results file (one game a line), not a saved game" in line
        assert "'phoenixgames report results.jsonl' reports on it" in line


def test_serve_on_a_taken_port_is_one_line(run):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        line = _one_error_line(run("serve", "--port", str(port), "--database", "sqlite://"))
    assert f"port {port} on 127.0.0.1 is taken" in line and "--port" in line


@pytest.mark.parametrize(("game", "example"), [("phoenix", "take "), ("syndicate", "place "), ("schatz", "play ")])
def test_question_mark_gives_an_example_of_the_game_being_played(run, game, example):
    result = run("play", game, "--players", "2", "--seed", "3", input="?\nq\n")
    assert result.exit_code == 0, result.output
    (line,) = [line for line in result.output.splitlines() if "Type the number of an action" in line]
    assert f"(like '{example}" in line, line


@pytest.mark.parametrize(
    ("command", "message"),
    [
        (["simulate", "schatz", "-g", "ten"], "--games must be a whole number, not 'ten'"),
        (["tournament", "schatz", "-g", "ten", "-O", "r.jsonl"], "--games must be a whole number, not 'ten'"),
        (["strength", "schatz", "-g", "ten"], "--games must be a whole number, not 'ten'"),
        (["play", "schatz", "-p", "two"], "--players must be a whole number, not 'two'"),
        (["simulate", "schatz", "-p", "two"], "--players must be a whole number, not 'two'"),
        (["play", "schatz", "-s", "x"], "--seed must be a whole number, not 'x'"),
        (["simulate", "schatz", "-s", "x"], "--seed must be a whole number, not 'x'"),
    ],
)
def test_a_bad_number_is_refused_in_the_same_words_by_every_command(run, command, message):
    assert message in _one_error_line(run(*command))


def test_a_results_file_is_told_apart_from_a_save(tmp_path: Path):
    from phoenixgames.cli.file_kinds import GAME, RESULTS, kind_of_file

    run_tournament(Tournament.checked("schatz", 2, "greedy,random", 1), 1, tmp_path / "r.jsonl")
    (tmp_path / "record.json").write_text(json.dumps(play_match("schatz", ["greedy", "greedy"], seed=1).record))
    (tmp_path / "other.json").write_text("[1, 2]")
    assert kind_of_file(tmp_path / "r.jsonl") == RESULTS
    assert kind_of_file(tmp_path / "record.json") == GAME
    assert kind_of_file(tmp_path / "other.json") is None and kind_of_file(tmp_path / "missing") is None


def test_a_results_file_that_cannot_take_the_games_is_refused_before_any_game(run, tmp_path: Path):
    (tmp_path / "out").mkdir()
    line = _one_error_line(run("tournament", "schatz", "-p", "2", "-g", "2", "-O", "out/"))
    assert "out is a folder: name the results file, like out/results.jsonl" in line
    run_tournament(Tournament.checked("schatz", 2, "greedy,random", 1), 1, tmp_path / "r.jsonl")
    line = _one_error_line(run("tournament", "schatz", "-p", "2", "-g", "2", "-O", "r.jsonl"))  # no progress bar
    assert "r.jsonl already holds results: add --resume" in line
