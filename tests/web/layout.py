"""Checks of a page's layout as a person sees it, at the size of its window (1280x800, 390x844 ...).

``check(page)`` measures the page as it is drawn now (it scrolls nothing and clicks nothing) and returns a
``Layout``:

- ``overlaps``: pairs of visible controls that lie on one another, or a control and what is drawn over
  its centre (where a click lands; only for controls in the window, and not counting a bar pinned to
  it). A control is a button, a link, a field, a ``summary``, or anything that may be clicked or tabbed
  to (a board's ``.pickable`` places carry a tabindex and the role of a button). One control inside
  another is no overlap. Two HTML boxes overlap when they share more than a couple of pixels both ways;
  a control drawn in SVG (a hexagon, a slot) is tested by its shape: another control at its centre is
  an overlap. What scrolls with the page is not compared with what is pinned to the window.
- ``outside``: visible controls beyond the page's width (the page itself must not scroll sideways;
  a control inside a box that scrolls, a wide board say, counts where that box shows it), and controls
  that no scrolling can bring out from under a bar fixed at the bottom of the window.
- ``small_text``: visible text of the board (``#board`` unless told) set smaller than 11 CSS pixels, as
  drawn: an SVG text's size is scaled by the drawing's scale.
- ``log_in_view``: whether the newest entry of the log (``#log``; the log itself while empty) is whole
  in view: inside the log's own scroll box, inside the window, and not covered by anything (its first
  and last line). ``log_why`` says what is wrong when it is not.

Every item is a short description of the element (``button#hint "Hint"``, ``[data-pick=nest:2]``).
``Layout.problems()`` lists them all in words; ``assert_layout(page)`` fails with that list. On the table
page, ``watch(context)`` measures every state as it is shown, and ``shown(page)`` hands the results over.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

#: The smallest text a board or the page may show, in CSS pixels.
SMALLEST_TEXT_PX = 11.0
#: The small texts named one by one in ``problems()``; the rest are counted.
SHOWN = 12

#: The measuring function, run in the page (``layout.js`` beside this file).
_MEASURE = Path(__file__).with_name("layout.js").read_text(encoding="utf-8")


@dataclass
class Layout:
    """What ``check`` found on a page at the size of its window."""

    width: int
    height: int
    overlaps: list[tuple[str, str]] = field(default_factory=list)
    outside: list[str] = field(default_factory=list)
    small_text: list[str] = field(default_factory=list)
    log_in_view: bool = False
    log_why: str = ""

    def problems(self, *, log: bool = True) -> list[str]:
        """Every fault found, in words (the log's newest entry out of view among them unless ``log`` is
        false: a page without a log, the board harness say)."""
        found = [f"overlapping controls: {a} and {b}" for a, b in self.overlaps]
        found += [f"outside the page: {what}" for what in self.outside]
        small = self.small_text
        found += [f"text under {SMALLEST_TEXT_PX:g} px: {what}" for what in small[:SHOWN]]
        if len(small) > SHOWN:
            found.append(f"and {len(small) - SHOWN} more texts under {SMALLEST_TEXT_PX:g} px")
        if log and not self.log_in_view:
            found.append(f"the log's newest entry is not in view: {self.log_why}")
        return found


def check(page: Any, *, board: str = "#board", text: str | None = None) -> Layout:
    """Measure ``page`` as drawn now. ``board`` is where the text is measured (the board), ``text`` a
    selector that replaces it (``"body"`` measures every text of the page)."""
    return _layout(page.evaluate(_MEASURE, [board, SMALLEST_TEXT_PX, text]))


def assert_layout(page: Any, *, log: bool = True, where: str = "", **options: Any) -> Layout:
    """``check(page)``, failing with every fault found (``where`` says at which point of a test)."""
    layout = check(page, **options)
    problems = layout.problems(log=log)
    assert not problems, f"{where} at {layout.width}x{layout.height}: " + "; ".join(problems)
    return layout


def watch(context: Any, *, board: str = "#board") -> None:
    """Check the layout of every table page of ``context`` each time it has shown a state (the page's
    ``table:shown`` event), in the page itself, so that no position goes by unchecked however fast the
    bots play; ``shown(page)`` takes what was found. Each entry: ``version``, ``seat`` (who made the move
    that led to it, or null), ``by`` (``person``, ``bot``, ``stand-in``), ``problems`` (as ``problems()``
    words them), and ``marked`` (the page's marks of the last moves: ``seat``, ``number``, ``keys``)."""
    script = f"""(() => {{
        const measure = ({_MEASURE});
        window.__layouts = [];
        document.addEventListener("table:shown", (event) => {{
            const table = window.phoenixTable;
            const state = table && table.state;
            if (!state) return;
            const started = performance.now();
            const found = measure([{board!r}, {SMALLEST_TEXT_PX}, null]);
            found.ms = performance.now() - started;
            const move = (state.moves || []).find((m) => m.number === state.version - 1) || null;
            window.__layouts.push({{
                version: state.version,
                status: state.status,
                seat: move ? move.seat : null,
                by: move ? move.by : null,
                found,
                marked: table.marked,
                tags: [...document.querySelectorAll("#move-tags .move-tag")].map((tag) => tag.textContent),
            }});
        }});
    }})();"""
    context.add_init_script(script)


@dataclass
class Shown:
    """One state as a watched page showed it (``watch``)."""

    version: int
    status: str
    seat: int | None
    by: str | None
    layout: Layout
    marked: list[dict[str, Any]]
    tags: list[str]
    ms: float  # how long the measuring took in the page


def shown(page: Any) -> list[Shown]:
    """The states ``page`` showed since the last call, each with its layout as measured then."""
    taken = page.evaluate("(() => { const all = window.__layouts || []; window.__layouts = []; return all; })()")
    return [
        Shown(
            version=entry["version"],
            status=entry["status"],
            seat=entry["seat"],
            by=entry["by"],
            layout=_layout(entry["found"]),
            marked=entry["marked"] or [],
            tags=entry["tags"],
            ms=entry["found"]["ms"],
        )
        for entry in taken
    ]


def _layout(found: dict[str, Any]) -> Layout:
    return Layout(
        width=found["width"],
        height=found["height"],
        overlaps=[(a, b) for a, b in found["overlaps"]],
        outside=found["outside"],
        small_text=found["small"],
        log_in_view=found["logInView"],
        log_why=found["logWhy"],
    )
