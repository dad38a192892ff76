"""King's Dagger (RULES.md §8, an artifact, the highest tier): when the opponent plays a card of
printed value 5, that card goes into your Score pile and the opponent plays another card in its
place.

Rulings applied here:

- R-80, A1, A20: offered (``use kings-dagger`` or ``pass``) on every play of a printed 5 by the
  opponent, only to the player holding the unused Dagger; a player holding no usable artifact is
  never asked.
- A2, A22: the Dagger window comes first after a play: the follower's Dagger right after the lead
  (before the leader's own Wand / Cloak window), the leader's Dagger right after the follow.
- A7, H1: any printed 5, a hero of value 5 too (the Witch, R-61); the card goes into the holder's
  Score pile before any of its powers act; its player plays another card under the same
  following rules; none left: the trick ends without it and the Dagger holder wins.
- A24: in Phase One the card goes straight into the Score pile (as R-10) and the trick goes on for
  the prize; a replacement lead is again subject to the follower's follow rule.
- A25: ``plays`` lists only the cards that took part in the resolution; the daggered card is in
  the trick's extra field ``daggered`` (and ``artifacts`` names the Dagger, A41).
- A26: not offered on a masked lead (Mask of Darkness): the holder cannot see it.
- A43: a forfeit is a plain collection: Phase One the prize and the loser's draw, the other played
  card discarded; Phase Two the other played card into the winner's Score pile; no faction
  collection power (Undead, Dwarves) acts; the winner leads next.
- A47: a replacement after a Hunting Cloak is drawn at random again (``chance``).
- W5: the daggered card is public, a Demon's value included.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from claim.core import engine, records, view
from claim.core.state import State
from scenario import CLAIM, last_trick, position_record, replay, stacked_record, zone

DAGGER = "kings-dagger"
# Each player's other artifacts are chosen so that none of them is usable in the tricks played
# here (between the phases only, Phase One only, a Score pile needed, three losses needed): only
# the artifacts a test is about are ever asked.
# player 1 holds the Dagger; player 0 a Magic Wand (to see the window order)
FOLLOWER_DAGGER = (
    ("magic-wand", "gamblers-book", "flail-of-dawn"),
    (DAGGER, "endless-rope", "flask-of-tears"),
)
# player 0 holds the Dagger
LEADER_DAGGER = (
    (DAGGER, "gamblers-book", "flail-of-dawn"),
    ("endless-rope", "flask-of-tears", "wishing-lamp"),
)


def _trick(
    hands: Sequence[Sequence[str]],
    moves: Sequence[str] = (),
    *,
    artifacts: Sequence[Sequence[str]] = FOLLOWER_DAGGER,
    phase: int = 2,
    factions: Sequence[str] = CLAIM,
    heroes: Sequence[str] = (),
    chance: Sequence[str] = (),
    unused: Sequence[Sequence[str]] | None = None,
) -> State:
    """Play ``moves`` from the start of a trick, player 0 leading, the discard pile empty; in
    Phase One the prize is goblins:9 and the deck holds goblins:8, goblins:7. ``unused`` replaces
    the players' unused artifacts (the rest count as used)."""
    record = position_record(
        factions,
        phase=phase,
        prize="goblins:9" if phase == 1 else None,
        deck_top=["goblins:8", "goblins:7"] if phase == 1 else [],
        hands=hands,
        heroes=heroes,
        discard=[],
        artifacts=artifacts,
        chance=chance,
        moves=moves,
    )
    if unused is not None:
        for p, names in enumerate(unused):
            player = record["position"]["players"][p]
            player["used_artifacts"] = [a for a in artifacts[p] if a not in names]
            player["artifacts"] = list(names)
    return replay(record)


def _plays(state: State) -> list[tuple[int, str, int]]:
    return [(p["player"], p["card"], p["value"]) for p in last_trick(state)["plays"]]


# -- when it is offered ------------------------------------------------------------------------


