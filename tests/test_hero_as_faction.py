"""Heroes that count as a faction, compared with real cards of that faction, for every faction.

- **Life Stealer** (H31): played second on a faction card it is a card of the led faction "in every
  respect" for the trick: it follows, ranks by its own value and every power of that faction acts
  for it, collection included. So the trick must end exactly as it would with a real card of that
  faction and the same value in its place — the winner, every card's destination, the next
  leader, the moon, a Fire Phoenix drawn, every decision offered — except the one thing the
  rulings take away: a Life Stealer counting as a Vampire is never crowned (V1).
- **Ent** (H35, Phase Two): declared F it is a card of F of its value in every respect, powers
  included: the same comparison, led or following, following F or off-faction (V1 again).
- **Lycanthrope** (H34): declared F it is a value-5 card of F *without* F's own power, while other
  cards' powers see it as F. Following an F lead it is therefore exactly a Doppelganger of value 5
  (a card that counts as the led faction and competes by value without that faction's power,
  §5.1), except that the Unicorns' bonus goes to a Doppelganger following a Unicorn lead (§5.6) but
  not to a card *of* Unicorns.

Each comparison plays the same trick twice from the same position, once with the hero and once
with the real card, answers every decision the same way (the first option), and compares the two
replay reports with the hero and the real card's codes swapped.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

from claim.core import cards, engine, view
from claim.core.state import State
from scenario import position_record, replay

LS = "hero:life-stealer"
ENT = "hero:ent"
LYC = "hero:lycanthrope"

#: every faction with cards (28): a power relevant to a trick or not, each is compared
FACTIONS: list[str] = list(cards.FACTIONS)
#: single factions without an in-trick power, to fill decks (the first one not compared)
FILL_SINGLES = ("doppelgangers", "cyclops", "undead", "dwarves")


def _values(faction: str) -> Counter[int]:
    return Counter(
        cards.VALUE[c]
        for c in cards.IDS_BY_FACTION[faction]
        if cards.FACTION[c] == faction and not cards.CODE[c].endswith("x")
    )


def deck(faction: str) -> list[str]:
    """A legal deck with ``faction``, Doppelgangers and Cyclops (or Undead) in it."""
    pair = cards.FACTIONS[faction].pair
    factions = pair.split("+") if pair else ["goblins", "knights", faction]
    for single in FILL_SINGLES:
        if len(factions) == 5:
            break
        if single not in factions:
            factions.append(single)
    return factions


def filler(factions: Sequence[str], faction: str) -> str:
    """A faction of the deck whose cards sit in the hands unplayed (no hero declares it)."""
    return "cyclops" if faction != "cyclops" else "undead"


def other_lead(factions: Sequence[str], faction: str) -> str:
    """A faction of the deck that is neither ``faction`` nor the filler (an off-faction lead)."""
    fill = filler(factions, faction)
    return next(
        f for f in ("doppelgangers", "undead") if f in factions and f not in (faction, fill)
    )


def _code(faction: str, value: int, copy: int = 0) -> str:
    """A card of ``faction`` (not a dual card, not a fake Trickster) of ``value``."""
    found = [
        cards.CODE[c]
        for c in cards.IDS_BY_FACTION[faction]
        if cards.VALUE[c] == value
        and cards.FACTION[c] == faction
        and not cards.CODE[c].endswith("x")
    ]
    return found[copy if copy < len(found) else 0]


def _play(code: str) -> str:
    """The move that plays the card ``code`` (a Demon by parity, R-30)."""
    return engine.PLAY_MOVE[cards.IDS_BY_CODE[code][0]]


def _position(
    factions: list[str],
    faction: str,
    phase: int,
    lead: str,
    follow: str,
    heroes: Sequence[str],
    hero_values: dict[str, int],
    moon: str,
    scores: Sequence[Sequence[str]] = ((), ()),
) -> dict[str, Any]:
    fill = filler(factions, faction)
    gnomes: tuple[list[str], list[str]] = ([], [])
    pool: list[str] = []
    placed = {lead, follow, *scores[0], *scores[1]}
    if faction == "giants":  # face-up Gnomes a Giant's winner may smash (§5.2)
        gnomes = (["gnomes:3", "gnomes:5"], ["gnomes:3", "gnomes:5", "gnomes:7"])
    if "unicorns" in factions and phase == 2:  # a Unicorn bonus for each player (§5.6)
        scores = [
            [*pile, u] if u not in placed else list(pile)
            for pile, u in zip(scores, ("unicorns:9", "unicorns:8"), strict=True)
        ]
    if faction == "trolls" and phase == 2 and "trolls:6" not in placed:
        pool = ["trolls:6"]  # the one-Troll rule looks at the pool (§5.2)
    record = position_record(
        factions,
        phase=phase,
        prize=f"{fill}:9" if phase == 1 else None,
        deck_top=[f"{fill}:8", f"{fill}:7"] if phase == 1 else [],
        hands=[[lead, f"{fill}:0", f"{fill}:1"], [follow, f"{fill}:2", f"{fill}:3"]],
        scores=scores,
        gnomes=gnomes,
        troll_pool=pool,
        heroes=list(heroes),
        discard=[],
    )
    position = record["position"]
    position["moon"] = moon
    if hero_values:
        position["setup"]["hero_values"] = dict(hero_values)
    return record


def _as(value: Any, hero: str, stand_in: str) -> Any:
    """``value`` with the hero's code read as ``stand_in`` (in move strings too)."""
    if isinstance(value, str):
        return " ".join(stand_in if w == hero else w for w in value.split(" "))
    if isinstance(value, list):
        return [_as(v, hero, stand_in) for v in value]
    if isinstance(value, dict):
        return {k: _as(v, hero, stand_in) for k, v in value.items() if k != "as"}
    return value


