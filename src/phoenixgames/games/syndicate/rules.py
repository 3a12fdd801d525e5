"""The rules of a turn: which actions are legal, and what each does (rulebook, Game Play and Player
Actions). Functions of a :class:`~.state.SyndicateState`, kept apart so the state module stays small.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Action, InvariantError
from . import actions as A
from .components import (
    COLLECT,
    CONTRACT,
    CONTRACT_COLOUR,
    CONTRACT_PLANETS,
    EXPAND,
    FACE_UP_CONTRACTS,
    GAMBLE,
    IS_PLANET,
    LOOT,
    NUM_CARDS,
    NUM_COLOURS,
    NUM_TILES,
    SCHEME,
)
from .parameters import LEAST_PLANET_RESOURCES, MOST_ACTION_BRIBE, tables
from .payment import left_after
from .phases import GAME_OVER, NO_CARD, SEEN_BY_ALL
from .scoring import final_awards

if TYPE_CHECKING:
    from .galaxy import Galaxy
    from .state import SyndicateState

ALL_FLIPPED = (1 << NUM_CARDS) - 1
PLANET_TILES = tuple(t for t in range(NUM_TILES) if IS_PLANET[t])
#: The reshuffle of the deck that starts the last round (SYN-51).
LAST_RESHUFFLE = 2


# ------------------------------------------------------------------ contracts: the deck and the hands
def draw(state: SyndicateState) -> int:
    """Take a random contract from the deck; -1 when there is nothing at all to draw (every contract is
    in play). The deck is never empty while the discard pile is not (``deck_ran_out``)."""
    deck = state.deck
    if not deck:
        return -1
    i = int(state._rng.random() * len(deck))
    contract = deck[i]
    deck[i] = deck[-1]
    deck.pop()
    if not deck:
        deck_ran_out(state)
    return contract


def deck_ran_out(state: SyndicateState) -> None:
    """The deck is empty: reshuffle the discard pile into it at once (rulebook: "If the contract deck
    ever runs out, reshuffle the discard pile"). The second reshuffle, or nothing to reshuffle (all
    contracts are in play), starts the last round (SYN-51)."""
    if not state.discards:
        state.end_triggered = True
        return
    state.deck = state.discards
    state.discards = []
    state.discard_seen = []
    state.reshuffles += 1
    if state.reshuffles >= LAST_RESHUFFLE:
        state.end_triggered = True


def can_draw(state: SyndicateState) -> bool:
    return bool(state.deck or state.discards)


def discard(state: SyndicateState, contract: int, seen: int) -> None:
    """Lay a contract face down on the discard pile; ``seen``: SEEN_BY_ALL or the one seat that saw it. Onto
    an empty deck's place, it is reshuffled into a deck of one at once."""
    state.discards.append(contract)
    state.discard_seen.append(seen)
    if not state.deck:
        deck_ran_out(state)


def unknown_in_hand(state: SyndicateState, seat: int) -> list[int]:
    """The contracts of ``seat``'s hand that the other seats have not seen it take."""
    hidden = state.hands[seat].copy()
    for c in state.known[seat]:
        hidden.remove(c)
    return hidden


def take_into_hand(state: SyndicateState, seat: int, contract: int, *, seen: bool = False) -> None:
    hand = state.hands[seat]
    hand.append(contract)
    hand.sort()
    if seen:
        state.known[seat].append(contract)


def leave_hand(state: SyndicateState, seat: int, contract: int) -> None:
    state.hands[seat].remove(contract)
    known = state.known[seat]
    if contract in known:
        known.remove(contract)


def gain_credits(state: SyndicateState, seat: int, count: int) -> None:
    """Credits from the pool; once it is empty, from the box. Emptying it starts the last round (SYN-50)."""
    if count <= 0:
        return
    from_pool = min(count, state.pool)
    state.pool -= from_pool
    state.from_box += count - from_pool
    state.credits[seat] += count
    if state.pool == 0:
        state.end_triggered = True


#: CONTRACT_MASK[contract]: the contract's planets, as a bitmask of tiles.
CONTRACT_MASK = tuple(sum(1 << t for t in planets) for planets in CONTRACT_PLANETS)


