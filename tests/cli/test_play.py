"""``phoenixgames play``: people and bots, saving, quitting, resuming, and clean errors."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from rich.console import Console

import phoenixgames as pg
from phoenixgames.agents import DEFAULT_BOT, BadAgentSpec, hint, level_spec, make_agent
from phoenixgames.cli.files import read_save
from phoenixgames.cli.person import HumanAgent, QuitGame, action_menu
from phoenixgames.cli.play import make_agents
from phoenixgames.cli.sealing import unseal
from phoenixgames.sim import play_match

ALWAYS_FIRST = "1\n" * 300


def _state(path: Path) -> dict:
    """The full state sealed in a save file."""
    return json.loads(unseal(json.loads(path.read_text())["sealed"]))["state"]


def _record(path: Path) -> list[str]:
    return _state(path)["actions"]


# ---------------------------------------------------------------- whole games


def test_a_person_who_always_answers_1_plays_a_two_player_game_to_the_end(run):
    result = run("play", "schatz", "--seats", "human,greedy", "--seed", "5", input=ALWAYS_FIRST)
    assert result.exit_code == 0, result.output
    assert "Since your last turn" in result.output and "Seat 2 (greedy)" in result.output  # seats from 1
    assert "plays:" not in result.output  # the bots' moves are told as events, not as bare notation
    assert "The end of the game" in result.output
    assert "Final scores" in result.output
    assert "wins with" in result.output or "share the victory" in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("game", pg.games())
def test_the_default_bot_is_hard_a_search_with_a_budget_in_iterations_not_seconds(run, game):
    """How long ``hard`` takes a move is measured by benchmarks/level_times.py (docs/performance.md):
    here, that its budget is a count of iterations, the game's own, which a decision never exceeds."""
    result = run("play", game, "--players", "2", "--seed", "5", input="quit\n")
    assert result.exit_code == 0, result.output
    assert f"Seats: 1 human, 2 {DEFAULT_BOT}" in result.output
    spec = level_spec(DEFAULT_BOT, game)
    assert spec.startswith("ismcts:") and "seconds=" not in spec
    assert spec.endswith(",bias=1") == (game == "phoenix")  # Phoenix's own default for the search
    budget = pg.get_spec(game).hard_iterations
    assert f"iterations={budget}" in spec
    bot = make_agent(DEFAULT_BOT, seed=1)
    state = pg.new_game(game, players=2, seed=5)
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    bot.choose(state.copy(perspective=state.current_player))
    search = bot.agent_for(game)
    assert 0 < search.last_iterations <= budget


def test_bot_specs_with_settings_take_seats(run):
    result = run("play", "schatz", "--seats", "ismcts:iterations=5,c=0.5,greedy", "--seed", "9")
    assert result.exit_code == 0, result.output
    assert "Seat 1 (ismcts:iterations=5,c=0.5) plays:" in result.output
    result = run("play", "schatz", "--seats", "human,ismcts:speed=3")
    assert result.exit_code == 2
    assert "the ismcts agent has no setting 'speed': its settings are iterations, seconds, c, rollout, depth, bias" in (
        result.output
    )


def test_bots_alone_play_to_the_end_and_print_every_move(run):
    result = run("play", "schatz", "--seats", "greedy,random,random", "--seed", "9")
    assert result.exit_code == 0, result.output
    assert "Seat 3 (random) plays:" in result.output
    assert "Your actions" not in result.output
    assert "Final scores" in result.output
    assert "Round 2" in result.output and "Round 3" in result.output


def test_a_shared_victory_is_shown_as_shared(run):
    seed = next(s for s in range(2000) if len(play_match("schatz", ["greedy", "greedy"], seed=s).winners) == 2)
    result = run("play", "schatz", "--seats", "greedy,greedy", "--seed", str(seed))
    assert "share the victory" in result.output
    assert result.output.count("winner") >= 2


