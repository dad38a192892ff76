"""Ice Sword (RULES.md §8, an artifact, the highest tier): after both cards are played, before
the trick resolves, both cards freeze on the table with their powers ignored; the same leader
leads again; each player adds their frozen card's value to their next card; the next trick's
winner takes the frozen cards too.

Rulings: R-80 and A1 (offered as ``use ice-sword`` or ``pass``, only to its holder), A20 (always
usable), A22 (its window comes after the follower's windows, the leader asked first, then the
follower), A18 (the trick gets ``winner: null`` like a Cube trick: no collection, no draw, the
same leader, in Phase One the same prize; each player adds their frozen card's printed value to
their next card; the next trick with a winner takes the frozen cards; when no further trick can
be played in the phase the Sword has no effect), A37 (the printed — end — value is added, at the
artifact layer; the frozen cards are a bundle exactly like a Cube bundle, H22: Phase One into the
winner's Follower deck, Phase Two into the Score pile, a Gnome face-up; frozen powers are
ignored; the bundle passes on through another winnerless trick and is discarded under Death,
H22, H33), A38 (on a Cube trick the Sword decides), A44 (the bonus waits for the player's next
card, a hero included), L9 (a pending Ice Fields bonus is used by the card played in a trick
without a winner), A41 (the trick lists ``artifacts``)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from claim.core import engine, records, view
from claim.core.state import State
from scenario import (
    CLAIM,
    CLAIM2,
    codes,
    last_trick,
    position_record,
    replay,
    stacked_record,
    tricks,
    zone,
)

SWORD = "ice-sword"
FROZE = "Ice Sword: both cards froze on the table; no winner"
# besides the Sword, artifacts that are never usable where these scenarios look (no printed 5 is
# played with the Dagger in play, the Rope and the Book of Memories need Phase Two and a Score
# pile, Gambler's Book and Flail of Dawn wait for the phase boundary)
HOLDER0 = (
    (SWORD, "flail-of-dawn", "gamblers-book"),
    ("kings-dagger", "endless-rope", "book-of-memories"),
)
HOLDER1 = (
    ("flail-of-dawn", "gamblers-book", "kings-dagger"),
    (SWORD, "endless-rope", "book-of-memories"),
)
PRIZE = "goblins:9"
DECK_TOP = ("dwarves:9", "dwarves:8")
CUBE = "hero:gelatinous-cube"
QUIET1 = ("endless-rope", "spyglass", "book-of-memories")  # never usable in Phase One


def _record(
    hand0: Sequence[str],
    hand1: Sequence[str],
    moves: Sequence[str],
    *,
    phase: int = 1,
    prize: str = PRIZE,
    artifacts: Sequence[Sequence[str]] = HOLDER0,
    deck_top: Sequence[str] = DECK_TOP,
    factions: Sequence[str] = CLAIM,
    heroes: Sequence[str] = (),
    scores: Sequence[Sequence[str]] = ((), ()),
    number: int = 1,
) -> dict[str, Any]:
    """A record from the start of a trick of ``phase``, player 0 leading (Phase One: prize
    ``PRIZE``, then ``deck_top``), the discard pile empty (every unplaced card out of the game)."""
    return position_record(
        factions,
        phase=phase,
        number=number,
        prize=prize if phase == 1 else None,
        deck_top=list(deck_top) if phase == 1 else [],
        hands=[hand0, hand1],
        scores=scores,
        heroes=heroes,
        discard=[],
        moves=moves,
        artifacts=artifacts,
    )


def _trick(hand0: Sequence[str], hand1: Sequence[str], moves: Sequence[str], **kw: Any) -> State:
    return replay(_record(hand0, hand1, moves, **kw))


def _bonuses(state: State) -> dict[str, int]:
    """The Sword's bonuses waiting for each player's next card (``ice-sword:P``)."""
    return {k: v for k, v in state.counters.items() if k.startswith("ice-sword:")}


def _values(trick: dict[str, Any]) -> list[tuple[int, str, int]]:
    return [(p["player"], p["card"], p["value"]) for p in trick["plays"]]


# -- when it is offered ---------------------------------------------------------------------------


def test_offered_to_the_leader_only_once_both_cards_are_down() -> None:
    """A18, A22, R-80: not at the start of the trick nor after the lead (player 0 is asked to
    play, then player 1 to follow); once both cards are down the holder is asked ``use
    ice-sword`` or ``pass``."""
    hand0, hand1 = ["goblins:6", "goblins:3"], ["goblins:8", "goblins:2"]
    state = _trick(hand0, hand1, [])
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["play goblins:6", "play goblins:3"]
    engine.apply(state, "play goblins:6")
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["play goblins:8", "play goblins:2"]
    engine.apply(state, "play goblins:8")
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["use ice-sword", "pass"]
    assert state.history == []  # not resolved yet


def test_offered_to_the_follower_when_the_follower_holds_it() -> None:
    """A18, A1: the leader holds nothing usable there and is not asked; the follower is."""
    state = _trick(
        ["goblins:6", "goblins:3"],
        ["goblins:8", "goblins:2"],
        ["play goblins:6", "play goblins:8"],
        artifacts=HOLDER1,
    )
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["use ice-sword", "pass"]
    engine.apply(state, "use ice-sword")
    assert last_trick(state)["winner"] is None
    assert codes(state.table) == ["goblins:6", "goblins:8"]
    assert _bonuses(state) == {"ice-sword:0": 6, "ice-sword:1": 8}
    assert state.used_artifacts == [[], [SWORD]]


def test_pass_resolves_the_trick_normally_and_keeps_the_sword() -> None:
    """R-80: declining is a move; the trick resolves as usual (goblins:8 beats goblins:6), the
    Sword stays unused and is offered again in the next trick."""
    state = _trick(
        ["goblins:6", "goblins:3"],
        ["goblins:8", "goblins:2"],
        ["play goblins:6", "play goblins:8", "pass"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == "higher value"
    assert "artifacts" not in trick
    assert zone(state, "followers", 1) == [PRIZE]
    assert zone(state, "followers", 0) == ["dwarves:9"]
    assert state.artifacts[0] == list(HOLDER0[0])
    assert state.table == []
    engine.apply(state, "play goblins:2")
    engine.apply(state, "play goblins:3")
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["use ice-sword", "pass"]


# -- the freeze -----------------------------------------------------------------------------------


FREEZE = ["play goblins:6", "play goblins:8", "use ice-sword"]


def test_phase_one_the_frozen_trick_has_no_winner_and_the_prize_stays() -> None:
    """A18, H20: goblins:8 would win, but both cards freeze: ``winner: null``, the cards on the
    table, nobody takes the prize or draws (the deck is untouched), the same leader (player 0)
    leads trick 2 for the same prize (no reveal); the bonuses wait: +6 for player 0, +8 for
    player 1; the trick lists the Sword."""
    state = _trick(["goblins:6", "goblins:4", "knights:7"], ["goblins:8", "goblins:3"], FREEZE)
    trick = last_trick(state)
    assert trick["number"] == 1
    assert trick["winner"] is None
    assert trick["reason"] == FROZE
    assert trick["artifacts"] == [SWORD]
    assert _values(trick) == [(0, "goblins:6", 6), (1, "goblins:8", 8)]
    assert codes(state.table) == ["goblins:6", "goblins:8"]
    assert zone(state, "followers", 0) == []
    assert zone(state, "followers", 1) == []
    assert zone(state, "discard") == []
    assert zone(state, "deck") == list(DECK_TOP)
    assert _bonuses(state) == {"ice-sword:0": 6, "ice-sword:1": 8}
    current = view.report(state)["current"]
    assert current["prize"] == PRIZE
    assert current["leader"] == 0
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["play goblins:4", "play knights:7"]
    assert view.report(state)["table"] == ["goblins:6", "goblins:8"]
    assert view.observe(state, 1)["table"] == ["goblins:6", "goblins:8"]


def test_phase_one_the_bonuses_decide_the_next_trick_and_its_winner_takes_the_bundle() -> None:
    """A18, A37, H22: trick 2 (same prize): goblins:4 + 6 = 10 against goblins:3 + 8 = 11:
    player 1 wins, takes the two frozen cards and the prize into their Follower deck; player 0
    draws dwarves:9; the trick's own cards are discarded; player 1 leads trick 3, revealed from
    the deck (dwarves:8); the bonuses are spent."""
    state = _trick(
        ["goblins:6", "goblins:4", "knights:7"],
        ["goblins:8", "goblins:3", "goblins:1"],
        [*FREEZE, "play goblins:4", "play goblins:3"],
    )
    second = tricks(state)[1]
    assert (second["number"], second["prize"], second["winner"]) == (2, PRIZE, 1)
    assert second["reason"] == "higher value"
    assert _values(second) == [(0, "goblins:4", 10), (1, "goblins:3", 11)]
    assert "artifacts" not in second
    assert state.table == []
    assert zone(state, "followers", 1) == ["goblins:6", "goblins:8", PRIZE]
    assert zone(state, "followers", 0) == ["dwarves:9"]
    assert zone(state, "discard") == ["goblins:4", "goblins:3"]
    assert _bonuses(state) == {}
    assert view.report(state)["current"]["prize"] == "dwarves:8"
    assert engine.current_player(state) == 1


def test_the_leader_may_win_the_bundle_too() -> None:
    """H22: the bundle goes to the next trick's winner, whoever it is: goblins:2 + 6 = 8 against
    goblins:1 + 8 = 9 would lose, so player 0 leads knights:7 + 6 = 13 and player 1, with no
    Knight, plays goblins:1 (off-faction): player 0 takes bundle and prize."""
    state = _trick(
        ["goblins:6", "knights:7", "goblins:2"],
        ["goblins:8", "goblins:1", "goblins:3"],
        [*FREEZE, "play knights:7", "play goblins:1"],
    )
    second = last_trick(state)
    assert second["winner"] == 0
    assert second["reason"] == "the follower did not follow faction"
    assert _values(second) == [(0, "knights:7", 13), (1, "goblins:1", 9)]
    assert zone(state, "followers", 0) == ["goblins:6", "goblins:8", PRIZE]
    assert zone(state, "followers", 1) == ["dwarves:9"]


def test_phase_two_the_bundle_goes_into_the_next_winners_score_pile() -> None:
    """A37, H22: in Phase Two the next winner puts the two frozen cards into their Score pile
    with the trick's own cards (knights:4 + 2 = 6 against knights:3 + 3 = 6: equal values go to
    the leader)."""
    state = _trick(
        ["goblins:2", "knights:4", "dwarves:1"],
        ["goblins:3", "knights:3", "dwarves:2"],
        ["play goblins:2", "play goblins:3", "use ice-sword", "play knights:4", "play knights:3"],
        phase=2,
    )
    first, second = tricks(state)
    assert first["winner"] is None and first["reason"] == FROZE
    assert second["winner"] == 0
    assert second["reason"] == "equal values go to the leader"
    assert _values(second) == [(0, "knights:4", 6), (1, "knights:3", 6)]
    assert zone(state, "score", 0) == ["knights:4", "knights:3", "goblins:2", "goblins:3"]
    assert zone(state, "score", 1) == []
    assert state.table == []


def test_the_bonus_is_the_printed_value_not_the_effective_one() -> None:
    """A37: player 0 leads goblins:4 and turns it into 6 with the Magic Wand; the Sword freezes
    it: player 0's bonus is the printed 4, player 1's the printed 7."""
    state = _trick(
        ["goblins:4", "goblins:1"],
        ["goblins:7", "goblins:2"],
        ["play goblins:4", "use magic-wand +2", "play goblins:7", "use ice-sword"],
        artifacts=((SWORD, "magic-wand", "flail-of-dawn"), HOLDER0[1]),
    )
    assert last_trick(state)["artifacts"] == ["magic-wand", SWORD]
    assert _bonuses(state) == {"ice-sword:0": 4, "ice-sword:1": 7}


def test_under_the_underworld_a_frozen_zero_adds_ten() -> None:
    """A37 ("printed (end) value"), L2: under the Underworld a printed 0 counts 10, also as the
    frozen bonus."""
    record = _record(
        ["goblins:0", "goblins:1"],
        ["goblins:2", "goblins:3"],
        ["play goblins:0", "play goblins:2", "use ice-sword"],
    )
    record["position"]["setup"]["setting"] = "underworld"
    state = replay(record)
    assert _values(last_trick(state)) == [(0, "goblins:0", 10), (1, "goblins:2", 2)]
    assert _bonuses(state) == {"ice-sword:0": 10, "ice-sword:1": 2}


def test_the_bonus_goes_onto_a_hero_played_next() -> None:
    """A37, A44: the bonus waits for the player's next card, a hero too: player 0 leads the
    Invincible Warrior (R-61: 9) + 3 = 12; player 1's goblins:1 + 8 = 9 loses (a led hero sets no
    led faction: values decide, §6)."""
    state = _trick(
        ["goblins:3", "hero:invincible-warrior"],
        ["goblins:8", "goblins:1"],
        ["play goblins:3", "play goblins:8", "use ice-sword"],
        phase=2,
        heroes=["invincible-warrior"],
    )
    assert _bonuses(state) == {"ice-sword:0": 3, "ice-sword:1": 8}
    engine.apply(state, "play hero:invincible-warrior")
    engine.apply(state, "play goblins:1")
    trick = last_trick(state)
    assert _values(trick) == [(0, "hero:invincible-warrior", 12), (1, "goblins:1", 9)]
    assert trick["winner"] == 0
    assert zone(state, "score", 0) == [
        "hero:invincible-warrior",
        "goblins:1",
        "goblins:3",
        "goblins:8",
    ]


def test_a_pending_ice_fields_bonus_is_used_by_the_frozen_card() -> None:
    """A18 (the frozen trick is a trick without a winner, like a Cube trick), L9 (Ice Fields:
    the loser of a trick gets +1 on the card they play in the next trick; with no loser there is
    no new bonus, but a pending one is used by the card played in the winnerless trick): player
    1 lost the trick before, so their +1 goes with goblins:3 into the frozen trick; in the trick
    after it, player 1's goblins:2 gets only the Sword's +3 (5), player 0's goblins:4 the Sword's
    +6 (10)."""
    record = _record(
        ["goblins:6", "goblins:4", "goblins:1"],
        ["goblins:3", "goblins:2", "knights:3"],
        ["play goblins:6", "play goblins:3", "use ice-sword", "play goblins:4", "play goblins:2"],
        phase=2,
    )
    position = record["position"]
    position["setup"]["setting"] = "ice-fields"
    position["counters"]["ice-fields"] = 1
    state = replay(record)
    second = last_trick(state)
    assert _values(second) == [(0, "goblins:4", 10), (1, "goblins:2", 5)]
    assert second["winner"] == 0
    assert state.counters["ice-fields"] == 1  # player 1 lost the second trick


# -- frozen powers are ignored --------------------------------------------------------------------


def test_frozen_undead_go_with_the_bundle_not_to_a_score_pile() -> None:
    """A37, H22, §5.1: Undead played in the frozen trick have their power ignored and are no
    cards "played in" the next trick: the next winner takes them into the Follower deck with the
    prize; only the Undead played in trick 2 (undead:2) goes into the winner's Score pile."""
    state = _trick(
        ["undead:3", "undead:2", "goblins:2"],
        ["undead:7", "undead:1", "goblins:1"],
        ["play undead:3", "play undead:7", "use ice-sword", "play undead:2", "play undead:1"],
    )
    first, second = tricks(state)
    assert first["winner"] is None
    assert _values(second) == [(0, "undead:2", 5), (1, "undead:1", 8)]
    assert second["winner"] == 1
    assert zone(state, "followers", 1) == ["undead:3", "undead:7", PRIZE]
    assert zone(state, "score", 1) == ["undead:2", "undead:1"]
    assert zone(state, "score", 0) == []
    assert zone(state, "discard") == []


