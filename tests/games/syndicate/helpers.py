"""Building exact Phoenix Syndicate situations for tests, and playing games out at random.

``arrange`` lays out a situation on a real :class:`SyndicateState`: the galaxy laid in tile order, unturned
(``IDENTITY``: tile ``i`` on cell ``i``), agents, resources, hands, slots, cards... while keeping every
contract somewhere exactly once and the resource and credit books balanced (``check_books``), so the tests
then drive the rules through the public API only. Such a position need not be one that play could reach
(a seat with a single agent, a Colony keeping its credit under an agent): ``check_invariants`` would say so.
"""

from __future__ import annotations

from collections.abc import Iterable

import phoenixgames as pg
from phoenixgames.games.syndicate.actions import Exchange, OpenExchange
from phoenixgames.games.syndicate.components import (
    ACTION_CARDS,
    COLONIES,
    COLOUR_BY_LETTER,
    CONTRACT_BY_CODE,
    CONTRACTS,
    NUM_COLOURS,
    NUM_CONTRACTS,
    NUM_TILES,
    STARTING_RESOURCES,
    TILE_BY_CODE,
    credit_pool,
)
from phoenixgames.games.syndicate.galaxy import Galaxy
from phoenixgames.games.syndicate.invariants import check_books
from phoenixgames.games.syndicate.phases import CHOOSE, PUBLIC
from phoenixgames.games.syndicate.state import SyndicateState
from tests.support.playthrough import play_random as play_random  # the games' tests import it from here

IDENTITY = Galaxy(tuple(range(NUM_TILES)), (0,) * NUM_TILES)
CARD_BY_NAME = {card.name: card.id for card in ACTION_CARDS}


def tile(code: str) -> int:
    return TILE_BY_CODE[code.lower()].id


def contract(code: str) -> int:
    return CONTRACT_BY_CODE[code.lower()].id


def contracts(codes: Iterable[str]) -> list[int]:
    return [contract(c) for c in codes]


def codes(ids: Iterable[int]) -> list[str]:
    return [CONTRACTS[i].code for i in ids]


def resources(text: str) -> list[int]:
    """``"RRGB"`` as five counts (red, yellow, green, blue, purple)."""
    res = [0] * NUM_COLOURS
    for letter in text.upper():
        res[COLOUR_BY_LETTER[letter]] += 1
    return res


def new_state(players: int = 2, seed: int = 1) -> SyndicateState:
    state = pg.new_game("syndicate", players=players, seed=seed)
    assert isinstance(state, SyndicateState)
    return state


