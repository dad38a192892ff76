"""The :class:`Narrator`: follows a game move by move and tells each finished trick — its
heading, the artifacts' uses, who won it and why, the decisions, the prize and the blind draws,
where the cards went — then the end of the game and its result. What the locations, the
artifacts and the decisions did is told by the narrator's parts in their own modules."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from claim.core import cards, keys
from claim.core.engine import apply_events, current_player, is_over
from claim.core.events import Event, TrickWon
from claim.core.keys import END_STEP
from claim.core.old_moves import upgrade_move
from claim.core.powers import REGISTRY
from claim.core.powers import artifacts as arts
from claim.core.powers.fear import Vampires
from claim.core.powers.heroes import GelatinousCube
from claim.core.powers.locations import Pit
from claim.core.view_events import NO_CARD, SeenDraw, SeenMove, seen_events
from claim.core.view_types import EndMove, PlayView, TrickView
from claim.text.account.artifact_events import (
    ARTIFACT_ASKS,
    FROZEN_REASON,
    ArtifactEvents,
    Before,
)
from claim.text.account.decisions import AFTER_COLLECTION, DecisionEvents
from claim.text.account.location_events import LOCATION_CHOICES, LocationEvents
from claim.text.account.results import end_step_text, game_result_lines
from claim.text.account.tricks import trick_heading, winner_line
from claim.text.account.words import PHASE_NAMES, capitalize, named, power_phrase, zone_text

CODE = cards.CODE
#: the Gelatinous Cube's card: a trick it swallows, and the bundle it leaves (H20, H22), read
#: differently
CUBE = str(GelatinousCube.key)


def _card_power(shown: str) -> str:
    """The power of a card as the viewer's view names it (``dwarves:8`` → ``dwarves``,
    ``hero:stone-golem`` → ``stone-golem``, ``demons:odd`` → ``demons``); "" for a face-down
    card. Read from the name shown, so it tells nothing the name does not."""
    if shown == NO_CARD_NAME:
        return ""
    prefix, _, rest = shown.partition(":")
    if prefix == "hero":
        return rest
    if shown in cards.IDS_BY_CODE:
        return cards.faction_of_code(shown)
    return prefix


#: a face-down card as the views name it
NO_CARD_NAME = "?"


#: the zones of a Vampire stack (``State.zones``): a card goes there by the Vampires' decisions
VAMPIRE_ZONES = ("vampire", "tucked")


@dataclass(slots=True, frozen=True)
class Pending:
    """What a narrator read of the state before a move (:meth:`Narrator.prepare`): the move as
    today's engine spells it, the decision it answers and its player, where a collected trick's
    cards lay (``collected``), a Phase One trick's face-up prizes (its number and them), the
    Islands prize the move leaves, whether two prizes lay face-up, and the artifacts'
    :class:`Before`."""

    move: str
    kind: str | None
    player: int | None
    collected: dict[int, str] | None
    prizes: tuple[int, list[int]] | None
    other_prize: str | None
    two_prizes: bool
    before: Before | None


class Narrator(LocationEvents, ArtifactEvents, DecisionEvents):
    """Follows a game move by move and tells each finished trick.

    ``viewer`` None tells everything; 0 or 1 tells only what that player may know (RULES.md §10),
    and ``claim.core.view.SPECTATOR`` (-1) what a spectator may: the trick history and destinations
    are public, the other player's blind draws are not (a spectator's: neither), nor the other's
    unused artifacts, the card they set aside (Flail of Dawn) or a masked lead before it is
    revealed (W3, W11), nor cards passed between the hands to a spectator (W8, the Kraken). Every
    card is named as the viewer's view names it (:meth:`public`): a Demon or Fire Elemental by
    parity or band until its value was shown in a trick, even to its holder (R-30, W2, W4), a
    Trickster by its printed value until the game is finished (W1); the Toxics are told once the
    game is finished.

    Artifact uses (§8) are told in the order they happen: with ``live`` (the terminal game) as
    soon as they happen, otherwise with their trick, between its heading and who won it (a use
    after the collection, the Spyglass, after it); uses between the phases come on their own.
    Passing at an artifact window is not told.
    """

    def apply(self, move: str) -> list[str]:
        """Apply ``move`` (IllegalMove changes nothing) and tell what it completed. A move an
        earlier version spelled otherwise is read as today's (W14, :mod:`claim.core.old_moves`)."""
        pending = self.prepare(move)
        return self.told(pending, apply_events(self.state, pending.move))

    def prepare(self, move: str) -> Pending:
        """What the narrator reads of the state before ``move`` (today's spelling of it, W14),
        changing nothing: :meth:`told` tells the move once it is applied. ``apply`` is the two
        around :func:`claim.core.engine.apply_events`; a caller that applies the move itself
        (the web server, whose narrators share the game's state and its events) calls them
        apart, every narrator's ``prepare`` before the move."""
        state = self.state
        move = upgrade_move(state, move)
        kind = state.tasks[0][0] if state.tasks else None
        trick = state.trick
        collected = None
        if (
            (kind in AFTER_COLLECTION or kind == arts.WON)  # the Spyglass comes first (A30)
            and self._collected is None
            and trick
            and trick.collected
        ):
            collected = self._locations()  # where the collection put the trick's cards
        prizes = None
        if trick is not None and trick.phase == 1 and trick.prizes:
            prizes = trick.number, list(trick.prizes)
        return Pending(
            move=move,
            kind=kind,
            player=current_player(state),
            collected=collected,
            prizes=prizes,
            other_prize=self._other_prize(kind, move),
            two_prizes=trick is not None and len(trick.prizes) > 1,
            before=Before.take(state) if state.config.artifacts else None,
        )

    def told(self, pending: Pending, events: Sequence[Event]) -> list[str]:
        """Tell the move :meth:`prepare` read before, now applied to :attr:`state`: ``events``
        are what :func:`claim.core.engine.apply_events` returned for it (raw: read here through
        :func:`claim.core.view_events.seen_events` for the viewer)."""
        state = self.state
        move, kind, player = pending.move, pending.kind, pending.player
        if pending.collected is not None:
            self._collected = pending.collected
        if pending.prizes is not None:
            self._prizes[pending.prizes[0]] = pending.prizes[1]
        other_prize = pending.other_prize
        two_prizes = pending.two_prizes
        before = pending.before
        self.seen = seen = seen_events(state, self.viewer, events)
        self._since.extend(seen)
        # the random picks of the move: each artifact, hero or end step that made one tells it
        left: list[SeenMove | SeenDraw] = [
            e for e in seen if isinstance(e, SeenDraw) or (isinstance(e, SeenMove) and e.random)
        ]
        now: list[str] = []
        lines: list[str] = []
        if before is not None:
            pre, now, left = self._artifact_events(before, kind, player, move, left)
            lines.extend(pre)
        # the Pit's random discards (an end step, L?) are told with the end of the game
        left = [e for e in left if not (isinstance(e, SeenMove) and e.step == Pit.name)]
        if kind in LOCATION_CHOICES and player is not None:
            now = [*now, *self._location_choice(kind, player)]
        elif kind in ARTIFACT_ASKS:
            self._hero_events(None, None, move, left)  # only what the heroes did on their own
        else:
            self._hero_events(kind, player, move, left, other_prize, two_prizes)
        told = [e.at for e in seen if isinstance(e, TrickWon)]
        if told:
            # the last trick's cards are told where the end-of-game steps left them
            lines.extend(self._trick_lines(told))
            self.decisions = []
            self.artifact_lines = []
            if state.history[told[-1]][0] != state.phase and not is_over(state):
                lines.append(f"{PHASE_NAMES[state.phase]}: the Follower decks become the hands.")
                lines.extend(self._phase_one_over())
            self._mark()
        ending = is_over(state) or END_STEP in state.counters
        if ending:
            lines.extend(self._end_lines(now))
        else:
            lines.extend(now)
        if is_over(state):
            lines.extend(self._result_lines())
        if self.named_cards:
            # a person reads these lines (the terminal, the web table): names, not codes
            return [named(line) for line in lines]
        return lines

    def _trick_lines(self, told: Sequence[int]) -> list[str]:
        """The lines of the tricks that ended in the move (their indexes in the history)."""
        state = self.state
        names = self.names
        shown = self.shown()["tricks"]
        lines: list[str] = []
        for index in told:
            trick = shown[index]
            plays = state.history[index][4]
            cube = trick.get("winner") is None and any(
                CODE[card] == CUBE for _, card, _, _ in plays
            )
            prizes = self._prizes.get(trick["number"], []) if trick["phase"] == 1 else []
            if len(prizes) > 1:
                trick = {**trick, "prizes": [self._prize_shown(c) for c in prizes]}
            lines.append(trick_heading(trick, names, self.printed))
            lines.extend("  " + capitalize(line) for line in self.artifact_lines)
            frozen = trick.get("winner") is None and trick.get("reason") == FROZEN_REASON
            if cube:
                lead = trick["plays"][0]["card"]
                again = " for the same prize" if trick["phase"] == 1 else ""
                lines.append(
                    f"  Nobody wins the trick: the Gelatinous Cube swallows {lead}; the Cube and "
                    f"{lead} stay on the table, and {names[trick['leader']]} leads again{again}."
                )
            else:
                lines.append("  " + winner_line(trick, names))
            lines.extend("  " + capitalize(d) for d in self.decisions)
            lines.extend("  " + line for line in self._location_events(trick))
            bundle = self._bundle_line(trick)
            if bundle:
                lines.append("  " + bundle)
            if trick["phase"] == 1 and trick.get("prize"):
                if cube or frozen:
                    lines.append(f"  The prize {trick['prize']} waits for the next trick.")
                else:
                    lines.append("  " + self._prize_line(state.history[index][3], trick, prizes))
            if plays:
                lines.append("  " + self._destinations_line(plays, trick))
        return lines

    def _prize_shown(self, card: int) -> str:
        """A face-up prize as the viewer sees it (a prize Demon stays value-hidden, R-30, W4)."""
        return self.public(card)

    def _bundle(self) -> list[int]:
        """The Cube bundle (H22) taken from the table since the last trick was told (the cards
        of a Cube trick lie face-up: public)."""
        return [c for c in self._since_trick(source="table") if c != NO_CARD]

    def _bundle_line(self, trick: TrickView) -> str:
        """Who took the Cube bundle that lay on the table before this trick (H22)."""
        bundle = self._bundle()
        if not bundle:
            return ""
        where = self._locations()
        moved = [c for c in bundle if where.get(c, "table") != "table"]
        if not moved:
            return ""
        said = " and ".join(
            "the Cube" if CODE[c] == CUBE else self.public(c)
            for c in sorted(moved, key=lambda c: CODE[c] != CUBE)
        )
        target = where[moved[0]]
        winner = trick.get("winner")
        if target[-1:] in ("0", "1") and winner is not None:
            return capitalize(
                f"{self.names.act(winner, 'also takes', 'also take')} {said} from the table "
                f"→ {zone_text(target, self.names)}."
            )
        return capitalize(f"{said} on the table go to {zone_text(target, self.names)}.")

    def _prize_line(self, prize: int, trick: TrickView, prizes: Sequence[int] = ()) -> str:
        """Who got the Phase One prize and the blind draw (winner's take first, R-2); with two
        face-up prizes (Islands, L6) which one each took and the one that stays."""
        names = self.names
        winner = trick.get("winner")
        order = (0, 1) if winner is None else (winner, 1 - winner)
        face_up = set(prizes) or {prize}
        # W6: a Prowler's Torch used in this trick or the one before shows the draws
        torch = (self._tally_before(keys.SHOWN_DRAWS) or 0) > 0 or (
            arts.ProwlersTorch.name in trick.get("artifacts", ())
        )
        bundle = self._bundle()
        taken: set[int] = set()
        said = []
        for p in order:
            gained = self._since_trick(target=f"followers{p}")
            if not gained:
                said.append(f"{names.act(p, 'gets', 'get')} nothing: the deck is empty (R-2)")
            draws = names.act(p, "draws", "draw")
            for card in gained:
                if card in bundle:
                    continue  # the Cube bundle, told on its own line
                if card in face_up:
                    taken.add(card)
                    other = " other" if len(face_up) > 1 and taken != {card} else ""
                    said.append(
                        f"{names.act(p, 'takes', 'take')} the{other} prize {self.public(card)}"
                    )
                elif card == NO_CARD:  # the other's blind draw (W13)
                    said.append(f"{draws} a card from the deck")
                elif torch:
                    said.append(
                        f"{draws} {self.public(card)} from the deck, shown to both (Prowler's "
                        "Torch)"
                    )
                else:  # its drawer's; a Seer winner's look (W7)
                    said.append(f"{draws} {self.public(card)} from the deck")
        left = [c for c in prizes if c not in taken]
        if len(prizes) > 1 and left and not self._islands_told:
            said.append(f"{', '.join(self._prize_shown(c) for c in left)} stays face-up")
        return capitalize("; ".join(said) + ".")

    def _destinations_line(
        self,
        plays: tuple[tuple[int, int, int, str | None], ...],
        trick: TrickView,
    ) -> str:
        """Where the played cards went (and a Troll taken from the pool instead); a card that
        did not go where a trick sends its cards by default (Phase One and a trick nobody won:
        the discard pile; Phase Two: the winner's Score pile) says whose power sent it there
        (:meth:`_sent_by`)."""
        where = self._collected or self._locations()
        winner = trick.get("winner")
        default = "discard" if trick["phase"] == 1 or winner is None else f"score{winner}"
        groups: dict[tuple[str, str], list[str]] = {}
        for (_, card, _, _), play in zip(plays, trick["plays"], strict=True):
            zone = where.get(card, "somewhere")
            if zone in (default, "somewhere"):
                by = ""
            elif zone.rstrip("01") in VAMPIRE_ZONES:
                # crowned or tucked: the Vampires' decision (V1, V3), whatever the card's faction
                # (a tucked Zombie is not the Zombies' power, issue 37)
                by = Vampires.name
            else:
                by = self._sent_by(play, trick)
            groups.setdefault((zone, by), []).append(str(play["card"]))
        for card in self._since_trick(source="troll_pool"):  # public: the pool lies face-up
            if where.get(card, "troll_pool") != "troll_pool":
                # taken in place of a played Troll: the Trolls' power
                shown = self.public(card)
                groups.setdefault((where[card], _card_power(shown)), []).append(
                    f"{shown} from the Troll pool"
                )
        said = [
            f"{', '.join(codes)} → {zone_text(z, self.names)}"
            + (f" ({power_phrase(by)})" if by else "")
            for (z, by), codes in groups.items()
        ]
        return f"Cards: {'; '.join(said)}."

    def _sent_by(self, play: PlayView, trick: TrickView) -> str:
        """The power that sent a played card elsewhere than a trick's default, named from what
        the trick shows (the cards as the viewer sees them, the artifacts used): a frozen trick's
        Ice Sword; else the card's own power when it routes cards (Dwarves, Undead, Gnomes,
        ...); else another played card's that does (a Stone Golem, a Basilisk, Death, the
        Cube); else the card's own power (a decision it made, the Dinosaur's). Which power
        routes is the powers' own declaration (``overrides("route")``), not a rule re-read
        here; "" when none is found."""
        if trick.get("reason") == FROZEN_REASON:
            return arts.IceSword.name
        own = _card_power(str(play["card"]))
        others = [_card_power(str(p["card"])) for p in trick["plays"] if p is not play]
        for name in (own, *others):
            power = REGISTRY.get(name)
            if power is not None and power.overrides("route"):
                return name
        return own if own in REGISTRY else ""

    def _locations(self) -> dict[int, str]:
        """Where each card is — at the end of the game, where it was before the end steps."""
        where = {card: name for name, zone in self.state.zones().items() for card in zone}
        for card, source in self._end_sources().items():
            where[card] = source
        return where

    def _end_moves(self) -> list[EndMove]:
        """The card moves of the end-of-game steps so far (``result.end_moves`` once over)."""
        state = self.state
        if state.result is not None:
            return state.result.get("end_moves", [])
        return state.end_moves

    def _end_sources(self) -> dict[int, str]:
        """Cards the end-of-game steps moved, mapped to the zone they came from."""
        moved: dict[str, str] = {}
        for move in self._end_moves():
            moved.setdefault(move["card"], move["from"])  # where it was before the first step
        if not moved:
            return {}
        zones = self.state.zones()
        return {
            card: moved[CODE[card]]
            for zone_cards in zones.values()
            for card in zone_cards
            if CODE[card] in moved
        }

    def _end_lines(self, choices: Sequence[str] = ()) -> list[str]:
        """The end-of-game steps (§9 steps 1–3) in the order they ran, each saying which power
        moved which cards (``result.end_moves``), told as they happen: a step that asks a
        decision (Tavern, the Gargoyle's count) waits for it. ``choices``: the lines of a choice
        just made (Tavern), told before the moves that followed it."""
        state = self.state
        names = self.names
        lines: list[str] = []
        if self._end_told is None:
            lines.append("End of the game.")
            self._end_told = 0
        lines.extend("  " + capitalize(line) for line in choices)
        if state.toxics and state.result is not None and not self._toxics_told:
            # W9: public once the game is finished; while a step asks a decision (Tavern, the
            # Gargoyle's count) the views still hide them
            self._toxics_told = True
            revealed = ", ".join(self.eyes().names("toxics", state.toxics))
            lines.append(f"  The Toxics are revealed: {revealed}.")
        moves = self._end_moves()
        groups: dict[tuple[str, str, str], list[str]] = {}
        for move in moves[self._end_told :]:
            # named as the views name them: a fake Trickster by its printed value until the
            # game is finished (W1)
            groups.setdefault((move["by"], move["from"], move["to"]), []).append(
                self.public_code(move["card"])
            )
        self._end_told = len(moves)
        for (by, source, target), codes in groups.items():
            lines.append("  " + capitalize(end_step_text(by, source, target, names, codes)))
        lines.extend("  " + capitalize(d) for d in self.end_decisions)
        self.end_decisions = []
        return lines

    def _result_lines(self) -> list[str]:
        return game_result_lines(self.state, self.names, self.viewer)
