"""What the bot knows about the table, from one view: the factions in play, the vote cards each
player has collected, what the opponent is known to hold and the unseen cards, the drift still to
come from the cards in hands (or Follower decks), and what the locations and the artifacts used so
far change in the trick being played.

:class:`Table` holds that knowledge; :class:`~claim.bots.heuristic.estimate.Estimate` adds the
chance of winning the game to it, :class:`~claim.bots.heuristic.tricks.Model` the tricks.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import cast

from claim.bots.heuristic.card import Card
from claim.bots.heuristic.card_values import (
    HIDDEN_ESTIMATE,
    average_value,
    card_value,
    changed_value,
    deck_counts,
    end_value,
    hero_name,
    is_two,
    read_code,
    surviving_share,
    take_one,
    trick_strength,
    vote_strength,
)
from claim.core import keys
from claim.core.judge import book_for
from claim.core.powers.artifacts import (
    BottomlessBottle,
    FlaskOfTears,
    GamblersDice,
    HuntingCloak,
    IceSword,
    MagicWand,
    MirrorOfLies,
    WishingLamp,
)
from claim.core.powers.base import RuleBook
from claim.core.powers.factions import Seers
from claim.core.powers.fear import Vampires
from claim.core.powers.fire import Tricksters
from claim.core.powers.heroes import BugLord, Ent, Gargoyle, GelatinousCube, Lycanthrope
from claim.core.powers.locations import (
    Farmlands,
    Islands,
    Pyramid,
    Ruins,
    Shore,
    Tower,
    Underworld,
    WindyPeaks,
)
from claim.core.powers.maps import Unicorns
from claim.core.powers.mercenaries import Cyclops, Elves, Orcs
from claim.core.view_types import CurrentTrickView, NextView, PlayerView, View

#: the variance one unknown card adds to its faction's margin
UNKNOWN_VAR = 0.67

#: what the bot remembers of a game that the view does not show, by (what, phase, trick)
Memo = dict[tuple[str, int, int], str]


def _book_of(view: View) -> RuleBook:
    """The rule book of the viewed game, from the public setup every view shows (§2)."""
    heroes = view.get("heroes")
    artifacts = view.get("artifacts")
    return book_for(
        tuple(view.get("factions", ())),
        tuple(heroes["pool"]) if heroes else (),
        tuple(sorted(heroes["values"].items())) if heroes else (),
        view.get("setting"),
        view.get("building"),
        tuple(artifacts["pool"]) if artifacts else (),
    )


class Table:
    """Per-faction margin, drift and variance, built from one view."""

    def __init__(self, view: View, memo: Memo | None = None) -> None:
        self.view = view
        nxt = view.get("next") or cast(NextView, {})  # cast: {} once over (read with .get)
        self.me: int = int(nxt.get("player", 0))
        self.opp = 1 - self.me
        self.phase: int = int(view.get("phase", 1))
        self.moon: str = str(view.get("moon", "no-moon"))
        players = view["players"]
        mine, theirs = players[self.me], players[self.opp]
        # cast: an empty dict stands for no trick on the table (the bot reads it with .get)
        current = view.get("current") or cast(CurrentTrickView, {})
        self.current = current
        self._see_locations(view)
        self._see_artifacts(view, current, memo)
        #: the prizes on the table (two with Islands, L6)
        self.prizes: list[str] = list(
            current.get("prizes") or ([prize] if (prize := current.get("prize")) else [])
        )
        self.lead_me = int(current.get("leader", self.me)) == self.me
        visible, chosen = self._visible_cards(view, mine, current)
        garg_fresh, table = self._read_history(view)
        visible += view.get("table", table)
        self._see_factions(view)
        garg = self._count_collected(players, garg_fresh)
        n = len(self.factions)
        # the margin per faction, and one more entry: +1 when a Gargoyle that will count (H32)
        # lies in our Score pile, -1 in the opponent's (p_game lets its owner choose)
        # then the trick's outcome for the locations: its winner (+1 us, -1 them), 1 when a
        # trick was played, the cards it brought each Score pile (us, them), how much weaker
        # than average the prizes we took are (Lava Fields: weak cards lose tricks)
        self.d = [self.count[self.me][i] - self.count[self.opp][i] for i in range(n)]
        self.d += [garg, 0.0, 0.0, 0.0, 0.0, 0.0]
        known_opp = self._opponent_cards(view, current, theirs, visible, chosen)
        self._unseen_pool(visible, known_opp, theirs)
        self._drift(view, mine, theirs, current, known_opp)
        self._tricks_to_come(view, players, mine, current)

    # -- building the table from the view --------------------------------------------------------

    def _see_locations(self, view: View) -> None:
        """The locations (RULES.md §7): what they change in the model."""
        self.setting: str = str(view.get("setting") or "")
        self.building: str = str(view.get("building") or "")
        counters = view.get("counters") or {}
        self.counters: dict[str, int] = counters
        self.under = self.setting == Underworld.name  # a printed 0 is a 10 (L2)
        #: the game's rule book (its public setup, §2): what the trick model asks who wins
        self.book = _book_of(view)
        self.farm = self.setting == Farmlands.name  # a 2 is first in its faction (L3)
        ice = counters.get(keys.ICE_FIELDS, -1)
        self.ice = [1 if ice == p else 0 for p in (0, 1)]  # +1 on this trick's card (L9)

    def _see_artifacts(self, view: View, current: CurrentTrickView, memo: Memo | None) -> None:
        """The artifacts (RULES.md §8): what they change in this trick."""
        self.arts = bool(view.get("artifacts"))
        self.lower_wins = False  # a Bottomless Bottle in this trick (A14)
        self.lamp_win = False  # a Wishing Lamp's card was not held: the follower wins (A28)
        self.cloaked = False  # the follower's card is drawn at random (Cloak, Dice; A6)
        #: Magic Wand / Mirror of Lies changes on this trick's cards, by (player, code) (A12)
        self.mods: dict[tuple[int, str], list[tuple[str, int]]] = {}
        #: our leads' values, usual and blind (the bot's artifact decisions fill it)
        self.lead_cache: list[tuple[float, float]] | None = None
        if self.arts:
            self._artifact_tallies(view, current, self.counters, memo or {})

    def _visible_cards(
        self, view: View, mine: PlayerView, current: CurrentTrickView
    ) -> tuple[list[str], list[str]]:
        """Every card name the viewer can see now (the table's Cube bundle apart), and our R-62
        choices not yet carried out."""
        visible: list[str] = []
        for p in view["players"]:
            visible += p.get("hand", []) + p.get("followers", []) + p.get("score", [])
            visible += p.get("gnomes", []) + p.get("tucked", [])
            if vampire := p.get("vampire"):
                visible.append(vampire)
        visible += view.get("discard", []) + view.get("troll_pool", []) + view.get("out", [])
        visible += self.prizes
        chosen = list(mine.get("chosen", []))  # our R-62 choices not yet carried out (L5, L20)
        discard = view.get("discard", [])
        if not (chosen and discard[-len(chosen) :] == chosen):
            visible += chosen  # (W8: our discards, Swamp or Cthulhu, already show in the pile)
        visible += [play["card"] for play in current.get("plays", [])]
        if self.arts:
            visible += list(mine.get("aside") or [])  # our Flail of Dawn card (A5)
        return visible, chosen

    def _read_history(self, view: View) -> tuple[bool, list[str]]:
        """Whether a Gargoyle was collected in Phase Two (H32); the Gelatinous Cube bundle
        lying on the table (R-63). Sets :attr:`ent_as`."""
        #: the faction a collected Ent counts for (H35)
        self.ent_as: str | None = None
        garg_fresh = False
        table: list[str] = []
        for trick in view.get("tricks", []):
            trick_plays = trick.get("plays", [])
            if trick.get("phase") == 2:
                for play in trick_plays:
                    if play["card"] == Ent.key and play.get("as"):
                        self.ent_as = play["as"]
                    elif play["card"] == Gargoyle.key:
                        garg_fresh = True
            if trick.get("winner") is None and any(
                play["card"] == GelatinousCube.key for play in trick_plays
            ):
                table = [play["card"] for play in trick_plays]
            elif trick.get("winner") is not None or trick.get("phase") != self.phase:
                table = []
        return garg_fresh, table

    def _see_factions(self, view: View) -> None:
        """The factions in play: the view's public setup (§2), all five from the first move."""
        self.factions: list[str] = sorted(view["factions"])
        self.idx: dict[str, int] = {f: i for i, f in enumerate(self.factions)}
        #: what an unknown card of each faction is worth at the end (Ruins, Pyramid, Tower)
        self.fw = [self._faction_weight(f) for f in self.factions]
        #: :meth:`_contrib` by (card, faction played as): asked thousands of times a decision
        self._contribs: dict[tuple[str, str | None], list[tuple[int, float]]] = {}

    def _count_collected(self, players: list[PlayerView], garg_fresh: bool) -> float:
        """The vote cards collected so far, the Unicorns' bonus, the Vampire stacks, the hand
        sizes; the Gargoyle's entry of the margins (+1 in our pile, -1 in theirs, 0: none that
        counts)."""
        n = len(self.factions)
        self.count = [[0.0] * n, [0.0] * n]
        self.unicorns = [0, 0]
        self.stack = [0.0, 0.0]
        self.vampire_value = [-1, -1]
        self.hand_size = [len(pl.get("hand", [])) for pl in players]
        if self.arts:
            # the Flail of Dawn card counts as held (A5, A39): it is played in the last trick
            self.hand_size = [
                h + len(pl.get("aside") or [])
                for h, pl in zip(self.hand_size, players, strict=True)
            ]
        self.score_faction_cards = [0, 0]  # faction cards in each Score pile (Bug Lord, H24)
        garg = 0.0
        for p, pl in enumerate(players):
            for code in pl.get("score", []):
                if read_code(code)[0] not in ("hero", "toxic", ""):
                    self.score_faction_cards[p] += 1
                if code == Gargoyle.key and self.phase == 2 and garg_fresh:
                    garg = 1.0 if p == self.me else -1.0
            for code in pl.get("score", []) + pl.get("gnomes", []):
                self.add(self.count[p], code, self.declared_as(code), 1.0)
                if read_code(code)[0] == Unicorns.name:
                    self.unicorns[p] += 1
            if vampire := pl.get("vampire"):
                self.add(self.count[p], vampire, None, 1.0)  # one Vampire card (V11)
                self.vampire_value[p] = self.val(vampire)
                tucked = pl.get("tucked", [])
                if tucked:
                    self.stack[p] = self.vampire_value[p] + sum(self.val(c) for c in tucked)
        return garg

    def _opponent_cards(
        self,
        view: View,
        current: CurrentTrickView,
        theirs: PlayerView,
        visible: list[str],
        chosen: list[str],
    ) -> Counter[str]:
        """The cards the opponent is known to hold: in Phase Two the prizes they won and have
        not played, in Phase One their revealed Follower cards (and what we pass them)."""
        known_opp: Counter[str] = Counter()
        if self.phase == 2:
            known_opp = self._opp_prizes()
            for trick in view.get("tricks", []):
                if trick.get("phase") == 2:
                    for play in trick.get("plays", []):
                        if play["player"] == self.opp:
                            take_one(known_opp, play["card"])
            for play in current.get("plays", []):
                if play["player"] == self.opp:
                    take_one(known_opp, play["card"])
        else:
            known_opp.update(c for c in theirs.get("followers", []) if c != "?")
        if chosen and self.setting == WindyPeaks.name and not current:
            known_opp.update(chosen)  # what we pass joins their hand
        # a card known to be theirs may have left their hand unseen since (Windy Peaks, Swamp):
        # never more copies than the game has beside the visible ones
        if known_opp:
            shown = Counter(c for c in visible if c not in chosen)
            shown.subtract(theirs.get("followers", []))
            total = deck_counts(tuple(self.factions))
            for code in list(known_opp):
                left = total.get(code, known_opp[code] + shown[code]) - shown[code]
                if known_opp[code] > left:
                    known_opp[code] = max(0, left)
            known_opp = +known_opp
        self.known_opp = known_opp
        return known_opp

    def _unseen_pool(self, visible: list[str], known_opp: Counter[str], theirs: PlayerView) -> None:
        """The cards nobody has seen (weighted: half the Shadows are out of the game), by kind,
        the share of each faction among them, and how many of the opponent's cards are
        unknown."""
        pool = Counter(deck_counts(tuple(self.factions)))
        taken = Counter(visible)
        taken.update(known_opp)
        taken.pop("?", None)
        for code, k in taken.items():
            have = pool.get(code, 0)
            if have >= k:
                pool[code] = have - k
                continue
            if have:
                pool[code] = 0
            for _ in range(k - have):
                take_one(pool, code)
        pool = +pool
        self.pool = pool
        weight = {c: (0.5 if c.startswith("shadows:") else 1.0) * k for c, k in pool.items()}
        self.pool_weight = weight
        self.pool_total = max(1e-9, sum(weight.values()))
        self.pool_groups = self._groups(weight.items())
        self.known_groups = self._groups((c, float(k)) for c, k in known_opp.items())
        hand_size = len(theirs.get("hand", [])) + (
            len(theirs.get("aside") or []) if self.arts else 0
        )
        if self.phase == 2:
            self.opp_unknown = max(0, hand_size - sum(known_opp.values()))
        else:
            self.opp_unknown = hand_size
        self.pool_frac = [0.0] * len(self.factions)
        for code, w in weight.items():
            for i, share in self._contrib(code, None):
                self.pool_frac[i] += share * w / self.pool_total

    def _drift(
        self,
        view: View,
        mine: PlayerView,
        theirs: PlayerView,
        current: CurrentTrickView,
        known_opp: Counter[str],
    ) -> None:
        """The drift and spread still to come, from the cards in hands (Phase Two) or Follower
        decks (Phase One), and the vote cards still to be collected."""
        n = len(self.factions)
        self.mu = [0.0] * n
        self.var = [0.0] * n
        if self.phase == 2:
            future_mine = list(mine.get("hand", []))
            if self.arts:
                future_mine += list(mine.get("aside") or [])
            future_theirs = list(known_opp.elements())
            unknown = self.opp_unknown + len(view.get("troll_pool", []))
        else:
            future_mine = list(mine.get("followers", []))
            future_theirs = list(known_opp.elements())
            unknown = len(view.get("deck", [])) + sum(
                1 for c in theirs.get("followers", []) if c == "?"
            )
            if current.get("prize"):
                unknown += 1  # the loser's draw (the prize itself is added by the outcome)
        for code in future_mine:
            self.hold(code, +1)
        for code in future_theirs:
            self.hold(code, -1)
        for i in range(n):
            self.var[i] += unknown * self.pool_frac[i] * UNKNOWN_VAR
        #: vote cards of each faction still to be collected (by either player)
        self.rest = [unknown * self.pool_frac[i] for i in range(n)]
        for code in future_mine + future_theirs:
            for i, w in self._contrib(code, None):
                self.rest[i] += w

    def _tricks_to_come(
        self,
        view: View,
        players: list[PlayerView],
        mine: PlayerView,
        current: CurrentTrickView,
    ) -> None:
        """The tricks still to play, and the physical Score pile sizes."""
        #: Phase Two tricks still to play, the current one included
        if self.phase == 2:
            played = [0, 0]
            for play in current.get("plays", []):
                played[play["player"]] += 1
            self.t2 = min(self.hand_size[p] + played[p] for p in (0, 1))
        else:
            self.t2 = 13
        self._lose_odds: tuple[float, float] | None = None
        #: physical Score pile sizes (Forest, L19)
        self.pile = [
            len(pl.get("score", []) + pl.get("gnomes", []) + pl.get("tucked", []))
            + (1 if pl.get("vampire") else 0)
            for pl in players
        ]
        self.tricks_left = max(
            1, len(mine.get("hand", [])) if self.phase == 2 else len(view.get("deck", [])) // 2 + 1
        )

    # -- reading the table ----------------------------------------------------------------------

    def _artifact_tallies(
        self,
        view: View,
        current: CurrentTrickView,
        counters: dict[str, int],
        memo: dict[tuple[str, int, int], str],
    ) -> None:
        """What the artifacts used so far change in the trick being played (R-80): the bonus
        on each player's card (a Flask of Tears' +9, A15; an Ice Sword's frozen value, A37),
        the Magic Wand and Mirror of Lies changes on the cards played (A12; the Wand's sign is
        known for our own, guessed for the opponent's: the one that helps them), a Bottomless
        Bottle (A14), a Wishing Lamp whose card was not held (A28), a random follow (A6)."""
        players = view["players"]
        used: list[str] = list(current.get("artifacts") or [])
        plays = current.get("plays", [])
        played = {int(play["player"]): str(play["card"]) for play in plays}

        def user(name: str) -> int | None:
            for p in (0, 1):
                if name in (players[p].get("used_artifacts") or ()):
                    return p
            return None

        tricks = view.get("tricks", [])
        last = tricks[-1] if tricks and current else None
        frozen = (
            last is not None
            and last.get("winner") is None
            and IceSword.name in (last.get("artifacts") or ())
        )
        for p in (0, 1):
            if p not in played:
                bonus = sum(counters.get(keys.player_key(name, p), 0) for name in keys.BONUSES)
            else:
                bonus = 9 if FlaskOfTears.name in used and user(FlaskOfTears.name) == p else 0
                if frozen and last is not None:
                    bonus += sum(
                        end_value(play["card"], self.under)
                        for play in last.get("plays", [])
                        if play["player"] == p
                    )
            self.ice[p] += bonus
        if not used:
            return
        key = (self.phase, len(tricks))
        self.lower_wins = BottomlessBottle.name in used
        self.cloaked = HuntingCloak.name in used or GamblersDice.name in used
        leader = int(current.get("leader", self.me))
        if WishingLamp.name in used and len(plays) == 2:
            if leader == self.me:
                named = memo.get(("lamp", *key))
                self.lamp_win = named is not None and named != plays[1]["card"]
            else:
                # the card we played freely (a Lamp card not held, A28)
                self.lamp_win = memo.get(("lamp-free", *key)) == plays[1]["card"]
        for name in used:
            if name not in (MagicWand.name, MirrorOfLies.name):
                continue
            who = user(name)
            if who is None or who not in played:
                continue
            if name == MirrorOfLies.name:
                change = ("mirror", 0)
            elif who == self.me and ("wand", *key) in memo:
                change = ("wand", int(memo[("wand", *key)]))
            else:
                change = ("wand", -2 if self.lower_wins else 2)
            self.mods.setdefault((who, played[who]), []).append(change)

    def _opp_prizes(self) -> Counter[str]:
        """The Phase One prizes the opponent won (now in their Phase Two hand)."""
        won: Counter[str] = Counter()
        tricks = [t for t in self.view.get("tricks", []) if t.get("phase") == 1]
        for k, trick in enumerate(tricks):
            prize, winner = trick.get("prize"), trick.get("winner")
            if not prize or winner is None:
                continue
            seer = any(
                play["player"] == winner and read_code(play["card"])[0] == Seers.name
                for play in trick.get("plays", [])
            )
            if seer:
                continue
            if self.setting == Shore.name:
                winner = 1 - winner  # the loser takes the prize (L4)
            elif self.setting == Islands.name:
                # the older prize stays on the table when the winner took the newer one (L6)
                following = tricks[k + 1].get("prize") if k + 1 < len(tricks) else None
                if following is None or following == prize:
                    continue
            if winner == self.opp:
                won[prize] += 1
        return won

    def declared_as(self, code: str) -> str | None:
        """The faction a collected card counts for when it is not its printed one (an Ent)."""
        return self.ent_as if code == Ent.key else None

    def _groups(
        self, items: Iterable[tuple[str, float]]
    ) -> dict[str, list[tuple[int, float, int]]]:
        """Cards by printed kind (a hero by its code): (effective value as the opponent would
        play it, weight, Farmlands rank)."""
        groups: dict[str, list[tuple[int, float, int]]] = {}
        bonus = self.unicorns[self.opp] if self.phase == 2 else 0
        ice = self.ice[self.opp]
        for code, w in items:
            kind = read_code(code)[0]
            value = self.val(code) + ice
            if kind == "hero":
                kind = code
            if bonus and kind != Unicorns.name:
                value += bonus
            rank = 1 if self.farm and is_two(code) else 0
            groups.setdefault(kind, []).append((value, w, rank))
        return groups

    def val(self, code: str) -> int:
        """A card's value (printed, estimated when hidden; the Underworld's 10 for a 0)."""
        return card_value(code, self.under)

    def q1(self, code: str) -> float:
        """A card's strength for winning Phase One tricks, 0 to 1."""
        return trick_strength(code, self.under, self.farm)

    def end_weight(self, code: str, faction: str) -> float:
        """How much one collected card of ``faction`` counts for its vote at the end: 0 when the
        Building discards it (Ruins: odd values, L18; Pyramid: 3 or less, L13), its value over the
        faction's average with the Tower (sums, L17; not Cyclops nor Vampires)."""
        building = self.building
        if building not in (Ruins.name, Pyramid.name, Tower.name):
            return 1.0
        kind, _, raw = code.partition(":")
        if building == Tower.name:
            if faction in (Cyclops.name, Vampires.name):
                return 1.0
            return self.val(code) / average_value(faction, self.under)
        if raw in HIDDEN_ESTIMATE:
            return self._faction_weight(faction, raw)
        value = self.val(code)
        if building == Ruins.name:
            return 0.0 if value % 2 == 1 and kind != "hero" else 1.0
        return 0.0 if value <= 3 else 1.0

    def _faction_weight(self, faction: str, part: str = "") -> float:
        """The mean end weight of the cards of ``faction`` (of those shown as ``part``, a
        value-hidden card's odd/even or high/low)."""
        if self.building not in (Ruins.name, Pyramid.name):
            return 1.0
        return surviving_share(faction, part, self.building, self.under)

    def _contrib(self, code: str, played_as: str | None) -> list[tuple[int, float]]:
        """The factions (index, weight) one card counts for at the end (not to be changed:
        the list is kept for the next ask)."""
        key = (code, played_as)
        found = self._contribs.get(key)
        if found is None:
            found = self._contribs[key] = self._counts_for(code, played_as)
        return found

    def _counts_for(self, code: str, played_as: str | None) -> list[tuple[int, float]]:
        """:meth:`_contrib` worked out: a declared card counts for its declaration, a dual card
        half for Elves and half for Orcs, a Trickster half (it may be a fake), each times its
        end weight (:meth:`end_weight`)."""
        idx = self.idx
        if played_as is not None:
            if played_as not in idx:
                return []
            return [(idx[played_as], self.end_weight(code, played_as))]
        kind = read_code(code)[0]
        if kind == "elf-orc":
            return [
                (idx[f], 0.5 * self.end_weight(code, f))
                for f in (Elves.name, Orcs.name)
                if f in idx
            ]
        if kind in idx:
            w = 0.5 if kind == Tricksters.name else 1.0
            return [(idx[kind], w * self.end_weight(code, kind))]
        return []

    def add(self, vec: list[float], code: str, played_as: str | None, sign: float) -> None:
        """Add ``sign`` times the card's vote weights to the margins ``vec``."""
        for i, w in self._contrib(code, played_as):
            vec[i] += sign * w

    def hold(
        self, code: str, sign: int, mu: list[float] | None = None, var: list[float] | None = None
    ) -> None:
        """Add (sign +1 mine, -1 the opponent's) a future card's drift and spread; remove it
        with ``sign`` negated and ``var`` subtracted by the caller."""
        mu = self.mu if mu is None else mu
        var = self.var if var is None else var
        for i, w in self._contrib(code, None):
            s = vote_strength(code, self.factions[i], self.under, self.farm)
            mu[i] += sign * w * s
            var[i] += w * (1 - s * s)

    def unhold(self, code: str, sign: int, mu: list[float], var: list[float]) -> None:
        """Take back what :meth:`hold` added for a card that leaves its hand."""
        for i, w in self._contrib(code, None):
            s = vote_strength(code, self.factions[i], self.under, self.farm)
            mu[i] -= sign * w * s
            var[i] = max(0.0, var[i] - w * (1 - s * s))

    # -- a card as the trick model sees it ------------------------------------------------------

    def effective(self, code: str, faction: str, player: int) -> int:
        """A card's effective value in this trick: the Ice Fields' +1 and the artifacts'
        bonuses, in Phase Two the Unicorns' bonus (not on a Unicorn) and the Bug Lord's faction
        cards (H24)."""
        value = self.val(code) + self.ice[player]
        if self.phase == 2:
            if faction != Unicorns.name:
                value += self.unicorns[player]
            if code == BugLord.key:
                value += self.score_faction_cards[player]  # H24
        return value

    def card(self, code: str, played_as: str | None, player: int, known: bool = True) -> Card:
        """The card ``code`` of ``player`` (played as ``played_as``) as the trick model sees it;
        ``known``: not a guess of a reply."""
        kind = read_code(code)[0]
        if played_as is not None:
            faction = played_as
        elif kind == "elf-orc":
            faction = Elves.name
        elif kind in ("hero", "toxic"):
            faction = ""
        else:
            faction = kind
        hero = hero_name(code)
        value = self.effective(code, faction, player)
        if hero == Lycanthrope.hero and played_as is not None:
            value = 5 + (self.unicorns[player] if self.phase == 2 else 0) + self.ice[player]
        if self.mods:
            for kind, amount in self.mods.get((player, code), ()):
                value = changed_value(value, kind, amount)
        last = self.hand_size[player] == (1 if player == self.me else 0)
        rank = 1 if self.farm and not hero and is_two(code) else 0
        return Card(
            code,
            faction,
            value,
            player,
            known,
            hero,
            hero != Lycanthrope.hero,
            last and known,
            rank,
        )