def test_frozen_dwarves_go_to_the_next_winner_not_to_the_loser() -> None:
    """A37, H22, §5.1: Dwarves frozen in Phase Two are bundle cards: the next winner takes them;
    only Dwarves played in that trick go to its loser."""
    state = _trick(
        ["dwarves:2", "goblins:4"],
        ["dwarves:6", "goblins:2", "goblins:1"],
        ["play dwarves:2", "play dwarves:6", "use ice-sword", "play goblins:4", "play goblins:2"],
        phase=2,
    )
    second = last_trick(state)
    assert _values(second) == [(0, "goblins:4", 6), (1, "goblins:2", 8)]
    assert second["winner"] == 1
    assert zone(state, "score", 1) == ["goblins:4", "goblins:2", "dwarves:2", "dwarves:6"]
    assert zone(state, "score", 0) == []


def test_a_frozen_dragon_does_not_take_the_lead() -> None:
    """A37 (frozen powers ignored), A18 (the same leader leads again): a Dragon played second
    would make its player lead the next trick (§5.2); frozen, player 0 leads again."""
    state = _trick(
        ["trolls:4", "trolls:3"],
        ["dragons:2", "giants:1"],
        ["play trolls:4", "play dragons:2", "use ice-sword"],
        factions=CLAIM2,
        prize="dragons:9",
        deck_top=("dragons:8", "dragons:7"),
    )
    assert last_trick(state)["winner"] is None
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["play trolls:3"]


