"""The heuristic bot with artifacts (RULES.md §8, R-80; RULINGS A1–A47): every artifact window
and follow-up answered with a legal move in whole games, the choices that matter checked in built
positions (each test checks one exact move), and a deterministic duplicate-deal match against the
random bot.

The positions are Phase Two tricks (or the last trick of Phase One, to reach the windows between
the phases) of the ``claim`` deck in which every card not placed by the test lies in the public
discard pile, so the bot's card counting knows the opponent's hand exactly. Each player's other
artifacts are chosen so that they are never usable in the trick played (the Gambler's Book and the
Flail of Dawn between the phases only, the Prowler's Torch in Phase One only), or are marked used.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

import claim
from claim.bots import RandomBot, decide, play_out
from claim.bots.heuristic import HeuristicBot
from claim.core import cards, engine
from claim.core.setup import GameConfig, parse_artifacts, random_factions
from claim.core.state import State
from scenario import CLAIM, position_record, replay

#: artifacts never usable inside a Phase Two trick: between the phases, or Phase One only
IDLE = ("gamblers-book", "flail-of-dawn", "prowlers-torch")
#: the artifact decisions (the engine's ask kinds, R-80, A5, A10, A11)
KINDS = {
    "art:start",
    "art:dagger",
    "art:played",
    "art:ice",
    "art:won",
    "art:between",
    "art:flail",
    "art:aside",
    "art:book-take",
    "art:spy-take",
}


def _strict(seed: int | None = 0) -> HeuristicBot:
    bot = HeuristicBot(seed)
    bot.strict = True  # internal errors raise instead of falling back
    return bot


def _ask(state: State, kind: str | None = None, bot: HeuristicBot | None = None) -> str:
    """The bot's move for the player to act (checked legal; ``kind``: the decision asked)."""
    if kind is not None:
        assert state.tasks and state.tasks[0][0] == kind, state.tasks[:1]
    player = engine.current_player(state)
    assert player is not None
    legal = engine.legal_actions(state)
    move = (bot or _strict()).choose(claim.observe(state, player), legal, None)
    assert move in legal
    return move


def _trick(
    hands: Sequence[Sequence[str]],
    moves: Sequence[str] = (),
    *,
    artifacts: Sequence[Sequence[str]],
    scores: Sequence[Sequence[str]] = ((), ()),
    discard: Sequence[str] | None = None,
    counters: Mapping[str, int] | None = None,
    leader: int = 0,
    used: Sequence[Sequence[str]] = ((), ()),
) -> State:
    """A Phase Two trick led by ``leader`` with ``hands`` and ``scores``, every other card in the
    discard pile (or ``discard`` there and the rest out of the game), the public tallies
    ``counters``, the artifacts dealt ``artifacts`` of which ``used`` are used; then ``moves``."""
    record = position_record(
        CLAIM,
        phase=2,
        hands=hands,
        scores=scores,
        leader=leader,
        artifacts=artifacts,
        discard=discard,
        moves=moves,
    )
    position = record["position"]
    for p in (0, 1):
        player = position["players"][p]
        player["used_artifacts"] = list(used[p])
        player["artifacts"] = [a for a in artifacts[p] if a not in used[p]]
    if counters:
        position["counters"] = dict(counters)
    return replay(record)


def _boundary(
    followers: Sequence[Sequence[str]],
    *,
    artifacts: Sequence[Sequence[str]],
    discard: Sequence[str] = (),
    chance: Sequence[str] = (),
    lead: str = "knights:9",
) -> State:
    """The last trick of Phase One played (player 0 leads ``lead`` and wins the prize
    goblins:9 over knights:2): Phase Two begins with ``followers`` (player 0 also holding
    goblins:9) as the hands, the discard pile ``discard`` (then the two played knights), the
    rest out of the game; ``chance`` fixes the random draws."""
    record = position_record(
        CLAIM,
        phase=1,
        number=13,
        prize="goblins:9",
        hands=[[lead], ["knights:2"]],
        followers=followers,
        discard=discard,
        artifacts=artifacts,
        moves=[f"play {lead}", "play knights:2"],
        chance=chance,
    )
    state = replay(record)
    assert state.phase == 2
    return state


