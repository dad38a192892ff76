"""The rules core: a pure library (no I/O beyond reading a record file, no clock, no global random).

Layers, bottom up (``tests/test_layers.py`` checks that imports only go down and never cycle):
``cards`` and ``errors`` (data) → ``setup`` → ``state`` → ``powers`` → ``scoring`` → ``engine`` →
``view`` → ``records``, ``positions``, ``old_moves`` (notation) → ``options`` (the setup options).
Everything above — the describing layer (:mod:`claim.text`), the bots, the simulations and the apps
— imports from here, never the other way round.
"""
