"""Precedence between heroes and faction powers (§4.4, H5): for each hero whose power can
conflict with a faction power, a constructed conflict in which the hero wins, whichever card was
played first. (Locations come with their own issue; the synthetic-power tests in
``test_precedence.py`` cover the location tier.)"""

from __future__ import annotations

from typing import Any

from claim.core import engine
from claim.core.state import State
from scenario import last_trick, position_record, replay, zone

DECK = ["goblins", "knights", "undead", "dwarves", "dragons"]
FEAR = ["goblins", "knights", "werewolves", "zombies", "seers"]
MAPS = ["gnomes", "giants", "basilisks", "unicorns", "trolls"]


def _play(
    factions: list[str],
    hands: list[list[str]],
    moves: list[str],
    heroes: list[str],
    phase: int = 2,
    **extra: Any,
) -> State:
    record = position_record(
        factions,
        phase=phase,
        prize="goblins:4" if phase == 1 else None,
        deck_top=["goblins:6", "goblins:7", "goblins:8"] if phase == 1 else [],
        hands=hands,
        heroes=heroes,
        moves=moves,
        **extra,
    )
    return replay(record)


def test_mummy_beats_the_werewolf_low_wins_rule() -> None:
    """No moon: a Werewolf lead wins against anything off-faction anyway, and the Werewolf power
    would flip the moon on its win; the Mummy (hero tier) wins on the 8 and the moon stays."""
    state = _play(
        FEAR,
        [["werewolves:8", "goblins:1"], ["hero:mummy", "goblins:2"]],
        ["play werewolves:8", "play hero:mummy"],
        ["mummy"],
    )
    assert last_trick(state)["winner"] == 1
    assert last_trick(state)["reason"] == "the Mummy beats a value of 7 or more"
    assert state.moon == "no-moon"


def test_a_led_witch_is_no_goblin_lead_for_a_knight() -> None:
    """Witch against Knights: a Knight's power needs a Goblin lead; on a led Witch only the Witch's
    rule decides (a Knight 7 loses, a Knight 8 wins by its even value above 5)."""
    lose = _play(
        DECK,
        [["hero:witch", "goblins:1"], ["knights:7", "goblins:2"]],
        ["play hero:witch", "play knights:7"],
        ["witch"],
    )
    assert last_trick(lose)["winner"] == 0
    win = _play(
        DECK,
        [["hero:witch", "goblins:1"], ["knights:8", "goblins:2"]],
        ["play hero:witch", "play knights:8"],
        ["witch"],
    )
    assert last_trick(win)["winner"] == 1
    assert last_trick(win)["reason"] == "only an even value above 5 beats the Witch"


def test_a_led_witch_beats_a_basilisk_of_equal_value_without_a_capture() -> None:
    """H6: the Basilisk's capture is part of its win; the Witch's rule overrides the win, so the
    Witch's player collects both cards normally."""
    state = _play(
        MAPS,
        [["hero:witch", "gnomes:1"], ["basilisks:5", "gnomes:3"]],
        ["play hero:witch", "play basilisks:5"],
        ["witch"],
    )
    assert last_trick(state)["winner"] == 0
    assert zone(state, "score", 0) == ["hero:witch", "basilisks:5"]
    assert zone(state, "score", 1) == []


def test_a_warlock_win_stops_a_zombie_capture() -> None:
    """Phase One: a Zombie lead that wins captures the other card; the Warlock second on the odd
    Zombie wins instead (H5: its card is the winning card), so nothing is captured."""
    state = _play(
        FEAR,
        [["zombies:5", "goblins:1"], ["hero:warlock", "goblins:2"]],
        ["play zombies:5", "play hero:warlock"],
        ["warlock"],
        phase=1,
    )
    assert last_trick(state)["winner"] == 1
    assert zone(state, "score", 0) == zone(state, "score", 1) == []
    assert zone(state, "discard")[-2:] == ["zombies:5", "hero:warlock"]


