"""The bot's one idea, a small model of the end of the game: for each faction the margin of vote
cards so far and the drift still to come give the chance that its vote goes to us, and from those
the chance of winning three votes of five (:meth:`Estimate.p_game`); then what the locations
change — special vote rules (Fortress, Lighthouse, Dungeon), the Buildings that decide the game
before the votes (Forest, Monastery, Castle, Bridge) and Lava Fields, counted as plans of losing
every trick left where that wins."""

from __future__ import annotations

import math

from claim.bots.heuristic.card_values import hero_name
from claim.bots.heuristic.odds import (
    binom_cdf,
    chance_losing_all,
    last_trick_odds,
    lava_odds,
    majority_chance,
    phi,
)
from claim.bots.heuristic.replies import reply_odds
from claim.bots.heuristic.table import Table
from claim.core import keys
from claim.core.powers.factions import Dwarves
from claim.core.powers.fear import Vampires
from claim.core.powers.locations import (
    Bridge,
    Castle,
    Dungeon,
    Forest,
    Fortress,
    Islands,
    LavaFields,
    Lighthouse,
    Monastery,
)
from claim.core.powers.mercenaries import Cyclops, Elves

#: the Buildings that may decide the game before the votes, as the model counts them
END_BUILDINGS = frozenset({Forest.name, Castle.name, Monastery.name, Bridge.name})
#: the chance of losing a trick we try to lose, as follower and as leader, when card counting
#: has nothing to go on (Lava Fields, Forest, Monastery)
P_LOSE_FOLLOW = 0.75
P_LOSE_LEAD = 0.45
#: Lava Fields, Phase One: the worth of a prize weaker than average (per unit of strength)
LAVA_HAND = 0.5
#: the same for the Buildings where we may have to lose tricks on purpose
WEAK_HAND: dict[str, float] = {Monastery.name: 0.3}
#: Forest, Monastery: the share of those chances we count on for the risk of winning too many
#: tricks (a hand gets harder to lose with as it shrinks)
WARY = 0.8
#: Forest, Monastery: how far we trust the plan of losing every trick left
TRUST = 0.9


