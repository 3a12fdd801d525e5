"""Bad input that every game refuses the same way, the engine's part of the contract: seats that are
not seats, and things that are not actions."""

import re

import pytest

import phoenixgames as pg
from tests.support.playthrough import check_bad_seat_refused, refused


@pytest.mark.parametrize("game", pg.games())
@pytest.mark.parametrize("seat", [-1, 3, 99, "0", 1.0, True])
def test_a_bad_seat_in_view_or_copy_is_refused(game, seat):
    check_bad_seat_refused(pg.new_game(game, players=3, seed=8), seat)


@pytest.mark.parametrize("game", pg.games())
def test_something_that_is_not_an_action_is_refused(game):
    state = pg.new_game(game, players=3, seed=7)
    refused(state, 42, re.escape(f"42 is not an action of {pg.get_spec(game).title}"))
    refused(state, None, "None is not an action")
