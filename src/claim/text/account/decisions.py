"""The decisions as the account tells them (the Seer's look, the Giant's smash, the Vampires'
crown and tuck, the Poisoner's peek, the heroes' decisions, the Islands prize) and what the
heroes did on their own with them (the Skeleton's and the Kraken's random draws, Cthulhu's cards
leaving the game, R-62 choices revealed once both have chosen)."""

from __future__ import annotations

from claim.core.view import HIDDEN
from claim.text.account.base import NarratorBase
from claim.text.account.words import Names

#: the power behind each kind of decision, for the account
DECISION_POWERS = {
    "seer": "Seer",
    "smash": "Giant",
    "crown": "Vampire",
    "tuck": "Vampire",
    "peek": "Poisoner",
    "skeleton": "Skeleton",
    "discard": "Cthulhu",
    "steal": "Siren",
    "necromancer": "Necromancer",
    "gargoyle": "Gargoyle",
    "dinosaur": "Dinosaur",
    "give": "Kraken",
    "islands": "Islands",
}

#: hero decisions taken after the trick's cards were collected: the account tells where the
#: cards went at the collection, then what the decision changed
AFTER_COLLECTION = frozenset({"skeleton", "discard", "steal", "necromancer", "give"})


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

    if kind == "seer" and move == "take top" and detail == "islands":
        return f"{act('takes', 'take')} the top card of the deck; both prizes stay face-up (L7)."
    if kind == "seer" and move == "take top":
        leave = "leave" if you else "leaves"
        return f"{act('takes', 'take')} the top card of the deck and {leave} the prize to {other}."
    if kind == "seer" and move == "take prize":
        keep = "keep" if you else "keeps"
        return f"{act('looks', 'look')} at the top card of the deck and {keep} the prize."
    if kind == "seer" and move.startswith("take "):
        take = "take" if you else "takes"
        prize = move[5:]
        return f"{act('looks', 'look')} at the top card of the deck and {take} the prize {prize}."
    if kind == "islands" and move.startswith("take "):
        other = f", {detail}," if detail else ""
        return (
            f"Islands: {names.act(player, 'takes', 'take')} the prize {move[5:]} "
            f"(the other prize{other} stays)."
        )
    if kind == "smash" and move.startswith("smash "):
        return f"{act('smashes', 'smash')} {names.owner(1 - player)} face-up {move[6:]}."
    if kind == "crown" and move.startswith("crown "):
        return f"{act('crowns', 'crown')} {move[6:]} as {names.owner(player)} face-up Vampire."
    if kind == "tuck" and move.startswith("tuck "):
        return f"{act('tucks', 'tuck')} {move[5:]} under {names.owner(player)} face-up Vampire."
    if kind == "peek" and move.startswith("peek "):
        return f"{act('peeks', 'peek')} at Toxic {move[5:]}."
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
    if kind == "skeleton" and move == "use skeleton":
        drawn = f": {detail}" if detail else ""
        return (
            f"{act('takes', 'take')} a random card from the discard pile with the Skeleton{drawn}."
        )
    if kind == "dinosaur" and move == "use dinosaur":
        into = "your" if name == "you" else "their"
        return f"{act('takes', 'take')} the Dinosaur back into {into} hand."
    if kind == "necromancer" and move.startswith("use necromancer "):
        card = move[len("use necromancer ") :]
        return (
            f"{act('swaps', 'swap')} the Necromancer for {card}: {card} goes to "
            f"{names.owner(player)} hand, the Necromancer to the discard pile."
        )
    if kind == "steal" and move.startswith("steal "):
        return (
            f"{act('steals', 'steal')} {arg} from {names.owner(1 - player)} Score pile "
            "with the Siren."
        )
    if kind == "discard" and move.startswith("discard "):
        card = arg if visible else "a card"
        return f"Cthulhu: {act('discards', 'discard')} {card}."
    if kind == "give" and move.startswith("give "):
        card = arg if visible else "a card"
        return f"Kraken: {act('gives', 'give')} {card} to {names[1 - player]} in return."
    if kind == "gargoyle" and move.startswith("count gargoyle as "):
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
        new: list[str],
        other_prize: str | None = None,
        two_prizes: bool = False,
    ) -> None:
        """Tell the decision just taken and what the heroes did on their own with it: random
        draws (Skeleton, Kraken: ``new``, the random outcomes of the move that no artifact
        explains), Cthulhu's cards leaving the game, R-62 choices revealed."""
        state = self.state
        names = self.names
        eyes = self.eyes()
        if kind is not None and player is not None:
            # what the decision chose is the chooser's secret, but a card given hand
            # to hand (the Kraken's give) both players see (H37): the view decides
            visible = eyes.knows_exchange() if kind == "give" else eyes.shares_secrets(player)
            detail: str | None = None
            if kind == "skeleton" and move == "use skeleton" and new:
                detail, new = self.public_code(new[0]), new[1:]  # from the public discard pile
            elif kind == "gargoyle":
                detail = str(self.printed.get("hero:gargoyle", ""))
            elif kind == "islands":
                detail = other_prize
                self._islands_told = True
            elif kind == "seer" and two_prizes:
                detail = "islands"
            elif kind == "tuck" and move.startswith("tuck ") and state.tucked[player]:
                # the card as the viewer sees it: the move names a Trickster by printed value
                # (a Demon by its code already, W14), the omniscient account by its code (W1)
                move = f"tuck {self.public(state.tucked[player][-1])}"
            text = describe_decision(kind, player, move, names, visible, detail)
            if kind == "gargoyle":
                self.end_decisions.append(text)
            elif kind == "necromancer" and move == "pass" and not visible:
                # which heroes are in is secret: a Necromancer kept in hand is told to
                # nobody else (a swap is: the hero goes face-up to the discard pile, H30)
                pass
            else:
                if kind == "discard" and not visible:
                    self._hidden.append((len(self.decisions), kind, player, move))
                self.decisions.append(text)
        for code in new:
            # the Kraken's take (H37): its player won the trick, still on the table or just over
            trick = state.trick
            if trick is not None and trick.collected:
                taker = trick.winner
            else:
                taker = state.history[-1][5] if state.history else -1
            if taker in (0, 1):
                # from one hand into the other: only the two players see which card (H37)
                what = eyes.public_code(code) if eyes.knows_exchange() else "a card"
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
        gone = [
            c for c, why in state.removed.items() if why == "cthulhu" and c not in self._removed
        ]
        if gone:
            self._removed.update(gone)
            seen = eyes.names("out", gone)  # out of the game unseen (W9)
            which = "" if HIDDEN in seen else f" ({', '.join(seen)})"
            top = (
                "the top card of the deck leaves"
                if len(gone) == 1
                else (f"the top {len(gone)} cards of the deck leave")
            )
            self.decisions.append(f"Cthulhu: {top} the game unseen{which}.")
