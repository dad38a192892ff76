"""The precedence mechanism of §4.4: powers are layers applied lowest tier first (locations <
factions < heroes < artifacts), each able to override the answer so far; R-3: within a tier the
power of the card played later overrides the one played earlier.

Only faction powers exist today, so the other tiers are played by small synthetic powers defined
here and put into a game's rule book (``state.book``) beside the real faction powers."""

from __future__ import annotations

from typing import ClassVar

import pytest

from claim.core import engine, records
from claim.core.powers.base import Power, RuleBook, Tier
from claim.core.powers.factions import FACTION_POWERS
from claim.core.state import DISCARD, SCORE, State, Trick
from scenario import CLAIM, CLAIM2, last_trick, position_record, tricks, zone

# -------------------------------------------------------------------------------------------------
# Synthetic powers
# -------------------------------------------------------------------------------------------------


class _Decides(Power):
    """Decides the winner: the player of play ``winner_pos`` (0 leader, 1 follower) wins; with
    ``winner_pos = None`` the player of the card that brought the power wins."""

    winner_pos: ClassVar[int | None] = 0

    def decide_winner(self, state: State, trick: Trick, pos: int) -> None:
        at = pos if self.winner_pos is None else self.winner_pos
        trick.winner = trick.plays[at][0]
        trick.reason = self.name


class LocationLeaderWins(_Decides):
    name, tier, winner_pos = "location: the leader wins", Tier.LOCATION, 0


class LocationFollowerWins(_Decides):
    name, tier, winner_pos = "location: the follower wins", Tier.LOCATION, 1


class FactionLeaderWins(_Decides):
    name, tier, winner_pos = "faction: the leader wins", Tier.FACTION, 0


class FactionFollowerWins(_Decides):
    name, tier, winner_pos = "faction: the follower wins", Tier.FACTION, 1


class HeroLeaderWins(_Decides):
    name, tier, winner_pos = "hero: the leader wins", Tier.HERO, 0


class HeroFollowerWins(_Decides):
    name, tier, winner_pos = "hero: the follower wins", Tier.HERO, 1


class ArtifactLeaderWins(_Decides):
    name, tier, winner_pos = "artifact: the leader wins", Tier.ARTIFACT, 0


class ArtifactFollowerWins(_Decides):
    name, tier, winner_pos = "artifact: the follower wins", Tier.ARTIFACT, 1


class HeroOnKnightsLeaderWins(_Decides):
    """Attached to the Knights (as a hero's power is to its card): the leader wins."""

    name, tier, winner_pos, key = "hero on knights: the leader wins", Tier.HERO, 0, "knights"


class KnightCardWinsHero(_Decides):
    """Attached to each Knight at the hero tier: this card's player wins (R-3 test)."""

    name, tier, winner_pos, key = "hero on knights: this card wins", Tier.HERO, None, "knights"


class KnightCardWinsArtifact(_Decides):
    name, tier, winner_pos, key = (
        "artifact on knights: this card wins",
        Tier.ARTIFACT,
        None,
        "knights",
    )


class _SetsFollowerValue(Power):
    value: ClassVar[int] = 0

    def set_value(self, state: State, trick: Trick, pos: int) -> None:
        trick.values[1] = self.value


class LocationFollowerValue9(_SetsFollowerValue):
    name, tier, value = "location: follower value 9", Tier.LOCATION, 9


class HeroFollowerValue0(_SetsFollowerValue):
    name, tier, value = "hero: follower value 0", Tier.HERO, 0


class LocationFollowerValue0(_SetsFollowerValue):
    name, tier, value = "location: follower value 0", Tier.LOCATION, 0


class ArtifactFollowerValue9(_SetsFollowerValue):
    name, tier, value = "artifact: follower value 9", Tier.ARTIFACT, 9


class LocationAllToWinnersScore(Power):
    name, tier = "location: every played card to the winner's Score pile", Tier.LOCATION

    def route(self, state: State, trick: Trick, pos: int) -> None:
        trick.dests = [(trick.winner, SCORE)] * len(trick.plays)


class ArtifactAllToDiscard(Power):
    name, tier = "artifact: every played card to the discard", Tier.ARTIFACT

    def route(self, state: State, trick: Trick, pos: int) -> None:
        trick.dests = [(-1, DISCARD)] * len(trick.plays)


class _NextLeader(Power):
    next_pos: ClassVar[int] = 0

    def choose_next_leader(self, state: State, trick: Trick, pos: int) -> None:
        trick.next_leader = trick.plays[self.next_pos][0]


