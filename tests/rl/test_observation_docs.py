"""docs/rl.md lists every game's observation fields as the layouts give them."""

from __future__ import annotations

from .write_observation_docs import DOC, rewritten


def test_the_observation_fields_in_docs_rl_are_those_of_the_layouts():
    text = DOC.read_text(encoding="utf-8")
    assert rewritten(text) == text, "docs/rl.md is out of date: run python tests/rl/write_observation_docs.py"
