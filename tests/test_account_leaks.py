"""A narrator following a viewer never tells that viewer more than they may know (RULES.md §10,
RULINGS W1–W13): the web server shows its lines to both seats and to spectators, the terminal
game to its player.

The sweep plays random games (factions with hidden values — Demons, Fire Elementals, Tricksters,
Poisoners — heroes, a random Setting and Building, all artifacts) with random legal moves, a live
narrator for each viewer (0, 1 and ``SPECTATOR``); after every move, every card code or partial
name (``demons:odd``) in the new lines must be one the viewer has been shown in a view
(``observe``/``spectate``, without ``next``) at that moment or earlier — cards public once stay
fair to name — and the other player's unused artifacts (both players' for a spectator) are never
named before the end.

Then one scenario per leak the web server's leak test found:

1. a prize Demon / Fire Elemental stays value-hidden (R-30, W4): named by parity or band;
2. one's own blind draw of a Demon is ``demons:odd`` to its drawer; a Prowler's Torch draw of a
   fake Trickster is its printed value (W1, W6);
3. Windy Peaks / Endless Sands gives are seen by the chooser and the receiver only (W8); Swamp
   discards land face-up on the discard pile, named as it shows them;
4. the Kraken's take and give are seen by the two players only (H37);
5. fake Tricksters by printed value everywhere until the end (Magic Wand, Mirror of Lies, the
   Cube bundle, Gambler's Dice, Hunting Cloak; W1);
6. one's own value-hidden card set aside (Flail of Dawn) or led face-down (Mask of Darkness) by
   parity or band;
7. the end of the game: the Toxics are told once the game is finished (while a step asks a
   decision the views still hide them), fake Tricksters removed by an end step named as the
   views name them until then.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Sequence
from typing import Any

import pytest

import claim
from claim.core import cards, records
from claim.core.cards import PUBLIC_NAME
from claim.core.engine import apply, is_over, legal_actions
from claim.core.options import SetupOptions
from claim.core.powers import artifacts as arts
from claim.core.state import State
from claim.core.view import SPECTATOR, observe, spectate
from claim.text.account import Names, Narrator, artifact_title, card_name
from scenario import position_record, stacked_record
from test_invariants import _codes_in
from tiers import blocks

VIEWERS = (0, 1, SPECTATOR)
#: the names a line can give a card: codes and partial names (``demons:odd``, ``tricksters:5``)
PARTIAL_NAMES = frozenset(PUBLIC_NAME) - frozenset(cards.CODE)
NOT_IN_A_NAME = re.compile(r"[^a-z0-9:\-]+")

HIDDEN_VALUES = ("demons", "fire-elementals", "tricksters", "poisoners")
PAIRS = ("goblins,knights", "elves,orcs", "ice-kings,ice-queens", "gnomes,giants")
OTHERS = ("seers", "vampires", "phoenixes", "undead", "trolls", "shadows", "zombies", "basilisks")
HEROES = ("0", "4", "8", "24", "kraken,skeleton,jester,gelatinous-cube,necromancer,siren,cthulhu")


# -------------------------------------------------------------------------------------------------
# What a viewer has been shown
# -------------------------------------------------------------------------------------------------


#: each card's name as a person reads it (``card_name``: "Ice King 7", "an odd Demon", "the
#: Gargoyle"), by the code or partial name it says: the live texts (the terminal, the web table)
#: name cards so (issue 37), and ``card_name`` tells every name apart (tests/test_no_codes.py)
CODE_OF_NAME = {card_name(code): code for code in {*cards.CODE, *PUBLIC_NAME}}
CARD_NAME = re.compile(
    r"(?<![\w-])("
    + "|".join(re.escape(n) for n in sorted(CODE_OF_NAME, key=len, reverse=True))
    + r")(?![\w-])",
    re.IGNORECASE,  # "An odd Demon" starting a line
)
_CODE_OF_LOWER = {name.lower(): code for name, code in CODE_OF_NAME.items()}


def named_in(text: str) -> set[str]:
    """The codes (or partial names) of the cards ``text`` names as a person reads them."""
    return {_CODE_OF_LOWER[m.group(1).lower()] for m in CARD_NAME.finditer(text)}


def names_in(text: str) -> set[str]:
    """The card codes (``_codes_in``) and partial names written in ``text``, and those of the
    cards it names by their names (:func:`named_in`)."""
    words = NOT_IN_A_NAME.sub(" ", text.lower())
    found = set(_codes_in(words)) | {w for w in words.split() if w in PARTIAL_NAMES}
    return found | named_in(text)


def shown_to(state: State, viewer: int) -> set[str]:
    """Every card name in the viewer's view now, ``next`` (the legal moves) left out."""
    view = spectate(state) if viewer == SPECTATOR else observe(state, viewer)
    view.pop("next", None)
    return set(_codes_in(view)) | names_in(json.dumps(view))


