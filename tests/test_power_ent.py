"""Ent (§6, RULINGS H2, H4, H8, H35; value 4, R-61): Phase Two only: when played, its player may
declare it a card of a faction they hold at least two of in their Score pile (``play hero:ent
as F``). Declared, it is a value-4 card of F in every respect, powers included, and it stays F at
scoring (one card of value 4) whoever collects it. In Phase One it is a plain hero."""

from __future__ import annotations

from collections.abc import Sequence

from claim.core import engine, scoring
from claim.core.state import State
from scenario import CLAIM, CLAIM2, last_trick, position_record, replay, zone

ENT = "hero:ent"


def _trick(
    hand0: list[str],
    hand1: list[str],
    moves: Sequence[str] = (),
    phase: int = 2,
    scores: Sequence[Sequence[str]] = ((), ()),
    factions: Sequence[str] = CLAIM,
    troll_pool: Sequence[str] = (),
) -> State:
    """Play ``moves`` from a trick of ``phase`` (the Claim deck unless ``factions`` says
    otherwise, Ent in the game), player 0 leading, with an empty discard pile; Phase One tricks
    use the Claim deck's goblins:8 as prize."""
    return replay(
        position_record(
            factions,
            phase=phase,
            prize="goblins:8" if phase == 1 else None,
            deck_top=["goblins:6", "goblins:7"] if phase == 1 else [],
            hands=[hand0, hand1],
            scores=scores,
            troll_pool=troll_pool,
            heroes=["ent"],
            discard=[],
            moves=moves,
        )
    )


def test_phase_one_offers_no_declaration() -> None:
    """H35, H4: in Phase One the Ent is played only plainly, even with two Undead in its
    player's Score pile; it is then a hero of value 4 (a led hero: higher value wins)."""
    state = _trick(
        [ENT, "goblins:1"],
        ["goblins:3", "knights:5"],
        phase=1,
        scores=[["undead:1", "undead:2"], []],
    )
    assert engine.legal_actions(state) == [f"play {ENT}", "play goblins:1"]
    engine.apply(state, f"play {ENT}")
    engine.apply(state, "play goblins:3")
    trick = last_trick(state)
    assert trick["plays"][0] == {"player": 0, "card": ENT, "value": 4}
    assert trick["winner"] == 0
    assert zone(state, "discard") == [ENT, "goblins:3"]


def test_phase_two_declarations_are_the_factions_with_two_cards_in_the_score_pile() -> None:
    """H35: led in Phase Two, the moves are plain and ``as F`` for each faction with at least two
    cards in its player's Score pile (Goblins 2, Dwarves 3; Knights 1 and a hero do not make a
    faction eligible); the opponent's pile does not count."""
    state = _trick(
        [ENT, "goblins:1"],
        ["goblins:3", "knights:5"],
        scores=[
            ["goblins:2", "knights:3", "dwarves:4", "goblins:5", "dwarves:5", "dwarves:6"],
            ["undead:1", "undead:2"],
        ],
    )
    assert engine.legal_actions(state) == [
        f"play {ENT}",
        f"play {ENT} as goblins",
        f"play {ENT} as dwarves",
        "play goblins:1",
    ]


def test_a_follower_able_to_follow_may_declare_it_only_as_the_led_faction() -> None:
    """H2, H35: holding a Goblin on a Goblin lead, with two Goblins in the Score pile, the Ent may
    be played only declared as Goblins (it then follows); without two Goblins collected it may not
    be played at all."""
    state = _trick(
        ["goblins:3", "goblins:1"],
        [ENT, "goblins:0"],
        ["play goblins:3"],
        scores=[[], ["goblins:5", "goblins:6", "dwarves:1", "dwarves:2"]],
    )
    assert engine.legal_actions(state) == [f"play {ENT} as goblins", "play goblins:0"]
    state = _trick(
        ["goblins:3", "goblins:1"],
        [ENT, "goblins:0"],
        ["play goblins:3"],
        scores=[[], ["goblins:5", "dwarves:1", "dwarves:2"]],
    )
    assert engine.legal_actions(state) == ["play goblins:0"]


def test_a_follower_unable_to_follow_has_every_eligible_declaration() -> None:
    """H2, H35: with no Goblin in hand on a Goblin lead, the follower may play anything: the Ent
    plainly or as each eligible faction."""
    state = _trick(
        ["goblins:3", "goblins:1"],
        [ENT, "knights:2"],
        ["play goblins:3"],
        scores=[[], ["goblins:5", "goblins:6", "dwarves:1", "dwarves:2"]],
    )
    assert engine.legal_actions(state) == [
        f"play {ENT}",
        f"play {ENT} as goblins",
        f"play {ENT} as dwarves",
        "play knights:2",
    ]


