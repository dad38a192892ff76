"""The line-by-line game's table as a seat sees it (``claim play --plain``): built from
``observe`` only, with the artifacts, locations and decisions in words."""

from __future__ import annotations

from claim.core import keys
from claim.core.powers import artifacts as arts
from claim.core.powers import locations as places
from claim.core.powers.factions import Gnomes, Trolls
from claim.core.powers.fear import Vampires, Werewolves
from claim.core.powers.maps import Phoenixes
from claim.core.view_types import View
from claim.text import catalog
from claim.text.account import LOCATION_CHOICES, Names, capitalize, card_name
from claim.text.account.decisions import GARGOYLE
from claim.text.describe import move_text, ordered_moves


def _by_faction(codes: list[str]) -> str:
    """A Score pile grouped by faction: ``goblins 5 0 · knights 2``."""
    if not codes:
        return "empty"
    groups: dict[str, list[str]] = {}
    for code in codes:
        faction, _, value = code.partition(":")
        groups.setdefault(faction, []).append(value)
    return " · ".join(
        f"{f} {' '.join(sorted(v, key=_value_key, reverse=True))}" for f, v in groups.items()
    )


def _value_key(value: str) -> tuple[int, str]:
    digits = value.rstrip("x")
    return (int(digits) if digits.isdigit() else -1, value)


def _expansion_lines(view: View, seat: int, names: Names, factions: tuple[str, ...]) -> list[str]:
    """The Reinforcements components on the table: Vampire stacks, the moon, the Toxics, the Fire
    Phoenix pile."""
    lines: list[str] = []
    players = view["players"]
    if Vampires.name in factions:
        for p in (0, 1):
            vampire = players[p].get("vampire")
            tucked = players[p].get("tucked") or []
            if vampire:
                under = f", tucked under it: {', '.join(tucked)}" if tucked else ", nothing tucked"
                lines.append(f"{capitalize(names.owner(p))} face-up Vampire: {vampire}{under}")
            else:
                lines.append(f"{capitalize(names.owner(p))} face-up Vampire: none")
    if Werewolves.name in factions:
        moon = view["moon"]
        rule = "the lower Werewolf wins" if moon == "no-moon" else "the higher Werewolf wins"
        lines.append(f"Moon: {moon} ({rule} on a Werewolf lead)")
    if view.get("toxics"):
        shown = [f"{i}. {code}" for i, code in enumerate(view["toxics"], 1)]
        lines.append(f"Toxics (face-up, values hidden unless you peeked): {'; '.join(shown)}")
    if Phoenixes.name in factions:
        lines.append(f"Fire Phoenix pile: {len(view['fire_phoenix'])} cards")
    return lines


def _table_heading(view: View) -> str:
    """The table's first line: the trick being played, or the decisions of a phase start or of
    the end of the game (Endless Sands, Windy Peaks, Swamp, Tavern, the Gargoyle)."""
    phase = view["phase"]
    phase_name = "One" if phase == 1 else "Two"
    decision = view.get("decision")
    kind = decision["kind"] if decision is not None else None
    choosing = view.get("choosing")
    if kind in END_ASKS or (choosing is not None and choosing["kind"] == places.Tavern.name):
        return "── End of the game ──"
    if view.get("current") is None and choosing is not None:
        return f"── Phase {phase_name} begins ──"
    if view.get("current") is None and kind in PHASE_START_ASKS:
        return f"── Phase {phase_name} begins ──"  # Gambler's Book, Flail of Dawn (A4)
    number = 1 + sum(1 for t in view["tricks"] if t["phase"] == phase)
    return f"── Phase {phase_name}, trick {number} ──"


#: the artifact decisions taken when Phase Two begins, before its first trick (A4)
PHASE_START_ASKS = (arts.BETWEEN, arts.FLAIL, arts.ASIDE, arts.BOOK_TAKE)
#: the decisions of the end of the game (§9 step 3: the Tavern's gifts, the Gargoyle's faction)
END_ASKS = (places.Tavern.name, GARGOYLE)


