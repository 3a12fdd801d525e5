"""``phoenixgames replay``: a saved game shown action by action, from one seat's eyes or the referee's."""

from __future__ import annotations

import json
import re
from pathlib import Path

import phoenixgames as pg
from phoenixgames.cli.files import write_save

from .conftest import played


def _visible_to(view: dict, seat: int) -> set[str]:
    """Every card code the seat's view shows."""
    cards = set(view["hand"]) | set(view["discards"]) | {c for known in view["known_cards"] for c in known}
    cards |= {c for nest in view["nests"] for side in nest["sides"] for c in side}
    if view["face_up"]:
        cards.add(view["face_up"])
    return cards


def _shown(code: str, text: str) -> bool:
    return re.search(rf"(?<![\w]){re.escape(code)}(?![\w])", text) is not None


def test_replay_as_a_seat_never_shows_another_seats_hidden_cards(run, tmp_path: Path):
    state = played("schatz", ["greedy", "greedy"], seed=21, actions=14)
    write_save(tmp_path / "g.json", state, ["human", "human"])
    replayed = pg.new_game("schatz", players=2, seed=21)
    seen: set[str] = set(_visible_to(replayed.view(1), 1))
    hidden: set[str] = set(replayed.view(None)["hands"][0])
    for action in state.record["actions"]:
        replayed.apply(action)
        seen |= _visible_to(replayed.view(1), 1)
        hidden |= set(replayed.view(None)["hands"][0])
    secret = hidden - seen
    assert secret, "the test needs a card that seat 1 never saw"

    as_seat = run("replay", "g.json", "--as", "2")  # seat 1 of the API: --as counts from 1, as the screen does
    write_save(tmp_path / "g.json", state, ["greedy", "greedy"])  # bots alone: nobody at the table to keep it from
    referee = run("replay", "g.json")
    assert as_seat.exit_code == 0 and referee.exit_code == 0, as_seat.output + referee.output
    for code in secret:
        assert _shown(code, referee.output)
        assert not _shown(code, as_seat.output), code
    assert "you are seat 2" in as_seat.output
    assert "seed 21" in referee.output and "seed" not in as_seat.output  # the seed would reveal every card


def test_replay_shows_every_action_with_the_seat_that_took_it_and_the_final_scores(run, tmp_path: Path):
    state = played("schatz", ["greedy", "random"], seed=6, actions=1000)
    write_save(tmp_path / "g.json", state, ["greedy", "random"])
    result = run("replay", "g.json")
    assert result.exit_code == 0, result.output
    total = len(state.history)
    assert f"1/{total} · Seat 1 (greedy) plays: {state.history[0]}" in result.output
    assert f"{total}/{total} · " in result.output
    assert "Final scores" in result.output


def test_replay_reads_a_bare_record_and_a_bare_state_file(run, tmp_path: Path):
    state = played("schatz", ["greedy", "greedy", "greedy"], seed=2, actions=5)
    (tmp_path / "record.json").write_text(json.dumps(state.record))
    (tmp_path / "state.json").write_text(state.to_json())
    for name in ("record.json", "state.json"):
        result = run("replay", name, "--as", "3")
        assert result.exit_code == 0, result.output
        assert f"5/5 · Seat 3 plays: {state.history[4]}" in result.output


def test_step_waits_for_enter_and_q_stops(run, saved_game):
    path, _ = saved_game
    result = run("replay", str(path), "--step", input="\n\nq\n")
    assert result.exit_code == 0, result.output
    assert "1/10 · " in result.output and "2/10 · " in result.output
    assert "3/10 · " not in result.output


def test_a_seat_outside_the_game_is_a_clean_error(run, saved_game):
    path, _ = saved_game
    for seat in ("3", "0"):
        result = run("replay", str(path), "--as", seat)
        assert result.exit_code == 2
        assert f"there is no seat {seat} in a 2-player game (seats are counted from 1 to 2)" in result.output
        assert "Traceback" not in result.output
    result = run("replay", str(path), "--as", "first")
    assert result.exit_code == 2 and "--as must be a whole number, not 'first'" in result.output


def test_a_bad_file_is_a_clean_error(run, tmp_path: Path):
    (tmp_path / "bad.json").write_text("not json at all")
    for name, message in [("bad.json", "not valid JSON"), ("missing.json", "there is no file")]:
        result = run("replay", name)
        assert result.exit_code == 2
        assert message in result.output
        assert "Traceback" not in result.output


def test_a_perspective_copy_cannot_be_replayed(run, tmp_path: Path):
    state = played("schatz", ["greedy", "greedy"], seed=2, actions=5)
    (tmp_path / "copy.json").write_text(state.copy(perspective=0).to_json())
    result = run("replay", "copy.json")
    assert result.exit_code == 2
    assert "cannot be replayed" in result.output


def test_an_unfinished_save_replays_only_as_the_person_at_its_table_saw_it(run, saved_game):
    path, state = saved_game  # seat 0 a person, seat 1 the greedy bot, ten actions in
    bot_hand = state.view(None)["hands"][1]
    mine = run("replay", str(path))
    assert mine.exit_code == 0, mine.output
    assert "Shown as seat 1 saw it: the game is not over" in mine.output
    assert f"seed {state.seed}" not in mine.output
    assert not any(_shown(code, mine.output) for code in set(bot_hand) - set(state.view(0)["known_cards"][1]))
    theirs = run("replay", str(path), "--as", "2")
    assert theirs.exit_code == 2
    assert "seat 2 is played by greedy: it replays only as a person at its table saw it (--as 1)" in theirs.output


def test_a_finished_save_replays_with_every_card_and_its_seed(run, tmp_path: Path):
    state = played("schatz", ["greedy", "greedy"], seed=21, actions=10_000)
    write_save(tmp_path / "done.json", state, ["human", "greedy"])
    result = run("replay", "done.json")
    assert result.exit_code == 0, result.output
    assert "seed 21" in result.output and "Shown with every card." in result.output
    assert run("replay", "done.json", "--as", "2").exit_code == 0


def test_an_unfinished_game_of_several_people_needs_one_of_their_seats(run, tmp_path: Path):
    state = played("schatz", ["greedy", "greedy", "greedy"], seed=3, actions=5)
    write_save(tmp_path / "g.json", state, ["human", "greedy", "human"])
    result = run("replay", "g.json")
    assert result.exit_code == 2 and "name one of their seats with --as (1, 3)" in result.output
    assert run("replay", "g.json", "--as", "3").exit_code == 0
