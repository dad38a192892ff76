"""Rulings W15–W21 (shared/rules/RULINGS.md, issue 36): one or more scenario tests for each, named
after it, each checking the outcome the ruling gives.

- W15: a Minotaur (H29) is not its player's last card while they have a Flail of Dawn card set
  aside (A5, A39); it is when they hold neither a hand card nor an aside card once it is played.
- W16: the Wishing Lamp's list (A27) names the heroes of the public hero pool, not the dealt ones;
  a named hero not in the game is not held; "held" compares codes (a Demon by its code).
- W17: faction powers read what each card counts as in the trick: a Lycanthrope led as a Werewolf
  makes a Werewolf-led trick (H34); an Ent declared a Doppelganger follows as the led faction and
  competes by value (H35).
- W18: after a Jester's swap (H25), "the player who played" a card is that card's owner after the
  swap (a led Dragon: the Jester's player leads next); ``plays`` lists the cards as played, in
  ``current`` too while a decision of the trick is pending.
- W19: the bonuses waiting for a daggered card's player (Ice Fields L9, Flask of Tears A15, Ice
  Sword A18) go to their next card: the replacement, or their next card after a forfeit.
- W20: a dual card (R-40) or a declared Ent (H35) taken by a King's Dagger keeps its declaration:
  in the Dagger holder's Score pile it counts for that faction at the end.
- W21: under a Wishing Lamp win (A28) a following Basilisk does not capture and a Stone Golem does
  not crush (H6, H17): the lead card is collected normally.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from claim.core import cards, engine, scoring, view
from claim.core.state import State
from scenario import CLAIM, last_trick, position_record, replay, same_cards, zone

FLAIL = "flail-of-dawn"
LAMP = "wishing-lamp"
DAGGER = "kings-dagger"
ENT = "hero:ent"
LYC = "hero:lycanthrope"
JESTER = "hero:jester"
MINOTAUR = "hero:minotaur"
GOLEM = "hero:stone-golem"

# Artifacts never usable where these scenarios look, unless a test is about them: the Gambler's
# Book and the Flail of Dawn act between the phases, the Prowler's Torch only in Phase One, the
# Flask of Tears after three losses, the Endless Rope and the Book of Memories need a Score pile.
QUIET0 = ("gamblers-book", "prowlers-torch", "flask-of-tears")
QUIET1 = (FLAIL, "book-of-memories", "endless-rope")

MINOTAUR_WINS = "the Minotaur is its player's last card"
LAMP_WINS = "Wishing Lamp: the named card was not held; the follower wins"
ELVES = ["elves", "orcs", "cyclops", "undead", "dwarves"]
MAPS = ["goblins", "knights", "dwarves", "unicorns", "basilisks"]


def _record(
    factions: Sequence[str],
    hands: Sequence[Sequence[str]],
    moves: Sequence[str] = (),
    *,
    phase: int = 2,
    heroes: Sequence[str] = (),
    artifacts: Sequence[Sequence[str]] = (),
    scores: Sequence[Sequence[str]] = ((), ()),
    aside: dict[int, str] | None = None,
    counters: dict[str, int] | None = None,
    setup: dict[str, Any] | None = None,
    moon: str | None = None,
    **options: Any,
) -> dict[str, Any]:
    """A record from the start of a trick of ``phase``, player 0 leading (Phase One: prize
    goblins:9, deck goblins:8, goblins:7 unless ``options`` say otherwise), every unplaced card in
    the discard pile unless ``options`` give it. ``aside``: that card of a player's hand is set
    aside by the other player's Flail of Dawn (which counts as used); ``counters`` and ``setup``
    entries are written into the position."""
    if phase == 1:
        options.setdefault("prize", "goblins:9")
        options.setdefault("deck_top", ["goblins:8", "goblins:7"])
    record = position_record(
        factions,
        phase=phase,
        hands=hands,
        heroes=heroes,
        artifacts=artifacts,
        scores=scores,
        moves=moves,
        **options,
    )
    position = record["position"]
    players = position["players"]
    for p, card in (aside or {}).items():
        players[p]["hand"].remove(card)
        players[p]["aside"] = [card]
        holder = players[1 - p]
        holder["artifacts"].remove(FLAIL)
        holder["used_artifacts"] = [*holder.get("used_artifacts", []), FLAIL]
    position["counters"].update(counters or {})
    position["setup"].update(setup or {})
    if moon is not None:
        position["moon"] = moon
    return record


def _trick(
    factions: Sequence[str], hands: Sequence[Sequence[str]], moves: Sequence[str] = (), **kw: Any
) -> State:
    return replay(_record(factions, hands, moves, **kw))


def _plays(trick: dict[str, Any]) -> list[tuple[int, str, int]]:
    return [(p["player"], p["card"], p["value"]) for p in trick["plays"]]


# -------------------------------------------------------------------------------------------------
# W15: Minotaur and a Flail of Dawn card set aside
# -------------------------------------------------------------------------------------------------


def _flail_of(player: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Quiet artifacts, with the Flail of Dawn (to be marked used) held by ``player``."""
    return (QUIET1, QUIET0) if player == 0 else (QUIET0, QUIET1)


