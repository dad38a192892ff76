"""Whether an artifact window is worth asking (issues 18, 37): a screen asks the player only when
using an artifact could change something, from what they know, and answers ``pass`` for them
otherwise (through the normal path: the record is the same as if they had passed).

One home for the "could it change something" rule, for the terminal and the web table alike.
The rules are the core's: the check plays the trick out, with the use and without it, on worlds
the player cannot tell from the true one (:func:`claim.core.worlds.determinize`, which gives the
same worlds for any two positions that look the same to them, from a fixed stream). Everything
it reads is read from those worlds, so a skipped window tells the player nothing they did not
know, and no rule is written twice.

Per artifact (RULES.md §8, RULINGS.md A1–A47), what "something" is:

- Magic Wand, Mirror of Lies (A12, A31: the change stays with the card, as played, in this
  trick) and Bottomless Bottle (A14, A32: this trick's value comparison): their only effect is
  on the trick under way. They could change something when, for some way the other player may
  answer (every card a world puts in their hand or in the deck, the following rules aside, and
  their own Wand or Mirror on it while they may still hold one: their unused artifacts are
  secret, so every one of the pool they may hold is counted as held), the trick ends otherwise
  with the use than without it: another winner, or a card in another place, over every later
  choice of the player's own in the trick. The other player's other windows in the trick are
  passed, and either player's Ice Sword: it freezes the trick the same way with the use or
  without it (A37 adds printed values); a Spyglass acts after the winner is known.
- Ice Sword (A18, A37): it freezes the trick, moves the cards and adds their values to the next
  ones whenever it acts, so it is asked whenever both players hold a card (otherwise "it has no
  effect", A18).
- Every other artifact changes the game whenever the core offers it (its ``usable``, A1, A20: a
  card drawn, a card moved, a bonus, a random card, a trick masked...), so its window is always
  asked.

A window the check cannot settle within :data:`MAX_NODES` engine moves (over all its worlds) is
asked: the cost is bounded, and the answer stays the same for the same knowledge (a count of
moves, not a clock).

Cost, measured by ``scripts/artifact_prompt_timing.py`` (both seats' 395 artifact windows over
40 random games with every expansion, seeds 1–40, on a shared 2-core machine, so the figures
are rough): most windows offer an artifact that is always asked and cost nothing (median under
0.01 ms); the 78 windows played out took, pure-Python core (``CLAIM_PURE_PYTHON=1``), median
9.8 ms, 95th percentile 116 ms, worst 165 ms; compiled core median 7.4 ms, 95th 65 ms, worst
76 ms. 5 of the 78 ran out of the budget (asked). The worst are a Bottomless Bottle or a Mirror
after a lead: every unseen card as the follow, and the other's possible Wand and Mirror on it.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence

from claim.core import cards
from claim.core.engine import apply, current_player, legal, play_moves
from claim.core.keys import FREE
from claim.core.powers import artifacts as arts
from claim.core.state import NO_PLAYER, State
from claim.core.view import HIDDEN, HIDING_ZONES, Eyes
from claim.core.worlds import determinize
from claim.text import catalog

#: the artifact windows (R-80): a decision of these kinds offers ``use ...`` moves and ``pass``
WINDOWS = (arts.START, arts.DAGGER, arts.PLAYED, arts.ICE, arts.WON, arts.BETWEEN, arts.FLAIL)

#: the artifacts whose only effect is on the trick under way (A12, A14, A31, A32): each is worth
#: asking only when it could change how the trick ends
TRICK_ONLY = frozenset((arts.MagicWand.name, arts.MirrorOfLies.name, arts.BottomlessBottle.name))

#: the artifacts a follower may use on their own follow to change its value (A12)
FOLLOW_VALUE = (arts.MagicWand.name, arts.MirrorOfLies.name)

#: the artifacts after whose use in a trick the follow is drawn at random or decided by a card
#: named (Gambler's Dice, Hunting Cloak, Wishing Lamp, A6, A9): which card it is depends on the
#: true hand, so the window is asked. Read from the uses, which are public, not from the trick's
#: marks: whether the Lamp's card is held is not (the follow tells)
_BLIND_FOLLOW = (arts.GamblersDice.name, arts.HuntingCloak.name, arts.WishingLamp.name)

#: the worlds the trick is played out in (one: every card the seat has not seen is tried as
#: the follow, so a world only says where the others lie, the same with the use and without),
#: and the most engine moves the check makes before it gives up and asks (a count, not a
#: clock, so the same knowledge gives the same answer)
WORLDS = 1
MAX_NODES = 2500

#: how a trick ended: its winner, where every card is, whose lead, the tallies, the result
Outcome = tuple[object, ...]


class _TooMany(Exception):
    """The trick has too many ways to go to play them all out: the window is asked."""


def offered(moves: Sequence[str]) -> list[str]:
    """The artifacts a window's moves offer (``use magic-wand +2`` → ``magic-wand``), in order;
    empty when the moves are not an artifact window's (anything but ``use`` and ``pass``)."""
    names: list[str] = []
    for move in moves:
        if move == "pass":
            continue
        verb, _, rest = move.partition(" ")
        name = rest.partition(" ")[0]
        if verb != "use" or name not in cards.ARTIFACTS:
            return []
        if name not in names:
            names.append(name)
    return names


