"""The rules loop: legal moves, applying a move, tricks, phases and the end of the game.

Every client does the same: ``legal_actions(state)`` → choose → ``apply(state, move)``. The loop
asks the powers in play (``claim.core.powers``) every question a trick raises and never names a
card.

Work that must wait for a player's decision is queued in ``state.tasks``: a task is either a
decision ``(kind, player, data)`` answered by a power, or an engine step (a kind starting with
``@``) that resumes the trick once the decisions before it are answered (R-4).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from claim.core import cards
from claim.core.cards import (
    BASE_FACTION,
    DUAL,
    DUAL_FACTIONS,
    IS_HERO,
    VALUE_HIDDEN,
)
from claim.core.errors import IllegalMove
from claim.core.events import Event, Recorder, moves_between, snapshot
from claim.core.keys import END_STEP, FORCED_PLAY, PRIVATE_LOOK, SHOWN_DRAWS
from claim.core.powers import rule_book
from claim.core.powers.base import (
    AFTER_PLAY,
    FORFEIT,
    PLAY_FORCED,
    PLAY_MOVE,
    POWER_KEY,
    Ask,
    TrickLayers,
    compare_values,
)
from claim.core.scoring import end_result
from claim.core.setup import GameConfig, SetupDraws, removed_for_heroes
from claim.core.state import (
    DISCARD,
    FACEUP,
    FOLLOWERS,
    FROM_DECK,
    FROM_DECK_OR_OTHER,
    FROM_PRIZE,
    FROM_SECOND_PRIZE,
    HAND,
    NO_PLAYER,
    OUT,
    POOL,
    SCORE,
    TABLE,
    LegalMoves,
    State,
    Trick,
)

CODE = cards.CODE
FACTION = cards.FACTION


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
    state = State(config, rule_book(config), chance_seed)
    state.hands = [list(hands[0]), list(hands[1])]
    state.deck = list(reversed(deck_top_first))
    state.deal = (tuple(hands[0]), tuple(hands[1]), tuple(deck_top_first))
    if draws is not None:
        state.out = list(draws.out)
        state.toxics = list(draws.toxics)
        state.fire_phoenix = draws.fire_phoenix[::-1]
        state.setup_draws = (tuple(draws.toxics), tuple(draws.fire_phoenix))
        unused = [c for c in draws.out if FACTION[c] != "toxic"]
        state.removed = dict.fromkeys(removed_for_heroes(config, unused), "heroes")
    state.leader = config.first_leader
    _begin_phase(state)
    advance(state)
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
    control = state.book.artifacts
    if control is not None:
        # artifacts change where a card comes from and free the follower (A5, A16, A17, A23)
        player = trick.leader if not trick.plays else 1 - trick.plays[-1][0]
        special = control.playable(state, trick, player)
        if special is not None:
            return special
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
    return legal(state)[:]


def legal(state: State) -> list[str]:
    """:func:`legal_actions` without the copy, for the core's own loops (playouts): the
    engine's cached list, which the caller must not change."""
    cached = state.legal_cache
    if cached is None:
        cached = _legal(state)
    return cached[0]


def _legal(state: State) -> LegalMoves:
    """The legal moves, the card each plays and, for a decision's answers, a map from each to
    -1 (:data:`~claim.core.state.LegalMoves`); cached."""
    if state.result is not None:
        return _cache_legal(state, [], [], None)
    if state.tasks:
        answers = dict.fromkeys(state.options, -1)  # a Wishing Lamp offers dozens (A36)
        return _cache_legal(state, list(answers), [], answers)
    # each card's move when played plainly, "" when declared (worked out per rule book)
    book = state.book
    plain = book.plain_moves
    shared = book.shared_moves
    # value-hidden cards whose value is public (W2, W5); only a Book of Memories lead (an
    # artifact, A17) plays a card from outside the hand, so other games skip the test
    known = state.value_known if book.artifacts is not None else None
    playable = playable_cards(state)
    simple = known is None
    if simple:
        sharing = 0  # cards whose move another card has: two need the search
        for card in playable:
            if not plain[card]:
                simple = False
                break
            if shared[card]:
                sharing += 1
        if sharing > 1:
            simple = False
    if simple:  # the common case: each card its own move, no search for repeats
        return _cache_legal(state, [plain[card] for card in playable], playable[:], None)
    moves: list[str] = []
    played: list[int] = []
    for card in playable:
        move = plain[card]
        if not move:
            for move in play_moves(state, card):
                if move not in moves:
                    moves.append(move)
                    played.append(card)
        elif known and card in known and (card in state.score[0] or card in state.score[1]):
            # W14: a card led from outside the hand (a Book of Memories lead from the
            # Score pile, A17) is named by its code once its value is public
            move = "play " + CODE[card]
            if move not in moves:
                moves.append(move)
                played.append(card)
        elif not shared[card] or move not in moves:  # the first in hand order
            moves.append(move)
            played.append(card)
    return _cache_legal(state, moves, played, None)


