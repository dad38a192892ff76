"""The readable account with heroes (claim.text.account): the heroes and their rules in the setup,
each hero decision, the Gelatinous Cube's trick and bundle, Cthulhu, declarations and the Gargoyle's
votes."""

from __future__ import annotations

from typing import Any

from claim.core import cards, records
from claim.core.powers import REGISTRY
from claim.core.setup import GameConfig
from claim.text.account import (
    Names,
    Narrator,
    describe_decision,
    hero_rules_lines,
    hero_table_lines,
    replay_account,
)
from scenario import CLAIM, position_record, stacked_record

NAMES = Names()
YOU = Names(("you", "the bot"))

#: the heroes of the built positions
HEROES = [
    "gelatinous-cube",
    "siren",
    "necromancer",
    "cthulhu",
    "skeleton",
    "kraken",
    "dinosaur",
    "gargoyle",
    "lycanthrope",
    "ent",
]


def _account(**kwargs: Any) -> list[str]:
    return replay_account(position_record(CLAIM, heroes=HEROES, **kwargs))


# -------------------------------------------------------------------------------------------------
# Setup and rules text
# -------------------------------------------------------------------------------------------------


def test_setup_lists_the_heroes_with_their_rules_and_changed_values() -> None:
    record = stacked_record(CLAIM, heroes=["skeleton", "witch"])
    record["setup"]["hero_values"] = {"witch": 7}
    lines = replay_account(record)
    assert "Heroes in the deck (2): Skeleton, Witch." in lines
    assert "  Drawn unseen from all 24 heroes." in lines  # no pool named: all 24
    skeleton = " ".join((REGISTRY["skeleton"].__doc__ or "").split()).replace("``", "'")
    assert f"  Skeleton (3): {skeleton}" in lines
    assert any(line.startswith("  Witch (7): Led: only a follow card") for line in lines)
    assert "Hero values changed (R-61, H9): Witch 7 (instead of 5)." in lines
    left_out = [line for line in lines if line.startswith("Left out of the game unseen")]
    assert len(left_out) == 1 and left_out[0].count(":") == 3  # two faction cards named
    # the Factions line first, the first leader after the heroes
    assert lines[0].startswith("Factions: ")
    assert lines.index("Player 0 leads the first trick.") > lines.index(
        "Hero values changed (R-61, H9): Witch 7 (instead of 5)."
    )


def test_a_named_pool_all_in_the_deck_is_not_said_twice() -> None:
    record = stacked_record(CLAIM, heroes=["skeleton", "witch"])
    record["setup"]["hero_pool"] = ["skeleton", "witch"]
    lines = replay_account(record)
    assert "Heroes in the deck (2): Skeleton, Witch." in lines
    assert not any(line.startswith("  Drawn unseen") for line in lines)
    assert not any(line.startswith("Hero values changed") for line in lines)


def test_a_game_without_heroes_says_nothing_of_them() -> None:
    lines = replay_account(stacked_record(CLAIM))
    assert not any("Hero" in line or "hero" in line for line in lines)


def test_hero_rules_lines_cover_the_pool() -> None:
    config = GameConfig(
        heroes=("jester",), hero_pool=("witch", "jester"), hero_values=(("jester", 7),)
    )
    lines = hero_rules_lines(config)
    assert [line.split(" (", 1)[0] for line in lines] == ["Jester", "Witch"]  # pool, R-60 order
    assert lines[0].startswith("Jester (7): Played second: the two played cards swap owners")
    assert hero_rules_lines(GameConfig()) == []
    every = hero_rules_lines(GameConfig(heroes=cards.HEROES))
    assert len(every) == 24 and all(": " in line for line in every)
    assert "Gelatinous Cube (1): Played second: the lead card is put under the Cube" in every[5]


# -------------------------------------------------------------------------------------------------
# Decisions
# -------------------------------------------------------------------------------------------------


def test_skeleton_says_which_card_it_drew() -> None:
    lines = _account(
        phase=2,
        hands=[["hero:skeleton", "goblins:1"], ["goblins:0", "knights:8"]],
        discard=["undead:4", "undead:5"],
        chance=["undead:5"],
        moves=["play hero:skeleton", "play goblins:0", "use skeleton"],
    )
    assert (
        "  Player 0 takes a random card from the discard pile with the Skeleton: undead:5." in lines
    )
    assert "  Cards: hero:skeleton, goblins:0 → player 0's Score pile." in lines


def test_siren_steal_after_the_collection() -> None:
    lines = _account(
        phase=2,
        hands=[["hero:siren", "goblins:1"], ["goblins:5", "undead:8"]],
        scores=[[], ["knights:7"]],
        moves=["play hero:siren", "play goblins:5", "steal knights:7"],
    )
    assert "  Player 0 steals knights:7 from player 1's Score pile with the Siren." in lines
    assert "  Cards: hero:siren, goblins:5 → player 1's Score pile." in lines


