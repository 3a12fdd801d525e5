"""The rules of a turn: which actions are legal, and what each does (rulebook, Game Play and Player
Actions). Functions of a :class:`~.state.SyndicateState`, kept apart so the state module stays small.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Action, InvariantError
from . import actions as A
from . import phases as s
from .components import (
    ACQUIRE,
    ACTION_CARDS,
    CASH_THREE,
    CASH_TWO,
    COLLECT,
    CONTRACT,
    CONTRACT_COLOUR,
    CONTRACT_PLANETS,
    EXPAND,
    FACE_UP_CONTRACTS,
    GAMBLE,
    GUILD_COST,
    HAND_LIMIT,
    IS_PLANET,
    LOOT,
    NUM_CARDS,
    NUM_COLOURS,
    NUM_TILES,
    SCHEME,
)
from .exchange import can_exchange, exchange_actions, make_exchange
from .payment import left_after, pay
from .scoring import final_awards

if TYPE_CHECKING:
    from .public import PublicGame
    from .state import SyndicateState

ALL_FLIPPED = (1 << NUM_CARDS) - 1
PLANET_TILES = tuple(t for t in range(NUM_TILES) if IS_PLANET[t])


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
    if state.reshuffles >= 2:
        state.end_triggered = True


def can_draw(state: SyndicateState) -> bool:
    return bool(state.deck or state.discards)


def discard(state: SyndicateState, contract: int, seen: int) -> None:
    """Lay a contract face down on the discard pile; ``seen``: PUBLIC or the one seat that saw it. Onto
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


def gain_credits(state: SyndicateState | PublicGame, seat: int, count: int) -> None:
    """Credits from the pool; once it is empty, from the box. Emptying it starts the last round (SYN-50).
    In a game, or in the public game a history makes."""
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


def planets_held(state: SyndicateState | PublicGame, seat: int, contract: int) -> int:
    """On how many of the contract's planets ``seat`` has an agent (in a game, or in the public game a
    history makes)."""
    return (state.owned[seat] & CONTRACT_MASK[contract]).bit_count()


def cash_in(state: SyndicateState, seat: int, contract: int) -> None:
    """Reveal a contract from hand: face up with an agent on one of its planets (+1 credit with two,
    +3 with all three); discarded with none (SYN-36)."""
    leave_hand(state, seat, contract)
    held = planets_held(state, seat, contract)
    if held == 0:
        discard(state, contract, s.PUBLIC)
        return
    state.cashed[seat].append(contract)
    gain_credits(state, seat, CASH_THREE if held == 3 else CASH_TWO if held == 2 else 0)


# ------------------------------------------------------------------ agents and resources
def place_agent(state: SyndicateState | PublicGame, seat: int, tile: int) -> None:
    """An agent on ``tile`` (beside the seat's own agent if one is there already); the first agent on a
    Colony takes its credit (SYN-11). In a game, or in the public game a history makes."""
    if state.owned[seat] >> tile & 1:
        stacked = state.stacked[seat]
        stacked.append(tile)
        stacked.sort()
        return
    state.agents[tile] |= 1 << seat
    state.owned[seat] |= 1 << tile
    if state.credit_on >> tile & 1:
        state.credit_on &= ~(1 << tile)
        state.credits[seat] += 1


def acquire(state: SyndicateState, seat: int, tile: int, *, full_moon: bool = False) -> None:
    """4 of the planet's colour, 2 of its moon's alone or 1 when others are there; Reega and Sabean Core
    their fixed amounts (SYN-30, SYN-31). ``full_moon``: Scheme's full 2 from the moon (SYN-46)."""
    alone, shared = ACQUIRE[tile]
    gain = alone if full_moon or state.agents[tile] & ~(1 << seat) == 0 else shared
    res, made = state.res[seat], state.made
    for colour in range(NUM_COLOURS):
        res[colour] += gain[colour]
        made[colour] += gain[colour]


