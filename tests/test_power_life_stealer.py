"""Life Stealer (§6, R-61 value 4, both phases): played second on a faction card it counts as
that faction, with its powers, for this trick: it follows, ranks by its own value (4) and every
power of that faction acts for it, collection included (H31). It may always be played to follow,
even while its player holds the led faction (H2). Led (or second on a led hero) it does nothing.
Once the trick is over it is a hero: at scoring it counts for no faction."""

from __future__ import annotations

from claim.core import engine
from claim.core.state import State
from scenario import last_trick, position_record, replay, zone

CLAIM = ["goblins", "knights", "undead", "dwarves", "doppelgangers"]
HEROES = ["life-stealer", "witch"]
PRIZE = "doppelgangers:9"
DECK_TOP = ["doppelgangers:8", "doppelgangers:7"]


def _trick(
    hand0: list[str],
    hand1: list[str],
    moves: list[str],
    phase: int = 2,
    scores: tuple[list[str], list[str]] = ([], []),
    factions: list[str] | None = None,
) -> State:
    """Play ``moves`` from a trick of ``phase`` with player 0 leading; the discard pile starts
    empty. In Phase One the prize is ``PRIZE`` and the deck holds ``DECK_TOP``."""
    record = position_record(
        factions or CLAIM,
        phase=phase,
        prize=PRIZE if phase == 1 else None,
        deck_top=DECK_TOP if phase == 1 else [],
        hands=[hand0, hand1],
        scores=scores,
        heroes=HEROES,
        discard=[],
        moves=moves,
    )
    return replay(record)


