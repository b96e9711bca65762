"""One test base for the generic parts, in the manner of NetBox's ``ViewTestCases``: a
class declares only data, and inherits the tests every part of its kind must pass.

- :class:`RecordFormTests`, a fact type's form (``web:record_new``): the form opens for
  the role that records the type; valid data is stored with the person as its actor,
  as the fact was given, and its subject group is evaluated before the page answers;
  invalid data is refused beside the field it names, storing nothing; a role that does
  not record the type is refused, storing nothing. Every fact type of
  ``RECORD_MODELS`` has a declaration (``tests/web/test_fact_type_forms.py``).
- :class:`ListPageTests`, a list page (``web:<slug>``): it lists the records of its
  kind and no other, each filter keeps what it should and drops the rest, it pages,
  and a person who may not read records is refused.
- :class:`NoticeActionTests`, a notice action (``notices:<action>``): offered on the
  notice's page to the role that may take it and to no other, refused (403) to the
  others with the notice left as it was, and taken by the role, moving the notice to
  its next state.

A declaration is a class named ``Test…`` that subclasses one of them and sets its data;
the base names what it needs in its docstring.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any, ClassVar

import pytest
from django.contrib.auth.models import Group, User
from django.urls import reverse
from django.utils import timezone

PASSWORD = "a-long-test-password"


def person(name: str, *roles: str) -> User:
    """A staff account holding ``roles`` (none: a person with no role)."""
    user = User.objects.create_user(name, f"{name}@example.org", PASSWORD)
    for role in roles:
        user.groups.add(Group.objects.get_or_create(name=role)[0])
    return user


def _declare(declared: dict[str, type], name: str, cls: type) -> None:
    if name in declared:
        raise TypeError(f"{cls.__name__} declares {name} again: {declared[name].__name__} did")
    declared[name] = cls


# --------------------------------------------------------------------------- record forms


def facts_without(facts: list[dict[str, Any]], raw: dict[str, Any]) -> list[dict[str, Any]]:
    """``facts`` without ``raw`` and without the facts that name it, however far: what a
    city holds before a person records ``raw``."""
    gone = {raw.get("id")} - {None}
    kept = [f for f in facts if f != raw]
    changed = True
    while changed:
        changed = False
        for fact in list(kept):
            values = [v for v in fact.values() if isinstance(v, str)] + [
                i for v in fact.values() if isinstance(v, list) for i in v if isinstance(i, str)
            ]
            if gone & set(values):
                kept.remove(fact)
                gone |= {fact.get("id")} - {None}
                changed = True
    return kept


def post_data(form: type, raw: dict[str, Any], **more: Any) -> dict[str, Any]:
    """What a browser posts for the fact ``raw`` on the record form class ``form``."""
    data: dict[str, Any] = {"token": more.pop("token", "t-" + raw["type"])}
    for name, value in form.initial_from(raw).items():
        if form.kinds[name] == "rows":  # a list of objects: a row each, an input each
            data.update(rows_data(name, value))
            continue
        data[name] = value if isinstance(value, list) else str(value)
    if "id" in form.kinds and "id" in raw:
        data["id"] = raw["id"]
    data.update(more)
    return data


def rows_data(name: str, rows: list[dict[str, Any]]) -> dict[str, str]:
    """What a browser posts for the rows of the list of objects ``name`` (a design's
    runs): their count, and each row's inputs under its place ("segments-2-from")."""
    data = {f"{name}-count": str(len(rows))}
    for index, row in enumerate(rows):
        for key, value in row.items():
            data[f"{name}-{index}-{key}"] = str(value)
    return data


