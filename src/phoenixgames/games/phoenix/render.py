"""Phoenix drawn for a terminal: one seat's view (or the referee's, or a spectator's) as Rich renderables.

Everything drawn comes from the view dict (``view.py``). Each phoenix is drawn as its plumage: the two
wings side by side, slot 1 facing slot 8, 2 facing 7 and so on, upper halves above lower halves, with
the mirrored pairs that score marked. Below: the nests with their halves and tokens, and the turn order.
At the end, a summary gives each player's points phase by phase and the tie-breaker.
"""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ...engine import PUBLIC

#: Rich style of each feather colour, by the letter that starts a half's code.
HALF_STYLES: dict[str, str] = {
    "R": "bold red",
    "Y": "bold yellow",
    "B": "bold bright_blue",
    "K": "bold white on grey23",
    "*": "bold magenta",
}
COLOUR_STYLES: dict[str, str] = {"red": "red", "yellow": "yellow", "blue": "bright_blue", "black": "white on grey23"}
ACTING_MARK = "▶"
CELL = 4
EMPTY = "·"


def half_text(code: str | None) -> Text:
    """One feather half in its colour, padded to a cell; a dot for an empty place."""
    if code is None:
        return Text(EMPTY.ljust(CELL), style="dim")
    return Text(code, style=HALF_STYLES.get(code[:1].upper(), "")) + Text(" " * (CELL - len(code)))


def halves_text(codes: list[str]) -> Text:
    if not codes:
        return Text(EMPTY, style="dim")
    return Text(" ").join(Text(c, style=HALF_STYLES.get(c[:1].upper(), "")) for c in codes)


def seat_name(seat: int, viewer: int | str | None) -> str:
    return "you" if seat == viewer else f"seat {seat + 1}"


def _wing_row(label: str, cells: list[Text]) -> Text:
    half = len(cells) // 2
    row = Text(label.ljust(8), style="dim")
    for cell in cells[:half]:
        row.append_text(cell)
    row.append("┃   ", style="dim")
    for cell in cells[half:]:
        row.append_text(cell)
    return row


def mirrored_pairs(phoenix: dict[str, Any], pairs: list[list[int]]) -> list[tuple[int, int, bool]]:
    """(a, b, scores) for each facing pair of slots whose two feathers are complete."""
    lower, upper = phoenix["lower"], phoenix["upper"]
    found = []
    for a, b in pairs:
        i, j = a - 1, b - 1
        if upper[i] is None or upper[j] is None:
            continue
        same = lower[i].rstrip("fmd") == lower[j].rstrip("fmd") and upper[i].rstrip("fmd") == upper[j].rstrip("fmd")
        found.append((a, b, same))
    return found


def plumage(view: dict[str, Any], seat: int) -> Text:
    """One phoenix: its name line, its two wings and its mirrored pairs."""
    phoenix = view["phoenixes"][seat]
    acting = seat == view["current_player"]
    text = Text()
    text.append(f"{ACTING_MARK} " if acting else "  ", style="bold cyan")
    text.append(f"Seat {seat + 1}", style="bold")
    if seat == view["viewer"]:
        text.append(" (you)", style="cyan")
    text.append(" · ")
    text.append(f"{phoenix['colour']} phoenix", style=COLOUR_STYLES.get(phoenix["colour"], ""))
    text.append(f" · {', '.join(phoenix['nests'])} · ")
    text.append(f"{phoenix['score']['total']} points", style="bold")
    text.append("\n")
    slots = len(phoenix["lower"])
    text.append_text(_wing_row("  upper", [half_text(c) for c in phoenix["upper"]])).append("\n")
    text.append_text(_wing_row("  lower", [half_text(c) for c in phoenix["lower"]])).append("\n")
    text.append_text(_wing_row("  slot", [Text(str(s + 1).ljust(CELL), style="dim") for s in range(slots)]))
    pairs = mirrored_pairs(phoenix, view["mirror_pairs"])
    if pairs:
        text.append("\n  mirrors ", style="dim")
        for a, b, same in pairs:
            text.append(f"{a}↔{b} ", style="bold green" if same else "dim")
            text.append("+5  " if same else "no  ", style="bold green" if same else "dim")
    return text


def nests_table(view: dict[str, Any]) -> Table:
    """The nests: whose each is, its halves and the token laid on it this round."""
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, padding=(0, 1))
    for heading in ("Nest", "Above", "Lower halves", "Upper halves", "Token"):
        table.add_column(heading, no_wrap=True)
    for nest in view["nests"]:
        owner = "nobody" if nest["owner"] is None else seat_name(nest["owner"], view["viewer"])
        token = Text(EMPTY, style="dim") if nest["token"] is None else Text(str(nest["token"]), style="bold")
        table.add_row(nest["nest"], owner, halves_text(nest["lower"]), halves_text(nest["upper"]), token)
    return table


def token_text(value: int) -> Text:
    """A token's number, black-side numbers (5-8) in reverse."""
    return Text(f" {value} ", style="bold reverse" if value >= 5 else "bold")


def turn_order_text(view: dict[str, Any]) -> Text:
    text = Text("Turn order: ", style="bold")
    order = view["turn_order"]
    if not order:
        return text.append("every token has been played", style="dim")
    for i, item in enumerate(order):
        if i:
            text.append(" → ")
        text.append_text(token_text(item["token"]))
        text.append(f" {seat_name(item['seat'], view['viewer'])}")
    return text


