"""The four games as OpenSpiel games (phoenixgames.rl.openspiel): registered, checked by OpenSpiel's own
random simulations, leaking nothing, seeded, and searched by OpenSpiel's Python ISMCTS."""

from __future__ import annotations

import base64
import json
import os
import pickle
import random
from typing import TYPE_CHECKING

import numpy as np
import pytest

if TYPE_CHECKING:
    import pyspiel
else:
    pyspiel = pytest.importorskip("pyspiel")

import phoenixgames as pg  # noqa: E402
from phoenixgames.rl import openspiel as ops  # noqa: E402
from phoenixgames.rl.openspiel_observer import view_text  # noqa: E402

GAMES = pg.games()
EVERY_COUNT = [(game, players) for game in GAMES for players in pg.get_spec(game).player_counts]


def load(game: str, **params: object) -> pyspiel.Game:
    text = ",".join(f"{key}={value}" for key, value in params.items())
    return pyspiel.load_game(f"python_phoenixgames_{game}({text})")


def played(game: pyspiel.Game, actions: int, seed: int = 0) -> pyspiel.State:
    """A new state of ``game`` after up to ``actions`` random actions."""
    state = game.new_initial_state()
    rng = random.Random(seed)
    for _ in range(actions):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def near_the_end(game: str, left: int, seed: int) -> pyspiel.State:
    """A state ``left`` actions before the end of a random two-player game of ``game`` dealt from ``seed``."""
    actions = played(load(game, players=2, seed=seed), 10**6, seed).history()
    state = load(game, players=2, seed=seed).new_initial_state()  # the same deal
    for action in actions[: max(0, len(actions) - left)]:
        state.apply_action(action)
    return state


# ---------------------------------------------------------------------------------------------- the games
@pytest.mark.parametrize("game", GAMES)
def test_each_game_loads_by_its_name_with_its_player_count_and_options(game):
    spec = pg.get_spec(game)
    options = {option.name: option.default for option in spec.options}
    if game == "phoenicia":
        options["round_cap"] = 30
    players = spec.max_players
    loaded = load(game, players=players, **options)
    info = pg.game_info(game, players, **options)
    assert loaded.num_players() == players
    assert loaded.num_distinct_actions() == len(pg.action_table(game, players, **options))
    assert loaded.max_game_length() == info.max_decisions
    assert loaded.observation_tensor_size() == pg.observation_layout(game, players, **options).size
    assert loaded.information_state_tensor_size() == loaded.observation_tensor_size()
    assert loaded.max_chance_outcomes() == 0
    assert (loaded.min_utility(), loaded.max_utility(), loaded.utility_sum()) == (0.0, 1.0, 1.0)


def test_the_doc_example_loads_schatz_for_three():
    game = pyspiel.load_game("python_phoenixgames_schatz(players=3)")
    assert game.num_players() == 3
    assert game.new_initial_state().current_player() in (0, 1, 2)


@pytest.mark.parametrize("game", GAMES)
def test_the_game_type_is_sequential_imperfect_sampled_constant_sum_with_terminal_rewards(game):
    kind = load(game).get_type()
    assert kind.short_name == f"python_phoenixgames_{game}"
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.CONSTANT_SUM
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert (kind.min_num_players, kind.max_num_players) == (
        pg.get_spec(game).min_players,
        pg.get_spec(game).max_players,
    )
    assert kind.provides_information_state_string and kind.provides_information_state_tensor
    assert kind.provides_observation_string and kind.provides_observation_tensor
    expected = {"players", "seed", "chance", *(option.name for option in pg.get_spec(game).options)}
    assert set(kind.parameter_specification) == expected


def test_phoenicia_is_capped_at_fifty_rounds_so_that_its_length_has_a_bound():
    game = load("phoenicia", players=3)
    assert game.get_parameters()["round_cap"] == ops.PHOENICIA_ROUND_CAP == 50
    assert game.max_game_length() == pg.game_info("phoenicia", 3, round_cap=50).max_decisions


