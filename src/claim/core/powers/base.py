"""The powers mechanism: tiers, the hooks a power may answer, and the per-game rule book.

The trick loop (``claim.core.engine``) never names a card. At each question a trick asks it
collects the *layers* that answer it — the active powers, lowest tier first (§4.4: locations <
factions < heroes < artifacts), and within a tier the powers not tied to a played card before those
of the played cards in play order (R-3: the later card has the last word) — and lets each layer
change the answer so far. A power never tests for another power by name.

Powers are stateless singletons; everything they remember lives in the
:class:`~claim.core.state.State`.
"""

from __future__ import annotations

from enum import IntEnum
from functools import lru_cache
from typing import TYPE_CHECKING, ClassVar, Final, NamedTuple

from mypy_extensions import mypyc_attr

from claim.core import cards
from claim.core.cards import PUBLIC_NAME, VALUE_HIDDEN
from claim.core.keys import LOWER_WINS

if TYPE_CHECKING:
    from claim.core.state import State, Trick


class Tier(IntEnum):
    """Precedence tiers of §4.4, lowest first."""

    LOCATION = 0
    FACTION = 1
    HERO = 2
    ARTIFACT = 3


#: the questions a trick asks, in the order the engine asks them
TRICK_HOOKS: tuple[str, ...] = (
    "set_faction",
    "set_value",
    "decide_winner",
    "before_collect",
    "route",
    "after_collect",
    "choose_next_leader",
)

_TRICK_HOOK_SET = frozenset(TRICK_HOOKS)

Ask = tuple[str, int, int]  # (decision kind, player asked, data)

# Engine steps a power may queue at the front of ``state.tasks`` (as ``(STEP, NO_PLAYER, 0)``) to
# have the engine carry out what only the engine does; the powers never call into the engine.
#: the windows after a play are closed: the trick goes on (after the lead, an artifact may play
#: the follower's card; after the follow, the Ice Sword window, then the resolution)
AFTER_PLAY = "@played"
#: play the card ``trick.marks[FORCED_PLAY]`` for the player to act, at once when it can be played
#: only one way (a card drawn at random: Hunting Cloak, Gambler's Dice, A6, A23)
PLAY_FORCED = "@play-forced"
#: the trick ends before it is contested: ``trick.winner`` (set by the power, with
#: ``trick.reason``) wins it with a plain collection (King's Dagger, A7, A43)
FORFEIT = "@forfeit"


