"""The human-readable account of a game: trick by trick, why each trick was won, the decisions,
the prizes, the end-of-game steps, the votes faction by faction and the winner; with locations
their rules text, their choices (cards passed or discarded at a phase start, the Islands prize, the
Tavern's gives), their tallies (Plateau, Lighthouse, Dungeon) and the results they decide; with
artifacts who was dealt which and their rules text, and every use with its effect as it happens
(the cards drawn at random, the Torch's draws, a masked lead, the Flail card, a frozen trick).

Everything here returns text; nothing prints. :func:`replay_account` tells a whole record as
everyone may see it (``claim replay``). A :class:`Narrator` follows a game move by move and tells
each finished trick; ``claim play`` uses one with ``viewer`` set to the human's seat, and then it
only tells what that player may know (the other's blind draws stay "a card").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from claim.core import cards, keys
from claim.core.cards import PUBLIC_NAME, VALUE_HIDDEN
from claim.core.engine import apply, current_player, is_over
from claim.core.keys import END_STEP
from claim.core.old_moves import upgrade_move
from claim.core.powers import REGISTRY
from claim.core.powers import artifacts as arts
from claim.core.powers.base import card_name, first_named
from claim.core.powers.locations import collected_cards, complete_sets, faction_cards
from claim.core.records import initial_state, replay
from claim.core.scoring import faction_values
from claim.core.setup import GameConfig
from claim.core.state import State, Trick
from claim.core.view import SPECTATOR, report

CODE = cards.CODE

PHASE_NAMES = {1: "Phase One", 2: "Phase Two"}

#: the power behind each kind of decision, for the account
DECISION_POWERS = {
    "seer": "Seer",
    "smash": "Giant",
    "crown": "Vampire",
    "tuck": "Vampire",
    "peek": "Poisoner",
    "skeleton": "Skeleton",
    "discard": "Cthulhu",
    "steal": "Siren",
    "necromancer": "Necromancer",
    "gargoyle": "Gargoyle",
    "dinosaur": "Dinosaur",
    "give": "Kraken",
    "islands": "Islands",
}

#: the locations' choices made by both players at the same time (R-62, L5, L20): the verb of a
#: move and what the cards are chosen from
LOCATION_CHOICES = {
    "endless-sands": ("give", "hand"),
    "windy-peaks": ("give", "hand"),
    "swamp": ("discard", "hand"),
    "tavern": ("give", "score"),
}

#: the result reasons of a game decided before the votes (L23)
DECIDED_BEFORE_THE_VOTES = frozenset({"castle", "forest", "bridge", "monastery", "lava-fields"})

#: hero decisions taken after the trick's cards were collected: the account tells where the
#: cards went at the collection, then what the decision changed
AFTER_COLLECTION = frozenset({"skeleton", "discard", "steal", "necromancer", "give"})
CUBE = "hero:gelatinous-cube"

#: what each power's end-of-game step does, as the account says it
END_STEP_TEXT = {
    "trolls": "the Troll pool goes to {to_owner} (winner of the last trick)",
    "gnomes": "{from_owner} face-up Gnomes join {to_poss} Score pile",
    "tricksters": "fake Tricksters are removed from {from_place}",
    "poisoners": "cards matching a Toxic are discarded from {from_place}",
    "ice-kings": "Ice Kings and Ice Queens of the same value marry and leave {from_place}",
    "ice-queens": "Ice Kings and Ice Queens of the same value marry and leave {from_place}",
    "tavern": "Tavern: {giver} to {to_name}",
    "pit": "Pit: cards drawn at random from {from_place} (the winner of the last trick) are "
    "discarded",
    "pyramid": "Pyramid: cards of value 3 or less are discarded from {from_place}",
    "ruins": "Ruins: faction cards of odd value are discarded from {from_place}",
    "fortress": "Fortress: the 4 lowest cards of each faction with 6 or more are discarded from "
    "{from_place}",
}


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


#: zone names of :meth:`State.zones`, as the account says them ("{p}" is a player's name)
ZONE_TEXT = {
    "hand": "{p}'s hand",
    "followers": "{p}'s Follower deck",
    "score": "{p}'s Score pile",
    "gnomes": "{p}'s face-up Gnomes",
    "deck": "the deck",
    "discard": "the discard pile",
    "troll_pool": "the Troll pool",
    "out": "out of the game",
    "table": "the table",
}

ORDINALS = ("highest", "second highest", "third highest")

PLAYER_NAMES = ("player 0", "player 1")


def capitalize(line: str) -> str:
    """The line with its first letter in upper case (names start sentences)."""
    return line[:1].upper() + line[1:]


def printed_value(code: str) -> int:
    """The printed value of a card code."""
    return cards.VALUE[cards.IDS_BY_CODE[code][0]]


def hero_title(name: str) -> str:
    """``gelatinous-cube`` → "Gelatinous Cube"."""
    return name.replace("-", " ").title()


def hero_rules_lines(config: GameConfig, names: Sequence[str] | None = None) -> list[str]:
    """One line per hero of the game's pool (or of ``names``): its name, its value in this game
    (R-61 or the setup's, H9) and its rules text. The terminal game's help shows these."""
    lines = []
    for name in config.hero_pool if names is None else names:
        power = REGISTRY.get(name)
        text = power.rules_text().replace("``", "'") if power is not None else ""
        lines.append(f"{hero_title(name)} ({config.hero_value(name)}): {text}")
    return lines


def location_title(name: str) -> str:
    """``windy-peaks`` → "Windy Peaks"."""
    return name.replace("-", " ").title()


def location_rules_lines(config: GameConfig) -> list[str]:
    """The locations in play (§7), each with its rules text: ``Setting: Islands. Phase One: two
    prizes lie face-up...``. The replay's setup, the terminal game's start and its help."""
    lines = []
    for kind, name in (("Setting", config.setting), ("Building", config.building)):
        if name:
            power = REGISTRY.get(name)
            text = power.rules_text().replace("``", "'") if power is not None else ""
            lines.append(f"{kind}: {location_title(name)}. {text}".rstrip())
    return lines


#: the reason of a trick whose cards froze on the table (Ice Sword, A18)
FROZEN_REASON = arts.FROZEN_REASON

#: the artifacts' names as the account says them (§8)
ARTIFACT_TITLES = {
    "flail-of-dawn": "Flail of Dawn",
    "hunting-cloak": "Hunting Cloak",
    "kings-dagger": "King's Dagger",
    "prowlers-torch": "Prowler's Torch",
    "wishing-lamp": "Wishing Lamp",
    "gamblers-book": "Gambler's Book",
    "spyglass": "Spyglass",
    "magic-wand": "Magic Wand",
    "endless-rope": "Endless Rope",
    "bottomless-bottle": "Bottomless Bottle",
    "flask-of-tears": "Flask of Tears",
    "mask-of-darkness": "Mask of Darkness",
    "gamblers-dice": "Gambler's Dice",
    "mirror-of-lies": "Mirror of Lies",
    "book-of-memories": "Book of Memories",
    "ice-sword": "Ice Sword",
}

#: the decisions of the artifacts (windows and the follow-ups of a use, R-80)
ARTIFACT_ASKS = frozenset((*arts.WINDOWS, arts.ASIDE, arts.BOOK_TAKE, arts.SPY_TAKE))


def artifact_title(name: str) -> str:
    """``kings-dagger`` → "King's Dagger"."""
    return ARTIFACT_TITLES.get(name, name.replace("-", " ").title())


def artifact_titles(names: Sequence[str]) -> str:
    """``["magic-wand", "spyglass"]`` → "Magic Wand, Spyglass"."""
    return ", ".join(artifact_title(name) for name in names)


#: a viewer that holds no seat (a spectator): sees neither player's secrets
NO_SEAT = SPECTATOR


def table_setup_lines(config: GameConfig, seat: int | None, names: Names) -> list[str]:
    """The setup beyond the factions as a player at the table may know it: heroes (how many, from
    which pool; which ones only when the pool is the deck, or for ``seat`` None, a replay showing
    everything), changed hero values, the locations, and the artifacts — ``seat``'s own by name,
    the other's only as a count (``NO_SEAT``: a spectator, neither)."""
    lines: list[str] = []
    if config.heroes and seat is None:
        lines.append(f"Heroes in the deck: {', '.join(config.heroes)}.")
    elif config.heroes:
        pool = (
            f"all {len(cards.HEROES)} heroes"
            if config.hero_pool == cards.HEROES
            else ", ".join(config.hero_pool)
        )
        secret = "" if len(config.heroes) == len(config.hero_pool) else " (which ones is secret)"
        lines.append(f"Heroes: {len(config.heroes)} in the deck, from {pool}{secret}.")
    if config.heroes and config.hero_values:
        changed = ", ".join(f"{name} {value}" for name, value in config.hero_values)
        lines.append(f"Hero values changed: {changed}.")
    places = [
        f"{kind} {location_title(name)}"
        for kind, name in (("Setting", config.setting), ("Building", config.building))
        if name
    ]
    if places:
        lines.append(f"Locations: {', '.join(places)}.")
    if config.artifacts:
        if seat is None:
            for p in (0, 1):
                lines.append(f"Artifacts of {names[p]}: {artifact_titles(config.artifacts[p])}.")
        elif seat == NO_SEAT:
            count = len(config.artifacts[0])
            lines.append(f"Artifacts: each player holds {count}, secret until used.")
        else:
            other = 1 - seat
            lines.append(
                f"Artifacts: you hold {artifact_titles(config.artifacts[seat])}; "
                f"{names[other]} holds {len(config.artifacts[other])}, secret until used."
            )
    return lines


def artifact_rules_lines(names: Sequence[str]) -> list[str]:
    """One line per artifact of ``names``: its name and its rules text (§8). The replay's setup
    and the terminal game's help show these."""
    lines = []
    for name in names:
        power = REGISTRY.get(name)
        text = power.rules_text().replace("``", "'") if power is not None else ""
        lines.append(f"{artifact_title(name)}: {text}".rstrip())
    return lines


def ordinal(index: int) -> str:
    """``0`` → "highest", ``1`` → "second highest", ..."""
    return ORDINALS[index] if index < len(ORDINALS) else f"{index + 1}th highest"


class Names:
    """How the account names the players: "player 0"/"player 1", or "you"/"the bot"."""

    def __init__(self, names: Sequence[str] = PLAYER_NAMES) -> None:
        self.names = tuple(names)

    def __getitem__(self, player: int) -> str:
        return self.names[player]

    def act(self, player: int, verb: str, plural: str) -> str:
        """``"player 1 takes"`` or ``"you take"``: the name with its verb agreeing."""
        name = self.names[player]
        return f"{name} {plural if name == 'you' else verb}"

    def owner(self, player: int) -> str:
        """``"player 1's"`` or ``"your"``."""
        name = self.names[player]
        return "your" if name == "you" else f"{name}'s"


def zone_text(zone: str, names: Names) -> str:
    """A zone name of :meth:`State.zones` (``score1``) as the account says it."""
    base = zone.rstrip("01")
    owner = zone[len(base) :]
    template = ZONE_TEXT.get(base, base)
    if owner:
        return template.replace("{p}'s", names.owner(int(owner)))
    return template


def card_text(play: dict[str, Any], printed_values: Mapping[str, int] | None = None) -> str:
    """A played card as reported: its code, its declaration, its value when a power changed it
    (``printed_values``: the game's own printed values where they differ, heroes' R-61, H9)."""
    code = str(play["card"])
    text = code
    if play.get("as"):
        text += f" as {play['as']}"
    value = play.get("value")
    if value is not None and code.count(":") == 1:
        try:
            printed = (printed_values or {}).get(code, None)
            if printed is None:
                printed = printed_value(code)
        except KeyError:
            printed = value
        if value != printed:
            text += f" (counts {value})"
    return text


def trick_heading(
    trick: dict[str, Any], names: Names, printed_values: Mapping[str, int] | None = None
) -> str:
    """``Trick 3 · prize undead:0 · player 1 leads dwarves:9, player 0 plays dwarves:3``."""
    parts = [f"Trick {trick['number']}"]
    if len(trick.get("prizes") or ()) > 1:
        parts.append(f"prizes {' and '.join(trick['prizes'])}")  # Islands (L6)
    elif trick.get("prize"):
        parts.append(f"prize {trick['prize']}")
    plays = trick["plays"]
    said = []
    for i, play in enumerate(plays):
        verb = ("leads", "lead") if i == 0 else ("plays", "play")
        said.append(f"{names.act(play['player'], *verb)} {card_text(play, printed_values)}")
    parts.append(", ".join(said) or "no card played")
    return " · ".join(parts)


def winner_line(trick: dict[str, Any], names: Names) -> str:
    """Who won the trick and why (the engine's ``reason``)."""
    winner = trick.get("winner")
    reason = trick.get("reason") or "no reason given"
    if winner is None:
        return f"Nobody wins the trick: {reason}."
    return capitalize(f"{names.act(winner, 'wins', 'win')} the trick: {reason}.")


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
    if building == "tower":
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
    result: dict[str, Any],
    scores: Sequence[Sequence[str]],
    factions: Sequence[str],
    names: Names,
    counted: Mapping[str, Sequence[Sequence[int]]] | None = None,
    building: str | None = None,
    counters: Mapping[str, int] | None = None,
    compared: Sequence[int] | None = None,
) -> list[str]:
    """The votes faction by faction, then the winner and what decided it (``counted``: the
    values each vote counted, per faction, see :func:`vote_line`). A game decided before the
    votes (a Building at §9 step 4, Lava Fields; L23) says what decided it and counts no vote;
    ``building`` and ``counters`` (the state's) explain the Tower's and the Lighthouse's votes
    and the Dungeon's extra votes; ``compared`` goes to :func:`decided_lines`."""
    winner, reason = result.get("winner"), result.get("reason")
    if reason in DECIDED_BEFORE_THE_VOTES and winner is not None:
        return decided_lines(result, scores, factions, names, counted, compared)
    lines = ["Votes:"]
    for faction in factions:
        values = counted.get(faction) if counted is not None else None
        outright = (counters or {}).get(f"lighthouse:{faction}")
        vote = vote_line(
            faction, scores, result["votes"].get(faction), names, values, building, outright
        )
        lines.append("  " + vote)
    won = result.get("votes_won")
    in_won = result.get("cards_in_won_factions")
    if won is None:
        won = [sum(1 for f in factions if result["votes"].get(f) == p) for p in (0, 1)]
    extra = ""
    dungeon = result.get("dungeon")
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


