"""The rules loop: legal moves, applying a move, tricks, phases and the end of the game.

Every client does the same: ``legal_actions(state)`` → choose → ``apply(state, move)``. The loop
asks the powers in play (``claim.powers``) every question a trick raises and never names a card.

Work that must wait for a player's decision is queued in ``state.tasks``: a task is either a
decision ``(kind, player, data)`` answered by a power, or an engine step (a kind starting with
``@``) that resumes the trick once the decisions before it are answered (R-4).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from claim import cards
from claim.errors import IllegalMove
from claim.powers.base import Ask, Layer, compare_values
from claim.scoring import final_result
from claim.setup import GameConfig, SetupDraws
from claim.state import (
    DISCARD,
    FACEUP,
    FOLLOWERS,
    FROM_DECK,
    FROM_PRIZE,
    HAND,
    NO_PLAYER,
    OUT,
    POOL,
    SCORE,
    State,
    Trick,
)

CODE = cards.CODE
FACTION = cards.FACTION
VALUE = cards.VALUE


def public_name(card: int) -> str:
    """How a card is named where its value is hidden (R-30, W1, W12): a Demon by parity, a Fire
    Elemental by band, a Trickster by printed value; every other card by its code."""
    faction = FACTION[card]
    if faction == "demons":
        return "demons:" + ("odd" if VALUE[card] % 2 else "even")
    if faction == "fire-elementals":
        return "fire-elementals:" + ("high" if VALUE[card] >= 5 else "low")
    if faction == "tricksters":
        return f"tricksters:{VALUE[card]}"
    return CODE[card]


#: each card's name in move strings and wherever its value is not public
PUBLIC_NAME: list[str] = [public_name(c) for c in range(cards.NUM_CARDS)]


def _shared_names() -> list[bool]:
    codes_by_name: dict[str, set[str]] = {}
    for card, name in enumerate(PUBLIC_NAME):
        codes_by_name.setdefault(name, set()).add(CODE[card])
    return [len(codes_by_name[name]) > 1 for name in PUBLIC_NAME]


#: whether a card's public name also names other codes (a real Trickster's ``tricksters:5`` is
#: its code, yet it does not tell it from the fake): then seeing the name is not knowing the card
PARTIAL_NAME: list[bool] = _shared_names()
#: the move string that plays each card (dual cards add " as FACTION", R-40)
PLAY_MOVE: list[str] = ["play " + name for name in PUBLIC_NAME]
DUAL = "elf-orc"
DUAL_FACTIONS = ("elves", "orcs")


def _base_faction(card: int) -> str:
    """The faction a card counts as when played, before powers; '' for no faction (heroes)."""
    faction = FACTION[card]
    return "" if faction in ("hero", "toxic") else faction


BASE_FACTION: list[str] = [_base_faction(c) for c in range(cards.NUM_CARDS)]
#: cards whose value is hidden until played (§5.4: Demons, Fire Elementals)
VALUE_HIDDEN: list[bool] = [
    FACTION[c] in ("demons", "fire-elementals") for c in range(cards.NUM_CARDS)
]


def can_follow(card: int, led: str) -> bool:
    """Whether a card in hand satisfies a must-follow on ``led`` (§3.1; a dual card, R-40)."""
    faction = FACTION[card]
    return faction == led or (faction == DUAL and led in DUAL_FACTIONS)


# -------------------------------------------------------------------------------------------------
# Starting
# -------------------------------------------------------------------------------------------------


def start_game(
    config: GameConfig,
    hands: Sequence[Sequence[int]],
    deck_top_first: Sequence[int],
    chance_seed: int,
    draws: SetupDraws | None = None,
) -> State:
    """A new game from a dealt position (hands in hand order, deck top card first) and the
    setup draws (unused Shadows, Toxics, Fire Phoenix pile)."""
    state = State(config, chance_seed)
    state.hands = [list(hands[0]), list(hands[1])]
    state.deck = list(reversed(deck_top_first))
    state.deal = (tuple(hands[0]), tuple(hands[1]), tuple(deck_top_first))
    if draws is not None:
        state.out = list(draws.out)
        state.toxics = list(draws.toxics)
        state.fire_phoenix = draws.fire_phoenix[::-1]
        state.setup_draws = (tuple(draws.toxics), tuple(draws.fire_phoenix))
    state.leader = config.first_leader
    _start_trick(state)
    _advance(state)
    return state


# -------------------------------------------------------------------------------------------------
# Queries
# -------------------------------------------------------------------------------------------------


def is_over(state: State) -> bool:
    """Whether the game has ended (``state.result`` holds the outcome)."""
    return state.result is not None


def current_player(state: State) -> int | None:
    """The player the engine waits on, or None once the game is over."""
    if state.result is not None:
        return None
    if state.tasks:
        return state.tasks[0][1]
    trick = state.trick
    assert trick is not None
    return trick.leader if not trick.plays else 1 - trick.plays[-1][0]


def playable_cards(state: State) -> list[int]:
    """The cards the player to act may play (§3.1 step 3 and the powers' exceptions)."""
    trick = state.trick
    assert trick is not None
    if not trick.plays:
        return state.hands[trick.leader]
    player = 1 - trick.plays[-1][0]
    hand = state.hands[player]
    led = trick.factions[0]
    if led:
        if led in DUAL_FACTIONS:
            allowed = [c for c in hand if can_follow(c, led)]
        else:
            allowed = [c for c in hand if FACTION[c] == led]
        if not allowed:
            allowed = hand
    else:
        allowed = hand  # a led hero sets no led faction (§6)
    for power in state.book.follow_powers[trick.phase]:
        allowed = power.follow_options(state, trick, hand, allowed)
    return allowed


def legal_actions(state: State) -> list[str]:
    """Every legal move string for the player to act, without repeats, in hand order."""
    cached = state.legal_cache
    if cached is None:
        cached = _legal_map(state)
    return list(cached)


def _legal_map(state: State) -> dict[str, int]:
    """Legal moves mapped to the card each plays (-1 for a decision's answers); cached."""
    if state.result is not None:
        legal: dict[str, int] = {}
    elif state.tasks:
        legal = dict.fromkeys(state.options, -1)
    else:
        legal = {}
        for card in playable_cards(state):
            move = PLAY_MOVE[card]
            if FACTION[card] == DUAL:
                for faction in _declarations(state):
                    legal.setdefault(f"{move} as {faction}", card)
            elif move not in legal:  # the first such card in hand order is played
                legal[move] = card
    state.legal_cache = legal
    return legal


def _declarations(state: State) -> tuple[str, ...]:
    """R-40: a dual card is declared Elves or Orcs; following an Elf or Orc lead while able to
    follow, only as the led faction."""
    trick = state.trick
    assert trick is not None
    if trick.plays:
        led = trick.factions[0]
        hand = state.hands[1 - trick.plays[-1][0]]
        if led in DUAL_FACTIONS and any(can_follow(c, led) for c in hand):
            return (led,)
    return DUAL_FACTIONS


# -------------------------------------------------------------------------------------------------
# Applying a move
# -------------------------------------------------------------------------------------------------


def apply(state: State, move: str) -> None:
    """Play one move for the player to act.

    An illegal move raises IllegalMove and changes nothing.
    """
    legal = state.legal_cache
    if legal is None:
        legal = _legal_map(state)
    card = legal.get(move)
    if card is None:
        if state.result is not None:
            raise IllegalMove(f"illegal move {move!r}: the game is over")
        raise IllegalMove(f"illegal move {move!r}; legal moves: {', '.join(legal)}")
    state.legal_cache = None
    state.moves.append(move)
    if card < 0:
        kind, player, data = state.tasks.pop(0)
        state.options = []
        state.book.by_ask[kind].answer(state, kind, player, data, move)
        _advance(state)
    else:
        _play_card(state, card, move)
        if state.tasks:
            _advance(state)


def _play_card(state: State, card: int, move: str) -> None:
    trick = state.trick
    assert trick is not None
    plays = trick.plays
    player = trick.leader if not plays else 1 - plays[-1][0]
    state.hands[player].remove(card)
    plays.append((player, card))
    if FACTION[card] == DUAL:
        declared = move.rsplit(" as ", 1)[1]
        state.declared[card] = declared
        trick.factions.append(declared)
        trick.declared.append(declared)
    else:
        trick.factions.append(BASE_FACTION[card])
        trick.declared.append(None)
    trick.values.append(VALUE[card])
    if len(plays) == 2:
        _resolve(state)


def _advance(state: State) -> None:
    """Run queued engine steps until a decision needs a player (or the queue is empty)."""
    tasks = state.tasks
    while tasks:
        kind, player, data = tasks[0]
        if kind[0] == "@":
            tasks.pop(0)
            STEPS[kind](state)
            continue
        options = state.book.by_ask[kind].options(state, kind, player, data)
        if options:
            state.options = options
            state.legal_cache = None
            return
        tasks.pop(0)  # nothing to decide: the power does not apply after all


def _queue(state: State, asks: list[Ask], then: str) -> bool:
    """Queue decisions (R-4: play order; ask_last powers after all others) before a step."""
    if not asks:
        return False
    by_ask = state.book.by_ask
    asks.sort(key=lambda a: (by_ask[a[0]].ask_last, a[2]))
    state.tasks[0:0] = [*asks, (then, NO_PLAYER, 0)]
    return True


# -------------------------------------------------------------------------------------------------
# A trick
# -------------------------------------------------------------------------------------------------


def _layers(state: State, trick: Trick) -> dict[str, list[Layer]]:
    layers = trick.layers
    if layers is None:
        layers = trick.layers = state.book.trick_layers(trick)
    return layers


def _resolve(state: State) -> None:
    """Both cards are down: factions, values, winner (§4), then decisions before collection."""
    trick = state.trick
    assert trick is not None
    layers = _layers(state, trick)
    if state.book.hides_values:
        # W2: once both cards are down, hidden values (Demons, Fire Elementals) are public
        for _, card in trick.plays:
            if VALUE_HIDDEN[card]:
                state.value_known.add(card)
    for power, pos in layers["set_faction"]:
        power.set_faction(state, trick, pos)
    for power, pos in layers["set_value"]:
        power.set_value(state, trick, pos)
    _default_winner(trick)
    for power, pos in layers["decide_winner"]:
        power.decide_winner(state, trick, pos)
    winner = trick.winner
    if winner >= 0:
        state.last_winner = winner
        if trick.phase == 1:
            trick.prize_plan = [(winner, FROM_PRIZE), (1 - winner, FROM_DECK)]
    asks: list[Ask] = []
    for power, pos in layers["before_collect"]:
        asks.extend(power.before_collect(state, trick, pos))
    if not asks or not _queue(state, asks, "@collect"):
        _collect(state)


def _default_winner(trick: Trick) -> None:
    """§4.3: a following card competes by value, ties to the leader; otherwise the leader wins."""
    led, followed = trick.factions
    if led and followed != led:
        trick.winner = trick.plays[0][0]
        trick.reason = "the follower did not follow faction"
    else:
        compare_values(trick, lower_wins=False, reason="higher value")


def _collect(state: State) -> None:
    """§3.1 step 5 / §3.2: move the played cards and the prize where the powers send them."""
    trick = state.trick
    assert trick is not None
    layers = _layers(state, trick)
    winner = trick.winner
    plays = trick.plays
    routes = layers["route"]
    if not routes:  # the common case: no power moves a played card
        if trick.phase == 1 or winner < 0:
            state.discard.extend([card for _, card in plays])
        else:
            state.score[winner].extend([card for _, card in plays])
            if state.book.tracks_gains:
                trick.gained = [(winner, card) for _, card in plays]
    else:
        if trick.phase == 1 or winner < 0:
            trick.dests = [(NO_PLAYER, DISCARD)] * len(plays)
        else:
            trick.dests = [(winner, SCORE)] * len(plays)
        for power, pos in routes:
            power.route(state, trick, pos)
        gains = state.book.tracks_gains
        gained = trick.gained
        for pos, ((_, card), (player, zone)) in enumerate(zip(plays, trick.dests, strict=True)):
            _zone(state, player, zone).append(card)
            if gains and zone in (SCORE, FACEUP) and pos not in trick.captured:
                gained.append((player, card))
        for card, source, player, zone in trick.extra:
            _zone(state, NO_PLAYER, source).remove(card)
            _zone(state, player, zone).append(card)
            if gains and zone in (SCORE, FACEUP):
                gained.append((player, card))
    if trick.phase == 1 and trick.prize >= 0:
        _collect_prize(state, trick)
    trick.collected = True
    asks: list[Ask] = []
    for power, pos in layers["after_collect"]:
        asks.extend(power.after_collect(state, trick, pos))
    if not asks or not _queue(state, asks, "@end-trick"):
        _end_trick(state)


def _collect_prize(state: State, trick: Trick) -> None:
    """Phase One: the prize and the blind draw, the winner's take first (R-2)."""
    for player, source in trick.prize_plan:
        if source == FROM_PRIZE:
            card = trick.prize
            state.revealed.add(card)  # the prize was face-up: both players know it
        elif state.deck:
            card = state.deck.pop()
        else:
            continue  # the deck ran out, this player gets nothing
        state.followers[player].append(card)


def _zone(state: State, player: int, zone: int) -> list[int]:
    if zone == DISCARD:
        return state.discard
    if zone == SCORE:
        return state.score[player]
    if zone == FOLLOWERS:
        return state.followers[player]
    if zone == FACEUP:
        return state.faceup[player]
    if zone == POOL:
        return state.troll_pool
    if zone == HAND:
        return state.hands[player]
    if zone == OUT:
        return state.out
    raise ValueError(f"unknown zone {zone}")


def _end_trick(state: State) -> None:
    """Next leader (§3.1 step 6), the trick into the history, the next trick or phase end."""
    trick = state.trick
    assert trick is not None
    trick.next_leader = trick.winner if trick.winner >= 0 else trick.leader
    for power, pos in _layers(state, trick)["choose_next_leader"]:
        power.choose_next_leader(state, trick, pos)
    state.history.append(
        (
            trick.phase,
            trick.number,
            trick.leader,
            trick.prize,
            tuple(
                [
                    (p, c, v, d)
                    for (p, c), v, d in zip(trick.plays, trick.values, trick.declared, strict=True)
                ]
            ),
            trick.winner,
            trick.reason,
        )
    )
    state.leader = trick.next_leader
    state.trick = None
    _start_trick(state)


def _start_trick(state: State) -> None:
    """R-1: a trick starts only when both players hold a card and, in Phase One, the deck has a
    card to reveal; otherwise the phase ends."""
    hands = state.hands
    if not hands[0] or not hands[1] or (state.phase == 1 and not state.deck):
        _end_phase(state)
        return
    state.number += 1
    prize = state.deck.pop() if state.phase == 1 else NO_PLAYER
    state.trick = Trick(state.phase, state.number, state.leader, prize)


def _end_phase(state: State) -> None:
    """R-1: cards left in a hand are discarded. Phase One turns Follower decks into hands (R-5)."""
    for hand in state.hands:
        state.discard.extend(hand)
        hand.clear()
    if state.phase == 1:
        state.phase = 2
        state.number = 0
        state.hands = state.followers
        state.followers = [[], []]
        _start_trick(state)
    else:
        _end_game(state)


def _end_game(state: State) -> None:
    """§9 in the fixed R-90 order: end-of-game moves (step 1), then votes and the winner."""
    # What each end-of-game step moves is recorded, so an account can tell the steps apart from
    # the last trick and say which power moved each card.
    end_moves: list[dict[str, str]] = []
    for power in state.book.global_powers("end_of_game", 2):
        before = {name: list(ids) for name, ids in state.zones().items()}
        power.end_of_game(state)
        end_moves.extend(_moves_between(before, state.zones(), power.name))
    state.trick = None
    state.tasks = []
    result = final_result(state)
    result["end_moves"] = end_moves
    state.result = result


def _moves_between(
    before: dict[str, list[int]], after: dict[str, list[int]], by: str
) -> list[dict[str, str]]:
    """The cards that changed zone, as ``{"card", "from", "to", "by"}`` (only changed zones are
    looked at: most end steps move a few cards or none)."""
    left: dict[int, str] = {}
    arrived: list[tuple[int, str]] = []
    for name, ids in after.items():
        old = before.get(name, [])
        if old == ids:
            continue
        now = set(ids)
        left.update((c, name) for c in old if c not in now)
        was = set(old)
        arrived.extend((c, name) for c in ids if c not in was)
    return [
        {"card": CODE[card], "from": left.get(card, "?"), "to": zone, "by": by}
        for card, zone in arrived
    ]


STEPS: dict[str, Callable[[State], None]] = {
    "@collect": _collect,
    "@end-trick": _end_trick,
}
