"""The staff shell's pages: search, the list pages and a business's page. Thin: each
validates its parameters with a form or filter, asks the selectors and renders (or
exports the same rows as a file)."""

from __future__ import annotations

from typing import Any

from django.core.paginator import Paginator
from django.db.models import Count
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _

from sanitas.access.doors import door
from sanitas.kit.export import export_response
from sanitas.kit.forms import EXPORT_FORMATS
from sanitas.kit.titles import Title, titles
from sanitas.web import audit as audit_selectors
from sanitas.web import selectors
from sanitas.web import timeline as timelines
from sanitas.web.forms import SearchForm, TimelineForm
from sanitas.web.tables import LIST_PAGES

PAGE_SIZE = 50


def export_format(request: HttpRequest) -> str:
    """The file asked for (``?format=csv`` or ``xlsx``), or "" for the page."""
    fmt = request.GET.get("format", "")
    return fmt if fmt in EXPORT_FORMATS else ""


@door
def home(request: HttpRequest) -> HttpResponse:
    """Where signing in lands: the first page of the navigation the user's roles may open
    (the worklist for program staff, the hearings for a hearing officer), or the page that
    says the account has no role."""
    from sanitas.access.doors import refused
    from sanitas.web.context import navigation

    pages = navigation(request.user)
    if not pages:  # no role: the page that says so is this account's start page
        response = refused(request, "")
        response.status_code = 200
        return response
    return redirect(pages[0][1])


@door
def search(request: HttpRequest) -> HttpResponse:
    """Records by name (typos forgiven), address, licence, owner, phone or key."""
    form = SearchForm(request.GET)
    query = kind = ""
    if form.is_valid():
        query, kind = form.cleaned_data["q"], form.cleaned_data["kind"]
    hits = selectors.search(request.user, query=query, kind=kind)
    fmt = export_format(request)
    if fmt:
        return export_response(
            fmt=fmt,
            name="search",
            header=["Record", "Kind", "Belongs to", "Matched by", "Key", "Belongs to key"],
            rows=(
                [
                    h.title.text,
                    h.title.kind,
                    h.title.owner,
                    h.matched,
                    h.title.key,
                    h.title.owner_key,
                ]
                for h in hits
            ),
        )
    return render(
        request,
        "web/search.html",
        {"form": form, "query": query, "hits": hits, "nav": "search"},
    )


@door
def record_list(request: HttpRequest, *, slug: str) -> HttpResponse:
    """One list page: records of a kind, filtered, counted and paged."""
    spec = LIST_PAGES[slug]
    rows = selectors.records_of(spec.fact_type, categories=spec.categories)
    filterset = spec.filterset(request.GET, queryset=rows)
    # a value that does not validate is reported beside its field and not applied
    found = filterset.qs if filterset.is_valid() else rows.filter(voided_at__isnull=True)
    fmt = export_format(request)
    if fmt:
        found = list(found)
        named = _referenced(spec, found)
        return export_response(
            fmt=fmt,
            name=slug,
            header=[c.header for c in spec.columns] + ["Key"],
            rows=([c.value(r, named) for c in spec.columns] + [r.key] for r in found),
        )
    page = Paginator(found, PAGE_SIZE).get_page(request.GET.get("page"))
    named = _referenced(spec, list(page))
    table = [
        (row, [(c, c.value(row, named)) for c in spec.columns], row.voided_at is not None)
        for row in page
    ]
    counts = []
    if spec.counted:
        field = filterset.filters[spec.counted]
        labels = dict(field.extra.get("choices") or [])
        column = "franchised" if spec.counted == "franchised" else spec.counted
        for value, count in (
            found.order_by().values_list(column).annotate(n=Count("pk")).order_by("-n")
        ):
            if spec.counted == "franchised":
                value = "yes" if value else "no"
            unrecorded = _("Not recorded")
            label = labels.get(value, unrecorded) if value is not None else unrecorded
            counts.append((label, count))
    return render(
        request,
        "web/list.html",
        {
            "spec": spec,
            "filter": filterset,
            "page": page,
            "table": table,
            "counts": counts,
            "nav": slug,
        },
    )


def _referenced(spec: Any, rows: list[Any]) -> dict[str, Any]:
    keys = {getattr(r, name) for r in rows for name in spec.references if getattr(r, name)}
    named: dict[str, Any] = dict(titles(keys))
    if spec.lookup is not None:
        named.update(spec.lookup(rows))
    return named


@door
def business(request: HttpRequest, key: str) -> HttpResponse:
    """A business: who and where, what is open and since when, then its devices,
    employees, services and permits, then the history."""
    page = selectors.business_page(request.user, key=key, today=timezone.localdate())
    if page is None:
        return render(request, "staff/not_found.html", {"key": key}, status=404)
    recent = timelines.timeline(request.user, key=key, per_page=BUSINESS_TIMELINE)
    return render(
        request, "web/business.html", {"page": page, "recent": recent, "nav": "establishments"}
    )


#: entries of a business's timeline shown on its page (the rest on the timeline's)
BUSINESS_TIMELINE = 10


@door
def timeline(request: HttpRequest, key: str) -> HttpResponse:
    """A business's or a premises' timeline: every record and version, the findings'
    status changes, the cases' assignments and notes, newest first, paged."""
    form = TimelineForm(request.GET, choices=timelines.kinds())
    only = form.cleaned_data["kind"] if form.is_valid() else []
    found = timelines.timeline(request.user, key=key, only=only, page=request.GET.get("page"))
    if found is None:
        return render(request, "staff/not_found.html", {"key": key}, status=404)
    return render(
        request,
        "web/timeline.html",
        {"timeline": found, "page": found.page, "form": form, "nav": _nav_of(found.root)},
    )


def _nav_of(root: Title) -> str:
    return "establishments" if root.fact_type == "establishment" else "premises"


AUDIT_HEADER = ["When", "Who", "Did", "Record type", "Record", "Why", "Key"]


@door
def audit(request: HttpRequest) -> HttpResponse:
    """Every write (who, when, what, why), from the records' history, filtered and
    paged, or exported with the same filters."""
    filterset = audit_selectors.AuditFilter(request.GET or None)
    rows = audit_selectors.writes(filterset)
    fmt = export_format(request)
    if fmt:
        return export_response(
            fmt=fmt,
            name="audit",
            header=AUDIT_HEADER,
            rows=(
                [r.at, r.who, r.action, r.record_type, r.what, r.why, r.key]
                for r in audit_selectors.audit_rows(list(rows))
            ),
        )
    page = Paginator(rows, PAGE_SIZE).get_page(request.GET.get("page"))
    return render(
        request,
        "web/audit.html",
        {
            "filter": filterset,
            "page": page,
            "rows": audit_selectors.audit_rows(list(page)),
            "nav": "audit",
        },
    )
