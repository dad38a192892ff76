"""The table in words, from a view only (``observe`` for a seat, ``report`` for a replay).

Pure text, no Textual: the screens put these lines in panels and colour the card codes, but every
fact is written in words or marks, so the table reads the same without colour. Nothing here looks
at the true state — the view is all a player may know (RULES.md §10) — which is what keeps the
other hand and the other's unused artifacts off the screen.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from dataclasses import dataclass

from claim.core import cards, keys
from claim.core.powers import REGISTRY
from claim.core.powers import artifacts as arts
from claim.core.powers.factions import Gnomes, Trolls
from claim.core.powers.fear import NO_MOON, Vampires, Werewolves
from claim.core.powers.locations import Dungeon, IceFields, LavaFields, Plateau
from claim.core.powers.maps import Phoenixes
from claim.core.scoring import compare
from claim.core.setup import GameConfig
from claim.core.view import PLAY_KINDS
from claim.core.view_types import DecisionView, View
from claim.text import catalog
from claim.text.account.decisions import (
    CROWN,
    DINOSAUR,
    DISCARD,
    ENDLESS_SANDS,
    GARGOYLE,
    GIVE,
    ISLANDS,
    NECROMANCER,
    PEEK,
    SEER,
    SKELETON,
    SMASH,
    STEAL,
    SWAMP,
    TAVERN,
    TUCK,
    WINDY_PEAKS,
)
from claim.text.account.location_events import LOCATION_CHOICES
from claim.text.account.words import Names, capitalize, card_name, named

PHASE_NAMES = {1: "Phase One", 2: "Phase Two"}

# The headings the terminal and the browser's table both say: the web's words
# (claim.text.web_words) read these, so each wording lives once (issue 37).
GAME_OVER = "Game over"
END_OF_GAME = "End of the game"
GAME_IS_OVER = "The game is over."
NO_TRICK = "No trick on the table."
PRIZE = "Prize"
ARTIFACTS_USED = "Artifacts used"
ON_THE_TABLE = "On the table"
TROLL_POOL = "Troll pool"
TOXICS = "Toxics"
TOP_OF_DECK = "Top of the deck, shown to you"


@dataclass(frozen=True, slots=True)
class VoteRow:
    """One faction of the Score piles: each player's values (as the view writes them, highest
    first) and who leads its vote now (``leader``: a player, None for a tie, -1 unknown)."""

    faction: str
    values: tuple[list[str], list[str]]
    leader: int | None
    note: str = ""


@dataclass(frozen=True, slots=True)
class Section:
    """A titled block of the table (``HAND``, ``VOTES``, ...); ``rows`` set for the votes."""

    title: str
    lines: list[str]
    rows: tuple[VoteRow, ...] = ()


def faction_of(name: str) -> str:
    """The faction of a card as a view names it: a code (``fire-phoenix:3`` → ``phoenixes``) or
    a partial name (``demons:odd`` → ``demons``); heroes are ``hero``, a ``?`` is ``?``."""
    if name in cards.IDS_BY_CODE:
        return cards.faction_of_code(name)
    return name.partition(":")[0]


def value_of(name: str) -> str:
    """The value part of a card name: ``goblins:5`` → ``5``, ``demons:odd`` → ``odd``,
    ``hero:jester`` → ``jester``."""
    return name.partition(":")[2] or name


def _number(value: str) -> int | None:
    return int(value) if value.isdigit() else None


def sort_key(name: str) -> tuple[int, str]:
    """Highest value first; named values (odd, jester) after the numbers."""
    number = _number(value_of(name))
    return (-(number if number is not None else -1), name)


def grouped(names: Sequence[str], factions: Sequence[str] = ()) -> list[tuple[str, list[str]]]:
    """Cards grouped by faction, the game's ``factions`` first in their order, then the rest
    (heroes, Toxics) as first seen; each group's values highest first."""
    groups: dict[str, list[str]] = {f: [] for f in factions}
    for name in names:
        groups.setdefault(faction_of(name) if name != "?" else "?", []).append(name)
    return [(f, [value_of(n) for n in sorted(ns, key=sort_key)]) for f, ns in groups.items() if ns]


