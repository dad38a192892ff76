"""The shapes of a view (:func:`claim.core.view.report`, ``observe``, ``spectate``) and of a
finished game's result (:class:`GameResult`), declared once.

A view is JSON (the web server sends it as is, ``claim replay --json`` prints it, records.md fixes
its fields), so it stays a plain dict at run time; these ``TypedDict`` s let mypy check every
``view["..."]`` lookup in the describing layer, the bots and the apps. Cards are named as the viewer
may know them: a code (``demons:3``), a partial name (``demons:odd``) or ``"?"``.

Keys marked ``NotRequired`` appear only when they apply (an expansion in play, a seat's own
secrets, a finished trick). No ``from __future__ import annotations`` here: with it, Python 3.11
cannot tell the ``NotRequired`` keys at run time (``__required_keys__``),
which the shape test reads.
"""

from typing import Literal, NotRequired, TypedDict

#: One card of a trick: who played it, as the viewer may name it, its value once resolved and the
#: faction it was declared as (R-40, H31, H35). The functional form because ``as`` is a keyword.
PlayView = TypedDict(
    "PlayView",
    {"player": int, "card": str, "value": NotRequired[int], "as": NotRequired[str]},
)


class ArtifactFields(TypedDict, total=False):
    """A trick's artifacts (A25, A41): the names used in it in order, and the cards King's
    Daggers took (public, W5)."""

    artifacts: list[str]
    daggered: list[str]


class TrickView(ArtifactFields):
    """A finished trick of the history (public: the same for every viewer)."""

    phase: int
    number: int
    leader: int
    prize: str | None
    plays: list[PlayView]
    winner: int | None
    reason: str
    #: both face-up prizes, older first (Islands, L6)
    prizes: NotRequired[list[str]]


class CurrentTrickView(ArtifactFields):
    """The trick being played: the lead may show ``"?"`` (Mask of Darkness, W3)."""

    leader: int
    prize: str | None
    prizes: NotRequired[list[str]]
    plays: list[PlayView]
    winner: NotRequired[int]
    reason: NotRequired[str]


class PlayerView(TypedDict):
    """One player's zones as the viewer may know them."""

    hand: list[str]
    followers: list[str]
    score: list[str]
    gnomes: list[str]
    #: the face-up Vampire beside the Score pile (V15), or None
    vampire: str | None
    tucked: list[str]
    #: the Toxics this player peeked at, 1-based (their own view only)
    peeked: NotRequired[list[int]]
    #: R-62 choices made, not yet carried out (their own view only, W8)
    chosen: NotRequired[list[str]]
    #: unused artifacts: names for their holder, ``"?"`` for the other (§8, W11)
    artifacts: NotRequired[list[str]]
    used_artifacts: NotRequired[list[str]]
    #: the card set aside for the last trick (Flail of Dawn, A39)
    aside: NotRequired[list[str]]


class NextView(TypedDict):
    """Who acts next, and their legal moves when the viewer is that player (or omniscient).
    There is always such a player while the game goes on (``View.next`` is None once over)."""

    player: int
    legal: NotRequired[list[str]]


class HeroesView(TypedDict):
    """Public hero facts: how many are in the deck, from which pool, at which values (§2)."""

    count: int
    pool: list[str]
    values: dict[str, int]


class ArtifactPoolView(TypedDict):
    """The artifacts dealt from (public; who holds which is not, §8)."""

    pool: list[str]
    #: how many each player was dealt (three, A19): public from the start, though which ones is
    #: secret until used (§2 step 5, W11)
    count: int


class DecisionView(TypedDict):
    """The decision the viewer is asked now (in the view of the player asked and in the
    omniscient report only; ``View.decision``): what the moves of ``next.legal`` answer.

    ``kind`` is ``"lead"`` or ``"follow"`` for a card to play, else the decision's name as the
    describing layer and the move list know it: a power's (``seer``, ``smash``, ``crown``,
    ``necromancer``, ``swamp``, ``tavern``, ...) or an artifact's (``art:start``,
    ``art:dagger``, ``art:aside``, ...; R-80, A1–A4)."""

    kind: str
    #: the card the decision is about, as the viewer names it: the card led (a follow; ``"?"``
    #: face-down, W3), the card whose power asks (the Seer, the Giant, the Kraken, ...), the card
    #: a King's Dagger may take or the one just played (``art:dagger``, ``art:played``)
    about: NotRequired[str]
    #: the cards still to choose, one move each (Endless Sands, Windy Peaks, Swamp, Tavern)
    left: NotRequired[int]


