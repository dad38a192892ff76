"""The readable account with locations (claim.text.account, RULES.md §7, §9, L1-L24): the Setting
and the Building with their rules text in the setup, the simultaneous choices (Endless Sands, Windy
Peaks, Swamp, Tavern), Islands' two prizes, the locations' tallies (Plateau, Lighthouse, Dungeon),
the Buildings' end-of-game moves, the results decided before the votes (L23) and the Tower's and
the Lighthouse's votes."""

from __future__ import annotations

from typing import Any

import pytest

from claim.core import records
from claim.core.powers import REGISTRY
from claim.core.setup import GameConfig
from claim.text.account import (
    Names,
    Narrator,
    in_progress_lines,
    location_rules_lines,
    replay_account,
    result_lines,
    vote_line,
)
from scenario import CLAIM, position_record, stacked_record

NAMES = Names()
YOU = Names(("you", "the bot"))


def with_locations(
    record: dict[str, Any],
    setting: str | None = None,
    building: str | None = None,
    counters: dict[str, int] | None = None,
) -> dict[str, Any]:
    """The record with a Setting and a Building in play (and, for a position, the locations'
    tallies so far)."""
    setup = record["position"]["setup"] if "position" in record else record["setup"]
    if setting:
        setup["setting"] = setting
    if building:
        setup["building"] = building
    if counters:
        record["position"]["counters"] = counters
    return record


def rules(name: str) -> str:
    return REGISTRY[name].rules_text().replace("``", "'")


def narrate(record: dict[str, Any], viewer: int | None = None, names: Names = NAMES) -> Narrator:
    """A narrator that followed every move of the record."""
    narrator = Narrator(records.initial_state(record), viewer=viewer, names=names)
    for move in record["moves"]:
        narrator.apply(move)
    return narrator


def last_trick(
    building: str,
    scores: tuple[list[str], list[str]],
    moves: tuple[str, ...] = ("play knights:9", "play knights:2"),
    **kwargs: Any,
) -> dict[str, Any]:
    """The last trick of the game with ``building``: player 0 leads knights:9 and wins it."""
    return with_locations(
        position_record(
            CLAIM,
            phase=2,
            number=13,
            hands=[["knights:9"], ["knights:2"]],
            scores=scores,
            moves=moves,
            **kwargs,
        ),
        building=building,
    )


def end_of(lines: list[str]) -> list[str]:
    return lines[lines.index("End of the game.") :]


# -------------------------------------------------------------------------------------------------
# Setup
# -------------------------------------------------------------------------------------------------


def test_setup_names_the_locations_with_their_rules_text() -> None:
    lines = replay_account(with_locations(stacked_record(CLAIM), "islands", "castle"))
    setting = f"Setting: Islands. {rules('islands')}"
    building = f"Building: Castle. {rules('castle')}"
    assert setting in lines and building in lines
    assert "``" not in setting and "'take CODE'" in setting
    assert (
        lines.index(setting)
        < lines.index(building)
        < lines.index("Player 0 leads the first trick.")
    )
    assert location_rules_lines(GameConfig(setting="windy-peaks")) == [
        f"Setting: Windy Peaks. {rules('windy-peaks')}"
    ]
    assert location_rules_lines(GameConfig()) == []
    plain = replay_account(stacked_record(CLAIM))
    assert not any(line.startswith(("Setting:", "Building:")) for line in plain)


# -------------------------------------------------------------------------------------------------
# Choices at the start of a phase (R-62, L5)
# -------------------------------------------------------------------------------------------------

SANDS_0 = ["goblins:5", "goblins:4", "knights:9", "undead:2", "dwarves:3"]
SANDS_1 = ["knights:5", "knights:6", "undead:7", "undead:1", "dwarves:9"]


def sands(moves: int = 10) -> dict[str, Any]:
    gives = [f"give {c}" for c in SANDS_0 + SANDS_1][:moves]
    record = stacked_record(CLAIM, hand0=SANDS_0, hand1=SANDS_1, moves=gives)
    return with_locations(record, "endless-sands")


def test_endless_sands_how_many_then_which_once_both_have_chosen() -> None:
    lines = replay_account(sands())
    start = lines.index("Phase One:")
    assert lines[start + 1 : start + 4] == [
        "Endless Sands: player 0 chooses 5 cards to give to player 1.",
        "Endless Sands: player 1 chooses 5 cards to give to player 0.",
        "Endless Sands, both have chosen: player 0 gives goblins:5, goblins:4, knights:9, "
        "undead:2, dwarves:3 to player 1; player 1 gives knights:5, knights:6, undead:7, "
        "undead:1, dwarves:9 to player 0.",
    ]


