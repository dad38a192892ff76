"""The one small interface every bot implements, and the loop that lets bots play a game."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol, cast

from claim.core.engine import apply, current_player, is_over, legal_actions
from claim.core.state import State
from claim.core.view import observe
from claim.core.view_types import View
from claim.core.worlds import determinize

#: draws a full state consistent with what the deciding player knows (``claim.determinize``):
#: the only way a bot sees "a" state — never the true one
Sampler = Callable[[random.Random], State]


class Bot(Protocol):
    """A player: sees only ``observe`` output (and may sample states consistent with it), returns
    one of the legal moves."""

    name: str
    #: False when the bot ignores its view: runners then pass an empty view instead of
    #: computing ``observe`` (it never receives more than the view, so fairness is unchanged)
    uses_view: bool

    def choose(self, view: View, legal: list[str], sample: Sampler | None = None) -> str:
        """Pick one of ``legal`` (never empty) given the player's view. ``sample(rng)`` returns a
        determinization of the game for this player (search bots); runners always provide it."""
        ...


def decide(state: State, bot: Bot) -> str:
    """Ask ``bot`` for the move of the player to act in ``state``; the bot sees only that
    player's view and determinizations."""
    player = current_player(state)
    if player is None:
        raise ValueError("the game is over: nobody is to move")
    # cast: a bot that ignores its view gets an empty one (see Bot.uses_view)
    view = observe(state, player) if bot.uses_view else cast(View, {})
    legal = legal_actions(state)

    def sample(rng: random.Random) -> State:
        return determinize(state, player, rng)

    move = bot.choose(view, legal, sample)
    if move not in legal:
        raise ValueError(f"bot {bot.name} chose an illegal move {move!r}")
    return move


def play_out(state: State, bots: tuple[Bot, Bot]) -> State:
    """Play ``state`` to the end, each player's decisions made by its bot."""
    while not is_over(state):
        player = current_player(state)
        assert player is not None
        apply(state, decide(state, bots[player]))
    return state
