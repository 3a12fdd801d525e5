"""The Phoenix Syndicate: agents spread over a galaxy of planets, acquire resources, bribe their way
through contracts and guilds, and race for credits."""

from ...engine import GameSpec, register
from .actions import action_table, earlier_notation
from .encoding import encode, observation_fields
from .facts import max_decisions, score_range
from .heuristic import evaluate, greedy_action, searched_actions
from .metrics import metrics
from .parameters import PARAMETERS
from .state import SyndicateState

SPEC = register(
    GameSpec(
        name="syndicate",
        title="The Phoenix Syndicate",
        summary="Connect agents across a hex galaxy, acquire resources, bribe, and cash in contracts for credits.",
        min_players=2,
        max_players=5,
        state_class=SyndicateState,
        parameters=PARAMETERS,
        greedy=greedy_action,
        evaluate=evaluate,
        searched=searched_actions,
        render="phoenixgames.games.syndicate.render:render_view",
        action_table=action_table,
        earlier_notation=earlier_notation,
        max_decisions=max_decisions,
        score_range=score_range,
        observation_fields=observation_fields,
        encode=encode,
        metrics=metrics,
        # hard's budget: up to 0.2 s a move, already clearly ahead of greedy (docs/strength.md).
        hard_iterations=200,
    )
)

__all__ = ["SPEC", "SyndicateState"]
