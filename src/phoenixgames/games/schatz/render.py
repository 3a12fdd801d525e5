"""Schatz des Phönix drawn for a terminal: one seat's view (or the referee's) as Rich renderables.

Everything drawn comes from the view dict (``view.py``), so a seat's screen can never show more than
that seat may know. The layout fits an 80-column terminal for 2 to 6 players: a header naming the
round and who acts, a table of the three nests with each guild's cards and combo values, a table of
the players (hands, treasures, scores), and a line for the deck, the face-up card and the discards.
"""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

#: Rich style of each card colour, by the letter that starts a card's code.
CARD_STYLES: dict[str, str] = {
    "R": "bold red",
    "B": "bold bright_blue",
    "Y": "bold yellow",
    "G": "bold green",
    "P": "bold magenta",
    "W": "bold reverse",
}
LARGE_TREASURE_STYLE = "bold yellow"
ACTING_MARK = "▶"
START_MARK = "★"
EMPTY = Text("·", style="dim")


def card_text(code: str) -> Text:
    """One equipment card, coloured by its colour (wild cards stand out in reverse)."""
    return Text(code, style=CARD_STYLES.get(code[:1].upper(), ""))


def cards_text(codes: list[str]) -> Text:
    """Several cards, separated by spaces."""
    return Text(" ").join(card_text(code) for code in codes)


def treasures_text(tokens: list[str], *, sort: bool = False) -> Text:
    """Treasure tokens (``sort``: most valuable first); the large 10s (``L10``) in gold."""
    if not tokens:
        return EMPTY.copy()
    if sort:
        tokens = sorted(tokens, key=lambda t: (int(t.lstrip("L")), t.startswith("L")), reverse=True)
    return Text(" ").join(Text(t, style=LARGE_TREASURE_STYLE if t.startswith("L") else "") for t in tokens)


def seat_name(seat: int, viewer: int | None) -> str:
    """``seat 2``, or ``you`` for the seat whose view this is."""
    return "you" if seat == viewer else f"seat {seat + 1}"


def _seats(seats: list[int], viewer: int | None) -> str:
    names = [seat_name(s, viewer) for s in seats]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _seat_label(view: dict[str, Any], seat: int) -> Text:
    """The row label of a seat: who acts, who holds the start player token, whose view it is."""
    acting = seat == view["current_player"]
    label = Text()
    label.append(f"{ACTING_MARK} " if acting else "  ", style="bold cyan")
    label.append(f"Seat {seat + 1}", style="bold" if acting else "")
    if seat == view["start_player"]:
        label.append(f" {START_MARK}", style="yellow")
    if seat == view["viewer"]:
        label.append(" (you)", style="cyan")
    return label


def status_text(view: dict[str, Any]) -> Text:
    """What is happening now, in words: who lays, draws or picks; or who won."""
    viewer, seat = view["viewer"], view["current_player"]
    phase = view["phase"]
    if phase == "over":
        winners, scores = view["winners"], view["scores"]
        best = scores[winners[0]] if winners else 0
        if len(winners) == 1:
            verb = "win" if winners[0] == viewer else "wins"
            return Text(f"Game over: {_seats(winners, viewer)} {verb} with {best} points.", style="bold")
        return Text(f"Game over: {_seats(winners, viewer)} share the victory with {best} points.", style="bold")
    who = seat_name(seat, viewer)
    who = who[0].upper() + who[1:]
    you = seat == viewer
    if phase == "play":
        return Text(f"{who} {'lay' if you else 'lays'} a card beside a nest.")
    if phase == "draw":
        text = Text(f"{who} {'draw' if you else 'draws'} a card: the top of the deck")
        if view["face_up"]:
            text.append(" or the face-up ")
            text.append_text(card_text(view["face_up"]))
        return text.append(".")
    picking = view.get("picking") or {"nest": "?", "order": [seat]}
    text = Text(f"{who} {'pick' if you else 'picks'} a treasure from nest {picking['nest']}")
    rest = picking["order"][1:]
    if rest:
        text.append(f" (then {_seats(rest, viewer)})")
    return text.append(".")


def header(view: dict[str, Any]) -> Text:
    """The round, the phase and who acts now."""
    text = Text()
    if view["phase"] == "over":
        text.append(f"Schatz des Phönix · after round {view['rounds']}", style="bold")
    else:
        text.append(f"Schatz des Phönix · round {view['round']} of {view['rounds']}", style="bold")
    if view["viewer"] is not None:
        text.append(f" · you are seat {view['viewer'] + 1}", style="cyan")
    else:
        text.append(" · all cards shown", style="dim")
    text.append(f" · {START_MARK} marks the start player", style="yellow")  # a legend, whoever holds it
    text.append("\n")
    text.append(f"{ACTING_MARK} ", style="bold cyan")
    return text.append_text(status_text(view))


def _side_cell(cards: list[str], combo: int | None) -> Text:
    if not cards:
        return EMPTY.copy()
    text = cards_text(cards)
    if combo is not None:
        text.append(" = ")
        text.append(str(combo), style="bold")
    return text


