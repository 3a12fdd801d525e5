"""Saves and records written by the previous version (state version 1) still load and replay.

Version 2 split two decisions into steps (Phoenicia's auction, the Syndicate's loot path) and changed
the shape of some saved states. The files in ``saves_v1/`` were written by version 1 in the middle of
a random game; ``<game>.expected.json`` holds what that version said of the position.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import phoenixgames as pg

SAVES = Path(__file__).resolve().parent / "saves_v1"
GAMES = ["phoenicia", "phoenix", "schatz", "syndicate"]


def saved(game: str) -> tuple[str, dict]:
    text = (SAVES / f"{game}.json").read_text(encoding="utf-8")
    return text, json.loads((SAVES / f"{game}.expected.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("game", GAMES)
def test_a_referee_save_of_version_1_loads_at_the_same_position_and_plays_on(game):
    text, expected = saved(game)
    assert json.loads(text)["version"] == 1
    state = pg.load_game(text)
    assert state.scores == expected["scores"] and state.current_player == expected["current_player"]
    state.apply(state.legal_actions()[0])
    again = pg.load_game(state.to_json())
    assert json.loads(state.to_json())["version"] == 2 and again.view(None) == state.view(None)


@pytest.mark.parametrize(
    ("game", "earlier", "now"),
    [
        ("phoenicia", "auction", "bid"),
        ("syndicate", ">", "loot from"),
    ],
)
def test_a_record_in_the_earlier_notation_replays_as_the_decisions_it_became(game, earlier, now):
    text, expected = saved(game)
    record = {key: json.loads(text)[key] for key in ("game", "players", "options", "seed", "actions")}
    old = [a for a in record["actions"] if earlier in a and a.split()[0] in ("auction", "loot")]
    assert old, "the saved game holds a decision written the earlier way"
    state = pg.replay(record)
    assert state.scores == expected["scores"]
    assert len(state.history) > expected["actions"]  # each such decision became several
    assert any(now in str(action) for action in state.history)
    assert not any(str(action) in old for action in state.history)


def test_an_altered_random_state_in_a_version_1_save_is_still_refused():
    text, _ = saved("syndicate")
    data = json.loads(text)
    data["rng"][1][0] ^= 1
    with pytest.raises(pg.InvalidGameFile, match="altered|damaged"):
        pg.load_game(json.dumps(data))


def test_an_earlier_notation_that_is_illegal_in_the_replayed_game_is_refused_with_its_number():
    text, _ = saved("phoenicia")
    record = {key: json.loads(text)[key] for key in ("game", "players", "options", "seed", "actions")}
    first = next(i for i, a in enumerate(record["actions"]) if a.startswith("auction"))
    card = record["actions"][first].split()[1]
    record["actions"][first] = f"auction {card} 999"
    with pytest.raises(pg.InvalidGameFile, match=f"action {first + 1} of the record"):
        pg.replay(record)


def test_a_copy_for_one_seat_saved_by_version_1_is_refused_with_the_reason():
    text = (SAVES / "syndicate-seat1-copy.json").read_text(encoding="utf-8")
    with pytest.raises(pg.InvalidGameFile, match="earlier version"):
        pg.load_game(text)


def test_a_version_the_program_does_not_know_is_refused():
    text, _ = saved("schatz")
    for version in (0, 3, "2", True, None):
        data = json.loads(text)
        data["version"] = version
        with pytest.raises(pg.InvalidGameFile, match="this program reads versions 1 and 2"):
            pg.load_game(json.dumps(data))
