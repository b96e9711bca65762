"""Record anything: the generic pages that record a fact of any type, edit a record
(a new version under the same key, with a reason) and void one (with a reason;
nothing is deleted), and the picker that answers a reference field as a person
types. One set of views for every fact type, driven by the vocabulary through
:mod:`sanitas.web.record_forms`; the writes are :mod:`sanitas.web.services`'s,
which evaluate the touched groups before the page answers.

A change or void form carries the version of the record it was opened at. When
someone else changed the record meanwhile, nothing is stored: the page answers 409
with their change beside the person's own, field by field (:mod:`sanitas.web.conflicts`),
and a form holding the record as it now stands with the person's change on top — to
save, or to leave."""

from __future__ import annotations

import secrets
from datetime import date
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from sanitas.access.doors import door
from sanitas.access.policy import About, allows
from sanitas.kit import selectors as staff_selectors
from sanitas.kit.titles import Title, record_url, titles
from sanitas.ordinance.facts import FactsError, vocabulary
from sanitas.ordinance.words import capital, listing, type_words
from sanitas.records.certificates import NotAPermit, certificate_blockers
from sanitas.records.services import RecordError
from sanitas.web import conflicts, selectors, services
from sanitas.web.inspections import refuse_stage
from sanitas.web.record_forms import RecordForm, VoidForm, about_said, form_class, type_said


def _token() -> str:
    return secrets.token_urlsafe(24)


def _refused(request: HttpRequest, fact_type: str) -> HttpResponse:
    return render(
        request,
        "web/record_refused.html",
        {"what": type_words(fact_type)},
        status=403,
    )


def _fact_type(fact_type: str) -> str:
    if fact_type not in vocabulary():
        raise Http404(f"no fact type {fact_type!r}")
    return fact_type


def _back(request: HttpRequest, near: str, raw: dict[str, Any], key: str, fact_type: str) -> str:
    """Where a person goes after a write: the page the form was opened from, else
    the page of what the record belongs to, else the record's own."""
    asked = request.POST.get("next", "")
    if asked and url_has_allowed_host_and_scheme(asked, allowed_hosts={request.get_host()}):
        return asked
    if near:
        found = titles([near]).get(near)
        if found:
            return found.url
    model = vocabulary()[fact_type]
    for name in model.references:
        target = raw.get(name)
        if target:
            found = titles([target]).get(target)
            if found:
                return found.url
    return record_url(key, fact_type)


def _change_words(before: dict[str, int], after: dict[str, int]) -> str:
    """ "Open findings: 3 before, 2 after (overdue 1 → 0)." """
    total_before, total_after = sum(before.values()), sum(after.values())
    from sanitas.web.templatetags.web_tags import status_word

    moved = [
        f"{status_word(status)} {before[status]} → {after[status]}"
        for status in staff_selectors.OPEN_STATUSES
        if before[status] != after[status]
    ]
    if not moved:
        return _("Open findings unchanged (%(count)s).") % {"count": total_before}
    return _("Open findings: %(before)s before, %(after)s after (%(moved)s).") % {
        "before": total_before,
        "after": total_after,
        "moved": ", ".join(moved) if translation.get_language() != "en" else listing(moved),
    }


def _render_form(
    request: HttpRequest,
    form: RecordForm,
    *,
    fact_type: str,
    near: str,
    editing: str,
    status=200,
    conflict: conflicts.Words | None = None,
    certificate: dict[str, Any] | None = None,
) -> HttpResponse:
    near_title = titles([near]).get(near) if near else None
    editing_title = titles([editing]).get(editing) if editing else None
    return render(
        request,
        "web/record_form.html",
        {
            "form": form,
            "fact_type": fact_type,
            "what": type_said(fact_type),
            "about": about_said(fact_type),
            "near": near,
            "near_title": near_title,
            "editing": editing,
            "editing_title": editing_title,
            "next": request.POST.get("next") or request.GET.get("next", ""),
            "nav": "establishments"
            if near_title and near_title.fact_type == "establishment"
            else "",
            "conflict": conflict,
            "certificate": certificate,
        },
        status=status,
    )


def _conflict(
    request: HttpRequest,
    form: RecordForm,
    stale: services.StaleVersion,
    *,
    fact_type: str,
    near: str,
    editing: str,
) -> HttpResponse:
    """The change was made from an older version: the other change beside this one,
    and the form again holding the record as it stands with this change on top, at
    the record's current version (nothing is stored until the person saves it)."""
    (found,) = stale.conflicts
    words = conflicts.describe(found, me=request.user)
    cls = type(form)
    again = cls(
        initial={
            **cls.initial_from(found.merged()),
            "token": form.cleaned_data["token"],
            "version": found.current_version,
            "why": form.cleaned_data.get("why", ""),
        },
        user=request.user,
        editing=editing,
        why_required=True,
    )
    return _render_form(
        request, again, fact_type=fact_type, near=near, editing=editing, status=409, conflict=words
    )


