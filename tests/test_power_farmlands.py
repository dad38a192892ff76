"""Farmlands (Setting, §7, R-71): a card with printed value 2 outranks every card of its faction
that is not a 2, whatever modifiers apply to the others; two 2s compare by effective value. L3: it
changes rank, not value: the 2 ranks as the highest card of its faction wherever same-faction
cards are compared during play (tricks, the Troll choice); values (Basilisk, heroes, Tower) are
untouched; not at the end (§9.5); under a Werewolf no-moon the lower rank wins, so a Werewolf 2
loses to every other Werewolf. Locations are the lowest tier (§4.4)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from claim.core import engine
from claim.core.state import State
from scenario import last_trick, position_record, replay, zone

CLAIM = ["goblins", "knights", "undead", "dwarves", "doppelgangers"]
MERCS = ["elves", "orcs", "unicorns", "undead", "dwarves"]
WOLVES = ["goblins", "knights", "werewolves", "undead", "dwarves"]
TROLLS = ["gnomes", "giants", "dragons", "trolls", "seers"]


def _locate(record: dict[str, Any], setting: str | None) -> None:
    """Put the setting in the record's setup (a position record carries its own)."""
    for setup in (record["position"]["setup"], record.get("setup")):
        if setup is None:
            continue
        if setting is None:
            setup.pop("setting", None)
        else:
            setup["setting"] = setting


def _game(
    hands: Sequence[Sequence[str]],
    moves: Sequence[str],
    *,
    factions: Sequence[str] = CLAIM,
    setting: str | None = "farmlands",
    moon: str | None = None,
    **kwargs: Any,
) -> State:
    """A built Phase Two position (player 0 leading) under ``setting``, then ``moves``."""
    kwargs.setdefault("phase", 2)
    record = position_record(factions, hands=hands, moves=moves, **kwargs)
    _locate(record, setting)
    if moon is not None:
        record["position"]["moon"] = moon
    state = replay(record)
    assert state.config.setting == setting
    return state


# -- in a trick ---------------------------------------------------------------------------------


def test_a_following_two_beats_a_nine_of_its_faction() -> None:
    """R-71: goblins:2 following goblins:9 outranks it and wins; the values stay 9 and 2 (L3:
    rank, not value); the winner collects both and leads next."""
    state = _game(
        [["goblins:9", "undead:1"], ["goblins:2", "undead:2"]],
        ["play goblins:9", "play goblins:2"],
    )
    trick = last_trick(state)
    assert [p["value"] for p in trick["plays"]] == [9, 2]
    assert trick["winner"] == 1
    assert zone(state, "score", 1) == ["goblins:9", "goblins:2"]
    assert engine.current_player(state) == 1


