"""Every door, asked as every role: a test generated from the access policy.

Every URL of the web application (but the admin, a superuser's, for repairs) and every
operation of the REST API is asked — GET and POST, as every role, a user with no role, a
deactivated user, a superuser and nobody signed in; through the API also with an expired
token and tokens of the wrong scope — and each answer is compared with what the policy's
table (:data:`sanitas.access.policy.GRANTS`) says, computed here from the table itself. A
URL or an operation the table does not name fails the test. This is the guarantee that a
role is refused every step it may not take; the pages' own tests check what each step does.

The doors are asked of a small city holding a Notice of Violation (SB 1383) that was
served, followed by a citation that was appealed and is to be heard by the hearing
officer, a FOG notice drafted, an extension request, a FOG inspection with a photo, and a
job: so an object-level rule (a program's notices, the hearing officer's own hearing, a
role's record types) is asked about a real object.
"""

from __future__ import annotations

import io
from datetime import date, datetime, timedelta

import pytest
from django.conf import settings
from django.contrib.auth.models import Group, User
from django.db import transaction
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.utils import timezone
from PIL import Image

from sanitas.access.doors import OPERATIONS, PAGES, PUBLIC, SIGNED_IN
from sanitas.access.policy import ALL, GRANTS, PERMISSIONS, About, may_write_anything
from sanitas.access.roles import ANY_TYPE, ROLES
from sanitas.api.api import api
from sanitas.api.services import issue_api_token
from sanitas.casework import services as casework
from sanitas.jobs.models import Job
from sanitas.notices import services as notices
from sanitas.public import services as public
from sanitas.records.models import Finding
from sanitas.records.services import record_facts
from sanitas.records.sweep import sweep

from ..notices.conftest import FACTS

pytestmark = pytest.mark.django_db

AS_OF = date(2025, 3, 3)
AFTER = date(2025, 5, 10)  # past the notice's deadline of 2025-05-02
PASSWORD = "a-long-test-password"

#: who asks: every role, then the ones that are no role
ASKERS = [*ROLES, "no-role", "superuser", "deactivated", "anonymous"]


def _user(name: str, *roles: str, **extra) -> User:
    person = User.objects.create_user(
        name, f"{name}@example.org", PASSWORD, first_name="Test", last_name=name, **extra
    )
    for role in roles:
        person.groups.add(Group.objects.get_or_create(name=role)[0])
    return person


def _jpeg() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (32, 24), (120, 90, 30)).save(out, "JPEG")
    return out.getvalue()


