"""claim.core.fields: a record's constructor, slots and copier derived from its declared fields."""

from __future__ import annotations

import ast
import random
import types
from pathlib import Path

import pytest

import claim
from claim.core import fields
from claim.core import state as state_module
from claim.core.cards import HEROES, PRESETS
from claim.core.fields import Copy, copier, param, record, slot
from claim.core.setup import GameConfig
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


def _attributes(cls: type) -> tuple[str, ...]:
    """The instance attributes of a record class: its ``__slots__`` as record() built it, or,
    compiled by mypyc (from fields.native_source), the attributes of the native class."""
    names = cls.__dict__.get("__slots__") or cls.__dict__["__mypyc_attrs__"]
    assert isinstance(names, tuple)
    return names


def test_state_and_trick_declare_every_field() -> None:
    """Every slot of State and Trick comes from a declaration (the constructor sets them all)."""
    for cls in (State, Trick):
        assert _attributes(cls) == tuple(f.name for f in fields.specs(cls))
    trick = Trick(1, 0, 0, 5)
    assert trick.prizes == [5] and Trick(2, 0, 0, -1).prizes == []
    assert all(hasattr(trick, name) for name in _attributes(Trick))


def _written_out() -> types.ModuleType:
    """claim.core.state as mypyc compiles it (fields.native_source), run by the interpreter."""
    source = Path(state_module.__file__ or "").with_suffix("").with_suffix(".py")
    source = source.with_name("state.py")
    text = source.read_text(encoding="utf-8")
    module = types.ModuleType("claim.core.state_written_out")
    exec(compile(fields.native_source(text, state_module), str(source), "exec"), vars(module))
    return module


def test_the_written_out_record_classes_keep_the_lines_and_the_fields() -> None:
    source = Path(state_module.__file__ or "").with_name("state.py").read_text(encoding="utf-8")
    written = fields.native_source(source, state_module).splitlines()
    # what is written out: the @record lines, the declarations, the @copier placeholders (and
    # blank lines, where the constructor goes); every other line keeps its number, so that the
    # compiled module's tracebacks point at the source
    rewritten = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ClassDef) and node.decorator_list:
            rewritten |= {d.lineno for d in node.decorator_list}
        elif isinstance(node, ast.AnnAssign | ast.FunctionDef) and (
            isinstance(node, ast.AnnAssign) or node.decorator_list
        ):
            first = min([node.lineno, *(d.lineno for d in getattr(node, "decorator_list", []))])
            rewritten |= set(range(first, (node.end_lineno or 0) + 1))
        elif isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == fields.COPY_BY_CONSTRUCTOR for t in node.targets
        ):
            rewritten.add(node.lineno)  # the marker, which the written-out class does not keep
    for number, line in enumerate(source.splitlines(), 1):
        if line.strip() and number not in rewritten:
            assert written[number - 1] == line, number
    module = _written_out()
    for name in ("State", "Trick"):
        cls = getattr(module, name)
        assert [f.name for f in fields.specs(cls)] == [
            f.name for f in fields.specs(getattr(state_module, name))
        ]
        assert "__slots__" not in vars(cls)
        assert fields.COPY_BY_CONSTRUCTOR not in vars(cls)
    # a Trick is built by its constructor alone (no __new__ of its own: one native call when
    # compiled), and its copier goes through the constructor; a State keeps its __new__, so that
    # a clone does not run the constructor
    assert "__new__" not in vars(module.Trick) and "__new__" in vars(module.State)
    trick = module.Trick(1, 3, 0, 5)
    trick.plays.append((0, 5))
    trick.marks["x"] = 1
    copy = trick.copy()
    assert copy.plays == [(0, 5)] and copy.plays is not trick.plays and copy.prizes == [5]
    assert copy.marks == {"x": 1} and copy.marks is not trick.marks and copy.number == 3
    blank = fields.fresh(module.Trick)
    assert blank.plays == [] and blank.prizes == [] and blank.marks == {}


def test_the_written_out_state_constructs_and_clones_as_record_does() -> None:
    """The constructor, copier and fresh() of the written-out classes (what the compiled build
    runs) give the same fields as those record() generates (what the pure-Python build runs)."""
    module = _written_out()
    game = claim.new_game(GameConfig(PRESETS["claim"], heroes=HEROES[:5]), 3)
    rng = random.Random(3)
    for _ in range(40):  # mid-game: a trick on the table, history, chance draws
        legal = claim.legal_actions(game)
        claim.apply(game, legal[rng.randrange(len(legal))])
    assert game.trick is not None

    def fields_of(obj: object) -> dict[str, object]:
        return {f.name: getattr(obj, f.name) for f in fields.specs(type(obj))}

    new = module.State(game.config, game.book, game.chance_seed)
    assert fields_of(new) == fields_of(State(game.config, game.book, game.chance_seed))
    assert fields_of(module.Trick(1, 0, 0, 5)) == fields_of(Trick(1, 0, 0, 5))
    copy = fields.fresh(module.State)
    for name, value in fields_of(game).items():
        if name == "trick":
            trick = fields.fresh(module.Trick)
            for f in fields.specs(Trick):
                setattr(trick, f.name, getattr(game.trick, f.name))
            value = trick
        setattr(copy, name, value)
    for history in (True, False):
        theirs, ours = copy.clone(history=history), game.clone(history=history)
        a, b = fields_of(theirs), fields_of(ours)
        assert fields_of(a.pop("trick")) == fields_of(b.pop("trick"))
        assert a == b
        for f in fields.specs(State):  # which containers are copied and which shared
            if isinstance(getattr(game, f.name), list | set | dict | Trick):
                same = getattr(theirs, f.name) is getattr(copy, f.name)
                assert same == (getattr(ours, f.name) is getattr(game, f.name)), f.name
