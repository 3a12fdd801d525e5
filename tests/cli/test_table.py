"""``phoenixgames play`` at a person's turn: what their seat saw happen since its last turn, taking back
their own last action (``u``), and answers that name no action told apart from actions the rules refuse."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from rich.console import Console

import phoenixgames as pg
from phoenixgames.agents import make_agent
from phoenixgames.cli.files import read_save, write_save
from phoenixgames.cli.person import HumanAgent
from phoenixgames.sim import agent_seed, choose_action

SEED = 5


@pytest.fixture(autouse=True)
def _wide_screen(monkeypatch: pytest.MonkeyPatch):
    """A screen wide enough that no line of the events panel wraps."""
    monkeypatch.setenv("COLUMNS", "220")


def _rows(output: str, label: str) -> list[str]:
    """The lines of the events panels labelled ``label`` (like ``Seat 2 (greedy)`` or ``You``)."""
    return [line for line in output.splitlines() if re.match(rf"│ {re.escape(label)}\s{{2}}", line)]


def _drawn(state: pg.GameState, seat: int, actions: range | None = None) -> list[str]:
    """The cards ``seat`` drew from the deck, as its own events name them."""
    cards = []
    for event in state.events(seat):
        found = re.fullmatch(r"you drew (\S+)", event["text"])
        if found and (actions is None or event["action"] in actions):
            cards.append(found.group(1))
    return cards


def _without_seat(text: str, seat: int) -> str:
    return re.sub(rf"^seat {seat} ", "", text)


# ---------------------------------------------------------------- the events since the last turn


def test_the_person_is_shown_the_bots_moves_in_their_own_terms(run, tmp_path: Path):
    result = run(
        "play", "schatz", "--seats", "human,greedy,greedy", "--seed", str(SEED), "--save", "g.json", input="1\n1\nq\n"
    )
    assert result.exit_code == 0, result.output
    state, _ = read_save(tmp_path / "g.json")
    assert len(state.history) > 2
    assert "Since your last turn" in result.output
    assert "plays:" not in result.output  # no bare notation scrolls past
    for bot in (1, 2):
        rows = _rows(result.output, f"Seat {bot + 1} (greedy)")
        assert rows, result.output
        for event in state.events(0):
            if event["text"].startswith(f"seat {bot} "):
                assert any(_without_seat(event["text"], bot) in row for row in rows), (event, rows)
    # the person's own draw, as they saw it
    (card,) = _drawn(state, 0, range(2))
    assert any(f"drew {card}" in row for row in _rows(result.output, "You"))


def test_only_the_persons_own_draws_are_named(run, tmp_path: Path):
    seats = ("--seats", "human,greedy,greedy", "--seed", str(SEED), "--save", "g.json")
    result = run("play", "schatz", *seats, input="1\n" * 24 + "q\n")
    assert result.exit_code == 0, result.output
    state, _ = read_save(tmp_path / "g.json")
    mine = _drawn(state, 0)
    assert mine and all(any(f"drew {card}" in row for row in _rows(result.output, "You")) for card in mine)
    for bot in (1, 2):
        rows = " ".join(_rows(result.output, f"Seat {bot + 1} (greedy)"))
        secret = _drawn(state, bot)
        assert secret, "the bot drew from the deck"
        assert "drew a card" in rows
        assert not any(f"drew {card}" in rows for card in secret), rows


def test_people_sharing_the_terminal_each_see_their_own_events_only(run, tmp_path: Path):
    answers = "1\n1\n\n1\n1\n\nq\n"  # seat 0 plays and draws; Enter; seat 1 plays and draws; Enter
    result = run("play", "schatz", "--seats", "human,human", "--seed", str(SEED), "--save", "g.json", input=answers)
    assert result.exit_code == 0, result.output
    state, _ = read_save(tmp_path / "g.json")
    screens = result.output.split("Pass the terminal to seat")
    assert len(screens) == 3, result.output
    (zero,) = _drawn(state, 0, range(2))
    (one,) = _drawn(state, 1, range(2, 4))
    seat_one, seat_zero = screens[1], screens[2]
    assert "Before your first turn" in seat_one and "Seat 1 (human)" in seat_one
    assert f"drew {zero}" not in seat_one and "drew a card" in seat_one
    assert f"drew {zero}" in seat_zero and "Seat 2 (human)" in seat_zero
    assert f"drew {one}" not in seat_zero


def test_the_end_of_the_game_shows_the_last_moves(run):
    result = run("play", "schatz", "--seats", "human,greedy", "--seed", str(SEED), input="1\n" * 300)
    assert result.exit_code == 0, result.output
    end = result.output[result.output.rindex("The end of the game") :]
    assert "Final scores" in end


# ---------------------------------------------------------------- taking back


def test_u_takes_back_a_card_laid_before_the_draw(run, tmp_path: Path):
    fresh = pg.new_game("schatz", players=3, seed=SEED)
    laid = fresh.legal_actions()[0]
    hand = " ".join(fresh.view(0)["hand"])
    result = run(
        "play", "schatz", "--seats", "human,greedy,greedy", "--seed", str(SEED), "--save", "g.json", input="1\nu\nq\n"
    )
    assert result.exit_code == 0, result.output
    after = result.output.split(f"Taken back: {laid}")
    assert len(after) == 2, result.output
    assert hand in after[1]  # the card is back in the hand
    assert "Your actions" in after[1] and str(laid).rpartition(" ")[0] in after[1]
    state, seats = read_save(tmp_path / "g.json")
    assert state.history == [] and seats == ["human", "greedy", "greedy"]


def test_after_taking_back_the_game_and_its_save_go_on_consistently(run, tmp_path: Path):
    result = run(
        "play", "schatz", "--seats", "human,greedy", "--seed", str(SEED), "--save", "g.json", input="2\nu\n3\n1\nq\n"
    )
    assert result.exit_code == 0, result.output
    state, _ = read_save(tmp_path / "g.json")
    fresh = pg.new_game("schatz", players=2, seed=SEED)
    assert state.history[0] == fresh.legal_actions()[2]
    again = pg.replay(state.record)
    assert again.to_json() == state.to_json()


def _answers_until_a_draw_that_leaves_the_person_to_act(seed: int) -> tuple[int, str]:
    """How many answers of 1 bring seat 0 (against greedy) to a draw after which it acts again (a nest
    was completed: it picks a treasure), and the rules' reason why that draw cannot be taken back."""
    state = pg.new_game("schatz", players=2, seed=seed)
    bot = make_agent("greedy", agent_seed(seed, 1))
    answers = 0
    while not state.is_over:
        if state.current_player == 1:
            state.apply(choose_action(bot, state, 1), player=1)
            continue
        action = state.apply(state.legal_actions()[0])
        answers += 1
        if str(action).split()[0] in ("draw", "take") and state.current_player == 0:
            with pytest.raises(pg.IllegalAction) as refused:
                state.undo()
            return answers, str(refused.value)
    pytest.fail("no such draw in this game")