class World:
    """The city and the objects the doors are asked about."""

    def __init__(self) -> None:
        record_facts(raw_facts=FACTS, actor="clerk", why="test city")
        sweep(as_of=AS_OF)
        self.users = {role: _user(f"user-{role}", role) for role in ROLES}
        self.users["no-role"] = _user("user-none")
        self.users["superuser"] = User.objects.create_superuser(
            "root", "root@example.org", PASSWORD
        )
        self.users["deactivated"] = _user("user-gone", "supervisor", is_active=False)
        coordinator = "user-sb1383_coordinator"
        finding = Finding.objects.get(current=True, requirement="ORG-COM-ENROLL", subject="p-casa")
        self.nov = notices.draft_notice(finding_id=finding.pk, actor=coordinator)
        notices.approve_notice(notice_id=self.nov.pk, actor="user-supervisor")
        notices.serve_notice(
            notice_id=self.nov.pk, actor=coordinator, method="personal", served_on=AS_OF
        )
        self.extension = notices.request_extension(
            notice_id=self.nov.pk,
            actor=coordinator,
            requested_on=AS_OF + timedelta(days=3),
            reason="infrastructure_capacity",
        )
        fog_finding = Finding.objects.filter(
            current=True, requirement="FOG-MIN-FREQUENCY", subject="gi-pho"
        ).first()
        self.fog = notices.draft_notice(finding_id=fog_finding.pk, actor="user-fog_inspector")
        sweep(as_of=AFTER)
        self.citation = notices.draft_citation(notice_id=self.nov.pk, actor=coordinator)
        notices.approve_notice(notice_id=self.citation.pk, actor="user-supervisor")
        notices.serve_notice(
            notice_id=self.citation.pk, actor=coordinator, method="personal", served_on=AFTER
        )
        self.appeal = notices.file_appeal(
            citation_id=self.citation.pk, actor=coordinator, filed_on=AFTER + timedelta(days=5)
        )
        self.hearing = notices.schedule_hearing(
            appeal_id=self.appeal.pk,
            actor="user-supervisor",
            hearing_officer="user-hearing_officer",
            scheduled_at=timezone.make_aware(datetime(2025, 6, 3, 10)),
        )
        self.visit = casework.start_visit(
            kind="fog",
            subject="arroyo-pho",
            visit_date=AS_OF,
            actor=self.users["fog_inspector"],
        )
        self.photo = casework.add_photo(
            visit=self.visit,
            data=_jpeg(),
            file_name="sink.jpg",
            caption="the sink",
            actor=self.users["fog_inspector"],
        )
        self.job = Job.objects.create(
            kind="sweep", params={}, started_by=self.users["supervisor"], unit="groups"
        )
        self.complaint = public.file_request(
            service_code="grease_discharge",
            description="Grease in the gutter",
            address="400 West Las Tunas Drive",
            photo=_jpeg(),
        )
        for obj in (self.nov, self.citation, self.fog):
            obj.refresh_from_db()

    # ---- what each address is asked with, and what it is about
    def kwargs(self, name: str) -> dict:
        nov, cit = self.nov.pk, self.citation.pk
        visit, photo = self.visit.pk, self.photo.pk
        table = {
            "staff:subject": {"key": "casa-verde"},
            "web:business": {"key": "casa-verde"},
            "web:timeline": {"key": "casa-verde"},
            "web:record_new": {"fact_type": "pump_out"},
            "web:record_edit": {"key": "gi-pho"},
            "web:record_void": {"key": "gi-pho"},
            "casework:case": {"subject": "gi-pho", "requirement": "FOG-MIN-FREQUENCY"},
            "casework:assign": {"subject": "gi-pho", "requirement": "FOG-MIN-FREQUENCY"},
            "casework:note": {"subject": "gi-pho", "requirement": "FOG-MIN-FREQUENCY"},
            "casework:inspection_start": {"subject": "arroyo-pho"},
            "casework:inspection": {"pk": visit},
            "casework:inspection_findings": {"pk": visit},
            "casework:inspection_step": {"pk": visit, "step": "interceptor"},
            "casework:inspection_photo": {"pk": visit, "photo": photo},
            "casework:inspection_photo_void": {"pk": visit, "photo": photo},
            "casework:inspection_signature": {"pk": visit},
            "jobs:job": {"pk": self.job.pk},
            "jobs:progress": {"pk": self.job.pk},
            "jobs:rejects": {"pk": self.job.pk},
            "jobs:again": {"pk": self.job.pk},
            "reports:report": {"report": "fog"},
            "reports:start": {"report": "fog"},
            "reports:build": {"pk": self.job.pk + 1000},
            "reports:file": {"pk": self.job.pk + 1000, "name": "report.xlsx"},
            "people:person": {"pk": self.users["no-role"].pk},
            "people:roles": {"pk": self.users["no-role"].pk},
            "people:deactivate": {"pk": self.users["no-role"].pk},
            "people:reactivate": {"pk": self.users["no-role"].pk},
            "password_reset_confirm": {"uidb64": "MA", "token": "not-a-token"},
            "notices:extension_decide": {"notice_id": nov, "request_id": self.extension.pk},
            "notices:hearing": {"notice_id": cit, "appeal_id": self.appeal.pk},
            "notices:hearing_decide": {"notice_id": cit, "hearing_id": self.hearing.pk},
            "notices:order_pdf": {"notice_id": cit, "hearing_id": self.hearing.pk},
            "notices:payment": {"notice_id": cit},
            # a permit's invoice and a payment's receipt (the door before the record: 404 after)
            "notices:permit_invoice": {"key": "casa-verde"},
            "notices:payment_receipt": {"key": "no-such-payment"},
            "notices:appeal": {"notice_id": cit},
            # a request's result (the door before the record: 404 after)
            "web:inspection_result": {"key": "no-such-request"},
            "public:review": {"code": self.complaint.code},
            "public:photo": {"code": self.complaint.code},
            "open311:discovery": {"fmt": "xml"},
            "open311:services": {"fmt": "xml"},
            "open311:service": {"code": "hauler", "fmt": "json"},
            "open311:requests": {"fmt": "xml"},
            "open311:request": {"code": "AAAA-BBBB-CCCC-DDDD", "fmt": "json"},
        }
        if name in table:
            return table[name]
        pattern = _patterns()[name]
        return {"notice_id": nov} if "<int:notice_id>" in str(pattern.pattern) else {}

    def about(self, name: str, permission: str) -> list[tuple[str, object]]:
        """The (permission, object) pairs the page asks besides its door: a notice's
        pages ask to read it and to do the door's permission to it."""
        nov, cit = self.nov.access_about(), self.citation.access_about()
        if name in ("notices:hearing_decide",):
            return [("notices.view", cit), (permission, self.hearing.access_about())]
        if name.startswith("notices:") and "notice_id" in self.kwargs(name):
            notice = cit if self.kwargs(name)["notice_id"] == self.citation.pk else nov
            return [("notices.view", notice), (permission, notice)]
        if name.startswith("casework:inspection") and name != "casework:inspection_start":
            return [(permission, self.visit.access_about())]
        if name == "casework:inspection_start":
            # a visit of a business: the FOG, SB 1383 and storage visits
            return [("inspections.make", ("fog", "sb1383", "solid_waste"))]
        if name in ("web:record_new", "web:record_edit", "web:record_void"):
            fact_type = "pump_out" if name == "web:record_new" else "device"
            return [(permission, About.record(fact_type))]
        if name == "reports:start":
            return [(permission, About.program("fog"))]
        if name in ("web:inspections", "web:inspections_ics"):
            return [(permission, About.program("sewer"))]
        if name == "web:inspection_result":
            return [(permission, About.record("inspection_request"))]
        return []


