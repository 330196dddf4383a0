"""Companion mode's toasts never cover the round's instruction (play-test D17).

"Đã đi lại một nước." was drawn over "Vòng 1: lượt của người chơi…", the line that
says what to do next.  Toasts now hang low over the drawn cards, clear of the prompt,
at 1280x720 and 1024x600."""

from __future__ import annotations

import random
from typing import Any

import pytest
from registry_tables import DT, human_match, open_on_stack


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)])
def test_the_undo_toast_leaves_the_instruction_readable(
    make_app: Any, size: tuple[int, int]
) -> None:  # SHV-10.5: the companion runs the villain turn; its prompt says the step
    app = make_app(size=size)
    table = open_on_stack(app, human_match("shv_companion", "companion", None, seed=3))
    rng = random.Random(1)
    for _ in range(6):
        for _ in range(5):
            app.step([], DT)
        legal = table.match.legal_actions()
        if legal:
            table.submit(rng.choice(legal))
    table.undo()
    app.step([], DT)
    assert table.toasts.texts, "the undo said nothing"
    boxes = [box for _, _, box in table.toasts.boxes(table.app.px(420))]
    prompt = table.zones["prompt"]
    assert boxes and not [b for b in boxes if b.colliderect(prompt)], (boxes, prompt)
