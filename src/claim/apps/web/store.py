"""The games' storage: one row per game, through SQLAlchemy 2 (a SQLite file by default, any
database SQLAlchemy speaks, PostgreSQL included, with ``--db URL``).

A row holds what the server needs to resume a game after a restart: the options as given, the
seat kinds, a SHA-256 hash of each human seat's token (never the token), the record
(``claim.core.records.to_record``: setup, deal, seed, moves), the position (``State.to_dict``), the
status, the number of moves, the result and whether a bot is to move. :meth:`Store.save_move`
writes a move's record and counters (and every few moves the position) in one transaction, guarded
by the number of moves before it, so a row never skips or repeats a move, however many server
processes share the database (a move that lost the race raises :class:`Conflict`); a game loads
from its position and the record's moves after it.

Everything here is synchronous; the game manager calls it from one worker thread
(:attr:`Store.workers`), so the event loop never waits on the disk.
"""

from __future__ import annotations

import datetime as dt
import json
import threading
from dataclasses import dataclass, field
from typing import Any, cast

from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    Integer,
    String,
    Table,
    bindparam,
    create_engine,
    event,
    inspect,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.exc import ArgumentError, NoSuchModuleError, SQLAlchemyError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column
from sqlalchemy.pool import StaticPool

from claim.core.errors import ClaimError
from claim.core.records import Record
from claim.core.view_types import GameResult

IN_PROGRESS = "in-progress"
FINISHED = "finished"


