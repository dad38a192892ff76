"""The game state: plain data, cheap to clone, serialized by :meth:`State.to_dict`.

Cards are ints (ids from :mod:`claim.core.cards`); serialized forms use codes so saved positions
never depend on the ids. The deck is stored with its top card *last* (``deck.pop()`` draws), and
written top card first everywhere outside this module.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from claim.core import cards
from claim.core.errors import RecordError
from claim.core.events import Recorder
from claim.core.fields import Copy, copier, param, record, slot
from claim.core.keys import FORCED_PLAY
from claim.core.position_codecs import (
    Artifacts,
    CardMarks,
    Cards,
    Choice,
    Counters,
    Deal,
    EndMoves,
    Extra,
    Gained,
    History,
    HistoryArtifacts,
    HistoryPrizes,
    Int,
    Loose,
    Marks,
    Mods,
    Peeked,
    PerPlay,
    PlaceMap,
    PlaceSet,
    Player,
    Plays,
    Prize,
    Prizes,
    PublicOut,
    Removed,
    Result,
    Revealed,
    Seed,
    Setup,
    SetupDraws,
    Strings,
    Tasks,
    Used,
    int_list,
    int_pairs,
    lists,
    optional_str_list,
    str_list,
)
from claim.core.position_io import NO_PLAYER as NO_PLAYER  # "nobody", as positions write it
from claim.core.position_io import POSITION_FORMAT, Each, Nested, Writer, write_record
from claim.core.setup import GameConfig

if TYPE_CHECKING:
    from claim.core.powers.base import RuleBook, TrickLayers
    from claim.core.view_types import EndMove, GameResult

# Zones a collected or moved card can go to.
DISCARD = 0
SCORE = 1
FOLLOWERS = 2
FACEUP = 3  # face-up Gnomes in front of a player (§5.2)
POOL = 4  # the Troll pool (§5.2)
OUT = 5  # left the game
HAND = 6
TABLE = 7  # the Gelatinous Cube bundle lying on the table


# Phase One prize-plan sources: what each player takes when a Phase One trick is collected.
FROM_PRIZE = 0  # the trick's (first, older) face-up prize
FROM_DECK = 1  # the top card of the deck, blind
FROM_DECK_OR_OTHER = 2  # the deck's top card, or when the deck is empty the prize left (Islands)
FROM_SECOND_PRIZE = 3  # the second face-up prize (Islands)

#: trick marks whose value is a card id (written by place in a position)
CARD_MARKS = (FORCED_PLAY,)

#: The legal moves of a position, as the engine caches them: the move strings in order; for a
#: card play, the card each plays (two lists, not a map: a hand of a few cards is searched faster
#: than a dictionary is built, and almost every card's move is unique, R-30); for a decision,
#: a map from each answer to -1 (a Wishing Lamp offers dozens, A36), and no cards
LegalMoves = tuple[list[str], list[int], dict[str, int] | None]

#: one finished trick: (phase, number, leader, prize or -1, plays, winner or -1, reason)
#: with plays = ((player, card, effective value, declared faction or None), ...)
TrickRecord = tuple[int, int, int, int, tuple[tuple[int, int, int, str | None], ...], int, str]


@record
class Trick:
    """The trick being played or resolved. Powers read and change it while it resolves.

    Its fields are declared once, below, in the order a position writes them: the type, the
    default (a parameter of the constructor: :func:`~claim.core.fields.param`), and the codec a
    position writes and reads it with (:mod:`claim.core.position_codecs`); the constructor,
    ``__slots__`` and :meth:`copy` are derived from them (:mod:`claim.core.fields`).
    """

    #: built once per trick, copied once per clone: compiled without a ``__new__`` of its own
    #: (:data:`claim.core.fields.COPY_BY_CONSTRUCTOR`)
    _copy_by_constructor = True

    phase: int = param(pos=Int())
    number: int = param(pos=Int())
    leader: int = param(pos=Player())
    prize: int = param(pos=Prize())  # card id, or -1 in Phase Two
    #: the face-up prizes, older first (two with Islands, L6); ``prize`` is the first
    prizes: list[int] = slot([], pos=Prizes(), start="[prize] if prize >= 0 else []")
    #: each play's rank within its faction (Farmlands: a 2 outranks the others, R-71)
    ranks: list[int] = slot([], pos=PerPlay(int_list, lambda r, card: 0))
    plays: list[tuple[int, int]] = slot([], pos=Plays())  # (player, card) in play order
    values: list[int] = slot([], pos=Loose(int_list, []))  # effective value of each play (§4.2)
    #: the faction each play counts as in this trick
    factions: list[str] = slot([], pos=Loose(str_list, []))
    #: the declared faction ("as") of each play, if any
    declared: list[str | None] = slot([], pos=Loose(optional_str_list, []))
    #: the power key each play brings its powers by (its faction, a hero's code; a Life
    #: Stealer or declared Ent takes the faction it counts as, H31, H35)
    keys: list[str] = slot([], pos=PerPlay(str_list, lambda r, card: r.power_key[card]))
    #: the Jester swapped the two cards' owners for the resolution (R-64, H25)
    swapped: bool = slot(False, pos=Loose(bool, False))
    #: position of the card whose power replaced the collection (Death, H33): an earlier
    #: card's power about where it goes (Dinosaur) is overridden (R-3); -1: none
    sealed: int = slot(-1, pos=Loose(int, NO_PLAYER))
    #: small facts a power leaves for its later hooks (Stone Golem's crush, Kraken's take); the
    #: ones naming a card (CARD_MARKS) are written by place
    marks: dict[str, int] = slot({}, pos=(Marks(CARD_MARKS), CardMarks(CARD_MARKS)))
    #: artifact value changes in the order they came (A12): (card, artifact, amount); applied
    #: last in the value chain, to the card wherever it lies (a Jester's swap, A31)
    mods: list[tuple[int, str, int]] = slot([], pos=Mods())
    #: the artifacts used in this trick, in order: (player, name, detail) — the detail is the
    #: move's argument, or the card a King's Dagger took (A25, A41)
    used: list[tuple[int, str, str]] = slot([], pos=Used())
    winner: int = slot(NO_PLAYER, pos=Loose(int, NO_PLAYER))
    reason: str = slot("", pos=Loose(str, ""))
    #: (player, zone) for each play
    dests: list[tuple[int, int]] = slot([], pos=Loose(int_pairs, [], out=lists))
    #: (card, from zone, player, to zone)
    extra: list[tuple[int, int, int, int]] = slot([], pos=Extra())
    next_leader: int = slot(NO_PLAYER, pos=Loose(int, NO_PLAYER))
    #: Phase One: (player, FROM_PRIZE|FROM_DECK|...)
    prize_plan: list[tuple[int, int]] = slot([], pos=Loose(int_pairs, [], out=lists))
    #: the played cards and the prize have left the table
    collected: bool = slot(False, pos=Loose(bool, False))
    #: positions of played cards captured straight into a Score pile (Basilisk): they skip
    #: every other collection power (§5.6)
    captured: list[int] = slot([], pos=Loose(int_list, []))
    #: (player, card) for every card a player collected in this trick, captures excluded
    #: (what Vampire tucks may choose from, V3)
    gained: list[tuple[int, int]] = slot([], pos=Gained())
    #: the powers answering this trick's questions once both cards are down (derived, cached,
    #: shared by copies)
    layers: TrickLayers | None = slot(None)

    def remove_play(self, i: int) -> tuple[int, int]:
        """Take back play ``i`` as if it never happened (King's Dagger, A7): its entry goes from
        every per-play list; returns its (player, card)."""
        self.values.pop(i)
        self.factions.pop(i)
        self.declared.pop(i)
        self.keys.pop(i)
        self.ranks.pop(i)
        return self.plays.pop(i)

    @copier
    def copy(self) -> Trick:
        """An independent copy (the cached layers are shared); generated from the fields."""
        raise NotImplementedError  # replaced by @record


@record
class State:
    """Everything about one game. Mutated in place by :func:`claim.core.engine.apply`.

    Its fields are declared once, below, in the order a position writes them (the players'
    fields in each player's object): the type, the default (a parameter of the constructor:
    :func:`~claim.core.fields.param`), how a clone copies it when the default does not say
    (``copy``; ``history``: ``clone(history=False)`` leaves it empty) and the codec a position
    writes and reads it with (:mod:`claim.core.position_codecs`; none: not in a position). The
    constructor, ``__slots__`` and :meth:`clone` are derived from them (:mod:`claim.core.fields`);
    :meth:`to_dict` and :func:`claim.core.positions.load_position` loop over them.
    """

    config: GameConfig = param(pos=Setup())
    #: the powers in play, derived from the config (``claim.core.powers.rule_book``) and
    #: shared by every clone; handed in, so the state needs no import of the powers
    book: RuleBook = param()
    phase: int = slot(1, pos=Int(choices=(1, 2)))
    hands: list[list[int]] = slot([[], []], pos=Each(Cards("hand")))
    followers: list[list[int]] = slot([[], []], pos=Each(Cards()))
    score: list[list[int]] = slot([[], []], pos=Each(Cards()))
    #: face-up Gnomes in front of each player (§5.2)
    faceup: list[list[int]] = slot([[], []], pos=Each(Cards("gnomes")))
    #: each player's face-up Vampire (0 or 1 card) and the cards tucked under it (§5.3)
    vampire: list[list[int]] = slot([[], []], pos=Each(Cards(one=True)))
    tucked: list[list[int]] = slot([[], []], pos=Each(Cards()))
    #: the Toxics (in ``toxics``) each player has peeked at
    peeked: list[set[int]] = slot([set(), set()], pos=Each(Peeked()))
    #: R-62 simultaneous choices made but not yet carried out (Cthulhu's discards), per player
    chosen: list[list[int]] = slot([[], []], pos=Each(Cards()))
    #: the card each player set aside for their last trick (Flail of Dawn, A5, A39)
    aside: list[list[int]] = slot([[], []], pos=Each(Cards()))
    #: each player's unused artifacts (secret from the other, §8) and the ones used, in order
    artifacts: list[list[str]] = slot(
        [[], []],
        pos=Each(Artifacts()),
        start="[list(hand) for hand in config.artifacts] or [[], []]",
    )
    used_artifacts: list[list[str]] = slot([[], []], pos=Each(Artifacts()))
    deck: list[int] = slot([], pos=Cards(top_first=True))  # top card LAST
    discard: list[int] = slot([], pos=Cards())
    #: the Troll pool (§5.2)
    troll_pool: list[int] = slot([], pos=Cards())
    #: cards that left the game
    out: list[int] = slot([], pos=Cards())
    #: cards in ``out`` that left the game face-up (R-20 Vampire stacks); the rest left unseen
    public_out: set[int] = slot(set(), pos=PublicOut())
    #: cards in ``out`` that left the game unseen from the deck, and why: "heroes" (the
    #: faction cards the heroes replaced, §2 step 3) or "cthulhu" (H18)
    removed: dict[int, str] = slot({}, pos=Removed())
    #: the Gelatinous Cube bundle on the table (R-63, H20), and the face-up Phase One prizes
    #: waiting for the next trick (held back by a Cube trick, H20; not taken with Islands, L6)
    table: list[int] = slot([], pos=Cards())
    held: list[int] = slot([], pos=Cards())
    #: small numbers locations keep between tricks (Plateau's streak, Ice Fields' bonus, Lava
    #: Fields' run of losses, the Lighthouse's won factions, ...), by name
    counters: dict[str, int] = slot({}, pos=Counters())
    #: where a chosen card taken from a Score pile lay in it (Tavern, W8: the other player
    #: still sees it there)
    chosen_at: dict[int, int] = slot({}, pos=PlaceMap(int, "index"))
    #: facts about single cards that powers need later: "stale" (a Gargoyle that entered a
    #: Score pile in Phase One counts for nothing, H32), "face-up" (a Gnome that lay face-up
    #: at the end of Phase Two, which the Tavern cannot give, L20)
    tags: dict[int, str] = slot({}, pos=PlaceMap(str, "tag"))
    #: what the end-of-game steps moved (kept while an end-of-game decision is asked)
    end_moves: list[EndMove] = slot([], pos=EndMoves())
    #: the three face-up Toxics, values hidden (§5.4)
    toxics: list[int] = slot([], pos=Cards())
    #: the face-down Fire Phoenix pile (§5.6), top card LAST
    fire_phoenix: list[int] = slot([], pos=Cards(top_first=True))
    #: Demons and Fire Elementals whose value is public (played in a trick, W2)
    value_known: set[int] = slot(set(), pos=PlaceSet())
    #: the faction each played dual card was declared as (R-40); it keeps it once collected
    declared: dict[int, str] = slot({}, pos=PlaceMap(str, "faction"))
    leader: int = slot(0, pos=Player(), start="config.first_leader")
    number: int = slot(0, pos=Int())  # number of the current trick within its phase
    trick: Trick | None = slot(None, copy=Copy.RECORD, pos=Nested(Trick))
    #: pending work, front first: (kind, player, data); see engine.advance
    tasks: list[tuple[str, int, int]] = slot([], pos=Tasks())
    #: cards in a hidden zone (Follower deck, hand) that the player who does not hold them knows
    revealed: set[int] = slot(set(), pos=Revealed())
    history: list[TrickRecord] = slot([], history=True, pos=History())
    #: Islands (L6): the face-up prizes of each past trick that had two, by trick index
    history_prizes: dict[int, tuple[int, ...]] = slot({}, history=True, pos=HistoryPrizes())
    #: the artifacts used in each past trick that had any (Trick.used), by trick index
    history_artifacts: dict[int, tuple[tuple[int, str, str], ...]] = slot(
        {}, history=True, pos=HistoryArtifacts()
    )
    moves: list[str] = slot([], history=True, pos=Strings())
    chance: list[str] = slot([], pos=Strings())
    #: the starting deal, for records: (hand 0, hand 1, deck top first)
    deal: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]] = slot(((), (), ()), pos=Deal())
    #: the setup draws a record names: (Toxics, Fire Phoenix pile top first), written in the
    #: ``setup`` object
    setup_draws: tuple[tuple[int, ...], tuple[int, ...]] = slot(((), ()), pos=SetupDraws())
    result: GameResult | None = slot(None, pos=Result())
    last_winner: int = slot(NO_PLAYER, pos=Player(allow_none=True))
    moon: str = slot("no-moon", pos=Choice("no-moon", "full-moon"))
    #: the seed the game was dealt from, if any (for records)
    seed: int | None = slot(None, pos=Seed())
    #: random events during play draw from a stream derived from (chance_seed, draws), so a
    #: clone copies two ints instead of a 625-word generator state (see random_source)
    chance_seed: int = param(default=0, pos=Int())
    draws: int = slot(0, pos=Int())
    #: random outcomes a record fixes (its ``chance``), taken before the seed's generator
    scripted: tuple[str, ...] = slot(())
    #: options of the decision being asked (a cache of the front task's options)
    options: list[str] = slot([])
    #: the legal moves (:data:`LegalMoves`); replaced, never changed in place, so clones
    #: share it
    legal_cache: LegalMoves | None = slot(None)
    #: what the engine's steps did, recorded while an observer asks (``engine.apply_events``);
    #: None the rest of the time, and always in a copy
    recorder: Recorder | None = slot(None, copy=Copy.FRESH)

    def holds(self, player: int) -> bool:
        """Whether ``player`` holds a card to play: in hand, or set aside for their last trick
        (Flail of Dawn: the aside card counts as held, A39)."""
        return bool(self.hands[player] or self.aside[player])

    # -- copying ------------------------------------------------------------------------------

    @copier
    def clone(self, history: bool = True) -> State:
        """An independent copy; ``history=False`` drops the trick history and moves (playouts).
        Generated from the fields: straight-line code, as fast as a hand-written copy."""
        raise NotImplementedError  # replaced by @record

    def places(self) -> dict[int, str]:
        """Each card's place as ``zone/index`` (zones of :meth:`zones`), for serializing sets of
        cards: with duplicated codes only a place says which copy is meant."""
        return {c: f"{name}/{i}" for name, zone in self.zones().items() for i, c in enumerate(zone)}

    def deal_codes(self) -> dict[str, Any]:
        """The starting deal as a record's ``deal`` object (codes, deck top first)."""
        code = cards.CODE
        hand0, hand1, deck = self.deal
        return {
            "hands": [[code[c] for c in hand0], [code[c] for c in hand1]],
            "deck": [code[c] for c in deck],
        }

    def setup_codes(self) -> dict[str, Any]:
        """The record's ``setup`` object: the config plus the Toxics and Fire Phoenix pile."""
        setup = self.config.to_dict()
        toxics, pile = self.setup_draws
        if toxics:
            setup["toxics"] = [cards.CODE[c] for c in toxics]
        if pile:
            setup["fire_phoenix"] = [cards.CODE[c] for c in pile]
        return setup

    def random_source(self) -> random.Random:
        """The generator for the next random event during play (Skeleton, Hunting Cloak, ...).

        Each event gets its own generator seeded from ``(chance_seed, draws)``: the game stays
        one seeded stream of chance, and cloning or saving it costs two integers.
        """
        self.draws += 1
        return random.Random(f"{self.chance_seed}/{self.draws}")

    def pick_random(self, candidates: list[int]) -> int:
        """A card drawn at random from ``candidates`` (a random event during play: Skeleton,
        Kraken, H11): the record's next ``chance`` entry while it has one (a card that is not
        among the candidates is a malformed record), else the seed's generator. The outcome is
        appended to ``chance``, so the game's record replays it exactly."""
        i = len(self.chance)
        if i < len(self.scripted):
            self.draws += 1  # the seed's stream moves on as if it had drawn: replays match
            code = self.scripted[i]
            card = next((c for c in candidates if cards.CODE[c] == code), None)
            if card is None:
                raise RecordError(f"chance[{i}]: {code} is not among the cards it draws from")
        else:
            card = candidates[self.random_source().randrange(len(candidates))]
            # the record keeps a code: of two copies, the first stands for both, as in a replay
            code = cards.CODE[card]
            card = next(c for c in candidates if cards.CODE[c] == code)
        self.chance.append(cards.CODE[card])
        return card

    # -- serialization ------------------------------------------------------------------------

    def zones(self) -> dict[str, list[int]]:
        """Every place a physical card can be, by name (for the conservation invariant)."""
        z = {
            "hand0": self.hands[0],
            "hand1": self.hands[1],
            "followers0": self.followers[0],
            "followers1": self.followers[1],
            "score0": self.score[0],
            "score1": self.score[1],
            "gnomes0": self.faceup[0],
            "gnomes1": self.faceup[1],
            "deck": self.deck,
            "discard": self.discard,
            "troll_pool": self.troll_pool,
            "out": self.out,
            "vampire0": self.vampire[0],
            "vampire1": self.vampire[1],
            "tucked0": self.tucked[0],
            "tucked1": self.tucked[1],
            "toxics": self.toxics,
            "fire_phoenix": self.fire_phoenix,
            "table": self.table,
            "chosen0": self.chosen[0],
            "chosen1": self.chosen[1],
            "aside0": self.aside[0],
            "aside1": self.aside[1],
        }
        if self.held:
            z["held"] = self.held
        if self.trick is not None and not self.trick.collected:
            z["trick"] = [c for _, c in self.trick.plays]
            if self.trick.prizes:
                z["prize"] = self.trick.prizes
        return z

    def to_dict(self) -> dict[str, Any]:
        """The position: a JSON-able snapshot that :func:`claim.core.positions.load_position`
        restores exactly (each field as its codec writes it)."""
        return {"format": POSITION_FORMAT, **write_record(self, Writer(self))}


def chance_seed_for(seed: int | None) -> int:
    """The chance seed of a game dealt from ``seed`` (also used when a record gives a deal)."""
    # A fixed odd-multiplier mix: cheap (a game is dealt thousands of times a second in
    # simulations) and deterministic across Python versions.
    return ((seed or 0) * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) % (1 << 63)
