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
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
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
        clone: Callable[[Any], Any],
        to_json: Callable[[Any], Any],
        from_json: Callable[[Any, str], Any],
        **kw: Any,
    ) -> Field:
        return Field(name, "obj", custom=(clone, to_json, from_json), **kw)


class Schema(Generic[T]):
    """The fields of one state class (built once per game, at import)."""

    def __init__(self, cls: Callable[..., T], fields: Sequence[Field]) -> None:
        self.cls = cls
        self.fields = tuple(fields)
        names = [f.name for f in self.fields]
        if len(set(names)) != len(names):
            raise ValueError(f"a field is declared twice in {names}")
        for f in self.fields:
            if f.kind != "obj" and f.kind not in _CLONE:
                raise ValueError(f"field {f.name}: unknown kind {f.kind!r}")
        self.clone: Callable[[T], T] = self._compile("clone", _CLONE, 0)
        self.to_json: Callable[[T], dict[str, Any]] = self._compile("to_json", _JSON, 1)

    def _compile(self, what: str, table: dict[str, str], which: int) -> Callable[[Any], Any]:
        env: dict[str, Any] = {"cls": self.cls, "new": object.__new__}
        parts = []
        for i, f in enumerate(self.fields):
            v = f"s.{f.name}"
            if f.kind == "obj":
                assert f.custom is not None
                env[f"h{i}"] = f.custom[which]
                expr = f"h{i}({v})"
            else:
                expr = table[f.kind].format(v=v)
            if f.optional and expr != v:
                expr = f"(None if {v} is None else {expr})"
            parts.append(f"    o.{f.name} = {expr}\n" if which == 0 else f"{f.name!r}: {expr}")
        if which == 0:  # no __init__: works for dataclasses and __slots__ classes alike
            source = f"def {what}(s):\n    o = new(cls)\n{''.join(parts)}    return o\n"
        else:
            source = f"def {what}(s):\n    return {{{', '.join(parts)}}}\n"
        exec(source, env)  # source built from declared field names only
        return env[what]  # type: ignore[no-any-return]

    def from_json(self, data: Any) -> T:
        """Rebuild a state; a missing or malformed field raises ValueError naming its path."""
        if not isinstance(data, dict):
            raise ValueError(f"expected an object, got {type(data).__name__}")
        values = {}
        for f in self.fields:
            if f.name not in data:
                if f.optional or f.default is not None:
                    values[f.name] = f.default
                    continue
                raise ValueError(f"{f.name}: missing")
            values[f.name] = read(f, data[f.name], f.name)
        out = object.__new__(self.cls)  # type: ignore[arg-type]
        for name, value in values.items():
            setattr(out, name, value)
        return out


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
        return Rng(_int(f, value, path))
    if kind == "json":
        return value
    if kind == "dict":
        if not isinstance(value, dict):
            raise ValueError(f"{path}: expected an object")
        return dict(value)
    items = _list(f, value, path)
    if kind == "ints":
        return [_int(f, x, f"{path}[{i}]") for i, x in enumerate(items)]
    if kind == "strs":
        return [_str(x, f"{path}[{i}]") for i, x in enumerate(items)]
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