def _report(state: State, hero: str, stand_in: str) -> dict[str, Any]:
    """The replay report without the moves, the hero read as ``stand_in`` (so the unplayed
    card lying out of the game reads the same in both games), the cards out in code order."""
    report: dict[str, Any] = _as(view.report(state), hero, stand_in)
    report.pop("moves", None)
    report["out"] = sorted(report["out"])
    return report


def _finish_trick(real: State, hero: State, hero_code: str, stand_in: str) -> None:
    """Answer the trick's decisions the same way in both games (the first option) until the next
    trick waits for a card, checking each decision offers the same options. A crown of the real
    card, or a tuck of it, is the one thing only the real card gets (V1, V3): passed in the real
    game only."""
    while real.tasks or hero.tasks:
        legal_real = engine.legal_actions(real)
        moves_hero = {_as(m, hero_code, stand_in): m for m in engine.legal_actions(hero)}
        legal_hero = list(moves_hero)
        only_real = [m for m in legal_real if m in (f"crown {stand_in}", f"tuck {stand_in}")]
        if only_real:
            # V1, V3: a hero is never crowned nor tucked, so it is not even offered
            legal_real = [m for m in legal_real if m not in only_real]
            if legal_real == ["pass"] and legal_hero != ["pass"]:
                engine.apply(real, "pass")
                continue
        assert legal_hero == legal_real
        if not real.tasks:
            break
        engine.apply(real, legal_real[0])
        engine.apply(hero, moves_hero[legal_real[0]])


def _compare(
    factions: list[str],
    faction: str,
    phase: int,
    lead: tuple[str, str],
    follow: tuple[str, str],
    hero_code: str,
    stand_in: str,
    hero_values: dict[str, int],
    moon: str = "no-moon",
    scores: Sequence[Sequence[str]] = ((), ()),
) -> tuple[State, State]:
    """Play ``lead`` then ``follow`` (a (card, move) pair each; the hero's in one of them) in the
    hero's game, and the same trick with ``stand_in`` in the hero's place; compare the results."""
    heroes = [hero_code.split(":")[1]]
    games = []
    for use_hero in (False, True):
        cards_moves = [lead, follow]
        if not use_hero:
            cards_moves = [
                (stand_in, _play(stand_in)) if code == hero_code else (code, move)
                for code, move in cards_moves
            ]
        record = _position(
            factions,
            faction,
            phase,
            cards_moves[0][0],
            cards_moves[1][0],
            heroes,
            hero_values,
            moon,
            scores,
        )
        state = replay(record)
        for _, move in cards_moves:
            assert move in engine.legal_actions(state), (move, engine.legal_actions(state))
            engine.apply(state, move)
        games.append(state)
    real, hero = games
    _finish_trick(real, hero, hero_code, stand_in)
    assert _report(hero, hero_code, stand_in) == _report(real, hero_code, stand_in)
    return real, hero


