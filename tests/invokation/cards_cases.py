"""Exact positions and outcomes for the card-text tests (test_cards_text.py,
test_cards_actions.py).

A case builds a 3-v-3 position in seat 0's action phase (``mine`` / ``theirs`` characters,
active 0 on both sides, 9 Omni dice so a Normal Attack is not Charged unless ``dice`` says
otherwise, GI-7.12), plays ``act`` and checks ``want``:

* ``act``: ``("skill", "normal"|"elemental"|"burst")``, ``("play", card, {args})``,
  ``("end",)`` (both seats declare the round end: the End Phase runs, GI-3.4), ``("next",)``
  (the end of the round, then both keep their dice, up to the next Action Phase), or
  ``("hit", skill)`` (seat 1 uses a skill on seat 0).
* ``want``: ``opp_hp`` / ``my_hp`` (lists), ``opp_aura`` (the opposing character 0's aura),
  ``energy`` (my energies), ``dice`` (my dice count after), ``hand`` (my hand size after),
  ``opp_active``, ``turn`` (who moves after), and zones by entity name with usages:
  ``summons``, ``combat_statuses``, ``supports``, ``statuses`` (my character 0),
  ``equipment`` (my character 0): ``{"dom_than": 2}`` (None = no usages).
"""

from __future__ import annotations

from typing import Any

THEIRS = ["ong_chai", "ong_da", "nu_tuong_nui"]  # no passives: a plain target team
FILL = ["com_nam", "thu_nha", "cau_may", "hoi_trong", "gio_mua", "doi_gac"]

Case = dict[str, Any]


def case(mine: list[str], act: tuple[Any, ...], want: dict[str, Any], **setup: Any) -> Case:
    return {"mine": mine, "act": act, "want": want, **setup}


def team(first: str) -> list[str]:
    """``first`` active, two plain partners (different from it)."""
    rest = [c for c in ("ba_lo_ren", "tien_suoi", "ong_da") if c != first][:2]
    return [first, *rest]


S, N, B = ("skill", "elemental"), ("skill", "normal"), ("skill", "burst")
FULL = {"energy": [3, 0, 0]}  # capped at the character's maximum
HIT = {"opp_declared": False, "turn": 1}  # seat 1 moves first

