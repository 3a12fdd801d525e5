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
   (``rollout=greedy``) until the game ends or ``depth`` actions have been played; ``depth`` counts
   them at two players, and with more each seat plays as many turns of its own before the cut-off
   (:func:`rollout_depth`: ``depth * players / 2``).
5. **Score and back up**: a finished game scores each seat its share of the victory (1, 1/k for a
   victory shared by k, else 0); a cut-off position scores each seat its expected share of the
   victory from the game's ``evaluate(state, seat)`` (its ``lead``, points ahead of the strongest
   rival), on the same scale (:func:`shares_of_victory`: the shares add up to 1, as a finished game's
   do): with two players ``0.5 + 0.5 * tanh(lead / scale)``, where ``scale`` is the mean size of the
   leads seen so far in this search. Each node adds the score of the seat that chose the action
   leading to it.

A game may name, among the legal actions, those a search should weigh (its spec's ``searched``): the
tree then grows only those. The Syndicate leaves out an exchange its heuristic would not make, which
the search, weighing its many outcomes, would otherwise overrate.

When the game has a heuristic and the rollouts use it, a node's first child is the heuristic's move;
``bias`` adds ``bias / (visits + 1)`` to that child's bound (progressive bias, Chaslot et al., 2008).

What the search knows of the game can be handed in instead of the game's own (a learned value or
policy, say): ``evaluate(state, seat) -> float`` scores a cut-off rollout in place of the game's
``evaluate``; ``rollout`` may be a policy ``rollout(state, legal, rng) -> Action`` in place of
``random`` or ``greedy``; ``prior(state, legal, rng)`` stands where the heuristic's move stands above,
returning either one action (tried first at a new node, and favoured by ``bias / (visits + 1)``) or a
weight for each action (a mapping from action to weight, or a sequence in the order of ``legal``):
the heaviest is tried first and every child's bound gains ``bias * weight / (visits + 1)``.

A game may set its own defaults (``GameSpec.ismcts_defaults``, settings as in a spec): a setting the
agent was not given takes the game's default, then the built-in one. Phoenix sets ``bias=1``.

The move played is the root's most visited child (ties: the better mean, then the earlier action). An
iteration budget stops early once that child cannot be overtaken in the iterations left, which
changes nothing but the time taken. With an iteration budget and the same seed the agent makes the
same moves; a budget in seconds stops when the time is up, so how many iterations it runs, and so its
moves, depend on the machine's speed. A position with a single legal action is answered at once.

