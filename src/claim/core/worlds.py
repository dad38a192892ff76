"""Determinization (RULES.md §10): a full state consistent with everything a player knows.

:func:`determinize` re-deals exactly what :func:`claim.core.view.observe` hides from a player,
under the constraints of what they know beyond the view's names (issue 36): a world it draws
gives the player exactly their view, their legal moves and so their information state, and two
positions that look the same to the player give the same world for the same ``rng``.

What the player deduces, and so what constrains the re-deal:

- the cards the view names, partly (``demons:odd``) or wholly, and the other player's voids
  (:func:`voids`, issue 22);
- the decision they are being asked: a King's Dagger offer says the card it is about is a
  printed 5 (W5, R-80); the Necromancer's choices name the cards of the collected trick;
- the cards they saw go into the other hand (``revealed``): a masked lead (W3) is one of the
  other hand's cards, so a card they know is there may be the one lying face-down;
- where a card can be: a Fire Phoenix drawn off its pile in Phase Two went into a hand, so one
  the player has not seen since is in the other hand;
- which card of a class a past trick names is not theirs to know when the card has since been
  re-dealt: the history names, for each reference, a card of the same class in a canonical way.

What the engine decides from the re-dealt cards (whose turn it is, the options of the player's
own decision) is checked on the drawn world, and a world that contradicts it drawn again
(:data:`REDRAWS` counts them; an unforeseen case, expected to stay 0).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from itertools import combinations
from math import comb

from claim.core import cards
from claim.core.cards import BASE_FACTION, DUAL, DUAL_FACTIONS, PARTIAL_NAME, PUBLIC_NAME
from claim.core.engine import current_player, history_plays, legal_actions, refresh_options
from claim.core.keys import FACE_UP
from claim.core.keys import FORCED_PLAY as FORCED
from claim.core.powers.artifacts import KingsDagger
from claim.core.powers.base import POWER_KEY
from claim.core.setup import hero_cards
from claim.core.state import State, Trick
from claim.core.view import (
    HIDDEN,
    HIDING_KINDS,
    HIDING_ZONES,
    Eyes,
    as_before_choices,
    masked_from,
)

CODE = cards.CODE
FACTION = cards.FACTION
VALUE = cards.VALUE


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


ANY = ""  # the class of a "?" slot in a hand, Follower deck or the deck
#: the class of the Fire Phoenix pile's cards
PHOENIX = "fire-phoenix"


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
        return PHOENIX
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


#: a slot class narrowed to one printed value: ``NAME@5`` (a King's Dagger offer, W5)
AT_VALUE = "@"


def _fits(card: int, slot_class: str) -> bool:
    if AT_VALUE in slot_class:
        name, _, value = slot_class.partition(AT_VALUE)
        return VALUE[card] == int(value) and _fits(card, name)
    if slot_class == "toxic":
        return FACTION[card] == "toxic"
    if slot_class == PHOENIX:
        return CODE[card].startswith("fire-phoenix:")
    if slot_class == REMOVED:
        return FACTION[card] not in NOT_DECK_FACTION and not CODE[card].startswith("fire-phoenix:")
    if slot_class.startswith("out:"):
        return FACTION[card] == slot_class[4:]
    return PUBLIC_NAME[card] == slot_class


def _class_order(slot_class: str) -> tuple[int, str]:
    """Fill the narrow classes first: a removed card may be of any faction, so it is dealt
    after the unused Shadows and the partly seen cards have taken theirs; the other hand's "?"
    cards under a void (:data:`VOIDED`) just before it; a class narrowed to one value
    (:data:`AT_VALUE`) before the class it narrows."""
    if AT_VALUE in slot_class:
        return (-1, slot_class)
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
    uniformly among the draws that leave at least ``removed`` cards that may have been removed
    for heroes; None when there is no such draw. Exactly: how many of the drawn cards could
    have been removed is drawn first, weighted by how many draws take that many, then the cards
    of each kind."""
    candidates = [c for c in pool if not _banned(c, banned)]
    if len(candidates) < count:
        return None
    if not removed:
        return rng.sample(candidates, count)
    fitting = [c for c in candidates if _fits(c, REMOVED)]
    others = [c for c in candidates if not _fits(c, REMOVED)]
    spare = sum(1 for c in pool if _fits(c, REMOVED)) - removed  # how many may be drawn
    weights = [
        comb(len(fitting), f) * comb(len(others), count - f)
        for f in range(min(count, len(fitting), max(spare, -1)) + 1)
    ]
    total = sum(weights)
    if total == 0:
        return None
    pick = rng.randrange(total)
    taken = 0
    while pick >= weights[taken]:
        pick -= weights[taken]
        taken += 1
    chosen = rng.sample(fitting, taken) + rng.sample(others, count - taken)
    rng.shuffle(chosen)  # in no order of kind
    return chosen


