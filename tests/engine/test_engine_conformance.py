"""Every registered game keeps the public API's contract, for every player count it takes."""

from __future__ import annotations

import pytest

import phoenixgames as pg
from phoenixgames.engine.conformance import ContractBroken, check_game

CASES = [(game, players) for game in pg.games() for players in pg.get_spec(game).player_counts]


@pytest.mark.parametrize(("game", "players"), CASES)
def test_a_random_game_keeps_the_api_contract(game: str, players: int):
    report = check_game(game, players, seed=players * 101, every=7)
    assert report.actions > 0 and report.perspective_checks > 0 and report.refusals_checked > 0


def test_the_check_notices_a_notation_that_does_not_read_back(monkeypatch: pytest.MonkeyPatch):
    from phoenixgames.games.schatz.actions import PlayCard

    monkeypatch.setattr(PlayCard, "__str__", lambda self: f"play {self.card} nest1")  # drops the nest
    with pytest.raises(ContractBroken, match="does not read back"):
        check_game("schatz", 2, seed=1)


def test_the_check_notices_a_copy_that_shares_state_with_its_original(monkeypatch: pytest.MonkeyPatch):
    state_class = pg.get_spec("schatz").state_class
    original = state_class._copy_into

    def shallow(self, other):
        original(self, other)
        other.hands = self.hands  # shares the hands: an action on the copy changes the original

    monkeypatch.setattr(state_class, "_copy_into", shallow)
    with pytest.raises(ContractBroken, match="changed the original"):
        check_game("schatz", 2, seed=1)