@pytest.fixture
def world(db) -> World:
    return World()


# --------------------------------------------------------------------------- the table, read here


def granted(role: str, permission: str, about=None, *, username: str = "") -> bool:
    """What the table says of ``role`` and ``permission`` (about an object, or any)."""
    scope = GRANTS.get(role, {}).get(permission)
    if scope is None:
        return False
    if scope == ALL or about is None:
        return True
    spec, own = PERMISSIONS[permission].about, ROLES[role]
    if isinstance(about, tuple):  # any of these programs
        return bool(set(own.programs) & set(about))
    if spec == "fact_type":
        return ANY_TYPE in own.records or about.fact_type in own.records
    if spec == "officer":
        return username in about.officers
    return bool(set(own.programs) & set(about.programs)) or username in about.officers


def expected(asker: str, need: str | None, asks: list) -> str:
    """'in' (let in), 'refused' (403), 'sign-in' (sent to sign in) or 'not allowed' (405)."""
    if need is None:
        return "not allowed"
    if need == PUBLIC:
        return "in"
    if asker in ("anonymous", "deactivated"):
        return "sign-in"
    if asker == "superuser" or need == SIGNED_IN:
        return "in"
    if asker == "no-role":
        return "refused"
    username = f"user-{asker}"
    if not granted(asker, need, username=username):
        return "refused"
    ok = all(granted(asker, perm, about, username=username) for perm, about in asks)
    return "in" if ok else "refused"


def answered(response) -> str:
    status = response.status_code
    if status == 405:
        return "not allowed"
    if status == 403 and response.content.startswith(
        b'<?xml version="1.0" encoding="utf-8"?><errors>'
    ):
        # Open311's own answer to a POST without an api_key (the specification's 403),
        # given by the view the door let in
        return "in"
    if status == 403:
        return "refused"
    if status == 302 and response["Location"].startswith(reverse("login") + "?next="):
        return "sign-in"
    return "in"


