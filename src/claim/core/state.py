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
from claim.core.setup import GameConfig

if TYPE_CHECKING:
    from claim.core.powers.base import Layer, RuleBook

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

NO_PLAYER = -1

#: the tag of a card in a hidden zone that the other player knows from a private look (the Seer,
#: W7), not from seeing it face-up: a spectator's view does not show it (docs/rulings.md 40)
PRIVATE_LOOK = "looked"

#: the counter that, while positive, shows every card taken from the deck to both players
#: (Prowler's Torch, W6)
SHOWN_DRAWS = "prowlers-torch"

#: the trick mark naming the card the player to act must play (an artifact's forced play)
FORCED_PLAY = "forced"
#: trick marks whose value is a card id (written by place in a position)
CARD_MARKS = (FORCED_PLAY,)

#: one finished trick: (phase, number, leader, prize or -1, plays, winner or -1, reason)
#: with plays = ((player, card, effective value, declared faction or None), ...)
TrickRecord = tuple[int, int, int, int, tuple[tuple[int, int, int, str | None], ...], int, str]


class Trick:
    """The trick being played or resolved. Powers read and change it while it resolves."""

    __slots__ = (
        "captured",
        "collected",
        "declared",
        "dests",
        "extra",
        "factions",
        "gained",
        "keys",
        "layers",
        "leader",
        "marks",
        "mods",
        "next_leader",
        "number",
        "phase",
        "plays",
        "prize",
        "prize_plan",
        "prizes",
        "ranks",
        "reason",
        "sealed",
        "swapped",
        "used",
        "values",
        "winner",
    )

    def __init__(self, phase: int, number: int, leader: int, prize: int) -> None:
        self.phase = phase
        self.number = number
        self.leader = leader
        self.prize = prize  # card id, or -1 in Phase Two
        #: the face-up prizes, older first (two with Islands, L6); ``prize`` is the first
        self.prizes: list[int] = [prize] if prize >= 0 else []
        #: each play's rank within its faction (Farmlands: a 2 outranks the others, R-71)
        self.ranks: list[int] = []
        self.plays: list[tuple[int, int]] = []  # (player, card) in play order
        self.values: list[int] = []  # effective value of each play (§4.2)
        self.factions: list[str] = []  # faction each play counts as in this trick
        self.declared: list[str | None] = []  # declared faction ("as") of each play, if any
        #: the power key each play brings its powers by (its faction, a hero's code; a Life
        #: Stealer or declared Ent takes the faction it counts as, H31, H35)
        self.keys: list[str] = []
        #: the Jester swapped the two cards' owners for the resolution (R-64, H25)
        self.swapped = False
        #: position of the card whose power replaced the collection (Death, H33): an earlier
        #: card's power about where it goes (Dinosaur) is overridden (R-3); -1: none
        self.sealed = -1
        #: small facts a power leaves for its later hooks (Stone Golem's crush, Kraken's take)
        self.marks: dict[str, int] = {}
        #: artifact value changes in the order they came (A12): (card, artifact, amount); applied
        #: last in the value chain, to the card wherever it lies (a Jester's swap, A31)
        self.mods: list[tuple[int, str, int]] = []
        #: the artifacts used in this trick, in order: (player, name, detail) — the detail is the
        #: move's argument, or the card a King's Dagger took (A25, A41)
        self.used: list[tuple[int, str, str]] = []
        self.winner = NO_PLAYER
        self.reason = ""
        self.dests: list[tuple[int, int]] = []  # (player, zone) for each play
        self.extra: list[tuple[int, int, int, int]] = []  # (card, from zone, player, to zone)
        self.next_leader = NO_PLAYER
        self.prize_plan: list[tuple[int, int]] = []  # Phase One: (player, FROM_PRIZE|FROM_DECK)
        self.collected = False  # the played cards and the prize have left the table
        #: positions of played cards captured straight into a Score pile (Basilisk): they skip
        #: every other collection power (§5.6)
        self.captured: list[int] = []
        #: (player, card) for every card a player collected in this trick, captures excluded
        #: (what Vampire tucks may choose from, V3)
        self.gained: list[tuple[int, int]] = []
        #: the powers answering this trick's questions once both cards are down (derived, cached)
        self.layers: dict[str, list[Layer]] | None = None

    def remove_play(self, i: int) -> tuple[int, int]:
        """Take back play ``i`` as if it never happened (King's Dagger, A7): its entry goes from
        every per-play list; returns its (player, card)."""
        self.values.pop(i)
        self.factions.pop(i)
        self.declared.pop(i)
        self.keys.pop(i)
        self.ranks.pop(i)
        return self.plays.pop(i)

    def copy(self) -> Trick:
        t = Trick(self.phase, self.number, self.leader, self.prize)
        t.plays = self.plays[:]
        t.values = self.values[:]
        t.factions = self.factions[:]
        t.declared = self.declared[:]
        t.keys = self.keys[:]
        t.prizes = self.prizes[:]
        t.ranks = self.ranks[:]
        t.swapped = self.swapped
        t.sealed = self.sealed
        t.marks = dict(self.marks)
        t.mods = self.mods[:]
        t.used = self.used[:]
        t.winner = self.winner
        t.reason = self.reason
        t.dests = self.dests[:]
        t.extra = self.extra[:]
        t.next_leader = self.next_leader
        t.prize_plan = self.prize_plan[:]
        t.collected = self.collected
        t.captured = self.captured[:]
        t.gained = self.gained[:]
        t.layers = self.layers
        return t