#: a power's trick hooks until its rule book sets them; a name, not ``frozenset()`` in the class
#: body: mypyc sets a compiled class's attribute defaults in each new object, and takes only a
#: constant there (a literal or a ``Final`` name; anything else it warns about)
NO_HOOKS: Final[frozenset[str]] = frozenset()


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled, it may still be subclassed (tests)
class Power:
    """One card's (or location's, or artifact's) power. Subclasses override only the hooks they use.

    ``key`` ties the power to cards: a played card whose power key (:data:`POWER_KEY`) equals it
    brings the power into that trick as a layer at the card's position. A power with ``key = None``
    is global: it is a layer of every trick while it is in play, at position -1.

    Every trick hook receives ``(state, trick, pos)`` and changes ``trick`` in place; ``pos`` is the
    position in ``trick.plays`` of the card the power came with (-1 for a global power).
    """

    #: the card code, faction, location or artifact name, as used in docs and tests
    name: ClassVar[str] = ""
    tier: ClassVar[Tier] = Tier.FACTION
    #: the power key of the cards that bring it (None: global)
    key: ClassVar[str | None] = None
    #: phases in which the power acts (a phase label on the card, §5)
    phases: ClassVar[frozenset[int]] = frozenset({1, 2})
    #: decision kinds this power asks and answers
    asks: ClassVar[tuple[str, ...]] = ()
    #: R-4: decisions of powers with ask_last (Vampires) come after all others
    ask_last: ClassVar[bool] = False
    #: the trick hooks this power answers (set by the RuleBook)
    hooks: frozenset[str] = NO_HOOKS
    #: the power reads ``trick.gained`` (the cards each player collected this trick, V3)
    needs_gains: ClassVar[bool] = False
    #: the power's cards hide their values until played (R-30: Demons, Fire Elementals)
    hides_values: ClassVar[bool] = False
    #: the power takes away the power of the other card of its trick (Vampire Queen, H7, H38)
    strips_other: ClassVar[bool] = False
    #: the R-62 choices of this power, once carried out, go to the discard pile (Swamp, Cthulhu):
    #: the chooser's view shows their own there as soon as they are made (W8)
    discards_choices: ClassVar[bool] = False
    #: a global power that is a layer only of a trick that collects a Cube bundle (speed)
    needs_table: ClassVar[bool] = False
    #: powers that come into play with this one (a Trolls companion for buried Trolls)
    companions: ClassVar[tuple[type[Power], ...]] = ()
    #: the power's special votes come after every other's (Lighthouse: a faction won outright)
    vote_last: ClassVar[bool] = False
    #: a collected card of this power counts as two cards of its declared faction (Gargoyle)
    scores_twice: ClassVar[bool] = False
    #: a global power whose choose_next_leader / after_collect still act when a King's Dagger
    #: forfeit ends the trick (A43 spares only collection powers): a count of won and lost tricks
    #: (Plateau, Lava Fields, L8, L10), a decision about a card in a hand (Necromancer, H30)
    acts_on_forfeit: ClassVar[bool] = False
    #: hooks that are part of the following rule, not a power, so a Vampire Queen leaves them
    #: (H38: a Doppelganger still counts as the led faction)
    follow_rule_hooks: ClassVar[frozenset[str]] = frozenset()

    # -- which cards may be played ------------------------------------------------------------

    def follow_options(
        self, state: State, trick: Trick, hand: list[int], allowed: list[int]
    ) -> list[int]:
        """The cards the follower may play, given the answer so far (global; every active power)."""
        return allowed

    def declarations(
        self, state: State, trick: Trick, player: int, must: str | None
    ) -> list[str | None]:
        """What a card of this power may be declared as when ``player`` plays it (None: played
        plainly); ``must`` is the led faction when the player is able to follow it (H2, H34)."""
        return [None]

    def played(self, state: State, trick: Trick, pos: int, declared: str | None) -> None:
        """The card at ``pos`` was just played (declared as ``declared``): set what it counts as
        for this trick (``trick.factions``, ``values``, ``keys``), before the other card."""

    # -- the trick's questions (layers) -------------------------------------------------------

    def set_faction(self, state: State, trick: Trick, pos: int) -> None:
        """Change ``trick.factions``: the faction each card counts as (following, §4.1)."""

    def set_value(self, state: State, trick: Trick, pos: int) -> None:
        """Change ``trick.values``: effective values (§4.2)."""

    def decide_winner(self, state: State, trick: Trick, pos: int) -> None:
        """Change ``trick.winner`` (and ``trick.reason``, which the replay account prints)."""

    def before_collect(self, state: State, trick: Trick, pos: int) -> list[Ask]:
        """Decisions to ask before the trick is collected (R-4 order: play order)."""
        return []

    def route(self, state: State, trick: Trick, pos: int) -> None:
        """Change ``trick.dests`` (where each played card goes) and ``trick.extra``."""

    def after_collect(self, state: State, trick: Trick, pos: int) -> list[Ask]:
        """Decisions to ask once the trick is collected (R-4 order: play order)."""
        return []

    def choose_next_leader(self, state: State, trick: Trick, pos: int) -> None:
        """Change ``trick.next_leader``."""

    # -- the end of the game (§9) -------------------------------------------------------------

    #: the R-90 step (and order within it) of this power's end_of_game and end_asks: 1 = the
    #: phase ends (Troll pool 1.0, Gnomes 1.1), 2 = fakes 2.0, Toxics 2.1, Ice pairs 2.2; 3 =
    #: buildings: Tavern 3.0, Pit 3.1, Pyramid 3.2, Ruins 3.3, Fortress 3.4; the Gargoyle's count
    #: 3.9 (after step 3, H32)
    end_step: ClassVar[float] = 1.0

    def end_of_game(self, state: State) -> None:
        """Move cards at the end of the game, before the votes (§9 steps 1–3)."""

    def configure(self, book: RuleBook) -> None:
        """Change the game's tables when the rule book is built (Underworld's values,
        Farmlands' ranks, the number of face-up prizes with Islands)."""

    def phase_start(self, state: State, phase: int) -> list[Ask]:
        """Decisions asked when a phase starts, before its first trick (Endless Sands, Windy
        Peaks, Swamp)."""
        return []

    def trick_over(self, state: State, trick: Trick) -> None:
        """A trick is over, its decisions answered, before the next one starts (Lighthouse)."""

    def instant_result(self, state: State) -> tuple[int | None, str] | None:
        """§9 step 4: the winner (None: a draw) and the reason when this power decides the game
        before the votes; None when it does not."""
        return None

    def extra_votes(self, state: State) -> list[int]:
        """Votes each player counts beyond the factions won (§9 step 6, Dungeon)."""
        return [0, 0]

    def result_note(self, state: State) -> object:
        """An extra field of the result under this power's name (None: none)."""
        return None

    def end_asks(self, state: State) -> list[Ask]:
        """Decisions asked at the end of the game after its card moves, before the votes
        (Gargoyle, H32)."""
        return []

    def phase_over(self, state: State, phase: int) -> None:
        """The phase has just ended (its hands discarded)."""

    def score_votes(
        self, state: State, votes: dict[str, int | None], counts: dict[str, list[int]]
    ) -> None:
        """Change the votes (special votes, §9 step 5) and ``counts``: for each faction, the
        cards each player counts in it for the game tie-break (§9 step 6)."""

    # -- decisions ----------------------------------------------------------------------------

    def options(self, state: State, kind: str, player: int, data: int) -> list[str]:
        """The legal answers to a pending decision of this power; empty: nothing to ask."""
        raise NotImplementedError(kind)

    def answer(self, state: State, kind: str, player: int, data: int, move: str) -> None:
        """Apply a legal answer (already checked against :meth:`options`)."""
        raise NotImplementedError(kind)

    def act(self, state: State, kind: str, player: int, data: int) -> None:
        """Carry out an automatic step queued as a task whose kind starts with ``!`` (a random
        take, simultaneous choices carried out together): no player decides it."""
        raise NotImplementedError(kind)

    def held(self, state: State, kind: str, player: int, data: int) -> list[int]:
        """Cards the asked player is seen to hold by being asked at all (the Necromancer's
        holder): a determinization keeps them in that hand."""
        return []

    def shown(self, state: State, kind: str, player: int, data: int) -> list[int]:
        """Cards shown to the player while this decision is asked (the Seer look, W7)."""
        return []

    @classmethod
    def rules_text(cls) -> str:
        """The card's rules text: the class docstring, on one line."""
        # getattr: compiling for mypyc, mypy refuses cls.__doc__ (the compiled class gets its
        # docstring back from scripts/build_core.py)
        return " ".join((getattr(cls, "__doc__", None) or "").split())

    @classmethod
    def overrides(cls, hook: str) -> bool:
        """Whether this power answers ``hook`` (overrides the default no-op)."""
        return getattr(cls, hook) is not getattr(Power, hook)

    @classmethod
    def answered(cls) -> frozenset[str]:
        """The hooks of :data:`BOOK_HOOKS` this power class answers, computed once per class:
        a rule book is built for every new config (a game with every expansion has ~50 powers),
        and asking :meth:`overrides` for each hook of each power cost more than the game's first
        tricks."""
        found = _ANSWERED.get(cls)
        if found is None:
            found = frozenset(hook for hook in BOOK_HOOKS if cls.overrides(hook))
            _ANSWERED[cls] = found
        return found


