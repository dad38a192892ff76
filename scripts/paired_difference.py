"""Compare two kept arena matches played on the same deals (``claim arena --keep FILE``, the same
``--seed`` and setup options): each one's score, and the difference paired deal by deal with its
95% interval — how docs/bots.md measures a variant of a bot against the bot (issue 39's levers).

    python scripts/paired_difference.py \\
        docs/data/arena-search200-aware-heuristic-every-seed4040.jsonl \\
        docs/data/arena-search200-heuristic-every-seed4040.jsonl

Each file's A is the bot compared; B (the opponent) should be the same in both. Only the deals
both files hold in full (both games) are compared. More pairs (the same two bots on other seeds)
add two last lines: the variant's score and the difference pooled over the deals of every pair.
With ``--scores`` the files are not paired: each one's score, then the score pooled over the
deals of all of them (one bot's figure over several seeds).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path
from typing import Any

from claim.sim.arena import Z95


def deal_scores(path: Path) -> tuple[dict[str, Any], dict[int, float]]:
    """A kept file's header, and A's mean score over each deal it holds both games of."""
    lines = path.read_text(encoding="utf-8").splitlines()
    if not lines:
        raise ValueError(f"{path}: empty")
    head = json.loads(lines[0])
    if head.get("kind") != "claim-arena-games":
        raise ValueError(f"{path}: not a kept arena match")
    games: dict[int, list[float]] = {}
    for line in lines[1:]:
        game = json.loads(line)
        winner = game["winner"]
        score = 0.5 if winner is None else 1.0 if winner == game["a_seat"] else 0.0
        games.setdefault(game["deal"], []).append(score)
    return head, {deal: sum(s) / 2 for deal, s in games.items() if len(s) == 2}


def interval(values: list[float]) -> tuple[float, float, float]:
    """The mean of ``values`` and its normal 95% interval."""
    n = len(values)
    mean = sum(values) / n
    variance = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    half = Z95 * math.sqrt(variance / n)
    return mean, mean - half, mean + half


def pair(first: Path, second: Path) -> tuple[list[str], list[float], list[float]]:
    """The lines for one pair of files, the variant's per-deal scores and the per-deal
    differences (first minus second)."""
    head_a, scores_a = deal_scores(first)
    head_b, scores_b = deal_scores(second)
    for key in ("seed", "options"):
        if head_a[key] != head_b[key]:
            raise ValueError(f"the two files were not played on the same deals ({key} differs)")
    deals = sorted(set(scores_a) & set(scores_b))
    if len(deals) < 2:
        raise ValueError("fewer than two deals in both files")
    lines = []
    for head, scores in ((head_a, scores_a), (head_b, scores_b)):
        mean, low, high = interval([scores[d] for d in deals])
        a, b = head["bots"]
        lines.append(f"{a} vs {b}: {100 * mean:.1f}% ({100 * low:.1f}–{100 * high:.1f}%)")
    differences = [scores_a[d] - scores_b[d] for d in deals]
    lines.append(difference_line(differences))
    return lines, [scores_a[d] for d in deals], differences


def difference_line(differences: list[float], what: str = "") -> str:
    mean, low, high = interval(differences)
    return (
        f"paired difference over {len(differences)} deals{what}: {100 * mean:+.1f} points "
        f"({100 * low:+.1f} to {100 * high:+.1f})"
    )


def compare(paths: list[Path]) -> list[str]:
    """The lines the script prints: each pair of files, then, for more than one pair, the
    difference pooled over all their deals."""
    if len(paths) < 2 or len(paths) % 2:
        raise ValueError("give the files in pairs: a variant's match, then its baseline's")
    lines: list[str] = []
    scores: list[float] = []
    pooled: list[float] = []
    for first, second in zip(paths[::2], paths[1::2], strict=True):
        more, firsts, differences = pair(first, second)
        lines += more
        scores += firsts
        pooled += differences
    if len(paths) > 2:
        what = f" of {len(paths) // 2} pairs of files"
        mean, low, high = interval(scores)
        lines.append(
            f"the variants' score over {len(scores)} deals{what}: "
            f"{100 * mean:.1f}% ({100 * low:.1f}–{100 * high:.1f}%)"
        )
        lines.append(difference_line(pooled, what))
    return lines


def pooled_scores(paths: list[Path]) -> list[str]:
    """``--scores``: each file's score, then the score pooled over every deal of every file
    (the same bots on other seeds: one figure over all their deals)."""
    lines: list[str] = []
    pooled: list[float] = []
    for path in paths:
        head, scores = deal_scores(path)
        if len(scores) < 2:
            raise ValueError(f"{path}: fewer than two deals")
        mean, low, high = interval(list(scores.values()))
        a, b = head["bots"]
        lines.append(
            f"{a} vs {b}, seed {head['seed']}: {100 * mean:.1f}% "
            f"({100 * low:.1f}–{100 * high:.1f}%) over {len(scores)} deals"
        )
        pooled += scores.values()
    mean, low, high = interval(pooled)
    lines.append(
        f"pooled over {len(pooled)} deals: {100 * mean:.1f}% ({100 * low:.1f}–{100 * high:.1f}%)"
    )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "files",
        type=Path,
        nargs="+",
        help="kept matches in pairs: a variant's (its bot A is the variant), then its baseline's "
        "on the same deals; more pairs (other seeds) add a pooled difference",
    )
    parser.add_argument(
        "--scores",
        action="store_true",
        help="no pairs: each file's score and the score pooled over all their deals",
    )
    args = parser.parse_args()
    try:
        print("\n".join(pooled_scores(args.files) if args.scores else compare(args.files)))
    except (OSError, ValueError, KeyError) as exc:
        sys.exit(f"paired_difference: {exc}")


if __name__ == "__main__":
    main()
