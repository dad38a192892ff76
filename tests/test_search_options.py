"""The search's variants for experiments (issue 39's levers): ``search:N+OPTION`` specs, their
words, the power-aware playout's follower (:func:`claim.core.rollout.greedy_follow`) and the
prize-minded playout leader (:func:`claim.core.rollout.prize_lead`)."""

from __future__ import annotations

import random

import pytest

from claim import GameConfig, new_game
from claim.bots import SEARCH_OPTIONS, decide, make_bot, normalize
from claim.bots import search as search_module
from claim.bots.search import SearchBot
from claim.core import engine
from claim.core.errors import ConfigError
from claim.core.rollout import PATIENCE, WORTH_LEADING_HIGH, greedy_follow, playout, prize_lead
from claim.core.state import State
from claim.text.bots import bot_label
from scenario import CLAIM, replay, stacked_record


def test_each_option_sets_its_flag_and_nothing_else() -> None:
    plain = make_bot("search:200", 1)
    assert isinstance(plain, SearchBot)
    assert (plain.tree, plain.aware, plain.share, plain.stops) == (True, False, False, False)
    medium = make_bot("search:medium", 1)
    assert isinstance(medium, SearchBot)
    assert (medium.share, medium.stops) == (True, True)
    flat = make_bot("search:200+flat", 1)
    assert isinstance(flat, SearchBot) and flat.tree is False and flat.iterations == 200
    aware = make_bot("search:hard+aware", 1)
    assert isinstance(aware, SearchBot) and aware.aware and aware.strength == "hard"
    noshare = make_bot("search:medium+noshare", 1)
    assert isinstance(noshare, SearchBot) and (noshare.share, noshare.stops) == (False, True)
    nostop = make_bot("search+nostop", 1)
    assert isinstance(nostop, SearchBot) and (nostop.share, nostop.stops) == (True, False)
    infer = make_bot("search:200+infer", 1)
    assert isinstance(infer, SearchBot) and infer.infer and not plain.infer
    lead = make_bot("search:200+lead", 1)
    assert isinstance(lead, SearchBot) and lead.lead and not plain.lead and not lead.aware
    prior = make_bot("search:200+prior", 1)
    assert isinstance(prior, SearchBot) and prior.prior is not None and plain.prior is None
    # only a search with a prior reads the view (the heuristic's); the rest decide from worlds
    assert prior.uses_view and not plain.uses_view
    patient = make_bot("search:200+patient", 1)
    assert isinstance(patient, SearchBot) and patient.patient and not plain.patient
    assert set(SEARCH_OPTIONS) == {
        *("flat", "aware", "lead", "patient", "noshare", "nostop", "infer", "prior"),
    }


@pytest.mark.parametrize(
    ("spec", "error"),
    [
        ("heuristic+flat", "only the search takes options"),
        ("expert+aware", "only the search takes options"),
        ("search:200+fast", "unknown search option 'fast'; options are: flat, aware"),
        ("search:200+", "unknown search option ''"),
        ("search:zz+flat", "unknown strength 'zz'"),
        ("search:0+flat", "search:N needs N simulations"),
    ],
)
def test_a_bad_option_is_one_line(spec: str, error: str) -> None:
    with pytest.raises(ConfigError, match=error) as caught:
        make_bot(spec)
    assert "\n" not in str(caught.value)


def test_normalize_names_the_strength_and_sorts_the_options() -> None:
    assert normalize(" Search ") == "search:medium"
    assert normalize("search:200+nostop+aware+nostop") == "search:200+aware+nostop"
    assert normalize("Expert") == "expert"
    with pytest.raises(ConfigError):
        normalize("search:200+warp")


def test_the_options_have_words() -> None:
    assert bot_label("search:200+aware") == (
        "search bot (200 simulations a move; power-aware playouts)"
    )
    assert bot_label("search:medium+noshare+nostop") == (
        "search bot (medium; whole budget for every decision, no early stops)"
    )
    assert bot_label("search:200+lead") == (
        "search bot (200 simulations a move; playout leaders who play for the prize)"
    )


# Knights (RULES.md §5.1): a Knight played on a Goblin lead wins, whatever the values. A follower
# with no Goblin holding Knights and a Dwarf 9: by printed value only the 9s "beat" the Goblin 8,
# and the Dwarf 9 does not follow faction, so it loses; the engine says every Knight wins.
KNIGHTS_FOLLOWER = [f"knights:{v}" for v in range(2, 10)] + [
    f"dwarves:{v}" for v in (5, 6, 7, 8, 9)
]
GOBLIN_LEADER = ["goblins:8", "goblins:0", "goblins:0"] + [f"undead:{v}" for v in range(10)]


def _goblin_led() -> State:
    record = stacked_record(CLAIM, GOBLIN_LEADER, KNIGHTS_FOLLOWER, moves=["play goblins:8"])
    state = replay(record)
    engine.legal(state)  # fills the legal cache the policy reads
    return state


def test_the_aware_follower_plays_the_lowest_card_the_engine_says_wins() -> None:
    state = _goblin_led()
    assert greedy_follow(state, "play dwarves:5", aware=True) == "play knights:2"
    # by printed value: the lowest card above 8 (a 9), whether or not it follows faction
    assert greedy_follow(state, "play dwarves:5", aware=False) in (
        "play knights:9",
        "play dwarves:9",
    )
    # the trial leaves the state as it was
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == [f"play {c}" for c in KNIGHTS_FOLLOWER]