# -------------------------------------------------------------------------------------------------
# Whole games
# -------------------------------------------------------------------------------------------------


def test_every_artifact_decision_is_answered_legally_in_200_random_games() -> None:
    """200 games with three artifacts each dealt from all 16 (A19), the heuristic against the
    random bot (and every fifth game against itself), on the ``claim`` deck and on random decks
    with heroes: every move legal (``decide`` checks it), no internal error (strict), every game
    finished; over the games the heuristic is asked every artifact decision and uses every one
    of the 16 artifacts."""
    asked: set[str] = set()
    used: set[str] = set()
    for seed in range(200):
        rng = random.Random(seed)
        dealt, pool = parse_artifacts("all", rng)
        factions = random_factions(rng) if seed % 3 == 2 else tuple(CLAIM)
        heroes = tuple(rng.sample(cards.HEROES, 4)) if seed % 6 == 5 else ()
        config = GameConfig(
            factions=factions,
            heroes=heroes,
            artifacts=dealt,
            artifact_pool=pool,
            first_leader=seed % 2,
        )
        state = claim.new_game(config, seed)
        other: Any = _strict(seed + 1) if seed % 5 == 0 else RandomBot(seed)
        bots: tuple[Any, Any] = (_strict(seed), other) if seed % 2 else (other, _strict(seed))
        while not engine.is_over(state):
            player = engine.current_player(state)
            assert player is not None
            kind = state.tasks[0][0] if state.tasks else ""
            move = decide(state, bots[player])
            if isinstance(bots[player], HeuristicBot) and kind.startswith("art:"):
                asked.add(kind)
                if move.startswith("use "):
                    used.add(move.split(" ", 2)[1])
            engine.apply(state, move)
        assert state.result is not None
    assert asked == KINDS
    assert used == set(cards.ARTIFACTS)


def test_beats_random_with_artifacts_in_a_duplicate_deal_match() -> None:
    """60 deals with three artifacts each from all 16, every deal from both seats: deterministic
    seeds, so it cannot flake; measured about 0.91 over 500 deals (docs/bots.md)."""
    score = games = 0.0
    for deal in range(60):
        rng = random.Random(2000 + deal)
        dealt, pool = parse_artifacts("all", rng)
        config = GameConfig(artifacts=dealt, artifact_pool=pool, first_leader=deal % 2)
        for seat in (0, 1):
            state = claim.new_game(config, 2000 + deal)
            bots: tuple[Any, Any] = (
                (HeuristicBot(deal), RandomBot(deal))
                if seat == 0
                else (RandomBot(deal), HeuristicBot(deal))
            )
            play_out(state, bots)
            assert state.result is not None
            winner = state.result["winner"]
            score += 0.5 if winner is None else float(winner == seat)
            games += 1
    assert score / games >= 0.8


#: Phase One: the top of the deck (four tricks more)
DECK = ["goblins:8", "goblins:7", "goblins:6", "goblins:4", "knights:9", "knights:8", "undead:8"]
DECK += ["undead:7"]


def _phase_one(
    hands: Sequence[Sequence[str]],
    prize: str,
    moves: Sequence[str] = (),
    *,
    artifacts: Sequence[Sequence[str]],
    counters: Mapping[str, int] | None = None,
) -> State:
    """A Phase One trick for ``prize``, player 0 leading, eight cards left on the deck (four
    tricks more), every other card in the discard pile; then ``moves``."""
    record = position_record(
        CLAIM,
        phase=1,
        prize=prize,
        deck_top=DECK,
        hands=hands,
        artifacts=artifacts,
        moves=moves,
    )
    if counters:
        record["position"]["counters"] = dict(counters)
    return replay(record)


# -------------------------------------------------------------------------------------------------
# Right after a follow: Magic Wand, Mirror of Lies (A2, A12, A22)
# -------------------------------------------------------------------------------------------------

#: player 0 leads goblins:7 from this hand; player 1 (the bot) follows
LEADER_HAND = ["goblins:7", "knights:3", "undead:2", "dwarves:4", "knights:7", "undead:8"]