#: the hooks that are not about one trick, answered by every power in play in that phase
GLOBAL_HOOKS: tuple[str, ...] = (
    "follow_options",
    "score_votes",
    "phase_over",
    "phase_start",
    "trick_over",
    "instant_result",
    "extra_votes",
)
#: every hook a rule book indexes its powers by
BOOK_HOOKS: tuple[str, ...] = (
    *GLOBAL_HOOKS,
    *TRICK_HOOKS,
    "declarations",
    "played",
    "end_of_game",
    "end_asks",
)
_ANSWERED: dict[type[Power], frozenset[str]] = {}  # Power.answered, by class


class ArtifactControl(Power):
    """The timing of the artifacts (R-80, A1–A4, A20–A22): the one power the engine asks at
    each artifact window. It offers the player each usable artifact at its moment and carries out
    the artifacts' effects on the trick; the artifacts themselves are the powers it holds.
    The engine calls it only in a game with artifacts (``RuleBook.artifacts``)."""

    tier = Tier.ARTIFACT

    def playable(self, state: State, trick: Trick, player: int) -> list[int] | None:
        """The cards ``player`` may play when an artifact decides it (None: the usual rules)."""
        return None

    def free_follow(self, state: State, trick: Trick) -> bool:
        """Whether the player to act is free of the following rules."""
        return False

    def trick_started(self, state: State, trick: Trick) -> list[Ask]:
        """The windows at the start of a trick, before the lead (A3, A21). The windows these
        methods return are queued at the front of the tasks: those at their start that cannot
        open (nothing to offer, answered at once) may be left out."""
        return []

    def card_played(self, state: State, trick: Trick, pos: int) -> list[Ask]:
        """A card was just played at ``pos``: the windows after it (A2, A22)."""
        return []

    def lead_done(self, state: State, trick: Trick) -> None:
        """The lead's windows are closed: play the follower's card if an artifact does."""

    def both_played(self, state: State, trick: Trick) -> list[Ask]:
        """Both cards are down and their windows closed: the windows before the resolution."""
        return []

    def trick_won(self, state: State, trick: Trick) -> list[Ask]:
        """The trick is collected: windows of its winner, before every other decision (A30)."""
        return []

    def phase_windows(self, state: State) -> tuple[list[Ask], list[Ask]]:
        """The windows when a phase begins: before and after its phase-start decisions (A4)."""
        return [], []


