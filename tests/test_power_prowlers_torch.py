"""Prowler's Torch (RULES.md §8, an artifact): Phase One, at the start of a trick: for this and the
next trick, a card taken from the deck is shown to both players.

Rulings applied here:

- R-80, A1, A3, A20, A21: offered (``use prowlers-torch`` or ``pass``) in the start-of-trick
  window (after the reveal, before the lead; the leader first, then the follower), in Phase One
  only and only while the deck has a card; a player holding no usable artifact is never asked.
- A8: only visibility: the trick is played as usual; in the replay a plain ``use prowlers-torch``
  move.
- W6: every card a player takes from the deck in the trick it is used in and in the next one is
  shown to the other player (the loser's draw, a Shore winner's draw), in their view; not in a
  third trick. The prizes are face-up anyway.
- §10: without the Torch the other player's blind draw is ``"?"`` in a view.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from claim.core import engine, records, view
from claim.core.state import State
from scenario import CLAIM, last_trick, position_record, replay, stacked_record, zone

TORCH = "prowlers-torch"
# Player 0 was dealt the Torch; nobody holds another artifact usable in Phase One (Phase Two or
# between the phases only).
ARTIFACTS = (
    (TORCH, "spyglass", "wishing-lamp"),
    ("endless-rope", "book-of-memories", "flail-of-dawn"),
)
HANDS = [
    ["knights:9", "knights:8", "knights:7", "knights:6"],
    ["knights:2", "knights:3", "knights:4", "knights:5"],
]
DECK = ["undead:1", "undead:2", "undead:3", "undead:4", "undead:5", "undead:6"]
#: three tricks won by player 0 (player 1 loses and draws undead:1, undead:3, undead:5)
THREE_TRICKS = [
    "play knights:9",
    "play knights:2",
    "play knights:8",
    "play knights:3",
    "play knights:7",
    "play knights:4",
]


def _record(
    moves: Sequence[str] = (),
    *,
    hands: Sequence[Sequence[str]] = HANDS,
    deck_top: Sequence[str] = DECK,
    artifacts: Sequence[Sequence[str]] = ARTIFACTS,
    phase: int = 1,
    setting: str | None = None,
) -> dict[str, Any]:
    """A record from the first Phase One trick (prize goblins:9, then the deck ``deck_top``),
    player 0 leading, the discard pile empty; or from a Phase Two trick."""
    record = position_record(
        CLAIM,
        phase=phase,
        prize="goblins:9" if phase == 1 else None,
        deck_top=deck_top if phase == 1 else [],
        hands=hands,
        discard=[],
        artifacts=artifacts,
        moves=moves,
    )
    if setting is not None:
        record["position"]["setup"]["setting"] = setting
    return record


def _game(moves: Sequence[str] = (), **options: Any) -> State:
    return replay(_record(moves, **options))


def _followers_seen(state: State, viewer: int, owner: int) -> list[str]:
    followers: list[str] = view.observe(state, viewer)["players"][owner]["followers"]
    return followers


# -- when it is offered ------------------------------------------------------------------------


def test_offered_at_the_start_of_a_phase_one_trick_before_the_lead() -> None:
    """A3, A21: after the reveal and before the lead, the holder (here the leader) is asked."""
    state = _game()
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["use prowlers-torch", "pass"]
    engine.apply(state, "pass")
    assert engine.legal_actions(state) == [f"play {c}" for c in HANDS[0]]


def test_a_follower_holding_it_is_asked_before_the_lead() -> None:
    """A21: the follower's start window comes after the leader's, still before the lead; the
    leader holding nothing usable there is not asked."""
    state = _game(artifacts=(ARTIFACTS[1], ARTIFACTS[0]))
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["use prowlers-torch", "pass"]
    engine.apply(state, "pass")
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state)[0] == "play knights:9"


def test_the_leaders_window_comes_first() -> None:
    """A21: with a Mask of Darkness (leader) and the Torch (follower), the leader is asked first,
    then the follower."""
    artifacts = (
        ("mask-of-darkness", "spyglass", "wishing-lamp"),
        (TORCH, "endless-rope", "flail-of-dawn"),
    )
    state = _game(artifacts=artifacts)
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["use mask-of-darkness", "pass"]
    engine.apply(state, "pass")
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["use prowlers-torch", "pass"]


def test_not_offered_in_phase_two() -> None:
    """§8, A20: Phase One only: a Phase Two trick starts with the lead."""
    state = _game(phase=2)
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == [f"play {c}" for c in HANDS[0]]


def test_not_offered_when_the_deck_is_empty() -> None:
    """A20: the prize lies face-up but the deck is empty: no card can be taken from it in this
    or the next trick, so the Torch is not usable and nobody is asked."""
    state = _game(deck_top=[])
    assert engine.legal_actions(state) == [f"play {c}" for c in HANDS[0]]


def test_a_player_without_artifacts_left_is_never_asked() -> None:
    """R-80, A1: with the Torch used already (and nothing else usable), the trick starts with
    the lead."""
    record = _record()
    player = record["position"]["players"][0]
    player["artifacts"], player["used_artifacts"] = ["spyglass", "wishing-lamp"], [TORCH]
    state = replay(record)
    assert engine.legal_actions(state) == [f"play {c}" for c in HANDS[0]]


# -- declining and using ------------------------------------------------------------------------


def test_without_the_torch_the_blind_draws_stay_hidden() -> None:
    """§10, R-80: after ``pass`` player 1's draws are ``"?"`` to player 0; player 1 sees them; the
    prizes player 0 won are public to player 1."""
    state = _game(
        [
            "pass",
            *THREE_TRICKS[:2],
            "pass",
            *THREE_TRICKS[2:4],
            "pass",
            *THREE_TRICKS[4:],
        ]
    )
    assert zone(state, "followers", 1) == ["undead:1", "undead:3", "undead:5"]
    assert _followers_seen(state, 0, 1) == ["?", "?", "?"]
    assert _followers_seen(state, 1, 1) == ["undead:1", "undead:3", "undead:5"]
    assert _followers_seen(state, 1, 0) == ["goblins:9", "undead:2", "undead:4"]


def test_the_draws_of_this_and_the_next_trick_are_shown_not_a_third() -> None:
    """W6: the Torch used at the start of trick 1 shows player 1's draws of tricks 1 and 2
    (undead:1, undead:3) to player 0; the draw of trick 3 (undead:5) stays ``"?"``. The trick is
    played as usual (A8): player 0 wins each trick and takes the prizes."""
    state = _game(["use prowlers-torch", *THREE_TRICKS])
    assert [t["winner"] for t in view.report(state)["tricks"]] == [0, 0, 0]
    assert view.report(state)["tricks"][0]["artifacts"] == [TORCH]
    assert "artifacts" not in view.report(state)["tricks"][1]
    assert zone(state, "followers", 0) == ["goblins:9", "undead:2", "undead:4"]
    assert zone(state, "followers", 1) == ["undead:1", "undead:3", "undead:5"]
    assert _followers_seen(state, 0, 1) == ["undead:1", "undead:3", "?"]
    assert _followers_seen(state, 1, 1) == ["undead:1", "undead:3", "undead:5"]


def test_the_tally_counts_the_two_tricks() -> None:
    """The public tally ``counters["prowlers-torch"]``: 2 when used, 1 during the next trick, gone
    after it."""
    state = _game(["use prowlers-torch"])
    assert state.counters.get(TORCH) == 2
    for move in THREE_TRICKS[:2]:
        engine.apply(state, move)
    assert state.counters.get(TORCH) == 1
    assert view.report(state, 1)["counters"][TORCH] == 1
    for move in THREE_TRICKS[2:4]:
        engine.apply(state, move)
    assert TORCH not in state.counters


def test_used_by_the_follower_it_shows_that_players_own_draws_too() -> None:
    """§8 "shown to both players": player 1 uses the Torch; their own draws of tricks 1 and 2 are
    shown to player 0."""
    state = _game(["use prowlers-torch", *THREE_TRICKS], artifacts=(ARTIFACTS[1], ARTIFACTS[0]))
    assert state.used_artifacts[1] == [TORCH]
    assert _followers_seen(state, 0, 1) == ["undead:1", "undead:3", "?"]


def test_a_shore_winners_draw_is_shown() -> None:
    """W6, §7 Shore: the loser takes the prize and the winner draws from the deck; under the
    Torch the winner's draw (undead:1) is shown to the loser."""
    state = _game(["use prowlers-torch", *THREE_TRICKS[:2]], setting="shore")
    assert zone(state, "followers", 0) == ["undead:1"]
    assert zone(state, "followers", 1) == ["goblins:9"]
    assert _followers_seen(state, 1, 0) == ["undead:1"]
    plain = _game(["pass", *THREE_TRICKS[:2]], setting="shore")
    assert _followers_seen(plain, 1, 0) == ["?"]


