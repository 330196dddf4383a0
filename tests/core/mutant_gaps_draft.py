

# --- game/core/effects.py ---------------------------------------------------------------------


def test_effects_from_json_refuses_a_non_object_with_its_path() -> None:
    for bad in ("fx", None, [], 3):
        with pytest.raises(ValueError, match=r"^fx: expected an object$"):
            Effects.from_json(bad)
    with pytest.raises(ValueError, match=r"^saved\.fx: expected an object$"):
        Effects.from_json([], "saved.fx")


def test_the_fire_op_opens_a_window_from_inside_an_effect_list() -> None:
    # The built-in "fire" step: from the seat in ctx (or "first"), over ctx["seats"]
    # seats, every owner's answering entities; "own" limits it to ctx["seat"].
    state = Mini()
    for owner in (0, 1, 2):
        state.fx.create("echo", owner, "summon")
    ENGINE.resolve(state, [{"op": "fire", "window": "round_end"}], {"seat": 1, "seats": 3})
    assert state.log == ["echo:1", "echo:2", "echo:0"]
    state.log.clear()
    ENGINE.resolve(state, [{"op": "fire", "window": "round_end", "first": 2}], {"seat": 1, "seats": 3})
    assert state.log == ["echo:2", "echo:0", "echo:1"]
    state.log.clear()
    steps: list[Step] = [{"op": "fire", "window": "round_end", "own": True}]
    ENGINE.resolve(state, steps, {"seat": 2, "seats": 3})
    assert state.log == ["echo:2"]
    with pytest.raises(KeyError):
        ENGINE.resolve(Mini(), [{"op": "fire", "window": "round_end"}], {"seat": 0})


def test_effects_from_json_names_the_pending_decision_path() -> None:
    data = Effects().to_json()
    data["pending"] = {"kind": "choose_option", "seat": "x", "key": "k", "params": {},
                       "options": [], "store": "s"}  # fmt: skip
    with pytest.raises(ValueError, match=r"^fx\.pending\.seat: expected an integer"):
        Effects.from_json(data)
    data["pending"] = "later"
    with pytest.raises(ValueError, match=r"^fx\.pending: expected an object$"):
        Effects.from_json(data)


def test_of_lists_one_owners_entities_optionally_in_one_zone() -> None:
    fx = Effects()
    a, _ = fx.create("echo", 0, "summon")
    b, _ = fx.create("guard", 1, "status")
    c, _ = fx.create("guard", 0, "status")
    assert fx.of(0) == [a, c] and fx.of(1) == [b] and fx.of(2) == []
    assert fx.of(0, "status") == [c] and fx.of(1, "summon") == []


def test_the_fire_op_starts_at_seat_0_when_the_frame_has_no_seat() -> None:
    state = Mini()
    for owner in (2, 1, 0):
        state.fx.create("echo", owner, "summon")
    ENGINE.resolve(state, [{"op": "fire", "window": "round_end"}], {"seats": 3})
    assert state.log == ["echo:0", "echo:1", "echo:2"]
