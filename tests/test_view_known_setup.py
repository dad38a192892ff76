"""What each viewer may know of the setup beyond the factions (claim.core.view.known_setup): the
heroes in the deck only for the omniscient replay (§2 step 3: which heroes is secret to both
players), each player's artifacts for their holder only (§8, W11), neither to a spectator."""

from __future__ import annotations

from claim.core.setup import GameConfig
from claim.core.view import SPECTATOR, known_setup

CONFIG = GameConfig(
    heroes=("jester", "witch"),
    artifacts=(
        ("spyglass", "magic-wand", "ice-sword"),
        ("kings-dagger", "endless-rope", "wishing-lamp"),
    ),
)


def test_the_replay_knows_everything() -> None:
    known = known_setup(CONFIG, None)
    assert known["heroes"] == ["jester", "witch"]
    assert known["artifacts"] == [list(CONFIG.artifacts[0]), list(CONFIG.artifacts[1])]


def test_a_player_knows_their_own_artifacts_and_not_the_heroes_in_the_deck() -> None:
    for seat in (0, 1):
        known = known_setup(CONFIG, seat)
        assert known["heroes"] is None
        assert known["artifacts"][seat] == list(CONFIG.artifacts[seat])
        assert known["artifacts"][1 - seat] is None


def test_a_spectator_knows_neither_players_artifacts() -> None:
    known = known_setup(CONFIG, SPECTATOR)
    assert known == {"heroes": None, "artifacts": [None, None]}


def test_a_game_without_artifacts_has_none_to_know() -> None:
    assert known_setup(GameConfig(), 0) == {"heroes": None, "artifacts": []}
