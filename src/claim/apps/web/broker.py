"""What many ``claim serve`` processes on one database tell each other: Redis (``--broker``).

The database is the one truth about a game (:mod:`claim.apps.web.store`: each move saved once,
guarded by the number of moves before it). The broker only carries news about it, so that a
move saved by one process reaches the sockets of every other:

- **moves**: after saving a move, the process publishes ``{"o": ORIGIN, "g": GAME, "v": VERSION,
  "m": MOVE}`` on the channel :data:`CHANNEL`; every other process that holds the game in memory
  applies the move to its copy (or, when it missed one, reloads the moves it lacks from the
  database) and sends each of its sockets its own view, as for its own moves. A message never
  holds a view or anything a seat may not see: each process makes its sockets' messages itself.
- **notes**: ``{"o", "g", "s": SEAT, "n": TEXT}``, a text for the sockets of one seat of a game
  (a rematch's link).
- **leases**: a bot's moves are made by one process at a time: the one holding the game's lease
  (a Redis key set only if absent, with a time to live that its holder renews while it plays).
  A process that dies stops renewing it, and another takes the game over once it expires.

Messages may be lost (Redis's pub/sub delivers at most once, and nothing while a process is
reconnecting): each process checks the version of every message against its copy, reloads from
the database what it missed, and reloads every game it holds after reconnecting.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections.abc import Callable
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from claim.core.errors import ClaimError

if TYPE_CHECKING:
    from redis.asyncio import Redis
    from redis.asyncio.client import PubSub

logger = logging.getLogger("claim.apps.web")

#: the channel of every game's news
CHANNEL = "claim:games"
#: a bot lease's time to live, in seconds; its holder renews it three times as often
LEASE_SECONDS = 4.0
#: how long to wait before reconnecting to a broker that went away
RECONNECT_SECONDS = 1.0
#: the schemes of a broker URL (Redis over TCP, over TLS, over a Unix socket)
SCHEMES = ("redis", "rediss", "unix")

Heard = Callable[[dict[str, Any]], None]

#: renew the key's time to live if it still holds this holder's token (1), else 0
_RENEW = """
if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('pexpire', KEYS[1], ARGV[2])
end
return 0
"""
#: delete the key if it still holds this holder's token
_RELEASE = """
if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('del', KEYS[1])
end
return 0
"""


class BrokerError(ClaimError):
    """A bad or unreachable broker; the message is one line."""


def parse_broker_url(text: str) -> str:
    """A ``--broker`` URL as given (``redis://HOST[:PORT][/DB]``, ``rediss://``, ``unix://``);
    a one-line BrokerError for anything else."""
    url = text.strip()
    scheme = urlsplit(url).scheme.lower() if "://" in url else ""
    if scheme not in SCHEMES:
        raise BrokerError(
            f"--broker: not a Redis URL: {_shown(url)!r} (expected redis://HOST:PORT/0, "
            "rediss://… or unix:///path/to/redis.sock)"
        )
    return url


def display_broker(url: str) -> str:
    """The URL with its password hidden, for printing."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.netloc.rpartition("@")[2]
    user = parts.username or ""
    return parts._replace(netloc=f"{user}:***@{host}").geturl()


def _shown(url: str) -> str:
    return display_broker(url) if len(url) <= 200 else url[:199] + "…"


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


def check_broker(url: str) -> None:
    """Reach the broker once (a PING), before anything is served: a one-line BrokerError when
    it cannot be reached (or the ``redis`` package is missing)."""
    url = parse_broker_url(url)
    try:
        import redis
    except ImportError:
        raise BrokerError(
            "--broker: the redis package is missing: pip install -e '.[scale]'"
        ) from None
    try:
        client = redis.Redis.from_url(url, socket_connect_timeout=5, socket_timeout=5)
        try:
            client.ping()
        finally:
            client.close()
    except (redis.RedisError, OSError, ValueError) as exc:
        raise BrokerError(f"--broker: cannot reach {_shown(url)}: {_first_line(exc)}") from None


class Lease:
    """A game's bot lease, held by this process until :meth:`release` or until it is lost
    (:attr:`lost`: a renewal found the key gone or another holder's, or failed)."""

    def __init__(self, broker: RedisBroker, name: str, token: str) -> None:
        self.broker = broker
        #: what it is the lease of (the broker's key is ``claim:lease:NAME``)
        self.name = name
        self.key = f"claim:lease:{name}"
        self.token = token
        self.lost = False
        self._renewer = asyncio.get_running_loop().create_task(self._renew())

    async def _renew(self) -> None:
        ttl = int(LEASE_SECONDS * 1000)
        while True:
            await asyncio.sleep(LEASE_SECONDS / 3)
            try:
                held = await self.broker.script(_RENEW, self.key, self.token, ttl)
            except Exception as exc:  # Redis gone: another process may take the game over
                logger.warning("lease %s: cannot renew it: %s", self.key, _first_line(exc))
                held = 0
            if not held:
                self.lost = True
                return

    async def release(self) -> None:
        self._renewer.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._renewer
        if self.lost:
            return
        self.lost = True
        try:
            await self.broker.script(_RELEASE, self.key, self.token)
        except Exception as exc:  # it expires on its own
            logger.warning("lease %s: cannot release it: %s", self.key, _first_line(exc))


class RedisBroker:
    """The broker of the processes that share one database: Redis pub/sub and keys."""

    def __init__(self, url: str) -> None:
        self.url = parse_broker_url(url)
        self._client: Redis | None = None
        self._subscriber: Redis | None = None
        self._listener: asyncio.Task[None] | None = None
        self._scripts: dict[str, Any] = {}

    @property
    def client(self) -> Redis:
        if self._client is None:
            raise RuntimeError("the broker is not started")
        return self._client

    async def start(self, heard: Heard, reconnected: Callable[[], None]) -> None:
        """Connect and subscribe: each message of another process is given to ``heard`` (a
        dict), in the order it came; ``reconnected`` is called after a lost subscription is
        back (messages may have been missed meanwhile)."""
        from redis.asyncio import Redis

        # commands wait at most a few seconds (a move's news is published with its game's lock
        # held): a Redis that hangs loses the news, not the game; the subscription's connection
        # waits for messages as long as there are none
        self._client = Redis.from_url(self.url, socket_connect_timeout=5, socket_timeout=5)
        self._subscriber = Redis.from_url(self.url, socket_connect_timeout=5, socket_keepalive=True)
        pubsub = self._subscriber.pubsub(ignore_subscribe_messages=True)
        await pubsub.subscribe(CHANNEL)  # before start returns: no move saved after is missed
        self._listener = asyncio.get_running_loop().create_task(
            self._listen(pubsub, heard, reconnected)
        )

    async def _listen(self, pubsub: PubSub, heard: Heard, reconnected: Callable[[], None]) -> None:
        while True:
            try:
                async for message in pubsub.listen():
                    if message.get("type") != "message":
                        continue
                    try:
                        data = json.loads(message["data"])
                    except ValueError:
                        logger.warning("the broker sent a message that is not JSON; ignored")
                        continue
                    if isinstance(data, dict):
                        heard(data)
                raise ConnectionError("the subscription ended")
            except asyncio.CancelledError:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()
                raise
            except Exception as exc:
                logger.warning(
                    "the broker's subscription was lost (%s); reconnecting", _first_line(exc)
                )
            pubsub = await self._subscribe_again(pubsub)
            logger.warning("the broker's subscription is back; catching up")
            reconnected()

    async def _subscribe_again(self, old: PubSub) -> PubSub:
        """A new subscription, tried every :data:`RECONNECT_SECONDS` until Redis answers (the
        first failure said, not each)."""
        with contextlib.suppress(Exception):
            await old.aclose()
        failures = 0
        while True:
            await asyncio.sleep(RECONNECT_SECONDS)
            assert self._subscriber is not None
            pubsub = self._subscriber.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(CHANNEL)
                return pubsub
            except Exception as exc:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()
                if not failures:
                    logger.warning("cannot subscribe to the broker yet: %s", _first_line(exc))
                failures += 1

    async def publish(self, message: dict[str, Any]) -> None:
        await self.client.publish(CHANNEL, json.dumps(message, separators=(",", ":")))

    async def script(self, source: str, key: str, *args: Any) -> Any:
        script = self._scripts.get(source)
        if script is None:
            script = self._scripts[source] = self.client.register_script(source)
        return await script(keys=[key], args=list(args))

    async def lease(self, name: str) -> Lease | None:
        """The lease ``name`` if no one holds it (renewed until released), else None."""
        token = secrets.token_hex(12)
        ttl = int(LEASE_SECONDS * 1000)
        taken = await self.client.set(f"claim:lease:{name}", token, nx=True, px=ttl)
        return Lease(self, name, token) if taken else None

    async def stop_listening(self) -> None:
        if self._listener is not None:
            self._listener.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._listener
            self._listener = None

    async def close(self) -> None:
        await self.stop_listening()
        for client in (self._client, self._subscriber):
            if client is not None:
                with contextlib.suppress(Exception):
                    await client.aclose()
        self._client = self._subscriber = None
