"""claim.core.fields: a record's constructor, slots and copier derived from its declared fields."""

from __future__ import annotations

import pytest

from claim.core import fields
from claim.core.fields import Copy, copier, param, record, slot
from claim.core.state import State, Trick


@record
class Sample:
    name: str = param()
    size: int = param(default=3)
    pairs: list[list[int]] = slot([[], []])
    seen: list[set[int]] = slot([set(), set()])
    items: list[int] = slot([])
    marks: dict[str, int] = slot({})
    tags: set[int] = slot(set())
    log: list[str] = slot([], history=True)
    inner: Sample | None = slot(None, copy=Copy.RECORD)
    cache: dict[str, int] | None = slot(None)
    doubled: int = slot(0, start="2 * size")

    @copier
    def copy(self, history: bool = True) -> Sample:
        """A copy."""
        raise NotImplementedError


def test_the_constructor_takes_the_parameters_and_fresh_defaults() -> None:
    a, b = Sample("a"), Sample("b", 5)
    assert (a.name, a.size, a.doubled, b.size, b.doubled) == ("a", 3, 6, 5, 10)
    assert a.pairs == [[], []] and a.pairs is not b.pairs and a.pairs[0] is not b.pairs[0]
    assert a.seen == [set(), set()] and a.seen[1] is not b.seen[1]
    assert Sample.__slots__ == tuple(f.name for f in fields.specs(Sample))
    with pytest.raises(AttributeError):
        a.other = 1  # type: ignore[attr-defined]


def test_the_copier_copies_each_field_as_declared() -> None:
    a = Sample("a")
    a.pairs[0].append(1)
    a.seen[1].add(2)
    a.items.append(3)
    a.marks["m"] = 4
    a.tags.add(5)
    a.log.append("x")
    a.inner = Sample("in")
    a.cache = {"k": 1}
    for c, log in ((a.copy(), ["x"]), (a.copy(history=False), [])):
        assert (c.pairs, c.seen, c.items, c.marks, c.tags) == (
            a.pairs,
            a.seen,
            a.items,
            a.marks,
            a.tags,
        )
        assert c.log == log
        assert c.pairs[0] is not a.pairs[0] and c.seen[1] is not a.seen[1]
        assert c.items is not a.items and c.marks is not a.marks and c.tags is not a.tags
        assert c.inner is not None and c.inner is not a.inner and c.inner.name == "in"
        assert c.cache is a.cache  # shared on purpose
    assert Sample.copy.__doc__ == "A copy."


def test_fresh_gives_the_defaults_without_the_constructor() -> None:
    s = fields.fresh(Sample, name="f")
    assert (s.name, s.size, s.items, s.doubled) == ("f", 3, [], 0)  # the default, not the start
    assert not hasattr(fields.fresh(Sample), "name")  # a parameter without default, not given


def test_a_default_must_be_a_literal_and_every_field_declared() -> None:
    with pytest.raises(TypeError):
        slot(object())
    with pytest.raises(TypeError):

        @record
        class Bad:
            plain: int = 0


def test_state_and_trick_declare_every_field() -> None:
    """Every slot of State and Trick comes from a declaration (the constructor sets them all)."""
    for cls in (State, Trick):
        assert cls.__slots__ == tuple(f.name for f in fields.specs(cls))
    trick = Trick(1, 0, 0, 5)
    assert trick.prizes == [5] and Trick(2, 0, 0, -1).prizes == []
    assert all(hasattr(trick, name) for name in Trick.__slots__)