def test_declared_as_the_led_faction_it_follows_with_value_4() -> None:
    """H35: as a Goblin of value 4 it beats goblins:3 (history: ``as``, H8) and ties goblins:4,
    which goes to the leader."""
    scores = [[], ["goblins:5", "goblins:6"]]
    state = _trick(
        ["goblins:3", "goblins:1"],
        [ENT, "goblins:0"],
        ["play goblins:3", f"play {ENT} as goblins"],
        scores=scores,
    )
    trick = last_trick(state)
    assert trick["plays"][1] == {"player": 1, "card": ENT, "value": 4, "as": "goblins"}
    assert trick["winner"] == 1
    assert trick["reason"] == "higher value"
    assert zone(state, "score", 1) == ["goblins:5", "goblins:6", "goblins:3", ENT]
    assert engine.current_player(state) == 1
    state = _trick(
        ["goblins:4", "goblins:1"],
        [ENT, "goblins:0"],
        ["play goblins:4", f"play {ENT} as goblins"],
        scores=scores,
    )
    assert last_trick(state)["winner"] == 0
    assert last_trick(state)["reason"] == "equal values go to the leader"
    assert zone(state, "score", 0) == ["goblins:4", ENT]


def test_declared_as_dwarves_it_goes_to_the_loser() -> None:
    """H35 (powers included), §5.1 Dwarves: led as Dwarves, the follower holds no Dwarf and plays
    goblins:7 off-faction; the leader wins, but the Ent, a Dwarf, goes to the loser's Score pile
    and the winner takes goblins:7. The winner leads next."""
    state = _trick(
        [ENT, "goblins:1"],
        ["goblins:7", "knights:2"],
        [f"play {ENT} as dwarves", "play goblins:7"],
        scores=[["dwarves:1", "dwarves:2"], []],
    )
    trick = last_trick(state)
    assert trick["plays"][0] == {"player": 0, "card": ENT, "value": 4, "as": "dwarves"}
    assert trick["winner"] == 0
    assert trick["reason"] == "the follower did not follow faction"
    assert zone(state, "score", 0) == ["dwarves:1", "dwarves:2", "goblins:7"]
    assert zone(state, "score", 1) == [ENT]
    assert engine.current_player(state) == 0


def test_a_knight_beats_it_declared_as_a_led_goblin() -> None:
    """H35 ("a card of F in every respect"), §5.1 Knights: led as a Goblin, a Knight played on it
    wins whatever the values."""
    state = _trick(
        [ENT, "goblins:1"],
        ["knights:2", "undead:2"],
        [f"play {ENT} as goblins", "play knights:2"],
        scores=[["goblins:3", "goblins:5"], []],
    )
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == "a Knight played on a Goblin lead wins"
    assert zone(state, "score", 1) == [ENT, "knights:2"]
    assert engine.current_player(state) == 1


def test_it_counts_for_its_faction_at_scoring_for_whoever_collects_it() -> None:
    """H35, §9 step 5: declared Dwarves in the last trick, the Ent goes to the loser (Dwarf power)
    and counts there as one Dwarf of value 4: player 1's Dwarves 4, 2, 1 (three cards) beat
    player 0's 9, 8 (two), so player 1 takes the Dwarf vote; player 0 takes Goblins; one vote
    each, and player 1 wins on cards (3 against 1)."""
    state = _trick(
        [ENT],
        ["goblins:7"],
        [f"play {ENT} as dwarves", "play goblins:7"],
        scores=[["dwarves:9", "dwarves:8"], ["dwarves:1", "dwarves:2"]],
    )
    assert zone(state, "score", 1) == ["dwarves:1", "dwarves:2", ENT]
    assert scoring.faction_values(state, 1, "dwarves") == [4, 2, 1]
    assert scoring.faction_values(state, 0, "dwarves") == [9, 8]
    assert state.result is not None
    assert state.result["votes"] == {
        "goblins": 0,
        "knights": None,
        "undead": None,
        "dwarves": 1,
        "doppelgangers": None,
    }
    assert state.result["winner"] == 1
    assert state.result["reason"] == "cards"
    assert state.result["cards_in_won_factions"] == [1, 3]


def test_a_plain_ent_counts_for_no_faction() -> None:
    """§6, H13, H35: played plainly in Phase Two it is a hero: collected, it is in no vote (the
    Dwarf vote stays 2 cards against 2, decided by the highest card)."""
    state = _trick(
        [ENT],
        ["goblins:2"],
        [f"play {ENT}", "play goblins:2"],
        scores=[["dwarves:1", "dwarves:2"], ["dwarves:3", "dwarves:4"]],
    )
    assert last_trick(state)["winner"] == 0
    assert zone(state, "score", 0) == ["dwarves:1", "dwarves:2", ENT, "goblins:2"]
    assert scoring.faction_values(state, 0, "dwarves") == [2, 1]
    assert state.result is not None
    assert state.result["votes"]["dwarves"] == 1
    assert state.result["votes"]["goblins"] == 0
    assert state.result["reason"] == "cards"
    assert state.result["winner"] == 1