def test_endless_sands_each_line_comes_with_the_move_that_completes_it() -> None:
    record = sands()
    narrator = Narrator(records.initial_state(record), viewer=1, names=YOU)
    told = [narrator.apply(move) for move in record["moves"]]
    assert told[:4] == [[], [], [], []]
    assert told[4] == ["Endless Sands: you choose 5 cards to give to the bot."]
    assert told[9] == [
        "Endless Sands: the bot chooses 5 cards to give to you.",
        "Endless Sands, both have chosen: you give goblins:5, goblins:4, knights:9, undead:2, "
        "dwarves:3 to the bot; the bot gives knights:5, knights:6, undead:7, undead:1, "
        "dwarves:9 to you.",
    ]


def test_a_choice_under_way_is_told_to_its_chooser_and_counted_to_the_other() -> None:
    record = sands(3)
    lines = replay_account(record)
    assert (
        "Endless Sands: player 0 has chosen to give goblins:5, goblins:4, knights:9 to player 1; "
        "carried out once both have chosen."
    ) in lines
    assert lines[-2] == "Player 0 to move."
    other = narrate(record, viewer=1)
    assert (
        "Endless Sands: player 0 has chosen to give 3 cards to player 1; carried out once both "
        "have chosen."
    ) in in_progress_lines(other.state, other)
    mine = narrate(record, viewer=0)
    assert any("give goblins:5, goblins:4" in line for line in in_progress_lines(mine.state, mine))


def phase_one_last_trick(setting: str, moves: list[str], **kwargs: Any) -> dict[str, Any]:
    """Phase One's last trick (player 0 wins it), then Phase Two begins with four cards each."""
    record = position_record(
        CLAIM,
        phase=1,
        number=13,
        prize="goblins:9",
        hands=[["knights:9"], ["knights:2"]],
        followers=[
            ["undead:1", "undead:2", "undead:3", "dwarves:1"],
            ["dwarves:5", "dwarves:6", "dwarves:7", "undead:9"],
        ],
        moves=["play knights:9", "play knights:2", *moves],
    )
    return with_locations(record, setting, **kwargs)


def test_windy_peaks_at_the_start_of_phase_two() -> None:
    gives = ["give undead:1", "give undead:2", "give dwarves:1"]
    gives += ["give dwarves:5", "give dwarves:6", "give undead:9"]
    lines = replay_account(phase_one_last_trick("windy-peaks", gives))
    start = lines.index("Phase Two: the Follower decks become the hands.")
    assert lines[start + 1 : start + 4] == [
        "Windy Peaks: player 0 chooses 3 cards to give to player 1.",
        "Windy Peaks: player 1 chooses 3 cards to give to player 0.",
        "Windy Peaks, both have chosen: player 0 gives undead:1, undead:2, dwarves:1 to player 1; "
        "player 1 gives dwarves:5, dwarves:6, undead:9 to player 0.",
    ]


def test_swamp_discards_and_the_dungeons_first_extra_vote() -> None:
    discards = ["discard undead:1", "discard undead:2", "discard dwarves:5", "discard undead:9"]
    record = phase_one_last_trick("swamp", discards, building="dungeon")
    lines = replay_account(record)
    start = lines.index("Phase Two: the Follower decks become the hands.")
    assert lines[start + 1 : start + 5] == [
        "Dungeon: player 0 won the last trick of Phase One: one extra vote at the end.",
        "Swamp: player 0 chooses 2 cards to discard.",
        "Swamp: player 1 chooses 2 cards to discard.",
        "Swamp, both have chosen: player 0 discards undead:1, undead:2; player 1 discards "
        "dwarves:5, undead:9.",
    ]


# -------------------------------------------------------------------------------------------------
# Islands (L6)
# -------------------------------------------------------------------------------------------------