def artifact_lines(view: View, seat: int, names: Names) -> list[str]:
    """The artifacts as ``seat`` sees them (§8, W11): your unused and used ones, how many the
    other still holds (not which) and the ones they used, the cards set aside (Flail of Dawn:
    yours by name), and the public tallies in words (``view["counters"]``: the Prowler's Torch
    and the Mask of Darkness tricks left, the Flask of Tears and Ice Sword bonuses waiting, your
    run of lost tricks while you hold a Flask of Tears)."""
    players = view["players"]
    if "artifacts" not in players[seat]:
        return []
    other = 1 - seat
    mine, theirs = players[seat], players[other]
    unused = catalog.titles(mine["artifacts"]) or "none"
    used = f"; used: {catalog.titles(mine['used_artifacts'])}" if mine["used_artifacts"] else ""
    lines = [f"Your artifacts: {unused}{used}"]
    count = len(theirs["artifacts"])
    used = catalog.titles(theirs["used_artifacts"]) or "none"
    lines.append(
        f"{capitalize(names.owner(other))} artifacts: {count} unused (secret); used: {used}"
    )
    if mine.get("aside"):
        lines.append(
            f"Your card set aside (Flail of Dawn): {', '.join(mine['aside'])}; you must play it "
            "in your last trick"
        )
    if theirs.get("aside"):
        lines.append(
            f"{capitalize(names.act(other, 'has', 'have'))} set a card aside face-down (Flail "
            "of Dawn) for their last trick"
        )
    counters: dict[str, int] = view.get("counters") or {}
    now = "this trick" if view.get("current") is not None else "the next trick"
    for name, what in (
        (keys.SHOWN_DRAWS, "every card taken from the deck is shown to both players"),
        (keys.MASK, "the leader plays face-down and the follower may play any card"),
    ):
        left = counters.get(name, 0)
        if left > 0:
            when = f"{now} and the one after" if left > 1 else now
            lines.append(f"{catalog.title(name)}: {what} ({when})")
    for p in (seat, other):
        for name in keys.BONUSES:
            amount = counters.get(f"{name}:{p}", 0)
            if amount:
                their = "your" if names[p] == "you" else "their"
                lines.append(
                    f"{catalog.title(name)}: {names.act(p, 'has', 'have')} +{amount} on {their} "
                    "next card"
                )
    lost = counters.get(keys.player_key(keys.LOSSES, seat), 0)
    if arts.FlaskOfTears.name in mine["artifacts"] and lost >= 3:
        lines.append(
            f"Flask of Tears: you have lost {lost} tricks in a row; your Flask may be used at the "
            "start of a trick"
        )
    return lines


def move_hint(move: str, names: Names, seat: int) -> str:
    """A short explanation after an artifact move of the list (empty for other moves): the
    catalog's sentence for it ({arg}: its argument, {other}: the opponent)."""
    if not move.startswith("use "):
        return ""
    parts = move.split(" ", 2)
    name = parts[1]
    arg = parts[2] if len(parts) > 2 else ""
    text = catalog.hint(
        name,
        long=True,
        arg=card_name(arg) if ":" in arg else arg,
        other=names[1 - seat],
        other_poss=names.owner(1 - seat),
    )
    if not text:
        return ""  # a hero's use (Skeleton, Dinosaur, ...)
    return f"{catalog.title(name)}: {text}"


def _window_line(view: View, seat: int, names: Names) -> str:
    """What an artifact decision of ``seat`` asks, in words (R-80 windows, A1–A4)."""
    decision = view.get("decision")
    if decision is None or decision["kind"] not in ARTIFACT_WINDOWS:
        return ""
    kind = decision["kind"]
    other = names[1 - seat]
    if kind == arts.DAGGER:
        card = decision.get("about", "a card")
        return (
            f"{capitalize(names.act(1 - seat, 'has', 'have'))} just played {card}, a printed 5: "
            "your King's Dagger may take it, or pass"
        )
    return ARTIFACT_WINDOWS[kind].format(other=other)


#: each artifact decision in words ({other}: the opponent)
ARTIFACT_WINDOWS = {
    arts.START: "Start of the trick: you may use an artifact before the lead, or pass",
    arts.DAGGER: "",
    arts.PLAYED: "Right after your card: you may use an artifact, or pass",
    arts.ICE: "Both cards are down: your Ice Sword may freeze them, or pass",
    arts.WON: (
        "You won the trick: your Spyglass may swap a card you collected for one of the discard "
        "pile, or pass"
    ),
    arts.BETWEEN: (
        "Between the phases: your Gambler's Book may discard a random card of your hand and take "
        "one of the discard pile, or pass"
    ),
    arts.FLAIL: (
        "Phase Two begins: your Flail of Dawn may make {other} set a card aside for their last "
        "trick, or pass"
    ),
    arts.ASIDE: (
        "Flail of Dawn: set a card of your hand aside face-down; you must play it in your last "
        "trick"
    ),
    arts.BOOK_TAKE: "Gambler's Book: take a card of the discard pile to the end of your hand",
    arts.SPY_TAKE: "Spyglass: put a card of the discard pile into your Score pile",
}


