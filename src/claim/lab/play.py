"""Playing a study's units: each game of a unit (:func:`claim.lab.design.unit_games`) played by
the study's bots, and what the analysis needs of it kept as a :class:`LabGame`."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from claim.bots import play_out
from claim.lab.design import Study, bot_seed, deal_game, unit_games
from claim.sim.arena import build_bot
from claim.sim.simulate import decided_by, hero_player


@dataclass(frozen=True, slots=True)
class LabGame:
    """One finished game of a study."""

    kind: str
    component: str
    deal: int
    #: the game's number in its unit
    game: int
    #: ``treatment`` or ``baseline`` (:class:`claim.lab.design.GameSetup`)
    variant: str
    twin: int
    a_seat: int
    first_leader: int
    #: the seat whose chance of winning the study measures: the holder of the hero (who played
    #: it, in either phase; None if nobody or both did, and then in its baseline twin too) or
    #: of the artifact, else the first leader
    subject: int | None
    #: the winning seat, None for a draw
    winner: int | None
    #: what decided the game (``votes``, ``cards``, ``draw`` or a location, L23)
    reason: str
    tricks: int
    votes_won: tuple[int, int]
    #: each faction's vote: the seat that won it (None: nobody)
    votes: tuple[tuple[str, int | None], ...]
    #: the deck, comma separated
    factions: str
    #: artifacts: the two hands dealt, and whether the subject used the artifact studied
    hands: tuple[tuple[str, ...], ...] = ()
    used: bool | None = None
    #: locations: whether the location decided the game itself
    decided: bool | None = None

    @property
    def subject_score(self) -> float:
        """The subject's score: 1 for a win, 1/2 for a draw, 0 for a loss (the subject is set)."""
        assert self.subject is not None
        if self.winner is None:
            return 0.5
        return 1.0 if self.winner == self.subject else 0.0

    def to_dict(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        data["votes"] = dict(self.votes)
        data["votes_won"] = list(self.votes_won)
        data["hands"] = [list(hand) for hand in self.hands]
        return data


_INTS = ("deal", "game", "twin", "a_seat", "first_leader", "tricks")
_STRS = ("kind", "component", "variant", "reason", "factions")


def game_from_dict(data: object) -> LabGame:
    """The game of :meth:`LabGame.to_dict`; anything else raises ValueError."""
    if not isinstance(data, dict):
        raise ValueError("not a JSON object")
    fields = {f.name for f in dataclasses.fields(LabGame)}
    if set(data) != fields:
        raise ValueError(f"the fields are not those of a game ({', '.join(sorted(fields))})")
    if any(type(data[name]) is not int or data[name] < 0 for name in _INTS):
        raise ValueError(f"{', '.join(_INTS)} must be whole numbers")
    if any(not isinstance(data[name], str) for name in _STRS):
        raise ValueError(f"{', '.join(_STRS)} must be strings")
    for name in ("subject", "winner"):
        if data[name] not in (0, 1, None):
            raise ValueError(f"{name} must be 0, 1 or null")
    won = data["votes_won"]
    if not (isinstance(won, list) and len(won) == 2 and all(type(v) is int for v in won)):
        raise ValueError("votes_won must be two whole numbers")
    votes = data["votes"]
    if not isinstance(votes, dict) or any(v not in (0, 1, None) for v in votes.values()):
        raise ValueError("votes must map factions to 0, 1 or null")
    hands = data["hands"]
    if not isinstance(hands, list) or not all(
        isinstance(hand, list) and all(isinstance(a, str) for a in hand) for hand in hands
    ):
        raise ValueError("hands must be lists of artifact names")
    for name in ("used", "decided"):
        if data[name] not in (True, False, None):
            raise ValueError(f"{name} must be true, false or null")
    return LabGame(
        **{k: data[k] for k in (*_INTS, *_STRS, "subject", "winner", "used", "decided")},
        votes_won=(won[0], won[1]),
        votes=tuple(votes.items()),
        hands=tuple(tuple(hand) for hand in hands),
    )


def play_unit(study: Study, kind: str, component: str, deal: int) -> list[LabGame]:
    """Every game of one unit, played (the treatment games first: a baseline game's subject is
    its treatment twin's)."""
    subjects: dict[int, int | None] = {}
    games = []
    for number, setup in enumerate(unit_games(study, kind, component, deal)):
        state = deal_game(setup)
        a = build_bot(study.bots[0], bot_seed(study.seed, deal, 0))
        b = build_bot(study.bots[1], bot_seed(study.seed, deal, 1))
        play_out(state, (a, b) if setup.a_seat == 0 else (b, a))
        result = state.result
        assert result is not None
        config = setup.config
        hands: tuple[tuple[str, ...], ...] = ()
        used = decided = None
        subject: int | None = config.first_leader
        if kind == "heroes":
            if setup.variant == "treatment":
                # dealt to a hand, played in Phase One; won as a prize, played in Phase Two
                subjects[setup.twin] = hero_player(state, component, phases=(1, 2))
            subject = subjects[setup.twin]
        elif kind == "artifacts":
            hands = config.artifacts
            subject = 0 if component in hands[0] else 1
            used = component in state.used_artifacts[subject]
        elif kind == "locations" and setup.variant == "treatment":
            decided = decided_by(result, component)
        games.append(
            LabGame(
                kind=kind,
                component=component,
                deal=deal,
                game=number,
                variant=setup.variant,
                twin=setup.twin,
                a_seat=setup.a_seat,
                first_leader=config.first_leader,
                subject=subject,
                winner=result["winner"],
                reason=str(result["reason"]),
                tricks=len(state.history),
                votes_won=(result["votes_won"][0], result["votes_won"][1]),
                votes=tuple(result["votes"].items()),
                factions=",".join(config.factions),
                hands=hands,
                used=used,
                decided=decided,
            )
        )
    return games


def play_units(study: Study, indices: list[int]) -> list[tuple[int, list[LabGame]]]:
    """Play the units ``indices`` of :meth:`Study.units` (a batch for the executors)."""
    units = study.units()
    return [(index, play_unit(study, *units[index])) for index in indices]
