"""Invariants over seeded random playouts (ARCHITECTURE.md "Tests that catch rules bugs").

After every step of games with random legal moves, over the presets and random legal decks and
both first leaders: every physical card is in exactly one place; there is a legal move until the
game ends and none after; a clone is equal and independent; ``to_dict`` round-trips and the
restored state plays on identically; replaying the record reproduces the state; ``observe`` holds
nothing the player may not see (RULES.md §10, records.md "A player's view", RULINGS W1–W13); and
``determinize`` gives a full legal state that looks the same to the player and is fair.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from itertools import chain
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import claim
from claim import cards
from claim.records import replay, to_record
from claim.setup import GameConfig, deck_cards, random_factions
from claim.state import State
from claim.view import report

CODE = cards.CODE
HIDDEN = "?"
PRESETS = ("claim", "claim2")


def _config(kind: str, first_leader: int, rng: random.Random) -> GameConfig:
    factions = cards.PRESETS[kind] if kind in cards.PRESETS else random_factions(rng)
    return GameConfig(factions=factions, first_leader=first_leader)


def _game(seed: int) -> claim.State:
    """Game ``seed`` of the plain sweep: the deck kind and first leader cycle with the seed."""
    kind = ("claim", "claim2", "random")[seed % 3]
    config = _config(kind, (seed // 3) % 2, random.Random(seed))
    return claim.new_game(config, seed)


# -------------------------------------------------------------------------------------------------
# What a player is entitled to know, tracked independently of the engine
# -------------------------------------------------------------------------------------------------


class Knowledge:
    """Cards in the other player's Follower deck that a player may identify, by physical id.

    Every prize was face-up when revealed (public); a Seer winner looked at the top card of the
    deck and keeps knowing it (RULINGS W7). Blind draws are known to their drawer only.
    """

    def __init__(self) -> None:
        self.prizes: set[int] = set()
        self.looked: list[set[int]] = [set(), set()]

    def before(self, state: claim.State) -> None:
        """Note what the table shows before the next move."""
        zones = state.zones()
        self.prizes.update(zones.get("prize", []))
        legal = claim.legal_actions(state)
        if "take top" in legal:
            player = claim.current_player(state)
            assert player is not None
            self.looked[player].add(zones["deck"][-1])  # the deck is stored top card last

    def entitled(self, player: int) -> set[int]:
        return self.prizes | self.looked[player]


def _all_cards(state: claim.State) -> list[int]:
    return sorted(chain.from_iterable(state.zones().values()))


def check_conservation(state: claim.State) -> None:
    expected = sorted(deck_cards(state.config.factions))
    assert len(expected) == 52
    assert _all_cards(state) == expected, "a physical card is missing, duplicated or foreign"


def check_legal(state: claim.State) -> None:
    legal = claim.legal_actions(state)
    if claim.is_over(state):
        assert legal == []
        assert claim.current_player(state) is None
        assert isinstance(state.result, dict)
    else:
        assert legal, "no legal move in a game that has not ended"
        assert len(set(legal)) == len(legal), f"repeated legal moves: {legal}"
        assert claim.current_player(state) in (0, 1)
        assert state.result is None


def _codes_in(value: Any) -> Iterator[str]:
    """Every card code written anywhere in a JSON value (also inside move strings)."""
    if isinstance(value, str):
        for token in value.split():
            if cards.is_code(token):
                yield token
    elif isinstance(value, dict):
        for item in value.values():
            yield from _codes_in(item)
    elif isinstance(value, list):
        for item in value:
            yield from _codes_in(item)


#: parts of a view that are public (the same for both players and the omniscient report)
PUBLIC = ("status", "tricks", "discard", "result", "phase", "moon", "troll_pool", "current")


def check_view(
    state: claim.State, player: int, knowledge: Knowledge, view: dict[str, Any] | None = None
) -> None:
    """``observe(state, player)`` (or ``view``, for testing this check) shows exactly what
    ``player`` may know."""
    if view is None:
        view = claim.observe(state, player)
        assert view == report(state, viewer=player)
    full = report(state)
    other = 1 - player
    finished = claim.is_over(state)
    mover = claim.current_player(state)
    assert set(view) == set(full)
    for key in PUBLIC:
        if key in full:
            assert view[key] == full[key], f"public field {key} differs in the view of {player}"
    for p in (0, 1):
        assert view["players"][p]["score"] == full["players"][p]["score"]
        assert view["players"][p].get("gnomes") == full["players"][p].get("gnomes")
    mine = view["players"][player]
    assert mine["hand"] == full["players"][player]["hand"]
    assert mine["followers"] == full["players"][player]["followers"]
    theirs = view["players"][other]
    if finished:
        assert theirs["hand"] == full["players"][other]["hand"]
        assert theirs["followers"] == full["players"][other]["followers"]
    else:
        assert theirs["hand"] == [HIDDEN] * len(state.hands[other]), "the other hand leaks"
        entitled = knowledge.entitled(player)
        assert theirs["followers"] == [
            CODE[c] if c in entitled else HIDDEN for c in state.followers[other]
        ], "the other Follower deck shows a blind draw or hides a prize"
    # the deck: all hidden, except the top card to a Seer winner deciding (W7); never drawn: W9
    deck = [HIDDEN] * len(state.deck)
    looking = mover == player and "take top" in claim.legal_actions(state)
    if looking:
        deck[0] = CODE[state.deck[-1]]
    assert view["deck"] == deck, "the deck leaks"
    assert view.get("out", []) == [HIDDEN] * len(state.out)
    # next: legal only for the player deciding (W10)
    if finished:
        assert view["next"] is None
    else:
        assert view["next"]["player"] == mover
        if mover == player:
            assert view["next"]["legal"] == claim.legal_actions(state)
        else:
            assert "legal" not in view["next"]
    # nothing outside the public zones names a card the player may not identify
    allowed = Counter(CODE[c] for c in state.hands[player])
    allowed.update(CODE[c] for c in state.followers[player])
    allowed.update(CODE[c] for c in state.followers[other] if c in knowledge.entitled(player))
    if looking:
        allowed[CODE[state.deck[-1]]] += 1
    if finished:
        allowed.update(CODE[c] for c in state.hands[other] + state.followers[other])
    private = {k: v for k, v in view.items() if k not in PUBLIC and k != "players"}
    private["players"] = [
        {k: v for k, v in view["players"][p].items() if k not in ("score", "gnomes")}
        for p in (0, 1)
    ]
    legal_codes = Counter(_codes_in(private.get("next")))
    private.pop("next", None)
    seen = Counter(_codes_in(private))
    assert not seen - allowed, f"the view of {player} names cards it may not see: {seen - allowed}"
    # a move string names a card of the chooser's hand or a face-up one (a Gnome to smash)
    public = set(_codes_in([view[k] for k in PUBLIC if k in view]))
    public.update(_codes_in([[q["score"], q.get("gnomes", [])] for q in view["players"]]))
    assert set(legal_codes) <= {CODE[c] for c in state.hands[player]} | public


def check_clone(state: claim.State, rng: random.Random) -> None:
    """A clone is equal and independent of its original."""
    before = state.to_dict()
    copy = state.clone()
    assert copy.to_dict() == before
    light = state.clone(history=False)
    light_dict = light.to_dict()
    assert {k: v for k, v in light_dict.items() if k not in ("history", "moves")} == {
        k: v for k, v in before.items() if k not in ("history", "moves")
    }
    for c in (copy, light):
        assert claim.legal_actions(c) == claim.legal_actions(state)
        for _ in range(3):
            if claim.is_over(c):
                break
            claim.apply(c, rng.choice(claim.legal_actions(c)))
        c.hands[0].append(-1)  # mutate the clone's lists in place
        c.deck.clear()
    assert state.to_dict() == before, "changing a clone changed the original"


def _play_on(state: claim.State, seed: int, steps: int = 1000) -> list[str]:
    rng = random.Random(seed)
    played: list[str] = []
    while not claim.is_over(state) and len(played) < steps:
        move = rng.choice(claim.legal_actions(state))
        claim.apply(state, move)
        played.append(move)
    return played


def check_round_trip(state: claim.State, seed: int) -> None:
    """``to_dict`` round-trips through JSON and the restored state plays on identically."""
    data = state.to_dict()
    stored = json.loads(json.dumps(data))  # what the server stores
    assert stored == data, "to_dict is not plain JSON"
    restored = State.from_dict(stored)
    assert restored.to_dict() == data
    assert claim.legal_actions(restored) == claim.legal_actions(state)
    assert claim.observe(restored, 0) == claim.observe(state, 0)
    original = state.clone()
    moves = _play_on(original, seed)
    assert _play_on(restored, seed) == moves
    assert restored.to_dict() == original.to_dict()


def check_replay(state: claim.State) -> None:
    """Replaying the record of the game so far reproduces the state exactly."""
    record = json.loads(json.dumps(to_record(state)))
    assert replay(record).to_dict() == state.to_dict()


def check_determinize(state: claim.State, player: int, seed: int) -> None:
    """A determinization is a full legal state that looks the same to the player, and is fair."""
    view = claim.observe(state, player)
    first = claim.determinize(state, player, random.Random(seed))
    second = claim.determinize(state, player, random.Random(seed + 1))
    again = claim.determinize(state, player, random.Random(seed))
    assert again.to_dict() == first.to_dict(), "determinize is not a function of its rng"
    for d in (first, second):
        check_conservation(d)
        check_legal(d)
        assert claim.observe(d, player) == view
        if claim.current_player(state) == player:
            assert claim.legal_actions(d) == claim.legal_actions(state)
    # the original is untouched
    assert claim.observe(state, player) == view
    # fairness: two states that look the same to the player give the same determinization
    assert (
        claim.determinize(first, player, random.Random(seed + 7)).to_dict()
        == claim.determinize(second, player, random.Random(seed + 7)).to_dict()
    )
    # a determinization is a full state: it plays to the end keeping every card
    _play_on(first, seed)
    check_conservation(first)
    check_legal(first)
    assert claim.is_over(first)


# -------------------------------------------------------------------------------------------------
# Playouts
# -------------------------------------------------------------------------------------------------


def full_playout(state: claim.State, seed: int, expensive_every: int = 1) -> int:
    """Play a game with random legal moves, checking every invariant after each step."""
    rng = random.Random(seed)
    knowledge = Knowledge()
    steps = 0
    while True:
        check_conservation(state)
        check_legal(state)
        knowledge.before(state)
        for p in (0, 1):
            check_view(state, p, knowledge)
        if steps % expensive_every == 0:
            check_clone(state, random.Random(seed + steps))
            check_round_trip(state, seed + steps)
            check_replay(state)
            check_determinize(state, steps % 2, seed + steps)
        if claim.is_over(state):
            return steps
        claim.apply(state, rng.choice(claim.legal_actions(state)))
        steps += 1


@settings(
    max_examples=60,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    kind=st.sampled_from(("claim", "claim2", "random")),
    first_leader=st.sampled_from((0, 1)),
)
def test_invariants_hold_after_every_step(seed: int, kind: str, first_leader: int) -> None:
    state = claim.new_game(_config(kind, first_leader, random.Random(seed)), seed)
    assert state.config.first_leader == first_leader
    steps = full_playout(state, seed)
    assert steps >= 52  # at least two moves for each of the 26 tricks
    assert len(state.history) >= 26


def test_invariants_over_many_games() -> None:
    """2000 games: cheap checks every step; every invariant on every step of one game in 40."""
    firsts: Counter[int] = Counter()
    kinds: Counter[tuple[str, ...]] = Counter()
    finished = 0
    for seed in range(2000):
        state = _game(seed)
        firsts[state.config.first_leader] += 1
        kinds[state.config.factions] += 1
        if seed % 40 == 0:
            full_playout(state, seed, expensive_every=1 if seed % 80 == 0 else 5)
        else:
            rng = random.Random(seed)
            while not claim.is_over(state):
                check_conservation(state)
                legal = claim.legal_actions(state)
                assert legal, f"game {seed}: no legal move before the end"
                claim.apply(state, rng.choice(legal))
            check_conservation(state)
            assert claim.legal_actions(state) == []
        assert state.result is not None and state.result["winner"] in (0, 1, None)
        assert set(state.result["votes"]) == set(state.config.factions)
        finished += 1
    assert finished == 2000
    assert firsts[0] > 900 and firsts[1] > 900
    assert len(kinds) > 10  # the random decks vary


def test_random_factions_are_legal_and_varied() -> None:
    decks = {random_factions(random.Random(seed)) for seed in range(300)}
    assert len(decks) > 20
    for factions in decks:
        assert len(set(factions)) == 5
        assert len(deck_cards(factions)) == 52
        GameConfig(factions=factions)  # accepted


def test_determinize_hides_only_what_the_player_cannot_see() -> None:
    """At the deal: the other hand and the deck below the prize are re-dealt, nothing else."""
    for seed in range(30):
        state = _game(seed)
        for player in (0, 1):
            d = claim.determinize(state, player, random.Random(seed))
            assert sorted(d.hands[player]) == sorted(state.hands[player])
            assert d.zones()["prize"] == state.zones()["prize"]  # the prize is face-up
            hidden = sorted(state.hands[1 - player] + state.deck)
            assert sorted(d.hands[1 - player] + d.deck) == hidden
    # with many rngs the other hand really is re-dealt
    state = _game(1)
    hands = {
        tuple(sorted(CODE[c] for c in claim.determinize(state, 0, random.Random(k)).hands[1]))
        for k in range(20)
    }
    assert len(hands) == 20


def _deal_record(state: claim.State) -> dict[str, Any]:
    record = to_record(state)
    assert record["moves"] == []
    return record


def test_determinize_is_fair_between_different_true_deals() -> None:
    """Two true games that look the same to player 0 (only the other hand and the hidden deck
    differ, and the seeds) must give the same determinization for the same rng: nothing of the
    true game may survive in it, or a search bot could read the hidden cards (ARCHITECTURE 7)."""
    state = claim.new_game(GameConfig(), 11)
    record = _deal_record(state)
    other = json.loads(json.dumps(record))
    hand1, deck = other["deal"]["hands"][1], other["deal"]["deck"]
    i = next(i for i, c in enumerate(hand1) if c != deck[1])
    hand1[i], deck[1] = deck[1], hand1[i]  # the prize (deck[0]) is public; deck[1] is not
    hand1.reverse()
    other["seed"] = 12
    twin = replay(other)
    assert twin.to_dict()["deal"] != state.to_dict()["deal"]
    assert claim.observe(twin, 0) == claim.observe(state, 0)
    d1 = claim.determinize(state, 0, random.Random(5)).to_dict()
    d2 = claim.determinize(twin, 0, random.Random(5)).to_dict()
    differing = sorted(k for k in d1 if d1[k] != d2.get(k))
    assert d1 == d2, f"the determinization keeps parts of the true game: {differing}"


def _leaky(view: dict[str, Any], change: Any) -> dict[str, Any]:
    doctored = json.loads(json.dumps(view))
    change(doctored)
    return doctored


def test_the_view_check_catches_leaks() -> None:
    """check_view itself: a view showing a hidden card, or hiding a public one, fails it."""
    state = claim.new_game(GameConfig(), 3)
    rng = random.Random(3)
    knowledge = Knowledge()
    while len(state.history) < 4:  # both players have blind draws and prizes now
        knowledge.before(state)
        claim.apply(state, rng.choice(claim.legal_actions(state)))
    knowledge.before(state)
    player, other = 0, 1
    view = claim.observe(state, player)
    check_view(state, player, knowledge, view)  # the real view passes
    hand = CODE[state.hands[other][0]]
    blind = next(c for c in state.followers[other] if c not in knowledge.prizes)
    blind_at = state.followers[other].index(blind)
    prize_at = next(i for i, c in enumerate(state.followers[other]) if c in knowledge.prizes)
    changes = [
        lambda v: v["players"][other]["hand"].__setitem__(0, hand),
        lambda v: v["deck"].__setitem__(3, CODE[state.deck[-4]]),
        lambda v: v["players"][other]["followers"].__setitem__(blind_at, CODE[blind]),
        lambda v: v["players"][other]["followers"].__setitem__(prize_at, HIDDEN),
        lambda v: v["next"].__setitem__("legal", ["play " + hand]),
        lambda v: v.__setitem__("secret", {"cards": [hand]}),
    ]
    for change in changes:
        with pytest.raises(AssertionError):
            check_view(state, player, knowledge, _leaky(view, change))