class Estimate(Table):
    """The table (:class:`Table`) and the chance of winning the game from any margins, drift and
    spread: ``d`` (margins, with the trick's outcome entries after the factions), ``mu``, ``var``
    (:attr:`Table.d`, :attr:`Table.mu`, :attr:`Table.var` as they stand)."""

    def p_game(self, d: list[float], mu: list[float], var: list[float]) -> float:
        """The chance of winning the game: at least three of the five votes (a Gargoyle that
        counts, the entry after the factions in ``d``, is two more cards of the faction its owner
        likes best), then what the locations change (:meth:`_p_locations`)."""
        n = len(self.factions)
        garg = d[n] if len(d) > n else 0.0
        if not garg or not n:
            p = self._p_votes(d, mu, var)
        else:
            found: list[float] = []
            for i in range(n):
                d2 = list(d)
                d2[i] += 2 * garg
                found.append(self._p_votes(d2, mu, var))
            p = max(found) if garg > 0 else min(found)
        if self.building in END_BUILDINGS or self.setting == LavaFields.name:
            return self._p_locations(p, d, mu, var)
        return p

    def weak_worth(self) -> float:
        """Phase One: what a prize weaker than average is worth, per unit of strength, where
        Phase Two is about losing tricks (Lava Fields; Monastery and Forest, to keep our pile
        small enough)."""
        if self.setting == LavaFields.name:
            return LAVA_HAND
        return WEAK_HAND.get(self.building, 0.0)

    def lose_odds(self) -> tuple[float, float]:
        """Phase Two: the chances that we lose a trick we try to lose, as leader (leading the
        card the opponent most likely beats) and as follower (the opponent leading any card
        they may hold), by card counting; rounded, they key the planning tables."""
        if self._lose_odds is not None:
            return self._lose_odds
        hand = self.view["players"][self.me].get("hand", [])
        beaten: list[float] = []
        low: dict[str, tuple[int, int]] = {}  # faction -> our lowest (rank, value)
        for code in hand:
            card = self.card(code, None, self.me)
            beaten.append(reply_odds(self, card, 0.0)[0])
            if card.faction:
                key = (card.rank, card.value)
                low[card.faction] = min(low.get(card.faction, key), key)
        smallest = min((self.val(c) for c in hand), default=0)
        # the opponent's possible leads, weighted as they may hold them
        total = lost = 0.0
        scale = self.opp_unknown / self.pool_total
        for groups, weight in ((self.known_groups, 1.0), (self.pool_groups, scale)):
            for kind, entries in groups.items():
                for v, w, r in entries:
                    w *= weight
                    total += w
                    led = Elves.name if kind == "elf-orc" else kind
                    if hero_name(kind):
                        lost += w if smallest <= v else 0.0
                    elif led not in low or (r, v) >= low[led]:
                        lost += w  # we cannot follow, or our lowest loses (ties: the leader)
        follow = lost / total if total > 0 else P_LOSE_FOLLOW
        # each card leads once: the better half of them, for the tricks we may lead
        beaten.sort(reverse=True)
        best = beaten[: max(1, (len(beaten) + 1) // 2)]
        lead = sum(best) / len(best) if best else P_LOSE_LEAD
        lead = min(lead, follow)  # a follower sees the lead: a trick is easier lost following
        self._lose_odds = (round(min(0.95, lead), 2), round(min(0.97, follow), 2))
        return self._lose_odds

    def _counts(self, i: int, d: list[float], mu: list[float]) -> tuple[float, float, float]:
        """Faction ``i`` after the trick ``d`` describes: (our cards, their cards, the cards
        still to come that we are expected to get of ``rest``), and ``rest`` is what is left."""
        delta = d[i] - self.d[i]
        mine = self.count[self.me][i] + max(0.0, delta)
        theirs = self.count[self.opp][i] + max(0.0, -delta)
        rest = max(0.0, self.rest[i] - abs(delta))
        gain = min(rest, max(0.0, (rest + mu[i]) / 2))
        return mine, theirs, gain

    def _last_trick(self) -> bool:
        """Whether the trick being played is the last of its phase (Dungeon, L11)."""
        if self.phase == 2:
            return self.t2 <= 1
        deck = len(self.view.get("deck", []))
        return deck == 0 if self.setting == Islands.name else deck <= 1

    def _tricks_after(self, played: bool) -> int:
        """The tricks of this phase still to play after the current one (``played``) or from
        now."""
        if self.phase == 2:
            return max(0, self.t2 - (1 if played else 0))
        deck = len(self.view.get("deck", []))
        return max(0, (deck - 1) // 2) if played else deck // 2 + (1 if self.prizes else 0)

    def _p_votes(self, d: list[float], mu: list[float], var: list[float]) -> float:
        """The chance of winning more votes than the opponent: each faction's chance, five
        votes at least, and the Dungeon's two extra ones (L11)."""
        probs = self._vote_chances(d, mu, var)
        while len(probs) < 5:
            probs.append(0.5)
        if self.building == Dungeon.name:
            probs += self._dungeon_votes(d)
        return majority_chance(probs)

    def _vote_chances(self, d: list[float], mu: list[float], var: list[float]) -> list[float]:
        """Each faction's chance of its vote going to us: the margin and drift over the spread,
        with the special votes (Cyclops, Vampires, R-21) and the Fortress's and the
        Lighthouse's rules (L16, R-72)."""
        probs: list[float] = []
        me, opp = self.me, self.opp
        building = self.building
        for i, f in enumerate(self.factions):
            m = d[i] + mu[i]
            sd = math.sqrt(var[i] + 0.3)
            if f == Cyclops.name:
                m = -m
                if self.count[me][i] + max(0.0, mu[i]) < 0.5:
                    m -= 1.0
                if self.count[opp][i] - min(0.0, mu[i]) < 0.5:
                    m += 1.0
            elif f == Vampires.name:
                m = (self.stack[me] - self.stack[opp]) / 4 + 0.5 * (d[i] - self.d[i]) + 0.3 * mu[i]
                if self.stack[me] == 0 and self.vampire_value[me] < 0:
                    m -= 0.3
            elif building == Fortress.name:
                # six cards of a faction or more lose their four lowest (L16)
                mine, theirs, gain = self._counts(i, d, mu)
                rest = max(0.0, self.rest[i] - abs(d[i] - self.d[i]))
                spread = math.sqrt(var[i]) / 2 + 0.5
                for held, more, sign in ((mine, gain, -4.0), (theirs, rest - gain, 4.0)):
                    if held >= 5.5:
                        m += sign
                    elif held + rest >= 5.5:
                        m += sign * phi((held + more - 5.5) / spread)
            if building == Lighthouse.name and f != Cyclops.name:
                owner = self.counters.get(keys.faction_key(keys.LIGHTHOUSE, f))
                if owner in (0, 1):
                    probs.append(1.0 if owner == me else 0.0)  # won outright
                    continue
                mine, theirs, _ = self._counts(i, d, mu)
                if mine >= 3 > theirs:
                    probs.append(0.95)
                    continue
                if theirs >= 3 > mine:
                    probs.append(0.05)
                    continue
            probs.append(phi(m / sd))
        return probs

    def _dungeon_votes(self, d: list[float]) -> list[float]:
        """The chances of the Dungeon's two extra votes (L11): the winners of each phase's last
        trick count one vote more; before it, the leader of the last trick is likelier to win
        it."""
        n = len(self.factions)
        played = d[n + 2] if len(d) > n + 2 else 0.0
        winner = d[n + 1] if len(d) > n + 1 else 0.0
        if played and self._last_trick():
            now = 0.5 + 0.5 * winner
        else:
            lead_me = winner > 0.5 or (abs(winner) <= 0.5 and self.lead_me)
            now = last_trick_odds(self._tricks_after(played > 0), lead_me)
        first = self.counters.get(keys.DUNGEON_FIRST)
        if first in (0, 1):
            phase_one = 1.0 if first == self.me else 0.0
        else:
            phase_one = now if self.phase == 1 else 0.5
        return [phase_one, now if self.phase == 2 else 0.5]

    def _p_locations(self, p: float, d: list[float], mu: list[float], var: list[float]) -> float:
        """The chance of winning the game once the locations that may decide it are counted:
        Forest, Castle, Monastery, Bridge (§9 step 4), then Lava Fields (L10), which ends the
        game before them; ``p`` is the chance of winning the votes."""
        n = len(self.factions)
        winner, played = (d[n + 1], d[n + 2]) if len(d) > n + 2 else (0.0, 0.0)
        lead_me = winner > 0.5 or (abs(winner) <= 0.5 and self.lead_me)
        left = max(0, self.t2 - round(played)) if self.phase == 2 else self.t2
        p = self._p_building(p, d, mu, var, left, lead_me)
        if self.phase == 1 and len(d) > n + 5:
            p += self.weak_worth() * d[n + 5]  # weak cards for Phase Two, to lose tricks with
        if self.setting == LavaFields.name and self.phase == 2:
            lava = self.counters.get(keys.LAVA_PLAYER, -1)
            run = self.counters.get(keys.LAVA_COUNT, 0)
            ours, theirs = (run if lava == self.me else 0), (run if lava == self.opp else 0)
            if played and winner > 0.5:
                ours, theirs = 0, theirs + 1
            elif played and winner < -0.5:
                ours, theirs = ours + 1, 0
            if ours >= 5:
                return 1.0
            if theirs >= 5:
                return 0.0
            p_us, p_them = lava_odds(ours, theirs, lead_me, left, self.lose_odds())
            p = p_us + (1 - p_us - p_them) * p
        return p

    def plans(self, d: list[float], left: int, lead_me: bool) -> tuple[float, float]:
        """Forest and Monastery, Phase Two, after the trick ``d`` describes: the chance that we
        win by losing every trick left (a small Score pile, L19; the opponent with more than
        twice our faction cards, L14), and the risk that we lose by the Building when we stop
        winning tricks now (counting on a little less than the chances of losing them)."""
        n = len(self.factions)
        monastery = self.building == Monastery.name
        pile = [sum(c) for c in self.count] if monastery else self.pile
        have = pile[self.me] + (d[n + 3] if len(d) > n + 4 else 0.0)
        other = pile[self.opp] + (d[n + 4] if len(d) > n + 4 else 0.0)
        odds = self.lose_odds()
        wary = (round(odds[0] * WARY, 2), round(odds[1] * WARY, 2))
        if monastery:
            small = chance_losing_all(left, lead_me, have, other, lambda a, b: b > 2 * a, odds)
            risk = chance_losing_all(left, lead_me, have, other, lambda a, b: a > 2 * b, wary)
            return small, risk
        # a Dwarf goes to the trick's loser: the Dwarves still to play come to us
        dwarves = self.idx.get(Dwarves.name)
        load = 0.0
        if dwarves is not None:
            load = max(0.0, self.rest[dwarves] - abs(d[dwarves] - self.d[dwarves]))
        small = chance_losing_all(
            left, lead_me, have + load, other, lambda a, b: a <= 5 and a < b, odds
        )
        risk = chance_losing_all(left, lead_me, have, other, lambda a, b: b <= 5 and b < a, wary)
        return small, risk

    def _p_building(
        self,
        p: float,
        d: list[float],
        mu: list[float],
        var: list[float],
        left: int,
        lead_me: bool,
    ) -> float:
        """The chance of winning once a Building that may decide the game at once is counted
        (Forest, Monastery, Castle, Bridge); ``left``: Phase Two tricks left after this one,
        ``lead_me``: whether we lead the next one."""
        n = len(self.factions)
        building = self.building
        if building in (Forest.name, Monastery.name) and self.phase == 2:
            small, risk = self.plans(d, left, lead_me)
            normal = (1 - risk) * p
            return max(normal, small * TRUST + 0.01 * normal)
        if building == Forest.name:
            pile_us = self.pile[self.me] + (d[n + 3] if len(d) > n + 4 else 0.0)
            pile_them = self.pile[self.opp] + (d[n + 4] if len(d) > n + 4 else 0.0)
            p_us = binom_cdf(13, 0.5, (5 - pile_us) / 2) if pile_us <= 5 else 0.0
            p_them = binom_cdf(13, 0.5, (5 - pile_them) / 2) if pile_them <= 5 else 0.0
            return p_us + (1 - p_us - p_them) * p
        if building in (Castle.name, Monastery.name):
            margin = sum(d[:n]) + sum(mu[:n])
            sd = math.sqrt(sum(var[:n]) + 0.5)
            if building == Castle.name:
                p_us = phi((margin - 0.5) / sd)
                p_them = phi((-margin - 0.5) / sd)
                return p_us + (1 - p_us - p_them) * p
            held = sum(self.count[0]) + sum(self.count[1]) + sum(self.rest)
            limit = held / 3 + 0.3  # more than twice the other's cards loses (L14)
            p_us = phi((-limit - margin) / sd)  # they have more than twice ours
            p_them = phi((margin - limit) / sd)
            return p_us + (1 - p_us - p_them) * p
        if building == Bridge.name and n:
            sets = [99.0, 99.0]
            for i in range(n):
                have, other, gain = self._counts(i, d, mu)
                rest = max(0.0, self.rest[i] - abs(d[i] - self.d[i]))
                sets[0] = min(sets[0], have + gain)
                sets[1] = min(sets[1], other + rest - gain)
            gap = sets[0] - sets[1]
            sd = 0.6 + 0.1 * math.sqrt(sum(var[:n]))
            p_us = phi((gap - 0.5) / sd)
            p_them = phi((-gap - 0.5) / sd)
            return p_us + (1 - p_us - p_them) * p
        return p
