"""The trick query (claim.core.judge): the powers' own answer for imagined tricks."""

from __future__ import annotations

from claim.core import cards
from claim.core.judge import Imagined, book_for, judge_trick

BOOK = book_for(
    ("goblins", "knights", "basilisks", "werewolves", "doppelgangers"),
    ("warlock", "stone-golem", "gelatinous-cube", "minotaur", "jester", "vampire-queen", "ent"),
    (),
    None,
    None,
    tuple(cards.ARTIFACTS),
)


def _id(code: str) -> int:
    return cards.IDS_BY_CODE[code][0]


def _play(player: int, code: str, value: int, faction: str = "", last: bool = False) -> Imagined:
    card = _id(code)
    if not faction and cards.FACTION[card] != "hero":
        faction = cards.FACTION[card]
    return Imagined(player, card, faction, value, last=last)


def test_a_following_card_wins_by_value_and_an_off_faction_card_loses() -> None:
    lead = _play(0, "goblins:5", 5)
    assert judge_trick(BOOK, 1, lead, _play(1, "goblins:7", 7)).winner == 1
    assert judge_trick(BOOK, 1, lead, _play(1, "goblins:3", 3)).winner == 0
    assert judge_trick(BOOK, 1, lead, _play(1, "werewolves:9", 9)).winner == 0
    # an unknown card of another faction is off-faction
    assert judge_trick(BOOK, 1, lead, Imagined(1, -1, "*", 9)).winner == 0


def test_a_knight_beats_a_goblin_lead_and_a_doppelganger_follows() -> None:
    assert judge_trick(BOOK, 1, _play(0, "goblins:9", 9), _play(1, "knights:2", 2)).winner == 1
    verdict = judge_trick(BOOK, 1, _play(0, "goblins:5", 5), _play(1, "doppelgangers:8", 8))
    assert verdict.winner == 1


def test_the_werewolves_lower_wins_only_without_the_moon() -> None:
    lead, follow = _play(0, "werewolves:6", 6), _play(1, "werewolves:2", 2)
    assert judge_trick(BOOK, 2, lead, follow).winner == 1
    assert judge_trick(BOOK, 2, lead, follow, moon="full-moon").winner == 0


def test_a_basilisk_captures_an_equal_lead() -> None:
    verdict = judge_trick(BOOK, 2, _play(0, "knights:4", 4), _play(1, "basilisks:4", 4))
    assert (verdict.winner, verdict.captured) == (1, True)


def test_hero_powers_and_their_effects() -> None:
    odd = _play(0, "knights:7", 7)
    assert judge_trick(BOOK, 1, odd, _play(1, "hero:warlock", 2)).winner == 1
    golem = judge_trick(BOOK, 1, _play(0, "goblins:3", 3), _play(1, "hero:stone-golem", 5))
    assert (golem.winner, golem.crushed) == (1, True)
    cube = judge_trick(BOOK, 1, odd, _play(1, "hero:gelatinous-cube", 0))
    assert (cube.winner, cube.cube) == (-1, True)
    # H21: with a hand empty no further trick can be played, so the Cube does nothing
    last = judge_trick(BOOK, 1, odd, _play(1, "hero:gelatinous-cube", 0, last=True))
    assert last.winner == 0
    minotaur = _play(1, "hero:minotaur", 1, last=True)
    assert judge_trick(BOOK, 1, _play(0, "knights:9", 9), minotaur).winner == 1


def test_the_artifacts_that_decide_a_trick() -> None:
    lead, follow = _play(0, "goblins:5", 5), _play(1, "goblins:3", 3)
    assert judge_trick(BOOK, 1, lead, follow, lower_wins=True).winner == 1
    lamp = judge_trick(BOOK, 1, lead, _play(1, "hero:stone-golem", 5), lamp_wins=True)
    assert (lamp.winner, lamp.crushed) == (1, False)  # A28: the win has no effects
