"""The heuristic bot: hand-written play that knows the game, from the player's view alone.

It never looks at a state (nor at ``sample``): everything comes from :func:`claim.observe`'s view
and the legal move strings. Its one idea is a small model of the end of the game:

* for each faction, the **margin** of votes cards so far (both Score piles, face-up Gnomes, the
  Vampire stacks) and the **expected drift** still to come from the cards in hands (Phase Two) or
  in Follower decks (Phase One): a high card tends to win its trick and bring its faction home, a
  low one tends to be lost to the opponent (a Dwarf the other way round);
* from margin, drift and the spread of the unknown cards, each faction's chance of going to us,
  and from those the chance of winning three votes of five: :meth:`_Model.p_game`.

Every candidate move is scored by the chance of winning the game after it — for a follower the
trick's outcome is known exactly, for a leader it is a short list of likely replies weighted by
card counting (what the opponent may still hold) — minus, in Phase One, the cost of spending a
card the hand needs to win later prizes. Decisions (Seer, Giant, Vampire, Poisoner) use the same
model or a fixed rule; any move it does not know gets a safe fallback, so it never fails.

Heroes (RULES.md §6) are valued at their R-61 values (the view does not carry a game's changed
values, H9). The trick model knows the powers that decide a trick: a led Witch or Lich King, the
Warlock, Mummy, Centaur Archer and Stone Golem played second, the Jester's swap, a Minotaur as its
player's last card, the Cube's winnerless trick, Life Stealer, Vampire Queen, Death; declared
Lycanthropes and Ents play as their faction (a led one's undeclared faction is guessed from what
we may follow with), an Ent counts for its faction, a Gargoyle collected in Phase Two as two
cards of the faction its owner likes best. Hero decisions: the Skeleton and the Dinosaur always
used; the Necromancer swapped for a clearly stronger card while Phase One has prizes left;
Cthulhu's discard and the Kraken's gift the card whose loss the model minds least; the Siren's
steal the card that most improves the chance of winning; the Gargoyle's faction the one that
gives the best result counted exactly on the public Score piles.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Any

from claim import cards
from claim.bots.base import Sampler
from claim.powers.mercenaries import cyclops_vote
from claim.scoring import compare

#: printed value range of each faction's cards (for a card's strength within its faction)
_RANGE: dict[str, tuple[int, int]] = {}
for _name, _info in cards.FACTIONS.items():
    _vals = [
        int(code.split(":", 1)[1].rstrip("x")) for code in _info.codes if "elf-orc" not in code
    ]
    _RANGE[_name] = (min(_vals), max(_vals))
_RANGE["elf-orc"] = (1, 8)
_RANGE["hero"] = (0, 9)

#: value estimates for value-hidden cards (a Demon by parity, a Fire Elemental by band)
_HIDDEN: dict[str, int] = {"odd": 5, "even": 4, "high": 7, "low": 2}
_PARTIAL = {"demons", "fire-elementals"}

#: the variance one unknown card adds to its faction's margin
_UNKNOWN_VAR = 0.67
#: Phase One: what spending a card costs, per unit of strength (in chance of winning the game)
_KAPPA = 0.02
#: the share of a smart opponent in the model of the reply to a lead (the rest plays at random)
_BETA = 0.5
#: how far a card's strength moves its faction's expected margin, at best
_S_SCALE = 0.8


@lru_cache(maxsize=4096)
def _parse(code: str) -> tuple[str, int]:
    """A card name's printed faction ('elf-orc' for duals, 'hero', '' when unknown) and its
    value (estimated for a value-hidden card)."""
    if ":" not in code:
        return "", 0
    kind, _, raw = code.partition(":")
    if kind == "fire-phoenix":
        kind = "phoenixes"
    if kind == "hero":
        return "hero", cards.HERO_VALUES.get(raw, 5)
    if raw in _HIDDEN:
        return kind, _HIDDEN[raw]
    try:
        return kind, int(raw.rstrip("x"))
    except ValueError:
        return kind, 0


@lru_cache(maxsize=4096)
def _strength(code: str, faction: str) -> float:
    """How likely the card is to bring one vote card of its faction to its holder's side in
    Phase Two, from -0.8 (surely lost to the opponent) to +0.8."""
    kind, value = _parse(code)
    lo, hi = _RANGE.get(kind, (0, 9))
    q = (value - lo) / (hi - lo) if hi > lo else 0.5
    q = min(1.0, max(0.0, q))
    if kind == "knights":
        q = min(1.0, q + 0.15)
    s = _S_SCALE * (2 * q - 1)
    if faction == "dwarves":
        s = -s  # a Dwarf goes to the trick's loser
    elif faction == "werewolves":
        s *= 0.3  # the moon turns high and low around
    return s


_SQRT_HALF = math.sqrt(0.5)


def _phase_one_q(code: str) -> float:
    """A card's strength for winning Phase One tricks (what playing it spends), 0 to 1."""
    kind, value = _parse(code)
    if kind == "hero":
        return _hero_q(_hero(code), value)
    lo, hi = _RANGE.get(kind, (0, 9))
    return (value - lo) / (hi - lo) if hi > lo else 0.5


def _code_of_move(move: str) -> tuple[str, str | None]:
    """``play CODE [as FACTION]`` -> (CODE, FACTION or None)."""
    rest = move[5:]
    if " as " in rest:
        code, _, declared = rest.partition(" as ")
        return code.strip(), declared.strip()
    return rest.strip(), None