class LocationFollowerLeadsNext(_NextLeader):
    name, tier, next_pos = "location: the follower leads next", Tier.LOCATION, 1


class HeroLeaderLeadsNext(_NextLeader):
    name, tier, next_pos = "hero: the leader leads next", Tier.HERO, 0


# -------------------------------------------------------------------------------------------------
# Playing one trick under a rule book
# -------------------------------------------------------------------------------------------------


def _play(
    factions: list[str], hands: list[list[str]], moves: list[str], extra: list[Power]
) -> State:
    """Build a position at the first Phase Two trick (player 0 leading), give it a rule book of
    the real faction powers plus ``extra``, and play ``moves``."""
    state = records.initial_state(position_record(factions, phase=2, hands=hands))
    state.book = RuleBook([FACTION_POWERS[f]() for f in factions] + extra)
    for move in moves:
        engine.apply(state, move)
    return state


# Two Knights in Phase Two: no faction power applies, the default is by value.
LEADER_HIGHER = ([["knights:7", "goblins:1"], ["knights:3", "goblins:2"]], "leader")
FOLLOWER_HIGHER = ([["knights:3", "goblins:1"], ["knights:7", "goblins:2"]], "follower")
MOVES = {
    "leader": ["play knights:7", "play knights:3"],
    "follower": ["play knights:3", "play knights:7"],
}

WINS_LEADER = {
    Tier.LOCATION: LocationLeaderWins,
    Tier.FACTION: FactionLeaderWins,
    Tier.HERO: HeroLeaderWins,
    Tier.ARTIFACT: ArtifactLeaderWins,
}
WINS_FOLLOWER = {
    Tier.LOCATION: LocationFollowerWins,
    Tier.FACTION: FactionFollowerWins,
    Tier.HERO: HeroFollowerWins,
    Tier.ARTIFACT: ArtifactFollowerWins,
}
TIER_PAIRS = [(low, high) for low in Tier for high in Tier if low < high]


@pytest.mark.parametrize(("low", "high"), TIER_PAIRS, ids=lambda t: t.name.lower())
@pytest.mark.parametrize("reverse_book", [False, True], ids=["low-first", "high-first"])
def test_higher_tier_decides_the_winner(low: Tier, high: Tier, reverse_book: bool) -> None:
    """§4.4: for every pair of tiers the higher one's answer stands, in both directions, and
    whatever the order the powers were given in."""
    # the lower tier says "follower" where the default is the leader; the higher says "leader"
    hands, _ = LEADER_HIGHER
    powers: list[Power] = [WINS_FOLLOWER[low](), WINS_LEADER[high]()]
    state = _play(CLAIM, hands, MOVES["leader"], powers[::-1] if reverse_book else powers)
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == WINS_LEADER[high].name
    # the other way round: the lower says "leader" where the default is the follower
    hands, _ = FOLLOWER_HIGHER
    powers = [WINS_LEADER[low](), WINS_FOLLOWER[high]()]
    state = _play(CLAIM, hands, MOVES["follower"], powers[::-1] if reverse_book else powers)
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == WINS_FOLLOWER[high].name


@pytest.mark.parametrize("tier", list(Tier), ids=lambda t: t.name.lower())
def test_each_synthetic_power_alone_changes_the_default(tier: Tier) -> None:
    """The synthetic powers work on their own (so the pair tests above can fail)."""
    hands, _ = LEADER_HIGHER
    state = _play(CLAIM, hands, MOVES["leader"], [WINS_FOLLOWER[tier]()])
    assert last_trick(state)["winner"] == 1
    hands, _ = FOLLOWER_HIGHER
    state = _play(CLAIM, hands, MOVES["follower"], [WINS_LEADER[tier]()])
    assert last_trick(state)["winner"] == 0


def test_knights_beat_a_location_that_says_the_leader_wins() -> None:
    """§4.4, §5.1 Knights: a faction power overrides a location: knights:2 on goblins:9 wins
    although the location says the leader wins."""
    hands = [["goblins:9", "goblins:1"], ["knights:2", "undead:2"]]
    state = _play(CLAIM, hands, ["play goblins:9", "play knights:2"], [LocationLeaderWins()])
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == "a Knight played on a Goblin lead wins"
    assert zone(state, "score", 1) == ["goblins:9", "knights:2"]


