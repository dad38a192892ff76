"""The decisions as the account tells them (the Seer's look, the Giant's smash, the Vampires'
crown and tuck, the Poisoner's peek, the heroes' decisions, the Islands prize) and what the
heroes did on their own with them (the Skeleton's and the Kraken's random draws, Cthulhu's cards
leaving the game, R-62 choices revealed once both have chosen)."""

from __future__ import annotations

from claim.core.cards import CODE
from claim.core.powers import REGISTRY
from claim.core.powers.base import Power
from claim.core.powers.factions import Giants, Seers
from claim.core.powers.fear import Vampires
from claim.core.powers.fire import Poisoners
from claim.core.powers.heroes import (
    Cthulhu,
    Dinosaur,
    Gargoyle,
    Kraken,
    Necromancer,
    Siren,
    Skeleton,
)
from claim.core.powers.locations import EndlessSands, Islands, Swamp, Tavern, WindyPeaks
from claim.core.view_events import NO_CARD, SeenDraw, SeenMove
from claim.text.account.base import NarratorBase
from claim.text.account.words import Names
from claim.text.catalog import CATALOG


def asked(power: type[Power]) -> tuple[str, ...]:
    """The decisions ``power`` asks a player (its ``asks`` less the automatic ``!`` steps)."""
    return tuple(kind for kind in power.asks if not kind.startswith("!"))


def decision(power: type[Power]) -> str:
    """The one decision ``power`` asks a player."""
    (kind,) = asked(power)
    return kind


# The decisions the account tells each in its own words, named by the power that asks them: the
# account knows these powers because each of their decisions reads differently
SEER, SMASH, PEEK = decision(Seers), decision(Giants), decision(Poisoners)
CROWN, TUCK = asked(Vampires)
SKELETON, DISCARD, STEAL = decision(Skeleton), decision(Cthulhu), decision(Siren)
NECROMANCER, GARGOYLE = decision(Necromancer), decision(Gargoyle)
DINOSAUR, GIVE, ISLANDS = decision(Dinosaur), decision(Kraken), decision(Islands)
# the locations' choices both players make at the same time (R-62)
ENDLESS_SANDS, WINDY_PEAKS = decision(EndlessSands), decision(WindyPeaks)
SWAMP, TAVERN = decision(Swamp), decision(Tavern)
#: the Gargoyle's card, whose value in this game (H9) its count says
GARGOYLE_CARD = str(Gargoyle.key)


def _asker(key: str) -> str:
    """The power behind a decision as the account names it: a faction's card (``Seer``), a
    hero or a location by its title."""
    entry = CATALOG[key]
    return entry.label.capitalize() if entry.kind == "faction" else entry.title


#: the power behind each kind of decision, for the account (``seer`` → "Seer", ``give`` →
#: "Kraken")
DECISION_POWERS = {kind: _asker(name) for name, power in REGISTRY.items() for kind in asked(power)}

#: hero decisions taken after the trick's cards were collected: the account tells where the
#: cards went at the collection, then what the decision changed
AFTER_COLLECTION = frozenset({SKELETON, DISCARD, STEAL, NECROMANCER, GIVE})


def describe_decision(
    kind: str, player: int, move: str, names: Names, visible: bool, detail: str | None = None
) -> str:
    """A decision taken by ``player`` (``visible``: whether the account may say which;
    ``detail``: what a random outcome gave — the Skeleton's card — or the value a Gargoyle
    counts with)."""
    power = DECISION_POWERS.get(kind, kind)
    you = names[player] == "you"
    who = f"{names[player]} ({power})"
    other = names[1 - player]

    def act(verb: str, plural: str) -> str:
        return f"{who} {plural if you else verb}"

    hero = _hero_decision(kind, player, move, names, visible, detail)
    if hero is not None:
        return hero

    if kind == SEER and move == "take top" and detail == ISLANDS:
        return f"{act('takes', 'take')} the top card of the deck; both prizes stay face-up (L7)."
    if kind == SEER and move == "take top":
        leave = "leave" if you else "leaves"
        return f"{act('takes', 'take')} the top card of the deck and {leave} the prize to {other}."
    if kind == SEER and move == "take prize":
        keep = "keep" if you else "keeps"
        return f"{act('looks', 'look')} at the top card of the deck and {keep} the prize."
    if kind == SEER and move.startswith("take "):
        take = "take" if you else "takes"
        prize = move[5:]
        return f"{act('looks', 'look')} at the top card of the deck and {take} the prize {prize}."
    if kind == ISLANDS and move.startswith("take "):
        other = f", {detail}," if detail else ""
        return (
            f"Islands: {names.act(player, 'takes', 'take')} the prize {move[5:]} "
            f"(the other prize{other} stays)."
        )
    if kind == SMASH and move.startswith("smash "):
        return f"{act('smashes', 'smash')} {names.owner(1 - player)} face-up {move[6:]}."
    if kind == CROWN and move.startswith("crown "):
        return f"{act('crowns', 'crown')} {move[6:]} as {names.owner(player)} face-up Vampire."
    if kind == TUCK and move.startswith("tuck "):
        return f"{act('tucks', 'tuck')} {move[5:]} under {names.owner(player)} face-up Vampire."
    if kind == PEEK and move.startswith("peek "):
        # by its place, not "Toxic 3": that would name the card toxic:3 (issue 37)
        return f"{act('peeks', 'peek')} at the Toxic in place {move[5:]}."
    if move == "pass":
        return f"{act('passes', 'pass')}."
    if not visible:
        return f"{act('makes', 'make')} a choice."
    return f"{act('chooses', 'choose')} {move!r}."


