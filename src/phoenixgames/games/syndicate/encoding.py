"""A seat's observation of The Phoenix Syndicate as a fixed-length vector (``engine/encoding.py``).

Everything comes from the seat's view (``view.observed_view``): the galaxy cell by cell (which tile lies
there, its kind, colour, moon and turn, what each link to a neighbour costs, the agents on it and a
Colony's credit), where the game stands (phase, seat to act, the action card being performed, the bribe
still to pay, an exchange opened, a loot path chosen so far), the contracts the seat can see (its hand,
its offer or Gamble's draw, the slots and what lies on them, the contracts revealed or discarded in its
sight), and each seat's resources, credits, action cards, guilds and contracts.

Cells are numbered row by row, top to bottom, left to right (``galaxy.py``); the six directions run
clockwise from east: E, SE, SW, W, NW, NE. A contract field is 68 numbers, one per contract in the order
of their codes (``P1C1O3`` first: by Prime, then Colony, then Outpost, in tile order). Colours run red,
yellow, green, blue, purple. Whatever is given per seat is in blocks ordered from the viewer: block 0 is
the viewer, block 1 the next seat in seat order, and so on.

The galaxy's tiles never move once laid, and its agents change only when one arrives; a seat, the slots and
the discards change seldom. What each of those parts writes is kept: for the parts an observed view shares
from step to step (``view.KeptDict`` and ``view.KeptList``, which nobody changes), by the part's
identity; for the tiles and for lists of contracts, by what they show. The parts of any other view (a
full ``state.view(seat)``, which its holder may change) are worked out afresh each time.
"""

from __future__ import annotations

from array import array
from operator import itemgetter
from typing import Any

from ...engine.encoding import ObservationWriter
from .components import (
    ACTION_CARDS,
    ASTEROID,
    COLOURS,
    CONTRACTS,
    FACE_UP_CONTRACTS,
    GAME,
    LETTERS,
    NUM_COLOURS,
    NUM_CONTRACTS,
    NUM_TILES,
    PLANET_KINDS,
    STARTING_CONTRACTS,
    TILES,
    edge_cost,
    printed_credit_pool,
)
from .facts import ASTEROIDS
from .galaxy import DIRECTIONS, NEIGHBOURS, NUM_CELLS
from .phases import PHASE_NAMES
from .view import KeptDict, KeptList

#: The tiles in the order of every tile one-hot: P1-P5, C1-C9, O1-O6, RE, SC, A1-A5.
TILE_ORDER: tuple[str, ...] = tuple(t.code for t in TILES)
#: The kinds of tile in the order of ``cell_kind``.
KIND_ORDER: tuple[str, ...] = (*PLANET_KINDS, ASTEROID)
CARD_ORDER: tuple[str, ...] = tuple(card.name for card in ACTION_CARDS)
#: The most tiles a loot path holds before it reaches its planet: the start and every asteroid field.
LOOT_STEPS = 1 + ASTEROIDS
#: The most a link asks of one colour: two symbols of it on each side.
MOST_LINK = 4
#: What a seat's block of ``seats`` holds: five resources, credits, six cards, five guilds, hand size.
SEAT_NUMBERS = NUM_COLOURS + 1 + len(ACTION_CARDS) + NUM_COLOURS + 1
#: The contracts Gamble draws to keep one.
GAMBLE_DRAW = 3
#: What counts are divided by (the most each is taken to be: a larger count reads as 1). The rules bound
#: none of resources, credits, turns or agents on a tile; these are above what random and greedy games
#: reach, but for the stacked agents, which random play piles up far past any sensible game.
MOST_RESOURCES = 20
MOST_CREDITS = 60
MOST_AWARDS = 40
MOST_TURNS = 250
MOST_FROM_BOX = 30
MOST_MORE_AGENTS = 8
MOST_IN_HAND = 5
MOST_ON_SLOT = 10
MOST_BRIBE = len(ACTION_CARDS) - 1  # the Contract action's: one for every other card face up
MOST_RESHUFFLES = 2  # the second starts the last round