def _walk(patterns, prefix: str = "") -> dict[str, URLPattern]:
    found: dict[str, URLPattern] = {}
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            if pattern.namespace == "admin":
                continue  # a superuser's, for repairs
            inner = f"{prefix}{pattern.namespace}:" if pattern.namespace else prefix
            found.update(_walk(pattern.url_patterns, inner))
        elif isinstance(pattern, URLPattern) and pattern.name:
            found[f"{prefix}{pattern.name}"] = pattern
    return found


def _patterns() -> dict[str, URLPattern]:
    return {
        name: pattern
        for name, pattern in _walk(get_resolver().url_patterns).items()
        # the API's operations are asked below, by their operation ids
        if not name.startswith("api:") or name in ("api:openapi-json", "api:openapi-view")
    }


# --------------------------------------------------------------------------- the pages


def test_every_url_is_a_door_of_the_table_and_every_door_a_url():
    patterns = _patterns()
    assert set(patterns) == set(PAGES), (
        f"not in the table: {sorted(set(patterns) - set(PAGES))}; "
        f"not a URL: {sorted(set(PAGES) - set(patterns))}"
    )


def test_every_view_is_guarded_by_its_door():
    for name, pattern in _patterns().items():
        door = PAGES[name]
        if PUBLIC in (door.get, door.post) and name.startswith(("api:", "login", "logout")):
            continue  # Django's and django-ninja's own views, open to anyone
        view = pattern.callback
        assert getattr(view, "guarded", False), f"{name}: its view is not guarded by @door"


class _Signed:
    """A client signed in as each asker, once: each request's writes are rolled back
    (its session's among them), and an asker whose session cookie a request changed
    (a sign-out) is signed in afresh before the next, so that nothing carries over."""

    def __init__(self, users: dict[str, User]) -> None:
        self.users = users
        self.clients: dict[str, tuple[Client, str | None]] = {}

    def client(self, asker: str) -> Client:
        known = self.clients.get(asker)
        if known is not None and self._session(known[0]) == known[1]:
            return known[0]
        client = Client()
        if asker != "anonymous":
            client.force_login(self.users[asker])
        self.clients[asker] = (client, self._session(client))
        return client

    @staticmethod
    def _session(client: Client) -> str | None:
        cookie = client.cookies.get(settings.SESSION_COOKIE_NAME)
        return cookie.value if cookie is not None else None


def test_every_page_answers_every_role_as_the_table_says(world):
    wrong = []
    signed = _Signed(world.users)
    for name in sorted(_patterns()):
        if name.startswith("api:"):
            continue
        url = reverse(name, kwargs=world.kwargs(name))
        door = PAGES[name]
        for method in ("GET", "POST"):
            need = door.needs(method)
            asks = world.about(name, need) if need not in (None, PUBLIC, SIGNED_IN) else []
            for asker in ASKERS:
                want = expected(asker, need, asks)
                client = signed.client(asker)
                with transaction.atomic():
                    response = client.get(url) if method == "GET" else client.post(url, {})
                    transaction.set_rollback(True)
                got = answered(response)
                if got != want:
                    wrong.append(f"{method} {name} as {asker}: {got} ({response.status_code}), "
                                 f"the table says {want}")  # fmt: skip
    assert not wrong, "\n".join(wrong)


def test_a_refusal_says_what_the_role_may_not_do_and_offers_its_pages(world, client):
    client.force_login(world.users["auditor"])
    response = client.post(reverse("notices:serve", args=[world.fog.pk]))
    assert response.status_code == 403
    text = response.content.decode()
    assert "Your role may not serve notices and citations" in text
    assert reverse("staff:worklist") in text  # the pages the auditor may open instead
    client.force_login(world.users["hearing_officer"])
    response = client.get(reverse("staff:worklist"))
    assert response.status_code == 403 and reverse("notices:hearings") in response.content.decode()
    client.force_login(world.users["no-role"])
    response = client.get(reverse("web:home"))  # its start page says so, and offers nothing
    assert response.status_code == 200 and "this account has no role" in response.content.decode()
    assert f'href="{reverse("staff:worklist")}"' not in response.content.decode()