Defaults (``docs/strength.md``): 1,000 iterations, ``c=0.7``, greedy rollouts cut off after 12 actions
(at two players; 24 at four). On two-player Schatz these beat the greedy agent clearly, where random
rollouts (to any depth) and shorter greedy rollouts did not; at four players a cut-off after 12 actions
(three turns a seat) won less than a fair share against three greedy seats, one after 24 more.
"""

from __future__ import annotations

import enum
import math
import random as _random
import time
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..engine import Action, GameState
from .base import Agent
from .parallel import root_parallel
from .search_tree import Node

if TYPE_CHECKING:
    from ..engine import GameSpec

ROLLOUTS = ("random", "greedy")

#: ``evaluate(state, seat) -> float``: how far ``seat`` leads in a position a rollout stopped at.
Evaluation = Callable[[GameState, int], float]
#: ``policy(state, legal, rng) -> Action``: the action a rollout plays, one of ``legal``.
RolloutPolicy = Callable[[GameState, list[Action], _random.Random], Action]
#: What a prior returns: the action to favour, or a weight per action (by action, or in ``legal``'s order).
PriorAnswer = Action | Mapping[Action, float] | Sequence[float]
#: ``prior(state, legal, rng)``: the action the search should favour at a new node, or weights for all.
Prior = Callable[[GameState, list[Action], _random.Random], PriorAnswer]

#: Defaults chosen for strength at modest cost (see docs/strength.md): a greedy rollout of a dozen
#: actions, then the game's own evaluation.
DEFAULT_ITERATIONS = 1000
DEFAULT_C = 0.7
DEFAULT_DEPTH = 12
DEFAULT_ROLLOUT = "greedy"
DEFAULT_BIAS = 0.0


class _Unset(enum.Enum):
    """The mark of a setting not given (``None`` already means something for ``depth``)."""

    UNSET = 0


#: A setting left to the game's default (``GameSpec.ismcts_defaults``), then the built-in default.
UNSET = _Unset.UNSET


def _whole(text: str) -> int:
    value = int(text)
    if value < 1:
        raise ValueError("must be 1 or more")
    return value


def _positive(text: str) -> float:
    value = float(text)
    if not value > 0 or value == float("inf"):
        raise ValueError("must be a number above 0")
    return value


def _non_negative(text: str) -> float:
    value = float(text)
    if not value >= 0 or value == float("inf"):
        raise ValueError("must be a number 0 or more")
    return value


def _rollout(text: str) -> str:
    if text not in ROLLOUTS:
        raise ValueError(f"must be one of {', '.join(ROLLOUTS)}")
    return text


def _depth(text: str) -> int | None:
    if text in ("none", "end"):
        return None
    value = int(text)
    if value < 0:
        raise ValueError("must be 0 or more, or none (play to the end)")
    return value


#: The settings a spec (or a game's defaults) can give: name -> (reader of its text, what it takes).
SETTINGS: dict[str, tuple[Callable[[str], Any], str]] = {
    "iterations": (_whole, "a whole number 1 or more"),
    "seconds": (_positive, "a number of seconds above 0"),
    "c": (_non_negative, "a number 0 or more"),
    "rollout": (_rollout, " or ".join(ROLLOUTS)),
    "depth": (_depth, "a whole number 0 or more, or none"),
    "bias": (_non_negative, "a number 0 or more"),
    "workers": (_whole, "a whole number 1 or more"),
}


def game_defaults(spec: GameSpec[Any]) -> dict[str, Any]:
    """The ISMCTS settings ``spec``'s game sets (``GameSpec.ismcts_defaults``), read into values.

    Raises ``ValueError`` naming the game for a setting that does not exist or a value it cannot take.
    """
    pairs = getattr(spec, "ismcts_defaults", ()) or ()
    values: dict[str, Any] = {}
    for key, text in pairs:
        if key not in SETTINGS:
            raise ValueError(
                f"the {spec.name} game sets an ISMCTS default {key!r}, which is no setting: {', '.join(SETTINGS)}"
            )
        reader, wanted = SETTINGS[key]
        try:
            values[key] = reader(str(text).strip().lower())
        except ValueError:
            raise ValueError(f"the {spec.name} game's ISMCTS default {key} must be {wanted}, not {text!r}") from None
    return values


class ISMCTSAgent(Agent):
    """Single-observer ISMCTS with availability counts and an optional depth cut-off.

    ``iterations``: the budget in iterations (the default when neither budget is given), or
    ``seconds``: the budget in seconds (if both are given, whichever runs out first).
    ``c``: the exploration constant. ``rollout``: ``random``, ``greedy``, or a policy
    ``rollout(state, legal, rng) -> Action``. ``depth``: the most actions a rollout plays before the
    position is scored by the evaluation (``None``: play to the end).
    ``bias``: the weight of the progressive bias toward the heuristic's (or the prior's) move (0: none).
    ``evaluate(state, seat) -> float``: scores a cut-off rollout (default: the game's ``evaluate``).
    ``prior(state, legal, rng)``: the action to favour at a new node, or a weight per action (default:
    the game's heuristic, consulted when the rollouts are greedy or ``bias`` is above 0).
    ``workers``: how many searches share the budget, on as many processes as the machine has cores for
    (root parallel search, :mod:`phoenixgames.agents.parallel`; 1, the default: one search here).

    A setting not given (``iterations``/``seconds`` together, ``c``, ``rollout``, ``depth``, ``bias``)
    takes the game's default (``GameSpec.ismcts_defaults``) at each search, then the built-in default.
    """

    name = "ismcts"
    #: The clock a budget in seconds is measured by (a test may hand in one of its own).
    clock: Callable[[], float] = staticmethod(time.perf_counter)

    def __init__(
        self,
        seed: int = 0,
        iterations: int | None = None,
        seconds: float | None = None,
        c: float | None = None,
        rollout: str | RolloutPolicy | None = None,
        depth: int | None | _Unset = UNSET,
        bias: float | None = None,
        workers: int | None = None,
        *,
        evaluate: Evaluation | None = None,
        prior: Prior | None = None,
    ) -> None:
        super().__init__(seed)
        if workers is not None and (not isinstance(workers, int) or isinstance(workers, bool) or workers < 1):
            raise ValueError(f"workers must be a whole number 1 or more, not {workers!r}")
        named = {"iterations": iterations, "seconds": seconds, "c": c, "rollout": rollout, "bias": bias}
        given = {key for key, value in named.items() if value is not None}
        if depth is not UNSET:
            given.add("depth")
        #: The settings given explicitly: the game's defaults never override these.
        self.given: frozenset[str] = frozenset(given)
        if iterations is None and seconds is None:
            iterations = DEFAULT_ITERATIONS
        c = DEFAULT_C if c is None else c
        rollout = DEFAULT_ROLLOUT if rollout is None else rollout
        bias = DEFAULT_BIAS if bias is None else bias
        resolved_depth: int | None = DEFAULT_DEPTH if isinstance(depth, _Unset) else depth
        check_settings(iterations, seconds, c, rollout, resolved_depth, bias)
        if evaluate is not None and not callable(evaluate):
            raise ValueError(f"evaluate must be a function (state, seat) -> float, not {evaluate!r}")
        if prior is not None and not callable(prior):
            raise ValueError(f"prior must be a function (state, legal, rng) -> action or weights, not {prior!r}")
        self.iterations = iterations
        self.seconds = seconds
        self.c = c
        self.rollout = rollout
        self.depth = resolved_depth
        self.bias = bias
        self.evaluate = evaluate
        self.prior = prior
        #: How many searches share the budget (root parallel search, :mod:`phoenixgames.agents.parallel`).
        self.workers = 1 if workers is None else workers
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
            "workers": self.workers,
        }

    def settings_for(self, spec: GameSpec[Any]) -> dict[str, Any]:
        """The settings a search in ``spec``'s game runs with: those given, then the game's defaults,
        then the built-in ones."""
        values = self.settings()
        defaults = game_defaults(spec)
        if not defaults:
            return values
        if ("iterations" in defaults or "seconds" in defaults) and not self.given & {"iterations", "seconds"}:
            values["iterations"] = defaults.get("iterations")
            values["seconds"] = defaults.get("seconds")
        for key in ("c", "rollout", "depth", "bias"):
            if key in defaults and key not in self.given:
                values[key] = defaults[key]
        return values

    def choose(self, state: GameState) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        me = state.current_player if state.perspective is None else state.perspective
        if me is None:
            raise ValueError("the search needs a seat to act for: this game is over")
        if self.workers > 1:
            root = root_parallel(self, state, me, self.workers)
        else:
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
        settings = self.settings_for(spec)
        rollout = settings["rollout"]
        evaluate = self.evaluate if self.evaluate is not None else spec.evaluate
        greedy = spec.greedy if rollout == "greedy" else None
        policy: RolloutPolicy | None = rollout if callable(rollout) else None
        prior = self.prior
        weigh: Prior | None = None
        if prior is None:
            bias = settings["bias"] if spec.greedy is not None else 0.0
            guide = spec.greedy if (greedy is not None or bias) else None
        else:
            bias = settings["bias"]
            guide = None
            weigh = prior
        searched = spec.searched
        depth = rollout_depth(settings["depth"], state.num_players) if evaluate is not None else None
        score: Evaluation = evaluate if evaluate is not None else _unscored  # cut-offs happen only with one
        c = settings["c"]
        log = math.log
        sqrt = math.sqrt
        tanh = math.tanh
        players = state.num_players
        root = Node(None)
        base = rng.getrandbits(32)
        limit = settings["iterations"]
        seconds = settings["seconds"]
        clock = self.clock
        deadline = clock() + seconds if seconds is not None else None
        lead_total = 0.0
        leads = 0
        done = 0
        while True:
            if limit is not None and done >= limit:
                break
            if decided_early and limit is not None and done & 15 == 0 and done and decided(root, limit - done):
                break
            if deadline is not None and done and clock() >= deadline:
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
                    elif weigh is not None and not children:
                        action = favour(node, weigh(world, legal, rng), legal)
                    else:
                        action = untried[int(random() * len(untried))]
                    player = world.current_player
                    child = Node(player)
                    children[action] = child
                    world.apply(action)
                    path.append(child)
                    break
                best_value = -1.0
                chosen = node  # every bound is 0 or more, so the loop below always replaces these
                chosen_action = legal[0]
                preferred = node.preferred
                weights = node.weights
                if weights is None:
                    for action in legal:
                        child = children[action]
                        child.available += 1
                        value = child.reward / child.visits + c * sqrt(log(child.available) / child.visits)
                        if bias and action == preferred:
                            value += bias / (child.visits + 1)
                        if value > best_value:
                            best_value, chosen, chosen_action = value, child, action
                else:
                    for action in legal:
                        child = children[action]
                        child.available += 1
                        value = child.reward / child.visits + c * sqrt(log(child.available) / child.visits)
                        if bias:
                            value += bias * weights.get(action, 0.0) / (child.visits + 1)
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
                elif policy is not None:
                    action = policy(world, world.legal_actions(), rng)
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
                raw = [score(world, seat) for seat in range(players)]
                for lead in raw:
                    lead_total += abs(lead)
                leads += players
                scale = lead_total / leads if lead_total > 0 else 1.0
                if players == 2:
                    rewards = [0.5 + 0.5 * tanh(lead / scale) for lead in raw]
                else:
                    rewards = shares_of_victory(raw, scale)
            # Back up.
            for visited in path:
                visited.visits += 1
                if visited.player is not None:
                    visited.reward += rewards[visited.player]
        self.last_iterations = done
        return root


def rollout_depth(depth: int | None, players: int) -> int | None:
    """The actions a rollout plays before it is scored, at ``players`` seats: ``depth`` counts them at
    two players, and at more each seat plays as many turns of its own, ``depth * players / 2``."""
    if depth is None or players <= 2:
        return depth
    return (depth * players + 1) // 2


def shares_of_victory(leads: Sequence[float], scale: float) -> list[float]:
    """Each seat's expected share of the victory in a position scored by its ``leads`` (each seat's
    ``evaluate``: points ahead of its strongest rival), on the scale of a finished game's shares.

    The leads give every seat's standing against the leader (the seat of the greatest lead stands at
    0, every other at its own lead, a deficit to the leader), and the shares are the softmax of the
    standings, ``exp(2 * standing / scale)`` over their sum: they add up to 1, as a finished game's
    do, so a cut-off rollout and a finished one weigh alike at any number of players. With two
    players this is ``0.5 + 0.5 * tanh(lead / scale)`` for each seat.
    """
    leader = max(range(len(leads)), key=leads.__getitem__)
    exp = math.exp
    weights = [
        1.0 if seat == leader else exp(2.0 * max(lead, -50.0 * scale) / scale) for seat, lead in enumerate(leads)
    ]
    total = sum(weights)
    return [weight / total for weight in weights]


def _unscored(state: GameState, seat: int) -> float:
    raise ValueError("a rollout was cut off in a game without an evaluation")


def check_settings(
    iterations: int | None,
    seconds: float | None,
    c: float,
    rollout: str | RolloutPolicy,
    depth: int | None,
    bias: float,
) -> None:
    """Raise ``ValueError`` for a setting out of range."""
    if iterations is not None and iterations < 1:
        raise ValueError(f"iterations must be 1 or more, not {iterations}")
    if seconds is not None and seconds <= 0:
        raise ValueError(f"seconds must be more than 0, not {seconds}")
    if c < 0:
        raise ValueError(f"c must be 0 or more, not {c}")
    if not callable(rollout) and rollout not in ROLLOUTS:
        raise ValueError(f"rollout must be one of {', '.join(ROLLOUTS)}, or a policy (state, legal, rng): {rollout!r}")
    if bias < 0:
        raise ValueError(f"bias must be 0 or more, not {bias}")
    if depth is not None and depth < 0:
        raise ValueError(f"depth must be 0 or more, not {depth}")


def favour(node: Node, answer: PriorAnswer, legal: list[Action]) -> Action:
    """Keep a prior's ``answer`` at ``node`` and return the action to try first there.

    ``answer`` is one action of ``legal`` (kept as the node's preferred action), or weights: a mapping
    from action to weight, or a sequence of weights in the order of ``legal`` (kept as the node's
    weights; the first action of the greatest weight is tried first).
    """
    if isinstance(answer, Action):
        if answer not in legal:
            raise ValueError(f"the prior chose {answer}, which is not among the actions searched here")
        node.preferred = answer
        return answer
    if isinstance(answer, Mapping):
        weights = {action: float(answer.get(action, 0.0)) for action in legal}
    else:
        values = list(answer)
        if len(values) != len(legal):
            raise ValueError(f"the prior gave {len(values)} weights for {len(legal)} actions")
        weights = {action: float(value) for action, value in zip(legal, values, strict=True)}
    node.weights = weights
    best = legal[0]
    for action in legal:
        if weights[action] > weights[best]:
            best = action
    return best


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
    if me is None:
        raise ValueError("the search needs a seat to act for: this game is over")
    view = state.copy(perspective=me, seed=0)
    best = 0.0
    for _ in range(repeats):
        start = time.perf_counter()
        agent.search(view, me)
        elapsed = time.perf_counter() - start
        best = max(best, agent.last_iterations / elapsed if elapsed > 0 else 0.0)
    return best


__all__ = [
    "ROLLOUTS",
    "SETTINGS",
    "UNSET",
    "Evaluation",
    "ISMCTSAgent",
    "Node",
    "Prior",
    "PriorAnswer",
    "RolloutPolicy",
    "check_settings",
    "decided",
    "favour",
    "game_defaults",
    "iterations_per_second",
    "rollout_depth",
    "shares_of_victory",
]