def _hero_decision(
    kind: str, player: int, move: str, names: Names, visible: bool, detail: str | None
) -> str | None:
    """The heroes' decisions (RULINGS H15, H19, H27, H30, H32, H36, H37), or None."""
    name = names[player]

    def act(verb: str, plural: str) -> str:
        return names.act(player, verb, plural)

    arg = move.split(" ", 1)[1] if " " in move else ""
    if kind == SKELETON and move == "use skeleton":
        drawn = f": {detail}" if detail else ""
        return (
            f"{act('takes', 'take')} a random card from the discard pile with the Skeleton{drawn}."
        )
    if kind == DINOSAUR and move == "use dinosaur":
        into = "your" if name == "you" else "their"
        return f"{act('takes', 'take')} the Dinosaur back into {into} hand."
    if kind == NECROMANCER and move.startswith("use necromancer "):
        card = move[len("use necromancer ") :]
        return (
            f"{act('swaps', 'swap')} the Necromancer for {card}: {card} goes to "
            f"{names.owner(player)} hand, the Necromancer to the discard pile."
        )
    if kind == STEAL and move.startswith("steal "):
        return (
            f"{act('steals', 'steal')} {arg} from {names.owner(1 - player)} Score pile "
            "with the Siren."
        )
    if kind == DISCARD and move.startswith("discard "):
        card = arg if visible else "a card"
        return f"Cthulhu: {act('discards', 'discard')} {card}."
    if kind == GIVE and move.startswith("give "):
        card = arg if visible else "a card"
        return f"Kraken: {act('gives', 'give')} {card} to {names[1 - player]} in return."
    if kind == GARGOYLE and move.startswith("count gargoyle as "):
        faction = move.rsplit(" as ", 1)[1]
        each = f" of value {detail}" if detail else ""
        return (
            f"{act('counts', 'count')} the Gargoyle as {faction}: two {faction} cards{each} "
            "for the votes."
        )
    return None


class DecisionEvents(NarratorBase):
    """The narrator's part that tells the decisions and what the heroes did with them."""

    def _hero_events(
        self,
        kind: str | None,
        player: int | None,
        move: str,
        left: list[SeenMove | SeenDraw],
        other_prize: str | None = None,
        two_prizes: bool = False,
    ) -> None:
        """Tell the decision just taken and what the heroes did on their own with it: random
        takes (Skeleton, Kraken: ``left``, the random picks of the move that no artifact
        explains), Cthulhu's cards leaving the game, R-62 choices revealed."""
        state = self.state
        names = self.names
        eyes = self.eyes()
        if kind is not None and player is not None:
            # what the decision chose is the chooser's secret, but a card given hand
            # to hand (the Kraken's give) both players see (H37): the view decides
            visible = eyes.knows_exchange() if kind == GIVE else eyes.shares_secrets(player)
            detail: str | None = None
            if kind == SKELETON and move == "use skeleton" and left:
                # from the public discard pile
                detail, left = self.public_code(CODE[left[0].card]), left[1:]
            elif kind == GARGOYLE:
                detail = str(self.printed.get(GARGOYLE_CARD, ""))
            elif kind == ISLANDS:
                detail = other_prize
                self._islands_told = True
            elif kind == SEER and two_prizes:
                detail = ISLANDS  # two face-up prizes (L7)
            elif kind == TUCK and move.startswith("tuck ") and state.tucked[player]:
                # the card as the viewer sees it: the move names a Trickster by printed value
                # (a Demon by its code already, W14), the omniscient account by its code (W1)
                move = f"tuck {self.public(state.tucked[player][-1])}"
            text = describe_decision(kind, player, move, names, visible, detail)
            if kind == GARGOYLE:
                self.end_decisions.append(text)
            elif kind == NECROMANCER and move == "pass" and not visible:
                # which heroes are in is secret: a Necromancer kept in hand is told to
                # nobody else (a swap is: the hero goes face-up to the discard pile, H30)
                pass
            else:
                if kind == DISCARD and not visible:
                    self._hidden.append((len(self.decisions), kind, player, move))
                self.decisions.append(text)
        for pick in left:
            # the Kraken's take (H37): its player won the trick, still on the table or just over
            trick = state.trick
            if trick is not None and trick.collected:
                taker = trick.winner
            else:
                taker = state.history[-1][5] if state.history else -1
            if taker in (0, 1):
                # from one hand into the other: only the two players see which card (H37)
                what = "a card" if pick.card == NO_CARD else eyes.public_code(CODE[pick.card])
                self.decisions.append(
                    f"the Kraken takes {what} at random from {names.owner(1 - taker)} hand into "
                    f"{names.owner(taker)}."
                )
        if self._hidden and not any(state.chosen):
            # both have chosen, the discards are face up
            for index, hidden_kind, hidden_player, hidden_move in self._hidden:
                self.decisions[index] = describe_decision(
                    hidden_kind, hidden_player, hidden_move, names, True
                )
            self._hidden = []
        # Cthulhu's take from the deck (the one power that takes deck cards out of the game)
        gone = [e.card for e in self._moves(self.seen, source="deck", target="out")]
        if gone:
            # out of the game unseen (W9)
            which = "" if NO_CARD in gone else f" ({', '.join(map(self.public, gone))})"
            top = (
                "the top card of the deck leaves"
                if len(gone) == 1
                else (f"the top {len(gone)} cards of the deck leave")
            )
            self.decisions.append(f"Cthulhu: {top} the game unseen{which}.")