def test_a_centaur_archer_win_leaves_no_seer_decision() -> None:
    """Phase One: a Seer lead's winner would choose between the prize and the top card; the Archer
    second on the 5 wins, so no Seer decision is asked and the Archer's player takes the prize."""
    state = _play(
        FEAR,
        [["seers:5", "goblins:1"], ["hero:centaur-archer", "goblins:2"]],
        ["play seers:5", "play hero:centaur-archer"],
        ["centaur-archer"],
        phase=1,
    )
    assert last_trick(state)["winner"] == 1
    assert "take top" not in engine.legal_actions(state)
    assert zone(state, "followers", 1) == ["goblins:4"]


def test_a_singing_bard_names_the_leader_over_a_later_dragon() -> None:
    """The Dragon's player would lead next; the Bard's power is of the higher tier, so its player
    leads even though the Dragon was played after it and won."""
    state = _play(
        DECK,
        [["hero:singing-bard", "goblins:1"], ["dragons:9", "goblins:2"]],
        ["play hero:singing-bard", "play dragons:9"],
        ["singing-bard"],
    )
    assert last_trick(state)["winner"] == 1
    assert engine.current_player(state) == 0


def test_a_cube_trick_keeps_the_leader_despite_a_dragon() -> None:
    """H20: a Cube trick changes no leader; the led Dragon's power does nothing."""
    state = _play(
        DECK,
        [["dragons:9", "goblins:1"], ["hero:gelatinous-cube", "goblins:2"]],
        ["play dragons:9", "play hero:gelatinous-cube"],
        ["gelatinous-cube"],
    )
    assert last_trick(state)["winner"] is None
    assert engine.current_player(state) == 0
    assert sorted(zone(state, "score", 0) + zone(state, "score", 1)) == []


def test_a_stone_golem_crushes_an_undead_the_undead_power_would_score() -> None:
    """H17, Phase One: an Undead goes to the winner's Score pile; crushed by the Golem it is
    discarded."""
    state = _play(
        DECK,
        [["undead:3", "goblins:1"], ["hero:stone-golem", "goblins:2"]],
        ["play undead:3", "play hero:stone-golem"],
        ["stone-golem"],
        phase=1,
    )
    assert last_trick(state)["winner"] == 1
    assert zone(state, "score", 1) == []
    assert "undead:3" in zone(state, "discard")


def test_a_stone_golem_crushes_a_dwarf_the_dwarf_power_would_give_the_loser() -> None:
    """H17, Phase Two: a Dwarf goes to the loser's Score pile; crushed it is discarded."""
    state = _play(
        DECK,
        [["dwarves:2", "goblins:1"], ["hero:stone-golem", "goblins:2"]],
        ["play dwarves:2", "play hero:stone-golem"],
        ["stone-golem"],
    )
    assert zone(state, "score", 0) == []
    assert zone(state, "score", 1) == ["hero:stone-golem"]
    assert zone(state, "discard")[-1] == "dwarves:2"


def test_a_lycanthrope_declared_a_dwarf_has_no_dwarf_power() -> None:
    """H34: declared a Dwarf it is a value-5 Dwarf without the Dwarf's power: the winner takes it
    (a real Dwarf would go to the loser)."""
    state = _play(
        DECK,
        [["hero:lycanthrope", "goblins:1"], ["dwarves:7", "goblins:2"]],
        ["play hero:lycanthrope as dwarves", "play dwarves:7"],
        ["lycanthrope"],
    )
    assert last_trick(state)["winner"] == 1
    assert zone(state, "score", 1) == ["hero:lycanthrope"]
    assert zone(state, "score", 0) == ["dwarves:7"]  # the real Dwarf keeps its power


def test_a_vampire_queen_takes_the_dragons_power() -> None:
    """H7, H38: a Dragon led against a Vampire Queen loses its power: the trick's winner leads."""
    state = _play(
        DECK,
        [["dragons:1", "goblins:1"], ["hero:vampire-queen", "goblins:2"]],
        ["play dragons:1", "play hero:vampire-queen"],
        ["vampire-queen"],
    )
    assert last_trick(state)["winner"] == 0  # off-faction: the leader wins
    assert engine.current_player(state) == 0