#: GAIN[tile][shared]: how many resources acquiring there gives, alone (0) or sharing the tile (1).
GAIN = tuple((sum(alone), sum(shared)) for alone, shared in ACQUIRE)


def acquire_gain(state: SyndicateState, seat: int, tile: int) -> int:
    """How many resources acquiring at ``tile`` would give ``seat`` now."""
    return GAIN[tile][state.agents[tile] & ~(1 << seat) != 0]


def contract_bribe(state: SyndicateState, seat: int) -> int:
    """The Contract action's bribe: one per other unflipped action card (SYN-48)."""
    return NUM_CARDS - 1 - state.flipped[seat].bit_count()


# ------------------------------------------------------------------ legal actions
def legal_actions(state: SyndicateState) -> list[Action]:
    """The legal actions now: those of the decision at hand, then, on the seat's own turn, ``exchange``
    where some exchange is legal; with an exchange open, the exchanges that are legal (choice 4)."""
    p = state.turn
    if state.exchanging:
        cards = choose_actions(state, p) if state.phase == s.CHOOSE else None
        return list(exchange_actions(state, p, cards))
    actions = decision_actions(state)
    if state.phase in TURN_PHASES and can_exchange(state, p, actions if state.phase == s.CHOOSE else None):
        actions.append(A.OPEN_EXCHANGE)
    return actions


#: The phases of a turn, where the seat to act may exchange.
TURN_PHASES = frozenset((s.CHOOSE, s.CONNECTING, s.GAMBLE_KEEP, s.JOINING, s.CASHING, s.BRIBING))


def decision_actions(state: SyndicateState) -> list[Action]:
    """The actions of the decision at hand, leaving exchanges aside (with an exchange open: the
    decision the seat comes back to once it is made)."""
    phase, p = state.phase, state.turn
    if phase == s.CHOOSE:
        return choose_actions(state, p)
    if phase == s.BRIBING:
        res = state.res[p]
        if state.bribe_left == state.bribe_total:
            return [A.BRIBE[c][slot] for c in range(NUM_COLOURS) if res[c] for slot in range(FACE_UP_CONTRACTS)]
        return [A.PAY[c] for c in range(NUM_COLOURS) if res[c]]
    if phase == s.CONNECTING:
        return connect_actions(state, p)
    if phase == s.CASHING:
        return [A.CASH[c] for c in sorted(set(state.hands[p]))]
    if phase == s.GAMBLE_KEEP:
        return [A.KEEP[i] for i in range(len(state.pending))]
    if phase == s.JOINING:
        return [*join_actions(state, p), A.JOIN_NONE]
    return setup_actions(state, p)


def setup_actions(state: SyndicateState, p: int) -> list[Action]:
    """The placements and the keep of the set-up (SYN-10 to SYN-14)."""
    phase = state.phase
    if phase == s.PLACE_FIRST:
        # a planet whose neighbours are all asteroid fields would leave no place for the second agent
        galaxy = state.galaxy
        return [A.PLACE[t] for t in PLANET_TILES if any(IS_PLANET[o] for o in galaxy.neighbours(t))]
    if phase == s.PLACE_SECOND:
        first = state.owned[p].bit_length() - 1
        return [A.PLACE[t] for t in sorted(state.galaxy.neighbours(first)) if IS_PLANET[t]]
    if phase == s.KEEP_START:
        return [A.KEEP[i] for i in range(len(state.offers[p]))]
    return []


