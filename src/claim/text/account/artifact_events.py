"""The artifacts' events as the account tells them (§8, R-80): each use with its effect, the
follow-ups of a use (the Flail card set aside, a card taken with the Gambler's Book or the
Spyglass), the cards drawn at random (Hunting Cloak, Gambler's Dice), a lead played face-down
(Mask of Darkness), the Flail card played or discarded, a trick frozen (Ice Sword)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from claim.core import cards, keys
from claim.core.powers import artifacts as arts
from claim.core.state import State, Trick
from claim.core.view_events import NO_CARD, SeenDraw, SeenMove
from claim.text.account.base import NarratorBase
from claim.text.account.words import artifact_title, capitalize

CODE = cards.CODE

#: the reason of a trick whose cards froze on the table (Ice Sword, A18)
FROZEN_REASON = arts.FROZEN_REASON

#: the decisions of the artifacts (windows and the follow-ups of a use, R-80)
ARTIFACT_ASKS = frozenset((*arts.WINDOWS, arts.ASIDE, arts.BOOK_TAKE, arts.SPY_TAKE))


@dataclass(slots=True)
class Before:
    """The decision a move answers, as it stood before the move: the trick it is made in (the
    state's next trick once it ends), the decision's data, and the card it is about (the card
    a King's Dagger or an artifact played on a card targets). What the move then did comes as
    events (:attr:`NarratorBase.seen`)."""

    trick: Trick | None
    data: int
    target: int = -1

    @classmethod
    def take(cls, state: State) -> Before:
        trick = state.trick
        data = state.tasks[0][2] if state.tasks else 0
        target = -1
        asked = state.tasks[0][0] if state.tasks else None
        if trick is not None and asked in (arts.DAGGER, arts.PLAYED) and data < len(trick.plays):
            target = trick.plays[data][1]
        return cls(trick=trick, data=data, target=target)


#: a random pick of the move (:func:`claim.core.view_events.seen_events`)
Pick = SeenMove | SeenDraw


@dataclass(slots=True)
class Use:
    """An artifact's use being told: the state before it, its player, the move's argument
    (``detail``: the card named, the value chosen) and the move's random picks not yet told
    (``left``)."""

    before: Before
    player: int
    detail: str
    left: list[Pick]


class ArtifactEvents(NarratorBase):
    """The narrator's part that tells the artifacts' uses and their effects."""

    def _artifact_events(
        self, before: Before, kind: str | None, player: int | None, move: str, picks: list[Pick]
    ) -> tuple[list[str], list[str], list[Pick]]:
        """Tell what the artifacts did in the move just applied: a use and its effect, the cards
        drawn at random (Hunting Cloak, Gambler's Dice), a masked lead, the Flail card played or
        discarded. Returns the lines to tell before the trick's own lines (``live``), those to
        tell after them, and the random picks of the move left to explain (``picks`` less the
        artifacts' draws)."""
        trick = before.trick
        left = list(picks)
        said: list[str] = []  # in-trick lines, in order
        between: list[str] = []  # lines of a use outside a trick (between the phases)
        after = False  # told after the trick's collection (the Spyglass)
        if kind in ARTIFACT_ASKS and player is not None and move != "pass":
            text = self._use_text(before, kind, player, move, left)
            if text:
                if trick is None:
                    between.append(text)
                else:
                    said.append(text)
                    after = trick.collected and kind in (arts.WON, arts.SPY_TAKE)
        if trick is not None:
            said.extend(self._play_events(before, trick, move, left))
        # the Flail card, not played, is discarded when the phase ends (A5, A39)
        for p in (0, 1):
            gone = [e.card for e in self._moves(self.seen, f"aside{p}", "discard")]
            if gone:
                between.append(
                    f"Flail of Dawn: {', '.join(self.public(c) for c in gone)}, set aside by "
                    f"{self.names[p]}, is discarded unplayed: the phase is over."
                )
        pre: list[str] = []
        if self.live:
            pre = [capitalize(line) for line in said]
        elif after:
            self.decisions.extend(said)
        else:
            self.artifact_lines.extend(said)
        return pre, [capitalize(line) for line in between], left

    def _use_text(self, before: Before, kind: str, player: int, move: str, left: list[Pick]) -> str:
        """The line of an artifact decision: a use with its effect, or a follow-up (the Flail
        card set aside, a card taken with the Gambler's Book or the Spyglass)."""
        names = self.names
        act = names.act(player, "uses", "use")
        owner = names.owner(player)
        arg = move.split(" ", 1)[1] if " " in move else ""
        if kind == arts.ASIDE:
            # the card lies face-down: the view decides who knows it (A5, W11)
            aside = self._moves(self.seen, target=f"aside{player}")
            what = "a card" if not aside or aside[0].card == NO_CARD else self.public(aside[0].card)
            return (
                f"Flail of Dawn: {names.act(player, 'sets', 'set')} {what} aside face-down for "
                f"{self._their(player)} last trick."
            )
        if kind == arts.BOOK_TAKE:
            return (
                f"Gambler's Book: {names.act(player, 'takes', 'take')} {arg} from the discard pile "
                f"to the end of {owner} hand."
            )
        if kind == arts.SPY_TAKE:
            return (
                f"Spyglass: {names.act(player, 'takes', 'take')} {arg} from the discard pile "
                f"into {owner} Score pile."
            )
        if not move.startswith("use "):
            return ""
        parts = move.split(" ", 2)
        phrase = USE_TEXT.get(parts[1])
        if phrase is None:
            return f"{act} the {artifact_title(parts[1])}."
        return phrase(self, Use(before, player, parts[2] if len(parts) > 2 else "", left))

    # -- each artifact's use, as the account tells it (USE_TEXT) ---------------------------------

    def _uses(self, use: Use) -> str:
        return self.names.act(use.player, "uses", "use")

    def _torch_text(self, use: Use) -> str:
        return (
            f"{self._uses(use)} the Prowler's Torch: every card taken from the deck in this trick "
            "and the next is shown to both players."
        )

    def _mask_text(self, use: Use) -> str:
        return (
            f"{self._uses(use)} the Mask of Darkness: in this trick and the next the lead is "
            "played face-down and the follower may play any card."
        )

    def _dice_text(self, use: Use) -> str:
        trick = use.before.trick
        leader = trick.leader if trick is not None else use.player
        return (
            f"{self._uses(use)} the Gambler's Dice: both players play a card drawn at random, "
            f"{self.names[leader]} first, free of the following rules."
        )

    def _rope_text(self, use: Use) -> str:
        owner = self.names.owner(use.player)
        return (
            f"{self._uses(use)} the Endless Rope: {use.detail} goes from {owner} Score pile to "
            f"the end of {owner} hand."
        )

    def _flask_text(self, use: Use) -> str:
        lost = self._tally_before(keys.player_key(keys.LOSSES, use.player), self.seen) or 0
        return (
            f"{self._uses(use)} the Flask of Tears after {lost} lost tricks in a row: "
            f"{self.names.owner(use.player)} next card gets +9."
        )

    def _memories_text(self, use: Use) -> str:
        their = self._their(use.player)
        return (
            f"{self._uses(use)} the Book of Memories: {their} lead comes from {their} Score pile."
        )

    def _dagger_use_text(self, use: Use) -> str:
        return self._dagger_text(use.before, use.player)

    def _target_text(self, use: Use) -> str:
        """The card a Magic Wand or a Mirror of Lies is used on, as the viewer sees it."""
        before = use.before
        trick = before.trick
        card = before.target
        if card < 0:
            return "the card"
        if trick is not None and before.data == 0 and self._lead_hidden(trick):
            return "the face-down lead"
        return self.public(card)

    def _wand_text(self, use: Use) -> str:
        what = self._target_text(use)
        if what == "the face-down lead":
            return f"{self._uses(use)} the Magic Wand on the face-down lead."
        return f"{self._uses(use)} the Magic Wand: {what} counts {use.detail}."

    def _mirror_text(self, use: Use) -> str:
        return (
            f"{self._uses(use)} the Mirror of Lies on {self._target_text(use)}: +5 if its value "
            "is 5 or less, −5 above (applied last)."
        )

    def _cloak_text(self, use: Use) -> str:
        other = 1 - use.player
        return (
            f"{self._uses(use)} the Hunting Cloak: {self.names.act(other, 'plays', 'play')} a "
            "card drawn at random, free of the following rules."
        )

    def _lamp_text(self, use: Use) -> str:
        names = self.names
        other = 1 - use.player
        trick = use.before.trick
        marks = trick.marks if trick is not None else {}
        if marks.get(keys.LAMP_WINS):
            effect = (
                f"{names.act(other, 'does', 'do')} not hold it, may play any card and "
                f"{'win' if names[other] == 'you' else 'wins'} the trick"
            )
        else:
            effect = f"{names.act(other, 'holds', 'hold')} it and must play it"
        verb = "name" if names[use.player] == "you" else "names"
        return f"{self._uses(use)} the Wishing Lamp and {verb} {use.detail}: {effect}."

    def _bottle_text(self, use: Use) -> str:
        return f"{self._uses(use)} the Bottomless Bottle: in this trick the lower value wins."

    def _ice_use_text(self, use: Use) -> str:
        return self._ice_text(use.before, use.player)

    def _spyglass_text(self, use: Use) -> str:
        return (
            f"{self._uses(use)} the Spyglass: {use.detail}, collected in this trick, goes to the "
            "discard pile."
        )

    def _book_text(self, use: Use) -> str:
        # the random discard is the move's first random pick: named as the view names it
        pick = use.left.pop(0) if use.left else None
        code = "a card" if pick is None else self.public_code(CODE[pick.card])
        return (
            f"{self._uses(use)} the Gambler's Book: {code} is discarded at random from "
            f"{self.names.owner(use.player)} hand."
        )

    def _flail_text(self, use: Use) -> str:
        names = self.names
        other = 1 - use.player
        their = "your" if names[other] == "you" else "their"
        return (
            f"{self._uses(use)} the Flail of Dawn: {names.act(other, 'sets', 'set')} a card of "
            f"{their} hand aside face-down, the card {names[other]} must play in {their} last "
            "trick."
        )

    def _dagger_text(self, before: Before, holder: int) -> str:
        """A King's Dagger takes the card just played (A7, A24, A43, W5: public)."""
        names = self.names
        trick = before.trick
        victim = 1 - holder
        target = before.target
        # W5: public, a Demon's value included; a fake mark stays secret (W1)
        card = "the card" if target < 0 else self.eyes().daggered(target)
        text = (
            f"{names.owner(holder)} King's Dagger takes {card} into {names.owner(holder)} "
            "Score pile"
        )
        if trick is not None and trick.winner == holder and trick.reason.startswith("King's"):
            return (
                f"{text}; {names.act(victim, 'has', 'have')} no other card to play, so "
                f"{names.act(holder, 'wins', 'win')} the trick."
            )
        again = "leads" if before.data == 0 else "plays"
        return f"{text}; {names.act(victim, again, again[:-1])} again."

    def _ice_text(self, before: Before, player: int) -> str:
        """An Ice Sword freezes the trick's cards (A18, A37), or has no effect."""
        state = self.state
        names = self.names
        trick = before.trick
        act = names.act(player, "uses", "use")
        if trick is None or not trick.marks.get(keys.FROZEN):
            return f"{act} the Ice Sword: no further trick can be played, so it has no effect."
        bonus = []
        for p in (0, 1):
            key = keys.player_key(keys.ICE_SWORD, p)
            amount = state.counters.get(key, 0) - (self._tally_before(key, self.seen) or 0)
            bonus.append(f"{names[p]} +{amount}")
        again = " for the same prize" if trick.phase == 1 else ""
        return (
            f"{act} the Ice Sword: both cards freeze on the table with their powers ignored and "
            f"nobody wins the trick; {names.act(trick.leader, 'leads', 'lead')} again{again}; "
            f"each adds their frozen card's printed value to their next card ({', '.join(bonus)})."
        )

    def _play_events(self, before: Before, trick: Trick, move: str, left: list[Pick]) -> list[str]:
        """The cards played in the move: drawn at random (Hunting Cloak, Gambler's Dice, A6,
        A23, A35), a lead face-down (Mask of Darkness, A16), the card set aside (Flail of Dawn,
        A39); a drawn card that waits for its declaration."""
        names = self.names
        lines: list[str] = []
        source = "Gambler's Dice" if trick.marks.get(keys.DICE) else "Hunting Cloak"
        played = [c for _, c in trick.plays]
        for play in self._moves(self.seen, target="trick"):
            if play.card != NO_CARD and play.card not in played:
                continue  # a card of the next trick
            owner = int(play.source[-1])  # from a hand, the aside card, a Score pile (A17)
            # a card the viewer may not identify in a trick is a lead lying face-down (W3)
            lead = play.card == NO_CARD or played[0] == play.card
            hidden = play.card == NO_CARD or (lead and self._lead_hidden(trick))
            if play in left:  # drawn at random (the move's own card is the player's choice)
                left.remove(play)
                what = " and lies face-down" if hidden else f": {self.public(play.card)}"
                lines.append(f"{source}: {names.owner(owner)} card is drawn at random{what}.")
            if play.source == f"aside{owner}":
                what = "a card" if hidden else self.public(play.card)
                lines.append(
                    f"Flail of Dawn: {names.act(owner, 'plays', 'play')} {what}, the card "
                    f"set aside for {self._their(owner)} last trick."
                )
            if lead and trick.marks.get(keys.MASKED) and not trick.marks.get(keys.BOOK):
                what = "a card" if hidden else self.public(play.card)
                follower = 1 - owner
                lines.append(
                    f"Mask of Darkness: {names.act(owner, 'leads', 'lead')} {what} face-down, "
                    f"revealed once {names.act(follower, 'has', 'have')} played; "
                    f"{names[follower]} may play any card."
                )
        forced = trick.marks.get(keys.FORCED_PLAY)
        draws = [pick for pick in left if isinstance(pick, SeenDraw)]
        random_play = trick.marks.get(keys.DICE) or trick.marks.get(keys.CLOAK)
        if forced is not None and draws and random_play:
            # drawn at random, still in its holder's hand until played: seen as that hand is
            left.remove(draws[0])
            state = self.state
            owner = next(
                (p for p in (0, 1) if forced in state.hands[p] or forced in state.aside[p]),
                1 - trick.leader,
            )
            what = "" if draws[0].card == NO_CARD else f": {self.public(draws[0].card)}"
            lines.append(
                f"{source}: {names.owner(owner)} card is drawn at random{what}; "
                f"{names.act(owner, 'chooses', 'choose')} how to play it."
            )
        return lines


#: how each artifact's use reads, by the artifact's name: the account knows every artifact,
#: since each use changes the game its own way (§8)
USE_TEXT: dict[str, Callable[[ArtifactEvents, Use], str]] = {
    arts.ProwlersTorch.name: ArtifactEvents._torch_text,
    arts.MaskOfDarkness.name: ArtifactEvents._mask_text,
    arts.GamblersDice.name: ArtifactEvents._dice_text,
    arts.EndlessRope.name: ArtifactEvents._rope_text,
    arts.FlaskOfTears.name: ArtifactEvents._flask_text,
    arts.BookOfMemories.name: ArtifactEvents._memories_text,
    arts.KingsDagger.name: ArtifactEvents._dagger_use_text,
    arts.MagicWand.name: ArtifactEvents._wand_text,
    arts.MirrorOfLies.name: ArtifactEvents._mirror_text,
    arts.HuntingCloak.name: ArtifactEvents._cloak_text,
    arts.WishingLamp.name: ArtifactEvents._lamp_text,
    arts.BottomlessBottle.name: ArtifactEvents._bottle_text,
    arts.IceSword.name: ArtifactEvents._ice_use_text,
    arts.Spyglass.name: ArtifactEvents._spyglass_text,
    arts.GamblersBook.name: ArtifactEvents._book_text,
    arts.FlailOfDawn.name: ArtifactEvents._flail_text,
}