def test_u_refuses_after_a_draw_with_the_reason(run):
    answers, reason = _answers_until_a_draw_that_leaves_the_person_to_act(SEED)
    result = run("play", "schatz", "--seats", "human,greedy", "--seed", str(SEED), input="1\n" * answers + "u\nq\n")
    assert result.exit_code == 0, result.output
    assert f"Cannot take back: {reason}" in result.output
    assert "Taken back" not in result.output
    assert "Game saved" in result.output


def test_u_never_takes_back_a_bots_move(run, tmp_path: Path):
    result = run("play", "schatz", "--seats", "human,greedy", "--seed", str(SEED), input="1\n1\nu\nq\n")
    assert "Cannot take back: Seat 2 (greedy) has played since: only your own last action" in result.output
    assert "Taken back" not in result.output
    # a game resumed with a person in a seat a bot played: the bot's card stays laid
    state = pg.new_game("schatz", players=2, seed=SEED)
    state.apply(state.legal_actions()[0])
    write_save(tmp_path / "bots.json", state, ["greedy", "greedy"])
    result = run("play", "--load", "bots.json", "--seats", "human,greedy", input="u\nq\n")
    assert result.exit_code == 0, result.output
    assert "Cannot take back: your seat's last action was a bot's" in result.output
    assert len(read_save(tmp_path / "bots.json")[0].history) == 1


