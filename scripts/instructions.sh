#!/usr/bin/env bash
# Instructions per random full game, counted by valgrind's callgrind: unlike games per second this
# figure does not depend on what else the machine is doing, so it compares two versions honestly.
# Usage: scripts/instructions.sh [GAMES]   (needs valgrind; run from the repository root)
set -euo pipefail
games=${1:-200}
python=${PYTHON:-.venv/bin/python}
count() {  # preset games -> instructions of the whole run
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$python" -c "
import random, sys
import claim
from claim.core.cards import PRESETS
from claim.core.setup import GameConfig
config = GameConfig(PRESETS['$1']); rng = random.Random(1)
for seed in range($2):
    state = claim.new_game(config, seed)
    while not claim.is_over(state):
        legal = claim.legal_actions(state)
        claim.apply(state, legal[rng.randrange(len(legal))])
" 2>&1 | awk '/refs/ {gsub(",", "", $NF); print $NF}'
}
for preset in claim claim2; do
  full=$(count "$preset" "$games")
  base=$(count "$preset" 1)
  echo "$preset: $(( (full - base) / (games - 1) )) instructions per game"
done