def test_signing_in_lands_on_the_roles_own_page(world, client):
    client.force_login(world.users["hearing_officer"])
    assert client.get(reverse("web:home"))["Location"] == reverse("notices:hearings")
    client.force_login(world.users["fog_inspector"])
    assert client.get(reverse("web:home"))["Location"] == reverse("staff:worklist")


# --------------------------------------------------------------------------- the API


def _operations() -> dict[str, tuple[str, str]]:
    """operation id → (method, path) from the API's own description."""
    schema = api.get_openapi_schema()
    return {
        spec["operationId"]: (method.upper(), path)
        for path, methods in schema["paths"].items()
        for method, spec in methods.items()
    }


def test_every_operation_is_in_the_table_and_declares_its_own_door():
    operations = _operations()
    assert set(operations) == set(OPERATIONS)
    for router_prefix, router in api._routers:
        for path_view in router.path_operations.values():
            for operation in path_view.operations:
                if not operation.include_in_schema:
                    continue
                doors = [getattr(a, "operation", None) for a in operation.auth_callbacks]
                assert doors == [operation.operation_id], (router_prefix, operation.operation_id)


def _path(world: World, path: str) -> str:
    return (
        path.replace("{notice_id}", str(world.fog.pk))
        .replace("{finding_id}", str(Finding.objects.filter(current=True).first().pk))
        .replace("{key}", "casa-verde")
    )


def _body(operation: str, world: World) -> dict | None:
    if operation == "recordFacts":
        return {
            "facts": [{"type": "pump_out", "device": "gi-pho", "date": "2025-03-01", "full": True}]
        }
    if operation == "draftNotice":
        fog = Finding.objects.get(pk=world.fog.finding_id)
        return {"finding": fog.pk}
    if operation == "evaluate":
        return {"as_of": "2025-03-01", "facts": []}
    if operation == "serveNotice":
        return {"method": "personal", "served_on": "2025-03-03"}
    return {} if operation == "editNotice" else None


def _ask_api(client: Client, method: str, url: str, body, token: str | None):
    headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"} if token else {}
    if method == "GET":
        return client.get(url, **headers)
    import json

    data = json.dumps(body if body is not None else {})
    return client.generic(method, url, data, content_type="application/json", **headers)


def _api_about(operation: str, world: World) -> list:
    fog = world.fog.access_about()
    return {
        "recordFacts": [("records.record", About.record("pump_out"))],
        "draftNotice": [("notices.draft", About.program("fog"))],
        "getNotice": [("notices.view", fog)],
        "getNoticePdf": [("notices.view", fog)],
        "editNotice": [("notices.view", fog), ("notices.draft", fog)],
        "approveNotice": [("notices.view", fog), ("notices.approve", fog)],
        "serveNotice": [("notices.view", fog), ("notices.serve", fog)],
    }.get(operation, [])


def test_every_operation_answers_every_role_and_token_as_the_table_says(world):
    wrong = []
    client = Client()
    tokens = {}
    for asker in [*ROLES, "superuser"]:
        # the widest token each may be issued: write too for who may write anything
        scopes = ["read", "write"] if may_write_anything(world.users[asker]) else ["read"]
        tokens[asker] = issue_api_token(
            username=world.users[asker].username, name="widest", actor="root", scopes=scopes
        )
    for operation, (method, path) in sorted(_operations().items()):
        need = OPERATIONS[operation]
        url, body = _path(world, path), _body(operation, world)
        asks = _api_about(operation, world)
        for asker, issued in tokens.items():
            if asker == "superuser":
                want = "in"
            elif not granted(asker, need, username=f"user-{asker}"):
                want = "refused"
            else:
                reads = [(p, a) for p, a in asks if p == "notices.view"]
                acts = [(p, a) for p, a in asks if p != "notices.view"]
                if not all(granted(asker, p, a, username=f"user-{asker}") for p, a in reads):
                    want = "hidden"
                elif not all(granted(asker, p, a, username=f"user-{asker}") for p, a in acts):
                    want = "refused"
                else:
                    want = "in"
            with transaction.atomic():
                response = _ask_api(client, method, url, body, issued.secret)
                transaction.set_rollback(True)
            status = response.status_code
            got = {401: "unauthenticated", 403: "refused"}.get(status, "in")
            if want == "hidden" and status == 404:
                got = "hidden"
            if got != want:
                wrong.append(f"{operation} as {asker}: {status} {response.content[:200]!r}, "
                             f"the table says {want}")  # fmt: skip
    assert not wrong, "\n".join(wrong)


