"""Validating JSON values into state values: the readers ``game.core.schema`` uses
for every field kind, with the path of the first bad value in the error.

A reader takes the JSON value and returns the state value (a fresh list or dict,
never the input) or raises :class:`ReadError`.  The error names the path *inside*
the value it was given (``[1][0]``, ``hoa``) and each enclosing reader adds its own
key on the way out (:meth:`ReadError.under`), so a good value costs no path strings:
``players[0].field[1].damage: -1 is below 0`` is built only when something is wrong.
A list whose items all have the exact type asked is checked in C (``set(map(type,
...))``, ``min``, ``max``); the items are walked one by one only to name a bad one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

Reader = Callable[[Any], Any]

_INT = {int}
_STR = {str}


class ReadError(ValueError):
    """A bad JSON value: ``path`` (relative to the value read; "" = the value itself)
    and ``text`` (what is wrong)."""

    def __init__(self, path: str, text: str) -> None:
        super().__init__(path, text)
        self.path = path
        self.text = text

    def __str__(self) -> str:
        return f"{self.path}: {self.text}" if self.path else self.text

    def under(self, key: str) -> ReadError:
        """The same error seen from the value holding this one under ``key``
        (a name, or ``[i]`` for a list item)."""
        if not self.path:
            self.path = key
        elif self.path.startswith("["):
            self.path = key + self.path
        else:
            self.path = f"{key}.{self.path}"
        return self

    @staticmethod
    def named(error: ValueError, key: str) -> ReadError:
        """A ``ValueError("key.sub: text")`` from a reader that was given ``key`` as
        its path (a custom reader) as a :class:`ReadError`."""
        if isinstance(error, ReadError):
            return error.under(key)
        where, sep, text = str(error).partition(": ")
        if sep and where.startswith(key):
            return ReadError(where, text)
        return ReadError(key, str(error))


def integer(lo: int | None = None, hi: int | None = None) -> Reader:
    """An int (not a bool) in ``lo..hi``."""

    def read(value: Any) -> int:
        if type(value) is int and (lo is None or value >= lo) and (hi is None or value <= hi):
            return value
        return check_int(value, lo, hi)

    return read


def check_int(value: Any, lo: int | None, hi: int | None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ReadError("", f"expected an integer, got {value!r}")
    if lo is not None and value < lo:
        raise ReadError("", f"{value} is below {lo}")
    if hi is not None and value > hi:
        raise ReadError("", f"{value} is above {hi}")
    return value


def boolean(value: Any) -> bool:
    if type(value) is bool:
        return value
    raise ReadError("", f"expected true or false, got {value!r}")


def string(value: Any) -> str:
    if type(value) is str:
        return value
    if isinstance(value, str):
        return str(value)
    raise ReadError("", f"expected a string, got {value!r}")


def a_list(value: Any, min_len: int | None = None, max_len: int | None = None) -> list[Any]:
    """``value`` itself when it is a list of an allowed length."""
    if not isinstance(value, list):
        raise ReadError("", f"expected a list, got {type(value).__name__}")
    if min_len is not None and len(value) < min_len:
        raise ReadError("", f"{len(value)} items, at least {min_len} needed")
    if max_len is not None and len(value) > max_len:
        raise ReadError("", f"{len(value)} items, at most {max_len} allowed")
    return value


def an_object(value: Any) -> Mapping[str, Any]:
    if isinstance(value, Mapping):
        return value
    raise ReadError("", f"expected an object, got {type(value).__name__}")


def items(read: Reader, value: list[Any]) -> list[Any]:
    """``read`` applied to every item; the first bad item named by its index."""
    out = []
    for i, x in enumerate(value):
        try:
            out.append(read(x))
        except ReadError as e:
            raise e.under(f"[{i}]") from None
    return out


def ints(
    lo: int | None = None,
    hi: int | None = None,
    min_len: int | None = None,
    max_len: int | None = None,
) -> Reader:
    """A list of ints in ``lo..hi`` (a copy)."""
    one = integer(lo, hi)

    def read(value: Any) -> list[int]:
        if (
            type(value) is list
            and (min_len is None or len(value) >= min_len)
            and (max_len is None or len(value) <= max_len)
            and (
                not value
                or (
                    set(map(type, value)) == _INT
                    and (lo is None or min(value) >= lo)
                    and (hi is None or max(value) <= hi)
                )
            )
        ):
            return value[:]
        return items(one, a_list(value, min_len, max_len))

    return read


def same_type_list(kind: type, one: Reader, min_len: int | None, max_len: int | None) -> Reader:
    """A list whose items must all be of ``kind`` (checked by ``one``)."""
    want = {kind}

    def read(value: Any) -> list[Any]:
        if (
            type(value) is list
            and (min_len is None or len(value) >= min_len)
            and (max_len is None or len(value) <= max_len)
            and (not value or set(map(type, value)) == want)
        ):
            return value[:]
        return items(one, a_list(value, min_len, max_len))

    return read


def mapping_of(
    kind: type | None = None,
    one: Reader | None = None,
    lo: int | None = None,
    hi: int | None = None,
) -> Reader:
    """An object (a dict copy, string keys).  ``one`` checks every value (None: any
    JSON value); values all of the exact type ``kind`` (and, for ints, in ``lo..hi``)
    pass without calling it."""

    def read(value: Any) -> dict[str, Any]:
        if type(value) is dict and (
            one is None
            or not value
            or (
                set(map(type, value)) == _STR
                and set(map(type, value.values())) == {kind}
                and (lo is None or min(value.values()) >= lo)
                and (hi is None or max(value.values()) <= hi)
            )
        ):
            return dict(value)
        got = an_object(value)
        out = {}
        for k, v in got.items():
            try:
                out[str(k)] = v if one is None else one(v)
            except ReadError as e:
                raise e.under(str(k)) from None
        return out

    return read


def rows(shape: Sequence[Reader] | None) -> Reader:
    """A list of lists (each a copy); ``shape``: the reader of each place of a row,
    whose length it fixes (None: any row)."""

    def row(value: Any) -> list[Any]:
        if not isinstance(value, list) or (shape is not None and len(value) != len(shape)):
            n = "" if shape is None else f" of {len(shape)}"
            raise ReadError("", f"expected a list{n}, got {value!r}")
        if shape is None:
            return value[:]
        out = []
        for j, (read, x) in enumerate(zip(shape, value, strict=True)):
            try:
                out.append(read(x))
            except ReadError as e:
                raise e.under(f"[{j}]") from None
        return out

    def read(value: Any) -> list[list[Any]]:
        return items(row, a_list(value))

    return read


def objects(value: Any) -> list[dict[str, Any]]:
    """A list of objects (each a one-level copy)."""
    return items(lambda x: dict(an_object(x)), a_list(value))


def one_of(choices: Sequence[str]) -> Reader:
    """One of the strings ``choices`` (kept as it is)."""

    def read(value: Any) -> str:
        if value in choices and type(value) is str:
            return value
        raise ReadError("", f"{value!r} is not one of {', '.join(choices)}")

    return read


def json_list(min_len: int | None = None, max_len: int | None = None) -> Reader:
    """A list of any JSON values, copied with every nested list (:func:`json_copy`)."""

    def read(value: Any) -> list[Any]:
        return json_copy(a_list(value, min_len, max_len))  # type: ignore[no-any-return]

    return read


def json_copy(value: Any) -> Any:
    """``value`` with every list in it copied (objects and scalars shared)."""
    if isinstance(value, list):
        return [json_copy(v) for v in value]
    return value


def choice(choices: Sequence[Any]) -> Reader:
    """One of ``choices``; returns its index (an enum stored by name)."""

    def read(value: Any) -> int:
        if value not in choices:
            raise ReadError("", f"{value!r} is not one of {', '.join(map(str, choices))}")
        return choices.index(value)

    return read
