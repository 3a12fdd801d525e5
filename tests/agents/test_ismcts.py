"""The ISMCTS agent, on every registered game: legal, reproducible, and blind to hidden information."""

from __future__ import annotations

import json
import random

import pytest

import phoenixgames as pg
from phoenixgames.agents import make_agent
from phoenixgames.agents.ismcts import ISMCTSAgent

GAMES = pg.games()


def positions(game: str, players: int, seed: int, count: int) -> list[pg.GameState]:
    """``count`` positions of a game played at random, each with a choice of more than one action."""
    rng = random.Random(seed)
    state = pg.new_game(game, players=players, seed=seed)
    found: list[pg.GameState] = []
    while not state.is_over and len(found) < count:
        if len(state.legal_actions()) > 1 and rng.random() < 0.3:
            found.append(state.copy())
        state.apply(rng.choice(state.legal_actions()))
    return found


def smallest(game: str) -> int:
    return pg.get_spec(game).min_players


@pytest.mark.parametrize("game", GAMES)
def test_ismcts_chooses_a_legal_action(game):
    for state in positions(game, smallest(game), seed=1, count=3):
        seat = state.current_player
        action = make_agent("ismcts:iterations=60", seed=2).choose(state.copy(perspective=seat))
        assert action in state.legal_actions()


@pytest.mark.parametrize("game", GAMES)
def test_same_seed_and_iteration_budget_give_the_same_moves(game):
    for state in positions(game, 4 if 4 in pg.get_spec(game).player_counts else smallest(game), seed=2, count=3):
        seat = state.current_player
        view = state.copy(perspective=seat, seed=0)
        first = make_agent("ismcts:iterations=80", seed=9).choose(view.copy())
        again = make_agent("ismcts:iterations=80", seed=9).choose(view.copy())
        assert first == again


def with_hidden_information_of(state: pg.GameState, other: pg.GameState) -> pg.GameState:
    """``state``, but with the cards (and so on) of ``other``: the same seed, generator and branch key."""
    data = json.loads(other.to_json())
    mine = json.loads(state.to_json())
    data["rng"], data["branch_key"] = mine["rng"], mine["branch_key"]
    return pg.load_game(json.dumps(data))


@pytest.mark.parametrize("game", GAMES)
def test_ismcts_choices_do_not_change_when_only_hidden_information_changes(game):
    """Another seat's hand and the deck's order are re-dealt in the true state; the seat's view, and
    the agent's moves, stay the same.

    The two true states share their seed, generator and branch key, so the agent's perspective copy
    takes the same branch of randomness in both; every game's re-deal draws from what the seat cannot
    see as a pool (not in the order the true state holds it), so the copies, and every
    determinisation the search makes from them, are the same."""
    changed = 0
    for state in positions(game, smallest(game), seed=3, count=4):
        seat = state.current_player
        base = state
        other = with_hidden_information_of(state, state.copy(perspective=seat, seed=200))
        assert base.view(seat) == other.view(seat)
        changed += base.to_json() != other.to_json()
        moves = [
            make_agent("ismcts:iterations=100", seed=5).choose(true_state.copy(perspective=seat, seed=0))
            for true_state in (base, other)
        ]
        assert moves[0] == moves[1]
    assert changed, "the test should change some hidden information"


def test_availability_counts_at_least_the_visits_of_every_child_below_the_root():
    state = positions("schatz", 4, seed=4, count=1)[0]
    seat = state.current_player
    agent = ISMCTSAgent(seed=1, iterations=300)
    root = agent.search(state.copy(perspective=seat), seat)
    assert agent.last_iterations == 300
    assert root.visits == 300
    assert sum(child.visits for child in root.children.values()) == 300
    stack = list(root.children.values())
    while stack:
        node = stack.pop()
        for child in node.children.values():
            assert child.available >= child.visits - 1  # counted on every later visit of its parent
            stack.append(child)


class FakeClock:
    """A clock that moves on by ``step`` seconds each time it is read: time is the rule, not the machine."""

    def __init__(self, step: float) -> None:
        self.now = 0.0
        self.step = step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def test_a_budget_in_seconds_stops_when_its_time_is_up():
    state = positions("schatz", 4, seed=5, count=1)[0]
    seat = state.current_player
    for seconds, step, iterations in ((0.05, 0.01, 5), (1.0, 0.01, 100), (0.001, 1.0, 1)):
        agent = ISMCTSAgent(seed=1, seconds=seconds)
        agent.clock = FakeClock(step)
        agent.choose(state.copy(perspective=seat))
        # read once for the deadline, then once after each iteration until it has passed (at least one runs)
        assert agent.last_iterations == iterations, (seconds, step)


def test_a_single_legal_action_is_taken_without_search():
    class OneChoice:
        perspective = 0

        def legal_actions(self):
            return ["the only move"]

    agent = ISMCTSAgent(seed=1, iterations=50)
    assert agent.choose(OneChoice()) == "the only move"
    assert agent.last_iterations == 0


@pytest.mark.parametrize("rollout", ["random", "greedy"])
@pytest.mark.parametrize("depth", [0, 3, None])
def test_every_rollout_and_depth_plays_a_whole_game(rollout, depth):
    state = pg.new_game("schatz", players=3, seed=6)
    agents = [ISMCTSAgent(seed=s, iterations=15, rollout=rollout, depth=depth) for s in range(3)]
    while not state.is_over:
        seat = state.current_player
        state.apply(agents[seat].choose(state.copy(perspective=seat)), player=seat)
    assert state.winners


def test_stopping_once_the_move_is_decided_gives_the_move_of_the_whole_budget():
    stopped_early = 0
    for state in positions("schatz", 2, seed=7, count=6):
        seat = state.current_player
        view = state.copy(perspective=seat, seed=0)
        agent = ISMCTSAgent(seed=3, iterations=400)
        agent.rng.seed(11)
        move = agent.choose(view.copy())
        stopped_early += agent.last_iterations < 400
        whole = ISMCTSAgent(seed=3, iterations=400)
        whole.rng.seed(11)
        root = whole.search(view.copy(), seat)
        assert whole.last_iterations == 400
        legal = view.legal_actions()
        best = max(
            (a for a in legal if a in root.children),
            key=lambda a: (root.children[a].visits, root.children[a].mean(), -legal.index(a)),
        )
        assert move == best
    assert stopped_early


@pytest.mark.parametrize("game", GAMES)
def test_ismcts_plays_whole_games_of_every_game(game):
    """A small budget keeps it quick: the point is that every decision of a whole game goes through."""
    from phoenixgames.sim import play_match

    players = smallest(game)
    agents = ["ismcts:iterations=8"] + ["greedy"] * (players - 1)
    match = play_match(game, agents, seed=11)
    replayed = pg.replay(match.record)
    assert replayed.is_over and replayed.scores == match.scores and match.length == len(replayed.history)