_TILE = {code: i for i, code in enumerate(TILE_ORDER)}
_KIND = {name: i for i, name in enumerate(KIND_ORDER)}
_COLOUR = {name: i for i, name in enumerate(COLOURS)}
_CARD = {name: i for i, name in enumerate(CARD_ORDER)}
_CONTRACT = {c.code: c.id for c in CONTRACTS}
_PHASE = {name: i for i, name in enumerate(PHASE_NAMES)}
_C = NUM_CONTRACTS
_COLOURS = NUM_COLOURS
_CARDS = len(ACTION_CARDS)
_FROM_VIEWER = "block 0 is the viewer, block 1 the next seat in seat order, and so on"
_CONTRACTS = f"one per contract, the {_C} in the order of their codes (by Prime, Colony, then Outpost)"
_COLOUR_WORDS = ", ".join(COLOURS)
_TILE_WORDS = ", ".join(TILE_ORDER)
#: The printed pools: a game with a larger one (its parameters) reads as 1 until it falls below this.
_POOLS = {players: printed_credit_pool(players) for players in range(GAME["min_players"], GAME["max_players"] + 1)}
_PER_CELL = f"per cell (the {NUM_CELLS} row by row, top to bottom, left to right)"


def observation_fields(players: int, options: dict[str, Any]) -> list[tuple[str, int, str]]:
    """The fields of a seat's observation at ``players`` players, in order (name, size, meaning)."""
    n = players
    cells = NUM_CELLS
    directions = ", ".join(DIRECTIONS)
    return [
        # the galaxy as laid: the same for a whole game
        ("cell_tile", cells * NUM_TILES, f"{_PER_CELL}, one-hot over the {NUM_TILES} tiles {_TILE_WORDS}"),
        ("cell_kind", cells * len(KIND_ORDER), f"{_PER_CELL}, one-hot over the kinds {', '.join(KIND_ORDER)}"),
        (
            "cell_colour",
            cells * _COLOURS,
            f"{_PER_CELL}, one-hot over the planet's colour ({_COLOUR_WORDS}); all 0 for Reega, Sabean Core "
            "and asteroid fields",
        ),
        (
            "cell_moon",
            cells * _COLOURS,
            f"{_PER_CELL}, one-hot over its moon's colour ({_COLOUR_WORDS}); all 0 if none",
        ),
        ("cell_rotation", cells * 6, f"{_PER_CELL}, one-hot over the tile's turn 0 to 5"),
        (
            "cell_links",
            cells * 6 * _COLOURS,
            f"{_PER_CELL}, then per direction ({directions}), then per colour ({_COLOUR_WORDS}): what the link "
            f"to the neighbour that way costs in that colour (the symbols on both sides; a deep space gap one "
            f"of every colour) / {MOST_LINK}; all 0 off the edge of the galaxy",
        ),
        # the galaxy as it stands
        ("cell_credit", cells, f"{_PER_CELL}: 1 if a Colony's credit still lies there"),
        (
            "agents",
            n * 2 * cells,
            f"per seat ({_FROM_VIEWER}), {2 * cells} numbers: {_PER_CELL} 1 if the seat has an agent there, "
            f"then per cell its agents there beyond the first / {MOST_MORE_AGENTS} (more read as 1)",
        ),
        # where the game stands
        ("phase", len(PHASE_NAMES), f"one-hot over the phases {', '.join(PHASE_NAMES)}"),
        ("current_player", n, f"one-hot over the seats ({_FROM_VIEWER}): who is to act; all 0 once the game is over"),
        ("start_player", n, f"one-hot over the seats ({_FROM_VIEWER}): who began (the seat before it ends each round)"),
        (
            "action",
            _CARDS,
            f"one-hot over the action cards {', '.join(CARD_ORDER)}: the one being performed; all 0 between actions",
        ),
        ("bribe_left", 1, f"the resources of the action's bribe still to pay / {MOST_BRIBE}"),
        ("exchange_open", 1, "1 if the seat to act opened an exchange and is choosing which"),
        (
            "loot_path",
            LOOT_STEPS * cells,
            f"per step of the loot path chosen so far (the start, then up to {ASTEROIDS} asteroid fields), "
            "one-hot over the cells; all 0 past its end and outside a Loot",
        ),
        ("last_round", 1, "1 once the last round is under way (the pool is empty, or the deck was reshuffled twice)"),
        ("turns", 1, f"turns completed since the placement / {MOST_TURNS} (more read as 1)"),
        ("pool", 1, f"credits left in the pool / {printed_credit_pool(n)} (the pool at the start)"),
        ("from_box", 1, f"credits taken from the box once the pool ran dry / {MOST_FROM_BOX} (more read as 1)"),
        ("deck_size", 1, f"contracts in the face-down deck / {_C}"),
        ("discard_size", 1, f"contracts in the discard pile / {_C}"),
        ("reshuffles", MOST_RESHUFFLES + 1, f"one-hot over how often the deck was reshuffled: 0 to {MOST_RESHUFFLES}"),
        ("drawn_count", 1, f"while Gamble's draw waits for the keep: the contracts drawn / {GAMBLE_DRAW}; else 0"),
        # contracts
        ("hand", _C, f"the viewer's hand: {_CONTRACTS}, 1 for each it holds"),
        (
            "offer",
            STARTING_CONTRACTS * _C,
            f"at set-up, the two contracts dealt to the viewer to keep one (keep 1, keep 2): per place, one-hot "
            f"{_CONTRACTS}; all 0 once it kept one",
        ),
        (
            "drawn",
            GAMBLE_DRAW * _C,
            f"the contracts the viewer's Gamble drew, in the order drawn (keep 1, 2, 3): per place, one-hot "
            f"{_CONTRACTS}; all 0 otherwise",
        ),
        (
            "slot_contract",
            FACE_UP_CONTRACTS * _C,
            f"per contract slot (1 to {FACE_UP_CONTRACTS}), one-hot {_CONTRACTS}: the face-up contract there; "
            "all 0 if empty",
        ),
        (
            "slot_resources",
            FACE_UP_CONTRACTS * _COLOURS,
            f"per contract slot, per colour ({_COLOUR_WORDS}): the resources lying on it / {MOST_ON_SLOT} "
            "(more read as 1)",
        ),
        ("revealed", _C, f"the contracts the last Gamble revealed: {_CONTRACTS}, 1 for each"),
        ("discards_seen", _C, f"the discarded contracts every seat saw: {_CONTRACTS}, 1 for each"),
        ("my_discards", _C, f"the contracts the viewer discarded, which only it saw: {_CONTRACTS}, 1 for each"),
        # the seats
        (
            "seats",
            n * SEAT_NUMBERS,
            f"per seat ({_FROM_VIEWER}), {SEAT_NUMBERS} numbers: its resources ({_COLOUR_WORDS}) each / "
            f"{MOST_RESOURCES} (more read as 1); its credits / {MOST_CREDITS} (more read as 1); its action cards "
            f"({', '.join(CARD_ORDER)}) 1 each if face up; its guilds ({_COLOUR_WORDS}) 1 each if joined; the "
            f"contracts in its hand / {MOST_IN_HAND}",
        ),
        (
            "seat_contracts",
            n * 2 * _C,
            f"per seat ({_FROM_VIEWER}), {2 * _C} numbers: the contracts all saw it take into hand from a slot "
            f"and it still holds ({_CONTRACTS}, 1 for each), then its face-up (cashed-in) contracts (the same)",
        ),
        (
            "awards",
            n,
            f"per seat ({_FROM_VIEWER}): the end-of-game credits / {MOST_AWARDS} (more read as 1); 0 until the end",
        ),
        ("winners", n, f"per seat ({_FROM_VIEWER}): 1 if it won; all 0 until the end"),
    ]


