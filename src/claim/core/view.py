"""Hidden information (RULES.md §10): the omniscient report and a player's view.

:func:`report` writes a state in the replay shape of ``records.md``. With ``viewer=None`` it shows
everything (``claim replay --json``); with a player it is :func:`observe`: every card that player
may not identify is written ``"?"`` (lists keep their length, so counts stay visible), or as the
part they can see (a Demon as ``demons:odd``, a Trickster by printed value). It is the one function
that decides what a client, a server seat or a fair bot may know, and
:func:`claim.core.worlds.determinize` re-deals exactly what it hides (its own module, which reads
this one: what a player deduces beyond the view's names, issue 36).
"""

from __future__ import annotations

from typing import cast

from claim.core import cards
from claim.core.cards import (
    PARTIAL_NAME,
    PUBLIC_NAME,
    VALUE_HIDDEN,
)
from claim.core.engine import current_player, history_plays, legal_actions
from claim.core.keys import BOOK, END_STEP, MASKED, PRIVATE_LOOK
from claim.core.powers.artifacts import DAGGER as KINGS_DAGGER_WINDOW
from claim.core.powers.artifacts import PLAYED as PLAYED_WINDOW
from claim.core.powers.artifacts import KingsDagger
from claim.core.powers.base import Power
from claim.core.powers.factions import Giants, Seers
from claim.core.powers.fire import Poisoners
from claim.core.powers.heroes import Cthulhu, Dinosaur, Kraken, Siren, Skeleton
from claim.core.powers.locations import EndlessSands, Swamp, Tavern, WindyPeaks
from claim.core.setup import GameConfig
from claim.core.state import State
from claim.core.view_types import (
    ArtifactFields,
    ChoosingView,
    CurrentTrickView,
    DecisionView,
    KnownSetup,
    NextView,
    PlayerView,
    PlayView,
    TrickView,
    View,
)

CODE = cards.CODE
FACTION = cards.FACTION
HIDDEN = "?"
#: the viewer of :func:`spectate`: a seat that holds no cards, so it sees only public information
SPECTATOR = -1


#: the zones (and kinds of per-player zone, ``hand0`` → ``hand``) where :meth:`Eyes.name` may show
#: a card otherwise than :meth:`Eyes.public` does; every other zone lies face-up
HIDING_ZONES = ("deck", "fire_phoenix", "out", "toxics")
HIDING_KINDS = ("chosen", "aside", "hand", "followers")