def nests_table(view: dict[str, Any]) -> Table:
    """The three nests: treasures still in each, and every guild's cards and combo beside it."""
    picking = view.get("picking")
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, padding=(0, 1), header_style="")
    table.add_column(Text("\n  Treasures", style="italic"), no_wrap=True)
    for nest in view["nests"]:
        title = Text()
        title.append(f"Nest {nest['nest']}", style="bold")
        if nest["big"]:
            title.append(" (big)", style="bold")
        if picking and picking["nest"] == nest["nest"]:
            title.append(f" {ACTING_MARK}", style="bold cyan")
        title.append("\n").append_text(treasures_text(nest["treasures"]))
        table.add_column(title, min_width=11)
    for seat in range(view["players"]):
        cells = []
        for nest in view["nests"]:
            combos = nest["combos"]
            cells.append(_side_cell(nest["sides"][seat], combos[seat] if combos else None))
        table.add_row(_seat_label(view, seat), *cells)
    return table


def _cards(count: int) -> str:
    return f"{count} card" if count == 1 else f"{count} cards"


def _hand_cell(view: dict[str, Any], seat: int) -> Text:
    if "hands" in view:
        return cards_text(view["hands"][seat])
    if seat == view["viewer"]:
        return cards_text(view["hand"])
    size = view["hand_sizes"][seat]
    text = Text()
    text.append(_cards(size), style="dim")
    known = view["known_cards"][seat]
    if known:
        text.append(", known: ", style="dim")
        text.append_text(cards_text(known))
    return text


def players_table(view: dict[str, Any]) -> Table:
    """Each player: hand (own cards, or how many and which all saw taken), treasures and score."""
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, padding=(0, 1))
    table.add_column("", no_wrap=True)
    table.add_column("Hand", min_width=14)
    table.add_column("Treasures")
    table.add_column("Score", justify="right")
    for seat in range(view["players"]):
        winner = seat in view["winners"]
        score = Text(str(view["scores"][seat]), style="bold yellow" if winner else "bold")
        treasures = treasures_text(view["treasures"][seat], sort=True)
        table.add_row(_seat_label(view, seat), _hand_cell(view, seat), treasures, score)
    return table


def table_line(view: dict[str, Any]) -> Text:
    """The deck, the face-up card beside it and the discard pile."""
    text = Text()
    text.append("Deck: ", style="bold")
    text.append(f"{_cards(view['deck_size'])}   ")
    text.append("Face-up: ", style="bold")
    text.append_text(card_text(view["face_up"]) if view["face_up"] else Text("none", style="dim"))
    text.append("   Discards: ", style="bold")
    text.append(_cards(len(view["discards"])))
    return text


def render_view(view: dict[str, Any]) -> RenderableType:
    """Draw a Schatz des Phönix view (``state.view(seat)`` or ``state.view(None)``) for a terminal."""
    if view["phase"] == "over":  # the nests are empty: the treasures are all that matter now
        return Group(header(view), Text(), players_table(view))
    return Group(header(view), Text(), nests_table(view), Text(), players_table(view), Text(), table_line(view))


# ------------------------------------------------------------------------------------------- compact
def compact_table(view: dict[str, Any]) -> Table:
    """The nests and the players in one table, a row a seat: each guild's cards at each nest, its hand
    (or how many cards, and which all saw taken) and its score."""
    picking = view.get("picking")
    table = Table(box=None, pad_edge=False, show_edge=False, padding=(0, 1), header_style="")
    table.add_column("", no_wrap=True)
    for nest in view["nests"]:
        title = Text(f"N{nest['nest']}{' big' if nest['big'] else ''} ", style="bold")
        if picking and picking["nest"] == nest["nest"]:
            title = Text(f"{ACTING_MARK}N{nest['nest']} ", style="bold cyan")
        title.append_text(treasures_text(nest["treasures"]))
        table.add_column(title, min_width=9, no_wrap=True)
    table.add_column("Hand", no_wrap=True)
    table.add_column("Pts", justify="right", no_wrap=True)
    for seat in range(view["players"]):
        cells = []
        for nest in view["nests"]:
            combos = nest["combos"]
            cells.append(_side_cell(nest["sides"][seat], combos[seat] if combos else None))
        if "hands" in view or seat == view["viewer"]:
            hand = _hand_cell(view, seat)
        else:
            hand = Text(str(view["hand_sizes"][seat]), style="dim")
            if view["known_cards"][seat]:
                hand.append(" (").append_text(cards_text(view["known_cards"][seat])).append(")")
        winner = seat in view["winners"]
        score = Text(str(view["scores"][seat]), style="bold yellow" if winner else "bold")
        table.add_row(_seat_label(view, seat), *cells, hand, score)
    return table


def render_compact(view: dict[str, Any]) -> RenderableType:
    """The view in a few lines, for a small terminal: the header, one row a seat (its cards at each nest,
    its hand, its score) and the deck. ``render_view`` draws it in full."""
    if view["phase"] == "over":
        return render_view(view)
    return Group(header(view), compact_table(view), table_line(view))