def _cache_legal(
    state: State, moves: list[str], played: list[int], answers: dict[str, int] | None
) -> LegalMoves:
    cached = (moves, played, answers)
    state.legal_cache = cached
    return cached


def _card_of(legal: LegalMoves, move: str) -> int | None:
    """The card a legal move plays (-1: a decision's answer), or None if it is not legal."""
    moves, played, answers = legal
    if answers is not None:
        return answers.get(move)
    try:
        return played[moves.index(move)]  # list.index: C on both builds, identity first
    except ValueError:
        return None


def _declarations(state: State) -> tuple[str, ...]:
    """R-40: a dual card is declared Elves or Orcs; following an Elf or Orc lead while able to
    follow, only as the led faction."""
    trick = state.trick
    assert trick is not None
    if trick.plays and not _free_follow(state, trick):
        led = trick.factions[0]
        hand = state.hands[1 - trick.plays[-1][0]]
        if led in DUAL_FACTIONS and any(can_follow(c, led) for c in hand):
            return (led,)
    return DUAL_FACTIONS


def _free_follow(state: State, trick: Trick) -> bool:
    """Whether an artifact frees the player to act from the following rules (A6, A16, A28)."""
    control = state.book.artifacts
    return control is not None and control.free_follow(state, trick)


def _hero_declarations(state: State, card: int) -> list[str | None]:
    """What a declaring hero (Lycanthrope, Ent) may be played as; only as the led faction when
    its player is able to follow it (H2, H34, H35)."""
    trick = state.trick
    assert trick is not None
    player = trick.leader if not trick.plays else 1 - trick.plays[-1][0]
    must: str | None = None
    if trick.plays and not _free_follow(state, trick):
        led = trick.factions[0]
        if led and any(can_follow(c, led) for c in state.hands[player]):
            must = led
    return state.book.declarers[POWER_KEY[card]].declarations(state, trick, player, must)


# -------------------------------------------------------------------------------------------------
# Applying a move
# -------------------------------------------------------------------------------------------------


def apply(state: State, move: str) -> None:
    """Play one move for the player to act.

    An illegal move raises IllegalMove and changes nothing.
    """
    legal = state.legal_cache
    if legal is None:
        legal = _legal(state)
    card = _card_of(legal, move)
    if card is None:
        if state.result is not None:
            raise IllegalMove(f"illegal move {move!r}: the game is over")
        raise IllegalMove(f"illegal move {move!r}; legal moves: {', '.join(legal[0])}")
    state.legal_cache = None
    state.moves.append(move)
    if state.recorder is not None:
        _apply_recorded(state, state.recorder, card, move)
    elif card < 0:
        kind, player, data = state.tasks.pop(0)
        state.options = []
        state.book.by_ask[kind].answer(state, kind, player, data, move)
        advance(state)
    else:
        _play_card(state, card, move)
        if state.tasks:
            advance(state)


def _apply_recorded(state: State, recorder: Recorder, card: int, move: str) -> None:
    """The end of :func:`apply` with its steps recorded (:func:`apply_events`): kept apart so
    that a move nobody records pays a single test for it (the playouts make millions)."""
    if card < 0:
        kind, player, data = state.tasks.pop(0)
        state.options = []
        recorder.decided(kind, player, move)
        state.book.by_ask[kind].answer(state, kind, player, data, move)
        recorder.step(state, kind)
        advance(state)
    else:
        recorder.decided(None, _to_play(state), move)
        _play_card(state, card, move)
        recorder.step(state, "play")
        if state.tasks:
            advance(state)
    recorder.done(state.tasks[0][0] if state.tasks else None, current_player(state))


