"""How a sensible casual player plays The Phoenix Syndicate, for the greedy agent and for bots.

- Spread agents towards the planets of the contracts in hand (and on the slots), Colonies still holding
  their credit, and planets of the guilds joined; pay little for each link.
- Cash in (Scheme) contracts whose planets hold your agents; claim (Contract) the slot contracts you
  are closest to completing, or turn your cards face up when few are left.
- Keep and cash in the contracts worth most; join a guild whose colour you already hold planets of.
- Pay bribes with the colours held most; put the first resource on the slot you mean to claim.
- Open an exchange only when the action preferred (a loot path, a link, a guild) asks for a colour not
  held, then turn in three resources for it: what that action does not need, the colours held most.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from ...engine import Action, Rules
from . import actions as A
from .components import (
    COLLECT,
    CONTRACT_PLANETS,
    EXCHANGE_RATE,
    EXPAND,
    GUILD_COLOURS,
    IS_PLANET,
    LOOT,
    NUM_CARDS,
    NUM_COLOURS,
    NUM_TILES,
    SCHEME,
)
from .exchange import is_legal_exchange
from .parameters import Tables, tables
from .phases import (
    BRIBING,
    CASHING,
    CHOOSE,
    CONNECTING,
    GAMBLE_KEEP,
    JOINING,
    KEEP_START,
    LOOTING,
    PLACE_FIRST,
    PLACE_SECOND,
)
from .rules import (
    acquire_gain,
    contract_bribe,
    loot_paths_after,
    loot_starts,
    payable_loot,
    planets_held,
)
from .scoring import agents_on_planets, final_awards, guild_credits

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from .galaxy import Galaxy
    from .state import SyndicateState

RESOURCE_VALUE = 0.22  # a resource, in credits
AGENT_VALUE = 0.3  # an agent on any planet: a place to acquire from, and the tie-break
FACE_UP_VALUE = 1.0  # a face-up contract's worth towards colour majorities and variety




def _contract_values(state: SyndicateState) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """The credits for a contract cashed with 0-3 of its planets held, and what one more agent on a
    contract's planets is worth by how many it held before: worked out once for each set of rules."""
    return state.rules.derived(_values_of_contracts)


def _values_of_contracts(rules: Rules) -> tuple[tuple[float, ...], tuple[float, ...]]:
    cash = tuple(float(credits) for _, credits in tables(rules).cash_in)
    return cash, (FACE_UP_VALUE, cash[2], cash[3] - cash[2], 0.0)


def cash_value(state: SyndicateState) -> tuple[float, ...]:
    """The credits for a contract cashed with 0-3 of its planets held, in this game's rules."""
    return _contract_values(state)[0]


def next_planet(state: SyndicateState) -> tuple[float, ...]:
    """What one more agent on a contract's planets is worth, by how many it held before."""
    return _contract_values(state)[1]


#: What an agent on each tile is worth before the credit, guilds and contracts: a place to acquire from
#: (every planet gives resources there, whatever the parameters: ``parameters.LEAST_PLANET_RESOURCES``).
BASE_WANT = tuple(AGENT_VALUE if IS_PLANET[tile] else 0.0 for tile in range(NUM_TILES))
#: GUILD_WANT[guilds][tile]: how many of the joined ``guilds`` (a bitmask of colours) the tile counts for.
GUILD_WANT = tuple(
    tuple(sum(guilds >> c & 1 for c in GUILD_COLOURS[tile]) for tile in range(NUM_TILES))
    for guilds in range(1 << NUM_COLOURS)
)


def tile_wants(state: SyndicateState, seat: int) -> list[float]:
    """What an agent on each tile would be worth to ``seat`` (0 where it already has one)."""
    owned = state.owned[seat]
    want = [0.0] * NUM_TILES
    guild_want = GUILD_WANT[state.guilds[seat]]
    credit_on = state.credit_on
    colony_credit = float(state.rules.colony_credit)
    for tile in range(NUM_TILES):
        if owned >> tile & 1:
            continue
        value = BASE_WANT[tile]
        if credit_on >> tile & 1:
            value += colony_credit
        want[tile] = value + guild_want[tile]
    more = next_planet(state)
    for contracts, weight in ((state.hands[seat], 1.0), ([c for c in state.slots if c >= 0], 0.4)):
        for c in contracts:
            bonus = weight * more[planets_held(state, seat, c)]
            for tile in CONTRACT_PLANETS[c]:
                if not owned >> tile & 1:
                    want[tile] += bonus
    return want


