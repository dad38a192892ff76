"""How a trick plays out, as the model sees it: who wins it (the faction powers, the heroes'
powers in play order, the artifacts used in it, the Setting's ranks), where its cards and prizes
go, and what that does to the margins, drift and spread — :class:`Model`, the whole model the
decisions read; with the chance of winning the game after a trick (:func:`trick_p`) and after a
lead, over the likely replies (:func:`lead_value`)."""

from __future__ import annotations

from collections.abc import Iterable

from claim.bots.heuristic.card import Card
from claim.bots.heuristic.card_values import vote_strength
from claim.bots.heuristic.estimate import Estimate
from claim.bots.heuristic.replies import reply_odds
from claim.bots.heuristic.table import UNKNOWN_VAR
from claim.core.judge import judge_trick
from claim.core.powers.factions import Dwarves, Undead
from claim.core.powers.fear import Zombies
from claim.core.powers.frost import Frostbeasts
from claim.core.powers.heroes import Death, Ent, Gargoyle, LifeStealer, Siren, VampireQueen
from claim.core.powers.locations import Islands, Shore


class Model(Estimate):
    """The table, the end-of-game estimate and the tricks: what every decision reads."""

    def resolve(self, lead: Card, follow: Card) -> tuple[bool | None, bool, bool]:
        """(whether the follower wins — None: nobody, a Gelatinous Cube trick —, whether a
        Basilisk captures the lead card, whether a Stone Golem crushes it): the powers' own
        answer (:func:`claim.core.judge.judge_trick`), for the cards as the model sees them."""
        verdict = judge_trick(
            self.book,
            self.phase,
            lead.imagined(),
            follow.imagined(),
            self.moon,
            self.lower_wins,
            self.lamp_win,
        )
        if verdict.winner < 0:
            return None, False, False
        return verdict.winner == follow.player, verdict.captured, verdict.crushed

    def outcome(
        self,
        lead: Card,
        follow: Card,
        follower_wins: bool | None,
        capture: bool,
        crushed: bool = False,
    ) -> tuple[list[float], list[float], list[float]]:
        """Margin, drift and spread after the trick (``follower_wins`` None: a Cube trick, whose
        bundle and prize go to the next trick's winner, either player)."""
        if follower_wins is None:
            return self._cube_outcome(lead, follow)
        d, mu, var = list(self.d), list(self.mu), list(self.var)
        winner = follow.player if follower_wins else lead.player
        win_card = follow if follower_wins else lead
        sign = {self.me: 1.0, self.opp: -1.0}
        n = len(self.factions)
        d[n + 1] = sign[winner]
        d[n + 2] = 1.0
        lh, fh = lead.hero, follow.hero
        if lh == VampireQueen.hero:
            fh = ""
        elif fh == VampireQueen.hero:
            lh = ""
        death = self.phase == 2 and Death.hero in (lh, fh)  # H33: nothing is collected
        for c in (lead, follow):
            # the card leaves its hand
            if self.phase == 2:
                if c.player == self.me:
                    self.unhold(c.code, +1, mu, var)
                elif c.known and self.known_opp.get(c.code, 0) > 0:
                    self.unhold(c.code, -1, mu, var)
                elif c.faction in self.idx:
                    i = self.idx[c.faction]
                    var[i] = max(0.0, var[i] - UNKNOWN_VAR)
            played_as = c.faction if c.faction in self.idx else None
            hero = c.code.startswith("hero:")
            if hero:
                # at scoring a hero is no faction card, but a declared Ent (H35) or a Gargoyle
                # collected in Phase Two (H32)
                ent = c.hero == Ent.hero and c.faction and self.phase == 2
                played_as = c.faction if ent and c.faction in self.idx else None
            if death or (crushed and c is lead):
                continue
            to = self._destination(c, lead, follow, win_card, capture)
            if to is None:
                continue
            d[n + 3 + (to != self.me)] += 1.0
            if hero:
                if c.code == Gargoyle.key and self.phase == 2:
                    d[n] = sign[to]
                elif played_as is not None:
                    self.add(d, c.code, played_as, sign[to])
            elif c.known:
                self.add(d, c.code, played_as, sign[to])
            elif c.faction in self.idx:
                i = self.idx[c.faction]
                d[i] += sign[to] * self.fw[i]
            elif c.faction == "*":  # an unknown card of any faction
                for i, frac in enumerate(self.pool_frac):
                    d[i] += sign[to] * frac
        if self.phase == 1 and self.prizes:
            self._collect_prizes(winner, d, mu, var)
        if lh == Siren.hero and winner != lead.player:
            # H27: the Siren's player takes the card they like best from the winner's pile
            taken = [c.code for c in (lead, follow) if c.known and not death and self.phase == 2]
            d = self.best_steal(d, mu, var, lead.player, taken)
        return d, mu, var

    def _cube_outcome(
        self, lead: Card, follow: Card
    ) -> tuple[list[float], list[float], list[float]]:
        """A Gelatinous Cube trick (R-63): its bundle and prize go to the next trick's winner,
        either player — the mean of the two outcomes."""
        a = self.outcome(lead, follow, True, False)
        b = self.outcome(lead, follow, False, False)
        return (
            [(x + y) / 2 for x, y in zip(a[0], b[0], strict=True)],
            [(x + y) / 2 for x, y in zip(a[1], b[1], strict=True)],
            [(x + y) / 2 for x, y in zip(a[2], b[2], strict=True)],
        )

    def _destination(
        self, c: Card, lead: Card, follow: Card, win_card: Card, capture: bool
    ) -> int | None:
        """The player whose Score pile a card of the trick goes to (None: the discard): the
        winner's in Phase Two (a Dwarf by its power the loser's; a Frostbeast's win discards the
        other card), in Phase One only the Undead and a Zombie win's other card (§5); a Basilisk
        captures the lead card."""
        winner = win_card.player
        if self.phase == 2:
            if capture and c is lead:
                return follow.player
            if c.faction == Dwarves.name and c.fpower and c.hero != LifeStealer.hero:
                return 1 - winner
            if win_card.faction == Frostbeasts.name and c is not win_card:
                return None
            return winner
        if capture and c is lead:
            return follow.player
        if c.faction == Undead.name or (win_card.faction == Zombies.name and c is not win_card):
            return winner
        return None

    def _collect_prizes(
        self, winner: int, d: list[float], mu: list[float], var: list[float]
    ) -> None:
        """Phase One: the prize goes to the winner (Shore: to the loser, L4; Islands: the winner
        takes the better of the two, the loser the other one in the last trick, L6)."""
        prizes = self.prizes
        lava = self.weak_worth() > 0
        slot = len(self.factions) + 5

        def take(code: str, sign: int) -> None:
            self.hold(code, sign, mu, var)
            if lava and len(d) > slot:
                d[slot] += sign * (0.5 - self.q1(code))

        if self.setting == Shore.name:
            take(prizes[0], 1 if winner != self.me else -1)
        elif self.setting == Islands.name and len(prizes) > 1:
            ranked = sorted(prizes, key=self.prize_value, reverse=True)
            take(ranked[0], 1 if winner == self.me else -1)
            if not self.view.get("deck"):
                take(ranked[1], 1 if winner != self.me else -1)
        else:
            take(prizes[0], 1 if winner == self.me else -1)

    def prize_value(self, code: str) -> float:
        """How much a card brings its holder's votes (its drift), for either player."""
        return sum(
            w * (vote_strength(code, self.factions[i], self.under, self.farm) + 0.3)
            for i, w in self._contrib(code, None)
        )

    def best_steal(
        self,
        d: list[float],
        mu: list[float],
        var: list[float],
        thief: int,
        extra: Iterable[str] = (),
    ) -> list[float]:
        """The margins after ``thief`` takes the best card for them from the other Score pile
        (the view's pile plus ``extra`` cards just collected into it)."""
        pile = list(self.view["players"][1 - thief].get("score", [])) + list(extra)
        n = len(self.factions)
        sign = 1.0 if thief == self.me else -1.0
        best, best_p = d, None
        for code in dict.fromkeys(pile):
            d2 = list(d)
            if code == Gargoyle.key:
                if self.phase != 2:
                    continue
                d2[n] = sign
            else:
                self.add(d2, code, self.declared_as(code), 2 * sign)
            p = self.p_game(d2, mu, var)
            if best_p is None or (p > best_p if thief == self.me else p < best_p):
                best, best_p = d2, p
        return best


def trick_p(model: Model, lead: Card, follow: Card) -> float:
    """The chance of winning the game once ``lead`` and ``follow`` have decided the trick."""
    wins, capture, crushed = model.resolve(lead, follow)
    d, mu, var = model.outcome(lead, follow, wins, capture, crushed)
    return model.p_game(d, mu, var)


def lead_value(model: Model, mine: Card, odds: tuple[float, float, float] | None = None) -> float:
    """Expected chance of winning the game after leading ``mine``, over likely replies
    (``odds``: the chances of the reply beating it, following and losing, not following,
    when not the usual ones)."""
    p_lose, p_win_follow, p_off = odds or reply_odds(model, mine)
    lf = mine.faction
    mv = mine.value
    value = 0.0
    opp = model.opp
    for prob, reply_faction, follower_wins in (
        (p_lose, lf or "*", True),
        (p_win_follow, lf or "*", False),
        (p_off, "*", False),
    ):
        if prob <= 1e-6:
            continue
        reply = Card("?", reply_faction, mv, opp, False)
        d, mu, var = model.outcome(mine, reply, follower_wins, False)
        value += prob * model.p_game(d, mu, var)
    return value
