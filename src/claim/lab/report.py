"""A study's report: its data as CSV (and Parquet where pyarrow is installed) and
``report.html``, one self-contained page (inline SVG figures and styles, no script, nothing
fetched) that opens offline and can be mailed as one file.

The figures are drawn with matplotlib from the very rows written to the CSV files:

- a forest plot of each kind's effects with their corrected intervals (flagged ones in red),
- the distribution of game length (tricks) in the treatment and the baseline games,
- how the games were decided, per component,
- a heat map of pairs where the study has them (factions in one deck, artifacts in one hand).

Every drawn element carries an id naming what it shows (``effect:KIND:COMPONENT``,
``interval:…``, ``cell:KIND:A:B``, ``bar:KIND:VARIANT:TRICKS``), so a test can read the figure
back and check it against the CSV (tests/test_lab.py).
"""

from __future__ import annotations

import csv
import functools
import html
import io
import json
import re
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from claim.lab.analysis import CONFIDENCE, Effect, Findings, Interaction, corrected_z
from claim.lab.design import swaps_the_subject

#: the fewest games a heat map cell needs to be drawn (fewer: left blank)
MIN_CELL_GAMES = 10
#: the heat maps' colour scale: the subject's score from 1/2 - SPAN to 1/2 + SPAN
HEAT_SPAN = 0.25
HEAT_MAP = "RdBu"

_GAME_COLUMNS = (
    "kind",
    "component",
    "deal",
    "game",
    "variant",
    "twin",
    "a_seat",
    "first_leader",
    "subject",
    "winner",
    "reason",
    "tricks",
    "votes_won",
    "votes",
    "factions",
    "hands",
    "used",
    "decided",
)


def game_rows(findings: Findings) -> list[dict[str, Any]]:
    """``games.csv``: one row a game; votes as ``faction:seat`` (``-`` for nobody) joined by
    ``;``, the artifact hands as ``a,b,c|d,e,f``."""
    rows = []
    for game in findings.games:
        row = game.to_dict()
        row["votes_won"] = f"{game.votes_won[0]}-{game.votes_won[1]}"
        row["votes"] = ";".join(f"{f}:{'-' if s is None else s}" for f, s in game.votes)
        row["hands"] = "|".join(",".join(hand) for hand in game.hands)
        rows.append({name: row[name] for name in _GAME_COLUMNS})
    return rows


def _write_csv(path: Path, rows: Sequence[dict[str, Any]], columns: Sequence[str]) -> None:
    with path.open("w", newline="", encoding="utf-8") as file:
        writer = csv.DictWriter(file, fieldnames=list(columns), lineterminator="\n")
        writer.writeheader()
        for row in rows:
            writer.writerow({k: "" if v is None else v for k, v in row.items()})


def write_data(findings: Findings, out: Path) -> list[str]:
    """Write ``effects.csv``, ``interactions.csv`` and ``games.csv`` (and their ``.parquet``
    twins when pyarrow is installed) into ``out``; the names of the files written."""
    tables = {
        "effects": (
            [e.to_row() for e in findings.effects],
            list(Effect.__slots__),
        ),
        "interactions": (
            [i.to_row() for i in findings.interactions],
            ["kind", "first", "second", "games", "score"],
        ),
        "games": (game_rows(findings), list(_GAME_COLUMNS)),
    }
    written = []
    for name, (rows, columns) in tables.items():
        _write_csv(out / f"{name}.csv", rows, columns)
        written.append(f"{name}.csv")
    try:
        import pyarrow as pa  # type: ignore[import-untyped, unused-ignore]
        import pyarrow.parquet as pq  # type: ignore[import-untyped, unused-ignore]
    except ImportError:
        return written
    for name, (rows, columns) in tables.items():
        table = pa.Table.from_pylist(
            list(rows), schema=None if rows else pa.schema([(c, pa.string()) for c in columns])
        )
        pq.write_table(table, out / f"{name}.parquet")
        written.append(f"{name}.parquet")
    return written


# -------------------------------------------------------------------------------------------------
# figures
# -------------------------------------------------------------------------------------------------


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    matplotlib.rcParams["svg.fonttype"] = "none"  # text stays text: smaller, searchable
    import matplotlib.pyplot as plt

    return plt


