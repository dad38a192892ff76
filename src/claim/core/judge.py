"""Who would win a trick, asked of the powers themselves: a pure query for players that imagine
tricks (the heuristic bot), so that none of them keeps a rules engine of its own.

:func:`judge_trick` resolves an imagined two-card trick with the engine's own steps — the plays
set down as ``engine._play_card`` sets them (a hero's declaration through its power's
``played``), then the trick's layers asked in precedence order, as ``engine._resolve`` asks them:
``set_faction``, ``set_value`` (a Jester's swap rebuilds the layers), the default winner (§4.3),
``decide_winner`` (ARCHITECTURE.md principles 4–5). It knows no card by name.

What the question holds, and what it leaves to the asker: a scratch state carries only the
public context the powers read while deciding a winner — the phase, the moon, whether each
player still holds a card once theirs is played (Minotaur H29, Gelatinous Cube H21) — and no
Score piles or location tallies. So each imagined value is the card's value *before this trick's
own powers* but with the bonuses from outside the trick already counted (a Bug Lord's Score
pile, H24; the Ice Fields' +1, L9; the Unicorns' map; an artifact's change, A12): the powers that
add those find nothing to add here. The artifacts that decide a trick outright are given as
flags (a Bottomless Bottle used, A14; a Wishing Lamp's card not held, A28).
"""

from __future__ import annotations

from claim.core import cards
from claim.core.cards import BASE_FACTION, DUAL, FACTION
from claim.core.engine import default_winner
from claim.core.keys import CRUSHED, CUBE, LAMP_WINS, LOWER_WINS, WIN_IMPOSED
from claim.core.powers import rule_book
from claim.core.powers.base import POWER_KEY, RuleBook
from claim.core.setup import GameConfig
from claim.core.state import State, Trick

#: a card that stands for one whose code the asker does not know: any non-hero card (the powers
#: that read a card id only ask whether it is a hero, H7)
STAND_IN: int = next(c for c in range(cards.NUM_CARDS) if FACTION[c] not in ("hero", "toxic"))


class Imagined:
    """One play as the asker imagines it.

    ``card``: the card's id (-1: unknown, played as ``faction``); ``faction``: the faction it is
    played as — a dual card's or a hero's declaration ('' for none), or for an unknown card any
    name ('*': some faction other than the lead's); ``value``: see the module's note; ``rank``:
    1 for a Farmlands 2 (R-71); ``last``: its player holds nothing once it is played.
    """

    __slots__ = ("card", "faction", "last", "player", "rank", "value")

    def __init__(
        self, player: int, card: int, faction: str, value: int, rank: int = 0, last: bool = False
    ) -> None:
        self.player = player
        self.card = card
        self.faction = faction
        self.value = value
        self.rank = rank
        self.last = last


class Verdict:
    """The powers' answer: the winner (-1: nobody, a Gelatinous Cube trick, R-63), why, and what
    the win does to the lead card (a Basilisk's capture, R-10; a Stone Golem's crush, H17)."""

    __slots__ = ("captured", "crushed", "cube", "reason", "winner")

    def __init__(self, winner: int, reason: str, captured: bool, crushed: bool, cube: bool):
        self.winner = winner
        self.reason = reason
        self.captured = captured
        self.crushed = crushed
        self.cube = cube


#: one scratch state per rule book: the powers read it, the query resets what it sets
_SCRATCH: dict[int, State] = {}


def _scratch(book: RuleBook) -> State:
    state = _SCRATCH.get(id(book))
    if state is None or state.book is not book:
        if len(_SCRATCH) > 64:
            _SCRATCH.clear()
        state = _SCRATCH[id(book)] = State(GameConfig(), book)
    return state


def book_for(
    factions: tuple[str, ...],
    hero_pool: tuple[str, ...] = (),
    hero_values: tuple[tuple[str, int], ...] = (),
    setting: str | None = None,
    building: str | None = None,
    artifact_pool: tuple[str, ...] = (),
) -> RuleBook:
    """The rule book of a game with this public setup (what every view shows, §2)."""
    # the book depends on the public pools alone (rule_book); any heroes and artifacts of the
    # pools stand for the secret ones dealt, which the config needs to keep its pools (a pool
    # of artifacts holds at least six, A41)
    config = GameConfig(
        factions=factions,
        heroes=hero_pool,
        hero_pool=hero_pool,
        hero_values=hero_values,
        setting=setting,
        building=building,
        artifacts=(artifact_pool[:3], artifact_pool[3:6]) if artifact_pool else (),
        artifact_pool=artifact_pool,
    )
    return rule_book(config)