def secret_artifacts(state: State, viewer: int) -> list[str]:
    """The artifacts ``viewer`` may not know of: the other's unused ones (both for a spectator)."""
    if is_over(state):
        return []
    owners = (0, 1) if viewer == SPECTATOR else (1 - viewer,)
    return [a for p in owners for a in state.artifacts[p]]


def names_for(viewer: int) -> Names:
    if viewer == SPECTATOR:
        return Names()
    return Names(("you", "the bot") if viewer == 0 else ("the bot", "you"))


class Audience:
    """A live narrator per viewer over a game, each checked after every move."""

    def __init__(self, state: State) -> None:
        self.state = state
        # the live narrators, auditing their codes: a person reads each line with its cards by
        # name (named_cards), a function of the line's codes alone that tells them apart
        # (tests/test_no_codes.py), so it tells no more than the codes checked here (issue 37)
        self.narrators = {
            v: Narrator(state.clone(), viewer=v, names=names_for(v), live=True, named_cards=False)
            for v in VIEWERS
        }
        self.seen = {v: shown_to(state, v) for v in VIEWERS}
        self.told: dict[int, list[str]] = {v: [] for v in VIEWERS}

    def play(self, move: str) -> None:
        state = self.state
        apply(state, move)
        # W12: the Wishing Lamp names a card from its public list (any card of the game's boxes)
        public = names_in(move) if move.startswith("use wishing-lamp ") else set()
        for viewer, narrator in self.narrators.items():
            lines = narrator.apply(move)
            self.told[viewer].extend(lines)
            self.seen[viewer] |= shown_to(state, viewer)
            secrets = secret_artifacts(state, viewer)
            for line in lines:
                leaked = names_in(line) - self.seen[viewer] - public
                assert not leaked, f"viewer {viewer} told {sorted(leaked)}: {line!r} ({move})"
                for name in secrets:
                    assert artifact_title(name) not in line and name not in line, (viewer, line)


def audit(record: dict[str, Any]) -> dict[int, list[str]]:
    """Play a record's moves before every viewer's narrator, checking each line; the lines told."""
    audience = Audience(records.initial_state(record))
    for move in record["moves"]:
        audience.play(move)
    return audience.told


# -------------------------------------------------------------------------------------------------
# The sweep
# -------------------------------------------------------------------------------------------------


def random_setup(seed: int) -> claim.GameConfig:
    rng = random.Random(seed)
    hidden = rng.sample(HIDDEN_VALUES, rng.choice((2, 3)))
    singles = [*hidden, *rng.sample(OTHERS, 3 - len(hidden))]
    options = SetupOptions(
        factions=",".join((rng.choice(PAIRS), *singles)),
        first_leader="random",
        heroes=rng.choice(HEROES),
        setting="random",
        building="random",
        artifacts="all",
    )
    return options.resolve(seed).config


@pytest.mark.parametrize("block", blocks(6))
def test_random_games_tell_each_viewer_only_what_they_may_know(block: int) -> None:
    """§10: 60 random games, every line of three live narrators checked against the views."""
    for seed in range(block * 10, block * 10 + 10):
        state = claim.new_game(random_setup(seed), seed)
        audience = Audience(state)
        rng = random.Random(seed)
        while not is_over(state):
            audience.play(rng.choice(legal_actions(state)))
        assert all("End of the game." in audience.told[v] for v in VIEWERS)


# -------------------------------------------------------------------------------------------------
# Scenarios
# -------------------------------------------------------------------------------------------------

HIDDEN = ["goblins", "knights", "demons", "tricksters", "fire-elementals"]
TOXIC = ["goblins", "knights", "demons", "tricksters", "poisoners"]
SPEC = SPECTATOR


