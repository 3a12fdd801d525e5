"""How to play, in every game: opened from the table page (the button beside § Rules), it shows the
game's summary in four parts (the goal, a turn, how it scores, the end) with pictures drawn by the
board's own pieces; at 1280x800 it fits the window without a scroll, at 390x844 it is no wider than the
window; no text of it is under 11 px; its link to the full rules opens the table's rules window. The
summary is also a page of its own (/web/howto.html?game=...), which the lobby may link to."""

from __future__ import annotations

from typing import Any

import pytest

import phoenixgames as pg
from tests.web import driving
from tests.web.layout import check

#: What the summary shows, measured in the page: its parts' headings, its pictures (figures drawn with a
#: board's pieces: elements of the board's classes), whether it scrolls, where it lies in the window.
SUMMARY = """() => {
  const BOARD = "[class^='sz-'], [class^='phx-'], [class^='ph-'], [class^='syn-']";
  const dialog = document.querySelector("#howto");
  const article = dialog.querySelector(".howto");
  const box = dialog.getBoundingClientRect();
  return {
    open: dialog.open,
    game: article.dataset.game,
    title: article.querySelector("h2").textContent,
    parts: [...article.querySelectorAll(".howto-part")].map((part) => ({
      heading: part.querySelector("h3").textContent,
      words: part.textContent.trim().split(/\\s+/).length,
      pictures: [...part.querySelectorAll(".howto-figure")].filter((figure) => figure.querySelector(BOARD)).length,
    })),
    scrolls: dialog.scrollHeight > dialog.clientHeight + 1,
    box: [box.left, box.top, box.right, box.bottom],
    window: [document.documentElement.clientWidth, window.innerHeight],
    rules: article.querySelector(".howto-rules").getAttribute("href"),
  };
}"""


def open_howto(page: Any, base: str, game: str) -> dict[str, Any]:
    table = driving.create_table(base, game, [{"kind": "person"}] * pg.get_spec(game).min_players)
    driving.open_table(page, base, table["id"], watch=True)
    page.click("#howto-link")
    page.wait_for_selector(f"#howto[open] .howto[data-game='{game}']")
    return page.evaluate(SUMMARY)


@pytest.mark.parametrize("game", pg.games())
def test_how_to_play_opens_from_the_table_and_fits_one_screen(game: str, page: Any, web_server: Any) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    shown = open_howto(page, web_server.base, game)
    assert shown["open"] and shown["title"] == f"How to play {pg.get_spec(game).title}"
    assert len(shown["parts"]) == 4
    assert shown["parts"][0]["heading"] == "The goal" and shown["parts"][1]["heading"] == "A turn"
    assert "end" in shown["parts"][3]["heading"].lower()
    assert all(part["words"] > 20 for part in shown["parts"]), shown["parts"]
    assert sum(part["pictures"] for part in shown["parts"]) >= 3, shown["parts"]
    left, top, right, bottom = shown["box"]
    assert not shown["scrolls"] and left >= 0 and top >= 0 and right <= 1280 and bottom <= 800, shown
    assert check(page, text="#howto").small_text == []

    page.set_viewport_size({"width": 390, "height": 844})
    narrow = page.evaluate(SUMMARY)
    assert narrow["box"][0] >= 0 and narrow["box"][2] <= 390, narrow
    assert check(page, text="#howto").small_text == []

    assert shown["rules"] == f"/games/{game}/rules"
    page.click("#howto .howto-rules")
    page.wait_for_selector("#rules[open]")
    assert not page.evaluate("document.querySelector('#howto').open")


def test_how_to_play_is_a_page_of_its_own_too(page: Any, web_server: Any) -> None:
    page.goto(f"{web_server.base}/web/howto.html?game=phoenicia")
    page.wait_for_function("document.body?.dataset.ready === 'true'")
    assert page.inner_text(".howto h2") == "How to play Phoenicia"
    assert page.locator(".howto-part").count() == 4
    page.goto(f"{web_server.base}/web/howto.html?game=chess")
    page.wait_for_function("document.body?.dataset.ready === 'true'")
    assert "Which game?" in page.inner_text("#howto-page")
