"""What each game keeps from whom, as its ``view.py`` builds the views: the keys of a seat's view that
hold what only that seat knows, the rest of a seat's view being the spectator's, and the words that
would betray one seat's secrets on another's page or a spectator's."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

#: The keys of a seat's view that only that seat's view has, by game (``view.py``; ``hidden.py`` says
#: what a seat cannot see, which is what another seat's keys here hold).
PRIVATE: dict[str, tuple[str, ...]] = {
    # the values of the production cards in hand (their count and a preset card still held are
    # public) and their worth with the treasury disks
    "phoenicia": ("hand", "wealth"),
    # everything is in the open: only the order of the bags is hidden, and it exists nowhere
    "phoenix": (),
    # the hand; the cards all saw a player take face up are public (``known_cards``)
    "schatz": ("hand",),
    # the contracts in hand (those all saw claimed are public: ``known_in_hand``), the discards only
    # this seat saw, the contracts dealt to keep from, the contracts a Gamble drew for this seat
    "syndicate": ("hand", "my_discards", "offer", "drawn"),
}

#: The games whose secrets are spelled in words of their own (card codes such as ``R4`` or ``P1C2O3``), which
#: a page's text can be searched for; Phoenicia's are numbers, which a page's text is full of.
SPELLED = ("schatz", "syndicate")

#: What every seat's view says of itself alone, and holds no secret of anyone else's: who is looking,
#: and, for the seat to act, its legal actions (in Schatz they name cards of its own hand) and, in
#: Phoenicia, what each of its bids would cost it after its discounts.
PERSONAL = ("viewer", "legal_actions", "bid_prices")

#: Phoenicia: a seat's discount on each card up for auction and its price at the minimum bid, worked
#: out from its own settlement, which is public.
OWN_PRICES = ("your_discount", "your_price_at_minimum")

_WORD = re.compile(r"[A-Za-z0-9]+")


def private(game: str, view: dict[str, Any]) -> dict[str, Any]:
    """The parts of a seat's ``view`` that only that seat may know."""
    return {key: view[key] for key in PRIVATE[game] if key in view}


def public_part(game: str, view: dict[str, Any]) -> dict[str, Any]:
    """``view`` without what it says of its viewer alone: for a seat's view, what the spectator's view at
    the same moment says (tests compare the two), so that the seat's view holds nothing of another seat
    beyond :func:`private` of its own."""
    rest = {key: value for key, value in view.items() if key not in PERSONAL and key not in PRIVATE[game]}
    if game == "phoenicia":
        rest["cards_for_auction"] = [
            {key: value for key, value in card.items() if key not in OWN_PRICES} for card in rest["cards_for_auction"]
        ]
    return rest


def words(value: Any) -> set[str]:
    """Every word (a run of letters and digits) of every text, number and key in ``value``: card codes,
    the parts of actions and of events' sentences."""
    found: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
        elif isinstance(item, str):
            found.update(_WORD.findall(item))
        elif isinstance(item, int | float) and not isinstance(item, bool):
            found.update(_WORD.findall(str(item)))
    return found


def counted(texts: list[str]) -> Counter[str]:
    """How many times each word occurs in ``texts``."""
    return Counter(word for text in texts for word in _WORD.findall(text))


def secret_words(game: str, view: dict[str, Any]) -> set[str]:
    """The words of what only the seat whose ``view`` it is may know (the values, not the keys)."""
    return words(list(private(game, view).values()))


def unknown(game: str, holder: dict[str, Any], knowledge: Any) -> set[str]:
    """The words of ``holder``'s secrets (``holder`` a seat's view) that appear nowhere in ``knowledge``
    (all that another seat or a spectator was told: its view, legal actions, events): what that other
    one cannot know. A secret card may be a public one too (the same card in a nest) or in the other's
    own hand: its name is then known, and it is not counted."""
    return secret_words(game, holder) - words(knowledge)


def distinctive(found: set[str]) -> set[str]:
    """The words of ``found`` that can be told apart on a page: not bare numbers, which are everywhere
    (scores, counts, the version); a secret that is a number is checked in the views only."""
    return {word for word in found if not word.isdigit()}
