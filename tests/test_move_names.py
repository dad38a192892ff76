"""How moves name a Demon or Fire Elemental (R-30, W12, W14), and how old records are read.

W14: a value-hidden card chosen *outside a hand* (``tuck``, ``steal``, ``use endless-rope``, a
Book of Memories lead ``play``, ``use necromancer``, ``use spyglass`` / ``take``, a Gambler's Book
``take``) is named by its code once its value is public (it took part in a trick, W2; King's
Dagger took it, W5), by parity / band while it is not (W12). A card chosen *from a hand* is always
named by parity / band (R-30), even when its value was once public. (``crown`` names only real
Vampires, V1: never a value-hidden card.)

Old records (``claim.core.old_moves``): earlier versions wrote ``tuck demons:even`` and a Book of
Memories ``play demons:even`` by parity, and a once-public card chosen from a hand by its code
(``discard demons:4``); a replay reads them as today's move when they designate one card, and
refuses them with one line naming the move and the candidates when they do not.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from claim.core import engine, records
from claim.core.errors import RecordError
from claim.core.old_moves import upgrade_move
from claim.core.state import State
from claim.text.account import card_name, replay_account
from scenario import position_record, replay, zone

#: Vampires (tuck) with both value-hidden factions
FIRE = ["goblins", "knights", "vampires", "demons", "fire-elementals"]
#: player 1's artifacts: none is usable in the tricks played here (Torch: Phase One; Flask: three
#: losses; Lamp: after the holder leads)
QUIET = ("prowlers-torch", "flask-of-tears", "wishing-lamp")


def _record(
    hands: Sequence[Sequence[str]],
    moves: Sequence[str] = (),
    *,
    public: Sequence[str] = (),
    vampire: str | None = None,
    **options: Any,
) -> dict[str, Any]:
    """A record from the start of a Phase Two trick (unless ``phase`` says otherwise), player 0
    leading; ``public`` lists the places (``score0/1``) of value-hidden cards whose value is
    public (W2); ``vampire`` is player 1's face-up Vampire."""
    options.setdefault("phase", 2)
    record = position_record(FIRE, hands=hands, moves=moves, **options)
    position = record["position"]
    position["value_known"] = list(public)
    if vampire is not None:
        position["players"][1]["vampire"] = [vampire]
        position["players"][1]["tucked"] = []
        position["discard"].remove(vampire)
    return record


# -- tuck (V4, W14) ----------------------------------------------------------------------------


def _tuck_record(lead: str, follow: str, moves: Sequence[str] = ()) -> dict[str, Any]:
    """Player 0 leads ``lead``, player 1 (face-up vampires:5) wins with ``follow``."""
    return _record(
        [[lead, "goblins:1"], [follow, "goblins:2"]],
        moves,
        vampire="vampires:5",
    )


def _tuck_state(lead: str, follow: str, moves: Sequence[str]) -> State:
    return replay(_tuck_record(lead, follow, moves))


def test_two_even_demons_just_collected_are_two_tuck_moves() -> None:
    """W14: demons:2 and demons:4 took part in the trick, so their values are public: the winner
    chooses which to tuck (``tuck demons:2``, ``tuck demons:4``), not "an even Demon"."""
    state = _tuck_state("demons:2", "demons:4", ["play demons:even", "play demons:even"])
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["tuck demons:2", "tuck demons:4", "pass"]
    engine.apply(state, "tuck demons:4")
    assert [c for c in zone(state, "score", 1)] == ["demons:2"]
    assert state.tucked[1] and engine.legal_actions(state) == ["tuck demons:2", "pass"]


