"""Artifact powers (RULES.md §8, R-80, RULINGS.md A1–A47). One small class per artifact; its
docstring is its rules text.

Artifacts are held, not played: each player holds three, secret until used, and an artifact is
offered to its holder as an optional move (``use NAME [ARG]``, or ``pass``) exactly at the moment
its text names (R-80). The moments are *windows* (A1–A4, A20–A22), asked in turn order and again
after each use while the player holds another usable artifact there:

========== ================================================================================
window     artifacts (the player asked)
========== ================================================================================
start      Prowler's Torch, Mask of Darkness, Gambler's Dice, Endless Rope, Flask of Tears,
           Book of Memories (leader, then follower; before the lead, A3, A21)
dagger     King's Dagger (the opponent of the player who just played a printed 5, A7, A22)
played     Magic Wand, Mirror of Lies (the player who just played); after a lead also
           Hunting Cloak, Wishing Lamp, Bottomless Bottle (A2, A22)
ice        Ice Sword (both, leader first, once both cards are down, A18)
won        Spyglass (the winner of a Phase Two trick, after the collection, A30, A42)
between    Gambler's Book (Phase Two begins, hands picked up, before Windy Peaks/Swamp, A4)
flail      Flail of Dawn (Phase Two begins, after Windy Peaks/Swamp, A4)
========== ================================================================================

:class:`Artifacts` is the one power the engine asks at every window (``RuleBook.artifacts``); it
also carries out the artifacts' effects on a trick at the artifact tier, the highest (§4.4): the
value changes last in the value chain, in the order they came (A12), and the Wishing Lamp's win
last among the winner powers (A28). The artifacts are not card powers: a Vampire Queen does not
cancel them (A38).

What artifacts leave in the state: each player's unused and used artifacts
(``state.artifacts``, ``state.used_artifacts``), the Flail card set aside (``state.aside``), the
public tallies in ``state.counters`` (``prowlers-torch`` and ``mask-of-darkness``: tricks left;
``flask-of-tears:P`` and ``ice-sword:P``: a bonus waiting for P's next card; ``losses:P``: P's
run of lost tricks), and per trick ``trick.marks``, ``trick.mods`` (value changes) and
``trick.used`` (what was used in it, in order). The keys are named in :mod:`claim.core.keys`.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, ClassVar

from claim.core import cards
from claim.core.cards import PUBLIC_NAME, VALUE_HIDDEN
from claim.core.keys import (
    BONUSES,
    BOOK,
    CLOAK,
    DICE,
    FORCED_PLAY,
    FREE,
    FROZEN,
    LAMP_HELD,
    LAMP_WINS,
    LOSSES,
    LOWER_WINS,
    MASK,
    MASKED,
    SHOWN_DRAWS,
    WIN_IMPOSED,
    player_key,
)
from claim.core.powers.base import (
    AFTER_PLAY,
    FORFEIT,
    PLAY_FORCED,
    ArtifactControl,
    Ask,
    Power,
    Tier,
    first_named,
    named,
)
from claim.core.setup import deck_cards
from claim.core.state import NO_PLAYER, TABLE

if TYPE_CHECKING:
    from claim.core.state import State, Trick

CODE = cards.CODE
FACTION = cards.FACTION

# windows (decision kinds asked of a player holding a usable artifact there)
START = "art:start"
DAGGER = "art:dagger"
PLAYED = "art:played"
ICE = "art:ice"
WON = "art:won"
BETWEEN = "art:between"
FLAIL = "art:flail"
# decisions that follow a use
ASIDE = "art:aside"  # Flail of Dawn: the opponent sets a card aside
BOOK_TAKE = "art:book-take"  # Gambler's Book: take a card from the discard pile
SPY_TAKE = "art:spy-take"  # Spyglass: put a card from the discard pile into the Score pile
WINDOWS = (START, DAGGER, PLAYED, ICE, WON, BETWEEN, FLAIL)

# trick marks and counters: claim.core.keys
#: marks that free the player to act from the following rules
FREE_MARKS = (DICE, CLOAK, FORCED_PLAY, LAMP_WINS, FREE, MASKED)

#: the reason of a frozen trick (Ice Sword), in the history
FROZEN_REASON = "Ice Sword: both cards froze on the table; no winner"


def _drop(state: State, kinds: tuple[str, ...], through: str = "") -> None:
    """Remove the queued tasks at the front whose kind is one of ``kinds`` (and the step
    ``through`` right after them): a window an artifact closed."""
    tasks = state.tasks
    while tasks and tasks[0][0] in kinds:
        tasks.pop(0)
    if through and tasks and tasks[0][0] == through:
        tasks.pop(0)


def _random_play(state: State, player: int) -> None:
    """Draw the card ``player`` must play (Hunting Cloak, Gambler's Dice, A6, A23): from the hand,
    or the Flail card when it is their only card (A39). The engine plays it next (the step
    PLAY_FORCED), or waits for its player's declaration when it is declared when played (a dual
    card, a Lycanthrope, an Ent)."""
    trick = state.trick
    assert trick is not None
    card = state.pick_random(state.hands[player] or state.aside[player])
    trick.marks[FORCED_PLAY] = card
    state.legal_cache = None
    state.tasks.insert(0, (PLAY_FORCED, NO_PLAYER, 0))


class ArtifactPower(Power):
    """Base for the artifacts: offered at one window (``window``), used once."""

    tier = Tier.ARTIFACT
    window: ClassVar[str] = ""
    #: using it closes its window for both players (Gambler's Dice, Book of Memories, A21)
    closes: ClassVar[bool] = False

    def moves(self, state: State, player: int, data: int) -> list[str]:
        """The ``use`` moves open to ``player`` now (empty: not usable, A1, A20)."""
        return [f"use {self.name}"] if self.usable(state, player, data) else []

    def usable(self, state: State, player: int, data: int) -> bool:
        """Whether using it now would have an effect (A1, A20)."""
        return True

    def detail(self, state: State, data: int, move: str) -> str:
        """What the trick's history keeps of a use besides the name: the move's argument (A41)."""
        return move.split(" ", 2)[2] if move.count(" ") >= 2 else ""

    def use(self, state: State, player: int, data: int, move: str) -> None:
        """Carry out ``move``."""


# -------------------------------------------------------------------------------------------------
# The start of a trick (A3, A21)
# -------------------------------------------------------------------------------------------------


class ProwlersTorch(ArtifactPower):
    """Phase One, at the start of a trick: for this and the next trick, every card taken from the
    deck is shown to both players (W6; not the prizes, face-up anyway)."""

    name = "prowlers-torch"
    window = START

    def usable(self, state: State, player: int, data: int) -> bool:
        return state.phase == 1 and bool(state.deck)

    def use(self, state: State, player: int, data: int, move: str) -> None:
        state.counters[SHOWN_DRAWS] = 2


class MaskOfDarkness(ArtifactPower):
    """At the start of a trick: for this trick and the next, the leader plays face-down; the
    lead is revealed once the follower has played, and the follower is free of the following
    rules (A16, A34: a second Mask only renews the two tricks)."""

    name = "mask-of-darkness"
    window = START

    def use(self, state: State, player: int, data: int, move: str) -> None:
        state.counters[MASK] = 2
        assert state.trick is not None
        state.trick.marks[MASKED] = 1


class GamblersDice(ArtifactPower):
    """At the start of a trick, before the lead: each player plays a card drawn at random from
    their hand, the leader first, following rules ignored (A6, A35). Closes the window."""

    name = "gamblers-dice"
    window = START
    closes = True

    def usable(self, state: State, player: int, data: int) -> bool:
        return state.holds(0) and state.holds(1)

    def use(self, state: State, player: int, data: int, move: str) -> None:
        trick = state.trick
        assert trick is not None
        trick.marks[DICE] = 1
        _random_play(state, trick.leader)


class EndlessRope(ArtifactPower):
    """Phase Two, at the start of a trick: move a card from your Score pile to the end of your
    hand (``use endless-rope CODE``, A13)."""

    name = "endless-rope"
    window = START

    def moves(self, state: State, player: int, data: int) -> list[str]:
        if state.phase != 2:
            return []
        return named(state, state.score[player], f"use {self.name}")

    def use(self, state: State, player: int, data: int, move: str) -> None:
        name = move.split(" ", 2)[2]
        pile = state.score[player]
        card = first_named(state, pile, name)
        pile.remove(card)
        state.hands[player].append(card)
        state.revealed.add(card)  # it came from a public pile


class FlaskOfTears(ArtifactPower):
    """After you have lost three tricks in a row (tricks without a winner skipped, a Dagger
    forfeit counted), at the start of a trick: your next card gets +9 (A15, A33, A44)."""

    name = "flask-of-tears"
    window = START

    def usable(self, state: State, player: int, data: int) -> bool:
        return state.counters.get(player_key(LOSSES, player), 0) >= 3

    def use(self, state: State, player: int, data: int, move: str) -> None:
        state.counters[player_key(self.name, player)] = 9


class BookOfMemories(ArtifactPower):
    """Phase Two, when you lead: lead a card from your Score pile instead of your hand (face-up
    Gnomes and a Vampire stack are not in it); it is collected as usual (A17, A36). Closes the
    window."""

    name = "book-of-memories"
    window = START
    closes = True

    def usable(self, state: State, player: int, data: int) -> bool:
        trick = state.trick
        return (
            state.phase == 2
            and trick is not None
            and player == trick.leader
            and bool(state.score[player])
        )

    def use(self, state: State, player: int, data: int, move: str) -> None:
        assert state.trick is not None
        state.trick.marks[BOOK] = 1


# -------------------------------------------------------------------------------------------------
# Around a play (A2, A7, A22)
# -------------------------------------------------------------------------------------------------


def _masked_lead(trick: Trick, pos: int) -> bool:
    """A lead its opponent cannot see (A26; a Book of Memories lead is public, W3)."""
    return pos == 0 and bool(trick.marks.get(MASKED)) and not trick.marks.get(BOOK)


class KingsDagger(ArtifactPower):
    """When the opponent plays a card of printed value 5 (a hero of value 5 too): that card goes
    into your Score pile before any of its powers act (with the declaration it was played with,
    W20), and the opponent plays another card in its place under the same constraint; with none
    to play, the trick ends and you win it (A7, A24–A26, A43, A47)."""

    name = "kings-dagger"
    window = DAGGER

    def usable(self, state: State, player: int, data: int) -> bool:
        trick = state.trick
        if trick is None or data >= len(trick.plays):
            return False
        card = trick.plays[data][1]
        return state.book.value[card] == 5 and not _masked_lead(trick, data)

    def detail(self, state: State, data: int, move: str) -> str:
        assert state.trick is not None
        return CODE[state.trick.plays[data][1]]  # A25: the daggered card

    def use(self, state: State, player: int, data: int, move: str) -> None:
        trick = state.trick
        assert trick is not None
        # the play never happened: its entries go and its waiting bonuses return to its player's
        # next card (W19); its declaration stays, so in the holder's Score pile a dual card or a
        # declared Ent counts for the faction it was played as (W20, R-40, H35)
        victim, card = trick.remove_play(data)
        for target, kind, amount in list(trick.mods):
            if target == card:
                trick.mods.remove((target, kind, amount))
                if kind in BONUSES:
                    state.counters[player_key(kind, victim)] = amount
        state.score[player].append(card)
        if VALUE_HIDDEN[card]:
            state.value_known.add(card)  # W5: the daggered card is public
        _drop(state, (DAGGER, PLAYED), through=AFTER_PLAY)
        marks = trick.marks
        if data == 1 and marks.pop(LAMP_HELD, 0):
            marks[FREE] = 1  # A47: the Lamp was decided; the replacement is free
        if data == 0 and marks.get(BOOK):
            can_replace = bool(state.score[victim])
        else:
            can_replace = state.holds(victim)
        if not can_replace:
            # A7, A43: the trick ends here, won by the Dagger's holder; the engine collects it
            trick.winner = player
            trick.reason = "King's Dagger: the daggered card could not be replaced"
            state.tasks.insert(0, (FORFEIT, NO_PLAYER, 0))
        elif marks.get(DICE) or (data == 1 and marks.get(CLOAK)):
            _random_play(state, victim)  # A47: random again


class MagicWand(ArtifactPower):
    """Right after you play a card: change its effective value by +2 or −2 (``use magic-wand
    +2``); applied last in the value chain, with the card wherever it goes (A12, A31)."""

    name = "magic-wand"
    window = PLAYED

    def moves(self, state: State, player: int, data: int) -> list[str]:
        return [f"use {self.name} +2", f"use {self.name} -2"]

    def use(self, state: State, player: int, data: int, move: str) -> None:
        trick = state.trick
        assert trick is not None
        trick.mods.append((trick.plays[data][1], self.name, int(move.split(" ", 2)[2])))

    @staticmethod
    def change(value: int, amount: int) -> int:
        return value + amount


class MirrorOfLies(ArtifactPower):
    """Right after you play a card: an effective value of 5 or less gets +5, above 5 −5 (the
    value before the Mirror, applied last in the value chain, A12)."""

    name = "mirror-of-lies"
    window = PLAYED

    def use(self, state: State, player: int, data: int, move: str) -> None:
        trick = state.trick
        assert trick is not None
        trick.mods.append((trick.plays[data][1], self.name, 0))

    @staticmethod
    def change(value: int, amount: int) -> int:
        return value + 5 if value <= 5 else value - 5


class HuntingCloak(ArtifactPower):
    """After you lead: the follower plays a card drawn at random from their hand, following
    rules ignored (A6, A23; not with a Wishing Lamp or after Gambler's Dice, A9, A46)."""

    name = "hunting-cloak"
    window = PLAYED

    def usable(self, state: State, player: int, data: int) -> bool:
        trick = state.trick
        assert trick is not None
        marks = trick.marks
        blocked = marks.get(DICE) or marks.get(LAMP_HELD) or marks.get(LAMP_WINS)
        return data == 0 and not blocked and state.holds(1 - player)

    def use(self, state: State, player: int, data: int, move: str) -> None:
        assert state.trick is not None
        state.trick.marks[CLOAK] = 1  # the card is drawn once the lead's window closes


@lru_cache(maxsize=64)
def lamp_names(factions: tuple[str, ...], hero_pool: tuple[str, ...]) -> tuple[str, ...]:
    """Every name a Wishing Lamp may name in a game (A27): the five factions' full printed sets
    (all 20 Shadows), the Fire Phoenix pile, Tricksters by printed value, Demons and Fire
    Elementals by code, and the heroes of the public pool (which heroes are in the deck is
    secret, docs/rulings.md)."""
    ids = list(deck_cards(factions))
    if "phoenixes" in factions:
        ids += cards.IDS_BY_FACTION["fire-phoenix"]
    ids += [cards.IDS_BY_CODE[f"hero:{h}"][0] for h in hero_pool]
    return tuple(dict.fromkeys(lamp_name(c) for c in ids))


def lamp_name(card: int) -> str:
    """A card's name for the Wishing Lamp: its code, a Trickster by printed value (A27)."""
    return CODE[card] if VALUE_HIDDEN[card] else PUBLIC_NAME[card]


class WishingLamp(ArtifactPower):
    """Phase Two, as leader, after you lead: name a card (``use wishing-lamp CODE``). If the
    follower holds it in hand, they must play it; if not, they play any card and win the trick
    (A9, A27, A28)."""

    name = "wishing-lamp"
    window = PLAYED

    def moves(self, state: State, player: int, data: int) -> list[str]:
        trick = state.trick
        assert trick is not None
        marks = trick.marks
        if state.phase != 2 or data != 0 or marks.get(DICE) or marks.get(CLOAK):
            return []
        if not state.holds(1 - player):
            return []
        names = lamp_names(state.config.factions, state.config.hero_pool)
        return [f"use {self.name} {name}" for name in names]

    def use(self, state: State, player: int, data: int, move: str) -> None:
        trick = state.trick
        assert trick is not None
        name = move.split(" ", 2)[2]
        held = next((c for c in state.hands[1 - player] if lamp_name(c) == name), None)
        if held is None:
            trick.marks[LAMP_WINS] = 1
        else:
            trick.marks[FORCED_PLAY] = held
            trick.marks[LAMP_HELD] = 1


class BottomlessBottle(ArtifactPower):
    """When you lead: in this trick the lower effective value wins instead of the higher (only
    the value comparison: a card off the led faction still loses, equal values still go to the
    leader; over a Farmlands rank and a Werewolf moon, A14, A32)."""

    name = "bottomless-bottle"
    window = PLAYED

    def usable(self, state: State, player: int, data: int) -> bool:
        return data == 0

    def use(self, state: State, player: int, data: int, move: str) -> None:
        assert state.trick is not None
        state.trick.marks[LOWER_WINS] = 1


class IceSword(ArtifactPower):
    """After both cards are played, before the trick resolves: both cards freeze on the table
    with their powers ignored and the trick has no winner; the same leader leads again (Phase
    One: for the same prize); each player adds their frozen card's printed value to their next
    card; the next trick with a winner takes the frozen cards too, as a Cube bundle. If no further
    trick can be played in the phase, it has no effect (A18, A37, A38)."""

    name = "ice-sword"
    window = ICE

    def use(self, state: State, player: int, data: int, move: str) -> None:
        trick = state.trick
        assert trick is not None
        _drop(state, (ICE,))  # the other player's Ice Sword question is moot
        if state.holds(0) and state.holds(1):
            trick.marks[FROZEN] = 1
            # the frozen cards' powers are ignored: the trick resolves with no card's layers,
            # only the global ones (a location, the artifacts), as a winnerless trick (A18)
            trick.keys[:] = [""] * len(trick.keys)
            trick.layers = None
            for who, card in trick.plays:
                key = player_key(self.name, who)
                state.counters[key] = state.counters.get(key, 0) + state.book.value[card]


# -------------------------------------------------------------------------------------------------
# After a trick, and between the phases
# -------------------------------------------------------------------------------------------------


class Spyglass(ArtifactPower):
    """Phase Two, after you win a trick: discard one card you collected in it (``use spyglass
    CODE``, a face-up Gnome included) and put a card of your choice from the discard pile, not
    that one, into your Score pile (``take CODE``, no power acts, A11, A30, A42)."""

    name = "spyglass"
    window = WON
    needs_gains = True

    @staticmethod
    def collected(state: State, player: int) -> list[int]:
        trick = state.trick
        if trick is None:
            return []
        mine = (*state.score[player], *state.faceup[player])
        return [c for p, c in trick.gained if p == player and c in mine]

    def moves(self, state: State, player: int, data: int) -> list[str]:
        return named(state, self.collected(state, player), f"use {self.name}")

    def use(self, state: State, player: int, data: int, move: str) -> None:
        trick = state.trick
        assert trick is not None
        name = move.split(" ", 2)[2]
        card = first_named(state, self.collected(state, player), name)
        zone = state.score[player] if card in state.score[player] else state.faceup[player]
        zone.remove(card)
        state.discard.append(card)
        trick.gained.remove((player, card))
        # by its place in the discard pile (a position stores no card ids)
        state.tasks.insert(0, (SPY_TAKE, player, len(state.discard) - 1))


def _spy_pile(state: State, discarded: int) -> list[int]:
    """The discard pile a Spyglass takes from: without the card just discarded (at index
    ``discarded``, A11)."""
    return state.discard[:discarded] + state.discard[discarded + 1 :]


class GamblersBook(ArtifactPower):
    """Between the phases, after the hands are picked up: discard a random card from your hand,
    then take a card of your choice from the discard pile, that one included, to the end of your
    hand (``take CODE``, A10, A29)."""

    name = "gamblers-book"
    window = BETWEEN

    def usable(self, state: State, player: int, data: int) -> bool:
        return bool(state.hands[player])

    def use(self, state: State, player: int, data: int, move: str) -> None:
        hand = state.hands[player]
        card = state.pick_random(hand)
        hand.remove(card)
        state.discard.append(card)
        state.tasks.insert(0, (BOOK_TAKE, player, 0))


class FlailOfDawn(ArtifactPower):
    """At the start of Phase Two: the opponent chooses a card from their hand and sets it aside
    face-down (``aside CODE``); it is the card they must play in their last trick — the only
    legal play once the rest of their hand is gone, free of the following rules. It counts as
    held for starting a trick and is discarded if the phase ends first (A5, A39)."""

    name = "flail-of-dawn"
    window = FLAIL

    def usable(self, state: State, player: int, data: int) -> bool:
        return bool(state.hands[1 - player])

    def use(self, state: State, player: int, data: int, move: str) -> None:
        state.tasks.insert(0, (ASIDE, 1 - player, 0))


ARTIFACT_POWERS: dict[str, type[ArtifactPower]] = {
    cls.name: cls
    for cls in (
        FlailOfDawn,
        HuntingCloak,
        KingsDagger,
        ProwlersTorch,
        WishingLamp,
        GamblersBook,
        Spyglass,
        MagicWand,
        EndlessRope,
        BottomlessBottle,
        FlaskOfTears,
        MaskOfDarkness,
        GamblersDice,
        MirrorOfLies,
        BookOfMemories,
        IceSword,
    )
}
assert tuple(ARTIFACT_POWERS) == cards.ARTIFACTS

#: how each value-changing artifact changes a value (A12): Magic Wand, Mirror of Lies, and the
#: waiting bonuses of the Flask of Tears and the Ice Sword (an amount added)
_CHANGES = {
    MagicWand.name: MagicWand.change,
    MirrorOfLies.name: MirrorOfLies.change,
    FlaskOfTears.name: MagicWand.change,
    IceSword.name: MagicWand.change,
}
# a waiting bonus's counter and its value change are named after its artifact
assert (FlaskOfTears.name, IceSword.name) == BONUSES


#: each waiting bonus and its counters' keys for players 0 and 1 (built once: read at every play)
_BONUS_KEYS: tuple[tuple[str, tuple[str, str]], ...] = tuple(
    (kind, (player_key(kind, 0), player_key(kind, 1))) for kind in BONUSES
)


#: the Flask of Tears' count of tricks lost in a row, for players 0 and 1
_LOSS_KEYS = (player_key(LOSSES, 0), player_key(LOSSES, 1))


class Artifacts(ArtifactControl):
    """The artifacts' timing and their effects on a trick (R-80): at each window it offers each
    usable artifact of the player asked, and it applies the artifact tier of a trick — value
    changes in the order they came (A12) and the Wishing Lamp's win (A28)."""

    name = "artifacts"
    asks = (*WINDOWS, ASIDE, BOOK_TAKE, SPY_TAKE)

    def __init__(self, pool: tuple[str, ...] = cards.ARTIFACTS) -> None:
        self.pool = {name: ARTIFACT_POWERS[name]() for name in pool}
        self.counts_losses = FlaskOfTears.name in self.pool
        #: the window of each artifact of the pool, and the artifacts of each window
        self.window_of: dict[str, str] = {name: power.window for name, power in self.pool.items()}
        self.of_window: dict[str, frozenset[str]] = {
            window: frozenset(name for name, w in self.window_of.items() if w == window)
            for window in WINDOWS
        }

    # -- what may be played ---------------------------------------------------------------------

    def playable(self, state: State, trick: Trick, player: int) -> list[int] | None:
        marks = trick.marks
        free = False
        if marks:
            forced = marks.get(FORCED_PLAY)
            if forced is not None:
                return [forced]
            if not trick.plays and marks.get(BOOK):
                return state.score[player][:]
            free = any(marks.get(m) for m in FREE_MARKS)
        hand = state.hands[player]
        if not hand:
            return state.aside[player][:]  # A5, A39: the Flail card, when it is the last
        if free and trick.plays:
            return hand
        return None

    def free_follow(self, state: State, trick: Trick) -> bool:
        marks = trick.marks
        return bool(marks) and any(marks.get(m) for m in FREE_MARKS)

    # -- windows ----------------------------------------------------------------------------------

    def _opening(self, state: State, first: Ask, second: Ask) -> list[Ask]:
        """The windows ``first`` and ``second``, about to be queued at the front of the tasks,
        from the first one that may open: a window whose player holds no artifact of that
        window has nothing to offer and is answered at once (:meth:`options`), and nothing
        happens before the first window that may open is reached, so leaving out those before
        it changes no decision, no queue at a decision and no record. Most windows of a game
        are such (about 19 in 20 in random games with every expansion), and each one queued
        costs a turn of the engine's loop."""
        # loops rather than frozenset.isdisjoint: compiled, a set method is a generic call
        held = state.artifacts
        names = self.of_window[first[0]]
        for name in held[first[1]]:
            if name in names:
                return [first, second]
        names = self.of_window[second[0]]
        for name in held[second[1]]:
            if name in names:
                return [second]
        return []

    def trick_started(self, state: State, trick: Trick) -> list[Ask]:
        if state.counters.get(MASK, 0) > 0:
            trick.marks[MASKED] = 1  # the second masked trick (A34)
        return self._opening(state, (START, trick.leader, 0), (START, 1 - trick.leader, 0))

    def card_played(self, state: State, trick: Trick, pos: int) -> list[Ask]:
        player, card = trick.plays[pos]
        # `in` and `del` rather than dict.pop: compiled, dict.pop is a generic method call
        marks = trick.marks
        if FORCED_PLAY in marks:
            del marks[FORCED_PLAY]
        counters = state.counters
        if counters:
            for kind, keys in _BONUS_KEYS:
                key = keys[player]
                if key in counters:
                    amount = counters[key]
                    del counters[key]
                    if amount:
                        trick.mods.append((card, kind, amount))  # A15, A37, A44: the next card
        return self._opening(state, (DAGGER, 1 - player, pos), (PLAYED, player, pos))

    def lead_done(self, state: State, trick: Trick) -> None:
        if trick.marks.get(DICE) or trick.marks.get(CLOAK):
            _random_play(state, 1 - trick.leader)

    def both_played(self, state: State, trick: Trick) -> list[Ask]:
        return self._opening(state, (ICE, trick.leader, 0), (ICE, 1 - trick.leader, 0))

    def trick_won(self, state: State, trick: Trick) -> list[Ask]:
        if trick.phase == 2 and trick.winner >= 0:
            return [(WON, trick.winner, 0)]
        return []

    def phase_windows(self, state: State) -> tuple[list[Ask], list[Ask]]:
        if state.phase != 2:
            return [], []
        leader = state.leader
        return (
            [(BETWEEN, leader, 0), (BETWEEN, 1 - leader, 0)],
            [(FLAIL, leader, 0), (FLAIL, 1 - leader, 0)],
        )

    # -- decisions --------------------------------------------------------------------------------

    def options(self, state: State, kind: str, player: int, data: int) -> list[str]:
        if kind == ASIDE:
            return named(state, state.hands[player], "aside", hand=True)  # R-30, W14
        if kind == BOOK_TAKE:
            return named(state, state.discard, "take")
        if kind == SPY_TAKE:
            return named(state, _spy_pile(state, data), "take")
        # a window: the use moves of the player's artifacts of this window, if any
        moves: list[str] = []
        window_of = self.window_of
        for name in state.artifacts[player]:
            if window_of.get(name) == kind:
                moves.extend(self.pool[name].moves(state, player, data))
        return [*moves, "pass"] if moves else []

    def answer(self, state: State, kind: str, player: int, data: int, move: str) -> None:
        if kind == ASIDE:
            card = first_named(state, state.hands[player], move.split(" ", 1)[1], hand=True)
            state.hands[player].remove(card)
            state.aside[player].append(card)
            return
        if kind in (BOOK_TAKE, SPY_TAKE):
            pile = state.discard if kind == BOOK_TAKE else _spy_pile(state, data)
            card = first_named(state, pile, move.split(" ", 1)[1])
            state.discard.remove(card)
            if kind == BOOK_TAKE:
                state.hands[player].append(card)  # to the end of the hand
                state.revealed.add(card)  # taken from the public discard pile
            else:
                state.score[player].append(card)
            return
        if move == "pass":
            return  # the window closes for this player (A22)
        name = move.split(" ", 2)[1]
        power = self.pool[name]
        state.artifacts[player].remove(name)
        state.used_artifacts[player].append(name)
        trick = state.trick
        if trick is not None:  # before the use: a King's Dagger may end the trick
            trick.used.append((player, name, power.detail(state, data, move)))
        if not power.closes:
            state.tasks.insert(0, (kind, player, data))  # asked again while another is usable
        else:
            _drop(state, (kind,))
        power.use(state, player, data, move)

    # -- the artifact tier of a trick -------------------------------------------------------------

    def set_value(self, state: State, trick: Trick, pos: int) -> None:
        if not trick.mods:
            return
        where = {card: i for i, (_, card) in enumerate(trick.plays)}
        values = trick.values
        for card, kind, amount in trick.mods:
            at = where.get(card)
            if at is not None:
                values[at] = _CHANGES[kind](values[at], amount)

    def decide_winner(self, state: State, trick: Trick, pos: int) -> None:
        marks = trick.marks
        if marks.get(FROZEN):
            trick.winner = NO_PLAYER
            trick.reason = FROZEN_REASON
        elif marks.get(LAMP_WINS):
            # A28: over every power that decides the winner, and without their win's effects
            trick.winner = 1 - trick.leader
            trick.reason = "Wishing Lamp: the named card was not held; the follower wins"
            marks[WIN_IMPOSED] = 1
            trick.captured.clear()

    def route(self, state: State, trick: Trick, pos: int) -> None:
        if trick.marks.get(FROZEN):
            trick.dests = [(NO_PLAYER, TABLE)] * len(trick.plays)  # A37: a bundle, as a Cube's

    def trick_over(self, state: State, trick: Trick) -> None:
        counters = state.counters
        for name in (SHOWN_DRAWS, MASK):
            if name in counters:
                left = counters[name] - 1
                if left > 0:
                    counters[name] = left
                else:
                    del counters[name]
        if self.counts_losses and trick.winner >= 0:
            loser = _LOSS_KEYS[1 - trick.winner]
            counters[loser] = counters.get(loser, 0) + 1
            won = _LOSS_KEYS[trick.winner]
            if won in counters:
                del counters[won]


@lru_cache(maxsize=64)
def artifact_powers(pool: tuple[str, ...]) -> tuple[Power, ...]:
    """The powers of a game whose artifacts come from ``pool``: the timing power and, for the
    rule book's indexes (the Spyglass needs the cards collected in a trick), each artifact. The
    same for every game of that pool (a rule book per config shares them): :class:`Artifacts`
    holds the pool's powers, nothing of a game."""
    if not pool:
        return ()
    control = Artifacts(pool)
    return (control, *control.pool.values())
