"""The difficulty levels (issue 39): each is the search at a budget, weakest first, every one
named and described in claim.text.bots, offered by the menus, and accepted wherever a bot spec
is (the arena, the terminal, the web's seats). Their strength is measured by the ladder in
docs/bots.md ("Levels"), not here."""

from __future__ import annotations

import pytest

from claim.apps.tui.session import BOT_CHOICES, check_bot_spec
from claim.apps.web.requests import ApiError, parse_seat
from claim.bots import LEVELS, make_bot
from claim.bots.search import ITERATIONS, WORK_CEILING, SearchBot
from claim.core.errors import ConfigError
from claim.sim.arena import normalize_spec
from claim.text.bots import LEVEL_WORDS, bot_label, seat_label


def budget(level: str) -> int:
    bot = make_bot(level, 1)
    assert isinstance(bot, SearchBot)
    return bot.iterations


def test_each_level_searches_more_than_the_one_before() -> None:
    budgets = [budget(level) for level in LEVELS]
    assert budgets == sorted(budgets) and len(set(budgets)) == len(budgets)
    assert budgets[0] >= 1 and budgets[-1] == ITERATIONS["hard"] == WORK_CEILING
    # only the expert's budget is over what the every-expansion cost lets a search spend
    # (WORK_CEILING / about 3): it is lowered there as search:hard is, the others never are
    assert [b > WORK_CEILING / 3 for b in budgets] == [False] * (len(budgets) - 1) + [True]


def test_every_level_has_words_and_a_place_in_the_menus() -> None:
    assert list(LEVEL_WORDS) == list(LEVELS)
    assert [spec for spec, _ in BOT_CHOICES][: len(LEVELS)] == list(LEVELS)
    for level in LEVELS:
        name, words = LEVEL_WORDS[level]
        assert name[0].isupper() and words
        assert bot_label(level) == f"{name} bot" == seat_label(f"bot:{level}")


@pytest.mark.parametrize("level", list(LEVELS))
def test_a_level_is_a_bot_spec_everywhere(level: str) -> None:
    assert normalize_spec(f" {level.upper()} ") == level
    assert check_bot_spec(level) == level
    assert parse_seat(1, f"bot:{level}") == f"bot:{level}"


def test_a_level_takes_no_strength() -> None:
    with pytest.raises(ConfigError, match="'expert' is a level: it takes no strength"):
        make_bot("expert:hard")
    with pytest.raises(ApiError, match="is a level"):
        parse_seat(0, "bot:casual:easy")