def script(record: dict[str, Any], moves: Sequence[str]) -> dict[str, Any]:
    """``record`` with ``moves`` played, each artifact window (or other ``pass``) that stands
    before a move passed, and the artifact windows after the last one."""
    state = records.initial_state(record)
    played: list[str] = []
    for move in moves:
        while move not in legal_actions(state) and "pass" in legal_actions(state):
            apply(state, "pass")
            played.append("pass")
        apply(state, move)
        played.append(move)
    while state.tasks and state.tasks[0][0] in arts.WINDOWS and "pass" in legal_actions(state):
        apply(state, "pass")  # the artifact windows after the last move
        played.append("pass")
    return {**record, "moves": played}


def joined(told: dict[int, list[str]], viewer: int) -> str:
    return "\n".join(told[viewer])


def omniscient(record: dict[str, Any]) -> str:
    narrator = Narrator(records.initial_state(record))
    return "\n".join(line for move in record["moves"] for line in narrator.apply(move))


def phase_one(
    hands: Sequence[Sequence[str]],
    moves: Sequence[str],
    *,
    prize: str = "goblins:9",
    deck_top: Sequence[str] = ("knights:2", "knights:3"),
    factions: Sequence[str] = HIDDEN,
    artifacts: Sequence[Sequence[str]] = (),
    chance: Sequence[str] = (),
) -> dict[str, Any]:
    """A Phase One trick from a position, player 0 leading for ``prize``, then ``moves``."""
    record = position_record(
        factions,
        phase=1,
        prize=prize,
        deck_top=deck_top,
        hands=hands,
        discard=[],
        artifacts=artifacts,
        chance=chance,
    )
    return script(record, moves)


def phase_two(
    hands: Sequence[Sequence[str]],
    moves: Sequence[str],
    *,
    factions: Sequence[str] = HIDDEN,
    artifacts: Sequence[Sequence[str]] = (),
    heroes: Sequence[str] = (),
    chance: Sequence[str] = (),
) -> dict[str, Any]:
    """A Phase Two trick from a position, player 0 leading, then ``moves``."""
    record = position_record(
        factions,
        phase=2,
        hands=hands,
        discard=[],
        artifacts=artifacts,
        heroes=heroes,
        chance=chance,
    )
    return script(record, moves)


def test_a_prize_demon_stays_value_hidden() -> None:
    """R-30, W4: a Demon or Fire Elemental won as a prize is named by parity or band."""
    record = phase_one(
        [["goblins:8", "goblins:7"], ["goblins:1", "goblins:2"]],
        ["play goblins:8", "play goblins:1", "play goblins:7", "play goblins:2"],
        prize="demons:6",
        deck_top=["knights:2", "fire-elementals:6", "knights:3"],
    )
    told = audit(record)
    for viewer in VIEWERS:
        text = joined(told, viewer)
        assert "demons:6" not in text and "fire-elementals:6" not in text
        assert "take the prize demons:even" in text or "takes the prize demons:even" in text
        assert "prize fire-elementals:high" in text
    assert "Player 0 takes the prize demons:6" in omniscient(record)


def test_a_blind_draw_is_told_to_its_drawer_as_they_see_it() -> None:
    """§10, R-30: the drawer sees a drawn Demon by parity; nobody else sees it at all."""
    record = phase_one(
        [["goblins:8"], ["goblins:1"]], ["play goblins:8", "play goblins:1"], deck_top=["demons:9"]
    )
    told = audit(record)
    assert "you draw demons:odd from the deck" in joined(told, 1)
    assert "the bot draws a card from the deck" in joined(told, 0)
    assert "player 1 draws a card from the deck" in joined(told, SPEC)
    assert "player 1 draws demons:9 from the deck" in omniscient(record)


def test_a_seer_look_is_told_to_the_seer_winner_not_to_a_spectator() -> None:
    """W7: the Seer winner looked at the card the loser draws and keeps knowing it; a spectator
    saw no look."""
    factions = ["goblins", "knights", "seers", "demons", "tricksters"]
    record = phase_one(
        [["seers:5", "goblins:8"], ["seers:1", "goblins:1"]],
        ["play seers:5", "play seers:1", "take prize"],
        factions=factions,
    )
    told = audit(record)
    assert "the bot draws knights:2 from the deck" in joined(told, 0)
    assert "you draw knights:2 from the deck" in joined(told, 1)
    assert "player 1 draws a card from the deck" in joined(told, SPEC)
    assert "knights:2" not in joined(told, SPEC)


TORCH = (
    ("prowlers-torch", "spyglass", "wishing-lamp"),
    ("endless-rope", "book-of-memories", "flail-of-dawn"),
)