def test_two_high_fire_elementals_just_collected_are_two_tuck_moves() -> None:
    """W14 for Fire Elementals: fire-elementals:6 and fire-elementals:8 (both high) are tucked by
    code once their trick showed them."""
    state = _tuck_state(
        "fire-elementals:6",
        "fire-elementals:8",
        ["play fire-elementals:high", "play fire-elementals:high"],
    )
    assert engine.legal_actions(state) == [
        "tuck fire-elementals:6",
        "tuck fire-elementals:8",
        "pass",
    ]
    engine.apply(state, "tuck fire-elementals:6")
    assert zone(state, "score", 1) == ["fire-elementals:8"]


# -- steal (H27), Endless Rope (A13), Book of Memories (A17) -----------------------------------


def test_siren_steals_a_public_demon_by_code_a_hidden_one_by_parity() -> None:
    """W14, W12: in the opponent's Score pile demons:4 is public (it took part in a trick),
    demons:6 and fire-elementals:7 are not (a never-played card taken there by a Spyglass):
    ``steal demons:4``, ``steal demons:even``, ``steal fire-elementals:high``."""
    record = _record(
        [["hero:siren", "goblins:1"], ["goblins:6", "goblins:2"]],
        ["play hero:siren", "play goblins:6"],
        scores=([], ["demons:4", "demons:6", "fire-elementals:7"]),
        heroes=["siren"],
        public=["score1/0"],
    )
    state = replay(record)
    assert engine.legal_actions(state) == [
        "steal demons:4",
        "steal demons:even",
        "steal fire-elementals:high",
        "steal hero:siren",
        "steal goblins:6",
    ]
    engine.apply(state, "steal demons:even")
    assert zone(state, "score", 0)[-1] == "demons:6"


def test_endless_rope_names_public_cards_by_code_and_the_roped_card_plays_by_parity() -> None:
    """W14: ``use endless-rope demons:4`` (public) beside ``use endless-rope demons:even``
    (hidden); once roped into the hand demons:4 is chosen by parity again (R-30): the play move
    is ``play demons:even``."""
    record = _record(
        [["goblins:1"], ["goblins:2"]],
        scores=(["demons:4", "demons:6", "fire-elementals:7"], []),
        artifacts=(("endless-rope", "gamblers-book", "flail-of-dawn"), QUIET),
        public=["score0/0", "score0/2"],
    )
    state = replay(record)
    assert engine.legal_actions(state) == [
        "use endless-rope demons:4",
        "use endless-rope demons:even",
        "use endless-rope fire-elementals:7",
        "pass",
    ]
    engine.apply(state, "use endless-rope demons:4")
    assert zone(state, "hand", 0) == ["goblins:1", "demons:4"]
    assert engine.legal_actions(state) == ["play goblins:1", "play demons:even"]


def _book_record(score: Sequence[str], public: Sequence[str], moves: Sequence[str] = ()) -> Any:
    return _record(
        [["goblins:1"], ["goblins:2"]],
        ["use book-of-memories", *moves],
        scores=(score, []),
        artifacts=(("book-of-memories", "gamblers-book", "flail-of-dawn"), QUIET),
        public=public,
    )


def test_book_of_memories_leads_a_public_demon_by_code() -> None:
    """W14, A17: the Score pile lead list names demons:4 and fire-elementals:7 (public) by code,
    demons:6 (hidden) by parity; ``play demons:4`` leads that card."""
    state = replay(
        _book_record(["demons:4", "demons:6", "fire-elementals:7"], ["score0/0", "score0/2"])
    )
    assert engine.legal_actions(state) == [
        "play demons:4",
        "play demons:even",
        "play fire-elementals:7",
    ]
    engine.apply(state, "play demons:4")
    assert state.trick is not None and zone(state, "score", 0) == ["demons:6", "fire-elementals:7"]
    assert engine.legal_actions(state) == ["play goblins:2"]


# -- Necromancer (H30), Spyglass (A11), Gambler's Book (A10) -----------------------------------


