"""Who a client is, and how much of the server's work each may hold (issue 35).

The server has no accounts: a client is the IP address its requests come from. Behind a reverse
proxy every request comes from the proxy, and the proxy names the client in ``X-Forwarded-For``;
any client can write that header too, so it is read only from a proxy the operator names
(``claim serve --trust-proxy``), never from anyone else (:class:`Peers`).

Each client may hold at most so many games with a bot in play, of them so many with no human
seat (a bot-only game plays itself, as fast as the workers go), and so many analyses queued or
running (:class:`Limits`, ``claim serve --max-bot-games``, ``--max-bot-only-games``,
``--max-analyses``). One more is refused with a 429 that names the limit; the limits hold in each
server process (with several processes, a client's requests may reach each of them).
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable, Iterable, Mapping
from dataclasses import dataclass

from claim.apps.web.requests import ApiError, shorten
from claim.core.errors import ClaimError

#: games with a bot seat one client may have in play at once (a person plays one or two)
BOT_GAMES = 6
#: of them, games without a human seat (each keeps a worker busy until it ends)
BOT_ONLY_GAMES = 2
#: analyses one client may have queued or running at once
ANALYSES = 2
#: the games of each client remembered for its count (the oldest are forgotten)
REMEMBERED = 100
#: the games whose client is remembered for the fair queue (the oldest are forgotten)
OWNERS = 10_000

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def parse_proxies(values: Iterable[str]) -> tuple[Network, ...]:
    """The ``--trust-proxy`` addresses (``ADDR[,ADDR]``, repeatable; an address or a network
    such as ``10.0.0.0/8``); a one-line ClaimError for anything else."""
    found: list[Network] = []
    for value in values:
        for text in value.split(","):
            if not text.strip():
                continue
            try:
                found.append(ipaddress.ip_network(text.strip(), strict=False))
            except ValueError:
                raise ClaimError(
                    f"--trust-proxy: {shorten(text.strip())!r} is not an IP address "
                    "(like 127.0.0.1, ::1 or 10.0.0.0/8)"
                ) from None
    return tuple(found)


class Peers:
    """Who sent a request: the direct peer, or, when the peer is a proxy named with
    ``--trust-proxy``, the client that proxy names in ``X-Forwarded-For`` (the nearest address
    that is not itself a trusted proxy), and the scheme it names in ``X-Forwarded-Proto``."""

    def __init__(self, proxies: Iterable[str] = ()) -> None:
        self.proxies = parse_proxies(proxies)

    def trusted(self, host: str | None) -> bool:
        if not self.proxies or not host:
            return False
        try:
            address = ipaddress.ip_address(host)
        except ValueError:
            return False
        return any(address in network for network in self.proxies)

    def client(self, host: str | None, headers: Mapping[str, str]) -> str:
        """The client's address (``unknown`` when the server was not told the peer)."""
        peer = host or "unknown"
        if not self.trusted(peer):
            return peer
        chain = [part.strip() for part in headers.get("x-forwarded-for", "").split(",")]
        for address in reversed([part for part in chain if part]):
            if not self.trusted(address):
                return shorten(address, 64)
        return peer

    def scheme(self, scheme: str, host: str | None, headers: Mapping[str, str]) -> str:
        """``http`` or ``https``: how the client reached the server (``ws``/``wss`` count as
        ``http``/``https``), as a trusted proxy says in ``X-Forwarded-Proto``."""
        if self.trusted(host):
            told = headers.get("x-forwarded-proto", "").split(",")[-1].strip().lower()
            if told in ("http", "https", "ws", "wss"):
                scheme = told
        return "https" if scheme in ("https", "wss") else "http"


@dataclass(frozen=True)
class Limits:
    """How much each client may hold at once (0: no limit)."""

    bot_games: int = BOT_GAMES
    bot_only_games: int = BOT_ONLY_GAMES
    analyses: int = ANALYSES

    def __post_init__(self) -> None:
        for name, option in (
            ("bot_games", "--max-bot-games"),
            ("bot_only_games", "--max-bot-only-games"),
            ("analyses", "--max-analyses"),
        ):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ClaimError(f"{option}: must be a whole number 0 or more")


class Quotas:
    """Each client's games with a bot (the analyses count their own: :mod:`.analyses`)."""

    def __init__(self, limits: Limits | None = None) -> None:
        self.limits = limits or Limits()
        #: each client's games with a bot, newest last (game id -> whether it is bot-only)
        self._games: dict[str, OrderedDict[str, bool]] = {}
        #: whose each game is, for the workers' fair queue
        self._owner: OrderedDict[str, str] = OrderedDict()
        #: each client's lock of new games, and how many requests hold it or wait for it
        self._locks: dict[str, tuple[asyncio.Lock, int]] = {}

    @contextlib.asynccontextmanager
    async def serial(self, client: str) -> AsyncIterator[None]:
        """One new game of ``client`` at a time: its count is checked and the game added
        without another of its requests in between."""
        lock, users = self._locks.get(client) or (asyncio.Lock(), 0)
        self._locks[client] = lock, users + 1
        try:
            async with lock:
                yield
        finally:
            lock, users = self._locks[client]
            if users == 1:  # nobody else holds it or waits for it
                del self._locks[client]
            else:
                self._locks[client] = lock, users - 1

    def admit(self, client: str | None, seats: list[str], playing: Callable[[str], bool]) -> None:
        """Refuse (429) a new game with ``seats`` when ``client`` has as many games with a bot
        in play as it may (``playing(game_id)``: whether a game is in play)."""
        bots = sum(kind.startswith("bot:") for kind in seats)
        if client is None or not bots:
            return
        games = self._games.get(client, OrderedDict())
        for game_id in [g for g in games if not playing(g)]:
            del games[game_id]
        if not games:
            self._games.pop(client, None)
        limits = self.limits
        if bots == len(seats) and limits.bot_only_games:
            count = sum(games.values())
            if count >= limits.bot_only_games:
                raise ApiError(
                    f"too many bot-only games: at most {limits.bot_only_games} in play at once "
                    "for each client; wait until one ends",
                    429,
                )
        if limits.bot_games and len(games) >= limits.bot_games:
            raise ApiError(
                f"too many games against bots: at most {limits.bot_games} in play at once for "
                "each client; finish one or leave it first",
                429,
            )

    def add(self, client: str | None, game_id: str, seats: list[str]) -> None:
        """``client`` created the game ``game_id`` with ``seats``."""
        if client is None or not any(kind.startswith("bot:") for kind in seats):
            return
        games = self._games.setdefault(client, OrderedDict())
        games[game_id] = all(kind.startswith("bot:") for kind in seats)
        self._owner[game_id] = client
        while len(games) > REMEMBERED:
            games.popitem(last=False)
        while len(self._owner) > OWNERS:
            self._owner.popitem(last=False)

    def owner(self, game_id: str) -> str:
        """The client whose game ``game_id`` is, for the fair queue (a game loaded back from
        the database after a restart is its own client)."""
        return self._owner.get(game_id) or f"game {game_id}"
