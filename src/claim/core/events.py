"""What happened: the engine's report of a move as events, for whoever tells or shows the game.

``engine.apply_events(state, move)`` applies a move and returns what it did, in order:

- :class:`Decided`: the move itself (a card played, or a decision's answer);
- :class:`Moved`: a card went from one zone to another (zones as :meth:`State.zones` names
  them: ``hand0``, ``trick``, ``prize``, ``followers1``, ``score0``, ``discard``, ``out``, ...),
  with the step that moved it, and whether chance picked it (an artifact's random play, a
  Skeleton's or Kraken's random take, a random discard);
- :class:`Drawn`: a random outcome that moved no card (a card drawn to be played, waiting for
  its declaration);
- :class:`Tallied`: a public tally changed (a location's count, an artifact's bonus, RULES.md
  §7, §8);
- :class:`TrickWon`: a trick went into the history, with its winner and why;
- :class:`Asked`: the game now waits for a decision.

These are the raw events: they name every card, hidden or not. What a viewer may see of them is
decided by :func:`claim.core.view.seen_events`, which every narrator and screen reads instead.

How the moves are found: a :class:`Recorder` attached to the state compares where each card lies
before and after every step of the engine (the play or answer, then each queued step, RULES.md
R-4). The rules code never reports a move by hand, so no power can forget one: the record is
complete by construction, and the powers stay free of bookkeeping. The end-of-game steps use the
same comparison for ``result.end_moves`` (§9). Recording costs nothing when it is off (the
playouts of the bots, the simulations): the state holds no recorder, and a clone never does.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple, Protocol, TypeVar

from claim.core.cards import CODE


class Decided(NamedTuple):
    """The move: ``kind`` None for a card played, else the decision answered (its task kind)."""

    kind: str | None
    player: int
    move: str


class Drawn(NamedTuple):
    """A random outcome that moved no card: the code of the card chance picked (``state.chance``,
    records.md), which stays where it was (a card drawn to be played, waiting in its holder's
    hand for a declaration, A6, A23). A random outcome that moved its card is that card's
    :class:`Moved` event, marked ``random``."""

    code: str


class Moved(NamedTuple):
    """``card`` went from zone ``source`` to zone ``target``; ``step`` is what moved it: ``play``,
    a decision's kind, an automatic step (``!kind``), an engine step (``@collect``, ...) or
    an end-of-game step (the power's name, §9, as ``by`` in ``result.end_moves``; a decision
    asked at the end keeps its kind: the Tavern's choices are ``tavern``, its gives carried out
    ``!tavern``, which ``end_moves`` writes as Score pile to Score pile)."""

    card: int
    source: str
    target: str
    step: str
    #: chance picked the card (a random outcome of ``state.chance``: an artifact's random play, a
    #: Skeleton's or Kraken's random take, a random discard)
    random: bool = False


class Tallied(NamedTuple):
    """A tally (``state.counters``) changed: None before, a new tally; None after, cleared."""

    key: str
    before: int | None
    after: int | None


class TrickWon(NamedTuple):
    """The trick at ``at`` in the history ended: its winner (-1: nobody, a Gelatinous Cube or
    an Ice Sword trick, H20, A18) and why (the history's reason)."""

    at: int
    winner: int
    reason: str


class Asked(NamedTuple):
    """The game waits for ``player``'s decision of ``kind`` (a card to play: ``kind`` None)."""

    kind: str | None
    player: int


Event = Decided | Drawn | Moved | Tallied | TrickWon | Asked


class Followed(Protocol):
    """What a :class:`Recorder` reads of the state it follows (:class:`claim.core.state.State`)."""

    @property
    def counters(self) -> dict[str, int]: ...
    @property
    def chance(self) -> list[str]: ...
    @property
    def history(self) -> Sequence[tuple[Any, ...]]: ...

    def zones(self) -> dict[str, list[int]]: ...


#: a zone's cards: a list (a snapshot) or a tuple (a frozen state)
Z = TypeVar("Z", bound=Sequence[int])


def moves_between(before: dict[str, Z], after: dict[str, Z]) -> list[tuple[int, str, str]]:
    """The cards that changed zone, as ``(card, source, target)`` in the order of ``after``'s
    zones and of the cards in each (a card that came from nowhere: source ``?``); a zone that is
    no more (the trick, once collected) is one its cards left. Only changed zones are looked
    at: most steps move a few cards or none. (Plain loops over dicts: compiled, they are native
    operations where ``Mapping`` methods and key views are generic calls.)"""
    left: dict[int, str] = {}
    arrived: list[tuple[int, str]] = []
    for name, ids in after.items():
        old = before.get(name)
        if old is None:
            arrived.extend([(c, name) for c in ids])
            continue
        if old == ids:
            continue
        now = set(ids)
        for c in old:
            if c not in now:
                left[c] = name
        was = set(old)
        arrived.extend([(c, name) for c in ids if c not in was])
    for name, ids in before.items():
        if name not in after:  # gone: a trick's cards and prizes, collected
            for c in ids:
                left[c] = name
    return [(card, left.get(card, "?"), zone) for card, zone in arrived]


def snapshot(state: Followed) -> dict[str, list[int]]:
    """Every zone's cards, copied (the zones themselves change in place)."""
    return {name: list(ids) for name, ids in state.zones().items()}


def frozen(state: Followed) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """Every zone's cards as one value: two of them compare in one step."""
    return tuple([(name, tuple(ids)) for name, ids in state.zones().items()])


class Recorder:
    """Follows one state and writes what each engine step did as events (see the module)."""

    __slots__ = ("_chance", "_counters", "_history", "_picked", "_zones", "events", "running")

    def __init__(self, state: Followed) -> None:
        self.events: list[Event] = []
        #: the step under way (the engine says which), for the moves an end-of-game step's own
        #: moves must not be mixed with (§9)
        self.running = ""
        self._zones = frozen(state)
        self._counters = dict(state.counters)
        self._chance = len(state.chance)
        #: the random outcomes of the move whose card has not moved yet (a card drawn at random
        #: in one step is played in a later one, A6, A23)
        self._picked: list[str] = []
        self._history = len(state.history)

    def decided(self, kind: str | None, player: int, move: str) -> None:
        self.events.append(Decided(kind, player, move))
        self.running = kind or "play"

    def done(self, kind: str | None, player: int | None) -> None:
        """The move is done: the random outcomes that moved nothing, then the decision asked
        (``player`` None: the game is over)."""
        self.events.extend(Drawn(code) for code in self._picked)
        self._picked = []
        if player is not None:
            self.events.append(Asked(kind, player))

    def step(self, state: Followed, step: str) -> None:
        """A step is done: the cards it moved (those chance picked marked ``random``), the
        tallies it changed and the tricks it ended, in that order."""
        events = self.events
        chance = state.chance
        picked = self._picked
        picked.extend(chance[self._chance :])
        self._chance = len(chance)
        zones = frozen(state)
        was = self._zones
        if zones != was:  # one comparison tells whether the step moved anything
            if [name for name, _ in was] == [name for name, _ in zones]:
                pairs = enumerate(zip(was, zones, strict=True))
                changed = [i for i, (a, b) in pairs if a[1] != b[1]]
                before = dict(was[i] for i in changed)  # only the zones that changed
                after = dict(zones[i] for i in changed)
            else:  # a zone came or went (a trick's, a prize's)
                before, after = dict(was), dict(zones)
            for card, source, target in moves_between(before, after):
                code = CODE[card]
                if code in picked:
                    picked.remove(code)
                    events.append(Moved(card, source, target, step, True))
                else:
                    events.append(Moved(card, source, target, step))
            self._zones = zones
        counters = state.counters
        if counters != self._counters:
            old = self._counters
            for key in sorted({*old, *counters}):
                if old.get(key) != counters.get(key):
                    events.append(Tallied(key, old.get(key), counters.get(key)))
            self._counters = dict(counters)
        history = state.history
        for index in range(self._history, len(history)):
            record = history[index]
            events.append(TrickWon(index, record[5], record[6]))
        self._history = len(history)
