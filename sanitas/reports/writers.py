"""A report's files: the workbook (a sheet of figures, and one sheet per area of the
Implementation Record, dates as dates), a printable HTML page of the figures, and
the same page as a PDF."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Any

from django.template.loader import render_to_string

from sanitas.kit.export import neutralised
from sanitas.reports import ear
from sanitas.reports.figures import Period, Section

DATE_FORMAT = "yyyy-mm-dd"
#: how a line of the SB 1383 annual report answers its § 18994.2 item, in the files
#: (English, as the state's form is)
ANSWER_WORDS = {
    "figure": "figure",
    "not_applicable": "not applicable",
    "enter_yourself": "enter in the EAR yourself",
}
#: a sheet's name: at most 31 characters, none of these
_NOT_IN_SHEET_NAMES = str.maketrans({c: " " for c in "[]:*?/\\"})


def _cell(value: Any) -> Any:
    """A value as a cell holds it: numbers and dates as themselves, text that a
    spreadsheet would run as a formula as text."""
    if isinstance(value, Decimal):
        return float(value)
    if isinstance(value, str):
        return neutralised(value)
    return value


def _sheet_name(text: str, taken: set[str]) -> str:
    name = text.translate(_NOT_IN_SHEET_NAMES)[:31]
    base, n = name, 2
    while name in taken:
        name = f"{base[:28]} {n}"
        n += 1
    taken.add(name)
    return name


def _widths(sheet: Any) -> None:
    from openpyxl.utils import get_column_letter

    for index, column in enumerate(sheet.columns, start=1):
        longest = max((len(str(c.value)) for c in column if c.value is not None), default=8)
        sheet.column_dimensions[get_column_letter(index)].width = min(60, max(10, longest + 2))


def write_xlsx(path: Path, *, title: str, period: Period, sections: list[Section]) -> None:
    # imported here, as in sanitas.kit.export: only writing a workbook needs openpyxl
    from openpyxl import Workbook
    from openpyxl.styles import Font

    book = Workbook()
    figures = book.active
    figures.title = "Figures"
    bold = Font(bold=True)
    figures.append([title])
    figures["A1"].font = Font(bold=True, size=14)
    figures.append(["Period", period.start, "to", period.end])
    figures.append(["As of", period.as_of])
    for row in (2, 3):
        for cell in figures[row]:
            if isinstance(cell.value, date):
                cell.number_format = DATE_FORMAT
    figures.append([])
    # the SB 1383 annual report's lines each answer a § 18994.2 item: its id and words
    # lead the row, and a line without a figure says why
    by_subsection = any(section.subsection for section in sections)
    heading = ["Section", "Figure", "Value", "Unit", "Requirement", "ID", "Ordinance"]
    if by_subsection:
        heading = ["§ 18994.2", "What the state asks", *heading[1:4], "Answer", "Reason"]
        heading += ["Requirement", "ID", "Ordinance"]
    figures.append(heading)
    for cell in figures[figures.max_row]:
        cell.font = bold
    from sanitas.kit.titles import requirement_title
    from sanitas.ordinance.catalog import cite

    for section in sections:
        for figure in section.figures:
            requirement = [
                _cell(requirement_title(figure.requirement)) if figure.requirement else None,
                figure.requirement or None,
                _cell(cite(figure.requirement)) if figure.requirement else None,
            ]
            if not by_subsection:
                figures.append(
                    [
                        _cell(section.title),
                        _cell(figure.label),
                        _cell(figure.value),
                        figure.unit,
                        *requirement,
                    ]
                )
                continue
            figures.append(
                [
                    figure.subsection,
                    _cell(ear.items()[figure.subsection].words["en"]),
                    _cell(figure.label) if figure.answer == "figure" else None,
                    _cell(figure.value),
                    figure.unit if figure.answer == "figure" else None,
                    ANSWER_WORDS[figure.answer],
                    _cell(figure.reason) or None,
                    *requirement,
                ]
            )
    _widths(figures)
    taken = {"Figures"}
    for section in sections:
        if section.table is None:
            continue
        sheet = book.create_sheet(_sheet_name(section.title, taken))
        sheet.append([_cell(c) for c in section.table.columns])
        for cell in sheet[1]:
            cell.font = bold
        for row in section.table.rows:
            sheet.append([_cell(v) for v in row])
            for cell in sheet[sheet.max_row]:
                if isinstance(cell.value, date):
                    cell.number_format = DATE_FORMAT
        sheet.freeze_panes = "A2"
        _widths(sheet)
    book.save(path)


def printable_html(
    *, title: str, period: Period, sections: list[dict[str, Any]], built: dict[str, Any]
) -> str:
    """The figures as a document of its own (its style inside it, as the notices'
    PDF templates keep theirs), to print or keep, and what the PDF is made from; it
    is downloaded, never served as one of the application's pages."""
    return render_to_string(
        "reports/pdf/printable.html",
        {
            "title": title,
            "period": period,
            "sections": sections,
            "built": built,
            "answered": ear.answered(sections),
        },
    )


def write_pdf(path: Path, html: str) -> None:
    from weasyprint import HTML

    HTML(string=html).write_pdf(path)
