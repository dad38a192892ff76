"""Reading the moves of records saved by earlier versions (docs/records.md "Old records").

W14 changed how a move names a Demon or Fire Elemental (a value-hidden card, R-30):

- *outside a hand* (``tuck``, a Book of Memories lead ``play``, and the other choices from a
  Score pile, the discard pile or the cards just collected) a card whose value is public (it took
  part in a trick, W2; King's Dagger took it, W5) is named by its code; earlier versions wrote
  ``tuck demons:even`` and ``play demons:even`` (a Book of Memories lead) by parity / band;
- *from a hand* (``discard``, ``give``, ``aside``) a card is always named by parity / band, even
  when its value was once public; earlier versions wrote such a card's code (``discard demons:4``).

:func:`upgrade_move` turns such an old move into today's spelling of the card it chose then, and
refuses it with a one-line :class:`~claim.core.errors.RecordError` where today's moves cannot say
that card. Every move that is legal today is kept as it is, so it costs one dictionary lookup
per move of a game with value-hidden cards and nothing in other games. Records replay
(:func:`claim.core.records.replay`) and the replay account (:class:`claim.text.account.Narrator`,
used by ``claim replay``, the terminal game and the web server's saved games) read moves through it.
"""

from __future__ import annotations

from claim.core import cards
from claim.core.cards import PUBLIC_NAME, VALUE_HIDDEN
from claim.core.engine import current_player, legal_actions
from claim.core.errors import RecordError
from claim.core.state import State

#: the partial names of value-hidden cards: ``demons:odd``, ``fire-elementals:high``, ...
HIDDEN_NAMES: frozenset[str] = frozenset(
    PUBLIC_NAME[c] for c in range(cards.NUM_CARDS) if VALUE_HIDDEN[c]
)


def _hidden_card(name: str) -> int | None:
    """The card a value-hidden card's code names (codes are unique), else None."""
    ids = cards.IDS_BY_CODE.get(name)
    return ids[0] if ids and VALUE_HIDDEN[ids[0]] else None


def upgrade_move(state: State, move: str, where: str = "") -> str:
    """``move`` as today's engine spells it at ``state`` (W14), for replaying an old record.

    A legal move is returned unchanged; so is a move that no rule below reads (``apply`` then
    refuses it as usual). An old parity / band name of a card outside a hand (``tuck
    demons:even``) becomes the legal move naming a card of that parity by its code (``tuck
    demons:4``); with two or more such moves, the first (the card earlier versions chose,
    R-30). An old code of a card in the chooser's hand (``discard demons:4``) becomes the
    parity / band move (``discard demons:even``) when that move chooses the same card (R-30:
    the first such card in hand order), and is refused otherwise. ``where`` prefixes error
    messages (``moves[12]``).
    """
    if not state.book.hides_values or " " not in move:
        return move
    legal = legal_actions(state)
    if move in legal:
        return move
    prefix, _, name = move.rpartition(" ")
    at = f"{where}: " if where else ""
    if name in HIDDEN_NAMES:
        # an old parity / band name of a card now named by its code (outside a hand)
        found = []
        for candidate in legal:
            verb, _, code = candidate.rpartition(" ")
            card = _hidden_card(code)
            if verb == prefix and card is not None and PUBLIC_NAME[card] == name:
                found.append(candidate)
        # Earlier versions chose the first such card of the same list, in the same order
        # as today's moves name them: with two or more candidates the first is the card the
        # record's move chose then, so the old record replays exactly.
        return found[0] if found else move
    card = _hidden_card(name)
    player = current_player(state)
    if card is None or player is None or card not in state.hands[player]:
        return move
    # an old code of a card chosen from a hand, now named by parity / band
    new = f"{prefix} {PUBLIC_NAME[card]}"
    if new not in legal:
        return move
    first = next(c for c in state.hands[player] if PUBLIC_NAME[c] == PUBLIC_NAME[card])
    if first != card:
        raise RecordError(
            f"{at}old move {move!r} names a card in hand by its code; since W14 (R-30) the move "
            f"is {new!r}, which chooses {cards.CODE[first]}, the first such card in hand"
        )
    return new
