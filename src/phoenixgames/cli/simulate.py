"""Commands: simulate (to be written)."""

from .app import app  # noqa: F401