def _cases(phases: Sequence[int], skip: Sequence[str] = ()) -> list[Any]:
    found = []
    for faction in FACTIONS:
        if faction in skip:
            continue
        for phase in phases:
            moons = ("no-moon", "full-moon") if faction == "werewolves" else ("no-moon",)
            for moon in moons:
                found.append(pytest.param(faction, phase, moon, id=f"{faction}-p{phase}-{moon}"))
    return found


def _stand_in_value(faction: str, default: int, hero: str) -> tuple[int, dict[str, int]]:
    """The hero's value for the comparison: its own when the faction has a card of that value,
    else 5 set by ``setup.hero_values`` (H9; odd-valued factions: Tricksters, Giants, Gnomes)."""
    if default in _values(faction):
        return default, {}
    return 5, {hero: 5}


def _lead_values(faction: str, value: int) -> list[tuple[int, int]]:
    """(lead value, copy of the stand-in): lower, higher, and equal where the faction has two
    cards of the hero's value (the stand-in is then the second copy)."""
    have = _values(faction)
    found = [(v, 0) for v in (value - 2, value + 2) if v in have]
    if have[value] >= 2:
        found.append((value, 1))
    return found


@pytest.mark.parametrize(("faction", "phase", "moon"), _cases((1, 2)))
def test_life_stealer_following_is_a_card_of_the_led_faction(
    faction: str, phase: int, moon: str
) -> None:
    """H31: a Life Stealer played second on a card of F ends the trick exactly as a real F card of
    its value would (every power of F acts for it), except that it is never crowned (V1)."""
    value, hero_values = _stand_in_value(faction, 4, "life-stealer")
    factions = deck(faction)
    for lead_value, copy in _lead_values(faction, value):
        lead = _code(faction, lead_value)
        stand_in = _code(faction, value, copy)
        _compare(
            factions,
            faction,
            phase,
            (lead, _play(lead)),
            (LS, f"play {LS}"),
            LS,
            stand_in,
            hero_values,
            moon,
        )


def _ent_scores(faction: str, avoid: set[str]) -> tuple[list[str], list[str]]:
    """Two cards of ``faction`` in each Score pile, so either player may declare the Ent F
    (H35)."""
    spare = [
        cards.CODE[c]
        for c in reversed(cards.IDS_BY_FACTION[faction])
        if cards.CODE[c] not in avoid
        and cards.FACTION[c] == faction
        and not cards.CODE[c].startswith("fire-phoenix")
    ]
    return spare[0:2], spare[2:4]


@pytest.mark.parametrize(("faction", "phase", "moon"), _cases((2,)))
def test_ent_declared_is_a_card_of_its_faction(faction: str, phase: int, moon: str) -> None:
    """H35: an Ent declared F (Phase Two) ends the trick exactly as a real F card of its value:
    following an F lead, led as F, and following another faction's lead off-faction (a Basilisk's
    capture, a Dwarf to the loser, ...); it is never crowned (V1)."""
    value, hero_values = _stand_in_value(faction, 4, "ent")
    factions = deck(faction)
    other = other_lead(factions, faction)
    for lead_value, copy in _lead_values(faction, value):
        lead = _code(faction, lead_value)
        stand_in = _code(faction, value, copy)
        scores = _ent_scores(faction, {lead, stand_in, "unicorns:9", "unicorns:8"})
        # following an F lead
        _compare(
            factions,
            faction,
            phase,
            (lead, _play(lead)),
            (ENT, f"play {ENT} as {faction}"),
            ENT,
            stand_in,
            hero_values,
            moon,
            scores,
        )
        # led as F, an F card following
        _compare(
            factions,
            faction,
            phase,
            (ENT, f"play {ENT} as {faction}"),
            (lead, _play(lead)),
            ENT,
            stand_in,
            hero_values,
            moon,
            scores,
        )
    # off-faction on another faction's lead of lower, equal and higher value
    stand_in = _code(faction, value)
    scores = _ent_scores(faction, {stand_in, "unicorns:9", "unicorns:8"})
    for lead_value in (value - 1, value, value + 1):
        lead = _code(other, lead_value)
        _compare(
            factions,
            faction,
            phase,
            (lead, _play(lead)),
            (ENT, f"play {ENT} as {faction}"),
            ENT,
            stand_in,
            hero_values,
            moon,
            scores,
        )


