"""The readable account (claim.text.account): votes, results, decisions, tricks, hidden draws."""

from __future__ import annotations

from pathlib import Path

import claim
from claim.core import records
from claim.text.account import (
    Names,
    Narrator,
    describe_decision,
    replay_account,
    result_lines,
    trick_heading,
    vote_line,
    winner_line,
)

EXAMPLES = Path(__file__).resolve().parents[2] / "shared" / "spec" / "examples"
NAMES = Names()
YOU = Names(("you", "the bot"))


def test_vote_more_cards() -> None:
    scores = [["goblins:3", "goblins:0", "knights:9"], ["goblins:9"]]
    assert vote_line("goblins", scores, 0, NAMES) == (
        "goblins: player 0 has 2 cards (3, 0), player 1 has 1 card (9) → player 0 (more cards)"
    )


def test_vote_tie_break_on_the_second_highest_card() -> None:
    scores = [["undead:9", "undead:2"], ["undead:9", "undead:4"]]
    assert vote_line("undead", scores, 1, NAMES) == (
        "undead: player 0 has 2 cards (9, 2), player 1 has 2 cards (9, 4) → player 1 "
        "(equal counts, tie-break on the second highest card (4 vs 2))"
    )


def test_vote_nobody() -> None:
    assert vote_line("dwarves", [[], []], None, NAMES) == (
        "dwarves: player 0 has 0 cards, player 1 has 0 cards → nobody (no cards)"
    )
    same = [["goblins:0", "goblins:5"], ["goblins:5", "goblins:0"]]
    assert vote_line("goblins", same, None, YOU) == (
        "goblins: you have 2 cards (5, 0), the bot has 2 cards (5, 0) → nobody (same values)"
    )


def test_vote_decided_by_another_rule_says_so() -> None:
    line = vote_line("goblins", [["goblins:1"], []], 1, NAMES)
    assert line.endswith("→ player 1 (its own vote rule)")


FACTIONS = ("goblins", "knights", "undead", "dwarves", "doppelgangers")


def test_result_by_votes() -> None:
    result = {
        "votes": {"goblins": 0, "knights": 0, "undead": 1, "dwarves": 0, "doppelgangers": None},
        "winner": 0,
        "reason": "votes",
        "votes_won": [3, 1],
        "cards_in_won_factions": [5, 1],
    }
    scores = [["goblins:1", "knights:2", "dwarves:3"], ["undead:4"]]
    lines = result_lines(result, scores, FACTIONS, NAMES)
    assert lines[0] == "Votes:"
    assert len(lines) == 7
    assert lines[-1] == "Player 0 wins the game with 3 votes to 1."
    assert result_lines(result, scores, FACTIONS, YOU)[-1] == "You win the game with 3 votes to 1."


def test_result_by_cards_and_draw() -> None:
    votes = {"goblins": 0, "knights": 1, "undead": None, "dwarves": None, "doppelgangers": None}
    scores = [["goblins:1", "goblins:2"], ["knights:2"]]
    by_cards = {
        "votes": votes,
        "winner": 0,
        "reason": "cards",
        "votes_won": [1, 1],
        "cards_in_won_factions": [2, 1],
    }
    assert result_lines(by_cards, scores, FACTIONS, NAMES)[-1] == (
        "Player 0 wins the game: votes tied 1–1, and 2 cards in won factions to 1."
    )
    draw = dict(by_cards, winner=None, reason="draw", cards_in_won_factions=[1, 1])
    scores = [["goblins:1"], ["knights:2"]]
    assert result_lines(draw, scores, FACTIONS, YOU)[-1] == (
        "The game is a draw: 1 votes each and 1 cards each in won factions."
    )


