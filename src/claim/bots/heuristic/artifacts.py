"""The artifacts (RULES.md §8, R-80; the view's own ``artifacts``, ``used_artifacts``, ``aside``,
the ``counters`` and the current trick's ``artifacts``): when to use each one, and what the ones
we hold add to a card we may play.

Each artifact is used when the model says the game looks better with it than without, by more
than a small reserve that shrinks over the last tricks: the Wand, Mirror, Dagger and Ice Sword on
the trick as it stands (the Dagger's replacement card and the Ice Sword's next trick estimated);
after our lead the Bottle, Cloak (a random reply), Lamp (a card the opponent is known or very
likely to hold, forced against our lead), Wand and Mirror — and a lead is chosen knowing these
will follow it; the Spyglass and Gambler's Book swap for the discarded card that does the most
good; the Rope and the Book of Memories for a Score pile card worth more played again (the hand
card left unplayed counted); Mask and Dice when a blind or random reply makes our best lead
better. Always: Prowler's Torch, Flail of Dawn, and the Flask of Tears in Phase Two (in Phase One
for a good prize); the card set aside for the Flail is the one whose absence from the hand the
model minds least. What the artifacts used so far change in the trick being played is read by
the table (``Table._artifact_tallies``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import cast

from claim.bots.heuristic.card import Card
from claim.bots.heuristic.card_values import changed_value, code_of_move, end_value
from claim.bots.heuristic.parting import choose_discard
from claim.bots.heuristic.replies import (
    current_cards,
    may_follow,
    opponent_cards,
    random_reply_odds,
    reply_odds,
)
from claim.bots.heuristic.table import Memo
from claim.bots.heuristic.tricks import Model, lead_value, trick_p
from claim.core import cards, keys
from claim.core.powers.artifacts import (
    BookOfMemories,
    BottomlessBottle,
    FlailOfDawn,
    FlaskOfTears,
    GamblersBook,
    GamblersDice,
    HuntingCloak,
    IceSword,
    KingsDagger,
    MagicWand,
    MaskOfDarkness,
    MirrorOfLies,
    ProwlersTorch,
    Spyglass,
    WishingLamp,
)
from claim.core.view_types import CurrentTrickView, View

_ARTIFACT_NAMES = frozenset(cards.ARTIFACTS)
#: the artifacts offered right after a lead (A2, A22)
_AFTER_LEAD = (
    MagicWand.name,
    MirrorOfLies.name,
    BottomlessBottle.name,
    HuntingCloak.name,
    WishingLamp.name,
)
#: the least gain (in the chance of winning the game) for which an artifact is used now rather
#: than kept for later, with many tricks still to play (less towards the end)
_USE_GAIN = 0.01
#: how much less likely a random or blind reply must be to beat our lead for it to count
_BLIND_GAIN = 0.05


def _reserve(model: Model, scale: float = 1.0) -> float:
    """How much better the game must look for an artifact to be used now: :data:`_USE_GAIN`,
    shrinking over the last tricks of the game (an artifact unused at the end is wasted)."""
    left = model.t2 if model.phase == 2 else 13 + len(model.view.get("deck", [])) // 2
    return _USE_GAIN * scale * min(1.0, left / 6)


def _unused(model: Model) -> set[str]:
    """Our artifacts not yet used."""
    return set(model.view["players"][model.me].get("artifacts") or ())


@contextmanager
def from_pile(model: Model, code: str) -> Iterator[None]:
    """Within the block the model holds ``code`` in hand instead of in our Score pile (a card
    led with the Book of Memories, A17, or roped back, A13)."""
    saved = model.d, model.mu, model.var
    d, mu, var = list(model.d), list(model.mu), list(model.var)
    model.add(d, code, model.declared_as(code), -1.0)
    model.hold(code, +1, mu, var)
    model.d, model.mu, model.var = d, mu, var
    try:
        yield
    finally:
        model.d, model.mu, model.var = saved


@contextmanager
def adjusted(model: Model, d: list[float], mu: list[float], var: list[float]) -> Iterator[None]:
    """Within the block the model starts from margins ``d``, drift ``mu`` and spread ``var``."""
    saved = model.d, model.mu, model.var
    model.d, model.mu, model.var = d, mu, var
    try:
        yield
    finally:
        model.d, model.mu, model.var = saved


def _spare(model: Model, extra: int = 1) -> bool:
    """Whether ``extra`` more cards in our hand would leave as many unplayed at the end of
    Phase Two (we hold at least as many cards as the opponent; R-1)."""
    return model.hand_size[model.me] + extra > model.hand_size[model.opp]


def _drop_weakest(model: Model, mu: list[float], var: list[float], hand: Iterable[str]) -> None:
    """Remove from ``mu`` and ``var`` the hand card whose absence the model minds least: the
    card left unplayed at the end of Phase Two when we hold one card too many."""
    best: tuple[float, str] | None = None
    for code in dict.fromkeys(hand):
        mu2, var2 = list(mu), list(var)
        model.unhold(code, +1, mu2, var2)
        p = model.p_game(model.d, mu2, var2)
        if best is None or p > best[0]:
            best = (p, code)
    if best is not None:
        model.unhold(best[1], +1, mu, var)


def memo_key(model: Model) -> tuple[int, int]:
    """This trick, for the memo: (phase, tricks played before it)."""
    return model.phase, len(model.view.get("tricks", []))


def used_now(model: Model) -> list[str]:
    """The artifacts used in the trick being played, in order."""
    return list(model.current.get("artifacts") or ())


def decide_artifact(view: View, legal: list[str], verbs: set[str], memo: Memo) -> str | None:
    """The artifacts' windows and follow-ups (R-80, A1-A47); None: not one of them."""
    if verbs == {"aside"}:
        # Flail of Dawn (A5): the card we must keep for the last trick — the one whose
        # absence from the hand the model minds least
        return choose_discard(Model(view, memo), legal, "aside ")
    if verbs == {"take"}:
        if view.get("phase") != 2:
            return None  # the Seer's or the Islands' take
        current = view.get("current") or cast(CurrentTrickView, {})  # cast: {}, no trick
        to_pile = Spyglass.name in (current.get("artifacts") or ())
        return take_discarded(Model(view, memo), legal, to_pile)
    uses = [m for m in legal if m.startswith("use ") and m.split(" ", 2)[1] in _ARTIFACT_NAMES]
    if not uses:
        return None
    names = {m.split(" ", 2)[1] for m in uses}
    if FlailOfDawn.name in names:
        return "use flail-of-dawn"  # a card of theirs tied to their last trick, for free
    if ProwlersTorch.name in names:
        return "use prowlers-torch"  # the draws shown to both: our card counting gains
    model = Model(view, memo)
    if GamblersBook.name in names:
        return _gamblers_book(model)
    if Spyglass.name in names:
        return _spyglass(model, uses)
    if IceSword.name in names:
        return _ice_sword(model)
    if KingsDagger.name in names:
        return _kings_dagger(model)
    if names & set(_AFTER_LEAD):
        return after_play(model, uses, memo)
    return _trick_start(model, uses, names)


