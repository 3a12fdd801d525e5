"""Phoenicia (Tom Lehmann, 2007): auctions for development cards, workers and production, to 32 points."""

from ...engine import GameSpec, Option, register
from .actions import action_table, earlier_notation
from .encoding import encode, observation_fields
from .facts import max_decisions, score_range
from .heuristic import evaluate, greedy_action, searched_actions
from .metrics import metrics
from .parameters import PARAMETERS
from .state import PhoeniciaState

SPEC = register(
    GameSpec(
        name="phoenicia",
        title="Phoenicia",
        summary="Bid for development cards, train and employ workers, grow a settlement into a city state.",
        min_players=2,
        max_players=5,
        state_class=PhoeniciaState,
        greedy=greedy_action,
        evaluate=evaluate,
        # hard's budget: up to 0.64 s a move at five players; 500 did not beat greedy (docs/strength.md).
        hard_iterations=1000,
        searched=searched_actions,
        # An auction takes two decisions now, so a game about 40% more: a rollout of 16 decisions sees as
        # far as 12 did (ISMCTS against greedy, 140 two-player games: 79% with 16, 74% with 12).
        ismcts_defaults=(("depth", "16"),),
        render="phoenixgames.games.phoenicia.render:render_view",
        action_table=action_table,
        earlier_notation=earlier_notation,
        max_decisions=max_decisions,
        score_range=score_range,
        observation_fields=observation_fields,
        encode=encode,
        parameters=PARAMETERS,
        metrics=metrics,
        options=(
            Option(
                "preset_cards",
                False,
                "first game: each player starts with a preset production card worth 5 instead of a random "
                "one; preset cards leave the game once used",
            ),
            Option(
                "first_game_auctions",
                False,
                "first game: a player who wins an auction may not start another auction in that round",
            ),
            Option(
                "round_cap",
                0,
                "a safety cap for simulations: the game ends after this round even if a player could still "
                "reach 32 (the game is then marked truncated); 0, the default, for none",
                minimum=0,
                takes="a number of rounds, or 0 for none",
                shapes_actions=False,
            ),
        ),
    )
)

__all__ = ["SPEC", "PhoeniciaState"]