# Unicorns: test_a_lycanthrope_as_a_unicorn_gets_no_unicorn_bonus (there it differs on purpose)
@pytest.mark.parametrize(("faction", "phase", "moon"), _cases((1, 2), skip=("unicorns",)))
def test_lycanthrope_following_declared_is_a_powerless_card_of_the_led_faction(
    faction: str, phase: int, moon: str
) -> None:
    """H34: a Lycanthrope declared F following an F lead is a value-5 card of F without F's own
    power, seen as F by the other card's powers: exactly a Doppelganger 5 following (§5.1), but for
    the Unicorns' bonus, which a Doppelganger on a Unicorn lead gets and a Unicorn card does not."""
    factions = deck(faction)
    stand_in = "doppelgangers:5"
    have = _values(faction)
    for lead_value in (3, 5, 7):
        if lead_value not in have or (faction == "doppelgangers" and lead_value == 5):
            continue
        lead = _code(faction, lead_value)
        _compare(
            factions,
            faction,
            phase,
            (lead, _play(lead)),
            (LYC, f"play {LYC} as {faction}"),
            LYC,
            stand_in,
            {},
            moon,
        )


# -- targeted cases --------------------------------------------------------------------------------


def _trick(
    factions: list[str],
    hands: Sequence[Sequence[str]],
    moves: Sequence[str],
    *,
    heroes: Sequence[str],
    phase: int = 2,
    scores: Sequence[Sequence[str]] = ((), ()),
    gnomes: Sequence[Sequence[str]] = ((), ()),
    moon: str = "no-moon",
    hero_values: dict[str, int] | None = None,
) -> State:
    """Play ``moves`` from a trick of ``phase``, player 0 leading, the discard pile empty."""
    record = position_record(
        factions,
        phase=phase,
        prize="cyclops:9" if phase == 1 else None,
        deck_top=["cyclops:8", "cyclops:7"] if phase == 1 else [],
        hands=hands,
        scores=scores,
        gnomes=gnomes,
        heroes=list(heroes),
        discard=[],
    )
    position = record["position"]
    position["moon"] = moon
    if hero_values:
        position["setup"]["hero_values"] = dict(hero_values)
    state = replay(record)
    for move in moves:
        engine.apply(state, move)
    return state


def _winner(state: State) -> int:
    """The last trick's winner (the current trick's while its decisions are asked)."""
    if state.tasks and state.trick is not None:
        return state.trick.winner
    winner: int = view.report(state)["tricks"][-1]["winner"]
    return winner


def test_life_stealer_as_a_giant_smashes_gnomes_of_its_configured_value() -> None:
    """H31, H1, H9: a Life Stealer (set to 5 by ``setup.hero_values``) following giants:3 wins as
    a Giant; its printed number is its configured value, so for it its player may smash the
    opponent's face-up gnomes:5 (a Life Stealer's R-61 4 would match no Gnome)."""
    state = _trick(
        deck("giants"),
        [["giants:3", "cyclops:0"], [LS, "cyclops:1"]],
        ["play giants:3", f"play {LS}"],
        heroes=["life-stealer"],
        gnomes=(["gnomes:5", "gnomes:3"], []),
        hero_values={"life-stealer": 5},
    )
    assert _winner(state) == 1
    # one smash per Giant played, in play order: the led giants:3's, then the Life Stealer's
    assert engine.legal_actions(state) == ["smash gnomes:3", "pass"]
    engine.apply(state, "pass")
    assert engine.legal_actions(state) == ["smash gnomes:5", "pass"]
    engine.apply(state, "smash gnomes:5")
    assert [cards.CODE[c] for c in state.faceup[0]] == ["gnomes:3"]