def unasked(
    kind: str | None, moves: Sequence[str], state: State, seat: int, never: Collection[str] = ()
) -> list[str]:
    """The artifacts of a window the player need not be asked about (none could change
    anything, or the player said not to ask again this game, ``never``); empty when the window
    must be asked (or is no artifact window). A screen passes for the player when this is
    non-empty. ``state`` is the game: the check reads only what ``seat`` knows of it (the
    worlds of :func:`claim.core.worlds.determinize`, module docstring)."""
    if kind not in WINDOWS or "pass" not in moves:
        return []
    names = offered(moves)
    if not names:
        return []
    asked = [name for name in names if name not in never]
    if asked and could_matter(asked, moves, state, seat, never):
        return []
    return names


def could_matter(
    artifacts: Collection[str],
    moves: Sequence[str],
    state: State,
    seat: int,
    never: Collection[str] = (),
) -> bool:
    """Whether using one of ``artifacts`` (by the window's ``moves``), alone or with the seat's
    later choices, could change anything, as far as ``seat`` knows, at the window ``seat`` is
    asked in ``state`` (module docstring); the artifacts ``never`` asked about are left out of
    the seat's later choices."""
    if any(name not in TRICK_ONLY and name != arts.IceSword.name for name in artifacts):
        return True
    trick = state.trick
    if trick is None or current_player(state) != seat:
        return True
    if len(trick.plays) < 2 and any(name in _BLIND_FOLLOW for _, name, _ in trick.used):
        return True
    uses = [move for move in moves if _artifact_of(move) in artifacts]
    try:
        return _Search(state, seat, never).could_matter(uses)
    except _TooMany:
        return True


def _artifact_of(move: str) -> str:
    """The artifact a ``use`` move uses (``""`` for any other move)."""
    verb, _, rest = move.partition(" ")
    return rest.partition(" ")[0] if verb == "use" else ""


