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
the first bad value (the readers of ``game.core.readers``).

Nested records: a record class (a guardian, a character, a player) has its own
``Schema`` (no header) and the state names it in ``F.record(name, RECORD)`` or
``F.records(name, RECORD, ...)`` (a list of them): the generated clone calls the
record's generated clone, ``to_json`` writes the record's object in place, and
``from_json`` reads it with its path (``players[0].field[1].damage: -1 is below
0``).  Records are dataclasses (``eq=False``: identity equality).

The readers (``game.core.readers``) name the path of a bad value only once one is
bad: a good save builds no path strings.

A class compiled by mypyc (a native class) refuses ``object.__new__`` and
``exec``-built code cannot be compiled.  Such a class keeps the same generated
code as source: ``SCHEMA.clone_source("MSState()")`` is the text of its
``clone`` method, pasted into the class between ``# <schema clone>`` markers
(``clone_source_problem`` compares the two; a test runs it), and
``Schema(..., blank=MSState, clone=MSState.clone)`` makes ``from_json`` start
from ``MSState()`` and ``SCHEMA.clone`` use that method.  A record or state
dataclass keeps ``SCHEMA.clone_function("clone_player")`` as a module-level
function between ``# <schema clone: clone_player>`` markers
(``clone_function_problem``), given as ``clone=clone_player``; ``from_json`` builds
it through its ``__init__``.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from game.core import readers as r
from game.core.readers import Reader, ReadError
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
    "intmap": "dict({v})",
    "strmap": "dict({v})",
    "dicts": "[dict(x) for x in {v}]",
    "rows": "[x[:] for x in {v}]",
    "list": "{v}[:]",
    "cache": "None",
    "record": "h{i}({v})",
    "records": "[h{i}(x) for x in {v}]",
    "objs": "[h{i}(x) for x in {v}]",
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
    "intmap": "dict({v})",
    "strmap": "dict({v})",
    "dicts": "[dict(x) for x in {v}]",
    "rows": "[x[:] for x in {v}]",
    "list": "jcopy({v})",
    "record": "h{i}({v})",
    "records": "[h{i}(x) for x in {v}]",
    "objs": "[h{i}(x) for x in {v}]",
}
_NESTED = ("record", "records", "objs")  # kinds whose helper is another schema's or custom


@dataclass(frozen=True, slots=True)
class Field:
    """One state field.  ``lo``/``hi`` bound an int (or every int in a list);
    ``min_len``/``max_len`` bound a list's length; ``custom`` = (clone, to_json,
    from_json(data, path)) for an object field (or each item of an ``objs`` list);
    ``record`` is the schema of a ``record``/``records`` field; ``shape`` the
    kinds (``"int"``, ``"str"``...) of the places of each ``rows`` row; ``shared``:
    a clone shares the value (never mutated after setup)."""

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
    record: Schema[Any] | None = None
    shape: tuple[str, ...] | None = None
    shared: bool = False