def location_lines(view: View, names: Names) -> list[str]:
    """The locations in play and their public tallies in words (``view["counters"]``): a
    Plateau streak, the Ice Fields bonus waiting, a Lava Fields run, the factions won outright at
    the Lighthouse, the Dungeon's Phase One extra vote."""
    setting, building = view.get("setting"), view.get("building")
    if not setting and not building:
        return []
    where = [
        f"{kind} {catalog.title(name)}"
        for kind, name in (("setting", setting), ("building", building))
        if name
    ]
    lines = [f"Locations: {', '.join(where)} (help shows their rules)"]
    counters: dict[str, int] = view.get("counters") or {}

    def has(p: int) -> str:
        return names.act(p, "has", "have")

    def their(p: int) -> str:
        return "your" if names[p] == "you" else "their"

    player, count = counters.get(keys.PLATEAU_PLAYER, -1), counters.get(keys.PLATEAU_COUNT, 0)
    if setting == places.Plateau.name and player in (0, 1) and count > 0:
        lines.append(
            f"Plateau: {has(player)} won {count} trick{'s' if count != 1 else ''} in a row (at 3 "
            "the other player leads the next trick)"
        )
    player = counters.get(keys.ICE_FIELDS, -1)
    if setting == places.IceFields.name and player in (0, 1):
        lines.append(f"Ice Fields: {has(player)} +1 on {their(player)} next card")
    player, count = counters.get(keys.LAVA_PLAYER, -1), counters.get(keys.LAVA_COUNT, 0)
    if setting == places.LavaFields.name and player in (0, 1) and count > 0:
        lines.append(
            f"Lava Fields: {has(player)} lost {count} trick{'s' if count != 1 else ''} in a row "
            "in Phase Two (5 in a row wins the game)"
        )
    outright: dict[int, list[str]] = {}
    for key, owner in counters.items():
        if key.startswith(keys.LIGHTHOUSE + ":") and owner in (0, 1):
            outright.setdefault(owner, []).append(key.split(":", 1)[1])
    for owner, factions in sorted(outright.items()):
        lines.append(f"Lighthouse: {', '.join(factions)} won outright by {names[owner]}")
    if building == places.Dungeon.name and keys.DUNGEON_FIRST in counters:
        first = counters[keys.DUNGEON_FIRST]
        lines.append(
            f"Dungeon: {names[first]} won the last trick of Phase One (one extra vote at the end)"
            if first in (0, 1)
            else "Dungeon: nobody won the last trick of Phase One"
        )
    return lines


def _choice_lines(view: View, seat: int, names: Names) -> list[str]:
    """A simultaneous choice under way (R-62, W8): the cards you chose (not yet carried out),
    how many the other has chosen (public: ``view["choosing"]``), and what your pending
    location decision asks."""
    lines: list[str] = []
    choosing = view.get("choosing")
    kind = choosing["kind"] if choosing is not None else None
    if kind not in LOCATION_CHOICES:
        kind = None  # Cthulhu's discard: its own lines (the hero's)
    verb = LOCATION_CHOICES[kind][0] if kind is not None else "discard"
    other = 1 - seat
    chosen = view["players"][seat].get("chosen")
    if chosen:
        to = f" to {names[other]}" if verb == "give" else ""
        it = "it goes" if len(chosen) == 1 else "they go"
        lines.append(f"You chose to {verb} {', '.join(chosen)}{to}; {it} once both have chosen")
    theirs = choosing["chosen"][other] if choosing is not None else 0
    if kind is not None and theirs:
        what = f"{theirs} card{'s' if theirs != 1 else ''}"
        to = " to give you" if verb == "give" else " to discard"
        lines.append(
            f"{capitalize(names.act(other, 'has', 'have'))} chosen {what}{to}; you see them once "
            "both have chosen"
        )
    decision = view.get("decision")  # in the view of the player asked only
    if decision is None or decision["kind"] not in (*LOCATION_CHOICES, places.Islands.name):
        return lines
    ask = decision["kind"]
    left = decision.get("left", 0)
    title = catalog.title(ask)
    if ask == places.Islands.name:
        lines.append(f"{title}: take one of the two prizes; the other stays face-up")
        return lines
    more = "" if not chosen else " more"
    cards_left = f"{left}{more} card{'s' if left != 1 else ''}"
    if ask == places.Tavern.name:
        lines.append(
            f"{title}: give {cards_left} of your Score pile to {names[other]}, one move each; "
            "neither sees the other's choice until both have chosen"
        )
    elif verb == "give":
        lines.append(
            f"{title}: give {cards_left} from your hand to {names[other]}, one move each; "
            "neither sees the other's choice until both have chosen"
        )
    else:
        lines.append(
            f"{title}: discard {cards_left} from your hand, one move each; neither sees the "
            "other's choice until both have chosen"
        )
    return lines


