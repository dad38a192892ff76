"""The account's words for the Vampires (issue 37): a card tucked under a face-up Vampire went
there by the Vampires' decision, whatever its own faction (V3); the Vampires' vote is told by the
stacks' strength (R-21, V8), never by a count of Vampires in the Score piles."""

from __future__ import annotations

from claim.core import records
from claim.text.account import Names, Narrator
from test_power_vampires import VAMP, _record

YOU = Names(("you", "the bot"))


def told(record: dict[str, object], viewer: int = 0) -> list[str]:
    """Every line the live narrator tells ``viewer`` over the record's moves."""
    narrator = Narrator(records.initial_state(record), viewer=viewer, names=YOU)
    moves: list[str] = record["moves"]  # type: ignore[assignment]
    return [line for move in moves for line in narrator.apply(move)]


def test_a_tucked_zombie_is_the_vampires_doing() -> None:
    """A Zombie tucked under a Vampire was told "(the Zombies' power)" and "→ tucked"."""
    record = _record(
        ["goblins", "knights", "vampires", "zombies", "undead"],
        [["zombies:7", "goblins:1"], ["zombies:2", "goblins:2"]],
        ["play zombies:7", "play zombies:2", "tuck zombies:2", "pass"],
        vampire=("vampires:5", None),
    )
    cards = [line.strip() for line in told(record) if "Cards:" in line]
    assert cards == [
        "Cards: zombies:7 → your Score pile; zombies:2 → under your face-up Vampire (the "
        "Vampires' power)."
    ]


def test_the_vampire_vote_is_told_by_the_stacks_strength() -> None:
    """R-21: vampires:3 + knights:5 (8) beats vampires:7 + goblins:0 (7); the Score piles'
    Vampires count for nothing and are not what the line tells."""
    record = _record(
        VAMP,
        [["undead:1"], ["undead:0"]],
        ["play undead:1", "play undead:0", "pass"],
        number=13,
        scores=[[], ["vampires:8", "vampires:9"]],
        vampire=("vampires:3", "vampires:7"),
        tucked=[["knights:5"], ["goblins:0"]],
    )
    votes = [line.strip() for line in told(record) if line.strip().startswith("vampires:")]
    assert votes == [
        "vampires: your stack is strength 8 (Vampire 3, tucked 5), the bot's stack is strength 7 "
        "(Vampire 7, tucked 0) → you (the stronger stack, 8 vs 7)"
    ]
