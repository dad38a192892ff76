"""The coach's words (issue 39): a hint said as a person reads it, the moves by their names
(:func:`claim.text.describe.move_text`), the chances as whole percentages."""

from __future__ import annotations

from claim.text.describe import move_text

#: what the analysis says of a move made after a hint (claim analyze, the analysis page)
AFTER_HINT = "after a hint"


def percent(chance: float) -> str:
    """A chance of winning as a whole percentage: 0.623 → "62%"."""
    return f"{100 * chance:.0f}%"


def hint_text(
    best: str, best_chance: float, runner_up: str | None, runner_up_chance: float | None
) -> str:
    """ "The search prefers Play Goblin 7 (wins 62% of its simulations); next best: Pass (48%)."
    — the hint for a decision, from the move codes and the chances the search gave them."""
    line = f"The search prefers {move_text(best)} (wins {percent(best_chance)} of its simulations)"
    if runner_up is None or runner_up_chance is None:
        return f"{line}; it is your only move."
    return f"{line}; next best: {move_text(runner_up)} ({percent(runner_up_chance)})."


def hint_thinking_line() -> str:
    """Said while the search weighs the hint (a second or so)."""
    return "Asking the search for a hint…"


def hint_refused_line() -> str:
    """Said when a hint is asked for while it is not the player's turn."""
    return "A hint is for your own move: it is not your turn."


def hint_spectator_line() -> str:
    """Said to a spectator who asks for a hint."""
    return "Spectators cannot ask for a hint."


def hint_busy_line() -> str:
    """Said when a hint is asked for while the last one is still being weighed."""
    return "A hint is already being weighed; wait for it."