def planets_held(state: SyndicateState, seat: int, contract: int) -> int:
    """On how many of the contract's planets ``seat`` has an agent."""
    return (state.owned[seat] & CONTRACT_MASK[contract]).bit_count()


def cash_in(state: SyndicateState, seat: int, contract: int) -> None:
    """Reveal a contract from hand: face up with an agent on one of its planets (+1 credit with two,
    +3 with all three, as the game's parameters say); discarded with none (SYN-36)."""
    leave_hand(state, seat, contract)
    face_up, credits = tables(state.rules).cash_in[planets_held(state, seat, contract)]
    if not face_up:
        discard(state, contract, SEEN_BY_ALL)
        return
    state.cashed[seat].append(contract)
    gain_credits(state, seat, credits)


# ------------------------------------------------------------------ agents and resources
def place_agent(state: SyndicateState, seat: int, tile: int) -> None:
    """An agent on ``tile`` (beside the seat's own agent if one is there already); the first agent on a
    Colony takes its credit (SYN-11)."""
    if state.owned[seat] >> tile & 1:
        stacked = state.stacked[seat]
        stacked.append(tile)
        stacked.sort()
        return
    state.agents[tile] |= 1 << seat
    state.owned[seat] |= 1 << tile
    if state.credit_on >> tile & 1:
        state.credit_on &= ~(1 << tile)
        state.credits[seat] += state.rules.colony_credit


def acquired(state: SyndicateState, seat: int, tile: int, *, full_moon: bool = False) -> tuple[int, ...]:
    """What acquiring at ``tile`` gives ``seat`` now, by colour: 4 of the planet's colour, 2 of its moon's
    alone or 1 when others are there; Reega and Sabean Core their fixed amounts (SYN-30, SYN-31).
    ``full_moon``: Scheme's full 2 from the moon (SYN-46)."""
    alone, shared = tables(state.rules).acquire[tile]
    return alone if full_moon or state.agents[tile] & ~(1 << seat) == 0 else shared


def acquire(state: SyndicateState, seat: int, tile: int, *, full_moon: bool = False) -> None:
    """Take what acquiring at ``tile`` gives (``acquired``) from the supply."""
    gain = acquired(state, seat, tile, full_moon=full_moon)
    res, made = state.res[seat], state.made
    for colour in range(NUM_COLOURS):
        res[colour] += gain[colour]
        made[colour] += gain[colour]


def acquire_gain(state: SyndicateState, seat: int, tile: int) -> int:
    """How many resources acquiring at ``tile`` would give ``seat`` now."""
    return tables(state.rules).gain[tile][state.agents[tile] & ~(1 << seat) != 0]


def contract_bribe(state: SyndicateState, seat: int) -> int:
    """The Contract action's bribe: one (``contract_bribe_per_card``) per other unflipped action card (SYN-48)."""
    per_card: int = state.rules.contract_bribe_per_card
    return per_card * (NUM_CARDS - 1 - state.flipped[seat].bit_count())


# ------------------------------------------------------------------ the actions of a turn
def choose_actions(state: SyndicateState, p: int) -> list[Action]:
    """The actions of the face-up cards whose bribe can be paid (SYN-20, SYN-21)."""
    flipped, res, owned = state.flipped[p], state.res[p], state.owned[p]
    total = sum(res)
    numbers = tables(state.rules)
    bribes, gain = numbers.bribe, numbers.gain
    actions: list[Action] = []
    if not flipped >> LOOT & 1:  # every path that can be paid for leaves the bribe payable (LOOT_PAYS_ITS_BRIBE)
        actions.extend(loot_starts(state.galaxy, owned, res))
    collect, expand = not flipped >> COLLECT & 1, not flipped >> EXPAND & 1
    if (collect or expand) and ACQUIRING_PAYS_THE_BRIBE:
        acquiring = acquire_options(state.galaxy, owned)
        if collect:
            actions.extend(acquiring[0])
        if expand:
            actions.extend(acquiring[1])
    elif collect or expand:  # pragma: no cover - with planets that may yield less than the bribes
        planets = [t for t in PLANET_TILES if owned >> t & 1]
        after = [total + acquire_gain(state, p, t) for t in planets]  # resources after acquiring there
        if collect:
            bribe = bribes[COLLECT]
            actions.extend(A.COLLECT_AT[t] for t, left in zip(planets, after, strict=True) if left >= bribe)
        if expand:
            bribe = bribes[EXPAND]
            actions.extend(A.EXPAND_AT[t] for t, left in zip(planets, after, strict=True) if left >= bribe)
    if not flipped >> GAMBLE & 1 and can_draw(state):
        actions.extend((A.GAMBLE_REVEAL, A.GAMBLE_THREE))
    if not flipped >> SCHEME & 1:
        bribe = bribes[SCHEME]
        for c in sorted(set(state.hands[p])):
            for t in CONTRACT_PLANETS[c]:
                if total + gain[t][0] >= bribe:
                    actions.append(A.SCHEME_AT[c, t])
    if not flipped >> CONTRACT & 1:
        bribe = contract_bribe(state, p)
        for slot in range(FACE_UP_CONTRACTS):
            if state.slots[slot] >= 0 and total + sum(state.slot_res[slot]) >= bribe:
                actions.append(A.CLAIM[slot])
    return actions