# (character, skill id) -> case.  Damage to the opposing active character 0 (10 HP).
SKILLS: dict[tuple[str, str], Case] = {
    ("ba_lo_ren", "normal"): case(
        team("ba_lo_ren"),
        N,
        {"opp_hp": [8, 10, 10], "opp_aura": [], "energy": [1, 0, 0], "dice": 6},
    ),
    ("ba_lo_ren", "skill"): case(
        team("ba_lo_ren"),
        S,
        {
            "opp_hp": [9, 10, 10],
            "opp_aura": ["pyro"],
            "summons": {"dom_than": 1},
            "energy": [1, 0, 0],
        },
    ),
    ("ba_lo_ren", "burst"): case(
        team("ba_lo_ren"),
        B,
        {
            "opp_hp": [7, 10, 10],
            "opp_aura": ["pyro"],
            "summons": {"dom_than": 1},
            "energy": [0, 0, 0],
        },
        **FULL,
    ),
    ("xa_thu_duoc", "normal"): case(
        team("xa_thu_duoc"), N, {"opp_hp": [8, 10, 10], "energy": [1, 0, 0]}
    ),
    ("xa_thu_duoc", "skill"): case(
        team("xa_thu_duoc"), S, {"opp_hp": [8, 10, 10], "opp_aura": ["pyro"], "energy": [1, 0, 0]}
    ),
    ("xa_thu_duoc", "burst"): case(
        team("xa_thu_duoc"),
        B,
        {"opp_hp": [8, 9, 9], "opp_aura": ["pyro"], "energy": [0, 0, 0]},
        **FULL,
    ),
    ("tien_suoi", "normal"): case(
        team("tien_suoi"), N, {"opp_hp": [9, 10, 10], "opp_aura": ["hydro"], "energy": [1, 0, 0]}
    ),
    # Mưa Phùn is on the board when the skill ends, so its "after a skill" heal fires at once
    ("tien_suoi", "skill"): case(
        team("tien_suoi"),
        S,
        {
            "opp_hp": [9, 10, 10],
            "opp_aura": ["hydro"],
            "my_hp": [8, 10, 10],
            "combat_statuses": {"mua_phun": 1},
        },
        hp=[7, 10, 10],
    ),
    ("tien_suoi", "burst"): case(
        team("tien_suoi"),
        B,
        {"opp_hp": [8, 10, 10], "my_hp": [7, 7, 7], "energy": [0, 0, 0]},
        hp=[6, 6, 6],
        **FULL,
    ),
    ("ong_chai", "normal"): case(team("ong_chai"), N, {"opp_hp": [8, 10, 10], "energy": [1, 0, 0]}),
    ("ong_chai", "skill"): case(
        team("ong_chai"), S, {"opp_hp": [7, 10, 10], "opp_aura": ["hydro"]}
    ),
    ("ong_chai", "burst"): case(
        team("ong_chai"),
        B,
        {"opp_hp": [8, 10, 10], "summons": {"ca_chep": 2}, "energy": [0, 0, 0]},
        **FULL,
    ),
    ("nang_suong", "normal"): case(team("nang_suong"), N, {"opp_hp": [8, 10, 10], "opp_aura": []}),
    ("nang_suong", "skill"): case(
        team("nang_suong"),
        S,
        {"opp_hp": [7, 10, 10], "opp_aura": ["cryo"], "statuses": {"kiem_suong": None}},
    ),
    ("nang_suong", "burst"): case(
        team("nang_suong"),
        B,
        {"opp_hp": [8, 8, 8], "opp_aura": ["cryo"], "summons": {"gio_bac": 3}},
        **FULL,
    ),
    ("nguoi_canh_dong", "normal"): case(team("nguoi_canh_dong"), N, {"opp_hp": [8, 10, 10]}),
    ("nguoi_canh_dong", "skill"): case(
        team("nguoi_canh_dong"),
        S,
        {"opp_hp": [8, 10, 10], "opp_aura": ["cryo"], "combat_statuses": {"suong_mu": 2}},
    ),
    ("nguoi_canh_dong", "burst"): case(
        team("nguoi_canh_dong"), B, {"opp_hp": [5, 10, 10], "opp_aura": ["cryo"]}, **FULL
    ),
    ("ong_sam", "normal"): case(team("ong_sam"), N, {"opp_hp": [8, 10, 10], "energy": [1, 0, 0]}),
    ("ong_sam", "skill"): case(
        team("ong_sam"), S, {"opp_hp": [7, 10, 10], "opp_aura": ["electro"]}
    ),
    ("ong_sam", "burst"): case(
        team("ong_sam"), B, {"opp_hp": [7, 10, 10], "energy": [0, 1, 1]}, **FULL
    ),
    ("nguoi_gac_den", "normal"): case(team("nguoi_gac_den"), N, {"opp_hp": [8, 10, 10]}),
    ("nguoi_gac_den", "skill"): case(
        team("nguoi_gac_den"),
        S,
        {"opp_hp": [7, 10, 10], "opp_aura": ["electro"], "statuses": {"den_bao": None}},
    ),
    ("nguoi_gac_den", "burst"): case(
        team("nguoi_gac_den"), B, {"opp_hp": [5, 10, 10], "opp_aura": ["electro"]}, **FULL
    ),
    ("co_tha_dieu", "normal"): case(
        team("co_tha_dieu"), N, {"opp_hp": [9, 10, 10], "opp_aura": []}
    ),
    ("co_tha_dieu", "skill"): case(
        team("co_tha_dieu"), S, {"opp_hp": [7, 10, 10], "opp_active": 1}
    ),
    ("co_tha_dieu", "burst"): case(
        team("co_tha_dieu"), B, {"opp_hp": [8, 10, 10], "summons": {"loc_xoay": 2}}, **FULL
    ),
    ("ong_da", "normal"): case(team("ong_da"), N, {"opp_hp": [8, 10, 10]}),
    ("ong_da", "skill"): case(
        team("ong_da"),
        S,
        {"opp_hp": [8, 10, 10], "opp_aura": [], "combat_statuses": {"vach_da": 3}},
    ),
    ("ong_da", "burst"): case(
        team("ong_da"), B, {"opp_hp": [6, 10, 10], "combat_statuses": {"vach_da": 3}}, **FULL
    ),
    ("nu_tuong_nui", "normal"): case(team("nu_tuong_nui"), N, {"opp_hp": [8, 10, 10]}),
    ("nu_tuong_nui", "skill"): case(
        team("nu_tuong_nui"), S, {"opp_hp": [7, 10, 10], "summons": {"tuong_da": 2}}
    ),
    ("nu_tuong_nui", "burst"): case(team("nu_tuong_nui"), B, {"opp_hp": [4, 10, 10]}, **FULL),
    ("co_hai_thuoc", "normal"): case(
        team("co_hai_thuoc"), N, {"opp_hp": [9, 10, 10], "opp_aura": ["dendro"]}
    ),
    ("co_hai_thuoc", "skill"): case(
        team("co_hai_thuoc"),
        S,
        {"opp_hp": [10, 10, 10], "opp_aura": ["dendro"], "my_hp": [7, 10, 10], "energy": [1, 0, 0]},
        hp=[5, 10, 10],
    ),
    ("co_hai_thuoc", "burst"): case(
        team("co_hai_thuoc"),
        B,
        {"opp_hp": [5, 10, 10], "opp_aura": ["dendro"], "statuses": {"ao_la": None}},
        **FULL,
    ),
}

