"""A table's chat: short lines from its seats and its spectators, kept with the table.

A line comes in on a WebSocket (``{"type": "chat", "text": ...}``; a spectator adds the ``name`` it is
shown by) and goes out to every connection at the table as a ``chat`` message; on connecting, a client
gets the recent lines in one. A seat's line carries its player's display name, a spectator's the name
it gave (and ``seat`` null, so that nobody passes for a seat). A bot never chats: only a connection
says anything. Lines are at most :data:`MAX_CHAT` characters, cleaned of control and bidirectional
formatting characters (which could make a line read otherwise than it was written), and each connection
may send :data:`CHAT_BURST` lines at once, then one every :data:`CHAT_EVERY` seconds. The page shows a
line as text, never as HTML.
"""

from __future__ import annotations

import asyncio
import time
import unicodedata
import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING

from sqlalchemy import Float, ForeignKey, Integer, String, Text, func, insert, select, text
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Mapped, mapped_column

from . import protocol as p
from .store import CHANNEL, Base, StaleVersion, Store, StoreError

if TYPE_CHECKING:
    from .tables import Connection, Table

#: The longest line, in characters.
MAX_CHAT = 300
#: How many lines a connection may send at once, and then one every so many seconds.
CHAT_BURST, CHAT_EVERY = 5, 2.0
#: How many recent lines a client gets on connecting.
HISTORY_SHOWN = 50
#: How many lines a table keeps: then its chat is full.
MAX_LINES = 2000
#: Characters a line keeps though they format: the zero-width joiner that binds an emoji sequence.
KEPT_FORMAT = {"\u200d"}


class ChatRow(Base):
    __tablename__ = "chat_lines"

    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    name: Mapped[str] = mapped_column(String(80))
    text: Mapped[str] = mapped_column(Text)
    at: Mapped[float] = mapped_column(Float)


class ChatRefused(Exception):
    """A line that is not said: ``code`` and ``message`` for the ``refused`` answer."""

    def __init__(self, code: p.RefusalCode, message: str) -> None:
        super().__init__(message)
        self.code: p.RefusalCode = code


def clean_line(raw: str) -> str:
    """``raw`` as it is kept and shown: control, bidirectional and other formatting characters removed,
    runs of white space made one space; :class:`ChatRefused` if nothing is left or it is too long."""
    kept = []
    for char in raw:
        if char.isspace():
            kept.append(" ")
        elif unicodedata.category(char) in ("Cc", "Cf", "Cs", "Co", "Cn") and char not in KEPT_FORMAT:
            continue
        else:
            kept.append(char)
    line = " ".join("".join(kept).split())
    if not line:
        raise ChatRefused("bad_text", "a chat line needs some text")
    if len(line) > MAX_CHAT:
        raise ChatRefused("bad_text", f"a chat line may hold at most {MAX_CHAT} characters, not {len(line)}")
    return line


def clean_name(raw: str | None) -> str:
    """A spectator's name as shown (as a display name is: printable, white space made single)."""
    name = " ".join((raw or "").split())
    if not name or not name.isprintable() or len(name) > p.MAX_NAME:
        raise ChatRefused("bad_name", "a spectator's line needs a name to show it by (printable, up to 40 characters)")
    return name


class Allowance:
    """How many lines a connection may still send now (a bucket refilled one line every CHAT_EVERY s)."""

    def __init__(self) -> None:
        self.left = float(CHAT_BURST)
        self.at = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.left = min(float(CHAT_BURST), self.left + (now - self.at) / CHAT_EVERY)
        self.at = now
        if self.left >= 1:
            self.left -= 1
            return True
        return False


# ---------------------------------------------------------------------------------------- the database
def append_line(store: Store, table_id: str, seat: int | None, name: str, line: str, at: float) -> p.ChatLine:
    """Keep a new line of ``table_id``'s chat, numbered after the last; :class:`ChatRefused` if it is full."""
    for _ in range(5):  # two processes numbering a line at once: the primary key lets one in, the other tries again
        try:
            with store._begin() as c:  # the store's own transaction: its lock and its errors
                last = c.execute(
                    select(func.max(ChatRow.number)).where(ChatRow.table_id == table_id)
                ).scalar_one_or_none()
                number = (last or 0) + 1
                if number > MAX_LINES:
                    raise ChatRefused("bad_text", "this table's chat is full")
                c.execute(
                    insert(ChatRow).values(table_id=table_id, number=number, seat=seat, name=name, text=line, at=at)
                )
                if store.postgres:
                    c.execute(
                        text("SELECT pg_notify(:channel, :payload)"),
                        {"channel": CHANNEL, "payload": f"{store.origin} {table_id}"},
                    )
            return p.ChatLine(number=number, seat=seat, name=name, text=line, at=at)
        except StaleVersion:
            continue
    raise StoreError("the chat line could not be kept: try again")