def test_a_seer_take_top_is_shown() -> None:
    """W6, §5.2 Seers: player 0 wins with a Seer and takes the top card of the deck (``take
    top``); under the Torch that card (dragons:1) is shown to player 1; without it, it is
    ``"?"`` to player 1."""
    factions = ["gnomes", "giants", "dragons", "trolls", "seers"]
    hands = [["seers:7", "giants:3", "giants:5"], ["seers:2", "trolls:1", "trolls:2"]]
    deck = ["dragons:1", "dragons:2", "dragons:3", "dragons:4"]
    seen = []
    for first in ("use prowlers-torch", "pass"):
        record = position_record(
            factions,
            phase=1,
            prize="dragons:9",
            deck_top=deck,
            hands=hands,
            discard=[],
            artifacts=ARTIFACTS,
            moves=[first, "play seers:7", "play seers:2", "take top"],
        )
        state = replay(record)
        assert zone(state, "followers", 0) == ["dragons:1"]
        assert zone(state, "followers", 1) == ["dragons:9"]
        seen.append(_followers_seen(state, 1, 0))
    assert seen == [["dragons:1"], ["?"]]


# -- records ------------------------------------------------------------------------------------


def test_a_torch_game_replays_exactly_from_its_record() -> None:
    """A8, records: a stacked deal whose first trick uses the Torch; the record written from the
    state holds the plain ``use prowlers-torch`` move and replays to the same state and views."""
    record = stacked_record(
        CLAIM,
        HANDS[0],
        HANDS[1],
        ["goblins:9", *DECK],
        moves=["use prowlers-torch", *THREE_TRICKS[:4]],
        artifacts=ARTIFACTS,
    )
    state = replay(record)
    assert last_trick(state)["number"] == 2
    written = json.loads(json.dumps(records.to_record(state)))
    assert written["moves"][0] == "use prowlers-torch"
    again = records.replay(written)
    assert again.to_dict() == state.to_dict()
    for viewer in (0, 1):
        assert view.observe(again, viewer) == view.observe(state, viewer)
    assert _followers_seen(again, 0, 1) == ["undead:1", "undead:3"]
