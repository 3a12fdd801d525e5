"""Phoenicia drawn for a terminal: one seat's view (or the referee's) as Rich renderables.

Everything drawn comes from the view dict (``view.py``), so a seat's screen never shows more than that
seat may know: a header (round, Overlord, whose turn), the cards up for auction with their facts (set,
minimum bid, production, victory points, what else each brings, and the seat's own price at the
minimum bid after its discount), the auction in progress with its bids, one table row per settlement
(score track, production, village tiles with workers and tool disks, training ground, storage and
treasury, production cards, discounts).
"""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

ACTING_MARK = "▶"
OVERLORD_MARK = "♛"
TILE_LETTERS = {"hunting": "Hunt", "farming": "Farm", "mining": "Mine", "clothmaking": "Cloth"}


def seat_name(seat: int, viewer: int | str | None) -> str:
    return "you" if seat == viewer else f"seat {seat + 1}"


def header(view: dict[str, Any]) -> Text:
    text = Text()
    text.append(f"Phoenicia · round {view['round']}", style="bold")
    text.append(f" · {OVERLORD_MARK} Overlord: {seat_name(view['overlord'], view['viewer'])}", style="yellow")
    if isinstance(view["viewer"], int):
        text.append(f" · you are seat {view['viewer'] + 1}", style="cyan")
    elif view["viewer"] is None:
        text.append(" · all cards shown", style="dim")
    else:
        text.append(" · watching", style="dim")
    text.append(f" · {view['victory_points_to_win']} VP to win\n")
    text.append(f"{ACTING_MARK} ", style="bold cyan")
    return text.append_text(status_text(view))


def status_text(view: dict[str, Any]) -> Text:
    viewer = view["viewer"]
    if view["phase"] == "over":
        winners = view["winners"]
        names = " and ".join(seat_name(s, viewer) for s in winners)
        verdict = "share the victory" if len(winners) > 1 else "won"
        return Text(f"Game over ({view['ending']}): {names} {verdict}.", style="bold")
    seat = view["current_player"]
    who = seat_name(seat, viewer).capitalize()
    if view["phase"] == "auction":
        a = view["auction"]
        if not a["opened"]:
            return Text(f"{who}: open the auction for the {a['card']} with a bid of at least {a['lowest_bid']}.")
        return Text(f"{who}: bid more than {a['high_bid']} on the {a['card']}, or pass.")
    turn = "Your" if view["turn_seat"] == viewer else f"Seat {view['turn_seat'] + 1}'s"
    return Text(f"{turn} turn ({view['part']}): {seat_name(seat, viewer)} to act.")


def cards_table(view: dict[str, Any]) -> Table:
    """The cards up for auction with what each brings: the facts a bid is judged by."""
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, padding=(0, 1), title_justify="left")
    mine = isinstance(view["viewer"], int)
    headings = ["For auction", "Set", "Min bid", "Prod", "VP", "Brings"] + (["Your price"] if mine else [])
    for heading in headings:
        table.add_column(heading, no_wrap=heading != "Brings")
    for card in view["cards_for_auction"]:
        name = card["name"] + (f" x{card['copies']}" if card["copies"] > 1 else "")
        row = [
            name,
            str(card["set"]),
            str(card["minimum_bid"]),
            f"+{card['production']}" if card["production"] else "·",
        ]
        row += [str(card["vp"]), card["effect"] or "·"]
        if mine:
            discount = card["your_discount"]
            price = str(card["your_price_at_minimum"]) + (f" (-{discount})" if discount else "")
            row.append(price)
        table.add_row(*row)
    return table


def auction_text(view: dict[str, Any]) -> Text:
    decks = view["development_decks"]
    text = Text(f"Decks (sets 1-4): {'/'.join(str(d) for d in decks)}", style="dim")
    text.append(f"   Production deck: {view['production_deck_size']}", style="dim")
    a = view.get("auction")
    if a:
        text.append("\nAuction: ", style="bold")
        text.append(f"{a['card']} (minimum {a['minimum_bid']}) · ")
        if a["opened"]:
            text.append("bids: " + ", ".join(f"{seat_name(s, view['viewer'])} {b}" for s, b in a["bids"]))
        else:
            text.append(f"waiting for {seat_name(a['auctioneer'], view['viewer'])} to open")
        text.append(f" · still in: {', '.join(seat_name(s, view['viewer']) for s in a['bidders'])}")
    return text


def tiles_text(settlement: dict[str, Any]) -> Text:
    text = Text()
    for tile in settlement["tiles"]:
        name = TILE_LETTERS.get(tile["activity"], tile["activity"])
        if tile["side"] != "basic":
            name += "+" if tile["side"] == "improved" else "++"
        circles = "●" * tile["workers"] + "◎" * tile["tool_disks"]
        circles += "○" * (tile["circles"] - tile["workers"] - tile["tool_disks"])
        if text:
            text.append("\n")
        text.append(f"{name:<7}", style="bold")
        text.append(circles)
    return text


def hand_text(view: dict[str, Any], seat: int) -> str:
    settlement = view["settlements"][seat]
    if "hands" in view:
        cards = view["hands"][seat]
    elif seat == view["viewer"]:
        cards = view["hand"]
    else:
        presets = settlement["presets_in_hand"]
        hidden = settlement["cards_in_hand"] - presets
        return f"{hidden} card{'s' if hidden != 1 else ''}" + (f" + P5 x{presets}" if presets else "")
    return " ".join(cards) or "·"