def test_the_person_sees_only_their_own_hand(run, tmp_path: Path):
    result = run("play", "schatz", "--players", "2", "--seed", "5", "--save", "g.json", input="quit\n")
    state, _ = read_save(tmp_path / "g.json")
    mine = " ".join(state.view(None)["hands"][0])
    theirs = " ".join(state.view(None)["hands"][1])
    assert mine in result.output
    assert theirs not in result.output
    assert "5 cards" in result.output


# ---------------------------------------------------------------- bad answers


def test_bad_answers_are_refused_with_the_reason_and_the_game_goes_on(run):
    answers = "xyz\n99\nplay Z9 nest1\n" + ALWAYS_FIRST
    result = run("play", "schatz", "--seats", "human,greedy", "--seed", "5", input=answers)
    assert result.exit_code == 0, result.output
    assert "That names no action: cannot read 'xyz'" in result.output
    assert "there is no action 99: type a number from 1 to" in result.output
    assert "'z9' is not an equipment card" in result.output
    assert "Final scores" in result.output


def _human(answers: list[str]) -> tuple[HumanAgent, io.StringIO]:
    screen = io.StringIO()
    feed = iter(answers)
    agent = HumanAgent(0, console=Console(file=screen, width=80), input_fn=lambda _prompt: next(feed))
    return agent, screen


def test_the_human_agent_reads_a_number_or_a_notation():
    state = pg.new_game("schatz", players=3, seed=1)
    first = state.legal_actions()[0]
    agent, _ = _human(["1"])
    assert agent.choose(state.copy(perspective=0)) == first
    agent, _ = _human([str(state.legal_actions()[-1]).upper()])
    assert agent.choose(state.copy(perspective=0)) == state.legal_actions()[-1]


def test_the_human_agent_explains_a_refusal_and_asks_again():
    state = pg.new_game("schatz", players=3, seed=1)
    agent, screen = _human(["", "0", "draw deck", "pick 6", "2"])
    assert agent.choose(state.copy(perspective=0)) == state.legal_actions()[1]
    text = screen.getvalue()
    assert "there is no action 0" in text
    assert "lay a card beside a nest first, then draw" in text
    assert "treasures are picked only once" in text


def test_help_lists_the_actions_again_and_board_draws_the_board_again():
    state = pg.new_game("schatz", players=2, seed=1)
    agent, screen = _human(["?", "board", "1"])
    agent.choose(state.copy(perspective=0))
    text = screen.getvalue()
    assert text.count("Your actions") == 3
    assert text.count("Nest 3 (big)") == 2
    assert "q or quit" in text


@pytest.mark.parametrize("answers", [["q"], ["QUIT"], []])
def test_quit_or_the_end_of_input_raises_quit_game(answers: list[str]):
    state = pg.new_game("schatz", players=2, seed=1)

    def read(_prompt: str) -> str:
        if not answers:
            raise EOFError
        return answers.pop(0)

    agent = HumanAgent(0, console=Console(file=io.StringIO()), input_fn=read)
    with pytest.raises(QuitGame):
        agent.choose(state.copy(perspective=0))


def test_the_table_seats_a_person_where_the_seat_is_human_and_no_program_builds_one():
    agents = make_agents(["human", "greedy"], seed=3, console=Console(file=io.StringIO()))
    assert isinstance(agents[0], HumanAgent) and not isinstance(agents[1], HumanAgent)
    with pytest.raises(BadAgentSpec, match="'human' is a person's seat"):
        make_agent("human", seed=3)


def test_the_action_menu_puts_actions_that_differ_in_their_last_word_on_one_line():
    menu = action_menu(["play R3 nest1", "play R3 nest2", "play B4 nest3", "draw deck", "take B5"]).plain
    lines = menu.splitlines()
    assert lines[0].split() == ["play", "R3", "1)", "nest1", "2)", "nest2"]
    assert lines[1].split() == ["3)", "play", "B4", "nest3"]
    assert lines[2].split() == ["4)", "draw", "deck"]
    assert lines[3].split() == ["5)", "take", "B5"]