class _Search:
    """The trick played out on the seat's worlds, with each use and with ``pass``."""

    def __init__(self, state: State, seat: int, never: Collection[str]) -> None:
        self.state = state
        self.seat = seat
        self.never = never
        self.left = MAX_NODES

    def could_matter(self, uses: Sequence[str]) -> bool:
        rng = random.Random(0)  # a fixed stream: the same worlds for the same knowledge
        for _ in range(WORLDS):
            world = determinize(self.state, self.seat, rng)
            if arts.IceSword.name in map(_artifact_of, uses) and world.holds(0) and world.holds(1):
                return True  # A18: it freezes the trick whenever another can be played
            self._arm(world)
            base = self._outcomes(world, "pass")
            for use in uses:
                if _artifact_of(use) in TRICK_ONLY and self._outcomes(world, use) != base:
                    return True
        return False

    def _arm(self, world: State) -> None:
        """The other player's secret artifacts, counted conservatively: while they hold any
        unused, every Wand and Mirror of the pool the seat has not seen held or used (their
        other artifacts are passed: module docstring)."""
        other = 1 - self.seat
        if not world.artifacts[other]:
            return
        config = world.config
        seen = {*config.artifacts[self.seat], *world.used_artifacts[0], *world.used_artifacts[1]}
        pool = config.artifact_pool
        world.artifacts[other] = [n for n in FOLLOW_VALUE if n in pool and n not in seen]
        world.legal_cache = None

    def _apply(self, state: State, move: str) -> None:
        self.left -= 1
        if self.left < 0:
            raise _TooMany
        apply(state, move)

    def _outcomes(self, world: State, first: str) -> dict[tuple[str, ...], set[Outcome]]:
        """How the trick under way may end after ``first``, for each way the other player may
        answer (the key: their moves), over every later choice of the seat's in the trick (a
        second artifact, a King's Dagger, a declaration...)."""
        seat = self.seat
        start = world.clone()
        self._apply(start, first)
        done = len(world.history)
        out: dict[tuple[str, ...], set[Outcome]] = {}
        stack: list[tuple[State, tuple[str, ...]]] = [(start, ())]
        while stack:
            state, path = stack.pop()
            while True:
                if len(state.history) > done or state.result is not None:
                    out.setdefault(path, set()).add(_outcome(state, done))
                    break
                player = current_player(state)
                moves = legal(state)
                kind = state.tasks[0][0] if state.tasks else ""
                trick = state.trick
                if (
                    player != seat
                    and not kind
                    and trick is not None
                    and len(trick.plays) == 1
                    and state.hands[1 - seat]
                ):
                    stack.extend(self._follows(state, path))
                    break
                if kind == arts.ICE:
                    # either player's Ice Sword freezes the trick alike with the use or without
                    # (A37: the printed values), so it adds the same outcome to both sides
                    moves = ["pass"]
                elif player == seat:
                    moves = [m for m in moves if _artifact_of(m) not in self.never]
                elif kind in WINDOWS:
                    # the other's Spyglass acts once the winner is known: only their Wand and
                    # Mirror on their follow may answer the use
                    moves = [m for m in moves if _artifact_of(m) in FOLLOW_VALUE or m == "pass"]
                if len(moves) == 1:
                    self._apply(state, moves[0])
                    continue
                for move in moves:
                    branch = state.clone()
                    self._apply(branch, move)
                    # the seat's own choices are theirs to make: not part of the key
                    stack.append((branch, path if player == seat else (*path, move)))
                break
        return out

    def _follows(self, state: State, path: tuple[str, ...]) -> list[tuple[State, tuple[str, ...]]]:
        """The other player's follow in every way: each card of their hand or that the seat
        has not seen (any may be in that hand), played free of the following rules (what they
        hold of the led faction is secret)."""
        trick = state.trick
        assert trick is not None
        other = 1 - trick.plays[0][0]
        branches: list[tuple[State, tuple[str, ...]]] = []
        tried: set[str] = set()
        for zone, card in _unseen(state, self.seat, other):
            branch = state.clone()
            held = branch.hands[other]
            if card not in held:
                place = branch.zones()[zone]
                place[place.index(card)], held[0] = held[0], card
            assert branch.trick is not None
            branch.trick.marks[FREE] = 1
            branch.legal_cache = None
            moves = [m for m in play_moves(branch, card) if m not in tried and m in legal(branch)]
            tried.update(moves)
            for i, move in enumerate(moves):
                played = branch if i == len(moves) - 1 else branch.clone()
                self._apply(played, move)
                branches.append((played, (*path, move)))
        return branches


def _unseen(state: State, seat: int, other: int) -> list[tuple[str, int]]:
    """The other hand's cards and every card ``seat`` sees as "?" where a card of that hand
    may have come from, with their places (the hand first)."""
    eyes = Eyes(state, seat)
    zones = state.zones()
    hand = f"hand{other}"
    found = [(hand, card) for card in zones[hand]]
    # the places where a card the seat has not seen may lie, besides the other hand (RULES.md
    # §10): the view's hiding zones, the ones claim.core.worlds.determinize re-deals
    for zone in HIDING_ZONES:
        found += [(zone, card) for card in zones[zone] if eyes.name(zone, card) == HIDDEN]
    return found


def _outcome(state: State, done: int) -> Outcome:
    """How the trick ``done`` (its index in the history) ended, as far as the rest of the game
    is concerned: its winner, the cards in each place, the next leader, the tallies, and the
    result if the game ended (the values it was played at and the artifacts used in it left
    out: a use is itself no change)."""
    winner = state.history[done][5] if len(state.history) > done else NO_PLAYER
    places = (
        *state.hands,
        *state.followers,
        *state.score,
        *state.faceup,
        *state.vampire,
        *state.tucked,
        *state.aside,
        state.discard,
        state.table,
        state.held,
        state.out,
    )
    return (
        winner,
        state.phase,
        state.leader,
        tuple(tuple(sorted(place)) for place in places),
        tuple(sorted(state.counters.items())),
        repr(state.result),
    )


#: how the terminal's player asks again at every artifact window
TERMINAL_ASK_ALL = "ctrl+a asks at every window"
#: how the web table undoes it: its switch in the header
WEB_ASK_ALL = "tick “Ask at every artifact window” to see them all"
#: how the line game (``claim play --plain``) undoes it: its ``ask all`` command
LINE_ASK_ALL = 'type "ask all" to be asked at every window'


def skipped_line(
    names: Sequence[str], never: Collection[str], ask_all: str = TERMINAL_ASK_ALL
) -> str:
    """The log's line for a window passed for the player (``ask_all``: how they undo it)."""
    why = (
        "you said not to ask again"
        if all(name in never for name in names)
        else "it could not change the trick"
    )
    return f"(Not asked: {catalog.titles(list(names))}, {why}; {ask_all}.)"