def compare_values(trick: Trick, lower_wins: bool, reason: str) -> None:
    """§4.3 for a following card: the better value wins (the higher, or the lower where a power
    says so), equal values go to the leader. Sets ``trick.winner`` and ``trick.reason``.

    A Bottomless Bottle in the trick (mark ``lower-wins``) makes the lower value win every such
    comparison, over a Farmlands rank and a Werewolf moon (A14, A32)."""
    # indexes: compiled, a list unpacked goes through an iterator (once per trick of a playout)
    plays = trick.plays
    values = trick.values
    if len(plays) != 2 or len(values) != 2:
        raise ValueError("a trick compares the values of two plays")
    leader = plays[0][0]
    follower = plays[1][0]
    lead_value = values[0]
    follow_value = values[1]
    led = trick.factions[0]
    followed = trick.factions[1]
    if trick.marks and trick.marks.get(LOWER_WINS):
        lower_wins = True
        reason = "Bottomless Bottle: the lower value wins"
    elif led and led == followed and trick.ranks[0] != trick.ranks[1]:
        # Farmlands: within a faction a 2 outranks every non-2, whatever the values
        lead_value, follow_value = trick.ranks
    if follow_value == lead_value:
        trick.winner = leader
        trick.reason = "equal values go to the leader"
    elif (follow_value < lead_value) == lower_wins:
        trick.winner = follower
        trick.reason = reason
    else:
        trick.winner = leader
        trick.reason = reason