def test_siren_stealing_a_card_of_the_trick_shows_where_it_was_collected() -> None:
    lines = _account(
        phase=2,
        hands=[["hero:siren", "goblins:1"], ["goblins:5", "undead:8"]],
        moves=["play hero:siren", "play goblins:5", "steal goblins:5"],
    )
    assert "  Player 0 steals goblins:5 from player 1's Score pile with the Siren." in lines
    assert "  Cards: hero:siren, goblins:5 → player 1's Score pile." in lines


def test_kraken_take_and_give() -> None:
    lines = _account(
        phase=2,
        hands=[["hero:kraken", "goblins:9", "goblins:0"], ["goblins:2", "undead:3", "undead:5"]],
        chance=["undead:3"],
        moves=["play hero:kraken", "play goblins:2", "give goblins:0"],
    )
    i = lines.index("  The Kraken takes undead:3 at random from player 1's hand into player 0's.")
    assert lines[i + 1] == "  Kraken: player 0 gives goblins:0 to player 1 in return."


def test_dinosaur_back_to_hand() -> None:
    lines = _account(
        phase=2,
        hands=[["goblins:9", "goblins:1"], ["hero:dinosaur", "knights:8"]],
        moves=["play goblins:9", "play hero:dinosaur", "use dinosaur"],
    )
    assert "  Player 1 takes the Dinosaur back into their hand." in lines
    assert (
        "  Cards: goblins:9 → player 0's Score pile; hero:dinosaur → player 1's hand (the "
        "Dinosaur's power)."
    ) in lines


def test_cthulhu_discards_in_phase_two() -> None:
    lines = _account(
        phase=2,
        hands=[["hero:cthulhu", "goblins:9", "goblins:0"], ["knights:8", "undead:3", "undead:5"]],
        moves=["play hero:cthulhu", "play knights:8", "discard goblins:0", "discard undead:3"],
    )
    i = lines.index("  Cthulhu: player 0 discards goblins:0.")
    assert lines[i + 1] == "  Cthulhu: player 1 discards undead:3."
    assert "  Cards: hero:cthulhu, knights:8 → player 0's Score pile." in lines


def test_cthulhu_discards_stay_hidden_until_both_have_chosen() -> None:
    record = position_record(
        CLAIM,
        phase=2,
        heroes=HEROES,
        hands=[["hero:cthulhu", "goblins:9", "goblins:0"], ["knights:8", "undead:3", "undead:5"]],
    )
    state = records.initial_state(record)
    narrator = Narrator(state, viewer=1, names=Names(("the bot", "you")))
    told: list[str] = []
    for move in ("play hero:cthulhu", "play knights:8", "discard goblins:0"):
        told += narrator.apply(move)
    assert told == []
    assert narrator.decisions == ["Cthulhu: the bot discards a card."]
    told = narrator.apply("discard undead:3")
    assert "  Cthulhu: the bot discards goblins:0." in told
    assert "  Cthulhu: you discard undead:3." in told


def test_gargoyle_choice_and_the_votes_it_counts_in() -> None:
    lines = _account(
        phase=2,
        hands=[["hero:gargoyle"], ["goblins:2"]],
        scores=[
            ["knights:3", "knights:4", "undead:1", "goblins:5"],
            ["knights:5", "knights:6", "knights:7", "undead:2", "dwarves:2"],
        ],
        moves=["play hero:gargoyle", "play goblins:2", "count gargoyle as knights"],
    )
    end = lines.index("End of the game.")
    assert lines[end + 1] == (
        "  Player 0 counts the Gargoyle as knights: two knights cards of value 6 for the votes."
    )
    assert (
        "  knights: player 0 has 4 cards (6, 6, 4, 3), player 1 has 3 cards (7, 6, 5) → "
        "player 0 (more cards)"
    ) in lines