#: A loot path that can be paid for: (path, cost, cost's size, destination, the most it asks of one colour).
LootOption = tuple[tuple[int, ...], tuple[int, ...], int, int, int]
#: One of Expand's candidates (``connect_options``): the connection, its cost, the cost's size, the most it
#: asks of one colour.
ConnectOption = tuple[A.Connect, tuple[int, ...], int, int]


def loot_options(galaxy: Galaxy, owned: int) -> tuple[LootOption, ...]:
    """Every loot path of a seat holding ``owned``, in a stable order (``Galaxy.loot_paths``)."""

    def build() -> tuple[LootOption, ...]:
        return tuple((path, cost, sum(cost), path[-1], max(cost)) for path, cost in galaxy.loot_paths(owned))

    return galaxy.remember(("loot", owned), build)


#: Whether acquiring on any planet, shared or not, brings in at least the bribes of Collect and Expand
#: at every value of the parameters (``parameters.py`` bounds both): then each may be chosen on every
#: planet holding the seat's agent (SYN-21).
ACQUIRING_PAYS_THE_BRIBE = LEAST_PLANET_RESOURCES >= MOST_ACTION_BRIBE


def acquire_options(galaxy: Galaxy, owned: int) -> tuple[tuple[A.Collect, ...], tuple[A.Expand, ...]]:
    """Collect's and Expand's actions on every planet a seat holding ``owned`` has an agent on."""

    def build() -> tuple[tuple[A.Collect, ...], tuple[A.Expand, ...]]:
        planets = [t for t in PLANET_TILES if owned >> t & 1]
        return tuple(A.COLLECT_AT[t] for t in planets), tuple(A.EXPAND_AT[t] for t in planets)

    return galaxy.remember(("acquire", owned), build)


#: Whether acquiring on any planet, shared or not, brings in at least Loot's bribe at every value of the
#: parameters: then a loot path that can be paid for leaves the bribe payable too (SYN-21), and a path
#: is offered if it can be paid.
LOOT_PAYS_ITS_BRIBE = LEAST_PLANET_RESOURCES >= MOST_ACTION_BRIBE
if not LOOT_PAYS_ITS_BRIBE:  # pragma: no cover - planets that yield less than Loot's bribe
    raise InvariantError("a loot path would have to be checked against its bribe too")


def payable_loot(galaxy: Galaxy, owned: int, res: list[int]) -> tuple[LootOption, ...]:
    """Loot's paths (as ``loot_options``) a seat holding ``owned`` and ``res`` can pay for."""

    def build() -> tuple[LootOption, ...]:
        total, fewest = sum(res), min(res)  # a path asking no more of any colour than the fewest needs no exchange
        return tuple(
            option
            for option in loot_options(galaxy, owned)
            if option[2] <= total and (option[4] <= fewest or left_after(res, option[1]) >= 0)
        )

    return galaxy.remember_payable(("loot", owned, *res), build)


def loot_starts(galaxy: Galaxy, owned: int, res: list[int]) -> tuple[Action, ...]:
    """The Loot card's actions: each tile a payable path starts from (``loot from C3``), in order."""

    def build() -> tuple[Action, ...]:
        starts = sorted({option[0][0] for option in payable_loot(galaxy, owned, res)})
        return tuple(A.LOOT_FROM[t] for t in starts)

    return galaxy.remember_payable(("loot from", owned, *res), build)


