"""The numbered menu of the legal actions at a person's turn, and that menu fitted to a number of lines.

Actions whose notation differs only in its last word (``play R3 nest1``, ``play R3 nest2``) share a
line, so a long list stays short. Where even that is too long for the lines there are (a small
terminal), :func:`fitted_menu` shares lines among actions that differ in more of their last words,
then shows a family of actions that share their first word as one line that says how to type them,
and at last leaves out what does not fit, saying that ``?`` lists every action.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text

from ..engine import Action

NUMBER_STYLE = "bold cyan"

#: A family of actions (the same first word) that would take more lines than this is shown as one line,
#: when the whole menu would take more than :data:`MAX_MENU_LINES` lines.
MAX_FAMILY_LINES = 6
MAX_MENU_LINES = 20

#: A line of the menu: the words its actions share and (number, the rest of its notation) of each, or
#: the words of a folded family and the line that stands for it.
Line = tuple[str, list[tuple[int, str]] | str]


def _groups(notations: list[str], last_words: int | None) -> list[tuple[str, list[tuple[int, str]]]]:
    """Runs of consecutive actions whose notations share all but their last ``last_words`` words
    (``None``: all but the last one), numbered from 1."""
    groups: list[tuple[str, list[tuple[int, str]]]] = []
    for number, notation in enumerate(notations, 1):
        words = notation.split(" ")
        cut = len(words) - (1 if last_words is None else min(last_words, len(words) - 1))
        prefix, rest = " ".join(words[:cut]), " ".join(words[cut:])
        if len(words) == 1:
            prefix, rest = "", notation
        if groups and prefix and groups[-1][0] == prefix:
            groups[-1][1].append((number, rest))
        else:
            groups.append((prefix, [(number, rest)]))
    return groups


def _fold_families(groups: list[tuple[str, list[tuple[int, str]]]], most: int = MAX_FAMILY_LINES) -> list[Line]:
    """``groups`` with each run of more than ``most`` lines that share a first word replaced by one line:
    the word, and the numbers of its actions with an example of their notation."""
    folded: list[Line] = []
    start = 0
    while start < len(groups):
        word = groups[start][0].split(" ", 1)[0]
        end = start
        while end < len(groups) and groups[end][0].split(" ", 1)[0] == word and groups[end][0]:
            end += 1
        if end - start > most:
            first, last = groups[start][1][0][0], groups[end - 1][1][-1][0]
            example = f"{groups[start][0]} {groups[start][1][0][1]}"
            folded.append((word, f"{first}) ... {last})  {last - first + 1} choices, typed like '{example}'"))
            start = end
        else:
            folded.extend(groups[start : max(end, start + 1)])
            start = max(end, start + 1)
    return folded


def _drawn(lines: list[Line], width: int) -> Text:
    """The menu's lines as text; a line longer than ``width`` goes on below its first item, never
    breaking an item in two."""
    column = max((len(prefix) for prefix, items in lines if isinstance(items, str) or len(items) > 1), default=0)
    menu = Text()
    for prefix, items in lines:
        menu.append("  ")
        if isinstance(items, str):  # a folded family
            menu.append(f"{prefix:<{column}}   ")
            menu.append(items, style=NUMBER_STYLE)
            menu.append("\n")
            continue
        if len(items) == 1:
            number, last = items[0]
            menu.append(f"{number:>2})", style=NUMBER_STYLE)
            menu.append(f" {prefix} {last}\n" if prefix else f" {last}\n")
            continue
        menu.append(f"{prefix:<{column}}")
        used = 2 + column
        for number, last in items:
            item = len(f"   {number:>2}) {last}")
            if used + item > width and used > 2 + column:  # go on below, under the first item
                menu.append("\n" + " " * (2 + column))
                used = 2 + column
            menu.append("   ")
            menu.append(f"{number:>2})", style=NUMBER_STYLE)
            menu.append(f" {last}")
            used += item
        menu.append("\n")
    menu.rstrip()
    return menu


def _in_ranges(groups: list[tuple[str, list[tuple[int, str]]]]) -> list[Line]:
    """``groups`` with each group of several actions on one line: its first and last action, and how many."""
    lines: list[Line] = []
    for prefix, items in groups:
        if len(items) <= 2:
            lines.append((prefix, items))
            continue
        (first, low), (last, high) = items[0], items[-1]
        lines.append((prefix, f"{first}) {low} ... {last}) {high}  ({len(items)})"))
    return lines


def action_menu(actions: Iterable[Action | str], width: int = 80) -> Text:
    """The legal actions, numbered from 1: actions whose notation differs only in its last word share
    a line; a family of actions sharing their first word that would still take more than
    :data:`MAX_FAMILY_LINES` lines (the Syndicate's exchanges) is shown as one line naming its numbers
    and an example to type, when the menu would otherwise take more than :data:`MAX_MENU_LINES` lines
    (Phoenix, whose every action is a "take", shows them all while they fit)."""
    groups = _groups([str(action) for action in actions], None)
    lines: list[Line] = list(groups)
    if len(groups) > MAX_MENU_LINES:
        lines = _fold_families(groups)
    return _drawn(lines, width)


def line_count(text: Text) -> int:
    return len(text.plain.splitlines()) if text.plain else 0


def fitted_menu(actions: list[Action], width: int, budget: int) -> Text:
    """The menu of ``actions`` in at most ``budget`` lines (at least two) of ``width`` columns: the
    first of these that fits, sharing lines more and more, then a line a group (its first and last
    action); failing that, as many of those lines as fit and a line that says ``?`` lists them all, or
    in very few lines, families folded to a line each."""
    budget = max(budget, 2)
    notations = [str(action) for action in actions]
    longest = max((len(n.split(" ")) for n in notations), default=1)
    groups = _groups(notations, None)
    tries: list[Text] = [action_menu(actions, width)]
    tries += [_drawn(list(_groups(notations, last)), width) for last in range(2, longest)]
    tries.append(_drawn(_in_ranges(groups), width))
    for menu in tries:
        if line_count(menu) <= budget:
            return menu
    if budget >= 5 or len(groups) <= 2:  # as many lines as fit, rather than a line for all
        kept = _drawn(_in_ranges(groups), width).split("\n")[: budget - 1]
        cut = Text("\n").join(kept)
        cut.append(f"\n  ... and more: ? lists all {len(actions)} actions", style="dim")
        return cut
    for most in (MAX_FAMILY_LINES, 2, 1, 0):
        for last in (None, *range(2, longest)):
            menu = _drawn(_fold_families(_groups(notations, last), most), width)
            if line_count(menu) <= budget:
                return menu
    kept = _drawn(_fold_families(groups, 0), width).split("\n")[: budget - 1]
    cut = Text("\n").join(kept)
    cut.append(f"\n  ... and more: ? lists all {len(actions)} actions", style="dim")
    return cut


__all__ = ["MAX_FAMILY_LINES", "MAX_MENU_LINES", "NUMBER_STYLE", "action_menu", "fitted_menu", "line_count"]