def _svg(figure: Any, name: str) -> str:
    """``figure`` as inline SVG. Its ids come from a hash salted with ``name`` (the figure's
    own): the same figure gives the same SVG, and two figures of one page share no id."""
    import matplotlib

    plt = _pyplot()
    matplotlib.rcParams["svg.hashsalt"] = f"claim-lab:{name}"
    buffer = io.StringIO()
    figure.savefig(buffer, format="svg", bbox_inches="tight", metadata={"Date": None})
    plt.close(figure)
    text = buffer.getvalue()
    text = text[text.index("<svg") :]  # inline: no XML declaration or doctype
    text = re.sub(r"\s*<metadata>.*?</metadata>", "", text, count=1, flags=re.S)
    # matplotlib names every group (figure_1, axes_1, ...) afresh in each figure; nothing
    # refers to those names, and several figures on one page would repeat them
    return re.sub(r' id="[A-Za-z][A-Za-z0-9_.]*_\d+"', "", text)


def forest_svg(kind: str, effects: Sequence[Effect]) -> str:
    """Each component's effect (a dot) and corrected interval (a line), top to bottom in the
    study's order, 0 marked; flagged components in red."""
    plt = _pyplot()
    height = 1.2 + 0.28 * len(effects)
    figure, axes = plt.subplots(figsize=(7.5, height))
    for row, effect in enumerate(effects):
        y = len(effects) - 1 - row
        colour = "#c0392b" if effect.flagged else "#2c3e50"
        if effect.low is not None and effect.high is not None:
            axes.plot(
                [effect.low, effect.high],
                [y, y],
                color=colour,
                linewidth=1.6,
                gid=f"interval:{kind}:{effect.component}",
            )
        axes.plot(
            [effect.effect],
            [y],
            marker="o",
            markersize=5,
            color=colour,
            linestyle="none",
            gid=f"effect:{kind}:{effect.component}",
        )
    axes.axvline(0.0, color="#7f8c8d", linewidth=1, linestyle="--")
    axes.set_yticks(range(len(effects)))
    axes.set_yticklabels([e.component for e in reversed(effects)])
    axes.set_ylim(-0.7, len(effects) - 0.3)
    subject = effects[0].subject if effects else "subject"
    axes.set_xlabel(f"effect on the {subject}'s win rate (corrected {CONFIDENCE:.0%} interval)")
    axes.grid(axis="x", color="#ecf0f1")
    return _svg(figure, f"forest:{kind}")


def length_counts(findings: Findings, kind: str) -> dict[str, Counter[int]]:
    """Games by length (tricks), per variant, of ``kind``'s games."""
    counts: dict[str, Counter[int]] = {}
    for game in findings.games:
        if game.kind == kind:
            counts.setdefault(game.variant, Counter())[game.tricks] += 1
    return counts


def lengths_svg(kind: str, counts: dict[str, Counter[int]]) -> str:
    """The share of games of each length, treatment and baseline side by side."""
    plt = _pyplot()
    figure, axes = plt.subplots(figsize=(7.5, 2.8))
    variants = [v for v in ("treatment", "baseline") if v in counts]
    width = 0.8 / max(1, len(variants))
    colours = {"treatment": "#2980b9", "baseline": "#95a5a6"}
    for n, variant in enumerate(variants):
        total = sum(counts[variant].values())
        for tricks, count in sorted(counts[variant].items()):
            axes.bar(
                tricks - 0.4 + width * (n + 0.5),
                count / total,
                width=width,
                color=colours[variant],
                gid=f"bar:{kind}:{variant}:{tricks}",
                label=variant if tricks == min(counts[variant]) else None,
            )
    axes.set_xlabel("tricks in the game (both phases)")
    axes.set_ylabel("share of games")
    axes.legend(frameon=False)
    return _svg(figure, f"lengths:{kind}")