def take_discarded(model: Model, legal: list[str], to_pile: bool) -> str:
    """Gambler's Book (A10): the discarded card that does our hand the most good; Spyglass
    (A11): the one that does our votes the most good."""
    scored: list[tuple[float, float, str]] = []
    for move in legal:
        code = move[5:]
        if to_pile:
            d = list(model.d)
            model.add(d, code, None, +1.0)
            p = model.p_game(d, model.mu, model.var) + 1e-6 * model.val(code)
        else:
            mu, var = list(model.mu), list(model.var)
            model.hold(code, +1, mu, var)
            p = model.p_game(model.d, mu, var)
        scored.append((p, model.q1(code), move))
    return max(scored)[2]


def _gamblers_book(model: Model) -> str:
    """Gambler's Book (A10): a random card of the hand for the best card of the discard
    pile — used when that is worth it on average over the card we lose."""
    hand = list(model.view["players"][model.me].get("hand", []))
    pile = [c for c in model.view.get("discard", []) if c != "?"]
    if not hand or not pile:
        return "pass"
    base = model.p_game(model.d, model.mu, model.var)
    total = 0.0
    for lost in hand:
        best = -1.0
        for code in dict.fromkeys([*pile, lost]):
            mu, var = list(model.mu), list(model.var)
            model.unhold(lost, +1, mu, var)
            model.hold(code, +1, mu, var)
            best = max(best, model.p_game(model.d, mu, var))
        total += best
    return "use gamblers-book" if total / len(hand) > base + 0.2 * _USE_GAIN else "pass"


