"""Death (§6, RULINGS H4, H33; value 5, R-61): Phase Two: nobody collects the trick: both played
cards go to the discard pile, Dwarves and Trolls included (hero tier, §4.4), whichever card was
played first. The would-be winner is still the trick's winner for everything else (it leads next,
takes the Troll pool at the end, ...). Phase One: no effect."""

from __future__ import annotations

from collections.abc import Sequence

from claim.core import engine
from claim.core.state import State
from scenario import CLAIM, CLAIM2, last_trick, position_record, replay, zone

DEATH = "hero:death"


def _trick(
    hand0: list[str],
    hand1: list[str],
    moves: Sequence[str] = (),
    phase: int = 2,
    number: int = 1,
    factions: Sequence[str] = CLAIM,
    heroes: Sequence[str] = (),
    troll_pool: Sequence[str] = (),
) -> State:
    """Play ``moves`` from a trick of ``phase``, player 0 leading, Death and ``heroes`` in the
    game, with an empty discard pile."""
    return replay(
        position_record(
            factions,
            phase=phase,
            number=number,
            prize="goblins:8" if phase == 1 else None,
            deck_top=["goblins:6", "goblins:7"] if phase == 1 else [],
            hands=[hand0, hand1],
            troll_pool=troll_pool,
            heroes=["death", *heroes],
            discard=[],
            moves=moves,
        )
    )


def test_a_led_death_that_wins_discards_both_cards_and_leads_next() -> None:
    """H33: the led Death (5) beats goblins:3; nobody collects: both cards are discarded; player 0
    is the trick's winner and leads next."""
    state = _trick([DEATH, "goblins:1"], ["goblins:3", "goblins:2"], ["play hero:death"])
    assert engine.legal_actions(state) == ["play goblins:3", "play goblins:2"]
    engine.apply(state, "play goblins:3")
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == "higher value"
    assert trick["plays"][0] == {"player": 0, "card": DEATH, "value": 5}
    assert zone(state, "discard") == [DEATH, "goblins:3"]
    assert zone(state, "score", 0) == zone(state, "score", 1) == []
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["play goblins:1"]


def test_a_losing_death_still_discards_both_and_the_winner_leads() -> None:
    """H33: goblins:8 beats the led Death; both are discarded and player 1, the winner, leads."""
    state = _trick(
        [DEATH, "goblins:1"],
        ["goblins:8", "goblins:2"],
        ["play hero:death", "play goblins:8"],
    )
    assert last_trick(state)["winner"] == 1
    assert zone(state, "discard") == [DEATH, "goblins:8"]
    assert zone(state, "score", 0) == zone(state, "score", 1) == []
    assert engine.current_player(state) == 1