def test_islands_tricks_show_both_prizes_and_which_one_was_taken() -> None:
    record = stacked_record(
        CLAIM,
        hand0=["goblins:5"],
        hand1=["goblins:7"],
        deck_top=["knights:8", "undead:6", "dwarves:4", "dwarves:9"],
        moves=["play goblins:5", "play goblins:7", "take undead:6"],
    )
    lines = replay_account(with_locations(record, "islands"))
    start = lines.index(
        "Trick 1 · prizes knights:8 and undead:6 · player 0 leads goblins:5, player 1 plays "
        "goblins:7"
    )
    assert lines[start + 1 : start + 4] == [
        "  Player 1 wins the trick: higher value.",
        "  Islands: player 1 takes the prize undead:6 (the other prize, knights:8, stays).",
        "  Player 1 takes the prize undead:6; player 0 draws dwarves:4 from the deck.",
    ]
    # the next trick is played for the prize that stayed and a new one
    assert "On the table: prizes knights:8 and dwarves:9, player 1 to lead." in lines


def test_islands_last_trick_the_loser_takes_the_other_prize() -> None:
    record = position_record(
        CLAIM,
        phase=1,
        number=13,
        prize="goblins:9",
        hands=[["knights:9"], ["knights:2"]],
        moves=["play knights:9", "play knights:2", "take goblins:9"],
    )
    position = record["position"]
    position["discard"].remove("undead:4")
    position["trick"]["prizes"] = ["goblins:9", "undead:4"]
    lines = replay_account(with_locations(record, "islands"))
    assert "  Islands: player 0 takes the prize goblins:9 (the other prize, undead:4, stays)." in (
        lines
    )
    assert "  Player 0 takes the prize goblins:9; player 1 takes the other prize undead:4." in lines


# -------------------------------------------------------------------------------------------------
# The tallies: Plateau, Lighthouse, Lava Fields (L10)
# -------------------------------------------------------------------------------------------------


def test_plateau_third_win_passes_the_lead() -> None:
    record = position_record(
        CLAIM,
        phase=2,
        hands=[["knights:9", "goblins:1"], ["knights:2", "goblins:2"]],
        moves=["play knights:9", "play knights:2"],
    )
    lines = replay_account(
        with_locations(record, "plateau", counters={"plateau-player": 0, "plateau-count": 2})
    )
    assert "  Plateau: player 0 has won 3 tricks in a row: player 1 leads the next trick." in lines
    assert "On the table: player 1 to lead." in lines


def test_plateau_passes_the_lead_to_you_in_your_words() -> None:
    """The verb agrees with "you" (issue 37: "you leads the next trick" was told)."""
    record = position_record(
        CLAIM,
        phase=2,
        hands=[["knights:9", "goblins:1"], ["knights:2", "goblins:2"]],
        moves=["play knights:9", "play knights:2"],
    )
    record = with_locations(record, "plateau", counters={"plateau-player": 0, "plateau-count": 2})
    narrator = Narrator(records.initial_state(record), viewer=1, names=Names(("the bot", "you")))
    lines = [line for move in record["moves"] for line in narrator.apply(move)]
    said = [line.strip() for line in lines if "Plateau:" in line]
    assert said == ["Plateau: the bot has won 3 tricks in a row: you lead the next trick."]


def test_lighthouse_wins_a_faction_outright() -> None:
    record = position_record(
        CLAIM,
        phase=2,
        hands=[["goblins:9", "knights:3"], ["goblins:2", "knights:4"]],
        scores=[["goblins:5", "goblins:6"], ["goblins:0", "goblins:1", "goblins:3"]],
        moves=["play goblins:9", "play goblins:2", "play knights:3", "play knights:4"],
    )
    lines = replay_account(with_locations(record, building="lighthouse"))
    assert (
        "  Lighthouse: player 0 has 3 collected goblins cards and wins the goblins vote outright."
    ) in lines
    votes = [line for line in lines if line.startswith("  goblins: ")]
    assert votes == [
        "  goblins: player 0 has 4 cards (9, 6, 5, 2), player 1 has 3 cards (3, 1, 0) → player 0 "
        "(won outright at the Lighthouse)"
    ]


def test_lava_fields_ends_the_game_in_the_middle_of_phase_two() -> None:
    record = position_record(
        CLAIM,
        phase=2,
        number=6,
        hands=[["knights:9", "goblins:1"], ["knights:2", "goblins:2"]],
        scores=[["goblins:5"], ["undead:3"]],
        moves=["play knights:9", "play knights:2"],
    )
    counters = {"lava-player": 1, "lava-count": 4}
    lines = replay_account(with_locations(record, "lava-fields", counters=counters))
    assert end_of(lines) == [
        "End of the game.",
        "Lava Fields: player 1 has lost 5 tricks in a row in Phase Two, which ends the game at "
        "once (no end-of-game step).",
        "Player 1 wins the game; no vote is counted (L23).",
    ]
    assert "Trick 6 · player 0 leads knights:9, player 1 plays knights:2" in lines