class Encoded:
    """A JSON value the caller has already written as text (:meth:`Store.save_move`'s record):
    the database gets the text as it is instead of encoding the value again."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text


def json_text(value: Any) -> str:
    """How the JSON columns are written: ``json.dumps`` (SQLAlchemy's default), or the text of
    an :class:`Encoded` value."""
    return value.text if type(value) is Encoded else json.dumps(value)


class StoreError(ClaimError):
    """The database cannot be opened or written; the message is one line."""


class Conflict(StoreError):
    """A move's write found the row no longer at the number of moves it was made at: another
    server process (or task) saved a move first; nothing was written."""


class Base(DeclarativeBase):
    pass


class GameRow(Base):
    """One game."""

    __tablename__ = "claim_games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    created: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), index=True)
    updated: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))
    #: the setup options as given (``SetupOptions`` fields)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    #: each seat's kind: "human" or "bot:NAME[:STRENGTH]"
    seats: Mapped[list[str]] = mapped_column(JSON)
    #: SHA-256 (hex) of each human seat's token; null for a bot seat
    token_hashes: Mapped[list[str | None]] = mapped_column(JSON)
    #: the seeds of the bot seats (null for a human seat)
    bot_seeds: Mapped[list[int | None]] = mapped_column(JSON)
    record: Mapped[dict[str, Any]] = mapped_column(JSON)
    position: Mapped[dict[str, Any]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(16), index=True)
    moves: Mapped[int] = mapped_column(Integer)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    #: each seat's display name, or null (added after the first version: :func:`_add_columns`)
    names: Mapped[list[str | None] | None] = mapped_column(JSON, nullable=True)
    #: whether a bot is to move (the server processes' sweep finds the games whose bot's
    #: process died by it); null in a row written before it existed (:func:`_add_columns`)
    bot_turn: Mapped[bool | None] = mapped_column(Boolean, nullable=True)


GAMES = cast(Table, GameRow.__table__)

#: one move's write: a Core statement (no ORM bookkeeping), compiled once per store (MoveWrite)
SAVE_MOVE = update(GAMES).where(
    GAMES.c.id == bindparam("gid"), GAMES.c.moves == bindparam("before")
)
#: the columns a move writes, without and with the position
MOVE_COLUMNS = ("record", "status", "moves", "result", "updated", "bot_turn")


class MoveWrite:
    """:data:`SAVE_MOVE` for the columns ``columns``, compiled once for ``engine``'s dialect:
    its SQL, and the column types' own conversions of the values (the JSON columns'
    serializer, the dates' format), so that a move's write goes to the driver at once instead
    of through SQLAlchemy's execution of a statement (about as much work as the rest of the
    move's write)."""

    def __init__(self, engine: Engine, columns: tuple[str, ...]) -> None:
        dialect = engine.dialect
        compiled = SAVE_MOVE.compile(dialect=dialect, column_keys=list(columns))
        self.sql = compiled.string
        self.names = list(compiled.binds)
        #: the parameters' order for a positional paramstyle (SQLite's ``?``), else None
        self.order = list(compiled.positiontup or ()) if compiled.positional else None
        self.convert = {}
        for name, bind in compiled.binds.items():
            convert = bind.type.dialect_impl(dialect).bind_processor(dialect)
            if convert is not None:
                self.convert[name] = convert

    def parameters(self, values: dict[str, Any]) -> Any:
        convert = self.convert
        ready = {
            name: convert[name](values[name]) if name in convert else values[name]
            for name in self.names
        }
        return tuple(ready[name] for name in self.order) if self.order is not None else ready


@dataclass
class StoredGame:
    """A row, detached from the database."""

    id: str
    created: dt.datetime
    options: dict[str, Any]
    seats: list[str]
    token_hashes: list[str | None]
    bot_seeds: list[int | None]
    record: Record
    position: dict[str, Any]
    status: str
    moves: int
    result: GameResult | None
    names: list[str | None] = field(default_factory=lambda: [None, None])
    bot_turn: bool | None = None


@dataclass(frozen=True)
class Summary:
    """What the lobby lists of a game (no tokens, no record)."""

    id: str
    created: dt.datetime
    options: dict[str, Any]
    seats: list[str]
    status: str
    moves: int
    result: GameResult | None
    names: list[str | None] = field(default_factory=lambda: [None, None])


def now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def as_utc(moment: dt.datetime) -> dt.datetime:
    """SQLite gives back naive datetimes: they were written in UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=dt.UTC)


def normalize_url(url: str) -> str:
    """A database URL; a bare file name (no ``://``) is a SQLite file."""
    text = url.strip()
    if not text:
        raise StoreError("--db: a database URL is needed, e.g. sqlite:///claim.db")
    if "://" not in text:
        return f"sqlite:///{text}"
    return text


def check_shared(url: str) -> None:
    """Refuse a database that other server processes cannot share (``--broker``, ``--workers``):
    SQLite in memory is one process's own. A SQLite file can be shared by the processes of one
    host, but only one of them writes at a time (PostgreSQL is the database for many)."""
    try:
        parsed = make_url(normalize_url(url))
    except ArgumentError:
        return  # Store says what is wrong with it
    if parsed.get_backend_name() == "sqlite" and parsed.database in (None, "", ":memory:"):
        raise StoreError(
            "--db: an in-memory SQLite database cannot be shared by several server processes; "
            "use PostgreSQL (--db postgresql+psycopg://USER@HOST/DB)"
        )


def is_sqlite(url: str) -> bool:
    try:
        return make_url(normalize_url(url)).get_backend_name() == "sqlite"
    except ArgumentError:
        return False


def display_url(url: str) -> str:
    """The URL with its password hidden, for printing."""
    try:
        return make_url(normalize_url(url)).render_as_string(hide_password=True)
    except ArgumentError:
        return "(invalid URL)"


def open_engine(url: str) -> Engine:
    """An engine for ``url``: SQLite in WAL mode (a move's commit does not wait for the disk
    twice), shared by threads; a bad URL or a missing driver raises a one-line StoreError."""
    url = normalize_url(url)
    try:
        parsed = make_url(url)
    except ArgumentError:
        raise StoreError(f"--db: not a database URL: {url!r}") from None
    kwargs: dict[str, Any] = {"json_serializer": json_text}
    sqlite = parsed.get_backend_name() == "sqlite"
    memory = sqlite and parsed.database in (None, "", ":memory:")
    if sqlite:
        kwargs["connect_args"] = {"check_same_thread": False, "timeout": 30}
        if memory:
            kwargs["poolclass"] = StaticPool  # one connection: the in-memory database
    else:
        kwargs["pool_pre_ping"] = True
    try:
        engine = create_engine(parsed, **kwargs)
    except (NoSuchModuleError, ModuleNotFoundError, ImportError) as exc:
        raise StoreError(
            f"--db: cannot use {parsed.get_backend_name()}: {exc} (install its driver)"
        ) from None
    if sqlite and not memory:

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_connection: Any, _record: Any) -> None:
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.close()

    return engine


class Store:
    """The games table of one database."""

    def __init__(self, url: str) -> None:
        self.url = normalize_url(url)
        self.engine = open_engine(self.url)
        #: how many threads may use the store at once (SQLite: one writer)
        self.workers = 1 if self.engine.dialect.name == "sqlite" else 4
        self.move_writes = (
            MoveWrite(self.engine, MOVE_COLUMNS),
            MoveWrite(self.engine, (*MOVE_COLUMNS, "position")),
        )
        #: the driver connection each store thread writes moves on, kept from one move to the
        #: next (a checkout from the pool and its return cost more than the write itself);
        #: dropped after an error, closed with the store
        self._writers = threading.local()
        self._held: list[Any] = []
        self._held_lock = threading.Lock()
        try:
            with self.engine.begin() as connection:
                if connection.dialect.name == "postgresql":
                    # server processes starting at once on a fresh database: one makes the table,
                    # the others wait for it (two CREATE TABLEs would make one process fail)
                    connection.execute(text(f"SELECT pg_advisory_xact_lock({SCHEMA_LOCK})"))
                Base.metadata.create_all(connection)
                _add_columns(connection)
        except SQLAlchemyError as exc:
            where = display_url(self.url)
            raise StoreError(f"--db: cannot open {where}: {_first_line(exc)}") from None

    def close(self) -> None:
        with self._held_lock:
            held, self._held = self._held, []
        for connection in held:
            connection.close()  # back to the pool (rolled back), which dispose closes
        self.engine.dispose()

    def _writer(self) -> Any:
        """This thread's connection for moves (a pooled DBAPI connection)."""
        connection = getattr(self._writers, "connection", None)
        if connection is None:
            connection = self.engine.raw_connection()
            self._writers.connection = connection
            with self._held_lock:
                self._held.append(connection)
        return connection

    def _drop_writer(self, connection: Any) -> None:
        """After an error: the connection goes back to the pool (rolled back, or invalidated
        when it is broken); the thread's next move takes a fresh one."""
        self._writers.connection = None
        with self._held_lock:
            if connection in self._held:
                self._held.remove(connection)
        try:
            connection.close()
        except Exception:  # pragma: no cover - a connection that cannot even be closed
            connection.invalidate()

    def insert(self, game: StoredGame) -> None:
        with Session(self.engine) as session, session.begin():
            session.add(
                GameRow(
                    id=game.id,
                    created=game.created,
                    updated=game.created,
                    options=game.options,
                    seats=game.seats,
                    token_hashes=game.token_hashes,
                    bot_seeds=game.bot_seeds,
                    record=game.record,
                    position=game.position,
                    status=game.status,
                    moves=game.moves,
                    result=game.result,
                    names=game.names,
                    bot_turn=game.bot_turn,
                )
            )

    def save_move(
        self,
        game_id: str,
        before: int,
        moves: int,
        record: str,
        position: dict[str, Any] | None,
        status: str,
        result: GameResult | None,
        bot_turn: bool,
    ) -> None:
        """Write one move in one transaction: the record (``to_record``, already written as JSON
        text), the position when one is given (else the row keeps an earlier one, which the
        record's later moves continue), the status and whether a bot is to move now; the row
        must still be at ``before`` moves, else :class:`Conflict` (nothing written)."""
        values = {
            "gid": game_id,
            "before": before,
            "record": Encoded(record),
            "status": status,
            "moves": moves,
            "result": result,
            "updated": now(),
            "bot_turn": bot_turn,
        }
        if position is not None:
            values["position"] = position
        write = self.move_writes[position is not None]
        connection = self._writer()
        try:
            cursor = connection.cursor()
            try:
                cursor.execute(write.sql, write.parameters(values))
                if cursor.rowcount != 1:
                    raise Conflict(f"game {game_id} is no longer at move {before}")
                connection.commit()
            finally:
                cursor.close()
        except BaseException:
            self._drop_writer(connection)
            raise

    def load(self, game_id: str) -> StoredGame | None:
        with Session(self.engine) as session:
            row = session.get(GameRow, game_id)
            return _stored(row) if row is not None else None

    def in_progress(self) -> list[StoredGame]:
        with Session(self.engine) as session:
            rows = session.scalars(select(GameRow).where(GameRow.status == IN_PROGRESS))
            return [_stored(row) for row in rows]

    def bot_games(self, before: dt.datetime, limit: int = 200) -> list[tuple[str, int]]:
        """The ids and numbers of moves of the games in progress whose bot is to move and that
        no move has changed since ``before``, the longest waiting first (the sweep of
        :class:`~claim.apps.web.manager.GameManager`)."""
        query = (
            select(GameRow.id, GameRow.moves)
            .where(GameRow.status == IN_PROGRESS, GameRow.bot_turn.is_(True))
            .where(GameRow.updated < before)
            .order_by(GameRow.updated)
            .limit(limit)
        )
        with Session(self.engine) as session:
            return [(row.id, row.moves) for row in session.execute(query)]

    def summary(self, game_id: str) -> Summary | None:
        found = self.summaries(limit=1, game_id=game_id)
        return found[0] if found else None

    def summaries(
        self,
        limit: int = 100,
        game_id: str | None = None,
        status: str | None = None,
        ids: list[str] | None = None,
    ) -> list[Summary]:
        """The newest games first (``limit`` of them), without their records; only those of
        ``status`` and among ``ids`` when given."""
        columns = (
            GameRow.id,
            GameRow.created,
            GameRow.options,
            GameRow.seats,
            GameRow.status,
            GameRow.moves,
            GameRow.result,
            GameRow.names,
        )
        query = select(*columns).order_by(GameRow.created.desc(), GameRow.id).limit(limit)
        if game_id is not None:
            query = query.where(GameRow.id == game_id)
        if status is not None:
            query = query.where(GameRow.status == status)
        if ids is not None:
            query = query.where(GameRow.id.in_(ids))
        with Session(self.engine) as session:
            return [
                Summary(
                    id=row.id,
                    created=as_utc(row.created),
                    options=row.options,
                    seats=list(row.seats),
                    status=row.status,
                    moves=row.moves,
                    result=cast(GameResult | None, row.result),  # cast: the JSON the engine wrote
                    names=_names(row.names),
                )
                for row in session.execute(query)
            ]


def _stored(row: GameRow) -> StoredGame:
    return StoredGame(
        id=row.id,
        created=as_utc(row.created),
        options=dict(row.options),
        seats=list(row.seats),
        token_hashes=list(row.token_hashes),
        bot_seeds=list(row.bot_seeds),
        record=cast(Record, row.record),  # cast: the JSON to_record wrote
        position=row.position,
        status=row.status,
        moves=row.moves,
        result=cast(GameResult | None, row.result),  # cast: the JSON the engine wrote
        names=_names(row.names),
        bot_turn=row.bot_turn,
    )


def _names(value: Any) -> list[str | None]:
    """A row's display names (null in a row written before names existed)."""
    if isinstance(value, list) and len(value) == 2:
        return [v if isinstance(v, str) else None for v in value]
    return [None, None]


#: the key of PostgreSQL's advisory lock that the table's creation holds (any number of our own)
SCHEMA_LOCK = 4_218_020_001
#: the columns later versions added, with their SQL type
ADDED_COLUMNS = {"names": "JSON", "bot_turn": "BOOLEAN"}


def _add_columns(connection: Connection) -> None:
    """Add the columns later versions added to a games table an earlier version made
    (``names``, ``bot_turn``), so an old database keeps working: ``create_all`` makes missing
    tables only."""
    have = {column["name"] for column in inspect(connection).get_columns(GAMES.name)}
    for name, kind in ADDED_COLUMNS.items():
        if name not in have:
            connection.execute(text(f"ALTER TABLE {GAMES.name} ADD COLUMN {name} {kind}"))


def _first_line(exc: BaseException) -> str:
    text = str(getattr(exc, "orig", None) or exc)
    return text.strip().splitlines()[0] if text.strip() else type(exc).__name__
