"""Hero powers (RULES.md §6, RULINGS.md H1–H39). One small class per hero; its docstring is its
rules text.

Heroes are the hero tier of §4.4: their layers come after every faction and location layer, and
within the tier the later-played card has the last word (H5, R-3). A hero "wins" by making its
player the trick winner (and its card the winning card). Positions are those of ``trick.plays``
at the moment a hook runs: after a Jester's swap (R-64, H25) the cards have changed places, so
"led" and "played second" powers see the new positions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from claim.core import cards
from claim.core.keys import CRUSHED, CUBE, KRAKEN, STALE, WIN_IMPOSED
from claim.core.powers.base import Ask, Power, Tier, first_named, named
from claim.core.scoring import scoring_faction
from claim.core.state import DISCARD, NO_PLAYER, POOL, TABLE

if TYPE_CHECKING:
    from claim.core.state import State, Trick

CODE = cards.CODE
FACTION = cards.FACTION

PHASE_ONE = frozenset({1})
PHASE_TWO = frozenset({2})
#: "printed factions" that are not faction cards
NOT_FACTION = ("hero", "toxic")


#: each hero's card id by name (read at every follow of a game with some heroes)
_HERO_IDS = {
    code[len("hero:") :]: ids[0]
    for code, ids in cards.IDS_BY_CODE.items()
    if code.startswith("hero:")
}


def hero_id(name: str) -> int:
    """The card id of a hero (one copy of each)."""
    return _HERO_IDS[name]


def played_by(trick: Trick, pos: int) -> int:
    """The player who played the card now at ``pos`` (a Jester's swap changes owners, H25)."""
    player = trick.plays[pos][0]
    return 1 - player if trick.swapped else player


def led_faction(trick: Trick) -> str:
    """The led faction of the trick being played ('' when a hero was led or nothing is led)."""
    return trick.factions[0] if trick.plays else ""


def add_from_hand(hand: list[int], allowed: list[int], extra: list[int]) -> list[int]:
    """``allowed`` plus the ``extra`` cards, in hand order."""
    missing = [c for c in extra if c not in allowed]
    if not missing:
        return allowed
    chosen = set(allowed).union(missing)
    return [c for c in hand if c in chosen]


class HeroPower(Power):
    """Base for hero powers: tied to the hero card ``hero:NAME``."""

    tier = Tier.HERO
    #: the hero's name (``jester``); ``key`` is its card code
    hero: ClassVar[str] = ""

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        if cls.hero:
            cls.name = cls.hero
            if cls.key is None and not getattr(cls, "global_power", False):
                cls.key = f"hero:{cls.hero}"


class FollowsAnyLead(HeroPower):
    """A hero that may always be played to follow a faction lead, unlike the others (H2): the Life
    Stealer (H31) and the Lycanthrope (H34)."""

    def follow_options(
        self, state: State, trick: Trick, hand: list[int], allowed: list[int]
    ) -> list[int]:
        card = hero_id(self.hero)
        if card in hand and led_faction(trick):
            return add_from_hand(hand, allowed, [card])
        return allowed


def win(trick: Trick, pos: int, reason: str) -> None:
    """H5: the card at ``pos`` wins the trick for its current owner."""
    trick.winner = trick.plays[pos][0]
    trick.reason = reason


class LichKing(HeroPower):
    """The card played after it in the same trick gets −3 (no floor; played second it does
    nothing, H14)."""

    hero = "lich-king"

    def set_value(self, state: State, trick: Trick, pos: int) -> None:
        if pos == 0 and not trick.swapped:
            trick.values[1] -= 3


class Skeleton(HeroPower):
    """If you win a trick with it, you may take a random card from the discard pile into your
    hand (after the trick's cards have moved, H15: ``use skeleton`` or ``pass``)."""

    hero = "skeleton"
    asks = ("skeleton",)

    def after_collect(self, state: State, trick: Trick, pos: int) -> list[Ask]:
        player = trick.plays[pos][0]
        if trick.winner != player or not state.discard:
            return []
        return [("skeleton", player, pos)]

    def options(self, state: State, kind: str, player: int, data: int) -> list[str]:
        return ["use skeleton", "pass"] if state.discard else []

    def answer(self, state: State, kind: str, player: int, data: int, move: str) -> None:
        if move == "pass":
            return
        card = state.pick_random(list(state.discard))
        state.discard.remove(card)
        state.hands[player].append(card)  # to the end of the hand
        state.revealed.add(card)  # it left the face-up pile: the opponent knows it


class Warlock(HeroPower):
    """Played second on a card with an odd effective value (negative odd values too), it
    wins."""

    hero = "warlock"

    def decide_winner(self, state: State, trick: Trick, pos: int) -> None:
        if pos == 1 and trick.values[0] % 2 == 1:
            win(trick, pos, "the Warlock beats an odd value")


class Cthulhu(HeroPower):
    """Phase One: after it is played, the top two cards of the deck leave the game unseen (when
    the trick resolves, before any collection; only what the deck has, H18). Phase Two: after
    the trick, each player discards a card of their choice from hand, the next leader first,
    neither seeing the other's choice until both have chosen (R-62, H19)."""

    hero = "cthulhu"
    asks = ("discard", "!discard")
    discards_choices = True  # W8

    def before_collect(self, state: State, trick: Trick, pos: int) -> list[Ask]:
        if trick.phase == 1:
            for _ in range(min(2, len(state.deck))):
                card = state.deck.pop()
                state.out.append(card)
                state.removed[card] = "cthulhu"
        return []

    def after_collect(self, state: State, trick: Trick, pos: int) -> list[Ask]:
        if trick.phase != 2:
            return []
        first = trick.next_leader
        return [("discard", first, pos), ("discard", 1 - first, pos), ("!discard", NO_PLAYER, pos)]

    def options(self, state: State, kind: str, player: int, data: int) -> list[str]:
        return named(state, state.hands[player], "discard", hand=True)  # R-30, W14

    def answer(self, state: State, kind: str, player: int, data: int, move: str) -> None:
        hand = state.hands[player]
        card = first_named(state, hand, move[len("discard ") :], hand=True)
        hand.remove(card)
        state.chosen[player].append(card)  # carried out once both have chosen

    def act(self, state: State, kind: str, player: int, data: int) -> None:
        trick = state.trick
        first = trick.next_leader if trick is not None else 0
        for p in (first, 1 - first):
            state.discard.extend(state.chosen[p])
            state.chosen[p].clear()


class Mummy(HeroPower):
    """Played second on a card with an effective value of 7 or more, it wins."""

    hero = "mummy"

    def decide_winner(self, state: State, trick: Trick, pos: int) -> None:
        if pos == 1 and trick.values[0] >= 7:
            win(trick, pos, "the Mummy beats a value of 7 or more")


class GelatinousCube(HeroPower):
    """Played second: the lead card is put under the Cube and the trick has no winner; the same
    leader leads another trick (in Phase One for the same prize) and its winner also takes the
    Cube and the card under it. If no further trick can be played in the phase (a hand is
    empty), the Cube has no effect (R-63, H20–H22)."""

    hero = "gelatinous-cube"

    def decide_winner(self, state: State, trick: Trick, pos: int) -> None:
        # H21: a further trick can be played while both hold a card, the card set aside by a
        # Flail of Dawn included (A39: it counts as held for starting a trick)
        if pos == 1 and state.holds(0) and state.holds(1):
            trick.winner = NO_PLAYER
            trick.reason = "the Gelatinous Cube swallowed the lead card: no winner"
            trick.marks[CUBE] = 1

    def route(self, state: State, trick: Trick, pos: int) -> None:
        # A28: a winner imposed over the Cube (a Wishing Lamp not held) leaves nothing buried:
        # the trick is collected as usual
        if pos == 1 and trick.marks.get(CUBE) and not trick.marks.get(WIN_IMPOSED):
            trick.dests = [(NO_PLAYER, TABLE), (NO_PLAYER, TABLE)]


class SingingBard(HeroPower):
    """Its player leads the next trick."""

    hero = "singing-bard"

    def choose_next_leader(self, state: State, trick: Trick, pos: int) -> None:
        trick.next_leader = trick.plays[pos][0]


class CentaurArcher(HeroPower):
    """Played second on a card with an effective value of 5 or 6, it wins."""

    hero = "centaur-archer"

    def decide_winner(self, state: State, trick: Trick, pos: int) -> None:
        if pos == 1 and trick.values[0] in (5, 6):
            win(trick, pos, "the Centaur Archer beats a 5 or 6")


class BugLord(HeroPower):
    """Phase Two: +1 for each faction card in its player's Score pile (heroes, even a declared
    Ent, and face-up Gnomes do not count, H24). In Phase One its value is 0."""

    hero = "bug-lord"
    phases = PHASE_TWO

    def set_value(self, state: State, trick: Trick, pos: int) -> None:
        player = trick.plays[pos][0]
        trick.values[pos] += sum(1 for c in state.score[player] if FACTION[c] not in NOT_FACTION)


class Jester(HeroPower):
    """Played second: the two played cards swap owners for this trick's resolution. Each keeps
    its value as played; the Jester is then the lead card (a led hero: the higher value wins,
    the leader keeps ties) and the winner collects both cards as usual (R-64, H25)."""

    hero = "jester"

    def set_value(self, state: State, trick: Trick, pos: int) -> None:
        if pos != 1 or trick.swapped:
            return
        (leader, lead), (follower, jester) = trick.plays
        trick.plays = [(leader, jester), (follower, lead)]
        for attr in ("values", "factions", "declared", "keys", "ranks"):
            getattr(trick, attr).reverse()
        trick.swapped = True


class Siren(HeroPower):
    """If you lead it and lose, take a card of your choice from the opponent's Score pile into
    yours (after the collection, ``steal CODE``; not optional, H27)."""

    hero = "siren"
    asks = ("steal",)

    def after_collect(self, state: State, trick: Trick, pos: int) -> list[Ask]:
        player = trick.plays[pos][0]
        if pos != 0 or trick.winner < 0 or trick.winner == player:
            return []
        return [("steal", player, pos)]

    def options(self, state: State, kind: str, player: int, data: int) -> list[str]:
        return named(state, state.score[1 - player], "steal")

    def answer(self, state: State, kind: str, player: int, data: int, move: str) -> None:
        pile = state.score[1 - player]
        card = first_named(state, pile, move[len("steal ") :])
        pile.remove(card)
        state.score[player].append(card)
        if state.phase == 2 and state.tags.get(card) == STALE:
            del state.tags[card]  # it entered a Score pile in Phase Two (H32)


class Witch(HeroPower):
    """Led: only a follow card with an even effective value above 5 (6, 8, 10, …) beats it; any
    other card loses to it (H28)."""

    hero = "witch"

    def decide_winner(self, state: State, trick: Trick, pos: int) -> None:
        if pos != 0:
            return
        value = trick.values[1]
        if value % 2 == 0 and value > 5:
            win(trick, 1, "only an even value above 5 beats the Witch")
        else:
            win(trick, 0, "the Witch beats anything but an even value above 5")


class Minotaur(HeroPower):
    """If it is the last card its player plays in the phase (their hand is empty once it is
    played), it wins the trick (H29)."""

    hero = "minotaur"

    def decide_winner(self, state: State, trick: Trick, pos: int) -> None:
        # H29: nothing left to play once it is played; a card set aside by a Flail of Dawn is
        # still to be played in the phase's last trick (A5, A39), so it is not the last card
        if not state.holds(played_by(trick, pos)):
            win(trick, pos, "the Minotaur is its player's last card")


class StoneGolem(HeroPower):
    """Played second on a card with an effective value of 1 to 4: that card is discarded
    (whatever power would collect it, H17) and the Golem wins."""

    hero = "stone-golem"

    def decide_winner(self, state: State, trick: Trick, pos: int) -> None:
        if pos == 1 and 1 <= trick.values[0] <= 4:
            win(trick, pos, "the Stone Golem crushes a value of 1 to 4")
            trick.marks[CRUSHED] = 1

    def route(self, state: State, trick: Trick, pos: int) -> None:
        if pos == 1 and trick.marks.get(CRUSHED) and not trick.marks.get(WIN_IMPOSED):
            trick.dests[0] = (NO_PLAYER, DISCARD)
            if 0 in trick.captured:
                trick.captured.remove(0)
            # H17: the crushed card is not collected, so no pool Troll is taken in its place
            trick.extra = [e for e in trick.extra if e[1] != POOL]


class Necromancer(HeroPower):
    """Phase One: when a trick's played cards are discarded, the player holding the Necromancer
    in hand may swap it for one of them: the Necromancer goes to the discard pile, the card to
    the end of their hand (``use necromancer CODE`` or ``pass``, last of the trick's decisions,
    H30), a King's Dagger forfeit's discarded card too (A43 spares only collection powers)."""

    hero = "necromancer"
    global_power = True  # it acts from a hand, not from the trick
    key = None
    phases = PHASE_ONE
    asks = ("necromancer",)
    acts_on_forfeit = True  # not a played card's collection power: asked after a forfeit (A43)

    def after_collect(self, state: State, trick: Trick, pos: int) -> list[Ask]:
        card = hero_id(self.hero)
        for player in (0, 1):
            if card in state.hands[player]:
                return [("necromancer", player, 99)]  # H12: after the played cards' decisions
        return []

    @staticmethod
    def _candidates(state: State) -> list[int]:
        """The trick's played cards now in the discard pile. By code: a restored position
        knows a collected trick's cards by code only, and copies of a code are alike."""
        trick = state.trick
        if trick is None:
            return []
        played = {CODE[c] for _, c in trick.plays}
        return [c for c in state.discard if CODE[c] in played]

    def held(self, state: State, kind: str, player: int, data: int) -> list[int]:
        return [hero_id(self.hero)]

    def options(self, state: State, kind: str, player: int, data: int) -> list[str]:
        if hero_id(self.hero) not in state.hands[player]:
            return []
        found = self._candidates(state)
        return [*named(state, found, "use necromancer"), "pass"] if found else []

    def answer(self, state: State, kind: str, player: int, data: int, move: str) -> None:
        if move == "pass":
            return
        card = first_named(state, self._candidates(state), move[len("use necromancer ") :])
        necromancer = hero_id(self.hero)
        state.hands[player].remove(necromancer)
        state.discard.append(necromancer)
        state.discard.remove(card)
        state.hands[player].append(card)
        state.revealed.add(card)  # taken from the face-up pile: the opponent knows it


class LifeStealer(FollowsAnyLead):
    """Played second on a faction card: it counts as that faction, with its powers, for this
    trick (it follows, ranks by its own value and every power of that faction acts for it); at
    scoring it is still a hero (H31). It may always be played to follow (H2)."""

    hero = "life-stealer"

    def played(self, state: State, trick: Trick, pos: int, declared: str | None) -> None:
        led = trick.factions[0]
        if pos == 1 and led:
            trick.factions[1] = led
            trick.keys[1] = led  # the led faction's powers act for it


class Gargoyle(HeroPower):
    """Collected into a Score pile in Phase Two: at scoring it counts as two cards of one faction
    its owner chooses, each of its value (``count gargoyle as FACTION``, asked after the
    end-of-game card moves, H32). One that entered a Score pile in Phase One counts for
    nothing."""

    hero = "gargoyle"
    asks = ("gargoyle",)
    scores_twice = True
    end_step = 3.9  # after §9 step 3, before the instant results (H32)

    def phase_over(self, state: State, phase: int) -> None:
        if phase == 1:
            card = hero_id(self.hero)
            if card in state.score[0] or card in state.score[1]:
                state.tags[card] = STALE

    def end_asks(self, state: State) -> list[Ask]:
        card = hero_id(self.hero)
        for player in (0, 1):
            if card in state.score[player] and state.tags.get(card) != STALE:
                return [("gargoyle", player, 0)]
        return []

    def options(self, state: State, kind: str, player: int, data: int) -> list[str]:
        return [f"count gargoyle as {f}" for f in state.config.factions]

    def answer(self, state: State, kind: str, player: int, data: int, move: str) -> None:
        state.declared[hero_id(self.hero)] = move.rsplit(" as ", 1)[1]


class Lycanthrope(FollowsAnyLead):
    """When played, its player may declare it a value-5 card of any faction in the deck, without
    that faction's power, for this trick (``play hero:lycanthrope as FACTION``); declared as the
    led faction it follows. After the trick it is a hero again (H34)."""

    hero = "lycanthrope"

    def declarations(
        self, state: State, trick: Trick, player: int, must: str | None
    ) -> list[str | None]:
        if must:
            return [must]
        return [None, *state.config.factions]

    def played(self, state: State, trick: Trick, pos: int, declared: str | None) -> None:
        if declared:
            trick.factions[pos] = declared
            trick.declared[pos] = declared
            trick.values[pos] = 5


class Dinosaur(HeroPower):
    """Phase Two: if you lose the trick with it, you may take it back into your hand (``use
    dinosaur`` or ``pass``; it goes to the end of the hand instead of being collected, H36)."""

    hero = "dinosaur"
    phases = PHASE_TWO
    asks = ("dinosaur",)

    def after_collect(self, state: State, trick: Trick, pos: int) -> list[Ask]:
        player = trick.plays[pos][0]
        if trick.winner < 0 or trick.winner == player or trick.sealed > pos:
            return []  # a later card's power replaced the collection (Death)
        return [("dinosaur", player, pos)]

    def options(self, state: State, kind: str, player: int, data: int) -> list[str]:
        return ["use dinosaur", "pass"] if self._zone(state) is not None else []

    def _zone(self, state: State) -> list[int] | None:
        card = hero_id(self.hero)
        for zone in (*state.score, state.discard):
            if card in zone:
                return zone
        return None

    def answer(self, state: State, kind: str, player: int, data: int, move: str) -> None:
        zone = self._zone(state)
        if move == "pass" or zone is None:
            return
        card = hero_id(self.hero)
        zone.remove(card)
        state.hands[player].append(card)
        state.revealed.add(card)


class VampireQueen(HeroPower):
    """The other card in its trick loses its power, whichever was played first: its faction or
    hero power, collection powers and declarations (H7, H38). Values, hidden values, end-of-game
    powers and the following rule (a Doppelganger may still follow) are not powers."""

    hero = "vampire-queen"
    strips_other = True

    def set_faction(self, state: State, trick: Trick, pos: int) -> None:
        other = 1 - pos
        card = trick.plays[other][1]
        if FACTION[card] == "hero":
            # a hero's declaration or faction is its power (Lycanthrope, Ent, Life Stealer)
            trick.factions[other] = ""
            trick.declared[other] = None
            trick.values[other] = state.book.value[card]
            state.declared.pop(card, None)


class Ent(HeroPower):
    """Phase Two: when played, its player may declare it a card of a faction they hold at least
    two of in their Score pile (``play hero:ent as FACTION``); it is then a card of that faction
    of its value in every respect, powers included, and stays that faction at scoring, whoever
    collects it (H35)."""

    hero = "ent"

    def eligible(self, state: State, player: int) -> list[str]:
        counts: dict[str, int] = {}
        for c in state.score[player]:
            f = scoring_faction(state, c)
            counts[f] = counts.get(f, 0) + 1
        return [f for f in state.config.factions if counts.get(f, 0) >= 2]

    def declarations(
        self, state: State, trick: Trick, player: int, must: str | None
    ) -> list[str | None]:
        if trick.phase != 2:
            return [None]
        if must:
            return [must]
        return [None, *self.eligible(state, player)]

    def follow_options(
        self, state: State, trick: Trick, hand: list[int], allowed: list[int]
    ) -> list[int]:
        card = hero_id(self.hero)
        led = led_faction(trick)
        if trick.phase == 2 and card in hand and led:
            player = 1 - trick.plays[0][0]
            if led in self.eligible(state, player):
                return add_from_hand(hand, allowed, [card])
        return allowed

    def played(self, state: State, trick: Trick, pos: int, declared: str | None) -> None:
        card = trick.plays[pos][1]
        state.declared.pop(card, None)  # a declaration lasts until the Ent is played again
        if declared:
            trick.factions[pos] = declared
            trick.declared[pos] = declared
            trick.keys[pos] = declared  # powers included
            state.declared[card] = declared


class Kraken(HeroPower):
    """Phase Two: if you win with it, take a random card from the opponent's hand, then give them
    a card of your choice from your hand other than that one (``give CODE``, H37)."""

    hero = "kraken"
    phases = PHASE_TWO
    asks = ("!kraken", "give")

    def after_collect(self, state: State, trick: Trick, pos: int) -> list[Ask]:
        player = trick.plays[pos][0]
        if trick.winner != player:
            return []
        return [("!kraken", player, pos), ("give", player, pos)]

    def act(self, state: State, kind: str, player: int, data: int) -> None:
        trick = state.trick
        assert trick is not None
        opponent = state.hands[1 - player]
        if not opponent:
            trick.marks[KRAKEN] = NO_PLAYER  # nothing to take, nothing to give
            return
        card = state.pick_random(list(opponent))
        opponent.remove(card)
        state.hands[player].append(card)  # last in the hand until the give
        state.revealed.add(card)  # the opponent knows where it went
        trick.marks[KRAKEN] = 1

    def _givable(self, state: State, player: int) -> list[int]:
        """Every card of the hand but the one just taken (the last one, R-5)."""
        trick = state.trick
        if trick is None or trick.marks.get(KRAKEN, NO_PLAYER) < 0:
            return []
        return state.hands[player][:-1]

    def options(self, state: State, kind: str, player: int, data: int) -> list[str]:
        return named(state, self._givable(state, player), "give", hand=True)  # R-30, W14

    def answer(self, state: State, kind: str, player: int, data: int, move: str) -> None:
        card = first_named(state, self._givable(state, player), move[len("give ") :], hand=True)
        state.hands[player].remove(card)
        state.hands[1 - player].append(card)
        state.revealed.add(card)  # the giver knows it


class Death(HeroPower):
    """Phase Two: nobody collects the trick; both cards (and a Cube bundle) are discarded; the
    would-be winner still wins it and leads next (H33)."""

    hero = "death"
    phases = PHASE_TWO

    def route(self, state: State, trick: Trick, pos: int) -> None:
        trick.dests = [(NO_PLAYER, DISCARD)] * len(trick.plays)
        trick.captured.clear()
        # the Cube bundle is discarded; nothing else moves (no pool Troll is collected)
        trick.extra = [(c, src, NO_PLAYER, DISCARD) for c, src, _, _ in trick.extra if src == TABLE]
        trick.sealed = pos

    def choose_next_leader(self, state: State, trick: Trick, pos: int) -> None:
        # the would-be winner leads; as a power, later-played cards override it and it overrides
        # earlier ones (a Singing Bard, H23)
        trick.next_leader = trick.winner


class InvincibleWarrior(HeroPower):
    """No power; a high value (H39)."""

    hero = "invincible-warrior"


HERO_POWERS: dict[str, type[HeroPower]] = {
    cls.hero: cls
    for cls in (
        LichKing,
        Skeleton,
        Warlock,
        Cthulhu,
        Mummy,
        GelatinousCube,
        SingingBard,
        CentaurArcher,
        BugLord,
        Jester,
        Siren,
        Witch,
        Minotaur,
        StoneGolem,
        Necromancer,
        LifeStealer,
        Gargoyle,
        Lycanthrope,
        Dinosaur,
        VampireQueen,
        Ent,
        Kraken,
        Death,
        InvincibleWarrior,
    )
}