# -------------------------------------------------------------------------------------------------
# The end of the game: Buildings' moves (§9 step 3) and results (step 4, L23)
# -------------------------------------------------------------------------------------------------


def test_tavern_choices_then_gives_at_the_end() -> None:
    scores = (["goblins:1", "goblins:2", "undead:3"], ["dwarves:5", "dwarves:6", "undead:9"])
    gives = ("give goblins:1", "give undead:3", "give dwarves:5", "give undead:9")
    record = last_trick("tavern", scores, ("play knights:9", "play knights:2", *gives))
    lines = replay_account(record)
    assert end_of(lines)[:5] == [
        "End of the game.",
        "  Tavern: player 0 chooses 2 cards of their Score pile to give to player 1.",
        "  Tavern: player 1 chooses 2 cards of their Score pile to give to player 0.",
        "  Tavern: player 0 gives to player 1: goblins:1, undead:3.",
        "  Tavern: player 1 gives to player 0: dwarves:5, undead:9.",
    ]
    assert lines[-1] == "Player 0 wins the game with 3 votes to 1."
    # as the game is played: the end begins with the last trick, the choices come as made
    narrator = Narrator(records.initial_state(record), viewer=1, names=YOU)
    told = [narrator.apply(move) for move in record["moves"]]
    assert told[1][-1] == "End of the game."
    assert told[3] == ["  Tavern: you choose 2 cards of your Score pile to give to the bot."]
    assert told[5][:3] == [
        "  Tavern: the bot chooses 2 cards of their Score pile to give to you.",
        "  Tavern: you give to the bot: goblins:1, undead:3.",
        "  Tavern: the bot gives to you: dwarves:5, undead:9.",
    ]


def test_tavern_in_progress() -> None:
    scores = (["goblins:1", "goblins:2", "undead:3"], ["dwarves:5", "dwarves:6", "undead:9"])
    moves = ("play knights:9", "play knights:2", "give goblins:1", "give undead:3")
    record = last_trick("tavern", scores, moves)
    lines = replay_account(record)
    assert "The game is in progress: the end of the game, its steps under way." in lines
    assert (
        "Tavern: player 0 has chosen to give goblins:1, undead:3 to player 1; carried out once "
        "both have chosen."
    ) in lines
    assert lines[-1] == "Legal moves: give dwarves:5, give dwarves:6, give undead:9."
    other = narrate(record, viewer=1)
    assert (
        "Tavern: player 0 has chosen to give 2 cards to player 1; carried out once both have "
        "chosen."
    ) in in_progress_lines(other.state, other)


@pytest.mark.parametrize(
    ("building", "scores", "chance", "told"),
    [
        (
            "pit",
            (["goblins:1", "goblins:2", "undead:3"], ["dwarves:5"]),
            ["goblins:2", "undead:3"],
            "  Pit: cards drawn at random from player 0's Score pile (the winner of the last "
            "trick) are discarded: goblins:2, undead:3.",
        ),
        (
            "pyramid",
            (["goblins:1", "goblins:5"], ["dwarves:3", "dwarves:4"]),
            [],
            "  Pyramid: cards of value 3 or less are discarded from player 1's Score pile: "
            "dwarves:3.",
        ),
        (
            "ruins",
            (["goblins:1", "goblins:4"], ["dwarves:3", "dwarves:4"]),
            [],
            "  Ruins: faction cards of odd value are discarded from player 0's Score pile: "
            "goblins:1, knights:9.",
        ),
        (
            "fortress",
            ([f"goblins:{v}" for v in (1, 2, 3, 4, 5, 6)], ["dwarves:3"]),
            [],
            "  Fortress: the 4 lowest cards of each faction with 6 or more are discarded from "
            "player 0's Score pile: goblins:1, goblins:2, goblins:3, goblins:4.",
        ),
    ],
)
def test_buildings_moves_at_the_end(
    building: str, scores: tuple[list[str], list[str]], chance: list[str], told: str
) -> None:
    lines = end_of(replay_account(last_trick(building, scores, chance=chance)))
    assert told in lines
    assert lines.index(told) < lines.index("Votes:")


