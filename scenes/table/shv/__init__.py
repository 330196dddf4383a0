"""The Sử Hộ Vương table (issue 7 item 4)."""

from scenes.table.shv.table import ShvTable

__all__ = ["ShvTable"]
