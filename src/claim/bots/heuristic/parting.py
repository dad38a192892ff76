"""Which card of the hand to part with — discarded (Cthulhu, Swamp), given to the opponent
(Kraken, Windy Peaks) or set aside for the last trick (Flail of Dawn): the one whose loss leaves
the game looking best."""

from __future__ import annotations

from claim.bots.heuristic.tricks import Model
from claim.core.powers.heroes import Gargoyle


def keep_value(model: Model, code: str, to_opponent: bool) -> tuple[float, float, float]:
    """How good the game looks once ``code`` leaves our hand (discarded, or given to the
    opponent): (chance of winning, then tie-breaks preferring to keep strong cards)."""
    mu, var = list(model.mu), list(model.var)
    model.unhold(code, +1, mu, var)
    if to_opponent:
        model.hold(code, -1, mu, var)
    value = model.val(code)
    q = model.q1(code)
    if code == Gargoyle.key and model.phase == 2:
        q += 0.5  # two vote cards if it is collected (H32)
    return model.p_game(model.d, mu, var), -q, -value


def choose_discard(model: Model, options: list[str], prefix: str) -> str:
    """The card whose loss hurts least (a low card the opponent would have won is a gain):
    Cthulhu (H19), Swamp (L7), the Flail of Dawn's card set aside (A5)."""
    return max(options, key=lambda m: keep_value(model, m[len(prefix) :], False))


def choose_gift(model: Model, options: list[str], prefix: str) -> str:
    """The card that helps the opponent least: Kraken (H37), Windy Peaks (L5)."""
    return max(options, key=lambda m: keep_value(model, m[len(prefix) :], True))