_FIELD_NAMES = (
    "cell_tile",
    "agents",
    "phase",
    "current_player",
    "start_player",
    "action",
    "bribe_left",
    "exchange_open",
    "loot_path",
    "last_round",
    "turns",
    "pool",
    "from_box",
    "deck_size",
    "discard_size",
    "reshuffles",
    "drawn_count",
    "hand",
    "offer",
    "drawn",
    "slot_contract",
    "slot_resources",
    "revealed",
    "discards_seen",
    "my_discards",
    "seats",
    "seat_contracts",
    "awards",
    "winners",
)
_BASES: dict[int, tuple[int, ...]] = {}


def _bases(writer: ObservationWriter) -> tuple[int, ...]:
    """Where each field starts, in the order of ``_FIELD_NAMES``; worked out once per player count."""
    layout = writer.layout
    found = _BASES.get(layout.players)
    if found is None:
        found = _BASES[layout.players] = tuple(layout.field(name).offset for name in _FIELD_NAMES)
    return found


# ------------------------------------------------------------------ the parts kept from step to step
#: The most entries each cache below keeps; when full, it starts afresh.
CACHE_LIMIT = 4096


def _zeros(size: int) -> array[float]:
    return array("f", bytes(4 * size))


def _scaled(count: int, most: int) -> float:
    return count / most if count < most else 1.0


