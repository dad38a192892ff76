"""The heuristic bot: hand-written play that knows the game, from the player's view alone.

It never looks at a state (nor at ``sample``): everything comes from :func:`claim.observe`'s view
and the legal move strings. Its one idea is a small model of the end of the game:

* for each faction, the **margin** of votes cards so far (both Score piles, face-up Gnomes, the
  Vampire stacks) and the **expected drift** still to come from the cards in hands (Phase Two) or
  in Follower decks (Phase One): a high card tends to win its trick and bring its faction home, a
  low one tends to be lost to the opponent (a Dwarf the other way round);
* from margin, drift and the spread of the unknown cards, each faction's chance of going to us,
  and from those the chance of winning three votes of five (:meth:`Estimate.p_game`).

Every candidate move is scored by the chance of winning the game after it; decisions use the same
model or a fixed rule; any move it does not know gets a safe fallback, so it never fails. Where
the end of the game is near enough to count exactly (the Tavern, the Gargoyle), the public Score
piles are scored by the core's own scorer (:func:`claim.core.scoring.end_result`).

Heroes (RULES.md §6) are valued at their R-61 values. The trick model knows the powers that decide
a trick: a led Witch or Lich King, the Warlock, Mummy, Centaur Archer and Stone Golem played
second, the Jester's swap, a Minotaur as its player's last card, the Cube's winnerless trick, Life
Stealer, Vampire Queen, Death; declared Lycanthropes and Ents play as their faction, an Ent counts
for its faction, a Gargoyle collected in Phase Two as two cards of the faction its owner likes
best. Locations (§7, §9) change values and ranks (Underworld, Farmlands, Ice Fields), where the
prize goes (Shore, Islands), what a collected card is worth to its vote (Ruins, Pyramid, Tower),
the votes (Fortress, Lighthouse, Dungeon), or decide the game (Castle, Monastery, Bridge, Forest,
Lava Fields — the last three also as plans of losing every trick left). Artifacts (§8) are read
in the trick model and used when the game looks better with them than without.

The modules, from the bottom up:

* :mod:`.card_values` — what a card's name tells: faction, value (estimated when hidden), rank,
  strength for tricks and for votes; :mod:`.card` — a card on the table as the trick model sees
  it; :mod:`.odds` — the chance arithmetic of the plans.
* :mod:`.table` — what the bot knows about the table from one view (:class:`Table`);
  :mod:`.replies` — how the opponent may reply, by card counting; :mod:`.estimate` — the chance
  of winning the game (:class:`Estimate`); :mod:`.tricks` — how a trick plays out
  (:class:`Model`, what every decision reads), and the worth of a lead.
* :mod:`.end_of_game` — the end counted exactly through the core's scorer.
* The decisions: :mod:`.play` (which card to play), :mod:`.artifacts`, :mod:`.heroes`,
  :mod:`.locations`, :mod:`.factions` (Seer, Vampires, Trolls, Poisoners), :mod:`.parting`
  (which card to discard, give or set aside); :mod:`.bot` — :class:`HeuristicBot`, which sends
  each decision to the module that knows it.
"""

from __future__ import annotations

from claim.bots.heuristic.bot import HeuristicBot
from claim.bots.heuristic.end_of_game import end_score

__all__ = ["HeuristicBot", "end_score"]