@pytest.mark.parametrize(
    ("follow", "expected"),
    [
        ("goblins:6", "use magic-wand +2"),  # lost by 1: 8 beats 7
        ("goblins:5", "pass"),  # 7 against 7: equal values go to the leader (§4.3)
        ("goblins:4", "pass"),  # 6 still loses: keep the Wand
        ("goblins:8", "pass"),  # already won
    ],
)
def test_the_wand_turns_a_trick_lost_by_one_or_two_into_a_win(follow: str, expected: str) -> None:
    """A12, A22: following goblins:7, the follower's Wand window: +2 when it wins the trick,
    kept otherwise."""
    hand = [follow, "goblins:1", "undead:1", "dwarves:1", "knights:4", "undead:6"]
    state = _trick(
        [LEADER_HAND, hand],
        ["play goblins:7", f"play {follow}"],
        artifacts=(IDLE, ("magic-wand", "spyglass", "wishing-lamp")),
    )
    assert _ask(state, "art:played") == expected


def test_the_wand_lowers_a_card_under_the_bottomless_bottle() -> None:
    """A12, A14: the leader bottled a goblins:3 lead (the lower value wins); our goblins:4
    wins with -2 (2 < 3)."""
    state = _trick(
        [
            ["goblins:3", "knights:3", "undead:2", "dwarves:4", "knights:7", "undead:8"],
            ["goblins:4", "goblins:8", "undead:1", "dwarves:1", "knights:4", "undead:6"],
        ],
        ["play goblins:3", "use bottomless-bottle", "play goblins:4"],
        artifacts=(
            ("bottomless-bottle", *IDLE[:2]),
            ("magic-wand", *IDLE[2:], "spyglass"),
        ),
    )
    assert _ask(state, "art:played") == "use magic-wand -2"


@pytest.mark.parametrize(
    ("lead", "expected"), [("goblins:7", "use mirror-of-lies"), ("goblins:9", "pass")]
)
def test_the_mirror_raises_a_low_card_when_that_wins(lead: str, expected: str) -> None:
    """A12: our goblins:3 becomes 8 with the Mirror (5 or less: +5): it beats goblins:7, not
    goblins:9 (then the Mirror is kept)."""
    leader = [lead, *LEADER_HAND[1:]]
    hand = ["goblins:3", "goblins:1", "undead:1", "dwarves:1", "knights:4", "undead:6"]
    state = _trick(
        [leader, hand],
        [f"play {lead}", "play goblins:3"],
        artifacts=(IDLE, ("mirror-of-lies", "spyglass", "wishing-lamp")),
    )
    assert _ask(state, "art:played") == expected


def test_after_the_mirror_wins_the_trick_the_wand_is_kept() -> None:
    """A12, A22: holding both, our goblins:3 under goblins:7: the Mirror makes it 8 (the Wand's
    5 would still lose); asked again for the Wand, the card already wins (the bot reads its own
    Mirror in the trick's ``artifacts``): pass."""
    bot = _strict()
    hand = ["goblins:3", "goblins:1", "undead:1", "dwarves:1", "knights:4", "undead:6"]
    state = _trick(
        [LEADER_HAND, hand],
        ["play goblins:7", "play goblins:3"],
        artifacts=(IDLE, ("mirror-of-lies", "magic-wand", "spyglass")),
    )
    move = _ask(state, "art:played", bot)
    assert move == "use mirror-of-lies"
    engine.apply(state, move)
    assert engine.legal_actions(state) == ["use magic-wand +2", "use magic-wand -2", "pass"]
    assert _ask(state, "art:played", bot) == "pass"


# -------------------------------------------------------------------------------------------------
# Bonuses and marks the play of a card must know
# -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("counters", "expected"),
    [
        ({}, "play goblins:9"),
        ({"flask-of-tears:1": 9}, "play goblins:1"),  # 1 + 9 = 10 beats 8 (A15)
        ({"ice-sword:1": 8}, "play goblins:1"),  # 1 + 8 = 9 beats 8 (A37)
        ({"ice-sword:1": 3}, "play goblins:9"),  # 1 + 3 = 4 does not
    ],
)
def test_a_waiting_bonus_wins_the_trick_with_a_cheaper_card(
    counters: dict[str, int], expected: str
) -> None:
    """A15, A37, A44: a bonus waiting for our next card (public tally ``flask-of-tears:1`` or
    ``ice-sword:1``) lets goblins:1 beat the goblins:8 lead, keeping goblins:9 for later."""
    state = _trick(
        [
            ["goblins:8", "knights:3", "undead:2", "dwarves:4", "knights:7", "undead:8"],
            ["goblins:9", "goblins:1", "undead:1", "dwarves:1", "knights:4", "undead:6"],
        ],
        ["play goblins:8"],
        artifacts=(IDLE, ("flask-of-tears", "spyglass", "wishing-lamp")),
        counters=counters,
        used=((), ("flask-of-tears",)),
    )
    assert _ask(state) == expected


