"""Hidden information (RULES.md §10): the omniscient report, a player's view, and determinization.

:func:`report` writes a state in the replay shape of ``records.md``. With ``viewer=None`` it shows
everything (``claim replay --json``); with a player it is :func:`observe`: every card that player
may not identify is written ``"?"`` (lists keep their length, so counts stay visible), or as the
part they can see (a Demon as ``demons:odd``, a Trickster by printed value). It is the one function
that decides what a client, a server seat or a fair bot may know, and :func:`determinize` re-deals
exactly what it hides.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from itertools import combinations
from typing import cast

from claim.core import cards
from claim.core.cards import (
    BASE_FACTION,
    DUAL,
    DUAL_FACTIONS,
    PARTIAL_NAME,
    PUBLIC_NAME,
    VALUE_HIDDEN,
)
from claim.core.engine import current_player, history_plays, legal_actions, refresh_options
from claim.core.keys import BOOK, END_STEP, FACE_UP, MASKED, PRIVATE_LOOK
from claim.core.keys import FORCED_PLAY as FORCED
from claim.core.powers.artifacts import KingsDagger
from claim.core.powers.base import POWER_KEY
from claim.core.setup import GameConfig, hero_cards
from claim.core.state import State, Trick
from claim.core.view_types import (
    ArtifactFields,
    CurrentTrickView,
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
_HIDING_ZONES = ("deck", "fire_phoenix", "out", "toxics")
_HIDING_KINDS = ("chosen", "aside", "hand", "followers")


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
        out["artifacts"] = {"pool": list(config.artifact_pool)}  # public; who holds which is not
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
    return out


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


def _redo_score_choices(state: State, player: int, rng: random.Random) -> None:
    """The other player's choices from their public Score pile (Tavern) are secret until carried
    out: put them back and choose as many again at random among the cards they may choose."""
    picked = [c for c in state.chosen[player] if c in state.chosen_at]
    if not picked:
        return
    state.score[player][:] = as_before_choices(state, player)
    state.chosen[player] = [c for c in state.chosen[player] if c not in state.chosen_at]
    for card in picked:
        del state.chosen_at[card]
    pile = state.score[player]
    choosable = [c for c in pile if state.tags.get(c) != FACE_UP]
    for card in rng.sample(choosable, len(picked)):
        state.chosen_at[card] = pile.index(card)
        pile.remove(card)
        state.chosen[player].append(card)


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


# -------------------------------------------------------------------------------------------------
# Determinization
# -------------------------------------------------------------------------------------------------

ANY = ""  # the class of a "?" slot in a hand, Follower deck or the deck


def _slot_class(zone: str, card: int, seen_as: str, removed: dict[int, str]) -> str:
    """What may fill a slot the viewer does not know exactly: a partial name (``demons:odd``)
    takes a card of that name; a hidden Toxic a Toxic; the Fire Phoenix pile a Fire Phoenix; an
    unseen card out of the game one of its kind (the unused Shadows, the unused Toxics); any other
    "?" any card that may lie in a hand or the deck."""
    if seen_as != HIDDEN:
        return seen_as
    if zone == "toxics" or FACTION[card] == "toxic":
        return "toxic"
    if zone == "fire_phoenix":
        return "fire-phoenix"
    if zone == "out":
        why = removed.get(card)
        if why == "heroes":
            return REMOVED
        if why is not None:
            return ANY  # Cthulhu's two cards came off the deck: any card that may lie there
        return "out:" + FACTION[card]
    return ANY


#: the class of a faction card that left the game for a hero (§2 step 3): any faction card
REMOVED = "out~heroes"
NOT_DECK_FACTION = ("hero", "toxic")


def _fits(card: int, slot_class: str) -> bool:
    if slot_class == "toxic":
        return FACTION[card] == "toxic"
    if slot_class == "fire-phoenix":
        return CODE[card].startswith("fire-phoenix:")
    if slot_class == REMOVED:
        return FACTION[card] not in NOT_DECK_FACTION and not CODE[card].startswith("fire-phoenix:")
    if slot_class.startswith("out:"):
        return FACTION[card] == slot_class[4:]
    return PUBLIC_NAME[card] == slot_class


def _class_order(slot_class: str) -> tuple[int, str]:
    """Fill the narrow classes first: a removed card may be of any faction, so it is dealt
    after the unused Shadows and the partly seen cards have taken theirs; the other hand's "?"
    cards under a void (:data:`VOIDED`) just before it."""
    return (2 if slot_class == REMOVED else 1 if slot_class == VOIDED else 0, slot_class)


#: the class of the other hand's "?" cards when :func:`voids` found some: any card outside the
#: void factions
VOIDED = "~voided"


def _redraw_heroes(state: State, unknown: list[int], rng: random.Random) -> list[int]:
    """Which heroes are in the deck is secret (§2 step 3): the heroes ``player`` has not seen
    are drawn again from the public pool, less the heroes seen; ``state.config`` follows."""
    hidden = [c for c in unknown if FACTION[c] == "hero"]
    if not hidden:
        return unknown
    config = state.config
    unseen = {CODE[c][len("hero:") :] for c in hidden}
    seen = [h for h in config.heroes if h not in unseen]
    candidates = [h for h in config.hero_pool if h not in seen]
    drawn = rng.sample(candidates, len(hidden))
    state.config = replace(config, heroes=(*seen, *sorted(drawn)))
    return [c for c in unknown if FACTION[c] != "hero"] + hero_cards(drawn)


def _replay_play(state: State, trick: Trick, pos: int, rng: random.Random) -> None:
    """A card re-dealt into a face-down lead counts as itself: its faction, power key and rank
    (a dual card declared at random, a declaring hero played plainly)."""
    card = trick.plays[pos][1]
    faction = BASE_FACTION[card]
    declared: str | None = None
    if FACTION[card] == DUAL:
        declared = faction = rng.choice(DUAL_FACTIONS)
    trick.factions[pos] = faction
    trick.declared[pos] = declared
    trick.keys[pos] = POWER_KEY[card]
    trick.ranks[pos] = state.book.rank[card]


def _redeal_artifacts(state: State, player: int, rng: random.Random) -> None:
    """The other player's unused artifacts are secret (§8): drawn again from the pool less the
    artifacts ``player`` holds or held and those the other has used."""
    config = state.config
    if not config.artifacts or state.result is not None:  # W9: public once finished
        return
    other = 1 - player
    unused = state.artifacts[other]
    known = {*config.artifacts[player], *state.used_artifacts[other]}
    candidates = [a for a in config.artifact_pool if a not in known]
    # a player is asked at a window only while holding a usable artifact there, so when
    # the other is being asked, the drawn ones must include one (usability is public; the true
    # artifacts are among the candidates, so such a draw exists)
    control = state.book.artifacts
    pending = state.tasks[0] if state.tasks else None
    if pending is None or pending[1] != other or state.book.by_ask.get(pending[0]) is not control:
        pending = None
    for drawn in _artifact_draws(candidates, len(unused), rng):
        state.artifacts[other] = drawn
        if pending is None or control is None or control.options(state, *pending):
            break
    dealt: list[tuple[str, ...]] = [(), ()]
    dealt[player] = config.artifacts[player]
    dealt[other] = (*state.used_artifacts[other], *drawn)
    state.config = replace(config, artifacts=(tuple(dealt[0]), tuple(dealt[1])))


def _artifact_draws(candidates: list[str], count: int, rng: random.Random) -> Iterator[list[str]]:
    """Up to 100 random draws of ``count`` of the candidates, then every combination in order;
    lazily, each drawn from ``rng`` only when the one before did not do. (A generator, not a
    generator expression: mypyc evaluates those eagerly, which would draw all 100.)"""
    for _ in range(100):
        yield rng.sample(candidates, count)
    for combination in combinations(candidates, count):
        yield list(combination)


#: factions a void can never be inferred for: a hero sets no led faction, a Toxic is never played
_NO_VOID = ("hero", "toxic", DUAL)
#: the hero that counts as the led faction when played second, and so may always follow (H31)
_LIFE_STEALER = cards.IDS_BY_CODE["hero:life-stealer"][0]
#: how many determinizations could not respect the inferred voids and were dealt without them
#: (an edge case :func:`voids` did not foresee; expected to stay 0)
VOID_FALLBACKS: list[int] = [0]


def _void_from(plays: tuple[tuple[int, int, int, str | None], ...], other: int, freed: bool) -> str:
    """The faction ``other`` showed they held none of in one trick's plays (the lead and the
    follow, in play order), or "" when the follow tells nothing."""
    if freed or len(plays) != 2:
        return ""
    (leader, lead, _, lead_as), (follower, card, _, card_as) = plays
    if follower != other or leader == other:
        return ""
    led = lead_as if lead_as is not None else FACTION[lead]
    if led in _NO_VOID:
        return ""  # a led hero (undeclared) or an undeclared dual card: no led faction
    faction = FACTION[card]
    # a dual card or a Doppelganger may follow while able to follow (R-40, §5.1), and so may the
    # heroes that count as the led faction when played second (H2): the Life Stealer (H31), a
    # Lycanthrope or Ent declared as it (H34, H35); a declared card counts as its declaration.
    # Any other hero played second was off-faction, played only for want of the led one (H2).
    if faction in (DUAL, "doppelgangers") or card_as is not None or faction == led:
        return ""
    if card == _LIFE_STEALER:
        return ""
    return led


def voids(state: State, player: int) -> list[str]:
    """The factions the other player is known, from the public play, to hold no card of in the
    hidden part of their hand (issue 22): each is the led faction of a trick of the current
    phase that they followed with a card that does not follow it, when nothing let them do so
    while able to follow — the card is not a dual card (R-40), a Doppelganger (§5.1) or a hero
    that counts as the led faction (the Life Stealer, a declared Lycanthrope or Ent: H2; any
    other hero played second shows the void, H2), and no artifact was used in that trick or the
    one before (a Mask of Darkness frees the next trick's follower too; Hunting Cloak, Gambler's
    Dice, the Wishing Lamp, a Book of Memories lead, a King's Dagger replacement). It reads only
    what :func:`observe` shows ``player``: the trick history with the artifacts used in each
    trick, and the current trick.

    Cards that joined the hand since are not concerned: every card that joins a hand in the
    middle of a phase is known to ``player`` (``revealed``: Skeleton, Necromancer, Kraken,
    Dinosaur, Endless Rope; the passes of Windy Peaks and Endless Sands come before any trick),
    but for a Fire Phoenix drawn in Phase Two — so no void of Phoenixes is inferred in Phase
    Two. A new phase brings a new hand: only the current phase's tricks count. A card set aside
    by the Flail of Dawn is put back among the hand by :func:`determinize`, so no void is
    inferred while the other player has one aside."""
    other = 1 - player
    if state.result is not None or state.aside[other]:
        return []
    phase = state.phase
    history = state.history
    used = state.history_artifacts
    found: list[str] = []
    for index in range(len(history) - 1, -1, -1):
        record = history[index]
        if record[0] != phase:
            break
        freed = index in used or (index - 1) in used
        led = _void_from(record[4], other, freed)
        if led and led not in found:
            found.append(led)
    trick = state.trick
    if trick is not None and trick.phase == phase and len(trick.plays) == 2:
        freed = bool(trick.used) or (len(history) - 1) in used
        led = _void_from(history_plays(trick), other, freed)  # as played (H25)
        if led and led not in found:
            found.append(led)
    if phase == 2 and "phoenixes" in found:
        found.remove("phoenixes")  # a Fire Phoenix drawn since may be one
    found.sort()
    return found


def _banned(card: int, banned: list[str]) -> bool:
    """Whether ``card`` could have followed one of the ``banned`` factions (R-40: a dual card
    follows Elves and Orcs)."""
    faction = FACTION[card]
    if faction == DUAL:
        return "elves" in banned or "orcs" in banned
    return faction in banned


def _void_draw(
    pool: list[int], count: int, banned: list[str], removed: int, rng: random.Random
) -> list[int] | None:
    """``count`` cards of ``pool`` (in canonical order) outside the ``banned`` factions, drawn
    uniformly, leaving at least ``removed`` cards that may have been removed for heroes; None
    when no such draw is found (tried a few times: each try is a fresh uniform draw)."""
    candidates = [c for c in pool if not _banned(c, banned)]
    if len(candidates) < count:
        return None
    if not removed:
        return rng.sample(candidates, count)
    fitting = 0
    for card in pool:
        if _fits(card, REMOVED):
            fitting += 1
    for _ in range(20):
        chosen = rng.sample(candidates, count)
        left = fitting
        for card in chosen:
            if _fits(card, REMOVED):
                left -= 1
        if left >= removed:
            return chosen
    return None


def determinize(state: State, player: int, rng: random.Random) -> State:
    """A full state consistent with everything ``player`` knows, the rest re-dealt at random.

    Every card :func:`observe` does not show ``player`` exactly is re-dealt: a ``"?"`` among the
    cards that may lie there (the other hand, the other's blind draws, the deck, the Fire Phoenix
    pile, unseen Toxics, cards out of the game unseen), a partly seen card (``demons:odd``,
    ``tricksters:5``) among the cards that look the same — so a Demon known to be odd stays odd.
    Each such class is filled uniformly at random, the candidates taken in a canonical order
    (by code), so two states that look the same to ``player`` give the same result for the same
    ``rng``: the fairness a search bot relies on. Future random events get a fresh stream from
    ``rng`` too, and the true starting deal and seed are dropped, so nothing hidden leaks.
    The "?" cards of the other hand get no card of a faction the public play showed they hold
    none of (:func:`voids`); when that cannot be (an unforeseen case) they are dealt as if no
    void were known, and :data:`VOID_FALLBACKS` counts it.
    """
    if player not in (0, 1):
        raise ValueError(f"player must be 0 or 1, got {player!r}")
    banned = voids(state, player)  # before anything moves: read from the public history
    s = state.clone()
    other = 1 - player
    _redo_score_choices(s, other, rng)
    # W8: which cards the other player chose from hand is secret until carried out: back into
    # the hand, re-dealt with it, and chosen again at random below
    from_hand = [c for c in s.chosen[other] if c not in s.chosen_at]
    s.hands[other].extend(from_hand)
    # A5: which card the other player set aside (Flail of Dawn) is secret too: back into the
    # hand, re-dealt with it, and set aside again at random below
    aside = len(s.aside[other])
    s.hands[other].extend(s.aside[other])
    s.aside[other] = []
    s.chosen[other] = [c for c in s.chosen[other] if c in s.chosen_at]
    # The order of the other hand is hidden too (W13): the cards the player knows there first, by
    # code, then the unknown ones, so nothing of the true order survives.
    # Cards known only by name (a Trickster prize) sort by that name: they are re-dealt among
    # their like anyway.
    if s.result is None:  # a finished game shows every hand in order
        seen = Eyes(s, player)
        zone = f"hand{other}"
        known = sorted(
            (c for c in s.hands[other] if c in s.revealed), key=lambda c: seen.known_as(zone, c)
        )
        s.hands[other] = known + [c for c in s.hands[other] if c not in s.revealed]
    eyes = Eyes(s, player)
    slots: dict[str, list[tuple[list[int], int]]] = {}
    unknown: list[int] = []
    held: set[int] = set(s.chosen_at)  # cards chosen from a public pile are known cards
    if s.tasks and s.tasks[0][1] == 1 - player and s.tasks[0][0][0] not in "@!":
        kind, asked, data = s.tasks[0]
        held.update(s.book.by_ask[kind].held(s, kind, asked, data))
    for zone, ids in s.zones().items():
        if zone in ("trick", "prize"):
            continue  # the table is public; a lead Demon is handled through trick.plays below
        # a face-up zone (the discard, the Score piles, ...) shows each card as it is publicly
        # known: no per-card walk through :meth:`Eyes.name`'s zone tests
        face_up = zone not in _HIDING_ZONES and zone[:-1] not in _HIDING_KINDS
        for i, card in enumerate(ids):
            seen_as = eyes.public(card) if face_up else eyes.known_as(zone, card)
            if card not in held and not eyes.knows_seen(card, seen_as):
                slots.setdefault(_slot_class(zone, card, seen_as, s.removed), []).append((ids, i))
                unknown.append(card)
    trick = s.trick
    table: list[tuple[list[int], int]] = []
    if trick is not None and not trick.collected:
        # a card on the table shows as much as it does anywhere public (a lead Demon: its parity)
        table_ids = [c for _, c in trick.plays] + trick.prizes
        masked = masked_from(s, player)
        for i, card in enumerate(table_ids):
            seen_as = HIDDEN if masked and i == 0 else eyes.public(card)
            if seen_as != CODE[card] or (PARTIAL_NAME[card] and eyes.partial_now(card)):
                slot_class = ANY if seen_as == HIDDEN else seen_as  # a masked lead: any card
                slots.setdefault(slot_class, []).append((table_ids, i))
                unknown.append(card)
                table.append((table_ids, i))
    pool = sorted(_redraw_heroes(s, unknown, rng), key=lambda c: (CODE[c], c))
    if banned and ANY in slots:
        # the "?" cards of the other hand take no card of a void faction: a class of their own,
        # filled after the narrow classes and before the cards removed for heroes
        hand = s.hands[other]
        voided = [t for t in slots[ANY] if t[0] is hand]
        if voided:
            slots[VOIDED] = voided
            slots[ANY] = [t for t in slots[ANY] if t[0] is not hand]
    placed: dict[int, int] = {}  # old card -> new card, to carry per-card knowledge over
    for slot_class in sorted((k for k in slots if k != ANY), key=_class_order):
        targets = slots[slot_class]
        if slot_class == VOIDED:
            drawn = _void_draw(pool, len(targets), banned, len(slots.get(REMOVED, [])), rng)
            if drawn is None:  # unforeseen: deal them as if no void were known
                VOID_FALLBACKS[0] += 1
                slots[ANY].extend(targets)
                continue
            chosen = drawn
        else:
            candidates = [c for c in pool if _fits(c, slot_class)]
            chosen = rng.sample(candidates, len(targets))
        for (ids, i), card in zip(targets, chosen, strict=True):
            placed[ids[i]] = card
            ids[i] = card
        taken = set(chosen)
        pool = [c for c in pool if c not in taken]
    rng.shuffle(pool)
    for (ids, i), card in zip(slots.get(ANY, []), pool, strict=True):
        placed[ids[i]] = card
        ids[i] = card
    if table and trick is not None:
        table_ids = table[0][0]
        n = len(trick.plays)
        redealt = [i for i, (_, c) in enumerate(trick.plays) if table_ids[i] != c]
        trick.plays = [(p, table_ids[i]) for i, (p, _) in enumerate(trick.plays)]
        # a card re-dealt on the table brings its own printed value (the trick is not resolved:
        # once both cards are down every value is public and nothing there is re-dealt), and a
        # masked lead its own faction and powers (its declaration is face-down too: drawn again)
        trick.values = [s.book.value[c] for _, c in trick.plays]
        for i in redealt:
            _replay_play(s, trick, i, rng)
        if trick.prizes:
            trick.prizes = table_ids[n:]
            trick.prize = trick.prizes[0]
    # per-card knowledge follows the slot: a revealed prize stays revealed whichever copy it is,
    # and the history names the card now lying where the played one went (a Trickster whose
    # fake mark nobody knows may have been re-dealt)
    s.revealed = {placed.get(c, c) for c in s.revealed}
    s.peeked = [{placed.get(c, c) for c in seen} for seen in s.peeked]  # the other's peeks
    s.value_known = {placed.get(c, c) for c in s.value_known}
    s.public_out = {placed.get(c, c) for c in s.public_out}
    s.declared = {placed.get(c, c): f for c, f in s.declared.items()}
    s.history_prizes = {
        i: tuple(placed.get(c, c) for c in prizes) for i, prizes in s.history_prizes.items()
    }
    s.removed = {placed.get(c, c): why for c, why in s.removed.items()}
    s.tags = {placed.get(c, c): tag for c, tag in s.tags.items()}
    if placed:
        s.history = [
            (
                ph,
                n,
                ld,
                placed.get(pz, pz),
                tuple((p, placed.get(c, c), v, d) for p, c, v, d in pl),
                w,
                r,
            )
            for ph, n, ld, pz, pl, w, r in s.history
        ]
        if trick is not None:
            trick.gained = [(p, placed.get(c, c)) for p, c in trick.gained]
            trick.mods = [(placed.get(c, c), kind, n) for c, kind, n in trick.mods]
            forced = trick.marks.get(FORCED)
            if forced is not None:
                trick.marks[FORCED] = placed.get(forced, forced)
    _redeal_artifacts(s, player, rng)
    hand = s.hands[other]
    for i in sorted(rng.sample(range(len(hand)), len(from_hand)), reverse=True):
        s.chosen[other].append(hand.pop(i))
    for i in sorted(rng.sample(range(len(hand)), aside), reverse=True):
        s.aside[other].append(hand.pop(i))
    s.chance_seed = rng.getrandbits(63)
    s.draws = 0
    # The starting deal holds the other hand and the seed would recompute everything: a
    # determinized game has neither (records.to_record writes it as a position instead).
    s.deal = ((), (), ())
    s.setup_draws = ((), ())
    s.seed = None
    s.scripted = ()  # a record's future random outcomes are not the player's to know
    refresh_options(s)  # the other player's pending decision may choose among re-dealt cards
    return s