_TILE_OF, _ROTATION_OF = itemgetter("tile"), itemgetter("rotation")
#: cell_tile to cell_links, by the tiles and turns the galaxy shows, with the cell of each tile.
_TILES_PART: dict[tuple[Any, ...], tuple[array[float], dict[str, int]]] = {}


def _tiles_part(galaxy: list[dict[str, Any]]) -> tuple[array[float], dict[str, int]]:
    """cell_tile to cell_links of the galaxy the view shows, and the cell of each tile by its code."""
    key = (*map(_TILE_OF, galaxy), *map(_ROTATION_OF, galaxy))
    found = _TILES_PART.get(key)
    if found is not None:
        return found
    cells, kinds, colours = NUM_CELLS, len(KIND_ORDER), _COLOURS
    at_kind = cells * NUM_TILES
    at_colour = at_kind + cells * kinds
    at_moon = at_colour + cells * colours
    at_rotation = at_moon + cells * colours
    at_links = at_rotation + cells * 6
    part = _zeros(at_links + cells * 6 * colours)
    cell_of: dict[str, int] = {}
    for i, cell in enumerate(galaxy):
        cell_of[cell["tile"]] = i
        part[i * NUM_TILES + _TILE[cell["tile"]]] = 1.0
        part[at_kind + i * kinds + _KIND[cell["kind"]]] = 1.0
        if cell["colour"] is not None:
            part[at_colour + i * colours + _COLOUR[cell["colour"]]] = 1.0
        if cell["moon"] is not None:
            part[at_moon + i * colours + _COLOUR[cell["moon"]]] = 1.0
        part[at_rotation + i * 6 + cell["rotation"]] = 1.0
        for d, name in enumerate(DIRECTIONS):
            other = NEIGHBOURS[i][d]
            if other < 0:
                continue
            near = edge_cost(cell["edges"][name])
            far = edge_cost(galaxy[other]["edges"][DIRECTIONS[(d + 3) % 6]])
            for colour in range(colours):
                part[at_links + (i * 6 + d) * colours + colour] = (near[colour] + far[colour]) / MOST_LINK
    if len(_TILES_PART) >= CACHE_LIMIT:
        _TILES_PART.clear()
    found = _TILES_PART[key] = (part, cell_of)
    return found


class _GalaxyPart:
    """What one galaxy of a view writes: cell_tile to cell_credit in one block (``laid``), and per seat (by
    its number, not yet from the viewer) its block of ``agents``."""

    __slots__ = ("galaxy", "laid", "agents", "cell_of")

    def __init__(self, galaxy: list[dict[str, Any]], n: int) -> None:
        self.galaxy = galaxy  # held, so that no other list takes its identity while it is kept
        tiles, self.cell_of = _tiles_part(galaxy)
        self.laid = tiles + array("f", [1.0 if cell["credit"] else 0.0 for cell in galaxy])
        cells = NUM_CELLS
        agents = self.agents = [_zeros(2 * cells) for _ in range(n)]
        step = 1.0 / MOST_MORE_AGENTS
        for i, cell in enumerate(galaxy):
            for seat in cell["agents"]:
                numbers = agents[seat]
                if numbers[i]:
                    more = numbers[cells + i] + step
                    numbers[cells + i] = more if more < 1.0 else 1.0
                else:
                    numbers[i] = 1.0


#: By the identity of the view's galaxy (the observed view shares one list of cells for as long as no agent
#: arrives and no credit is taken); each kept part holds its list, so no other can take its identity.
_GALAXIES: dict[int, _GalaxyPart] = {}


def _galaxy_part(galaxy: list[dict[str, Any]], n: int) -> _GalaxyPart:
    if galaxy.__class__ is not KeptList:  # a list someone may change: worked out afresh
        return _GalaxyPart(galaxy, n)
    found = _GALAXIES.get(id(galaxy))
    if found is None or found.galaxy is not galaxy:
        if len(_GALAXIES) >= CACHE_LIMIT:
            _GALAXIES.clear()
        found = _GALAXIES[id(galaxy)] = _GalaxyPart(galaxy, n)
    return found