def test_necromancer_names_the_trick_s_demons_by_code() -> None:
    """W14, H30: the Phase One trick's demons:4 and demons:8 were shown (W2): the Necromancer's
    holder chooses ``use necromancer demons:4`` or ``use necromancer demons:8``; back in the hand
    demons:4 is played by parity (R-30)."""
    record = _record(
        [["demons:4", "hero:necromancer", "knights:3"], ["demons:8", "goblins:2", "goblins:3"]],
        ["play demons:even", "play demons:even"],
        phase=1,
        prize="goblins:9",
        deck_top=["goblins:8", "goblins:7"],
        heroes=["necromancer"],
    )
    state = replay(record)
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == [
        "use necromancer demons:4",
        "use necromancer demons:8",
        "pass",
    ]
    engine.apply(state, "use necromancer demons:4")
    assert zone(state, "hand", 0) == ["knights:3", "demons:4"]
    engine.apply(state, "play goblins:2")  # player 1 won the trick and leads
    assert engine.legal_actions(state) == ["play knights:3", "play demons:even"]


def test_spyglass_names_collected_and_discarded_demons_as_public_or_not() -> None:
    """W14: ``use spyglass demons:6`` / ``demons:9`` (collected: shown in the trick), then
    ``take`` from the discard pile: demons:2 took part in an earlier trick (code), demons:0
    never did (``take demons:even``)."""
    record = _record(
        [["demons:9", "goblins:1"], ["demons:6", "goblins:2"]],
        ["play demons:odd", "play demons:even"],
        artifacts=(("spyglass", "gamblers-book", "flail-of-dawn"), QUIET),
        discard=["demons:2", "demons:0"],
        public=["discard/0"],
    )
    state = replay(record)
    assert engine.legal_actions(state) == [
        "use spyglass demons:9",
        "use spyglass demons:6",
        "pass",
    ]
    engine.apply(state, "use spyglass demons:6")
    assert engine.legal_actions(state) == ["take demons:2", "take demons:even"]
    engine.apply(state, "take demons:even")
    assert zone(state, "score", 0) == ["demons:9", "demons:0"]


def test_gamblers_book_takes_public_demons_by_code() -> None:
    """W14, A10: after the Book's random discard (goblins:3) the discard pile holds demons:2
    (shown in a trick: code), demons:0 (never shown: parity) and the card just discarded."""
    record = position_record(
        FIRE,
        phase=1,
        number=13,
        prize="goblins:9",
        hands=[["knights:9"], ["knights:2"]],
        followers=[["goblins:3", "goblins:4"], ["goblins:5"]],
        discard=["demons:2", "demons:0"],
        artifacts=(("gamblers-book", "spyglass", "endless-rope"), QUIET),
        chance=["goblins:3"],
        moves=["play knights:9", "play knights:2", "use gamblers-book"],
    )
    record["position"]["value_known"] = ["discard/0"]
    state = replay(record)
    assert engine.legal_actions(state) == [
        "take demons:2",
        "take demons:even",
        "take knights:9",
        "take knights:2",
        "take goblins:3",
    ]
    engine.apply(state, "take demons:2")
    assert zone(state, "hand", 0)[-1] == "demons:2"


# -- choices from a hand stay by parity / band (R-30, W14) -------------------------------------


def test_cthulhu_discard_names_a_once_public_demon_by_parity() -> None:
    """R-30, W14: demons:4 in player 0's hand took part in a trick (roped back, say): Cthulhu's
    discard still names it ``discard demons:even`` (the first even Demon of the hand)."""
    record = _record(
        [
            ["hero:cthulhu", "demons:4", "goblins:1"],
            ["goblins:2", "fire-elementals:7", "goblins:3"],
        ],
        ["play hero:cthulhu", "play goblins:2"],
        heroes=["cthulhu"],
        public=["hand0/1", "hand1/1"],
    )
    state = replay(record)
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["discard demons:even", "discard goblins:1"]
    engine.apply(state, "discard demons:even")
    assert engine.legal_actions(state) == [
        "discard fire-elementals:high",
        "discard goblins:3",
    ]


