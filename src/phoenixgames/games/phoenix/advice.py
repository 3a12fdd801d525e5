"""What a turn of Phoenix does for the seat taking it, in words, from the seat's views before and after it
(``phoenixgames.agents.advice`` asks here): the points the feather half adds to the phoenix, part by
part (colours, symbols, mirrors) and a feather of the phoenix's own colour completed.
"""

from __future__ import annotations

from typing import Any

from .events import points

PARTS = (("colours", "colours"), ("symbols", "symbols"), ("mirrors", "mirrors"))


def _phoenix(view: dict[str, Any], seat: int) -> dict[str, Any] | None:
    return next((p for p in view.get("phoenixes", []) if p.get("seat") == seat), None)


def explain(
    before: dict[str, Any], after: dict[str, Any], action: str, seat: int, options: dict[str, Any] | None = None
) -> list[str]:
    old, new = _phoenix(before, seat), _phoenix(after, seat)
    if old is None or new is None or not action.startswith("take "):
        return []
    was, now = old.get("score") or {}, new.get("score") or {}
    gained = int(now.get("total", 0)) - int(was.get("total", 0))
    parts = []
    for key, word in PARTS:
        change = int(now.get(key, 0)) - int(was.get(key, 0))
        if change:
            parts.append(f"{word} {'+' if change > 0 else ''}{change}")
    said = []
    if gained > 0:
        detail = f" ({', '.join(parts)})" if parts else ""
        said.append(f"it adds {points(gained)} to your phoenix{detail}, {now.get('total', 0)} in all")
    elif gained < 0:
        said.append(f"it costs {points(-gained)} now, for a feather the search expects to pay later")
    else:
        said.append("it adds no points now: the search expects the slot to pay later, or to keep the half from others")
    own = int(now.get("own_colour_feathers", 0)) - int(was.get("own_colour_feathers", 0))
    if own > 0:
        colour = new.get("colour", "your own")
        said.append(f"it completes a feather of your phoenix's own colour ({colour})")
    return said
