"""Schatz des Phönix (Reiner Knizia, Amigo 2025): combos of equipment cards laid beside three nests."""

from ...engine import GameSpec, Option, register
from .actions import action_table
from .combos import WILD_COLOUR_CHOICES
from .encoding import encode, observation_fields
from .facts import max_decisions, score_range
from .heuristic import evaluate, greedy_action
from .metrics import metrics
from .parameters import PARAMETERS
from .state import SchatzState

SPEC = register(
    GameSpec(
        name="schatz",
        title="Schatz des Phönix",
        summary="Lay pairs of equipment cards beside three nests; the best combos pick treasure first.",
        min_players=2,
        max_players=6,
        state_class=SchatzState,
        greedy=greedy_action,
        evaluate=evaluate,
        render="phoenixgames.games.schatz.render:render_view",
        action_table=action_table,
        max_decisions=max_decisions,
        score_range=score_range,
        observation_fields=observation_fields,
        encode=encode,
        parameters=PARAMETERS,
        metrics=metrics,
        # hard's budget: up to 0.9 s of processor time a move at six players (docs/performance.md).
        hard_iterations=1000,
        options=(
            Option(
                "wild_colour",
                "any",
                "the colours a wild card matches: 'any' (every colour, so wild 3 + red 5 = 8 and wild 2 + red x2 = 4) "
                "or 'none' (no colour: it matches only a card of its own number, so wild 3 + red 5 = 5)",
                WILD_COLOUR_CHOICES,
            ),
        ),
    )
)

__all__ = ["SPEC", "SchatzState"]
