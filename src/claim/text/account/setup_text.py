"""The setup as the account and the screens tell it: the factions, the heroes, the locations and
the artifacts of a game with their rules text (read from the catalog, :mod:`claim.text.catalog`),
the deal; and the same setup as a player at the table may know it (:func:`table_setup_lines`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from claim.core import cards
from claim.core.setup import GameConfig
from claim.core.state import State
from claim.core.view import SPECTATOR, known_setup
from claim.text import catalog
from claim.text.account.words import (
    PHASE_NAMES,
    Names,
    artifact_title,
    artifact_titles,
    hero_title,
    location_title,
)

CODE = cards.CODE


def hero_rules_lines(config: GameConfig, names: Sequence[str] | None = None) -> list[str]:
    """One line per hero of the game's pool (or of ``names``): its name, its value in this game
    (R-61 or the setup's, H9) and its rules text. The terminal game's help shows these."""
    return [
        f"{hero_title(name)} ({config.hero_value(name)}): {catalog.rules(name)}"
        for name in (config.hero_pool if names is None else names)
    ]


def location_rules_lines(config: GameConfig) -> list[str]:
    """The locations in play (§7), each with its rules text: ``Setting: Islands. Phase One: two
    prizes lie face-up...``. The replay's setup, the terminal game's start and its help."""
    return [
        f"{kind}: {location_title(name)}. {catalog.rules(name)}".rstrip()
        for kind, name in (("Setting", config.setting), ("Building", config.building))
        if name
    ]


def artifact_rules_lines(names: Sequence[str]) -> list[str]:
    """One line per artifact of ``names``: its name and its rules text (§8). The replay's setup
    and the terminal game's help show these."""
    return [f"{artifact_title(name)}: {catalog.rules(name)}".rstrip() for name in names]


def hero_table_lines(config: GameConfig, known: Sequence[str] | None = None) -> list[str]:
    """What a player at the table knows of the heroes (§2 step 3, R-60): how many are in the
    deck and the pool they come from (which ones is secret), or which ones when ``known``
    names them (a replay showing everything: :func:`claim.core.view.known_setup`), and the
    values that differ from R-61 (H9). The one wording of the full-screen terminal, the line
    game's opening and the replay table."""
    if not config.heroes:
        return []
    if known is not None:
        lines = [f"Heroes in the deck: {', '.join(hero_title(h) for h in known)}."]
    else:
        pool = (
            f"all {len(cards.HEROES)} heroes"
            if config.hero_pool == cards.HEROES
            else ", ".join(hero_title(h) for h in config.hero_pool)
        )
        secret = "" if len(config.heroes) == len(config.hero_pool) else " (which ones is secret)"
        lines = [f"Heroes: {len(config.heroes)} in the deck, from {pool}{secret}."]
    if config.hero_values:
        changed = ", ".join(
            f"{hero_title(name)} {value} (instead of {cards.HERO_VALUES[name]})"
            for name, value in config.hero_values
        )
        lines.append(f"Hero values changed: {changed}.")
    return lines


#: a viewer that holds no seat (a spectator): sees neither player's secrets
NO_SEAT = SPECTATOR


def table_setup_lines(config: GameConfig, seat: int | None, names: Names) -> list[str]:
    """The setup beyond the factions as a player at the table may know it: heroes (how many, from
    which pool; which ones only for ``seat`` None, a replay showing everything), changed hero
    values, the locations, and the artifacts — ``seat``'s own by name, the other's only as a
    count (``NO_SEAT``: a spectator, neither). What the seat may know is the view's to say
    (:func:`claim.core.view.known_setup`); this only words it."""
    known = known_setup(config, seat)
    lines = hero_table_lines(config, known["heroes"])
    places = [
        f"{kind} {location_title(name)}"
        for kind, name in (("Setting", config.setting), ("Building", config.building))
        if name
    ]
    if places:
        lines.append(f"Locations: {', '.join(places)}.")
    dealt = known["artifacts"]
    if dealt:
        mine = [p for p in (0, 1) if dealt[p] is not None]
        if len(mine) == 2:
            for p in (0, 1):
                lines.append(f"Artifacts of {names[p]}: {artifact_titles(dealt[p] or ())}.")
        elif not mine:
            count = len(config.artifacts[0])
            lines.append(f"Artifacts: each player holds {count}, secret until used.")
        else:
            lines.append(held_artifacts_line(config, mine[0], names))
    return lines


def held_artifacts_line(config: GameConfig, seat: int, names: Names) -> str:
    """What ``seat`` knows of the artifacts dealt (§8, W11): its own three by name, the other's
    only as a count. The table's setup lines and the line game's opening both say this."""
    other = 1 - seat
    return (
        f"Artifacts: you hold {artifact_titles(config.artifacts[seat])}; {names[other]} holds "
        f"{len(config.artifacts[other])}, secret until used."
    )


#: the table's line for a deal its players did not draw fresh (issue 35): a chosen seed (a
#: practice game against a bot) or a resumed save, both of which its holder could read the whole
#: deal from
CHOSEN_DEAL_LINE = (
    "A chosen deal: this game was dealt from a seed chosen when it was created (a practice "
    "game), so whoever chose it may know every card."
)
#: where saving is offered: a save file is the game's record, deal included (issue 35)
SAVE_HOLDS_DEAL = (
    "The file holds the whole deal (both hands and the deck): opening it shows the other "
    "player's cards."
)


def seed_end_line(seed: int | None) -> str:
    """The seed of a finished game, told once the game is over (never before: it rebuilds the
    whole deal, issue 35); empty for a game without one."""
    if seed is None:
        return ""
    return f"This game was dealt from seed {seed}; the same seed deals it again."


def setup_lines(state: State, record: Mapping[str, object] | None = None) -> list[str]:
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