def test_a_life_stealer_as_a_basilisk_on_a_basilisk_lead_does_not_capture() -> None:
    """H31 with §5.6: the Life Stealer counts as a Basilisk, and a card played after a led
    Basilisk (another Basilisk included) has no capture: on basilisks:4 the Life Stealer (4) ties
    and the tie goes to the leader, who collects both cards (as with any Basilisk following)."""
    state = _trick(
        deck("basilisks"),
        [["basilisks:4", "cyclops:0"], [LS, "cyclops:1"]],
        ["play basilisks:4", f"play {LS}"],
        heroes=["life-stealer"],
    )
    trick = view.report(state)["tricks"][-1]
    assert trick["winner"] == 0
    assert trick["reason"] == "equal values go to the leader"
    assert [cards.CODE[c] for c in state.score[0]] == ["basilisks:4", LS]


def test_an_ent_as_a_basilisk_captures_a_lead_of_its_value() -> None:
    """H35 with §5.6: an Ent declared a Basilisk (its player holds two Basilisks) following a
    doppelgangers:4 lead off-faction matches its value and captures it: its player wins and
    puts the lead into their Score pile."""
    state = _trick(
        deck("basilisks"),
        [["doppelgangers:4", "cyclops:0"], [ENT, "cyclops:1"]],
        ["play doppelgangers:4", f"play {ENT} as basilisks"],
        heroes=["ent"],
        scores=([], ["basilisks:8", "basilisks:9"]),
    )
    trick = view.report(state)["tricks"][-1]
    assert trick["winner"] == 1
    assert trick["reason"] == "the Basilisk matched the lead's value and captured it"
    assert [cards.CODE[c] for c in state.score[1]] == [
        "basilisks:8",
        "basilisks:9",
        "doppelgangers:4",
        ENT,
    ]


def test_a_basilisk_after_a_lycanthrope_led_as_a_basilisk_does_not_capture() -> None:
    """H34 with §5.6: other cards' powers see a declared Lycanthrope as its faction, so a
    Lycanthrope led as a Basilisk is a led Basilisk: the follower's basilisks:5 of the same value
    does not capture it; the tie goes to the leader."""
    state = _trick(
        deck("basilisks"),
        [[LYC, "cyclops:0"], ["basilisks:5", "cyclops:1"]],
        [f"play {LYC} as basilisks", "play basilisks:5"],
        heroes=["lycanthrope"],
    )
    trick = view.report(state)["tricks"][-1]
    assert trick["winner"] == 0
    assert trick["reason"] == "equal values go to the leader"
    assert [cards.CODE[c] for c in state.score[0]] == [LYC, "basilisks:5"]


def test_a_basilisk_after_a_plain_lycanthrope_lead_captures_it() -> None:
    """H3, H34: led plainly the Lycanthrope is a hero (value 5): a basilisks:5 following it
    matches and captures it."""
    state = _trick(
        deck("basilisks"),
        [[LYC, "cyclops:0"], ["basilisks:5", "cyclops:1"]],
        [f"play {LYC}", "play basilisks:5"],
        heroes=["lycanthrope"],
    )
    assert _winner(state) == 1
    assert [cards.CODE[c] for c in state.score[1]] == [LYC, "basilisks:5"]


@pytest.mark.parametrize(
    ("moon", "follow", "winner", "moon_after"),
    [
        ("no-moon", "werewolves:3", 1, "full-moon"),  # no moon: the lower Werewolf wins
        ("no-moon", "werewolves:7", 0, "no-moon"),
        ("full-moon", "werewolves:3", 0, "full-moon"),  # full moon: the higher wins
        ("full-moon", "werewolves:7", 1, "no-moon"),
    ],
)
def test_a_werewolf_following_a_lycanthrope_led_as_a_werewolf_plays_by_the_moon(
    moon: str, follow: str, winner: int, moon_after: str
) -> None:
    """H34 with §5.3: a Lycanthrope led as a Werewolf makes a Werewolf-led trick for the other
    card's power: the follower's real Werewolf competes by the moon (no moon: the lower wins) and
    flips the moon when it wins; the Lycanthrope itself, without the Werewolves' power, never
    flips it."""
    state = _trick(
        deck("werewolves"),
        [[LYC, "cyclops:0"], [follow, "cyclops:1"]],
        [f"play {LYC} as werewolves", f"play {follow}"],
        heroes=["lycanthrope"],
        moon=moon,
    )
    assert _winner(state) == winner
    assert state.moon == moon_after