#: The multi-hot block of a list of contracts, by its codes: the long lists (the discards, a seat's face-up
#: contracts) change seldom, and one copy of a block costs less than setting its numbers one by one.
_CONTRACT_BLOCKS: dict[tuple[str, ...], array[float]] = {}


def _contract_block(codes: list[str]) -> array[float]:
    """The numbers of a contract field marking ``codes``."""
    key = tuple(codes)
    block = _CONTRACT_BLOCKS.get(key)
    if block is None:
        block = _zeros(_C)
        for code in codes:
            block[_CONTRACT[code]] = 1.0
        if len(_CONTRACT_BLOCKS) >= CACHE_LIMIT:
            _CONTRACT_BLOCKS.clear()
        _CONTRACT_BLOCKS[key] = block
    return block


class _SeatPart:
    """What one seat of a view writes: its block of ``seats``, and of ``seat_contracts`` (None if all 0)."""

    __slots__ = ("shown", "numbers", "contracts")

    def __init__(self, shown: dict[str, Any]) -> None:
        self.shown = shown  # held, so that no other dict takes its identity while it is kept
        held = shown["resources"]
        most = MOST_RESOURCES
        numbers = [x / most if x < most else 1.0 for x in map(held.__getitem__, LETTERS)]
        numbers.append(_scaled(shown["credits"], MOST_CREDITS))
        numbers.extend(_CARDS_UP[tuple(shown["cards_up"])])
        numbers.extend(_GUILDS[tuple(shown["guilds"])])
        numbers.append(_scaled(shown["hand_size"], MOST_IN_HAND))
        self.numbers = array("f", numbers)
        known, cashed = shown["known_in_hand"], shown["cashed"]
        self.contracts = _contract_block(known) + _contract_block(cashed) if known or cashed else None


def _flag_table(order: tuple[str, ...]) -> dict[tuple[str, ...], tuple[float, ...]]:
    """For every list of names from ``order`` (kept in that order), 1 for each name listed, else 0."""
    table = {}
    for mask in range(1 << len(order)):
        names = tuple(name for i, name in enumerate(order) if mask >> i & 1)
        table[names] = tuple(float(mask >> i & 1) for i in range(len(order)))
    return table


#: The numbers of a seat's face-up cards and of its guilds, by the names the view lists.
_CARDS_UP = _flag_table(CARD_ORDER)
_GUILDS = _flag_table(COLOURS)


#: By the identity of a seat's dict in the view (the observed view shares it while the seat is unchanged).
_SEATS: dict[int, _SeatPart] = {}


def _seat_part(shown: dict[str, Any]) -> _SeatPart:
    if shown.__class__ is not KeptDict:
        return _SeatPart(shown)
    found = _SEATS.get(id(shown))
    if found is None or found.shown is not shown:
        if len(_SEATS) >= CACHE_LIMIT:
            _SEATS.clear()
        found = _SEATS[id(shown)] = _SeatPart(shown)
    return found


class _SlotsPart:
    """What the contract slots of a view write: the index of each face-up contract within slot_contract,
    and slot_resources."""

    __slots__ = ("slots", "contracts", "resources")

    def __init__(self, slots: list[dict[str, Any]]) -> None:
        self.slots = slots  # held, so that no other list takes its identity while it is kept
        self.contracts = tuple(
            slot * _C + _CONTRACT[lying["contract"]]
            for slot, lying in enumerate(slots)
            if lying["contract"] is not None
        )
        most = MOST_ON_SLOT
        counts = [x for lying in slots for x in map(lying["resources"].__getitem__, LETTERS)]
        self.resources = array("f", [x / most if x < most else 1.0 for x in counts])


#: By the identity of the view's list of slots (the observed view shares it while the slots are unchanged).
_SLOTS: dict[int, _SlotsPart] = {}


def _slots_part(slots: list[dict[str, Any]]) -> _SlotsPart:
    if slots.__class__ is not KeptList:
        return _SlotsPart(slots)
    found = _SLOTS.get(id(slots))
    if found is None or found.slots is not slots:
        if len(_SLOTS) >= CACHE_LIMIT:
            _SLOTS.clear()
        found = _SLOTS[id(slots)] = _SlotsPart(slots)
    return found


