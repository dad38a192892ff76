"""Fields declared once: a record class (``State``, ``Trick``) names each field in its body, once,
with its type, its default, how a copy copies it and how a position writes and reads it; the
constructor, the copy method and ``__slots__`` are derived from that declaration here, and the
position writer and reader loop over it (:mod:`claim.core.position_io`)::

    @record
    class Trick:
        phase: int = param(pos=Int())
        plays: list[tuple[int, int]] = slot([], pos=Plays())

        @copier
        def copy(self) -> Trick:
            raise NotImplementedError  # replaced by @record

A field is either a constructor parameter (:func:`param`) or starts at a default (:func:`slot`),
a literal such as ``0``, ``[]``, ``[[], []]`` or ``set()``: each new object gets its own fresh
value. A field whose first value depends on the parameters says how, as an expression over them
(``start``: a State's artifacts are dealt from its config). The class is rebuilt with
``__slots__`` (like ``dataclasses.dataclass(slots=True)``).

The constructor and the copier are generated as Python source compiled once at import, as
:mod:`dataclasses` does, because speed matters there: the copier is ``State.clone``, which search
playouts call thousands of times a second, and a loop over the fields (``getattr``, a copy
function per field, ``setattr``) costs several times the straight-line code it replaces. The
generated code is what one would write by hand (``c.hands = [self.hands[0][:],
self.hands[1][:]]``, one line per field), with nothing to keep in step with the fields. Writing
and reading positions is not hot and loops over the declaration instead.

mypy sees the fields as the class annotations (``typing.dataclass_transform``: it also derives the
constructor's signature from the :func:`param` fields).
"""

from __future__ import annotations

import ast
import inspect
from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import Enum
from typing import Any, Literal, TypeVar, cast, dataclass_transform

T = TypeVar("T")
F = TypeVar("F", bound=Callable[..., Any])


class Copy(Enum):
    """How a copy copies a field; the value is the source of the copy of ``{v}``."""

    #: the same object: immutable values, and what copies share on purpose (the config, the rule
    #: book, a finished game's result, caches that are replaced and never changed in place)
    SHARE = "{v}"
    LIST = "{v}[:]"
    SET = "set({v})"
    DICT = "dict({v})"
    #: one list per player
    PAIR_OF_LISTS = "[{v}[0][:], {v}[1][:]]"
    #: one set per player
    PAIR_OF_SETS = "[set({v}[0]), set({v}[1])]"
    #: a record (or None) with its own copier named ``copy``
    RECORD = "{v}.copy() if {v} is not None else None"
    #: not copied: a copy starts without it (what follows one object only, such as the event
    #: recorder of :mod:`claim.core.events`, which a determinization must not write into)
    FRESH = "None"


class _Missing:
    def __repr__(self) -> str:
        return "MISSING"


#: the default of a parameter that has none
MISSING: Any = _Missing()


@dataclass(frozen=True)
class Spec:
    """One field as its record declares it."""

    name: str
    #: the value a new object starts with (a literal, each object gets a fresh one), or MISSING
    #: for a parameter without a default
    default: Any
    #: a parameter of the constructor (in the order of declaration)
    init: bool
    copy: Copy
    #: a copy made with ``history=False`` leaves it at its default (playouts need no history)
    history: bool
    #: how a position writes and reads it (codecs of :mod:`claim.core.position_codecs`, each with
    #: its key); empty: not in a position
    pos: tuple[Any, ...]
    #: the constructor's first value, a Python expression over its parameters ("": the default)
    start: str = ""


def _copy_of(default: Any) -> Copy:
    """The copy a default's shape asks for: a fresh list, set or dict; one list or set per player
    for a pair of them; the same object for an immutable value."""
    if isinstance(default, list):
        if len(default) == 2 and all(isinstance(v, list) for v in default):
            return Copy.PAIR_OF_LISTS
        if len(default) == 2 and all(isinstance(v, set) for v in default):
            return Copy.PAIR_OF_SETS
        return Copy.LIST
    if isinstance(default, set):
        return Copy.SET
    if isinstance(default, dict):
        return Copy.DICT
    return Copy.SHARE


def _positions(pos: Any) -> tuple[Any, ...]:
    return pos if isinstance(pos, tuple) else (pos,) if pos is not None else ()


def slot(
    default: Any,
    *,
    copy: Copy | None = None,
    history: bool = False,
    pos: Any = None,
    start: str = "",
    init: Literal[False] = False,
) -> Any:
    """A field that starts at ``default`` (a literal). ``copy``: how a copy copies it (by default
    from the default's shape, see :func:`_copy_of`); ``history``: a copy without history leaves it
    at its default; ``pos``: its codec(s) in a position (None: not written); ``start``: the
    constructor's first value instead of the default, an expression over its parameters (source
    inlined in the generated constructor: no call per object)."""
    _check_literal(default)
    return Spec("", default, init, copy or _copy_of(default), history, _positions(pos), start)


