"""Underworld (Setting, §7): every printed 0 counts as 10, at all times, the end of the game
included. L2: every value used to rank, sum or threshold changes (effective values, the Troll
ranking, vote tie-breaks, Cyclops' lowest, Tower sums, Pyramid); equality matches of printed
numbers (Toxics, Ice King/Queen pairs, Giants/Gnomes) keep the printed 0; a Basilisk compares
effective values (0 = 10). H1: a hero's R-61 value is its printed value (Bug Lord is 10).
Locations are the lowest tier (§4.4): faction and hero powers act on top of the 10."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from claim.core import cards, engine
from claim.core.state import State
from scenario import last_trick, position_record, replay, zone

CLAIM = ["goblins", "knights", "undead", "dwarves", "doppelgangers"]
ALL_TOXICS = [cards.CODE[c] for c in cards.IDS_BY_FACTION["toxic"]]


def _locate(record: dict[str, Any], setting: str | None, building: str | None = None) -> None:
    """Put the locations in the record's setup (a position record carries its own)."""
    for setup in (record["position"]["setup"], record.get("setup")):
        if setup is None:
            continue
        for kind, name in (("setting", setting), ("building", building)):
            if name is None:
                setup.pop(kind, None)
            else:
                setup[kind] = name


def _game(
    hands: Sequence[Sequence[str]],
    moves: Sequence[str],
    *,
    factions: Sequence[str] = CLAIM,
    setting: str | None = "underworld",
    building: str | None = None,
    phase: int = 2,
    toxics: Sequence[str] | None = None,
    **kwargs: Any,
) -> State:
    """A built position (player 0 leading unless told) under ``setting``, then ``moves``."""
    if phase == 1:
        kwargs.setdefault("prize", "goblins:8" if "goblins" in factions else None)
        kwargs.setdefault("deck_top", [])
    record = position_record(factions, phase=phase, hands=hands, moves=moves, **kwargs)
    _locate(record, setting, building)
    if toxics is not None:
        rest = list(ALL_TOXICS)
        for code in toxics:
            rest.remove(code)
        record["position"]["toxics"] = list(toxics)
        record["position"]["out"] = rest
    state = replay(record)
    assert state.config.setting == setting
    assert state.config.building == building
    return state


# -- in a trick ---------------------------------------------------------------------------------


def test_a_led_zero_is_ten_and_beats_a_following_nine() -> None:
    """§7, L2: goblins:0 led counts 10 and beats the following goblins:9 (value shown 10); the
    winner collects both and leads next."""
    state = _game(
        [["goblins:0", "goblins:1"], ["goblins:9", "goblins:2"]],
        ["play goblins:0", "play goblins:9"],
    )
    trick = last_trick(state)
    assert trick["plays"] == [
        {"player": 0, "card": "goblins:0", "value": 10},
        {"player": 1, "card": "goblins:9", "value": 9},
    ]
    assert trick["winner"] == 0
    assert trick["reason"] == "higher value"
    assert zone(state, "score", 0) == ["goblins:0", "goblins:9"]
    assert zone(state, "score", 1) == []
    assert engine.current_player(state) == 0


def test_without_underworld_the_nine_wins() -> None:
    """§4.3 control for L2: with no setting goblins:0 is 0 and loses to goblins:9."""
    state = _game(
        [["goblins:0", "goblins:1"], ["goblins:9", "goblins:2"]],
        ["play goblins:0", "play goblins:9"],
        setting=None,
    )
    trick = last_trick(state)
    assert [p["value"] for p in trick["plays"]] == [0, 9]
    assert trick["winner"] == 1
    assert zone(state, "score", 1) == ["goblins:0", "goblins:9"]


def test_a_following_zero_beats_a_led_nine_in_phase_one() -> None:
    """§7 "at all times", L2: in Phase One a following goblins:0 (10) beats goblins:9; the
    follower takes the prize, the leader draws the top card, the played cards are discarded."""
    state = _game(
        [["goblins:9", "goblins:1"], ["goblins:0", "goblins:2"]],
        ["play goblins:9", "play goblins:0"],
        phase=1,
        prize="goblins:8",
        deck_top=["goblins:7", "goblins:6"],
    )
    trick = last_trick(state)
    assert [p["value"] for p in trick["plays"]] == [9, 10]
    assert trick["winner"] == 1
    assert zone(state, "followers", 1) == ["goblins:8"]
    assert zone(state, "followers", 0) == ["goblins:7"]
    assert zone(state, "discard")[-2:] == ["goblins:9", "goblins:0"]


