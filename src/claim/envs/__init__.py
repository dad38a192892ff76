"""Claim for reinforcement learning: a PettingZoo AEC environment and a Gymnasium one.

Needs the ``rl`` extra (``pip install 'claim[rl]'``: PettingZoo, Gymnasium, NumPy). Import the
versioned module, as with PettingZoo's games: ``from claim.envs import claim_v0``. Above the
rules core, the describing layer and the bots; nothing below imports it.
"""
