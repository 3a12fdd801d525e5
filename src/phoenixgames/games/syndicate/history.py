"""A perspective save checked against its own history: the state must be what its actions make.

A referee's save is proved by replaying its record; a perspective copy's save has no seed to replay, so
``saves.py`` and ``invariants.py`` check what each field holds, and :func:`check_against_history` checks
the state against the public game its history makes (:class:`PublicGame`, below): the phase, the turns
taken, the seat to act, the card being performed and its bribe, an exchange opened and not yet made,
the loot path chosen so far, every agent, the Colonies' credits, the guilds, every credit (the pool and
the box too), the contracts cashed in (in their order), the size of each hand, of the deck, of a
Gamble's draw and of the discards (with who saw each discard, and the contracts cashed in without a
planet), the empty slots and the resources lying on each, the reshuffles and the start of the last
round, the resources made, spent and held as far as the history tells them, and the cards face down
with the turns on which the rule turned them face up.

The notation of The Phoenix Syndicate names every agent placed, every action card chosen, every tile
of a loot's path, every bribe paid, guild joined, exchange opened and made, and contract cashed in.
What it leaves out is what no other seat saw
(which of its two starting contracts, or of a Gamble's three, a seat kept: ``keep 2`` names a place in
a random order) or what a player need not say (which contract a Gamble or a claimed slot drew, and so
the colours a Gamble revealed). So :class:`PublicGame` replays, from the set-up (the galaxy and the
start player are in the save), the public part of the game: the placements and the keep in turn order,
each turn's card and what follows it (connections, the keep of a Gamble, a guild, the cash-ins down to
three contracts, the bribe), the end of the game when the last round is over.

What the history leaves open stays open, as every way it could have gone:

- when SYN-22 turned a player's cards face up (no card could be chosen: that depends on resources and
  contracts the history does not show), so the cards face down are a set of possibilities, each with
  the turns on which the rule fired;
- the Contract action's bribe (one per other card face up), which the payments that follow it tell;
- whether a Scheme could join a guild, which the next action tells;
- the resources each seat holds: the colours a Gamble revealed are not in the history, and nor is what
  a payment short of a colour gave up for it; so only what the named colours make certain is kept.

Where the history ends before the next action tells, :meth:`PublicGame.settle` reads the answer from
the save (the comparison below then checks it agrees with the rest).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Action, require
from ...engine.history import differ, first_difference
from . import actions as A
from . import phases as P
from .components import (
    ACQUIRE,
    ACTION_CARDS,
    CASH_THREE,
    CASH_TWO,
    COLLECT,
    COLONIES,
    CONTRACT,
    CONTRACTS,
    EXPAND,
    FACE_UP_CONTRACTS,
    GUILD_COST,
    HAND_LIMIT,
    IS_PLANET,
    LOOT,
    NUM_CARDS,
    NUM_COLOURS,
    NUM_CONTRACTS,
    NUM_TILES,
    SCHEME,
    STARTING_CONTRACTS,
    STARTING_RESOURCES,
    TILES,
    credit_pool,
)
from .payment import left_after
from .rules import gain_credits, place_agent, planets_held

if TYPE_CHECKING:
    from .state import SyndicateState

UNKNOWN = -1  # a discard whose contract the history does not name
#: The two steps of an exchange (choice 4), which may come at any decision of a turn.
EXCHANGE_STEPS = (A.OpenExchange, A.Exchange)


class PublicGame:
    """A game of The Phoenix Syndicate as far as its actions take it."""

    __slots__ = (
        "state",
        "actions",
        "next",
        "phase",
        "turn",
        "turns",
        "card",
        "bribe_left",
        "bribe_total",
        "exchanging",
        "route",
        "paid",
        "may_be_bribing",
        "agents",
        "owned",
        "stacked",
        "credit_on",
        "guilds",
        "credits",
        "pool",
        "from_box",
        "cashed",
        "hand_sizes",
        "kept",
        "claims",
        "pending",
        "slot_empty",
        "slot_res",
        "deck_size",
        "discard_seen",
        "discarded",
        "reshuffles",
        "end_triggered",
        "faces",
        "most_held",
        "made",
        "revealed",
        "spent",
        "deferred",
    )

    def __init__(self, state: SyndicateState) -> None:
        n = state.num_players
        self.state, self.actions, self.next = state, state._history, 0
        self.phase, self.turn, self.turns = P.PLACE_FIRST, state.start_player, 0
        self.card, self.bribe_left, self.bribe_total, self.paid = P.NO_CARD, 0, 0, 0
        self.exchanging = False  # an exchange opened and not yet made (choice 4)
        self.route: list[int] = []  # the loot path chosen so far
        self.may_be_bribing = False  # the history ends before it tells whether a Scheme could join a guild
        self.agents = [0] * NUM_TILES
        self.owned = [0] * n
        self.stacked: list[list[int]] = [[] for _ in range(n)]
        self.credit_on = sum(1 << t for t in COLONIES)
        self.guilds = [0] * n
        self.credits = [0] * n
        self.pool, self.from_box = credit_pool(n), 0
        self.cashed: list[list[int]] = [[] for _ in range(n)]
        self.hand_sizes = [STARTING_CONTRACTS] * n
        self.kept = [False] * n
        self.claims = [0] * n
        self.pending = 0
        self.slot_empty = [True] * FACE_UP_CONTRACTS
        self.slot_res = [[0] * NUM_COLOURS for _ in range(FACE_UP_CONTRACTS)]
        self.deck_size = NUM_CONTRACTS - STARTING_CONTRACTS * n
        self.discard_seen: list[int] = []
        self.discarded: list[int] = []  # the contract of each discard, or UNKNOWN
        self.reshuffles = 0
        self.end_triggered = False
        # faces[seat]: every (face-down cards, turns the rule turned them up) the history leaves possible
        self.faces: list[set[tuple[int, int]]] = [{(0, 0)} for _ in range(n)]
        # Resources: the colours a Gamble revealed are not in the history, so neither is what a payment
        # short of a colour gave up for it. Each seat holds what its history leaves it (``most_held``)
        # less two for each resource so made up; ``made`` and ``spent`` are what the named colours make
        # certain, and ``revealed`` counts the resources of unnamed colours.
        self.most_held = [STARTING_RESOURCES * NUM_COLOURS] * n
        self.made = [0] * NUM_COLOURS
        self.revealed = 0
        self.spent = [0] * NUM_COLOURS
        self.deferred: list[Action] = []  # exchange steps at the end of the history whose seat the save tells

    # ------------------------------------------------------------------ contracts and credits
    def _draw(self) -> bool:
        """As ``rules.draw``: ``False`` when there is nothing to draw."""
        if not self.deck_size:
            return False
        self.deck_size -= 1
        if not self.deck_size:
            self._deck_ran_out()
        return True

    def _deck_ran_out(self) -> None:
        if not self.discard_seen:
            self.end_triggered = True
            return
        self.deck_size = len(self.discard_seen)
        self.discard_seen, self.discarded = [], []
        self.reshuffles += 1
        if self.reshuffles >= 2:
            self.end_triggered = True

    def _discard(self, seen: int, contract: int = UNKNOWN) -> None:
        self.discard_seen.append(seen)
        self.discarded.append(contract)
        if not self.deck_size:
            self._deck_ran_out()

    def _cash_in(self, seat: int, contract: int) -> None:
        """As ``rules.cash_in``: face up with a planet held, with credits for two or three; else discarded."""
        require(self.hand_sizes[seat] > 0, f"the history has seat {seat} cash in a contract from an empty hand")
        self.hand_sizes[seat] -= 1
        held = planets_held(self, seat, contract)
        if held == 0:
            self._discard(P.SEEN_BY_ALL, contract)
            return
        self.cashed[seat].append(contract)
        gain_credits(self, seat, CASH_THREE if held == 3 else CASH_TWO if held == 2 else 0)

    def _acquire(self, seat: int, tile: int, full_moon: bool = False) -> None:
        """As ``rules.acquire``."""
        alone, shared = ACQUIRE[tile]
        gain = alone if full_moon or self.agents[tile] & ~(1 << seat) == 0 else shared
        for colour in range(NUM_COLOURS):
            self.made[colour] += gain[colour]
        self.most_held[seat] += sum(gain)

    def _pay_cost(self, seat: int, cost: tuple[int, ...] | list[int]) -> None:
        """A cost in given colours (a link, a guild): what a missing colour costs, the history cannot tell."""
        self.most_held[seat] -= sum(cost)

    def _exchange_step(self, seat: int, action: Action) -> None:
        """``exchange`` opens an exchange; the next action makes it (choice 4)."""
        match action:
            case A.OpenExchange():
                require(not self.exchanging, f"the history has seat {seat} open an exchange while one is open")
                self.exchanging = True
            case A.Exchange():
                require(self.exchanging, f"the history has seat {seat} make the exchange {action} without opening it")
                self.exchanging = False
                self._exchange(seat, action)

    def _exchange(self, seat: int, action: A.Exchange) -> None:
        for colour in action.give:
            self.spent[colour] += 1
        self.made[action.take] += 1
        self.most_held[seat] -= len(action.give) - 1

    def _holds(self, seat: int, tile: int, what: str) -> None:
        require(
            self.owned[seat] >> tile & 1,
            f"the history has seat {seat} {what} from {TILES[tile].code}, where it has no agent",
        )

    # ------------------------------------------------------------------ the action cards face down
    def _begin_turn(self) -> None:
        """A new turn; SYN-22 may have turned the seat's cards face up (the history cannot tell)."""
        self.phase = P.CHOOSE
        faces = self.faces[self.turn]
        faces |= {(0, up + 1) for flipped, up in faces if flipped}

    def _choose(self, card: int) -> None:
        seat = self.turn
        faces = {(flipped | 1 << card, up) for flipped, up in self.faces[seat] if not flipped >> card & 1}
        name = ACTION_CARDS[card].name
        require(faces, f"the history has seat {seat} choose the {name} card while it lies face down")
        self.faces[seat] = faces
        self.card = card

    def _contract_bribe(self, bribe: int) -> None:
        """The Contract action's bribe was ``bribe``: one for each other card face up (SYN-48)."""
        seat = self.turn
        faces = {(flipped, up) for flipped, up in self.faces[seat] if NUM_CARDS - flipped.bit_count() == bribe}
        require(faces, f"the history has seat {seat} pay a bribe of {bribe} for the Contract action, not its bribe")
        self.faces[seat] = faces
        self.bribe_total = bribe

    # ------------------------------------------------------------------ replaying
    def _coming(self) -> type | None:
        """The kind of the next action of the history that is not an exchange (nor its opening);
        ``None`` if none comes."""
        for action in self.actions[self.next :]:
            if action.__class__ not in EXCHANGE_STEPS:
                return action.__class__
        return None

    def run(self) -> None:
        """Replay every action; ``InvariantError`` at the first that no game could have then."""
        while self.next < len(self.actions):
            action = self.actions[self.next]
            self.next += 1
            self._apply(action)

    def _apply(self, action: Action) -> None:
        kind, phase, seat = action.__class__, self.phase, self.turn
        require(phase != P.GAME_OVER, "the history goes on after the end of the game")
        if phase in (P.PLACE_FIRST, P.PLACE_SECOND):
            require(kind is A.Place, "the history does something else before every agent is placed")
            place_agent(self, seat, action.tile)  # type: ignore[attr-defined]
            self.turn = (seat + 1) % len(self.owned)
            if self.turn == self.state.start_player:
                self.phase += 1
            return
        if phase == P.KEEP_START:
            require(kind is A.Keep, "the history does something else before every starting contract is kept")
            require(action.index < STARTING_CONTRACTS, "the history keeps a starting contract that was not dealt")  # type: ignore[attr-defined]
            self._keep_start(seat)
            return
        if kind in EXCHANGE_STEPS:
            require(phase != P.LOOTING, "the history exchanges in the middle of a loot's path")
            if self.bribe_total < 0 and phase == P.BRIBING and self._coming() is None:
                self.deferred.append(action)  # this seat's, or the next one's: ``settle`` says
            else:
                self._exchange_step(seat, action)
            return
        require(not self.exchanging, f"the history does {action} where seat {seat} must make the exchange it opened")
        wanted = {
            P.CHOOSE: tuple(A.CARD_OF),
            P.LOOTING: (A.LootTo,),
            P.CONNECTING: (A.Connect, A.Stop),
            P.GAMBLE_KEEP: (A.Keep,),
            P.JOINING: (A.Join,),
            P.CASHING: (A.CashIn,),
            P.BRIBING: (A.Bribe,) if self.paid == 0 else (A.Pay,),
        }[phase]
        require(kind in wanted, f"the history does {action} where seat {seat} must {P.PHASE_NAMES[phase]}")
        if phase == P.CHOOSE:
            self._choose(A.CARD_OF[kind])
            self._perform(seat, action)
            return
        match action:
            case A.LootTo():
                self._loot_to(seat, action)
            case A.Stop():
                self._start_bribe()
            case A.Connect(origin=origin, tile=tile):
                self._holds(seat, origin, "connect")
                cost = self.state.galaxy.link_cost.get((origin, tile))
                require(cost is not None, f"the history does {action} across no link")
                self._pay_cost(seat, cost)  # type: ignore[arg-type]
                place_agent(self, seat, tile)
            case A.Keep(index=index):
                require(index < self.pending, "the history keeps a contract a Gamble did not draw")
                self.hand_sizes[seat] += 1
                for _ in range(self.pending - 1):
                    self._discard(seat)
                self.pending = 0
                self._after_draw(seat)
            case A.Join(colour=colour):
                if colour >= 0:
                    require(not self.guilds[seat] >> colour & 1, "the history joins a guild twice")
                    self.guilds[seat] |= 1 << colour
                    self._pay_cost(seat, (GUILD_COST[colour],))
                self._start_bribe()
            case A.CashIn(contract=contract):
                self._cash_in(seat, contract)
                self._after_draw(seat)
            case A.Bribe() | A.Pay():
                self._pay(action)

    def _loot_to(self, seat: int, action: A.LootTo) -> None:
        """The next tile of a loot's path: through an asteroid field without the seat's agent, or to
        the planet that ends it, where the links are paid for, agents placed and resources acquired."""
        route, tile = self.route, action.tile
        require(
            self.state.galaxy.adjacent(route[-1], tile) and tile not in route,
            f"the history does {action} across no link",
        )
        route.append(tile)
        if not IS_PLANET[tile]:
            require(not self.owned[seat] >> tile & 1, f"the history loots through {TILES[tile].code}, its own tile")
            return
        path = tuple(route)
        self.route = []
        self._pay_cost(seat, self.state.galaxy.path_cost(path))
        for step in path[1:]:
            place_agent(self, seat, step)
        self._acquire(seat, tile)
        self._start_bribe()

    def _keep_start(self, seat: int) -> None:
        """SYN-14: one kept (which one, only its seat knows), the other discarded; then SYN-15."""
        self.hand_sizes[seat] -= 1
        self._discard(seat)
        self.kept[seat] = True
        self.turn = (seat + 1) % len(self.owned)
        if self.turn == self.state.start_player:
            self.slot_empty = [not self._draw() for _ in range(FACE_UP_CONTRACTS)]
            self._begin_turn()

    def _perform(self, seat: int, action: Action) -> None:
        """The action of the card just chosen, as ``SyndicateState._apply`` does it."""
        match action:
            case A.Loot(tile=tile):
                self._holds(seat, tile, "loot")
                self.bribe_total = self.bribe_left = ACTION_CARDS[LOOT].bribe
                self.route = [tile]
                self.phase = P.LOOTING
            case A.Collect(tile=tile) | A.Expand(tile=tile):
                self._holds(seat, tile, "acquire")
                self._acquire(seat, tile)
                if action.__class__ is A.Expand:
                    self.bribe_total = self.bribe_left = ACTION_CARDS[EXPAND].bribe
                    self.phase = P.CONNECTING
                else:
                    self._start_bribe()
            case A.Gamble(three=three):
                self.bribe_total = self.bribe_left = 0
                require(self.deck_size, "the history gambles with no contract left to draw")
                if three:
                    self.pending = sum(self._draw() for _ in range(3))
                    self.phase = P.GAMBLE_KEEP
                    return
                if self._draw():
                    self.hand_sizes[seat] += 1
                revealed = sum(self._draw() for _ in range(2))
                for _ in range(revealed):
                    self._discard(P.SEEN_BY_ALL)  # revealed: all saw them, but the history does not name them
                self.revealed += revealed
                self.most_held[seat] += revealed
                self._after_draw(seat)
            case A.Scheme(contract=contract, tile=tile):
                self._cash_in(seat, contract)
                self._acquire(seat, tile, full_moon=True)
                self.bribe_total = self.bribe_left = ACTION_CARDS[SCHEME].bribe
                coming = self._coming()  # could the seat join a guild? What it does next tells
                if coming is A.Join or coming is None:
                    self.phase = P.JOINING
                    self.may_be_bribing = coming is None
                else:
                    self._start_bribe()
            case A.ClaimContract(slot=slot):
                require(
                    not self.slot_empty[slot], f"the history claims the contract of slot {slot + 1}, which is empty"
                )
                self.bribe_total = self.bribe_left = -1  # told by the payments that follow
                self.hand_sizes[seat] += 1
                self.claims[seat] += 1
                self.most_held[seat] += sum(self.slot_res[slot])
                self.slot_res[slot] = [0] * NUM_COLOURS
                self.slot_empty[slot] = not self._draw()
                self._after_draw(seat)

    def _after_draw(self, seat: int) -> None:
        if self.hand_sizes[seat] > HAND_LIMIT:
            self.phase = P.CASHING
            return
        self._start_bribe()

    def _start_bribe(self) -> None:
        card = self.card
        if card in (LOOT, COLLECT):
            self.bribe_total = self.bribe_left = ACTION_CARDS[card].bribe
        self.paid = 0
        if self.bribe_total < 0:  # the Contract action: a bribe comes, or it was nothing
            coming = self._coming()
            if coming is A.Bribe or coming is None:
                self.phase = P.BRIBING  # if the history ends here, ``settle`` says which
                return
            self._contract_bribe(0)
        if self.bribe_left > 0:
            self.phase = P.BRIBING
        else:
            self._finish_action()

    def _pay(self, action: A.Bribe | A.Pay) -> None:
        match action:
            case A.Bribe(colour=colour, slot=slot):
                self.slot_res[slot][colour] += 1
            case A.Pay(colour=colour):
                self.spent[colour] += 1
        self.most_held[self.turn] -= 1
        self.paid += 1
        if self.bribe_total < 0:
            coming = self._coming()
            if coming is A.Pay or coming is None:
                return  # more to pay; or the history ends here, and ``settle`` says whether it did
            self._contract_bribe(self.paid)
            self.bribe_left = 0
        else:
            self.bribe_left -= 1
        if self.bribe_left == 0:
            self._finish_action()

    def _finish_action(self) -> None:
        seat = self.turn
        if self.card == CONTRACT:
            self.faces[seat] = {(0, up) for _, up in self.faces[seat]}
        self.card = P.NO_CARD
        self.bribe_total = self.bribe_left = self.paid = 0
        self.turns += 1
        n = len(self.owned)
        if self.end_triggered and seat == (self.state.start_player - 1) % n:
            self._finish_game()
            return
        self.turn = (seat + 1) % n
        self._begin_turn()

    def _finish_game(self) -> None:
        """SYN-52: every hand cashed in. Which contracts the hands held, the save's face-up contracts say."""
        for seat, cashed in enumerate(self.state.cashed):
            mine = self.cashed[seat]
            require(cashed[: len(mine)] == mine, f"seat {seat}'s face-up contracts are not those its history cashed in")
            last = cashed[len(mine) :]
            require(
                len(last) <= self.hand_sizes[seat] and last == sorted(last),
                f"seat {seat}'s face-up contracts are not those its hand could give at the end",
            )
            for contract in last:
                held = planets_held(self, seat, contract)
                require(held, f"seat {seat} has contract {CONTRACTS[contract]} face up without a planet of it")
                self._cash_in(seat, contract)
            for _ in range(self.hand_sizes[seat]):
                self._discard(P.SEEN_BY_ALL)
            self.hand_sizes[seat] = 0
        self.phase = P.GAME_OVER

    def _could_join(self) -> bool:
        """Whether the Scheme that ends the history (but for exchanges) left a guild to join: as
        ``rules.join_actions`` says with the resources the seat held then, the saved ones with the
        exchanges since undone."""
        seat = self.turn
        res = list(self.state.res[seat])
        for action in self.actions[self.next - 1 :: -1]:
            if action.__class__ not in EXCHANGE_STEPS:
                break
            if not isinstance(action, A.Exchange):
                continue
            for colour in action.give:
                res[colour] += 1
            res[action.take] -= 1
        for colour in range(NUM_COLOURS):
            if not self.guilds[seat] >> colour & 1:
                cost = [0] * NUM_COLOURS
                cost[colour] = GUILD_COST[colour]
                if left_after(res, cost) >= ACTION_CARDS[SCHEME].bribe:
                    return True
        return False

    def settle(self) -> None:
        """Where the history ends with a question open, what the save holds answers it (and the
        comparison then checks the answer agrees with the rest)."""
        state = self.state
        if self.may_be_bribing and not self._could_join():
            self.phase = P.BRIBING
        if self.bribe_total >= 0:
            return
        # the history ends in a Contract action before its payments tell its bribe
        same_turn = state.card == CONTRACT and state.turns == self.turns
        if same_turn and (self.phase == P.CASHING or state.bribe_total > self.paid):
            self._contract_bribe(state.bribe_total)  # still under way, as the save says
            self.bribe_left = state.bribe_total - self.paid
        elif self.phase == P.BRIBING:
            self._contract_bribe(self.paid)  # all paid: the turn is over
            self._finish_action()
            require(not self.deferred or self.phase != P.GAME_OVER, "the history goes on after the end of the game")
        for action in self.deferred:
            self._exchange_step(self.turn, action)


