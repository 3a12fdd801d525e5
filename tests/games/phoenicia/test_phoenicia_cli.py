"""The command line with Phoenicia: list, play, simulate, replay, rules; and the terminal rendering."""

from __future__ import annotations

import json
from pathlib import Path

from rich.console import Console

import phoenixgames as pg
from phoenixgames.cli.files import write_save
from phoenixgames.games.phoenicia.render import render_view

from .helpers import new_state, open_auction, set_display, set_hand, turn_of


def text_of(view: dict) -> str:
    console = Console(width=100, record=True, color_system=None)
    console.print(render_view(view))
    return console.export_text()


def test_list_shows_phoenicia_its_player_counts_and_options(run):
    result = run("list")
    assert result.exit_code == 0, result.output
    assert "phoenicia" in result.output and "2-5" in result.output
    assert "preset_cards=false" in result.output and "first_game_auctions=false" in result.output


def test_rules_prints_the_rules_as_implemented(run):
    result = run("rules", "phoenicia")
    assert result.exit_code == 0, result.output
    assert "Phoenicia" in result.output and "PHN-81" in result.output


def test_simulate_is_deterministic_and_greedy_wins(run):
    args = ["simulate", "phoenicia", "--games", "8", "--players", "3", "--seed", "5", "--json"]
    first, second = run(*args), run(*args)
    assert first.exit_code == 0, first.output
    assert first.stdout == second.stdout
    data = json.loads(first.stdout)
    assert data["games"] == 8 and data["players"] == 3


def test_play_with_bots_to_the_end_and_a_person_who_quits(run):
    result = run("play", "phoenicia", "--players", "3", "--seats", "greedy,random,greedy", "--seed", "3")
    assert result.exit_code == 0, result.output
    assert "Final scores" in result.output
    result = run("play", "phoenicia", "--players", "2", "--seed", "4", "--save", "g.json", input="end\nquit\n")
    assert result.exit_code == 0, result.output
    assert Path("g.json").exists()


def test_replay_as_a_seat_hides_the_other_hands(run, tmp_path: Path):
    state = pg.new_game("phoenicia", players=2, seed=21)
    for _ in range(6):
        state.apply(state.legal_actions()[-1])
    write_save(tmp_path / "g.json", state, ["greedy", "greedy"])
    as_seat = run("replay", "g.json", "--as", "1")
    assert as_seat.exit_code == 0, as_seat.output
    assert "you are seat 1" in as_seat.output and "seed 21" not in as_seat.output


def test_the_rendering_shows_tiles_discounts_the_auction_and_its_bids_and_hides_other_hands():
    state = turn_of(new_state(3, 6), 0)
    set_display(state, ["Tracker", "Dyer", "Prospector"])
    set_hand(state, 0, [6, 6], disks=0)
    set_hand(state, 1, [4, 5], disks=1)
    open_auction(state, "dyer", 2)
    state.apply("pass")
    state.apply("pass")
    open_auction(state, "tracker", 3)
    state.apply("bid 5", player=1)
    seen = text_of(state.view(0))
    assert "Auction: Tracker" in seen and "you 3, seat 2 5" in seen
    assert "Dye House -4" in seen and "Hunt" in seen and "Farm" in seen
    assert "2 cards" in seen and "4 5" not in seen  # seat 1's cards: how many, never their values
    assert "For auction" in seen and "Prospector" in seen and "adds the mining tile; -1 on Smelter" in seen
    assert "Your price" in seen and "Your price" not in text_of(state.view(pg.PUBLIC))
    referee = text_of(state.view(None))
    assert "4 5" in referee