def test_death_second_discards_a_led_dwarf() -> None:
    """§4.4 (heroes > factions), H33, §5.1 Dwarves: dwarves:3 led, Death off-faction second; the
    Dwarf's player wins, and the Dwarf is discarded instead of going to the loser."""
    state = _trick(
        ["dwarves:3", "goblins:1"],
        [DEATH, "goblins:2"],
        ["play dwarves:3", "play hero:death"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == "the follower did not follow faction"
    assert zone(state, "discard") == ["dwarves:3", DEATH]
    assert zone(state, "score", 0) == zone(state, "score", 1) == []
    assert engine.current_player(state) == 0


def test_a_dwarf_played_after_death_is_discarded_too() -> None:
    """§4.4, H33: the tier decides, not the play order (R-3 is within a tier only): dwarves:2
    following a led Death loses and is discarded, not given to its player."""
    state = _trick(
        [DEATH, "goblins:1"],
        ["dwarves:2", "goblins:2"],
        ["play hero:death", "play dwarves:2"],
    )
    assert last_trick(state)["winner"] == 0
    assert zone(state, "discard") == [DEATH, "dwarves:2"]
    assert zone(state, "score", 1) == []


def test_a_troll_is_discarded_and_the_pool_untouched() -> None:
    """H33, §5.2 Trolls: trolls:4 led wins against the off-faction Death; the Troll is discarded,
    not sent to the pool, and the pool's trolls:8 is not collected."""
    state = _trick(
        ["trolls:4", "gnomes:1"],
        [DEATH, "gnomes:3"],
        ["play trolls:4", "play hero:death"],
        factions=CLAIM2,
        troll_pool=["trolls:8"],
    )
    assert last_trick(state)["winner"] == 0
    assert zone(state, "discard") == ["trolls:4", DEATH]
    assert zone(state, "troll_pool") == ["trolls:8"]
    assert zone(state, "score", 0) == zone(state, "score", 1) == []
    assert zone(state, "gnomes", 0) == zone(state, "gnomes", 1) == []


def test_the_would_be_winner_of_the_last_trick_takes_the_troll_pool() -> None:
    """H33 (winner "for everything ... Troll pool at the end"), §9 step 1: Death wins the last
    trick (5 > 2) and is discarded with seers:2; player 0 takes the pool's trolls:5 and the
    Troll vote."""
    state = _trick(
        [DEATH],
        ["seers:2"],
        ["play hero:death", "play seers:2"],
        number=13,
        factions=CLAIM2,
        troll_pool=["trolls:5"],
    )
    assert last_trick(state)["winner"] == 0
    assert zone(state, "discard") == [DEATH, "seers:2"]
    assert zone(state, "troll_pool") == []
    assert zone(state, "score", 0) == ["trolls:5"]
    assert state.result is not None
    assert state.result["votes"]["trolls"] == 0
    assert state.result["winner"] == 0
    assert state.result["reason"] == "votes"


def test_a_basilisk_capture_is_undone() -> None:
    """H33 ("no Basilisk capture"), §4.4, §5.6 Basilisks: basilisks:5 on the led Death (5) wins by
    its power, but Death discards both cards: nothing is captured; the Basilisk's player, the
    winner, leads next."""
    state = _trick(
        [DEATH, "goblins:1"],
        ["basilisks:5", "goblins:2"],
        ["play hero:death", "play basilisks:5"],
        factions=["goblins", "knights", "basilisks", "undead", "dwarves"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == "the Basilisk matched the lead's value and captured it"
    assert zone(state, "discard") == [DEATH, "basilisks:5"]
    assert zone(state, "score", 0) == zone(state, "score", 1) == []
    assert engine.current_player(state) == 1


def test_the_would_be_winner_leads_even_against_a_dragon() -> None:
    """§4.4 (heroes > factions, "who leads next" included), §6 Death, H33, §5.2 Dragons: the led
    Death (5) beats dragons:3; the Dragon's power would have its player lead, but Death's hero
    power names the would-be winner, player 0."""
    state = _trick(
        [DEATH, "gnomes:1"],
        ["dragons:3", "gnomes:3"],
        ["play hero:death", "play dragons:3"],
        factions=CLAIM2,
    )
    assert last_trick(state)["winner"] == 0
    assert zone(state, "discard") == [DEATH, "dragons:3"]
    assert engine.current_player(state) == 0


def test_no_effect_in_phase_one() -> None:
    """H4, H33 ("Phase One: no effect"): undead:4 led beats the off-faction Death; the Undead
    power still sends the Undead to the winner's Score pile; Death is discarded; prize and draw as
    usual."""
    state = _trick(
        ["undead:4", "goblins:1"],
        [DEATH, "goblins:2"],
        ["play undead:4", "play hero:death"],
        phase=1,
    )
    assert last_trick(state)["winner"] == 0
    assert zone(state, "score", 0) == ["undead:4"]
    assert zone(state, "discard") == [DEATH]
    assert zone(state, "followers", 0) == ["goblins:8"]
    assert zone(state, "followers", 1) == ["goblins:6"]
    assert engine.current_player(state) == 0


def test_a_vampire_queen_second_takes_its_power_away() -> None:
    """§6 Vampire Queen, H7, H38: the Queen (6) following a led Death (5) wins, and Death has lost
    its power: the Queen's player collects both cards."""
    state = _trick(
        [DEATH, "goblins:1"],
        ["hero:vampire-queen", "goblins:2"],
        ["play hero:death", "play hero:vampire-queen"],
        heroes=["vampire-queen"],
    )
    assert last_trick(state)["winner"] == 1
    assert zone(state, "score", 1) == [DEATH, "hero:vampire-queen"]
    assert zone(state, "discard") == []
    assert engine.current_player(state) == 1


def test_a_gargoyle_discarded_by_death_is_never_counted() -> None:
    """H33, H32: the led Gargoyle (6) beats Death in the last trick, but both are discarded: no
    ``count gargoyle`` decision, the game is scored at once."""
    state = _trick(
        ["hero:gargoyle"],
        [DEATH],
        ["play hero:gargoyle", "play hero:death"],
        number=13,
        heroes=["gargoyle"],
    )
    assert last_trick(state)["winner"] == 0
    assert zone(state, "discard") == ["hero:gargoyle", DEATH]
    assert state.result is not None
    assert state.result["winner"] is None
    assert state.result["reason"] == "draw"
