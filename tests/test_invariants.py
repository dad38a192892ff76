"""Invariants over seeded random playouts (ARCHITECTURE.md "Tests that catch rules bugs").

After every step of games with random legal moves, over the presets and random legal decks drawn
from every playable faction (the base boxes and the Reinforcements), and both first leaders: every
physical card of the game (``setup.game_cards``: the unused Shadows, the Toxics and the Fire
Phoenix pile included) is in exactly one place; there is a legal move until the game ends and none
after, never the same one twice; a clone is equal and independent; ``to_dict`` round-trips and the
restored state plays on identically; replaying the record reproduces the state; ``observe`` shows
exactly what the player may know (RULES.md §10, records.md "A player's view", RULINGS W1–W13,
V15), checked against knowledge tracked here independently of the engine; and ``determinize``
gives a full legal state that looks the same to the player, plays on, and is fair.
"""

from __future__ import annotations

import json
import marshal
import random
from collections import Counter
from collections.abc import Callable, Iterator
from itertools import chain
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import claim
from claim.core import cards
from claim.core.cards import PUBLIC_NAME
from claim.core.positions import load_position
from claim.core.records import replay, to_record
from claim.core.setup import GameConfig, deck_cards, game_cards, playable_factions, random_factions
from claim.core.view import report

CODE = cards.CODE
FACTION = cards.FACTION
VALUE = cards.VALUE
HIDDEN = "?"
PRESETS = ("claim", "claim2")
#: factions whose values are hidden, even from their holder, until both cards of a trick are down
VALUE_HIDDEN = ("demons", "fire-elementals")


def _config(kind: str, first_leader: int, rng: random.Random, heroes: int = 0) -> GameConfig:
    factions = cards.PRESETS[kind] if kind in cards.PRESETS else random_factions(rng)
    chosen = tuple(rng.sample(cards.HEROES, heroes))
    return GameConfig(factions=factions, first_leader=first_leader, heroes=chosen)