def reasons_svg(kind: str, effects: Sequence[Effect]) -> str:
    """How each component's treatment games were decided (shares, stacked)."""
    plt = _pyplot()
    reasons = sorted({r for e in effects for r in e.reasons})
    palette = plt.get_cmap("tab10")
    figure, axes = plt.subplots(figsize=(7.5, 1.2 + 0.28 * len(effects)))
    for row, effect in enumerate(effects):
        y = len(effects) - 1 - row
        left = 0.0
        for n, reason in enumerate(reasons):
            share = effect.reasons.get(reason, 0.0)
            if share:
                axes.barh(
                    y,
                    share,
                    left=left,
                    color=palette(n % 10),
                    label=reason if row == 0 or reason not in effects[0].reasons else None,
                    gid=f"reason:{kind}:{effect.component}:{reason}",
                )
                left += share
    axes.set_yticks(range(len(effects)))
    axes.set_yticklabels([e.component for e in reversed(effects)])
    axes.set_xlim(0, 1)
    axes.set_xlabel("share of the treatment games")
    handles, labels = axes.get_legend_handles_labels()
    unique = dict(zip(labels, handles, strict=True))
    axes.legend(
        unique.values(), unique.keys(), frameon=False, loc="upper left", bbox_to_anchor=(1, 1)
    )
    return _svg(figure, f"reasons:{kind}")


@functools.cache
def _heat_scale() -> Any:
    """The heat maps' one colour scale (the cells and the colour bar): HEAT_MAP over
    1/2 ± HEAT_SPAN, scores beyond it in the end colours."""
    import matplotlib.cm
    import matplotlib.colors

    plt = _pyplot()
    norm = matplotlib.colors.Normalize(0.5 - HEAT_SPAN, 0.5 + HEAT_SPAN, clip=True)
    return matplotlib.cm.ScalarMappable(norm=norm, cmap=plt.get_cmap(HEAT_MAP))


def heat_colour(score: float) -> str:
    """The colour of a heat map cell of ``score`` (hex), on the fixed scale 1/2 ± HEAT_SPAN."""
    import matplotlib.colors

    return str(matplotlib.colors.to_hex(_heat_scale().to_rgba(score)))


def heat_svg(kind: str, pairs: Sequence[Interaction], names: Sequence[str]) -> str:
    """The subject's mean score for each pair, a cell each (blank under MIN_CELL_GAMES)."""
    plt = _pyplot()
    from matplotlib.patches import Rectangle

    index = {name: n for n, name in enumerate(names)}
    size = len(names)
    figure, axes = plt.subplots(figsize=(1.5 + 0.26 * size, 1.2 + 0.26 * size))
    for pair in pairs:
        if pair.games < MIN_CELL_GAMES or pair.first not in index or pair.second not in index:
            continue
        i, j = index[pair.first], index[pair.second]
        for x, y in ((i, j), (j, i)):
            axes.add_patch(
                Rectangle(
                    (x, y),
                    1,
                    1,
                    facecolor=heat_colour(pair.score),
                    edgecolor="white",
                    linewidth=0.3,
                    gid=f"cell:{kind}:{pair.first}:{pair.second}" if x == i else None,
                )
            )
    axes.set_xlim(0, size)
    axes.set_ylim(size, 0)
    axes.set_xticks([n + 0.5 for n in range(size)])
    axes.set_xticklabels(names, rotation=90)
    axes.set_yticks([n + 0.5 for n in range(size)])
    axes.set_yticklabels(names)
    axes.set_aspect("equal")
    figure.colorbar(_heat_scale(), ax=axes, fraction=0.04, label="subject's mean score")
    return _svg(figure, f"heat:{kind}")


# -------------------------------------------------------------------------------------------------
# the page
# -------------------------------------------------------------------------------------------------

_STYLE = """
body { font: 15px/1.5 system-ui, sans-serif; margin: 2em auto; max-width: 62em; color: #2c3e50;
  padding: 0 1em; }
h1 { font-size: 1.6em; } h2 { margin-top: 2em; border-bottom: 1px solid #ddd; }
table { border-collapse: collapse; font-size: 13px; margin: 1em 0; }
th, td { padding: 2px 8px; border-bottom: 1px solid #eee; text-align: right;
  white-space: nowrap; }
th:first-child, td:first-child { text-align: left; }
tr.flagged td { background: #fdecea; font-weight: 600; }
.note { color: #666; font-size: 13px; } code { background: #f4f4f4; padding: 0 3px; }
.scroll { overflow-x: auto; }
figure { margin: 1em 0; } figure svg { max-width: 100%; height: auto; }
"""

