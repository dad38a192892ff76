"""claim.text.describe.table_facts: what the web table says beside its cards, sent as data in
each ``state`` message (issue 37: table.js kept its own basic vote, location facts and factions).
The words are the terminal's (the same functions); the standings follow the core's vote rule."""

from __future__ import annotations

import itertools
import random

from claim.core import records
from claim.core.scoring import compare
from claim.core.view import observe
from claim.core.view_types import View
from claim.text.account import Names
from claim.text.describe import location_lines, standing, table_facts
from scenario import position_record

YOU = Names(("you", "the bot"))
FEAR = ["goblins", "demons", "vampires", "werewolves", "knights"]


def view_of(record: dict[str, object], seat: int = 0) -> View:
    return observe(records.replay(record), seat)


def test_the_votes_say_who_leads_each_faction_in_words() -> None:
    record = position_record(
        FEAR,
        phase=2,
        hands=[["goblins:1"], ["goblins:2"]],
        scores=[["goblins:9", "goblins:5", "demons:3"], ["goblins:8", "demons:4"]],
    )
    facts = table_facts(view_of(record), 0, YOU)
    assert facts["factions"] == FEAR
    assert facts["votes"] == {
        "goblins": "you",  # more cards
        "demons": "unclear",  # one each, their values hidden (odd / even): only the end tells
        "vampires": "own rule",  # the stacks, not the Score piles
        "werewolves": "tied",
        "knights": "tied",
    }
    assert table_facts(view_of(record, 1), 1, Names(("the bot", "you")))["votes"]["goblins"] == (
        "the bot"
    )


def test_the_components_and_tallies_are_the_terminals_words() -> None:
    record = position_record(FEAR, phase=2, hands=[["goblins:1"], ["goblins:2"]])
    record["position"]["setup"]["setting"] = "plateau"  # type: ignore[index]
    record["position"]["counters"] = {"plateau-player": 1, "plateau-count": 2}  # type: ignore[index]
    view = view_of(record)
    facts = table_facts(view, 0, YOU)
    assert facts["tallies"] == location_lines(view, YOU)
    assert (
        "Plateau: the bot has won 2 tricks in a row (at 3 the other player leads the next trick)"
        in (
            facts["tallies"]  # type: ignore[operator]
        )
    )
    components = facts["components"]
    assert isinstance(components, list)
    assert components[0].startswith("Moon: ") and "Werewolf wins a Werewolf lead" in components[0]


def test_the_standing_is_the_cores_vote_on_the_values_shown() -> None:
    """describe.standing is scoring.compare wherever every value is shown (the page had its
    own copy of the rule)."""
    rng = random.Random(37)
    for _ in range(500):
        mine = sorted(rng.sample(range(10), rng.randint(0, 4)), reverse=True)
        theirs = sorted(rng.sample(range(10), rng.randint(0, 4)), reverse=True)
        assert standing([str(v) for v in mine], [str(v) for v in theirs]) == compare(mine, theirs)
    for hidden in itertools.product(("odd", "even"), repeat=2):
        assert standing(["9", hidden[0]], ["5", hidden[1]]) == 0  # decided before the hidden
        assert standing([hidden[0]], [hidden[1]]) == -1