def contract_value(state: SyndicateState, seat: int, contract: int) -> float:
    """What cashing in ``contract`` now would bring ``seat``."""
    held = planets_held(state, seat, contract)
    return cash_value(state)[held] + (FACE_UP_VALUE if held else -0.5)


def _most_held(res: list[int]) -> int:
    return max(range(NUM_COLOURS), key=lambda c: (res[c], -c))


def expand_reach(state: SyndicateState, seat: int, want: list[float]) -> float:
    """The best agent one link from ``seat``'s agents is worth, less the link's cost (0 at worst): what
    an Expand's extra reach promises, the same for every tile expanded from."""
    galaxy, owned = state.galaxy, state.owned[seat]
    best = 0.0
    for origin in range(NUM_TILES):
        if owned >> origin & 1:
            for tile, cost in galaxy.links[origin]:
                value = want[tile] - RESOURCE_VALUE * sum(cost)
                if value > best:
                    best = value
    return best


#: What each resource lacking costs, in credits, when an exchange makes it up: two resources lost.
LOSS_PER_SHORT = RESOURCE_VALUE * (EXCHANGE_RATE - 1)


def shortfall(res: list[int], cost: tuple[int, ...] | list[int]) -> int:
    """How many of the resources ``cost`` asks for ``res`` lacks."""
    # unrolled over the five colours: the heuristic asks this of every loot path and link it weighs
    short = 0
    diff = cost[0] - res[0]
    if diff > 0:
        short += diff
    diff = cost[1] - res[1]
    if diff > 0:
        short += diff
    diff = cost[2] - res[2]
    if diff > 0:
        short += diff
    diff = cost[3] - res[3]
    if diff > 0:
        short += diff
    diff = cost[4] - res[4]
    if diff > 0:
        short += diff
    return short


def exchange_loss(res: list[int], cost: tuple[int, ...] | list[int]) -> float:
    """What the exchanges paying ``cost`` from ``res`` would need lose, in credits: two resources for
    each one lacking."""
    return LOSS_PER_SHORT * shortfall(res, cost)


def _choose_scorer(state: SyndicateState, seat: int, want: list[float]) -> Callable[[Action], float]:
    """The score of each card action at a choice of card (what is the same for all of them, once)."""
    res = state.res[seat]
    total = sum(res)
    collect_bonus = 0.6 if total < 6 else -0.3
    reach: list[float] = []  # expand_reach, found at the first Expand
    numbers = tables(state.rules)
    gain, bribe = numbers.gain, numbers.bribe

    def score(action: Action) -> float:
        match action:
            case A.Collect(tile=tile):
                return RESOURCE_VALUE * (acquire_gain(state, seat, tile) - bribe[COLLECT]) + collect_bonus
            case A.Expand(tile=tile):
                if not reach:
                    reach.append(expand_reach(state, seat, want))
                return RESOURCE_VALUE * (acquire_gain(state, seat, tile) - bribe[EXPAND]) + reach[0] * 1.2
            case A.Gamble(three=three):
                room = state.rules.hand_limit - len(state.hands[seat])
                return (0.9 if room > 1 else 0.4 if room == 1 else -0.2) + (0.1 if three else 0.0)
            case A.Scheme(contract=contract, tile=tile):
                return contract_value(state, seat, contract) + RESOURCE_VALUE * (gain[tile][0] - bribe[SCHEME]) + 0.2
            case A.ClaimContract(slot=slot):
                contract = state.slots[slot]
                flipped = state.flipped[seat].bit_count()
                held = planets_held(state, seat, contract)
                value = 0.6 * held + RESOURCE_VALUE * (sum(state.slot_res[slot]) - contract_bribe(state, seat))
                return value + 0.35 * flipped + (2.0 if flipped == NUM_CARDS - 1 else 0.0)
            case A.Loot(tile=tile):  # for a list of actions ``loot_by_planet`` does not cover: its best path
                return best_loot_value(state, seat, want, [tile])
        return 0.0

    return score


