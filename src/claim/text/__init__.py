"""The describing layer: how cards, moves and events read, for every screen (terminal, CLI, web,
replay account). It reads the core; the core never reads it."""
