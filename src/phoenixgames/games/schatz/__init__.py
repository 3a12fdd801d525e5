"""Schatz des Phönix (Reiner Knizia, Amigo 2025): combos of equipment cards laid beside three nests."""

from ...engine import GameSpec, Option, register
from .combos import WILD_COLOUR_CHOICES
from .heuristic import evaluate, greedy_action
from .render import render_view
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
        render=render_view,
        options=(
            Option(
                "wild_colour",
                "any",
                "which colour a wild card matches: 'any' (every colour, as the rulebook's 22 example "
                "implies) or 'none' (only the two-digit wild + same number rule)",
                WILD_COLOUR_CHOICES,
            ),
        ),
    )
)

__all__ = ["SPEC", "SchatzState"]