#: The fields compared, in the order a difference is reported: the first differing one is named.
COMPARED = (
    ("phase", "phase"),
    ("turns", "turns taken"),
    ("turn", "seat to act"),
    ("card", "action card being performed"),
    ("bribe_total", "bribe of the action"),
    ("bribe_left", "bribe still to pay"),
    ("exchanging", "exchange opened and not yet made"),
    ("route", "loot path chosen so far"),
    ("owned", "agents"),
    ("agents", "agents on the tiles"),
    ("stacked", "further agents"),
    ("credit_on", "Colonies keeping their credit"),
    ("guilds", "guilds joined"),
    ("credits", "credits"),
    ("pool", "credits in the pool"),
    ("from_box", "credits taken from the box"),
    ("cashed", "face-up contracts"),
    ("slot_res", "resources on the contract slots"),
    ("discard_seen", "discards (who saw each)"),
    ("reshuffles", "reshuffles"),
    ("end_triggered", "start of the last round"),
)


def _shown(name: str, value: object) -> str:
    if name == "phase" and isinstance(value, int):
        return P.PHASE_NAMES[value]
    if name == "card" and isinstance(value, int):
        return "none" if value == P.NO_CARD else ACTION_CARDS[value].name
    return f"{value}"[:80]


def difference(state: SyndicateState, game: PublicGame) -> str | None:
    """What in ``state`` differs from the game its history makes, or ``None``."""
    found = first_difference(state, game, COMPARED, _shown)
    if found is not None:
        return found[1]
    sizes = (
        ("contracts in hand", [len(h) for h in state.hands], game.hand_sizes),
        ("starting contracts kept", [not o for o in state.offers], game.kept),
        ("empty contract slots", [c == P.NO_CARD for c in state.slots], game.slot_empty),
        ("contracts a Gamble drew", len(state.pending), game.pending),
        ("contracts in the deck", len(state.deck), game.deck_size),
    )
    for words, saved, made in sizes:
        if saved != made:
            return differ(words, saved, made)
    for saved, made in zip(state.discards, game.discarded, strict=True):
        if made != UNKNOWN and saved != made:
            return f"a discard cashed in as {CONTRACTS[made]} in the history is {CONTRACTS[saved]} in the save"
    for seat, known in enumerate(state.known):
        if len(known) > game.claims[seat]:
            return f"seat {seat} is known to hold {len(known)} claimed contracts, but its history claims fewer"
    return _resources_difference(state, game) or _faces_difference(state, game)


