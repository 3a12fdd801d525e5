"""The Phoenix Syndicate drawn for a terminal: one seat's view (or the referee's) as Rich renderables.

Everything drawn comes from the view dict (``view.py``), so a seat's screen never shows more than that
seat may know. The galaxy is drawn as rows of hexes, each 12 columns wide (78 in all for the widest row
of six), four lines a row:

     Y  BP         the symbols on the NW and NE edges
    R C3 y/r B     W edge, tile code, planet and moon colours (Reega: all, Sabean Core: r+p), E edge
     1 3 $         agents (seat numbers, from 1) and a Colony's credit ($)
     G  **         the SW and SE edges (** is a deep space gap)

Below it: the players (resources, credits, action cards, guilds, contracts), the contract slots and
the deck, Loot's path while it is chosen a tile at a time, and, while the seat to act may turn in three
resources for one, how to write that exchange (``exchange``, then ``exchange RRY for green``). A seat's
further agents on a tile show its number again (``00``).
"""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from .galaxy import HALF_COLUMN, ROWS

CELL_WIDTH = 12
COLOUR_STYLES = {
    "R": "bold red",
    "Y": "bold yellow",
    "G": "bold green",
    "B": "bold bright_blue",
    "P": "bold magenta",
    "*": "dim",
}
LETTER = {"red": "R", "yellow": "Y", "green": "G", "blue": "B", "purple": "P"}
KIND_STYLE = {
    "prime": "bold",
    "colony": "",
    "outpost": "",
    "reega": "bold cyan",
    "sabean": "bold cyan",
    "asteroid": "dim",
}
ACTING_MARK = "▶"
START_MARK = "★"


def symbols_text(symbols: str, width: int, *, right: bool = False) -> Text:
    """Edge symbols, coloured; ``**`` for a deep space gap."""
    shown = "**" if symbols == "*" else symbols
    text = Text()
    for letter in shown:
        text.append(letter, style=COLOUR_STYLES.get(letter, ""))
    pad = max(width - len(shown), 0)
    return Text(" " * pad) + text if right else text + Text(" " * pad)


def resources_text(resources: dict[str, int]) -> Text:
    text = Text()
    for letter, count in resources.items():
        if text:
            text.append(" ")
        text.append(f"{count}{letter}", style=COLOUR_STYLES[letter] if count else "dim")
    return text


def _cell_lines(cell: dict[str, Any]) -> list[Text]:
    edges = cell["edges"]
    top = (
        Text("  ") + symbols_text(edges["NW"], 2, right=True) + Text("    ") + symbols_text(edges["NE"], 2) + Text("  ")
    )
    middle = symbols_text(edges["W"], 2, right=True) + Text(" ")
    middle.append(f"{cell['tile']:<2}", style=KIND_STYLE[cell["kind"]])
    middle.append(" ")
    if cell["colour"]:
        planet, moon = LETTER[cell["colour"]], LETTER[cell["moon"]]
        middle.append(planet.lower(), style=COLOUR_STYLES[planet])
        middle.append("/")
        middle.append(moon.lower(), style=COLOUR_STYLES[moon])
    elif cell["kind"] == "asteroid":
        middle.append("ast", style="dim")
    else:
        middle.append("all" if cell["kind"] == "reega" else "r+p", style="cyan")
    middle += Text(" ") + symbols_text(edges["E"], 2)
    agents = Text("   ")
    agents.append("".join(str(s + 1) for s in cell["agents"]), style="bold cyan")
    if cell["credit"]:
        agents.append(" $", style="bold yellow")
    bottom = (
        Text("  ") + symbols_text(edges["SW"], 2, right=True) + Text("    ") + symbols_text(edges["SE"], 2) + Text("  ")
    )
    lines = [top, middle, agents, bottom]
    for line in lines:
        line.truncate(CELL_WIDTH, pad=True)
    return lines


def galaxy_text(view: dict[str, Any]) -> Text:
    """The hex galaxy, row by row, each row shifted by half a hex from the next."""
    cells = view["galaxy"]
    left = min(HALF_COLUMN)
    out = Text()
    for row in ROWS:
        lines = [Text() for _ in range(4)]
        offset = (HALF_COLUMN[row[0]] - left) * CELL_WIDTH // 2
        for line in lines:
            line.append(" " * offset)
        for cell in row:
            for line, part in zip(lines, _cell_lines(cells[cell]), strict=True):
                line.append_text(part)
        for line in lines:
            out.append_text(line)
            out.append("\n")
    return out