class Eyes:
    """What one viewer (None: nobody hidden from, the replay) sees of each card, by zone.

    Zones are those of :meth:`State.zones`: ``hand0``, ``followers1``, ``score0``, ``deck``, ...
    """

    def __init__(self, state: State, viewer: int | None) -> None:
        self.state = state
        self.viewer = viewer
        self.omniscient = viewer is None
        self.finished = state.result is not None
        self.shown = _shown_now(state, viewer) if viewer is not None else set()

    def public(self, card: int) -> str:
        """A face-up card: by code, except hidden values (R-30, W2, W4) and fake marks (W1)."""
        if self.omniscient or self.finished:
            return CODE[card]
        if VALUE_HIDDEN[card] and card in self.state.value_known:
            return CODE[card]
        return PUBLIC_NAME[card]

    def name(self, zone: str, card: int) -> str:
        """How the viewer sees ``card`` lying in ``zone``."""
        state = self.state
        if zone in ("deck", "fire_phoenix"):
            # W9: deck cards never drawn and the Fire Phoenix pile stay hidden, even at the end
            if self.omniscient:
                return CODE[card]
            return self.public(card) if card in self.shown else HIDDEN
        if zone == "out":
            if self.omniscient or card in state.public_out:
                return self.public(card)
            return HIDDEN  # left the game unseen (W9)
        if zone == "toxics":
            if self.omniscient or self.finished:
                return CODE[card]
            return (
                CODE[card]
                if self.viewer in (0, 1) and card in state.peeked[self.viewer]
                else HIDDEN
            )
        if zone[:-1] == "chosen":
            # W8: an R-62 choice is seen by its chooser only until both have chosen
            if self.finished or self.shares_secrets(int(zone[-1])):
                return self.public(card)
            return HIDDEN
        if zone[:-1] == "aside":
            # the Flail card lies face-down: its owner knows it (A5, W11)
            if self.finished or self.shares_secrets(int(zone[-1])):
                return self.public(card)
            return HIDDEN
        if zone[:-1] in ("hand", "followers"):
            owner = int(zone[-1])
            if self.omniscient or self.finished or owner == self.viewer:
                return self.public(card)
            # W13: the other hand is all "?"; the other Follower deck shows what was revealed
            if zone[:-1] == "followers" and self.knows_draw(owner, card):
                return self.public(card)
            return self.public(card) if card in self.shown else HIDDEN
        return self.public(card)

    def public_code(self, code: str) -> str:
        """:meth:`public` for a card given by its code (a random outcome, an end-of-game move):
        by the code once the value of any copy of it was shown (R-30, W2)."""
        ids = cards.IDS_BY_CODE.get(code)
        if not ids or self.omniscient or self.finished:
            return code
        known = self.state.value_known
        if any(VALUE_HIDDEN[c] and c in known for c in ids):
            return code
        return PUBLIC_NAME[ids[0]]

    def daggered(self, card: int) -> str:
        """A card a King's Dagger took: public, a hidden value included (W5); a fake Trickster
        mark stays secret (W1)."""
        return CODE[card] if VALUE_HIDDEN[card] else self.public(card)

    def shares_secrets(self, player: int) -> bool:
        """Whether the viewer knows ``player``'s secrets of the moment: an R-62 choice until both
        have chosen (W8), the card set aside face-down (A5, W11), what a decision chose that
        shows nothing on the table (a Necromancer kept in hand, R-60; a Cthulhu discard until
        both have chosen): ``player`` and the omniscient report do (a finished game shows the
        cards, not the decisions)."""
        return self.omniscient or self.viewer == player

    def knows_draw(self, drawer: int, card: int) -> bool:
        """Whether the viewer knows which card ``drawer`` drew blind into their Follower deck
        (Phase One): the drawer and the omniscient report do; the other player when it was shown
        (a face-up prize, a Prowler's Torch draw W6, the card a Seer winner looked at W7: in
        ``revealed``); a spectator not a Seer's private look (rulings 40)."""
        if self.omniscient or drawer == self.viewer:
            return True
        return card in self.state.revealed and not self.private(card)

    def knows_exchange(self) -> bool:
        """Whether the viewer knows which cards went from one hand to the other (an R-62 give
        carried out, the Kraken's give and take, H37): both players do, a spectator sees neither
        hand (W8)."""
        return self.viewer != SPECTATOR

    def private(self, card: int) -> bool:
        """Whether a revealed card is known to the players only (a Seer look, W7): a spectator
        sees only what lay face-up (rulings 40)."""
        return self.viewer == SPECTATOR and self.state.tags.get(card) == PRIVATE_LOOK

    def knows(self, zone: str, card: int) -> bool:
        """Whether the viewer knows exactly which card lies there."""
        return self.knows_seen(card, self.known_as(zone, card))

    def knows_seen(self, card: int, seen_as: str) -> bool:
        """:meth:`knows` from what :meth:`known_as` said of the card (a caller that needs both
        asks once: a determinization asks of every card of the game)."""
        if seen_as != CODE[card]:
            return False
        return not (PARTIAL_NAME[card] and seen_as == PUBLIC_NAME[card] and self.partial_now(card))

    def partial_now(self, card: int) -> bool:
        """Whether a face-up card shows only its public name now (not yet revealed)."""
        if self.omniscient or self.finished:
            return False
        return not (VALUE_HIDDEN[card] and card in self.state.value_known)

    def known_as(self, zone: str, card: int) -> str:
        """What the viewer knows of a card, which can be more than the view shows: W13 writes the
        other hand all "?", but the prizes the other player won (and the Seer look) are known
        from the public history — a determinization keeps them."""
        if zone[:-1] == "hand" and card in self.state.revealed:
            return self.public(card)
        return self.name(zone, card)

    def public_names(self, ids: list[int]) -> list[str]:
        """:meth:`public` for many cards (the hot path of every view: one comprehension)."""
        if self.omniscient or self.finished:
            return [CODE[c] for c in ids]
        if not self.state.book.hides_values:
            return [PUBLIC_NAME[c] for c in ids]
        known = self.state.value_known  # holds only value-hidden cards
        return [CODE[c] if c in known else PUBLIC_NAME[c] for c in ids]

    def names(self, zone: str, ids: list[int]) -> list[str]:
        """:meth:`name` for every card of a zone; the common cases without a call per card."""
        if not ids:
            return []
        if zone in ("deck", "fire_phoenix", "out", "toxics") or zone[:-1] in (
            "hand",
            "followers",
            "aside",
        ):
            other_hand = (
                not self.omniscient and zone[:-1] == "hand" and int(zone[-1]) != self.viewer
            )
            if other_hand and not self.finished and not self.shown:
                return [HIDDEN] * len(ids)
            if self.omniscient or (
                zone[:-1] in ("hand", "followers", "aside") and int(zone[-1]) == self.viewer
            ):
                return self.public_names(ids)
            return [self.name(zone, c) for c in ids]
        return self.public_names(ids)


