"""Starting games: the registry, argument checking and options."""

import dataclasses

import pytest

import phoenixgames as pg
from phoenixgames.engine import GameSpec, Option, register
from phoenixgames.engine import games as engine_games
from phoenixgames.engine.options import resolve_options


def test_games_lists_schatz():
    names = pg.games()
    assert "schatz" in names
    assert names == sorted(names)


def test_the_engine_lists_the_registered_games():
    names = engine_games()
    assert "schatz" in names
    assert names == sorted(names)


def test_get_spec_describes_a_game():
    spec = pg.get_spec("schatz")
    assert isinstance(spec, GameSpec)
    assert (spec.name, spec.min_players, spec.max_players) == ("schatz", 2, 6)
    assert list(spec.player_counts) == [2, 3, 4, 5, 6]
    assert [o.name for o in spec.options] == ["wild_colour"]


def test_an_unknown_game_is_refused_naming_the_known_ones():
    with pytest.raises(pg.GameSetupError, match=r"there is no game called 'chess' \(games: .*schatz"):
        pg.new_game("chess", players=2, seed=1)
    with pytest.raises(pg.GameSetupError, match="no game called"):
        pg.get_spec("Schatz ")


@pytest.mark.parametrize("game", [None, 3, "", "schatz des phoenix"])
def test_a_game_name_that_names_no_game_is_refused(game):
    with pytest.raises(pg.GameSetupError, match="there is no game called"):
        pg.new_game(game, players=3, seed=1)


def test_a_game_name_that_is_a_list_is_refused():
    with pytest.raises(pg.GameSetupError, match="there is no game called"):
        pg.new_game(["schatz"], players=3, seed=1)


@pytest.mark.parametrize("players", [1, 7, 0, -2, "4", 4.0, True, None])
def test_a_player_count_outside_the_game_is_refused(players):
    with pytest.raises(pg.GameSetupError, match=r"for 2 to 6 players, not"):
        pg.new_game("schatz", players=players, seed=1)


@pytest.mark.parametrize("seed", [-1, "7", 7.5, True, False])
def test_a_seed_must_be_a_whole_number_0_or_more(seed):
    with pytest.raises(pg.GameSetupError, match="the seed must be a whole number 0 or more"):
        pg.new_game("schatz", players=3, seed=seed)


@pytest.mark.parametrize("seed", [0, 1, 2**63 - 1, 2**80])
def test_any_whole_number_0_or_more_is_a_seed(seed):
    assert pg.new_game("schatz", players=2, seed=seed).record["seed"] == seed


def test_a_game_without_a_seed_gets_a_fresh_one():
    seeds = {pg.new_game("schatz", players=2).record["seed"] for _ in range(5)}
    assert len(seeds) == 5
    assert all(isinstance(s, int) and 0 <= s < 2**63 for s in seeds)


def test_an_unknown_option_is_refused_naming_the_options():
    with pytest.raises(pg.GameSetupError, match=r"schatz has no option 'wild' \(its options: wild_colour\)"):
        pg.new_game("schatz", players=3, seed=1, wild="any")


@pytest.mark.parametrize(
    ("value", "message"),
    [("all", r"must be one of 'any', 'none', not 'all'"), (3, "takes a word, not 3"), (None, "takes a word")],
)
def test_a_bad_option_value_is_refused(value, message):
    with pytest.raises(pg.GameSetupError, match=message):
        pg.new_game("schatz", players=3, seed=1, wild_colour=value)


def test_options_are_resolved_with_their_defaults():
    assert pg.new_game("schatz", players=3, seed=1).options == {"wild_colour": "any"}
    state = pg.new_game("schatz", players=3, seed=1, wild_colour="none")
    assert state.options == {"wild_colour": "none"}
    assert state.record["options"] == {"wild_colour": "none"}


def test_resolve_options_fills_defaults_and_checks_values():
    declared = (
        Option("rounds", 3, "how many rounds"),
        Option("fast", False, "a shorter game"),
        Option("colour", "red", "a colour", ("red", "blue")),
    )
    assert resolve_options(declared, {}, "test") == {"rounds": 3, "fast": False, "colour": "red"}
    given = {"rounds": "5", "fast": "yes", "colour": "blue"}
    assert resolve_options(declared, given, "test") == {"rounds": 5, "fast": True, "colour": "blue"}
    assert resolve_options(declared, {"fast": "0"}, "test")["fast"] is False
    with pytest.raises(pg.GameSetupError, match="option 'rounds' takes a whole number, not True"):
        resolve_options(declared, {"rounds": True}, "test")
    with pytest.raises(pg.GameSetupError, match="option 'fast' takes true or false, not 'maybe'"):
        resolve_options(declared, {"fast": "maybe"}, "test")
    with pytest.raises(pg.GameSetupError, match="test has no option 'speed'"):
        resolve_options(declared, {"speed": 1}, "test")
    with pytest.raises(pg.GameSetupError, match="its options: none"):
        resolve_options((), {"speed": 1}, "test")


def test_a_second_game_with_a_taken_name_is_refused():
    spec = pg.get_spec("schatz")
    assert register(spec) is spec  # registering the same game again changes nothing
    with pytest.raises(pg.GameSetupError, match="a game named 'schatz' is already registered"):
        register(dataclasses.replace(spec, title="Another game"))
    assert pg.get_spec("schatz") is spec and spec.state_class.spec is spec


def test_errors_share_a_base_and_are_value_errors():
    for error in (pg.IllegalAction, pg.GameSetupError, pg.InvalidGameFile, pg.NoSuchSeat):
        assert issubclass(error, pg.PhoenixGamesError) and issubclass(error, ValueError)


def test_the_public_surface():
    for name in ("new_game", "load_game", "replay", "games", "IllegalAction", "GameSetupError"):
        assert name in pg.__all__ and hasattr(pg, name)
    state = pg.new_game("schatz", players=4, seed=7)
    assert isinstance(state, pg.GameState)
    assert state.game == "schatz" and state.num_players == 4 and state.perspective is None
    action = state.legal_actions()[0]
    assert isinstance(action, pg.Action)
    assert state.parse(str(action)) == action
    assert state.apply(str(action)) == action
    assert repr(state) == "<Schatz des Phönix: 4 players, 1 actions, seat 0 to act>"
