"""Golden playthroughs: recorded games whose every view must stay as it was when they were written.

A failure means the game now deals, plays or shows something differently. If that change is meant,
write the files again with ``python tests/games/phoenicia/make_golden.py``.
"""

import pytest

from tests.support.golden import check_playthrough, check_record

from .make_golden import GAME, GAMES, GOLDEN


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_golden_playthrough_replays_with_the_same_views(name):
    check_playthrough(
        GAME,
        GOLDEN,
        name,
        GAMES[name],
        defaults={"preset_cards": False, "first_game_auctions": False, "round_cap": 0},
    )


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_golden_record_replays_to_the_same_result(name):
    check_record(GOLDEN, name)