def test_under_the_bottomless_bottle_the_lower_card_follows() -> None:
    """A14: after a bottled goblins:5 lead, goblins:3 wins (lower value) and goblins:8 would
    lose."""
    state = _trick(
        [
            ["goblins:5", "knights:3", "undead:2", "dwarves:4", "knights:7", "undead:8"],
            ["goblins:8", "goblins:3", "undead:1", "dwarves:1", "knights:4", "undead:6"],
        ],
        ["play goblins:5", "use bottomless-bottle"],
        artifacts=(("bottomless-bottle", *IDLE[:2]), ("magic-wand", IDLE[2], "spyglass")),
    )
    assert engine.legal_actions(state) == ["play goblins:8", "play goblins:3"]
    assert _ask(state) == "play goblins:3"


def test_a_lamp_card_not_held_leaves_us_free_and_we_shed_our_worst_card() -> None:
    """A28: the leader's Lamp named doppelgangers:9, which we do not hold: we may play any card
    and win the trick whatever it is, so we give up goblins:0 (a card that would lose any
    trick) and collect goblins:9 with it."""
    state = _trick(
        [
            ["goblins:9", "knights:3", "undead:2", "dwarves:4", "knights:7", "undead:8"],
            ["goblins:0", "goblins:2", "knights:9", "undead:1", "dwarves:1", "undead:6"],
        ],
        ["play goblins:9", "use wishing-lamp doppelgangers:9"],
        artifacts=(("wishing-lamp", *IDLE[:2]), ("spyglass", IDLE[2], "endless-rope")),
    )
    assert len(engine.legal_actions(state)) == 6
    assert _ask(state) == "play goblins:0"


def test_following_a_face_down_lead_plays_the_cheapest_sure_winner() -> None:
    """A16, W3: the leader's lead is face-down and we are free of the following rules; card
    counting says it is one of their knights (2 to 6): knights:7 beats any of them and keeps
    knights:9."""
    state = _trick(
        [
            ["knights:2", "knights:3", "knights:4", "knights:5", "knights:6"],
            ["knights:9", "goblins:0", "undead:1", "dwarves:3", "knights:7"],
        ],
        ["use mask-of-darkness", "play knights:4"],
        artifacts=(("mask-of-darkness", *IDLE[:2]), ("spyglass", IDLE[2], "endless-rope")),
    )
    view = claim.observe(state, 1)
    assert view["current"]["plays"] == [{"player": 0, "card": "?"}]
    assert _ask(state) == "play knights:7"


# -------------------------------------------------------------------------------------------------
# King's Dagger (A7, A24)
# -------------------------------------------------------------------------------------------------

DAGGER = ("kings-dagger", "spyglass", "endless-rope")  # no Rope without a Score pile


@pytest.mark.parametrize(
    ("lead", "expected"), [("goblins:3", "use kings-dagger"), ("goblins:7", "pass")]
)
def test_the_dagger_takes_a_five_that_would_win_the_trick(lead: str, expected: str) -> None:
    """A7: our lead goblins:3 is beaten by their goblins:5: the Dagger takes the 5 into our
    Score pile and they must play another card; over goblins:7 the 5 loses and comes to us
    anyway, so the Dagger is kept."""
    state = _trick(
        [
            [lead, "knights:3", "undead:2", "dwarves:4", "knights:7", "undead:8"],
            ["goblins:5", "goblins:1", "undead:1", "dwarves:1", "knights:2", "undead:6"],
        ],
        [f"play {lead}", "play goblins:5"],
        artifacts=(DAGGER, IDLE),
    )
    assert _ask(state, "art:dagger") == expected