# ------------------------------------------------------------------------------ OpenSpiel's own checks
# A random game of the Syndicate runs to a thousand actions and more, of Phoenicia at five players to
# about 500, each checked several ways: one simulation each, two of the shorter games. (The
# test's specific_initial_state would not help: it replays the history on a new initial state, which
# in a game with sampled chance is another deal.)
SIMULATIONS = {"schatz": 2, "phoenix": 2, "phoenicia": 1, "syndicate": 1}


@pytest.mark.parametrize(("game", "players"), EVERY_COUNT)
def test_openspiels_random_simulation_test_passes(game, players):
    loaded = load(game, players=players, seed=players)
    pyspiel.random_sim_test(loaded, num_sims=SIMULATIONS[game], serialize=False, verbose=False)


def test_openspiel_cannot_serialise_a_python_game_with_sampled_chance_together_with_its_game():
    # serialize_game_and_state (and random_sim_test's serialize=True) saves a sampled game's random
    # generator through Game.GetRNGState, which OpenSpiel gives Python games no way to provide. If this
    # starts to pass, OpenSpiel has added it: run random_sim_test with serialize=True instead.
    game = load("schatz", seed=1)
    with pytest.raises(pyspiel.SpielError, match="GetRNGState"):
        pyspiel.serialize_game_and_state(game, game.new_initial_state())


# ------------------------------------------------------------------------------ explicit chance
@pytest.mark.parametrize(("game", "players"), EVERY_COUNT)
def test_with_explicit_chance_openspiels_random_simulation_test_passes_serialising_game_and_state(game, players):
    loaded = load(game, players=players, chance="explicit")
    pyspiel.random_sim_test(loaded, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("game", GAMES)
def test_with_explicit_chance_a_game_starts_with_chance_drawing_the_seed_byte_by_byte(game):
    loaded = load(game, players=2, chance="explicit")
    assert loaded.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert loaded.max_chance_outcomes() == ops.SEED_BYTE_OUTCOMES == 256
    state = loaded.new_initial_state()
    drawn = [7, 0, 201, 3]
    for number, byte in enumerate(drawn):
        assert state.is_chance_node() and not state.is_terminal()
        outcomes = state.chance_outcomes()
        assert [action for action, _ in outcomes] == list(range(256)) == state.legal_actions()
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
        assert {p for _, p in outcomes} == {1 / 256}
        assert state.returns() == [0.0, 0.0]
        # nothing is dealt yet: every seat sees the same nothing, whatever was drawn
        assert {state.observation_string(seat) for seat in (0, 1)} == {ops.NOT_DEALT}
        assert {state.information_state_string(seat) for seat in (0, 1)} == {ops.NOT_DEALT}
        assert state.observation_tensor(1) == [0.0] * loaded.observation_tensor_size()
        assert f"{number} of 4 bytes drawn" in str(state)
        state.apply_action(byte)
    seed = 7 + (201 << 16) + (3 << 24)
    dealt = pg.new_game(game, 2, seed=seed, round_cap=50) if game == "phoenicia" else pg.new_game(game, 2, seed=seed)
    assert state.pg_state.seed == seed
    assert state.current_player() == dealt.current_player
    assert state.observation_string(0) == view_text(dealt.view(0))
    assert state.history()[:4] == drawn


@pytest.mark.parametrize("game", GAMES)
def test_with_explicit_chance_no_seat_is_shown_the_seed_that_chance_drew(game):
    loaded = load(game, players=3, chance="explicit")
    state = loaded.new_initial_state()
    for byte in (1, 2, 3, 4):
        state.apply_action(byte)
    seed = str(state.pg_state.seed)
    assert seed == str(1 + (2 << 8) + (3 << 16) + (4 << 24))
    rng = random.Random(1)
    for _ in range(20):
        for seat in range(3):
            assert seed not in state.information_state_string(seat)
            assert seed not in state.observation_string(seat)
        state.apply_action(rng.choice(state.legal_actions()))


def test_with_explicit_chance_a_state_round_trips_through_openspiels_serialisation_and_pickle():
    game = load("phoenix", players=3, chance="explicit")
    rng = random.Random(5)
    state = game.new_initial_state()
    for _ in range(2):
        state.apply_action(rng.randrange(256))
    half = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1]
    assert str(half) == str(state) and half.is_chance_node()
    for _ in range(30):
        state.apply_action(rng.choice(state.legal_actions()))
    for again in (
        pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1],
        pickle.loads(pickle.dumps(state)),
    ):
        assert str(again) == str(state)
        assert again.history() == state.history()
        assert again.information_state_string(1) == state.information_state_string(1)
        action = state.legal_actions()[0]
        again.apply_action(action)
        assert str(again) == str(state.child(action))