def test_offered_to_the_follower_on_a_led_five_before_the_leaders_window() -> None:
    """A7, A22: a led goblins:5 asks the follower's Dagger first (``use kings-dagger``, ``pass``);
    after the pass the leader's own window (Magic Wand) comes, then the follow."""
    state = _trick([["goblins:5", "knights:3"], ["goblins:2", "knights:4"]], ["play goblins:5"])
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["use kings-dagger", "pass"]
    engine.apply(state, "pass")
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["use magic-wand +2", "use magic-wand -2", "pass"]


def test_offered_to_the_leader_on_a_followed_five() -> None:
    """A7, A22: after a follow with goblins:5 the leader's Dagger is asked, before the
    resolution."""
    state = _trick(
        [["goblins:7", "knights:3"], ["goblins:5", "goblins:2", "knights:4"]],
        ["play goblins:7", "play goblins:5"],
        artifacts=LEADER_DAGGER,
    )
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["use kings-dagger", "pass"]


def test_not_offered_on_a_card_that_is_not_a_printed_five() -> None:
    """A7, A20: goblins:4 and goblins:6 are not 5s: the Dagger holder is never asked; the leader
    goes on to their own window and the follower to their play."""
    state = _trick([["goblins:4", "knights:3"], ["goblins:6", "knights:4"]], ["play goblins:4"])
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["use magic-wand +2", "use magic-wand -2", "pass"]
    engine.apply(state, "pass")
    assert engine.legal_actions(state) == ["play goblins:6"]
    engine.apply(state, "play goblins:6")
    # player 1's only artifacts there: none usable after their own play
    assert last_trick(state)["winner"] == 1
    assert "artifacts" not in last_trick(state)