def card_name(state: State, card: int, hand: bool = False) -> str:
    """How a move names ``card``: by the most its chooser may see of it.

    A card chosen from a hand (``hand``) is always named by parity / band (R-30), even when its
    value was once public (W14). A card chosen outside a hand (a Score pile, the discard pile,
    the cards just collected, the face-up prizes) is named by its code once its value is public
    (it took part in a trick, W2; King's Dagger took it, W5: ``state.value_known``), by parity /
    band while it is not (W12, W14)."""
    if not hand and VALUE_HIDDEN[card] and card in state.value_known:
        return cards.CODE[card]
    return PUBLIC_NAME[card]


def named(state: State, ids: list[int], verb: str, hand: bool = False) -> list[str]:
    """One move per distinct name among ``ids``, in their order: ``verb NAME`` (``hand``: the
    cards are chosen from a hand, :func:`card_name`)."""
    return list(dict.fromkeys(f"{verb} {card_name(state, c, hand)}" for c in ids))


def first_named(state: State, ids: list[int], name: str, hand: bool = False) -> int:
    """The first card of ``ids`` a move's name stands for (R-30: the first such card)."""
    return next(c for c in ids if card_name(state, c, hand) == name)


def _power_key(card: int) -> str:
    faction = cards.FACTION[card]
    return cards.CODE[card] if faction in ("hero", "toxic") else faction


#: the key that ties each card id to powers: its faction, or its code for heroes
POWER_KEY: list[str] = [_power_key(c) for c in range(cards.NUM_CARDS)]

Layer = tuple[Power, int]


class TrickLayers:
    """The layers of one trick: for each of its questions (:data:`TRICK_HOOKS`), the powers
    that answer it with the position of the card each comes from (-1: a global power), in
    precedence order (§4.4, R-3). A field per question rather than a map from its name: the
    engine reads seven of them in every trick, and a compiled field is read in one step."""

    __slots__ = (
        "after_collect",
        "before_collect",
        "choose_next_leader",
        "decide_winner",
        "route",
        "set_faction",
        "set_value",
    )

    def __init__(
        self,
        set_faction: list[Layer],
        set_value: list[Layer],
        decide_winner: list[Layer],
        before_collect: list[Layer],
        route: list[Layer],
        after_collect: list[Layer],
        choose_next_leader: list[Layer],
    ) -> None:
        self.set_faction = set_faction
        self.set_value = set_value
        self.decide_winner = decide_winner
        self.before_collect = before_collect
        self.route = route
        self.after_collect = after_collect
        self.choose_next_leader = choose_next_leader


#: Trick layers shared by every rule book, by the powers they come from (speed: a game with every
#: expansion has a config of its own, so a cache per book computed nearly every trick's layers
#: afresh). The layers of a trick depend only on the powers that take part in it: the book's
#: global trick powers for its phase (with or without those of a Cube bundle) and the trick
#: powers of each played card's key; the rule books share their power instances
#: (``claim.core.powers``), so books of different configs find each other's layers. Keyed by
#: those tuples of powers (hashed by identity).
_SHARED_LAYERS: dict[tuple[tuple[Power, ...], ...], TrickLayers] = {}
#: past this many entries the cache starts over (tests build many books of powers of their own)
_MAX_SHARED_LAYERS = 20_000


