"""The public game a history of actions makes, for checking a perspective save against its own actions.

Every action of Schatz des Phönix is public but one part of one: ``draw deck`` does not say which card
was drawn. The cards laid beside the nests, the cards taken face up (and so every card turned face up:
each stays until it is taken, and the last is the face-up card now), the tokens picked: all are in the
notation. What each seat took at each nest is in the save (``won``, in the order taken), and the
combos decide who picks when. So :func:`check_against_history` replays the history from the set-up,
the turns clockwise from the start player, the distribution of treasures nest by nest, and the start
player token passed on with the large 10, and compares the saved state with what it makes: the round,
the phase, the seat to act, the cards beside the nests, the cards all saw taken, the size of each hand,
of the deck and of the discards, the cards the deck may hold, who took what (and that every pick the
history makes is a real choice, every other token given by itself), and whose pick is next.

What the history cannot tell (which cards were drawn from the deck, the hidden cards of each hand, the
tokens laid in the nests of the round under way before any is taken) is left to ``invariants.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import InvariantError, require
from ...engine.history import first_difference
from .actions import DrawFromDeck, PickTreasure, PlayCard, TakeFaceUp
from .components import (
    BIG_NEST,
    CARD_COPIES,
    CARD_TYPES,
    CARDS_PER_SIDE,
    FULL_DECK,
    HAND_SIZE,
    LARGE_TEN,
    NESTS,
    NUM_CARD_TYPES,
    SCORING_ORDER,
    TOKENS,
    small_tokens_per_nest,
)
from .phases import DRAW_PHASE, GAME_OVER, NO_CARD, NO_SEAT, PHASE_NAMES, PICK_PHASE, PLAY_PHASE
from .rounds import close_round

if TYPE_CHECKING:
    from .state import SchatzState


class PublicGame:
    """A game of Schatz des Phönix as far as its actions (and the treasures the save says each seat
    took) take it. Cards are card types; of the deck only its size is known."""

    __slots__ = (
        "state",
        "actions",
        "next",
        "round",
        "start_player",
        "turn",
        "phase",
        "plays",
        "sides",
        "known",
        "hand_sizes",
        "deck_size",
        "discards",
        "deck_candidates",
        "reshuffles",
        "face_up",
        "revealed_at",
        "scoring",
        "pick_queue",
        "nest_tokens",
        "taken",
        "large_taker",
    )

    def __init__(self, state: SchatzState) -> None:
        n = state.num_players
        self.state, self.actions, self.next = state, state._history, 0
        self.round = self.start_player = self.turn = self.plays = self.scoring = 0
        self.phase = PLAY_PHASE
        self.sides: list[list[int]] = [[] for _ in range(NESTS * n)]
        self.known: list[list[int]] = [[] for _ in range(n)]
        self.hand_sizes = [HAND_SIZE] * n
        self.deck_size = len(FULL_DECK) - HAND_SIZE * n
        self.discards: list[int] = []
        self.deck_candidates = list(CARD_COPIES)
        self.reshuffles = 0
        self.face_up = False  # whether a card lies face up (which one, the next take or the save says)
        self.revealed_at = -1  # the reshuffle count when it was turned up
        self.pick_queue: list[int] = []
        self.nest_tokens: list[int] = []  # the tokens of the nest being distributed
        self.taken = [0] * n  # how many of each seat's saved treasures the history has given it so far
        self.large_taker = NO_SEAT
        self._reveal()

    # ------------------------------------------------------------------ the deck
    def _draw(self) -> bool:
        """A card from the deck, the discards reshuffled first if it ran out; ``False`` if there is none."""
        if not self.deck_size:
            if not self.discards:
                return False
            self.deck_size = len(self.discards)
            self.deck_candidates = [0] * NUM_CARD_TYPES
            for card in self.discards:
                self.deck_candidates[card] += 1
            self.discards = []
            self.reshuffles += 1
        self.deck_size -= 1
        return True

    def _reveal(self) -> None:
        self.face_up = self._draw()
        self.revealed_at = self.reshuffles

    def _seen_face_up(self, card: int) -> None:
        """``card`` was the face-up card: the deck it was turned up from, if still the deck, held it."""
        if self.revealed_at == self.reshuffles:
            require(
                self.deck_candidates[card] > 0,
                f"the history takes {CARD_TYPES[card]} face up, but the deck could hold no more of it",
            )
            self.deck_candidates[card] -= 1

    # ------------------------------------------------------------------ replaying
    def run(self) -> None:
        """Replay every action; ``InvariantError`` at the first that no game could have then."""
        actions = self.actions
        while self.next < len(actions):
            action = actions[self.next]
            self.next += 1
            phase = self.phase
            require(phase != GAME_OVER, "the history goes on after the end of the game")
            match action:
                case PickTreasure():
                    raise InvariantError("the history picks a treasure before every card of the round is laid")
                case PlayCard(card=card, nest=nest):
                    require(phase != DRAW_PHASE, "the history lays two cards in one turn")
                    require(phase == PLAY_PHASE, "the history lays a card while treasures are distributed")
                    self._play(card.id, nest)
                case DrawFromDeck() | TakeFaceUp():
                    require(phase == DRAW_PHASE, "the history draws a card in a turn before laying one")
                    self._draw_or_take(action)

    def _play(self, card: int, nest: int) -> None:
        n, seat = self.state.num_players, self.turn
        side = self.sides[nest * n + seat]
        require(len(side) < CARDS_PER_SIDE, f"the history lays a third card beside nest {nest + 1} for seat {seat}")
        require(self.hand_sizes[seat] > 0, f"the history has seat {seat} lay a card from an empty hand")
        side.append(card)
        self.hand_sizes[seat] -= 1
        if card in self.known[seat]:
            self.known[seat].remove(card)
        self.plays += 1
        if self.deck_size or self.discards or self.face_up:
            self.phase = DRAW_PHASE
        else:
            self._end_turn()

    def _draw_or_take(self, action: DrawFromDeck | TakeFaceUp) -> None:
        seat = self.turn
        match action:
            case DrawFromDeck():
                require(self._draw(), "the history draws from an empty deck")
            case TakeFaceUp(card=taken):
                require(self.face_up, "the history takes a face-up card where there is none")
                card = taken.id
                self._seen_face_up(card)
                self.known[seat].append(card)
                self._reveal()
        self.hand_sizes[seat] += 1
        self._end_turn()

    def _end_turn(self) -> None:
        n = self.state.num_players
        if self.plays == NESTS * CARDS_PER_SIDE * n:
            self.phase = PICK_PHASE
            self.scoring = 0
            self._start_nest()
            self._distribute()
        else:
            self.turn = (self.turn + 1) % n
            self.phase = PLAY_PHASE

    # ------------------------------------------------------------------ distributing treasures
    def _ranking(self, nest: int) -> list[int]:
        """As ``SchatzState.ranking``, from the cards the history laid this round."""
        state = self.state
        n, start, sides, combo = state.num_players, self.start_player, self.sides, state._combo

        def value(seat: int) -> int:
            cards = sides[nest * n + seat]
            return combo[cards[0]][cards[1]] if len(cards) == 2 else 0

        return sorted(range(n), key=lambda s: (-value(s), (s - start) % n))

    def _start_nest(self) -> None:
        """The picking order at the nest to distribute now, and the tokens it held: those the save says
        the seats in that order took from it, and (if the save stops there) those still in it."""
        state = self.state
        nest = SCORING_ORDER[self.scoring]
        full = small_tokens_per_nest(state.num_players) + (nest == BIG_NEST)
        self.pick_queue = self._ranking(nest)[:full]
        saved_here = state.phase == PICK_PHASE and (state.round, state.scoring) == (self.round, self.scoring)
        left = state.nest_tokens[nest] if saved_here else []
        tokens = list(left)
        for seat in self.pick_queue[: full - len(left)]:
            won, taken = state.won[seat], self.taken[seat]
            require(
                taken < len(won),
                f"seat {seat} took no treasure from nest {nest + 1} in round {self.round + 1}, though it picked there",
            )
            tokens.append(won[taken])
        large = tokens.count(LARGE_TEN)
        require(
            len(tokens) == full and large == (nest == BIG_NEST),
            f"the treasures taken from nest {nest + 1} in round {self.round + 1} are not the tokens a nest holds",
        )
        self.nest_tokens = sorted(tokens, reverse=True)

    def _distribute(self) -> None:
        """As ``SchatzState._distribute``, each real choice read from the history; stops where the
        history ends at a choice still to make."""
        while self.scoring < NESTS:
            tokens = self.nest_tokens
            while self.pick_queue and tokens:
                if tokens.count(tokens[0]) == len(tokens):
                    self._give(tokens[0])  # no choice: no action in the history
                    continue
                if self.next == len(self.actions):
                    return  # the save was made here: the seat at the head of the queue picks
                action = self.actions[self.next]
                self.next += 1
                match action:
                    case PickTreasure(token=picked):
                        require(
                            picked.code in tokens,
                            f"the history picks {picked} at nest {SCORING_ORDER[self.scoring] + 1}, which holds none",
                        )
                        self._give(picked.code)
                    case _:
                        raise InvariantError("the history goes on with the round before every pick")
            self.pick_queue = []
            self.scoring += 1
            if self.scoring < NESTS:
                self._start_nest()
        self._end_round()

    def _give(self, token: int) -> None:
        seat = self.pick_queue.pop(0)
        won, taken = self.state.won[seat], self.taken[seat]
        nest = SCORING_ORDER[self.scoring] + 1
        require(
            taken < len(won) and won[taken] == token,
            f"seat {seat} took {TOKENS[token]} from nest {nest} in round {self.round + 1} as the history goes,"
            " not the treasure the save has it take",
        )
        self.taken[seat] += 1
        self.nest_tokens.remove(token)
        if token == LARGE_TEN:
            self.large_taker = seat

    def _end_round(self) -> None:
        """As ``SchatzState._end_round``, once a seat is known to have taken the large 10."""
        require(self.large_taker != NO_SEAT, f"no seat took the large 10 of round {self.round + 1}")
        if close_round(self):
            return
        self.turn = self.start_player
        self.phase = PLAY_PHASE
        self.scoring = 0
        self.pick_queue = []
        self.large_taker = NO_SEAT
        if not self.face_up:
            self._reveal()


#: The fields compared, in the order a difference is reported: the first differing one is named.
COMPARED = (
    ("round", "rounds played"),
    ("phase", "phase"),
    ("plays", "cards laid this round"),
    ("turn", "seat whose turn it is"),
    ("scoring", "nests distributed"),
    ("start_player", "holder of the start player token"),
    ("large_taker", "taker of the large 10"),
    ("pick_queue", "seats still to pick"),
    ("sides", "cards beside the nests"),
    ("known", "cards all saw taken face up"),
    ("discards", "discards"),
)


def _shown(name: str, value: object) -> str:
    """A field's value as a message shows it: phases and cards by name."""
    if name == "phase" and isinstance(value, int):
        return PHASE_NAMES[value]
    if name in ("sides", "known") and isinstance(value, list):
        return str([[CARD_TYPES[c].code for c in cards] for cards in value])
    if name == "discards" and isinstance(value, list):
        return f"{len(value)} cards"
    return str(value)