class ChoosingView(TypedDict):
    """A simultaneous choice under way (R-62, W8): public, since both see the other take cards
    face-down; which cards only their chooser sees (``PlayerView.chosen``)."""

    #: whose: ``endless-sands``, ``windy-peaks``, ``swamp``, ``tavern`` or ``discard`` (Cthulhu)
    kind: str
    #: how many cards each player has chosen so far (players 0 and 1)
    chosen: list[int]


class KnownSetup(TypedDict):
    """The setup beyond the factions as one viewer may know it at the table
    (:func:`claim.core.view.known_setup`)."""

    #: the heroes in the deck, when the viewer may know which (the omniscient replay); None: only
    #: how many and from which pool, which is public (§2 step 3)
    heroes: list[str] | None
    #: each player's artifacts as dealt, when the viewer may know them (their holder, the
    #: omniscient replay); None: only how many, secret until used (§8, W11)
    artifacts: list[list[str] | None]


#: One card an end-of-game step moved (§9 steps 1–3): its code, the zone it left and the one it
#: went to, the power that moved it. The functional form because ``from`` is a keyword.
EndMove = TypedDict("EndMove", {"card": str, "from": str, "to": str, "by": str})


class DungeonNote(TypedDict):
    """Who won the last trick of each phase, each counting one extra vote (Dungeon, L11);
    None: nobody (no trick of that phase was won)."""

    phase_one: int | None
    phase_two: int | None


class GameResult(TypedDict):
    """A finished game's result (``State.result``, ``View.result``), as
    :mod:`claim.core.scoring` builds it: the votes per faction and the winner (None: a draw),
    what decided it (``votes``, ``cards``, ``draw`` or the power that decided it before the
    votes, L23), the votes each player counts and the cards in the factions they won. A game
    decided before the votes counts no vote (every faction None, both pairs ``[0, 0]``)."""

    votes: dict[str, int | None]
    winner: int | None
    reason: str
    votes_won: list[int]
    cards_in_won_factions: list[int]
    #: the card moves of the end-of-game steps (set by the engine once the game is over;
    #: absent from the bots' own count, :func:`claim.core.scoring.end_result`)
    end_moves: NotRequired[list[EndMove]]
    #: with the Dungeon in play (L11)
    dungeon: NotRequired[DungeonNote]


class View(TypedDict):
    """A whole view: ``report(state, viewer)``."""

    status: Literal["finished", "in-progress"]
    #: the public setup, the same in every view from the first move (§2): the five factions in
    #: play, in the setup's order, and who led the first trick; the hero and artifact pools and
    #: counts are ``heroes`` and ``artifacts``, the locations ``setting`` and ``building``
    factions: list[str]
    first_leader: int
    tricks: list[TrickView]
    players: list[PlayerView]
    deck: list[str]
    discard: list[str]
    next: NextView | None
    #: the final result (:class:`GameResult`), None while the game goes on
    result: GameResult | None
    phase: int
    moon: str
    troll_pool: list[str]
    fire_phoenix: list[str]
    toxics: list[str]
    out: list[str]
    #: the Gelatinous Cube bundle on the table (H20)
    table: NotRequired[list[str]]
    setting: NotRequired[str]
    building: NotRequired[str]
    #: the locations' public tallies (Plateau, Lava Fields, ...)
    counters: NotRequired[dict[str, int]]
    artifacts: NotRequired[ArtifactPoolView]
    heroes: NotRequired[HeroesView]
    current: NotRequired[CurrentTrickView]
    #: the viewer's own pending decision (the player asked, and the omniscient report)
    decision: NotRequired[DecisionView]
    #: a simultaneous choice under way (R-62): public
    choosing: NotRequired[ChoosingView]