def _resources_difference(state: SyndicateState, game: PublicGame) -> str | None:
    """Resources: every colour the history names, made or spent, and as many of the others as it
    counts; what each seat holds as its history leaves it, less what payments made up (two a colour)."""
    if sum(state.made) != sum(game.made) + game.revealed or any(
        saved < made for saved, made in zip(state.made, game.made, strict=True)
    ):
        return f"the resources made are not those its history makes: {state.made} in the save"
    if any(saved < spent for saved, spent in zip(state.spent, game.spent, strict=True)):
        return f"the resources spent are not those its history spends: {state.spent} in the save"
    for seat, (res, most) in enumerate(zip(state.res, game.most_held, strict=True)):
        held = sum(res)
        if held > most or (most - held) % 2:
            return (
                f"seat {seat} holds {held} resources, where its history leaves {most} (less two for each one made up)"
            )
    return None


def _faces_difference(state: SyndicateState, game: PublicGame) -> str | None:
    """The cards face down, and the turns on which SYN-22 turned them face up: some way the history
    leaves open must give what the save holds."""
    totals = {0}
    for seat, faces in enumerate(game.faces):
        ups = {up for flipped, up in faces if flipped == state.flipped[seat]}
        if not ups:
            return f"seat {seat}'s action cards face down are not those its history leaves"
        totals = {total + up for total in totals for up in ups}
    if state.unflipped_by_rule not in totals:
        return (
            f"the save has the rule turn cards face up on {state.unflipped_by_rule} turns, "
            "which its history does not allow"
        )
    return None


def check_against_history(state: SyndicateState) -> None:
    """``state`` is what its history makes; ``InvariantError`` naming the first disagreement if not."""
    game = PublicGame(state)
    game.run()
    game.settle()
    found = difference(state, game)
    require(found is None, found or "")
