"""What a designer looks at in a finished game of Phoenicia, from its public events and final position.

Each figure is a number, or a list of numbers indexed by seat:

- ``rounds``: the rounds played;
- ``vp_workers``, ``vp_cards``, ``vp_bought``: each seat's victory points by source (its workers, its
  development cards, the City Centre), which add up to its score;
- ``production``: each seat's production at the end;
- ``cards_bought``: the development cards each seat bought; ``bought_<card>`` (``bought_dye_house``...)
  how many of that card each seat bought, for every card type;
- ``paid_for_cards``: what each seat paid for its cards, after discounts; ``auctions``: the auctions
  held (each ends in a sale); ``mean_winning_bid``: their mean winning bid (0 with none);
- ``workers_trained``: the workers each seat trained.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import PUBLIC
from .components import ACTIVITIES, CARDS

if TYPE_CHECKING:
    from .state import PhoeniciaState

#: Each card type's figure name: ``bought_`` and its name in snake case.
BOUGHT_NAMES: tuple[str, ...] = tuple("bought_" + card.name.lower().replace(" ", "_") for card in CARDS)


def metrics(state: PhoeniciaState) -> dict[str, float | list[float]]:
    """The figures of a finished game (see the module's docstring)."""
    n = state.num_players
    settlements = state.settlements
    cards = state.ruleset.cards
    paid = [0.0] * n
    trained = [0.0] * n
    bids: list[int] = []
    for event in state.events(PUBLIC):
        kind = event["kind"]
        if kind == "won":
            paid[event["seat"]] += event["price"]
            bids.append(event["bid"])
        elif kind == "train":
            trained[event["seat"]] += 1
    figures: dict[str, float | list[float]] = {
        "rounds": float(state.round),
        "vp_workers": [float(sum(a.vp * s.workers[a.id] for a in ACTIVITIES)) for s in settlements],
        "vp_cards": [float(sum(cards[c].vp * k for c, k in enumerate(s.owned))) for s in settlements],
        "vp_bought": [float(s.bought_vp) for s in settlements],
        "production": [float(s.production) for s in settlements],
        "cards_bought": [float(sum(s.owned)) for s in settlements],
        "paid_for_cards": paid,
        "auctions": float(len(bids)),
        "mean_winning_bid": sum(bids) / len(bids) if bids else 0.0,
        "workers_trained": trained,
    }
    for card, name in zip(CARDS, BOUGHT_NAMES, strict=True):
        figures[name] = [float(s.owned[card.id]) for s in settlements]
    return figures