class F:
    """Field constructors."""

    @staticmethod
    def num(name: str, lo: int | None = None, hi: int | None = None, **kw: Any) -> Field:
        return Field(name, "int", lo=lo, hi=hi, **kw)

    @staticmethod
    def flag(name: str, **kw: Any) -> Field:
        return Field(name, "bool", **kw)

    @staticmethod
    def text(name: str, choices: Sequence[str] = (), **kw: Any) -> Field:
        """A string; ``choices``: the only values allowed (stored as they are)."""
        return Field(name, "str", choices=tuple(choices), **kw)

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
    def values(name: str, **kw: Any) -> Field:
        """A list of JSON values whose items are replaced, never changed in place: a
        clone copies the list, ``to_json`` and ``from_json`` every list in it."""
        return Field(name, "list", **kw)

    @staticmethod
    def cache(name: str) -> Field:
        """A value derived on demand: never saved, ``None`` in a clone and after loading."""
        return Field(name, "cache", stored=False)

    @staticmethod
    def intmap(name: str, **kw: Any) -> Field:
        """An object of ints (``lo``/``hi`` bound every value), e.g. statuses."""
        return Field(name, "intmap", **kw)

    @staticmethod
    def strmap(name: str, **kw: Any) -> Field:
        """An object of strings."""
        return Field(name, "strmap", **kw)

    @staticmethod
    def dicts(name: str, **kw: Any) -> Field:
        """A list of flat objects (each copied one level deep)."""
        return Field(name, "dicts", **kw)

    @staticmethod
    def rows(name: str, shape: Sequence[str] | None = None, **kw: Any) -> Field:
        """A list of lists of JSON scalars; ``shape`` (e.g. ``("str", "int")``) fixes
        each row's length and the kind of each place."""
        return Field(name, "rows", shape=None if shape is None else tuple(shape), **kw)

    @staticmethod
    def record(name: str, schema: Schema[Any], **kw: Any) -> Field:
        """One nested record, declared by its own ``Schema``."""
        return Field(name, "record", record=schema, **kw)

    @staticmethod
    def records(name: str, schema: Schema[Any], **kw: Any) -> Field:
        """A list of nested records (``min_len``/``max_len`` bound its length)."""
        return Field(name, "records", record=schema, **kw)

    @staticmethod
    def objs(
        name: str,
        clone: Callable[[Any], Any],
        to_json: Callable[[Any], Any],
        from_json: Callable[[Any, str], Any],
        **kw: Any,
    ) -> Field:
        """A list of custom objects, each copied, written and read by the functions."""
        return Field(name, "objs", custom=(clone, to_json, from_json), **kw)

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
            if (f.kind in ("record", "records")) != (f.record is not None):
                raise ValueError(f"field {f.name}: a record field needs its schema")
        # A dataclass compiled by mypyc refuses ``object.__new__``: its clone and
        # ``from_json`` call its ``__init__`` with every field by name instead.
        self.by_init = blank is None and _refuses_new(cls)
        if self.by_init and not set(names) <= _init_fields(cls):
            raise ValueError(f"{cls}: object.__new__ refused; give Schema blank= and clone=")
        self.clone: Callable[[T], T] = clone or self._compile("clone", _CLONE, 0)
        self.to_json: Callable[[T], dict[str, Any]] = self._compile("to_json", _JSON, 1)
        stored = [f for f in self.fields if f.stored]
        self._reads = [(f, f.key or f.name, _reader(f)) for f in stored]
        caches = [f.name for f in self.fields if f.kind == "cache"]
        self._make: Callable[[list[Any]], T] = self._compile_make([f.name for f in stored], caches)

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
            if f.shared and which == 0:
                expr = v
            elif f.kind == "obj":
                assert f.custom is not None
                env[f"h{i}"] = f.custom[which]
                expr = v if f.custom[which] is _same else f"h{i}({v})"
            elif f.kind in _NESTED:
                env[f"h{i}"] = _helper(f, which)
                expr = table[f.kind].format(v=v, i=i)
            else:
                env[f"n{i}"] = f.choices
                expr = table[f.kind].format(v=v, i=i)
            if f.optional and expr != v:
                expr = f"(None if {v} is None else {expr})"
            out.append((f, expr))
        return out

    def _compile(self, what: str, table: dict[str, str], which: int) -> Callable[[Any], Any]:
        env: dict[str, Any] = {"cls": self.cls, "new": object.__new__, "jcopy": r.json_copy}
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

    def _compile_make(self, names: list[str], caches: list[str]) -> Callable[[list[Any]], T]:
        """``make(values)``: the object with the stored fields set from ``values``
        (in field order) and the caches None, through ``__init__`` when the class
        refuses ``object.__new__``."""
        env: dict[str, Any] = {"cls": self.cls, "new": object.__new__, "blank": self.blank}
        pairs = [(n, f"v[{i}]") for i, n in enumerate(names)] + [(n, "None") for n in caches]
        if self.by_init:
            kwargs = "".join(f"{n}={v}, " for n, v in pairs)
            source = f"def make(v):\n    return cls({kwargs})\n"
        else:
            start = "blank()" if self.blank else "new(cls)"
            sets = "".join(f"    o.{n} = {v}\n" for n, v in pairs)
            source = f"def make(v):\n    o = {start}\n{sets}    return o\n"
        exec(source, env)  # source built from declared field names only
        return env["make"]  # type: ignore[no-any-return]

    def clone_source(self, blank: str) -> str:
        """The ``clone`` method of the state class as source text (4-space indent,
        the lines between the class's ``# <schema clone>`` markers): the code
        ``SCHEMA.clone`` runs, with ``blank`` (e.g. ``"MSState()"``) making the
        object, for a class that mypyc compiles.  A custom ``obj`` clone is named
        by its ``__qualname__``, which the state module must import."""
        env: dict[str, Any] = {}
        if any(f.kind in _NESTED for f in self.fields):
            raise ValueError("clone_source: nested record fields are not supported")
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

    def clone_function(self, name: str) -> str:
        """A module-level ``def name(s: Cls) -> Cls``: the clone of a record or state
        class that mypyc compiles, pasted into its module between
        ``# <schema clone: name>`` and ``# </schema clone>`` and given to the schema as
        ``clone=name`` (``clone_function_problem`` compares the two; a test runs it).
        The copy is made by ``Cls.__new__(Cls)`` (allowed for a native class, where
        ``object.__new__`` is not; no ``__init__`` runs: a dataclass ``__init__`` is
        not compiled) and its fields set one by one.  A nested record's clone and a
        custom clone are named by their ``__qualname__``: each must be such a named
        function or method."""
        env: dict[str, Any] = {}
        exprs = self._exprs(_CLONE, 0, "s", env)
        cls = getattr(self.cls, "__name__", "State")
        lines = [f"def {name}(s: {cls}) -> {cls}:", f"    o = {cls}.__new__({cls})"]
        for f, expr in exprs:
            if expr.startswith("(None if "):  # a statement needs no parentheses
                expr = expr[1:-1]
            lines.append(f"    o.{f.name} = {_named(expr, env)}")
        lines.append("    return o")
        return "".join(f"{line}\n" for line in lines)

    def from_json(self, data: Any, path: str = "") -> T:
        """Rebuild a state (or a record at ``path``); a missing or malformed field
        raises ValueError (a :class:`~game.core.readers.ReadError`) naming its path."""
        try:
            return self.read(data)
        except ReadError as e:
            raise (e.under(path) if path else e) from None

    def read(self, data: Any) -> T:
        """``from_json`` whose error paths start inside ``data`` (a reader)."""
        if not isinstance(data, Mapping):
            raise ReadError("", f"expected an object, got {type(data).__name__}")
        for key, value in self.header.items():
            if data.get(key) != value:
                raise ReadError(key, f"expected {value!r}, got {data.get(key)!r}")
        values = []
        for f, key, read in self._reads:
            if key in data:
                try:
                    values.append(read(data[key]))
                except ReadError as e:
                    raise e.under(key) from None
            elif f.optional or f.default is not None:
                d = f.default  # a list or dict default is copied: every record its own
                values.append(d.copy() if isinstance(d, (list, dict)) else d)
            else:
                raise ReadError(key, "missing")
        out = self._make(values)
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


