"""What each seat, and a spectator, saw happen: the events of every action, in the player's terms.

Each event is a small dict: ``kind``, ``text`` and the seats, cards and amounts it names. Everything in
them is public (the auctions, the workers, what was paid, the new Overlord and the cards turned up, how
many production cards each player was dealt), but for the values of the production cards a seat is
dealt, which only that seat is told. The end of a turn and the administration are worked out again on
a copy of the state before the action, with the same random generator, told to report what they do
(``administration.Report``): plain play never pays for it.

Undo (``undo_refusal``): the engine takes back an action only when its seat is still to act and no
randomness was drawn; on top of that, what showed everyone something of a seat's production cards
cannot be taken back: a payment of the seat's own that gave up production cards (``train``,
``employ``, ``shift``, ``tool``, ``vp``, the lone opening bid of the last seat of a round, which buys
the card at once), since the cards went face up to the discards (a preset card leaves the game, and
the payment kept the most in cards that it could, so the cards given up and the change tell of the
rest of the hand); and a pass that ends an auction won by another seat, whose payment did the same.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from ...engine.events import Event, who
from .actions import Bid, BuyTool, BuyVictoryPoint, Convert, Employ, EndTurn, Pass, Shift, StartAuction, Train
from .administration import Report
from .components import ACTIVITIES, CARDS, PRODUCTION_PER_CARD, card_text
from .view import ending

if TYPE_CHECKING:
    from ...engine import Action
    from .state import PhoeniciaState


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def action_events(before: PhoeniciaState, after: PhoeniciaState, action: Action, audience: int | str) -> list[Event]:
    """What ``audience`` saw when ``action`` took ``before`` to ``after``."""
    actor = cast(int, before.current_player)
    name = who(actor, audience)
    events: list[Event] = []
    auction = before.auction
    match action:
        case StartAuction(card=card):
            events.append(
                {
                    "kind": "auction",
                    "seat": actor,
                    "card": card.name,
                    "text": f"{name} put the {card.name} up for auction "
                    f"(minimum bid {before.ruleset.min_bid[card.id]})",
                }
            )
        case Bid(amount=amount) if auction is not None:
            card_name = CARDS[auction.card].name
            opening = not auction.opened
            text = f"{name} opened the auction for the {card_name} with {amount}" if opening else f"{name} bid {amount}"
            events.append(
                {"kind": "bid", "seat": actor, "card": card_name, "amount": amount, "opening": opening, "text": text}
            )
        case Pass() if auction is not None:
            card_name = CARDS[auction.card].name
            events.append({"kind": "pass", "seat": actor, "card": card_name, "text": f"{name} passed"})
        case Train():
            cost = before.settlements[actor].training_cost
            events.append({"kind": "train", "seat": actor, "cost": cost, "text": f"{name} trained a worker for {cost}"})
        case Employ(activity=a):
            used_tool = bool(before.settlements[actor].tools[a.id])
            paid = "on a tool disk lying there" if used_tool else f"for {a.tool_cost}"
            events.append(
                {
                    "kind": "employ",
                    "seat": actor,
                    "activity": a.name,
                    "cost": 0 if used_tool else a.tool_cost,
                    "text": f"{name} employed a worker in {a.name} {paid}",
                }
            )
        case Shift(source=source, target=target):
            events.append(
                {
                    "kind": "shift",
                    "seat": actor,
                    "from": source.name,
                    "to": target.name,
                    "cost": target.tool_cost,
                    "text": f"{name} shifted a worker from {source.name} to {target.name} for {target.tool_cost}, "
                    f"leaving a tool disk in {source.name}",
                }
            )
        case BuyTool(activity=a):
            events.append(
                {
                    "kind": "tool",
                    "seat": actor,
                    "activity": a.name,
                    "cost": a.tool_cost,
                    "text": f"{name} bought a tool disk for {a.name} for {a.tool_cost}",
                }
            )
        case BuyVictoryPoint():
            events.append(
                {
                    "kind": "vp",
                    "seat": actor,
                    "cost": after.ruleset.vp_price,
                    "text": f"{name} bought a victory point at the City Centre for {after.ruleset.vp_price}",
                }
            )
        case Convert(value=value):
            events.append(
                {
                    "kind": "convert",
                    "seat": actor,
                    "value": value,
                    "text": f"{name} turned a production card worth {value} into disks",
                }
            )
    if auction is not None and after.auction is None:
        if isinstance(action, Bid):  # the auctioneer, alone in the auction, opened it: sold at once
            events.append(_sale(before, auction.card, actor, action.amount, audience))
        else:
            events.append(_sale(before, auction.card, auction.high_bidder, auction.high_bid, audience))
    if isinstance(action, (EndTurn, Convert)):
        events.extend(_end_of_turn(before, after, action, actor, audience))
    return events


def _sale(before: PhoeniciaState, card_id: int, winner: int, amount: int, audience: int | str) -> Event:
    """The auction's end: who won the card, at what bid, and what they paid after their discount."""
    discount = before.settlements[winner].discount[card_id]
    price = max(0, amount - discount)
    card = CARDS[card_id].name
    text = f"{who(winner, audience)} won the {card} for {amount}"
    if discount:
        text += f", paying {price} after a discount of {discount}"
    return {"kind": "won", "seat": winner, "card": card, "bid": amount, "price": price, "text": text}