def _seat_label(view: dict[str, Any], seat: int) -> Text:
    acting = seat == view["current_player"]
    label = Text(f"{ACTING_MARK} " if acting else "  ", style="bold cyan")
    label.append(f"Seat {seat + 1}", style="bold" if acting else "")
    if seat == view["start_player"]:
        label.append(f" {START_MARK}", style="yellow")
    if seat == view["viewer"]:
        label.append(" (you)", style="cyan")
    return label


def players_table(view: dict[str, Any]) -> Table:
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, padding=(0, 1))
    table.add_column("", no_wrap=True)
    table.add_column("Resources", no_wrap=True)
    table.add_column("Cr", justify="right")
    table.add_column("Cards up / guilds / contracts")
    for info in view["seats"]:
        seat = info["seat"]
        detail = Text(" ".join(name[:3] for name in info["cards_up"]) or "none", style="")
        if info["guilds"]:
            detail.append("  guilds: " + ",".join(info["guilds"]), style="cyan")
        detail.append(f"  hand {info['hand_size']}")
        if info["cashed"]:
            detail.append("  face up: " + " ".join(info["cashed"]), style="dim")
        credits = Text(str(view["scores"][seat]), style="bold yellow" if seat in view["winners"] else "bold")
        table.add_row(_seat_label(view, seat), resources_text(info["resources"]), credits, detail)
    return table


def contracts_text(view: dict[str, Any]) -> Text:
    text = Text()
    for number, slot in enumerate(view["slots"], 1):
        text.append(f"slot{number}: ", style="bold")
        text.append(slot["contract"] or "empty")
        lying = {k: v for k, v in slot["resources"].items() if v}
        if lying:
            text.append(" + ")
            text.append_text(resources_text(lying))
        text.append("   ")
    text.append(f"\nDeck {view['deck_size']}  Discards {view['discard_size']}  Pool {view['pool']} credits")
    if view.get("revealed"):
        text.append("  Last revealed: " + " ".join(view["revealed"]), style="dim")
    if view["last_round"]:
        text.append("  (last round)", style="bold red")
    if view.get("hand") is not None:
        text.append("\nYour hand: ", style="bold")
        text.append(" ".join(view["hand"]) or "empty")
    for key, label in (("offer", "Dealt"), ("drawn", "Drawn")):
        if view.get(key) and (key == "offer" or view["phase"] == "keep a gambled contract"):
            text.append(f"\n{label} (keep 1, 2...): ", style="bold")
            text.append("  ".join(f"{i}:{code}" for i, code in enumerate(view[key], 1)))
    return text


def header(view: dict[str, Any]) -> Text:
    text = Text("The Phoenix Syndicate", style="bold")
    if view["viewer"] == "public":
        text.append(" · watching", style="cyan")
    elif view["viewer"] is not None:
        text.append(f" · you are seat {view['viewer'] + 1}", style="cyan")
    if view["phase"] == "over":
        winners = " and ".join(f"seat {s + 1}" for s in view["winners"])
        return text.append(f"\nGame over: {winners} {'wins' if len(view['winners']) == 1 else 'share the victory'}.")
    text.append(f"\n{ACTING_MARK} seat {view['current_player'] + 1}: {view['phase']}", style="bold cyan")
    if view["action"]:
        text.append(f" ({view['action']}")
        text.append(f", bribe left {view['bribe_left']})" if view["phase"] == "pay the bribe" else ")")
    if view.get("loot_route"):
        text.append(" · loot path so far: " + ">".join(view["loot_route"]), style="bold")
        text.append(" (next: 'to <tile>', an asteroid field or the planet that ends it)")
    if view.get("exchange_open"):
        text.append(" · exchange open: which three resources for which one?", style="bold")
    return text


def render_view(view: dict[str, Any]) -> RenderableType:
    """Draw a Phoenix Syndicate view (``state.view(seat)``, ``state.view(PUBLIC)`` or ``state.view(None)``)
    for a terminal."""
    legend = Text(
        "Tiles: P Prime, C Colony, O Outpost, RE Reega, SC Sabean Core, A asteroids; planet/moon colour; "
        "agents by seat; $ credit; ** deep space gap",
        style="dim",
    )
    parts: list[RenderableType] = [header(view), galaxy_text(view), legend, players_table(view), Text()]
    parts.append(contracts_text(view))
    if view.get("exchange_open") or "exchange" in view.get("legal_actions", ()):
        parts.append(exchange_hint(opened=bool(view.get("exchange_open"))))
    return Group(*parts)