def test_declared_as_a_dragon_it_names_the_next_leader() -> None:
    """H35 (powers included), §5.2 Dragons: following dragons:5 as a Dragon (4) the Ent loses,
    but its player played the last Dragon of the trick and leads next."""
    state = _trick(
        ["dragons:5", "gnomes:1"],
        [ENT, "dragons:0"],
        ["play dragons:5", f"play {ENT} as dragons"],
        scores=[[], ["dragons:1", "dragons:2"]],
        factions=CLAIM2,
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == "higher value"
    assert zone(state, "score", 0) == ["dragons:5", ENT]
    assert engine.current_player(state) == 1


def test_declared_as_trolls_it_is_under_the_one_troll_rule() -> None:
    """H35 (powers included, as Life Stealer H31: "Troll rule"), §5.2 Trolls: led as Trolls (value
    4) it loses to trolls:7; the winner would collect two Trolls, so they take the single highest
    (trolls:7) and the Ent goes to the Troll pool."""
    state = _trick(
        [ENT, "gnomes:1"],
        ["trolls:7", "gnomes:3"],
        [f"play {ENT} as trolls", "play trolls:7"],
        scores=[["trolls:1", "trolls:2"], []],
        factions=CLAIM2,
    )
    assert last_trick(state)["winner"] == 1
    assert zone(state, "score", 1) == ["trolls:7"]
    assert zone(state, "troll_pool") == [ENT]
    assert zone(state, "score", 0) == ["trolls:1", "trolls:2"]


def test_declared_as_trolls_a_higher_pool_troll_is_taken_instead() -> None:
    """H35, §5.2 Trolls: winning as a Troll of value 4 against an off-faction seers:7, its player
    takes the pool's higher trolls:8 instead, and the Ent goes to the pool; seers:7 is collected as
    usual."""
    state = _trick(
        [ENT, "gnomes:1"],
        ["seers:7", "gnomes:3"],
        [f"play {ENT} as trolls", "play seers:7"],
        scores=[["trolls:1", "trolls:2"], []],
        factions=CLAIM2,
        troll_pool=["trolls:8"],
    )
    assert last_trick(state)["winner"] == 0
    assert zone(state, "score", 0) == ["trolls:1", "trolls:2", "seers:7", "trolls:8"]
    assert zone(state, "troll_pool") == [ENT]


def test_as_a_troll_it_ranks_by_its_configured_value() -> None:
    """H35, H1 (a hero's value is its printed value everywhere), H9 (``setup.hero_values``),
    §5.2 (Trolls rank by printed value): with the Ent set to 9, led as Trolls it beats trolls:7;
    its player would collect two Trolls and keeps the highest, the Ent; trolls:7 goes to the
    pool."""
    record = position_record(
        CLAIM2,
        phase=2,
        hands=[[ENT, "gnomes:1"], ["trolls:7", "gnomes:3"]],
        scores=[["trolls:1", "trolls:2"], []],
        heroes=["ent"],
        discard=[],
        moves=[f"play {ENT} as trolls", "play trolls:7"],
    )
    record["position"]["setup"]["hero_values"] = {"ent": 9}
    state = replay(record)
    trick = last_trick(state)
    assert trick["plays"][0] == {"player": 0, "card": ENT, "value": 9, "as": "trolls"}
    assert trick["winner"] == 0
    assert zone(state, "score", 0) == ["trolls:1", "trolls:2", ENT]
    assert zone(state, "troll_pool") == ["trolls:7"]


def test_a_declaration_does_not_outlive_its_trick() -> None:
    """H35 (declared "when played"), §6 (collected heroes count for no faction unless their text
    says so): declared as Dwarves and discarded by Death (H33), the Ent is taken back by a
    Skeleton (H15, ``chance``) and played plainly in the last trick: collected, it counts for no
    faction. Player 1's Dwarves 4, 3 beat player 0's 2, 1; player 0 takes Goblins; one vote each
    and two cards each: a draw."""
    record = position_record(
        CLAIM,
        phase=2,
        number=11,
        hands=[[ENT, "hero:skeleton"], ["hero:death", "goblins:1", "goblins:2"]],
        scores=[["dwarves:1", "dwarves:2"], ["dwarves:3", "dwarves:4"]],
        heroes=["ent", "skeleton", "death"],
        discard=[],
        chance=[ENT],
        moves=[
            f"play {ENT} as dwarves",
            "play hero:death",
            "play hero:skeleton",
            "play goblins:1",
            "use skeleton",
            f"play {ENT}",
            "play goblins:2",
        ],
    )
    state = replay(record)
    assert last_trick(state)["plays"][0] == {"player": 0, "card": ENT, "value": 4}
    assert zone(state, "score", 0) == [
        "dwarves:1",
        "dwarves:2",
        "hero:skeleton",
        "goblins:1",
        ENT,
        "goblins:2",
    ]
    assert scoring.faction_values(state, 0, "dwarves") == [2, 1]
    assert state.result is not None
    assert state.result["votes"]["dwarves"] == 1
    assert state.result["votes"]["goblins"] == 0
    assert state.result["winner"] is None
    assert state.result["reason"] == "draw"