def _game(seed: int) -> claim.State:
    """Game ``seed`` of the plain sweep: the deck kind and first leader cycle with the seed."""
    kind = ("claim", "claim2", "random")[seed % 3]
    config = _config(kind, (seed // 3) % 2, random.Random(seed))
    return claim.new_game(config, seed)


def _pairs() -> list[tuple[str, str]]:
    """The playable pairs of factions (§1.1)."""
    found = {
        tuple(info.pair.split("+"))
        for info in cards.FACTIONS.values()
        if info.pair and all(f in playable_factions() for f in info.pair.split("+"))
    }
    return sorted(found)  # type: ignore[arg-type]


def _singles() -> list[str]:
    return sorted(
        n for n, info in cards.FACTIONS.items() if not info.pair and n in playable_factions()
    )


def _deck_with(faction: str, rng: random.Random) -> tuple[str, ...]:
    """A random legal deck of playable factions that contains ``faction``."""
    pairs, singles = _pairs(), _singles()
    pair = next((p for p in pairs if faction in p), None)
    if pair is not None:
        return (*pair, *rng.sample(singles, 3))
    others = [s for s in singles if s != faction]
    return (*rng.choice(pairs), faction, *rng.sample(others, 2))


# -------------------------------------------------------------------------------------------------
# What a player is entitled to know, tracked independently of the engine
# -------------------------------------------------------------------------------------------------


def partial_name(card: int) -> str:
    """How a card is named where its value is not public (R-30, W1): a Demon by parity, a Fire
    Elemental by band (high 5–9, low 0–4), a Trickster by printed value (never the fake mark)."""
    faction = FACTION[card]
    if faction == "demons":
        return "demons:" + ("odd" if VALUE[card] % 2 else "even")
    if faction == "fire-elementals":
        return "fire-elementals:" + ("high" if VALUE[card] >= 5 else "low")
    if faction == "tricksters":
        return f"tricksters:{VALUE[card]}"
    return CODE[card]


class Knowledge:
    """What the players may identify, by physical id, learnt from watching the game.

    Every prize was face-up when revealed (public); a Seer winner looked at the top card of the
    deck and keeps knowing it (W7); blind draws are known to their drawer only. A Demon's or Fire
    Elemental's value is public once both cards of a trick it is in are down (W2), never from
    being a prize (W4). A player knows the Toxics they peeked at (``peek N`` moves). A card that
    was ever in a Vampire stack lay face-up, so it stays public when R-20 sends it out of the game.
    """

    def __init__(self) -> None:
        self.prizes: set[int] = set()
        self.looked: list[set[int]] = [set(), set()]
        self.peeked: list[set[int]] = [set(), set()]  # Toxic positions, 1-3
        self.stacked: set[int] = set()
        self.values: set[int] = set()  # cards whose value was shown in a trick
        self._tricks = 0
        self.events: Counter[str] = Counter()  # what the game exercised, for coverage
        self.shown: set[int] = set()  # cards taken from the deck under a Prowler's Torch (W6)
        self._deck: list[int] = []
        self._torch = False

    def before(self, state: claim.State) -> None:
        """Note what the table shows before the next move (and at the end)."""
        zones = state.zones()
        self.prizes.update(zones.get("prize", []))
        # W6: a card that left the deck while a Prowler's Torch burned was shown to both players
        if self._torch:
            self.shown.update(set(self._deck) - set(state.deck))
        self._deck = list(state.deck)
        self._torch = state.counters.get("prowlers-torch", 0) > 0
        for p in (0, 1):
            self.stacked.update(state.vampire[p])
            self.stacked.update(state.tucked[p])
        for record in state.history[self._tricks :]:
            self.values.update(card for _, card, _, _ in record[4])
        self._tricks = len(state.history)
        trick = state.trick
        if trick is not None and len(trick.plays) == 2:
            self.values.update(card for _, card in trick.plays)
        # H20: the Cube bundle lies face-up on the table; whoever collects it, both know it
        self.prizes.update(state.table)
        if state.result is None and "take top" in claim.legal_actions(state):
            player = claim.current_player(state)
            assert player is not None
            self.looked[player].add(zones["deck"][-1])  # the deck is stored top card last
            self.events["seer look"] += 1

    def move(self, state: claim.State, move: str) -> None:
        """Note what a move tells its player (a peek) before it is applied."""
        verb = move.split()[0]
        self.events[verb] += 1
        if verb == "peek":
            player = claim.current_player(state)
            assert player is not None
            self.peeked[player].add(int(move.split()[1]))
        if move == "use kings-dagger":
            # W5: the daggered card is public, a Demon's value included
            trick = state.trick
            assert trick is not None
            self.values.add(trick.plays[state.tasks[0][2]][1])
        if verb == "use":
            self.events[move.split()[1]] += 1

    def entitled(self, player: int) -> set[int]:
        """The cards of the other Follower deck that ``player`` may identify."""
        return self.prizes | self.looked[player] | self.shown


def _all_cards(state: claim.State) -> list[int]:
    return sorted(chain.from_iterable(state.zones().values()))


def check_conservation(state: claim.State) -> None:
    """Every physical card of the game is in exactly one place of ``zones()``."""
    factions = state.config.factions
    heroes = state.config.heroes
    expected = sorted(game_cards(factions, heroes))
    size = 52 + 10 * ("shadows" in factions)
    assert len(deck_cards(factions)) == size
    extras = 14 * ("poisoners" in factions) + 10 * ("phoenixes" in factions) + len(heroes)
    assert len(expected) == size + extras
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
    """Every card code written anywhere in a JSON value (also inside move strings), in the
    order written. A walk with a stack, not nested generators: the sweeps call it at every
    step."""
    is_code = cards.IDS_BY_CODE.__contains__
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if ":" in item:  # every code has one; most strings of a view (reasons…) do not
                yield from filter(is_code, item.split())
        elif isinstance(item, dict):
            stack.extend(reversed(item.values()))
        elif isinstance(item, list):
            stack.extend(reversed(item))


#: the top-level fields of a view; a new field must be taught to expected_view before it passes
VIEW_FIELDS = {
    "status",
    "tricks",
    "players",
    "deck",
    "discard",
    "next",
    "result",
    "phase",
    "moon",
    "troll_pool",
    "fire_phoenix",
    "toxics",
    "out",
    "current",
    "table",
    "heroes",
    "setting",
    "building",
    "counters",
    "artifacts",
    "factions",
    "first_leader",
    "decision",
    "choosing",
}
#: the decisions about one card of the trick, found by its place in the engine's plays (issue 36):
#: the card whose power asks, the card a King's Dagger may take, the card just played
ABOUT_A_PLAY = frozenset(
    {"seer", "smash", "peek", "skeleton", "discard", "steal", "dinosaur", "give"}
    | {"art:dagger", "art:played"}
)
#: the R-62 choices: the locations' count the cards left to choose; Cthulhu's discard is one each
CHOICES_LEFT = frozenset({"endless-sands", "windy-peaks", "swamp", "tavern"})
CHOICES = CHOICES_LEFT | {"discard"}
#: the automatic tasks carrying out R-62 choices that go to the discard pile (Swamp, Cthulhu)
DISCARDING = frozenset({"!swamp", "!discard"})
PLAYER_FIELDS = {
    "hand",
    "followers",
    "score",
    "gnomes",
    "vampire",
    "tucked",
    "peeked",
    "chosen",
    "artifacts",
    "used_artifacts",
    "aside",
}


def expected_view(
    state: claim.State, player: int, knowledge: Knowledge, full: dict[str, Any] | None = None
) -> dict[str, Any]:
    """The view of ``player`` built from ``knowledge``, independently of the engine's naming: the
    shape (and what names no card: values, winners, reasons, result) comes from the omniscient
    report ``full``, every card is named here."""
    full = full if full is not None else report(state)
    assert set(full) <= VIEW_FIELDS, f"a new view field needs a rule: {set(full) - VIEW_FIELDS}"
    finished = state.result is not None

    def public(card: int) -> str:
        """A face-up card: W1 (Tricksters by printed value), W2/W4 (hidden values)."""
        if finished or (FACTION[card] in VALUE_HIDDEN and card in knowledge.values):
            return CODE[card]
        return partial_name(card)

    def publics(ids: list[int]) -> list[str]:
        return [public(c) for c in ids]

    expected = dict(full)
    players = []
    for p in (0, 1):
        assert set(full["players"][p]) <= PLAYER_FIELDS
        if p == player or finished:
            hand = publics(state.hands[p])
            followers = publics(state.followers[p])
        else:
            # W13; W8: a choice not yet carried out still shows as a card in the hand
            from_hand = sum(1 for c in state.chosen[p] if c not in state.chosen_at)
            hand = [HIDDEN] * (len(state.hands[p]) + from_hand)
            entitled = knowledge.entitled(player)
            followers = [public(c) if c in entitled else HIDDEN for c in state.followers[p]]
        score = list(state.score[p])
        if p != player and state.chosen[p]:
            # W8: the other's Tavern picks still lie at their places in the Score pile
            for card in reversed(state.chosen[p]):
                if card in state.chosen_at:
                    score.insert(state.chosen_at[card], card)
        entry: dict[str, Any] = {
            "hand": hand,
            "followers": followers,
            "score": publics(score),
            "gnomes": publics(state.faceup[p]),
            # V15: the Vampire stack is public, beside the Score pile
            "vampire": public(state.vampire[p][0]) if state.vampire[p] else None,
            "tucked": publics(state.tucked[p]),
        }
        if p == player:
            entry["peeked"] = sorted(knowledge.peeked[p])
            if state.chosen[p]:
                entry["chosen"] = publics(state.chosen[p])  # W8: the chooser sees their choice
        if state.config.artifacts:  # §8: unused artifacts are secret from the other player
            unused = state.artifacts[p]
            entry["artifacts"] = list(unused) if p == player or finished else [HIDDEN] * len(unused)
            entry["used_artifacts"] = list(state.used_artifacts[p])
        if state.aside[p]:  # A5: the Flail card lies face-down
            aside = state.aside[p]
            entry["aside"] = publics(aside) if p == player or finished else [HIDDEN] * len(aside)
        players.append(entry)
    expected["players"] = players

    tricks = []
    for record, written in zip(state.history, full["tricks"], strict=True):
        _, _, _, prize, plays, _, _ = record
        trick = dict(written)
        trick["prize"] = public(prize) if prize >= 0 else None
        if "prizes" in written:  # L6: an Islands trick's two face-up prizes, public
            index = len(tricks)
            trick["prizes"] = [public(c) for c in state.history_prizes[index]]
        trick["plays"] = [
            {**w, "card": public(card)}
            for (_, card, _, _), w in zip(plays, written["plays"], strict=True)
        ]
        used = state.history_artifacts.get(len(tricks), ())
        assert ("artifacts" in written) == bool(used)
        if used:
            trick.update(_artifact_fields(used, public))
        tricks.append(trick)
    expected["tricks"] = tricks

    # the deck: all hidden, except the top card to a Seer winner deciding (W7); never drawn: W9
    deck = [HIDDEN] * len(state.deck)
    mover = claim.current_player(state)
    if mover == player and "take top" in claim.legal_actions(state):
        deck[0] = public(state.deck[-1])
    expected["deck"] = deck
    discard = list(state.discard)
    if not finished and state.chosen[player] and any(t[0] in DISCARDING for t in state.tasks):
        discard += state.chosen[player]  # W8: the chooser sees their own discards made
    expected["discard"] = publics(discard)
    expected["troll_pool"] = publics(state.troll_pool)
    expected["fire_phoenix"] = [HIDDEN] * len(state.fire_phoenix)  # W9: even when finished
    expected["toxics"] = [
        CODE[c] if finished or i + 1 in knowledge.peeked[player] else HIDDEN
        for i, c in enumerate(state.toxics)
    ]
    # out of the game: unseen ("?": removed Shadows and Toxics, the cards the heroes replaced,
    # Cthulhu's) unless it left face-up
    expected["out"] = [public(c) if c in knowledge.stacked else HIDDEN for c in state.out]
    if state.table:
        expected["table"] = publics(state.table)  # H20
    config = state.config
    if config.setting:
        expected["setting"] = config.setting
    if config.building:
        expected["building"] = config.building
    counters = {k: v for k, v in state.counters.items() if k != "end-step"}
    if counters:
        expected["counters"] = counters  # public tallies of the locations
    # §2: the setup is public, the same for every viewer from the first move
    expected["factions"] = list(config.factions)
    expected["first_leader"] = config.first_leader
    if config.artifacts:  # §2 step 5: the pool and the count are public, who holds which is not
        expected["artifacts"] = {"pool": list(config.artifact_pool), "count": 3}
    if config.heroes:  # §2 step 3: the count and the pool are public, the heroes dealt are not
        values = dict(config.hero_values)
        expected["heroes"] = {
            "count": len(config.heroes),
            "pool": list(config.hero_pool),
            "values": {h: values.get(h, cards.HERO_VALUES[h]) for h in config.hero_pool},
        }
    if finished:
        expected["next"] = None
    else:
        expected["next"] = {"player": mover}
        if mover == player:  # W10
            expected["next"]["legal"] = claim.legal_actions(state)
    trick = state.trick
    face_down = False  # the lead lies face-down for the player (W3)
    if trick is not None and not finished:
        current = dict(full["current"])
        current["prize"] = public(trick.prize) if trick.prize >= 0 else None
        plays = [(p, c, d) for (p, c), d in zip(trick.plays, trick.declared, strict=True)]
        if trick.swapped:  # W18, H25: the cards as played, the Jester's swap undone
            (p0, c0, d0), (p1, c1, d1) = plays
            plays = [(p0, c1, d1), (p1, c0, d0)]
        current["plays"] = [
            {"player": p, "card": public(c), **({"as": d} if d else {})} for p, c, d in plays
        ]
        masked = trick.marks.get("masked") and not trick.marks.get("book")
        face_down = bool(masked and len(trick.plays) == 1 and player != trick.leader)
        if face_down:
            current["plays"] = [{"player": trick.leader, "card": HIDDEN}]  # W3: face-down
        assert ("artifacts" in full["current"]) == bool(trick.used)
        if trick.used:
            current.update(_artifact_fields(tuple(trick.used), public))
        expected["current"] = current
    else:
        assert "current" not in full
    expected.pop("decision", None)  # the omniscient report's: the asked player's only
    if not finished and mover == player:
        # issue 36: the decision asked, in the asked player's view only
        expected["decision"] = _expected_decision(state, public, face_down)
    choosing = [t[0][1:] for t in state.tasks if t[0][0] == "!" and t[0][1:] in CHOICES]
    if choosing:  # R-62, W8: how many each has chosen is public, which cards is not
        chosen = [len(state.chosen[0]), len(state.chosen[1])]
        expected["choosing"] = {"kind": choosing[0], "chosen": chosen}
    return expected


def _expected_decision(
    state: claim.State, public: Callable[[int], str], face_down: bool
) -> dict[str, Any]:
    """The decision the engine waits on (issue 36): a card to lead or to follow (about the card
    led), or the first task's kind, about the card at its place in the trick's plays or with
    the cards left to choose; a face-down lead is ``"?"`` (W3)."""
    trick = state.trick
    plays = trick.plays if trick is not None else []

    def card(pos: int) -> str:
        return HIDDEN if face_down and pos == 0 else public(plays[pos][1])

    if not state.tasks:
        return {"kind": "follow", "about": card(0)} if plays else {"kind": "lead"}
    kind, _, data = state.tasks[0]
    decision: dict[str, Any] = {"kind": kind}
    if kind in ABOUT_A_PLAY and data < len(plays):
        decision["about"] = card(data)
    elif kind in CHOICES_LEFT:
        decision["left"] = data
    return decision


def _artifact_fields(
    used: tuple[tuple[int, str, str], ...], public: Callable[[int], str]
) -> dict[str, Any]:
    """A trick's artifact fields (A25, A41): the names used, the daggered cards (public, W5)."""
    fields: dict[str, Any] = {"artifacts": [name for _, name, _ in used]}
    daggered = [detail for _, name, detail in used if name == "kings-dagger"]
    if daggered:
        ids = [cards.IDS_BY_CODE[code][0] for code in daggered]
        fields["daggered"] = [
            code if FACTION[i] in VALUE_HIDDEN else public(i)
            for code, i in zip(daggered, ids, strict=True)
        ]
    return fields


def check_view(
    state: claim.State,
    player: int,
    knowledge: Knowledge,
    view: dict[str, Any] | None = None,
    full: dict[str, Any] | None = None,
) -> None:
    """``observe(state, player)`` (or ``view``, for testing this check) shows exactly what
    ``player`` may know; ``full`` is the omniscient report, when the caller has it."""
    if view is None:
        view = claim.observe(state, player)
    expected = expected_view(state, player, knowledge, full)
    if view != expected:
        differing = sorted(k for k in set(view) | set(expected) if view.get(k) != expected.get(k))
        detail = {k: (view.get(k), expected.get(k)) for k in differing}
        raise AssertionError(f"the view of {player} is wrong in {differing}: {detail}")
    # a move string names a card only as precisely as its chooser sees it (W12)
    legal = (view["next"] or {}).get("legal", [])
    # W12: the Wishing Lamp names any card of the game's public composition
    legal = [m for m in legal if not m.startswith("use wishing-lamp ")]
    named = set(_codes_in(legal))
    hand = view["players"][player].get("hand", [])
    if named - set(hand):  # most moves name cards of the hand: then no walk of the whole view
        visible = set(_codes_in({k: v for k, v in expected.items() if k != "next"}))
        assert named <= visible, f"a legal move names an unseen card: {legal}"


def check_clone(state: claim.State, rng: random.Random) -> None:
    """A clone is equal and independent of its original."""
    before = state.to_dict()
    copy = state.clone()
    assert copy.to_dict() == before
    light = state.clone(history=False)
    light_dict = light.to_dict()
    assert {
        k: v
        for k, v in light_dict.items()
        if k not in ("history", "history_prizes", "history_artifacts", "moves")
    } == {
        k: v
        for k, v in before.items()
        if k not in ("history", "history_prizes", "history_artifacts", "moves")
    }
    for c in (copy, light):
        assert claim.legal_actions(c) == claim.legal_actions(state)
        for _ in range(3):
            if claim.is_over(c):
                break
            claim.apply(c, rng.choice(claim.legal_actions(c)))
        for zone in c.zones().values():  # mutate every list of the clone in place
            zone.append(-1)
        c.peeked[0].add(-1)
        c.value_known.add(-1)
        c.revealed.add(-1)
        c.public_out.add(-1)
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
    restored = load_position(stored)
    assert restored.to_dict() == data
    assert claim.legal_actions(restored) == claim.legal_actions(state)
    for p in (0, 1):
        assert claim.observe(restored, p) == claim.observe(state, p)
    original = state.clone()
    moves = _play_on(original, seed)
    assert _play_on(restored, seed) == moves
    assert restored.to_dict() == original.to_dict()


def check_replay(state: claim.State) -> None:
    """Replaying the record of the game so far reproduces the state exactly."""
    record = json.loads(json.dumps(to_record(state)))
    assert replay(record).to_dict() == state.to_dict()


def check_determinize(state: claim.State, player: int, seed: int) -> None:
    """A determinization is a full legal state that looks the same to the player (hidden slots
    stay hidden, partly seen cards keep their partial names), plays on, and is fair."""
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
        data = d.to_dict()
        assert load_position(json.loads(json.dumps(data))).to_dict() == data
    # the original is untouched
    assert claim.observe(state, player) == view
    # fairness: two states that look the same to the player give the same determinization
    assert (
        claim.determinize(first, player, random.Random(5)).to_dict()
        == claim.determinize(second, player, random.Random(5)).to_dict()
    )
    # a determinization is a full state: it plays to the end keeping every card
    _play_on(first, seed)
    check_conservation(first)
    check_legal(first)
    assert claim.is_over(first)


# -------------------------------------------------------------------------------------------------
# Playouts
# -------------------------------------------------------------------------------------------------


def full_playout(
    state: claim.State, seed: int, expensive_every: int = 1, knowledge: Knowledge | None = None
) -> int:
    """Play a game with random legal moves: the cheap invariants (cards, legal moves, both
    views) after every step, the expensive ones (clone, round trip, replay, determinize) after
    one step in ``expensive_every``."""
    rng = random.Random(seed)
    knowledge = knowledge if knowledge is not None else Knowledge()
    steps = 0
    while True:
        check_conservation(state)
        check_legal(state)
        knowledge.before(state)
        full = report(state)
        for p in (0, 1):
            check_view(state, p, knowledge, full=full)
        if steps % expensive_every == 0 or claim.is_over(state):
            check_clone(state, random.Random(seed + steps))
            check_round_trip(state, seed + steps)
            check_replay(state)
            check_determinize(state, steps % 2, seed + steps)
        if claim.is_over(state):
            return steps
        move = rng.choice(claim.legal_actions(state))
        knowledge.move(state, move)
        claim.apply(state, move)
        steps += 1


@pytest.mark.compiled_only
@settings(
    max_examples=25,
    deadline=None,
    database=None,
    phases=(Phase.explicit, Phase.generate),  # shrinking a seed only costs minutes: no shrink
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
    steps = full_playout(state, seed, expensive_every=2 if kind in PRESETS else 4)
    assert steps >= 2 * len(state.history)  # at least two moves for each trick
    assert len(state.history) >= 20


#: the games of each long sweep, and the chunks it is cut into: game ``seed`` goes to chunk
#: ``seed % CHUNKS``, so each chunk is a spread of the whole sweep (every kind of deck, every
#: Setting with every Building), and the chunks run in parallel under pytest-xdist (``make
#: unit``: ``-n auto``). Each chunk must meet the sweep's coverage checks on its own — stricter
#: than the whole sweep meeting them once.
SWEEP = 2000
CHUNKS = 4


def _sweep(chunk: int) -> range:
    """The seeds of one chunk of a long sweep."""
    return range(chunk, SWEEP, CHUNKS)


@pytest.mark.compiled_only
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_invariants_over_many_games(chunk: int) -> None:
    """2000 games (:data:`CHUNKS` chunks): cards and legal moves every step; both views every
    step of one game in 20; every invariant after every step of one game in 50, the expensive
    ones after every second step (one game in 200) or every eighth."""
    events: Counter[str] = Counter()
    firsts: Counter[int] = Counter()
    kinds: Counter[tuple[str, ...]] = Counter()
    factions: Counter[str] = Counter()
    finished = 0
    for seed in _sweep(chunk):
        state = _game(seed)
        firsts[state.config.first_leader] += 1
        kinds[state.config.factions] += 1
        factions.update(state.config.factions)
        if seed % 50 == 0:
            full_playout(state, seed, expensive_every=2 if seed % 200 == 0 else 8)
        else:
            light_playout(state, seed, views=seed % 20 == 1, note=_decision_events, events=events)
        assert state.result is not None and state.result["winner"] in (0, 1, None)
        assert set(state.result["votes"]) == set(state.config.factions)
        finished += 1
    assert finished == SWEEP // CHUNKS
    # the leader cycles every 6 seeds and a chunk takes every 4th: 2 to 1 within a chunk, even
    # over the whole sweep
    assert min(firsts[0], firsts[1]) > finished // 4
    assert len(kinds) > 10  # the random decks vary
    assert set(factions) == set(playable_factions())  # every playable faction was dealt


#: a rough count of the games each playable faction gets in the per-faction sweep
GAMES_PER_FACTION = 10

#: a game of the per-component sweeps: its setup, its seed (of the deal and of the random
#: moves) and how often the expensive invariants are checked in it
SweepGame = tuple[GameConfig, int, int]


def every_faction_games() -> list[SweepGame]:
    """The games of :func:`test_invariants_for_every_playable_faction` (tests/test_native.py
    plays them on both builds of the core)."""
    games = []
    for index, faction in enumerate(sorted(playable_factions())):
        for k in range(GAMES_PER_FACTION):
            seed = 10_000 + 100 * index + k
            factions = _deck_with(faction, random.Random(seed))
            games.append((GameConfig(factions=factions, first_leader=k % 2), seed, 13 + k % 5))
    return games


def every_hero_games() -> list[SweepGame]:
    """The games of :func:`test_invariants_for_every_hero`: each hero with four others."""
    games = []
    for index, hero in enumerate(cards.HEROES):
        for k in range(3):
            seed = 20_000 + 10 * index + k
            rng = random.Random(seed)
            others = [h for h in cards.HEROES if h != hero]
            heroes = (hero, *rng.sample(others, 4))
            factions = _deck_with(rng.choice(_singles()), rng)
            games.append((GameConfig(factions, k % 2, heroes), seed, 7 + k))
    return games


def every_artifact_games() -> list[SweepGame]:
    """The games of :func:`test_invariants_for_every_artifact`: player 0 holds each artifact."""
    games = []
    for index, name in enumerate(cards.ARTIFACTS):
        for k in range(2):
            seed = 30_000 + 10 * index + k
            games.append((_artifact_config(seed, first=name), seed, 7 + k))
    return games


@pytest.mark.compiled_only
def test_invariants_for_every_playable_faction() -> None:
    """For each playable faction, games whose deck holds it, every invariant checked (the
    expensive ones on a sample of steps); the factions' hidden-information features are
    exercised: Seer looks, peeks, Vampire stacks, Demons and Fire Elementals in hand and revealed,
    Tricksters, unused Shadows and Toxics out of the game, the Fire Phoenix pile."""
    events: Counter[str] = Counter()
    games: Counter[str] = Counter()
    for config, seed, expensive_every in every_faction_games():
        state = claim.new_game(config, seed)
        knowledge = Knowledge()
        full_playout(state, seed, expensive_every=expensive_every, knowledge=knowledge)
        games.update(config.factions)
        events.update(knowledge.events)
        events["games"] += 1
        events["value known"] += sum(FACTION[c] in VALUE_HIDDEN for c in knowledge.values)
        events["stacked"] += len(knowledge.stacked)
        events["stack out"] += len(knowledge.stacked & set(state.out))
        events["unused out"] += len(set(state.out) - knowledge.stacked)
        events["fire phoenix left"] += len(state.fire_phoenix)
    assert events["games"] == GAMES_PER_FACTION * len(playable_factions())
    assert all(games[f] >= GAMES_PER_FACTION for f in playable_factions())
    expected = {
        "seers": ("seer look",),
        "poisoners": ("peek", "unused out"),
        "vampires": ("crown", "tuck", "stacked"),
        "demons": ("value known",),
        "fire-elementals": ("value known",),
        "shadows": ("unused out",),
        "giants": ("smash",),
        "phoenixes": ("fire phoenix left",),
    }
    for faction, needed in expected.items():
        if faction in playable_factions():
            for event in needed:
                assert events[event] > 0, f"{faction}: no {event} in {GAMES_PER_FACTION} games"


def test_random_factions_are_legal_and_varied() -> None:
    decks = {random_factions(random.Random(seed)) for seed in range(300)}
    assert len(decks) > 20
    for factions in decks:
        assert len(set(factions)) == 5
        assert len(deck_cards(factions)) == 52 + 10 * ("shadows" in factions)
        GameConfig(factions=factions)  # accepted
    assert set(chain.from_iterable(decks)) == set(playable_factions())


def test_public_names_are_what_a_holder_sees() -> None:
    """The engine's names for value-hidden cards (R-30, W1) agree with the rules."""
    assert [partial_name(c) for c in range(cards.NUM_CARDS)] == PUBLIC_NAME
    assert partial_name(cards.IDS_BY_CODE["demons:7"][0]) == "demons:odd"
    assert partial_name(cards.IDS_BY_CODE["fire-elementals:4"][0]) == "fire-elementals:low"
    assert partial_name(cards.IDS_BY_CODE["tricksters:5x"][0]) == "tricksters:5"


def test_determinize_hides_only_what_the_player_cannot_see() -> None:
    """At the deal: the other hand and the deck below the prize are re-dealt, nothing else."""
    for seed in range(30):
        state = _game(seed)
        for player in (0, 1):
            d = claim.determinize(state, player, random.Random(seed))
            assert [partial_name(c) for c in d.hands[player]] == [
                partial_name(c) for c in state.hands[player]
            ]
            # the prize is face-up (a Trickster prize: real or fake is unknown)
            prize = [partial_name(c) for c in state.zones()["prize"]]
            assert [partial_name(c) for c in d.zones()["prize"]] == prize

            # the unseen cards (hands, deck, out of the game, Toxics) are re-dealt among
            # themselves: an unused Shadow may swap with one in a hand, an unpeeked Toxic with an
            # unused one, a Demon in the own hand with one of the same parity elsewhere
            def unseen(s: claim.State) -> list[int]:
                table = s.zones()["prize"]  # a Trickster prize: real or fake is unknown
                return sorted(s.hands[0] + s.hands[1] + s.deck + s.out + s.toxics + table)

            assert unseen(d) == unseen(state)
            assert sorted(d.fire_phoenix) == sorted(state.fire_phoenix)
            assert [FACTION[c] for c in d.out] == [FACTION[c] for c in state.out]
            assert [FACTION[c] for c in d.toxics] == [FACTION[c] for c in state.toxics]
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
        move = rng.choice(claim.legal_actions(state))
        knowledge.move(state, move)
        claim.apply(state, move)
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


def _expansion_game(factions: tuple[str, ...], seed: int, tricks: int) -> claim.State:
    state = claim.new_game(GameConfig(factions=factions), seed)
    rng = random.Random(seed)
    while len(state.history) < tricks:
        claim.apply(state, rng.choice(claim.legal_actions(state)))
    return state


def test_the_view_check_catches_expansion_leaks() -> None:
    """check_view on the Reinforcements' hidden information: a Demon's or Fire Elemental's
    value in hand, a fake Trickster mark, an unpeeked Toxic, the Fire Phoenix pile and unused
    Shadows out of the game must not show; a revealed Demon in a past trick must."""
    wanted = ("demons", "fire-elementals", "tricksters", "poisoners", "shadows", "phoenixes")
    singles = [f for f in wanted if f in playable_factions()]
    pair = _pairs()[0]
    checked: Counter[str] = Counter()
    for start in range(0, len(singles), 3):
        group = singles[start : start + 3]
        group += [s for s in _singles() if s not in group][: 3 - len(group)]
        for seed in range(40):
            state = claim.new_game(GameConfig(factions=(*pair, *group)), seed)
            rng = random.Random(seed)
            knowledge = Knowledge()
            while len(state.history) < 3:
                knowledge.before(state)
                move = rng.choice(claim.legal_actions(state))
                knowledge.move(state, move)
                claim.apply(state, move)
            knowledge.before(state)
            for player in (0, 1):
                view = claim.observe(state, player)
                check_view(state, player, knowledge, view)
                changes = []
                for i, c in enumerate(state.hands[player]):
                    if FACTION[c] in VALUE_HIDDEN or CODE[c].endswith("x"):
                        changes.append(
                            ("hand", lambda v, i=i, c=c, p=player: _set_hand(v, p, i, c))
                        )
                for i, c in enumerate(state.toxics):
                    if i + 1 not in knowledge.peeked[player]:
                        changes.append(
                            ("toxic", lambda v, i=i, c=c: v["toxics"].__setitem__(i, CODE[c]))
                        )
                for i, c in enumerate(state.out):
                    changes.append(("out", lambda v, i=i, c=c: v["out"].__setitem__(i, CODE[c])))
                if state.fire_phoenix:
                    top = CODE[state.fire_phoenix[-1]]
                    changes.append(
                        ("fire", lambda v, top=top: v["fire_phoenix"].__setitem__(0, top))
                    )
                for t, record in enumerate(state.history):
                    for j, (_, c, _, _) in enumerate(record[4]):
                        if FACTION[c] in VALUE_HIDDEN:
                            name = partial_name(c)
                            changes.append(
                                ("trick", lambda v, t=t, j=j, n=name: _set_play(v, t, j, n))
                            )
                for kind, change in changes:
                    with pytest.raises(AssertionError):
                        check_view(state, player, knowledge, _leaky(view, change))
                    checked[kind] += 1
    needed = {"hand": {"demons", "fire-elementals", "tricksters"}, "toxic": {"poisoners"}}
    needed["out"] = {"poisoners", "shadows"}
    needed["fire"] = {"phoenixes"}
    needed["trick"] = {"demons", "fire-elementals"}
    for kind, factions in needed.items():
        if factions & set(singles):
            assert checked[kind] > 0, kind


def _set_hand(view: dict[str, Any], player: int, i: int, card: int) -> None:
    view["players"][player]["hand"][i] = CODE[card]


def _set_play(view: dict[str, Any], trick: int, j: int, name: str) -> None:
    view["tricks"][trick]["plays"][j]["card"] = name


def test_determinize_is_fair_with_expansion_secrets() -> None:
    """Two true positions that differ only in what player 0 cannot see — which Toxics lie
    face-up, which Shadows are out of the game, which odd Demon is in player 0's own hand, the
    Fire Phoenix pile — look the same to player 0 and give the same determinization."""
    wanted = [f for f in ("poisoners", "shadows", "demons") if f in playable_factions()]
    if not wanted:
        wanted = _singles()[:1]
    rest = [s for s in _singles() if s not in wanted]
    factions = (*_pairs()[0], *wanted, *rest[: 3 - len(wanted)])
    compared = 0
    for seed in range(20):
        state = claim.new_game(GameConfig(factions=factions), seed)
        record = _deal_record(state)
        twin_record = json.loads(json.dumps(record))
        setup, deal = twin_record["setup"], twin_record["deal"]
        hand0, hand1, deck = deal["hands"][0], deal["hands"][1], deal["deck"]
        changed = []
        if "toxics" in setup:
            used = set(setup["toxics"])
            spare = next(c for c in ("toxic:0", "toxic:1", "toxic:2", "toxic:x") if c not in used)
            setup["toxics"][0] = spare
            changed.append("toxics")
        if "fire_phoenix" in setup:
            setup["fire_phoenix"].reverse()
            changed.append("fire phoenix")
        if "shadows" in factions:
            dealt = set(hand0 + hand1 + deck)
            spare = next(f"shadows:{v}" for v in range(20) if f"shadows:{v}" not in dealt)
            at = next((i for i, c in enumerate(hand1) if c.startswith("shadows:")), None)
            if at is not None:
                hand1[at] = spare
                changed.append("shadows")
        for i, c in enumerate(hand0):
            same = [j for j, d in enumerate(deck[1:], 1) if d != c and _partial(d) == _partial(c)]
            if c.startswith("demons:") and same:
                hand0[i], deck[same[0]] = deck[same[0]], hand0[i]
                changed.append("demons")
                break
        if not changed:
            continue
        hand1.reverse()
        twin_record["seed"] = seed + 1000
        twin = replay(twin_record)
        assert twin.to_dict() != state.to_dict()
        assert claim.observe(twin, 0) == claim.observe(state, 0)
        d1 = claim.determinize(state, 0, random.Random(5)).to_dict()
        d2 = claim.determinize(twin, 0, random.Random(5)).to_dict()
        differing = sorted(k for k in d1 if d1[k] != d2.get(k))
        assert d1 == d2, f"seed {seed} ({changed}): the true game survives in {differing}"
        compared += 1
    assert compared >= 10


def _partial(code: str) -> str:
    return partial_name(cards.IDS_BY_CODE[code][0])


# -------------------------------------------------------------------------------------------------
# Heroes
# -------------------------------------------------------------------------------------------------


def _hero_game(seed: int) -> claim.State:
    """Game ``seed`` of the hero sweep: a random deck with 1–8 heroes from all 24 (§2 step 3)."""
    rng = random.Random(seed)
    kind = ("claim", "claim2", "random", "random")[seed % 4]
    config = _config(kind, seed % 2, rng, heroes=1 + seed % 8)
    return claim.new_game(config, seed)


def light_playout(
    state: claim.State,
    seed: int,
    views: bool,
    note: Callable[[claim.State, str, Counter[str]], None],
    events: Counter[str],
) -> None:
    """Play a game with random legal moves checking the cheap invariants after every step (and
    both views, with ``views``); ``note`` counts what each move exercised into ``events``."""
    rng = random.Random(seed)
    knowledge = Knowledge()
    while True:
        check_conservation(state)
        legal = claim.legal_actions(state)
        if claim.is_over(state):
            break
        assert legal, f"game {seed}: no legal move before the end"
        assert len(set(legal)) == len(legal), f"game {seed}: repeated moves {legal}"
        if views:
            knowledge.before(state)
            full = report(state)
            check_view(state, 0, knowledge, full=full)
            check_view(state, 1, knowledge, full=full)
        move = rng.choice(legal)
        note(state, move, events)
        knowledge.move(state, move)
        claim.apply(state, move)
    assert legal == []
    if views:
        knowledge.before(state)
        check_view(state, 0, knowledge)
        check_view(state, 1, knowledge)


def _decision_events(state: claim.State, move: str, events: Counter[str]) -> None:
    """The decision a move answers (before it is applied), for the coverage checks."""
    if state.tasks:
        events[state.tasks[0][0]] += 1


def _hero_events(state: claim.State, move: str, events: Counter[str]) -> None:
    """What a hero game exercised (before ``move`` is applied), for the coverage check."""
    if move.startswith("play hero:"):
        events[move.split()[1]] += 1
        if " as " in move:
            events["declared"] += 1
    elif state.tasks:
        events[state.tasks[0][0]] += 1


@pytest.mark.compiled_only
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_invariants_with_heroes_over_many_games(chunk: int) -> None:
    """2,000 games (:data:`CHUNKS` chunks) with heroes in every game (1–8 of the 24, random decks):
    cards and legal moves after every step; both views after every step of one game in 10; every
    invariant (clone, round trip, replay, determinize) in one game in 50. Every hero is played,
    and every hero decision, the Cube's winnerless trick and Cthulhu's removal happen."""
    events: Counter[str] = Counter()
    for seed in _sweep(chunk):
        state = _hero_game(seed)
        if seed % 50 == 0:
            full_playout(state, seed, expensive_every=6)
        else:
            light_playout(state, seed, views=seed % 10 == 1, note=_hero_events, events=events)
        assert state.result is not None and state.result["winner"] in (0, 1, None)
        events["cube tricks"] += sum(1 for record in state.history if record[5] < 0)
        events["cthulhu out"] += sum(1 for why in state.removed.values() if why == "cthulhu")
    missing = [h for h in cards.HEROES if events[f"hero:{h}"] == 0]
    assert not missing, f"never played: {missing}"
    for kind in ("skeleton", "discard", "steal", "necromancer", "gargoyle", "dinosaur", "give"):
        assert events[kind] > 0, f"no {kind} decision in chunk {chunk}'s hero games"
    for event in ("declared", "cube tricks", "cthulhu out"):
        assert events[event] > 0, event


@pytest.mark.compiled_only
def test_invariants_for_every_hero() -> None:
    """For each hero, games whose deck holds it (with four others), every invariant checked after
    every few steps (views after every step)."""
    for config, seed, expensive_every in every_hero_games():
        full_playout(claim.new_game(config, seed), seed, expensive_every=expensive_every)


def test_determinize_is_fair_with_secret_heroes() -> None:
    """Which heroes are in the deck is secret (§2 step 3): two games that differ only in an
    unseen hero (in the other hand or the deck) look the same to player 0 and give the same
    determinization, whose heroes are drawn again from the pool."""
    compared = 0
    for seed in range(30):
        config = GameConfig(heroes=tuple(random.Random(seed).sample(cards.HEROES, 5)))
        state = claim.new_game(config, seed)
        record = _deal_record(state)
        twin_record = json.loads(json.dumps(record))
        deal, setup = twin_record["deal"], twin_record["setup"]
        hidden = deal["hands"][1] + deal["deck"][1:]  # deck[0] is the face-up prize
        secret = next((c for c in hidden if c.startswith("hero:")), None)
        if secret is None:
            continue
        spare = next(h for h in cards.HEROES if h not in config.heroes)
        for cards_ in (deal["hands"][1], deal["deck"]):
            if secret in cards_:
                cards_[cards_.index(secret)] = f"hero:{spare}"
        setup["heroes"] = [spare if f"hero:{h}" == secret else h for h in setup["heroes"]]
        twin_record["seed"] = seed + 1000
        twin = replay(twin_record)
        assert twin.config.heroes != state.config.heroes
        assert claim.observe(twin, 0) == claim.observe(state, 0)
        d1 = claim.determinize(state, 0, random.Random(5))
        d2 = claim.determinize(twin, 0, random.Random(5))
        assert d1.to_dict() == d2.to_dict(), f"seed {seed}: the true heroes survive"
        assert len(d1.config.heroes) == 5
        assert sorted(c for c in game_cards(d1.config.factions, d1.config.heroes)) == sorted(
            chain.from_iterable(d1.zones().values())
        )
        compared += 1
    assert compared >= 20


# -------------------------------------------------------------------------------------------------
# Locations
# -------------------------------------------------------------------------------------------------


def _location_game(seed: int) -> claim.State:
    """Game ``seed`` of the location sweep: a random deck, a random Setting and Building (each
    absent one time in eleven or thirteen), and heroes in one game of three."""
    rng = random.Random(seed)
    kind = ("claim", "claim2", "random")[seed % 3]
    config = _config(kind, seed % 2, rng, heroes=5 if seed % 3 == 0 else 0)
    settings = (None, *cards.SETTINGS)
    buildings = (None, *cards.BUILDINGS)
    config = GameConfig(
        config.factions,
        config.first_leader,
        config.heroes,
        setting=settings[seed % len(settings)],
        building=buildings[(seed // len(settings)) % len(buildings)],
    )
    return claim.new_game(config, seed)


@pytest.mark.compiled_only
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_invariants_with_locations_over_many_games(chunk: int) -> None:
    """2,000 games (:data:`CHUNKS` chunks) with random locations (every Setting with every
    Building): cards and legal moves after every step; both views after every step of one game
    in 10; every invariant in one game in 40. Every location's decisions and results happen."""
    events: Counter[str] = Counter()
    for seed in _sweep(chunk):
        state = _location_game(seed)
        if seed % 40 == 0:
            full_playout(state, seed, expensive_every=6)
        else:
            light_playout(state, seed, views=seed % 10 == 1, note=_decision_events, events=events)
        assert state.result is not None and state.result["winner"] in (0, 1, None)
        events[state.result["reason"]] += 1
    for kind in ("windy-peaks", "endless-sands", "swamp", "islands", "tavern"):
        assert events[kind] > 0, f"no {kind} decision in chunk {chunk}'s games"
    for reason in ("lava-fields", "castle", "monastery", "forest", "bridge", "votes"):
        assert events[reason] > 0, f"no game of chunk {chunk} decided by {reason}"


# -------------------------------------------------------------------------------------------------
# Artifacts
# -------------------------------------------------------------------------------------------------


def _artifact_game(seed: int, first: str | None = None) -> claim.State:
    """Game ``seed`` of the artifact sweep (:func:`_artifact_config`)."""
    return claim.new_game(_artifact_config(seed, first), seed)


def _artifact_config(seed: int, first: str | None = None) -> GameConfig:
    """The setup of game ``seed`` of the artifact sweep: a random deck, six of the 16 artifacts
    dealt three each (``first`` among player 0's), heroes in one game of four, a random Setting
    and Building in one game of five."""
    rng = random.Random(seed)
    kind = ("claim", "claim2", "random")[seed % 3]
    config = _config(kind, seed % 2, rng, heroes=5 if seed % 4 == 0 else 0)
    others = [a for a in cards.ARTIFACTS if a != first]
    dealt = ([first] if first else []) + rng.sample(others, 6 - (first is not None))
    located = seed % 5 == 0
    return GameConfig(
        config.factions,
        config.first_leader,
        config.heroes,
        setting=rng.choice(cards.SETTINGS) if located else None,
        building=rng.choice(cards.BUILDINGS) if located else None,
        artifacts=(tuple(dealt[:3]), tuple(dealt[3:])),
    )


def _artifact_events(state: claim.State, move: str, events: Counter[str]) -> None:
    """What an artifact game exercised (before ``move`` is applied), for the coverage check."""
    if move.startswith("use "):
        events[move.split()[1]] += 1
    elif state.tasks:
        events[state.tasks[0][0]] += 1


def check_artifacts_secret(state: claim.State) -> None:
    """Neither view names an unused artifact of the other player (outside the public pool)."""
    if not state.config.artifacts or state.result is not None:
        return
    for viewer in (0, 1):
        view = claim.observe(state, viewer)
        view.pop("artifacts")  # the public pool
        # every string of the view, keys included, is in marshal's bytes (UTF-8, or a reference
        # to the same string written before): the name anywhere in any of them is found, at a
        # quarter of the cost of writing JSON (the sweep does this twice a step)
        blob = marshal.dumps(view)
        for name in state.artifacts[1 - viewer]:
            assert name.encode() not in blob, (viewer, name)


@pytest.mark.parametrize(
    "leak",
    [
        lambda name: {"log": [{"text": f"player 1 holds the {name}"}]},
        lambda name: {"next": {"legal": [f"use {name}"]}},
        lambda name: {"counters": {name: 1}},
        lambda name: {"players": [{"artifacts": ["?", name]}]},
    ],
    ids=["in a sentence", "a move", "a key", "a list"],
)
def test_the_artifact_secrecy_check_finds_a_name_anywhere(
    leak: Callable[[str], dict[str, Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    state = _artifact_game(4)
    check_artifacts_secret(state)  # the engine's views pass
    secret = state.artifacts[1][0]
    real = claim.observe

    def leaky(s: claim.State, viewer: int) -> Any:
        view = real(s, viewer)
        return {**view, **leak(secret)} if viewer == 0 else view

    monkeypatch.setattr(claim, "observe", leaky)
    with pytest.raises(AssertionError):
        check_artifacts_secret(state)


@pytest.mark.compiled_only
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_invariants_with_artifacts_over_many_games(chunk: int) -> None:
    """2,000 games (:data:`CHUNKS` chunks) with six random artifacts in every game (random decks,
    heroes in a quarter, locations in a fifth): cards, legal moves and the secrecy of unused
    artifacts after every step; both views after every step of one game in 5; every invariant
    (clone, round trip, replay, determinize) in one game in 50. Every artifact is used and every
    follow-up decision happens; tricks freeze and a dagger forfeits."""
    events: Counter[str] = Counter()

    def note(state: claim.State, move: str, counts: Counter[str]) -> None:
        check_artifacts_secret(state)
        _artifact_events(state, move, counts)

    for seed in _sweep(chunk):
        state = _artifact_game(seed)
        if seed % 50 == 0:
            full_playout(state, seed, expensive_every=6)
        else:
            light_playout(state, seed, views=seed % 5 == 1, note=note, events=events)
        assert state.result is not None and state.result["winner"] in (0, 1, None)
        for record in state.history:
            if record[6].startswith("Ice Sword"):
                events["frozen"] += 1
            if record[6].startswith("King's Dagger"):
                events["forfeit"] += 1
    missing = [a for a in cards.ARTIFACTS if events[a] == 0]
    assert not missing, f"never used: {missing}"
    for kind in ("art:aside", "art:book-take", "art:spy-take", "frozen", "forfeit"):
        assert events[kind] > 0, f"no {kind} in chunk {chunk}'s artifact games"


@pytest.mark.compiled_only
def test_invariants_for_every_artifact() -> None:
    """For each artifact, games where player 0 holds it: every invariant checked after every few
    steps, both views after every step."""
    for config, seed, expensive_every in every_artifact_games():
        full_playout(claim.new_game(config, seed), seed, expensive_every=expensive_every)


def test_determinize_is_fair_with_secret_artifacts() -> None:
    """Which artifacts the other player holds is secret (§8): two games that differ only in the
    other player's unused artifacts look the same to the player to act and give the same
    determinization, whose artifacts for the other are drawn again from the pool less what the
    player knows. (A determinization is made for the player to act, as a search bot does; R-80
    asks only a holder of a usable artifact, so whether the other player is asked first is
    public: pairs where that differs are skipped.)"""
    compared = 0
    for seed in range(30):
        state = _artifact_game(seed)
        player = claim.current_player(state)
        assert player is not None
        other = 1 - player
        record = _deal_record(state)
        twin_record = json.loads(json.dumps(record))
        dealt = twin_record["setup"]["artifacts"]
        spare = [a for a in cards.ARTIFACTS if a not in dealt[0] + dealt[1]]
        dealt[other] = random.Random(seed).sample(spare, 3)
        twin = replay(twin_record)
        if claim.current_player(twin) != player:
            continue
        compared += 1
        assert claim.observe(twin, player) == claim.observe(state, player)
        d1 = claim.determinize(state, player, random.Random(5))
        d2 = claim.determinize(twin, player, random.Random(5))
        assert d1.to_dict() == d2.to_dict(), f"seed {seed}: the true artifacts survive"
        assert d1.artifacts[player] == state.artifacts[player]
        assert not set(d1.artifacts[other]) & set(state.config.artifacts[player])
    assert compared >= 15
