"""``claim lab``: the balance lab's studies and their reports (docs/lab.md)."""

from __future__ import annotations

import dataclasses
import importlib.util
import shlex
from collections.abc import Callable
from contextlib import AbstractContextManager
from pathlib import Path
from typing import TYPE_CHECKING

import click

from claim.apps.cli.group import (
    BOT_SPECS,
    check_games,
    check_ray,
    cli,
    fail,
    games_executor,
    number_text,
    stopped,
)
from claim.apps.cli.options import jobs_option, ray_option, setup_options
from claim.apps.cli.progress import progress, quiet_option
from claim.core.errors import ClaimError
from claim.core.options import SetupOptions, fresh_seed
from claim.lab.design import KINDS, SETUPS, STUDIES, Part, Study, default_components
from claim.lab.studyfile import StudyFile, load_study_file
from claim.sim.arena import normalize_spec

if TYPE_CHECKING:  # the lab's analysis loads when a study runs
    from claim.lab.analysis import Findings

#: games a component when neither --games nor the study file says
DEFAULT_GAMES = 200
DEFAULT_BOT = "heuristic"


def _bots(text: str) -> tuple[str, str]:
    parts = text.split(",")
    if len(parts) not in (1, 2):
        fail(f"--bots takes one bot or two separated by a comma, not {text!r}")
    try:
        specs = [normalize_spec(p) for p in parts]
    except ClaimError as exc:
        fail(f"--bots: {exc}")
    return (specs[0], specs[-1])


def _study(
    name: str,
    games: int | None,
    bots_text: str | None,
    seed: int | None,
    options: SetupOptions,
    out: Path,
) -> tuple[Study, bool]:
    """The study asked for, and whether its seed is a fresh one (to be told once DIR is found
    to take the study: a refused folder is then one line)."""
    from claim.lab.run import kept_seed

    file: StudyFile | None = None
    parts: tuple[Part, ...]
    if name.lower() in STUDIES:
        kinds = KINDS if name.lower() == "all" else (name.lower(),)
        parts = tuple(Part(k, default_components(k)) for k in kinds)
        label, base, setups = name.lower(), options, tuple(SETUPS.items())
    elif name.endswith(".toml") or Path(name).is_file():
        try:
            file = load_study_file(Path(name))
        except ClaimError as exc:
            fail(str(exc))
        if options != SetupOptions():
            fail("the study file gives the base setup ([base]); drop the setup options")
        label, parts, base, setups = file.name, file.parts, file.base, file.setups
    else:
        fail(f"unknown study {name!r}; studies are: {', '.join(STUDIES)}, or a study file (.toml)")
    if games is None:
        games = file.games if file and file.games is not None else DEFAULT_GAMES
    check_games(games, 1)
    bots = _bots(bots_text or (file.bots if file and file.bots else DEFAULT_BOT))
    if seed is None:
        seed = file.seed if file and file.seed is not None else kept_seed(out)
    fresh = seed is None
    try:
        study = Study(
            label, parts, bots, games, fresh_seed() if seed is None else seed, base, setups
        )
    except ClaimError as exc:
        fail(str(exc))
    return study, fresh