def choose_actions(state: SyndicateState, p: int) -> list[Action]:
    """The actions of the face-up cards whose bribe can be paid (SYN-20, SYN-21)."""
    flipped, res, owned = state.flipped[p], state.res[p], state.owned[p]
    total = sum(res)
    actions: list[Action] = []
    if not flipped >> LOOT & 1:
        options = payable_loot(state.galaxy, owned, res)
        if LOOT_PAYS_ITS_BRIBE:
            actions.extend(option[0] for option in options)
        else:  # pragma: no cover - with planets that may yield less than Loot's bribe
            bribe = ACTION_CARDS[LOOT].bribe
            for action, cost, _, tile, _ in options:
                if left_after(res, cost) + GAIN[tile][state.agents[tile] & ~(1 << p) != 0] >= bribe:
                    actions.append(action)
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
            bribe = ACTION_CARDS[COLLECT].bribe
            actions.extend(A.COLLECT_AT[t] for t, left in zip(planets, after, strict=True) if left >= bribe)
        if expand:
            bribe = ACTION_CARDS[EXPAND].bribe
            actions.extend(A.EXPAND_AT[t] for t, left in zip(planets, after, strict=True) if left >= bribe)
    if not flipped >> GAMBLE & 1 and can_draw(state):
        actions.extend((A.GAMBLE_REVEAL, A.GAMBLE_THREE))
    if not flipped >> SCHEME & 1:
        bribe = ACTION_CARDS[SCHEME].bribe
        for c in sorted(set(state.hands[p])):
            for t in CONTRACT_PLANETS[c]:
                if total + GAIN[t][0] >= bribe:
                    actions.append(A.SCHEME_AT[c, t])
    if not flipped >> CONTRACT & 1:
        bribe = contract_bribe(state, p)
        for slot in range(FACE_UP_CONTRACTS):
            if state.slots[slot] >= 0 and total + sum(state.slot_res[slot]) >= bribe:
                actions.append(A.CLAIM[slot])
    return actions


def loot_options(galaxy, owned: int) -> tuple:  # noqa: ANN001 - a Galaxy
    """Loot's candidates for a seat holding ``owned``: (action, cost, cost's size, destination, the most
    it asks of one colour)."""

    def build() -> tuple:
        return tuple((A.Loot(path), cost, sum(cost), path[-1], max(cost)) for path, cost in galaxy.loot_paths(owned))

    return galaxy.remember(("loot", owned), build)


#: Whether acquiring on any planet, shared or not, brings in at least the bribes of Collect and Expand:
#: then each may be chosen on every planet holding the seat's agent (SYN-21).
ACQUIRING_PAYS_THE_BRIBE = min(min(GAIN[t]) for t in PLANET_TILES) >= max(
    ACTION_CARDS[COLLECT].bribe, ACTION_CARDS[EXPAND].bribe
)


def acquire_options(galaxy, owned: int) -> tuple:  # noqa: ANN001 - a Galaxy
    """Collect's and Expand's actions on every planet a seat holding ``owned`` has an agent on."""

    def build() -> tuple:
        planets = [t for t in PLANET_TILES if owned >> t & 1]
        return tuple(A.COLLECT_AT[t] for t in planets), tuple(A.EXPAND_AT[t] for t in planets)

    return galaxy.remember(("acquire", owned), build)


#: Whether acquiring on any planet, shared or not, brings in at least Loot's bribe: then a loot path
#: that can be paid for leaves the bribe payable too (SYN-21).
LOOT_PAYS_ITS_BRIBE = min(min(GAIN[t]) for t in PLANET_TILES) >= ACTION_CARDS[LOOT].bribe


def payable_loot(galaxy, owned: int, res: list[int]) -> tuple:  # noqa: ANN001 - a Galaxy
    """Loot's candidates (as ``loot_options``) a seat holding ``owned`` and ``res`` can pay for."""

    def build() -> tuple:
        total, fewest = sum(res), min(res)  # a path asking no more of any colour than the fewest needs no exchange
        return tuple(
            option
            for option in loot_options(galaxy, owned)
            if option[2] <= total and (option[4] <= fewest or left_after(res, option[1]) >= 0)
        )

    return galaxy.remember_payable(("loot", owned, *res), build)