def test_not_offered_on_the_holders_own_five() -> None:
    """§8 "when the opponent plays": player 1 following with their own goblins:5 is not asked
    about their Dagger; the trick resolves at once."""
    state = _trick(
        [["goblins:7", "knights:3"], ["goblins:5", "knights:4"]],
        ["play goblins:7", "pass", "play goblins:5"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert _plays(state) == [(0, "goblins:7", 7), (1, "goblins:5", 5)]
    assert zone(state, "score", 0) == ["goblins:7", "goblins:5"]
    assert state.artifacts[1] == [DAGGER, "endless-rope", "flask-of-tears"]


def test_a_player_without_artifacts_left_is_never_asked() -> None:
    """R-80, A1: with the Dagger already used (no artifact left), a led goblins:5 asks player 1
    nothing: the next decision is their play."""
    state = _trick(
        [["goblins:5", "knights:3"], ["goblins:2", "knights:4"]],
        ["play goblins:5", "pass"],
        unused=(["magic-wand"], []),
    )
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["play goblins:2"]


def test_declining_keeps_the_five_in_the_trick() -> None:
    """R-80: ``pass`` keeps the led goblins:5 in play; it beats goblins:2 and the leader collects
    both; the Dagger stays unused and the trick has no artifact fields."""
    state = _trick(
        [["goblins:5", "knights:3"], ["goblins:2", "knights:4"]],
        ["play goblins:5", "pass", "pass", "play goblins:2"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert _plays(state) == [(0, "goblins:5", 5), (1, "goblins:2", 2)]
    assert "daggered" not in trick and "artifacts" not in trick
    assert zone(state, "score", 0) == ["goblins:5", "goblins:2"]
    assert zone(state, "score", 1) == []
    assert DAGGER in state.artifacts[1]


# -- the effect ----------------------------------------------------------------------------------


def test_daggered_lead_goes_to_the_holder_and_the_leader_leads_again() -> None:
    """A7, A24, A25: the led goblins:5 goes into player 1's Score pile; player 0 leads another card
    (any card of the hand) and its window is asked again; the replacement knights:3 is followed
    under the usual rule (player 1 must play knights:4). ``plays`` lists only the cards that
    took part; ``daggered`` names goblins:5."""
    state = _trick(
        [["goblins:5", "knights:3", "goblins:1"], ["goblins:2", "knights:4"]],
        ["play goblins:5", "use kings-dagger"],
    )
    assert zone(state, "score", 1) == ["goblins:5"]
    assert zone(state, "hand", 0) == ["knights:3", "goblins:1"]
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["play knights:3", "play goblins:1"]
    engine.apply(state, "play knights:3")
    engine.apply(state, "pass")  # player 0's Magic Wand window for the new lead
    assert engine.legal_actions(state) == ["play knights:4"]
    engine.apply(state, "play knights:4")
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert _plays(state) == [(0, "knights:3", 3), (1, "knights:4", 4)]
    assert trick["daggered"] == ["goblins:5"]
    assert trick["artifacts"] == [DAGGER]
    assert zone(state, "score", 1) == ["goblins:5", "knights:3", "knights:4"]
    assert state.used_artifacts[1] == [DAGGER]
    assert engine.current_player(state) == 1


def test_daggered_follow_is_replaced_under_the_following_rules() -> None:
    """A7: a followed goblins:5 goes into the leader's Score pile; player 1 still holds a Goblin,
    so the replacement must be goblins:2 (knights:4 is not offered); goblins:7 wins."""
    state = _trick(
        [["goblins:7", "knights:3"], ["goblins:5", "goblins:2", "knights:4"]],
        ["play goblins:7", "play goblins:5", "use kings-dagger"],
        artifacts=LEADER_DAGGER,
    )
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["play goblins:2"]
    engine.apply(state, "play goblins:2")
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert _plays(state) == [(0, "goblins:7", 7), (1, "goblins:2", 2)]
    assert trick["daggered"] == ["goblins:5"]
    assert zone(state, "score", 0) == ["goblins:5", "goblins:7", "goblins:2"]
    assert zone(state, "hand", 1) == ["knights:4"]


def test_a_daggered_replacement_may_win_the_trick() -> None:
    """A7: the replacement competes as any card: goblins:8 played in place of the daggered
    goblins:5 beats goblins:7, and player 1 collects the two cards left in the trick."""
    state = _trick(
        [["goblins:7", "knights:3"], ["goblins:5", "goblins:8"]],
        ["play goblins:7", "play goblins:5", "use kings-dagger", "play goblins:8"],
        artifacts=LEADER_DAGGER,
    )
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert _plays(state) == [(0, "goblins:7", 7), (1, "goblins:8", 8)]
    assert zone(state, "score", 0) == ["goblins:5"]
    assert zone(state, "score", 1) == ["goblins:7", "goblins:8"]


def test_in_phase_one_the_daggered_card_goes_straight_to_the_score_pile() -> None:
    """A24 (as R-10): in Phase One the daggered goblins:5 goes into player 1's Score pile at once;
    the trick goes on for the prize: player 0's replacement knights:6 is followed by knights:2,
    player 0 takes the prize goblins:9, player 1 draws goblins:8; the played cards are
    discarded."""
    state = _trick(
        [["goblins:5", "knights:6", "goblins:1"], ["knights:2", "goblins:3"]],
        ["play goblins:5", "use kings-dagger", "play knights:6", "pass", "play knights:2"],
        phase=1,
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert _plays(state) == [(0, "knights:6", 6), (1, "knights:2", 2)]
    assert trick["daggered"] == ["goblins:5"]
    assert zone(state, "score", 1) == ["goblins:5"]
    assert zone(state, "score", 0) == []
    assert zone(state, "followers", 0) == ["goblins:9"]
    assert zone(state, "followers", 1) == ["goblins:8"]
    assert zone(state, "discard") == ["knights:6", "knights:2"]


def test_the_flail_card_replaces_a_daggered_last_card() -> None:
    """A7, A39: player 1's last hand card goblins:5 is daggered; their Flail of Dawn card
    undead:2 counts as held, so it is the replacement (no forfeit); off-faction, it loses."""
    record = position_record(
        CLAIM,
        phase=2,
        hands=[["goblins:7", "knights:3"], ["goblins:5", "undead:2"]],
        discard=[],
        artifacts=LEADER_DAGGER,
        moves=["play goblins:7", "play goblins:5", "use kings-dagger"],
    )
    player1 = record["position"]["players"][1]
    player1["hand"].remove("undead:2")
    player1["aside"] = ["undead:2"]
    state = replay(record)
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["play undead:2"]
    engine.apply(state, "play undead:2")
    trick = last_trick(state)
    assert _plays(state) == [(0, "goblins:7", 7), (1, "undead:2", 2)]
    assert trick["winner"] == 0
    assert trick["daggered"] == ["goblins:5"]
    assert state.aside[1] == []


def test_a_hero_of_value_five_can_be_daggered() -> None:
    """A7, H1, R-61: the Witch (value 5) is a printed 5: the follower's Dagger is offered on the
    led Witch and sends it to their Score pile before its power acts; the replacement goblins:1
    then loses plainly to goblins:2."""
    state = _trick(
        [["hero:witch", "goblins:1"], ["goblins:2", "knights:4"]],
        ["play hero:witch"],
        heroes=["witch"],
    )
    assert engine.legal_actions(state) == ["use kings-dagger", "pass"]
    for move in ("use kings-dagger", "play goblins:1", "pass", "play goblins:2"):
        engine.apply(state, move)
    trick = last_trick(state)
    assert trick["daggered"] == ["hero:witch"]
    assert _plays(state) == [(0, "goblins:1", 1), (1, "goblins:2", 2)]
    assert trick["winner"] == 1
    assert zone(state, "score", 1) == ["hero:witch", "goblins:1", "goblins:2"]


def test_a_hero_of_another_value_is_not_daggered() -> None:
    """A7, R-61: the Lich King is a 6: the Dagger holder is not asked."""
    state = _trick(
        [["hero:lich-king", "goblins:1"], ["goblins:2", "knights:4"]],
        ["play hero:lich-king"],
        heroes=["lich-king"],
    )
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["use magic-wand +2", "use magic-wand -2", "pass"]


# -- no replacement: the forfeit (A7, A43) ------------------------------------------------------


def test_a_daggered_lead_with_no_other_card_forfeits_the_trick() -> None:
    """A7, A25, A43: player 0's only card goblins:5 is daggered: the trick ends with no card in
    play and player 1 wins it; ``plays`` is empty, ``daggered`` names goblins:5. Player 0 then
    holds nothing, so the phase (and the game) ends (R-1) and player 1's cards are discarded."""
    state = _trick(
        [["goblins:5"], ["goblins:2", "knights:4"]], ["play goblins:5", "use kings-dagger"]
    )
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["plays"] == []
    assert trick["daggered"] == ["goblins:5"]
    assert trick["artifacts"] == [DAGGER]
    assert zone(state, "score", 1) == ["goblins:5"]
    assert zone(state, "score", 0) == []
    assert zone(state, "discard") == ["goblins:2", "knights:4"]
    assert state.result is not None


def test_a_forfeit_in_phase_two_is_a_plain_collection() -> None:
    """A43: player 1's only card goblins:5 is daggered after a led dwarves:8: player 0 wins and
    collects the lead plainly — the Dwarf goes into the winner's Score pile, not to the loser as
    the Dwarves' power would send it; player 0 leads next."""
    state = _trick(
        [["dwarves:8", "knights:3"], ["goblins:5"]],
        ["play dwarves:8", "play goblins:5", "use kings-dagger"],
        artifacts=LEADER_DAGGER,
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert _plays(state) == [(0, "dwarves:8", 8)]
    assert trick["daggered"] == ["goblins:5"]
    assert zone(state, "score", 0) == ["goblins:5", "dwarves:8"]
    assert zone(state, "score", 1) == []
    # player 1 holds nothing now: the game is over, player 0's last card discarded (R-1)
    assert zone(state, "discard") == ["knights:3"]
    assert state.result is not None


def test_a_forfeit_in_phase_one_takes_the_prize_and_discards_the_lead() -> None:
    """A24, A43: in Phase One the forfeit is the usual prize collection: player 0 takes the prize
    goblins:9, player 1 draws goblins:8; the led undead:8 is discarded (no Undead power: it does
    not go to the winner's Score pile); the daggered goblins:5 is in player 0's Score pile. Player 1
    then holds nothing: Phase One ends (R-1), player 0's knights:3 is discarded and the Follower
    decks become the hands."""
    state = _trick(
        [["undead:8", "knights:3"], ["goblins:5"]],
        ["play undead:8", "play goblins:5", "use kings-dagger"],
        artifacts=LEADER_DAGGER,
        phase=1,
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert _plays(state) == [(0, "undead:8", 8)]
    assert trick["daggered"] == ["goblins:5"]
    assert zone(state, "score", 0) == ["goblins:5"]
    assert zone(state, "discard") == ["undead:8", "knights:3"]
    assert state.phase == 2
    assert zone(state, "hand", 0) == ["goblins:9"]
    assert zone(state, "hand", 1) == ["goblins:8"]


# -- with other artifacts -------------------------------------------------------------------------


def test_a_replacement_after_a_hunting_cloak_is_drawn_at_random_again() -> None:
    """A24, A47: player 0 leads knights:8 and uses the Hunting Cloak; player 1's drawn card is
    goblins:5 (``chance``), which player 0 daggers; the replacement is drawn at random again
    (goblins:2, the next ``chance`` entry) — player 1 never makes a ``play`` move."""
    state = _trick(
        [["knights:8", "knights:3"], ["goblins:5", "knights:4", "goblins:2"]],
        ["play knights:8", "use hunting-cloak", "use kings-dagger"],
        artifacts=(
            ("hunting-cloak", DAGGER, "gamblers-book"),
            ("flail-of-dawn", "prowlers-torch", "endless-rope"),
        ),
        chance=["goblins:5", "goblins:2"],
    )
    trick = last_trick(state)
    assert _plays(state) == [(0, "knights:8", 8), (1, "goblins:2", 2)]
    assert trick["daggered"] == ["goblins:5"]
    assert trick["artifacts"] == ["hunting-cloak", DAGGER]
    assert trick["winner"] == 0
    assert zone(state, "score", 0) == ["goblins:5", "knights:8", "goblins:2"]
    assert zone(state, "hand", 1) == ["knights:4"]
    assert state.chance == ["goblins:5", "goblins:2"]


def test_not_offered_on_a_masked_lead() -> None:
    """A26: under a Mask of Darkness the led goblins:5 lies face-down: player 1's Dagger is not
    offered; player 1 plays at once (free of the following rules, A16) and the Dagger stays
    unused."""
    state = _trick(
        [["goblins:5", "knights:3"], ["goblins:2", "undead:4"]],
        ["use mask-of-darkness", "play goblins:5"],
        artifacts=(("mask-of-darkness", "gamblers-book", "flail-of-dawn"), FOLLOWER_DAGGER[1]),
    )
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["play goblins:2", "play undead:4"]
    engine.apply(state, "play undead:4")
    trick = last_trick(state)
    assert "daggered" not in trick
    assert trick["artifacts"] == ["mask-of-darkness"]
    assert _plays(state) == [(0, "goblins:5", 5), (1, "undead:4", 4)]
    assert trick["winner"] == 0
    assert DAGGER in state.artifacts[1]


def test_a_replacement_in_a_masked_trick_is_free() -> None:
    """A47 (Mask: free), A16: in a masked trick the follow can be daggered (only the lead is
    hidden); player 1's replacement for goblins:5 is free of the following rules: undead:3 may
    be played though goblins:2 is held, and loses off-faction."""
    state = _trick(
        [["goblins:7", "knights:3"], ["goblins:5", "goblins:2", "undead:3"]],
        ["use mask-of-darkness", "play goblins:7", "play goblins:5"],
        artifacts=(("mask-of-darkness", DAGGER, "flail-of-dawn"), LEADER_DAGGER[1]),
    )
    assert engine.legal_actions(state) == ["use kings-dagger", "pass"]
    engine.apply(state, "use kings-dagger")
    assert engine.legal_actions(state) == ["play goblins:2", "play undead:3"]
    engine.apply(state, "play undead:3")
    trick = last_trick(state)
    assert _plays(state) == [(0, "goblins:7", 7), (1, "undead:3", 3)]
    assert trick["daggered"] == ["goblins:5"]
    assert trick["winner"] == 0


def test_a_book_of_memories_lead_is_replaced_from_the_score_pile() -> None:
    """A17, A47: player 0 leads goblins:5 from the Score pile (Book of Memories); daggered, the
    replacement lead again comes from the Score pile (knights:6), not from the hand."""
    record = position_record(
        CLAIM,
        phase=2,
        hands=[["goblins:7", "knights:3"], ["goblins:2", "undead:3"]],
        scores=(["goblins:5", "knights:6"], []),
        discard=[],
        artifacts=(("book-of-memories", "gamblers-book", "flail-of-dawn"), FOLLOWER_DAGGER[1]),
        moves=["use book-of-memories", "play goblins:5", "use kings-dagger"],
    )
    state = replay(record)
    assert zone(state, "score", 1) == ["goblins:5"]
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["play knights:6"]


def test_a_book_of_memories_lead_with_no_score_card_left_forfeits() -> None:
    """A47, A7, A43: with no other card in the Score pile, the daggered Book of Memories lead
    cannot be replaced (the hand does not count): player 1 wins the trick with nothing in play,
    keeps goblins:5, and leads next; player 0's hand is untouched."""
    record = position_record(
        CLAIM,
        phase=2,
        hands=[["goblins:7", "knights:3"], ["goblins:2", "undead:3"]],
        scores=(["goblins:5"], []),
        discard=[],
        artifacts=(("book-of-memories", "gamblers-book", "flail-of-dawn"), FOLLOWER_DAGGER[1]),
        moves=["use book-of-memories", "play goblins:5", "use kings-dagger"],
    )
    state = replay(record)
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["plays"] == []
    assert trick["daggered"] == ["goblins:5"]
    assert trick["artifacts"] == ["book-of-memories", DAGGER]
    assert zone(state, "score", 1) == ["goblins:5"]
    assert zone(state, "score", 0) == []
    assert zone(state, "hand", 0) == ["goblins:7", "knights:3"]
    assert engine.current_player(state) == 1


def test_a_daggered_dragon_has_no_power() -> None:
    """A7 ("before any of its powers act"), §5.2 Dragons: player 1's daggered dragons:5 is not
    part of the trick, so the Dragons' power does not make player 1 lead the next trick: the
    winner, player 0, leads."""
    record = position_record(
        ["gnomes", "giants", "dragons", "trolls", "seers"],
        phase=1,
        prize="seers:3",
        deck_top=["seers:1", "seers:2"],
        hands=[["gnomes:7", "giants:3"], ["dragons:5", "giants:1", "trolls:2"]],
        discard=[],
        artifacts=LEADER_DAGGER,
        moves=["play gnomes:7", "play dragons:5", "use kings-dagger", "play giants:1"],
    )
    state = replay(record)
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert _plays(state) == [(0, "gnomes:7", 7), (1, "giants:1", 1)]
    assert zone(state, "score", 0) == ["dragons:5"]
    assert engine.current_player(state) == 0


def test_the_daggered_card_is_public_with_its_value() -> None:
    """W5: a daggered Demon (demons:5, value-hidden in hand, R-30) is shown by its code in both
    players' views, in the Dagger holder's Score pile and in the trick's ``daggered`` field."""
    factions = ["goblins", "knights", "demons", "undead", "dwarves"]
    state = _trick(
        [["demons:5", "knights:3"], ["goblins:2", "knights:4"]],
        ["play demons:odd", "use kings-dagger", "play knights:3", "pass", "play knights:4"],
        factions=factions,
    )
    for viewer in (0, 1):
        seen = view.report(state, viewer)
        assert seen["players"][1]["score"][0] == "demons:5"
        assert seen["tricks"][-1]["daggered"] == ["demons:5"]


# -- records ------------------------------------------------------------------------------------


def test_a_game_with_a_dagger_replays_exactly_from_its_record() -> None:
    """Records replay exactly: a stacked first trick (Phase One) in which player 1 daggers the
    led goblins:5 and player 0 leads again; the record written from the state (``use
    kings-dagger`` among its moves) replays to the same state."""
    record = stacked_record(
        CLAIM,
        ["goblins:5", "knights:6"],
        ["knights:2", "goblins:3"],
        ["goblins:9", "goblins:8"],
        moves=["play goblins:5", "use kings-dagger", "play knights:6", "pass", "play knights:2"],
        artifacts=FOLLOWER_DAGGER,
    )
    state = replay(record)
    assert last_trick(state)["daggered"] == ["goblins:5"]
    written = json.loads(json.dumps(records.to_record(state)))
    assert written["setup"]["artifacts"] == [list(a) for a in FOLLOWER_DAGGER]
    assert "use kings-dagger" in written["moves"]
    again = records.replay(written)
    assert again.to_dict() == state.to_dict()
    assert view.report(again) == view.report(state)


# -- a forfeit is a trick won and lost for the locations that count them ------------------------


def _forfeit_record(setting: str, counters: dict[str, int], phase: int = 2) -> State:
    """Player 0 leads dwarves:8 (Phase One: undead:8), player 1 follows with their only card
    goblins:5 and player 0's King's Dagger takes it: player 0 wins the forfeit (A7, A43) under
    ``setting``, with ``counters`` set beforehand. In Phase One the prize is goblins:9, the deck
    goblins:6, and player 0's Follower deck holds goblins:7."""
    record = position_record(
        CLAIM,
        phase=phase,
        prize="goblins:9" if phase == 1 else None,
        deck_top=["goblins:6"] if phase == 1 else [],
        hands=[["undead:8" if phase == 1 else "dwarves:8", "knights:3"], ["goblins:5"]],
        followers=(["goblins:7"], []) if phase == 1 else ((), ()),
        discard=[],
        artifacts=LEADER_DAGGER,
    )
    position = record["position"]
    position["setup"]["setting"] = setting
    position["counters"] = dict(counters)
    state = replay(record)
    lead = "play undead:8" if phase == 1 else "play dwarves:8"
    for move in (lead, "play goblins:5", "use kings-dagger"):
        engine.apply(state, move)
    return state


def test_a_forfeit_is_the_fifth_loss_of_a_lava_fields_run() -> None:
    """L10, A43 (with A33's count of forfeits): player 1 had lost four Phase Two tricks in a row;
    the forfeit is the fifth, so player 1 wins the game at once by Lava Fields."""
    state = _forfeit_record("lava-fields", {"lava-player": 1, "lava-count": 4})
    assert last_trick(state)["winner"] == 0
    assert state.result is not None
    assert state.result["winner"] == 1
    assert state.result["reason"] == "lava-fields"


def test_a_forfeit_is_a_plateau_win_but_its_winner_leads_next() -> None:
    """L8, A43: player 0 had won two tricks in a row; the forfeit in the last Phase One trick is
    the third, so the streak restarts; the winner still leads next (the Dagger's forfeit names
    the leader, as an artifact power that names the next leader wins over the Plateau, L8)."""
    state = _forfeit_record("plateau", {"plateau-player": 0, "plateau-count": 2}, phase=1)
    assert state.phase == 2
    assert state.counters.get("plateau-count", 0) == 0
    assert state.counters.get("plateau-player", -1) == -1
    assert state.leader == 0


def test_a_forfeit_gives_its_loser_the_ice_fields_bonus() -> None:
    """L9, A43: player 1 lost the forfeit (the last Phase One trick), so the card player 1 plays
    in the next trick (Phase Two's first, across the boundary) gets +1: goblins:6 counts 7."""
    state = _forfeit_record("ice-fields", {}, phase=1)
    assert state.phase == 2
    assert zone(state, "hand", 0) == ["goblins:7", "goblins:9"]
    assert zone(state, "hand", 1) == ["goblins:6"]
    while state.tasks:  # A4: the Gambler's Book and the Flail of Dawn, declined
        engine.apply(state, "pass")
    engine.apply(state, "play goblins:9")
    engine.apply(state, "play goblins:6")
    assert _plays(state) == [(0, "goblins:9", 9), (1, "goblins:6", 7)]
