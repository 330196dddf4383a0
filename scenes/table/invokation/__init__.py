"""The Thất Thánh Triệu Hồi table (``InvokationTable``)."""

from scenes.table.invokation.table import InvokationTable

__all__ = ["InvokationTable"]