def test_an_attached_hero_power_beats_knights() -> None:
    """§4.4: a hero-tier power on the Knight card overrides the Knights' faction power."""
    hands = [["goblins:9", "goblins:1"], ["knights:2", "undead:2"]]
    state = _play(CLAIM, hands, ["play goblins:9", "play knights:2"], [HeroOnKnightsLeaderWins()])
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == HeroOnKnightsLeaderWins.name


@pytest.mark.parametrize("power", [KnightCardWinsHero, KnightCardWinsArtifact])
@pytest.mark.parametrize("cards", [LEADER_HIGHER, FOLLOWER_HIGHER], ids=["lead-7", "lead-3"])
def test_within_a_tier_the_later_card_wins(
    power: type[Power], cards: tuple[list[list[str]], str]
) -> None:
    """R-3: both Knights bring the same-tier power "this card's player wins"; the later-played
    card's layer has the last word, so the follower wins whatever the values."""
    hands, higher = cards
    state = _play(CLAIM, hands, MOVES[higher], [power()])
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == power.name


def test_two_dragons_the_later_one_chooses_the_next_leader() -> None:
    """R-3, §5.2 Dragons: dragons:9 wins the trick, but the later dragons:1 gives its player
    the next lead."""
    hands = [["dragons:9", "seers:1"], ["dragons:1", "seers:2"]]
    state = _play(CLAIM2, hands, ["play dragons:9", "play dragons:1"], [])
    assert last_trick(state)["winner"] == 0
    assert state.leader == 1


def test_dragons_beat_a_location_and_lose_to_a_hero_on_the_next_leader() -> None:
    """§4.4 for the next-leader question: Dragons (faction) override a location that says the
    follower leads next; a hero that says the leader leads next overrides the follower's
    Dragon."""
    hands = [["dragons:5", "seers:1"], ["seers:7", "trolls:2"]]
    moves = ["play dragons:5", "play seers:7"]
    state = _play(CLAIM2, hands, moves, [LocationFollowerLeadsNext()])
    assert state.leader == 0  # Dragons override the location
    hands = [["seers:5", "seers:1"], ["dragons:7", "trolls:2"]]
    moves = ["play seers:5", "play dragons:7"]
    state = _play(CLAIM2, hands, moves, [HeroLeaderLeadsNext()])
    assert last_trick(state)["winner"] == 0
    assert state.leader == 0  # the hero overrides the follower's Dragon
    state = _play(CLAIM2, hands, moves, [])
    assert state.leader == 1  # without the hero, the Dragon's player leads


@pytest.mark.parametrize(
    ("powers", "value", "winner"),
    [
        ([LocationFollowerValue9(), HeroFollowerValue0()], 0, 0),
        ([HeroFollowerValue0(), LocationFollowerValue9()], 0, 0),
        ([LocationFollowerValue0(), ArtifactFollowerValue9()], 9, 1),
        ([ArtifactFollowerValue9(), LocationFollowerValue0()], 9, 1),
    ],
    ids=["location-hero", "hero-location", "location-artifact", "artifact-location"],
)
def test_higher_tier_sets_the_value_last(powers: list[Power], value: int, winner: int) -> None:
    """§4.2, §4.4: effective values are changed lowest tier first; the higher tier's value
    stands and decides the trick (knights:5 led)."""
    hands = [["knights:5", "goblins:1"], ["knights:4", "goblins:2"]]
    state = _play(CLAIM, hands, ["play knights:5", "play knights:4"], powers)
    trick = last_trick(state)
    assert [p["value"] for p in trick["plays"]] == [5, value]
    assert trick["winner"] == winner


def test_dwarves_reroute_after_a_location_and_before_an_artifact() -> None:
    """§4.4 for where cards go: a location sends every card to the winner's Score pile, the
    Dwarves (faction) then send the Dwarves to the loser; an artifact that discards every card
    overrides both."""
    hands = [["dwarves:3", "goblins:1"], ["dwarves:8", "goblins:2"]]
    moves = ["play dwarves:3", "play dwarves:8"]
    state = _play(CLAIM, hands, moves, [LocationAllToWinnersScore()])
    assert zone(state, "score", 0) == ["dwarves:3", "dwarves:8"]
    assert zone(state, "score", 1) == []
    state = _play(CLAIM, hands, moves, [LocationAllToWinnersScore(), ArtifactAllToDiscard()])
    assert zone(state, "score", 0) == zone(state, "score", 1) == []
    assert zone(state, "discard")[-2:] == ["dwarves:3", "dwarves:8"]
    assert len(tricks(state)) == 1