def test_a_zero_equals_a_ten_and_the_tie_goes_to_the_leader() -> None:
    """L2, §4.3: ice-kings:0 (10) following ice-kings:10 is an equal value: the leader wins; and
    ice-kings:0 led keeps the tie against a following ice-kings:10."""
    factions = ["ice-kings", "ice-queens", "undead", "dwarves", "trolls"]
    state = _game(
        [["ice-kings:10", "undead:1"], ["ice-kings:0", "undead:2"]],
        ["play ice-kings:10", "play ice-kings:0"],
        factions=factions,
    )
    trick = last_trick(state)
    assert [p["value"] for p in trick["plays"]] == [10, 10]
    assert trick["winner"] == 0
    assert trick["reason"] == "equal values go to the leader"
    state = _game(
        [["ice-kings:0", "undead:1"], ["ice-kings:10", "undead:2"]],
        ["play ice-kings:0", "play ice-kings:10"],
        factions=factions,
    )
    assert last_trick(state)["winner"] == 0
    assert zone(state, "score", 0) == ["ice-kings:0", "ice-kings:10"]


def test_only_printed_zeros_change_and_following_is_unchanged() -> None:
    """§7: only a printed 0 changes; an off-faction goblins:0 (10) still loses to a led
    knights:3 (§4.3: the follower did not follow)."""
    state = _game(
        [["knights:3", "undead:1"], ["goblins:0", "undead:2"]],
        ["play knights:3", "play goblins:0"],
    )
    trick = last_trick(state)
    assert [p["value"] for p in trick["plays"]] == [3, 10]
    assert trick["winner"] == 0
    assert trick["reason"] == "the follower did not follow faction"


def test_bug_lord_is_ten() -> None:
    """H1, L2: the Bug Lord's R-61 value 0 is a printed 0: 10 under the Underworld. In Phase One
    (no bonus, H24) the led Bug Lord (10) beats a following goblins:9."""
    state = _game(
        [["hero:bug-lord", "goblins:1"], ["goblins:9", "goblins:2"]],
        ["play hero:bug-lord", "play goblins:9"],
        phase=1,
        prize="goblins:8",
        deck_top=["goblins:7", "goblins:6"],
        heroes=["bug-lord"],
    )
    trick = last_trick(state)
    assert [p["value"] for p in trick["plays"]] == [10, 9]
    assert trick["winner"] == 0
    assert zone(state, "followers", 0) == ["goblins:8"]


def test_bug_lord_is_ten_plus_its_phase_two_bonus() -> None:
    """H1, H24, §4.2 (locations first, then heroes): in Phase Two the Bug Lord is 10 + 1 per
    faction card in its player's Score pile: 12 with two, beating a led goblins:0 (10)."""
    state = _game(
        [["goblins:0", "goblins:1"], ["hero:bug-lord", "knights:2"]],
        ["play goblins:0", "play hero:bug-lord"],
        heroes=["bug-lord"],
        scores=[[], ["undead:3", "undead:4"]],
    )
    trick = last_trick(state)
    # a hero played second is off-faction (§6): the leader wins whatever the values
    assert [p["value"] for p in trick["plays"]] == [10, 12]
    assert trick["winner"] == 0
    state = _game(
        [["hero:bug-lord", "goblins:1"], ["goblins:0", "knights:2"]],
        ["play hero:bug-lord", "play goblins:0"],
        heroes=["bug-lord"],
        scores=[["undead:3", "undead:4"], []],
    )
    trick = last_trick(state)
    assert [p["value"] for p in trick["plays"]] == [12, 10]
    assert trick["winner"] == 0
    assert zone(state, "score", 0) == ["undead:3", "undead:4", "hero:bug-lord", "goblins:0"]


# -- Troll ranking --------------------------------------------------------------------------------