def _spyglass(model: Model, uses: list[str]) -> str:
    """Spyglass (A11): swap a card we collected for the discarded card that does our votes
    the most good, when the swap is worth it."""
    pile = [c for c in model.view.get("discard", []) if c != "?"]
    base = model.p_game(model.d, model.mu, model.var)
    best, best_p = "pass", base + _reserve(model)
    for move in uses:
        if not move.startswith("use spyglass "):
            continue
        code = move[len("use spyglass ") :]
        d = list(model.d)
        model.add(d, code, model.declared_as(code), -1.0)
        for taken in dict.fromkeys(pile):
            d2 = list(d)
            model.add(d2, taken, None, +1.0)
            # equal counts are decided by the higher cards (§9 step 5)
            tie = 1e-6 * (model.val(taken) - model.val(code))
            p = model.p_game(d2, model.mu, model.var) + tie
            if p > best_p:
                best, best_p = move, p
    return best


def _ice_sword(model: Model) -> str:
    """Ice Sword (A18, A37): freeze a trick we would lose (and care about) when the frozen
    cards, our bonus and the next trick's bundle make the game look better."""
    cards_ = current_cards(model)
    if len(cards_) != 2 or cards_[0] is None or cards_[1] is None:
        return "pass"
    if min(model.hand_size) <= 0:
        return "pass"  # no further trick: no effect (A18)
    lead, follow = cards_[0], cards_[1]
    now = trick_p(model, lead, follow)
    mine = follow if follow.player == model.me else lead
    theirs = lead if mine is follow else follow
    gap = end_value(mine.code, model.under) - end_value(theirs.code, model.under)
    edge = 0.1 if lead.player == model.me else -0.1  # the same leader leads again
    p_next = min(0.9, max(0.05, 0.5 + gap / 12 + edge))
    frozen = 0.0
    for we_win, weight in ((True, p_next), (False, 1 - p_next)):
        follower_wins = (follow.player == model.me) == we_win
        d, mu, var = model.outcome(lead, follow, follower_wins, False)
        if model.phase == 1:
            sign = 1 if we_win else -1
            for card in (lead, follow):
                model.hold(card.code, sign, mu, var)  # the bundle joins the Follower deck
        frozen += weight * model.p_game(d, mu, var)
    return "use ice-sword" if frozen > now + _reserve(model, 2.0) else "pass"


def _kings_dagger(model: Model) -> str:
    """King's Dagger (A7, A24): take the opponent's 5 into our Score pile when that — and
    the card they must play instead — makes the game look better than the trick as it
    stands."""
    cards_ = current_cards(model)
    plays = model.current.get("plays", [])
    if not cards_ or cards_[-1] is None or plays[-1]["player"] != model.opp:
        return "pass"
    five = cards_[-1]
    d5, mu5, var5 = list(model.d), list(model.mu), list(model.var)
    model.add(d5, five.code, None, +1.0)
    if model.phase == 2 and model.known_opp.get(five.code, 0) > 0:
        model.unhold(five.code, -1, mu5, var5)
    hand = list(model.view["players"][model.me].get("hand", []))
    left = model.hand_size[model.opp]  # without the 5, already played
    if len(cards_) == 1:
        # they led it: we follow it, or they lead another card
        if not hand:
            return "pass"
        now = max(trick_p(model, five, c) for c in may_follow(model, five, hand))
        if left <= 0:
            with adjusted(model, d5, mu5, var5):
                taken = model.p_game(model.d, model.mu, model.var)
        else:
            taken = 0.0
            with adjusted(model, d5, mu5, var5):
                for weight, lead in opponent_cards(model):
                    options = may_follow(model, lead, hand)
                    taken += weight * max(trick_p(model, lead, c) for c in options)
    else:
        ours = cards_[0]
        if ours is None:
            return "pass"
        now = trick_p(model, ours, five)
        with adjusted(model, d5, mu5, var5):
            if left <= 0:
                # no card to play instead: we win the trick (A7, A43)
                nothing = Card("?", "", 0, model.opp, False)
                d, mu, var = model.outcome(ours, nothing, False, False)
                taken = model.p_game(d, mu, var)
            else:
                taken = lead_value(model, ours)
    return "use kings-dagger" if taken > now + _reserve(model) else "pass"


