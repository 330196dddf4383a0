"""The action picker: narrow the seat's legal actions as the player picks.

A table never builds an action from a zone name.  It hands the seat's
``legal_actions`` to an :class:`ActionPicker`; every pick is an *(arg, value)*
pair (``("card", 17)``, ``("target", 4)``, ``("kind", "end_turn")``: the action
kind counts as the arg ``"kind"``), and the picker keeps the actions that agree
with everything picked so far.  :meth:`ActionPicker.decision` then says what
comes next:

* :class:`Submit` — one action is left (or the rest differ only in args the
  table has a preference for): send it;
* :class:`Ask` — several are left: ask for the first arg in which they differ
  (target arrow, option buttons, the dice tray), with the values on offer;
* ``None`` — nothing is left (the pick was refused before it was made).

Pure logic, no pygame: the same picker serves drag-and-drop, click-then-click,
the keyboard and the tests.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from game.core.contract import Action, ArgValue

KIND = "kind"
"""The pseudo-arg naming an action's kind (a button that is the action itself)."""

Pick = tuple[str, ArgValue]
"""What the player pointed at: (arg name, value)."""


Derive = Callable[[Action], ArgValue]
"""A derived arg: a value the table reads off an action that does not carry it
as an arg (ManaSurge: the zone a played card goes to, the seat a gift goes to).
Return :data:`ABSENT` when the action has no such value."""


class _Absent:
    def __repr__(self) -> str:
        return "<absent>"


ABSENT: ArgValue = _Absent()  # type: ignore[assignment]
"""Returned by a :data:`Derive` for an action without that value."""


def arg_of(action: Action, arg: str) -> ArgValue:
    """``action``'s value for ``arg`` (``"kind"`` is the action kind)."""
    return action.kind if arg == KIND else action.get(arg, ABSENT)


def has_arg(action: Action, arg: str) -> bool:
    return arg == KIND or any(name == arg for name, _ in action.args)


@dataclass(frozen=True)
class Submit:
    action: Action


@dataclass(frozen=True)
class Ask:
    """Several actions are left; they differ in ``arg``, which takes ``values``."""

    arg: str
    values: tuple[ArgValue, ...]


Decision = Submit | Ask | None


class ActionPicker:
    """Holds the legal actions and the picks made so far (see the module doc).

    ``order`` ranks args for :meth:`decision` (what to ask first); args not in it
    come after, in the order they appear in the actions.  ``prefer`` gives a
    default value for args the table sets by a toggle (ManaSurge's *attune*):
    when the remaining actions differ in such an arg and the preferred value is
    on offer, the picker takes it without asking."""

    def __init__(
        self,
        legal: Sequence[Action] = (),
        *,
        order: Sequence[str] = (),
        prefer: Mapping[str, ArgValue] | None = None,
        derived: Mapping[str, Derive] | None = None,
    ) -> None:
        self.legal: list[Action] = list(legal)
        self.derived: dict[str, Derive] = dict(derived or {})
        self.order = tuple(order)
        self.prefer: dict[str, ArgValue] = dict(prefer or {})
        self.picked: dict[str, ArgValue] = {}

    # -- state ---------------------------------------------------------------------------
    def reset(self, legal: Sequence[Action] | None = None) -> None:
        """Forget the picks (and take a new legal list if given)."""
        if legal is not None:
            self.legal = list(legal)
        self.picked = {}

    @property
    def remaining(self) -> list[Action]:
        """The legal actions that agree with every pick so far."""
        return [a for a in self.legal if self._agrees(a, self.picked)]

    def value(self, action: Action, arg: str) -> ArgValue:
        """``action``'s value for ``arg``, derived args included (or ABSENT)."""
        derive = self.derived.get(arg)
        return derive(action) if derive is not None else arg_of(action, arg)

    def _agrees(self, action: Action, picks: Mapping[str, ArgValue]) -> bool:
        # ABSENT may be picked too: "the action without this arg" (no attune)
        return all(self.value(action, arg) == want for arg, want in picks.items())

    def candidates(self, arg: str) -> list[ArgValue]:
        """The values of ``arg`` among the remaining actions (first-seen order);
        ABSENT is one of them when some have the arg and some do not."""
        out: list[ArgValue] = []
        for action in self.remaining:
            value = self.value(action, arg)
            if value not in out:
                out.append(value)
        return [] if out == [ABSENT] else out

    def accepts(self, arg: str, value: ArgValue) -> bool:
        """True if picking ``(arg, value)`` leaves at least one action."""
        picks = {**self.picked, arg: value}
        return any(self._agrees(a, picks) for a in self.legal)

    def pickable(self, args: Iterable[str]) -> set[Pick]:
        """Every (arg, value) among ``args`` that a pick would accept now."""
        return {(arg, v) for arg in args if arg not in self.picked for v in self.candidates(arg)}

    # -- picking -----------------------------------------------------------------------------
    def pick(self, arg: str, value: ArgValue) -> bool:
        """Narrow by ``(arg, value)``; False (and no change) if nothing would be left."""
        if not self.accepts(arg, value):
            return False
        self.picked[arg] = value
        return True

    def unpick(self, arg: str) -> None:
        self.picked.pop(arg, None)

    def differing(self) -> list[str]:
        """Args in which the remaining actions differ, most important first."""
        actions = self.remaining
        names: list[str] = [KIND]
        for action in actions:
            for name, _ in action.args:
                if name not in names:
                    names.append(name)
        names.extend(n for n in self.derived if n not in names)
        out = []
        for name in names:
            values = [self.value(a, name) for a in actions]
            if any(v != values[0] for v in values):
                out.append(name)
        rank = {name: i for i, name in enumerate(self.order)}
        return sorted(out, key=lambda n: (rank.get(n, len(rank)), names.index(n)))

    def decision(self) -> Decision:
        """What comes next (module doc); applies preferences on the way."""
        while True:
            actions = self.remaining
            if not actions:
                return None
            if len(actions) == 1:
                return Submit(actions[0])
            diff = self.differing()
            if not diff:
                return Submit(actions[0])  # duplicates: any will do
            for arg in diff:
                if arg in self.prefer and self.accepts(arg, self.prefer[arg]):
                    self.picked[arg] = self.prefer[arg]
                    break
            else:
                return Ask(diff[0], tuple(self.candidates(diff[0])))

    def complete(self, arg: str, value: ArgValue) -> Action | None:
        """The first remaining action with ``arg`` set to ``value`` even if no
        listed action has that exact value (a dice payment: ``legal_actions``
        may list a canonical subset; the rules' ``explain`` accepts any valid
        payment).  None if no action is left."""
        actions = self.remaining
        if not actions:
            return None
        base = actions[0]
        args: dict[str, ArgValue] = dict(base.args)
        args[arg] = value
        return Action.make(base.kind, base.seat, **args)