class _ClassFacts(NamedTuple):
    """What a rule book reads of a power class's hooks, worked out once per class."""

    #: the hooks of BOOK_HOOKS it answers
    answered: frozenset[str]
    #: the trick hooks it answers (``Power.hooks``)
    trick: frozenset[str]
    #: the hooks of GLOBAL_HOOKS it answers
    glob: tuple[str, ...]
    #: it moves cards or asks a decision at the end of the game (§9 steps 1–3)
    ends: bool
    #: it changes the game's tables when the book is built (``Power.configure``)
    configures: bool
    #: the phases it acts in, of 1 and 2, in order
    phases: tuple[int, ...]
    #: its class flags (``Power.asks``, ``key``, ``scores_twice``, ...), read here once: a class
    #: attribute read from compiled code is a dictionary lookup through the class's MRO
    asks: tuple[str, ...]
    key: str | None
    scores_twice: bool
    strips_other: bool
    needs_gains: bool
    hides_values: bool


_FACTS: dict[type[Power], _ClassFacts] = {}


def _facts(cls: type[Power]) -> _ClassFacts:
    answered = cls.answered()
    facts = _ClassFacts(
        answered,
        answered & _TRICK_HOOK_SET,
        tuple([hook for hook in GLOBAL_HOOKS if hook in answered]),
        "end_of_game" in answered or "end_asks" in answered,
        cls.overrides("configure"),
        tuple([phase for phase in (1, 2) if phase in cls.phases]),
        cls.asks,
        cls.key,
        cls.scores_twice,
        cls.strips_other,
        cls.needs_gains,
        cls.hides_values,
    )
    _FACTS[cls] = facts
    return facts