def test_w15_a_led_minotaur_with_an_aside_card_is_not_the_last_card() -> None:
    """W15, H29, A5, A39: player 0 leads the Minotaur, their only hand card, but holds goblins:2
    set aside by player 1's Flail: the aside card is still to be played in the phase, so the
    Minotaur is a plain led hero of value 1 and goblins:3 beats it; player 0 then plays the aside
    card in the next trick."""
    state = _trick(
        CLAIM,
        [[MINOTAUR, "goblins:2"], ["goblins:3", "knights:4"]],
        [f"play {MINOTAUR}", "play goblins:3"],
        heroes=["minotaur"],
        artifacts=_flail_of(1),
        aside={0: "goblins:2"},
    )
    trick = last_trick(state)
    assert _plays(trick) == [(0, MINOTAUR, 1), (1, "goblins:3", 3)]
    assert trick["winner"] == 1
    assert trick["reason"] == "higher value"
    assert state.result is None
    while engine.legal_actions(state)[-1] == "pass":  # player 1's Book of Memories and Rope
        engine.apply(state, "pass")
    engine.apply(state, "play knights:4")
    assert engine.legal_actions(state) == ["play goblins:2"]


def test_w15_a_led_minotaur_with_nothing_left_is_the_last_card() -> None:
    """W15, H29 (the control): the same trick without the aside card: player 0 holds nothing once
    the Minotaur is played, so it wins as its player's last card."""
    state = _trick(
        CLAIM,
        [[MINOTAUR], ["goblins:3", "knights:4"]],
        [f"play {MINOTAUR}", "play goblins:3"],
        heroes=["minotaur"],
        artifacts=_flail_of(1),
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == MINOTAUR_WINS


def test_w15_a_minotaur_played_from_aside_is_the_last_card() -> None:
    """W15, A39, H29: the Minotaur is itself the card set aside; with the hand empty it is the
    only play (led from aside), and once it is played its player holds neither a hand card nor
    an aside card: it wins as the last card."""
    state = _trick(
        CLAIM,
        [[MINOTAUR], ["goblins:3", "knights:4"]],
        heroes=["minotaur"],
        artifacts=_flail_of(1),
        aside={0: MINOTAUR},
    )
    assert engine.legal_actions(state) == [f"play {MINOTAUR}"]
    engine.apply(state, f"play {MINOTAUR}")
    engine.apply(state, "play goblins:3")
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == MINOTAUR_WINS
    assert state.aside[0] == []


def test_w15_a_following_minotaur_with_an_aside_card_loses_off_faction() -> None:
    """W15, H29, A39: player 1's hand is empty once the Minotaur follows goblins:7, but undead:3
    lies aside: not the last card, the off-faction Minotaur loses."""
    state = _trick(
        CLAIM,
        [["goblins:7", "goblins:1"], [MINOTAUR, "undead:3"]],
        ["play goblins:7", f"play {MINOTAUR}"],
        heroes=["minotaur"],
        artifacts=_flail_of(0),
        aside={1: "undead:3"},
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == "the follower did not follow faction"


# -------------------------------------------------------------------------------------------------
# W16: the Wishing Lamp's list and secret heroes
# -------------------------------------------------------------------------------------------------

LAMP_ARTIFACTS = ((LAMP, "gamblers-book", "prowlers-torch"), ("flask-of-tears", *QUIET1[:2]))


def _hero_names(state: State) -> list[str]:
    prefix = f"use {LAMP} hero:"
    return [m[len(prefix) :] for m in engine.legal_actions(state) if m.startswith(prefix)]


def test_w16_the_lamp_lists_every_hero_of_the_default_pool() -> None:
    """W16, A27: with only the Witch in the deck and no ``setup.hero_pool``, the public pool is all
    24 heroes, and the Lamp's list names all of them (listing only the Witch would tell the
    leader which hero is in the deck)."""
    state = _trick(
        CLAIM,
        [["goblins:7", "knights:3"], ["hero:witch", "undead:3"]],
        ["play goblins:7"],
        heroes=["witch"],
        artifacts=LAMP_ARTIFACTS,
    )
    assert state.config.heroes == ("witch",)
    assert _hero_names(state) == list(cards.HEROES)


def test_w16_the_lamp_lists_the_heroes_of_the_given_pool() -> None:
    """W16: with ``setup.hero_pool`` Witch, Jester, Minotaur and only the Witch dealt, the list
    names exactly those three heroes (table order), not only the Witch."""
    state = _trick(
        CLAIM,
        [["goblins:7", "knights:3"], ["hero:witch", "undead:3"]],
        ["play goblins:7"],
        heroes=["witch"],
        artifacts=LAMP_ARTIFACTS,
        setup={"hero_pool": ["witch", "jester", "minotaur"]},
    )
    assert _hero_names(state) == [h for h in cards.HEROES if h in ("witch", "jester", "minotaur")]


def test_w16_a_named_hero_not_in_the_game_is_not_held() -> None:
    """W16, A9, A28: naming the Jester, which is not in the game, finds it not held: player 1 plays
    any card (undead:3 though goblins:2 follows) and wins by the Lamp."""
    state = _trick(
        CLAIM,
        [["goblins:7", "knights:3"], ["goblins:2", "undead:3"]],
        ["play goblins:7", f"use {LAMP} hero:jester"],
        heroes=["witch"],
        artifacts=LAMP_ARTIFACTS,
    )
    assert engine.legal_actions(state) == ["play goblins:2", "play undead:3"]
    engine.apply(state, "play undead:3")
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == LAMP_WINS


def test_w16_a_named_hero_in_hand_is_held_and_must_be_played() -> None:
    """W16, A9: naming the Witch, which player 1 holds, forces it though goblins:2 follows."""
    state = _trick(
        CLAIM,
        [["goblins:7", "knights:3"], ["goblins:2", "hero:witch"]],
        ["play goblins:7", f"use {LAMP} hero:witch"],
        heroes=["witch"],
        artifacts=LAMP_ARTIFACTS,
    )
    assert engine.legal_actions(state) == ["play hero:witch"]


def test_w16_a_named_demon_is_held_by_its_code_and_that_very_card_is_played() -> None:
    """W16, R-30: player 1 holds demons:3 then demons:7 (both ``demons:odd`` in hand). Naming
    demons:7 finds it held: the forced play, listed by parity, plays demons:7, not the first odd
    Demon; naming demons:5 finds nothing held (the hand name ``demons:odd`` is not compared)."""
    factions = ["goblins", "knights", "demons", "undead", "dwarves"]
    hands = [["goblins:7", "knights:3"], ["demons:3", "demons:7", "goblins:2"]]
    state = _trick(
        factions, hands, ["play goblins:7", f"use {LAMP} demons:7"], artifacts=LAMP_ARTIFACTS
    )
    assert engine.legal_actions(state) == ["play demons:odd"]
    engine.apply(state, "play demons:odd")
    assert _plays(last_trick(state))[1] == (1, "demons:7", 7)
    assert zone(state, "hand", 1) == ["demons:3", "goblins:2"]
    state = _trick(
        factions, hands, ["play goblins:7", f"use {LAMP} demons:5"], artifacts=LAMP_ARTIFACTS
    )
    assert engine.legal_actions(state) == ["play demons:odd", "play goblins:2"]
    engine.apply(state, "play demons:odd")
    assert last_trick(state)["reason"] == LAMP_WINS


# -------------------------------------------------------------------------------------------------
# W17: what a card counts as in the trick
# -------------------------------------------------------------------------------------------------

WEREWOLVES = ["goblins", "knights", "werewolves", "undead", "dwarves"]


def test_w17_a_lycanthrope_led_as_a_werewolf_makes_a_werewolf_led_trick() -> None:
    """W17, H34, §5.3: with no moon, werewolves:3 following a Lycanthrope led as a Werewolf (5)
    wins as the lower Werewolf, and its win flips the moon."""
    state = _trick(
        WEREWOLVES,
        [[LYC, "undead:0"], ["werewolves:3", "undead:1"]],
        [f"play {LYC} as werewolves", "play werewolves:3"],
        heroes=["lycanthrope"],
        moon="no-moon",
    )
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == "no moon: the lower Werewolf wins"
    assert state.moon == "full-moon"


def test_w17_a_lycanthrope_winning_as_a_werewolf_flips_no_moon() -> None:
    """W17, H34: against werewolves:7 with no moon the Lycanthrope (5) is the lower Werewolf and
    wins; it has not the Werewolves' power, so its win leaves the moon as it was."""
    state = _trick(
        WEREWOLVES,
        [[LYC, "undead:0"], ["werewolves:7", "undead:1"]],
        [f"play {LYC} as werewolves", "play werewolves:7"],
        heroes=["lycanthrope"],
        moon="no-moon",
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == "no moon: the lower Werewolf wins"
    assert state.moon == "no-moon"


DOPPEL = ["goblins", "knights", "doppelgangers", "undead", "dwarves"]
DOPPEL_SCORE = ([], ["doppelgangers:8", "doppelgangers:9"])


def test_w17_an_ent_declared_a_doppelganger_follows_as_the_led_faction() -> None:
    """W17, H35, §5.1: player 1 (no Goblin, two Doppelgangers in the Score pile) follows goblins:3
    with the Ent declared a Doppelganger: it has the Doppelgangers' power, counts as a Goblin and
    wins by value (4 against 3)."""
    state = _trick(
        DOPPEL,
        [["goblins:3", "undead:0"], [ENT, "undead:1"]],
        ["play goblins:3", f"play {ENT} as doppelgangers"],
        heroes=["ent"],
        scores=DOPPEL_SCORE,
    )
    trick = last_trick(state)
    assert trick["plays"][1] == {"player": 1, "card": ENT, "value": 4, "as": "doppelgangers"}
    assert trick["winner"] == 1
    assert trick["reason"] == "higher value"


def test_w17_an_ent_declared_a_doppelganger_competes_by_value() -> None:
    """W17, H35: on goblins:6 the Ent declared a Doppelganger competes by value and loses as a
    Goblin of value 4, not as an off-faction card; played plainly on goblins:3 it is an off-faction
    hero and loses (the control)."""
    state = _trick(
        DOPPEL,
        [["goblins:6", "undead:0"], [ENT, "undead:1"]],
        ["play goblins:6", f"play {ENT} as doppelgangers"],
        heroes=["ent"],
        scores=DOPPEL_SCORE,
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == "higher value"
    state = _trick(
        DOPPEL,
        [["goblins:3", "undead:0"], [ENT, "undead:1"]],
        ["play goblins:3", f"play {ENT}"],
        heroes=["ent"],
        scores=DOPPEL_SCORE,
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == "the follower did not follow faction"


# -------------------------------------------------------------------------------------------------
# W18: Jester and "the player who played"
# -------------------------------------------------------------------------------------------------


def test_w18_a_led_dragon_taken_over_by_a_jester_lets_the_jesters_player_lead() -> None:
    """W18, H25, §5.2: dragons:2 led, the Jester second: after the swap player 0 has led the
    Jester (5), which beats player 1's dragons:2 by value, so player 0 wins and collects both;
    but the Dragon is now player 1's, so player 1 leads the next trick. ``plays`` lists the cards
    as played."""
    state = _trick(
        ["goblins", "knights", "dragons", "undead", "dwarves"],
        [["dragons:2", "undead:0"], [JESTER, "undead:1"]],
        ["play dragons:2", f"play {JESTER}"],
        heroes=["jester"],
    )
    trick = last_trick(state)
    assert _plays(trick) == [(0, "dragons:2", 2), (1, JESTER, 5)]
    assert trick["winner"] == 0
    assert same_cards(zone(state, "score", 0), ["dragons:2", JESTER])
    assert state.leader == 1
    assert engine.current_player(state) == 1


SPY_ARTIFACTS = (QUIET0, ("spyglass", FLAIL, "book-of-memories"))


def _all_views(state: State) -> list[Any]:
    """The omniscient report, both players' views and the spectator's."""
    return [
        view.report(state),
        view.observe(state, 0),
        view.observe(state, 1),
        view.spectate(state),
    ]


def test_w18_current_lists_the_cards_as_played_while_a_spyglass_is_pending() -> None:
    """W18, H25, A30: goblins:7 led, the Jester second: after the swap player 1 wins with the
    lead card and is asked the Spyglass. Meanwhile every view's ``current.plays`` lists the cards
    as played — player 0 goblins:7, player 1 the Jester — as the finished trick does after."""
    state = _trick(
        CLAIM,
        [["goblins:7", "goblins:1"], [JESTER, "knights:3"]],
        ["play goblins:7", f"play {JESTER}"],
        heroes=["jester"],
        artifacts=SPY_ARTIFACTS,
    )
    assert engine.current_player(state) == 1
    assert "use spyglass goblins:7" in engine.legal_actions(state)
    as_played = [{"player": 0, "card": "goblins:7"}, {"player": 1, "card": JESTER}]
    for seen in _all_views(state):
        assert seen["current"]["plays"] == as_played
        assert seen["current"]["winner"] == 1
    engine.apply(state, "pass")
    trick = last_trick(state)
    assert _plays(trick) == [(0, "goblins:7", 7), (1, JESTER, 5)]
    assert trick["winner"] == 1


def test_w18_a_declared_card_keeps_its_player_and_declaration_in_current() -> None:
    """W18, R-40, H25: elf-orc:6 led as Orcs, the Jester second; after the swap player 1 wins with
    it (6 against the led Jester's 5) and is asked the Spyglass: ``current.plays`` shows the dual
    card as player 0 played it, with its ``as``, in every view."""
    state = _trick(
        ELVES,
        [["elf-orc:6", "undead:0"], [JESTER, "undead:1"]],
        ["play elf-orc:6 as orcs", f"play {JESTER}"],
        heroes=["jester"],
        artifacts=SPY_ARTIFACTS,
    )
    assert engine.current_player(state) == 1
    as_played = [{"player": 0, "card": "elf-orc:6", "as": "orcs"}, {"player": 1, "card": JESTER}]
    for seen in _all_views(state):
        assert seen["current"]["plays"] == as_played
        assert seen["current"]["winner"] == 1


# -------------------------------------------------------------------------------------------------
# W19: bonuses waiting for a daggered card's player
# -------------------------------------------------------------------------------------------------


def test_w19_a_flask_bonus_goes_to_the_replacement() -> None:
    """W19, A15, A7: player 1 (three losses) uses the Flask of Tears; their goblins:5 gets +9 but
    is daggered: the bonus returns and goes to the replacement, goblins:2 (11), which beats
    goblins:7."""
    state = _trick(
        CLAIM,
        [["goblins:7", "knights:3"], ["goblins:5", "goblins:2", "knights:4"]],
        [
            "use flask-of-tears",
            "play goblins:7",
            "play goblins:5",
            f"use {DAGGER}",
            "play goblins:2",
        ],
        artifacts=((DAGGER, "gamblers-book", "prowlers-torch"), ("flask-of-tears", *QUIET1[:2])),
        counters={"losses:1": 3},
    )
    trick = last_trick(state)
    assert trick["daggered"] == ["goblins:5"]
    assert _plays(trick) == [(0, "goblins:7", 7), (1, "goblins:2", 11)]
    assert trick["winner"] == 1
    assert "flask-of-tears:1" not in state.counters


def test_w19_a_flask_bonus_waits_for_the_next_card_after_a_forfeit() -> None:
    """W19, A15, A43: player 1 uses the Flask at the last Phase One trick and leads their last
    card, goblins:5, which player 0 daggers: nothing can replace it (a forfeit). The +9 waits and
    goes to player 1's first Phase Two card: goblins:3 (12) beats goblins:4."""
    state = _trick(
        CLAIM,
        [["goblins:6"], ["goblins:5"]],
        ["use flask-of-tears", "play goblins:5", f"use {DAGGER}"],
        phase=1,
        leader=1,
        number=13,
        deck_top=["dwarves:9"],
        followers=(["goblins:4"], ["goblins:3"]),
        discard=[],
        artifacts=((DAGGER, "spyglass", "ice-sword"), ("flask-of-tears", "endless-rope", FLAIL)),
        counters={"losses:1": 3},
    )
    assert last_trick(state)["winner"] == 0
    assert state.phase == 2
    assert state.counters["flask-of-tears:1"] == 9
    # the Flail of Dawn between the phases, declined; then the first Phase Two trick
    engine.apply(state, "pass")
    for move in ("play goblins:4", "play goblins:3", "pass"):  # the last: player 0's Ice Sword
        engine.apply(state, move)
    trick = last_trick(state)
    assert (trick["phase"], trick["number"]) == (2, 1)
    assert _plays(trick) == [(0, "goblins:4", 4), (1, "goblins:3", 12)]
    assert trick["winner"] == 1


def test_w19_an_ice_sword_bonus_goes_to_the_replacement() -> None:
    """W19, A18, A37: the first trick freezes (player 0's Ice Sword): +6 waits for player 0, +8
    for player 1. Player 0's next card, goblins:5, is daggered by player 1: the +6 goes to the
    replacement goblins:3 (9), which loses to goblins:4 (+8 = 12)."""
    state = _trick(
        CLAIM,
        [
            ["goblins:6", "goblins:5", "goblins:3", "knights:2"],
            ["goblins:8", "goblins:4", "knights:3"],
        ],
        ["play goblins:6", "play goblins:8", "use ice-sword"],
        artifacts=(("ice-sword", "gamblers-book", "prowlers-torch"), (DAGGER, *QUIET1[:2])),
    )
    assert last_trick(state)["winner"] is None
    for move in ("play goblins:5", f"use {DAGGER}", "play goblins:3", "play goblins:4"):
        engine.apply(state, move)
    trick = last_trick(state)
    assert trick["daggered"] == ["goblins:5"]
    assert _plays(trick) == [(0, "goblins:3", 9), (1, "goblins:4", 12)]
    assert trick["winner"] == 1
    assert not any(key.startswith("ice-sword:") for key in state.counters)


def test_w19_an_ice_fields_bonus_goes_to_the_replacement() -> None:
    """W19, L9: player 1 lost the last trick under Ice Fields; their goblins:5 is daggered and the
    +1 goes to the replacement goblins:6 (7), which ties goblins:7 (the leader keeps the tie)."""
    state = _trick(
        CLAIM,
        [["goblins:7", "knights:3"], ["goblins:5", "goblins:6", "knights:4"]],
        ["play goblins:7", "play goblins:5", f"use {DAGGER}", "play goblins:6"],
        artifacts=((DAGGER, "gamblers-book", "prowlers-torch"), QUIET1),
        counters={"ice-fields": 1},
        setup={"setting": "ice-fields"},
    )
    trick = last_trick(state)
    assert trick["daggered"] == ["goblins:5"]
    assert _plays(trick) == [(0, "goblins:7", 7), (1, "goblins:6", 7)]
    assert trick["winner"] == 0


# -------------------------------------------------------------------------------------------------
# W20: a daggered declared card keeps its declaration
# -------------------------------------------------------------------------------------------------

DAGGER1 = (QUIET0, (DAGGER, FLAIL, "spyglass"))


def test_w20_a_daggered_dual_card_counts_for_its_declared_faction() -> None:
    """W20, R-40, A7: player 0 leads elf-orc:5 declared Orcs, the last but one card of the game;
    player 1's King's Dagger takes it. At the end it counts for Orcs in player 1's Score pile:
    player 1 wins the Orcs vote and nobody the Elves'."""
    state = _trick(
        ELVES,
        [["elf-orc:5", "undead:3"], ["undead:2"]],
        ["play elf-orc:5 as orcs", f"use {DAGGER}", "play undead:3", "play undead:2"],
        artifacts=DAGGER1,
    )
    assert last_trick(state)["daggered"] == ["elf-orc:5"]
    assert zone(state, "score", 1) == ["elf-orc:5"]
    dual = cards.IDS_BY_CODE["elf-orc:5"][0]
    assert scoring.scoring_faction(state, dual) == "orcs"
    assert state.result is not None
    assert state.result["votes"]["orcs"] == 1
    assert state.result["votes"]["elves"] is None


def test_w20_a_daggered_declared_ent_counts_for_its_faction() -> None:
    """W20, H35, H1, A7: with the Ent set to 5 (``setup.hero_values``), player 0 leads it declared
    a Knight; player 1 daggers it. At the end it is a Knight of value 5 in player 1's Score pile:
    with knights:4 that is two Knights, highest 5, against player 0's knights:3 and knights:2, so
    player 1 wins the Knights vote."""
    state = _trick(
        CLAIM,
        [[ENT, "goblins:3"], ["goblins:2"]],
        [f"play {ENT} as knights", f"use {DAGGER}", "play goblins:3", "play goblins:2"],
        heroes=["ent"],
        artifacts=DAGGER1,
        scores=(["knights:2", "knights:3"], ["knights:4"]),
        setup={"hero_values": {"ent": 5}},
    )
    assert last_trick(state)["daggered"] == [ENT]
    assert zone(state, "score", 1) == ["knights:4", ENT]
    assert scoring.faction_values(state, 1, "knights") == [5, 4]
    assert state.result is not None
    assert state.result["votes"]["knights"] == 1


# -------------------------------------------------------------------------------------------------
# W21: a Wishing Lamp win and the Basilisk's capture, the Stone Golem's crush
# -------------------------------------------------------------------------------------------------


def test_w21_a_basilisk_winning_by_the_lamp_does_not_capture() -> None:
    """W21, A28, H6, §5.6: dwarves:7 led, the Lamp names goblins:9 (not held) and player 1 follows
    with basilisks:7: the follower wins by the Lamp, the Basilisk captures nothing, and the lead
    is collected normally — a Dwarf goes to the loser's Score pile."""
    state = _trick(
        MAPS,
        [["dwarves:7", "knights:3"], ["basilisks:7", "goblins:2"]],
        ["play dwarves:7", f"use {LAMP} goblins:9", "play basilisks:7"],
        artifacts=LAMP_ARTIFACTS,
    )
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == LAMP_WINS
    assert zone(state, "score", 0) == ["dwarves:7"]
    assert zone(state, "score", 1) == ["basilisks:7"]


def test_w21_the_same_basilisk_without_the_lamp_captures() -> None:
    """W21 (the control), §5.6: the Lamp declined, basilisks:7 matches the lead's value and
    captures the Dwarf into player 1's Score pile, past the Dwarves' power."""
    state = _trick(
        MAPS,
        [["dwarves:7", "knights:3"], ["basilisks:7", "goblins:2"]],
        ["play dwarves:7", "pass", "play basilisks:7"],
        artifacts=LAMP_ARTIFACTS,
    )
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == "the Basilisk matched the lead's value and captured it"
    assert same_cards(zone(state, "score", 1), ["dwarves:7", "basilisks:7"])
    assert zone(state, "score", 0) == []


def test_w21_a_stone_golem_winning_by_the_lamp_does_not_crush() -> None:
    """W21, A28, H17: goblins:3 led, the Lamp names goblins:9 (not held) and player 1 plays the
    Stone Golem: the follower wins by the Lamp and collects both cards; nothing is crushed."""
    state = _trick(
        CLAIM,
        [["goblins:3", "knights:3"], [GOLEM, "undead:2"]],
        ["play goblins:3", f"use {LAMP} goblins:9", f"play {GOLEM}"],
        heroes=["stone-golem"],
        artifacts=LAMP_ARTIFACTS,
        discard=[],
    )
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == LAMP_WINS
    assert same_cards(zone(state, "score", 1), ["goblins:3", GOLEM])
    assert zone(state, "discard") == []


def test_w21_the_same_stone_golem_without_the_lamp_crushes() -> None:
    """W21 (the control), H17: the Lamp declined, the Golem crushes goblins:3 (value 1 to 4) into
    the discard pile and is collected alone."""
    state = _trick(
        CLAIM,
        [["goblins:3", "knights:3"], [GOLEM, "undead:2"]],
        ["play goblins:3", "pass", f"play {GOLEM}"],
        heroes=["stone-golem"],
        artifacts=LAMP_ARTIFACTS,
        discard=[],
    )
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert zone(state, "score", 1) == [GOLEM]
    assert zone(state, "discard") == ["goblins:3"]
