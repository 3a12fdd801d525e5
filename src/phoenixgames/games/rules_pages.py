"""The rules pages of the games as implemented: ``docs/rules/<game>.md``, every interpretation of the
rulebook beside its words.

An install ships them inside the package as ``phoenixgames.rules`` (``setup.py``); a checkout (an
editable install) reads them from ``docs/rules/``. The command line (``phoenixgames rules``) and the
server's rules route both read them here.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

#: The package that ships the rule pages (``docs/rules/`` of the source tree) in an install.
RULES_PACKAGE = "phoenixgames.rules"
#: Where ``docs/rules/<game>.md`` lives in a checkout (an editable install reads them there).
SOURCE_RULES_DIR = Path(__file__).resolve().parents[3] / "docs" / "rules"


def rules_text(game: str) -> str | None:
    """The rules page of ``game`` as shipped in the package, or in the checkout; ``None`` if neither has it."""
    try:
        return resources.files(RULES_PACKAGE).joinpath(f"{game}.md").read_text(encoding="utf-8")
    except (ModuleNotFoundError, OSError):
        pass
    try:
        return (SOURCE_RULES_DIR / f"{game}.md").read_text(encoding="utf-8")
    except OSError:
        return None


__all__ = ["RULES_PACKAGE", "SOURCE_RULES_DIR", "rules_text"]