def _shown_now(state: State, viewer: int) -> set[int]:
    """Cards shown to ``viewer`` by the decision they are being asked (the Seer look, W7)."""
    if not state.tasks or state.tasks[0][1] != viewer or state.tasks[0][0][0] == "@":
        return set()
    kind, player, data = state.tasks[0]
    return set(state.book.by_ask[kind].shown(state, kind, player, data))


def report(state: State, viewer: int | None = None) -> View:
    """The state in the replay shape; ``viewer`` 0 or 1 hides what that player may not know."""
    eyes = Eyes(state, viewer)
    finished = eyes.finished
    players: list[PlayerView] = []
    for p in (0, 1):
        hand = eyes.names(f"hand{p}", state.hands[p])
        score = state.score[p]
        chosen = state.chosen[p]
        if chosen and viewer is not None and viewer != p:
            # W8: the other's choices not yet carried out show where they came from: a "?" in
            # the hand, the card back at its place in the Score pile (Tavern)
            hand = hand + [HIDDEN] * sum(1 for c in chosen if c not in state.chosen_at)
            score = as_before_choices(state, p)
        players.append(
            {
                "hand": hand,
                "followers": eyes.names(f"followers{p}", state.followers[p]),
                "score": eyes.names(f"score{p}", score),
                "gnomes": eyes.names(f"gnomes{p}", state.faceup[p]),
                # V15: the Vampire stack beside the Score pile, never listed in it
                "vampire": eyes.name(f"vampire{p}", state.vampire[p][0])
                if state.vampire[p]
                else None,
                "tucked": eyes.names(f"tucked{p}", state.tucked[p]),
            }
        )
        if viewer is None or viewer == p:
            players[p]["peeked"] = sorted(state.toxics.index(c) + 1 for c in state.peeked[p])
            if chosen:
                players[p]["chosen"] = eyes.names(f"chosen{p}", chosen)
        if state.config.artifacts:
            # §8, W11: the other's unused artifacts are secret; used ones are public
            unused = state.artifacts[p]
            mine = viewer is None or viewer == p or finished
            players[p]["artifacts"] = list(unused) if mine else [HIDDEN] * len(unused)
            players[p]["used_artifacts"] = list(state.used_artifacts[p])
        if state.aside[p]:
            players[p]["aside"] = eyes.names(f"aside{p}", state.aside[p])  # A39

    discard = state.discard
    if viewer in (0, 1) and state.chosen[viewer] and not finished and discards_choices(state):
        # W8: the chooser sees their own choices made: their discards already in the pile, where
        # they land once both have chosen (the other player's are absent until then)
        discard = discard + state.chosen[viewer]

    tricks: list[TrickView] = []
    # every card of the history named in one pass (the history is public: same for any viewer)
    named = iter(
        eyes.public_names(
            [c for *_, pz, plays, _, _ in state.history for c in (pz, *(pl[1] for pl in plays))]
        )
    )
    for index, (phase, number, leader, prize, plays, winner, reason) in enumerate(state.history):
        prize_name = next(named)
        shown_plays: list[PlayView] = []
        for p, _, v, d in plays:
            play: PlayView = {"player": p, "card": next(named), "value": v}
            if d:
                play["as"] = d
            shown_plays.append(play)
        tricks.append(
            {
                "phase": phase,
                "number": number,
                "leader": leader,
                "prize": prize_name if prize >= 0 else None,
                "plays": shown_plays,
                "winner": winner if winner >= 0 else None,
                "reason": reason,
            }
        )
        if index in state.history_prizes:  # L6: both face-up prizes, older first
            tricks[-1]["prizes"] = list(eyes.public_names(list(state.history_prizes[index])))
        if index in state.history_artifacts:
            # update takes a partial TrickView: ArtifactFields is its artifacts part
            tricks[-1].update(
                cast(TrickView, artifact_fields(eyes, state.history_artifacts[index]))
            )

    nxt: NextView | None = None
    if not finished:
        # cast: current_player is None only once the game is over
        player = cast(int, current_player(state))
        nxt = {"player": player}
        if viewer is None or viewer == player:
            nxt["legal"] = list(legal_actions(state))

    out: View = {
        "status": "finished" if finished else "in-progress",
        "tricks": tricks,
        "players": players,
        "deck": eyes.names("deck", state.deck[::-1]),
        "discard": eyes.names("discard", discard),
        "next": nxt,
        "result": state.result.copy() if state.result is not None else None,
        "phase": state.phase,
        "moon": state.moon,
        "troll_pool": eyes.names("troll_pool", state.troll_pool),
        "fire_phoenix": eyes.names("fire_phoenix", state.fire_phoenix[::-1]),
        "toxics": eyes.names("toxics", state.toxics),
        "out": eyes.names("out", state.out),
        # the public setup (§2): the same for every viewer from the first move
        "factions": list(state.config.factions),
        "first_leader": state.config.first_leader,
    }
    if state.table:
        out["table"] = eyes.names("table", state.table)  # H20: the Cube bundle
    config = state.config
    if config.setting:
        out["setting"] = config.setting
    if config.building:
        out["building"] = config.building
    counters = {k: v for k, v in state.counters.items() if k != END_STEP}
    if counters:
        out["counters"] = counters  # the locations' public tallies (Plateau, Lava Fields, ...)
    if config.artifacts:
        # public: the pool and how many each player was dealt; who holds which is not (§8)
        out["artifacts"] = {
            "pool": list(config.artifact_pool),
            "count": len(config.artifacts[0]),
        }
    if config.heroes:
        # public: the count, the pool and the values; which heroes are in the deck is secret
        out["heroes"] = {
            "count": len(config.heroes),
            "pool": list(config.hero_pool),
            "values": {name: config.hero_value(name) for name in config.hero_pool},
        }
    trick = state.trick
    if trick is not None and not finished:
        # cast: mypy cannot type the spreads, which keep the JSON's key order
        current = cast(
            CurrentTrickView,
            {
                "leader": trick.leader,
                "prize": eyes.name("prize", trick.prize) if trick.prize >= 0 else None,
                **(
                    {"prizes": eyes.names("prize", trick.prizes)}  # L6: both, older first
                    if len(trick.prizes) > 1
                    else {}
                ),
                # as played, a Jester's swap undone while a decision of the trick is pending
                # (W18, H25), as the trick history writes them
                "plays": [
                    {"player": p, "card": eyes.name("trick", c), **({"as": d} if d else {})}
                    for p, c, _, d in history_plays(trick)
                ],
            },
        )
        if masked_from(state, viewer):
            current["plays"][0] = {"player": trick.leader, "card": HIDDEN}  # W3: face-down
        if trick.used:
            # update takes a partial CurrentTrickView: ArtifactFields is its artifacts part
            current.update(cast(CurrentTrickView, artifact_fields(eyes, tuple(trick.used))))
        if len(trick.plays) == 2 and trick.winner >= 0:
            current["winner"] = trick.winner
            current["reason"] = trick.reason
        out["current"] = current
    if not finished and (viewer is None or viewer == current_player(state)):
        decision = _decision(state, eyes, masked_from(state, viewer))
        if decision is not None:
            out["decision"] = decision  # the viewer's own: the player asked, or the replay
    choosing = _choosing(state)
    if choosing is not None:
        out["choosing"] = choosing
    return out