def test_u_at_the_first_action_says_there_is_nothing_to_take_back(run):
    result = run("play", "schatz", "--seats", "human,greedy", "--seed", str(SEED), input="u\nq\n")
    assert "Cannot take back: nothing has been played yet" in result.output


# ---------------------------------------------------------------- answers that name no action


def _human(answers: list[str]) -> tuple[HumanAgent, io.StringIO]:
    screen = io.StringIO()
    feed = iter(answers)
    agent = HumanAgent(0, console=Console(file=screen, width=120), input_fn=lambda _prompt: next(feed))
    return agent, screen


def test_a_typo_names_no_action_and_the_closest_are_offered():
    state = pg.new_game("schatz", players=3, seed=1)
    first = state.legal_actions()[0]
    typo = str(first).replace("nest", "nst")
    agent, screen = _human([typo, "xyz", "1"])
    assert agent.choose(state.copy(perspective=0)) == first
    text = screen.getvalue()
    assert "That names no action: cannot read" in text
    assert f"Did you mean 1) {first}" in text
    assert "Type ? for the list of actions." in text
    assert "Not allowed" not in text
    assert "Traceback" not in text


def test_an_action_the_rules_refuse_gets_the_rules_reason():
    state = pg.new_game("schatz", players=3, seed=1)
    agent, screen = _human(["draw deck", "play Z9 nest1", "99", "1"])
    agent.choose(state.copy(perspective=0))
    text = screen.getvalue()
    assert "Not allowed: lay a card beside a nest first, then draw" in text
    assert "That names no action: 'z9' is not an equipment card" in text
    assert "That names no action: there is no action 99: type a number from 1 to" in text


def test_the_help_and_the_prompt_offer_undo():
    state = pg.new_game("schatz", players=2, seed=1)
    agent, screen = _human(["?", "u", "1"])
    agent.choose(state.copy(perspective=0))
    text = screen.getvalue()
    assert "u undo" in text and "u or undo" in text
    assert "Cannot take back: nothing can be taken back here" in text


def test_the_events_panel_gives_each_run_of_a_seats_actions_one_line():
    from phoenixgames.cli.render import events_panel

    events = [
        {"action": 0, "text": "you laid G6 beside nest 1"},
        {"action": 1, "text": "you drew R5"},
        {"action": 2, "text": "seat 1 laid B4 beside nest 2"},
        {"action": 3, "text": "seat 1 took the face-up Y6"},
        {"action": 3, "text": "R2 was turned face up"},
        {"action": 3, "text": "you won the treasure 9 at nest 2"},
        {"action": 3, "text": "combos at nest 1: you 10 (P5 Px2), seat 1 7 (W3 G4)"},
    ]
    panel = events_panel(events, [0, 0, 1, 1], 0, ["human", "ismcts:iterations=1000"])
    assert panel is not None
    screen = io.StringIO()
    Console(file=screen, width=120).print(panel)
    lines = [line.strip("│ ").rstrip(" │") for line in screen.getvalue().splitlines()[1:-1]]
    assert lines == [
        "You              laid G6 beside nest 1 · drew R5",
        "Seat 2 (ismcts)  laid B4 beside nest 2 · took the face-up Y6; R2 was turned face up",
        "you won the treasure 9 at nest 2",
        "combos at nest 1: you 10 (P5 Px2), seat 2 7 (W3 G4)",
    ]
    assert events_panel([], [], 0) is None
