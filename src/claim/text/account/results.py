"""The end of a game as the account tells it: the end-of-game steps' card moves (§9 steps 1–3),
the votes faction by faction and what decided the winner, or the location that decided the game
before the votes (L23)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from claim.core import cards, keys
from claim.core.powers import DECIDED_BEFORE_THE_VOTES
from claim.core.powers.fear import Vampires
from claim.core.powers.locations import (
    Bridge,
    Castle,
    Dungeon,
    Forest,
    LavaFields,
    Monastery,
    Tower,
    collected_cards,
    complete_sets,
    faction_cards,
)
from claim.core.scoring import faction_values
from claim.core.state import State
from claim.core.view import report
from claim.core.view_types import DungeonNote, GameResult
from claim.text.account.words import Names, capitalize, ordinal, printed_value, zone_text
from claim.text.catalog import CATALOG

# The locations whose result the account explains in their own words: the Tower's votes (L17),
# the Dungeon's extra votes (L11), and the games decided before the votes (L23)
TOWER, DUNGEON, LAVA = Tower.name, Dungeon.name, LavaFields.name
CASTLE, MONASTERY, BRIDGE, FOREST = Castle.name, Monastery.name, Bridge.name, Forest.name

#: what each power's end-of-game step does, as the account says it (the catalog's ``end_step``)
END_STEP_TEXT = {key: entry.end_step for key, entry in CATALOG.items() if entry.end_step}


def end_step_text(by: str, source: str, target: str, names: Names, codes: list[str]) -> str:
    """One end-of-game move group: which power moved which cards from where to where."""
    template = END_STEP_TEXT.get(by)
    if template is None:
        template = f"{by}: {{from_place}} → {{to_place}}"
    owned = target[-1] in "01"
    giver = names.act(int(source[-1]), "gives", "give") if source[-1] in "01" else source
    text = template.format(
        giver=giver,
        to_name=names[int(target[-1])] if owned else zone_text(target, names),
        from_owner=_owner_of(source, names),
        to_owner=names[int(target[-1])] if owned else zone_text(target, names),
        to_poss=names.owner(int(target[-1])) if owned else "the",
        from_place=zone_text(source, names),
        to_place=zone_text(target, names),
    )
    return f"{text}: {', '.join(codes)}."


def _owner_of(zone: str, names: Names) -> str:
    return names.owner(int(zone[-1])) if zone[-1] in "01" else "the"


#: a Vampire stack as the vote reads it (R-21, V8): the face-up Vampire's printed value and the
#: printed values of the cards tucked under it; None: no stack (a Vampire with nothing tucked)
Stack = tuple[int, Sequence[int]] | None


def vampire_vote_line(stacks: Sequence[Stack], winner: int | None, names: Names) -> str:
    """The Vampires' vote in words (R-21, V8): each player's stack and its strength, not a count
    of Vampires in the Score piles (which the vote does not read, issue 37)."""

    def held(p: int) -> str:
        stack = stacks[p]
        if stack is None:
            return f"{names.act(p, 'has', 'have')} no stack"
        vampire, tucked = stack
        under = " + ".join(str(v) for v in tucked)
        strength = vampire + sum(tucked)
        return f"{names.owner(p)} stack is strength {strength} (Vampire {vampire}, tucked {under})"

    a, b = stacks
    if a is None and b is None:
        why = "no stack on either side"
    elif a is None or b is None:
        why = "a stack beats no stack"
    else:
        strengths = (a[0] + sum(a[1]), b[0] + sum(b[1]))
        if strengths[0] != strengths[1]:
            why = f"the stronger stack, {max(strengths)} vs {min(strengths)}"
        elif a[0] != b[0]:
            why = f"equal strength ({strengths[0]}), the higher face-up Vampire"
        else:
            why = "equal stacks"
    taker = "nobody" if winner is None else names[winner]
    return f"{Vampires.name}: {held(0)}, {held(1)} → {taker} ({why})"


def vote_line(
    faction: str,
    scores: Sequence[Sequence[str]],
    winner: Any,
    names: Names,
    counted: Sequence[Sequence[int]] | None = None,
    building: str | None = None,
    outright: int | None = None,
) -> str:
    """One faction's vote: both players' cards of it and who won the vote, and why.

    ``counted`` gives the values the vote counted per player (``claim.core.scoring.faction_values``:
    a declared dual card or Ent, a Gargoyle twice); without it they are read from ``scores``.
    With the Tower (``building``) the higher sum wins first (L17); ``outright`` is the player who
    won the faction outright at the Lighthouse (R-72, L12)."""
    if counted is not None:
        values = [sorted(v, reverse=True) for v in counted]
    else:
        values = [
            sorted(
                (printed_value(c) for c in pile if cards.faction_of_code(c) == faction),
                reverse=True,
            )
            for pile in scores
        ]

    def held(p: int) -> str:
        vals = values[p]
        listed = f" ({', '.join(str(v) for v in vals)})" if vals else ""
        plural = "s" if len(vals) != 1 else ""
        return f"{names.act(p, 'has', 'have')} {len(vals)} card{plural}{listed}"

    counts = f"{held(0)}, {held(1)}"
    mine, theirs = values
    if len(mine) != len(theirs):
        expected: int | None = 0 if len(mine) > len(theirs) else 1
        why = "more cards"
    else:
        expected, why = None, "no cards" if not mine else "same values"
        for i, (a, b) in enumerate(zip(mine, theirs, strict=True)):
            if a != b:
                expected = 0 if a > b else 1
                why = (
                    f"equal counts, tie-break on the {ordinal(i)} card ({max(a, b)} vs {min(a, b)})"
                )
                break
    if building == TOWER:
        sums = (sum(mine), sum(theirs))
        if sums[0] != sums[1]:
            expected = 0 if sums[0] > sums[1] else 1
            why = f"Tower: higher sum, {max(sums)} vs {min(sums)}"
        elif mine or theirs:
            why = f"Tower: equal sums ({sums[0]}), {why}"
    if outright is not None and winner == outright:
        why = "won outright at the Lighthouse"
    elif winner != expected:  # a faction with its own vote rule (none of the base game)
        why = "its own vote rule"
    taker = "nobody" if winner is None else names[winner]
    return f"{faction}: {counts} → {taker} ({why})"


def result_lines(
    result: GameResult,
    scores: Sequence[Sequence[str]],
    factions: Sequence[str],
    names: Names,
    counted: Mapping[str, Sequence[Sequence[int]]] | None = None,
    building: str | None = None,
    counters: Mapping[str, int] | None = None,
    compared: Sequence[int] | None = None,
    stacks: Sequence[Stack] | None = None,
) -> list[str]:
    """The votes faction by faction, then the winner and what decided it (``counted``: the
    values each vote counted, per faction, see :func:`vote_line`). A game decided before the
    votes (a Building at §9 step 4, Lava Fields; L23) says what decided it and counts no vote;
    ``building`` and ``counters`` (the state's) explain the Tower's and the Lighthouse's votes
    and the Dungeon's extra votes; ``compared`` goes to :func:`decided_lines`; ``stacks``: the
    Vampire stacks, which the Vampires' vote reads instead of the Score piles
    (:func:`vampire_vote_line`)."""
    winner, reason = result.get("winner"), result.get("reason")
    if reason in DECIDED_BEFORE_THE_VOTES and winner is not None:
        return decided_lines(result, scores, factions, names, counted, compared)
    lines = ["Votes:"]
    for faction in factions:
        values = counted.get(faction) if counted is not None else None
        outright = (counters or {}).get(keys.faction_key(keys.LIGHTHOUSE, faction))
        if faction == Vampires.name and stacks is not None and outright is None:
            lines.append("  " + vampire_vote_line(stacks, result["votes"].get(faction), names))
            continue
        vote = vote_line(
            faction, scores, result["votes"].get(faction), names, values, building, outright
        )
        lines.append("  " + vote)
    won = result.get("votes_won")
    in_won = result.get("cards_in_won_factions")
    if won is None:
        won = [sum(1 for f in factions if result["votes"].get(f) == p) for p in (0, 1)]
    extra = ""
    dungeon = result.get("dungeon")  # the Dungeon's result note (L11)
    if isinstance(dungeon, dict):
        lines.append(dungeon_line(dungeon, names))
        if any(p is not None for p in dungeon.values()):
            extra = ", the Dungeon's extra votes included"
    if reason == "votes" and winner is not None:
        lines.append(
            capitalize(
                f"{names.act(winner, 'wins', 'win')} the game with "
                f"{won[winner]} votes to {won[1 - winner]}{extra}."
            )
        )
    elif reason == "cards" and winner is not None and in_won is not None:
        lines.append(
            capitalize(
                f"{names.act(winner, 'wins', 'win')} the game: votes tied {won[0]}–{won[1]}"
                f"{extra}, and {in_won[winner]} cards in won factions to {in_won[1 - winner]}."
            )
        )
    elif winner is None:
        tail = f" and {in_won[0]} cards each in won factions" if in_won is not None else ""
        lines.append(f"The game is a draw: {won[0]} votes each{extra}{tail}.")
    else:
        lines.append(capitalize(f"{names.act(winner, 'wins', 'win')} the game: {reason}."))
    return lines


def dungeon_line(dungeon: DungeonNote, names: Names) -> str:
    """The Dungeon's extra votes (L11): who won the last trick of each phase."""
    one: int | None = dungeon.get("phase_one")
    two: int | None = dungeon.get("phase_two")
    if one is None and two is None:
        return "Dungeon: nobody won the last trick of either phase: no extra vote."
    if one is not None and two is not None:
        if one == two:
            return f"Dungeon: {names[one]} won the last trick of both phases: two extra votes."
        return (
            f"Dungeon: {names[one]} won the last trick of Phase One and {names[two]} the last "
            "trick of Phase Two: one extra vote each."
        )
    if one is not None:
        return f"Dungeon: {names[one]} won the last trick of Phase One: one extra vote."
    assert two is not None
    return f"Dungeon: {names[two]} won the last trick of Phase Two: one extra vote."


def decided_counts(state: State) -> list[int] | None:
    """The two counts a location compared to decide a finished game before the votes (L23):
    faction cards for the Castle and the Monastery (a Gargoyle two, a declared Ent one, L14, L19),
    complete sets for the Bridge (L15), Score pile cards for the Forest (L19); None otherwise."""
    result = state.result
    reason = result.get("reason") if result else None
    if reason in (CASTLE, MONASTERY):
        return [faction_cards(state, p) for p in (0, 1)]
    if reason == BRIDGE:
        return [complete_sets(state, p) for p in (0, 1)]
    if reason == FOREST:
        return [collected_cards(state, p) for p in (0, 1)]
    return None


def decided_lines(
    result: GameResult,
    scores: Sequence[Sequence[str]],
    factions: Sequence[str],
    names: Names,
    counted: Mapping[str, Sequence[Sequence[int]]] | None = None,
    compared: Sequence[int] | None = None,
) -> list[str]:
    """A game decided before the votes (L23): what decided it, with the counts it compared, and
    the winner; no vote is counted. ``compared``: the two counts the location compared, read from
    the game (:func:`decided_counts`); without it they are worked out from ``scores`` and
    ``counted``."""
    # cast: a game decided before the votes has a winner (the caller checks it, L23)
    winner = cast(int, result["winner"])
    loser = 1 - winner
    reason = result["reason"]

    def held(p: int, faction: str) -> int:
        if counted is not None and faction in counted:
            return len(counted[faction][p])
        return sum(1 for c in scores[p] if cards.faction_of_code(c) == faction)

    in_factions = [sum(held(p, f) for f in factions) for p in (0, 1)]
    sets = [min((held(p, f) for f in factions), default=0) for p in (0, 1)]
    sizes = [len(pile) for pile in scores]
    if compared is not None:
        in_factions = sets = sizes = list(compared)
    if reason == CASTLE:
        why = (
            f"The Castle decides: {names.act(winner, 'has', 'have')} more faction cards "
            f"({in_factions[winner]} to {in_factions[loser]})."
        )
    elif reason == MONASTERY:
        why = (
            f"The Monastery decides: {names.act(loser, 'has', 'have')} more than twice as many "
            f"faction cards as {names[winner]} ({in_factions[loser]} to {in_factions[winner]}) "
            f"and {'lose' if names[loser] == 'you' else 'loses'}."
        )
    elif reason == BRIDGE:
        why = (
            f"The Bridge decides: {names.act(winner, 'has', 'have')} more complete sets "
            f"({sets[winner]} to {sets[loser]})."
        )
    elif reason == FOREST:
        if sizes[loser] <= 5:
            why = (
                f"The Forest decides: both Score piles hold 5 cards or fewer, "
                f"{names.owner(winner)} fewer ({sizes[winner]} to {sizes[loser]})."
            )
        else:
            why = (
                f"The Forest decides: {names.owner(winner)} Score pile holds 5 cards or fewer: "
                f"{sizes[winner]}, against {sizes[loser]} in {names.owner(loser)}."
            )
    else:  # lava-fields
        why = (
            f"Lava Fields: {names.act(winner, 'has', 'have')} lost 5 tricks in a row in "
            "Phase Two, which ends the game at once (no end-of-game step)."
        )
    return [
        capitalize(why),
        capitalize(f"{names.act(winner, 'wins', 'win')} the game; no vote is counted (L23)."),
    ]


def game_result_lines(state: State, names: Names, viewer: int | None) -> list[str]:
    """The votes faction by faction and what decided the winner (:func:`result_lines`) of a
    finished game, from ``viewer``'s report (at the end every card is face-up, so every viewer
    sees the same piles); empty while the game goes on."""
    result = state.result
    if result is None:
        return []
    shown = report(state, viewer)
    scores = [pl["score"] for pl in shown["players"]]
    config = state.config
    counted = {f: [faction_values(state, p, f) for p in (0, 1)] for f in config.factions}
    value = state.book.value  # printed values, the Underworld's 10s (L2), as the vote reads them
    stacks: list[Stack] = [
        (value[state.vampire[p][0]], [value[c] for c in state.tucked[p]])
        if state.vampire[p] and state.tucked[p]
        else None  # V8: a face-up Vampire with nothing tucked is no stack
        for p in (0, 1)
    ]
    return result_lines(
        result,
        scores,
        config.factions,
        names,
        counted,
        config.building,
        state.counters,
        decided_counts(state),
        stacks if Vampires.name in config.factions else None,
    )