def test_with_explicit_chance_openspiels_ismcts_bot_plays_a_whole_game_in_evaluate_bots():
    from open_spiel.python.algorithms import evaluate_bots
    from open_spiel.python.bots import uniform_random

    game = load("schatz", players=2, chance="explicit")

    def bots() -> list:
        rival = uniform_random.UniformRandomBot(1, np.random.RandomState(2))
        return [ops.ismcts_bot(game, iterations=3, seed=1), rival]

    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots(), np.random.RandomState(3))
    assert sum(returns) == pytest.approx(1.0)
    again = evaluate_bots.evaluate_bots(game.new_initial_state(), bots(), np.random.RandomState(3))
    assert again == returns  # the same chance draws, the same game


def test_with_explicit_chance_a_bad_byte_is_refused_and_changes_nothing():
    state = load("schatz", chance="explicit").new_initial_state()
    state.apply_action(9)
    with pytest.raises(pg.IllegalAction, match="0 to 255"):
        state.apply_action(256)
    assert "1 of 4 bytes drawn: [9]" in str(state)
    with pytest.raises(pg.PhoenixGamesError, match="not dealt yet"):
        state.resample_from_infostate(0, random.Random(1).random)


@pytest.mark.parametrize(("game", "players"), EVERY_COUNT)
def test_a_serialised_state_deserialises_to_the_same_state_which_plays_on_the_same(game, players):
    loaded = load(game, players=players, seed=11)
    state = loaded.new_initial_state()
    rng = random.Random(players)
    moves = 0
    while not state.is_terminal() and moves < 40:
        if moves < 10 or moves & (moves - 1) == 0:  # where random_sim_test checks it
            text = state.serialize()
            again = loaded.deserialize_state(text)
            assert str(again) == str(state)
            assert again.history() == state.history()
            assert again.information_state_string() == state.information_state_string()
            assert again.legal_actions() == state.legal_actions()
            action = rng.choice(state.legal_actions())
            again.apply_action(action)
            twin = state.clone()
            twin.apply_action(action)
            assert str(again) == str(twin)
        state.apply_action(rng.choice(state.legal_actions()))
        moves += 1


def test_a_game_and_a_state_pickle_as_the_games_parameters_and_the_states_record():
    game = load("phoenix", players=3, seed=5)
    state = played(game, 9)
    game_again, state_again = pickle.loads(pickle.dumps((game, state)))
    assert str(game_again) == str(game)
    assert str(state_again) == str(state)
    assert state_again.history() == state.history()
    assert state_again.information_state_string(1) == state.information_state_string(1)


def test_a_state_serialises_as_its_record_which_replays_it():
    state = played(load("schatz", players=3, seed=5), 12)
    text = state.serialize()
    saved = pickle.loads(pickle.dumps(state.position))
    assert saved.state.record == state.pg_state.record == pg.replay(state.pg_state.record).record
    data = json.loads(text)  # data only: no pickle in it
    assert data["position"] == {"record": state.pg_state.record}
    assert data["history"] == [[step.player, step.action] for step in state.full_history()]
    again = state.get_game().deserialize_state(text)
    assert again.serialize() == text
    assert [(step.player, step.action) for step in again.full_history()] == [
        (step.player, step.action) for step in state.full_history()
    ]