def test_the_aware_follower_sheds_its_lowest_card_when_nothing_wins() -> None:
    follower = [f"dwarves:{v}" for v in range(10)] + ["undead:1", "undead:2", "undead:3"]
    leader = ["goblins:9", *[f"knights:{v}" for v in range(2, 10)], *["goblins:0"] * 4]
    state = replay(stacked_record(CLAIM, leader, follower, moves=["play goblins:9"]))
    engine.legal(state)
    shed = greedy_follow(state, "play dwarves:7", aware=True)
    assert shed in ("play dwarves:0", "play undead:1")  # value 0 or 1: the lowest is dwarves:0
    assert shed == "play dwarves:0"


def test_aware_playouts_and_searches_are_deterministic() -> None:
    state = _goblin_led()
    results = {playout(state.clone(history=False), 1, random.Random(5), 1.0, True) for _ in "ab"}
    assert len(results) == 1
    moves = {decide(state, make_bot("search:60+aware", 3)) for _ in "ab"}
    assert len(moves) == 1


# The prize-minded leader (issue 39's leader-aware playouts): a Phase One leader with Dwarves
# 3 to 9 and Undead leads high for a prize worth WORTH_LEADING_HIGH or more, low for less.
LEADER = [f"dwarves:{v}" for v in range(3, 10)] + [f"undead:{v}" for v in (2, 4, 5, 6, 7, 8)]
FOLLOWER = [f"goblins:{v}" for v in range(1, 10)] + ["goblins:0"] * 4


def _to_lead(prize: str) -> State:
    state = replay(stacked_record(CLAIM, LEADER, FOLLOWER, deck_top=[prize]))
    engine.legal(state)
    trick = state.trick
    assert trick is not None and not trick.plays and engine.current_player(state) == 0
    return state


def test_the_leader_leads_high_for_a_prize_worth_it_and_low_for_junk() -> None:
    assert WORTH_LEADING_HIGH == 5
    worth = _to_lead("knights:5")
    assert prize_lead(worth, "play undead:4") == "play dwarves:9"
    junk = _to_lead("knights:4")
    # the lowest printed value is the Undead 2; its move names the card as the engine does
    assert prize_lead(junk, "play dwarves:9") == "play undead:2"
    # a follower's turn is not the leader's: the follower's rule is greedy_follow's
    engine.apply(worth, "play dwarves:9")
    engine.legal(worth)
    assert greedy_follow(worth, "play goblins:0", aware=False) == "play goblins:0"


def test_a_lead_playout_leads_the_prize_minded_card() -> None:
    state = _to_lead("knights:9")
    played = state.clone()  # with its history: the moves the playout made
    playout(played, 0, random.Random(11), 1.0, lead=True)
    assert played.moves[0] == "play dwarves:9"
    # without the option the lead is drawn at random: over a few generators not always the 9
    firsts = set()
    for seed in range(8):
        plain = state.clone()
        playout(plain, 0, random.Random(seed), 1.0)
        firsts.add(plain.moves[0])
    assert len(firsts) > 1
    runs = {playout(state.clone(history=False), 0, random.Random(11), 1.0, lead=True) for _ in "ab"}
    assert len(runs) == 1
    moves = {decide(state, make_bot("search:60+lead", 3)) for _ in "ab"}
    assert len(moves) == 1


def _disagreeing() -> tuple[State, str, str]:
    """A position of a random game where the plain search:40 and the heuristic choose apart."""
    for seed in range(40):
        state = new_game(GameConfig(), seed)
        rng = random.Random(seed)
        for _ in range(20):
            engine.apply(state, rng.choice(engine.legal_actions(state)))
        if len(engine.legal_actions(state)) < 3:
            continue
        searched = decide(state, make_bot("search:40", 2))
        heuristic = decide(state, make_bot("heuristic", 2))
        if searched != heuristic:
            return state, searched, heuristic
    raise AssertionError("no position where the two disagree")


def test_the_prior_favours_the_heuristics_move(monkeypatch: pytest.MonkeyPatch) -> None:
    state, searched, heuristic = _disagreeing()
    # a prior worth ten budgets: the heuristic's move is played whatever the simulations say
    monkeypatch.setattr(search_module, "PRIOR_SHARE", 10.0)
    bot = make_bot("search:40+prior", 2)
    assert decide(state, bot) == heuristic
    assert isinstance(bot, SearchBot)
    # the simulations reported are the ones run, the prior's not among them
    assert bot.last_simulations == 40 == sum(v.visits for v in bot.last_values)
    # a prior worth nothing leaves the search as it was
    monkeypatch.setattr(search_module, "PRIOR_SHARE", 0.0)
    assert decide(state, make_bot("search:40+prior", 2)) == searched


# The patient playout (issue 39): the leader's Magic Wand window opens after its lead (A22,
# always usable), offering two uses and a pass.
WAND_WINDOW = ["use magic-wand +2", "use magic-wand -2", "pass"]
ARTIFACTS = (
    ("magic-wand", "gamblers-book", "flail-of-dawn"),
    ("endless-rope", "flask-of-tears", "book-of-memories"),
)


def _passes(patient: bool) -> int:
    """Of 60 playouts from the Wand's window, how many pass it."""
    record = stacked_record(CLAIM, LEADER, FOLLOWER, moves=["play dwarves:9"], artifacts=ARTIFACTS)
    state = replay(record)
    assert engine.legal_actions(state) == WAND_WINDOW
    passed = 0
    for seed in range(60):
        played = state.clone()
        playout(played, 0, random.Random(seed), 0.75, patient=patient)
        passed += played.moves[1] == "pass"
    return passed


def test_a_patient_playout_keeps_its_artifact_for_later() -> None:
    assert PATIENCE == 0.9
    # at random, one window in three is passed; patiently, nine in ten and a third of the rest
    assert 10 <= _passes(patient=False) <= 30
    assert _passes(patient=True) >= 50