def test_a_torch_draw_of_a_fake_trickster_is_its_printed_value() -> None:
    """W1, W6: shown to both, by its printed value until the end (the fake mark is secret)."""
    record = phase_one(
        [["goblins:8", "goblins:7"], ["goblins:1", "goblins:2"]],
        ["use prowlers-torch", "play goblins:8", "play goblins:1"],
        deck_top=["tricksters:9x", "knights:2"],
        artifacts=TORCH,
    )
    told = audit(record)
    for viewer in VIEWERS:
        text = joined(told, viewer)
        assert "tricksters:9x" not in text
        assert "tricksters:9 from the deck, shown to both (Prowler's Torch)" in text
    assert "tricksters:9x from the deck" in omniscient(record)


def last_phase_one_trick(
    setting: str | None,
    followers: Sequence[Sequence[str]],
    moves: Sequence[str],
    artifacts: Sequence[Sequence[str]] = (),
) -> dict[str, Any]:
    """The last Phase One trick (player 0 wins it and leads next), then ``moves``."""
    record = position_record(
        HIDDEN,
        phase=1,
        number=13,
        prize="goblins:8",
        deck_top=["goblins:7"],
        hands=[["goblins:9"], ["goblins:1"]],
        followers=followers,
        artifacts=artifacts,
    )
    if setting is not None:
        record["position"]["setup"]["setting"] = setting
    return script(record, ["play goblins:9", "play goblins:1", *moves])


FOLLOWERS = (
    ["demons:7", "tricksters:9x", "knights:3", "knights:4"],
    ["fire-elementals:2", "knights:5", "knights:6", "knights:7"],
)


def test_windy_peaks_gives_are_seen_by_the_two_players_only() -> None:
    """W8: the chooser and the receiver see the cards given (by parity, band, printed value);
    a spectator sees neither hand: only how many."""
    gives = [
        "give demons:odd",
        "give tricksters:9",
        "give knights:3",
        "give fire-elementals:low",
        "give knights:5",
        "give knights:6",
    ]
    record = last_phase_one_trick("windy-peaks", FOLLOWERS, gives)
    told = audit(record)
    said = (
        "Windy Peaks, both have chosen: {0} demons:odd, tricksters:9, knights:3 to {1}; "
        "{2} fire-elementals:low, knights:5, knights:6 to {3}."
    )
    assert said.format("you give", "the bot", "the bot gives", "you") in told[0]
    assert said.format("the bot gives", "you", "you give", "the bot") in told[1]
    assert (
        "Windy Peaks, both have chosen: player 0 gives 3 cards to player 1; player 1 gives 3 "
        "cards to player 0." in told[SPEC]
    )
    assert "player 0 gives demons:7, tricksters:9x, knights:3 to player 1" in omniscient(record)


def test_endless_sands_gives_are_hidden_from_a_spectator() -> None:
    """W8 at the start of Phase One: five gives each, told to a spectator by count."""
    hand0 = ["demons:1", "demons:3", "goblins:1", "goblins:2", "goblins:3"]
    hand1 = ["fire-elementals:8", "knights:2", "knights:3", "knights:4", "knights:5"]
    record = stacked_record(HIDDEN, hand0, hand1)
    record["setup"]["setting"] = "endless-sands"
    names0 = ["demons:odd", "demons:odd", "goblins:1", "goblins:2", "goblins:3"]
    names1 = ["fire-elementals:high", "knights:2", "knights:3", "knights:4", "knights:5"]
    record = script(record, [f"give {name}" for name in (*names0, *names1)])
    told = audit(record)
    line = next(line for line in told[SPEC] if "both have chosen" in line)
    assert line == (
        "Endless Sands, both have chosen: player 0 gives 5 cards to player 1; player 1 gives 5 "
        "cards to player 0."
    )
    mine = next(line for line in told[1] if "both have chosen" in line)
    assert "the bot gives demons:odd, demons:odd, goblins:1" in mine
    assert "you give fire-elementals:high, knights:2" in mine