class RuleBook:
    """The powers in play in one game, indexed by hook and phase. Shared by all clones.

    Built in one pass over the powers, from what each class answers worked out once per class
    (``_ClassFacts``): a game with every expansion has a config (so a book) of its own, with
    about fifty powers.
    """

    def __init__(self, powers: list[Power], value: list[int] | None = None) -> None:
        self.powers = sorted(powers, key=_tier)
        #: each card's printed value in this game (heroes: R-61 or the setup's, H1, H9)
        self.value: list[int] = value if value is not None else list(cards.VALUE)
        self.rank: list[int] = [0] * cards.NUM_CARDS  # Farmlands: a 2 outranks its faction
        self.prizes = 1  # face-up prizes in a Phase One trick (Islands: 2)
        #: the power that answers each decision kind (the last one listed, as a dict keeps)
        self.by_ask: dict[str, Power] = {}
        #: the artifacts' timing, in a game with artifacts (None: no artifact windows at all)
        self.artifacts: ArtifactControl | None = None
        #: powers of cards declared when played, and powers acting when their card is played
        self.declarers: dict[str, Power] = {}
        self.on_play: dict[str, Power] = {}
        twice: list[int] = []
        #: whether the engine must record trick.gained / value_known (skipped otherwise: speed)
        self.tracks_gains = False
        self.hides_values = False
        # hooks that are not about one trick: hook -> phase -> powers, lowest tier first
        self._global: dict[str, dict[int, list[Power]]] = {
            hook: {1: [], 2: []} for hook in GLOBAL_HOOKS
        }
        ends: list[Power] = []
        strippers: dict[int, set[str]] = {1: set(), 2: set()}
        configuring: list[Power] = []
        # trick hooks: powers with at least one, global and attached (by key), per phase
        trick_global: dict[int, list[Power]] = {1: [], 2: []}
        attached: dict[int, dict[str, tuple[Power, ...]]] = {1: {}, 2: {}}
        by_ask = self.by_ask
        declarers = self.declarers
        on_play = self.on_play
        glob = self._global
        for p in self.powers:
            facts = _FACTS.get(type(p)) or _facts(type(p))
            answered = facts.answered
            key = facts.key
            phases = facts.phases
            for kind in facts.asks:
                by_ask[kind] = p
            if self.artifacts is None and isinstance(p, ArtifactControl):
                self.artifacts = p
            if key:
                if "declarations" in answered:
                    declarers[key] = p
                if "played" in answered:
                    on_play[key] = p
                if facts.scores_twice:
                    twice.append(cards.IDS_BY_CODE[key][0])
                if facts.strips_other:
                    for phase in phases:
                        strippers[phase].add(key)
            if facts.needs_gains:
                self.tracks_gains = True
            if facts.hides_values:
                self.hides_values = True
            for hook in facts.glob:
                by_phase = glob[hook]
                for phase in phases:
                    by_phase[phase].append(p)
            if facts.ends and 2 in phases:
                ends.append(p)
            if facts.configures:
                configuring.append(p)
            p.hooks = facts.trick  # the same for every instance of the class
            if facts.trick:
                for phase in phases:
                    if key is None:
                        trick_global[phase].append(p)
                    else:
                        known = attached[phase].get(key)
                        attached[phase][key] = (p,) if known is None else (*known, p)
        self.scores_twice: frozenset[int] = frozenset(twice)
        #: each card's one move when played plainly ("": it is declared when played, R-40, H34)
        self.plain_moves: list[str] = _plain_moves(frozenset(declarers))
        #: whether another card has the same plain move (R-30: e.g. the Goblin 0s), so that a
        #: legal-move list must test for it; the others are added without a search
        self.shared_moves: list[bool] = _shared_moves(frozenset(declarers))
        for power in configuring:
            power.configure(self)
        # (end_of_game and end_asks run as the ordered end_steps below)
        for phase in (1, 2):
            self._global["score_votes"][phase].sort(key=_votes_last)
        # §9 steps 1–3 in the fixed R-90 order (stable: tier order within a step): the powers
        # that move cards or ask a decision at the end, one step after the other
        self.end_steps: list[Power] = sorted(ends, key=_end_step)
        #: phase -> the power keys of cards that take away the other card's power (H7, H38)
        self._strippers: dict[int, frozenset[str]] = {
            phase: frozenset(keys) for phase, keys in strippers.items()
        }
        #: phase -> the powers answering follow_options (read on every follow: kept at hand)
        self.follow_powers = self._global["follow_options"]
        # what a trick's layers depend on (_SHARED_LAYERS): (phase, with the Cube bundle's
        # powers) -> the global trick powers; phase -> key -> that key's trick powers
        self._global_set: dict[tuple[int, bool], tuple[Power, ...]] = {}
        for phase, found in trick_global.items():
            self._global_set[phase, True] = tuple(found)
            self._global_set[phase, False] = tuple([p for p in found if not p.needs_table])
        self._attached_set = attached
        #: (phase, with the Cube bundle, the played keys...) -> the layers: the keys' strings
        #: hash from their cached hashes, cheaper than the signature's tuples of powers
        self._layers_memo: dict[tuple[object, ...], TrickLayers] = {}
        #: the same for a trick of two plays: [phase * 2 + with the bundle][first key][second]
        self._pair_memo: list[dict[str, dict[str, TrickLayers]]] = [{} for _ in range(6)]

    def global_powers(self, hook: str, phase: int) -> list[Power]:
        """Powers answering a hook that is not about one trick (follow options, end of game)."""
        return self._global[hook][phase]

    def stripped(self, trick: Trick) -> int:
        """The position of the card whose power a card of the trick took away (a Vampire Queen's
        other card, H7, H38); -1: none. A global power reads it where it acts for a card
        (V1: a Vampire stripped by the Queen is collected plainly, never crowned)."""
        strippers = self._strippers[trick.phase]
        if strippers:
            for pos, key in enumerate(trick.keys):
                if key in strippers:
                    return 1 - pos
        return -1

    def trick_layers(self, trick: Trick, with_table: bool = False) -> TrickLayers:
        """The layers of a trick for each trick hook, in precedence order (§4.4, R-3).

        Lowest tier first; within a tier the global powers, then the powers of the played cards
        in play order. A hook no power answers maps to an empty list.
        """
        keys = trick.keys
        pair: dict[str, TrickLayers] | None = None
        if len(keys) == 2:
            # the common case, every trick of every playout: two string lookups (their hashes
            # cached) instead of a tuple built, hashed and compared
            by_first = self._pair_memo[trick.phase * 2 + with_table]
            pair = by_first.get(keys[0])
            if pair is None:
                pair = by_first[keys[0]] = {}
            found = pair.get(keys[1])
            if found is not None:
                return found
            memo_key: tuple[object, ...] = ()
        else:
            memo_key = (trick.phase, with_table, *keys)
            found = self._layers_memo.get(memo_key)
            if found is not None:
                return found
        attached = self._attached_set[trick.phase]
        signature = (
            self._global_set[trick.phase, with_table],
            *[attached.get(key, ()) for key in trick.keys],
        )
        cached = _SHARED_LAYERS.get(signature)
        if cached is None:
            if len(_SHARED_LAYERS) >= _MAX_SHARED_LAYERS:
                _SHARED_LAYERS.clear()
            cached = _SHARED_LAYERS[signature] = _layers_of(signature[0], signature[1:])
        if pair is not None:
            pair[keys[1]] = cached
        else:
            self._layers_memo[memo_key] = cached
        return cached


