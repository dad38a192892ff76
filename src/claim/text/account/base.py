"""What a :class:`~claim.text.account.Narrator` holds while it follows a game, and how its viewer
sees each card. The parts of the narrator (its location, artifact and decision events, in their
own modules) build on this base; the Narrator itself is in :mod:`claim.text.account.narrator`."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from claim.core.cards import CODE
from claim.core.events import Tallied
from claim.core.setup import hero_cards
from claim.core.state import State, Trick
from claim.core.view import Eyes, masked_from, report
from claim.core.view_events import SeenEvent, SeenMove
from claim.core.view_types import View
from claim.text.account.words import Names


class NarratorBase:
    """The narrator's memory of the game and its viewer's eyes (see :class:`Narrator`)."""

    def __init__(
        self,
        state: State,
        viewer: int | None = None,
        names: Names | None = None,
        live: bool = False,
        named_cards: bool | None = None,
    ):
        self.state = state
        self.viewer = viewer
        self.names = names or Names()
        self.decisions: list[str] = []
        #: decisions taken after the last trick (the Gargoyle's), told with the end of the game
        self.end_decisions: list[str] = []
        #: decisions told as "a card" until both players have chosen (R-62): (index, kind,
        #: player, move)
        self._hidden: list[tuple[int, str, int, str]] = []
        #: the printed value of each hero in this game (R-61, H9), for "(counts N)"
        pool = state.config.hero_pool
        self.printed = {
            CODE[card]: state.config.hero_value(name)
            for name, card in zip(pool, hero_cards(pool), strict=True)
        }
        #: the face-up prizes of each Phase One trick seen being played, by trick number (two
        #: with Islands, L6)
        self._prizes: dict[int, list[int]] = {}
        #: how many cards each player has chosen so far in a location's choice (R-62), by kind
        self._picks: dict[str, list[int]] = {}
        #: how many end-of-game moves were told (None: the end of the game not yet begun)
        self._end_told: int | None = None
        #: whether the Toxics were told (once the game is finished, W9)
        self._toxics_told = False
        #: tell the artifacts' uses as they happen (the terminal game) instead of with their trick
        self.live = live
        #: say each card by its name, not its code (:func:`~claim.text.account.words.named`,
        #: issue 37): a person reads the live account (the terminal, the web table); by default
        #: with ``live``. A line's names are a function of its codes alone (``card_name`` tells
        #: the codes apart, tests/test_no_codes.py), so an audit of what a viewer is told may
        #: read the codes (``named_cards=False``: tests/test_account_leaks.py)
        self.named_cards = live if named_cards is None else named_cards
        #: the artifact events of the trick being played, told after its heading (R-80 order)
        self.artifact_lines: list[str] = []
        #: what the viewer saw happen (:func:`claim.core.view_events.seen_events`) in the move
        #: being told, and in the moves since the last trick was told (this move's included)
        self.seen: list[SeenEvent] = []
        self._since: list[SeenEvent] = []
        #: where :meth:`shown` takes the viewer's view of the game as it stands, when the caller
        #: keeps one (the web server: the view it sends, computed once a move); None: made here
        self.view_source: Callable[[], View] | None = None
        self._mark()

    def _mark(self) -> None:
        """A trick was told: the next one's events start here."""
        self._since = []
        self._collected: dict[int, str] | None = None
        self._islands_told = False  # the Islands decision said which prize stays

    def _moves(
        self, events: Sequence[SeenEvent], source: str = "", target: str = ""
    ) -> list[SeenMove]:
        """The cards moved in ``events`` (from ``source``, to ``target``: "" for any)."""
        return [
            e
            for e in events
            if isinstance(e, SeenMove)
            and (not source or e.source == source)
            and (not target or e.target == target)
        ]

    def _since_trick(self, source: str = "", target: str = "") -> list[int]:
        """The cards moved since the last trick was told (:meth:`_moves`; :data:`NO_CARD` for one
        the viewer may not identify), in the order they moved."""
        return [e.card for e in self._moves(self._since, source, target)]

    def _tally_before(self, key: str, events: Sequence[SeenEvent] | None = None) -> int | None:
        """A tally as it stood before ``events`` (by default: since the last trick was told)."""
        for event in self._since if events is None else events:
            if isinstance(event, Tallied) and event.key == key:
                return event.before
        return self.state.counters.get(key)

    def shown(self) -> View:
        """The viewer's view of the game as it stands (``report(state, viewer)``: ``observe``,
        ``spectate`` or the omniscient report), from :attr:`view_source` when there is one."""
        source = self.view_source
        return source() if source is not None else report(self.state, self.viewer)

    def eyes(self) -> Eyes:
        """The viewer's eyes on the game as it stands now (:class:`claim.core.view.Eyes`): every
        question of what the viewer may know is asked of them, so that it is decided in
        :mod:`claim.core.view` only, the same way for the account as for the views."""
        return Eyes(self.state, self.viewer)

    def public(self, card: int) -> str:
        """A card the viewer may see, named as their view names it
        (:meth:`claim.core.view.Eyes.public`): by its code in the omniscient account and once the
        game is finished; until then a Demon or Fire Elemental by parity or band until its value
        was shown in a trick (R-30, W2, W4), even to its holder, and a Trickster by its printed
        value, the fake mark secret (W1)."""
        return self.eyes().public(card)

    def public_code(self, code: str) -> str:
        """:meth:`public` for a card given by its code (a random outcome, an end-of-game move)."""
        return self.eyes().public_code(code)

    def _lead_hidden(self, trick: Trick) -> bool:
        """Whether the lead of ``trick`` lies face-down for the viewer now: a masked lead (Mask of
        Darkness) before the viewer, its follower, has played (W3; a Book of Memories lead is
        public): :func:`claim.core.view.masked_from` for the trick on the table."""
        return trick is self.state.trick and masked_from(self.state, self.viewer)

    def _their(self, player: int) -> str:
        return "your" if self.names[player] == "you" else "their"
