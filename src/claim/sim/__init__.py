"""Many games at once: ``simulate`` (random games, statistics) and ``arena`` (bot matches)."""
