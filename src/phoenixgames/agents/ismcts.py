"""Information-set Monte Carlo tree search (Cowling, Powley and Whitehouse, 2012), single observer.

The agent is handed ``state.copy(perspective=me)``. Every iteration of the search starts from a new
*determinisation*: ``state.copy(perspective=me, seed=...)``, in which all that ``me`` cannot see (other
hands, the order of a deck) is dealt afresh, consistently with what ``me`` knows. So the search never
sees hidden information; it averages over the worlds ``me`` cannot tell apart.

One tree serves every seat (the *single observer* variant). A node is reached by an action and keyed
by it, so the same action taken in different determinisations lands in the same node, and an action
that is legal in some determinisations only (a card another seat may or may not hold) is still
handled: each child counts how often it was *available* when its parent was visited, and the upper
confidence bound uses that count in place of the parent's visits (the paper's "availability counts").

Each iteration:

1. **Determinise**: a perspective copy of the root position.
2. **Select**: while every action legal in this determinisation has a child, step to the child with
   the best upper confidence bound ``mean + c * sqrt(ln(available) / visits)``, for the seat acting.
3. **Expand**: add one untried legal action as a new child.
4. **Roll out**: play on with random actions (``rollout=random``) or the game's greedy heuristic
   (``rollout=greedy``) until the game ends or ``depth`` actions have been played.
5. **Score and back up**: a finished game scores each seat its share of the victory (1, 1/k for a
   victory shared by k, else 0); a cut-off position scores each seat ``0.5 + 0.5 * tanh(lead / scale)``,
   where ``lead`` is the game's ``evaluate(state, seat)`` (points ahead of the strongest rival) and
   ``scale`` the mean size of the leads seen so far in this search. Each node adds the score of the
   seat that chose the action leading to it.

A game may name, among the legal actions, those a search should weigh (its spec's ``searched``): the
tree then grows only those. The Syndicate leaves out an exchange its heuristic would not make, which
the search, weighing its many outcomes, would otherwise overrate.

When the game has a heuristic and the rollouts use it, a node's first child is the heuristic's move;
``bias`` adds ``bias / (visits + 1)`` to that child's bound (progressive bias, Chaslot et al., 2008).

The move played is the root's most visited child (ties: the better mean, then the earlier action). An
iteration budget stops early once that child cannot be overtaken in the iterations left, which
changes nothing but the time taken. With an iteration budget and the same seed the agent makes the
same moves; a budget in seconds stops when the time is up, so how many iterations it runs, and so its
moves, depend on the machine's speed. A position with a single legal action is answered at once.

Defaults (``docs/strength.md``): 1,000 iterations, ``c=0.7``, greedy rollouts cut off after 12 actions.
On two-player Schatz these beat the greedy agent clearly, where random rollouts (to any depth) and
shorter greedy rollouts did not.
"""

from __future__ import annotations

import math
import time
from typing import Any

from ..engine import Action, GameState
from .base import Agent

ROLLOUTS = ("random", "greedy")

#: Defaults chosen for strength at modest cost (see docs/strength.md): a greedy rollout of a dozen
#: actions, then the game's own evaluation.
DEFAULT_ITERATIONS = 1000
DEFAULT_C = 0.7
DEFAULT_DEPTH = 12
DEFAULT_ROLLOUT = "greedy"
DEFAULT_BIAS = 0.0


class Node:
    """One node of the search tree: the action that leads to it, played by ``player``."""

    __slots__ = ("player", "children", "visits", "available", "reward", "preferred")

    def __init__(self, player: int | None) -> None:
        self.player = player  # the seat that chose the action leading here (None at the root)
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.available = 0
        self.reward = 0.0
        self.preferred: Action | None = None  # the heuristic's choice here, when a bias asks for it

    def mean(self) -> float:
        return self.reward / self.visits if self.visits else 0.0