#: the move string that plays each card (dual cards add " as FACTION", R-40)
PLAY_MOVE: list[str] = ["play " + name for name in PUBLIC_NAME]


@lru_cache(maxsize=64)
def _plain_moves(declarers: frozenset[str]) -> list[str]:
    """Each card's move when it is played without a declaration: "" for a dual card (R-40) and
    a hero whose power key declares (``declarers``: Lycanthrope, Ent, H34, H35). Read for each
    card of every legal-move list; the same for every book with these declarers (read only)."""
    return [
        ""
        if cards.FACTION[card] == cards.DUAL or (cards.IS_HERO[card] and key in declarers)
        else PLAY_MOVE[card]
        for card, key in enumerate(POWER_KEY)
    ]


@lru_cache(maxsize=64)
def _shared_moves(declarers: frozenset[str]) -> list[bool]:
    """For each card, whether its plain move (:func:`_plain_moves`) is also another card's."""
    moves = _plain_moves(declarers)
    count: dict[str, int] = {}
    for move in moves:
        count[move] = count.get(move, 0) + 1
    return [bool(move) and count[move] > 1 for move in moves]


def _tier(power: Power) -> int:
    return power.tier


def _votes_last(power: Power) -> bool:
    return power.vote_last


def _end_step(power: Power) -> float:
    return power.end_step


def _layers_of(glob: tuple[Power, ...], attached: tuple[tuple[Power, ...], ...]) -> TrickLayers:
    """The layers of a trick whose global trick powers are ``glob`` and whose played cards bring
    ``attached`` (one set per position): each power at its tier, the global ones first (position
    -1), then the cards' in play order; a card whose power a Vampire Queen took away (H7) keeps
    only its following-rule hooks (H38)."""
    found: list[tuple[int, int, Power]] = [(p.tier * 2, -1, p) for p in glob]
    stripped = -2  # H7: the position whose card lost its power to a Vampire Queen (-2: none)
    for pos, powers in enumerate(attached):
        if powers:
            found.extend((p.tier * 2 + 1, pos, p) for p in powers)
            if any(p.strips_other for p in powers):
                stripped = 1 - pos
    if len(found) > 1:
        found.sort(key=lambda x: (x[0], x[1]))
    # one pass over the powers, each appended to the hooks it answers (in precedence order)
    layers: dict[str, list[Layer]] = {hook: [] for hook in TRICK_HOOKS}
    for _, pos, p in found:
        lost = pos == stripped
        for hook in p.hooks:
            if not lost or hook in p.follow_rule_hooks:
                layers[hook].append((p, pos))
    return TrickLayers(
        layers["set_faction"],
        layers["set_value"],
        layers["decide_winner"],
        layers["before_collect"],
        layers["route"],
        layers["after_collect"],
        layers["choose_next_leader"],
    )