def test_troll_choice_ranks_a_zero_in_the_pool_as_ten() -> None:
    """§5.2 Trolls, L2: the winner takes the single highest Troll among those played and the
    pool; trolls:0 in the pool is 10, above the played trolls:9, so it is taken and both played
    Trolls go to the pool."""
    factions = ["gnomes", "giants", "dragons", "trolls", "seers"]
    state = _game(
        [["trolls:9", "dragons:1"], ["trolls:3", "dragons:2"]],
        ["play trolls:9", "play trolls:3"],
        factions=factions,
        troll_pool=["trolls:0"],
    )
    assert last_trick(state)["winner"] == 0
    assert zone(state, "score", 0) == ["trolls:0"]
    assert zone(state, "troll_pool") == ["trolls:9", "trolls:3"]


def test_troll_choice_without_underworld_keeps_the_nine() -> None:
    """§5.2 Trolls control for L2: with no setting trolls:0 is the lowest; the winner keeps the
    played trolls:9, the other played Troll joins the pool."""
    factions = ["gnomes", "giants", "dragons", "trolls", "seers"]
    state = _game(
        [["trolls:9", "dragons:1"], ["trolls:3", "dragons:2"]],
        ["play trolls:9", "play trolls:3"],
        factions=factions,
        troll_pool=["trolls:0"],
        setting=None,
    )
    assert zone(state, "score", 0) == ["trolls:9"]
    assert sorted(zone(state, "troll_pool")) == ["trolls:0", "trolls:3"]


def test_a_played_zero_troll_beats_a_nine_in_the_pool() -> None:
    """L2: a led trolls:0 (10) wins the trick and is the highest Troll: the winner keeps it,
    trolls:9 stays in the pool and the following trolls:5 joins it."""
    factions = ["gnomes", "giants", "dragons", "trolls", "seers"]
    state = _game(
        [["trolls:0", "dragons:1"], ["trolls:5", "dragons:2"]],
        ["play trolls:0", "play trolls:5"],
        factions=factions,
        troll_pool=["trolls:9"],
    )
    assert last_trick(state)["winner"] == 0
    assert zone(state, "score", 0) == ["trolls:0"]
    assert sorted(zone(state, "troll_pool")) == ["trolls:5", "trolls:9"]


# -- the end of the game --------------------------------------------------------------------------


def _last_trick_game(
    scores: Sequence[Sequence[str]],
    *,
    factions: Sequence[str] = CLAIM,
    setting: str | None = "underworld",
    building: str | None = None,
    hands: Sequence[Sequence[str]] = (["undead:5"], ["undead:6"]),
    toxics: Sequence[str] | None = None,
) -> State:
    """Both players on their last card in Phase Two (player 1 wins the last trick with the
    higher card), played out to the end of the game."""
    state = _game(
        hands,
        [f"play {hands[0][0]}", f"play {hands[1][0]}"],
        factions=factions,
        setting=setting,
        building=building,
        scores=scores,
        number=13,
        toxics=toxics,
    )
    assert state.result is not None
    return state


def test_vote_tie_break_a_zero_beats_a_nine() -> None:
    """§9 step 5, L2: one Goblin each: goblins:0 (10) beats goblins:9 on equal counts; player 0
    wins Goblins and Doppelgangers, player 1 the Undead of the last trick: 2 votes to 1."""
    state = _last_trick_game([["goblins:0", "doppelgangers:1"], ["goblins:9"]])
    result = state.result
    assert result is not None
    assert result["votes"] == {
        "goblins": 0,
        "knights": None,
        "undead": 1,
        "dwarves": None,
        "doppelgangers": 0,
    }
    assert result["votes_won"] == [2, 1]
    assert result["winner"] == 0
    assert result["reason"] == "votes"
    assert zone(state, "score", 1) == ["goblins:9", "undead:5", "undead:6"]


def test_vote_tie_break_without_underworld_the_nine_wins() -> None:
    """§9 step 5 control for L2: with no setting goblins:9 beats goblins:0 on equal counts and
    player 1 wins 2 votes to 1."""
    state = _last_trick_game([["goblins:0", "doppelgangers:1"], ["goblins:9"]], setting=None)
    result = state.result
    assert result is not None
    assert result["votes"]["goblins"] == 1
    assert result["votes_won"] == [1, 2]
    assert result["winner"] == 1
    assert result["reason"] == "votes"