def _best_card(state: SyndicateState, seat: int, legal: list[Action], rng: random.Random) -> Action:
    """The card action scored highest at a choice of card; exact ties drawn at random. A loot path is
    worth its planet, a little for each asteroid field passed, what it brings in less what it costs,
    and less what the exchanges it would need lose (``loot_by_planet``)."""
    want = tile_wants(state, seat)
    numbers = tables(state.rules)
    gain, bribe = numbers.gain, numbers.bribe
    collect_bribe, expand_bribe = bribe[COLLECT], bribe[EXPAND]
    chosen: Action | None
    ties: Sequence[Action | None] | None
    chosen, best, ties = None, -1e9, None
    start = 0
    if legal[0].__class__ is A.Loot:
        res = state.res[seat]
        groups = loot_by_planet(state.galaxy, state.owned[seat], res, numbers)
        start = _lists_loot(legal, loot_starts(state.galaxy, state.owned[seat], res))
        for tile, worth, paths in groups[:-1] if start else ():
            value = want[tile] + worth
            # a tie among paths keeps one start per path: the start is drawn as the path would be
            starts = [A.LOOT_FROM[path[0]] for path in paths]
            if value > best:
                best = value
                chosen, ties = (starts[0], None) if len(starts) == 1 else (None, starts)
            elif value == best:
                ties = [*(ties or (chosen,)), *starts]
                chosen = None
    score = _choose_scorer(state, seat, want)
    agents, others = state.agents, ~(1 << seat)
    collect_bonus = 0.6 if sum(state.res[seat]) < 6 else -0.3
    reach = None
    for index in range(start, len(legal)):
        action = legal[index]
        match action:
            case A.Collect(tile=tile):  # as ``score`` has it, written out for the many planets held
                value = RESOURCE_VALUE * (gain[tile][agents[tile] & others != 0] - collect_bribe) + collect_bonus
            case A.Expand(tile=tile):
                if reach is None:
                    reach = expand_reach(state, seat, want) * 1.2
                value = RESOURCE_VALUE * (gain[tile][agents[tile] & others != 0] - expand_bribe) + reach
            case _:
                value = score(action)
        if value > best:
            chosen, best, ties = action, value, None
        elif value == best:
            ties = [*(ties or (chosen,)), action]
            chosen = None
    # a tie is with an action chosen before it, never with the None chosen starts from
    return chosen if ties is None else ties[int(rng.random() * len(ties))]  # type: ignore[return-value]


def _lists_loot(legal: list[Action], starts: tuple[Action, ...]) -> int:
    """How many loot starts ``legal`` begins with, if exactly ``starts`` (as ``choose_actions`` lists
    them): then ``loot_by_planet`` scores them; else 0."""
    count = len(starts)
    if (
        0 < count <= len(legal)
        and legal[0] is starts[0]
        and legal[count - 1] is starts[-1]
        and (count == len(legal) or legal[count].__class__ is not A.Loot)
    ):
        return count
    return 0


def best_loot_value(state: SyndicateState, seat: int, want: list[float], route: list[int]) -> float:
    """What the best payable loot path that begins with ``route`` is worth to ``seat``."""
    res = state.res[seat]
    options = loot_paths_after(state.galaxy, state.owned[seat], res, route)
    numbers = tables(state.rules)
    return max(
        (want[tile] + loot_worth(path, cost, size, res, numbers) for path, cost, size, tile, _ in options),
        default=-1e9,
    )