def test_no_token_an_expired_one_a_deactivated_users_and_the_wrong_scope_are_refused(world):
    client = Client()
    supervisor = world.users["supervisor"]
    read = issue_api_token(username="user-supervisor", name="r", actor="root", scopes=["read"])
    write = issue_api_token(username="user-supervisor", name="w", actor="root", scopes=["write"])
    expired = issue_api_token(username="user-supervisor", name="e", actor="root", scopes=["read"])
    type(expired.token).objects.filter(pk=expired.token.pk).update(
        expires_at=timezone.now() - timedelta(seconds=1)
    )
    gone = issue_api_token(username="user-auditor", name="g", actor="root", scopes=["read"])
    world.users["auditor"].is_active = False
    world.users["auditor"].save()
    for operation, (method, path) in sorted(_operations().items()):
        url, body = _path(world, path), _body(operation, world)
        for token in (None, expired.secret, gone.secret, "sg_not-a-token"):
            status = _ask_api(client, method, url, body, token).status_code
            assert status == 401, (operation, token and token[:6], status)
        wrong_scope = read if PERMISSIONS[OPERATIONS[operation]].writes else write
        with transaction.atomic():
            response = _ask_api(client, method, url, body, wrong_scope.secret)
            transaction.set_rollback(True)
        assert response.status_code == 403, (operation, response.content)
        assert "scopes" in response.json()["detail"][0]
    assert supervisor.is_active


def test_a_token_carries_its_users_roles_at_the_moment_of_use(world):
    client = Client()
    issued = issue_api_token(username="user-sb1383_coordinator", name="t", actor="root",
                             scopes=["read", "write"])  # fmt: skip
    url = f"/api/notices/{world.nov.pk}"
    auth = {"HTTP_AUTHORIZATION": f"Bearer {issued.secret}"}
    assert client.get(url, **auth).status_code == 200
    coordinator = world.users["sb1383_coordinator"]
    coordinator.groups.clear()
    assert client.get(url, **auth).status_code == 403  # no role: reads nothing
    coordinator.groups.add(Group.objects.get(name="fog_inspector"))
    assert client.get(url, **auth).status_code == 404  # another program's notice


def test_a_write_token_is_not_issued_to_a_user_who_may_write_nothing(world):
    from sanitas.api.services import TokenError

    with pytest.raises(TokenError) as refused:
        issue_api_token(username="user-auditor", name="w", actor="root", scopes=["read", "write"])
    assert "may not have the write scope" in refused.value.problems[0]
    for scopes in (["read"], ["read", "write"]):
        with pytest.raises(TokenError) as refused:
            issue_api_token(username="user-none", name="r", actor="root", scopes=scopes)
        assert "has no role" in refused.value.problems[0]
    issue_api_token(username="user-auditor", name="r", actor="root", scopes=["read"])


def test_the_readme_shows_the_table_as_it_stands():
    from sanitas.access.policy import markdown_table

    from ..conftest import ROOT

    readme = (ROOT / "README.md").read_text()
    shown = readme.split("<!-- access-table -->\n", 1)[1].split("\n<!-- /access-table -->", 1)[0]
    assert shown == markdown_table(), "copy markdown_table() into the README's staff section"