def test_the_dagger_takes_a_led_five_we_cannot_beat() -> None:
    """A7: they lead knights:5 and our only knight is knights:4: the 5 comes to us and they
    lead again."""
    state = _trick(
        [
            ["knights:5", "knights:3", "undead:2", "dwarves:4", "knights:7", "undead:8"],
            ["knights:4", "goblins:1", "undead:1", "dwarves:1", "goblins:4", "undead:6"],
        ],
        ["play knights:5"],
        artifacts=(IDLE, DAGGER),
    )
    assert _ask(state, "art:dagger") == "use kings-dagger"


def test_the_dagger_takes_a_phase_one_five_into_the_score_pile() -> None:
    """A24: in Phase One they lead undead:5 for the prize undead:9 and our only Undead is
    undead:1: the Dagger puts the 5 straight into our Score pile (a vote card) and they lead
    again."""
    state = _phase_one(
        [
            ["undead:5", "knights:3", "undead:2", "dwarves:4"],
            ["goblins:0", "goblins:5", "undead:1", "dwarves:1"],
        ],
        "undead:9",
        ["play undead:5"],
        artifacts=(
            ("gamblers-book", "flail-of-dawn", "endless-rope"),
            ("kings-dagger", "spyglass", "wishing-lamp"),
        ),
    )
    assert _ask(state, "art:dagger") == "use kings-dagger"


# -------------------------------------------------------------------------------------------------
# Ice Sword (A18, A37)
# -------------------------------------------------------------------------------------------------

ICE = ("ice-sword", "spyglass", "wishing-lamp")


@pytest.mark.parametrize(
    ("follow", "expected"), [("goblins:4", "use ice-sword"), ("goblins:9", "pass")]
)
def test_the_ice_sword_freezes_a_trick_we_would_lose(follow: str, expected: str) -> None:
    """A18: goblins:4 loses to goblins:7: frozen, nobody collects now and our next card gets +4;
    goblins:9 wins it, so the Sword is kept."""
    state = _trick(
        [LEADER_HAND, [follow, "goblins:1", "undead:1", "dwarves:1", "knights:4", "undead:6"]],
        ["play goblins:7", f"play {follow}"],
        artifacts=(IDLE, ICE),
    )
    assert _ask(state, "art:ice") == expected


def test_the_ice_sword_is_kept_in_the_last_trick() -> None:
    """A18: with no further trick to play the Sword has no effect: pass."""
    state = _trick(
        [["goblins:7"], ["goblins:4"]], ["play goblins:7", "play goblins:4"], artifacts=(IDLE, ICE)
    )
    assert _ask(state, "art:ice") == "pass"


# -------------------------------------------------------------------------------------------------
# After our lead: Bottomless Bottle, Hunting Cloak, Wishing Lamp, Magic Wand, Mirror (A2, A22)
# -------------------------------------------------------------------------------------------------

#: the opponent's hand against our lead: goblins:6 and goblins:4 follow goblins
FOLLOWER_HAND = ["goblins:6", "goblins:4", "undead:1", "dwarves:1", "knights:4", "undead:6"]


@pytest.mark.parametrize(
    ("lead", "expected"), [("goblins:1", "use bottomless-bottle"), ("goblins:9", "pass")]
)
def test_the_bottle_follows_a_low_lead_the_opponent_must_follow(lead: str, expected: str) -> None:
    """A14: the opponent must follow goblins with goblins:6 or goblins:4: under the Bottle our
    goblins:1 wins (the lower value); a goblins:9 lead wins without it (and would lose with
    it)."""
    state = _trick(
        [[lead, "knights:3", "undead:2", "dwarves:4", "knights:7", "undead:8"], FOLLOWER_HAND],
        [f"play {lead}"],
        artifacts=(("bottomless-bottle", "spyglass", "ice-sword"), IDLE),
    )
    assert _ask(state, "art:played") == expected


def test_holding_the_bottle_changes_the_lead() -> None:
    """A14: without the Bottle our best lead is knights:7 (their only knight is knights:4);
    with it, knights:3 wins the same trick under the Bottle (4 is not lower) and keeps
    knights:7."""
    hand = ["goblins:1", "knights:3", "undead:2", "dwarves:4", "knights:7", "undead:8"]
    plain = _trick(
        [hand, FOLLOWER_HAND], artifacts=(("spyglass", "ice-sword", "endless-rope"), IDLE)
    )
    assert _ask(plain) == "play knights:7"
    bottle = _trick(
        [hand, FOLLOWER_HAND], artifacts=(("bottomless-bottle", "spyglass", "ice-sword"), IDLE)
    )
    assert _ask(bottle) == "play knights:3"


