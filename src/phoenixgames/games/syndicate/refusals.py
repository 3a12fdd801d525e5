"""Why an action is refused, in the player's terms. Messages speak only of what the acting seat may know."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Action
from . import actions as A
from . import phases as s
from .components import (
    ACTION_CARDS,
    COLOURS,
    CONTRACT_PLANETS,
    CONTRACTS,
    EXCHANGE_RATE,
    IS_PLANET,
    LETTERS,
    TILES,
)
from .exchange import LOSS, affordable, is_legal_exchange, resources_to_keep
from .parameters import in_words, tables
from .payment import left_after
from .rules import can_draw, choose_actions, contract_bribe

if TYPE_CHECKING:
    from .state import SyndicateState


def _expected(state: SyndicateState) -> str:
    expected = {
        s.PLACE_FIRST: "place your first agent on a planet ('place C3')",
        s.PLACE_SECOND: "place your second agent on a planet next to your first ('place C3')",
        s.KEEP_START: "keep one of your two starting contracts ('keep 1' or 'keep 2')",
        s.CHOOSE: "choose a face-up action card: loot, collect, expand, gamble, scheme or contract",
        s.LOOTING: "go on with your loot's path: 'to' the next tile, an asteroid field or the planet that ends it",
        s.CONNECTING: "connect to a tile next to one of yours ('connect C3>O4') or stop",
        s.GAMBLE_KEEP: "keep one of the contracts you drew ('keep 1', 'keep 2'...)",
        s.JOINING: "join a guild ('join red') or none ('join none')",
        s.CASHING: f"cash in contracts until you hold {in_words(state.rules.hand_limit)} ('cash P1C2O3')",
        s.BRIBING: "pay the bribe: the first resource onto a slot ('bribe red slot2'), then 'pay red'",
    }.get(state.phase, "nothing")
    if state.phase in (s.PLACE_FIRST, s.PLACE_SECOND, s.KEEP_START, s.GAME_OVER, s.LOOTING):
        return expected
    if state.exchanging:
        return f"name the exchange you opened ({OPEN_HELP}); then {expected}"
    return f"{expected}; or turn in three resources for one: {TWO_STEPS}"


#: Why no exchange is made in the middle of a loot's path (choice 21).
LOOTING_EXCHANGE = (
    "no exchange in the middle of a loot's path: exchange before choosing Loot, or once the planet is "
    "reached (the path's links are paid then, making up a missing colour by themselves)"
)
#: How an exchange is written, in its two steps (choice 4).
TWO_STEPS = "type 'exchange' first, then which three for which one, like 'exchange RRY for green'"
OPEN_HELP = "the three resources you turn in, by their letters, and the one you take, like 'exchange RRY for green'"


def why_illegal(state: SyndicateState, action: Action) -> str:
    """Why ``action`` is not legal now, in the player's terms (``SyndicateState._why_illegal``)."""
    problem = A.malformed(action)
    if problem is not None:
        return problem
    phase, p = state.phase, state.turn
    now = f"now {_expected(state)}"
    match action:
        case A.Exchange():
            return _why_exchange(state, p, action)
        case A.OpenExchange():
            return _why_open(state, p)
    if state.exchanging:
        return f"you opened an exchange: name it first, {OPEN_HELP}; then your turn goes on where it was"
    match action:
        case A.Loot() | A.Collect() | A.Expand() | A.Gamble() | A.Scheme() | A.ClaimContract():
            if phase != s.CHOOSE:
                return f"an action card is chosen only at the start of a turn: {now}"
            card = A.CARD_OF[action.__class__]
            if state.flipped[p] >> card & 1:
                return f"your {ACTION_CARDS[card].name} card is face down: only the Contract action turns it face up"
            return _why_card(state, p, action)
        case A.LootTo(tile=tile):
            if phase != s.LOOTING:
                return f"a loot's path is chosen after the Loot card ('loot from C3'): {now}"
            return _why_loot_to(state, p, tile)
        case A.Place(tile=tile):
            if phase not in (s.PLACE_FIRST, s.PLACE_SECOND):
                return f"agents are placed freely only before the first turn: {now}"
            if not IS_PLANET[tile]:
                return f"{TILES[tile].code} is an asteroid field: agents begin only on planets"
            if phase == s.PLACE_FIRST:
                return f"{TILES[tile].code} has no planet next to it for your second agent"
            first = state.owned[p].bit_length() - 1
            return f"your second agent must go on a planet next to {TILES[first].code}, where your first is"
        case A.Keep():
            if phase == s.KEEP_START:
                return f"you were dealt {len(state.offers[p])} contracts: keep 1 or keep 2"
            if phase == s.GAMBLE_KEEP:
                return f"you drew only {len(state.pending)} contracts"
            return f"there is no contract to keep: {now}"
        case A.Connect(origin=origin, tile=tile):
            if phase != s.CONNECTING:
                return f"connections are made during Loot and Expand (Loot's a tile at a time: 'to O4'): {now}"
            return _why_connect(state, p, origin, tile, state.bribe_total)
        case A.Stop():
            return f"there is nothing to stop: {now}"
        case A.Join(colour=colour):
            if phase != s.JOINING:
                return f"a guild is joined only while scheming: {now}"
            if state.guilds[p] >> colour & 1:
                return f"you joined the {COLOURS[colour]} guild already: each guild only once"
            cost = tables(state.rules).guild_cost[colour]
            return f"you cannot pay {cost} {COLOURS[colour]} for the guild and still pay the bribe"
        case A.CashIn(contract=contract):
            if phase != s.CASHING:
                limit = in_words(state.rules.hand_limit)
                return f"contracts are cashed in by Scheme, or when you hold more than {limit}: {now}"
            return f"you hold no contract {CONTRACTS[contract].code}"
        case A.Bribe(colour=colour) | A.Pay(colour=colour):
            if phase != s.BRIBING:
                return f"no bribe is due: {now}"
            first = state.bribe_left == state.bribe_total
            if action.__class__ is A.Bribe and not first:
                return "the first resource of the bribe is paid already: pay the rest with 'pay <colour>'"
            if action.__class__ is A.Pay and first:
                return "the first resource of the bribe goes onto a contract slot: 'bribe <colour> slot<n>'"
            return f"you have no {COLOURS[colour]} resource"
    return f"{action} is not a legal action: {now}"