def table_lines(view: View, seat: int, names: Names) -> list[str]:
    """The table as ``seat`` sees it, from ``observe`` only: the public setup, the decision
    being asked and the choices under way are the view's."""
    players = view["players"]
    lines = [_table_heading(view)]
    current = view.get("current")
    if current is not None:
        if len(current.get("prizes") or ()) > 1:
            lines.append(
                f"Prizes (Islands): {' and '.join(current['prizes'])} (the trick's winner takes "
                "one, the other stays face-up)"
            )
        elif current.get("prize"):
            lines.append(f"Prize: {current['prize']}")
        if current["plays"]:
            said = [
                f"{names[p['player']]} {'led' if i == 0 else 'played'} {p['card']}"
                for i, p in enumerate(current["plays"])
            ]
            lines.append("Trick so far: " + ", ".join(said))
        else:
            lines.append(f"Trick so far: nothing played; {names[current['leader']]} to lead")
        if current.get("artifacts"):
            used = catalog.titles(current["artifacts"])
            if current.get("daggered"):
                used += f" (the King's Dagger took {', '.join(current['daggered'])})"
            lines.append(f"Artifacts used in this trick: {used}")
    hand = players[seat]["hand"]
    lines.append(f"Your hand ({len(hand)}): {', '.join(hand) or 'empty'}")
    if players[seat]["followers"]:
        lines.append(f"Your Follower deck: {', '.join(players[seat]['followers'])}")
    lines.append("Score piles:")
    for p in (0, 1):
        lines.append(f"  {names[p]}: {_by_faction(players[p]['score'])}")
    factions = tuple(view["factions"])
    # pl["gnomes"]: the view's zone of face-up Gnomes (a view key, not a card's name)
    if Gnomes.name in factions or any(pl["gnomes"] for pl in players):
        gnomes = "; ".join(
            f"{names[p]}: {', '.join(players[p]['gnomes']) or 'none'}" for p in (0, 1)
        )
        lines.append(f"Face-up Gnomes: {gnomes}")
    if Trolls.name in factions or view["troll_pool"]:
        lines.append(f"Troll pool: {', '.join(view['troll_pool']) or 'empty'}")
    lines.extend(_expansion_lines(view, seat, names, factions))
    if view.get("table"):
        lines.append(
            f"On the table: {', '.join(view['table'])} (the Gelatinous Cube and the card under "
            "it: the next trick's winner takes them)"
        )
    lines.extend(location_lines(view, names))
    lines.extend(artifact_lines(view, seat, names))
    lines.extend(_choice_lines(view, seat, names))
    other = 1 - seat
    aside = len(players[other].get("aside") or ())
    lines.append(
        f"Cards left: deck {len(view['deck'])}, your hand {len(hand)}, "
        f"{names.owner(other)} hand {len(players[other]['hand'])}"
        f"{f' (and {aside} set aside)' if aside else ''}; Follower decks: "
        f"yours {len(players[seat]['followers'])}, {names.owner(other)} "
        f"{len(players[other]['followers'])}"
    )
    seen = [c for c in view["deck"] if c != "?"]
    if seen:
        lines.append(f"You see the top card of the deck: {', '.join(seen)}")
    nxt = view.get("next")
    legal = (nxt.get("legal") if nxt is not None else None) or []
    if legal:
        window = _window_line(view, seat, names)
        if window:
            lines.append(window)
        lines.append("Your moves:")
        # numbered as the full-screen table numbers them (issue 37), and as play reads a number
        for i, move in enumerate(ordered_moves(legal, view["factions"]), 1):
            hint = move_hint(move, names, seat)
            # the move in words (issue 37); typed by its number or its code (play reads both)
            lines.append(f"  {i}. {move_text(move)}" + (f" — {hint}" if hint else ""))
    return lines