#: our Undead lead's hand (no Goblin lead: a Knight beats a Goblin lead whatever its value)
UNDEAD_LEAD = ["undead:5", "knights:3", "goblins:2", "dwarves:4", "knights:7", "goblins:8"]


@pytest.mark.parametrize(
    ("top", "expected"), [("undead:9", "use hunting-cloak"), ("undead:2", "pass")]
)
def test_the_cloak_when_the_opponent_holds_a_card_that_beats_the_lead(
    top: str, expected: str
) -> None:
    """A6, A23: their only Undead is ``top``; undead:9 would beat our undead:5, so their card
    is drawn at random instead (one chance in eight it is the 9); against undead:2 the lead
    wins anyway and the Cloak is kept."""
    hand = [top, "knights:2", "goblins:1", "dwarves:1", "knights:4", "goblins:6"]
    hand += ["doppelgangers:4", "dwarves:8"]
    state = _trick(
        [[*UNDEAD_LEAD, "doppelgangers:3", "dwarves:6"], hand],
        ["play undead:5"],
        artifacts=(("hunting-cloak", "spyglass", "endless-rope"), IDLE),
    )
    assert _ask(state, "art:played") == expected


def test_the_lamp_names_the_opponents_best_card_that_loses_to_the_lead() -> None:
    """A9, A27: card counting knows their hand (every other card is in the discard pile):
    undead:9 would beat our undead:5, so the Lamp names knights:9 — their strongest card, off
    the led faction: they must play it, it loses and it comes to us."""
    state = _trick(
        [
            UNDEAD_LEAD,
            ["undead:9", "knights:9", "goblins:1", "dwarves:1", "goblins:0", "goblins:3"],
        ],
        ["play undead:5"],
        artifacts=(("wishing-lamp", "spyglass", "endless-rope"), IDLE),
    )
    assert _ask(state, "art:played") == "use wishing-lamp knights:9"


def test_the_wand_and_the_mirror_raise_a_lead_that_would_be_beaten() -> None:
    """A12: our undead:5 lead against their undead:6: +2 makes it 7; our undead:3 lead against
    their undead:7: the Mirror makes it 8."""
    other = ["knights:2", "goblins:1", "dwarves:1", "knights:4", "goblins:6"]
    wand = _trick(
        [UNDEAD_LEAD, ["undead:6", *other]],
        ["play undead:5"],
        artifacts=(("magic-wand", "spyglass", "endless-rope"), IDLE),
    )
    assert _ask(wand, "art:played") == "use magic-wand +2"
    mirror = _trick(
        [["undead:3", *UNDEAD_LEAD[1:]], ["undead:7", *other]],
        ["play undead:3"],
        artifacts=(("mirror-of-lies", "spyglass", "endless-rope"), IDLE),
    )
    assert _ask(mirror, "art:played") == "use mirror-of-lies"


# -------------------------------------------------------------------------------------------------
# After a won trick: Spyglass (A11, A30)
# -------------------------------------------------------------------------------------------------


def test_the_spyglass_swaps_a_card_of_a_won_faction_for_a_contested_one() -> None:
    """A11: we win goblins:9 and goblins:0 while we already lead the Goblins 4-0; the
    Doppelgangers are close (doppelgangers:3 against doppelgangers:2). The Spyglass discards
    the lower Goblin and takes doppelgangers:9 from the discard pile."""
    state = _trick(
        [
            ["goblins:9", "knights:3", "undead:2", "dwarves:4", "knights:7", "undead:8"],
            ["goblins:0", "goblins:1", "undead:1", "dwarves:1", "knights:4", "undead:6"],
        ],
        ["play goblins:9", "pass", "play goblins:0"],
        artifacts=(("spyglass", "wishing-lamp", "endless-rope"), IDLE),
        scores=(
            ["goblins:8", "goblins:7", "goblins:6", "goblins:5", "doppelgangers:3"],
            ["doppelgangers:2"],
        ),
        discard=["doppelgangers:9", "goblins:4"],
        used=(("endless-rope",), ()),
    )
    move = _ask(state, "art:won")
    assert move == "use spyglass goblins:0"
    engine.apply(state, move)
    assert _ask(state, "art:spy-take") == "take doppelgangers:9"