def apply_events(state: State, move: str) -> list[Event]:
    """:func:`apply`, and what the move did as events (:mod:`claim.core.events`): the move, the
    random outcomes, every card moved with the step that moved it, the tallies changed, the
    tricks won, the decision asked next. Raw events name every card: a narrator or a screen reads
    them through :func:`claim.core.view.seen_events`. An illegal move raises IllegalMove and
    changes nothing."""
    recorder = Recorder(state)
    state.recorder = recorder
    try:
        apply(state, move)
    finally:
        state.recorder = None
    return recorder.events


def _to_play(state: State) -> int:
    """The player whose card is played next in the trick under way."""
    trick = state.trick
    assert trick is not None
    return trick.leader if not trick.plays else 1 - trick.plays[-1][0]


def play_moves(state: State, card: int) -> list[str]:
    """The move strings that play ``card`` for the player to act: one, or one per declaration
    (a dual card, R-40; a Lycanthrope or Ent, H34, H35). The legal moves are built from it, and
    an artifact playing a card drawn at random asks only for these (A6, A23)."""
    move = PLAY_MOVE[card]
    if FACTION[card] == DUAL:
        return [f"{move} as {faction}" for faction in _declarations(state)]
    if IS_HERO[card] and POWER_KEY[card] in state.book.declarers:
        return [
            f"{move} as {declared}" if declared else move
            for declared in _hero_declarations(state, card)
        ]
    return [move]


def _play_forced(state: State) -> None:
    """The step :data:`PLAY_FORCED`: an artifact drew the card the player to act must play
    (``trick.marks[FORCED_PLAY]``: Hunting Cloak, Gambler's Dice, A6, A23); it is played at once,
    not as a move of the record, when it can be played only one way. A card that is declared when
    played (a dual card, a Lycanthrope, an Ent; R-40, H34, H35) waits for its player's
    declaration, the one legal move being that card."""
    trick = state.trick
    assert trick is not None
    card = trick.marks[FORCED_PLAY]
    moves = play_moves(state, card)
    if len(moves) == 1:
        state.legal_cache = None
        _play_card(state, card, moves[0])


def _play_card(state: State, card: int, move: str) -> None:
    trick = state.trick
    assert trick is not None
    plays = trick.plays
    player = trick.leader if not plays else 1 - plays[-1][0]
    try:
        state.hands[player].remove(card)
    except ValueError:
        if card in state.aside[player]:
            state.aside[player].remove(card)  # the Flail card, played last (A5)
        else:
            state.score[player].remove(card)  # a Book of Memories lead (A17)
    plays.append((player, card))
    book = state.book
    trick.keys.append(POWER_KEY[card])
    trick.values.append(book.value[card])
    trick.ranks.append(book.rank[card])
    if FACTION[card] == DUAL:
        declared = move.rsplit(" as ", 1)[1]
        state.declared[card] = declared
        trick.factions.append(declared)
        trick.declared.append(declared)
    else:
        trick.factions.append(BASE_FACTION[card])
        trick.declared.append(None)
        if IS_HERO[card]:
            on_play = book.on_play.get(POWER_KEY[card])
            if on_play is not None:
                declared_as = move.rsplit(" as ", 1)[1] if " as " in move else None
                on_play.played(state, trick, len(plays) - 1, declared_as)
    if len(plays) == 2 and book.hides_values:
        # W2: once both cards are down, hidden values (Demons, Fire Elementals) are public
        for _, played in plays:
            if VALUE_HIDDEN[played]:
                state.value_known.add(played)
    control = book.artifacts
    if control is not None:
        # R-80, A2, A22: the windows after a play, then the next step of the trick
        pos = len(plays) - 1
        state.tasks[0:0] = [*control.card_played(state, trick, pos), (AFTER_PLAY, NO_PLAYER, pos)]
        return
    if len(plays) == 2:
        _resolve(state)


def advance(state: State) -> None:
    """Run queued engine steps until a decision needs a player (or the queue is empty)."""
    tasks = state.tasks
    recorder = state.recorder
    while tasks:
        kind, player, data = tasks[0]
        if kind[0] == "@":
            tasks.pop(0)
            if recorder is not None:
                recorder.running = kind
            STEPS[kind](state)
            if recorder is not None:
                recorder.step(state, kind)
            continue
        if kind[0] == "!":  # an automatic step of a power (a random take, R-62 choices)
            tasks.pop(0)
            if recorder is not None:
                recorder.running = kind
            state.book.by_ask[kind].act(state, kind, player, data)
            if recorder is not None:
                recorder.step(state, kind)
            continue
        options = state.book.by_ask[kind].options(state, kind, player, data)
        if options:
            state.options = options
            state.legal_cache = None
            return
        tasks.pop(0)  # nothing to decide: the power does not apply after all


