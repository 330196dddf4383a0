"""State fields declared once: ``clone``, ``to_json`` and a validating
``from_json`` are derived from one list of fields.

::

    SCHEMA = Schema(ToyState, [
        F.rng("rng"),
        F.num("target", lo=1),
        F.intss("hands", min_len=2, max_len=4),
        F.obj("fx", Effects.clone, Effects.to_json, Effects.from_json),
        ...
    ])
    SCHEMA.clone(state); SCHEMA.to_json(state); SCHEMA.from_json(data)

``clone`` and ``to_json`` are generated as straight-line Python (one
statement per field, the code a careful engineer would write by hand: the object
is made with ``object.__new__`` and its fields set, so a dataclass and a
``__slots__`` class both work and no ``__init__`` runs), so they cost what a
hand-written clone costs; ``from_json`` walks the fields and
raises ``ValueError("hands[1][0]: expected an integer ...")`` with the path of
the first bad value.

A class compiled by mypyc (a native class) refuses ``object.__new__`` and
``exec``-built code cannot be compiled.  Such a class keeps the same generated
code as source: ``SCHEMA.clone_source("MSState()")`` is the text of its
``clone`` method, pasted into the class between ``# <schema clone>`` markers
(``clone_source_problem`` compares the two; a test runs it), and
``Schema(..., blank=MSState, clone=MSState.clone)`` makes ``from_json`` start
from ``MSState()`` and ``SCHEMA.clone`` use that method.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from game.core.rng import Rng

T = TypeVar("T")

# How each kind of field is copied and written; ``{v}`` is the value expression.
_CLONE = {
    "int": "{v}",
    "bool": "{v}",
    "str": "{v}",
    "json": "{v}",  # immutable JSON scalars or data that is replaced, never mutated
    "ints": "{v}[:]",
    "intss": "[x[:] for x in {v}]",
    "strs": "{v}[:]",
    "rng": "{v}.copy()",
    "dict": "dict({v})",
    "flags": "{v}[:]",
    "tuple": "{v}",
    "enum": "{v}",
}
_JSON = {
    "int": "{v}",
    "bool": "{v}",
    "str": "{v}",
    "json": "{v}",
    "ints": "{v}[:]",
    "intss": "[x[:] for x in {v}]",
    "strs": "{v}[:]",
    "rng": "{v}.state",
    "dict": "dict({v})",
    "flags": "{v}[:]",
    "tuple": "list({v})",
    "enum": "n{i}[{v}]",
}


@dataclass(frozen=True, slots=True)
class Field:
    """One state field.  ``lo``/``hi`` bound an int (or every int in a list);
    ``min_len``/``max_len`` bound a list's length; ``custom`` = (clone, to_json,
    from_json(data, path)) for an object field."""

    name: str
    kind: str
    lo: int | None = None
    hi: int | None = None
    min_len: int | None = None
    max_len: int | None = None
    optional: bool = False
    default: Any = None
    key: str | None = None  # the JSON name when it differs from the attribute
    choices: tuple[str, ...] = ()  # enum: the names stored in JSON for 0, 1, ...
    stored: bool = True  # False: cloned but derived, not saved (``derive`` fills it)
    custom: tuple[Callable[[Any], Any], Callable[[Any], Any], Callable[[Any, str], Any]] | None = (
        None
    )


class F:
    """Field constructors."""

    @staticmethod
    def num(name: str, lo: int | None = None, hi: int | None = None, **kw: Any) -> Field:
        return Field(name, "int", lo=lo, hi=hi, **kw)

    @staticmethod
    def flag(name: str, **kw: Any) -> Field:
        return Field(name, "bool", **kw)

    @staticmethod
    def text(name: str, **kw: Any) -> Field:
        return Field(name, "str", **kw)

    @staticmethod
    def ints(name: str, **kw: Any) -> Field:
        return Field(name, "ints", **kw)

    @staticmethod
    def intss(name: str, **kw: Any) -> Field:
        return Field(name, "intss", **kw)

    @staticmethod
    def strs(name: str, **kw: Any) -> Field:
        return Field(name, "strs", **kw)

    @staticmethod
    def flags(name: str, **kw: Any) -> Field:
        """A list of booleans."""
        return Field(name, "flags", **kw)

    @staticmethod
    def tuple(name: str, **kw: Any) -> Field:
        """An immutable tuple of ints (shared by clones, a list in JSON)."""
        return Field(name, "tuple", **kw)

    @staticmethod
    def enum(name: str, choices: Sequence[str], **kw: Any) -> Field:
        """An int index stored in JSON as its name, e.g. a phase."""
        return Field(name, "enum", choices=tuple(choices), **kw)

    @staticmethod
    def rng(name: str = "rng") -> Field:
        return Field(name, "rng")

    @staticmethod
    def data(name: str, **kw: Any) -> Field:
        return Field(name, "json", **kw)

    @staticmethod
    def mapping(name: str, **kw: Any) -> Field:
        """A flat dict of JSON scalars (copied one level deep)."""
        return Field(name, "dict", **kw)

    @staticmethod
    def obj(
        name: str,
        clone: Callable[[Any], Any] | None,
        to_json: Callable[[Any], Any],
        from_json: Callable[[Any, str], Any],
        **kw: Any,
    ) -> Field:
        """A custom object; ``clone=None`` shares an immutable value between clones."""
        return Field(name, "obj", custom=(clone or _same, to_json, from_json), **kw)


class Schema(Generic[T]):
    """The fields of one state class (built once per game, at import)."""

    def __init__(
        self,
        cls: Callable[..., T],
        fields: Sequence[Field],
        header: Mapping[str, Any] | None = None,
        derive: Callable[[T], None] | None = None,
        blank: Callable[[], T] | None = None,
        clone: Callable[[T], T] | None = None,
    ) -> None:
        """``header``: constant keys written first and required on reading
        (``{"format": "manasurge-state", "version": 1}``); ``derive(state)`` fills
        the fields declared with ``stored=False`` after ``from_json``.  ``blank()``
        makes the empty object ``from_json`` fills (default ``object.__new__``) and
        ``clone`` is the class's own clone, written from ``clone_source`` (default:
        the same code, generated here): both for classes compiled by mypyc."""
        self.cls = cls
        self.derive = derive
        self.blank = blank
        self.fields = tuple(fields)
        self.header = dict(header or {})
        names = [f.name for f in self.fields]
        if len(set(names)) != len(names):
            raise ValueError(f"a field is declared twice in {names}")
        for f in self.fields:
            if f.kind != "obj" and f.kind not in _CLONE:
                raise ValueError(f"field {f.name}: unknown kind {f.kind!r}")
        # A dataclass compiled by mypyc refuses ``object.__new__``: its clone and
        # ``from_json`` call its ``__init__`` with every field by name instead.
        self.by_init = blank is None and clone is None and _refuses_new(cls)
        if self.by_init and not set(names) <= _init_fields(cls):
            raise ValueError(f"{cls}: object.__new__ refused; give Schema blank= and clone=")
        self.clone: Callable[[T], T] = clone or self._compile("clone", _CLONE, 0)
        self.to_json: Callable[[T], dict[str, Any]] = self._compile("to_json", _JSON, 1)

    def _exprs(
        self, table: dict[str, str], which: int, src: str, env: dict[str, Any]
    ) -> list[tuple[Field, str]]:
        """(field, the expression that copies or writes it) for every field
        (``to_json``: the stored ones); ``src`` names the object read, ``env`` gets
        the helpers the expressions name (``h3``: a custom function, ``n5``: choices)."""
        out = []
        for i, f in enumerate(self.fields):
            if which == 1 and not f.stored:
                continue
            v = f"{src}.{f.name}"
            if f.kind == "obj":
                assert f.custom is not None
                env[f"h{i}"] = f.custom[which]
                expr = v if f.custom[which] is _same else f"h{i}({v})"
            else:
                env[f"n{i}"] = f.choices
                expr = table[f.kind].format(v=v, i=i)
            if f.optional and expr != v:
                expr = f"(None if {v} is None else {expr})"
            out.append((f, expr))
        return out

    def _compile(self, what: str, table: dict[str, str], which: int) -> Callable[[Any], Any]:
        env: dict[str, Any] = {"cls": self.cls, "new": object.__new__}
        exprs = self._exprs(table, which, "s", env)
        if which == 0 and self.by_init:
            kwargs = "".join(f"        {f.name}={expr},\n" for f, expr in exprs)
            source = f"def {what}(s):\n    return cls(\n{kwargs}    )\n"
        elif which == 0:  # no __init__: works for dataclasses and __slots__ classes alike
            sets = "".join(f"    o.{f.name} = {expr}\n" for f, expr in exprs)
            source = f"def {what}(s):\n    o = new(cls)\n{sets}    return o\n"
        else:
            head = [f"{k!r}: {v!r}" for k, v in self.header.items()]
            items = head + [f"{(f.key or f.name)!r}: {expr}" for f, expr in exprs]
            source = f"def {what}(s):\n    return {{{', '.join(items)}}}\n"
        exec(source, env)  # source built from declared field names only
        return env[what]  # type: ignore[no-any-return]

    def clone_source(self, blank: str) -> str:
        """The ``clone`` method of the state class as source text (4-space indent,
        the lines between the class's ``# <schema clone>`` markers): the code
        ``SCHEMA.clone`` runs, with ``blank`` (e.g. ``"MSState()"``) making the
        object, for a class that mypyc compiles.  A custom ``obj`` clone is named
        by its ``__qualname__``, which the state module must import."""
        env: dict[str, Any] = {}
        exprs = self._exprs(_CLONE, 0, "self", env)
        names = {k: getattr(v, "__qualname__", k) for k, v in env.items() if k.startswith("h")}
        name = getattr(self.cls, "__name__", "State")
        lines = [f"def clone(self) -> {name}:", f"    o = {blank}"]
        for f, expr in exprs:
            for key, qual in names.items():
                expr = expr.replace(f"{key}(", f"{qual}(")
            lines.append(f"    o.{f.name} = {expr}")
        lines.append("    return o")
        return "".join(f"    {line}\n" for line in lines)

    def from_json(self, data: Any) -> T:
        """Rebuild a state; a missing or malformed field raises ValueError naming its path."""
        if not isinstance(data, Mapping):
            raise ValueError(f"expected an object, got {type(data).__name__}")
        for key, value in self.header.items():
            if data.get(key) != value:
                raise ValueError(f"{key}: expected {value!r}, got {data.get(key)!r}")
        values = {}
        for f in self.fields:
            if not f.stored:
                continue
            key = f.key or f.name
            if key not in data:
                if f.optional or f.default is not None:
                    values[f.name] = f.default
                    continue
                raise ValueError(f"{key}: missing")
            values[f.name] = read(f, data[key], key)
        if self.by_init:
            out = self.cls(**values)
        else:
            out = self.blank() if self.blank else object.__new__(self.cls)  # type: ignore[arg-type]
            for name, value in values.items():
                setattr(out, name, value)
        if self.derive is not None:
            self.derive(out)
        return out


CLONE_BEGIN = "# <schema clone>"
CLONE_END = "# </schema clone>"


def clone_source_problem(schema: Schema[Any], module_text: str, blank: str) -> str:
    """ "" when the lines between ``CLONE_BEGIN`` and ``CLONE_END`` in ``module_text``
    (a state module's source) are ``schema.clone_source(blank)``; else what is wrong,
    with the text to paste there."""
    lines = module_text.splitlines(keepends=True)
    marks = [i for i, line in enumerate(lines) if line.strip() in (CLONE_BEGIN, CLONE_END)]
    if len(marks) != 2 or lines[marks[0]].strip() != CLONE_BEGIN:
        return f"the module needs one {CLONE_BEGIN} ... {CLONE_END} block"
    want = schema.clone_source(blank)
    if "".join(lines[marks[0] + 1 : marks[1]]).rstrip() + "\n" == want:  # formatters add a blank
        return ""
    return f"the clone between the {CLONE_BEGIN} markers differs from the schema's:\n{want}"


_RNG_STATE = Field("rng", "num", lo=0, hi=(1 << 64) - 1)


def _same(value: Any) -> Any:
    return value


def _refuses_new(cls: Any) -> bool:
    """``object.__new__(cls)`` raises for a class compiled by mypyc (and for one
    with its own ``__new__``)."""
    try:
        object.__new__(cls)
    except TypeError:
        return True
    return False


def _init_fields(cls: Any) -> set[str]:
    """The fields a dataclass's ``__init__`` takes by name (none for another class)."""
    if not (isinstance(cls, type) and dataclasses.is_dataclass(cls)):
        return set()
    return {f.name for f in dataclasses.fields(cls) if f.init}


def read(f: Field, value: Any, path: str) -> Any:
    """Validate one JSON value against ``f`` and return the state value."""
    if value is None and f.optional:
        return None
    kind = f.kind
    if kind == "obj":
        assert f.custom is not None
        return f.custom[2](value, path)
    if kind in ("int", "bool", "str"):
        return _scalar(f, value, path)
    if kind == "rng":
        return Rng(_int(_RNG_STATE, value, path))
    if kind == "json":
        return value
    if kind == "enum":
        if value not in f.choices:
            raise ValueError(f"{path}: {value!r} is not one of {', '.join(f.choices)}")
        return f.choices.index(value)
    if kind == "dict":
        if not isinstance(value, dict):
            raise ValueError(f"{path}: expected an object")
        return dict(value)
    items = _list(f, value, path)
    if kind == "ints":
        return [_int(f, x, f"{path}[{i}]") for i, x in enumerate(items)]
    if kind == "strs":
        return [_str(x, f"{path}[{i}]") for i, x in enumerate(items)]
    if kind == "tuple":
        return tuple(_int(f, x, f"{path}[{i}]") for i, x in enumerate(items))
    if kind == "flags":
        bad = [i for i, x in enumerate(items) if not isinstance(x, bool)]
        if bad:
            raise ValueError(f"{path}[{bad[0]}]: expected true or false")
        return list(items)
    inner = Field(f.name, "ints", lo=f.lo, hi=f.hi)  # intss: bounds apply to the ints
    return [read(inner, x, f"{path}[{i}]") for i, x in enumerate(items)]


def _scalar(f: Field, value: Any, path: str) -> Any:
    if f.kind == "int":
        return _int(f, value, path)
    if f.kind == "bool":
        if not isinstance(value, bool):
            raise ValueError(f"{path}: expected true or false, got {value!r}")
        return value
    return _str(value, path)


def _int(f: Field, value: Any, path: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"{path}: expected an integer, got {value!r}")
    if f.lo is not None and value < f.lo:
        raise ValueError(f"{path}: {value} is below {f.lo}")
    if f.hi is not None and value > f.hi:
        raise ValueError(f"{path}: {value} is above {f.hi}")
    return value


def _str(value: Any, path: str) -> str:
    if not isinstance(value, str):
        raise ValueError(f"{path}: expected a string, got {value!r}")
    return value


def _list(f: Field, value: Any, path: str) -> list[Any]:
    if not isinstance(value, list):
        raise ValueError(f"{path}: expected a list, got {type(value).__name__}")
    if f.min_len is not None and len(value) < f.min_len:
        raise ValueError(f"{path}: {len(value)} items, at least {f.min_len} needed")
    if f.max_len is not None and len(value) > f.max_len:
        raise ValueError(f"{path}: {len(value)} items, at most {f.max_len} allowed")
    return value
