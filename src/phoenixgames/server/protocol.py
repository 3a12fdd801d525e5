"""Every message of the server, typed: the HTTP bodies and the WebSocket messages (pydantic models).

A WebSocket carries JSON text messages, one object each, with a ``type``. A client sends ``hello``
first (with its seat token, or none to watch), then ``move``, ``undo``, ``take_back``, ``hint`` and
``ping``. The server sends ``state`` on connect and after every change, ``accepted`` to the seat whose
move or undo landed, ``refused`` for a request that did not land (and why), ``error`` for a message it
cannot take, ``over`` with the full record once the game has ended, ``hint`` (what the ``hard`` bot
would play in the seat's place) and ``pong``. ``docs/server.md`` shows each.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from .. import games as _games

#: The longest text message a WebSocket takes (a move is a few dozen bytes).
MAX_MESSAGE_BYTES = 4096
#: The longest frame a WebSocket may send at all: a longer one closes the connection (code 1009).
MAX_FRAME_BYTES = 64 * 1024
#: The longest display name.
MAX_NAME = 40


class Closed(BaseModel):
    """A body that refuses fields it does not name."""

    model_config = ConfigDict(extra="forbid")


class Strict(BaseModel):
    """A WebSocket message: no unknown field, no number written as text, no ``true`` for a number."""

    model_config = ConfigDict(extra="forbid", strict=True)


# ------------------------------------------------------------------------------------------ HTTP
class SeatRequest(Closed):
    """One seat of a new table: a person (who joins later) or a bot of a named difficulty (``easy``,
    ``medium``, ``hard``; ``hard`` if left out) or any agent spec (``ismcts:iterations=300``)."""

    # A person's seat takes no difficulty (refused with 400 ``bad_request``): the schema says so too.
    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "oneOf": [
                {"properties": {"kind": {"const": "person"}, "difficulty": {"type": "null"}}},
                {"properties": {"kind": {"const": "bot"}}},
            ]
        },
    )

    kind: Literal["person", "bot"]
    difficulty: Annotated[
        str | None,
        Field(
            max_length=200,
            description="a difficulty (easy, medium, hard) or the simple bots random and greedy; the server "
            "also takes an agent spec within its cap (ismcts:iterations=300), which the schema does not list",
            json_schema_extra={"enum": ["easy", "medium", "hard", "random", "greedy", None]},
        ),
    ] = None


class CreateTable(Closed):
    """A new table."""

    game: Annotated[str, Field(max_length=40, examples=["schatz"], json_schema_extra={"enum": list(_games())})]
    players: Annotated[
        int | None,
        Field(ge=2, le=6, description="2 to 6 (GET /games: each game's own); left out, as many as the seats"),
    ] = None
    options: dict[str, str | int | float | bool] = Field(default_factory=dict)
    seats: Annotated[list[SeatRequest], Field(min_length=2, max_length=6)]
    clock: Annotated[float | None, Field(gt=0, le=86400, description="seconds a seat may think on a move")] = None
    absence: Annotated[
        float | None, Field(ge=0, le=86400, description="seconds a seated player may be away before a bot plays")
    ] = 120.0
    stand_in: Annotated[str, Field(max_length=200, description="the bot that plays for a seat out of time or away")] = (
        "hard"
    )
    listed: bool = Field(True, description="shown in the lobby's list; false: reachable by its link (its id) only")


class JoinTable(Closed):
    """Taking a free seat (the first free one if ``seat`` is left out)."""

    name: Annotated[str, Field(min_length=1, max_length=MAX_NAME)]
    seat: Annotated[int | None, Field(ge=0, le=11)] = None


class SeatInfo(BaseModel):
    """A seat as everyone may see it."""

    seat: int
    kind: Literal["person", "bot"]
    name: str | None = Field(description="the player's display name, or the bot's difficulty")
    taken: bool
    present: bool
    stand_in: bool = Field(description="a bot plays for the absent or out-of-time player")


class TableInfo(BaseModel):
    """A table as the lobby shows it."""

    id: str
    game: str
    players: int
    options: dict[str, Any]
    status: Literal["open", "running", "over"]
    version: int
    clock: float | None
    absence: float | None
    stand_in: str
    seats: list[SeatInfo]
    created_at: float
    listed: bool = Field(True, description="whether the lobby lists it (else it is reachable by its link only)")


class TableList(BaseModel):
    tables: list[TableInfo]


class Joined(BaseModel):
    """The seat taken and its token: shown once, kept only as a hash by the server."""

    seat: int
    token: str
    table: TableInfo


class GameInfoBody(BaseModel):
    """A game: its player counts, its options, and the agent spec each difficulty stands for in it."""

    name: str
    title: str
    summary: str = Field(description="what the game is about, in a sentence")
    rules: str = Field(description="the address of the game's rules page, as implemented")
    min_players: int
    max_players: int
    options: dict[str, Any]
    difficulties: dict[str, str] = Field(description="each difficulty and the agent spec it stands for in this game")


class GameList(BaseModel):
    """The games, and the difficulties a bot's seat is offered by name (easiest first)."""

    games: list[GameInfoBody]
    difficulties: list[str]
    default_difficulty: str
    difficulty_help: dict[str, str] = Field(description="what each difficulty plays like, in words")