def grouped_text(names: Sequence[str], factions: Sequence[str] = ()) -> str:
    """:func:`grouped` on one line, each faction by its title and each hero by its name (a person
    reads names, not keys, issue 37): ``Goblins 9 5 0 · Knights 3 · the Jester``, or ``none``.
    Demons and Fire Elementals keep the view's words (``Demons odd``), a fake Trickster reads
    ``5 (fake)``."""
    if not names:
        return "none"
    parts = []
    for faction, values in grouped(names, factions):
        if faction == "?":
            parts.append(f"{len(values)} unseen")
        elif faction == "hero":
            parts.extend(card_name(f"hero:{value}") for value in values)
        else:
            parts.append(f"{catalog.title(faction)} {' '.join(map(_value_words, values))}")
    return " · ".join(parts)


def _value_words(value: str) -> str:
    """A value as the grouped line says it: ``5x`` (a fake Trickster, W1) → ``5 (fake)``."""
    return f"{value[:-1]} (fake)" if value.endswith("x") and value[:-1].isdigit() else value


#: the verbs of moves that name one card of the player's own cards first (``give goblins:5``):
#: listed like the hand, by faction and highest first
_SORTED_VERBS = ("play", "give", "discard", "aside", "tuck", "crown", "steal", "smash")


def ordered_moves(moves: Sequence[str], factions: Sequence[str]) -> list[str]:
    """The legal moves in the order the hand is shown: the moves that name a card (plays,
    gives, discards, ...) by verb, then by faction (the game's order), highest first; every
    other move (a decision, ``pass``) in the engine's order, after them."""
    rank = {f: i for i, f in enumerate(factions)}

    def key(move: str) -> tuple[int, int, int, tuple[int, str]]:
        verb, _, rest = move.partition(" ")
        if verb not in _SORTED_VERBS or not rest:
            return (1, 0, 0, (0, ""))
        card = rest.split(" ")[0]
        verb_rank = _SORTED_VERBS.index(verb)
        return (0, verb_rank, rank.get(faction_of(card), len(rank)), sort_key(card))

    return sorted(moves, key=key)


def order(seat: int | None) -> tuple[int, int]:
    """The players in the order the table lists them: you first, else player 0 first."""
    return (seat, 1 - seat) if seat is not None else (0, 1)


def heading(view: View, decision: str | None = None) -> str:
    """``Phase One · trick 3 of 13``, ``Phase Two begins`` or ``End of the game``."""
    phase = view["phase"]
    if view["status"] == "finished":
        return GAME_OVER
    if view.get("current") is None:
        hands = [len(pl["hand"]) for pl in view["players"]]
        if decision in (TAVERN, GARGOYLE) or (phase == 2 and not any(hands)):
            return END_OF_GAME
        return f"{PHASE_NAMES[phase]} begins"
    number = 1 + sum(1 for t in view["tricks"] if t["phase"] == phase)
    return f"{PHASE_NAMES[phase]} · trick {number}"


# -- the table ---------------------------------------------------------------------------------


def table_sections(
    view: View, seat: int | None, names: Names, config: GameConfig | None = None
) -> list[Section]:
    """The whole table as ``seat`` sees it (None: a replay showing everything): everything from
    ``view``; the factions (public) are the view's (``config``'s when given, the same list).
    The full-screen terminal puts these in panels, the line game (``claim play --plain``) prints
    them one after the other: one wording for both."""
    factions = tuple(config.factions) if config is not None else tuple(view["factions"])
    sections = [
        _trick_section(view, names),
        *_hand_sections(view, seat, names, factions),
        _votes_section(view, factions),
    ]
    extras = component_lines(view, seat, names, factions) + choice_lines(view, seat, names)
    if extras:
        sections.append(Section(ON_THE_TABLE.upper(), extras))
    places = location_lines(view, names)
    if places:
        sections.append(Section("LOCATIONS", places))
    if view.get("artifacts"):  # the public pool, there when artifacts are in play
        sections.append(Section("ARTIFACTS", artifact_lines(view, seat, names)))
    sections.append(Section("CARDS LEFT", [count_line(view, seat, names)]))
    return sections