class _Planted:
    """What a crafted pickle would run on unpickling: here, making a folder."""

    def __init__(self, folder: str) -> None:
        self.folder = folder

    def __reduce__(self) -> tuple:
        return (os.mkdir, (self.folder,))


def test_deserialising_runs_nothing_from_the_text_a_crafted_pickle_is_refused_as_data(tmp_path):
    game = load("schatz", players=3, seed=5)
    state = played(game, 3)
    target = tmp_path / "planted"
    payload = base64.b64encode(pickle.dumps({"position": _Planted(str(target))})).decode()
    history = ",".join(f"{step.player}:{step.action}" for step in state.full_history())
    # OpenSpiel's own text for a Python state, which its default deserialisation would unpickle.
    crafted = f"history={history}\nmove_number={len(state.history())}\n__dict__={payload}"
    with pytest.raises(pg.InvalidGameFile, match="JSON"):
        game.deserialize_state(crafted)
    as_data = json.dumps({"history": [], "drawn": [], "position": {"record": payload}})
    with pytest.raises(pg.PhoenixGamesError):
        game.deserialize_state(as_data)
    assert not target.exists()


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("[]", "JSON object"),
        ('{"history": [], "drawn": []}', "JSON object"),
        ('{"history": [[0, "x"]], "drawn": [], "position": null}', "pairs"),
        ('{"history": [], "drawn": [300], "position": null}', "0 to 255"),
        ('{"history": [[0, 1]], "drawn": [], "position": null}', "not dealt"),
    ],
)
def test_a_damaged_serialised_state_is_refused_clearly(text, words):
    with pytest.raises(pg.InvalidGameFile, match=words):
        load("schatz", players=3, seed=5).deserialize_state(text)


@pytest.mark.parametrize(
    ("source", "words"),
    [(("phoenix", 4), "phoenix for 4 players"), (("schatz", 4), "schatz for 4 players")],
)
def test_a_serialised_state_of_another_game_or_player_count_is_refused(source, words):
    text = played(load(source[0], players=source[1], seed=2), 4).serialize()
    with pytest.raises(pg.InvalidGameFile, match=words):
        load("schatz", players=3, seed=5).deserialize_state(text)


def test_a_serialised_state_with_a_history_that_does_not_fit_its_record_is_refused():
    state = played(load("schatz", players=3, seed=5), 4)
    data = json.loads(state.serialize())
    data["history"] = data["history"][:2]
    with pytest.raises(pg.InvalidGameFile, match="history has 2 actions"):
        state.get_game().deserialize_state(json.dumps(data))


# ------------------------------------------------------------------------------ actions and returns
@pytest.mark.parametrize("game", GAMES)
def test_legal_actions_are_the_marked_indices_of_the_action_table_and_read_as_their_notation(game):
    state = played(load(game, players=2, seed=3), 25)
    truth = state.pg_state
    mask = truth.action_mask()
    assert state.legal_actions() == [i for i, on in enumerate(mask) if on]
    table = pg.action_table(game, 2, **truth.options)
    for action in state.legal_actions():
        assert state.action_to_string(action) == str(table[action])


def test_an_action_outside_the_table_or_not_legal_now_is_refused_and_changes_nothing():
    state = played(load("schatz", seed=2), 5)
    before = str(state)
    with pytest.raises(pg.IllegalAction, match="outside the action table"):
        state.apply_action(10_000)
    illegal = next(i for i in range(state.num_distinct_actions()) if i not in state.legal_actions())
    with pytest.raises(pg.IllegalAction):
        state.apply_action(illegal)
    assert str(state) == before


@pytest.mark.parametrize("game", GAMES)
def test_returns_are_the_share_of_the_victory_zero_before_the_end(game):
    state = near_the_end(game, 1, seed=4)
    assert state.returns() == [0.0, 0.0]
    state.apply_action(state.legal_actions()[0])
    assert state.is_terminal()
    assert state.returns() == state.pg_state.returns()
    assert sum(state.returns()) == pytest.approx(1.0)
    assert state.current_player() == pyspiel.PlayerId.TERMINAL