def difference(state: SchatzState, game: PublicGame) -> str | None:
    """What in ``state`` differs from the game its history makes, or ``None``."""
    found = first_difference(state, game, COMPARED, _shown)
    if found is not None:
        return found[1]
    for seat, (hand, size) in enumerate(zip(state.hands, game.hand_sizes, strict=True)):
        if len(hand) != size:
            return f"seat {seat} holds {len(hand)} cards, but its history leaves it {size}"
    for seat, (won, taken) in enumerate(zip(state.won, game.taken, strict=True)):
        if len(won) != taken:
            return f"seat {seat} holds {len(won)} treasures, but its history gave it {taken}"
    if len(state.deck) != game.deck_size:
        return f"the deck holds {len(state.deck)} cards, but the history leaves {game.deck_size}"
    if (state.face_up != NO_CARD) != game.face_up:
        return "the history leaves a card face up where the save has none, or none where it has one"
    if state.face_up != NO_CARD:
        game._seen_face_up(state.face_up)
    if state.deck_candidates != game.deck_candidates:
        return "the cards the deck may hold are not those its history leaves"
    return None


def check_against_history(state: SchatzState) -> None:
    """``state`` is what its history makes (with the treasures the save says each seat took);
    ``InvariantError`` naming the first disagreement if not."""
    game = PublicGame(state)
    game.run()
    found = difference(state, game)
    require(found is None, found or "")