def test_describe_decisions() -> None:
    assert describe_decision("seer", 1, "take top", NAMES, True) == (
        "player 1 (Seer) takes the top card of the deck and leaves the prize to player 0."
    )
    assert describe_decision("seer", 0, "take prize", YOU, True) == (
        "you (Seer) look at the top card of the deck and keep the prize."
    )
    assert describe_decision("smash", 1, "smash gnomes:5", YOU, True) == (
        "the bot (Giant) smashes your face-up gnomes:5."
    )
    assert describe_decision("smash", 0, "pass", NAMES, True) == "player 0 (Giant) passes."
    assert (
        describe_decision("secret", 1, "give x", YOU, False) == "the bot (secret) makes a choice."
    )


def test_trick_heading_and_winner() -> None:
    trick = {
        "phase": 1,
        "number": 4,
        "leader": 1,
        "prize": "undead:0",
        "plays": [
            {"player": 1, "card": "goblins:3", "value": 3},
            {"player": 0, "card": "knights:2", "value": 2},
        ],
        "winner": 0,
        "reason": "a Knight played on a Goblin lead wins",
    }
    assert trick_heading(trick, YOU) == (
        "Trick 4 · prize undead:0 · the bot leads goblins:3, you play knights:2"
    )
    assert winner_line(trick, YOU) == "You win the trick: a Knight played on a Goblin lead wins."
    assert winner_line(dict(trick, winner=None, reason="frozen"), NAMES) == (
        "Nobody wins the trick: frozen."
    )
    changed = dict(trick, plays=[{"player": 1, "card": "goblins:3", "value": 5}])
    assert trick_heading(changed, NAMES) == (
        "Trick 4 · prize undead:0 · player 1 leads goblins:3 (counts 5)"
    )


def test_narrator_hides_the_other_players_draws() -> None:
    record = records.read_json(EXAMPLES / "claim-in-progress.json")
    state = records.initial_state(record)
    narrators = {
        None: Narrator(state.clone()),
        0: Narrator(state.clone(), viewer=0),
        1: Narrator(state.clone(), viewer=1),
    }
    told: dict[int | None, list[str]] = {k: [] for k in narrators}
    for move in record["moves"][:2]:
        for viewer, narrator in narrators.items():
            told[viewer].extend(narrator.apply(move))
    # trick 1: player 1 won the prize dwarves:2; player 0 drew goblins:7 blind
    assert (
        told[None][2]
        == "  Player 1 takes the prize dwarves:2; player 0 draws goblins:7 from the deck."
    )
    assert told[0][2] == told[None][2]
    assert (
        told[1][2] == "  Player 1 takes the prize dwarves:2; player 0 draws a card from the deck."
    )
    assert (
        told[1][3]
        == "  Cards: undead:1 → player 1's Score pile (the Undead's power); doppelgangers:5 → the "
        "discard pile."
    )


def test_replay_account_matches_the_engine_outcome() -> None:
    for name in ("claim-full-game", "claim2-full-game"):
        record = records.read_json(EXAMPLES / f"{name}.json")
        state = records.replay(record)
        lines = replay_account(record)
        assert sum(1 for line in lines if line.startswith("Trick ")) == len(state.history)
        reasons = [line for line in lines if "wins the trick:" in line]
        assert [line.split(": ", 1)[1] for line in reasons] == [f"{t[6]}." for t in state.history]
        assert state.result is not None
        winner = state.result["winner"]
        assert lines[-1].startswith(f"Player {winner} wins the game")


def test_replay_account_from_a_position() -> None:
    state = claim.new_game(claim.GameConfig(), 3)
    for _ in range(9):
        claim.apply(state, claim.legal_actions(state)[0])
    move = claim.legal_actions(state)[0]
    record = {"format": "claim/1", "position": state.to_dict(), "moves": [move]}
    lines = replay_account(record)
    assert "Starts from a saved position: Phase One, 4 tricks played." in lines
    assert sum(1 for line in lines if line.startswith("Trick ")) == 5
    assert lines[-3:-1] == ["On the table: prize undead:6, player 0 to lead.", "Player 0 to move."]
