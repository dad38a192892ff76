"""The names of the small facts the rules keep by key, each defined once.

- **Counters** (``state.counters[KEY]``): public tallies kept between tricks, by the engine (the
  next end-of-game step), the locations (Plateau, Ice Fields, Lava Fields, Dungeon, Lighthouse)
  and the artifacts (Prowler's Torch, Mask of Darkness, waiting bonuses, runs of losses). Some are
  kept per player (``NAME:P``, :func:`player_key`) or per faction (``NAME:FACTION``,
  :func:`faction_key`).
- **Marks** (``trick.marks[KEY]``): facts a power leaves on the trick being played for its later
  hooks, or for the engine and the view (an artifact's forced play, a masked lead).
- **Tags** (``state.tags[card]``): facts about single cards.

The tables :data:`COUNTER_KEYS`, :data:`MARK_KEYS` and :data:`TAGS` list them all by constant
name, so the describing layer can send them to the browser as JSON instead of a copy. The module
imports nothing: the state reads the forced-play mark from here when it writes a position (the
mark names a card, written by place).
"""

from __future__ import annotations

#: the tag of a card in a hidden zone that the other player knows from a private look (the Seer,
#: W7), not from seeing it face-up: a spectator's view does not show it (docs/rulings.md 40)
PRIVATE_LOOK = "looked"

#: the counter that, while positive, shows every card taken from the deck to both players
#: (Prowler's Torch, W6)
SHOWN_DRAWS = "prowlers-torch"

#: the trick mark naming the card the player to act must play (an artifact's forced play)
FORCED_PLAY = "forced"

# -------------------------------------------------------------------------------------------------
# Counters (state.counters)
# -------------------------------------------------------------------------------------------------

#: the engine: the next end-of-game step while one of them asks a decision (§9, R-90)
END_STEP = "end-step"

#: Plateau (L8): who won the last tricks in a row, and how many
PLATEAU_PLAYER = "plateau-player"
PLATEAU_COUNT = "plateau-count"
#: Ice Fields (L9): the player whose next card gets +1 (the last trick's loser)
ICE_FIELDS = "ice-fields"
#: Lava Fields (L10): who lost the last Phase Two tricks in a row, and how many
LAVA_PLAYER = "lava-player"
LAVA_COUNT = "lava-count"
#: Dungeon (L11): the winner of the last Phase One trick
DUNGEON_FIRST = "dungeon-1"
#: Lighthouse (L12), per faction (``lighthouse:FACTION``): the player who won it outright
LIGHTHOUSE = "lighthouse"

# Prowler's Torch (W6) is SHOWN_DRAWS (state.py): tricks left during which every draw is shown
#: Mask of Darkness (A16, A34): tricks left during which the leader plays face-down
MASK = "mask-of-darkness"
#: per player (``NAME:P``): a bonus waiting for P's next card (Flask of Tears +9, A15; Ice Sword:
#: the frozen card's printed value, A37), named after its artifact
FLASK_OF_TEARS = "flask-of-tears"
ICE_SWORD = "ice-sword"
BONUSES = (FLASK_OF_TEARS, ICE_SWORD)
#: per player (``losses:P``): P's run of lost tricks with a winner (Flask of Tears, A33)
LOSSES = "losses"


def player_key(name: str, player: int) -> str:
    """The key of a counter kept per player: ``NAME:P``."""
    return f"{name}:{player}"


def faction_key(name: str, faction: str) -> str:
    """The key of a counter kept per faction: ``NAME:FACTION``."""
    return f"{name}:{faction}"


# -------------------------------------------------------------------------------------------------
# Marks (trick.marks)
# -------------------------------------------------------------------------------------------------