def best_loot_path(state: SyndicateState, seat: int, route: list[int], rng: random.Random | None) -> tuple[int, ...]:
    """The payable loot path beginning with ``route`` the heuristic likes best (``rng`` breaks exact
    ties; without it, the first in order)."""
    want = tile_wants(state, seat)
    res = state.res[seat]
    options = loot_paths_after(state.galaxy, state.owned[seat], res, route)
    numbers = tables(state.rules)
    best, chosen = -1e18, []
    for path, cost, size, tile, _ in options:
        value = want[tile] + loot_worth(path, cost, size, res, numbers)
        if value > best:
            best, chosen = value, [path]
        elif value == best:
            chosen.append(path)
    if rng is None or len(chosen) == 1:
        return chosen[0]
    return chosen[int(rng.random() * len(chosen))]


def loot_worth(path: tuple[int, ...], cost: tuple[int, ...], size: int, res: list[int], numbers: Tables) -> float:
    """What a loot path costing ``cost`` (``size`` resources in all) is worth to a seat holding ``res``,
    but for the planet it ends on: a little for each asteroid field passed, what it brings in less what
    it costs and the bribe, less what the exchanges it would need lose (``numbers``: the game's tables)."""
    tile = path[-1]
    worth = 0.1 * (len(path) - 2) + RESOURCE_VALUE * (numbers.gain[tile][0] - size - numbers.bribe[LOOT])
    return worth - LOSS_PER_SHORT * shortfall(res, cost)


#: The loot paths ending on one planet (``loot_by_planet``): the planet, the most a path there is worth but
#: for the planet itself, and the paths worth that.
LootGroup = tuple[int, float, tuple[tuple[int, ...], ...]]


def loot_by_planet(galaxy: Galaxy, owned: int, res: list[int], numbers: Tables) -> tuple[*tuple[LootGroup, ...], int]:
    """The loot paths a seat holding ``owned`` and ``res`` can pay for, by the planet each ends on: per
    planet, (planet, the most a path there is worth but for the planet itself, the paths worth that),
    then how many paths there are in all. What a path is worth apart from its planet depends on the
    agents and resources alone, so it is kept with the move lists (``remember_payable``)."""

    def build() -> tuple[*tuple[LootGroup, ...], int]:
        groups: dict[int, tuple[float, list[tuple[int, ...]]]] = {}
        options = payable_loot(galaxy, owned, res)
        for path, cost, size, tile, _ in options:
            worth = loot_worth(path, cost, size, res, numbers)
            found = groups.get(tile)
            if found is None or worth > found[0]:
                groups[tile] = (worth, [path])
            elif worth == found[0]:
                found[1].append(path)
        return (*((tile, worth, tuple(paths)) for tile, (worth, paths) in groups.items()), len(options))

    return galaxy.remember_payable(("greedy loot", owned, *res), build)


def _best_connection(state: SyndicateState, seat: int, legal: list[Action], rng: random.Random) -> Action:
    """During Expand: the link whose tile is worth most less what it costs (the exchanges it would need
    too), or ``stop`` (worth 0.25) when none is worth more. A tile worth no more than the best so far
    is passed over unpriced: every link costs something."""
    want = tile_wants(state, seat)
    costs = state.galaxy.link_cost
    res = state.res[seat]
    chosen: Action = A.STOP
    best, ties = 0.25, None
    for action in legal:
        if not isinstance(action, A.Connect):
            continue
        value = want[action.tile]
        if value <= best:
            continue
        cost = costs[action.origin, action.tile]
        value -= RESOURCE_VALUE * (cost[0] + cost[1] + cost[2] + cost[3] + cost[4])
        value -= LOSS_PER_SHORT * shortfall(res, cost)
        if value > best:
            chosen, best, ties = action, value, None
        elif value == best:
            ties = [chosen, action] if ties is None else [*ties, action]
    return chosen if ties is None else ties[int(rng.random() * len(ties))]


def _best(legal: list[Action], score: Callable[[Any], float], rng: random.Random) -> Action:
    """The action with the highest ``score``; exact ties drawn at random. ``score`` may read the fields of
    the one kind of action its phase offers (a placement's ``tile``), hence ``Any``."""
    chosen = legal[0]
    best = score(chosen)
    ties = None
    for index in range(1, len(legal)):
        action = legal[index]
        value = score(action)
        if value > best:
            chosen, best, ties = action, value, None
        elif value == best:
            ties = [chosen, action] if ties is None else [*ties, action]
    return chosen if ties is None else ties[int(rng.random() * len(ties))]


