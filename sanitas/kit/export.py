"""Lists as files: CSV and XLSX with the columns on screen plus the keys.

A cell that a spreadsheet would read as a formula (text starting with ``=``, ``+``,
``-``, ``@``, a tab or a carriage return) is written with a leading apostrophe, so
opening an export never runs what a record's text says."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from datetime import date, datetime
from typing import Any

from django.http import HttpResponse
from django.utils import timezone

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")

CONTENT_TYPES = {
    "csv": "text/csv; charset=utf-8",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
}


def neutralised(value: Any) -> Any:
    """``value`` as a cell: text that would be read as a formula gets an apostrophe;
    dates stay dates, numbers numbers, nothing becomes empty text."""
    if value is None:
        return ""
    if isinstance(value, datetime):
        return timezone.localtime(value).replace(tzinfo=None)
    if isinstance(value, date | int | float) and not isinstance(value, bool):
        return value
    if isinstance(value, bool):
        return "yes" if value else "no"
    text = str(value)
    return f"'{text}" if text.startswith(FORMULA_STARTS) else text


def export_response(
    *, fmt: str, name: str, header: Sequence[str], rows: Iterable[Sequence[Any]]
) -> HttpResponse:
    """A download named ``name`` (without extension) in ``fmt`` (csv or xlsx)."""
    if fmt not in CONTENT_TYPES:
        raise ValueError(f"unknown export format {fmt!r}")
    body = _csv(header, rows) if fmt == "csv" else _xlsx(name, header, rows)
    response = HttpResponse(body, content_type=CONTENT_TYPES[fmt])
    response["Content-Disposition"] = f'attachment; filename="{name}.{fmt}"'
    return response


def _csv(header: Sequence[str], rows: Iterable[Sequence[Any]]) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([neutralised(h) for h in header])
    for row in rows:
        cells = [neutralised(v) for v in row]
        writer.writerow([c.isoformat(sep=" ") if isinstance(c, datetime) else c for c in cells])
    # a byte-order mark, so that spreadsheet programs read the file as UTF-8
    return ("\ufeff" + out.getvalue()).encode("utf-8")


def _xlsx(name: str, header: Sequence[str], rows: Iterable[Sequence[Any]]) -> bytes:
    # imported here: openpyxl (and the numpy it brings) would cost every process that
    # starts Django a fifth of a second, and only a download of a workbook needs it
    from openpyxl import Workbook
    from openpyxl.utils import get_column_letter

    book = Workbook(write_only=True)
    sheet = book.create_sheet(title=name[:31])
    widths = [len(h) for h in header]
    body = []
    for row in rows:
        cells = [neutralised(v) for v in row]
        body.append(cells)
        for i, cell in enumerate(cells):
            widths[i] = min(60, max(widths[i], len(str(cell))))
    for i, width in enumerate(widths, start=1):
        sheet.column_dimensions[get_column_letter(i)].width = width + 2
    sheet.freeze_panes = "A2"
    sheet.append(list(header))
    for cells in body:
        sheet.append(cells)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()
