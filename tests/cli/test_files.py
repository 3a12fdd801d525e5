"""Save files: written atomically, read back exactly, and every kind of bad file refused clearly."""

from __future__ import annotations

import base64
import contextlib
import json
import random
from pathlib import Path

import pytest

import phoenixgames as pg
from phoenixgames.cli.files import SAVE_FORMAT, SaveFileError, read_save, write_save
from phoenixgames.cli.sealing import seal, unseal

from .conftest import played


def test_a_save_file_reads_back_the_same_game_and_seats(tmp_path: Path):
    state = played("schatz", ["greedy", "random", "greedy"], seed=4, actions=17)
    path = write_save(tmp_path / "game.json", state, ["human", "random", "greedy"])
    loaded, seats = read_save(path)
    assert seats == ["human", "random", "greedy"]
    assert loaded.to_json() == state.to_json()
    data = json.loads(path.read_text())
    assert data["format"] == SAVE_FORMAT and data["version"] == 2


def test_a_loaded_save_continues_exactly_as_the_original(tmp_path: Path):
    state = played("schatz", ["greedy", "greedy"], seed=2, actions=9)
    loaded, _ = read_save(write_save(tmp_path / "game.json", state, ["greedy", "greedy"]))
    for _ in range(30):
        action = state.legal_actions()[-1]
        state.apply(action)
        loaded.apply(str(action))
    assert loaded.to_json() == state.to_json()


def test_writing_replaces_the_old_file_and_leaves_no_temporary_file(tmp_path: Path):
    path = tmp_path / "game.json"
    write_save(path, pg.new_game("schatz", players=2, seed=1), ["human", "greedy"])
    state = played("schatz", ["greedy", "greedy"], seed=1, actions=4)
    write_save(path, state, ["human", "greedy"])
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]
    assert len(read_save(path)[0].history) == 4


def test_writing_into_a_missing_folder_is_a_save_file_error(tmp_path: Path):
    with pytest.raises(SaveFileError, match="cannot write the save file"):
        write_save(tmp_path / "no" / "such" / "game.json", pg.new_game("schatz", players=2, seed=1), ["human"] * 2)


def test_a_bare_state_file_and_a_bare_record_are_read_without_seats(tmp_path: Path):
    state = played("schatz", ["greedy", "greedy"], seed=8, actions=12)
    (tmp_path / "state.json").write_text(state.to_json())
    (tmp_path / "record.json").write_text(json.dumps(state.record))
    for name in ("state.json", "record.json"):
        loaded, seats = read_save(tmp_path / name)
        assert seats is None
        assert loaded.to_json() == state.to_json()


def test_save_file_error_is_a_phoenixgames_error():
    assert issubclass(SaveFileError, pg.PhoenixGamesError)


def _save(tmp_path: Path, data: object) -> Path:
    path = tmp_path / "game.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return path


def _good(tmp_path: Path) -> dict:
    """An open save (the state in plain JSON, as the API writes it), to damage in known ways."""
    state = played("schatz", ["greedy", "greedy"], seed=3, actions=6)
    data = json.loads(write_save(tmp_path / "good.json", state, ["human", "greedy"]).read_text())
    data["state"] = json.loads(unseal(data.pop("sealed")))["state"]
    return data


def test_an_open_save_is_read_too(tmp_path: Path):
    loaded, seats = read_save(_save(tmp_path, _good(tmp_path)))
    assert seats == ["human", "greedy"] and len(loaded.history) == 6


def test_a_save_file_shows_the_game_but_not_the_cards_others_hold(tmp_path: Path):
    state = played("schatz", ["greedy", "greedy"], seed=3, actions=6)
    text = write_save(tmp_path / "game.json", state, ["human", "greedy"]).read_text()
    data = json.loads(text)
    assert (data["game"], data["players"], data["seats"], data["actions"], data["over"]) == (
        "schatz",
        2,
        ["human", "greedy"],
        6,
        False,
    )
    assert set(data) == {"format", "version", "game", "players", "options", "seats", "actions", "over", "sealed"}
    with pytest.raises(ValueError):
        json.loads(base64.b64decode(data["sealed"]))
    assert read_save(tmp_path / "game.json")[0].to_json() == state.to_json()


def test_an_altered_seal_is_refused(tmp_path: Path):
    state = played("schatz", ["greedy", "greedy"], seed=3, actions=6)
    data = json.loads(write_save(tmp_path / "game.json", state, ["human", "greedy"]).read_text())
    raw = bytearray(base64.b64decode(data["sealed"]))
    raw[40] ^= 1
    data["sealed"] = base64.b64encode(bytes(raw)).decode()
    with pytest.raises(SaveFileError, match="cannot be opened.*altered"):
        read_save(_save(tmp_path, data))