def refresh_options(state: State) -> None:
    """Recompute the options of the pending decision after its cards changed under it (a
    determinization re-deals the hand a decision chooses from)."""
    state.legal_cache = None
    if state.tasks and state.tasks[0][0][0] not in "@!":
        kind, player, data = state.tasks[0]
        state.options = state.book.by_ask[kind].options(state, kind, player, data)


def _queue(
    state: State, asks: list[Ask], then: str, first: Sequence[Ask] = (), last: Sequence[Ask] = ()
) -> bool:
    """Queue decisions (R-4: play order; ask_last powers after all others) before a step, with
    ``first`` and ``last`` (artifact windows, A4, A30) around them in the order given."""
    if not asks and not first and not last:
        return False
    if len(asks) > 1:
        by_ask = state.book.by_ask
        asks.sort(key=lambda a: (by_ask[a[0]].ask_last, a[2]))
    state.tasks[0:0] = [*first, *asks, *last, (then, NO_PLAYER, 0)]
    return True


# -------------------------------------------------------------------------------------------------
# A trick
# -------------------------------------------------------------------------------------------------


def _layers(state: State, trick: Trick) -> TrickLayers:
    layers = trick.layers
    if layers is None:
        layers = trick.layers = state.book.trick_layers(trick, bool(state.table))
    return layers


def _resolve(state: State) -> None:
    """Both cards are down: factions, values, winner (§4), then decisions before collection."""
    trick = state.trick
    assert trick is not None
    layers = _layers(state, trick)
    for power, pos in layers.set_faction:
        power.set_faction(state, trick, pos)
    for power, pos in layers.set_value:
        power.set_value(state, trick, pos)
    if trick.swapped:
        # R-64, H25: from here on the powers see the swapped positions
        trick.layers = None
        layers = _layers(state, trick)
    default_winner(trick)
    for power, pos in layers.decide_winner:
        power.decide_winner(state, trick, pos)
    winner = trick.winner
    if winner >= 0:
        state.last_winner = winner
        if trick.phase == 1:
            trick.prize_plan = [(winner, FROM_PRIZE), (1 - winner, FROM_DECK)]
    asks: list[Ask] = []
    for power, pos in layers.before_collect:
        asks.extend(power.before_collect(state, trick, pos))
    if not asks or not _queue(state, asks, "@collect"):
        _collect(state)


def default_winner(trick: Trick) -> None:
    """§4.3: a following card competes by value, ties to the leader; otherwise the leader wins."""
    factions = trick.factions
    led = factions[0]
    followed = factions[1]  # indexes, not unpacking: see history_plays
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
    routes = layers.route
    if state.table and winner >= 0:
        _collect_bundle(state, trick)
    if not routes and not trick.extra:  # the common case: no power moves a played card
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
        dests = trick.dests
        for pos in range(len(plays)):  # indexes: zip(strict=True) is a generic call, compiled
            card = plays[pos][1]
            player, zone = dests[pos]
            _zone(state, player, zone).append(card)
            if gains and zone in (SCORE, FACEUP) and pos not in trick.captured:
                gained.append((player, card))
        for card, source, player, zone in trick.extra:
            _zone(state, NO_PLAYER, source).remove(card)
            _zone(state, player, zone).append(card)
            if gains and zone in (SCORE, FACEUP):
                gained.append((player, card))
    if trick.phase == 1 and trick.prizes:
        if winner < 0:
            state.held = trick.prizes[:]  # H20: the next trick is played for the same prize(s)
        else:
            _collect_prize(state, trick)
    trick.collected = True
    _next_leader(state, trick)
    asks: list[Ask] = []
    for power, pos in layers.after_collect:
        asks.extend(power.after_collect(state, trick, pos))
        if state.result is not None:  # a power ended the game at once (Lava Fields, L10)
            _finish_early(state)
            return
    _collected(state, trick, asks)


