"""``GET /games/{game}/rules``: each game's rules as implemented, the page ``phoenixgames rules`` shows,
as a standalone HTML page; and what ``GET /games`` tells the lobby about each game."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest

import phoenixgames as pg
from phoenixgames.agents import OFFERED_LEVELS
from phoenixgames.games.rules_pages import rules_text


class Page(HTMLParser):
    """The tags, links, stylesheets and text of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.links: list[str] = []
        self.external: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        found = dict(attrs)
        if tag == "a" and found.get("href"):
            self.links.append(found["href"] or "")
        source = found.get("href") or found.get("src") or ""
        if tag in ("link", "script", "img") and source and not source.startswith("data:"):
            self.external.append(source)

    def handle_data(self, data: str) -> None:
        self.text.append(data)


@pytest.mark.parametrize("game", pg.games())
def test_the_rules_page_of_each_game_is_its_rules_text_as_html(client, game):
    answer = client.get(f"/games/{game}/rules")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/html")
    page = Page()
    page.feed(answer.text)
    markdown = rules_text(game)
    assert markdown is not None
    heading = markdown.splitlines()[0].lstrip("# ").strip()
    text = " ".join(" ".join(page.text).split())
    assert heading in text
    assert "h1" in page.tags and "h2" in page.tags and "style" in page.tags
    assert "table" in page.tags and "td" in page.tags  # the rules' tables are tables, not pipes
    assert "|---" not in answer.text
    assert "/" in page.links  # back to the lobby
    assert not page.external  # standalone: its style is in the page
    assert pg.get_spec(game).title in answer.text.split("<title>")[1].split("</title>")[0]


def test_the_rules_of_a_game_that_does_not_exist_are_a_404(client):
    answer = client.get("/games/chess/rules")
    assert answer.status_code == 404
    assert answer.json()["error"]["code"] == "no_game"
    assert "schatz" in answer.json()["error"]["message"]


def test_markup_in_the_rules_is_shown_as_text(client, monkeypatch):
    from phoenixgames.games import rules_pages

    monkeypatch.setattr(rules_pages, "rules_text", lambda game: "# Rules\n\n<script>alert(1)</script> *and* `<b>`\n")
    answer = client.get("/games/schatz/rules")
    assert "<script>alert" not in answer.text and "&lt;script&gt;" in answer.text
    assert "<em>and</em>" in answer.text


def test_the_games_list_gives_the_lobby_each_games_summary_rules_and_difficulties_in_words(client):
    listing = client.get("/games").json()
    assert [g["name"] for g in listing["games"]] == list(pg.games())
    for entry in listing["games"]:
        spec = pg.get_spec(entry["name"])
        assert entry["summary"] == spec.summary and entry["summary"]
        assert entry["rules"] == f"/games/{entry['name']}/rules"
        assert client.get(entry["rules"]).status_code == 200
        assert list(entry["difficulties"]) == list(OFFERED_LEVELS)
    assert list(listing["difficulty_help"]) == listing["difficulties"] == list(OFFERED_LEVELS)
    assert all(len(words) > 10 for words in listing["difficulty_help"].values())


def test_the_tables_listed_are_the_newest_up_to_the_limit(client):
    from .helpers import create

    made = [create(client, seats=("person", "random"))["id"] for _ in range(3)]
    newest = client.get("/tables", params={"status": "open", "limit": 2}).json()["tables"]
    assert [t["id"] for t in newest] == made[::-1][:2]
    assert client.get("/tables", params={"limit": 0}).status_code == 422