def param(
    *,
    default: Any = MISSING,
    copy: Copy = Copy.SHARE,
    pos: Any = None,
    init: Literal[True] = True,
) -> Any:
    """A field the constructor takes as a parameter (with ``default``, an optional one)."""
    return Spec("", default, init, copy, False, _positions(pos))


def copier(method: F) -> F:
    """Mark a placeholder method that :func:`record` replaces by the generated copier (its
    signature and docstring stay; a parameter, if any, is the ``history`` flag)."""
    method.__copier__ = True  # type: ignore[attr-defined]
    return method


_SPECS: dict[type, tuple[Spec, ...]] = {}
_FRESH: dict[type, Callable[[], Any]] = {}


def specs(cls: type) -> tuple[Spec, ...]:
    """The fields ``cls`` declares, in order."""
    return _SPECS[cls]


@dataclass_transform(field_specifiers=(slot, param))
def record(cls: type[T]) -> type[T]:
    """Derive ``__slots__``, ``__init__`` and the copier from the fields ``cls`` declares."""
    annotations = inspect.get_annotations(cls)
    declared = []
    for name in annotations:
        spec = cls.__dict__.get(name)
        if not isinstance(spec, Spec):
            raise TypeError(f"{cls.__name__}.{name} is not declared with slot() or param()")
        declared.append(replace(spec, name=name))
    namespace = {k: v for k, v in cls.__dict__.items() if k not in annotations}
    namespace.pop("__dict__", None)
    namespace.pop("__weakref__", None)
    namespace["__slots__"] = tuple(annotations)
    new = type(cls.__name__, cls.__bases__, namespace)
    new.__qualname__ = cls.__qualname__
    fields = tuple(declared)
    _SPECS[new] = fields
    _FRESH[new] = _make_fresh(new, fields)
    setattr(new, "__init__", _make_init(new, fields))  # noqa: B010 (mypy: no assigning to __init__)
    for name, method in namespace.items():
        if getattr(method, "__copier__", False):
            setattr(new, name, _make_copier(new, name, method, fields))
    return cast("type[T]", new)


def fresh(cls: type[T], **given: Any) -> T:
    """An object of ``cls`` whose fields are the ``given`` values or their defaults, without the
    constructor (a position reader fills in the rest); parameters without a default stay unset
    unless given."""
    obj: T = _FRESH[cls]()
    for name, value in given.items():
        setattr(obj, name, value)
    return obj


# -- code generation -------------------------------------------------------------------------


def _check_literal(value: Any) -> None:
    """Defaults are written into the generated constructor as source: literals only."""
    if isinstance(value, list | tuple | set):
        for item in value:
            _check_literal(item)
    elif isinstance(value, dict):
        for k, v in value.items():
            _check_literal(k)
            _check_literal(v)
    elif not (value is None or isinstance(value, bool | int | str)):
        raise TypeError(f"a field's default must be a literal, got {value!r}")
    if ast.literal_eval(repr(value)) != value:
        raise TypeError(f"a field's default must be a literal, got {value!r}")


def _compile(cls: type, name: str, source: str, namespace: dict[str, Any]) -> Any:
    code = compile(source, f"<{cls.__name__}.{name}, generated by claim.core.fields>", "exec")
    exec(code, namespace)
    function = namespace[name]
    function.__qualname__ = f"{cls.__qualname__}.{name}"
    function.__module__ = cls.__module__
    return function


def _init_parts(fields: tuple[Spec, ...]) -> tuple[list[tuple[str, str | None]], list[str]]:
    """The constructor's parameters (name, default source or None) and its statements."""
    params: list[tuple[str, str | None]] = []
    statements = []
    for f in fields:
        if f.init:
            params.append((f.name, None if f.default is MISSING else repr(f.default)))
            statements.append(f"self.{f.name} = {f.name}")
        else:
            statements.append(f"self.{f.name} = {f.start or repr(f.default)}")
    return params, statements


def _make_init(cls: type, fields: tuple[Spec, ...]) -> Any:
    params, statements = _init_parts(fields)
    signature = ", ".join(["self"] + [n if d is None else f"{n}={d}" for n, d in params])
    source = f"def __init__({signature}):\n" + "".join(f"    {s}\n" for s in statements)
    function = _compile(cls, "__init__", source, {})
    return function