# ------------------------------------------------------------------ the encoding
def encode(view: dict[str, Any], writer: ObservationWriter) -> None:
    """Fill ``writer`` from a seat's view, as :func:`observation_fields` lays it out.

    The numbers go straight into ``writer.values`` at offsets worked out once per player count: every
    index is a tile, a cell, a contract, a colour or a seat, each within its field by construction, and a
    step of a learning loop cannot afford a checked call per number. A count past the most it is divided
    by reads as 1."""
    (
        cell_tile,
        agents,
        phase,
        current_player,
        start_player,
        action,
        bribe_left,
        exchange_open,
        loot_path,
        last_round,
        turns,
        pool,
        from_box,
        deck_size,
        discard_size,
        reshuffles,
        drawn_count,
        hand,
        offer,
        drawn,
        slot_contract,
        slot_resources,
        revealed,
        discards_seen,
        my_discards,
        seat_numbers,
        seat_contracts,
        awards,
        winners,
    ) = _bases(writer)
    v = writer.values
    n = view["players"]
    me = view["viewer"]
    contract = _CONTRACT
    cells = NUM_CELLS

    galaxy = _galaxy_part(view["galaxy"], n)
    v[cell_tile:agents] = galaxy.laid
    size = 2 * cells
    for k in range(n):
        at = agents + k * size
        v[at : at + size] = galaxy.agents[(me + k) % n]

    v[phase + _PHASE[view["phase"]]] = 1.0
    if view["current_player"] is not None:
        v[current_player + (view["current_player"] - me) % n] = 1.0
    v[start_player + (view["start_player"] - me) % n] = 1.0
    if view["action"] is not None:
        v[action + _CARD[view["action"]]] = 1.0
    v[bribe_left] = _scaled(view["bribe_left"], MOST_BRIBE)
    if view["exchange_open"]:
        v[exchange_open] = 1.0
    if view["loot_route"]:
        cell_of = galaxy.cell_of
        for step, code in enumerate(view["loot_route"]):
            v[loot_path + step * cells + cell_of[code]] = 1.0
    if view["last_round"]:
        v[last_round] = 1.0
    v[turns] = _scaled(view["turns"], MOST_TURNS)
    v[pool] = _scaled(view["pool"], _POOLS[n])
    v[from_box] = _scaled(view["from_box"], MOST_FROM_BOX)
    v[deck_size] = view["deck_size"] / _C
    v[discard_size] = view["discard_size"] / _C
    v[reshuffles + view["reshuffles"]] = 1.0
    if "drawn_count" in view:
        v[drawn_count] = view["drawn_count"] / GAMBLE_DRAW

    for code in view["hand"]:
        v[hand + contract[code]] = 1.0
    if "offer" in view:
        for place, code in enumerate(view["offer"]):
            v[offer + place * _C + contract[code]] = 1.0
    if "drawn" in view:
        for place, code in enumerate(view["drawn"]):
            v[drawn + place * _C + contract[code]] = 1.0
    slots = _slots_part(view["slots"])
    for at in slots.contracts:
        v[slot_contract + at] = 1.0
    v[slot_resources : slot_resources + FACE_UP_CONTRACTS * _COLOURS] = slots.resources
    for code in view["revealed"]:
        v[revealed + contract[code]] = 1.0
    if view["discards_seen"]:
        v[discards_seen : discards_seen + _C] = _contract_block(view["discards_seen"])
    if view["my_discards"]:
        v[my_discards : my_discards + _C] = _contract_block(view["my_discards"])

    seats = view["seats"]
    award = view["awards"]
    for seat in view["winners"]:
        v[winners + (seat - me) % n] = 1.0
    size = 2 * _C
    for k in range(n):
        seat = (me + k) % n
        if award[seat]:
            v[awards + k] = _scaled(award[seat], MOST_AWARDS)
        shown = seats[seat]
        found = _SEATS.get(id(shown))
        if found is None or found.shown is not shown:
            found = _seat_part(shown)  # a new seat, or one of a view whose parts are not kept
        at = seat_numbers + k * SEAT_NUMBERS
        v[at : at + SEAT_NUMBERS] = found.numbers
        if found.contracts is not None:
            at = seat_contracts + k * size
            v[at : at + size] = found.contracts