def test_a_vampire_queen_sends_a_dwarf_to_the_winner() -> None:
    """H38: with its power gone a Dwarf is collected by the winner like any card."""
    state = _play(
        DECK,
        [["hero:vampire-queen", "goblins:1"], ["dwarves:2", "goblins:2"]],
        ["play hero:vampire-queen", "play dwarves:2"],
        ["vampire-queen"],
    )
    assert last_trick(state)["winner"] == 0
    assert zone(state, "score", 0) == ["hero:vampire-queen", "dwarves:2"]


def test_death_discards_a_dwarf_and_a_basilisk_capture() -> None:
    """H33: nobody collects a Death trick, Dwarves included; a Basilisk's capture does not
    happen."""
    dwarf = _play(
        DECK,
        [["hero:death", "goblins:1"], ["dwarves:7", "goblins:2"]],
        ["play hero:death", "play dwarves:7"],
        ["death"],
    )
    assert last_trick(dwarf)["winner"] == 1
    assert zone(dwarf, "score", 0) == zone(dwarf, "score", 1) == []
    assert zone(dwarf, "discard")[-2:] == ["hero:death", "dwarves:7"]
    basilisk = _play(
        MAPS,
        [["hero:death", "gnomes:1"], ["basilisks:5", "gnomes:3"]],
        ["play hero:death", "play basilisks:5"],
        ["death"],
    )
    assert last_trick(basilisk)["winner"] == 1  # the capture's win stands; the capture does not
    assert zone(basilisk, "score", 1) == []
    assert zone(basilisk, "discard")[-2:] == ["hero:death", "basilisks:5"]


def test_the_lich_king_cuts_after_the_unicorn_bonus() -> None:
    """§4.2: values change locations, then factions (Unicorns), then heroes (Lich King): a card
    with a +2 Unicorn bonus played after a Lich King ends at printed + 2 − 3."""
    state = _play(
        MAPS,
        [["hero:lich-king", "gnomes:1"], ["gnomes:7", "gnomes:3"]],
        ["play hero:lich-king", "play gnomes:7"],
        ["lich-king"],
        scores=[[], ["unicorns:1", "unicorns:2"]],
    )
    plays = last_trick(state)["plays"]
    assert plays[1]["value"] == 7 + 2 - 3
    assert last_trick(state)["winner"] == 0  # 6 against 6: the leader keeps the tie


def test_a_minotaur_as_the_last_card_beats_a_knight_on_a_goblin_lead() -> None:
    """H29, H5: a Minotaur that is its player's last card wins, and its power is of the higher
    tier than the Knight's (here the Minotaur leads and the Knight cannot act)."""
    state = _play(
        DECK,
        [["hero:minotaur"], ["knights:9", "goblins:2"]],
        ["play hero:minotaur", "play knights:9"],
        ["minotaur"],
    )
    assert last_trick(state)["winner"] == 0
    assert last_trick(state)["reason"] == "the Minotaur is its player's last card"


def test_a_jester_swap_hands_the_dragon_lead_to_its_new_owner() -> None:
    """R-64, H25: after the swap the follower owns the led Dragon; the Dragon's power names its
    current owner, and the Jester's swap (a hero power) decides who that is."""
    state = _play(
        DECK,
        [["dragons:1", "goblins:1"], ["hero:jester", "goblins:2"]],
        ["play dragons:1", "play hero:jester"],
        ["jester"],
    )
    trick = last_trick(state)
    assert trick["plays"][0] == {"player": 0, "card": "dragons:1", "value": 1}
    assert trick["winner"] == 0  # the Jester (5) led for player 0 beats the Dragon (1)
    assert engine.current_player(state) == 1  # the Dragon's owner after the swap leads
