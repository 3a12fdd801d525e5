"""Building exact Phoenix Syndicate situations for tests, and playing games out at random.

``arrange`` lays out a situation on a real :class:`SyndicateState`: the galaxy laid in tile order, unturned
(``IDENTITY``: tile ``i`` on cell ``i``), agents, resources, hands, slots, cards... while keeping every
contract somewhere exactly once and the resource and credit books balanced (``check_books``), so the tests
then drive the rules through the public API only. The position is made by ``state.arranged``, so it is
one the invariants allow.
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
    TILE_BY_CODE,
)
from phoenixgames.games.syndicate.galaxy import Galaxy
from phoenixgames.games.syndicate.parameters import credit_pool
from phoenixgames.games.syndicate.phases import CHOOSE, NO_CARD, SEEN_BY_ALL
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


def new_state(players: int = 2, seed: int = 1, params: dict[str, int] | None = None) -> SyndicateState:
    state = pg.new_game("syndicate", players=players, seed=seed, params=params)
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
    """A position at the start of ``turn``'s turn (phase CHOOSE) on ``galaxy``, made with
    ``state.arranged`` (so it must be one the rules allow: its invariants are checked); returns it.

    Seats not named hold no agents, the starting resources of each colour (3), no contracts. Slots default to the
    first three contracts left; the rest go to the deck (or, when ``deck`` is given, to the discards).
    ``credit_on``: the Colonies still holding their credit (default: all of them).
    """
    n = state.num_players
    f: dict = {"galaxy": galaxy, "agents": [0] * NUM_TILES, "owned": [0] * n}
    for seat, where in (agents or {}).items():
        for code in where:
            f["agents"][tile(code)] |= 1 << seat
            f["owned"][seat] |= 1 << tile(code)
    start = state.rules.starting_resources
    f["res"] = [[start] * NUM_COLOURS for _ in range(n)]
    for seat, held in (res or {}).items():
        f["res"][seat] = resources(held) if isinstance(held, str) else list(held)
    used: set[int] = set()

    def take(code_list: Iterable[str]) -> list[int]:
        ids = contracts(code_list)
        assert not used & set(ids), "a contract placed twice"
        used.update(ids)
        return ids

    f["hands"] = [sorted(take((hands or {}).get(seat, []))) for seat in range(n)]
    f["known"] = [[] for _ in range(n)]
    f["offers"] = [[] for _ in range(n)]
    f["cashed"] = [take((cashed or {}).get(seat, [])) for seat in range(n)]
    deck_ids = take(deck) if deck is not None else None
    rest = [c for c in range(NUM_CONTRACTS) if c not in used]
    if slots is None:
        f["slots"] = [rest.pop(0) for _ in range(3)]
    else:
        f["slots"] = [contract(c) if c else -1 for c in slots]
        used.update(c for c in f["slots"] if c >= 0)
    f["slot_res"] = [resources(r) for r in (slot_res or ["", "", ""])]
    rest = [c for c in range(NUM_CONTRACTS) if c not in used and c not in f["slots"]]
    if deck_ids is None:
        f["deck"], f["discards"] = rest, []
    else:
        f["deck"] = deck_ids
        f["discards"] = [c for c in rest if c not in deck_ids]
    f["discard_seen"] = [SEEN_BY_ALL] * len(f["discards"])
    f["pending"] = []
    f["flipped"] = [sum(1 << CARD_BY_NAME[name] for name in (flipped or {}).get(seat, [])) for seat in range(n)]
    f["guilds"] = [sum(1 << c for c in (guilds or {}).get(seat, [])) for seat in range(n)]
    f["credit_on"] = sum(1 << tile(c) for c in credit_on) if credit_on is not None else sum(1 << t for t in COLONIES)
    taken = state.rules.colony_credit * (len(COLONIES) - f["credit_on"].bit_count())
    f["credits"] = [(credits or {}).get(seat, 0) for seat in range(n)]
    pool = credit_pool(state.rules, n)
    f["pool"] = pool + taken - sum(f["credits"])
    assert 0 <= f["pool"] <= pool, "arrange needs credits at least the Colony credits taken"
    f["from_box"] = 0
    f["awards"] = [0] * n
    held = [sum(r[c] for r in f["res"] + f["slot_res"]) - start * n for c in range(NUM_COLOURS)]
    f["made"] = [max(h, 0) for h in held]
    f["spent"] = [max(-h, 0) for h in held]
    f["start_player"] = start_player
    f["turn"] = turn
    f["phase"] = CHOOSE
    f["card"] = NO_CARD
    f["bribe_left"] = f["bribe_total"] = 0
    f["reshuffles"] = 0
    f["end_triggered"] = f["pool"] == 0 or not (f["deck"] or f["discards"])
    f["turns"] = (turn - start_player) % n
    f["stacked"] = [[] for _ in range(n)]
    f["route"] = []
    f["revealed"] = []
    f["exchanging"] = False
    arranged = state.arranged(**f)
    assert isinstance(arranged, SyndicateState)
    return arranged


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


def loot(state: pg.GameState, path: str) -> None:
    """Loot along ``path`` (``"C3>A2>O4"``) in its steps: ``loot from C3``, then ``to A2``, ``to O4``."""
    first, *rest = path.split(">")
    state.apply(f"loot from {first}")
    for code in rest:
        state.apply(f"to {code}")


def loot_paths(state: pg.GameState) -> list[str]:
    """Every loot path the seat to act could take now, written ``C3>A2>O4``, in the order offered."""
    found: list[str] = []

    def walk(position: pg.GameState, path: list[str]) -> None:
        if position.view(None)["phase"] != "loot":
            found.append(">".join(path))
            return
        for action in position.legal_actions():
            step = position.copy()
            step.apply(action)
            walk(step, [*path, str(action).split()[-1]])

    for action in state.legal_actions():
        if str(action).startswith("loot from "):
            start = state.copy()
            start.apply(action)
            walk(start, [str(action).split()[-1]])
    return found
