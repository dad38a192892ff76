"""Shore (Setting, §7): in Phase One the trick loser takes the prize and the winner draws the top
card of the deck. L4: the loser takes the prize (always there), then the winner draws if the deck
has a card (R-2); with a Seer winner the Seer power replaces the whole collection (the winner
chooses, the loser gets the other: a faction power beats a location, §4.4); a Cube trick collects
nothing (H20)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from claim.core import engine, view
from claim.core.state import State
from scenario import last_trick, position_record, replay, zone

CLAIM = ["goblins", "knights", "undead", "dwarves", "doppelgangers"]
CLAIM2 = ["gnomes", "giants", "dragons", "trolls", "seers"]


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
    setting: str | None = "shore",
    phase: int = 1,
    **kwargs: Any,
) -> State:
    """A built position (player 0 leading) under ``setting``, then ``moves``."""
    record = position_record(factions, phase=phase, hands=hands, moves=moves, **kwargs)
    _locate(record, setting)
    state = replay(record)
    assert state.config.setting == setting
    return state


def test_the_loser_takes_the_prize_and_the_winner_draws() -> None:
    """§7, L4: player 0 wins with goblins:9; player 1 (the loser) takes the prize goblins:8,
    player 0 draws the top card goblins:7; the played cards are discarded; the winner leads."""
    state = _game(
        [["goblins:9", "goblins:1"], ["goblins:3", "goblins:2"]],
        ["play goblins:9", "play goblins:3"],
        prize="goblins:8",
        deck_top=["goblins:7", "goblins:6"],
        discard=[],
    )
    assert last_trick(state)["winner"] == 0
    assert zone(state, "followers", 1) == ["goblins:8"]
    assert zone(state, "followers", 0) == ["goblins:7"]
    assert view.report(state)["current"]["prize"] == "goblins:6"  # the next reveal
    assert zone(state, "deck") == []
    assert zone(state, "discard") == ["goblins:9", "goblins:3"]
    assert engine.current_player(state) == 0


def test_without_shore_the_winner_takes_the_prize() -> None:
    """§3.1 step 5, control for L4: with no setting the winner takes the prize and the loser
    draws."""
    state = _game(
        [["goblins:9", "goblins:1"], ["goblins:3", "goblins:2"]],
        ["play goblins:9", "play goblins:3"],
        prize="goblins:8",
        deck_top=["goblins:7", "goblins:6"],
        setting=None,
    )
    assert zone(state, "followers", 0) == ["goblins:8"]
    assert zone(state, "followers", 1) == ["goblins:7"]


def test_the_prize_is_public_and_the_winners_draw_private() -> None:
    """§10, L4: the prize was face-up, so the winner sees it in the loser's Follower deck; the
    winner's draw is seen only by the winner."""
    state = _game(
        [["goblins:9", "goblins:1"], ["goblins:3", "goblins:2"]],
        ["play goblins:9", "play goblins:3"],
        prize="goblins:8",
        deck_top=["goblins:7", "goblins:6"],
    )
    seen_by_0 = view.observe(state, 0)["players"]
    seen_by_1 = view.observe(state, 1)["players"]
    assert seen_by_0[1]["followers"] == ["goblins:8"]
    assert seen_by_0[0]["followers"] == ["goblins:7"]
    assert seen_by_1[0]["followers"] == ["?"]
    assert seen_by_1[1]["followers"] == ["goblins:8"]


def test_a_short_deck_the_loser_still_takes_the_prize() -> None:
    """R-2, L4: the deck is empty after the reveal: the loser takes the prize, the winner gets
    nothing; Phase One then ends (R-1) and the Follower decks become the hands, the winner
    leading."""
    state = _game(
        [["goblins:9"], ["goblins:3"]],
        ["play goblins:9", "play goblins:3"],
        prize="goblins:8",
        deck_top=[],
        followers=[["knights:4"], ["knights:5"]],
    )
    assert last_trick(state)["winner"] == 0
    assert state.phase == 2
    assert zone(state, "hand", 1) == ["knights:5", "goblins:8"]
    assert zone(state, "hand", 0) == ["knights:4"]
    assert zone(state, "deck") == []
    assert engine.current_player(state) == 0


def test_cthulhu_empties_the_deck_and_the_winner_draws_nothing() -> None:
    """H18, R-2, L4: a led Cthulhu sends the deck's top two cards out of the game before the
    collection; goblins:9 (higher than Cthulhu's 8) wins; the loser takes the prize and the
    winner finds the deck empty; Phase One ends (R-1) with the Follower decks as hands."""
    state = _game(
        [["hero:cthulhu"], ["goblins:9"]],
        ["play hero:cthulhu", "play goblins:9"],
        prize="goblins:8",
        deck_top=["goblins:7", "goblins:6"],
        followers=[["knights:4"], ["knights:5"]],
        heroes=["cthulhu"],
    )
    assert last_trick(state)["winner"] == 1
    assert state.phase == 2
    assert zone(state, "hand", 0) == ["knights:4", "goblins:8"]
    assert zone(state, "hand", 1) == ["knights:5"]
    assert zone(state, "deck") == []
    assert "goblins:7" in zone(state, "out") and "goblins:6" in zone(state, "out")


# -- Seers (§4.4: the faction power replaces the Shore collection) --------------------------------