def _collected(state: State, trick: Trick, asks: list[Ask]) -> None:
    """The trick is collected: its decisions (the winner's Spyglass first, A30), then its end."""
    control = state.book.artifacts
    if control is None:  # the common case, kept lean
        if not asks or not _queue(state, asks, "@end-trick"):
            _end_trick(state)
    elif not _queue(state, asks, "@end-trick", control.trick_won(state, trick)):
        _end_trick(state)


def _finish_early(state: State) -> None:
    """The game ended in the middle of a phase (its result is set): the trick goes into the
    history and nothing else happens (no decision, no end-of-game step, L10)."""
    state.tasks.clear()
    trick = state.trick
    if trick is not None:
        _record(state, trick)
        state.trick = None


def _collect_bundle(state: State, trick: Trick) -> None:
    """H22: the winner of the trick after a Cube trick also takes the Cube and the card under it
    (Phase One: to the Follower deck; Phase Two: into the Score pile, a Gnome face-up)."""
    winner = trick.winner
    zone = FOLLOWERS if trick.phase == 1 else SCORE  # powers may move them on (Gnomes, Trolls)
    for card in state.table:
        if trick.phase == 1:
            state.revealed.add(card)  # it was played face-up: both players know it
        trick.extra.append((card, TABLE, winner, zone))


def _collect_prize(state: State, trick: Trick) -> None:
    """Phase One: the prize(s) and the blind draws, in the plan's order (the winner's take first,
    R-2); face-up prizes nobody took stay for the next trick (Islands, L6).

    Under Islands (two face-up prizes) the loser's draw that finds the deck empty takes the
    older face-up prize left instead, whatever emptied the deck: the Islands collection's last
    trick (L6), a Seer winner's ``take top`` of the last card (L7), a King's Dagger forfeit
    (A43). This is the one place that rule lives."""
    left = trick.prizes[:]
    two_prizes = state.book.prizes > 1
    for player, source in trick.prize_plan:
        card = NO_PLAYER
        if source in (FROM_PRIZE, FROM_SECOND_PRIZE):
            at = 0 if source == FROM_PRIZE else 1
            if at < len(trick.prizes) and trick.prizes[at] in left:
                card = trick.prizes[at]
                left.remove(card)
        elif state.deck:
            card = state.deck.pop()
        elif left and (source == FROM_DECK_OR_OTHER or (two_prizes and player != trick.winner)):
            card = left.pop(0)  # L6, L7, A43: the loser takes the older prize left
        if card < 0:
            continue  # the deck ran out, this player gets nothing
        if card in trick.prizes or state.counters.get(SHOWN_DRAWS):
            # a prize was face-up; a Prowler's Torch shows the draws of its two tricks (W6):
            # public, even when a Seer winner had looked at it privately
            state.revealed.add(card)
            if state.tags.get(card) == PRIVATE_LOOK:
                del state.tags[card]
        state.followers[player].append(card)
    state.held = left


def _forfeit(state: State) -> None:
    """The step :data:`FORFEIT`: a trick ends before it is contested (a King's Dagger took a card
    and its player has no other, A7, A43); the power that ended it set ``trick.winner`` and
    ``trick.reason``. The winner wins it with a plain collection — Phase One the prize and the
    loser's draw, the played card left to the discard; Phase Two the played card (and a table
    bundle) into the winner's Score pile — and no collection power acts; the winner leads. The
    locations that count won and lost tricks count it (Plateau, Lava Fields; Ice Fields at the
    trick's end). A global power whose decision is about a card in a hand, not a collection
    power (``acts_on_forfeit``), is still asked (H30)."""
    trick = state.trick
    assert trick is not None
    winner = trick.winner
    state.last_winner = winner
    phase_one = trick.phase == 1
    zone = FOLLOWERS if phase_one else SCORE
    bundle = state.table[:]
    for card in bundle:
        if phase_one:
            state.revealed.add(card)
        _zone(state, winner, zone).append(card)
    state.table.clear()
    played = [card for _, card in trick.plays]
    if phase_one:
        state.discard.extend(played)
        trick.prize_plan = [(winner, FROM_PRIZE), (1 - winner, FROM_DECK)]
        _collect_prize(state, trick)
    else:
        state.score[winner].extend(played)
        if state.book.tracks_gains:  # the winner's take is collected this trick (A11)
            trick.gained = [(winner, card) for card in (*bundle, *played)]
    trick.collected = True
    # No collection power acts (A43); the global powers that still act on a forfeit
    # (``acts_on_forfeit``) do, as after a collection: the Plateau streak and the Lava Fields
    # run count it as a trick won and lost (L8, L10, as the Flask of Tears' count does, A33),
    # the Necromancer swap is asked (H30, last, H12); the winner leads next whatever the Plateau
    # says (A43: the artifact names the leader, L8)
    layers = _layers(state, trick)
    for power, pos in layers.choose_next_leader:
        if pos < 0 and power.acts_on_forfeit:
            power.choose_next_leader(state, trick, pos)
    trick.next_leader = winner
    asks: list[Ask] = []
    for power, pos in layers.after_collect:
        if pos < 0 and power.acts_on_forfeit:
            asks.extend(power.after_collect(state, trick, pos))
            if state.result is not None:  # the fifth loss of a Lava Fields run (L10)
                _finish_early(state)
                return
    _collected(state, trick, asks)


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
    if zone == TABLE:
        return state.table
    raise ValueError(f"unknown zone {zone}")