def action_cost(state: SyndicateState, action: Action) -> tuple[int, ...] | list[int] | None:
    """What ``action`` asks for in given colours (a loot path, a link, a guild), if anything."""
    match action:
        case A.Loot(tile=tile):  # the path the heuristic would take from there
            return state.galaxy.path_cost(best_loot_path(state, state.turn, [tile], None))
        case A.Connect(origin=origin, tile=tile):
            return state.galaxy.link_cost[origin, tile]
        case A.Join(colour=colour) if colour >= 0:
            cost = [0] * NUM_COLOURS
            cost[colour] = tables(state.rules).guild_cost[colour]
            return cost
    return None


def exchange_to_afford(res: list[int], cost: tuple[int, ...] | list[int] | None) -> A.Exchange | None:
    """The exchange that brings in a colour ``cost`` asks for and ``res`` lacks, giving up three of
    the resources the cost leaves over, those held most first; None if nothing is lacking (or nothing
    is left over to give)."""
    if cost is None:
        return None
    short = [colour for colour in range(NUM_COLOURS) if res[colour] < cost[colour]]
    if not short:
        return None
    spare = [max(res[colour] - cost[colour], 0) for colour in range(NUM_COLOURS)]
    give = []
    for _ in range(EXCHANGE_RATE):
        colour = max(range(NUM_COLOURS), key=lambda c: (spare[c], -c))
        if spare[colour] <= 0:
            return None
        spare[colour] -= 1
        give.append(colour)
    return A.exchange_of(tuple(sorted(give)), short[0])


def greedy_action(state: SyndicateState, rng: random.Random) -> Action:
    """The action the heuristic prefers; ``rng`` breaks exact ties. An exchange is opened (``exchange``,
    listed last) only when the action preferred needs a colour the seat lacks and an exchange can
    bring it in; once open, that exchange is made."""
    return _greedy_among(state, state.legal_actions(), rng)


def searched_actions(state: SyndicateState, legal: list[Action], rng: random.Random) -> list[Action]:
    """The legal actions a search weighs: all of them but an exchange the heuristic would not make.

    An exchange gives up two resources and then offers dozens of ways to do so; weighed as a move
    like any other, the search's noisy estimates of its many outcomes make it look better than it is,
    and the search came to open one at almost every decision (and lost to the greedy agent). So the
    search opens an exchange only where the heuristic would (an action it prefers lacks a colour),
    and makes the exchange the heuristic makes. A payment still turns resources in by itself.
    """
    if state.exchanging:
        return [_greedy_among(state, legal, rng)] if len(legal) > 1 else legal
    if len(legal) < 2 or legal[-1] is not A.OPEN_EXCHANGE:
        return legal
    if _greedy_among(state, list(legal), rng) is A.OPEN_EXCHANGE:
        return legal
    return legal[:-1]


def _greedy_among(state: SyndicateState, legal: list[Action], rng: random.Random) -> Action:
    """``greedy_action`` given the legal actions: a list of the caller's own, which it may shorten
    (a rollout asks at every step, so the state's fresh list is not copied)."""
    if len(legal) == 1:
        return legal[0]
    if state.exchanging:
        return _exchange_for_preferred(state, legal, rng)
    if legal[-1] is not A.OPEN_EXCHANGE:
        return _preferred(state, legal, rng)
    legal.pop()  # the exchange: the greedy weighs the decision's own actions first
    chosen = _preferred(state, legal, rng)
    cost = action_cost(state, chosen)
    if cost is None:
        return chosen
    exchange = exchange_to_afford(state.res[state.turn], cost)
    if exchange is None:
        return chosen
    cards = legal if state.phase == CHOOSE else None
    return A.OPEN_EXCHANGE if is_legal_exchange(state, state.turn, exchange, cards) else chosen