def test_a_long_line_of_the_menu_goes_on_below_without_breaking_an_item():
    actions = [f"loot P3>A4>P{n}" for n in range(1, 16)]
    lines = action_menu(actions, width=60).plain.splitlines()
    assert len(lines) > 1 and all(len(line) <= 60 for line in lines)
    words = " ".join(lines).split()
    assert all(f"{n})" in words and f"P3>A4>P{n}" in words for n in range(1, 16))


def test_a_family_of_actions_too_long_for_the_menu_is_one_line_that_says_how_to_type_them():
    gives = [
        "RRR",
        "RRY",
        "RYY",
        "YYY",
        "YYG",
        "YGG",
        "GGG",
        "GGB",
        "GBB",
        "BBB",
        "BBP",
        "BPP",
        "PPP",
        "PPR",
        "PRR",
        "RRB",
    ]
    exchanges = [f"exchange {give} for {colour}" for give in gives for colour in ("blue", "purple")]
    collects = [f"collect P{n} A{n}" for n in range(1, 7)]
    menu = action_menu([*collects, *exchanges, "stop"]).plain.splitlines()
    assert len(menu) == 8
    assert menu[6].split() == [
        "exchange",
        "7)",
        "...",
        "38)",
        "32",
        "choices,",
        "typed",
        "like",
        "'exchange",
        "RRR",
        "for",
        "blue'",
    ]
    assert menu[7].split() == ["39)", "stop"]
    shorter = action_menu(exchanges[:12]).plain.splitlines()  # six lines: each is shown
    assert len(shorter) == 6 and shorter[0].split()[:4] == ["exchange", "RRR", "for", "1)"]


def test_a_long_family_is_shown_whole_while_the_menu_fits():
    takes = [f"take lower {half} nest{nest} slot{slot}" for half in "RBY" for nest in (1, 2, 3) for slot in (3, 4, 5)]
    menu = action_menu(takes, width=120).plain.splitlines()
    assert len(menu) == 9 and "..." not in " ".join(menu)
    assert menu[0].split() == ["take", "lower", "R", "nest1", "1)", "slot3", "2)", "slot4", "3)", "slot5"]


# ---------------------------------------------------------------- saving, quitting and resuming


def test_save_then_load_resumes_at_the_same_point(run, tmp_path: Path):
    first = run(
        "play", "schatz", "--seats", "human,greedy", "--seed", "5", "--save", "g.json", input="1\n" * 7 + "quit\n"
    )
    assert first.exit_code == 0, first.output
    before = _record(tmp_path / "g.json")
    assert len(before) >= 7
    second = run("play", "--load", "g.json", "--save", "h.json", input=ALWAYS_FIRST)
    assert second.exit_code == 0, second.output
    assert f"after {len(before)} actions" in second.output
    after = _record(tmp_path / "h.json")
    assert after[: len(before)] == before
    assert len(after) > len(before)
    assert pg.replay(_state(tmp_path / "h.json")).is_over


def test_the_save_file_is_rewritten_after_every_action(run, tmp_path: Path):
    result = run("play", "schatz", "--seats", "greedy,greedy", "--seed", "5", "--save", "g.json")
    assert result.exit_code == 0, result.output
    state, seats = read_save(tmp_path / "g.json")
    assert state.is_over and seats == ["greedy", "greedy"]


def test_load_may_give_the_bots_seats_to_other_bots(run, saved_game):
    path, state = saved_game
    result = run("play", "--load", str(path), "--seats", "human,random", input=ALWAYS_FIRST)
    assert result.exit_code == 0, result.output
    assert "random" in result.output and "greedy" not in result.output
    assert "Final scores" in result.output


def test_quit_saves_the_game_and_says_how_to_resume(run, tmp_path: Path):
    result = run("play", "schatz", "--players", "3", "--seed", "12", input="1\nquit\n")
    assert result.exit_code == 0, result.output
    path = tmp_path / "phoenixgames-schatz-12.json"
    assert f"Game saved to {path.name}" in result.output
    assert f"Resume it with: phoenixgames play --load {path.name}\n" in result.output
    state, seats = read_save(path)
    assert len(state.history) == 1 and seats == ["human", DEFAULT_BOT, DEFAULT_BOT]