def test_a_frozen_gnome_collected_in_phase_two_lies_face_up() -> None:
    """A37, H22: a bundle Gnome collected in Phase Two is placed face-up like any collected
    Gnome (§5.2)."""
    state = _trick(
        ["gnomes:3", "giants:7", "giants:1"],
        ["gnomes:1", "giants:5", "dragons:1"],
        ["play gnomes:3", "play gnomes:1", "use ice-sword", "play giants:7", "play giants:5"],
        phase=2,
        factions=CLAIM2,
    )
    second = last_trick(state)
    assert _values(second) == [(0, "giants:7", 10), (1, "giants:5", 6)]
    assert second["winner"] == 0
    assert sorted(zone(state, "gnomes", 0)) == ["gnomes:1", "gnomes:3"]
    assert zone(state, "score", 0) == ["giants:7", "giants:5"]


def test_a_frozen_cthulhu_removes_nothing_from_the_deck() -> None:
    """A37 (frozen powers ignored), H18: Cthulhu played in Phase One removes the top two deck
    cards when its trick resolves; a frozen trick does not resolve: the deck keeps its cards."""
    state = _trick(
        ["goblins:6", "goblins:4"],
        ["hero:cthulhu", "dwarves:2", "dwarves:3"],
        ["play goblins:6", "play hero:cthulhu", "use ice-sword"],
        heroes=["cthulhu"],
    )
    assert last_trick(state)["winner"] is None
    assert zone(state, "deck") == list(DECK_TOP)
    before = _trick(
        ["goblins:6", "goblins:4"],
        ["hero:cthulhu", "dwarves:2", "dwarves:3"],
        [],
        heroes=["cthulhu"],
    )
    assert zone(state, "out") == zone(before, "out")
    assert _bonuses(state) == {"ice-sword:0": 6, "ice-sword:1": 8}