def _exchange_for_preferred(state: SyndicateState, legal: list[Action], rng: random.Random) -> Action:
    """With an exchange open: the one that brings in the colour the action preferred at the decision
    underneath lacks; failing that (the rng broke a tie the other way), the three resources held most
    for the colour held least."""
    res = state.res[state.turn]
    exchange = exchange_to_afford(res, action_cost(state, _preferred(state, state.decision_actions(), rng)))
    if exchange is not None and exchange in legal:
        return exchange
    least = min(range(NUM_COLOURS), key=lambda c: (res[c], c))
    exchanges = [a for a in legal if isinstance(a, A.Exchange)]
    return max(exchanges, key=lambda a: (a.take == least, sum(res[c] for c in a.give)))


def _preferred(state: SyndicateState, legal: list[Action], rng: random.Random) -> Action:
    """The heuristic's choice among ``legal`` (no exchanges among them)."""
    seat = state.turn
    phase = state.phase
    if len(legal) == 1:
        return legal[0]

    def best(score: Callable[[Any], float]) -> Action:
        return _best(legal, score, rng)

    if phase == CHOOSE:
        return _best_card(state, seat, legal, rng)
    if phase == CONNECTING:
        return _best_connection(state, seat, legal, rng)
    if phase == LOOTING:
        route = state.route
        path = best_loot_path(state, seat, route, rng)
        step = A.LOOT_TO[path[len(route)]]
        return step if step in legal else rng.choice(legal)
    if phase in (PLACE_FIRST, PLACE_SECOND):
        want = tile_wants(state, seat)
        gain = tables(state.rules).gain
        return best(lambda a: want[a.tile] + 0.05 * gain[a.tile][0])
    if phase in (KEEP_START, GAMBLE_KEEP):
        want = tile_wants(state, seat)
        offered = state.offers[seat] if phase == KEEP_START else state.pending

        def keep_score(a: Action) -> float:
            if not isinstance(a, A.Keep):
                return 0.0
            contract = offered[a.index]
            return planets_held(state, seat, contract) + 0.1 * sum(want[t] for t in CONTRACT_PLANETS[contract])

        return best(keep_score)
    if phase == CASHING:
        return best(lambda a: contract_value(state, seat, a.contract) if isinstance(a, A.CashIn) else 0.0)
    if phase == JOINING:
        owned, guilds = state.owned[seat], state.guilds[seat]

        res = state.res[seat]

        def join_score(a: Action) -> float:
            if not isinstance(a, A.Join) or a.colour < 0:
                return 1.5
            value = guild_credits(owned, 1 << a.colour) + 0.5 * (guilds == 0)
            return value - exchange_loss(res, action_cost(state, a))  # type: ignore[arg-type]

        return best(join_score)
    if phase == BRIBING:
        colour = _most_held(state.res[seat])
        if state.bribe_left == state.bribe_total:
            slot_value = [0.6 * planets_held(state, seat, c) if c >= 0 else -1.0 for c in state.slots]
            return best(lambda a: (a.colour == colour) * 10 + slot_value[a.slot])
        return best(lambda a: a.colour == colour)
    return rng.choice(legal)


def estimate(state: SyndicateState) -> list[float]:
    """Each seat's final credits, roughly: credits now, the hand cashed in as it stands, colour and
    variety awards as they stand, guilds, and a little for resources and agents."""
    n = state.num_players
    if state.is_over:
        return [float(s) for s in state.scores]
    cashed = [list(c) for c in state.cashed]
    cash = cash_value(state)
    totals = [float(c) for c in state.credits]
    for seat in range(n):
        for c in state.hands[seat]:
            held = planets_held(state, seat, c)
            totals[seat] += cash[held]
            if held:
                cashed[seat].append(c)
        totals[seat] += 0.1 * sum(state.res[seat]) + 0.1 * agents_on_planets(state.owned[seat], state.stacked[seat])
    for seat, awards in enumerate(final_awards(cashed, state.owned, state.guilds, tables(state.rules).scoring)):
        totals[seat] += sum(awards.values())
    return totals


def evaluate(state: SyndicateState, seat: int) -> float:
    """How far ``seat`` is ahead of its strongest rival, in estimated final credits."""
    totals = estimate(state)
    mine = totals.pop(seat)
    return mine - max(totals)
