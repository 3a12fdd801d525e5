"""The games' own refusals, spellings and hidden-information facts, from ``tables/``, run by one test each."""

import pytest

import phoenixgames as pg
from tests.support.playthrough import refused

from .tables import CASES, missing_games

REFUSALS = [pytest.param(case, id=f"{g}-{case.name}") for g in pg.games() for case in CASES[g].refusals]
SPELLINGS = [pytest.param(case, id=f"{g}-{case.name}") for g in pg.games() for case in CASES[g].spellings]
CHECKS = [pytest.param(check, id=f"{g}-{check.__name__}") for g in pg.games() for check in CASES[g].checks]


def test_every_registered_game_has_an_entry_in_the_tables():
    assert not missing_games()


@pytest.mark.parametrize("case", REFUSALS)
def test_a_refusal_of_the_games_rules_says_what_is_wrong_and_changes_nothing(case):
    state = case.build()
    for action, message, keywords in case.refusals:
        keywords = dict(keywords)
        error = keywords.pop("error", pg.IllegalAction)
        refused(state, action, message, error=error, **keywords)


@pytest.mark.parametrize("case", SPELLINGS)
def test_a_spelling_names_the_same_action(case):
    state = case.build()
    assert str(state.parse(case.text)) == case.canonical
    assert str(state.copy().apply(case.text)) == case.canonical


@pytest.mark.parametrize("check", CHECKS)
def test_a_games_own_check(check):
    check()