# -------------------------------------------------------------------------------------------------
# Between the phases: Gambler's Book, Flail of Dawn (A4, A5, A10)
# -------------------------------------------------------------------------------------------------


def test_the_gamblers_book_takes_the_best_discarded_card() -> None:
    """A10: the discard pile holds knights:9 (played in Phase One's last trick): worth a random
    card of our hand; the random card is knights:3 (``chance``), and knights:9 is taken."""
    state = _boundary(
        [
            ["goblins:7", "knights:3", "undead:2", "doppelgangers:2"],
            ["goblins:0", "knights:8", "undead:9", "goblins:6"],
        ],
        artifacts=(
            ("gamblers-book", "spyglass", "wishing-lamp"),
            ("endless-rope", "flask-of-tears", "prowlers-torch"),
        ),
        discard=["undead:1", "goblins:1"],
        chance=["knights:3"],
    )
    move = _ask(state, "art:between")
    assert move == "use gamblers-book"
    engine.apply(state, move)
    assert _ask(state, "art:book-take") == "take knights:9"


def test_the_gamblers_book_is_kept_when_the_discard_pile_is_weak() -> None:
    """A10: Phase One's last trick discarded knights:4 and knights:2, the pile holds nothing
    better; our hand is strong: a random card of it is not worth the best of the pile."""
    state = _boundary(
        [
            ["goblins:7", "knights:7", "undead:8", "doppelgangers:9"],
            ["goblins:0", "knights:8", "undead:9", "goblins:6"],
        ],
        artifacts=(
            ("gamblers-book", "spyglass", "wishing-lamp"),
            ("endless-rope", "flask-of-tears", "prowlers-torch"),
        ),
        discard=["undead:1", "goblins:1"],
        lead="knights:4",
    )
    assert _ask(state, "art:between") == "pass"


def test_the_flail_is_always_used_and_the_weakest_card_is_set_aside() -> None:
    """A5: player 0 uses the Flail of Dawn; player 1 (the bot too) sets aside goblins:0, the
    card it would lose anyway, keeping knights:8, undead:9 and goblins:6 free."""
    state = _boundary(
        [
            ["goblins:7", "knights:3", "undead:2", "dwarves:2"],
            ["goblins:0", "knights:8", "undead:9", "goblins:6"],
        ],
        artifacts=(
            ("flail-of-dawn", "spyglass", "wishing-lamp"),
            ("endless-rope", "flask-of-tears", "prowlers-torch"),
        ),
    )
    move = _ask(state, "art:flail")
    assert move == "use flail-of-dawn"
    engine.apply(state, move)
    assert engine.current_player(state) == 1
    assert _ask(state, "art:aside") == "aside goblins:0"


# -------------------------------------------------------------------------------------------------
# The start of a trick: Endless Rope, Book of Memories, Flask, Torch, Mask, Dice (A3, A21)
# -------------------------------------------------------------------------------------------------

#: a weak hand (player 0) and the opponent's; our Score pile holds knights:9
WEAK = ["goblins:1", "knights:3", "undead:2", "dwarves:4", "knights:2", "undead:0"]
OPPONENT = ["goblins:0", "goblins:5", "undead:1", "dwarves:1", "knights:4", "undead:6"]
PILES = (["knights:9", "goblins:2"], ["undead:7"])


def test_the_rope_brings_back_a_strong_card_of_the_score_pile() -> None:
    """A13: knights:9 back to hand wins a trick and comes back with their card; goblins:2 would
    not."""
    state = _trick(
        [WEAK, OPPONENT],
        artifacts=(("endless-rope", "spyglass", "wishing-lamp"), IDLE),
        scores=PILES,
    )
    assert _ask(state, "art:start") == "use endless-rope knights:9"