def connect_options(galaxy, owned: int) -> tuple:  # noqa: ANN001 - a Galaxy
    """Expand's candidates for a seat holding ``owned``: (action, cost, cost's size, the most it asks of
    one colour), in a stable order: every tile next to one of the seat's agents, its own tiles too
    (docs/rules/syndicate.md, choice 5)."""

    def build() -> tuple:
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

    def build() -> tuple:
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
    for colour in range(NUM_COLOURS):
        if state.guilds[p] >> colour & 1:
            continue
        cost = [0] * NUM_COLOURS
        cost[colour] = GUILD_COST[colour]
        if left_after(res, cost) >= state.bribe_total:
            actions.append(A.JOIN[colour])
    return actions


# ------------------------------------------------------------------ applying actions
def apply_action(state: SyndicateState, action: Action) -> None:
    kind = action.__class__
    p = state.turn
    if kind is A.Bribe:
        res = state.res[p]
        res[action.colour] -= 1
        state.slot_res[action.slot][action.colour] += 1
        _bribe_paid(state)
    elif kind is A.Pay:
        state.res[p][action.colour] -= 1
        state.spent[action.colour] += 1
        _bribe_paid(state)
    elif kind is A.Connect:
        pay(state.res[p], state.galaxy.link_cost[action.origin, action.tile], state.spent)
        place_agent(state, p, action.tile)
    elif kind is A.Stop:
        _start_bribe(state)
    elif kind is A.Loot:
        _flip(state, LOOT)
        path = action.path
        pay(state.res[p], state.galaxy.path_cost(path), state.spent)
        for tile in path[1:]:
            place_agent(state, p, tile)  # asteroid fields passed through hold an agent too (SYN-35)
        acquire(state, p, path[-1])
        _start_bribe(state)
    elif kind is A.Collect:
        _flip(state, COLLECT)
        acquire(state, p, action.tile)
        _start_bribe(state)
    elif kind is A.Expand:
        _flip(state, EXPAND)
        acquire(state, p, action.tile)
        state.bribe_total = state.bribe_left = ACTION_CARDS[EXPAND].bribe
        state.phase = s.CONNECTING
    elif kind is A.Gamble:
        _flip(state, GAMBLE)
        _gamble(state, p, action.three)
    elif kind is A.Keep:
        if state.phase == s.KEEP_START:
            _keep_start(state, p, state.offers[p][action.index])
        else:
            kept = state.pending.pop(action.index)
            take_into_hand(state, p, kept)
            for c in state.pending:
                discard(state, c, p)
            state.pending = []
            _after_draw(state, p)
    elif kind is A.Scheme:
        _flip(state, SCHEME)
        cash_in(state, p, action.contract)
        acquire(state, p, action.tile, full_moon=True)
        state.bribe_total = state.bribe_left = ACTION_CARDS[SCHEME].bribe
        if join_actions(state, p):
            state.phase = s.JOINING
        else:
            _start_bribe(state)
    elif kind is A.Join:
        if action.colour >= 0:
            cost = [0] * NUM_COLOURS
            cost[action.colour] = GUILD_COST[action.colour]
            pay(state.res[p], cost, state.spent)
            state.guilds[p] |= 1 << action.colour
        _start_bribe(state)
    elif kind is A.ClaimContract:
        bribe = contract_bribe(state, p)
        _flip(state, CONTRACT)
        slot = action.slot
        take_into_hand(state, p, state.slots[slot], seen=True)
        res, lying = state.res[p], state.slot_res[slot]
        for colour in range(NUM_COLOURS):
            res[colour] += lying[colour]
            lying[colour] = 0
        state.slots[slot] = draw(state)
        state.bribe_total = state.bribe_left = bribe
        _after_draw(state, p)
    elif kind is A.CashIn:
        cash_in(state, p, action.contract)
        _after_draw(state, p)
    elif kind is A.OpenExchange:
        state.exchanging = True
    elif kind is A.Exchange:
        make_exchange(state, p, action)
        state.exchanging = False
    elif kind is A.Place:
        _place(state, p, action.tile)
    else:  # pragma: no cover - legal_actions offers nothing else
        raise InvariantError(f"The Phoenix Syndicate has no action {action!r}")


def _flip(state: SyndicateState, card: int) -> None:
    state.card = card
    state.flipped[state.turn] |= 1 << card