def exchange_hint(*, opened: bool = False) -> Text:
    """Shown while the seat to act may exchange: how to write it, in its two steps."""
    text = Text("\nExchange: ", style="bold")
    if opened:
        text.append("name the three resources you turn in, by their letters, and the one you take, ")
        text.append("like 'exchange RRY for green'")
    else:
        text.append("any three resources for one of your choice: type 'exchange', then name them by their ")
        text.append("letters and the one you take, like 'exchange RRY for green'")
    return text


# ------------------------------------------------------------------------------------------- compact
COMPACT_CELL = 9


def compact_galaxy(view: dict[str, Any]) -> Text:
    """The galaxy, a line a row of hexes: each tile's code, the seats with agents on it (each seat's
    number once, however many agents it has there) and a Colony's credit ($); the edges are left out."""
    cells = view["galaxy"]
    left = min(HALF_COLUMN)
    out = Text(no_wrap=True)
    for number, row in enumerate(ROWS):
        if number:
            out.append("\n")
        out.append(" " * ((HALF_COLUMN[row[0]] - left) * COMPACT_CELL // 2))
        for cell in row:
            info = cells[cell]
            part = Text(f"{info['tile']:<3}", style=KIND_STYLE[info["kind"]])
            part.append("".join(str(s + 1) for s in sorted(set(info["agents"]))), style="bold cyan")
            if info["credit"]:
                part.append("$", style="bold yellow")
            part.truncate(COMPACT_CELL, pad=True)
            out.append_text(part)
    return out


def compact_player(view: dict[str, Any], info: dict[str, Any]) -> Text:
    """One player: resources, credits, cards in hand and guilds (by their first letter)."""
    seat = info["seat"]
    acting = seat == view["current_player"]
    text = Text(ACTING_MARK if acting else " ", style="bold cyan")
    text.append(f"Seat {seat + 1}", style="bold" if acting else "")
    text.append(START_MARK if seat == view["start_player"] else " ", style="yellow")
    text.append("you " if seat == view["viewer"] else "    ", style="cyan")
    for letter, count in info["resources"].items():
        text.append(f"{count}{letter}", style=COLOUR_STYLES[letter] if count else "dim")
    winner = seat in view["winners"]
    text.append(f" {view['scores'][seat]:>2}cr", style="bold yellow" if winner else "bold")
    text.append(f" h{info['hand_size']}")
    if info["guilds"]:
        text.append(" " + "".join(name[:1].upper() for name in info["guilds"]), style="cyan")
    return text


def compact_players(view: dict[str, Any]) -> Table:
    """The players, two to a line."""
    grid = Table.grid(padding=(0, 3))
    grid.add_column(no_wrap=True)
    grid.add_column(no_wrap=True)
    seats = [compact_player(view, info) for info in view["seats"]]
    for first in range(0, len(seats), 2):
        grid.add_row(*seats[first : first + 2])
    return grid


def compact_contracts(view: dict[str, Any]) -> Text:
    """The contract slots, the deck and the pool, and the seat's own hand or the contracts offered."""
    text = Text(no_wrap=True, overflow="ellipsis")
    for number, slot in enumerate(view["slots"], 1):
        text.append(f"{number}:", style="bold").append(slot["contract"] or "empty")
        lying = {k: v for k, v in slot["resources"].items() if v}
        if lying:
            text.append("+").append_text(resources_text(lying))
        text.append("  ")
    text.append(f"deck {view['deck_size']} pool {view['pool']}", style="dim")
    if view["last_round"]:
        text.append(" (last round)", style="bold red")
    if view.get("hand") is not None:
        text.append("\nYour hand: ", style="bold").append(" ".join(view["hand"]) or "empty")
    for key, label in (("offer", "Dealt"), ("drawn", "Drawn")):
        if view.get(key) and (key == "offer" or view["phase"] == "keep a gambled contract"):
            text.append(f"  {label} (keep 1, 2...): ", style="bold")
            text.append("  ".join(f"{i}:{code}" for i, code in enumerate(view[key], 1)))
    return text


def render_compact(view: dict[str, Any]) -> RenderableType:
    """The view in a few lines, for a small terminal: the header, the galaxy a line a row (tile codes,
    the seats with agents there, $ a credit), the players two to a line (resources, credits, h cards
    in hand, guilds) and the contract slots. ``render_view`` draws it in full, with every edge."""
    if view["phase"] == "over":
        return Group(header(view), players_table(view))
    parts: list[RenderableType] = [header(view), compact_galaxy(view), compact_players(view), compact_contracts(view)]
    if view.get("exchange_open"):
        parts.append(Text("Exchange: name the three you turn in and the one you take, like 'exchange RRY for green'"))
    return Group(*parts)