def test_swamp_discards_are_named_as_the_discard_pile_shows_them() -> None:
    """A Swamp discard lands face-up on the discard pile: named there by parity or band (W2:
    it never took part in a trick), its own discarder included."""
    record = last_phase_one_trick(
        "swamp",
        FOLLOWERS,
        [
            "discard demons:odd",
            "discard knights:3",
            "discard fire-elementals:low",
            "discard knights:5",
        ],
    )
    told = audit(record)
    for viewer in VIEWERS:
        text = joined(told, viewer)
        assert "demons:7" not in text and "fire-elementals:2" not in text
        assert "demons:odd, knights:3" in text and "fire-elementals:low, knights:5" in text


def test_the_kraken_s_take_and_give_are_seen_by_the_two_players_only() -> None:
    """H37: a card from one hand into the other, and one back: the spectator sees neither."""
    record = phase_two(
        [["hero:kraken", "goblins:1"], ["goblins:2", "demons:7", "goblins:3"]],
        ["play hero:kraken", "play goblins:2", "give goblins:1"],
        heroes=["kraken"],
        chance=["demons:7"],
    )
    told = audit(record)
    assert "The Kraken takes demons:odd at random from the bot's hand into your." in joined(told, 0)
    assert "Kraken: you give goblins:1 to the bot in return." in joined(told, 0)
    assert "The Kraken takes demons:odd at random from your hand into the bot's." in joined(told, 1)
    spectator = joined(told, SPEC)
    assert "The Kraken takes a card at random from player 1's hand into player 0's." in spectator
    assert "Kraken: player 0 gives a card to player 1 in return." in spectator
    assert "demons:odd" not in spectator and "goblins:1" not in spectator
    assert "The Kraken takes demons:7 at random" in omniscient(record)


def spare(*named: str) -> tuple[list[str], list[str]]:
    """Three artifacts each: player 0 holds ``named``, the rest never usable in these tricks."""
    inert = ["prowlers-torch", "gamblers-book", "flail-of-dawn", "flask-of-tears", "spyglass"]
    mine = [*named, *(a for a in inert if a not in named)][:3]
    return mine, ["endless-rope", "bottomless-bottle", "book-of-memories"]


@pytest.mark.parametrize("wand", ["use magic-wand +2", "use mirror-of-lies"])
def test_a_fake_trickster_is_named_by_its_printed_value_when_changed(wand: str) -> None:
    """W1: the Magic Wand's and the Mirror of Lies' lines name the card by its printed value."""
    name = wand.split()[1]
    record = phase_two(
        [["tricksters:5x", "goblins:1"], ["goblins:2", "goblins:3"]],
        ["play tricksters:5", wand, "play goblins:2"],
        artifacts=spare(name),
    )
    told = audit(record)
    for viewer in VIEWERS:
        text = joined(told, viewer)
        assert "tricksters:5x" not in text and "tricksters:5" in text
    assert "tricksters:5x" in omniscient(record)


def test_a_fake_trickster_in_the_cube_bundle() -> None:
    """W1, H22: the Cube bundle's card is named by its printed value when taken."""
    record = phase_two(
        [
            ["tricksters:7x", "goblins:9", "goblins:8"],
            ["hero:gelatinous-cube", "goblins:1", "goblins:2"],
        ],
        ["play tricksters:7", "play hero:gelatinous-cube", "play goblins:9", "play goblins:1"],
        heroes=["gelatinous-cube"],
    )
    told = audit(record)
    for viewer in VIEWERS:
        text = joined(told, viewer)
        assert "tricksters:7x" not in text
        assert "the Cube and tricksters:7 from the table" in text
    assert "the Cube and tricksters:7x from the table" in omniscient(record)


def test_gamblers_dice_draws_a_fake_trickster() -> None:
    """W1, A6: the Dice's random cards by printed value; a drawn card that waits for its
    declaration is told to its holder only until played."""
    record = phase_two(
        [["tricksters:9x", "goblins:1"], ["goblins:2", "goblins:3"]],
        ["use gamblers-dice"],
        artifacts=spare("gamblers-dice"),
        chance=["tricksters:9x", "goblins:3"],
    )
    told = audit(record)
    for viewer in VIEWERS:
        text = joined(told, viewer)
        assert "tricksters:9x" not in text
        assert "card is drawn at random: tricksters:9" in text
    assert "tricksters:9x" in omniscient(record)


def test_hunting_cloak_draws_a_fake_trickster() -> None:
    """W1, A23: the follower's random card by printed value."""
    record = phase_two(
        [["goblins:5", "goblins:1"], ["tricksters:1x", "goblins:3"]],
        ["play goblins:5", "use hunting-cloak"],
        artifacts=spare("hunting-cloak"),
        chance=["tricksters:1x"],
    )
    told = audit(record)
    for viewer in VIEWERS:
        text = joined(told, viewer)
        assert "tricksters:1x" not in text
        assert "card is drawn at random: tricksters:1" in text
    assert "tricksters:1x" in omniscient(record)