def clone_function_problem(schema: Schema[Any], module_text: str, name: str) -> str:
    """ "" when ``module_text`` (a state module's source) holds
    ``schema.clone_function(name)`` between ``# <schema clone: name>`` and the next
    ``CLONE_END`` (blank lines aside); else what is wrong, with the text to paste."""
    begin = f"# <schema clone: {name}>"
    lines = module_text.splitlines()
    starts = [i for i, line in enumerate(lines) if line.strip() == begin]
    ends = [i for i, line in enumerate(lines) if line.strip() == CLONE_END]
    want = schema.clone_function(name)
    after = [i for i in ends if starts and i > starts[0]]
    if len(starts) != 1 or not after:
        return f"the module needs one {begin} ... {CLONE_END} block:\n{want}"
    got = [line for line in lines[starts[0] + 1 : after[0]] if line.strip()]
    if got == want.splitlines():
        return ""
    return f"the clone between the {begin} markers differs from the schema's:\n{want}"


def _named(expr: str, env: dict[str, Any]) -> str:
    """``expr`` with each helper (``h3``) called by its qualified name."""
    for key, value in env.items():
        if key.startswith("h"):
            qual = getattr(value, "__qualname__", key)
            if qual in ("clone", "<lambda>") or "<locals>" in qual:
                raise ValueError(f"clone_function: {key} ({qual}) has no name to call")
            expr = re.sub(rf"\b{key}\(", f"{qual}(", expr)
    return expr


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


