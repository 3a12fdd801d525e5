"""A table's settings beyond its game, seats and clocks: whether it is a learning game, and the rematch
it leads to (or is). Kept in ``table_settings``, one row a table that has any (none: the defaults).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from sqlalchemy import Boolean, ForeignKey, String, insert, select, update
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Mapped, mapped_column

from .store import Base, Store, StoreError


class TableSettingsRow(Base):
    __tablename__ = "table_settings"

    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True)
    learning: Mapped[bool] = mapped_column(Boolean, default=False)
    rematch_of: Mapped[str | None] = mapped_column(String(32), nullable=True)
    rematch: Mapped[str | None] = mapped_column(String(32), nullable=True)


@dataclass
class TableSettings:
    """``learning``: each person is told at each turn what ``hard`` would play; ``rematch_of``: the
    finished table this one replays with a new seed; ``rematch``: the table offered once this one ended."""

    learning: bool = False
    rematch_of: str | None = None
    rematch: str | None = None

    @property
    def default(self) -> bool:
        return self == TableSettings()


def save_settings(store: Store, table_id: str, settings: TableSettings) -> None:
    """Keep the settings of a new table (nothing is written for the defaults)."""
    if settings.default:
        return
    with store._begin() as c:  # the store's own transaction: its lock and its errors
        c.execute(
            insert(TableSettingsRow).values(
                table_id=table_id,
                learning=settings.learning,
                rematch_of=settings.rematch_of,
                rematch=settings.rematch,
            )
        )


def load_settings(store: Store, table_ids: Iterable[str]) -> dict[str, TableSettings]:
    """The settings of each of ``table_ids`` (the defaults for one without a row)."""
    ids = list(dict.fromkeys(table_ids))
    found = {table_id: TableSettings() for table_id in ids}
    if not ids:
        return found
    try:
        with store.engine.connect() as c:
            rows = c.execute(select(TableSettingsRow).where(TableSettingsRow.table_id.in_(ids))).mappings().all()
    except SQLAlchemyError as exc:
        raise StoreError(f"the database refused: {exc.__class__.__name__}") from None
    for row in rows:
        found[row["table_id"]] = TableSettings(bool(row["learning"]), row["rematch_of"], row["rematch"])
    return found


def offer_rematch(store: Store, table_id: str, rematch: str) -> str:
    """Record ``rematch`` as the rematch of ``table_id`` unless one is already: the rematch it has now."""
    with store._begin() as c:  # the store's own transaction: its lock and its errors
        row = c.execute(select(TableSettingsRow).where(TableSettingsRow.table_id == table_id)).mappings().first()
        if row is None:
            c.execute(insert(TableSettingsRow).values(table_id=table_id, learning=False, rematch=rematch))
            return rematch
        if row["rematch"] is not None:
            return str(row["rematch"])
        done = c.execute(
            update(TableSettingsRow)
            .where(TableSettingsRow.table_id == table_id, TableSettingsRow.rematch.is_(None))
            .values(rematch=rematch)
        )
        if done.rowcount != 1:
            raise StoreError("the rematch was offered at the same moment by someone else: try again")
        return rematch