# Entity cards created by skills: their own text, from a position that already holds them.
ENTITIES: dict[str, Case] = {
    "dom_than": case(
        team("ong_da"),
        ("end",),
        {"opp_hp": [9, 10, 10], "opp_aura": ["pyro"], "summons": {}},
        summons=["dom_than"],
    ),
    "ca_chep": case(
        team("ong_da"),
        ("end",),
        {"opp_hp": [9, 10, 10], "opp_aura": ["hydro"], "summons": {"ca_chep": 1}},
        summons=["ca_chep"],
    ),
    "gio_bac": case(
        team("ong_da"),
        ("end",),
        {"opp_hp": [9, 10, 10], "opp_aura": ["cryo"], "summons": {"gio_bac": 2}},
        summons=["gio_bac"],
    ),
    "loc_xoay": case(
        team("ong_da"),
        ("end",),
        {"opp_hp": [8, 10, 10], "opp_aura": [], "summons": {"loc_xoay": 1}},
        summons=["loc_xoay"],
    ),
    "tuong_da": case(
        team("ong_da"),
        ("end",),
        {"opp_hp": [8, 10, 10], "summons": {"tuong_da": 1}},
        summons=["tuong_da"],
    ),
    "kiem_suong": case(
        team("nang_suong"),
        N,
        {"opp_hp": [8, 10, 10], "opp_aura": ["cryo"], "statuses": {"kiem_suong": None}},
        statuses=["kiem_suong"],
    ),
    "den_bao": case(
        team("nguoi_gac_den"), N, {"opp_hp": [7, 10, 10], "opp_aura": []}, statuses=["den_bao"]
    ),
    "ao_la": case(
        team("co_hai_thuoc"), N, {"opp_hp": [8, 10, 10], "opp_aura": ["dendro"]}, statuses=["ao_la"]
    ),
    "am_bung": case(
        team("ba_lo_ren"), N, {"opp_hp": [7, 10, 10], "statuses": {}}, statuses=["am_bung"]
    ),
    "mua_phun": case(
        team("ba_lo_ren"),
        N,
        {"my_hp": [6, 10, 10], "combat_statuses": {"mua_phun": 1}},
        hp=[5, 10, 10],
        combat_statuses=["mua_phun"],
    ),
    "suong_mu": case(
        team("ba_lo_ren"),
        ("hit", "normal"),
        {"my_hp": [9, 10, 10], "combat_statuses": {"suong_mu": 1}},
        combat_statuses=["suong_mu"],
        **HIT,
    ),
    "vach_da": case(
        team("ba_lo_ren"),
        ("hit", "elemental"),  # Quăng Chài: 3 Hydro, all of it absorbed
        {"my_hp": [10, 10, 10], "combat_statuses": {}},
        combat_statuses=["vach_da"],
        **HIT,
    ),
    "nui_che": case(
        team("ba_lo_ren"),
        ("hit", "elemental"),
        {"my_hp": [9, 10, 10], "combat_statuses": {}},
        combat_statuses=["nui_che"],
        **HIT,
    ),
    "lua_bung": case(
        team("ba_lo_ren"),
        N,
        {"opp_hp": [7, 10, 10], "combat_statuses": {}},
        combat_statuses=["lua_bung"],
    ),
    "gia_buot": case(
        team("nang_suong"),
        S,
        {"opp_hp": [6, 10, 10], "combat_statuses": {"gia_buot": 2}},
        combat_statuses=["gia_buot"],
    ),
}


