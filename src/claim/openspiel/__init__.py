"""Claim in OpenSpiel: ``import claim.openspiel`` registers the Python game ``python_claim``.

Needs the ``openspiel`` extra (``pip install 'claim[openspiel]'``: OpenSpiel, NumPy)::

    import pyspiel
    import claim.openspiel  # registers python_claim

    game = pyspiel.load_game("python_claim", {"factions": "random", "heroes": 5})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)

:mod:`claim.openspiel.game` is the game (parameters, chance, information states, resampling);
:mod:`claim.openspiel.bot` plays OpenSpiel's ISMCTS and MCTS as our bots (``claim arena --bots
search:hard,openspiel-ismcts:1000``). docs/rl.md, "OpenSpiel", describes both. Above the rules
core and :mod:`claim.envs` (its action table and encoding); nothing below imports it.
"""

from claim.openspiel.game import GAME_NAME, PARAMETERS, ClaimGame, ClaimState, options_of

__all__ = ["GAME_NAME", "PARAMETERS", "ClaimGame", "ClaimState", "options_of"]