@cli.command(name="lab")
@click.argument("study_name", metavar="STUDY")
@click.option(
    "--out",
    "out",
    required=True,
    type=click.Path(file_okay=False, path_type=Path),
    metavar="DIR",
    help="Folder of the report, the data and the kept games (made if missing; the same DIR "
    "resumes a stopped study).",
)
@click.option(
    "--games",
    type=int,
    default=None,
    metavar="N",
    help=f"Games for each component, its matched baseline's included, rounded up to whole "
    f"deals (default {DEFAULT_GAMES}).",
)
@click.option(
    "--bots",
    "bots_text",
    default=None,
    metavar="A[,B]",
    help=f"The bot of both seats, or two bots (each game then played with their seats swapped): "
    f"{BOT_SPECS}. Default: {DEFAULT_BOT}.",
)
@setup_options
@jobs_option
@ray_option
@quiet_option
def lab_command(
    study_name: str,
    out: Path,
    games: int | None,
    bots_text: str | None,
    seed: int | None,
    options: SetupOptions,
    jobs: int,
    ray_address: str | None,
    quiet: bool,
) -> None:
    """Measure what each component of the game is worth and write a report to DIR.

    STUDY is factions, heroes, locations, artifacts, first-leader, all, or a study file (TOML;
    docs/lab.md). Each component is played on matched deals against a baseline without it
    (or with the holder or leader swapped), and its effect on the holder's (or the first
    leader's) win rate is reported with a Bonferroni-corrected 95% interval, with game length,
    how games were decided and the votes won. The setup options give the base setup every deal
    starts from. DIR gets report.html (self-contained), effects.csv, interactions.csv and
    games.csv (and .parquet with pyarrow), and games.jsonl: every finished game, kept as it
    ends, so that the same command resumes a stopped study (without --seed: the seed kept in
    DIR) with the same results. Progress goes to stderr (--quiet: none).
    """
    if jobs < 1:
        fail(f"--jobs must be at least 1, not {number_text(jobs)}")
    check_ray(jobs, ray_address)
    if importlib.util.find_spec("matplotlib") is None:
        fail(
            "claim lab draws its report with matplotlib, which is not installed: "
            "pip install 'claim[lab]'"
        )
    study, fresh = _study(study_name, games, bots_text, seed, options, out)
    from claim.lab.report import write_report
    from claim.lab.run import GAMES_FILE, read_runs, run_study, runs_text

    try:
        with (
            games_executor(jobs, ray_address, study.total_games) as executor,
            _LateProgress(f"lab {study.name}", quiet) as bar,
        ):

            def on_start(kept: int, left: int) -> None:
                if fresh:
                    click.echo(
                        f"seed {study.seed} (the same command in {out} resumes this study; "
                        f"--seed {study.seed} runs it again elsewhere)",
                        err=True,
                    )
                if kept and not quiet:
                    click.echo(
                        f"{kept:,} games kept in {out / GAMES_FILE}; {left:,} to play", err=True
                    )
                bar.start(left)

            findings, ran = run_study(study, out, executor, on_game=bar.step, on_start=on_start)
    except KeyboardInterrupt:
        stopped(
            f"stopped: the finished games are kept in {out / GAMES_FILE}; run the same command "
            "to go on"
        )
    except ClaimError as exc:
        fail(str(exc))
    rate = f", {ran.played / ran.seconds:.1f} games/s" if ran.played and ran.seconds > 0 else ""
    timing = (
        f"this run: {ran.played:,} games played in {ran.seconds:.0f} s"
        + rate
        + (f", {ran.kept:,} kept from before" if ran.kept else "")
    )
    command = study_command(study, study_name, out)
    try:
        written = write_report(
            findings, out, {"command": command, "timing": runs_text(read_runs(out))}
        )
    except OSError as exc:
        fail(f"--out: cannot write the report in {out}: {exc.strerror}")
    _print_summary(findings, out, written, timing)


def study_command(study: Study, given: str, out: Path) -> str:
    """The command that runs ``study`` again (into ``out``), as the report shows it."""
    words = ["claim", "lab", given, "--games", str(study.games)]
    words += ["--bots", study.bots[0] if not study.bots_swapped else ",".join(study.bots)]
    words += ["--seed", str(study.seed)]
    defaults = SetupOptions()
    for name in (f.name for f in dataclasses.fields(SetupOptions)):
        value = getattr(study.base, name)
        if value != getattr(defaults, name) and not given.endswith(".toml"):
            words += [f"--{name.replace('_', '-')}", str(value)]
    return shlex.join([*words, "--out", str(out)])


class _LateProgress:
    """The progress of :func:`claim.apps.cli.progress.progress`, opened once the number of
    games to play is known (after the kept games are read)."""

    def __init__(self, label: str, quiet: bool) -> None:
        self.label, self.quiet = label, quiet
        self._context: AbstractContextManager[Callable[[], None]] | None = None
        self._step: Callable[[], None] | None = None

    def start(self, total: int) -> None:
        self._context = progress("lab", self.label, total, self.quiet)
        self._step = self._context.__enter__()

    def step(self) -> None:
        if self._step is not None:
            self._step()

    def __enter__(self) -> _LateProgress:
        return self

    def __exit__(self, *exc: object) -> None:
        if self._context is not None:
            self._context.__exit__(None, None, None)
            self._context = None


def _print_summary(findings: Findings, out: Path, written: list[str], timing: str) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console(highlight=False, soft_wrap=True)
    study = findings.study
    console.print(
        f"Study {study.name}: {study.components} components, {len(findings.games):,} games, "
        f"bots {study.bots[0]} and {study.bots[1]}, seed {study.seed}; {timing}",
        markup=False,
    )
    table = Table(title="Effects (corrected 95% intervals; * flagged)", title_justify="left")
    for column in ("kind", "component", "deals", "effect", "interval"):
        table.add_column(column, justify="left" if column in ("kind", "component") else "right")
    for e in findings.effects:
        interval = "–" if e.low is None or e.high is None else f"[{e.low:+.3f}, {e.high:+.3f}]"
        table.add_row(
            e.kind,
            e.component + (" *" if e.flagged else ""),
            str(e.deals),
            f"{e.effect:+.3f}",
            interval,
        )
    console.print(table)
    console.print(f"Report: {out / 'report.html'} (and {', '.join(written[:-1])})", markup=False)