def _why_card(state: SyndicateState, p: int, action: Action) -> str:
    owned = state.owned[p]
    match action:
        case A.Loot(tile=tile):
            if not owned >> tile & 1:
                return f"you have no agent on {TILES[tile].code} to start from"
            return f"you can pay for no loot path from {TILES[tile].code} to a planet"
        case A.Collect(tile=tile) | A.Expand(tile=tile):
            if not IS_PLANET[tile]:
                return f"{TILES[tile].code} is an asteroid field: asteroids never provide goods"
            return f"you have no agent on {TILES[tile].code}"
        case A.Gamble() if not can_draw(state):
            return "the contract deck and the discard pile are empty: there is nothing to gamble on"
        case A.Scheme(contract=contract, tile=tile):
            if not state.hands[p]:
                return "you hold no contract: Scheme begins by cashing one in"
            if contract not in state.hands[p]:
                return f"you hold no contract {CONTRACTS[contract].code}"
            if tile not in CONTRACT_PLANETS[contract]:
                return f"{TILES[tile].code} is not a planet of that contract"
        case A.ClaimContract(slot=slot):
            if state.slots[slot] < 0:
                return f"contract slot {slot + 1} is empty"
            bribe = contract_bribe(state, p)
            per_card = in_words(state.rules.contract_bribe_per_card)
            return f"you cannot pay the Contract action's bribe of {bribe} ({per_card} per other face-up action card)"
    return f"{action} is not a legal action now"


def _why_loot_to(state: SyndicateState, p: int, tile: int) -> str:
    """Why the next tile of a loot's path is refused: not next to the last, visited, through a planet
    or one's own asteroid field, or no path on from it that can be paid for."""
    route, galaxy = state.route, state.galaxy
    last, code = TILES[route[-1]].code, TILES[tile].code
    if not galaxy.adjacent(route[-1], tile):
        return f"{code} is not next to {last}, where your loot's path has reached"
    if tile in route:
        return f"your loot's path has passed {code} already"
    if not IS_PLANET[tile] and state.owned[p] >> tile & 1:
        return f"you have an agent on {code} already: a loot passes only through asteroid fields without yours"
    path = ">".join(TILES[t].code for t in [*route, tile])
    if IS_PLANET[tile]:
        return f"you cannot pay for the path {path} (cost {_cost_text(galaxy.path_cost((*route, tile)))})"
    return f"no path on from {path} to a planet can be paid for"