class ISMCTSAgent(Agent):
    """Single-observer ISMCTS with availability counts and an optional depth cut-off.

    ``iterations``: the budget in iterations (the default when neither budget is given), or
    ``seconds``: the budget in seconds (if both are given, whichever runs out first).
    ``c``: the exploration constant. ``rollout``: ``random`` or ``greedy``. ``depth``: the most actions
    a rollout plays before the position is scored by the game's evaluation (``None``: play to the end).
    ``bias``: the weight of the progressive bias toward the heuristic's move (0: none).
    """

    name = "ismcts"

    def __init__(
        self,
        seed: int = 0,
        iterations: int | None = None,
        seconds: float | None = None,
        c: float = DEFAULT_C,
        rollout: str = DEFAULT_ROLLOUT,
        depth: int | None = DEFAULT_DEPTH,
        bias: float = DEFAULT_BIAS,
    ) -> None:
        super().__init__(seed)
        if iterations is None and seconds is None:
            iterations = DEFAULT_ITERATIONS
        if iterations is not None and iterations < 1:
            raise ValueError(f"iterations must be 1 or more, not {iterations}")
        if seconds is not None and seconds <= 0:
            raise ValueError(f"seconds must be more than 0, not {seconds}")
        if c < 0:
            raise ValueError(f"c must be 0 or more, not {c}")
        if rollout not in ROLLOUTS:
            raise ValueError(f"rollout must be one of {', '.join(ROLLOUTS)}, not {rollout!r}")
        if bias < 0:
            raise ValueError(f"bias must be 0 or more, not {bias}")
        if depth is not None and depth < 0:
            raise ValueError(f"depth must be 0 or more, not {depth}")
        self.iterations = iterations
        self.seconds = seconds
        self.c = c
        self.rollout = rollout
        self.depth = depth
        self.bias = bias
        #: Iterations run by the last call to :meth:`choose` (0 when only one action was legal).
        self.last_iterations = 0
        self.last_root: Node | None = None

    def settings(self) -> dict[str, Any]:
        return {
            "iterations": self.iterations,
            "seconds": self.seconds,
            "c": self.c,
            "rollout": self.rollout,
            "depth": self.depth,
            "bias": self.bias,
        }

    def choose(self, state: GameState) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        me = state.current_player if state.perspective is None else state.perspective
        root = self.search(state, me, decided_early=True)
        self.last_root = root
        best = None
        best_key: tuple[int, float, int] | None = None
        for order, action in enumerate(legal):
            child = root.children.get(action)
            if child is None:
                continue
            key = (child.visits, child.mean(), -order)
            if best_key is None or key > best_key:
                best, best_key = action, key
        return best if best is not None else legal[0]

    # ------------------------------------------------------------------ the search
    def search(self, state: GameState, me: int, decided_early: bool = False) -> Node:
        """Run the search from ``state`` for the observer ``me``; return the root of the tree.

        With ``decided_early``, an iteration budget stops as soon as the most visited action at the root
        can no longer be overtaken in the iterations left: the move is the one the whole budget would
        choose, found sooner.
        """
        rng = self.rng
        random = rng.random
        spec = state.spec
        evaluate = spec.evaluate
        greedy = spec.greedy if self.rollout == "greedy" else None
        bias = self.bias if spec.greedy is not None else 0.0
        guide = spec.greedy if (greedy is not None or bias) else None
        searched = spec.searched
        depth = self.depth if evaluate is not None else None
        c = self.c
        log = math.log
        sqrt = math.sqrt
        tanh = math.tanh
        players = state.num_players
        root = Node(None)
        base = rng.getrandbits(32)
        limit = self.iterations
        deadline = time.perf_counter() + self.seconds if self.seconds is not None else None
        lead_total = 0.0
        leads = 0
        done = 0
        while True:
            if limit is not None and done >= limit:
                break
            if decided_early and limit is not None and done & 15 == 0 and done and decided(root, limit - done):
                break
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            world = state.copy(perspective=me, seed=base + done)
            done += 1
            node = root
            path = [root]
            # Selection and expansion.
            while not world.is_over:
                legal = world.legal_actions() if searched is None else searched(world, world.legal_actions(), rng)
                children = node.children
                untried = [a for a in legal if a not in children]
                if untried:
                    if len(untried) == 1:
                        action = untried[0]
                    elif guide is not None and not children:
                        # The heuristic's move is tried first, and favoured by the bias while it has few visits.
                        action = node.preferred = guide(world, rng)
                    else:
                        action = untried[int(random() * len(untried))]
                    player = world.current_player
                    child = Node(player)
                    children[action] = child
                    world.apply(action)
                    path.append(child)
                    break
                best_value = -1.0
                chosen = None
                chosen_action = None
                preferred = node.preferred
                for action in legal:
                    child = children[action]
                    child.available += 1
                    value = child.reward / child.visits + c * sqrt(log(child.available) / child.visits)
                    if bias and action == preferred:
                        value += bias / (child.visits + 1)
                    if value > best_value:
                        best_value, chosen, chosen_action = value, child, action
                world.apply(chosen_action)
                node = chosen
                path.append(node)
            # Rollout.
            steps = 0
            while not world.is_over and (depth is None or steps < depth):
                if greedy is not None:
                    action = greedy(world, rng)
                else:
                    legal = world.legal_actions()
                    action = legal[int(random() * len(legal))]
                world.apply(action)
                steps += 1
            # Score.
            if world.is_over:
                winners = world.winners
                share = 1.0 / len(winners) if winners else 0.0
                rewards = [0.0] * players
                for seat in winners:
                    rewards[seat] = share
            else:
                raw = [evaluate(world, seat) for seat in range(players)]
                for lead in raw:
                    lead_total += abs(lead)
                leads += players
                scale = lead_total / leads if lead_total > 0 else 1.0
                rewards = [0.5 + 0.5 * tanh(lead / scale) for lead in raw]
            # Back up.
            for visited in path:
                visited.visits += 1
                if visited.player is not None:
                    visited.reward += rewards[visited.player]
        self.last_iterations = done
        return root


def decided(root: Node, left: int) -> bool:
    """Whether the root's most visited child leads the next by more than ``left`` visits."""
    first = second = 0
    for child in root.children.values():
        visits = child.visits
        if visits > first:
            first, second = visits, first
        elif visits > second:
            second = visits
    return first > second + left


def iterations_per_second(state: GameState, agent: ISMCTSAgent, repeats: int = 1) -> float:
    """How many iterations per second ``agent`` runs from ``state`` (best of ``repeats`` searches)."""
    me = state.current_player
    view = state.copy(perspective=me, seed=0)
    best = 0.0
    for _ in range(repeats):
        start = time.perf_counter()
        agent.search(view, me)
        elapsed = time.perf_counter() - start
        best = max(best, agent.last_iterations / elapsed if elapsed > 0 else 0.0)
    return best


__all__ = ["ROLLOUTS", "ISMCTSAgent", "Node", "decided", "iterations_per_second"]