class State:
    """Everything about one game. Mutated in place by :func:`claim.core.engine.apply`."""

    __slots__ = (
        "artifacts",
        "aside",
        "book",
        "chance",
        "chance_seed",
        "chosen",
        "chosen_at",
        "config",
        "counters",
        "deal",
        "deck",
        "declared",
        "discard",
        "draws",
        "end_moves",
        "faceup",
        "fire_phoenix",
        "followers",
        "hands",
        "held",
        "history",
        "history_artifacts",
        "history_prizes",
        "last_winner",
        "leader",
        "legal_cache",
        "moon",
        "moves",
        "number",
        "options",
        "out",
        "peeked",
        "phase",
        "public_out",
        "removed",
        "result",
        "revealed",
        "score",
        "scripted",
        "seed",
        "setup_draws",
        "table",
        "tags",
        "tasks",
        "toxics",
        "trick",
        "troll_pool",
        "tucked",
        "used_artifacts",
        "value_known",
        "vampire",
    )

    def __init__(self, config: GameConfig, book: RuleBook, chance_seed: int = 0) -> None:
        self.config = config
        #: the powers in play, derived from the config (``claim.core.powers.rule_book``) and
        #: shared by every clone; handed in, so the state needs no import of the powers
        self.book: RuleBook = book
        #: random events during play draw from a stream derived from (chance_seed, draws), so a
        #: clone copies two ints instead of a 625-word generator state (see random_source)
        self.chance_seed = chance_seed
        self.draws = 0
        self.seed: int | None = None  # the seed the game was dealt from, if any (for records)
        self.phase = 1
        self.hands: list[list[int]] = [[], []]
        self.followers: list[list[int]] = [[], []]
        self.score: list[list[int]] = [[], []]
        self.faceup: list[list[int]] = [[], []]
        self.deck: list[int] = []  # top card LAST
        self.discard: list[int] = []
        self.troll_pool: list[int] = []
        self.out: list[int] = []
        #: cards in ``out`` that left the game face-up (R-20 Vampire stacks); the rest left unseen
        self.public_out: set[int] = set()
        #: each player's face-up Vampire (0 or 1 card) and the cards tucked under it (§5.3)
        self.vampire: list[list[int]] = [[], []]
        self.tucked: list[list[int]] = [[], []]
        #: the three face-up Toxics, values hidden (§5.4), and the ones each player has peeked at
        self.toxics: list[int] = []
        self.peeked: list[set[int]] = [set(), set()]
        #: the face-down Fire Phoenix pile (§5.6), top card LAST
        self.fire_phoenix: list[int] = []
        #: Demons and Fire Elementals whose value is public (played in a trick, W2)
        self.value_known: set[int] = set()
        #: the faction each played dual card was declared as (R-40); it keeps it once collected
        self.declared: dict[int, str] = {}
        #: the Gelatinous Cube bundle on the table (R-63, H20), and the face-up Phase One prizes
        #: waiting for the next trick (held back by a Cube trick, H20; not taken with Islands, L6)
        self.table: list[int] = []
        self.held: list[int] = []
        #: small numbers locations keep between tricks (Plateau's streak, Ice Fields' bonus, Lava
        #: Fields' run of losses, the Lighthouse's won factions, ...), by name
        self.counters: dict[str, int] = {}
        #: cards in ``out`` that left the game unseen from the deck, and why: "heroes" (the
        #: faction cards the heroes replaced, §2 step 3) or "cthulhu" (H18)
        self.removed: dict[int, str] = {}
        #: R-62 simultaneous choices made but not yet carried out (Cthulhu's discards), per player
        self.chosen: list[list[int]] = [[], []]
        #: where a chosen card taken from a Score pile lay in it (Tavern, W8: the other player
        #: still sees it there)
        self.chosen_at: dict[int, int] = {}
        #: facts about single cards that powers need later: "stale" (a Gargoyle that entered a
        #: Score pile in Phase One counts for nothing, H32), "face-up" (a Gnome that lay face-up
        #: at the end of Phase Two, which the Tavern cannot give, L20)
        self.tags: dict[int, str] = {}
        #: random outcomes a record fixes (its ``chance``), taken before the seed's generator
        self.scripted: tuple[str, ...] = ()
        #: each player's unused artifacts (secret from the other, §8) and the ones used, in order
        self.artifacts: list[list[str]] = [list(hand) for hand in config.artifacts] or [[], []]
        self.used_artifacts: list[list[str]] = [[], []]
        #: the card each player set aside for their last trick (Flail of Dawn, A5, A39)
        self.aside: list[list[int]] = [[], []]
        #: what the end-of-game steps moved (kept while an end-of-game decision is asked)
        self.end_moves: list[dict[str, str]] = []
        self.leader = config.first_leader
        self.number = 0  # number of the current trick within its phase
        self.trick: Trick | None = None
        #: pending work, front first: (kind, player, data); see engine.advance
        self.tasks: list[tuple[str, int, int]] = []
        #: options of the decision being asked (a cache of the front task's options)
        self.options: list[str] = []
        #: cards in a hidden zone (Follower deck, hand) that the player who does not hold them knows
        self.revealed: set[int] = set()
        self.history: list[TrickRecord] = []
        #: Islands (L6): the face-up prizes of each past trick that had two, by trick index
        self.history_prizes: dict[int, tuple[int, ...]] = {}
        #: the artifacts used in each past trick that had any (Trick.used), by trick index
        self.history_artifacts: dict[int, tuple[tuple[int, str, str], ...]] = {}
        self.moves: list[str] = []
        self.chance: list[str] = []
        #: the starting deal, for records: (hand 0, hand 1, deck top first)
        self.deal: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]] = ((), (), ())
        #: the setup draws a record names: (Toxics, Fire Phoenix pile top first)
        self.setup_draws: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
        self.result: dict[str, Any] | None = None
        self.last_winner = NO_PLAYER
        self.moon = "no-moon"
        self.legal_cache: dict[str, int] | None = None  # legal move -> card (-1: an answer)

    def holds(self, player: int) -> bool:
        """Whether ``player`` holds a card to play: in hand, or set aside for their last trick
        (Flail of Dawn: the aside card counts as held, A39)."""
        return bool(self.hands[player] or self.aside[player])

    # -- copying ------------------------------------------------------------------------------

    def clone(self, history: bool = True) -> State:
        """An independent copy; ``history=False`` drops the trick history and moves (playouts)."""
        s = State.__new__(State)
        s.config = self.config
        s.book = self.book
        s.chance_seed = self.chance_seed
        s.draws = self.draws
        s.seed = self.seed
        s.phase = self.phase
        s.hands = [self.hands[0][:], self.hands[1][:]]
        s.followers = [self.followers[0][:], self.followers[1][:]]
        s.score = [self.score[0][:], self.score[1][:]]
        s.faceup = [self.faceup[0][:], self.faceup[1][:]]
        s.deck = self.deck[:]
        s.discard = self.discard[:]
        s.troll_pool = self.troll_pool[:]
        s.out = self.out[:]
        s.public_out = set(self.public_out)
        s.vampire = [self.vampire[0][:], self.vampire[1][:]]
        s.tucked = [self.tucked[0][:], self.tucked[1][:]]
        s.toxics = self.toxics[:]
        s.peeked = [set(self.peeked[0]), set(self.peeked[1])]
        s.fire_phoenix = self.fire_phoenix[:]
        s.value_known = set(self.value_known)
        s.declared = dict(self.declared)
        s.table = self.table[:]
        s.held = self.held[:]
        s.counters = dict(self.counters)
        s.chosen_at = dict(self.chosen_at)
        s.removed = dict(self.removed)
        s.chosen = [self.chosen[0][:], self.chosen[1][:]]
        s.tags = dict(self.tags)
        s.scripted = self.scripted
        s.artifacts = [self.artifacts[0][:], self.artifacts[1][:]]
        s.used_artifacts = [self.used_artifacts[0][:], self.used_artifacts[1][:]]
        s.aside = [self.aside[0][:], self.aside[1][:]]
        s.end_moves = self.end_moves[:]
        s.leader = self.leader
        s.number = self.number
        s.trick = self.trick.copy() if self.trick is not None else None
        s.tasks = self.tasks[:]
        s.options = self.options[:]
        s.revealed = set(self.revealed)
        s.history = self.history[:] if history else []
        s.history_prizes = dict(self.history_prizes) if history else {}
        s.history_artifacts = dict(self.history_artifacts) if history else {}
        s.moves = self.moves[:] if history else []
        s.chance = self.chance[:]
        s.deal = self.deal
        s.setup_draws = self.setup_draws
        s.result = self.result
        s.last_winner = self.last_winner
        s.moon = self.moon
        s.legal_cache = self.legal_cache
        return s

    def places(self) -> dict[int, str]:
        """Each card's place as ``zone/index`` (zones of :meth:`zones`), for serializing sets of
        cards: with duplicated codes only a place says which copy is meant."""
        return {c: f"{name}/{i}" for name, zone in self.zones().items() for i, c in enumerate(zone)}

    def code_places(self, cards_: set[int]) -> list[str]:
        places = self.places()
        return [places[c] for c in cards_ if c in places]

    def code_places_map(self, mapping: dict[int, str]) -> dict[str, str]:
        places = self.places()
        return {places[c]: v for c, v in mapping.items() if c in places}

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
        restores exactly."""
        code = cards.CODE

        def codes(ids: list[int]) -> list[str]:
            return [code[c] for c in ids]

        revealed: list[list[Any]] = []
        for p in (0, 1):
            for zone_name, zone in (("hand", self.hands[p]), ("followers", self.followers[p])):
                revealed.extend([p, zone_name, i] for i, c in enumerate(zone) if c in self.revealed)
        trick: dict[str, Any] | None = None
        places = self.places()
        if self.trick is not None:
            t = self.trick
            trick = {
                "phase": t.phase,
                "number": t.number,
                "leader": t.leader,
                "prize": code[t.prize] if t.prize >= 0 else None,
                "prizes": codes(t.prizes),
                "ranks": t.ranks,
                "plays": [[p, code[c]] for p, c in t.plays],
                "values": t.values,
                "factions": t.factions,
                "declared": t.declared,
                "keys": t.keys,
                "swapped": t.swapped,
                "sealed": t.sealed,
                # a card a mark names (an artifact's forced play) by place, like gained
                "marks": {k: v for k, v in t.marks.items() if k not in CARD_MARKS},
                "card_marks": {k: places[v] for k, v in t.marks.items() if k in CARD_MARKS},
                "mods": [[places.get(c, code[c]), name, n] for c, name, n in t.mods],
                "used": [list(u) for u in t.used],
                "winner": t.winner,
                "reason": t.reason,
                "dests": [list(d) for d in t.dests],
                "extra": [[code[c], z, p, z2] for c, z, p, z2 in t.extra],
                "next_leader": t.next_leader,
                "prize_plan": [list(x) for x in t.prize_plan],
                "collected": t.collected,
                "captured": t.captured,
                # by place: with duplicated codes only a place says which copy was collected
                "gained": [[p, places.get(c, code[c])] for p, c in t.gained],
            }
        return {
            "format": "claim-position/1",
            "setup": self.setup_codes(),
            "phase": self.phase,
            "players": [
                {
                    "hand": codes(self.hands[p]),
                    "followers": codes(self.followers[p]),
                    "score": codes(self.score[p]),
                    "gnomes": codes(self.faceup[p]),
                    "vampire": codes(self.vampire[p]),
                    "tucked": codes(self.tucked[p]),
                    "peeked": sorted(self.toxics.index(c) for c in self.peeked[p]),
                    "chosen": codes(self.chosen[p]),
                    "aside": codes(self.aside[p]),
                    "artifacts": list(self.artifacts[p]),
                    "used_artifacts": list(self.used_artifacts[p]),
                }
                for p in (0, 1)
            ],
            "deck": codes(self.deck[::-1]),
            "discard": codes(self.discard),
            "troll_pool": codes(self.troll_pool),
            "out": codes(self.out),
            "public_out": [i for i, c in enumerate(self.out) if c in self.public_out],
            "removed": [[i, self.removed[c]] for i, c in enumerate(self.out) if c in self.removed],
            "table": codes(self.table),
            "held": codes(self.held),
            "counters": dict(self.counters),
            "chosen_at": sorted([places[c], i] for c, i in self.chosen_at.items() if c in places),
            "tags": sorted([place, tag] for place, tag in self.code_places_map(self.tags).items()),
            "end_moves": self.end_moves,
            "toxics": codes(self.toxics),
            "fire_phoenix": codes(self.fire_phoenix[::-1]),
            "value_known": sorted(self.code_places(self.value_known)),
            "declared": sorted(
                [place, faction] for place, faction in self.code_places_map(self.declared).items()
            ),
            "leader": self.leader,
            "number": self.number,
            "trick": trick,
            "tasks": [list(t) for t in self.tasks],
            "revealed": revealed,
            "history": [
                [
                    ph,
                    n,
                    ld,
                    code[pz] if pz >= 0 else None,
                    [[p, code[c], v, a] for p, c, v, a in plays],
                    w,
                    r,
                ]
                for ph, n, ld, pz, plays, w, r in self.history
            ],
            "history_prizes": [
                [i, codes(list(prizes))] for i, prizes in sorted(self.history_prizes.items())
            ],
            "history_artifacts": [
                [i, [list(u) for u in used]] for i, used in sorted(self.history_artifacts.items())
            ],
            "moves": list(self.moves),
            "chance": list(self.chance),
            "deal": self.deal_codes(),
            "result": self.result,
            "last_winner": self.last_winner,
            "moon": self.moon,
            "seed": self.seed,
            "chance_seed": self.chance_seed,
            "draws": self.draws,
        }


def chance_seed_for(seed: int | None) -> int:
    """The chance seed of a game dealt from ``seed`` (also used when a record gives a deal)."""
    # A fixed odd-multiplier mix: cheap (a game is dealt thousands of times a second in
    # simulations) and deterministic across Python versions.
    return ((seed or 0) * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) % (1 << 63)