class RecordFormTests:
    """The tests of one fact type's form. A declaration sets:

    - ``fact``: a valid fact of the type, as a facts file gives it (its ``type`` names
      the fact type);
    - ``city``: the facts file whose other facts are recorded first (those ``fact``
      names; the fact itself and what names it are left out);
    - ``invalid``: one field and a value the form must refuse beside that field;
    - ``role``: a role that records the type;
    - ``refused``: roles that do not (the auditor, who records nothing, unless set).
    """

    fact: ClassVar[dict[str, Any]]
    city: ClassVar[Path]
    invalid: ClassVar[tuple[str, str]]
    role: ClassVar[str]
    refused: ClassVar[tuple[str, ...]] = ("auditor",)

    #: every declaration, by its fact type
    declared: ClassVar[dict[str, type[RecordFormTests]]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        _declare(RecordFormTests.declared, cls.fact["type"], cls)

    # ---- set-up

    @pytest.fixture
    def recorded(self, db) -> date:
        """The city's other facts recorded and evaluated as of today; answers today."""
        from sanitas.ordinance.document import read_data
        from sanitas.records.services import record_facts
        from sanitas.records.sweep import sweep

        others = facts_without(read_data(self.city)["facts"], self.fact)
        if others:
            record_facts(raw_facts=others, actor="clerk", why="the city before the form")
        today = timezone.localdate()
        sweep(as_of=today)
        return today

    def _form(self) -> Any:
        from sanitas.web.record_forms import form_class

        return form_class(self.fact["type"])

    def _url(self) -> str:
        return reverse("web:record_new", args=[self.fact["type"]])

    def _records(self) -> set[str]:
        from sanitas.records.models import RecordIndex

        return set(RecordIndex.objects.values_list("key", flat=True))

    # ---- the tests

    def test_the_form_opens_for_the_role_that_records_it(self, recorded, client):
        from sanitas.ordinance.facts import vocabulary

        client.force_login(person("recorder", self.role))
        response = client.get(self._url())
        assert response.status_code == 200
        form = response.context["form"]
        # a field for each of the vocabulary's: labelled by its name in words, helped by
        # its description, required as the vocabulary requires it
        for name, info in vocabulary()[self.fact["type"]].model_fields.items():
            if name == "type" or (name == "id" and not info.is_required()):
                continue
            field = form.fields[name]
            assert field.label and "_" not in field.label, name
            if info.description and name != "id":
                assert info.description in field.help_text, name
            assert field.required == (info.is_required() and field.kind not in ("refs", "lines"))
        assert f'name="{self.invalid[0]}"' in response.content.decode()

    def test_valid_data_is_stored_as_given_and_evaluated_at_once(self, recorded, client):
        from sanitas.records.bridge import fact_to_columns
        from sanitas.records.models import RECORD_MODELS, RecordIndex, SubjectGroup
        from sanitas.records.services import validate_batch
        from sanitas.records.sweep import sweep_groups

        fact_type = self.fact["type"]
        client.force_login(person("recorder", self.role))
        before, began = self._records(), timezone.now()
        response = client.post(self._url(), post_data(self._form(), self.fact))
        assert response.status_code == 302, _errors(response)
        (key,) = self._records() - before
        index = RecordIndex.objects.get(key=key)
        assert index.fact_type == fact_type
        row = RECORD_MODELS[fact_type].objects.get(key=key)
        assert (row.recorded_by, row.import_source) == ("recorder", "form")
        # stored as the fact was given
        (given,) = validate_batch([self.fact])
        for column, value in fact_to_columns(given).items():
            if column not in ("key", "id"):
                assert getattr(row, column) == value, column
        # its group evaluated before the page answered: evaluating it again stores nothing
        group = SubjectGroup.objects.get(key=index.subject_group)
        assert group.swept_at is not None and group.swept_at >= began
        assert group.swept_as_of == recorded
        again = sweep_groups([group.key], as_of=recorded)
        assert (again.findings_created, again.findings_updated, again.findings_closed) == (
            0,
            0,
            0,
        )

    def test_invalid_data_is_refused_beside_its_field(self, recorded, client):
        client.force_login(person("recorder", self.role))
        field, value = self.invalid
        before = self._records()
        data = post_data(self._form(), self.fact, **{field: value})
        response = client.post(self._url(), data)
        assert response.status_code == 400
        errors = response.context["form"].errors
        assert field in errors, errors.as_json()
        assert f'id="id_{field}_error"' in response.content.decode()
        assert self._records() == before

    def test_a_role_that_does_not_record_it_is_refused(self, recorded, client):
        before = self._records()
        for role in self.refused:
            client.force_login(person(f"no-{role}", role))
            assert client.get(self._url()).status_code == 403, role
            response = client.post(self._url(), post_data(self._form(), self.fact))
            assert response.status_code == 403, role
        assert self._records() == before


def _errors(response: Any) -> str:
    context = getattr(response, "context", None)
    if context and "form" in context:
        return context["form"].errors.as_json()
    return f"answered {response.status_code}"


# --------------------------------------------------------------------------- list pages


class ListPageTests:
    """The tests of one list page. A declaration sets:

    - ``slug``: the page's name (``web:<slug>``);
    - ``facts``: the records on file, among them some the page must not list;
    - ``listed``: the keys the page lists, unfiltered;
    - ``filters``: a query → the keys listed with it (a filter keeps those and drops
      the others of ``listed``);
    - ``one_more``: a fact of the page's kind written with ``{n}`` in its values, made
      as many times as a page holds and once more, to see the list paged;
    - ``role``: a role that reads the page.
    """

    slug: ClassVar[str]
    facts: ClassVar[list[dict[str, Any]]]
    listed: ClassVar[set[str]]
    filters: ClassVar[dict[str, set[str]]]
    one_more: ClassVar[dict[str, Any]]
    role: ClassVar[str] = "auditor"

    #: every declaration, by its page's name
    declared: ClassVar[dict[str, type[ListPageTests]]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        _declare(ListPageTests.declared, cls.slug, cls)

    @pytest.fixture
    def recorded(self, db) -> None:
        from sanitas.records.services import record_facts

        record_facts(raw_facts=self.facts, actor="clerk", why="the list's records")

    def _url(self) -> str:
        return reverse(f"web:{self.slug}")

    @staticmethod
    def _keys(response: Any) -> set[str]:
        return {row.key for row, _cells, _void in response.context["table"]}

    def test_it_lists_the_records_of_its_kind(self, recorded, client):
        client.force_login(person("reader", self.role))
        response = client.get(self._url())
        assert response.status_code == 200
        assert self._keys(response) == self.listed

    def test_each_filter_keeps_what_it_should(self, recorded, client):
        client.force_login(person("reader", self.role))
        assert self.filters, "a list page declares at least one filter"
        for query, keys in self.filters.items():
            response = client.get(f"{self._url()}?{query}")
            assert response.status_code == 200, query
            assert self._keys(response) == keys, query
            assert keys < self.listed, f"{query} drops nothing"

    def test_it_pages(self, db, client):
        from sanitas.records.services import record_facts
        from sanitas.web.views import PAGE_SIZE

        many = PAGE_SIZE + 1
        record_facts(
            raw_facts=[_numbered(self.one_more, n) for n in range(many)],
            actor="clerk",
            why="a page and one more",
        )
        client.force_login(person("reader", self.role))
        first = client.get(self._url())
        second = client.get(f"{self._url()}?page=2")
        assert len(self._keys(first)) == PAGE_SIZE and len(self._keys(second)) == 1
        assert not self._keys(first) & self._keys(second)

    def test_a_person_who_may_not_read_records_is_refused(self, recorded, client):
        client.force_login(person("nobody"))
        assert client.get(self._url()).status_code == 403


def _numbered(fact: dict[str, Any], n: int) -> dict[str, Any]:
    return {k: v.format(n=n) if isinstance(v, str) else v for k, v in fact.items()}


# --------------------------------------------------------------------------- notice actions


class NoticeActionTests:
    """The tests of one action on a notice. A declaration sets:

    - ``action``: its page's name (``notices:<action>``);
    - ``facts`` and ``as_of``: the city, recorded and swept as of that day;
    - ``finding``: the (requirement, subject) whose notice is drafted;
    - ``steps``: what is done to the draft through the services before the action, by
      name (``approve``, ``serve``), so that the action meets the notice in its state;
    - ``posted``: what the action's form posts;
    - ``role``: the role that takes it; ``refused``: roles that may not;
    - ``before`` and ``after``: the notice's state before the action and after it.
    """

    action: ClassVar[str]
    facts: ClassVar[list[dict[str, Any]]]
    as_of: ClassVar[date]
    finding: ClassVar[tuple[str, str]]
    steps: ClassVar[tuple[str, ...]] = ()
    posted: ClassVar[dict[str, str]] = {}
    role: ClassVar[str]
    refused: ClassVar[tuple[str, ...]]
    before: ClassVar[str]
    after: ClassVar[str]

    #: every declaration, by its action
    declared: ClassVar[dict[str, type[NoticeActionTests]]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        _declare(NoticeActionTests.declared, cls.action, cls)

    @pytest.fixture
    def notice(self, db) -> Any:
        from sanitas.notices import services
        from sanitas.records.models import Finding
        from sanitas.records.services import record_facts
        from sanitas.records.sweep import sweep

        record_facts(raw_facts=self.facts, actor="clerk", why="the notice's city")
        sweep(as_of=self.as_of)
        requirement, subject = self.finding
        source = Finding.objects.get(current=True, requirement=requirement, subject=subject)
        notice = services.draft_notice(finding_id=source.pk, actor="drafter")
        for step in self.steps:
            if step == "approve":
                notice = services.approve_notice(notice_id=notice.pk, actor="approver")
            elif step == "serve":
                notice = services.serve_notice(
                    notice_id=notice.pk, actor="server", method="personal", served_on=self.as_of
                )
            else:
                raise ValueError(f"no step {step!r} before a notice action")
        assert notice.state == self.before
        return notice

    def _url(self, notice: Any) -> str:
        return reverse(f"notices:{self.action}", args=[notice.pk])

    def test_it_is_offered_to_its_role_and_to_no_other(self, notice, client):
        url = self._url(notice)
        client.force_login(person("doer", self.role))
        page = client.get(reverse("notices:detail", args=[notice.pk])).content.decode()
        assert f'action="{url}"' in page
        for role in self.refused:
            client.force_login(person(f"no-{role}", role))
            response = client.get(reverse("notices:detail", args=[notice.pk]))
            if response.status_code == 200:
                assert f'action="{url}"' not in response.content.decode(), role
            else:
                assert response.status_code == 403, role

    def test_it_is_refused_to_the_other_roles(self, notice, client):
        for role in self.refused:
            client.force_login(person(f"no-{role}", role))
            assert client.post(self._url(notice), self.posted).status_code == 403, role
            notice.refresh_from_db()
            assert notice.state == self.before, role

    def test_its_role_takes_it_and_the_state_changes(self, notice, client):
        client.force_login(person("doer", self.role))
        response = client.post(self._url(notice), self.posted)
        assert response.status_code == 302, _errors(response)
        notice.refresh_from_db()
        assert notice.state == self.after
