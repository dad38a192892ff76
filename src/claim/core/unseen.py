"""Decisions that only a secret makes possible, and the moves a viewer may not know were made
(issue 35).

A player holding no usable artifact is never asked at an artifact window (R-80, A1), and the
Necromancer's swap is asked only of the player holding it in hand (H30). So the mere *asking* of
such a decision tells the other player something secret: that the asked player holds a usable
artifact (which artifacts are secret until used, §8, W11), or holds the Necromancer (which heroes
are in the deck and where is secret, §2, R-60). A ``pass`` there changes nothing anyone else can
see. Both facts together give the rule every front end follows:

- while a decision :func:`hidden_from` a viewer is pending, that viewer is told nothing (no
  message, no view, no line) and what they send waits: the table is "resolving";
- a ``pass`` made there is a move the viewer may not know was made (:func:`unseen_move`): it is
  not counted in the viewer's move numbers (:class:`Unseen`), told by no narrator line, and the
  state after it is exactly the state the viewer would have reached had the decision never been
  asked (the engine skips a window nobody may use the same way, R-80);
- a ``use`` there is public: the viewer learns it as any move.

So what a viewer is sent — the content, the number and the order of the messages — is the same
whether or not the other player was asked; only the time it takes differs (a person's hesitation,
a bot's thinking: docs/web.md, "What a seat cannot learn").

The Dinosaur's take-back (H36) is not such a decision: it is asked of the player who lost a
trick with the Dinosaur, a card both players saw played. The other decisions of the heroes and
locations are asked on public events too. The record keeps every move, hidden or not.
"""

from __future__ import annotations

from collections.abc import Iterable

from claim.core.engine import apply
from claim.core.powers.artifacts import WINDOWS
from claim.core.state import State

#: the decisions that exist only because their player holds something secret: every artifact
#: window (R-80, A1: asked only of a player holding a usable artifact, itself secret, W11) and the
#: Necromancer's swap (H30: asked only of the player holding it in hand)
SECRET_ASKS = frozenset((*WINDOWS, "necromancer"))

#: the one move of such a decision that shows nothing (a use shows itself)
PASS = "pass"


def hidden_from(state: State, viewer: int) -> bool:
    """Whether the decision pending in ``state`` is one ``viewer`` may not know is asked: a
    decision of :data:`SECRET_ASKS` asked of the other player (of either player for a spectator,
    ``SPECTATOR``). False once the game is over, and for the asked player themself."""
    if state.result is not None or not state.tasks:
        return False
    kind, player, _ = state.tasks[0]
    return player != viewer and kind in SECRET_ASKS


def unseen_move(state: State, move: str, viewer: int) -> bool:
    """Whether ``move``, about to be made in ``state``, is one ``viewer`` may not know was made:
    a ``pass`` at a decision :func:`hidden_from` them."""
    return move == PASS and hidden_from(state, viewer)


class Unseen:
    """How many of a game's moves each viewer may not know were made (:func:`unseen_move`), kept
    move by move: a viewer's count of moves (a server's ``version``) is the game's count less
    theirs."""

    __slots__ = ("counts",)

    def __init__(self, viewers: Iterable[int]) -> None:
        self.counts: dict[int, int] = dict.fromkeys(viewers, 0)

    def before(self, state: State, move: str) -> None:
        """Count ``move``, about to be made in ``state``, for each viewer it is unseen by."""
        if move != PASS or not state.tasks:
            return
        for viewer in self.counts:
            if hidden_from(state, viewer):
                self.counts[viewer] += 1

    def known(self, state: State, viewer: int) -> int:
        """How many of ``state``'s moves ``viewer`` may know were made."""
        return len(state.moves) - self.counts[viewer]

    @classmethod
    def of(cls, start: State, moves: Iterable[str], viewers: Iterable[int]) -> Unseen:
        """The counts of a game played from ``start`` (a record's first state, changed: the
        moves are applied to it)."""
        unseen = cls(viewers)
        for move in moves:
            unseen.before(start, move)
            apply(start, move)
        return unseen