def lines_after(store: Store, table_id: str, after: int, limit: int = HISTORY_SHOWN) -> list[p.ChatLine]:
    """The last ``limit`` lines of ``table_id``'s chat numbered after ``after``, oldest first."""
    try:
        with store.engine.connect() as c:
            rows = (
                c.execute(
                    select(ChatRow)
                    .where(ChatRow.table_id == table_id, ChatRow.number > after)
                    .order_by(ChatRow.number.desc())
                    .limit(limit)
                )
                .mappings()
                .all()
            )
    except SQLAlchemyError as exc:
        raise StoreError(f"the database refused: {exc.__class__.__name__}") from None
    return [
        p.ChatLine(number=row["number"], seat=row["seat"], name=row["name"], text=row["text"], at=row["at"])
        for row in reversed(rows)
    ]


# ---------------------------------------------------------------------------------------- the service
class TableChat:
    """The chat of every live table of a lobby: what was said lately, and who may say more."""

    def __init__(self, store: Store, now: Callable[[], float]) -> None:
        self.store = store
        self.now = now
        self.recent: dict[str, list[p.ChatLine]] = {}
        self.allowances: weakref.WeakKeyDictionary[Connection, Allowance] = weakref.WeakKeyDictionary()
        self.locks: dict[str, asyncio.Lock] = {}

    async def _recent(self, table_id: str) -> list[p.ChatLine]:
        lines = self.recent.get(table_id)
        if lines is None:
            lines = await asyncio.to_thread(lines_after, self.store, table_id, 0)
            lines = self.recent.setdefault(table_id, lines)
        return lines

    async def history(self, table: Table) -> p.Chat:
        """The recent lines, for a client connecting."""
        return p.Chat(lines=list(await self._recent(table.id)))

    async def say(self, table: Table, conn: Connection, request: p.ChatRequest) -> p.Refused | None:
        """Keep and send ``request``'s line to everyone at ``table``; refused (and nothing kept) if it may
        not be said."""
        try:
            line = clean_line(request.text)
            if conn.seat is None:
                name = clean_name(request.name)
            else:
                name = table.data.seats[conn.seat].name or f"Seat {conn.seat + 1}"
            allowance = self.allowances.setdefault(conn, Allowance())
            if not allowance.take():
                raise ChatRefused("too_fast", f"too many chat lines: one every {CHAT_EVERY:g} seconds")
            await self._recent(table.id)
            lock = self.locks.setdefault(table.id, asyncio.Lock())
            async with lock:
                kept = await asyncio.to_thread(
                    append_line, self.store, table.id, conn.seat, name, line, self.now()
                )
        except ChatRefused as exc:
            return p.Refused(request="chat", code=exc.code, message=str(exc), version=table.version)
        except StoreError as exc:
            return p.Refused(request="chat", code="unavailable", message=str(exc), version=table.version)
        self._deliver(table, [kept])
        return None

    async def catch_up(self, table: Table) -> None:
        """Send the lines another process kept since the last one known here."""
        known = self.recent.get(table.id)
        if known is None:
            return  # nobody here has been shown this chat yet: it is read when someone connects
        after = known[-1].number if known else 0
        lines = await asyncio.to_thread(lines_after, self.store, table.id, after)
        self._deliver(table, [line for line in lines if line.number > after])

    def _deliver(self, table: Table, lines: list[p.ChatLine]) -> None:
        if not lines:
            return
        known = self.recent.setdefault(table.id, [])
        fresh = [line for line in lines if not known or line.number > known[-1].number]
        known.extend(fresh)
        del known[:-HISTORY_SHOWN]
        if not fresh:
            return
        message = p.Chat(lines=fresh).model_dump()
        for conn in list(table.connections):
            conn.send(message)

    def forget(self, table_id: str) -> None:
        self.recent.pop(table_id, None)
        self.locks.pop(table_id, None)
