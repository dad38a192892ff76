"""``python -m claim.apps.cli``: the ``claim`` command."""

from claim.apps.cli import main

main()