def _make_fresh(cls: type, fields: tuple[Spec, ...], new: Any = None) -> Any:
    lines = ["    o = _new(_cls)"]
    lines += [f"    o.{f.name} = {f.default!r}" for f in fields if f.default is not MISSING]
    source = "def fresh():\n" + "\n".join(lines) + "\n    return o\n"
    # cls.__new__ is object.__new__ for a class built by record(); a class compiled by mypyc
    # (native_source) has its own, since its default one would run the constructor, unless it
    # is built by its constructor (COPY_BY_CONSTRUCTOR): ``new`` then calls that
    return _compile(cls, "fresh", source, {"_new": new or cls.__new__, "_cls": cls})


def _copier_statements(
    cls: type, name: str, fields: tuple[Spec, ...], flag: str | None
) -> list[str]:
    """The copier's statements after ``c`` is made (``flag``: its history parameter)."""
    statements = []
    for f in fields:
        value = f.copy.value.format(v=f"self.{f.name}")
        if f.history:
            if flag is None:
                raise TypeError(f"{cls.__name__}.{name} needs a history flag for {f.name}")
            value = f"{value} if {flag} else {f.default!r}"
        statements.append(f"c.{f.name} = {value}")
    statements.append("return c")
    return statements


def _make_copier(cls: type, name: str, placeholder: Any, fields: tuple[Spec, ...]) -> Any:
    params = list(inspect.signature(placeholder).parameters.values())
    flag = params[1] if len(params) > 1 else None
    signature = "self" if flag is None else f"self, {flag.name}={flag.default!r}"
    statements = ["c = _new(_cls)"]
    statements += _copier_statements(cls, name, fields, None if flag is None else flag.name)
    source = f"def {name}({signature}):\n" + "".join(f"    {s}\n" for s in statements)
    function = _compile(cls, name, source, {"_new": object.__new__, "_cls": cls})
    function.__doc__ = placeholder.__doc__
    return function


# -- ahead of time, for mypyc -----------------------------------------------------------------


def register(cls: type, declared: dict[str, Any], blank: tuple[object, ...] | None = None) -> None:
    """Record the fields of a class that :func:`native_source` wrote out (what :func:`record`
    does for a class it builds), for :func:`specs` and :func:`fresh`. ``blank``: the
    constructor's arguments for a fresh object of a class without a ``__new__`` of its own
    (:data:`COPY_BY_CONSTRUCTOR`)."""
    fields = tuple(replace(spec, name=name) for name, spec in declared.items())
    _SPECS[cls] = fields
    new = None if blank is None else lambda c: c(*blank)
    _FRESH[cls] = _make_fresh(cls, fields, new)


#: A record class whose body sets this name (``_copy_by_constructor = True``) is compiled
#: without a ``__new__`` of its own: mypyc then builds it by a native call, where a ``__new__``
#: makes every construction two calls through Python's argument parsing (about 1,900
#: instructions for a Trick, built once per trick, against 1,100). Its copier calls the
#: constructor and then sets every field, which costs a copy a few empty lists more: the right
#: trade for a class built more often than copied (Trick), the wrong one for State.
COPY_BY_CONSTRUCTOR = "_copy_by_constructor"

#: the blank argument :func:`native_source` passes for a constructor parameter, by annotation
_BLANK = {"int": "0", "str": "''", "bool": "False"}