def test_a_drawn_card_waiting_for_its_declaration_is_its_holder_s_only() -> None:
    """A35: a dual card drawn by the Dice stays in its holder's hand until declared and played:
    the other player and a spectator are not told which it is before."""
    factions = ["elves", "orcs", "demons", "tricksters", "fire-elementals"]
    record = phase_two(
        [["elf-orc:6", "elves:1"], ["orcs:2", "orcs:3"]],
        ["use gamblers-dice"],
        factions=factions,
        artifacts=spare("gamblers-dice"),
        chance=["elf-orc:6", "orcs:3"],
    )
    told = audit(record)
    assert "Gambler's Dice: your card is drawn at random: elf-orc:6" in joined(told, 0)
    assert "Gambler's Dice: the bot's card is drawn at random; the bot chooses" in joined(told, 1)
    assert "elf-orc:6" not in joined(told, SPEC)


def test_the_flail_card_is_named_to_its_owner_by_band() -> None:
    """A5, W11: the owner knows the card set aside, by band (R-30); nobody else sees it."""
    record = last_phase_one_trick(
        None,
        (["fire-elementals:6", "goblins:2", "goblins:3"], ["knights:5", "knights:6", "knights:7"]),
        ["use flail-of-dawn", "aside fire-elementals:high"],
        artifacts=(
            ("spyglass", "endless-rope", "ice-sword"),
            ("flail-of-dawn", "magic-wand", "mask-of-darkness"),
        ),
    )
    told = audit(record)
    assert "you set fire-elementals:high aside face-down" in joined(told, 0)
    assert "fire-elementals" not in joined(told, 1) + joined(told, SPEC)
    assert "fire-elementals:6" in omniscient(record)


def test_a_masked_lead_is_named_to_its_leader_by_parity() -> None:
    """A16, W3: the leader sees their own face-down Demon by parity; the follower nothing."""
    record = phase_two(
        [["demons:8", "goblins:1"], ["goblins:2", "goblins:3"]],
        ["use mask-of-darkness", "play demons:even"],
        artifacts=spare("mask-of-darkness"),
    )
    told = audit(record)
    assert "Mask of Darkness: you lead demons:even face-down" in joined(told, 0)
    assert "Mask of Darkness: the bot leads a card face-down" in joined(told, 1)
    assert "demons:8" not in joined(told, 0) + joined(told, 1) + joined(told, SPEC)


def test_the_end_tells_toxics_and_fake_tricksters_as_the_views_show_them() -> None:
    """W1, W9: while a Tavern choice holds the end of the game open, the views still hide the
    Toxics and the fake marks; the account tells the fakes removed by printed value then, and
    the Toxics once the game is finished."""
    record = position_record(
        TOXIC,
        phase=2,
        number=13,
        hands=[["knights:9"], ["knights:2"]],
        scores=[["tricksters:7x", "goblins:1", "goblins:2"], ["tricksters:3x", "knights:5"]],
    )
    record["position"]["setup"]["building"] = "tavern"
    moves = ["play knights:9", "play knights:2", "give goblins:1", "give goblins:2"]
    record = script(record, [*moves, "give knights:5"])
    told = audit(record)
    for viewer in VIEWERS:
        lines = told[viewer]
        end = lines.index("End of the game.")
        fakes = [line for line in lines[end:] if "Fake Tricksters are removed" in line]
        assert [line.rsplit(": ", 1)[1] for line in fakes] == ["tricksters:7.", "tricksters:3."]
        chosen = next(i for i, line in enumerate(lines) if "Score pile to give" in line)
        toxics = next(i for i, line in enumerate(lines) if "The Toxics are revealed" in line)
        assert end < chosen < toxics
    narrator = Narrator(records.initial_state(record), viewer=SPEC)
    before = [line for move in moves for line in narrator.apply(move)]
    assert not any("Toxic" in line for line in before)  # the game is not finished yet
    assert "The Toxics are revealed" in " ".join(narrator.apply("give knights:5"))
    assert "Fake Tricksters are removed from player 0's Score pile: tricksters:7x" in omniscient(
        record
    )