def _next_leader(state: State, trick: Trick) -> None:
    """§3.1 step 6: the winner leads next unless a power says otherwise; after a winnerless
    trick (a Cube trick, H20) the same leader leads and no power changes it. Decided before the
    decisions after collection, which some powers ask the next leader first (H19)."""
    if trick.winner < 0:
        trick.next_leader = trick.leader
        return
    trick.next_leader = trick.winner
    for power, pos in _layers(state, trick).choose_next_leader:
        power.choose_next_leader(state, trick, pos)


def history_plays(trick: Trick) -> tuple[tuple[int, int, int, str | None], ...]:
    """The plays as the history keeps them: in play order, as played (H25: a Jester's swap is
    undone; each card keeps its effective value)."""
    plays = trick.plays
    if not trick.swapped:
        if len(plays) == 2:  # the common case, spelled out: once per trick of every playout
            p0, c0 = plays[0]  # indexing: a list unpacked goes through an iterator (mypyc)
            p1, c1 = plays[1]
            values = trick.values
            declared = trick.declared
            return ((p0, c0, values[0], declared[0]), (p1, c1, values[1], declared[1]))
        return tuple(
            [(p, c, v, d) for (p, c), v, d in zip(plays, trick.values, trick.declared, strict=True)]
        )
    zipped = list(zip(plays, trick.values, trick.declared, strict=True))
    return tuple(
        [(p, c, v, d) for ((p, _), _, _), ((_, c), v, d) in zip(zipped, zipped[::-1], strict=True)]
    )


def _end_trick(state: State) -> None:
    """The trick is over (its decisions answered): into the history, then the next trick or the
    phase end."""
    trick = state.trick
    assert trick is not None
    for power in state.book.global_powers("trick_over", trick.phase):
        power.trick_over(state, trick)
    _record(state, trick)
    state.leader = trick.next_leader
    state.trick = None
    _start_trick(state)


def _record(state: State, trick: Trick) -> None:
    """Append the finished trick to the history."""
    if len(trick.prizes) > 1:
        state.history_prizes[len(state.history)] = tuple(trick.prizes)  # L6
    if trick.used:
        state.history_artifacts[len(state.history)] = tuple(trick.used)  # A41
    state.history.append(
        (
            trick.phase,
            trick.number,
            trick.leader,
            trick.prize,
            history_plays(trick),
            trick.winner,
            trick.reason,
        )
    )


def _begin_phase(state: State) -> None:
    """A phase begins: decisions some powers ask first (Endless Sands, Windy Peaks, Swamp),
    between the artifacts of the phase boundary (A4: Gambler's Book before them, Flail of Dawn
    after), then its first trick."""
    asks: list[Ask] = []
    for power in state.book.global_powers("phase_start", state.phase):
        asks.extend(power.phase_start(state, state.phase))
    control = state.book.artifacts
    first, last = control.phase_windows(state) if control is not None else ([], [])
    if not _queue(state, asks, "@start-trick", first, last):
        _start_trick(state)