class ErrorDetail(BaseModel):
    code: str
    message: str


class ErrorBody(BaseModel):
    """Every refusal of the HTTP API."""

    error: ErrorDetail


# ------------------------------------------------------------------------------------- WebSocket in
class Hello(Strict):
    """The first message: a seat's token to play, none to watch; ``since`` is the version whose events
    the client already has (0: send them all)."""

    type: Literal["hello"]
    token: Annotated[str | None, Field(max_length=200)] = None
    since: Annotated[int, Field(ge=0)] = 0


class Move(Strict):
    """An action, in notation, made at ``version`` (the number of actions so far)."""

    type: Literal["move"]
    version: Annotated[int, Field(ge=0)]
    action: Annotated[str, Field(max_length=400)]


class Undo(Strict):
    """Take back this seat's last action, made to reach ``version``."""

    type: Literal["undo"]
    version: Annotated[int, Field(ge=0)]


class TakeBack(Strict):
    """Take the seat back from the stand-in bot that played for it."""

    type: Literal["take_back"]


class HintRequest(Strict):
    """What would the ``hard`` bot play here? Asked by the seat to act, one hint at a time."""

    type: Literal["hint"]


class Ping(Strict):
    type: Literal["ping"]


#: A message from a client, of any type.
ClientRequest = Hello | Move | Undo | TakeBack | HintRequest | Ping
ClientMessage = Annotated[ClientRequest, Field(discriminator="type")]
CLIENT_MESSAGE: TypeAdapter[ClientRequest] = TypeAdapter(ClientMessage)


# ------------------------------------------------------------------------------------ WebSocket out
class Clock(BaseModel):
    per_move: float | None
    remaining: float | None = Field(description="seconds left to the seat to act, if it has a clock")


class StateMessage(BaseModel):
    """What a seat (or a spectator: ``seat`` null) may know now, and what happened since its last one."""

    type: Literal["state"] = "state"
    table: str
    status: Literal["open", "running", "over"]
    seat: int | None
    version: int
    to_act: int | None
    your_turn: bool
    view: dict[str, Any]
    legal: list[str]
    events: list[dict[str, Any]]
    can_undo: bool
    seats: list[SeatInfo]
    clock: Clock


class Accepted(BaseModel):
    type: Literal["accepted"] = "accepted"
    request: Literal["move", "undo"]
    version: int = Field(description="the table's version after it")
    action: str


#: Why a move or undo was refused.
RefusalCode = Literal[
    "stale", "illegal", "malformed", "not_your_turn", "spectator", "not_running", "cannot_undo", "busy", "unavailable"
]


class Refused(BaseModel):
    type: Literal["refused"] = "refused"
    request: Literal["move", "undo", "take_back", "hint"]
    code: RefusalCode
    message: str
    version: int


#: Why a message could not be taken at all.
ErrorCode = Literal[
    "bad_json", "bad_message", "too_big", "flood", "hello_first", "bad_token", "no_table", "unavailable"
]


class ErrorMessage(BaseModel):
    type: Literal["error"] = "error"
    code: ErrorCode
    message: str


class Over(BaseModel):
    """The game has ended: the scores, the winners and the full record (seed included)."""

    type: Literal["over"] = "over"
    table: str
    scores: list[int]
    winners: list[int]
    record: dict[str, Any]


class Hint(BaseModel):
    """What the ``hard`` bot would play for the seat, worked out on the seat's own perspective copy (it
    knows only what the seat knows), at ``version``: a client ignores a hint older than its position."""

    type: Literal["hint"] = "hint"
    version: int = Field(description="the version of the position the hint is for")
    action: str = Field(description="the action, in notation")
    text: str = Field(description="the action and why, in a sentence")


class Pong(BaseModel):
    type: Literal["pong"] = "pong"


ServerMessage = StateMessage | Accepted | Refused | ErrorMessage | Over | Hint | Pong