@lru_cache(maxsize=256)
def _composition(factions: tuple[str, ...]) -> Counter[str]:
    pool: Counter[str] = Counter()
    for f in factions:
        info = cards.FACTIONS.get(f)
        if info is not None:
            pool.update(info.codes)
    return pool


def _hero(code: str) -> str:
    """The hero's name of a hero code (``hero:witch`` -> ``witch``), '' for any other card."""
    return code[5:] if code.startswith("hero:") else ""


#: heroes whose power wins when played second on a lead value that passes their test (H16)
_SECOND_WINS: dict[str, Callable[[int], bool]] = {
    "warlock": lambda v: v % 2 == 1,
    "mummy": lambda v: v >= 7,
    "centaur-archer": lambda v: v in (5, 6),
    "stone-golem": lambda v: 1 <= v <= 4,
}


def _hero_q(name: str, value: int) -> float:
    """A hero card's strength for winning tricks, 0 to 1 (its value, or what its power wins)."""
    if name == "witch":
        return 0.8
    if name in _SECOND_WINS or name in ("jester", "gelatinous-cube", "minotaur"):
        return max(0.45, value / 9)
    return min(1.0, max(0.0, value / 9))


def _printed(code: str) -> int:
    """A card's printed value (heroes: R-61), from its code."""
    ids = cards.IDS_BY_CODE.get(code)
    if ids and not code.startswith("hero:"):
        return cards.VALUE[ids[0]]
    return _parse(code)[1]


def _final_result(
    view: dict[str, Any], me: int, factions: list[str], gargoyle: str | None
) -> tuple[float, int, int]:
    """The game's result for ``me`` from the public Score piles (§9 steps 5–6), our Gargoyle
    counted as two cards of ``gargoyle`` (H32): (1 win, 1/2 draw, 0 loss; vote margin; card
    margin in won factions)."""
    declared: dict[str, str] = {}
    for trick in view.get("tricks", []):
        for play in trick.get("plays", []):
            if play.get("as"):
                declared[play["card"]] = play["as"]
    players = view["players"]
    values: list[dict[str, list[int]]] = [{f: [] for f in factions} for _ in (0, 1)]
    for p in (0, 1):
        for code in players[p].get("score", []):
            kind = _parse(code)[0]
            if kind == "elf-orc" or code == "hero:ent":
                kind = declared.get(code, "")
            elif kind == "hero" and not (code == "hero:gargoyle" and p == me and gargoyle):
                continue
            if code == "hero:gargoyle":
                kind = gargoyle or ""
                values[p].get(kind, []).append(_printed(code))  # counts twice
            if kind in values[p]:
                values[p][kind].append(_printed(code))
    votes: dict[str, int | None] = {}
    counts: dict[str, list[int]] = {}
    for f in factions:
        mine, theirs = (sorted(values[p][f], reverse=True) for p in (0, 1))
        counts[f] = [len(mine), len(theirs)]
        if f == "cyclops":
            votes[f] = cyclops_vote(mine, theirs)
        elif f == "vampires":
            stacks: list[tuple[int, int] | None] = []
            for pl in players:
                tucked = pl.get("tucked", [])
                if pl.get("vampire") and tucked:
                    top = _printed(pl["vampire"])
                    stacks.append((top + sum(_printed(c) for c in tucked), top))
                else:
                    stacks.append(None)
            a, b = stacks
            if a is None or b is None:
                votes[f] = None if a is None and b is None else (0 if b is None else 1)
            else:
                votes[f] = None if a == b else (0 if a > b else 1)
            counts[f] = [
                1 + len(pl.get("tucked", [])) if st else 0
                for pl, st in zip(players, stacks, strict=True)
            ]
        else:
            votes[f] = compare(mine, theirs)
    won = [sum(1 for f in factions if votes[f] == p) for p in (0, 1)]
    in_won = [sum(counts[f][p] for f in factions if votes[f] == p) for p in (0, 1)]
    opp = 1 - me
    if won[me] != won[opp]:
        score = 1.0 if won[me] > won[opp] else 0.0
    elif in_won[me] != in_won[opp]:
        score = 1.0 if in_won[me] > in_won[opp] else 0.0
    else:
        score = 0.5
    return score, won[me] - won[opp], in_won[me] - in_won[opp]


class _Card:
    """A card on the table or in a hand as the model sees it."""

    __slots__ = ("code", "faction", "fpower", "hero", "known", "last", "player", "value")

    def __init__(
        self,
        code: str,
        faction: str,
        value: int,
        player: int,
        known: bool,
        hero: str = "",
        fpower: bool = True,
        last: bool = False,
    ) -> None:
        self.code = code
        self.faction = faction  # the faction it is played as ('' for none)
        self.value = value  # effective value (estimate)
        self.player = player
        self.known = known  # whether its code is known (not a guess of the reply)
        self.hero = hero  # the hero whose power acts for it ('' for none)
        self.fpower = fpower  # whether its faction's power acts (not a declared Lycanthrope)
        self.last = last  # its player's hand is empty once it is played (Minotaur, Cube)

    def plain(self) -> _Card:
        """The card without its power (a Vampire Queen's, H7, H38): a hero loses its
        declaration, a faction card its faction power."""
        if self.code.startswith("hero:"):
            return _Card(self.code, "", _parse(self.code)[1], self.player, self.known, "", False)
        return _Card(
            self.code, self.faction, self.value, self.player, self.known, "", False, self.last
        )