def settlements_table(view: dict[str, Any]) -> Table:
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, padding=(0, 1))
    for heading in ("", "VP", "Prod", "Village", "Train u/t", "Storage", "Cards", "Discounts"):
        table.add_column(heading, no_wrap=heading in ("VP", "Prod", "Village", "Storage"))
    for seat, s in enumerate(view["settlements"]):
        label = Text()
        acting = seat == view["current_player"]
        label.append(f"{ACTING_MARK} " if acting else "  ", style="bold cyan")
        label.append(f"Seat {seat + 1}", style="bold" if acting else "")
        if seat == view["overlord"]:
            label.append(f" {OVERLORD_MARK}", style="yellow")
        if seat == view["viewer"]:
            label.append(" (you)", style="cyan")
        winner = seat in view["winners"]
        discounts = ", ".join(f"{name} -{d['amount']}" for name, d in s["discounts"].items())
        table.add_row(
            label,
            Text(str(s["vp"]), style="bold yellow" if winner else "bold"),
            str(s["production"]),
            tiles_text(s),
            f"{s['untrained']}/{s['trained']}",
            f"{s['storehouses']} houses\n{s['disks']}/{s['treasury_limit']} disks",
            hand_text(view, seat),
            discounts or "·",
        )
    return table


def render_view(view: dict[str, Any]) -> RenderableType:
    """Draw a Phoenicia view (``state.view(seat)`` or ``state.view(None)``) for a terminal."""
    legend = Text("Village: ● worker  ◎ tool disk  ○ free circle  + improved  ++ advanced", style="dim")
    return Group(header(view), Text(), cards_table(view), auction_text(view), Text(), settlements_table(view), legend)


# ------------------------------------------------------------------------------------------- compact
def _compact_card(view: dict[str, Any], card: dict[str, Any]) -> Text:
    text = Text()
    text.append(card["name"] + (f" x{card['copies']}" if card["copies"] > 1 else ""), style="bold")
    text.append(f" s{card['set']} min {card['minimum_bid']}")
    if card["production"]:
        text.append(f" +{card['production']}p")
    text.append(f" {card['vp']}VP")
    if isinstance(view["viewer"], int) and card["your_discount"]:
        text.append(f" (you pay {card['your_price_at_minimum']})", style="cyan")
    return text


#: Up to this many cards for auction, each has a line of its own, with what it brings; more go two to a line.
ONE_A_LINE = 4


def compact_cards(view: dict[str, Any]) -> Text:
    """The cards up for auction: name, set, minimum bid, production, VP, your price, and what each brings
    (cut to the line) while they are few; two to a line without it when they are many."""
    cards = view["cards_for_auction"]
    text = Text(no_wrap=True, overflow="ellipsis")
    for index, card in enumerate(cards):
        if len(cards) <= ONE_A_LINE:
            if index:
                text.append("\n")
            text.append_text(_compact_card(view, card))
            if card["effect"]:
                text.append(f" · {card['effect']}", style="dim")
            continue
        if index:
            text.append("\n" if index % 2 == 0 else "  │  ", style="dim")
        text.append_text(_compact_card(view, card))
    return text


def compact_settlement(view: dict[str, Any], seat: int) -> Text:
    """One settlement on one line: VP, production, each tile's circles, workers, storage and cards."""
    s = view["settlements"][seat]
    acting = seat == view["current_player"]
    text = Text(no_wrap=True, overflow="ellipsis")
    text.append(f"{ACTING_MARK} " if acting else "  ", style="bold cyan")
    text.append(f"Seat {seat + 1}", style="bold" if acting else "")
    text.append(OVERLORD_MARK if seat == view["overlord"] else " ", style="yellow")
    text.append("you " if seat == view["viewer"] else "    ", style="cyan")
    winner = seat in view["winners"]
    text.append(f"{s['vp']:>2}VP", style="bold yellow" if winner else "bold")
    text.append(f" {s['production']:>2}p ")
    for tile in s["tiles"]:
        name = TILE_LETTERS.get(tile["activity"], tile["activity"])[:1]
        if tile["side"] != "basic":
            name += "+" if tile["side"] == "improved" else "++"
        free = tile["circles"] - tile["workers"] - tile["tool_disks"]
        text.append(name, style="bold").append("●" * tile["workers"] + "◎" * tile["tool_disks"] + "○" * free + " ")
    text.append(f"u/t {s['untrained']}/{s['trained']} ")
    text.append(f"{s['storehouses']}h {s['disks']}/{s['treasury_limit']}d ", style="dim")
    own = "hands" in view or seat == view["viewer"]
    text.append(("hand " if own else "") + hand_text(view, seat))
    return text


def render_compact(view: dict[str, Any]) -> RenderableType:
    """The view in a few lines, for a small terminal: the header, the cards up for auction (without
    what each brings), the auction, and each settlement on a line (tiles by their first letter: H
    hunting, F farming, M mining, C clothmaking; u/t untrained and trained workers; storehouses and
    disks). ``render_view`` draws it in full, with what each card brings and the discounts."""
    if view["phase"] == "over":
        return Group(header(view), settlements_table(view))
    parts: list[RenderableType] = [header(view), compact_cards(view)]
    a = view.get("auction")
    if a:
        line = Text(no_wrap=True, overflow="ellipsis")
        line.append("Auction: ", style="bold").append(f"{a['card']} · ")
        if a["opened"]:
            line.append("bids: " + ", ".join(f"{seat_name(s, view['viewer'])} {b}" for s, b in a["bids"]))
        else:
            line.append(f"waiting for {seat_name(a['auctioneer'], view['viewer'])} to open")
        line.append(f" · still in: {', '.join(seat_name(s, view['viewer']) for s in a['bidders'])}")
        parts.append(line)
    parts += [compact_settlement(view, seat) for seat in range(view["players"])]
    return Group(*parts)