def _start_trick(state: State) -> None:
    """R-1: a trick starts only when both players hold a card and, in Phase One, a prize can lie
    face-up (held back from the last trick or revealed from the deck); otherwise the phase ends.
    Phase One reveals prizes until ``book.prizes`` lie face-up (two with Islands, L6)."""
    held = state.held
    hands = state.hands
    holds = (hands[0] or state.aside[0]) and (hands[1] or state.aside[1])  # A39: the Flail card
    if not holds or (state.phase == 1 and not held and not state.deck):
        _end_phase(state)
        return
    state.number += 1
    if state.phase == 2:
        trick = Trick(2, state.number, state.leader, NO_PLAYER)
    else:
        prizes = held
        state.held = []
        deck = state.deck
        while len(prizes) < state.book.prizes and deck:
            prizes.append(deck.pop())
        trick = Trick(1, state.number, state.leader, prizes[0])
        trick.prizes = prizes
    state.trick = trick
    control = state.book.artifacts
    if control is not None:
        state.tasks[0:0] = control.trick_started(state, trick)  # A3, A21


def _end_phase(state: State) -> None:
    """R-1: cards left in a hand are discarded. Phase One turns Follower decks into hands (R-5)."""
    _record_so_far(state)  # the last trick's draws reach the Follower decks before the hands
    for hand in (*state.hands, *state.aside):  # the Flail card too, if not played (A39)
        state.discard.extend(hand)
        hand.clear()
    # H22: a Cube bundle still on the table is discarded, and face-up prizes left (H20, L6)
    state.discard.extend(state.table)
    state.table.clear()
    state.discard.extend(state.held)
    state.held.clear()
    for power in state.book.global_powers("phase_over", state.phase):
        power.phase_over(state, state.phase)
    if state.phase == 1:
        state.phase = 2
        state.number = 0
        state.hands = state.followers
        state.followers = [[], []]
        _begin_phase(state)
    else:
        _end_game(state)


def _record_so_far(state: State) -> None:
    """When the move is recorded (:func:`apply_events`), record what the step under way has
    moved so far, so that a card's moves through a zone in one step are seen one by one (a blind
    draw into a Follower deck that becomes a hand, §4)."""
    recorder = state.recorder
    if recorder is not None:
        recorder.step(state, recorder.running)


def _end_game(state: State) -> None:
    """§9 in the fixed R-90 order: the end-of-game steps (1–3), each of which may ask decisions
    (Tavern, the Gargoyle's count), then the instant results (4), the votes and the winner."""
    state.trick = None
    state.tasks.clear()  # in place: advance may be looping over this very list
    state.end_moves = []
    state.counters[END_STEP] = 0
    _end_steps(state)


def _end_steps(state: State) -> None:
    """Run the end-of-game steps from the next one; stop at one that asks a decision."""
    steps = state.book.end_steps
    while state.counters[END_STEP] < len(steps):
        power = steps[state.counters[END_STEP]]
        state.counters[END_STEP] += 1
        # What each step moves is recorded, so an account can tell the steps apart from the last
        # trick and say which power moved each card.
        _record_so_far(state)  # the moves of the step that ended the game come first
        before = snapshot(state)
        power.end_of_game(state)
        if state.recorder is not None:
            state.recorder.step(state, power.name)
        state.end_moves.extend(
            {"card": CODE[card], "from": source, "to": target, "by": power.name}
            for card, source, target in moves_between(before, state.zones())
        )
        asks = power.end_asks(state)
        if asks and _queue(state, asks, "@end-steps"):
            return
    del state.counters[END_STEP]
    _score(state)


def _score(state: State) -> None:
    """§9 step 4 (a power that decides the game at once), steps 5–6 (the votes, the winner)."""
    result = end_result(state)
    result["end_moves"] = state.end_moves
    state.end_moves = []
    state.result = result


def _after_play(state: State) -> None:
    """A card's windows are closed (artifacts in play): after the lead, an artifact may play the
    follower's card (Hunting Cloak, Gambler's Dice); after the follow, the Ice Sword window,
    then the resolution."""
    trick = state.trick
    assert trick is not None
    control = state.book.artifacts
    assert control is not None
    if len(trick.plays) == 2:
        state.tasks[0:0] = [*control.both_played(state, trick), ("@resolve", NO_PLAYER, 0)]
    else:
        control.lead_done(state, trick)


STEPS: dict[str, Callable[[State], None]] = {
    AFTER_PLAY: _after_play,
    PLAY_FORCED: _play_forced,
    FORFEIT: _forfeit,
    "@resolve": _resolve,
    "@collect": _collect,
    "@end-trick": _end_trick,
    "@start-trick": _start_trick,
    "@end-steps": _end_steps,
}