class _Model:
    """Per-faction margin, drift and variance, built from one view."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view
        nxt = view.get("next") or {}
        self.me: int = int(nxt.get("player", 0))
        self.opp = 1 - self.me
        self.phase: int = int(view.get("phase", 1))
        self.moon: str = str(view.get("moon", "no-moon"))
        players = view["players"]
        mine, theirs = players[self.me], players[self.opp]
        current = view.get("current") or {}
        self.current = current

        # --- every card name the viewer can see, and the factions in play -------------------
        visible: list[str] = []
        for p in players:
            visible += p.get("hand", []) + p.get("followers", []) + p.get("score", [])
            visible += p.get("gnomes", []) + p.get("tucked", [])
            if p.get("vampire"):
                visible.append(p["vampire"])
        visible += view.get("discard", []) + view.get("troll_pool", []) + view.get("out", [])
        if current.get("prize"):
            visible.append(current["prize"])
        visible += [play["card"] for play in current.get("plays", [])]
        history_names: list[str] = []
        #: heroes: the faction a collected Ent counts for (H35), whether a Gargoyle was collected
        #: in Phase Two (H32), the Gelatinous Cube bundle lying on the table (R-63)
        self.ent_as: str | None = None
        garg_fresh = False
        table: list[str] = []
        for trick in view.get("tricks", []):
            if trick.get("prize"):
                history_names.append(trick["prize"])
            trick_plays = trick.get("plays", [])
            history_names += [play["card"] for play in trick_plays]
            if trick.get("phase") == 2:
                for play in trick_plays:
                    if play["card"] == "hero:ent" and play.get("as"):
                        self.ent_as = play["as"]
                    elif play["card"] == "hero:gargoyle":
                        garg_fresh = True
            if trick.get("winner") is None and any(
                play["card"] == "hero:gelatinous-cube" for play in trick_plays
            ):
                table = [play["card"] for play in trick_plays]
            elif trick.get("winner") is not None or trick.get("phase") != self.phase:
                table = []
        visible += view.get("table", table)
        seen: set[str] = set()
        for code in visible + history_names:
            kind = _parse(code)[0]
            if kind == "elf-orc":
                seen.update(("elves", "orcs"))
            elif kind in cards.FACTIONS:
                seen.add(kind)
        self.factions: list[str] = sorted(seen)
        self.idx: dict[str, int] = {f: i for i, f in enumerate(self.factions)}
        n = len(self.factions)

        # --- votes cards so far ---------------------------------------------------------------
        self.count = [[0.0] * n, [0.0] * n]
        self.unicorns = [0, 0]
        self.stack = [0.0, 0.0]
        self.vampire_value = [-1, -1]
        self.hand_size = [len(pl.get("hand", [])) for pl in players]
        self.score_faction_cards = [0, 0]  # faction cards in each Score pile (Bug Lord, H24)
        garg = 0.0
        for p, pl in enumerate(players):
            for code in pl.get("score", []):
                if _parse(code)[0] not in ("hero", "toxic", ""):
                    self.score_faction_cards[p] += 1
                if code == "hero:gargoyle" and self.phase == 2 and garg_fresh:
                    garg = 1.0 if p == self.me else -1.0
            for code in pl.get("score", []) + pl.get("gnomes", []):
                self._add(self.count[p], code, self._declared(code), 1.0)
                if _parse(code)[0] == "unicorns":
                    self.unicorns[p] += 1
            if pl.get("vampire"):
                self.vampire_value[p] = _parse(pl["vampire"])[1]
                tucked = pl.get("tucked", [])
                if tucked:
                    self.stack[p] = self.vampire_value[p] + sum(_parse(c)[1] for c in tucked)
        # the margin per faction, and one more entry: +1 when a Gargoyle that will count (H32)
        # lies in our Score pile, -1 in the opponent's (p_game lets its owner choose)
        self.d = [self.count[self.me][i] - self.count[self.opp][i] for i in range(n)] + [garg]

        # --- what the opponent holds, and the unseen pool -------------------------------------
        pool = Counter(_composition(tuple(self.factions)))
        known_opp: Counter[str] = Counter()
        if self.phase == 2:
            known_opp = self._opp_prizes()
            for trick in view.get("tricks", []):
                if trick.get("phase") == 2:
                    for play in trick.get("plays", []):
                        if play["player"] == self.opp:
                            self._take(known_opp, play["card"])
            for play in current.get("plays", []):
                if play["player"] == self.opp:
                    self._take(known_opp, play["card"])
        else:
            known_opp.update(c for c in theirs.get("followers", []) if c != "?")
        self.known_opp = known_opp
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
                self._take(pool, code)
        pool = +pool
        self.pool = pool
        weight = {c: (0.5 if c.startswith("shadows:") else 1.0) * k for c, k in pool.items()}
        self.pool_weight = weight
        self.pool_total = max(1e-9, sum(weight.values()))
        self.pool_groups = self._groups(weight.items())
        self.known_groups = self._groups((c, float(k)) for c, k in known_opp.items())
        hand_size = len(theirs.get("hand", []))
        if self.phase == 2:
            self.opp_unknown = max(0, hand_size - sum(known_opp.values()))
        else:
            self.opp_unknown = hand_size
        self.pool_frac = [0.0] * n
        for code, w in weight.items():
            for i, share in self._contrib(code, None):
                self.pool_frac[i] += share * w / self.pool_total

        # --- drift and spread still to come ---------------------------------------------------
        self.mu = [0.0] * n
        self.var = [0.0] * n
        if self.phase == 2:
            future_mine = list(mine.get("hand", []))
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
            self._hold(code, +1)
        for code in future_theirs:
            self._hold(code, -1)
        for i in range(n):
            self.var[i] += unknown * self.pool_frac[i] * _UNKNOWN_VAR
        self.tricks_left = max(
            1, len(mine.get("hand", [])) if self.phase == 2 else len(view.get("deck", [])) // 2 + 1
        )

    # -- helpers ---------------------------------------------------------------------------------

    def _opp_prizes(self) -> Counter[str]:
        """The Phase One prizes the opponent won (now in their Phase Two hand)."""
        won: Counter[str] = Counter()
        for trick in self.view.get("tricks", []):
            if trick.get("phase") != 1 or not trick.get("prize") or trick.get("winner") is None:
                continue
            winner = trick["winner"]
            seer = any(
                play["player"] == winner and _parse(play["card"])[0] == "seers"
                for play in trick.get("plays", [])
            )
            if winner == self.opp and not seer:
                won[trick["prize"]] += 1
        return won

    def _declared(self, code: str) -> str | None:
        """The faction a collected card counts for when it is not its printed one (an Ent)."""
        return self.ent_as if code == "hero:ent" else None

    def _groups(self, items: Iterable[tuple[str, float]]) -> dict[str, list[tuple[int, float]]]:
        """Cards by printed kind (a hero by its code): (effective value as the opponent would
        play it, weight)."""
        groups: dict[str, list[tuple[int, float]]] = {}
        bonus = self.unicorns[self.opp] if self.phase == 2 else 0
        for code, w in items:
            kind, value = _parse(code)
            if kind == "hero":
                kind = code
            if bonus and kind != "unicorns":
                value += bonus
            groups.setdefault(kind, []).append((value, w))
        return groups

    @staticmethod
    def _take(counter: Counter[str], code: str) -> None:
        """Remove one card named ``code`` (or one its partial name covers) from ``counter``."""
        if counter.get(code, 0) > 0:
            counter[code] -= 1
            if counter[code] == 0:
                del counter[code]
            return
        kind, _, raw = code.partition(":")
        candidates: list[str] = []
        if kind in _PARTIAL and raw in _HIDDEN:
            for c in counter:
                v = _parse(c)[1]
                if c.startswith(kind + ":") and c.partition(":")[2] not in _HIDDEN:
                    ok = (v % 2 == 1) if raw in ("odd", "even") else (v >= 5)
                    if ok == (raw in ("odd", "high")):
                        candidates.append(c)
        elif kind in _PARTIAL:
            # a revealed value-hidden card may be known elsewhere by its partial name
            v = _parse(code)[1]
            for name in (
                f"{kind}:{'odd' if v % 2 else 'even'}",
                f"{kind}:{'high' if v >= 5 else 'low'}",
            ):
                if counter.get(name, 0) > 0:
                    candidates.append(name)
        elif kind == "tricksters":
            candidates = [c for c in counter if c.rstrip("x") == code.rstrip("x")]
        if candidates:
            c = sorted(candidates)[0]
            counter[c] -= 1
            if counter[c] == 0:
                del counter[c]

    def _contrib(self, code: str, played_as: str | None) -> list[tuple[int, float]]:
        """The factions (index, weight) one card counts for at the end."""
        idx = self.idx
        if played_as is not None:
            return [(idx[played_as], 1.0)] if played_as in idx else []
        kind = _parse(code)[0]
        if kind == "elf-orc":
            return [(idx[f], 0.5) for f in ("elves", "orcs") if f in idx]
        if kind in idx:
            return [(idx[kind], 0.5 if kind == "tricksters" else 1.0)]
        return []

    def _add(self, vec: list[float], code: str, played_as: str | None, sign: float) -> None:
        for i, w in self._contrib(code, played_as):
            vec[i] += sign * w

    def _hold(
        self, code: str, sign: int, mu: list[float] | None = None, var: list[float] | None = None
    ) -> None:
        """Add (sign +1 mine, -1 the opponent's) a future card's drift and spread; remove it
        with ``sign`` negated and ``var`` subtracted by the caller."""
        mu = self.mu if mu is None else mu
        var = self.var if var is None else var
        for i, w in self._contrib(code, None):
            s = _strength(code, self.factions[i])
            mu[i] += sign * w * s
            var[i] += w * (1 - s * s)

    def _unhold(self, code: str, sign: int, mu: list[float], var: list[float]) -> None:
        for i, w in self._contrib(code, None):
            s = _strength(code, self.factions[i])
            mu[i] -= sign * w * s
            var[i] = max(0.0, var[i] - w * (1 - s * s))

    # -- the end-of-game estimate ----------------------------------------------------------------

    def p_game(self, d: list[float], mu: list[float], var: list[float]) -> float:
        """The chance of winning at least three of the five votes. A Gargoyle that counts (the
        last entry of ``d``) is two more cards of the faction its owner likes best."""
        n = len(self.factions)
        garg = d[n] if len(d) > n else 0.0
        if not garg or not n:
            return self._p_votes(d, mu, var)
        found: list[float] = []
        for i in range(n):
            d2 = list(d)
            d2[i] += 2 * garg
            found.append(self._p_votes(d2, mu, var))
        return max(found) if garg > 0 else min(found)

    def _p_votes(self, d: list[float], mu: list[float], var: list[float]) -> float:
        probs: list[float] = []
        me, opp = self.me, self.opp
        for i, f in enumerate(self.factions):
            m = d[i] + mu[i]
            sd = math.sqrt(var[i] + 0.3)
            if f == "cyclops":
                m = -m
                if self.count[me][i] + max(0.0, mu[i]) < 0.5:
                    m -= 1.0
                if self.count[opp][i] - min(0.0, mu[i]) < 0.5:
                    m += 1.0
            elif f == "vampires":
                m = (self.stack[me] - self.stack[opp]) / 4 + 0.5 * (d[i] - self.d[i]) + 0.3 * mu[i]
                if self.stack[me] == 0 and self.vampire_value[me] < 0:
                    m -= 0.3
            probs.append(0.5 + 0.5 * math.erf(m / sd * _SQRT_HALF))
        while len(probs) < 5:
            probs.append(0.5)
        dist = [1.0]
        for p in probs:
            q = 1.0 - p
            new = [dist[0] * q]
            for k in range(1, len(dist)):
                new.append(dist[k] * q + dist[k - 1] * p)
            new.append(dist[-1] * p)
            dist = new
        total = len(probs)
        half = total // 2
        win = sum(dist[half + 1 :])
        return win + 0.5 * dist[half] if total % 2 == 0 else win

    # -- tricks ------------------------------------------------------------------------------------

    def effective(self, code: str, faction: str, player: int) -> int:
        value = _parse(code)[1]
        if self.phase == 2:
            if faction != "unicorns":
                value += self.unicorns[player]
            if code == "hero:bug-lord":
                value += self.score_faction_cards[player]  # H24
        return value

    def card(self, code: str, played_as: str | None, player: int, known: bool = True) -> _Card:
        kind = _parse(code)[0]
        if played_as is not None:
            faction = played_as
        elif kind == "elf-orc":
            faction = "elves"
        elif kind in ("hero", "toxic"):
            faction = ""
        else:
            faction = kind
        hero = _hero(code)
        value = self.effective(code, faction, player)
        if hero == "lycanthrope" and played_as is not None:
            value = 5 + (self.unicorns[player] if self.phase == 2 else 0)  # H34
        last = self.hand_size[player] == (1 if player == self.me else 0)
        return _Card(
            code, faction, value, player, known, hero, hero != "lycanthrope", last and known
        )

    def resolve(self, lead: _Card, follow: _Card) -> tuple[bool | None, bool, bool]:
        """(whether the follower wins — None: nobody, a Gelatinous Cube trick —, whether a
        Basilisk captures the lead card, whether a Stone Golem crushes it)."""
        if lead.hero == "vampire-queen":
            follow = follow.plain()
        elif follow.hero == "vampire-queen":
            lead = lead.plain()
        lh, fh = lead.hero, follow.hero
        lv, fv = lead.value, follow.value
        if lh == "lich-king":
            fv -= 3  # H14
        if fh == "jester":
            # R-64, H25: the leader now holds the led Jester, the follower the lead card second
            test = _SECOND_WINS.get(lh)
            return lv > fv or (test is not None and test(fv)), False, False
        lf, ff = lead.faction, follow.faction
        if fh == "life-stealer" and lf:
            ff = lf  # H31
        wins, capture = self._faction_default(lead, follow, lf, ff, lv, fv)
        # hero powers in play order, the later one overriding (H5)
        if lh == "witch":
            wins, capture = fv % 2 == 0 and fv > 5, False
        elif lh == "minotaur" and lead.last:
            wins, capture = False, False
        test = _SECOND_WINS.get(fh)
        if test is not None and test(lv):
            return True, False, fh == "stone-golem"
        if fh == "minotaur" and follow.last:
            return True, False, False
        if fh == "gelatinous-cube" and not follow.last and not lead.last:
            return None, False, False
        return wins, capture, False

    def _faction_default(
        self, lead: _Card, follow: _Card, lf: str, ff: str, lv: int, fv: int
    ) -> tuple[bool, bool]:
        """§4.3 and the faction powers: (whether the follower wins, Basilisk capture)."""
        if ff == "basilisks" and fv == lv and follow.fpower:
            return True, True
        if lf == "goblins" and ff == "knights" and follow.fpower:
            return True, False
        follows = not lf or ff == lf or (ff == "doppelgangers" and lf != "")
        if not follows:
            return False, False
        if lf == "werewolves" and self.moon == "no-moon" and lead.fpower:
            return fv < lv, False
        return fv > lv, False

    def outcome(
        self,
        lead: _Card,
        follow: _Card,
        follower_wins: bool | None,
        capture: bool,
        crushed: bool = False,
    ) -> tuple[list[float], list[float], list[float]]:
        """Margin, drift and spread after the trick (``follower_wins`` None: a Cube trick, whose
        bundle and prize go to the next trick's winner, either player)."""
        if follower_wins is None:
            a = self.outcome(lead, follow, True, False)
            b = self.outcome(lead, follow, False, False)
            return (
                [(x + y) / 2 for x, y in zip(a[0], b[0], strict=True)],
                [(x + y) / 2 for x, y in zip(a[1], b[1], strict=True)],
                [(x + y) / 2 for x, y in zip(a[2], b[2], strict=True)],
            )
        d, mu, var = list(self.d), list(self.mu), list(self.var)
        winner = follow.player if follower_wins else lead.player
        loser = 1 - winner
        win_card = follow if follower_wins else lead
        sign = {self.me: 1.0, self.opp: -1.0}
        lh, fh = lead.hero, follow.hero
        if lh == "vampire-queen":
            fh = ""
        elif fh == "vampire-queen":
            lh = ""
        death = self.phase == 2 and "death" in (lh, fh)  # H33: nothing is collected
        n = len(self.factions)
        for c in (lead, follow):
            # the card leaves its hand
            if self.phase == 2:
                if c.player == self.me:
                    self._unhold(c.code, +1, mu, var)
                elif c.known and self.known_opp.get(c.code, 0) > 0:
                    self._unhold(c.code, -1, mu, var)
                elif c.faction in self.idx:
                    i = self.idx[c.faction]
                    var[i] = max(0.0, var[i] - _UNKNOWN_VAR)
            played_as = c.faction if c.faction in self.idx else None
            hero = c.code.startswith("hero:")
            if hero:
                # at scoring a hero is no faction card, but a declared Ent (H35) or a Gargoyle
                # collected in Phase Two (H32)
                ent = c.hero == "ent" and c.faction and self.phase == 2
                played_as = c.faction if ent and c.faction in self.idx else None
            if death or (crushed and c is lead):
                continue
            if self.phase == 2:
                if capture and c is lead:
                    to: int | None = follow.player
                elif c.faction == "dwarves" and c.fpower and c.hero != "life-stealer":
                    to = loser
                elif win_card.faction == "frostbeasts" and c is not win_card:
                    to = None
                else:
                    to = winner
            else:
                if capture and c is lead:
                    to = follow.player
                elif c.faction == "undead" or (win_card.faction == "zombies" and c is not win_card):
                    to = winner
                else:
                    to = None
            if to is None:
                continue
            if hero:
                if c.code == "hero:gargoyle" and self.phase == 2:
                    d[n] = sign[to]
                elif played_as is not None:
                    self._add(d, c.code, played_as, sign[to])
            elif c.known:
                self._add(d, c.code, played_as, sign[to])
            elif c.faction in self.idx:
                d[self.idx[c.faction]] += sign[to]
            elif c.faction == "*":  # an unknown card of any faction
                for i, frac in enumerate(self.pool_frac):
                    d[i] += sign[to] * frac
        prize = self.current.get("prize")
        if self.phase == 1 and prize:
            self._hold(prize, 1 if winner == self.me else -1, mu, var)
        if lh == "siren" and winner != lead.player:
            # H27: the Siren's player takes the card they like best from the winner's pile
            taken = [c.code for c in (lead, follow) if c.known and not death and self.phase == 2]
            d = self.best_steal(d, mu, var, lead.player, taken)
        return d, mu, var

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
            if code == "hero:gargoyle":
                if self.phase != 2:
                    continue
                d2[n] = sign
            else:
                self._add(d2, code, self._declared(code), 2 * sign)
            p = self.p_game(d2, mu, var)
            if best_p is None or (p > best_p if thief == self.me else p < best_p):
                best, best_p = d2, p
        return best


class HeuristicBot:
    """Hand-written play from the view alone (module doc). Seeded for tie-breaks only."""

    name = "heuristic"
    uses_view = True
    #: re-raise internal errors instead of falling back (tests set it)
    strict = False

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any], legal: list[str], sample: Sampler | None = None) -> str:
        if len(legal) == 1:
            return legal[0]
        try:
            move = self._choose(view, legal)
        except Exception:
            if self.strict:
                raise
            move = None
        return move if move in legal else self._fallback(legal)

    # -- dispatch --------------------------------------------------------------------------------

    def _fallback(self, legal: list[str]) -> str:
        """A safe move: the cheapest play if there are plays, else ``pass``, else the first."""
        plays = [m for m in legal if m.startswith("play ")]
        if plays:
            return min(plays, key=lambda m: _parse(_code_of_move(m)[0])[1])
        return "pass" if "pass" in legal else legal[0]

    def _choose(self, view: dict[str, Any], legal: list[str]) -> str | None:
        verbs = {m.split(" ", 1)[0] for m in legal}
        if verbs == {"play"}:
            return self._play(_Model(view), legal)
        hero = self._hero_decision(view, legal)
        if hero is not None:
            return hero
        for verb in ("smash", "peek"):
            options = [m for m in legal if m.startswith(verb + " ")]
            if options:
                return options[0]
        if "take top" in legal and "take prize" in legal:
            return self._seer(_Model(view))
        crowns = [m for m in legal if m.startswith("crown ")]
        if crowns:
            return self._crown(view, crowns)
        tucks = [m for m in legal if m.startswith("tuck ")]
        if tucks:
            return self._tuck(_Model(view), tucks)
        plays = [m for m in legal if m.startswith("play ")]
        if plays:
            return self._play(_Model(view), plays)
        return None

    # -- hero decisions --------------------------------------------------------------------------

    def _hero_decision(self, view: dict[str, Any], legal: list[str]) -> str | None:
        """The heroes' decisions (RULINGS H15, H19, H27, H30, H32, H36, H37); None: not one."""
        for move in ("use skeleton", "use dinosaur"):
            if move in legal:
                return move  # a card more in hand; the Dinosaur back instead of lost
        for prefix, decide in (
            ("use necromancer ", self._necromancer),
            ("discard ", self._discard),
            ("give ", self._give),
            ("steal ", self._steal),
        ):
            options = [m for m in legal if m.startswith(prefix)]
            if options:
                return decide(_Model(view), options, prefix)
        counts = [m for m in legal if m.startswith("count gargoyle as ")]
        if counts:
            return self._gargoyle(view, counts)
        return None

    def _necromancer(self, model: _Model, options: list[str], prefix: str) -> str:
        """Swap the Necromancer (a weak card) for the best discarded card, while Phase One has
        prizes left to win with it."""
        best = max(options, key=lambda m: _phase_one_q(m[len(prefix) :]))
        gain = _phase_one_q(best[len(prefix) :]) - _phase_one_q("hero:necromancer")
        if model.phase == 1 and model.view.get("deck") and gain > 0.25:
            return best
        return "pass"

    def _keep_value(
        self, model: _Model, code: str, to_opponent: bool
    ) -> tuple[float, float, float]:
        """How good the game looks once ``code`` leaves our hand (discarded, or given to the
        opponent): (chance of winning, then tie-breaks preferring to keep strong cards)."""
        mu, var = list(model.mu), list(model.var)
        model._unhold(code, +1, mu, var)
        if to_opponent:
            model._hold(code, -1, mu, var)
        kind, value = _parse(code)
        q = _hero_q(_hero(code), value) if kind == "hero" else _phase_one_q(code)
        if code == "hero:gargoyle" and model.phase == 2:
            q += 0.5  # two vote cards if it is collected (H32)
        return model.p_game(model.d, mu, var), -q, -value

    def _discard(self, model: _Model, options: list[str], prefix: str) -> str:
        """Cthulhu (H19): discard the card whose loss hurts least (a low card the opponent
        would have won is a gain)."""
        return max(options, key=lambda m: self._keep_value(model, m[len(prefix) :], False))

    def _give(self, model: _Model, options: list[str], prefix: str) -> str:
        """Kraken (H37): give the card that helps the opponent least."""
        return max(options, key=lambda m: self._keep_value(model, m[len(prefix) :], True))

    def _steal(self, model: _Model, options: list[str], prefix: str) -> str:
        """Siren (H27): take the card that most improves our votes (and hurts theirs)."""
        n = len(model.factions)
        scored: list[tuple[float, int, str]] = []
        for move in options:
            code = move[len(prefix) :]
            d = list(model.d)
            if code == "hero:gargoyle" and model.phase == 2:
                d[n] = 1.0
            else:
                model._add(d, code, model._declared(code), 2.0)
            scored.append((model.p_game(d, model.mu, model.var), _parse(code)[1], move))
        return max(scored)[2]

    def _gargoyle(self, view: dict[str, Any], options: list[str]) -> str:
        """Gargoyle (H32): the faction whose two extra cards give the best final result, counted
        exactly on the public Score piles."""
        me = int((view.get("next") or {}).get("player", 0))
        factions = [m.rsplit(" as ", 1)[1] for m in options]
        return max(options, key=lambda m: _final_result(view, me, factions, m.rsplit(" as ", 1)[1]))

    # -- decisions -------------------------------------------------------------------------------

    def _seer(self, model: _Model) -> str:
        prize = model.current.get("prize") or "?"
        deck = model.view.get("deck") or ["?"]
        top = deck[0]
        best, best_p = "take prize", -1.0
        for move, mine, theirs in (("take prize", prize, top), ("take top", top, prize)):
            mu, var = list(model.mu), list(model.var)
            if mine != "?":
                model._hold(mine, +1, mu, var)
            if theirs != "?":
                model._hold(theirs, -1, mu, var)
            p = model.p_game(model.d, mu, var)
            if p > best_p:
                best, best_p = move, p
        return best

    def _crown(self, view: dict[str, Any], crowns: list[str]) -> str:
        me = view["players"][view["next"]["player"]]
        best = max(crowns, key=lambda m: _parse(m.split(" ", 1)[1])[1])
        value = _parse(best.split(" ", 1)[1])[1]
        if not me.get("vampire"):
            return best
        old = _parse(me["vampire"])[1]
        tucked = sum(_parse(c)[1] for c in me.get("tucked", []))
        if value > old + tucked or (not me.get("tucked") and value > old):
            return best
        return "pass"

    def _tuck(self, model: _Model, tucks: list[str]) -> str:
        vamp = model.idx.get("vampires")
        base = model.p_game(model.d, model.mu, model.var)
        best, best_p = "pass", base + 1e-6
        me = model.me
        for move in tucks:
            code = move.split(" ", 1)[1]
            d = list(model.d)
            model._add(d, code, None, -1.0)
            saved = model.stack[me]
            if saved == 0:
                model.stack[me] = max(0, model.vampire_value[me])
            model.stack[me] += _parse(code)[1]
            p = model.p_game(d, model.mu, model.var)
            model.stack[me] = saved
            if vamp is None:
                p = base - 1.0
            if p > best_p:
                best, best_p = move, p
        return best

    # -- playing a card --------------------------------------------------------------------------

    def _play(self, model: _Model, legal: list[str]) -> str:
        plays = model.current.get("plays", [])
        leads = self._leads(model, legal, plays[0]) if plays else []
        scored: list[tuple[float, float, str]] = []
        for move in legal:
            if not move.startswith("play "):
                continue
            code, declared = _code_of_move(move)
            mine = model.card(code, declared, model.me)
            if plays:
                value = 0.0
                for weight, lead in leads:
                    wins, capture, crushed = model.resolve(lead, mine)
                    d, mu, var = model.outcome(lead, mine, wins, capture, crushed)
                    value += weight * model.p_game(d, mu, var)
            else:
                value = self._lead_value(model, mine)
            if model.phase == 1:
                value -= _KAPPA * _phase_one_q(code) * min(1.0, (model.tricks_left - 1) / 6)
            else:
                value -= 1e-4 * mine.value
            scored.append((value, self.rng.random(), move))
        if not scored:
            return self._fallback(legal)
        return max(scored)[2]

    def _leads(
        self, model: _Model, legal: list[str], play: dict[str, Any]
    ) -> list[tuple[float, _Card]]:
        """The lead card as we may see it, with weights: a Lycanthrope or Ent lead's declaration
        is inferred from what we may follow with, else spread over the likely ones."""
        code = str(play["card"])
        declared = play.get("as")
        hero = _hero(code)
        if declared is None and _parse(code)[0] == "elf-orc":
            declared = self._led_as(code, legal)
        if declared is not None or hero not in ("lycanthrope", "ent"):
            return [(1.0, model.card(code, declared, model.opp))]
        if hero == "ent" and model.phase != 2:
            return [(1.0, model.card(code, None, model.opp))]
        # a must-follow shows: some faction card of the hand is not playable (H2, H34)
        hand = model.view["players"][model.me].get("hand", [])
        legal_codes: dict[str, str] = {}
        for move in legal:
            if move.startswith("play "):
                mcode, mdecl = _code_of_move(move)
                kind = _parse(mcode)[0]
                if not _hero(mcode) and kind:
                    legal_codes[mcode] = mdecl or kind
        playable = {_code_of_move(m)[0] for m in legal if m.startswith("play ")}
        if legal_codes and any(c not in playable for c in hand):
            followed = next(iter(legal_codes.values()))
            return [(1.0, model.card(code, followed, model.opp))]
        held: set[str] = set()
        for c in hand:
            kind = _parse(c)[0]
            held.update(("elves", "orcs") if kind == "elf-orc" else (kind,))
        lacking = [f for f in model.factions if f not in held]
        if hero == "ent":
            lacking = [f for f in lacking if model.count[model.opp][model.idx[f]] >= 2]
        plain = 1.0 / (1 + len(lacking))
        found = [(plain, model.card(code, None, model.opp))]
        found += [((1 - plain) / len(lacking), model.card(code, f, model.opp)) for f in lacking]
        return found

    @staticmethod
    def _led_as(lead_code: str, legal: list[str]) -> str | None:
        """The faction a dual lead card was declared as (guessed from what we may follow with)."""
        if _parse(lead_code)[0] != "elf-orc":
            return None
        for move in legal:
            code, declared = _code_of_move(move)
            kind = _parse(code)[0]
            if declared in ("elves", "orcs"):
                return declared
            if kind in ("elves", "orcs"):
                return kind
        return "elves"

    def _lead_value(self, model: _Model, mine: _Card) -> float:
        """Expected chance of winning the game after leading ``mine``, over likely replies."""
        lf = mine.faction
        mv = mine.value
        low_wins = lf == "werewolves" and model.moon == "no-moon" and mine.fpower
        dual = lf in ("elves", "orcs")
        u = model.opp_unknown
        mh = mine.hero

        def better(v: int) -> bool:
            """Whether a following card of effective value ``v`` beats the lead."""
            if mh == "witch":
                return v % 2 == 0 and v > 5  # H28
            if mh == "minotaur" and mine.last:
                return False  # H29
            if mh == "lich-king":
                v -= 3  # H14
            return (v < mv) if low_wins else (v > mv)

        def count(groups: dict[str, list[tuple[int, float]]]) -> tuple[float, float]:
            """(cards that can follow, cards that beat the lead) among ``groups``."""
            follow = beat = 0.0
            for kind, entries in groups.items():
                hero = _hero(kind)
                if hero:
                    test = _SECOND_WINS.get(hero)
                    follows = not lf or hero in ("life-stealer", "lycanthrope")
                    for v, w in entries:
                        if follows:
                            follow += w
                        if (
                            (test is not None and test(mv))
                            or (hero == "jester" and mv > v)
                            or (follows and better(v))
                        ):
                            beat += w
                    continue
                follows = not lf or kind == lf or (dual and kind == "elf-orc")
                if follows or kind == "doppelgangers":
                    for v, w in entries:
                        if follows:
                            follow += w
                        if better(v) or (kind == "basilisks" and v == mv):
                            beat += w
                elif kind == "basilisks":
                    beat += sum(w for v, w in entries if v == mv)
                elif kind == "knights" and lf == "goblins":
                    beat += sum(w for _, w in entries)
            return follow, beat

        known_follow, known_beat = count(model.known_groups)
        pool_follow, pool_beat = count(model.pool_groups)
        frac_follow = min(1.0, pool_follow / model.pool_total)
        frac_beat = min(1.0, pool_beat / model.pool_total)
        p_follow = 1.0 if known_follow else 1 - (1 - frac_follow) ** u
        p_beat = 1.0 if known_beat else 1 - (1 - frac_beat) ** u
        e_beat = known_beat + u * frac_beat
        e_follow = known_follow + u * frac_follow
        hand = max(1, sum(model.known_opp.values()) + u)
        rho = min(1.0, e_beat / (e_follow if e_follow >= 1 else hand))
        p_lose = p_beat * (_BETA + (1 - _BETA) * rho)
        p_win_follow = max(0.0, p_follow - p_lose)
        p_off = max(0.0, 1.0 - p_lose - p_win_follow)

        value = 0.0
        opp = model.opp
        for prob, reply_faction, follower_wins in (
            (p_lose, lf or "*", True),
            (p_win_follow, lf or "*", False),
            (p_off, "*", False),
        ):
            if prob <= 1e-6:
                continue
            reply = _Card("?", reply_faction, mv, opp, False)
            d, mu, var = model.outcome(mine, reply, follower_wins, False)
            value += prob * model.p_game(d, mu, var)
        return value
