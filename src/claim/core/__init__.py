"""The rules core: a pure library (no I/O beyond reading a record file, no clock, no global random).

Modules, bottom up (``tests/test_layers.py`` checks that imports only go down and never cycle, and
that none hides inside a function): ``cards`` (the card tables, and what each card id is to the
rules), ``errors``, ``fields`` (fields declared once), ``keys`` (counter, mark and tag names),
``view_types`` (the shapes of a view and of a result) and ``events`` (what a move did) → ``setup``
(what a game is made of) and ``scoring`` → ``notation`` (what records and positions both read) and
``options`` → ``position_io`` → ``position_codecs`` (writing and reading a position's fields) →
``state`` (handed its rule book) → ``powers`` (``base``: the hooks and the engine steps a power may
queue; one module per kind of power; the registry and ``rule_book``) → ``engine`` → ``game``
(``new_game``: shuffle and deal), ``positions``, ``old_moves``, ``view`` → ``view_events`` (the
events a viewer may see) and ``records``.
Everything above — the describing layer (:mod:`claim.text`), the bots, the simulations and the apps
— imports from here, never the other way round.
"""