def after_play(model: Model, uses: list[str], memo: Memo) -> str:
    """Right after our card (A2, A22): Magic Wand, Mirror of Lies; after a lead also Hunting
    Cloak, Wishing Lamp, Bottomless Bottle. The option that makes the game look best, when
    it is worth using an artifact on."""
    cards_ = current_cards(model)
    if not cards_:
        return "pass"
    if len(cards_) == 2 and cards_[0] is not None and cards_[1] is not None:
        lead, mine = cards_[0], cards_[1]
        base = trick_p(model, lead, mine)
        options = _follow_options(model, lead, mine, set(m.split(" ", 2)[1] for m in uses))
    elif len(cards_) == 1 and cards_[0] is not None:
        mine = cards_[0]
        base = lead_value(model, mine, lead_odds(model, mine))
        options = _lead_options(model, mine, uses)
    else:
        return "pass"
    best, best_value = "pass", base
    for move, value in options:
        if move in uses and value > best_value:
            best, best_value = move, value
    if best == "pass":
        return best
    thr = _reserve(model, 2.0 if best.startswith("use wishing-lamp") else 1.0)
    if best_value <= base + thr:
        return "pass"
    key = memo_key(model)
    if best.startswith("use magic-wand "):
        memo[("wand", *key)] = best.rsplit(" ", 1)[1]
    elif best.startswith("use wishing-lamp "):
        memo[("lamp", *key)] = best.split(" ", 2)[2]
    return best


def _follow_options(
    model: Model, lead: Card, mine: Card, held: set[str]
) -> list[tuple[str, float]]:
    """(move, chance of winning the game) for a Magic Wand or Mirror of Lies on the card we
    followed ``lead`` with."""
    found: list[tuple[str, float]] = []
    if MagicWand.name in held:
        for amount in (2, -2):
            card = mine.revalued(mine.value + amount)
            found.append((f"use magic-wand {amount:+d}", trick_p(model, lead, card)))
    if MirrorOfLies.name in held:
        card = mine.revalued(changed_value(mine.value, "mirror", 0))
        found.append(("use mirror-of-lies", trick_p(model, lead, card)))
    return found


def follow_with_artifacts(model: Model, lead: Card, mine: Card) -> float:
    """Following ``lead`` with ``mine``: the best it gets with a Magic Wand or Mirror of
    Lies we hold, less what keeping the artifact is worth (0 without one)."""
    held = _unused(model) & {MagicWand.name, MirrorOfLies.name}
    if not held:
        return 0.0
    options = _follow_options(model, lead, mine, held)
    return max(value for _, value in options) - _reserve(model)


def lead_odds(model: Model, mine: Card) -> tuple[float, float, float] | None:
    """The reply odds to our lead when they are not the usual ones: a random reply (Hunting
    Cloak or Gambler's Dice used), a blind one (our lead is face-down, Mask of Darkness)."""
    used = used_now(model)
    masked = model.counters.get(keys.MASK, 0) > 0 and BookOfMemories.name not in used
    if masked or model.cloaked:
        return random_reply_odds(model, mine)
    return None


def _lead_options(
    model: Model, mine: Card, legal: list[str] | None = None
) -> list[tuple[str, float]]:
    """(move, chance of winning the game) for each artifact that may follow our lead
    ``mine`` (those in ``legal``, else those we hold that would be offered)."""
    if legal is None:
        held = _unused(model)
        lamp_ok = model.phase == 2 and not model.cloaked
        names = {n for n in _AFTER_LEAD if n in held and (n != WishingLamp.name or lamp_ok)}
    else:
        names = {m.split(" ", 2)[1] for m in legal}
    if not names:
        return []
    found: list[tuple[str, float]] = []
    # a lead is better higher, or lower under a Bottle: the Wand's other sign and a Mirror
    # that goes the wrong way are not worth counting
    if MagicWand.name in names:
        amount = -2 if model.lower_wins else 2
        card = mine.revalued(mine.value + amount)
        found.append(
            (
                f"use magic-wand {amount:+d}",
                lead_value(model, card, lead_odds(model, card)),
            )
        )
    if MirrorOfLies.name in names and (mine.value <= 5) != model.lower_wins:
        card = mine.revalued(changed_value(mine.value, "mirror", 0))
        found.append(
            (
                "use mirror-of-lies",
                lead_value(model, card, lead_odds(model, card)),
            )
        )
    if BottomlessBottle.name in names and not model.lower_wins:
        model.lower_wins = True
        try:
            value = lead_value(model, mine, lead_odds(model, mine))
        finally:
            model.lower_wins = False
        found.append(("use bottomless-bottle", value))
    if HuntingCloak.name in names and not model.cloaked:
        found.append(("use hunting-cloak", _blind_value(model, mine)))
    if WishingLamp.name in names and model.phase == 2:
        found += _lamp_options(model, mine, legal)
    return found