def test_necromancer_swap_and_cthulhu_in_phase_one_and_the_cube() -> None:
    lines = _account(
        phase=1,
        prize="undead:5",
        deck_top=["undead:6", "undead:7", "dwarves:1", "dwarves:2", "dwarves:4", "dwarves:5"],
        hands=[
            ["goblins:4", "undead:1", "knights:2", "hero:cthulhu"],
            ["hero:gelatinous-cube", "undead:3", "dwarves:3", "hero:necromancer"],
        ],
        moves=[
            "play goblins:4",
            "play hero:gelatinous-cube",
            "play undead:1",
            "play undead:3",
            "play dwarves:3",
            "play hero:cthulhu",
            "use necromancer hero:cthulhu",
        ],
    )
    cube = lines.index(
        "Trick 1 · prize undead:5 · player 0 leads goblins:4, player 1 plays hero:gelatinous-cube"
    )
    assert lines[cube + 1 : cube + 4] == [
        "  Nobody wins the trick: the Gelatinous Cube swallows goblins:4; the Cube and goblins:4 "
        "stay on the table, and player 0 leads again for the same prize.",
        "  The prize undead:5 waits for the next trick.",
        "  Cards: goblins:4, hero:gelatinous-cube → the table (the Gelatinous Cube's power).",
    ]
    assert lines[cube + 4].startswith("Trick 2 · prize undead:5 · ")
    assert lines[cube + 5 : cube + 9] == [
        "  Player 1 wins the trick: higher value.",
        "  Player 1 also takes the Cube and goblins:4 from the table → player 1's Follower deck.",
        "  Player 1 takes the prize undead:5; player 0 draws undead:6 from the deck.",
        "  Cards: undead:1, undead:3 → player 1's Score pile (the Undead's power).",
    ]
    assert (
        "  Cthulhu: the top 2 cards of the deck leave the game unseen (dwarves:1, dwarves:2)."
        in lines
    )
    assert (
        "  Player 1 swaps the Necromancer for hero:cthulhu: hero:cthulhu goes to player 1's "
        "hand, the Necromancer to the discard pile."
    ) in lines
    # the collection put both cards on the discard pile; the swap came after
    assert "  Cards: dwarves:3, hero:cthulhu → the discard pile." in lines


def test_cthulhu_removal_names_no_card_to_a_player() -> None:
    record = position_record(
        CLAIM,
        phase=1,
        prize="undead:5",
        heroes=HEROES,
        deck_top=["undead:6", "undead:7", "dwarves:1", "dwarves:2"],
        hands=[["hero:cthulhu", "undead:1"], ["goblins:3", "undead:3"]],
    )
    narrator = Narrator(records.initial_state(record), viewer=1, names=YOU)
    told = narrator.apply("play hero:cthulhu") + narrator.apply("play goblins:3")
    assert "  Cthulhu: the top 2 cards of the deck leave the game unseen." in told


def test_declarations_show_as_faction() -> None:
    lines = _account(
        phase=2,
        hands=[["goblins:3", "knights:5"], ["hero:lycanthrope", "undead:1", "dwarves:2"]],
        moves=["play goblins:3", "play hero:lycanthrope as goblins"],
    )
    assert "Trick 1 · player 0 leads goblins:3, player 1 plays hero:lycanthrope as goblins" in lines
    lines = _account(
        phase=2,
        hands=[["knights:2", "goblins:5"], ["hero:ent", "undead:1", "goblins:0"]],
        scores=[[], ["knights:3", "knights:4"]],
        moves=["play knights:2", "play hero:ent as knights"],
    )
    assert "Trick 1 · player 0 leads knights:2, player 1 plays hero:ent as knights" in lines


def test_describe_hero_decisions_for_you_and_passes() -> None:
    assert describe_decision("dinosaur", 0, "use dinosaur", YOU, True) == (
        "you take the Dinosaur back into your hand."
    )
    assert describe_decision("skeleton", 1, "pass", YOU, True) == "the bot (Skeleton) passes."
    assert describe_decision("necromancer", 0, "pass", NAMES, True) == (
        "player 0 (Necromancer) passes."
    )
    assert describe_decision("steal", 0, "steal knights:7", YOU, True) == (
        "you steal knights:7 from the bot's Score pile with the Siren."
    )
    assert describe_decision("discard", 1, "discard goblins:0", YOU, False) == (
        "Cthulhu: the bot discards a card."
    )


def test_a_changed_hero_value_is_its_printed_value() -> None:
    record = stacked_record(CLAIM, heroes=["witch"], hand0=["hero:witch"], hand1=["goblins:0"])
    record["setup"]["hero_values"] = {"witch": 7}
    record["moves"] = ["play hero:witch", "play goblins:0"]
    lines = replay_account(record)
    assert any(
        line.endswith(" · player 0 leads hero:witch, player 1 plays goblins:0") for line in lines
    )
    assert not any("(counts" in line for line in lines)


def test_the_table_tells_the_heroes_once_for_every_screen() -> None:
    """The one wording of the public hero setup (issue 37: the line game kept its own copy):
    the pool by the heroes' names, which ones only when known, changed values with the R-61
    value they replace."""
    config = GameConfig(
        heroes=("jester", "witch"),
        hero_pool=("jester", "mummy", "witch"),
        hero_values=(("witch", 7),),
    )
    assert hero_table_lines(config) == [
        "Heroes: 2 in the deck, from Mummy, Jester, Witch (which ones is secret).",
        "Hero values changed: Witch 7 (instead of 5).",
    ]
    assert hero_table_lines(config, config.heroes)[0] == "Heroes in the deck: Jester, Witch."
    assert hero_table_lines(GameConfig()) == []
