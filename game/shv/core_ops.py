"""The effect vocabulary of shv-format.md, shared by the engine and the content check."""

#: The ops of shv-format.md (content validation checks cards against these).
FORMAT_OPS = (
    "damage",
    "heal",
    "status",
    "cleanse",
    "block",
    "draw",
    "give_tactic",
    "tire",
    "ready",
    "temp_point",
    "lose_mp",
    "discard_self",
    "return_to_hand",
)
