"""Phoenix: take feather halves from the nests with your ash tokens and grow the finest plumage."""

from ...engine import GameSpec, Option, register
from .actions import action_table
from .components import MAX_PLAYERS, MIN_PLAYERS
from .encoding import encode, observation_fields
from .facts import max_decisions, score_range
from .heuristic import evaluate, greedy_action
from .metrics import metrics
from .parameters import PARAMETERS
from .state import PhoenixState

SPEC = register(
    GameSpec(
        name="phoenix",
        title="Phoenix",
        summary="Lay ash tokens on nests to take feather halves; complete, match and mirror your phoenix's feathers.",
        min_players=MIN_PLAYERS,
        max_players=MAX_PLAYERS,
        state_class=PhoenixState,
        parameters=PARAMETERS,
        greedy=greedy_action,
        evaluate=evaluate,
        action_table=action_table,
        max_decisions=max_decisions,
        score_range=score_range,
        observation_fields=observation_fields,
        encode=encode,
        metrics=metrics,
        render="phoenixgames.games.phoenix.render:render_view",
        # The search beats the greedy agent here only with a bias toward the heuristic's move (docs/strength.md).
        ismcts_defaults=(("bias", "1"),),
        # hard's budget: 1,000 took up to 1.2 s a move at four players, 700 up to 0.9 s (docs/performance.md).
        hard_iterations=700,
        options=(
            Option(
                "token_elsewhere",
                "white",
                "the side of an ash token laid on a nest that is not its player's own: 'white' (it shows "
                "its white side, even if it came black side up) or 'unchanged' (a black token stays black)",
                ("white", "unchanged"),
            ),
        ),
    )
)

__all__ = ["SPEC", "PhoenixState"]
