"""What a move of Phoenicia does for the seat making it, in words, from the seat's views before and after it
(``phoenixgames.agents.advice`` asks here): what a development card up for auction gives, what a bid or
a pass means for it, and how the move changes the seat's settlement (production, victory points,
workers, storehouses, cards, wealth).
"""

from __future__ import annotations

from typing import Any

#: The settlement's counts a move may change, and their words.
COUNTS = (
    ("production", "your production"),
    ("vp", "your victory points"),
    ("trained", "your trained workers"),
    ("untrained", "your untrained workers"),
    ("storehouses", "your storehouses"),
    ("treasury_limit", "your treasury limit"),
)


def _settlement(view: dict[str, Any], seat: int) -> dict[str, Any]:
    settlements = view.get("settlements") or []
    return settlements[seat] if seat < len(settlements) else {}


def _gives(facts: dict[str, Any]) -> str:
    """What a development card gives, in words ("+1 production, 1 victory point, -4 on Dye House")."""
    parts = []
    if facts.get("production"):
        parts.append(f"+{facts['production']} production")
    if facts.get("vp"):
        parts.append(f"{facts['vp']} victory point{'s' if facts['vp'] != 1 else ''}")
    if facts.get("storehouses"):
        parts.append(f"+{facts['storehouses']} storehouse{'s' if facts['storehouses'] != 1 else ''}")
    if facts.get("untrained") or facts.get("trained"):
        parts.append(f"+{int(facts.get('untrained', 0)) + int(facts.get('trained', 0))} worker(s)")
    if facts.get("effect"):
        parts.append(str(facts["effect"]))
    if facts.get("ability"):
        parts.append(str(facts["ability"]))
    return ", ".join(parts)


def _changes(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    said = []
    for key, words in COUNTS:
        old, new = before.get(key), after.get(key)
        if isinstance(old, int) and isinstance(new, int) and old != new:
            said.append(f"{words} go{'es' if words.endswith(('production', 'limit')) else ''} from {old} to {new}")
    old_cards, new_cards = before.get("development_cards") or {}, after.get("development_cards") or {}
    got = [name for name, count in new_cards.items() if count > old_cards.get(name, 0)]
    if got:
        said.append(f"you get the {' and the '.join(got)}")
    return said


def explain(
    before: dict[str, Any], after: dict[str, Any], action: str, seat: int, options: dict[str, Any] | None = None
) -> list[str]:
    words = action.split()
    said: list[str] = []
    if words[0] == "auction" and len(words) == 2:
        card = next(
            (c for c in before.get("cards_for_auction") or [] if c.get("notation") == words[1]),
            None,
        )
        if card is not None:
            gives = _gives(card)
            said.append(f"puts the {card['name']} up, from a minimum of {card.get('minimum_bid', '?')}")
            if gives:
                said.append(f"it gives {gives}")
    elif words[0] == "bid" and len(words) == 2:
        auction = before.get("auction") or {}
        card = auction.get("card", "card")
        high, bidder = auction.get("high_bid"), auction.get("high_bidder")
        facts = auction.get("card_facts") or {}
        if high and bidder is not None and bidder != seat:
            said.append(f"outbids seat {bidder}'s {high} for the {card}, to get it before they can")
        else:
            said.append(f"goes for the {card} at {words[1]}")
        gives = _gives(facts)
        if gives:
            said.append(f"the {card} gives {gives}")
    elif action == "pass" and before.get("auction"):
        auction = before["auction"]
        high, bidder = auction.get("high_bid"), auction.get("high_bidder")
        if high and bidder is not None:
            said.append(f"leaves the {auction.get('card')} to seat {bidder} at {high}: not worth more to you")
        else:
            said.append(f"leaves the {auction.get('card')} to the others: not worth its price to you")
    elif action == "end":
        said.append("ends your turn: nothing more here is worth what it costs")
    said += _changes(_settlement(before, seat), _settlement(after, seat))
    wealth_before, wealth_after = before.get("wealth"), after.get("wealth")
    # Wealth grows only by the production cards drawn, which chance decides: only what is spent is said.
    if isinstance(wealth_before, int) and isinstance(wealth_after, int) and wealth_after < wealth_before:
        said.append(f"it spends {wealth_before - wealth_after} of your {wealth_before} in hand")
    return said