def test_a_death_trick_discards_the_frozen_cards() -> None:
    """A37, H33: the trick after the frozen one has a winner, but under Death nobody collects:
    its two cards and the frozen cards are discarded."""
    state = _trick(
        ["goblins:6", "goblins:4", "goblins:1"],
        ["goblins:3", "hero:death", "dwarves:2"],
        ["play goblins:6", "play goblins:3", "use ice-sword", "play goblins:4", "play hero:death"],
        phase=2,
        heroes=["death"],
    )
    second = last_trick(state)
    assert second["winner"] == 0
    assert state.table == []
    assert zone(state, "score", 0) == []
    assert zone(state, "score", 1) == []
    assert sorted(zone(state, "discard")) == sorted(
        ["goblins:6", "goblins:3", "goblins:4", "hero:death"]
    )


def test_a_cube_trick_after_the_freeze_passes_the_bundle_on() -> None:
    """A37, H22 (the chain): the trick after the frozen one is a Cube trick, also without a
    winner: its cards join the table, and the next trick with a winner takes all four."""
    state = _trick(
        ["goblins:6", "knights:7", "goblins:4"],
        ["goblins:3", CUBE, "goblins:2", "dwarves:3"],
        [
            "play goblins:6",
            "play goblins:3",
            "use ice-sword",
            "play knights:7",
            f"play {CUBE}",
            "play goblins:4",
            "play goblins:2",
        ],
        phase=2,
        heroes=["gelatinous-cube"],
    )
    first, second, third = tricks(state)
    assert (first["winner"], second["winner"], third["winner"]) == (None, None, 0)
    assert _values(second) == [(0, "knights:7", 13), (1, CUBE, 4)]
    assert state.table == []
    assert sorted(zone(state, "score", 0)) == sorted(
        ["goblins:4", "goblins:2", "goblins:6", "goblins:3", "knights:7", CUBE]
    )