def _set_down(state: State, trick: Trick, play: Imagined) -> None:
    """A play set down as ``engine._play_card`` sets it."""
    card = play.card if play.card >= 0 else STAND_IN
    trick.plays.append((play.player, card))
    trick.values.append(play.value)
    trick.ranks.append(play.rank)
    if play.card < 0:
        trick.keys.append(play.faction)
        trick.factions.append(play.faction)
        trick.declared.append(None)
        return
    trick.keys.append(POWER_KEY[card])
    if FACTION[card] == DUAL:
        trick.factions.append(play.faction)
        trick.declared.append(play.faction)
        return
    trick.factions.append(BASE_FACTION[card])
    trick.declared.append(None)
    if FACTION[card] == "hero":
        on_play = state.book.on_play.get(POWER_KEY[card])
        if on_play is not None:
            on_play.played(state, trick, len(trick.plays) - 1, play.faction or None)
            trick.values[-1] = play.value  # the asker's value stands (a declared Ent's 5, H35)


def judge_trick(
    book: RuleBook,
    phase: int,
    lead: Imagined,
    follow: Imagined,
    moon: str = "no-moon",
    lower_wins: bool = False,
    lamp_wins: bool = False,
) -> Verdict:
    """Who wins this trick by the powers of ``book``, and what the win does (module note).

    A pure function of its arguments, so its answers are kept (a player imagines the same
    tricks over and over: the same lead against each kind of reply, at every decision)."""
    key = (
        id(book),
        phase,
        moon,
        lower_wins,
        lamp_wins,
        lead.player,
        lead.card,
        lead.faction,
        lead.value,
        lead.rank,
        lead.last,
        follow.player,
        follow.card,
        follow.faction,
        follow.value,
        follow.rank,
        follow.last,
    )
    known = _VERDICTS.get(key)
    if known is not None and known[0] is book:
        return known[1]
    if len(_VERDICTS) >= _MAX_VERDICTS:
        _VERDICTS.clear()
    verdict = _judge(book, phase, lead, follow, moon, lower_wins, lamp_wins)
    _VERDICTS[key] = (book, verdict)
    return verdict


#: the verdicts given, by question (with the book asked, so that a book's id reused after it is
#: gone is not mistaken for it)
_VERDICTS: dict[tuple[object, ...], tuple[RuleBook, Verdict]] = {}
_MAX_VERDICTS = 20_000


def _judge(
    book: RuleBook,
    phase: int,
    lead: Imagined,
    follow: Imagined,
    moon: str,
    lower_wins: bool,
    lamp_wins: bool,
) -> Verdict:
    state = _scratch(book)
    state.phase = phase
    state.moon = moon
    state.declared.clear()
    for p in (lead, follow):
        state.hands[p.player] = [] if p.last else [STAND_IN]
    trick = Trick(phase, 0, lead.player, -1)
    if lower_wins:
        trick.marks[LOWER_WINS] = 1
    if lamp_wins:
        trick.marks[LAMP_WINS] = 1
    _set_down(state, trick, lead)
    _set_down(state, trick, follow)
    layers = book.trick_layers(trick, False)
    for power, pos in layers.set_faction:
        power.set_faction(state, trick, pos)
    for power, pos in layers.set_value:
        power.set_value(state, trick, pos)
    if trick.swapped:
        layers = book.trick_layers(trick, False)  # R-64, H25: the swapped positions
    default_winner(trick)
    for power, pos in layers.decide_winner:
        power.decide_winner(state, trick, pos)
    marks = trick.marks
    imposed = bool(marks.get(WIN_IMPOSED))  # A28: a win imposed over the powers has no effects
    return Verdict(
        trick.winner,
        trick.reason,
        0 in trick.captured,
        bool(marks.get(CRUSHED)) and not imposed,
        bool(marks.get(CUBE)) and not imposed,
    )
