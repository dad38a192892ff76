"""How much a move gave away, and what to call it: the thresholds of the post-game analysis.

A decision's *drop* is the deciding player's chance of winning after the best move minus after
the move made (a draw counts half), both estimated by the same search from what that player
knew. The names and thresholds are lichess's, on the same scale — lichess marks a drop of 0.1,
0.2 and 0.3 in its winning chances, which run from -1 to +1, so 5, 10 and 15 points of a
probability from 0 to 1:

- **inaccuracy**: a drop of at least :data:`INACCURACY` (5 points);
- **mistake**: at least :data:`MISTAKE` (10 points);
- **blunder**: at least :data:`BLUNDER` (15 points).

A drop is an estimate, so it is only named when it is also larger than its noise: twice the
standard error of the difference of the two estimates (:func:`margin`, computed as if the two
were independent — they were measured on the same determinizations, which makes the true error
smaller, so the test errs on the side of naming nothing). With a small budget fewer moves get a
name; a larger ``--budget`` narrows the margin.

A drop is classified from the very numbers it is printed with (:func:`points`: whole points, as
``−10 ± 9 points``), so a label never contradicts its figures: a drop of 0.0958 is printed as 10
points and named a mistake, not an inaccuracy (issue 37). :func:`loss_words` is the one spelling
of those figures; the text report and the web page (``loss`` in the JSON) both show it.
"""

from __future__ import annotations

import math

INACCURACY = 0.05
MISTAKE = 0.10
BLUNDER = 0.15

#: the names, mildest first, with the drop each needs
VERDICTS: tuple[tuple[str, float], ...] = (
    ("inaccuracy", INACCURACY),
    ("mistake", MISTAKE),
    ("blunder", BLUNDER),
)


def margin(best: float, best_n: int, made: float, made_n: int) -> float:
    """Twice the standard error of ``best - made``, two win rates over ``best_n`` and ``made_n``
    simulations. Each variance is taken at the rate pulled towards one half by one win and one
    loss more (Agresti–Coull's idea), so that a move that won or lost every simulation still
    has an error."""
    return 2.0 * math.sqrt(_variance(best, best_n) + _variance(made, made_n))


def _variance(rate: float, n: int) -> float:
    if n <= 0:
        return 0.25
    pulled = (rate * n + 1.0) / (n + 2.0)
    return pulled * (1.0 - pulled) / (n + 2.0)


def points(chance: float) -> int:
    """A chance (or a difference of chances) in whole points, as every text shows it: rounded
    half up, so 0.095 is 10 points.

    >>> points(0.0958), points(0.094), points(0.095)
    (10, 9, 10)
    """
    return math.floor(100.0 * chance + 0.5)


def loss_words(drop: float, noise: float) -> str:
    """A drop and its margin as printed: ``−10 ± 9 points``."""
    return f"−{points(drop)} ± {points(noise)} points"


def verdict(drop: float, noise: float) -> str | None:
    """The name of a drop (None below :data:`INACCURACY` or within ``noise``), decided on the
    whole points that :func:`loss_words` prints, so the name and the figures always agree.

    >>> verdict(0.12, 0.04)
    'mistake'
    >>> verdict(0.12, 0.2) is None
    True
    >>> verdict(0.03, 0.0) is None
    True
    >>> verdict(0.0958, 0.09)  # printed "−10 ± 9 points"
    'mistake'
    """
    shown = points(drop)
    if shown <= points(noise):
        return None
    name = None
    for label, threshold in VERDICTS:
        if shown >= points(threshold):
            name = label
    return name