def loot_paths_after(galaxy: Galaxy, owned: int, res: list[int], route: list[int]) -> list[LootOption]:
    """The payable loot paths that begin with ``route`` (the tiles chosen so far)."""
    k = len(route)
    head = tuple(route)
    return [option for option in payable_loot(galaxy, owned, res) if option[0][:k] == head]


def loot_steps(galaxy: Galaxy, owned: int, res: list[int], route: list[int]) -> tuple[Action, ...]:
    """The next tiles of a loot's path (``to A2``): each one some payable path that begins with
    ``route`` goes on to, in tile order. The card and the path's start were chosen only where a path
    could be paid for, and every tile offered leads on to one, so the steps reach exactly the paths
    the card could (docs/rules/syndicate.md, choice 21)."""

    def build() -> tuple[Action, ...]:
        k = len(route)
        following = sorted({option[0][k] for option in loot_paths_after(galaxy, owned, res, route)})
        return tuple(A.LOOT_TO[t] for t in following)

    return galaxy.remember_payable(("loot to", owned, *res, -1, *route), build)


def connect_options(galaxy: Galaxy, owned: int) -> tuple[ConnectOption, ...]:
    """Expand's candidates for a seat holding ``owned``: (action, cost, cost's size, the most it asks of
    one colour), in a stable order: every tile next to one of the seat's agents, its own tiles too
    (docs/rules/syndicate.md, choice 5)."""

    def build() -> tuple[ConnectOption, ...]:
        found = [
            (A.CONNECT[origin, tile], cost, sum(cost), max(cost))
            for origin in range(NUM_TILES)
            if owned >> origin & 1
            for tile, cost in galaxy.links[origin]
        ]
        found.sort(key=lambda option: (option[0].origin, option[0].tile))
        return tuple(found)

    return galaxy.remember(("connect", owned), build)


def connect_actions(state: SyndicateState, p: int) -> list[Action]:
    """Expand's connections: to a tile next to one of yours, keeping enough for the bribe (SYN-42)."""
    res = state.res[p]
    keep = state.bribe_total
    galaxy, owned = state.galaxy, state.owned[p]

    def build() -> tuple[A.Connect, ...]:
        total, fewest = sum(res), min(res)  # a link asking no more of any colour than the fewest needs no exchange
        return tuple(
            action
            for action, cost, size, most in connect_options(galaxy, owned)
            if size + keep <= total and (most <= fewest or left_after(res, cost) >= keep)
        )

    actions: list[Action] = list(galaxy.remember_payable(("connect", owned, keep, *res), build))
    actions.append(A.STOP)
    return actions


def join_actions(state: SyndicateState, p: int) -> list[Action]:
    """The guilds ``p`` may join now: not joined before, cost payable with the bribe still to pay (SYN-47)."""
    actions: list[Action] = []
    res = state.res[p]
    guild_cost = tables(state.rules).guild_cost
    for colour in range(NUM_COLOURS):
        if state.guilds[p] >> colour & 1:
            continue
        cost = [0] * NUM_COLOURS
        cost[colour] = guild_cost[colour]
        if left_after(res, cost) >= state.bribe_total:
            actions.append(A.JOIN[colour])
    return actions


# ------------------------------------------------------------------ what actions do
def reveal_two(state: SyndicateState, p: int) -> None:
    """Gamble's reveal: two more contracts drawn and revealed, then both discarded, each giving its
    colour's resource (SYN-43)."""
    revealed = [c for c in (draw(state), draw(state)) if c >= 0]
    state.revealed = revealed
    for c in revealed:
        discard(state, c, SEEN_BY_ALL)
        colour = CONTRACT_COLOUR[c]
        state.res[p][colour] += 1
        state.made[colour] += 1


def finish_game(state: SyndicateState) -> None:
    """Cash in every hand, then award colours, variety and guilds (SYN-52 to SYN-56)."""
    for seat in range(state.num_players):
        for contract in list(state.hands[seat]):
            cash_in(state, seat, contract)
    awards = final_awards(state.cashed, state.owned, state.guilds, tables(state.rules).scoring)
    state.awards = [sum(a.values()) for a in awards]
    state.phase = GAME_OVER
    state.card = NO_CARD
