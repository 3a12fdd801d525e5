"""What a designer looks at in a finished game of The Phoenix Syndicate, from its public events and
final position: where each seat's credits came from (Colonies, contracts cashed in, and the end-of-game
awards by category), the contracts each turned face up, the guilds joined, the action cards chosen,
and how the game ended."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import PUBLIC
from .components import ACTION_CARDS

if TYPE_CHECKING:
    from .state import SyndicateState

#: The events of agents placed: the first agent on a Colony takes its credits.
_PLACING = frozenset({"place", "loot", "connect"})
#: The event that tells each action card was chosen: Loot's once its path reaches a planet.
_CARD_EVENT = {"loot": "loot", "collect": "collect", "expand": "expand", "gamble": "gamble", "scheme": "scheme"}


def metrics(state: SyndicateState) -> dict[str, float | list[float]]:
    """The figures of a finished game (``rounds``: the rounds played after the set-up), each a number or
    a list indexed by seat. A seat's ``score`` is ``colony_credits + contract_credits + colour_awards +
    variety_awards + guild_awards``."""
    n = state.num_players
    colony = [0.0] * n
    guilds = [0.0] * n
    cards = {card.name: [0.0] * n for card in ACTION_CARDS}
    awards = {kind: [0.0] * n for kind in ("colours", "variety", "guilds")}
    earned = [0.0] * n
    for event in state.events(PUBLIC):
        kind, seat = event["kind"], event.get("seat")
        if not isinstance(seat, int):
            continue
        credits = event.get("credits", 0)
        if kind in _PLACING:
            colony[seat] += credits
        if kind == "join" and "guild" in event:
            guilds[seat] += 1
        if kind in _CARD_EVENT and (kind != "loot" or "path" in event):
            cards[_CARD_EVENT[kind]][seat] += 1
        elif kind == "contract":
            cards["contract"][seat] += 1
        elif kind == "score":
            earned[seat] = float(event["credits"])
            for name, value in event["awards"].items():
                awards[name][seat] = float(value)
    # credits in play come from Colonies and from contracts cashed in; those of the hands cashed in at
    # the end are told only in the total each seat earned in play
    contract = [earned[s] - colony[s] for s in range(n)]
    figures: dict[str, float | list[float]] = {
        "rounds": state.turns / n,
        "turns": float(state.turns),
        "score": [float(s) for s in state.scores],
        "colony_credits": colony,
        "contract_credits": contract,
        "colour_awards": awards["colours"],
        "variety_awards": awards["variety"],
        "guild_awards": awards["guilds"],
        "contracts_face_up": [float(len(c)) for c in state.cashed],
        "guilds_joined": guilds,
        "ended_by_pool": 1.0 if state.pool == 0 else 0.0,
        "credits_from_box": float(state.from_box),
        "reshuffles": float(state.reshuffles),
    }
    for name, uses in cards.items():
        figures[f"chose_{name}"] = uses
    return figures
