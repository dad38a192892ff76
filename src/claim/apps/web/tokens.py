"""Seat tokens: a human seat's secret link, kept in the database only as its hash and compared
in constant time (docs/web.md, "Security"). A module of its own, below everything that creates or
checks a seat, so the one rule for tokens has one home.
"""

from __future__ import annotations

import hashlib
import hmac


def hash_token(token: str) -> str:
    """The stored form of a seat token: SHA-256, hex (a token is 192 random bits, so a plain
    hash is enough; the token itself is never stored)."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def token_matches(expected: str | None, token: str) -> bool:
    """Whether ``token`` is the one whose hash is ``expected`` (a seat's); False for a bot seat
    (``expected`` None). Constant time whatever the seat: a bot seat compares against a hash no
    token has."""
    given = hash_token(token)
    ok = hmac.compare_digest(given, expected or "0" * len(given))
    return ok and expected is not None