def _why_connect(state: SyndicateState, p: int, origin: int, tile: int, keep: int) -> str:
    owned = state.owned[p]
    if not owned >> origin & 1:
        return f"you have no agent on {TILES[origin].code} to connect from"
    if not state.galaxy.adjacent(origin, tile):
        return f"{TILES[tile].code} is not next to {TILES[origin].code}"
    cost = state.galaxy.link_cost[origin, tile]
    if left_after(state.res[p], cost) < 0:
        return f"you cannot pay for the link {TILES[origin].code}>{TILES[tile].code} (cost {_cost_text(cost)})"
    return f"after paying for that link ({_cost_text(cost)}) you could not pay the bribe of {keep}"


def _why_exchange(state: SyndicateState, p: int, action: A.Exchange) -> str:
    """Why this exchange is refused: its own reason, or that the exchange must be opened first."""
    reason = _exchange_problem(state, p, action)
    if state.exchanging:
        return reason or f"{action} is not a legal action now"
    if state.phase in (s.PLACE_FIRST, s.PLACE_SECOND, s.KEEP_START, s.LOOTING):
        return reason  # type: ignore[return-value]
    if reason is None:
        return f"an exchange takes two steps: type 'exchange' first, then '{action}'"
    return f"{reason} (an exchange takes two steps: 'exchange', then which three for which one)"


def _exchange_problem(state: SyndicateState, p: int, action: A.Exchange) -> str | None:
    """What keeps ``action`` from being made now, once an exchange is open; ``None`` if nothing."""
    if state.phase in (s.PLACE_FIRST, s.PLACE_SECOND, s.KEEP_START):
        return f"resources are exchanged on your own turns, once the game has begun: now {_expected(state)}"
    if state.phase == s.LOOTING:
        return f"{LOOTING_EXCHANGE}: now {_expected(state)}"
    take = COLOURS[action.take]
    if action.take in action.give:
        return f"turning in {take} for {take} only loses resources: give up three of other colours"
    res = state.res[p]
    if action not in affordable(res):
        given = "".join(LETTERS[c] for c in action.give)
        return f"you do not hold {given} to turn in (you hold {_cost_text(res)})"
    keep = resources_to_keep(state)
    if sum(res) - LOSS < keep:
        return f"after turning in {EXCHANGE_RATE} resources for 1 you could not pay the bribe of {keep} still due"
    cards = choose_actions(state, p) if state.phase == s.CHOOSE else None
    if not is_legal_exchange(state, p, action, cards):
        return "after that exchange you could choose no action card: no bribe could be paid"
    return None


def _why_open(state: SyndicateState, p: int) -> str:
    """Why ``exchange`` (opening an exchange) is refused."""
    if state.exchanging:
        return f"you opened an exchange already: now name it, {OPEN_HELP}"
    if state.phase in (s.PLACE_FIRST, s.PLACE_SECOND, s.KEEP_START):
        return f"resources are exchanged on your own turns, once the game has begun: now {_expected(state)}"
    if state.phase == s.LOOTING:
        return f"{LOOTING_EXCHANGE}: now {_expected(state)}"
    res = state.res[p]
    if sum(res) < EXCHANGE_RATE:
        return f"you hold {sum(res)} resources: an exchange turns in {EXCHANGE_RATE}"
    keep = resources_to_keep(state)
    if sum(res) - LOSS < keep:
        return f"after turning in {EXCHANGE_RATE} resources for 1 you could not pay the bribe of {keep} still due"
    return "after any exchange you could choose no action card: no bribe could be paid"


def _cost_text(cost: tuple[int, ...] | list[int]) -> str:
    return "".join(LETTERS[c] * n for c, n in enumerate(cost)) or "nothing"