def test_swamp_discards_name_a_once_public_demon_by_parity() -> None:
    """R-30, W14 for the R-62 hand choices (Swamp here; Windy Peaks, Endless Sands, the Kraken's
    give and the Flail's aside name hand cards the same way): demons:4, whose value was shown,
    and demons:6 are both ``discard demons:even``; the first in hand order goes."""
    record = position_record(
        FIRE,
        phase=1,
        number=13,
        prize="goblins:9",
        hands=[["knights:2"], ["knights:9"]],
        followers=[["goblins:1", "goblins:2"], ["demons:4", "demons:6", "goblins:3"]],
        discard=[],
        moves=["play knights:2", "play knights:9"],
    )
    record["position"]["setup"]["setting"] = "swamp"
    record["position"]["value_known"] = ["followers1/0"]
    state = replay(record)
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == [
        "discard demons:even",
        "discard goblins:3",
        "discard goblins:9",  # the prize it won
    ]
    engine.apply(state, "discard demons:even")
    assert zone(state, "hand", 1)[0] == "demons:6"


# -- old records -------------------------------------------------------------------------------


def _final(record: dict[str, Any]) -> dict[str, Any]:
    position: dict[str, Any] = records.replay(record).to_dict()
    return position


def test_an_old_parity_tuck_replays_to_the_same_state_as_the_code() -> None:
    """Old records: ``tuck demons:even`` when demons:2 is the only even Demon to tuck is read as
    ``tuck demons:2``; the replay ends in the same state (moves included) as the new spelling."""
    plays = ["play demons:even", "play demons:odd"]
    old = _tuck_record("demons:2", "demons:3", [*plays, "tuck demons:even", "pass"])
    new = _tuck_record("demons:2", "demons:3", [*plays, "tuck demons:2", "pass"])
    assert _final(old) == _final(new)
    assert records.replay(old).moves[-2] == "tuck demons:2"


def test_an_old_parity_tuck_with_two_candidates_replays_as_it_was_played() -> None:
    """Old records: ``tuck demons:even`` with demons:2 and demons:4 to tuck chose the first such
    card (R-30), demons:2 (checked against the version before W14); it is read as ``tuck
    demons:2`` and the replay ends as the new spelling's does, not as ``tuck demons:4``'s."""
    plays = ["play demons:even", "play demons:even"]
    old = _tuck_record("demons:2", "demons:4", [*plays, "tuck demons:even"])
    assert records.replay(old).moves[-1] == "tuck demons:2"
    assert _final(old) == _final(_tuck_record("demons:2", "demons:4", [*plays, "tuck demons:2"]))
    assert _final(old) != _final(_tuck_record("demons:2", "demons:4", [*plays, "tuck demons:4"]))


def test_an_old_book_of_memories_lead_by_parity_replays() -> None:
    """Old records: the Book of Memories lead ``play demons:even`` (the only even Demon of the
    Score pile, public) is read as ``play demons:4``."""
    score, public = ["demons:4", "fire-elementals:7"], ["score0/0", "score0/1"]
    old = _book_record(score, public, ["play demons:even", "play goblins:2"])
    new = _book_record(score, public, ["play demons:4", "play goblins:2"])
    assert _final(old) == _final(new)
    state = records.replay(_book_record(score, public, ["play fire-elementals:high"]))
    assert state.moves[-1] == "play fire-elementals:7"
    assert zone(state, "score", 0) == ["demons:4"]


def _cthulhu_record(hand0: Sequence[str], discard: str) -> dict[str, Any]:
    return _record(
        [["hero:cthulhu", *hand0], ["goblins:2", "goblins:3", "goblins:4"]],
        ["play hero:cthulhu", "play goblins:2", discard],
        heroes=["cthulhu"],
        public=[f"hand0/{i + 1}" for i, c in enumerate(hand0) if c == "demons:4"],
    )