# -- when no further trick is possible ------------------------------------------------------------


def test_no_effect_in_the_last_trick_of_phase_two() -> None:
    """A18, A20, H21: with one card each no further trick can follow: the Sword is still offered
    and may be used, but it has no effect — the trick resolves normally (goblins:8 wins), no
    bonus waits, and the game ends."""
    state = _trick(
        ["goblins:6"],
        ["goblins:8"],
        ["play goblins:6", "play goblins:8"],
        phase=2,
        artifacts=(HOLDER0[0], ("kings-dagger", "endless-rope", "wishing-lamp")),
    )
    assert engine.legal_actions(state) == ["use ice-sword", "pass"]
    engine.apply(state, "use ice-sword")
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == "higher value"
    assert trick["artifacts"] == [SWORD]
    assert state.table == []
    assert zone(state, "score", 1) == ["goblins:6", "goblins:8"]
    assert state.used_artifacts[0] == [SWORD]
    assert _bonuses(state) == {}
    assert state.result is not None


def test_no_effect_when_only_one_hand_is_empty_after_the_trick() -> None:
    """A18, H21 ("either hand is empty"): player 1 plays their last card, player 0 still holds
    one: no further trick, so the Phase One trick resolves normally (player 1 takes the prize,
    player 0 draws) and Phase One ends."""
    state = _trick(
        ["goblins:6", "goblins:1"],
        ["goblins:8"],
        ["play goblins:6", "play goblins:8", "use ice-sword"],
        number=13,
        deck_top=["dwarves:9"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["artifacts"] == [SWORD]
    assert state.phase == 2
    assert state.table == []
    assert zone(state, "hand", 1) == [PRIZE]
    assert zone(state, "hand", 0) == ["dwarves:9"]
    assert zone(state, "discard") == ["goblins:6", "goblins:8", "goblins:1"]
    assert _bonuses(state) == {}


def test_phase_one_with_an_empty_deck_the_held_prize_allows_the_next_trick() -> None:
    """A18, R-1, R-2: the prize was the deck's last card, but it stays face-up after the frozen
    trick, so trick 2 is played for it; its winner takes it with the bundle, the loser draws
    nothing (the deck is empty), and Phase One ends (no prize can be revealed)."""
    state = _trick(
        ["goblins:6", "goblins:4", "knights:2"],
        ["goblins:8", "goblins:3", "knights:3"],
        [*FREEZE, "play goblins:4", "play goblins:3"],
        deck_top=(),
        number=12,
    )
    first, second = tricks(state)
    assert (first["number"], first["winner"]) == (12, None)
    assert (second["number"], second["prize"], second["winner"]) == (13, PRIZE, 1)
    assert state.phase == 2
    assert zone(state, "hand", 1) == ["goblins:6", "goblins:8", PRIZE]
    assert zone(state, "hand", 0) == []
    assert zone(state, "discard") == ["goblins:4", "goblins:3", "knights:2", "knights:3"]


# -- against a Gelatinous Cube (A38) --------------------------------------------------------------


def test_on_a_cube_trick_the_sword_decides() -> None:
    """A38: the Cube played second would bury the lead (R-63), but the Sword acts at the
    artifact tier: both cards freeze, and each player's bonus waits — the lead's printed 5 for
    player 0, the Cube's R-61 value 1 for player 1 (a buried card gives no bonus). The next
    winner takes both with the prize."""
    cube = (["goblins:5", "goblins:6", "goblins:1"], [CUBE, "dwarves:2", "dwarves:4"])
    state = _trick(
        *cube,
        ["play goblins:5", f"play {CUBE}"],
        heroes=["gelatinous-cube"],
        artifacts=(HOLDER0[0], QUIET1),
    )
    assert engine.legal_actions(state) == ["use ice-sword", "pass"]
    engine.apply(state, "use ice-sword")
    trick = last_trick(state)
    assert trick["winner"] is None
    assert trick["reason"] == FROZE
    assert codes(state.table) == ["goblins:5", CUBE]
    assert _bonuses(state) == {"ice-sword:0": 5, "ice-sword:1": 1}
    engine.apply(state, "play goblins:6")
    engine.apply(state, "play dwarves:4")
    second = last_trick(state)
    assert _values(second) == [(0, "goblins:6", 11), (1, "dwarves:4", 5)]
    assert second["winner"] == 0
    assert zone(state, "followers", 0) == ["goblins:5", CUBE, PRIZE]

    # without the Sword the Cube buries the lead and no bonus waits
    passed = _trick(
        *cube,
        ["play goblins:5", f"play {CUBE}", "pass"],
        heroes=["gelatinous-cube"],
        artifacts=(HOLDER0[0], QUIET1),
    )
    assert last_trick(passed)["reason"] == "the Gelatinous Cube swallowed the lead card: no winner"
    assert last_trick(passed)["winner"] is None
    assert _bonuses(passed) == {}


# -- records --------------------------------------------------------------------------------------


def test_a_game_with_a_frozen_trick_saves_and_replays_exactly() -> None:
    """A19, records.md: every ``use`` and ``pass`` is a move; the saved record of a game with a
    frozen trick and the trick after it replays to the same state (table, counters, history)."""
    record = stacked_record(
        CLAIM,
        ["goblins:6", "goblins:4"],
        ["goblins:8", "goblins:3"],
        ["dwarves:9", "dwarves:8", "dwarves:7"],
        moves=[*FREEZE],
        artifacts=HOLDER0,
    )
    state = replay(record)
    assert codes(state.table) == ["goblins:6", "goblins:8"]
    assert _bonuses(state) == {"ice-sword:0": 6, "ice-sword:1": 8}
    saved = json.loads(json.dumps(records.to_record(state)))
    assert saved["moves"] == FREEZE
    assert saved["setup"]["artifacts"] == [list(a) for a in HOLDER0]
    again = records.replay(saved)
    assert again.to_dict() == state.to_dict()
    assert view.report(again) == view.report(state)
    for move in ["play goblins:4", "play goblins:3"]:
        engine.apply(state, move)
    saved = json.loads(json.dumps(records.to_record(state)))
    again = records.replay(saved)
    assert again.to_dict() == state.to_dict()
    assert tricks(again)[1]["plays"] == tricks(state)[1]["plays"]
    assert zone(again, "followers", 1) == ["goblins:6", "goblins:8", "dwarves:9"]