def _lamp_options(model: Model, mine: Card, legal: list[str] | None) -> list[tuple[str, float]]:
    """Wishing Lamp (A9, A27, A28): name a card the opponent likely holds — a prize they won
    in Phase One and have not played, or an unseen card when few are left — so that they
    must play it against our lead; if they do not hold it (set aside with the Flail of
    Dawn, or never theirs) they play freely and win."""
    theirs = model.view["players"][model.opp]
    in_hand = len(theirs.get("hand", []))
    if not in_hand:
        return []
    held_p = in_hand / (in_hand + len(theirs.get("aside") or []))
    chances: dict[str, float] = {code: held_p for code in model.known_opp}
    unseen = sum(model.pool.values())
    if unseen and model.opp_unknown:
        share = min(1.0, model.opp_unknown / unseen)
        for code, k in model.pool.items():
            p = held_p * (1 - (1 - share) ** k)
            if p >= 0.5:
                chances[code] = max(chances.get(code, 0.0), p)
    allowed = set(legal) if legal is not None else None
    miss: float | None = None
    found: list[tuple[str, float]] = []
    for code, p in chances.items():
        move = f"use wishing-lamp {code}"
        if allowed is not None and move not in allowed:
            continue
        if miss is None:
            reply = Card("?", "*", mine.value, model.opp, False)
            d, mu, var = model.outcome(mine, reply, True, False)
            miss = model.p_game(d, mu, var)
        forced = model.card(code, None, model.opp)
        found.append((move, p * trick_p(model, mine, forced) + (1 - p) * miss))
    return found


def lead_with_artifacts(model: Model, mine: Card) -> float:
    """Leading ``mine``: the chance of winning the game, or better with an artifact we hold
    for right after the lead (less what keeping it is worth)."""
    value = lead_value(model, mine, lead_odds(model, mine))
    for move, option in _lead_options(model, mine):
        scale = 2.0 if move.startswith("use wishing-lamp") else 1.0
        value = max(value, option - _reserve(model, scale))
    return value


def before_play(model: Model, legal: list[str]) -> bool:
    """Before choosing a card: a Wishing Lamp's card we do not hold leaves us free to play
    any card, and we win the trick (A28)."""
    plays = model.current.get("plays", [])
    lamp = WishingLamp.name in used_now(model)
    if lamp and len(plays) == 1 and plays[0]["player"] == model.opp:
        codes = {code_of_move(m)[0] for m in legal if m.startswith("play ")}
        if len(codes) > 1:
            model.lamp_win = True
    return True


def _trick_start(model: Model, uses: list[str], names: set[str]) -> str:
    """The start of a trick (A3, A21): Prowler's Torch (only what both see), Flask of Tears,
    Endless Rope, Book of Memories, Mask of Darkness, Gambler's Dice."""
    lead_me = model.lead_me
    if FlaskOfTears.name in names and _flask_now(model):
        return "use flask-of-tears"
    ropes = [m for m in uses if m.startswith("use endless-rope ")]
    if ropes:
        rope = _rope(model, ropes)
        if rope is not None:
            return rope
    if lead_me and BookOfMemories.name in names and _book_now(model):
        return "use book-of-memories"
    if lead_me and MaskOfDarkness.name in names and _mask_now(model):
        return "use mask-of-darkness"
    if lead_me and GamblersDice.name in names and _dice_now(model):
        return "use gamblers-dice"
    return "pass"