def native_source(source: str, module: Any) -> str:
    """The source of ``module`` with each of its record classes written out as plain Python, the
    way mypyc can compile them (a compiled class cannot be rebuilt by :func:`record` at import).

    ``module`` is the module as the interpreter loaded it from ``source`` (its classes built by
    :func:`record`), which gives each class's fields. In each record class, ``@record`` goes, each
    field's declaration keeps only its annotation (``phase: int``), and the constructor, the
    copier and a ``__new__`` that does not run the constructor (for the copier and
    :func:`fresh`) are written from the same statements :func:`record` generates, each method on
    one line, in blank lines of the class where there are some, so that the lines of the rest of
    the module keep their numbers (tracebacks). The declarations themselves are evaluated at
    the end of the module, and handed to :func:`register`.
    """
    tree = ast.parse(source)
    lines = source.splitlines()
    replaced: dict[int, list[str]] = {}  # first line (0-based) -> the lines it becomes
    spans: dict[int, int] = {}  # first line -> last line (inclusive) it replaces
    registrations = []

    def put(first: int, last: int, text: list[str]) -> None:
        replaced[first] = text + [""] * max(0, last - first + 1 - len(text))
        spans[first] = last

    for node in tree.body:
        if not isinstance(node, ast.ClassDef):
            continue
        decorators = [d for d in node.decorator_list if _named(d, "record")]
        if not decorators:
            continue
        if len(node.decorator_list) != 1:
            raise TypeError(f"{node.name}: a record class takes no other decorator")
        cls = getattr(module, node.name)
        fields = specs(cls)
        by_constructor = False
        for stmt in node.body:
            if isinstance(stmt, ast.Assign) and any(
                _named(t, COPY_BY_CONSTRUCTOR) for t in stmt.targets
            ):
                # compiled, a class attribute would become every object's field: the marker
                # has said what it had to say here
                by_constructor = True
                put(stmt.lineno - 1, (stmt.end_lineno or 0) - 1, [""])
        indent = " " * node.body[0].col_offset
        put(decorators[0].lineno - 1, (decorators[0].end_lineno or 0) - 1, [""])
        annotations: dict[str, str] = {}
        declared = []
        last_field = node.body[0].lineno - 1
        placeholder: ast.FunctionDef | None = None
        for stmt in node.body:
            if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
                name = stmt.target.id
                annotation = " ".join(_segment(source, stmt.annotation).split())
                annotations[name] = annotation
                assert stmt.value is not None, f"{node.name}.{name} has no declaration"
                declared.append(f"{name!r}: {_segment(source, stmt.value)}")
                put(stmt.lineno - 1, (stmt.end_lineno or 0) - 1, [f"{indent}{name}: {annotation}"])
                last_field = (stmt.end_lineno or 0) - 1
            elif isinstance(stmt, ast.FunctionDef) and any(
                _named(d, "copier") for d in stmt.decorator_list
            ):
                placeholder = stmt
        if [f.name for f in fields] != list(annotations):
            raise TypeError(f"{node.name}: the declarations are not the fields record() built")
        if placeholder is None:
            raise TypeError(f"{node.name}: a record class compiled by mypyc needs a @copier")
        # the copier, on the placeholder's first line
        flag = placeholder.args.args[1] if len(placeholder.args.args) > 1 else None
        signature = "self"
        if flag is not None:
            assert flag.annotation is not None and placeholder.args.defaults
            signature += (
                f", {flag.arg}: {_segment(source, flag.annotation)}"
                f" = {_segment(source, placeholder.args.defaults[0])}"
            )
        params, body = _init_parts(fields)
        if by_constructor:
            arguments = ", ".join(f"self.{n}" for n, _ in params)
            statements = [f"c = {node.name}({arguments})"]
        else:
            statements = [f"c = {node.name}.__new__({node.name})"]
        statements += _copier_statements(
            cls, placeholder.name, fields, None if flag is None else flag.arg
        )
        returns = _segment(source, placeholder.returns) if placeholder.returns else node.name
        first = placeholder.decorator_list[0].lineno - 1
        put(
            first,
            (placeholder.end_lineno or 0) - 1,
            [f"{indent}def {placeholder.name}({signature}) -> {returns}: " + "; ".join(statements)],
        )
        # the constructor and __new__, in blank lines of the class (or added after the fields)
        signature = ", ".join(
            ["self"]
            + [f"{n}: {annotations[n]}" + ("" if d is None else f" = {d}") for n, d in params]
        )
        methods = [f"{indent}def __init__({signature}) -> None: " + "; ".join(body)]
        if not by_constructor:
            methods.append(
                f"{indent}def __new__(cls, *args: object, **kwargs: object) -> {node.name}: "
                "return object.__new__(cls)"
            )
        # blank lines between the statements of the class body (not inside a string)
        taken = {
            i for stmt in node.body for i in range(_first_line(stmt), stmt.end_lineno or 0)
        } | set(spans)
        blanks = [
            i
            for i in range(node.body[0].lineno - 1, (node.end_lineno or 0) - 1)
            if not lines[i].strip() and i not in taken
        ]
        for i, method in zip(blanks, methods, strict=False):
            put(i, i, [method])
        extra = methods[len(blanks) :]
        if extra:
            replaced[last_field] = replaced[last_field] + extra
        blank = ""
        if by_constructor:
            try:
                blank = ", (" + "".join(f"{_BLANK[annotations[n]]}, " for n, _ in params) + ")"
            except KeyError as e:
                raise TypeError(f"{node.name}: no blank value for a parameter of type {e}") from e
        registrations.append(f"_register({node.name}, {{{', '.join(declared)}}}{blank})")
    out: list[str] = []
    i = 0
    while i < len(lines):
        if i in replaced:
            out += replaced[i]
            i = spans[i] + 1
        else:
            out.append(lines[i])
            i += 1
    if registrations:
        out += ["", "from claim.core.fields import register as _register  # noqa: E402", ""]
        out += registrations
    return "\n".join(out) + "\n"


def _first_line(stmt: ast.stmt) -> int:
    """The statement's first line (0-based), its decorators included."""
    decorators: list[ast.expr] = getattr(stmt, "decorator_list", [])
    return min([stmt.lineno, *(d.lineno for d in decorators)]) - 1


def _named(node: ast.expr, name: str) -> bool:
    return isinstance(node, ast.Name) and node.id == name


def _segment(source: str, node: ast.AST) -> str:
    text = ast.get_source_segment(source, node)
    assert text is not None
    return text