def status_text(view: dict[str, Any]) -> Text:
    viewer, seat = view["viewer"], view["current_player"]
    if view["phase"] == "over":
        winners = view["winners"]
        best = view["scores"][winners[0]] if winners else 0
        names = " and ".join(seat_name(s, viewer) for s in winners)
        if len(winners) == 1:
            return Text(
                f"Game over: {names} {'win' if winners[0] == viewer else 'wins'} with {best} points.", style="bold"
            )
        return Text(f"Game over: {names} share the victory with {best} points.", style="bold")
    who = seat_name(seat, viewer)
    you = seat == viewer
    lay, take = ("lay", "take") if you else ("lays", "takes")
    return Text(f"{who[0].upper()}{who[1:]} {lay} an ash token and {take} a feather half.")


def header(view: dict[str, Any]) -> Text:
    text = Text()
    if view["phase"] == "over":
        text.append(f"Phoenix · after round {view['rounds']}", style="bold")
    else:
        text.append(f"Phoenix · round {view['round']} of {view['rounds']}", style="bold")
    if view["viewer"] == PUBLIC:
        text.append(" · watching", style="cyan")
    elif view["viewer"] is not None:
        text.append(f" · you are seat {view['viewer'] + 1}", style="cyan")
    text.append("\n")
    text.append(f"{ACTING_MARK} ", style="bold cyan")
    return text.append_text(status_text(view))


def summary_table(view: dict[str, Any]) -> Table:
    """The final scoring, phase by phase, and the tie-breaker."""
    table = Table(
        box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, padding=(0, 1), title="Scoring", title_justify="left"
    )
    table.add_column("")
    table.add_column("Phoenix")
    for heading in ("1. Colours", "2. Symbols", "3. Mirrors", "Total", "Own-colour feathers"):
        table.add_column(heading, justify="right")
    for phoenix in view["phoenixes"]:
        seat, score = phoenix["seat"], phoenix["score"]
        winner = seat in view["winners"]
        table.add_row(
            Text(f"Seat {seat + 1}" + (" (you)" if seat == view["viewer"] else "")),
            Text(phoenix["colour"], style=COLOUR_STYLES.get(phoenix["colour"], "")),
            str(score["colours"]),
            str(score["symbols"]),
            str(score["mirrors"]),
            Text(str(score["total"]), style="bold yellow" if winner else "bold"),
            str(score["own_colour_feathers"]),
        )
    return table


def render_view(view: dict[str, Any]) -> RenderableType:
    """Draw a Phoenix view (``state.view(seat)``, ``state.view(None)`` or ``state.view(PUBLIC)``) for a terminal."""
    parts: list[RenderableType] = [header(view), Text()]
    for seat in range(view["players"]):
        parts += [plumage(view, seat), Text()]
    if view["phase"] == "over":
        parts.append(summary_table(view))
        return Group(*parts)
    bags = view["bags"]
    parts += [
        nests_table(view),
        Text(),
        turn_order_text(view),
        Text(f"Bags: {sum(bags['lower'].values())} lower, {sum(bags['upper'].values())} upper halves", style="dim"),
    ]
    return Group(*parts)


# ------------------------------------------------------------------------------------------- compact
COMPACT_CELL = 3


def _compact_wing(halves: list[str | None]) -> Text:
    """One row of a plumage (its upper or lower halves), slots 1 to 4, a bar, slots 5 to 8."""
    half = len(halves) // 2
    row = Text()
    for index, code in enumerate(halves):
        if index == half:
            row.append("┃ ", style="dim")
        if code is None:
            row.append(EMPTY.ljust(COMPACT_CELL), style="dim")
        else:
            row.append(code.ljust(COMPACT_CELL), style=HALF_STYLES.get(code[:1].upper(), ""))
    return row


def compact_plumage(view: dict[str, Any], seat: int) -> Text:
    """One phoenix on one line: who, its colour and points, its upper halves, then its lower halves."""
    phoenix = view["phoenixes"][seat]
    acting = seat == view["current_player"]
    text = Text()
    text.append(f"{ACTING_MARK} " if acting else "  ", style="bold cyan")
    text.append(f"Seat {seat + 1}", style="bold")
    text.append(" you " if seat == view["viewer"] else "     ", style="cyan")
    text.append(f"{phoenix['colour'][:3]:<4}", style=COLOUR_STYLES.get(phoenix["colour"], ""))
    text.append(f"{phoenix['score']['total']:>2}p ", style="bold")
    text.append("↑ ", style="dim").append_text(_compact_wing(phoenix["upper"]))
    text.append("↓ ", style="dim").append_text(_compact_wing(phoenix["lower"]))
    return text


def compact_nests(view: dict[str, Any]) -> Text:
    """The nests, three to a line: whose each is, its lower (↓) and upper (↑) halves, its token."""
    text = Text()
    for index, nest in enumerate(view["nests"]):
        if index:
            text.append("\n" if index % 3 == 0 else "  ")
        owner = "" if nest["owner"] is None else f"({seat_name(nest['owner'], view['viewer'])})"
        text.append(f"{nest['nest']}{owner}", style="bold")
        text.append(" ↓").append_text(halves_text(nest["lower"]))
        text.append(" ↑").append_text(halves_text(nest["upper"]))
        if nest["token"] is not None:
            text.append(f" [{nest['token']}]", style="bold")
    return text


def render_compact(view: dict[str, Any]) -> RenderableType:
    """The view in a few lines, for a small terminal: the header, each phoenix on a line (↑ its upper
    halves, ↓ its lower, slots 1-4 and 5-8 either side of the bar), the nests and the turn order.
    ``render_view`` draws it in full, with the mirrored pairs."""
    if view["phase"] == "over":
        return Group(header(view), summary_table(view))
    parts: list[RenderableType] = [header(view)]
    parts += [compact_plumage(view, seat) for seat in range(view["players"])]
    parts += [compact_nests(view), turn_order_text(view)]
    return Group(*parts)