#: ``DecisionView.kind`` of a card to play: the trick's first card, or the second
LEAD = "lead"
FOLLOW = "follow"
PLAY_KINDS = (LEAD, FOLLOW)


def _asked(power: type[Power]) -> str:
    """The one decision ``power`` asks a player (its ``asks`` less the automatic ``!`` step)."""
    (kind,) = [kind for kind in power.asks if kind[0] != "!"]
    return kind


#: the decisions whose data is the position, in the trick, of the card they are about: the card
#: whose power asks (a Seer, a Giant, a Poisoner, the Skeleton, Cthulhu, the Siren, the
#: Dinosaur, the Kraken), the card a King's Dagger may take, the card just played (R-80)
ABOUT_PLAY = frozenset(
    [
        _asked(power)
        for power in (Seers, Giants, Poisoners, Skeleton, Cthulhu, Siren, Dinosaur, Kraken)
    ]
    + [KINGS_DAGGER_WINDOW, PLAYED_WINDOW]
)
#: the locations' simultaneous choices (R-62, W8), whose data is the number of cards still to
#: choose (Cthulhu's discard is one card each)
SIMULTANEOUS = tuple(_asked(power) for power in (EndlessSands, WindyPeaks, Swamp, Tavern))
#: every R-62 choice: its carrying out waits in the queue as ``"!" + kind`` until both have chosen
CHOOSING = (*SIMULTANEOUS, _asked(Cthulhu))


