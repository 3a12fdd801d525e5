"""Every rule of the Schatz des Phönix checklist is pinned by a test that names it."""

import ast
import re
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parents[2]
CHECKLIST = Path(__file__).resolve().parents[3].parent / "shared" / "rules" / "checklist-schatz.md"
RULE_ID = re.compile(r"\bSCH-(\d\d)\b")


def checklist_ids():
    if not CHECKLIST.is_file():
        pytest.skip(f"the rule checklist is not here: {CHECKLIST}")
    ids = sorted(set(RULE_ID.findall(CHECKLIST.read_text(encoding="utf-8"))))
    assert ids, f"no rule ids found in {CHECKLIST}"
    return ids


def named_ids():
    """Rule ids named by test functions under tests/: ``sch21`` in the name, or ``SCH-21`` in the
    docstring or in a marker's arguments."""
    found = {}
    for path in sorted(TESTS.rglob("*.py")):
        if path == Path(__file__).resolve():
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("test"):
                ids = set(re.findall(r"sch(\d\d)(?!\d)", node.name))
                ids |= set(RULE_ID.findall(ast.get_docstring(node) or ""))
                for decorator in node.decorator_list:
                    for part in ast.walk(decorator):
                        if isinstance(part, ast.Constant) and isinstance(part.value, str):
                            ids |= set(RULE_ID.findall(part.value))
                for rule in ids:
                    found.setdefault(rule, []).append(f"{path.relative_to(TESTS)}::{node.name}")
    return found


def test_every_checklist_rule_is_pinned_by_a_named_test():
    named = named_ids()
    missing = [f"SCH-{rule}" for rule in checklist_ids() if rule not in named]
    assert not missing, f"no test names {', '.join(missing)}"


def test_every_rule_id_a_test_names_is_in_the_checklist():
    unknown = sorted(f"SCH-{rule}" for rule in set(named_ids()) - set(checklist_ids()))
    assert not unknown, f"tests name rules the checklist does not have: {', '.join(unknown)}"