_KIND_TEXT = {
    "factions": "Each faction's deals: a random deck with it and the same deck without it "
    "(another single faction in its place, or another pair), each played with either player "
    "leading first. The effect is the change in the first leader's win rate.",
    "heroes": "Each hero's deals: the base deal, and the same deal with one faction card "
    "replaced by the hero at its place (§2 step 3's distribution), each played with either "
    "player leading first. The holder is whoever played the hero (dealt it, or won it as a "
    "prize); the effect is the holder's win rate minus the same player's on the deal without it.",
    "locations": "Each location's deals: the very same cards with the location and without "
    "any, each played with either player leading first. The effect is the change in the first "
    "leader's win rate.",
    "artifacts": "Each artifact's deals: it and two others in one hand of three, three others "
    "in the other, the deal played twice with the hands swapped between the players. The "
    "effect is its holder's win rate minus 1/2 (the other player holding it on the same cards): "
    "its worth against an average hand of artifacts.",
    "first-leader": "Each setup's deals, played twice with either player leading first. The "
    "effect is the first leader's win rate minus 1/2.",
}


def _number(value: float | None, digits: int = 3, sign: bool = False) -> str:
    if value is None:
        return "–"
    return f"{value:+.{digits}f}" if sign else f"{value:.{digits}f}"


def _effects_table(kind: str, effects: Sequence[Effect]) -> str:
    swapped = swaps_the_subject(kind)
    extra = {
        "artifacts": ("used", "holder used it"),
        "locations": ("decided", "decided by it"),
        "factions": ("vote_to_winner", "its vote to the winner"),
        "heroes": ("no_subject", "games without a holder"),
    }.get(kind)
    head = ["component", "deals", "games", "effect", "interval", "adj. p", "treatment", "baseline"]
    head += ["tricks"] + ([] if swapped else ["baseline tricks"])
    head += ["draws"] + ([] if swapped else ["baseline draws"])
    head += ["subject's votes"] + ([] if swapped else ["baseline votes"])
    head += [extra[1]] if extra else []
    rows = []
    for e in effects:
        cells = [
            html.escape(e.component),
            str(e.deals),
            str(e.games),
            _number(e.effect, sign=True),
            f"[{_number(e.low, sign=True)}, {_number(e.high, sign=True)}]",
            _number(e.p_adjusted),
            _number(e.treatment_rate),
            _number(e.baseline_rate),
            _number(e.tricks, 2),
        ]
        if not swapped:
            cells.append(_number(e.baseline_tricks, 2))
        cells.append(_number(e.draws))
        if not swapped:
            cells.append(_number(e.baseline_draws))
        cells.append(_number(e.votes, 2))
        if not swapped:
            cells.append(_number(e.baseline_votes, 2))
        if extra:
            value = getattr(e, extra[0])
            cells.append(str(value) if isinstance(value, int) else _number(value))
        css = ' class="flagged"' if e.flagged else ""
        rows.append(
            f'<tr{css} data-component="{html.escape(e.component)}">'
            + "".join(f"<td>{c}</td>" for c in cells)
            + "</tr>"
        )
    header = "".join(f"<th>{html.escape(h)}</th>" for h in head)
    return (
        f'<div class="scroll"><table class="effects" data-kind="{kind}"><tr>{header}</tr>'
        f"{''.join(rows)}</table></div>"
    )