def test_without_farmlands_the_nine_wins() -> None:
    """§4.3 control for R-71: with no setting goblins:9 beats the following goblins:2."""
    state = _game(
        [["goblins:9", "undead:1"], ["goblins:2", "undead:2"]],
        ["play goblins:9", "play goblins:2"],
        setting=None,
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == "higher value"


def test_a_led_two_beats_a_following_nine() -> None:
    """R-71: a led goblins:2 outranks the following goblins:9: the leader wins."""
    state = _game(
        [["goblins:2", "undead:1"], ["goblins:9", "undead:2"]],
        ["play goblins:2", "play goblins:9"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert zone(state, "score", 0) == ["goblins:2", "goblins:9"]
    assert zone(state, "score", 1) == []


def test_a_two_outranks_in_phase_one_too() -> None:
    """§7 "during the game": in Phase One knights:2 following knights:9 wins; the follower takes
    the prize, the leader draws the top card."""
    state = _game(
        [["knights:9", "undead:1"], ["knights:2", "undead:2"]],
        ["play knights:9", "play knights:2"],
        phase=1,
        prize="goblins:8",
        deck_top=["goblins:7", "goblins:6"],
    )
    assert last_trick(state)["winner"] == 1
    assert zone(state, "followers", 1) == ["goblins:8"]
    assert zone(state, "followers", 0) == ["goblins:7"]


def test_a_two_outranks_whatever_modifiers_apply_to_the_other() -> None:
    """R-71 "whatever modifiers apply to the others": with three Unicorns in player 0's Score
    pile the led elves:7 is 10 (Phase Two bonus), yet the following elves:2 outranks it."""
    state = _game(
        [["elves:7", "undead:1"], ["elves:2", "undead:2"]],
        ["play elves:7", "play elves:2"],
        factions=MERCS,
        scores=[["unicorns:1", "unicorns:3", "unicorns:5"], []],
    )
    trick = last_trick(state)
    assert [p["value"] for p in trick["plays"]] == [10, 2]
    assert trick["winner"] == 1


def test_two_twos_compare_by_effective_value() -> None:
    """R-71 "two 2s compare by effective value": elf-orc:2 declared Elves follows elves:2; with
    a Unicorn in player 1's Score pile it is 3 against 2 and wins."""
    state = _game(
        [["elves:2", "undead:1"], ["elf-orc:2", "undead:2"]],
        ["play elves:2", "play elf-orc:2 as elves"],
        factions=MERCS,
        scores=[[], ["unicorns:4"]],
    )
    trick = last_trick(state)
    assert [p["value"] for p in trick["plays"]] == [2, 3]
    assert trick["winner"] == 1
    assert trick["reason"] == "higher value"
    assert zone(state, "score", 1) == ["unicorns:4", "elves:2", "elf-orc:2"]


def test_two_twos_of_equal_value_go_to_the_leader() -> None:
    """R-71, §4.3: elves:2 and a following elf-orc:2 declared Elves, no modifier: equal values,
    the leader wins."""
    state = _game(
        [["elves:2", "undead:1"], ["elf-orc:2", "undead:2"]],
        ["play elves:2", "play elf-orc:2 as elves"],
        factions=MERCS,
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == "equal values go to the leader"


def test_farmlands_does_not_help_an_off_faction_two() -> None:
    """R-71 "of its faction": knights:2 on an undead:9 lead does not follow and loses (§4.3);
    goblins:2 on a led hero (no led faction, §6) competes by value: 2 < Jester 5, leader wins."""
    state = _game(
        [["undead:9", "goblins:1"], ["knights:2", "goblins:3"]],
        ["play undead:9", "play knights:2"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == "the follower did not follow faction"
    state = _game(
        [["hero:jester", "undead:1"], ["goblins:2", "undead:2"]],
        ["play hero:jester", "play goblins:2"],
        heroes=["jester"],
    )
    trick = last_trick(state)
    assert [p["value"] for p in trick["plays"]] == [5, 2]
    assert trick["winner"] == 0
    assert trick["reason"] == "higher value"


def test_non_twos_compare_as_usual() -> None:
    """R-71 touches only a 2 against a non-2: goblins:9 following goblins:5 wins as usual."""
    state = _game(
        [["goblins:5", "undead:1"], ["goblins:9", "undead:2"]],
        ["play goblins:5", "play goblins:9"],
    )
    assert last_trick(state)["winner"] == 1


def test_values_are_untouched_for_a_mummy() -> None:
    """L3 "values (heroes) are untouched": the Mummy second wins only on an effective value of 7
    or more; the led goblins:2 outranks its faction but is still value 2, so the off-faction
    Mummy loses."""
    state = _game(
        [["goblins:2", "undead:1"], ["hero:mummy", "undead:2"]],
        ["play goblins:2", "play hero:mummy"],
        heroes=["mummy"],
    )
    trick = last_trick(state)
    assert [p["value"] for p in trick["plays"]] == [2, 4]
    assert trick["winner"] == 0


def test_a_basilisk_matches_values_not_ranks() -> None:
    """L3 "values (Basilisk) are untouched": basilisks:2 on a led goblins:2 matches the value 2
    and captures it (the rank of the led 2 does not matter)."""
    factions = ["goblins", "knights", "basilisks", "undead", "dwarves"]
    state = _game(
        [["goblins:2", "undead:1"], ["basilisks:2", "undead:2"]],
        ["play goblins:2", "play basilisks:2"],
        factions=factions,
    )
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == "the Basilisk matched the lead's value and captured it"
    assert zone(state, "score", 1) == ["goblins:2", "basilisks:2"]


# -- Werewolves (§4.4: the faction power decides on the ranks) ----------------------------------


def test_no_moon_a_werewolf_two_loses_to_a_following_nine() -> None:
    """L3, §4.4: with no moon the lower rank wins, and the Farmlands 2 ranks highest: the led
    werewolves:2 loses to werewolves:9 (without Farmlands it would win); a Werewolf won, the moon
    flips."""
    state = _game(
        [["werewolves:2", "goblins:1"], ["werewolves:9", "goblins:3"]],
        ["play werewolves:2", "play werewolves:9"],
        factions=WOLVES,
        moon="no-moon",
    )
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == "no moon: the lower Werewolf wins"
    assert state.moon == "full-moon"
    control = _game(
        [["werewolves:2", "goblins:1"], ["werewolves:9", "goblins:3"]],
        ["play werewolves:2", "play werewolves:9"],
        factions=WOLVES,
        moon="no-moon",
        setting=None,
    )
    assert last_trick(control)["winner"] == 0


def test_no_moon_a_following_werewolf_two_loses_to_every_other_werewolf() -> None:
    """L3: with no moon werewolves:2 following werewolves:0 loses (the 0 ranks lower) — and
    the following 2 loses to a led 9 as well."""
    for lead in ("werewolves:0", "werewolves:9"):
        state = _game(
            [[lead, "goblins:1"], ["werewolves:2", "goblins:3"]],
            [f"play {lead}", "play werewolves:2"],
            factions=WOLVES,
            moon="no-moon",
        )
        trick = last_trick(state)
        assert trick["winner"] == 0, lead
        assert trick["reason"] == "no moon: the lower Werewolf wins"


def test_full_moon_a_werewolf_two_beats_a_nine() -> None:
    """R-71, §5.3: with a full moon the higher rank wins as usual: werewolves:2 following
    werewolves:9 wins, and the moon flips back to no moon."""
    state = _game(
        [["werewolves:9", "goblins:1"], ["werewolves:2", "goblins:3"]],
        ["play werewolves:9", "play werewolves:2"],
        factions=WOLVES,
        moon="full-moon",
    )
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert state.moon == "no-moon"


# -- the Troll choice ---------------------------------------------------------------------------


def test_troll_choice_keeps_the_two_over_a_nine_in_the_pool() -> None:
    """L3 (the Troll choice), §5.2: the led trolls:2 outranks trolls:5 and wins; the winner
    takes the single highest-ranked Troll among those played and the pool: the 2, over the
    pool's trolls:9; the trolls:5 joins the pool."""
    state = _game(
        [["trolls:2", "dragons:1"], ["trolls:5", "dragons:3"]],
        ["play trolls:2", "play trolls:5"],
        factions=TROLLS,
        troll_pool=["trolls:9"],
    )
    assert last_trick(state)["winner"] == 0
    assert zone(state, "score", 0) == ["trolls:2"]
    assert sorted(zone(state, "troll_pool")) == ["trolls:5", "trolls:9"]


def test_troll_choice_takes_a_two_from_the_pool() -> None:
    """L3, §5.2: the led trolls:9 beats trolls:3; the pool's trolls:2 outranks the played 9, so
    the winner takes the 2 and both played Trolls go to the pool."""
    state = _game(
        [["trolls:9", "dragons:1"], ["trolls:3", "dragons:3"]],
        ["play trolls:9", "play trolls:3"],
        factions=TROLLS,
        troll_pool=["trolls:2"],
    )
    assert last_trick(state)["winner"] == 0
    assert zone(state, "score", 0) == ["trolls:2"]
    assert sorted(zone(state, "troll_pool")) == ["trolls:3", "trolls:9"]


def test_troll_choice_without_farmlands_takes_the_nine() -> None:
    """§5.2 control for L3: with no setting the pool's trolls:9 is the highest Troll; the led
    trolls:2 loses to trolls:5, whose player takes the 9; both played Trolls go to the pool."""
    state = _game(
        [["trolls:2", "dragons:1"], ["trolls:5", "dragons:3"]],
        ["play trolls:2", "play trolls:5"],
        factions=TROLLS,
        troll_pool=["trolls:9"],
        setting=None,
    )
    assert last_trick(state)["winner"] == 1
    assert zone(state, "score", 1) == ["trolls:9"]
    assert sorted(zone(state, "troll_pool")) == ["trolls:2", "trolls:5"]


# -- not at the end of the game -------------------------------------------------------------------


def test_vote_tie_break_uses_printed_values() -> None:
    """L3 "not at the end (§9.5)": one Goblin each: goblins:9 beats goblins:2 on equal counts;
    player 1 (Goblins and the last trick's Undead) wins 2 votes to player 0's 1 (Doppelgangers)."""
    state = _game(
        [["undead:5"], ["undead:6"]],
        ["play undead:5", "play undead:6"],
        scores=[["goblins:2", "doppelgangers:1"], ["goblins:9"]],
        number=13,
    )
    result = state.result
    assert result is not None
    assert result["votes"] == {
        "goblins": 1,
        "knights": None,
        "undead": 1,
        "dwarves": None,
        "doppelgangers": 0,
    }
    assert result["votes_won"] == [1, 2]
    assert result["winner"] == 1
    assert result["reason"] == "votes"
