"""The rules pages quote their sources word for word.

``docs/rules/<game>.md`` gives the rulebook's words beside every choice. Each quotation there of four
words or more (in double quotes; a program's messages are written in backticks instead) must be found in
the game's sources beside the checkout, in ``shared/``: the rulebook, the facts gathered about the
published game, the rule checklist and the open questions. A quotation may leave words out, marked
"..."; each part must then be found. Line breaks, curly quotes and the rulebook's bullets do not count.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
PAGES = TESTS.parent / "docs" / "rules"
SHARED = TESTS.parent.parent / "shared"

# game -> its rulebook in shared/rules/ (the facts about it share the rulebook's name in shared/reference/)
RULEBOOKS = {
    "schatz": "schatz-des-phoenix",
    "phoenix": "phoenix",
    "phoenicia": "phoenicia",
    "syndicate": "phoenix-syndicate",
}
SHORTEST = 4  # words: shorter quotations are names and single terms


def plain(text: str) -> str:
    """``text`` as a quotation is compared: straight quotes, no bullets, one space, lower case."""
    for curly, straight in (("\u2018", "'"), ("\u2019", "'"), ("\u201c", "'"), ("\u201d", "'"), ('"', "'")):
        text = text.replace(curly, straight)
    text = text.replace("\u2022", " ")
    return re.sub(r"\s+", " ", text).strip().lower()


def sources(game: str) -> str:
    book = RULEBOOKS[game]
    rulebook = SHARED / "rules" / f"{book}.txt"
    if not rulebook.is_file():
        pytest.skip(f"the rulebook is not here: {rulebook}")
    paths = [
        rulebook,
        SHARED / "reference" / f"{book}.md",
        SHARED / "reference" / "open-questions.md",
        SHARED / "rules" / f"checklist-{game}.md",
    ]
    return plain(" ".join(path.read_text(encoding="utf-8") for path in paths if path.is_file()))


def quotations(page: str) -> list[str]:
    """The quotations of four words or more on a page, leaving out code (backticks)."""
    prose = re.sub(r"`[^`]*`", "", page)
    return [quote for quote in re.findall(r'"([^"]+)"', prose) if len(quote.split()) >= SHORTEST]


def missing_parts(quote: str, text: str) -> list[str]:
    parts = (plain(part).strip(" .,;:") for part in re.split(r"\.\.\.|\u2026", quote))
    return [part for part in parts if part and part not in text]


@pytest.mark.parametrize("game", sorted(RULEBOOKS))
def test_every_quotation_of_a_rules_page_is_word_for_word_from_the_sources(game):
    text = sources(game)
    found = quotations((PAGES / f"{game}.md").read_text(encoding="utf-8"))
    assert len(found) > 10, "the page quotes its rulebook: the quotations were not found"
    wrong = {quote: missing_parts(quote, text) for quote in found if missing_parts(quote, text)}
    assert not wrong, "\n".join(f'"{quote}": not in the sources: "{parts[0]}"' for quote, parts in wrong.items())


def test_a_quotation_with_a_word_changed_is_caught():
    text = plain("You may always turn in any three resources for one resource of your choice.")
    assert missing_parts("You may always turn in any three resources for one resource of your choice", text) == []
    assert missing_parts("You may always turn in any three resources ... of your choice", text) == []
    assert missing_parts("You may always turn in three resources for one", text)
