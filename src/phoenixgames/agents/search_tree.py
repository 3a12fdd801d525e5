"""The nodes of an ISMCTS search tree (:mod:`phoenixgames.agents.ismcts`), which the root-parallel
search (:mod:`phoenixgames.agents.parallel`) adds up."""

from __future__ import annotations

from ..engine import Action


class Node:
    """One node of the search tree: the action that leads to it, played by ``player``."""

    __slots__ = ("player", "children", "visits", "available", "reward", "preferred", "weights")

    def __init__(self, player: int | None) -> None:
        self.player = player  # the seat that chose the action leading here (None at the root)
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.available = 0
        self.reward = 0.0
        self.preferred: Action | None = None  # the heuristic's choice here, when a bias asks for it
        self.weights: dict[Action, float] | None = None  # a prior's weight of each action here, if it gave them

    def mean(self) -> float:
        return self.reward / self.visits if self.visits else 0.0


__all__ = ["Node"]