def _trick_section(view: View, names: Names) -> Section:
    current = view.get("current")
    lines: list[str] = []
    if current is None:
        if view["status"] == "finished":
            lines.append(GAME_IS_OVER)
        else:
            lines.append(NO_TRICK)
        return Section("TRICK", lines)
    prizes = current.get("prizes") or []
    if len(prizes) > 1:
        lines.append(
            f"Prizes (Islands): {' and '.join(map(card_name, prizes))} (the trick's winner takes "
            "one, the other stays face-up)"
        )
    elif prize := current.get("prize"):
        lines.append(f"{PRIZE}: {card_name(prize)}")
    elif view["phase"] == 1:
        lines.append(f"{PRIZE}: none")
    plays = current["plays"]
    if not plays:
        lines.append(f"Played: nothing yet; {names[current['leader']]} to lead")
    for i, play in enumerate(plays):
        verb = "led" if i == 0 else "played"
        card = card_name(play["card"]) if play["card"] != "?" else "a face-down card"
        declared = f" as {catalog.title(play['as'])}" if play.get("as") else ""
        lines.append(f"{names[play['player']].capitalize()} {verb} {card}{declared}")
    if current.get("artifacts"):
        used = catalog.titles(current["artifacts"])
        if current.get("daggered"):
            used += f" (the King's Dagger took {', '.join(map(card_name, current['daggered']))})"
        lines.append(f"{ARTIFACTS_USED}: {used}")
    if current.get("winner") is not None:
        who = names.act(current["winner"], "wins", "win")
        lines.append(f"→ {who} it: {current.get('reason') or ''}".rstrip(": "))
    return Section("TRICK", lines)


def _hand_sections(
    view: View, seat: int | None, names: Names, factions: Sequence[str]
) -> list[Section]:
    players = view["players"]
    sections = []
    for p in order(seat):
        mine = seat is None or p == seat
        if not mine:
            continue  # the other hand is only ever a count (W13), shown under CARDS LEFT
        hand = players[p]["hand"]
        owner = f"{names.owner(p).upper()} HAND"  # YOUR HAND, or PLAYER 1'S HAND in a replay
        lines = [grouped_text(hand, factions)]
        followers = players[p]["followers"]
        if followers:
            lines.append(f"Followers ({len(followers)}): {grouped_text(followers, factions)}")
        if players[p].get("aside"):
            aside = ", ".join(map(card_name, players[p]["aside"]))
            lines.append(f"Set aside (Flail of Dawn): {aside}")
        if players[p].get("chosen"):
            chosen = grouped_text(players[p]["chosen"], factions)
            lines.append(f"Chosen, carried out once both have chosen: {chosen}")
        sections.append(Section(f"{owner} ({len(hand)})", lines))
    return sections


#: how a finished game was decided when it was by the votes (anything else: a location, L23)
BY_THE_VOTES = ("votes", "cards", "draw")


def vote_rows(view: View, factions: Sequence[str] | GameConfig) -> list[VoteRow]:
    """Each faction's cards in both Score piles and who leads its vote now.

    The standing is the basic vote (§9 step 5: more cards, then the highest card, ...) worked
    out from what the view shows; a faction with its own vote rule (Vampires) says so, a tie
    that only hidden values decide is unknown. After the end it is the result's vote (none
    when a location decided the game before the votes)."""
    if isinstance(factions, GameConfig):
        factions = factions.factions
    players = view["players"]
    result = view.get("result")
    no_vote = result is not None and result.get("reason") not in BY_THE_VOTES
    rows = []
    for faction in factions:
        values: list[list[str]] = []
        for p in (0, 1):
            pile = [n for n in players[p]["score"] if faction_of(n) == faction]
            values.append([value_of(n) for n in sorted(pile, key=sort_key)])
        note = ""
        if no_vote:
            leader: int | None = None
            note = "no vote"
        elif result is not None:
            leader = result["votes"].get(faction)
        else:
            leader = standing(values[0], values[1])
            power = REGISTRY.get(faction)
            if power is not None and power.overrides("score_votes"):
                leader, note = -1, "own rule"
        rows.append(VoteRow(faction, (values[0], values[1]), leader, note))
    return rows


def standing(mine: list[str], theirs: list[str]) -> int | None:
    """Who leads a basic vote now, from the values the view shows (highest first): the core's
    rule (:func:`claim.core.scoring.compare`, §9 step 5), or -1 when a value the view hides (a
    Demon's parity, a Fire Elemental's band) would decide."""
    if len(mine) == len(theirs):
        for a, b in zip(mine, theirs, strict=True):
            x, y = _number(a), _number(b)
            if x is None or y is None:
                return -1  # equal so far: the hidden value decides
            if x != y:
                break
    # the values compare reads are shown (a hidden one only past the deciding card)
    return compare([_number(a) or 0 for a in mine], [_number(b) or 0 for b in theirs])