def test_a_save_sealed_with_another_key_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    path = write_save(tmp_path / "game.json", pg.new_game("schatz", players=2, seed=1), ["human", "greedy"])
    monkeypatch.setenv("PHOENIXGAMES_KEY_FILE", str(tmp_path / "elsewhere" / "save.key"))
    with pytest.raises(SaveFileError, match="key that opens it is not here"):
        read_save(path)


def test_a_missing_file_is_refused(tmp_path: Path):
    with pytest.raises(SaveFileError, match="there is no file"):
        read_save(tmp_path / "missing.json")


def test_a_folder_is_refused(tmp_path: Path):
    with pytest.raises(SaveFileError, match="is a folder"):
        read_save(tmp_path)


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        ("{not json", "not valid JSON"),
        ("", "not valid JSON"),
        ("[1, 2]", "must be a JSON object"),
        ('{"a": ' + "1" * 5000 + "}", "more than 4,300 digits"),
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ('{"format": "phoenixgames-save", "actions": NaN}', "NaN is not a number JSON allows"),
        ({"format": "chess-pgn"}, "its format is 'chess-pgn'"),
        ({"hello": "world"}, "not a phoenixgames saved game"),
        ({"format": SAVE_FORMAT, "version": 99, "seats": [], "state": {}}, "version 99"),
        ({"format": SAVE_FORMAT, "version": 1, "seats": ["human"]}, "holds no game state"),
        ({"format": SAVE_FORMAT, "version": 1, "seats": ["human", "greedy"], "state": "nonsense"}, "damaged"),
    ],
)
def test_unreadable_files_are_refused_with_the_reason(tmp_path: Path, content: object, reason: str):
    with pytest.raises(SaveFileError, match=reason):
        read_save(_save(tmp_path, content))


def test_an_altered_state_is_refused_as_damaged(tmp_path: Path):
    data = _good(tmp_path)
    hand = data["state"]["state"]["hands"][0]
    hand[0] = (hand[0] + 1) % 30
    with pytest.raises(SaveFileError, match="damaged"):
        read_save(_save(tmp_path, data))


def test_an_altered_record_is_refused_as_damaged(tmp_path: Path):
    data = _good(tmp_path)
    data["state"]["actions"][0] = "pick L10"
    with pytest.raises(SaveFileError, match="damaged.*action 1"):
        read_save(_save(tmp_path, data))


@pytest.mark.parametrize("seats", ["human", [1, 2], ["human"], None])
def test_bad_seats_are_refused(tmp_path: Path, seats: object):
    data = _good(tmp_path)
    data["seats"] = seats
    with pytest.raises(SaveFileError, match="seats"):
        read_save(_save(tmp_path, data))


def test_a_bad_record_is_refused(tmp_path: Path):
    record = {"game": "schatz", "players": 9, "seed": 1, "actions": []}
    with pytest.raises(SaveFileError, match="damaged"):
        read_save(_save(tmp_path, record))


def test_random_damage_never_escapes_as_anything_but_a_save_file_error(tmp_path: Path):
    text = json.dumps(_good(tmp_path))
    rng = random.Random(5)
    for _ in range(150):
        chars = list(text)
        for _ in range(rng.randint(1, 3)):
            chars[rng.randrange(len(chars))] = rng.choice('0123456789",:[]{}ax-')
        path = _save(tmp_path, "".join(chars))
        with contextlib.suppress(SaveFileError):
            read_save(path)


@pytest.mark.parametrize(
    "change",
    [
        {"game": "phoenix"},
        {"players": 3},
        {"actions": 0},
        {"over": True},
        {"options": {"wild_colour": "none"}},
        {"seats": ["greedy", "human"]},
        {"seats": ["human", "random"]},
    ],
    ids=str,
)
def test_an_open_header_that_does_not_match_the_sealed_game_is_refused(tmp_path: Path, change: dict):
    path = tmp_path / "g.json"
    write_save(path, played("schatz", ["greedy", "greedy"], seed=2, actions=6), ["human", "greedy"])
    data = json.loads(path.read_text())
    path.write_text(json.dumps({**data, **change}))
    key = next(iter(change))
    with pytest.raises(SaveFileError, match=f"its header's '{key}' does not match the game inside it"):
        read_save(path)


def test_a_play_save_written_before_the_auction_took_two_decisions_still_loads():
    """saves_v1/phoenicia-play.json was written by the previous version after an auction opened in one
    decision (``auction X N``), its state left unsealed (a sealed one opens only where it was written); its
    header counts the record's actions as written then."""
    path = Path(__file__).resolve().parent / "saves_v1" / "phoenicia-play.json"
    state, seats = read_save(path)
    assert seats == ["human", "greedy", "greedy"] and state.current_player == 0
    assert [str(a).split()[0] for a in state.history].count("auction") == 1
    assert len(state.history) == 4  # three decisions then, the auction's two now


