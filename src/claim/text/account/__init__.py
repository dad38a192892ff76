"""The human-readable account of a game: trick by trick, why each trick was won, the decisions,
the prizes, the end-of-game steps, the votes faction by faction and the winner; with locations
their rules text, their choices (cards passed or discarded at a phase start, the Islands prize, the
Tavern's gives), their tallies (Plateau, Lighthouse, Dungeon) and the results they decide; with
artifacts who was dealt which and their rules text, and every use with its effect as it happens
(the cards drawn at random, the Torch's draws, a masked lead, the Flail card, a frozen trick).

Everything here returns text; nothing prints. :func:`replay_account` tells a whole record as
everyone may see it (``claim replay``). A :class:`Narrator` follows a game move by move and tells
each finished trick; ``claim play`` uses one with ``viewer`` set to the human's seat, and then it
only tells what that player may know (the other's blind draws stay "a card"): what a viewer may
know is decided by :mod:`claim.core.view`, which the narrator asks.

The modules, each one kind of text:

- :mod:`~claim.text.account.words`: the players' names, zones, ordinals, the components' titles;
- :mod:`~claim.text.account.setup_text`: the setup, the rules lines of heroes, locations and
  artifacts, the setup as a player at the table knows it;
- :mod:`~claim.text.account.tricks`: a trick's heading and who won it;
- :mod:`~claim.text.account.results`: the end-of-game steps, the votes and the result;
- :mod:`~claim.text.account.base`: what the Narrator holds and how its viewer sees each card;
- :mod:`~claim.text.account.location_events`, :mod:`~claim.text.account.artifact_events`,
  :mod:`~claim.text.account.decisions`: the Narrator's parts that tell what the locations, the
  artifacts and the decisions (with the heroes) did;
- :mod:`~claim.text.account.narrator`: the :class:`Narrator`;
- :mod:`~claim.text.account.replay`: :func:`replay_account` and an unfinished game's state.

The names below are the package's public ones: import them from ``claim.text.account``.
"""

from __future__ import annotations

from claim.text.account.artifact_events import ARTIFACT_ASKS, FROZEN_REASON
from claim.text.account.decisions import AFTER_COLLECTION, DECISION_POWERS, describe_decision
from claim.text.account.location_events import (
    LOCATION_CHOICES,
    pending_choice,
    pending_choice_lines,
)
from claim.text.account.narrator import CUBE, Narrator, Pending
from claim.text.account.replay import in_progress_lines, replay_account
from claim.text.account.results import (
    END_STEP_TEXT,
    decided_counts,
    decided_lines,
    dungeon_line,
    end_step_text,
    game_result_lines,
    result_lines,
    vote_line,
)
from claim.text.account.setup_text import (
    CHOSEN_DEAL_LINE,
    NO_SEAT,
    SAVE_HOLDS_DEAL,
    artifact_rules_lines,
    artifact_setup_lines,
    held_artifacts_line,
    hero_rules_lines,
    hero_setup_lines,
    hero_table_lines,
    location_rules_lines,
    seed_end_line,
    setup_lines,
    table_setup_lines,
)
from claim.text.account.tricks import card_text, trick_heading, winner_line
from claim.text.account.words import (
    ORDINALS,
    PHASE_NAMES,
    PLAYER_NAMES,
    ZONE_TEXT,
    Names,
    artifact_title,
    artifact_titles,
    capitalize,
    card_name,
    faction_title,
    faction_titles,
    hero_title,
    location_title,
    named,
    ordinal,
    printed_value,
    zone_text,
)

__all__ = [
    "AFTER_COLLECTION",
    "ARTIFACT_ASKS",
    "CHOSEN_DEAL_LINE",
    "CUBE",
    "DECISION_POWERS",
    "END_STEP_TEXT",
    "FROZEN_REASON",
    "LOCATION_CHOICES",
    "NO_SEAT",
    "ORDINALS",
    "PHASE_NAMES",
    "PLAYER_NAMES",
    "SAVE_HOLDS_DEAL",
    "ZONE_TEXT",
    "Names",
    "Narrator",
    "Pending",
    "artifact_rules_lines",
    "artifact_setup_lines",
    "artifact_title",
    "artifact_titles",
    "capitalize",
    "card_name",
    "card_text",
    "decided_counts",
    "decided_lines",
    "describe_decision",
    "dungeon_line",
    "end_step_text",
    "faction_title",
    "faction_titles",
    "game_result_lines",
    "held_artifacts_line",
    "hero_rules_lines",
    "hero_setup_lines",
    "hero_table_lines",
    "hero_title",
    "in_progress_lines",
    "location_rules_lines",
    "location_title",
    "named",
    "ordinal",
    "pending_choice",
    "pending_choice_lines",
    "printed_value",
    "replay_account",
    "result_lines",
    "seed_end_line",
    "setup_lines",
    "table_setup_lines",
    "trick_heading",
    "vote_line",
    "winner_line",
    "zone_text",
]