def test_quit_saves_to_the_save_file_when_one_is_named(run, tmp_path: Path):
    result = run("play", "schatz", "--players", "2", "--seed", "3", "--save", "mine.json", input="q\n")
    assert "Game saved to mine.json" in result.output
    assert not (tmp_path / "phoenixgames-schatz-3.json").exists()


def test_ctrl_c_saves_the_game_without_a_traceback(run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    def interrupted(_prompt: str = "") -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr("builtins.input", interrupted)
    result = run("play", "schatz", "--players", "2", "--seed", "4")
    assert result.exit_code == 130
    assert "Game saved to phoenixgames-schatz-4.json" in result.output
    assert "--load" in result.output
    assert "Traceback" not in result.output
    assert (tmp_path / "phoenixgames-schatz-4.json").exists()


# ---------------------------------------------------------------- clean errors


def test_a_missing_save_file_is_a_clean_error(run):
    result = run("play", "--load", "nowhere.json")
    assert result.exit_code == 2
    assert "Error: there is no file nowhere.json" in result.output
    assert "Traceback" not in result.output


def test_a_corrupt_save_file_is_a_clean_error(run, tmp_path: Path):
    (tmp_path / "bad.json").write_text('{"format": "phoenixgames-save", "version": 1, "seats": ["human"')
    result = run("play", "--load", "bad.json")
    assert result.exit_code == 2
    assert "not valid JSON" in result.output
    assert "Traceback" not in result.output


def test_an_altered_save_file_is_a_clean_error(run, saved_game):
    path, _ = saved_game
    data = json.loads(path.read_text())
    data["state"] = _state(path)
    del data["sealed"]
    data["state"]["state"]["won"][0].append(10)
    path.write_text(json.dumps(data))
    result = run("play", "--load", str(path))
    assert result.exit_code == 2
    assert "damaged" in result.output
    assert "Traceback" not in result.output


def test_a_save_file_with_a_broken_seal_is_a_clean_error(run, saved_game):
    path, _ = saved_game
    data = json.loads(path.read_text())
    data["sealed"] = data["sealed"][:-8] + ("A" * 8 if not data["sealed"].endswith("A" * 8) else "B" * 8)
    path.write_text(json.dumps(data))
    result = run("play", "--load", str(path))
    assert result.exit_code == 2
    assert "cannot be opened" in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["chess"], "no game called 'chess'"),
        ([], "name a game to play"),
        (["schatz", "--players", "7"], "2 to 6 players, not 7"),
        (["schatz", "--players", "4", "--seats", "human,greedy,random"], "names 3 seats for a 4-player game"),
        (
            ["schatz", "--seats", "human,robot"],
            "seat 2: unknown agent 'robot': choose from greedy, human, ismcts, random",
        ),
        (["schatz", "--seats", "human,,greedy"], "no agent for seat 2"),
        (["schatz", "--option", "wild_colour=purple"], "must be one of 'any', 'none', not 'purple'"),
        (["schatz", "--option", "colour=any"], "no option 'colour'"),
        (["schatz", "--option", "wild_colour"], "--option takes name=value"),
        (["schatz", "--seed", "-3"], "--seed must be 0 or more, not -3"),
        (["schatz", "--save", "no/such/folder/g.json"], "cannot write the save file"),
        (["schatz", "--option", "seed=3"], "schatz has no option 'seed'"),
        (["schatz", "--option", "players=3"], "schatz has no option 'players'"),
        (["schatz", "--option", "game=phoenix"], "schatz has no option 'game'"),
        (["schatz", "--players", "9" * 5000], "--players must be a whole number, not '999"),
        (["schatz", "--seed", "abc"], "--seed must be a whole number, not 'abc'"),
        (["schatz", "--option", "wild_colour=any", "-o", "wild_colour=none"], "--option wild_colour is given twice"),
        (["schatz", "-a", "human,greedy", "-p", "3"], "names 2 seats for a 3-player game"),
        (["schatz", "--nonsense"], "No such option: --nonsense"),
    ],
)
def test_bad_arguments_are_clean_errors(run, args: list[str], message: str):
    result = run("play", *args, input="quit\n")
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ") and message in lines[0], result.stderr
    assert "╭" not in result.stderr  # one line, not a framed box