def report_html(findings: Findings, facts: dict[str, Any]) -> str:
    """The whole page. ``facts``: the command, the run's date and time, the files written."""
    study = findings.study
    z = corrected_z(study.components)
    flagged = [e for e in findings.effects if e.flagged]
    parts = [
        "<!doctype html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>Claim balance lab: {html.escape(study.name)}</title>",
        f"<style>{_STYLE}</style></head><body>",
        f"<h1>Claim balance lab: {html.escape(study.name)}</h1>",
        '<p class="note">',
        f"Command: <code>{html.escape(str(facts.get('command', '')))}</code><br>",
        f"Bots: <b>{html.escape(study.bots[0])}</b> and <b>{html.escape(study.bots[1])}</b>"
        + (" (each game also played with their seats swapped)" if study.bots_swapped else "")
        + f"; seed {study.seed}; base setup: {html.escape(study.base.describe())}.<br>",
        f"{len(findings.games):,} games; {html.escape(str(facts.get('timing', '')))}<br>",
        f"Data: {', '.join(html.escape(f) for f in facts.get('files', []))}.",
        "</p>",
        "<h2>Headline</h2>",
        f"<p>{study.components} components compared; each interval is a Bonferroni-corrected "
        f"{CONFIDENCE:.0%} interval (z = {z:.3f}), so all of them hold together with "
        f"{CONFIDENCE:.0%} probability. "
        + (
            f"<b>{len(flagged)} flagged</b> (interval clear of 0): "
            + ", ".join(
                f"{html.escape(e.kind)} <b>{html.escape(e.component)}</b> "
                f"{e.effect:+.3f}" + f" [{_number(e.low, sign=True)}, {_number(e.high, sign=True)}]"
                for e in flagged
            )
            + "."
            if flagged
            else "None is flagged: no effect is clearly non-zero at this size (read the widths)."
        )
        + "</p>",
        '<p class="note">The effect is a difference of win rates (+0.050: five points more '
        "often) against a matched baseline on the same deals; the deal is the unit of the "
        "interval. No flag does not mean balanced: an interval of ±0.10 cannot tell.</p>",
    ]
    for part in study.parts:
        effects = [e for e in findings.effects if e.kind == part.kind]
        parts.append(f'<h2 id="{part.kind}">{html.escape(part.kind.capitalize())}</h2>')
        parts.append(
            f"<p>{html.escape(_KIND_TEXT[part.kind])} {study.deals(part.kind)} deals "
            f"a component ({study.games_per_deal(part.kind)} games each).</p>"
        )
        parts.append(f'<figure data-figure="forest" data-kind="{part.kind}">')
        parts.append(forest_svg(part.kind, effects))
        parts.append("<figcaption>Effects and corrected intervals.</figcaption></figure>")
        parts.append(_effects_table(part.kind, effects))
        parts.append(f'<figure data-figure="lengths" data-kind="{part.kind}">')
        parts.append(lengths_svg(part.kind, length_counts(findings, part.kind)))
        parts.append("<figcaption>Game length.</figcaption></figure>")
        parts.append(f'<figure data-figure="reasons" data-kind="{part.kind}">')
        parts.append(reasons_svg(part.kind, effects))
        parts.append("<figcaption>How the treatment games were decided.</figcaption></figure>")
        pairs = [i for i in findings.interactions if i.kind == part.kind]
        if pairs:
            names = sorted({i.first for i in pairs} | {i.second for i in pairs})
            subject = "first leader" if part.kind == "factions" else "holder of both"
            parts.append(
                f'<figure data-figure="heat" data-kind="{part.kind}" data-span="{HEAT_SPAN}" '
                f'data-min-games="{MIN_CELL_GAMES}">'
            )
            parts.append(heat_svg(part.kind, pairs, names))
            parts.append(
                f"<figcaption>Pairs: the {subject}'s mean score where both were in the same "
                f"{'deck' if part.kind == 'factions' else 'hand'} (cells of at least "
                f"{MIN_CELL_GAMES} games; interactions.csv has every pair). Descriptive: no "
                "interval.</figcaption></figure>"
            )
    parts.append("<h2>Method</h2>")
    parts.append(
        "<p>Every game is kept in games.jsonl as it ends; the same command resumes a stopped "
        "study and gives the same results. docs/lab.md describes the design and the "
        "statistics.</p>"
        "<details><summary>The study, as games.jsonl's header names it</summary>"
        f"<pre>{html.escape(json.dumps(study.to_dict(), indent=1))}</pre></details>"
    )
    parts.append("</body></html>")
    return "\n".join(parts)


def write_report(findings: Findings, out: Path, facts: dict[str, Any]) -> list[str]:
    """Write the data files and ``report.html`` into ``out``; the names written."""
    files = write_data(findings, out)
    page = report_html(findings, {**facts, "files": files})
    (out / "report.html").write_text(page, encoding="utf-8")
    return [*files, "report.html"]