def dungeon_line(dungeon: Mapping[str, Any], names: Names) -> str:
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
    if reason in ("castle", "monastery"):
        return [faction_cards(state, p) for p in (0, 1)]
    if reason == "bridge":
        return [complete_sets(state, p) for p in (0, 1)]
    if reason == "forest":
        return [collected_cards(state, p) for p in (0, 1)]
    return None


def decided_lines(
    result: dict[str, Any],
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
    winner: int = result["winner"]
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
    if reason == "castle":
        why = (
            f"The Castle decides: {names.act(winner, 'has', 'have')} more faction cards "
            f"({in_factions[winner]} to {in_factions[loser]})."
        )
    elif reason == "monastery":
        why = (
            f"The Monastery decides: {names.act(loser, 'has', 'have')} more than twice as many "
            f"faction cards as {names[winner]} ({in_factions[loser]} to {in_factions[winner]}) "
            f"and {'lose' if names[loser] == 'you' else 'loses'}."
        )
    elif reason == "bridge":
        why = (
            f"The Bridge decides: {names.act(winner, 'has', 'have')} more complete sets "
            f"({sets[winner]} to {sets[loser]})."
        )
    elif reason == "forest":
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


def describe_decision(
    kind: str, player: int, move: str, names: Names, visible: bool, detail: str | None = None
) -> str:
    """A decision taken by ``player`` (``visible``: whether the account may say which;
    ``detail``: what a random outcome gave — the Skeleton's card — or the value a Gargoyle
    counts with)."""
    power = DECISION_POWERS.get(kind, kind)
    you = names[player] == "you"
    who = f"{names[player]} ({power})"
    other = names[1 - player]

    def act(verb: str, plural: str) -> str:
        return f"{who} {plural if you else verb}"

    hero = _hero_decision(kind, player, move, names, visible, detail)
    if hero is not None:
        return hero

    if kind == "seer" and move == "take top" and detail == "islands":
        return f"{act('takes', 'take')} the top card of the deck; both prizes stay face-up (L7)."
    if kind == "seer" and move == "take top":
        leave = "leave" if you else "leaves"
        return f"{act('takes', 'take')} the top card of the deck and {leave} the prize to {other}."
    if kind == "seer" and move == "take prize":
        keep = "keep" if you else "keeps"
        return f"{act('looks', 'look')} at the top card of the deck and {keep} the prize."
    if kind == "seer" and move.startswith("take "):
        take = "take" if you else "takes"
        prize = move[5:]
        return f"{act('looks', 'look')} at the top card of the deck and {take} the prize {prize}."
    if kind == "islands" and move.startswith("take "):
        other = f", {detail}," if detail else ""
        return (
            f"Islands: {names.act(player, 'takes', 'take')} the prize {move[5:]} "
            f"(the other prize{other} stays)."
        )
    if kind == "smash" and move.startswith("smash "):
        return f"{act('smashes', 'smash')} {names.owner(1 - player)} face-up {move[6:]}."
    if kind == "crown" and move.startswith("crown "):
        return f"{act('crowns', 'crown')} {move[6:]} as {names.owner(player)} face-up Vampire."
    if kind == "tuck" and move.startswith("tuck "):
        return f"{act('tucks', 'tuck')} {move[5:]} under {names.owner(player)} face-up Vampire."
    if kind == "peek" and move.startswith("peek "):
        return f"{act('peeks', 'peek')} at Toxic {move[5:]}."
    if move == "pass":
        return f"{act('passes', 'pass')}."
    if not visible:
        return f"{act('makes', 'make')} a choice."
    return f"{act('chooses', 'choose')} {move!r}."


def _hero_decision(
    kind: str, player: int, move: str, names: Names, visible: bool, detail: str | None
) -> str | None:
    """The heroes' decisions (RULINGS H15, H19, H27, H30, H32, H36, H37), or None."""
    name = names[player]

    def act(verb: str, plural: str) -> str:
        return names.act(player, verb, plural)

    arg = move.split(" ", 1)[1] if " " in move else ""
    if kind == "skeleton" and move == "use skeleton":
        drawn = f": {detail}" if detail else ""
        return (
            f"{act('takes', 'take')} a random card from the discard pile with the Skeleton{drawn}."
        )
    if kind == "dinosaur" and move == "use dinosaur":
        into = "your" if name == "you" else "their"
        return f"{act('takes', 'take')} the Dinosaur back into {into} hand."
    if kind == "necromancer" and move.startswith("use necromancer "):
        card = move[len("use necromancer ") :]
        return (
            f"{act('swaps', 'swap')} the Necromancer for {card}: {card} goes to "
            f"{names.owner(player)} hand, the Necromancer to the discard pile."
        )
    if kind == "steal" and move.startswith("steal "):
        return (
            f"{act('steals', 'steal')} {arg} from {names.owner(1 - player)} Score pile "
            "with the Siren."
        )
    if kind == "discard" and move.startswith("discard "):
        card = arg if visible else "a card"
        return f"Cthulhu: {act('discards', 'discard')} {card}."
    if kind == "give" and move.startswith("give "):
        card = arg if visible else "a card"
        return f"Kraken: {act('gives', 'give')} {card} to {names[1 - player]} in return."
    if kind == "gargoyle" and move.startswith("count gargoyle as "):
        faction = move.rsplit(" as ", 1)[1]
        each = f" of value {detail}" if detail else ""
        return (
            f"{act('counts', 'count')} the Gargoyle as {faction}: two {faction} cards{each} "
            "for the votes."
        )
    return None


@dataclass(slots=True)
class _Before:
    """What the account needs of the state just before a move to tell the artifacts' effects:
    the trick and its plays, who held which card, the card an artifact forces, the cards set
    aside (Flail of Dawn), the public tallies, and the decision asked (its kind's data)."""

    trick: Trick | None
    plays: list[int]
    forced: int | None
    holders: dict[int, int]
    aside: list[list[int]]
    counters: dict[str, int]
    data: int
    target: int = -1

    @classmethod
    def take(cls, state: State) -> _Before:
        trick = state.trick
        data = state.tasks[0][2] if state.tasks else 0
        holders = {c: p for p in (0, 1) for c in (*state.hands[p], *state.aside[p])}
        target = -1
        asked = state.tasks[0][0] if state.tasks else None
        if trick is not None and asked in (arts.DAGGER, arts.PLAYED) and data < len(trick.plays):
            target = trick.plays[data][1]
        return cls(
            trick=trick,
            plays=[c for _, c in trick.plays] if trick is not None else [],
            forced=trick.marks.get(keys.FORCED_PLAY) if trick is not None else None,
            holders=holders,
            aside=[list(a) for a in state.aside],
            counters=dict(state.counters),
            data=data,
            target=target,
        )


class Narrator:
    """Follows a game move by move and tells each finished trick.

    ``viewer`` None tells everything; 0 or 1 tells only what that player may know (RULES.md §10),
    and ``claim.core.view.SPECTATOR`` (-1) what a spectator may: the trick history and destinations
    are public, the other player's blind draws are not (a spectator's: neither), nor the other's
    unused artifacts, the card they set aside (Flail of Dawn) or a masked lead before it is
    revealed (W3, W11), nor cards passed between the hands to a spectator (W8, the Kraken). Every
    card is named as the viewer's view names it (:meth:`public`): a Demon or Fire Elemental by
    parity or band until its value was shown in a trick, even to its holder (R-30, W2, W4), a
    Trickster by its printed value until the game is finished (W1); the Toxics are told once the
    game is finished.

    Artifact uses (§8) are told in the order they happen: with ``live`` (the terminal game) as
    soon as they happen, otherwise with their trick, between its heading and who won it (a use
    after the collection, the Spyglass, after it); uses between the phases come on their own.
    Passing at an artifact window is not told.
    """

    def __init__(
        self,
        state: State,
        viewer: int | None = None,
        names: Names | None = None,
        live: bool = False,
    ):
        self.state = state
        self.viewer = viewer
        self.names = names or Names()
        self.decisions: list[str] = []
        #: decisions taken after the last trick (the Gargoyle's), told with the end of the game
        self.end_decisions: list[str] = []
        #: decisions told as "a card" until both players have chosen (R-62): (index, kind,
        #: player, move)
        self._hidden: list[tuple[int, str, int, str]] = []
        #: the printed value of each hero in this game (R-61, H9), for "(counts N)"
        self.printed = {
            f"hero:{name}": state.config.hero_value(name) for name in state.config.hero_pool
        }
        #: the face-up prizes of each Phase One trick seen being played, by trick number (two
        #: with Islands, L6)
        self._prizes: dict[int, list[int]] = {}
        #: the cards each player has chosen so far in a location's choice (R-62), by kind
        self._picks: dict[str, list[list[int]]] = {}
        #: how many end-of-game moves were told (None: the end of the game not yet begun)
        self._end_told: int | None = None
        #: whether the Toxics were told (once the game is finished, W9)
        self._toxics_told = False
        #: tell the artifacts' uses as they happen (the terminal game) instead of with their trick
        self.live = live
        #: the artifact events of the trick being played, told after its heading (R-80 order)
        self.artifact_lines: list[str] = []
        self._mark()

    def _mark(self) -> None:
        """Remember what the next trick's collection will be compared with."""
        state = self.state
        self._history = len(state.history)
        self._phase = state.phase
        self._followers = [(pile, len(pile)) for pile in state.followers]
        self._pool = list(state.troll_pool)
        self._table = list(state.table)  # a Gelatinous Cube bundle
        self._removed = set(state.removed)
        self._collected: dict[int, str] | None = None
        self._counters = dict(state.counters)
        self._islands_told = False  # the Islands decision said which prize stays

    def _may_see(self, player: int, card: int, winner: int | None = None) -> bool:
        """Whether the viewer may see ``card``, drawn blind by ``player``: its drawer, and the
        Seer winner who looked at it (W7, a card of ``revealed``); never a spectator."""
        if self.viewer is None or self.viewer == player:
            return True
        return card in self.state.revealed and winner is not None and self.viewer == winner

    def apply(self, move: str) -> list[str]:
        """Apply ``move`` (IllegalMove changes nothing) and tell what it completed. A move an
        earlier version spelled otherwise is read as today's (W14, :mod:`claim.core.old_moves`)."""
        state = self.state
        move = upgrade_move(state, move)
        player = current_player(state)
        kind = state.tasks[0][0] if state.tasks else None
        trick = state.trick
        if kind in AFTER_COLLECTION and self._collected is None and trick and trick.collected:
            self._collected = self._locations()  # where the collection put the trick's cards
        if trick is not None and trick.phase == 1 and trick.prizes:
            self._prizes[trick.number] = list(trick.prizes)
        if kind == arts.WON and self._collected is None and trick and trick.collected:
            self._collected = self._locations()  # the Spyglass comes first (A30)
        chosen = self._chosen_card(kind, player, move)
        other_prize = self._other_prize(kind, move)
        two_prizes = trick is not None and len(trick.prizes) > 1
        drawn = len(state.chance)
        before = _Before.take(state) if state.config.artifacts else None
        apply(state, move)
        new = state.chance[drawn:]
        now: list[str] = []
        lines: list[str] = []
        if before is not None:
            pre, now, new = self._artifact_events(before, kind, player, move, new)
            lines.extend(pre)
        if new and (is_over(state) or END_STEP in state.counters):
            for moved in self._end_moves():  # the Pit's random discards, told with the end
                if moved["by"] == "pit" and moved["card"] in new:
                    new.remove(moved["card"])
        if kind in LOCATION_CHOICES and player is not None and chosen is not None:
            now = [*now, *self._location_choice(kind, player, chosen)]
        elif kind in ARTIFACT_ASKS:
            self._hero_events(None, None, move, new)  # only what the heroes did on their own
        else:
            self._hero_events(kind, player, move, new, other_prize, two_prizes)
        if len(state.history) > self._history:
            # the last trick's cards are told where the end-of-game steps left them
            lines.extend(self._trick_lines())
            self.decisions = []
            self.artifact_lines = []
            if state.phase != self._phase and not is_over(state):
                lines.append(f"{PHASE_NAMES[state.phase]}: the Follower decks become the hands.")
                lines.extend(self._phase_one_over())
            self._mark()
        ending = is_over(state) or END_STEP in state.counters
        if ending:
            lines.extend(self._end_lines(now))
        else:
            lines.extend(now)
        if is_over(state):
            lines.extend(self._result_lines())
        return lines

    # -- the locations' choices (R-62, L5, L20) and Islands (L6) ---------------------------------

    def _chosen_card(self, kind: str | None, player: int | None, move: str) -> int | None:
        """The card a location's choice ``move`` takes (before it is applied), or None."""
        if kind not in LOCATION_CHOICES or player is None or " " not in move:
            return None
        state = self.state
        source = LOCATION_CHOICES[kind][1]
        if source == "hand":
            pool = state.hands[player]
        else:
            pool = [c for c in state.score[player] if state.tags.get(c) != "face-up"]
        try:
            # R-30, W14: a card chosen from a hand is named by parity / band
            return first_named(state, pool, move.split(" ", 1)[1], hand=source == "hand")
        except StopIteration:  # not a legal move: apply will refuse it
            return None

    def _other_prize(self, kind: str | None, move: str) -> str | None:
        """With Islands, the face-up prize a ``take CODE`` move leaves (L6), as moves name it."""
        trick = self.state.trick
        if kind not in ("islands", "seer") or trick is None or len(trick.prizes) < 2:
            return None
        names = [card_name(self.state, c) for c in trick.prizes]
        taken = move[len("take ") :]
        if taken not in names:
            return None
        names.remove(taken)
        return names[0]

    def _location_choice(self, kind: str, player: int, card: int) -> list[str]:
        """Tell a location's choice: when a player has made all of theirs, how many cards they
        chose; once both have chosen (R-62), which cards went where (a Tavern's gives are told with
        the end of the game's card moves)."""
        state = self.state
        names = self.names
        picks = self._picks.setdefault(kind, [[], []])
        picks[player].append(card)
        lines: list[str] = []
        title = location_title(kind)
        verb, source = LOCATION_CHOICES[kind]
        more = bool(state.tasks) and state.tasks[0][0] == kind and state.tasks[0][1] == player
        if not more:
            n = len(picks[player])
            what = f"{n} card{'s' if n != 1 else ''}"
            if source == "score":
                what += f" of {'your' if names[player] == 'you' else 'their'} Score pile"
            to = f" to give to {names[1 - player]}" if verb == "give" else " to discard"
            lines.append(f"{title}: {names.act(player, 'chooses', 'choose')} {what}{to}.")
        if not any(state.chosen):  # both have chosen: carried out at once
            del self._picks[kind]
            if source == "hand":
                lines.append(self._choices_line(kind, picks))
        return lines

    def _choices_line(self, kind: str, picks: list[list[int]]) -> str:
        """What both players gave or discarded at a phase start, once both have chosen."""
        names = self.names
        verb = LOCATION_CHOICES[kind][0]
        said = []
        for p in (0, 1):
            if not picks[p]:
                continue
            if verb == "give" and self.viewer not in (None, p, 1 - p):
                # W8: a spectator sees neither hand: how many cards, not which
                shown = f"{len(picks[p])} card{'s' if len(picks[p]) != 1 else ''}"
            else:  # the chooser, the receiver; a discard lands face-up on the discard pile
                shown = ", ".join(self.public(c) for c in picks[p])
            if verb == "give":
                said.append(f"{names.act(p, 'gives', 'give')} {shown} to {names[1 - p]}")
            else:
                said.append(f"{names.act(p, 'discards', 'discard')} {shown}")
        return f"{location_title(kind)}, both have chosen: {'; '.join(said)}."

    def _phase_one_over(self) -> list[str]:
        """What the locations keep from Phase One: the Dungeon's first extra vote (L11)."""
        state = self.state
        if state.config.building != "dungeon":
            return []
        first = state.counters.get(keys.DUNGEON_FIRST, -1)
        if first not in (0, 1):
            return ["Dungeon: nobody won the last trick of Phase One."]
        return [
            f"Dungeon: {self.names[first]} won the last trick of Phase One: one extra vote at "
            "the end."
        ]

    def _location_events(self, trick: dict[str, Any]) -> list[str]:
        """What the trick did to the locations' public tallies: a Plateau streak that passes
        the lead (L8), a faction won outright at the Lighthouse (R-72, L12)."""
        state = self.state
        names = self.names
        before = self._counters
        after = state.counters
        lines: list[str] = []
        winner = trick.get("winner")
        if (
            state.config.setting == "plateau"
            and winner is not None
            and before.get(keys.PLATEAU_PLAYER) == winner
            and before.get(keys.PLATEAU_COUNT, 0) >= 2
            and after.get(keys.PLATEAU_COUNT, 0) == 0
        ):
            leads = (
                f"{names[state.leader]} leads the next trick"
                if state.leader != winner
                else "the count restarts, but a power names the next leader"
            )
            lines.append(
                f"Plateau: {names.act(winner, 'has', 'have')} won 3 tricks in a row: {leads}."
            )
        for key, owner in after.items():
            if key.startswith(keys.LIGHTHOUSE + ":") and key not in before and owner in (0, 1):
                faction = key.split(":", 1)[1]
                lines.append(
                    f"Lighthouse: {names.act(owner, 'has', 'have')} 3 collected {faction} cards "
                    f"and {'win' if names[owner] == 'you' else 'wins'} the {faction} vote "
                    "outright."
                )
        return lines

    # -- the artifacts (§8, R-80) ----------------------------------------------------------------

    def _their(self, player: int) -> str:
        return "your" if self.names[player] == "you" else "their"

    def public(self, card: int) -> str:
        """A card the viewer may see, named as their view names it
        (:meth:`claim.core.view.Eyes.public`): by its code in the omniscient account and once the
        game is finished; until then a Demon or Fire Elemental by parity or band until its value
        was shown in a trick (R-30, W2, W4), even to its holder, and a Trickster by its printed
        value, the fake mark secret (W1)."""
        state = self.state
        if self.viewer is None or state.result is not None:
            return CODE[card]
        if VALUE_HIDDEN[card] and card in state.value_known:
            return CODE[card]
        return PUBLIC_NAME[card]

    def public_code(self, code: str) -> str:
        """:meth:`public` for a card given by its code (a random outcome, an end-of-game move)."""
        ids = cards.IDS_BY_CODE.get(code)
        if not ids or self.viewer is None or self.state.result is not None:
            return code
        known = self.state.value_known
        if any(VALUE_HIDDEN[c] and c in known for c in ids):
            return code
        return PUBLIC_NAME[ids[0]]

    def _lead_hidden(self, trick: Trick) -> bool:
        """Whether the viewer may not see the lead of ``trick`` now: a masked lead (Mask of
        Darkness) before the viewer, its follower, has played (W3; a Book of Memories lead is
        public)."""
        marks = trick.marks
        return (
            self.viewer is not None
            and self.viewer != trick.leader
            and bool(marks.get(keys.MASKED))
            and not marks.get(keys.BOOK)
            and len(trick.plays) == 1
            and trick is self.state.trick
            and self.state.result is None
        )

    def _artifact_events(
        self, before: _Before, kind: str | None, player: int | None, move: str, new: list[str]
    ) -> tuple[list[str], list[str], list[str]]:
        """Tell what the artifacts did in the move just applied: a use and its effect, the cards
        drawn at random (Hunting Cloak, Gambler's Dice), a masked lead, the Flail card played or
        discarded. Returns the lines to tell before the trick's own lines (``live``), those to
        tell after them, and the random outcomes of the move left to explain (``new`` less the
        artifacts' draws)."""
        state = self.state
        trick = before.trick
        left = list(new)
        said: list[str] = []  # in-trick lines, in order
        between: list[str] = []  # lines of a use outside a trick (between the phases)
        after = False  # told after the trick's collection (the Spyglass)
        if kind in ARTIFACT_ASKS and player is not None and move != "pass":
            text = self._use_text(before, kind, player, move, left)
            if text:
                if trick is None:
                    between.append(text)
                else:
                    said.append(text)
                    after = trick.collected and kind in (arts.WON, arts.SPY_TAKE)
        if trick is not None:
            said.extend(self._play_events(before, trick, move, left))
        # the Flail card, not played, is discarded when the phase ends (A5, A39)
        for p in (0, 1):
            gone = [c for c in before.aside[p] if c not in state.aside[p] and c in state.discard]
            if gone:
                between.append(
                    f"Flail of Dawn: {', '.join(self.public(c) for c in gone)}, set aside by "
                    f"{self.names[p]}, is discarded unplayed: the phase is over."
                )
        pre: list[str] = []
        if self.live:
            pre = [capitalize(line) for line in said]
        elif after:
            self.decisions.extend(said)
        else:
            self.artifact_lines.extend(said)
        return pre, [capitalize(line) for line in between], left

    def _use_text(self, before: _Before, kind: str, player: int, move: str, left: list[str]) -> str:
        """The line of an artifact decision: a use with its effect, or a follow-up (the Flail
        card set aside, a card taken with the Gambler's Book or the Spyglass)."""
        state = self.state
        names = self.names
        other = 1 - player
        act = names.act(player, "uses", "use")
        owner = names.owner(player)
        arg = move.split(" ", 1)[1] if " " in move else ""
        if kind == arts.ASIDE:
            card = first_set_aside(before.aside[player], state.aside[player])
            what = self.public(card) if card >= 0 and self._may_know(player) else "a card"
            return (
                f"Flail of Dawn: {names.act(player, 'sets', 'set')} {what} aside face-down for "
                f"{self._their(player)} last trick."
            )
        if kind == arts.BOOK_TAKE:
            return (
                f"Gambler's Book: {names.act(player, 'takes', 'take')} {arg} from the discard pile "
                f"to the end of {owner} hand."
            )
        if kind == arts.SPY_TAKE:
            return (
                f"Spyglass: {names.act(player, 'takes', 'take')} {arg} from the discard pile "
                f"into {owner} Score pile."
            )
        if not move.startswith("use "):
            return ""
        name = move.split(" ", 2)[1]
        detail = move.split(" ", 2)[2] if move.count(" ") >= 2 else ""
        title = artifact_title(name)
        trick = before.trick
        if name == "prowlers-torch":
            return (
                f"{act} the Prowler's Torch: every card taken from the deck in this trick and the "
                "next is shown to both players."
            )
        if name == "mask-of-darkness":
            return (
                f"{act} the Mask of Darkness: in this trick and the next the lead is played "
                "face-down and the follower may play any card."
            )
        if name == "gamblers-dice":
            leader = trick.leader if trick is not None else player
            return (
                f"{act} the Gambler's Dice: both players play a card drawn at random, "
                f"{names[leader]} first, free of the following rules."
            )
        if name == "endless-rope":
            return (
                f"{act} the Endless Rope: {detail} goes from {owner} Score pile to the end of "
                f"{owner} hand."
            )
        if name == "flask-of-tears":
            lost = before.counters.get(keys.player_key(keys.LOSSES, player), 0)
            return (
                f"{act} the Flask of Tears after {lost} lost tricks in a row: {owner} next card "
                "gets +9."
            )
        if name == "book-of-memories":
            their = self._their(player)
            return f"{act} the Book of Memories: {their} lead comes from {their} Score pile."
        if name == "kings-dagger":
            return self._dagger_text(before, player)
        if name in ("magic-wand", "mirror-of-lies"):
            card = before.target
            on_lead = trick is not None and before.data == 0
            if card < 0:
                what = "the card"
            elif on_lead and trick is not None and self._masked_for_viewer(trick):
                what = "the face-down lead"
            else:
                what = self.public(card)
            if name == "magic-wand":
                if what == "the face-down lead":
                    return f"{act} the Magic Wand on the face-down lead."
                return f"{act} the Magic Wand: {what} counts {detail}."
            return (
                f"{act} the Mirror of Lies on {what}: +5 if its value is 5 or less, −5 above "
                "(applied last)."
            )
        if name == "hunting-cloak":
            return (
                f"{act} the Hunting Cloak: {names.act(other, 'plays', 'play')} a card drawn at "
                "random, free of the following rules."
            )
        if name == "wishing-lamp":
            marks = trick.marks if trick is not None else {}
            if marks.get(keys.LAMP_WINS):
                effect = (
                    f"{names.act(other, 'does', 'do')} not hold it, may play any card and "
                    f"{'win' if names[other] == 'you' else 'wins'} the trick"
                )
            else:
                effect = f"{names.act(other, 'holds', 'hold')} it and must play it"
            verb = "name" if names[player] == "you" else "names"
            return f"{act} the Wishing Lamp and {verb} {detail}: {effect}."
        if name == "bottomless-bottle":
            return f"{act} the Bottomless Bottle: in this trick the lower value wins."
        if name == "ice-sword":
            return self._ice_text(before, player)
        if name == "spyglass":
            return (
                f"{act} the Spyglass: {detail}, collected in this trick, goes to the discard pile."
            )
        if name == "gamblers-book":
            code = self.public_code(left.pop(0)) if left else "a card"
            return f"{act} the Gambler's Book: {code} is discarded at random from {owner} hand."
        if name == "flail-of-dawn":
            their = "your" if names[other] == "you" else "their"
            return (
                f"{act} the Flail of Dawn: {names.act(other, 'sets', 'set')} a card of {their} "
                f"hand aside face-down, the card {names[other]} must play in {their} last trick."
            )
        return f"{act} the {title}."

    def _may_know(self, owner: int) -> bool:
        return self.viewer is None or self.viewer == owner or self.state.result is not None

    def _masked_for_viewer(self, trick: Trick) -> bool:
        """Whether the lead of ``trick`` lies face-down for the viewer right now."""
        return self._lead_hidden(trick)

    def _dagger_text(self, before: _Before, holder: int) -> str:
        """A King's Dagger takes the card just played (A7, A24, A43, W5: public)."""
        names = self.names
        trick = before.trick
        victim = 1 - holder
        target = before.target
        if target < 0:
            card = "the card"
        else:  # W5: public, a Demon's value included; a fake mark stays secret (W1)
            card = CODE[target] if VALUE_HIDDEN[target] else self.public(target)
        text = (
            f"{names.owner(holder)} King's Dagger takes {card} into {names.owner(holder)} "
            "Score pile"
        )
        if trick is not None and trick.winner == holder and trick.reason.startswith("King's"):
            return (
                f"{text}; {names.act(victim, 'has', 'have')} no other card to play, so "
                f"{names.act(holder, 'wins', 'win')} the trick."
            )
        again = "leads" if before.data == 0 else "plays"
        return f"{text}; {names.act(victim, again, again[:-1])} again."

    def _ice_text(self, before: _Before, player: int) -> str:
        """An Ice Sword freezes the trick's cards (A18, A37), or has no effect."""
        state = self.state
        names = self.names
        trick = before.trick
        act = names.act(player, "uses", "use")
        if trick is None or not trick.marks.get(keys.FROZEN):
            return f"{act} the Ice Sword: no further trick can be played, so it has no effect."
        bonus = []
        for p in (0, 1):
            key = keys.player_key(keys.ICE_SWORD, p)
            amount = state.counters.get(key, 0) - before.counters.get(key, 0)
            bonus.append(f"{names[p]} +{amount}")
        again = " for the same prize" if trick.phase == 1 else ""
        return (
            f"{act} the Ice Sword: both cards freeze on the table with their powers ignored and "
            f"nobody wins the trick; {names.act(trick.leader, 'leads', 'lead')} again{again}; "
            f"each adds their frozen card's printed value to their next card ({', '.join(bonus)})."
        )

    def _play_events(self, before: _Before, trick: Trick, move: str, left: list[str]) -> list[str]:
        """The cards played in the move: drawn at random (Hunting Cloak, Gambler's Dice, A6,
        A23, A35), a lead face-down (Mask of Darkness, A16), the card set aside (Flail of Dawn,
        A39); a drawn card that waits for its declaration."""
        names = self.names
        lines: list[str] = []
        cards_now = [c for _, c in trick.plays]
        added = [c for c in cards_now if c not in before.plays]
        source = "Gambler's Dice" if trick.marks.get(keys.DICE) else "Hunting Cloak"
        own = added[0] if move.startswith("play ") and added else -1
        for card in added:
            owner = before.holders.get(card, -1)
            if owner < 0:  # a Book of Memories lead: from the Score pile
                owner = next(p for p, c in trick.plays if c == card)
            lead = cards_now[0] == card
            hidden = lead and self._lead_hidden(trick) and owner != self.viewer
            code = CODE[card]
            if card != own and code in left:
                left.remove(code)
                what = " and lies face-down" if hidden else f": {self.public(card)}"
                lines.append(f"{source}: {names.owner(owner)} card is drawn at random{what}.")
            if card in before.aside[owner]:
                what = "a card" if hidden else self.public(card)
                lines.append(
                    f"Flail of Dawn: {names.act(owner, 'plays', 'play')} {what}, the card "
                    f"set aside for {self._their(owner)} last trick."
                )
            if lead and trick.marks.get(keys.MASKED) and not trick.marks.get(keys.BOOK):
                what = "a card" if hidden else self.public(card)
                follower = 1 - owner
                lines.append(
                    f"Mask of Darkness: {names.act(owner, 'leads', 'lead')} {what} face-down, "
                    f"revealed once {names.act(follower, 'has', 'have')} played; "
                    f"{names[follower]} may play any card."
                )
        forced = trick.marks.get(keys.FORCED_PLAY)
        if (
            forced is not None
            and forced != before.forced
            and forced not in cards_now
            and CODE[forced] in left
            and (trick.marks.get(keys.DICE) or trick.marks.get(keys.CLOAK))
        ):
            left.remove(CODE[forced])
            owner = before.holders.get(forced, 1 - trick.leader)
            # still in its holder's hand until played: only they see it
            what = f": {self.public(forced)}" if self.viewer in (None, owner) else ""
            lines.append(
                f"{source}: {names.owner(owner)} card is drawn at random{what}; "
                f"{names.act(owner, 'chooses', 'choose')} how to play it."
            )
        return lines

    # -- decisions and the heroes --------------------------------------------------------------

    def _hero_events(
        self,
        kind: str | None,
        player: int | None,
        move: str,
        new: list[str],
        other_prize: str | None = None,
        two_prizes: bool = False,
    ) -> None:
        """Tell the decision just taken and what the heroes did on their own with it: random
        draws (Skeleton, Kraken: ``new``, the random outcomes of the move that no artifact
        explains), Cthulhu's cards leaving the game, R-62 choices revealed."""
        state = self.state
        names = self.names
        if kind is not None and player is not None:
            visible = self.viewer is None or self.viewer == player
            if kind == "give":  # the Kraken's give, hand to hand: both players see it (H37)
                visible = self.viewer in (None, 0, 1)
            detail: str | None = None
            if kind == "skeleton" and move == "use skeleton" and new:
                detail, new = self.public_code(new[0]), new[1:]  # from the public discard pile
            elif kind == "gargoyle":
                detail = str(self.printed.get("hero:gargoyle", ""))
            elif kind == "islands":
                detail = other_prize
                self._islands_told = True
            elif kind == "seer" and two_prizes:
                detail = "islands"
            elif kind == "tuck" and move.startswith("tuck ") and state.tucked[player]:
                # the card as the viewer sees it: the move names a Trickster by printed value
                # (a Demon by its code already, W14), the omniscient account by its code (W1)
                move = f"tuck {self.public(state.tucked[player][-1])}"
            text = describe_decision(kind, player, move, names, visible, detail)
            if kind == "gargoyle":
                self.end_decisions.append(text)
            elif kind == "necromancer" and move == "pass" and not visible:
                # which heroes are in is secret: a Necromancer kept in hand is told to
                # nobody else (a swap is: the hero goes face-up to the discard pile, H30)
                pass
            else:
                if kind == "discard" and not visible:
                    self._hidden.append((len(self.decisions), kind, player, move))
                self.decisions.append(text)
        for code in new:
            # the Kraken's take (H37): its player won the trick, still on the table or just over
            trick = state.trick
            if trick is not None and trick.collected:
                taker = trick.winner
            else:
                taker = state.history[-1][5] if state.history else -1
            if taker in (0, 1):
                # from one hand into the other: only the two players see which card (H37)
                what = self.public_code(code) if self.viewer in (None, 0, 1) else "a card"
                self.decisions.append(
                    f"the Kraken takes {what} at random from {names.owner(1 - taker)} hand into "
                    f"{names.owner(taker)}."
                )
        if self._hidden and not any(state.chosen):
            # both have chosen, the discards are face up
            for index, hidden_kind, hidden_player, hidden_move in self._hidden:
                self.decisions[index] = describe_decision(
                    hidden_kind, hidden_player, hidden_move, names, True
                )
            self._hidden = []
        gone = [
            c for c, why in state.removed.items() if why == "cthulhu" and c not in self._removed
        ]
        if gone:
            self._removed.update(gone)
            which = f" ({', '.join(CODE[c] for c in gone)})" if self.viewer is None else ""
            top = (
                "the top card of the deck leaves"
                if len(gone) == 1
                else (f"the top {len(gone)} cards of the deck leave")
            )
            self.decisions.append(f"Cthulhu: {top} the game unseen{which}.")

    def _trick_lines(self) -> list[str]:
        state = self.state
        names = self.names
        shown = report(state, self.viewer)["tricks"]
        lines: list[str] = []
        for index in range(self._history, len(state.history)):
            trick = shown[index]
            plays = state.history[index][4]
            cube = trick.get("winner") is None and any(
                CODE[card] == CUBE for _, card, _, _ in plays
            )
            prizes = self._prizes.get(trick["number"], []) if trick["phase"] == 1 else []
            if len(prizes) > 1:
                trick = {**trick, "prizes": [self._prize_shown(c) for c in prizes]}
            lines.append(trick_heading(trick, names, self.printed))
            lines.extend("  " + capitalize(line) for line in self.artifact_lines)
            frozen = trick.get("winner") is None and trick.get("reason") == FROZEN_REASON
            if cube:
                lead = trick["plays"][0]["card"]
                again = " for the same prize" if trick["phase"] == 1 else ""
                lines.append(
                    f"  Nobody wins the trick: the Gelatinous Cube swallows {lead}; the Cube and "
                    f"{lead} stay on the table, and {names[trick['leader']]} leads again{again}."
                )
            else:
                lines.append("  " + winner_line(trick, names))
            lines.extend("  " + capitalize(d) for d in self.decisions)
            lines.extend("  " + line for line in self._location_events(trick))
            bundle = self._bundle_line(trick)
            if bundle:
                lines.append("  " + bundle)
            if trick["phase"] == 1 and trick.get("prize"):
                if cube or frozen:
                    lines.append(f"  The prize {trick['prize']} waits for the next trick.")
                else:
                    lines.append("  " + self._prize_line(state.history[index][3], trick, prizes))
            if plays:
                lines.append("  " + self._destinations_line(plays, trick))
        return lines

    def _prize_shown(self, card: int) -> str:
        """A face-up prize as the viewer sees it (a prize Demon stays value-hidden, R-30, W4)."""
        return self.public(card)

    def _bundle_line(self, trick: dict[str, Any]) -> str:
        """Who took the Cube bundle that lay on the table before this trick (H22)."""
        if not self._table:
            return ""
        where = self._locations()
        moved = [c for c in self._table if where.get(c, "table") != "table"]
        if not moved:
            return ""
        said = " and ".join(
            "the Cube" if CODE[c] == CUBE else self.public(c)
            for c in sorted(moved, key=lambda c: CODE[c] != CUBE)
        )
        target = where[moved[0]]
        winner = trick.get("winner")
        if target[-1:] in ("0", "1") and winner is not None:
            return capitalize(
                f"{self.names.act(winner, 'also takes', 'also take')} {said} from the table "
                f"→ {zone_text(target, self.names)}."
            )
        return capitalize(f"{said} on the table go to {zone_text(target, self.names)}.")

    def _prize_line(self, prize: int, trick: dict[str, Any], prizes: Sequence[int] = ()) -> str:
        """Who got the Phase One prize and the blind draw (winner's take first, R-2); with two
        face-up prizes (Islands, L6) which one each took and the one that stays."""
        names = self.names
        winner = trick.get("winner")
        order = (0, 1) if winner is None else (winner, 1 - winner)
        face_up = set(prizes) or {prize}
        # W6: a Prowler's Torch used in this trick or the one before shows the draws
        torch = self._counters.get(keys.SHOWN_DRAWS, 0) > 0 or "prowlers-torch" in trick.get(
            "artifacts", ()
        )
        taken: set[int] = set()
        said = []
        for p in order:
            pile, size = self._followers[p]
            gained = pile[size:]
            if not gained:
                said.append(f"{names.act(p, 'gets', 'get')} nothing: the deck is empty (R-2)")
            draws = names.act(p, "draws", "draw")
            for card in gained:
                if card in self._table:
                    continue  # the Cube bundle, told on its own line
                if card in face_up:
                    taken.add(card)
                    other = " other" if len(face_up) > 1 and taken != {card} else ""
                    said.append(
                        f"{names.act(p, 'takes', 'take')} the{other} prize {self.public(card)}"
                    )
                elif torch:
                    said.append(
                        f"{draws} {self.public(card)} from the deck, shown to both (Prowler's "
                        "Torch)"
                    )
                elif self._may_see(p, card, winner):
                    said.append(f"{draws} {self.public(card)} from the deck")
                else:
                    said.append(f"{draws} a card from the deck")
        left = [c for c in prizes if c not in taken]
        if len(prizes) > 1 and left and not self._islands_told:
            said.append(f"{', '.join(self._prize_shown(c) for c in left)} stays face-up")
        return capitalize("; ".join(said) + ".")

    def _destinations_line(
        self,
        plays: tuple[tuple[int, int, int, str | None], ...],
        trick: dict[str, Any],
    ) -> str:
        """Where the played cards went (and a Troll taken from the pool instead)."""
        where = self._collected or self._locations()
        groups: dict[str, list[str]] = {}
        for (_, card, _, _), play in zip(plays, trick["plays"], strict=True):
            groups.setdefault(where.get(card, "somewhere"), []).append(str(play["card"]))
        pool_now = {c for c, zone in where.items() if zone == "troll_pool"}
        for card in self._pool:
            if card not in pool_now and card in where:
                groups.setdefault(where[card], []).append(
                    f"{self.public(card)} from the Troll pool"
                )
        said = [f"{', '.join(codes)} → {zone_text(z, self.names)}" for z, codes in groups.items()]
        return f"Cards: {'; '.join(said)}."

    def _locations(self) -> dict[int, str]:
        """Where each card is — at the end of the game, where it was before the end steps."""
        where = {card: name for name, zone in self.state.zones().items() for card in zone}
        for card, source in self._end_sources().items():
            where[card] = source
        return where

    def _end_moves(self) -> list[dict[str, str]]:
        """The card moves of the end-of-game steps so far (``result.end_moves`` once over)."""
        state = self.state
        if state.result is not None:
            moves: list[dict[str, str]] = state.result.get("end_moves", [])
            return moves
        return state.end_moves

    def _end_sources(self) -> dict[int, str]:
        """Cards the end-of-game steps moved, mapped to the zone they came from."""
        moved: dict[str, str] = {}
        for move in self._end_moves():
            moved.setdefault(move["card"], move["from"])  # where it was before the first step
        if not moved:
            return {}
        zones = self.state.zones()
        return {
            card: moved[CODE[card]]
            for zone_cards in zones.values()
            for card in zone_cards
            if CODE[card] in moved
        }

    def _end_lines(self, choices: Sequence[str] = ()) -> list[str]:
        """The end-of-game steps (§9 steps 1–3) in the order they ran, each saying which power
        moved which cards (``result.end_moves``), told as they happen: a step that asks a
        decision (Tavern, the Gargoyle's count) waits for it. ``choices``: the lines of a choice
        just made (Tavern), told before the moves that followed it."""
        state = self.state
        names = self.names
        lines: list[str] = []
        if self._end_told is None:
            lines.append("End of the game.")
            self._end_told = 0
        lines.extend("  " + capitalize(line) for line in choices)
        if state.toxics and state.result is not None and not self._toxics_told:
            # W9: public once the game is finished; while a step asks a decision (Tavern, the
            # Gargoyle's count) the views still hide them
            self._toxics_told = True
            revealed = ", ".join(CODE[c] for c in state.toxics)
            lines.append(f"  The Toxics are revealed: {revealed}.")
        moves = self._end_moves()
        groups: dict[tuple[str, str, str], list[str]] = {}
        for move in moves[self._end_told :]:
            # named as the views name them: a fake Trickster by its printed value until the
            # game is finished (W1)
            groups.setdefault((move["by"], move["from"], move["to"]), []).append(
                self.public_code(move["card"])
            )
        self._end_told = len(moves)
        for (by, source, target), codes in groups.items():
            lines.append("  " + capitalize(end_step_text(by, source, target, names, codes)))
        lines.extend("  " + capitalize(d) for d in self.end_decisions)
        self.end_decisions = []
        return lines

    def _result_lines(self) -> list[str]:
        return game_result_lines(self.state, self.names, self.viewer)


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
    return result_lines(
        result,
        scores,
        config.factions,
        names,
        counted,
        config.building,
        state.counters,
        decided_counts(state),
    )


def setup_lines(state: State, record: dict[str, Any] | None = None) -> list[str]:
    """The setup and the deal, as the account opens."""
    config = state.config
    lines = [f"Factions: {', '.join(config.factions)}."]
    lines.extend(hero_setup_lines(state))
    lines.extend(location_rules_lines(config))
    lines.extend(artifact_setup_lines(state))
    lines.append(f"Player {config.first_leader} leads the first trick.")
    if state.seed is not None:
        lines.append(f"Seed: {state.seed}.")
    if record is not None and "position" in record:
        lines.append(
            f"Starts from a saved position: {PHASE_NAMES[state.phase]}, "
            f"{len(state.history)} tricks played."
        )
    else:
        deal = state.deal_codes()
        for p in (0, 1):
            lines.append(f"Player {p}'s hand: {', '.join(deal['hands'][p])}.")
        lines.append(f"Deck ({len(deal['deck'])} cards), top first: {', '.join(deal['deck'])}.")
    return lines


def hero_setup_lines(state: State) -> list[str]:
    """The heroes of a game (§2 step 3) as everyone sees them in a replay: which are in the deck
    and each one's rules text, the pool they were drawn from, changed values (H9) and the faction
    cards they replaced."""
    config = state.config
    if not config.heroes:
        return []
    titles = ", ".join(hero_title(h) for h in config.heroes)
    lines = [f"Heroes in the deck ({len(config.heroes)}): {titles}."]
    if set(config.hero_pool) != set(config.heroes):
        pool = (
            f"all {len(cards.HEROES)} heroes"
            if config.hero_pool == cards.HEROES
            else ", ".join(hero_title(h) for h in config.hero_pool)
        )
        lines.append(f"  Drawn unseen from {pool}.")
    lines.extend("  " + line for line in hero_rules_lines(config, config.heroes))
    if config.hero_values:
        changed = ", ".join(
            f"{hero_title(name)} {value} (instead of {cards.HERO_VALUES[name]})"
            for name, value in config.hero_values
        )
        lines.append(f"Hero values changed (R-61, H9): {changed}.")
    removed = [CODE[c] for c, why in state.removed.items() if why == "heroes"]
    if removed:
        lines.append(
            f"Left out of the game unseen to make room for the heroes: {', '.join(removed)}."
        )
    return lines


def artifact_setup_lines(state: State, names: Names | None = None) -> list[str]:
    """The artifacts of a game (§2 step 5, §8) as everyone sees them in a replay: which three
    each player was dealt, the pool they were dealt from when it is not all 16, the ones already
    used when the record starts from a position, and each dealt artifact's rules text."""
    config = state.config
    if not config.artifacts:
        return []
    names = names or Names()
    held = "; ".join(
        f"{names.act(p, 'holds', 'hold')} {artifact_titles(config.artifacts[p])}" for p in (0, 1)
    )
    lines = [f"Artifacts (secret until used): {held}."]
    if config.artifact_pool != cards.ARTIFACTS:
        pool = config.artifact_pool
        lines.append(f"  Dealt from a pool of {len(pool)}: {artifact_titles(pool)}.")
    used = [
        f"{names[p]} {artifact_titles(state.used_artifacts[p])}"
        for p in (0, 1)
        if state.used_artifacts[p]
    ]
    if used:
        lines.append(f"  Already used before the saved position: {'; '.join(used)}.")
    lines.extend(
        "  " + line for line in artifact_rules_lines([*config.artifacts[0], *config.artifacts[1]])
    )
    return lines


def first_set_aside(before: Sequence[int], now: Sequence[int]) -> int:
    """The card set aside by the move: in ``now`` and not in ``before`` (-1: none)."""
    return next((c for c in now if c not in before), -1)


def in_progress_lines(state: State, narrator: Narrator) -> list[str]:
    """Where an unfinished game stands: the trick on the table, whose turn, the legal moves."""
    shown = report(state, narrator.viewer)
    names = narrator.names
    lines = [
        f"The game is in progress: {PHASE_NAMES[state.phase]}, "
        f"{len(shown['tricks'])} tricks played."
    ]
    if END_STEP in state.counters:
        lines[0] = "The game is in progress: the end of the game, its steps under way."
    current = shown.get("current")
    if current is not None:
        parts = []
        if len(current.get("prizes") or ()) > 1:
            parts.append(f"prizes {' and '.join(current['prizes'])}")
        elif current.get("prize"):
            parts.append(f"prize {current['prize']}")
        for i, play in enumerate(current["plays"]):
            verb = ("led", "led") if i == 0 else ("played", "played")
            parts.append(f"{names.act(play['player'], *verb)} {play['card']}")
        if not current["plays"]:
            parts.append(f"{names[current['leader']]} to lead")
        lines.append("On the table: " + ", ".join(parts) + ".")
    lines.extend(capitalize(d) for d in narrator.artifact_lines)
    lines.extend(capitalize(d) for d in narrator.decisions)
    lines.extend(pending_choice_lines(state, narrator))
    nxt = shown["next"]
    lines.append(capitalize(f"{names[nxt['player']]} to move."))
    if "legal" in nxt:
        lines.append(f"Legal moves: {', '.join(nxt['legal'])}.")
    return lines


def pending_choice(state: State) -> str | None:
    """The location whose simultaneous choice (R-62) is under way, or None."""
    for kind, _, _ in state.tasks:
        name = kind.lstrip("!")
        if name in LOCATION_CHOICES:
            return name
    return None


def pending_choice_lines(state: State, narrator: Narrator) -> list[str]:
    """The choices made but not yet carried out (R-62): which cards to their chooser and in the
    omniscient account, how many to the other player (W8)."""
    kind = pending_choice(state)
    if kind is None:
        return []
    names = narrator.names
    verb = LOCATION_CHOICES[kind][0]
    lines = []
    for p in (0, 1):
        chosen = state.chosen[p]
        if not chosen:
            continue
        if narrator.viewer in (None, p):
            what = ", ".join(narrator.public(c) for c in chosen)
        else:
            what = f"{len(chosen)} card{'s' if len(chosen) != 1 else ''}"
        to = f" to {names[1 - p]}" if verb == "give" else ""
        lines.append(
            f"{location_title(kind)}: {names.act(p, 'has', 'have')} chosen to {verb} {what}{to}; "
            "carried out once both have chosen."
        )
    return lines


def replay_account(record: Any) -> list[str]:
    """The whole account of a record, as everyone may see it (``claim replay``).

    The record is checked first, so a malformed record or an illegal move raises its ClaimError
    before any line is produced.
    """
    replay(record)  # every error, with the position of an illegal move
    state = initial_state(record)
    narrator = Narrator(state)
    lines = setup_lines(state, record)
    phase = 0
    for trick in report(state)["tricks"]:  # tricks of a saved position, before its moves
        if trick["phase"] != phase:
            phase = trick["phase"]
            lines.append(f"{PHASE_NAMES[phase]}:")
        lines.append(trick_heading(trick, narrator.names, narrator.printed))
        if trick.get("artifacts"):
            used = f"  Artifacts used: {artifact_titles(trick['artifacts'])}"
            if trick.get("daggered"):
                used += f" (the King's Dagger took {', '.join(trick['daggered'])})"
            lines.append(used + ".")
        lines.append("  " + winner_line(trick, narrator.names))
    if state.phase != phase and not is_over(state):
        lines.append(f"{PHASE_NAMES[state.phase]}:")
    for move in record.get("moves", []):
        lines.extend(narrator.apply(move))
    if not is_over(state):
        lines.extend(in_progress_lines(state, narrator))
    return lines