def test_cyclops_lowest_zero_is_ten() -> None:
    """§5.5, L2 "Cyclops' lowest": one Cyclops each; the lower lowest wins; cyclops:0 counts 10,
    so cyclops:1 is lower and wins the vote (with no setting cyclops:0 would win it)."""
    factions = ["goblins", "knights", "cyclops", "undead", "dwarves"]
    state = _last_trick_game([["cyclops:0"], ["cyclops:1"]], factions=factions)
    result = state.result
    assert result is not None
    assert result["votes"] == {
        "goblins": None,
        "knights": None,
        "cyclops": 1,
        "undead": 1,
        "dwarves": None,
    }
    assert result["winner"] == 1
    assert result["reason"] == "votes"
    control = _last_trick_game([["cyclops:0"], ["cyclops:1"]], factions=factions, setting=None)
    assert control.result is not None
    assert control.result["votes"]["cyclops"] == 0


def test_tower_sums_count_a_zero_as_ten() -> None:
    """§7 Tower, L2, L17: goblins:0 alone (sum 10) beats goblins:4 + goblins:5 (sum 9) despite
    fewer cards; with no setting the sum 0 loses."""
    scores = [["goblins:0"], ["goblins:4", "goblins:5"]]
    state = _last_trick_game(scores, building="tower")
    assert state.result is not None
    assert state.result["votes"]["goblins"] == 0
    control = _last_trick_game(scores, building="tower", setting=None)
    assert control.result is not None
    assert control.result["votes"]["goblins"] == 1


def test_pyramid_keeps_a_zero() -> None:
    """§7 Pyramid, L2, L13: cards with end value 3 or less are discarded; goblins:0 is 10 and
    stays, goblins:3 goes."""
    state = _last_trick_game([["goblins:0", "goblins:3"], []], building="pyramid")
    assert zone(state, "score", 0) == ["goblins:0"]
    assert "goblins:3" in zone(state, "discard")
    assert state.result is not None
    assert state.result["votes"]["goblins"] == 0


def test_ice_pairs_match_printed_zeros() -> None:
    """§5.7, L2: Ice King/Queen pairs match printed values: ice-kings:0 and ice-queens:0 are a
    pair and are both discarded, although they count 10."""
    factions = ["ice-kings", "ice-queens", "undead", "dwarves", "trolls"]
    state = _last_trick_game(
        [["ice-kings:0", "ice-queens:0", "ice-kings:3"], []], factions=factions
    )
    assert zone(state, "score", 0) == ["ice-kings:3"]
    assert "ice-kings:0" in zone(state, "discard")
    assert "ice-queens:0" in zone(state, "discard")
    assert state.result is not None
    assert state.result["votes"]["ice-queens"] is None


def test_a_zero_does_not_pair_with_a_printed_ten() -> None:
    """§5.7, L2: ice-kings:10 and ice-queens:0 both count 10 but their printed values differ:
    no pair, both stay and count at the end (Ice Queens: player 0's, ice-queens:0 against none)."""
    factions = ["ice-kings", "ice-queens", "undead", "dwarves", "trolls"]
    state = _last_trick_game([["ice-kings:10", "ice-queens:0"], []], factions=factions)
    assert zone(state, "score", 0) == ["ice-kings:10", "ice-queens:0"]
    assert state.result is not None
    assert state.result["votes"]["ice-kings"] == 0
    assert state.result["votes"]["ice-queens"] == 0


def test_toxics_match_a_printed_zero() -> None:
    """§5.4, L2: a revealed toxic:0 removes every faction card of printed value 0: goblins:0 is
    discarded although it counts 10; goblins:9 (no Toxic 9 or 10) stays."""
    factions = ["goblins", "knights", "poisoners", "undead", "dwarves"]
    state = _last_trick_game(
        [["goblins:0", "knights:2"], ["goblins:9"]],
        factions=factions,
        toxics=["toxic:0", "toxic:x", "toxic:1"],
    )
    assert zone(state, "score", 0) == ["knights:2"]
    assert zone(state, "score", 1) == ["goblins:9", "undead:5", "undead:6"]
    assert "goblins:0" in zone(state, "discard")
    assert state.result is not None
    assert state.result["votes"]["goblins"] == 1


# -- Basilisks compare effective values ------------------------------------------------------------


