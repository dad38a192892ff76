"""The locations' events as the account tells them: the choices both players make at the same
time (R-62: the gives of Endless Sands, Windy Peaks and the Tavern, the Swamp's discards), the
Islands prize (L6), the Dungeon's first extra vote and the public tallies a trick changes
(Plateau, Lighthouse)."""

from __future__ import annotations

from claim.core import keys
from claim.core.powers.base import card_name
from claim.core.powers.locations import (
    Dungeon,
    Plateau,
)
from claim.core.state import State
from claim.core.view import HIDDEN
from claim.core.view_events import NO_CARD
from claim.core.view_types import TrickView
from claim.text.account.base import NarratorBase
from claim.text.account.decisions import (
    ENDLESS_SANDS,
    ISLANDS,
    SEER,
    SWAMP,
    TAVERN,
    WINDY_PEAKS,
)
from claim.text.account.words import location_title

#: the locations' choices made by both players at the same time (R-62, L5, L20): the verb of a
#: move and what the cards are chosen from
LOCATION_CHOICES = {
    ENDLESS_SANDS: ("give", "hand"),
    WINDY_PEAKS: ("give", "hand"),
    SWAMP: ("discard", "hand"),
    TAVERN: ("give", "score"),
}


class LocationEvents(NarratorBase):
    """The narrator's part that tells the locations' choices and tallies."""

    def _other_prize(self, kind: str | None, move: str) -> str | None:
        """With Islands, the face-up prize a ``take CODE`` move leaves (L6), as moves name it."""
        trick = self.state.trick
        if kind not in (ISLANDS, SEER) or trick is None or len(trick.prizes) < 2:
            return None
        names = [card_name(self.state, c) for c in trick.prizes]
        taken = move[len("take ") :]
        if taken not in names:
            return None
        names.remove(taken)
        return names[0]

    def _location_choice(self, kind: str, player: int) -> list[str]:
        """Tell a location's choice: when a player has made all of theirs, how many cards they
        chose; once both have chosen (R-62), which cards went where (a Tavern's gives are told with
        the end of the game's card moves)."""
        state = self.state
        names = self.names
        picks = self._picks.setdefault(kind, [0, 0])
        picks[player] += len(self._moves(self.seen, target=f"chosen{player}"))
        lines: list[str] = []
        title = location_title(kind)
        verb, source = LOCATION_CHOICES[kind]
        more = bool(state.tasks) and state.tasks[0][0] == kind and state.tasks[0][1] == player
        if not more:
            n = picks[player]
            what = f"{n} card{'s' if n != 1 else ''}"
            if source == "score":
                what += f" of {'your' if names[player] == 'you' else 'their'} Score pile"
            to = f" to give to {names[1 - player]}" if verb == "give" else " to discard"
            lines.append(f"{title}: {names.act(player, 'chooses', 'choose')} {what}{to}.")
        if not any(state.chosen):  # both have chosen: carried out at once
            del self._picks[kind]
            if source == "hand":
                lines.append(self._choices_line(kind))
        return lines

    def _choices_line(self, kind: str) -> str:
        """What both players gave or discarded at a phase start, once both have chosen: the
        cards that left the choices, as the viewer saw them go (W8: a spectator sees neither
        hand, so how many cards were given, not which; a discard lands face-up)."""
        names = self.names
        verb = LOCATION_CHOICES[kind][0]
        said = []
        for p in (0, 1):
            carried = [e.card for e in self._moves(self.seen, source=f"chosen{p}")]
            if not carried:
                continue
            if NO_CARD in carried:
                shown = f"{len(carried)} card{'s' if len(carried) != 1 else ''}"
            else:
                shown = ", ".join(self.public(c) for c in carried)
            if verb == "give":
                said.append(f"{names.act(p, 'gives', 'give')} {shown} to {names[1 - p]}")
            else:
                said.append(f"{names.act(p, 'discards', 'discard')} {shown}")
        return f"{location_title(kind)}, both have chosen: {'; '.join(said)}."

    def _phase_one_over(self) -> list[str]:
        """What the locations keep from Phase One: the Dungeon's first extra vote (L11)."""
        state = self.state
        if state.config.building != Dungeon.name:
            return []
        first = state.counters.get(keys.DUNGEON_FIRST, -1)
        if first not in (0, 1):
            return ["Dungeon: nobody won the last trick of Phase One."]
        return [
            f"Dungeon: {self.names[first]} won the last trick of Phase One: one extra vote at "
            "the end."
        ]

    def _location_events(self, trick: TrickView) -> list[str]:
        """What the trick did to the locations' public tallies: a Plateau streak that passes
        the lead (L8), a faction won outright at the Lighthouse (R-72, L12)."""
        state = self.state
        names = self.names
        before = self._tally_before  # the tallies when the trick began
        after = state.counters
        lines: list[str] = []
        winner = trick.get("winner")
        if (
            state.config.setting == Plateau.name
            and winner is not None
            and before(keys.PLATEAU_PLAYER) == winner
            and (before(keys.PLATEAU_COUNT) or 0) >= 2
            and after.get(keys.PLATEAU_COUNT, 0) == 0
        ):
            leads = (
                f"{names.act(state.leader, 'leads', 'lead')} the next trick"
                if state.leader != winner
                else "the count restarts, but a power names the next leader"
            )
            lines.append(
                f"Plateau: {names.act(winner, 'has', 'have')} won 3 tricks in a row: {leads}."
            )
        for key, owner in after.items():
            if key.startswith(keys.LIGHTHOUSE + ":") and before(key) is None and owner in (0, 1):
                faction = key.split(":", 1)[1]
                lines.append(
                    f"Lighthouse: {names.act(owner, 'has', 'have')} 3 collected {faction} cards "
                    f"and {'win' if names[owner] == 'you' else 'wins'} the {faction} vote "
                    "outright."
                )
        return lines


def pending_choice(state: State) -> str | None:
    """The location whose simultaneous choice (R-62) is under way, or None."""
    for kind, _, _ in state.tasks:
        name = kind.lstrip("!")
        if name in LOCATION_CHOICES:
            return name
    return None


def pending_choice_lines(state: State, narrator: NarratorBase) -> list[str]:
    """The choices made but not yet carried out (R-62): which cards to their chooser and in the
    omniscient account, how many to the other player (W8)."""
    kind = pending_choice(state)
    if kind is None:
        return []
    names = narrator.names
    verb = LOCATION_CHOICES[kind][0]
    lines = []
    eyes = narrator.eyes()
    for p in (0, 1):
        chosen = state.chosen[p]
        if not chosen:
            continue
        seen = [eyes.name(f"chosen{p}", c) for c in chosen]  # W8: the chooser's, until both chose
        if HIDDEN not in seen:
            what = ", ".join(seen)
        else:
            what = f"{len(chosen)} card{'s' if len(chosen) != 1 else ''}"
        to = f" to {names[1 - p]}" if verb == "give" else ""
        lines.append(
            f"{location_title(kind)}: {names.act(p, 'has', 'have')} chosen to {verb} {what}{to}; "
            "carried out once both have chosen."
        )
    return lines
