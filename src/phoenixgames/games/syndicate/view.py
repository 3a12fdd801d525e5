"""What one seat may know of a Phoenix Syndicate game, as plain JSON-able data.

Public: the galaxy (tiles, their turns, edge symbols, agents, credits), resources, credits, action
cards, guilds, face-up (cashed-in) contracts, the contract slots and what lies on them, how many
contracts each hand, the deck and the discard pile hold, the contracts all saw discarded or claimed.
Private: the contracts in other hands, the deck's contents and order, the discards only others saw,
the contracts another seat drew with Gamble and is choosing from.

A full view also carries the figures of the rules that a board shows, worked out here with the game's own
rule code so that no board works them out a second time: what acquiring at each planet gives (``acquire``)
and what it would give the seat to act now (``acquire_now``), what each connection the seat to act may
make during Expand costs (``connect_costs``), each seat's bribe for each action card (``bribes``), the
guilds' costs, what cashing in a contract brings by the planets held (``cash_in``), the reshuffle that
starts the last round, the end-of-game awards, and the end-of-game scoring as it stands, broken down
(``scoring``). All of it is public: every view holds the same.

:func:`observed_view` is the part of a seat's view that the observation encoding reads (``encoding.py``),
built fast for a learning agent's every step: the same values as :func:`build_view`'s, some of them
shared from one call to the next while they are unchanged (the galaxy and each of its cells, which change
only when an agent arrives or a Colony's credit is taken; each seat; the slots; the discards), so nobody
may change what it returns. The encoding keeps what each shared part writes, by the part's identity.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

from ...engine import PUBLIC
from .components import (
    ACTION_CARDS,
    COLOURS,
    CONTRACT,
    CONTRACTS,
    DEEP_SPACE,
    LETTERS,
    NUM_CARDS,
    NUM_COLOURS,
    NUM_TILES,
    TILES,
)
from .galaxy import DIRECTIONS, NEIGHBOURS, NUM_CELLS, Galaxy
from .parameters import tables
from .phases import CONNECTING, GAMBLE_KEEP, PHASE_NAMES, SEEN_BY_ALL
from .rules import LAST_RESHUFFLE, PLANET_TILES, acquired, connect_options, contract_bribe
from .scoring import (
    agents_on_planets,
    colour_awards,
    colour_counts,
    colour_kinds,
    guild_credits,
    guild_planets,
    variety_awards,
)

if TYPE_CHECKING:
    from ...engine.state import Audience
    from .state import SyndicateState

CODES: tuple[str, ...] = tuple(c.code for c in CONTRACTS)


class KeptDict(dict[str, Any]):
    """A part of observed views shared from call to call while what it shows is unchanged: nobody changes
    it, so what it writes into an observation can be kept by its identity (``encoding.py``). Equal to
    the plain dict of the full view."""

    __slots__ = ()


class KeptList(list[Any]):
    """A list of observed views shared as :class:`KeptDict` is (the galaxy's cells, the slots)."""

    __slots__ = ()


#: The face-up action cards' names by the bitmask of the flipped ones; the guilds' colours by the bitmask
#: of those joined (shared by the observed views only: a full view gets lists of its own).
_CARDS_UP: tuple[list[str], ...] = tuple(
    [card.name for card in ACTION_CARDS if not mask >> card.id & 1] for mask in range(1 << NUM_CARDS)
)
_GUILDS: tuple[list[str], ...] = tuple(
    [COLOURS[c] for c in range(NUM_COLOURS) if mask >> c & 1] for mask in range(1 << NUM_COLOURS)
)


def contract_codes(contracts: list[int]) -> list[str]:
    """The codes of ``contracts`` (``P1C2O3``), in the order given."""
    return [CODES[c] for c in contracts]


_R, _Y, _G, _B, _P = LETTERS  # one name for each of the five colours' letters: a view is built often


def resources(res: Sequence[int]) -> dict[str, int]:
    """Resources by colour letter."""
    return {_R: res[0], _Y: res[1], _G: res[2], _B: res[3], _P: res[4]}


def _cells_as_laid(state: SyndicateState) -> tuple[dict[str, Any], ...]:
    """What each cell shows that never changes: its tile, the tile's kind, colours and turn, and the edge
    symbols towards each direction; worked out once a game (kept with the galaxy copies share)."""
    galaxy = state.galaxy

    def build() -> tuple[dict[str, Any], ...]:
        cells = []
        for cell in range(NUM_CELLS):
            tile = TILES[galaxy.layout[cell]]
            cells.append(
                {
                    "cell": cell,
                    "tile": tile.code,
                    "kind": tile.kind,
                    "colour": COLOURS[tile.colour] if tile.colour >= 0 else None,
                    "moon": COLOURS[tile.moon] if tile.moon >= 0 else None,
                    "rotation": galaxy.rotation[cell],
                    "edges": {DIRECTIONS[d]: galaxy.symbols(cell, d) for d in range(6)},
                }
            )
        return tuple(cells)

    return galaxy.remember(("cells as laid",), build)


def _agents_on(state: SyndicateState) -> list[list[int]]:
    """Per tile, one entry per agent there: its seat, a seat's further agents repeating it, seat by seat."""
    on: list[list[int]] = [[] for _ in range(NUM_TILES)]
    for seat in range(state.num_players):
        owned = state.owned[seat]
        while owned:
            low = owned & -owned
            on[low.bit_length() - 1].append(seat)
            owned ^= low
        for tile in state.stacked[seat]:
            on[tile].append(seat)
    return on


def galaxy_view(state: SyndicateState) -> list[dict[str, Any]]:
    """Each cell: its tile, the tile's turn and edge symbols, the agents on it and a Colony's credit."""
    on = _agents_on(state)
    credit = state.credit_on
    laid = _cells_as_laid(state)
    return [
        {**laid[cell], "edges": dict(laid[cell]["edges"]), "agents": on[tile], "credit": bool(credit >> tile & 1)}
        for cell, tile in enumerate(state.galaxy.layout)
    ]


def acquire_table(state: SyndicateState) -> dict[str, dict[str, dict[str, int]]]:
    """What acquiring at each planet gives, by its code: ``alone`` (no other seat's agent there; and
    always by Scheme, which takes the moon's full share, SYN-46) and ``shared``."""
    table = {}
    acquire = tables(state.rules).acquire
    for tile in PLANET_TILES:
        alone, shared = acquire[tile]
        table[TILES[tile].code] = {"alone": resources(alone), "shared": resources(shared)}
    return table


def acquire_now(state: SyndicateState) -> dict[str, dict[str, int]]:
    """What acquiring at each planet would give the seat to act now, by Collect, Expand or a loot ending
    there (alone there, or sharing it with another seat's agent); nothing once the game is over."""
    seat = state.current_player
    if seat is None:
        return {}
    return {TILES[tile].code: resources(acquired(state, seat, tile)) for tile in PLANET_TILES}


def _gaps(galaxy: Galaxy, origin: int, tile: int) -> int:
    """How many of the two edges facing each other across the link from ``origin`` to ``tile`` are deep
    space gaps."""
    near, far = galaxy.cell_of[origin], galaxy.cell_of[tile]
    direction = NEIGHBOURS[near].index(far)
    return (galaxy.symbols(near, direction) == DEEP_SPACE) + (galaxy.symbols(far, (direction + 3) % 6) == DEEP_SPACE)


def connect_costs(state: SyndicateState) -> dict[str, dict[str, Any]]:
    """During Expand's connections, every connection the seat to act could make (payable or not) by its
    notation, with what its link costs and how many deep space gaps it crosses; else nothing."""
    if state.phase != CONNECTING:
        return {}
    galaxy = state.galaxy
    return {
        str(action): {"cost": resources(cost), "gaps": _gaps(galaxy, action.origin, action.tile)}
        for action, cost, _, _ in connect_options(galaxy, state.owned[state.turn])
    }


def scoring_view(state: SyndicateState) -> list[dict[str, Any]]:
    """Each seat's end-of-game scoring as it stands on what lies face up now (``scoring.py``), broken down:
    the credits earned in play; the face-up contracts of each colour and what each colour's majority
    awards; the colours face up and the variety award; the planets counting for each guild joined and
    the guilds' credits; the total; the tie-break, agents at planets. The hands are cashed in only at
    the end: once the game is over it is the final scoring, and each total is the seat's score."""
    counts = colour_counts(state.cashed)
    scoring = tables(state.rules).scoring
    by_colour = colour_awards(counts, scoring)
    kinds = colour_kinds(counts)
    variety = variety_awards(kinds, scoring)
    rows = []
    for seat in range(state.num_players):
        owned, guilds = state.owned[seat], state.guilds[seat]
        awards = [by_colour[colour][seat] for colour in range(NUM_COLOURS)]
        guild_total = guild_credits(owned, guilds)
        rows.append(
            {
                "seat": seat,
                "credits": state.credits[seat],
                "contracts": {COLOURS[c]: counts[seat][c] for c in range(NUM_COLOURS)},
                "colour_awards": {COLOURS[c]: awards[c] for c in range(NUM_COLOURS)},
                "colours": sum(awards),
                "kinds": kinds[seat],
                "variety": variety[seat],
                "guilds": {COLOURS[c]: guild_planets(owned, c) for c in range(NUM_COLOURS) if guilds >> c & 1},
                "guild_credits": guild_total,
                "total": state.credits[seat] + sum(awards) + variety[seat] + guild_total,
                "agents_at_planets": agents_on_planets(owned, state.stacked[seat]),
            }
        )
    return rows


def _cell(laid: dict[str, Any], agents: list[int], credit: bool) -> dict[str, Any]:
    """A cell of an observed view: what it shows as laid (its edges shared), its agents and credit."""
    return KeptDict(laid, agents=agents, credit=credit)


def _shared_galaxy(state: SyndicateState) -> list[dict[str, Any]]:
    """:func:`galaxy_view`, kept with the galaxy (which copies of the game share) for as long as no agent
    arrives and no Colony's credit is taken: the same list for every step in between, and the same dict
    for a cell as long as the cell is unchanged."""
    galaxy = state.galaxy

    def cells() -> list[dict[str, Any]]:
        on = _agents_on(state)
        credit = state.credit_on
        laid = _cells_as_laid(state)
        kept = galaxy.cache
        cells = KeptList()
        for cell, tile in enumerate(galaxy.layout):
            key = ("observed cell", cell, credit >> tile & 1, *on[tile])
            found = kept.get(key)
            if found is None:
                found = galaxy.remember(key, partial(_cell, laid[cell], on[tile], bool(credit >> tile & 1)))
            cells.append(found)
        return cells

    return galaxy.remember(("observed galaxy", state.credit_on, *state.owned, *map(tuple, state.stacked)), cells)


def _seat(state: SyndicateState, seat: int, shared: bool = False) -> dict[str, Any]:
    """What ``seat`` shows: resources, credits, action cards, guilds, contracts face up, hand size and
    the contracts all saw it take into hand. ``shared``: the card and guild lists are shared ones."""
    flipped, guilds = state.flipped[seat], state.guilds[seat]
    return {
        "seat": seat,
        "resources": resources(state.res[seat]),
        "credits": state.credits[seat],
        "cards_up": _CARDS_UP[flipped] if shared else list(_CARDS_UP[flipped]),
        "guilds": _GUILDS[guilds] if shared else list(_GUILDS[guilds]),
        "cashed": contract_codes(state.cashed[seat]),
        "hand_size": len(state.hands[seat]),
        "known_in_hand": contract_codes(sorted(state.known[seat])),
    }


def bribes(state: SyndicateState) -> list[dict[str, int]]:
    """Each seat's bribe for each action card, face up or not: the Contract card's one resource for each
    of the seat's other face-up cards (SYN-48)."""
    bribe = tables(state.rules).bribe
    return [
        {card.name: contract_bribe(state, seat) if card.id == CONTRACT else bribe[card.id] for card in ACTION_CARDS}
        for seat in range(state.num_players)
    ]


def _slots(state: SyndicateState) -> list[dict[str, Any]]:
    """Each contract slot: the face-up contract there (or None) and the resources lying on it."""
    return [
        {"contract": CODES[c] if c >= 0 else None, "resources": resources(r)}
        for c, r in zip(state.slots, state.slot_res, strict=True)
    ]


def _kept_slots(state: SyndicateState) -> KeptList:
    return KeptList(_slots(state))


def _discards(state: SyndicateState, player: Audience) -> tuple[list[str], list[str]]:
    """The discarded contracts all saw, and those only ``player`` saw, each sorted."""
    seen_by_all: list[int] = []
    mine: list[int] = []
    for c, seen in zip(state.discards, state.discard_seen, strict=True):
        if seen == SEEN_BY_ALL:
            seen_by_all.append(c)
        elif seen == player:
            mine.append(c)
    seen_by_all.sort()
    mine.sort()
    return contract_codes(seen_by_all), contract_codes(mine)


#: The end-of-game awards (``data.toml``, final_scoring): each colour's most face-up contracts and second most,
#: the most colours face up and second most.
_AWARDS = ("colour_first", "colour_second", "variety_first", "variety_second")

#: Parts of observed views by what they are made of, shared by every view made of the same (a seat, the
#: slots, the discards change seldom from one step to the next); each starts afresh when full.
_KEPT: dict[tuple[Any, ...], Any] = {}
KEPT_LIMIT = 8192


def _kept(key: tuple[Any, ...], build: Callable[..., Any], *args: Any) -> Any:
    """What ``build(*args)`` gives, kept under ``key``."""
    found = _KEPT.get(key)
    if found is None:
        found = _keep(key, build(*args))
    return found


def _keep(key: tuple[Any, ...], value: Any) -> Any:
    if len(_KEPT) >= KEPT_LIMIT:
        _KEPT.clear()
    _KEPT[key] = value
    return value


def _shared_seats(state: SyndicateState) -> list[dict[str, Any]]:
    """Every seat's :func:`_seat`, the same dict for a seat for as long as what it shows is unchanged."""
    seats = []
    credits, flipped, guilds, hands, res, cashed, known = (
        state.credits,
        state.flipped,
        state.guilds,
        state.hands,
        state.res,
        state.cashed,
        state.known,
    )
    for seat in range(state.num_players):
        key = (
            "seat",
            seat,
            credits[seat],
            flipped[seat],
            guilds[seat],
            len(hands[seat]),
            tuple(res[seat]),
            tuple(cashed[seat]),
            tuple(known[seat]),
        )
        found = _KEPT.get(key)
        seats.append(_keep(key, KeptDict(_seat(state, seat, shared=True))) if found is None else found)
    return seats


def _table(state: SyndicateState, player: Audience, shared: bool) -> dict[str, Any]:
    """Everything anyone at the table sees, and what ``player`` sees of its own, but the legal actions
    and the referee's extras; ``shared``: for an observed view (no scores; the galaxy, the seats, the
    slots and the discards shared with other observed views)."""
    n = state.num_players
    if shared:
        seats = _shared_seats(state)
        slots = _kept(("slots", *state.slots, *map(tuple, state.slot_res)), _kept_slots, state)
        discards = _kept(
            ("discards", player, tuple(state.discards), tuple(state.discard_seen)), _discards, state, player
        )
    else:
        seats = [_seat(state, seat) for seat in range(n)]
        slots = _slots(state)
        discards = _discards(state, player)
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
        "galaxy": _shared_galaxy(state) if shared else galaxy_view(state),
        # Loot's path chosen so far, a tile at a time (choice 21)
        "loot_route": [TILES[t].code for t in state.route],
        # the contracts the last Gamble revealed (all saw them)
        "revealed": contract_codes(state.revealed),
        "slots": slots,
        "deck_size": len(state.deck),
        "discard_size": len(state.discards),
        "discards_seen": discards[0],
        "reshuffles": state.reshuffles,
        "pool": state.pool,
        "from_box": state.from_box,
        "last_round": state.end_triggered,
        "turns": state.turns,
        "seats": seats,
    }
    if not shared:
        view["scores"] = state.scores
        view["scoring"] = scoring_view(state)
        numbers = tables(state.rules)
        view["acquire"] = acquire_table(state)
        view["acquire_now"] = acquire_now(state)
        view["connect_costs"] = connect_costs(state)
        view["bribes"] = bribes(state)
        view["guild_costs"] = {COLOURS[c]: numbers.guild_cost[c] for c in range(NUM_COLOURS)}
        view["cash_in"] = [{"face_up": up, "credits": credits} for up, credits in numbers.cash_in]  # by planets held
        view["scoring_awards"] = {key: numbers.scoring[key] for key in _AWARDS}
        view["last_reshuffle"] = LAST_RESHUFFLE
    view["awards"] = list(state.awards)
    view["winners"] = state.winners
    if state.phase == GAMBLE_KEEP:
        view["drawn_count"] = len(state.pending)
    if isinstance(player, int):
        view["hand"] = contract_codes(state.hands[player])
        view["my_discards"] = discards[1]
        if state.offers[player]:
            view["offer"] = contract_codes(state.offers[player])  # in the order dealt: keep 1, keep 2
        if state.phase == GAMBLE_KEEP and state.turn == player:
            view["drawn"] = contract_codes(state.pending)  # in the order drawn: keep 1, 2, 3
    return view


def build_view(state: SyndicateState, player: Audience) -> dict[str, Any]:
    """What ``player`` may know: a seat, ``PUBLIC`` (a spectator: no contract in any hand, no
    offer, no discard only one seat saw, nothing a Gamble drew for another) or ``None`` (the referee)."""
    view = _table(state, player, shared=False)
    if player is None:
        view["hands"] = [contract_codes(h) for h in state.hands]
        view["deck"] = contract_codes(sorted(state.deck))
        view["discards"] = contract_codes(sorted(state.discards))
        view["drawn"] = contract_codes(state.pending)
        view["offers"] = [contract_codes(o) for o in state.offers]
    if player is None or (player != PUBLIC and player == state.current_player):
        view["legal_actions"] = [str(a) for a in state.legal_actions()]
    return view


def observed_view(state: SyndicateState, seat: int) -> dict[str, Any]:
    """The part of ``build_view(state, seat)`` that the observation encoding reads: all but the game's
    name, the scores (credits and awards, which it reads apart) and the legal actions as text. Its
    galaxy and some of its lists are shared with other calls: read it, never change it."""
    return _table(state, seat, shared=True)
