"""Thin adapters over the library: the command line (``cli``), the terminal table (``tui``) and
the web server (``web``). They render views and parse moves; no rules live here."""