def test_an_old_hand_choice_by_code_replays_when_it_is_the_first_such_card() -> None:
    """Old records named a once-public Demon in hand by its code (``discard demons:4``); read as
    ``discard demons:even`` when that chooses the same card (the first even Demon in hand)."""
    old = _cthulhu_record(["demons:4", "demons:6"], "discard demons:4")
    new = _cthulhu_record(["demons:4", "demons:6"], "discard demons:even")
    assert _final(old) == _final(new)
    assert zone(records.replay(old), "hand", 0) == ["demons:6"]


def test_an_old_hand_choice_by_code_that_parity_cannot_say_is_refused() -> None:
    """demons:4 behind demons:6 in the hand: ``discard demons:even`` would discard demons:6, so
    the old ``discard demons:4`` is refused in one line."""
    record = _cthulhu_record(["demons:6", "demons:4"], "discard demons:4")
    with pytest.raises(RecordError) as info:
        records.replay(record)
    message = str(info.value)
    assert message.startswith("moves[2]: old move 'discard demons:4' names a card in hand")
    assert "'discard demons:even'" in message and "demons:6" in message


def test_upgrade_keeps_legal_moves_and_games_without_hidden_values() -> None:
    """A legal move is never changed; a game without value-hidden cards reads nothing."""
    state = _tuck_state("demons:2", "demons:4", ["play demons:even", "play demons:even"])
    assert upgrade_move(state, "tuck demons:2") == "tuck demons:2"
    assert upgrade_move(state, "pass") == "pass"
    assert upgrade_move(state, "tuck goblins:9") == "tuck goblins:9"


def test_the_replay_account_reads_an_old_record() -> None:
    """``claim replay`` narrates an old record (the Narrator reads moves through
    ``upgrade_move``) exactly as the record in today's spelling."""
    plays = ["play demons:even", "play demons:odd"]
    old = _tuck_record("demons:2", "demons:3", [*plays, "tuck demons:even", "pass"])
    new = _tuck_record("demons:2", "demons:3", [*plays, "tuck demons:2", "pass"])
    lines = replay_account(old)
    assert lines == replay_account(new)
    assert any("tucks demons:2 under" in line for line in lines)


def test_a_saved_web_game_with_old_moves_loads_and_replays() -> None:
    """The web server's saved games: a position an older engine saved (the old move in its
    ``moves``) loads as it is; one that cannot be read falls back to replaying the record, which
    reads the old move; the finished-game replay log narrates the old record."""
    from claim.apps.web.games import _replay_logs, game_from_stored
    from claim.apps.web.store import IN_PROGRESS, StoredGame, now

    plays = ["play demons:even", "play demons:odd"]
    old = _tuck_record("demons:2", "demons:3", [*plays, "tuck demons:even"])
    state = records.replay(old)
    position = state.to_dict()
    position["moves"] = list(old["moves"])  # as the earlier version saved it

    def stored(position: dict[str, Any]) -> StoredGame:
        return StoredGame(
            id="g1",
            created=now(),
            options={},
            seats=["human", "human"],
            token_hashes=[None, None],
            bot_seeds=[None, None],
            record=old,
            position=position,
            status=IN_PROGRESS,
            moves=len(old["moves"]),
            result=None,
        )

    loaded = game_from_stored(stored(position)).state
    assert engine.legal_actions(loaded) == ["tuck demons:3", "pass"]
    replayed = game_from_stored(stored({"format": "an older one"})).state
    assert replayed.to_dict() == state.to_dict()
    assert replayed.moves[-1] == "tuck demons:2"
    finished = _tuck_record("demons:2", "demons:3", [*plays, "tuck demons:even", "pass"])
    logs = _replay_logs(finished)
    assert len(logs) == 1 + len(finished["moves"])
    # the replay page names the card as a person reads it (issue 37): "tucks Demon 2 under"
    tucked = f"tucks {card_name('demons:2')} under"
    assert any(tucked in line for lines in logs for line in lines)