#: how many drawn worlds contradicted what the engine decides from the re-dealt cards (whose turn
#: it is, the options of the player's own decision) and were drawn again: an unforeseen
#: deduction the re-deal does not make yet; expected to stay 0
REDRAWS: list[int] = [0]
#: how many times a world is drawn before the last one is returned as it is
MAX_DRAWS = 50


def _hand_draw(
    state: State, pool: list[int], count: int, banned: list[str], removed: int, rng: random.Random
) -> list[int] | None:
    """The other hand's "?" cards (:data:`VOIDED`): in Phase Two every Fire Phoenix left in the
    pool (drawn off the pile, unseen since), then cards outside the void factions
    (:func:`_void_draw`), in a random order; None when that cannot be."""
    forced = [c for c in pool if _fits(c, PHOENIX)] if state.phase == 2 else []
    if len(forced) > count:
        return None
    rest = [c for c in pool if c not in forced] if forced else pool
    drawn = _void_draw(rest, count - len(forced), banned, removed, rng)
    if drawn is None or not forced:
        return drawn
    chosen = forced + drawn
    rng.shuffle(chosen)
    return chosen


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
    void were known, and :data:`VOID_FALLBACKS` counts it. The decision the player is asked
    narrows the re-deal too (module docstring); a world whose turn or whose options for the
    player differ from the true one's is drawn again from the same ``rng`` (:data:`REDRAWS`).
    """
    if player not in (0, 1):
        raise ValueError(f"player must be 0 or 1, got {player!r}")
    banned = voids(state, player)  # before anything moves: read from the public history
    to_move = current_player(state)
    legal = legal_actions(state) if to_move == player else None
    offered = _offered(state, player)
    world = _draw(state, player, rng, banned, offered)
    for _ in range(MAX_DRAWS - 1):
        # what the view shows of whose turn it is and of the player's options (``next``)
        if current_player(world) == to_move and (legal is None or legal_actions(world) == legal):
            break
        REDRAWS[0] += 1
        world = _draw(state, player, rng, banned, offered)
    return world


def _draw(state: State, player: int, rng: random.Random, banned: list[str], offered: int) -> State:
    """One world for :func:`determinize` (``banned``: :func:`voids`; ``offered``:
    :func:`_offered`, both read from the true state before anything moves)."""
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
    # W3: a masked lead is one of the other hand's cards, any of them (one the player saw go
    # there included): back into the hand, re-dealt with it, and led again at random below
    trick = s.trick
    masked = -1
    if trick is not None and not trick.collected and masked_from(s, player):
        masked = trick.plays[0][1]
        s.hands[other].append(masked)
    # The order of the other hand is hidden too (W13): the cards the player knows there first, by
    # code, then the unknown ones, so nothing of the true order survives.
    # Cards known only by name (a Trickster prize) sort by that name: they are re-dealt among
    # their like anyway.
    if s.result is None:  # a finished game shows every hand in order
        seen = Eyes(s, player)
        zone = f"hand{other}"
        tags = s.tags  # copies of one card (``goblins:0``) differ only by their marks
        known = sorted(
            (c for c in s.hands[other] if c in s.revealed),
            key=lambda c: (seen.known_as(zone, c), tags.get(c, "")),
        )
        s.hands[other] = known + [c for c in s.hands[other] if c not in s.revealed]
    eyes = Eyes(s, player)
    slots: dict[str, list[tuple[list[int], int]]] = {}
    unknown: list[int] = []
    held: set[int] = set()
    if s.tasks and s.tasks[0][1] == 1 - player and s.tasks[0][0][0] not in "@!":
        kind, asked, data = s.tasks[0]
        held.update(s.book.by_ask[kind].held(s, kind, asked, data))
    for zone, ids in s.zones().items():
        if zone in ("trick", "prize"):
            continue  # the table is public; a lead Demon is handled through trick.plays below
        # a face-up zone (the discard, the Score piles, ...) shows each card as it is publicly
        # known: no per-card walk through :meth:`Eyes.name`'s zone tests
        face_up = zone not in HIDING_ZONES and zone[:-1] not in HIDING_KINDS
        for i, card in enumerate(ids):
            # a card chosen from a public pile (Tavern) is known as it lay there, face-up
            up = face_up or card in s.chosen_at
            seen_as = eyes.public(card) if up else eyes.known_as(zone, card)
            if card not in held and not eyes.knows_seen(card, seen_as):
                slots.setdefault(_slot_class(zone, card, seen_as, s.removed), []).append((ids, i))
                unknown.append(card)
    table: list[tuple[list[int], int]] = []
    if trick is not None and not trick.collected:
        # a card on the table shows as much as it does anywhere public (a lead Demon: its parity)
        table_ids = [c for _, c in trick.plays] + trick.prizes
        for i, card in enumerate(table_ids):
            if i == 0 and masked >= 0:
                continue  # in the hand, above
            seen_as = eyes.public(card)
            if seen_as != CODE[card] or (PARTIAL_NAME[card] and eyes.partial_now(card)):
                slot_class = seen_as if i != offered else seen_as + AT_VALUE + "5"
                slots.setdefault(slot_class, []).append((table_ids, i))
                unknown.append(card)
                table.append((table_ids, i))
    pool = sorted(_redraw_heroes(s, unknown, rng), key=lambda c: (CODE[c], c))
    # Phase Two: a Fire Phoenix off its pile went into the hand of the player who drew it, and
    # the ones the player has not seen since are in the other hand (their own they know)
    phoenixes = s.phase == 2 and any(_fits(c, PHOENIX) for c in pool)
    if (banned or phoenixes) and ANY in slots:
        # the "?" cards of the other hand take no card of a void faction and every unseen drawn
        # Fire Phoenix: a class of their own, filled after the narrow classes (the Fire Phoenix
        # pile's among them) and before the cards removed for heroes
        hand = s.hands[other]
        voided = [t for t in slots[ANY] if t[0] is hand]
        if voided:
            slots[VOIDED] = voided
            slots[ANY] = [t for t in slots[ANY] if t[0] is not hand]
    placed: dict[int, int] = {}  # old card -> new card, to carry per-card knowledge over
    classes: dict[int, str] = {}  # old card -> its slot's class (for the history, below)
    for slot_class in sorted((k for k in slots if k != ANY), key=_class_order):
        targets = slots[slot_class]
        if slot_class == VOIDED:
            hand_cards = _hand_draw(s, pool, len(targets), banned, len(slots.get(REMOVED, [])), rng)
            if hand_cards is None:  # unforeseen: deal them as if no void were known
                VOID_FALLBACKS[0] += 1
                slots[ANY].extend(targets)
                continue
            chosen = hand_cards
        else:
            candidates = [c for c in pool if _fits(c, slot_class)]
            chosen = rng.sample(candidates, len(targets))
        for (ids, i), card in zip(targets, chosen, strict=True):
            placed[ids[i]] = card
            classes[ids[i]] = slot_class
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
        # once both cards are down every value is public and nothing there is re-dealt)
        trick.values = [s.book.value[c] for _, c in trick.plays]
        for i in redealt:
            _replay_play(s, trick, i, rng)
        if trick.prizes:
            trick.prizes = table_ids[n:]
            trick.prize = trick.prizes[0]
    # per-card knowledge follows the slot: a revealed prize stays revealed whichever copy it is
    s.revealed = {placed.get(c, c) for c in s.revealed}
    s.peeked = [{placed.get(c, c) for c in seen} for seen in s.peeked]  # the other's peeks
    s.value_known = {placed.get(c, c) for c in s.value_known}
    s.public_out = {placed.get(c, c) for c in s.public_out}
    s.declared = {placed.get(c, c): f for c, f in s.declared.items()}
    s.removed = {placed.get(c, c): why for c, why in s.removed.items()}
    s.tags = {placed.get(c, c): tag for c, tag in s.tags.items()}
    s.chosen_at = {placed.get(c, c): at for c, at in s.chosen_at.items()}
    if placed:
        _rename_history(s, placed, classes)
        if trick is not None:
            if trick.collected:
                # the collected trick's cards lie where they went (a Necromancer chooses among
                # them in the discard by what they are): they follow their slots
                trick.plays = [(p, placed.get(c, c)) for p, c in trick.plays]
                trick.prizes = [placed.get(c, c) for c in trick.prizes]
                if trick.prize >= 0:
                    trick.prize = placed.get(trick.prize, trick.prize)
                trick.extra = [(placed.get(c, c), a, p, b) for c, a, p, b in trick.extra]
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
    if masked >= 0 and trick is not None:
        _lead_again(s, trick, placed.get(masked, masked), rng)
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


def _offered(state: State, player: int) -> int:
    """The position in the trick of the card a King's Dagger offer to ``player`` is about, or
    -1: being offered the Dagger tells them the card is a printed 5 (A7, W5), though the trick
    may show only its band (``fire-elementals:high``) or parity (``demons:odd``)."""
    if not state.tasks or current_player(state) != player:
        return -1
    kind, asked, data = state.tasks[0]
    if kind != KingsDagger.window or asked != player:
        return -1
    if f"use {KingsDagger.name}" not in legal_actions(state):
        return -1
    return data


def _lead_again(state: State, trick: Trick, was: int, rng: random.Random) -> None:
    """The masked lead (W3) drawn again from the leader's hand (the cards re-dealt, the one
    ``was`` — the lead as re-dealt there — among them): it counts as itself (:func:`_replay_play`),
    and what the trick kept of the lead (a value change, a forced play, its declaration) moves
    to it."""
    hand = state.hands[trick.leader]
    card = hand.pop(rng.randrange(len(hand)))
    trick.plays[0] = (trick.leader, card)
    trick.values[0] = state.book.value[card]
    _replay_play(state, trick, 0, rng)
    if card != was:
        trick.mods = [(card if c == was else c, kind, n) for c, kind, n in trick.mods]
        if trick.marks.get(FORCED) == was:
            trick.marks[FORCED] = card
    state.declared.pop(was, None)
    declared = trick.declared[0]
    if declared is not None:
        state.declared[card] = declared
    # keep the hand's canonical order: the known cards first by what the viewer knows, as
    # :func:`_draw` sorted them (a pop keeps it)


#: the public names several cards share (``demons:odd``, ``tricksters:5``): a slot of such a class
#: holds a card the viewer knows by that name wherever it lies
_PARTLY = frozenset(PUBLIC_NAME[c] for c in range(len(CODE)) if PARTIAL_NAME[c])


def _rename_history(state: State, placed: dict[int, int], classes: dict[int, str]) -> None:
    """The past tricks name re-dealt cards anew. A card the player knows only by its class
    (``demons:odd`` won as a prize, a Trickster whose fake mark nobody knows) may lie in any of
    that class's re-dealt slots as far as the player knows, and two positions that look the
    same to them may link the history to those slots differently: each reference of such a
    class names the class's re-dealt cards in turn, in the order of the slots, so the link is
    canonical. Any other re-dealt card (a "?" slot: its name in the history is not its class's)
    follows its slot."""
    by_class: dict[str, list[int]] = {}
    for old, slot_class in classes.items():
        if slot_class.partition(AT_VALUE)[0] in _PARTLY:
            by_class.setdefault(slot_class, []).append(placed[old])
    renamer = _Renamer(placed, classes, by_class)
    history = []
    for index, (ph, n, ld, pz, pl, w, r) in enumerate(state.history):
        prize = renamer.name(pz) if pz >= 0 else pz
        plays = tuple((p, renamer.name(c), v, d) for p, c, v, d in pl)
        history.append((ph, n, ld, prize, plays, w, r))
        prizes = state.history_prizes.get(index)
        if prizes is not None:
            state.history_prizes[index] = tuple(renamer.name(c) for c in prizes)
    state.history = history


class _Renamer:
    """The new name of each reference :func:`_rename_history` meets, in order."""

    def __init__(
        self, placed: dict[int, int], classes: dict[int, str], by_class: dict[str, list[int]]
    ) -> None:
        self.placed = placed
        self.classes = classes
        self.by_class = by_class
        self.turns: dict[str, int] = {}

    def name(self, card: int) -> int:
        slot_class = self.classes.get(card)
        if slot_class is None:
            return self.placed.get(card, card)
        news = self.by_class.get(slot_class)
        if news is None:
            return self.placed[card]
        turn = self.turns.get(slot_class, 0)
        self.turns[slot_class] = turn + 1
        return news[turn % len(news)]
