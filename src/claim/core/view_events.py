"""What one viewer may see of a move's events (RULES.md §10, RULINGS W1–W13): the events of
:mod:`claim.core.events` filtered the way :mod:`claim.core.view` shows the state, so that a
narrator or a screen that reads only these can tell no more than the viewer's view shows.

``seen_events(state, viewer, events)`` is called right after the move, with the state it left:

- a card moved (:class:`SeenMove`) keeps its identity when the viewer knows which card it is —
  where it lies now (its zone as the view shows it, :meth:`claim.core.view.Eyes.name`), or where
  it came from: a public zone (a trick, the discard pile, a Score pile, the table) or one of the
  viewer's own (their hand, Follower deck, the card they set aside) — except a card chosen for
  a choice not yet carried out (R-62), which only its chooser knows (W8). Otherwise ``card`` is
  :data:`NO_CARD`: the viewer learns that a card went from one zone to the other, not which (the
  other's blind draw, a give between the hands to a spectator, W8; a card leaving the game unseen,
  W9; a lead played face-down, W3);
- a card chance picked is known as its move is (a card drawn at random and played is public, A6,
  A23; the Kraken's take is the two players', H37); a random outcome that moved nothing
  (:class:`SeenDraw`: a card drawn to be played, waiting in its holder's hand for a declaration)
  as that hand shows it;
- a move (:class:`SeenDecision`) is named to its player and the omniscient account; to the other
  player and a spectator a card played is named unless it lies face-down (W3), a decision is not
  (what it chose shows in the moves and tallies it made, each filtered here);
- tallies, tricks won and decisions asked are public as they are (the views show the counters,
  the history and whose turn it is).

Card names are left to the reader: it names a known card as its view does (a Demon by parity until
its value was shown, R-30, W2) with :meth:`Eyes.public` when it tells it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from claim.core.cards import CODE
from claim.core.events import Asked, Decided, Drawn, Event, Moved, Tallied, TrickWon
from claim.core.state import State
from claim.core.view import HIDDEN, Eyes, masked_from

#: the card of a :class:`SeenMove` or :class:`SeenDraw` the viewer may not identify
NO_CARD = -1

#: zones every viewer sees into (the cards of a trick, the discard pile, the Score piles and the
#: face-up cards beside them, the table, the Troll pool)
PUBLIC_ZONES = frozenset(
    (
        "trick",
        "prize",
        "held",
        "table",
        "discard",
        "troll_pool",
        "score0",
        "score1",
        "gnomes0",
        "gnomes1",
        "vampire0",
        "vampire1",
        "tucked0",
        "tucked1",
    )
)
#: the zones of a player that player sees into (by seat)
OWN_ZONES = ("hand", "followers", "aside", "chosen")


class SeenMove(NamedTuple):
    """A card went from ``source`` to ``target`` (:class:`claim.core.events.Moved`); ``card``
    :data:`NO_CARD` when the viewer may not know which."""

    card: int
    source: str
    target: str
    step: str
    #: chance picked the card (known or not)
    random: bool = False


class SeenDraw(NamedTuple):
    """A random outcome that moved nothing (:class:`claim.core.events.Drawn`): the card, or
    :data:`NO_CARD`."""

    card: int


class SeenDecision(NamedTuple):
    """The move (:class:`claim.core.events.Decided`); ``move`` is ``"?"`` when the viewer may not
    know it."""

    kind: str | None
    player: int
    move: str


SeenEvent = SeenMove | SeenDraw | SeenDecision | Tallied | TrickWon | Asked


def seen_events(state: State, viewer: int | None, events: Sequence[Event]) -> list[SeenEvent]:
    """``events`` (of the move that left ``state``) as ``viewer`` may see them (see the module);
    ``viewer`` None: everything."""
    eyes = Eyes(state, viewer)
    masked = masked_from(state, viewer)
    lead = state.trick.plays[0][1] if masked and state.trick is not None else NO_CARD
    seen: list[SeenEvent] = []
    for event in events:
        if isinstance(event, Moved):
            known = event.card != lead and _knows_move(eyes, event)
            seen.append(SeenMove(event.card if known else NO_CARD, *event[1:]))
        elif isinstance(event, Drawn):
            seen.append(SeenDraw(_drawn(state, eyes, event)))
        elif isinstance(event, Decided):
            shown = viewer is None or viewer == event.player or (event.kind is None and not masked)
            seen.append(SeenDecision(event.kind, event.player, event.move if shown else HIDDEN))
        else:
            seen.append(event)
    return seen


def _knows_move(eyes: Eyes, move: Moved) -> bool:
    """Whether the viewer knows which card ``move`` moved (see the module)."""
    if eyes.omniscient or eyes.name(move.target, move.card) != HIDDEN:
        return True
    if move.target[:-1] == "chosen":
        # W8: a choice not yet carried out shows as if the card had not moved (a Tavern give
        # stays in its Score pile in the other's view): only its chooser knows which card
        return False
    source = move.source
    return source in PUBLIC_ZONES or (source[:-1] in OWN_ZONES and source[-1:] == str(eyes.viewer))


def _drawn(state: State, eyes: Eyes, drawn: Drawn) -> int:
    """The card a random outcome that moved nothing picked, if the viewer may know it where it
    lies (see the module)."""
    for zone, ids in state.zones().items():
        for card in ids:
            if CODE[card] == drawn.code:
                return card if eyes.name(zone, card) != HIDDEN else NO_CARD
    return NO_CARD