@pytest.mark.parametrize(
    ("building", "scores", "decides"),
    [
        (
            "castle",
            (["goblins:1", "goblins:2", "undead:3"], ["dwarves:5", "dwarves:6"]),
            "The Castle decides: player 0 has more faction cards (5 to 2).",
        ),
        (
            "monastery",
            (["goblins:1", "goblins:2", "undead:3"], ["dwarves:5"]),
            "The Monastery decides: player 0 has more than twice as many faction cards as "
            "player 1 (5 to 1) and loses.",
        ),
        (
            "forest",
            ([f"goblins:{v}" for v in range(6)], ["dwarves:5", "dwarves:6"]),
            "The Forest decides: player 1's Score pile holds 5 cards or fewer: 2, against 8 in "
            "player 0's.",
        ),
        (
            "forest",
            (["goblins:1"], ["dwarves:5", "dwarves:6"]),
            "The Forest decides: both Score piles hold 5 cards or fewer, player 1's fewer (2 to "
            "3).",
        ),
        (
            "bridge",
            (
                ["goblins:1", "undead:1", "dwarves:1", "doppelgangers:1"],
                [
                    *("goblins:2", "knights:3", "undead:2", "dwarves:2", "doppelgangers:2"),
                    *("goblins:3", "knights:4", "undead:4", "dwarves:4", "doppelgangers:3"),
                ],
            ),
            "The Bridge decides: player 1 has more complete sets (2 to 1).",
        ),
    ],
)
def test_results_decided_before_the_votes(
    building: str, scores: tuple[list[str], list[str]], decides: str
) -> None:
    state = records.replay(last_trick(building, scores))
    assert state.result is not None and state.result["reason"] == building
    winner = state.result["winner"]
    lines = end_of(replay_account(last_trick(building, scores)))
    assert lines[-2:] == [decides, f"Player {winner} wins the game; no vote is counted (L23)."]
    assert "Votes:" not in lines


def test_you_in_the_decided_results() -> None:
    result = {"winner": 0, "reason": "monastery", "votes": dict.fromkeys(CLAIM)}
    scores = [["goblins:1"], ["goblins:2", "goblins:3", "goblins:4"]]
    assert result_lines(result, scores, CLAIM, YOU) == [
        "The Monastery decides: the bot has more than twice as many faction cards as you (3 to "
        "1) and loses.",
        "You win the game; no vote is counted (L23).",
    ]
    result = {"winner": 1, "reason": "lava-fields", "votes": dict.fromkeys(CLAIM)}
    assert result_lines(result, scores, CLAIM, YOU)[0] == (
        "Lava Fields: the bot has lost 5 tricks in a row in Phase Two, which ends the game at "
        "once (no end-of-game step)."
    )


def test_dungeon_extra_votes() -> None:
    scores = (["goblins:1", "undead:3"], ["dwarves:5", "doppelgangers:6"])
    record = last_trick("dungeon", scores)
    record["position"]["counters"] = {"dungeon-1": 1}
    state = records.replay(record)
    assert state.result is not None
    assert state.result["dungeon"] == {"phase_one": 1, "phase_two": 0}
    lines = replay_account(record)
    assert lines[-2:] == [
        "Dungeon: player 1 won the last trick of Phase One and player 0 the last trick of Phase "
        "Two: one extra vote each.",
        "Player 0 wins the game with 4 votes to 3, the Dungeon's extra votes included.",
    ]
    both = {"winner": 0, "reason": "votes", "votes": {}, "votes_won": [3, 1]}
    both["dungeon"] = {"phase_one": 0, "phase_two": 0}
    assert result_lines(both, [[], []], [], YOU)[-2:] == [
        "Dungeon: you won the last trick of both phases: two extra votes.",
        "You win the game with 3 votes to 1, the Dungeon's extra votes included.",
    ]


def test_tower_votes_by_sums() -> None:
    scores = [["goblins:9", "goblins:1"], ["goblins:4", "goblins:3", "goblins:2"]]
    assert vote_line("goblins", scores, 0, NAMES, building="tower") == (
        "goblins: player 0 has 2 cards (9, 1), player 1 has 3 cards (4, 3, 2) → player 0 "
        "(Tower: higher sum, 10 vs 9)"
    )
    equal = [["goblins:9"], ["goblins:5", "goblins:4"]]
    assert vote_line("goblins", equal, 1, NAMES, building="tower") == (
        "goblins: player 0 has 1 card (9), player 1 has 2 cards (5, 4) → player 1 (Tower: equal "
        "sums (9), more cards)"
    )
    assert vote_line("goblins", scores, 1, NAMES).endswith("→ player 1 (more cards)")