def _write(
    request: HttpRequest, form: RecordForm, *, fact_type: str, near: str, editing: str
) -> HttpResponse:
    """Store what a valid form holds, or show the vocabulary's problems beside their fields."""
    raw = form.raw()
    if fact_type == "final_certificate":
        refused = _certificate_refused(request, form, raw, near=near, editing=editing)
        if refused is not None:
            return refused
    if fact_type == "inspection_request" and refuse_stage(form, raw, editing=editing):
        return _render_form(
            request, form, fact_type=fact_type, near=near, editing=editing, status=400
        )
    refs = [raw.get(name) for name in vocabulary()[fact_type].references]
    before = staff_selectors.open_counts(selectors.groups_of([*refs, editing, raw.get("id", "")]))
    actor = request.user.get_username()
    try:
        result = services.record_from_form(
            token=form.cleaned_data["token"],
            raw_fact=raw,
            actor=actor,
            why=form.cleaned_data.get("why", ""),
            next_url="",
            editing=editing,
            version=form.cleaned_data.get("version") or None,
        )
    except services.StaleVersion as stale:
        return _conflict(request, form, stale, fact_type=fact_type, near=near, editing=editing)
    except services.AlreadySubmitted as done:
        messages.info(request, _("This form was submitted already; it was stored once."))
        keys = done.submission.keys
        key = keys[0] if keys else editing
        return redirect(_back(request, near, raw, key, fact_type))
    except (FactsError, RecordError) as exc:
        form.show_problems(exc.problems)
        return _render_form(
            request, form, fact_type=fact_type, near=near, editing=editing, status=400
        )
    key = result.keys[0]
    after = staff_selectors.open_counts(result.groups)
    named = titles([key]).get(key)
    what = capital(type_words(fact_type))
    title = named.text if named else key
    if result.changed == 0:
        done_words = _("%(what)s unchanged: it was recorded already.") % {"what": what}
    elif editing:
        done_words = _("%(what)s “%(title)s” changed: a new version is kept.") % {
            "what": what,
            "title": title,
        }
    else:
        done_words = _("%(what)s recorded: “%(title)s”.") % {"what": what, "title": title}
    messages.success(request, f"{done_words} {_change_words(before, after)}")
    return redirect(_back(request, near, raw, key, fact_type))


def _certificate_refused(
    request: HttpRequest, form: RecordForm, raw: dict[str, Any], *, near: str, editing: str
) -> HttpResponse | None:
    """A certificate of final inspection the permit may not have on its day (one
    already certifies it, it is void, its work is not ready) is refused beside the
    permit field with every reason and its record, as the notices refuse it
    (:func:`sanitas.records.certificates.certificate_blockers`); None: it may be recorded.
    A change of a certificate that keeps its permit is not asked again."""
    permit = raw.get("permit") or ""
    if editing:
        stored = selectors.record_for_form(editing)
        if stored is not None and stored[1].get("permit") == permit:
            return None
    try:
        on = date.fromisoformat(str(raw.get("date")))
    except ValueError:
        return None  # the vocabulary names the bad date beside its field
    try:
        found = certificate_blockers(permit, on=on)
    except NotAPermit:
        return None  # the vocabulary names a permit not on record beside its field
    if not found:
        return None
    named = titles([permit]).get(permit)
    what = named.text if named else permit
    if found[0].certified:
        said = _("%(permit)s has its certificate of final inspection already; a second is refused.")
    else:
        said = _("No certificate of final inspection may issue for %(permit)s yet.")
    form.add_error("permit", said % {"permit": what})
    response = _render_form(
        request,
        form,
        fact_type="final_certificate",
        near=near,
        editing=editing,
        status=400,
        certificate={"permit": permit, "blockers": found},
    )
    return response


@door
def record_new(request: HttpRequest, fact_type: str) -> HttpResponse:
    """Record a new fact of ``fact_type``; ``?near=<key>`` opens it from that record's
    page (its records offered in the reference fields), and any field of the type
    given in the address is filled in (``?establishment=jade-garden``)."""
    fact_type = _fact_type(fact_type)
    if not allows(request.user, "records.record", About.record(fact_type)):
        return _refused(request, fact_type)
    source = request.POST if request.method == "POST" else request.GET
    near = source.get("near", "")[:200]
    cls = form_class(fact_type, near=near)
    if request.method == "POST":
        form = cls(request.POST, user=request.user)
        if form.rearranged:  # a row added, removed or moved: the form again, nothing stored
            return _render_form(request, form, fact_type=fact_type, near=near, editing="")
        if form.is_valid():
            return _write(request, form, fact_type=fact_type, near=near, editing="")
        return _render_form(request, form, fact_type=fact_type, near=near, editing="", status=400)
    initial: dict[str, Any] = {"token": _token()}
    for name in cls.kinds:
        if name in request.GET:
            initial[name] = request.GET[name][:200]
    return _render_form(
        request, cls(initial=initial, user=request.user), fact_type=fact_type, near=near, editing=""
    )