def _decision(state: State, eyes: Eyes, masked: bool) -> DecisionView | None:
    """The decision the engine waits on (``state.tasks``' first, or a card to play), for the
    viewer ``eyes``: the card it is about named as they see it on the table (``masked``: the
    lead lies face-down for them, W3). The card is found by its place in ``trick.plays``, the
    engine's order (``current.plays`` lists the cards as played, W18). None only for a queue
    that does not wait on a player (a position restored mid-step; not reached in play)."""
    trick = state.trick
    plays = trick.plays if trick is not None else []
    if not state.tasks:
        if not plays:
            return {"kind": LEAD}
        return {"kind": FOLLOW, "about": HIDDEN if masked else eyes.name("trick", plays[0][1])}
    kind, _, data = state.tasks[0]
    if kind[0] in "@!":
        return None
    decision: DecisionView = {"kind": kind}
    if kind in ABOUT_PLAY and 0 <= data < len(plays):
        masked_here = masked and data == 0
        decision["about"] = HIDDEN if masked_here else eyes.name("trick", plays[data][1])
    elif kind in SIMULTANEOUS:
        decision["left"] = data
    return decision


def _choosing(state: State) -> ChoosingView | None:
    """The simultaneous choice under way (R-62), public: whose, and how many cards each player
    has chosen (W8: which ones only the chooser sees)."""
    for kind, _, _ in state.tasks:
        if kind[0] == "!" and kind[1:] in CHOOSING:
            return {"kind": kind[1:], "chosen": [len(state.chosen[0]), len(state.chosen[1])]}
    return None


def masked_from(state: State, viewer: int | None) -> bool:
    """Whether the current lead lies face-down for ``viewer`` (Mask of Darkness, A16, W3): the
    follower, until they have played; a Book of Memories lead from the Score pile is public."""
    trick = state.trick
    if viewer is None or trick is None or len(trick.plays) != 1 or viewer == trick.leader:
        return False
    marks = trick.marks
    return bool(marks.get(MASKED)) and not marks.get(BOOK) and state.result is None


def artifact_fields(eyes: Eyes, used: tuple[tuple[int, str, str], ...]) -> ArtifactFields:
    """A trick's extra fields for its artifacts (A25, A41): ``artifacts``, the names used in it
    in order, and ``daggered``, the cards King's Daggers took (public, W5)."""
    fields: ArtifactFields = {"artifacts": [name for _, name, _ in used]}
    daggered = [detail for _, name, detail in used if name == KingsDagger.name]
    if daggered:
        fields["daggered"] = [eyes.daggered(cards.IDS_BY_CODE[code][0]) for code in daggered]
    return fields


def discards_choices(state: State) -> bool:
    """Whether the R-62 choices waiting to be carried out go to the discard pile (Swamp,
    Cthulhu's Phase Two discards; not the gives of Endless Sands, Windy Peaks, Tavern)."""
    by_ask = state.book.by_ask
    return any(kind[0] == "!" and by_ask[kind].discards_choices for kind, _, _ in state.tasks)


def as_before_choices(state: State, player: int) -> list[int]:
    """``player``'s Score pile with the cards chosen from it (Tavern) back in their places."""
    pile = list(state.score[player])
    for card in reversed(state.chosen[player]):
        at = state.chosen_at.get(card)
        if at is not None:
            pile.insert(at, card)
    return pile


def known_setup(config: GameConfig, viewer: int | None) -> KnownSetup:
    """Which heroes and artifacts of ``config`` ``viewer`` may know at the table: everything for
    None (a replay showing all); for a player their own artifacts only; for a spectator
    (``SPECTATOR``) neither player's. Which heroes are in the deck is secret to both players
    (§2 step 3); the count, the pool and the values are public (see ``report``)."""
    artifacts: list[list[str] | None] = [
        list(config.artifacts[p]) if viewer is None or viewer == p else None
        for p in range(len(config.artifacts))
    ]
    return {"heroes": list(config.heroes) if viewer is None else None, "artifacts": artifacts}


def spectate(state: State) -> View:
    """What a spectator may know: the public information only (both hands, both Follower decks'
    blind draws, both players' artifacts and every private look hidden), in the view's shape."""
    return report(state, viewer=SPECTATOR)


def observe(state: State, player: int) -> View:
    """What ``player`` may know (§10): the only thing a client or a fair bot ever receives."""
    if player not in (0, 1):
        raise ValueError(f"player must be 0 or 1, got {player!r}")
    return report(state, viewer=player)
