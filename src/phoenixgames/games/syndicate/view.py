"""What one seat may know of a Phoenix Syndicate game, as plain JSON-able data.

Public: the galaxy (tiles, their turns, edge symbols, agents, credits), resources, credits, action
cards, guilds, face-up (cashed-in) contracts, the contract slots and what lies on them, how many
contracts each hand, the deck and the discard pile hold, the contracts all saw discarded or claimed.
Private: the contracts in other hands, the deck's contents and order, the discards only others saw,
the contracts another seat drew with Gamble and is choosing from.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine import PUBLIC
from .components import ACTION_CARDS, COLOURS, CONTRACTS, LETTERS, TILES
from .galaxy import DIRECTIONS, NUM_CELLS
from .phases import GAMBLE_KEEP, PHASE_NAMES, SEEN_BY_ALL

if TYPE_CHECKING:
    from ...engine.state import Audience
    from .state import SyndicateState


def contract_codes(contracts: list[int]) -> list[str]:
    """The codes of ``contracts`` (``P1C2O3``), in the order given."""
    return [CONTRACTS[c].code for c in contracts]


def resources(res: list[int]) -> dict[str, int]:
    """Resources by colour letter."""
    return {LETTERS[c]: n for c, n in enumerate(res)}


def galaxy_view(state: SyndicateState) -> list[dict[str, Any]]:
    """Each cell: its tile, the tile's turn and edge symbols, the agents on it and a Colony's credit."""
    galaxy = state.galaxy
    cells = []
    for cell in range(NUM_CELLS):
        tile = TILES[galaxy.layout[cell]]
        seats = state.agents[tile.id]
        counts = [1 + state.stacked[s].count(tile.id) for s in range(state.num_players)]
        cells.append(
            {
                "cell": cell,
                "tile": tile.code,
                "kind": tile.kind,
                "colour": COLOURS[tile.colour] if tile.colour >= 0 else None,
                "moon": COLOURS[tile.moon] if tile.moon >= 0 else None,
                "rotation": galaxy.rotation[cell],
                "edges": {DIRECTIONS[d]: galaxy.symbols(cell, d) for d in range(6)},
                # one entry per agent: a seat's further agents on a tile repeat it
                "agents": [s for s in range(state.num_players) if seats >> s & 1 for _ in range(counts[s])],
                "credit": bool(state.credit_on >> tile.id & 1),
            }
        )
    return cells


def build_view(state: SyndicateState, player: Audience) -> dict[str, Any]:
    """What ``player`` may know: a seat, ``PUBLIC`` (a spectator: no contract in any hand, no
    offer, no discard only one seat saw, nothing a Gamble drew for another) or ``None`` (the referee)."""
    n = state.num_players
    players = []
    for seat in range(n):
        players.append(
            {
                "seat": seat,
                "resources": resources(state.res[seat]),
                "credits": state.credits[seat],
                "cards_up": [c.name for c in ACTION_CARDS if not state.flipped[seat] >> c.id & 1],
                "guilds": [COLOURS[c] for c in range(len(COLOURS)) if state.guilds[seat] >> c & 1],
                "cashed": contract_codes(state.cashed[seat]),
                "hand_size": len(state.hands[seat]),
                "known_in_hand": contract_codes(sorted(state.known[seat])),
            }
        )
    public_discards = sorted(
        c for c, seen in zip(state.discards, state.discard_seen, strict=True) if seen == SEEN_BY_ALL
    )
    view: dict[str, Any] = {
        "game": "syndicate",
        "players": n,
        "viewer": player,
        "phase": PHASE_NAMES[state.phase],
        "start_player": state.start_player,
        "current_player": state.current_player,
        "action": ACTION_CARDS[state.card].name if state.card >= 0 else None,
        "bribe_left": state.bribe_left,
        # the seat to act opened an exchange: its decision now is which (then it is back at the phase's)
        "exchange_open": state.exchanging,
        "galaxy": galaxy_view(state),
        # Loot's path chosen so far, a tile at a time (choice 21)
        "loot_route": [TILES[t].code for t in state.route],
        # the contracts the last Gamble revealed (all saw them)
        "revealed": contract_codes(state.revealed),
        "slots": [
            {"contract": CONTRACTS[c].code if c >= 0 else None, "resources": resources(r)}
            for c, r in zip(state.slots, state.slot_res, strict=True)
        ],
        "deck_size": len(state.deck),
        "discard_size": len(state.discards),
        "discards_seen": contract_codes(public_discards),
        "reshuffles": state.reshuffles,
        "pool": state.pool,
        "from_box": state.from_box,
        "last_round": state.end_triggered,
        "turns": state.turns,
        "seats": players,
        "scores": state.scores,
        "awards": state.awards,
        "winners": state.winners,
    }
    if state.phase == GAMBLE_KEEP:
        view["drawn_count"] = len(state.pending)
    if player is None:
        view["hands"] = [contract_codes(h) for h in state.hands]
        view["deck"] = contract_codes(sorted(state.deck))
        view["discards"] = contract_codes(sorted(state.discards))
        view["drawn"] = contract_codes(state.pending)
        view["offers"] = [contract_codes(o) for o in state.offers]
    elif isinstance(player, int):
        view["hand"] = contract_codes(state.hands[player])
        mine = sorted(c for c, seen in zip(state.discards, state.discard_seen, strict=True) if seen == player)
        view["my_discards"] = contract_codes(mine)
        if state.offers[player]:
            view["offer"] = contract_codes(state.offers[player])  # in the order dealt: keep 1, keep 2
        if state.phase == GAMBLE_KEEP and state.turn == player:
            view["drawn"] = contract_codes(state.pending)  # in the order drawn: keep 1, 2, 3
    if player is None or (player != PUBLIC and player == state.current_player):
        view["legal_actions"] = [str(a) for a in state.legal_actions()]
    return view
