"""Notices, citations and appeals: the documents the city serves, frozen once served.

The skeleton is the house's (models, services, selectors, forms, views, urls,
templates, api). What is particular to notices:

- What each kind of document is in law (the findings it answers, the engine fact it
  becomes, its deadline, correction, consequences and appeal) is the engine's
  (``sanitas/ordinance/notice_kinds.yaml``, applied by one pure call,
  ``sanitas.ordinance.notice_terms.notice_terms``); ``kinds.yaml`` says which program
  signs each kind; ``translations/<language>.yaml`` holds the words a recipient
  reads, one reviewable file per language (English, Spanish, Traditional Chinese),
  their legal terms held to ``translations/glossary.yaml``.
- ``compose.py`` fills a draft with the engine's terms for its day of service
  (recipient, deadline, correction, consequences, the penalty this respondent faces,
  the appeal window, and the reasons it may not issue that day): nothing computed is
  typed by staff.
- ``render.py`` is the one PDF helper (WeasyPrint, letter size, tagged PDF/UA), and
  names every blank a document would print unfilled, in every language.
- ``services.py`` moves a notice draft → approved → served → complied, escalated,
  rescinded or superseded; service freezes the PDF bytes, the recipient and the
  facts behind it, and records the served notice as the engine's fact through the
  records services, so every clock starts at service. A trigger in the database
  refuses an UPDATE of a served notice's frozen columns.
"""