def test_a_basilisk_captures_a_led_zero_only_with_an_effective_ten() -> None:
    """§5.6, L2: a led goblins:0 is 10; basilisks:9 with one Unicorn in its player's Score pile
    is 10 (Phase Two), so it captures the lead card: player 1 wins, the goblins:0 goes into their
    Score pile."""
    factions = ["goblins", "knights", "unicorns", "basilisks", "dwarves"]
    state = _game(
        [["goblins:0", "knights:3"], ["basilisks:9", "knights:2"]],
        ["play goblins:0", "play basilisks:9"],
        factions=factions,
        scores=[[], ["unicorns:4"]],
    )
    trick = last_trick(state)
    assert [p["value"] for p in trick["plays"]] == [10, 10]
    assert trick["winner"] == 1
    assert trick["reason"] == "the Basilisk matched the lead's value and captured it"
    assert zone(state, "score", 1) == ["unicorns:4", "goblins:0", "basilisks:9"]


def test_a_basilisk_needs_an_effective_ten_against_a_led_zero() -> None:
    """§5.6, L2: basilisks:9 without a Unicorn is 9, not 10: no capture, the off-faction
    Basilisk loses to the led goblins:0; a basilisks:0 (10) captures a led goblins:0 (10)."""
    factions = ["goblins", "knights", "unicorns", "basilisks", "dwarves"]
    state = _game(
        [["goblins:0", "knights:3"], ["basilisks:9", "knights:2"]],
        ["play goblins:0", "play basilisks:9"],
        factions=factions,
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == "the follower did not follow faction"
    assert zone(state, "score", 0) == ["goblins:0", "basilisks:9"]
    state = _game(
        [["goblins:0", "knights:3"], ["basilisks:0", "knights:2"]],
        ["play goblins:0", "play basilisks:0"],
        factions=factions,
    )
    trick = last_trick(state)
    assert [p["value"] for p in trick["plays"]] == [10, 10]
    assert trick["winner"] == 1
    assert zone(state, "score", 1) == ["goblins:0", "basilisks:0"]


def test_without_underworld_a_basilisk_of_ten_does_not_capture_a_led_zero() -> None:
    """L2 control: without the Underworld the led goblins:0 is 0, so a basilisks:9 with a
    Unicorn bonus (10) does not match it: no capture, the off-faction Basilisk loses."""
    factions = ["goblins", "knights", "unicorns", "basilisks", "dwarves"]
    state = _game(
        [["goblins:0", "knights:3"], ["basilisks:9", "knights:2"]],
        ["play goblins:0", "play basilisks:9"],
        factions=factions,
        scores=[[], ["unicorns:4"]],
        setting=None,
    )
    trick = last_trick(state)
    assert [p["value"] for p in trick["plays"]] == [0, 10]
    assert trick["winner"] == 0
    assert zone(state, "score", 0) == ["goblins:0", "basilisks:9"]


# -- precedence (§4.4): the location is the lowest tier -----------------------------------------


def test_a_knight_beats_a_led_goblin_zero_of_ten() -> None:
    """§4.4, §5.1: a Knight on a Goblin lead wins whatever the values: knights:2 beats the led
    goblins:0 although the Underworld makes it 10 (the faction power overrides)."""
    state = _game(
        [["goblins:0", "undead:1"], ["knights:2", "undead:2"]],
        ["play goblins:0", "play knights:2"],
    )
    trick = last_trick(state)
    assert [p["value"] for p in trick["plays"]] == [10, 2]
    assert trick["winner"] == 1
    assert trick["reason"] == "a Knight played on a Goblin lead wins"
    assert zone(state, "score", 1) == ["goblins:0", "knights:2"]


def test_no_moon_a_werewolf_zero_is_ten_and_loses_to_a_nine() -> None:
    """§4.4, §5.3, L2: the Werewolf rule acts on the Underworld's value: with no moon the lower
    following Werewolf wins, and werewolves:0 (10) is higher than werewolves:9, so the 9 wins
    (without the Underworld the 0 would); a Werewolf won, the moon flips."""
    factions = ["goblins", "knights", "werewolves", "undead", "dwarves"]
    state = _game(
        [["werewolves:0", "goblins:1"], ["werewolves:9", "goblins:2"]],
        ["play werewolves:0", "play werewolves:9"],
        factions=factions,
    )
    trick = last_trick(state)
    assert [p["value"] for p in trick["plays"]] == [10, 9]
    assert trick["winner"] == 1
    assert trick["reason"] == "no moon: the lower Werewolf wins"
    assert state.moon == "full-moon"


def test_a_mummy_beats_a_led_zero_of_ten() -> None:
    """§4.4, H16: the Mummy played second on a card of effective value 7 or more wins; the led
    goblins:0 is 10 under the Underworld, so the Mummy (4) wins where the 10 would have won."""
    state = _game(
        [["goblins:0", "undead:1"], ["hero:mummy", "undead:2"]],
        ["play goblins:0", "play hero:mummy"],
        heroes=["mummy"],
    )
    trick = last_trick(state)
    assert [p["value"] for p in trick["plays"]] == [10, 4]
    assert trick["winner"] == 1
    assert zone(state, "score", 1) == ["goblins:0", "hero:mummy"]
    control = _game(
        [["goblins:0", "undead:1"], ["hero:mummy", "undead:2"]],
        ["play goblins:0", "play hero:mummy"],
        heroes=["mummy"],
        setting=None,
    )
    assert last_trick(control)["winner"] == 0


def test_a_stone_golem_does_not_crush_a_led_zero() -> None:
    """H16: the Stone Golem tests the lead card's final effective value (1–4): the led
    goblins:0 is 10, not crushed; the Golem played second is off-faction and loses, and both
    cards go to the winner."""
    state = _game(
        [["goblins:0", "undead:1"], ["hero:stone-golem", "undead:2"]],
        ["play goblins:0", "play hero:stone-golem"],
        heroes=["stone-golem"],
        discard=[],
    )
    trick = last_trick(state)
    assert [p["value"] for p in trick["plays"]] == [10, 5]
    assert trick["winner"] == 0
    assert zone(state, "score", 0) == ["goblins:0", "hero:stone-golem"]
    assert zone(state, "discard") == []


def test_lich_king_cuts_a_following_zero_from_ten() -> None:
    """§4.2 order (locations, then heroes), H14: a goblins:0 played after a led Lich King is
    10 - 3 = 7 and beats the Lich King's 6 (a led hero: values decide)."""
    state = _game(
        [["hero:lich-king", "undead:1"], ["goblins:0", "undead:2"]],
        ["play hero:lich-king", "play goblins:0"],
        heroes=["lich-king"],
    )
    trick = last_trick(state)
    assert [p["value"] for p in trick["plays"]] == [6, 7]
    assert trick["winner"] == 1
    assert trick["reason"] == "higher value"


def test_vampire_strength_counts_a_zero_as_ten() -> None:
    """R-21, V9, L2: the Vampire vote sums end values: player 0's stack vampires:0 + undead:2 is
    10 + 2 = 12 against player 1's vampires:9 + undead:1 = 10, so player 0 wins Vampires (with no
    setting 2 against 10: player 1). Player 1 wins the last trick's Goblins; 1 vote each, 2 cards
    each in the factions won (the stack counts 1 + tucked): a draw."""
    factions = ["goblins", "knights", "vampires", "undead", "dwarves"]
    results = []
    for setting in ("underworld", None):
        record = position_record(
            factions,
            phase=2,
            number=13,
            hands=[["goblins:5"], ["goblins:6"]],
            moves=["play goblins:5", "play goblins:6", "pass"],  # player 1 tucks nothing
        )
        players = record["position"]["players"]
        players[0]["vampire"], players[0]["tucked"] = ["vampires:0"], ["undead:2"]
        players[1]["vampire"], players[1]["tucked"] = ["vampires:9"], ["undead:1"]
        for code in ("vampires:0", "vampires:9", "undead:1", "undead:2"):
            record["position"]["discard"].remove(code)
        _locate(record, setting)
        state = replay(record)
        assert state.config.setting == setting
        assert state.result is not None
        results.append(state.result)
    under, control = results
    assert under["votes"] == {
        "goblins": 1,
        "knights": None,
        "vampires": 0,
        "undead": None,
        "dwarves": None,
    }
    assert under["votes_won"] == [1, 1]
    assert under["cards_in_won_factions"] == [2, 2]
    assert under["winner"] is None
    assert under["reason"] == "draw"
    assert control["votes"]["vampires"] == 1
    assert control["winner"] == 1