def _flask_now(model: Model) -> bool:
    """Flask of Tears (A15): +9 on our next card — in Phase Two, or for a good prize (it is
    offered only while we keep losing)."""
    if model.phase == 2:
        return True
    good = max((model.q1(c) for c in model.prizes), default=0.0)
    return good >= 0.5 or len(model.view.get("deck", [])) <= 4


def _lead_table(model: Model) -> list[tuple[float, float]]:
    """For each card of our hand, the chance of winning the game after leading it against
    the usual reply and against a random or blind one (:func:`_blind_value`), computed
    once per decision."""
    if model.lead_cache is None:
        table: list[tuple[float, float]] = []
        for code in model.view["players"][model.me].get("hand", []):
            card = model.card(code, None, model.me)
            usual_odds = reply_odds(model, card)
            usual = lead_value(model, card, usual_odds)
            odds = random_reply_odds(model, card)
            blind = usual
            if usual_odds[0] - odds[0] >= _BLIND_GAIN:
                blind = lead_value(model, card, odds)
            table.append((usual, blind))
        model.lead_cache = table
    return model.lead_cache


def _best_lead(model: Model, random_reply: bool = False) -> float:
    """The chance of winning the game after our best lead (the reply random or blind)."""
    return max((row[1 if random_reply else 0] for row in _lead_table(model)), default=-1.0)


def _blind_value(model: Model, mine: Card) -> float:
    """Leading ``mine`` against a random or blind reply (Hunting Cloak, Gambler's Dice, Mask
    of Darkness): worth counting only when it makes the reply much less likely to beat our
    card — else the usual value (the two differ otherwise only by the guess of which card
    comes along)."""
    usual = reply_odds(model, mine)
    odds = random_reply_odds(model, mine)
    if usual[0] - odds[0] < _BLIND_GAIN:
        return lead_value(model, mine, usual)
    return lead_value(model, mine, odds)


def _one_spare(model: Model) -> tuple[list[float], list[float]]:
    """Drift and spread once a card more in hand (roped or kept by the Book of Memories)
    leaves the hand card the model minds least unplayed at the end of Phase Two (when we
    do not hold fewer cards than the opponent)."""
    mu, var = list(model.mu), list(model.var)
    if _spare(model):
        _drop_weakest(model, mu, var, model.view["players"][model.me].get("hand", []))
    return mu, var


def _rope(model: Model, ropes: list[str]) -> str | None:
    """Endless Rope (A13): a card of our Score pile back to hand when playing it again does
    the game more good than it does where it lies (the card it leaves unplayed counted)."""
    base = model.p_game(model.d, model.mu, model.var)
    best, best_p = None, base + _reserve(model)
    mu, var = _one_spare(model)
    with adjusted(model, model.d, mu, var):
        for move in ropes:
            with from_pile(model, move[len("use endless-rope ") :]):
                p = model.p_game(model.d, model.mu, model.var)
            if p > best_p:
                best, best_p = move, p
    return best


def _book_now(model: Model) -> bool:
    """Book of Memories (A17): lead from our Score pile when its best lead beats the hand's
    (the hand card it leaves unplayed counted)."""
    pile = list(model.view["players"][model.me].get("score", []))
    if not pile or not model.view["players"][model.me].get("hand"):
        return False
    from_hand = _best_lead(model)
    best = -1.0
    mu, var = _one_spare(model)
    with adjusted(model, model.d, mu, var):
        for code in dict.fromkeys(pile):
            with from_pile(model, code):
                card = model.card(code, None, model.me)
                best = max(best, lead_value(model, card))
    return best > from_hand + _reserve(model)


def _mask_now(model: Model) -> bool:
    """Mask of Darkness (A16): our lead face-down (the reply blind, the follower free of the
    following rules) when that makes our best lead better; not to renew a Mask (A34)."""
    if model.counters.get(keys.MASK, 0) > 0:
        return False
    return _best_lead(model, True) > _best_lead(model) + _reserve(model)


def _dice_now(model: Model) -> bool:
    """Gambler's Dice (A6, A35): both cards drawn at random, when a random lead against a
    random reply is worth more on average than our best lead against a good reply."""
    table = _lead_table(model)
    if not table:
        return False
    average = sum(blind for _, blind in table) / len(table)
    return average > _best_lead(model) + _reserve(model, 2.0)
