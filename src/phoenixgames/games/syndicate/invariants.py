"""What must always hold in a game of The Phoenix Syndicate: every contract somewhere exactly once,
resources and credits conserved apart from what the rules create and destroy, the set-up, the turn in
progress and the end consistent with each other, and the seat to act never left without an action.

These checks run after every action in the tests, on every position ``state.arranged`` sets up, and on
every saved perspective copy read back (which has no record to replay), with ``check_reached`` there
too: a state that passes them plays on under the rules. Each raises
:class:`~phoenixgames.engine.InvariantError`, whatever the interpreter's flags.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import require
from .components import (
    ACTION_CARDS,
    COLONIES,
    CONTRACT,
    EXPAND,
    FACE_UP_CONTRACTS,
    GAMBLE,
    IS_PLANET,
    LOOT,
    NUM_CARDS,
    NUM_COLOURS,
    NUM_CONTRACTS,
    NUM_TILES,
    SCHEME,
    STARTING_CONTRACTS,
)
from .exchange import can_exchange, resources_to_keep
from .parameters import credit_pool, tables
from .phases import (
    BRIBING,
    CASHING,
    CHOOSE,
    CONNECTING,
    GAMBLE_KEEP,
    GAME_OVER,
    JOINING,
    KEEP_START,
    LOOTING,
    NO_CARD,
    PHASE_NAMES,
    PLACE_FIRST,
    PLACE_SECOND,
    SEEN_BY_ALL,
)
from .rules import choose_actions, loot_steps
from .scoring import PLANET_MASK, final_awards

if TYPE_CHECKING:
    from .state import SyndicateState

#: More than any game holds of anything (resources, credits, turns, agents): a count beyond it was altered.
LIMIT = 10**6
COLONY_MASK = sum(1 << t for t in COLONIES)
SET_UP = (PLACE_FIRST, PLACE_SECOND, KEEP_START)
#: The cards whose action each phase of a turn belongs to.
CARDS_OF_PHASE = {
    CHOOSE: (NO_CARD,),
    LOOTING: (LOOT,),
    CONNECTING: (EXPAND,),
    GAMBLE_KEEP: (GAMBLE,),
    JOINING: (SCHEME,),
    CASHING: (GAMBLE, CONTRACT),
    BRIBING: tuple(card.id for card in ACTION_CARDS if card.id != GAMBLE),
}


def check_state(state: SyndicateState) -> None:
    """Raise InvariantError naming the first thing that cannot be so."""
    check_books(state)
    check_course(state)


def check_reached(state: SyndicateState) -> None:
    """What only the past makes so, checked on a save read back: every seat past
    the set-up has its two first agents on planets, no Colony keeps its credit under an agent, and a
    slot is empty only once the last round has begun. A position arranged for a test may leave these
    out (a seat with one agent, a credit not yet taken, a slot left empty):
    the rules play on from it all the same."""
    occupied = 0
    for owned in state.owned:
        occupied |= owned
    require(state.credit_on & occupied == 0, "a Colony keeps its credit although an agent arrived")
    if state.phase not in SET_UP:
        require(NO_CARD not in state.slots or state.end_triggered, "an empty contract slot with contracts left to deal")
        for seat in range(state.num_players):
            planets = (state.owned[seat] & PLANET_MASK).bit_count()
            require(planets >= 2, f"seat {seat} has fewer than its two first agents")


def check_books(state: SyndicateState) -> None:
    """Every field in range, every contract somewhere once, resources and credits balanced."""
    _check_numbers(state)
    _check_agents(state)
    _check_contracts(state)
    _check_resources(state)
    _check_credits(state)


def check_course(state: SyndicateState) -> None:
    """What the course of a game makes so: the set-up in turn order, the turn in progress consistent
    with its action card, a way on for the seat to act, the end as scored."""
    if state.phase in SET_UP:
        _check_set_up(state)
    elif state.phase == GAME_OVER:
        _check_end(state)
    else:
        _check_turn(state)
        _check_exchange(state)


def _in(value: int, low: int, high: int) -> bool:
    return low <= value < high


def _check_numbers(state: SyndicateState) -> None:
    n = state.num_players
    require(_in(state.phase, 0, len(PHASE_NAMES)), "unknown phase")
    require(_in(state.turn, 0, n) and _in(state.start_player, 0, n), "a seat number is out of range")
    require(state.card == NO_CARD or _in(state.card, 0, NUM_CARDS), "unknown action card")
    for name in ("owned", "stacked", "res", "hands", "offers", "known", "cashed"):
        require(len(getattr(state, name)) == n, f"{name} has the wrong number of seats")
    for name in ("flipped", "guilds", "credits", "awards"):
        require(len(getattr(state, name)) == n, f"{name} has the wrong number of seats")
    for seat in range(n):
        require(_in(state.flipped[seat], 0, 1 << NUM_CARDS), "impossible action cards")
        require(_in(state.guilds[seat], 0, 1 << NUM_COLOURS), "impossible guilds")
        require(_in(state.credits[seat], 0, LIMIT), "impossible credits")
    for name in ("bribe_left", "bribe_total", "reshuffles", "turns", "unflipped_by_rule", "from_box"):
        require(_in(getattr(state, name), 0, LIMIT), f"{name} is out of range")
    require(state.unflipped_by_rule <= state.turns + 1, "cards turned face up by the rule on more turns than played")
    require(state.end_triggered.__class__ is bool, "end_triggered must be true or false")
    require(state.exchanging.__class__ is bool, "exchanging must be true or false")


def _check_agents(state: SyndicateState) -> None:
    n = state.num_players
    require(len(state.agents) == NUM_TILES, "agents are kept per tile")
    for seat in range(n):
        owned = state.owned[seat]
        require(_in(owned, 0, 1 << NUM_TILES), "agents on tiles that do not exist")
        stacked = state.stacked[seat]
        require(stacked == sorted(stacked) and len(stacked) < LIMIT, "a seat's further agents are out of order")
        alone = [t for t in stacked if not (_in(t, 0, NUM_TILES) and owned >> t & 1)]
        require(not alone, "a further agent where the seat has none")
    for tile, seats in enumerate(state.agents):
        require(_in(seats, 0, 1 << n), "an agent of a seat that does not exist")
        for seat in range(n):
            require(bool(seats >> seat & 1) == bool(state.owned[seat] >> tile & 1), "agents disagree with owned")
    require(_in(state.credit_on, 0, 1 << NUM_TILES) and state.credit_on & ~COLONY_MASK == 0, "a credit off a Colony")


def _check_contracts(state: SyndicateState) -> None:
    n = state.num_players
    require(len(state.slots) == FACE_UP_CONTRACTS == len(state.slot_res), "there are three contract slots")
    require(all(c == NO_CARD or _in(c, 0, NUM_CONTRACTS) for c in state.slots), "a slot holds no such contract")
    places = [state.deck, state.discards, state.pending, [c for c in state.slots if c >= 0]]
    places += state.hands + state.cashed
    every = sorted(c for place in places for c in place)
    require(every == list(range(NUM_CONTRACTS)), "contracts appeared or vanished")
    require(len(state.discard_seen) == len(state.discards), "a discard without its record of who saw it")
    require(all(s == SEEN_BY_ALL or _in(s, 0, n) for s in state.discard_seen), "a discard seen by no seat")
    require(state.deck or not state.discards, "the deck ran out and the discard pile was not reshuffled")
    for seat in range(n):
        hand = state.hands[seat]
        require(hand == sorted(hand), "a hand is out of order")
        rest = hand.copy()
        for c in state.known[seat]:
            require(c in rest, "a contract known to be in a hand is not there")
            rest.remove(c)
        offer = state.offers[seat]
        require(not offer or (len(offer) == STARTING_CONTRACTS and sorted(offer) == hand), "an offer is not the hand")
    require(len(state.pending) <= 3, "more than three contracts drawn by a Gamble")
    require(
        len(state.revealed) <= 2 and all(_in(c, 0, NUM_CONTRACTS) for c in state.revealed),
        "a Gamble reveals two contracts",
    )
    require(not state.pending or state.phase == GAMBLE_KEEP, "contracts wait for a keep outside a Gamble")


def _check_resources(state: SyndicateState) -> None:
    """What players and slots hold = the start + what was made - what was spent, colour by colour."""
    n = state.num_players
    for colour in range(NUM_COLOURS):
        counts = [r[colour] for r in state.res + state.slot_res]
        require(all(_in(c, 0, LIMIT) for c in counts), "an impossible number of resources")
        made, spent = state.made[colour], state.spent[colour]
        require(_in(made, 0, LIMIT) and _in(spent, 0, LIMIT), "impossible resource books")
        require(sum(counts) == state.rules.starting_resources * n + made - spent, "resources appeared or vanished")


def _check_credits(state: SyndicateState) -> None:
    """Credits from the pool, the box and the Colonies; an empty pool, or a second reshuffle, starts
    the last round (SYN-50, SYN-51)."""
    n = state.num_players
    taken = state.rules.colony_credit * (len(COLONIES) - state.credit_on.bit_count())
    pool = credit_pool(state.rules, n)
    require(_in(state.pool, 0, pool + 1), "impossible credit pool")
    require(state.from_box == 0 or state.pool == 0, "credits came from the box while the pool had some")
    require(sum(state.credits) == pool - state.pool + state.from_box + taken, "credits appeared or vanished")
    if state.pool == 0 or state.reshuffles >= 2 or not (state.deck or state.discards):
        require(state.end_triggered, "the end of the game was not triggered")


def _check_set_up(state: SyndicateState) -> None:
    """Initial placement and the keep, in turn order from the start player (SYN-10 to SYN-15)."""
    n, phase = state.num_players, state.phase
    done = (state.turn - state.start_player) % n  # seats that already placed (or kept) this round
    untouched = (
        state.card == NO_CARD
        and state.bribe_left == state.bribe_total == state.turns == state.reshuffles == 0
        and state.unflipped_by_rule == state.from_box == 0
        and state.pool == credit_pool(state.rules, n)
        and not state.end_triggered
        and state.made == state.spent == [0] * NUM_COLOURS
        and all(r == [state.rules.starting_resources] * NUM_COLOURS for r in state.res)
        and all(r == [0] * NUM_COLOURS for r in state.slot_res)
        and state.slots == [NO_CARD] * FACE_UP_CONTRACTS
        and not any(state.flipped)
        and not any(state.guilds)
        and not any(state.awards)
        and not any(state.cashed)
        and not any(state.known)
        and not any(state.stacked)
        and not state.exchanging
    )
    require(untouched, "something happened before the first turn that only a turn can do")
    galaxy = state.galaxy
    for seat in range(n):
        placed = (seat - state.start_player) % n < done
        agents = [t for t in range(NUM_TILES) if state.owned[seat] >> t & 1]
        require(all(IS_PLANET[t] for t in agents), "an agent began on an asteroid field")
        wanted = {PLACE_FIRST: (0, 1), PLACE_SECOND: (1, 2), KEEP_START: (2, 2)}[phase][placed]
        require(len(agents) == wanted, f"seat {seat} placed {len(agents)} agents")
        require(len(agents) < 2 or galaxy.adjacent(*agents), f"seat {seat}'s two agents are not next to each other")
        lonely = [t for t in agents if not any(IS_PLANET[o] for o in galaxy.neighbours(t))]
        require(not lonely, "a first agent without a planet beside it")
        kept = phase == KEEP_START and placed
        require(len(state.hands[seat]) == (1 if kept else STARTING_CONTRACTS), f"seat {seat} holds the wrong contracts")
        require(bool(state.offers[seat]) != kept, f"seat {seat}'s starting contracts are wrong")
    kept_count = done if phase == KEEP_START else 0
    require(
        state.discard_seen == [(state.start_player + i) % n for i in range(kept_count)],
        "the discards are not the contracts put back at the keep",
    )


def _check_turn(state: SyndicateState) -> None:
    """A turn in progress: the card being performed, its bribe, and a way on for the seat to act."""
    n, p, phase = state.num_players, state.turn, state.phase
    require(state.turn == (state.start_player + state.turns) % n, "the seat to act is not the one whose turn it is")
    require(not any(state.offers), "a starting contract still to keep after the first turn")
    require(not any(state.awards), "end-of-game credits before the end")
    hand_limit = state.rules.hand_limit
    for seat in range(n):
        limit = hand_limit + 1 if phase == CASHING and seat == p else hand_limit
        require(len(state.hands[seat]) <= limit, f"seat {seat} holds {len(state.hands[seat])} contracts")
        mid_contract = seat == p and state.card == CONTRACT
        require(bool(state.flipped[seat] >> CONTRACT & 1) == mid_contract, "a Contract card face down between turns")
    _check_route(state)
    card = state.card
    require(card in CARDS_OF_PHASE[phase], "the phase does not belong to the action card being performed")
    if card == NO_CARD:
        require(state.bribe_total == state.bribe_left == 0, "a bribe with no action card")
        require(bool(choose_actions(state, p)), "no action card could be chosen (the cards would have turned up)")
        return
    require(state.flipped[p] >> card & 1, "the action card being performed is face up")
    per_card = tables(state.rules).bribe
    bribe = per_card[CONTRACT] * (NUM_CARDS - state.flipped[p].bit_count()) if card == CONTRACT else per_card[card]
    require(state.bribe_total == bribe, "the bribe is not the action card's")
    if phase == BRIBING:
        require(1 <= state.bribe_left <= state.bribe_total, "the bribe still to pay is out of range")
    else:
        require(state.bribe_left == state.bribe_total, "part of a bribe paid before the action was done")
    # a loot's path is chosen before its planet is acquired at, which brings in at least the bribe
    # (SYN-21; ``rules.LOOT_PAYS_ITS_BRIBE``): until then the seat may hold less than the bribe
    if phase != LOOTING:
        require(sum(state.res[p]) >= resources_to_keep(state), "the bribe due can no longer be paid")
    if phase == CASHING:
        require(len(state.hands[p]) == hand_limit + 1, f"cashing in with {hand_limit} contracts or fewer")
    if phase == GAMBLE_KEEP:
        require(bool(state.pending), "a Gamble's keep with nothing drawn")


def _check_route(state: SyndicateState) -> None:
    """Loot's path chosen so far (choice 21): from a tile holding the seat's agent, a tile at a time to
    the next, through asteroid fields without its agent, and on to some planet it can pay to reach."""
    route, p = state.route, state.turn
    if state.phase != LOOTING:
        require(not route, "a loot's path outside a loot")
        return
    require(bool(route) and all(_in(t, 0, NUM_TILES) for t in route), "a loot with no path begun")
    require(len(set(route)) == len(route), "a loot's path passes a tile twice")
    require(state.owned[p] >> route[0] & 1, "a loot's path starts where the seat has no agent")
    for a, b in zip(route, route[1:], strict=False):
        require(state.galaxy.adjacent(a, b), "a loot's path jumps between tiles that are not next to each other")
    through = route[1:]
    require(not any(IS_PLANET[t] or state.owned[p] >> t & 1 for t in through), "a loot's path through a planet")
    require(not state.exchanging, "an exchange opened in the middle of a loot's path")
    steps = loot_steps(state.galaxy, state.owned[p], state.res[p], route)
    require(bool(steps), "a loot's path that leads to no planet the seat can pay to reach")


def _check_exchange(state: SyndicateState) -> None:
    """An exchange open (choice 4) is one the seat can make: some exchange is legal."""
    if not state.exchanging:
        return
    p = state.turn
    cards = choose_actions(state, p) if state.phase == CHOOSE else None
    require(can_exchange(state, p, cards), "an exchange is open that the seat could not make")


def _check_end(state: SyndicateState) -> None:
    """The game is over: hands cashed in, the round finished, the awards those of the face-up
    contracts and guilds (SYN-50 to SYN-56)."""
    n = state.num_players
    require(state.end_triggered, "the game ended without its end being triggered")
    require(state.card == NO_CARD and state.bribe_left == state.bribe_total == 0, "an action left half done")
    require(not state.exchanging, "an exchange left open at the end of the game")
    require(not any(state.hands) and not any(state.offers), "contracts left in hand at the end")
    require(state.turns % n == 0 and state.turn == (state.start_player - 1) % n, "the last round was not finished")
    awards = final_awards(state.cashed, state.owned, state.guilds, tables(state.rules).scoring)
    require(state.awards == [sum(a.values()) for a in awards], "the end-of-game credits are not those earned")
