"""The numbers one game of Schatz des Phönix is played with: the box as printed, its parameters applied.

A game's :class:`Ruleset` is worked out once from its ``state.rules`` (``ruleset_for``) and shared by
the state and its copies (a ``Derived`` field: never saved, worked out again when a save is read).
Every rule reads the rounds, the hand size, the deck's make-up and the treasure tokens from it.

One large treasure goes to the big nest each round, so a game uses as many large tokens as rounds
(the box's three for its three rounds). :func:`check_dealable` refuses, with one line naming the
parameters, a set of values the box cannot deal: every hand full and every card of a round laid
needs ``players x (hand_size + 6) + 1`` equipment cards (the face-up card too), and the rounds need
``rounds x 3 x small tokens a nest`` small treasure tokens.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...engine import GameSetupError
from .components import CARD_GROUP, CARDS_PER_SIDE, LARGE_TEN, NESTS, TOKENS, small_tokens_per_nest
from .parameters import EQUIPMENT_PARAMETERS, TOKEN_PARAMETERS

if TYPE_CHECKING:
    from ...engine.parameters import Rules


@dataclass(frozen=True, eq=False)
class Ruleset:
    """Every number of one game's rules and components (the printed ones where none was changed)."""

    rounds: int
    hand_size: int
    extra_nest_tokens: int
    #: Per card type, the copies in the deck.
    card_copies: tuple[int, ...]
    #: Every equipment card of the game, as type ids.
    full_deck: tuple[int, ...]
    #: Every small treasure token of the game, as token codes.
    small_tokens: tuple[int, ...]
    #: Per token code, what it is worth (the large token's value as its parameter says).
    token_value: tuple[int, ...]

    @property
    def large_tokens(self) -> int:
        """The large treasure tokens a game uses: one a round."""
        return self.rounds

    def small_per_nest(self, players: int) -> int:
        """The small tokens each nest gets a round: the rulebook's count plus ``extra_nest_tokens``, at
        most one less than the players (so the big nest, with its large token, holds no more tokens
        than there are seats to take them: each seat takes at most one at a nest)."""
        return max(0, min(players - 1, small_tokens_per_nest(players) + self.extra_nest_tokens))


def _build(rules: Rules) -> Ruleset:
    copies = tuple(getattr(rules, EQUIPMENT_PARAMETERS[group][0]) for group in CARD_GROUP)
    small = tuple(v for v, name in TOKEN_PARAMETERS.items() for _ in range(getattr(rules, name)))
    value = [TOKENS[c].value if c in TOKENS else 0 for c in range(LARGE_TEN + 1)]
    value[LARGE_TEN] = rules.large_token_value
    return Ruleset(
        rounds=rules.rounds,
        hand_size=rules.hand_size,
        extra_nest_tokens=rules.extra_nest_tokens,
        card_copies=copies,
        full_deck=tuple(t for t, n in enumerate(copies) for _ in range(n)),
        small_tokens=small,
        token_value=tuple(value),
    )


def check_dealable(ruleset: Ruleset, players: int, changed: dict[str, int | bool]) -> None:
    """Refuse (:class:`GameSetupError`, one line) a game the box cannot deal with these values."""
    if not changed:
        return
    cards = players * (ruleset.hand_size + NESTS * CARDS_PER_SIDE) + 1
    if len(ruleset.full_deck) < cards:
        raise GameSetupError(
            f"with {players} players and hand_size {ruleset.hand_size} the deck needs at least {cards} equipment "
            f"cards, but number_copies, seven_copies, wild_copies and x2_copies make {len(ruleset.full_deck)}"
        )
    tokens = ruleset.rounds * NESTS * ruleset.small_per_nest(players)
    if len(ruleset.small_tokens) < tokens:
        counts = ", ".join(f"{name} {value}" for name, value in changed.items() if name in _TOKEN_NAMES)
        raise GameSetupError(
            f"with {players} players, {ruleset.rounds} rounds and extra_nest_tokens {ruleset.extra_nest_tokens} "
            f"the nests need {tokens} small treasure tokens, but tokens_2 to tokens_10 make "
            f"{len(ruleset.small_tokens)}" + (f" ({counts})" if counts else "")
        )


_TOKEN_NAMES = frozenset(TOKEN_PARAMETERS.values())

def ruleset_for(rules: Rules) -> Ruleset:
    """The :class:`Ruleset` of a game with ``rules`` (built once, shared by every game with them)."""
    return rules.derived(_build)
