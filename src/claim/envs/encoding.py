"""The observation of the Claim environments: a player's view as a fixed-length vector.

Everything here is read from :func:`claim.observe`'s view of one seat (a plain dict, never the
state), plus the game's five factions, which are public from the setup (RULES.md §2) but which
the view does not repeat. Two states that the player cannot tell apart have the same view, so
they encode identically: the vector carries nothing the player may not know.

The vector is seat-relative: ``mine`` is the observing seat, ``theirs`` the other one, so one
policy can play either seat (``seat`` says which it is). It is :data:`FIELDS` laid end to end;
each field is a block of counts or flags:

- a **card block** (:data:`CARD_BLOCK` entries) counts the cards of a zone by the name the view
  gives them: one entry per name of :data:`OBS_NAMES` (codes, and the partial names
  ``demons:odd`` … that hide a value), then one entry counting the ``"?"`` cards (the size of a
  hidden zone);
- the other fields are one-hot flags (the seat, the phase, the Setting, …) or small counts
  (tricks played, the locations' tallies, hero values).

``docs/rl.md`` lists every field with its meaning; :func:`field_slice` finds one in a vector.

That vector is the present. :func:`encode_information_state` is perfect recall: the same vector,
then :func:`encode_history` — every finished trick as the view lists it, the trick on the table
in order, and the seat's own moves (:data:`HISTORY_FIELDS`) — so two information states never
share it (OpenSpiel's information-state tensor; the environments' ``observation="history"``).

>>> OBSERVATION_SIZE == sum(field.size for field in FIELDS)
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

from claim.core import cards, keys
from claim.core.view_types import CurrentTrickView, PlayerView, TrickView, View
from claim.envs.actions import ACTION_COUNT, FACTIONS, index_of, name_key

#: how the view writes a card its viewer may not identify
HIDDEN: Final[str] = "?"

#: every name a view may give a card: each code (a fake Trickster's ``tricksters:5x`` once the
#: game is over) and each partial name (``demons:odd``, ``fire-elementals:high``)
OBS_NAMES: Final[tuple[str, ...]] = tuple(
    sorted(set(cards.CODE) | set(cards.PUBLIC_NAME), key=name_key)
)
_NAME_INDEX: Final[dict[str, int]] = {name: i for i, name in enumerate(OBS_NAMES)}
#: the entries of a card block: a count per name, then the count of ``"?"`` cards
CARD_BLOCK: Final[int] = len(OBS_NAMES) + 1

#: the upper bound of every entry of the vector (counts stay far below it)
HIGH: Final[float] = 255.0

_PHASES: Final[int] = 2


@dataclass(frozen=True, slots=True)
class Field:
    """One block of the vector: its name, where it starts, how many entries, what they mean."""

    name: str
    start: int
    size: int
    doc: str


def _layout(spec: Iterable[tuple[str, int, str]]) -> tuple[Field, ...]:
    fields: list[Field] = []
    start = 0
    for name, size, doc in spec:
        fields.append(Field(name, start, size, doc))
        start += size
    return tuple(fields)


def _card_fields() -> list[tuple[str, int, str]]:
    zones = [
        ("hand.mine", "your hand"),
        ("hand.theirs", "the other hand: all '?' until the game is over (W13)"),
        ("followers.mine", "your Follower deck (Phase One)"),
        ("followers.theirs", "their Follower deck: the prizes they won, '?' for blind draws"),
        ("score.mine", "your Score pile"),
        ("score.theirs", "their Score pile"),
        ("gnomes.mine", "your face-up Gnomes"),
        ("gnomes.theirs", "their face-up Gnomes"),
        ("vampire.mine", "your face-up Vampire (at most one card)"),
        ("vampire.theirs", "their face-up Vampire"),
        ("tucked.mine", "the cards tucked under your Vampire"),
        ("tucked.theirs", "the cards tucked under their Vampire"),
        ("chosen.mine", "your R-62 choices not yet carried out (theirs stay hidden, W8)"),
        ("aside.mine", "the card you set aside (Flail of Dawn)"),
        ("aside.theirs", "the card they set aside: '?' until it is played"),
        ("deck", "the deck: '?' for each unseen card, a name for a card shown (W7)"),
        ("deck.top", "the top card of the deck alone ('?' when unseen, empty when no deck)"),
        ("discard", "the discard pile"),
        ("out", "the cards out of the game: '?' for those that left unseen"),
        ("troll_pool", "the Troll pool"),
        ("fire_phoenix", "the Fire Phoenix pile ('?' each)"),
        ("toxics", "the three face-up Toxics: '?' unless you peeked (all shown at the end)"),
        ("table", "the Gelatinous Cube bundle on the table"),
        ("trick.prizes", "the prize of the current trick (both prizes with Islands)"),
        ("trick.lead", "the card led in the current trick ('?' when led face-down)"),
        ("trick.follow", "the card played second in the current trick"),
        ("trick.daggered", "the cards King's Daggers took in the current trick"),
        ("played.mine", "every card you played in a finished trick"),
        ("played.theirs", "every card they played in a finished trick"),
    ]
    return [(name, CARD_BLOCK, f"card block: {doc}") for name, doc in zones]


def _flag_fields() -> list[tuple[str, int, str]]:
    n_factions = len(FACTIONS)
    n_artifacts = len(cards.ARTIFACTS)
    n_heroes = len(cards.HEROES)
    return [
        ("seat", 2, "one-hot: you are player 0 / player 1"),
        ("finished", 1, "1 once the game is over"),
        ("to_move", 2, "who the game waits on: you / them (both 0 once over)"),
        ("phase", _PHASES, "one-hot: Phase One / Phase Two"),
        ("tricks_done", _PHASES, "finished tricks in Phase One / Phase Two"),
        ("trick.on", 1, "1 while a trick is on the table"),
        ("trick.leader", 2, "who leads the current trick: you / them"),
        ("trick.lead_as", n_factions, "the faction the lead was declared as (FACTIONS order)"),
        ("trick.follow_as", n_factions, "the faction the second card was declared as"),
        ("trick.winner", 2, "the current trick's winner once both cards are down: you / them"),
        ("trick.artifacts", n_artifacts, "artifacts used in the current trick (ARTIFACTS order)"),
        ("moon", 1, "1 for a full moon (Werewolves), 0 for no moon"),
        ("factions", n_factions, "the game's five scoring factions (FACTIONS order)"),
        ("setting", len(cards.SETTINGS), "one-hot: the Setting in play (SETTINGS order)"),
        ("building", len(cards.BUILDINGS), "one-hot: the Building in play (BUILDINGS order)"),
        ("plateau", 3, "Plateau: its streak holder you / them, and the streak's length"),
        ("ice_fields", 2, "Ice Fields: whose next card gets +1: yours / theirs"),
        ("lava", 3, "Lava Fields: its losing streak holder you / them, and the streak's length"),
        ("dungeon", 2, "Dungeon: who won the last Phase One trick: you / them"),
        ("lighthouse.mine", n_factions, "Lighthouse: the factions you won outright"),
        ("lighthouse.theirs", n_factions, "Lighthouse: the factions they won outright"),
        ("prowlers_torch", 1, "Prowler's Torch: tricks left with every draw shown"),
        ("mask_of_darkness", 1, "Mask of Darkness: tricks left with the lead face-down"),
        ("flask_of_tears", 2, "Flask of Tears: the bonus waiting for your / their next card"),
        ("ice_sword", 2, "Ice Sword: the bonus waiting for your / their next card"),
        ("losses", 2, "your / their run of lost tricks (Flask of Tears)"),
        ("artifacts.pool", n_artifacts, "the artifacts dealt from (ARTIFACTS order)"),
        ("artifacts.mine", n_artifacts, "your unused artifacts"),
        ("artifacts.used_mine", n_artifacts, "the artifacts you used"),
        ("artifacts.used_theirs", n_artifacts, "the artifacts they used"),
        ("artifacts.theirs", 1, "how many unused artifacts they hold (which is secret)"),
        ("heroes.count", 1, "how many heroes are in the deck"),
        ("heroes.pool", n_heroes, "the hero pool they were drawn from (HEROES order)"),
        ("heroes.values", n_heroes, "each pool hero's value (0 for heroes not in the pool)"),
        ("peeked", 3, "the Toxics you peeked at, by position"),
        ("result", 3, "once over: you won / they won / a draw"),
        ("votes.mine", n_factions, "once over: the factions whose vote you won"),
        ("votes.theirs", n_factions, "once over: the factions whose vote they won"),
    ]


#: every field of the vector, in order
FIELDS: Final[tuple[Field, ...]] = _layout([*_card_fields(), *_flag_fields()])
_BY_NAME: Final[dict[str, Field]] = {field.name: field for field in FIELDS}
#: the length of the observation vector
OBSERVATION_SIZE: Final[int] = FIELDS[-1].start + FIELDS[-1].size

_FACTION_INDEX: Final[dict[str, int]] = {name: i for i, name in enumerate(FACTIONS)}
_ARTIFACT_INDEX: Final[dict[str, int]] = {name: i for i, name in enumerate(cards.ARTIFACTS)}
_HERO_INDEX: Final[dict[str, int]] = {name: i for i, name in enumerate(cards.HEROES)}


def field_slice(name: str) -> slice:
    """Where field ``name`` lies in an observation vector."""
    field = _BY_NAME[name]
    return slice(field.start, field.start + field.size)


class _Writer:
    """Fills one vector; every write names its field, so a layout change cannot misplace one."""

    def __init__(self) -> None:
        self.vector = np.zeros(OBSERVATION_SIZE, dtype=np.float32)

    def put(self, name: str, offset: int = 0, value: float = 1.0) -> None:
        field = _BY_NAME[name]
        if not 0 <= offset < field.size:
            raise ValueError(f"{name}: entry {offset} outside its {field.size}")
        self.vector[field.start + offset] += value

    def cards(self, name: str, names: Iterable[str]) -> None:
        start = _BY_NAME[name].start
        vector = self.vector
        for card in names:
            if card == HIDDEN:
                vector[start + CARD_BLOCK - 1] += 1
            else:
                index = _NAME_INDEX.get(card)
                if index is None:
                    raise ValueError(f"{name}: the view names an unknown card {card!r}")
                vector[start + index] += 1

    def whose(self, name: str, player: int, seat: int, offset: int = 0) -> None:
        """A player-valued fact as two flags, you then them (anything else: neither)."""
        if player == seat:
            self.put(name, offset)
        elif player == 1 - seat:
            self.put(name, offset + 1)


def encode(view: View, seat: int, factions: Sequence[str]) -> npt.NDArray[np.float32]:
    """The observation vector of ``view``, the view of ``seat`` (``observe(state, seat)``), in a
    game of ``factions``."""
    if seat not in (0, 1):
        raise ValueError(f"seat must be 0 or 1, got {seat!r}")
    w = _Writer()
    players = view["players"]
    mine, theirs = players[seat], players[1 - seat]
    _write_players(w, mine, theirs)
    deck = view["deck"]
    w.cards("deck", deck)
    w.cards("deck.top", deck[:1])  # the deck is listed top card first (records.md)
    w.cards("discard", view["discard"])
    w.cards("out", view["out"])
    w.cards("troll_pool", view["troll_pool"])
    w.cards("fire_phoenix", view["fire_phoenix"])
    w.cards("toxics", view["toxics"])
    w.cards("table", view.get("table") or [])
    _write_history(w, view, seat)
    _write_trick(w, view, seat)
    w.put("seat", seat)
    next_up = view["next"]
    if view["status"] == "finished":
        w.put("finished")
    elif next_up is not None:
        w.whose("to_move", next_up["player"], seat)
    w.put("phase", view["phase"] - 1)
    if view["moon"] == "full-moon":
        w.put("moon")
    for faction in factions:
        w.put("factions", _FACTION_INDEX[faction])
    if "setting" in view:
        w.put("setting", cards.SETTINGS.index(view["setting"]))
    if "building" in view:
        w.put("building", cards.BUILDINGS.index(view["building"]))
    for key, value in (view.get("counters") or {}).items():
        _write_counter(w, key, value, seat)
    _write_setup(w, view)
    for position in mine.get("peeked") or []:
        w.put("peeked", position - 1)
    _write_result(w, view, seat)
    return w.vector


def _write_players(w: _Writer, mine: PlayerView, theirs: PlayerView) -> None:
    for side, player in (("mine", mine), ("theirs", theirs)):
        w.cards(f"hand.{side}", player["hand"])
        w.cards(f"followers.{side}", player["followers"])
        w.cards(f"score.{side}", player["score"])
        w.cards(f"gnomes.{side}", player["gnomes"])
        vampire = player["vampire"]
        w.cards(f"vampire.{side}", [vampire] if vampire is not None else [])
        w.cards(f"tucked.{side}", player["tucked"])
        w.cards(f"aside.{side}", player.get("aside") or [])
        for name in player.get("used_artifacts") or []:
            w.put(f"artifacts.used_{side}", _ARTIFACT_INDEX[name])
    w.cards("chosen.mine", mine.get("chosen") or [])
    for name in mine.get("artifacts") or []:
        w.put("artifacts.mine", _ARTIFACT_INDEX[name])
    w.put("artifacts.theirs", value=len(theirs.get("artifacts") or []))


def _write_history(w: _Writer, view: View, seat: int) -> None:
    for trick in view["tricks"]:
        w.put("tricks_done", trick["phase"] - 1)
        for play in trick["plays"]:
            w.cards("played.mine" if play["player"] == seat else "played.theirs", [play["card"]])


def _write_trick(w: _Writer, view: View, seat: int) -> None:
    current = view.get("current")
    if current is None:
        return
    w.put("trick.on")
    w.whose("trick.leader", current["leader"], seat)
    prizes = current.get("prizes")
    if prizes:
        w.cards("trick.prizes", prizes)
    elif current["prize"] is not None:
        w.cards("trick.prizes", [current["prize"]])
    # zip stops at the cards played so far: none, the lead, or both
    blocks = (("trick.lead", "trick.lead_as"), ("trick.follow", "trick.follow_as"))
    for play, (block, declared) in zip(current["plays"], blocks, strict=False):
        w.cards(block, [play["card"]])
        faction = play.get("as")
        if faction:
            w.put(declared, _FACTION_INDEX[faction])
    if "winner" in current:
        w.whose("trick.winner", current["winner"], seat)
    for name in current.get("artifacts") or []:
        w.put("trick.artifacts", _ARTIFACT_INDEX[name])
    w.cards("trick.daggered", current.get("daggered") or [])


def _write_counter(w: _Writer, key: str, value: int, seat: int) -> None:
    """One public tally of the view's ``counters``; a key this encoding does not know is an
    error rather than dropped, so a new tally cannot go unseen (the tests play every
    expansion)."""
    name, _, suffix = key.partition(":")
    if name in (keys.FLASK_OF_TEARS, keys.ICE_SWORD, keys.LOSSES) and suffix in ("0", "1"):
        field = {keys.FLASK_OF_TEARS: "flask_of_tears", keys.ICE_SWORD: "ice_sword"}.get(
            name, "losses"
        )
        w.put(field, 0 if int(suffix) == seat else 1, value)
    elif name == keys.LIGHTHOUSE and suffix in _FACTION_INDEX:
        if value in (0, 1):
            side = "mine" if value == seat else "theirs"
            w.put(f"lighthouse.{side}", _FACTION_INDEX[suffix])
    elif key == keys.PLATEAU_PLAYER:
        w.whose("plateau", value, seat)
    elif key == keys.PLATEAU_COUNT:
        w.put("plateau", 2, value)
    elif key == keys.ICE_FIELDS:
        w.whose("ice_fields", value, seat)
    elif key == keys.LAVA_PLAYER:
        w.whose("lava", value, seat)
    elif key == keys.LAVA_COUNT:
        w.put("lava", 2, value)
    elif key == keys.DUNGEON_FIRST:
        w.whose("dungeon", value, seat)
    elif key == keys.SHOWN_DRAWS:
        w.put("prowlers_torch", 0, value)
    elif key == keys.MASK:
        w.put("mask_of_darkness", 0, value)
    else:
        raise ValueError(f"the view has a counter this encoding does not know: {key!r}")


def _write_setup(w: _Writer, view: View) -> None:
    artifacts = view.get("artifacts")
    if artifacts is not None:
        for name in artifacts["pool"]:
            w.put("artifacts.pool", _ARTIFACT_INDEX[name])
    heroes = view.get("heroes")
    if heroes is not None:
        w.put("heroes.count", 0, heroes["count"])
        for name in heroes["pool"]:
            w.put("heroes.pool", _HERO_INDEX[name])
        for name, value in heroes["values"].items():
            w.put("heroes.values", _HERO_INDEX[name], value)


def _write_result(w: _Writer, view: View, seat: int) -> None:
    result = view["result"]
    if result is None:
        return
    winner = result["winner"]
    if winner is None:
        w.put("result", 2)
    else:
        w.whose("result", winner, seat)
    for faction, player in result["votes"].items():
        if player is not None:
            side = "mine" if player == seat else "theirs"
            w.put(f"votes.{side}", _FACTION_INDEX[faction])


# -------------------------------------------------------------------------------------------------
# The information state: the present and the history (perfect recall)
# -------------------------------------------------------------------------------------------------

#: the most finished tricks the history block holds (over 300 random games with every expansion
#: the most was 29; a game of more is refused rather than cut, which would merge histories)
MAX_TRICKS: Final[int] = 40
#: the most decisions of one game (OpenSpiel's ``max_game_length``): the base game has 52,
#: powers and artifact windows add some (over 10,000 random games with every expansion the most
#: was 99, one player's 52); nothing in the rules caps them, so the bound is ten times that
MAX_DECISIONS: Final[int] = 1000
#: artifacts named in one finished trick (each player holds three, A1), cards King's Daggers took
_TRICK_ARTIFACTS: Final[int] = 6
_TRICK_DAGGERED: Final[int] = 2
_PLAY_ENTRIES: Final[int] = 4

#: the entries of one finished trick in the history block, in order (each a number; a card is
#: its index in :data:`OBS_NAMES` plus one, ``"?"`` is ``CARD_BLOCK``, none is 0; a player is 1
#: for you, 2 for them, 0 for nobody; a faction its index in ``FACTIONS`` plus one)
TRICK_ENTRIES: Final[tuple[str, ...]] = (
    "played (1: this row holds a trick)",
    "phase (1 or 2)",
    "number (the trick's number in its phase)",
    "leader (1 you, 2 them)",
    "prize (card; with Islands the older of the two)",
    "second prize (card; Islands)",
    *(
        f"{which} play: {entry}"
        for which in ("first", "second")
        for entry in ("player", "card", "value", "declared faction")
    ),
    "winner (1 you, 2 them, 0 none)",
    *(f"artifact used {i + 1} (its index in ARTIFACTS plus one)" for i in range(_TRICK_ARTIFACTS)),
    *(f"card a King's Dagger took {i + 1}" for i in range(_TRICK_DAGGERED)),
)
#: the fields of the history part of the information-state vector, after the observation
HISTORY_FIELDS: Final[tuple[Field, ...]] = _layout(
    [
        (
            "history.tricks",
            MAX_TRICKS * len(TRICK_ENTRIES),
            f"the finished tricks in order, {len(TRICK_ENTRIES)} entries each (TRICK_ENTRIES)",
        ),
        (
            "history.current",
            len(TRICK_ENTRIES),
            "the trick on the table as far as it went (TRICK_ENTRIES; values 0, phase and"
            " number 0): the order of its plays and of the artifacts used in it",
        ),
        (
            "history.own",
            MAX_DECISIONS,
            "your own moves in order, each its action number plus one (0: none yet)",
        ),
    ]
)
#: the bounds of the history part's entries: an effective value may be below 0 (a Magic Wand's
#: −2, A12); an own move is its action number plus one
HISTORY_LOW: Final[float] = -HIGH
HISTORY_HIGH: Final[float] = float(ACTION_COUNT)
#: the length of the history part
HISTORY_SIZE: Final[int] = HISTORY_FIELDS[-1].start + HISTORY_FIELDS[-1].size
#: the length of the information-state vector: the observation, then the history
INFORMATION_STATE_SIZE: Final[int] = OBSERVATION_SIZE + HISTORY_SIZE


def _card_number(name: str | None) -> int:
    """A card of the history as one number: 0 none, ``CARD_BLOCK`` ``"?"``, else its index in
    :data:`OBS_NAMES` plus one."""
    if name is None:
        return 0
    if name == HIDDEN:
        return CARD_BLOCK
    index = _NAME_INDEX.get(name)
    if index is None:
        raise ValueError(f"history: the view names an unknown card {name!r}")
    return index + 1


def _side(player: int | None, seat: int) -> int:
    return 0 if player is None else 1 if player == seat else 2


def _over(what: str, count: int, bound: int) -> ValueError:
    return ValueError(f"history: {count} {what}, more than the {bound} the encoding holds")


def encode_history(view: View, seat: int, own: Sequence[int]) -> npt.NDArray[np.float32]:
    """The history part of the information state of ``seat``: every finished trick as the view
    lists it (its prizes, cards, declarations, winner, the artifacts used in it and the cards
    King's Daggers took) and ``own``, the action numbers of ``seat``'s own moves so far (a pass
    at an artifact window, a secret choice: what the view does not show)."""
    vector = np.zeros(HISTORY_SIZE, dtype=np.float32)
    tricks = view["tricks"]
    if len(tricks) > MAX_TRICKS:
        raise _over("finished tricks", len(tricks), MAX_TRICKS)
    if len(own) > MAX_DECISIONS:
        raise _over("own moves", len(own), MAX_DECISIONS)
    width = len(TRICK_ENTRIES)
    for t, trick in enumerate(tricks):
        row = _trick_row(trick, seat, trick["phase"], trick["number"], trick["winner"])
        vector[t * width : (t + 1) * width] = row
    current = view.get("current")
    if current is not None:
        start = HISTORY_FIELDS[1].start
        vector[start : start + width] = _trick_row(current, seat, 0, 0, current.get("winner"))
    start = HISTORY_FIELDS[2].start
    vector[start : start + len(own)] = np.asarray(own, dtype=np.float32) + 1
    return vector


def _trick_row(
    trick: TrickView | CurrentTrickView, seat: int, phase: int, number: int, winner: int | None
) -> list[float]:
    """One row of :data:`TRICK_ENTRIES`: a finished trick, or the one on the table."""
    row: list[float] = [1, phase, number, _side(trick["leader"], seat)]
    prizes: list[str | None] = [trick["prize"]]
    if trick.get("prizes"):
        prizes = list(trick.get("prizes") or [])  # L6: both, older first
    row += [_card_number(prizes[0]), _card_number(prizes[1] if len(prizes) > 1 else None)]
    plays = trick["plays"]
    if len(plays) > 2:
        raise _over("plays in a trick", len(plays), 2)
    for play in plays:
        faction = play.get("as")
        declared = _FACTION_INDEX[faction] + 1 if faction else 0
        value = play.get("value", 0)  # the trick on the table shows no values
        row += [_side(play["player"], seat), _card_number(play["card"]), value, declared]
    row += [0] * (_PLAY_ENTRIES * (2 - len(plays)))
    row.append(_side(winner, seat))
    artifacts = trick.get("artifacts") or []
    daggered = trick.get("daggered") or []
    if len(artifacts) > _TRICK_ARTIFACTS or len(daggered) > _TRICK_DAGGERED:
        raise _over("artifacts in a trick", len(artifacts), _TRICK_ARTIFACTS)
    row += [_ARTIFACT_INDEX[name] + 1 for name in artifacts]
    row += [0] * (_TRICK_ARTIFACTS - len(artifacts))
    row += [_card_number(card) for card in daggered]
    row += [0] * (_TRICK_DAGGERED - len(daggered))
    return row


def encode_information_state(
    view: View, seat: int, factions: Sequence[str], own: Sequence[int]
) -> npt.NDArray[np.float32]:
    """The information state of ``seat`` as a vector (:data:`INFORMATION_STATE_SIZE` entries):
    the observation (:func:`encode`, the present) then the history (:func:`encode_history`), so
    two positions with different pasts, or different own moves, differ (perfect recall)."""
    return np.concatenate([encode(view, seat, factions), encode_history(view, seat, own)])


def action_mask(view: View) -> npt.NDArray[np.int8]:
    """1 for each action legal for the viewer now (the view lists the legal moves only to the
    player the game waits on, so the other seat's mask is all 0)."""
    mask = np.zeros(ACTION_COUNT, dtype=np.int8)
    next_up = view["next"]
    if next_up is not None:
        for move in next_up.get("legal") or []:
            mask[index_of(move)] = 1
    return mask