def _seer_trick(move: str | None) -> State:
    moves = ["play seers:9", "play seers:1"] + ([move] if move else [])
    return _game(
        [["seers:9", "dragons:1"], ["seers:1", "dragons:2"]],
        moves,
        factions=CLAIM2,
        prize="trolls:8",
        deck_top=["trolls:7", "trolls:6"],
    )


def test_a_seer_winner_is_asked_take_top_or_take_prize() -> None:
    """§5.2 Seers, L4: the Seer winner (player 0) chooses; the Shore does not decide first."""
    state = _seer_trick(None)
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["take top", "take prize"]
    assert zone(state, "followers", 0) == [] and zone(state, "followers", 1) == []


def test_a_seer_winner_takes_the_prize_and_the_loser_draws() -> None:
    """§4.4, L4: "take prize" replaces the Shore collection: the winner keeps the prize, the
    loser draws the top card (the location loses)."""
    state = _seer_trick("take prize")
    assert zone(state, "followers", 0) == ["trolls:8"]
    assert zone(state, "followers", 1) == ["trolls:7"]
    assert view.report(state)["current"]["prize"] == "trolls:6"  # the next reveal
    assert zone(state, "deck") == []


def test_a_seer_winner_takes_the_top_card_and_the_loser_gets_the_prize() -> None:
    """§5.2, L4: "take top": the winner takes the top card, the loser the prize."""
    state = _seer_trick("take top")
    assert zone(state, "followers", 0) == ["trolls:7"]
    assert zone(state, "followers", 1) == ["trolls:8"]
    assert view.report(state)["current"]["prize"] == "trolls:6"  # the next reveal
    assert zone(state, "deck") == []


def test_a_losing_seer_leaves_the_shore_collection() -> None:
    """§5.2 (only the winner who played a Seer chooses), L4: seers:3 played off-faction by
    player 1 loses to dragons:9; no Seer decision; the loser (player 1) takes the prize and
    player 0 draws."""
    state = _game(
        [["dragons:9", "trolls:1"], ["seers:3", "trolls:2"]],
        ["play dragons:9", "play seers:3"],
        factions=CLAIM2,
        prize="trolls:8",
        deck_top=["trolls:7", "trolls:6"],
    )
    assert last_trick(state)["winner"] == 0
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["play trolls:1"]  # no Seer decision pending
    assert zone(state, "followers", 1) == ["trolls:8"]
    assert zone(state, "followers", 0) == ["trolls:7"]


def test_a_seer_winner_with_an_empty_deck_gets_nothing() -> None:
    """§5.2 (no Seer decision when the deck is empty after the reveal), R-2, L4: the Shore
    applies: the loser takes the prize, the winner draws nothing."""
    state = _game(
        [["seers:9"], ["seers:1"]],
        ["play seers:9", "play seers:1"],
        factions=CLAIM2,
        prize="trolls:8",
        deck_top=[],
        followers=[["dragons:4"], ["dragons:5"]],
    )
    assert last_trick(state)["winner"] == 0
    assert state.phase == 2
    assert zone(state, "hand", 0) == ["dragons:4"]
    assert zone(state, "hand", 1) == ["dragons:5", "trolls:8"]


# -- the Gelatinous Cube (H20, H22) ------------------------------------------------------------


def test_a_cube_trick_collects_nothing_and_the_next_winner_draws() -> None:
    """L4, R-63, H20, H22: the Cube played second buries goblins:4: no winner, nobody takes the
    prize or draws, the same leader leads for the same prize; the next trick's winner (player 1)
    takes the bundle and draws the top card, the loser takes the prize."""
    state = _game(
        [
            ["goblins:4", "knights:3", "goblins:3"],
            ["hero:gelatinous-cube", "knights:2", "knights:9"],
        ],
        ["play goblins:4", "play hero:gelatinous-cube"],
        prize="goblins:8",
        deck_top=["goblins:7", "goblins:6", "goblins:5"],
        heroes=["gelatinous-cube"],
    )
    trick = last_trick(state)
    assert trick["winner"] is None
    assert zone(state, "followers", 0) == [] and zone(state, "followers", 1) == []
    assert zone(state, "deck") == ["goblins:7", "goblins:6", "goblins:5"]
    assert view.report(state)["table"] == ["goblins:4", "hero:gelatinous-cube"]
    assert engine.current_player(state) == 0
    for move in ("play knights:3", "play knights:9"):
        engine.apply(state, move)
    trick = last_trick(state)
    assert trick["prize"] == "goblins:8"
    assert trick["winner"] == 1
    assert zone(state, "followers", 0) == ["goblins:8"]
    assert zone(state, "followers", 1) == ["goblins:4", "hero:gelatinous-cube", "goblins:7"]
    assert view.report(state)["current"]["prize"] == "goblins:6"  # the next reveal
    assert zone(state, "deck") == ["goblins:5"]


# -- not in Phase Two ---------------------------------------------------------------------------


def test_phase_two_is_unchanged() -> None:
    """§7 "Phase One": in Phase Two the winner collects both played cards as usual."""
    state = _game(
        [["goblins:9", "goblins:1"], ["goblins:3", "goblins:2"]],
        ["play goblins:9", "play goblins:3"],
        phase=2,
    )
    assert last_trick(state)["winner"] == 0
    assert zone(state, "score", 0) == ["goblins:9", "goblins:3"]
    assert zone(state, "score", 1) == []