def _end_of_turn(
    before: PhoeniciaState, after: PhoeniciaState, action: Action, actor: int, audience: int | str
) -> list[Event]:
    """The turn's end, its limits and, after the last turn of a round, the administration."""
    probe = cast("PhoeniciaState", before.copy())
    if isinstance(action, Convert):
        probe.convert(action.value)
    report = Report()
    probe.end_turn(report)
    events: list[Event] = [{"kind": "end turn", "seat": actor, "text": f"{who(actor, audience)} ended the turn"}]
    for entry in report.limited[: report.turn_limits]:
        events.extend(_limits(entry, audience))
    if after.over:
        events.extend(final_scoring(after, audience))
        return events
    if report.overlord is None:
        return events
    events.append(
        {
            "kind": "round",
            "round": after.round,
            "overlord": report.overlord,
            "text": f"administration: the Overlord of round {after.round} is {who(report.overlord, audience)}",
        }
    )
    if report.added:  # in the display's order: the order they were drawn in is seen by nobody
        added = [CARDS[c].name for c in sorted(report.added)]
        events.append({"kind": "display", "cards": added, "text": f"turned up for auction: {', '.join(added)}"})
    n = after.num_players
    for i in range(n):
        seat = (report.overlord + i) % n
        events.append(_dealt(seat, report.dealt[seat], audience))
    for entry in report.limited[report.turn_limits :]:
        events.extend(_limits(entry, audience))
    return events


def _dealt(seat: int, dealt: tuple[list[int], int, int], audience: int | str) -> Event:
    cards, disks, turned_in = dealt
    parts = []
    if seat == audience:
        parts.append(f"production cards {' '.join(card_text(c) for c in cards)}" if cards else "no production card")
    else:
        parts.append(_plural(len(cards), "production card"))
    if disks:
        parts.append(_plural(disks, "disk"))
    text = f"{who(seat, audience)} received {' and '.join(parts)}"
    if turned_in:
        text += f" (turning in {PRODUCTION_PER_CARD * turned_in} disks for {_plural(turned_in, 'card')})"
    event: Event = {"kind": "production", "seat": seat, "cards": len(cards), "disks": disks, "text": text}
    if seat == audience:
        event["values"] = [card_text(c) for c in cards]
    return event