def _helper(f: Field, which: int) -> Callable[[Any], Any]:
    """The function a nested field's generated code calls on each record or object."""
    if f.record is not None:
        return f.record.clone if which == 0 else f.record.to_json
    assert f.custom is not None
    return f.custom[0] if which == 0 else f.custom[1]


def read(f: Field, value: Any, path: str) -> Any:
    """Validate one JSON value against ``f`` and return the state value."""
    try:
        return _reader(f)(value)
    except ReadError as e:
        raise e.under(path) from None


def _reader(f: Field) -> Reader:
    """The reader of one field (``game.core.readers``); ``None`` passes an optional one."""
    read = _kind_reader(f)
    if not f.optional:
        return read

    def optional(value: Any) -> Any:
        return None if value is None else read(value)

    return optional


def _kind_reader(f: Field) -> Reader:
    n, m = f.min_len, f.max_len
    if f.kind in ("obj", "objs"):
        assert f.custom is not None
        one = _custom(f.custom[2], f.key or f.name)
    elif f.kind in ("record", "records"):
        assert f.record is not None
        one = f.record.read
    else:
        return _READERS[f.kind](f)
    if f.kind in ("obj", "record"):
        return one
    return lambda value: r.items(one, r.a_list(value, n, m))


def _rng(f: Field) -> Reader:
    def read(value: Any) -> Rng:
        if type(value) is int and 0 <= value < 1 << 64:
            return Rng(value)
        r.check_int(value, None, None)
        raise ReadError("", "outside 64 bits")

    return read


def _tuple(f: Field) -> Reader:
    ints = r.ints(f.lo, f.hi, f.min_len, f.max_len)
    return lambda value: tuple(ints(value))


def _intss(f: Field) -> Reader:
    inner, n, m = r.ints(f.lo, f.hi), f.min_len, f.max_len  # the bounds apply to the ints
    return lambda value: r.items(inner, r.a_list(value, n, m))


_ONE: dict[str, Reader] = {"int": r.integer(), "str": r.string, "bool": r.boolean}
_READERS: dict[str, Callable[[Field], Reader]] = {
    "int": lambda f: r.integer(f.lo, f.hi),
    "bool": lambda f: r.boolean,
    "str": lambda f: r.one_of(f.choices) if f.choices else r.string,
    "list": lambda f: r.json_list(f.min_len, f.max_len),
    "rng": _rng,
    "json": lambda f: _same,
    "enum": lambda f: r.choice(f.choices),
    "dict": lambda f: r.mapping_of(),
    "intmap": lambda f: r.mapping_of(int, r.integer(f.lo, f.hi), f.lo, f.hi),
    "strmap": lambda f: r.mapping_of(str, r.string),
    "dicts": lambda f: r.objects,
    "rows": lambda f: r.rows(None if f.shape is None else [_ONE[k] for k in f.shape]),
    "ints": lambda f: r.ints(f.lo, f.hi, f.min_len, f.max_len),
    "strs": lambda f: r.same_type_list(str, r.string, f.min_len, f.max_len),
    "flags": lambda f: r.same_type_list(bool, r.boolean, f.min_len, f.max_len),
    "tuple": _tuple,
    "intss": _intss,
}


def _custom(from_json: Callable[[Any, str], Any], key: str) -> Reader:
    """A custom reader given ``key`` as its path, whose error becomes a ReadError
    relative to the field (``fx.stack: ...`` -> ``stack: ...``)."""

    def read(value: Any) -> Any:
        try:
            return from_json(value, key)
        except ValueError as e:
            where, sep, text = str(e).partition(": ")
            if sep and where.startswith(key) and where[len(key) : len(key) + 1] in ("", ".", "["):
                raise ReadError(where[len(key) :].lstrip("."), text) from None
            raise ReadError("", str(e)) from None

    return read