def test_as_an_undead_it_goes_to_the_winners_score_pile() -> None:
    """H31 (Undead to the winner's Score pile), §5.1: in Phase One the Life Stealer follows
    undead:6 as an Undead and loses by value (4 < 6): both cards go to the winner's Score pile,
    nothing is discarded; the winner takes the prize."""
    state = _trick(
        ["undead:6", "goblins:1"],
        ["hero:life-stealer", "goblins:2"],
        ["play undead:6", "play hero:life-stealer"],
        phase=1,
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == "higher value"
    assert [p["value"] for p in trick["plays"]] == [6, 4]
    assert zone(state, "score", 0) == ["undead:6", "hero:life-stealer"]
    assert zone(state, "discard") == []
    assert zone(state, "followers", 0) == [PRIZE]
    assert zone(state, "followers", 1) == [DECK_TOP[0]]


def test_as_an_undead_it_wins_a_low_undead_lead() -> None:
    """H31 (ranks by its own value): on undead:2 the Life Stealer (4) wins; both Undead cards go
    to its player's Score pile, and that player takes the prize and leads next."""
    state = _trick(
        ["undead:2", "goblins:1"],
        ["hero:life-stealer", "goblins:2"],
        ["play undead:2", "play hero:life-stealer"],
        phase=1,
    )
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == "higher value"
    assert zone(state, "score", 1) == ["undead:2", "hero:life-stealer"]
    assert zone(state, "followers", 1) == [PRIZE]
    assert engine.current_player(state) == 1


def test_as_a_dwarf_it_goes_to_the_loser() -> None:
    """H31 (Dwarf to the loser), §5.1: in Phase Two the Life Stealer follows dwarves:7 as a Dwarf
    and loses: the loser takes every Dwarf played, so both cards go to the Life Stealer's player;
    when it wins on dwarves:2, both go to the leader."""
    state = _trick(
        ["dwarves:7", "goblins:1"],
        ["hero:life-stealer", "goblins:2"],
        ["play dwarves:7", "play hero:life-stealer"],
    )
    assert last_trick(state)["winner"] == 0
    assert zone(state, "score", 1) == ["dwarves:7", "hero:life-stealer"]
    assert zone(state, "score", 0) == []
    assert engine.current_player(state) == 0

    state = _trick(
        ["dwarves:2", "goblins:1"],
        ["hero:life-stealer", "goblins:2"],
        ["play dwarves:2", "play hero:life-stealer"],
    )
    assert last_trick(state)["winner"] == 1
    assert zone(state, "score", 0) == ["dwarves:2", "hero:life-stealer"]
    assert zone(state, "score", 1) == []


def test_on_a_goblin_lead_it_is_a_goblin_and_competes_by_value() -> None:
    """H31: on a Goblin lead it counts as a Goblin (not a Knight, so it does not win by the
    Knights' power): it beats goblins:3 by value and loses to goblins:9 by value, not as an
    off-faction card."""
    state = _trick(
        ["goblins:3", "goblins:1"],
        ["hero:life-stealer", "knights:2"],
        ["play goblins:3", "play hero:life-stealer"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == "higher value"
    assert zone(state, "score", 1) == ["goblins:3", "hero:life-stealer"]

    state = _trick(
        ["goblins:9", "goblins:1"],
        ["hero:life-stealer", "knights:2"],
        ["play goblins:9", "play hero:life-stealer"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == "higher value"
    assert zone(state, "score", 0) == ["goblins:9", "hero:life-stealer"]


def test_it_may_follow_while_its_player_holds_the_led_faction() -> None:
    """H2: the Life Stealer counts as the led faction when played second, so it may be played
    while its player holds a Goblin (a Knight may not); on a led hero every card is allowed."""
    state = _trick(
        ["goblins:3", "goblins:1"],
        ["goblins:2", "hero:life-stealer", "knights:5", "undead:2"],
        ["play goblins:3"],
    )
    assert engine.legal_actions(state) == ["play goblins:2", "play hero:life-stealer"]
    state = _trick(
        ["hero:witch", "goblins:1"],
        ["goblins:2", "hero:life-stealer", "knights:5"],
        ["play hero:witch"],
    )
    assert engine.legal_actions(state) == [
        "play goblins:2",
        "play hero:life-stealer",
        "play knights:5",
    ]


def test_a_led_life_stealer_does_nothing() -> None:
    """§6 ("played second on a faction card"): led in Phase One it is a plain value-4 hero with
    no faction: it beats undead:3 by value; the Undead still goes to the winner's Score pile by
    its own power, while the Life Stealer is discarded. On undead:5 it loses by value."""
    state = _trick(
        ["hero:life-stealer", "goblins:1"],
        ["undead:3", "goblins:2"],
        ["play hero:life-stealer", "play undead:3"],
        phase=1,
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == "higher value"
    assert zone(state, "score", 0) == ["undead:3"]
    assert zone(state, "discard") == ["hero:life-stealer"]

    state = _trick(
        ["hero:life-stealer", "goblins:1"],
        ["undead:5", "goblins:2"],
        ["play hero:life-stealer", "play undead:5"],
        phase=1,
    )
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert zone(state, "score", 1) == ["undead:5"]
    assert zone(state, "discard") == ["hero:life-stealer"]


def test_second_on_a_led_hero_it_has_no_power() -> None:
    """§6, H31 (a faction card is needed): on a led Witch there is no faction to count as; the
    Witch's rule decides (4 is not above 5): the Witch wins."""
    state = _trick(
        ["hero:witch", "goblins:1"],
        ["hero:life-stealer", "goblins:2"],
        ["play hero:witch", "play hero:life-stealer"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == "the Witch beats anything but an even value above 5"
    assert zone(state, "score", 0) == ["hero:witch", "hero:life-stealer"]


def test_as_a_dragon_its_player_leads_next() -> None:
    """H31 (Dragon lead), §5.2: the Life Stealer follows dragons:8 as a Dragon and loses, but as
    the last Dragon played its player leads the next trick."""
    state = _trick(
        ["dragons:8", "trolls:1"],
        ["hero:life-stealer", "trolls:2"],
        ["play dragons:8", "play hero:life-stealer"],
        factions=["gnomes", "giants", "dragons", "trolls", "seers"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert zone(state, "score", 0) == ["dragons:8", "hero:life-stealer"]
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["play trolls:2"]


def test_as_a_werewolf_it_wins_low_and_flips_the_moon() -> None:
    """H31 (Werewolf low-wins and moon flip), §5.3: with no moon the Life Stealer (4) following
    werewolves:7 as a Werewolf is the lower Werewolf and wins; a Werewolf card won, so the moon
    flips to full moon."""
    record = position_record(
        ["goblins", "knights", "werewolves", "undead", "dwarves"],
        phase=2,
        hands=[["werewolves:7", "goblins:1"], ["hero:life-stealer", "goblins:2"]],
        heroes=HEROES,
        discard=[],
        moves=["play werewolves:7", "play hero:life-stealer"],
    )
    record["position"]["moon"] = "no-moon"
    state = replay(record)
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == "no moon: the lower Werewolf wins"
    assert state.moon == "full-moon"
    assert zone(state, "score", 1) == ["werewolves:7", "hero:life-stealer"]


def test_at_scoring_it_is_a_hero() -> None:
    """H31 ("once the trick is over it is a hero"), H13: in the last trick of the game the Life
    Stealer wins goblins:3 as a Goblin, but at scoring it counts for no faction: Goblins are one
    card each (goblins:3 against goblins:8) and the higher card wins the vote for player 0."""
    state = _trick(
        ["goblins:3"],
        ["hero:life-stealer"],
        ["play goblins:3", "play hero:life-stealer"],
        scores=(["goblins:8"], []),
    )
    assert last_trick(state)["winner"] == 1
    assert zone(state, "score", 1) == ["goblins:3", "hero:life-stealer"]
    assert state.result is not None
    assert state.result["votes"]["goblins"] == 0


def test_as_a_zombie_it_captures_the_other_card() -> None:
    """H31 (Zombie capture), §5.3: in Phase One the Life Stealer (4) following zombies:2 as a
    Zombie wins, so the opponent's played card goes into its player's Score pile; the Life
    Stealer itself is discarded as usual."""
    record = position_record(
        ["goblins", "knights", "zombies", "undead", "dwarves"],
        phase=1,
        prize="goblins:9",
        deck_top=["goblins:8", "goblins:7"],
        hands=[["zombies:2", "goblins:1"], ["hero:life-stealer", "goblins:2"]],
        heroes=HEROES,
        discard=[],
        moves=["play zombies:2", "play hero:life-stealer"],
    )
    state = replay(record)
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert zone(state, "score", 1) == ["zombies:2"]
    assert zone(state, "discard") == ["hero:life-stealer"]
    assert zone(state, "followers", 1) == ["goblins:9"]


def test_as_a_troll_the_loser_of_the_troll_rule_goes_to_the_pool() -> None:
    """H31 ("Troll rule"; "once the trick is over it is a hero wherever it lies (Troll pool
    ...)"), §5.2: the Life Stealer follows trolls:7 as a Troll and loses; the winner would
    collect two Trolls, so they take only the highest, trolls:7, and the Life Stealer goes to the
    Troll pool."""
    state = _trick(
        ["trolls:7", "dragons:1"],
        ["hero:life-stealer", "dragons:2"],
        ["play trolls:7", "play hero:life-stealer"],
        factions=["gnomes", "giants", "dragons", "trolls", "seers"],
    )
    assert last_trick(state)["winner"] == 0
    assert zone(state, "score", 0) == ["trolls:7"]
    assert zone(state, "troll_pool") == ["hero:life-stealer"]
    assert zone(state, "score", 1) == []


def test_as_a_troll_it_ranks_by_its_own_value() -> None:
    """H31 (it ranks by its own value, 4; Troll rule), §5.2, H1: the Life Stealer beats trolls:2
    as a Troll; its player would collect two Trolls and keeps the higher, the Life Stealer (4);
    trolls:2 goes to the Troll pool."""
    state = _trick(
        ["trolls:2", "dragons:1"],
        ["hero:life-stealer", "dragons:2"],
        ["play trolls:2", "play hero:life-stealer"],
        factions=["gnomes", "giants", "dragons", "trolls", "seers"],
    )
    assert last_trick(state)["winner"] == 1
    assert zone(state, "score", 1) == ["hero:life-stealer"]
    assert zone(state, "troll_pool") == ["trolls:2"]


def test_as_a_phoenix_losing_draws_a_fire_phoenix() -> None:
    """H31 ("Phoenix draw"), §5.6: in Phase Two the Life Stealer follows phoenixes:7 as a Phoenix
    and loses, so its player draws the top Fire Phoenix to the end of their hand (R-5)."""
    record = position_record(
        ["goblins", "knights", "phoenixes", "unicorns", "basilisks"],
        phase=2,
        hands=[["phoenixes:7", "goblins:1"], ["hero:life-stealer", "goblins:2"]],
        heroes=HEROES,
        discard=[],
        moves=["play phoenixes:7", "play hero:life-stealer"],
    )
    pile = ["fire-phoenix:5", "fire-phoenix:2"]
    record["position"]["fire_phoenix"] = list(pile)
    record["position"]["discard"] += [f"fire-phoenix:{v}" for v in (0, 1, 3, 4, 6, 7, 8, 9)]
    state = replay(record)
    assert last_trick(state)["winner"] == 0
    assert zone(state, "score", 0) == ["phoenixes:7", "hero:life-stealer"]
    assert zone(state, "hand", 1) == ["goblins:2", "fire-phoenix:5"]


def test_as_a_unicorn_it_gets_no_unicorn_bonus() -> None:
    """H31 ("no Unicorn bonus"), §5.6: the Unicorn bonus is for non-Unicorn cards; following
    unicorns:5 the Life Stealer is a Unicorn, so its player's two Unicorns in the Score pile give
    it nothing: 4 loses to 5."""
    record = position_record(
        ["goblins", "knights", "phoenixes", "unicorns", "basilisks"],
        phase=2,
        hands=[["unicorns:5", "goblins:1"], ["hero:life-stealer", "goblins:2"]],
        scores=([], ["unicorns:1", "unicorns:2"]),
        heroes=HEROES,
        discard=[],
        moves=["play unicorns:5", "play hero:life-stealer"],
    )
    state = replay(record)
    trick = last_trick(state)
    assert [p["value"] for p in trick["plays"]] == [5, 4]
    assert trick["winner"] == 0
    assert trick["reason"] == "higher value"
    assert zone(state, "score", 0) == ["unicorns:5", "hero:life-stealer"]
