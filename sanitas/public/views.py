"""The public's pages: the complaint form, which needs no account, and the tracking
page, which shows a complaint's status by its tracking code and nothing personal.
Thin: forms validate, services write, selectors read."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from sanitas.access.doors import door, require
from sanitas.access.policy import allows
from sanitas.casework import evidence
from sanitas.kit.dates import people_date_here
from sanitas.public import selectors, services
from sanitas.public.forms import HONEYPOT, CloseForm, ComplaintForm, TrackForm
from sanitas.public.models import ServiceRequest


def _client(request: HttpRequest) -> str:
    return request.META.get("REMOTE_ADDR", "")


@door
def complain(request: HttpRequest) -> HttpResponse:
    """A complaint, anonymous or not; answered with its tracking code."""
    if request.method != "POST":
        return render(request, "public/complain.html", {"form": ComplaintForm()})
    # a photo past its limit never reaches here: the upload limits answer 413 as it
    # streams in (sanitas.operations.uploads)
    form = ComplaintForm(request.POST, request.FILES)
    if request.POST.get(HONEYPOT, "").strip():
        # a person never sees the field: a robot filled it
        return render(
            request,
            "public/refused.html",
            {"why": _("The form was not filled by a person.")},
            status=400,
        )
    if not form.is_valid():
        return render(request, "public/complain.html", {"form": form}, status=400)
    if not services.within_rate(_client(request)):
        return render(
            request,
            "public/refused.html",
            {"why": _("Too many complaints from this address on the internet; try again later.")},
            status=429,
        )
    data = form.cleaned_data
    photo = data.get("photo")
    first, _space, last = data["name"].strip().partition(" ")
    try:
        filed = services.file_request(
            service_code=data["service_code"],
            description=data["description"],
            address=data["address"],
            lat=data.get("lat"),
            long=data.get("long"),
            photo=photo.read() if photo else None,
            first_name=first,
            last_name=last,
            email=data["email"],
            phone=data["phone"],
            language=getattr(request, "LANGUAGE_CODE", ""),
        )
    except services.RequestError as refused_field:
        field = {"address_string": "address", "photo": "photo", "lat": "lat", "long": "long"}.get(
            refused_field.field
        )
        form.add_error(field if field in form.fields else None, str(refused_field))
        return render(request, "public/complain.html", {"form": form}, status=400)
    return render(request, "public/filed.html", {"filed": filed, **_status(filed)}, status=201)


def _status(one: ServiceRequest) -> dict:
    kind = services.service(one.service_code)
    return {
        "service_name": kind.name,
        "received": people_date_here(one.requested_at),
        "expected": people_date_here(one.expected_at),
        "closed": people_date_here(one.closed_at) if one.closed_at else "",
        "place": selectors.block_of(one.address),
        "original": one.duplicate_of.code if one.duplicate_of_id else "",
    }


@door
def track(request: HttpRequest) -> HttpResponse:
    """A complaint's status by its tracking code: kind, dates, status and the city's
    notes; never the complainant's details."""
    if "code" not in request.GET:
        return render(request, "public/track.html", {"form": TrackForm()})
    form = TrackForm(request.GET)
    if not form.is_valid():
        return render(request, "public/track.html", {"form": form}, status=400)
    one = selectors.by_code(services.normal_code(form.cleaned_data["code"]))
    if one is None:
        form.add_error("code", _("No complaint has this tracking code; check it and try again."))
        return render(request, "public/track.html", {"form": form}, status=404)
    return render(request, "public/track.html", {"form": form, "found": one, **_status(one)})


def _complaint_or_404(code: str) -> ServiceRequest:
    one = selectors.by_code(services.normal_code(code))
    if one is None:
        raise Http404(_("No complaint has this tracking code; check it and try again."))
    return one


@door
def review(request: HttpRequest, code: str) -> HttpResponse:
    """A complaint as the staff review it: everything the complainant sent (their
    contact details until they are removed), its duplicates and its case; closed here,
    with the words the complainants are told."""
    one = _complaint_or_404(code)
    form = CloseForm()
    status = 200
    if request.method == "POST":
        require(request.user, "cases.work")
        form = CloseForm(request.POST)
        if form.is_valid():
            try:
                services.close_request(
                    request=one, notes=form.cleaned_data["notes"], actor=request.user
                )
            except services.CloseError as refused:
                form.add_error(None, str(refused))
            else:
                return redirect("public:review", code=one.code)
        status = 400
    context = {
        "one": one,
        "form": form,
        "may_close": allows(request.user, "cases.work")
        and one.status == ServiceRequest.OPEN
        and not one.duplicate_of_id,
        "duplicates": list(one.duplicates.order_by("requested_at")),
        "answers": _answers(one),
        "contact": [
            part
            for part in (f"{one.first_name} {one.last_name}".strip(), one.email, one.phone)
            if part
        ],
        "nav": "cases",
        **_status(one),
    }
    return render(request, "public/review.html", context, status=status)


def _answers(one: ServiceRequest) -> list[tuple[str, str]]:
    """The service's questions and the complainant's answers, in the page's words."""
    kind = services.service(one.service_code)
    rows = []
    for asked in kind.attributes:
        given = one.attributes.get(asked.code)
        if not given:
            continue
        names = dict(asked.values)
        values = given if isinstance(given, list) else [given]
        rows.append((asked.description, ", ".join(names.get(v, v) for v in values)))
    return rows


@door
def photo(request: HttpRequest, code: str) -> HttpResponse:
    """The photo sent with a complaint, its bytes as they were sent (staff only: it may
    show where a complainant lives)."""
    one = _complaint_or_404(code)
    if not one.photo_sha256:
        raise Http404(_("This complaint has no photo."))
    response = HttpResponse(
        evidence.read("complaints", one.photo_sha256), content_type=one.photo_type
    )
    response["Content-Disposition"] = f'inline; filename="complaint-{one.code}"'
    response["X-Content-Type-Options"] = "nosniff"
    return response