def arrange(
    state: SyndicateState,
    *,
    agents: dict[int, list[str]] | None = None,
    res: dict[int, str | list[int]] | None = None,
    hands: dict[int, list[str]] | None = None,
    slots: list[str | None] | None = None,
    slot_res: list[str] | None = None,
    cashed: dict[int, list[str]] | None = None,
    flipped: dict[int, list[str]] | None = None,
    guilds: dict[int, list[int]] | None = None,
    credits: dict[int, int] | None = None,
    credit_on: list[str] | None = None,
    deck: list[str] | None = None,
    turn: int = 0,
    start_player: int = 0,
    galaxy: Galaxy = IDENTITY,
) -> SyndicateState:
    """A position at the start of ``turn``'s turn (phase CHOOSE) on ``galaxy``.

    Seats not named hold no agents, 3 resources of each colour, no contracts. Slots default to the
    first three contracts left; the rest go to the deck (or, when ``deck`` is given, to the discards).
    ``credit_on``: the Colonies still holding their credit (default: all of them).
    """
    n = state.num_players
    state.galaxy = galaxy
    state.agents = [0] * NUM_TILES
    state.owned = [0] * n
    for seat, where in (agents or {}).items():
        for code in where:
            state.agents[tile(code)] |= 1 << seat
            state.owned[seat] |= 1 << tile(code)
    state.res = [[STARTING_RESOURCES] * NUM_COLOURS for _ in range(n)]
    for seat, held in (res or {}).items():
        state.res[seat] = resources(held) if isinstance(held, str) else list(held)
    used: set[int] = set()

    def take(code_list: Iterable[str]) -> list[int]:
        ids = contracts(code_list)
        assert not used & set(ids), "a contract placed twice"
        used.update(ids)
        return ids

    state.hands = [sorted(take((hands or {}).get(seat, []))) for seat in range(n)]
    state.known = [[] for _ in range(n)]
    state.offers = [[] for _ in range(n)]
    state.cashed = [take((cashed or {}).get(seat, [])) for seat in range(n)]
    deck_ids = take(deck) if deck is not None else None
    rest = [c for c in range(NUM_CONTRACTS) if c not in used]
    if slots is None:
        state.slots = [rest.pop(0) for _ in range(3)]
    else:
        state.slots = [contract(c) if c else -1 for c in slots]
        used.update(c for c in state.slots if c >= 0)
    state.slot_res = [resources(r) for r in (slot_res or ["", "", ""])]
    rest = [c for c in range(NUM_CONTRACTS) if c not in used and c not in state.slots]
    if deck is None:
        state.deck, state.discards = rest, []
    else:
        state.deck = deck_ids
        state.discards = [c for c in rest if c not in state.deck]
    state.discard_seen = [PUBLIC] * len(state.discards)
    state.pending = []
    state.flipped = [sum(1 << CARD_BY_NAME[name] for name in (flipped or {}).get(seat, [])) for seat in range(n)]
    state.guilds = [sum(1 << c for c in (guilds or {}).get(seat, [])) for seat in range(n)]
    state.credit_on = sum(1 << tile(c) for c in credit_on) if credit_on is not None else sum(1 << t for t in COLONIES)
    taken = len(COLONIES) - state.credit_on.bit_count()
    state.credits = [(credits or {}).get(seat, 0) for seat in range(n)]
    state.pool = credit_pool(n) + taken - sum(state.credits)
    assert 0 <= state.pool <= credit_pool(n), "arrange needs credits at least the Colony credits taken"
    state.from_box = 0
    state.awards = [0] * n
    held = [sum(r[c] for r in state.res + state.slot_res) - STARTING_RESOURCES * n for c in range(NUM_COLOURS)]
    state.made = [max(h, 0) for h in held]
    state.spent = [max(-h, 0) for h in held]
    state.start_player = start_player
    state.turn = turn
    state.phase = CHOOSE
    state.card = -1
    state.bribe_left = state.bribe_total = 0
    state.reshuffles = 0
    state.end_triggered = state.pool == 0 or not (state.deck or state.discards)
    state.turns = (turn - start_player) % n
    state.stacked = [[] for _ in range(n)]
    state._legal = None
    check_books(state)  # not check_invariants: a position made up for a test need not be one play can reach
    return state


def legal(state: pg.GameState, *, exchanges: bool = False) -> list[str]:
    """The legal actions' notations; ``exchange`` (offered at every decision where an exchange is
    possible) and the exchanges it opens only with ``exchanges``."""
    return [str(a) for a in state.legal_actions() if exchanges or not isinstance(a, (Exchange, OpenExchange))]


def exchange(state: pg.GameState, notation: str) -> None:
    """Make the exchange ``notation`` (``exchange RRY for green``) in its two steps: open it, then make it."""
    state.apply("exchange")
    state.apply(notation)


def pay_bribe(state: SyndicateState, colour: str = "red", slot: int = 1) -> None:
    """Pay the whole bribe due: the first resource of ``colour`` onto ``slot``, the rest in ``colour`` too
    (or any colour held when out of it)."""
    first = True
    while state.phase == 8 and not state.is_over:  # BRIBING
        options = legal(state)
        wanted = f"bribe {colour} slot{slot}" if first else f"pay {colour}"
        state.apply(wanted if wanted in options else options[0])
        first = False
