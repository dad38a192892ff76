"""Helpers shared by the command-line tests: run `claim` in process, check one-line errors."""

from __future__ import annotations

from click.testing import CliRunner, Result

from claim.apps.cli import cli


def run(*args: str, input: str | None = None) -> Result:
    """Run ``claim ARGS`` in this process (stdin from ``input``)."""
    return CliRunner().invoke(cli, list(args), input=input)


def assert_one_line_error(result: Result, text: str) -> None:
    """Bad input: exit code 2, nothing on stdout, one line ``error: ...`` naming ``text``."""
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1
    assert result.stderr.startswith("error: ")
    assert text in result.stderr
    assert "Traceback" not in result.output