def test_load_refuses_to_change_the_saved_game(run, saved_game):
    path, _ = saved_game
    for args, message in [
        (["--players", "3"], "holds a 2-player game"),
        (["--seed", "4"], "keeps its seed, options and parameters"),
        (["--seats", "human"], "names 1 seat for a 2-player game"),
    ]:
        result = run("play", "--load", str(path), *args)
        assert result.exit_code == 2, result.output
        assert message in result.output


def test_a_resumed_game_with_other_seats_does_not_show_its_seed(run, saved_game):
    path, state = saved_game
    result = run("play", "--load", str(path), "--seats", "human,random", input=ALWAYS_FIRST)
    assert result.exit_code == 0, result.output
    first_line = result.output.split("\n")[0]
    assert "seed" not in first_line and "resumed from" in first_line
    assert f"Seed {state.seed}:" in result.output  # once the game is over, it may be known


def test_the_resume_hint_names_the_program_as_it_was_started(monkeypatch, tmp_path: Path):
    from phoenixgames.cli.play import program

    monkeypatch.chdir(tmp_path)
    started = tmp_path / ".venv" / "bin" / "phoenixgames"
    started.parent.mkdir(parents=True)
    started.write_text("")
    monkeypatch.setattr("sys.argv", [str(started)])
    monkeypatch.setenv("PATH", "/nowhere")
    assert program() == ".venv/bin/phoenixgames"
    monkeypatch.setenv("PATH", str(started.parent))
    started.chmod(0o755)
    assert program() == "phoenixgames"


@pytest.mark.parametrize("answer", ["²", "①", "٣", "9" * 5000])
def test_a_digit_that_is_not_a_plain_number_is_refused_at_the_prompt(run, answer: str):
    result = run("play", "schatz", "--seats", "human,greedy", "--seed", "5", input=f"{answer}\nquit\n")
    assert result.exit_code == 0, result.output
    assert "That names no action:" in result.output
    assert "Traceback" not in result.output and "Game saved" in result.output


def test_h_says_what_the_hard_bot_would_play_and_why(run):
    result = run("play", "schatz", "--players", "2", "--seed", "5", input="h\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Hint: Hard's move: " in result.output
    assert "a fair share is 50%" in result.output
    state = pg.new_game("schatz", players=2, seed=5)
    seat = state.current_player
    assert f"Hard's move: {hint(state.copy(perspective=seat, seed=0), seat).action}." in result.output


def test_help_lists_the_hint(run):
    result = run("play", "schatz", "--players", "2", "--seed", "5", input="?\nquit\n")
    assert result.exit_code == 0, result.output
    assert "h or hint" in result.output


def test_the_version_is_shown(run):
    from importlib.metadata import version

    result = run("--version")
    assert result.exit_code == 0 and result.output == f"phoenixgames {version('phoenixgames')}\n"


def test_a_person_playing_a_drawn_seed_is_never_shown_it(run, tmp_path: Path):
    result = run("play", "schatz", "--players", "2", input="quit\n")
    assert result.exit_code == 0, result.output
    (saved,) = tmp_path.glob("phoenixgames-schatz-*.json")
    state, _ = read_save(saved)
    assert str(state.seed) not in result.output and str(state.seed) not in saved.name
    assert "seed" not in result.output.split("\n")[0]


def test_bots_alone_show_their_drawn_seed(run):
    result = run("play", "schatz", "--seats", "random,random")
    assert result.exit_code == 0, result.output
    assert "seed " in result.output.split("\n")[0]