# ------------------------------------------------------------------------------ what a seat sees
def _seen(state: pyspiel.State, seat: int) -> tuple[str, str, list[float], list[float]]:
    return (
        state.observation_string(seat),
        state.information_state_string(seat),
        state.observation_tensor(seat),
        state.information_state_tensor(seat),
    )


@pytest.mark.parametrize("game", GAMES)
def test_nothing_a_seat_is_shown_depends_on_what_it_cannot_see(game):
    loaded = load(game, players=3, seed=8)
    state = loaded.new_initial_state()
    rng = random.Random(8)
    for step in range(30):
        if state.is_terminal():
            break
        for seat in range(3):
            world = state.resample_from_infostate(seat, rng.random)
            assert world.pg_state.view(seat) == state.pg_state.view(seat)
            assert _seen(world, seat) == _seen(state, seat), f"seat {seat} after {step} actions"
            # played on, a world tells what the seat saw next after what it saw before; re-dealt
            # again, for the same seat, it shows that seat the same
            before = world.information_state_string(seat).split("\n--\n")[0]
            for _ in range(3):
                if not world.is_terminal():
                    world.apply_action(rng.choice(world.legal_actions()))
            after = world.information_state_string(seat).split("\n--\n")[0]
            assert after.startswith(before)
            assert _seen(world.resample_from_infostate(seat, rng.random), seat) == _seen(world, seat)
        state.apply_action(rng.choice(state.legal_actions()))


def test_a_seat_is_shown_its_view_and_the_events_it_saw():
    state = played(load("schatz", players=2, seed=6), 6)
    truth = state.pg_state
    for seat in (0, 1):
        assert state.observation_string(seat) == view_text(truth.view(seat))
        events = [event["text"] for event in truth.events(seat)]
        assert state.information_state_string(seat) == "\n".join(events) + "\n--\n" + view_text(truth.view(seat))
        assert state.observation_tensor(seat) == pytest.approx(list(truth.observation(seat)))
    assert state.observation_string() == state.observation_string(state.current_player())


def test_openspiels_own_observers_give_the_same_strings_and_tensors_as_the_state():
    game = load("phoenix", players=2, seed=9)
    state = played(game, 7)
    for seat in (0, 1):
        # the bindings' own methods go through the game's observers, as C++ code does
        assert pyspiel.State.observation_string(state, seat) == state.observation_string(seat)
        assert pyspiel.State.information_state_string(state, seat) == state.information_state_string(seat)
        assert pyspiel.State.observation_tensor(state, seat) == pytest.approx(state.observation_tensor(seat))
        assert pyspiel.State.information_state_tensor(state, seat) == pytest.approx(
            state.information_state_tensor(seat)
        )


def test_a_spectators_observer_shows_the_public_view_and_no_tensor():
    from open_spiel.python.observation import make_observation

    game = load("schatz", players=2, seed=3)
    state = played(game, 5)
    public = make_observation(
        game, pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE)
    )
    assert public.tensor is None
    assert public.string_from(state, 0) == view_text(state.pg_state.view(pg.PUBLIC))


# ------------------------------------------------------------------------------ seeds
def test_the_same_seed_deals_the_same_games_in_the_same_order_as_a_seeded_reset_and_resets():
    first, second = load("schatz", players=3, seed=7), load("schatz", players=3, seed=7)
    a = [first.new_initial_state() for _ in range(3)]
    b = [second.new_initial_state() for _ in range(3)]
    b[0].observation_tensor(0)  # measuring and copying do not move the sequence on
    b[0].clone()
    pyspiel.State.observation_tensor(b[1], 0)
    draws = np.random.default_rng(7)  # how PettingZoo's and Gymnasium's reset() draw the next seeds
    expected = [7] + [int(draws.integers(2**63, dtype=np.uint64)) for _ in range(2)]
    assert [s.pg_state.seed for s in a] == expected == [s.pg_state.seed for s in b]
    assert str(a[2]) == str(b[2])
    assert a[0].pg_state.to_json() == pg.new_game("schatz", players=3, seed=7).to_json()