def _stored(request: HttpRequest, key: str) -> tuple[str, dict[str, Any], Any] | HttpResponse:
    found = selectors.record_for_form(key)
    if found is None:
        return render(request, "staff/not_found.html", {"key": key}, status=404)
    if not allows(request.user, "records.record", About.record(found[0])):
        return _refused(request, found[0])
    return found


@door
def record_edit(request: HttpRequest, key: str) -> HttpResponse:
    """Change a record: the same key, a new version, a reason required."""
    found = _stored(request, key)
    if isinstance(found, HttpResponse):
        return found
    fact_type, fact, row = found
    version = selectors.record_version(fact_type, key)
    posted = request.POST.get("version", "") if request.method == "POST" else ""
    # a change made before the record was voided goes on, to be shown who voided it
    if row.voided_at is not None and (not posted or posted == version):
        messages.error(request, _("This record is void; it cannot be changed."))
        return redirect(record_url(key, fact_type))
    near = request.POST.get("near", "") if request.method == "POST" else request.GET.get("near", "")
    cls = form_class(fact_type, near=near or key)
    if request.method == "POST":
        form = cls(
            request.POST,
            user=request.user,
            editing=key,
            why_required=True,
            initial=cls.initial_from(fact),
        )
        if form.rearranged:
            return _render_form(request, form, fact_type=fact_type, near=near, editing=key)
        if form.is_valid():
            return _write(request, form, fact_type=fact_type, near=near, editing=key)
        return _render_form(request, form, fact_type=fact_type, near=near, editing=key, status=400)
    form = cls(
        initial={**cls.initial_from(fact), "token": _token(), "version": version},
        user=request.user,
        editing=key,
        why_required=True,
    )
    return _render_form(request, form, fact_type=fact_type, near=near, editing=key)


@door
def record_void(request: HttpRequest, key: str) -> HttpResponse:
    """Void a record, after a confirmation page that asks why."""
    found = _stored(request, key)
    if isinstance(found, HttpResponse):
        return found
    fact_type, _fact, row = found
    named = titles([key])[key]
    status = 200
    conflict = None
    if request.method == "POST":
        form = VoidForm(request.POST)
        if form.is_valid():
            groups = selectors.groups_of([key])
            before = staff_selectors.open_counts(groups)
            try:
                touched = services.void_from_form(
                    token=form.cleaned_data["token"],
                    key=key,
                    actor=request.user.get_username(),
                    why=form.cleaned_data["why"],
                    version=form.cleaned_data["version"],
                )
            except services.AlreadySubmitted:
                messages.info(request, _("This form was submitted already; the record is void."))
                return redirect(_void_back(named))
            except services.StaleVersion as stale:
                # changed (or voided) since the page was opened: say by whom, and ask again
                (found_conflict,) = stale.conflicts
                conflict = conflicts.describe(found_conflict, me=request.user)
                form = VoidForm(
                    initial={
                        "token": form.cleaned_data["token"],
                        "version": found_conflict.current_version,
                        "why": form.cleaned_data["why"],
                    }
                )
                status = 409
            except RecordError as exc:
                for problem in exc.problems:
                    form.add_error(None, problem.split(": ", 1)[-1].capitalize())
                status = 400
            else:
                after = staff_selectors.open_counts(touched)
                messages.success(
                    request,
                    _("%(what)s “%(title)s” is void; it stays in the history.")
                    % {"what": capital(type_words(fact_type)), "title": named.text}
                    + " "
                    + _change_words(before, after),
                )
                return redirect(_void_back(named))
        else:
            status = 400
    else:
        form = VoidForm(
            initial={"token": _token(), "version": selectors.record_version(fact_type, key)}
        )
    return render(
        request,
        "web/record_void.html",
        {
            "form": form,
            "named": named,
            "row": row,
            "what": type_words(fact_type),
            "conflict": conflict,
        },
        status=status,
    )


def _void_back(named: Title) -> str:
    if named.owner_key:
        found = titles([named.owner_key]).get(named.owner_key)
        if found:
            return found.url
    return named.url


@door
def pick(request: HttpRequest) -> JsonResponse:
    """A reference field's picker: the records of the accepted types that the words
    typed find, titled, the page's own first (``?q=&types=device,premises&near=``)."""
    types = tuple(t for t in request.GET.get("types", "").split(",") if t in vocabulary())
    found = selectors.pick(
        request.user,
        query=request.GET.get("q", "")[:200],
        types=types,
        near=request.GET.get("near", "")[:200],
    )
    return JsonResponse(
        {
            "results": [
                {"key": t.key, "text": t.text, "kind": capital(t.kind), "owner": t.owner}
                for t in found
            ],
            "status": ngettext("%(count)s record found", "%(count)s records found", len(found))
            % {"count": len(found)},
        }
    )
