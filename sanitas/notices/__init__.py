"""Notices, citations and appeals: the documents the city serves, frozen once served.

The skeleton is the house's (models, services, selectors, forms, views, urls,
templates, api). What is particular to notices:

- ``kinds.yaml`` says, for each kind of document, which findings it answers, which
  engine fact it becomes once served, and the words of the law that authorize it;
  ``translations/<language>.yaml`` holds the words a recipient reads, one
  reviewable file per language (English, Spanish, Traditional Chinese).
- ``compose.py`` fills a draft from the records and the rule pack through the
  engine (recipient, deadline from the service date, the penalty this respondent
  faces, the appeal window): nothing computed is typed by staff.
- ``render.py`` is the one PDF helper (WeasyPrint, letter size, tagged PDF/UA).
- ``services.py`` moves a notice draft → approved → served → complied, escalated,
  rescinded or superseded; service freezes the PDF bytes, the recipient and the
  facts behind it, and records the served notice as the engine's fact through the
  records services, so every clock starts at service. A trigger in the database
  refuses an UPDATE of a served notice's frozen columns.
"""
