"""A person's turn fits an 80x24 terminal in every game: compact where the whole would not fit, in full
where it does, or on ``b``."""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

import phoenixgames as pg
from phoenixgames.cli.person import HumanAgent, QuitGame
from phoenixgames.cli.render import events_panel
from phoenixgames.cli.screen import compact_renderer, draw_turn

SEATINGS = [
    pytest.param(game, players, id=f"{game}-{players}p")
    for game in pg.games()
    for players in pg.get_spec(game).player_counts
]
#: Every how many actions a turn is drawn along a random game (some thirty turns in each game).
EVERY = {"schatz": 2, "phoenix": 1, "phoenicia": 6, "syndicate": 20}


def _terminal(width: int = 80, height: int = 24) -> tuple[Console, io.StringIO]:
    screen = io.StringIO()
    return Console(file=screen, width=width, height=height, force_terminal=True, color_system=None), screen


def _turns(game: str, players: int, seeds: range):
    """(state, actors, seats) at seat 0's turns along random games, every few actions."""
    seats = ["human"] + ["hard"] * (players - 1)
    for seed in seeds:
        state = pg.new_game(game, players, seed=seed)
        rng = random.Random(seed)
        actors: list[int | None] = []
        while not state.is_over:
            if state.current_player == 0 and len(actors) % EVERY[game] == 0:
                yield state, actors, seats
            actors.append(state.current_player)
            state.apply(rng.choice(state.legal_actions()))


def _news(state: pg.GameState, actors: list[int | None], seats: list[str]):
    since = max((number for number, actor in enumerate(actors) if actor == 0), default=0)
    return events_panel(state.events(0, since), actors, 0, seats)


@pytest.mark.parametrize(("game", "players"), SEATINGS)
def test_every_turn_fits_80_columns_and_24_lines(game, players):
    drawn = 0
    for state, actors, seats in _turns(game, players, range(1)):
        console, screen = _terminal()
        news = _news(state, actors, seats)
        draw_turn(console, state.spec, state.view(0), "Seat 1: your turn", news, state.legal_actions())
        lines = screen.getvalue().splitlines()
        assert len(lines) + 1 <= 24, "\n".join(lines)  # and the prompt below it
        assert all(len(line) <= 80 for line in lines), "\n".join(lines)
        assert any(line.startswith("Your actions") for line in lines)
        drawn += 1
    assert drawn > 5


@pytest.mark.parametrize("game", pg.games())
def test_every_game_draws_its_view_in_a_few_lines(game):
    compact = compact_renderer(pg.get_spec(game))
    assert compact is not None, f"{game}'s render module has no render_compact"
    state = pg.new_game(game, pg.get_spec(game).max_players, seed=1)
    console, screen = _terminal()
    console.print(compact(state.view(0)))
    assert len(screen.getvalue().splitlines()) <= 14


def test_a_terminal_big_enough_and_output_that_is_no_terminal_get_the_whole_board():
    state = pg.new_game("phoenix", 4, seed=2)
    full, screen = _terminal(height=200)
    assert draw_turn(full, state.spec, state.view(0), "t", None, state.legal_actions()) is False
    assert "slot  1" in screen.getvalue()  # the full plumage, slot numbers and all
    piped = Console(file=io.StringIO(), width=80, height=24)
    assert draw_turn(piped, state.spec, state.view(0), "t", None, state.legal_actions()) is False
    small, screen = _terminal()
    assert draw_turn(small, state.spec, state.view(0), "t", None, state.legal_actions()) is True
    assert "slot  1" not in screen.getvalue()


def test_b_draws_the_whole_board_in_a_small_terminal():
    state = pg.new_game("syndicate", 3, seed=4)
    answers = iter(["b", "q"])
    console, screen = _terminal()
    agent = HumanAgent(0, console=console, input_fn=lambda _prompt: next(answers))
    with pytest.raises(QuitGame):
        agent.choose(state.copy(perspective=state.current_player))
    first, again = screen.getvalue().split("your turn", 2)[1:]
    assert "Tiles: P Prime" not in first and "Tiles: P Prime" in again  # the galaxy's legend, drawn in full


def test_the_news_that_does_not_fit_says_that_b_shows_it():
    events = [{"action": number, "text": f"seat 1 laid card {number} beside nest 1"} for number in range(40)]
    news = events_panel(events, [1, 2] * 20, 0, ["human", "hard", "hard"])
    state = pg.new_game("schatz", 3, seed=1)
    console, screen = _terminal()
    draw_turn(console, state.spec, state.view(0), "t", news, state.legal_actions())
    text = screen.getvalue()
    assert "earlier news: b shows it all" in text and "card 39" in text and "card 0 " not in text
    assert len(text.splitlines()) <= 23


@pytest.mark.parametrize("budget", [2, 3, 5, 8, 12])
def test_the_fitted_menu_keeps_to_its_lines_and_says_when_it_leaves_actions_out(budget):
    from phoenixgames.cli.menu import fitted_menu, line_count

    state = pg.new_game("phoenix", 4, seed=2)
    for _ in range(3):
        state.apply(state.legal_actions()[0])
    actions = state.legal_actions()
    menu = fitted_menu(actions, 80, budget)
    assert line_count(menu) <= budget and all(len(line) <= 80 for line in menu.plain.splitlines())
    if "? lists all" not in menu.plain:  # then every action is there, by its number
        assert f"{len(actions)})" in menu.plain
