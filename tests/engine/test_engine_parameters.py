"""Parameters in the engine, apart from any game: checking values, the changed values kept, rules shared."""

import pytest

from phoenixgames import GameSetupError
from phoenixgames.engine.parameters import Parameter, resolve_params, rules_for

DECLARED = (
    Parameter("vp_goal", 50, "victory points that end the game", 20, 80),
    Parameter("hand_limit", 7, "cards a hand may hold", 3, 12, source="assumed"),
    Parameter("bribes", True, "whether a bribe may be paid"),
)


def test_a_value_in_range_is_kept_and_text_is_read_as_the_parameter_takes_it():
    assert resolve_params(DECLARED, {"vp_goal": "28", "bribes": "false"}, "g") == {"bribes": False, "vp_goal": 28}


def test_the_printed_value_is_not_kept_as_a_change():
    assert resolve_params(DECLARED, {"vp_goal": 50, "bribes": True}, "g") == {}
    assert resolve_params(DECLARED, None, "g") == {}


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ({"vp_goal": 19}, "parameter 'vp_goal' takes a whole number from 20 to 80, not 19"),
        ({"vp_goal": 81}, "parameter 'vp_goal' takes a whole number from 20 to 80, not 81"),
        ({"vp_goal": 2.5}, "parameter 'vp_goal' takes a whole number from 20 to 80, not 2.5"),
        ({"vp_goal": True}, "parameter 'vp_goal' takes a whole number from 20 to 80, not True"),
        ({"bribes": 1}, "parameter 'bribes' takes true or false, not 1"),
        ({"colour": 1}, "g has no parameter 'colour'"),
    ],
)
def test_a_bad_value_names_the_parameter_and_its_range(given, message):
    with pytest.raises(GameSetupError) as refused:
        resolve_params(DECLARED, given, "g")
    assert message in str(refused.value)


def test_parameters_must_be_a_dict():
    with pytest.raises(GameSetupError, match="must be a dict"):
        resolve_params(DECLARED, [("vp_goal", 28)], "g")


def test_rules_read_every_value_and_are_shared_and_immutable():
    rules = rules_for(DECLARED, {"vp_goal": 28})
    assert (rules.vp_goal, rules.hand_limit, rules.bribes) == (28, 7, True)
    assert rules.changed == {"vp_goal": 28}
    assert rules_for(DECLARED, {"vp_goal": 28}) is rules
    assert rules_for(DECLARED, {}) != rules
    with pytest.raises(AttributeError):
        rules.vp_goal = 30
    with pytest.raises(AttributeError, match="no parameter 'nothing'"):
        _ = rules.nothing


def test_a_declared_default_outside_its_range_is_a_mistake_of_the_game():
    with pytest.raises(GameSetupError, match="printed value must lie in its range"):
        Parameter("x", 5, "x", 6, 9)
    with pytest.raises(GameSetupError, match="source"):
        Parameter("x", 5, "x", 1, 9, source="guess")


def test_what_a_game_derives_from_its_rules_is_worked_out_once_and_kept_with_them():
    built: list[int] = []

    def cost_table(rules):
        built.append(rules.vp_goal)
        return tuple(range(rules.vp_goal))

    rules = rules_for(DECLARED, {"vp_goal": 30})
    first = rules.derived(cost_table)
    assert rules.derived(cost_table) is first and built == [30]
    other = rules_for(DECLARED, {"vp_goal": 31})
    assert len(other.derived(cost_table)) == 31 and built == [30, 31]
    assert rules == rules_for(DECLARED, {"vp_goal": 30})  # what is kept is no part of the values