def _gamble(state: SyndicateState, p: int, three: bool) -> None:
    """Gamble's two options (SYN-43, SYN-44); no bribe (SYN-45)."""
    state.bribe_total = state.bribe_left = 0
    if three:
        drawn = [c for c in (draw(state) for _ in range(3)) if c >= 0]
        state.pending = drawn
        state.phase = s.GAMBLE_KEEP
        return
    kept = draw(state)
    if kept >= 0:
        take_into_hand(state, p, kept)
    revealed = [c for c in (draw(state), draw(state)) if c >= 0]  # both revealed, then both discarded
    for c in revealed:
        discard(state, c, s.PUBLIC)
        colour = CONTRACT_COLOUR[c]
        state.res[p][colour] += 1
        state.made[colour] += 1
    _after_draw(state, p)


def _after_draw(state: SyndicateState, p: int) -> None:
    """With more than three contracts in hand, cash in down to three (SYN-37); then go on."""
    if len(state.hands[p]) > HAND_LIMIT:
        state.phase = s.CASHING
        return
    _start_bribe(state)


def _start_bribe(state: SyndicateState) -> None:
    card = state.card
    if card in (LOOT, COLLECT):
        state.bribe_total = state.bribe_left = ACTION_CARDS[card].bribe
    if state.bribe_left > 0:
        state.phase = s.BRIBING
    else:
        _finish_action(state)


def _bribe_paid(state: SyndicateState) -> None:
    state.bribe_left -= 1
    if state.bribe_left == 0:
        _finish_action(state)


def _finish_action(state: SyndicateState) -> None:
    if state.card == CONTRACT:
        state.flipped[state.turn] = 0  # the only way to unflip the action cards (SYN-48, SYN-49)
    state.card = -1
    state.bribe_total = state.bribe_left = 0
    end_turn(state)


def end_turn(state: SyndicateState) -> None:
    """Pass the turn clockwise; once the last round is under way, the game ends with the seat before
    the start player (SYN-50, SYN-51)."""
    state.turns += 1
    if state.end_triggered and state.turn == state.round_last_seat:
        finish_game(state)
        return
    state.turn = (state.turn + 1) % state.num_players
    begin_turn(state)


def begin_turn(state: SyndicateState) -> None:
    """A new turn; if no action at all can be taken, every card is turned face up first (SYN-22)."""
    state.phase = s.CHOOSE
    p = state.turn
    if state.flipped[p] and not choose_actions(state, p):
        state.flipped[p] = 0
        state.unflipped_by_rule += 1


def finish_game(state: SyndicateState) -> None:
    """Cash in every hand, then award colours, variety and guilds (SYN-52 to SYN-56)."""
    for seat in range(state.num_players):
        for contract in list(state.hands[seat]):
            cash_in(state, seat, contract)
    awards = final_awards(state.cashed, state.owned, state.guilds)
    state.awards = [sum(a.values()) for a in awards]
    state.phase = s.GAME_OVER
    state.card = -1


# ------------------------------------------------------------------ set-up steps
def _place(state: SyndicateState, p: int, tile: int) -> None:
    """The two placement rounds, in turn order (SYN-10 to SYN-13)."""
    place_agent(state, p, tile)
    n = state.num_players
    state.turn = (p + 1) % n
    if state.turn == state.start_player:
        state.phase = s.PLACE_SECOND if state.phase == s.PLACE_FIRST else s.KEEP_START


def _keep_start(state: SyndicateState, p: int, contract: int) -> None:
    """Keep one starting contract, discard the other face down (SYN-14); then the contract area (SYN-15)."""
    for c in state.offers[p]:
        if c != contract:
            leave_hand(state, p, c)
            discard(state, c, p)
    state.offers[p] = []
    state.turn = (p + 1) % state.num_players
    if state.turn == state.start_player:
        state.slots = [draw(state) for _ in range(FACE_UP_CONTRACTS)]
        begin_turn(state)