def test_the_book_of_memories_leads_the_strong_card_of_the_score_pile() -> None:
    """A17, A36: our hand is weak, the Score pile holds knights:9: the Book is used and
    knights:9 led from the pile (it beats their knights:4 and returns with it)."""
    state = _trick(
        [WEAK, OPPONENT],
        artifacts=(("book-of-memories", "spyglass", "wishing-lamp"), IDLE),
        scores=PILES,
    )
    move = _ask(state, "art:start")
    assert move == "use book-of-memories"
    engine.apply(state, move)
    assert engine.legal_actions(state) == ["play knights:9", "play goblins:2"]
    assert _ask(state) == "play knights:9"


def test_the_flask_of_tears_is_used_in_phase_two() -> None:
    """A15, A33: after three lost tricks, +9 on our next card in Phase Two, leading or
    following."""
    for me, counters in ((0, {"losses:0": 3}), (1, {"losses:1": 3})):
        artifacts = [IDLE, IDLE]
        artifacts[me] = ("flask-of-tears", "spyglass", "wishing-lamp")
        hands = [WEAK, OPPONENT] if me == 0 else [OPPONENT, WEAK]
        state = _trick(hands, artifacts=artifacts, counters=counters)
        assert engine.current_player(state) == me
        assert _ask(state, "art:start") == "use flask-of-tears"


@pytest.mark.parametrize(
    ("prize", "expected"), [("undead:9", "use flask-of-tears"), ("undead:0", "pass")]
)
def test_the_flask_of_tears_in_phase_one_waits_for_a_good_prize(prize: str, expected: str) -> None:
    """A15: Phase One with four tricks to go: +9 for undead:9, not for undead:0."""
    state = _phase_one(
        [WEAK[:4], OPPONENT[:4]],
        prize,
        artifacts=(("flask-of-tears", "spyglass", "wishing-lamp"), IDLE),
        counters={"losses:0": 3},
    )
    assert _ask(state, "art:start") == expected


def test_the_torch_is_used_at_once() -> None:
    """A8, W6: the Prowler's Torch only shows both players the draws; it is used at the first
    Phase One trick it is offered."""
    state = _phase_one(
        [WEAK[:4], OPPONENT[:4]],
        "undead:9",
        artifacts=(
            ("prowlers-torch", "spyglass", "wishing-lamp"),
            ("gamblers-book", "flail-of-dawn", "endless-rope"),
        ),
    )
    assert _ask(state, "art:start") == "use prowlers-torch"


def test_the_mask_hides_our_lead_but_never_a_lead_we_follow_nor_renews_one() -> None:
    """A16, A34: leading, the Mask of Darkness makes the reply blind (here their knights:4 and
    goblins:5 would beat our best leads); following, we would not see the lead, so we pass; a
    Mask still active is not renewed."""
    mask = ("mask-of-darkness", "spyglass", "wishing-lamp")
    leading = _trick([WEAK, OPPONENT], artifacts=(mask, IDLE), scores=PILES)
    assert _ask(leading, "art:start") == "use mask-of-darkness"
    following = _trick([OPPONENT, WEAK], artifacts=(IDLE, mask), scores=PILES[::-1])
    assert engine.current_player(following) == 1
    assert _ask(following, "art:start") == "pass"
    active = _trick([WEAK, OPPONENT], artifacts=(mask, IDLE), counters={"mask-of-darkness": 1})
    assert _ask(active, "art:start") == "pass"


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        (
            ["goblins:1", "knights:2", "undead:0", "dwarves:9", "doppelgangers:0", "undead:1"],
            "use gamblers-dice",
        ),
        (
            ["goblins:9", "knights:9", "undead:9", "dwarves:0", "doppelgangers:9", "undead:8"],
            "pass",
        ),
    ],
)
def test_the_dice_are_rolled_with_a_hopeless_hand_only(hand: list[str], expected: str) -> None:
    """A6, A35: with only losing leads against their 9s, both cards at random is better (their
    random card often does not follow); with the strong hand it is not."""
    other = ["goblins:9", "knights:9", "undead:9", "dwarves:0", "doppelgangers:9", "undead:8"]
    if hand[0] == "goblins:9":
        other = ["goblins:1", "knights:2", "undead:0", "dwarves:9", "doppelgangers:0", "undead:1"]
    state = _trick([hand, other], artifacts=(("gamblers-dice", "spyglass", "wishing-lamp"), IDLE))
    assert _ask(state, "art:start") == expected
