"""Print a kept ladder (``claim ladder ... --json > FILE``) as the Markdown tables of
docs/bots.md: each pairing's score with its intervals, then the ratings (issue 39: the figures
are kept in docs/data and reprinted from there, not copied by hand).

    python scripts/ladder_table.py docs/data/ladder-levels-base-seed1.json
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any


def percent(value: float) -> str:
    return f"{100 * value:.1f}%"


def span(interval: list[float], scale: float = 100.0, unit: str = "%") -> str:
    low, high = interval
    return f"{scale * low:.1f}–{scale * high:.1f}{unit}"


def tables(data: dict[str, Any]) -> list[str]:
    """The two tables of a ladder's JSON, as Markdown lines."""
    lines = [
        "| Pairing (A vs B) | A's W-D-L | A's score | 95% interval (paired) | Wilson |",
        "|---|---|---|---|---|",
    ]
    for p in data["pairings"]:
        a, b = p["bots"]
        lines.append(
            f"| `{a}` vs `{b}` | {p['wins']}-{p['draws']}-{p['losses']} | "
            f"{percent(p['win_rate'])} | {span(p['interval'])} | {span(p['wilson_interval'])} |"
        )
    ratings = data["ratings"]
    lines += [
        "",
        "| # | Bot | Rating | 95% interval (bootstrap over deals) | Fisher 95% | Games | Score |",
        "|---|---|---|---|---|---|---|",
    ]
    for rank, row in enumerate(ratings["table"], 1):
        anchor = row["bot"] == ratings["anchor"]
        low, high = row["interval"]
        f_low, f_high = row["fisher_interval"]
        interval = "0 (anchor)" if anchor else f"{low:.0f} to {high:.0f}"
        fisher = "0 (anchor)" if anchor else f"{f_low:.0f} to {f_high:.0f}"
        lines.append(
            f"| {rank} | `{row['bot']}` | **{row['rating']:.0f}** | {interval} | {fisher} | "
            f"{row['games']} | {percent(row['score'])} |"
        )
    lines.append("")
    lines.append(
        f"{data['games']} games, {data['deals']} deals a pairing, seed {data['seed']}, "
        f"{data['seconds'] / 60:.0f} minutes of wall time."
    )
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", type=Path, help="a ladder's JSON (claim ladder --json)")
    args = parser.parse_args(argv)
    try:
        data = json.loads(args.file.read_text())
        lines = tables(data)
    except (OSError, ValueError, KeyError, TypeError) as exc:
        print(f"error: {args.file}: not a kept ladder ({exc})", file=sys.stderr)
        return 2
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
