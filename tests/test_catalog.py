"""Meta-tests on the catalog (``claim.text.catalog``): every registered power has its text, every
entry names a power or a listed card kind, and the browser's JSON carries all of it."""

from __future__ import annotations

import json

from claim.core.cards import ARTIFACTS, BUILDINGS, FACTIONS, HERO_VALUES, HEROES, PRESETS, SETTINGS
from claim.core.powers import REGISTRY
from claim.text import catalog
from claim.text.catalog import BOXES, CARD_KINDS, CATALOG, KINDS, catalog_json, rules, title

KIND_OF = {
    **dict.fromkeys(FACTIONS, "faction"),
    **dict.fromkeys(HEROES, "hero"),
    **dict.fromkeys(SETTINGS, "setting"),
    **dict.fromkeys(BUILDINGS, "building"),
    **dict.fromkeys(ARTIFACTS, "artifact"),
}


def test_every_registered_power_has_an_entry_with_a_title_and_its_rules_text() -> None:
    for name, power in REGISTRY.items():
        entry = CATALOG[name]
        assert entry.key == name
        assert entry.title.strip(), name
        assert len(entry.rules) > 20, name
        # the power class's docstring is the source (see the module docstring)
        assert entry.rules == power.rules_text().replace("``", "'")
        assert "``" not in entry.rules
        assert entry.kind == KIND_OF[name], name
        assert entry.box in BOXES, name


def test_every_entry_names_a_registered_power_or_a_listed_card_kind() -> None:
    for key, entry in CATALOG.items():
        assert entry.key == key
        assert entry.kind in KINDS
        if entry.kind == "card":
            assert key in CARD_KINDS and key not in REGISTRY
            assert entry.title and entry.rules, key
        else:
            assert key in REGISTRY, key


def test_faction_boxes_and_labels_come_from_the_deck_tables() -> None:
    for name, info in FACTIONS.items():
        assert CATALOG[name].box == info.box
        assert CATALOG[name].label and CATALOG[name].abbr


def test_every_artifact_has_both_hints() -> None:
    for name in ARTIFACTS:
        assert CATALOG[name].hint and CATALOG[name].long_hint, name
    assert catalog.hint("magic-wand", arg="7") == "your card counts 7"
    assert catalog.hint("kings-dagger", long=True, other="the bot") == (
        "take that 5 into your Score pile; the bot plays another card"
    )
    assert catalog.hint("goblins") == ""


def test_titles() -> None:
    assert title("kings-dagger") == "King's Dagger"
    assert title("gelatinous-cube") == "Gelatinous Cube"
    assert title("ice-kings") == "Ice Kings"
    assert title("windy-peaks") == "Windy Peaks"
    assert title("no-such-thing") == "No Such Thing"
    assert rules("no-such-thing") == ""


def test_catalog_json_is_json_and_holds_every_entry_in_the_rules_order() -> None:
    data = catalog_json()
    assert json.loads(json.dumps(data)) == data
    assert [f["key"] for f in data["factions"]] == list(FACTIONS)
    assert [h["key"] for h in data["heroes"]] == list(HEROES)
    assert {h["key"]: h["value"] for h in data["heroes"]} == HERO_VALUES
    assert [s["key"] for s in data["settings"]] == list(SETTINGS)
    assert [b["key"] for b in data["buildings"]] == list(BUILDINGS)
    assert [a["key"] for a in data["artifacts"]] == list(ARTIFACTS)
    assert [c["key"] for c in data["cards"]] == list(CARD_KINDS)
    assert data["presets"] == {k: list(v) for k, v in PRESETS.items()}
    assert ["goblins", "knights"] in data["pairs"]
    assert {f["key"] for f in data["factions"] if f["own_vote"]} == {"vampires", "cyclops"}
    listed = [
        e
        for group in ("factions", "heroes", "settings", "buildings", "artifacts", "cards")
        for e in data[group]
    ]
    assert len(listed) == len(CATALOG)
    for e in listed:
        entry = CATALOG[e["key"]]
        assert (e["title"], e["rules"], e["kind"], e["box"]) == (
            entry.title,
            entry.rules,
            entry.kind,
            entry.box,
        )


def test_every_power_that_moves_cards_at_the_end_says_how() -> None:
    """§9 steps 1–3: the account names the power behind each end-of-game move (its ``by``)."""
    movers = {n for n, p in REGISTRY.items() if p.overrides("end_of_game")} | {"tavern"}
    assert {k for k, e in CATALOG.items() if e.end_step} == movers
    assert catalog.end_step("gargoyle") == ""
