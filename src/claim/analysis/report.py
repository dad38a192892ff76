"""The analysis in words: the lines ``claim analyze`` prints (the JSON is ``Analysis.to_json``)."""

from __future__ import annotations

from claim.analysis.review import Analysis, Decision
from claim.analysis.verdicts import VERDICTS, loss_words
from claim.text.hints import AFTER_HINT

PHASES = {1: "I", 2: "II"}
#: the chart's characters, lowest first (a chance of 0 to 1 in eight steps)
BARS = "▁▂▃▄▅▆▇█"
#: the chart's width: a longer game is drawn one column per few decisions
CHART_WIDTH = 72


def report_lines(analysis: Analysis, source: str) -> list[str]:
    """The readable analysis: the result, each player's summary, the chart of player 0's
    chances, then every decision that earned a name with the better move."""
    lines = [
        f"Analysis of {source}: {len(analysis.decisions)} decisions in {analysis.moves} moves, "
        f"{analysis.budget:,} simulations each (seed {analysis.seed}).",
        _result_line(analysis),
        "Each chance is the deciding player's chance of winning after the move, estimated from "
        "what that player knew at the time.",
        "",
        "Players:",
    ]
    for player in (0, 1):
        summary = analysis.summary(player)
        counts = ", ".join(
            _plural(summary.counts[name], name) for name, _ in VERDICTS if summary.counts[name]
        )
        lines.append(
            f"  player {player}: {summary.decisions} decisions, {counts or 'nothing marked'}; "
            f"average loss {100 * summary.average_drop:.1f} points"
        )
    if analysis.decisions:
        lines += ["", "Player 0's chance of winning, decision by decision (low ▁ to high █):"]
        lines.append("  " + chart(analysis))
    marked = [d for d in analysis.decisions if d.verdict is not None]
    lines += ["", "Marked moves:" if marked else "No move lost a clear chance of winning."]
    lines += [f"  {decision_line(d)}" for d in marked]
    hinted = [d for d in analysis.decisions if d.hinted]
    if hinted:
        lines += ["", f"Moves made {AFTER_HINT}:"]
        lines += [f"  {hinted_line(d)}" for d in hinted]
    return lines


def hinted_line(d: Decision) -> str:
    """A decision made after a hint: the move and its chance, and the search's choice."""
    best = "the search's choice too" if d.best == d.move else f"{d.best} was its choice"
    return (
        f"move {d.ply + 1}, player {d.player}: {d.move} ({_percent(d.chance)}), "
        f"{best} ({_percent(d.best_chance)})"
    )


def decision_line(d: Decision) -> str:
    """One marked decision: where, who, the move and its chance, the better move and its (and
    whether the player had asked for a hint, issue 39)."""
    return (
        f"move {d.ply + 1} (phase {PHASES.get(d.phase, d.phase)}, trick {d.trick}), "
        f"player {d.player}: {d.move} ({_percent(d.chance)}) — {d.verdict}, "
        f"{d.best} was better ({_percent(d.best_chance)}), {loss_words(d.drop, d.noise)}"
        + (f", {AFTER_HINT}" if d.hinted else "")
    )


def chart(analysis: Analysis) -> str:
    """Player 0's chances as a line of block characters, at most :data:`CHART_WIDTH` wide."""
    chances = [c for _, c in analysis.chances()]
    if len(chances) > CHART_WIDTH:
        step = len(chances) / CHART_WIDTH
        chances = [chances[int(i * step)] for i in range(CHART_WIDTH)]
    return "".join(BARS[min(len(BARS) - 1, int(c * len(BARS)))] for c in chances)


def _result_line(analysis: Analysis) -> str:
    if not analysis.finished:
        return "The game is not finished."
    votes = analysis.votes or (0, 0)
    w = analysis.winner
    if w is None:
        return "The game was a draw."
    if analysis.reason == "votes":
        return f"Player {w} won, {votes[w]} votes to {votes[1 - w]}."
    if analysis.reason == "cards":
        return f"Player {w} won on cards, {votes[w]} votes each."
    return f"Player {w} won: {analysis.reason} decided the game."


def _percent(chance: float) -> str:
    return f"{100 * chance:.0f}%"


def _plural(n: int, word: str) -> str:
    if n == 1:
        return f"1 {word}"
    return f"{n} {word[:-1]}ies" if word.endswith("y") else f"{n} {word}s"