# ---------------------------------------------------------------- the seats are sealed
def _three_seats(tmp_path: Path) -> tuple[Path, pg.GameState]:
    """A save of an unfinished 3-player game: a person in seat 0, the greedy bot in seats 1 and 2."""
    state = played("schatz", ["greedy", "greedy", "greedy"], seed=6, actions=8)
    return write_save(tmp_path / "mine.json", state, ["human", "greedy", "greedy"]), state


def test_the_seats_are_sealed_with_the_game(tmp_path: Path):
    path, _ = _three_seats(tmp_path)
    data = json.loads(path.read_text())
    assert json.loads(unseal(data["sealed"]))["seats"] == data["seats"] == ["human", "greedy", "greedy"]


@pytest.mark.parametrize("seats", ["greedy,greedy,human", "human,human,greedy", "random,random,random"])
def test_resuming_elsewhere_than_at_the_persons_own_seat_is_refused(run, tmp_path: Path, seats: str):
    """A person's seat stays a person's, and no bot's seat becomes one: otherwise the person would see
    a bot's hand, or bots would finish the game and show every card and the seed."""
    path, _ = _three_seats(tmp_path)
    before = path.read_text()
    result = run("play", "--load", str(path), "--seats", seats, "--save", "fork.json", input="1\n" * 50)
    assert result.exit_code == 2, result.output
    assert "holds an unfinished game in which seat" in result.stderr
    assert "a person resumes it only at their own seat (1)" in result.stderr or "it stays human" in result.stderr
    assert not (tmp_path / "fork.json").exists() and path.read_text() == before
    assert "seed" not in result.output.lower()


def test_resuming_with_other_bots_at_the_bots_seats_is_allowed(run, tmp_path: Path):
    path, _ = _three_seats(tmp_path)
    result = run("play", "--load", str(path), "--seats", "human,random,random", input="q\n")
    assert result.exit_code == 0, result.output
    assert read_save(path)[1] == ["human", "random", "random"]


def test_an_edited_header_that_moves_the_person_is_refused(run, tmp_path: Path):
    path, _ = _three_seats(tmp_path)
    data = json.loads(path.read_text())
    path.write_text(json.dumps({**data, "seats": ["greedy", "greedy", "human"]}))
    result = run("play", "--load", str(path), input="1\n" * 50)
    assert result.exit_code == 2, result.output
    assert "its header's 'seats' does not match the game inside it" in result.stderr
    assert run("replay", str(path), "--as", "2").exit_code == 2


def test_a_fork_keeps_its_persons_seat_and_the_seals_promise(run, tmp_path: Path):
    """A fork of an unfinished save (``--load mine.json --save fork.json``) is the same unfinished game:
    its person keeps their seat, and it is shown only as they saw it, without its seed."""
    path, state = _three_seats(tmp_path)
    forked = run("play", "--load", str(path), "--seats", "human,random,greedy", "--save", "fork.json", input="q\n")
    assert forked.exit_code == 0, forked.output
    assert "seed" not in forked.output.lower()
    assert read_save(tmp_path / "fork.json")[1] == ["human", "random", "greedy"]
    for seat in ("2", "3"):  # the bots' seats, counted from 1
        replayed = run("replay", "fork.json", "--as", seat)
        assert replayed.exit_code == 2 and "replays only as a person at its table saw it" in replayed.stderr
    mine = run("replay", "fork.json")
    assert mine.exit_code == 0 and "Shown as seat 1 saw it" in mine.output and "seed" not in mine.output.lower()
    assert read_save(path)[0].to_json() == state.to_json()  # mine.json resumes where it was


def test_a_save_of_version_1_loads_with_the_seats_its_header_gives(tmp_path: Path):
    """Version 1 sealed the state alone (its seats in the open): it still loads, as it always did."""
    state = played("schatz", ["greedy", "greedy"], seed=3, actions=6)
    data = json.loads(write_save(tmp_path / "new.json", state, ["human", "greedy"]).read_text())
    data.update(version=1, sealed=seal(state.to_json()))
    loaded, seats = read_save(_save(tmp_path, data))
    assert seats == ["human", "greedy"] and loaded.to_json() == state.to_json()


def test_a_save_of_version_2_marked_version_1_is_refused(tmp_path: Path):
    state = played("schatz", ["greedy", "greedy"], seed=3, actions=6)
    data = json.loads(write_save(tmp_path / "new.json", state, ["human", "greedy"]).read_text())
    with pytest.raises(SaveFileError, match="damaged"):
        read_save(_save(tmp_path, {**data, "version": 1}))


def test_a_copy_for_one_seat_is_no_save_the_commands_read(tmp_path: Path):
    state = played("schatz", ["greedy", "greedy"], seed=3, actions=6)
    path = tmp_path / "copy.json"
    path.write_text(state.copy(perspective=0).to_json())
    with pytest.raises(SaveFileError, match="perspective copy, which has no seed: it cannot be replayed or resumed"):
        read_save(path)