def _limits(entry: tuple[int, list[int], int], audience: int | str) -> list[Event]:
    """The storage and treasury limits: everyone sees how many cards went into the treasury; their
    values, and the disks lost over the treasury limit, only their owner."""
    seat, discarded, lost = entry
    events: list[Event] = []
    if discarded:  # their values only to their owner: the discards may be reshuffled before anyone looks
        event: Event = {"kind": "storage limit", "seat": seat, "cards": len(discarded)}
        if seat == audience:
            event["values"] = [card_text(c) for c in discarded]
            what = f"production cards {' '.join(event['values'])}"
        else:
            what = _plural(len(discarded), "production card")
        event["text"] = f"{who(seat, audience)} put {what} into the treasury as disks (one card a storehouse)"
        events.append(event)
    if lost and seat == audience:  # only to their owner: whether any is lost hangs on the cards' values
        text = f"you lost {_plural(lost, 'disk')} over the treasury limit"
        events.append({"kind": "treasury limit", "seat": seat, "disks": lost, "text": text})
    return events


def final_scoring(state: PhoeniciaState, audience: int | str) -> list[Event]:
    """The game's end: why, each seat's victory points broken down, and the winners."""
    events: list[Event] = [{"kind": "game over", "text": f"the game is over ({ending(state)})"}]
    for seat, s in enumerate(state.settlements):
        workers = {a.name: a.vp * s.workers[a.id] for a in ACTIVITIES if s.workers[a.id]}
        cards = sum(state.ruleset.cards[c].vp * k for c, k in enumerate(s.owned))
        worker_text = ", ".join(f"{name} {vp}" for name, vp in workers.items())
        text = (
            f"{who(seat, audience)}: {s.vp} victory points: {sum(workers.values())} from workers ({worker_text}), "
            f"{cards} from development cards, {s.bought_vp} bought at the City Centre"
        )
        events.append(
            {
                "kind": "score",
                "seat": seat,
                "vp": s.vp,
                "workers": workers,
                "cards": cards,
                "bought": s.bought_vp,
                "unspent": s.wealth,
                "text": text + f"; unspent production {s.wealth}",
            }
        )
    winners = state.winners
    names = " and ".join(who(seat, audience) for seat in winners)
    verb = "share the victory" if len(winners) > 1 else ("win" if winners == [audience] else "wins")
    events.append({"kind": "winners", "seats": winners, "text": f"{names} {verb}"})
    return events


def undo_refusal(before: PhoeniciaState, after: PhoeniciaState, action: Action) -> str | None:
    """Why ``action`` cannot be taken back though it drew nothing and its seat is still to act: it paid
    with production cards of the seat's own, which every seat then saw on the discards (or a preset
    card given up, out of the game); or it was a pass that ended an auction another seat won, whose
    payment (its change in disks, the cards it gave up) showed something of its production cards."""
    auction = before.auction
    if isinstance(action, Pass) and auction is not None and after.auction is None:
        winner = auction.high_bidder
        if winner != before.current_player:
            card = CARDS[auction.card].name
            return f"seat {winner} won the {card} and paid for it, which everyone saw: the pass cannot be taken back"
    seat = cast(int, before.current_player)
    paid = _given_up(before.settlements[seat].hand, after.settlements[seat].hand)
    if paid:
        texts = [card_text(code) for code in paid]
        cards = texts[0] if len(texts) == 1 else f"{', '.join(texts[:-1])} and {texts[-1]}"
        what = f"a production card ({cards})" if len(paid) == 1 else f"production cards ({cards})"
        if isinstance(action, Bid) and auction is not None:  # the lone bidder's opening bid buys at once
            bought = f"your opening bid bought the {CARDS[auction.card].name} at once, and "
        else:
            bought = ""
        return f"{bought}you paid with {what}, which every seat has seen: '{action}' cannot be taken back"
    return None


def _given_up(before: list[int], after: list[int]) -> list[int]:
    """The cards of hand ``before`` that hand ``after`` no longer holds (both sorted), highest first."""
    rest = list(after)
    gone = []
    for code in before:
        if code in rest:
            rest.remove(code)
        else:
            gone.append(code)
    return sorted(gone, reverse=True)