def test_without_a_seed_every_game_is_dealt_from_a_fresh_one():
    game = load("phoenix")
    seeds = {game.new_initial_state().pg_state.seed for _ in range(4)}
    assert len(seeds) == 4 and None not in seeds


def test_a_copy_of_a_state_not_yet_used_is_the_same_game():
    game = load("schatz", seed=21)
    state = game.new_initial_state()
    twin = state.clone()
    assert twin.pg_state.seed == state.pg_state.seed == 21
    assert game.new_initial_state().pg_state.seed == int(np.random.default_rng(21).integers(2**63, dtype=np.uint64))


# ------------------------------------------------------------------------------ OpenSpiel's search
@pytest.mark.parametrize("game", GAMES)
def test_openspiels_ismcts_bot_plays_a_game_against_a_random_bot_in_evaluate_bots(game):
    from open_spiel.python.algorithms import evaluate_bots
    from open_spiel.python.bots import uniform_random

    loaded = load(game, players=2, seed=12)
    # the bot's random rollouts play to the end: the longer games are met near their end
    left = {"phoenicia": 40, "syndicate": 25}.get(game)
    state = loaded.new_initial_state() if left is None else near_the_end(game, left, seed=12)
    bots = [ops.ismcts_bot(loaded, iterations=3, seed=1), uniform_random.UniformRandomBot(1, np.random.RandomState(2))]
    returns = evaluate_bots.evaluate_bots(state, bots, np.random.RandomState(3))
    assert state.is_terminal()
    assert sum(returns) == pytest.approx(1.0)


def test_the_resampler_redeals_the_hidden_part_and_keeps_the_seats_information_state():
    game = load("schatz", players=3, seed=13)
    state = played(game, 8)
    seat = state.current_player()
    resample = ops.resampler(np.random.RandomState(0))
    worlds = [resample(state, seat) for _ in range(6)]
    hidden = {str(world.pg_state.view(None)) for world in worlds}
    assert len(hidden) > 1
    assert {world.information_state_string(seat) for world in worlds} == {state.information_state_string(seat)}
    assert all(world.history() == state.history() for world in worlds)
    resample_again = ops.resampler(np.random.RandomState(0))
    again = [resample_again(state, seat) for _ in range(6)]
    assert [str(w) for w in again] == [str(w) for w in worlds]


def test_a_redealt_world_serialises_and_deserialises_with_what_the_seat_saw():
    game = load("schatz", players=2, seed=14)
    state = played(game, 9)
    world = state.resample_from_infostate(0, random.Random(1).random)
    world.apply_action(world.legal_actions()[0])
    again = game.deserialize_state(world.serialize())
    assert str(again) == str(world)
    assert again.information_state_string(0) == world.information_state_string(0)


# ------------------------------------------------------------------------------ bad parameters
@pytest.mark.parametrize(
    ("text", "error", "words"),
    [
        ("python_phoenixgames_schatz(players=9)", pg.GameSetupError, "2 to 6 players"),
        ("python_phoenixgames_schatz(wild_colour=purple)", pg.GameSetupError, "wild_colour"),
        ("python_phoenixgames_phoenicia(round_cap=0)", pg.GameSetupError, "round_cap"),
        ("python_phoenixgames_phoenix(seed=-5)", pg.GameSetupError, "seed"),
        ("python_phoenixgames_schatz(colour=red)", pyspiel.SpielError, "Unknown parameter 'colour'"),
        ("python_phoenixgames_schatz(chance=dice)", pg.GameSetupError, "chance is sampled or explicit, not 'dice'"),
        ("python_phoenixgames_schatz(chance=explicit,seed=3)", pg.GameSetupError, "leave seed at -1"),
    ],
)
def test_a_bad_parameter_is_refused_with_a_clear_message(text, error, words):
    with pytest.raises(error, match=words):
        pyspiel.load_game(text)
