"""A perspective save checked against its own history: the state must be what its actions make.

A referee's save is proved by replaying its record; a perspective copy's save has no seed to replay, so
``saves.py`` and ``invariants.py`` check what each field holds, and :func:`check_against_history` checks
the state against the public game its history makes (``public.py``): the phase, the turns taken, the
seat to act, the card being performed and its bribe, an exchange opened and not yet made, every agent,
the Colonies' credits, the guilds, every credit (the pool and the box too), the contracts cashed in (in
their order), the size of each hand, of the deck, of a Gamble's draw and of the discards (with who saw
each discard, and the contracts cashed in without a planet), the empty slots and the resources lying on
each, the reshuffles and the start of the last round, the resources made, spent and held as far as the
history tells them, and the cards face down with the turns on which the rule turned them face up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import require
from ...engine.history import differ, first_difference
from . import phases as P
from .components import ACTION_CARDS, CONTRACTS
from .public import UNKNOWN, PublicGame

if TYPE_CHECKING:
    from .state import SyndicateState


#: The fields compared, in the order a difference is reported: the first differing one is named.
COMPARED = (
    ("phase", "phase"),
    ("turns", "turns taken"),
    ("turn", "seat to act"),
    ("card", "action card being performed"),
    ("bribe_total", "bribe of the action"),
    ("bribe_left", "bribe still to pay"),
    ("exchanging", "exchange opened and not yet made"),
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
    if name == "phase":
        return P.PHASE_NAMES[value]  # type: ignore[index]
    if name == "card":
        return "none" if value == P.NO_CARD else ACTION_CARDS[value].name  # type: ignore[index]
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