def test_a_lycanthrope_as_a_unicorn_gets_no_unicorn_bonus() -> None:
    """H34 with §5.6: declared a Unicorn it is a value-5 card of Unicorns, and the Unicorns'
    bonus is for non-Unicorn cards: led with a Unicorn in its player's Score pile it stays 5, so
    the follower's unicorns:6 beats it (with the bonus it would tie and the leader would win).
    Following a Unicorn lead, likewise no bonus (a Doppelganger there would get it)."""
    state = _trick(
        deck("unicorns"),
        [[LYC, "cyclops:0"], ["unicorns:6", "cyclops:1"]],
        [f"play {LYC} as unicorns", "play unicorns:6"],
        heroes=["lycanthrope"],
        scores=(["unicorns:9"], []),
    )
    trick = view.report(state)["tricks"][-1]
    assert [p["value"] for p in trick["plays"]] == [5, 6]
    assert trick["winner"] == 1

    state = _trick(
        deck("unicorns"),
        [["unicorns:5", "cyclops:0"], [LYC, "cyclops:1"]],
        ["play unicorns:5", f"play {LYC} as unicorns"],
        heroes=["lycanthrope"],
        scores=([], ["unicorns:9"]),
    )
    trick = view.report(state)["tricks"][-1]
    assert [p["value"] for p in trick["plays"]] == [5, 5]
    assert trick["winner"] == 0


def test_a_life_stealer_after_a_lycanthrope_led_as_a_dwarf_is_a_dwarf_with_its_power() -> None:
    """H31, H34: a Lycanthrope led as a Dwarf is a card of Dwarves for the Life Stealer played
    second, which takes the Dwarves with their power: the Lycanthrope (5) wins; the Life Stealer,
    a Dwarf, goes to the loser; the Lycanthrope, without the Dwarves' power, to the winner."""
    state = _trick(
        deck("dwarves"),
        [[LYC, "cyclops:0"], [LS, "cyclops:1"]],
        [f"play {LYC} as dwarves", f"play {LS}"],
        heroes=["lycanthrope", "life-stealer"],
    )
    assert _winner(state) == 0
    assert [cards.CODE[c] for c in state.score[0]] == [LYC]
    assert [cards.CODE[c] for c in state.score[1]] == [LS]


def test_a_life_stealer_counting_as_a_vampire_is_never_crowned() -> None:
    """V1, H31: the Life Stealer (4) beats vampires:2 as a Vampire and its player collects both;
    only the real Vampire may be crowned (a hero never lies face-up as the Vampire, R-21)."""
    state = _trick(
        deck("vampires"),
        [["vampires:2", "cyclops:0"], [LS, "cyclops:1"]],
        ["play vampires:2", f"play {LS}"],
        heroes=["life-stealer"],
    )
    assert _winner(state) == 1
    assert engine.legal_actions(state) == ["crown vampires:2", "pass"]


def test_an_ent_declared_a_vampire_is_never_crowned() -> None:
    """V1, H35: an Ent declared a Vampire (its player holds two) wins on vampires:2 and its player
    collects both: only vampires:2 may be crowned."""
    state = _trick(
        deck("vampires"),
        [["vampires:2", "cyclops:0"], [ENT, "cyclops:1"]],
        ["play vampires:2", f"play {ENT} as vampires"],
        heroes=["ent"],
        scores=([], ["vampires:8", "vampires:9"]),
    )
    assert _winner(state) == 1
    assert engine.legal_actions(state) == ["crown vampires:2", "pass"]
