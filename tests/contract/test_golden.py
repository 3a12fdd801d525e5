"""Golden games: recorded random games whose every view, offer and result must stay as written.

Each file in ``golden/`` is text a person can read (``tests/support/golden.py`` says what it holds).
A failure names the first line that differs and the action it belongs to. If the change is meant,
write the files again with ``python tests/contract/make_golden.py`` and read the diff.
"""

import pytest

import phoenixgames as pg
from tests.support.golden import changes, check, first_difference

from .make_golden import GAMES, GOLDEN


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_golden_game_replays_line_by_line(name):
    check(GOLDEN, name, GAMES[name])


def test_every_game_has_golden_games_at_two_player_counts_at_least():
    for game in pg.games():
        counts = {players for g, players, *_ in GAMES.values() if g == game}
        assert len(counts) >= 2, game


def test_the_golden_folder_holds_only_the_golden_games():
    assert sorted(p.stem for p in GOLDEN.glob("*.txt")) == sorted(GAMES)


def test_a_difference_is_named_by_its_line_and_its_action():
    written = ["# header", "== set-up: seat 0's view", "{}", "== action 1: seat 0 plays pass", "  round: 2"]
    now = [*written[:4], "  round: 3"]
    message = first_difference(written, now)
    assert message is not None
    assert "line 5 differs, in action 1: seat 0 plays pass" in message
    assert "round: 2" in message and "round: 3" in message
    assert first_difference(written, written) is None
    assert "(the end of the file)" in (first_difference(written, written[:-1]) or "")


def test_changes_are_written_as_paths_and_new_values():
    old = {"hands": [["R3"], ["B4"]], "round": 1, "gone": 1, "seats": [{"vp": 1}, {"vp": 2}]}
    new = {"hands": [["R3", "G5"], ["B4"]], "round": 1, "seats": [{"vp": 1}, {"vp": 3}], "new": None}
    assert list(changes(old, new)) == ["gone: (removed)", 'hands[0]: ["R3","G5"]', "new: null", "seats[1].vp: 3"]