def play(card: str, **args: Any) -> tuple[Any, ...]:
    return ("play", card, args)


ON0 = {"character": 0}
PYRO = ["ba_lo_ren", "xa_thu_duoc", "ong_sam"]
HYDRO = ["tien_suoi", "ong_chai", "nang_suong"]

# Action card -> case ("act" may be a list of steps).  The opponent has declared the round
# end unless ``opp_declared=False``, so seat 0 keeps the turn after a Combat Action (GI-4.5).
ACTIONS: dict[str, Case] = {
    # weapons: +1 DMG for the wielder (GI-5.2)
    "kiem_go_dao": case(
        team("nang_suong"),
        [play("kiem_go_dao", **ON0), N],
        {"opp_hp": [7, 10, 10], "equipment": {"kiem_go_dao": None}, "dice": 4},
    ),
    "kiem_dong_co": case(
        team("nang_suong"),
        [play("kiem_dong_co", **ON0), N],
        {"opp_hp": [7, 10, 10], "equipment": {"kiem_dong_co": None}, "dice": 3},
    ),
    "trong_kiem_sat": case(
        team("ba_lo_ren"), [play("trong_kiem_sat", **ON0), N], {"opp_hp": [7, 10, 10], "dice": 4}
    ),
    "giao_tre": case(team("ong_da"), [play("giao_tre", **ON0), N], {"opp_hp": [7, 10, 10]}),
    "cung_dau": case(team("xa_thu_duoc"), [play("cung_dau", **ON0), N], {"opp_hp": [7, 10, 10]}),
    "ngoc_an": case(
        team("tien_suoi"),
        [play("ngoc_an", **ON0), N],
        {"opp_hp": [8, 10, 10], "opp_aura": ["hydro"]},
    ),
    # artifacts and other equipment
    "non_la": case(
        team("ba_lo_ren"),
        [play("non_la", **ON0), S, S],
        {"opp_hp": [8, 10, 10], "dice": 2, "equipment": {"non_la": None}},
    ),
    "ao_tu_than": case(
        team("ba_lo_ren"), [play("ao_tu_than", **ON0), B], {"opp_hp": [6, 10, 10]}, **FULL
    ),
    "vong_bac": case(
        team("ba_lo_ren"),
        [play("vong_bac", **ON0), ("end",)],
        {"my_hp": [6, 10, 10]},
        hp=[5, 10, 10],
    ),
    "bua_ho_menh": case(
        team("ba_lo_ren"),
        [play("bua_ho_menh", **ON0), ("declare",), ("hit", "normal"), ("hit", "normal")],
        {"my_hp": [7, 10, 10]},
        opp_declared=False,
    ),
    # talents: a Combat Action that equips and uses the elemental skill (GI-7.10)
    "lua_truyen_doi": case(
        team("ba_lo_ren"),
        play("lua_truyen_doi"),
        {
            "opp_hp": [8, 10, 10],
            "summons": {"dom_than": 1},
            "equipment": {"lua_truyen_doi": None},
            "energy": [1, 0, 0],
            "dice": 6,
            "turn": 1,
        },
        opp_declared=False,
    ),
    "mat_ung": case(team("xa_thu_duoc"), [play("mat_ung"), N], {"opp_hp": [5, 10, 10]}),
    "nuoc_mat_tien": case(
        team("tien_suoi"),
        play("nuoc_mat_tien"),
        {"opp_hp": [9, 10, 10], "my_hp": [None, 6, 6]},
        hp=[5, 5, 5],
    ),
    "luoi_chai_vang": case(team("ong_chai"), play("luoi_chai_vang"), {"opp_hp": [6, 10, 10]}),
    "tuyet_dau_mua": case(
        team("nang_suong"),
        [play("tuyet_dau_mua"), N],
        {"opp_hp": [4, 10, 10], "opp_aura": ["cryo"]},
    ),
    "choi_canh_deo": case(
        team("nguoi_canh_dong"),
        play("choi_canh_deo"),
        {"opp_hp": [8, 10, 10], "hand": 1, "combat_statuses": {"suong_mu": 2}},
    ),
    "trong_sam": case(
        team("ong_sam"), play("trong_sam"), {"opp_hp": [7, 10, 10], "energy": [2, 0, 0]}
    ),
    "bac_den": case(team("nguoi_gac_den"), [play("bac_den"), N], {"opp_hp": [3, 10, 10]}),
    "dieu_sao_tam_cung": case(
        team("co_tha_dieu"),
        [play("dieu_sao_tam_cung"), N, N],
        {"opp_hp": [7, 8, 10], "opp_active": 1, "dice": 1},
    ),
    "da_tang": case(
        team("ong_da"), play("da_tang"), {"opp_hp": [7, 10, 10], "combat_statuses": {"vach_da": 3}}
    ),
    "voi_da_trung_thanh": case(
        team("nu_tuong_nui"),
        [play("voi_da_trung_thanh"), B],
        {"opp_hp": [0, 10, 10], "summons": {"tuong_da": 2}},
        **FULL,
    ),
    "tui_hat_giong": case(
        team("co_hai_thuoc"),
        play("tui_hat_giong"),
        {"opp_hp": [10, 10, 10], "opp_aura": ["dendro"], "my_hp": [7, 6, 6]},
        hp=[5, 5, 5],
    ),
    # supports (GI-5.3)
    "ba_hang_nuoc": case(
        team("ba_lo_ren"),
        [play("ba_hang_nuoc"), ("end",)],
        {"my_hp": [6, 10, 10], "supports": {"ba_hang_nuoc": None}},
        hp=[5, 10, 10],
    ),
    "thay_do": case(
        team("ba_lo_ren"), [play("thay_do"), ("end",)], {"hand": 3, "supports": {"thay_do": 1}}
    ),
    "chu_cuoi": case(
        team("ba_lo_ren"),
        [play("chu_cuoi"), ("next",)],
        {"energy": [1, 0, 0], "supports": {"chu_cuoi": 1}},
    ),
    "trong_dong": case(
        team("ba_lo_ren"),
        [play("trong_dong"), ("next",)],
        {"dice": 9, "supports": {"trong_dong": 1}},
    ),
    "den_long": case(
        team("ba_lo_ren"),
        [play("den_long"), ("end",)],
        {"my_hp": [6, 6, 6], "durations": {"den_long": 1}},
        hp=[5, 5, 5],
    ),
    "cho_noi": case(
        team("ba_lo_ren"), [play("cho_noi"), ("next",)], {"dice": 9, "durations": {"cho_noi": 2}}
    ),
    "dinh_lang": case(
        team("ba_lo_ren"),
        [play("dinh_lang"), ("end",)],
        {"my_hp": [7, 10, 10], "durations": {"dinh_lang": 1}},
        hp=[5, 10, 10],
    ),
    # events
    "thu_nha": case(team("ba_lo_ren"), play("thu_nha"), {"hand": 2, "dice": 8, "turn": 0}),
    "doi_gac": case(
        team("ba_lo_ren"),
        play("doi_gac", character=2),
        {"my_active": 2, "dice": 9, "turn": 0},
        opp_declared=False,
    ),
    "cau_may": case(team("ba_lo_ren"), play("cau_may"), {"dice": 9, "omni": 2}, dice=["pyro"] * 9),
    "hoi_trong": case(team("ba_lo_ren"), play("hoi_trong"), {"energy": [1, 0, 0], "dice": 7}),
    "la_xong": case(
        team("ba_lo_ren"),
        play("la_xong", **ON0),
        {"my_hp": [6, 10, 10], "statuses": {}},
        hp=[5, 10, 10],
        statuses=["frozen_status"],
    ),
    "gio_mua": case(
        team("ba_lo_ren"), play("gio_mua"), {"opp_active": 1, "turn": 0}, opp_declared=False
    ),
    "tran_mai_phuc": case(
        team("ba_lo_ren"),
        play("tran_mai_phuc"),
        {"opp_hp": [9, 9, 9], "turn": 1},
        opp_declared=False,
    ),
    # food (GI-7.6): Satiated on the eater
    "com_nam": case(
        team("ba_lo_ren"),
        play("com_nam", **ON0),
        {"my_hp": [6, 10, 10], "statuses": {"satiated": None}, "dice": 9},
        hp=[5, 10, 10],
    ),
    "banh_chung": case(
        team("ba_lo_ren"),
        play("banh_chung", **ON0),
        {"my_hp": [8, 10, 10], "statuses": {"satiated": None}},
        hp=[5, 10, 10],
    ),
    "pho_nong": case(
        team("ba_lo_ren"),
        [play("pho_nong", **ON0), N],
        {"opp_hp": [7, 10, 10], "statuses": {"satiated": None}},
    ),
    "chao_ga": case(
        team("ba_lo_ren"),
        play("chao_ga", character=1),
        {"my_hp": [10, 1, 10], "alive": [True, True, True]},
        hp=[10, 0, 10],
    ),
    # resonances (GI-1.4): two characters of the element
    "cong_huong_hoa": case(
        PYRO, [play("cong_huong_hoa"), N], {"opp_hp": [7, 10, 10], "combat_statuses": {}}
    ),
    "cong_huong_thuy": case(HYDRO, play("cong_huong_thuy"), {"my_hp": [6, 6, 6]}, hp=[5, 5, 5]),
    "cong_huong_bang": case(
        ["nang_suong", "nguoi_canh_dong", "ong_da"],
        play("cong_huong_bang"),
        {"combat_statuses": {"gia_buot": 3}, "dice": 8},
    ),
    "cong_huong_loi": case(
        ["ong_sam", "nguoi_gac_den", "ong_da"], play("cong_huong_loi"), {"energy": [1, 0, 0]}
    ),
    "cong_huong_nham": case(
        ["ong_da", "nu_tuong_nui", "co_tha_dieu"],
        play("cong_huong_nham"),
        {"combat_statuses": {"nui_che": 2}},
    ),
    # arcane legends (GI-2.4)
    "loi_khan_tho_dia": case(team("ba_lo_ren"), play("loi_khan_tho_dia"), {"dice": 11}),
    "sao_muc_dong": case(team("ba_lo_ren"), play("sao_muc_dong"), {"energy": [1, 1, 1], "dice": 9}),
}