def standing_text(row: VoteRow, names: Names, finished: bool) -> str:
    if row.note:
        return row.note
    if row.leader == -1:
        return "unclear"
    if row.leader is None:
        return "nobody" if finished else "tied"
    return f"{names[row.leader]}"


def vote_table_lines(
    rows: Sequence[VoteRow], seat: int | None, names: Names, finished: bool, width: int
) -> list[str]:
    """The Score piles as a small table in ``width`` columns: each faction, both players'
    values and who leads (or won) its vote, in words in its own column."""
    first, second = order(seat)
    head = ["faction", names[first], names[second], "won" if finished else "leads"]
    cells = [
        [
            catalog.title(row.faction),  # its title, not its key (issue 37)
            " ".join(row.values[first]) or "-",
            " ".join(row.values[second]) or "-",
            standing_text(row, names, finished),
        ]
        for row in rows
    ]
    name_w = max(len(c[0]) for c in [head, *cells])
    lead_w = max(len(c[3]) for c in [head, *cells])
    value_w = max(5, len(head[1]), len(head[2]), (width - name_w - lead_w - 6) // 2)
    lines = []
    for row_cells in [head, *cells]:
        left = textwrap.wrap(row_cells[1], value_w) or [""]
        right = textwrap.wrap(row_cells[2], value_w) or [""]
        for i in range(max(len(left), len(right))):
            lines.append(
                "  ".join(
                    [
                        (row_cells[0] if i == 0 else "").ljust(name_w),
                        (left[i] if i < len(left) else "").ljust(value_w),
                        (right[i] if i < len(right) else "").ljust(value_w),
                        row_cells[3] if i == 0 else "",
                    ]
                ).rstrip()
            )
    return lines


def _votes_section(view: View, factions: Sequence[str]) -> Section:
    rows = vote_rows(view, factions)
    players = view["players"]
    others = [n for p in (0, 1) for n in players[p]["score"] if faction_of(n) not in factions]
    lines = []
    if others:
        lines.append(f"Other cards (heroes, dual cards): {grouped_text(others)}")
    result = view.get("result")
    if result is None:
        title = "SCORE PILES · who leads"
    elif result.get("reason") in BY_THE_VOTES:
        title = "VOTES (who won each)"
    else:
        title = f"SCORE PILES · no vote: {catalog.title(str(result.get('reason')))} decided"
    return Section(title, lines, tuple(rows))


def component_lines(
    view: View, seat: int | None, names: Names, factions: Sequence[str]
) -> list[str]:
    """Face-up Gnomes, Vampire stacks, the moon, the Troll pool, the Toxics, the Fire Phoenix
    pile, cards frozen on the table and a top card shown: the components of the factions in
    play, for the terminal's panel and the line game (the web's: :func:`table_facts`)."""
    players = view["players"]
    lines = []
    who = order(seat)
    # pl["gnomes"]: the view's zone of face-up Gnomes (a view key, not a card's name)
    if Gnomes.name in factions or any(pl["gnomes"] for pl in players):
        gnomes = "; ".join(f"{names[p]}: {grouped_text(players[p]['gnomes'])}" for p in who)
        lines.append(f"Face-up Gnomes: {gnomes}")
    if Vampires.name in factions:
        for p in who:
            vampire = players[p].get("vampire")
            tucked = players[p].get("tucked") or []
            owner = capitalize(names.owner(p))
            if vampire:
                under = f", tucked under it: {grouped_text(tucked)}" if tucked else ""
                under = under or ", nothing tucked"
                lines.append(f"{owner} face-up Vampire: {card_name(vampire)}{under}")
            else:
                lines.append(f"{owner} face-up Vampire: none")
    lines.extend(moon_line(view, factions))
    if Trolls.name in factions or view["troll_pool"]:
        lines.append(f"{TROLL_POOL}: {grouped_text(view['troll_pool'])}")
    if view.get("toxics"):
        peeked = set(players[seat].get("peeked") or ()) if seat is not None else set()
        shown = [
            f"{i}. {card_name(code) if code != '?' else '?'}{' (peeked)' if i in peeked else ''}"
            for i, code in enumerate(view["toxics"], 1)
        ]
        lines.append(f"{TOXICS} (face-up, values hidden unless peeked): {'; '.join(shown)}")
    lines.extend(phoenix_line(view, factions))
    if view.get("table"):
        lines.append(
            f"{ON_THE_TABLE}: {', '.join(map(card_name, view['table']))} (the Gelatinous Cube and "
            "the card under it: the next trick's winner takes them)"
        )
    seen = [c for c in view["deck"] if c != "?"]
    if seen and seat is not None:
        lines.append(f"{TOP_OF_DECK}: {', '.join(map(card_name, seen))}")
    return lines


def moon_line(view: View, factions: Sequence[str]) -> list[str]:
    """The moon and what it does to a Werewolf lead (R-23), when the Werewolves are in play."""
    if Werewolves.name not in factions:
        return []
    moon = view["moon"]
    rule = "lower" if moon == NO_MOON else "higher"
    return [f"Moon: {catalog.title(moon)} (the {rule} Werewolf wins a Werewolf lead)"]


def phoenix_line(view: View, factions: Sequence[str]) -> list[str]:
    """How many cards the Fire Phoenix pile holds, when the Phoenixes are in play."""
    if Phoenixes.name not in factions:
        return []
    return [f"Fire Phoenix pile: {len(view['fire_phoenix'])} cards"]


def choice_lines(view: View, seat: int | None, names: Names) -> list[str]:
    """A simultaneous choice under way (R-62, W8) as ``seat`` sees the other's side: how many
    cards the other has chosen (public: ``view["choosing"]``), never which. The seat's own
    chosen cards are in its hand's section, what it is asked in :func:`prompt_text`."""
    choosing = view.get("choosing")
    if seat is None or choosing is None or choosing["kind"] not in LOCATION_CHOICES:
        return []  # Cthulhu's discard: the hero's own lines
    other = 1 - seat
    theirs = choosing["chosen"][other]
    if not theirs:
        return []
    verb = LOCATION_CHOICES[choosing["kind"]][0]
    what = f"{theirs} card{'s' if theirs != 1 else ''}"
    to = " to give you" if verb == "give" else " to discard"
    return [
        f"{capitalize(names.act(other, 'has', 'have'))} chosen {what}{to}; you see them once "
        "both have chosen"
    ]


def location_lines(view: View, names: Names) -> list[str]:
    """The locations in play and their public tallies in words (``view["counters"]``): a
    Plateau streak, the Ice Fields bonus waiting, a Lava Fields run, the factions won outright at
    the Lighthouse, the Dungeon's Phase One extra vote."""
    setting, building = view.get("setting"), view.get("building")
    if not setting and not building:
        return []
    lines = [
        f"{kind}: {catalog.title(name)}"
        for kind, name in (("Setting", setting), ("Building", building))
        if name
    ]
    counters: dict[str, int] = view.get("counters") or {}

    def has(p: int) -> str:
        return names.act(p, "has", "have")

    def tricks(count: int) -> str:
        return f"{count} trick{'s' if count != 1 else ''}"

    player, count = counters.get(keys.PLATEAU_PLAYER, -1), counters.get(keys.PLATEAU_COUNT, 0)
    if setting == Plateau.name and player in (0, 1) and count > 0:
        lines.append(
            f"Plateau: {has(player)} won {tricks(count)} in a row (at 3 the other player leads "
            "the next trick)"
        )
    player = counters.get(keys.ICE_FIELDS, -1)
    if setting == IceFields.name and player in (0, 1):
        lines.append(f"Ice Fields: {has(player)} +1 on {_their(names, player)} next card")
    player, count = counters.get(keys.LAVA_PLAYER, -1), counters.get(keys.LAVA_COUNT, 0)
    if setting == LavaFields.name and player in (0, 1) and count > 0:
        lines.append(
            f"Lava Fields: {has(player)} lost {tricks(count)} in a row in Phase Two (5 in a row "
            "wins the game)"
        )
    outright: dict[int, list[str]] = {}
    for key, owner in sorted(counters.items()):
        if key.startswith(keys.LIGHTHOUSE + ":") and owner in (0, 1):
            outright.setdefault(owner, []).append(key.split(":", 1)[1])
    for owner, factions in sorted(outright.items()):
        lines.append(f"Lighthouse: {catalog.titles(factions)} won outright by {names[owner]}")
    if building == Dungeon.name and keys.DUNGEON_FIRST in counters:
        first = counters[keys.DUNGEON_FIRST]
        lines.append(
            f"Dungeon: {names[first]} won the last trick of Phase One (one extra vote at the end)"
            if first in (0, 1)
            else "Dungeon: nobody won the last trick of Phase One"
        )
    return lines


def _their(names: Names, p: int) -> str:
    return "your" if names[p] == "you" else "their"


def artifact_lines(view: View, seat: int | None, names: Names) -> list[str]:
    """The artifacts as ``seat`` sees them (§8, W11): your unused and used ones, how many the
    other still holds (never which) and the ones they used (a replay, ``seat`` None: both
    players' as the view shows them), a card the other set aside face-down (Flail of Dawn), and
    the public tallies (:func:`artifact_tally_lines`)."""
    players = view["players"]
    lines = []
    for p in order(seat):
        pl = players[p]
        unused = pl.get("artifacts") or []
        used = catalog.titles(pl.get("used_artifacts") or [])
        owner = capitalize(names.owner(p))
        if "?" in unused:
            held = f"{len(unused)} unused (secret)"
            lines.append(f"{owner} artifacts: {held}; used: {used or 'none'}")
        else:
            lines.append(
                f"{owner} artifacts: {catalog.titles(unused) or 'none'}"
                + (f"; used: {used}" if used else "")
            )
        if pl.get("aside") and p != seat and seat is not None:
            lines.append(
                f"{capitalize(names.act(p, 'has', 'have'))} set a card aside face-down (Flail "
                "of Dawn) for their last trick"
            )
    return lines + artifact_tally_lines(view, seat, names)


def artifact_tally_lines(view: View, seat: int | None, names: Names) -> list[str]:
    """The artifacts' public tallies in words (``view["counters"]``): the Prowler's Torch and
    the Mask of Darkness tricks left, the Flask of Tears and Ice Sword bonuses waiting, and
    ``seat``'s run of lost tricks while it holds a Flask of Tears."""
    counters: dict[str, int] = view.get("counters") or {}
    lines = []
    now = "this trick" if view.get("current") is not None else "the next trick"
    for name, what in (
        (keys.SHOWN_DRAWS, "every card taken from the deck is shown to both players"),
        (keys.MASK, "the leader plays face-down and the follower may play any card"),
    ):
        left = counters.get(name, 0)
        if left > 0:
            when = f"{now} and the one after" if left > 1 else now
            lines.append(f"{catalog.title(name)}: {what} ({when})")
    for p in order(seat):
        for name in keys.BONUSES:
            amount = counters.get(f"{name}:{p}", 0)
            if amount:
                lines.append(
                    f"{catalog.title(name)}: {names.act(p, 'has', 'have')} +{amount} on "
                    f"{_their(names, p)} next card"
                )
    if seat is not None:
        lost = counters.get(keys.player_key(keys.LOSSES, seat), 0)
        held = view["players"][seat].get("artifacts") or []
        if arts.FlaskOfTears.name in held and lost >= 3:
            lines.append(
                f"Flask of Tears: you have lost {lost} tricks in a row; your Flask may be used "
                "at the start of a trick"
            )
    return lines


def table_facts(view: View, seat: int | None, names: Names) -> dict[str, object]:
    """What the web table says in words beside its cards, as data for each ``state`` message
    (issue 37: the page kept its own copies of the basic vote, the location facts and the
    factions): ``factions`` (the game's, in the rules' order), ``votes`` (each faction's
    standing in words: who leads or won it, "tied", "unclear", "own rule", "no vote"),
    ``tallies`` (the locations and their tallies, the artifacts' public tallies) and
    ``components`` (the moon, the Fire Phoenix pile, the other's choice under way). The page
    lays out the cards; every sentence is these."""
    factions = list(view["factions"])
    finished = view["status"] == "finished" and view.get("result") is not None
    return {
        "factions": factions,
        "votes": {
            row.faction: standing_text(row, names, finished) for row in vote_rows(view, factions)
        },
        "tallies": location_lines(view, names) + artifact_tally_lines(view, seat, names),
        "components": moon_line(view, factions)
        + phoenix_line(view, factions)
        + choice_lines(view, seat, names)
        + pool_lines(view),
    }


def pool_lines(view: View) -> list[str]:
    """The public pools the view shows (§2 steps 3 and 5): how many heroes are in the deck and
    the pool they came from (which ones stays secret until the end), the artifacts' pool."""
    lines = []
    heroes = view.get("heroes")
    if heroes:
        which = (
            "those seen are shown with the result"
            if view["status"] == "finished"
            else "which ones is secret"
        )
        lines.append(
            f"Heroes: {heroes['count']} in the deck, from a pool of {len(heroes['pool'])} ({which})"
        )
    artifacts = view.get("artifacts")
    if artifacts and artifacts.get("pool"):
        lines.append(f"Artifact pool: {catalog.titles(artifacts['pool'])}")
    return lines


def count_line(view: View, seat: int | None, names: Names) -> str:
    """How many cards are left in the deck and each hand (and Follower deck in Phase One)."""
    players = view["players"]
    parts = [f"deck {len(view['deck'])}"]
    for p in order(seat):
        hand = len(players[p]["hand"])
        followers = f", followers {len(players[p]['followers'])}" if view["phase"] == 1 else ""
        parts.append(f"{names[p]}: hand {hand}{followers}")
        if players[p].get("aside"):
            parts[-1] += f", {len(players[p]['aside'])} set aside"
    return " · ".join(parts)


# -- the decision and the moves ----------------------------------------------------------------

#: each decision in words ({other}: the opponent, {left}: cards still to choose)
PROMPTS = {
    SEER: "Seer: take the top card of the deck ({top}) or the prize; {other} gets the other one.",
    SMASH: "Giant: you may discard one of {other_poss} face-up Gnomes, or pass.",
    CROWN: "Vampires: make this Vampire your face-up Vampire, or pass.",
    TUCK: "Vampires: tuck a collected card under your face-up Vampire, or pass.",
    PEEK: "Poisoners: peek at a face-up Toxic (its position 1–3), or pass.",
    SKELETON: "Skeleton: take a random card of the discard pile into your hand, or pass.",
    DISCARD: "Cthulhu: discard a card of your hand; neither sees the other's choice first.",
    STEAL: "Siren: take a card of {other_poss} Score pile into yours.",
    NECROMANCER: "Necromancer: swap it for one of the trick's discarded cards, or pass.",
    GARGOYLE: "Gargoyle: choose the faction it counts as (two cards of its value).",
    DINOSAUR: "Dinosaur: take it back into your hand, or pass.",
    GIVE: "Kraken: give {other} a card of your hand.",
    ISLANDS: "Islands: take one of the two prizes; the other stays face-up.",
    ENDLESS_SANDS: "Endless Sands: give {other} a card of your hand ({left} to go); "
    "choices are secret until both have chosen.",
    WINDY_PEAKS: "Windy Peaks: give {other} a card of your hand ({left} to go); "
    "choices are secret until both have chosen.",
    SWAMP: "Swamp: discard a card of your hand ({left} to go); "
    "choices are secret until both have chosen.",
    TAVERN: "Tavern: give {other} a card of your Score pile ({left} to go).",
    arts.START: "Start of the trick: you may use an artifact before the lead, or pass.",
    arts.DAGGER: "{other_cap} just played {about}, a printed 5: your King's Dagger may take it, "
    "or pass.",
    arts.PLAYED: "Right after your card: you may use an artifact, or pass.",
    arts.ICE: "Both cards are down: your Ice Sword may freeze them, or pass.",
    arts.WON: "You won the trick: your Spyglass may swap a card you collected for one of the "
    "discard pile, or pass.",
    arts.BETWEEN: "Between the phases: your Gambler's Book may discard a random card of your hand "
    "and take one of the discard pile, or pass.",
    arts.FLAIL: "Phase Two begins: your Flail of Dawn may make {other} set a card aside for their "
    "last trick, or pass.",
    arts.ASIDE: "Flail of Dawn: set a card aside face-down; you must play it in your last trick.",
    arts.BOOK_TAKE: "Gambler's Book: take a card of the discard pile to the end of your hand.",
    arts.SPY_TAKE: "Spyglass: put a card of the discard pile into your Score pile.",
}


def asked(view: View) -> DecisionView | None:
    """The decision the view's player is asked other than a card to play (a power's, an
    artifact window, a location's choice): ``view["decision"]``, None for a lead or a follow and
    in a view whose player is not asked."""
    decision = view.get("decision")
    if decision is None or decision["kind"] in PLAY_KINDS:
        return None
    return decision


#: how the web table asks for a follow: it highlights the legal cards of the hand
WEB_FOLLOW = "play one of the highlighted cards"


def prompt_text(
    view: View,
    seat: int,
    names: Names,
    decision: DecisionView | None,
    follow: str = "play a card (only legal ones are listed)",
) -> str:
    """What the player is asked now: a decision in words (``view["decision"]``, or
    :func:`asked`), or which card to play (``follow``: how this screen asks for a follow; the
    web table highlights the legal cards instead of listing them). The terminal and the web
    table both show this text: the browser gets it in each ``state`` message rather than keeping
    its own copy of the prompts. A person reads it: its cards by their names, never their
    codes (:func:`~claim.text.account.words.named`, issue 37)."""
    return named(_prompt(view, seat, names, decision, follow))


def _prompt(view: View, seat: int, names: Names, decision: DecisionView | None, follow: str) -> str:
    other = 1 - seat
    if decision is not None and decision["kind"] not in PLAY_KINDS:
        kind = decision["kind"]
        template = PROMPTS.get(kind)
        if template is not None:
            seen = [card_name(c) for c in view.get("deck") or () if c != "?"]
            return template.format(
                top=", ".join(seen) or "unseen",
                other=names[other],
                other_cap=names[other].capitalize(),
                other_poss=names.owner(other),
                left=decision.get("left", ""),
                about=card_name(str(decision.get("about") or "")) or "a card",
            )
        return f"{catalog.title(kind.split(':')[0])}: choose one."
    current = view.get("current")
    if current is None or not current["plays"]:
        return "Your lead: play any card of your hand."
    led = current["plays"][0]["card"]
    if led == "?":
        return f"{names[other].capitalize()} led face-down: play any card."
    return f"{names[other].capitalize()} led {card_name(led)}: {follow}."


def move_hint(move: str, names: Names | None = None, seat: int | None = None) -> str:
    """A few words after a move of the list: what an artifact's use does (a card in it by its
    name), what ``pass`` and ``take top`` mean; empty for plain moves. With ``names`` and
    ``seat`` (the line game, which has the room) the catalog's long hint, naming the other
    player ("the bot sets a card aside for their last trick")."""
    if move == "pass":
        return "decline"
    if move == "take top":
        return "the top card of the deck"
    if not move.startswith("use "):
        return ""
    parts = move.split(" ", 2)
    arg = parts[2] if len(parts) > 2 else ""
    # an artifact's hint, a card in it said by its name ("name Goblin 5")
    arg = card_name(arg) if ":" in arg else arg
    if names is None or seat is None:
        return catalog.hint(parts[1], arg=arg)
    other = 1 - seat
    return catalog.hint(
        parts[1], long=True, arg=arg, other=names[other], other_poss=names.owner(other)
    )


#: each move that names one card, by its verb: how its words start
_CARD_VERBS = {
    "play": "Play",
    "give": "Give",
    "discard": "Discard",
    "aside": "Set aside",
    "tuck": "Tuck",
    "crown": "Crown",
    "steal": "Steal",
    "smash": "Smash",
    "take": "Take",
}


def move_text(move: str) -> str:
    """A legal move in plain English, for a button, a card's label or a line of the terminal's
    list (no screen shows a person the engine's move strings, issue 37): "Play Goblin 5", "Play
    an odd Demon", "Take the top card", "Use the Magic Wand: +2", "Count the Gargoyle as Elves".
    Read from the move alone (its cards by :func:`~claim.text.account.words.card_name`,
    the powers' titles from the catalog), so it tells the seat nothing its legal moves do not;
    a move of a shape it does not know reads as it is."""
    verb, _, rest = move.partition(" ")
    if move == "pass":
        return "Pass"
    if move == "take top":
        return "Take the top card"
    if move == "take prize":
        return "Take the prize"
    if verb == "peek" and rest:
        return f"Peek at the Toxic in place {rest}"  # its place, not a card's name
    if verb == "use" and rest:
        power, _, arg = rest.partition(" ")
        text = f"Use the {catalog.title(power)}"
        if not arg:
            return text
        return f"{text}: {card_name(arg) if ':' in arg else arg}"
    if verb == "count" and rest.startswith("gargoyle as "):
        return f"Count the Gargoyle as {catalog.title(rest.removeprefix('gargoyle as '))}"
    if verb in _CARD_VERBS and rest:
        name, _, declared = rest.partition(" as ")
        text = f"{_CARD_VERBS[verb]} {card_name(name)}"
        return f"{text} as {catalog.title(declared)}" if declared else text
    return move


def move_words(moves: Sequence[str]) -> list[list[str]]:
    """Each move's ``[words, hint]``: :func:`move_text` and its hint (the web table labels its
    buttons and clickable cards with them instead of the move strings)."""
    return [[move_text(move), move_hint(move)] for move in moves]