# FORCED_PLAY (state.py): the card the player to act must play (drawn at random, or a Lamp's)
#: Gambler's Dice (A6): both cards of this trick are drawn at random
DICE = "dice"
#: Hunting Cloak (A23): the follower's card is drawn at random
CLOAK = "cloak"
#: Wishing Lamp (A9, A28): the named card was held (the follower must play it) / was not (the
#: follower plays freely and wins)
LAMP_HELD = "lamp-held"
LAMP_WINS = "lamp-wins"
#: King's Dagger on a Lamp card (A47): the replacement is any card
FREE = "free"
#: Mask of Darkness (A16): the lead is face-down, the follower free
MASKED = "masked"
#: Book of Memories (A17): the lead comes from the leader's Score pile
BOOK = "book"
#: Ice Sword (A18): the cards freeze instead of resolving
FROZEN = "frozen"
#: Bottomless Bottle (A14): the lower effective value wins
LOWER_WINS = "lower-wins"
#: a winner imposed over every power that decides the winner (Wishing Lamp, A28): those powers
#: do not act, so the effects that are part of their win (a Stone Golem's crush, a Basilisk's
#: capture, H6) do not happen either
WIN_IMPOSED = "win-imposed"
#: Gelatinous Cube (H20): the lead card went under the Cube, the trick has no winner
CUBE = "cube"
#: Stone Golem (H17): the lead card is crushed (discarded)
CRUSHED = "crushed"
#: Kraken (H11): 1 once it took a card from the other hand, NO_PLAYER when there was none
KRAKEN = "kraken"

# -------------------------------------------------------------------------------------------------
# Tags (state.tags)
# -------------------------------------------------------------------------------------------------

# PRIVATE_LOOK (state.py): a card in a hidden zone the other player knows from a private look
#: a Gargoyle that entered a Score pile in Phase One counts for nothing (H32)
STALE = "stale"
#: a Gnome that lay face-up at the end of Phase Two: the Tavern cannot give it (L20)
FACE_UP = "face-up"

# -------------------------------------------------------------------------------------------------
# The tables
# -------------------------------------------------------------------------------------------------

#: every counter key by constant name; the per-player and per-faction ones are prefixes
COUNTER_KEYS: dict[str, str] = {
    "END_STEP": END_STEP,
    "PLATEAU_PLAYER": PLATEAU_PLAYER,
    "PLATEAU_COUNT": PLATEAU_COUNT,
    "ICE_FIELDS": ICE_FIELDS,
    "LAVA_PLAYER": LAVA_PLAYER,
    "LAVA_COUNT": LAVA_COUNT,
    "DUNGEON_FIRST": DUNGEON_FIRST,
    "LIGHTHOUSE": LIGHTHOUSE,
    "SHOWN_DRAWS": SHOWN_DRAWS,
    "MASK": MASK,
    "FLASK_OF_TEARS": FLASK_OF_TEARS,
    "ICE_SWORD": ICE_SWORD,
    "LOSSES": LOSSES,
}
#: the counters kept per player (``NAME:P``) and per faction (``NAME:FACTION``)
PER_PLAYER = (FLASK_OF_TEARS, ICE_SWORD, LOSSES)
PER_FACTION = (LIGHTHOUSE,)

#: every mark key by constant name
MARK_KEYS: dict[str, str] = {
    "FORCED_PLAY": FORCED_PLAY,
    "DICE": DICE,
    "CLOAK": CLOAK,
    "LAMP_HELD": LAMP_HELD,
    "LAMP_WINS": LAMP_WINS,
    "FREE": FREE,
    "MASKED": MASKED,
    "BOOK": BOOK,
    "FROZEN": FROZEN,
    "LOWER_WINS": LOWER_WINS,
    "WIN_IMPOSED": WIN_IMPOSED,
    "CUBE": CUBE,
    "CRUSHED": CRUSHED,
    "KRAKEN": KRAKEN,
}

#: every tag by constant name
TAGS: dict[str, str] = {"PRIVATE_LOOK": PRIVATE_LOOK, "STALE": STALE, "FACE_UP": FACE_UP}

assert len(set(COUNTER_KEYS.values())) == len(COUNTER_KEYS)
assert len(set(MARK_KEYS.values())) == len(MARK_KEYS)
